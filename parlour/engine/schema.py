"""The published JSON Schemas of views and events, generated from their types.

``parlour schema --write docs/schema`` writes one ``view.<game>.json`` per installed game (the shared
``View`` with that game's typed ``extra``) and ``event.json``; the tests check that the files in
``docs/schema`` are what the types say, and that every view and event of played matches fits them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import TypeAdapter

from parlour.engine.game import Game
from parlour.engine.views import View

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def view_schema(game: type[Game[Any]]) -> dict[str, Any]:
    """The JSON Schema of ``game``'s views (``View.to_dict()``)."""
    schema = TypeAdapter(View[game.view_extra]).json_schema()  # type: ignore[name-defined]
    schema["title"] = f"{game.title}: a view"
    schema["description"] = (
        f"What one seat (or a spectator, seat null) may know of a {game.title} match, as parlour sends it. "
        "A card is its code (docs/cards.md) or null where it lies face down."
    )
    return {"$schema": DIALECT, **schema}


@dataclass
class ScoreData:
    """``score``: points to one seat for one reason (they add up to the match's scores)."""

    seat: int
    points: float
    reason: str
    text: str = ""


@dataclass
class HandEndData:
    """``hand_end``: each seat's points in the hand just over."""

    points: list[float]
    text: str = ""


@dataclass
class ActionData:
    """``action`` (the record, seen by no seat): the action taken and by whom."""

    seat: int
    action: str


@dataclass
class ChanceData:
    """``chance`` (the record of a live match, seen by no seat): one draw of the operating system's
    random source: a shuffle's order, or a number drawn (``randrange``/``random`` with ``drawn``)."""

    shuffle: list[int] = field(default_factory=list)
    randrange: int | None = None
    random: int | None = None
    drawn: float | None = None


@dataclass
class ScoreEvent:
    kind: Literal["score"]
    data: ScoreData
    to: None = None


@dataclass
class HandEndEvent:
    kind: Literal["hand_end"]
    data: HandEndData
    to: None = None


@dataclass
class ActionEvent:
    kind: Literal["action"]
    data: ActionData
    to: Literal[-1]


@dataclass
class ChanceEvent:
    kind: Literal["chance"]
    data: ChanceData
    to: Literal[-1]


@dataclass
class OtherEvent:
    """Any other event: a kind of the game's own and its data, with ``text`` in words where a front end
    should show it; ``to`` is the one seat that may see it (absent or null: every seat)."""

    kind: str
    data: dict[str, Any]
    to: int | None = None


TYPED = ("score", "hand_end", "action", "chance")

EventRecord = ScoreEvent | HandEndEvent | ActionEvent | ChanceEvent | OtherEvent


def event_schema() -> dict[str, Any]:
    """The JSON Schema of one event of a log (``Event.to_dict()``)."""
    schema = TypeAdapter(EventRecord).json_schema()
    other = schema["$defs"]["OtherEvent"]
    other["properties"]["kind"]["not"] = {"enum": list(TYPED)}  # the typed kinds must fit their own
    schema["title"] = "parlour: an event of a match's log"
    return {"$schema": DIALECT, **schema}
