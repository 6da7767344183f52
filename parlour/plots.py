"""The pictures of a ``parlour simulate --sweep ... --plot`` (matplotlib, the ``plot`` extra).

matplotlib is imported when a picture is drawn, never on import: the command checks for it before the
run, and nobody who simulates without ``--plot`` pays for it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from parlour.sim import seat_label, seats_label

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from parlour.sim import SideSummary, Summary

POINTS_LABEL = "points a hand (95% interval)"
"""The label of the axis of the points a hand, the figure of the tables' "points a hand" and "points'
95% interval" columns (``hand_points_interval`` in ``--json``)."""


def side_label(seats: Sequence[int], players: Sequence[str]) -> str:
    """A side in a plot's legend, by its seats as the tables number them ("seats 1 & 3: heuristic"): two
    sides of "heuristic" were two lines of one name."""
    if len(set(players)) == 1:
        return f"{seats_label(seats)}: {players[0]}"
    return ", ".join(f"{seat_label(s)}: {p}" for s, p in zip(seats, players, strict=True))


def sides_across(summaries: Sequence[Summary]) -> list[tuple[str, list[SideSummary | None]]]:
    """The sweep's sides as lines: each side (its seats) with its figures at each value, ``None`` where
    that run has no such side. The runs of a sweep may not have the same sides (Bishops Whist's
    ``partners=fixed,cut``: two partnerships, then four seats; Lansquenet's ``players``): the plot took
    the first run's sides and drew each run's side of the same rank on their line, labelling a single
    seat's figures "seats 1 & 3", and left out the seats the first run did not have."""
    lines: dict[tuple[int, ...], list[SideSummary | None]] = {}
    labels: dict[tuple[int, ...], str] = {}
    for k, summary in enumerate(summaries):
        for side in summary.sides:
            labels.setdefault(side.seats, side_label(side.seats, side.players))
            lines.setdefault(side.seats, [None] * len(summaries))[k] = side
    return [(labels[seats], line) for seats, line in lines.items()]


DODGE = 0.05
"""How far apart the sides' points at one value stand, in steps between values."""


def dodged(xs: Sequence[Any], lines: Sequence[tuple[str, Sequence[SideSummary | None]]]) -> list[list[float]]:
    """Where each line's side stands at each value: at one x, four seats' bars lay on one another and
    only the last drawn was seen (Apology's points a hand, Bishops Whist's cut partners), so the sides
    a run has stand a little aside of its value, side by side. Values given as text stand at 0, 1, 2,
    ... (``value_ticks`` names them)."""
    at = [float(x) for x in xs] if all(isinstance(x, int | float) for x in xs) else list(range(len(xs)))
    steps = sorted(set(at))
    gaps = [b - a for a, b in itertools.pairwise(steps)]
    step = min(gaps) if gaps else 1.0
    placed: list[list[float]] = [[] for _ in lines]
    for j, x in enumerate(at):
        present = [k for k, (_, sides) in enumerate(lines) if sides[j] is not None]
        for k in range(len(lines)):
            rank = present.index(k) if k in present else 0
            placed[k].append(x + (rank - (len(present) - 1) / 2) * DODGE * step)
    return placed


def value_ticks(ax: Axes, xs: Sequence[Any]) -> None:
    """The values swept named where they stand (the sides stand a little aside of them)."""
    if all(isinstance(x, int | float) for x in xs):
        ax.set_xticks([float(x) for x in xs], [f"{x:g}" for x in xs])
    else:
        ax.set_xticks(list(range(len(xs))), [str(x) for x in xs])


def draw_points(ax: Axes, xs: Sequence[Any], summaries: Sequence[Summary]) -> None:
    """Each side's mean points a hand at each value of the sweep, with its 95% interval as a bar: the
    figures of the sweep's table, which the plot left out (a value whose run has no interval, one
    match, has its mean alone)."""
    lines = sides_across(summaries)
    for (label, sides), at in zip(lines, dodged(xs, lines), strict=True):
        means = [math.nan if side is None else side.mean_hand_points for side in sides]
        (line,) = ax.plot(at, means, marker="s", label=label)
        bars = [(x, side.hand_points_interval) for x, side in zip(at, sides, strict=True) if side is not None]
        shown = [(x, interval) for x, interval in bars if interval is not None]
        ax.vlines(
            [x for x, _ in shown], [lo for _, (lo, _) in shown], [hi for _, (_, hi) in shown],
            color=line.get_color(),
        )  # fmt: skip
    ax.set_ylabel(POINTS_LABEL)
    value_ticks(ax, xs)
    beside(ax)


def beside(ax: Axes) -> None:
    """The legend to the right of the panel, off its points: placed "best" inside, it hid a side's
    point and bar (Open Tarock's 70% at 6,6,6,6,3, Lansquenet's seats at 2 players)."""
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0)


def sweep_figure(game: str, name: str, ticks: Sequence[str], summaries: Sequence[Summary]) -> Figure:
    """The picture of a sweep of a game with none of its own: each side's win rate and its points a
    hand at each value, each with its 95% interval, as the sweep's table gives them."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (wins, points) = plt.subplots(2, 1, figsize=(8, 7))  # (wider: the legends beside the panels)
    lines = sides_across(summaries)
    for (label, sides), at in zip(lines, dodged(ticks, lines), strict=True):
        rates = [math.nan if side is None else side.win_rate for side in sides]
        lows = [math.nan if side is None else side.win_rate - side.win_interval[0] for side in sides]
        highs = [math.nan if side is None else side.win_interval[1] - side.win_rate for side in sides]
        # each side by its seats: two sides of "heuristic" were two lines of one name
        wins.errorbar(at, rates, yerr=[lows, highs], marker="o", capsize=3, label=label)
    value_ticks(wins, ticks)
    wins.set_xlabel(name)
    wins.set_ylabel("win rate (95% interval)")
    # how many matches stand behind each point: the intervals alone left a reader to guess
    wins.set_title(f"{game}: sweep of {name}, {summaries[0].matches} matches a value")
    beside(wins)
    draw_points(points, ticks, summaries)
    points.set_xlabel(name)
    fig.tight_layout()
    return fig
