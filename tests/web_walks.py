"""What the web walks (``tests/test_web_walk2.py``, ``test_web_walk3.py``, ``test_web_walk4.py``) share:
the server, the browser and their screenshots, under one name each. Each walk imported them itself from
``tests/test_web_browser.py`` and ``tests/test_web_protocol.py``, under names that crossed (``serving``
was the in-process app in one walk and ``parlour serve`` in the other) and wrapped ``shoot`` in a function
of its own.

- ``serving(tmp_path)``: ``parlour serve`` in a process of its own (``Server``) on SQLite in the test's
  folder, for a browser to drive (``web_support.sqlite_server``; a module that shares one server among its
  tests makes it with ``web_support.server_fixture``);
  ``serving_api(url)``: the app in this process behind a ``TestClient``, for the API alone.
- ``browser``: one headless Chromium for a walk module's tests (a module-scoped fixture: a walk imports
  it, and names it in its ``__all__``, to use it), ``context`` a person's browser context in it.
- ``shooter(walk)``: its ``shoot(page, name)``, which keeps a screenshot in
  ``test-artifacts/screenshots/<walk>/``; ``keeper(walk)``: its ``keep(page, name)``, which keeps it in
  ``docs/screenshots/<walk>/`` too.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from tests import web_support
from tests.test_web_browser import (
    COMPUTER,
    HUMAN,
    PHONE,
    act_once,
    api,
    browser,
    context,
    create_table,
    drawn_frame,
    log_lines,
    open_seat,
    seat_link,
    wait_finished,
)
from tests.test_web_protocol import create, live_table, store_of, wait_for
from tests.test_web_protocol import serving as serving_api
from tests.web_support import sqlite_server as serving

__all__ = [
    "COMPUTER",
    "HUMAN",
    "PHONE",
    "act_once",
    "api",
    "browser",
    "context",
    "create",
    "create_table",
    "drawn_frame",
    "keeper",
    "live_table",
    "log_lines",
    "open_seat",
    "seat_link",
    "serving",
    "serving_api",
    "shooter",
    "store_of",
    "wait_finished",
    "wait_for",
]


def shooter(walk: str) -> Callable[[Page, str], None]:
    """The walk's ``shoot(page, name)``: ``web_support.shoot`` into the walk's own folder."""

    def shoot(page: Page, name: str) -> None:
        web_support.shoot(page, walk, name)

    return shoot


def keeper(walk: str) -> Callable[[Page, str], None]:
    """The walk's ``keep(page, name)``: a screenshot kept with the suite's (``shooter``) and in the docs
    (``docs/screenshots/<walk>/``), to be looked at."""
    shoot = shooter(walk)
    docs = Path(__file__).parent.parent / "docs" / "screenshots" / walk

    def keep(page: Page, name: str) -> None:
        shoot(page, name)
        docs.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(docs / f"{name}.png"))

    return keep
