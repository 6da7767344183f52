"""Defects a new user met at the web table (the QA pass), each pinned by a test in a real browser.

The server and browser helpers are those of ``tests/test_web_browser.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.test_web_browser import (
    COMPUTER,
    browser,
    context,
    create_table,
    serving,
    wait_finished,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

__all__ = ["browser"]  # the module's Chromium, shared with these tests


def test_replay_next_pressed_quickly_moves_one_step_a_press(browser: Browser, tmp_path: Path) -> None:
    """Pressing "Next" five times before the server answers shows step 5, not step 1: each press goes
    on from the step last asked for, not from the step last drawn (a held arrow key did not advance)."""
    with serving(tmp_path) as server:
        table = create_table(server, "roquet", [COMPUTER, COMPUTER], seed=5)
        wait_finished(server, table["id"])
        with context(browser) as ctx:
            page = ctx.new_page()
            page.goto(f"{server.url}/replay/{table['id']}")
            page.locator("#step-text", has_text="step 0 of").wait_for()

            # five presses in one go, as a held key or a quick hand makes them: none waits for an answer
            page.evaluate("for (let i = 0; i < 5; i++) document.getElementById('next').click()")
            page.locator("#step-text", has_text="step 5 of").wait_for(timeout=10_000)
            page.wait_for_timeout(500)  # no late answer takes it elsewhere
            assert page.inner_text("#step-text").startswith("step 5 of")
            page.evaluate(
                "for (let i = 0; i < 2; i++) document.body.dispatchEvent("
                "new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true}))"
            )
            page.locator("#step-text", has_text="step 3 of").wait_for(timeout=10_000)
