"""The compact terminal table (term-9) as a player meets it at an 80x24 terminal (review-8): the rows a
player needs kept before rows that say nothing, the latest log lines on a table drawn again, a score row
of ten seats that fits, and a one-deal match whose cards are dealt again said so."""

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
from parlour.engine import Game, State
from parlour.engine.views import View
from parlour.players import make_player
from tests.test_term9 import SHORT, Measured


class Watched(Measured):
    """A table that keeps, at each move of the person, the screen from the panel's top to the prompt,
    and what was printed above each table (the log) in ``above``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.above: list[str] = []

    def render(self, view: View[Any], whole: bool = False) -> None:
        self.above.append(self.console.export_text())
        super().render(view, whole)


def walk(
    name: str,
    options: dict[str, Any],
    seed: int = 1,
    lines: Sequence[str] = (),
    bots: dict[int, Any] | None = None,
) -> tuple[list[tuple[View[Any], str]], list[str], Watched]:
    """A seeded match to its end at an 80x24 terminal, the person at seat 0 choosing as a random player
    does (``lines`` typed first): each move's view and screen, and every prompt asked."""
    game = parlour.make(name, **options)
    others = bots or {s: make_player("random", game, seed * 10 + s) for s in range(1, game.num_players)}
    me = make_player("random", game, seed * 10)
    console = Console(
        record=True, width=80, height=24, force_terminal=True, color_system=None, file=io.StringIO()
    )
    screens: list[tuple[View[Any], str]] = []
    prompts: list[str] = []
    typed = list(lines)

    def ask(prompt: str, completions: Sequence[str]) -> str:
        text = console.export_text(clear=True)
        prompts.append(prompt)
        if "your move" not in prompt:
            return ""
        view = table.now.view(0)
        screens.append((view, text + "your move> "))
        if typed:
            return typed.pop(0)
        return me.choose(view, game)

    table = Watched(game, [0], others, seed, console, ask=ask, hint_seconds=None)
    table.run()
    return screens, prompts, table


def panel_rows(screen: str) -> list[str]:
    """The labels of the compact panel's rows (a row going on over more lines is one label)."""
    return [m[1] for m in re.finditer(r"^│ (\S(?:[^ ]| (?! ))*)  ", screen, re.M)]


IDLE = re.compile(r"phase|stage|\w+s played")
"""Rows that say nothing at a move: the phase (the prompt says what is asked) and a count of the rounds
played (the round row counts them)."""


@pytest.mark.parametrize("name", list(SHORT))
def test_seats_rows_are_kept_before_rows_that_say_nothing(name: str) -> None:
    """At 80x24 a compact table never keeps "phase play" or "hands played 0" while it leaves out another
    seat's row (its cards in hand, its tricks won): Bishops Whist kept both idle rows and dropped every
    seat's."""
    screens, _, table = walk(name, SHORT[name])
    compact = [(v, s) for v, s in screens if "compact: 'table' shows all" in s]
    assert compact or name in ("lansquenet", "open-tarock")  # these two fit 80x24 whole
    for view, screen in compact:
        labels = panel_rows(screen)
        seats = [r[0] for r in table.table_rows(view) if r[3] == "seat"]
        idle = [label for label in labels if IDLE.fullmatch(label)]
        if idle:
            assert all(seat in labels for seat in seats), (idle, seats, screen)
    if name == "bishops-whist":  # the others' rows are on its screens, the idle ones not
        plays = [s for v, s in compact if v.decision is not None and v.decision.kind == "play"]
        assert plays
        assert all(re.search(r"^│ seat 2 +\d+ cards? in hand", s, re.M) for s in plays), plays[0]
        assert not any(re.search(r"^│ (phase|hands played) ", s, re.M) for s in plays), plays[0]


def test_a_table_drawn_again_shows_the_latest_log_lines() -> None:
    """'hand' and 'table' print nothing new above the compact table, so the log lines that were above
    it scroll off: drawn again, the compact table shows the latest of them itself (one to three), and
    still fits 24 rows; drawn after the log, it does not repeat them."""
    screens, _, table = walk("apology", SHORT["apology"], seed=2, lines=["table", "hand", "hand"])
    assert len(screens) > 4
    first, again = screens[0][1], screens[2][1]
    assert "compact: 'table' shows all" in again
    assert not re.search(r"^· ", first, re.M), first  # the log was printed just above it
    shown = re.findall(r"^· (.*)$", again, re.M)
    assert 1 <= len(shown) <= 3, again
    # the lines are those printed above the first table, the last of them last
    log = re.findall(r"^· (.*)$", table.above[0], re.M)
    assert log and shown == log[-len(shown) :], (shown, log)
    assert again.count("\n") + 1 <= 24, again
    # drawn again at once, the same lines
    assert re.findall(r"^· (.*)$", screens[3][1], re.M) == shown


def score_lines(screen: str) -> int:
    """The lines the compact panel's score row takes."""
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"│ chips in all ", line))
    more = 0
    for line in lines[start + 1 :]:
        if not re.match(r"│ {10}", line):
            break
        more += 1
    return 1 + more


def test_ten_seats_chips_fit_two_lines() -> None:
    """Lansquenet with ten players: the compact score row ("chips in all") took three lines of the 24;
    it takes at most two, every seat's chips on them, the person's first."""
    screens, _, _ = walk("lansquenet", {"players": 10, "length": "deals", "deals": 3})
    compact = [s for _, s in screens if "compact: 'table' shows all" in s]
    assert compact
    for screen in compact:
        assert score_lines(screen) <= 2, screen
        row = re.search(r"│ chips in all +(.*?)│\n((?:│ {10}.*\n)?)", screen)
        assert row is not None
        said = row[1] + row[2]
        assert re.search(r"you:? \d+", said), said
        assert all(re.search(rf"\b{n}:? -?\d+", said) for n in range(2, 11)), said
        # a row of every seat's values, cut at the border, names them as the score does: more are seen
        bets = re.search(r"^│ bets +(.*?) *│$", screen, re.M)
        if bets is not None:
            # since term-12 every seat's: seats in a row with the same bet said together ("3 to 9: 0")
            named = re.fullmatch(r"you: \d+((?:  \d+(?: to \d+)?: \d+)+)", bets[1])
            assert named is not None, bets[1]
            seats = [
                range(int(m[1]), int(m[2] or m[1]) + 1)
                for m in re.finditer(r"(\d+)(?: to (\d+))?:", named[1])
            ]
            assert [n for run in seats for n in run] == list(range(2, 11)), bets[1]


class Passer:
    """A computer player that passes at the first deal's bidding, then plays its first move."""

    def __init__(self) -> None:
        self.passed = False

    def choose(self, view: View[Any], game: Game[Any]) -> str:
        legal = view.legal_actions
        if "pass" in legal and not self.passed:
            self.passed = True
            return "pass"
        return legal[0]


def test_a_one_deal_match_dealt_again_says_so() -> None:
    """Apology, one deal under thrown_in=redealt: after all four pass the pause said "the deal is over:
    press Enter for the next deal", of a match of one deal whose cards are only dealt again."""
    bots: dict[int, Any] = {s: Passer() for s in (1, 2, 3)}
    options = {"deals": 1, "thrown_in": "redealt"}
    _, prompts, table = walk("apology", options, lines=["pass"], bots=bots)
    state: State = table.now
    assert any(e.kind == "throw_in" for e in state.events(0)), "nobody passed"
    pauses = [p for p in prompts if "press Enter" in p]
    assert pauses, prompts
    assert "the cards are dealt again: press Enter" in pauses[0], pauses
    assert not any("next deal" in p for p in pauses), pauses


def test_a_longer_match_still_pauses_for_the_next_deal() -> None:
    """A match of two deals, its first thrown in and counted, still pauses for "the next deal"."""
    bots: dict[int, Any] = {s: Passer() for s in (1, 2, 3)}
    _, prompts, _ = walk("apology", {"deals": 2}, lines=["pass"], bots=bots)
    pauses = [p for p in prompts if "press Enter" in p]
    assert pauses and "the deal is over: press Enter for the next deal" in pauses[0], pauses


def test_one_round_pause_words_unit() -> None:
    """The pause's words come from the view: a one-round match going on deals the cards again."""
    game = parlour.make("apology", deals=1, thrown_in="redealt")
    table = TerminalGame(game, [0], {}, 1, Console(file=io.StringIO()))
    view = game.new(seed=1).view(0)
    assert table.round_over_prompt(view) == "the cards are dealt again: press Enter> "
    two = parlour.make("apology", deals=2)
    other = TerminalGame(two, [0], {}, 1, Console(file=io.StringIO()))
    assert other.round_over_prompt(two.new(seed=1).view(0)) == (
        "the deal is over: press Enter for the next deal> "
    )


def test_the_next_person_at_a_shared_terminal_never_sees_the_last_ones_log_lines() -> None:
    """Two people at one terminal: the log lines kept for the compact table are the last person's (what
    they drew, say); when the next sits down they are let go, so 'hand' cannot show them."""
    game = parlour.make("bishops-whist", hand_limit=1)
    console = Console(width=80, height=24, force_terminal=True, color_system=None, file=io.StringIO())
    table = TerminalGame(game, [0, 2], {}, 1, console, ask=lambda prompt, completions: "")
    state = game.new(seed=1)
    table.show_events(state)  # seat 0's log: its deal and its cards
    assert table.log_tail
    table.sit_down(2)
    assert table.log_tail == []


def test_labels_take_the_room_the_score_leaves() -> None:
    """Apology at 80x24: a label was cut at 24 columns ("taker's card points so …", "your card points
    with y…") beside a score line that left it 33: it takes that room, up to two fifths of the width."""
    screens, _, _ = walk("apology", SHORT["apology"], seed=5)
    compact = [s for _, s in screens if "compact: 'table' shows all" in s]
    points = [s for s in compact if "card points" in s]
    assert points
    for screen in points:
        assert re.search(r"^│ taker's card points so far  ", screen, re.M), screen
        assert screen.count("\n") + 1 <= 24, screen


def test_a_side_keeps_its_seats_words() -> None:
    """Only a seat's own value loses the word "seat" in a crowded row: a side's stays whole."""
    assert TerminalGame.seatless(Text("seat 2: 100")).plain == "2: 100"
    assert TerminalGame.seatless(Text("you: 11")).plain == "you: 11"
    assert TerminalGame.seatless(Text("seat 2 & seat 4: 1")).plain == "seat 2 & seat 4: 1"
