"""What a demanding new user met at the web table at a desk and on a phone, part six, pinned where it was
mended: the faded last trick headed "Last trick" beside a "Last trick" button, Lansquenet's seat line
"score 101 · chips 100", Bezique's rules teaching card codes the web table never shows, and the top bar
of a narrow desktop window.

The server and browser helpers are the walks' (``tests/web_walks.py``); the replays are
``tests/test_qa_web.py``'s.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser
from rich.console import Console

import parlour
from parlour.cli.terminal import TerminalGame
from tests.test_qa_web import game_replay, replay_server, replay_step, replay_steps
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    api,
    browser,
    context,
    create_table,
    open_seat,
    seat_link,
    serving,
    shooter,
)

pytestmark = [pytest.mark.timeout(300)]

__all__ = ["browser", "replay_server"]  # the module's Chromium and replay server, shared by its tests

shoot = shooter("walk6")

DESKTOP = {"width": 1280, "height": 800}
NARROW = {"width": 900, "height": 700}


FADED_HEAD = """() => {
  // a faded last trick drawn whole (not given way), its heading's and button's words as one reads them
  const trick = document.querySelector(".board .trick.faded:not(.given)");
  if (trick === null || trick.querySelector(".trick-card") === null) return null;
  const area = trick.closest(".trick-area");
  const button = area.querySelector(".last-trick");
  return {
    heading: area.querySelector(".trick-caption").innerText,
    said: area.querySelector(".trick-head").innerText,
    button: button !== null && button.checkVisibility(),
  };
}"""
"""A faded last trick's heading as drawn: its caption, all its visible words and whether its button is
in sight; None where no faded trick is drawn whole."""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [DESKTOP, NARROW], ids=["1280x800", "900x700"])
def test_a_faded_last_trick_says_last_trick_once(
    browser: Browser, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """The trick just won lies faded on the table, headed "Last trick: Computer 1 won it", and beside
    that heading stood a "Last trick (L)" button, which showed the same trick again: "Last trick"
    twice. The heading says it once; the button comes back once a trick is in play (to show the one
    before) or the faded trick gives way (to show it whole), and the "l" key still shows it."""
    name = f"{viewport['width']}x{viewport['height']}"
    with game_replay(browser, tmp_path, "bezique", viewport) as page:
        seen = 0
        for step in range(1, replay_steps(page)):
            replay_step(page, step)
            head = page.evaluate(FADED_HEAD)
            if head is None:
                continue
            seen += 1
            if seen == 1:
                shoot(page, f"faded-trick-{name}")
            assert head["said"].count("Last trick") == 1, (step, head)
            assert re.fullmatch(r"Last trick: .+ won it", head["heading"]), (step, head)
            assert head["button"] is False, (step, head)
            if seen == 3:
                page.locator("body").press("l")
                pressed = page.locator(".trick-head .last-trick[aria-pressed=true]")
                pressed.wait_for()
                assert pressed.inner_text().startswith("Back"), pressed.inner_text()
                page.locator("body").press("l")
                page.locator(".board .trick.faded").wait_for()
            if seen >= 6:
                break
        assert seen >= 6, f"only {seen} steps with a faded last trick: the test shows little"
        # (a trick in play keeps the button, to show the trick before it)
        for step in range(1, replay_steps(page)):
            replay_step(page, step)
            if page.evaluate(
                "() => document.querySelector('.board .trick:not(.faded) .trick-card') !== null"
                " && document.querySelector('.trick-head .last-trick') !== null"
            ):
                assert page.locator(".trick-head .last-trick").is_visible(), step
                break
        else:
            pytest.fail("no step with a trick in play and a last trick to show")


SEAT_CHIPS = """() => ({
  stats: [...document.querySelectorAll("#table .seat .seat-stats")]
    .map((node) => [node.closest(".seat").dataset.seat, node.textContent, node.title]),
  columns: [...document.querySelectorAll("table.scores thead th")].map((node) => node.textContent),
  rows: [...document.querySelectorAll("table.scores tbody tr")].map((row) =>
    [...row.querySelectorAll("td")].map((cell) => cell.textContent)),
})"""
"""Each seat's numbers and their tooltip, and the score table's columns and rows."""


@pytest.mark.browser
def test_lansquenet_s_seat_line_says_what_its_chips_are(browser: Browser, tmp_path: Path) -> None:
    """Lansquenet's seats read "score 100 · chips 50" (the banker, 50 of its chips in the bank) and the
    score table had columns "score" and "chips": the score is all a seat's chips wherever they lie, the
    view's ``chips`` those in its purse, which a newcomer could not tell apart. The line says "100 chips
    (50 on the table)", its tooltip where each lies, and the table's columns "chips" and "on the
    table". Checked at the first steps of a ten-seat replay where somebody has chips in the bank or in
    a bet (by the replay's view), and at one where nobody has."""
    with game_replay(browser, tmp_path, "lansquenet", DESKTOP) as page:
        where = urlparse(page.url)
        table = f"{where.scheme}://{where.netloc}/api/tables/{where.path.rsplit('/', 1)[-1]}"
        checked = {True: 0, False: 0}
        for step in range(replay_steps(page) + 1):
            view = page.request.get(f"{table}/replay?step={step}&seat=all").json()["view"]
            staked = [a - b for a, b in zip(view["scores"], view["chips"], strict=True)]
            wanted = {True: 3, False: 1}
            if checked == wanted:
                break
            if checked[any(staked)] >= wanted[any(staked)]:
                continue
            checked[any(staked)] += 1
            replay_step(page, step)
            said = page.evaluate(SEAT_CHIPS)
            if checked[True] == 1 and any(staked):
                shoot(page, "lansquenet-chips")
            stats = {int(seat): words for seat, *words in said["stats"]}
            assert sorted(stats) == list(range(len(staked))), said
            for seat, (text, title) in stats.items():
                whole, purse = int(view["scores"][seat]), view["chips"][seat]
                table_part = f" ({whole - purse} on the table)" if whole != purse else ""
                assert text == f"{whole} chips{table_part}", (step, seat, said)
                assert title == (
                    f"{whole} chips in all (the score): {purse} in the purse, {whole - purse} on the table"
                    " (in the bank or in bets)"
                ), (step, seat, said)
            assert said["columns"] == ["side", "chips", "on the table"], said
        assert checked == {True: 3, False: 1}, checked


def test_lansquenet_s_terminal_table_says_what_its_chips_are() -> None:
    """The terminal's table had the same two rows, "score" (all a seat's chips) and "chips" (its
    purse): they read "chips in all" and "in the purse", the bank and the bets on rows of their own."""
    game = parlour.make("lansquenet", players=3)
    state = game.new(seed=1, deal={"banker": 0})
    state.apply("bank 40", seat=0)
    console = Console(record=True, width=160)
    TerminalGame(game, [1], {}, 1, console).render(state.view(1))
    rows: dict[str, str] = {}
    for line in console.export_text().splitlines():
        parts = re.split(r"\s{2,}", line.strip("│ "), maxsplit=1)
        if len(parts) == 2:
            rows.setdefault(parts[0], parts[1].strip())
    assert rows["chips in all"] == "seat 1: 100   you: 100   seat 3: 100", rows
    assert rows["in the purse"] == "seat 1: 60   you: 100   seat 3: 100", rows
    assert rows["the bank"] == "40" and "score" not in rows and "chips" not in rows, rows


BARE_CODE = re.compile(r"(?<![\w`])[AKQJT2-9][SHDC](?![\w`])")
"""A card code (``QS``, ``TD``) in words a person reads, not in a code span."""


@pytest.mark.browser
def test_bezique_s_rules_name_cards_as_the_web_table_shows_them(browser: Browser, tmp_path: Path) -> None:
    """Bezique's rules taught the cards by their codes ("bezique: QS and JD", "A T K Q J of trumps"),
    which the web table never shows: it draws pictures and names them in words. The rules dialog names
    each card in words or by its picture's corner (Q♠), the codes kept as what one types (in code spans,
    as the terminal's `parlour rules bezique` reads them too), and says how a card is typed."""
    with serving(tmp_path) as server, context(browser, DESKTOP) as ctx:
        table = create_table(server, "bezique", [HUMAN, COMPUTER], seed=3)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        page.locator("#table .board").wait_for()
        page.click("#rules-button")
        page.locator("#rules-body table").first.wait_for()
        shoot(page, "bezique-rules")
        read = page.evaluate(
            """() => {
              const body = document.querySelector("#rules-body").cloneNode(true);
              body.querySelectorAll("code, pre, details").forEach((node) => node.remove());
              const melds = [...document.querySelectorAll("#rules-body table")].find((t) =>
                t.querySelector("th")?.textContent === "meld");
              return {
                text: body.textContent,
                melds: [...melds.querySelectorAll("tbody tr")].map((row) => row.children[1].textContent),
              };
            }"""
        )
    bare = sorted({m.group() for m in BARE_CODE.finditer(read["text"])})
    assert bare == [], f"card codes outside code spans: {bare}"
    assert "ranks" in read["text"] and "Type an action" in read["text"], read["text"][:600]
    bezique = next(cards for cards in read["melds"] if "spades" in cards and "diamonds" in cards)
    assert bezique.startswith("queen of spades and jack of diamonds (Q♠ J♦"), read["melds"]
    assert not re.search(r"\b[AKQJT]( [AKQJT])+ of\b", " ".join(read["melds"])), read["melds"]


TOP_BAR = """() => {
  const rect = (node) => node.getBoundingClientRect();
  const title = document.querySelector(".topbar h1");
  const shown = [title, ...document.querySelectorAll(
    ".topbar #seat-line, .topbar #conn, .topbar #leave, .topbar #rules-button, .topbar #help-button")]
    .filter((node) => node.checkVisibility() && rect(node).width > 0);
  const overlaps = [];
  for (const [i, a] of shown.entries()) {
    for (const b of shown.slice(i + 1)) {
      const r = rect(a), s = rect(b);
      if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1) {
        overlaps.push([a.id || a.localName, b.id || b.localName]);
      }
    }
  }
  const controls = ["conn", "leave", "rules-button", "help-button"]
    .map((id) => document.getElementById(id)).filter((node) => node.checkVisibility());
  const middles = controls.map((node) => Math.round(rect(node).top + rect(node).height / 2));
  return {
    whole: title.scrollWidth <= title.clientWidth + 1 && title.scrollHeight <= title.clientHeight + 1,
    inside: shown.every((node) => rect(node).left >= -0.5
      && rect(node).right <= document.documentElement.clientWidth + 0.5),
    overlaps,
    controlRows: Math.max(...middles) - Math.min(...middles) <= 2 ? 1 : new Set(middles).size,
    controlsRight: rect(controls[controls.length - 1]).right,
    width: document.documentElement.clientWidth,
    bar: Math.round(rect(document.querySelector(".topbar")).height),
  };
}"""
"""The top bar as drawn: whether the game's title is whole and everything inside the window, which of
its parts overlap, on how many rows its controls lie and where they end."""


@pytest.mark.browser
def test_a_narrow_desktop_window_keeps_the_title_whole_and_the_controls_together(
    browser: Browser, tmp_path: Path
) -> None:
    """A desktop window 700 to 1000 pixels wide: the top bar's title ("Roquet (60-card pack)", "Apology
    (L'Excuse for the Bishops Whist pack)"), the seat's name, the connection and the three buttons
    wrapped as they came, "Rules" and "Keys (?)" on a third row of their own under "Leave table". The
    title is whole and clear of everything, and the controls keep together on one row at the bar's
    right."""
    long_name = "Anastasia Featherstonehaugh"
    with serving(tmp_path) as server:
        tables = {
            "roquet": create_table(server, "roquet", [HUMAN | {"name": long_name}, COMPUTER], seed=2),
            "apology": create_table(
                server, "apology", [HUMAN | {"name": long_name}, COMPUTER, COMPUTER, COMPUTER], seed=2
            ),
        }
        for width in (700, 800, 900, 1000):
            with context(browser, {"width": width, "height": 700}) as ctx:
                for game, table in tables.items():
                    page, _ = open_seat(ctx, seat_link(server, table, 0))
                    page.locator("#table .board").wait_for()
                    page.locator("#conn.ok").wait_for()
                    bar = page.evaluate(TOP_BAR)
                    if width in (700, 1000):
                        shoot(page, f"topbar-{game}-{width}")
                    assert bar["whole"] and bar["inside"], (game, width, bar)
                    assert bar["overlaps"] == [], (game, width, bar)
                    assert bar["controlRows"] == 1, (game, width, bar)
                    assert bar["controlsRight"] >= bar["width"] - 40, (game, width, bar)
                    page.close()


@pytest.mark.browser
def test_a_private_table_left_is_offered_back_in_the_lobby(browser: Browser, tmp_path: Path) -> None:
    """A person who made a private table (the lobby's "public" unticked), sat down and pressed "Leave
    table" found no way back in the lobby: its lists hold public tables alone, though the table's page
    would sit them down again (its seat's secret kept in the browser). The lobby lists such a table
    under "Your private tables" with "Back to your seat"; another browser's lobby does not."""
    with serving(tmp_path) as server, context(browser, NARROW) as ctx, context(browser, NARROW) as other:
        table = create_table(server, "bezique", [HUMAN, COMPUTER], seed=3)
        assert api(server, f"/api/tables/{table['id']}")["public"] is False
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        page.locator("h2.prompt.your-turn").wait_for()
        page.click("#leave")
        page.wait_for_url(f"{server.url}/")
        back = page.locator("#mine-tables a", has_text="Back to your seat")
        back.wait_for()
        shoot(page, "lobby-private-table")
        listed = page.inner_text("#mine-tables")
        assert listed.startswith("Two-handed Bezique"), listed
        back.click()
        page.locator("h2.prompt.your-turn").wait_for()
        assert page.url == f"{server.url}/t/{table['id']}"
        stranger = other.new_page()
        stranger.goto(server.url + "/")
        stranger.locator("#playing-tables li").first.wait_for()
        assert stranger.locator("#mine-panel").is_hidden()
        assert table["id"] not in stranger.content()
