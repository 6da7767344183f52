"""Bishops Whist's CPU time an action in several builds side by side: the same seeded hands in each.

On a machine shared by many processes wall-clock rates swing by a third from one run to the next; the
processor time of a fixed piece of work (the same seeded random hands, so the same actions, in every
build) swings less, and the best of many alternating runs less still. Each build is a Python command
(``NAME=COMMAND``) that imports the parlour to measure, for instance a checkout on ``PYTHONPATH`` or
the compiled build (``python -m parlour.build_compiled``):

    python3 benchmarks/bench_cpu.py --runs 12 --hands 80 \\
        pure="env PYTHONPATH=. python3" compiled="env PYTHONPATH=build/compiled python3"

Three workloads, as in ``bench_games.py``: the text API with the end of the hand read from the log,
the action ids with the end from ``hand_number``, and the text API with ``view(seat)`` for the seat to
move before each action. The first build is the base of the ratios.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any


def text_hands(game: Any, hands: int, with_view: bool) -> int:
    actions = 0
    for seed in range(hands):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while not state.is_over:
            mark = len(state.log)
            if with_view:
                state.view(state.current_player)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
            if any(e.kind == "hand_end" for e in state.log[mark:]):
                break
    return actions


def id_hands(game: Any, hands: int) -> int:
    if not hasattr(game.new(seed=1), "legal_action_ids"):
        return 0  # a parlour older than the action ids
    actions = 0
    for seed in range(hands):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        hand = state.hand_number
        while not state.is_over and state.hand_number == hand:
            legal = state.legal_action_ids()
            state.apply_id(legal[rng.randrange(len(legal))])
            actions += 1
    return actions


def measure(hands: int) -> dict[str, float]:
    """CPU µs an action of each workload in this process's parlour (run once to warm up, then timed)."""
    import parlour

    game = parlour.make("bishops-whist")
    out: dict[str, float] = {}
    workloads: list[tuple[str, Callable[[], int]]] = [
        ("text", lambda: text_hands(game, hands, False)),
        ("ids", lambda: id_hands(game, hands)),
        ("view", lambda: text_hands(game, hands, True)),
    ]
    for name, work in workloads:
        work()
        start = time.process_time()
        actions = work()
        took = time.process_time() - start
        out[name] = 1e6 * took / actions if actions else float("nan")
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("builds", nargs="*", help="NAME=COMMAND, the first the base of the ratios")
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(measure(args.hands)))
        return {}
    builds = [b.split("=", 1) for b in args.builds]
    if not builds:
        builds = [["this", shlex.quote(sys.executable)]]
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _ in builds}
    for _ in range(args.runs):
        for name, command in builds:
            done = subprocess.run(
                [*shlex.split(command), __file__, "--worker", "--hands", str(args.hands)],
                capture_output=True,
                text=True,
                check=True,
            )
            runs[name].append(json.loads(done.stdout))
    base = builds[0][0]
    print(
        f"CPU µs an action, best of {args.runs} alternating runs of {args.hands} seeded hands; x: over {base}"
    )
    best = {name: {k: min(r[k] for r in rs) for k in ("text", "ids", "view")} for name, rs in runs.items()}
    for name, figures in best.items():
        shown = "  ".join(
            f"{k} {v:6.2f} ({best[base][k] / v:.2f}x)"
            for k, v in figures.items()
            if v == v  # not NaN
        )
        print(f"{name:12} {shown}")
    return best


if __name__ == "__main__":
    main(sys.argv[1:])
