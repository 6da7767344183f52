"""Dana's sample hand of Bishops Whist, as a known-answer test, as far as its text allows.

The players sit A, D, B, C clockwise (play goes A, D, B, C after C's deal), partners A and B against
C and D. Seats: A = 0, D = 1, B = 2, C = 3, so the default fixed partnerships (0 and 2 against 1 and 3)
are the booklet's. C deals and turns the 5 of clubs; A, at his left, leads.

How the text was read (every slip and gap resolved, and why: ruling BW-21):

1. "Suppose the following, hearts trumps": a slip. The turn-up is the 5 of clubs, and trick 7
   ("C trumps" on a heart lead) and tricks 8-9 ("swinging to catch the cardinal" with clubs) need
   clubs to be trumps. Clubs are trumps.
2. The knights' row of the table is misaligned; the commentary says A holds "two knights" and that
   C's "two knights make the suit three cards long": A and C hold two knights each (13 cards each).
3. The paragraphs are not aligned with the tricks. "Trick 1" and "Trick 2" describe their own tricks;
   "Trick 3 goes to B" gives trick 3's winner and then trick 4's cards ("B leads king of s"); "Trick 4
   goes to B" then gives trick 5's cards; "Trick 5 goes to B" comments on trick 5; tricks 6-9 and 11
   describe themselves; "Trick 10 goes to A" gives no cards; "Trick 12" reasons about trick 12 and
   then gives trick 13's cards ("C leads queen d, A plays knight, D plays 6 of d, B plays the
   cardinal"), as the closing line ("A's knight captures the cardinal with last trick") confirms.
4. Trick 2: "B since he held no other cards of the spade suit but bishop, executed the knights
   revoke" must be C: C played the knight and holds only the bishop of spades; B holds four spades.
5. Trick 3's cards are not given. A won trick 2 and leads; the commentary speaks of "the lead of a low
   card" by a player holding that suit's bishop: A leads the 4 of diamonds (his only card left free
   for it, once every other card of his is placed). B takes it "cheaply" with the 8 or 9 of diamonds
   over D's 2 or 7; C plays the 3 (C's 5 of diamonds is needed in trick 11). All four choices are
   tried; none changes anything the text states.
6. Trick 10's cards are not given: C, who won trick 9, leads the king of diamonds and A's castle-ace
   of diamonds takes it ("castle-ace outranks king"); D and B follow with their last low diamonds.
7. Trick 11: "A leads 4 of s, D plays 6 of c, B 7 of s, D 5 of D" - the fourth player is C, who plays
   the 5 of diamonds (C cannot play the 5 of clubs: both C's small trumps are needed in tricks 7
   and 12, and D's 6 of clubs wins either way).
8. Trick 12: "As A had no spades" must be hearts: D won trick 11 and can only lead the 7 of hearts
   (his 6 of diamonds is played to trick 13); B follows with the 9 of hearts; C trumps (C leads trick
   13); A, void in hearts, plays the bishop of diamonds and keeps his last knight, as the commentary
   explains ("although he loses a bishop on this trick he captures another one in the next trick").
9. Which of C's small trumps (4 and 5 of clubs) fell in trick 7 and which in trick 12 is not said:
   both orders are tried.

The text's statements checked: the winners of tricks 1, 3 (B), 4 (B), 5 (B), 6 (D), 7 (C), 8 (C),
9 (C), 10 (A), 11 (D), 13 (A) and that A led trick 3 (so won trick 2) and C led trick 13 (so won
trick 12); the knight's revokes of C (tricks 2 and 4) and A (trick 5); A's choice to part with the
bishop of hearts in trick 7 when he might have revoked again; the cardinal remaining the best trump
after trick 9; and the cardinal captured by A's knight in the thirteenth trick. The hand scores
A and B: 7 tricks (1 point) + the bishop of clubs (2) = 3; C and D: 6 tricks (0) + the bishops of
spades, hearts and diamonds (6) = 6.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from parlour.games.bishops_whist.rules import BishopsWhist, BishopsWhistState, dealer_of, quitted_tricks

A, D, B, C = 0, 1, 2, 3
NAMES = {A: "A", D: "D", B: "B", C: "C"}

HANDS = {
    A: "QH BH CD BD 4D 8C 9C CS 2S 4S 6S N N",
    D: "KH 4H 7H 8H 2D 6D 7D 2C 6C 7C QS 3S 8S",
    B: "CH 9H 6H 5H 8D 9D QC BC 3C KS 5S 7S 9S",
    C: "2H 3H KD QD 3D 5D CC KC 4C 5C BS N N",
}
DEAL: dict[str, Any] = {"dealer": C, "turn_up": "5C", "hands": [HANDS[s].split() for s in range(4)]}


def line_of_play(d3: str, b3: str, c7: str) -> list[tuple[int, str, int]]:
    """The thirteen tricks as (leader, cards in play order, winner); the free choices as arguments."""
    d10 = {"2D": "7D", "7D": "2D"}[d3]
    b10 = {"8D": "9D", "9D": "8D"}[b3]
    c12 = {"4C": "5C", "5C": "4C"}[c7]
    return [
        (A, "QH 4H 5H 2H", A),  # 1: A leads the queen hoping to draw the castle-ace and king
        (A, "CS 3S 5S N", A),  # 2: C's knight's revoke saves the bishop of spades
        (A, f"4D {d3} {b3} 3D", B),  # 3: "goes to B, cheaply enough"
        (B, "KS N 2S 8S", B),  # 4: C's knight's revoke again
        (B, "CH 3H N 8H", B),  # 5: A's knight's revoke saves the bishop of hearts
        (B, "9S BS 6S QS", D),  # 6: C's bishop falls; D's queen outranks it
        (D, f"KH 6H {c7} BH", C),  # 7: C trumps; A parts with his bishop
        (C, "CC 8C 2C 3C", C),  # 8: C swings for the cardinal
        (C, "KC 9C 7C QC", C),  # 9: B must part with his queen of trumps
        (C, f"KD CD {d10} {b10}", A),  # 10: castle-ace outranks king
        (A, "4S 6C 7S 5D", D),  # 11: D makes haste with a winning trump
        (D, f"7H 9H {c12} BD", C),  # 12: A gives up the bishop of diamonds, keeps his knight
        (C, "QD N 6D BC", A),  # 13: A's knight captures the cardinal
    ]


VARIANTS = list(itertools.product(["2D", "7D"], ["8D", "9D"], ["4C", "5C"]))


def new_sample() -> BishopsWhistState:
    return BishopsWhist().new(seed=1899, deal=DEAL)


def tricks_played(state: BishopsWhistState) -> list[dict[str, Any]]:
    """The tricks of the first hand from the log (the view moves on to the next hand after the 13th)."""
    return [dict(e.data) for e in state.log if e.kind == "trick"]


def test_the_deal_matches_the_booklets_table() -> None:
    state = new_sample()
    v = state.view(None)
    assert dealer_of(v) == C and v.trump == "C" and v.extra.turn_up == "5C" and v.extra.turn_up_held
    assert v.teams == ((A, B), (D, C))
    assert state.current_player == A  # the player at the dealer's left leads
    assert state.scores == [0, 0, 0, 0]  # a five turned: no bishop cut
    for seat in range(4):
        assert sorted(state.view(seat).hand) == sorted(HANDS[seat].split())
    assert state.view(A).hand.count("N") == 2 and state.view(C).hand.count("N") == 2


@pytest.mark.parametrize(("d3", "b3", "c7"), VARIANTS)
def test_danas_sample_hand(d3: str, b3: str, c7: str) -> None:
    state = new_sample()
    for number, (leader, cards, winner) in enumerate(line_of_play(d3, b3, c7), 1):
        assert state.current_player == leader, f"trick {number}: {NAMES[leader]} should lead"
        if number == 12:  # "only one knight remains unplayed, that knight being in his own hand"
            knights_out = sum(c == "N" for t in tricks_played(state) for _, c in t["cards"])
            assert knights_out == 3 and state.view(A).hand.count("N") == 1
            assert sorted(state.view(A).hand) == ["BD", "N"]
        for i, card in enumerate(cards.split()):
            seat = state.current_player
            assert seat == (leader + i) % 4
            if card == "N" and i > 0:
                # every knight the text plays to a suit led is a knight's revoke: the bishop stays
                held = state.view(seat).hand
                led = cards.split()[0][-1]
                if number < 13:
                    assert [c for c in held if c != "N" and c[-1] == led] == ["B" + led], (number, held)
                    assert {f"play B{led}", "play N"} == set(state.legal_actions())
            if number == 7 and seat == A:
                assert set(state.legal_actions()) == {"play BH", "play N"}  # he might have revoked again
            state.apply(f"play {card}")
        trick = tricks_played(state)[-1]
        assert trick["number"] == number and trick["winner"] == winner, f"trick {number}"
        if number == 9:
            played = {p.card for t in quitted_tricks(state.view(None)) for p in t.plays}
            assert {"CC", "KC", "QC"} <= played and "BC" not in played  # the cardinal is now best trump
        if number < 13:
            assert state.view(A).extra.turn_up_held == ("5C" in state.view(C).hand)
    last = tricks_played(state)[-1]
    assert last["winner"] == A and [A, "N"] in last["cards"] and [B, "BC"] in last["cards"]
    ends = [e.data for e in state.log if e.kind == "hand_end"]
    assert len(ends) == 1
    assert ends[0]["tricks"] == [7, 6] and ends[0]["bishops"] == [1, 3]
    assert ends[0]["points"] == [3, 6, 3, 6]
    assert state.scores == [3, 6, 3, 6]
    assert not state.is_over and dealer_of(state.view(None)) == A  # the deal passes to C's left


def test_the_knights_revokes_are_the_texts() -> None:
    """C revokes in tricks 2 and 4 (spades), A in trick 5 (hearts); the bishops so kept fall later."""
    state = new_sample()
    for _, cards, _ in line_of_play("2D", "8D", "4C"):
        for card in cards.split():
            state.apply(f"play {card}")
    tricks = tricks_played(state)
    knights = [(t["number"], s) for t in tricks[:12] for i, (s, c) in enumerate(t["cards"]) if c == "N" and i]
    assert knights == [(2, C), (4, C), (5, A)]
    for number, seat in knights:
        led = tricks[number - 1]["cards"][0][1][-1]
        assert tricks[number - 1]["winner"] != seat  # a knight's revoke saves a bishop, it takes nothing
        later = [t["number"] for t in tricks if [seat, "B" + led] in t["cards"]]
        assert later and later[0] > number
    assert [t["number"] for t in tricks if [C, "BS"] in t["cards"]] == [6]
    assert [t["number"] for t in tricks if [A, "BH"] in t["cards"]] == [7]


def test_had_a_played_his_knight_in_trick_12() -> None:
    """Dana's commentary: with the knight played in trick 12, no knight falls in the 13th, where the
    cards hold their usual rank and the cardinal would take the trick (B's own cardinal: his side then
    also takes A's bishop of diamonds, so by the laws A's side would have done better, not worse)."""
    state = new_sample()
    tricks = line_of_play("2D", "8D", "4C")
    for leader, cards, _ in tricks[:11]:
        assert state.current_player == leader
        for card in cards.split():
            state.apply(f"play {card}")
    for card in ("7H", "9H", "5C", "N"):  # trick 12 with A's knight
        state.apply(f"play {card}")
    last_trick = state.view(None).last_trick
    assert last_trick is not None and last_trick.winner == C
    for card in ("QD", "BD", "6D", "BC"):  # trick 13: no knight, the cardinal (a trump) wins
        state.apply(f"play {card}")
    assert tricks_played(state)[-1]["winner"] == B
    end = next(e.data for e in state.log if e.kind == "hand_end")
    assert end["bishops"] == [2, 2] and end["points"] == [5, 4, 5, 4]
