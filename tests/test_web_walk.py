"""What a new user met walking through the web table (every game, desktop and phone, a two-person table),
pinned where it was mended: the words of the log and the hints, the lobby's option notes, the keys.

The server and browser helpers are those of ``tests/test_web_browser.py``.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import parlour
from parlour.players import hint
from tests.test_web_browser import (
    COMPUTER,
    HUMAN,
    PHONE,
    act_once,
    browser,
    context,
    create_table,
    drawn_frame,
    hand_cards,
    log_lines,
    my_turn,
    notice_errors,
    open_seat,
    seat_link,
    serving,
    where,
)

pytestmark = [pytest.mark.timeout(300)]

__all__ = ["browser"]  # the module's Chromium, shared with these tests


def test_an_open_tarock_hint_speaks_to_the_player_it_advises() -> None:
    """The hint is the strong player's move for the person who asked: Open Tarock's reason said
    "-5⅓ points for me against the other player", the computer player speaking of itself, where the
    other games' hints say "you" or name the card."""
    game = parlour.make("open-tarock")
    state = game.new(seed=3)
    reasons = []
    for _ in range(3):
        seat = state.current_player
        advice = hint(state.view(seat), game, 0, seconds=None)
        reasons.append(advice.reason)
        state.apply(advice.action, seat=seat)
    assert all("points for you against the other player" in r for r in reasons), reasons
    assert not [r for r in reasons if "for me" in r], reasons


@pytest.mark.browser
def test_you_on_the_bankers_left_cut(browser: Browser, tmp_path: Path) -> None:
    """Lansquenet's log said "You, on the banker's left, cuts" to the player who cut: the verb after a
    place set off by commas is the player's too. Other lines keep their verbs."""
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url)
        said = page.evaluate(
            "import('/static/words.js').then(m => ["
            '"seat 0, on the banker\'s left, cuts", "seat 1, on the banker\'s left, cuts",'
            "'seat 0 plays 9H', 'seat 1, at last, passes', 'the session is over: seat 0 0, seat 1 400']"
            ".map(t => m.rewrite(t, s => (s === 0 ? 'you' : `seat ${s}`), null)))"
        )
        assert said == [
            "You, on the banker's left, cut",
            "seat 1, on the banker's left, cuts",
            "You play 9H",
            "seat 1, at last, passes",
            "the session is over: you 0, seat 1 400",
        ], said


@pytest.mark.browser
def test_the_lobbys_option_notes_name_the_options_as_the_form_does(browser: Browser, tmp_path: Path) -> None:
    """The lobby labels an option by its name with spaces ("thrown in"), but its note named the others
    as a terminal's help does: Lansquenet's length said "started the bank `rounds` times", with the
    backquotes, and Apology's deals "see thrown_in"."""
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url)
        notes = {}
        for game, option in (("lansquenet", "length"), ("apology", "deals")):
            page.click(f"button.game-item:has-text('{game}')")
            notes[game] = page.inner_text(f"#opt-{option}-hint")
            labels = page.eval_on_selector_all("#create-form label", "nodes => nodes.map(n => n.textContent)")
            assert "thrown in" in labels or game != "apology", labels
        assert "`" not in notes["lansquenet"] and "the bank rounds times" in notes["lansquenet"], notes
        assert "see thrown in" in notes["apology"] and "thrown_in" not in notes["apology"], notes


@pytest.mark.browser
def test_h_and_the_skip_link_reach_the_cards_of_a_seat_with_no_hand(browser: Browser, tmp_path: Path) -> None:
    """Open Tarock's player plays from the turned-up cards of four stacks and has no hand: "h" (the
    Keys dialog: "goes to your hand's first playable card") and "Skip to your hand" did nothing there.
    Both now reach the seat's first playable card."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "open-tarock", [HUMAN, COMPUTER])
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        page.wait_for_selector("h2.prompt.your-turn")
        page.wait_for_selector(".dock button.card-button:not([disabled])")
        assert page.locator("#hand").count() == 0
        focused = (
            "() => { const f = document.activeElement; return f && f.matches('.dock button.card-button') }"
        )
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("h")
        assert page.evaluate(focused), page.evaluate("document.activeElement.outerHTML")
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.evaluate("document.querySelector('.skip-link').focus()")
        page.keyboard.press("Enter")
        assert page.evaluate(focused), page.evaluate("document.activeElement.outerHTML")


@pytest.mark.browser
def test_a_friend_at_a_two_person_table_is_called_by_the_name_given_in_the_lobby(
    browser: Browser, tmp_path: Path
) -> None:
    """A table for two people made in the lobby: the friend who came by the seat's link sat there as
    "seat 1" (at the other's table and in every log line) and could give no name. The lobby now asks
    for a name beside each person's seat but one's own, and the link's seat goes by it."""
    with serving(tmp_path) as server, context(browser) as ann, context(browser, PHONE) as bob:
        lobby = ann.new_page()
        lobby.goto(server.url)
        lobby.fill("#my-name", "Ann")
        lobby.click("button.game-item:has-text('bezique')")
        assert lobby.locator("#seat-0-name").is_hidden()
        assert lobby.locator("#seat-1-name").is_hidden()  # a computer player's seat
        lobby.select_option("#seat-1", "human")
        lobby.fill("#seat-1-name", "Bob")
        assert lobby.locator("#seat-0-name").is_hidden()  # the first person's seat is Ann's
        lobby.click("#create-form button.primary")
        link = lobby.input_value("#link-1")
        assert "Bob" in lobby.inner_text("label[for=link-1]")
        lobby.click("text=Sit down")
        lobby.wait_for_selector("#table .board")
        friend, _ = open_seat(bob, link)
        friend.wait_for_selector(".dock .seat-name")
        assert friend.inner_text(".dock .seat-name").startswith("Bob")
        assert friend.inner_text(".board .seat-name") == "Ann"
        lobby.wait_for_function(
            "() => [...document.querySelectorAll('.board .seat-name')].some(n => n.textContent === 'Bob')"
        )
        assert "seat 1" not in " ".join(log_lines(lobby))


def test_roquet_says_tricks_won_as_the_other_games_do_before_the_first() -> None:
    """Roquet's own pile of tricks read "0 tricks won: none" at the table, where every other game says
    "tricks won: none"; once a trick is won it counts them ("1 trick won"): from the zone's count of
    tricks, as in every game (situ-2: the label said the count, "1 trick won"; it is "tricks won")."""
    game = parlour.make("roquet")
    state = game.new(seed=5)
    zones = [z for z in state.view(0).zones if z.kind == "tricks_won"]
    assert {z.label for z in zones} == {"tricks won"} and [z.tricks for z in zones] == [0, 0], zones
    while not any(z.cards for z in state.view(0).zones if z.kind == "tricks_won"):
        seat = state.current_player
        state.apply(state.view(seat).legal_actions[0], seat=seat)
    zones = [z for z in state.view(0).zones if z.kind == "tricks_won"]
    assert {z.label for z in zones} == {"tricks won"} and sorted(z.tricks or 0 for z in zones) == [0, 1], (
        zones
    )


@pytest.mark.browser
def test_hint_typed_in_the_box_asks_for_a_hint_as_at_the_terminal(browser: Browser, tmp_path: Path) -> None:
    """At the terminal one types ``hint`` (README); typed in the table's box, the same word was refused:
    "That is not an action of this game: unknown action 'hint'". It now asks for the hint."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER])
        page, frames = open_seat(ctx, seat_link(server, table, 0))
        page.wait_for_selector("h2.prompt.your-turn")
        page.fill("#type-action", "Hint")
        page.press("#type-action", "Enter")
        page.wait_for_function(
            "() => (document.querySelector('#hint-text') || {}).textContent?.startsWith('Hint: ')"
        )
        assert not notice_errors(page), notice_errors(page)
        assert not frames.errors(), frames.errors()
        assert page.input_value("#type-action") == ""


@pytest.mark.browser
def test_playing_a_card_while_looking_at_the_last_trick_goes_back_to_the_trick(
    browser: Browser, tmp_path: Path
) -> None:
    """A person who looked at the last trick ("l") and then played a card went on seeing the last trick:
    their card never showed in the trick, and once that trick was gathered the "last trick" shown was
    another one. Acting now goes back to the trick."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER])
        page, frames = open_seat(ctx, seat_link(server, table, 0))
        rng = random.Random(4)
        for _ in range(200):
            if my_turn(page) and page.locator("button.last-trick").count():
                break
            if not act_once(page, rng):
                page.wait_for_timeout(50)
        assert my_turn(page) and page.locator("button.last-trick").count(), where([page])
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("l")
        page.wait_for_selector("button.last-trick[aria-pressed=true]")
        seen = len(frames.states())
        page.locator("#hand button.card-button:not([disabled])").first.click()
        deadline = time.monotonic() + 30
        while len(frames.states()) == seen:
            assert time.monotonic() < deadline, where([page])
            page.wait_for_timeout(50)
        page.wait_for_timeout(300)
        assert page.locator("button.last-trick[aria-pressed=true]").count() == 0


@pytest.mark.browser
def test_a_refused_typed_move_names_the_cards_as_the_table_does(browser: Browser, tmp_path: Path) -> None:
    """A move typed and refused was answered in the engine's codes ("you do not hold 2C", "you hold 7S,
    4S") under a hand, a log and buttons that write 2♣ and 7♠. The refusal now writes them so too; what
    it quotes (what was typed) stays as typed."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER])
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        page.wait_for_selector("h2.prompt.your-turn")
        held = hand_cards(page)
        code = next(f"{rank}{suit}" for suit in "CDHS" for rank in "23456789" if f"{rank}{suit}" not in held)
        page.fill("#type-action", f"play {code}")
        page.press("#type-action", "Enter")
        page.wait_for_function("() => document.querySelector('#notice').textContent.includes('not hold')")
        said = page.inner_text("#notice")
        symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[1]]
        assert f"you do not hold {code[0]}{symbol}" in said and code not in said, said
        page.fill("#type-action", "play ZZ")
        page.press("#type-action", "Enter")
        page.wait_for_function("() => document.querySelector('#notice').textContent.includes('ZZ')")
        assert "'ZZ' is not a card" in page.inner_text("#notice")


@pytest.mark.browser
def test_roquets_log_says_once_what_one_drew(browser: Browser, tmp_path: Path) -> None:
    """After every trick Roquet's log told the player twice what they drew: "You draw 9♣", then "You
    draw 1 card" (the count the other player is told). The count is kept, not shown, after the cards;
    the other player's draws are still told by their count."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "roquet", [HUMAN, COMPUTER])
        page, frames = open_seat(ctx, seat_link(server, table, 0))
        rng = random.Random(2)
        shown = "nodes => nodes.filter(n => !n.hidden).map(n => n.textContent)"
        for _ in range(200):
            lines: list[str] = page.eval_on_selector_all("#log li", shown)
            if sum(line.startswith("You draw") for line in lines) >= 2 and any(" draws " in x for x in lines):
                break
            if not act_once(page, rng):
                page.wait_for_timeout(50)
        drawn_frame(page, frames)
        lines = page.eval_on_selector_all("#log li", shown)
        assert [line for line in lines if line.startswith("You draw")], lines
        assert not [line for line in lines if re.fullmatch(r"You draw \d+ cards?", line)], lines
        assert [line for line in lines if re.fullmatch(r".+ draws \d+ cards?", line)], lines
