"""Situations that say news once, and tricks won counted in tricks (situ-2).

What the seat to move is asked is its decision's prompt, in every seat's view and a spectator's (the
decision's ``seat``, ``kind`` and ``prompt``): the web table says it to that seat ("Your turn: declare a
meld ...") and to the others ("Waiting for Computer 1 to declare a meld ..."), the terminal now to both
("your turn: ...", "waiting for seat 1 to ..."). So the situations leave it there, as situ-1 left the
seat to move (``tests/test_situations.py``), and keep only the news no field or prompt says: who won the
trick, that a hand is full or played out, who did not follow suit, what the bank still covers.

A pile of tricks won is counted in tricks: the zone's ``tricks`` ("4 tricks won"), where the tables said
"tricks won: 16 cards" (and Roquet alone counted tricks, in its label).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser
from rich.console import Console

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.engine.state import State
from parlour.engine.views import View
from parlour.games.apology.rules import ApologyState
from parlour.games.bezique.rules import BeziqueState
from parlour.players import make_player
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    act_once,
    browser,
    context,
    create_table,
    open_seat,
    seat_link,
    serving,
)

__all__ = ["browser"]  # the module's Chromium, shared by its browser tests

OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("apology", {}),
    ("apology", {"thrown_in": "redealt"}),
    ("bezique", {}),
    ("bezique", {"table_laws": True}),
    ("bishops-whist", {}),
    ("bishops-whist", {"laws": "table"}),
    ("lansquenet", {}),
    ("lansquenet", {"variant": "hoyle"}),
    ("open-tarock", {}),
    ("roquet", {}),
]


def find(name: str, options: dict[str, Any], wanted: Callable[[State], bool], seeds: int = 40) -> State:
    """The first state of seeded random matches (each seat choosing at random) where ``wanted`` holds."""
    game = parlour.make(name, **options)
    for seed in range(seeds):
        state: State = game.new(seed=seed)
        while not state.is_over:
            if wanted(state):
                return state
            step(state, seed)
    raise AssertionError(f"no such state in {seeds} {name} matches")


def step(state: State, seed: int) -> None:
    """The seat to move takes a move at random (an amount too: Lansquenet's bets are ranges)."""
    seat = state.current_player
    assert seat is not None
    state.apply(
        make_player("random", state.game, seed * 100 + len(state.log)).choose(state.view(seat), state.game)
    )


def kind(state: State) -> str:
    decision = state.view(None).decision
    return decision.kind if decision is not None else ""


def viewers(state: State) -> list[int | None]:
    """The seat to move first, the others, and a spectator."""
    mover = state.current_player
    assert mover is not None
    return [mover, *(s for s in range(state.num_players) if s != mover), None]


def asks_again(view: View[Any]) -> str:
    """The clause of ``view``'s situation that names the seat to move with what it may or is to do
    ("seat 1 won the trick and may declare", "seat 2 takes the bank and chooses ...", "seat 3 to bet"),
    which the decision says; "" if none."""
    decision = view.decision
    if decision is None:
        return ""
    verbs = r"to|may|takes|chooses|keeps|lets|deals again|or stops|pass to go on"
    found = re.search(rf"\bseat {decision.seat}\b[^;:]*?\b(?:{verbs})\b[^;]*", view.situation)
    return found[0] if found else ""


@pytest.mark.parametrize(("name", "options"), OPTIONS)
def test_no_situation_asks_again_what_the_decision_asks(name: str, options: dict[str, Any]) -> None:
    """Bezique's "seat 1 won the trick and may declare (or pass to draw)" and "seat 1 to draw from the
    talon", Roquet's "seat 1 won the trick and may meld", Bishops Whist's "hand over: seat 1 may claim a
    revoke", Lansquenet's "seat 2 takes the bank and chooses its size (1 to 100)" and "...; seat 3 to
    bet": beside the decision's prompt, in every seat's view and a spectator's."""
    game = parlour.make(name, **options)
    kinds: set[str] = set()
    for seed in range(3):
        state = game.new(seed=seed)
        steps = 0
        while not state.is_over and steps < 1500:
            for seat in viewers(state):
                view = state.view(seat)
                assert not asks_again(view), (name, seat, view.situation, view.decision)
            kinds.add(kind(state))
            step(state, seed)
            steps += 1
    assert len(kinds) >= (1 if name == "open-tarock" else 2), kinds


def drawn_full(state: State) -> bool:
    """Whether Bezique's seat to draw has drawn a full hand (table laws: another draw is a fault)."""
    return isinstance(state, BeziqueState) and state.drawn


def missed(state: State) -> int:
    """How many draws Bezique's seat to draw missed before (table laws), to make up now."""
    assert isinstance(state, BeziqueState) and state.current_player is not None
    return state.missed[state.current_player]


NEWS: list[
    tuple[str, dict[str, Any], Callable[[State], bool], Callable[[int], str], Callable[[str], bool]]
] = [
    (
        "bezique",
        {},
        lambda s: kind(s) == "declare",
        lambda m: f"seat {m} won the trick",
        lambda p: p == "declare a meld or the seven of trumps, or pass",
    ),
    (
        "bezique",
        {"table_laws": True},
        lambda s: kind(s) == "draw" and not drawn_full(s) and missed(s) > 0,
        lambda m: "",
        lambda p: re.fullmatch(r"draw from the talon \(and the \d+ missed before\)", p) is not None,
    ),
    (
        "bezique",
        {"table_laws": True},
        lambda s: kind(s) == "draw" and drawn_full(s),
        lambda m: f"seat {m} has drawn a full hand",
        lambda p: p == "pass to go on (your hand is full)",
    ),
    (
        "roquet",
        {},
        lambda s: kind(s) == "meld",
        lambda m: f"seat {m} won the trick",
        lambda p: p.startswith("lay down a combination"),
    ),
    (
        "bishops-whist",
        {"laws": "table"},  # (revokes are claimed under table laws only)
        lambda s: kind(s) == "claim",
        lambda m: "the hand is played out",
        lambda p: p == "claim a revoke, or pass",
    ),
    (
        "bishops-whist",
        {"laws": "table"},
        lambda s: kind(s) == "review",
        lambda m: f"the trick is complete: seat {m} did not follow suit",
        lambda p: p == "review your card: let it stand, or correct a revoke",
    ),
    (
        "lansquenet",
        {},
        lambda s: kind(s) == "bank",
        lambda m: "",
        lambda p: re.fullmatch(r"put up a bank of 1 to \d+ chips", p) is not None,
    ),
    (
        "lansquenet",
        {},
        lambda s: kind(s) == "keep",
        lambda m: "the bank won",
        lambda p: p.startswith("keep the bank of"),
    ),
    (
        "lansquenet",
        {},
        lambda s: kind(s) == "buy",
        lambda m: "",
        lambda p: p.startswith("buy the bank of"),
    ),
]


@pytest.mark.parametrize(("name", "options", "wanted", "news", "prompt"), NEWS)
def test_the_situation_keeps_the_news_and_every_view_the_decision(
    name: str,
    options: dict[str, Any],
    wanted: Callable[[State], bool],
    news: Callable[[int], str],
    prompt: Callable[[str], bool],
) -> None:
    """The situation says what happened (the same words to every viewer: the web table and the terminal
    name the seat "you" where it is one's own), and every view, the seat to move's, the others' and a
    spectator's, holds the decision: what the table waits for, which each table says once."""
    state = find(name, options, wanted)
    mover = state.current_player
    assert mover is not None
    for seat in viewers(state):
        view = state.view(seat)
        situation = view.situation.split("; seat ")[0]  # (Bezique's "...; seat 0 has reached 1000 first")
        assert situation == news(mover), (seat, view.situation)
        assert view.decision is not None and view.decision.seat == mover, (seat, view.decision)
        assert prompt(view.decision.prompt), (seat, view.decision)


def test_lansquenet_s_bets_keep_what_the_bank_covers() -> None:
    """ "bank 40 held by seat 2; 30 may still be bet; seat 3 to bet": the bank and what it still covers
    are news no field holds (the prompt says the seat's own limit), the seat to bet the decision's."""
    state = find("lansquenet", {}, lambda s: kind(s) == "bet")
    for seat in viewers(state):
        situation = state.view(seat).situation
        assert re.fullmatch(r"bank \d+ held by seat \d+; \d+ may still be bet", situation), situation


def drawn(state: State, seat: int | None, width: int = 100) -> str:
    """The table as the terminal's ``hand`` draws it for ``seat`` (at its move or not), in one line."""
    console = Console(record=True, width=width)
    TerminalGame(state.game, [seat if seat is not None else 0], {}, 1, console).render(state.view(seat))
    text = console.export_text()
    return " ".join(" ".join(line.strip("│ ╭╮╰╯─").split()) for line in text.splitlines()).lower()


def test_the_terminal_says_the_decision_once_to_the_seat_to_move_and_to_the_others() -> None:
    """At a Bezique declaration the panel's title said "seat 1 (you) won the trick and may declare (or
    pass to draw)" over "your turn: declare a meld ..."; to the other seat it said it in the title
    alone. Now the title says "won the trick", the seat to move reads its prompt once, the other
    "waiting for seat 1 to declare a meld ...", once."""
    state = find("bezique", {}, lambda s: kind(s) == "declare")
    mover = state.current_player
    assert mover is not None
    prompt = "declare a meld or the seven of trumps, or pass"
    mine = drawn(state, mover)
    assert mine.count("won the trick") == 1 and "may declare" not in mine, mine
    assert mine.count(prompt) == 1 and f"your turn: {prompt}" in mine, mine
    other = drawn(state, 1 - mover)
    # the terminal numbers the seats from 1: the engine's seat 0 is its "seat 1"
    assert f"seat {mover + 1} won the trick" in other and "may declare" not in other, other
    assert other.count(prompt) == 1 and f"waiting for seat {mover + 1} to {prompt}" in other, other


@pytest.mark.parametrize(
    ("name", "options", "wanted", "said"),
    [
        # the prompt worded to the seat deciding, said of it ("the tricks you won": "they")
        (
            "apology",
            {},
            lambda s: kind(s) == "pay",
            # (whom it pays varies: review-11 named the creditor and the escape)
            "waiting for seat {m} to pay seat",
        ),
        (
            "apology",
            {},
            lambda s: kind(s) == "pay",
            "for their escape with n: give a card from the tricks they won",
        ),
        # news first, as the web table keeps it ("A knight was turned: waiting for Computer 3 to ...")
        (
            "bishops-whist",
            {},
            lambda s: kind(s) == "trump",
            "a knight was turned: waiting for seat {m} to name trumps",
        ),
    ],
)
def test_the_terminal_says_another_seat_s_prompt_of_that_seat(
    name: str, options: dict[str, Any], wanted: Callable[[State], bool], said: str
) -> None:
    state = find(name, options, wanted)
    mover = state.current_player
    assert mover is not None
    other = next(s for s in range(state.num_players) if s != mover)
    text = drawn(state, other)
    assert said.format(m=mover + 1) in text, text  # the seat numbered from 1, as the terminal does
    assert "your turn" not in text, text


# --- tricks won, counted in tricks -----------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), [o for o in OPTIONS if o[0] != "lansquenet"])
def test_each_pile_of_tricks_won_counts_its_tricks(name: str, options: dict[str, Any]) -> None:
    """Every tricks_won zone says how many tricks it holds (``tricks``): none yet at a hand's start,
    one more for the winner of each trick gathered, and the tricks of the hand in all. Its cards are no
    measure of them in Apology, where an escape's card and its payment move between the piles."""
    state = parlour.make(name, **options).new(seed=3)
    before: list[int] | None = None
    hand = None
    gathered = 0
    while not state.is_over:
        view = state.view(None)
        assert all(z.tricks is None for z in view.zones if z.kind != "tricks_won"), view.zones
        counts = [z.tricks for z in view.zones if z.kind == "tricks_won"]
        assert counts and all(isinstance(n, int) for n in counts), counts
        now = [n or 0 for n in counts]
        if view.hand_number != hand:
            hand, before = view.hand_number, None
            assert sum(now) == 0, now
        if before is not None and now != before:
            winner = view.last_trick.winner if view.last_trick is not None else None
            assert winner is not None
            grew = [a - b for a, b in zip(now, before, strict=True)]
            side = [z.owner for z in view.zones if z.kind == "tricks_won"].index(winner)
            assert sum(grew) == 1 and grew[side] == 1, (grew, winner)
            gathered += 1
        before = now
        step(state, 3)
    assert gathered >= 10, gathered


def test_apology_s_tricks_are_not_its_cards_over_four() -> None:
    """An escaped card goes back to its player's pile, a payment from one pile to another: a pile of 11
    cards held 3 tricks (the count said "11 cards")."""
    state = find(
        "apology",
        {},
        lambda s: any(z.kind == "tricks_won" and z.size != 4 * (z.tricks or 0) for z in s.view(None).zones),
    )
    assert isinstance(state, ApologyState)
    for zone in state.view(None).zones_of("tricks_won"):
        won = sum(1 for t in state.tricks if t.winner == zone.owner)
        assert zone.tricks == won, (zone, won)


def tricks_of(state: State, owner: int) -> int | None:
    """The count of tricks of ``owner``'s pile of tricks won, as a spectator sees it."""
    zone = state.view(None).zone("tricks_won", owner)
    return zone.tricks if zone is not None else None


def test_the_terminal_counts_tricks_won() -> None:
    """The terminal said "tricks won 16 cards" of another seat and "your tricks won: 16 cards"; now
    "4 tricks won" and "your 4 tricks won", a small pile with its cards ("1 trick won: 9♠ K♠")."""
    state = find(
        "bishops-whist",
        {},
        lambda s: (
            s.current_player == 0 and all((z.tricks or 0) >= 3 for z in s.view(None).zones_of("tricks_won"))
        ),
    )
    view = state.view(0)
    text = drawn(state, 0)
    for zone in view.zones_of("tricks_won"):
        said = f"{zone.tricks} tricks won"
        assert (f"your {said}" if zone.owner == 0 else said) in text, (said, text)
    assert not re.search(r"tricks won:? \d+ cards", text), text
    small = find("bezique", {}, lambda s: s.current_player == 0 and tricks_of(s, 1) == 1)
    text = drawn(small, 0)
    assert re.search(r"1 trick won: \S+ \S+", text), text


def test_roquet_counts_its_tricks_in_the_field_as_the_others() -> None:
    """Roquet's label counted its tricks ("4 tricks won"), the others' none: the count is the zone's
    ``tricks`` in every game, the label "tricks won", and the tables say "4 tricks won" as before."""
    state = find("roquet", {}, lambda s: tricks_of(s, 0) == 2)
    zone = state.view(None).zone("tricks_won", 0)
    assert zone is not None and zone.label == "tricks won" and zone.size == 4, zone
    other = drawn(state, 1)
    assert "2 tricks won" in other and "tricks won 2 tricks" not in other, other


TRICKS_WON_WORDS = """() => import('/static/words.js').then(m => [
  m.tricksWon({tricks: 4, size: 16}, 'tricks won'),
  m.tricksWon({tricks: 1, size: 2}, 'tricks won'),
  m.tricksWon({tricks: 0, size: 1}, 'tricks won'),
  m.tricksWon({tricks: 3, size: 6}, 'pile'),
  m.tricksWon({size: 5}, 'tricks won'),
])"""


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_the_web_table_counts_tricks_won(browser: Browser, tmp_path: Any) -> None:
    """The folded pile of tricks won read "tricks won: 16 cards": it reads "4 tricks won" (open tarock's
    "pile (3 tricks won)"), its cards in the fan below and, for a screen reader, in its label."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=2)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        assert page.evaluate(TRICKS_WON_WORDS) == [
            "4 tricks won",
            "1 trick won",
            "0 tricks won",
            "pile (3 tricks won)",
            "tricks won: 5 cards",
        ]
        rng = random.Random(2)
        summaries: list[str] = []
        for _ in range(400):
            summaries = page.locator(".kind-tricks_won details.won summary").all_inner_texts()
            if len(summaries) >= 2:
                break
            if not act_once(page, rng):
                page.wait_for_timeout(50)
        assert len(summaries) >= 2, summaries
        for text in summaries:
            assert re.fullmatch(r"\d+ tricks? won", text), summaries
        labels = page.locator(".kind-tricks_won:not(.empty)").evaluate_all(
            "zones => zones.map(z => z.getAttribute('aria-label'))"
        )
        assert all(re.fullmatch(r"\d+ tricks? won: \d+ cards?", label) for label in labels), labels
