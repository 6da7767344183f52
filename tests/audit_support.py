"""What the seed audits share: a refusal that must leave the state as it was, and reading the table."""

from __future__ import annotations

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
    return next(s.seat for s in state.view(None).seats if "banker" in s.roles)
