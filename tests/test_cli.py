"""The command line as a user meets it: listing, rules, terminal play and simulation."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.cli.terminal import TerminalGame
from parlour.players import make_player
from tests.cli_support import scripted

runner = CliRunner()


def test_list_names_every_game() -> None:
    result = runner.invoke(app, ["list"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for info in parlour.list_games():
        assert info.name in result.output


def test_rules_prints_notation_and_options() -> None:
    result = runner.invoke(app, ["rules", "bishops-whist"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "knight's revoke" in result.output.lower()
    assert "play <card>" in result.output
    assert "irregular_trick" in result.output


def test_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "whist-of-doom"])
    assert result.exit_code == 2
    assert "bishops-whist" in result.output


def test_bad_option_is_a_clear_error() -> None:
    result = runner.invoke(app, ["play", "bishops-whist", "-o", "laws=loose"])
    assert result.exit_code == 2
    assert "strict" in result.output


def _scripted(lines: list[str]) -> tuple[TerminalGame, Console]:
    return scripted(parlour.make("bishops-whist"), lines, seed=11, width=120)


def test_play_refuses_bad_input_without_traceback_and_quits() -> None:
    tg, console = _scripted(
        ["", "help", "play ZZ", "bogus words", "99", "moves", "history", "hand", "1", "quit"]
    )
    tg.run()
    out = console.export_text()
    assert "is not a card" in out
    assert "There is no move 99" in out
    assert "You left the table." in out
    assert "Traceback" not in out


def test_play_a_whole_match_by_numbers() -> None:
    tg, console = _scripted(["1"] * 2000)
    tg.run()
    out = console.export_text()
    assert "final score" in out
    assert "You win!" in out or "You lose" in out or "drawn" in out


def test_play_ctrl_c_leaves_cleanly() -> None:
    game = parlour.make("bishops-whist")
    bots = {s: make_player("random", game, s) for s in (1, 2, 3)}
    console = Console(record=True, width=120)

    def ask(prompt: str, completions: Sequence[str]) -> str:
        raise KeyboardInterrupt

    TerminalGame(game, [0], bots, 3, console, ask=ask).run()
    assert "You left the table." in console.export_text()


def test_play_command_end_to_end() -> None:
    result = runner.invoke(
        app, ["play", "bishops-whist", "--seed", "4", "--opponents", "random"], input="1\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "your hand" in result.output


def test_simulate_same_seed_same_figures(tmp_path: Path) -> None:
    outs = []
    for name in ("a.json", "b.json"):
        path = tmp_path / name
        args = [
            "simulate",
            "bishops-whist",
            "-n",
            "6",
            "--players",
            "random,random,random,random",
            "--seed",
            "5",
        ]
        result = runner.invoke(app, [*args, "--json", str(path)], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert "interval" in result.output
        data = json.loads(path.read_text())
        data.pop("seconds")
        data.pop("matches_per_second")
        outs.append(data)
    assert outs[0] == outs[1]
    assert sum(side["wins"] for side in outs[0]["sides"]) + outs[0]["draws"] == 6


def test_simulate_wrong_player_count() -> None:
    result = runner.invoke(app, ["simulate", "bishops-whist", "--players", "random,random"])
    assert result.exit_code == 2
    assert "needs 4 players" in result.output


@pytest.mark.parametrize("name", [i.name for i in parlour.list_games()])
def test_every_game_renders_in_the_terminal(name: str) -> None:
    """The generic front end can show every game's views for a few moves."""
    game = parlour.make(name)
    bots = {s: make_player("random", game, s) for s in range(1, game.num_players)}
    console = Console(record=True, width=120)
    answers = iter(["1"] * 30 + ["quit"])
    TerminalGame(game, [0], bots, 2, console, ask=lambda p, c: next(answers)).run()
    assert "Traceback" not in console.export_text()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"parlour {parlour.__version__}"


HOSTILE_LINES = [
    "²",  # a digit to str.isdigit, not to int
    "9" * 5000,  # more digits than int() takes
    "1" * 7,
    "play [/red]",  # rich markup in a reason
    "[/]",
    "[bold]x[/bold]",
    "play " + "Q" * 100_000,
    "bet ²",
    "bank 1²",
    "\x00\x1b[31m",
    "play 9H 9H 9H",
]


@pytest.mark.parametrize(
    "name",
    [i.name for i in parlour.list_games()],
)
def test_no_input_line_gives_a_traceback(name: str) -> None:
    """Issue 10: '²', a number of 5,000 digits and rich markup once crashed the terminal."""
    game = parlour.make(name)
    bots = {s: make_player("random", game, s) for s in range(1, game.num_players)}
    console = Console(record=True, width=120)
    answers = iter([*HOSTILE_LINES, *HOSTILE_LINES, "quit"])
    tg = TerminalGame(game, [0], bots, 5, console, ask=lambda p, c: next(answers))
    # Seat 0 may not be the first to move; the bots play until it is, then every line is tried.
    tg.run()
    out = console.export_text()
    assert "Traceback" not in out
    assert "You left the table." in out


def test_markup_typed_by_a_player_is_shown_as_typed() -> None:
    tg, console = _scripted(["play [bold]QQ[/bold]", "play [/]", "quit"])
    tg.run()
    out = console.export_text()
    assert "[BOLD]QQ[/BOLD]" in out and "[/]" in out


def test_a_match_without_seed_is_dealt_live() -> None:
    result = runner.invoke(app, ["play", "bishops-whist", "--opponents", "random"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "shuffled live" in result.output
    assert "seed" not in result.output.split("shuffled live")[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "-1"], "--games must be at least 1"),
        (["--games", "0"], "--games must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--jobs", "-3"], "--jobs must be at least 1"),
        (["--jobs", "2", "--cluster", "tcp://127.0.0.1:8786"], "--jobs is for one machine"),
        (["--cluster-timeout", "0"], "--cluster-timeout"),
        (["--seed", "-1"], "--seed"),
        (["--json", "/no/such/folder/figures.json"], "does not exist"),
        (["--plot", "sweep.png"], "--sweep"),
        (["--sweep", "misdeal_chance=0,0.2,7"], "misdeal_chance=7"),
        (["--sweep", "misdeal_chance"], "--sweep takes name=v1,v2"),
        (["--players", "random,random,random,robot"], "no player 'robot'"),
        (["-o", "laws"], "name=value"),
    ],
)
def test_simulate_checks_every_argument_before_it_runs(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "bishops-whist", "-n", "100000", *args], env={"COLUMNS": "300"})
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "matches per second" not in result.output  # refused before the first match


def test_plot_without_matplotlib_is_refused_before_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a)
    )
    result = runner.invoke(
        app, ["simulate", "apology", "-n", "100000", "--sweep", "target_shift=0,5", "--plot", "x.png"]
    )
    assert result.exit_code == 2
    assert "pip install 'parlour[plot]'" in result.stderr


def test_a_bare_number_is_the_amount_where_a_range_is_the_only_move() -> None:
    """Lansquenet's banker names a bank of 1 to 100: '7' banks 7; '0' is refused, saying why."""
    game = parlour.make("lansquenet", players=2)
    state = game.new(seed=3)
    banker = state.current_player
    assert banker is not None and not state.legal_actions() and state.legal_ranges()
    console = Console(record=True, width=120, force_terminal=False)
    answers = iter(["0", "7", "quit"])
    bots = {s: make_player("random", game, s) for s in range(game.num_players) if s != banker}
    tg = TerminalGame(game, [banker], bots, 3, console, ask=lambda p, c: next(answers))
    tg.run()
    out = console.export_text()
    assert "a bank is a whole number of chips, at least 1" in out  # '0' became 'bank 0', refused
    assert f"seat {banker + 1} (you) puts up a bank of 7" in out  # numbered from 1 at the terminal
