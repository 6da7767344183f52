"""A match's log entries (``Event``) and the record's marker (``RECORD``).

Kept apart from ``parlour.engine.game`` so that the compiled build (mypyc) can compile the engine's
``State`` there: an ``Event`` is a named tuple, which a compiled module cannot subclass. ``game``
re-exports both names, so imports from either module keep working.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

RECORD = -1
"""``Event.to`` of the match's own record (each action taken, each live draw): seen by no seat.

The record is what replays a match (``Game.replay``); it stays in the save, which is the owner's,
and never reaches a view or ``events(seat)``.
"""


class _EventFields(NamedTuple):
    kind: str
    data: Mapping[str, Any]
    to: int | None


class Event(_EventFields):
    """One entry of a match's log.

    ``to`` is ``None`` for an event every seat (and a spectator) sees, the
    seat that alone may see it (a card dealt to that seat, say), or ``RECORD``
    for the match's record (``action`` and ``chance``), which no seat sees. By convention
    games log ``score`` events (``{"seat": s, "points": p, "reason": ...}``)
    whose points add up to ``State.scores``, and one ``hand_end`` event per hand
    (``{"points": [per seat]}``, the sum of the hand's score events) that simulations read.

    Logged events are never changed again, so clones share them: an event is an immutable
    record (a named tuple: cheap to make, every action logs two or three) and its ``data`` a
    read-only view of the dict it is given, which the caller hands over and never touches again.
    """

    __slots__ = ()

    def __new__(cls, kind: str, data: Mapping[str, Any] | None = None, to: int | None = None) -> Event:
        if type(data) is not MappingProxyType:
            data = MappingProxyType({} if data is None else data if type(data) is dict else dict(data))
        return _new_tuple(cls, (kind, data, to))

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (self.to == seat and seat != RECORD)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.to is not None:
            out["to"] = self.to
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        return cls(data["kind"], data.get("data", {}), data.get("to"))


_new_tuple = tuple.__new__


def retold(told: Event | None, event: Event) -> bool:
    """Whether ``event``, for everyone, only counts the cards that ``told``, the line before it for
    one seat alone, has just shown that seat: Roquet says "seat 0 draws T♦" to the drawer and "seat 0
    draws 1 card" to all, and the drawer's log read the draw twice. Every front end keeps such a line
    (a log's lines match its events) but does not show it; the rule reads only the events' data, so it
    holds for any game that logs a private draw with ``cards`` and a public one with ``count``."""
    if told is None or event.to is not None or told.to is None or told.to == RECORD:
        return False
    cards = told.data.get("cards")
    return (
        told.data.get("seat") == told.to == event.data.get("seat")
        and isinstance(cards, Sequence)
        and not isinstance(cards, str)
        and event.data.get("count") == len(cards)
    )


def retold_lines(events: Sequence[Event]) -> list[bool]:
    """``retold`` for each of ``events`` with a text (the lines of a log), in order: the line before
    is the last line with a text, as a person reads the log."""
    out: list[bool] = []
    before: Event | None = None
    for event in events:
        if not event.data.get("text"):
            continue
        out.append(retold(before, event))
        before = event
    return out
