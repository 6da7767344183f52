"""The lead's mend of stop 52 at the terminal, seen as a new player: Hoyle's Lansquenet at 80x24, with
three bets on the réjouissance, drew the row's label "the réjouissance: seat 1 (you) bets 10, seat 3 bets
9, seat 4 bets 46" wrapped over three rows of the label column beside its card, "9♦"; the rows below it
("turns as banker", "last deal") were left out for the room it took.
"""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.players import make_player

REJOUISSANCE = re.compile(r"^│ the réjouissance: (.*?) +(\S+[♠♥♦♣]) +│$", re.M)
"""The réjouissance's row, its label whole and its card on the same line."""

SUIT_CODES = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def three_bets(seed: int) -> Any:
    """A view of seat 1 (index 0) in Hoyle's game, at its turn, once three seats bet on the réjouissance."""
    game = parlour.make("lansquenet", variant="hoyle")
    state = game.new(seed=seed)
    players = [make_player("heuristic", game, seed * 10 + s) for s in range(game.num_players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        labels = [z.label for z in view.zones if z.label.startswith("the réjouissance:")]
        if seat == 0 and labels and labels[0].count(" bets ") >= 3:
            return game, view
        state.apply(players[seat].choose(view, game), seat=seat)
    return None


def test_hoyles_rejouissance_with_three_bets_keeps_one_row_at_80x24() -> None:
    """The label takes the room its short value leaves, on one row: the label whole, its card beside it."""
    found = [f for f in map(three_bets, range(12)) if f is not None]
    assert len(found) >= 2
    for game, view in found:
        console = Console(
            width=80, height=24, force_terminal=True, color_system=None, record=True, file=io.StringIO()
        )
        table = TerminalGame(game, [0], {}, 1, console)
        table.render(view)
        screen = console.export_text()
        assert table.compact, screen
        rows = REJOUISSANCE.findall(screen)
        assert len(rows) == 1, screen
        said, card = rows[0]
        zone = next(z for z in view.zones if z.label.startswith("the réjouissance:"))
        assert card[:-1] + SUIT_CODES[card[-1]] == zone.cards[0], (card, zone)
        assert said.count(" bets ") >= 3 and re.search(r"bets \d+$", said), screen
        assert "turns as banker" in screen, screen
