"""Computer players. They see only ``state.view(seat)``; search goes through ``game.determinize``.

A player is any object with ``choose(view, game) -> action``. Kinds are
registered by name, either for every game (``random``) or for one game
(``heuristic`` for Bishops Whist lives in ``parlour/bots/bishops_whist.py``).
Every module in this package is imported on first use, so adding a file adds
its players.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from parlour.engine import Game, Rng

View = Mapping[str, Any]


class Player(Protocol):
    """Chooses one of ``view["legal_actions"]``."""

    def choose(self, view: View, game: Game) -> str: ...


PlayerFactory = Callable[[Game, int], Player]

_PLAYERS: dict[tuple[str | None, str], PlayerFactory] = {}
_loaded = False


def register_player(kind: str, game: str | None = None) -> Callable[[PlayerFactory], PlayerFactory]:
    """Register a factory ``(game, seed) -> Player`` as ``kind``, for one game or (None) for all."""

    def deco(factory: PlayerFactory) -> PlayerFactory:
        _PLAYERS[(game, kind)] = factory
        return factory

    return deco


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for mod in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{mod.name}")


def player_kinds(game: str) -> list[str]:
    """The kinds of computer player available for ``game``."""
    _load()
    return sorted({k for (g, k) in _PLAYERS if g in (None, game)})


def make_player(kind: str, game: Game, seed: int = 0) -> Player:
    """A computer player of ``kind`` for ``game``; its own choices are seeded by ``seed``."""
    _load()
    factory = _PLAYERS.get((game.name, kind)) or _PLAYERS.get((None, kind))
    if factory is None:
        raise ValueError(
            f"no player {kind!r} for {game.name}; available: {', '.join(player_kinds(game.name))}"
        )
    return factory(game, seed)


class RandomPlayer:
    """Picks uniformly among the legal actions: the baseline every strategy must beat.

    A range of amounts (``view["legal_ranges"]``) counts as one choice, its amount then drawn
    uniformly from the range.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View, game: Game) -> str:
        actions = view["legal_actions"]
        ranges = view.get("legal_ranges") or []
        if not actions and not ranges:
            raise ValueError("asked to choose with no legal action in the view")
        if not ranges:
            return str(self.rng.choice(actions))
        i = self.rng.randrange(len(actions) + len(ranges))
        if i < len(actions):
            return str(actions[i])
        r = ranges[i - len(actions)]
        return f"{r['verb']} {r['min'] + self.rng.randrange(r['max'] - r['min'] + 1)}"


@register_player("random")
def _random(game: Game, seed: int) -> Player:
    return RandomPlayer(seed)


__all__ = ["Player", "RandomPlayer", "make_player", "player_kinds", "register_player"]
