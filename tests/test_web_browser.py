"""The web table end to end, in a real browser: Playwright for Python driving Debian's Chromium.

Each test runs ``parlour serve`` in a process of its own (on a free port, with a SQLite database in the
test's temporary folder) and drives the pages as a person would: through the lobby's form, the cards
raised in the hand, the action buttons and the "play again" button — finding them by the ids, classes
and labels the client draws (``parlour/web/static``). What the pages receive over their WebSocket is
recorded as well, to check the table's version and that no hidden card reaches a spectator.

The screenshots of the lobby, of each game's table, of a replay and of the rules go to
``test-artifacts/screenshots`` (``SCREENSHOTS``): the run keeps them, and the README shows a few.

Without Chromium (or Playwright) these tests skip, saying how to run them — except in CI, where they fail.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.web_support import (
    CHROMIUM_ARGS,
    GAMES,
    PATIENCE_MS,
    SCREENSHOTS,
    SHORT,
    Server,
    chromium_path,
    need,
    sqlite_server,
)

try:
    from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, sync_playwright
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # pragma: no cover - Playwright is a test dependency
    need("Playwright for Python", "pip install -e '.[test]' (the playwright package)")
    raise

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

HUMAN: dict[str, Any] = {"kind": "human"}
COMPUTER: dict[str, Any] = {"kind": "computer", "player": "heuristic"}
"""A quick computer player (the default, the normal level, searches: too slow to play whole matches here)."""
NAME_TRUMPS = "button.action[data-key^='action-trump ']"
"""Bishops Whist's buttons for naming trumps, when the dealer has turned a knight."""

CLICKABLE = ", ".join(
    [
        "#hand button.card-button:not([disabled])",
        ".my-zones button.card-button:not([disabled])",
        ".table-zones button.card-button:not([disabled])",
        ".action-buttons button.action:not([disabled])",
        "form.range button[type=submit]:not([disabled])",
    ]
)
"""Everything a seat may press to act: its raised cards, the action buttons, a bet's button."""

MY_TURN = "h2.prompt.your-turn"
"""The action bar's heading when the decision is this page's seat's."""


# --- the server, its API and the browser ------------------------------------------------------------


serving = sqlite_server
"""``parlour serve`` on a free port with a fresh SQLite database in a test's folder; stopped afterwards
(``web_support.sqlite_server``, which the module fixtures' ``server_fixture`` opens too)."""


def api(server: Server, path: str, body: dict[str, Any] | None = None) -> Any:
    """A JSON request to the server's API (a POST when there is a body)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server.url + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def create_table(
    server: Server,
    game: str,
    seats: list[dict[str, Any]],
    *,
    seed: int = 7,
    public: bool = False,
    **options: Any,
) -> dict[str, Any]:
    """A seeded table with the short options of ``game`` (and ``options``); the API's answer."""
    body = {
        "game": game,
        "options": {**SHORT[game], **options},
        "seats": seats,
        "seed": seed,
        "public": public,
    }
    answer: dict[str, Any] = api(server, "/api/tables", body)
    return answer


def seat_link(server: Server, table: dict[str, Any], seat: int) -> str:
    link = next(s["link"] for s in table["seats"] if s["seat"] == seat)
    assert link, f"seat {seat} has no link: {table['seats']}"
    return f"{server.url}{link}"


def wait_finished(server: Server, table_id: str, limit: float = 60.0) -> None:
    """Wait for a table (of computer players) to finish its match."""
    deadline = time.monotonic() + limit
    while api(server, f"/api/tables/{table_id}")["status"] != "finished":
        assert time.monotonic() < deadline, f"table {table_id} did not finish within {limit} s"
        time.sleep(0.2)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the module's tests (each test opens contexts of its own)."""
    path = chromium_path()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@contextmanager
def context(browser: Browser, viewport: dict[str, int] = DESKTOP) -> Iterator[BrowserContext]:
    """A browser context of its own (its own localStorage: its own person); closed afterwards. Its
    pages wait ``PATIENCE_MS`` for what they wait for, unless told otherwise."""
    ctx = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    ctx.set_default_timeout(PATIENCE_MS)
    ctx.set_default_navigation_timeout(PATIENCE_MS)
    try:
        yield ctx
    finally:
        ctx.close()


def shot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """A screenshot into the kept screenshots folder, once every card picture has loaded (the
    client loads them lazily, so those below the fold are asked for first)."""
    page.evaluate("document.querySelectorAll('img[loading=lazy]').forEach(img => { img.loading = 'eager'; })")
    page.wait_for_function("[...document.images].every(img => img.complete)")
    page.evaluate("document.fonts.ready")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    viewport = page.viewport_size
    assert viewport is not None
    if full_page:
        # a window as tall as the page rather than Chromium's full-page capture, which draws the
        # fixed background and the sticky log as if the page were scrolled (bands and a log half way down)
        height = int(page.evaluate("document.documentElement.scrollHeight"))
        page.set_viewport_size({"width": viewport["width"], "height": max(height, viewport["height"])})
        page.wait_for_timeout(100)
    try:
        page.screenshot(path=str(path), animations="disabled", caret="hide")
    finally:
        page.set_viewport_size(viewport)
        # the page fits its table to the window on "resize" (render.js fitTable), which comes with the
        # next frame: wait for it, or a look right after reads the table fitted to the tall window
        page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return path


class Frames:
    """Every JSON message a page receives over its table's WebSockets (a reload's new socket too),
    and every error the page shows or logs."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.messages: list[dict[str, Any]] = []
        self.console_errors: list[str] = []
        page.on("websocket", self._socket)
        page.on("pageerror", lambda error: self.console_errors.append(str(error)))

    def _socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if isinstance(message, dict):
            self.messages.append(message)

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m.get("type") == "state"]

    def last_state(self) -> dict[str, Any]:
        states = self.states()
        assert states, "the page has received no state"
        return states[-1]

    def errors(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m.get("type") == "error"]


def open_seat(ctx: BrowserContext, url: str) -> tuple[Page, Frames]:
    """A page at ``url`` (a seat's link or a table's address), with its frames recorded."""
    page = ctx.new_page()
    frames = Frames(page)
    page.goto(url)
    page.wait_for_selector("#table .board")
    return page, frames


# --- playing through the page ------------------------------------------------------------------------


def my_turn(page: Page) -> bool:
    return page.locator(MY_TURN).count() > 0


def match_over(page: Page) -> bool:
    return page.locator("section.banner.outcome").count() > 0


def act_once(page: Page, rng: random.Random) -> bool:
    """If it is this page's seat's turn, press one of the things it may press (a card of a menu, a
    button, a bet at its lowest); whether it did. The page disables them until the next state."""
    if not my_turn(page):
        return False
    choices = page.locator(CLICKABLE)
    n = choices.count()
    if n == 0:
        return False
    target = choices.nth(rng.randrange(n))
    try:
        target.click(timeout=5_000)
    except PlaywrightError:  # redrawn under the pointer by a new state: look again
        return False
    menu = page.locator(".card-menu button[role=menuitem]:not(.cancel)")
    if menu.count():
        try:
            menu.nth(rng.randrange(menu.count())).click(timeout=5_000)
        except PlaywrightError:
            # The table was drawn again (a "table" message, say) and took the open menu with it:
            # nothing was sent, as a person whose menu closed would find. Look again.
            return False
    return True


def play_until(
    pages: list[Page],
    done: Callable[[], bool],
    *,
    seed: int = 1,
    limit: float = 90.0,
    max_actions: int = 2000,
    stop_after: int | None = None,
) -> int:
    """Each page acts whenever it is its turn until ``done()`` (or, with ``stop_after``, that many
    actions); how many actions the pages took."""
    rng = random.Random(seed)
    deadline = time.monotonic() + limit
    actions = 0
    while not done() and (stop_after is None or actions < stop_after):
        if all(match_over(page) for page in pages):
            break
        assert time.monotonic() < deadline, f"not done after {limit} s and {actions} actions: {where(pages)}"
        assert actions < max_actions, f"not done after {actions} actions: {where(pages)}"
        acted = False
        for page in pages:
            if act_once(page, rng):
                actions += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(25)
    return actions


def where(pages: list[Page]) -> list[str]:
    """What each page says it is waiting for (and any error it shows), for a failure's message."""
    said = []
    for page in pages:
        prompt = page.locator("h2.prompt")
        text = prompt.inner_text() if prompt.count() else "(no prompt)"
        said.append(f"{page.url}: {text!r} {page.inner_text('#notice')!r} {page.inner_text('#conn')!r}")
    return said


def hand_cards(page: Page) -> list[str]:
    """The codes of the cards in this seat's hand, sorted (from the hand's buttons and slots)."""
    keys = page.eval_on_selector_all("#hand [data-key]", "nodes => nodes.map(n => n.dataset.key)")
    return sorted(str(k).removeprefix("card-hand-").rsplit("-", 1)[0] for k in keys)


def trick_cards(page: Page) -> list[str]:
    """The pictures (and captions) of the cards in the middle, in the order they were played."""
    shown: list[str] = page.eval_on_selector_all(
        ".trick .trick-card",
        "nodes => nodes.map(n => n.querySelector('img').getAttribute('src') + ' ' + n.textContent)",
    )
    return shown


def drawn_frame(page: Page, frames: Frames, limit: float = PATIENCE_MS / 1000) -> dict[str, Any]:
    """The last state the page received, once the page shows it (its log and its seat's hand). The
    frames reach the test by a way of their own, a moment before or after the page draws them: read
    at once, one may belong to the state before the one the page shows."""
    deadline = time.monotonic() + limit
    while True:
        states = frames.states()
        if states:
            last = states[-1]
            view = last["view"]
            logged = int(last.get("log_from") or 0) + len(last.get("log") or [])
            zone = next(
                (z for z in view["zones"] if z["kind"] == "hand" and z["owner"] == view["seat"]), None
            )
            codes = sorted(c for c in zone["cards"] if c is not None) if zone is not None else []
            if page.locator("#log li").count() == logged and hand_cards(page) == codes:
                return last
        assert time.monotonic() < deadline, f"the page does not show its last frame: {where([page])}"
        page.wait_for_timeout(50)


def log_lines(page: Page) -> list[str]:
    lines: list[str] = page.eval_on_selector_all("#log li", "nodes => nodes.map(n => n.textContent)")
    return lines


def notice_errors(page: Page) -> list[str]:
    return [page.inner_text("#notice")] if page.locator("#notice.error span").count() else []


# --- 1. the lobby ------------------------------------------------------------------------------------


def test_lobby_lists_every_game_and_makes_a_table_to_sit_at(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        games = {g["name"]: g["title"] for g in api(server, "/api/games")}
        assert sorted(games) == GAMES
        # something in each of the lobby's lists: a table waiting for a player, a finished match
        waiting = {"kind": "human", "name": "Bea"}
        api(server, "/api/tables", {"game": "bezique", "seats": [waiting, HUMAN], "public": True})
        finished = create_table(server, "bezique", [COMPUTER, COMPUTER], seed=2, public=True)
        wait_finished(server, finished["id"])
        with context(browser) as ctx:
            page = ctx.new_page()
            page.goto(server.url + "/")
            items = page.locator("#games button.game-item")
            items.first.wait_for()
            assert items.count() == len(GAMES)
            listed = page.locator("#games .game-item .title").all_inner_texts()
            assert sorted(listed) == sorted(games.values())
            # the internal names are for URLs and the API, not a person's eyes (tests/test_web_walk4.py)
            named = page.eval_on_selector_all("#games button.game-item", "bs => bs.map(b => b.dataset.game)")
            assert sorted(named) == sorted(GAMES)
            page.locator("#open-tables li", has_text="Bea").wait_for()
            page.locator("#finished-tables li", has_text=games["bezique"]).wait_for()
            shot(page, "lobby.png")

            # one person and three computer players, from the form
            page.locator("#games button.game-item[data-game='bishops-whist']").click()
            form = page.locator("#create-form")
            form.wait_for(state="visible")
            assert page.locator("#create-title").inner_text() == f"New table: {games['bishops-whist']}"
            seats = form.locator(".seats select")
            assert seats.count() == 4
            assert seats.nth(0).input_value() == "human"
            # each computer player's choice says what it is when pointed at
            strong = seats.nth(1).locator("option[value='computer:strong']")
            assert "strongest Bishops Whist player" in (strong.get_attribute("title") or "")
            for i in (1, 2, 3):
                seats.nth(i).select_option("computer:heuristic")
            page.fill("#my-name", "Ada")
            form.locator("button[type=submit]").click()
            page.locator("#created-panel").wait_for(state="visible")
            links = page.locator("#links input[type=text]")
            assert links.count() == 1
            assert "#seat=0&token=" in links.first.input_value()
            page.get_by_role("button", name="Sit down →").click()
            page.wait_for_url("**/t/**")
            # Ada may be the dealer and turn a knight (about one live table in fifty): then she names
            # trumps before the rest of the pack is dealt, with no cards in her hand yet
            page.wait_for_selector(f"#hand .card, {NAME_TRUMPS}")
            if not page.locator("#hand .card").count():
                page.locator(NAME_TRUMPS).first.click()
            page.locator("#hand .card").first.wait_for()
            assert len(hand_cards(page)) == 13
            assert page.inner_text("#seat-line") == "you are Ada"
            assert "#" not in page.url, "the seat's secret stays in the address bar"
            assert page.inner_text("#game-title") == games["bishops-whist"]

        with context(browser, PHONE) as ctx:
            page = ctx.new_page()
            page.goto(server.url + "/")
            page.locator("#games button.game-item").first.wait_for()
            page.wait_for_selector("#playing-tables li")
            shot(page, "lobby-phone.png")


def test_a_dealer_who_turns_a_knight_names_trumps_before_the_deal(browser: Browser, tmp_path: Path) -> None:
    """Seed 58 makes seat 0 the dealer and turns a knight: the page shows the knight and the undealt
    pack, an empty hand and the four suits to name; naming one deals the cards (ruling BW-6)."""
    with serving(tmp_path) as server:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=58)
        with context(browser) as ctx:
            page, frames = open_seat(ctx, seat_link(server, table, 0))
            page.locator(NAME_TRUMPS).first.wait_for()
            assert page.locator(NAME_TRUMPS).all_inner_texts() == [
                "trump ♠ spades",
                "trump ♥ hearts",
                "trump ♦ diamonds",
                "trump ♣ clubs",
            ]
            assert page.locator("#hand .card").count() == 0
            assert page.locator(".zone.kind-turn_up .card").count() == 1
            shot(page, "bishops-whist-name-trumps.png")
            page.locator(NAME_TRUMPS).first.click()
            page.locator("#hand .card").first.wait_for()
            assert len(hand_cards(page)) == 13
            assert page.locator(NAME_TRUMPS).count() == 0
            assert frames.errors() == [] and frames.console_errors == []


# --- 2. two people play a hand of Bezique --------------------------------------------------------------


def test_two_people_play_a_hand_of_bezique(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        table = create_table(server, "bezique", [HUMAN, HUMAN], seed=11)
        with context(browser) as one, context(browser) as two:
            page0, frames0 = open_seat(one, seat_link(server, table, 0))
            page1, frames1 = open_seat(two, seat_link(server, table, 1))
            pages = [page0, page1]
            for page in pages:
                page.locator("#hand .card").first.wait_for()
            assert page0.inner_text("#seat-line") != page1.inner_text("#seat-line")

            def hand_over() -> bool:
                return all(p.locator("#log li.hand-end").count() > 0 for p in pages)

            actions = play_until(pages, hand_over, seed=2)
            assert actions > 20
            for page, frames in ((page0, frames0), (page1, frames1)):
                assert frames.errors() == [], "a page's click was refused"
                assert frames.console_errors == []
                assert page.locator("#hand-banner .banner, section.banner.outcome").count() == 1
            shot(page0, "bezique-hand-end.png")


def test_a_hint_names_a_move_with_its_reason_and_outlines_it(browser: Browser, tmp_path: Path) -> None:
    """The Hint button asks the strong player for this seat's move: the page says it in words, with
    its reason, and outlines the card or button to press; pressing it plays that move."""
    with serving(tmp_path) as server:
        table = create_table(server, "bezique", [HUMAN, {"kind": "computer", "player": "easy"}], seed=5)
        with context(browser) as ctx:
            page, frames = open_seat(ctx, seat_link(server, table, 0))
            page.wait_for_function("document.querySelector('section.actions h2.your-turn') !== null")
            page.get_by_role("button", name="Hint").click()
            page.wait_for_function(
                "document.getElementById('hint-text') && "
                "document.getElementById('hint-text').textContent.startsWith('Hint: ')",
                timeout=PATIENCE_MS,
            )
            said = page.inner_text("#hint-text")
            assert " — " in said, f"a hint gives its reason: {said!r}"
            hinted = page.locator(".card-button.hinted, button.action.hinted")
            assert hinted.count() >= 1, "the hinted move is outlined"
            shot(page, "bezique-hint.png")
            version = drawn_frame(page, frames)["version"]
            # a card with several actions opens a menu: the hinted one is pressed, by its words
            named = said.removeprefix("Hint: ").split(" — ")[0]
            menu = page.locator(".card-menu").get_by_role("menuitem", name=named, exact=True)
            for attempt in range(3):
                hinted.first.click()
                if not menu.count():
                    break
                try:
                    menu.first.click(timeout=5_000)
                    break
                except PlaywrightError:  # the table drawn again took the menu: open it again
                    assert attempt < 2, "the hinted card's menu went away three times"
            deadline = time.monotonic() + PATIENCE_MS / 1000
            while frames.last_state()["version"] == version:
                assert time.monotonic() < deadline, "the hinted move was not played"
                page.wait_for_timeout(100)
            assert frames.errors() == [] and frames.console_errors == []


# --- 3. one person and three computer players play Bishops Whist to the end ----------------------------


def test_a_bishops_whist_match_to_its_end_and_play_again(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=5)
        with context(browser) as ctx:
            page, frames = open_seat(ctx, seat_link(server, table, 0))
            page.locator("#hand .card").first.wait_for()
            actions = play_until([page], lambda: match_over(page), seed=3)
            assert actions >= 13, "a person plays at least a card a trick"
            outcome = page.locator("section.banner.outcome")
            assert outcome.locator("h2").inner_text().startswith("Match over — ")
            assert "Final score:" in outcome.inner_text()
            assert page.locator("h2.prompt").inner_text() == "The match is over."
            assert page.locator(CLICKABLE).count() == 0
            assert frames.errors() == []
            assert frames.console_errors == []
            # the frame the page drew (the banner), once it has reached the test too
            final = drawn_frame(page, frames)["view"]
            assert final["outcome"] is not None
            assert api(server, f"/api/tables/{table['id']}")["status"] == "finished"

            again = outcome.get_by_role("button", name="Play again")
            again.click()
            page.wait_for_url(lambda url: table["id"] not in url)
            new_id = page.url.rstrip("/").split("/")[-1]
            assert new_id and new_id != table["id"]
            page.locator("#hand .card").first.wait_for()
            assert page.locator("section.banner.outcome").count() == 0
            assert len(hand_cards(page)) == 13
            info = api(server, f"/api/tables/{new_id}")
            assert info["game"] == "bishops-whist"
            assert info["options"]["hand_limit"] == 1
            assert [s["kind"] for s in info["seats"]] == ["human", "computer", "computer", "computer"]
            assert api(server, f"/api/tables/{table['id']}")["next_id"] == new_id


# --- 4. a reload mid-trick ---------------------------------------------------------------------------


def test_a_page_reloaded_mid_trick_gets_the_same_table_back(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=9)
        with context(browser) as ctx:
            page, frames = open_seat(ctx, seat_link(server, table, 0))
            page.locator("#hand .card").first.wait_for()

            def mid_trick() -> bool:
                # One look at the page, not three: between separate queries a new state can land (the
                # heading of the state before the card just clicked, the trick of the state after).
                # A card that may be pressed says the heading is of this state, not left from before.
                return bool(
                    page.evaluate(
                        """([turn, clickable]) => {
                            const n = document.querySelectorAll('.trick .trick-card').length;
                            return !!document.querySelector(turn) && !!document.querySelector(clickable)
                                && n > 0 && n < 4 && !document.querySelector('.trick.faded');
                        }""",
                        [MY_TURN, CLICKABLE],
                    )
                )

            play_until([page], mid_trick, seed=4, max_actions=40)
            # a card or two already played in the trick, and it is this seat's turn
            version = drawn_frame(page, frames)["version"]
            before = {
                "hand": hand_cards(page),
                "trick": trick_cards(page),
                "log": log_lines(page),
                "version": version,
                "prompt": page.inner_text("h2.prompt"),
                "situation": page.inner_text("#situation"),
            }
            assert before["hand"] and before["trick"]
            count = len(frames.states())

            page.reload()
            assert "#" not in page.url, "the secret came back from localStorage, not the address"
            page.locator("#hand .card").first.wait_for()
            page.wait_for_function(
                "n => document.querySelectorAll('#log li').length >= n", arg=len(before["log"])
            )
            # the reloaded page's own state, as it reaches the test (a moment after the page has it)
            deadline = time.monotonic() + PATIENCE_MS / 1000
            while len(frames.states()) <= count:
                assert time.monotonic() < deadline, "the reloaded page got no state of its own"
                page.wait_for_timeout(50)
            version = drawn_frame(page, frames)["version"]
            after = {
                "hand": hand_cards(page),
                "trick": trick_cards(page),
                "log": log_lines(page),
                "version": version,
                "prompt": page.inner_text("h2.prompt"),
                "situation": page.inner_text("#situation"),
            }
            assert after == before
            assert page.inner_text("#seat-line") == "you are Seat 1"  # (numbered from 1: web-10)
            assert my_turn(page)
            # and the table goes on from there
            hand = len(before["hand"])
            # a click that the table's redraw beat (the reconnection's "table" message) is tried again
            rng = random.Random(0)
            deadline = time.monotonic() + 30
            while not act_once(page, rng):
                assert time.monotonic() < deadline, f"could not play after the reload: {where([page])}"
                page.wait_for_timeout(100)
            page.wait_for_function(
                "n => document.querySelectorAll('#hand [data-key]').length === n", arg=hand - 1
            )
            assert frames.errors() == []


# --- 5. a spectator sees no hand -----------------------------------------------------------------------


def test_a_spectator_sees_no_hand_and_a_seat_sees_its_own(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        table = create_table(server, "bezique", [HUMAN, HUMAN], seed=13)
        with context(browser) as seated, context(browser) as other, context(browser) as watching:
            page0, _ = open_seat(seated, seat_link(server, table, 0))
            page1, _ = open_seat(other, seat_link(server, table, 1))
            # a few moves, so there are melds, tricks and a trick in the middle to see
            play_until([page0, page1], lambda: False, seed=5, stop_after=6)
            spectator, frames = open_seat(watching, f"{server.url}/t/{table['id']}")
            spectator.locator(".zone.kind-hand").first.wait_for()

            assert spectator.inner_text("#seat-line") == "watching"
            assert spectator.locator("#hand").count() == 0
            assert spectator.locator("section.hand-area").count() == 0
            assert spectator.locator(CLICKABLE).count() == 0
            hands = spectator.locator(".zone.kind-hand")
            assert hands.count() == 2, "both hands are drawn, face down"
            assert spectator.locator(".zone.kind-hand .card").count() > 0
            assert spectator.locator(".zone.kind-hand .card:not(.back)").count() == 0
            assert spectator.locator(".zone.kind-hand img:not([src$='/back.svg'])").count() == 0
            # nor did any frame bring a card of a hand
            for state in frames.states():
                assert state["actions"] == []
                assert state["view"]["seat"] is None
                for zone in state["view"]["zones"]:
                    if zone["kind"] == "hand":
                        assert all(card is None for card in zone["cards"]), zone
            assert frames.errors() == []

            # a seat sees its own hand face up, and the other's face down
            mine = page0.locator("#hand .card")
            assert mine.count() > 0
            assert page0.locator("#hand .card.back").count() == 0
            assert page0.locator(".seat:not(.me) .zone.kind-hand .card:not(.back)").count() == 0
            # each card of the hand with its picture, read in one look: the seat's last move may still
            # be on its way, and the hand drawn again between two looks has lost the card played
            pictures: list[list[str]] = page0.eval_on_selector_all(
                "#hand [data-key]",
                "nodes => nodes.map(n => [n.dataset.key, n.querySelector('img').getAttribute('src')])",
            )
            assert pictures
            for key, src in pictures:
                code = key.removeprefix("card-hand-").rsplit("-", 1)[0]
                assert src == f"/cards/bezique64/{code}.svg", (key, src)


# --- 6. screenshots of every game, a replay and the rules --------------------------------------------

SCREENSHOT_OPTIONS: dict[str, dict[str, Any]] = {"lansquenet": {"length": "banks"}}
"""Options of the pictures' tables beyond the short ones: a Lansquenet match long enough to see cards."""

PHONE_SHOTS = set(GAMES)
"""The games whose table is photographed on a phone too."""

SIGHT = """() => {
  window.scrollTo(0, 0);
  const box = (selector) => {
    const node = document.querySelector(selector);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  const cards = [...document.querySelectorAll("#hand .in-hand")];
  const clipped = [...document.querySelectorAll(".seat .backs, .seat .zone")].filter((node) => {
    const seat = node.closest(".seat").getBoundingClientRect();
    const r = node.getBoundingClientRect();
    return r.right > seat.right + 1 || r.left < seat.left - 1;
  }).length;
  return {
    height: window.innerHeight,
    trick: box(".trick"),
    dock: box(".dock"),
    hand: box("#hand"),
    cards: cards.length,
    rows: new Set(cards.map((n) => n.offsetTop)).size,
    clipped,
  };
}"""
"""Where the trick, the dock and the hand are with the page at its top, in how many rows the hand's
cards lie, and how many zones of the seats run past their panel's edge."""


def check_in_sight(page: Page, game: str, *, phone: bool) -> None:
    """Without scrolling, the hand is in the window and — on a desktop — the trick above it; the hand
    lies on one row (two on a phone); nothing runs out of a seat's panel."""
    sight = page.evaluate(SIGHT)
    assert sight["clipped"] == 0, (game, sight)
    if sight["hand"] is not None:
        assert sight["hand"]["bottom"] <= sight["height"] + 1, (game, sight)
        assert sight["rows"] <= (2 if phone else 1), (game, sight)
    if sight["trick"] is not None and not phone:
        assert sight["trick"]["bottom"] <= sight["dock"]["top"] + 1, (game, sight)


def in_play(page: Page) -> bool:
    """A picture worth taking: this seat to act, with cards in the trick if the game has one."""
    if not my_turn(page):
        return False
    if page.locator(".trick-area").count() == 0:
        return page.locator(".table-zones .card:not(.back)").count() > 0
    return page.locator(".trick:not(.faded) .trick-card").count() > 0


@pytest.mark.timeout(300)  # six tables, desktop and phone: a minute alone, more on a loaded machine
def test_screenshots_of_every_game_a_replay_and_the_rules(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        # a match of computer players alone, to replay once it is over
        bots = create_table(server, "bishops-whist", [COMPUTER] * 4, seed=21)
        with context(browser) as ctx:
            for game in GAMES:
                players = (
                    SHORT[game].get("players")
                    or api(server, "/api/games")[GAMES.index(game)]["players"]["min"]
                )
                seats = [HUMAN] + [COMPUTER] * (players - 1)
                table = create_table(server, game, seats, seed=3, **SCREENSHOT_OPTIONS.get(game, {}))
                page, frames = open_seat(ctx, seat_link(server, table, 0))
                page.locator("#hand .card, h2.prompt").first.wait_for()
                play_until([page], partial(in_play, page), seed=6, stop_after=12)
                assert frames.errors() == [], game
                assert frames.console_errors == [], game
                assert page.locator("#table .board").count() == 1
                shot(page, f"{game}.png")
                check_in_sight(page, game, phone=False)
                shot(page, f"{game}-window.png", full_page=False)
                if game in PHONE_SHOTS:
                    with context(browser, PHONE) as phone:
                        small, _ = open_seat(phone, seat_link(server, table, 0))
                        small.locator(".dock h2.prompt").wait_for()
                        small.wait_for_function(
                            "document.querySelectorAll('.board .card, .dock .card').length > 0"
                        )
                        shot(small, f"{game}-phone.png")
                        check_in_sight(small, game, phone=True)
                        shot(small, f"{game}-phone-window.png", full_page=False)
                if game == "bishops-whist":
                    page.click("#rules-button")
                    page.locator("#rules-dialog[open] #rules-body h2").first.wait_for()
                    assert "Bishops Whist" in page.inner_text("#rules-title")
                    assert "Rulings" in page.inner_text("#rules-body")
                    shot(page, "rules.png", full_page=False)
                    page.locator("#rules-dialog [data-close]").click()
                page.close()

            wait_finished(server, bots["id"])
            page = ctx.new_page()
            page.goto(f"{server.url}/replay/{bots['id']}#step=30")
            page.locator("#table .board").wait_for()
            page.wait_for_function(
                "document.getElementById('step-text').textContent.startsWith('step 30 of ')"
            )
            assert page.locator("#seat").input_value() == "all"
            assert page.locator(".zone.kind-hand .card:not(.back)").count() > 0, "every card face up"
            assert page.locator("#log li").count() > 0
            shot(page, "replay.png")
            page.click("#next")
            page.wait_for_function(
                "document.getElementById('step-text').textContent.startsWith('step 31 of ')"
            )


# --- what the pictures showed ---------------------------------------------------------------------------


def test_buried_cards_are_not_raised_as_playable(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        table = create_table(server, "apology", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=3)
        with context(browser) as ctx:
            page, frames = open_seat(ctx, seat_link(server, table, 0))
            play_until([page], partial(in_play, page), seed=6, stop_after=12)
            # Stopped after twelve actions, the seat may be waiting for the computer players: read the
            # table once it is this seat's turn again (its frame then lists its actions).
            # The frame read is the one the page shows (a frame read at once may be the state before).
            deadline = time.monotonic() + 30
            while True:
                frame = drawn_frame(page, frames)
                if my_turn(page) and frame["actions"] and drawn_frame(page, frames) is frame:
                    break
                assert time.monotonic() < deadline, f"never this seat's turn: {where([page])}"
                page.wait_for_timeout(25)
            buried = page.locator(".my-zones .zone.kind-discards")
            assert buried.locator(".card").count() == 6, "the taker has buried six cards"
            playable = {a["cards"][0] for a in frame["actions"] if len(a["cards"]) == 1}
            both = playable & {
                c for z in frame["view"]["zones"] if z["kind"] == "discards" for c in z["cards"]
            }
            assert both
            assert buried.locator("button.card-button").count() == 0
            # the same code is offered once, from the hand
            for code in both:
                # The frame may be read a moment before the page has drawn it (a loaded machine): wait
                # for the hand's button rather than count at once.
                hand = page.locator(f"#hand button.card-button[data-code='{code}']")
                try:
                    hand.first.wait_for(state="attached")
                except PlaywrightError:
                    codes = "els => els.map(e => e.dataset.code)"
                    drawn = page.locator("#hand [data-code]").evaluate_all(codes)
                    raise AssertionError(f"{code} is playable, not a button in the hand: {drawn}") from None
                elsewhere = page.locator(f"#table button.card-button[data-code='{code}']:not(#hand *)")
                assert elsewhere.count() == 0
