"""web-18: what web-17 left loose. Each test of a fix here failed before it.

1. A computer player whose choice is illegal plays its first legal move instead; that move refused by the
   database is now as any refused move: nothing played, logged once, tried again after 1, 2, 4 ... at
   most 30 s (without choosing again), and the match goes on once the database takes it (the
   computer-player task ended with a traceback, and the table waited for nobody).
2. The lobby's "Your private tables": a table whose read the database refuses is said in words, and kept
   with its link (it was dropped silently).
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from parlour.web import tables as tables_module
from parlour.web.store import Store
from tests.test_web15 import said
from tests.test_web16 import stored_version, versions_stored
from tests.test_web17 import Refusing, held, no_traceback, reads, served_on
from tests.test_web_protocol import COMPUTER, create, db_url, serving, store_of, wait_for
from tests.web_walks import PHONE, browser, context, shooter

pytestmark = [pytest.mark.timeout(240)]

__all__ = ["browser", "db_url"]  # the fixtures: Chromium; SQLite, and PostgreSQL where one is given

shoot = shooter("web18")

DOCS_SHOTS = Path(__file__).parent.parent / "docs" / "screenshots" / "web18"


# --- 1. a computer player's fallback move, refused ---------------------------------------------------


def test_a_refused_fallback_move_is_tried_again_and_the_match_goes_on(
    db_url: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every computer player chooses an illegal move (so plays its first legal one instead), and the
    database refuses the moves: nothing is played, the pauses before each try again are 1, 2, 4, 8 s, the
    refusal and the illegal choice are logged once (the player is not asked again while its fallback
    waits), no traceback; once the database takes writes, the match goes on."""
    caplog.set_level(logging.INFO, logger="parlour.web")
    chosen: list[int] = []

    def illegal(*_args: Any) -> str:
        chosen.append(1)
        return "play nonsense"

    monkeypatch.setattr(tables_module, "_choose", illegal)
    with serving(db_url) as client:
        tables = held(client)
        pauses: list[float] = []

        async def pause(seconds: float) -> None:
            pauses.append(seconds)
            await asyncio.sleep(0.005)

        tables.pause = pause
        refusing = Refusing(store_of(client), versions_stored)
        refusing.on = True
        table_id = create(client, "bishops-whist", [COMPUTER] * 4, seed=7)["id"]
        wait_for(lambda: len(pauses) >= 4 or not _alive(client, table_id), what="four refusals")
        assert pauses[:4] == [1, 2, 4, 8], (pauses, said(caplog, logging.ERROR))
        assert stored_version(client, table_id) == 0
        assert len(chosen) == 1, "the computer player was asked again while its fallback move waited"
        chose = [e for e in said(caplog, logging.ERROR) if "chose 'play nonsense'" in e]
        assert len(chose) == 1, chose  # (once, not once a try)
        refusing.on = False
        wait_for(lambda: stored_version(client, table_id) >= 3, what="the match to go on")
        assert _alive(client, table_id)
    warned = [w for w in said(caplog, logging.WARNING) if "was not stored" in w]
    assert len(warned) == 1, warned
    assert not [e for e in said(caplog, logging.ERROR) if "failed" in e], said(caplog, logging.ERROR)
    stored = [line for line in said(caplog, logging.INFO) if "move is stored, after " in line]
    assert len(stored) == 1, stored
    assert int(stored[0].rsplit(" ", 2)[1]) >= 4, stored
    no_traceback(caplog)


def _alive(client: Any, table_id: str) -> bool:
    """Whether the table's computer players are still at work (their task not ended by an exception)."""
    table = held(client).live.get(table_id)
    task = None if table is None else table.bots
    return task is None or not task.done() or task.cancelled() or task.exception() is None
