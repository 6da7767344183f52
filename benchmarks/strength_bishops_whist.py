"""How strong the Bishops Whist players are, on duplicate deals (``parlour.duplicate``).

Measures (a) ``strong`` against ``heuristic``, (b) ``strong`` against ``solver`` (the strong level before
4 December: the double-dummy solver judging sifted worlds) and ``search`` (PIMC with heuristic playouts on
uniform worlds), (c) a cheating player that sees every card and searches the true deal with the solver,
against ``heuristic`` (``cheat-heuristic``), and a second cheat that plays each card out on the true deal with
the rules of thumb (``playout-cheat-heuristic``: the stronger yardstick, some three times the first's gain),
and (d) the seconds a move of every level (``easy``, ``normal``, ``strong``) against heuristic.
``strong`` and ``normal`` are ``PlayoutPlayer`` (16 and 8 sifted worlds, every lawful card played out to the
end of the hand by the rules of thumb); ``playout-strong-heuristic`` is the experiment it grew from, which
chooses the same cards. ``solver-previous`` is the solver level against itself on its former budget
(60 000 nodes); ``--cpu`` measures only the CPU seconds a decision of each level (and of ``solver`` and
the experiment). ``--cheat-nodes`` sets the solver cheat's budget; ``unsifted``, ``untrusting`` and
``harder`` are the solver level without sifting, sifted but always playing the search's card, and sifting
eight deals a searched deal; ``--out`` writes every match's margins per deal (for paired comparisons).
The candidate takes each seat in turn; the others are the baseline; a deal's figure is the candidate's
side's hand points minus the baseline's on the same cards, averaged over the four seats.

    python benchmarks/strength_bishops_whist.py --deals 40 --jobs 2
    python benchmarks/strength_bishops_whist.py --deals 40 --only strong-heuristic cheat-heuristic
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from typing import Any

from parlour.duplicate import Duplicate, PlayerSpec, duplicate
from parlour.engine import Game, State
from parlour.games.bishops_whist.players import (
    CHEAT_NODES,
    SIFT,
    TRUST,
    HeuristicPlayer,
    StrongPlayer,
)
from parlour.games.bishops_whist.rules import PHASE_PLAY
from parlour.games.bishops_whist.solver import Position, card_code

GAME = "bishops-whist"


class CheatPlayer:
    """Benchmark only: handed the true state, it solves the real deal (every hand open) with the strong
    player's solver and budget, and plays the best card. What it gains over ``strong`` is the price of
    not seeing the cards."""

    def __init__(self, game: Game[Any], seed: int = 0, nodes: int = CHEAT_NODES) -> None:
        self.game = game
        self.nodes = nodes
        self.fast = HeuristicPlayer(game, seed)

    def choose(self, view: Any, game: Game[Any]) -> str:
        raise TypeError("the cheating player must be handed the true state (choose_state)")

    def choose_state(self, state: State, seat: int) -> str:
        view = state.view(seat)
        if view.extra.phase != PHASE_PLAY:
            return self.fast.choose(view, self.game)
        position = Position.of_views([state.view(s) for s in range(4)], seat, self.game.options)
        cards = position.lawful(seat)
        if len(cards) == 1:
            return f"play {card_code(cards[0])}"
        values, reached = position.solve(cards, self.nodes)
        if not reached:
            return self.fast.choose(view, self.game)
        best = max(cards, key=lambda c: (values[c], -c))
        return f"play {card_code(position.run_of(seat, best)[0])}"


def cheat(game: Game[Any], seed: int) -> CheatPlayer:
    return CheatPlayer(game, seed)


class PlayoutStrongPlayer(StrongPlayer):
    """An experiment, played fair: the strong level's sifted worlds (``StrongPlayer.worlds_dealt``), but
    each lawful card valued in each world by a playout of the rules of thumb to the end of the hand (the
    playout cheat's judgement on a sampled deal) instead of the solver's count at a horizon."""

    def __init__(self, game: Game[Any], seed: int = 0, worlds: int = 16, sift: int = SIFT) -> None:
        super().__init__(game, seed, worlds=worlds, sift=sift)
        self.playouts = PlayoutCheatPlayer(game, seed)

    def choose(self, view: Any, game: Game[Any]) -> str:
        plays: list[str] = [a for a in view.legal_actions if a.startswith("play ")]
        if view.extra.phase != PHASE_PLAY or len(plays) <= 1:
            return self.fast.choose(view, game)
        seat = view.seat
        totals = dict.fromkeys(plays, 0.0)
        for world in self.worlds_dealt(view, game):
            for action in plays:
                state = world.clone()
                state.apply(action, seat=seat)
                totals[action] += self.playouts.playout(state, seat)
        return max(plays, key=lambda a: totals[a])


class PlayoutCheatPlayer:
    """Benchmark only: handed the true state, it plays each lawful card out to the end of the hand with
    the rules of thumb at every seat (partner and opponents are those very players in a match against
    ``heuristic``) and plays the card that ends best for its side. This cheat knows every card and, against
    the heuristic, how everyone will play: the most a reader of the unseen cards whose playouts model the
    others could gain. Measured, it gains about three times what ``CheatPlayer``'s solver does: a count
    at the search's horizon misjudges the first half of the hand, a playout to the end does not."""

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        self.game = game
        self.fast = HeuristicPlayer(game, seed)

    def choose(self, view: Any, game: Game[Any]) -> str:
        raise TypeError("the cheating player must be handed the true state (choose_state)")

    def choose_state(self, state: State, seat: int) -> str:
        view = state.view(seat)
        plays = [a for a in view.legal_actions if a.startswith("play ")]
        if view.extra.phase != PHASE_PLAY or len(plays) <= 1:
            return self.fast.choose(view, self.game)
        best, value = plays[0], -float("inf")
        for action in plays:  # ties to the first in the view's order
            world = state.clone()
            world.apply(action, seat=seat)
            margin = self.playout(world, seat)
            if margin > value:
                best, value = action, margin
        return best

    def playout(self, state: State, seat: int) -> float:
        """Our side's points less the other side's at the end of this hand, every seat by rule of thumb."""
        seen = len(state.log)
        while not state.is_over:
            mover = state.current_player
            assert mover is not None
            legal = state.legal_actions()
            action = "claim" if legal == ["claim", "pass"] else self.fast.choose(state.view(mover), self.game)
            state.apply(action, seat=mover)
            for event in state.log[seen:]:
                if event.kind == "hand_end":
                    points = event.data["points"]
                    return float(points[seat] - points[(seat + 1) % 4])
            seen = len(state.log)
        return 0.0


def unsifted(game: Game[Any], seed: int) -> StrongPlayer:
    """The strong player before sifting: every deal of the unseen cards equally likely."""
    return StrongPlayer(game, seed, trust=TRUST, sift=1)


def sifted_untrusting(game: Game[Any], seed: int) -> StrongPlayer:
    """Sifted deals, and the search's card played even short of the end of the hand."""
    return StrongPlayer(game, seed, sift=SIFT, trust=0.0)


def sifted_harder(game: Game[Any], seed: int) -> StrongPlayer:
    """Eight deals dealt for each searched, the search's card played even short of the end of the hand."""
    return StrongPlayer(game, seed, sift=8, trust=0.0)


def previous(game: Game[Any], seed: int) -> StrongPlayer:
    """The solver level on its former budget, 60 000 nodes a move (with this solver)."""
    return StrongPlayer(game, seed, nodes=60_000, trust=TRUST, sift=SIFT)


MATCHES: dict[str, tuple[PlayerSpec, PlayerSpec]] = {
    "solver-previous": ("solver", previous),
    "strong-heuristic": ("strong", "heuristic"),
    "strong-solver": ("strong", "solver"),
    "strong-search": ("strong", "search"),
    "solver-heuristic": ("solver", "heuristic"),
    "cheat-heuristic": (cheat, "heuristic"),
    "playout-cheat-heuristic": (PlayoutCheatPlayer, "heuristic"),
    "playout-strong-heuristic": (PlayoutStrongPlayer, "heuristic"),
    "unsifted-heuristic": (unsifted, "heuristic"),
    "untrusting-heuristic": (sifted_untrusting, "heuristic"),
    "harder-heuristic": (sifted_harder, "heuristic"),
    "normal-heuristic": ("normal", "heuristic"),
    "easy-heuristic": ("easy", "heuristic"),
}


def cpu_seconds(decisions: int = 20) -> None:
    """CPU seconds a decision of each level (``time.process_time``, which another process's load hardly
    changes): seeded hands played by the rules of thumb to 12, 10, 8, 6 and 4 cards in hand, the player to
    move holding two or more lawful cards."""
    from parlour.games.bishops_whist.players import PLAYERS, played_to
    from parlour.games.bishops_whist.rules import BishopsWhist

    game = BishopsWhist()
    positions: list[Any] = []
    seed = 0
    while len(positions) < decisions:
        left = 12 - 2 * (len(positions) % 5)
        state = played_to(game, seed, left)
        view = state.view(state.current_player)
        if len([a for a in view.legal_actions if a.startswith("play ")]) > 1:
            positions.append(view)
        seed += 1
    makers: dict[str, Any] = {level: PLAYERS[level] for level in ("easy", "normal", "strong", "solver")}
    makers["playout-strong (the experiment)"] = PlayoutStrongPlayer  # the same cards as strong
    for level, make in makers.items():
        times = []
        for k, view in enumerate(positions):
            player = make(game, k)
            start = time.process_time()
            player.choose(view, game)
            times.append(time.process_time() - start)
        print(
            f"{level}: {sum(times) / len(times):.3f} CPU s a decision on average, {max(times):.3f} at most "
            f"({len(times)} decisions)",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--seats",
        type=int,
        nargs="*",
        help="the seats the candidate takes, 1 to 4 as the printed line numbers them (default all four)",
    )
    parser.add_argument("--only", nargs="*", choices=sorted(MATCHES), help="the matches to run (default all)")
    parser.add_argument(
        "--cheat-nodes", type=int, default=CHEAT_NODES, help="the cheating player's nodes a move (one deal)"
    )
    parser.add_argument("--out", help="also write each match's margins per deal to this JSON file")
    parser.add_argument(
        "--cpu", action="store_true", help="only the CPU seconds a decision of each level (20 decisions)"
    )
    args = parser.parse_args(argv)
    # from 1, as the line printed (Duplicate.line) numbers them: "--seats 1" measured its "seat 2"
    if args.seats and not all(1 <= seat <= 4 for seat in args.seats):
        parser.error("--seats are 1 to 4, numbered from 1 as parlour duplicate --seats takes them")
    seats = [seat - 1 for seat in args.seats] if args.seats else None
    if args.cpu:
        cpu_seconds()
        return 0
    results: dict[str, Duplicate] = {}
    for name in args.only or list(MATCHES):
        candidate, baseline = MATCHES[name]
        if candidate is cheat:
            candidate = functools.partial(CheatPlayer, nodes=args.cheat_nodes)
        start = time.perf_counter()
        result = duplicate(
            GAME,
            candidate,
            baseline,
            deals=args.deals,
            seed=args.seed,
            jobs=args.jobs,
            seats=seats,
        )
        results[name] = result
        print(f"{name}: {result.line()} [{time.perf_counter() - start:.0f} s]", flush=True)
        if args.out:
            with open(args.out, "w") as f:
                json.dump({k: list(r.margins) for k, r in results.items()}, f)
    for yardstick in ("cheat-heuristic", "playout-cheat-heuristic"):
        if "strong-heuristic" in results and yardstick in results:
            share = results["strong-heuristic"].mean / results[yardstick].mean
            print(f"strong recovers {share:.0%} of {yardstick}'s margin over heuristic")
    return 0


if __name__ == "__main__":
    sys.exit(main())
