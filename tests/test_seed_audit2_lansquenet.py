"""A second audit of Lansquenet against the seed's own words (shared/seeds/lansquenet.txt).

Each test plays a rule of the seed out from an explicit deal through the public API (``parlour.make``,
``new(deal=...)``, ``legal_actions``/``legal_ranges``, ``apply``, ``view``, the log and the chips) and
asserts what the seed says, quoted beside it. Where the seed is silent the test names the ruling of
docs/rulings.md it leans on. What the first audit (tests/test_seed_audit_lansquenet.py) checks the same
way is left out. Seats run anticlockwise: seat s's right is s + 1 (ruling LQ-1), so in the seed's
examples Anna is seat 0, Ben 1, Carla 2 and Dan 3. The last part feeds the public API bad input: each
must be refused with a clear error, nothing changed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import parlour
from parlour.cards import FRENCH_52
from parlour.engine import (
    ForbiddenAction,
    IllegalAction,
    InvalidDeal,
    InvalidOption,
    InvalidSave,
    MalformedAction,
    State,
)
from tests.audit_support import bank, banker, chips, phase, play, refused

BANK_WINS = ["9C", "KD", "3H", "7S", "9H"]
"""The seed's example: the bank's card 9♣, the players' card K♦, then 3♥, 7♠ and 9♥, pairing the 9♣."""
PLAYERS_WIN = ["5C", "QD", "8S", "QH"]
"""The players' card Q♦ is paired (by Q♥) first."""


def new(deal: dict[str, Any], seed: int = 1, **options: Any) -> State:
    state: State = parlour.make("lansquenet", **options).new(seed=seed, deal=deal)
    return state


def this_deal(state: State) -> list[tuple[str, dict[str, Any]]]:
    """The public events since the last deal's cards were stacked or shuffled."""
    log = [e for e in state.log if e.to is None]
    start = max(i for i, e in enumerate(log) if e.kind in ("stacked", "shuffle"))
    return [(e.kind, dict(e.data)) for e in log[start:]]


def last_points(state: State) -> list[int]:
    return list(next(e for e in reversed(state.log) if e.kind == "hand_end").data["points"])


# --- the table ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 10])
def test_two_to_ten_players_one_banker_and_the_others_bet(players: int) -> None:
    """ "Players: 2-10 - one banker and any number of players": every seat but the banker's is asked to
    bet, in turn."""
    state = new({"banker": 0}, players=players)
    play(state, "bank 10")
    asked = []
    while phase(state) == "bet":
        asked.append(state.current_player)
        state.apply("pass")
    assert asked == list(range(1, players))


def test_one_pack_of_fifty_two_and_about_a_hundred_chips_each() -> None:
    """ "one standard 52-card deck without jokers, and chips ... about 100 per person"."""
    state = new({})
    cards = state.inventory()
    chips_in = cards.pop("chips", None)
    assert sum(cards.values()) == 52 and set(cards.values()) == {1}
    assert {c[0] for c in cards} == set("AKQJT98765432") and {c[1] for c in cards} == set("SHDC")
    assert chips_in == 400
    assert state.scores == [100.0] * 4


def test_the_first_banker_drew_the_highest_card() -> None:
    """ "Choose the first banker, for example whoever draws the highest card" (ace high: ruling LQ-5)."""
    order = "AKQJT98765432"
    for seed in range(8):
        state = new({}, seed=seed)
        drawn: dict[int, str] = {}
        for e in state.log:
            if e.kind == "draw":
                drawn[e.data["seat"]] = e.data["card"]  # the last draw of each seat (ties draw again)
        first = banker(state)
        assert order.index(drawn[first][0]) == min(order.index(c[0]) for c in drawn.values())


# --- the bank and the bets --------------------------------------------------------------------------


def test_the_banker_puts_up_any_number_of_chips_up_to_what_he_holds() -> None:
    """ "The banker puts their bank in the middle - any number of chips they are willing to lose"."""
    state = new({"banker": 1, "chips": [100, 37, 100, 100]})
    assert state.current_player == 1 and state.legal_actions() == []
    (offer,) = state.legal_ranges()
    assert (offer.verb, offer.low, offer.high) == ("bank", 1, 37)
    state.apply("bank 37")
    assert bank(state) == 37 and chips(state)[1] == 0


def test_betting_starts_on_the_bankers_right_and_goes_round_as_often_as_needed() -> None:
    """ "Starting with the player on the banker's right and going round anticlockwise ... Betting goes
    round as often as needed": with seat 2 banking among five, seats 3, 4, 0, 1 in turn; a bet opens a
    new round, so a player who passed is asked again (ruling LQ-6), until everyone passes."""
    state = new({"banker": 2}, players=5)
    play(state, "bank 20")
    asked = []
    for action in ["bet 3", "pass", "pass", "pass", "bet 2", "pass", "pass", "pass", "pass"]:
        asked.append(state.current_player)
        state.apply(action)
    assert asked == [3, 4, 0, 1, 3, 4, 0, 1, 3]
    assert phase(state) != "bet"
    assert last_points(state)[3] in (5, -5)  # seat 3's two bets, one stake, won or lost


def test_bets_together_may_not_exceed_the_bank_and_reaching_it_ends_the_betting() -> None:
    """ "bet part of it - any amount, as long as all the bets together are no more than the bank ...
    until ... the bets add up to the bank"."""
    state = new({"banker": 0, "stacks": [PLAYERS_WIN]})
    play(state, "bank 10", "bet 7")
    (offer,) = state.legal_ranges()
    assert (offer.verb, offer.high) == ("bet", 3)
    assert "exceed the bank" in refused(state, "bet 4", ForbiddenAction)
    play(state, "bet 3")
    assert 3 not in [e.data.get("seat") for e in state.log if e.kind in ("bet", "pass")]
    assert last_points(state) == [-10, 7, 3, 0]


def test_banco_sends_every_other_bet_back_and_plays_alone() -> None:
    """ "bet the whole bank - put in as many chips as the bank holds. All other bets are then taken back,
    and this player alone plays against the bank"."""
    state = new({"banker": 0, "stacks": [PLAYERS_WIN]})
    play(state, "bank 10", "bet 3", "bet 4")
    assert state.legal_actions() == ["banco", "pass"]
    play(state, "banco")
    assert last_points(state) == [-10, 0, 0, 10]
    assert chips(state)[1:] == [100, 100, 110]


def test_banco_is_refused_to_a_player_who_cannot_put_in_the_whole_bank() -> None:
    """Banco means putting in "as many chips as the bank holds" (ruling LQ-7)."""
    state = new({"banker": 0, "chips": [100, 9, 100, 100]})
    play(state, "bank 10")
    assert state.legal_actions() == ["pass"]
    assert "banco" in refused(state, "banco", ForbiddenAction)


# --- the deal ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("banker_seat", "cutter"), [(0, 3), (2, 1)])
def test_the_banker_shuffles_and_the_player_on_his_left_cuts(banker_seat: int, cutter: int) -> None:
    """ "The banker shuffles, the player on the banker's left cuts" (the left is the next lower seat,
    ruling LQ-1; where the cut falls is chance, ruling LQ-9)."""
    state = new({"banker": banker_seat})
    play(state, "bank 10", "bet 1", "pass", "pass", "pass")
    kinds = [k for k, _ in this_deal(state)]
    cut = dict(this_deal(state))["cut"]
    assert kinds[:2] == ["shuffle", "cut"] and cut["seat"] == cutter


@pytest.mark.parametrize(("packs", "shuffles"), [(1, 3), (6, 1)])
def test_one_pack_is_shuffled_before_every_deal_a_shoe_only_at_the_reserve(packs: int, shuffles: int) -> None:
    """ "In the old game about six decks were shuffled together; one deck works just as well if you shuffle
    before every deal" (a shoe is shuffled again only at the reserve point, ruling LQ-10)."""
    state = new({"banker": 0}, seed=3, packs=packs)
    deals = 0
    while deals < 3:
        play(state, "bank 10", "bet 1", "pass", "pass", "pass")
        deals += 1
        if phase(state) == "keep":
            play(state, "stop", "pass", "pass", "pass")
    kinds = [e.kind for e in state.log if e.kind in ("shuffle", "cut", "bank_card")]
    assert kinds.count("bank_card") == 3 and kinds.count("shuffle") == shuffles
    assert kinds.count("cut") == shuffles


def test_the_seeds_example_anna_takes_ten_and_her_bank_holds_twenty() -> None:
    """ "Anna is banker with 10 chips. Ben bets 6 and Carla 4 ... The bank's card is the 9♣, the players'
    card the K♦. Anna turns up 3♥, 7♠, then 9♥ - the bank's card is matched. Anna takes the 10 chips; her
    bank now holds 20." Suits do not matter: the 9♥ pairs the 9♣."""
    state = new({"banker": 0, "stacks": [BANK_WINS]})
    play(state, "bank 10", "bet 6", "bet 4")
    events = this_deal(state)
    assert [d["card"] for k, d in events if k in ("bank_card", "players_card", "turn")] == BANK_WINS
    assert bank(state) == 20 and chips(state) == [90, 94, 96, 100]
    assert state.current_player == 0 and "keep" in state.legal_actions()


def test_the_first_card_is_the_banks_and_the_second_the_players() -> None:
    """ "The first card is the bank's card ... The second card is the players' card": the same cards the
    other way round lose the deal for the bank."""
    state = new({"banker": 0, "stacks": [["KD", "9C", "3H", "7S", "9H"]]})
    play(state, "bank 10", "bet 6", "bet 4")
    assert last_points(state) == [-10, 6, 4, 0]
    view = state.view(None)
    assert [(z.label, z.cards) for z in view.zones if z.kind in ("bank", "table")] == [
        ("the bank's card, last deal", ["KD"]),
        ("the players' card, last deal", ["9C"]),
    ]


def test_two_cards_of_the_same_rank_at_the_start_win_every_bet_at_once() -> None:
    """ "If these two cards have the same rank (say, two Jacks), the bank wins all the bets at once":
    no further card is turned."""
    state = new({"banker": 0, "stacks": [["JC", "JD", "JH"]]})
    play(state, "bank 10", "bet 2", "bet 3", "bet 1", "pass", "pass", "pass")
    kinds = [k for k, _ in this_deal(state)]
    assert "turn" not in kinds and "same_rank" in kinds
    assert last_points(state) == [6, -2, -3, -1] and bank(state) == 16


def test_the_first_two_cards_pair_in_one_deal_in_seventeen() -> None:
    """ "in about 1 deal in 17 the first two cards have the same rank and the bank takes everything": after
    any first card, 3 of the 51 cards left pair it (3/51 = 1/17 exactly, ruling LQ-24). Every possible
    second card is dealt on the engine."""
    for first in ("9C", "AS"):
        won_at_once = 0
        for second in (c for c in FRENCH_52.cards if c != first):
            state = new({"banker": 0, "stacks": [[first, second]]}, players=2)
            play(state, "bank 5", "bet 5")
            won_at_once += any(e.kind == "same_rank" for e in state.log)
        assert won_at_once * 17 == 51


def test_a_losing_bank_pays_every_bet_one_to_one_and_passes_to_the_right() -> None:
    """ "It matches the players' card: the bank loses - the banker pays every player as many chips as
    they bet (1 to 1)"; "The bank lost: the bank passes to the next player on the right, who decides how
    big a bank to put up". What the bets did not take goes back to the banker (ruling LQ-12)."""
    state = new({"banker": 0, "stacks": [PLAYERS_WIN]})
    play(state, "bank 10", "bet 3", "pass", "bet 5", "pass", "pass", "pass")
    assert chips(state) == [92, 103, 100, 105]
    assert banker(state) == 1 and phase(state) == "bank"
    (offer,) = state.legal_ranges()
    assert (offer.verb, offer.low, offer.high) == ("bank", 1, 103)


def test_cards_that_match_neither_do_not_matter() -> None:
    """ "Cards that match neither don't matter": a long run of other ranks before the match."""
    run = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "TS", "JS", "AS", "2H", "3H"]
    state = new({"banker": 0, "stacks": [["9C", "KD", *run, "KH"]]})
    play(state, "bank 10", "bet 4", "pass", "pass", "pass")
    assert [d["card"] for k, d in this_deal(state) if k == "turn"] == [*run, "KH"]
    assert last_points(state) == [-4, 4, 0, 0]


# --- passing the bank -------------------------------------------------------------------------------


def test_a_winning_banker_keeps_the_bank_with_the_winnings_in_it() -> None:
    """ "The bank won: the banker may keep the bank and deal again. The winnings stay in: the bank now
    holds the old bank plus everything won" - and the next bets may cover all of it."""
    state = new({"banker": 0, "stacks": [BANK_WINS]})
    play(state, "bank 10", "bet 6", "bet 4", "keep")
    assert bank(state) == 20 and phase(state) == "bet" and state.current_player == 1
    (offer,) = state.legal_ranges()
    assert (offer.verb, offer.high) == ("bet", 20)


def test_a_kept_bank_nobody_bets_against_is_taken_back_and_passes_on_unsold() -> None:
    """The seed has no rule for a deal nobody bets on; ruling LQ-8 voids it and passes the bank on - even
    after the banker kept a winning bank, who thus leaves it without the sale the seed gives a banker
    who stops (a point a careful player could settle differently: see the audit's report)."""
    state = new({"banker": 0, "stacks": [BANK_WINS]})
    play(state, "bank 10", "bet 5", "pass", "pass", "pass", "keep")
    assert bank(state) == 15
    play(state, "pass", "pass", "pass")
    assert "buy" not in state.legal_actions()
    assert banker(state) == 1 and phase(state) == "bank" and chips(state) == [105, 95, 100, 100]


def test_the_seeds_example_dan_buys_annas_bank_loses_and_the_bank_goes_to_ben() -> None:
    """ "Anna's bank now holds 20 and she stops. Dan buys the bank and puts up 20 chips; Anna keeps her 20.
    Dan loses his first deal, paying out his bets, so the bank passes to Ben, who sits on the right of
    Anna - she started this bank." Ben and Carla, nearer on Anna's right, are asked first."""
    state = new({"banker": 0, "stacks": [BANK_WINS, PLAYERS_WIN]})
    play(state, "bank 10", "bet 6", "bet 4", "stop")
    assert chips(state) == [110, 94, 96, 100]
    asked = []
    for action in ("pass", "pass", "buy"):
        asked.append(state.current_player)
        state.apply(action)
    assert asked == [1, 2, 3]
    assert banker(state) == 3 and bank(state) == 20 and chips(state) == [110, 94, 96, 80]
    assert state.current_player == 0  # Dan's right is Anna
    play(state, "bet 5", "pass", "pass", "pass")
    assert last_points(state) == [5, 0, 0, -5]
    assert banker(state) == 1 and phase(state) == "bank"
    assert chips(state) == [115, 94, 96, 95]


def test_a_bank_nobody_buys_passes_to_the_right_of_its_starter() -> None:
    """ "If nobody buys it, the bank passes to the right of the player who originally started it"."""
    state = new({"banker": 2, "stacks": [BANK_WINS]})
    play(state, "bank 10", "bet 6", "bet 4", "stop", "pass", "pass", "pass")
    assert banker(state) == 3 and phase(state) == "bank" and chips(state)[2] == 110


def test_only_a_banker_who_has_won_may_stop() -> None:
    """ "Selling the bank: a banker who has won may also stop": after a loss there is nothing to stop."""
    state = new({"banker": 0, "stacks": [PLAYERS_WIN]})
    play(state, "bank 10", "bet 1", "pass", "pass", "pass")
    assert "stop" not in state.legal_actions()
    refused(state, "stop", ForbiddenAction)


def test_a_bank_is_offered_only_at_its_size() -> None:
    """ "Any other player may then buy the bank by putting up a bank of the same size": whoever cannot
    put up 20 is not asked (ruling LQ-14)."""
    state = new({"banker": 0, "chips": [100, 100, 15, 100], "stacks": [BANK_WINS]})
    play(state, "bank 10", "bet 6", "bet 4", "stop")
    assert state.current_player == 1
    play(state, "pass")
    assert state.current_player == 3


# --- the end ---------------------------------------------------------------------------------------


def test_a_session_until_each_player_has_held_the_bank_three_times() -> None:
    """ "Agree beforehand how long to play - for example until each player has held the bank three times
    ... Whoever then has the most chips wins" (option rounds=3, ruling LQ-16). Every bank here loses."""
    state = new({"banker": 0, "stacks": [PLAYERS_WIN] * 6}, players=2, rounds=3)
    bets = iter([1, 2, 3, 1, 1, 1])
    while not state.is_over:
        play(state, "bank 5", f"bet {next(bets)}", "pass")
    view = state.view(None)
    assert view.extra.banks_started == [3, 3] and view.extra.deals_played == 6
    # seat 1 wins its bets of 1, 3, 1 on seat 0's banks; seat 0 its bets of 2, 1, 1 on seat 1's
    assert state.scores == [100 - 5 + 4, 100 + 5 - 4]
    assert state.winners == [1]


# --- the variants -----------------------------------------------------------------------------------


def test_twins_a_same_rank_start_wins_only_half_of_each_bet() -> None:
    """ "Twins (jumelle): ... two cards of the same rank at the start win the bank only half of each bet,
    not all of it" (even bets here; odd bets: ruling LQ-11)."""
    state = new({"banker": 0, "stacks": [["JC", "JD"]]}, twins=True)
    play(state, "bank 20", "bet 6", "bet 4", "bet 2", "pass", "pass", "pass")
    assert last_points(state) == [6, -3, -2, -1] and bank(state) == 26


def test_hoyle_the_rejouissance_and_later_cards_carry_bets_the_banker_covering_them() -> None:
    """Hoyle's game: "the banker deals two cards to their left for the players (the hand cards), one for
    the bank, and a fourth in the middle, the réjouissance card, on which everyone may bet; the banker
    covers the bets. Every further card that matches none on the table is laid out too, and players may
    bet on it. Whenever a card on which players have bet is matched, the bank wins the bets on it. As
    soon as the bank's own card is matched, the banker pays all bets still standing and the deal ends."
    The banker holds 12, so the bets on the table stay within 12 (ruling LQ-17)."""
    stack = ["2C", "3C", "KC", "7H", "8D", "7S", "KD"]
    state = new({"banker": 0, "chips": [12, 100, 100, 100], "stacks": [stack]}, variant="hoyle")
    view = state.view(None)
    labelled = {z.label: z.cards for z in view.zones}
    assert labelled["the hand cards"] == ["2C", "3C"] and labelled["the réjouissance"] == ["7H"]
    assert labelled["the bank's card"] == ["KC"]
    assert state.current_player == 1 and state.legal_ranges()[0].high == 12
    play(state, "bet 5")
    assert state.legal_ranges()[0].high == 7
    play(state, "bet 3", "pass")  # 8♦ is laid out: a new round of bets on it, the cover now 4
    assert [r.high for r in state.legal_ranges()] == [4]
    play(state, "pass", "bet 2", "bet 2")  # 7♠ pairs the réjouissance, K♦ the bank's card
    assert last_points(state) == [8 - 4, -5, -3 + 2, 2]
    assert banker(state) == 1  # the hand cards were not both matched: the deal passes to the right


# --- bad input through the public API ----------------------------------------------------------------


def betting() -> State:
    state = new({"banker": 0, "stacks": [BANK_WINS]})
    play(state, "bank 10")
    return state


@pytest.mark.parametrize(
    "text",
    [
        *("", "bet", "bet -3", "bet 3.5", "bet 1e3", "bet +5", "bet 0x10", "bet 1_0", "bet ５", "bet ٥"),
        *("bet 5 6", "banco 10", "bet " + "9" * 19, "wager 5", "play 9C"),
    ],
)
def test_malformed_action_text_is_refused_and_changes_nothing(text: str) -> None:
    """Ruling LQ-27: an amount is plain ASCII digits, at most 18; anything else is ``MalformedAction``."""
    reason = refused(betting(), text, MalformedAction)
    assert len(reason) < 300


@pytest.mark.parametrize("text", ["bet 0", "bet 11", "bank 5", "keep", "stop", "buy", "takeout"])
def test_a_well_formed_action_the_rules_do_not_allow_now_is_refused(text: str) -> None:
    refused(betting(), text, ForbiddenAction)


@pytest.mark.parametrize("seat", [0, 2, 3, 4, -1])
def test_an_action_out_of_turn_is_refused(seat: int) -> None:
    """A seat of the table is told whose turn it is; a number that is no seat, that it is none."""
    said = "turn" if 0 <= seat < 4 else "no such seat"
    assert said in refused(betting(), "bet 3", ForbiddenAction, seat=seat)


@pytest.mark.parametrize("text", ["bank 0", "bank 101", "bet 5", "banco", "pass"])
def test_a_bank_of_no_chips_or_more_than_the_purse_is_refused(text: str) -> None:
    """Ruling LQ-3: a bank is 1 chip to everything the banker holds."""
    refused(new({"banker": 0}), text, IllegalAction)


def test_nothing_may_be_done_once_the_session_is_over() -> None:
    state = new({"banker": 0, "stacks": [PLAYERS_WIN]}, players=2, length="deals", deals=1)
    play(state, "bank 5", "bet 1", "pass")
    assert state.is_over and state.legal_actions() == [] and state.legal_ranges() == []
    refused(state, "bank 5", ForbiddenAction)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 11},
        {"stake": 0},
        {"stake": -5},
        {"stake": 100_000_001},
        {"stake": 1.5},
        {"twins": "maybe"},
        {"variant": "Hoyle"},
        {"packs": 0},
        {"reserve": 91},
        {"rounds": 0},
        {"length": "hours"},
        {"house": "rules"},
    ],
)
def test_wrong_option_values_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOption):
        parlour.make("lansquenet", **options)


@pytest.mark.parametrize(
    "deal",
    [
        {"chips": [-1, 5, 5, 5]},
        {"chips": [True, 5, 5, 5]},
        {"chips": [1.0, 5, 5, 5]},
        {"chips": [5, 5, 5]},
        {"chips": [0, 0, 0, 5]},
        {"chips": [10**9, 1, 0, 0]},
        {"banker": 0, "chips": [0, 5, 5, 5]},
        {"banker": True},
        {"banker": 4},
        {"stacks": [["9C", "9C"]]},
        {"stacks": [["ZZ"]]},
        {"stacks": "9C"},
        {"stacks": [["9C"]] * 1001},
        {"hands": []},
        [],
        "banker 0",
    ],
)
def test_an_impossible_explicit_deal_is_refused_with_a_reason(deal: Any) -> None:
    """Ruling LQ-28 and the rules' "Explicit deals": chips whole numbers from 0, two players holding
    some, at most 1,000,000,000 in all; a banker holding chips; stacks of the pack's cards."""
    with pytest.raises(InvalidDeal) as info:
        parlour.make("lansquenet").new(seed=1, deal=deal)
    assert 0 < len(str(info.value)) < 400


def _kept() -> tuple[State, dict[str, Any]]:
    """A bank that has won from a same-rank start (bank 10, bet 4): the banker may keep, take out, stop."""
    state = new({"banker": 0, "stacks": [["9C", "9D"]]})
    play(state, "bank 10", "bet 4", "pass", "pass", "pass")
    assert state.legal_actions() == ["keep", "takeout", "stop"]
    return state, json.loads(state.to_json())


def _load(data: Any) -> State:
    loaded: State = parlour.make("lansquenet").load(data if isinstance(data, str) else json.dumps(data))
    return loaded


TAMPERINGS: dict[str, Any] = {
    "purses swapped": lambda p: p.update(purses=[p["purses"][1], p["purses"][0], *p["purses"][2:]]),
    "chips moved": lambda p: p.update(purses=[p["purses"][0], p["purses"][1] - 1, p["purses"][2] + 1, 100]),
    "starter": lambda p: p.update(starter=2),
    "banks started": lambda p: p.update(banks_started=[2, 0, 0, 0]),
    "deals played": lambda p: p.update(deals_played=5),
    "last deal's points": lambda p: p["last_deal"].update(points=[0, 0, 0, 0]),
    "last deal's card": lambda p: p["last_deal"].update(bank_card="KC"),
    "not a same-rank win": lambda p: p["bookkeeping"].update(same_rank_win=False),
    "bank above the purse": lambda p: p.update(bank=10**10),
}


@pytest.mark.parametrize("tamper", TAMPERINGS.values(), ids=TAMPERINGS.keys())
def test_a_tampered_save_is_refused(tamper: Any) -> None:
    """Ruling LQ-30: a save no play reaches is refused with ``InvalidSave``."""
    _, data = _kept()
    tamper(data["state"]["public"])
    with pytest.raises(InvalidSave):
        _load(data)


def test_a_save_whose_takeout_would_take_more_than_the_deals_winnings_is_refused() -> None:
    """The seed: "If the win came from two cards of the same rank at the start, the banker may take those
    winnings out instead" - those winnings, the 4 the deal won (ruling LQ-13). The log says the deal won
    4, so a save saying the bank began it with 1 is no state play reaches (ruling LQ-30)."""
    state, data = _kept()
    data["state"]["public"]["bookkeeping"]["base_bank"] = 1
    try:
        loaded = _load(data)
    except InvalidSave:
        return
    loaded.apply("takeout")
    assert chips(loaded)[0] == chips(state)[0] + 4


def test_a_save_claiming_more_wins_in_a_row_than_deals_played_is_refused() -> None:
    _, data = _kept()
    data["state"]["public"]["wins_in_row"] = 7
    with pytest.raises(InvalidSave):
        _load(data)


def test_a_hoyle_save_that_forgets_a_matched_hand_card_is_refused() -> None:
    """Hoyle's game: "If both hand cards are matched before the bank's card, the banker may deal again".
    The 2♦ matched hand card 2♣ (the log says so); a save saying it did not is no state play reaches."""
    state = new({"banker": 0, "stacks": [["2C", "3C", "KC", "7H", "2D", "8D", "3D", "KD"]]}, variant="hoyle")
    play(state, "pass", "pass", "pass")  # 2♦ matches hand card 1; 8♦ is laid out
    assert state.view(None).extra.hand_matched == [True, False]
    data = json.loads(state.to_json())
    data["state"]["public"]["hand_matched"] = [False, False]
    try:
        loaded = parlour.make("lansquenet", variant="hoyle").load(json.dumps(data))
    except InvalidSave:
        return
    play(loaded, "pass", "pass", "pass")  # 3♦ matches hand card 2, then K♦ the bank's card
    play(state, "pass", "pass", "pass")
    assert state.legal_actions() == ["keep", "stop"]
    assert loaded.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    ("name", "text"), [("stake", "1_0"), ("stake", "١٠٠"), ("stake", "1e2"), ("players", "٤")]
)
def test_a_number_option_given_as_text_is_plain_ascii_digits(name: str, text: str) -> None:
    """Python's int() reads '1_0' as 10 and '١٠٠' as 100, but no player means them (as LQ-27 says of an
    amount); a sign is a number as players write it."""
    with pytest.raises(InvalidOption):
        parlour.make("lansquenet", **{name: text})
    assert parlour.make("lansquenet", stake="+5").options["stake"] == 5
