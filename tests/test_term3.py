"""The terminal as a demanding new user meets it (term-3): every bad command line is one plain line
with exit code 2, the GAME argument names the games, and what the walk through the README found."""

from __future__ import annotations

import enum
import re
from typing import Annotated, Any, Literal

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cards import get_pack
from parlour.cli import app
from parlour.cli.app import ParlourGroup
from parlour.cli.terminal import TerminalGame
from parlour.engine import Event, Game
from parlour.games.bishops_whist.rules import BISHOP_CARDS as BISHOPS
from parlour.players import hint
from tests.cli_support import scripted

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
GAMES = [info.name for info in parlour.list_games()]


def _refused(args: list[str], cli: typer.Typer = app) -> str:
    """The error a command line gets: exit code 2, one plain line on stderr, no Typer box or usage."""
    result = runner.invoke(cli, args, env=WIDE)
    assert result.exit_code == 2, (args, result.output)
    # one line, wrapped only by the console's width (an xdist worker's console is fixed at 80 columns,
    # whatever COLUMNS says): the words are read with their line breaks as spaces
    said = " ".join(result.stderr.split())
    assert said, (args, result.output)
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
        (["help"], "parlour has no command 'help': its help is parlour --help"),
        (["-h"], "parlour has no option -h: its help is parlour --help"),
        (["play", "roquet", "-h"], "parlour play has no option -h: its help is parlour play --help"),
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
    """An Enum option's choices, as a game's own command might take them."""

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
    """The plain errors leave alone the help a bare ``parlour`` shows (Click raises it as an error)."""
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


# --- the walk through the README, as a new user ------------------------------------------------------


def _welcome(name: str) -> str:
    """The panel a person sees on sitting down to ``name`` (then Ctrl-D)."""
    terminal, console = scripted(parlour.make(name), [], seed=1, width=200)
    terminal.run()
    return console.export_text().split("╰")[0]


@pytest.mark.parametrize("name", GAMES)
def test_the_welcome_tells_how_to_type_this_games_moves(name: str) -> None:
    """Every game was told "e.g. play 9H" and "bet N (1-95) ... bet 20": Roquet has no bets, Lansquenet
    no "play", and Open Tarock's pack has no 9H. The example is a move of this game, and amounts are
    spoken of only where the game has them."""
    game = parlour.make(name)
    text = " ".join(line.strip("│ ") for line in _welcome(name).splitlines())
    example = re.search(r"\(e\.g\. ([^;]+);", text)
    assert example, text
    game.notation.parse(example.group(1))  # a move of this game's notation, its card in the pack
    amounts = [s.kind for s in game.notation.specs if "amount" in s.args]
    if amounts:
        assert f"{amounts[0]} N (1-95)" in text and f"{amounts[0]} 20" in text, text
    else:
        assert " N (" not in text and "bet" not in text, text


def test_an_empty_trick_says_none_as_an_empty_zone_does() -> None:
    """The table said "on the table: -" under "your tricks won: none"."""
    game = parlour.make("bishops-whist")
    state = game.new(seed=2)

    def leading(view: Any) -> bool:
        return view.trick is not None and not view.trick.plays and view.legal_actions

    while not (state.current_player == 0 and leading(state.view(0))):
        seat = state.current_player
        assert seat is not None
        state.apply(state.view(seat).legal_actions[0], seat=seat)
    console = Console(record=True, width=120)
    TerminalGame(game, [0], {}, 2, console).render(state.view(0))
    text = console.export_text()
    assert "on the table: none" in text, text
    assert "on the table: -" not in text


def test_open_tarocks_hint_speaks_to_the_player() -> None:
    """The hint said "-7 points for me against the other player": the player it speaks to is "you"."""
    game = parlour.make("open-tarock")
    state = game.new(seed=3)
    seat = state.current_player
    assert seat is not None
    advice = hint(state.view(seat), game, 1, seconds=None)
    assert "points for you against the other player" in advice.reason, advice.reason
    assert "for me" not in advice.reason


def _rows(table: str) -> dict[str, str]:
    """A rich table's rows by their first cell, each row's cells' lines joined with spaces: a cell wraps
    onto lines whose first cell is empty when the console is narrow (80 columns in an xdist worker)."""
    rows: dict[str, list[str]] = {}
    key = ""
    for line in table.splitlines():
        if line.count("│") < 3:
            continue
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if cells[0]:
            key = cells[0]
        rows.setdefault(key, []).append(" ".join(cells[1:]))
    return {k: " ".join(" ".join(v).split()) for k, v in rows.items()}


def test_a_level_that_is_another_player_says_so() -> None:
    """``parlour players lansquenet`` described normal and strong in the same words, "The default
    computer player", though only normal is the default: a level that is another kind says so."""
    result = runner.invoke(app, ["players", "lansquenet"], env=WIDE)
    assert result.exit_code == 0, result.output
    rows = _rows(result.output)
    assert "the same player as heuristic and normal" in rows["strong"], rows["strong"]
    assert "the same player as heuristic and strong" in rows["normal"], rows["normal"]
    assert not any("default computer player" in row for row in rows.values()), rows
    result = runner.invoke(app, ["players", "bishops-whist"], env=WIDE)
    rows = _rows(result.output)
    assert "the same player as heuristic" in rows["easy"], rows["easy"]
    assert "the same player" not in rows["strong"], rows["strong"]


def test_roquets_figures_write_intervals_as_simulate_does() -> None:
    """Roquet's table of hands wrote "13.00 - 13.80" above "58.7%–77.5%" in the same column, under
    simulate's own "34.2%–74.2%"."""
    result = runner.invoke(app, ["simulate", "roquet", "-n", "4", "--seed", "1"], env=WIDE)
    assert result.exit_code == 0, result.output
    hands = result.output.split("Roquet hands")[1]
    assert re.search(r"\[\d+\.\d\d, \d", hands), hands
    assert not re.search(r"\d - \d", hands), hands


def test_a_card_typed_wrong_in_open_tarock_is_told_what_the_tarocks_are() -> None:
    """A card not in the pack was answered "...; or one of 22 others, SK to I": what SK and I were was
    left to guess."""
    text = _scripted_text(parlour.make("open-tarock"), ["play ZZ"])
    said = " ".join(text.split("'ZZ' is not a card")[1].split())
    assert "or SK, the Sküs; or a tarock, XXI to I" in said, said


def _scripted_text(game: Game[Any], lines: list[str]) -> str:
    terminal, console = scripted(game, lines, seed=1, width=200)
    terminal.run()
    return console.export_text()


def test_a_bishops_whist_trick_says_it_takes_its_bishops() -> None:
    """The log said "trick 2 to seat 3, with B♠" where seat 3's queen took seat 1's bishop: read as
    won with the bishop. The words say the trick takes it; the logged text stays as it was (replays of
    older saves compare it)."""
    game = parlour.make("bishops-whist")
    state = game.new(seed=4)

    def taken() -> list[Event]:
        """Tricks won by a card other than the bishop in them."""
        return [
            e
            for e in state.log
            if e.kind == "trick"
            and any(c in BISHOPS for _, c in e.data["cards"])
            and dict(e.data["cards"])[e.data["winner"]] not in BISHOPS
        ]

    while not taken():
        seat = state.current_player
        assert seat is not None
        state.apply(state.view(seat).legal_actions[0], seat=seat)
    event = taken()[0]
    bishop = next(c for _, c in event.data["cards"] if c in BISHOPS)
    assert event.data["text"].endswith(f", with {bishop}")  # the log as it was
    words = state.event_words(event)
    assert words == f"trick {event.data['number']} to seat {event.data['winner']}, taking the bishop {bishop}"
    console = Console(record=True, width=120)
    lines = TerminalGame(game, [0], {}, 4, console).log_lines(state, [event], state.view(0))
    assert lines[0][1].endswith(f"taking the bishop {get_pack(game.pack).pretty(bishop)}"), lines


def test_roquets_empty_tricks_won_read_as_other_games() -> None:
    """Roquet's table said "0 tricks won none" for the other seat and "your 0 tricks won: none", where
    Bishops Whist says "tricks won none"."""
    text = _scripted_text(parlour.make("roquet"), [])
    assert "0 tricks won" not in text, text
    assert "your tricks won: none" in text and "tricks won none" in text, text


def test_simulate_puts_names_left_and_figures_right() -> None:
    """Every column of simulate's tables stood flush right: "  seat 0", "heuristic" and Roquet's names
    of its figures ("     tricks a hand") as if they were numbers."""
    result = runner.invoke(app, ["simulate", "roquet", "-n", "2", "--seed", "1"], env=WIDE)
    assert result.exit_code == 0, result.output
    # at 80 columns (an xdist worker's console) the players are named once under the title instead
    assert re.search(r"│ seat 1 +│(?: heuristic +│)? +\d", result.output), result.output
    assert re.search(r"│ tricks a hand +│ +\d", result.output), result.output


def test_lansquenets_range_of_chips_uses_the_intervals_dash() -> None:
    """Lansquenet's seat table wrote the range of chips "0 - 400" beside intervals "30.1%–95.4%"."""
    result = runner.invoke(app, ["simulate", "lansquenet", "-n", "4", "--seed", "1"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert not re.search(r"\d - \d", result.output), result.output
    assert re.search(r"│ \[\d+, \d+\] │", result.output), result.output


@pytest.mark.parametrize(
    ("typed", "meant"), [("bishops", "bishops-whist"), ("tarock", "open-tarock"), ("roquett", "roquet")]
)
def test_a_game_named_nearly_is_suggested(typed: str, meant: str) -> None:
    """``parlour play bishops`` was told only "no game named 'bishops'; the games are: ..."."""
    said = _refused(["play", typed])
    assert f"no game named '{typed}' (did you mean {meant}?)" in said, said
    assert "(did you mean" not in _refused(["play", "xyz"])


def test_a_seat_outside_the_table_names_the_option() -> None:
    """``--seat 5`` was told "seats are 0 to 1", naming no option, where ``--humans 1,5`` is told
    "--humans: the seats are 1 to 2, and 5 is none of them" (seats are numbered from 1)."""
    said = _refused(["play", "roquet", "--seat", "5"])
    assert said == "--seat: the seats are 1 to 2, and 5 is none of them", said


def test_a_draw_shown_to_you_is_not_counted_again() -> None:
    """Roquet told each draw twice: "you draw T♦", then "seat 1 (you) draws 1 card"; the other seat's
    draws are still counted (the terminal numbers the seats from 1: the engine's seat 1 is "seat 2")."""
    text = _scripted_text(parlour.make("roquet"), ["1"] * 12)
    assert re.search(r"· you draw ", text), text
    assert "seat 1 (you) draws" not in text, text
    assert re.search(r"· seat 2 draws \d cards?", text), text


@pytest.mark.parametrize(
    "args",
    [
        ["duplicate", "lansquenet"],  # its defaults: strong against heuristic, one player there
        ["duplicate", "roquet", "--candidate", "easy", "--baseline", "greedy"],
        ["duplicate", "roquet", "--candidate", "random", "--baseline", "random"],
    ],
)
def test_duplicate_refuses_a_player_measured_against_itself(args: list[str]) -> None:
    """``parlour duplicate lansquenet`` measured strong against heuristic, the same player in
    Lansquenet, and printed "+0.00 ± 0.00 (95%)" as if it were a finding."""
    said = _refused([*args, "--deals", "2"])
    assert "are the same player for" in said and "nothing to measure" in said, said


def test_duplicate_still_measures_two_players() -> None:
    result = runner.invoke(app, ["duplicate", "lansquenet", "--candidate", "bold", "--deals", "2"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "bold vs heuristic" in result.output
