"""A bounded load run of the web table on loopback: many tables at once, each with one scripted person
over a WebSocket and computer players in the other seats.

It starts ``parlour serve`` (SQLite in a temporary folder, or ``--database``), creates ``--tables``
tables, connects one client per table, and for ``--seconds`` plays the person's seat (the first legal
action, as soon as it is its turn), timing each action from the moment it is sent to its ``ack`` —
which the server sends only once the move is committed to the database. It reports actions per second
(the person's and the computer players' together, read from the table versions) and the p50/p99
latency of the acknowledgements.

    .venv/bin/python benchmarks/bench_web.py --tables 200 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent.parent))
from tests.web_support import Server

GAMES = [
    ("bishops-whist", 4),
    ("bezique", 2),
    ("open-tarock", 2),
    ("roquet", 2),
    ("apology", 4),
    ("lansquenet", 3),
]


async def play(
    url: str, table: str, token: str, stop: float, latencies: list[float], versions: dict[str, int]
) -> None:
    ws_url = url.replace("http", "ws") + f"/ws/tables/{table}"
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
        sent_at: float | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            frame = json.loads(raw)
            if frame["type"] == "ack" and sent_at is not None:
                latencies.append(time.monotonic() - sent_at)
                sent_at = None
            elif frame["type"] == "state":
                versions[table] = frame["version"]
                view = frame["view"]
                if view["outcome"] is not None:
                    return
                if view["to_move"] == view["seat"] and sent_at is None:
                    if frame["actions"]:
                        action = frame["actions"][0]["text"]
                    elif view["legal_ranges"]:
                        r = view["legal_ranges"][0]
                        action = f"{r['verb']} {r['min']}"
                    else:
                        continue
                    await asyncio.sleep(0.05)  # a person's pace (the server closes floods)
                    sent_at = time.monotonic()
                    await ws.send(json.dumps({"type": "act", "action": action, "version": frame["version"]}))
            elif frame["type"] == "error" and frame["code"] == "stale":
                sent_at = None
                await ws.send(json.dumps({"type": "resync"}))


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database or f"sqlite:///{tmp}/bench.db"
        server = Server(url, bot_delay=args.bot_delay, seeded=False).start()
        try:
            async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
                tables: list[tuple[str, str]] = []
                for i in range(args.tables):
                    game, players = GAMES[i % len(GAMES)]
                    seats = [{"kind": "human"}] + [{"kind": "computer", "player": "heuristic"}] * (
                        players - 1
                    )
                    body: dict[str, object] = {"game": game, "seats": seats}
                    if game == "lansquenet":
                        body["options"] = {"players": players}
                    created = (await http.post("/api/tables", json=body)).json()
                    tables.append((created["id"], created["seats"][0]["link"].split("token=")[1]))
            latencies: list[float] = []
            versions: dict[str, int] = {}
            start = time.monotonic()
            stop = start + args.seconds
            await asyncio.gather(*(play(server.url, t, tok, stop, latencies, versions) for t, tok in tables))
            elapsed = time.monotonic() - start
        finally:
            server.stop()
    total = sum(versions.values())
    lat = sorted(latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    print(
        f"tables: {args.tables}, seconds: {elapsed:.1f}, database: {'given' if args.database else 'SQLite'}"
    )
    print(f"actions applied (all seats): {total} = {total / elapsed:.0f}/s")
    print(f"person's actions acknowledged: {len(lat)}; latency to ack p50 {p50:.1f} ms, p99 {p99:.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bot-delay", type=float, default=0.0)
    parser.add_argument(
        "--database", default=None, help="a SQLAlchemy URL (default: SQLite in a temporary folder)"
    )
    asyncio.run(main(parser.parse_args()))
