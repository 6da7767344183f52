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
