"""Lansquenet, audited from the seed alone: a scenario from an explicit deal for each rule statement the
existing tests leave open (banco on a standing bet, a player out of chips, bought banks kept or sold on,
take-out from a grown bank or with twins, the agreed length, Hoyle's dead cards and hand cards).

Everything goes through the public API: ``parlour.make``, ``new(deal=...)``, ``legal_actions``,
``apply``, ``view`` and the log. Seats run anticlockwise: seat s's right is s + 1 (ruling LQ-1), so in
the seed's examples Anna is seat 0, Ben 1, Carla 2 and Dan 3.
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.games.lansquenet.rules import Lansquenet
from parlour.games.lansquenet.rules import LansquenetState as State


def new(deal: dict[str, Any], seed: int = 1, **options: Any) -> State:
    game = parlour.make("lansquenet", **options)
    assert isinstance(game, Lansquenet)
    return game.new(seed=seed, deal=deal)


def play(state: State, *actions: str) -> None:
    for a in actions:
        state.apply(a)


def chips(state: State) -> list[int]:
    """Each seat's chips in hand (not counting the bank or bets on the table)."""
    view = state.view(None)
    assert view.chips is not None
    return list(view.chips)


def bank(state: State) -> int:
    return int(state.view(None).extra.bank)


def banker(state: State) -> int:
    return next(s.seat for s in state.view(None).seats if "banker" in s.roles)


def phase(state: State) -> str:
    return str(state.view(None).extra.phase)


def last_points(state: State) -> list[int]:
    return list(next(e for e in reversed(state.log) if e.kind == "hand_end").data["points"])


def kinds(state: State) -> list[str]:
    return [e.kind for e in state.log]


BANK_WINS = ["9C", "KD", "3H", "9H"]
"""The bank's card 9♣ is paired (by 9♥) before the players' card K♦."""
PLAYERS_WIN = ["9C", "KD", "3H", "KH"]
"""The players' card K♦ is paired first."""


# --- betting -----------------------------------------------------------------------------------


def test_banco_counts_the_players_standing_bet() -> None:
    """Seed: banco is putting in as many chips as the bank holds. Ruling LQ-7: a standing bet counts,
    so a player holding less than the bank may still go banco when bet and purse together reach it,
    and pays in only the difference."""
    state = new({"banker": 0, "chips": [100, 20, 100, 100], "stacks": [PLAYERS_WIN]})
    play(state, "bank 20", "bet 10", "pass", "pass")
    assert state.current_player == 1 and chips(state)[1] == 10 < bank(state)
    assert "banco" in state.legal_actions()
    play(state, "banco")
    assert "banco" in kinds(state)
    assert last_points(state) == [-20, 20, 0, 0]
    assert chips(state) == [80, 40, 100, 100]


def test_a_player_who_has_bet_every_chip_is_not_asked_again() -> None:
    """Ruling LQ-6: betting ends when every player still able to bet has passed since the last bet; a
    player whose chips are all on the table is no longer able to."""
    state = new({"banker": 0, "chips": [100, 5, 100, 100], "stacks": [BANK_WINS]})
    play(state, "bank 20", "bet 5", "pass", "pass")
    assert phase(state) == "keep" and state.current_player == 0  # the deal was played at once
    assert last_points(state) == [5, -5, 0, 0]
    assert bank(state) == 25


def test_bets_made_on_two_rounds_are_paid_as_one_when_the_bank_loses() -> None:
    """Seed: the bank pays every player as many chips as they bet (1 to 1); a bet added to on a later
    round (ruling LQ-6) is paid on its whole, and what the bets leave of the bank goes back to the
    banker (ruling LQ-12)."""
    state = new({"banker": 0, "stacks": [PLAYERS_WIN]})
    play(state, "bank 30", "bet 4", "bet 6", "pass", "bet 5", "pass", "pass", "pass")
    assert last_points(state) == [-15, 9, 6, 0]
    assert chips(state) == [85, 109, 106, 100] and bank(state) == 0
    assert banker(state) == 1 and phase(state) == "bank"


# --- a bought bank -------------------------------------------------------------------------------


def anna_sells_to_carla() -> State:
    """Anna (seat 0) banks 10, Ben bets 10 and loses: her bank holds 20 and she stops. Ben passes and
    Carla (seat 2) buys the bank for 20; Dan bets the whole 20 and loses, so Carla's bank holds 40."""
    state = new({"banker": 0, "stacks": [BANK_WINS, ["5C", "8D", "5H"], ["2C", "3D", "3H"]]})
    play(state, "bank 10", "bet 10", "stop", "pass", "buy")
    assert banker(state) == 2 and bank(state) == 20 and state.view(None).extra.starter == 0
    assert state.current_player == 3  # betting starts on the buyer's right
    play(state, "bet 20")
    assert bank(state) == 40 and phase(state) == "keep" and state.current_player == 2
    return state


def test_a_bought_bank_kept_after_a_win_passes_from_the_player_who_started_it() -> None:
    """Seed: if the bank had been bought, count from the player who originally started it. Carla keeps
    her bought bank, then loses: it goes to Ben, on Anna's right, not to Dan on Carla's (ruling LQ-14)."""
    state = anna_sells_to_carla()
    play(state, "keep", "bet 10", "pass", "pass", "pass")
    assert last_points(state) == [0, 0, -10, 10]
    assert banker(state) == 1 and phase(state) == "bank" and state.current_player == 1
    assert chips(state) == [110, 90, 110, 90]
    # ruling LQ-15: buying is not starting the bank
    assert state.view(None).extra.banks_started == [1, 1, 0, 0]


def test_a_bought_bank_sold_on_is_offered_from_the_buyers_right_and_unsold_passes_from_the_starter() -> None:
    """Seed: a banker who has won may stop; the one nearest on *the banker's* right may buy first; if
    nobody buys, the bank passes to the right of the player who originally started it (ruling LQ-14)."""
    state = anna_sells_to_carla()
    play(state, "stop")
    assert chips(state) == [110, 90, 120, 80] and bank(state) == 0
    offered = []
    while phase(state) == "buy":
        offered.append(state.current_player)
        play(state, "pass")
    assert offered == [3, 0, 1]  # Dan, then Anna herself, then Ben
    assert "unsold" in kinds(state)
    assert banker(state) == 1 and phase(state) == "bank"  # Ben, on Anna's right; not Dan


# --- take-out and twins --------------------------------------------------------------------------


def test_takeout_from_a_grown_bank_takes_out_only_the_same_rank_deals_winnings() -> None:
    """Seed: after a win from a same-rank start the banker may take *those* winnings out. Ruling LQ-13:
    the bank returns to what it held as that deal began, earlier winnings staying in."""
    state = new({"banker": 0, "stacks": [BANK_WINS, ["JC", "JD"]]})
    play(state, "bank 10", "bet 10", "keep")
    assert bank(state) == 20
    play(state, "bet 5", "pass", "pass", "pass")
    assert "same_rank" in kinds(state) and bank(state) == 25
    assert state.legal_actions() == ["keep", "takeout", "stop"]
    play(state, "takeout")
    assert bank(state) == 20 and chips(state) == [95, 85, 100, 100]
    assert phase(state) == "bet" and state.current_player == 1


def test_twins_then_takeout_takes_out_the_half_won() -> None:
    """Twins (ruling LQ-11): a same-rank start takes half of each bet and the odd chip; the take-out
    (ruling LQ-13) then returns exactly that to the banker."""
    state = new({"banker": 0, "stacks": [["JC", "JD"]]}, twins=True)
    play(state, "bank 10", "bet 3", "pass", "pass", "pass")
    assert last_points(state) == [2, -2, 0, 0] and bank(state) == 12
    play(state, "takeout")
    assert bank(state) == 10 and chips(state) == [92, 98, 100, 100]


# --- the session's length ------------------------------------------------------------------------


def test_a_void_deal_counts_for_a_session_of_agreed_deals() -> None:
    """Ruling LQ-8: nobody bets, no cards are turned, and it is one of the agreed deals (ruling LQ-16)."""
    state = new({"banker": 0}, length="deals", deals=1)
    play(state, "bank 10", "pass", "pass", "pass")
    assert state.is_over and "void" in kinds(state)
    assert not {"bank_card", "players_card", "turn"} & set(kinds(state))
    assert state.scores == [100.0] * 4 and state.winners == []  # every seat level: a draw


def test_a_winning_banker_is_not_cut_off_when_the_agreed_banks_are_reached() -> None:
    """Ruling LQ-16: with ``rounds=1`` the session ends once every player has started the bank once,
    but only when the bank is about to pass: the last banker keeps winning banks as long as he likes."""
    stacks = [PLAYERS_WIN, ["5C", "8D", "5H"], ["2C", "3D", "2H"]]
    state = new({"banker": 0, "chips": [100, 100], "stacks": stacks}, players=2, rounds=1)
    play(state, "bank 10", "bet 10")
    assert banker(state) == 1 and not state.is_over
    play(state, "bank 10", "bet 10")
    assert state.view(None).extra.banks_started == [1, 1]
    assert phase(state) == "keep" and not state.is_over
    play(state, "keep", "bet 5", "pass")
    assert bank(state) == 25 and phase(state) == "keep" and not state.is_over
    play(state, "stop", "pass")  # seat 0 does not buy: the bank would pass, and the session ends
    assert state.is_over and state.scores == [75.0, 125.0] and state.winners == [1]


@pytest.mark.parametrize("seed", range(6))
def test_only_players_holding_chips_draw_for_the_first_bank(seed: int) -> None:
    """Seed: whoever draws the highest card banks first; ruling LQ-4: a player without chips sits out,
    so draws neither for the bank nor is given it."""
    state = new({"chips": [0, 50, 0, 50]}, seed=seed)
    drawers = {e.data["seat"] for e in state.log if e.kind == "draw"}
    assert drawers == {1, 3}
    assert banker(state) in (1, 3) and state.current_player == banker(state)


# --- Hoyle's game ------------------------------------------------------------------------------


def table_cards(state: State) -> list[list[str]]:
    """The table zones of Hoyle's game: the hand cards, then each card laid out (the réjouissance first)."""
    return [[str(c) for c in z.cards] for z in state.view(None).zones_of("table")]


def test_hoyle_a_card_matched_without_bets_is_dead_and_its_rank_is_not_laid_out_again() -> None:
    """Seed: every further card that matches none on the table is laid out. Rulings LQ-20, LQ-21: the
    réjouissance 7♥, bet on by nobody, is matched by 7♠ all the same; the 7♦ after it is dead (it goes
    to the pile), and the next card laid out for bets is the 8♦."""
    stack = ["2C", "3C", "KC", "7H", "7S", "7D", "8D", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "pass", "pass", "pass")
    assert phase(state) == "hbet" and state.current_player == 1
    assert table_cards(state) == [["2C", "3C"], ["7H"], ["8D"]]
    pile = state.view(None).zone("pile")
    assert pile is not None and list(pile.cards) == ["7S", "7D"]
    play(state, "bet 5", "pass", "pass")
    # K♦ pairs the bank's card: the banker pays the 8♦'s bet 1 to 1 (ruling LQ-21)
    assert last_points(state) == [-5, 5, 0, 0]
    assert banker(state) == 1  # the hand cards were not matched: the deal passes right


def test_hoyle_the_bank_card_matched_at_once_pays_the_rejouissance_bets() -> None:
    """Seed: as soon as the bank's own card is matched, the banker pays all bets still standing."""
    stack = ["2C", "3C", "KC", "7H", "KS"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "bet 4", "pass", "bet 2")
    assert last_points(state) == [-6, 4, 0, 2]
    assert chips(state)[:2] == [94, 104] and banker(state) == 1


def test_hoyle_one_hand_card_matched_twice_is_not_both_hand_cards() -> None:
    """Seed: only both hand cards matched before the bank's card let the banker deal again (ruling
    LQ-22); the first hand card matched three times does not."""
    stack = ["2C", "3C", "KC", "7H", "2D", "2H", "2S", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "pass", "pass", "pass")
    assert state.view(None).extra.last_result == "bank's card matched"
    assert banker(state) == 1 and phase(state) != "keep"


def test_hoyle_both_hand_cards_matched_the_banker_may_stop_and_the_deal_passes_right_unsold() -> None:
    """Ruling LQ-22: after both hand cards are matched first the banker may keep or stop; a stop
    passes the deal to the right, with no sale (there is no bank to sell) and no take-out."""
    stack = ["2C", "3C", "KC", "7H", "2D", "3D", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "pass", "pass", "pass")
    assert phase(state) == "keep" and state.legal_actions() == ["keep", "stop"]
    play(state, "stop")
    assert "buy" not in kinds(state) and phase(state) == "hbet"
    assert banker(state) == 1 and state.current_player == 2  # seat 1 deals; seat 2, on its right, bets
    assert state.view(None).extra.banks_started == [1, 1, 0, 0]
