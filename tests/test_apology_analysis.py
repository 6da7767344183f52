"""The designer's report for Apology: exact figures on a known log, and a small real run with its plot."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

import parlour
from parlour.games.apology.analysis import analyse, plot_sweep
from parlour.sim import MatchRecord, simulate, wilson


def hand_end(taker: int | None, points: float = 0.0, oudlers: int = 0, made: bool = False) -> dict[str, Any]:
    if taker is None:
        data: dict[str, Any] = {"points": [0.0] * 4, "thrown_in": True, "taker": None}
    else:
        target = [62.0, 56.0, 45.0, 40.0][oudlers]
        data = {"points": [0.0] * 4, "thrown_in": False, "taker": taker, "dealer": 0,
                "taker_points": points, "oudlers": oudlers, "target": target, "made": made}  # fmt: skip
    return {"kind": "hand_end", "data": data}


def record(*events: dict[str, Any]) -> MatchRecord:
    return MatchRecord(seed=0, scores=(0, 0, 0, 0), winners=(), teams=((0,), (1,), (2,), (3,)),
                       hand_points=(), actions=0, events=events)  # fmt: skip


def test_the_report_on_a_known_log() -> None:
    records = [
        record(hand_end(None), hand_end(1, 41.0, 3, True), hand_end(2, 38.5, 3, False)),
        record(hand_end(None), hand_end(None), hand_end(1, 47.0, 2, True), hand_end(3, 60.0, 1, True)),
    ]
    report = analyse(parlour.make("apology"), records)
    assert report["all_pass"]["deals"] == 7 and report["all_pass"]["thrown_in"] == 3
    assert report["all_pass"]["interval"] == list(wilson(3, 7))
    assert report["taker_success"]["hands"] == 4 and report["taker_success"]["made"] == 3
    three = report["by_oudlers"][3]
    assert three["hands"] == 2 and three["made"] == 1 and three["rate"] == 0.5 and three["target"] == 40.0
    assert three["interval"] == list(wilson(1, 2)) and three["mean_points"] == (41.0 + 38.5) / 2
    assert report["by_oudlers"][0]["hands"] == 0
    dist = report["taker_points"]
    assert dist["min"] == 38.5 and dist["max"] == 60.0 and dist["median"] == 44.0
    assert sum(h["count"] for h in dist["histogram"]) == 4
    assert dist["mean_margin"] == pytest.approx(((41 - 40) + (38.5 - 40) + (47 - 45) + (60 - 56)) / 4)
    positions = {p["position"]: p["hands"] for p in report["by_position"]}
    assert positions == {1: 2, 2: 1, 3: 1, 4: 0}
    for table in report["tables"]:
        assert table["title"] and all(len(row) == len(table["columns"]) for row in table["rows"])


def test_the_report_on_a_small_simulation() -> None:
    summary = simulate("apology", ["heuristic"] * 4, 12, seed=2)
    report = summary.extra
    assert report["all_pass"]["deals"] == 12 * 4
    played = report["taker_success"]["hands"]
    assert played + report["all_pass"]["thrown_in"] == 48
    assert sum(e["hands"] for e in report["by_oudlers"]) == played
    assert sum(h["count"] for h in report["taker_points"]["histogram"]) == played
    assert {t["title"] for t in report["tables"]} >= {"apology: taker's success by oudlers held"}


def test_the_targets_are_options_a_sweep_can_move() -> None:
    low = simulate("apology", ["heuristic"] * 4, 10, seed=1, options={"target_3": 30.0, "target_2": 35.0})
    high = simulate("apology", ["heuristic"] * 4, 10, seed=1, options={"target_3": 55.0, "target_2": 60.0})
    assert low.extra["targets"][3] == 30.0 and high.extra["targets"][3] == 55.0
    # Harder targets: the heuristic bids less often, so more deals are thrown in.
    assert high.extra["all_pass"]["thrown_in"] > low.extra["all_pass"]["thrown_in"]


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="matplotlib is not installed")
def test_the_sweep_plot_is_drawn(tmp_path: Any) -> None:
    values = ["36", "44"]
    summaries = [
        simulate("apology", ["heuristic"] * 4, 6, seed=1, options={"target_3": float(v)}) for v in values
    ]
    png = tmp_path / "sweep.png"
    plot_sweep(parlour.make("apology"), "target_3", values, summaries, str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 5000


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="matplotlib is not installed")
def test_the_simulate_command_prints_the_report_and_saves_the_sweep_plot(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from parlour.cli import app

    png = tmp_path / "apology.png"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "apology",
            "-n",
            "4",
            "--seed",
            "1",
            "--sweep",
            "target_shift=-10,0",
            "--plot",
            str(png),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "taker's success by oudlers held" in result.output and "all-pass rate" in result.output
    assert png.read_bytes()[:4] == b"\x89PNG"
