"""A fourth audit of Roquet (the 60-card pack) against the seed's own words ("60 card Roquet" in
shared/seeds/bishops-whist-deck-and-games.txt), for what the first three audits leave without a
scenario: Dana's "great campaign" of the strategic note played out (the turn-up refused for an easy
pair, then taken into a muster after a later trick), the five court ranks of one suit laid as one
sequence (the seed's one structural change), "first to 100" at the default target over a whole
match, and a pair still held when the hand ends scoring nothing (only "banked" points are totalled).

Each test plays from an explicit deal through the public API (``parlour.make``, ``legal_actions``,
``apply``, ``view``, the log and the scores).
"""

from __future__ import annotations

from typing import Any

import parlour
from parlour.engine import State
from tests.test_seed_audit3_roquet import deal


def start(d: dict[str, Any], **options: Any) -> State:
    state: State = parlour.make("roquet", **options).new(seed=3, deal=d)
    return state


def banked(state: State) -> list[int]:
    return list(state.view(None).extra.banked)


def melds_in(actions: list[str]) -> list[frozenset[str]]:
    """The combinations offered among ``actions``, each as a set of cards."""
    return [frozenset(a.split()[1:]) for a in actions if a.startswith("meld")]


def turn_up_cards(state: State, seat: int) -> list[str | None]:
    zone = state.view(seat).zone("turn_up")
    return [] if zone is None else list(zone.cards)


def greedy(state: State) -> str:
    """The longest combination on offer, else the first legal action."""
    actions = state.legal_actions()
    melds = [a for a in actions if a.startswith("meld")]
    return max(melds, key=len) if melds else actions[0]


# --- the strategic note: refusing the trump card early for a larger meld later ----------------------


def test_the_great_campaign_refuses_the_turn_up_for_a_pair_and_takes_it_into_a_muster_later() -> None:
    """The strategic note: "refusing an easy early meld (specifically, the trump card) to build toward
    a much larger one later". Seat 1 wins the first trick holding two sevens with the seven of clubs
    turned up: the pair is on offer, with the turn-up or without it. It lays nothing down; the turn-up
    stays on the table, still meld material for the next won trick (ruling RQ-2). Seat 1 draws the
    seven of diamonds, wins again, and takes the turn-up into the muster of sevens for 10 instead of 2.
    Trumps stay clubs (ruling RQ-19)."""
    h0 = ["2S", "3H", "4D", "5D", "8D", "9H", "TD", "LD"]
    h1 = ["CS", "CH", "7H", "7S", "2D", "9C", "4S", "BD"]
    state = start(deal(h0, h1, livret=["AD", "6S", "QH", "3C"], turn_up="7C", top=["7D", "KC"]))
    state.apply("play CS")
    state.apply("play 2S")
    offered = melds_in(state.legal_actions())
    assert {"7H", "7S"} in offered and {"7C", "7H"} in offered and {"7C", "7S"} in offered
    assert not [m for m in offered if len(m) == 4]  # three sevens are no muster yet
    state.apply("done")
    assert banked(state) == [0, 0]
    for seat in (0, 1):
        assert turn_up_cards(state, seat) == ["7C"]  # still face up on the table for both
        assert state.view(seat).trump == "C"
    assert {"7H", "7S", "7D"} <= set(state.view(1).hand)  # seat 1 drew the seven of diamonds
    assert state.view(0).extra.stock_size == 40 - 2
    state.apply("play CH")  # seat 0 must follow hearts: its three takes nothing
    state.apply("play 3H")
    assert state.current_player == 1
    assert frozenset({"7C", "7D", "7H", "7S"}) in melds_in(state.legal_actions())
    state.apply("meld 7S 7H 7D 7C")
    assert banked(state) == [0, 10]
    zone = state.view(0).zone("melds", 1)
    assert zone is not None and zone.label == "muster of sevens, 10 points"
    assert sorted(zone.cards, key=str) == ["7C", "7D", "7H", "7S"]
    for seat in (0, 1):
        assert turn_up_cards(state, seat) == []  # taken: it is not drawn later
        assert state.view(seat).trump == "C"
    meld = [e for e in state.events(0) if e.kind == "meld"][-1]
    assert state.event_words(meld) == (
        "seat 1 lays down a muster of sevens 7♠ 7♥ 7♦ 7♣, taking 7♣ from the turn-up, for 10 points"
    )


# --- the five court ranks ----------------------------------------------------------------------------


def test_the_five_courts_of_one_suit_are_one_sequence_of_five() -> None:
    """ "five court ranks (Lehnritter, Bishop, Queen, King, Castle) per suit" in the order of the rank
    line, so lehnritter to castle of one suit is an unbroken run: a sequence of 5 for 5 points, here
    completed by the livret's bishop ("draw one card from the livret to complete ... a combination")."""
    h0 = ["2S", "3S", "4D", "5D", "8D", "9H", "TD", "6C"]
    h1 = ["CS", "LH", "QH", "KH", "CH", "2D", "9C", "4C"]
    state = start(deal(h0, h1, livret=["BH", "6S", "AD", "3C"], turn_up="7C"))
    state.apply("play CS")
    state.apply("play 2S")
    assert frozenset({"LH", "BH", "QH", "KH", "CH"}) in melds_in(state.legal_actions())
    state.apply("meld CH KH QH BH LH")
    assert banked(state) == [0, 5]
    zone = state.view(0).zone("melds", 1)
    assert zone is not None and zone.label == "sequence of five, 5 points"
    livret = state.view(0).zone("livret")
    assert livret is not None and livret.cards == ["6S", "AD", "3C"]


# --- "First to 100 wins the match", at the default target ---------------------------------------------


def test_the_match_ends_with_the_first_hand_that_leaves_a_player_at_100_and_ahead() -> None:
    """ "Total each player's banked meld points for the hand; add straight onto their running game
    score"; "First to 100 wins the match" — with the default options (target 100, ruling RQ-16). A
    whole match played greedily from an explicit first deal: after every hand but the last nobody
    stands at 100 or more ahead of the other, after the last the winner does, and the score sheet adds
    up to the scores."""
    h0 = ["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"]
    h1 = ["CS", "KS", "KH", "7D", "8D", "3C", "AS", "2H"]
    state = start(deal(h0, h1, livret=["6D", "QS", "QH", "AC"], turn_up="7C"))
    assert state.view(0).extra.stock_size == 40
    hands_seen = 0
    for _ in range(20_000):
        if state.is_over:
            break
        number = state.hand_number
        state.apply(greedy(state))
        if state.is_over or state.hand_number != number:
            hands_seen += 1
            a, b = state.scores
            if not state.is_over:
                assert not (max(a, b) >= 100 and a != b), (number, a, b)
    assert state.is_over and hands_seen >= 2
    a, b = state.scores
    winner = 0 if a > b else 1
    assert max(a, b) >= 100 and a != b and state.winners == [winner]
    sheet = state.view(0).score_sheet
    assert sheet is not None and len(sheet.rows) == hands_seen
    assert [sum(row.values[s] for row in sheet.rows) for s in (0, 1)] == [a, b]
    end = [e for e in state.events(None) if e.kind == "match_end"][-1]
    loser = 1 - winner
    assert (
        state.event_words(end)
        == f"seat {winner} wins the match, {state.scores[winner]:g} to {state.scores[loser]:g}"
    )


# --- the hand's total: banked points only -------------------------------------------------------------


def test_a_pair_still_held_when_the_hand_ends_scores_nothing() -> None:
    """ "Total each player's banked meld points for the hand": only what was laid down counts. Seat 1
    lays down all it can, seat 0 never does; once the stock is gone seat 1's hand, shortened by its
    combinations, runs out first (ruling RQ-14). Seat 0 wins the last trick holding the fives of
    diamonds and clubs, is offered the pair, keeps it, and the hand ends with seat 0 banking 0 and
    its four cards dead."""
    h0 = ["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"]
    h1 = ["CS", "KS", "KH", "7D", "8D", "3C", "AS", "2H"]
    state = start(deal(h0, h1, livret=["6D", "QS", "QH", "AC"], turn_up="7C"))
    last: tuple[int | None, list[str], list[str], list[str]] = (None, [], [], [])
    while state.hand_number == 1:
        seat, actions = state.current_player, state.legal_actions()
        action = ("done" if "done" in actions else actions[0]) if seat == 0 else greedy(state)
        last = (seat, actions, list(state.view(0).hand), list(state.view(1).hand))
        state.apply(action)
    seat, actions, held0, held1 = last
    assert seat == 0 and "meld 5D 5C" in actions and actions[-1] == "done"  # the last trick's meld moment
    assert sorted(held0) == ["5C", "5D", "8C", "AD"] and held1 == []
    end = [e for e in state.events(None) if e.kind == "hand_end"][-1]
    points = end.data["points"]
    assert points[0] == 0 and points[1] > 0
    assert state.scores == [0.0, float(points[1])]
    words = [state.event_words(e) for e in state.events(0)]
    assert "seat 0 banks 0 for the hand" in words
