"""The web table on small screens: a phone with its browser's bars showing, or its keyboard open
(390×500), pinned by tests in a real browser.

The server and browser helpers are those of ``tests/test_web_browser.py``; the replays walked, and the
checks of what lies under the dock and of what a person typing sees, those of ``tests/test_qa_web.py``.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.test_qa_web import (
    IN_SIGHT_TYPING,
    KEYBOARD,
    LONG_NAMES,
    YOUR_MOVE,
)
from tests.test_web_browser import (
    COMPUTER,
    HUMAN,
    act_once,
    browser,
    context,
    create_table,
    match_over,
    open_seat,
    seat_link,
    serving,
)
from tests.web_support import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

__all__ = ["browser"]  # the module's Chromium, shared with these tests


PANELS_IN_SIGHT = """() => {
  // the other seats' panels (their names and zones: an open tarock seat's stacks) and the trick's area,
  // each wholly between the window's top and the dock's
  const dock = document.querySelector(".dock").getBoundingClientRect();
  return [...document.querySelectorAll(".board .seat, .board .trick-area")]
    .map((node) => [node, node.getBoundingClientRect()])
    .filter(([, r]) => r.top < -0.5 || r.bottom > dock.top + 0.5)
    .map(([node, r]) => `${node.className} at ${Math.round(r.top)}..${Math.round(r.bottom)}`);
}"""
"""The other seats' panels and the trick's area not wholly between the window's top and the dock's."""


def typing_in_sight(page: Page) -> dict[str, Any]:
    """What a person who has scrolled the page to its bottom (down to the dock, the log) and then taps
    the move box sees: ``IN_SIGHT_TYPING``'s account, and the panels not wholly in sight."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.focus("#type-action")
    page.locator(".dock.typing").wait_for()
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    sight = page.evaluate(IN_SIGHT_TYPING)
    return {**sight, "panels": page.evaluate(PANELS_IN_SIGHT)}


@pytest.mark.parametrize("game", ["open-tarock", "roquet"])
def test_a_person_who_scrolled_down_and_types_sees_the_board(
    browser: Browser, tmp_path: Path, game: str
) -> None:
    """At 390×500 a person who had scrolled down the page (to the dock below a board taller than the
    window, or to the log) and tapped the move box typed with the board scrolled partly out of sight: an
    open tarock seat's panel, its stacks, above the window's top, the trick too (the page was scrolled
    for a person typing only down, never back up to the board's top). A live table, a person with a
    computer player (long names), at each of the person's first six turns, the page scrolled to its
    bottom and the box focused: the trick's area, the other seat's name and panel (its stacks), the
    prompt and the box wholly in the window, the panels above the dock, uncovered."""
    seats = [{**HUMAN, "name": LONG_NAMES[1]}, {**COMPUTER, "name": LONG_NAMES[2]}]
    with serving(tmp_path) as server:
        table = create_table(server, game, seats, seed=5)
        with context(browser, KEYBOARD) as ctx:
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            rng = random.Random(2)
            turns = 0
            deadline = time.monotonic() + 120
            while turns < 6:
                assert time.monotonic() < deadline, f"only {turns} turns within 120 s"
                assert not match_over(page), f"the match ended after {turns} turns"
                if page.evaluate(YOUR_MOVE):
                    turns += 1
                    sight = typing_in_sight(page)
                    if sight["hidden"] or sight["panels"]:
                        page.screenshot(path=str(SCREENSHOTS / f"scrolled-typing-{game}-{turns}.png"))
                    assert sight["typing"], (turns, sight)
                    assert sight["hidden"] == [] and sight["panels"] == [], (turns, sight)
                    page.evaluate("document.activeElement.blur()")
                    page.locator(".dock.typing").wait_for(state="detached")
                if not act_once(page, rng):
                    page.wait_for_timeout(25)
