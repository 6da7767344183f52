"""What a demanding player met at the web table, part eight, pinned where it was mended: a person
without a name called "seat 0" (and a watched match's "Computer 0"), "Hand 1 of 1" over a match of one
hand, Roquet's meld buttons that showed only the cards, and a lobby whose private tables said neither
whose turn it was nor when the last move was.

The server and browser helpers are the walks' (``tests/web_walks.py``); the replay is
``tests/test_qa_web.py``'s. What needs no browser is in ``tests/test_words10.py``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser
from websockets.sync.client import connect

from tests.test_qa_web import game_replay, replay_step, replay_steps
from tests.test_web_walk5 import TOUCH_PHONE
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    api,
    browser,
    context,
    create_table,
    open_seat,
    seat_link,
    serving,
    shooter,
)

pytestmark = [pytest.mark.timeout(300)]

__all__ = ["browser"]  # the module's Chromium, shared by its tests

shoot = shooter("walk8")

DESKTOP = {"width": 1280, "height": 800}

ZERO_BASED = re.compile(r"\b(seat 0|Seat 0|Computer 0)\b|\bseat \d")
"""A seat named as the engine counts it: "seat 0", "Computer 0", or any lower-case "seat 2" (the
table names a seat "Seat 3" or by its player's name)."""

PAGE_WORDS = """() => ({
  text: document.body.innerText,
  names: [...document.querySelectorAll("#table .seat .seat-name")].map((n) => n.innerText),
  options: [...document.querySelectorAll("#seat option")].map((o) => o.textContent),
})"""
"""Everything the page says, its seats' names and a replay's "See as" choices, in one reading."""


SEATS_AND_LOG = """() => document.querySelectorAll("#table .seat .seat-name").length === 4
  && document.querySelectorAll("#log li").length > 0 && !!document.querySelector("h2.prompt")?.innerText"""
"""A four-seat table drawn: its seats, its log begun and its prompt."""


@pytest.mark.browser
def test_a_seat_without_a_name_is_numbered_from_one(browser: Browser, tmp_path: Path) -> None:
    """A person without a name sat at the table as "seat 0" (the panels, the log, the score table, "you
    are seat 0") beside "Computer 1", and a watched match's replay said "Computer 0": a seat is numbered
    from 1 wherever a player reads it, the computer players' numbers their seats' ("Seat 1", "Computer
    2"), at a person's seat, a spectator's and a replay's, and in the lobby's private tables."""
    with serving(tmp_path) as server, context(browser, DESKTOP) as ctx:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, HUMAN, COMPUTER], seed=3)
        page, _ = open_seat(ctx, seat_link(server, table, 2))
        page.wait_for_function(SEATS_AND_LOG)
        seen = page.evaluate(PAGE_WORDS)
        shoot(page, "unnamed-seats-1280x800")
        assert sorted(seen["names"]) == ["Computer 2", "Computer 4", "Seat 1", "Seat 3 (you)"], seen["names"]
        assert page.inner_text("#seat-line") == "you are Seat 3"
        assert not ZERO_BASED.search(seen["text"]), ZERO_BASED.findall(seen["text"])
        page.click("#leave")
        page.wait_for_url(f"{server.url}/")
        page.locator("#mine-tables li").first.wait_for()
        lobby = page.inner_text("#mine-tables")
        shoot(page, "unnamed-seats-lobby")
        assert "you, Seat 1 · 2 computers" in lobby, lobby
        # a spectator (a browser of its own: this one's page would sit its seat down again)
        with context(browser, DESKTOP) as elsewhere:
            watcher = elsewhere.new_page()
            watcher.goto(f"{server.url}/t/{table['id']}")
            watcher.wait_for_function(SEATS_AND_LOG)
            watched = watcher.evaluate(PAGE_WORDS)
            shoot(watcher, "unnamed-seats-watched")
        assert sorted(watched["names"]) == ["Computer 2", "Computer 4", "Seat 1", "Seat 3"], watched
        assert not ZERO_BASED.search(watched["text"]), ZERO_BASED.findall(watched["text"])


@pytest.mark.browser
def test_a_watched_match_s_replay_numbers_its_computers_from_one(browser: Browser, tmp_path: Path) -> None:
    """A match of computer players, replayed, read "Computer 0 lays down …" and offered "See as: Computer
    0 (seat 0)": its players are "Computer 1" and "Computer 2", at every step and as either seat sees it."""
    with game_replay(browser, tmp_path, "roquet", DESKTOP) as page:
        steps = replay_steps(page)
        for step in (0, steps // 2, steps):
            replay_step(page, step)
            seen = page.evaluate(PAGE_WORDS)
            assert not ZERO_BASED.search(seen["text"]), (step, ZERO_BASED.findall(seen["text"]))
        shoot(page, "replay-computers-from-one")
        assert seen["options"] == ["every hand face up", "Computer 1", "Computer 2"], seen["options"]
        assert sorted(seen["names"]) == ["Computer 1", "Computer 2"], seen["names"]


@pytest.mark.browser
def test_a_match_of_one_hand_says_nothing_of_hands(browser: Browser, tmp_path: Path) -> None:
    """A match of one deal (Apology's short match) said "Deal 1 of 1": the line says nothing of deals
    there, a player's match being that deal; a match of two still says "Hand 1 of 2"."""
    with serving(tmp_path) as server, context(browser, DESKTOP) as ctx:
        one = create_table(server, "apology", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=2, deals=1)
        two = create_table(server, "open-tarock", [HUMAN, COMPUTER], seed=2, deals=2)
        page, _ = open_seat(ctx, seat_link(server, one, 0))
        page.locator("h2.prompt.your-turn").wait_for()
        line = page.inner_text("#situation")
        shoot(page, "one-deal-1280x800")
        assert not re.search(r"\b(hand|deal) \d", line, re.IGNORECASE), line
        assert " of 1" not in line, line
        page, _ = open_seat(ctx, seat_link(server, two, 0))
        page.locator("h2.prompt.your-turn").wait_for()
        assert page.inner_text("#situation .hand-number").startswith("Hand 1 of 2")


def play_until_melds(url: str, link: str, rng: random.Random, limit: int = 120) -> bool:
    """Play the seat of ``link`` through the table's WebSocket (a random action at each of its turns)
    until it is to choose among combinations to lay down; whether it came to that. The seat is left to
    choose, so its page opens on the choice."""
    token = parse_qs(urlparse(link).fragment)["token"][0]
    table = urlparse(link).path.rsplit("/", 1)[-1]
    with connect(url.replace("http", "ws", 1) + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
        seat = None
        for _ in range(limit * 4):
            message = json.loads(socket.recv(timeout=60))
            if message["type"] == "welcome":
                seat = message["seat"]
            if message["type"] != "state":
                continue
            if message["view"]["outcome"]:
                return False
            decision = message["view"]["decision"]
            if decision is None or decision["seat"] != seat:
                continue
            actions = message["actions"]
            if sum(a["kind"] == "meld" for a in actions) >= 2:
                return True
            action = actions[rng.randrange(len(actions))]["text"]
            socket.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))
    return False


MELD_BUTTONS = """() => {
  const width = document.documentElement.clientWidth;
  const row = document.querySelector(".action-buttons").getBoundingClientRect();
  return [...document.querySelectorAll(".action-buttons button.action")].map((b) => {
    const box = b.getBoundingClientRect();
    return { text: b.innerText, left: box.left, right: box.right, width,
             hidden: box.top < row.top - 1 || box.bottom > row.bottom + 1,
             cut: b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1 };
  });
}"""
"""Each action button's words, where it lies, whether it is scrolled out of its row's sight and whether
its words are cut, in one reading."""

MELD_BUTTON = re.compile(
    r"((royal )?pair|muster) of [a-z]+, \d+ points: .+|sequence of [a-z]+, \d+ points: .+"
)
"""A meld button as a player reads it: "pair of sevens, 2 points: 7♥ 7♠"."""


@pytest.mark.browser
@pytest.mark.parametrize("kind", ["desktop-1280x800", "touch-390x844"])
def test_roquet_s_meld_buttons_say_what_they_lay_down(browser: Browser, tmp_path: Path, kind: str) -> None:
    """Roquet's meld buttons read "meld 7♥ 7♠": the cards, nothing of what they make. Each says what it
    lays down and is worth before its cards ("pair of sevens, 2 points: 7♥ 7♠"), as the meld zone names
    it once laid, on a desk and a phone, inside the window and uncut (on a phone a row each: two and
    "done" stay in sight)."""
    options: dict[str, Any] = {"viewport": DESKTOP} if kind.startswith("desktop") else TOUCH_PHONE
    with serving(tmp_path) as server:
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(60_000)
        try:
            for seed in range(1, 30):
                table = create_table(server, "roquet", [HUMAN, COMPUTER], seed=seed, target=100)
                link = seat_link(server, table, 0)
                if play_until_melds(server.url, link, random.Random(seed)):
                    break
            else:
                pytest.fail("no deal of 29 came to a choice of combinations")
            page, _ = open_seat(ctx, link)
            page.locator(".action-buttons button.action").first.wait_for()
            buttons = page.evaluate(MELD_BUTTONS)
            shoot(page, f"roquet-meld-buttons-{kind}")
            melds = [b for b in buttons if b["text"] != "done"]
            assert len(melds) >= 2, buttons
            if len(buttons) <= 3:  # (two combinations and "done": none scrolled out of sight)
                assert not [b for b in buttons if b["hidden"]], buttons
            for button in melds:
                assert MELD_BUTTON.fullmatch(button["text"].replace("\n", " ")), button
                assert button["left"] >= 0 and button["right"] <= button["width"], button
                assert not button["cut"], button
        finally:
            ctx.close()


@pytest.mark.browser
def test_the_lobby_s_private_tables_say_whose_turn_and_when(browser: Browser, tmp_path: Path) -> None:
    """ "Your private tables" listed a table and its players alone: a player coming back did not know
    whether a match waited for them. Each says whose turn it is ("your turn", or the player's "Seat 2's
    turn") and when the last move was ("last move just now")."""
    with serving(tmp_path) as server, context(browser, DESKTOP) as ctx:
        mine = create_table(server, "roquet", [HUMAN, COMPUTER], seed=3)
        page, _ = open_seat(ctx, seat_link(server, mine, 0))
        page.locator("h2.prompt.your-turn").wait_for()
        theirs = create_table(server, "bishops-whist", [HUMAN] * 4, seed=3)
        mover = api(server, f"/api/tables/{theirs['id']}")["to_move"]
        other, _ = open_seat(ctx, seat_link(server, theirs, (mover + 1) % 4))
        other.locator("h2.prompt").wait_for()
        other.close()
        page.click("#leave")
        page.wait_for_url(f"{server.url}/")
        page.wait_for_function("document.querySelectorAll('#mine-tables li').length === 2")
        items = page.locator("#mine-tables li").all_inner_texts()
        shoot(page, "lobby-private-turns-1280x800")
        said = {item.splitlines()[0]: item for item in items}
        assert said["Roquet (60-card pack) · your turn"].splitlines()[1].endswith("· last move just now"), (
            items
        )
        theirs_line = f"Bishops Whist · Seat {mover + 1}'s turn"
        assert theirs_line in said, items
        assert re.search(r"· last move (just now|\d+ min ago)$", said[theirs_line].splitlines()[1]), items
        assert page.locator("#mine-tables .turn-tag.yours").count() == 1
