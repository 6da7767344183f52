"""Roquet's combinations found on bit masks (``find_combinations``) against a plain search of every
subset, whatever the longest sequence allowed and when a table card is also in the hand."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import ROQUET_60, SUITS
from parlour.games.roquet.rules import (
    MIN_SEQUENCE,
    RANKS,
    classify,
    find_combinations,
)


def _by_brute_force(hand: list[str], table: list[str], max_sequence: int) -> list[tuple[str, ...]]:
    """Every subset that ``classify`` calls a combination, at most one card from the table only, sorted
    by size and then card by card (suits S H D C, each from the ace up)."""
    lent = set(table) - set(hand)
    cards = sorted(set(hand) | lent)
    found = set()
    for size in range(2, max(4, max_sequence) + 1):
        for combo in combinations(cards, size):
            if sum(c in lent for c in combo) <= 1 and classify(combo, max_sequence) is not None:
                found.add(tuple(sorted(combo, key=_key)))
    return sorted(found, key=lambda m: (len(m), [_key(c) for c in m]))


def _key(card: str) -> tuple[int, int]:
    return SUITS.index(card[-1]), RANKS.index(card[:-1])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(ROQUET_60.cards), min_size=0, max_size=12, unique=True),
    st.lists(st.sampled_from(ROQUET_60.cards), min_size=0, max_size=5, unique=True),
    st.integers(MIN_SEQUENCE, 7),
)
def test_the_combinations_are_every_one_and_in_order(hand: list[str], table: list[str], longest: int) -> None:
    assert find_combinations(hand, table, longest) == _by_brute_force(hand, table, longest)


def test_a_long_run_of_one_suit_gives_every_sequence_up_to_the_longest() -> None:
    hand = [r + "H" for r in RANKS[:7]]  # ace to seven of hearts
    found = find_combinations(hand, [], 5)
    runs = [m for m in found if len(m) >= MIN_SEQUENCE]
    assert len(runs) == 5 + 4 + 3  # runs of three, four and five
    assert runs[0] == ("AH", "2H", "3H") and runs[-1] == ("3H", "4H", "5H", "6H", "7H")


def test_two_table_cards_never_go_into_one_combination() -> None:
    found = find_combinations(["KS"], ["KH", "KD"], 5)
    assert found == [("KS", "KH"), ("KS", "KD")]
