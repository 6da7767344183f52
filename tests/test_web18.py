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
import json
import logging
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser
from sqlalchemy import event

from parlour.web import tables as tables_module
from parlour.web.store import Store
from tests.test_web11 import ANN
from tests.test_web15 import said
from tests.test_web16 import REFUSAL, Refusing, stored_version, versions_stored
from tests.test_web17 import held, no_traceback, served_on
from tests.test_web_protocol import COMPUTER, create, db_url, serving, store_of, tokens, wait_for
from tests.web_walks import PHONE, browser, context, keeper

pytestmark = [pytest.mark.timeout(240)]

__all__ = ["browser", "db_url"]  # the fixtures: Chromium; SQLite, and PostgreSQL where one is given


keep = keeper("web18")
"""A screenshot kept with the suite's and in docs/screenshots/web18/."""


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


# --- 2. the lobby's private tables, one refused -------------------------------------------------------


class RefusingTable:
    """The database refusing every statement about one table alone (its id among the parameters, and no
    list of ids) while ``on``: the lobby's lists (which read every table's seats at once) are read, that
    table's own reads are refused."""

    def __init__(self, store: Store, table_id: str) -> None:
        self.on = False
        self.refused = 0
        self.table_id = table_id
        event.listen(store.engine, "before_cursor_execute", self.check)

    def check(self, _conn: Any, _cursor: Any, statement: str, parameters: Any, *_rest: Any) -> None:
        alone = " IN (" not in " ".join(statement.split()).upper()
        if self.on and alone and self.table_id in repr(parameters):
            self.refused += 1
            raise sa.exc.OperationalError(statement, parameters, Exception(REFUSAL))


@pytest.mark.browser
def test_the_lobby_says_a_private_table_it_could_not_read(browser: Browser, tmp_path: Path) -> None:
    """Ann holds a seat at a private table; the database refuses to read it: the lobby says so in words
    (it dropped the table from "Your private tables" without a word), keeps her way back to it, and once
    the database reads again lists it as before and takes its words back."""
    url = f"sqlite:///{tmp_path / 'parlour.db'}"
    with serving(url) as client:
        made = create(client, "bishops-whist", [ANN, COMPUTER, COMPUTER, COMPUTER], seed=7)
    table_id, secret = made["id"], tokens(made)[0]
    store = Store(url)
    refusing = RefusingTable(store, table_id)
    with served_on(store) as server, context(browser, PHONE) as ctx:
        lobby = ctx.new_page()
        lobby.goto(f"{server.url}/")
        seat = json.dumps({"seat": 0, "token": secret})
        lobby.evaluate(
            "([key, value]) => localStorage.setItem(key, value)", [f"parlour.seat.{table_id}", seat]
        )
        refusing.on = True
        lobby.reload()
        lobby.locator("#notice", has_text="could not be loaded").wait_for(timeout=15_000)
        notice = lobby.inner_text("#notice")
        assert notice == (
            "One of your private tables could not be loaded: the server's database refused to read this "
            "table; try again"
        ), notice
        assert refusing.refused >= 1
        mine = lobby.locator("#mine-tables li")
        assert mine.count() == 1 and lobby.locator("#mine-panel").is_visible()
        assert mine.first.inner_text().startswith("Not loaded"), mine.first.inner_text()
        link = mine.first.locator("a", has_text="Back to your seat")
        assert link.get_attribute("href") == f"/t/{table_id}"
        keep(lobby, "the-lobby-a-private-table-refused-390x844")
        refusing.on = False
        lobby.locator("#mine-tables li", has_text="Bishop").wait_for(timeout=15_000)
        wait_for(lambda: lobby.inner_text("#notice") == "", what="the lobby to take its words back")
        assert mine.count() == 1 and "Not loaded" not in mine.first.inner_text()
        keep(lobby, "the-lobby-a-private-table-read-again-390x844")
