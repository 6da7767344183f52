"""What the server sends: every frame for a seat is built from that seat's view and visible log alone.

Keeping this in pure functions of ``view(seat)`` and ``events(seat)`` is what makes the promise
testable: two matches that differ only in cards a seat cannot see give that seat the same bytes.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from parlour.engine import Game, MalformedAction, State
from parlour.engine.events import retold_lines
from parlour.engine.game import RECORD, Event
from parlour.engine.views import View, is_quiet, label_of


def log_lines(state: State, events: list[Event]) -> list[dict[str, Any]]:
    """The log in words: the events with a text, each ``{kind, text, hand_end, retold}``, the text as a
    person reads it (``State.event_words``: the logged text, or the game's words where that reads badly).
    ``retold`` marks a count of cards the line before has just shown one seat (``events.retold``): the
    page keeps the line but does not show it, as the terminal does not print it."""
    lines = [e for e in events if e.data.get("text")]
    return [
        {"kind": e.kind, "text": state.event_words(e), "hand_end": e.kind == "hand_end", "retold": again}
        for e, again in zip(lines, retold_lines(lines), strict=True)
    ]


def describe_actions(game: Game[Any], view: View[Any]) -> list[dict[str, Any]]:
    """The seat's legal actions for drawing them: each ``{text, kind, cards}`` (the cards it names), and
    ``words`` where the game says what the action is (``Game.action_words``: a Roquet meld's kind and
    points)."""
    out: list[dict[str, Any]] = []
    notation = game.notation
    for text in view.legal_actions:
        try:
            action = notation.parse_known(text)
        except MalformedAction:  # pragma: no cover - legal actions always parse
            out.append({"text": text, "kind": text.split()[0], "cards": []})
            continue
        spec = notation.spec(action.kind)
        cards: list[str] = []
        if spec is not None:
            kinds = list(spec.args)
            for i, arg in enumerate(action.args):
                kind = kinds[min(i, len(kinds) - 1)] if kinds else "word"
                if kind in ("card", "cards") and isinstance(arg, str):
                    cards.append(arg)
        entry: dict[str, Any] = {"text": text, "kind": action.kind, "cards": cards}
        words = game.action_words(text, view)  # the seat's own view: its trumps, nothing hidden
        if words:  # (only where the game says more than the cards: frames elsewhere stay as they were)
            entry["words"] = words
        out.append(entry)
    return out


def extra_fields(view: View[Any]) -> list[dict[str, Any]] | None:
    """How to show the game's extras (the client's ``extraFields``): each field's name, its label,
    whether it holds one value per seat or side, card codes, suit letters or seat numbers, whether it is
    shown, and whether it is quiet (``views.is_quiet``: it says nothing at a move, so a table short of
    room leaves it out first). Without them the table named its extras by their field names ("voids")
    and wrote suit letters ("C"), where the terminal said "shown out of" and "♣"; internal bookkeeping
    was listed too."""
    extra = view.extra
    if not dataclasses.is_dataclass(extra) or isinstance(extra, type):
        return None
    return [
        {
            "name": f.name,
            "label": label_of(f),
            "per": f.metadata.get("per"),
            "cards": bool(f.metadata.get("cards")),
            "suits": bool(f.metadata.get("suits")),
            "seats": bool(f.metadata.get("seats")),
            "show": f.metadata.get("show") is not False,
            "quiet": is_quiet(f),
        }
        for f in dataclasses.fields(extra)
    ]


def state_frame(state: State, seat: int | None, version: int, log_from: int) -> dict[str, Any]:
    """The ``state`` frame for ``seat`` (``None``: a spectator), with the log lines from ``log_from``."""
    return frame_of(state.game, state.view(seat), log_lines(state, state.events(seat)), version, log_from)


def frame_of(
    game: Game[Any], view: View[Any], lines: list[dict[str, Any]], version: int, log_from: int
) -> dict[str, Any]:
    """The ``state`` frame of a seat's view and log lines (a server sharing one view among a seat's
    connections builds each frame here)."""
    log_from = max(0, min(log_from, len(lines)))
    return {
        "type": "state",
        "version": version,
        "view": view.to_dict(),
        "actions": describe_actions(game, view),
        "log": lines[log_from:],
        "log_from": log_from,
    }


def welcome_frame(state: State, seat: int | None, table: dict[str, Any]) -> dict[str, Any]:
    """The ``welcome`` frame for ``seat`` (``None``: a spectator): its seat, the table's info, and how
    to show the game's extras (``extra_fields``), which the client keeps: they are the same in every view
    of a game, and went with every state frame."""
    return {"type": "welcome", "seat": seat, "table": table, "extra_fields": extra_fields(state.view(seat))}


def encode(frame: dict[str, Any]) -> str:
    """Frames as compact JSON, keys in a fixed order, so equal frames are equal bytes."""
    return json.dumps(frame, separators=(",", ":"), allow_nan=False)


def open_view(state: State) -> dict[str, Any]:
    """The view with every seat's own zones face up (for replays of finished matches, "all cards"):
    the spectator's view, each seat-owned zone taken from that seat's own view."""
    public = state.view(None).to_dict()
    own: dict[int, dict[str, Any]] = {s: state.view(s).to_dict() for s in range(state.num_players)}
    zones = []
    for zone in public["zones"]:
        owner = zone["owner"]
        if owner is not None and owner in own:
            match = next(
                (
                    z
                    for z in own[owner]["zones"]
                    if z["kind"] == zone["kind"] and z["owner"] == owner and z["label"] == zone["label"]
                ),
                None,
            )
            zones.append(match if match is not None else zone)
        else:
            zones.append(zone)
    public["zones"] = zones
    return public


def open_log(state: State) -> list[dict[str, Any]]:
    """Every event's words, private ones included (the record apart): for replays with all cards. A line
    told to one seat also says which (``to``): its words speak to that seat ("you are dealt ..."), and
    the page says them of the seat, where a replay with every card face up said "You are dealt" twice."""
    events = [e for e in state.log if e.to != RECORD]
    lines = log_lines(state, events)
    told = [e.to for e in events if e.data.get("text")]
    for line, to in zip(lines, told, strict=True):
        if to is not None:
            line["to"] = to
    return lines


__all__ = [
    "describe_actions",
    "encode",
    "extra_fields",
    "frame_of",
    "log_lines",
    "open_log",
    "open_view",
    "state_frame",
    "welcome_frame",
]
