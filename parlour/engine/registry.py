"""Where games are registered, listed and made by name."""

from __future__ import annotations

import importlib
from typing import Any, TypeVar

from parlour.engine.errors import UnknownGame
from parlour.engine.game import Game, GameInfo

G = TypeVar("G", bound=type[Game])

_GAMES: dict[str, type[Game]] = {}


def register(cls: G) -> G:
    """Class decorator adding a game to the registry under its ``name``."""
    if cls.name in _GAMES and _GAMES[cls.name] is not cls:
        raise ValueError(f"a game named {cls.name!r} is already registered")
    _GAMES[cls.name] = cls
    return cls


def _load_builtin() -> None:
    importlib.import_module("parlour.games")


def game_class(name: str) -> type[Game]:
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        valid = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"no game named {name!r}; the games are: {valid}") from None


def list_games() -> list[GameInfo]:
    """Metadata of every registered game, by name."""
    _load_builtin()
    return [_GAMES[n].info() for n in sorted(_GAMES)]


def make(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options`` (unknown names or bad values raise ``ValueError``)."""
    return game_class(name)(**options)
