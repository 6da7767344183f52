"""Apology: how much is the strong level's bidding worth, and how much is there to win? (issue 14)

    python benchmarks/bidding_apology.py --deals 2000 --jobs 2
    python benchmarks/bidding_apology.py --deals 1500 --only playouts --worlds 16

Card play decides little in Apology (the taker's hand and its target decide most deals: rules.md,
"Computer players"), so the bidding is measured on its own, at scale: every candidate plays its cards by
the rules of thumb and buries by them, and differs from the rules of thumb (the baseline, which takes at
an estimate three points short of the target) only in when it takes. Duplicate deals, one deal each, the
candidate in each seat in turn:

- ``table``: takes when the fitted table gives one half or more (the levels before stop 32);
- ``playouts``: plays bidding and passing out on deals of the unseen cards, the rest of the bidding and
  the play by the rules of thumb, and takes when bidding ends better (``StrongPlayer(bid_worlds=...)``,
  the levels since);
- ``oracle``: a cheat that takes exactly when the hand, played out on the true deal by the rules of thumb,
  makes its target: what a perfect judge of hands could win by bidding alone.

Each line gives the candidate's margin over the rules of thumb a deal, and the paired differences say
which bids better on the same deals.
"""

from __future__ import annotations

import argparse
import functools
from typing import Any

from parlour.duplicate import Duplicate, duplicate, paired
from parlour.engine import Game, State
from parlour.games.apology.players import BID_WORLDS, HeuristicPlayer, StrongPlayer, play_out_deal
from parlour.games.apology.rules import ApologyState

RULES_PLAY = -1
"""``StrongPlayer(endgame=...)`` that never searches a card: the rules of thumb's card play."""


def table(game: Game[Any], seed: int) -> StrongPlayer:
    """Bids by the fitted table, plays and buries by the rules of thumb."""
    return StrongPlayer(seed, bid_worlds=0, endgame=RULES_PLAY)


def playouts(game: Game[Any], seed: int, worlds: int) -> StrongPlayer:
    """Bids by deals played out, plays and buries by the rules of thumb."""
    return StrongPlayer(seed, bid_worlds=worlds, endgame=RULES_PLAY)


class Oracle(HeuristicPlayer):
    """The rules of thumb, but it takes exactly when its hand, played out on the true deal by the rules of
    thumb, makes the target. A cheat, for measurement only (``choose_state`` is handed the true state)."""

    def choose_state(self, state: State, seat: int) -> str:
        view = state.view(seat)
        assert isinstance(state, ApologyState)
        if view.decision is not None and view.decision.kind == "bid":
            # the taker scores +3 exactly when it makes the target
            return "bid" if play_out_deal(state.clone(), "bid", 0, seat) > 0 else "pass"
        return self.choose(view, state.game)


def oracle(game: Game[Any], seed: int) -> Oracle:
    return Oracle(seed)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=BID_WORLDS, help="the most deals played out a bid")
    parser.add_argument("--only", default="table,playouts,oracle", help="candidates, comma-separated")
    args = parser.parse_args()
    kinds: dict[str, Any] = {
        "table": table,
        "playouts": functools.partial(playouts, worlds=args.worlds),
        "oracle": oracle,
    }
    results: dict[str, Duplicate] = {}
    for name in args.only.split(","):
        d = duplicate("apology", kinds[name], "heuristic", deals=args.deals, seed=args.seed, jobs=args.jobs)
        results[name] = d
        print(f"{name}: {d.line()}", flush=True)
    names = list(results)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            mean, half = paired(results[a].margins, results[b].margins)
            print(f"{a} less {b}: {mean:+.3f} ± {half:.3f} a deal ({args.deals} deals, paired)")


if __name__ == "__main__":
    main()
