"""review-10: a new user who knows the games plays each game's own decisions at the web table, asks
for hints, chooses computer players' levels and replays a finished match, pinned where it was mended.
Each test here failed before its fix.

One ``parlour serve`` and one Chromium serve the module's browser tests (as ``tests/test_review7.py``).
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser
from websockets.sync.client import connect

import parlour
from parlour.games.open_tarock.players import SearchPlayer, reason_for
from tests.web_support import Server, server_fixture
from tests.web_walks import (
    COMPUTER,
    PHONE,
    api,
    browser,
    context,
    create_table,
    seat_link,
    shooter,
    wait_finished,
)

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser"]  # the module's Chromium, shared by its tests

shoot = shooter("review10")


server = server_fixture("review10")
"""The module's ``parlour serve``, with a SQLite database of its own."""


KNIGHT_SEED = 58
"""A Bishops Whist deal whose dealer, seat 1 (the person), turns a knight: its first decision is the
person's, to name trumps, with a button for each suit."""

RING_CUT = """() => {
  const button = document.querySelector('.action-buttons button.action.hinted');
  if (!button) return null;
  const style = getComputedStyle(button);
  const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const r = button.getBoundingClientRect();
  const box = button.closest('.action-buttons').getBoundingClientRect();
  return {width: parseFloat(style.outlineWidth), style: style.outlineStyle,
    cut: Math.max(box.top - (r.top - ring), box.left - (r.left - ring),
    (r.bottom + ring) - box.bottom, (r.right + ring) - box.right)};
}"""
"""How far the hinted button's ring reaches past the box of buttons, which scrolls and so cuts it."""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, PHONE], ids=["1280x900", "390x844"])
def test_the_hinted_button_s_ring_is_whole(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """The hint marks the button it names with a gold ring, but the box of buttons scrolls (a long list
    of melds), and a scrolling box cuts what lies past its edge: of the ring only two thin bars were
    left at the button's sides ("trump ♣ clubs" at a knight, Roquet's meld, Lansquenet's "banco"), hard
    to see at a glance. The ring lies whole inside the box."""
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER, COMPUTER, COMPUTER]
    table = create_table(server, "bishops-whist", seats, seed=KNIGHT_SEED)
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(seat_link(server, table, 0))
        page.locator("button[data-key=hint]").click()
        page.locator(".action-buttons button.action.hinted").wait_for()
        said = page.evaluate(RING_CUT)
        shoot(page, f"hinted-trumps-{viewport['width']}x{viewport['height']}")
    assert said is not None and said["width"] > 0 and said["style"] == "solid", said
    assert said["cut"] <= 0, said


@pytest.mark.browser
def test_the_lobby_says_what_each_level_is_on_a_phone(browser: Browser, server: Server) -> None:
    """Each computer seat offers "computer player, easy", "normal (default)", "strong", and what each
    is lay only in the tooltip of a choice in the list (`title`), which a phone never shows and a
    desktop's open list does not either: nothing said that the strong level is the one that gives
    hints, or that easy is quick. The seats say it, for the game's three levels."""
    games = {g["name"]: g for g in api(server, "/api/games")}
    notes = games["bishops-whist"]["player_notes"]
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.locator("#games button.game-item[data-game='bishops-whist']").click()
        levels = page.locator("#create-form .seats .levels")
        levels.locator("summary").click()
        for level in ("easy", "normal", "strong"):
            said = levels.locator("li", has_text=notes[level][:40])
            assert said.is_visible(), level
            assert said.inner_text().startswith(level), said.inner_text()
        levels.scroll_into_view_if_needed()
        shoot(page, "lobby-levels-390x844")


@pytest.mark.browser
def test_three_winners_are_named_as_a_list(browser: Browser, server: Server) -> None:
    """Apology's defenders share a win when the taker fails: the banner read "Match over — Won by
    Computer 1 & Computer 2 & Computer 3" (the log, rightly, "Computer 1, Computer 2 and Computer 3
    share the win"). Three or more winners are a list: "Computer 1, Computer 2 & Computer 3"."""
    table = create_table(server, "apology", [COMPUTER] * 4, seed=10)  # the defenders, seats 1 to 3, win
    wait_finished(server, table["id"])
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(f"{server.url}/replay/{table['id']}")
        page.wait_for_selector("#table .board")
        page.get_by_role("button", name="Last »").click()
        banner = page.locator("section.banner.outcome h2")
        banner.wait_for()
        said = banner.inner_text()
        shoot(page, "three-winners-replay-390x844")
        watched = ctx.new_page()
        watched.goto(f"{server.url}/t/{table['id']}")
        watched.locator("section.banner.outcome h2").wait_for()
        watching = watched.locator("section.banner.outcome h2").inner_text()
    assert said == "Match over — Won by Computer 1, Computer 2 & Computer 3", said
    assert watching == said, watching


def test_open_tarock_s_hint_says_one_point_in_the_singular() -> None:
    """A search whose best card is worth exactly one point (three thirds) read "+1 points for you
    against the other player"; one point is "+1 point", as two are "+2 points"."""
    game = parlour.make("open-tarock")
    state = game.new(seed=3)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    action = str(view.legal_actions[0])
    player = SearchPlayer(seed=1)
    player.last_depth = 2
    said = {}
    for thirds in (3, -3, 6):
        player.last_values = {0: float(thirds)}
        said[thirds] = reason_for(action, view, game, player)
    assert "+1 point for you" in said[3], said[3]
    assert "-1 point for you" in said[-3], said[-3]
    assert "+2 points for you" in said[6], said[6]


@pytest.mark.browser
def test_the_situation_line_begins_with_a_capital(browser: Browser, server: Server) -> None:
    """Lansquenet's line read "bank 100 held by Computer 1; 63 may still be bet" and "the bank won"
    (Apology's "the match is one deal with a taker"), in small letters beside "You won the trick" and
    "Computer 2 won the trick": the views' situations are a clause, which the page begins with a
    capital as a line of its own."""
    table = create_table(server, "lansquenet", [COMPUTER] * 3, seed=3)
    wait_finished(server, table["id"])
    said: list[str] = []
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(f"{server.url}/replay/{table['id']}")
        page.wait_for_selector("#table .board")
        steps = int(page.inner_text("#step-text").rsplit(" ", 1)[1])
        for step in range(1, steps):
            page.get_by_role("button", name="Next ▶").click()
            page.wait_for_function(
                "n => document.querySelector('#step-text')?.textContent?.startsWith(`step ${n} of`)", arg=step
            )
            line = page.locator("#situation .situation-text")
            if line.count():
                said.append(line.inner_text())
                if "held by" in said[-1] and not [s for s in said[:-1] if "held by" in s]:
                    shoot(page, "situation-bank-held-390x844")
    assert [s for s in said if "held by" in s], said
    assert [s for s in said if not s[:1].isupper()] == [], said


def play_to_melds(url: str, link: str, melds: int) -> list[str]:
    """Play the seat of ``link`` through the table's WebSocket (its first action each time) to its
    first decision with ``melds`` combinations or more to lay down; that decision's actions."""
    token = parse_qs(urlparse(link).fragment)["token"][0]
    table = urlparse(link).path.rsplit("/", 1)[-1]
    with connect(url.replace("http", "ws", 1) + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
        seat = None
        for _ in range(2000):
            message = json.loads(socket.recv(timeout=30))
            if message["type"] == "welcome":
                seat = message["seat"]
            elif message["type"] == "state" and (message["view"]["decision"] or {}).get("seat") == seat:
                actions = [str(a["text"]) for a in message["actions"]]
                if sum(a.startswith("meld ") for a in actions) >= melds:
                    return actions
                socket.send(json.dumps({"type": "act", "action": actions[0], "version": message["version"]}))
    raise AssertionError("no such decision came")


DONE_IN_SIGHT = """() => {
  const done = document.querySelector('.action-buttons button.action[data-key="action-done"]');
  const box = done.closest('.action-buttons').getBoundingClientRect();
  const r = done.getBoundingClientRect();
  return r.top >= box.top && r.bottom <= box.bottom;
}"""
"""Whether Roquet's "done" lies in sight in its box of buttons, not scrolled under the box's edge."""


@pytest.mark.browser
def test_done_stays_in_sight_among_many_combinations_on_a_phone(browser: Browser, server: Server) -> None:
    """Roquet's four nines offer seven combinations (six pairs and the four) and "done": on a phone
    each worded button takes a row and the box of buttons shows three, and "done", last, lay scrolled
    under the box's edge with no cue that it was there: a player who wanted to keep the nines for
    later saw no way to be done. "done" comes first there, in sight."""
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER]
    table = create_table(server, "roquet", seats, seed=3)
    link = seat_link(server, table, 0)
    actions = play_to_melds(server.url, link, 7)
    assert "done" in actions, actions
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(link)
        page.locator('.action-buttons button.action[data-key="action-done"]').wait_for()
        in_sight = page.evaluate(DONE_IN_SIGHT)
        shoot(page, "many-combinations-390x844")
    assert in_sight


REPLACE_CHOICES = """() => [...document.querySelectorAll("#table .seat[data-seat='1'] .replace option")]
  .map((o) => ({text: o.text, title: o.title, selected: o.selected}))"""
"""The choices of computer player offered for Bob's seat, as read, with their tooltips."""


@pytest.mark.browser
def test_the_table_offers_computer_players_as_the_lobby_does(browser: Browser, server: Server) -> None:
    """A seat whose friend never came may be handed to a computer player, chosen from a list that read
    "easy normal strong bidder eager heuristic random search": the lobby's levels, but the default not
    marked and nothing said of any. The list names them as the lobby does, "normal (default)", each
    with what it is in its tooltip."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, COMPUTER, COMPUTER]
    table = api(server, "/api/tables", {"game": "apology", "options": {"deals": 1}, "seats": seats})
    notes = {g["name"]: g for g in api(server, "/api/games")}["apology"]["player_notes"]
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(seat_link(server, table, 0))
        page.locator("#table .seat[data-seat='1'] .replace select").wait_for()
        choices = page.evaluate(REPLACE_CHOICES)
        shoot(page, "replace-choices-390x844")
    texts = [c["text"] for c in choices]
    assert texts[:3] == ["easy", "normal (default)", "strong"], texts
    assert [c["text"] for c in choices if c["selected"]] == ["normal (default)"], choices
    assert [c["title"] for c in choices[:3]] == [notes["easy"], notes["normal"], notes["strong"]], choices


REWRITE = """(cases) => import("/static/words.js").then((w) =>
  cases.map(([text, me]) => w.rewrite(text, (s) => (s === me ? "you" : `Seat ${s + 1}`), null)))"""
"""words.js's ``rewrite`` of each (engine text, viewer's seat), as the log and the banner write it."""


@pytest.mark.browser
def test_you_reached_and_win(browser: Browser, server: Server) -> None:
    """Bezique's match-over banner read "You reached 100 first and wins 250 to 120": a verb after "and"
    was put in the second person only where the first verb was one whose person shows ("you cut" too),
    and "reached" is a verb all the same."""
    cases = [
        ["seat 0 reached 100 first and wins 250 to 120", 0],
        ["seat 1 reached 1000 first and wins 1010 to 990", 1],
        ["seat 0 has reached 1000 first and wins at the end of the hand", 0],
        # as before
        ["seat 0 reached 100 first and wins 250 to 120", 1],
        ["seat 0 scored 40 for kings and queens", 0],
    ]
    with context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        said = page.evaluate(REWRITE, cases)
    assert said == [
        "You reached 100 first and win 250 to 120",
        "You reached 1000 first and win 1010 to 990",
        "You have reached 1000 first and win at the end of the hand",
        "Seat 1 reached 100 first and wins 250 to 120",
        "You scored 40 for kings and queens",
    ], said
