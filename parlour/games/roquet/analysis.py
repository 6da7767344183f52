"""Roquet figures for ``parlour simulate``: the length of a hand, its points, and the livret's life.

They are read from the public events only, and were measured to settle ruling RQ-8 (whether the
livret is made up again from the stock): tricks and actions a hand, points a hand, how often the
livret runs empty, and how long a match lasts.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.engine import Game
from parlour.sim import MatchRecord, interval_text, wilson

_ACTIONS = ("play", "meld", "done")
"""The public events that each record one player's action (a meld moment passing by itself logs none)."""


@dataclass(frozen=True)
class HandFigures:
    """One hand, as its public events tell it."""

    tricks: int
    actions: int
    points: tuple[int, int]
    livret_emptied: bool
    """Whether the livret held no card at some moment of the hand."""
    empty_moments: int
    """Tricks after which the winner found the livret empty."""
    taken_from_livret: int
    livret_dead: int
    """Livret cards still lying there when the hand ended."""


def hand_figures(events: Iterable[Mapping[str, Any]]) -> list[HandFigures]:
    """Every finished hand of one match, from its public events (``Event.to_dict`` form)."""
    out: list[HandFigures] = []
    livret: list[str] = []
    tricks = actions = empty_moments = taken = 0
    emptied = False
    for e in events:
        kind, data = e["kind"], e["data"]
        if kind == "deal":
            livret = list(data["livret"])
            tricks = actions = empty_moments = taken = 0
            emptied = not livret
        elif kind == "trick":
            tricks += 1
            empty_moments += not livret
        elif kind == "livret":
            livret.append(data["card"])
        elif kind == "hand_end":
            a, b = data["points"]
            out.append(HandFigures(tricks, actions, (a, b), emptied, empty_moments, taken, len(livret)))
        if kind in _ACTIONS:
            actions += 1
        if kind == "meld" and data.get("taken") in livret:
            livret.remove(data["taken"])
            taken += 1
            emptied = emptied or not livret
    return out


def mean_interval(values: Sequence[float]) -> tuple[float | None, float | None, float | None]:
    """The mean and its 95% interval (normal approximation; the samples here are hundreds or more).

    Every figure here is a count, so the interval starts at 0 at the lowest: a short run's said "-0.12"
    livret cards. One value has no interval and none has no mean (``None``): they were infinite and
    NaN, which ``--json`` wrote as ``-Infinity`` and ``NaN``, no JSON that a strict reader takes."""
    n = len(values)
    if n == 0:
        return (None, None, None)
    mean = statistics.fmean(values)
    if n == 1:
        return (mean, None, None)
    half = 1.96 * statistics.stdev(values) / math.sqrt(n)
    return (mean, max(0.0, mean - half), mean + half)


def roquet_figures(game: Game[Any], records: Sequence[MatchRecord]) -> dict[str, Any]:
    """Per hand: tricks, actions, points (both seats together), the livret's use; per match: hands."""
    hands = [h for r in records for h in hand_figures(r.events)]
    figures: dict[str, Any] = {"hands": len(hands)}
    rows: list[list[str]] = []

    def add(key: str, label: str, values: Sequence[float]) -> None:
        mean, lo, hi = mean_interval(values)
        figures[key] = {"mean": mean, "interval": None if lo is None else [lo, hi]}
        shown = "-" if mean is None else f"{mean:.2f}"
        rows.append([label, shown, "-" if lo is None or hi is None else interval_text(lo, hi)])

    def share(key: str, label: str, count: int, n: int) -> None:
        lo, hi = wilson(count, n)
        if not n:  # a rate of nothing: NaN in the JSON, "nan%" on the screen
            figures[key] = {"rate": None, "interval": None}
            rows.append([label, "-", "-"])
            return
        figures[key] = {"rate": count / n, "interval": [lo, hi]}
        rows.append([label, f"{count / n:.1%}", interval_text(lo, hi, ".1%")])

    add("tricks_per_hand", "tricks a hand", [h.tricks for h in hands])
    add("actions_per_hand", "actions a hand", [h.actions for h in hands])
    add("points_per_hand", "points a hand (both players)", [sum(h.points) for h in hands])
    add("livret_takes_per_hand", "livret cards melded a hand", [h.taken_from_livret for h in hands])
    add("livret_dead_per_hand", "livret cards dead at the end", [h.livret_dead for h in hands])
    share(
        "livret_emptied",
        "hands where the livret runs empty",
        sum(h.livret_emptied for h in hands),
        len(hands),
    )
    moments = sum(h.tricks for h in hands)
    share("empty_moments", "tricks won with the livret empty", sum(h.empty_moments for h in hands), moments)
    add("hands_per_match", "hands a match", [len(hand_figures(r.events)) for r in records])
    add("actions_per_match", "actions a match", [r.actions for r in records])
    figures["tables"] = [
        {"title": "Roquet hands", "columns": ["figure", "mean", "95% interval"], "rows": rows}
    ]
    return figures
