"""web-14: what the web table's last session left loose, pinned where it was mended. Each test here
failed before its fix.

3. The time a person last left a seat kept for them was in the server's memory only: a restart made every
   kept seat's wait start again at the restart. It is stored (``seats.left_at``, migration 0003).
4. Migration 0002 took a person's seat named exactly "Computer 2" at seat 2 (the older computer default,
   shown "Seat 3") as named: kept for "Seat 3" from strangers and the players while nothing on the page
   named it, and ``create`` stores such a seat as not named. Migration 0003 clears it.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from playwright.sync_api import Browser

import parlour
from parlour.players import make_player
from parlour.web.store import now
from parlour.web.tables import KEPT_WAIT, bot_seed, kept, shown_name, unnamed
from tests.test_review11 import OVERFLOWS, play_moves
from tests.test_web11 import bob_and_a_stranger, hand_over, seats_of, serving
from tests.test_web13 import WIDE
from tests.test_web_protocol import db_url, live_table, sit, store_of, wait_for
from tests.web_support import GAMES, SHORT, Server, alembic, server_fixture, table_at_0001
from tests.web_walks import COMPUTER, PHONE, browser, context, create_table, seat_link, shooter

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser", "db_url"]  # the fixtures: Chromium; SQLite, and PostgreSQL where one is given

shoot = shooter("web14")

server = server_fixture("web14")
"""The module's ``parlour serve``, with a SQLite database of its own."""


# --- 3. a person's leaving survives a restart ---------------------------------------------------------


def test_bobs_leaving_is_stored_and_a_restart_keeps_his_wait(db_url: str) -> None:
    """Bob came and left 200 s before the server restarted: his seat waits ``KEPT_WAIT`` from his leaving,
    not from the restart (it did: the leaving was in the process's memory alone)."""
    with serving(db_url) as (client, clock):
        table_id, secret, eve = bob_and_a_stranger(client)
        clock.advance(-200)  # his leaving, by the clock, was 200 s before the next server's start
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
            wait_for(lambda: seats_of(client, table_id)[1]["connected"], what="Bob to sit down")
        wait_for(lambda: not seats_of(client, table_id)[1]["connected"], what="Bob to leave")
        left = clock.moment

        def stored_left() -> dt.datetime | None:
            record = store_of(client).table(table_id)
            assert record is not None
            return record.seats[1].left

        wait_for(lambda: stored_left() is not None, what="Bob's leaving to be stored")
        assert stored_left() == left
    with serving(db_url) as (client, clock):
        wait = seats_of(client, table_id)[1]["kept_for"]
        # (less the moments between the two servers' clocks' starts)
        assert KEPT_WAIT - 260 < wait <= KEPT_WAIT - 200, wait
        assert live_table(client, table_id).seats[1].left == left
        refused = hand_over(client, table_id, 1, eve)
        assert refused.status_code == 409, refused.text
        clock.advance(wait)
        assert hand_over(client, table_id, 1, eve).status_code == 200


def test_a_person_back_at_the_table_has_no_stored_leaving(db_url: str) -> None:
    """Bob came back after leaving: a restart now sends him away at the restart, so the leaving stored
    before his return is cleared (a restart would otherwise count his wait from it, too short)."""

    def stored() -> list[dt.datetime | None]:
        record = store_of(client).table(table_id)
        assert record is not None
        return [s.left for s in record.seats]

    with serving(db_url) as (client, clock):
        table_id, secret, _eve = bob_and_a_stranger(client)
        for _ in range(2):
            with sit(client, table_id, secret[1]) as bob:
                bob.wait(lambda f: f["type"] == "welcome")
                wait_for(lambda: seats_of(client, table_id)[1]["connected"], what="Bob to sit down")
                assert stored()[1] is None
            wait_for(lambda: stored()[1] is not None, what="Bob's leaving to be stored")
            assert stored()[1] == clock.moment
            clock.advance(10)
        # the seat of a person who never came has no leaving: its wait counts from the table's making
        assert stored()[0] is None


# --- 3 and 4. migration 0003, from 0002 with tables in it -------------------------------------------------


OLD_SEATS = [
    ("Ann", "human", True),
    ("Bob", "human", True),
    ("Computer 2", "human", False),
    ("Computer 4", "computer", True),
]
"""A table stored by 0001: Ann, Bob (who came once), and a seat named exactly "Computer 2", the older
computer default of seat 2, which the page shows as "Seat 3"."""


def old_table(url: str, made: dt.datetime) -> None:
    """A database at 0001 with one public table in it, then upgraded to 0002 (as a server of then did)."""
    table_at_0001(url, made, OLD_SEATS)
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        command.upgrade(alembic(connection), "0002")
    engine.dispose()


def stored_named(url: str) -> list[bool]:
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT named FROM seats WHERE table_id = 'old' ORDER BY seat"))
        named = [bool(r[0]) for r in rows]
    engine.dispose()
    return named


def test_0002_took_a_seat_named_computer_2_as_named_and_0003_does_not(db_url: str) -> None:
    """0002 stored the seat "Computer 2" as named, while the page names it "Seat 3", the seat's default:
    the lobby said it was kept for "Seat 3" and no stranger could Join it. After 0003 the stored fact
    agrees with what the page shows, and with what ``create`` stores for that name today."""
    old_table(db_url, now() - dt.timedelta(seconds=60))
    assert stored_named(db_url) == [True, True, True, False]  # what 0002 made of it
    with serving(db_url) as (client, clock):
        with store_of(client).engine.connect() as connection:
            assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0003"
        stored = store_of(client).table("old")
        assert stored is not None
        assert [s.named for s in stored.seats] == [True, True, False, False]
        assert [s.left for s in stored.seats] == [None] * 4
        info = seats_of(client, "old")
        assert info[2]["name"] == "Seat 3" == unnamed("human", 2) == shown_name(stored.seats[2])
        assert [s["kept"] for s in info] == [False, False, False, False]  # (Ann and Bob came: taken)
        assert info[2]["kept_for"] == 0
        joined = client.post("/api/tables/old/join", json={"seat": 2, "name": "Eve"})
        assert joined.status_code == 200, joined.text
        # Bob came before 0003, and no leaving of his is known: his wait counts from this server's start
        assert info[1]["kept_for"] == KEPT_WAIT
        refused = hand_over(client, "old", 1, joined.json()["token"])
        assert refused.json()["detail"] == "the seat is kept for Bob for 5 more minutes", refused.text
        clock.advance(KEPT_WAIT)
        assert hand_over(client, "old", 1, joined.json()["token"]).status_code == 200


def test_create_and_0003_agree_on_every_default_looking_name(db_url: str) -> None:
    """For each name a person's seat 2 may be stored with, the stored ``named`` after 0003 is what
    ``create`` stores for that name now: a name shown as the seat's default names nothing."""
    names = ["Computer 2", "seat 2", "Seat 3", "Computer 3", "Seat 2", "Bob"]
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        command.upgrade(alembic(connection), "0002")
    engine.dispose()
    with serving(db_url) as (client, _clock):
        made: dict[str, tuple[str, bool]] = {}
        for name in names:
            seats: list[dict[str, Any]] = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Cy"}]
            seats += [{"kind": "human", "name": name}, {"kind": "computer", "player": "random"}]
            created = client.post(
                "/api/tables",
                json={"game": "bishops-whist", "options": SHORT["bishops-whist"], "seats": seats},
            )
            assert created.status_code == 200, created.text
            table_id = created.json()["id"]
            made[name] = (table_id, live_table(client, table_id).seats[2].named)
        store = store_of(client)
        with store.engine.begin() as connection:
            # the database as a server between 0002 and web-13 left it: every seat named but the default
            connection.execute(sa.text("UPDATE seats SET named = :y WHERE seat = 2"), {"y": True})
            command.downgrade(alembic(connection), "0002")
            command.upgrade(alembic(connection), "head")
        for name, (table_id, named) in made.items():
            record = store.table(table_id)
            assert record is not None
            assert record.seats[2].named is named, (name, named)
            assert named is (shown_name(record.seats[2]) != "Seat 3"), name
            assert kept(record.seats[2]) is named, name


def test_0003_goes_down_and_up_again_keeping_the_tables(db_url: str) -> None:
    """Down to 0002 (the leaving times go) and up again; the tables stay."""
    with serving(db_url) as (client, _clock):
        table_id, secret, _eve = bob_and_a_stranger(client)
        with sit(client, table_id, secret[1]) as bob:
            bob.wait(lambda f: f["type"] == "welcome")
        wait_for(lambda: not seats_of(client, table_id)[1]["connected"], what="Bob to leave")
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        command.downgrade(alembic(connection), "0002")
        assert "left_at" not in {c["name"] for c in sa.inspect(connection).get_columns("seats")}
        command.upgrade(alembic(connection), "head")
        assert "left_at" in {c["name"] for c in sa.inspect(connection).get_columns("seats")}
    engine.dispose()
    with serving(db_url) as (client, _clock):
        assert [s["name"] for s in seats_of(client, table_id)][:2] == ["Ann", "Bob"]
        assert seats_of(client, table_id)[1]["kept_for"] == KEPT_WAIT


# --- 1. every button says what it does with the chips ---------------------------------------------------

SAID_BY_THE_PROMPT = {"pass", "done", "bid"}
"""The one-word actions whose prompt says all they do: "bet 1 to 50 chips, or pass", "lay down a
combination ..., or be done", "bid to take alone with the kitty, or pass". Every other word-only action
needs words of its own (what it does with the chips: Lansquenet's keep, take out, stop, banco, buy)."""

LANSQUENET_WAYS = [
    {"variant": variant, "takeout": takeout, "twins": twins, "packs": packs}
    for variant in ("classic", "hoyle")
    for takeout in (True, False)
    for twins in (False, True)
    for packs in (1, 6)
]
"""Every combination of the Lansquenet options that change the buttons a seat is offered."""


def bare_buttons(name: str, options: dict[str, Any], seeds: range) -> dict[str, set[str]]:
    """Over seeded matches of random moves: each one-word action (no card, no amount) offered, with the
    words its button would bear ("" for none)."""
    game = parlour.make(name, **options)
    offered: dict[str, set[str]] = {}
    for seed in seeds:
        state = game.new(seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.is_over:
                break
            seat = state.current_player
            view = state.view(seat)
            for text in view.legal_actions:
                if " " not in text:
                    offered.setdefault(text, set()).add(game.action_words(text, view))
            moves = [*view.legal_actions]
            moves += [f"{r.verb} {rng.randint(r.min, r.max)}" for r in view.legal_ranges]
            state.apply(rng.choice(moves), seat=seat)
    return offered


@pytest.mark.parametrize("way", LANSQUENET_WAYS, ids=lambda w: "-".join(str(v) for v in w.values()))
def test_every_lansquenet_button_says_what_it_does(way: dict[str, Any]) -> None:
    """Hoyle's banker, both hand cards matched first, read two buttons "keep" and "stop", as the classic
    banker's did before review-11: nothing said that a kept deal risks the banker's own chips (Hoyle's
    game has no bank) nor what stopping does. "banco" and "buy" said nothing of the chips either."""
    options = {"players": 3, "length": "deals", "deals": 12, **way}
    offered = bare_buttons("lansquenet", options, range(12))
    assert {"keep", "stop"} <= set(offered), offered  # the banker's choice came
    for action, words in offered.items():
        if action not in SAID_BY_THE_PROMPT:
            assert "" not in words and all(w.startswith(action.removesuffix("out")) for w in words), (
                action,
                words,
            )


@pytest.mark.parametrize("name", [g for g in GAMES if g != "lansquenet"])
def test_every_game_s_word_only_buttons_say_what_they_do(name: str) -> None:
    """Across seeded matches of every other game, a button that is one word alone is one its prompt
    explains (Bezique's and Roquet's melds and sevens of trumps have their words since web-13)."""
    for action, words in bare_buttons(name, SHORT[name], range(6)).items():
        assert action in SAID_BY_THE_PROMPT or "" not in words, (name, action, words)


def hoyle_keeping_view() -> tuple[Any, Any]:
    """Hoyle's game at a banker's keep or stop (both hand cards matched first), and the banker's view."""
    game = parlour.make("lansquenet", players=3, length="deals", deals=12, variant="hoyle")
    for seed in range(40):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            if view.decision is not None and view.decision.kind == "keep":
                return game, view
            moves = [*view.legal_actions]
            moves += [f"{r.verb} {rng.randint(r.min, r.max)}" for r in view.legal_ranges]
            state.apply(rng.choice(moves), seat=seat)
    raise AssertionError("no banker kept a deal")


def test_hoyle_s_keep_and_stop_name_the_banker_s_own_chips() -> None:
    """The kept deal's bets are covered from the banker's purse (there is no bank); stopping passes the
    deal on. Without a view, the words are not guessed."""
    game, view = hoyle_keeping_view()
    purse = view.chips[view.seat]
    assert view.legal_actions == ["keep", "stop"]
    assert (
        game.action_words("keep", view)
        == f"keep the deal: deal again, covering the bets from your {purse} chips"
    )
    assert game.action_words("stop", view) == f"stop: pass the deal on; your {purse} chips cover no more bets"
    assert game.action_words("keep") == game.action_words("stop") == ""


HOYLE_SEED = 9
"""A short Hoyle session whose seat 1, playing as the heuristic player would, comes to keep or stop a
deal as banker (both hand cards matched first)."""

HOYLE: dict[str, Any] = {"variant": "hoyle", "deals": 4}


def seat_one_s_moves(
    name: str,
    options: dict[str, Any],
    seed: int,
    until: Any,
    *,
    choose: Any = lambda actions: None,
    all_moves: bool = False,
) -> tuple[list[str], Any]:
    """Seat 1's moves at a seeded table of ``name`` with ``options`` whose other seats are heuristic
    computer players, seeded as the server seeds them; seat 1 plays as the heuristic player would, up to
    its first decision where ``until(actions)`` holds (or, with ``all_moves``, to the match's end), or as
    ``choose(actions)`` says where it says; and its view there."""
    game = parlour.make(name, **{**SHORT[name], **options})
    state = game.new(seed=seed)
    moves: list[str] = []
    for version in range(5000):
        seat = state.current_player
        if seat is None and all_moves:
            return moves, state.view(0)
        assert seat is not None, "the match ended first"
        view = state.view(seat)
        actions = [str(a) for a in view.legal_actions]
        if seat == 0 and until(actions):
            return moves, view
        player = make_player("heuristic", game, 7 if seat == 0 else bot_seed(seed, version))
        move = (choose(actions) if seat == 0 else None) or str(player.choose(view, game))
        if seat == 0:
            moves.append(move)
        state.apply(move)
    raise AssertionError("no such decision came")


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280x900", "390x844"])
def test_hoyle_s_banker_reads_what_keeping_and_stopping_do(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """The page's two buttons say what keeping and stopping do with the banker's chips, whole on a phone."""
    moves, view = seat_one_s_moves("lansquenet", HOYLE, HOYLE_SEED, lambda acts: "keep" in acts)
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER, COMPUTER]
    table = create_table(server, "lansquenet", seats, seed=HOYLE_SEED, **HOYLE)
    link = seat_link(server, table, 0)
    assert play_moves(server.url, link, moves) == ["keep", "stop"]
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(link)
        page.locator(".action-buttons button.action").first.wait_for()
        shoot(page, f"lansquenet-hoyle-keep-{viewport['width']}x{viewport['height']}")
        assert page.inner_text("h2.prompt") == "Your turn: keep the deal, or stop"
        purse = view.chips[0]
        said = {
            "keep": f"keep the deal: deal again, covering the bets from your {purse} chips",
            "stop": f"stop: pass the deal on; your {purse} chips cover no more bets",
        }
        for action, words in said.items():
            button = page.locator(f'.action-buttons button.action[data-key="action-{action}"]')
            assert button.inner_text() == words, (action, button.inner_text())
            assert not page.evaluate(OVERFLOWS, button.element_handle()), (action, viewport)
        page.locator('.action-buttons button.action[data-key="action-keep"]').click()
        page.locator("#log li", has_text="You deal again").wait_for(state="attached")


# --- 2. Apology's escape never paid, in a browser ------------------------------------------------------

UNPAID_SEED = 88
"""An Apology deal (found with the engine) that seat 1 takes and, escaping with its four Landsknechts
before it has won a trick, never wins one: at the deal's end the four escapes are still unpaid, and under
the default ``unpaid=forfeit`` each escaped card goes to the defender it was owed to."""

DOCS_SHOTS = Path(__file__).parent.parent / "docs" / "screenshots" / "web14"


def escape_first(actions: list[str]) -> str | None:
    """Seat 1 escapes whenever it can (a Landsknecht or Till: a one-letter card)."""
    return next((a for a in actions if a.startswith("play ") and len(a.split()[1]) == 1), None)


UNPAID = [
    f"Your escape with the Landsknecht in trick {trick} was never paid: Computer {to} takes the Landsknecht "
    "for the defence"
    for trick, to in [(1, 2), (2, 2), (3, 2), (4, 3)]
]
"""The deal's end as the taker reads it: it read "The escape with the Landsknecht was never paid: Computer 2
takes it" three times over, and once for Computer 3: whose escape, which one, and what "it" was (and for
whom it counts) were not said."""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280x900", "390x844"])
def test_apology_s_escape_never_paid_says_whose_and_which(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """The deal's end settles the escapes never paid (ruling AP-8), which no browser had shown: each line
    says whose escape it was, in which trick, and who takes the escaped card for which side."""
    moves, _view = seat_one_s_moves(
        "apology", {}, UNPAID_SEED, lambda acts: False, choose=escape_first, all_moves=True
    )
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER, COMPUTER, COMPUTER]
    table = create_table(server, "apology", seats, seed=UNPAID_SEED)
    link = seat_link(server, table, 0)
    last = moves.pop()
    assert last in play_moves(server.url, link, moves)
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(link)
        page.locator("form.type-action input").wait_for()
        page.fill("form.type-action input", last)  # the last card, played on the page
        page.locator("form.type-action button[type=submit]").click()
        page.locator(".outcome").wait_for()
        log = page.locator("#log li").all_inner_texts()
        assert [line for line in log if "never paid" in line] == UNPAID, log
        page.locator("#log li", has_text="in trick 1 was never paid").scroll_into_view_if_needed()
        name = f"apology-unpaid-{viewport['width']}x{viewport['height']}"
        shoot(page, name)
        DOCS_SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(DOCS_SHOTS / f"{name}.png"))


@pytest.mark.parametrize("rule", ["forfeit", "lapse"])
def test_an_unpaid_escape_says_whose_and_which_under_either_rule(rule: str) -> None:
    """The engine's words for the deal's end, as the terminal reads them too ("seat 0's" is "your"); the
    logged text stays as it was (replays of older saves compare it)."""
    game = parlour.make("apology", deals=1, unpaid=rule)
    state = game.new(seed=UNPAID_SEED)
    for version in range(5000):
        seat = state.current_player
        if seat is None:
            break
        view = state.view(seat)
        move = escape_first([str(a) for a in view.legal_actions]) if seat == 0 else None
        player = make_player("heuristic", game, 7 if seat == 0 else bot_seed(UNPAID_SEED, version))
        state.apply(move or str(player.choose(view, game)))
    unpaid = [e for e in state.log if e.kind == "forfeit"]
    assert [e.data["text"] for e in unpaid] == [
        f"the escape with N was never paid: {'seat 1 takes it' if rule == 'forfeit' else 'the debt lapses'}"
    ] * 3 + [
        f"the escape with N was never paid: {'seat 2 takes it' if rule == 'forfeit' else 'the debt lapses'}"
    ]
    settled = ["seat 1 takes N for the defence"] * 3 + ["seat 2 takes N for the defence"]
    if rule == "lapse":
        settled = ["the debt lapses"] * 4
    assert [state.event_words(e) for e in unpaid] == [
        f"seat 0's escape with N in trick {trick} was never paid: {end}"
        for trick, end in zip(range(1, 5), settled, strict=True)
    ]
