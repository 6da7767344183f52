"""Apology: how much is the strong level's bidding worth, and how much is there to win? (issue 14)

    python benchmarks/bidding_apology.py --deals 2000 --jobs 2
    python benchmarks/bidding_apology.py --deals 1500 --only playouts --worlds 16
    python benchmarks/bidding_apology.py --noise 200 --truth 512   # what the bid's sampling costs

Card play decides little in Apology (the taker's hand and its target decide most deals: strength.md,
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

``--noise`` asks how much of the oracle's margin is the levels' sampling rather than what they cannot
see: at every bid of seeded deals (the earlier seats bidding by the rules of thumb) it sets the levels'
decision (at most 64 deals, stopping early when the sign is clear) beside the gain over many more deals
of the same view (``--truth``), which are what a fair bidder with this model of play could know; a
decision whose sign differs loses that gain's size. Decisions stopped early are checked on a share of
them (``--early-share``) and counted at their measured rate.
"""

from __future__ import annotations

import argparse
import functools
from typing import Any

from parlour.duplicate import Duplicate, duplicate, paired
from parlour.engine import Game, Rng, State, make
from parlour.games.apology.players import (
    BID_SURE_AFTER,
    BID_WORLDS,
    RULES_OF_THUMB_PLAY,
    HeuristicPlayer,
    StrongPlayer,
    play_out_deal,
)
from parlour.games.apology.rules import ApologyState


def table(game: Game[Any], seed: int) -> StrongPlayer:
    """Bids by the fitted table, plays and buries by the rules of thumb."""
    return StrongPlayer(seed, bid_worlds=0, endgame=RULES_OF_THUMB_PLAY)


def playouts(game: Game[Any], seed: int, worlds: int) -> StrongPlayer:
    """Bids by deals played out, plays and buries by the rules of thumb."""
    return StrongPlayer(seed, bid_worlds=worlds, endgame=RULES_OF_THUMB_PLAY)


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


def noise(deals: int, truth_worlds: int, early_share: float, seed: int) -> str:
    """The levels' bid beside a bid over ``truth_worlds`` deals of the same view (module docstring)."""
    game = make("apology")
    checked = Rng(seed)
    decisions = early = early_checked = 0
    wrong = {"full": 0, "early": 0}
    lost = {"full": 0.0, "early": 0.0}
    for d in range(deals):
        state = game.new(seed=seed * 100_000 + d)
        rules = [HeuristicPlayer(d * 4 + s) for s in range(4)]
        while (view := state.view(state.current_player)).decision is not None and view.decision.kind == "bid":
            seat = view.seat
            assert seat is not None
            level = StrongPlayer(seed + d * 4 + seat, endgame=RULES_OF_THUMB_PLAY)
            level.advise(view, game)
            assert level.bid_gain is not None
            decisions += 1
            kind = "full" if level.worlds_solved > BID_SURE_AFTER else "early"
            early += kind == "early"
            if kind == "full" or checked.random() < early_share:
                early_checked += kind == "early"
                rng = Rng(seed * 7 + d * 4 + seat)
                total = 0.0
                for _ in range(truth_worlds):
                    world = game.determinize(view, rng)
                    s = rng.randrange(2**31)
                    total += play_out_deal(world.clone(), "bid", s, seat) - play_out_deal(
                        world, "pass", s, seat
                    )
                truth = total / truth_worlds
                if (level.bid_gain > 0) != (truth > 0):
                    wrong[kind] += 1
                    lost[kind] += abs(truth)
            state.apply(rules[seat].choose(view, game))
    early_lost = lost["early"] / early_checked * early if early_checked else 0.0
    return (
        f"{decisions} bids of {deals} deals (seed {seed}): {decisions - early} played out past "
        f"{BID_SURE_AFTER} deals, {wrong['full']} of them on the other side of {truth_worlds} deals' gain, "
        f"losing {lost['full']:.2f} points; {early} stopped early, {early_checked} checked, "
        f"{wrong['early']} on the other side, losing {lost['early']:.2f}; the sampling costs about "
        f"{(lost['full'] + early_lost) / decisions:.4f} points a bid"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=BID_WORLDS, help="the most deals played out a bid")
    parser.add_argument("--only", default="table,playouts,oracle", help="candidates, comma-separated")
    parser.add_argument("--noise", type=int, default=0, help="deals for the sampling's cost (docstring)")
    parser.add_argument("--truth", type=int, default=512, help="deals of a view for --noise's yardstick")
    parser.add_argument("--early-share", type=float, default=0.15, help="--noise: early stops checked")
    args = parser.parse_args()
    if args.noise:
        print(noise(args.noise, args.truth, args.early_share, args.seed))
        return
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
