"""The cost of one ``view()`` in two checkouts of parlour, measured alternately, as ratios.

Six positions of a seeded random match per game (at a seventh, two sevenths, ... of the way through
it); at each, ``state.view(state.current_player)`` timed in batches, the best of ``--repeat`` batches
kept. Each checkout runs in its own process with its own ``.venv``, alternately ``--runs`` times, and
the best of its runs is kept, so the noise of a shared machine falls on both alike.

    python3 benchmarks/compare_views.py OLD_CHECKOUT NEW_CHECKOUT [--runs 3] [--games a,b]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench_games import _choose  # the same random legal action as the playout benchmarks

POSITIONS = 6


def positions(game: Any, seed: int) -> list[Any]:
    rng = random.Random(seed)
    state = game.new(seed=seed)
    states = [state.clone()]
    while not state.is_over:
        state.apply(_choose(state, rng))
        states.append(state.clone())
    n = len(states) - 1  # the last is over: no seat to move
    picked = [states[n * k // (POSITIONS + 1)] for k in range(1, POSITIONS + 1)]
    return [s for s in picked if not s.is_over]


def worker(games: list[str], seed: int, repeat: int, batch: int) -> dict[str, float]:
    import parlour

    out: dict[str, float] = {}
    for name in games:
        total = 0.0
        states = positions(parlour.make(name), seed)
        for s in states:
            seat = s.current_player
            best = float("inf")
            for _ in range(repeat):
                start = time.perf_counter()
                for _ in range(batch):
                    s.view(seat)
                best = min(best, (time.perf_counter() - start) / batch)
            total += best
        out[name] = 1e6 * total / len(states)
    return out


def run(checkout: Path, args: argparse.Namespace) -> dict[str, float]:
    python = checkout / ".venv" / "bin" / "python"
    cmd = [str(python), __file__, "--worker", "--games", args.games, "--seed", str(args.seed)]
    cmd += ["--repeat", str(args.repeat), "--batch", str(args.batch)]
    done = subprocess.run(cmd, cwd=checkout, check=True, capture_output=True, text=True)
    data: dict[str, float] = json.loads(done.stdout)
    return data


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path, nargs="?")
    parser.add_argument("new", type=Path, nargs="?")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", default="apology,bezique,bishops-whist,lansquenet,open-tarock,roquet")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--batch", type=int, default=200)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.games.split(","), args.seed, args.repeat, args.batch)))
        return
    if args.old is None or args.new is None:
        parser.error("give the OLD and NEW checkouts")
    old: list[dict[str, float]] = []
    new: list[dict[str, float]] = []
    for _ in range(args.runs):
        old.append(run(args.old, args))
        new.append(run(args.new, args))
    print(f"µs per view, mean over {POSITIONS} positions of the best of {args.repeat} batches,")
    print(f"best of {args.runs} alternating runs (ratio above 1: the new is faster)")
    print(f"{'game':14} {'old µs':>8} {'new µs':>8} {'old/new':>8}")
    for game in old[0]:
        o, n = min(r[game] for r in old), min(r[game] for r in new)
        print(f"{game:14} {o:8.1f} {n:8.1f} {o / n:8.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
