"""What a new user met walking through the web table, part three, pinned where it was mended: a hand
with known cards drawn whole, computer players' names, one's hand in reach on a phone with its keyboard
open, Roquet's faded tricks on small screens.

The server and browser helpers are the walks' (``tests/web_walks.py``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.test_qa_web import (
    IN_SIGHT_TYPING,
    KEYBOARD,
    LONG_NAMES,
    YOUR_MOVE,
    act_until,
    each_step_from_both_seats,
    game_replay,
    replay_server,
    replay_steps,
    resized,
    trick_parts,
)
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    PHONE,
    act_once,
    api,
    browser,
    context,
    create,
    create_table,
    log_lines,
    open_seat,
    seat_link,
    serving,
    serving_api,
    shooter,
    wait_finished,
)

pytestmark = [pytest.mark.timeout(300)]

__all__ = ["browser", "replay_server"]  # the module's Chromium and replay server, shared with these tests

shoot = shooter("walk3")


def replay_at(page: Page, url: str, seat: str, step: int) -> None:
    """The replay at ``url``, seen as ``seat``, at ``step``."""
    page.goto(url)
    page.wait_for_selector(f"#seat option[value='{seat}']", state="attached")
    page.select_option("#seat", seat)
    # (the slider's range is the match's only once a step is drawn; before, its max is 0 and the step
    # set was clamped to 0, so the page stayed at step 0: seen on CI)
    page.wait_for_function("document.querySelector('#step-text').textContent.startsWith('step ')")
    page.eval_on_selector(
        "#step", "(n, s) => { n.value = String(s); n.dispatchEvent(new Event('input')); }", step
    )
    page.wait_for_function(f"document.querySelector('#step-text').textContent.startsWith('step {step} ')")
    page.wait_for_selector("#table .board")


HAND_DRAWN = """(seat) => {
  // another seat's hand on the board: its cards drawn face up and face down, and those of them wholly
  // in sight (not clipped by their fan, not hidden, inside the window)
  const zone = document.querySelector(`.board .seat[data-seat="${seat}"] .zone.kind-hand`);
  if (!zone) return null;
  const cards = [...zone.querySelectorAll(".card")];
  const fanOf = (card) => card.closest(".fan, .backs");
  const seen = (card) => {
    const r = card.getBoundingClientRect();
    const box = fanOf(card).getBoundingClientRect();
    return card.checkVisibility({ visibilityProperty: true }) && r.width > 4 && r.left >= box.left - 1
      && r.right <= box.right + 1 && r.left >= 0 && r.right <= innerWidth;
  };
  return {
    up: cards.filter((c) => !c.classList.contains("back")).length,
    down: cards.filter((c) => c.classList.contains("back")).length,
    seen: cards.filter(seen).length,
    label: zone.querySelector(".zone-label")?.textContent ?? "",
  };
}"""
"""Another seat's hand as the board draws it (``null`` if it draws none)."""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_a_hand_with_known_cards_is_drawn_whole(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """Watching Bezique on a phone, the other seat's hand of 8 with 5 cards known to all (shown in a
    declaration, still held) was drawn as its 5 known cards alone: the backs of the 3 others were
    hidden, and the hand looked as if it held 5. It is drawn whole: the known cards face up and a back
    for each of the others, every one in sight, at 390×844 and at 1280×800 (where 3 backs of a hand of 8
    were drawn, smaller than its known cards, but no more than 6 of a hand's unknown cards)."""
    with serving(tmp_path) as server, context(browser, {"width": width, "height": height}) as ctx:
        table = create_table(server, "bezique", [COMPUTER, COMPUTER])
        wait_finished(server, table["id"])
        path = f"/api/tables/{table['id']}/replay?seat=0&step="
        steps = api(server, path + "0")["steps"]
        zone: dict[str, Any] = {}
        for step in range(steps + 1):
            view = api(server, path + str(step))["view"]
            zone = next(z for z in view["zones"] if z["kind"] == "hand" and z["owner"] == 1)
            known = [c for c in zone["cards"] if c is not None]
            if 0 < len(known) < len(zone["cards"]) and len(zone["cards"]) - len(known) >= 3:
                break
        else:
            pytest.fail("no step of the match shows seat 1 holding known and unknown cards")
        page = ctx.new_page()
        replay_at(page, f"{server.url}/replay/{table['id']}", "0", step)
        drawn = page.evaluate(HAND_DRAWN, 1)
        shoot(page, f"known-cards-{width}x{height}")
        size = len(zone["cards"])
        assert drawn == {
            "up": len(known),
            "down": size - len(known),
            "seen": size,
            "label": f"in hand: {size} cards, {len(known)} known",
        }, (zone, drawn)


def test_a_computer_player_is_named_as_a_computer_not_by_its_level(tmp_path: Path) -> None:
    """A computer player without a name was called by its level and seat, "normal 2", so the log read
    "normal 2 plays Q♥" and the score "you & normal 2": engine's words. It is "Computer 2"; the level
    is its tag's (and its name's tooltip). A name given is kept."""
    with serving_api(f"sqlite:///{tmp_path / 'p.db'}") as client:
        normal = {"kind": "computer", "player": "normal"}
        made = create(client, "bishops-whist", [HUMAN, normal, COMPUTER, {**normal, "name": "Bea"}])
        seats = client.get(f"/api/tables/{made['id']}").json()["seats"]
        assert [(s["name"], s["player"]) for s in seats] == [
            ("Seat 1", None),  # (the seats numbered from 1, as the lobby's form numbers them: web-10)
            ("Computer 2", "normal"),
            ("Computer 3", "heuristic"),
            ("Bea", "normal"),
        ], seats


def test_computer_players_names_leave_the_trick_in_sight_while_a_person_types(
    browser: Browser, tmp_path: Path
) -> None:
    """ "Computer 3" in place of "heuristic 3" was reverted once: a four-seat Bishops Whist side seat's
    name, some pixels wider, left no room beside it for its cue of rows, so its tags ("with Bartholomew
    / Higginbottom", "dealer") stayed, three lines that put the trick under the dock on a phone with
    its keyboard open (390×500). A person with a long name and three computer players named by the
    table (or two with long names and one named by the table): the log and the panels say "Computer
    N", each computer's name has its level in a tooltip, and at the person's first three turns, at
    390×500, typing, the trick, the other seats' names, the prompt and the box are in sight, the hand
    on one line."""
    named = [{**COMPUTER, "name": name} for name in LONG_NAMES[1:]]
    for run, others in enumerate(([COMPUTER, COMPUTER, COMPUTER], [*named, COMPUTER])):
        seats = [{**HUMAN, "name": LONG_NAMES[0]}, *others]
        (tmp_path / str(run)).mkdir()
        with serving(tmp_path / str(run)) as server, context(browser, PHONE) as ctx:
            table = create_table(server, "bishops-whist", seats, seed=7)
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            rng = random.Random(2)
            for turn in range(3):
                act_until(page, rng, YOUR_MOVE, "this seat's turn")
                names = page.eval_on_selector_all(
                    ".board .seat .seat-name", "nodes => nodes.map(n => [n.textContent, n.title])"
                )
                assert sorted(names) == sorted(
                    [
                        # (seat i, numbered from 1)
                        [n.get("name", f"Computer {i + 1}"), "a computer player (heuristic)"]
                        for i, n in enumerate(others, 1)
                    ]
                ), names
                page.focus("#type-action")
                resized(page, KEYBOARD)
                shoot(page, f"computer-names-typing-390x500-{run}-{turn}")
                sight = page.evaluate(IN_SIGHT_TYPING)
                assert sight == {"hidden": [], "typing": True, "rows": 1}, (run, turn, sight)
                page.evaluate("document.activeElement.blur()")
                resized(page, PHONE)
                assert act_once(page, rng)
            assert any(line.startswith("Computer ") for line in log_lines(page)), log_lines(page)


FADED_BELOW = """() => {
  // the faded last trick: whether it gave way, whether the dock lies below the board, and whether the
  // trick's box ends inside the window (the page at its top)
  const trick = document.querySelector(".board .trick.faded");
  if (trick === null) return null;
  const r = trick.getBoundingClientRect();
  return {
    given: trick.classList.contains("given"),
    below: document.querySelector(".dock").classList.contains("unstuck"),
    inside: r.bottom + scrollY <= innerHeight + 0.5,
  };
}"""
"""The faded last trick on the board, as FADED_BELOW's comment says (``null`` where there is none)."""


def test_a_faded_trick_stands_where_the_dock_lies_below_the_board(browser: Browser, tmp_path: Path) -> None:
    """At 390×500 (a small phone, or one with its browser's bars showing) the long-named Roquet replay's
    faded trick gave way (its captions gone, its cards small in a short box) at 40 of its 66 steps
    from two seats, and stood at the others: the board jumped from step to step. At every one of the
    40 the dock then went below the board anyway, where the page scrolls to it: the trick gave way for
    nothing. It stands (whole, or first names, or its cards one above the other, or small side by
    side), its board ending inside the window: no step's trick gives way, none has a part over
    another, cut or split, and each ends inside the window."""
    with game_replay(browser, tmp_path, "roquet", KEYBOARD, LONG_NAMES[1:]) as page:
        faded = 0
        below = 0
        for seat, step in each_step_from_both_seats(page, replay_steps(page)):
            page.evaluate("window.scrollTo(0, 0)")
            trick = page.evaluate(FADED_BELOW)
            if trick is None:
                continue
            faded += 1
            below += trick["below"]
            if step in (31, 34):
                shoot(page, f"roquet-faded-390x500-seat{seat}-{step}")
            parts = trick_parts(page, f"roquet-faded-390x500-seat{seat}-{step}")
            assert trick == {"given": False, "below": trick["below"], "inside": True}, (seat, step, trick)
            assert parts["over"] == [] and parts["cut"] == [] and parts["broken"] == [], (seat, step, parts)
        assert faded >= 60, faded
        assert below >= 30, f"the dock lay below the board at only {below} steps: the test shows little"


HAND_IN_SIGHT = """() => {
  // at the person's turn: whether the dock lies below the board, and whether the hand's cards, the
  // prompt and the trick's area are wholly in the window
  const inWindow = (node) => {
    if (node === null) return false;
    const r = node.getBoundingClientRect();
    return r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5;
  };
  const cards = [...document.querySelectorAll(".dock .hand .in-hand, .dock .my-zones .card-button")];
  return {
    below: document.querySelector(".dock").classList.contains("unstuck"),
    hand: cards.length > 0 && cards.every(inWindow),
    prompt: inWindow(document.querySelector(".dock h2.prompt.your-turn")),
    scrolled: scrollY > 0,
  };
}"""
"""What of the person's cards and prompt the window shows at the person's turn."""


@pytest.mark.parametrize("game", ["roquet", "bishops-whist"])
def test_at_ones_turn_on_a_short_phone_the_hand_is_in_sight(
    browser: Browser, tmp_path: Path, game: str
) -> None:
    """At 390×500 (a phone with its browser's bars, or its keyboard open and the box left) the dock lies
    below the board, and at the person's turn the hand was a scroll away, with nothing to say so: one
    tapped a card one could not see. At each of the person's first five turns at a live table (long
    names; Roquet's two seats, Bishops Whist's four; the computer players a little slow, so that the
    page is put back at its top while they play), the hand's cards and the prompt are in the window:
    where the dock lies below the board, the page was scrolled to them. A person who scrolls back up
    is left there, while the table is drawn again for the same turn (the last trick shown, and back)."""
    if game == "roquet":
        seats = [{**HUMAN, "name": LONG_NAMES[1]}, {**COMPUTER, "name": LONG_NAMES[2]}]
    else:
        seats = [
            {**HUMAN, "name": LONG_NAMES[0]},
            *({**COMPUTER, "name": n} for n in LONG_NAMES[1:]),
            COMPUTER,
        ]
    with serving(tmp_path, bot_delay=0.3) as server, context(browser, KEYBOARD) as ctx:
        table = create_table(server, game, seats, seed=5)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        rng = random.Random(4)
        below = 0
        at_top = True
        for turn in range(5):
            page.wait_for_function(YOUR_MOVE, timeout=60_000)
            page.wait_for_timeout(100)
            sight = page.evaluate(HAND_IN_SIGHT)
            shoot(page, f"hand-in-sight-{game}-390x500-{turn}")
            assert sight["hand"] and sight["prompt"], (turn, sight)
            if at_top:
                assert sight["scrolled"] == sight["below"], (turn, sight)  # (scrolled where it had to be)
                below += sight["below"]
            # scrolled back up: the table drawn again for the same turn leaves it there
            page.evaluate("window.scrollTo(0, 0)")
            page.keyboard.press("l")
            page.keyboard.press("l")
            page.wait_for_timeout(100)
            assert page.evaluate("window.scrollY") == 0, turn
            page.evaluate("window.__board = document.querySelector('#table .board')")
            assert act_once(page, rng)
            # the move taken: the others to play, or the person to decide again
            page.wait_for_function(
                "() => document.querySelector('#table .board') !== window.__board"
                f" && (document.querySelector('h2.prompt.your-turn') === null || ({YOUR_MOVE})())"
            )
            # (while the others play, the page back at its top; not where the person decides again)
            at_top = page.evaluate(
                "() => document.querySelector('h2.prompt.your-turn') === null && (scrollTo(0, 0), true)"
            )
        assert below >= 2, f"the dock lay below the board at {below} of the turns: the test shows little"


def test_a_replay_seen_from_a_seat_says_it_can_not_it_cans(browser: Browser, tmp_path: Path) -> None:
    """A replay seen from a seat says the engine's lines to that seat of the seat ("you draw" as
    "Bartholomew draws"): a Bezique log line "follow suit and win the trick if you can" read "if
    heuristic 0 cans". A modal verb stays as it is; the others still take their "s"."""
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url)
        said = page.evaluate(
            "import('/static/words.js').then(m => ["
            "'follow suit and win the trick if you can', 'you must follow suit', 'you draw 5C',"
            " 'you may meld', 'you are dealt 7D']"
            ".map(t => m.ofSeat(t, 0)))"
        )
        assert said == [
            "follow suit and win the trick if seat 0 can",
            "seat 0 must follow suit",
            "seat 0 draws 5C",
            "seat 0 may meld",
            "seat 0 is dealt 7D",
        ], said
