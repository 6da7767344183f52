"""Score events, written one way for every game (simulations and the conformance suite read them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.engine import Event


def score_event(seat: int, points: float, reason: str, text: str = "", **more: Any) -> Event:
    """A public ``score`` event: ``points`` to ``seat`` for ``reason``. The ``score`` events of a match
    add up, per seat, to ``State.scores`` (the engine checks it)."""
    data: dict[str, Any] = {"seat": seat, "points": points, "reason": reason, **more}
    if text:
        data["text"] = text
    return Event("score", data)


def hand_end_event(points: Sequence[float], text: str = "", **more: Any) -> Event:
    """The public ``hand_end`` event of a hand: each seat's points in it (simulations read them)."""
    data: dict[str, Any] = {"points": list(points), **more}
    if text:
        data["text"] = text
    return Event("hand_end", data)
