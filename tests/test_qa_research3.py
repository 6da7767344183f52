"""The follow-ups of a designer's walk through ``parlour simulate`` and ``parlour odds`` (research-3)."""

from __future__ import annotations

import importlib
import io
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.sim import simulate

main = importlib.import_module("parlour.cli.main")


def _strict_json(text: str) -> Any:
    """JSON as a strict reader takes it: no NaN, no Infinity."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is no JSON")

    return json.loads(text, parse_constant=refuse)


def _screen(monkeypatch: pytest.MonkeyPatch, width: int = 80) -> Console:
    """The command's console, of a set width whatever the terminal's, recorded."""
    screen = Console(width=width, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "console", screen)
    return screen


def test_the_points_a_hand_have_a_95_percent_interval_over_the_matches() -> None:
    """Only the win rate had an interval: whether two sides' points a hand differ could not be told.
    The interval's units are the matches (a match's hands are not independent): the delta method of the
    ratio of a side's points to the hands played, checked here against the formula written out."""
    summary = simulate(
        "apology", ["heuristic", "random", "heuristic", "random"], 12, seed=3, keep_records=True
    )
    for side in summary.sides:
        seat = side.seats[0]
        totals = [sum(h[seat] for h in r.hand_points) for r in summary.records]
        hands = [len(r.hand_points) for r in summary.records]
        n, mean = len(totals), sum(totals) / sum(hands)
        spread = sum((t - mean * h) ** 2 for t, h in zip(totals, hands, strict=True)) / (n - 1)
        half = 1.96 * math.sqrt(spread / n) / (sum(hands) / n)
        assert side.hand_points_interval is not None
        lo, hi = side.hand_points_interval
        assert lo == pytest.approx(mean - half) and hi == pytest.approx(mean + half)
        assert lo < side.mean_hand_points < hi
    one = simulate("roquet", ["heuristic", "heuristic"], 1, seed=1)
    assert all(side.hand_points_interval is None for side in one.sides)  # one match: no spread


@pytest.mark.parametrize("matches", [1, 3])
def test_simulate_shows_and_writes_the_interval_of_the_points_a_hand(
    matches: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table shows it beside the points a hand, as low–high under a heading of its own (or "-"
    from one match), and ``--json`` writes it as ``hand_points_interval`` [low, high] (or null)."""
    screen = _screen(monkeypatch)
    out = tmp_path / "f.json"
    args = ["simulate", "roquet", "-n", str(matches), "--seed", "1", "--json", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    figures = _strict_json(out.read_text())
    text = screen.export_text()
    table = text[: text.index("Roquet hands")]
    assert "…" not in table and "points'" in table and "interval" in table, table
    rows = [line for line in table.splitlines() if re.match(r"│ seat \d", line)]
    assert len(rows) == 2, table
    for side, row in zip(figures["sides"], rows, strict=True):
        cells = [cell.strip() for cell in row.strip("│").split("│")]
        points = cells.index(f"{side['mean_hand_points']:.2f}")
        if matches == 1:
            assert side["hand_points_interval"] is None
            assert cells[points + 1] == "-", row
        else:
            lo, hi = side["hand_points_interval"]
            assert lo < side["mean_hand_points"] < hi
            assert cells[points + 1] == f"[{lo:.2f}, {hi:.2f}]", row


def test_a_sweep_shows_the_interval_of_the_points_a_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep's overview had the points a hand without their interval."""
    screen = _screen(monkeypatch)
    args = ["simulate", "roquet", "-n", "3", "--seed", "1", "--sweep", "target=100,150"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    overview = text[text.index("roquet: sweep of target") :]
    assert "…" not in overview and "points'" in overview, overview
    # a row and the lines it wraps onto (in 80 columns "seat" over "0", an interval a figure a line)
    rows: list[list[str]] = []
    for line in overview.splitlines():
        if line.startswith("│"):
            cells = [cell.strip() for cell in line.strip("│").split("│")]
            if cells[2]:
                rows.append(cells)
            else:
                rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=True)]
    assert len(rows) == 4, overview
    assert all(re.fullmatch(r"\[-?\d+\.\d\d, -?\d+\.\d\d\]", row[-1]) for row in rows), rows


ANALYSED = ["apology", "bezique", "lansquenet", "roquet"]
"""The games with tables of their own in ``parlour simulate``."""


@pytest.mark.parametrize("name", ANALYSED)
def test_an_interval_heading_names_its_figure(name: str) -> None:
    """Lansquenet's "95% interval" belonged to "broke" but stood where it read as the interval of the
    chips; Apology's two did the same. A heading "95% interval" alone is left only in a table with
    one figure besides it (Roquet's "mean"); elsewhere it names the figure before it."""
    summary = simulate(name, ["heuristic"] * parlour.make(name).num_players, 3, seed=1)
    tables = summary.extra.get("tables", [])
    assert tables, summary.extra
    for table in tables:
        columns = [str(c) for c in table["columns"]]
        for i, col in enumerate(columns):
            if "interval" not in col:
                continue
            if col == "95% interval":
                figures = [c for j, c in enumerate(columns) if j not in (0, i)]
                assert figures == [columns[i - 1]], (table["title"], columns)
            else:
                assert col == f"{columns[i - 1]}, 95% interval", (table["title"], columns)


def test_lansquenet_names_its_broke_interval_and_keeps_it_whole_in_80_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The long heading wraps at its words; the interval's figures stay whole on their line."""
    screen = _screen(monkeypatch)
    result = CliRunner().invoke(app, ["simulate", "lansquenet", "-n", "5", "--seed", "1"])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    table = text[text.index("final chips per seat") :]
    table = table[: table.index("└")]
    assert "…" not in table and all(len(line) <= 80 for line in text.splitlines()), table
    heading = [line for line in table.splitlines() if line.startswith("┃")]
    assert "broke," in " ".join(heading) and "interval" in heading[-1], heading
    rows = [line for line in table.splitlines() if re.match(r"│ seat \d", line)]
    assert len(rows) == 4 and all(re.search(r"│ +\[\d+\.\d%, \d+\.\d%\] │", row) for row in rows), rows


def test_apology_histogram_holds_only_bins_and_the_spread_has_a_table_of_its_own() -> None:
    """The histogram of the taker's card points put "mean / sd / median" and "p10 / p90" lines under
    its "hands" heading: a mean of 45.2 read as 45.2 hands. Under each heading now stands what it
    names: bins, counts of hands and shares in the histogram; the figures in a table headed by them."""
    summary = simulate("apology", ["heuristic"] * 4, 6, seed=1)
    report = summary.extra
    tables = {t["title"]: t for t in report["tables"]}
    histogram = tables["apology: taker's card points (of 100.5)"]
    assert histogram["columns"] == ["points", "hands", "share"]
    assert histogram["rows"], histogram
    for bin_, hands, share in histogram["rows"]:
        assert re.fullmatch(r"\d+ - \d+", bin_) and isinstance(hands, int), (bin_, hands)
        assert re.fullmatch(r"\d+\.\d%", share), share
    spread = tables["apology: taker's card points, the spread"]
    assert spread["columns"] == ["figure", "card points"]
    figures = {row[0]: row[1] for row in spread["rows"]}
    points = report["taker_points"]
    assert figures["mean"] == f"{points['mean']:.1f}" and figures["median"] == f"{points['median']:.1f}"
    assert figures["spread (sd)"] == f"{points['sd']:.1f}"
    assert figures["p10"] == f"{points['p10']:.1f}" and figures["p90"] == f"{points['p90']:.1f}"
    assert figures["mean margin over target"] == f"{points['mean_margin']:+.1f}"


def test_odds_writes_its_figures_as_strict_json(tmp_path: Path) -> None:
    """``parlour odds`` had no ``--json`` where ``simulate`` and ``duplicate`` have one: its figures had
    to be copied from the table. The file holds the table's figures: the exact fractions, the engine's
    estimates with their intervals, and nothing a strict reader refuses."""
    from parlour.games.lansquenet.odds import lansquenet_odds, monte_carlo

    out = tmp_path / "odds.json"
    result = CliRunner().invoke(
        app, ["odds", "lansquenet", "--deals", "300", "--seed", "4", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    data = _strict_json(out.read_text())
    words = " ".join(result.output.split())  # (the lines under the table wrap at the terminal's width)
    exact, mc = lansquenet_odds(1), monte_carlo(1, False, 300, 4, 2)
    assert (data["game"], data["packs"], data["twins"], data["bet"], data["deals"]) == (
        "lansquenet",
        1,
        False,
        2,
        300,
    )
    figures = data["figures"]
    assert [figures[k]["exact"] for k in ("same_rank", "bank_first", "edge")] == ["1/17", "1/2", "1/17"]
    # (since design-3 the decimal to 12 digits, the engine's figures to ENGINE_PLACES: test_design3.py;
    # since design-4 the table's places, 4: test_design4.py)
    from parlour.games.lansquenet.commands import ENGINE_PLACES

    places = 10.0**-ENGINE_PLACES / 2
    assert figures["edge"]["decimal"] == pytest.approx(float(exact.edge), rel=1e-11)
    for key in ("same_rank", "bank_first", "edge"):
        assert figures[key]["engine"] == pytest.approx(getattr(mc, key), abs=places)
        assert figures[key]["interval"] == pytest.approx(list(getattr(mc, f"{key}_interval")), abs=places)
        lo, hi = figures[key]["interval_printed"]  # (judged as printed: test_design4.py, test_words12.py)
        assert figures[key]["exact_inside"] is (lo <= figures[key]["decimal"] <= hi)
        assert f"{figures[key]['engine']:.4f}" in words  # the table's figure, the same
    assert data["deals_per_same_rank"] == "17"
    assert data["through_shoe"] is None and data["twins_edge_by_bet"] is None


def test_odds_json_of_a_shoe_with_twins_holds_the_lines_under_the_table(tmp_path: Path) -> None:
    """With a shoe and twins the command prints, under its table, the edge dealt through the shoe and
    the edge for each bet: the file holds them too."""
    from parlour.games.lansquenet.odds import lansquenet_odds

    out = tmp_path / "odds.json"
    args = [
        "odds",
        "lansquenet",
        "--packs",
        "2",
        "--twins",
        "--bet",
        "3",
        "--deals",
        "200",
        "--json",
        str(out),
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = _strict_json(out.read_text())
    shoe = data["through_shoe"]
    assert shoe["reserve"] == 25 and shoe["deals"] == 200
    assert shoe["edge_interval"][0] <= shoe["edge"] <= shoe["edge_interval"][1]
    assert f"bank's edge {shoe['edge']:.4f}" in " ".join(result.output.split())
    edges = data["twins_edge_by_bet"]
    assert edges["1"] == str(lansquenet_odds(2, True, 1).edge) and edges["even"] == str(
        lansquenet_odds(2, True, 2).edge
    )


def test_odds_refuses_a_json_file_it_cannot_write_before_playing(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["odds", "lansquenet", "--json", str(tmp_path / "no" / "odds.json")])
    said = " ".join(result.output.split())  # (an xdist worker's console is 80 columns: the line wraps)
    assert result.exit_code == 2 and "--json" in said and "does not exist" in said, result.output


def test_a_sweep_takes_values_with_commas_of_their_own_separated_by_semicolons(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--sweep stacks=7,7,7,6;...`` for Open Tarock's stacks: the sweep cut the value at its commas
    and was refused ("stacks='7' is not allowed"). A ``;`` separates values that hold commas."""
    _screen(monkeypatch, width=160)
    out = tmp_path / "f.json"
    args = ["simulate", "open-tarock", "-n", "1", "--players", "random,random", "--json", str(out)]
    result = CliRunner().invoke(app, [*args, "--sweep", "stacks=auto;9,9,9;6,6,6,6,3"])
    assert result.exit_code == 0, result.output
    runs = _strict_json(out.read_text())
    assert [run["options"]["stacks"] for run in runs] == ["auto", "9,9,9", "6,6,6,6,3"]


@pytest.mark.parametrize(
    ("sweep", "said"),
    [
        ("stacks=7,7,7,6", "is one value of stacks"),
        # (auto is 7,7,7,6 with the tarock pack: the ';' form these were given was refused as one game
        # played twice, test_design4.py; a game of its own each is suggested)
        ("stacks=auto,7,7,7,6", "plays one game twice (stacks=7,7,7,6 as stacks=auto)"),
        ("stacks=7,7,7,6,auto,9,9,9", "plays one game twice (stacks=auto as stacks=7,7,7,6)"),
        ("stacks=auto,9,9,9,6,6,6,6,3", "--sweep 'stacks=auto;9,9,9;6,6,6,6,3'"),
        ("stacks=7,7,7,6;;auto", "has an empty value"),
        ("stacks=auto,", "has an empty value"),
    ],
)
def test_a_sweep_whose_commas_cut_a_value_is_refused_with_the_way_to_give_it(sweep: str, said: str) -> None:
    args = ["simulate", "open-tarock", "-n", "1", "--players", "random,random", "--sweep", sweep]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split()), result.output
    assert "Traceback" not in result.output


def test_commas_that_may_be_one_value_or_several_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """An option that took both "a" and "a,b" would leave ``--sweep x=a,b`` two readings: refused, naming
    both ways out. No built-in option does, so the game's answers are stood in for."""
    monkeypatch.setattr(main, "_takes", lambda game, options: True)
    with pytest.raises(typer.Exit):
        main._sweep_values("roquet", {}, "target", "100,200")
    monkeypatch.setattr(main, "_takes", lambda game, options: "," not in str(options["target"]))
    assert main._sweep_values("roquet", {}, "target", "100, 200") == ["100", "200"]


def test_the_help_and_the_guide_say_how_to_sweep_values_with_commas() -> None:
    result = CliRunner().invoke(app, ["simulate", "--help"], terminal_width=200)
    assert "name=v1;v2;..." in " ".join(result.output.split()), result.output
    guide = (Path(__file__).parent.parent / "docs" / "simulation.md").read_text()
    assert "--sweep 'stacks=auto;9,9,9;6,6,6,6,3'" in guide


def test_a_stopped_sweep_names_the_runs_not_played_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C's message listed the runs not played with ", " between them: "stacks=auto, stacks=9,9,9"
    read as more runs than there are. Where a value holds commas they are set apart with "; "."""
    from parlour.sim import SimulationStopped

    said = Console(width=300, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "errors", said)
    runs = [(v, {"stacks": v}) for v in ("7,7,7,6", "auto", "9,9,9")]
    main._simulation_stopped(
        SimulationStopped(None, 4), "open-tarock", runs, [["random"] * 2] * 3, [], 0, "stacks"
    )
    assert "not played: stacks=auto; stacks=9,9,9)" in said.export_text()
