"""web-11: who may hand a friend's kept seat to a computer player.

The last review found that on a public table a stranger could Join a seat nobody named and at once hand
the seat kept for Bob (the friend the creator named, who had not come yet) to a computer player, voiding
the link Bob had been sent. A seat its creator named, or the creator's own, is now the creator's to hand
over at once and anyone else's only once it has waited ``KEPT_WAIT`` (from the table's making, or from its
person's last leaving: a friend whose phone dropped the connection lost the seat the same way); a seat
nobody named keeps the old rule. The wait is made short by ``kept_wait`` or passed by a fake clock here,
never slept through.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from alembic import command
from fastapi.testclient import TestClient
from playwright.sync_api import Browser
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from parlour.web.app import create_app
from parlour.web.store import now
from parlour.web.tables import KEPT_WAIT, Tables
from tests.test_web_protocol import (
    COMPUTER,
    HUMAN,
    create,
    db_url,
    play_out,
    sit,
    sit_all,
    store_of,
    tokens,
    wait_for,
)
from tests.web_support import SHORT, alembic, sqlite_server, table_at_0001
from tests.web_walks import PHONE, api, browser, context, shooter

pytestmark = pytest.mark.timeout(180)

__all__ = ["browser", "db_url"]  # the fixtures: Chromium; SQLite, and PostgreSQL where one is given

shoot = shooter("web11")

ANN: dict[str, Any] = {"kind": "human", "name": "Ann"}
BOB: dict[str, Any] = {"kind": "human", "name": "Bob"}
BOB_TABLE = [ANN, BOB, HUMAN, COMPUTER]
"""Ann makes a public table with a seat named for Bob and one nobody named, which a stranger joins."""


class FakeClock:
    """The clock a server's kept seats are counted by, moved on by hand."""

    def __init__(self) -> None:
        self.moment = now()

    def __call__(self) -> dt.datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += dt.timedelta(seconds=seconds)


@contextlib.contextmanager
def serving(url: str, *, kept_wait: float = KEPT_WAIT) -> Iterator[tuple[TestClient, FakeClock]]:
    """The app on ``url`` (``create_app(kept_wait=...)``), its kept seats counted by a fake clock."""
    app = create_app(url, bot_delay=0.0, allow_seeds=True, kept_wait=kept_wait)
    with TestClient(app, raise_server_exceptions=False) as client:
        clock = FakeClock()
        tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
        tables.kept_wait.clock = clock
        yield client, clock


def hand_over(client: TestClient, table_id: str, seat: int, token: str) -> httpx.Response:
    """The seat's person replaced by a computer player, asked for by the holder of ``token``."""
    answer: httpx.Response = client.post(
        f"/api/tables/{table_id}/seats/{seat}/computer",
        json={"player": "random"},
        headers={"Authorization": f"Bearer {token}"},
    )
    return answer


def seats_of(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    return list(client.get(f"/api/tables/{table_id}").json()["seats"])


def bob_and_a_stranger(client: TestClient) -> tuple[str, dict[int, str], str]:
    """Ann's public table with Bob's seat; Eve, a stranger, joins the seat nobody named (seat 3)."""
    created = create(client, "bishops-whist", BOB_TABLE, public=True)
    table_id = created["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})
    assert joined.status_code == 200 and joined.json()["seat"] == 2, joined.text
    return table_id, tokens(created), str(joined.json()["token"])


KEPT_FOR_BOB = "the seat is kept for Bob for {}; Ann, who made the table, may hand it over now"


def test_a_stranger_may_not_hand_bobs_seat_over_but_the_creator_may(db_url: str) -> None:
    """The review's finding: Eve joined and handed Bob's seat to a computer player at once, voiding his
    link. She is refused, in words saying why and when; Ann, who made the table, may at once."""
    with serving(db_url) as (client, _clock):
        table_id, secret, eve = bob_and_a_stranger(client)
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["creator"] == 0
        assert [s["kept_for"] for s in info["seats"]] == [300, 300, 0, 0], info["seats"]
        refused = hand_over(client, table_id, 1, eve)
        assert refused.status_code == 409, refused.text
        assert refused.json()["detail"] == KEPT_FOR_BOB.format("5 more minutes")
        assert seats_of(client, table_id)[1]["kind"] == "human", "the refusal changed nothing"
        with sit(client, table_id, secret[1]) as bob:
            assert bob.wait(lambda f: f["type"] == "welcome")[1]["seat"] == 1, "Bob's link still sits him"
        wait_for(lambda: not seats_of(client, table_id)[1]["connected"], what="Bob to leave")
        done = hand_over(client, table_id, 1, secret[0])
        assert done.status_code == 200, done.text
        assert done.json()["seats"][1]["kind"] == "computer"


def test_anyone_at_the_table_may_once_the_wait_is_over(db_url: str) -> None:
    """A friend who never comes cannot hold the match up for ever: after ``KEPT_WAIT`` from the
    table's making, any seated player may hand the seat over."""
    with serving(db_url) as (client, clock):
        table_id, _secret, eve = bob_and_a_stranger(client)
        clock.advance(KEPT_WAIT - 61)
        assert hand_over(client, table_id, 1, eve).json()["detail"] == KEPT_FOR_BOB.format("2 more minutes")
        clock.advance(60)
        assert hand_over(client, table_id, 1, eve).json()["detail"] == KEPT_FOR_BOB.format("1 more second")
        assert seats_of(client, table_id)[1]["kept_for"] == 1
        clock.advance(1)
        assert seats_of(client, table_id)[1]["kept_for"] == 0
        done = hand_over(client, table_id, 1, eve)
        assert done.status_code == 200, done.text
        stored = store_of(client).table(table_id)
        assert stored is not None and stored.seats[1].kind == "computer"


def test_a_friend_who_came_and_left_is_waited_for_from_their_leaving(db_url: str) -> None:
    """Bob came, and his phone dropped the connection: the same button would have voided his link the
    moment it did. His seat waits for him ``KEPT_WAIT`` from his last leaving."""
    with serving(db_url) as (client, clock):
        table_id, secret, eve = bob_and_a_stranger(client)
        clock.advance(KEPT_WAIT * 2)  # long after the table was made
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
            wait_for(lambda: seats_of(client, table_id)[1]["connected"], what="Bob to sit down")
            still = hand_over(client, table_id, 1, eve)
            assert still.status_code == 409 and "still at the table" in still.json()["detail"], still.text
        wait_for(lambda: not seats_of(client, table_id)[1]["connected"], what="Bob to leave")
        assert seats_of(client, table_id)[1]["kept_for"] == KEPT_WAIT
        clock.advance(KEPT_WAIT - 1)
        assert hand_over(client, table_id, 1, eve).json()["detail"] == KEPT_FOR_BOB.format("1 more second")
        clock.advance(1)
        assert hand_over(client, table_id, 1, eve).status_code == 200


def test_a_seat_nobody_named_keeps_the_old_rule(db_url: str) -> None:
    """A seat nobody named, joined by a stranger who then goes, is anyone's to hand over at once."""
    with serving(db_url) as (client, _clock):
        created = create(client, "bishops-whist", [ANN, HUMAN, HUMAN, COMPUTER], public=True)
        table_id = created["id"]
        eve = client.post(f"/api/tables/{table_id}/join", json={"name": "Eve"}).json()
        cy = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}).json()
        assert (eve["seat"], cy["seat"]) == (1, 2)
        assert [s["kept_for"] for s in seats_of(client, table_id)] == [300, 0, 0, 0]
        done = hand_over(client, table_id, 2, eve["token"])
        assert done.status_code == 200, done.text


def test_the_creators_own_seat_is_kept_and_nobody_hosts_once_it_is_a_computer(db_url: str) -> None:
    """Ann's own seat waits for her as Bob's does (no "who made the table" clause: she is away); once it
    is a computer player's, nobody may hand Bob's seat over at once."""
    with serving(db_url) as (client, clock):
        table_id, _secret, eve = bob_and_a_stranger(client)
        refused = hand_over(client, table_id, 0, eve)
        assert refused.json()["detail"] == "the seat is kept for Ann for 5 more minutes", refused.text
        clock.advance(KEPT_WAIT)
        assert hand_over(client, table_id, 0, eve).status_code == 200
        assert client.get(f"/api/tables/{table_id}").json()["creator"] is None
        # Bob's wait began with the table: it is over too
        assert hand_over(client, table_id, 1, eve).status_code == 200


def test_the_wait_is_the_servers_to_set(db_url: str) -> None:
    """``create_app(kept_wait=...)``, as ``parlour serve --kept-wait`` sets it; 0 is the old rule."""
    with serving(db_url, kept_wait=60) as (client, clock):
        table_id, _secret, eve = bob_and_a_stranger(client)
        assert hand_over(client, table_id, 1, eve).json()["detail"] == KEPT_FOR_BOB.format("1 more minute")
        clock.advance(60)
        assert hand_over(client, table_id, 1, eve).status_code == 200
    with serving(db_url, kept_wait=0) as (client, _clock):
        table_id, _secret, eve = bob_and_a_stranger(client)
        assert hand_over(client, table_id, 1, eve).status_code == 200


def test_a_restarted_server_still_knows_the_creator_and_bobs_seat(db_url: str) -> None:
    """The creator and the named seats are stored: Bob's wait still counts from the table's making;
    Ann, whose seat a restart left empty, is waited for from the restart (her last leaving)."""
    with serving(db_url) as (client, clock):
        clock.advance(-100)  # the table was made 100 s before the restart
        table_id, _secret, eve = bob_and_a_stranger(client)
    with serving(db_url) as (client, clock):
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["creator"] == 0
        bob, ann = info["seats"][1]["kept_for"], info["seats"][0]["kept_for"]
        # (Bob's wait is 100 s shorter, less the moments between the two servers' starts)
        assert KEPT_WAIT - 160 < bob <= KEPT_WAIT - 100 and ann == KEPT_WAIT, info["seats"]
        assert hand_over(client, table_id, 1, eve).status_code == 409
        clock.advance(bob)
        assert hand_over(client, table_id, 0, eve).status_code == 409
        assert hand_over(client, table_id, 1, eve).status_code == 200


def test_play_again_keeps_the_creator(db_url: str) -> None:
    """The next match's table is made by whoever presses "Play again", but it is still Ann's to host."""
    with serving(db_url) as (client, clock):
        created = create(client, "bezique", [ANN, BOB], seed=71)
        with contextlib.ExitStack() as stack:
            people = sit_all(stack, client, created["id"], tokens(created))
            assert play_out(people, random.Random(71))["view"]["outcome"] is not None
            since = len(people[1].frames)
            people[1].send({"type": "again"})  # Bob presses it
            new_id = people[1].wait(lambda f: f["type"] == "next", since)[1]["id"]
        info = client.get(f"/api/tables/{new_id}").json()
        assert info["creator"] == 0, info
        stored = store_of(client).table(new_id)
        assert stored is not None and stored.creator == 0 and [s.named for s in stored.seats] == [True, True]
        # Ann gone, and her seat handed to a computer player: the next table has no creator, not Bob
        created = create(client, "bezique", [ANN, BOB], seed=72)
        clock.advance(KEPT_WAIT)
        assert hand_over(client, created["id"], 0, tokens(created)[1]).status_code == 200
        with contextlib.ExitStack() as stack:
            people = sit_all(stack, client, created["id"], {1: tokens(created)[1]})
            assert play_out(people, random.Random(72))["view"]["outcome"] is not None
            people[1].send({"type": "again"})
            new_id = people[1].wait(lambda f: f["type"] == "next")[1]["id"]
        assert client.get(f"/api/tables/{new_id}").json()["creator"] is None


# --- the migration --------------------------------------------------------------------------------


def test_a_database_made_by_0001_is_upgraded(db_url: str) -> None:
    """A table stored before the creator was: no creator known, so only the wait applies (to Ann too);
    its named seats are those with a name other than their default (the older "seat 2" too)."""
    made = now() - dt.timedelta(seconds=60)
    old = [
        ("Ann", "human", True),
        ("Bob", "human", False),
        ("seat 2", "human", True),
        ("Computer 4", "computer", True),
    ]
    table_at_0001(db_url, made, old)
    with serving(db_url) as (client, clock):
        with store_of(client).engine.connect() as connection:
            assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0003"
        stored = store_of(client).table("old")
        assert stored is not None and stored.creator is None
        assert [s.named for s in stored.seats] == [True, True, False, False]
        info = client.get("/api/tables/old").json()
        assert info["creator"] is None
        # (the wait is counted from when the table was made, a minute before this server's clock)
        wait = info["seats"][1]["kept_for"]
        assert KEPT_WAIT - 120 < wait <= KEPT_WAIT - 60, wait
        for token in ("secret-2", "secret-0"):  # nobody is known to have made it: not even Ann may now
            refused = hand_over(client, "old", 1, token)
            assert refused.status_code == 409 and refused.json()["detail"].startswith(
                "the seat is kept for Bob for 4 more minutes"
            ), refused.text
            assert "who made the table" not in refused.json()["detail"]
        clock.advance(wait)
        assert hand_over(client, "old", 1, "secret-2").status_code == 200
    # and back down, and up again
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        command.downgrade(alembic(connection), "0001")
    with engine.begin() as connection:
        assert "creator" not in {c["name"] for c in sa.inspect(connection).get_columns("tables")}
        command.upgrade(alembic(connection), "head")
        assert "named" in {c["name"] for c in sa.inspect(connection).get_columns("seats")}
    engine.dispose()


# --- the page ---------------------------------------------------------------------------------------

WAIT_WORDS = r"Kept for {} until \d{{1,2}}:\d\d(?:\s?[AP]M)? \(in \d+ minutes?\){}\."
"""A kept seat's words on the page (in 10 minutes, or fewer if the page was slow to come)."""


@pytest.mark.browser
def test_the_page_says_whose_seat_is_kept_and_until_when(browser: Browser, tmp_path: Path) -> None:
    """Eve's page, at a table of ``parlour serve --kept-wait 600``: Bob's seat and Ann's (both away)
    say for whom each is kept and until when, their buttons disabled; when the time comes (the page's
    clock moved on by Playwright's) the buttons are enabled without a reload. The server's clock has
    not moved, so pressing one is refused, and the page says why."""
    with sqlite_server(tmp_path, args=["--kept-wait", "600"]) as server:
        body = {
            "game": "bishops-whist",
            "options": SHORT["bishops-whist"],
            "seats": BOB_TABLE,
            "public": True,
        }
        table = api(server, "/api/tables", body)
        eve = api(server, f"/api/tables/{table['id']}/join", {"name": "Eve"})
        with context(browser) as ctx:
            page = ctx.new_page()
            page.clock.install()
            page.goto(server.url + eve["link"])
            page.wait_for_function(
                "() => document.querySelector('#seat-line')?.textContent === 'you are Eve'"
            )
            bob = page.locator("#table .seat[data-seat='1'] .replace")
            ann = page.locator("#table .seat[data-seat='0'] .replace")
            bob.locator(".replace-wait").wait_for()
            said = {
                "Bob": bob.locator(".replace-wait").inner_text(),
                "Ann": ann.locator(".replace-wait").inner_text(),
            }
            shoot(page, "kept-seats-1280x900")
            host = ": Ann, who made the table, may hand the seat over now"
            assert re.fullmatch(WAIT_WORDS.format("Bob", host), said["Bob"]), said
            assert re.fullmatch(WAIT_WORDS.format("Ann", ""), said["Ann"]), said
            assert bob.locator("button").is_disabled() and ann.locator("button").is_disabled()
            assert bob.locator("button").get_attribute("aria-describedby") == "kept-1"
            with context(browser, PHONE) as phone_ctx:  # a phone's narrow panel wraps the words
                phone = phone_ctx.new_page()
                phone.goto(server.url + eve["link"])
                phone.wait_for_function(
                    "() => document.querySelector('#seat-line')?.textContent === 'you are Eve'"
                )
                note = phone.locator("#table .seat[data-seat='1'] .replace-wait")
                # (the table is drawn again as the second connection's news comes: a note found
                # before that was detached under the scroll, seen on CI; evaluate finds it afresh)
                note.wait_for()
                note.evaluate("e => e.scrollIntoView({block: 'center'})")
                assert re.fullmatch(WAIT_WORDS.format("Bob", host), note.inner_text()), note.inner_text()
                shoot(phone, "kept-seats-390x844")
            # The server's kept_for sets the page's countdown: a table frame that comes after the jump
            # (the phone's leaving is told to every page) starts it again from the page's new now, as
            # it should, and the words stayed "in 10 minutes" (seen on CI). Jump again till it passes.
            for _ in range(5):
                page.clock.fast_forward("10:01")
                with contextlib.suppress(PlaywrightTimeout):
                    bob.locator(".replace-wait").wait_for(state="detached", timeout=5000)
                    break
            else:
                pytest.fail("the kept seat's words never went when the page's clock passed the wait")
            button = bob.locator("button", has_text="Replace by a computer player")
            assert button.is_enabled()
            button.click()
            page.wait_for_function(
                "() => document.querySelector('#notice')?.textContent?.includes('kept for Bob')"
            )
            notice = page.inner_text("#notice")
            shoot(page, "kept-seat-refused-by-the-server-1280x900")
        refusal = KEPT_FOR_BOB.format(r"\d+ more minutes?")
        assert re.fullmatch(f"Could not hand Bob's seat to a computer player: {refusal}", notice), notice
        assert api(server, f"/api/tables/{table['id']}")["seats"][1]["kind"] == "human"
