"""Partners play as partners (issue 14): with the partner's card holding the trick and the seat last to
play, the levels do not take the trick from the partner when that gains nothing.

Each case is an explicit deal played by the rules of thumb at every seat up to the decision (the test
checks that the expected trick and hand were reached, so a change of the rules of thumb shows as a
failure here, not as a silently different position). The cards that keep the partner winning and those
that take the trick are those of benchmarks/partner_audit.py's situations; on these deals the hand
played out to its end on the true cards is worse after every card that takes the trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import parlour
from parlour.engine import Game, State
from parlour.players import make_player

LEVELS = ("heuristic", "normal", "strong")


def reach(game: Game[Any], state: State, seat: int, cards: int) -> State:
    """Play on by the rules of thumb at every seat until ``seat`` is to play holding ``cards`` cards and
    is the last to play to the trick."""
    rules = [make_player("heuristic", game, s) for s in range(4)]
    while True:
        mover = state.current_player
        assert mover is not None, "the hand ended before the position"
        view = state.view(mover)
        trick = view.trick.plays if view.trick is not None else []
        if mover == seat and len(view.hand) == cards and len(trick) == 3:
            return state
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else rules[mover].choose(view, game))


def choices(game: Game[Any], state: State, seat: int, level: str, seeds: Sequence[int]) -> set[str]:
    """The cards ``level`` plays here, over a few seeds of its own."""
    view = state.view(seat)
    return {make_player(level, game, seed).choose(view, game)[5:] for seed in seeds}


# Bishops Whist, seeds 46 and 53 of the audit (partners 0 and 2 against 1 and 3).
BW_TRUMPING = {
    "dealer": 1,
    "turn_up": "6S",
    "hands": [
        ["QS", "5H", "4H", "3H", "2H", "CD", "8D", "5D", "4D", "3D", "CC", "KC", "4C"],
        ["CS", "KS", "6S", "6H", "BD", "7D", "QC", "8C", "6C", "5C", "2C", "N", "N"],
        ["7S", "5S", "4S", "2S", "CH", "KH", "QH", "9H", "8H", "7H", "BC", "9C", "3C"],
        ["BS", "9S", "8S", "3S", "BH", "KD", "QD", "9D", "6D", "2D", "7C", "N", "N"],
    ],
}
"""Trumps spades. At two cards, seat 2 is last to the trick QD, CD (its partner's, holding it), 7D: it
holds the 7S, a trump, and the BC, which it may throw on the partner's trick (a bishop saved)."""

BW_OVERTRUMPING = {
    "dealer": 3,
    "turn_up": "2C",
    "hands": [
        ["CS", "9S", "QH", "6H", "4H", "3H", "CD", "9D", "4D", "BC", "8C", "6C", "N"],
        ["BS", "7S", "3S", "8H", "7H", "BD", "8D", "3D", "2D", "KC", "QC", "7C", "N"],
        ["KS", "8S", "6S", "CH", "KH", "9H", "QD", "6D", "5D", "9C", "5C", "4C", "N"],
        ["QS", "5S", "4S", "2S", "BH", "5H", "2H", "KD", "7D", "CC", "3C", "2C", "N"],
    ],
}
"""Trumps clubs. At three cards, seat 1 is last to the trick QD, 2C (its partner's trump, holding it),
9D: it may overtrump with the KC or QC, or throw the BS on the partner's trick."""


@pytest.mark.parametrize(
    ("deal", "seat", "cards", "trick", "keep", "take"),
    [
        (BW_TRUMPING, 2, 2, [(3, "QD"), (0, "CD"), (1, "7D")], {"BC"}, {"7S"}),
        (BW_OVERTRUMPING, 1, 3, [(2, "QD"), (3, "2C"), (0, "9D")], {"BS"}, {"KC", "QC"}),
    ],
    ids=["trump", "overtrump"],
)
@pytest.mark.parametrize("level", LEVELS)
def test_bishops_whist_levels_leave_the_partner_his_trick(
    deal: dict[str, Any],
    seat: int,
    cards: int,
    trick: list[tuple[int, str]],
    keep: set[str],
    take: set[str],
    level: str,
) -> None:
    game = parlour.make("bishops-whist")
    state = reach(game, game.new(seed=1, deal=deal), seat, cards)
    view = state.view(seat)
    assert view.trick is not None and [(p.seat, p.card) for p in view.trick.plays] == trick
    assert {a[5:] for a in view.legal_actions} == keep | take
    assert choices(game, state, seat, level, (1, 2, 3)) <= keep
