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
    UNDER_DOCK,
    YOUR_MOVE,
    each_step_from_both_seats,
    finished_replay,
    game_replay,
    replay_server,
    replay_steps,
    walked,
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

__all__ = ["browser", "replay_server"]  # the module's Chromium and replay server, shared with these tests


REACHED = """() => {
  // each part a person must see (the trick's area, every seat's name, the other seats' and one's own),
  // scrolled into the window as a person would, no further than it must: whether it then lies wholly in
  // the window and uncovered (the element drawn at points inside it is the part's own, not the dock)
  const inWindow = (r) => r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5
    && r.left >= -0.5 && r.right <= innerWidth + 0.5;
  const seen = (node) => {
    node.scrollIntoView({ block: "nearest", inline: "nearest" });
    const r = node.getBoundingClientRect();
    // (a name on two lines: the middle of each line's box; its box's corners may be nobody's)
    const lines = [...node.getClientRects()];
    const points = lines.length > 1
      ? lines.map((l) => [l.left + l.width / 2, l.top + l.height / 2])
      : [[0.1, 0.1], [0.9, 0.1], [0.5, 0.5], [0.1, 0.9], [0.9, 0.9]]
        .map(([x, y]) => [r.left + x * r.width, r.top + y * r.height]);
    const at = points.map(([x, y]) => document.elementFromPoint(x, y));
    return inWindow(r) && at.every((hit) => hit !== null && (node === hit || node.contains(hit)));
  };
  const parts = { trick: document.querySelector(".board .trick-area") };
  document.querySelectorAll(".board .seat .seat-name").forEach((name, i) => (parts[`seat ${i}`] = name));
  parts.me = document.querySelector(".dock .seat .seat-name");
  const unseen = Object.entries(parts)
    .filter(([, node]) => node !== null && !seen(node))
    .map(([name]) => name);
  window.scrollTo(0, 0);
  return { unseen, parts: Object.values(parts).filter((node) => node !== null).length };
}"""
"""The parts a person must see at a table (the trick's area, every seat's name) that, scrolled into the
window no further than they must be, are not wholly in it or are covered; the page left at its top."""


@pytest.mark.parametrize(
    ("game", "players", "names"),
    [("roquet", 2, LONG_NAMES[1:]), ("bishops-whist", 4, LONG_NAMES)],
)
def test_a_short_phones_dock_covers_none_of_the_board(
    browser: Browser, tmp_path: Path, game: str, players: int, names: tuple[str, ...]
) -> None:
    """On a small phone, or one whose browser shows its bars (390×500), the move box not focused, the
    dock (the person's seat, melds, hand and actions), kept at the bottom of the window, covered most
    of the board: a long-named Roquet seat's hand and melds the trick and the other seat's name, a
    four-seat Bishops Whist dock three of the four seats, wherever the page was scrolled. Every step of
    the replay, from two seats: with the page at its top nothing of the other seats, the trick or the
    table's zones lies under the dock, and the trick's area and every seat's name, scrolled into the
    window as a person would, lie wholly in it, uncovered."""
    viewport = {"width": 390, "height": 500}
    replay = (
        game_replay(browser, tmp_path, game, viewport, names)
        if players == 2
        else finished_replay(browser, tmp_path, game, 21, viewport, players, names)
    )
    with replay as page:
        steps = 0
        for seat, step in each_step_from_both_seats(page, replay_steps(page)):
            page.evaluate("window.scrollTo(0, 0)")
            under = page.evaluate(UNDER_DOCK)
            reached = page.evaluate(REACHED)
            if under["under"] or reached["unseen"]:
                page.screenshot(path=str(SCREENSHOTS / f"short-phone-{game}-seat{seat}-{step}.png"))
            assert under["shown"] > 0, (seat, step, under)
            assert under["under"] == [], (seat, step, under)
            assert reached["parts"] >= players, (seat, step, reached)
            assert reached["unseen"] == [], (seat, step, reached)
            steps += 1
        assert steps >= 50, steps


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


@pytest.mark.parametrize(
    ("game", "width", "height", "most"),
    [("roquet", 1024, 600, 16), ("roquet", 390, 844, 0), ("bishops-whist", 1024, 600, 0)],
)
def test_a_faded_trick_gives_way_only_where_that_makes_room(
    browser: Browser, tmp_path: Path, game: str, width: int, height: int, most: int
) -> None:
    """A faded last trick short of room gave way (its captions gone, its cards small in a short box) even
    where that gave nothing back: a long-named Roquet seat whose hand and two rows of melds need more
    than half the window has its melds cut by the dock's own limit whatever the trick's size, and a
    four-seat Bishops Whist board at 1024×600 was no shorter for its trick given way. Given way at 28 of
    the long-named Roquet replay's 66 faded tricks from two seats at 1024×600, 11 at 390×844, and 15
    of four-seat Bishops Whist's 24 at 1024×600; now only where giving way runs the board past its room
    by less, shows more of one's melds, or scrolls less of a box of cards away (the turn-up beside a
    small trick and its heading): at most 16, 6 and 0; at 390×844 none since the situation line no
    longer says the hand and trumps twice (web-7). Every step from two seats: each faded
    trick not given way has no part cut, split or overlapping (Walk.faded_tricks_whole's check), and the
    walk has faded tricks to show it."""
    viewport = {"width": width, "height": height}
    walk = (
        walked(browser, tmp_path, game, viewport, LONG_NAMES[1:])
        if game == "roquet"
        else walked(browser, tmp_path, game, viewport, LONG_NAMES, seed=21, players=4)
    )
    faded, given = walk.faded_steps(browser, tmp_path, f"faded-{game}-{width}x{height}")
    assert faded >= 20, faded
    assert len(given) <= most, f"{len(given)} of {faded} faded tricks gave way: {given}"
