"""Roquet for the 60-card pack: a scenario, from an explicit deal, for every rule."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import ROQUET_60
from parlour.engine import IllegalAction, InvalidDeal, Rng, State
from parlour.engine.views import View, ZoneKind
from parlour.games.roquet.rules import (
    RANKS,
    Meld,
    RoquetExtra,
    RoquetGame,
    RoquetState,
    classify,
    find_combinations,
    suit_of,
)


def make_deal(
    hands: list[list[str]],
    livret: list[str],
    turn_up: str,
    stock_top: list[str] | None = None,
    dealer: int = 0,
) -> dict[str, Any]:
    """A whole first hand: the stock is ``stock_top`` then every other card in pack order."""
    used = [*hands[0], *hands[1], *livret, turn_up, *(stock_top or [])]
    rest = [c for c in ROQUET_60.cards if c not in used]
    return {
        "hands": hands,
        "livret": livret,
        "turn_up": turn_up,
        "stock": [*(stock_top or []), *rest],
        "dealer": dealer,
    }


def roquet(**options: Any) -> RoquetGame:
    """The game as the registry makes it."""
    game = parlour.make("roquet", **options)
    assert isinstance(game, RoquetGame)
    return game


def start(deal: dict[str, Any], **options: Any) -> RoquetState:
    return roquet(**options).new(seed=1, deal=deal)


def cards_in(view: View[RoquetExtra], kind: ZoneKind, owner: int | None = None) -> list[str | None]:
    """The cards of the view's zone of ``kind`` (``None`` for a face-down card)."""
    zone = view.zone(kind, owner)
    assert zone is not None, f"no {kind} zone"
    return list(zone.cards)


def roles(view: View[RoquetExtra], role: str) -> list[int]:
    return [s.seat for s in view.seats if role in s.roles]


def refused(state: State, action: str, words: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert words in info.value.reason, info.value.reason
    assert state.to_json() == before


def phase(state: RoquetState) -> str:
    """The phase, read afresh (an action may change it after a test has narrowed it)."""
    return state.phase


def skip_melds(state: RoquetState) -> None:
    if state.phase == "meld":
        state.apply("done")


# A hand where seat 1 (non-dealer) leads the castle of spades and wins; see test_meld_moment.
MELD_DEAL = make_deal(
    hands=[
        ["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"],
        ["CS", "KS", "KH", "7D", "8D", "3C", "AS", "2H"],
    ],
    livret=["6D", "QS", "QH", "AC"],
    turn_up="7C",
    stock_top=["9C", "TC", "LC", "BC", "QC", "KC", "4S"],
)


# --- the deal -----------------------------------------------------------------------------


def test_deal_layout_and_forty_card_stock() -> None:
    game = roquet()
    state = game.new(seed=3)
    view = state.view(0)
    assert [s.hand_size for s in view.seats] == [8, 8]
    assert len(cards_in(view, "livret")) == 4
    assert view.extra.stock_size == 40  # 39 face down and the turn-up under them (ruling RQ-1)
    assert cards_in(view, "stock") == [None] * 39 and len(cards_in(view, "turn_up")) == 1
    turn_up = cards_in(view, "turn_up")[0]
    assert turn_up is not None and view.trump == suit_of(turn_up)  # ruling RQ-19
    assert roles(view, "leader") == [1 - roles(view, "dealer")[0]]  # ruling RQ-18
    assert state.current_player == roles(view, "leader")[0]
    assert state.inventory() == ROQUET_60.counts()
    assert len(ROQUET_60) == 60


def test_next_hand_is_dealt_by_the_other_player() -> None:
    state = _play_until(start(MELD_DEAL), lambda s: s.hand_number == 2)
    assert state.dealer == 1 and state.leader == 0
    assert [len(h) for h in state.hands] == [8, 8] and len(state.livret) == 4
    assert state.view(0).extra.stock_size == 40


# --- tricks -------------------------------------------------------------------------------


def test_must_follow_suit() -> None:
    state = start(MELD_DEAL)
    state.apply("play CS")
    assert state.legal_actions() == ["play 3S", "play 2S"]
    refused(state, "play 4H", "follow suit")
    refused(state, "play KS", "not in your hand")


def test_void_may_play_anything_and_is_remembered() -> None:
    state = start(MELD_DEAL)
    state.apply("play 3C")
    assert len(state.legal_actions()) == 8
    state.apply("play 4H")
    assert state.voids[0] == ["C"]
    assert state.view(1).extra.voids[0] == ["C"]


def test_higher_card_of_led_suit_wins_ace_low() -> None:
    state = start(MELD_DEAL)
    state.apply("play AS")  # the ace is the lowest card
    state.apply("play 2S")
    assert state.tricks[-1].winner == 0
    assert state.current_player == 0 and state.phase == "play"  # seat 0 has nothing to meld


def test_castle_is_highest() -> None:
    state = start(MELD_DEAL)
    state.apply("play CS")
    state.apply("play 3S")
    assert state.tricks[-1].winner == 1


def test_trump_beats_any_other_suit_and_discard_loses() -> None:
    deal = make_deal(
        hands=[
            ["2C", "4H", "8H", "LH", "TD", "5D", "3D", "BD"],
            ["CS", "KS", "QS", "7D", "8D", "AH", "AS", "2H"],
        ],
        livret=["6S", "QH", "9S", "AC"],
        turn_up="7C",
    )
    state = start(deal)
    state.apply("play CS")
    state.apply("play 2C")  # the lowest trump takes the castle
    assert state.tricks[-1].winner == 0
    skip_melds(state)
    state.apply("play 4H")  # seat 0 leads; seat 1 has hearts
    state.apply("play AH")
    assert state.tricks[-1].winner == 0
    skip_melds(state)
    state.apply("play TD")
    state.apply("play 8D")
    assert state.tricks[-1].winner == 0
    # a discard of another suit never wins
    s2 = start(deal)
    s2.apply("play 2H")
    s2.apply("play 4H")
    assert s2.tricks[-1].winner == 0
    s3 = start(make_deal([["2C", "4D", "5D", "6D", "TD", "9D", "2D", "3D"], deal["hands"][1]], [], "7C"))
    s3.apply("play 2H")
    s3.apply("play TD")  # void in hearts, a higher card of another suit (not trumps) loses
    assert s3.tricks[-1].winner == 1


# --- the meld moment ----------------------------------------------------------------------


def test_no_meld_before_winning_a_trick() -> None:
    state = start(MELD_DEAL)
    refused(state, "meld KS KH", "only in the moment immediately after winning a trick")
    refused(state, "done", "only in the moment after winning a trick")


def test_meld_moment() -> None:
    state = start(MELD_DEAL)
    state.apply("play CS")
    state.apply("play 2S")
    assert state.current_player == 1 and state.phase == "meld"
    assert state.legal_actions() == ["meld AS AC", "meld KS KH", "meld 7D 7C", "meld 6D 7D 8D", "done"]
    assert state.view(0).legal_actions == []  # the loser never melds (ruling RQ-13)
    refused(state, "meld QS QH", "only one card from the livret")
    refused(state, "meld 2S 2H", "neither in your hand nor on the table")
    refused(state, "meld 3C 2H", "not a scoring combination")
    state.apply("meld 8d 6D 7D")  # any order, any case; takes 6D from the livret
    assert state.table_taken and "6D" not in state.livret
    assert state.banked == [0, 3]
    refused(state, "meld AS AC", "already taken your one card")
    assert state.legal_actions() == ["meld KS KH", "done"]
    state.apply("meld KH KS")
    assert state.banked == [0, 8]
    # nothing left to lay down: the moment passes by itself, then the hands are made up, winner first
    assert phase(state) == "play" and state.current_player == 1
    assert sorted(state.hands[1]) == sorted(["3C", "AS", "2H", "9C", "TC", "LC", "BC", "QC"])
    assert "KC" in state.hands[0] and len(state.hands[0]) == 8
    assert state.livret == ["QS", "QH", "AC"]  # the livret is not made up again (ruling RQ-8)
    assert state.melds[1] == [Meld(("6D", "7D", "8D"), "sequence", 3), Meld(("KS", "KH"), "royal pair", 5)]
    view = state.view(0)
    assert [(z.owner, z.cards, z.label) for z in view.zones_of("melds")] == [
        (1, ["6D", "7D", "8D"], "sequence of three, 3 points"),
        (1, ["KS", "KH"], "royal pair of kings, 5 points"),
    ]
    assert view.extra.banked == [0, 8]
    assert state.scores == [0.0, 0.0]  # banked points reach the score when the hand ends
    assert state.inventory() == ROQUET_60.counts()


def test_declaring_is_optional_great_campaign() -> None:
    state = start(MELD_DEAL)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("pass")  # 'pass' is taken as 'done'
    assert state.banked == [0, 0] and state.phase == "play"
    assert "KS" in state.hands[1] and "KH" in state.hands[1]
    assert any(e.kind == "done" for e in state.log)


def test_turn_up_is_meld_material() -> None:
    deal = make_deal(
        [MELD_DEAL["hands"][0], ["CS", "KS", "KH", "7D", "8D", "3C", "7H", "2H"]],
        ["6D", "QS", "QH", "AC"],
        "7S",
    )
    state = start(deal)
    assert state.view(0).extra.stock_size == 40
    state.apply("play CS")
    state.apply("play 2S")
    assert "meld 7S 7H" in state.legal_actions()
    state.apply("meld 7S 7H")  # the turn-up is taken as the one table card
    assert state.turn_up is None and state.trump == "S"  # trumps stay spades
    assert state.banked == [0, 2] and state.table_taken
    assert "meld 6D 7D 8D" not in state.legal_actions()
    stock_only = start(deal, turn_up="stock")
    stock_only.apply("play CS")
    stock_only.apply("play 2S")
    assert "meld 7S 7H" not in stock_only.legal_actions()
    refused(stock_only, "meld 7S 7H", "neither in your hand nor on the table")


def test_turn_up_is_drawn_last_and_known() -> None:
    state = start(MELD_DEAL)
    turn_up = state.turn_up
    while state.turn_up is not None:
        _step_never_meld(state)
    holder = 0 if turn_up in state.hands[0] else 1
    assert turn_up in state.hands[holder]
    assert turn_up is not None
    view = state.view(1 - holder)
    assert view.extra.known[holder] == [turn_up]
    assert cards_in(view, "hand", holder) == [turn_up] + [None] * (len(state.hands[holder]) - 1)
    assert state.view(0).extra.stock_size == 0
    assert cards_in(view, "turn_up") == [] and cards_in(view, "stock") == []


def test_melds_per_trick_one() -> None:
    state = start(MELD_DEAL, melds_per_trick="one")
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld KS KH")
    assert state.phase == "play" and state.banked == [0, 5]


def test_refill_one_card() -> None:
    state = start(MELD_DEAL, refill="one")
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld KS KH")
    state.apply("done")
    assert [len(h) for h in state.hands] == [8, 6]  # 8 - 1 played - 2 melded + 1 drawn
    assert "9C" in state.hands[1] and "TC" in state.hands[0]


def test_livret_not_refilled_when_option_off() -> None:
    state = start(MELD_DEAL, livret_refill=False)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld 6D 7D 8D")
    state.apply("done")
    assert state.livret == ["QS", "QH", "AC"]


def test_winner_with_nothing_to_meld_just_leads() -> None:
    state = start(MELD_DEAL)
    state.apply("play AS")
    state.apply("play 2S")
    assert state.phase == "play" and state.current_player == 0
    assert not any(e.kind == "done" for e in state.log)


# --- combinations (the seed's tariff, known answers) --------------------------------------


@pytest.mark.parametrize(
    ("cards", "answer"),
    [
        (["7S", "7H"], ("pair", 2)),
        (["AS", "AD"], ("pair", 2)),
        (["TS", "TC"], ("pair", 2)),  # the ten is a numeral
        (["LS", "LH"], ("royal pair", 5)),
        (["BS", "BD"], ("royal pair", 5)),
        (["QH", "QC"], ("royal pair", 5)),
        (["KS", "KC"], ("royal pair", 5)),
        (["CS", "CD"], ("royal pair", 5)),
        (["AS", "2S", "3S"], ("sequence", 3)),
        (["9H", "TH", "LH", "BH"], ("sequence", 4)),
        (["LD", "BD", "QD", "KD", "CD"], ("sequence", 5)),
        (["7S", "7H", "7D", "7C"], ("muster", 10)),
        (["BS", "BH", "BD", "BC"], ("muster", 10)),
        (["7S", "7H", "7D"], None),  # three of a kind is not a combination
        (["KS", "CS", "AS"], None),  # no wrapping round
        (["7S", "8H", "9S"], None),
        (["7S", "9S", "TS"], None),
        (["4S", "5S", "6S", "7S", "8S", "9S"], None),
    ],
)
def test_tariff(cards: list[str], answer: tuple[str, int] | None) -> None:
    assert classify(cards) == answer


def test_long_sequences_option() -> None:
    run = ["4S", "5S", "6S", "7S", "8S", "9S"]
    assert classify(run, max_sequence=6) == ("sequence", 6)
    assert len(RANKS) == 15 and classify([r + "H" for r in RANKS], max_sequence=15) == ("sequence", 15)
    deal = make_deal(
        [MELD_DEAL["hands"][0], ["CS", "4C", "5C", "6C", "7C", "8C", "3D", "2H"]],
        ["9C", "QS", "QH", "AC"],
        "7H",
    )
    state = start(deal, max_sequence=6)
    state.apply("play CS")
    state.apply("play 2S")
    assert "meld 4C 5C 6C 7C 8C 9C" in state.legal_actions()
    plain = start(deal)
    plain.apply("play CS")
    plain.apply("play 2S")
    refused(plain, "meld 4C 5C 6C 7C 8C 9C", "at most 5 cards")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(ROQUET_60.cards), min_size=13, max_size=13, unique=True))
def test_find_combinations_is_complete_and_sound(cards: list[str]) -> None:
    hand, table = cards[:8], cards[8:]
    found = set(find_combinations(hand, table))
    brute = set()
    for size in (2, 3, 4, 5):
        for combo in combinations(cards, size):
            if sum(c in table for c in combo) <= 1 and classify(combo) is not None:
                brute.add(
                    tuple(
                        sorted(combo, key=lambda c: (("S", "H", "D", "C").index(c[-1]), RANKS.index(c[:-1])))
                    )
                )
    assert found == brute


# --- end of hand and of match -------------------------------------------------------------


def _step_never_meld(state: RoquetState) -> None:
    legal = state.legal_actions()
    state.apply("done" if "done" in legal else legal[0])


def _play_until(state: RoquetState, stop: Any) -> RoquetState:
    while not stop(state):
        legal = state.legal_actions()
        state.apply(legal[0])
    return state


def test_hand_ends_when_a_player_is_out_of_cards() -> None:
    state = start(MELD_DEAL)
    before_end: list[int] = []
    while state.hand_number == 1:
        before_end = [len(h) for h in state.hands]
        stock = state.view(0).extra.stock_size
        state.apply(state.legal_actions()[0])
    assert stock == 0 and min(before_end) <= 1
    ends = [e for e in state.log if e.kind == "hand_end"]
    assert len(ends) == 1
    points = ends[0].data["points"]
    scored = Counter[int]()
    for e in state.log:
        if e.kind == "score":
            scored[e.data["seat"]] += e.data["points"]
    assert [scored[0], scored[1]] == points == [int(s) for s in state.scores]
    assert state.banked == [0, 0] and state.melds == [[], []]  # a new hand, fresh banks


def test_match_ends_at_target() -> None:
    state = _play_until(start(MELD_DEAL, target=20), lambda s: s.is_over)
    a, b = state.match_scores
    assert max(a, b) >= 20 and a != b
    assert state.winners == [0 if a > b else 1]
    outcome = state.outcome
    assert outcome is not None and not outcome.draw and "target of 20" in outcome.reason
    assert state.legal_actions() == [] and state.current_player is None
    assert state.log[-1].kind == "match_end"


def test_tie_at_target_plays_on_or_draws() -> None:
    for tie, over in (("play-on", False), ("draw", True)):
        state = start(MELD_DEAL, tie=tie)
        state.match_scores = [95, 97]
        state.banked = [7, 5]
        state._end_hand()  # both reach 102
        assert state.is_over is over
        assert state.winners == []
        assert (state.outcome is not None and state.outcome.draw) is over  # ruling RQ-17
        if not over:
            assert state.hand_number == 2
    state = start(MELD_DEAL)
    state.match_scores = [95, 99]
    state.banked = [9, 2]
    state._end_hand()  # both past 100: the higher wins
    assert state.is_over and state.winners == [0]


# --- views, saving, determinizing, deals --------------------------------------------------


def test_view_zones_and_secrecy() -> None:
    state = start(MELD_DEAL)
    v = state.view(0)
    assert [(z.kind, z.owner) for z in v.zones] == [
        ("hand", 0), ("hand", 1), ("livret", None), ("turn_up", None), ("stock", None),
        ("tricks_won", 0), ("tricks_won", 1),
    ]  # fmt: skip
    assert v.hand == ["3S", "2S", "9H", "8H", "4H", "LD", "TD", "5D"]
    assert cards_in(v, "hand", 1) == [None] * 8
    assert cards_in(v, "livret") == ["6D", "QS", "QH", "AC"] and cards_in(v, "turn_up") == ["7C"]
    assert v.trump == "C" and v.hand_number == 1 and v.situation == ""
    assert v.decision is not None and (v.decision.seat, v.decision.kind) == (1, "play")
    assert v.extra.banked == [0, 0] and v.trick is not None and v.trick.plays == [] and v.last_trick is None
    spectator = state.view(None)
    assert spectator.hand == [] and cards_in(spectator, "hand", 0) == [None] * 8
    assert "CS" not in str(spectator)


def test_view_after_a_trick_and_a_meld() -> None:
    state = start(MELD_DEAL)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld 6D 7D 8D")
    v = state.view(0)
    assert v.decision is not None and (v.decision.seat, v.decision.kind) == (1, "meld")
    assert v.last_trick is not None and v.last_trick.cards == ["CS", "2S"] and v.last_trick.winner == 1
    assert cards_in(v, "tricks_won", 1) == ["CS", "2S"] and cards_in(v, "tricks_won", 0) == []
    assert cards_in(v, "melds", 1) == ["6D", "7D", "8D"] and cards_in(v, "livret") == ["QS", "QH", "AC"]
    assert v.extra.table_taken and v.extra.melds_made == 1 and v.extra.played == ["CS", "2S"]
    assert v.extra.banked == [0, 3]


def test_the_log_says_when_a_table_card_is_used() -> None:
    """A meld that takes the livret card or the turn-up says so in its text (rulings RQ-2, RQ-6)."""
    state = start(MELD_DEAL)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld 6D 7D 8D")
    meld = state.log[-1]
    assert meld.kind == "meld" and meld.data["taken"] == "6D" and meld.data["source"] == "the livret"
    assert "taking 6♦ from the livret" in meld.data["text"]
    state.apply("meld KS KH")
    meld = next(e for e in reversed(state.log) if e.kind == "meld")
    assert meld.data["taken"] is None and "taking" not in meld.data["text"]
    deal = make_deal(
        [MELD_DEAL["hands"][0], ["CS", "KS", "KH", "7D", "8D", "3C", "7H", "2H"]],
        ["6D", "QS", "QH", "AC"],
        "7S",
    )
    other = start(deal)
    other.apply("play CS")
    other.apply("play 2S")
    other.apply("meld 7S 7H")
    meld = next(e for e in reversed(other.log) if e.kind == "meld")
    assert meld.data["source"] == "the turn-up" and "taking 7♠ from the turn-up" in meld.data["text"]


def test_determinize_respects_voids() -> None:
    state = start(MELD_DEAL)
    state.apply("play 3C")
    state.apply("play 4H")  # seat 0 shows it holds no club
    assert state.phase == "meld" and state.current_player == 1
    view = state.view(1)
    assert view.extra.voids[0] == ["C"]
    rng = Rng(5)
    for _ in range(25):
        sampled = state.game.determinize(view, rng)
        assert sampled.view(1) == view
        assert sampled.inventory() == state.inventory()
        assert not any(c.endswith("C") for c in sampled.hands[0])
    state.apply("done")
    assert state.voids[0] == []  # it has drawn since: the void tells nothing more


def test_determinize_keeps_the_drawn_turn_up_in_its_holder_hand() -> None:
    state = start(MELD_DEAL)
    turn_up = state.turn_up
    while state.turn_up is not None:
        _step_never_meld(state)
    holder = 0 if turn_up in state.hands[0] else 1
    view = state.view(1 - holder)
    sampled = state.game.determinize(view, Rng(3))
    assert turn_up in sampled.hands[holder]
    assert sampled.view(1 - holder) == view


def test_save_and_load_mid_meld() -> None:
    state = start(MELD_DEAL)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld 6D 7D 8D")
    game = state.game
    copy = game.load(state.to_json())
    assert copy.to_json() == state.to_json()
    copy.apply("meld KS KH")
    state.apply("meld KS KH")
    assert copy.to_json() == state.to_json()


def test_invalid_deals() -> None:
    game = roquet()
    good = make_deal(MELD_DEAL["hands"], MELD_DEAL["livret"], "7C")
    with pytest.raises(InvalidDeal):
        game.new(deal={**good, "hands": [good["hands"][0], good["hands"][0]]})
    with pytest.raises(InvalidDeal):
        game.new(deal={**good, "turn_up": "7X"})
    with pytest.raises(InvalidDeal):
        game.new(deal={**good, "stock": good["stock"][1:]})
    with pytest.raises(InvalidDeal):
        game.new(deal={**good, "livret": ["6D", "QS", "QH", "AC", "AD"]})
    with pytest.raises(InvalidDeal):
        game.new(deal={"hands": good["hands"]})
    for dealer in (1.0, True, "1", None):  # a seat is a whole number: 1.0 was once taken as seat 1
        with pytest.raises(InvalidDeal, match="dealer must be 0 or 1"):
            game.new(deal={**good, "dealer": dealer})
    shuffled = {k: v for k, v in good.items() if k != "stock"}
    assert game.new(seed=2, deal=shuffled).inventory() == ROQUET_60.counts()


def test_unknown_words_are_explained() -> None:
    state = start(MELD_DEAL)
    refused(state, "take 6D", "no separate take")
    refused(state, "meld 2S 3S 4S", "only in the moment immediately after winning a trick")
    refused(state, "fold", "unknown action")
    refused(state, "play ZZ", "not a card")
    refused(state, "play 2S 3S", "exactly one card")
    state.apply("play CS")
    state.apply("play 2S")
    refused(state, "done 9H", "takes no cards")
    refused(state, "play 3C", "meld first or say 'done'")
    refused(state, "meld KS KS", "named twice")
    refused(state, "meld KS", "at least two cards")


# --- computer players ---------------------------------------------------------------------


def test_heuristic_banks_the_best_plan() -> None:
    from parlour.games.roquet.players import best_plan

    points, plan = best_plan(["7S", "7H", "7D", "7C", "8S", "9S", "2H", "KD"], ["TS"], 5, False)
    assert points == 13  # muster 10 + 8S 9S TS, not 7S-TS + a pair
    assert sorted(len(m) for m in plan) == [3, 4]


def test_heuristic_beats_random_widely() -> None:
    from parlour.sim import simulate

    a = simulate("roquet", ["heuristic", "random"], 12, seed=11)
    b = simulate("roquet", ["random", "heuristic"], 12, seed=12)
    wins = a.sides[0].wins + b.sides[1].wins
    assert wins >= 22, wins


def test_heuristic_keeps_a_numeral_triple_for_the_muster() -> None:
    from parlour.players import make_player

    deal = make_deal(
        [MELD_DEAL["hands"][0], ["CS", "KS", "KH", "7S", "7H", "7D", "3C", "2H"]],
        ["6D", "QS", "QH", "AC"],
        "5C",
    )
    state = start(deal)
    state.apply("play CS")
    state.apply("play 2S")
    game = state.game
    bot = make_player("heuristic", game, 0)
    assert "meld 7S 7H" in state.legal_actions()
    first = bot.choose(state.view(1), game)
    assert first == "meld KS KH"
    state.apply(first)
    assert bot.choose(state.view(1), game) == "done"  # the great campaign: wait for the seven of clubs
    greedy = make_player("greedy", game, 0)
    assert greedy.choose(state.view(1), game).startswith("meld 7")


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["eight", "one"]), st.sampled_from(["table", "stock"]))
def test_random_play_keeps_the_table_in_order(seed: int, refill: str, turn_up: str) -> None:
    game = roquet(refill=refill, turn_up=turn_up)
    state = game.new(seed=seed)
    rng = Rng(seed)
    stock = state.view(0).extra.stock_size
    hand = state.hand_number
    for _ in range(300):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        view = state.view(0)
        if state.hand_number == hand:
            assert view.extra.stock_size <= stock
        hand, stock = state.hand_number, view.extra.stock_size
        assert all(len(h) <= 8 for h in state.hands) and len(state.livret) <= 4
        for seat in (0, 1):
            assert state.banked[seat] == sum(m.points for m in state.melds[seat])
        if state.phase == "meld":
            assert state.current_player == state.tricks[-1].winner
        assert state.inventory() == ROQUET_60.counts()
    melds = [e for e in state.log if e.kind == "meld"]
    assert all(classify(e.data["cards"], 5) == (e.data["kind"], e.data["points"]) for e in melds)
