"""What a demanding new user met walking through the web table, part four, pinned where it was mended:
Bezique's draws missed at tables where none can be, the games' internal names in the lobby, the top
bar's "Leave table" and the game's title cut off on a phone.

The server and browser helpers are the walks' (``tests/web_walks.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

import parlour
from tests.web_support import GAMES
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    PHONE,
    api,
    browser,
    context,
    create_table,
    open_seat,
    seat_link,
    serving,
    shooter,
    wait_finished,
)

pytestmark = [pytest.mark.timeout(300)]

__all__ = ["browser"]  # the module's Chromium, shared with these tests

shoot = shooter("walk4")

TITLES = {name: parlour.game_class(name).title for name in GAMES}


def test_bezique_counts_missed_draws_only_where_a_draw_can_be_missed() -> None:
    """Every Bezique view said "draws missed, to make up: you: 0; Computer 1: 0", though only under
    table laws (ruling BZ-21) do the players draw for themselves and may miss a draw: elsewhere it is
    no value at all, which the table and the terminal leave unsaid."""
    strict = parlour.make("bezique").new(seed=1)
    assert all(strict.view(seat).extra.missed_draws is None for seat in (None, 0, 1))
    assert strict.view(0).to_dict()["extra"]["missed_draws"] is None
    laws = parlour.make("bezique", table_laws=True).new(seed=1)
    assert all(laws.view(seat).extra.missed_draws == [0, 0] for seat in (None, 0, 1))


def extras_text(page: Page) -> str:
    """The words of the table's "More about this hand", opened."""
    more = page.locator("details.extra")
    more.wait_for()
    more.locator("summary").click()
    return more.inner_text()


@pytest.mark.browser
def test_bezique_says_draws_missed_only_under_table_laws(browser: Browser, tmp_path: Path) -> None:
    """At the web table: "draws missed, to make up" is among the hand's extras under table laws, and
    not at a table of the default (strict) laws, where it said "you: 0; Computer 1: 0" for good."""
    with serving(tmp_path) as server, context(browser) as ctx:
        said = {}
        for laws in (False, True):
            table = create_table(server, "bezique", [HUMAN, COMPUTER], table_laws=laws)
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            said[laws] = extras_text(page)
            shoot(page, f"bezique-extras-{'table' if laws else 'strict'}-laws-1280x900")
            page.close()
        assert "brisques won" in said[False], said  # the extras are drawn...
        assert "draws missed" not in said[False], said  # ...but not this one
        assert "draws missed, to make up" in said[True] and "you: 0" in said[True], said


@pytest.mark.browser
def test_the_lobby_table_and_replay_name_a_game_by_its_title(browser: Browser, tmp_path: Path) -> None:
    """The lobby's list of games read "4 players · apology" and "4 players · bishops-whist" under the
    games' titles: names for URLs, the API and the command line. A person reads the game's title
    wherever the web table names a game: the lobby's games and tables, a table's top bar and its page
    title, the replay's. The internal name stays in the addresses and the API."""
    with serving(tmp_path) as server, context(browser) as ctx:
        finished = create_table(server, "roquet", [COMPUTER, COMPUTER], public=True)
        wait_finished(server, finished["id"])
        playing = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER], public=True)
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.locator("#games button.game-item").first.wait_for()
        page.locator("#finished-tables li", has_text=TITLES["roquet"]).wait_for()
        shoot(page, "lobby-1280x900")
        items = page.locator("#games button.game-item")
        assert items.count() == len(GAMES)
        # (a summary may use a game's name as a word: Bezique's "marriages, bezique, fours")
        named = "#games .game-item .meta, #games .game-item .title, #finished-tables li"
        said = " ".join(page.locator(named).all_inner_texts())
        for name in GAMES:
            assert name not in said.replace(TITLES[name], ""), (name, said)
        assert page.locator("#games button.game-item[data-game='apology'] .meta").inner_text() == "4 players"

        table, _ = open_seat(ctx, seat_link(server, playing, 0))
        table.wait_for_function("document.title.includes('Bishops Whist')")
        assert table.inner_text("#game-title") == TITLES["bishops-whist"]
        assert "bishops-whist" not in table.title() + table.inner_text("header.topbar")

        replay = ctx.new_page()
        replay.goto(f"{server.url}/replay/{finished['id']}")
        replay.wait_for_selector("#table .board")
        assert replay.inner_text("#game-title") == TITLES["roquet"]
        assert replay.title() == f"replay: {TITLES['roquet']} — parlour"
        # the API still speaks of the game by its name
        assert api(server, f"/api/tables/{finished['id']}")["game"] == "roquet"


TOP_BAR = """() => {
  // the table page's top bar: its link back to the lobby, whether its items keep to one row, inside the
  // window, and whether the game's title is drawn whole (not cut by an ellipsis or its line clamp)
  const bar = document.querySelector("header.topbar");
  const title = document.querySelector(".topbar h1");
  const leave = document.querySelector("#leave");
  const rules = document.querySelector("#rules-button");
  const items = [...bar.children].filter((n) => n.checkVisibility());
  const tops = items.map((n) => n.getBoundingClientRect().top);
  return {
    leave: leave.innerText.trim(),
    tooltip: leave.title,
    rows: Math.max(...tops) - Math.min(...tops) < 20 ? 1 : 2,
    inside: items.every((n) => n.getBoundingClientRect().right <= innerWidth + 0.5),
    wide: document.documentElement.scrollWidth <= innerWidth,
    whole: title.scrollWidth <= title.clientWidth + 1 && title.scrollHeight <= title.clientHeight + 1,
    // the title no taller than the buttons beside it (a phone's bar is as tall as they are)
    low: title.getBoundingClientRect().height <= rules.getBoundingClientRect().height + 0.5,
  };
}"""
"""The table page's top bar as drawn."""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, PHONE], ids=["1280x800", "390x844"])
def test_the_top_bar_says_leave_table_to_a_seat_and_a_spectator_alike(
    browser: Browser, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """The top bar's way back to the lobby said "Leave table" on a wide screen and "Leave" on a phone,
    and to a spectator promised "A seat stays yours", a seat the spectator never had. It says "Leave
    table" to both, everywhere, its tooltip true to each; on a phone, where "parlour · Open …" cut the
    game's name after its first word, the bar gives the game's title its room (two lines at most, no
    taller than the bar was), and keeps to one row inside the window."""
    size = f"{viewport['width']}x{viewport['height']}"
    with serving(tmp_path) as server:
        table = create_table(server, "open-tarock", [HUMAN, COMPUTER], public=True)
        bars = {}
        for who in ("seat", "spectator"):
            with context(browser, viewport) as ctx:
                url = seat_link(server, table, 0) if who == "seat" else f"{server.url}/t/{table['id']}"
                page, _ = open_seat(ctx, url)
                page.wait_for_function(
                    "document.querySelector('#game-title')?.textContent.includes('Tarock')"
                )
                page.wait_for_selector("#conn.ok")
                bars[who] = page.evaluate(TOP_BAR)
                shoot(page, f"top-bar-{who}-{size}")
        for who, bar in bars.items():
            assert bar["leave"] == "Leave table", (who, bar)
            assert bar["rows"] == 1 and bar["inside"] and bar["wide"], (who, bar)
            assert bar["whole"], (who, bar)
            assert bar["low"], (who, bar)
        assert "A seat stays yours" in bars["seat"]["tooltip"], bars
        assert "seat" not in bars["spectator"]["tooltip"] and "watch" in bars["spectator"]["tooltip"], bars


@pytest.mark.browser
def test_a_replay_with_every_card_face_up_says_whom_each_hand_was_dealt_to(
    browser: Browser, tmp_path: Path
) -> None:
    """A Roquet replay with every card face up began its log "You are dealt B♠ L♠ …", twice, one line
    for each seat, beside a table of "Computer 1" and "Computer 2" and no "you": the lines told to one
    seat are said of that seat, as they are in a replay seen from a seat."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "roquet", [COMPUTER, COMPUTER])
        wait_finished(server, table["id"])
        page = ctx.new_page()
        page.goto(f"{server.url}/replay/{table['id']}")
        page.wait_for_selector("#table .board")
        assert page.input_value("#seat") == "all"
        dealt = [line for line in page.locator("#log li").all_inner_texts() if " dealt " in line]
        shoot(page, "roquet-replay-face-up-1280x900")
        assert [line.split(" dealt ")[0] for line in dealt] == ["Computer 1 is", "Computer 2 is"], dealt
        # seen from a seat, its own line as before
        page.select_option("#seat", "1")
        page.wait_for_function(
            "[...document.querySelectorAll('#log li')].filter(l => l.textContent.includes(' dealt '))"
            ".map(l => l.textContent.split(' dealt ')[0]).join() === 'Computer 2 is'"
        )


TITLE_DRAWN = """() => {
  // the top bar's title: drawn whole (not cut by an ellipsis or its line clamp), no taller than the
  // buttons beside it
  const title = document.querySelector(".topbar h1");
  const rules = document.querySelector("#rules-button");
  return {
    text: title.innerText,
    whole: title.scrollWidth <= title.clientWidth + 1 && title.scrollHeight <= title.clientHeight + 1,
    low: title.getBoundingClientRect().height <= rules.getBoundingClientRect().height + 0.5,
  };
}"""


@pytest.mark.browser
def test_a_replays_title_names_its_game_whole_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    """On a phone the replay's top bar read "parlour · replay: Open Tarock for…": its title takes two
    lines, no taller than its Rules button, and names the game whole."""
    with serving(tmp_path) as server, context(browser, PHONE) as ctx:
        table = create_table(server, "open-tarock", [COMPUTER, COMPUTER])
        wait_finished(server, table["id"])
        page = ctx.new_page()
        page.goto(f"{server.url}/replay/{table['id']}")
        page.wait_for_selector("#table .board")
        page.wait_for_function("document.querySelector('#game-title')?.textContent.includes('Tarock')")
        drawn = page.evaluate(TITLE_DRAWN)
        shoot(page, "open-tarock-replay-390x844")
        assert drawn["whole"] and drawn["low"], drawn
        assert " ".join(drawn["text"].split()) == f"parlour · replay: {TITLES['open-tarock']}", drawn


HYPHENATED_LINES = """() => {
  // how many lines each hyphenated word of the top bar's title is drawn on
  const title = document.querySelector("#game-title");
  const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
  const out = {};
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.textContent.matchAll(/\\S*\\w-\\w\\S*/g)) {
      const tops = new Set();
      const range = document.createRange();
      for (let k = m.index; k < m.index + m[0].length; k++) {
        range.setStart(node, k);
        range.setEnd(node, k + 1);
        for (const r of range.getClientRects()) tops.add(Math.round(r.top));
      }
      out[m[0]] = tops.size;
    }
  }
  return {lines: out, text: title.innerText};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("page_kind", ["table", "replay"])
def test_a_hyphenated_word_of_a_title_stays_on_one_line(
    browser: Browser, tmp_path: Path, page_kind: str
) -> None:
    """On a phone the top bar gives the game's title two lines, and Roquet's broke as "Roquet (60-" /
    "card pack)": a hyphenated word of a title is kept whole on its line, and the title reads as
    given."""
    with serving(tmp_path) as server, context(browser, PHONE) as ctx:
        if page_kind == "table":
            table = create_table(server, "roquet", [HUMAN, COMPUTER])
            page, _ = open_seat(ctx, seat_link(server, table, 0))
        else:
            table = create_table(server, "roquet", [COMPUTER, COMPUTER])
            wait_finished(server, table["id"])
            page = ctx.new_page()
            page.goto(f"{server.url}/replay/{table['id']}")
        page.wait_for_function("document.querySelector('#game-title')?.textContent.includes('Roquet')")
        drawn = page.evaluate(HYPHENATED_LINES)
        shoot(page, f"roquet-{page_kind}-title-390x844")
        assert drawn["lines"] == {"(60-card": 1}, drawn
        assert " ".join(drawn["text"].split()) == TITLES["roquet"], drawn


@pytest.mark.browser
def test_the_lobby_offers_ones_own_tables_back_not_to_watch_or_join(browser: Browser, tmp_path: Path) -> None:
    """Back in the lobby from "Leave table", one's own table in play was offered to "Watch", though
    its page sat one down again at one's seat, and one's own table waiting for a friend to "Join",
    which took a second seat: the lobby says "Back to your seat" for a table this browser holds a seat
    at, and still "Watch" and "Join" for the others."""
    with serving(tmp_path) as server, context(browser) as ctx:
        mine = create_table(server, "bezique", [HUMAN, COMPUTER], public=True)
        theirs = create_table(server, "bezique", [HUMAN, COMPUTER], public=True, seed=8)
        waiting = create_table(server, "bezique", [HUMAN, HUMAN], public=True, seed=9)
        for table in (mine, waiting):
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            page.wait_for_selector("#conn.ok")
            page.close()
        with context(browser) as other:  # somebody else sits at theirs
            page, _ = open_seat(other, seat_link(server, theirs, 0))
            page.close()
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.locator("#playing-tables li").nth(1).wait_for()
        page.locator("#open-tables li a, #open-tables li button").first.wait_for()

        def offered(panel: str, table: dict[str, object]) -> str:
            link = page.locator(f"#{panel} li a[href='/t/{table['id']}']")
            return link.inner_text() if link.count() else page.locator(f"#{panel} li button").inner_text()

        shoot(page, "lobby-own-tables-1280x900")
        assert offered("playing-tables", mine) == "Back to your seat"
        assert offered("playing-tables", theirs) == "Watch"
        assert offered("open-tables", waiting) == "Back to your seat"
        page.locator(f"#playing-tables a[href='/t/{mine['id']}']").click()
        page.wait_for_function("document.querySelector('#seat-line')?.textContent.startsWith('you are')")


@pytest.mark.browser
def test_a_table_with_no_friend_at_it_asks_nobody_to_send_links(browser: Browser, tmp_path: Path) -> None:
    """A Roquet table made in the lobby for oneself against a computer player said "Send each friend
    the link of their seat" with no friend's seat at it: that is said where friends have seats, and
    one's own seat's link is one's key to it."""
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        notes = {}
        for seats in (["human", "computer:heuristic"], ["human", "human"]):
            page.locator("#games button.game-item[data-game='roquet']").click()
            form = page.locator("#create-form")
            form.wait_for(state="visible")
            for i, kind in enumerate(seats):
                form.locator(".seats select").nth(i).select_option(kind)
            before = page.evaluate("document.querySelector('#links a')?.href ?? ''")
            form.locator("button[type=submit]").click()
            page.locator("#created-panel").wait_for(state="visible")
            made = "(was) => (document.querySelector('#links a')?.href ?? was) !== was"
            page.wait_for_function(made, arg=before)
            notes[seats.count("human")] = page.inner_text("#created-note")
            shoot(page, f"created-{seats.count('human')}-people-1280x900")
        assert "friend" in notes[2], notes
        assert "friend" not in notes[1] and "key" in notes[1], notes


@pytest.mark.browser
def test_a_table_of_computer_players_only_is_made_to_watch(browser: Browser, tmp_path: Path) -> None:
    """The lobby refused a table with a computer player at every seat ("At least one seat must be a
    person's"), though watching good players is how a lost game is learnt: such a table is made and
    the person taken to watch it, the computers playing."""
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.locator("#games button.game-item[data-game='roquet']").click()
        form = page.locator("#create-form")
        form.wait_for(state="visible")
        for i in range(2):
            form.locator(".seats select").nth(i).select_option("computer:heuristic")
        form.locator("button[type=submit]").click()
        page.wait_for_url("**/t/*")
        page.wait_for_function("document.querySelector('#game-title')?.textContent.includes('Roquet')")
        page.wait_for_function("document.querySelectorAll('#log li').length > 3")
        shoot(page, "roquet-computers-only-1280x900")
        assert "Leave table" in page.inner_text("header.topbar")
        assert page.locator(".dock .seat.me").count() == 0  # a spectator: no seat of one's own
        table_id = page.url.rsplit("/t/", 1)[1].split("#")[0]
        info = api(server, f"/api/tables/{table_id}")
        assert [s["kind"] for s in info["seats"]] == ["computer", "computer"], info
