"""Computer players. They see only ``state.view(seat)``; search goes through ``game.determinize``.

A player is any object with ``choose(view, game) -> action``. A game's players live in its own
package and are named by kind in its manifest (``GameManifest.players``); ``random`` is every game's.
"""

from __future__ import annotations

from typing import Any, Protocol

from parlour.engine import Game, Rng, manifest
from parlour.engine.manifest import PlayerFactory
from parlour.engine.views import View


class Player(Protocol):
    """Chooses one of ``view.legal_actions`` (or an amount in one of ``view.legal_ranges``)."""

    def choose(self, view: View[Any], game: Game[Any]) -> str: ...


def player_kinds(game: str) -> list[str]:
    """The kinds of computer player available for ``game``."""
    return sorted({"random", *manifest(game).players})


def make_player(kind: str, game: Game[Any], seed: int = 0) -> Player:
    """A computer player of ``kind`` for ``game``; its own choices are seeded by ``seed``."""
    factory = manifest(game.name).players.get(kind)
    if factory is None and kind == "random":
        return RandomPlayer(seed)
    if factory is None:
        raise ValueError(
            f"no player {kind!r} for {game.name}; available: {', '.join(player_kinds(game.name))}"
        )
    player: Player = factory(game, seed)
    return player


class RandomPlayer:
    """Picks uniformly among the legal actions: the baseline every strategy must beat.

    A range of amounts (``view.legal_ranges``) counts as one choice, its amount then drawn
    uniformly from the range.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View[Any], game: Game[Any]) -> str:
        actions = view.legal_actions
        ranges = view.legal_ranges
        if not actions and not ranges:
            raise ValueError("asked to choose with no legal action in the view")
        if not ranges:
            return str(self.rng.choice(actions))
        i = self.rng.randrange(len(actions) + len(ranges))
        if i < len(actions):
            return str(actions[i])
        r = ranges[i - len(actions)]
        return f"{r.verb} {r.min + self.rng.randrange(r.max - r.min + 1)}"


__all__ = ["Player", "PlayerFactory", "RandomPlayer", "View", "make_player", "player_kinds"]
