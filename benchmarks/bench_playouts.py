"""Random playouts of one hand per second: Bishops Whist through parlour's text API, beside OpenSpiel.

Each playout starts from a fresh deal and plays uniformly random legal actions
to the end of the first hand:

* Bishops Whist: ``game.new(seed)``, then ``state.legal_actions()`` /
  ``state.apply(text)`` until ``view(None).hand_number`` changes or the
  match ends (the row "end read from the log" detects the end of the hand from
  ``state.log`` instead, to show what the per-step ``view`` costs);
* OpenSpiel's euchre and hearts (C++, driven from Python through ``pyspiel``):
  ``new_initial_state()``, chance nodes (the deal) resolved with a random
  outcome, players' nodes with a random legal action, until the state is
  terminal (one deal is the whole game there).

The workloads run interleaved, in rounds, so that noise from other processes
on the machine falls on all of them alike. ``pyspiel`` is optional (the
``open-spiel`` extra); without it those rows are skipped with a note.

    python3 benchmarks/bench_playouts.py [--rounds 5] [--seconds 1.0] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench_games import id_playout  # the same id playout as the table of every game

import parlour

Playout = Callable[[random.Random], int]
"""Plays one hand with the given random source; returns the number of actions taken."""


def bishops_whist_playout(end_from_log: bool = False) -> Playout:
    game = parlour.make("bishops-whist")

    def playout(rng: random.Random) -> int:
        state = game.new(seed=rng.getrandbits(62))
        actions = 0
        if end_from_log:
            while not state.is_over:
                mark = len(state.log)
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                actions += 1
                if any(e.kind == "hand_end" for e in state.log[mark:]):
                    break
            return actions
        hand = state.view(None).hand_number
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
            if state.view(None).hand_number != hand:
                break
        return actions

    return playout


def bishops_whist_id_playout() -> Playout:
    """The same hand through the fixed action space: ``legal_action_ids`` / ``apply_id``, the end read
    from ``state.hand_number`` (no text chosen, no log read, no view built)."""
    game = parlour.make("bishops-whist")
    return lambda rng: id_playout(game, rng)


def openspiel_playout(name: str) -> Playout | None:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def playout(rng: random.Random) -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        return actions

    return playout


@dataclass
class Row:
    name: str
    playout: Playout | None
    note: str = ""
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    rates: list[float] = field(default_factory=list)  # hands/s per round

    def run(self, rng: random.Random, seconds: float) -> None:
        assert self.playout is not None
        hands = actions = 0
        start = time.perf_counter()
        end = start + seconds
        now = start
        while now < end:
            actions += self.playout(rng)
            hands += 1
            now = time.perf_counter()
        self.hands += hands
        self.actions += actions
        self.seconds += now - start
        self.rates.append(hands / (now - start))

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="seconds per workload per round (default 1)"
    )
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random choices")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)

    rows = [
        Row("bishops-whist (parlour text API)", bishops_whist_playout()),
        Row("bishops-whist (text API, end read from the log)", bishops_whist_playout(end_from_log=True)),
        Row("bishops-whist (action ids, end from hand_number)", bishops_whist_id_playout()),
    ]
    for name in ("euchre", "hearts"):
        playout = openspiel_playout(name)
        note = "" if playout is not None else "skipped: pyspiel not installed (pip install open-spiel)"
        rows.append(Row(f"{name} (OpenSpiel C++ via pyspiel)", playout, note))
    live = [r for r in rows if r.playout is not None]

    rng = random.Random(args.seed)
    for row in live:  # warm up: imports, caches
        row.playout(rng)  # type: ignore[misc]
    for _ in range(args.rounds):
        for row in live:
            row.run(rng, args.seconds)

    machine = f"python {platform.python_version()} on {platform.machine()}"
    print(f"{machine}, {args.rounds} rounds x {args.seconds:g} s per workload")
    print(f"{'workload':52} {'hands/s':>10} {'(min-max)':>17} {'actions/s':>11} {'actions/hand':>12}")
    for row in rows:
        if row.playout is None:
            print(f"{row.name:52} {row.note}")
            continue
        spread = f"{min(row.rates):.0f}-{max(row.rates):.0f}"
        print(
            f"{row.name:52} {row.hands_per_second:10.0f} {spread:>17} {row.actions_per_second:11.0f} "
            f"{row.actions / row.hands:12.1f}"
        )
    base = rows[0]
    print()
    for row in live[1:]:
        print(
            f"{row.name} / {base.name}: {row.hands_per_second / base.hands_per_second:.1f}x hands/s, "
            f"{row.actions_per_second / base.actions_per_second:.1f}x actions/s"
        )
    figures = {
        "python": platform.python_version(),
        "rounds": args.rounds,
        "seconds_per_round": args.seconds,
        "rows": [
            {
                "name": r.name,
                "skipped": r.note or None,
                "hands": r.hands,
                "actions": r.actions,
                "seconds": r.seconds,
                "hands_per_second": r.hands_per_second,
                "actions_per_second": r.actions_per_second,
                "round_rates": r.rates,
            }
            for r in rows
        ],
    }
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
