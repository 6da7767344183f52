"""The terminal's table fits a short terminal (term-9). At 80x24 the panel and the moves of Apology,
Bishops Whist and Roquet took 35 to 45 rows, so the top of the panel (often the trick or the hand) had
scrolled off when the person was asked to move. At a terminal too short for the whole table a compact
one is drawn; a pipe, and a terminal tall enough, still read the whole table. Also: a partner's
possessive, and Bishops Whist's one-hand match not counted in the panel."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.engine import State
from parlour.engine.views import View
from parlour.players import make_player

SHORT: dict[str, dict[str, Any]] = {
    "apology": {"deals": 1},
    "bezique": {"target": 300},
    "bishops-whist": {"hand_limit": 1},
    "lansquenet": {"length": "deals", "deals": 6},
    "open-tarock": {"deals": 1},
    "roquet": {"target": 30},
}
"""Each game's options for a short match played to its end."""

NOTE = "A compact table for a short window"


class Measured(TerminalGame):
    """A table that keeps, at each move of the person, the text from the panel's top to the prompt."""

    def render(self, view: View[Any], whole: bool = False) -> None:
        self.console.export_text(clear=True)  # what was printed before (the log) is not the table's
        if whole:
            super().render(view, whole)
        else:
            super().render(view)

    def human_turn(self, state: State, seat: int) -> bool:
        self.now = state
        return super().human_turn(state, seat)


def play(
    name: str,
    options: dict[str, Any],
    width: int,
    height: int,
    terminal: bool = True,
    seat: int = 0,
    seed: int = 1,
    lines: Sequence[str] = (),
) -> tuple[list[tuple[str, str]], str]:
    """A seeded match to its end, the person at ``seat`` choosing as a random player does (``lines``
    typed first, at the first moves), on a console of ``width`` x ``height`` that is a terminal or not:
    each move's decision kind and the text from the panel's top to the prompt (its last row), and all
    that was printed."""
    game = parlour.make(name, **options)
    bots = {s: make_player("random", game, seed * 10 + s) for s in range(game.num_players) if s != seat}
    me = make_player("random", game, seed * 10 + seat)
    console = Console(
        record=True,
        width=width,
        height=height,
        force_terminal=terminal,
        color_system=None,
        file=io.StringIO(),
    )
    screens: list[tuple[str, str]] = []
    everything: list[str] = []
    typed = list(lines)

    def ask(prompt: str, completions: Sequence[str]) -> str:
        text = console.export_text(clear=True)
        everything.append(text + prompt)
        if "your move" not in prompt:
            return ""
        view = table.now.view(seat)
        screens.append((view.decision.kind if view.decision else "", text + "your move> "))
        if typed:
            return typed.pop(0)
        return me.choose(view, game)

    table = Measured(game, [seat], bots, seed, console, ask=ask, hint_seconds=None)
    table.run()
    everything.append(console.export_text(clear=True))
    return screens, "".join(everything)


def rows(screen: str) -> int:
    """The rows a screen takes, its prompt's included."""
    return screen.count("\n") + 1


@pytest.mark.parametrize(
    ("name", "options"),
    [*SHORT.items(), ("bishops-whist", {"hand_limit": 1, "laws": "table"})],
    ids=[*SHORT, "bishops-whist-table-laws"],
)
def test_every_decision_fits_80x24(name: str, options: dict[str, Any]) -> None:
    """Every decision of a match played to its end (bids, burials, declarations, trumps, bets, plays)
    fits an 80x24 terminal from the panel's top to the prompt; the hand and the moves are on it."""
    screens, _ = play(name, options, 80, 24)
    assert screens
    tallest = max(screens, key=lambda s: rows(s[1]))
    assert rows(tallest[1]) <= 24, tallest[1]
    for _, screen in screens:
        assert "moves: " in screen, screen
        assert "your move> " in screen.splitlines()[-1]
        if "your hand:" not in screen:  # open tarock holds its cards in stacks, Lansquenet none
            assert name in ("open-tarock", "lansquenet"), screen


def test_compact_table_keeps_what_a_move_needs() -> None:
    """Roquet at 80x24, whose whole table took up to 41 rows: the compact one keeps the round, trumps,
    the score on one line, the trick, the hand and the moves; says once, in a line, that it is compact
    and how to see it whole, and on its border after; leaves the score sheet to 'score'."""
    screens, text = play("roquet", SHORT["roquet"], 80, 24)
    compact = [(k, s) for k, s in screens if "compact: 'table' shows all" in s]
    assert compact, screens[-1][1]
    assert text.count(NOTE) == 1
    for kind, screen in compact:
        assert re.search(r"│ hand +\d+", screen), screen
        assert re.search(r"│ trumps +\w+ \(.\)", screen), screen
        score = re.search(r"│ score +(.*)│", screen)
        assert score is not None and "you: " in score[1] and "seat 2: " in score[1], screen
        assert "your hand: " in screen, screen
        assert kind != "play" or "on the table: " in screen, screen
        assert "score sheet" not in screen
        # the moves name their verb once: "play 1) BD  2) 7D"
        moves = screen[screen.index("moves: ") :]
        assert moves.count("play ") <= 1 + moves.count("declare ") + moves.count("meld "), moves


def test_a_pipe_and_a_tall_terminal_read_the_whole_table() -> None:
    """A console that is no terminal (a pipe, tests, scripts) reads the whole table at any height (Rich
    calls it 25 rows high), and so does a terminal where the whole table fits: 80x40 and 100x30 for
    Bezique, whose whole table takes at most 29 rows at 80 columns."""
    for terminal, width, height in ((False, 80, 24), (True, 80, 40), (True, 100, 30)):
        screens, text = play("bezique", SHORT["bezique"], width, height, terminal=terminal)
        assert NOTE not in text and "compact:" not in text, (terminal, width, height)
        assert max(rows(s) for _, s in screens) <= height or not terminal
    # and the whole table does not fit 80x24 at every move: there it is compact
    screens, text = play("bezique", SHORT["bezique"], 80, 24)
    assert NOTE in text


def test_100x30_and_80x40_compact_only_where_the_table_does_not_fit() -> None:
    """Apology, whose whole table takes up to 45 rows at 80 columns: at 80x40 and at 100x30 each move
    shows the whole table where it fits (its score sheet, every seat's row) and the compact one where it
    does not, and every screen fits."""
    for width, height in ((80, 40), (100, 30)):
        screens, _ = play("apology", SHORT["apology"], width, height)
        assert max(rows(s) for _, s in screens) <= height
        whole = [s for _, s in screens if "compact:" not in s]
        assert whole, (width, height)
        for screen in whole:  # the whole table: the other seats' rows are there
            assert re.search(r"│ seat 2 +1?\d cards in hand", screen), screen


def test_table_shows_the_whole_table_and_score_the_sheet() -> None:
    """At a short terminal 'table' prints the whole table (its score sheet with it) and the moves;
    'score' the score and the score sheet; 'hand' the compact table again. Then the match plays on."""
    screens, _ = play("apology", {"deals": 2}, 80, 24, lines=["table", "score", "hand"], seat=0, seed=2)
    assert len(screens) > 3
    whole = screens[1][1]  # after 'table'
    assert "compact:" not in whole and "moves: " in whole and "your hand: " in whole
    assert re.search(r"│ seat 2 +1?\d cards in hand", whole), whole
    assert screens[2][1].startswith("score: you: 0"), screens[2][1]
    assert "compact:" in screens[3][1], screens[3][1]


def test_rows_measure_what_is_printed() -> None:
    """The rows the table is measured by are the rows it prints, at 80 and 100 columns."""
    game = parlour.make("bishops-whist", hand_limit=1)
    state = game.new(seed=4)
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    for width in (80, 100):
        console = Console(
            record=True, width=width, height=24, force_terminal=False, color_system=None, file=io.StringIO()
        )
        table = TerminalGame(game, [0], {}, 4, console)
        view = state.view(0)
        parts = [*table.table_parts(view), *table.moves_parts(view)]
        table.render(view)
        assert table.rows(parts) == console.export_text().count("\n")
        assert table.rows(table.compact_parts(view)) <= 23


def test_a_partners_possessive() -> None:
    """A possessive after a partner's seat reads "your partner's" ("seat 3 (partner)'s hand" put it after
    the mark), as the reader's own reads "your"; other seats keep theirs."""
    game = parlour.make("bishops-whist")
    console = Console(width=80, file=io.StringIO())
    table = TerminalGame(game, [0], {}, 1, console)
    view = game.new(seed=1).view(0)
    assert table.name_seats("seat 2's hand", view) == "your partner's hand"
    assert table.name_seats("Seat 2's turn", view) == "Your partner's turn"
    assert table.name_seats("seat 1's hand", view) == "seat 2's hand"
    assert table.name_seats("seat 0's hand", view) == "your hand"
    assert table.name_seats("seat 2 plays 9H", view) == "seat 3 (partner) plays 9H"


def test_bishops_whist_one_hand_panel_does_not_count_the_hand() -> None:
    """Bishops Whist at hand_limit=1: the panel says "trick 3", not "hand 1, trick 3", as the game's
    own words ("the hand") do; a longer match still counts its hands."""
    for limit, expected in ((1, r"│ trick +\d+ "), (2, r"│ hand +1, trick \d+ ")):
        screens, _ = play("bishops-whist", {"hand_limit": limit}, 120, 60, terminal=False)
        for _, screen in screens[:5]:
            assert re.search(expected, screen), screen
            if limit == 1:
                assert not re.search(r"│ hand +1", screen), screen


def test_short_moves_are_typed_as_before() -> None:
    """The compact list names a run's verb once ("play 1) 7S  2) 4S"); a move is typed by its number or
    in full, as before."""
    game = parlour.make("bishops-whist", hand_limit=1)
    console = Console(width=80, height=24, force_terminal=True, color_system=None, file=io.StringIO())
    table = TerminalGame(game, [0], {}, 1, console)
    state = game.new(seed=1)
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    short = Text("\n").join(table.moves_parts(view, short=True)).plain
    legal = view.legal_actions
    verb, _, first = legal[0].partition(" ")
    assert f"{verb} 1) {first}" in short, short
    if len(legal) > 1:
        assert f"2) {legal[1].partition(' ')[2]}" in short and f"2) {legal[1]}" not in short, short
