"""The terminal's loose ends after term-12 (term-13): Lansquenet's ten purses whole at 80x24, and
every hint, its lead-in ("hint: play CC — ") and its reason, in two lines at 80 columns."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from rich.console import Console
from rich.text import Text

import parlour
from parlour.cli.terminal import TerminalGame, hint_reason
from tests.test_hints12 import GAMES, advisor, advisors, positions
from tests.test_term9 import play
from tests.test_term11 import CASES
from tests.test_term12 import BORDER_CUT

PURSE = re.compile(r"^│ in the purse +(.*?) *│$((?:\n│ {4,}\S.*?│$)?)", re.M)
"""The compact panel's purse row, and its second line where it wraps."""


def seats_named(said: str) -> set[str]:
    """The seats a row of seats' values names: "you: 38  2: 42  3 to 9: 100" names you and 2 to 9."""
    named: set[str] = set()
    for first, last in re.findall(r"(?<!\S)(you|\d+)(?: to (\d+))?: ", said + " "):
        named |= {str(n) for n in range(int(first), int(last) + 1)} if last else {first}
    return named


def purses_named(screens: list[tuple[str, str]], players: int) -> int:
    """The screens that show a purse row, each screen checked to fit 24 rows and each purse row to name
    every one of the ``players`` seats."""
    purses = 0
    for _, screen in screens:
        assert screen.count("\n") + 1 <= 24, screen
        row = PURSE.search(screen)
        if row is not None:
            purses += 1
            said = " ".join(re.sub(r"│", " ", row[1] + row[2]).split())
            assert seats_named(said) == {"you", *map(str, range(2, players + 1))}, row[0]
    return purses


def test_lansquenets_ten_purses_are_whole_at_80x24() -> None:
    """Lansquenet with ten players at 80x24: while the seats bet, the title said the bank and what may
    still be bet ("bank 268 held by seat 10; 149 may still be bet"), the rows "the bank 268" and "may
    still be bet 149" said them again, and the ten distinct purses were cut ("… 8: 61  9:… │", two
    screens, no row to spare). A row the title says gives way: no value is cut (test_term12 counted
    2), every purse row names all ten seats, and the screen fits."""
    screens, text = play(*CASES["lansquenet-10"], 80, 24)
    cut = [line for line in text.splitlines() if BORDER_CUT.search(line)]
    assert len(cut) == 0, cut
    assert purses_named(screens, 10)


LONGEST_HINT = 150
"""The most characters a hint's line takes, its lead-in ("hint: play CC — ") included, at the positions
below: 149 since term-13 (Roquet's three combinations), 280 before (Bezique's, four lines at 80)."""


def hint_lines(name: str) -> Iterator[tuple[str, str, Text]]:
    """Each hint's line as the terminal prints it (``show_hint``'s words), of every level that gives
    reasons, at test_hints12's seeded positions of every moment of a match: (level, moment, line)."""
    game = parlour.make(name)
    console = Console(width=80, height=24, force_terminal=True, color_system=None, file=io.StringIO())
    table = TerminalGame(game, [0], {}, 1, console, hint_seconds=None)
    seen = list(positions(name))
    for level in advisors(name):
        for k, (at, view) in enumerate(seen):
            advice = advisor(level, game, k).advise(view, game)
            line = Text("hint: ").append(advice.action)
            reason = hint_reason(advice.action, advice.reason)
            if reason:
                line.append(f" — {table.log_words(reason, view)}")
            yield level, at, line


@pytest.mark.parametrize("name", GAMES)
def test_every_hint_fits_two_lines_at_80_columns(name: str) -> None:
    """Bezique's hint took four lines at 80 columns ("(scores 120 points more than the opponent from here
    to the end of the hand, on average over 2 deals of the unseen cards; 50 points better than the next
    best of the 4 cards compared)"), Apology's early card hint four and its bid three, open tarock's,
    Roquet's and Bishops Whist's three: each says its move, one reason and one figure, and the whole line
    takes two rows at 80 columns."""
    console = Console(width=80, force_terminal=True, color_system=None, file=io.StringIO())
    long = [
        f"{level}, {at}: {line.plain}"
        for level, at, line in hint_lines(name)
        if len(console.render_lines(line, console.options, pad=False)) > 2 or len(line.plain) > LONGEST_HINT
    ]
    assert not long, "\n".join(long)


def test_apologys_early_figure_keeps_its_caveat() -> None:
    """Apology's card hint before the last tricks ends on an estimate that runs high (strength.md: of
    hands it put at 90% or more, 62% made it): the shorter words still say what such figures came to,
    by the band the figure is in, and name the share as the solved hints do not."""
    early = [line.plain for _, at, line in hint_lines("apology") if at.startswith("play")]
    caveat = re.compile(
        r"the taker's chance: about (\d+)% "
        r"\(figures of (under 10%|10-89%|90%\+) at this stage came true \d+%\)"
    )
    said = [m for m in map(caveat.search, early) if m is not None]
    assert said, early
    for m in said:
        figure = int(m[1])
        band = "under 10%" if figure < 10 else "90%+" if figure >= 90 else "10-89%"
        assert m[2] == band, m[0]
