"""A match's log entries (``Event``) and the record's marker (``RECORD``).

Kept apart from ``parlour.engine.game`` so that the compiled build (mypyc) can compile the engine's
``State`` there: an ``Event`` is a named tuple, which a compiled module cannot subclass. ``game``
re-exports both names, so imports from either module keep working.
"""

from __future__ import annotations

from collections.abc import Mapping
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
