"""web-17: what web-16 left loose. Each test of a fix here failed before it.

1. A read the database refuses, for a person's request (a table opened by its link, the lobby, a seat's
   page and its reconnecting, a public join, a replay) or the start-up load: a 503 in words, or a socket
   closed with words and 1013 (try again later), never a 500 and a stack trace; nothing changes, and the
   start-up load tries again until it has every unfinished table.
2. A computer player's move the database refuses is tried again after 1, 2, 4 ... at most 30 s, logged
   once a run of refusals, and after a stored move from 1 s again.
3. A real ``parlour serve`` stopped (SIGINT, SIGTERM) while it loads its unfinished tables: no "Future
   exception was never retrieved" nor CancelledError in its log, and the tables intact after a restart.
4. "Play again" for a person who was away, refused by the database: said in words, nothing taken (it was
   so already: a test, no fix).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from playwright.sync_api import Browser

import parlour
from parlour.engine.game import RECORD
from parlour.web import tables as tables_module
from parlour.web.app import create_app
from parlour.web.store import MOVES, TABLES, SeatRecord, Store, now
from parlour.web.tables import Tables, fallback_action, retry_pause
from tests.test_web11 import ANN, BOB
from tests.test_web15 import said
from tests.test_web16 import REFUSAL, Refusing, seat_taken, stored_version, versions_stored
from tests.test_web_browser import seat_link
from tests.test_web_protocol import (
    COMPUTER,
    create,
    db_url,
    live_table,
    play_out,
    sit,
    sit_all,
    store_of,
    tokens,
    wait_for,
)
from tests.test_web_protocol import serving as serving_now
from tests.web_support import Server, database
from tests.web_walks import PHONE, browser, context, keeper

pytestmark = [pytest.mark.timeout(240)]

__all__ = ["browser", "db_url"]  # the fixtures: Chromium; SQLite, and PostgreSQL where one is given


keep = keeper("web17")
"""A screenshot kept with the suite's and in docs/screenshots/web17/."""


def reads(statement: str) -> bool:
    """Every read of the store (the tables, their seats, their moves)."""
    return statement.startswith("SELECT") and any(
        f"FROM {t}" in statement for t in ("TABLES", "SEATS", "MOVES")
    )


def last_move_read(statement: str) -> bool:
    """The read of when a table last moved (``Store.moved``): a table held in memory reads only that."""
    return statement.startswith("SELECT MAX(MOVES.CREATED)")


def no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """Nothing logged with a stack trace, and no future or task whose exception nobody retrieved."""
    assert not [r.getMessage() for r in caplog.records if r.exc_info], "a traceback in the log"
    bad = [r.getMessage() for r in caplog.records if "never retrieved" in r.getMessage()]
    assert not bad, bad


@contextlib.contextmanager
def serving_store(store: Store, *, bot_delay: float = 0.0) -> Iterator[TestClient]:
    """The app on a store the test holds (to refuse its reads from the start-up on)."""
    app = create_app(store=store, bot_delay=bot_delay, allow_seeds=True)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def held(client: TestClient) -> Tables:
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return tables


UNREAD_TABLE = "the server's database refused to read this table; try again"


# --- 1. reads the database refuses ------------------------------------------------------------------


def test_refused_reads_of_a_table_answer_in_words_and_change_nothing(
    db_url: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server starts while the database refuses every read: Ann's link, the table's page, the lobby,
    Eve's join and the replay are each answered 503 in words (the page's socket: words, then 1013), the
    log says so once, with no traceback; nothing is held or stored that was not; once the database reads
    again, the same requests are answered."""
    caplog.set_level(logging.INFO, logger="parlour.web")
    monkeypatch.setattr(tables_module, "retry_pause", lambda _n: 0.05)  # (the start-up load's pauses)
    with serving_now(db_url) as client:
        made = create(client, "bishops-whist", [ANN, BOB, COMPUTER, {"kind": "human"}], seed=7, public=True)
    table_id, secret = made["id"], tokens(made)
    store = Store(db_url)
    try:
        before = store.table(table_id)
        refusing = Refusing(store, reads)
        refusing.on = True
        with serving_store(store) as client:
            answer = client.get(f"/api/tables/{table_id}")
            assert (answer.status_code, answer.json()) == (503, {"detail": UNREAD_TABLE}), answer.text
            answer = client.get("/api/tables")
            assert answer.status_code == 503, answer.text
            assert answer.json() == {"detail": "the server's database refused to read the tables; try again"}
            answer = client.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})
            assert (answer.status_code, answer.json()) == (503, {"detail": UNREAD_TABLE}), answer.text
            answer = client.get(f"/api/tables/{table_id}/replay")
            assert (answer.status_code, answer.json()) == (503, {"detail": UNREAD_TABLE}), answer.text
            with sit(client, table_id, secret[0]) as ann:
                frame = ann.wait(lambda f: f["type"] == "error")[1]
                assert frame == {
                    "type": "error",
                    "code": "unread",
                    "message": "the server's database refused to read this table; the page tries again",
                }, frame
                assert ann.drain_until_closed() == 1013
            assert table_id not in held(client).live
            warned = said(caplog, logging.WARNING)
            assert len(warned) == 1 and warned[0].startswith("the database refused to read "), warned
            assert REFUSAL in warned[0], warned
            refusing.on = False
            assert store.table(table_id) == before, "a refused read changed nothing"
            answer = client.get(f"/api/tables/{table_id}")
            assert answer.status_code == 200 and answer.json()["version"] == 0, answer.text
            assert client.get("/api/tables").status_code == 200
            with sit(client, table_id, secret[0]) as ann:
                assert ann.wait(lambda f: f["type"] == "welcome")[1]["seat"] == 0
            assert said(caplog, logging.INFO)[-1].startswith("the database reads again, after ")
    finally:
        store.close()
    no_traceback(caplog)


def test_a_refused_read_of_a_held_table_s_last_move_answers_in_words(db_url: str) -> None:
    """A table held in memory reads only when it last moved: refused, a 503 in words (it was a 500)."""
    with serving_now(db_url) as client:
        made = create(client, "bishops-whist", [ANN, BOB, COMPUTER, COMPUTER], seed=7)
        refusing = Refusing(store_of(client), last_move_read)
        refusing.on = True
        answer = client.get(f"/api/tables/{made['id']}")
        assert (answer.status_code, answer.json()) == (503, {"detail": UNREAD_TABLE}), answer.text
        assert refusing.refused == 1
        refusing.on = False
        assert client.get(f"/api/tables/{made['id']}").status_code == 200


def test_a_refused_start_up_load_is_tried_again_until_every_table_is_loaded(
    db_url: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server starts while the database refuses to read its unfinished tables: it tries again after
    longer and longer pauses (1, 2, 4 ... s), not once and never again (an exception nobody retrieved,
    and the computer players of the tables not loaded waiting for someone to open them); once the
    database reads, every unfinished table is loaded and its computer players play."""
    caplog.set_level(logging.INFO, logger="parlour.web")
    with serving_now(db_url, bot_delay=60.0) as client:
        ids = [create(client, "bishops-whist", [COMPUTER] * 4, seed=i)["id"] for i in range(3)]
    pauses: list[float] = []

    def counted(refusals: int) -> float:
        pauses.append(retry_pause(refusals))
        return 0.01

    monkeypatch.setattr(tables_module, "retry_pause", counted)
    store = Store(db_url)
    try:
        refusing = Refusing(store, reads)
        refusing.on = True
        with serving_store(store) as client:
            wait_for(lambda: len(pauses) >= 4, what="the start-up load to be tried again")
            assert pauses[:4] == [1, 2, 4, 8], pauses
            assert not held(client).live
            refusing.on = False
            wait_for(lambda: all(i in held(client).live for i in ids), what="every table to be loaded")
            wait_for(lambda: all(stored_version(client, i) >= 1 for i in ids), what="the computers to play")
            warned = said(caplog, logging.WARNING)
            assert len(warned) == 1 and "the unfinished tables" in warned[0], warned
    finally:
        store.close()
    no_traceback(caplog)


def test_a_table_that_fails_to_load_at_the_start_leaves_the_others_loaded(
    db_url: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One unfinished table's load fails at the start-up for a fault of its own (not the database's): it is
    logged, and the tables after it are loaded all the same (the failure ended the load)."""
    caplog.set_level(logging.INFO, logger="parlour.web")
    with serving_now(db_url, bot_delay=60.0) as client:
        ids = [create(client, "bishops-whist", [COMPUTER] * 4, seed=i)["id"] for i in range(3)]
    load = Tables._load
    failing: set[str] = set()

    async def faulty(self: Tables, table_id: str) -> Any:
        if not failing:
            failing.add(table_id)  # (the first the load asks for, whichever it is)
        if table_id in failing:
            raise RuntimeError("a fault of the table's own (by the test)")
        return await load(self, table_id)

    monkeypatch.setattr(Tables, "_load", faulty)
    with serving_now(db_url, bot_delay=60.0) as client:
        tables = held(client)
        wait_for(lambda: sum(i in tables.live for i in ids) == 2 and len(failing) == 1, what="the others")
        assert not failing & set(tables.live)
    errors = [r for r in caplog.records if r.name == "parlour.web" and r.levelno == logging.ERROR]
    assert [r.getMessage() for r in errors] == [f"table {min(failing)} could not be loaded at the start"]


# --- 2. a computer player's refused move: tried again after longer pauses ------------------------------


def test_a_computer_s_refused_move_is_tried_again_after_longer_pauses(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The database refuses every move of a match of computer players: the pauses before each try again
    are 1, 2, 4, 8, 16 s, then 30 s each (they were 1 s every time), the log says so once a run of
    refusals, and after a stored move the next run starts from 1 s again. (The pauses are counted, not
    waited.)"""
    caplog.set_level(logging.INFO, logger="parlour.web")
    with serving_now(db_url) as client:
        tables = held(client)
        pauses: list[float] = []

        async def pause(seconds: float) -> None:
            pauses.append(seconds)
            await asyncio.sleep(0.005)

        tables.pause = pause
        refusing = Refusing(store_of(client), versions_stored)
        refusing.on = True
        table_id = create(client, "bishops-whist", [COMPUTER] * 4, seed=7)["id"]
        wait_for(lambda: len(pauses) >= 8, what="eight refusals")
        assert pauses[:8] == [1, 2, 4, 8, 16, 30, 30, 30], pauses
        assert stored_version(client, table_id) == 0
        refusing.on = False
        wait_for(lambda: stored_version(client, table_id) >= 1, what="a move stored")
        refusing.on = True
        run, version = len(pauses), stored_version(client, table_id)
        wait_for(lambda: len(pauses) >= run + 3, what="three refusals more")
        assert pauses[run : run + 3] == [1, 2, 4], pauses
        refusing.on = False
        wait_for(lambda: stored_version(client, table_id) > version, what="the match to go on")
        wait_for(lambda: len(stored_after(caplog)) == 2, what="the log to say the move is stored")
    warned = [w for w in said(caplog, logging.WARNING) if "was not stored" in w]
    assert len(warned) == 2, warned  # (once a run, not once a try)
    told = said(caplog, logging.INFO)
    tries = [line for line in told if "tries its move again in 1 s" in line]
    assert len(tries) == 2 and "at most 30 s" in tries[0], told
    stored = stored_after(caplog)
    assert len(stored) == 2 and stored[0].endswith(f"after {run} refusals"), told
    no_traceback(caplog)


def stored_after(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The log's lines that a computer's move is stored after a run of refusals."""
    return [line for line in said(caplog, logging.INFO) if "move is stored, after " in line]


def test_the_pauses_double_up_to_thirty_seconds() -> None:
    assert [retry_pause(n) for n in range(1, 9)] == [1, 2, 4, 8, 16, 30, 30, 30]
    assert retry_pause(10_000) == 30


# --- 3. a real server stopped while it loads its tables ----------------------------------------------------


def stored_matches(url: str, count: int, moves_each: int) -> dict[str, int]:
    """``count`` public matches of Bishop's Whist (a whole one, 260 moves here) between computer players,
    stored unfinished ``moves_each`` moves in, as a server stores them: their ids, and how many moves each
    has. They are one match, dealt by seed 7 and played once by each seat's first legal move, stored
    ``count`` times over (one transaction for every move): loading them is replaying each, storing them is
    only the database's work."""
    game = parlour.make("bishops-whist")
    state = game.new(seed=7)
    deal = [dict(e.data) for e in state.log if e.to == RECORD and e.kind == "chance"]
    seats = [SeatRecord(s, "computer", "heuristic", f"Computer {s + 1}", None, True) for s in range(4)]
    played: list[dict[str, Any]] = []
    for seq in range(1, moves_each + 1):
        seat = state.current_player
        assert seat is not None and not state.is_over
        before = len(state.log)
        state.apply(fallback_action(state.view(seat)), seat=seat)
        new = state.log[before:]
        action = next(str(e.data["action"]) for e in new if e.to == RECORD and e.kind == "action")
        draws = [dict(e.data) for e in new if e.to == RECORD and e.kind == "chance"]
        played.append({"seq": seq, "seat": seat, "action": action, "draws": draws})
    assert not state.is_over
    store = Store(url)
    made = {f"quick{i:03d}": moves_each for i in range(count)}
    try:
        for table_id in made:
            store.create_table(table_id, game.name, dict(game.options), 7, True, seats, deal, "playing")
        with store.engine.begin() as conn:
            moment = now()
            rows = [{"table_id": t, "created": moment, **move} for t in made for move in played]
            conn.execute(sa.insert(MOVES), rows)
            conn.execute(sa.update(TABLES).where(TABLES.c.id.in_(list(made))).values(version=moves_each))
    finally:
        store.close()
    return made


def test_a_real_server_stopped_while_it_loads_its_tables_stops_cleanly(tmp_path: Path) -> None:
    """A hundred unfinished matches of 250 moves stored in SQLite, which a server takes some seconds to load
    (each replayed); ``parlour serve`` stopped by SIGINT as soon as it listens, and by SIGTERM and SIGINT
    once its lobby shows tables not loaded yet (its load under way): it exits, its log has no "Future
    exception was never retrieved", no CancelledError and no traceback, and a restarted server has every
    table as it was stored."""
    url = f"sqlite:///{tmp_path / 'parlour.db'}"
    made = stored_matches(url, 100, 250)
    cut = 0
    for sign, lobby_first in [(signal.SIGINT, False), (signal.SIGTERM, True), (signal.SIGINT, True)]:
        server = Server(url, bot_delay=60.0).start()
        try:
            if lobby_first:
                lobby = httpx.get(f"{server.url}/api/tables", timeout=30).json()
                # (a table the lobby lists from the store, not from memory, carries when it was made)
                cut += any("created" in t for t in lobby["playing"])
            stopped(server, sign)
        finally:
            server.kill()
    assert cut, "the server was not stopped while it loaded its tables: the test proves nothing"
    intact(url, made)


def stopped(server: Server, sign: int) -> None:
    """Send ``parlour serve`` ``sign``: it ends so (``ended``)."""
    assert server.process is not None
    server.process.send_signal(sign)
    ended(server, sign)


def ended(server: Server, sign: int) -> None:
    """``parlour serve``, sent ``sign``, exits within 30 s, saying nothing of a future or task whose
    exception nobody retrieved, of a cancellation, or of a traceback."""
    assert server.process is not None
    try:
        server.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"parlour serve did not stop within 30 s of {sign!r}")
    server.kill()  # (ended: what it said kept)
    for bad in ("never retrieved", "CancelledError", "Traceback"):
        assert bad not in server.said, f"{sign!r}: {server.said[-3000:]}"


def intact(url: str, made: dict[str, int]) -> None:
    """A restarted server has every table as stored: each one's moves all there, and a few opened by their
    links (every one, by HTTP, took a loaded machine most of a minute)."""
    server = Server(url, bot_delay=60.0).start()
    try:
        for table_id in list(made)[:: max(1, len(made) // 5)]:
            info = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30).json()
            assert (info["version"], info["status"]) == (made[table_id], "playing"), info
    finally:
        server.stop()
    store = Store(url)
    try:
        for table_id, moves in made.items():
            record = store.table(table_id)
            assert record is not None and (record.version, record.status) == (moves, "playing"), record
            assert [m.seq for m in store.moves(table_id)] == list(range(moves + 1))
    finally:
        store.close()


def waiting_on_a_lock(engine: sa.Engine) -> int:
    """The PostgreSQL sessions of the test's database that wait for a lock."""
    with engine.connect() as conn:
        return int(
            conn.scalar(
                sa.text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock'"
                )
            )
            or 0
        )


def listening(server: Server) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", server.port), timeout=0.2):
        return True
    return False


@pytest.mark.postgres
@pytest.mark.parametrize("sign", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_real_server_stopped_while_a_slow_database_holds_its_load_stops_cleanly(
    tmp_path: Path, sign: int
) -> None:
    """The quick stop made certain: the test locks the moves (PostgreSQL's ``LOCK TABLE``), so the server's
    load of its unfinished tables waits in the database; it is stopped then, and the lock let go once it
    has closed its port (its shutdown under way): its log has no "Future exception was never retrieved" nor
    CancelledError (web-16's in-process test slowed the reads; this one is ``parlour serve`` itself), and
    the tables are intact after a restart."""
    with database("postgres", tmp_path) as url:
        made = stored_matches(url, 3, 40)
        engine = sa.create_engine(url)
        try:
            with engine.connect() as holder:
                holder.execute(sa.text("LOCK TABLE moves IN ACCESS EXCLUSIVE MODE"))
                server = Server(url, bot_delay=60.0).start()
                try:
                    wait_for(lambda: waiting_on_a_lock(engine) >= 1, what="the load to wait for the moves")
                    assert server.process is not None
                    server.process.send_signal(sign)
                    wait_for(lambda: not listening(server), what="the server to close its port")
                    time.sleep(0.5)  # (its lifespan's end: the load cancelled while it waits)
                    holder.rollback()
                    ended(server, sign)
                finally:
                    server.kill()
        finally:
            engine.dispose()
        intact(url, made)


# --- 4. "play again" for a person who was away, refused --------------------------------------------


def test_a_refused_play_again_for_a_person_who_was_away_says_so_and_takes_nothing(db_url: str) -> None:
    """Ann and Bob finish; Bob goes away; Ann plays again (Bob's seat at the next match waits for him).
    Bob comes back and asks to play again while the database refuses his seat: he hears so in words, his
    seat at the next match is neither taken nor given a new secret, in memory or in the store; asked
    again once the database takes writes, he gets a link that sits him there."""
    with serving_now(db_url) as client:
        made = create(client, "bezique", [ANN, BOB], seed=71)
        table_id, secret = made["id"], tokens(made)
        with contextlib.ExitStack() as stack:
            people = sit_all(stack, client, table_id, secret)
            assert play_out(people, random.Random(71))["view"]["outcome"] is not None
            people[1].ws.close()
            people.pop(1)
            wait_for(lambda: not live_table(client, table_id).connected(1), what="Bob to be away")
            since = len(people[0].frames)
            people[0].send({"type": "again"})
            new_id = people[0].wait(lambda f: f["type"] == "next", since)[1]["id"]
        nxt = live_table(client, new_id)
        token_hash = nxt.seats[1].token_hash
        assert not nxt.seats[1].taken
        refusing = Refusing(store_of(client), seat_taken)
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
            refusing.on = True
            since = len(bob.frames)
            bob.send({"type": "again"})
            assert bob.reply(since) == {
                "type": "error",
                "code": "unstored",
                "message": "the server's database refused to store your seat at the next match; you are "
                "not there yet; try again",
            }
            assert refusing.refused == 1
            assert (nxt.seats[1].taken, nxt.seats[1].token_hash, nxt.status) == (False, token_hash, "waiting")
            record = store_of(client).table(new_id)
            assert record is not None and not record.seats[1].taken and record.status == "waiting"
            assert record.seats[1].token_hash == token_hash
            refusing.on = False
            since = len(bob.frames)
            bob.send({"type": "again"})
            link = bob.wait(lambda f: f["type"] == "next", since)[1]["link"]
        assert link is not None and link.startswith(f"/t/{new_id}#seat=1&token=")
        with sit(client, new_id, link.rsplit("token=", 1)[1]) as bob:
            assert bob.wait(lambda f: f["type"] == "welcome")[1]["seat"] == 1
        record = store_of(client).table(new_id)
        assert record is not None and record.seats[1].taken and record.status == "playing"


def test_a_refused_read_of_the_next_match_is_said_in_words(db_url: str) -> None:
    """The next match is no longer held in memory (a restart) and the database refuses to read it when
    Bob asks to play again: he hears so in words, and his connection stays."""
    with serving_now(db_url) as client:
        made = create(client, "bezique", [ANN, BOB], seed=71)
        table_id, secret = made["id"], tokens(made)
        with contextlib.ExitStack() as stack:
            people = sit_all(stack, client, table_id, secret)
            play_out(people, random.Random(71))
            people[0].send({"type": "again"})
            new_id = people[0].wait(lambda f: f["type"] == "next")[1]["id"]
            people[0].ping()
        tables = held(client)
        del tables.live[new_id]  # (as a restart would leave it: read from the store when asked for)
        refusing = Refusing(store_of(client), reads)
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
            refusing.on = True
            since = len(bob.frames)
            bob.send({"type": "again"})
            assert bob.reply(since) == {"type": "error", "code": "unread", "message": UNREAD_TABLE}
            refusing.on = False
            assert bob.ping() == []
            since = len(bob.frames)
            bob.send({"type": "again"})
            assert bob.wait(lambda f: f["type"] == "next", since)[1]["id"] == new_id


# --- the page ------------------------------------------------------------------------------------------


@contextlib.contextmanager
def served_on(store: Store) -> Iterator[Server]:
    """The app on ``store`` under uvicorn in a thread of this process (test_web16's ``served_here``, on a
    store the test made, so that its refusals hold from the start-up on); stopped afterwards."""
    import uvicorn

    place = Server(store.url)  # (its free port and address: nothing started)
    app = create_app(store=store, bot_delay=0.0, allow_seeds=True)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=place.port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        wait_for(lambda: server.started, what="the server to start")
        yield place
    finally:
        server.should_exit = True
        thread.join(30)
        store.close()


@pytest.mark.browser
def test_the_page_says_a_refused_read_and_sits_down_once_read(browser: Browser, tmp_path: Path) -> None:
    """Ann opens her link while the database refuses to read the table: the page says so in words (not
    "cannot be found"), tries again, and sits her down once the database reads; the lobby says in words
    that it could not load the tables, and says no more of it once it has loaded them."""
    url = f"sqlite:///{tmp_path / 'parlour.db'}"
    with serving_now(url) as client:
        made = create(client, "bishops-whist", [ANN, COMPUTER, COMPUTER, COMPUTER], seed=7)
    store = Store(url)
    refusing = Refusing(store, reads)
    refusing.on = True  # (from the start: the server's start-up load read the table before)
    with served_on(store) as server, context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(seat_link(server, made, 0))
        page.locator("#notice", has_text="Not loaded").wait_for()
        notice = page.inner_text("#notice")
        assert notice == (
            "Not loaded: the server's database refused to read this table; the page tries again"
        ), notice
        keep(page, "a-refused-read-390x844")
        lobby = ctx.new_page()
        lobby.goto(f"{server.url}/")
        lobby.locator("#notice", has_text="could not be loaded").wait_for()
        notice = lobby.inner_text("#notice")
        assert notice == (
            "The tables could not be loaded: the server's database refused to read the tables; try again"
        ), notice
        keep(lobby, "the-lobby-refused-390x844")
        refusing.on = False
        # (the lead's, after web-18's report: the notice stayed up once the lists loaded again)
        lobby.wait_for_function("document.getElementById('notice').textContent === ''", timeout=15_000)
        lobby.close()
        page.locator("h2.prompt", has_text="Your turn").wait_for()
