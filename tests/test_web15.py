"""web-15: what the web table's last session left loose, pinned where it was mended. Each test of a fix
here failed before it.

1. Apology's trick box had no caption while the seats bid and the taker buries (web-14 took away its
   "Trick 1: nobody has played yet"): it says what is happening there, as the terminal's round row does.
2. A seat's leaving (``seats.left_at``) the database refused to store was logged, with a traceback, and
   forgotten: a restart counted that seat's wait from the restart, and a refused clearing (its person back
   at the table) sent the person away with an error. The wait is counted from memory meanwhile, the write
   is tried again at the table's next coming, leaving or move and when the server stops, and the log says
   in one line what was not stored, what that means and when it was stored after all.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import random
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, Page
from sqlalchemy import event

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.web.store import Store
from parlour.web.tables import KEPT_WAIT
from tests.test_review11 import OVERFLOWS, play_moves
from tests.test_term12 import node_render
from tests.test_web11 import ANN, BOB, bob_and_a_stranger, seats_of, serving
from tests.test_web13 import WIDE
from tests.test_web14 import seat_one_s_moves
from tests.test_web_protocol import COMPUTER as COMPUTER_SEAT
from tests.test_web_protocol import create, db_url, live_table, sit, store_of, tokens, wait_for
from tests.test_web_protocol import serving as serving_now
from tests.web_support import GAMES, SHORT, Server, server_fixture, sqlite_server
from tests.web_walks import COMPUTER, PHONE, browser, context, create_table, keeper, seat_link, shooter

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser", "db_url"]  # the fixtures: Chromium; SQLite, and PostgreSQL where one is given

shoot = shooter("web15")

server = server_fixture("web15")
"""The module's ``parlour serve``, with a SQLite database of its own."""

keep = keeper("web15")
"""A screenshot kept with the suite's and in docs/screenshots/web15/."""


# --- 1. what the trick box says before trick play --------------------------------------------------------


def random_views(name: str, seed: int) -> list[Any]:
    """Every view seat 1 has of a seeded match of random moves, one a move."""
    game = parlour.make(name, **SHORT[name])
    state = game.new(seed=seed)
    rng = random.Random(seed)
    views: list[Any] = []
    while not state.is_over and len(views) < 400:
        seat = state.current_player
        views.append(state.view(0))
        view = state.view(seat)
        moves = [*view.legal_actions, *(f"{r.verb} {rng.randint(r.min, r.max)}" for r in view.legal_ranges)]
        state.apply(rng.choice(moves), seat=seat)
    return views


@pytest.mark.parametrize("name", GAMES)
def test_the_page_names_what_the_seats_do_as_the_terminal_does(name: str) -> None:
    """render.js's ``phaseWords`` says what the terminal's round row says before trick play ("bidding",
    "the taker buries"), at every view of two seeded matches, and nothing once trick play has begun."""
    views = [v for seed in (1, 2) for v in random_views(name, seed)]
    # (each before trick play, and a few after: Node takes them on its command line)
    views = [v for v in views if not TerminalGame.trick_begun(v)][:40] + [
        v for v in views if TerminalGame.trick_begun(v)
    ][:: max(1, len(views) // 10)]
    said = node_render(
        "views.map((v) => m.phaseWords ? m.phaseWords(v) : null)", [v.to_dict() for v in views]
    )
    assert said == [TerminalGame.phase_words(v) for v in views]
    if name == "apology":
        assert {"bidding", "the taker buries"} <= set(said), set(said)
    else:
        assert set(said) == {""}, set(said)  # (no game but Apology holds a trick before trick play)


APOLOGY_BID_SEED = 7
"""An Apology deal in which Ann (seat 1, the dealer) bids last, the three computer players passing."""

APOLOGY_TAKER_SEED = 12
"""An Apology deal in which Computer 2 bids first and takes: it buries while the others wait."""


def caption(page: Page) -> str:
    return page.inner_text(".trick-area .trick-caption")


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280x900", "390x844"])
def test_apology_s_trick_box_says_bidding_then_the_taker_buries(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """Ann bids and buries: the trick box said nothing (no box at all) until the first card; it says
    "Bidding", then "The taker buries", then "Trick 1" once the first trick is led. The caption is whole
    on a phone."""
    moves, _view = seat_one_s_moves(
        "apology",
        {},
        APOLOGY_BID_SEED,
        lambda acts: any(a.startswith("play") for a in acts),
        choose=lambda acts: "bid" if "bid" in acts else None,
    )
    assert moves[0] == "bid" and all(m.startswith("bury ") for m in moves[1:]) and len(moves) == 7, moves
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER, COMPUTER, COMPUTER]
    table = create_table(server, "apology", seats, seed=APOLOGY_BID_SEED)
    link = seat_link(server, table, 0)
    size = f"{viewport['width']}x{viewport['height']}"
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(link)
        page.locator('.action-buttons button.action[data-key="action-bid"]').wait_for()
        assert caption(page) == "Bidding"
        assert page.get_attribute(".trick-area", "aria-label") == "Bidding"
        assert not page.evaluate(OVERFLOWS, page.locator(".trick-area .trick-caption").element_handle())
        keep(page, f"apology-bidding-{size}")
        page.locator('.action-buttons button.action[data-key="action-bid"]').click()
        page.locator("h2.prompt", has_text="bury a card (6 to go)").wait_for()
        assert caption(page) == "The taker buries"
        keep(page, f"apology-taker-buries-{size}")
        play_moves(server.url, link, moves[1:])
        page.locator(".trick-area .trick-caption", has_text="Trick 1").wait_for()
        shoot(page, f"apology-trick-1-{size}")


BURYING = """() => [document.querySelector("h2.prompt").innerText,
  (document.querySelector(".trick-area .trick-caption") || { innerText: "" }).innerText]"""
"""The prompt and the trick box's caption, read together."""


@pytest.mark.browser
def test_apology_s_trick_box_says_the_taker_buries_while_a_computer_does(
    browser: Browser, tmp_path: Path
) -> None:
    """Computer 2 bids and buries its six cards, slowly (a bot delay): Ann's page says "The taker
    buries" meanwhile, and her prompt that she waits for Computer 2."""
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER, COMPUTER, COMPUTER]
    with sqlite_server(tmp_path, bot_delay=2.0) as slow:
        table = create_table(slow, "apology", seats, seed=APOLOGY_TAKER_SEED)
        with context(browser, PHONE) as ctx:
            page = ctx.new_page()
            page.goto(seat_link(slow, table, 0))
            page.locator("h2.prompt", has_text="Computer 2 to bury").wait_for()
            # (both read at one moment: the burial is over in twelve seconds)
            prompt, said = page.evaluate(BURYING)
            assert "Computer 2 to bury" in prompt and said == "The taker buries", (prompt, said)
            keep(page, "apology-computer-buries-390x844")


FIRST_DECISION = {
    "apology": "Bidding",
    "bezique": "Trick 1",
    "bishops-whist": "Trick 1: nobody has played yet",
    "lansquenet": None,
    "open-tarock": "Trick 1",
    "roquet": "Trick 1: nobody has played yet",
}
"""What each game's trick box says at Ann's first decision of seed 7 (Lansquenet has no tricks: no box)."""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280x900", "390x844"])
@pytest.mark.parametrize("name", GAMES)
def test_every_game_s_trick_box_at_the_first_decision(
    browser: Browser, server: Server, name: str, viewport: dict[str, int]
) -> None:
    """At Ann's first decision each game's trick box says what is in it or what the seats do, whole, or
    there is no box: never an empty caption (Apology's box was gone while the seats bid)."""
    players = {"lansquenet": 3, "bezique": 2, "roquet": 2, "open-tarock": 2}.get(name, 4)
    table = create_table(server, name, [{"kind": "human", "name": "Ann"}] + [COMPUTER] * (players - 1))
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(seat_link(server, table, 0))
        page.locator("h2.prompt", has_text="Your turn").wait_for()
        areas = page.locator(".trick-area")
        if FIRST_DECISION[name] is None:
            assert areas.count() == 0
        else:
            assert caption(page) == FIRST_DECISION[name]
            assert page.get_attribute(".trick-area", "aria-label") == FIRST_DECISION[name]
            assert not page.evaluate(OVERFLOWS, page.locator(".trick-area .trick-caption").element_handle())
        shoot(page, f"{name}-first-decision-{viewport['width']}x{viewport['height']}")


# --- 2. a leaving the database refuses ------------------------------------------------------------------


REFUSAL = "database is locked (by the test)"


class Refusing:
    """The database refusing every write of a seat's leaving (``UPDATE seats SET left_at``) while ``on``,
    as a locked or unreachable one refuses it: the statement goes through the store's own code to the
    engine, and fails there."""

    def __init__(self, store: Store) -> None:
        self.on = False
        self.refused = 0
        event.listen(store.engine, "before_cursor_execute", self.check)

    def check(self, _conn: Any, _cursor: Any, statement: str, parameters: Any, *_rest: Any) -> None:
        if self.on and statement.lstrip().upper().startswith("UPDATE SEATS SET LEFT_AT"):
            self.refused += 1
            raise sa.exc.OperationalError(
                statement, parameters, Exception("database is locked (by the test)")
            )


def stored_left(client: Any, table_id: str) -> list[dt.datetime | None]:
    record = store_of(client).table(table_id)
    assert record is not None
    return [s.left for s in record.seats]


def said(caplog: pytest.LogCaptureFixture, level: int) -> list[str]:
    """What the web server logged at ``level``, one line a record."""
    return [r.getMessage() for r in caplog.records if r.name == "parlour.web" and r.levelno == level]


def test_a_refused_leaving_is_counted_from_memory_and_stored_at_the_next_coming(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Bob leaves while the database refuses the write: his seat's wait counts from his leaving all the
    same (memory), the log says so in one line, and the leaving is stored when Ann sits down next."""
    caplog.set_level(logging.INFO, logger="parlour.web")
    with serving(db_url) as (client, clock):
        refusing = Refusing(store_of(client))
        table_id, secret, _eve = bob_and_a_stranger(client)
        refusing.on = True
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
        wait_for(lambda: refusing.refused == 1, what="the leaving's write to be refused")
        left = clock.moment
        assert live_table(client, table_id).seats[1].left == left
        assert stored_left(client, table_id)[1] is None
        clock.advance(100)
        assert seats_of(client, table_id)[1]["kept_for"] == KEPT_WAIT - 100
        warned = said(caplog, logging.WARNING)
        assert warned == [
            f"table {table_id}: Bob's leaving (seats.seat 1) at {left:%H:%M:%S} UTC was not stored "
            f"(OperationalError: (builtins.Exception) {REFUSAL}); this server counts the seat's wait "
            "from it, and tries the write again at the table's next coming, leaving or move and when it "
            "stops"
        ], warned
        assert not [r for r in caplog.records if r.exc_info], "one line, not a traceback"
        refusing.on = False
        with sit(client, table_id, secret[0]) as ann:  # the table's next write
            ann.wait(lambda f: f["type"] == "welcome")
            wait_for(lambda: stored_left(client, table_id)[1] == left, what="Bob's leaving to be stored")
        assert said(caplog, logging.WARNING)[1:] == [
            f"table {table_id}: Bob's leaving (seats.seat 1) at {left:%H:%M:%S} UTC is stored, at the 2nd try"
        ]
    with serving(db_url) as (client, _clock):
        assert seats_of(client, table_id)[1]["name"] == "Bob"  # (the table loaded, from the store)
        assert live_table(client, table_id).seats[1].left == left


def test_bob_sits_down_while_the_database_refuses_his_return(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Bob comes back while the database refuses to clear his stored leaving: he sits down and plays
    (the page's connection failed, the seat left connected to a dead socket), and the clearing is
    stored at the table's next write: a restart would otherwise count his wait from the old leaving."""
    caplog.set_level(logging.INFO, logger="parlour.web")
    with serving(db_url) as (client, clock):
        refusing = Refusing(store_of(client))
        table_id, secret, eve = bob_and_a_stranger(client)
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
        wait_for(lambda: stored_left(client, table_id)[1] == clock.moment, what="Bob's leaving to be stored")
        clock.advance(30)
        refusing.on = True
        with sit(client, table_id, secret[1]) as bob:
            assert bob.wait(lambda f: f["type"] == "welcome")[1]["seat"] == 1
            assert bob.ping() is not None  # the connection works
            assert seats_of(client, table_id)[1]["connected"]
            assert live_table(client, table_id).seats[1].left is None
            assert stored_left(client, table_id)[1] is not None  # refused
            warned = said(caplog, logging.WARNING)
            assert len(warned) == 1 and warned[0].startswith(
                f"table {table_id}: Bob's return (seats.seat 1: no leaving) was not stored"
            ), warned
            refusing.on = False
            with sit(client, table_id, eve) as eve_there:  # Eve sits down: the table's next write
                eve_there.wait(lambda f: f["type"] == "welcome")
                wait_for(lambda: stored_left(client, table_id)[1] is None, what="Bob's return to be stored")
        wait_for(lambda: stored_left(client, table_id)[1] is not None, what="Bob's leaving to be stored")
        assert stored_left(client, table_id)[1] == clock.moment


def test_a_stopping_server_stores_what_was_refused_or_says_it_could_not(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Nothing at the table writes after Bob's refused leaving: the server tries once more as it stops.
    The first time the database still refuses, and the log says what a restart will do; the second time
    it is stored."""
    caplog.set_level(logging.INFO, logger="parlour.web")
    with serving(db_url) as (client, clock):
        refusing = Refusing(store_of(client))
        table_id, secret, _eve = bob_and_a_stranger(client)
        refusing.on = True
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
        wait_for(lambda: refusing.refused == 1, what="the leaving's write to be refused")
        left = clock.moment
    assert said(caplog, logging.ERROR) == [
        f"table {table_id}: Bob's leaving (seats.seat 1) at {left:%H:%M:%S} UTC was not stored before the "
        f"server stopped (2 tries; OperationalError: (builtins.Exception) {REFUSAL}): a restarted "
        "server counts the seat's wait from its own start"
    ]
    caplog.clear()
    with serving(db_url) as (client, clock):
        refusing = Refusing(store_of(client))
        assert stored_left(client, table_id)[1] is None
        refusing.on = True
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
        wait_for(lambda: refusing.refused == 1, what="the leaving's write to be refused")
        left = clock.moment
        refusing.on = False
    assert not said(caplog, logging.ERROR)
    with serving(db_url) as (client, _clock):
        assert stored_left(client, table_id)[1] == left


def test_a_refused_leaving_is_stored_at_the_table_s_next_move(db_url: str) -> None:
    """Bob leaves mid-match while the database refuses the write; nobody comes or goes after, but Ann
    plays her lead: the move is the table's next write, and Bob's leaving is stored with it."""
    with serving(db_url) as (client, clock):
        refusing = Refusing(store_of(client))
        made = create(client, "bishops-whist", [ANN, BOB, COMPUTER_SEAT, COMPUTER_SEAT], seed=7)
        table_id, secret = made["id"], tokens(made)
        with sit(client, table_id, secret[0]) as ann:
            with sit(client, table_id, secret[1]) as bob:
                bob.wait(lambda f: f["type"] == "welcome")
                frame = ann.wait(
                    lambda f: f["type"] == "state" and (f["view"]["decision"] or {}).get("seat") == 0
                )[1]
                refusing.on = True
            wait_for(lambda: refusing.refused == 1, what="the leaving's write to be refused")
            refusing.on = False
            assert stored_left(client, table_id)[1] is None
            since = len(ann.frames)
            ann.send({"type": "act", "action": frame["actions"][0]["text"], "version": frame["version"]})
            assert ann.reply(since)["type"] == "ack"
            wait_for(
                lambda: stored_left(client, table_id)[1] == clock.moment, what="Bob's leaving to be stored"
            )


PEOPLE = [ANN, BOB, {"kind": "human", "name": "Cy"}, {"kind": "human", "name": "Di"}]
"""A table of four people, each a seat its creator named."""


@pytest.mark.parametrize("refused", [False, True], ids=["stored", "refused-until-the-stop"])
def test_twenty_seats_leaving_at_once_are_all_stored(db_url: str, refused: bool) -> None:
    """Five tables of four people, all twenty leaving together: each seat's leaving is stored as the
    server holds it, to the microsecond (the real clock: no two alike). With the database refusing
    them all, the stopping server stores all twenty."""
    with serving_now(db_url) as client:
        refusing = Refusing(store_of(client))
        made = [create(client, "bishops-whist", PEOPLE) for _ in range(5)]
        with contextlib.ExitStack() as stack:
            for table in made:
                for seat, token in tokens(table).items():
                    peer = stack.enter_context(sit(client, table["id"], token))
                    assert peer.wait(lambda f: f["type"] == "welcome")[1]["seat"] == seat
            seated = [s["connected"] for t in made for s in seats_of(client, t["id"])]
            assert seated == [True] * 20, seated
            refusing.on = refused
        # (the twenty sockets closed one after another, without waiting for the server between them)
        ids = [t["id"] for t in made]

        def all_left() -> bool:
            return all(None not in [s.left for s in live_table(client, t).seats] for t in ids)

        wait_for(all_left, what="the twenty leavings")
        held = {t: [s.left for s in live_table(client, t).seats] for t in ids}
        assert len({left for lefts in held.values() for left in lefts}) == 20
        if refused:
            unstored = client.app.state.tables.unstored  # type: ignore[attr-defined]
            wait_for(lambda: len(unstored) == 20, what="the twenty writes to be refused")
            assert all(stored_left(client, t) == [None] * 4 for t in ids)
            refusing.on = False
        else:
            wait_for(lambda: all(stored_left(client, t) == held[t] for t in ids), what="the leavings stored")
    with serving_now(db_url) as client:
        for table_id, lefts in held.items():
            assert stored_left(client, table_id) == lefts, table_id
            assert len(seats_of(client, table_id)) == 4  # (the table loaded: a restart reads the leavings)
            assert [s.left for s in live_table(client, table_id).seats] == lefts
