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

``--compiled DIR`` adds the Bishops Whist rows again for the compiled build in ``DIR``
(``python -m parlour.build_compiled --out DIR``), played by a worker process that imports the compiled
copy, in the same interleaved rounds (``--compiled build`` builds it first, in ``build/compiled``).

    python3 benchmarks/bench_playouts.py [--rounds 5] [--seconds 1.0] [--compiled DIR] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
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


def bishops_whist_match_playout() -> Playout:
    """The hands of whole matches by ids, as a designer's simulation plays them: each call plays the next
    hand of the match under way (its deal included, from the match's own seeded source), and a new match
    (``game.new``: seeding the generator, the cut for partners) begins only when one ends, about once in
    five hands. A fresh ``game.new`` for every hand (``ids``) pays for the seeding and the cut each time."""
    game = parlour.make("bishops-whist")
    held: list[Any] = []

    def playout(rng: random.Random) -> int:
        if not held or held[0].is_over:
            held[:] = [game.new(seed=rng.getrandbits(62))]
        state = held[0]
        hand, actions = state.hand_number, 0
        while not state.is_over and state.hand_number == hand:
            ids = state.legal_action_ids()
            state.apply_id(ids[rng.randrange(len(ids))])
            actions += 1
        return actions

    return playout


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


WORKLOADS: dict[str, Callable[[], Playout]] = {
    "text": bishops_whist_playout,
    "text-log": lambda: bishops_whist_playout(end_from_log=True),
    "ids": bishops_whist_id_playout,
    "ids-match": bishops_whist_match_playout,
}
"""The Bishops Whist workloads a worker of the compiled build can run, by name."""


def timed(playout: Playout, rng: random.Random, seconds: float) -> tuple[int, int, float]:
    """Hands, actions and seconds of playouts run for about ``seconds``."""
    hands = actions = 0
    start = time.perf_counter()
    end = start + seconds
    now = start
    while now < end:
        actions += playout(rng)
        hands += 1
        now = time.perf_counter()
    return hands, actions, now - start


class Worker:
    """A process that imports the compiled build (``PYTHONPATH`` first) and runs workloads on request."""

    def __init__(self, build: str) -> None:
        env = {**os.environ, "PYTHONPATH": os.path.abspath(build)}
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=os.path.dirname(os.path.abspath(__file__)),
        )
        self.compiled: list[str] = self.ask({"compiled": True})

    def ask(self, request: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def playout(self, workload: str) -> Callable[[random.Random, float], tuple[int, int, float]]:
        def run(rng: random.Random, seconds: float) -> tuple[int, int, float]:
            hands, actions, took = self.ask(
                {"run": workload, "seconds": seconds, "seed": rng.getrandbits(32)}
            )
            return int(hands), int(actions), float(took)

        return run


def serve() -> None:
    """The worker's side of ``Worker``: one JSON request a line, one JSON answer a line."""
    from parlour.build_compiled import compiled_modules

    made: dict[str, Playout] = {}
    for line in sys.stdin:
        request = json.loads(line)
        if "compiled" in request:
            answer: Any = compiled_modules()
        else:
            playout = made.get(request["run"])
            if playout is None:
                playout = made[request["run"]] = WORKLOADS[request["run"]]()
                playout(random.Random(0))  # warm up
            answer = timed(playout, random.Random(request["seed"]), request["seconds"])
        print(json.dumps(answer), flush=True)


@dataclass
class Row:
    name: str
    playout: Playout | None
    note: str = ""
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    rates: list[float] = field(default_factory=list)  # hands/s per round
    remote: Callable[[random.Random, float], tuple[int, int, float]] | None = None

    def run(self, rng: random.Random, seconds: float) -> None:
        if self.remote is not None:
            hands, actions, took = self.remote(rng, seconds)
        else:
            assert self.playout is not None
            hands, actions, took = timed(self.playout, rng, seconds)
        self.hands += hands
        self.actions += actions
        self.seconds += took
        self.rates.append(hands / took)

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
    parser.add_argument("--compiled", help="also run the compiled build in this directory ('build': make it)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        serve()
        return {}

    rows = [
        Row("bishops-whist (parlour text API)", bishops_whist_playout()),
        Row("bishops-whist (text API, end read from the log)", bishops_whist_playout(end_from_log=True)),
        Row("bishops-whist (action ids, end from hand_number)", bishops_whist_id_playout()),
        Row("bishops-whist (action ids, hands of whole matches)", bishops_whist_match_playout()),
    ]
    if args.compiled:
        build = args.compiled
        if build == "build":
            from parlour.build_compiled import build as make_build

            build = str(make_build())
        worker = Worker(build)
        note = "" if worker.compiled else f"skipped: nothing compiled in {build}"
        for label, workload in (
            ("text API", "text"),
            ("text API, end read from the log", "text-log"),
            ("action ids, end from hand_number", "ids"),
            ("action ids, hands of whole matches", "ids-match"),
        ):
            rows.append(
                Row(
                    f"bishops-whist (compiled: {label})",
                    None,
                    note,
                    remote=worker.playout(workload) if worker.compiled else None,
                )
            )
    for name in ("euchre", "hearts"):
        playout = openspiel_playout(name)
        note = "" if playout is not None else "skipped: pyspiel not installed (pip install open-spiel)"
        rows.append(Row(f"{name} (OpenSpiel C++ via pyspiel)", playout, note))
    live = [r for r in rows if r.playout is not None or r.remote is not None]

    rng = random.Random(args.seed)
    for row in live:  # warm up: imports, caches
        if row.playout is not None:
            row.playout(rng)
    for _ in range(args.rounds):
        for row in live:
            row.run(rng, args.seconds)

    machine = f"python {platform.python_version()} on {platform.machine()}"
    print(f"{machine}, {args.rounds} rounds x {args.seconds:g} s per workload")
    print(f"{'workload':58} {'hands/s':>10} {'(min-max)':>17} {'actions/s':>11} {'actions/hand':>12}")
    for row in rows:
        if row not in live:
            print(f"{row.name:58} {row.note}")
            continue
        spread = f"{min(row.rates):.0f}-{max(row.rates):.0f}"
        print(
            f"{row.name:58} {row.hands_per_second:10.0f} {spread:>17} {row.actions_per_second:11.0f} "
            f"{row.actions / row.hands:12.1f}"
        )
    base = rows[0]
    print()
    for row in live[1:]:
        print(
            f"{row.name} / {base.name}: {row.hands_per_second / base.hands_per_second:.1f}x hands/s, "
            f"{row.actions_per_second / base.actions_per_second:.1f}x actions/s"
        )
    by_name = {r.name: r for r in live}
    pairs = [
        (f"bishops-whist (compiled: {label})", f"bishops-whist ({pure})")
        for label, pure in (
            ("text API, end read from the log", "text API, end read from the log"),
            ("action ids, end from hand_number", "action ids, end from hand_number"),
            ("action ids, hands of whole matches", "action ids, hands of whole matches"),
        )
    ]
    pairs += [("euchre (OpenSpiel C++ via pyspiel)", name) for name, _ in pairs]
    pairs += [("euchre (OpenSpiel C++ via pyspiel)", "bishops-whist (action ids, end from hand_number)")]
    for a, b in pairs:
        if a in by_name and b in by_name:
            ra, rb = by_name[a], by_name[b]
            print(
                f"{a} / {b}: {ra.hands_per_second / rb.hands_per_second:.2f}x hands/s "
                f"({1e6 / rb.actions_per_second:.1f} -> {1e6 / ra.actions_per_second:.1f} µs an action)"
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
