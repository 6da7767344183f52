"""Nothing acknowledged is lost: a server killed with SIGKILL at random moments and restarted on the
same database has every move it acknowledged, and each match goes on to the same end as a reference
played without any crash.

The person's seat is played by this test over a real WebSocket (always the first legal action); the
computer players are the server's own, whose choices depend only on the table's seed and the move
number (``parlour.web.tables.bot_seed``), so the reference is the same match played in memory.
"""

from __future__ import annotations

import json
import random
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosedError, InvalidHandshake
from websockets.sync.client import connect

import parlour
from parlour.players import make_player
from parlour.web.store import Store
from parlour.web.tables import bot_seed
from tests.web_support import Server, database

pytestmark = pytest.mark.timeout(300)


def reference(game_name: str, options: dict[str, Any], seed: int, people: set[int], bot: str) -> list[str]:
    """The match's actions as the server must play them, with no crash."""
    game = parlour.make(game_name, **options)
    state = game.new(seed=seed)
    moves = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if seat in people:
            legal = state.legal_actions()
            if legal:
                action = legal[0]
            else:
                r = state.legal_ranges()[0]
                action = r.action(r.low)
        else:
            action = make_player(bot, game, bot_seed(seed, moves)).choose(state.view(seat), game)
        state.apply(action, seat=seat)
        moves += 1
    return [str(e.data["action"]) for e in state.log if e.kind == "action" and e.to == -1]


def first_legal(frame: dict[str, Any]) -> str | None:
    view = frame["view"]
    if frame["actions"]:
        return str(frame["actions"][0]["text"])
    if view["legal_ranges"]:
        r = view["legal_ranges"][0]
        return f"{r['verb']} {r['min']}"
    return None


def play_until_killed(server: Server, table: str, token: str, acked: dict[int, str], deadline: float) -> bool:
    """Play the person's seat until the match ends (True) or the server dies (False)."""
    ws_url = server.url.replace("http", "ws") + f"/ws/tables/{table}"
    try:
        with connect(ws_url, open_timeout=5, close_timeout=1) as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
            sent: tuple[int, str] | None = None
            while time.monotonic() < deadline:
                frame = json.loads(ws.recv(timeout=10))
                if frame["type"] == "ack" and sent is not None:
                    assert frame["version"] == sent[0]
                    acked[sent[0]] = sent[1]
                    sent = None
                elif frame["type"] == "state":
                    if frame["view"]["outcome"] is not None:
                        return True
                    if frame["view"]["to_move"] == frame["view"]["seat"] and sent is None:
                        action = first_legal(frame)
                        if action is not None:
                            sent = (frame["version"] + 1, action)
                            time.sleep(0.04)  # a person's pace: the server closes floods (> 20 a second)
                            ws.send(
                                json.dumps({"type": "act", "action": action, "version": frame["version"]})
                            )
                elif frame["type"] == "error":
                    assert frame["code"] == "stale", frame  # only a restart can make the person's move stale
                    sent = None
                    ws.send(json.dumps({"type": "resync"}))
    except ConnectionClosedError as exc:
        assert exc.rcvd is None or exc.rcvd.code != 1008, f"the server refused the test's pace: {exc}"
        return False  # the server was killed under us
    except InvalidHandshake as exc:
        # killed while the WebSocket's opening handshake was under way: the reply never came
        try:
            assert server.process is not None
            server.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"a live server broke off the WebSocket handshake: {exc}") from exc
        return False
    except (OSError, TimeoutError):
        return False
    raise AssertionError("the match did not end in time")


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("bezique", {"target": 300}, ["human", "computer"]),
        ("bishops-whist", {}, ["human", "computer", "computer", "computer"]),
    ],
)
def test_sigkill_loses_nothing_acknowledged(
    kind: str, game: str, options: dict[str, Any], seats: list[str], tmp_path: Path
) -> None:
    rng = random.Random(f"{kind}{game}")
    seed = rng.randrange(1, 10**6)
    with database(kind, tmp_path) as url:
        server = Server(url, bot_delay=0.0).start()
        try:
            body = {
                "game": game,
                "options": options,
                "seats": [
                    {"kind": k, "player": "heuristic"} if k == "computer" else {"kind": k} for k in seats
                ],
                "seed": seed,
            }
            created = httpx.post(server.url + "/api/tables", json=body, timeout=30).json()
            table, link = created["id"], created["seats"][0]["link"]
            token = link.split("token=")[1]
            acked: dict[int, str] = {}
            kills = 0
            deadline = time.monotonic() + 240
            while True:
                if kills < 3:
                    # kill at a random moment while the person and the computers play
                    timer = threading.Timer(rng.uniform(0.2, 1.0), server.kill)
                    timer.start()
                else:
                    timer = None
                done = play_until_killed(server, table, token, acked, deadline)
                if timer is not None:
                    timer.cancel()
                if done:
                    break
                kills += 1
                server.kill()
                stored = Store(url)
                try:
                    moves = {m.seq: m.action for m in stored.moves(table)}
                finally:
                    stored.close()
                for version, action in acked.items():
                    assert moves.get(version) == action, f"acknowledged move {version} ({action}) was lost"
                server = Server(url, bot_delay=0.0).start()  # a new port: the database is what persists
            assert kills >= 1, "the server was never killed: the test proved nothing"
            stored = Store(url)
            try:
                actions = [m.action for m in stored.moves(table) if m.action is not None]
            finally:
                stored.close()
            for version, action in acked.items():
                assert actions[version - 1] == action
            assert actions == reference(game, options, seed, {0}, "heuristic")
        finally:
            server.stop()
