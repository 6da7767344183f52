"""web-12: what the last web review (``tests/test_review10.py``) left at the web table, pinned where it
was mended. Each test here failed before its fix.

One ``parlour serve`` and one Chromium serve the module's browser tests (as ``tests/test_review10.py``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.test_review10 import play_to_melds
from tests.web_support import Server, running_server
from tests.web_walks import COMPUTER, PHONE, browser, context, create_table, seat_link, shooter

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser"]  # the module's Chromium, shared by its tests

shoot = shooter("web12")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's ``parlour serve``, with a SQLite database of its own."""
    where = tmp_path_factory.mktemp("web12")
    with running_server(f"sqlite:///{where / 'parlour.db'}") as running:
        yield running


BUTTONS_OUT_OF_SIGHT = """() => {
  const box = document.querySelector('.action-buttons');
  const bottom = box.getBoundingClientRect().bottom;
  const hidden = [...box.querySelectorAll('button.action')]
    .filter((b) => b.getBoundingClientRect().bottom > bottom + 1);
  const cue = [...document.querySelectorAll('.dock .more-rows')].find((c) => !c.hidden && c.offsetParent);
  const r = cue ? cue.getBoundingClientRect() : null;
  return {hidden: hidden.length, cue: cue ? cue.textContent : null,
    below: r ? r.top >= bottom - 1 && r.top - bottom < 30 : null};
}"""
"""How many action buttons lie below the box's edge, and the dock's cue of rows, if any, and whether it
lies just below the box of buttons."""


@pytest.mark.browser
def test_combinations_out_of_sight_have_a_cue_on_a_phone(browser: Browser, server: Server) -> None:
    """Roquet's four nines offer seven combinations: on a phone the box of buttons showed three of them
    and the rest, the best among them (the four nines), lay out of sight with nothing to say so. The box
    has the cue of rows the boxes of cards have ("▾ N more rows"), which scrolls them into sight."""
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER]
    table = create_table(server, "roquet", seats, seed=3)
    link = seat_link(server, table, 0)
    actions = play_to_melds(server.url, link, 7)
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(link)
        page.locator('.action-buttons button.action[data-key="action-done"]').wait_for()
        said = page.evaluate(BUTTONS_OUT_OF_SIGHT)
        shoot(page, "combinations-cue-390x844")
        assert said["hidden"] > 0, (said, actions)  # the case the cue is for
        assert said["cue"] is not None and said["cue"].startswith("▾ ") and "more row" in said["cue"], said
        assert said["below"], said
        page.locator(".dock .more-rows").click()
        page.wait_for_timeout(300)
        after = page.evaluate(BUTTONS_OUT_OF_SIGHT)
        shoot(page, "combinations-cue-pressed-390x844")
    assert after["hidden"] < said["hidden"], (said, after)
