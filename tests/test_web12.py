"""web-12: what the last web review (``tests/test_review10.py``) left at the web table, pinned where it
was mended. Each test here failed before its fix.

One ``parlour serve`` and one Chromium serve the module's browser tests (as ``tests/test_review10.py``).
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser
from websockets.sync.client import connect

from parlour.games.lansquenet.players import StandingsPlayer
from parlour.games.lansquenet.rules import Lansquenet
from parlour.games.roquet.players import RoquetHeuristic
from parlour.games.roquet.rules import PACK as ROQUET_PACK
from parlour.games.roquet.rules import RoquetGame
from parlour.games.roquet.search import RoquetSearch
from tests.test_review10 import play_to_melds
from tests.web_support import Server, server_fixture
from tests.web_walks import COMPUTER, PHONE, browser, context, create_table, seat_link, shooter, wait_finished

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser"]  # the module's Chromium, shared by its tests

shoot = shooter("web12")


server = server_fixture("web12")
"""The module's ``parlour serve``, with a SQLite database of its own."""


BUTTONS_OUT_OF_SIGHT = """() => {
  const box = document.querySelector('.action-buttons');
  const bottom = box.getBoundingClientRect().bottom;
  const hidden = [...box.querySelectorAll('button.action')]
    .filter((b) => b.getBoundingClientRect().bottom > bottom + 1);
  const cue = [...document.querySelectorAll('.dock .more-rows')].find((c) => !c.hidden && c.offsetParent);
  const r = cue ? cue.getBoundingClientRect() : null;
  return {hidden: hidden.length, cue: cue ? cue.textContent : null,
    below: r ? r.top >= bottom - 1 && r.top - bottom < 30 : null};
}"""
"""How many action buttons lie below the box's edge, and the dock's cue of rows, if any, and whether it
lies just below the box of buttons."""


@pytest.mark.browser
def test_combinations_out_of_sight_have_a_cue_on_a_phone(browser: Browser, server: Server) -> None:
    """Roquet's four nines offer seven combinations: on a phone the box of buttons showed three of them
    and the rest, the best among them (the four nines), lay out of sight with nothing to say so. The box
    has the cue of rows the boxes of cards have ("▾ N more rows"), which scrolls them into sight."""
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER]
    table = create_table(server, "roquet", seats, seed=3)
    link = seat_link(server, table, 0)
    actions = play_to_melds(server.url, link, 7)
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(link)
        page.locator('.action-buttons button.action[data-key="action-done"]').wait_for()
        said = page.evaluate(BUTTONS_OUT_OF_SIGHT)
        shoot(page, "combinations-cue-390x844")
        assert said["hidden"] > 0, (said, actions)  # the case the cue is for
        assert said["cue"] is not None and said["cue"].startswith("▾ ") and "more row" in said["cue"], said
        assert said["below"], said
        page.locator(".dock .more-rows").click()
        page.wait_for_timeout(300)
        after = page.evaluate(BUTTONS_OUT_OF_SIGHT)
        shoot(page, "combinations-cue-pressed-390x844")
    assert after["hidden"] < said["hidden"], (said, after)


def play_to(url: str, link: str, verbs: tuple[str, ...]) -> list[str]:
    """Play the seat of ``link`` through the table's WebSocket (its first action each time, as
    ``play_to_melds``) to its first decision that offers an action of one of ``verbs``; its actions."""
    token = parse_qs(urlparse(link).fragment)["token"][0]
    table = urlparse(link).path.rsplit("/", 1)[-1]
    with connect(url.replace("http", "ws", 1) + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
        seat = None
        for _ in range(4000):
            message = json.loads(socket.recv(timeout=30))
            if message["type"] == "welcome":
                seat = message["seat"]
            elif message["type"] == "state" and (message["view"]["decision"] or {}).get("seat") == seat:
                actions = [str(a["text"]) for a in message["actions"]]
                if any(a.split()[0] in verbs for a in actions):
                    return actions
                socket.send(json.dumps({"type": "act", "action": actions[0], "version": message["version"]}))
    raise AssertionError("no such decision came")


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, PHONE], ids=["1280x900", "390x844"])
def test_bezique_s_seven_of_trumps_has_a_worded_button(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """Bezique's seven of trumps, to exchange for the turn-up or show for 10, was offered only by tapping
    the ringed card in the hand, which opened a menu: no button beside "pass" and the melds, and the
    prompt did not say to tap it. It has a button that says what it does, as Roquet's combinations do."""
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER]
    table = create_table(server, "bezique", seats, seed=BEZIQUE_SEED)
    link = seat_link(server, table, 0)
    actions = play_to(server.url, link, ("exchange", "declare"))
    sevens = [a for a in actions if a.split()[0] in ("exchange", "declare")]
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(link)
        page.locator(".action-buttons button.action").first.wait_for()
        shoot(page, f"bezique-seven-{viewport['width']}x{viewport['height']}")
        for action in sevens:
            button = page.locator(f'.action-buttons button.action[data-key="action-{action}"]')
            assert button.count() == 1, (action, actions)
            assert "seven of trumps" in button.inner_text() and "10 points" in button.inner_text()
        page.locator(f'.action-buttons button.action[data-key="action-{sevens[0]}"]').click()
        page.wait_for_function(
            "() => ![...document.querySelectorAll('.action-buttons button.action')]"
            ".some((b) => /^(exchange|declare) /.test(b.dataset.key.slice(7)))"
        )


BEZIQUE_SEED = 2
"""A Bezique deal whose person, seat 1, comes to hold the seven of trumps after a trick won."""


def test_roquet_s_play_reason_does_not_repeat_the_card() -> None:
    """The hint reads "play C♣ — leads C♣ (…)": its reason named again the card the action had just
    named ("takes the trick with 9♥", "lets the trick go with 7♦" likewise). The reason says why, not
    which card: for every card each decision of a few deals may play, its name is not in the reason."""
    game = RoquetGame()
    search = RoquetSearch(0)
    said: list[str] = []
    repeated: list[str] = []
    for seed in range(3):
        state = game.new(seed)
        players = [RoquetHeuristic(s) for s in range(2)]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            legal = list(view.legal_actions)
            if len(legal) > 1 and legal[0].startswith("play "):
                cards = [a.split()[1] for a in legal]
                for card in cards:
                    reason = search._play_reason(card, dict.fromkeys(cards, 0.0), view, game)
                    said.append(reason)
                    if ROQUET_PACK.pretty(card) in reason.split(":")[0].split(",")[0]:
                        repeated.append(f"play {ROQUET_PACK.pretty(card)} — {reason}")
            state.apply(players[seat].choose(view, game))
    assert len(said) > 100 and {r.split(" ")[0] for r in said} >= {"takes", "lets"}, said[:5]
    assert repeated == [], repeated[:5]


def test_lansquenet_s_hint_counts_chips() -> None:
    """Lansquenet counts chips, not scores, and its hint said "the scores are level" to a banker level
    with the richest of the others: it says the chips are level."""
    game = Lansquenet()
    advisor = StandingsPlayer()
    level: list[str] = []
    for seed in range(40):
        state = game.new(seed)
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            advice = advisor.advise(view, game)
            if "level" in advice.reason:
                level.append(advice.reason)
            state.apply(advice.action)
    assert level, "no decision with the chips level came"
    assert [r for r in level if "score" in r] == [], sorted(set(level))
    assert [r for r in level if "chips" not in r] == [], sorted(set(level))


SHEET = """() => {
  const box = document.querySelector('details.sheet .table-scroll');
  const table = box.querySelector('table.score-sheet');
  const heads = [...table.querySelectorAll('thead th')].slice(1);
  const right = box.getBoundingClientRect().right;
  return {boxWidth: box.clientWidth, tableWidth: table.scrollWidth,
    heads: heads.map((h) => ({text: h.innerText, title: h.title || h.getAttribute('aria-label') || '',
      inSight: h.getBoundingClientRect().right <= right + 1, whole: h.scrollWidth <= h.clientWidth + 1})),
    cells: [...table.querySelectorAll('tbody tr:last-child td')]
      .map((c) => c.getBoundingClientRect().right <= right + 1)};
}"""
"""The score sheet's box and table widths, and each column head's words, full name and whether it lies in
sight, whole; and whether each cell of the last row lies in sight."""


@pytest.mark.browser
def test_apology_s_score_sheet_reads_on_a_phone(browser: Browser, server: Server) -> None:
    """Apology's score sheet has a column for each of four seats beside each deal's words: on a phone the
    box (353 pixels) showed the deal's words and "Co" of "Computer 1", the other columns scrolled out of
    sight. Every column lies in sight, its head short ("C1", "you") with the full name in its tooltip."""
    table = create_table(server, "apology", [COMPUTER] * 4, seed=10)
    wait_finished(server, table["id"])
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(f"{server.url}/t/{table['id']}")
        page.locator("details.sheet table.score-sheet").wait_for()
        page.locator("details.sheet").scroll_into_view_if_needed()
        said = page.evaluate(SHEET)
        shoot(page, "apology-sheet-390x844")
        key = page.locator("details.sheet .sheet-key").inner_text()
    with context(browser, {"width": 1280, "height": 900}) as ctx:
        page = ctx.new_page()
        page.goto(f"{server.url}/t/{table['id']}")
        page.locator("details.sheet table.score-sheet").wait_for()
        wide = page.evaluate(SHEET)
        seen = page.locator("details.sheet .sheet-key").is_visible()
    assert len(said["heads"]) == 4, said
    assert said["tableWidth"] <= said["boxWidth"] + 1, said
    assert all(h["inSight"] and h["whole"] for h in said["heads"]), said
    assert all(said["cells"]), said
    assert [h["title"] for h in said["heads"]] == [f"Computer {n}" for n in range(1, 5)], said
    # a phone shows no tooltip: the key under the table says the full names
    assert key == " · ".join(f"C{n}: Computer {n}" for n in range(1, 5)), key
    # where there is room, the heads are the full names, and no key
    assert [h["text"] for h in wide["heads"]] == [f"Computer {n}" for n in range(1, 5)], wide
    assert not seen
