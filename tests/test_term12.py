"""The terminal's rough edges found playing it (term-12): no trick counted before trick play begins
(Apology's "trick 1" over the bidding and the burial, at the terminal and on the page), and the
compact table's values whole, or said another way that fits, where they were cut with "…" at 80x24;
``table`` still shows them whole."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.engine import State
from parlour.players import make_player
from tests.test_term9 import SHORT, play
from tests.test_term11 import CASES

BORDER_CUT = re.compile(r"…(?= *│?$)", re.M)
"""A value cut at the compact panel's border ("… │"), or a line under it cut at the window's edge. A
shorter form's own "…" ("you: 13 … N 7♥") stands before what it keeps, never at the border."""

BEFORE_TRICKS = {"bid", "bury"}
"""Apology's decisions before trick play, while its view holds an empty trick 1."""


def cuts(text: str) -> int:
    """How many lines of ``text`` end in a value cut at the border."""
    return len(BORDER_CUT.findall(text))


def counted_trick(screen: str) -> bool:
    """Whether a screen's round row counts a trick ("trick 1", "deal 1 of 2, trick 1")."""
    return re.search(r"^│ (trick +\d|deal +[^│]*\btrick \d)", screen, re.M) is not None


@pytest.mark.parametrize("options", [{"deals": 1}, {"deals": 2}], ids=["one-deal", "two-deals"])
def test_apology_names_the_bidding_and_the_burial_not_trick_1(options: dict[str, Any]) -> None:
    """Apology at 80x24 said "trick 1" (one deal) or "deal 1 of 2, trick 1" while the seats bid and the
    taker buried, before any card was played to a trick: those screens say what the seats are doing
    ("bidding", "the taker buries"), and the trick's number once trick play has begun."""
    screens, _ = play("apology", options, 80, 24)
    before = [s for kind, s in screens if kind in BEFORE_TRICKS]
    during = [s for kind, s in screens if kind not in BEFORE_TRICKS]
    assert before and during
    said = {"bid": "bidding", "bury": "the taker buries"}
    for kind, screen in screens:
        if kind in BEFORE_TRICKS:
            assert not counted_trick(screen), screen
            assert re.search(rf"^│ (now|deal) +([^│]*, )?{said[kind]} +│$", screen, re.M), screen
        else:
            assert counted_trick(screen), screen


@pytest.mark.parametrize("name", list(SHORT))
def test_no_game_counts_a_trick_before_trick_play(name: str) -> None:
    """Every game's seeded match, in the whole table (a pipe) and the compact one (80x24): at a decision
    that is not to play a card (Roquet's and Bezique's melds, Bishops Whist's trumps, Lansquenet's bets,
    Apology's bids and burial) while no card lies in the trick and none was played before it, no trick
    is counted."""
    for height, terminal in ((24, True), (200, False)):
        screens, _ = play(name, SHORT[name], 80, height, terminal=terminal)
        for kind, screen in screens:
            if kind not in ("play", "pay") and "last trick" not in screen:
                assert not counted_trick(screen), screen


def node_render(expression: str, views: list[dict[str, Any]]) -> Any:
    """``expression`` (of ``m``, render.js's exports, and ``views``) evaluated by Node on the page's
    own render.js."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    render = Path(parlour.__file__).parent / "web" / "static" / "render.js"
    script = (
        f"import({json.dumps(render.as_uri())}).then((m) => {{ const views = {json.dumps(views)};"
        f" console.log(JSON.stringify({expression})); }});"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def apology_views(deals: int) -> dict[str, dict[str, Any]]:
    """Seat 1's view (as the page gets it) at the first bid, the first burial and the first lead of a
    seeded Apology match of ``deals``."""
    game = parlour.make("apology", deals=deals)
    state: State = game.new(seed=3)
    players = [make_player("random", game, 30 + s) for s in range(4)]
    found: dict[str, dict[str, Any]] = {}
    while not state.is_over and len(found) < 3:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        kind = view.decision.kind if view.decision else ""
        if kind in ("bid", "bury", "play") and kind not in found:
            found[kind] = state.view(0).to_dict()
        state.apply(players[seat].choose(view, game))
    assert set(found) == {"bid", "bury", "play"}, found
    return found


def test_the_page_counts_no_trick_before_trick_play() -> None:
    """The page's trick box said "Trick 1: nobody has played yet", and its badge "Deal 1 of 2, trick 1"
    (where the trick box shows the last trick), while Apology's seats bid and the taker buried
    (render.js's ``trickInPlay``); at the first lead they say "Trick 1"."""
    for deals in (1, 2):
        views = apology_views(deals)
        order = ["bid", "bury", "play"]
        got = node_render(
            "views.map((v) => [m.trickInPlay ? !!m.trickInPlay(v) : !!v.trick, m.roundBadge(v)])",
            [views[k] for k in order],
        )
        begun = {k: g[0] for k, g in zip(order, got, strict=True)}
        badge = {k: g[1] for k, g in zip(order, got, strict=True)}
        assert begun == {"bid": False, "bury": False, "play": True}, got
        assert "rick" not in badge["bid"] + badge["bury"], got
        assert badge["play"] == ("Trick 1" if deals == 1 else "Deal 1 of 2, trick 1"), got


@pytest.mark.parametrize("case", list(CASES))
def test_values_are_not_cut_at_80x24(case: str) -> None:
    """Each game's seeded match at 80x24 (test_term11's): the other seats' rows, their tricks won and
    melds, Apology's cards played late in a deal and Lansquenet's ten seats' rows ended in "…" at the
    border (154 such lines before term-12). A value is now whole, wrapped onto a row the layout can
    spare, or said shorter ("you: 13 … N 7♥", "6 melds", "3 to 9: 100"); Lansquenet's ten distinct
    purses at two moves are the only ones still cut."""
    name, options = CASES[case]
    _, text = play(name, options, 80, 24)
    cut = BORDER_CUT.findall(text)
    if case == "lansquenet-10":
        lines = [line for line in text.splitlines() if BORDER_CUT.search(line)]
        assert len(cut) <= 2 and all(line.startswith("│ in the purse") for line in lines), lines
    else:
        assert not cut, [line for line in text.splitlines() if BORDER_CUT.search(line)]


def apology_late() -> tuple[TerminalGame, State]:
    """A seeded Apology deal eleven tricks in, seat 1 to move, on a table at 80x24."""
    game = parlour.make("apology", deals=1)
    state: State = game.new(seed=1)
    players = [make_player("random", game, 10 + s) for s in range(4)]
    while True:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if seat == 0 and view.trick is not None and (view.trick.number or 0) >= 11:
            break
        state.apply(players[seat].choose(view, game))
    console = Console(
        width=80, height=24, force_terminal=True, color_system=None, record=True, file=io.StringIO()
    )
    return TerminalGame(game, [0], {}, 1, console, hint_seconds=None), state


def test_table_still_shows_the_shortened_values_whole() -> None:
    """Late in an Apology deal the compact table gives each seat's cards played by their count and the
    last ("you: 11 … N 7♥", cut before term-12), and ``table`` (the whole table) lists them all."""
    table, state = apology_late()
    view = state.view(0)
    table.render(view)
    compact = table.console.export_text(clear=True)
    row = re.search(r"^│ cards played this deal +(.*?) *│$", compact, re.M)
    assert row is not None and re.match(r"you: \d+ … ", row[1]), compact
    assert not cuts(compact), compact
    table.render(view, whole=True)
    whole = table.console.export_text(clear=True)
    assert "compact" not in whole
    flat = " ".join(whole.replace("│", " ").split())
    for seat, cards in enumerate(view.extra.played):
        who = "you" if seat == 0 else f"seat {seat + 1}"
        assert f"{who}: {table.cards(cards).plain}" in flat, (who, whole)


def test_seats_with_the_same_value_are_said_once() -> None:
    """Seats in a row holding the same value are said together, three or more; the others as they
    were."""
    parts = [Text(p) for p in ("you: 38", "2: 100", "3: 100", "4: 100", "5: 7", "6: 7", "7: 100")]
    said = [p.plain for p in TerminalGame.same_runs(parts)]
    assert said == ["you: 38", "2 to 4: 100", "5: 7", "6: 7", "7: 100"]
    shorter = TerminalGame.abridged(list("ABCDE"), 2, lambda items: Text(" ".join(items)))
    assert shorter.plain == "5 … D E"
