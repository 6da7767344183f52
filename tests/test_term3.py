"""The terminal as a demanding new user meets it (term-3): every bad command line is one plain line
with exit code 2, the GAME argument names the games, and what the walk through the README found."""

from __future__ import annotations

import enum
from typing import Annotated, Literal

import pytest
import typer
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.cli.app import ParlourGroup

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
GAMES = [info.name for info in parlour.list_games()]


def _refused(args: list[str], cli: typer.Typer = app) -> str:
    """The error a command line gets: exit code 2, one plain line on stderr, no Typer box or usage."""
    result = runner.invoke(cli, args, env=WIDE)
    assert result.exit_code == 2, (args, result.output)
    said = result.stderr.strip()
    assert said and "\n" not in said, (args, result.output)
    for framing in ("╭", "│", "Usage:", "Try '", "Error"):
        assert framing not in result.output, (args, result.output)
    assert "Traceback" not in result.output
    return said


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["simulate", "roquet", "-n", "abc"], "--games takes a whole number, not 'abc'"),
        (["simulate", "roquet", "--seed", "x"], "--seed takes a whole number, not 'x'"),
        (["simulate", "roquet", "--cluster-timeout", "soon"], "--cluster-timeout takes a number, not 'soon'"),
        (["simulate", "roquet", "--cluster-timeout", "0"], "--cluster-timeout must be at least 0.1, not 0"),
        (["duplicate", "roquet", "--jobs", "0"], "--jobs must be at least 1, not 0"),
        (["duplicate", "roquet", "--hands", "-1"], "--hands must be at least 0, not -1"),
        (["odds", "lansquenet", "--packs", "9"], "--packs must be 1 to 8, not 9"),
        (["serve", "--port", "0"], "--port must be 1 to 65535, not 0"),
        (
            ["simulate", "roquet", "--bogus"],
            "parlour simulate has no option --bogus (parlour simulate --help",
        ),
        (["simulate", "roquet", "--seeds", "3"], "no option --seeds: did you mean --seed?"),
        (["--seed", "3", "play", "roquet"], "parlour has no option --seed"),
        (["simulate", "roquet", "-n"], "-n needs a value"),
        (["odds", "lansquenet", "--twins=yes"], "--twins takes no value"),
        (["simulate"], "parlour simulate needs a game: " + ", ".join(GAMES[:-1]) + f" or {GAMES[-1]}"),
        (["play"], "parlour play needs a game: "),
        (["rules"], "parlour rules needs a game: "),
        (["players"], "parlour players needs a game: "),
        (["odds"], "parlour odds needs a game: lansquenet (parlour odds lansquenet)"),
        (["plya", "roquet"], "parlour has no command 'plya': did you mean play?"),
        (["roquet"], "parlour has no command 'roquet': to play it, parlour play roquet"),
        (["play", "roquet", "laws=table"], "a game option is given as -o laws=table"),
        (["play", "roquet", "bezique"], "parlour play takes a game and options: 'bezique' is left over"),
        (["list", "games"], "parlour list takes options only: 'games' is left over"),
        # parlour's own checks, as before
        (["simulate", "roquet", "--jobs", "0"], "--jobs must be at least 1, not 0"),
        (["duplicate", "roquet", "--returns", "x"], "--returns is outcome or points, not 'x'"),
    ],
)
def test_a_bad_command_line_is_one_plain_line(args: list[str], words: str) -> None:
    """Typer drew these in a framed box under its usage line, in its own words ("Invalid value for
    '--games' / '--matches' / '-n': Input should be a valid integer, unable to parse string as an
    integer"; "No such option: --bogus (Possible options: --jobs)"), where parlour's own errors are
    one plain line."""
    said = _refused(args)
    assert words in said, (args, said)


class Suit(enum.Enum):
    HEARTS = "hearts"
    SPADES = "spades"


def test_a_choice_typer_checks_is_told_plainly() -> None:
    """An option of fixed choices (none of parlour's commands has one yet; a game's command may)."""
    cli = typer.Typer(cls=ParlourGroup, add_completion=False)

    @cli.command()
    def deal(
        game: str,
        order: Annotated[Literal["up", "down"], typer.Option()] = "up",
        suit: Annotated[Suit, typer.Option()] = Suit.HEARTS,
    ) -> None:
        """A command of a few choices."""

    @cli.command()
    def other() -> None:
        """A second command, so that the first is named on the command line."""

    said = _refused(["deal", "roquet", "--order", "sideways"], cli)
    assert said == "--order is up or down, not 'sideways'", said
    said = _refused(["deal", "roquet", "--suit", "bells"], cli)
    assert said == "--suit is hearts or spades, not 'bells'", said


def test_a_bare_parlour_still_shows_its_help() -> None:
    result = runner.invoke(app, [], env=WIDE)
    assert "Commands" in result.output and "simulate" in result.output, result.output


@pytest.mark.parametrize("command", ["play", "simulate", "rules", "players", "duplicate", "odds"])
def test_the_game_argument_names_the_games(command: str) -> None:
    """The GAME argument's help row said ``<str>`` and the usage ``{GAME}``: the help names the games
    (odds says which one it has), and the help stays Typer's readable panels."""
    result = runner.invoke(app, [command, "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert f"{command} [OPTIONS] GAME" in result.output, result.output
    row = next(line for line in result.output.splitlines() if "GAME " in line and "Usage" not in line)
    assert "<str>" not in row, row
    assert "{GAME}" not in result.output
    text = " ".join(result.output.split())
    if command == "odds":
        assert "only lansquenet" in text, text
    else:
        assert ", ".join(GAMES[:-1]) + f" or {GAMES[-1]}" in text, text
    assert "╭─ Options" in result.output  # still the framed panels of Typer's help
