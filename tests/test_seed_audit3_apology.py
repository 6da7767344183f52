"""A third audit of Apology against the seed's own words ("Apology - another game for a Bishops Whist
deck" in shared/seeds/bishops-whist-deck-and-games.txt), for the sentences the first two audits leave
untested: Till held down to the taker's last card is captured and takes its oudler with it ("a real
cost"); an oudler paid away for an escape is no longer "held at the end"; two aces count as one kind
of the trio (ruling AP-9); the taker who first wins a trick with its last card pays its old debts from
it and the fifteenth trick is led by its left; the deal passes on after a played deal and the stakes
add up over the match; and what each seat is shown, face up and in the log's words, through a deal.

Each test plays from an explicit deal through the public API (``parlour.make``, ``legal_actions``,
``apply``, ``view``, the log's words and the scores).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import pytest

import parlour
from parlour.cards import EXTENDED_65
from parlour.engine import State
from tests.audit_support import strings_in, words_in

HIGH_TO_LOW = "CKQBLT98765432A"
"""The seed's rank order read downwards: "Ace low through Castle high"."""
POINTS = {**dict.fromkeys("A23456789T", Fraction(1, 2)), "L": Fraction(3, 2), "B": Fraction(5, 2)}
POINTS |= {"Q": Fraction(7, 2), "K": Fraction(9, 2), "C": Fraction(11, 2)}
"""The seed's card points by rank ("Ace–10 0.5 each, Lehnritter 1.5, ... Castle 5.5")."""
EXCUSES = ("N", "E")


def points(card: str) -> Fraction:
    """A card's points by the seed's table: a Landsknecht 1.5, Till 4.5."""
    if card == "N":
        return Fraction(3, 2)
    if card == "E":
        return Fraction(9, 2)
    return POINTS[card[:-1]]


def suit(s: str, ranks: str = HIGH_TO_LOW) -> list[str]:
    return [r + s for r in ranks]


def new(hands: list[list[str]], dealer: int = 3, **options: Any) -> State:
    state: State = parlour.make("apology", **options).new(seed=1, deal={"dealer": dealer, "hands": hands})
    return state


def take_and_bury(state: State, seat: int, burial: list[str]) -> None:
    """Everyone before ``seat`` passes, ``seat`` bids and buries ``burial``."""
    while state.current_player != seat:
        state.apply("pass")
    state.apply("bid")
    for card in burial:
        state.apply(f"bury {card}")


def events(state: State, kind: str, seat: int | None = None) -> list[Mapping[str, Any]]:
    return [e.data for e in state.events(seat) if e.kind == kind]


def cards_of(actions: list[str]) -> list[str]:
    return [a.split()[1] for a in actions]


def lowest(state: State) -> str:
    """The legal action whose card is worth least, a card that is no oudler first (the last such in
    the pack's order: the lowest rank)."""
    actions = state.legal_actions()

    def key(a: str) -> tuple[bool, Fraction]:
        card = a.split()[1]
        oudler = card == "E" or (card != "N" and card[0] in "AC")
        return oudler, points(card)

    return min(reversed(actions), key=key)


def play_deal(state: State, choose: Callable[[State], str]) -> None:
    """Play the deal out (stop when the next deal's bidding starts or the match ends)."""
    deal = state.hand_number
    while not state.is_over and state.hand_number == deal:
        state.apply(choose(state))


# --- the last trick: Till held down to the taker's last card ----------------------------------------


def spade_taker(last: str) -> State:
    """Seat 0 (dealer 3, first to speak) takes with every spade; it buries six low spades and keeps the
    four Landsknechts and Till. It cashes its nine spades (nobody else holds one), then plays its
    excuses, ``last`` being the one it holds down to its fourteenth card."""
    state = new([suit("S"), suit("H"), suit("D"), suit("C")], deals=1)
    take_and_bury(state, 0, ["2S", "3S", "4S", "5S", "6S", "7S"])
    order = ["E", "N"] if last == "N" else ["N", "E"]
    while not state.is_over:
        actions = state.legal_actions()
        if state.current_player == 0 and not actions[0].startswith("give"):
            spades = [a for a in actions if a[-1] == "S"]
            excuses = [a for a in actions if a in ("play N", "play E")]
            hand = state.view(0).hand
            if spades:
                state.apply(spades[0])
            elif len(hand) > 1 and f"play {order[0]}" in excuses:
                state.apply(f"play {order[0]}")
            else:
                state.apply(next(a for a in excuses if a != f"play {order[0]}" or len(hand) == 1))
        else:
            state.apply(lowest(state))
    return state


def test_till_held_to_the_takers_last_card_is_captured_and_takes_its_oudler_with_it() -> None:
    """ "If a Landsknecht or Till is played on the final trick of the hand ... it is captured outright by
    the trick's winner. Holding one down to the last trick is a real cost"; "transfers only its own
    point value to the capturer — no further penalty" (ruling AP-4: the taker's fourteenth card). Held
    down to the last, Till goes to the defender who wins that trick, with its 4.5 points and its place
    in the trio: the taker, left with a castle and an ace, needs 45, not 40. Played earlier instead,
    Till escapes (ruling AP-6) and a Landsknecht is the card captured: the taker then counts Till and
    needs 40, and holds exactly 3 points more (Till's 4.5 against a Landsknecht's 1.5)."""
    till_last, landsknecht_last = spade_taker("E"), spade_taker("N")
    results = []
    for state, last in ((till_last, "E"), (landsknecht_last, "N")):
        tricks = events(state, "trick")
        assert len(tricks) == 15
        captures = events(state, "capture")
        assert [(c["card"], c["from"]) for c in captures] == [(last, 0)]
        capturer = captures[0]["seat"]
        assert capturer != 0 and capturer == tricks[13]["winner"]
        assert last in tricks[13]["cards"]
        won = state.view(capturer).zone("tricks_won", capturer)
        assert won is not None and last in won.cards
        assert len(events(state, "escape")) == 4 and len(events(state, "pay")) == 4  # none for the capture
        results.append(events(state, "hand_end")[0])
    assert (results[0]["oudlers"], results[0]["target"]) == (2, 45)
    assert (results[1]["oudlers"], results[1]["target"]) == (3, 40)
    gap = Fraction(results[1]["taker_points"]) - Fraction(results[0]["taker_points"])
    assert gap == points("E") - points("N") == 3


# --- "how many of the three they hold at the end" --------------------------------------------------


@pytest.mark.parametrize(("payment", "oudlers", "target"), [("CS", 2, 45), ("2H", 3, 40)])
def test_a_castle_paid_away_for_an_escape_is_not_held_at_the_end(
    payment: str, oudlers: int, target: int
) -> None:
    """ "The taker's required score ... depends on how many of the three they hold at the end": the
    taker buries Till and the ace of spades, wins the first trick with its castle of spades (the
    defenders throw twos), escapes the second with its Landsknecht and pays for it (the seed: "any card
    from their own won tricks"). Paying with the castle leaves it two of the trio (target 45) and 5
    points fewer than paying with a two (three of the trio, target 40); it wins no other trick."""
    state = new([suit("S"), suit("H"), suit("D"), suit("C")], deals=1)
    take_and_bury(state, 0, ["N", "N", "N", "E", "AS", "2S"])
    state.apply("play CS")
    for _ in range(3):
        state.apply(lowest(state))
    assert sorted(events(state, "trick")[-1]["cards"]) == sorted(["CS", "2H", "2D", "2C"])
    state.apply("play N")
    for _ in range(3):
        state.apply(lowest(state))
    assert state.current_player == 0 and sorted(cards_of(state.legal_actions())) == sorted(
        ["CS", "2H", "2D", "2C"]
    )
    state.apply(f"give {payment}")
    pay = events(state, "pay")[-1]
    assert (pay["card"], pay["for"]) == (payment, "N")
    play_deal(state, lowest)
    end = events(state, "hand_end")[0]
    assert (end["oudlers"], end["target"]) == (oudlers, target)
    kept = {"CS", "2H", "2D", "2C"} - {payment}
    assert Fraction(end["taker_points"]) == sum(map(points, [*kept, "N", "N", "N", "N", "E", "AS", "2S"]))
    assert end["made"] is False and state.scores == [-3.0, 1.0, 1.0, 1.0]


# Seat 0 leads a spade to every trick and nobody else holds one, so the taker (seat 1) wins nothing and
# ends with its burial alone (its escapes, never paid for, go to the creditor: ruling AP-8).
NO_TRICK_HANDS = [
    suit("S"),
    ["AH", "AD", "CH", *suit("H", "98765432"), "2D", "3D", "4D", "5D"],
    [*suit("H", "KQBLT"), *suit("D", "CKQBLT9876")],
    suit("C"),
]


@pytest.mark.parametrize(("counting", "oudlers", "target"), [("kinds", 2, 45), ("cards", 3, 40)])
def test_two_aces_and_a_castle_are_two_of_the_trio_by_default(
    counting: str, oudlers: int, target: int
) -> None:
    """ "Ace, Castle, and Till Eulenspiegel ... function as the game's three oudlers": buried, the aces
    of hearts and diamonds and the castle of hearts are two kinds of the trio (ruling AP-9's default,
    target 45), or three oudler cards under ``oudlers=cards`` (target 40); the buried cards count
    ("The buried cards count toward the taker's score")."""
    state = new(NO_TRICK_HANDS, oudlers=counting)
    take_and_bury(state, 1, ["AH", "AD", "CH", "N", "N", "N"])
    play_deal(state, lambda s: s.legal_actions()[0])
    end = events(state, "hand_end")[0]
    assert end["taker"] == 1 and (end["oudlers"], end["target"]) == (oudlers, target)
    assert Fraction(end["taker_points"]) == sum(map(points, ["AH", "AD", "CH", "N", "N", "N"]))


# --- old debts paid from the taker's last trick ------------------------------------------------------

# Seat 0 holds fourteen hearts and the ace of spades; seat 1, the taker, the ace of hearts and the
# other fourteen spades; seat 2 the diamonds, seat 3 the clubs.
LATE_WIN_HANDS = [[*suit("H")[:14], "AS"], ["AH", *suit("S")[:14]], suit("D"), suit("C")]


def late_win(state: State) -> str:
    """Seat 0 leads its hearts and, at the fourteenth trick, its ace of spades; the taker escapes with
    Till, then a Landsknecht, then discards its lowest spades; the others play their first card."""
    seat, actions = state.current_player, state.legal_actions()
    done = state.view(None).extra.tricks_played
    if seat == 0:
        return "play AS" if done == 13 else next(a for a in actions if a.endswith("H"))
    if seat == 1 and not actions[0].startswith("give"):
        for excuse in ("play E", "play N"):
            if excuse in actions:
                return excuse
        return actions[-1]
    return lowest(state) if seat == 1 else actions[0]


def test_debts_owed_since_the_first_tricks_are_paid_from_the_takers_last_trick() -> None:
    """ "hands the trick's winner one low card from among their own previously won tricks": the taker
    escapes the first two tricks with Till and a Landsknecht before winning any trick, so it owes seat 0
    two cards (ruling AP-8); its first won trick is the fourteenth, with its last card, and it pays both
    from it, oldest first, before the fifteenth trick, which the player at its left leads (ruling AP-3).
    The log says each step in words."""
    state = new(LATE_WIN_HANDS)
    take_and_bury(state, 1, ["AH", "N", "N", "N", "2S", "3S"])
    while events(state, "trick") == [] or len(events(state, "trick")) < 14:
        state.apply(late_win(state))
    tricks = events(state, "trick")
    assert [t["winner"] for t in tricks] == [0] * 13 + [1]
    escapes = events(state, "escape")
    assert [(e["card"], e["to"]) for e in escapes] == [("E", 0), ("N", 0)]
    words = [state.event_words(e) for e in state.events(2) if e.kind == "escape"]
    assert words == [
        "seat 1 escapes with E and owes seat 0 a card",
        "seat 1 escapes with N and owes seat 0 a card",
    ]
    assert state.current_player == 1
    last = list(tricks[13]["cards"])
    assert sorted(cards_of(state.legal_actions())) == sorted(last)
    assert "CS" in last and "AS" in last
    state.apply(lowest(state))
    state.apply(lowest(state))
    pays = events(state, "pay")
    assert [(p["for"], p["to"]) for p in pays] == [("E", 0), ("N", 0)]
    trick15 = events(state, "trick")[-1]
    plays = [e.data["seat"] for e in state.events(None) if e.kind == "play"][-3:]
    assert len(events(state, "trick")) == 15 and plays == [2, 3, 0] and trick15["winner"] != 1
    end = events(state, "hand_end")[0]
    taker = [
        *(c for c in last if c not in [p["card"] for p in pays]),
        "E",
        "N",
        "AH",
        "N",
        "N",
        "N",
        "2S",
        "3S",
    ]
    assert Fraction(end["taker_points"]) == sum(map(points, taker))
    assert Fraction(end["taker_points"]) + Fraction(end["defence_points"]) == Fraction(201, 2)


# --- the match ----------------------------------------------------------------------------------------


def test_after_a_played_deal_the_next_dealer_deals_and_the_stakes_add_up() -> None:
    """ "redealt by the next dealer" names the order of dealing: after a deal with a taker, too, the
    deal passes to the left (the dealer's left speaks first), and each deal's single flat stake is
    added to the running totals; after two deals (``deals=2``) the highest total wins (ruling AP-12)."""
    state = new([suit("S"), suit("H"), suit("D"), suit("C")], deals=2)
    take_and_bury(state, 0, ["E", "2S", "3S", "4S", "5S", "6S"])
    play_deal(state, lambda s: s.legal_actions()[0])
    first = events(state, "hand_end")[0]
    assert first["made"] is True and state.scores == [3.0, -1.0, -1.0, -1.0]
    view = state.view(2)
    assert [s.seat for s in view.seats if "dealer" in s.roles] == [0]  # seat 3's left
    assert state.current_player == 1 and view.hand_number == 2
    assert [s.hand_size for s in view.seats] == [15, 15, 15, 15]
    take_and_bury(state, 2, [])
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
    play_deal(state, lambda s: s.legal_actions()[0])
    second = events(state, "hand_end")[1]
    assert second["taker"] == 2
    totals = [p1 + p2 for p1, p2 in zip(first["points"], second["points"], strict=True)]
    assert state.scores == totals
    sheet = state.view(0).score_sheet
    assert sheet is not None and [list(r.values) for r in sheet.rows] == [first["points"], second["points"]]
    best = max(totals)
    assert state.is_over and state.winners == [s for s in range(4) if totals[s] == best]


# --- what each seat is shown ------------------------------------------------------------------------


def assert_each_seat_sees_only_its_own(state: State) -> None:
    """In every seat's view, a face-up card is its own, one played to a trick this deal, or a buried
    card shown to the taker (or to all once the deal is scored); no event a seat may read names another
    seat's hidden card, in its data or its words."""
    over = state.is_over
    taker = next((s.seat for s in state.view(None).seats if "taker" in s.roles), None)
    hands = [set(state.view(s).hand) for s in range(4)]
    buried = state.view(taker).zone("discards", taker) if taker is not None else None
    burial = {c for c in buried.cards if c is not None} if buried is not None else set()
    log = state.events(None)
    start = max(i for i, e in enumerate(log) if e.kind == "deal")
    played = {e.data["card"] for e in log[start:] if e.kind == "play"}
    for seat in range(4):
        view = state.view(seat)
        allowed = hands[seat] | played | (burial if seat == taker or over else set())
        for zone in view.zones:
            assert set(zone.face_up) <= allowed, (seat, zone.kind, zone.owner, set(zone.face_up) - allowed)
        secret = set().union(*(hands[s] for s in range(4) if s != seat)) - set(EXCUSES)
        if seat != taker and not over:
            secret |= burial - set(EXCUSES)
        mine = state.events(seat)
        for event in mine[max(i for i, e in enumerate(mine) if e.kind == "deal") :]:
            assert event.to in (None, seat)
            words, data = words_in(state.event_words(event)), strings_in(event.data)
            named = [c for c in secret if c in data or EXTENDED_65.pretty(c) in words]
            assert not named, (seat, event.kind, named)


def test_every_seat_sees_only_what_it_may_through_a_deal_with_escapes_and_payments() -> None:
    """Through the deal above (bidding, burial, two escapes owed, a late win paying both, the forced
    fifteenth trick and the count), checked at every step: no defender sees the taker's hand or burial,
    nobody sees another's hand, and the count shows the burial to all (ruling AP-10)."""
    state = new(LATE_WIN_HANDS, deals=1)
    assert_each_seat_sees_only_its_own(state)
    state.apply("pass")
    state.apply("bid")
    assert_each_seat_sees_only_its_own(state)
    for card in ["AH", "N", "N", "N", "2S", "3S"]:
        state.apply(f"bury {card}")
        assert_each_seat_sees_only_its_own(state)
    while not state.is_over:
        state.apply(late_win(state))
        assert_each_seat_sees_only_its_own(state)
    words = [state.event_words(e) for e in state.events(3)]
    assert "seat 1 takes and turns up the kitty: four Landsknechts and Till" in words
    assert "seat 1 has buried six cards" in words
    assert not [w for w in words if w.startswith("you bury")]
    reveal = [w for w in words if w.startswith("seat 1 buried")]
    assert len(reveal) == 1 and "A♥" in reveal[0]
    end = events(state, "hand_end")[0]
    assert [w for w in words if w.startswith("seat 1 ")][-1].startswith(
        f"seat 1 {'makes' if end['made'] else 'fails'}: {end['taker_points']:g} card points with"
    )


def test_buried_landsknechts_are_never_shown_to_another_seat() -> None:
    """The seed's letter: a Landsknecht or Till the taker buries is seen by no one else, ever: not in
    the play (the second audit checks that) and not at the count either. The engine showed the whole
    burial at the count (ruling AP-10, reasoning that by then it can be worked out from the 59 cards
    played); by default it now shows only the burial's suited cards (option ``burial_shown``)."""
    state = new(LATE_WIN_HANDS, deals=1)
    take_and_bury(state, 1, ["AH", "N", "N", "N", "2S", "3S"])
    while not state.is_over:
        state.apply(late_win(state))
    for seat in (0, 2, 3):
        discards = state.view(seat).zone("discards", 1)
        assert discards is not None and "N" not in discards.cards
        words = " ".join(state.event_words(e) for e in state.events(seat) if e.kind == "reveal").split()
        assert "N" not in words
