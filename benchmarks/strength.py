"""The strong player against OpenSpiel's IS-MCTS at equal time a move, game by game (issue 14).

Both are measured on the same duplicate deals against the heuristic (``parlour.duplicate``): first the
strong player, whose mean thinking time a move is taken as the budget; then OpenSpiel's IS-MCTS
(``parlour.openspiel.ISMCTSPlayer``, random rollouts, UCT c=2) given that many seconds a move. The
paired difference of their margins, deal by deal, says which is stronger at equal time, with a 95%
interval. Needs the ``open-spiel`` extra.

    python benchmarks/strength.py --game bezique --deals 20
    python benchmarks/strength.py --game open-tarock --deals 20 --hands 0 --returns outcome
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.duplicate import Duplicate, duplicate
from parlour.openspiel import ISMCTSPlayer


def paired(a: Duplicate, b: Duplicate) -> tuple[float, float]:
    """The mean of ``a``'s margin minus ``b``'s, deal by deal, and half its 95% interval."""
    diffs = [x - y for x, y in zip(a.margins, b.margins, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True)
    parser.add_argument("--candidate", default="strong", help="the parlour player measured (a kind)")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--returns", default="points")
    parser.add_argument(
        "--seats",
        default=None,
        help="seats measured, numbered from 1 as parlour duplicate --seats and the printed line number "
        "them, e.g. 1,2 (default: all)",
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--seconds", type=float, default=None, help="IS-MCTS's time a move (default: the candidate's)"
    )
    args = parser.parse_args()
    # from 1, as the line printed (Duplicate.line) numbers them: "--seats 1" measured its "seat 2"
    seats = None if args.seats is None else [int(s) - 1 for s in args.seats.split(",")]
    if seats is not None and min(seats) < 0:
        parser.error("--seats are numbered from 1, as parlour duplicate --seats takes them")
    common = {
        "deals": args.deals,
        "seed": args.seed,
        "hands": args.hands,
        "returns": args.returns,
        "seats": seats,
        "jobs": args.jobs,
    }
    ours = duplicate(args.game, args.candidate, "heuristic", **common)
    print(ours.line(), flush=True)
    seconds = args.seconds if args.seconds is not None else max(0.01, ours.seconds_per_move)
    yardstick = functools.partial(ISMCTSPlayer, simulations=10**9, seconds=seconds)
    theirs = duplicate(args.game, yardstick, "heuristic", **common)
    print(theirs.line().replace("partial", f"openspiel-ismcts({seconds:.3f} s)"), flush=True)
    mean, half = paired(ours, theirs)
    print(
        f"{args.game}: {args.candidate} minus IS-MCTS at equal time: {mean:+.2f} ± {half:.2f} "
        f"({args.returns}, {ours.deals} deals, paired)"
    )


if __name__ == "__main__":
    main()
