"""How strong the open tarock players are, on duplicate deals (whole matches: +1 a win, -1 a loss).

    python benchmarks/strength_open_tarock.py --deals 30 [--jobs 2] [--only strong,cheat]

Each line is one of ``parlour.duplicate``'s: the candidate's margin in match outcome over the
baseline on the same deals (from -2 to +2: a win where the baseline lost is +2), or with ``--points``
in game points over the match, with its 95% interval, and the candidate's seconds a move.

- ``strong``, ``normal``, ``easy``: the levels against the heuristic;
- ``strong-fast``: the strong level against ``search-fast``, the best player measured before;
- ``cheat``: a searcher told the cards face down in every stack (for measurement only: it is handed
  the true state), with ``search-fast``'s budget, against the heuristic.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from parlour.duplicate import duplicate
from parlour.engine import Game
from parlour.games.open_tarock.players import FAST_CAP, FAST_NODES, CheatingTarock


def cheat(game: Game[Any], seed: int) -> CheatingTarock:
    return CheatingTarock(seed, nodes=FAST_NODES, cap=FAST_CAP)


RUNS: dict[str, tuple[Any, Any]] = {
    "strong": ("strong", "heuristic"),
    "strong-fast": ("strong", "search-fast"),
    "cheat": (cheat, "heuristic"),
    "normal": ("normal", "heuristic"),
    "easy": ("easy", "heuristic"),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default=",".join(RUNS), help="comma-separated: " + ", ".join(RUNS))
    parser.add_argument("--points", action="store_true", help="game points over the match, not its outcome")
    args = parser.parse_args(argv)
    returns = "points" if args.points else "outcome"
    for name in [k for k in args.only.split(",") if k]:
        candidate, baseline = RUNS[name]
        start = time.perf_counter()
        result = duplicate(
            "open-tarock", candidate, baseline, deals=args.deals, seed=args.seed, hands=0,
            returns=returns, jobs=args.jobs,
        )  # fmt: skip
        print(f"{name}: {result.line()} [{time.perf_counter() - start:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
