"""Roquet's information-set Monte Carlo tree search: the engine's generic ``ISMCTS`` with Roquet's
playout policies and evaluation (issue 14; measured in strength.md, "Information-set MCTS").

The engine's search knows no game; here it gets what Roquet's own players know: a playout policy
(the heuristic, the greedy baseline or random play, each choosing for the seat to act in the sampled
world), an evaluation for playouts cut at a horizon (each seat's points banked in the hand, and the
combinations it holds ready at ``potential`` a point, as the PIMC search's solver judges its horizon),
and the heuristic's meld moments at the root (banking follows the heuristic, as the ``strong``
level's does). The reward is the hand's margin (own points less the opponent's).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from parlour.cards import SUITS
from parlour.engine import Game, State
from parlour.engine.ismcts import ISMCTS, Policy, player_policy, random_policy
from parlour.games.roquet.players import RoquetGreedy, RoquetHeuristic, RoquetView
from parlour.games.roquet.rules import RoquetGame, RoquetState
from parlour.games.roquet.solver import best_melds, mask_of, promise
from parlour.players import Advice

POLICIES = ("heuristic", "greedy", "random")


def playout_policy(name: str, seed: int) -> Policy:
    """The playout policy of that name (``POLICIES``), seeded."""
    if name == "heuristic":
        return player_policy(RoquetHeuristic(seed))
    if name == "greedy":
        return player_policy(RoquetGreedy(seed))
    if name == "random":
        return random_policy
    raise ValueError(f"policy: one of {', '.join(POLICIES)}, not {name!r}")


@lru_cache(maxsize=200_000)
def ready_points(hand: int, table: int, max_sequence: int, one: bool) -> int:
    """``solver.best_melds``'s points, cached: a horizon's evaluation asks it for every seat."""
    return best_melds(hand, table, max_sequence, one)[0]


class HandValue:
    """At a horizon: each seat's points banked this hand, its ready combinations at ``potential`` a
    point and what its cards promise (``solver.promise``) at ``quality`` a point."""

    def __init__(self, potential: float = 0.5, quality: float = 0.0) -> None:
        self.potential = potential
        self.quality = quality

    def __call__(self, state: State, before: Sequence[float]) -> list[float]:
        assert isinstance(state, RoquetState)
        game = state.game
        table = mask_of(state.livret)
        if state.turn_up is not None and game.turn_up_melds:
            table |= mask_of([state.turn_up])
        trump = SUITS.index(state.trump)
        out = []
        for seat in (0, 1):
            hand = mask_of(state.hands[seat])
            value = float(state.banked[seat])
            if self.potential:
                value += self.potential * ready_points(hand, table, game.max_sequence, game.one_meld_a_trick)
            if self.quality:
                value += self.quality * promise(hand, trump)
            out.append(value)
        return out


def card_to_play(state: State) -> bool:
    """Where the tree branches: a card to play with a choice (meld moments follow the policy)."""
    assert isinstance(state, RoquetState)
    return state.phase == "play"


class RoquetTree:
    """SO-ISMCTS for the cards to play (at the root, meld moments bank as the heuristic does). Below
    the root the tree branches on meld moments too (``melds_in_tree``, the better measured); without
    it they follow the playout policy in the tree's descent as in the playouts, which measured no
    better (strength.md, "Information-set MCTS": -0.06 against +1.08 a hand, not significant)."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        c: float = 0.7,
        policy: str = "heuristic",
        horizon: int | None = None,
        potential: float = 0.5,
        quality: float = 0.0,
        scale: float = 30.0,
        seconds: float | None = None,
        melds_in_tree: bool = True,
    ) -> None:
        self.melder = RoquetHeuristic(seed)
        self.scale = scale
        self.search = ISMCTS(
            seed,
            iterations,
            c,
            policy=playout_policy(policy, seed),
            horizon=horizon,
            evaluate=HandValue(potential, quality) if horizon is not None else None,
            margin=True,
            scale=scale,
            seconds=seconds,
            branch=None if melds_in_tree else card_to_play,
        )

    def limit_time(self, seconds: float | None) -> None:
        self.search.limit_time(seconds)

    @property
    def playouts(self) -> int:
        """Iterations run for the last choice."""
        return self.search.done

    def choose(self, view: RoquetView, game: Game[Any]) -> str:
        return self.advise(view, game).action

    def advise(self, view: RoquetView, game: Game[Any]) -> Advice:
        assert isinstance(game, RoquetGame)
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError("asked to choose with no legal action in the view")
        if legal[0].startswith("meld") or legal == ["done"]:
            # a card player's words (hints-12): it said "banks as the heuristic does", "sampled deals"
            return Advice(self.melder.choose(view, game), "lays down by the rules of thumb")
        if len(legal) == 1:
            return Advice(legal[0], "the only card that may be played")
        action = self.search.choose(view, game)
        root = self.search.root
        assert root is not None
        node = root.children[game.action_id(action)]
        mean = self.scale * node.reward / max(node.visits, 1)
        return Advice(
            action,
            f"tried most often ({node.visits} of {self.search.done} guesses at the unseen cards); "
            f"on average {mean:+.1f} points this hand",
        )


__all__ = ["POLICIES", "HandValue", "RoquetTree", "playout_policy"]
