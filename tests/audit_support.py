"""What the seed audits share: a refusal that must leave the state as it was."""

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
