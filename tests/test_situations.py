"""Each game's situation says each fact once: what a typed field of the same view holds (the round's
number, how many rounds the match has, trumps, the number of the trick in play, the seat to move and
what it is asked) is left to that field, which every table shows beside the situation. The web table
stripped such clauses from the words (render.js ``unrepeated``) and the terminal showed them twice.

The views are checked from seeded matches; the terminal's panel as ``hand`` draws it; the web table
in Chromium (``browser`` mark), as ``tests/test_web_walk5.py`` does.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser
from rich.console import Console

import parlour
from parlour.cards import SUIT_NAMES
from parlour.cli.terminal import TerminalGame
from parlour.engine.state import State
from parlour.engine.views import View
from tests.web_walks import COMPUTER, HUMAN, browser, context, create_table, open_seat, seat_link, serving

__all__ = ["browser"]  # the module's Chromium, shared by its browser tests

FOUR = ["bishops-whist", "apology", "bezique", "open-tarock"]
"""The games whose situations said again what their views' fields say."""


def repeated(view: View[Any]) -> list[str]:
    """The clauses of ``view``'s situation that say again what one of its fields says."""
    words = view.situation.lower()
    found = []
    hands = getattr(view, "hands_in_match", None)  # (a view before the field: its words still judged)
    if view.hand_number and re.search(rf"\b{view.round_word} {view.hand_number}\b", words):
        found.append("the round's number")
    if re.search(
        rf"\b{view.round_word} {view.hand_number} of \d" if hands is None else rf"\bof {hands}\b", words
    ):
        found.append("the rounds in the match")
    if view.trump and f"{SUIT_NAMES[view.trump]} are trumps" in words:
        found.append("trumps")
    if view.trick is not None and view.trick.number and re.search(rf"\btrick {view.trick.number}\b", words):
        found.append("the trick's number")
    if view.decision is not None and re.search(rf"\bseat {view.decision.seat} to\b", words):
        found.append("the seat to move")
    return found


def walk(name: str, seed: int, steps: int, **options: Any) -> list[State]:
    """A seeded match, each seat taking its first move, as a state at each of its first ``steps``."""
    state = parlour.make(name, **options).new(seed=seed)
    states = []
    for _ in range(steps):
        if state.is_over:
            break
        states.append(state.clone())
        seat = state.current_player
        assert seat is not None
        state.apply(state.view(seat).legal_actions[0], seat=seat)
    return states


@pytest.mark.parametrize("name", FOUR)
def test_a_situation_leaves_the_fields_facts_to_the_fields(name: str) -> None:
    """Bishops Whist said "spades are trumps; trick 4", Apology "deal 1, seat 0 dealt: seat 1 to bid or
    pass" and "seat 3 takes alone; trick 2, seat 1 to play", Bezique "seat 0 to lead; hearts are trumps;
    32 cards in the talon", open tarock "hand 1 of 2: seat 1 to answer 7♣": beside the view's own
    ``hand_number``, ``hands_in_match``, ``trump``, ``trick.number`` and ``decision``."""
    states = walk(name, 2, 120)
    checked = 0
    for state in states:
        for seat in (None, *range(state.num_players)):
            view = state.view(seat)
            assert not repeated(view), (name, view.situation, repeated(view))
            checked += view.trick is not None and view.trick.number is not None
    assert checked, "no view with a numbered trick in play"


def test_bishops_whist_still_says_the_knight_s_trick() -> None:
    """The thirteenth trick is news no field holds (knights rank highest in it, BW-13): said without
    its number, which the trick's heading says ("Trick 13")."""
    state = parlour.make("bishops-whist").new(seed=2)
    while True:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if view.trick is not None and view.trick.number == 13 and view.extra.phase == "play":
            break
        state.apply(view.legal_actions[0], seat=seat)
    assert view.situation == "the knight's trick", view.situation
    assert view.trump and view.hand_number == 1


@pytest.mark.parametrize(
    ("name", "options", "hands"),
    [
        ("open-tarock", {}, 2),
        ("open-tarock", {"deals": 3}, 3),
        ("apology", {}, 4),
        ("apology", {"deals": 2}, 2),
        ("apology", {"thrown_in": "redealt"}, None),  # (the deals dealt are not the match's: AP-2)
        ("bishops-whist", {}, None),  # (to 25 points)
        ("bezique", {}, None),  # (to a target)
        ("roquet", {}, None),
        ("lansquenet", {"length": "deals", "deals": 12}, 12),
        ("lansquenet", {}, None),  # (a session of banks)
    ],
)
def test_the_view_says_how_many_hands_the_match_has(
    name: str, options: dict[str, Any], hands: int | None
) -> None:
    """Open tarock's "hand 1 of 2" said the match's number of hands, which no field held: the view's
    ``hands_in_match`` holds it where the match has a fixed number of hands or deals, none elsewhere."""
    state = parlour.make(name, **options).new(seed=1)
    for seat in (None, *range(state.num_players)):
        assert state.view(seat).hands_in_match == hands, seat


def test_apology_s_redealt_deals_keep_their_count_in_words() -> None:
    """Under thrown_in=redealt the deals that count are news no field holds (AP-2): the situation keeps
    "0 of 4 deals played so far" while the deal's number is the field's."""
    view = parlour.make("apology", thrown_in="redealt").new(seed=1).view(0)
    assert view.situation == "0 of 4 deals played so far", view.situation
    assert view.hand_number == 1 and view.hands_in_match is None


def drawn(state: State, width: int = 100) -> str:
    """The table as the terminal's ``hand`` draws it for the seat to move."""
    seat = state.current_player
    assert seat is not None
    console = Console(record=True, width=width)
    TerminalGame(state.game, [seat], {}, 1, console).render(state.view(seat))
    return console.export_text()


@pytest.mark.parametrize("name", FOUR)
def test_the_terminal_says_each_fact_once(name: str) -> None:
    """The panel's title (the situation) said the hand, trumps and the trick again beside the rows
    "hand 1" and "trumps spades (S)"; now the rows say them once, "hand 1 of 2, trick 3" where the match
    has two hands, and what the seat to move is asked is said once under the table ("your turn: ...")."""
    for state in walk(name, 2, 40)[::7]:
        view = state.view(state.current_player)
        text = drawn(state).lower()
        plain = " ".join(line.strip("│ ╭╮╰╯─") for line in text.splitlines())
        hand = f"{view.hand_number}"
        hands = getattr(view, "hands_in_match", None)  # (a view before the field: its words still judged)
        if hands:
            hand += f" of {hands}"
        elif name == "open-tarock":  # (of two hands by default)
            hand += " of 2"
        # the trick once trick play has begun; before it, what the seats are doing (term-12: Apology's
        # "deal 1 of 2, trick 1" over its bidding)
        if TerminalGame.trick_begun(view) and view.trick is not None:
            hand += f", trick {view.trick.number}"
        elif TerminalGame.phase_words(view):
            hand += f", {TerminalGame.phase_words(view)}"
        assert re.search(rf"\b{view.round_word} +{hand}\b", plain), (hand, text)
        assert len(re.findall(rf"\b{view.round_word} +{view.hand_number}\b", plain)) == 1, text
        if view.trump:
            assert len(re.findall(rf"\b{SUIT_NAMES[view.trump]}\b", plain)) == 1, text
        if TerminalGame.trick_begun(view) and view.trick is not None:
            assert len(re.findall(rf"\btrick {view.trick.number}\b", plain)) == 1, text
        assert view.decision is not None
        if view.decision.prompt:
            assert plain.count(view.decision.prompt.lower()) == 1, text
            assert f"your turn: {view.decision.prompt.lower()}" in plain, text
        assert not re.search(r"\byou\)? to\b", plain), text  # ("seat 1 (you) to bid or pass")


SITUATION = """() => {
  const line = document.querySelector("#situation");
  return {
    text: line.innerText,
    badge: line.querySelector(".hand-number")?.innerText ?? "",
    heading: document.querySelector(".trick-caption")?.innerText ?? "",
    prompt: document.querySelector("h2.prompt")?.innerText ?? "",
  };
}"""
"""The situation line as drawn, its round's badge, the trick's heading and the prompt above the moves."""


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_the_web_table_says_each_fact_once(browser: Browser, tmp_path: Any) -> None:
    """Open tarock's badge says "Hand 1 of 2" from the view's field (render.js read the "of 2" out of the
    situation's words); at each of the four games' tables the line says the round, trumps and the trick
    once (with the trick's heading), and not "You to ..." under a prompt "Your turn: ..."."""
    tables = {
        "bishops-whist": [HUMAN, COMPUTER, COMPUTER, COMPUTER],
        "apology": [HUMAN, COMPUTER, COMPUTER, COMPUTER],
        "bezique": [HUMAN, COMPUTER],
        "open-tarock": [HUMAN, COMPUTER],
    }
    with serving(tmp_path) as server, context(browser) as ctx:
        for game, seats in tables.items():
            # (the short options' open tarock and Bishops Whist are of one hand, which no line counts)
            options: dict[str, Any] = {"open-tarock": {"deals": 2}, "bishops-whist": {"hand_limit": 2}}.get(
                game, {}
            )
            table = create_table(server, game, seats, seed=2, **options)
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            page.locator("h2.prompt.your-turn").wait_for()
            line = page.evaluate(SITUATION)
            if game == "open-tarock":
                assert line["badge"] == "Hand 1 of 2", line
            text = line["text"].lower()
            # (Apology's short match is of one deal, of which the line says nothing: web-10)
            rounds = 0 if game == "apology" else 1
            assert len(re.findall(r"\b(hand|deal) \d", text)) == rounds, (game, line)
            assert len(re.findall(r"trumps", text)) <= 1, (game, line)
            both = f"{text} {line['heading'].lower()}"
            assert len(re.findall(r"\btrick \d", both)) <= 1, (game, line)
            assert line["prompt"].startswith("Your turn"), (game, line)
            assert not re.search(r"\byou to\b", text), (game, line)
            page.close()
