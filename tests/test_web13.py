"""web-13: what the web table's last reviews left, pinned where it was mended. Each test here failed
before its fix.

One ``parlour serve`` and one Chromium serve the module's browser tests (as ``tests/test_review10.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.web.tables import guarded, kept
from tests.web_walks import COMPUTER, create, live_table, serving_api

pytestmark = [pytest.mark.timeout(180)]


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
