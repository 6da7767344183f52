"""What the seed audits share: a refusal that must leave the state as it was, and reading the table."""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from parlour.engine import IllegalAction, State


def refused(
    state: State, action: str, kind: type[IllegalAction] = IllegalAction, seat: int | None = None
) -> str:
    """``action`` is refused with ``kind`` and the state is unchanged; the reason, for more checks."""
    before = state.to_json()
    with pytest.raises(kind) as info:
        state.apply(action, seat=seat)
    assert state.to_json() == before
    assert info.value.reason
    return info.value.reason


def play(state: State, *actions: str) -> None:
    for a in actions:
        state.apply(a)


def chips(state: State) -> list[int]:
    """Each seat's chips in hand (the bank and the bets on the table not counted)."""
    view = state.view(None)
    assert view.chips is not None
    return list(view.chips)


def phase(state: State) -> str:
    return str(state.view(None).extra.phase)


def bank(state: State) -> int:
    """Lansquenet's bank, as every seat sees it."""
    return int(state.view(None).extra.bank)


def banker(state: State) -> int:
    """Lansquenet's banker, or the seat selling the bank while it is for sale (ruling LQ-14)."""
    return next(s.seat for s in state.view(None).seats if {"banker", "seller"} & set(s.roles))


def strings_in(data: object) -> set[str]:
    """Every string value held anywhere in an event's data (lists and mappings walked), its ``text``
    left out: what a program reading the event learns, to check that no hidden card is named there."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, Mapping):
        return set().union(*(strings_in(v) for k, v in data.items() if k != "text"))
    if isinstance(data, list | tuple):
        return set().union(*(strings_in(v) for v in data))
    return set()


def words_in(text: str) -> set[str]:
    """The words of a log line, punctuation dropped ("K♦ K♣, taking" gives K♦, K♣ and taking)."""
    return set(re.split(r"[\s,;:()]+", text)) - {""}
