"""The designer's report for Apology: are the oudler thresholds fair?

The seed's authors set the taker's targets (62/56/45/40 by oudlers held) by
scaling French Tarot's and ask for playtests; these figures are that playtest.
They read only public events: each played hand's ``hand_end`` carries the
taker, the oudlers held, the taker's card points and the target.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.engine import Game
from parlour.games.apology.rules import OUDLER_TRIO, PLAYERS, Apology
from parlour.sim import MatchRecord, Summary, interval_text, wilson

BIN = 5.0
"""Width of the taker's points histogram, in card points."""

MIN_HANDS = 5
"""Fewest hands behind a by-oudlers point worth plotting (the tables still show every count)."""


def _hand_ends(records: Sequence[MatchRecord]) -> list[Mapping[str, Any]]:
    return [e["data"] for r in records for e in r.events if e["kind"] == "hand_end"]


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def _rate(made: int, n: int) -> dict[str, Any]:
    """A rate of ``made`` in ``n``; of no hands it is none (``None``), not a success rate of 0%."""
    lo, hi = wilson(made, n)
    return {"hands": n, "made": made, "rate": made / n if n else None, "interval": [lo, hi]}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def _interval(entry: Mapping[str, Any]) -> str:
    """A rate's 95% interval, or "-" for a rate of no hands (it said "0.0%–100.0%")."""
    if entry["rate"] is None:
        return "-"
    lo, hi = entry["interval"]
    return interval_text(lo, hi, ".1%")


def _spread(points: Sequence[float], q: float) -> float | None:
    return _quantile(points, q) if points else None


def _points(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def analyse(game: Game[Any], records: Sequence[MatchRecord]) -> dict[str, Any]:
    """Taker's success by oudlers held, the spread of the taker's points, and how often all pass."""
    ends = _hand_ends(records)
    played = [d for d in ends if not d.get("thrown_in")]
    thrown = len(ends) - len(played)
    assert isinstance(game, Apology)
    targets = list(game.targets)

    by_oudlers = []
    for k in range(OUDLER_TRIO + 1):
        hands = [d for d in played if d["oudlers"] == k]
        pts = [float(d["taker_points"]) for d in hands]
        entry = {"oudlers": k, "target": targets[k], **_rate(sum(1 for d in hands if d["made"]), len(hands))}
        entry["mean_points"] = sum(pts) / len(pts) if pts else None
        entry["share"] = len(hands) / len(played) if played else 0.0
        by_oudlers.append(entry)
    overall = _rate(sum(1 for d in played if d["made"]), len(played))

    points = sorted(float(d["taker_points"]) for d in played)
    margins = [float(d["taker_points"]) - float(d["target"]) for d in played]
    # of no played hand (every deal thrown in) there is no mean: "0.0" read as a taker who took nothing
    mean = sum(points) / len(points) if points else None
    sd: float | None = None if mean is None else 0.0
    if mean is not None and len(points) > 1:
        sd = math.sqrt(sum((p - mean) ** 2 for p in points) / (len(points) - 1))
    histogram = []
    if points:
        start = math.floor(points[0] / BIN) * BIN
        edge = start
        while edge <= points[-1]:
            count = sum(1 for p in points if edge <= p < edge + BIN)
            histogram.append({"from": edge, "to": edge + BIN, "count": count})
            edge += BIN
    distribution: dict[str, Any] = {
        "mean": mean,
        "sd": sd,
        "min": points[0] if points else None,
        "p10": _spread(points, 0.1),
        "p25": _spread(points, 0.25),
        "median": _spread(points, 0.5),
        "p75": _spread(points, 0.75),
        "p90": _spread(points, 0.9),
        "max": points[-1] if points else None,
        "mean_margin": sum(margins) / len(margins) if margins else None,
        "histogram": histogram,
    }
    lo, hi = wilson(thrown, len(ends))
    all_pass: dict[str, Any] = {
        "deals": len(ends),
        "thrown_in": thrown,
        "rate": thrown / len(ends) if ends else None,
        "interval": [lo, hi],
    }

    # Which seat (counted from the dealer's left) ends up taking, and how it fares.
    by_position = []
    for pos in range(1, PLAYERS + 1):
        hands = [d for d in played if (int(d["taker"]) - int(d["dealer"])) % PLAYERS == pos % PLAYERS]
        by_position.append({"position": pos, **_rate(sum(1 for d in hands if d["made"]), len(hands))})

    tables = [
        {
            "title": "apology: taker's success by oudlers held",
            "columns": [
                "oudlers",
                "target",
                "hands",
                "share",
                "made",
                "success",
                "success, 95% interval",  # not the mean points' (each interval names its figure)
                "mean points",
            ],
            "rows": [
                [
                    e["oudlers"],
                    f"{e['target']:g}",
                    e["hands"],
                    _pct(e["share"]),
                    e["made"],
                    _pct(e["rate"]),
                    _interval(e),
                    _points(e["mean_points"]),
                ]
                for e in by_oudlers
            ]
            + [
                [
                    "all",
                    "",
                    overall["hands"],
                    "100.0%" if played else "-",
                    overall["made"],
                    _pct(overall["rate"]),
                    _interval(overall),
                    _points(mean),
                ]
            ],
        },
        {
            "title": "apology: taker's card points (of 100.5)",
            "columns": ["points", "hands", "share"],
            "rows": [
                [f"{h['from']:g} - {h['to']:g}", h["count"], _pct(h["count"] / len(points))]
                for h in histogram
            ],
        },
        {
            # a table of their own: under the histogram's "hands" the mean, spread and median read as
            # counts of hands
            "title": "apology: taker's card points, the spread",
            "columns": ["figure", "card points"],
            "rows": [
                ["mean", _points(mean)],
                ["spread (sd)", _points(sd)],
                ["median", _points(distribution["median"])],
                ["p10", _points(distribution["p10"])],
                ["p90", _points(distribution["p90"])],
                [
                    "mean margin over target",
                    "-" if distribution["mean_margin"] is None else f"{distribution['mean_margin']:+.1f}",
                ],
            ],
        },
        {
            "title": "apology: bidding",
            "columns": [
                "deals",
                "all pass",
                "all-pass rate",
                "all-pass rate, 95% interval",
                "taker by position (1 = dealer's left)",
            ],
            "rows": [
                [
                    len(ends),
                    thrown,
                    _pct(all_pass["rate"]),
                    _interval(all_pass),
                    ", ".join(
                        f"{p['position']}: {p['hands']}"
                        + (f" ({_pct(p['rate'])} made)" if p["hands"] else "")
                        for p in by_position
                    ),
                ]
            ],
        },
    ]
    return {
        "targets": targets,
        "taker_success": overall,
        "by_oudlers": by_oudlers,
        "taker_points": distribution,
        "all_pass": all_pass,
        "by_position": by_position,
        "tables": tables,
    }


def _as_number(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def plot_sweep(
    game: Game[Any], option: str, values: Sequence[Any], summaries: Sequence[Summary], png_path: str
) -> None:
    """How the taker's success rate (overall, by oudlers held), the all-pass rate and each seat's points a
    hand (the sweep's table's figures) move with an option."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    numeric = [_as_number(v) for v in values]
    xs: list[Any] = (
        [float(x) for x in numeric if x is not None]
        if all(x is not None for x in numeric)
        else [str(v) for v in values]
    )
    from parlour.plots import draw_points

    # (8.5 wide: the points' legend beside their panel)
    fig, (top, bottom, points) = plt.subplots(
        3, 1, figsize=(8.5, 10), sharex=True, height_ratios=[3, 1.3, 2.2]
    )

    def series(get: Any, least: int = 1) -> tuple[list[Any], list[float], list[float], list[float]]:
        """The points of one line; a value with fewer than ``least`` hands is left out as noise."""
        px: list[Any] = []
        rate: list[float] = []
        low: list[float] = []
        high: list[float] = []
        for x, s in zip(xs, summaries, strict=True):
            entry = get(s.extra)
            if not entry or ("deals" not in entry and entry["hands"] < least):
                continue
            px.append(x)
            rate.append(entry["rate"])
            low.append(entry["rate"] - entry["interval"][0])
            high.append(entry["interval"][1] - entry["rate"])
        return px, rate, low, high

    px, rate, low, high = series(lambda e: e.get("taker_success"))
    top.errorbar(
        px, rate, yerr=[low, high], marker="o", capsize=4, color="black", linewidth=2, label="all hands"
    )
    for k, colour in zip(
        range(OUDLER_TRIO + 1), ("tab:red", "tab:orange", "tab:green", "tab:blue"), strict=True
    ):
        px, rate, low, high = series(
            lambda e, k=k: e.get("by_oudlers", [{}] * (OUDLER_TRIO + 1))[k] or None, MIN_HANDS
        )
        if px:
            top.errorbar(px, rate, yerr=[low, high], marker=".", capsize=3, color=colour, alpha=0.8,
                         label=f"{k} oudler{'s' if k != 1 else ''}")  # fmt: skip
    top.axhline(0.5, color="grey", linestyle=":", linewidth=1)
    top.set_ylim(-0.02, 1.02)
    top.set_ylabel("taker's success rate (95% interval)")
    kinds = Counter(summaries[0].players) if summaries else Counter()
    players = ", ".join(f"{n}× {k}" for k, n in sorted(kinds.items()))
    matches = f"{summaries[0].matches} matches a value" if summaries else ""
    top.set_title(f"Apology: taker's success as {option} moves\n({players}, {matches})", fontsize="medium")
    # beside the panel, as the points' legend is: "best" inside it sat on the lines' points and bars
    top.legend(
        fontsize="small",
        loc="upper left",
        bbox_to_anchor=(1.02, 1),
        borderaxespad=0,
        title=f"oudlers held\n(points of {MIN_HANDS}+ hands)",
        title_fontsize="small",
    )
    px, rate, low, high = series(lambda e: e.get("all_pass"))
    bottom.errorbar(px, rate, yerr=[low, high], marker="s", capsize=3, color="tab:purple")
    bottom.set_ylim(-0.02, 1.02)
    bottom.set_ylabel("all pass")
    draw_points(points, xs, summaries)
    if all(isinstance(x, float) for x in xs):
        # the values swept, where the points are (-10, 0, 10 was marked -10, -7.5, -5, ..., 10), as
        # they are named in the sweep's table
        points.set_xticks(xs, [f"{x:g}" for x in xs])
    points.set_xlabel(option)
    fig.tight_layout()
    fig.savefig(png_path, dpi=110)
    plt.close(fig)
