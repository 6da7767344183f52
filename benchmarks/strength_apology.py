"""How strong Apology's computer players are, measured on duplicate deals.

    python benchmarks/strength_apology.py --deals 60            # the strength figures (a) to (d)
    python benchmarks/strength_apology.py --fit --fit-deals 6000  # refit the strong player's bidding table
    python benchmarks/strength_apology.py --bidding 40           # all-pass share and takers' success
    python benchmarks/strength_apology.py --bidding-playouts 500  # the same for the levels' bidder kind

Each figure is one deal (``hands=1``) scored in points (+3/-1 for the taker's side, the thrown-in deal
0), the candidate in each seat in turn against the heuristic in the others (``parlour.duplicate``).
(a) strong vs heuristic, (b) strong vs search (the previous best), (c) a cheating player that sees every
card and solves the true deal vs heuristic, (d) seconds a move of each level.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from parlour.duplicate import duplicate
from parlour.engine import Game, State, make
from parlour.games.apology.players import (
    BID_CHANCE,
    HeuristicPlayer,
    StrongPlayer,
    game_targets,
    hand_estimate,
    make_chance,
    view_target,
)
from parlour.games.apology.rules import TAKER_HAND, ApologyState, Phase
from parlour.games.apology.solver import Solver
from parlour.players import make_player

CHEAT_EXACT = 4
CHEAT_NODES = 200_000


class CheatPlayer:
    """For measurement only: bids and buries as the strong player does from its own view, but plays by
    solving the true deal (every hand seen) with the solver, searching the last four tricks to the end."""

    def __init__(self, seed: int = 0, endgame: int | None = None) -> None:
        self.strong = StrongPlayer(seed)
        self.endgame = endgame

    def choose_state(self, state: State, seat: int) -> str:
        assert isinstance(state, ApologyState)
        game = state.game
        view = state.view(seat)
        legal = view.legal_actions
        if len(legal) == 1 or state.phase is not Phase.PLAY:
            return self.strong.choose(view, game)
        if self.endgame is not None and TAKER_HAND - len(state.tricks) > self.endgame:
            return self.strong.heuristic.choose(view, game)
        solver = Solver(
            game_targets(game), str(game.options["oudlers"]), exact=CHEAT_EXACT, node_limit=CHEAT_NODES
        )
        solver.load(state)
        cards = [a.partition(" ")[2] for a in legal]
        values = solver.values(cards)
        sign = 1 if seat == state.taker else -1
        preferred = self.strong.heuristic.choose(view, game).partition(" ")[2]  # ties: the heuristic's card
        return "play " + max(cards, key=lambda c: (sign * values[c], c == preferred))


def cheat(game: Game[Any], seed: int) -> CheatPlayer:
    return CheatPlayer(seed)


def cheat_endgame(game: Game[Any], seed: int) -> CheatPlayer:
    """The cheat, but searching only the last four tricks (the heuristic before)."""
    return CheatPlayer(seed, endgame=CHEAT_EXACT)


def strong_taking_all(game: Game[Any], seed: int) -> StrongPlayer:
    """The strong player's card play and the heuristic's burial, taking every deal it is offered: against
    ``eager`` every deal is played, so the figure is the card play alone."""
    return StrongPlayer(seed, bid_chance=0.0, bid_worlds=0, worlds=16, bury_search=False)


def strong_endgame_taking_all(game: Game[Any], seed: int) -> StrongPlayer:
    """The same, searching only the last four tricks (the heuristic before), with the burial search."""
    return StrongPlayer(seed, bid_chance=0.0, bid_worlds=0, worlds=16, endgame=4)


def fit_bidding(deals: int) -> tuple[float, float, int]:
    """Logistic regression of the taker's success on the heuristic estimate's margin over the target,
    over deals where the dealer's left always takes and all four play the heuristic."""
    import numpy as np

    game = make("apology")
    xs: list[float] = []
    ys: list[int] = []
    for seed in range(deals):
        state = game.new(seed=seed)
        players = [HeuristicPlayer(s, margin=-math.inf) for s in range(4)]
        margin = None
        while state.current_player is not None and not any(e.kind == "hand_end" for e in state.log):
            seat = state.current_player
            if state.phase is Phase.BID and margin is None:
                points, oudlers = hand_estimate(state.hands[seat])
                margin = points - view_target(game, oudlers)
            state.apply(players[seat].choose(state.view(seat), game))
        end = next(e for e in state.log if e.kind == "hand_end")
        assert margin is not None
        xs.append(margin)
        ys.append(int(end.data["made"]))
    x = np.array(xs)
    y = np.array(ys, dtype=float)
    w = np.zeros(2)
    design = np.stack([np.ones_like(x), x], axis=1)
    for _ in range(50):  # Newton's method
        p = 1 / (1 + np.exp(-design @ w))
        grad = design.T @ (y - p)
        hess = design.T @ (design * (p * (1 - p))[:, None])
        w = w + np.linalg.solve(hess, grad)
    return float(w[0]), float(w[1]), len(xs)


def all_pass_share(deals: int) -> str:
    """How often no seat would bid, by the strong player's table and by the heuristic (bidding only)."""
    game = make("apology")
    table = rule = 0
    heuristic = HeuristicPlayer(0)
    for seed in range(deals):
        state = game.new(seed=30_000 + seed)
        table += all(make_chance(h, game)[0] < BID_CHANCE for h in state.hands)
        rule += not any(heuristic.wants_to_bid(state.view(s), game) for s in range(4))
    return (
        f"all four pass over {deals} deals: {table / deals:.1%} with the strong player's table, "
        f"{rule / deals:.1%} with the heuristic's rule"
    )


def bidding_report(kind: str, deals: int) -> str:
    """All four seats one kind: how often all four pass, and how often the taker makes it."""
    game = make("apology")
    passes = made = played = 0
    for seed in range(deals):
        state = game.new(seed=10_000 + seed)
        players = [make_player(kind, game, seed * 4 + s) for s in range(4)]
        while not any(e.kind == "hand_end" for e in state.log):
            seat = state.current_player
            assert seat is not None
            state.apply(players[seat].choose(state.view(seat), game))
        end = next(e for e in state.log if e.kind == "hand_end")
        if end.data.get("thrown_in"):
            passes += 1
        else:
            played += 1
            made += bool(end.data["made"])
    return (
        f"{kind} in all four seats, {deals} deals: all pass in {passes / deals:.1%}; "
        f"the taker makes it in {made}/{played} ({made / max(played, 1):.0%})"
    )


def seconds_a_move(kind: str, positions: int = 40) -> float:
    """Mean seconds a card-play move of ``kind`` over positions from heuristic play."""
    game = make("apology")
    player = make_player(kind, game, 1)
    spent, moves, seed = 0.0, 0, 0
    while moves < positions:
        state = game.new(seed=20_000 + seed)
        seed += 1
        heuristic = [HeuristicPlayer(s, margin=-math.inf) for s in range(4)]
        while state.current_player is not None and not any(e.kind == "hand_end" for e in state.log):
            seat = state.current_player
            view = state.view(seat)
            if state.phase is Phase.PLAY and len(view.legal_actions) > 1 and moves < positions:
                start = time.perf_counter()
                player.choose(view, game)
                spent += time.perf_counter() - start
                moves += 1
            state.apply(heuristic[seat].choose(view, game))
    return spent / moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--only",
        default="abcd",
        help="which figures: any of a, b, c, d; e: the cheat searching the last four tricks only; "
        "f: the strong card play with every deal taken (against eager)",
    )
    parser.add_argument("--fit", action="store_true", help="refit the bidding table")
    parser.add_argument("--fit-deals", type=int, default=6000)
    parser.add_argument("--bidding", type=int, default=0, help="deals for the all-pass and success report")
    parser.add_argument(
        "--bidding-playouts",
        type=int,
        default=0,
        help="deals for the same report of the bidder kind (the levels' bidding) beside the heuristic",
    )
    args = parser.parse_args(argv)
    if args.fit:
        a, b, n = fit_bidding(args.fit_deals)
        print(f"bidding table over {n} deals: intercept {a:.3f}, slope {b:.4f} a card point")
        return
    if args.bidding_playouts:
        # the levels' bidding with the rules of thumb's burial and card play, beside the rules of thumb
        for kind in ("heuristic", "bidder"):
            print(bidding_report(kind, args.bidding_playouts), flush=True)
        return
    if args.bidding:
        print(all_pass_share(2000), flush=True)
        for kind in ("heuristic", "normal"):
            print(bidding_report(kind, args.bidding), flush=True)
        return
    runs: list[tuple[str, Any, Any]] = []
    if "a" in args.only:
        runs.append(("a", "strong", "heuristic"))
    if "b" in args.only:
        runs.append(("b", "strong", "search"))
    if "c" in args.only:
        runs.append(("c", cheat, "heuristic"))
    if "e" in args.only:
        runs.append(("e", cheat_endgame, "heuristic"))
    if "f" in args.only:
        runs.append(("f", strong_taking_all, "eager"))
        runs.append(("f", strong_endgame_taking_all, "eager"))
    for label, cand, base in runs:
        r = duplicate("apology", cand, base, deals=args.deals, seed=args.seed, jobs=args.jobs)
        print(f"({label}) {r.line()}", flush=True)
    if "d" in args.only:
        for kind in ("easy", "normal", "strong"):
            print(f"(d) {kind}: {seconds_a_move(kind):.3f} s a card played", flush=True)


if __name__ == "__main__":
    main()
