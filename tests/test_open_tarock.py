"""Open tarock for children: a scenario from an explicit deal for every rule, the seed's counting examples."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import TAROCK_54, TAROT_78, Pack
from parlour.engine import IllegalAction, InvalidDeal, InvalidOption, Rng
from parlour.engine.views import View
from parlour.games.open_tarock.rules import (
    BATCH,
    SKUS,
    THIRDS,
    OpenTarock,
    OpenTarockExtra,
    OpenTarockState,
    count_thirds,
    fmt_thirds,
    pack_total,
    par,
    playable,
    short_batch_thirds,
    strength,
    trick_winner,
)
from tests.conformance import check_match

TRUMPS = list(TAROCK_54.cards[32:])  # SK XXI XX ... I


def game(**options: Any) -> OpenTarock:
    g = parlour.make("open-tarock", **options)
    assert isinstance(g, OpenTarock)
    return g


def deal(
    tops0: list[list[str]], tops1: list[list[str]], dealer: int = 0, pack: Pack = TAROCK_54
) -> dict[str, Any]:
    """A whole deal: the given stack tops (top card first), the rest of the pack below them in pack order."""
    given_cards = {c for side in (tops0, tops1) for s in side for c in s}
    rest = [c for c in pack.cards if c not in given_cards]
    half = len(pack) // 2
    stacks = [[list(s) for s in tops0], [list(s) for s in tops1]]
    for seat in (0, 1):
        need = half - sum(len(s) for s in stacks[seat])
        for k in range(need):
            stacks[seat][k % len(stacks[seat])].append(rest.pop(0))
    assert not rest
    return {"dealer": dealer, "stacks": stacks}


def start(tops0: list[list[str]], tops1: list[list[str]], dealer: int = 0, **options: Any) -> OpenTarockState:
    g = game(**options)
    return g.new(seed=1, deal=deal(tops0, tops1, dealer, g.card_pack))


def stacks(view: View[OpenTarockExtra], seat: int) -> list[list[str | None]]:
    """The cards of ``seat``'s stack zones, in stack order (``None`` for a face-down card)."""
    return [list(z.cards) for z in view.zones_of("stack", seat)]


def reason(state: OpenTarockState, action: str) -> str:
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    return info.value.reason


# --- the cards and their order ------------------------------------------------------


def test_pack_option_sets_the_instance_pack() -> None:
    assert game().pack == "tarock54" and len(game().card_pack) == 54
    g78 = game(pack="tarot78")
    assert g78.pack == "tarot78" and len(g78.card_pack) == 78
    assert OpenTarock.pack == "tarock54"  # the class default is untouched
    assert g78.new(seed=3).inventory() == TAROT_78.counts()


@pytest.mark.parametrize("pack", [TAROCK_54, TAROT_78])
def test_rank_order(pack: Pack) -> None:
    def s(card: str) -> int:
        return strength(pack, card)

    assert s("SK") > s("XXI") > s("XX") > s("II") > s("I")
    assert s("KS") > s("QS") > s("CS") > s("JS") > s("TS") > s("9S") > s("7S")
    assert s("KC") > s("QC") > s("CC") > s("JC") > s("TC") > s("8C")
    assert s("KH") > s("QH") > s("CH") > s("JH") > s("1H") > s("2H") > s("3H") > s("4H")
    assert s("JD") > s("1D") > s("4D")
    if pack is TAROT_78:
        assert s("9H") > s("TH") and s("2S") > s("1S") and s("1H") > s("TH")


def test_trick_winner_rules() -> None:
    p = TAROCK_54
    assert trick_winner(p, [(0, "4H"), (1, "1H")]) == 1  # red pips run upwards
    assert trick_winner(p, [(0, "1H"), (1, "4H")]) == 0
    assert trick_winner(p, [(0, "7S"), (1, "TS")]) == 1  # black pips run downwards
    assert trick_winner(p, [(0, "KS"), (1, "I")]) == 1  # any tarock beats a suit card
    assert trick_winner(p, [(0, "XXI"), (1, "SK")]) == 1  # the Sküs is the highest tarock
    assert trick_winner(p, [(1, "SK"), (0, "XXI")]) == 1
    assert trick_winner(p, [(0, "7S"), (1, "KH")]) == 0  # a discard never wins
    assert trick_winner(p, [(0, "II"), (1, "KC")]) == 0


# --- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize(("pack", "sizes"), [("tarock54", [7, 7, 7, 6]), ("tarot78", [10, 10, 10, 9])])
def test_default_stacks_and_turned_up_tops(pack: str, sizes: list[int]) -> None:
    state = game(pack=pack).new(seed=11)
    view = state.view(None)
    for seat in (0, 1):
        assert [len(s) for s in stacks(view, seat)] == sizes  # ruling OT-1
        assert all(s[0] is not None and s[1:] == [None] * (len(s) - 1) for s in stacks(view, seat))
        assert [z.label for z in view.zones_of("stack", seat)] == ["stack 1", "stack 2", "stack 3", "stack 4"]
    assert [s.hand_size for s in view.seats] == [sum(sizes)] * 2


def test_stacks_option() -> None:
    state = game(stacks="9,9,9").new(seed=2)
    assert [len(s) for s in stacks(state.view(0), 0)] == [9, 9, 9]
    with pytest.raises(InvalidOption, match="27 cards"):
        game(stacks="9,9,9,8")  # the seed's figure: 35 cards a player do not fit the pack
    with pytest.raises(InvalidOption):
        game(stacks="seven")
    with pytest.raises(InvalidOption):
        game(pack="tarot78", stacks="7,7,7,6")
    with pytest.raises(InvalidOption):
        game(stacks="28,-1")


def test_deal_is_stack_by_stack_opponent_first() -> None:
    """The dealer's opponent gets the first stack from the top of the shuffled pack."""
    g = game()
    state = g.new(seed=5)
    ref = OpenTarockState(g, 5)
    first = ref.rng.randrange(2)
    cards = list(TAROCK_54.cards)
    ref.rng.shuffle(cards)
    assert state.dealer == first
    assert state.stacks[1 - first][0] == cards[:7]
    assert state.stacks[first][0] == cards[7:14]
    assert state.stacks[first][3] == cards[-6:]


def test_explicit_deal_is_validated() -> None:
    """Ruling OT-16: any stacks, but the whole pack and as many cards each; else ``InvalidDeal`` (OT-18)."""
    g = game()
    good = deal([["KH"]], [["SK"]])
    assert g.new(deal=good).stacks[0][0][0] == "KH"
    bad = deal([["KH"]], [["SK"]])
    bad["stacks"][0][0][1] = "KH"
    with pytest.raises(InvalidDeal):
        g.new(deal=bad)
    short = deal([["KH"]], [["SK"]])
    moved = short["stacks"][0][0].pop()
    short["stacks"][1][0].append(moved)
    with pytest.raises(InvalidDeal, match="as many cards"):
        g.new(deal=short)
    with pytest.raises(InvalidDeal):
        g.new(deal={"dealer": 2, "stacks": good["stacks"]})
    with pytest.raises(InvalidDeal):
        g.new(deal={"dealer": 0, "stacks": [[], []]})
    with pytest.raises(InvalidDeal):
        g.new(deal={"dealer": 0, "stacks": good["stacks"], "talon": []})


# --- play -------------------------------------------------------------------------------


def test_dealer_leads_any_turned_up_card() -> None:
    state = start([["KH"], ["7S"], ["XXI"], ["QC"]], [["SK"], ["1H"], ["9C"], ["JD"]], dealer=1)
    assert state.current_player == 1
    assert sorted(state.legal_actions()) == sorted(["play SK", "play 1H", "play 9C", "play JD"])
    assert "turned-up" in reason(state, "play KH")


def test_must_follow_suit_with_a_turned_up_card() -> None:
    state = start([["KH"], ["7S"], ["XXI"], ["QC"]], [["SK"], ["1H"], ["9C"], ["JD"]], dealer=1)
    state.apply("play 9C")
    assert state.legal_actions() == ["play QC"]
    assert "follow suit" in reason(state, "play XXI")
    state.apply("play qc")  # typed in lower case
    assert state.current_player == 0  # the queen won: the winner leads


def test_must_trump_when_void_in_view() -> None:
    # seat 0 has a club face down (under KH) but not turned up: only turned-up cards oblige
    state = start([["KH", "8C"], ["7S"], ["XXI"], ["II"]], [["SK"], ["1H"], ["9C"], ["JD"]], dealer=1)
    state.apply("play 9C")
    assert sorted(state.legal_actions()) == ["play II", "play XXI"]
    assert "tarock" in reason(state, "play KH")
    state.apply("play II")
    assert state.piles[0] == ["9C", "II"] and state.current_player == 0


def test_tarock_led_must_be_answered_with_a_tarock() -> None:
    state = start([["KH"], ["7S"], ["XXI"], ["QC"]], [["SK"], ["1H"], ["III"], ["JD"]], dealer=0)
    state.apply("play XXI")
    assert sorted(state.legal_actions()) == ["play III", "play SK"]
    assert "tarock" in reason(state, "play JD")
    state.apply("play SK")
    assert state.piles[1] == ["XXI", "SK"] and state.current_player == 1


def test_no_suit_no_tarock_any_card_which_cannot_win() -> None:
    state = start([["4H"], ["3H"], ["2H"], ["1H"]], [["KS"], ["QS"], ["CS"], ["JS"]], dealer=0)
    state.apply("play 4H")
    assert sorted(state.legal_actions()) == ["play CS", "play JS", "play KS", "play QS"]
    state.apply("play KS")
    assert state.piles[0] == ["4H", "KS"]  # the lowest heart takes the king
    assert state.current_player == 0


def test_playing_turns_up_the_next_card_and_empty_stacks_vanish() -> None:
    state = start([["QC", "KD"], ["7S"], ["XXI"], ["KH"]], [["SK"], ["1H"], ["9C"], ["JD"]], dealer=0)
    state.apply("play QC")
    assert stacks(state.view(1), 0)[0][0] == "KD"  # ruling OT-10: turned up at once
    assert state.log[-1].data["revealed"] == "KD"
    assert "KD" in state.tops(0)
    # a one-card stack: playing it empties the stack
    c = list(TAROCK_54.cards)
    st_ = game().new(deal={"dealer": 0, "stacks": [[[c[0]], c[1:27]], [c[27:]]]})
    st_.apply(f"play {c[0]}")
    assert stacks(st_.view(0), 0)[0] == []
    assert st_.tops(0) == [c[1]]


def test_explain_illegal_names_the_rule() -> None:
    state = start([["KH"], ["7S"], ["XXI"], ["QC"]], [["SK"], ["1H"], ["9C"], ["JD"]], dealer=0)
    assert "not a card" in reason(state, "play ZZ")
    assert "play <card>" in reason(state, "pass")
    state.apply("play KH")
    assert "follow suit (hearts)" in reason(state, "play SK")


# --- a whole hand, counting and the match -------------------------------------------


def one_stack_each(seat0: list[str], seat1: list[str], dealer: int = 0, **options: Any) -> OpenTarockState:
    return game(**options).new(seed=3, deal={"dealer": dealer, "stacks": [[seat0], [seat1]]})


def play_forced(state: OpenTarockState) -> None:
    hand = state.hand_number
    while state.hand_number == hand and not state.is_over:
        state.apply(state.legal_actions()[0])


def grand_slam_deal() -> tuple[list[str], list[str]]:
    """Seat 0: every tarock and five spades; seat 1 the rest. Seat 0 leads tarocks and takes all."""
    suits = [c for c in TAROCK_54.cards if c not in TRUMPS]
    seat0 = TRUMPS + suits[:5]
    return seat0, suits[5:]


def test_taking_every_trick_scores_35() -> None:
    seat0, seat1 = grand_slam_deal()
    state = one_stack_each(seat0, seat1, deals=1)
    play_forced(state)
    assert state.is_over and state.scores == [35.0, -35.0] and state.winners == [0]
    counts = [e.data["count"] for e in state.log if e.kind == "count"]
    assert counts == [70.0, 0.0]


def last_trick_to_seat1(short_batch: str) -> OpenTarockState:
    # seat 0 takes 26 tricks and leads 4H to the last; seat 1 answers KH and takes 4H + KH
    seat0 = [*TRUMPS, "KS", "QS", "CS", "JS", "4H"]
    rest = [c for c in TAROCK_54.cards if c not in seat0 and c != "KH"]
    seat1 = [*rest, "KH"]
    state = one_stack_each(seat0, seat1, deals=1, short_batch=short_batch)
    play_forced(state)
    return state


def test_short_batch_counts_in_thirds() -> None:
    state = last_trick_to_seat1("thirds")
    assert state.piles[1] == ["4H", "KH"]
    counts = [e.data["count"] for e in state.log if e.kind == "count"]
    # seat 1: a batch of two, 6 points less 2 x 2/3 = 4 2/3; seat 0 the rest, 65 1/3
    assert counts == pytest.approx([65 + 1 / 3, 4 + 2 / 3])
    assert state.scores == pytest.approx([30 + 1 / 3, -(30 + 1 / 3)])
    assert [e.data["text"] for e in state.log if e.kind == "count"][1] == "seat 1 counts 4⅔ with 2 cards"


def test_short_batch_literal() -> None:
    state = last_trick_to_seat1("literal")
    counts = [e.data["count"] for e in state.log if e.kind == "count"]
    # seat 1: one face card in the batch = its value 5; seat 0: 17 batches and one odd card, 66
    assert counts == [66.0, 5.0]
    assert state.scores == [31.0, -30.0]


def test_score_and_hand_end_events_and_the_deal_passes() -> None:
    state = game().new(seed=8)
    first = state.dealer
    play_forced(state)
    assert state.hand_number == 2 and state.dealer == 1 - first and state.current_player == 1 - first
    assert state.inventory() == TAROCK_54.counts()
    play_forced(state)
    assert state.is_over
    ends = [e for e in state.log if e.kind == "hand_end"]
    assert len(ends) == 2
    for e in ends:
        assert sum(e.data["counts"]) == pytest.approx(70)
        assert sum(e.data["points"]) == pytest.approx(0)
    scored = Counter[int]()
    for e in state.log:
        if e.kind == "score":
            scored[e.data["seat"]] += e.data["points"]
    assert [scored[0], scored[1]] == pytest.approx(state.scores)


# --- the seed's counting examples -------------------------------------------------------


@pytest.mark.parametrize(
    ("batch", "points"),
    [
        (["KH", "7S", "II"], 5),  # one face card: its value
        (["QS", "8C", "3H"], 4),
        (["CD", "9S", "X"], 3),
        (["JC", "TC", "7C"], 2),
        (["SK", "II", "III"], 5),  # the Sküs/Fool, XXI and I are face cards worth 5
        (["XXI", "8S", "9S"], 5),
        (["I", "4D", "2D"], 5),
        (["KH", "QH", "7S"], 8),  # two face cards: their sum less 1
        (["CS", "JS", "XX"], 4),
        (["KH", "QH", "CH"], 10),  # three: their sum less 2
        (["SK", "XXI", "I"], 13),
        (["7S", "II", "XV"], 1),  # only tarocks and empty cards: 1
    ],
)
def test_seed_batch_values(batch: list[str], points: int) -> None:
    assert count_thirds(batch) == 3 * points
    assert count_thirds(batch, "literal") == 3 * points


def test_pack_totals() -> None:
    assert pack_total(TAROCK_54) == 70  # "the difference between their score and 35"
    assert pack_total(TAROT_78) == 78
    assert game().par == 35 and game(pack="tarot78").par == 39  # ruling OT-14
    assert par(TAROCK_54) == 35 and par(TAROT_78) == 39


def test_a_short_last_batch() -> None:
    """Ruling OT-13: the batch of one or two cards left over, in thirds or read literally."""
    assert (
        short_batch_thirds(["KS", "7S"]) == 3 * 6 - 2 * 2
        and short_batch_thirds(["KS", "7S"], "literal") == 15
    )
    assert short_batch_thirds([SKUS]) == 13 and short_batch_thirds([SKUS], "literal") == 15
    assert short_batch_thirds([]) == 0 == short_batch_thirds([], "literal")
    pile = ["KH", "7S", "II", "QH", "CH", "8S", "KS"]
    assert len(pile) % BATCH == 1
    assert count_thirds(pile) == count_thirds(pile[:6]) + short_batch_thirds(pile[6:])
    assert count_thirds(pile, "literal") == count_thirds(pile[:6], "literal") + short_batch_thirds(
        pile[6:], "literal"
    )


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(TAROCK_54.cards), max_size=4, unique=True),
    st.one_of(st.none(), st.sampled_from(TAROCK_54.cards)),
)
def test_the_searchers_follow_the_rules_playable_cards(tops: list[str], led: str | None) -> None:
    """The search's card-number form of the duty to follow (OT-5, OT-6) is the rules' own."""
    from parlour.games.open_tarock.players import legal_indices, tables

    if led in tops:
        return
    t = tables(TAROCK_54)
    numbers = [t.index[c] for c in tops]
    got = [tops[i] for i in legal_indices(t, numbers, t.index[led] if led is not None else -1)]
    assert got == playable(tops, led)


def test_grouping_does_not_matter_and_short_batches() -> None:
    cards = ["KH", "7S", "II", "QH", "CH", "8S"]
    assert count_thirds(cards) == count_thirds(list(reversed(cards))) == 3 * (5 + (4 + 3 - 1))
    assert count_thirds(["KS"]) == 13 and count_thirds(["KS"], "literal") == 15
    assert count_thirds(["7S"]) == 1 and count_thirds(["7S"], "literal") == 3
    assert count_thirds(["KS", "QS"], "literal") == 24  # two face cards: 9 less 1
    assert fmt_thirds(106) == "35⅓" and fmt_thirds(-1) == "-⅓" and fmt_thirds(-5) == "-1⅔"


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 27), st.sampled_from(["tarock54", "tarot78"]))
def test_counts_always_make_the_pack_total(rnd: Any, tricks: int, pack: str) -> None:
    g = game(pack=pack)
    cards = list(g.card_pack.cards)
    rnd.shuffle(cards)
    k = 2 * min(tricks, len(cards) // 2)
    assert count_thirds(cards[:k]) + count_thirds(cards[k:]) == 3 * g.total


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["tarock54", "tarot78"]))
def test_played_hands_make_the_pack_total(seed: int, pack: str) -> None:
    g = game(pack=pack, deals=1)
    state = g.new(seed=seed)
    rng = Rng(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    counts = [e.data["count"] for e in state.log if e.kind == "count"]
    assert sum(counts) == pytest.approx(g.total)
    assert sum(state.scores) == pytest.approx(0)


# --- views, determinization, saving -----------------------------------------------------


def test_views_are_the_same_for_both_seats_but_the_legal_actions() -> None:
    state = game().new(seed=4)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    v0, v1, vs = state.view(0), state.view(1), state.view(None)
    assert v0.zones == v1.zones == vs.zones and v0.seats == v1.seats == vs.seats
    assert v0.trick == v1.trick == vs.trick and v0.last_trick == v1.last_trick == vs.last_trick
    assert v0.extra == v1.extra == vs.extra and v0.situation == v1.situation == vs.situation
    for seat in (0, 1):
        assert [s[0] for s in stacks(vs, seat) if s] == state.tops(seat)
        assert [z.cards for z in vs.zones_of("tricks_won", seat)] == [state.piles[seat]]
    assert vs.hand == [] and v0.hand == []  # the cards lie in stacks, not in a hand
    mover = state.current_player
    assert mover is not None
    assert (
        state.view(mover).legal_actions == state.legal_actions() and state.view(1 - mover).legal_actions == []
    )


def test_the_view_counts_the_piles_in_thirds() -> None:
    state = last_trick_to_seat1("thirds")
    view = state.view(None)
    assert view.extra.par == 35 and view.extra.deals == 1
    assert view.extra.counted == ["65⅓", "4⅔"]
    assert view.score_sheet is not None and view.score_sheet.rows[0].values == pytest.approx(
        [30 + 1 / 3, -30 - 1 / 3]
    )
    assert view.outcome is not None and view.outcome.winners == [0] and "30⅓ to -30⅓" in view.outcome.reason


def test_determinize_resamples_only_face_down_cards() -> None:
    g = game()
    state = g.new(seed=6)
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    downs = set()
    for k in range(5):
        sampled = g.determinize(view, Rng(k))
        assert sampled.view(0) == view
        assert sampled.inventory() == state.inventory()
        assert sampled.piles == state.piles
        downs.add(tuple(tuple(s[1:]) for s in sampled.stacks[1]))
    assert len(downs) > 1


def test_save_and_load_round_trip() -> None:
    g = game(pack="tarot78", short_batch="literal")
    state = g.new(seed=9)
    for _ in range(15):
        state.apply(state.legal_actions()[-1])
    text = state.to_json()
    assert g.load(text).to_json() == text


@pytest.mark.parametrize(
    "options", [{"pack": "tarot78"}, {"stacks": "5,5,5,5,5,2", "short_batch": "literal"}]
)
def test_conformance_with_other_options(options: dict[str, Any]) -> None:
    g = game(**options)
    check_match(g, ["random", "heuristic"], 21, every=4)


def test_deals_option_and_alternating_dealer() -> None:
    state = game(deals=3).new(seed=13)
    dealers = []
    while not state.is_over:
        if not state.tricks and not state.trick:
            dealers.append(state.dealer)
            assert state.current_player == state.dealer  # the dealer leads
        state.apply(state.legal_actions()[0])
    assert len(dealers) == 3 and dealers[0] != dealers[1] and dealers[2] == dealers[0]
    assert len([e for e in state.log if e.kind == "hand_end"]) == 3
    assert state.log[-1].kind == "match_end"


def test_equal_totals_are_a_draw() -> None:
    # seat 0 takes every trick of the first hand and loses every trick of the second
    seat0, seat1 = grand_slam_deal()
    state = one_stack_each(seat0, seat1, deals=1)
    assert state.winners == []  # not over yet
    play_forced(state)
    assert state.winners == [0]
    state.totals = [35.0, 35.0 - 1e-12]  # as a sum of thirds may come out
    assert state.winners == []
    outcome = state.view(None).outcome
    assert outcome is not None and outcome.winners == [] and outcome.draw and "equal totals" in outcome.reason


def test_a_won_match_reads_the_winners_total_first() -> None:
    """The end read "seat 1 has the higher total after 1 hand: -5 to 5": the totals came in seat order,
    so a win read as a loss. The winner's total comes first, as a score is read."""
    game = parlour.make("open-tarock", deals=1)
    for seed in range(40):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        outcome = state.view(None).outcome
        if outcome is not None and outcome.winners == [1]:
            break
    else:
        raise AssertionError("seat 1 won none of 40 random matches")
    assert state.scores[1] > state.scores[0]
    assert outcome.reason.endswith(f": {thirds(state.scores[1])} to {thirds(state.scores[0])}"), (
        outcome.reason
    )


def thirds(total: float) -> str:
    """A total as the game writes it, in thirds."""
    return fmt_thirds(round(THIRDS * total))
