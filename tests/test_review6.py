"""review-6: the seats numbered from 1 and the designer's tables, tried at 60, 80 and 200 columns.

Each test here failed before the fix it came with (see the commits)."""

from __future__ import annotations

import importlib
import importlib.util
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.cli import app

main = importlib.import_module("parlour.cli.main")  # the package's ``main`` is also a function
runner = CliRunner()

INTERVAL = re.compile(r"\[-?[\d.]+%?, -?[\d.]+%?\]")
"""An interval as the tables print it, whole: "[23.7%, 76.3%]", "[-65.33, 65.33]"."""


def _screen(monkeypatch: pytest.MonkeyPatch, width: int) -> Console:
    """The command's console, of a set width whatever the terminal's, recorded."""
    screen = Console(width=width, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "console", screen)
    return screen


def _table(text: str, title: str) -> tuple[list[str], list[list[str]], list[str]]:
    """The table under ``title``: its heading's cells (the words of each column, joined), its body's
    lines' cells, and the lines printed after it."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(title))
    heads: list[list[str]] = []
    body: list[list[str]] = []
    end = start
    for end in range(start, len(lines)):
        line = lines[end]
        if line.startswith("└"):
            break
        cells = [cell.strip() for cell in re.split(r"[│┃]", line.strip())[1:-1]]
        if line.startswith("┃"):
            heads.append(cells)
        elif line.startswith("│"):
            body.append(cells)
    heading = [" ".join(h[i] for h in heads if h[i]) for i in range(len(heads[0]))] if heads else []
    return heading, body, lines[end + 1 :]


@pytest.mark.parametrize("width", [60, 80, 200])
def test_a_sweeps_table_keeps_each_seat_and_interval_whole_or_says_what_it_left_out(
    width: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """In 60 columns the sweep's table broke every side over "seat" and "1" and every interval over two
    lines ("[23.7%," over "76.3%]"), where the sides table beside it left out the points' interval with
    a word: each side is "seat N" on a line of its own, each interval whole, and a column left out is
    named under the table, each figure still in --json."""
    screen = _screen(monkeypatch, width)
    out = tmp_path / "sweep.json"
    args = ["simulate", "lansquenet", "-n", "3", "-o", "stake=20", "--sweep", "players=2,10"]
    result = runner.invoke(app, [*args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    heading, body, after = _table(text, "lansquenet: sweep of players")
    assert all(len(line) <= width for line in text.splitlines()), text
    side = heading.index("side")
    runs = json.loads(out.read_text())
    wanted = [f"seat {s + 1}" for run in runs for side_ in run["sides"] for s in side_["seats"]]
    assert [row[side] for row in body] == wanted, text  # one line a side, "seat 10" whole
    for i, col in enumerate(heading):
        if "interval" in col:
            assert all(INTERVAL.fullmatch(row[i]) for row in body), text
    if "points' 95% interval" not in heading:
        assert any("left out" in line and "points' 95% interval" in line for line in after[:2]), text


def test_duplicate_seats_beyond_lansquenets_table_says_how_to_seat_more() -> None:
    """``play lansquenet --seat 6`` says "-o players=N, 2 to 10"; ``duplicate lansquenet --seats 6``
    said only that the seats are 1 to 4, as if a table could not seat more."""
    result = runner.invoke(
        app, ["duplicate", "lansquenet", "--deals", "1", "--seats", "6"], env={"COLUMNS": "200"}
    )
    assert result.exit_code != 0
    said = " ".join(result.output.split())
    assert "the seats are 1 to 4, and 6 is none of them" in said, said
    assert "-o players=N, 2 to 10" in said, said


ROOT = Path(__file__).resolve().parents[1]


class _Asked(Exception):
    """Raised by a stand-in for ``duplicate``: the seats it was asked to measure."""

    def __init__(self, seats: object) -> None:
        super().__init__(seats)
        self.seats = seats


def _benchmark(name: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A benchmark script as a module, its ``duplicate`` a stand-in that says which seats it was given."""
    spec = importlib.util.spec_from_file_location(f"review6_{name}", ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def asked(*args: Any, seats: object = None, **kwargs: Any) -> Any:
        raise _Asked(seats)

    monkeypatch.setattr(module, "duplicate", asked)
    return module


@pytest.mark.parametrize("name", ["strength", "strength_bishops_whist"])
def test_the_strength_benchmarks_take_seats_from_1_as_their_line_prints_them(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``benchmarks/strength.py --seats 0,1`` and ``strength_bishops_whist.py --seats 0`` took the engine's
    numbers while the line they print (``Duplicate.line``) numbers the seats from 1, as ``parlour
    duplicate --seats`` takes them: ``--seats 2`` measured the line's "seat 3". They take 1..N now, and a
    0 is refused rather than read as a seat."""
    module = _benchmark(name, monkeypatch)
    game = ["--game", "bishops-whist"] if name == "strength" else []
    seats = ["--seats", "2,4"] if name == "strength" else ["--seats", "2", "4"]

    def run(argv: list[str]) -> None:
        if name == "strength":
            monkeypatch.setattr("sys.argv", [f"{name}.py", *argv])
            module.main()
        else:
            module.main(argv)

    with pytest.raises(_Asked) as asked:
        run([*game, "--deals", "1", *seats])
    assert asked.value.seats == [1, 3]  # the engine's numbers of seats 2 and 4
    zero = ["--seats", "0,1"] if name == "strength" else ["--seats", "0", "1"]
    with pytest.raises(SystemExit) as refused:
        run([*game, "--deals", "1", *zero])
    assert refused.value.code == 2
    assert "numbered from 1" in capsys.readouterr().err


def test_duplicates_help_breaks_no_sentence_where_its_source_does() -> None:
    """``duplicate --help`` broke its sentence after "once per measured seat with the" at any width
    (the docstring's own line end, kept by typer): a person read "the" and "candidate there" a line
    apart even in 200 columns."""
    said = runner.invoke(app, ["duplicate", "--help"], env={"COLUMNS": "200", "TERM": "dumb"})
    assert said.exit_code == 0, said.output
    lines = [line.strip(" │") for line in said.output.splitlines()]
    assert any("once per measured seat with the candidate" in line for line in lines), said.output
    assert not any(line.endswith(" the") for line in lines), said.output


MIXED = ["-o", "hand_limit=1", "--players", "heuristic,random,random,heuristic"]
"""Bishops Whist's partnerships of mixed players: the players are named under the title at 60 columns."""


@pytest.mark.parametrize(
    ("args", "title"),
    [
        (["-n", "2", *MIXED], "bishops-whist: 2 matches"),
        (["-n", "4", *MIXED, "--sweep", "partners=fixed,cut"], "bishops-whist: sweep of partners"),
    ],
    ids=["sides", "sweep"],
)
@pytest.mark.parametrize("width", [60, 80])
def test_a_tables_title_breaks_between_its_phrases_never_inside_a_seat_or_a_seed(
    args: list[str], title: str, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In 60 columns the title of the sweep's table read "..., seed" over "0", and the players named
    under it "..., seat 3 random, seat" over "4 heuristic": a seat's number a line away from its word.
    A title too wide for its table breaks after a comma, each seat and the seed whole on their line."""
    screen = _screen(monkeypatch, width)
    result = runner.invoke(app, ["simulate", "bishops-whist", *args])
    assert result.exit_code == 0, result.output
    lines = screen.export_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(title))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("┏"))
    heading = [line.strip() for line in lines[start:end]]
    assert not any(re.search(r"\b(seats?|seed)$", line) for line in heading), heading
    assert not any(re.match(r"\d", line) for line in heading), heading
    assert re.search(r"\bseed \d+\b", " ".join(heading)), heading
    named = " ".join(heading)
    if "heuristic," in named:  # the players, named under the title rather than in a column
        assert [s for line in heading for s in re.findall(r"seat \d+ \w+", line)] == [
            "seat 1 heuristic",
            "seat 2 random",
            "seat 3 random",
            "seat 4 heuristic",
        ], heading


@pytest.mark.parametrize("width", [60, 80])
def test_odds_keeps_each_interval_on_one_line(width: int) -> None:
    """``parlour odds lansquenet`` in 60 columns broke each interval of its check over two lines
    ("[0.0563," over "0.0629]"), where every other table keeps an interval whole."""
    said = runner.invoke(app, ["odds", "lansquenet", "--deals", "200"], env={"COLUMNS": str(width)})
    assert said.exit_code == 0, said.output
    heading, body, _ = _table(said.output, "Lansquenet:")
    assert all(len(line) <= width for line in said.output.splitlines()), said.output
    column = heading.index("95% interval")
    shown = [row[column] for row in body if row[column]]
    assert len(shown) == 3 and all(INTERVAL.fullmatch(cell) for cell in shown), said.output


def _rows_as_read(text: str, title: str) -> list[str]:
    """The first cell of each row of the table under ``title`` as a person reads it: a line a row, or
    where rows are ruled apart, the lines between two rules joined."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(title))
    body = lines[next(i for i in range(start, len(lines)) if lines[i].startswith("┡")) + 1 :]
    ruled = any(
        line.startswith("├") for line in body[: next(i for i, x in enumerate(body) if x.startswith("└"))]
    )
    rows: list[list[str]] = [[]]
    for line in body:
        if line.startswith("└"):
            break
        if line.startswith("├"):
            rows.append([])
            continue
        cell = line.split("│")[1].strip()
        if ruled:
            rows[-1].append(cell)
        else:
            rows.append([cell])
    return [" ".join(part for part in row if part) for row in rows if row]


@pytest.mark.parametrize("width", [60, 80])
def test_a_games_table_whose_names_wrap_reads_a_row_a_name(
    width: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """In 60 columns Roquet's table printed "hands where the livret runs" and under it "empty" on a line
    of its own, its figures blank: a row named "empty" to the reader. Where a name wraps, the rows are
    ruled apart, so each reads as the figure of ``--json``'s table it is."""
    screen = _screen(monkeypatch, width)
    out = tmp_path / "roquet.json"
    result = runner.invoke(app, ["simulate", "roquet", "-n", "2", "--json", str(out)])
    assert result.exit_code == 0, result.output
    (table,) = [t for t in json.loads(out.read_text())["extra"]["tables"] if t["title"] == "Roquet hands"]
    assert _rows_as_read(screen.export_text(), "Roquet hands") == [row[0] for row in table["rows"]]


@pytest.mark.parametrize("level", ["4", "-1", "x"])
def test_build_compiled_refuses_a_bad_level_by_the_command_that_was_typed(
    level: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m parlour.build_compiled --opt-level 4`` was refused as "build_compiled.py: error: ...",
    a name nobody typed (argparse's from the module's path); the refusal names the command."""
    from parlour import build_compiled

    with pytest.raises(SystemExit) as refused:
        build_compiled.main(["--out", "/nonexistent/never-built", "--opt-level", level])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "python -m parlour.build_compiled: error: argument --opt-level" in err, err
    assert not Path("/nonexistent/never-built").exists()


LINE = "roquet: heuristic vs random: +17.79 ± 1.45 (95%) points a hand (176 deals, seat 2, 393 µs a move)"
"""A duplicate line as ``Duplicate.line`` writes it, fixed here so that the wrap falls where it may."""


def test_duplicates_line_never_breaks_a_seat_from_its_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """In 80 columns ``duplicate roquet --seats 2`` printed "(176 deals, seat" over "2, 393 µs a move)":
    rich wraps at any space. At every width the line breaks elsewhere, its words all there."""
    from parlour.duplicate import Duplicate

    monkeypatch.setattr(Duplicate, "line", lambda self: LINE)
    for width in range(40, 101):
        screen = _screen(monkeypatch, width)
        result = runner.invoke(app, ["duplicate", "roquet", "--candidate", "random", "--deals", "1"])
        assert result.exit_code == 0, result.output
        lines = [line.rstrip() for line in screen.export_text().splitlines() if line.strip()]
        assert " ".join(line.strip() for line in lines) == LINE, (width, lines)
        assert not any(re.search(r"\bseats?$", line) for line in lines), (width, lines)
        assert all(len(line) <= width for line in lines), (width, lines)
