"""How strong the Roquet players are, on duplicate deals (points a hand, the first hand of a match).

    python benchmarks/strength_roquet.py --deals 40 [--jobs 2] [--only strong,cheat]

Each line is one of ``parlour.duplicate``'s: the candidate's margin in points a hand over the
baseline on the same cards, with its 95% interval, and the candidate's seconds a move.

- ``strong``, ``normal``, ``easy``: the levels against the heuristic (the previous best player);
- ``cheat``: a player that sees every card, the stock's order included, and searches the true deal
  four tricks deep (for measurement only: it is handed the true state), against the heuristic;
- ``strong-normal``: the strong level against the normal one.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from parlour.duplicate import duplicate
from parlour.engine import Game
from parlour.games.roquet.search import CheatingRoquet, RoquetSearch


def cheat(game: Game[Any], seed: int) -> CheatingRoquet:
    return CheatingRoquet(seed, depth=4)


def cheat2(game: Game[Any], seed: int) -> CheatingRoquet:
    return CheatingRoquet(seed, depth=2)


def search(worlds: int, depth: int, potential: float = 0.5, keep: float = 0.3) -> Any:
    def make(game: Game[Any], seed: int) -> RoquetSearch:
        return RoquetSearch(seed, worlds=worlds, depth=depth, potential=potential, keep=keep)

    make.__name__ = f"search(worlds={worlds},depth={depth},potential={potential},keep={keep})"
    return make


RUNS: dict[str, tuple[Any, Any]] = {
    "strong": ("strong", "heuristic"),
    "normal": ("normal", "heuristic"),
    "easy": ("easy", "heuristic"),
    "cheat": (cheat, "heuristic"),
    "cheat2": (cheat2, "heuristic"),
    "strong-normal": ("strong", "normal"),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default=",".join(RUNS), help="comma-separated: " + ", ".join(RUNS))
    parser.add_argument("--search", default="", help="also: worlds,depth[,potential] of a search player")
    args = parser.parse_args(argv)
    runs = {k: RUNS[k] for k in args.only.split(",") if k}
    if args.search:
        parts = args.search.split(",")
        numbers = [float(x) for x in parts[2:]]
        spec = search(int(parts[0]), int(parts[1]), *numbers)
        runs[spec.__name__] = (spec, "heuristic")
    for name, (candidate, baseline) in runs.items():
        start = time.perf_counter()
        result = duplicate("roquet", candidate, baseline, deals=args.deals, seed=args.seed, jobs=args.jobs)
        print(f"{name}: {result.line()} [{time.perf_counter() - start:.0f} s]", flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
