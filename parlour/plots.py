"""The pictures of a ``parlour simulate --sweep ... --plot`` (matplotlib, the ``plot`` extra).

matplotlib is imported when a picture is drawn, never on import: the command checks for it before the
run, and nobody who simulates without ``--plot`` pays for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from parlour.sim import Summary

POINTS_LABEL = "points a hand (95% interval)"
"""The label of the axis of the points a hand, the figure of the tables' "points a hand" and "points'
95% interval" columns (``hand_points_interval`` in ``--json``)."""


def seats_label(seats: Sequence[int]) -> str:
    """A side's seats: "seat 1", "seats 0 & 2"."""
    return f"seat{'s' if len(seats) > 1 else ''} {' & '.join(map(str, seats))}"


def side_label(seats: Sequence[int], players: Sequence[str]) -> str:
    """A side in a plot's legend, by its seats: two sides of "heuristic" were two lines of one name."""
    if len(set(players)) == 1:
        return f"{seats_label(seats)}: {players[0]}"
    return ", ".join(f"seat {s}: {p}" for s, p in zip(seats, players, strict=True))


def draw_points(ax: Axes, xs: Sequence[Any], summaries: Sequence[Summary]) -> None:
    """Each side's mean points a hand at each value of the sweep, with its 95% interval as a bar: the
    figures of the sweep's table, which the plot left out (a value whose run has no interval, one
    match, has its mean alone)."""
    for i in range(min(len(s.sides) for s in summaries)):  # a sweep of the seats: those of every run
        sides = [s.sides[i] for s in summaries]
        means = [side.mean_hand_points for side in sides]
        (line,) = ax.plot(xs, means, marker="s", label=side_label(sides[0].seats, sides[0].players))
        bars = [(x, side.hand_points_interval) for x, side in zip(xs, sides, strict=True)]
        shown = [(x, interval) for x, interval in bars if interval is not None]
        ax.vlines(
            [x for x, _ in shown], [lo for _, (lo, _) in shown], [hi for _, (_, hi) in shown],
            color=line.get_color(),
        )  # fmt: skip
    ax.set_ylabel(POINTS_LABEL)
    ax.legend(fontsize="small")


def sweep_figure(game: str, name: str, ticks: Sequence[str], summaries: Sequence[Summary]) -> Figure:
    """The picture of a sweep of a game with none of its own: each side's win rate and its points a
    hand at each value, each with its 95% interval, as the sweep's table gives them."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (wins, points) = plt.subplots(2, 1, figsize=(6, 7))
    for i in range(min(len(s.sides) for s in summaries)):  # a sweep of the seats: those of every run
        rates = [s.sides[i].win_rate for s in summaries]
        lows = [s.sides[i].win_rate - s.sides[i].win_interval[0] for s in summaries]
        highs = [s.sides[i].win_interval[1] - s.sides[i].win_rate for s in summaries]
        side = summaries[0].sides[i]
        wins.errorbar(
            ticks,
            rates,
            yerr=[lows, highs],
            marker="o",
            capsize=3,
            # each side by its seats: two sides of "heuristic" were two lines of one name
            label=side_label(side.seats, side.players),
        )
    wins.set_xlabel(name)
    wins.set_ylabel("win rate (95% interval)")
    # how many matches stand behind each point: the intervals alone left a reader to guess
    wins.set_title(f"{game}: sweep of {name}, {summaries[0].matches} matches a value")
    wins.legend()
    draw_points(points, ticks, summaries)
    points.set_xlabel(name)
    fig.tight_layout()
    return fig
