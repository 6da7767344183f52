"""The designer's tools number seats from 1, as the tables do (design-5).

The web table says "Seat 1", and since 7 December ``play --seat`` and ``duplicate --seats`` take 1..N;
but ``simulate``'s tables, the sweep's, the plots' legends, the game's own tables and ``duplicate``'s
line still printed the engine's numbers ("seats 0 & 2", "seat 0 heuristic, ...", "(1 deal, seats 1,
...)" for the seat given as ``--seats 2``). What a person reads is now counted from 1; what a program
reads (``--json``, ``--records``, the Python API) keeps the engine's numbers from 0, as OpenSpiel and
PettingZoo count players. Each test reads the seats printed and checks them against the file's.
"""

from __future__ import annotations

import gzip
import importlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.cli import app
from tests.extras import require
from tests.test_cluster import scheduler  # noqa: F401 (the fixture: a Dask scheduler and two workers)

main = importlib.import_module("parlour.cli.main")
runner = CliRunner()

SEATS = re.compile(r"\bseats? (\d+(?:(?: & |,)\d+)*)")
"""A seat or a side as printed: "seat 2", "seats 1 & 3", duplicate's "seats 5,1"."""


def _screen(monkeypatch: pytest.MonkeyPatch, width: int = 200) -> Console:
    """The command's console, of a set width whatever the terminal's, recorded."""
    screen = Console(width=width, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "console", screen)
    return screen


def _numbers(text: str) -> tuple[int, ...]:
    """The seats of one printed seat or side: "seats 1 & 3" is (1, 3)."""
    match = SEATS.fullmatch(text.strip())
    assert match is not None, text
    return tuple(int(n) for n in re.split(r" & |,", match.group(1)))


def _every_seat(text: str) -> list[int]:
    """Every seat number printed anywhere in ``text``."""
    return [n for found in SEATS.finditer(text) for n in _numbers(found.group(0))]


def _rows(text: str, title: str) -> list[list[str]]:
    """The cells of each row of the table under ``title`` (a table's rows, until its bottom edge)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if title in line)
    rows = []
    for line in lines[start:]:
        if line.startswith("└"):
            break
        if line.startswith("│"):
            rows.append([cell.strip() for cell in line.strip().strip("│").split("│")])
    return rows


def _plus_one(seats: list[int]) -> tuple[int, ...]:
    return tuple(s + 1 for s in seats)


def _seats_in_range(text: str, players: int) -> None:
    """No printed seat is 0 or beyond the table's ``players``."""
    printed = _every_seat(text)
    assert all(1 <= n <= players for n in printed), (printed, text)


# --- simulate's tables ------------------------------------------------------------------------------------


RUNS: list[tuple[str, list[str], int]] = [
    ("bezique", ["-n", "2"], 2),
    ("bishops-whist", ["-n", "2", "-o", "hand_limit=1"], 4),  # two partnerships
    ("bishops-whist", ["-n", "2", "-o", "hand_limit=1", "-o", "partners=cut"], 4),  # each seat alone
    ("apology", ["-n", "2", "-o", "deals=1"], 4),
    ("lansquenet", ["-n", "3", "-o", "players=3", "-o", "stake=20"], 3),
    ("lansquenet", ["-n", "3", "-o", "players=10", "-o", "stake=20"], 10),  # "seat 10", two digits
]


@pytest.mark.parametrize(("game", "args", "players"), RUNS, ids=[" ".join([g, *a[2:]]) for g, a, _ in RUNS])
def test_simulate_prints_the_json_seats_plus_one(
    game: str, args: list[str], players: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The sides' table said "seats 0 & 2" for the web's Seats 1 and 3; ``--json`` keeps the engine's
    numbers (``"seats": [0, 2]``), so the side printed is the file's plus one, row by row."""
    screen = _screen(monkeypatch)
    out = tmp_path / "figures.json"
    result = runner.invoke(app, ["simulate", game, *args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    data = json.loads(out.read_text())
    sides = [_numbers(row[0]) for row in _rows(text, f"{game}: {data['matches']} matches")]
    assert sides == [_plus_one(side["seats"]) for side in data["sides"]], text
    assert min(s for side in data["sides"] for s in side["seats"]) == 0  # the file counts from 0
    _seats_in_range(text, players)
    assert sorted({n for side in sides for n in side}) == list(range(1, players + 1)), text


def test_the_games_own_tables_number_their_seats_from_1(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Bezique's "points per hand by source" was headed "seat 0", "seat 1", Lansquenet's "final chips
    per seat" had a row "seat 0": the figures under them (``extra`` in ``--json``) stay by the engine's
    seat (Lansquenet's ``"seat": 0``), the tables as printed count from 1."""
    screen = _screen(monkeypatch)
    out = tmp_path / "bezique.json"
    result = runner.invoke(app, ["simulate", "bezique", "-n", "2", "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    heading = next(line for line in text.splitlines() if line.startswith("┃ source"))
    assert [c.strip() for c in heading.strip("┃").split("┃")][1:] == ["seat 1", "seat 2"], heading
    extra = json.loads(out.read_text())["extra"]
    assert extra["tables"][0]["columns"][1:] == ["seat 1", "seat 2"]
    assert all(len(v) == 2 for v in extra["points_per_hand_by_source"].values())  # by the engine's seat

    screen = _screen(monkeypatch)
    out = tmp_path / "lansquenet.json"
    args = ["simulate", "lansquenet", "-n", "3", "-o", "players=4", "-o", "stake=20", "--json", str(out)]
    result = runner.invoke(app, [*args])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    printed = [_numbers(row[0]) for row in _rows(text, "final chips per seat") if row[0]]
    seats = json.loads(out.read_text())["extra"]["seats"]
    assert [seat["seat"] for seat in seats] == [0, 1, 2, 3]
    assert printed == [(seat["seat"] + 1,) for seat in seats], text


NAMED: list[tuple[str, list[str], int]] = [
    ("bishops-whist", ["-o", "hand_limit=1", "--players", "heuristic,random,random,heuristic"], 80),
    ("apology", ["-o", "deals=1", "--players", "heuristic,random,random,random"], 60),
    (
        "lansquenet",
        ["-o", "players=5", "-o", "stake=20", "--players", "heuristic,random,random,random,cautious"],
        60,
    ),
]


@pytest.mark.parametrize(("game", "args", "width"), NAMED, ids=[g for g, _, _ in NAMED])
def test_the_players_named_under_the_title_sit_at_seats_from_1(
    game: str, args: list[str], width: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Where their column leaves no room (80 columns for Bishops Whist's partnerships, 60 for seats
    alone) the players are named once under the title: "seat 0 heuristic, seat 1 random, ..." for
    the seats the web calls 1 and 2."""
    screen = _screen(monkeypatch, width)
    out = tmp_path / "figures.json"
    result = runner.invoke(app, ["simulate", game, "-n", "1", *args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    said = " ".join(screen.export_text().split())
    kinds = json.loads(out.read_text())["players"]
    assert ", ".join(f"seat {k + 1} {kind}" for k, kind in enumerate(kinds)) in said, said
    _seats_in_range(said, len(kinds))


def test_records_keep_the_engines_seats_and_the_tables_do_not(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``--records`` is for programs: its teams and winners are the engine's seats, from 0, while the
    run's table beside it counts from 1."""
    screen = _screen(monkeypatch)
    records = tmp_path / "matches.jsonl.gz"
    args = ["simulate", "bishops-whist", "-n", "3", "-o", "hand_limit=1", "--records", str(records)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in gzip.decompress(records.read_bytes()).decode().splitlines()]
    assert all(line["teams"] == [[0, 2], [1, 3]] for line in lines), lines
    assert all(set(line["winners"]) <= {0, 1, 2, 3} for line in lines), lines
    text = screen.export_text()
    sides = [_numbers(row[0]) for row in _rows(text, "bishops-whist: 3 matches")]
    assert sides == [(1, 3), (2, 4)], text


def test_a_cluster_run_prints_its_seats_from_1(
    scheduler: str,  # noqa: F811 (the fixture imported above)
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """On a Dask cluster the figures are those of one machine, and printed the same way."""
    screen = _screen(monkeypatch)
    out = tmp_path / "figures.json"
    args = ["simulate", "lansquenet", "-n", "4", "-o", "players=3", "-o", "length=deals", "-o", "deals=2"]
    result = runner.invoke(app, [*args, "--cluster", scheduler, "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    data = json.loads(out.read_text())
    sides = [_numbers(row[0]) for row in _rows(text, "lansquenet: 4 matches")]
    assert sides == [_plus_one(side["seats"]) for side in data["sides"]] == [(1,), (2,), (3,)], text
    _seats_in_range(text, 3)


# --- sweeps: the table and the plot -----------------------------------------------------------------------


PARTNERS = ["--sweep", "partners=fixed,cut"]
SWEEPS: list[tuple[str, list[str], int]] = [
    # the sides change between the runs: two partnerships (of mixed players), then four seats alone
    (
        "bishops-whist",
        ["-n", "2", "-o", "hand_limit=1", "--players", "heuristic,random,random,heuristic", *PARTNERS],
        4,
    ),
    ("lansquenet", ["-n", "2", "-o", "stake=20", "--sweep", "players=2,4"], 4),  # the seats change
    ("apology", ["-n", "2", "-o", "deals=1", "--sweep", "target_shift=-5,5"], 4),  # its own picture
    ("bezique", ["-n", "1", "-o", "target=100", "--sweep", "table_laws=true,false"], 2),
]


@pytest.mark.parametrize(("game", "args", "players"), SWEEPS, ids=[g for g, _, _ in SWEEPS])
def test_a_sweeps_table_and_legends_print_the_json_seats_plus_one(
    game: str, args: list[str], players: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The sweep's table and the plot's legends said "seats 0 & 2" and "seat 0: heuristic": they name
    each side by the seats of ``--json`` plus one, value by value and line by line."""
    require("matplotlib", "plot")
    from matplotlib.figure import Figure

    drawn: list[Figure] = []
    savefig = Figure.savefig

    def keep(self: Figure, *a: Any, **k: Any) -> None:
        drawn.append(self)
        savefig(self, *a, **k)

    monkeypatch.setattr(Figure, "savefig", keep)
    screen = _screen(monkeypatch)
    plot, out = tmp_path / "sweep.png", tmp_path / "sweep.json"
    result = runner.invoke(app, ["simulate", game, *args, "--plot", str(plot), "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    runs = json.loads(out.read_text())
    wanted = [_plus_one(side["seats"]) for run in runs for side in run["sides"]]
    table = _rows(text, f"{game}: sweep of")
    assert [_numbers(row[1]) for row in table] == wanted, text
    _seats_in_range(text, players)
    # each side a line of each panel's legend, by its seats: the sides of every run, once each
    (fig,) = drawn
    panels = 0
    for ax in fig.axes:
        box = ax.get_legend()
        labels = [] if box is None else [str(t.get_text()) for t in box.get_texts()]
        sides = [label for label in labels if label.startswith("seat")]
        if not sides:
            continue  # (Apology's panel of the taker's success, by oudlers held)
        panels += 1
        legend = [tuple(int(n) for n in re.findall(r"\d+", side)) for side in sides]  # (no digit in a kind)
        assert sorted(legend) == sorted(set(wanted)), labels
        assert all(1 <= n <= players for side in legend for n in side), labels
    assert panels == (1 if game == "apology" else 2)  # (the win rates' and the points')


# --- duplicate and odds -----------------------------------------------------------------------------------


DUPLICATES: list[tuple[str, list[str], tuple[int, ...]]] = [
    ("bezique", ["--seats", "2"], (2,)),
    ("bezique", [], (1, 2)),  # every seat, by default
    ("bishops-whist", ["--seats", "1,3"], (1, 3)),
    ("lansquenet", ["-o", "players=5", "--seats", "5,1"], (5, 1)),
]


@pytest.mark.parametrize(
    ("game", "args", "seats"), DUPLICATES, ids=[f"{g} {' '.join(a)}" for g, a, _ in DUPLICATES]
)
def test_duplicate_prints_the_seats_it_was_given(
    game: str, args: list[str], seats: tuple[int, ...], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``duplicate bezique --seats 2`` printed "(1 deal, seats 1, ...)": the seat given, as the
    engine numbers it. The line says the seats as ``--seats`` takes them; ``--json`` the engine's."""
    screen = _screen(monkeypatch)
    out = tmp_path / "duplicate.json"
    command = ["duplicate", game, "--candidate", "heuristic", "--baseline", "random", "--deals", "2", *args]
    result = runner.invoke(app, [*command, "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    line = next(line for line in text.splitlines() if f"{game}: heuristic vs random" in line)
    (printed,) = [m.group(0) for m in SEATS.finditer(line)]
    assert _numbers(printed) == seats, line
    assert printed.startswith("seats " if len(seats) > 1 else "seat "), line  # not "seats 2"
    assert _plus_one(json.loads(out.read_text())["seats"]) == seats


def test_a_duplicate_lines_seats_are_counted_from_1_from_python_too() -> None:
    """``Duplicate.line()`` is what the command prints (and notes quote): its seats from 1, the
    object's own ``seats`` the engine's."""
    from parlour.duplicate import Duplicate

    result = Duplicate("bishops-whist", "heuristic", "random", 1, "points", (0, 2), (1.0, 3.0))
    assert "seats 1,3," in result.line() and result.to_dict()["seats"] == [0, 2], result.line()
    alone = Duplicate("bezique", "heuristic", "random", 1, "points", (1,), (1.0, 3.0))
    assert "seat 2," in alone.line(), alone.line()


def test_odds_prints_no_seat_out_of_range(monkeypatch: pytest.MonkeyPatch) -> None:
    """``odds`` plays two seats of Lansquenet on the engine and names no seat: none may read 0."""
    screen = Console(width=200, record=True, file=io.StringIO())
    monkeypatch.setattr("parlour.games.lansquenet.commands.Console", lambda: screen)
    result = runner.invoke(app, ["odds", "lansquenet", "--deals", "200"])
    assert result.exit_code == 0, result.output
    text = screen.export_text() + result.output
    assert "bank's edge per chip bet" in text, text
    _seats_in_range(text, 2)


# --- the help and the Python API --------------------------------------------------------------------------


def test_the_help_says_how_seats_are_counted() -> None:
    """Where ``--help`` mentions seats it says from where they count: the players' list from seat 1,
    the files from 0."""
    said = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "200", "TERM": "dumb"})
    assert said.exit_code == 0, said.output
    words = " ".join(said.output.replace("│", " ").split())
    assert "one per seat, seat 1 first" in words, words
    assert "its seats numbered from 0, as programs number players; the tables number them from 1" in words
    said = runner.invoke(app, ["duplicate", "--help"], env={"COLUMNS": "200", "TERM": "dumb"})
    words = " ".join(said.output.replace("│", " ").split())
    assert "Seats the candidate takes in turn, from 1" in words and "its seats numbered from 0" in words


def test_the_python_api_keeps_the_engines_seats() -> None:
    """``parlour.sim`` is for programs, as OpenSpiel and PettingZoo are: a side's seats from 0."""
    from parlour.sim import seat_label, seats_label, simulate

    summary = simulate("bishops-whist", ["random"] * 4, 2, seed=1, options={"hand_limit": 1})
    assert [side.seats for side in summary.sides] == [(0, 2), (1, 3)]
    assert [seats_label(side.seats) for side in summary.sides] == ["seats 1 & 3", "seats 2 & 4"]
    assert seat_label(0) == "seat 1" and seats_label((9,)) == "seat 10"


# --- a Ctrl-C is answered at once ---------------------------------------------------------------------------

CTRL_C_TWICE = r"""
import os, signal, sys
import importlib
import parlour.sim as sim
main = importlib.import_module("parlour.cli.main")

me, kill = os.getpid(), os.kill
real_simulate, real_salvage = main.simulate, sim.LocalRunner.salvage


def simulate(*args, progress, **kwargs):
    back = []

    def first(k):
        back.append(k)
        if len(back) == 1:
            kill(me, signal.SIGINT)  # the first Ctrl-C, as the first matches come back
        progress(k)
    return real_simulate(*args, progress=first, **kwargs)


def salvage(self, have):
    print("GATHERING", file=sys.stderr, flush=True)  # the finished matches are gathered from here
    kill(me, signal.SIGINT)  # Ctrl-C again, as they are gathered
    kill(me, signal.SIGINT)  # and again
    return real_salvage(self, have)


main.simulate, sim.LocalRunner.salvage = simulate, salvage
main.app(["simulate", "open-tarock", "-n", "120", "--players", "random,random", "--jobs", "2"])
"""


def test_each_ctrl_c_is_answered_at_once() -> None:
    """After the first Ctrl-C the run said nothing until its finished matches were gathered (a pool's
    workers have up to 10 s to give theirs back), and every Ctrl-C in that while was let be in silence,
    as if the command hung. It now says at once that the run is stopping and keeps its matches, and
    answers each later Ctrl-C, before the figures of the matches kept. (Real SIGINTs, in a process of
    its own.)"""
    done = subprocess.run(
        [sys.executable, "-c", CTRL_C_TWICE],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parent.parent,
    )
    assert done.returncode == 130, (done.stdout, done.stderr)
    said = " ".join(done.stderr.split())
    first = said.index("Ctrl-C: stopping; the matches finished are being kept")
    gathering = said.index("GATHERING")
    again = [m.start() for m in re.finditer(r"still stopping: the matches finished are being kept", said)]
    stopped = said.index("stopped by Ctrl-C after")
    assert first < gathering < again[0] < again[1] < stopped and len(again) == 2, said
    assert "Ctrl-C: stopping" not in said[first + 1 :], said  # the first said once


# --- the wins in 80 columns ---------------------------------------------------------------------------------


def _sides(text: str) -> tuple[list[str], list[list[str]], str]:
    """The sides table's heading (its words), its rows and the line under it."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("└"))
    head = " ".join(" ".join(lines[top : top + 4]).replace("┃", " ").split()).split()
    rows = [
        [c.strip() for c in line.strip("│").split("│")] for line in lines[top:bottom] if line.startswith("│")
    ]
    return head, rows, lines[bottom + 1]


KEPT: list[tuple[str, list[str], int]] = [
    ("bezique", ["-o", "target=300"], 80),
    ("bishops-whist", ["-o", "hand_limit=1", "--players", "heuristic,random,random,heuristic"], 80),
    ("bezique", ["-o", "target=300"], 200),
    ("lansquenet", ["-o", "stake=20"], 200),
]


@pytest.mark.parametrize(("game", "args", "width"), KEPT, ids=[f"{g}-{w}" for g, _, w in KEPT])
def test_the_wins_are_kept_where_they_fit(
    game: str, args: list[str], width: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """In 80 columns Bezique's table named its players above it and left the wins out as well, though
    with the players' column gone they had room: each side's wins are in the table, as in ``--json``."""
    screen = _screen(monkeypatch, width)
    out = tmp_path / "figures.json"
    result = runner.invoke(app, ["simulate", game, "-n", "3", *args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    assert all(len(line) <= width for line in text.splitlines()), text
    head, rows, under = _sides(text)
    assert "wins" in head, text
    at = 1 if "players" not in head else 2
    assert [row[at] for row in rows] == [str(side["wins"]) for side in json.loads(out.read_text())["sides"]]
    assert "wins" not in under, text


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("lansquenet", ["-o", "stake=20"]),
        ("apology", ["-o", "deals=1"]),
        ("lansquenet", ["-o", "stake=20", "-o", "players=3", "--players", "heuristic,cautious,bold"]),
    ],
)
def test_wins_left_out_are_said_under_the_table(
    game: str, args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the wins have no room in 80 columns (the players' column and the final score take it),
    the table dropped them without a word: a line under it says where they went."""
    screen = _screen(monkeypatch, 80)
    result = runner.invoke(app, ["simulate", game, "-n", "3", *args])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    assert all(len(line) <= 80 for line in text.splitlines()), text
    head, _, under = _sides(text)
    assert "wins" not in head and "final" in head, text
    assert under == "left out at this width, in --json: the wins (win rate × 3 matches)", text


# --- no figure cut in 60 columns ----------------------------------------------------------------------------

BORDERS = {"┏": "┓", "┃": "┃", "┡": "┩", "│": "│", "├": "┤", "└": "┘"}
"""Each line of a table, by its first character, and the character it ends with when it is whole."""

NARROW: list[tuple[str, list[str]]] = [
    ("bezique", []),
    ("bishops-whist", ["-o", "hand_limit=1", "--players", "heuristic,random,random,heuristic"]),
    ("apology", ["-o", "deals=2"]),
    ("lansquenet", ["-o", "stake=20"]),
    ("roquet", []),
    ("open-tarock", []),
]


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize(("game", "args"), NARROW, ids=[g for g, _ in NARROW])
def test_no_figure_is_cut_in_60_columns(
    game: str, args: list[str], width: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """In 60 columns Lansquenet's "final chips per seat" printed "14…" and "66.…", Apology's
    "suc…", and every game's sides table was cut off at its right edge, mid-figure ("[6.03, 8.6"):
    each table fits whole, each of its figures whole, and a column left out for want of room is
    named in a line under its table."""
    screen = _screen(monkeypatch, width)
    out = tmp_path / "figures.json"
    result = runner.invoke(app, ["simulate", game, "-n", "6", *args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    lines = text.splitlines()
    assert "…" not in text, text
    assert all(len(line) <= width for line in lines), text
    for line in lines:
        if line[:1] in BORDERS:
            assert line.rstrip().endswith(BORDERS[line[0]]), (line, text)
    said = " ".join(text.split())
    tokens = set(text.split())
    data = json.loads(out.read_text())
    # the sides table keeps its win rates (the first figure in per cent of each row)
    rates = [next(cell for cell in row if re.fullmatch(r"\d+\.\d%", cell)) for row in _sides(text)[1]]
    assert rates == [f"{side['win_rate']:.1%}" for side in data["sides"]], text
    for table in data["extra"].get("tables", []):
        for i, column in enumerate(table["columns"]):
            if f"“{column}”" in said:  # left out, with a word
                assert "left out at this width, in --json:" in said, text
                continue
            for row in table["rows"]:
                cell = str(row[i])
                if re.fullmatch(r"[-+]?[\d.,]+%?|\[[-\d.%]+, [-\d.%]+\]", cell):  # a figure, or an interval
                    assert cell in text or set(cell.split()) <= tokens, (column, cell, text)
