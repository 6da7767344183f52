"""Bishops Whist: a scenario test, built from an explicit deal, for every law of Dana's game.

Seats sit 0, 1, 2, 3 clockwise (each seat's left is the next one); with an explicit deal seats 0 and 2
are partners against 1 and 3, and the player at the dealer's left leads the first trick.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour import IllegalAction
from parlour.cards import BISHOPS_WHIST, SUITS
from parlour.engine import Event
from parlour.engine.views import Play, View
from parlour.games.bishops_whist.rules import (
    BishopsWhist,
    BishopsWhistExtra,
    BishopsWhistState,
    dealer_of,
    quitted_tricks,
)

GAME = "bishops-whist"
State = BishopsWhistState
BWView = View[BishopsWhistExtra]
RANKS = ["C", "K", "Q", "B", "9", "8", "7", "6", "5", "4", "3", "2"]  # highest first
VALUE = {r: 14 - i for i, r in enumerate(RANKS)}  # C=14 ... 2=3; the knight (ten) sits between B and 9


# --- helpers -----------------------------------------------------------------------------------


def deal_of(
    dealer: int,
    turn_up: str,
    given_cards: Mapping[int, str],
    closed: Mapping[int, str] | None = None,
    trump: str | None = None,
) -> dict[str, Any]:
    """A full deal: the cards given to each seat, the rest of the pack shared out.

    ``closed[seat]`` lists suits (and ``N`` for knights) of which the seat gets nothing more than
    what ``given_cards`` holds, so a test controls exactly the holdings that matter to it.
    """
    closed = closed or {}
    hands = [given_cards.get(s, "").split() for s in range(4)]
    if all(turn_up not in h for h in hands) and ("N" if turn_up == "N" else turn_up[-1]) not in closed.get(
        dealer, ""
    ):
        hands[dealer].append(turn_up)  # the turn-up is one of the dealer's thirteen
    rest = list((BISHOPS_WHIST.counts() - Counter(c for h in hands for c in h)).elements())

    def may_take(seat: int, card: str) -> bool:
        kind = "N" if card == "N" else card[-1]
        return len(hands[seat]) < 13 and kind not in closed.get(seat, "")

    # The most constrained cards first, each to the emptiest seat that may take it.
    rest.sort(key=lambda c: sum(may_take(s, c) for s in range(4)))
    for card in rest:
        seats = [s for s in range(4) if may_take(s, card)]
        assert seats, f"no seat can take {card}: the test's deal is impossible"
        hands[min(seats, key=lambda s: len(hands[s]))].append(card)
    deal: dict[str, Any] = {"dealer": dealer, "turn_up": turn_up, "hands": hands}
    if trump is not None:
        deal["trump"] = trump
    return deal


def make(**options: Any) -> BishopsWhist:
    return BishopsWhist(**options)


def new(deal: Mapping[str, Any], seed: int = 11, **options: Any) -> State:
    return make(**options).new(seed=seed, deal=deal)


def hand_sizes(view: BWView) -> list[int | None]:
    return [s.hand_size for s in view.seats]


def play(state: State, *cards: str) -> None:
    """Play the cards; under table laws, players off suit then let their cards stand (ruling BW-24)."""
    for card in cards:
        state.apply(f"play {card}")
        stand(state)


def stand(state: State) -> None:
    while state.view(None).extra.phase == "review":
        state.apply("stand")


def legal_cards(state: State) -> set[str]:
    return {a.split()[1] for a in state.legal_actions() if a.startswith("play ")}


def hand(state: State, seat: int) -> list[str]:
    return state.view(seat).hand


def events(state: State, kind: str) -> list[Event]:
    return [e for e in state.log if e.kind == kind]


def winners(state: State) -> list[int]:
    return [e.data["winner"] for e in events(state, "trick")]


def hand_end(state: State) -> Mapping[str, Any]:
    ends = events(state, "hand_end")
    assert ends, "the hand has not ended"
    return ends[0].data


def score_sum(state: State) -> list[float]:
    total = [0.0] * 4
    for e in events(state, "score"):
        total[e.data["seat"]] += e.data["points"]
    return total


def play_script(state: State, script: Sequence[tuple[int, str]]) -> None:
    """Play tricks given as (leader, four cards in play order), checking each leader."""
    for number, (leader, cards) in enumerate(script, 1):
        assert state.current_player == leader, f"trick {number} should be led by seat {leader}"
        play(state, *cards.split())


def hands_of_script(script: Sequence[tuple[int, str]]) -> list[list[str]]:
    hands: list[list[str]] = [[], [], [], []]
    for leader, cards in script:
        for i, card in enumerate(cards.split()):
            hands[(leader + i) % 4].append(card)
    return hands


def scripted(
    script: Sequence[tuple[int, str]], turn_up: str, trump: str | None = None, **options: Any
) -> State:
    """A state whose deal is exactly the cards a 13-trick script plays (dealer: right of the first leader)."""
    deal: dict[str, Any] = {
        "dealer": (script[0][0] - 1) % 4,
        "turn_up": turn_up,
        "hands": hands_of_script(script),
    }
    if trump is not None:
        deal["trump"] = trump
    return new(deal, **options)


def edit(state: State, **fields: Any) -> State:
    """Reload a saved state with some fields changed (only to put a match at a chosen score).

    A changed ``match`` score is written into the log as well, as the hands that scored it before this
    one (each turned up, scored and ended, at most 16 points a hand), and a changed ``hand_points`` as
    scored in this hand, because a save whose fields disagree with its log is refused.
    """
    data = json.loads(state.to_json())
    log = data["log"]
    if "match" in fields:
        now = [fields.get("hand_points", data["state"]["hand_points"])[side] for side in (0, 1)]
        in_hand = [now[side] - data["state"]["hand_points"][side] for side in (0, 1)]
        for seat in range(4):
            if in_hand[seat % 2]:
                event = {"seat": seat, "points": in_hand[seat % 2], "reason": "carried"}
                log.append({"kind": "score", "data": event})
        carried = [fields["match"][side] - data["state"]["match"][side] - in_hand[side] for side in (0, 1)]
        per_hand = 16
        earlier = max(-(-abs(c) // per_hand) for c in carried)
        fields.setdefault("hands_played", data["state"]["hands_played"] + earlier)
        fields.setdefault("hand_number", data["state"]["hand_number"] + earlier)
        at = max(i for i, e in enumerate(log) if e["kind"] == "turn_up")
        run = [data["state"]["match"][side] - data["state"]["hand_points"][side] for side in (0, 1)]
        before: list[dict[str, Any]] = []
        for k in range(earlier):
            hand = data["state"]["hand_number"] + k
            points = [max(-per_hand, min(per_hand, carried[side])) for side in (0, 1)]
            carried = [carried[side] - points[side] for side in (0, 1)]
            run = [run[side] + points[side] for side in (0, 1)]
            before.append({"kind": "turn_up", "data": {"hand": hand, "dealer": 0, "card": "2C"}})
            before += [
                {"kind": "score", "data": {"seat": seat, "points": points[seat % 2], "reason": "carried"}}
                for seat in range(4)
                if points[seat % 2]
            ]
            before.append(
                {
                    "kind": "hand_end",
                    "data": {
                        "points": [points[seat % 2] for seat in range(4)],
                        "hand": hand,
                        "tricks": [0, 0],
                        "bishops": [0, 0],
                        "match": run,
                    },
                }
            )
        log[at:at] = before
        log[at + len(before)]["data"]["hand"] = fields["hand_number"]
    data["state"].update(fields)
    loaded: BishopsWhistState = state.game.load(json.dumps(data))  # ``State.game`` is any game's
    return loaded


def balanced(dealer: int, suits: str, seats: Sequence[int]) -> tuple[list[tuple[int, str]], list[list[str]]]:
    """A hand where everybody follows suit: trick k is of suit ``suits[k]`` and won by ``seats[k]``.

    Each suit is played in three rounds, using its ranks C K Q B, then 9 8 7 6, then 5 4 3 2; the
    winner of a round gets its top card, so the bishop of a suit goes to the winner of that suit's
    first round. Every seat keeps its one knight for the thirteenth trick, which the last of the four
    knights (the leader's right-hand opponent) takes.
    """
    assert sorted(suits) == sorted("SHDC" * 3) and len(seats) == 12
    rounds = dict.fromkeys(SUITS, 0)
    leader = (dealer + 1) % 4
    script: list[tuple[int, str]] = []
    for suit, winner in zip(suits, seats, strict=True):
        group = [r + suit for r in RANKS[4 * rounds[suit] : 4 * rounds[suit] + 4]]
        rounds[suit] += 1
        order = [(leader + i) % 4 for i in range(4)]
        others = iter(group[1:])
        cards = [group[0] if s == winner else next(others) for s in order]
        script.append((leader, " ".join(cards)))
        leader = winner
    script.append((leader, "N N N N"))
    return script, hands_of_script(script)


def balanced_points(dealer: int, suits: str, seats: Sequence[int]) -> list[int]:
    """What the laws give each side (0: seats 0 and 2, 1: seats 1 and 3) for a ``balanced`` hand."""
    tricks, bishops = [0, 0], [0, 0]
    first_round: dict[str, int] = {}
    for suit, w in zip(suits, seats, strict=True):
        tricks[w % 2] += 1
        first_round.setdefault(suit, w)
    last = (seats[-1] + 3) % 4  # the fourth knight of the thirteenth trick
    tricks[last % 2] += 1
    for w in first_round.values():
        bishops[w % 2] += 1
    return [max(0, tricks[s] - 6) + 2 * bishops[s] for s in (0, 1)]


def balanced_state(
    dealer: int, suits: str, seats: Sequence[int], **options: Any
) -> tuple[State, list[tuple[int, str]]]:
    script, hands = balanced(dealer, suits, seats)
    turn_up = min((c for c in hands[dealer] if c[-1] == "C"), key=lambda c: VALUE[c[0]])  # never a bishop
    return new({"dealer": dealer, "turn_up": turn_up, "hands": hands}, **options), script


# A hand, built with ``balanced``, in which seats 1 and 3 take 7 tricks and three bishops (7 points)
# and seats 0 and 2 six tricks and one bishop (2 points): Dana's last hand of a game.
DANA_SUITS = "SHDCSHDCSHDC"
DANA_SEATS = [1, 1, 3, 0, 2, 0, 2, 0, 1, 1, 3, 0]  # the thirteenth trick goes to seat 3 (right of seat 0)


# --- the deal ----------------------------------------------------------------------------------


def test_explicit_deal_sets_up_the_first_hand() -> None:
    deal = deal_of(3, "2C", {3: "2C"})
    state = new(deal)
    assert state.current_player == 0  # the dealer's left leads
    for seat in range(4):
        assert sorted(hand(state, seat), key=BISHOPS_WHIST.sort_key) == sorted(
            deal["hands"][seat], key=BISHOPS_WHIST.sort_key
        )
    v = state.view(1)
    assert v.trump == "C" and dealer_of(v) == 3 and hand_sizes(v) == [13] * 4
    assert v.teams == ((0, 2), (1, 3))
    assert sum(state.inventory().values()) == 52 and state.inventory() == BISHOPS_WHIST.counts()


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (lambda d: d["hands"][0].pop(), "13"),
        (lambda d: d["hands"].pop(), "four hands"),
        (lambda d: d["hands"][1].__setitem__(0, d["hands"][0][0]), "too many"),
        (lambda d: d["hands"][1].__setitem__(0, "TH"), "TH"),
        (lambda d: d["hands"][1].__setitem__(0, "XX"), "XX"),
        (lambda d: d.__setitem__("turn_up", "CS"), "dealer"),
        (lambda d: d.__setitem__("dealer", 4), "dealer"),
        (lambda d: d.pop("hands"), "hands"),
        (lambda d: d.__setitem__("trump", "H"), "trumps"),
        (lambda d: d.__setitem__("trump", "Z"), "trump"),
    ],
)
def test_bad_deals_are_refused_with_a_reason(mutate: Any, reason: str) -> None:
    deal = deal_of(3, "2C", {3: "2C", 0: "CS"})
    mutate(deal)
    with pytest.raises(ValueError, match=reason):
        new(deal)


def test_a_knight_turn_up_must_be_in_the_dealers_hand_and_may_name_no_bad_trump() -> None:
    deal = deal_of(2, "N", {2: "N"}, closed={0: "N", 1: "N", 3: "N"}, trump="Z")
    with pytest.raises(ValueError, match="trump"):
        new(deal)
    deal = deal_of(2, "2C", {}, closed={2: "N"})
    deal["turn_up"] = "N"
    with pytest.raises(ValueError, match="dealer"):
        new(deal)


# --- following suit ------------------------------------------------------------------------------

# Clubs are trumps (2C turned by seat 3). Seat 1 holds four hearts; seat 2 holds the bishop of hearts
# as its only heart, with a knight; seat 3 is void in hearts; seat 1 holds only the bishop of clubs in
# trumps, with two knights.
FOLLOW: dict[str, Any] = {
    "dealer": 3,
    "turn_up": "2C",
    "hands": [
        ["9H", "8H", "7H", "6H", "5H", "4H", "3H", "CS", "9D", "8D", "9C", "8C", "7C"],
        ["CH", "KH", "QH", "2H", "BC", "KS", "QS", "KD", "QD", "7D", "6D", "N", "N"],
        ["BH", "CC", "KC", "QC", "BS", "9S", "8S", "7S", "6S", "BD", "5D", "4D", "N"],
        ["6C", "5C", "4C", "3C", "2C", "5S", "4S", "3S", "2S", "CD", "3D", "2D", "N"],
    ],
}


def test_the_leader_may_lead_any_card() -> None:
    state = new(FOLLOW)
    assert legal_cards(state) == set(FOLLOW["hands"][0])


def test_players_must_follow_suit_and_a_void_player_may_play_anything() -> None:
    state = new(FOLLOW)
    play(state, "9H")
    assert legal_cards(state) == {"CH", "KH", "QH", "2H"}  # seat 1: hearts only, knights not allowed
    play(state, "2H")
    assert legal_cards(state) == {"BH", "N"}  # seat 2: the knight's revoke
    play(state, "BH")
    assert legal_cards(state) == set(FOLLOW["hands"][3])  # seat 3 is void: any card, trump or discard
    play(state, "3D")
    assert winners(state) == [2]  # the bishop of hearts is the best heart played


def test_knights_revoke_in_a_plain_suit_keeps_the_bishop() -> None:
    state = new(FOLLOW)
    play(state, "9H", "2H", "N", "5S")
    assert "BH" in hand(state, 2) and "N" not in hand(state, 2)
    # The knight ranks as a ten in the plain suit led: it beats the nine.
    assert winners(state) == [2]


def test_knights_revoke_in_trumps_and_the_knight_has_no_rank_there() -> None:
    state = new(FOLLOW)
    play(state, "7C")
    assert legal_cards(state) == {"BC", "N"}  # seat 1 has only the cardinal in trumps
    play(state, "N")
    assert legal_cards(state) == {"CC", "KC", "QC"}  # seat 2 must follow; its knight may not replace a queen
    play(state, "QC")
    assert legal_cards(state) == {"6C", "5C", "4C", "3C", "2C"}
    play(state, "3C")
    assert winners(state) == [2] and "BC" in hand(state, 1)


def test_a_bishop_with_other_cards_of_the_suit_may_not_be_replaced_by_a_knight() -> None:
    deal = deal_of(3, "2C", {0: "9H", 1: "BH 3H N"}, closed={1: "H"})
    state = new(deal)
    play(state, "9H")
    assert legal_cards(state) == {"BH", "3H"}
    with pytest.raises(IllegalAction, match="knight's revoke"):
        state.apply("play N")


def test_a_lone_bishop_without_a_knight_must_be_played() -> None:
    deal = deal_of(3, "2C", {0: "9H", 1: "BH"}, closed={1: "HN"})
    state = new(deal)
    play(state, "9H")
    assert legal_cards(state) == {"BH"}


def test_the_knights_revoke_may_be_repeated_while_knights_last() -> None:
    # Seat 1 keeps the bishop of spades through three rounds of spades, with three knights.
    script = [
        (0, "CS N 2S 3S"),
        (0, "KS N 4S 5S"),
        (0, "QS N 6S 7S"),
        (0, "9S BS 8S 2H"),
    ]
    deal = deal_of(
        3, "2C",
        {0: "CS KS QS 9S N", 1: "N N N BS", 2: "2S 4S 6S 8S", 3: "3S 5S 7S 2H 2C"},
        closed={0: "SN", 1: "SN", 2: "SN", 3: "SN"},
    )  # fmt: skip
    state = new(deal)
    for leader, cards in script[:3]:
        assert state.current_player == leader
        play(state, cards.split()[0])
        assert legal_cards(state) == {"BS", "N"}
        play(state, *cards.split()[1:])
    play(state, "9S")
    assert legal_cards(state) == {"BS"}  # no knight left: the bishop must fall
    play(state, "BS", "8S", "2H")
    assert winners(state) == [0, 0, 0, 1]


def test_knights_are_never_compelled() -> None:
    # Seat 1 is void in hearts and holds knights: it may keep them and discard anything else.
    deal = deal_of(3, "2C", {0: "9H", 1: "N N 5S 6D 7C"}, closed={1: "HN"})
    state = new(deal)
    play(state, "9H")
    assert legal_cards(state) - {"N"}  # seat 1 need not play a knight
    assert {"N", "5S", "6D", "7C"} <= legal_cards(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_knights_are_never_compelled_in_random_play(seed: int, steps: int) -> None:
    """Whoever holds a card besides knights always has a legal play that is not a knight."""
    state = make().new(seed=seed)
    rng = parlour.engine.Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        if state.view(seat).extra.phase == "play" and set(hand(state, seat)) - {"N"}:
            assert legal_cards(state) - {"N"}, hand(state, seat)
        state.apply(rng.choice(state.legal_actions()))


# --- ranking ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("void_knight", "cards", "winner"),
    [
        # a knight discarded by a player void in the plain suit led
        ("ten", "9H N 2H 3H", 1),  # ranks as the ten: beats the nine
        ("revoke-only", "9H N 2H 3H", 0),  # ranks only in a knight's revoke: the nine wins
        ("ten", "9H N BH 3H", 2),  # the bishop beats a ten
        ("ten", "9H N 2H 2C", 3),  # a trump beats a ten
    ],
)
def test_a_discarded_knight_in_a_plain_suit(void_knight: str, cards: str, winner: int) -> None:
    c = cards.split()
    closed = {1: "H", 3: "" if c[3].endswith("H") else "H"}
    deal = deal_of(3, "2C", {0: c[0], 1: c[1], 2: c[2], 3: c[3]}, closed=closed)
    state = new(deal, void_knight=void_knight)
    play(state, *c)
    assert winners(state) == [winner]


@pytest.mark.parametrize("void_knight", ["ten", "revoke-only"])
def test_a_knights_revoke_ranks_as_a_ten_under_either_reading(void_knight: str) -> None:
    deal = deal_of(3, "2C", {0: "9H", 1: "BH N", 2: "2H", 3: "3H"}, closed={1: "H"})
    state = new(deal, void_knight=void_knight)
    play(state, "9H", "N", "2H", "3H")
    assert winners(state) == [1]


def test_of_two_knights_ranking_as_tens_the_later_wins() -> None:
    """Ruling: two tens in one trick — the later played takes it (as in the knight's trick)."""
    deal = deal_of(3, "2C", {0: "9H", 1: "BH N", 2: "N", 3: "3H"}, closed={1: "H", 2: "H"})
    state = new(deal)
    play(state, "9H", "N", "N", "3H")
    assert winners(state) == [2]


@pytest.mark.parametrize("seat1", ["N", "BC N"])
def test_a_knight_on_a_trump_lead_has_no_rank(seat1: str) -> None:
    # Clubs named trumps over a turned knight; the 2 of clubs led beats a knight thrown by a player
    # void in trumps, or played in a knight's revoke to save the cardinal — a ten would have won.
    deal = deal_of(3, "N", {0: "2C", 1: seat1, 2: "9H", 3: "8H"}, closed={1: "C", 2: "C", 3: "C"}, trump="C")
    state = new(deal)
    play(state, "2C")
    assert "N" in legal_cards(state)
    play(state, "N", "9H", "8H")
    assert winners(state) == [0]


def test_trumps_beat_every_plain_card() -> None:
    deal = deal_of(3, "2C", {0: "CH", 1: "KH", 2: "QH", 3: "2C"}, closed={3: "H"})
    state = new(deal)
    play(state, "CH", "KH", "QH", "2C")
    assert winners(state) == [3]


def test_the_highest_trump_wins_and_off_suit_cards_lose() -> None:
    deal = deal_of(3, "2C", {0: "2H", 1: "CS", 2: "3C", 3: "2C"}, closed={1: "H", 2: "H", 3: "H"})
    state = new(deal)
    play(state, "2H", "CS", "3C", "2C")
    assert winners(state) == [2]


# --- the irregular trick -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "cards", "winner"),
    [
        ("first-suit", "N 5H CS 9H", 3),  # hearts came first: the highest heart
        ("first-suit", "N N 5D CD", 3),  # a second knight is no card of a suit
        ("first-suit", "N 5H CS 2C", 3),  # a trump fell: it wins
        ("leader", "N 5H CS 9H", 0),  # the leader's knight takes it
        ("leader", "N 5H 3C 2C", 2),  # unless a trump falls
        ("first-suit", "N 5H 3C 2C", 2),
    ],
)
def test_the_irregular_trick(option: str, cards: str, winner: int) -> None:
    c = cards.split()
    # Every follower holds cards of the suit it does not play, to show the knight frees them.
    deal = deal_of(3, "4C", {0: c[0], 1: c[1] + " 7S 7D 7C", 2: c[2] + " 8H 8D 8C", 3: c[3] + " 4C 6H 6S 6D"})
    state = new(deal, irregular_trick=option)
    play(state, c[0])
    for seat, card in ((1, c[1]), (2, c[2]), (3, c[3])):
        assert state.current_player == seat
        assert legal_cards(state) == set(hand(state, seat))  # any card at all
        play(state, card)
    assert winners(state) == [winner]


# --- the thirteenth trick ------------------------------------------------------------------------

# Seat 0 holds the spades, 1 the hearts, 2 the diamonds, 3 the clubs (trumps, 2C turned), each with a
# knight. Seat 3 trumps the first trick and leads trumps; its knight opens trick 12, an irregular
# trick that seat 0's castle-ace of spades takes (first-suit) or seat 3 (leader).
FIRST_ELEVEN = [
    (0, "2S 2H 2D 2C"),
    (3, "3C 3S 3H N"),
    (3, "4C 4S 4H 3D"),
    (3, "5C 5S 5H 4D"),
    (3, "6C 6S 6H 5D"),
    (3, "7C 7S 7H 6D"),
    (3, "8C 8S 8H 7D"),
    (3, "9C 9S 9H 8D"),
    (3, "BC BS BH 9D"),
    (3, "QC QS QH BD"),
    (3, "KC KS KH QD"),
]


@pytest.mark.parametrize(("option", "leader_13"), [("first-suit", 0), ("leader", 3)])
def test_the_last_knight_played_wins_the_thirteenth_trick(option: str, leader_13: int) -> None:
    last = {0: "N", 1: "N", 2: "CD", 3: "CC"}  # two knights and the castle-ace of trumps
    order = [(leader_13 + i) % 4 for i in range(4)]
    script = [*FIRST_ELEVEN, (3, "N CS CH KD"), (leader_13, " ".join(last[s] for s in order))]
    state = scripted(script, "2C", irregular_trick=option)
    play_script(state, script[:12])
    assert winners(state)[-1] == leader_13  # the irregular trick 12
    assert state.view(0).situation == "the knight's trick"
    play_script(state, script[12:])
    assert winners(state)[-1] == 1  # the later of the two knights, over the castle-ace of trumps


def test_a_lone_knight_wins_the_thirteenth_trick_against_trumps() -> None:
    script = [
        (0, "2S 2H 2D 2C"),
        (3, "3C N N 3D"),  # seats 0 and 1 throw their knights on a trump lead: no rank there
        *[(3, f"{r}C {s}S {s}H {r}D") for r, s in zip("456789BQK", "3456789BQ", strict=True)],
        (3, "N KS KH CD"),  # irregular trick 12: no trump, the king of spades (first suit) wins
        (0, "CS CH N CC"),  # the only knight beats the castle-ace of trumps
    ]
    state = scripted(script, "2C")
    play_script(state, script)
    assert winners(state) == [3] * 11 + [0, 2]


def test_the_thirteenth_trick_without_a_knight_goes_by_the_usual_ranks() -> None:
    script = [
        (0, "2S 2H 2D 2C"),
        (3, "3C N N N"),  # every knight falls early, on a trump lead, and counts nothing
        *[(3, f"{r}C {s}S {s}H {s}D") for r, s in zip("456789BQK", "3456789BQ", strict=True)],
        (3, "N KS KH KD"),
        (0, "CS CH CD CC"),  # no knight: trumps rank as ever
    ]
    state = scripted(script, "2C")
    play_script(state, script)
    assert winners(state)[-2:] == [0, 3]
    assert winners(state)[1] == 3


def test_a_knight_led_to_the_thirteenth_trick_wins_unless_a_later_knight_falls() -> None:
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS)
    assert script[-1] == (0, "N N N N")
    play_script(state, script)
    # four knights in the 13th trick, led by seat 0: the fourth (seat 3) wins
    assert winners(state)[-1] == 3


# --- the turn-up ---------------------------------------------------------------------------------


def test_the_turn_up_belongs_to_the_dealer_and_is_public_until_played() -> None:
    deal = deal_of(1, "7D", {1: "2S", 2: "9S"}, closed={1: "S"})
    state = new(deal)
    assert state.current_player == 2  # the dealer's left leads
    for seat in (None, 0, 1, 2, 3):
        v = state.view(seat)
        assert v.extra.turn_up == "7D" and v.extra.turn_up_held and v.trump == "D"
    assert "7D" in hand(state, 1) and len(hand(state, 1)) == 13
    play(state, "9S")
    for _ in range(2):
        play(state, sorted(legal_cards(state))[0])
    assert state.current_player == 1
    play(state, "2S")  # the dealer plays another card: he is still known to hold the turn-up
    while "7D" in hand(state, 1):
        assert all(state.view(s).extra.turn_up_held for s in (None, 0, 1, 2, 3))
        cards = sorted(legal_cards(state))
        play(state, "7D" if "7D" in cards else cards[0])
    assert not any(state.view(s).extra.turn_up_held for s in (None, 0, 1, 2, 3))


def test_a_bishop_turned_gives_the_dealers_side_a_point() -> None:
    deal = deal_of(2, "BH", {2: "BH"})
    state = new(deal)
    assert state.scores == [1, 0, 1, 0]
    assert state.view(1).extra.bishop_cut
    [cut] = [e for e in events(state, "score")[:1]]
    assert cut.data["reason"].startswith("bishop cut")
    assert score_sum(state) == state.scores
    deal = deal_of(1, "BS", {1: "BS"})
    assert new(deal).scores == [0, 1, 0, 1]
    assert new(deal_of(1, "CS", {1: "CS"})).scores == [0, 0, 0, 0]


def test_a_knight_turned_makes_the_dealer_name_trumps() -> None:
    deal = deal_of(2, "N", {2: "N"})
    state = new(deal)
    assert state.current_player == 2
    assert sorted(state.legal_actions()) == sorted(f"trump {s}" for s in SUITS)
    assert state.view(2).trump is None and state.view(2).extra.phase == "trump"
    with pytest.raises(IllegalAction, match="name trumps"):
        state.apply("play N")
    state.apply("trump h")  # typed in lower case
    assert state.view(0).trump == "H"
    assert state.current_player == 3  # then the dealer's left leads
    assert state.scores == [0, 0, 0, 0]  # a knight is no bishop
    named = events(state, "trump")
    assert named and named[0].data["suit"] == "H" and named[0].data["seat"] == 2


def test_a_knight_turned_with_trumps_given_in_the_deal() -> None:
    state = new(deal_of(2, "N", {2: "N"}, trump="S"))
    assert state.view(0).trump == "S" and state.current_player == 3


def test_a_knight_turned_in_a_seeded_deal_is_named_before_the_deal() -> None:
    game = make()
    for seed in range(400):
        state = game.new(seed=seed)
        if state.view(0).extra.phase == "trump":
            break
    else:
        pytest.fail("no knight turned in 400 seeds")
    dealer = dealer_of(state.view(0))
    assert state.current_player == dealer and state.view(0).extra.turn_up == "N"
    assert hand_sizes(state.view(dealer)) == [0, 0, 0, 0]  # nothing is dealt before trumps are named
    assert state.inventory() == BISHOPS_WHIST.counts()
    state.apply("trump D")
    v = state.view(dealer)
    assert v.trump == "D" and hand_sizes(v) == [13] * 4 and "N" in v.hand
    assert state.inventory() == BISHOPS_WHIST.counts()


# --- the cut, the deal and the table ---------------------------------------------------------------


def cut_value(card: str) -> int:
    """Rank in cutting: castle-ace high, king, queen, bishop, knight, 9 ... 2."""
    order = ["C", "K", "Q", "B", "N", "9", "8", "7", "6", "5", "4", "3", "2"]
    return len(order) - order.index("N" if card == "N" else card[0])


def first_cut(state: State) -> dict[int, int]:
    cut = events(state, "cut")[0].data["cards"]
    return {int(s): cut_value(c) for s, c in cut.items()}


@pytest.mark.parametrize("seed", range(0, 300, 3))
def test_the_cut_for_deal_with_fixed_partners(seed: int) -> None:
    state = make().new(seed=seed)
    v = state.view(None)
    assert v.extra.order == [0, 1, 2, 3] and v.teams == ((0, 2), (1, 3))
    values = first_cut(state)
    assert values[dealer_of(v)] == min(values.values())  # the lowest cut deals
    recut = len(events(state, "cut")) > 1
    lowest = [s for s in values if values[s] == min(values.values())]
    assert recut == (len(lowest) > 1)  # equal cuts cut again only where the deal turns on it
    if recut:
        assert set(events(state, "cut")[1].data["cards"]) == {str(s) for s in lowest}


@pytest.mark.parametrize("seed", range(300))
def test_the_cut_for_partners_and_deal(seed: int) -> None:
    state = make(partners="cut").new(seed=seed)
    v = state.view(None)
    order, teams, dealer = v.extra.order, v.teams, dealer_of(v)
    assert sorted(order) == [0, 1, 2, 3]
    # partners face each other
    assert {order[0], order[2]} in ({*teams[0]}, {*teams[1]}) and {order[1], order[3]} in (
        {*teams[0]},
        {*teams[1]},
    )
    values = first_cut(state)
    high, low = teams
    assert min(values[s] for s in high) >= max(values[s] for s in low)  # the two highest together
    assert dealer in low and values[dealer] == min(values.values())  # the lowest cut deals
    assert order[(order.index(dealer) + 1) % 4] in high  # the dealer's left is an opponent
    # ties: a re-cut exactly when equal cuts straddle the two pairs or share the lowest place
    ranked = sorted(values.values(), reverse=True)
    straddle = ranked[1] == ranked[2]
    lowest_tie = ranked[2] == ranked[3]
    assert (len(events(state, "cut")) > 1) == (straddle or lowest_tie)


def test_the_cut_tie_example_of_the_laws() -> None:
    """Dana: a 7, two knights and a king are cut — the knights cut again, the lower plays with the 7."""
    game = make(partners="cut")
    found = 0
    for seed in range(3000):
        state = game.new(seed=seed)
        cuts = events(state, "cut")
        first = sorted(cut_value(c) for c in cuts[0].data["cards"].values())
        if first.count(cut_value("N")) != 2 or first[0] >= cut_value("N") or first[-1] <= cut_value("N"):
            continue
        found += 1
        values = first_cut(state)
        knights = [s for s in values if values[s] == cut_value("N")]
        assert len(cuts) >= 2 and set(cuts[1].data["cards"]) == {str(s) for s in knights}
        low_seat = min(values, key=lambda s: values[s])
        teams = state.view(None).teams
        assert dealer_of(state.view(None)) == low_seat  # the first original low stands as low
        assert low_seat in teams[1]
        [partner] = [s for s in teams[1] if s != low_seat]
        assert partner in knights
        if found >= 3:
            break
    assert found, "no seed gave the example's cut"


def test_three_equal_cuts_cut_again_and_the_original_low_stands() -> None:
    game = make(partners="cut")
    seen = 0
    for seed in range(4000):
        state = game.new(seed=seed)
        values = first_cut(state)
        counts = Counter(values.values())
        if 3 not in counts.values():
            continue
        seen += 1
        tied_value = next(v for v, n in counts.items() if n == 3)
        [odd] = [s for s in values if values[s] != tied_value]
        cuts = events(state, "cut")
        assert len(cuts) >= 2 and set(cuts[1].data["cards"]) == {str(s) for s in values if s != odd}
        teams = state.view(None).teams
        if values[odd] > tied_value:  # the fourth cut higher: the two lowest of the three play together
            assert odd in teams[0]
        else:
            assert odd in teams[1] and dealer_of(state.view(None)) == odd
        if seen >= 4:
            break
    assert seen


def test_the_cut_is_determined_by_the_seed() -> None:
    game = make(partners="cut")
    for seed in (1, 2, 99):
        a, b = game.new(seed=seed), game.new(seed=seed)
        assert a.to_json() == b.to_json()
        assert a.view(None).teams == b.view(None).teams


@pytest.mark.parametrize("seed", range(40))
def test_the_trump_cut_lifts_more_than_four_cards_and_the_deal_gives_thirteen_each(seed: int) -> None:
    state = make().new(seed=seed)
    [turn] = events(state, "turn_up")
    assert 4 < turn.data["cut"] < 52 - 4  # more than four lifted and more than four left beneath
    if state.view(None).extra.phase == "trump":
        state.apply("trump S")
    dealer = dealer_of(state.view(None))
    assert hand_sizes(state.view(None)) == [13] * 4
    assert turn.data["card"] in hand(state, dealer)  # the turn-up is one of the dealer's thirteen
    assert state.current_player == (dealer + 1) % 4
    total = Counter(c for s in range(4) for c in hand(state, s))
    assert total == BISHOPS_WHIST.counts()


def test_the_deal_follows_danas_procedure() -> None:
    """Shuffle, lift more than four cards, turn the top card of the lower packet, put the lifted packet
    underneath, deal one at a time from the dealer's left so the last card falls to his right.

    The pack's order is rebuilt from the seed, following the state's use of its RNG (one shuffle for
    the cut for deal, then the shuffle and the lift of the first hand); seeds whose cut for deal needed
    a re-cut (more draws from the RNG) are left out.
    """
    checked = 0
    for seed in range(80):
        state = make().new(seed=seed)
        if len(events(state, "cut")) > 1:
            continue
        rng = parlour.engine.Rng(seed)
        rng.shuffle(list(BISHOPS_WHIST.cards))  # the cut for deal
        pack = list(BISHOPS_WHIST.cards)
        rng.shuffle(pack)
        lifted = 5 + rng.randrange(52 - 9)
        [turn] = events(state, "turn_up")
        assert turn.data["cut"] == lifted and turn.data["card"] == pack[lifted]
        if state.view(None).extra.phase == "trump":
            state.apply("trump H")
        dealer = dealer_of(state.view(None))
        rest = pack[lifted + 1 :] + pack[:lifted]  # the lifted packet goes underneath
        expected: list[list[str]] = [[], [], [], []]
        for i, card in enumerate(rest):
            expected[(dealer + 1 + i) % 4].append(card)  # the first card to the dealer's left
        assert (dealer + len(rest)) % 4 == (dealer + 3) % 4  # the last to his right
        expected[dealer].append(pack[lifted])
        for seat in range(4):
            assert sorted(hand(state, seat)) == sorted(expected[seat])
        checked += 1
    assert checked >= 40


def test_the_deal_passes_to_the_left() -> None:
    state, script = balanced_state(1, DANA_SUITS, DANA_SEATS)
    play_script(state, script)
    assert dealer_of(state.view(None)) == 2 and state.view(None).hand_number == 2
    if state.view(None).extra.phase == "trump":
        state.apply("trump C")
    assert state.current_player == 3
    # and on, around the table, with seeded hands
    dealers = [2]
    rng = parlour.engine.Rng(5)
    while len(dealers) < 5 and not state.is_over:
        hand_number = state.view(None).hand_number
        state.apply(rng.choice(state.legal_actions()))
        if state.view(None).hand_number != hand_number:
            dealers.append(dealer_of(state.view(None)))
    assert len(dealers) >= 3 and dealers == [2, 3, 0, 1, 2][: len(dealers)]


def test_under_cut_partners_the_deal_goes_round_the_table_order() -> None:
    state = make(partners="cut").new(seed=8)
    order = state.view(None).extra.order
    rng = parlour.engine.Rng(1)
    dealers = [dealer_of(state.view(None))]
    while len(dealers) < 3 and not state.is_over:
        n = state.view(None).hand_number
        state.apply(rng.choice(state.legal_actions()))
        if state.view(None).hand_number != n:
            dealers.append(dealer_of(state.view(None)))
    for a, b in itertools.pairwise(dealers):
        assert order[(order.index(a) + 1) % 4] == b


# --- scoring -------------------------------------------------------------------------------------


def test_a_hand_scores_tricks_over_six_and_two_a_bishop() -> None:
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS)
    play_script(state, script)
    end = hand_end(state)
    assert end["tricks"] == [6, 7] and end["bishops"] == [1, 3]
    assert end["points"] == [2, 7, 2, 7]
    assert state.scores == [2, 7, 2, 7] and score_sum(state) == state.scores
    reasons = Counter((e.data["seat"], e.data["reason"], e.data["points"]) for e in events(state, "score"))
    assert reasons[(1, "tricks over six", 1)] == 1 and reasons[(1, "bishops taken", 6)] == 1
    assert reasons[(0, "bishops taken", 2)] == 1
    assert not any(r[1] == "tricks over six" and r[0] % 2 == 0 for r in reasons)


@settings(max_examples=40, deadline=None)
@given(
    dealer=st.integers(0, 3),
    suits=st.permutations(list("SSSHHHDDDCCC")),
    seats=st.lists(st.integers(0, 3), min_size=12, max_size=12),
)
def test_hand_points_follow_the_laws_for_any_run_of_tricks(
    dealer: int, suits: list[str], seats: list[int]
) -> None:
    suit_text = "".join(suits)
    state, script = balanced_state(dealer, suit_text, seats)
    play_script(state, script)
    expected = balanced_points(dealer, suit_text, seats)
    end = hand_end(state)
    assert end["points"] == [expected[s % 2] for s in range(4)]
    assert sum(end["tricks"]) == 13 and sum(end["bishops"]) == 4
    assert state.scores == [expected[s % 2] for s in range(4)] == score_sum(state)


def test_sixteen_points_is_the_most_a_hand_can_make() -> None:
    # The dealer (seat 3) turns the bishop of clubs, trumps every trick and ends with its knight.
    script = [
        (0, "2S 2H 2D BC"),
        *[(3, f"{r}C {s}S {s}H {s}D") for r, s in zip("2345678", "3456789", strict=True)],
        (3, "9C BS BH BD"),
        (3, "QC N N N"),  # knights on a trump lead count nothing
        (3, "KC QS QH QD"),
        (3, "CC KS KH KD"),
        (3, "N CS CH CD"),  # the only knight of the thirteenth trick
    ]
    hands = hands_of_script(script)
    assert all(len(h) == 13 for h in hands)
    state = scripted(script, "BC")
    assert state.scores == [0, 1, 0, 1]
    play_script(state, script)
    assert winners(state) == [3] * 13
    assert hand_end(state)["points"] == [0, 16, 0, 16]
    assert state.scores == [0, 16, 0, 16]


def test_a_bishop_counts_for_the_side_whose_tricks_hold_it_not_for_its_holder() -> None:
    seats = [1, 3, 1, 3, 0, 0, 0, 0, 2, 2, 2, 2]  # seats 1 and 3 win the first round of every suit
    state, script = balanced_state(3, "SHDCSHDCSHDC", seats)
    assert "BH" in hand(state, 0)  # dealt to seat 0...
    play_script(state, script)
    assert hand_end(state)["bishops"] == [0, 4]  # ...but captured by seats 1 and 3


# --- the end of the match ------------------------------------------------------------------------


def test_danas_example_the_higher_side_wins_when_both_pass_25() -> None:
    """A C at 24, B D at 22; a hand is played out: A C 26, B D 29 — B D win."""
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS)
    state = edit(state, match=[24, 22])
    play_script(state, script[:12])
    assert not state.is_over
    play_script(state, script[12:])
    assert state.scores == [26, 29, 26, 29]
    assert state.is_over and state.winners == [1, 3]
    [end] = events(state, "match_end")
    assert end.data["winner_side"] == 1


def test_the_game_is_not_won_before_the_hand_is_played_out() -> None:
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS)
    state = edit(state, match=[30, 0])  # already past 25 (as after a bishop cut at 24)
    play_script(state, script[:6])
    assert not state.is_over and state.current_player is not None
    play_script(state, script[6:])
    assert state.is_over and state.winners == [0, 2] and state.scores[0] == 32


def test_a_side_at_25_after_a_hand_wins() -> None:
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS)
    state = edit(state, match=[0, 18])
    play_script(state, script)
    assert state.scores == [2, 25, 2, 25] and state.winners == [1, 3]
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS)
    state = edit(state, match=[0, 17])
    number = state.view(None).hand_number or 0
    play_script(state, script)
    assert not state.is_over and state.view(None).hand_number == number + 1 and state.scores[1] == 24


@pytest.mark.parametrize("tie", ["play-on", "draw"])
def test_equal_scores_of_25_or_more(tie: str) -> None:
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS, tie=tie)
    state = edit(state, match=[27, 22])
    number = state.view(None).hand_number or 0
    play_script(state, script)
    assert state.scores == [29, 29, 29, 29]
    if tie == "draw":
        assert state.is_over and state.winners == []
        assert events(state, "match_end")[0].data["winner_side"] is None
    else:
        assert not state.is_over and state.view(None).hand_number == number + 1


# --- table laws ------------------------------------------------------------------------------------


def revoke_state(**options: Any) -> State:
    """Seat 0 leads the 9 of hearts; seat 1 holds the 2 of hearts and a spade."""
    deal = deal_of(3, "2C", {0: "9H 8H", 1: "2H 3S KS", 2: "4H", 3: "5H"})
    return new(deal, laws="table", **options)


def test_under_strict_laws_a_revoke_is_refused() -> None:
    deal = deal_of(3, "2C", {0: "9H 8H", 1: "2H 3S KS", 2: "4H", 3: "5H"})
    state = new(deal)
    play(state, "9H")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply("play 3S")
    assert state.to_json() == before


def test_under_table_laws_a_revoke_is_accepted_as_play_and_kept_secret() -> None:
    state = revoke_state()
    play(state, "9H")
    assert {"2H", "3S", "KS"} <= legal_cards(state)
    play(state, "3S")
    assert state.current_player == 2
    for seat in (None, 0, 1, 2, 3):
        v = state.view(seat).to_dict()
        # Only the revoker knows (ruling BW-24: he may correct it before the trick is gathered).
        assert v["extra"].pop("own_revokes") == ([1] if seat == 1 else [])
        assert "revoke" not in json.dumps(v).lower()
    assert not any("revoke" in e.kind for e in state.events(0))


def _following_play_out(state: State) -> None:
    """Play on keeping every law: the first card of the hand that follows suit (``oracle_legal``)."""
    stand(state)
    while state.view(None).extra.phase == "play":
        v = state.view(state.current_player)
        assert v.trick is not None
        lawful = oracle_legal(v.hand, v.trick.plays)
        play(state, next(c for c in v.hand if c in lawful))


def test_claims_come_from_one_player_of_each_side_starting_at_the_dealers_left() -> None:
    state = revoke_state()
    _following_play_out(state)
    v = state.view(None)
    assert v.extra.phase == "claim" and state.current_player == 0
    assert sorted(state.legal_actions()) == ["claim", "pass"]
    with pytest.raises(IllegalAction, match="claim"):
        state.apply("play 2H")
    state.apply("pass")
    assert state.current_player == 1
    state.apply("claim")  # nothing to find: no penalty
    assert not any(e.data["reason"] == "revoke" for e in events(state, "score"))
    assert len(events(state, "hand_end")) == 1


def test_a_claimed_revoke_costs_four_points_and_the_side_cannot_win_that_hand() -> None:
    state = revoke_state()
    play(state, "9H", "3S")  # seat 1 revokes
    _following_play_out(state)
    before = list(state.scores)
    state.apply("claim")  # seat 0 claims against seats 1 and 3
    found = events(state, "revokes_found")
    assert found and found[0].data["revokes"] == [[1, 1]]
    state.apply("pass")
    penalties = [e.data for e in events(state, "score") if e.data["reason"] == "revoke"]
    assert {p["seat"] for p in penalties} == {1, 3} and all(p["points"] == -4 for p in penalties)
    assert before == [0, 0, 0, 0] and score_sum(state) == state.scores


def test_every_revoke_is_punished_and_only_the_side_claimed_against() -> None:
    # Seat 1 revokes twice; both revokes are punished.
    deal = deal_of(3, "2C", {0: "9H 8H 2S 3D", 1: "2H 3H 3S 4S", 2: "4H 5H", 3: "6H 7H"}, closed={0: "H"})
    state = new(deal, laws="table")
    play(state, "9H", "3S", "4H", "6H")  # revoke 1 (seat 1)
    assert winners(state) == [0]
    play(state, "8H", "4S", "5H", "7H")  # revoke 2 (seat 1)
    assert winners(state) == [0, 0]
    _following_play_out(state)
    assert state.current_player == 0
    state.apply("claim")
    assert events(state, "revokes_found")[0].data["revokes"] == [[1, 1], [1, 2]]
    state.apply("pass")  # seat 1's side does not claim
    penalties = [e.data for e in events(state, "score") if e.data["reason"] == "revoke"]
    assert sorted((p["seat"], p["points"]) for p in penalties) == [(1, -4), (1, -4), (3, -4), (3, -4)]


def test_a_revoke_by_the_claimants_own_side_is_not_punished() -> None:
    deal = deal_of(3, "2C", {0: "9H 2S", 1: "2H 3S", 2: "4H 5H 4S", 3: "6H"}, closed={0: "H"})
    state = new(deal, laws="table")
    play(state, "9H", "2H", "4S", "6H")  # seat 2 revokes
    _following_play_out(state)
    state.apply("pass")  # seat 0 (seat 2's partner) does not claim
    state.apply("claim")  # seat 1 claims against seats 0 and 2
    assert events(state, "revokes_found")[0].data["revokes"] == [[2, 1]]
    penalties = [e.data for e in events(state, "score") if e.data["reason"] == "revoke"]
    assert sorted(p["seat"] for p in penalties) == [0, 2]


def test_an_unclaimed_revoke_goes_unpunished() -> None:
    state = revoke_state()
    play(state, "9H", "3S")
    _following_play_out(state)
    state.apply("pass")
    state.apply("pass")
    assert not any(e.data["reason"] == "revoke" for e in events(state, "score"))


def test_a_knights_revoke_is_no_revoke_under_table_laws() -> None:
    deal = deal_of(3, "2C", {0: "9H", 1: "BH N", 2: "4H", 3: "5H"}, closed={1: "H"})
    state = new(deal, laws="table")
    play(state, "9H", "N")
    _following_play_out(state)
    state.apply("claim")
    assert events(state, "revokes_found")[0].data["revokes"] == []


def test_a_knight_played_while_holding_other_cards_of_the_suit_is_a_revoke() -> None:
    deal = deal_of(3, "2C", {0: "9H", 1: "BH 3H N", 2: "4H", 3: "5H"}, closed={1: "H"})
    state = new(deal, laws="table")
    play(state, "9H", "N")
    _following_play_out(state)
    state.apply("claim")
    assert events(state, "revokes_found")[0].data["revokes"] == [[1, 1]]


def test_an_exposed_card_costs_two_points_and_goes_back_into_the_hand() -> None:
    state = revoke_state()
    assert "expose 9H" in state.legal_actions()
    state.apply("expose 8h")
    assert state.scores == [-2, 0, -2, 0] and score_sum(state) == state.scores
    assert "8H" in hand(state, 0) and state.current_player == 0
    for seat in (None, 1, 2, 3):
        v = state.view(seat)
        assert v.extra.exposed == (("8H",), (), (), ())
        zone = v.zone("hand", 0)
        assert zone is not None and zone.face_up == ["8H"]  # face up to all
    assert not any(a.startswith("expose") for a in state.legal_actions())  # once a trick
    with pytest.raises(IllegalAction, match="already exposed"):
        state.apply("expose 9H")
    play(state, "9H")
    state.apply("expose 3S")  # seat 1 may expose too
    play(state, "2H")
    assert state.scores == [-2, -2, -2, -2]
    # playing the exposed card takes it off the table's list
    play(state, "4H", "5H")
    assert state.current_player == 0
    play(state, "8H")
    assert "8H" not in state.view(1).extra.exposed[0]


def test_two_exposed_cards_cost_four_points() -> None:
    state = revoke_state()
    state.apply("expose 8H")
    play(state, "9H", "2H", "4H", "5H")
    assert state.current_player == 0
    before = state.to_json()
    with pytest.raises(IllegalAction, match="already exposed"):
        state.apply("expose 8H")  # it lies exposed already (ruling): it cannot be exposed again
    assert state.to_json() == before
    state.apply("expose QS")
    assert state.scores[0] == -4


def test_exposing_is_refused_under_strict_laws() -> None:
    state = new(deal_of(3, "2C", {0: "9H"}))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="table laws"):
        state.apply("expose 9H")
    assert state.to_json() == before


def revoking_hand(**options: Any) -> tuple[State, list[tuple[int, str]]]:
    """Dana's last hand (2 points to seats 0 and 2, 7 to seats 1 and 3) with a revoke by seat 1.

    In trick 12 (clubs, trumps) seat 1 throws its knight though it holds the 3 of clubs, and plays
    the 3 in the thirteenth trick: every trick still goes to the same side.
    """
    script, hands = balanced(3, DANA_SUITS, DANA_SEATS)
    leader, cards = script[11]
    assert leader == 3 and cards.split()[2] == "3C" and script[12] == (0, "N N N N")
    script[11] = (3, cards.replace("3C", "N"))
    script[12] = (0, "N 3C N N")
    turn_up = min((c for c in hands[3] if c[-1] == "C"), key=lambda c: VALUE[c[0]])
    return new({"dealer": 3, "turn_up": turn_up, "hands": hands}, laws="table", **options), script


@pytest.mark.parametrize(
    ("claim", "final", "winners_"), [(True, [25, 24], [0, 2]), (False, [25, 29], [1, 3])]
)
def test_a_revoking_side_cannot_win_the_game(claim: bool, final: list[int], winners_: list[int]) -> None:
    """23-22 before the hand; seats 1 and 3 make 7 but revoked: 29 - 4 = 25 stops at 24, and 25 wins."""
    state, script = revoking_hand()
    state = edit(state, match=[23, 22])
    play_script(state, script)
    assert winners(state) == [w for w in DANA_SEATS] + [3]
    assert state.current_player == 0
    state.apply("claim" if claim else "pass")
    state.apply("pass")
    assert [state.scores[0], state.scores[1]] == final
    assert state.is_over and state.winners == winners_


def test_a_revoking_side_is_capped_at_24() -> None:
    deal = deal_of(3, "2C", {0: "9H 2S", 1: "2H 3S", 2: "4H", 3: "6H"}, closed={0: "H"})
    state = new(deal, laws="table")
    play(state, "9H", "3S")  # seat 1 revokes
    _following_play_out(state)
    # Put seats 1 and 3 at 30 after coming from 20 in this hand, before the claims are answered.
    state = edit(state, match=[0, 30], hand_points=[0, 10])
    logged = score_sum(state)[1]
    state.apply("claim")
    state.apply("pass")
    assert state.scores[1] == 24 and state.scores[3] == 24
    assert not state.is_over
    assert any(e.data["reason"] == "a revoking side cannot win" for e in events(state, "score"))
    assert score_sum(state)[1] - logged == 24 - 30  # the events account for the whole change from 30


def test_a_revoking_side_already_past_25_keeps_its_score_before_the_hand() -> None:
    deal = deal_of(3, "2C", {0: "9H 2S", 1: "2H 3S", 2: "4H", 3: "6H"}, closed={0: "H"})
    state = new(deal, laws="table")
    play(state, "9H", "3S")  # seat 1 revokes
    _following_play_out(state)
    # After a tie played on at 26: seats 1 and 3 came from 26 to 30 in this hand.
    state = edit(state, match=[26, 30], hand_points=[0, 4])
    state.apply("claim")
    state.apply("pass")
    assert state.scores[1] == 26  # 30 - 4 for the revoke: not above its score before the hand


def test_misdeal_ii_dealing_before_naming_trumps_passes_the_deal() -> None:
    state = new(deal_of(2, "N", {2: "N"}), laws="table")
    assert "deal" in state.legal_actions()
    state.apply("deal")
    [misdeal] = events(state, "misdeal")
    assert misdeal.data["law"] == "II" and misdeal.data["dealer"] == 2
    assert dealer_of(state.view(None)) == 3 and state.view(None).hand_number == 2
    assert state.scores == [0, 0, 0, 0]
    strict = new(deal_of(2, "N", {2: "N"}))
    assert "deal" not in strict.legal_actions()


def test_misdeals_lose_the_deal_and_the_bishop_cut_point() -> None:
    game = make(laws="table", misdeal_chance=0.5)
    misdeals = bishop_misdeals = 0
    for seed in range(150):
        state = game.new(seed=seed)
        if state.view(None).extra.phase == "trump":
            state.apply("trump S")
        turn_up = None
        for e in state.log:
            if e.kind == "turn_up":
                turn_up = e.data
            elif e.kind == "misdeal":
                misdeals += 1
                assert turn_up is not None
                assert e.data["law"] in {"III", "IV", "V", "VI"}
                assert e.data["dealer"] == turn_up["dealer"]
                bishop_misdeals += turn_up["card"].startswith("B")
            elif e.kind == "score" and e.data["reason"].startswith("bishop cut"):
                assert turn_up is not None and turn_up["card"].startswith("B")
        # the cut point is scored only for the hand actually played
        dealer = dealer_of(state.view(None))
        last_turn = events(state, "turn_up")[-1].data
        assert last_turn["dealer"] == dealer
        cut_points = sum(
            e.data["points"] for e in events(state, "score") if e.data["reason"].startswith("bishop cut")
        )
        assert cut_points == (2 if last_turn["card"].startswith("B") else 0)  # one point, two seats
        # the deal passed left once per misdeal
        turns = events(state, "turn_up")
        for a, b in itertools.pairwise(turns):
            assert b.data["dealer"] == (a.data["dealer"] + 1) % 4
    assert misdeals > 50 and bishop_misdeals > 0


def test_no_misdeals_under_strict_laws_or_at_chance_zero() -> None:
    for options in ({"misdeal_chance": 0.5}, {"laws": "table"}):
        game = make(**options)
        for seed in range(30):
            assert not events(game.new(seed=seed), "misdeal")


# --- illegal and malformed actions -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("play 3H", "follow suit"),  # seat 1 holds hearts
        ("play N", "knight's revoke"),
        ("play CS", "do not hold"),
        ("play ZZ", "not a card"),
        ("play TH", "not a card"),
        ("play", "play <card>"),
        ("play 2H 3H", "play <card>"),
        ("", "play <card>"),
        ("fly 2H", "play <card>"),
        ("trump S", "play <card>"),
        ("claim", "play <card>"),
        ("expose 2H", "table laws"),
        ("deal", "play <card>"),
    ],
)
def test_illegal_and_malformed_actions_are_refused_with_a_reason(action: str, reason: str) -> None:
    deal = deal_of(3, "2C", {0: "9S", 1: "2H 2S BS N", 2: "CS"}, closed={1: "S"})
    state = new(deal)
    play(state, "9S")
    before = state.to_json()
    legal_before = state.legal_actions()
    with pytest.raises(IllegalAction, match=reason) as info:
        state.apply(action)
    assert info.value.reason
    assert state.to_json() == before and state.legal_actions() == legal_before


def test_an_action_must_be_text() -> None:
    state = new(deal_of(3, "2C", {}))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="text"):
        state.apply(5)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_wrong_trump_actions_are_refused() -> None:
    state = new(deal_of(2, "N", {2: "N"}))
    before = state.to_json()
    for action in ("trump X", "trump", "trump S H", "deal", "pass", "play N"):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.to_json() == before


def test_actions_after_the_match_are_refused() -> None:
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS)
    state = edit(state, match=[0, 40])
    play_script(state, script)
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply("play N")


def test_a_saved_state_goes_on_identically() -> None:
    state = make(laws="table", misdeal_chance=0.2).new(seed=3)
    rng = parlour.engine.Rng(3)
    for _ in range(70):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.game.load(state.to_json())
    clone = state.clone()
    for _ in range(150):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        for s in (state, copy, clone):
            s.apply(action)
    assert state.to_json() == copy.to_json() == clone.to_json()


@pytest.mark.parametrize("partners", ["fixed", "cut"])
def test_event_data_are_plain_json_values(partners: str) -> None:
    state = make(partners=partners).new(seed=5)
    for e in state.log:
        assert json.loads(json.dumps(dict(e.data))) == dict(e.data), e.kind
    loaded = state.game.load(state.to_json())
    assert loaded.log == state.log


# --- what each seat may know --------------------------------------------------------------------------


def test_a_view_shows_only_the_seats_own_hand() -> None:
    state = new(FOLLOW)
    for seat in range(4):
        v = state.view(seat)
        assert sorted(v.hand) == sorted(FOLLOW["hands"][seat])
        data = v.to_dict()
        del data["legal_actions"]
        data["zones"] = [z for z in data["zones"] if (z["kind"], z["owner"]) != ("hand", seat)]
        text = json.dumps(data)
        for other in range(4):
            if other != seat:
                hidden = set(FOLLOW["hands"][other]) - set(FOLLOW["hands"][seat]) - {"2C"}  # 2C: the turn-up
                assert not any(f'"{c}"' in text for c in hidden)
    spectator = state.view(None)
    assert spectator.hand == []
    # every hand face down to a spectator, but for the turn-up the dealer (seat 3) is known to hold
    assert [z.face_up for z in spectator.zones_of("hand")] == [[], [], [], ["2C"]]
    assert [z.size for z in spectator.zones_of("hand")] == [13] * 4


def test_determinize_respects_the_knights_revoke_and_the_turn_up() -> None:
    """After seat 2's knight on a heart lead, it may hold the bishop of hearts and no other heart."""
    state = new(FOLLOW)
    play(state, "9H", "2H", "N", "5S")
    view = state.view(0)
    game = state.game
    rng = parlour.engine.Rng(99)
    for _ in range(25):
        world = game.determinize(view, rng)
        hands = [world.view(s).hand for s in range(4)]
        assert sorted(hands[0]) == sorted(view.hand)
        assert {c for c in hands[2] if c.endswith("H")} <= {"BH"}
        assert all("H" not in c for c in hands[3])  # seat 3 showed out of hearts
        assert "2C" in hands[3]  # the dealer still holds the turn-up
        assert world.inventory() == BISHOPS_WHIST.counts()
        assert world.view(0) == view


# --- the laws against an independent reading, over random play ------------------------------------------


def oracle_winner(cards: Sequence[Sequence[Any]], trump: str, last: bool, irregular: str) -> int:
    """Who takes a trick, by the laws as read in docs/rulings (default void_knight="ten")."""
    knights = [s for s, c in cards if c == "N"]
    if last and knights:
        return int(knights[-1])
    trumps = [(VALUE[c[0]], s) for s, c in cards if c != "N" and c[-1] == trump]
    if trumps:
        return int(max(trumps)[1])
    lead_seat, lead = cards[0]
    if lead == "N":
        suited = [(s, c) for s, c in cards if c != "N"]
        if irregular == "leader" or not suited:
            return int(lead_seat)
        first = suited[0][1][-1]
        return int(max((VALUE[c[0]], s) for s, c in suited if c[-1] == first)[1])
    best, best_value = lead_seat, float(VALUE[lead[0]])
    for s, c in cards[1:]:
        # VALUE: bishop 11, nine 10; a knight ranks as a ten between them; a later equal ten takes it
        value = 10.5 if c == "N" else (VALUE[c[0]] if c[-1] == lead[-1] else -1)
        if value > best_value or (c == "N" and value == best_value):
            best, best_value = s, value
    return int(best)


def oracle_legal(hand_cards: Sequence[str], trick: Sequence[Play]) -> set[str]:
    cards = set(hand_cards)
    if not trick or trick[0].card == "N":
        return cards
    led = trick[0].card[-1]
    suited = {c for c in cards if c != "N" and c[-1] == led}
    if not suited:
        return cards
    if suited == {"B" + led} and "N" in cards:
        return suited | {"N"}
    return suited


@pytest.mark.parametrize("irregular", ["first-suit", "leader"])
def test_random_play_agrees_with_an_independent_reading_of_the_laws(irregular: str) -> None:
    game = make(irregular_trick=irregular, hand_limit=3)
    hands_checked = 0
    for seed in range(12):
        state = game.new(seed=seed)
        rng = parlour.engine.Rng(seed)
        trump: str | None = None
        while not state.is_over:
            v = state.view(state.current_player)
            if v.extra.phase == "play":
                trump = v.trump
                assert v.trick is not None
                assert legal_cards(state) == oracle_legal(v.hand, v.trick.plays)
            n_tricks = len(events(state, "trick"))
            n_hands = len(events(state, "hand_end"))
            state.apply(rng.choice(state.legal_actions()))
            new_tricks = events(state, "trick")[n_tricks:]
            for t in new_tricks:
                assert trump is not None
                expect = oracle_winner(t.data["cards"], trump, t.data["number"] == 13, irregular)
                assert t.data["winner"] == expect, t.data
            for end in events(state, "hand_end")[n_hands:]:
                hand_tricks = [dict(e.data) for e in events(state, "trick")][-13:]
                sides = [0, 0]
                bishops = [0, 0]
                for quitted in hand_tricks:
                    side = state.view(None).teams[1].count(quitted["winner"])  # 1 if seats 1/3 took it
                    sides[side] += 1
                    bishops[side] += sum(1 for _, c in quitted["cards"] if c != "N" and c[0] == "B")
                turn = events(state, "turn_up")[-2 if not state.is_over else -1].data
                cut = [0, 0]
                if turn["card"].startswith("B"):
                    cut[turn["dealer"] % 2] = 1
                expected = [max(0, sides[i] - 6) + 2 * bishops[i] + cut[i] for i in (0, 1)]
                assert end.data["points"] == [expected[s % 2] for s in range(4)]
                hands_checked += 1
        assert score_sum(state) == state.scores
    assert hands_checked >= 20


def test_table_laws_in_random_play_find_exactly_the_revokes_made() -> None:
    game = make(laws="table", hand_limit=2)
    claims = found_any = corrections = 0
    for seed in range(10):
        state = game.new(seed=seed)
        rng = parlour.engine.Rng(seed)
        made: list[list[int]] = []
        exposes = [0, 0]
        penalties = [0, 0]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            v = state.view(seat)
            action = rng.choice(state.legal_actions())
            playing = v.trick is not None and v.extra.phase == "play"
            legal_now = oracle_legal(v.hand, v.trick.plays) if v.trick is not None and playing else set()
            if action.startswith("play ") and action.split()[1] not in legal_now:
                made.append([seat, len(quitted_tricks(v)) + 1])
            if action.startswith("expose"):
                exposes[seat % 2] += 1
            if action.startswith("correct"):
                # Ruling BW-24: the revoke is taken back (its card exposed), later players withdraw theirs.
                exposes[seat % 2] += 1
                number = len(quitted_tricks(v)) + 1
                assert v.trick is not None
                seats = [p.seat for p in v.trick.plays]
                undone = seats[seats.index(seat) :]
                assert [seat, number] in made
                made = [r for r in made if not (r[1] == number and r[0] in undone)]
                corrections += 1
            n_hands = len(events(state, "hand_end"))
            n_found = len(events(state, "revokes_found"))
            state.apply(action)
            if action == "claim":
                claims += 1
                found = events(state, "revokes_found")[n_found].data["revokes"]
                assert found == [r for r in made if r[0] % 2 != seat % 2]
                found_any += bool(found)
                penalties[1 - seat % 2] += 4 * len(found)
            if len(events(state, "hand_end")) > n_hands:
                made = []
        lost = [0, 0]
        for e in events(state, "score"):
            if e.data["seat"] in (0, 1) and e.data["reason"] == "exposed card":
                lost[e.data["seat"]] += 2
            if e.data["seat"] in (0, 1) and e.data["reason"] == "revoke":
                penalties[e.data["seat"]] -= 4
        assert lost == [2 * exposes[0], 2 * exposes[1]]
        assert penalties == [0, 0]
        assert score_sum(state) == state.scores
    assert claims and found_any and corrections


def test_an_explicit_deal_keeps_the_fixed_partnerships_even_under_cut_partners() -> None:
    state = new(FOLLOW, partners="cut")
    assert state.view(None).teams == ((0, 2), (1, 3)) and state.view(None).extra.order == [0, 1, 2, 3]
    assert not events(state, "cut") and state.current_player == 0


@pytest.mark.parametrize(("start", "winners_"), [([0, 0], [1, 3]), ([5, 0], [])])
def test_the_hand_limit_ends_the_match_with_the_higher_side_winning(
    start: list[int], winners_: list[int]
) -> None:
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS, hand_limit=1)
    state = edit(state, match=start)
    play_script(state, script)
    assert state.is_over and state.winners == winners_  # 2-7, or 7-7: drawn
    assert "limit" in events(state, "match_end")[0].data["text"]


@pytest.mark.parametrize(
    "options",
    [
        {"laws": "table", "partners": "cut", "misdeal_chance": 0.3, "hand_limit": 2},
        {"void_knight": "revoke-only", "irregular_trick": "leader", "tie": "draw", "hand_limit": 2},
        {"partners": "cut", "laws": "table", "hand_limit": 1},
        {"partners": "cut", "hand_limit": 2},
    ],
)
def test_the_conformance_suite_holds_under_other_options(options: dict[str, Any]) -> None:
    """tests/test_conformance.py runs the default options only; views, determinize, saves and the
    inventory must hold under every law and variant too."""
    from tests.conformance import check_match

    game = make(**options)
    for seed in (1, 2):
        state = check_match(game, ["random"] * 4, seed, every=4)
        assert state.is_over


def test_a_card_exposed_twice_then_played_is_no_longer_shown_as_exposed() -> None:
    state = revoke_state()
    state.apply("expose 8H")
    play(state, "9H", "2H", "4H", "5H")
    assert state.current_player == 0
    if "expose 8H" in state.legal_actions():
        state.apply("expose 8H")  # a second exposure of the same card: another 2 points
        assert state.scores[0] == -4
    view = state.view(1)
    world = state.game.determinize(view, parlour.engine.Rng(1))
    assert world.view(1) == view
    play(state, "8H")
    assert "8H" not in state.view(1).extra.exposed[0]
    state.game.determinize(state.view(1), parlour.engine.Rng(2))


def clear_lists(value: Any) -> None:
    """Empty every list inside a view (its zones, tricks, extras...), the nested ones first."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            clear_lists(getattr(value, f.name))
    elif isinstance(value, list):
        for item in value:
            clear_lists(item)
        value.clear()


def test_changing_a_view_changes_neither_the_state_nor_the_next_views() -> None:
    """A view's lists are its own; what views share (the seats, the teams, the tricks won, the last
    trick, the score sheet, the extra record's tuples) is immutable, so emptying every list of one view
    leaves the next view whole."""
    state = new(FOLLOW)
    play(state, "9H", "2H", "N", "5S", "9S")
    before = state.to_json()
    for seat in (None, 0, 1, 2, 3):
        v = state.view(seat)
        whole = v.to_dict()
        assert v.last_trick is not None and v.last_trick.plays and v.trick is not None and v.trick.plays
        clear_lists(v)
        assert v.zones == [] and v.extra.hand_points == [] and v.seats == []
        with pytest.raises(dataclasses.FrozenInstanceError):
            v.last_trick.winner = 3  # type: ignore[misc]
        assert state.view(seat).to_dict() == whole
    assert state.to_json() == before


def test_a_limit_of_one_hand_is_said_in_the_singular() -> None:
    """Not '1 hands' in the outcome and the log (ruling BW-20; QA); nor 'the agreed limit of 1 hand', which
    counted a match's only hand (words-11): 'the one hand agreed'. The logged text stays as it was."""
    game = parlour.make("bishops-whist", hand_limit=1)
    state, rng = game.new(seed=1), random.Random(1)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    outcome = state.view(None).outcome
    assert outcome is not None and outcome.reason.startswith("the one hand agreed is played: ")
    ends = [e for e in state.log if e.kind == "match_end"]
    assert [e.data["text"] for e in ends] == [
        "game over (the agreed limit of 1 hand): seats 0 and 2 win, 11-0"
    ]
    assert [state.event_words(e) for e in ends] == [
        "game over (the one hand agreed): seat 0 & seat 2 win, 11 to 0"
    ]
