"""The terminal's words (term-9): a partner's possessive ("seat 3 (partner)'s" read "your partner's"),
and Bishops Whist's match of one hand not counted in the panel ("hand 1, trick 3" read "trick 3")."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

from rich.console import Console

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.engine import State
from parlour.engine.views import View
from parlour.players import make_player

SHORT: dict[str, dict[str, Any]] = {
    "apology": {"deals": 1},
    "bezique": {"target": 300},
    "bishops-whist": {"hand_limit": 1},
    "lansquenet": {"length": "deals", "deals": 6},
    "open-tarock": {"deals": 1},
    "roquet": {"target": 30},
}
"""Each game's options for a short match played to its end."""


class Measured(TerminalGame):
    """A table that keeps, at each move of the person, the text from the panel's top to the prompt."""

    def render(self, view: View[Any]) -> None:
        self.console.export_text(clear=True)  # what was printed before (the log) is not the table's
        super().render(view)

    def human_turn(self, state: State, seat: int) -> bool:
        self.now = state
        return super().human_turn(state, seat)


def play(
    name: str,
    options: dict[str, Any],
    width: int,
    height: int,
    terminal: bool = True,
    seat: int = 0,
    seed: int = 1,
    lines: Sequence[str] = (),
) -> tuple[list[tuple[str, str]], str]:
    """A seeded match to its end, the person at ``seat`` choosing as a random player does (``lines``
    typed first, at the first moves), on a console of ``width`` x ``height`` that is a terminal or not:
    each move's decision kind and the text from the panel's top to the prompt (its last row), and all
    that was printed."""
    game = parlour.make(name, **options)
    bots = {s: make_player("random", game, seed * 10 + s) for s in range(game.num_players) if s != seat}
    me = make_player("random", game, seed * 10 + seat)
    console = Console(
        record=True,
        width=width,
        height=height,
        force_terminal=terminal,
        color_system=None,
        file=io.StringIO(),
    )
    screens: list[tuple[str, str]] = []
    everything: list[str] = []
    typed = list(lines)

    def ask(prompt: str, completions: Sequence[str]) -> str:
        text = console.export_text(clear=True)
        everything.append(text + prompt)
        if "your move" not in prompt:
            return ""
        view = table.now.view(seat)
        screens.append((view.decision.kind if view.decision else "", text + "your move> "))
        if typed:
            return typed.pop(0)
        return me.choose(view, game)

    table = Measured(game, [seat], bots, seed, console, ask=ask, hint_seconds=None)
    table.run()
    everything.append(console.export_text(clear=True))
    return screens, "".join(everything)


def rows(screen: str) -> int:
    """The rows a screen takes, its prompt's included."""
    return screen.count("\n") + 1


def test_a_partners_possessive() -> None:
    """A possessive after a partner's seat reads "your partner's" ("seat 3 (partner)'s hand" put it after
    the mark), as the reader's own reads "your"; other seats keep theirs."""
    game = parlour.make("bishops-whist")
    console = Console(width=80, file=io.StringIO())
    table = TerminalGame(game, [0], {}, 1, console)
    view = game.new(seed=1).view(0)
    assert table.name_seats("seat 2's hand", view) == "your partner's hand"
    assert table.name_seats("Seat 2's turn", view) == "Your partner's turn"
    assert table.name_seats("seat 1's hand", view) == "seat 2's hand"
    assert table.name_seats("seat 0's hand", view) == "your hand"
    assert table.name_seats("seat 2 plays 9H", view) == "seat 3 (partner) plays 9H"


def test_bishops_whist_one_hand_panel_does_not_count_the_hand() -> None:
    """Bishops Whist at hand_limit=1: the panel says "trick 3", not "hand 1, trick 3", as the game's
    own words ("the hand") do; a longer match still counts its hands."""
    for limit, expected in ((1, r"│ trick +\d+ "), (2, r"│ hand +1, trick \d+ ")):
        screens, _ = play("bishops-whist", {"hand_limit": limit}, 120, 60, terminal=False)
        for _, screen in screens[:5]:
            assert re.search(expected, screen), screen
            if limit == 1:
                assert not re.search(r"│ hand +1", screen), screen
