"""Bishops Whist's id path against OpenSpiel's euchre, a hand split into its parts (issue 13's target).

CPU time (``time.process_time``) of the same random driver, in alternating runs of ``--hands`` hands:

* ``stub``: the driver's own loop (``legal_action_ids``, ``randrange``, ``apply_id``, the end read
  from ``is_over`` and ``hand_number``) over a state whose calls do nothing, 52 actions a hand: what
  any game pays for being driven from Python;
* ``bishops-whist``: ``game.new(seed)`` and one random hand by ids, as ``bench_playouts.py`` plays it;
* ``bishops-whist, new``: ``game.new(seed)`` alone (seeding the Mersenne Twister, the cut, the deal);
* ``bishops-whist, matches``: the hands of whole matches, a new match only when one ends;
* ``euchre``: OpenSpiel's C++ euchre through ``pyspiel``, chance nodes (the deal) included.

The rules' own time an action is the hand's less the driver's (and, for Bishops Whist, less
``game.new``). Run it on the compiled build to compare like with like (``PYTHONPATH=DIR``)::

    PYTHONPATH=/tmp/compiled python benchmarks/bench_parity.py --runs 7 --hands 1000
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from bench_playouts import openspiel_playout

import parlour

Hand = Callable[[random.Random], int]


class Stub:
    """A state that answers the driver's calls at once: six lawful ids, 52 actions a hand."""

    __slots__ = ("ids", "n")

    def __init__(self) -> None:
        self.n = 0
        self.ids = [3, 7, 9, 12, 20, 33]

    @property
    def is_over(self) -> bool:
        return self.n >= 52

    @property
    def hand_number(self) -> int:
        return 0

    def legal_action_ids(self) -> list[int]:
        return self.ids[:]

    def apply_id(self, action_id: int) -> None:
        self.n += 1


def drive(state: Any, rng: random.Random) -> int:
    """One hand of random ids from ``state``: the loop of ``bench_games.id_playout``."""
    hand, actions = state.hand_number, 0
    while not state.is_over and state.hand_number == hand:
        ids = state.legal_action_ids()
        state.apply_id(ids[rng.randrange(len(ids))])
        actions += 1
    return actions


def hands() -> dict[str, Hand]:
    game = parlour.make("bishops-whist")
    held: list[Any] = []

    def match_hand(rng: random.Random) -> int:
        if not held or held[0].is_over:
            held[:] = [game.new(seed=rng.getrandbits(62))]
        return drive(held[0], rng)

    def new_only(rng: random.Random) -> int:
        game.new(seed=rng.getrandbits(62))
        return 0

    made: dict[str, Hand] = {
        "stub (the driver alone)": lambda rng: drive(Stub(), rng),
        "bishops-whist": lambda rng: drive(game.new(seed=rng.getrandbits(62)), rng),
        "bishops-whist, new alone": new_only,
        "bishops-whist, matches": match_hand,
    }
    euchre = openspiel_playout("euchre")  # the same driver as bench_playouts.py's
    if euchre is None:
        print("euchre skipped: pyspiel not installed (pip install open-spiel)")
        return made
    made["euchre (OpenSpiel, pyspiel)"] = euchre
    return made


def main(argv: list[str] | None = None) -> dict[str, tuple[float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="alternating runs (default 7)")
    parser.add_argument("--hands", type=int, default=1000, help="hands a workload a run (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from parlour.build_compiled import compiled_modules

    made = hands()
    totals: dict[str, list[float]] = {name: [0.0, 0.0] for name in made}
    rng = random.Random(args.seed)
    for play in made.values():  # warm up
        play(rng)
    for _ in range(args.runs):
        for name, play in made.items():
            start = time.process_time()
            actions = 0
            for _ in range(args.hands):
                actions += play(rng)
            totals[name][0] += time.process_time() - start
            totals[name][1] += actions
    n = args.runs * args.hands
    print(f"compiled modules: {len(compiled_modules())}; {args.runs} runs x {args.hands} hands, CPU time")
    figures: dict[str, tuple[float, float]] = {}
    for name, (seconds, played) in totals.items():
        per_hand, per_action = seconds / n * 1e6, played / n
        figures[name] = (per_hand, per_action)
        each = f"{per_hand / per_action:5.2f} µs an action" if per_action else ""
        print(f"{name:30} {per_hand:7.1f} µs a hand {per_action:6.1f} actions {each}")
    stub = figures["stub (the driver alone)"]
    driver = stub[0] / stub[1]
    bw, new = figures["bishops-whist"], figures["bishops-whist, new alone"]
    print(f"the driver: {driver:.2f} µs an action")
    print(f"bishops-whist's rules: {(bw[0] - new[0]) / bw[1] - driver:.2f} µs an action, new {new[0]:.1f} µs")
    eu = figures.get("euchre (OpenSpiel, pyspiel)")
    if eu is not None:
        print(f"euchre's own (C++ and pybind): {eu[0] / eu[1] - driver:.2f} µs an action")
        print(
            f"euchre / bishops-whist, hands a second: {bw[0] / eu[0]:.2f}x (matches: "
            f"{figures['bishops-whist, matches'][0] / eu[0]:.2f}x)"
        )
    return figures


if __name__ == "__main__":
    main()
