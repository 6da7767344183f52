"""The terminal's loose ends after term-12 (term-13): Lansquenet's ten purses whole at 80x24, and
every hint, its lead-in ("hint: play CC — ") and its reason, in two lines at 80 columns."""

from __future__ import annotations

import re

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


def test_lansquenets_ten_purses_are_whole_at_80x24() -> None:
    """Lansquenet with ten players at 80x24: while the seats bet, the title said the bank and what may
    still be bet ("bank 268 held by seat 10; 149 may still be bet"), the rows "the bank 268" and "may
    still be bet 149" said them again, and the ten distinct purses were cut ("… 8: 61  9:… │", two
    screens, no row to spare). A row the title says gives way: no value is cut (test_term12 counted
    2), every purse row names all ten seats, and the screen fits."""
    screens, text = play(*CASES["lansquenet-10"], 80, 24)
    cut = [line for line in text.splitlines() if BORDER_CUT.search(line)]
    assert len(cut) == 0, cut
    purses = 0
    for _, screen in screens:
        assert screen.count("\n") + 1 <= 24, screen
        row = PURSE.search(screen)
        if row is not None:
            purses += 1
            said = " ".join(re.sub(r"│", " ", row[1] + row[2]).split())
            assert seats_named(said) == {"you", *map(str, range(2, 11))}, row[0]
    assert purses
