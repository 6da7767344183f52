"""web-13: what the web table's last reviews left, pinned where it was mended. Each test here failed
before its fix.

One ``parlour serve`` and one Chromium serve the module's browser tests (as ``tests/test_review10.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from parlour.web.tables import guarded, kept
from tests.web_support import Server, running_server
from tests.web_walks import (
    COMPUTER,
    PHONE,
    browser,
    context,
    create,
    create_table,
    live_table,
    seat_link,
    serving_api,
    shooter,
)

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser"]  # the module's Chromium, shared by its tests

shoot = shooter("web13")

WIDE = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's ``parlour serve``, with a SQLite database of its own."""
    where = tmp_path_factory.mktemp("web13")
    with running_server(f"sqlite:///{where / 'parlour.db'}") as running:
        yield running


# --- 1. one fact decides a named seat ---------------------------------------------------------------

NAMES = [
    ("Bob", True),
    ("  Bob  ", True),
    ("", False),
    ("Seat 2", False),
    ("seat 1", False),
    ("Computer 1", False),
]
"""The ways the creator names the second seat, and whether that names it: a name that reads as the
seat's default (the older "seat 1" and "Computer 1" are shown "Seat 2") names nothing."""


def test_a_seat_is_kept_from_strangers_exactly_when_it_is_guarded_from_the_players(tmp_path: Path) -> None:
    """``kept`` (may a stranger Join) compared the seat's shown name with its default; ``guarded`` (may
    the players hand it to a computer player at once) read the stored ``named``. A seat the creator
    named "seat 1" (the older default of the second seat, shown "Seat 2") was stored as named, so
    guarded for its person, yet any stranger could Join it. Both read ``named`` now, and a name that
    reads as the default names nothing."""
    with serving_api(f"sqlite:///{tmp_path / 'parlour.db'}") as client:
        for name, named in NAMES:
            seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": name}, COMPUTER, COMPUTER]
            made = create(client, "bishops-whist", seats, public=True)
            seat = live_table(client, made["id"]).seats[1]
            assert (seat.named, kept(seat), guarded(seat, 0)) == (named, named, named), (name, seat)
            info = client.get(f"/api/tables/{made['id']}").json()["seats"][1]
            assert info["kept"] is named, (name, info)
            joined = client.post(f"/api/tables/{made['id']}/join", json={"seat": 1, "name": "Eve"})
            assert joined.status_code == (409 if named else 200), (name, joined.text)
            # the creator's own seat is guarded (it is theirs), never kept: it is taken
            ann = live_table(client, made["id"]).seats[0]
            assert ann.taken and not kept(ann) and guarded(ann, 0)


# --- 2. the page uses quiet -------------------------------------------------------------------------

EXTRAS_SHOWN = """() => {
  const more = document.querySelector('details.extra');
  more.open = true;
  const shown = (e) => e.getClientRects().length > 0;
  return [...more.querySelectorAll('dt')]
    .map((dt) => [dt.textContent, shown(dt) && shown(dt.nextElementSibling)]);
}"""
"""The table's "More about this hand", opened: each row's term and whether it is drawn."""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280x900", "390x844"])
def test_a_phone_leaves_out_the_extras_quiet_rows(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """The terminal leaves out the rows a game marks ``quiet`` (Bezique's stage says nothing at a move)
    where room is short; the web table published the flag and the page drew them everywhere. A phone
    leaves them out where rows that say something share the list; a wide screen keeps them."""
    table = create_table(server, "bezique", [{"kind": "human", "name": "Ann"}, COMPUTER], seed=1)
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(seat_link(server, table, 0))
        page.locator("details.extra").wait_for(state="attached")
        rows = dict(page.evaluate(EXTRAS_SHOWN))
        page.locator("details.extra").scroll_into_view_if_needed()
        shoot(page, f"bezique-extras-{viewport['width']}x{viewport['height']}")
    assert "stage" in rows and "brisques won" in rows, rows  # a quiet row among rows that say something
    assert rows["brisques won"], rows
    assert rows["stage"] is (viewport is WIDE), rows
