"""Bishops Whist under table laws: a revoking side never wins (ruling BW-23), and a revoke corrected
before the trick is gathered (ruling BW-24). Every scenario is built from an explicit deal."""

from __future__ import annotations

from typing import Any

import pytest

from parlour import IllegalAction
from parlour.engine import Rng
from parlour.games.bishops_whist.rules import BishopsWhist, dealer_of
from tests.test_bishops_whist import (
    DANA_SUITS,
    VALUE,
    State,
    _following_play_out,
    balanced,
    deal_of,
    edit,
    events,
    hand,
    new,
    play,
    play_script,
    score_sum,
)

# --- ruling BW-23: no score made by a revoking side can win the game --------------------------------


def side_zero_revokes(**options: Any) -> tuple[State, list[tuple[int, str]]]:
    """A hand in which seats 0 and 2 take 10 tricks and all four bishops (12 points), but seat 2
    revokes in the 12th trick (clubs, trumps: it throws its knight holding the 2 of clubs, which it
    plays to the 13th). Seat 1 exposes a card in the second trick (-2 for seats 1 and 3)."""
    seats = [0, 2, 0, 2, 0, 2, 0, 2, 0, 1, 3, 0]
    script, hands = balanced(3, DANA_SUITS, seats)
    assert script[11] == (3, "4C 5C 3C 2C") and script[12] == (0, "N N N N")
    script[11] = (3, "4C 5C 3C N")
    script[12] = (0, "N N 2C N")
    turn_up = min((c for c in hands[3] if c[-1] == "C"), key=lambda c: VALUE[c[0]])
    return new({"dealer": 3, "turn_up": turn_up, "hands": hands}, laws="table", **options), script


def play_with_exposure(state: State, script: list[tuple[int, str]]) -> None:
    play_script(state, script[:1])
    leader, cards = script[1]
    assert state.current_player == leader == 0
    play(state, cards.split()[0])
    state.apply("expose " + hand(state, 1)[0])
    play(state, *cards.split()[1:])
    play_script(state, script[2:])


@pytest.mark.parametrize(
    ("revoking_side", "over", "winners_"), [("play-on", False, []), ("opponents-win", True, [1, 3])]
)
def test_a_revoking_side_standing_highest_after_a_tie_does_not_win(
    revoking_side: str, over: bool, winners_: list[int]
) -> None:
    """The issue's reproduction: 30-30, seat 2 revokes, both sides claim. Seats 0 and 2 keep 30 (ruling
    BW-15), seats 1 and 3 drop to 28 by an exposed card: before ruling BW-23 seats 0 and 2 won 30-28."""
    state, script = side_zero_revokes(revoking_side=revoking_side)
    state = edit(state, match=[30, 30])
    number = state.view(None).hand_number or 0
    play_with_exposure(state, script)
    assert state.view(None).extra.phase == "claim"
    state.apply("claim")  # seat 0: nothing against seats 1 and 3
    state.apply("claim")  # seat 1 finds seat 2's revoke
    assert events(state, "revokes_found")[-1].data["revokes"] == [[2, 12]]
    assert [state.scores[0], state.scores[1]] == [30, 28]
    assert score_sum(state) == state.scores
    assert state.is_over is over and state.winners == winners_
    if not over:  # another hand is dealt, seat 0 dealing
        assert state.view(None).hand_number == number + 1 and dealer_of(state.view(None)) == 0
    else:
        assert events(state, "match_end")[0].data["text"] == "game over: seats 1 and 3 win, 30-28"


@pytest.mark.parametrize(
    ("revoking_side", "tie", "over", "winners_"),
    [
        ("play-on", "play-on", False, []),
        ("play-on", "draw", True, []),
        ("opponents-win", "play-on", True, [1, 3]),
        ("opponents-win", "draw", True, [1, 3]),
    ],
)
def test_level_at_25_or_more_with_one_side_found_revoking(
    revoking_side: str, tie: str, over: bool, winners_: list[int]
) -> None:
    state, script = side_zero_revokes(revoking_side=revoking_side, tie=tie)
    state = edit(state, match=[30, 30])
    play_script(state, script)  # no exposure this time: seats 1 and 3 make nothing
    state.apply("pass")
    state.apply("claim")
    assert [state.scores[0], state.scores[1]] == [30, 30]
    assert state.is_over is over and state.winners == winners_


@pytest.mark.parametrize("revoking_side", ["play-on", "opponents-win"])
def test_when_both_sides_are_found_revoking_neither_wins(revoking_side: str) -> None:
    state, script = side_zero_revokes(revoking_side=revoking_side)
    assert script[11] == (3, "4C 5C 3C N") and script[12] == (0, "N N 2C N")
    script[11] = (3, "4C 5C N N")  # seat 1 too throws its knight, holding the 3 of clubs
    script[12] = (0, "N 3C 2C N")
    state = edit(state, match=[30, 30])
    play_script(state, script)
    state.apply("claim")
    state.apply("claim")
    assert [state.scores[0], state.scores[1]] == [30, 26]
    assert not state.is_over


def test_under_opponents_win_the_other_side_needs_25() -> None:
    state, script = side_zero_revokes(revoking_side="opponents-win")
    state = edit(state, match=[30, 20])
    play_with_exposure(state, script)
    state.apply("pass")
    state.apply("claim")
    assert [state.scores[0], state.scores[1]] == [30, 18]
    assert not state.is_over  # seats 1 and 3 have not 25: another hand


@pytest.mark.parametrize("revoking_side", ["play-on", "opponents-win"])
def test_an_unclaimed_revoke_does_not_stop_the_win(revoking_side: str) -> None:
    state, script = side_zero_revokes(revoking_side=revoking_side)
    state = edit(state, match=[30, 30])
    play_with_exposure(state, script)
    state.apply("pass")
    state.apply("pass")
    assert [state.scores[0], state.scores[1]] == [42, 28]
    assert state.is_over and state.winners == [0, 2]


@pytest.mark.parametrize(("revoking_side", "winners_"), [("play-on", []), ("opponents-win", [1, 3])])
def test_at_the_hand_limit_a_revoking_side_does_not_win(revoking_side: str, winners_: list[int]) -> None:
    """Before ruling BW-23 the higher side won at the limit although it had revoked in that hand."""
    state, script = side_zero_revokes(revoking_side=revoking_side, hand_limit=1)
    play_with_exposure(state, script)
    state.apply("pass")
    state.apply("claim")
    assert [state.scores[0], state.scores[1]] == [8, -2]
    assert state.is_over and state.winners == winners_
    assert "limit" in events(state, "match_end")[0].data["text"]


def test_at_the_hand_limit_a_side_that_did_not_revoke_wins_as_before() -> None:
    state, script = side_zero_revokes(hand_limit=1)
    play_with_exposure(state, script)
    state.apply("pass")
    state.apply("pass")  # nobody claims: the revoke is never established
    assert state.is_over and state.winners == [0, 2]


# --- ruling BW-24: a revoke corrected before the trick is gathered --------------------------------------
# Clubs are trumps (2C turned by seat 3); seat 0 leads the 9 of hearts.


def correction_state(given: dict[int, str], closed: dict[int, str], **options: Any) -> State:
    return new(deal_of(3, "2C", given, closed=closed), laws=options.pop("laws", "table"), **options)


def test_a_revoke_corrected_the_later_players_withdraw_and_play_again() -> None:
    state = correction_state({0: "9H", 1: "2H 3S", 2: "4H 6H", 3: "5H"}, {1: "H", 2: "H", 3: "H"})
    for action in ("play 9H", "play 3S", "play 6H", "play 5H"):  # seat 1 revokes: it holds the 2H
        state.apply(action)
    v = state.view(None)
    assert v.extra.phase == "review" and v.extra.review == (1,)
    assert v.trick is not None and len(v.trick.plays) == 4
    assert state.current_player == 1
    assert state.legal_actions() == ["stand", "correct 2H"]
    state.apply("correct 2h")
    v = state.view(0)
    assert v.trick is not None and [(p.seat, p.card) for p in v.trick.plays] == [(0, "9H"), (1, "2H")]
    assert v.extra.phase == "play" and state.current_player == 2
    assert v.extra.exposed == ((), ("3S",), (), ()) and "3S" in hand(state, 1)  # the wrong card: exposed, -2
    assert v.extra.withdrawn == ((), (), ("6H",), ("5H",))  # the later cards: back, seen, no penalty
    # seen by all (and the turn-up 2C that the dealer, seat 3, still holds)
    assert [z.face_up for z in v.zones_of("hand")] == [v.hand, ["3S"], ["6H"], ["5H", "2C"]]
    assert state.scores == [0, -2, 0, -2] and score_sum(state) == state.scores
    assert {"4H", "6H"} <= set(hand(state, 2)) and "5H" in hand(state, 3)
    kinds = [e.kind for e in state.log if e.kind in ("correct", "withdraw")]
    assert kinds == ["correct", "withdraw", "withdraw"]
    state.apply("play 4H")  # seat 2 plays another card this time
    assert state.view(1).extra.withdrawn == ((), (), ("6H",), ("5H",))
    state.apply("play 5H")  # seat 3 plays the same card again
    assert state.view(1).extra.withdrawn == ((), (), ("6H",), ())
    assert events(state, "trick")[0].data["cards"] == [[0, "9H"], [1, "2H"], [2, "4H"], [3, "5H"]]
    assert state.view(None).extra.phase == "play" and state.current_player == 0
    _following_play_out(state)
    state.apply("claim")
    state.apply("claim")
    assert all(e.data["revokes"] == [] for e in events(state, "revokes_found"))  # it is no revoke
    assert not any(e.data["reason"] == "revoke" for e in events(state, "score"))
    exposed = [e.data["points"] for e in events(state, "score") if e.data["reason"] == "exposed card"]
    assert exposed == [-2, -2]


def test_the_last_player_corrects_and_nobody_withdraws() -> None:
    state = correction_state({0: "9H", 1: "2H", 2: "4H", 3: "5H 3S"}, {1: "H", 2: "H", 3: "H"})
    for action in ("play 9H", "play 2H", "play 4H", "play 3S"):
        state.apply(action)
    assert state.view(None).extra.review == (3,)
    state.apply("correct 5H")
    assert not events(state, "withdraw") and state.view(None).extra.withdrawn == ((), (), (), ())
    assert events(state, "trick")[0].data["cards"] == [[0, "9H"], [1, "2H"], [2, "4H"], [3, "5H"]]
    assert state.view(None).extra.exposed == ((), (), (), ("3S",)) and state.scores == [0, -2, 0, -2]


def test_a_player_who_could_not_follow_may_only_let_his_card_stand() -> None:
    """Every player off suit is asked, so being asked reveals nothing; only a revoker may correct."""
    state = correction_state({0: "9H", 1: "3S", 2: "4H 3D", 3: "5H"}, {1: "H", 2: "H", 3: "H"})
    for action in ("play 9H", "play 3S", "play 3D", "play 5H"):  # seat 1 void; seat 2 revokes
        state.apply(action)
    assert state.view(None).extra.review == (1, 2) and state.current_player == 1
    assert state.legal_actions() == ["stand"]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="no revoke"):
        state.apply("correct 3S")
    assert state.to_json() == before
    state.apply("stand")
    assert state.current_player == 2 and state.legal_actions() == ["stand", "correct 4H"]
    state.apply("correct 4H")
    assert state.view(None).extra.withdrawn == ((), (), (), ("5H",))
    state.apply("play 5H")
    # Seat 1 let its card stand: it is not asked again; the trick is gathered.
    assert len(events(state, "trick")) == 1 and state.view(None).extra.phase == "play"


def test_a_withdrawn_revoke_is_forgotten_and_a_new_one_recorded() -> None:
    state = correction_state({0: "9H", 1: "2H 3S", 2: "4H 5S", 3: "5H 6S"}, {1: "H", 2: "H", 3: "H"})
    for action in ("play 9H", "play 3S", "play 5S", "play 5H"):  # seats 1 and 2 both revoke
        state.apply(action)
    assert state.view(None).extra.review == (1, 2)
    state.apply("correct 2H")  # seat 2's revoke is withdrawn with its card
    state.apply("play 4H")
    state.apply("play 6S")  # seat 3 now revokes instead
    assert state.view(None).extra.review == (3,)
    state.apply("stand")
    _following_play_out(state)
    state.apply("claim")  # seat 0 claims against seats 1 and 3
    assert events(state, "revokes_found")[0].data["revokes"] == [[3, 1]]


def test_once_the_trick_is_gathered_the_revoke_stands() -> None:
    state = correction_state({0: "9H", 1: "2H 3S", 2: "4H", 3: "5H"}, {1: "H", 2: "H", 3: "H"})
    for action in ("play 9H", "play 3S", "play 4H", "play 5H", "stand"):
        state.apply(action)
    assert len(events(state, "trick")) == 1 and state.current_player == 0
    with pytest.raises(IllegalAction, match="before it is gathered"):
        state.apply("correct 2H")
    _following_play_out(state)
    state.apply("claim")
    assert events(state, "revokes_found")[0].data["revokes"] == [[1, 1]]


def test_a_knights_revoke_is_no_revoke_and_cannot_be_taken_back() -> None:
    state = correction_state({0: "9H", 1: "BH N", 2: "4H", 3: "5H"}, {1: "HN", 2: "H", 3: "H"})
    for action in ("play 9H", "play N", "play 4H", "play 5H"):
        state.apply(action)
    assert state.view(None).extra.review == (1,)  # a knight on a suit led is off suit as all can see
    assert state.legal_actions() == ["stand"]


def test_a_knight_played_as_a_revoke_goes_back_exposed() -> None:
    state = correction_state({0: "9H", 1: "BH 3H N", 2: "4H", 3: "5H"}, {1: "HN", 2: "H", 3: "H"})
    for action in ("play 9H", "play N", "play 4H", "play 5H"):
        state.apply(action)
    assert state.legal_actions() == ["stand", "correct BH", "correct 3H"]  # not the knight again
    state.apply("correct 3H")
    assert state.view(0).extra.exposed == ((), ("N",), (), ()) and hand(state, 1).count("N") == 1
    assert state.scores[1] == -2


def test_a_revoke_may_be_corrected_by_the_knights_revoke() -> None:
    """Seat 1's only heart is the bishop: the right card is the bishop or a knight in its place."""
    state = correction_state({0: "9H", 1: "BH N 3S", 2: "4H", 3: "5H"}, {1: "HN", 2: "H", 3: "H"})
    for action in ("play 9H", "play 3S", "play 4H", "play 5H"):
        state.apply(action)
    assert state.legal_actions() == ["stand", "correct BH", "correct N"]
    state.apply("correct N")
    assert "BH" in hand(state, 1) and state.view(0).extra.exposed == ((), ("3S",), (), ())
    state.apply("play 4H")
    state.apply("play 5H")
    # The knight's revoke after a correction is off suit again, but seat 1 has been reviewed already.
    assert len(events(state, "trick")) == 1


def test_no_review_under_strict_laws_nor_in_a_trick_led_by_a_knight() -> None:
    strict = correction_state({0: "9H", 1: "3S", 2: "4H", 3: "5H"}, {1: "H", 2: "H", 3: "H"}, laws="strict")
    play(strict, "9H", "3S", "4H", "5H")
    assert len(events(strict, "trick")) == 1
    knight = correction_state({0: "N", 1: "3S 2H", 2: "4H", 3: "5H"}, {1: "H", 2: "H", 3: "H"})
    for action in ("play N", "play 3S", "play 4H", "play 5H"):
        knight.apply(action)
    assert len(events(knight, "trick")) == 1 and knight.view(None).extra.phase == "play"


def test_a_review_is_seen_alike_by_every_seat_and_determinized_faithfully() -> None:
    state = correction_state({0: "9H", 1: "2H 3S", 2: "4H 6H", 3: "5H"}, {1: "H", 2: "H", 3: "H"})
    for action in ("play 9H", "play 3S", "play 6H", "play 5H"):
        state.apply(action)
    rng = Rng(4)
    for seat in range(4):
        view = state.view(seat)
        world = state.game.determinize(view, rng)
        assert world.view(seat) == view
        assert world.inventory() == state.inventory()
    state.apply("correct 2H")
    for seat in range(4):
        view = state.view(seat)
        world = state.game.determinize(view, rng)
        assert world.view(seat) == view
        assert ("6H" in world.view(2).hand) and ("3S" in world.view(1).hand)


def test_random_table_play_with_corrections_keeps_the_contract() -> None:
    from tests.conformance import check_match

    game = BishopsWhist(laws="table", hand_limit=1)
    corrected = 0
    for seed in range(2):
        state = check_match(game, ["random"] * 4, 50 + seed, every=2)
        corrected += sum(e.kind == "correct" for e in state.log)
    assert corrected
