"""Defects a new user met at the command line (the QA pass), each pinned by a test."""

from __future__ import annotations

import re

from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.cli.terminal import TerminalGame
from parlour.players import make_player

runner = CliRunner()
NARROW = {"COLUMNS": "80"}
"""A common terminal's width, where the tables were cut off."""


def test_list_in_80_columns_shows_every_game_name_and_option_whole() -> None:
    """`parlour list` in 80 columns once ended options in "…" ("livret_refill=Fal…") and could cut a
    game's name: what you type must be shown whole."""
    result = runner.invoke(app, ["list"], env=NARROW)
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    words = set(re.findall(r"[\w.-]+=[\w.-]+|[\w-]+", result.output))
    for info in parlour.list_games():
        assert info.name in words, info.name
        for option in info.options:
            assert f"{option.name}={option.default}" in words, (info.name, option.name)


def test_simulate_in_80_columns_keeps_the_interval_on_one_line() -> None:
    """`parlour simulate` in 80 columns broke the 95% interval after its dash, over two lines."""
    result = runner.invoke(app, ["simulate", "roquet", "-n", "4", "--seed", "1"], env=NARROW)
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if "seat 0" in line or "seat 1" in line]
    assert len(rows) == 2, result.output
    for row in rows:
        assert re.search(r"\d+\.\d%\s*–\s*\d+\.\d%", row), result.output
    assert "…" not in result.output.split("Roquet hands")[0], result.output


def test_simulate_takes_matches_as_well_as_games() -> None:
    """The count is of matches (the report says "N matches"), so `--matches N` is taken as `--games N`."""
    result = runner.invoke(app, ["simulate", "roquet", "--matches", "3", "--seed", "1"], env=NARROW)
    assert result.exit_code == 0, result.output
    assert "roquet: 3 matches, seed 1" in result.output


def test_the_moves_line_keeps_each_move_whole() -> None:
    """In a window of 100 columns the moves line broke inside a move ("8) play" at the end of a line,
    "4C" on the next); each move now stays on one line, whatever the width."""
    game = parlour.make("bishops-whist")
    state = game.new(seed=3)
    while state.current_player != 0 or len(state.view(0).legal_actions) < 10:
        seat = state.current_player
        assert seat is not None
        state.apply(state.view(seat).legal_actions[0], seat=seat)
    view = state.view(0)
    for width in (40, 57, 80, 100):
        console = Console(record=True, width=width)
        TerminalGame(game, [0], {}, 3, console).show_moves(view)
        lines = console.export_text().splitlines()
        for i, action in enumerate(view.legal_actions):
            item = f"{i + 1}) {TerminalGame(game, [0], {}, 3, console).name_seats(action, view)}"
            assert any(item in line for line in lines), (width, item, lines)
        assert all(len(line) <= width for line in lines), (width, lines)


def test_the_log_lines_show_cards_as_the_table_does() -> None:
    """Bishops Whist's log lines said "seat 1 plays CD" under a panel showing "C♦"; now both show
    suit symbols (the moves to type keep their codes)."""
    game = parlour.make("bishops-whist", hand_limit=1)
    bots = {s: make_player("random", game, s) for s in range(1, 4)}
    console = Console(record=True, width=120)
    answers = iter(["1"] * 20 + ["history", "quit"])
    TerminalGame(game, [0], bots, 2, console, ask=lambda p, c: next(answers)).run()
    text = console.export_text()
    logs = [line for line in text.splitlines() if line.startswith("· ") and " plays " in line]
    assert logs, text[-2000:]
    assert not any(re.search(r" plays [0-9A-Z]{1,2}[SHDC]\b", line) for line in logs), logs[:5]
    assert any(re.search(r" plays [0-9A-Z]{1,2}[♠♥♦♣]", line) for line in logs), logs[:5]
    assert re.search(r"\d+\) play [0-9A-Z]{1,2}[SHDC]\b", text), "the moves keep their codes"
