"""Every game: random playouts per second, the cost of a view and of ``clone()``, and a state's size.

For each game, interleaved in rounds (so that noise from other processes falls on all alike):

* **playout**: from a fresh deal, uniformly random legal actions (amounts drawn from the legal
  ranges) through the text API until the log shows the end of the first hand (``hand_end``);
* **playout + view**: the same with ``view(seat)`` for the seat to move before each action, as a
  front end or a computer player would ask;
* **clone**: ``state.clone()`` at the start, the middle and late in a seeded match (late is where a
  deep copy of the log used to cost tens of milliseconds);
* **size**: the bytes of a late state's save (``to_json``), a proxy for its memory.

It uses only the State API that every version of parlour has, so the same script measures two
checkouts side by side (``benchmarks/compare.py``).

    python3 benchmarks/bench_games.py [--rounds 3] [--seconds 0.5] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from typing import Any

import parlour


def _choose(state: Any, rng: random.Random) -> str:
    legal = state.legal_actions()
    ranges = state.legal_ranges() if hasattr(state, "legal_ranges") else []
    i = rng.randrange(len(legal) + len(ranges))
    if i < len(legal):
        return str(legal[i])
    r = ranges[i - len(legal)]
    return r.action(rng.randint(r.low, r.high))


def playout(game: Any, rng: random.Random, with_view: bool) -> int:
    state = game.new(seed=rng.getrandbits(62))
    actions = 0
    while not state.is_over:
        mark = len(state.log)
        if with_view:
            state.view(state.current_player)
        state.apply(_choose(state, rng))
        actions += 1
        if any(e.kind == "hand_end" for e in state.log[mark:]):
            break
    return actions


def late_states(game: Any, seed: int) -> dict[str, Any]:
    """A seeded random match stopped at its start, a third of the way, and near its end."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    states = [state.clone()]
    while not state.is_over:
        state.apply(_choose(state, rng))
        states.append(state.clone())
    n = len(states)
    return {"start": states[0], "middle": states[n // 3], "late": states[max(0, n - 2)]}


def time_it(fn: Any, seconds: float) -> float:
    """Mean seconds per call of ``fn`` over about ``seconds``."""
    calls, start = 0, time.perf_counter()
    while True:
        fn()
        calls += 1
        took = time.perf_counter() - start
        if took >= seconds:
            return took / calls


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.5, help="seconds per workload per round")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    names = args.games.split(",") if args.games else [i.name for i in parlour.list_games()]
    games = {n: parlour.make(n) for n in names}
    figures: dict[str, dict[str, Any]] = {n: {"hands": 0, "actions": 0, "seconds": 0.0} for n in names}
    for n in names:
        figures[n].update({"view_hands": 0, "view_actions": 0, "view_seconds": 0.0})
    rng = random.Random(args.seed)
    for _ in range(args.rounds):
        for n, game in games.items():
            for with_view in (False, True):
                key = "view_" if with_view else ""
                start = time.perf_counter()
                while time.perf_counter() - start < args.seconds:
                    figures[n][key + "actions"] += playout(game, rng, with_view)
                    figures[n][key + "hands"] += 1
                figures[n][key + "seconds"] += time.perf_counter() - start
    for n, game in games.items():
        states = late_states(game, args.seed)
        figures[n]["clone_us"] = {k: 1e6 * time_it(s.clone, args.seconds / 3) for k, s in states.items()}
        figures[n]["late_save_bytes"] = len(states["late"].to_json())
    machine = f"python {platform.python_version()} on {platform.machine()}"
    print(f"{machine}, {args.rounds} rounds x {args.seconds:g} s")
    print(
        f"{'game':14} {'hands/s':>9} {'µs/action':>10} {'+view µs/a':>11} "
        f"{'clone µs start/mid/late':>26} {'save KB':>8}"
    )
    for n in names:
        f = figures[n]
        f["hands_per_second"] = f["hands"] / f["seconds"]
        f["us_per_action"] = 1e6 * f["seconds"] / f["actions"]
        f["us_per_action_with_view"] = 1e6 * f["view_seconds"] / f["view_actions"]
        c = f["clone_us"]
        clones = f"{c['start']:.0f}/{c['middle']:.0f}/{c['late']:.0f}"
        print(
            f"{n:14} {f['hands_per_second']:9.0f} {f['us_per_action']:10.1f} "
            f"{f['us_per_action_with_view']:11.1f} {clones:>26} {f['late_save_bytes'] / 1000:8.1f}"
        )
    out = {"python": platform.python_version(), "rounds": args.rounds, "games": figures}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=2)
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
