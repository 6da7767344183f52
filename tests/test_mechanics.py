"""The shared mechanics: following suit, trick winners, and the exact sampler of unseen cards."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import Rng
from parlour.mechanics import NoDeal, deal_unseen, follow_suit, trick_winner

RANK = {r: i for i, r in enumerate("23456789TJQKA")}


def suit(card: str) -> str | None:
    return None if card == "N" else card[-1]


def rank(card: str) -> float:
    return RANK[card[0]]


def test_follow_suit() -> None:
    hand = ["AS", "3S", "KH", "N"]
    assert follow_suit(hand, "S", suit) == ["AS", "3S"]
    assert follow_suit(hand, "D", suit) == hand  # void: anything
    assert follow_suit(hand, None, suit) == hand


def test_trick_winner_by_trump_then_suit_led() -> None:
    assert trick_winner([(0, "5H"), (1, "AH"), (2, "2S"), (3, "KH")], suit, rank, trump="S") == 2
    assert trick_winner([(0, "5H"), (1, "AD"), (2, "2C"), (3, "KH")], suit, rank, trump="S") == 3
    assert trick_winner([(0, "N"), (1, "4D"), (2, "9D")], suit, rank) == 2  # the first suited card leads
    assert trick_winner([(0, "7H"), (1, "7H")], suit, rank) == 0
    assert trick_winner([(0, "7H"), (1, "7H")], suit, rank, ties="last") == 1
    with pytest.raises(ValueError):
        trick_winner([(0, "N"), (1, "N")], suit, rank)


def test_the_sampler_is_uniform_over_the_deals_that_keep_every_void() -> None:
    """Three cards, two places of room 2 and 1; place 1 holds no spade. The deals that fit: place 1
    takes one of the two hearts — each of those two deals equally often."""
    unseen = ["AS", "2H", "3H"]
    rng = Rng(5)
    counts: Counter[tuple[tuple[str, ...], ...]] = Counter()
    for _ in range(4000):
        a, b = deal_unseen(unseen, [2, 1], lambda p, c: not (p == 1 and suit(c) == "S"), rng)
        assert "AS" in a and len(a) == 2 and b and suit(b[0]) == "H"
        counts[(tuple(sorted(a)), tuple(b))] += 1
    assert len(counts) == 2
    assert all(1850 < n < 2150 for n in counts.values()), counts


def test_the_sampler_weighs_deals_by_their_number_not_their_shape() -> None:
    """Four distinct cards into rooms 2 and 2, no constraint: each of the 6 ways is equally likely,
    where a sampler that picks a split first would not care how many deals each split holds."""
    unseen = ["AS", "KS", "QS", "2H"]
    rng = Rng(9)
    counts: Counter[tuple[str, ...]] = Counter()
    for _ in range(6000):
        a, _ = deal_unseen(unseen, [2, 2], lambda p, c: True, rng)
        counts[tuple(sorted(a))] += 1
    assert len(counts) == 6 and all(850 < n < 1150 for n in counts.values()), counts


def test_no_deal_is_said_not_hidden() -> None:
    with pytest.raises(NoDeal):
        deal_unseen(["AS", "KS"], [1, 1], lambda p, c: p == 0, Rng(1))  # nobody else may hold a spade
    with pytest.raises(NoDeal):
        deal_unseen(["AS"], [2], lambda p, c: True, Rng(1))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(["AS", "KS", "2H", "3H", "4D", "5C", "N"]), min_size=0, max_size=9),
    st.lists(st.frozensets(st.sampled_from("SHDC"), max_size=3), min_size=1, max_size=4),
    st.integers(0, 2**32),
)
def test_the_sampler_keeps_every_constraint_or_says_none_fits(
    cards: list[str], voids: list[frozenset[str]], seed: int
) -> None:
    rng = Rng(seed)
    places = len(voids)
    room = [len(cards) // places] * places
    room[0] += len(cards) - sum(room)

    def may_hold(p: int, c: str) -> bool:
        return suit(c) not in voids[p]

    possible = (
        any(
            all(may_hold(p, c) for p, part in enumerate(_cut(order, room)) for c in part)
            for order in set(permutations(cards))
        )
        if len(cards) <= 7
        else None
    )
    try:
        dealt = deal_unseen(cards, room, may_hold, rng)
    except NoDeal:
        assert possible is not True
        return
    assert possible is not False
    assert Counter(c for part in dealt for c in part) == Counter(cards)
    assert [len(part) for part in dealt] == room
    assert all(may_hold(p, c) for p, part in enumerate(dealt) for c in part)


def _cut(order: tuple[str, ...], room: list[int]) -> list[tuple[str, ...]]:
    out, at = [], 0
    for r in room:
        out.append(order[at : at + r])
        at += r
    return out
