"""A second reading of Roquet (the 60-card pack) from the seed alone: scenario tests, each from an
explicit deal, for what the seed states and the other tests leave open (the whole rank order, a
trump lead, a muster or a sequence completed from the livret, the last draws, a meld after the
hand's last trick, a whole hand without melds, the target passed in the middle of a hand), and the
seed's rules written out afresh as a referee of whole random matches.

Everything goes through the public API: ``parlour.make``, ``new(deal=...)``, ``legal_actions``,
``apply``, ``view`` and the log."""

from __future__ import annotations

import random
from itertools import combinations, pairwise
from typing import Any

import pytest

import parlour
from parlour.engine import IllegalAction
from parlour.games.roquet.rules import RoquetState
from tests.test_roquet import make_deal

SUITS = ("S", "H", "D", "C")
RANKS_LOW_TO_HIGH = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "L", "B", "Q", "K", "C")
"""The seed: "Rank, low to high: Ace, 2, 3, 4, 5, 6, 7, 8, 9, 10, Lehnritter, Bishop, Queen, King, Castle"."""


def start(deal: dict[str, Any], **options: Any) -> RoquetState:
    state = parlour.make("roquet", **options).new(seed=7, deal=deal)
    assert isinstance(state, RoquetState)
    return state


def last_trick_winner(state: RoquetState) -> int:
    trick = [e for e in state.log if e.kind == "trick"][-1]
    winner = trick.data["winner"]
    assert isinstance(winner, int)
    return winner


def plain_step(state: RoquetState) -> None:
    """Never meld; otherwise the first legal card (the hand's display order)."""
    state.apply("done" if state.phase == "meld" else state.legal_actions()[0])


def phase_of(state: RoquetState) -> str:
    """The phase, read afresh (an action may change it after a test has narrowed it)."""
    return state.phase


def at_trick_start(state: RoquetState) -> bool:
    return state.phase == "play" and not state.trick


# A plain first hand: seat 1 (the non-dealer) leads; clubs are trumps; the stock's last face-down
# card is the two of clubs.
PLAIN_DEAL = make_deal(
    [["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"], ["CS", "KS", "KH", "7D", "8D", "3C", "AS", "2H"]],
    ["6D", "QS", "QH", "AC"],
    "7C",
)


# --- the order of the cards and the trick -------------------------------------------------------


@pytest.mark.parametrize(("low", "high"), list(pairwise(RANKS_LOW_TO_HIGH)))
def test_each_rank_beats_the_one_below_it_in_the_suit_led(low: str, high: str) -> None:
    """The seed's whole rank order, one step at a time: the higher card of the suit led wins, whether
    it leads or follows (the ten below the lehnritter, the bishop below the queen)."""
    others = [["2H", "3H", "4H", "5H", "6H", "7H", "8H"], ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]]
    for leader_card, follower_card, winner in ((low, high, 0), (high, low, 1)):
        # dealer 0: seat 1 leads
        state = start(
            make_deal([[follower_card + "S", *others[0]], [leader_card + "S", *others[1]]], [], "AC")
        )
        state.apply(f"play {leader_card}S")
        assert state.legal_actions() == [f"play {follower_card}S"]  # the one spade must follow
        state.apply(f"play {follower_card}S")
        assert last_trick_winner(state) == winner, (leader_card, follower_card)


def test_a_trump_lead_is_followed_in_trumps_and_the_higher_trump_wins() -> None:
    """Follow suit applies to a trump lead as to any other; the higher trump takes it, and a player
    void in trumps who discards loses even with a castle."""
    state = start(
        make_deal(
            [["9C", "2C", "CH", "2H", "3H", "4H", "5H", "6H"], ["5C", *[r + "D" for r in "2345678"]]],
            [],
            "AC",
        )
    )
    state.apply("play 5C")  # seat 1 leads a trump
    assert state.legal_actions() == ["play 9C", "play 2C"]
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply("play CH")
    state.apply("play 9C")
    assert last_trick_winner(state) == 0
    void = start(
        make_deal(
            [["CH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"], ["5C", *[r + "D" for r in "2345678"]]],
            [],
            "AC",
        )
    )
    void.apply("play 5C")
    assert len(void.legal_actions()) == 8  # void in trumps: any card
    void.apply("play CH")
    assert last_trick_winner(void) == 1


def test_a_trump_that_is_led_loses_only_to_a_higher_trump() -> None:
    """Any trump beats any non-trump: a low trump led keeps the trick against a castle of another
    suit, played by a player void in trumps."""
    state = start(
        make_deal(
            [["CS", "KS", "QS", "CH", "KH", "QH", "CD", "KD"], ["2C", *[r + "H" for r in "2345678"]]],
            [],
            "AC",
        )
    )
    state.apply("play 2C")
    state.apply("play CS")
    assert last_trick_winner(state) == 1


# --- combinations completed from the table ------------------------------------------------------


def test_a_muster_completed_from_the_livret_scores_ten_and_three_of_a_kind_is_no_combination() -> None:
    """A trick winner may draw one livret card "to complete ... a combination": three sevens in hand
    and the fourth in the livret make the muster (10). The three alone are no combination (RQ-10):
    only pairs of them are offered besides."""
    deal = make_deal(
        [["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"], ["CS", "7S", "7H", "7D", "KD", "3C", "AS", "2H"]],
        ["7C", "QS", "QH", "AC"],
        "9C",
    )
    state = start(deal)
    state.apply("play CS")
    state.apply("play 2S")  # seat 1 wins
    melds = [a for a in state.legal_actions() if a.startswith("meld")]
    assert "meld 7S 7H 7D 7C" in melds
    assert "meld 7S 7H 7D" not in melds  # three of a kind (ruling RQ-10)
    assert {"meld 7S 7H", "meld 7S 7D", "meld 7H 7D", "meld 7S 7C"} <= set(melds)
    state.apply("meld 7S 7H 7D 7C")
    assert state.banked == [0, 10]
    assert state.livret == ["QS", "QH", "AC"]
    meld = [e for e in state.log if e.kind == "meld"][-1]
    assert meld.data["kind"] == "muster" and meld.data["points"] == 10 and meld.data["taken"] == "7C"


def test_a_pair_laid_from_four_of_a_rank_leaves_only_the_other_pair() -> None:
    """Ruling RQ-5: laid-down cards leave play, so a pair taken out of four of a rank cannot later be
    made up into the muster; the other two still pair (2 + 2, not 10)."""
    deal = make_deal(
        [["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"], ["CS", "7S", "7H", "7D", "7C", "3C", "AS", "2H"]],
        ["6D", "QS", "QH", "AC"],
        "9C",
    )
    state = start(deal, melds_per_trick="any")
    state.apply("play CS")
    state.apply("play 2S")
    assert "meld 7S 7H 7D 7C" in state.legal_actions()
    state.apply("meld 7S 7H")
    assert "meld 7S 7H 7D 7C" not in state.legal_actions()
    assert "meld 7D 7C" in state.legal_actions()
    state.apply("meld 7D 7C")
    assert state.banked == [0, 4]


def test_a_livret_card_may_fill_the_gap_in_a_sequence_or_lengthen_it() -> None:
    """The seed's "complete or improve": the livret's seven fills the gap of a six and an eight (a sequence of
    three), or its nine joins the eight to the ten and lehnritter (a sequence of four); never two
    table cards in one combination, nor after one has been taken (ruling RQ-6)."""
    deal = make_deal(
        [["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"], ["CS", "6C", "8C", "TC", "LC", "3D", "5H", "KS"]],
        ["7C", "9C", "AH", "4D"],
        "2D",
    )
    state = start(deal)
    state.apply("play CS")
    state.apply("play 2S")
    melds = [a for a in state.legal_actions() if a.startswith("meld")]
    assert melds == ["meld 6C 7C 8C", "meld 8C 9C TC", "meld 9C TC LC", "meld 8C 9C TC LC"]
    state.apply("meld 8C 9C TC LC")
    assert state.banked == [0, 4] and state.table_taken and state.livret == ["7C", "AH", "4D"]
    # 6C 7C 8C would need a second table card (and the eight is laid down): the moment passes
    assert state.phase == "play" and state.current_player == 1


def test_a_sequence_of_five_is_made_from_four_held_and_one_from_the_livret() -> None:
    """The tariff's longest sequence, five of one suit, scores 5; here its top card is the livret's."""
    deal = make_deal(
        [["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"], ["CS", "TC", "LC", "BC", "QC", "2D", "AS", "2H"]],
        ["KC", "5C", "7H", "AC"],
        "KH",
    )
    state = start(deal)
    state.apply("play CS")
    state.apply("play 2S")
    assert "meld TC LC BC QC KC" in state.legal_actions()
    state.apply("meld TC LC BC QC KC")
    assert state.banked == [0, 5]


# --- drawing and the end of the hand -----------------------------------------------------------


def test_the_last_face_down_card_goes_to_the_trick_winner_and_the_turn_up_to_the_loser() -> None:
    """Rulings RQ-1 and RQ-3: the winner draws first; the turn-up lies under the stock as its last
    card, so when one face-down card and the turn-up are left, the winner gets the face-down card and
    the loser the turn-up, which everyone then knows."""
    state = start(PLAIN_DEAL)
    last_face_down = PLAIN_DEAL["stock"][-1]
    while not (at_trick_start(state) and state.view(0).extra.stock_size == 2):
        plain_step(state)
    assert state.view(0).extra.stock_size == 2 and state.turn_up == "7C"
    before = [list(h) for h in state.hands]
    plain_step(state)
    plain_step(state)
    if state.phase == "meld":
        state.apply("done")
    winner = last_trick_winner(state)
    assert last_face_down in state.hands[winner] and last_face_down not in before[winner]
    assert "7C" in state.hands[1 - winner]
    assert state.view(winner).extra.known[1 - winner] == ["7C"]
    assert state.view(0).extra.stock_size == 0 and state.turn_up is None


def test_a_turn_up_taken_into_a_meld_is_not_drawn_and_the_stock_ends_a_card_sooner() -> None:
    """Ruling RQ-2: taken as the one table card, the turn-up leaves the stock (40 becomes 39); the
    hand's last draw is then a face-down card and nobody ever draws the turn-up."""
    deal = make_deal(
        [["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"], ["CS", "KS", "KH", "7D", "8D", "3C", "7H", "2H"]],
        ["6D", "QS", "QH", "AC"],
        "7S",
    )
    state = start(deal)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld 7S 7H")
    assert state.view(0).extra.stock_size == 39 and state.trump == "S"
    state.apply("done")
    # the winner draws two (a card played, one laid down), the loser one
    assert state.view(0).extra.stock_size == 39 - 2 - 1
    while state.hand_number == 1:
        plain_step(state)
    assert not any(e.kind == "draw_turn_up" for e in state.log)  # the loop stops as hand 2 is dealt


def test_a_hand_without_melds_is_twenty_eight_tricks_and_both_hands_run_out_together() -> None:
    """The seed: "play continues, hands replenished from stock after each trick, until stock and hands
    are both exhausted": 8 + 8 cards dealt and 40 in the stock make 56 cards, 28 tricks; the livret's four
    cards are never drawn (ruling RQ-8)."""
    state = start(PLAIN_DEAL)
    while state.hand_number == 1:
        plain_step(state)
    tricks_logged = [e for e in state.log if e.kind == "trick"]
    assert len(tricks_logged) == 28
    cards = [c["card"] for t in tricks_logged for c in t.data["cards"]]
    assert len(cards) == 56 and len(set(cards)) == 56
    assert not set(cards) & set(PLAIN_DEAL["livret"])
    end = next(e for e in state.log if e.kind == "hand_end")
    assert end.data["points"] == [0, 0]


# A position reached from PLAIN_DEAL by plain play (no melds, first legal card) to the moment the stock
# runs out: seat 0 holds 3D CC QC LC TC 8C 4C 2C, seat 1 holds 3C AD KC BC 9C 6C 5C 7C, the livret is
# still 6D QS QH AC, clubs are trumps and seat 0 leads. Then, by hand:
ENDGAME = [
    "play 3D", "play AD", "meld QS QC",  # seat 0 wins, lays the royal pair of queens with the livret's QS
    "play CC", "play KC",  # seat 0 (nothing to lay down)
    "play LC", "play BC", "done",  # seat 1 wins
    "play 9C", "play TC",  # seat 0
    "play 8C", "play 7C",  # seat 0
    "play 4C", "play 5C", "done",  # seat 1 keeps back the pair 6D 6C
    "play 3C", "play 2C",  # seat 1 wins the last trick, seat 0 is out of cards
    "meld 6D 6C",  # and still lays down its pair with the livret's six
]  # fmt: skip


def test_the_winner_of_the_last_trick_may_still_meld_and_the_points_count() -> None:
    """Melding follows every won trick, the hand's last included: after the stock is gone the hands
    differ in size (melds shrink them), the last trick leaves seat 0 without cards, and seat 1, who
    won it, lays down a pair before the hand ends (ruling RQ-14); the hand scores 5 to 2 and the
    livret's two untouched cards are dead."""
    state = start(PLAIN_DEAL)
    while not (at_trick_start(state) and state.view(0).extra.stock_size == 0):
        plain_step(state)
    assert sorted(state.hands[0]) == sorted(["3D", "CC", "QC", "LC", "TC", "8C", "4C", "2C"])
    assert sorted(state.hands[1]) == sorted(["3C", "AD", "KC", "BC", "9C", "6C", "5C", "7C"])
    assert state.livret == ["6D", "QS", "QH", "AC"] and state.current_player == 0
    for action in ENDGAME[:-1]:
        state.apply(action)
    assert state.hands[0] == [] and state.hands[1] == ["6C"] and state.phase == "meld"
    assert state.current_player == 1 and state.legal_actions() == ["meld 6D 6C", "done"]
    state.apply(ENDGAME[-1])
    assert state.hand_number == 2  # the hand is over: a player holds no card
    ends = [e for e in state.log if e.kind == "hand_end"]
    assert ends[0].data["points"] == [5, 2] and state.match_scores == [5, 2]
    kinds = [e.kind for e in state.log]
    end = kinds.index("hand_end")
    last_trick = max(i for i, k in enumerate(kinds[:end]) if k == "trick")
    assert state.log[last_trick].data["winner"] == 1
    assert [k for k in kinds[last_trick:end] if k == "meld"] == ["meld"]
    sheet = state.view(0).score_sheet
    assert sheet is not None and [list(r.values) for r in sheet.rows] == [[5, 2]]


def test_the_target_passed_in_the_middle_of_a_hand_does_not_end_it() -> None:
    """Ruling RQ-15: banked points reach the score only when the hand ends, so a player who banks the
    target in the first trick plays the hand out; the match then ends with the hand."""
    deal = make_deal(
        [["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"], ["CS", "KS", "KH", "7D", "8D", "3C", "AS", "2H"]],
        ["6D", "QS", "QH", "AC"],
        "7C",
    )
    state = start(deal, target=5)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld KS KH")
    state.apply("done")
    assert state.banked == [0, 5] and state.scores == [0.0, 0.0]
    assert not state.is_over and state.phase == "play"
    while not state.is_over:
        plain_step(state)
    assert state.hand_number == 1 and state.winners == [1]
    assert state.match_scores == [0, 5]


# --- the seed's rules as an independent referee over whole random matches --------------------------

RANK_OF = {r: i for i, r in enumerate(RANKS_LOW_TO_HIGH)}
NUMERAL_RANKS = frozenset(RANKS_LOW_TO_HIGH[:10])


def seed_points(cards: tuple[str, ...]) -> int | None:
    """The seed's tariff, written afresh: a pair of numerals 2, of courts 5 (a "royal pair"); 3, 4 or 5
    of one suit in sequence 3, 4 or 5 (ace low, castle high, no wrapping: ruling RQ-11); all four of a
    rank 10; nothing else (three of a kind: ruling RQ-10; longer runs: ruling RQ-9)."""
    ranks = [c[:-1] for c in cards]
    suits = [c[-1] for c in cards]
    if len(set(ranks)) == 1:
        if len(cards) == 2:
            return 2 if ranks[0] in NUMERAL_RANKS else 5
        return 10 if len(cards) == 4 else None
    if 3 <= len(cards) <= 5 and len(set(suits)) == 1:
        idx = sorted(RANK_OF[r] for r in ranks)
        if idx == list(range(idx[0], idx[0] + len(idx))):
            return len(cards)
    return None


def seed_melds(hand: list[str], table: list[str]) -> set[frozenset[str]]:
    """Every combination of hand cards and at most one table card (ruling RQ-6)."""
    pool = [*hand, *table]
    found: set[frozenset[str]] = set()
    for size in (2, 3, 4, 5):
        for combo in combinations(pool, size):
            if sum(c in table for c in combo) <= 1 and seed_points(combo) is not None:
                found.add(frozenset(combo))
    return found


def meld_cards(action: str) -> frozenset[str]:
    return frozenset(action.split()[1:])


@pytest.mark.parametrize(
    ("seed", "options"),
    [(3, {}), (11, {}), (5, {"turn_up": "stock", "livret_refill": True, "max_sequence": 5})],
)
def test_random_matches_agree_with_the_seed_read_afresh(seed: int, options: dict[str, Any]) -> None:
    """Two random matches, every step refereed by the seed's rules written out here: the cards that may
    be played (follow suit if able, else anything), who takes each trick (the higher card of the suit
    led, any trump over any non-trump), the combinations offered after a won trick and their points,
    the hands made up to eight, the banked points added at each hand's end, and the match ending only
    at a hand's end with someone at 100 or more and ahead (rulings RQ-15, RQ-16). Also with the turn-up
    only the stock's last card and the livret made up again (options of rulings RQ-2 and RQ-8)."""
    rng = random.Random(seed)
    state = parlour.make("roquet", **options).new(seed=seed)
    turn_up_melds = options.get("turn_up", "table") == "table"
    assert isinstance(state, RoquetState)
    steps, dealt, leader = 0, 0, -1
    while not state.is_over:
        steps += 1
        assert steps < 5000
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        hand = list(state.hands[seat])
        hand_number, scores, banked = state.hand_number, list(state.match_scores), list(state.banked)
        if hand_number != dealt:  # a new hand: the non-dealer leads (ruling RQ-18)
            dealt, leader = hand_number, 1 - state.dealer
        if state.phase == "play":
            trick = state.trick
            if not trick:
                assert seat == leader  # the first trick's leader, then each trick's winner
            follow = [c for c in hand if trick and c[-1] == trick[0][1][-1]]
            assert sorted(a.split()[1] for a in legal) == sorted(follow or hand)
            trump = state.trump  # before the play: a hand's last trick deals the next hand
            before = [list(h) for h in state.hands]
            on_table = [*state.livret, *([state.turn_up] if state.turn_up and turn_up_melds else [])]
            action = rng.choice(legal)
            state.apply(action)
            if trick:  # the trick is complete: referee its winner
                (leader, led), card = trick[0], action.split()[1]
                if card[-1] == led[-1]:
                    expected = seat if RANK_OF[card[:-1]] > RANK_OF[led[:-1]] else leader
                else:
                    expected = seat if card[-1] == trump else leader
                leader = expected
                if state.hand_number == hand_number and not state.is_over:
                    assert state.tricks[-1].winner == expected
                    # melding only now, by the winner alone, and only if it has something to lay down
                    # (its hand as the trick left it, before any draw)
                    won = [c for c in before[expected] if c != card]
                    if seed_melds(won, on_table):
                        assert phase_of(state) == "meld" and state.current_player == expected
                    else:
                        assert phase_of(state) == "play" and state.current_player == expected
                else:
                    assert [e for e in state.log if e.kind == "trick"][-1].data["winner"] == expected
        else:
            table = [*state.livret, *([state.turn_up] if state.turn_up and turn_up_melds else [])]
            table = [] if state.table_taken else table
            offered = {meld_cards(a) for a in legal if a.startswith("meld")}
            assert offered == seed_melds(hand, table)
            assert "done" in legal
            action = rng.choice(legal)
            state.apply(action)
            if action.startswith("meld"):
                points = seed_points(tuple(meld_cards(action)))
                assert points is not None
                if state.hand_number == hand_number:
                    assert state.banked[seat] == banked[seat] + points
            if (
                state.hand_number == hand_number
                and phase_of(state) == "play"
                and state.view(0).extra.stock_size
            ):
                assert [len(h) for h in state.hands] == [8, 8]  # made up to eight while the stock lasts
        if state.hand_number != hand_number or state.is_over:  # the hand ended: its banked points added
            end = [e for e in state.log if e.kind == "hand_end"][-1]
            assert state.match_scores == [
                scores[0] + end.data["points"][0],
                scores[1] + end.data["points"][1],
            ]
            a, b = state.match_scores
            assert state.is_over == (max(a, b) >= 100 and a != b)
    assert state.winners == [0 if state.match_scores[0] > state.match_scores[1] else 1]
