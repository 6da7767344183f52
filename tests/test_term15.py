"""The terminal's defects a player saw after term-14 (term-15): Apology's two card points at 0 kept at
80x24 while the other seats' rows gave way, Lansquenet's bank shown in Hoyle's game (which has none),
open tarock's trick lines with a comma only beside a tarock, Lansquenet's first banker logged twice,
and Lansquenet's nine and ten purses cut at 80x24."""

from __future__ import annotations

import re

from tests.test_term9 import play

SEAT_ROW = re.compile(r"^│ seat (\d) ", re.M)
"""A compact panel's row of another seat ("│ seat 3    15 cards in hand  ·  tricks won none")."""

ZERO = re.compile(r"^│ (taker's|defence's) card points so far +0 +│$", re.M)
"""Apology's single counts of card points, at 0."""


def test_apologys_card_points_at_0_give_way_before_a_seats_row() -> None:
    """A 4-deal Apology match at 80x24: during the burial and at the first trick of the second and
    later deals "taker's card points so far 0" and "defence's card points so far 0" (two counts at 0
    that together say nothing) were kept while the rows of seats 3 and 4 were left out. Where a seat's
    row is left out, no two such counts at 0 are kept; and the rows of all three other seats show at
    those moments."""
    screens, _ = play("apology", {}, 80, 24)
    zeros = [(kind, screen) for kind, screen in screens if len(ZERO.findall(screen)) == 2]
    assert zeros
    for _, screen in zeros:
        assert len(set(SEAT_ROW.findall(screen))) == 3, screen
    burials = [screen for kind, screen in screens if kind == "bury"]
    assert burials
    for screen in burials:
        assert len(set(SEAT_ROW.findall(screen))) == 3, screen
