"""Partners play as partners (issue 14): with the partner's card holding the trick and the seat last to
play, the levels do not take the trick from the partner when that gains nothing.

Each case is an explicit deal played by the rules of thumb at every seat up to the decision (the test
checks that the expected trick and hand were reached, so a change of the rules of thumb shows as a
failure here, not as a silently different position). The cards that keep the partner winning and those
that take the trick are those of benchmarks/partner_audit.py's situations; on these deals the hand
played out to its end on the true cards by the rules of thumb ends worse (Bishops Whist) or no better
(Apology) after every card that takes the trick.
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


# Apology, seeds 113 and 311 of the audit: the three defenders are partners against the taker. The
# play up to the decision is written out (the rules of thumb's of the audit), so that it does not move
# with them: until 5 December they, and the search after them, took both tricks from the partner.
AP_SPADES = {
    "dealer": 0,
    "hands": [
        ["CS", "BS", "6S", "5S", "4H", "LD", "9D", "8D", "QC", "TC", "8C", "6C", "4C", "3C", "2C"],
        ["TS", "9S", "8S", "4S", "2S", "AS", "TH", "7H", "2H", "QD", "BD", "5D", "2D", "AD", "LC"],
        ["QS", "7S", "3S", "KH", "BH", "9H", "6H", "5H", "AH", "KD", "7D", "6D", "3D", "CC", "BC"],
        ["KS", "LS", "CH", "QH", "LH", "8H", "3H", "CD", "TD", "4D", "KC", "9C", "7C", "5C", "AC"],
    ],
}
AP_SPADES_PLAY = (
    "pass pass bid bury:E bury:AC bury:KS bury:KC bury:QH bury:LS play:2S play:3S play:3H play:BS play:5S "
    "play:AS play:QS play:4D play:7S play:5C play:6S"
)
"""Seat 3 takes. Seat 1 is last to the trick 7S, 5C (the taker's discard), 6S: its partner's 7S holds
it, and of its spades, all worth half a point, only the 4S leaves it to the partner."""

AP_LOW_SPADES = {
    "dealer": 0,
    "hands": [
        ["TS", "8S", "5S", "4S", "3S", "2S", "CH", "9H", "8H", "4H", "QD", "4D", "QC", "BC", "LC"],
        ["CS", "KS", "BS", "7S", "6H", "5H", "KD", "BD", "8D", "7D", "3D", "AD", "TC", "9C", "7C"],
        ["9S", "BH", "LH", "TH", "7H", "2H", "AH", "9D", "6D", "5D", "2D", "5C", "4C", "3C", "AC"],
        ["QS", "LS", "6S", "AS", "KH", "QH", "3H", "CD", "LD", "TD", "CC", "KC", "8C", "6C", "2C"],
    ],
}
AP_LOW_SPADES_PLAY = (
    "pass pass bid bury:E bury:AS bury:QS bury:KH bury:QH bury:LS play:CS play:9S play:6S play:2S play:KS "
    "play:2H play:2C play:3S play:BS play:AH play:3H play:4S play:7S play:AC play:6C"
)
"""Seat 3 takes. Seat 0 is last to the trick 7S, AC (a discard), 6C (the taker's discard): its partner's
7S holds it, and only the 5S of its spades, all worth half a point, leaves it to the partner."""


@pytest.mark.parametrize(
    ("deal", "play", "seat", "trick", "keep", "take"),
    [
        (AP_SPADES, AP_SPADES_PLAY, 1, [(2, "7S"), (3, "5C"), (0, "6S")], {"4S"}, {"TS", "9S", "8S"}),
        (AP_LOW_SPADES, AP_LOW_SPADES_PLAY, 0, [(1, "7S"), (2, "AC"), (3, "6C")], {"5S"}, {"TS", "8S"}),
    ],
    ids=["first", "second"],
)
@pytest.mark.parametrize("level", LEVELS)
def test_apology_defenders_leave_a_partner_his_trick(
    deal: dict[str, Any],
    play: str,
    seat: int,
    trick: list[tuple[int, str]],
    keep: set[str],
    take: set[str],
    level: str,
) -> None:
    """Of cards worth the same on a trick the defence holds, the level gives one that leaves the partner
    holding it; on these deals the hand played out on the true cards ends the same after any of them."""
    game = parlour.make("apology")
    state = game.new(seed=1, deal=deal)
    for action in play.split():
        state.apply(action.replace(":", " "))
    assert state.current_player == seat
    view = state.view(seat)
    assert view.trick is not None and [(p.seat, p.card) for p in view.trick.plays] == trick
    assert {a[5:] for a in view.legal_actions} == keep | take
    assert choices(game, state, seat, level, (1, 2)) <= keep
