"""A third audit of the open tarock game for children against the seed
(shared/seeds/open-tarock-for-children.txt), for the seed's sentences the first two audits and the
other open tarock tests leave without a scenario of their own:

* what each seat is shown, a whole hand long: "all the information is available to both of them", so
  both seats (and a spectator) see one and the same table, while the cards still upside down in the
  stacks are named nowhere, neither in a view nor in the log, until they are turned up;
* the stacks: a stack played out is gone, and its owner then plays from the top cards he has left,
  while the cards face down in the others never oblige him;
* following with the tarocks: a tarock led must be answered with a tarock even when none can win;
* the counting of the cards with the seed's own numbers for the cavalier and the valet, a batch of one
  face card and a batch of "just trumps and non face cards", as the table sees the piles counted trick
  by trick;
* the par over a match: each hand scores its difference from 35, the hands add up, and the higher total
  wins.

Everything goes through the public API from explicit deals (``parlour.make``, ``new(deal=...)``,
``legal_actions``, ``apply``, ``view(seat)``, the log and the scores). Rulings are cited by id
(docs/rulings.md).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import parlour
from parlour.cards import ROMAN, TAROCK_54
from parlour.engine import ForbiddenAction, State, View
from tests.audit_support import refused, strings_in, words_in

TAROCKS = ["SK", *reversed(ROMAN)]
"""The seed's trumps, strongest first: the Fool, then XXI, XX and so on down to I."""
VIEWERS: tuple[int | None, ...] = (0, 1, None)
"""Both seats and a spectator."""


def start(stacks0: list[list[str]], stacks1: list[list[str]], dealer: int = 0, **options: Any) -> State:
    """A first hand dealt as given: each seat's stacks, each from its top card down."""
    state: State = parlour.make("open-tarock", **options).new(
        seed=9, deal={"dealer": dealer, "stacks": [stacks0, stacks1]}
    )
    return state


def filled(
    tops0: list[list[str]], tops1: list[list[str]], into: tuple[int, int] = (0, 0)
) -> tuple[list[list[str]], list[list[str]]]:
    """Whole stacks from the given ones (top card first): the rest of the pack goes, in pack order, below
    the stack ``into[seat]`` of each seat until each holds half the pack."""
    given = {c for side in (tops0, tops1) for st in side for c in st}
    rest = [c for c in TAROCK_54.cards if c not in given]
    stacks = [[list(st) for st in tops0], [list(st) for st in tops1]]
    for seat in (0, 1):
        need = len(TAROCK_54) // 2 - sum(len(st) for st in stacks[seat])
        stacks[seat][into[seat]] += rest[:need]
        del rest[:need]
    assert not rest
    return stacks[0], stacks[1]


def play(state: State, *cards: str) -> None:
    for card in cards:
        state.apply(f"play {card}")


def pile(state: State, seat: int, viewer: int | None = None) -> list[str | None]:
    zone = state.view(viewer).zone("tricks_won", seat)
    assert zone is not None
    return list(zone.cards)


def tops(view: View[Any], seat: int) -> list[str | None]:
    """The turned-up card of each of the seat's stacks still standing, in stack order."""
    return [z.cards[0] for z in view.zones_of("stack", seat) if z.cards]


def last_winner(state: State) -> int:
    winner = next(e.data["winner"] for e in reversed(state.events(None)) if e.kind == "trick")
    assert isinstance(winner, int)
    return winner


def counts(state: State) -> list[float]:
    return [float(e.data["count"]) for e in state.events(None) if e.kind == "count"]


# --- what each seat is shown -----------------------------------------------------------------------


def test_both_seats_see_one_table_and_no_card_still_face_down_is_named_anywhere() -> None:
    """Seed: "it requires virtually no skill, since all the information is available to both of them";
    the stacks are dealt "upside down" and only "the top cards" are turned; "every time a player plays
    one of his cards, he opens the next top card on that stack" (rulings OT-5, OT-10). A whole hand of
    random legal play from a shuffled deal: at every step the two seats and a spectator are shown the
    same view but for the legal actions, which only the seat to move is given; each stack shows its top
    card, which is the card really there, and its other cards face down; and no view and no event of the
    log names a card before it has been turned up."""
    rnd = random.Random(2026)
    cards = list(TAROCK_54.cards)
    rnd.shuffle(cards)
    sizes = [7, 7, 7, 6]
    mine: list[list[list[str]]] = [[], []]
    pos = 0
    for size in sizes:  # a whole stack at a time, the dealer's opponent first (ruling OT-2)
        for seat in (1, 0):
            mine[seat].append(cards[pos : pos + size])
            pos += size
    state = start([list(s) for s in mine[0]], [list(s) for s in mine[1]], dealer=0, deals=1)
    seen = {s[0] for side in mine for s in side}
    while True:
        views = {viewer: state.view(viewer) for viewer in VIEWERS}
        mover = state.current_player
        for viewer, view in views.items():
            assert view.legal_actions == (state.legal_actions() if viewer == mover else [])
            same = dataclasses.replace(view, seat=None, legal_actions=[], legal_ranges=[])
            assert same == dataclasses.replace(views[None], legal_actions=[], legal_ranges=[])
            for seat in (0, 1):
                zones = list(view.zones_of("stack", seat))
                assert [z.size for z in zones] == [len(s) for s in mine[seat]]
                for zone, stack in zip(zones, mine[seat], strict=True):
                    assert zone.cards == ([stack[0], *[None] * (len(stack) - 1)] if stack else [])
            shown = {c for z in view.zones for c in z.cards if c is not None} | set(view.extra.played)
            assert shown <= seen
        events = [state.events(viewer) for viewer in VIEWERS]
        assert events[0] == events[1] == events[2]
        named = set().union(*(strings_in(e.data) for e in events[2])) & set(TAROCK_54.cards)
        assert named <= seen, named - seen
        hidden = {TAROCK_54.pretty(c) for c in TAROCK_54.cards if c not in seen}
        for e in events[2]:  # the log's words: cards as the table writes them (K♥, XX)
            assert not words_in(str(e.data.get("text", ""))) & hidden, e.data
        if state.is_over:
            break
        assert mover is not None
        choice = rnd.choice(state.legal_actions())
        state.apply(choice)
        card = choice.split()[1]
        stack = next(st for st in mine[mover] if st and st[0] == card)
        stack.pop(0)
        if stack:
            seen.add(stack[0])
    assert len(seen) == 54 and not any(st for side in mine for st in side)


# --- the stacks ---------------------------------------------------------------------------------------


def test_a_stack_played_out_is_gone_and_the_cards_below_the_others_never_oblige() -> None:
    """Seed: each player "can play any of the 4 top cards of his stacks"; "every time a player plays one of
    his cards, he opens the next top card on that stack" (rulings OT-5, OT-10: an emptied stack is gone;
    only the turned-up cards count for the duty to follow or to trump). Seat 1's 8♠ and K♣ stand alone in
    their stacks; once each is played its stack is empty for everyone and seat 1 plays from the top cards
    it has left. A club led then finds no club turned up on seat 1's side: it must trump, though it holds
    clubs face down (the 9♣ under its XX)."""
    stacks0, stacks1 = filled(
        [["7S", "QC", "TC"], ["XXI"], ["KH"], ["4D"]],
        [["KC"], ["XX", "9C"], ["3H", "2D"], ["8S"]],
        into=(3, 2),
    )
    s = start(stacks0, stacks1)
    play(s, "7S")
    assert s.legal_actions() == ["play 8S"]
    play(s, "8S")
    assert last_winner(s) == 1 and s.current_player == 1
    for viewer in VIEWERS:
        view = s.view(viewer)
        zones = list(view.zones_of("stack", 1))
        assert [z.size for z in zones] == [1, 2, 23, 0] and zones[3].cards == []
        assert tops(view, 1) == ["KC", "XX", "3H"] and tops(view, 0) == ["QC", "XXI", "KH", "4D"]
        assert [x.hand_size for x in view.seats] == [26, 26]
    assert sorted(s.legal_actions()) == ["play 3H", "play KC", "play XX"]
    play(s, "KC")
    assert s.legal_actions() == ["play QC"]  # follow suit, though the queen cannot win
    play(s, "QC")
    assert last_winner(s) == 1
    assert tops(s.view(0), 1) == ["XX", "3H"] and tops(s.view(1), 0) == ["TC", "XXI", "KH", "4D"]
    play(s, "3H", "KH")
    assert last_winner(s) == 0
    assert tops(s.view(None), 1) == ["XX", "2D"]
    play(s, "TC")  # no club turned up on seat 1's side: a tarock is due
    assert s.legal_actions() == ["play XX"]
    assert "tarock" in refused(s, "play 2D", ForbiddenAction)
    play(s, "XX")
    assert last_winner(s) == 1 and tops(s.view(0), 1) == ["9C", "2D"]
    assert pile(s, 1) == ["7S", "8S", "KC", "QC", "TC", "XX"]


# --- following with the tarocks -------------------------------------------------------------------------


def test_a_tarock_led_must_be_answered_with_a_tarock_even_one_that_cannot_win() -> None:
    """Seed: "the other player must then follow suit ... he has to play the same suit", the tarocks being
    one suit (ruling OT-6), and "the strongest being the XXI and then XX and so on", "the Fool ... the
    highest trump" (OT-8). Seat 1 must give up its II to the XX led, holding three kings it would rather
    throw, and then its XXI to the Fool; the leader takes both tricks and leads on."""
    stacks0, stacks1 = filled([["XX", "SK"], ["7S"], ["8S"], ["9S"]], [["II", "XXI"], ["KS"], ["KH"], ["4D"]])
    s = start(stacks0, stacks1)
    play(s, "XX")
    assert s.legal_actions() == ["play II"]
    for king in ("KS", "KH"):
        assert "tarock" in refused(s, f"play {king}", ForbiddenAction)
    play(s, "II")
    assert last_winner(s) == 0 and s.current_player == 0
    assert [e.data["text"] for e in s.events(1) if e.kind == "trick"] == ["seat 0 takes the trick (XX II)"]
    play(s, "SK")
    assert s.legal_actions() == ["play XXI"]
    play(s, "XXI")
    assert last_winner(s) == 0 and s.current_player == 0
    for viewer in VIEWERS:
        assert pile(s, 0, viewer) == ["XX", "II", "SK", "XXI"]
        # a batch of the XX, II and the Fool counts the Fool's 5; the XXI left over 5 less two thirds
        assert s.view(viewer).extra.counted == ["9⅓", "0"]


# --- counting ------------------------------------------------------------------------------------------


def counting_deal() -> tuple[list[str], list[str]]:
    """One stack each, so every play is forced. Seat 1 takes the first four tricks, 8♠ XX, XIX C♠, J♥ 4♥,
    7♠ J♦; seat 0 takes the fifth (3♥ 2♥: the 2 is the higher red pip) and, leading its twenty tarocks and
    two kings, every trick after."""
    twenty = [t for t in TAROCKS if t not in ("XX", "XIX")]
    seat0 = ["8S", "CS", "4H", "JD", "2H", *twenty, "KS", "KC"]
    seat1 = ["XX", "XIX", "JH", "7S", "3H", *[c for c in TAROCK_54.cards if c not in {*seat0, "XX", "XIX"}]]
    seat1 = list(dict.fromkeys(seat1))
    assert len(seat0) == len(seat1) == 27
    return seat0, seat1


@pytest.mark.parametrize(
    ("short_batch", "final", "points"),
    [("thirds", ["63⅓", "6⅔"], [28 + 1 / 3, -(28 + 1 / 3)]), ("literal", ["64", "7"], [29.0, -28.0])],
)
def test_the_seeds_face_card_values_and_batches_counted_trick_by_trick(
    short_batch: str, final: list[str], points: list[float]
) -> None:
    """Seed: "counting is done in batches of 3 cards"; "when you have one face card ... the value of that
    batch ... is equal to the value of that face card, if you have 2 face cards in one batch ... you
    subtract 1 point"; "a batch with just trumps and non face cards, it's worth 1 point"; "Cavalier = 3
    points, Valet = 2 points"; "players ... score ... the difference between their score and 35" (rulings
    OT-12, OT-13). Seat 1's pile, in the order taken: [8♠ XX XIX] 1, [C♠ J♥ 4♥] 3 + 2 - 1 = 4, and the
    short batch [7♠ J♦]: 1 and 2, each less two thirds by default, 2 (its one face card) read literally."""
    seat0, seat1 = counting_deal()
    s = start([seat0], [seat1], deals=1, short_batch=short_batch)
    running = []
    for _ in range(4):
        s.apply(s.legal_actions()[0])
        s.apply(s.legal_actions()[0])
        assert last_winner(s) == 1
        running.append(s.view(0).extra.counted[1])
    assert pile(s, 1, 0) == ["8S", "XX", "XIX", "CS", "JH", "4H", "7S", "JD"]
    expected = ["⅔", "3⅓", "5", "6⅔"] if short_batch == "thirds" else ["1", "4", "5", "7"]
    assert running == expected
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert len(pile(s, 0)) == 46 and len(pile(s, 1)) == 8
    count1 = next(e.data for e in s.events(None) if e.kind == "count" and e.data["seat"] == 1)
    assert count1["batches"] == [["8S", "XX", "XIX"], ["CS", "JH", "4H"], ["7S", "JD"]]
    assert count1["text"] == f"seat 1 counts {final[1]} with 8 cards"
    for viewer in VIEWERS:
        assert s.view(viewer).extra.counted == final
    assert s.scores == pytest.approx(points)
    assert s.winners == [0]


# --- the par over a match ------------------------------------------------------------------------------


def test_each_hand_scores_its_difference_from_35_and_the_match_adds_them_up() -> None:
    """Seed: "players than score either positive game points or negative game point for the difference
    between their score and 35"; the seed plays one hand, and ruling OT-4 makes a match of two, each
    player dealing (and so leading) once, the hands' game points added and the higher total winning.
    The first hand is the counted one above (+28⅓ to seat 0); the second is dealt by seat 1 from the
    shuffled pack, four fresh stacks each with their top cards turned up."""
    seat0, seat1 = counting_deal()
    s = start([seat0], [seat1], deals=2)
    while s.view(None).hand_number == 1:
        s.apply(s.legal_actions()[0])
    first = [28 + 1 / 3, -(28 + 1 / 3)]
    for viewer in VIEWERS:
        view = s.view(viewer)
        assert view.hand_number == 2
        assert "dealer" in next(x.roles for x in view.seats if x.seat == 1)
        for seat in (0, 1):
            zones = list(view.zones_of("stack", seat))
            assert [z.size for z in zones] == [7, 7, 7, 6]
            assert all(z.cards[0] is not None and set(z.cards[1:]) == {None} for z in zones)
            assert pile(s, seat, viewer) == []
        assert view.extra.counted == ["0", "0"]
        assert view.score_sheet is not None
        assert [r.label for r in view.score_sheet.rows] == ["hand 1"]
        assert list(view.score_sheet.rows[0].values) == pytest.approx(first)
    assert s.current_player == 1 and s.scores == pytest.approx(first)
    rnd = random.Random(4)
    while not s.is_over:
        s.apply(rnd.choice(s.legal_actions()))
    second = [c - 35 for c in counts(s)[2:]]
    sheet = s.view(None).score_sheet
    assert sheet is not None and [r.label for r in sheet.rows] == ["hand 1", "hand 2"]
    assert list(sheet.rows[1].values) == pytest.approx(second)
    totals = [first[i] + second[i] for i in (0, 1)]
    assert s.scores == pytest.approx(totals)
    assert s.winners == ([] if totals[0] == pytest.approx(totals[1]) else [0 if totals[0] > totals[1] else 1])
