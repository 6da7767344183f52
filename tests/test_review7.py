"""review-7: a new user at the web table with two friends and computer players, pinned where it was
mended: "You cut lowest and deals first" in the log, a mistyped link that unseated the browser that
opened it, a stranger taking the seat made for a named friend, and a binary frame that dropped the
connection without a word.

One ``parlour serve`` and one Chromium serve the module's browser tests; the API's tests run the app in
this process (``tests/test_web_protocol.py``'s ``serving``). Each test here failed before its fix.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.test_web_protocol import sit, tokens
from tests.web_support import Server, running_server
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    PHONE,
    api,
    browser,
    context,
    create,
    serving_api,
    shooter,
)

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser"]  # the module's Chromium, shared by its tests

shoot = shooter("review7")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's ``parlour serve``, with a SQLite database of its own."""
    where = tmp_path_factory.mktemp("review7")
    with running_server(f"sqlite:///{where / 'parlour.db'}") as running:
        yield running


REWRITE = """(cases) => import("/static/words.js").then((w) =>
  cases.map(([text, me]) => w.rewrite(text, (s) => (s === me ? "you" : `Seat ${s + 1}`), null)))"""
"""words.js's ``rewrite`` of each (engine text, viewer's seat), as the log writes it."""


@pytest.mark.browser
def test_you_and_a_second_verb_agree(browser: Browser, server: Server) -> None:
    """The log said "You cut lowest and deals first" (Bishops Whist's cut), "You cut low and deals"
    (Roquet's) and "You draw highest and banks" (Lansquenet's first banker): a verb after "and" was put
    in the second person only where the first verb changed and a word followed it. A list of things
    after "and" is still left alone."""
    cases = [
        ["seat 1 cut lowest and deals first", 1],
        ["seat 0 cuts low and deals", 0],
        ["seat 2 draws highest and banks", 2],
        ["seat 1 cut lowest and deals first; partners: seats 1 and 3 against seats 0 and 2", 1],
        # as before
        ["seat 0 takes the bank and chooses its size", 0],
        ["seat 0 scores 40 for kings and queens", 0],
        ["seat 0 holds hearts and spades", 0],
        ["seat 1 cut lowest and deals first", 0],
    ]
    with context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        said = page.evaluate(REWRITE, cases)
    assert said == [
        "You cut lowest and deal first",
        "You cut low and deal",
        "You draw highest and bank",
        "You cut lowest and deal first; partners: you & Seat 4 against Seat 1 & Seat 3",
        "You take the bank and choose its size",
        "You score 40 for kings and queens",
        "You hold hearts and spades",
        "Seat 2 cut lowest and deals first",
    ], said


SEAT_AND_NOTICE = """() => ({seat: document.querySelector('#seat-line')?.textContent ?? '',
  notice: document.querySelector('#notice')?.textContent ?? ''})"""
"""The page's seat line and notice, read together."""


@pytest.mark.browser
def test_a_link_that_is_no_seat_s_leaves_the_browser_its_own_seat(browser: Browser, server: Server) -> None:
    """Ann, seated, opened a link whose secret is no seat's (Bob's, mistyped as a friend passed it on,
    or replaced since): the page forgot Ann's own seat and she watched her own table from then on,
    reloads and the lobby too. The link is refused, and she is back at her seat."""
    table = api(
        server,
        "/api/tables",
        {
            "game": "bishops-whist",
            "options": {"hand_limit": 1},
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, COMPUTER, COMPUTER],
        },
    )
    links = {s["seat"]: server.url + s["link"] for s in table["seats"] if s["link"]}
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(links[0])
        page.wait_for_function("() => document.querySelector('#seat-line')?.textContent === 'you are Ann'")
        mistyped = ctx.new_page()
        mistyped.goto(links[1][:-1] + ("A" if not links[1].endswith("A") else "B"))
        mistyped.wait_for_function("() => document.querySelector('#notice')?.textContent?.includes('not valid')")
        mistyped.wait_for_function("() => document.querySelector('#seat-line')?.textContent !== ''")
        said = mistyped.evaluate(SEAT_AND_NOTICE)
        shoot(mistyped, "mistyped-link-390x844")
        assert said["seat"] == "you are Ann", said
        assert "back at your own seat" in said["notice"], said
        again = ctx.new_page()
        again.goto(f"{server.url}/t/{table['id']}")
        again.wait_for_function("() => document.querySelector('#seat-line')?.textContent !== ''")
        assert again.inner_text("#seat-line") == "you are Ann"
