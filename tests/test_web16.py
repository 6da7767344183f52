"""web-16: what web-15 left loose. Each test of a fix here failed before it.

1. A write the database refuses, beyond a seat's leaving: a move is never acknowledged unless stored, and
   a refused one is refused to its player alone with the table as it was (in memory and after a restart);
   a refused sitting-down tells the person and leaves no half-taken seat; a refused public join, new
   table or hand-over answers 503 in words and changes nothing; a refused "play again" leaves no next
   table half made; and the page says "Not stored".
2. A table dropped from memory is rebuilt with the leavings the database refused.
3. A server stopped while it loads its unfinished tables stops cleanly: no "Future exception was never
   retrieved ... CancelledError" in its log.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser
from sqlalchemy import event

from parlour.web.app import create_app
from parlour.web.store import Store
from parlour.web.tables import KEPT_WAIT, TableError
from tests.test_web11 import ANN, BOB, bob_and_a_stranger, seats_of, serving
from tests.test_web15 import Refusing as RefusingLeavings
from tests.test_web15 import said, stored_left
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
from tests.web_support import Server
from tests.web_walks import PHONE, browser, context, create_table, seat_link, shooter

__all__ = ["browser", "db_url"]  # the fixtures: Chromium; SQLite, and PostgreSQL where one is given

shoot = shooter("web16")

REFUSAL = "database is locked (by the test)"


class Refusing:
    """The database refusing every statement ``refuses`` accepts while ``on`` (test_web15's hook, for any
    write): the statement goes through the store's own code to the engine, and fails there."""

    def __init__(self, store: Store, refuses: Callable[[str], bool]) -> None:
        self.on = False
        self.refused = 0
        self.refuses = refuses
        event.listen(store.engine, "before_cursor_execute", self.check)

    def check(self, _conn: Any, _cursor: Any, statement: str, parameters: Any, *_rest: Any) -> None:
        if self.on and self.refuses(" ".join(statement.split()).upper()):
            self.refused += 1
            raise sa.exc.OperationalError(statement, parameters, Exception(REFUSAL))


def moves_stored(statement: str) -> bool:
    """A move's writes (the table's new version, then the move: both in one transaction)."""
    return statement.startswith("INSERT INTO MOVES") and "SEQ" in statement


def versions_stored(statement: str) -> bool:
    """A move's first write, the table's new version (the deal, stored with a new table, has none)."""
    return statement.startswith("UPDATE TABLES SET") and "VERSION" in statement.split(" WHERE ")[0]


def seat_taken(statement: str) -> bool:
    return statement.startswith("UPDATE SEATS SET") and "TAKEN" in statement


def table_made(statement: str) -> bool:
    return statement.startswith("INSERT INTO TABLES")


def decision_of(peer: Any, seat: int) -> dict[str, Any]:
    """The state frame in which ``seat`` is to decide."""
    frame: dict[str, Any] = peer.wait(
        lambda f: f["type"] == "state" and (f["view"]["decision"] or {}).get("seat") == seat
    )[1]
    return frame


def stored_version(client: Any, table_id: str) -> int:
    record = store_of(client).table(table_id)
    assert record is not None
    return record.version


# --- 1. writes the database refuses -------------------------------------------------------------------


def test_a_refused_move_is_refused_to_its_player_and_the_table_is_as_it_was(db_url: str) -> None:
    """Ann plays while the database refuses the move: she hears it was not stored and nothing was played,
    her connection and Bob's stay, the table in memory is as it was (same version, same view), and a
    restart finds it so; once the database takes writes again, the same move is played and stored."""
    with serving_now(db_url) as client:
        made = create(client, "bishops-whist", [ANN, BOB, COMPUTER, COMPUTER], seed=7)
        table_id, secret = made["id"], tokens(made)
        refusing = Refusing(store_of(client), moves_stored)
        with sit(client, table_id, secret[0]) as ann, sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
            frame = decision_of(ann, 0)
            table = live_table(client, table_id)
            before = table.state.view(0).to_dict()
            bob.ping()  # (what Bob was sent so far read)
            refusing.on = True
            since = len(ann.frames)
            action = frame["actions"][0]["text"]
            ann.send({"type": "act", "action": action, "version": frame["version"]})
            reply = ann.reply(since)
            assert reply == {
                "type": "error",
                "code": "unstored",
                "message": "the server's database refused your move, so nothing was played; try again",
            }, reply
            assert refusing.refused == 1
            assert ann.ping() == []  # her connection works, and heard nothing else
            assert not [f for f in bob.ping() if f["type"] == "state"]  # Bob heard of no move
            assert live_table(client, table_id) is table
            assert table.version == frame["version"] and table.state.view(0).to_dict() == before
            assert stored_version(client, table_id) == frame["version"]
            refusing.on = False
            since = len(ann.frames)
            ann.send({"type": "act", "action": action, "version": frame["version"]})
            assert ann.reply(since) == {"type": "ack", "version": frame["version"] + 1}
            assert stored_version(client, table_id) == frame["version"] + 1


def test_a_refused_move_is_not_there_after_a_restart(db_url: str) -> None:
    """The server stops right after refusing Ann's move: the restarted one deals the same table at the
    same point, Ann to play."""
    with serving_now(db_url) as client:
        made = create(client, "bishops-whist", [ANN, BOB, COMPUTER, COMPUTER], seed=7)
        table_id, secret = made["id"], tokens(made)
        refusing = Refusing(store_of(client), moves_stored)
        with sit(client, table_id, secret[0]) as ann:
            frame = decision_of(ann, 0)
            before = live_table(client, table_id).state.view(0).to_dict()
            refusing.on = True
            since = len(ann.frames)
            ann.send({"type": "act", "action": frame["actions"][0]["text"], "version": frame["version"]})
            assert ann.reply(since)["code"] == "unstored"
    with serving_now(db_url) as client, sit(client, table_id, secret[0]) as ann:
        again = decision_of(ann, 0)
        assert again["version"] == frame["version"]
        assert live_table(client, table_id).state.view(0).to_dict() == before


def test_a_computer_s_refused_move_is_tried_again_without_a_traceback(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A match of computer players while the database refuses every move: nothing is played, the log
    says so in one line (not a traceback), and the match goes on once the database takes writes."""
    caplog.set_level(logging.INFO, logger="parlour.web")
    with serving_now(db_url) as client:
        refusing = Refusing(store_of(client), versions_stored)
        refusing.on = True
        made = create(client, "bishops-whist", [COMPUTER] * 4, seed=7)
        table_id = made["id"]
        wait_for(lambda: refusing.refused >= 2, what="the computer's move to be refused twice")
        assert live_table(client, table_id).version == 0 and stored_version(client, table_id) == 0
        refusing.on = False
        wait_for(lambda: stored_version(client, table_id) >= 3, what="the match to go on")
        warned = said(caplog, logging.WARNING)
        assert len(warned) == 1 and warned[0].startswith(f"table {table_id}: Computer "), warned
        assert "was not stored" in warned[0] and REFUSAL in warned[0], warned
        assert not [r for r in caplog.records if r.exc_info], "one line, not a traceback"


def test_a_refused_sitting_down_tells_the_person_and_leaves_the_seat_free(db_url: str) -> None:
    """Bob opens his link while the database refuses to store his seat as taken: he hears so, the socket
    closes (his page tries again), the seat is neither taken nor connected in memory or in the store, and
    the table still waits; once the database takes writes, he sits down."""
    with serving_now(db_url) as client:
        made = create(client, "bishops-whist", [ANN, BOB, COMPUTER, COMPUTER], seed=7)
        table_id, secret = made["id"], tokens(made)
        refusing = Refusing(store_of(client), seat_taken)
        with sit(client, table_id, secret[0]) as ann:
            ann.wait(lambda f: f["type"] == "welcome")
            refusing.on = True
            with sit(client, table_id, secret[1]) as bob:
                frame = bob.wait(lambda f: f["type"] == "error")[1]
                assert frame == {
                    "type": "error",
                    "code": "unstored",
                    "message": "the server's database refused to store your seat as taken, so you are not "
                    "seated yet; the page tries again",
                }, frame
                assert bob.drain_until_closed() == 1013
            table = live_table(client, table_id)
            assert not table.seats[1].taken and not table.connected(1)
            assert table.seats[1].left is None, "never seated, so never left"
            assert table.status == "waiting"
            record = store_of(client).table(table_id)
            assert record is not None and not record.seats[1].taken and record.status == "waiting"
            assert ann.ping() is not None
            refusing.on = False
            with sit(client, table_id, secret[1]) as bob:
                assert bob.wait(lambda f: f["type"] == "welcome")[1]["seat"] == 1
                record = store_of(client).table(table_id)
                assert record is not None and record.seats[1].taken and record.status == "playing"


def test_a_refused_public_join_answers_in_words_and_keeps_the_seat_free(db_url: str) -> None:
    """Eve joins a public table's free seat while the database refuses it: a 503 saying so, and the
    seat stays free (its old secret still its own) for her next try."""
    with serving_now(db_url) as client:
        made = create(client, "bishops-whist", [ANN, {"kind": "human"}, COMPUTER, COMPUTER], public=True)
        table_id = made["id"]
        refusing = Refusing(store_of(client), seat_taken)
        table = live_table(client, table_id)
        token_hash = table.seats[1].token_hash
        refusing.on = True
        answer = client.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})
        assert answer.status_code == 503, answer.text
        assert answer.json()["detail"] == (
            "the server's database refused to store your seat, so you have not joined; try again"
        )
        seat = table.seats[1]
        assert (seat.taken, seat.token_hash, seat.name) == (False, token_hash, "Seat 2")
        refusing.on = False
        answer = client.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})
        assert answer.status_code == 200 and answer.json()["seat"] == 1, answer.text


def test_a_refused_new_table_answers_in_words_and_makes_nothing(db_url: str) -> None:
    """Ann makes a table while the database refuses it: a 503 saying so (not a bare 500), and no table
    held in memory that the store has not got."""
    with serving_now(db_url) as client:
        refusing = Refusing(store_of(client), table_made)
        refusing.on = True
        held = dict(client.app.state.tables.live)  # type: ignore[attr-defined]
        answer = client.post(
            "/api/tables", json={"game": "bishops-whist", "seats": [ANN, BOB, COMPUTER, COMPUTER], "seed": 7}
        )
        assert answer.status_code == 503, answer.text
        assert answer.json()["detail"] == (
            "the server's database refused to store the new table, so none was made; try again"
        )
        assert client.app.state.tables.live == held  # type: ignore[attr-defined]


def test_a_refused_hand_over_answers_in_words_and_keeps_the_person_s_seat(db_url: str) -> None:
    """Ann hands Bob's seat to a computer player while the database refuses it: a 503, and the seat is
    still Bob's (a person's, with his secret)."""
    with serving_now(db_url) as client:
        made = create(client, "bishops-whist", [ANN, BOB, COMPUTER, COMPUTER], seed=7)
        table_id, secret = made["id"], tokens(made)
        refusing = Refusing(store_of(client), seat_taken)
        refusing.on = True
        answer = client.post(
            f"/api/tables/{table_id}/seats/1/computer",
            json={"player": "random"},
            headers={"Authorization": f"Bearer {secret[0]}"},
        )
        assert answer.status_code == 503, answer.text
        assert answer.json()["detail"] == (
            "the server's database refused to store the hand-over, so the seat is still Bob's; try again"
        )
        seat = live_table(client, table_id).seats[1]
        assert (seat.kind, seat.name, seat.player) == ("human", "Bob", None)
        assert seat.token_hash is not None


def next_linked(statement: str) -> bool:
    """The link from a finished table to its next match ("play again")."""
    return statement.startswith("UPDATE TABLES SET NEXT_ID")


def test_a_refused_play_again_makes_no_next_table_and_says_so(db_url: str) -> None:
    """Ann asks to play again while the database refuses the link to the next match: she hears so, no
    next table is stored or linked, half made; asked again once the database takes writes, the next
    table is made with both people's seats taken."""
    with serving_now(db_url) as client:
        made = create(client, "bezique", [ANN, BOB], seed=71)
        table_id = made["id"]
        refusing = Refusing(store_of(client), next_linked)
        with contextlib.ExitStack() as stack:
            people = sit_all(stack, client, table_id, tokens(made))
            assert play_out(people, random.Random(71))["view"]["outcome"] is not None
            refusing.on = True
            since = len(people[0].frames)
            people[0].send({"type": "again"})
            assert people[0].reply(since) == {
                "type": "error",
                "code": "unstored",
                "message": "the server's database refused to store the new table, so none was made; "
                "try again",
            }
            assert refusing.refused == 1
            assert not [f for f in people[1].ping() if f["type"] == "next"]
            assert live_table(client, table_id).next_id is None
            assert [t.id for t in store_of(client).tables()] == [table_id]
            refusing.on = False
            since = len(people[0].frames)
            people[0].send({"type": "again"})
            new_id = people[0].wait(lambda f: f["type"] == "next", since)[1]["id"]
        record = store_of(client).table(new_id)
        assert record is not None and [s.taken for s in record.seats] == [True, True]
        assert record.status == "playing"
        assert client.get(f"/api/tables/{table_id}").json()["next_id"] == new_id


@contextlib.contextmanager
def served_here(url: str) -> Iterator[tuple[Server, Store]]:
    """The app under uvicorn in a thread of this process, on ``url``, for a browser to drive while a test
    holds its store (to refuse its writes); stopped afterwards."""
    import uvicorn

    store = Store(url)
    place = Server(url)  # (its free port and address: nothing started)
    app = create_app(store=store, bot_delay=0.0, allow_seeds=True)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=place.port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        wait_for(lambda: server.started, what="the server to start")
        yield place, store
    finally:
        server.should_exit = True
        thread.join(30)
        store.close()


@pytest.mark.browser
def test_the_page_says_a_refused_move_was_not_stored(browser: Browser, tmp_path: Path) -> None:
    """Ann types her lead on a phone while the database refuses it: the page says "Not stored" and why,
    her hand is as it was; typed again once the database takes writes, the card is played."""
    with served_here(f"sqlite:///{tmp_path / 'parlour.db'}") as (server, store):
        refusing = Refusing(store, moves_stored)
        seats = [ANN, COMPUTER, COMPUTER, COMPUTER]
        table = create_table(server, "bishops-whist", seats)
        with context(browser, PHONE) as ctx:
            page = ctx.new_page()
            page.goto(seat_link(server, table, 0))
            page.locator("h2.prompt", has_text="Your turn").wait_for()
            hand = page.locator(".hand .card").count()
            refusing.on = True
            page.locator("form.type-action input").wait_for(state="attached")
            page.locator("form.type-action input").fill(first_lead(table))
            page.locator("form.type-action button[type=submit]").click(force=True)
            page.locator("#notice", has_text="Not stored").wait_for()
            notice = page.inner_text("#notice")
            assert notice == (
                "Not stored: the server's database refused your move, so nothing was played; try again"
            ), notice
            shoot(page, "a-refused-move-390x844")
            assert page.locator(".hand .card").count() == hand
            refusing.on = False
            page.locator("form.type-action input").fill(first_lead(table))
            page.locator("form.type-action button[type=submit]").click(force=True)
            wait_for(lambda: page.locator(".hand .card").count() == hand - 1, what="the card played")


def first_lead(table: dict[str, Any]) -> str:
    """Ann's first legal move at the seeded table (the engine's, from her seat's view)."""
    import parlour
    from tests.web_support import SHORT

    state = parlour.make("bishops-whist", **SHORT["bishops-whist"]).new(seed=7)
    assert state.current_player == 0, table["id"]
    return str(state.view(0).legal_actions[0])


# --- 2. a dropped table rebuilt with the refused leavings ---------------------------------------------


def test_a_dropped_table_is_rebuilt_with_the_refused_leaving(db_url: str) -> None:
    """Bob's leaving is refused; the table is then dropped from memory (as a move another process stored
    first drops it) and rebuilt from the store at the next visit: Bob's seat still counts its wait from
    his leaving, which the store has not got, and the leaving is stored at the table's next write."""
    with serving(db_url) as (client, clock):
        refusing = RefusingLeavings(store_of(client))
        table_id, secret, _eve = bob_and_a_stranger(client)
        refusing.on = True
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
        wait_for(lambda: refusing.refused == 1, what="the leaving's write to be refused")
        left = clock.moment
        refusing.on = False
        tables = client.app.state.tables  # type: ignore[attr-defined]
        dropped = live_table(client, table_id)

        async def drop() -> None:
            tables.evict(dropped, TableError("stale", "dropped by the test"))

        assert client.portal is not None
        client.portal.call(drop)
        assert table_id not in tables.live
        clock.advance(100)
        assert seats_of(client, table_id)[1]["kept_for"] == KEPT_WAIT - 100  # (rebuilt, from memory)
        rebuilt = live_table(client, table_id)
        assert rebuilt is not dropped and rebuilt.seats[1].left == left
        assert stored_left(client, table_id)[1] is None
        with sit(client, table_id, secret[0]) as ann:  # the rebuilt table's next write
            ann.wait(lambda f: f["type"] == "welcome")
            wait_for(lambda: stored_left(client, table_id)[1] == left, what="Bob's leaving to be stored")


# --- 3. a quick stop while unfinished tables load ------------------------------------------------------


def slow_moves(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
    """A database slow to give a table's moves (a tenth of a second each table)."""
    if "FROM moves" in statement and "max(" not in statement:
        time.sleep(0.1)


def test_a_server_stopped_while_it_loads_its_tables_stops_cleanly(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Twelve unfinished matches stored; servers started and stopped at once, again and again, each cut
    off while loading them (``Tables.resume``): nothing in the log of a future's exception never
    retrieved, nor a cancellation's traceback."""
    with serving_now(db_url, bot_delay=60.0) as client:
        ids = [create(client, "bishops-whist", [COMPUTER] * 4, seed=i)["id"] for i in range(12)]
    caplog.set_level(logging.DEBUG)
    cut = 0
    for _ in range(3):
        with serving_now(db_url, bot_delay=60.0) as client:
            tables = client.app.state.tables  # type: ignore[attr-defined]
            # (each table's moves read slowly, so that the stop comes while they load)
            event.listen(tables.store.engine, "before_cursor_execute", slow_moves)
        cut += any(i not in tables.live for i in ids)
        gc.collect()
    assert cut, "no server was stopped while loading its tables: the test proves nothing"
    lines = [r.getMessage() for r in caplog.records] + [
        str(r.exc_info[1].__class__.__name__) for r in caplog.records if r.exc_info
    ]
    bad = [line for line in lines if "never retrieved" in line or "CancelledError" in line]
    assert not bad, bad
