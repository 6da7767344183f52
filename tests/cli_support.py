"""What the terminal's tests share: a match at the terminal, the person's lines typed from a list."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from parlour.cli.terminal import TerminalGame
from parlour.engine import Game
from parlour.players import make_player


def scripted(
    game: Game[Any], lines: Sequence[str], seed: int | None, width: int, keep: Path | bool = False
) -> tuple[TerminalGame, Console]:
    """Seat 0 typing ``lines`` (then Ctrl-D) against random players, on a recording console; with
    ``keep``, a match left unfinished is put aside (to that file, or the saves folder), as at
    ``parlour play``."""
    bots = {s: make_player("random", game, s) for s in range(1, game.num_players)}
    console = Console(record=True, width=width, force_terminal=False)
    answers = iter(lines)

    def ask(prompt: str, completions: Sequence[str]) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    kinds = dict.fromkeys(bots, "random")
    return TerminalGame(game, [0], bots, seed, console, ask=ask, opponents=kinds, keep=keep), console
