"""A third audit of Roquet (the 60-card pack) against the seed's own words ("60 card Roquet" in
shared/seeds/bishops-whist-deck-and-games.txt), for the sentences the first two audits leave untested:
combinations come "from their hand" (not from the trick just won), "never before" a won trick (not with
cards drawn after it), the livret card is there for whichever player wins a trick, the muster of a
rank at either end of the suit and one completed by the turn-up, the running score over two hands,
"first to 100" when both players pass it in one hand, and what each seat is shown along the way.

Each test plays from an explicit deal through the public API (``parlour.make``, ``legal_actions``,
``apply``, ``view``, the log's words and the scores).
"""

from __future__ import annotations

from typing import Any

import parlour
from parlour.cards import ROQUET_60
from parlour.engine import State
from parlour.engine.errors import ForbiddenAction
from tests.audit_support import refused, strings_in, words_in


def deal(
    h0: list[str],
    h1: list[str],
    livret: list[str],
    turn_up: str,
    top: list[str] | None = None,
    dealer: int = 0,
) -> dict[str, Any]:
    """A first hand: the stock is ``top`` then every other card in pack order (seat 1 leads)."""
    used = {*h0, *h1, *livret, turn_up, *(top or [])}
    rest = [c for c in ROQUET_60.cards if c not in used]
    return {
        "hands": [h0, h1],
        "livret": livret,
        "turn_up": turn_up,
        "stock": [*(top or []), *rest],
        "dealer": dealer,
    }


def start(d: dict[str, Any], **options: Any) -> State:
    state: State = parlour.make("roquet", **options).new(seed=5, deal=d)
    return state


def hand(state: State, seat: int) -> list[str]:
    """A seat's cards as its own view shows them."""
    return state.view(seat).hand


def banked(state: State) -> list[int]:
    return list(state.view(None).extra.banked)


def melds_in(actions: list[str]) -> list[frozenset[str]]:
    """The combinations offered among ``actions``, each as a set of cards (their order is the pack's)."""
    return [frozenset(a.split()[1:]) for a in actions if a.startswith("meld")]


def never_meld(state: State) -> str:
    """Say 'done' to every meld moment; otherwise the first legal card."""
    actions = state.legal_actions()
    return "done" if "done" in actions else actions[0]


def greedy(state: State) -> str:
    """The longest combination on offer, else the first legal action."""
    actions = state.legal_actions()
    melds = [a for a in actions if a.startswith("meld")]
    return max(melds, key=len) if melds else actions[0]


def hidden_from(state: State, seat: int) -> set[str]:
    """The cards ``seat`` may not know: the other's hand, less the turn-up it drew (everyone saw it)."""
    other = 1 - seat
    known = set(state.view(seat).extra.known[other])
    return set(hand(state, other)) - known


def assert_nothing_hidden_is_shown(state: State) -> None:
    """No view shows, and no logged event a seat may read names, a card of the other's hand that the
    seat may not know; the stock lies face down for both."""
    for seat in (0, 1):
        view = state.view(seat)
        secret = hidden_from(state, seat)
        for zone in view.zones:
            assert not secret & set(zone.face_up), (seat, zone.kind, zone.owner)
        stock = view.zone("stock")
        assert stock is None or set(stock.cards) <= {None}
        other = view.zone("hand", 1 - seat)
        assert other is not None and set(other.face_up) <= set(view.extra.known[1 - seat])
        events = state.events(seat)
        this_hand = max(i for i, e in enumerate(events) if e.kind == "deal")  # cards are dealt afresh
        for event in events[this_hand:]:
            assert event.to in (None, seat)
            words, data = words_in(state.event_words(event)), strings_in(event.data)
            named = [c for c in secret if c in data or ROQUET_60.pretty(c) in words]
            assert not named, (seat, event.kind, named)


# --- combinations: from the hand, and only in the moment after a won trick ------------------------


def test_the_cards_of_the_trick_just_won_are_no_meld_material() -> None:
    """ "a player may lay down ... scoring combinations from their hand": seat 1 leads the king of
    hearts and seat 0, void in hearts, throws the king of diamonds; the two kings lie in the trick, not
    in seat 1's hand, so they make no royal pair (seat 1 may still lay the queens it holds)."""
    h0 = ["KD", "2S", "3S", "4D", "5D", "8C", "9C", "AS"]
    h1 = ["KH", "QH", "QS", "2H", "5S", "7D", "TC", "4C"]
    state = start(deal(h0, h1, livret=["AD", "6S", "9H", "LC"], turn_up="3C"))
    state.apply("play KH")
    state.apply("play KD")
    last = state.view(0).last_trick
    assert last is not None and last.winner == 1
    offered = melds_in(state.legal_actions())
    assert {"QH", "QS"} in offered
    assert not [m for m in offered if {"KH", "KD"} & m]
    reason = refused(state, "meld KH KD", ForbiddenAction)
    assert "neither in your hand nor on the table" in reason
    refused(state, "meld KH KD", ForbiddenAction, seat=0)  # nor may the loser, whose king it was


def test_a_pair_drawn_after_the_meld_moment_waits_for_the_next_won_trick() -> None:
    """ "only in the moment immediately after winning a trick, never before it": seat 1 wins the
    first trick with nothing to lay down, then draws the seven of diamonds to its seven of hearts. It
    leads next holding the pair, but may only play; once it wins that trick the pair is laid down."""
    h0 = ["2S", "3S", "4H", "8D", "9H", "5D", "TD", "LC"]
    h1 = ["CS", "7H", "3D", "9C", "LD", "2H", "5C", "QS"]
    state = start(deal(h0, h1, livret=["AD", "6S", "8H", "TC"], turn_up="4S", top=["7D", "KC"]))
    state.apply("play CS")
    state.apply("play 2S")  # seat 1 wins; it has no combination, so the moment passes by itself
    assert "7D" in hand(state, 1) and "7H" in hand(state, 1)
    assert state.current_player == 1 and all(a.startswith("play") for a in state.legal_actions())
    reason = refused(state, "meld 7H 7D", ForbiddenAction)
    assert "only in the moment immediately after winning a trick" in reason
    state.apply("play QS")  # a trump; seat 0 must follow in spades
    state.apply("play 3S")
    assert melds_in(state.legal_actions()) == [{"7H", "7D"}]
    state.apply("meld 7H 7D")
    assert banked(state) == [0, 2]


def test_a_livret_card_one_winner_leaves_is_there_for_the_other() -> None:
    """ "Having won a trick, a player may draw one card from the livret": the draw is a right, not a
    duty. Seat 1 wins, could take the king of clubs for its king of hearts, and declines; seat 0 wins
    the next trick and takes that king for its own king of diamonds (ruling RQ-6: straight into the
    combination). Both see the livret shrink."""
    h0 = ["KD", "2S", "3S", "4H", "8D", "9H", "5D", "TD"]
    h1 = ["CS", "KH", "2H", "7D", "3C", "6S", "9C", "LS"]
    state = start(deal(h0, h1, livret=["KC", "AD", "QS", "6H"], turn_up="7C", top=["4C", "4S"]))
    state.apply("play CS")
    state.apply("play 2S")
    assert {"KH", "KC"} in melds_in(state.legal_actions())
    state.apply("done")
    state.apply("play 2H")  # seat 1 leads a low heart; seat 0 follows with a higher one
    state.apply("play 4H")
    assert state.current_player == 0 and {"KD", "KC"} in melds_in(state.legal_actions())
    state.apply("meld KD KC")
    assert banked(state) == [5, 0]
    for seat in (0, 1):
        livret = state.view(seat).zone("livret")
        assert livret is not None and livret.cards == ["AD", "QS", "6H"]
    meld = [e for e in state.events(1) if e.kind == "meld"][-1]
    assert (
        state.event_words(meld)
        == "seat 0 lays down a royal pair of kings K♦ K♣, taking K♣ from the livret, for 5 points"
    )


def test_four_castles_completed_by_the_turn_up_score_ten() -> None:
    """ "Muster (all four suits of one rank) | 10", its fourth castle the turn-up: "the turned-up trump
    card is likewise available as meld material" (ruling RQ-2); trumps stay clubs once it is taken
    (ruling RQ-19), and the stock to draw from is a card shorter (ruling RQ-1)."""
    h0 = ["2S", "3S", "4S", "5H", "6H", "8D", "9H", "LD"]
    h1 = ["KS", "CS", "CH", "CD", "2H", "7D", "9C", "TD"]
    state = start(deal(h0, h1, livret=["6D", "QS", "QH", "8C"], turn_up="CC"))
    assert state.view(0).extra.stock_size == 40
    state.apply("play KS")
    state.apply("play 2S")
    assert {"CS", "CH", "CD", "CC"} in melds_in(state.legal_actions())
    state.apply("meld CC CD CH CS")
    assert banked(state) == [0, 10]
    view = state.view(0)
    turn_up = view.zone("turn_up")
    assert view.trump == "C" and (turn_up is None or turn_up.cards == [])
    # nothing more to lay down: the hands were made up, from a stock of 39 (40 less the turn-up taken):
    # the winner drew four (one played, three laid down), the loser one
    assert view.extra.stock_size == 39 - 4 - 1
    zone = view.zone("melds", 1)
    assert zone is not None and zone.label == "muster of castles, 10 points"


def test_four_aces_laid_after_a_won_trick_score_ten() -> None:
    """The muster of the lowest rank, from the hand, once seat 1 has won with another card."""
    h0 = ["2S", "3S", "4S", "5H", "6H", "8D", "9H", "LD"]
    h1 = ["CS", "AS", "AH", "AD", "AC", "2H", "7D", "9C"]
    state = start(deal(h0, h1, livret=["6D", "QS", "QH", "8C"], turn_up="3C"))
    state.apply("play CS")
    state.apply("play 2S")
    assert {"AS", "AH", "AD", "AC"} in melds_in(state.legal_actions())
    state.apply("meld AC AD AH AS")
    assert banked(state) == [0, 10]
    zone = state.view(0).zone("melds", 1)
    assert zone is not None and zone.label == "muster of aces, 10 points"


# --- the running score and the match -------------------------------------------------------------


def test_the_hands_points_go_straight_onto_the_running_score_and_the_deal_alternates() -> None:
    """ "Total each player's banked meld points for the hand; add straight onto their running game
    score — no conversion, no remainder": after each of two hands the score is the sum of what each
    player banked, as the score sheet shows hand by hand. The second hand is dealt by the other player
    (ruling RQ-18), eight cards each, four in the livret face up, and a stock of 40; the non-dealer
    leads. No view or log line shows either player a card of the other's hand along the way."""
    h0 = ["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"]
    h1 = ["CS", "KS", "KH", "7D", "8D", "3C", "AS", "2H"]
    state = start(deal(h0, h1, livret=["6D", "QS", "QH", "AC"], turn_up="7C"), target=1000)
    per_hand: list[list[int]] = []
    for number in (1, 2):
        last = banked(state)
        step = 0
        while state.hand_number == number:
            last = banked(state)
            state.apply(greedy(state))
            step += 1
            if step % 7 == 0:
                assert_nothing_hidden_is_shown(state)
        per_hand.append(last)
        ends = [e for e in state.events(None) if e.kind == "hand_end"]
        assert ends[-1].data["points"] == last
        scored = [e for e in state.events(None) if e.kind == "score"][-2:]
        assert [state.event_words(e) for e in scored] == [
            f"seat {s} banks {last[s]} for the hand" for s in (0, 1)
        ]
        assert state.scores == [float(sum(h[s] for h in per_hand)) for s in (0, 1)]
        sheet = state.view(0).score_sheet
        assert sheet is not None and [list(r.values) for r in sheet.rows] == per_hand
        view = state.view(1)
        dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
        assert dealer == number % 2  # seat 0 dealt the first hand, seat 1 the second, seat 0 the third
        assert state.current_player == 1 - dealer
        assert [s.hand_size for s in view.seats] == [8, 8] and view.extra.stock_size == 40
        livret = view.zone("livret")
        assert livret is not None and len(livret.face_up) == 4
    assert sum(map(sum, per_hand)) > 0


def test_both_past_the_target_in_one_hand_the_higher_score_wins() -> None:
    """ "First to 100 wins the match", with the target at 5 (ruling RQ-16): seat 1 banks its royal pair
    of kings in the first trick, seat 0 then banks 7; points reach the score only when the hand ends
    (ruling RQ-15), and then both are past the target and seat 0, ahead, wins, though seat 1 got there
    first within the hand. The outcome says so in words."""
    h0 = ["QD", "QC", "8D", "8H", "3S", "TD", "2H", "4H"]
    h1 = ["CS", "KS", "KH", "7D", "AS", "5C", "6C", "9C"]
    state = start(deal(h0, h1, livret=["AD", "2C", "5S", "LH"], turn_up="4C"), target=5)
    state.apply("play CS")
    state.apply("play 3S")
    state.apply("meld KS KH")
    assert banked(state) == [0, 5] and state.scores == [0.0, 0.0] and not state.is_over
    state.apply("done")
    state.apply("play 7D")  # seat 1 leads a diamond; seat 0's ten takes it
    state.apply("play TD")
    assert state.current_player == 0
    state.apply("meld QD QC")
    state.apply("meld 8D 8H")
    assert banked(state) == [7, 5]
    while state.hand_number == 1 and not state.is_over:
        state.apply(never_meld(state))
    assert state.is_over
    a, b = state.scores
    assert a >= 5 and b >= 5 and a > b and state.winners == [0]
    assert state.view(1).outcome is not None
    words = state.event_words([e for e in state.events(1) if e.kind == "match_end"][-1])
    assert words == f"seat 0 wins the match, {a:g} to {b:g}"


# --- what each seat is shown --------------------------------------------------------------------------


def test_the_views_of_a_hand_with_melds_from_the_table_show_each_seat_only_what_it_may_see() -> None:
    """Through a whole hand played greedily (livret cards, the turn-up taken or drawn), each seat's view
    and log: its own hand face up, the other's face down but for the turn-up it drew, the stock face
    down, the melds face up with their owner and points, and 'banked' the sum of the labels."""
    h0 = ["2S", "3S", "4H", "8H", "9H", "5D", "TD", "LD"]
    h1 = ["CS", "KS", "KH", "7D", "8D", "3C", "AS", "2H"]
    state = start(deal(h0, h1, livret=["6D", "QS", "QH", "AC"], turn_up="7C"))
    while state.hand_number == 1:
        state.apply(greedy(state))
        if state.hand_number != 1:
            break
        assert_nothing_hidden_is_shown(state)
        view = state.view(0)
        for seat in (0, 1):
            labels = [z.label for z in view.zones_of("melds", seat)]
            points = sum(int(label.rsplit(", ", 1)[1].removesuffix(" points")) for label in labels)
            assert points == view.extra.banked[seat]
