"""A designer's tools, the rough edges (design-3): intervals printed one readable way, ``odds --json``
without float noise, a sweep that would play one game twice, Ctrl-C as a run is summed up, a Gymnasium
id that cannot be made into another game, and what a walk through the tools found."""

from __future__ import annotations

import importlib
import io
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
import parlour.sim
from parlour.cli import app
from parlour.sim import interval_text, read_records, simulate
from tests.extras import require

main = importlib.import_module("parlour.cli.main")
runner = CliRunner()


def _screen(monkeypatch: pytest.MonkeyPatch, width: int = 160) -> Console:
    """The command's console, of a set width whatever the terminal's, recorded."""
    screen = Console(width=width, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "console", screen)
    return screen


# --- 1. an interval is printed one readable way ------------------------------------------------------

NUMBER = r"-?\d+(?:\.\d+)?%?"
INTERVAL = re.compile(rf"\[{NUMBER}, {NUMBER}\]")
DASHED = re.compile(r"\d%?\s*[–-]\s*-?\d")
"""A figure, a dash, a figure: the old way, which made "-13.16–-1.68" of a negative interval."""


def test_a_negative_interval_reads_as_one() -> None:
    """A minus sign against the dash ("-13.16–-1.68") read as a range of its own."""
    assert interval_text(-13.16, -1.68) == "[-13.16, -1.68]"
    assert main._points_interval((-13.164, -1.676)) == "[-13.16, -1.68]"
    assert interval_text(0.188, 0.812, ".1%") == "[18.8%, 81.2%]"
    assert main._figure("[-13.16, -1.68]") and main._figure("[18.8%, 81.2%]") and main._figure("-")
    assert not main._figure("seat 0")


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("apology", ["-o", "deals=1", "--players", "random,random,random,random"]),
        ("lansquenet", []),
        ("roquet", ["--players", "random,random"]),
    ],
)
def test_every_table_of_simulate_prints_its_intervals_the_same_way(
    monkeypatch: pytest.MonkeyPatch, game: str, args: list[str]
) -> None:
    """The table of the sides, the games' own tables (Roquet's hands, Lansquenet's chips, Apology's
    success) all print an interval in brackets; no cell is a figure, a dash and a figure."""
    screen = _screen(monkeypatch)
    result = runner.invoke(app, ["simulate", game, "-n", "4", "--seed", "3", *args])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    assert INTERVAL.search(text), text
    cells = [c.strip() for line in text.splitlines() for c in line.split("│")]
    assert not [c for c in cells if DASHED.fullmatch(c)], text
    assert "–" not in text, text


def test_a_negative_points_interval_in_the_sweep_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep's table of every run prints the points' interval the same way, a negative one too."""
    screen = _screen(monkeypatch)
    args = ["simulate", "apology", "-n", "6", "--seed", "1", "--players", "random,random,random,random"]
    result = runner.invoke(app, [*args, "-o", "deals=1", "--sweep", "target_shift=-10,10"])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    overview = text[text.index("sweep of target_shift") :]
    assert re.search(r"\[-\d+\.\d\d, -?\d+\.\d\d\]", overview), overview
    assert "–" not in overview, overview


# --- 2. parlour odds --json: exact fractions, and rounded estimates ----------------------------------


def _numbers(value: Any) -> list[float]:
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return [value] if isinstance(value, float) else []


def test_odds_json_gives_exact_fractions_and_rounded_estimates(tmp_path: Path) -> None:
    """``odds --json`` wrote the float sums' noise (0.5058697972251868, 0.30000000000000004): the exact
    figures are fractions ("7/103") with a decimal to 12 digits, the engine's to 6 decimal places.
    (Since words-12 the engine's figures are whole, its mean summed exactly, and the interval the
    table prints, ``interval_printed``, is the one rounded: test_words12.py.)"""
    from parlour.games.lansquenet.commands import ENGINE_PLACES, EXACT_DIGITS

    out = tmp_path / "odds.json"
    args = ["odds", "lansquenet", "--packs", "2", "--twins", "--deals", "300", "--json", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    for figure in data["figures"].values():
        exact = Fraction(figure["exact"])
        assert figure["decimal"] == pytest.approx(float(exact), rel=10.0 ** (1 - EXACT_DIGITS))
        assert len(repr(figure["decimal"]).lstrip("0.").replace(".", "")) <= EXACT_DIGITS
        assert figure["interval_printed"] == [round(n, ENGINE_PLACES) for n in figure["interval"]], figure
    assert _numbers(data["through_shoe"])
    assert Fraction(data["deals_per_same_rank"]) == 1 / Fraction(data["figures"]["same_rank"]["exact"])


def test_the_guide_says_how_odds_gives_its_numbers() -> None:
    guide = (Path(__file__).parent.parent / "docs" / "simulation.md").read_text()
    assert "parlour odds lansquenet" in guide and "decimal places" in guide


# --- 3. a sweep that would play one game twice ---------------------------------------------------------


@pytest.mark.parametrize(
    ("sweep", "options", "said"),
    [
        ("stacks=7,7,7,6;auto;9,9,9", [], "stacks=auto plays the same game as stacks=7,7,7,6"),
        ("stacks=auto;9,9,9;7, 7,7,6", [], "stacks=7, 7,7,6 plays the same game as stacks=auto"),
        ("stacks=10,10,10,9;auto", ["-o", "pack=tarot78"], "stacks=auto plays the same game as"),
    ],
)
def test_a_sweep_refuses_a_value_that_plays_the_same_game_again(
    sweep: str, options: list[str], said: str
) -> None:
    """The guide's ``stacks=7,7,7,6;auto;9,9,9`` played one game twice: ``auto`` is 7,7,7,6 with the
    tarock pack. Refused before any match, like a value given twice."""
    args = ["simulate", "open-tarock", "-n", "1", "--players", "random,random", *options, "--sweep", sweep]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split()), result.output


def test_open_tarock_plays_auto_as_its_packs_stacks() -> None:
    assert (
        parlour.make("open-tarock", stacks="auto").played_options()
        == parlour.make("open-tarock", stacks="7,7,7,6").played_options()
    )
    tarot = parlour.make("open-tarock", pack="tarot78").played_options()
    assert tarot["stacks"] == "10,10,10,9"
    assert parlour.make("roquet").played_options() == dict(parlour.make("roquet").options)


def test_the_guides_sweep_plays_three_games() -> None:
    guide = (Path(__file__).parent.parent / "docs" / "simulation.md").read_text()
    sweep = re.search(r"--sweep '(stacks=[^']*)'", guide)
    assert sweep is not None
    values = sweep.group(1).removeprefix("stacks=").split(";")
    played = [parlour.make("open-tarock", stacks=v).played_options()["stacks"] for v in values]
    assert len(set(played)) == len(values) >= 3, played


# --- 4. Ctrl-C as a run's matches are summed up ---------------------------------------------------------


def _ctrl_c_once(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
    """``module.name`` hears Ctrl-C the first time it is called, as a key pressed just then."""
    real = getattr(module, name)
    calls = [0]

    def once(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == 1:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, once)


def test_ctrl_c_as_the_matches_are_summed_up_keeps_them_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every match played, Ctrl-C while a game's own figures were worked out (a long run's take a
    while) ended the run with none of them: ``simulate`` raised a bare ``KeyboardInterrupt``."""
    _ctrl_c_once(monkeypatch, parlour.sim, "summarise")
    try:
        simulate("roquet", ["random", "random"], 5, seed=2, keep_records=True)
    except KeyboardInterrupt as exc:  # (a bare one, escaping, would end the test session)
        stopped = exc
    else:
        pytest.fail("Ctrl-C was not heard")
    assert isinstance(stopped, parlour.sim.SimulationStopped), repr(stopped)
    assert stopped.played == 5 and stopped.summary is not None
    monkeypatch.undo()
    assert stopped.summary.figures() == simulate("roquet", ["random", "random"], 5, seed=2).figures()


@pytest.mark.parametrize("where", ["summarise", "bar"])
def test_the_command_keeps_a_run_whose_last_matches_were_summed_up_at_ctrl_c(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, where: str
) -> None:
    """A Ctrl-C as the last matches were summed up, or as the bar went, lost the whole run ("nothing is
    written: no match had finished"), or marked it partial. The run is whole: its figures are printed
    and written unmarked, its records all there; the runs after it are not played, and the exit is 130."""
    if where == "summarise":
        _ctrl_c_once(monkeypatch, parlour.sim, "summarise")
    else:
        real = main.progress_bar

        class Bar:
            def __init__(self, label: str) -> None:
                self.bar = real(label)

            def __enter__(self) -> Any:
                return self.bar.__enter__()

            def __exit__(self, *exc: Any) -> None:
                self.bar.__exit__(*exc)
                raise KeyboardInterrupt

        monkeypatch.setattr(main, "progress_bar", Bar)
    screen = _screen(monkeypatch)
    records, figures = tmp_path / "r.jsonl", tmp_path / "f.json"
    args = ["simulate", "roquet", "-n", "4", "--seed", "2", "--players", "random,random"]
    args += ["--sweep", "target=100,150", "--records", str(records), "--json", str(figures)]
    result = runner.invoke(app, args)
    assert result.exit_code == 130, result.output
    assert "target = 100" in screen.export_text()
    written = json.loads(figures.read_text())
    assert [(run["matches"], run["partial"]) for run in written] == [(4, False)]
    read = read_records(records)
    assert [(run.options["target"], run.matches) for run in read.runs] == [(100, 4)]
    assert read.stopped is not None and read.stopped["sweep"] == {"target": 150}
    assert read.stopped["matches"] == 0
    said = " ".join(result.output.split())
    assert "after 0 of 4 matches of the run target=150" in said, said


def test_a_single_run_whole_at_ctrl_c_is_written_whole(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _ctrl_c_once(monkeypatch, parlour.sim, "summarise")
    _screen(monkeypatch)
    records = tmp_path / "r.jsonl"
    args = ["simulate", "roquet", "-n", "3", "--players", "random,random", "--records", str(records)]
    result = runner.invoke(app, args)
    assert result.exit_code == 130, result.output
    read = read_records(records)
    assert not read.partial and [run.matches for run in read.runs] == [3]
    assert "every match was played" in " ".join(result.output.split())


# --- 5. gymnasium.make cannot make another game under a game's id ---------------------------------------


def test_a_gymnasium_id_refuses_another_games_name() -> None:
    """Gymnasium lets ``make``'s keywords override the registered ones: ``name="roquet"`` made Roquet
    under Bezique's id and spec."""
    require("gymnasium", "pettingzoo")
    import gymnasium

    import parlour.pettingzoo

    with pytest.raises(ValueError, match="parlour/bezique-v0 is bezique; for roquet, make parlour/roquet-v0"):
        gymnasium.make("parlour/bezique-v0", name="roquet")
    same = gymnasium.make("parlour/bezique-v0", name="bezique", target=300)
    assert isinstance(same.unwrapped, parlour.pettingzoo.SingleSeatEnv)
    assert same.unwrapped.table.game.name == "bezique" and same.unwrapped.table.game.options["target"] == 300
    assert parlour.pettingzoo.gym_env("roquet").table.game.name == "roquet"
    assert same.spec is not None
    assert json.loads(same.spec.to_json())["kwargs"]["name"] == "bezique"  # (its spec still serialises)


# --- 6. a records file's size: each line keeps its run, and a .gz name compresses it ------------------


def test_a_records_file_named_gz_is_written_through_gzip_and_read_back(tmp_path: Path) -> None:
    """Each line names its run, which doubles a file (docs/simulation.md gives the figures); a short
    run id would break a filtered file's replay (tests/test_review2.py). A name ending in ``.gz``
    compresses what repeats: written through gzip, read back, played again."""
    import gzip

    plain, packed = tmp_path / "r.jsonl", tmp_path / "r.jsonl.gz"
    args = ["simulate", "roquet", "-n", "6", "--seed", "5", "--players", "random,random"]
    for path in (plain, packed):
        result = runner.invoke(app, [*args, "--records", str(path)])
        assert result.exit_code == 0, result.output
    assert packed.read_bytes()[:2] == b"\x1f\x8b"  # gzip's magic number
    assert gzip.decompress(packed.read_bytes()).decode() == plain.read_text()
    assert packed.stat().st_size < plain.stat().st_size / 3
    read = read_records(packed)
    assert read.matches == read_records(plain).matches and [run.matches for run in read.runs] == [6]
    again = read.runs[0].simulate()
    assert [r.seed for r in again.records] == [line["seed"] for line in read.matches]


# --- 7. what a designer's walk found -------------------------------------------------------------------


def test_odds_says_how_often_a_same_rank_start_comes_in_whole_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a shoe the line under the table said "comes once in 311/23 deals", a fraction of deals; and
    the figures dealt through the shoe read "0.0790 ([0.0680, 0.0916])", brackets in parentheses."""
    screen = Console(width=300, record=True, file=io.StringIO())
    monkeypatch.setattr("parlour.games.lansquenet.commands.Console", lambda: screen)
    result = runner.invoke(app, ["odds", "lansquenet", "--packs", "6", "--deals", "200"])
    assert result.exit_code == 0, result.output
    said = " ".join(screen.export_text().split())
    assert "A same-rank start comes 23 times in 311 deals (about once in 13.52)" in said, said
    assert re.search(r"same-rank start \d\.\d{4}, 95% interval \[\d\.\d{4}, \d\.\d{4}\];", said), said
    assert "([" not in said, said
    result = runner.invoke(app, ["odds", "lansquenet", "--deals", "200"])
    assert "A same-rank start comes once in 17 deals;" in " ".join(screen.export_text().split())


def test_apologys_sweep_plot_marks_the_values_swept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Apology's picture of ``--sweep target_shift=-10,0,10`` marked its axis -10, -7.5, -5, ...: the
    values swept, where its points are, went unnamed. (The other games' picture names them.)"""
    require("matplotlib", "plot")
    from matplotlib.figure import Figure

    drawn: list[Figure] = []
    real = Figure.savefig

    def keep(self: Figure, *args: Any, **kwargs: Any) -> None:
        drawn.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    _screen(monkeypatch)
    args = ["simulate", "apology", "-n", "2", "--players", "random,random,random,random", "-o", "deals=1"]
    result = runner.invoke(
        app, [*args, "--sweep", "target_shift=-10,0,10", "--plot", str(tmp_path / "a.png")]
    )
    assert result.exit_code == 0, result.output
    assert len(drawn) == 1
    ticks = [label.get_text() for label in drawn[0].axes[-1].get_xticklabels()]
    assert ticks == ["-10", "0", "10"], ticks


def test_a_sweep_plots_legends_stand_beside_the_panels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Placed "best" inside each panel, the legend hid a side's point and bar (Open Tarock's 70% at
    6,6,6,6,3): it stands beside the panel."""
    require("matplotlib", "plot")
    from parlour.plots import sweep_figure

    summaries = [
        simulate("roquet", ["random", "random"], 3, seed=1, options={"target": t}) for t in (100, 150)
    ]
    fig = sweep_figure("roquet", "target", ["100", "150"], summaries)
    fig.canvas.draw()
    for ax in fig.axes:
        legend = ax.get_legend()
        assert legend is not None
        assert not legend.get_window_extent().overlaps(ax.get_window_extent())
        assert fig.bbox.contains(*legend.get_window_extent().corners()[-1])  # not cut off the figure
