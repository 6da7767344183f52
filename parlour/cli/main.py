"""The general commands: list, rules, play and simulate. They see games only through the State API."""

from __future__ import annotations

import functools
import importlib.util
import io
import json
import logging
import os
import re
import shlex
import sys
import textwrap
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

import parlour
from parlour.cli import saved
from parlour.cli.app import app
from parlour.cli.terminal import RulesText, TerminalGame, number, paged
from parlour.cli.usage import game_names, one_of
from parlour.engine import Game, ParlourError, check_seed, derive_seed, fresh_seed
from parlour.engine.errors import echo
from parlour.players import (
    DEFAULT_LEVEL,
    LEVELS,
    MOVE_SECONDS,
    default_player,
    describe_player,
    make_player,
    player_kinds,
    same_player,
)
from parlour.sim import (
    CONNECT_TIMEOUT,
    ClusterError,
    SimulationStopped,
    Summary,
    ctrl_c_once,
    duration,
    figure,
    interval_text,
    open_runner,
    seat_label,
    seats_label,
    simulate,
    stopped_line,
    sweep_plotter,
    write_records,
)

P = ParamSpec("P")
R = TypeVar("R")


class ReaderConsole(Console):
    """The console of the commands' output, which its reader may leave (``parlour simulate ... --json
    f.json | head``): Rich then exited 1 at once, before the files were written, without a word. The
    output stops; the run goes on and writes its files."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        try:  # what is still buffered goes nowhere, so that Python's own last flush does not fail
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError, io.UnsupportedOperation):
            pass


console = ReaderConsole()
errors = Console(stderr=True)


def progress_bar(label: str) -> Progress:
    """The bar of a long run (simulate's matches, duplicate's deals): done of all, time left; gone
    when the run ends."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def fail(message: object, code: int = 2) -> NoReturn:
    """Print ``message`` to stderr (as plain text: it may hold a user's input) and exit."""
    errors.print(Text(str(message), style="red"))
    raise typer.Exit(code)


MAX_MATCHES = 1_000_000
"""The most matches one ``simulate`` run plays: a count past it is a slip of the keyboard (a million
matches of the quickest game take hours), and 10**23 was taken and run until it was killed."""
MAX_DEALS = 100_000
"""The most deals one ``duplicate`` run plays (each deal is played once per measured seat, and once more)."""
MAX_HANDS = 10_000
"""The most hands a ``duplicate`` episode lasts."""
MAX_BOT_DELAY = 60.0
"""The longest a computer player waits at the web table (``--bot-delay 1e30`` was taken: no bot moved)."""
MAX_KEPT_WAIT = 7 * 24 * 3600.0
"""The longest ``serve --kept-wait``: a week (a longer one could not be added to a date: 1e30 seconds)."""
MAX_JOBS = 256
"""The most processes a run starts on one machine: ``--jobs 99999`` tried to start them all."""


def at_most(option: str, value: float, bound: float) -> None:
    """Refuse a count beyond its bound, as a command line's other errors are refused: one plain line."""
    if value > bound:
        fail(f"{option} must be at most {bound}, not {value}")


def _check_seed(seed: int) -> None:
    """Refuse a seed out of range, saying which was given ("--seed -1" was not echoed)."""
    try:
        check_seed(seed)
    except ValueError as exc:
        fail(f"--seed: {exc}, not {seed}")


def _options(pairs: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            fail(f"options are given as name=value, not {echo(pair)}")
        name = key.strip().replace("-", "_")
        if name in out:  # "-o target=300 -o target=400" played at 400 without a word
            fail(f"-o {name} is given twice ({out[name]} and {value.strip()}): give it once")
        out[name] = value.strip()
    return out


def _make(name: str, options: dict[str, Any]) -> Game[Any]:
    try:
        return parlour.make(name, **options)
    except ValueError as exc:
        fail(exc)


def _version(value: bool) -> None:
    if value:
        console.print(f"parlour {parlour.__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Lost and rare card games, played by the letter of their old laws."""


OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="NAME=VALUE", help="A game option as name=value (repeatable)."),
]
GameArg = Annotated[str, typer.Argument(metavar="GAME", help=f"The game: {one_of(game_names())}.")]
"""The game a command is about: named GAME in its usage line, where typer wrote "{game}" (then "{GAME}"),
and its help names the games, where typer wrote only ``<str>``."""


def shown(value: object) -> str:
    """An option's value as it is typed after -o: Python's "True" and "62.0" were shown for true and 62."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


@app.command("list")
def list_command() -> None:
    """List the games, with their players, pack and options."""
    table = Table(title="parlour games", show_edge=False)
    for col in ("name", "title", "players", "pack"):
        table.add_column(col, no_wrap=col != "title")
    games = parlour.list_games()
    rows = [[f"{o.name}={shown(o.default)}" for o in info.options] for info in games]
    # one option a line, each kept whole, and the names whole: in 80 columns options were cut off
    # mid-name ("livret_refill=Fal…"); only the title may wrap
    widest = max((len(line) for lines in rows for line in lines), default=7)
    table.add_column("options", no_wrap=True, min_width=widest)
    for info, lines in zip(games, rows, strict=True):
        players = info.players if isinstance(info.players, int) else f"{info.players[0]}-{info.players[1]}"
        table.add_row(info.name, info.title, str(players), info.pack, "\n".join(lines))
    console.print(table)


@app.command()
def rules(game: GameArg) -> None:
    """Print a game's rules, with its card and action notation and its options."""
    try:
        cls = parlour.game_class(game)
    except ValueError as exc:
        fail(exc)
    table = Table(title="options (parlour play/simulate ... -o name=value)")
    for col in ("option", "default", "allowed", "meaning"):
        table.add_column(col, overflow="fold")
    for o in cls.info().options:
        table.add_row(o.name, shown(o.default), o.allowed(), o.description)
    with paged(console):
        console.print(RulesText(cls.rules_text()))
        console.print(table)


@app.command()
def play(
    game: GameArg,
    seat: Annotated[
        int | None, typer.Option(help="Your seat, from 1 (1 by default), as the table numbers them.")
    ] = None,
    humans: Annotated[
        str | None,
        typer.Option(help="Seats played by people at this terminal, e.g. 1,3 (the screen hides each hand)."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for a reproducible match (without one, every deal is shuffled live)."),
    ] = None,
    opponents: Annotated[
        str | None,
        typer.Option(
            help="Computer players: a level (easy, normal, strong; normal by default) or a kind "
            "(random, heuristic, ...); parlour players GAME lists them."
        ),
    ] = None,
    option: OptionArg = None,
) -> None:
    """Play a match in the terminal against computer players (or friends at the same terminal)."""
    g = _make(game, _options(option))
    if humans is None:  # "--seat 5" said "seats are 0 to 1", naming no option
        people = _seats(str(1 if seat is None else seat), g.num_players, "--seat", g)
    else:
        people = _seats(humans, g.num_players, g=g)
        if seat is not None and seat - 1 not in people:
            # "--humans 1,2 --seat 4" sat the people at 1 and 2 and said nothing of seat 4
            fail(f"--seat {seat} is not one of the --humans seats ({humans}): give one or the other")
    if seed is not None:
        _check_seed(seed)
    bot_seed = fresh_seed() if seed is None else seed  # a live match's players choose freshly too
    think = None if seed is not None else MOVE_SECONDS
    kind = opponents if opponents is not None else default_player(player_kinds(g.name))
    try:
        bots = {
            # a live match limits each move's thinking; a seeded one plays by its playout budget only,
            # so the same seed replays the same match
            s: make_player(kind, g, derive_seed(bot_seed, "player", s), seconds=think)
            for s in range(g.num_players)
            if s not in people
        }
    except ValueError as exc:  # the option named: "no player 'nope'" did not say which one was meant
        fail(f"--opponents: {exc}")
    kinds = dict.fromkeys(bots, kind)
    TerminalGame(g, people, bots, seed, console, hint_seconds=think, opponents=kinds, keep=True).run()


@app.command()
def resume(
    file: Annotated[
        Path | None,
        typer.Argument(
            metavar="FILE",
            help="A match put aside (by save or quit at the table), by its path or its name as --list shows "
            "it; the one left last if none is named.",
            show_default=False,
        ),
    ] = None,
    list_: Annotated[
        bool, typer.Option("--list", help="List the matches put aside in the saves folder, and stop.")
    ] = False,
    forget: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="Forget (remove) this match put aside, named as --list shows it, and stop.",
            show_default=False,
        ),
    ] = None,
    forget_older_than: Annotated[
        int | None,
        typer.Option(
            metavar="DAYS",
            min=0,
            help="Forget (remove) the matches put aside more than DAYS days ago, and stop.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Take up a match left unfinished in the terminal, where it was left."""
    chosen = [
        name
        for name, given in (
            ("--list", list_),
            ("--forget", forget is not None),
            ("--forget-older-than", forget_older_than is not None),
        )
        if given
    ]
    if len(chosen) > 1 or (chosen and file is not None):
        fail(f"{' and '.join(chosen + (['FILE'] if file is not None else []))} do not go together: give one")
    if list_:
        _list_put_aside()
        return
    if forget is not None:
        _forget(forget)
        return
    if forget_older_than is not None:
        _forget_older_than(forget_older_than)
        return
    aside: saved.PutAside | None = None
    named = file is not None
    if file is None:
        unreadable: list[tuple[Path, saved.BadSave]] = []
        for path in saved.put_aside():  # the one left last that can be taken up
            try:
                aside, file = saved.PutAside.read(path), path
                break
            except saved.BadSave as exc:
                if path.exists():  # a stray file is passed over, one gone meanwhile forgotten
                    unreadable.append((path, exc))
        else:
            if not unreadable:
                fail(
                    f"no match put aside in {saved.saves_folder()} "
                    "(parlour play saves one when you save or quit)"
                )
            fail(f"{unreadable[0][0]}: {unreadable[0][1]}")
    else:
        listed = saved.saves_folder() / file
        if file.parent == Path(".") and not file.exists() and listed.exists():
            file = listed  # a name as --list shows it: "parlour resume FILE" from any folder
        try:
            aside = saved.PutAside.read(file)
        except saved.BadSave as exc:
            fail(f"{file}: {exc}")
    assert aside is not None and file is not None
    try:  # one match, one terminal: two playing one file overwrote each other's save
        held = saved.hold(file)
        aside = saved.PutAside.read(file)  # as it is now that it is held (saved meanwhile, maybe)
    except saved.BadSave as exc:
        chosen_for_you = not named and isinstance(exc, saved.InUse)
        others = " (parlour resume --list shows the others)" if chosen_for_you else ""
        fail(f"{file}: {exc}{others}")
    g = aside.state.game
    think = None if aside.seed is not None else MOVE_SECONDS
    bot_seed = (
        fresh_seed() if aside.seed is None else derive_seed(aside.seed, "resumed", len(aside.state.log))
    )
    try:
        bots = {
            s: make_player(kind, g, derive_seed(bot_seed, "player", s), seconds=think)
            for s, kind in aside.opponents.items()
        }
    except ValueError as exc:
        fail(f"{file}: opponents: {exc}")
    people = list(aside.humans)
    kinds = aside.opponents
    TerminalGame(
        g, people, bots, aside.seed, console, hint_seconds=think, opponents=kinds, keep=file, holding=held
    ).run(aside.state)


def _list_put_aside() -> None:
    """The saves folder's matches, the one left last first: which game, when, how far, the score.

    Two lines a match rather than a table: in 80 columns the table's file names (copied whole) left
    its last columns a few letters wide ("whe…", a score broken over four lines)."""
    found: list[Text] = []
    for path, mtime in saved.put_aside_with_times():
        left = datetime.fromtimestamp(mtime).strftime("%d %b %Y %H:%M")
        name = Text("  ").append(path.name, style="bold").append(f"   left {left}")
        try:
            aside = saved.PutAside.read(path)
        except saved.BadSave:  # why is told by parlour resume FILE; here it would crowd the list
            if path.exists():  # (one played out or forgotten in another terminal meanwhile is gone)
                found += [name, Text(f"      not readable (parlour resume {path.name} says why)")]
            continue
        view = aside.state.view(aside.humans[0])
        terminal = TerminalGame(aside.state.game, list(aside.humans), {}, aside.seed, console)
        where = f", {view.round_word} {view.hand_number}" if view.hand_number is not None else ""
        if terminal.one_round(view):  # a match of one deal does not count it (nor Apology's redeals)
            where = ""
        if saved.is_open(path):  # (parlour resume refuses it: one match, one terminal)
            name.append("   open in another terminal", style="bold")
        found += [name, Text(f"      {aside.state.game.name}{where}: {terminal.score_line(view)}")]
    if not found:
        console.print(f"No match put aside in {saved.saves_folder()}.", soft_wrap=True)
        return
    console.print(f"Matches put aside in {saved.saves_folder()}, the one left last first:", soft_wrap=True)
    for line in found:
        console.print(line, soft_wrap=True)  # a file's name is copied whole
    console.print(
        "parlour resume FILE takes one up (parlour resume the first); parlour resume --forget FILE "
        "forgets one, --forget-older-than DAYS those left longer ago."
    )


def _forget(name: str) -> None:
    """Remove one match put aside: a name as ``--list`` shows it is looked for in the saves folder."""
    given = Path(name)
    path = saved.saves_folder() / given if given.parent == Path(".") else given
    try:
        saved.forget(path)
    except saved.BadSave as exc:
        fail(f"{path}: {exc}")
    console.print(f"forgot {path.name} (removed from {saved.saves_folder()})", soft_wrap=True)


def _forget_older_than(days: int) -> None:
    """Remove the matches put aside more than ``days`` days ago; any other file is left alone."""
    cutoff = time.time() - days * 86_400
    gone: list[str] = []
    for path, mtime in saved.put_aside_with_times():
        if mtime >= cutoff:
            continue
        try:
            saved.forget(path)
            gone.append(path.name)
        except saved.InUse:  # kept, and said: it was passed over without a word
            console.print(f"kept {path.name}: it is open in another terminal", soft_wrap=True)
        except saved.BadSave:  # not a parlour save, or gone meanwhile: left alone
            pass
    ago = "day" if days == 1 else "days"
    if not gone:
        console.print(
            f"No match put aside in {saved.saves_folder()} more than {days} {ago} ago: nothing forgotten.",
            soft_wrap=True,
        )
        return
    console.print(
        f"forgot {len(gone)} match{'es' if len(gone) != 1 else ''} put aside more than {days} {ago} ago "
        f"(removed from {saved.saves_folder()}):",
        soft_wrap=True,
    )
    for name in gone:
        console.print(f"  {name}", soft_wrap=True)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.", min=1, max=65535)] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="A SQLAlchemy URL: sqlite:///path/to/file.db or postgresql+psycopg://user@host/db "
            "(default: SQLite in your data folder)."
        ),
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option(
            help="Seconds a computer player waits before it moves, so people can follow "
            f"(at most {MAX_BOT_DELAY:g}).",
            min=0,
            max=MAX_BOT_DELAY,
        ),
    ] = 0.6,
    table_rate: Annotated[
        float,
        typer.Option(help="Tables (or seats joined) one address may make a minute; 0: no limit.", min=0),
    ] = 30.0,
    kept_wait: Annotated[
        float,
        typer.Option(
            help="Seconds a seat the table's creator named (a friend's) stays theirs: until then only "
            "the creator may hand it to a computer player, counted from the table's making or the "
            "person's last leaving.",
            min=0,
            max=MAX_KEPT_WAIT,
        ),
    ] = 300.0,  # parlour.web.tables.KEPT_WAIT (not imported: the web server loads only to serve)
    allow_seeded_tables: Annotated[
        bool, typer.Option(help="Let the API make reproducible (seeded) tables: for tests only.", hidden=True)
    ] = False,
) -> None:
    """Serve the web table: the lobby and every game, to play in a browser with friends and computers."""
    import uvicorn

    from parlour.web.app import create_app
    from parlour.web.store import Store, default_database_url

    url = database or default_database_url()
    try:
        store = Store(url)
    except Exception as exc:
        fail(f"--database: cannot open {url}: {exc}")
    application = create_app(
        bot_delay=bot_delay,
        allow_seeds=allow_seeded_tables,
        store=store,
        table_rate=table_rate,
        kept_wait=kept_wait,
    )
    shown = f"[{host}]" if ":" in host else host
    console.print(
        f"parlour is serving at http://{shown}:{port}/  (database: {_safe_url(url)}; Ctrl-C stops)",
        soft_wrap=True,
        highlight=False,
    )
    try:
        uvicorn.run(
            application,
            host=host,
            port=port,
            log_level="warning",
            ws_max_size=16384,
            ws_per_message_deflate=False,
        )
    finally:
        store.close()


def _safe_url(url: str) -> str:
    """The database URL without its password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url


def _more_seats(g: Game[Any], seat: int) -> str:
    """How to have a seat beyond the table's, where the number of players is an option (Lansquenet's
    "--humans 0,5" was told "the seats are 0 to 3", not that a table may seat ten)."""
    spec = next((o for o in g.option_specs if o.name == "players"), None)
    if spec is None or spec.maximum is None or seat >= spec.maximum:
        return ""
    return f" (for more seats: -o players=N, {number(spec.minimum or 1)} to {number(spec.maximum)})"


def _seats(text: str, players: int, option: str = "--humans", g: Game[Any] | None = None) -> list[int]:
    """Seats as a person names them, numbered from 1 as every table shows them ("Seat 1" on the web,
    "seat 1" in the terminal), turned into the engine's numbers from 0. A 0 is refused rather than read
    as the first seat: it was the first seat until 7 December, and a command kept from then must not
    quietly sit its player elsewhere."""
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        fail(f"{option} takes seat numbers such as 1,3, not {echo(text)}")
    if not seats or len(set(seats)) != len(seats):
        fail(f"{option} names each seat once, such as 1,3")
    outside = [s for s in seats if not 1 <= s <= players]
    if outside:  # "--seats 5" was told "seats: seats of bezique are 0..1, not [5]", a Python list
        first = outside[0]
        more = "" if g is None or first < 1 else _more_seats(g, first - 1)
        counted = " (seats are numbered from 1)" if first == 0 else ""
        fail(f"{option}: the seats are 1 to {players}, and {first} is none of them{counted}{more}")
    return [s - 1 for s in seats]


POINTS_INTERVAL = "points' 95% interval"
"""The heading of the 95% interval of the points a hand."""


def _points_interval(interval: tuple[float, float] | None) -> str:
    """The 95% interval of the points a hand as the table shows it: ``-`` where it has none (one match)."""
    return "-" if interval is None else interval_text(*interval)


def _seated(summary: Summary) -> str:
    """Who plays at which seat (numbered from 1, as the tables number them), said once above a table
    with no room for a column of players."""
    kinds = summary.players
    if len(set(kinds)) == 1:
        return f"{kinds[0]} at every seat"
    return ", ".join(f"{seat_label(seat)} {kind}" for seat, kind in enumerate(kinds))


def _print_summary(summary: Summary, planned: int | None = None) -> None:
    """The figures of a run, or with ``planned`` those of the matches a run stopped by Ctrl-C played
    (the title says so: stdout may be kept apart from the words on stderr)."""
    matches = f"{summary.matches} match{'es' if summary.matches != 1 else ''}"  # not "1 matches"
    partial = f" (partial: {planned} asked, stopped by Ctrl-C)" if planned is not None else ""
    table = Table(title=f"{summary.game}: {matches}, seed {summary.seed}{partial}")
    # the interval of the points a hand named as its own: not two columns both headed "95% interval"
    columns: tuple[str, ...] = ("side", "players", "wins", "win rate", "95% interval", "points a hand")
    columns += (POINTS_INTERVAL, "final score")
    rows = []
    for side in summary.sides:
        lo, hi = side.win_interval
        # "seats 1 & 3" and "heuristic & random", which wrap at their words: in 80 columns
        # "heuristic,random" was cut to "heurist…", and a side of one kind repeated it
        rows.append(
            [
                seats_label(side.seats),
                side.players[0] if len(set(side.players)) == 1 else " & ".join(side.players),
                str(side.wins),
                f"{side.win_rate:.1%}",
                interval_text(lo, hi, ".1%"),
                f"{side.mean_hand_points:.2f}",
                _points_interval(side.hand_points_interval),
                f"{side.mean_final_score:.1f}",
            ]
        )

    def narrow(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int | None]:
        """Each column's width where the table does not fit whole: a figure's no wider than it and its
        heading's words need (``None``: a column of names, which takes the room left)."""
        named = 2 if "players" in columns else 1  # the columns of names, before the figures
        return [
            None
            if i < named
            else max(
                ([len(col)] if col == "95% interval" else [len(w) for w in col.split()])
                + [len(row[i]) for row in rows]
            )
            for i, col in enumerate(columns)
        ]

    def width(columns: Sequence[str], rows: Sequence[Sequence[str]], narrowed: bool = True) -> int:
        """The table's width, its figures narrowed (or not)."""
        widths = narrow(columns, rows) if narrowed else [None] * len(columns)
        return (
            sum(
                (w if w is not None else max([len(col)] + [len(row[i]) for row in rows])) + 3
                for i, (col, w) in enumerate(zip(columns, widths, strict=True))
            )
            + 1
        )

    def without(left_out: Sequence[str]) -> tuple[tuple[str, ...], list[list[str]]]:
        """The columns and rows but those ``left_out``."""
        kept = [i for i, col in enumerate(columns) if col not in left_out]
        return tuple(columns[i] for i in kept), [[row[i] for i in kept] for row in rows]

    # Where the whole table does not fit, first the wins go, which the win rate and the matches in the
    # title give (and --json keeps); then the players are named once, above the table, the wins back
    # where that leaves them room (in 80 columns Bezique's table had room for them, and left them out);
    # then both; then, on a terminal narrower still, the final score (in --json too: rich cut the
    # table's right edge off, or broke "seats 1 & 3" in two), and in 60 columns the points' interval
    # (rich cut it off at the table's right edge, mid-figure).
    layouts: list[tuple[str, ...]] = [(), ("wins",), ("players",), ("wins", "players")]
    layouts += [("wins", "players", "final score"), ("wins", "players", "final score", POINTS_INTERVAL)]
    left_out = next((out for out in layouts if width(*without(out)) <= console.width), layouts[-1])
    columns, rows = without(left_out)
    if "players" in left_out:
        table.title = f"{table.title}\n{_seated(summary)}"
    # Where the table does not fit whole, the figures are no wider than they and their headers' words
    # need, so that the players' names get the room (in 80 columns "heuristic,random" was cut to
    # "heurist…"); the win rate's interval is kept on one line (in 80 columns it broke after its
    # dash), and the points' by the width of its figures, its heading wrapping at its words.
    fits = width(columns, rows, narrowed=False) <= console.width
    widths = [None] * len(columns) if fits else narrow(columns, rows)
    for col, w in zip(columns, widths, strict=True):
        table.add_column(  # names to the left, figures to the right ("  seat 1" stood flush right)
            col,
            justify="left" if col in ("side", "players") else "right",
            no_wrap=col == "95% interval",
            max_width=w,
            min_width=w,
        )
    for row in rows:
        table.add_row(*row)
    _print_titled(table)
    gone = [col for col in left_out if col != "players"]  # (the players are named above the table)
    if gone:
        # one line where they went: the table dropped them without a word
        played = f"{summary.matches:,} match{'es' if summary.matches != 1 else ''}"
        said = {"wins": f"the wins (win rate × {played})", "final score": "the final score"}
        said[POINTS_INTERVAL] = "the points' 95% interval"
        console.print(f"left out at this width, in --json: {_listed([said[col] for col in gone])}")
    partnered = any(len(team) > 1 for team in parlour.make(summary.game, **summary.options).new(seed=0).teams)
    if partnered and all(len(side.seats) == 1 for side in summary.sides):
        # partners cut anew each match: the rates added up to 200% without a word
        console.print(
            "partners change from match to match: each seat is shown alone, winning with its partner"
        )
    if summary.draws:
        console.print(f"drawn or undecided matches: {summary.draws}")
    for extra in summary.extra.get("tables", []):
        _print_extra(extra)
    rate = summary.matches_per_second
    # "0.0 matches per second (0.0 s)": a fixed decimal said nothing of a slow run, nor of a quick one
    slow = f", {duration(summary.seconds / summary.matches)} a match" if rate < 1 else ""
    console.print(f"{figure(rate)} matches per second ({duration(summary.seconds)}{slow})")


def _print_extra(extra: Mapping[str, Any]) -> None:
    """One of a game's own tables (``extra["tables"]`` of its figures), no figure ever cut: where the
    table does not fit whole, each column is as narrow as its longest figure (or word) and its heading's
    longest word allow, the columns of words get the room left, and where even that does not fit, the
    last columns are left out, a line under the table saying which (in 60 columns Lansquenet's "final
    chips per seat" printed "14…" and "66.…", Apology's "oud…" and "suc…")."""
    columns = [str(col) for col in extra["columns"]]
    rows = [[str(v) for v in row] for row in extra["rows"]]
    # an interval kept whole ("18.8%–81.2%" was cut to "18.8%–81.…" in 80 columns), as wide as its
    # figures, its heading (which names its figure: "broke, 95% interval") wrapping at its words
    whole = ["interval" in col or all(_interval(row[i]) for row in rows) for i, col in enumerate(columns)]
    # a column of words (Roquet's figures' names) to the left, as a table of figures has it
    named = [not all(_figure(row[i]) for row in rows) for i in range(len(columns))]
    natural = [max([len(col)] + [len(row[i]) for row in rows]) for i, col in enumerate(columns)]
    least = [
        max(
            [len(word) for word in col.split()]  # (a column of "-" alone cut it to "…")
            + [max((len(w) for w in row[i].split()), default=0) if named[i] else len(row[i]) for row in rows]
        )
        for i, col in enumerate(columns)
    ]

    def width(ws: Sequence[int]) -> int:
        return sum(w + 3 for w in ws) + 1

    # the columns kept, the first (what each row is) always, as many of the others as fit at their
    # narrowest, the earlier of two choices first: in 60 columns the chips table left out its last two,
    # "broke, 95% interval" and "banks a match", where leaving out the interval alone made room
    shown = _most_that_fit([least[i] + 3 for i in range(len(columns))], console.width - 1)
    widths: list[int | None] = [least[i] if whole[i] else None for i in shown]
    if width([natural[i] for i in shown]) > console.width:
        # every column as narrow as it may be, then the room left to the columns of words
        fixed = [least[i] for i in shown]
        room = console.width - width(fixed)
        for k, i in enumerate(shown):
            if named[i] and room > 0:
                more = min(room, natural[i] - fixed[k])
                fixed[k] += more
                room -= more
        widths = list(fixed)
    # where a name wraps, the rows are ruled apart: in 60 columns Roquet's "hands where the livret runs"
    # stood over "empty", a line of its own with no figures, read as a row named "empty"
    wraps = any(
        named[i] and w is not None and len(row[i]) > w
        for i, w in zip(shown, widths, strict=True)
        for row in rows
    )
    t = Table(title=extra["title"], show_lines=wraps and len(rows) > 1)
    for i, w in zip(shown, widths, strict=True):
        heading = Text(columns[i], no_wrap=False)  # (at its words, its figures on one line)
        justify: Literal["left", "right"] = "left" if named[i] else "right"
        t.add_column(
            heading, justify=justify, no_wrap=not named[i] and w is not None, min_width=w, max_width=w
        )
    for row in rows:
        t.add_row(*(row[i] for i in shown))
    console.print(t)
    gone = [col for i, col in enumerate(columns) if i not in shown]
    if gone:
        quoted = [f"“{col}”" for col in gone]  # ("success, 95% interval" holds a comma)
        console.print(f"left out at this width, in --json: {_listed(quoted)}")


def _most_that_fit(sizes: Sequence[int], room: int) -> list[int]:
    """The indexes of as many of ``sizes`` as fit in ``room`` together, the first always (and alone if
    nothing else fits); of the ways to keep that many, the one that keeps the earliest (a table's
    columns, its more telling ones first). The most that fit are the smallest; then each is kept,
    in order, if the smallest of the rest still leave room for the number wanted."""
    first, rest = sizes[0], sorted(range(1, len(sizes)), key=lambda i: sizes[i])
    most, used = 0, first
    for i in rest:
        if used + sizes[i] > room:
            break
        most, used = most + 1, used + sizes[i]
    kept, used = [0], first
    for i in range(1, len(sizes)):
        wanted = most - (len(kept) - 1)
        if wanted == 0:
            break
        others = sorted(sizes[j] for j in range(i + 1, len(sizes)))[: wanted - 1]
        if used + sizes[i] + sum(others) <= room:
            kept.append(i)
            used += sizes[i]
    return kept


def _print_titled(table: Table) -> None:
    """Print ``table``, each line of its title broken after a comma where it is wider than the table:
    rich broke it at any space, "seed" over "0" and "..., seat 3 random, seat" over "4 heuristic" (a
    seat's number a line away from its word) in 60 columns."""
    room = min(console.width, console.measure(table).maximum)
    lines: list[str] = []
    for line in str(table.title or "").split("\n"):
        parts = line.split(", ")
        current = parts[0]
        for part in parts[1:]:
            if len(current) + len(", ") + len(part) <= room:
                current = f"{current}, {part}"
            else:
                lines.append(f"{current},")
                current = part
        lines.append(current)
    table.title = "\n".join(lines)
    console.print(table)


def _print_seated_line(text: str) -> None:
    """A line that names seats, wrapped at the terminal's width but never between "seat" (or "seats")
    and its number: rich broke duplicate's "(176 deals, seat" over "2, 393 µs a move)" in 80 columns.
    (textwrap breaks at ASCII spaces alone, so a no-break space holds the two together.)"""
    held = re.sub(r"\b(seats?) (?=\d)", "\\1\u00a0", text)
    for line in textwrap.wrap(held, width=console.width) or [""]:
        console.print(line.replace("\u00a0", " "), soft_wrap=True)


def _listed(names: Sequence[str]) -> str:
    """Names as a sentence lists them: "a", "a and b", "a, b and c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _ctrl_c_once(kept: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """The command with a second Ctrl-C heard and let be (``parlour.sim.ctrl_c_once``): after the
    first, the ``kept`` finished ("matches", "deals") are gathered, summed up, printed and written, and
    a second one on their way lost them all (a bare ``KeyboardInterrupt``) or cut a file short. Each is
    answered at once (``_stopping``)."""

    def wrap(command: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(command)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            with ctrl_c_once(functools.partial(_stopping, kept=kept)):
                return command(*args, **kwargs)

        return run

    return wrap


def _stopping(times: int, kept: str = "matches") -> None:
    """Said at each Ctrl-C, at once: after the first, the run said nothing while its finished matches
    (or ``duplicate``'s deals) were gathered (a pool's workers have ``STOP_SECONDS`` to give theirs
    back), and later Ctrl-Cs, let be, were silent, as if the command had hung."""
    said = (
        f"Ctrl-C: stopping; the {kept} finished are being kept"
        if times == 1
        else (f"still stopping: the {kept} finished are being kept (Ctrl-C again changes nothing)")
    )
    # sys.stderr itself: under the bar on a terminal it is the bar's, which prints the line above the
    # bar (errors.print writes past it: the line stood at the end of the bar's own, left on the screen)
    sys.stderr.write(f"{said}\n")
    sys.stderr.flush()


@app.command("simulate")
@_ctrl_c_once("matches")
def simulate_command(
    game: GameArg,
    games: Annotated[
        int, typer.Option("--games", "--matches", "-n", help=f"How many matches (1 to {MAX_MATCHES}).")
    ] = 100,
    players: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated kinds, one per seat, seat 1 first (parlour players GAME lists them; "
            "heuristic at every seat by default)."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same figures.")] = 0,
    jobs: Annotated[int, typer.Option(help=f"Processes to play on, on this machine (1 to {MAX_JOBS}).")] = 1,
    cluster: Annotated[
        str | None,
        typer.Option(
            help="Play on the Dask cluster whose scheduler is at this address (tcp://host:8786); "
            "needs parlour\\[cluster]. Same figures as on one machine."
        ),
    ] = None,
    cluster_timeout: Annotated[
        float, typer.Option(help="Seconds to wait for the cluster's scheduler and a worker.", min=0.1)
    ] = CONNECT_TIMEOUT,
    json_file: Annotated[
        Path | None,
        typer.Option(
            "--json",
            help="Write the figures to this file (its seats numbered from 0, as programs number players; "
            "the tables number them from 1).",
        ),
    ] = None,
    records_file: Annotated[
        Path | None,
        typer.Option(
            "--records",
            help="Write every match to this file, a JSON line each: seed, scores, winners (seats "
            "numbered from 0, as in --json), ... and the game, options, players, seed and parlour "
            "version that played it (a name ending in .gz, in any case: through gzip).",
        ),
    ] = None,
    option: OptionArg = None,
    sweep: Annotated[
        str | None,
        typer.Option(
            help="Run once per value of an option: name=v1,v2,... (name=v1;v2;... where a value holds "
            "commas, e.g. stacks=7,7,7,6;auto)."
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(help="With --sweep: save a plot here (PNG; SVG or PDF by the file's extension)."),
    ] = None,
) -> None:
    """Play many matches between computer players and report win rates with 95% intervals.

    Every argument is checked before the first match is played.
    """
    opts: dict[str, Any] = _options(option)
    g = _make(game, opts)
    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    at_most("--games", games, MAX_MATCHES)
    if jobs < 1:
        fail(f"--jobs must be at least 1, not {jobs}")
    at_most("--jobs", jobs, MAX_JOBS)
    if cluster is not None and jobs != 1:
        fail("--jobs is for one machine: with --cluster the cluster's workers play the matches (drop --jobs)")
    _check_seed(seed)
    runs: list[tuple[Any, dict[str, Any]]] = [(None, opts)]
    swept: str | None = None  # the option swept, as the game names it ("target-shift" is target_shift)
    typed: list[Any] = []  # its values, as the game takes them
    if sweep:
        name, sep, values = sweep.partition("=")
        name = swept = name.strip().replace("-", "_")
        if not sep or not values.strip():
            fail("--sweep takes name=v1,v2,... (an option and the values to run it at)")
        if name in opts:  # "-o target=300 --sweep target=..." ran the sweep and silently dropped the -o
            fail(f"{name} is given both with -o and with --sweep: give it once")
        runs = [(v, {**opts, name: v}) for v in _sweep_values(game, opts, name, values)]
        as_played: list[dict[str, Any]] = []  # each run's options as the rules play them
        for _, run_opts in runs:  # every value checked before the first run, the error naming --sweep
            try:
                made = parlour.make(game, **run_opts)
            except ValueError as exc:
                fail(f"--sweep: {exc}")
            typed.append(made.options[name])
            as_played.append(made.played_options())
        for i, (value, _) in enumerate(runs):  # the same figures twice, at twice the cost
            if typed[i] in typed[:i]:
                fail(f"--sweep: {name}={value} is the value of a run before it: give each value once")
            if as_played[i] in as_played[:i]:
                # "stacks=7,7,7,6;auto" played the same game twice: auto is 7,7,7,6 with the tarock pack
                before = runs[as_played.index(as_played[i])][0]
                fail(
                    f"--sweep: {name}={value} plays the same game as {name}={before}"
                    + (f" ({name} {as_played[i][name]})" if as_played[i][name] not in (value, before) else "")
                    + ": the run would be played twice; give each value once"
                )
    given = [k.strip() for k in players.split(",")] if players else None
    default = "heuristic" if "heuristic" in player_kinds(game) else "random"
    seated: list[list[str]] = []  # the players of each run: a sweep may change the number of seats
    for _, run_opts in runs:
        seats = _make(game, run_opts).num_players
        kinds = given if given is not None else [default] * seats
        if len(kinds) != seats:
            # "--sweep players=2,3" without --players was refused: "lansquenet needs 2 players, got 4"
            at = "" if len(runs) == 1 else f" with {', '.join(f'{k}={v}' for k, v in run_opts.items())}"
            fail(f"{game}{at} needs {seats} players; --players gave {len(kinds)}")
        seated.append(kinds)
    for kind in dict.fromkeys(k for kinds in seated for k in kinds):
        try:
            make_player(kind, g, 0)
        except ValueError as exc:
            fail(f"--players: {exc}")
    if plot is not None:
        if not sweep:
            fail("--plot draws a sweep: give --sweep name=v1,v2,... as well")
        if importlib.util.find_spec("matplotlib") is None:
            fail("plots need matplotlib: pip install 'parlour[plot]'")
        plot = _plot_path(plot)
        _check_writable(plot, "--plot")
    if json_file is not None:
        _check_writable(json_file, "--json")
    if records_file is not None:
        _check_writable(records_file, "--records")
    summaries: list[Summary] = []
    if cluster is not None:
        _quiet_dask()
    stopped: SimulationStopped | None = None
    printed = 0  # the runs whose figures are printed
    try:
        with open_runner(jobs, cluster, cluster_timeout) as runner:  # one pool or connection for a sweep
            for (value, run_opts), kinds in zip(runs, seated, strict=True):
                label = f"{game}" + (f" ({swept}={value})" if value is not None else "")
                with progress_bar(label) as bar:
                    task = bar.add_task("matches", total=games)

                    def advance(k: int, bar: Progress = bar, task: Any = task) -> None:
                        bar.advance(task, k)

                    summary = simulate(
                        game,
                        kinds,
                        games,
                        seed=seed,
                        options=run_opts,
                        progress=advance,
                        runner=runner,
                        keep_records=records_file is not None,
                    )
                    summaries.append(summary)  # before the bar goes: a Ctrl-C as it went lost the run
                _print_run(summary, swept, value)
                printed += 1
    except ClusterError as exc:
        fail(f"--cluster: {exc}")
    except (ValueError, ParlourError) as exc:
        fail(exc)
    except SimulationStopped as stop:
        stopped = stop
        if stop.summary is not None and stop.played == stop.planned:
            # Ctrl-C as the run's last matches were summed up: the run is whole (it was marked partial,
            # or lost), the runs after it are not played
            summaries.append(stop.summary)
            stopped = SimulationStopped(None, games)
    except KeyboardInterrupt:  # between runs: every run so far is whole
        stopped = SimulationStopped(None, games)
    for k in range(printed, len(summaries)):  # whole runs at whose end Ctrl-C came, not yet printed
        _print_run(summaries[k], swept, runs[k][0])
    mark: dict[str, Any] | None = None  # the last line of --records of a run Ctrl-C stopped
    if stopped is not None and len(summaries) < len(runs):
        stopped_in = {swept: typed[len(summaries)]} if swept is not None else None
        mark = stopped_line(stopped.played, games, stopped_in)
    if stopped is not None:
        partial = _simulation_stopped(stopped, game, runs, seated, summaries, seed, swept)
        summaries += partial
        if not summaries:
            if json_file or records_file or plot:
                errors.print("nothing is written: no match had finished")
            raise typer.Exit(130)
    played = " (the matches played before Ctrl-C)" if stopped is not None else ""
    if json_file:
        # each run's figures say whether they are all its matches: a file read later has no stderr
        marked = [s.to_dict() | {"planned": games, "partial": s.matches < games} for s in summaries]
        if swept is not None:  # a script drew a sweep's file only if it knew which option was swept
            marked = [
                m | {"sweep": {swept: s.options[swept]}} for m, s in zip(marked, summaries, strict=True)
            ]
        data: Any = marked[0] if not sweep else marked
        json_file.write_text(json.dumps(data, indent=2))
        console.print(f"figures written to {json_file}{played}")
    if records_file:
        _write_records(records_file, summaries, swept, played, mark)
    if stopped is not None:
        if plot is not None:
            errors.print("no plot: the sweep was stopped")
        raise typer.Exit(130)
    if swept is not None and len(summaries) > 1:
        _print_sweep(swept, typed, summaries)
    if swept is not None and plot:
        # the sweep's own name and typed values: re-read from "--sweep target-shift=..." the plot
        # looked up "target-shift" and failed with a KeyError after the whole sweep
        _plot_sweep(g, swept, typed, summaries, plot)


def _print_run(summary: Summary, swept: str | None, value: Any) -> None:
    """The figures of one whole run (of a sweep, under a rule naming its value)."""
    if swept is not None:
        console.rule(f"{swept} = {value}")
    _print_summary(summary)


def _takes(game: str, options: dict[str, Any]) -> bool:
    """Whether the game takes these options."""
    try:
        parlour.make(game, **options)
    except (ValueError, ParlourError):
        return False
    return True


def _sweep_values(game: str, opts: dict[str, Any], name: str, values: str) -> list[str]:
    """The values of ``--sweep name=values``: separated by commas, or by semicolons where a value holds
    commas of its own (Open Tarock's ``stacks=7,7,7,6``, which commas cut into "7", "7", "7", "6").

    Where commas cut a value the game takes whole, the command refuses, saying how to give it: commas
    that may separate values or belong to one (each part and the whole taken) are refused too."""
    semicolons = ";" in values
    parts = [v.strip() for v in values.split(";" if semicolons else ",")]
    if any(not v for v in parts):  # "a,,b", "a;b;": a value left out, or one cut in two
        mark = ";" if semicolons else ","
        fail(f"--sweep: {name}={values} has an empty value: give the values between {mark!r}s, none empty")
    if semicolons or len(parts) < 2:
        return parts
    whole = values.strip()
    if all(_takes(game, {**opts, name: v}) for v in parts):
        if not _takes(game, {**opts, name: whole}):
            return parts
        if _same_game(game, opts, name, parts) is not None:  # (the runs' ';' form would be refused)
            fail(
                f"--sweep: {name}={whole} may be one value of {name} or values that play one game "
                f"twice: for the one value, -o {name}={whole}, or ';' between it and the others"
            )
        fail(
            f"--sweep: {name}={whole} may be one value of {name} or {len(parts)} of them: separate "
            f"the values with ';' ('{name}={';'.join(parts)}' for {len(parts)} runs; for the one value, "
            f"-o {name}={whole}, or ';' between it and the others)"
        )
    grouped = _regroup(game, opts, name, parts)
    if grouped is None:  # no reading of the commas the game takes: its own error says why
        return parts
    if len(grouped) == 1:
        fail(
            f"--sweep: {name}={whole} is one value of {name}, its commas its own: separate a sweep's "
            f"values with ';' where they hold commas (--sweep '{name}={whole};...')"
        )
    twice = _same_game(game, opts, name, grouped)
    if twice is not None:
        # "stacks=7,7,7,6,auto" was told to give 'stacks=7,7,7,6;auto', which was then refused: auto
        # is 7,7,7,6 with the tarock pack; no reading of its commas plays each game once
        before, again = twice
        same = f"{name}={before} twice" if again == before else f"{name}={again} as {name}={before}"
        fail(
            f"--sweep: {name}={whole}, its commas read as values of {name} ('{name}={';'.join(grouped)}'), "
            f"plays one game twice ({same}): give each value once, separated with ';'"
        )
    fail(
        f"--sweep: the values of {name} hold commas of their own: separate them with ';', as in "
        f"--sweep '{name}={';'.join(grouped)}'"
    )


def _same_game(game: str, opts: dict[str, Any], name: str, values: Sequence[str]) -> tuple[str, str] | None:
    """The first value of ``values`` that plays the same game as one before it, with that one, by
    the game's ``played_options`` (as the sweep refuses it), or ``None``."""
    played: list[dict[str, Any]] = []
    for value in values:
        options = parlour.make(game, **{**opts, name: value}).played_options()
        if options in played:
            return values[played.index(options)], value
        played.append(options)
    return None


def _regroup(game: str, opts: dict[str, Any], name: str, parts: list[str]) -> list[str] | None:
    """``parts`` (text cut at its commas) joined again into values the game takes, fewest first, or
    ``None``: the way a sweep with commas in its values was meant (``auto,7,7,7,6``: auto;7,7,7,6)."""
    if len(parts) > MAX_SWEEP_PARTS:
        return None

    @functools.cache
    def rest(i: int) -> tuple[str, ...] | None:
        if i == len(parts):
            return ()
        best: tuple[str, ...] | None = None
        for j in range(i + 1, len(parts) + 1):
            value = ",".join(parts[i:j])
            after = rest(j) if _takes(game, {**opts, name: value}) else None
            if after is not None and (best is None or len(after) + 1 < len(best)):
                best = (value, *after)
        return best

    found = rest(0)
    return None if found is None else list(found)


MAX_SWEEP_PARTS = 40
"""Beyond this many comma-separated parts no regrouping is tried (the tries grow as its square)."""


def _print_sweep(name: str, values: list[Any], summaries: list[Summary]) -> None:
    """The runs of a sweep side by side: a designer compared them by scrolling back through a table a
    run, several screens apart."""
    first = summaries[0]
    # "value", the option's name being in the title: in 80 columns "irregular_trick" was cut short
    columns: tuple[str, ...] = ("value", "side", "players", "win rate", "95% interval", "points a hand")
    columns += (POINTS_INTERVAL,)
    rows: list[tuple[list[str], bool]] = []  # each row, and whether it ends its run
    for value, summary in zip(values, summaries, strict=True):
        for k, side in enumerate(summary.sides):
            lo, hi = side.win_interval
            players = side.players[0] if len(set(side.players)) == 1 else " & ".join(side.players)
            row = [shown(value) if k == 0 else "", seats_label(side.seats), players, f"{side.win_rate:.1%}"]
            row += [interval_text(lo, hi, ".1%"), f"{side.mean_hand_points:.2f}"]
            row += [_points_interval(side.hand_points_interval)]
            rows.append((row, k == len(summary.sides) - 1))
    table = Table(title=f"{first.game}: sweep of {name}, {first.matches} matches a value, seed {first.seed}")

    def least(col: str, cell: str) -> int:
        """How narrow a cell may go: a figure or an interval kept whole, a side wrapped after "seats"
        ("seat 1" kept whole: it wrapped "seat" over "1"), a value and the players whole."""
        if col == "side" and cell.startswith("seats "):
            return max(len("seats"), len(cell.removeprefix("seats ")))
        return len(cell)

    def widths(columns: Sequence[str], rows: Sequence[list[str]], whole: bool) -> list[int]:
        """Each column's width: whole, or as narrow as its cells and its heading's words allow."""
        return [
            max(
                [len(col) if whole or col in ("value", "players") else max(len(w) for w in col.split())]
                + [len(r[i]) if whole else least(col, r[i]) for r in rows]
            )
            for i, col in enumerate(columns)
        ]

    def width(ws: Sequence[int]) -> int:
        return sum(w + 3 for w in ws) + 1

    cells = [r for r, _ in rows]
    fits = width(widths(columns, cells, True)) <= console.width
    kept = True  # whether the intervals are kept on one line
    # the same players at each seat in every run, or one kind at every seat (a sweep of the seats)
    same = (
        len({tuple(s.players) for s in summaries}) == 1 or len({k for s in summaries for k in s.players}) == 1
    )
    if not fits and width(widths(columns, cells, False)) > console.width and same:
        # the players named once, under the title, rather than the intervals broken a figure a line
        # ("[91.2%," over "100.0%]") in 80 columns
        table.title = f"{table.title}\n{_seated(first)}"
        columns = columns[:2] + columns[3:]
        rows = [(r[:2] + r[3:], last) for r, last in rows]
        cells = [r for r, _ in rows]
    left_out = False
    if not fits and width(widths(columns, cells, False)) > console.width:
        # then the points' 95% interval goes, with a word under the table, as the sides table leaves it
        # out: in 60 columns every interval broke over two lines ("[23.7%," over "76.3%]") and each side
        # over "seat" and "1"
        gone = columns.index(POINTS_INTERVAL)
        narrower = [r[:gone] + r[gone + 1 :] for r in cells]
        if width(widths(columns[:gone] + columns[gone + 1 :], narrower, False)) <= console.width:
            columns = columns[:gone] + columns[gone + 1 :]
            rows = [(r[:gone] + r[gone + 1 :], last) for r, last in rows]
            cells = narrower
            left_out = True
    if not fits and width(widths(columns, cells, False)) > console.width:
        kept = False  # then, narrower still, every cell wraps at its words
    ws = widths(columns, cells, False)
    for i, col in enumerate(columns):
        # the side wraps at its words ("seats" over "1 & 3"), rich's own wrapping left the table too wide
        # (kept on one line, an interval cut the value to "first-su…" in 80 columns where the players
        # took their room: they are named above the table where they can be); a seat's "seat 1" is kept
        # whole even then
        words = [len(word) for word in col.split()]
        words += [least(col, r[i]) if col == "side" else len(word) for r in cells for word in r[i].split()]
        narrow = None if fits or i < 1 or col == "players" else ws[i] if kept else max(words)
        table.add_column(
            col,
            justify="left" if col in ("value", "side", "players") else "right",
            max_width=narrow,
            min_width=narrow,
        )
    for row, last in rows:
        table.add_row(*row, end_section=last)
    _print_titled(table)
    if left_out:
        console.print("left out at this width, in --json: the points' 95% interval")


def _simulation_stopped(
    stop: SimulationStopped,
    game: str,
    runs: list[tuple[Any, dict[str, Any]]],
    seated: list[list[str]],
    summaries: list[Summary],
    seed: int,
    swept: str | None,
) -> list[Summary]:
    """Say that Ctrl-C stopped the run, after how many matches of how many, and print the figures of
    the matches played (a long run's matches are worth something): they are exactly those of a run of
    that many matches with the same seed, which the message spells out, to play them again or more.
    Gives the stopped run's partial summary, if any, for the files to hold beside the whole runs."""
    at = len(summaries)  # the run stopped, or every run if Ctrl-C came after the last
    if at >= len(runs):
        errors.print(Text("stopped by Ctrl-C: every match was played and is summed up above", style="bold"))
        return []
    value, run_opts = runs[at]
    where = ""
    if swept is not None:
        # ("; " between them where a value holds commas: "stacks=9,9,9, stacks=auto" read as four)
        later = ("; " if any("," in str(v) for v, _ in runs) else ", ").join(
            f"{swept}={v}" for v, _ in runs[at + 1 :]
        )
        where = f" of the run {swept}={value} (run {at + 1} of {len(runs)}" + (
            f"; not played: {later})" if later else ")"
        )
    errors.print(
        Text(f"stopped by Ctrl-C after {stop.played} of {stop.planned} matches{where}", style="bold")
    )

    def again(matches: int) -> str:
        """The command that plays this run's first ``matches`` matches."""
        words = ["parlour", "simulate", game, "-n", str(matches), "--seed", str(seed)]
        words += ["--players", ",".join(seated[at])]
        for name, option in run_opts.items():
            words += ["-o", f"{name}={shown(option)}"]
        return shlex.join(words)

    if stop.summary is None:
        errors.print(
            "No match of this run had finished, so it has no figures. The same seed plays the same "
            "matches again:"
        )
        errors.print(f"  {again(stop.planned)}", soft_wrap=True)  # (whole, to be copied)
        return []
    errors.print(
        # ("those 1 matches" of a run stopped after its first)
        f"The figures of {'that match' if stop.played == 1 else f'those {stop.played} matches'} follow. "
        "Each match's seed comes from the run's seed and "
        "its number, so they are the figures of this command, which plays the same matches (and a "
        "longer run with that seed plays them again and goes on):"
    )
    errors.print(f"  {again(stop.played)}", soft_wrap=True)
    if swept is not None:
        console.rule(f"{swept} = {value} (stopped after {stop.played} of {stop.planned} matches)")
    _print_summary(stop.summary, stop.planned)
    return [stop.summary]


def _figure(cell: str) -> bool:
    """A cell that is a figure (12, 55.0%, [13.00, 13.80], -4), not words; "-" is a figure of no hands
    (Apology's success rate where no taker held that many oudlers), which set its column flush left."""
    number = r"[-+−]?[\d.,]*\d%?"
    return bool(re.fullmatch(rf"{number}|\[{number}, {number}\]|-?", cell.strip()))


def _interval(cell: str) -> bool:
    """A cell that is an interval (``[-13.16, -1.68]``, Lansquenet's range of chips ``[0, 219]``), kept
    on one line: it broke at its space."""
    return cell.startswith("[") and _figure(cell)


def _write_records(
    path: Path,
    summaries: list[Summary],
    swept: str | None,
    note: str = "",
    stopped: dict[str, Any] | None = None,
) -> None:
    """Every match as a JSON line, in order: a researcher's own statistics need more than the summary.
    A run stopped by Ctrl-C ends with the line ``stopped`` (``parlour.sim.stopped_line``): the message
    said the file was partial, the file itself did not."""
    write_records(path, summaries, swept, stopped)
    console.print(f"matches written to {path}{note}")


def _quiet_dask() -> None:
    """Dask logs its side of a failure, tracebacks and all, on its loggers and on loggers named after
    whichever module failed (asyncio's): the one-line error of ``simulate`` says what matters."""
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(logging.NullHandler())  # no "last resort" printing of unconfigured loggers


def _check_writable(path: Path, flag: str) -> None:
    """Refuse, before any match is played, a file that cannot be written when the run ends."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"{flag}: the folder {folder} does not exist")
    if path.is_dir():
        fail(f"{flag}: {path} is a folder, not a file")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"{flag}: {path} cannot be written")


def _plot_path(path: Path) -> Path:
    """The file a plot is written to, its format checked before any match is played: "--plot x.txt"
    failed with matplotlib's traceback after the whole sweep, and "--plot sweep" wrote sweep.png
    while saying "plot saved to sweep"."""
    if not path.suffix:
        return path.with_name(path.name + ".png")
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()
    if path.suffix[1:].lower() not in formats:
        fail(f"--plot: a plot cannot be written as {echo(path.suffix)}: name a .png, .svg or .pdf file")
    return path


def _plot_sweep(g: Game[Any], name: str, vals: list[Any], summaries: list[Summary], path: Path) -> None:
    game = g.name
    plotter = sweep_plotter(game)
    ticks = [shown(v) for v in vals]  # "true", as typed after -o, where matplotlib wrote "True"
    if plotter is not None:
        plotter(g, name, vals, summaries, str(path))
    else:
        try:
            import matplotlib.pyplot as plt

            from parlour.plots import sweep_figure
        except ImportError:
            fail("plots need matplotlib: pip install 'parlour[plot]'")
        fig = sweep_figure(game, name, ticks, summaries)
        fig.savefig(path)
        plt.close(fig)
    console.print(f"plot saved to {path}")


@app.command("players")
def players_command(
    game: GameArg,
    notes: Annotated[
        bool,
        typer.Option(
            "--notes", help="Print how strong they are: the measurements, and what was tried and not kept."
        ),
    ] = False,
) -> None:
    """List a game's computer players: its levels (easy, normal, strong) and every other kind."""
    try:
        g = parlour.make(game)
    except (KeyError, ValueError) as exc:
        fail(exc)
    if notes:
        text = type(g).strength_text()
        if not text.strip():
            fail(f"{game} has no measurements of its computer players")
        with paged(console):
            console.print(RulesText(text))
        return
    table = Table(title=f"computer players of {game} (parlour play {game} --opponents KIND)")
    for col in ("kind", "level", "what it is"):
        table.add_column(col)
    levels_first = [k for k in LEVELS if k in player_kinds(game)]
    for kind in levels_first + [k for k in player_kinds(game) if k not in LEVELS]:
        doc = describe_player(g, kind)
        same = same_player(game, kind)
        if same:  # Lansquenet's strong was "The default computer player", beside normal in the same words
            doc = f"{doc.removesuffix('.')} (the same player as {' and '.join(same)})."
        # "yes" beside easy and strong and "default" beside normal hid that normal is a level too
        level = ("yes (the default)" if kind == DEFAULT_LEVEL else "yes") if kind in LEVELS else ""
        table.add_row(kind, level, doc)
    console.print(table)


@app.command("duplicate")
@_ctrl_c_once("deals")  # as simulate: said at once, and a second Ctrl-C lost the deals kept
def duplicate_command(
    game: GameArg,
    candidate: Annotated[str, typer.Option(help="The player measured (a level or a kind).")] = "strong",
    baseline: Annotated[str, typer.Option(help="The player it is measured against.")] = "heuristic",
    deals: Annotated[
        int, typer.Option(help=f"How many deals, 1 to {MAX_DEALS} (each played once per measured seat).")
    ] = 50,
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same figures.")] = 0,
    hands: Annotated[
        int, typer.Option(help=f"Hands an episode lasts, at most {MAX_HANDS} (0: the whole match).", min=0)
    ] = 1,
    returns: Annotated[
        str, typer.Option(help="points (hand points) or outcome (+1 win, -1 loss).")
    ] = "points",
    seats: Annotated[
        str | None, typer.Option(help="Seats the candidate takes in turn, from 1, e.g. 1,2.")
    ] = None,
    jobs: Annotated[int, typer.Option(help=f"Processes to play on (1 to {MAX_JOBS}).", min=1)] = 1,
    json_file: Annotated[
        Path | None,
        typer.Option(
            "--json",
            help="Write the result, with every deal's margin, to this file (its seats numbered from 0, "
            "as programs number players).",
        ),
    ] = None,
    option: OptionArg = None,
) -> None:
    """Measure one computer player against another on duplicate deals (the luck of the cards taken out).

    Each deal is played by the baseline at every seat, then once per measured seat with the candidate.

    The figure is the candidate's margin at its seat, with a 95% interval.
    """
    # (one line a paragraph: typer keeps a docstring's line ends, and "--help" broke its sentence after
    # "with the" at any width)
    from parlour.duplicate import DuplicateStopped, duplicate
    from parlour.episodes import RETURNS

    opts: dict[str, Any] = _options(option)
    g = _make(game, opts)
    if deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    at_most("--deals", deals, MAX_DEALS)
    at_most("--hands", hands, MAX_HANDS)
    at_most("--jobs", jobs, MAX_JOBS)
    _check_seed(seed)
    if returns not in RETURNS:  # the library's "returns: one of ..." named no option of the command
        fail(f"--returns is {' or '.join(RETURNS)}, not {echo(returns)}")
    chosen = None if seats is None else _seats(seats, g.num_players, "--seats", g)
    if json_file is not None:
        _check_writable(json_file, "--json")
    for flag, kind in (("--candidate", candidate), ("--baseline", baseline)):
        try:
            make_player(kind, g, 0)
        except ValueError as exc:
            fail(f"{flag}: {exc}")
    if candidate == baseline or baseline in same_player(game, candidate):
        # "parlour duplicate lansquenet" measured strong against heuristic, the same player there,
        # and printed "+0.00 ± 0.00" as if that were a finding
        fail(
            f"--candidate {candidate} and --baseline {baseline} are the same player for {game}, so there "
            f"is nothing to measure: choose another kind (parlour players {game} lists them)"
        )
    measured = len(chosen) if chosen is not None else g.num_players
    try:
        # a bar, as simulate has: a strong candidate thinks seconds a move, and the command said
        # nothing for minutes (two deals of Bishops Whist, strong against heuristic: about three)
        with progress_bar(f"{game}: {candidate} vs {baseline}, {measured + 1} matches a deal") as bar:
            task = bar.add_task("deals", total=deals)
            result = duplicate(
                game,
                candidate,
                baseline,
                deals=deals,
                seed=seed,
                hands=hands,
                returns=returns,
                seats=chosen,
                jobs=jobs,
                options=opts,
                progress=lambda k: bar.advance(task, k),
            )
    except ValueError as exc:
        fail(exc)
    except DuplicateStopped as stop:
        # the deals played are worth something: their figure, and the command that plays them again
        errors.print(Text(f"stopped by Ctrl-C after {stop.played} of {deals} deals", style="bold"))

        def again(n: int) -> str:
            """The command that plays this run's first ``n`` deals."""
            words = ["parlour", "duplicate", game, "--candidate", candidate, "--baseline", baseline]
            words += ["--deals", str(n), "--seed", str(seed), "--hands", str(hands), "--returns", returns]
            words += ["--seats", seats] if seats is not None else []
            for name, value in opts.items():
                words += ["-o", f"{name}={value}"]
            return shlex.join(words)

        if stop.result is None:
            errors.print(
                "No deal had finished, so there is no figure; the same seed plays the same deals again:"
            )
            errors.print(f"  {again(deals)}", soft_wrap=True)  # (whole, to be copied)
            raise typer.Exit(130) from None
        errors.print(
            f"The figure of {'that deal' if stop.played == 1 else f'those {stop.played} deals'} follows. "
            "Deal k of a seed is the same cards whatever "
            "the run, so it is the figure of this command, which plays the same deals:"
        )
        errors.print(f"  {again(stop.played)}", soft_wrap=True)
        _print_seated_line(f"{stop.result.line()} (partial: {deals} asked, stopped by Ctrl-C)")
        if json_file is not None:
            marked = {**stop.result.to_dict(), "seed": seed, "planned": deals, "partial": True}
            json_file.write_text(json.dumps(marked, indent=2))
            console.print(f"result written to {json_file} (the deals played before Ctrl-C)")
        raise typer.Exit(130) from None
    _print_seated_line(result.line())
    if json_file is not None:
        marked = {**result.to_dict(), "seed": seed, "planned": deals, "partial": False}
        json_file.write_text(json.dumps(marked, indent=2))
        console.print(f"result written to {json_file}")


@app.command()
def schema(
    write: Annotated[
        Path | None, typer.Option(help="Write view.<game>.json and event.json into this folder.")
    ] = None,
    game: Annotated[str | None, typer.Option(help="Print only this game's view schema.")] = None,
) -> None:
    """Print (or write) the JSON Schemas of views and log events, generated from their types."""
    from parlour.engine.schema import event_schema, view_schema

    schemas: dict[str, Any] = {}
    names = [game] if game else [info.name for info in parlour.list_games()]
    for name in names:
        try:
            schemas[f"view.{name}.json"] = view_schema(parlour.game_class(name))
        except ValueError as exc:
            fail(exc)
    if not game:
        schemas["event.json"] = event_schema()
    if write is None:
        console.print_json(json.dumps(schemas if len(schemas) > 1 else next(iter(schemas.values()))))
        return
    if not write.is_dir():
        fail(f"--write: the folder {write} does not exist")
    for filename, data in schemas.items():
        (write / filename).write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    console.print(f"wrote {len(schemas)} schemas to {write}")
