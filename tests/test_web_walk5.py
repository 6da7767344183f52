"""What a demanding new user met at the web table on a phone and at Roquet's table, part five, pinned
where it was mended: Roquet's prompt quoting the word a terminal types, the situation line saying again
the hand's number and trumps that the badges beside it say, Roquet's faded trick giving way on a phone,
the keyboard's help offered on a touch phone, and a visual viewport smaller than the window.

The server and browser helpers are the walks' (``tests/web_walks.py``); the replays the layout tests
walk are ``tests/test_qa_web.py``'s.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, Route
from websockets.sync.client import connect

import parlour
from parlour.engine.state import State
from tests.test_qa_web import (
    LONG_NAMES,
    game_replay,
    replay_server,
    replay_step,
    replay_steps,
    see_as,
    walked,
)
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    PHONE,
    browser,
    context,
    create_table,
    open_seat,
    seat_link,
    serving,
    shooter,
)

pytestmark = [pytest.mark.timeout(300)]

__all__ = ["browser", "replay_server"]  # the module's Chromium and replay server, shared by its tests

shoot = shooter("walk5")

DESKTOP = {"width": 1280, "height": 800}
SIZES = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])


def roquet_at_a_meld() -> State:
    """A seeded Roquet match moved on, each seat taking its first move, to a trick winner's meld."""
    state: State = parlour.make("roquet").new(seed=3)
    seat = state.current_player
    assert seat is not None
    while "done" not in state.view(seat).legal_actions:
        state.apply(state.view(seat).legal_actions[0], seat=seat)
        seat = state.current_player
        assert seat is not None
    return state


def test_roquet_names_its_done_as_the_other_games_name_their_pass() -> None:
    """Roquet's meld read "may meld (or 'done')" and "lay down a combination ..., or 'done'": the word
    quoted as a terminal types it, where the web table has a button "done". The other games name such a
    choice bare ("declare a meld ..., or pass"); Roquet's says "or be done", its button's word."""
    state = roquet_at_a_meld()
    view = state.view(state.current_player)
    assert "done" in view.legal_actions
    assert view.decision is not None
    for words in (view.situation, view.decision.prompt):
        assert "'" not in words, words
    assert view.decision.prompt.endswith("or be done"), view.decision.prompt
    # (what the winner may do is the prompt's alone, situ-2: the situation says who won)
    assert view.situation.endswith("won the trick"), view.situation


def test_roquet_s_situation_leaves_the_hand_and_trumps_to_the_view_s_fields() -> None:
    """Roquet's situation began "hand 1, clubs are trumps: ", which every table shows beside it from
    the view's own fields (the web's "Hand 1" and "Trumps: ♣ clubs", the terminal's rows)."""
    state = roquet_at_a_meld()
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view.hand_number == 1 and view.trump
        assert not re.search(r"\bhand \d|are trumps", view.situation), view.situation


SITUATION = """() => {
  const line = document.querySelector("#situation");
  return {
    text: line.innerText,
    badges: [...line.querySelectorAll(".hand-number, .trump-badge")].map((n) => n.innerText),
    said: line.querySelector(".situation-text")?.innerText ?? "",
  };
}"""
"""The situation line as drawn: all its words, its badges', and the situation's own."""


# (render.js's ``unrepeated``, which stripped from the situation the clauses that its badges and the
# trick's heading said again, is gone: the views leave those facts to their fields, as
# tests/test_situations.py checks of the views, the terminal and the drawn page)


LONGER: dict[str, dict[str, Any]] = {"open-tarock": {"deals": 2}, "bishops-whist": {"hand_limit": 2}}
"""Options for a match of more than one round, where the short options' is of one (and counts none)."""


@pytest.mark.browser
@SIZES
def test_a_table_says_the_hand_and_trumps_once(
    browser: Browser, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """At a Roquet, Bishops Whist and open tarock table, at 1280×800 and on a phone: the round's
    number and trumps are said once each on the situation line, in its badges."""
    name = f"{viewport['width']}x{viewport['height']}"
    tables = {
        "roquet": [HUMAN, COMPUTER],
        "bishops-whist": [HUMAN, COMPUTER, COMPUTER, COMPUTER],
        "open-tarock": [HUMAN, COMPUTER],
    }
    with serving(tmp_path) as server, context(browser, viewport) as ctx:
        for game, seats in tables.items():
            # (open tarock's and Bishops Whist's short matches are of one hand, of which the line says
            # nothing: web-10, words-13)
            options: dict[str, Any] = LONGER.get(game, {})
            table = create_table(server, game, seats, seed=2, **options)
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            page.locator("#situation .hand-number").wait_for()
            page.locator(".trick-caption").wait_for()
            shoot(page, f"situation-{game}-{name}")
            line = page.evaluate(SITUATION)
            text = line["text"].lower()
            assert len(re.findall(r"\b(hand|deal) \d", text)) == 1, (game, line)
            assert len(re.findall(r"trumps", text)) <= 1, (game, line)
            heading = page.inner_text(".trick-caption")
            assert len(re.findall(r"\btrick \d", f"{text} {heading}", re.IGNORECASE)) <= 1, (
                game,
                line,
                heading,
            )
            page.close()


@pytest.mark.browser
def test_roquet_s_faded_trick_keeps_its_form_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    """Roquet's faded trick gave way at 6 of the long-named replay's steps at 390×844 (Bezique's at
    none): the situation line above the board, two lines there ("hand 1, clubs are trumps: Bartholomew
    Higginbottom won the trick and may meld (or 'done')"), took the room the trick's form needed. Said
    once, it is a line, and the faded trick keeps its form at every step from both seats."""
    walk = walked(browser, tmp_path, "roquet", PHONE, LONG_NAMES[1:])
    faded, given = walk.faded_steps(browser, tmp_path, "walk5/roquet-faded-390x844")
    if given:
        seat, step = given[0]
        walk.shoot(browser, tmp_path, seat, step, f"walk5/roquet-faded-given-390x844-seat{seat}-{step}")
    assert faded >= 20, faded
    assert given == [], f"{len(given)} of {faded} faded tricks gave way: {given}"


TOUCH_PHONE: dict[str, Any] = {
    "viewport": PHONE,
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
"""A touch phone's browser context: its primary pointer coarse, nothing to hover with."""

KEYS = """() => ({
  touch: matchMedia("(hover: none) and (pointer: coarse)").matches,
  keys: document.querySelector("#help-button").checkVisibility(),
  named: [...document.querySelectorAll(".wide-only")]
    .filter((n) => n.checkVisibility())
    .map((n) => n.textContent),
})"""
"""Whether the page takes itself for a touch device's, shows the "Keys" button and keys named on buttons."""


@pytest.mark.browser
def test_the_keys_help_is_offered_where_there_is_a_keyboard(browser: Browser, tmp_path: Path) -> None:
    """The top bar's "Keys" button (the keyboard's help: Tab, ←, h, Shift+H) showed on a touch phone,
    where there is no keyboard, and took the room the game's title needed ("Roquet (60-card…"). It is
    hidden where the primary pointer is a finger with nothing to hover, with the keys named on buttons
    ("Last trick (L)"); a desktop keeps it, and "?" there still opens it."""
    with serving(tmp_path) as server:
        table = create_table(server, "roquet", [HUMAN, COMPUTER], seed=2)
        link = seat_link(server, table, 0)
        said = {}
        for kind, options in (("desktop", {"viewport": DESKTOP}), ("touch", TOUCH_PHONE)):
            ctx = browser.new_context(**options)
            try:
                page = ctx.new_page()
                page.goto(link)
                page.locator("#table .board").wait_for()
                shoot(page, f"keys-{kind}")
                said[kind] = page.evaluate(KEYS)
                if kind == "desktop":
                    page.keyboard.press("?")
                    page.locator("#help-dialog[open]").wait_for()
                else:
                    assert page.evaluate(TITLE_WHOLE), "the game's title is cut on a touch phone"
            finally:
                ctx.close()
        assert said["desktop"]["touch"] is False and said["desktop"]["keys"] is True, said
        assert " (?)" in said["desktop"]["named"], said
        assert said["touch"] == {"touch": True, "keys": False, "named": []}, said


TITLE_WHOLE = """() => {
  const title = document.querySelector(".topbar h1");
  return title.scrollWidth <= title.clientWidth + 1 && title.scrollHeight <= title.clientHeight + 1;
}"""
"""Whether the top bar's title is drawn whole (not cut by its ellipsis or its line clamp)."""

SEEN = """(seen) => {
  // the visual viewport made to report a keyboard (its height) or a pinch zoom (its scale), or
  // itself again (null), and its resize sent, as a phone's browser sends it
  const vv = window.visualViewport;
  for (const key of ["height", "scale", "offsetTop"]) delete vv[key];
  for (const [key, value] of Object.entries(seen || {})) {
    Object.defineProperty(vv, key, { configurable: true, get: () => value });
  }
  vv.dispatchEvent(new Event("resize"));
}"""

IN_SIGHT = """(height) => {
  // what of the dock and the board lies in the top ``height`` pixels of the window
  const rect = (q) => document.querySelector(q)?.getBoundingClientRect();
  const inside = (r) => r && r.top >= -1 && r.bottom <= height + 1;
  const dock = rect(".dock"), trick = rect(".board .trick-area");
  return {
    typing: document.querySelector(".dock").classList.contains("typing"),
    keyboard: getComputedStyle(document.documentElement).getPropertyValue("--keyboard").trim(),
    box: inside(rect("form.type-action input")),
    prompt: inside(rect(".dock h2.prompt")),
    dock: inside(dock),
    trick: trick.bottom > 0 && trick.bottom <= dock.top + 1,
  };
}"""
"""Whether the box to type, the prompt, the dock and the trick are in sight in a window ``height`` tall."""


@pytest.mark.browser
def test_a_keyboard_that_shrinks_the_visual_viewport_alone_leaves_the_table_usable(
    browser: Browser, tmp_path: Path
) -> None:
    """iOS's keyboard shrinks the visual viewport and leaves the window (the layout viewport) as it was
    (its Safari ignores `interactive-widget=resizes-content`, which makes Android's Chrome resize the
    window): the front end read only the window, so at 390×844 with a keyboard over the lower 364
    pixels the dock stayed at the window's bottom, under the keyboard, box and prompt with it, and the
    table was not fitted for typing. Now a visual viewport shorter than the window and not zoomed
    counts as the window: the dock is kept above the keyboard and laid out for typing, the box, the
    prompt and the trick in sight. A pinch zoom (scale 2) fits nothing again."""
    with serving(tmp_path) as server:
        table = create_table(server, "bezique", [HUMAN, COMPUTER], seed=4)
        ctx = browser.new_context(**TOUCH_PHONE)
        try:
            page = ctx.new_page()
            page.goto(seat_link(server, table, 0))
            page.locator("h2.prompt.your-turn").wait_for()
            page.focus("form.type-action input")
            assert page.evaluate(IN_SIGHT, 844)["typing"] is False  # the whole window: nothing to change
            page.evaluate(SEEN, {"height": 480})
            page.locator(".dock.typing").wait_for()
            page.wait_for_timeout(100)
            shoot(page, "keyboard-visual-viewport-390x844")
            seen = page.evaluate(IN_SIGHT, 480)
            assert seen == {
                "typing": True,
                "keyboard": "364px",
                "box": True,
                "prompt": True,
                "dock": True,
                "trick": True,
            }, seen
            page.evaluate(SEEN, None)
            page.locator(".dock.typing").wait_for(state="detached")
            assert page.evaluate(IN_SIGHT, 844)["keyboard"] == "0px"
            page.evaluate(SEEN, {"height": 422, "scale": 2})  # a pinch zoom, the box still focused
            page.wait_for_timeout(100)
            zoomed = page.evaluate(IN_SIGHT, 844)
            assert zoomed["typing"] is False and zoomed["keyboard"] == "0px", zoomed
        finally:
            ctx.close()


@pytest.mark.browser
def test_a_replay_says_whose_move_it_is_not_that_it_waits(browser: Browser, tmp_path: Path) -> None:
    """A replay's step read "Waiting for Computer 0 to play a card" under a finished match, where
    nobody waits for anything: it says whose move comes ("Computer 0 to play a card"), face up and as
    a seat sees it (the seat's own turn as before: "Computer 1 to ...")."""
    with game_replay(browser, tmp_path, "bezique", PHONE) as page:
        prompts = []
        for seat in ("all", "0", "1"):
            see_as(page, seat)
            for step in range(6):
                replay_step(page, step)
                prompts.append(page.inner_text(".actions h2.prompt"))
        shoot(page, "bezique-replay-prompt-390x844")
        assert not [p for p in prompts if p.startswith("Waiting")], prompts
        assert all(re.fullmatch(r"Computer [12] to \w.*", p) for p in prompts), prompts  # (seats from 1)


def act_by_socket(url: str, link: str, until: Callable[[], bool], limit: int = 200) -> bool:
    """Play the seat of ``link`` (its first action, or a range's least) through the table's WebSocket,
    as its page would, until ``until()`` (asked before each move, or ``limit`` moves); whether it came."""
    token = parse_qs(urlparse(link).fragment)["token"][0]
    table = urlparse(link).path.rsplit("/", 1)[-1]
    with connect(url.replace("http", "ws", 1) + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
        seat = None
        moves = 0
        while moves < limit:
            message = json.loads(socket.recv(timeout=30))
            if message["type"] == "welcome":
                seat = message["seat"]
            if message["type"] != "state":
                continue
            if until():
                return True
            if message["view"]["outcome"]:
                return False
            decision = message["view"]["decision"]
            if decision is None or decision["seat"] != seat:
                continue
            moves += 1
            ranges = message["view"]["legal_ranges"]
            action = (
                message["actions"][0]["text"]
                if message["actions"]
                else f"{ranges[0]['verb']} {ranges[0]['min']}"
            )
            socket.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))
    return False


@pytest.mark.browser
def test_lansquenet_s_deal_has_no_banner_while_the_page_loads(browser: Browser, tmp_path: Path) -> None:
    """Lansquenet's deals, a few moves long, have no "The deal is over" banner (its result is on the
    table and in the log): but the page learns that from the list of games, after it has sat down, and
    a deal that ended before that list came had a banner that stayed until pressed ("Go on"), as a
    phone's walk met. The list held back while the seat plays (through the table's WebSocket) until a
    deal has ended, the banner goes once the list comes."""
    with serving(tmp_path) as server, context(browser, PHONE) as ctx:
        table = create_table(server, "lansquenet", [HUMAN, COMPUTER, COMPUTER], seed=3, deals=12)
        link = seat_link(server, table, 0)
        held: list[Route] = []
        page = ctx.new_page()
        page.route("**/api/games", lambda route: held.append(route))
        page.goto(link)
        page.wait_for_function("document.querySelector('#game-title')?.textContent === 'Lansquenet'")
        banner = page.locator("#hand-banner section")

        def shown() -> bool:
            page.wait_for_timeout(100)  # (the page's frames come by a socket of its own)
            return banner.count() > 0

        assert act_by_socket(server.url, link, shown), "the match ended with no deal over"
        assert banner.count(), "no deal ended while the page loaded"
        assert held, "the page asked for no list of games"
        shoot(page, "lansquenet-banner-while-loading-390x844")
        for route in held:
            route.continue_()
        banner.wait_for(state="detached", timeout=10_000)


@pytest.mark.browser
def test_the_match_s_end_is_said_by_its_banner_alone(browser: Browser, tmp_path: Path) -> None:
    """A finished match read "Match over — Won by Computer 1", then "the session is over" (Lansquenet;
    Roquet's "seat 1 wins the match") on the situation line under it: the banner says it, the line keeps
    its badges."""
    with game_replay(browser, tmp_path, "roquet", PHONE) as page:
        page.locator("section.banner.outcome").wait_for()
        shoot(page, "roquet-replay-end-390x844")
        line = page.evaluate(SITUATION)
        assert line["said"] == "" and line["badges"], line
        # (Roquet's situation says nothing while the cards are played, situ-1: the seat to lead or follow
        # is the decision's; a trick winner's meld is the last step before the end to say something)
        steps = replay_steps(page)
        for step in range(steps - 1, max(0, steps - 40), -1):
            replay_step(page, step)
            if page.evaluate(SITUATION)["said"]:
                break
        else:
            pytest.fail("the line's words went before the end")


WHO_TO = """(cases) => Promise.all([import("/static/render.js"), import("/static/words.js")])
.then(([r, w]) => {
  const namer = w.makeNamer(0, null, null);
  return cases.map(([lead, prompt]) => r.whoTo(lead, prompt, namer));
})"""
"""render.js's ``whoTo`` of each (lead, prompt), said by seat 0's namer."""


@pytest.mark.browser
def test_another_seat_s_prompt_keeps_its_news_first(browser: Browser, tmp_path: Path) -> None:
    """Bishops Whist's prompt to a dealer who turned a knight, "a knight was turned: name trumps", read
    "Waiting for Computer 3 to a knight was turned: name trumps" at the other seats: the news first,
    then whom the table waits for and to do what. A prompt that is a verb reads as before."""
    cases = [
        ["Waiting for Computer 3 to", "a knight was turned: name trumps"],
        ["Computer 3 to", "a knight was turned: name trumps"],
        ["Waiting for Computer 1 to", "play to C♥, following suit if you can"],
        ["Waiting for Computer 1 to", "lead one of your turned-up cards"],
        ["Waiting for Computer 1 to", ""],
    ]
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        assert page.evaluate(WHO_TO, cases) == [
            "A knight was turned: waiting for Computer 3 to name trumps",
            "A knight was turned: Computer 3 to name trumps",
            "Waiting for Computer 1 to play to C♥, following suit if they can",
            "Waiting for Computer 1 to lead one of their turned-up cards",
            "",
        ]


LABELS_CLEAR = """() => {
  // the table's zones' labels that a clickable card of theirs (raised, or raised further under the
  // pointer) lies over, by the label's words
  const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const hit = [];
  for (const zone of document.querySelectorAll(".table-zones .zone")) {
    const label = zone.querySelector(".zone-label");
    if (!label) continue;
    const words = label.getBoundingClientRect();
    for (const card of zone.querySelectorAll(".card-button")) {
      if (over(words, card.getBoundingClientRect())) hit.push(label.textContent);
    }
  }
  return { clickable: document.querySelectorAll(".table-zones .card-button").length, hit };
}"""
"""Which of the table's zones' labels a clickable card of theirs covers, and how many such cards."""


@pytest.mark.browser
@SIZES
def test_a_raised_table_card_leaves_its_zone_s_label_readable(
    browser: Browser, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """At Roquet's meld the livret's and the turn-up's cards that may go into a combination are raised,
    as one's playable cards are, and covered their zone's label ("the l..", "...up (may be melded)" at
    1280×800): the label keeps its line clear of them, pointed at or not."""
    name = f"{viewport['width']}x{viewport['height']}"
    with serving(tmp_path) as server, context(browser, viewport) as ctx:
        table = create_table(server, "roquet", [HUMAN, COMPUTER], seed=5)
        link = seat_link(server, table, 0)
        page, _ = open_seat(ctx, link)
        page.locator("#table .board").wait_for()
        clickable = page.locator(".table-zones .card-button")

        def offered() -> bool:
            page.wait_for_timeout(150)  # (the page's frames come by a socket of its own)
            return clickable.count() > 0 and page.locator("h2.prompt.your-turn").count() > 0

        # the seat melds whenever it may (its first action): the livret's cards come to be offered
        assert act_by_socket(server.url, link, offered), "no table card was ever clickable"
        shoot(page, f"roquet-raised-table-cards-{name}")
        state = page.evaluate(LABELS_CLEAR)
        assert state["hit"] == [], state
        clickable.first.hover()
        page.wait_for_timeout(200)
        assert page.evaluate(LABELS_CLEAR)["hit"] == [], "pointed at"
