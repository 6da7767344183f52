"""Lansquenet, a third audit from the seed alone: the sentences the first two audits leave open.

The tips' promise that a covered bank doubles and one loss empties it, the buyer shuffling with the
player on the buyer's left cutting, take-out on a bought bank, twins on odd bets, Hoyle's betting on
the card just laid out and on no card a hand card pairs, and what a player sees: no view names a card
before it is turned, and the log's words for Hoyle's game speak of no bank.

Everything goes through the public API (``parlour.make``, ``new(deal=...)``, the legal actions and
ranges, ``apply``, ``view(seat)`` and the log's words). Seats run anticlockwise: seat s's right is
s + 1 (ruling LQ-1); in the seed's examples Anna is seat 0, Ben 1, Carla 2 and Dan 3.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import parlour
from parlour.cards import FRENCH_52
from parlour.games.lansquenet.rules import LansquenetState as State
from tests.audit_support import bank, banker, chips, phase, play

BANK_WINS = ["9C", "KD", "3H", "7S", "9H"]
"""The seed's example: the bank's card 9♣ is paired (by 9♥) before the players' card K♦."""
PLAYERS_WIN = ["5C", "QD", "8S", "QH"]
"""The players' card Q♦ is paired (by Q♥) first."""
CARD_KINDS = frozenset({"bank_card", "players_card", "turn", "hand_card", "rejouissance", "lay_out", "bury"})
"""The events that turn a card face up during a deal."""


def new(deal: dict[str, Any], seed: int = 1, **options: Any) -> State:
    state: State = parlour.make("lansquenet", **options).new(seed=seed, deal=deal)
    return state


def total(state: State) -> int:
    """Every chip at the table, wherever it lies (purses, the bank, bets): it never changes (LQ-2)."""
    return sum(int(s) for s in state.scores)


def last_points(state: State) -> list[int]:
    return list(next(e for e in reversed(state.log) if e.kind == "hand_end").data["points"])


def words(state: State, kind: str) -> list[str]:
    """What a player reads in the log for every public event of ``kind``."""
    return [state.event_words(e) for e in state.events(None) if e.kind == kind]


# --- the tips: a covered bank doubles, one loss costs everything in it ---------------------------


def test_a_covered_bank_doubles_with_each_win_and_one_loss_costs_the_banker_everything_in_it() -> None:
    """ "A winning bank can double with each win, but one loss costs the banker everything in it." With
    the bets covering the bank each time: 10, 20, 40, then a loss leaves the banker none of it and the
    bank passes to the right."""
    state = new({"banker": 0, "stacks": [BANK_WINS, BANK_WINS, PLAYERS_WIN]})
    start = total(state)
    play(state, "bank 10", "banco")
    assert bank(state) == 20
    play(state, "keep", "bet 15", "banco")  # Carla's banco sends Ben's 15 back
    assert bank(state) == 40 and chips(state) == [90, 90, 80, 100]
    play(state, "keep", "pass", "pass", "banco")
    assert last_points(state) == [-40, 0, 0, 40]
    assert chips(state) == [90, 90, 80, 140] and bank(state) == 0  # Anna ends 10 down: her first bank
    assert banker(state) == 1 and phase(state) == "bank"
    assert total(state) == start


# --- a bought bank -------------------------------------------------------------------------------


def test_the_buyer_shuffles_and_the_player_on_the_buyers_left_cuts() -> None:
    """ "The banker shuffles, the player on the banker's left cuts": once Dan has bought Anna's bank,
    Dan is the banker who shuffles, and Carla (on Dan's left, seat 2) cuts, not Anna's left-hand Dan."""
    state = new({"banker": 0, "stacks": [BANK_WINS]})
    play(state, "bank 10", "bet 6", "bet 4", "stop", "pass", "pass", "buy", "bet 5", "pass", "pass", "pass")
    cuts = [e.data["seat"] for e in state.events(None) if e.kind == "cut"]
    assert cuts == [2]
    assert words(state, "cut") == ["seat 2, on the banker's left, cuts"]


def test_a_bought_bank_may_take_out_a_same_rank_win_down_to_the_price_paid() -> None:
    """ "If the win came from two cards of the same rank at the start, the banker may take those
    winnings out instead" - a buyer too: Ben buys Anna's bank of 20, his first deal starts 7♠ 7♦ and wins
    8; he takes the 8 out and deals again with the 20 he paid (ruling LQ-13)."""
    state = new({"banker": 0, "stacks": [BANK_WINS, ["7S", "7D", "7H"]]})
    start = total(state)
    play(state, "bank 10", "bet 6", "bet 4", "stop", "buy")
    assert banker(state) == 1 and bank(state) == 20
    play(state, "bet 3", "bet 5", "pass", "pass", "pass")
    assert bank(state) == 28 and "takeout" in state.legal_actions()
    play(state, "takeout")
    assert bank(state) == 20 and chips(state) == [110, 82, 93, 95]
    assert phase(state) == "bet" and state.current_player == 2  # Ben deals again; Carla bets first
    assert total(state) == start


# --- twins on odd bets ----------------------------------------------------------------------------


def test_twins_odd_bets_give_the_bank_half_and_the_odd_chip() -> None:
    """Twins: "two cards of the same rank at the start win the bank only half of each bet, not all of
    it". Ruling LQ-11 gives the bank the odd chip of an odd bet, so a bet of 1 loses all of it - against
    the seed's "not all of it" (a point the report raises); a bet of 3 loses 2, of 5 loses 3."""
    state = new({"banker": 0, "stacks": [["QC", "QH"]]}, twins=True)
    start = total(state)
    play(state, "bank 20", "bet 1", "bet 3", "bet 5", "pass", "pass", "pass")
    assert last_points(state) == [6, -1, -2, -3] and bank(state) == 26
    assert total(state) == start


# --- Hoyle's game ---------------------------------------------------------------------------------


def test_hoyle_a_laid_out_card_opens_one_round_of_bets_on_itself_alone() -> None:
    """ "Every further card that matches none on the table is laid out too, and players may bet on it."
    Ruling LQ-20: one round per new card, on that card alone: Ben's and Carla's bets go on the 8♦, not
    the réjouissance, and Dan, who passed on the réjouissance, is not asked about it again."""
    stack = ["2C", "3C", "KC", "7H", "8D", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    start = total(state)
    play(state, "bet 4", "pass", "pass")  # on the réjouissance 7♥
    assert state.view(None).extra.laid_out_bets == [[0, 4, 0, 0], [0, 0, 0, 0]]
    decision = state.view(1).decision  # (situ-2: the bet is asked in the prompt)
    assert state.current_player == 1 and decision is not None and "8♦" in decision.prompt
    play(state, "bet 2", "bet 6", "pass")  # on the 8♦; then K♦ pairs the bank's card
    assert last_points(state) == [-12, 6, 6, 0]
    assert chips(state) == [88, 106, 106, 100] and banker(state) == 1
    assert total(state) == start


def test_hoyle_a_card_pairing_a_hand_card_is_not_laid_out_and_opens_no_bets() -> None:
    """ "Every further card that matches none on the table is laid out": the 2♥ pairs a hand card, so it
    carries no bets and no one is asked; the next fresh card (9♠) is laid out and bet on."""
    stack = ["2C", "3C", "KC", "7H", "2H", "9S", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "pass", "pass", "pass")
    view = state.view(None)
    assert [z.cards for z in view.zones if z.kind == "table"] == [["2C", "3C"], ["7H"], ["9S"]]
    assert view.extra.hand_matched == [True, False]
    decision = state.view(1).decision  # (situ-2: the bet is asked in the prompt)
    assert state.current_player == 1 and decision is not None and "9♠" in decision.prompt


def test_hoyle_the_words_for_dealing_again_name_no_bank() -> None:
    """ "If both hand cards are matched before the bank's card, the banker may deal again": the log should
    say the banker deals again, not that a bank (there is none in Hoyle's game) of 0 is kept."""
    stack = ["2C", "3C", "KC", "7H", "2H", "3H", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "pass", "pass", "pass")
    assert state.legal_actions() == ["keep", "stop"]
    play(state, "keep")
    (said,) = words(state, "keep")
    assert "deals again" in said and "bank" not in said


# --- what a player sees ---------------------------------------------------------------------------


def card_codes(value: object) -> Iterator[str]:
    """Every card code named anywhere in a view's data (as a whole string, or a word of one)."""
    if isinstance(value, str):
        yield from (w for w in value.replace(",", " ").split() if w in FRENCH_52.cards)
    elif isinstance(value, dict):
        for v in value.values():
            yield from card_codes(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from card_codes(v)


def shown_so_far(state: State) -> set[str]:
    """The cards the log has turned face up so far."""
    return {str(e.data["card"]) for e in state.events(None) if e.kind in CARD_KINDS}


@pytest.mark.parametrize(
    ("options", "stacks", "moves"),
    [
        (
            {},
            [BANK_WINS, ["JS", "JH", "AD"], PLAYERS_WIN],
            [
                "bank 10",
                "bet 6",
                "pass",
                "pass",
                "pass",
                "keep",
                "bet 4",
                "pass",
                "pass",
                "pass",
                "takeout",
                "bet 2",
                "pass",
                "pass",
                "pass",
            ],
        ),
        (
            {"variant": "hoyle"},
            [["2C", "3C", "KC", "7H", "8D", "2H", "3H", "8S", "KD", "AS"], ["4C", "5C", "6C", "9H", "6D"]],
            ["bet 4", "pass", "pass", "bet 1", "bet 2", "pass", "keep", "pass", "pass", "pass"],
        ),
    ],
)
def test_no_view_names_a_card_before_it_is_turned(
    options: dict[str, Any], stacks: list[list[str]], moves: list[str]
) -> None:
    """Everything in Lansquenet is face up but the stock: at every decision, for every seat, the view
    names only cards the log has turned (here, the stacked cards still to come are never named), the
    stock lists no card, and every seat sees the table alike. Chips are conserved throughout."""
    state = new({"banker": 0, "stacks": stacks}, **options)
    start = total(state)
    named: set[str] = set()
    for move in [*moves, None]:
        seen = shown_so_far(state)
        views = [state.view(s).to_dict() for s in range(state.num_players)]
        for v in views:
            named |= set(card_codes(v))
            assert set(card_codes(v)) <= seen
            (stock,) = [z for z in v["zones"] if z["kind"] == "stock"]
            assert stock["cards"] == []
        assert all(v["zones"] == views[0]["zones"] for v in views)
        assert total(state) == start
        if move is not None:
            play(state, move)
    assert named >= set(stacks[0][:2])  # the views do name the cards turned
    assert {c for stack in stacks for c in stack} - shown_so_far(state)  # some stacked cards stay unturned


def test_hoyle_an_opening_card_repeating_a_hand_card_is_buried_and_does_not_match_it() -> None:
    """The seed deals two hand cards, the bank's card and the réjouissance, and lays out only cards that
    "match none on the table". Ruling LQ-18 buries any opening card repeating a rank already out: here
    the 5♥ after the hand cards 5♣ 9♦ is buried (the bank's card is the K♣ after it) and does not count
    as matching the 5♣ (a point the report raises); the 9♠ and 5♠ then match both hand cards before the
    K♦ pairs the bank's card, so the banker may deal again."""
    stack = ["5C", "9D", "5H", "KC", "7H", "9S", "5S", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    view = state.view(None)
    assert [z.cards for z in view.zones if z.kind in ("bank", "table", "pile")] == [
        ["KC"],
        ["5C", "9D"],
        ["7H"],
        ["5H"],
    ]
    assert view.extra.hand_matched == [False, False]
    assert words(state, "bury") == ["5♥ repeats a rank already out and is buried"]
    play(state, "pass", "pass", "pass")
    assert state.current_player == 0 and state.legal_actions() == ["keep", "stop"]
    assert last_points(state) == [0, 0, 0, 0]
