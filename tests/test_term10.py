"""The terminal's compact table, finished (term-10): the rows that say nothing at a move are the game's
word (``quiet=True`` on its extras' fields, published to the web), not a guess from English labels; the
whole panel is drawn only where it leaves the log its rows; ten seats' "players" row fits; the first-time
line names a score sheet only where the game keeps one; a window too short for any table says so."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.engine import State, registry
from parlour.engine.views import View, is_quiet, label_of, labelled, per_seat
from parlour.players import make_player
from parlour.web import frames
from tests.test_term9 import SHORT, play

OLD_IDLE = re.compile(r"phase|stage|(?:\w+ )?\w+s played")
"""The terminal's old guess (term-9) at a game's rows that say nothing at a move, from their labels."""

GAMES = [m.game.name for m in registry.manifests()]


def shown_fields(name: str) -> list[dataclasses.Field[Any]]:
    """A game's extras fields that a front end shows (``internal()`` ones are never drawn)."""
    extra = registry.game_class(name).view_extra
    return [f for f in dataclasses.fields(extra) if f.metadata.get("show") is not False]


@pytest.mark.parametrize("name", GAMES)
def test_quiet_fields_are_those_the_old_labels_guessed(name: str) -> None:
    """Every registered game marks quiet exactly the shown fields whose labels the old regex matched:
    the same rows are left out first as before."""
    fields = shown_fields(name)
    quiet = {label_of(f) for f in fields if is_quiet(f)}
    guessed = {label_of(f) for f in fields if OLD_IDLE.fullmatch(label_of(f))}
    assert quiet == guessed, name


def test_the_games_say_which_facts_are_quiet() -> None:
    """The four facts the regex found are marked in their games' own packages; the terminal no longer
    reads labels for it (a game could rename "phase" to "what now" and keep it quiet)."""
    quiet = {(n, f.name) for n in GAMES for f in shown_fields(n) if is_quiet(f)}
    assert quiet >= {
        ("apology", "tricks_played"),
        ("bezique", "phase"),
        ("bishops-whist", "phase"),
        ("lansquenet", "deals_played"),
    }
    assert not hasattr(TerminalGame, "IDLE")


OWN_EXTRA_ROWS = TerminalGame.extra_rows


def guessed_extra_rows(self: TerminalGame, view: View[Any]) -> list[tuple[str, Text | list[Text], str]]:
    """The terminal as it was: a game's fact quiet where its label matches the old regex."""
    return [
        (label, value, "quiet" if OLD_IDLE.fullmatch(label) else "extra")
        for label, value, _ in OWN_EXTRA_ROWS(self, view)
    ]


@pytest.mark.parametrize("name", list(SHORT))
def test_compact_tables_are_unchanged(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded matches at 80x24 (test_term9, test_review8's size) print the same text, every compact
    table included, whether the game's metadata or the old regex says which rows are quiet."""
    for seed in (1,) if name == "bezique" else (1, 2):  # Bezique's match is long: one seed
        _, now = play(name, SHORT[name], 80, 24, seed=seed)
        with monkeypatch.context() as patched:
            patched.setattr(TerminalGame, "extra_rows", guessed_extra_rows)
            _, before = play(name, SHORT[name], 80, 24, seed=seed)
        assert "compact: 'table' shows all" in now or name in ("lansquenet", "open-tarock")
        assert now == before, (name, seed)


def test_the_web_is_told_which_facts_are_quiet() -> None:
    """The welcome's ``extra_fields`` carry ``quiet`` for every field, true for the game's quiet ones."""
    for name in GAMES:
        fields = frames.welcome_frame(parlour.make(name).new(seed=1), 0, {})["extra_fields"]
        assert all(isinstance(f["quiet"], bool) for f in fields), name
        shown = {f.name: is_quiet(f) for f in shown_fields(name)}
        assert {f["name"]: f["quiet"] for f in fields if f["show"]} == shown, name
    bishops = frames.welcome_frame(parlour.make("bishops-whist").new(seed=1), 0, {})["extra_fields"]
    assert next(f for f in bishops if f["name"] == "phase")["quiet"]
    assert not next(f for f in bishops if f["name"] == "tricks_won")["quiet"]


def windows(
    name: str, options: dict[str, Any], width: int, height: int, seed: int = 1, lines: Sequence[str] = ()
) -> list[str]:
    """A seeded match to its end at a ``width`` x ``height`` terminal, the person at seat 0 choosing as a
    random player does (``lines`` typed first): at each of the person's moves, what the window shows
    when the prompt waits (the last ``height`` rows printed, the prompt's own the last)."""
    game = parlour.make(name, **options)
    bots = {s: make_player("random", game, seed * 10 + s) for s in range(1, game.num_players)}
    me = make_player("random", game, seed * 10)
    console = Console(
        record=True, width=width, height=height, force_terminal=True, color_system=None, file=io.StringIO()
    )
    printed: list[str] = []
    shown: list[str] = []
    typed = list(lines)

    def ask(prompt: str, completions: Sequence[str]) -> str:
        printed.append(console.export_text(clear=True) + prompt)
        if "your move" not in prompt:
            return ""
        shown.append("\n".join("".join(printed).split("\n")[-height:]))
        if typed:
            return typed.pop(0)
        return me.choose(table.now.view(0), game)

    table = Kept(game, [0], bots, seed, console, ask=ask, hint_seconds=None)
    table.run()
    return shown


class Kept(TerminalGame):
    """A table that keeps the state at the person's move, for the person's random choice."""

    def human_turn(self, state: State, seat: int) -> bool:
        self.now = state
        return super().human_turn(state, seat)


def log_then_table(window: str) -> tuple[list[str], str]:
    """The log lines seen above the table in a window, and the table from its panel's top."""
    rows = window.split("\n")
    top = max(i for i, row in enumerate(rows) if row.startswith("╭"))
    return [r for r in rows[:top] if r.startswith("· ")], "\n".join(rows[top:])


@pytest.mark.parametrize("seed", [1, 2])
def test_lansquenet_four_players_leaves_the_log_in_sight(seed: int) -> None:
    """Lansquenet with four players at 80x24: the whole panel fitted to the row and the others' last
    moves, printed just above it, scrolled off. Where the log was printed, its rows stay in sight (the
    last of them, and up to ``LOG_ROOM`` of them), the compact table drawn where the whole one leaves
    no room for them."""
    shown = windows("lansquenet", {"players": 4, "length": "deals", "deals": 3}, 80, 24, seed=seed)
    assert shown
    compact = 0
    for window in shown:
        log, table = log_then_table(window)
        compact += "compact: 'table' shows all" in table
        assert log, window  # the others' moves (or the deal's start) are in sight above the table
        assert table.count("\n") + 1 + TerminalGame.LOG_ROOM <= 24, window
    assert compact


def test_a_tall_window_still_draws_the_whole_panel() -> None:
    """At 80x40 the four seats' whole panel and its log fit: it is drawn whole, as before."""
    for window in windows("lansquenet", {"players": 4, "length": "deals", "deals": 3}, 80, 40):
        log, table = log_then_table(window)
        assert "compact:" not in table and log, window
        assert re.search(r"^│ bets ", table, re.M), table


@pytest.mark.parametrize("seed", [1, 2])
def test_ten_seats_players_row_fits(seed: int) -> None:
    """Lansquenet with ten players at 80x24: the compact table's "players" row was cut ("you, seat 2,
    ..., seat 6, seat…"); it says every player, the person as "you", the others' seats in a run."""
    shown = windows("lansquenet", {"players": 10, "length": "deals", "deals": 2}, 80, 24, seed=seed)
    rows = [m[1] for w in shown if (m := re.search(r"^│ players +(.*?) *│$", w, re.M))]
    assert rows
    for row in rows:
        assert "…" not in row, row
        assert re.fullmatch(r"(you, )?seats \d+ to \d+(, \d+( to \d+)?)*", row), row


def test_seat_runs() -> None:
    """Seats said short: the person and a partner by name, first; three or more seats in a row as a
    range, numbered from 1; fewer one by one."""
    lansquenet = parlour.make("lansquenet", players=10)
    console = Console(width=80, file=io.StringIO())
    table = TerminalGame(lansquenet, [0], {}, 1, console)
    view = lansquenet.new(seed=1).view(0)
    assert table.seat_runs(range(9), view).plain == "you, seats 2 to 9"
    assert table.seat_runs(range(1, 10), view).plain == "seats 2 to 10"
    assert table.seat_runs([0, 1, 2, 3, 5, 6, 7, 8, 9], view).plain == "you, seats 2 to 4, 6 to 10"
    assert table.seat_runs([0, 1, 2, 4, 6, 7, 8], view).plain == "you, seats 2, 3, 5, 7 to 9"
    assert table.seat_runs([3], view).plain == "seat 4"
    other = TerminalGame(lansquenet, [4], {}, 1, console)
    assert other.seat_runs(range(9), lansquenet.new(seed=1).view(4)).plain == "you, seats 1 to 4, 6 to 9"
    whist = parlour.make("bishops-whist")
    partnered = TerminalGame(whist, [0], {}, 1, console)
    assert partnered.seat_runs(range(4), whist.new(seed=1).view(0)).plain == (
        "you, seat 3 (partner), seats 2, 4"
    )


@pytest.mark.parametrize("name", list(SHORT))
def test_the_first_line_names_a_sheet_only_where_there_is_one(name: str) -> None:
    """The line said the first time the table is compact sent Bezique's and Lansquenet's players to
    "'score' the sheet", a sheet neither keeps: it names it only where the game keeps one."""
    options = {"players": 10, **SHORT[name]} if name == "lansquenet" else SHORT[name]
    _, text = play(name, options, 80, 23 if name == "open-tarock" else 24)  # it fits 80x24 whole
    [line] = [line for line in text.splitlines() if line.startswith("A compact table")]
    keeps = parlour.make(name, **options).new(seed=1).view(0).score_sheet is not None
    assert keeps == (name not in ("bezique", "lansquenet"))
    expected = "'table' shows it whole, 'score' the sheet." if keeps else "'table' shows it whole."
    assert line == f"A compact table for a short window: {expected}", line


@pytest.mark.parametrize("height", [14, 19])
def test_the_smallest_compact_table_fits_a_short_window(height: int) -> None:
    """Below some 22 rows the smallest compact table was drawn though it did not fit: the seat's own
    melds and tricks, cut to one line, were measured one row and printed five (a Text's own no_wrap is
    lost when the console prints it). Roquet and Apology now fit 80 columns down to 14 rows."""
    for name in ("roquet", "apology"):
        screens, text = play(name, SHORT[name], 80, height)
        assert max(s.count("\n") + 1 for _, s in screens) <= height, name
        assert "This window is" not in text


def test_a_window_too_short_for_any_table_says_so_once() -> None:
    """At 80x12 Bishops Whist's smallest compact table needs 13 rows: it is drawn, and one line, once,
    says the window is too short and how many rows the table needs."""
    screens, text = play("bishops-whist", SHORT["bishops-whist"], 80, 12)
    assert text.count("This window is") == 1, text
    said = re.search(
        r"This window is (\d+) rows high; the table needs (\d+): a taller one shows it all\.", text
    )
    assert said is not None and said[1] == "12" and int(said[2]) > 12, text
    first = next(s for _, s in screens if "This window is" in s)
    assert first.count("\n") + 1 == int(said[2]) + 1, first  # the table, and the line itself
    _, taller = play("bishops-whist", SHORT["bishops-whist"], 80, 14)
    assert "This window is" not in taller


def test_apologys_longest_label_is_whole_beside_its_score() -> None:
    """Apology at 80x24: "your card points with your buri…" was cut one column short beside a score
    line of four seats; the score's parts two spaces apart leave it room."""
    screens, _ = play("apology", SHORT["apology"], 80, 24, seed=1)
    burial = [s for _, s in screens if "card points with your bur" in s and "compact:" in s]
    assert burial
    for screen in burial:
        assert re.search(r"^│ your card points with your burial  ", screen, re.M), screen
        assert re.search(r"^│ score +you: 0  seat 2: 0  seat 3: 0  seat 4: 0 +│", screen, re.M), screen
        assert screen.count("\n") + 1 <= 24


def test_quiet_is_metadata_of_labelled_and_per_seat() -> None:
    """``quiet=True`` on ``labelled`` and ``per_seat`` is read by ``is_quiet``; quiet is not the default."""

    @dataclasses.dataclass(slots=True)
    class Extra:
        stage: str = labelled("stage", quiet=True)
        counts: Sequence[int] = per_seat("rounds each", quiet=True)
        points: Sequence[int] = per_seat("points")
        named: str = labelled("named")

    quiet = {f.name: is_quiet(f) for f in dataclasses.fields(Extra)}
    assert quiet == {"stage": True, "counts": True, "points": False, "named": False}


def test_help_names_a_sheet_only_where_there_is_one() -> None:
    """The help's 'score' promised "the score and the score sheet" in every game: Bezique and
    Lansquenet keep none."""
    for name, sheet in (("bezique", False), ("lansquenet", False), ("apology", True)):
        console = Console(record=True, width=400, file=io.StringIO())
        game = parlour.make(name)
        bots = {s: make_player("random", game, s) for s in range(1, game.num_players)}
        table = TerminalGame(game, [0], bots, 1, console, ask=lambda prompt, completions: "quit")
        table.run()
        printed = console.export_text()
        said = "score (the score and the score sheet), hint" if sheet else "score (the score), hint"
        assert said in printed, (name, printed)
