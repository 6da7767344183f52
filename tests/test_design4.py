"""A designer's tools, the rough edges left (design-4): the sides' table whole in 80 columns, a second
Ctrl-C as a pool's matches are salvaged, the sweep's own suggestion for values with commas, Apology's
legend, ``--records X.GZ``, ``odds`` judging the interval it prints, and what a walk through the tools
found."""

from __future__ import annotations

import gzip
import importlib
import io
import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.cli import app
from parlour.sim import read_records
from tests.extras import require

main = importlib.import_module("parlour.cli.main")
runner = CliRunner()


def _screen(monkeypatch: pytest.MonkeyPatch, width: int = 80) -> Console:
    """The command's console, of a set width whatever the terminal's, recorded."""
    screen = Console(width=width, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "console", screen)
    return screen


# --- 5. --records X.GZ -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["R.JSONL.GZ", "r.jsonl.Gz"])
def test_a_records_file_named_gz_in_capitals_is_gzip(tmp_path: Path, name: str) -> None:
    """``--records X.GZ`` was written plain (the suffix was read in lower case only), and read back as
    plain: the suffix decides in any case, for writing and for reading."""
    plain, packed = tmp_path / "r.jsonl", tmp_path / name
    args = ["simulate", "roquet", "-n", "3", "--seed", "5", "--players", "random,random"]
    for path in (plain, packed):
        result = runner.invoke(app, [*args, "--records", str(path)])
        assert result.exit_code == 0, result.output
    assert packed.read_bytes()[:2] == b"\x1f\x8b"  # gzip's magic number
    assert gzip.decompress(packed.read_bytes()).decode() == plain.read_text()
    assert read_records(packed).matches == read_records(plain).matches


# --- 6. odds judges the interval it prints -----------------------------------------------------------------


def test_odds_judges_the_exact_value_against_the_interval_it_prints(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """82 deals (seed 53) give 9 same-rank starts, a Wilson interval from 0.0588265: 1/17 = 0.0588235
    lay outside it, and the table said "(exact outside)" beside "[0.0588, 0.1956]" and 0.058824, which
    read inside. What is judged is what is printed, in the table and in ``--json`` alike."""
    screen = Console(width=200, record=True, file=io.StringIO())
    monkeypatch.setattr("parlour.games.lansquenet.commands.Console", lambda: screen)
    out = tmp_path / "odds.json"
    args = ["odds", "lansquenet", "--deals", "82", "--seed", "53", "--json", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    row = next(line for line in screen.export_text().splitlines() if "same-rank start" in line)
    assert "[0.0588, 0.1956]" in row and "0.058824" in row, row
    assert "outside" not in row, row
    same = json.loads(out.read_text())["figures"]["same_rank"]
    # (since words-12 ``interval`` is the engine's whole, the one printed ``interval_printed``)
    assert same["interval_printed"] == [0.0588, 0.1956] and same["exact_inside"] is True, same


@pytest.mark.parametrize(
    ("lo", "hi", "inside"),
    [
        (0.0588265, 0.19, True),  # printed [0.0588, 0.1900]: 1/17 inside (judged before: outside)
        (0.02, 0.0588257, False),  # printed [0.0200, 0.0588]: 1/17 outside (judged before: inside)
        (0.05886, 0.19, False),  # printed [0.0589, 0.1900]
        (0.0, 0.05886, True),  # printed [0.0000, 0.0589]
    ],
)
def test_the_exact_value_is_judged_against_the_rounded_interval(lo: float, hi: float, inside: bool) -> None:
    from parlour.games.lansquenet.commands import _interval, exact_inside

    assert exact_inside(Fraction(1, 17), lo, hi) is inside
    printed = [Fraction(n) for n in _interval(lo, hi).strip("[]").split(", ")]
    assert (printed[0] <= Fraction(1, 17) <= printed[1]) is inside, _interval(lo, hi)


# --- 3. the sweep's suggestion for values with commas works ------------------------------------------------

TAROCK = ["simulate", "open-tarock", "-n", "1", "--seed", "1", "--players", "random,random"]


def _said(output: str) -> str:
    return " ".join(output.split())


def test_the_sweeps_suggestion_for_values_with_commas_is_taken() -> None:
    """The command's own suggestion, run as it is given, plays the sweep."""
    result = runner.invoke(app, [*TAROCK, "--sweep", "stacks=auto,9,9,9"])
    assert result.exit_code == 2, result.output
    suggested = re.search(r"--sweep '([^']*)'", _said(result.output))
    assert suggested is not None, result.output
    again = runner.invoke(app, [*TAROCK, "--sweep", suggested.group(1)])
    assert again.exit_code == 0, again.output


@pytest.mark.parametrize(
    ("sweep", "said"),
    [
        (
            "stacks=7,7,7,6,auto",
            "('stacks=7,7,7,6;auto'), plays one game twice (stacks=auto as stacks=7,7,7,6)",
        ),
        ("stacks=9,9,9,9,9,9", "('stacks=9,9,9;9,9,9'), plays one game twice (stacks=9,9,9 twice)"),
    ],
)
def test_the_sweep_suggests_no_values_it_refuses_as_one_game_twice(sweep: str, said: str) -> None:
    """``--sweep stacks=7,7,7,6,auto`` was told "as in --sweep 'stacks=7,7,7,6;auto'", which, run,
    was refused: auto plays 7,7,7,6 with the tarock pack. Whatever the message suggests is not refused."""
    result = runner.invoke(app, [*TAROCK, "--sweep", sweep])
    assert result.exit_code == 2, result.output
    words = _said(result.output)
    assert said in words and "give each value once" in words, words
    for suggested in re.findall(r"--sweep '([^']*)'", words):  # (none: no reading plays each game once)
        assert runner.invoke(app, [*TAROCK, "--sweep", suggested]).exit_code == 0, suggested


# --- 1. the sides' table keeps the final score in 80 columns -----------------------------------------------


def _sides_rows(text: str) -> list[list[str]]:
    """The cells of the sides' table (the first table), a row each, lines a cell wraps onto joined."""
    rows: list[list[str]] = []
    for line in text.split("└")[0].splitlines():
        if not line.startswith("│"):
            continue
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if cells[0].startswith("seat"):
            rows.append(cells)
        else:
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=True)]
    return rows


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("lansquenet", "heuristic,heuristic,heuristic,heuristic"),
        ("lansquenet", "heuristic,random,heuristic,random"),
        ("bishops-whist", "heuristic,random,heuristic,random"),
        ("bezique", "heuristic,random"),
        ("roquet", "random,random"),
        ("open-tarock", "random,random"),
        ("apology", "random,random,random,random"),
    ],
)
def test_the_sides_table_keeps_the_final_score_in_80_columns(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str, players: str
) -> None:
    """In 80 columns the table left out the final score (it was in ``--json`` only): the players are
    named once above it where their column leaves no room, and every line fits."""
    screen = _screen(monkeypatch, 80)
    out = tmp_path / "f.json"
    args = ["simulate", game, "-n", "3", "--seed", "1", "--players", players, "--json", str(out)]
    if game == "apology":
        args += ["-o", "deals=1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    assert all(len(line) <= 80 for line in text.splitlines()), text
    head = text.split("┡")[0]
    assert "final" in head and "score" in head and "…" not in text.split("└")[0], head
    data = json.loads(out.read_text())
    rows = _sides_rows(text)
    assert len(rows) == len(data["sides"]), text
    for side, row in zip(data["sides"], rows, strict=True):
        assert row[-1] == f"{side['mean_final_score']:.1f}", (row, text)
    kinds = players.split(",")
    if "players" not in head:  # named once, above the table
        said = " ".join(text.split("┏")[0].split())
        named = (
            f"{kinds[0]} at every seat"
            if len(set(kinds)) == 1
            else ", ".join(f"seat {seat} {kind}" for seat, kind in enumerate(kinds, 1))  # (from 1: design-5)
        )
        assert named in said, said


# --- 4. Apology's legends stand beside its panels ----------------------------------------------------------


def test_apologys_plot_legends_stand_beside_the_panels(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The taker's success panel had its legend placed "best" inside it, on the lines' points and bars
    (the other games' and the points' panel stand beside theirs): no legend lies on its panel, and none
    is cut off the picture."""
    require("matplotlib", "plot")
    from matplotlib.figure import Figure

    drawn: list[Figure] = []
    real = Figure.savefig

    def keep(self: Figure, *args: Any, **kwargs: Any) -> None:
        drawn.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    _screen(monkeypatch)
    args = ["simulate", "apology", "-n", "4", "--seed", "2", "--players", "random,random,random,random"]
    args += ["-o", "deals=2", "--sweep", "target_shift=-10,10", "--plot", str(tmp_path / "a.png")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    (fig,) = drawn
    legends = [(ax, legend) for ax in fig.axes if (legend := ax.get_legend()) is not None]
    assert len(legends) == 2, legends  # the taker's success and the points a hand
    for ax, legend in legends:
        box = legend.get_window_extent()
        assert not box.overlaps(ax.get_window_extent()), ax.get_ylabel()
        assert fig.bbox.contains(*box.corners()[-1]) and fig.bbox.contains(*box.corners()[0])


# --- 2. a second Ctrl-C as the matches a first one kept are gathered ---------------------------------------

SECOND_CTRL_C = r"""
import json, os, signal, sys
import parlour.sim as sim

moment, me, kill = sys.argv[1], os.getpid(), os.kill


def again():
    kill(me, signal.SIGINT)  # Ctrl-C again, heard at the next line of Python


if moment == "signalling":  # as the pool's workers are told to stop
    def told(pid, sig):
        kill(pid, sig)
        if pid != me:
            sim.os.kill = kill
            again()
    sim.os.kill = told
else:  # as the pool is ended, as the matches are summed up
    name = {"ending": "stop_pool", "summing": "_summary"}[moment]
    real = getattr(sim, name)

    def twice(*args, **kwargs):
        setattr(sim, name, real)
        again()
        return real(*args, **kwargs)

    setattr(sim, name, twice)
back = []
RUN = ("open-tarock", ["random", "random"])


def progress(k):
    back.append(k)
    if len(back) == 1:
        kill(me, signal.SIGINT)  # the first Ctrl-C, as the first chunk comes back


try:
    sim.simulate(*RUN, 120, seed=3, jobs=2, progress=progress)
except sim.SimulationStopped as stop:
    same = stop.summary is not None and (
        stop.summary.figures() == sim.simulate(*RUN, stop.played, seed=3).figures()
    )
    print(json.dumps({"stopped": "SimulationStopped", "played": stop.played, "back": back[0], "same": same}))
except KeyboardInterrupt:
    print(json.dumps({"stopped": "KeyboardInterrupt", "back": back[0]}))
"""


@pytest.mark.parametrize("moment", ["signalling", "ending", "summing"])
def test_a_second_ctrl_c_as_a_pools_matches_are_salvaged_keeps_them(moment: str) -> None:
    """``--jobs 2``, Ctrl-C as the first chunk came back, then Ctrl-C again as the workers were told to
    stop, as the pool was ended or as the matches were summed up: a bare ``KeyboardInterrupt`` ended
    the run with none of them (the command said no match had finished). It is let be: the run ends as
    stopped, with every match given back, the first matches in order. (A process of its own, whose
    signals are sent to it at those moments: pytest's own are not to be touched.)"""
    done = subprocess.run(
        [sys.executable, "-c", SECOND_CTRL_C, moment],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parent.parent,
    )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["stopped"] == "SimulationStopped", (said, done.stderr)
    assert said["played"] >= said["back"] > 0 and said["same"], said


SECOND_CTRL_C_WRITING = r"""
import os, signal, sys
import importlib
main = importlib.import_module("parlour.cli.main")

me, kill = os.getpid(), os.kill
real_simulate, real_write = main.simulate, main.write_records


def simulate(*args, progress, **kwargs):
    def first(k):
        kill(me, signal.SIGINT)  # the first Ctrl-C, as the first matches come back
        progress(k)
    return real_simulate(*args, progress=first, **kwargs)


def write_records(*args, **kwargs):
    kill(me, signal.SIGINT)  # Ctrl-C again, as the records are written
    return real_write(*args, **kwargs)


main.simulate, main.write_records = simulate, write_records
main.app(["simulate", "roquet", "-n", "40", "--players", "random,random", "--records", sys.argv[1]])
"""


def test_a_second_ctrl_c_as_the_files_are_written_does_not_cut_them(tmp_path: Path) -> None:
    """After Ctrl-C the command writes ``--records`` and ``--json`` with the matches played; Ctrl-C
    again as it wrote ended it with no file written (and exit 130 all the same). It is let be: the file
    is written, marked partial, and the command exits 130."""
    records = tmp_path / "r.jsonl"
    done = subprocess.run(
        [sys.executable, "-c", SECOND_CTRL_C_WRITING, str(records)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parent.parent,
    )
    assert done.returncode == 130, (done.stdout, done.stderr)
    read = read_records(records)
    assert read.partial and read.matches and read.stopped is not None
    assert read.stopped["matches"] == len(read.matches) < 40


# --- 7. what a designer's walk found ---------------------------------------------------------------------


def test_odds_gives_its_figures_names_the_room_in_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The heading "engine (3000 deals)", kept whole, made its column three times as wide as its figures,
    and the figures' names broke over three lines ("bank's edge per" / "chip bet")."""
    screen = Console(width=80, record=True, file=io.StringIO())
    monkeypatch.setattr("parlour.games.lansquenet.commands.Console", lambda: screen)
    result = runner.invoke(app, ["odds", "lansquenet", "--packs", "2", "--deals", "3000"])
    assert result.exit_code == 0, result.output
    table = screen.export_text().split("└")[0]
    assert all(len(line) <= 80 for line in table.splitlines()), table
    assert re.search(r"│ bank's edge per chip bet +│", table), table
    assert re.search(r"│ same-rank start +│ 7/103 │ 0\.067961 │ 0\.\d{4} │", table), table


@pytest.mark.parametrize(
    ("game", "players", "sweep"),
    [
        ("bishops-whist", "heuristic,random,heuristic,random", "partners=fixed,cut"),
        ("bezique", "heuristic,random", "target=1000,1500"),
    ],
)
def test_the_sweeps_table_keeps_each_interval_on_one_line_in_80_columns(
    monkeypatch: pytest.MonkeyPatch, game: str, players: str, sweep: str
) -> None:
    """In 80 columns the sweep's table broke every interval a figure a line ("[91.2%," over "100.0%]")
    and "seat" over "0", ten columns to spare: the players are named once under its title, as the
    sides' table does, and each interval and each seat keeps to its line."""
    screen = _screen(monkeypatch, 80)
    args = ["simulate", game, "-n", "3", "--seed", "1", "--players", players, "--sweep", sweep]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    overview = text[text.index(f"{game}: sweep of") :]
    assert all(len(line) <= 80 for line in overview.splitlines()), overview
    said = " ".join(overview.split("┏")[0].split())
    kinds = players.split(",")
    # (the seats numbered from 1 since design-5, as the tables number them)
    assert ", ".join(f"seat {seat} {kind}" for seat, kind in enumerate(kinds, 1)) in said, said
    body = [line for line in overview.splitlines() if line.startswith("│")]
    assert len([line for line in body if line.count("[") == 2]) == 2 + len(kinds), overview  # a row a side
    assert not [line for line in body if re.search(r"\[[^\]]*│|│ *[\d.%-]+\] *│", line)], overview
    assert not re.search(r"│ seat +│", overview), overview  # "seat" over "0"


def test_a_sweep_plots_sides_at_one_value_stand_side_by_side() -> None:
    """At one value every side's point and bar stood at one x, on one another: only the last drawn was
    seen (four seats of Apology's points a hand, Bishops Whist's cut partners). Each stands a little
    aside, the sides of a run centred on its value, which the axis names."""
    require("matplotlib", "plot")
    import numpy

    import parlour
    from parlour.plots import sweep_figure
    from parlour.sim import simulate

    kinds = ["random"] * 4
    summaries = [
        simulate("bishops-whist", kinds, 2, seed=1, options={"partners": p, "hand_limit": 1})
        for p in ("fixed", "cut")
    ]
    assert parlour.make("bishops-whist", partners="cut").num_players == 4
    fig = sweep_figure("bishops-whist", "partners", ["fixed", "cut"], summaries)
    for ax in fig.axes:
        xs = [
            [float(x) for x in numpy.asarray(line.get_xdata())]
            for line in ax.get_lines()
            if line.get_marker() in ("o", "s")
        ]
        assert len(xs) == 6, xs  # two partnerships, then four seats
        for j, value in enumerate([0.0, 1.0]):
            here = [x[j] for x, n in zip(xs, [2, 2, 4, 4, 4, 4], strict=True) if (j == 0) == (n == 2)]
            assert len(set(here)) == len(here), here  # side by side
            assert sum(here) / len(here) == pytest.approx(value) and all(abs(x - value) < 0.5 for x in here)
        assert [t.get_text() for t in ax.get_xticklabels()] == ["fixed", "cut"]


def test_a_run_stopped_after_one_match_says_that_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C after the first match of a slow game (Bezique's heuristic players, 4.7 s a match here)
    said "The figures of those 1 matches follow"; ``duplicate`` "those 1 deals"."""
    import parlour.duplicate
    from parlour.sim import SimulationStopped, simulate

    one = simulate("roquet", ["random", "random"], 1, seed=2)

    def stopped(*args: Any, **kwargs: Any) -> None:
        raise SimulationStopped(one, 4)

    monkeypatch.setattr(main, "simulate", stopped)
    _screen(monkeypatch)
    result = runner.invoke(
        app, ["simulate", "roquet", "-n", "4", "--seed", "2", "--players", "random,random"]
    )
    assert result.exit_code == 130, result.output
    said = _said(result.output)
    assert "The figures of that match follow." in said and "those 1" not in said, said

    measured = parlour.duplicate.duplicate("roquet", "heuristic", "random", deals=1, seed=2)

    def deal_stopped(*args: Any, **kwargs: Any) -> None:
        raise parlour.duplicate.DuplicateStopped(measured, 3)

    monkeypatch.setattr(parlour.duplicate, "duplicate", deal_stopped)
    args = ["duplicate", "roquet", "--candidate", "heuristic", "--baseline", "random", "--deals", "3"]
    result = runner.invoke(app, args)
    assert result.exit_code == 130, result.output
    said = _said(result.output)
    assert "The figure of that deal follows." in said and "those 1" not in said, said


def test_commas_that_may_be_one_value_suggest_no_runs_of_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text that may be one value or several was told its ';' form for several runs even where they
    play one game twice (and would be refused). No built-in option takes both "a" and "a,b", so the
    game's answers are stood in for, as test_qa_research3.py does."""
    import typer

    monkeypatch.setattr(main, "errors", Console(file=io.StringIO(), width=200, record=True))
    monkeypatch.setattr(main, "_takes", lambda game, options: True)
    with pytest.raises(typer.Exit):
        main._sweep_values("roquet", {}, "target", "100,100")
    said = main.errors.export_text()
    assert "play one game twice" in said and "target=100;100" not in said, said
    with pytest.raises(typer.Exit):
        main._sweep_values("roquet", {}, "target", "100,150")
    assert "'target=100;150' for 2 runs" in main.errors.export_text()
