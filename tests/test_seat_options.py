"""The command line numbers seats from 1, as the web table ("Seat 1") and the terminal's table do.

Until 7 December ``--seat``, ``--humans`` and ``duplicate --seats`` took the engine's numbers from 0, so
``parlour play roquet --seat 1`` sat the person at the web table's "Seat 2". A 0 is now refused with the
reason, never read as some seat: a command kept from before must not quietly seat its player elsewhere.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.cli import app

cli_main = importlib.import_module("parlour.cli.main")  # the package's ``main`` is also a function

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


@pytest.fixture
def seated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[list[int]]:
    """The people's seats (the engine's numbers) that ``play`` hands the table, without playing."""
    monkeypatch.setenv("PARLOUR_SAVES", str(tmp_path))
    got: list[list[int]] = []

    class Table:
        def __init__(self, game: Any, people: list[int], *args: Any, **kwargs: Any) -> None:
            got.append(list(people))

        def run(self) -> None:
            pass

    monkeypatch.setattr(cli_main, "TerminalGame", Table)
    return got


@pytest.mark.parametrize(
    ("args", "people"),
    [
        ([], [0]),
        (["--seat", "1"], [0]),
        (["--seat", "2"], [1]),
        (["--humans", "1,2"], [0, 1]),
        (["--humans", "2,1"], [1, 0]),
        (["--humans", "1,2", "--seat", "2"], [0, 1]),
    ],
)
def test_the_seats_given_are_counted_from_one(
    seated: list[list[int]], args: list[str], people: list[int]
) -> None:
    result = runner.invoke(app, ["play", "roquet", "--seed", "1", *args], env=WIDE)
    assert result.exit_code == 0, result.output
    assert seated == [people]


@pytest.mark.parametrize("args", [["--seat", "0"], ["--humans", "0,1"]])
def test_a_seat_0_is_refused_with_the_reason(seated: list[list[int]], args: list[str]) -> None:
    result = runner.invoke(app, ["play", "roquet", *args], env=WIDE)
    assert result.exit_code == 2, result.output
    option = args[0]
    said = " ".join(result.output.split())
    assert f"{option}: the seats are 1 to 2, and 0 is none of them (seats are numbered from 1)" in said, said
    assert seated == []  # nothing was played


def test_the_last_seat_is_the_number_of_players(seated: list[list[int]]) -> None:
    assert runner.invoke(app, ["play", "bishops-whist", "--seat", "4"], env=WIDE).exit_code == 0
    refused = runner.invoke(app, ["play", "bishops-whist", "--seat", "5"], env=WIDE)
    assert refused.exit_code == 2
    assert "the seats are 1 to 4, and 5 is none of them" in " ".join(refused.output.split())
    assert seated == [[3]]


def test_duplicate_seats_are_counted_from_one(tmp_path: Path) -> None:
    refused = runner.invoke(app, ["duplicate", "bezique", "--seats", "0"], env=WIDE)
    assert refused.exit_code == 2
    assert "--seats: the seats are 1 to 2, and 0 is none of them" in " ".join(refused.output.split())
    out = tmp_path / "d.json"
    second = runner.invoke(
        app,
        ["duplicate", "bezique", "--candidate", "random", "--deals", "1", "--seats", "2", "--json", str(out)],
        env=WIDE,
    )
    assert second.exit_code == 0, second.output
    assert json.loads(out.read_text())["seats"] == [1]  # the file keeps the engine's numbers, as the API
