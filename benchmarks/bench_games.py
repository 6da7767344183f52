"""Every game: random playouts per second, the cost of a view and of ``clone()``, and a state's size.

For each game, interleaved in rounds (so that noise from other processes falls on all alike):

* **playout**: from a fresh deal, uniformly random legal actions (amounts drawn from the legal
  ranges) through the text API until the log shows the end of the first hand (``hand_end``);
* **playout + view**: the same with ``view(seat)`` for the seat to move before each action, as a
  front end or a computer player would ask;
* **clone**: ``state.clone()`` at the start, the middle and late in a seeded match (late is where a
  deep copy of the log used to cost tens of milliseconds);
* **id path** (where the checkout has it): the same playout through ``legal_action_ids()`` and
  ``apply_id()``, the end read from ``hand_number``;
* **size**: the bytes of a late state's save (``to_json``), and its memory: every object the state
  reaches (its log's events included, the shared ``Game`` and its pack excluded), by ``sys.getsizeof``.

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
    return str(r.action(rng.randint(r.low, r.high)))


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


def id_playout(game: Any, rng: random.Random) -> int:
    """A random hand through the fixed action space: ids in, ids out, no text and no log reading."""
    state = game.new(seed=rng.getrandbits(62))
    hand, actions = state.hand_number, 0
    while not state.is_over and state.hand_number == hand:
        ids = state.legal_action_ids()
        state.apply_id(ids[rng.randrange(len(ids))])
        actions += 1
    return actions


def memory_bytes(state: Any) -> int:
    """Bytes of every object ``state`` reaches, the game (shared by all its states) apart."""
    seen = {id(state.game)}
    todo: list[Any] = [state]
    total = 0
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, str | int | float | bool | bytes) or obj is None:
            continue
        if isinstance(obj, dict) or type(obj).__name__ == "mappingproxy":
            todo.extend(obj.keys())
            todo.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            todo.extend(obj)
        if hasattr(obj, "__dict__"):
            todo.append(vars(obj))
        for slot in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, slot):
                todo.append(getattr(obj, slot))
    return total


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
        figures[n].update({"id_hands": 0, "id_actions": 0, "id_seconds": 0.0})
    ids = all(hasattr(g.new(seed=1), "legal_action_ids") for g in games.values())
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
            if ids:
                start = time.perf_counter()
                while time.perf_counter() - start < args.seconds:
                    figures[n]["id_actions"] += id_playout(game, rng)
                    figures[n]["id_hands"] += 1
                figures[n]["id_seconds"] += time.perf_counter() - start
    for n, game in games.items():
        states = late_states(game, args.seed)
        figures[n]["clone_us"] = {k: 1e6 * time_it(s.clone, args.seconds / 3) for k, s in states.items()}
        figures[n]["late_save_bytes"] = len(states["late"].to_json())
        figures[n]["late_memory_bytes"] = memory_bytes(states["late"])
    machine = f"python {platform.python_version()} on {platform.machine()}"
    print(f"{machine}, {args.rounds} rounds x {args.seconds:g} s")
    print(
        f"{'game':14} {'hands/s':>9} {'µs/action':>10} {'+view µs/a':>11} "
        f"{'clone µs start/mid/late':>26} {'save KB':>8} {'memory KB':>10}"
        + (f" {'id hands/s':>11} {'id µs/a':>8}" if ids else "")
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
            f" {f['late_memory_bytes'] / 1000:10.1f}"
            + (
                f" {f['id_hands'] / f['id_seconds']:11.0f} {1e6 * f['id_seconds'] / f['id_actions']:8.1f}"
                if ids
                else ""
            )
        )
    out = {"python": platform.python_version(), "rounds": args.rounds, "games": figures}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=2)
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
