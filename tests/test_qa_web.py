"""Defects a new user met at the web table (the QA pass), each pinned by a test in a real browser.

The server and browser helpers are those of ``tests/test_web_browser.py``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, Route
from playwright.sync_api import Error as PlaywrightError

from tests.test_web_browser import (
    CLICKABLE,
    COMPUTER,
    HUMAN,
    MY_TURN,
    PHONE,
    act_once,
    browser,
    context,
    create_table,
    match_over,
    open_seat,
    seat_link,
    serving,
    wait_finished,
)
from tests.web_support import PATIENCE_MS, SCREENSHOTS, Server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

__all__ = ["browser"]  # the module's Chromium, shared with these tests


def replay_at_its_last_step(page: Page, url: str, table_id: str) -> None:
    """Open a finished table's replay and go to its last step, once that step itself is drawn ("step 0
    of N" already holds " of ", and the page says "loading…" until it has the replay)."""
    page.goto(f"{url}/replay/{table_id}")
    page.locator("#step-text", has_text=re.compile(r"^step 0 of [1-9]")).wait_for()
    page.click("#last")
    page.wait_for_function(
        "() => { const m = document.getElementById('step-text').textContent"
        ".match(/step (\\d+) of (\\d+)/); return m !== null && m[1] === m[2] && m[1] !== '0'; }"
    )


@contextlib.contextmanager
def finished_replay(
    browser: Browser,
    tmp_path: Path,
    game: str,
    seed: int,
    viewport: dict[str, int],
    players: int = 2,
    names: tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
) -> Iterator[Page]:
    """A page at the last step of the replay of a finished table of computer players (``game``, two
    unless told, dealt by ``seed``, named by ``names`` where given, with the game's short options and
    ``options``), in a window of ``viewport``.

    The tables are played once on a server this module's tests share (a replay only reads its table),
    each the first time a test asks for it: a server of its own and a match played out for every test
    took about a third of such a test's time."""
    with contextlib.ExitStack() as own:
        server = REPLAY_SERVER.get("server")
        if server is None and "stack" in REPLAY_SERVER:
            stack: contextlib.ExitStack = REPLAY_SERVER["stack"]
            REPLAY_SERVER["server"] = server = stack.enter_context(serving(REPLAY_SERVER["where"]))
        elif server is None:  # a module without the ``replay_server`` fixture: a server of its own
            server = own.enter_context(serving(tmp_path))
            REPLAY_TABLES.clear()
        yield from _replay_page(browser, server, game, seed, viewport, players, names, options)
        if "stack" not in REPLAY_SERVER:
            REPLAY_TABLES.clear()


def _replay_page(
    browser: Browser,
    server: Server,
    game: str,
    seed: int,
    viewport: dict[str, int],
    players: int,
    names: tuple[str, ...],
    options: dict[str, Any] | None,
) -> Iterator[Page]:
    """``finished_replay``'s page, on ``server``."""
    key = json.dumps([server.url, game, seed, players, names, options or {}], sort_keys=True)
    table_id = REPLAY_TABLES.get(key)
    if table_id is None:
        seats = [{**COMPUTER, "name": name} for name in names] + [COMPUTER] * (players - len(names))
        table_id = create_table(server, game, seats, seed=seed, **(options or {}))["id"]
        wait_finished(server, table_id)
        REPLAY_TABLES[key] = table_id
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        replay_at_its_last_step(page, server.url, table_id)
        yield page


REPLAY_SERVER: dict[str, Any] = {}
"""The server this module's replays are played on (``finished_replay``), started at the first, and
where its database lies."""
REPLAY_TABLES: dict[str, str] = {}
"""The finished tables on it, by what they were made of."""


@pytest.fixture(scope="module", autouse=True)
def replay_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The module's replay server: stopped (saying what it said that was not routine) when its tests
    are done."""
    with contextlib.ExitStack() as stack:
        REPLAY_SERVER.update(where=tmp_path_factory.mktemp("replays"), stack=stack)
        try:
            yield
        finally:
            REPLAY_SERVER.clear()
            REPLAY_TABLES.clear()


REPLAYS: dict[str, tuple[int, int, dict[str, Any]]] = {
    "roquet": (5, 2, {}),
    "bezique": (3, 2, {}),
    "lansquenet": (5, 10, {"players": 10, "deals": 12}),
}
"""The finished matches whose replays the layout tests walk, by game: the seed, the number of players
and the options beyond the game's short ones. Roquet and Bezique: two seats, melds on the table (and
Bezique's talon and turn-up); Lansquenet: many seats, a banker, stakes, cards on the table, no trick."""

LONG_NAMES = ("Wilhelmina Fairweather", "Bartholomew Higginbottom", "Anastasia Featherstonehaugh")
"""Players' names long enough to wrap under a four-seat trick's side cards, or to crowd a seat's name line."""

# Checks of the trick's box or captions leave Lansquenet out: it has no trick. (A check that does not
# apply to a game is not listed for it, rather than skipped: CI runs every test it collects.)


def game_replay(
    browser: Browser,
    tmp_path: Path,
    game: str,
    viewport: dict[str, int],
    names: tuple[str, ...] = (),
) -> contextlib.AbstractContextManager[Page]:
    """``finished_replay`` of the match REPLAYS holds for ``game``."""
    seed, players, options = REPLAYS[game]
    return finished_replay(browser, tmp_path, game, seed, viewport, players, names, options)


def test_replay_next_pressed_quickly_moves_one_step_a_press(browser: Browser, tmp_path: Path) -> None:
    """Pressing "Next" five times before the server answers shows step 5, not step 1: each press goes
    on from the step last asked for, not from the step last drawn (a held arrow key did not advance)."""
    with serving(tmp_path) as server:
        table = create_table(server, "roquet", [COMPUTER, COMPUTER], seed=5)
        wait_finished(server, table["id"])
        with context(browser) as ctx:
            page = ctx.new_page()
            # The page once said "step 0 of 0" before it had the replay or had wired its buttons, so a
            # quick hand (or a test) pressing at that text lost its presses: held at the table's details,
            # it says it is loading.
            held: list[Route] = []
            page.route(f"**/api/tables/{table['id']}", lambda route: held.append(route))
            page.goto(f"{server.url}/replay/{table['id']}")
            page.wait_for_function("() => document.getElementById('step-text') !== null")
            assert page.inner_text("#step-text") == "loading…"
            assert held, "the page did not ask for the table"
            held[0].continue_()
            page.locator("#step-text", has_text=re.compile(r"^step 0 of [1-9]")).wait_for()

            # five presses in one go, as a held key or a quick hand makes them: none waits for an answer
            page.evaluate("for (let i = 0; i < 5; i++) document.getElementById('next').click()")
            page.locator("#step-text", has_text="step 5 of").wait_for()
            page.wait_for_timeout(500)  # no late answer takes it elsewhere
            assert page.inner_text("#step-text").startswith("step 5 of")
            page.evaluate(
                "for (let i = 0; i < 2; i++) document.body.dispatchEvent("
                "new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true}))"
            )
            page.locator("#step-text", has_text="step 3 of").wait_for()


def test_no_page_asks_for_something_missing(browser: Browser, tmp_path: Path) -> None:
    """The lobby, a table and a replay load every resource they ask for: Chromium asked for
    /favicon.ico, which the server does not have, and logged a 404 on every page."""
    with serving(tmp_path) as server:
        table = create_table(server, "roquet", [COMPUTER, COMPUTER], seed=5)
        wait_finished(server, table["id"])
        with context(browser) as ctx:
            failed: list[str] = []
            pending: set[Request] = set()
            ctx.on("request", lambda r: pending.add(r))
            ctx.on("requestfinished", lambda r: pending.discard(r))
            ctx.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)

            def request_failed(request: Request) -> None:
                pending.discard(request)
                failed.append(f"failed {request.url}: {request.failure}")

            ctx.on("requestfailed", request_failed)
            # Each page in a tab of its own, left open: a page navigated away from cancels what it is
            # still loading (a card picture, the lobby's refresh), which Chromium reports as a failed
            # request although nothing is missing.
            for path, ready in [
                ("/", "#games button"),
                (f"/t/{table['id']}", "#table section"),
                (f"/replay/{table['id']}", "#table section"),
            ]:
                page = ctx.new_page()
                # Playwright reports no event for the icon's request, only Chromium's console line
                page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
                page.goto(server.url + path)
                page.locator(ready).first.wait_for()
                # every card picture asked for (not only those near the window) and loaded
                page.evaluate(
                    "document.querySelectorAll('img[loading=lazy]').forEach(i => { i.loading = 'eager'; })"
                )
                page.wait_for_function("[...document.images].every(img => img.complete)")
                page.wait_for_timeout(1000)  # the icon is asked for after the page has loaded
            deadline = time.monotonic() + PATIENCE_MS / 1000
            while pending:
                assert time.monotonic() < deadline, f"still loading: {[r.url for r in pending]}"
                ctx.pages[0].wait_for_timeout(100)
            assert failed == []


def test_a_replay_seen_from_a_seat_does_not_call_its_watcher_that_player(
    browser: Browser, tmp_path: Path
) -> None:
    """A replay "seen as" a seat drew that seat's panel as "strong 1 (you)": the watcher is nobody's seat."""
    with serving(tmp_path) as server:
        table = create_table(server, "roquet", [COMPUTER, COMPUTER], seed=5)
        wait_finished(server, table["id"])
        with context(browser) as ctx:
            page = ctx.new_page()
            page.goto(f"{server.url}/replay/{table['id']}")
            page.locator("#step-text", has_text=re.compile(r"^step 0 of [1-9]")).wait_for()
            for seat in ("0", "1"):
                page.select_option("#seat", seat)
                # this seat's view itself: seat 0's, drawn before, already had a seat at the bottom
                page.locator(f".dock .seat.me[data-seat='{seat}'] .seat-name").wait_for()
                names = page.locator(".seat-name").all_inner_texts()
                assert names and not any("(you)" in n for n in names), (seat, names)


SEEN = """
  // what of a node is drawn: its box cut by every box around it that scrolls or clips
  const seen = (node) => {
    let r = node.getBoundingClientRect();
    let box = { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const c = up.getBoundingClientRect();
      box = {
        top: Math.max(box.top, c.top), bottom: Math.min(box.bottom, c.bottom),
        left: Math.max(box.left, c.left), right: Math.min(box.right, c.right),
      };
    }
    return box;
  };"""
"""A JavaScript function, ``seen(node)``: what of a node is drawn, its box cut by the boxes it scrolls in
(empty, bottom above top, when they hide it)."""

UNDER_DOCK = (
    """() => {
  const dock = document.querySelector(".dock").getBoundingClientRect();"""
    + SEEN
    + """
  const nodes = [
    ...document.querySelectorAll(
      ".board .seat .seat-name, .board .seat .card, .trick .trick-card .card, .table-zones .zone",
    ),
  ];
  const under = nodes
    .map((node) => [node, seen(node)])
    .filter(([, b]) => b.bottom > b.top + 1 && b.right > b.left + 1)
    .filter(([, b]) => b.bottom > dock.top + 1 && b.top < dock.bottom - 1)
    .filter(([, b]) => b.right > dock.left && b.left < dock.right)
    .map(([node, b]) => {
      const what = node.textContent.trim() || node.querySelector("img")?.alt || "";
      return `${node.className} ${what} at ${Math.round(b.top)}`;
    });
  return { under, shown: nodes.length, dock: dock.top, height: window.innerHeight };
}"""
)
"""What of the other seats' panels (their names, their cards), of the trick's cards and of the table's
zones is drawn under the dock, kept at the bottom of the window: a node's box cut by the boxes it
scrolls in."""


MELD_ROWS = """() => {
  const inside = (r, c) =>
    r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5 && r.left >= c.left - 0.5 && r.right <= c.right + 0.5;
  const window_ = { top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth };
  const dock = document.querySelector(".dock").getBoundingClientRect();
  const box = document.querySelector(".dock .my-zones");
  const shown = box.getBoundingClientRect();
  // a row of zones: those that end at the same height (the melds box aligns them to the end)
  const bottom = (zone) => Math.round(zone.getBoundingClientRect().bottom);
  const zones = [...box.children];
  const rows = [...new Set(zones.map(bottom))].sort((a, b) => a - b);
  // (the cards of tricks won are folded away: not drawn, so not wanted)
  const wanted = zones
    .filter((zone) => rows.slice(0, 2).includes(bottom(zone)))
    .flatMap((zone) => [...zone.querySelectorAll(".card")])
    .filter((card) => card.checkVisibility());
  const cut = wanted
    .map((card) => [card, card.getBoundingClientRect()])
    .filter(([, r]) => !(inside(r, shown) && inside(r, window_)))
    .map(([card, r]) => `${card.querySelector("img")?.alt || card.textContent} at ${Math.round(r.top)}`);
  // the hand, the trick and the prompt whole in the window (the trick above the dock)
  const always = [...document.querySelectorAll("#hand .card, .dock .actions .prompt, .trick")]
    .filter((node) => {
      const r = node.getBoundingClientRect();
      return !inside(r, window_) || (node.classList.contains("trick") && r.bottom > dock.top + 1);
    })
    .map((node) => node.className);
  return { rows: rows.length, wanted: wanted.length, cut, always, box: [shown.top, shown.bottom] };
}"""
"""One's own melds box in the dock: how many rows of zones it holds, the cards of its first two rows
that are not whole in sight (cut by the box, which scrolls, or by the window), and which of the hand's
cards, the trick and the prompt are not whole in the window."""


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (390, 844)])
def test_a_seat_with_many_melds_leaves_the_board_in_sight(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """At the end of a Roquet hand the winner's melds filled three rows: the dock, kept at the bottom of
    a 720-pixel window, grew to three quarters of it and hid the other seat and the trick. Its melds then
    scrolled in a box of their own, but the dock still hid the other seat's name and melds: now the dock
    and the board share the window's height below the banner (each box of cards scrolls if it must), so
    nothing of the other seat, the trick or the table's zones lies under the dock. On a phone the other
    seat's melds were drawn inline, in no box that could scroll, and reached under the dock. Then one's
    own melds box showed only a row and a half of cards on a phone (1.4 rows at 1280×720): it keeps its
    first two rows in sight, the hand, the trick and the prompt whole (an empty trick is drawn short)."""
    with finished_replay(browser, tmp_path, "roquet", 5, {"width": width, "height": height}) as page:
        tallest = 0.0
        for seat in ("0", "1"):
            page.select_option("#seat", seat)
            # this seat's view itself (seat 0's, drawn before, already had a dock with a name)
            page.locator(f".dock .seat.me[data-seat='{seat}'] .seat-name").wait_for()
            # (the cards drawn: those of tricks won are folded away, and an empty hand, a line, leaves
            # six melded cards room for one row)
            melds = int(
                page.evaluate(
                    "() => [...document.querySelectorAll('.dock .my-zones .card')]"
                    ".filter((c) => c.checkVisibility()).length"
                )
            )
            dock = float(page.evaluate("document.querySelector('.dock').getBoundingClientRect().height"))
            assert dock <= 0.62 * height, (seat, melds, dock)
            if melds >= 12:
                tallest = max(tallest, dock)
            # as the page opens: at its top, the banner above the board
            page.evaluate("window.scrollTo(0, 0)")
            sight = page.evaluate(UNDER_DOCK)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"roquet-melds-{width}x{height}-seat{seat}.png"))
            assert sight["shown"] > 0, sight
            assert sight["under"] == [], (seat, sight)
            rows = page.evaluate(MELD_ROWS)
            assert rows["wanted"] > 0, (seat, rows)
            assert rows["cut"] == [], (seat, rows)
            assert rows["always"] == [], (seat, rows)
            if melds >= 12:
                assert rows["rows"] >= 2, (seat, rows)
        assert tallest > 0, "no seat ended with a dozen melded cards: the test shows nothing"


def test_a_replay_on_a_phone_is_no_wider_than_the_phone(browser: Browser, tmp_path: Path) -> None:
    """An Apology replay's last step on a phone was 491 pixels wide: its page column grew to the
    widest thing in it (another seat's face-up hand, the score sheet), so the banner and one's own hand
    were cut at the window's right edge. The page keeps to the phone's width; those boxes clip or
    scroll inside it."""
    with serving(tmp_path) as server:
        table = create_table(server, "apology", [COMPUTER] * 4, seed=3)
        wait_finished(server, table["id"])
        with context(browser, PHONE) as ctx:
            page = ctx.new_page()
            replay_at_its_last_step(page, server.url, table["id"])
            # every card face up (the others' hands drawn in their panels), then as seat 1 saw it
            page.select_option("#seat", "all")
            page.locator(".board .seat .zone.kind-hand .card").first.wait_for()
            wide = [page.evaluate("document.documentElement.scrollWidth")]
            page.select_option("#seat", "1")
            page.locator(".dock .seat.me[data-seat='1'] .seat-name").wait_for()
            wide.append(page.evaluate("document.documentElement.scrollWidth"))
            assert max(wide) <= PHONE["width"], wide


CUT_CARDS = """() => {
  // each card drawn, against each box around it that clips it (hidden) rather than scrolls to it (auto)
  const cut = [];
  for (const card of document.querySelectorAll("#table .card")) {
    // (not the face-down backs a phone hides in the others' panels, nor the folded tricks won)
    if (!card.checkVisibility({ visibilityProperty: true })) continue;
    const r = card.getBoundingClientRect();
    const clipped = { x: false, y: false };
    let scrolls = { x: false, y: false };
    for (let up = card.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      const c = up.getBoundingClientRect();
      const axes = [["x", style.overflowX, "left", "right"], ["y", style.overflowY, "top", "bottom"]];
      for (const [axis, overflow, lo, hi] of axes) {
        if (overflow === "visible" || scrolls[axis]) continue;
        if (overflow === "auto" || overflow === "scroll") scrolls = { ...scrolls, [axis]: true };
        else if (r[lo] < c[lo] - 0.5 || r[hi] > c[hi] + 0.5) clipped[axis] = true;
      }
    }
    const outside = !scrolls.x && (r.left < -0.5 || r.right > document.documentElement.clientWidth + 0.5);
    if (clipped.x || clipped.y || outside) {
      const seat = card.closest("[data-seat]")?.dataset.seat ?? "-";
      const name = card.querySelector("img")?.alt || card.textContent;
      cut.push(`seat ${seat}: ${name} at ${Math.round(r.left)}-${Math.round(r.right)}, ${Math.round(r.top)}`);
    }
  }
  return cut;
}"""
"""The cards of the table (the seats', the dock's, the trick's) that are drawn but not whole: cut by a
box around them that clips rather than scrolls, or by the window's sides."""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720)])
def test_every_card_of_a_replay_seen_face_up_is_whole(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """An Apology replay seen with every card face up, on a phone: the last card of each side seat's
    hand was cut by its panel's edge. A seat's fan of small cards keeps to about 8rem, but its cards'
    overlap did not count the gap between them, and fifteen cards made it 3.6rem wider. Every card of
    every seat is whole, in every view of the replay."""
    with serving(tmp_path) as server:
        table = create_table(server, "apology", [COMPUTER] * 4, seed=3)
        wait_finished(server, table["id"])
        with context(browser, {"width": width, "height": height}) as ctx:
            page = ctx.new_page()
            replay_at_its_last_step(page, server.url, table["id"])
            page.select_option("#seat", "all")
            page.locator(".board .seat .zone.kind-hand .card").first.wait_for()
            hands = page.locator(".board .seat .zone.kind-hand .card").count()
            assert hands >= 4 * 15, hands
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"apology-face-up-{width}x{height}.png"), full_page=True)
            assert page.evaluate(CUT_CARDS) == []
            for seat in ("0", "1", "2", "3"):
                page.select_option("#seat", seat)
                page.locator(f".dock .seat.me[data-seat='{seat}'] .seat-name").wait_for()
                assert page.evaluate(CUT_CARDS) == [], seat


WON_BY_YOU = f"""() => document.querySelector("{MY_TURN}") !== null
  && document.querySelector("{CLICKABLE}") !== null
  && [...document.querySelectorAll(".trick .trick-card.winner figcaption")]
    .some((caption) => /^you\\b/.test(caption.textContent) && caption.textContent.includes("✓ won"))"""
"""Whether it is this page's seat's turn, not yet acted on (its cards and buttons enabled, not waiting
for an answer), after a trick it won: the trick in the middle (the last one, faded) says so. Read in
one go, from one drawing of the page, which stays as it is until the seat acts."""


def act_until(page: Page, rng: random.Random, script: str, awaited: str) -> None:
    """Play this page's seat (a random thing it may press, when it is its turn) until ``script`` holds
    (``WON_BY_YOU``: its turn after a trick it won; ``YOUR_MOVE``); at most 60 s, and not past the
    match's end."""
    deadline = time.monotonic() + 60
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"waited 60 s for {awaited}"
        assert not match_over(page), f"the match ended before {awaited}"
        if not act_once(page, rng):
            page.wait_for_timeout(25)


TRICK_LABELS = """() => {
  const box = document.querySelector(".trick").getBoundingClientRect();
  const within = (r, c) =>
    r.left >= c.left - 0.5 && r.right <= c.right + 0.5 && r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5;
  const out = [];
  let won = 0;
  for (const figure of document.querySelectorAll(".trick .trick-card")) {
    const caption = figure.querySelector("figcaption");
    for (const node of [figure, figure.querySelector(".card"), caption]) {
      const r = node.getBoundingClientRect();
      const what = `${node.className || node.tagName} of ${caption.textContent}`;
      if (!within(r, box)) out.push(`${what}: ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
    // "✓ won" itself whole in its caption (not cut by the caption's ellipsis)
    const walker = document.createTreeWalker(caption, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const at = text.data.indexOf("✓ won");
      if (at < 0) continue;
      won += 1;
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + "✓ won".length);
      const whole = within(range.getBoundingClientRect(), caption.getBoundingClientRect());
      if (!whole) out.push(`cut: ${caption.textContent}`);
    }
  }
  return { out, won, box: [Math.round(box.left), Math.round(box.right)] };
}"""
"""What of the trick's cards and their labels lies outside the trick's box, and how many "✓ won" there
are (each whole in its label, else it is named as cut)."""


def test_the_label_of_a_trick_won_stays_in_the_tricks_box(browser: Browser, tmp_path: Path) -> None:
    """The label under the card that won the last trick, "you (led) ✓ won", stuck out of the trick's
    box, and its card with it: in a two-seat trick each card is drawn beside the middle, and a label
    wider than its card widened its card's place past the box's side. Each card and its label keep to
    their half of the box, and the name gives way (an ellipsis) before "✓ won" does: on a phone, at
    1280×720 and at 1920×1080."""
    with serving(tmp_path) as server:
        table = create_table(server, "roquet", [HUMAN, COMPUTER], seed=5)
        with context(browser, PHONE) as ctx:
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            rng = random.Random(2)
            # this seat's turn after a trick it won: the page stays as it is until it acts
            act_until(page, rng, WON_BY_YOU, "a trick won by this seat")
            for size in (PHONE, {"width": 1280, "height": 720}, {"width": 1920, "height": 1080}):
                page.set_viewport_size(size)  # type: ignore[arg-type]
                # the table is fitted to the window on "resize", with the next frame
                page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
                page.locator(".trick-area").screenshot(
                    path=str(SCREENSHOTS / f"trick-won-{size['width']}x{size['height']}.png")
                )
                labels = page.evaluate(TRICK_LABELS)
                assert labels["won"] == 1, (size, labels)
                assert labels["out"] == [], (size, labels)


def test_asking_for_a_hint_keeps_what_was_typed(browser: Browser, tmp_path: Path) -> None:
    """Typing an action (or an amount) and then asking for a hint wiped the box: the table was drawn
    again with empty boxes. What was typed stays while the decision is the same."""
    with serving(tmp_path) as server:
        table = create_table(server, "roquet", [HUMAN, COMPUTER], seed=5)
        with context(browser) as ctx:
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            page.locator(MY_TURN).wait_for()
            page.fill("#type-action", "play 9")
            page.click("button[data-key=hint]")
            # the strong player's search shares two loaded cores with the other tests: give it time
            page.wait_for_function(
                "document.getElementById('hint-text').textContent.length > 0", timeout=PATIENCE_MS
            )
            page.wait_for_timeout(300)
            assert page.input_value("#type-action") == "play 9"


def fresh_hint(page: Page) -> str | None:
    """Ask for a hint and read it once it is this request's (the old one is wiped first), or ``None``
    when the table is drawn again between the look and the click (a computer player's move) or no
    answer comes: the caller tries again at its next turn."""
    hint = page.locator("button[data-key=hint]")
    if not hint.count():
        return None
    try:
        page.evaluate("document.getElementById('hint-text').textContent = ''")
        hint.first.click(timeout=3_000)
        # the strong player's search shares two loaded cores with the other tests: give it time
        page.wait_for_function("document.getElementById('hint-text').textContent.length > 0", timeout=30_000)
        return page.inner_text("#hint-text")
    except PlaywrightError:
        return None


def test_a_hinted_amount_is_put_in_its_box(browser: Browser, tmp_path: Path) -> None:
    """A hint that names an amount ("bank 100") puts it in the amount's box, which showed the least
    amount still: pressing the button after the hint did something else than the hint said."""
    with serving(tmp_path) as server:
        table = create_table(server, "lansquenet", [HUMAN, COMPUTER, COMPUTER], seed=4)
        with context(browser) as ctx:
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            rng = random.Random(2)
            checked = 0
            for _ in range(400):
                if match_over(page) or checked >= 2:
                    break
                if page.locator(MY_TURN).count() and page.locator("form.range input").count():
                    said = fresh_hint(page)
                    match = re.match(r"Hint: (\w+) (\d+)\b", said or "")
                    box = page.locator(f"#range-{match.group(1)}") if match else None
                    if match and box is not None and box.count():
                        assert box.input_value() == match.group(2), said
                        checked += 1
                if not act_once(page, rng):
                    page.wait_for_timeout(100)
            assert checked, "no hint named an amount: the test shows nothing"


def test_a_hints_reason_goes_on_after_its_dash_in_lower_case(browser: Browser, tmp_path: Path) -> None:
    """A reason that starts with "you" was drawn "banco — You are level: ...", a capital mid-sentence."""
    with serving(tmp_path) as server:
        seen: list[str] = []
        for seed in range(1, 16):
            table = create_table(server, "lansquenet", [HUMAN, COMPUTER], seed=seed, players=2, deals=8)
            with context(browser) as ctx:
                page, _ = open_seat(ctx, seat_link(server, table, 0))
                rng = random.Random(seed)
                for _ in range(300):
                    if match_over(page) or len(seen) >= 6:
                        break
                    if page.locator(MY_TURN).count():
                        said = fresh_hint(page)
                        if said is not None:
                            seen.append(said)
                    if not act_once(page, rng):
                        page.wait_for_timeout(100)
            if any(" — you " in s or " — You " in s for s in seen):
                break
        assert any(" — you " in s or " — You " in s for s in seen), seen
        assert not any(" — You " in s for s in seen), seen


def test_scores_in_thirds_are_written_as_the_log_writes_them(browser: Browser, tmp_path: Path) -> None:
    """Open tarock scores in thirds: the log said "-19⅓" and the score table beside it "-19.33"."""
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        written = page.evaluate(
            "import('/static/dom.js').then(m => [-58 / 3, 58 / 3, 2 / 3, -1 / 3, 4.5, 12, 0.25].map(m.num))"
        )
        assert written == ["-19⅓", "19⅓", "⅔", "-⅓", "4.5", "12", "0.25"]


def replay_step(page: Page, step: int) -> None:
    """Go to a step of the open replay by its slider, as a person dragging it, and wait for that step
    to be drawn."""
    page.evaluate(
        "(step) => { const s = document.getElementById('step'); s.value = String(step);"
        " s.dispatchEvent(new Event('input')); }",
        step,
    )
    page.wait_for_function(
        "(step) => document.getElementById('step-text').textContent.startsWith(`step ${step} of `)", arg=step
    )


def replay_steps(page: Page) -> int:
    """How many steps the open replay has."""
    match = re.search(r"of (\d+)", page.inner_text("#step-text"))
    assert match, page.inner_text("#step-text")
    return int(match.group(1))


def trick_parts(page: Page, shot: str) -> Any:
    """The trick's parts as ``TRICK_PARTS`` reads them; where a caption or card is over another, cut
    or split, a picture of the trick first (``SCREENSHOTS/<shot>.png``), for the failure to show."""
    parts = page.evaluate(TRICK_PARTS)
    if parts and (parts["over"] or parts["cut"] or parts["broken"]):
        page.locator(".trick-area").screenshot(path=str(SCREENSHOTS / f"{shot}.png"))
    return parts


def each_step_from_both_seats(page: Page, steps: int) -> Iterator[tuple[str, int]]:
    """Every step of the open two-seat replay, first as seat 0 sees it, then as seat 1: each seat chosen
    and drawn, each step drawn, before its (seat, step) is yielded."""
    for seat in ("0", "1"):
        page.select_option("#seat", seat)
        page.locator(f".dock .seat.me[data-seat='{seat}'] .seat-name").wait_for()
        for step in range(steps + 1):
            replay_step(page, step)
            yield seat, step


@dataclasses.dataclass
class Walk:
    """What ``STEP_READS`` read at every step of a finished replay from both seats, in one window.

    Drawing a step is most of such a test's time (the page asks the server for the step and draws the
    whole table again), and a dozen tests walked the same few replays in the same windows, each to read
    one thing of its own: ``walked`` walks a replay once in a test process, every shared read at every
    step, and the tests read the walk."""

    match: tuple[str, int, int, tuple[str, ...], dict[str, Any]]
    """The finished match: its game, seed, number of players, players' names and options."""
    viewport: dict[str, int]
    opening: dict[str, Any]
    """What ``OPENING_READS`` read on the page as it opened (at the last step, every hand face up)."""
    steps: list[tuple[str, int, dict[str, Any]]]
    """(seat, step, what each of ``STEP_READS`` read there), in the order walked."""

    def each(self, read: str) -> Iterator[tuple[str, int, Any]]:
        """(seat, step, what ``read`` read there) at every step, in the order walked."""
        for seat, step, got in self.steps:
            yield seat, step, read_value(got, read, seat, step)

    def first(self, read: str) -> Any:
        """What ``read`` of ``OPENING_READS`` read as the page opened."""
        return read_value(self.opening, read, "all", -1)

    def trick_parts(self, browser: Browser, tmp_path: Path, seat: str, step: int, shot: str) -> Any:
        """``TRICK_PARTS`` at a step, as ``trick_parts`` gives it: where a part is over another, cut or
        split, a picture of the trick first (``SCREENSHOTS/<shot>.png``)."""
        parts = self.read(seat, step, "parts")
        if parts and (parts["over"] or parts["cut"] or parts["broken"]):
            self.shoot(browser, tmp_path, seat, step, shot, ".trick-area")
        return parts

    def faded_tricks_whole(
        self, read: str, browser: Browser, tmp_path: Path, shot: str
    ) -> Iterator[tuple[str, int, Any]]:
        """Every step where ``read`` reads a faded trick drawn with its captions, (seat, step, what it
        read), once no part of the trick is over another, cut or split (a picture
        ``<shot>-seat<seat>-<step>`` first where one is)."""
        for seat, step, trick in self.each(read):
            if trick is None:
                continue
            parts = self.trick_parts(browser, tmp_path, seat, step, f"{shot}-seat{seat}-{step}")
            assert parts["over"] == [] and parts["cut"] == [] and parts["broken"] == [], (seat, step, parts)
            yield seat, step, trick

    def faded_steps(self, browser: Browser, tmp_path: Path, shot: str) -> tuple[int, list[tuple[str, int]]]:
        """How many steps from either seat show a faded last trick, and those where it gave way (its
        captions gone), once every faded trick that kept its form has no part over another, cut or split
        (a picture ``<shot>-seat<seat>-<step>`` first where one has): three tests wrote this loop."""
        faded = 0
        given: list[tuple[str, int]] = []
        for seat, step, state in self.each("faded_given"):
            if state is None:
                continue
            faded += 1
            if state:
                given.append((seat, step))
                continue
            parts = self.trick_parts(browser, tmp_path, seat, step, f"{shot}-seat{seat}-{step}")
            assert parts["over"] == [] and parts["cut"] == [] and parts["broken"] == [], (seat, step, parts)
        return faded, given

    def read(self, seat: str, step: int, read: str) -> Any:
        """What ``read`` read at a step seen as a seat."""
        got = next(got for s, n, got in self.steps if (s, n) == (seat, step))
        return read_value(got, read, seat, step)

    def shoot(
        self, browser: Browser, tmp_path: Path, seat: str, step: int, name: str, selector: str | None = None
    ) -> None:
        """A picture (``SCREENSHOTS/<name>``, of ``selector`` or of the page) of a step the walk read
        wrong, for the failure to show: the replay opened afresh at that step."""
        game, seed, players, names, options = self.match
        with finished_replay(browser, tmp_path, game, seed, self.viewport, players, names, options) as page:
            see_as(page, seat)
            replay_step(page, step)
            path = SCREENSHOTS / (name if name.endswith(".png") else f"{name}.png")
            path.parent.mkdir(parents=True, exist_ok=True)
            (page.locator(selector) if selector else page).screenshot(path=str(path))


def read_value(got: dict[str, Any], read: str, seat: str, step: int) -> Any:
    """What a shared read read, or the failure of one that threw (a read throws for no other)."""
    one = got[read]
    assert "error" not in one, f"{read} failed at step {step} seen as seat {seat}: {one['error']}"
    return one["value"]


def reads_script(reads: dict[str, tuple[str, str | None]]) -> str:
    """One script that runs every read (each a script, with its argument) and gives what each read, or
    its error: a round trip a step, not one a read."""
    calls = ", ".join(
        f"{json.dumps(name)}: attempt(() => ({script})({json.dumps(arg)}))"
        for name, (script, arg) in reads.items()
    )
    return (
        "() => { const attempt = (read) => { try { return { value: read() }; }"
        " catch (error) { return { error: String(error) }; } };"
        f" return {{ {calls} }}; }}"
    )


WALKS: dict[str, Walk] = {}
"""The replays walked in this test process, by match and window (a seeded match of computer players is
the same on every server, and so is its replay)."""


def walked(
    browser: Browser,
    tmp_path: Path,
    game: str,
    viewport: dict[str, int],
    names: tuple[str, ...] = (),
    *,
    seed: int | None = None,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> Walk:
    """The walk of the finished replay ``finished_replay`` opens (by default the match REPLAYS holds for
    ``game``) in a window of ``viewport``: walked once in the test process, every step from both seats."""
    if seed is None:
        seed, default_players, default_options = REPLAYS[game]
        players = default_players if players is None else players
        options = default_options if options is None else options
    match = (game, seed, players or 2, tuple(names), dict(options or {}))
    key = json.dumps([match, viewport], sort_keys=True)
    walk = WALKS.get(key)
    if walk is None:
        with finished_replay(browser, tmp_path, game, seed, viewport, match[2], match[3], match[4]) as page:
            opening = page.evaluate(reads_script(OPENING_READS))
            script = reads_script(STEP_READS)
            steps = [
                (seat, step, page.evaluate(script))
                for seat, step in each_step_from_both_seats(page, replay_steps(page))
            ]
        WALKS[key] = walk = Walk(match, viewport, opening, steps)
    return walk


TRICK_HEAD = """() => {
  const head = document.querySelector(".trick-head");
  if (head === null) return null;
  // (an empty caption, before the first trick, is no line)
  const parts = [...head.children]
    .filter((node) => node.checkVisibility() && node.getBoundingClientRect().height > 0);
  // a part that starts below the bottom of the row before starts a row of its own
  let rows = 0;
  let bottom = -Infinity;
  for (const r of parts.map((node) => node.getBoundingClientRect()).sort((a, b) => a.top - b.top)) {
    if (r.top >= bottom - 1) rows += 1;
    bottom = Math.max(bottom, r.bottom);
  }
  const caption = head.querySelector(".trick-caption");
  const style = getComputedStyle(caption);
  const line = parseFloat(style.lineHeight) || 1.4 * parseFloat(style.fontSize);
  const r = head.getBoundingClientRect();
  return {
    fitted: document.querySelector(".board").classList.contains("fitted"),
    rows,
    captionLines: Math.round(caption.getBoundingClientRect().height / line),
    inside: r.left >= -0.5 && r.right <= document.documentElement.clientWidth + 0.5,
    text: head.textContent,
  };
}"""
"""The trick's heading (its caption and the last-trick button): on how many rows its parts lie, on how
many lines the caption, and whether it is inside the window."""


def test_a_tricks_heading_stays_on_one_line_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    """On a phone, a board short of room puts the table's zones beside the trick: the trick's heading,
    as narrow as the trick's box, broke onto two lines ("Trick 10" above "Last trick (L)") or three
    ("Last trick: heuristic 0 won it" on two lines, the button below), pushing the trick down. On a
    fitted board it keeps to one line: the trick's number and the button (without its key, which a
    phone has not), the detail left to the trick's own labels and the group's name. Checked at every
    step of a Roquet match, from both seats."""
    walk = walked(browser, tmp_path, "roquet", PHONE)
    fitted = 0
    for seat, step, head in walk.each("trick_head"):
        if head is None or not head["fitted"]:
            continue
        fitted += 1
        if head["rows"] != 1 or head["captionLines"] > 1 or not head["inside"]:
            walk.shoot(browser, tmp_path, seat, step, f"trick-head-phone-seat{seat}-{step}.png")
        assert head["rows"] == 1, (seat, step, head)
        assert head["captionLines"] <= 1, (seat, step, head)
        assert head["inside"], (seat, step, head)
    assert fitted >= 10, f"only {fitted} steps drew a fitted board: the test shows little"


@pytest.mark.parametrize(
    ("game", "seed", "width", "height"),
    [("roquet", 5, 390, 844), ("roquet", 5, 1280, 720), ("bezique", 3, 390, 844)],
)
def test_ones_melds_keep_two_rows_beside_a_trick_in_play(
    browser: Browser, tmp_path: Path, game: str, seed: int, width: int, height: int
) -> None:
    """One's melds keep their first two rows in sight at a hand's end, where the empty trick is drawn
    short to make the room; but mid-hand, with a trick on the table, a phone showed less than one row
    of a Roquet seat's melds (the table's three zones, stacked beside the trick, were the board's
    tallest part, and the stock reached under the dock). At every step with cards in the trick, from
    both seats: the first two rows of one's melds whole in sight, the hand, the trick and the prompt
    whole, and nothing of the other seat, the trick or the table's zones under the dock."""
    with finished_replay(browser, tmp_path, game, seed, {"width": width, "height": height}) as page:
        steps = replay_steps(page)
        crowded = 0
        for seat, step in each_step_from_both_seats(page, steps):
            if page.locator(".trick .trick-card").count() == 0:
                continue
            page.evaluate("window.scrollTo(0, 0)")
            rows = page.evaluate(MELD_ROWS)
            sight = page.evaluate(UNDER_DOCK)
            if page.locator(".board.fitted").count() and rows["rows"] >= 2:
                crowded += 1
            if rows["cut"] or rows["always"] or sight["under"]:
                name = f"melds-in-play-{game}-{width}x{height}-seat{seat}-{step}.png"
                page.screenshot(path=str(SCREENSHOTS / name))
            assert rows["cut"] == [], (seat, step, rows)
            assert rows["always"] == [], (seat, step, rows)
            assert sight["under"] == [], (seat, step, sight)
        assert crowded >= 5, f"only {crowded} fitted steps with two rows of melds: the test shows little"


def test_a_replay_seen_from_a_seat_does_not_tell_its_watcher_it_is_their_turn(
    browser: Browser, tmp_path: Path
) -> None:
    """A replay seen as a seat said "▶ Your turn: play a card" at that seat's decisions (its names
    already say "heuristic 0", not "you"): the watcher has no turn. The prompt names the seat's player,
    "heuristic 0 to play a card", and is not drawn as one's own turn."""
    with finished_replay(browser, tmp_path, "roquet", 5, PHONE) as page:
        decisions = 0
        for seat in ("0", "1"):
            page.select_option("#seat", seat)
            page.locator(f".dock .seat.me[data-seat='{seat}'] .seat-name").wait_for()
            name = page.inner_text(".dock .seat.me .seat-name")
            for step in range(12):
                replay_step(page, step)
                if page.locator(".dock .seat.me.to-move").count() == 0:
                    continue
                decisions += 1
                prompt = page.inner_text(".dock h2.prompt")
                assert prompt.startswith(f"{name} to "), (seat, step, prompt)
                assert page.locator(MY_TURN).count() == 0, (seat, step, prompt)
        assert decisions >= 4, decisions


WHO_CUT = """() => [...document.querySelectorAll(".trick .trick-card figcaption .who")]
  .filter((who) => who.scrollWidth > who.clientWidth + 0.5)
  .map((who) => who.textContent)"""
"""The names under the trick's cards that are cut short (an ellipsis)."""


def test_a_two_seat_tricks_names_are_whole_on_a_wide_window(browser: Browser, tmp_path: Path) -> None:
    """A Roquet trick at 1920×1080 named its cards' players "heuristic …": the two-seat trick's box
    was as narrow as on a crowded window, and each name kept to half of it. Where the board has the
    room (not fitted), the box is wide enough for "heuristic 1 (led)"; on a crowded board the caption
    wraps instead (test_a_two_seat_tricks_names_are_whole_on_a_crowded_board)."""
    with finished_replay(browser, tmp_path, "roquet", 5, {"width": 1920, "height": 1080}) as page:
        page.select_option("#seat", "0")
        page.locator(".dock .seat.me[data-seat='0'] .seat-name").wait_for()
        checked = 0
        for step in range(1, replay_steps(page) + 1):
            replay_step(page, step)
            if page.locator(".board.fitted").count() or not page.locator(".trick .trick-card").count():
                continue
            checked += 1
            assert page.evaluate(WHO_CUT) == [], step
        assert checked >= 10, checked


HAND_ROOM = """() => {
  const melds = document.querySelector(".dock .my-zones");
  const hand = document.querySelector("#hand");
  const cards = [...hand.querySelectorAll(".card")].map((card) => card.getBoundingClientRect());
  const box = hand.getBoundingClientRect();
  const span = cards.length
    ? Math.max(...cards.map((r) => r.right)) - Math.min(...cards.map((r) => r.left))
    : 0;
  return {
    scrolls: melds !== null && melds.scrollHeight > melds.clientHeight + 1,
    spare: Math.round(box.width - span),
    card: cards.length ? Math.round(cards[0].width) : 0,
  };
}"""
"""Whether one's melds scroll in their box, and how much of the hand's box is left empty beside its
cards."""


def test_ones_melds_are_not_hidden_beside_an_empty_part_of_the_hand(browser: Browser, tmp_path: Path) -> None:
    """At 1280×720 a Roquet hand's last tricks drew one's melds in a narrow box beside the hand, three
    rows deep and scrolling, while the hand's box beside them stood half empty around its two or three
    cards: the two shared the dock's width alike. When the melds scroll, the hand's box keeps to what
    its cards need (with room for about two more), and the melds take the rest."""
    with finished_replay(browser, tmp_path, "roquet", 5, {"width": 1280, "height": 720}) as page:
        page.select_option("#seat", "0")
        page.locator(".dock .seat.me[data-seat='0'] .seat-name").wait_for()
        checked = 0
        for step in range(1, replay_steps(page) + 1):
            replay_step(page, step)
            room = page.evaluate(HAND_ROOM)
            if not room["scrolls"] or not room["card"]:
                continue
            checked += 1
            if room["spare"] > 3 * room["card"]:
                page.screenshot(path=str(SCREENSHOTS / f"hand-room-1280x720-{step}.png"))
            assert room["spare"] <= 3 * room["card"], (step, room)
        assert checked >= 3, checked


HALF_ROWS = """() => {
  // in each box of cards shortened to scroll: the zones after its first row that it cuts across
  const cut = [];
  for (const box of document.querySelectorAll(".board .seat-zones, .dock .my-zones")) {
    if (!box.style.maxHeight) continue;
    const b = box.getBoundingClientRect();
    const zones = [...box.children].map((zone) => [zone, zone.getBoundingClientRect()]);
    const first = Math.min(...zones.map(([, r]) => Math.round(r.bottom)));
    for (const [zone, r] of zones) {
      if (Math.round(r.bottom) === first) continue;
      const what = `${box.className}: ${zone.textContent.trim()}`;
      if (r.top < b.bottom - 1 && r.bottom > b.bottom + 1) cut.push(what);
    }
  }
  return cut;
}"""
"""The zones cut across by the bottom of a seat's box of cards that scrolls, past its first row (a line
of text or a row of cards half in sight)."""


def test_a_box_of_cards_that_scrolls_ends_between_two_rows(browser: Browser, tmp_path: Path) -> None:
    """On a phone, the other seat's zones, shortened to make room, ended across a row: half of
    "▸ 3 tricks won: 6 cards" showed at the bottom of their box, a line cut through its middle. A
    seat's box of cards, or one's own, when shortened ends at the bottom of a row of its zones (beyond
    its first row), the next row wholly below it, to be scrolled to. (The table's zones beside the trick:
    the test after the next.) Every step of a Roquet replay, from both seats."""
    walk = walked(browser, tmp_path, "roquet", PHONE)
    shortened = 0
    for seat, step, cut in walk.each("half_rows"):
        if walk.read(seat, step, "seat_zones_shortened"):
            shortened += 1
        if cut:
            walk.shoot(browser, tmp_path, seat, step, f"half-rows-phone-seat{seat}-{step}.png")
        assert cut == [], (seat, step, cut)
    assert shortened >= 10, shortened


TRICK_NAMES = """() => {
  const trick = document.querySelector(".trick");
  const box = trick.getBoundingClientRect();
  const out = [];
  for (const who of trick.querySelectorAll(".trick-card figcaption .who")) {
    const caption = who.parentElement.getBoundingClientRect();
    const r = who.getBoundingClientRect();
    // cut short (an ellipsis), or a caption, or the name in it, outside the trick's box
    if (
      who.scrollWidth > who.clientWidth + 0.5 || who.scrollHeight > who.clientHeight + 0.5
      || caption.bottom > box.bottom + 0.5 || caption.top < box.top - 0.5
      || r.left < box.left - 0.5 || r.right > box.right + 0.5
    ) out.push(who.textContent);
  }
  return { cut: out, cards: trick.querySelectorAll(".trick-card").length };
}"""
"""The names under the trick's cards that are cut short, or drawn outside the trick's box."""


@pytest.mark.parametrize(
    ("game", "seed", "width", "height"),
    [("roquet", 5, 390, 844), ("bezique", 3, 390, 844), ("roquet", 5, 1280, 720)],
)
def test_a_two_seat_tricks_names_are_whole_on_a_crowded_board(
    browser: Browser, tmp_path: Path, game: str, seed: int, width: int, height: int
) -> None:
    """On a phone a two-seat trick named its cards' players "heuris…": each caption kept to the width
    of its card, and the name gave way before "✓ won". With one card or two, in Roquet and Bezique,
    from both seats, every name is whole and inside the trick's box."""
    with finished_replay(browser, tmp_path, game, seed, {"width": width, "height": height}) as page:
        steps = replay_steps(page)
        checked = 0
        for seat in ("0", "1"):
            page.select_option("#seat", seat)
            page.locator(f".dock .seat.me[data-seat='{seat}'] .seat-name").wait_for()
            for step in range(1, steps + 1):
                replay_step(page, step)
                if not page.locator(".trick .trick-card").count():
                    continue
                names = page.evaluate(TRICK_NAMES)
                checked += names["cards"] == 2
                if names["cut"]:
                    name = f"trick-names-{game}-{width}x{height}-seat{seat}-{step}.png"
                    page.screenshot(path=str(SCREENSHOTS / name))
                assert names["cut"] == [], (seat, step, names)
        assert checked >= 10, checked


TABLE_CUT = """() => {
  // in the table's zones beside the trick, shortened to scroll: the zones and cards cut across by the
  // bottom of their box
  const cut = [];
  for (const box of document.querySelectorAll(".board .table-zones")) {
    if (!box.style.maxHeight) continue;
    const b = box.getBoundingClientRect();
    for (const node of box.querySelectorAll(".zone, .card")) {
      const r = node.getBoundingClientRect();
      if (r.height > 0 && r.top < b.bottom - 1 && r.bottom > b.bottom + 1) {
        cut.push(`${node.className}: ${node.textContent.trim() || node.querySelector("img")?.alt || ""}`);
      }
    }
  }
  return cut;
}"""
"""The table's zones, and their cards, that the bottom of their box cuts across when it scrolls."""


@pytest.mark.parametrize(
    ("game", "seed", "width", "height"),
    [("roquet", 5, 390, 844), ("roquet", 5, 1280, 720)],
)
def test_the_table_zones_beside_the_trick_end_between_two_rows(
    browser: Browser, tmp_path: Path, game: str, seed: int, width: int, height: int
) -> None:
    """On a phone the table's zones beside the trick, shortened to the trick's height, showed a sliver
    of Roquet's stock (a card cut through) at the bottom of their box. That box, shortened, ends at
    the bottom of a row of its zones, the next row wholly below it, to be scrolled to. Every step,
    from both seats."""
    walk = walked(browser, tmp_path, game, {"width": width, "height": height}, seed=seed, players=2)
    shortened = 0
    for seat, step, cut in walk.each("table_cut"):
        shortened += walk.read(seat, step, "table_zones_shortened")
        if cut:
            name = f"table-zones-cut-{game}-{width}x{height}-seat{seat}-{step}.png"
            walk.shoot(browser, tmp_path, seat, step, name)
        assert cut == [], (seat, step, cut)
    assert shortened >= 5, shortened


MORE_ROWS = (
    """([which, host]) => {
  const box = document.querySelector(which);
  const b = box.getBoundingClientRect();"""
    + SEEN
    + """
  // rows of zones (those that end at the same height) wholly below what the box shows
  const bottoms = (zones) => new Set(zones.map((zone) => Math.round(zone.getBoundingClientRect().bottom)));
  // (none below a box that is none, its zones inline with their seat's name: an unfitted phone's)
  const below = getComputedStyle(box).display === "contents" ? []
    : [...box.children].filter((zone) => zone.getBoundingClientRect().top >= b.bottom - 1);
  const cue = [...document.querySelectorAll(`${host} .more-rows`)]
    .find((node) => node.checkVisibility()) ?? null;
  const c = cue ? cue.getBoundingClientRect() : null;
  // what the cue may not cover, as far as it is drawn: any card (those of its own box among them), a
  // zone's label, the hand, the prompt, the actions, the trick
  const kept = "#table .card, .zone-label, .zone-empty, .pile-count, #hand, .dock .prompt, "
    + ".dock .action-buttons button, .trick, .seat-head, .seat-tags .tag, .seat-stats";
  const covers = c === null ? [] : [...document.querySelectorAll(kept)]
    .filter((node) => node.checkVisibility())
    .map((node) => [node, seen(node)])
    .filter(([, r]) => r.bottom > r.top + 0.5 && r.right > r.left + 0.5)
    .filter(([, r]) => r.left < c.right - 0.5 && r.right > c.left + 0.5)
    .filter(([, r]) => r.top < c.bottom - 0.5 && r.bottom > c.top + 0.5)
    .map(([node]) => `${node.className}: ${node.textContent.trim() || node.querySelector("img")?.alt || ""}`);
  const inside = (r) => r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
  const inSight = [...box.children]
    .map((zone) => zone.getBoundingClientRect())
    .filter((r) => r.top < b.bottom - 1);
  // in the window, and a board's cue above the dock
  const dock = document.querySelector(".dock").getBoundingClientRect();
  const floor = host === ".dock" ? window.innerHeight : dock.top;
  return {
    hidden: bottoms(below).size,
    next: below.length ? [...box.children].indexOf(below[0]) : null,
    shown: [...box.children].map((zone) => inside(zone.getBoundingClientRect())),
    // (a zone taller than the box: at its top)
    atTop: [...box.children].map((zone) => {
      const r = zone.getBoundingClientRect();
      return Math.abs(r.top - b.top) <= 1 && r.height > b.height;
    }),
    cue: cue ? cue.textContent : null,
    cueBox: c === null ? null : [c.left, c.top, c.right, c.bottom].map(Math.round),
    box: [b.left, b.top, b.right, b.bottom].map(Math.round),
    below: c !== null && c.left >= b.left - 0.5 && c.right <= b.right + 0.5 && c.top >= b.bottom - 0.5
      && c.top <= b.bottom + 8 && c.bottom <= floor + 0.5,
    // or on its seat's name line: in the seat's panel, above its box, in sight
    online: c !== null && cue.closest(".seat") === box.closest(".seat") && c.bottom <= b.top + 0.5
      && c.left >= box.closest(".seat").getBoundingClientRect().left - 0.5
      && c.right <= box.closest(".seat").getBoundingClientRect().right + 0.5 && c.top >= 0
      && c.bottom <= floor + 0.5,
    // the seat's panel no taller for its cue (which costs no height)
    free: cue === null || cue.closest(".seat") === null ? null : (() => {
      const seat = cue.closest(".seat");
      const tall = seat.getBoundingClientRect().height;
      cue.style.display = "none";
      const without = seat.getBoundingClientRect().height;
      cue.style.display = "";
      return tall <= without + 0.5;
    })(),
    // and no further right than the zones it shows, in a box wider than them
    beside: c !== null && c.right <= Math.max(b.left + c.width, ...inSight.map((r) => r.right)) + 0.5,
    covers,
  };
}"""
)
"""A box of cards that may scroll (``which``): how many rows of its zones lie wholly below what it
shows (and the first zone of them), which zones it shows whole (or from their top, those taller than
it), the cue that says so (if one is shown in ``host``), whether the cue lies just below the box,
within its sides and in sight, whether it lies beside the zones in sight (no further right), and what
it covers."""

SCROLLING_BOXES = {
    "melds": (".dock .my-zones", ".dock"),
    "table": (".board .table-zones", ".board .area-center"),
    "seat": (".board .seat-zones", ".board .seat"),
}
"""One's melds in the dock, the table's zones beside the trick and the other seat's zones: each box,
and where its cue is."""


# The cue's check leaves out Bezique, no box of which ever scrolls (its board and dock fit at 1280×720,
# and on a phone every box shows all its rows: matches to 100, 300 and 1,000 points looked at from both
# seats, no row out of sight), and Lansquenet's seat boxes (one's melds, another seat's zones): a
# Lansquenet seat holds no cards of its own.

BOXES = [
    ("melds", 1280, 720),
    ("melds", 390, 844),
    ("table", 1280, 720),
    ("table", 390, 844),
    ("seat", 390, 844),
    ("seat", 1280, 720),
]
"""The boxes that may scroll, and the windows they are checked in."""


@pytest.mark.parametrize(
    ("game", "which", "width", "height", "names"),
    [
        *[("roquet", which, width, height, ()) for which, width, height in BOXES],
        # (Lansquenet's table at 1280×640: at 1280×720 its zones fit since a seat's numbers read "100
        # chips", where "score 100 · chips 100" made its ten panels taller; they scroll at 18 steps at
        # 1280×640, as at 1280×600)
        ("lansquenet", "table", 1280, 640, ()),
        ("lansquenet", "table", 390, 844, ()),
        # a seat's name line crowded with a long name and its tags ("dealer", "leader", its score)
        ("roquet", "seat", 390, 844, LONG_NAMES[:2]),
        ("roquet", "seat", 1280, 720, LONG_NAMES[:2]),
    ],
    ids=lambda value: ("long-names" if value else "names") if isinstance(value, tuple) else None,
)
def test_a_box_of_cards_that_scrolls_says_how_many_rows_are_below(
    browser: Browser, tmp_path: Path, game: str, which: str, width: int, height: int, names: tuple[str, ...]
) -> None:
    """At 1280×720 one's melds keep their first two rows in sight and scroll; a Roquet seat's third and
    fourth rows were out of sight with nothing to say so. Then a cue on the box's bottom corner said it,
    but where a row of melds left it no room it covered a card's corner (at 1280×720 the last card of a
    full row of melds), and the table's zones beside the trick, shortened to scroll (Roquet's stock
    under the livret and the turn-up), had no cue at all, nor had the other seat's zones (on a phone
    three rows of its melds out of sight). Where rows lie below, in any of these boxes, a cue says how
    many ("▾ 2 more rows"), covering nothing drawn: no card (of its box or any other), label, hand,
    prompt, action, trick or seat's name line; the melds' and the table's in a strip of their own just
    below the box, the other seat's on its name line, where it costs no height (a strip below it took
    the height from one's melds' second row); and pressing it brings the next row wholly into sight
    (or, taller than the box, from its top: a phone's turn-up under its three lines of label). Every
    step of a Roquet and a Lansquenet replay, from two seats. A seat's name line crowded with a long
    name and its tags ("Bartholomew Higginbottom", "dealer", "leader", its score) put the cue on a line
    of its own, the panel a line taller: Roquet with long names too, where the seat's tags, then its
    numbers, give way to the cue."""
    box, host = SCROLLING_BOXES[which]
    with game_replay(browser, tmp_path, game, {"width": width, "height": height}, names) as page:
        steps = replay_steps(page)
        checked = 0
        for seat, step in each_step_from_both_seats(page, steps):
            page.evaluate("window.scrollTo(0, 0)")
            if not page.locator(box).count():
                continue
            more = page.evaluate(MORE_ROWS, [box, host])
            placed = more["online"] and more["free"] if which == "seat" else more["below"] and more["beside"]
            if more["hidden"] and (more["cue"] is None or not placed or more["covers"]):
                named = f"{game}-long" if names else game
                name = f"more-rows-{named}-{which}-{width}x{height}-seat{seat}-{step}.png"
                page.screenshot(path=str(SCREENSHOTS / name))
            if not more["hidden"]:
                assert more["cue"] is None or "more row" not in more["cue"], (seat, step, more)
                continue
            checked += 1
            rows = "row" if more["hidden"] == 1 else "rows"
            assert more["cue"] == f"▾ {more['hidden']} more {rows}", (seat, step, more)
            assert more["covers"] == [], (seat, step, more)
            if which == "seat":
                assert more["online"], (seat, step, more)
                assert more["free"], (seat, step, more)
            else:
                assert more["below"], (seat, step, more)
                assert more["beside"], (seat, step, more)
            page.locator(f"{host} .more-rows").click()
            after = page.evaluate(MORE_ROWS, [box, host])
            assert after["hidden"] < more["hidden"], (seat, step, more, after)
            assert after["shown"][more["next"]] or after["atTop"][more["next"]], (seat, step, more, after)
            if which == "seat":
                assert after["covers"] == [], (seat, step, more, after)
        assert checked >= 5, checked


LONE_CAPTION = """() => {
  const trick = document.querySelector(".trick:not(.faded)");
  const figures = trick === null ? [] : [...trick.querySelectorAll(".trick-card")];
  if (figures.length !== 1) return null;
  const [figure] = figures;
  const caption = figure.querySelector("figcaption");
  const box = trick.getBoundingClientRect();
  const card = figure.querySelector(".card").getBoundingClientRect();
  const c = caption.getBoundingClientRect();
  // the caption's lines: the bottoms of its words' boxes
  const bottoms = new Set();
  const walker = document.createTreeWalker(caption, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(text);
    for (const r of range.getClientRects()) if (r.width > 0) bottoms.add(Math.round(r.bottom));
  }
  const middle = (box.left + box.right) / 2;
  return {
    text: caption.textContent,
    lines: bottoms.size,
    inside: c.left >= box.left - 0.5 && c.right <= box.right + 0.5 && c.top >= box.top - 0.5
      && c.bottom <= box.bottom + 0.5,
    half: figure.classList.contains("from-top") ? card.right <= middle + 0.5 : card.left >= middle - 0.5,
    wide: c.width > box.width / 2,
  };
}"""
"""A two-seat trick's lone card (``null`` if the trick in play has not one card): its caption's text,
on how many lines it lies, whether it is inside the trick's box, whether the card lies on its own half
of the box, beside the middle, and whether the caption is wider than half the box."""


@pytest.mark.parametrize(
    ("game", "width", "height", "wide_least"),
    [
        ("roquet", 390, 844, 5),
        ("roquet", 1280, 720, 5),
        ("bezique", 390, 844, 5),
        # (a Bezique board at 1280×720 fits the window: its trick is wide, a lone caption fits its half)
        ("bezique", 1280, 720, 0),
    ],
)
def test_a_lone_trick_cards_caption_may_take_the_whole_box(
    browser: Browser, tmp_path: Path, game: str, width: int, height: int, wide_least: int
) -> None:
    """On a phone the caption under a two-seat trick's first card, "heuristic 1 (led)", wrapped within
    half the trick's box (the half its card keeps, beside the middle, for the second card to come)
    although the other half was empty. A lone card's caption may take the whole box: on one line, inside
    the box, the card still on its own half. Every step with one card in the trick, from both seats."""
    walk = walked(browser, tmp_path, game, {"width": width, "height": height})
    wide = lones = 0
    for seat, step, lone in walk.each("lone_caption"):
        if lone is None:
            continue
        lones += 1
        wide += lone["wide"]
        if lone["lines"] != 1 or not lone["inside"] or not lone["half"]:
            name = f"lone-caption-{game}-{width}x{height}-seat{seat}-{step}.png"
            walk.shoot(browser, tmp_path, seat, step, name)
        assert lone["lines"] == 1, (seat, step, lone)
        assert lone["inside"], (seat, step, lone)
        assert lone["half"], (seat, step, lone)
    assert lones >= 10, f"only {lones} steps with a lone card: the test shows little"
    assert wide >= wide_least, (
        f"only {wide} lone cards with a caption wider than half the box: the test shows little"
    )


TRICK_PARTS = r"""() => {
  const trick = document.querySelector(".trick");
  if (trick === null) return null;
  const box = trick.getBoundingClientRect();
  const hit = (a, b) =>
    a.left < b.right - 0.5 && a.right > b.left + 0.5 && a.top < b.bottom - 0.5 && a.bottom > b.top + 0.5;
  // (a trick that gave way has its cards alone, small, their captions' words its title)
  const parts = [...trick.querySelectorAll(".trick-card")].flatMap((figure, i) => {
    const caption = figure.querySelector("figcaption");
    const name = caption === null ? `card ${i + 1}` : caption.textContent;
    const card = [`card of ${name}`, figure.querySelector(".card"), figure];
    return caption === null ? [card] : [card, [`caption ${name}`, caption, figure]];
  });
  const over = [];
  parts.forEach(([what, node, figure], i) => {
    const r = node.getBoundingClientRect();
    const inside = r.left >= box.left - 0.5 && r.right <= box.right + 0.5
      && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
    if (!inside) over.push(`${what} outside the box`);
    for (const [other, node2, figure2] of parts.slice(i + 1)) {
      if (figure2 !== figure && hit(r, node2.getBoundingClientRect())) over.push(`${what} on ${other}`);
    }
  });
  const cut = [...trick.querySelectorAll("figcaption .who")]
    .filter((who) => who.scrollWidth > who.clientWidth + 0.5)
    .map((who) => who.textContent);
  // a word of a name split over two lines ("Bartholo / mew"): its drawn pieces lie on two lines
  const broken = [];
  for (const who of trick.querySelectorAll("figcaption .who")) {
    const walker = document.createTreeWalker(who, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      for (const match of text.data.matchAll(/\S+/g)) {
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (new Set(rects.map((r) => Math.round(r.top))).size > 1) broken.push(match[0]);
      }
    }
  }
  return { cards: trick.querySelectorAll(".trick-card").length, over, cut, broken };
}"""
"""The trick's cards and captions that lie on another player's card or caption, or outside the trick's
box, the names cut short (an ellipsis), and the words of names split over two lines."""


@pytest.mark.parametrize("names", [(), LONG_NAMES], ids=["short-names", "long-names"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720), (1920, 1080)])
def test_a_four_seat_tricks_cards_and_captions_keep_to_their_own_places(
    browser: Browser, tmp_path: Path, width: int, height: int, names: tuple[str, ...]
) -> None:
    """A Bishops Whist trick of four cards drew "heuristic 1 (led)", under the left card, over the
    bottom card, and at 1280×720 the winner's "heuristic 3 ✓ won" too; on a phone the side cards, pulled
    toward the middle by their captions, lay on the top card, "heuristic 2" over the left card, and the
    winner's name was cut ("heuristi… ✓ won"). Each card and caption keeps to its own part of the box:
    none on another player's card or caption, none outside the box, no name cut. Long names too: on a
    phone the top and bottom captions were cut ("Anastasia Featherstoneha…"); they wrap, as the side
    ones do, and the box makes room for their lines, and no word of a name is split over two lines
    ("Featherstoneha / ugh" in a side's part, at every size). Every step of a Bishops Whist replay with
    cards in the trick, from two seats."""
    walk = walked(
        browser, tmp_path, "bishops-whist", {"width": width, "height": height}, names, seed=21, players=4
    )
    full = 0
    for seat, step, _ in walk.each("parts"):
        parts = walk.trick_parts(
            browser, tmp_path, seat, step, f"trick-parts-{len(names)}-{width}x{height}-seat{seat}-{step}"
        )
        if parts is None or not parts["cards"]:
            continue
        full += parts["cards"] == 4
        assert parts["over"] == [], (seat, step, parts)
        assert parts["cut"] == [], (seat, step, parts)
        assert parts["broken"] == [], (seat, step, parts)
    assert full >= 10, f"only {full} steps with four cards in the trick: the test shows little"


EMPTY_ZONES = """() => {
  // the table's empty zones ("stock: none") beside the trick, and those of them out of their box's sight
  const out = [];
  let shown = 0;
  for (const box of document.querySelectorAll(".board .table-zones")) {
    const b = box.getBoundingClientRect();
    for (const zone of box.querySelectorAll(".zone.empty")) {
      shown += 1;
      const r = zone.getBoundingClientRect();
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) out.push(zone.textContent.trim());
    }
  }
  return { shown, out, fitted: document.querySelector(".board.fitted") !== null };
}"""
"""The table's empty zones beside the trick: how many there are, and those not wholly in their box's
sight (scrolled away)."""


# The empty zones' check is Roquet's: Bezique's and Lansquenet's table has an empty zone only on a board
# that fits the window, never scrolled (Bezique's talon and turn-up in the last eight tricks,
# Lansquenet's cards of the last deal at a deal's start).


@pytest.mark.parametrize("game", ["roquet"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720)])
def test_the_tables_empty_zones_are_not_scrolled_away(
    browser: Browser, tmp_path: Path, game: str, width: int, height: int
) -> None:
    """At a Roquet hand's end on a phone the table's zones beside the trick were three empty lines
    ("the livret: none", "the turn-up: none", "the stock: none"), shortened to scroll, two of them
    behind "▾ 2 more rows", a cue as tall as what it hid. An empty zone is never scrolled out of its
    box's sight. Every step of a Roquet, Bezique and Lansquenet replay, from two seats."""
    with game_replay(browser, tmp_path, game, {"width": width, "height": height}) as page:
        steps = replay_steps(page)
        fitted = 0
        for seat, step in each_step_from_both_seats(page, steps):
            page.evaluate("window.scrollTo(0, 0)")
            empty = page.evaluate(EMPTY_ZONES)
            fitted += empty["fitted"] and empty["shown"] > 0
            if empty["out"]:
                name = f"empty-zones-{game}-{width}x{height}-seat{seat}-{step}.png"
                page.screenshot(path=str(SCREENSHOTS / name))
            assert empty["out"] == [], (seat, step, empty)
        assert fitted >= 2, f"only {fitted} fitted steps with an empty zone: the test shows little"


FAN_CUT = """() => {
  // in the table's zones: the cards of a fan that lie past its right edge (hidden, or to be scrolled to)
  const cut = [];
  let fans = 0;
  for (const fan of document.querySelectorAll(".board .table-zones .fan")) {
    if (fan.children.length > 6) fans += 1;
    const f = fan.getBoundingClientRect();
    const right = f.right - parseFloat(getComputedStyle(fan).paddingRight);
    for (const card of fan.querySelectorAll(".card")) {
      const r = card.getBoundingClientRect();
      if (r.right > right + 0.5 || r.left < f.left - 0.5) {
        const name = card.querySelector("img")?.alt || card.textContent;
        cut.push(`${name} at ${Math.round(r.left)}-${Math.round(r.right)}`);
      }
    }
  }
  return { fans, cut };
}"""
"""The table's fans of more than six cards (how many), and the cards of any table fan that lie outside
it, past its right edge or its left."""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720), (1920, 1080)])
def test_a_long_fan_of_the_tables_cards_shows_every_card(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """A Lansquenet deal that turned some eighteen cards drew "cards turned, last deal" as a fan wider
    than its zone: its last cards lay past the zone's edge, cut, to be scrolled to with nothing to say
    so. A long fan of the table's cards overlaps more, and shows every card in its zone. Every step of
    a ten-player Lansquenet replay, from two seats."""
    walk = walked(browser, tmp_path, "lansquenet", {"width": width, "height": height})
    fans = 0
    for seat, step, shown in walk.each("fan_cut"):
        fans += shown["fans"]
        if shown["cut"]:
            walk.shoot(browser, tmp_path, seat, step, f"fan-cut-{width}x{height}-seat{seat}-{step}.png")
        assert shown["cut"] == [], (seat, step, shown)
    assert fans >= 10, f"only {fans} fans of more than six cards: the test shows little"


HINT_BY_PROMPT = """() => {
  const hint = document.querySelector("button[data-key=hint]");
  const prompt = document.querySelector(".dock h2.prompt");
  if (hint === null || prompt === null) return null;
  const h = hint.getBoundingClientRect();
  // the prompt's words, not its box (a box as wide as the dock is near everything)
  const range = document.createRange();
  range.selectNodeContents(prompt);
  const p = range.getBoundingClientRect();
  const dx = Math.max(0, h.left - p.right, p.left - h.right);
  const dy = Math.max(0, h.top - p.bottom, p.top - h.bottom);
  const at = (r) => [r.left, r.top].map(Math.round);
  return { gap: Math.round(Math.hypot(dx, dy)), hint: at(h), prompt: at(p) };
}"""
"""How far the Hint button lies from the prompt's words (0: side by side or touching)."""


def test_the_hint_button_lies_by_the_prompt(browser: Browser, tmp_path: Path) -> None:
    """On a phone the Hint button stood at the dock's top left, above one's seat and hand, far from the
    prompt ("▶ Your turn: …") and the actions, where a player looks at their turn; on a wider window it
    had a row of its own under the box to type an action. It lies by the prompt: within a few pixels
    of its words, at 390×844, 1280×720 and 1920×1080."""
    with serving(tmp_path) as server:
        table = create_table(server, "roquet", [HUMAN, COMPUTER], seed=5)
        with context(browser, PHONE) as ctx:
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            page.locator(MY_TURN).wait_for()
            for size in (PHONE, {"width": 1280, "height": 720}, {"width": 1920, "height": 1080}):
                page.set_viewport_size(size)  # type: ignore[arg-type]
                page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
                where = page.evaluate(HINT_BY_PROMPT)
                assert where is not None, size
                if where["gap"] > 16:
                    page.screenshot(path=str(SCREENSHOTS / f"hint-far-{size['width']}x{size['height']}.png"))
                assert where["gap"] <= 16, (size, where)


WRAPPED_WIDTHS = """(selector) => {
  // each box the selector names (a trick's caption, a seat's tag) drawn on more than one line: how much
  // wider it is than its words and padding
  const out = [];
  const boxes = [...document.querySelectorAll(selector)].filter((box) => box.checkVisibility());
  for (const caption of boxes) {
    const rects = [];
    const walker = document.createTreeWalker(caption, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
    }
    const lines = new Set(rects.map((r) => Math.round(r.bottom))).size;
    if (lines < 2) continue;
    const style = getComputedStyle(caption);
    const words = Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
    const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const spare = Math.round(caption.getBoundingClientRect().width - words - pad);
    out.push({ text: caption.textContent, lines, spare });
  }
  return out;
}"""
"""The boxes a selector names (the trick's captions, the seats' tags) drawn on two lines or more: their
text, lines, and how much wider each box is than its words and its padding."""

TRICK_CAPTIONS = ".trick .trick-card figcaption"
"""The trick's captions, for WRAPPED_WIDTHS."""


@pytest.mark.parametrize("game", ["bishops-whist", "bezique"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720), (1920, 1080)])
def test_a_wrapped_trick_caption_is_no_wider_than_its_words(
    browser: Browser, tmp_path: Path, game: str, width: int, height: int
) -> None:
    """A four-seat trick's side caption that wrapped a long name ("Wilhelmina Fairweather (led)")
    drew its dark background the whole width allowed it, well past its words. A wrapped caption is as
    wide as its longest line (and its padding), a pixel or two apart. Every step of a Bishops Whist
    and a Bezique replay with cards in the trick, its players long-named, from two seats."""
    viewport = {"width": width, "height": height}
    walk = (
        walked(browser, tmp_path, game, viewport, LONG_NAMES, seed=21, players=4)
        if game == "bishops-whist"
        else walked(browser, tmp_path, game, viewport, LONG_NAMES[:2])
    )
    wrapped = 0
    for seat, step, captions in walk.each("trick_captions"):
        wrapped += len(captions)
        wide = [c for c in captions if c["spare"] > 2]
        if wide:
            name = f"caption-width-{game}-{width}x{height}-seat{seat}-{step}.png"
            walk.shoot(browser, tmp_path, seat, step, name, ".trick-area")
        assert wide == [], (seat, step, wide)
    assert wrapped >= 10, f"only {wrapped} wrapped captions: the test shows little"


CAPTION_HUG = """() => {
  // each trick caption on more than one line: how far its dark background runs past its words on each
  // side (its padding left out), and the words drawn outside it
  const out = [];
  for (const caption of document.querySelectorAll(".trick .trick-card figcaption")) {
    const rects = [];
    const walker = document.createTreeWalker(caption, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
    }
    const lines = new Set(rects.map((r) => Math.round(r.bottom))).size;
    if (lines < 2) continue;
    const style = getComputedStyle(caption);
    const c = caption.getBoundingClientRect();
    const inner = {
      left: c.left + parseFloat(style.paddingLeft), right: c.right - parseFloat(style.paddingRight),
      top: c.top + parseFloat(style.paddingTop), bottom: c.bottom - parseFloat(style.paddingBottom),
    };
    const words = {
      left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)),
      top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)),
    };
    const outside = rects.filter((r) => r.left < c.left - 0.5 || r.right > c.right + 0.5
      || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5).length;
    const gap = (a) => Math.round(a * 10) / 10;
    out.push({
      text: caption.textContent,
      side: caption.closest(".from-left, .from-right") !== null,
      lines,
      outside,
      spare: {
        left: gap(words.left - inner.left), right: gap(inner.right - words.right),
        top: gap(words.top - inner.top), bottom: gap(inner.bottom - words.bottom),
      },
      line: parseFloat(style.lineHeight) || 1.25 * parseFloat(style.fontSize),
    });
  }
  return out;
}"""
"""The trick's captions on two lines or more: their text, whether a side card's, their lines, how far
their background runs past their words on each side (less its padding; negative: the words past it),
its line height, and how many of the words' boxes lie outside it."""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720), (1920, 1080)])
def test_a_four_seat_tricks_wrapped_side_caption_hugs_both_its_lines(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """A four-seat trick's side caption that wraps a long name ("Bartholomew Higginbottom" on two
    lines): its dark background hugs both lines, no strip of it past the words on any side (its
    padding apart; above and below, no more than a line's leading) and no word outside it. Every step of
    a Bishops Whist replay with cards in the trick, its players long-named, from two seats."""
    viewport = {"width": width, "height": height}
    walk = walked(browser, tmp_path, "bishops-whist", viewport, LONG_NAMES, seed=21, players=4)
    sides = 0
    for seat, step, captions in walk.each("caption_hug"):
        sides += sum(c["side"] for c in captions)
        loose = [
            c
            for c in captions
            if c["outside"]
            or min(c["spare"].values()) < -0.5
            or max(c["spare"]["left"], c["spare"]["right"]) > 2
            or max(c["spare"]["top"], c["spare"]["bottom"]) > c["line"] / 2
        ]
        if loose:
            walk.shoot(
                browser,
                tmp_path,
                seat,
                step,
                f"caption-hug-{width}x{height}-seat{seat}-{step}.png",
                ".trick-area",
            )
        assert loose == [], (seat, step, loose)
    assert sides >= 10, f"only {sides} wrapped side captions: the test shows little"


def test_a_replay_seen_from_a_seat_says_its_own_lines_of_that_seat(browser: Browser, tmp_path: Path) -> None:
    """A replay seen as a seat named that seat "heuristic 0" on the table and in its prompt, but its log
    said the lines the engine wrote to that seat alone as to its reader: "You draw 5♣", "You are dealt
    …", "You bury …". The watcher is not that player: the log says them of the seat ("heuristic 0
    draws 5♣"), as every other line does."""
    with finished_replay(browser, tmp_path, "roquet", 5, PHONE) as page:
        own = 0
        for seat in ("0", "1"):
            page.select_option("#seat", seat)
            page.locator(f".dock .seat.me[data-seat='{seat}'] .seat-name").wait_for()
            name = page.inner_text(".dock .seat.me .seat-name")
            lines = page.locator("#log li").all_inner_texts()
            assert lines, seat
            you = [line for line in lines if re.search(r"\byou(r)?\b", line, re.IGNORECASE)]
            assert you == [], (seat, you)
            own += sum(
                re.match(rf"{re.escape(name)} (draws|is dealt|buries)\b", line) is not None for line in lines
            )
        assert own >= 2, f"only {own} lines of a seat's own: the test shows little"


def see_as(page: Page, seat: str) -> None:
    """See the open two-seat replay as ``seat`` ("all": face up, as a replay opens), once it is drawn so
    (the last seat's table may still be on the page just after the choice)."""
    if seat == "all":
        assert page.input_value("#seat") == "all"
        return
    page.select_option("#seat", seat)
    page.locator(f".dock .seat.me[data-seat='{seat}'] .seat-name").wait_for()


@pytest.mark.parametrize("game", ["open-tarock", "bezique"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1920, 1080)])
def test_an_empty_trick_is_drawn_short_on_every_board(
    browser: Browser, tmp_path: Path, game: str, width: int, height: int
) -> None:
    """An empty trick was drawn short only on a board fitted to the window: on a phone, at an Open
    Tarock match's end, the board was not fitted and the empty trick's box stood some 120 pixels tall
    with nothing in it. It is short (3rem) on every board, as seen by every seat and face up: at an
    Open Tarock match's end, and a Bezique one's."""
    viewport = {"width": width, "height": height}
    with (
        finished_replay(browser, tmp_path, game, 3, viewport)
        if game == "open-tarock"
        else game_replay(browser, tmp_path, game, viewport)
    ) as page:
        for seat in ("all", "0", "1"):
            see_as(page, seat)
            page.locator(".trick.empty").wait_for()
            box = page.locator(".trick.empty").bounding_box()
            rem = page.evaluate("() => parseFloat(getComputedStyle(document.documentElement).fontSize)")
            assert box is not None
            if box["height"] > 3 * rem + 1:
                page.screenshot(path=str(SCREENSHOTS / f"empty-trick-{game}-{width}x{height}-{seat}.png"))
            assert box["height"] <= 3 * rem + 1, (seat, box)


SEAT_STATS = "() => [...document.querySelectorAll('.board .seat .seat-stats')].map((s) => s.textContent)"
"""What the other seats' panels on the board say of their numbers."""

SEAT_PANELS = "() => [...document.querySelectorAll('.board .seat')].map((s) => s.textContent)"
"""What the other seats' panels on the board say: their names, numbers and zones."""


@pytest.mark.parametrize(
    ("game", "counted_by", "count"),
    [
        # (an open tarock seat's cards lie in its stacks: "13 cards in 3 stacks", not "in hand")
        ("open-tarock", ("all", "0", "1"), r"\b[1-9]\d* cards? in [1-9] stacks?"),
        # (a Bezique seat's hand is a zone of its panel, which counts it: "concealed cards: 5 cards";
        # face up, its cards are drawn there)
        ("bezique", ("0", "1"), r"concealed cards: [1-9]\d* cards?"),
        # (a Lansquenet seat holds no hand, its cards lie on the table: nothing to count mid-hand)
        ("lansquenet", (), ""),
    ],
    ids=["open-tarock", "bezique", "lansquenet"],
)
def test_another_seats_empty_hand_goes_unsaid(
    browser: Browser, tmp_path: Path, game: str, counted_by: tuple[str, ...], count: str
) -> None:
    """At an Open Tarock match's end the other seat's panel said "score 3⅓ · 0 cards in hand": a count
    of nothing is noise. It is left out when zero (the server still sends it), and still said while
    the seat holds cards. Seen as each seat and face up, at the end and mid-hand: Open Tarock,
    Bezique and Lansquenet."""
    viewport = {"width": 1280, "height": 720}
    with (
        finished_replay(browser, tmp_path, game, 3, viewport)
        if game == "open-tarock"
        else game_replay(browser, tmp_path, game, viewport)
    ) as page:
        steps = replay_steps(page)
        for seat in ("all", "0", "1"):
            see_as(page, seat)
            replay_step(page, steps)
            stats = page.evaluate(SEAT_STATS)
            assert stats, seat
            assert not any("0 cards in hand" in s for s in stats), (seat, stats)
            replay_step(page, steps // 2)
            stats = page.evaluate(SEAT_STATS)
            assert not any("0 cards in hand" in s for s in stats), (seat, stats)
            if seat not in counted_by:
                continue
            panels = page.evaluate(SEAT_PANELS)
            assert any(re.search(count, s) for s in panels), (seat, panels)


TRICK_DOCK_GAP = """() => {
  const trick = document.querySelector(".board .trick");
  const dock = document.querySelector(".dock");
  if (trick === null || dock === null) return null;
  return dock.getBoundingClientRect().top - trick.getBoundingClientRect().bottom;
}"""
"""How far above the dock's top the trick's box ends (negative: under the dock)."""


def test_a_four_seat_trick_ends_clear_of_the_dock(browser: Browser, tmp_path: Path) -> None:
    """At 1280×720 a Bishops Whist trick's box, which is never shortened, ended at the dock's top, or
    two pixels under it, mid-hand as seen by a seat: the board had given all its boxes could. Its
    cards are then drawn smaller, and the trick ends with a clear gap above the dock. Every step of a
    four-player replay, from two seats."""
    walk = walked(browser, tmp_path, "bishops-whist", {"width": 1280, "height": 720}, seed=21, players=4)
    for seat, step, gap in walk.each("dock_gap"):
        assert gap is not None, (seat, step)
        if gap < 10:
            walk.shoot(browser, tmp_path, seat, step, f"trick-dock-seat{seat}-{step}.png")
        assert gap >= 10, (seat, step, gap)


PANEL_CUT = """() => {
  // the words of each seat's panel drawn past its sides (cut by its edge), or cut short by an ellipsis
  const cut = [];
  for (const seat of document.querySelectorAll(".board .seat, .dock .seat")) {
    const s = seat.getBoundingClientRect();
    const style = getComputedStyle(seat);
    const left = s.left + parseFloat(style.borderLeftWidth);
    const right = s.right - parseFloat(style.borderRightWidth);
    const walker = document.createTreeWalker(seat, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const parent = text.parentElement;
      if (!text.textContent.trim() || !parent.checkVisibility({ visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.some((r) => r.left < left - 0.5 || r.right > right + 0.5)) cut.push(text.textContent.trim());
    }
    for (const node of seat.querySelectorAll("*")) {
      if (node.checkVisibility() && getComputedStyle(node).textOverflow === "ellipsis"
        && node.scrollWidth > node.clientWidth + 0.5) cut.push(`${node.textContent.trim()} (…)`);
    }
  }
  return cut;
}"""
"""The words of the seats' panels drawn past their panel's sides, or cut short by an ellipsis."""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720), (1920, 1080)])
def test_no_words_of_a_seats_panel_are_cut(browser: Browser, tmp_path: Path, width: int, height: int) -> None:
    """On a phone a side seat's partnership tag, "with Bartholomew Higginbottom", ran past its panel's
    edge and was cut there ("with Bartholomew Higginbotto"). No words of a seat's panel lie past its
    sides or end in an ellipsis. Every step of a long-named Bishops Whist replay, from two seats."""
    viewport = {"width": width, "height": height}
    walk = walked(browser, tmp_path, "bishops-whist", viewport, LONG_NAMES, seed=21, players=4)
    for seat, step, cut in walk.each("panel_cut"):
        if cut:
            walk.shoot(browser, tmp_path, seat, step, f"panel-cut-{width}x{height}-seat{seat}-{step}.png")
        assert cut == [], (seat, step, cut)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720), (1920, 1080)])
def test_a_wrapped_seat_tag_hugs_its_words(browser: Browser, tmp_path: Path, width: int, height: int) -> None:
    """A seat's tag that wrapped in its panel ("with Bartholomew / Higginbottom" at a side seat on a
    phone) drew its pill the panel's whole width, well past its words: a wrapped tag is as wide as its
    longest line (and its padding), a pixel or two apart. Every step of a long-named Bishops Whist
    replay, from two seats."""
    viewport = {"width": width, "height": height}
    walk = walked(browser, tmp_path, "bishops-whist", viewport, LONG_NAMES, seed=21, players=4)
    wrapped = 0
    for seat, step, tags in walk.each("seat_tags"):
        wrapped += len(tags)
        wide = [tag for tag in tags if tag["spare"] > 2]
        if wide:
            walk.shoot(browser, tmp_path, seat, step, f"tag-width-{width}x{height}-seat{seat}-{step}.png")
        assert wide == [], (seat, step, wide)
    assert wrapped >= 10, f"only {wrapped} wrapped tags: the test shows little"


EMPTY_BOXES = """() => {
  // every empty zone of the board and the dock ("declared cards: none"), and a hand with no cards: how
  // much taller each is than its words and padding, and whether it is one of the table's zones
  const out = [];
  const empty = [...document.querySelectorAll(".board .zone.empty, .dock .zone.empty, .dock .hand")]
    .filter((zone) => zone.querySelector(".card") === null && zone.checkVisibility());
  for (const zone of empty) {
    const range = document.createRange();
    range.selectNodeContents(zone);
    const words = [...range.getClientRects()].filter((r) => r.width > 0);
    if (!words.length) continue;
    const top = Math.min(...words.map((r) => r.top));
    const bottom = Math.max(...words.map((r) => r.bottom));
    const style = getComputedStyle(zone);
    const frame = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
      + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    const spare = Math.round(zone.getBoundingClientRect().height - (bottom - top) - frame);
    out.push({ text: zone.textContent.trim(), spare, table: zone.closest(".board .table-zones") !== null });
  }
  return out;
}"""
"""Every empty zone of the board and the dock, and a hand with no cards: their text, how much taller
each box is than its words and padding, and whether it is one of the table's zones."""


@pytest.mark.parametrize(
    ("game", "names", "counted"),
    [
        # the table's empty zones: at a Lansquenet deal's start and at its match's end
        ("lansquenet", (), "table"),
        # every empty zone, the seats' and one's own as well as the table's, and an empty hand
        ("bezique", LONG_NAMES[:2], "all"),
        ("roquet", LONG_NAMES[:2], "all"),
    ],
)
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720), (1920, 1080)])
def test_an_empty_zone_is_a_line(
    browser: Browser, tmp_path: Path, game: str, names: tuple[str, ...], counted: str, width: int, height: int
) -> None:
    """At a Lansquenet deal's start and at its match's end, "cards turned, last deal: none" stood in a
    box as tall as the stock's beside it, some 100 pixels of nothing around one line; at a Bezique
    match's end a seat's hand with no cards stood in a box some 60 pixels tall around "no cards",
    beside "declared cards: none". Every empty zone, the seats' and one's own as well as the table's,
    and an empty hand, is a line no taller than its words (and padding), a few pixels apart. Every step
    of a Lansquenet, a Bezique and a Roquet replay, from two seats: at least ten empty zones of those
    ``counted`` (the table's, in Lansquenet, whose seats hold no cards; all of them elsewhere)."""
    walk = walked(browser, tmp_path, game, {"width": width, "height": height}, names)
    empty = 0
    for seat, step, zones in walk.each("empty_boxes"):
        empty += len([zone for zone in zones if counted == "all" or zone["table"]])
        tall = [zone for zone in zones if zone["spare"] > 4]
        if tall:
            walk.shoot(
                browser, tmp_path, seat, step, f"empty-box-{game}-{width}x{height}-seat{seat}-{step}.png"
            )
        assert tall == [], (seat, step, tall)
    assert empty >= 10, f"only {empty} empty zones: the test shows little"


SEAT_ROWS = """() => {
  // the other seats' panels on the board: how many, on how many lines (panels sharing a top share a
  // line), and how tall the part of the board they take above the trick's row is
  const seats = [...document.querySelectorAll(".board .seat")].filter((seat) => seat.checkVisibility());
  const tops = new Set(seats.map((seat) => Math.round(seat.getBoundingClientRect().top)));
  const overlap = [];
  seats.forEach((a, i) => {
    const r = a.getBoundingClientRect();
    for (const b of seats.slice(i + 1)) {
      const q = b.getBoundingClientRect();
      const hit = r.left < q.right - 0.5 && r.right > q.left + 0.5
        && r.top < q.bottom - 0.5 && r.bottom > q.top + 0.5;
      if (hit) {
        overlap.push(`${a.dataset.seat} on ${b.dataset.seat}`);
      }
    }
  });
  const top = Math.min(...seats.map((seat) => seat.getBoundingClientRect().top));
  const bottom = Math.max(...seats.map((seat) => seat.getBoundingClientRect().bottom));
  return { seats: seats.length, lines: tops.size, overlap, height: Math.round(bottom - top) };
}"""
"""The other seats' panels on the board: how many, on how many lines, those on another, and the height
from the first one's top to the last one's bottom."""


def test_many_seats_on_a_phone_go_two_a_line(browser: Browser, tmp_path: Path) -> None:
    """On a phone a ten-player Lansquenet table stacked its other seats one a line ("heuristic 4
    player score 100 · chips 100"), nine panels some 250 pixels tall before the table's cards: two
    go on a line, each wrapping in its half, on no more lines than half the seats (and the sides'
    row), none on another, no words cut. Every step of a ten-player Lansquenet replay from two seats."""
    walk = walked(browser, tmp_path, "lansquenet", PHONE)
    for seat, step, rows in walk.each("seat_rows"):
        cut = walk.read(seat, step, "panel_cut")
        crowded = rows["lines"] > (rows["seats"] + 1) // 2 + 1
        if crowded or rows["overlap"] or cut:
            walk.shoot(browser, tmp_path, seat, step, f"seat-rows-seat{seat}-{step}.png")
        assert not crowded, (seat, step, rows)
        assert rows["overlap"] == [], (seat, step, rows)
        assert cut == [], (seat, step, cut)


LAST_TRICK_GONE = """() => {
  // a last trick to show (its button) but no card drawn in the trick's box, nor a trick in play
  const button = document.querySelector(".trick-head .last-trick");
  const cards = document.querySelectorAll(".trick .trick-card").length;
  return {
    // (at the match's end the empty trick is drawn short: the empty-trick test)
    gone: button !== null && button.getAttribute("aria-pressed") === "false" && cards === 0
      && document.querySelector(".banner.outcome") === null,
    faded: document.querySelector(".trick.faded .trick-card") !== null,
    fitted: document.querySelector(".board.fitted") !== null,
  };
}"""
"""Whether the trick just won is gone from the table (no card in the trick's box though there is a last
trick to show), whether a faded last trick is drawn, and whether the board is fitted."""


@pytest.mark.parametrize("game", ["bezique", "roquet"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720), (1920, 1080)])
def test_the_trick_just_won_stays_while_its_winner_melds(
    browser: Browser, tmp_path: Path, game: str, width: int, height: int
) -> None:
    """In Bezique and Roquet the trick just won disappeared while its winner declared or melded, and
    came back, faded, at the next lead: it stays on the table, faded, from the moment it is won, but
    on a board fitted to the window, short of room, it gives way before one's melds do (the melds
    test: their first two rows). Every step of a Bezique and a Roquet replay, from two seats."""
    walk = walked(browser, tmp_path, game, {"width": width, "height": height})
    faded = 0
    for seat, step, last in walk.each("last_trick_gone"):
        faded += last["faded"]
        if last["gone"] and not last["fitted"]:
            walk.shoot(
                browser, tmp_path, seat, step, f"trick-gone-{game}-{width}x{height}-seat{seat}-{step}.png"
            )
        assert not (last["gone"] and not last["fitted"]), (seat, step, last)
    assert faded >= 5, f"only {faded} steps with a faded last trick: the test shows little"


GAVE_WAY = """() => {
  // the trick's box where a last trick may be shown (its button, not pressed) and no trick is in play
  // but for the match's end: empty (the faded last trick gave way), or that trick's cards, drawn small
  const trick = document.querySelector(".trick");
  const button = document.querySelector(".trick-head .last-trick");
  if (trick === null || button === null || button.getAttribute("aria-pressed") !== "false"
    || document.querySelector(".banner.outcome") !== null) return null;
  const box = trick.getBoundingClientRect();
  const cards = [...trick.querySelectorAll(".trick-card .card")];
  const outside = cards.filter((card) => {
    const r = card.getBoundingClientRect();
    return r.left < box.left - 0.5 || r.right > box.right + 0.5
      || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
  }).length;
  return {
    empty: trick.classList.contains("empty"),
    given: trick.classList.contains("given"),
    cards: cards.length,
    outside,
    label: trick.getAttribute("aria-label") || "",
    button: button.checkVisibility(),
  };
}"""
"""The trick's box while a last trick may be shown and no trick is in play: whether it is empty, or the
last trick given way (its cards small), with how many cards, how many outside the box, its accessible
name and whether its button is in sight; None where a trick is in play or shown, or the match is over."""


# (at 1280×720 the faded trick no longer gives way on this walk, its cards drawn small, side by side:
# a laptop's window less its browser's bars, 1280×600, is where it still does, beside a phone's with
# its browser's bars and the address bar shown, 390×700: at 390×844 it gives way at none since the
# situation line said the hand and trumps once (web-7), and at 390×760 at 3 steps only since the
# situation lines grew shorter (situ-1, with web-8: 7 at 390×700, 6 at 390×667 and 375×667)
@pytest.mark.parametrize(("width", "height"), [(390, 700), (1280, 600)])
def test_a_trick_that_gave_way_still_shows_its_cards(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """A faded last trick that gave way on a board short of room left an empty box, with nothing in it
    but its button: it keeps its cards, small, in the short box of an empty trick, its button in sight
    to show it whole, its players named in its accessible name. Every step of a long-named Roquet
    replay, from two seats (at 390×700 and 1280×600 the trick, widened for "Featherstonehaugh", gives
    way to the livret and the turn-up)."""
    viewport = {"width": width, "height": height}
    with game_replay(browser, tmp_path, "roquet", viewport, LONG_NAMES[1:]) as page:
        steps = replay_steps(page)
        given = 0
        for seat, step in each_step_from_both_seats(page, steps):
            trick = page.evaluate(GAVE_WAY)
            if trick is None:
                continue
            if trick["empty"]:
                page.screenshot(
                    path=str(SCREENSHOTS / f"trick-gave-way-{width}x{height}-seat{seat}-{step}.png")
                )
            assert not trick["empty"], (seat, step, trick)
            if trick["given"]:
                given += 1
                assert trick["cards"] == 2, (seat, step, trick)
                assert trick["outside"] == 0, (seat, step, trick)
                assert trick["button"], (seat, step, trick)
                assert all(name in trick["label"] for name in LONG_NAMES[1:]), (seat, step, trick)
        assert given >= 5, f"only {given} steps with a trick given way: the test shows little"


@pytest.mark.parametrize(
    ("game", "width", "height", "names"),
    [
        # (a phone with its browser's bars: at 390×844 Bezique's draws small at a step since web-7)
        ("bezique", 390, 760, LONG_NAMES[:2]),
        ("bezique", 1280, 720, LONG_NAMES[:2]),
        # "Featherstonehaugh", the longest word, split in half of the box on a window of any size
        ("bezique", 1920, 1080, LONG_NAMES[1:]),
        ("roquet", 390, 844, LONG_NAMES[1:]),
        ("roquet", 1280, 720, LONG_NAMES[1:]),
    ],
)
def test_a_two_seat_tricks_long_names_keep_to_its_box(
    browser: Browser, tmp_path: Path, game: str, width: int, height: int, names: tuple[str, ...]
) -> None:
    """On a phone, a Bezique trick of two long-named players ("Wilhelmina Fairweather (led) ✓ won",
    broken mid-word over four lines in half of a narrow box) ran its card and caption past the box's
    top, over the trick's heading and its button: the box is as tall as its captions need, and wider
    on a board with room. Every step with cards in the trick (the faded last trick too), from two
    seats: no card or caption outside the box or on another's, no name cut, no word of a name split
    over two lines (a faded last trick squeezed beside the talon on a phone drew "Bartholo / mew /
    Higginbo / ttom"; "Featherstonehaug / h" at 1920×1080, and in Roquet at 1280×720)."""
    walk = walked(browser, tmp_path, game, {"width": width, "height": height}, names)
    shown = 0
    for seat, step, _ in walk.each("parts"):
        parts = walk.trick_parts(
            browser, tmp_path, seat, step, f"trick-parts-{game}-{width}x{height}-seat{seat}-{step}"
        )
        if parts is None or not parts["cards"]:
            continue
        shown += 1
        assert parts["over"] == [], (seat, step, parts)
        assert parts["cut"] == [], (seat, step, parts)
        assert parts["broken"] == [], (seat, step, parts)
    assert shown >= 10, f"only {shown} steps with cards in the trick: the test shows little"


TRICK_DRAWN = """() => {
  // the trick as drawn: whether it gave way, its cards, its captions, its heading, names and size
  const area = document.querySelector(".board .trick-area");
  if (area === null) return null;
  const trick = area.querySelector(".trick");
  const box = trick.getBoundingClientRect();
  return {
    given: trick.classList.contains("given"),
    classes: [...trick.classList].sort().join(" "),
    cards: [...trick.querySelectorAll(".trick-card .card img")].map((img) => img.alt),
    captions: [...trick.querySelectorAll(".trick-card figcaption")].map((caption) => caption.textContent),
    heading: area.querySelector(".trick-head").textContent,
    label: trick.getAttribute("aria-label"),
    title: trick.getAttribute("title"),
    group: area.getAttribute("aria-label"),
    size: [Math.round(box.width), Math.round(box.height)],
  };
}"""
"""The trick as drawn: whether it gave way, its classes, its cards and captions, its heading, its
accessible names and title, and its box's size."""


TABLE_DOM = """() => {
  // the table's elements and words, each element's attributes in order of name (an empty style, left
  // by a box fitted and then let be, is none)
  const shape = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.data);
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const attributes = [...node.attributes]
      .filter((a) => !(a.name === "style" && a.value.trim() === ""))
      .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
      .sort();
    const inside = [...node.childNodes].map(shape).filter(Boolean);
    return `<${node.localName} ${attributes.join(" ")}>${inside.join("")}</${node.localName}>`;
  };
  return shape(document.getElementById("table"));
}"""
"""The table's DOM as a string: its elements with their attributes in order of name, and its words."""


@contextlib.contextmanager
def replay_opened_at(
    browser: Browser, url: str, seat: str, step: int, viewport: dict[str, int]
) -> Iterator[Page]:
    """A replay's page opened afresh in a window of ``viewport``, seen as ``seat``, at ``step``."""
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(url)
        page.locator("#step-text", has_text=re.compile(r"^step 0 of [1-9]")).wait_for()
        see_as(page, seat)
        replay_step(page, step)
        yield page


def resized(page: Page, viewport: dict[str, int]) -> None:
    """The page's window set to ``viewport``, once the page has fitted its table to it (on "resize",
    with the next frame)."""
    page.set_viewport_size(viewport)  # type: ignore[arg-type]
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_a_trick_that_gave_way_comes_back_when_the_window_widens(browser: Browser, tmp_path: Path) -> None:
    """A faded last trick that gave way in a narrow window (its cards small in a short box) stayed so
    when the window was widened, until the next redraw: the resize only fitted the boxes again. After a
    resize the table is drawn as a page opened at the new size draws it (the same elements, attributes
    and words): the trick comes back where there is room, its captions whole, and gives way again when
    the window narrows. The first step of a long-named Roquet replay, seen from a seat, whose trick
    gives way at 390×700 (a phone with its browser's bars and its address bar: at 390×844 none gives way
    since web-7, at 390×760 none since situ-2, where the meld's situation line "... won the trick and may
    meld" became "... won the trick"), and the first whose trick names its players by their first names
    there (they take the whole names back), each widened to 1280×720 and 1920×1080, then narrowed back."""
    with game_replay(browser, tmp_path, "roquet", PHONE_ADDRESS_BAR, LONG_NAMES[1:]) as page:
        steps = replay_steps(page)
        seat = "0"
        see_as(page, seat)
        # the first step whose trick gives way, and the first whose captions have no whole name
        chosen: dict[str, int] = {}
        for step in range(steps + 1):
            replay_step(page, step)
            trick = page.evaluate(TRICK_DRAWN)
            if trick is None:
                continue
            if trick["given"]:
                chosen.setdefault("given", step)
            elif trick["captions"] and not any(name in "".join(trick["captions"]) for name in LONG_NAMES):
                chosen.setdefault("first names", step)
            if len(chosen) == 2:
                break
        assert "given" in chosen, f"no step's trick gave way at 390×700: the test shows nothing ({chosen})"
        url = page.url.split("#")[0]
        for step in chosen.values():
            replay_step(page, step)
            narrow = page.evaluate(TRICK_DRAWN)
            back = 0
            for size in ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080}, PHONE_ADDRESS_BAR):
                resized(page, size)
                drawn = page.evaluate(TRICK_DRAWN)
                parts = page.evaluate(TRICK_PARTS)
                dom = page.evaluate(TABLE_DOM)
                with replay_opened_at(browser, url, seat, step, size) as fresh:
                    opened = fresh.evaluate(TRICK_DRAWN)
                    opened_dom = fresh.evaluate(TABLE_DOM)
                back += drawn["given"] != narrow["given"] or drawn["captions"] != narrow["captions"]
                if drawn != opened:
                    name = f"trick-resized-{size['width']}x{size['height']}-{step}.png"
                    page.screenshot(path=str(SCREENSHOTS / name))
                assert drawn == opened, (size, step, drawn, opened)
                # (and every other box of the table fitted as on the page opened at that size)
                assert dom == opened_dom, (size, step)
                assert (parts["over"], parts["cut"], parts["broken"]) == ([], [], []), (size, step, parts)
            assert drawn == narrow, (step, drawn, narrow)
            assert back > 0, f"the trick of step {step} is drawn alike at every size: the test shows little"


FIRST_NAMES = """() => {
  // a faded last trick drawn with its captions (not given way): its players' names, its title and name
  const trick = document.querySelector(".board .trick.faded:not(.given)");
  if (trick === null) return null;
  return {
    names: [...trick.querySelectorAll(".trick-card figcaption .who")].map((who) => who.textContent),
    label: trick.getAttribute("aria-label") || "",
    title: trick.getAttribute("title") || "",
  };
}"""
"""A faded last trick drawn whole (not given way): the names in its captions, its accessible name and
its title; None where there is none."""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720)])
def test_a_faded_trick_names_its_players_by_their_first_names_before_it_gives_way(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """With long names ("Anastasia Featherstonehaugh") a faded Roquet trick gave way at 61 of a phone's
    102 steps (32 at 1280×720), its captions' long words widening it past the room the table's zones
    beside it needed: before it gives way its captions name the players by their first names, their
    whole names kept in its title and accessible name. Every step of a long-named Roquet replay, from
    two seats: each faded trick drawn with its captions names its players wholly or by their first
    names (both alike), by first names with the whole names in its title and name, no caption cut,
    split or overlapping; and some steps draw the first names."""
    firsts = [name.split()[0] for name in LONG_NAMES[1:]]
    walk = walked(browser, tmp_path, "roquet", {"width": width, "height": height}, LONG_NAMES[1:])
    first = 0
    for seat, step, trick in walk.faded_tricks_whole(
        "first_names", browser, tmp_path, f"first-names-{width}x{height}"
    ):
        names = [re.sub(r" \(led\)$", "", name) for name in trick["names"]]
        by_first = all(name in firsts for name in names)
        assert by_first or all(name in LONG_NAMES[1:] for name in names), (seat, step, trick)
        if by_first:
            first += 1
            for whole in LONG_NAMES[1:]:
                assert whole in trick["label"] and whole in trick["title"], (seat, step, trick)
    assert first >= 5, f"only {first} steps drew a faded trick's first names: the test shows little"


STACKED = """() => {
  // a faded last trick drawn with its captions (not given way): where each card and its caption lie
  const trick = document.querySelector(".board .trick.faded:not(.given)");
  if (trick === null) return null;
  const rect = (node) => {
    const r = node.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  };
  // (a caption's lines: the tops of its words' drawn boxes)
  const lines = (caption) => {
    const tops = new Set();
    const walker = document.createTreeWalker(caption, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size;
  };
  return {
    cards: [...trick.querySelectorAll(".trick-card")].map((figure) => ({
      other: figure.classList.contains("from-top"),
      card: rect(figure.querySelector(".card")),
      caption: rect(figure.querySelector("figcaption")),
      lines: lines(figure.querySelector("figcaption")),
    })),
    names: [...trick.querySelectorAll(".trick-card figcaption .who")].map((who) => who.textContent),
    label: trick.getAttribute("aria-label") || "",
  };
}"""
"""A faded last trick drawn whole (not given way): each card's and its caption's box, its caption's
lines, whether it is the other seat's card (drawn toward the top), the names in its captions and its
accessible name; None where there is none."""


def test_a_faded_trick_puts_its_cards_one_above_the_other_before_it_gives_way(
    browser: Browser, tmp_path: Path
) -> None:
    """On a phone a faded Roquet trick of long-named players gave way at 49 of 102 steps even with their
    first names: "Bartholomew" split in half of its narrow box beside the livret, and the box widened
    for it scrolled the table's zones out of sight. Before it gives way its cards go one above the
    other, the other seat's on top as its seat is, each caption beside its card, where it has the box
    less a card rather than half the box, in two short lines ("Bartholomew / (led) ✓ won", where
    "(led)" took a line of its own). Every step of a long-named Roquet replay at 390×844, from two
    seats: each faded trick drawn with its captions has its cards side by side, or one above the other
    with the other seat's on top and each caption beside its card, level with it and on two lines at
    most; no caption cut, split, overlapping or outside the box; names by first names keep the whole
    names in its accessible name; and some steps draw its cards one above the other (before: none)."""
    walk = walked(browser, tmp_path, "roquet", PHONE, LONG_NAMES[1:])
    stacked = 0
    for seat, step, trick in walk.faded_tricks_whole("stacked", browser, tmp_path, "stacked"):
        assert len(trick["cards"]) == 2, (seat, step, trick)
        top, bottom = sorted(trick["cards"], key=lambda c: c["card"]["top"])
        if top["card"]["bottom"] > bottom["card"]["top"] + 0.5:
            continue  # side by side
        stacked += 1
        assert top["other"] and not bottom["other"], (seat, step, trick)
        for c in trick["cards"]:
            card, caption = c["card"], c["caption"]
            middle = (caption["top"] + caption["bottom"]) / 2
            assert caption["left"] >= card["right"] - 0.5, (seat, step, trick)
            assert card["top"] <= middle <= card["bottom"], (seat, step, trick)
            assert c["lines"] <= 2, (seat, step, trick)
        if not any(name.startswith(whole) for name in trick["names"] for whole in LONG_NAMES[1:]):
            assert all(whole in trick["label"] for whole in LONG_NAMES[1:]), (seat, step, trick)
    assert stacked >= 5, f"only {stacked} steps drew a faded trick's cards one above the other"


SIDE_BY_SIDE = """() => {
  // a faded last trick drawn with its captions (not given way): whether its cards are drawn small, and
  // where each card and its caption lie
  const trick = document.querySelector(".board .trick.faded:not(.given)");
  if (trick === null) return null;
  const rect = (node) => {
    const r = node.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  };
  return {
    small: trick.classList.contains("small"),
    cards: [...trick.querySelectorAll(".trick-card")].map((figure) => ({
      card: rect(figure.querySelector(".card")),
      caption: rect(figure.querySelector("figcaption")),
    })),
    names: [...trick.querySelectorAll(".trick-card figcaption .who")].map((who) => who.textContent),
    label: trick.getAttribute("aria-label") || "",
  };
}"""
"""A faded last trick drawn whole (not given way): whether its cards are drawn small, each card's and
its caption's box, the names in its captions and its accessible name; None where there is none."""


@pytest.mark.parametrize(
    ("game", "width", "height", "names"),
    [
        ("roquet", 390, 844, LONG_NAMES[1:]),
        # (at 1280×720 Roquet's faded trick stands whole at every step since it no longer has the "Last
        # trick" button beside its heading, which drew it small at 13 of 66 there; at 1280×640 it draws
        # small at 11)
        ("roquet", 1280, 640, LONG_NAMES[1:]),
        # (a phone with its browser's bars: at 390×844 Bezique's draws small at a step since web-7)
        ("bezique", 390, 760, LONG_NAMES[:2]),
        # a small laptop's or a tablet's window held sideways (before: every faded trick gave way there;
        # Bezique's there stand whole but at a few steps, test_a_faded_trick_stands_in_a_short_window...)
        ("roquet", 1024, 600, LONG_NAMES[1:]),
    ],
)
def test_a_faded_trick_draws_its_cards_small_side_by_side_before_it_gives_way(
    browser: Browser, tmp_path: Path, game: str, width: int, height: int, names: tuple[str, ...]
) -> None:
    """With long names a faded trick still gave way, its captions gone, on crowded boards: 27 of the
    long-named Roquet replay's 102 steps from two seats at 390×844 and 21 at 1280×720, 7 of Bezique's
    142 at 390×844, first names and cards one above the other tried. Before it gives way its cards are
    drawn small, side by side, each caption under its card, the box as wide as its captions' longest
    words need. Every step of the replay from two seats: each faded trick drawn with its captions has
    no caption cut, split, overlapping or outside the box; drawn small, its cards lie side by side (level,
    apart), each caption under its own card and centred on it, and names by first names keep the whole
    names in its accessible name; and some steps draw it so (before: none)."""
    walk = walked(browser, tmp_path, game, {"width": width, "height": height}, names)
    small = 0
    shot = f"small-{game}-{width}x{height}"
    for seat, step, trick in walk.faded_tricks_whole("side_by_side", browser, tmp_path, shot):
        if not trick["small"]:
            continue
        small += 1
        cards = sorted(trick["cards"], key=lambda c: c["card"]["left"])
        assert len(cards) >= 2, (seat, step, trick)
        for one, next_one in itertools.pairwise(cards):
            assert abs(one["card"]["top"] - next_one["card"]["top"]) <= 1, (seat, step, trick)
            assert one["card"]["right"] <= next_one["card"]["left"] + 0.5, (seat, step, trick)
            assert one["caption"]["right"] <= next_one["caption"]["left"] + 0.5, (seat, step, trick)
        for c in cards:
            card, caption = c["card"], c["caption"]
            assert caption["top"] >= card["bottom"] - 0.5, (seat, step, trick)
            middle = (caption["left"] + caption["right"]) / 2
            assert abs(middle - (card["left"] + card["right"]) / 2) <= 1, (seat, step, trick)
        if not any(name.startswith(whole) for name in trick["names"] for whole in names):
            assert all(whole in trick["label"] for whole in names), (seat, step, trick)
    assert small >= 5, f"only {small} steps drew a faded trick's cards small, side by side"


FADED_GIVEN = """() => {
  const trick = document.querySelector(".board .trick.faded");
  return trick === null ? null : trick.classList.contains("given");
}"""
"""Whether the faded last trick gave way; None where there is none."""

SHORT_FRAME = """() => {
  const rows = new Set([...document.querySelectorAll("#controls > :not(.visually-hidden)")]
    .filter((node) => node.getBoundingClientRect().height > 0)
    .map((node) => Math.round(node.getBoundingClientRect().top + node.getBoundingClientRect().height / 2)));
  const table = document.querySelector("#table").getBoundingClientRect();
  const log = document.querySelector(".sidebar").getBoundingClientRect();
  return { controlRows: rows.size, logBelow: log.top >= table.bottom - 1, tableWidth: table.width };
}"""
"""The replay's frame: on how many rows its controls lie, whether the log lies below the table."""


# (the long-named Roquet walk at 1024×600 still gives way at 36 of its 66 faded tricks, four-seat Bishops
# Whist at 15 of 24: 66 and 24 before; the test above checks Roquet's small cards there)
def test_a_faded_trick_stands_in_a_short_window_as_on_a_laptop(browser: Browser, tmp_path: Path) -> None:
    """At 1024×600 (a small laptop, a tablet held sideways) every faded trick of the long-named Bezique
    replay gave way (74 of 74 steps from two seats), none at 1280×720: the replay's seat menu wrapped
    onto a row of its own, and the log beside the table left it two lines for its situation and its
    prompt. A short window gives the table its whole width, the log below it, and its controls keep to
    one row. Every step from two seats: no faded trick gives way, none is cut, split or overlapping (as
    Walk.faded_tricks_whole checks), and the walk has faded tricks to show it."""
    game = "bezique"
    walk = walked(browser, tmp_path, game, {"width": 1024, "height": 600}, LONG_NAMES[:2])
    frame = walk.first("short_frame")
    assert frame["controlRows"] == 1 and frame["logBelow"], frame
    faded, given = walk.faded_steps(browser, tmp_path, f"short-{game}")
    assert given == [], f"{len(given)} of {faded} faded tricks gave way at 1024x600: {given}"
    assert faded >= 10, faded


MELDS_CUT_FOR_NOTHING = """() => {
  // one's melds beside the hand (the dock's melds-scroll), shortened: would their next row have fitted?
  const dock = document.querySelector(".dock.melds-scroll");
  const board = document.querySelector(".board");
  const box = dock?.querySelector(".my-zones");
  if (!box || !box.style.maxHeight || box.scrollHeight <= box.clientHeight + 1) return null;
  const top = box.getBoundingClientRect().top - box.scrollTop;
  const bottoms = [...box.children].map((zone) => Math.ceil(zone.getBoundingClientRect().bottom - top));
  const ends = [...new Set(bottoms)].sort((a, b) => a - b);
  const next = ends.find((end) => end > box.clientHeight + 1);
  const kept = box.style.maxHeight;
  box.style.maxHeight = `${next}px`;
  const boardTop = board.getBoundingClientRect().top + window.scrollY;
  const budget = Math.max(innerHeight - boardTop, innerHeight * 0.55) - 6;
  const gap = parseFloat(getComputedStyle(dock).marginTop) || 0;
  const dockHeight = dock.getBoundingClientRect().height;
  // (and the dock keeps to half the window)
  const over = board.getBoundingClientRect().height + gap + dockHeight - budget;
  const excess = Math.max(over, dockHeight - innerHeight / 2);
  box.style.maxHeight = kept;
  return { excess, shown: box.clientHeight, next };
}"""
"""Where one's melds, beside the hand, are shortened: how far the board and the dock would run past the
window below the board's top (render.js fitBoxes' budget), or the dock past half the window, with
their next row in sight as well; None where they are not shortened."""


@pytest.mark.parametrize(("width", "height"), [(1024, 600), (1280, 720)])
def test_ones_melds_beside_the_hand_keep_the_rows_there_is_room_for(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """One's melds shortened while the hand left them part of the dock's width kept that height once
    they had the width the hand does not need (and fewer rows): at 1024×600 a long-named Roquet seat's
    melds showed one row of two with room to spare for the other, and the faded trick gave way for
    that row. Every step of the replay from two seats: melds beside the hand that scroll would not have
    fitted with their next row in sight, and some steps shorten them."""
    with game_replay(browser, tmp_path, "roquet", {"width": width, "height": height}, LONG_NAMES[1:]) as page:
        shortened = 0
        for seat, step in each_step_from_both_seats(page, replay_steps(page)):
            melds = page.evaluate(MELDS_CUT_FOR_NOTHING)
            if melds is None:
                continue
            shortened += 1
            if melds["excess"] <= 0:
                page.screenshot(path=str(SCREENSHOTS / f"melds-cut-{width}x{height}-seat{seat}-{step}.png"))
            assert melds["excess"] > 0, (seat, step, melds)
        assert shortened >= 5, shortened


LAPTOP = {"width": 1280, "height": 720}
PHONE_ADDRESS_BAR = {"width": 390, "height": 700}
"""A phone's window with its browser's bars and its address bar showing."""

KEYBOARD = {"width": 390, "height": 500}
"""A phone's window with its keyboard open."""

YOUR_MOVE = (
    f"() => document.querySelector('{MY_TURN}') !== null && document.querySelector('{CLICKABLE}') !== null"
)
"""Whether it is this page's seat's turn, not yet acted on (its cards and buttons enabled)."""

SAME_BOARD = "() => document.querySelector('#table .board') === window.__board"
"""Whether the table's board is the one marked (``window.__board``): not drawn again since."""


def size_name(size: dict[str, int]) -> str:
    return f"{size['width']}x{size['height']}"


def typing_name(size: dict[str, int]) -> str:
    """The name of a window of ``size`` whose move box has the focus (opened_afresh)."""
    return f"{size_name(size)} typing"


def opened_afresh(
    browser: Browser,
    page: Page,
    link: str,
    sizes: list[dict[str, int]],
    typing: tuple[dict[str, int], ...] = (),
) -> dict[str, str]:
    """The table's DOM as the seat's own link opened afresh in a window of each size draws it, at the
    seat's turn, by size's name; in a window of a size in ``typing``, once its move box has the focus (a
    person typing there: ``typing_name``). The pages' coming and going are announced to ``page``, at the
    same seat, which draws its table again: that is waited for, each time."""
    opened: dict[str, str] = {}
    for size in sizes:
        with context(browser, size) as other:
            fresh, _ = open_seat(other, link)
            fresh.wait_for_function(YOUR_MOVE)
            if size in typing:
                fresh.focus("#type-action")
            opened[typing_name(size) if size in typing else size_name(size)] = fresh.evaluate(TABLE_DOM)
            page.evaluate("window.__board = document.querySelector('#table .board')")
        page.wait_for_function(f"() => !({SAME_BOARD})()")
    page.wait_for_function(YOUR_MOVE)
    return opened


def send_and_wait_for_the_next_turn(page: Page, frames: Any, rest: str, logged: int) -> None:
    """Type the ``rest`` of a move and send it: the server takes it (a new log line, no error); then
    wait while the others play until it is this seat's turn again."""
    page.keyboard.type(rest)
    page.keyboard.press("Enter")
    page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=logged)
    assert frames.errors() == [], frames.errors()
    assert page.locator("#notice.error span").count() == 0, page.inner_text("#notice")
    deadline = time.monotonic() + 60
    while not page.evaluate(YOUR_MOVE):
        assert time.monotonic() < deadline, "no next turn for this seat within 60 s"
        assert not match_over(page), "the match ended before this seat's next turn"
        page.wait_for_timeout(25)


def test_a_live_table_resized_while_play_goes_on(browser: Browser, tmp_path: Path) -> None:
    """Every resize test walked a replay. A live table, a person seated with a computer player (long
    names), resized while play goes on. At its turn to meld after a trick it won (the faded trick on
    the table), the person types half a move, and the window goes from 1280×720 to 390×844, to
    390×500 and back (a phone's keyboard opening and closing), to 1280×720 and to 390×844 again: at
    each size the table is laid out as the seat's page opened afresh at that size lays it out (the same
    elements, attributes and words; at 390×500 one whose move box has the focus, as the person's has,
    the dock laid out for typing), by the resize alone (not drawn again), no word of the trick's
    captions split; the move box keeps what was typed and the keyboard's focus. The move, finished
    and sent on the phone, is accepted (a new state, a line in the log, no error); at the seat's next
    turn, drawn in the phone's window, the table is as a page opened there draws it, and widened to
    1280×720 as one opened there."""
    seats = [{**HUMAN, "name": LONG_NAMES[1]}, {**COMPUTER, "name": LONG_NAMES[2]}]
    with serving(tmp_path) as server:
        table = create_table(server, "roquet", seats, seed=5)
        link = seat_link(server, table, 0)
        with context(browser, LAPTOP) as ctx:
            page, frames = open_seat(ctx, link)
            rng = random.Random(2)
            act_until(page, rng, WON_BY_YOU, "a trick won by this seat")
            opened = opened_afresh(browser, page, link, [LAPTOP, PHONE, KEYBOARD], typing=(KEYBOARD,))
            move = page.eval_on_selector("#legal-actions option", "option => option.value")
            version = frames.last_state()["version"]
            logged = page.locator("#log li").count()
            page.click("#type-action")
            typed = move[: max(1, len(move) // 2)]
            page.keyboard.type(typed)
            page.evaluate("window.__board = document.querySelector('#table .board')")
            for size in (PHONE, KEYBOARD, PHONE, LAPTOP, PHONE):
                resized(page, size)
                # (a window as short as a phone's with its keyboard open is laid out for the typing)
                name = typing_name(size) if size == KEYBOARD else size_name(size)
                page.screenshot(path=str(SCREENSHOTS / f"live-resized-{name.replace(' ', '-')}.png"))
                assert page.evaluate(SAME_BOARD), f"the table was drawn again at {name}"
                assert page.input_value("#type-action") == typed, name
                assert page.evaluate("document.activeElement?.id") == "type-action", name
                assert page.evaluate(TABLE_DOM) == opened[name], name
                assert page.evaluate(TRICK_PARTS)["broken"] == [], name
            # the move sent; play goes on, in the phone's window, to the seat's next turn
            send_and_wait_for_the_next_turn(page, frames, move[len(typed) :], logged)
            assert frames.last_state()["version"] > version
            drawn = page.evaluate(TABLE_DOM)
            opened = opened_afresh(browser, page, link, [PHONE, LAPTOP])
            assert drawn == opened[size_name(PHONE)]
            page.evaluate("window.__board = document.querySelector('#table .board')")
            resized(page, LAPTOP)
            page.screenshot(path=str(SCREENSHOTS / "live-resized-next-turn-1280x720.png"))
            assert page.evaluate(SAME_BOARD), "the table was drawn again at 1280x720"
            assert page.evaluate(TABLE_DOM) == opened[size_name(LAPTOP)]


IN_SIGHT_TYPING = """() => {
  // what a person typing a move must see: the trick's area, the other seats' names, the prompt and the
  // box to type, each wholly in the window, and none but the prompt and the box under the dock (the
  // element drawn at points inside each is the part's own); the dock's hand on one line or not
  const dock = document.querySelector(".dock");
  const inWindow = (r) => r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5
    && r.left >= -0.5 && r.right <= innerWidth + 0.5;
  const hidden = (node) => {
    const r = node.getBoundingClientRect();
    const at = [[0.1, 0.1], [0.9, 0.1], [0.5, 0.5], [0.1, 0.9], [0.9, 0.9]]
      .map(([x, y]) => document.elementFromPoint(r.left + x * r.width, r.top + y * r.height));
    return !inWindow(r) || at.some((hit) => hit === null || !(node === hit || node.contains(hit)));
  };
  const parts = {
    trick: document.querySelector(".board .trick-area"),
    prompt: dock.querySelector("h2.prompt"),
    box: document.getElementById("type-action"),
  };
  document.querySelectorAll(".board .seat .seat-head").forEach((head, i) => (parts[`seat ${i}`] = head));
  // (a row of the hand's cards: those beside the first of it, a card that may be played raised a little)
  const cards = [...dock.querySelectorAll(".hand .in-hand")].map((card) => card.getBoundingClientRect());
  let rows = 0;
  let bottom = -Infinity;
  for (const card of cards.sort((a, b) => a.top - b.top)) {
    if (card.top < bottom - 1) continue;
    rows += 1;
    bottom = card.bottom;
  }
  return {
    hidden: Object.entries(parts).filter(([, node]) => node === null || hidden(node)).map(([name]) => name),
    typing: dock.classList.contains("typing"),
    rows,
  };
}"""
"""What a person typing a move sees: the names of the trick's area, the other seats' names, the prompt
and the move box not wholly in the window or covered (by the dock); whether the dock is laid out for
typing; the rows of its hand's cards."""


@pytest.mark.parametrize(
    ("game", "seats", "seed", "won"),
    [
        ("roquet", [{**HUMAN, "name": LONG_NAMES[1]}, {**COMPUTER, "name": LONG_NAMES[2]}], 5, True),
        # (at the seat's first turn, a trick in play: later, a trick it won could be the match's last)
        (
            "bishops-whist",
            [
                {**HUMAN, "name": LONG_NAMES[0]},
                *({**COMPUTER, "name": name} for name in LONG_NAMES[1:]),
                COMPUTER,
            ],
            7,
            False,
        ),
    ],
)
def test_a_phone_with_its_keyboard_open_keeps_the_trick_in_sight(
    browser: Browser, tmp_path: Path, game: str, seats: list[dict[str, Any]], seed: int, won: bool
) -> None:
    """On a phone (390×844) a person taps the move box, and the keyboard leaves a window of 390×500: the
    dock (the seat, its melds, its hand in two rows, the prompt and the box) covered most of the board,
    the trick and the other seats out of sight while the person typed. A live table, a person with
    computer players (long names), two seats and four: at the person's turn (in Roquet after a trick
    it won: the faded trick on the board, its melds in the dock), the box focused and half a
    move typed, the window shrinks to 390×500: the trick's area, the other seats' names, the prompt and
    the box are in the window and not covered, the dock's hand on one line, the table laid out as a page
    opened afresh there and focused lays it out, by the resize alone (not drawn again), what was typed
    and the focus kept. Grown back while still focused it is laid out as a page opened at 390×844 (the
    hand back, the page at its top); shrunk again, the move finished and sent is accepted. At the next
    turn, the person typing again, all is in sight again; the box left and the window grown back, the
    table is laid out as a page opened afresh at 390×844, not drawn again, at its top."""
    with serving(tmp_path) as server:
        table = create_table(server, game, seats, seed=seed)
        link = seat_link(server, table, 0)
        with context(browser, PHONE) as ctx:
            page, frames = open_seat(ctx, link)
            # (where told, after a trick the seat won: the faded trick on the board, its melds in the dock)
            rng = random.Random(2)
            if won:
                act_until(page, rng, WON_BY_YOU, "a trick won by this seat")
            else:
                act_until(page, rng, YOUR_MOVE, "this seat's turn")
            opened = opened_afresh(browser, page, link, [PHONE, KEYBOARD], typing=(KEYBOARD,))
            move = page.eval_on_selector("#legal-actions option", "option => option.value")
            logged = page.locator("#log li").count()
            page.click("#type-action")
            typed = move[: max(1, len(move) // 2)]
            page.keyboard.type(typed)
            page.evaluate("window.__board = document.querySelector('#table .board')")
            for size in (KEYBOARD, PHONE, KEYBOARD):
                resized(page, size)
                typing = size == KEYBOARD
                name = typing_name(size) if typing else size_name(size)
                page.screenshot(path=str(SCREENSHOTS / f"keyboard-{game}-{name.replace(' ', '-')}.png"))
                assert page.evaluate(SAME_BOARD), f"the table was drawn again at {name}"
                assert page.input_value("#type-action") == typed, name
                assert page.evaluate("document.activeElement?.id") == "type-action", name
                assert page.evaluate(TABLE_DOM) == opened[name], name
                if typing:
                    sight = page.evaluate(IN_SIGHT_TYPING)
                    assert sight == {"hidden": [], "typing": True, "rows": 1}, (name, sight)
                else:
                    assert page.evaluate("window.scrollY") == 0, name
            # play goes on to the seat's next turn, where the person types again (the box, and the
            # keyboard with it, goes while the others play; where it stays, it keeps the focus)
            send_and_wait_for_the_next_turn(page, frames, move[len(typed) :], logged)
            page.focus("#type-action")
            page.screenshot(path=str(SCREENSHOTS / f"keyboard-{game}-next-turn.png"))
            sight = page.evaluate(IN_SIGHT_TYPING)
            assert sight == {"hidden": [], "typing": True, "rows": 1}, sight
            page.evaluate("window.__board = document.querySelector('#table .board')")
            page.evaluate("document.activeElement.blur()")
            resized(page, PHONE)
            assert page.evaluate(SAME_BOARD), "the table was drawn again when the box lost the focus"
            assert page.evaluate("window.scrollY") == 0
            drawn = page.evaluate(TABLE_DOM)
            assert drawn == opened_afresh(browser, page, link, [PHONE])[size_name(PHONE)]


ROWS_CUT = """() => {
  // in each box of cards that scrolls, in sight: the zones its bottom cuts across, its first row too
  const cut = [];
  for (const box of document.querySelectorAll(".board .table-zones, .board .seat-zones, .dock .my-zones")) {
    if (!box.checkVisibility() || box.scrollHeight <= box.clientHeight + 1) continue;
    const top = box.getBoundingClientRect().top;
    const bottom = top + box.clientTop + box.clientHeight;
    for (const zone of box.children) {
      const r = zone.getBoundingClientRect();
      if (r.top < bottom - 1 && r.bottom > bottom + 1) {
        const row = [r.top - top, r.bottom - top];
        cut.push({ box: box.className, zone: zone.textContent.trim(), shows: box.clientHeight, row });
      }
    }
  }
  const boxes = [...document.querySelectorAll(".board .table-zones, .board .seat-zones, .dock .my-zones")];
  const scrolling = boxes.filter((box) => box.checkVisibility() && box.scrollHeight > box.clientHeight + 1);
  return { cut, scrolling: scrolling.length };
}"""
"""The zones that a box of cards that scrolls cuts across at its bottom (a row of cards half in sight),
and how many boxes scroll."""


@pytest.mark.parametrize("game", ["roquet", "open-tarock"])
def test_a_box_that_scrolls_shows_whole_rows_while_a_person_types(
    browser: Browser, tmp_path: Path, game: str
) -> None:
    """A person typing a move on a phone with its keyboard open (390×500, the dock laid out for typing)
    saw boxes of cards cut across a row: a Roquet livret of cards to meld with (its clickable cards
    given room to rise once it scrolled, after its height was set at the bottom of its row), an open
    tarock seat's own stacks (cut to a row of small cards' height, half their cards in sight). A live
    table, a person with a computer player (long names), at each of the person's first eight turns, the
    move box focused: no box of cards that scrolls ends across a row of its zones, its first row too
    (the rows below it are the cue's to show), and some box scrolls."""
    seats = [{**HUMAN, "name": LONG_NAMES[1]}, {**COMPUTER, "name": LONG_NAMES[2]}]
    with serving(tmp_path) as server:
        table = create_table(server, game, seats, seed=5)
        with context(browser, KEYBOARD) as ctx:
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            rng = random.Random(2)
            turns = 0
            scrolling = 0
            deadline = time.monotonic() + 120
            while turns < 8:
                assert time.monotonic() < deadline, f"only {turns} turns within 120 s"
                assert not match_over(page), f"the match ended after {turns} turns"
                if page.evaluate(YOUR_MOVE):
                    turns += 1
                    page.focus("#type-action")
                    page.locator(".dock.typing").wait_for()
                    rows = page.evaluate(ROWS_CUT)
                    scrolling += rows["scrolling"] > 0
                    if rows["cut"]:
                        page.screenshot(path=str(SCREENSHOTS / f"rows-cut-typing-{game}-{turns}.png"))
                    assert rows["cut"] == [], (turns, rows)
                    page.evaluate("document.activeElement.blur()")
                    page.locator(".dock.typing").wait_for(state="detached")
                if not act_once(page, rng):
                    page.wait_for_timeout(25)
            assert scrolling >= 1, "no box of cards scrolled while the person typed"


def test_a_seat_whose_cards_lie_in_stacks_holds_no_hand(browser: Browser, tmp_path: Path) -> None:
    """Open tarock's seat panel said "21 cards in hand" of a player whose cards lie in its stacks."""
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        said = page.evaluate(
            "import('/static/render.js').then(m => ["
            " m.heldWords({zones: [{owner: 1, kind: 'stack', size: 5}, {owner: 1, kind: 'stack', size: 0},"
            "  {owner: 1, kind: 'stack', size: 16}, {owner: 1, kind: 'tricks_won', size: 4}]}, 1, 21),"
            " m.heldWords({zones: [{owner: 0, kind: 'stack', size: 1}]}, 0, 1),"
            " m.heldWords({zones: [{owner: 1, kind: 'tricks_won', size: 2}]}, 1, 13)])"
        )
        assert said == ["21 cards in 2 stacks", "1 card in 1 stack", "13 cards in hand"]


def test_expose_moves_stay_on_the_cards_of_the_hand(browser: Browser, tmp_path: Path) -> None:
    """Bishops Whist under table laws offers "expose X" for every card held: the move box lists no
    button for them (each is in its card's menu, beside "play X"), so it is not crowded as the
    terminal's list was."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER], laws="table")
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        rng = random.Random(3)
        for _ in range(200):
            if match_over(page):
                break
            menus = page.locator("button.card-button[aria-haspopup=menu]")
            if page.locator(MY_TURN).count() and menus.count():
                buttons = page.locator(".action-buttons button.action").all_inner_texts()
                assert not any(b.lower().startswith("expose") for b in buttons), buttons
                menus.first.click()
                items = page.locator(".card-menu button[role=menuitem]").all_inner_texts()
                assert any(i.startswith("expose") for i in items), items
                return
            if not act_once(page, rng):
                page.wait_for_timeout(100)
        raise AssertionError("no turn with moves on a card's menu")


def extra_terms(page: Page) -> tuple[list[str], list[str]]:
    """The terms and what is said of them in "More about this hand", read at one moment: read by two
    queries, a computer's move drawn between them paired one list's terms with the next's (CI failed on
    a zip of two lengths)."""
    terms, said = page.evaluate(
        """() => [Array.from(document.querySelectorAll("details.extra dt"), e => e.textContent),
                  Array.from(document.querySelectorAll("details.extra dd"), e => e.textContent)]"""
    )
    return list(terms), list(said)


def test_the_extras_are_named_by_their_labels_and_suits_drawn_as_suits(
    browser: Browser, tmp_path: Path
) -> None:
    """The table's "More about this hand" named Apology's extras by their field names ("voids") and
    wrote the suits a seat has shown out of as letters ("C"): now "shown out of" and "♣"."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "apology", [HUMAN, COMPUTER, COMPUTER, COMPUTER], deals=6)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        rng = random.Random(5)
        for _ in range(400):
            terms = page.locator("details.extra dt").all_text_contents()
            if "shown out of" in terms:
                break
            if match_over(page):
                break
            if not act_once(page, rng):
                page.wait_for_timeout(100)
        terms, dds = extra_terms(page)
        assert "shown out of" in terms and "voids" not in terms, terms
        said = dds[terms.index("shown out of")]
        assert re.search(r"[♠♥♦♣]", said) and not re.search(r": [SHDC]\b", said), said


def test_a_prompt_said_of_another_seat_is_not_worded_to_the_watcher(browser: Browser, tmp_path: Path) -> None:
    """A decision's prompt is worded to the seat deciding; said of it to someone else ("Waiting for
    heuristic 1 to lead one of your turned-up cards", "heuristic 0 to follow suit if you can") it named
    the watcher's cards. Open tarock's replay from both seats: no prompt but the watcher's own turn speaks
    to the watcher, and the leader's prompt reads "their turned-up cards"."""
    with finished_replay(browser, tmp_path, "open-tarock", 1, {"width": 1280, "height": 720}) as page:
        said = page.evaluate(
            "import('/static/words.js').then(m => ["
            "'follow suit and head the trick if you can', 'lead one of your turned-up cards',"
            "'pay for the escape with a card from the tricks you won', 'the cards dealt to you']"
            ".map(m.ofMover))"
        )
        assert said == [
            "follow suit and head the trick if they can",
            "lead one of their turned-up cards",
            "pay for the escape with a card from the tricks they won",
            "the cards dealt to them",
        ]
        steps = min(replay_steps(page), 24)
        prompts = []
        for seat in ("0", "1"):
            see_as(page, seat)
            for step in range(steps + 1):
                replay_step(page, step)
                prompts.append(page.inner_text(".actions h2.prompt"))
        others = [p for p in prompts if p and not p.startswith("Your turn")]
        assert others, prompts
        assert not [p for p in others if re.search(r"\byou(r|rs)?\b", p, re.IGNORECASE)], others
        assert any("their turned-up cards" in p for p in others), others


def test_a_seat_with_nothing_in_an_extra_goes_unsaid(browser: Browser, tmp_path: Path) -> None:
    """Apology's bids were drawn "you: null; heuristic 1: bid; heuristic 2: null; ..." (a seat the
    bidding has not reached holds no bid): such a seat goes unsaid, and a row with nothing for anyone is
    left out, as the terminal does. And a list as long as the seats was guessed to be one value a seat
    even where the game says it is not: the targets by oudlers held read "you: 62; heuristic 1: 56"."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "apology", [HUMAN, COMPUTER, COMPUTER, COMPUTER], deals=3)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        rng = random.Random(3)
        seen_bids = []
        for _ in range(60):
            terms, said = extra_terms(page)
            assert not any(re.search(r"\b(null|undefined)\b", s) for s in said), said
            if "bids" in terms:
                seen_bids.append(said[terms.index("bids")])
            targets = [d for t, d in zip(terms, said, strict=True) if t.startswith("targets")]
            assert all(re.fullmatch(r"\d+(, \d+)*", d) for d in targets), targets
            if match_over(page) or len(seen_bids) >= 3:
                break
            if not act_once(page, rng):
                page.wait_for_timeout(100)
        assert seen_bids, "no bids row drawn"
        assert all(re.search(r"\b(bid|pass)\b", s) for s in seen_bids), seen_bids


def test_a_ten_in_the_log_is_written_as_the_cards_write_it(browser: Browser, tmp_path: Path) -> None:
    """Roquet's log said "lays down a pair of tens T♠ T♦" (the engine writes a ten's rank T beside its
    suit's symbol) where every card, caption and menu of the table says 10♠: the log now says 10♠ too,
    and leaves other words alone."""
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url)
        said = page.evaluate(
            "import('/static/words.js').then(m => ["
            "'seat 0 lays down a pair of tens T♠ T♦, taking T♦ from the livret',"
            "'seat 1 plays T♥', 'TOTAL T', 'seat 1 plays 10♣']"
            ".map(t => m.rewrite(t, s => `seat ${s}`, null)))"
        )
        assert said == [
            "seat 0 lays down a pair of tens 10♠ 10♦, taking 10♦ from the livret",
            "seat 1 plays 10♥",
            "TOTAL T",
            "seat 1 plays 10♣",
        ], said


COUNT = "(selector) => document.querySelectorAll(selector).length"
"""How many elements a selector names (as ``page.locator(selector).count()``)."""

STEP_READS: dict[str, tuple[str, str | None]] = {
    "parts": (TRICK_PARTS, None),
    "faded_given": (FADED_GIVEN, None),
    "first_names": (FIRST_NAMES, None),
    "stacked": (STACKED, None),
    "side_by_side": (SIDE_BY_SIDE, None),
    "trick_captions": (WRAPPED_WIDTHS, TRICK_CAPTIONS),
    "seat_tags": (WRAPPED_WIDTHS, ".board .seat .tag, .dock .seat .tag"),
    "caption_hug": (CAPTION_HUG, None),
    "panel_cut": (PANEL_CUT, None),
    "dock_gap": (TRICK_DOCK_GAP, None),
    "trick_head": (TRICK_HEAD, None),
    "half_rows": (HALF_ROWS, None),
    "seat_zones_shortened": (COUNT, ".board .seat-zones[style*='max-height']"),
    "table_cut": (TABLE_CUT, None),
    "table_zones_shortened": (COUNT, ".board .table-zones[style*='max-height']"),
    "lone_caption": (LONE_CAPTION, None),
    "last_trick_gone": (LAST_TRICK_GONE, None),
    "empty_boxes": (EMPTY_BOXES, None),
    "fan_cut": (FAN_CUT, None),
    "seat_rows": (SEAT_ROWS, None),
}
"""What a ``Walk`` reads at every step: scripts that only read the page (none changes it, or what the
next reads), each with its argument."""

OPENING_READS: dict[str, tuple[str, str | None]] = {"short_frame": (SHORT_FRAME, None)}
"""What a ``Walk`` reads on the page as it opens."""
