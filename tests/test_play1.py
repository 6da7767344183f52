"""play-1: a demanding new player's session at the web table, each of the six games from the lobby to the
replay, with a friend at a second seat and computer players at every level. What the page said or drew
badly is pinned here where it was mended; each test of a fix failed before it.

1. A match won by several seats that are not one side (Apology's three defenders) told each of the three
   "Match over — You win!", as if the win were theirs alone; the terminal says "You share the win with
   Computer 3 & Computer 4" (term-11). The banner's reason began in lower case ("the highest total after
   the one deal"), under a heading.
2. Another seat's hand with a card known to all (Bishops Whist's dealer holds the turned-up trump) was
   drawn as one fan with the known card first, under the backs: only its corner showed.
3. On a phone another seat's panel flows its zones on after its name: open tarock's stack 1 lay beside the
   name line, the other three below it.
4. The "The hand is over" banner listed the log's lines as the game logged them ("hand 1: you & Computer 3
   take 6 tricks"), where the log beside it begins each with a capital.
5. The final score wrapped before a dot on a phone: a line began "· Computer 4: 1".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

import parlour
from parlour.players import make_player
from tests.test_web_browser import play_until
from tests.web_support import Server, server_fixture
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    PHONE,
    browser,
    context,
    create_table,
    open_seat,
    seat_link,
    shooter,
)

pytestmark = [pytest.mark.timeout(180), pytest.mark.browser]

__all__ = ["browser"]  # the fixture: one Chromium for the module

shoot = shooter("play1")

server = server_fixture("play1")
"""The module's ``parlour serve``, with a SQLite database of its own."""

DOCS_SHOTS = Path(__file__).parent.parent / "docs" / "screenshots" / "play1"

WIDE = {"width": 1280, "height": 900}

RENDER = """([view, packName, info]) => Promise.all([import("/static/render.js"), import("/static/cards.js")])
.then(async ([r, c]) => {
  document.body.innerHTML = '<main class="table-page"><div id="table"></div></main>';
  const root = document.getElementById("table");
  r.renderTable(root, { view, info, pack: await c.loadPack(packName) });
  return true;
})"""
"""render.js's drawing of a view (as its seat sees it), on the page, to be read and looked at."""


def render(
    page: Page, server: Server, view: dict[str, Any], pack: str, names: list[str] | None = None
) -> None:
    """``view`` drawn by render.js on a page of the server, its seats named ``names`` (else "Seat N")."""
    info = None if names is None else {"seats": [{"seat": s, "name": n} for s, n in enumerate(names)]}
    page.goto(server.url + "/")
    page.evaluate(RENDER, [view, pack, info])


def played_out(name: str, seed: int, until: Any, **options: Any) -> Any:
    """A state of a seeded match between random players: the first one ``until(state)`` holds of."""
    game = parlour.make(name, **options)
    state = game.new(seed=seed)
    players = [make_player("random", game, 40 + s) for s in range(game.num_players)]
    while not until(state):
        seat = state.current_player
        assert seat is not None, f"{name} seed {seed}: over before the state looked for"
        state.apply(players[seat].choose(state.view(seat), game), seat=seat)
    return state


# --- 1. a shared win, and the banner's reason ----------------------------------------------------------


def shared_apology_win() -> Any:
    """A finished Apology match of one deal whose three defenders share the win."""
    for seed in range(60):
        state = played_out("apology", seed, lambda s: s.is_over, deals=1)
        outcome = state.view(None).outcome
        if len(outcome.winners) == 3:
            return state
    raise AssertionError("no Apology deal of the sixty ends with the three defenders winning")


def test_a_win_shared_with_other_sides_names_them(browser: Browser, server: Server) -> None:
    """To one of Apology's three winning defenders the banner said "You win!"; it says "You share the win
    with Computer 3 & Computer 4", as the terminal does, and its reason begins with a capital."""
    state = shared_apology_win()
    winners = state.view(None).outcome.winners
    me = winners[0]
    others = [f"Seat {s + 1}" for s in winners[1:]]
    with context(browser, WIDE) as ctx:
        page = ctx.new_page()
        render(page, server, state.view(me).to_dict(), "bishops65")
        heading = page.inner_text("section.banner.outcome h2")
        assert heading == f"Match over — You share the win with {others[0]} & {others[1]}", heading
        reason = page.inner_text("section.banner.outcome p:not(.final-score)")
        assert reason[:1].isupper(), reason
        shoot(page, "apology-shared-win-1280x900")


def test_a_side_s_win_is_still_yours(browser: Browser, server: Server) -> None:
    """Bishops Whist's partners win together: the win is the side's, "You win!", no partner named."""
    state = played_out("bishops-whist", 3, lambda s: s.is_over, hand_limit=1)
    outcome = state.view(None).outcome
    me = outcome.winners[0]
    with context(browser, WIDE) as ctx:
        page = ctx.new_page()
        render(page, server, state.view(me).to_dict(), "bishops52")
        heading = page.inner_text("section.banner.outcome h2")
        assert heading == "Match over — You win!", heading


# --- 2. a known card in another's hand --------------------------------------------------------------------

KNOWN = """() => [...document.querySelectorAll(".board .seat .zone.has-known .fan")].map((fan) => {
  const cards = [...fan.children];
  return cards.map((card, i) => {
    const box = card.getBoundingClientRect();
    const next = cards[i + 1] ? cards[i + 1].getBoundingClientRect().left : box.right;
    const shown = Math.min(next, box.right) - box.left;
    const back = !card.querySelector("img[alt]:not([alt=''])") && !card.getAttribute("aria-label");
    return { back, shown: shown / box.width };
  });
})"""
"""Each known-card fan of another seat: each card, whether it is a back, and the share of its width in
sight (the next card in the fan lies over the rest)."""


def another_s_known_card(seat: int) -> Any:
    """Bishops Whist at the first lead, seen by ``seat``, where another seat (the dealer) holds the
    turned-up trump, known to all."""
    for seed in range(1, 30):
        state = played_out("bishops-whist", seed, lambda s: s.view(seat).decision is not None, hand_limit=1)
        view = state.view(seat)
        if any(z.kind == "hand" and z.owner != seat and any(z.cards) for z in view.zones):
            return view
    raise AssertionError("no deal of thirty whose dealer is another seat")


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280x900", "390x844"])
def test_another_s_known_card_lies_whole_on_top_of_the_backs(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """The dealer's turned-up trump, known to all, lay first in the fan of his hand, under twelve backs:
    its corner alone was in sight. It lies on top, whole, the backs under it."""
    view = another_s_known_card(0)
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        render(page, server, view.to_dict(), "bishops52")
        fans = page.evaluate(KNOWN)
        assert fans, "no hand with a known card drawn"
        shoot(page, f"bishops-whist-known-card-{viewport['width']}x{viewport['height']}")
        for fan in fans:
            faces = [card for card in fan if not card["back"]]
            assert len(faces) == 1 and len(fan) == 13, fan
            assert faces[0]["shown"] > 0.95, fan


# --- 3. open tarock's four stacks on a phone ----------------------------------------------------------------

STACK_ROWS = """() => [...document.querySelectorAll(".board .seat")].map((seat) =>
  [...seat.querySelectorAll(".zone.kind-stack")].map((zone) =>
    Math.round(zone.getBoundingClientRect().top)))"""
"""Each other seat's stacks: the top of each, in the page."""


def test_another_s_four_stacks_lie_in_one_row_on_a_phone(browser: Browser, server: Server) -> None:
    """On a phone another seat's panel is one short line where it fits, its zones flowing on after its
    name: open tarock's first stack lay beside "Bob score 0 · 27 cards in 4 stacks" and the other three
    on the line below, as if stack 1 were something else. The four stacks lie in one row."""
    state = played_out("open-tarock", 1, lambda s: s.view(0).decision is not None, deals=1)
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        render(page, server, state.view(0).to_dict(), "tarock54")
        rows = page.evaluate(STACK_ROWS)
        shoot(page, "open-tarock-stacks-390x844")
        stacks = [tops for tops in rows if tops]
        assert len(stacks) == 1 and len(stacks[0]) == 4, rows
        assert len(set(stacks[0])) == 1, rows


# --- 4. the hand's banner -----------------------------------------------------------------------------------


def test_the_hand_s_banner_says_its_lines_as_the_log_does(browser: Browser, server: Server) -> None:
    """At the end of a hand of two, the banner listed "hand 1: you & Computer 3 take 6 tricks ...", in
    lower case, where the log beside it says "Hand 1: ...": its lines are the log's, in the log's words."""
    table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=5, hand_limit=2)
    with context(browser, PHONE) as ctx:
        page, _frames = open_seat(ctx, seat_link(server, table, 0))
        banner = page.locator("#hand-banner section li")
        play_until([page], lambda: banner.count() > 0, seed=3)
        said = banner.all_inner_texts()
        shoot(page, "bishops-whist-hand-banner-390x844")
        assert said and all(line[:1].isupper() for line in said), said
        logged = page.locator("#log li:not([hidden])").all_inner_texts()
        assert all(line in logged for line in said), (said, logged[-8:])


# --- 5. the final score on a phone --------------------------------------------------------------------

LINE_STARTS = """(selector) => {
  const box = document.querySelector(selector);
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const chars = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (rect && node.data[i].trim()) chars.push([node.data[i], Math.round(rect.top)]);
    }
  }
  return chars.filter((c, i) => i === 0 || c[1] > chars[i - 1][1] + 2).map((c) => c[0]);
}"""
"""The first character of each line the element's text is drawn on."""


def test_the_final_score_wraps_between_seats_not_before_a_dot(browser: Browser, server: Server) -> None:
    """Apology's four scores on a phone wrapped as "Final score: you: -3 · Computer 2: 1 · Computer 3: 1"
    and, on a line of its own, "· Computer 4: 1": a line began with the separator. Each seat's score
    keeps to one line, the dot after it (the first seat's name of every length from 1 to 16 letters, so
    that the line breaks at every place among the scores)."""
    state = shared_apology_win()
    loser = next(s for s in range(4) if s not in state.view(None).outcome.winners)
    lines: dict[str, list[str]] = {}
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        for letters in range(1, 17):
            first = "Annabel Lee-Smith"[:letters].strip()
            names = [first, "Computer 2", "Computer 3", "Computer 4"]
            render(page, server, state.view(loser).to_dict(), "bishops65", names)
            lines[first] = page.evaluate(LINE_STARTS, "section.banner.outcome .final-score")
            said = " ".join(page.inner_text("section.banner.outcome .final-score").split())
            scores = [f"{'you' if s == loser else names[s]}: {1 if s != loser else -3}" for s in range(4)]
            assert said == "Final score: " + " · ".join(scores), said
            if first == "Annabel Le":  # (the name whose scores' line began "· Computer 4: 1")
                shoot(page, "apology-final-score-390x844")
    assert any(len(starts) > 1 for starts in lines.values()), "the scores always fit on one line"
    assert not [first for first, starts in lines.items() if "·" in starts], lines


# --- 6. a seat handed over: its level said once (the lead's, after play-1's report) -----------------------

TAGS = """() => [...document.querySelectorAll(".board .seat")].map((seat) => [
  seat.querySelector(".seat-name").textContent,
  [...seat.querySelectorAll(".tag.computer")].map((tag) => tag.textContent).join(""),
])"""
"""Each seat drawn: its name and its computer tag's words."""


def test_a_seat_handed_to_a_computer_player_says_its_level_once(browser: Browser, server: Server) -> None:
    """A friend's seat handed to a computer player is named "Bob (strong)" (tables.py ``replace``), and its
    tag said "computer (strong)" beside it: the level twice. The tag of such a seat says "computer"; a
    computer player's own seat still gives its level in its tag."""
    state = played_out("bishops-whist", 0, lambda s: s.view(0).decision is not None)
    seats = [
        {"seat": 0, "name": "Ann", "kind": "human", "taken": True, "connected": True},
        {"seat": 1, "name": "Bob (strong)", "kind": "computer", "player": "strong", "taken": True},
        {"seat": 2, "name": "Computer 3", "kind": "computer", "player": "normal", "taken": True},
        {"seat": 3, "name": "Computer 4", "kind": "computer", "player": "easy", "taken": True},
    ]
    with context(browser, WIDE) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.evaluate(RENDER, [state.view(0).to_dict(), "bishops52", {"seats": seats}])
        tags = dict(page.evaluate(TAGS))
        assert tags["Bob (strong)"] == "computer", tags
        assert tags["Computer 3"] == "computer (normal)", tags
        assert tags["Computer 4"] == "computer (easy)", tags
