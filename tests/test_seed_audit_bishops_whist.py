"""Bishops Whist: a second reading of the seed, as scenario tests on explicit deals.

Written from the seed (shared/seeds/bishops-whist-deck-and-games.txt) before the rules text, to pin
the edge cases the other test files leave open: the irregular trick's corners, the knight's trick
reached by a knight led or thrown on trumps under either irregular-trick option, two knights in one
plain trick under either reading of the void knight, the turned-up card held by the dealer (a knight's
revoke keeping a turned-up cardinal, a turned knight among the dealer's knights), the bishop cut beside
a captured turn-up, and the end of the game when a side passes 25 before the hand is played out.

Seats sit 0, 1, 2, 3 clockwise; with an explicit deal seats 0 and 2 are partners against 1 and 3 and
the dealer's left leads. Everything goes through ``parlour.make``, ``new(deal=..., seed=...)``,
``legal_actions``, ``apply``, ``view`` and the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import parlour
from parlour.games.bishops_whist.rules import BishopsWhistState, dealer_of
from tests.test_bishops_whist import (
    FIRST_ELEVEN,
    _following_play_out,
    balanced,
    balanced_points,
    deal_of,
    edit,
    events,
    hand,
    hand_end,
    hands_of_script,
    legal_cards,
    play,
    play_script,
    score_sum,
    winners,
)

GAME = "bishops-whist"


def start(deal: Mapping[str, Any], **options: Any) -> BishopsWhistState:
    """The match whose first hand is ``deal``, through the public entry point."""
    state = parlour.make(GAME, **options).new(deal=deal, seed=1899)
    assert isinstance(state, BishopsWhistState)
    return state


def script_state(script: Sequence[tuple[int, str]], turn_up: str, **options: Any) -> BishopsWhistState:
    """A state dealt exactly the cards a 13-trick script plays (the dealer sits right of the first leader)."""
    hands = hands_of_script(script)
    return start({"dealer": (script[0][0] - 1) % 4, "turn_up": turn_up, "hands": hands}, **options)


def hidden_known(state: BishopsWhistState, seat: int | None, of: int) -> list[str]:
    """The cards of seat ``of``'s hand that ``seat``'s view shows face up."""
    zone = state.view(seat).zone("hand", of)
    assert zone is not None
    return list(zone.face_up)


# --- the irregular trick (ruling BW-12) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "first_suit", "leader"),
    [
        ("N N N N", 0, 0),  # a trick of knights only goes to the leader under either option
        ("N N N 2H", 3, 0),  # the only suited card sets the suit, though it comes last
        ("N 2H N 3D", 1, 0),  # a later knight has no rank here: it is no ten of hearts
        ("N 2C 5H 3C", 3, 3),  # clubs are trumps: the higher of two trumps takes it
        ("N 5H 2C CH", 2, 2),  # the two of trumps beats the castle-ace of the first suit
    ],
)
def test_the_irregular_trick_corners(cards: str, first_suit: int, leader: int) -> None:
    """Seed: a knight led lets every player play any card. Ruling BW-12 settles who takes it."""
    c = cards.split()
    # Each follower also holds cards of other suits, so the knight led is what frees it.
    given = {0: c[0], 1: f"{c[1]} 7S 7D 7H", 2: f"{c[2]} 8H 8D 8C", 3: f"{c[3]} 4C 6H 6S 6D"}
    for option, winner in (("first-suit", first_suit), ("leader", leader)):
        state = start(deal_of(3, "4C", given), irregular_trick=option)
        assert state.view(None).trump == "C"
        play(state, c[0])
        for seat, card in zip((1, 2, 3), c[1:], strict=True):
            assert legal_cards(state) == set(hand(state, seat)), (option, seat)
            play(state, card)
        assert winners(state) == [winner], option
        assert state.current_player == winner  # the winner leads the next trick


# --- the knight's trick (ruling BW-13) ----------------------------------------------------------------

# FIRST_ELEVEN (tests/test_bishops_whist.py): seat 0 holds the spades, 1 the hearts, 2 the diamonds, 3
# the clubs (trumps, 2C turned by seat 3); seat 2 throws a knight on a trump lead in trick 2; seat 3
# takes tricks 2 to 11 with trumps.


@pytest.mark.parametrize("option", ["first-suit", "leader"])
def test_a_knight_led_to_the_thirteenth_trick_loses_to_a_later_knight_under_either_option(
    option: str,
) -> None:
    """Seed: in the 13th trick the last knight played wins. Ruling BW-13: a knight led there is the
    knight's trick first, so even ``irregular_trick=leader`` does not give it to the leading knight."""
    script = [*FIRST_ELEVEN, (3, "CC CS CH KD"), (3, "N N N CD")]
    state = script_state(script, "2C", irregular_trick=option)
    play_script(state, script)
    assert winners(state)[-2:] == [3, 1]  # seat 1's knight is the last of three
    assert hand_end(state)["tricks"] == [0, 13]


@pytest.mark.parametrize(
    ("option", "twelfth", "thirteenth"),
    [
        # trick 12, led by a knight, goes to seat 0's castle-ace of spades: seat 0 leads its knight
        ("first-suit", (3, "N CS N KD"), (0, "N CH CD CC")),
        # the leader (seat 3) takes trick 12 and leads the castle-ace of trumps: seat 0 throws its knight
        ("leader", (3, "N CS N KD"), (3, "CC N CH CD")),
    ],
)
@pytest.mark.parametrize("void_knight", ["ten", "revoke-only"])
def test_a_lone_knight_takes_the_thirteenth_trick_led_or_thrown_on_trumps(
    option: str, twelfth: tuple[int, str], thirteenth: tuple[int, str], void_knight: str
) -> None:
    """Seed: knights have no rank in trumps "except in the final trick", where a knight outranks every
    card, "not excepting the ace of trumps" — whether the knight leads the trick or follows a trump,
    and whatever a knight thrown by a void player ranks as elsewhere (ruling BW-10)."""
    script = [*FIRST_ELEVEN, twelfth, thirteenth]
    state = script_state(script, "2C", irregular_trick=option, void_knight=void_knight)
    play_script(state, script[:12])
    assert winners(state)[-1] == thirteenth[0]
    assert hand(state, 0) == ["N"] and legal_cards(state) - {"N"} <= {"CC"}
    play_script(state, script[12:])
    assert winners(state)[-1] == 0  # over the castle-ace of trumps


# --- a knight in a plain suit (rulings BW-9, BW-10, BW-11) ---------------------------------------------


@pytest.mark.parametrize(
    ("void_knight", "revoker", "winner"),
    [
        ("ten", 1, 2),  # both knights rank as tens: the later wins (ruling BW-11)
        ("revoke-only", 1, 1),  # only the knight's revoke ranks: seat 2's discard counts nothing
        ("ten", 2, 2),
        ("revoke-only", 2, 2),  # the knight's revoke comes second and alone ranks
    ],
)
def test_a_knights_revoke_and_a_void_knight_in_one_plain_trick(
    void_knight: str, revoker: int, winner: int
) -> None:
    """Seed: a knight "ranks as a tenspot in any suit that leads (except trumps)". Seat ``revoker``
    holds only the bishop of hearts and plays a knight in its place; the other of seats 1 and 2 is void
    in hearts and throws a knight; the nine of hearts led and the three of hearts are below a ten."""
    void = 3 - revoker
    given = {0: "9H", revoker: "BH N", void: "N", 3: "3H"}
    state = start(deal_of(3, "2C", given, closed={1: "H", 2: "H"}), void_knight=void_knight)
    play(state, "9H")
    if revoker == 1:
        assert legal_cards(state) == {"BH", "N"}  # the knight's revoke (ruling BW-9)
    play(state, "N")
    if revoker == 2:
        assert legal_cards(state) == {"BH", "N"}
    play(state, "N", "3H")
    assert winners(state) == [winner]
    assert "BH" in hand(state, revoker)  # the bishop is kept


# --- the turn-up belongs to the dealer (rulings BW-6, BW-7, BW-22) ----------------------------------------


def test_a_knights_revoke_keeps_a_turned_up_cardinal_in_the_dealers_hand() -> None:
    """Seed: the turn-up is the dealer's; a bishop turned scores his side a point; the knight's revoke
    applies "to any suit including trumps". The dealer turned the bishop of clubs (the cardinal), his
    only club, and holds a knight: on a trump lead he may keep it, and everybody still knows he holds it
    (rulings BW-6, BW-7, BW-9, BW-22)."""
    state = start(deal_of(3, "BC", {3: "BC N", 0: "5C", 1: "6C", 2: "7C"}, closed={3: "C"}))
    assert state.scores == [0, 1, 0, 1] and state.view(0).extra.bishop_cut
    play(state, "5C", "6C", "7C")
    assert legal_cards(state) == {"BC", "N"}
    play(state, "N")
    assert winners(state) == [2]  # a knight has no rank in trumps: the seven of clubs holds the trick
    assert "BC" in hand(state, 3)
    for seat in (None, 0, 1, 2):
        assert state.view(seat).extra.turn_up_held
        assert hidden_known(state, seat, 3) == ["BC"]
    assert state.scores == [0, 1, 0, 1]


def test_a_turned_knight_is_no_longer_known_held_once_the_dealer_plays_a_knight() -> None:
    """A turned knight is the dealer's, known to all; knights are all alike, so once he has played a
    knight nobody can tell whether the one he still holds (dealt to him) is the one turned (rulings
    BW-6, BW-22)."""
    deal = deal_of(3, "N", {3: "N N", 0: "2H", 1: "3H", 2: "4H"}, closed={3: "NH"}, trump="S")
    state = start(deal)
    assert state.view(None).trump == "S" and state.scores == [0, 0, 0, 0]
    assert hand(state, 3).count("N") == 2
    for seat in (None, 0, 1, 2):
        assert state.view(seat).extra.turn_up_held and hidden_known(state, seat, 3) == ["N"]
    play(state, "2H", "3H", "4H", "N")  # the dealer, void in hearts, throws a knight
    assert hand(state, 3).count("N") == 1
    for seat in (None, 0, 1, 2):
        assert not state.view(seat).extra.turn_up_held and hidden_known(state, seat, 3) == []


def test_a_turned_knight_is_shown_held_once_the_dealer_has_named_trumps() -> None:
    """With an explicit deal the turned knight lies on the table while the dealer names trumps, nobody
    holding a card (ruling BW-26); once he has named, every view says he holds it, as his hand's zone
    shows it face up (rulings BW-6, BW-22)."""
    state = start(deal_of(3, "N", {3: "N", 0: "2H", 1: "3H", 2: "4H"}, closed={3: "N"}))
    assert state.legal_actions() == ["trump S", "trump H", "trump D", "trump C"]
    for seat in (None, 0, 1, 2, 3):
        assert not state.view(seat).extra.turn_up_held and hidden_known(state, seat, 3) == []
    state.apply("trump S")
    for seat in (None, 0, 1, 2):
        assert state.view(seat).extra.turn_up_held and hidden_known(state, seat, 3) == ["N"]
    assert state.view(3).extra.turn_up_held


# --- scoring --------------------------------------------------------------------------------------------

# A hand (``balanced``: everybody follows suit, the knights fall in the 13th trick) in which seats 0
# and 2 win the first round of every suit, so take all four bishops, and eight tricks: 2 + 8 = 10
# points; seats 1 and 3 take five tricks (the 13th among them): nothing. The dealer, seat 3, is dealt
# the bishops of spades, hearts and clubs.
CAPTURE_SEATS = [0, 2, 0, 2, 1, 3, 1, 3, 0, 2, 0, 2]
SUITS_ORDER = "SHDCSHDCSHDC"


def capture_hand(**options: Any) -> tuple[BishopsWhistState, list[tuple[int, str]]]:
    """The hand above with the dealer turning the bishop of spades (spades trumps: no one is ever void,
    so the trumps change no trick)."""
    script, hands = balanced(3, SUITS_ORDER, CAPTURE_SEATS)
    assert "BS" in hands[3] and balanced_points(3, SUITS_ORDER, CAPTURE_SEATS) == [10, 0]
    return start({"dealer": 3, "turn_up": "BS", "hands": hands}, **options), script


def test_the_bishop_cut_stands_though_the_opponents_capture_the_turned_bishop() -> None:
    """Seed: a bishop turned is 1 point to the dealer's side; each bishop in a side's tricks is 2. The
    same card scores both: the cut for the dealer's side, the capture for the side that takes it
    (rulings BW-6: the turn-up is one of the dealer's cards; BW-7: the cut is scored once dealt)."""
    state, script = capture_hand()
    assert state.scores == [0, 1, 0, 1]
    play_script(state, script)
    taken = [t for t in events(state, "trick") if [3, "BS"] in t.data["cards"]]
    assert len(taken) == 1 and taken[0].data["winner"] in (0, 2)
    end = hand_end(state)
    assert end["bishops"] == [4, 0] and end["tricks"] == [8, 5]
    assert end["points"] == [10, 1, 10, 1]
    assert state.scores == [10, 1, 10, 1] == score_sum(state)
    sheet = state.view(0).score_sheet
    assert sheet is not None and [tuple(r.values) for r in sheet.rows] == [(10.0, 1.0)]


# --- the end of the game -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "winning"), [([22, 24], [32, 25], [0, 2]), ([10, 24], [20, 25], [1, 3])]
)
def test_a_side_reaching_25_by_the_bishop_cut_must_still_play_the_hand_out(
    before: list[int], after: list[int], winning: list[int]
) -> None:
    """Seed: every hand is played out; the game goes to a side at 25 or more when the hand ends, the
    higher if both are (Dana's 24/22 -> 26/29). The dealer's side reaches 25 by the bishop cut before
    a card is played (ruling BW-7): it has not won; the other side may still pass it in that hand."""
    state, script = capture_hand()
    state = edit(state, match=[before[0], before[1] + 1])  # the cut point is this hand's
    assert state.scores[1] == 25 and not state.is_over
    play_script(state, script[:12])
    assert not state.is_over and state.scores[1] == 25
    play_script(state, script[12:])
    assert [state.scores[0], state.scores[1]] == after
    assert state.is_over and state.winners == winning


def test_a_side_past_25_during_the_hand_that_falls_back_by_a_penalty_has_not_won() -> None:
    """Table laws: the dealer's side, at 24, reaches 25 by the bishop cut, then exposes a card (-2).
    The hand scores it nothing more: at the hand's end it stands at 23, and the game goes on (rulings
    BW-7, BW-16)."""
    state, script = capture_hand(laws="table")
    state = edit(state, match=[10, 25])
    play_script(state, script[:1])
    leader, cards = script[1]
    assert state.current_player == leader == 0
    play(state, cards.split()[0])
    assert state.current_player == 1
    state.apply("expose " + next(c for c in hand(state, 1) if c not in cards.split()))
    assert state.scores[1] == 23
    play(state, *cards.split()[1:])
    play_script(state, script[2:])
    state.apply("pass")
    state.apply("pass")
    assert [state.scores[0], state.scores[1]] == [20, 23]
    assert (
        not state.is_over and state.view(None).hand_number == events(state, "hand_end")[-1].data["hand"] + 1
    )
    assert dealer_of(state.view(None)) == 0  # the deal passes to the left


# --- table laws ------------------------------------------------------------------------------------------


def test_no_revoke_is_made_in_a_trick_led_by_a_knight() -> None:
    """Seed: a knight led gives every player "liberty to play any card of any suit". Under table laws,
    seat 2, holding hearts after seat 1 played one, plays a spade: it is no revoke, nobody is asked to
    stand or correct it, and a claim finds nothing (rulings BW-12, BW-15, BW-24)."""
    state = start(deal_of(3, "2C", {0: "N", 1: "5H", 2: "9H 8H 2S", 3: "3D"}), laws="table")
    play(state, "N", "5H")
    assert "play 9H" in state.legal_actions() and "play 2S" in state.legal_actions()
    state.apply("play 2S")
    state.apply("play 3D")
    assert state.view(None).extra.phase == "play" and winners(state) == [1]  # the five of hearts
    assert state.view(2).extra.own_revokes == ()
    _following_play_out(state)
    assert state.current_player == 0
    state.apply("pass")
    state.apply("claim")  # seat 1 searches seats 0 and 2's tricks
    assert events(state, "revokes_found")[0].data["revokes"] == []
    assert not any(e.data["reason"] == "revoke" for e in events(state, "score"))
