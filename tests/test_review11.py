"""review-11: the web table's corners no review had reached, played as a person new to each game would:
Apology's escape paid later, Lansquenet's take-out, and the notes on every kind of computer player a
table can seat. Each test here failed before its fix.

One ``parlour serve`` and one Chromium serve the module's browser tests (as ``tests/test_review10.py``).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser
from websockets.sync.client import connect

import parlour
from parlour.players import make_player, player_kinds
from parlour.web.app import player_notes
from parlour.web.tables import bot_seed
from tests.test_web13 import THINKS
from tests.web_support import GAMES, SHORT, Server, server_fixture
from tests.web_walks import COMPUTER, PHONE, browser, context, create_table, seat_link, shooter
from tests.words_support import JARGON

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser"]  # the module's Chromium, shared by its tests

shoot = shooter("review11")

WIDE = {"width": 1280, "height": 900}
VIEWPORTS = pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280x900", "390x844"])

server = server_fixture("review11")
"""The module's ``parlour serve``, with a SQLite database of its own."""


def seat_one_s_moves(name: str, seed: int, choose: Any, until: Any) -> list[str]:
    """Seat 1's moves at a seeded table of ``name`` whose other seats are the heuristic computer
    players (seeded as the server seeds them), seat 1 playing ``choose(actions)`` (else as the
    heuristic would), up to the first of its decisions where ``until(actions)`` holds."""
    game = parlour.make(name, **SHORT[name])
    state = game.new(seed=seed)
    moves: list[str] = []
    for version in range(5000):
        seat = state.current_player
        assert seat is not None, "the match ended first"
        view = state.view(seat)
        actions = [str(a) for a in view.legal_actions]
        if seat == 0 and until(actions):
            return moves
        if seat == 0:
            move = choose(actions) or str(make_player("heuristic", game, 7).choose(view, game))
            moves.append(move)
        else:
            move = str(
                make_player("heuristic", game, bot_seed(seed, version) ^ (seat + 1)).choose(view, game)
            )
        state.apply(move)
    raise AssertionError("no such decision came")


def play_moves(url: str, link: str, moves: list[str]) -> list[str]:
    """Play ``moves`` for the seat of ``link`` through the table's WebSocket, one at each of its
    decisions; the actions of its decision after the last."""
    token = parse_qs(urlparse(link).fragment)["token"][0]
    table = urlparse(link).path.rsplit("/", 1)[-1]
    left = list(moves)
    with connect(url.replace("http", "ws", 1) + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
        seat = None
        for _ in range(5000):
            message = json.loads(socket.recv(timeout=30))
            if message["type"] == "welcome":
                seat = message["seat"]
            elif message["type"] == "state" and (message["view"]["decision"] or {}).get("seat") == seat:
                if not left:
                    return [str(a["text"]) for a in message["actions"]]
                socket.send(json.dumps({"type": "act", "action": left.pop(0), "version": message["version"]}))
    raise AssertionError("the moves were not all played")


def escape(actions: list[str]) -> str | None:
    """Seat 1 escapes whenever it can (a Landsknecht or Till: a one-letter card)."""
    return next((a for a in actions if a.startswith("play ") and len(a.split()[1]) == 1), None)


APOLOGY_SEED = 69
"""An Apology deal that seat 1 takes and, escaping with its Landsknechts and Till before it has won a
trick, owes five cards, which it gives as soon as it wins one."""


def owing_apology(server: Server) -> str:
    """Seat 1's link at its first "give" after escapes it could not pay at once."""
    moves = seat_one_s_moves(
        "apology", APOLOGY_SEED, escape, lambda acts: any(a.startswith("give") for a in acts)
    )
    table = create_table(
        server, "apology", [{"kind": "human", "name": "Ann"}, COMPUTER, COMPUTER, COMPUTER], seed=APOLOGY_SEED
    )
    link = seat_link(server, table, 0)
    actions = play_moves(server.url, link, moves)
    assert any(a.startswith("give ") for a in actions), actions
    return link


PAYING = re.compile(
    r"Your turn: pay (Computer \d) for your escape with the Landsknecht: give a card from the tricks you won"
    r"(?: \((\d) escapes still to pay\))?"
)
"""The prompt of an escape's payment, naming whom it goes to and for which escape."""

OWING = re.compile(r"You escape with the Landsknecht and owe (Computer \d) a card")
"""The log's line of an escape not paid at once."""


@pytest.mark.browser
@VIEWPORTS
def test_an_escape_s_payment_says_whom_it_pays_and_how_many_are_left(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """Apology's taker who escapes before winning a trick owes the card, and gives it once a trick is
    won: five escapes owed, five "give" decisions came one after the other, each asking alike "pay for
    the escape with a card from the tricks you won", the same words after each card given. Nothing said
    who would get the card (the log had said it, tricks earlier) or how many were still owed. The prompt
    names the oldest debt's creditor and escape, and counts the debts left."""
    link = owing_apology(server)
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(link)
        prompt = page.locator("h2.prompt")
        page.locator(".action-buttons button.action").first.wait_for()
        first = prompt.inner_text()
        owed = OWING.findall(page.text_content("#log") or "")
        shoot(page, f"apology-pay-{viewport['width']}x{viewport['height']}")
        said = PAYING.fullmatch(first)
        assert said is not None, first
        assert owed and said.group(1) == owed[0], (first, owed)  # the oldest debt first
        assert int(said.group(2)) == len(owed), (first, owed)
        button = page.locator(".action-buttons button.action").first
        card = button.inner_text().removeprefix("give ")
        button.click()
        page.wait_for_function(
            "(before) => document.querySelector('h2.prompt').innerText !== before", arg=first
        )
        then = PAYING.fullmatch(prompt.inner_text())
        assert then is not None and then.group(1) == owed[1], (prompt.inner_text(), owed)
        assert int(then.group(2) or 1) == len(owed) - 1, prompt.inner_text()
        page.locator(
            "#log li", has_text=f"You pay {owed[0]} {card} for escaping with the Landsknecht"
        ).wait_for(state="attached")
        shoot(page, f"apology-paid-one-{viewport['width']}x{viewport['height']}")


LANSQUENET_SEED = 31
"""A short Lansquenet session whose first bank, seat 1's, wins at once on two cards of a rank: its
banker may keep it, take the winnings out, or stop."""

KEEPING = {
    "keep": "keep: deal again with all 200 at stake",
    "takeout": "take out the 100 won: deal again with 100",
    "stop": "stop: take the 200 back; the bank goes up for sale",
}
"""What each of the banker's choices does, as its button says it (a bank of 100 grown to 200)."""


@pytest.mark.browser
@VIEWPORTS
def test_lansquenet_s_take_out_says_what_each_choice_does(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """After the bank won, its banker read "keep the bank of 200, takeout (back to 100), or stop" over
    three buttons "keep", "takeout" and "stop": "takeout" is no word, and nothing said that the 100 taken
    out are the banker's own to keep, what the next deal is for, or that stopping offers the bank for
    sale. Each button says what it does, with the chips, and the prompt says "take out"."""
    moves = seat_one_s_moves("lansquenet", LANSQUENET_SEED, lambda a: None, lambda acts: "takeout" in acts)
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER, COMPUTER]
    table = create_table(server, "lansquenet", seats, seed=LANSQUENET_SEED)
    link = seat_link(server, table, 0)
    assert sorted(play_moves(server.url, link, moves)) == sorted(KEEPING)
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(link)
        page.locator(".action-buttons button.action").first.wait_for()
        shoot(page, f"lansquenet-keep-{viewport['width']}x{viewport['height']}")
        prompt = page.inner_text("h2.prompt")
        assert prompt == "Your turn: keep the bank of 200, take out the 100 it won, or stop", prompt
        for action, words in KEEPING.items():
            button = page.locator(f'.action-buttons button.action[data-key="action-{action}"]')
            assert button.inner_text() == words, (action, button.inner_text())
            assert not page.evaluate(OVERFLOWS, button.element_handle()), (action, viewport)
        page.locator('.action-buttons button.action[data-key="action-takeout"]').click()
        page.locator("#log li", has_text="You take out 100 and deal again with 100").wait_for(
            state="attached"
        )
        shoot(page, f"lansquenet-took-out-{viewport['width']}x{viewport['height']}")


OVERFLOWS = "(b) => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > innerWidth"
"""Whether a button's words run past it or past the window."""


@pytest.mark.parametrize("name", GAMES)
def test_every_computer_player_s_note_is_in_a_card_player_s_words(name: str) -> None:
    """web-13 put the three levels' notes in plain words, but the lobby and the table offer every kind
    of computer player, each explained by its note, and the others still read "Perfect-information Monte
    Carlo over game.determinize, heuristic players in the playouts" (Bishops Whist's search), "The
    double-dummy solver judging sifted deals", "Expectimax over the cards still face down, alpha-beta
    within each trick", "a tenth of the default node budget", and every game's random player "Picks
    uniformly among the legal actions: the baseline every strategy must beat". Each says in plain words
    what it does and how long it thinks, as the levels' do (test_web13's words)."""
    notes = player_notes(name)
    assert set(notes) == set(player_kinds(name))  # every kind the lobby and the table offer
    for kind, note in notes.items():
        assert not JARGON.search(note), (name, kind, note)
        assert THINKS.search(note), (name, kind, note)


@pytest.mark.browser
def test_the_lobby_says_what_a_chosen_player_other_than_the_levels_is(
    browser: Browser, server: Server
) -> None:
    """The lobby lists every kind of computer player for a seat ("computer player: solver", "...: search",
    Lansquenet's "stop2"), but what one is lay only in its choice's tooltip, which a phone never shows,
    and "What the levels are" names the three levels alone. Under a seat whose chosen player is not a
    level, its note is shown; a level's is in the levels' box."""
    notes = player_notes("bishops-whist")
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.locator("#games button.game-item[data-game='bishops-whist']").click()
        note = page.locator("#seat-1-note")
        page.locator("#seat-1").select_option("computer:solver")
        assert note.is_visible() and note.inner_text() == notes["solver"], note.inner_text()
        note.scroll_into_view_if_needed()
        shoot(page, "lobby-solver-note-390x844")
        page.locator("#seat-1").select_option("computer:normal")
        assert not note.is_visible()


@pytest.mark.browser
@VIEWPORTS
def test_the_table_says_what_a_replacing_player_is(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """A seat whose person never came may be handed to a computer player, chosen in a list of kinds
    ("easy", "normal (default)", "strong", "heuristic", "search", "solver"), each explained only in its
    tooltip, which a phone never shows. The note of the chosen kind is written under the choice."""
    notes = player_notes("bishops-whist")
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, COMPUTER, COMPUTER]
    table = create_table(server, "bishops-whist", seats, seed=3)
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(seat_link(server, table, 0))
        choice = page.locator("select[data-key='replace-kind-1']")
        note = page.locator("[data-key='replace-note-1']")
        choice.wait_for()
        assert note.inner_text() == notes["normal"], note.inner_text()  # the default, chosen
        choice.select_option("solver")
        assert note.is_visible() and note.inner_text() == notes["solver"], note.inner_text()
        note.scroll_into_view_if_needed()
        shoot(page, f"table-solver-note-{viewport['width']}x{viewport['height']}")
