"""parlour: lost and rare card games, played by the letter of their old laws.

>>> import parlour
>>> game = parlour.make("bishops-whist")
>>> state = game.new(seed=1)
>>> state.apply(state.legal_actions()[0])

The engine's names are loaded on first use (PEP 562), not on ``import parlour``: the ``parlour``
command imports this package first, and a Ctrl-C while the engine loaded (numpy and all, a sixth of a
second) was a traceback, before ``parlour.launch`` could catch it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.engine import (
        Action,
        Event,
        ForbiddenAction,
        Game,
        GameInfo,
        IllegalAction,
        InvalidDeal,
        InvalidOption,
        InvalidSave,
        InvalidState,
        MalformedAction,
        Option,
        Outcome,
        ParlourError,
        State,
        UnknownGame,
        View,
        game_class,
        list_games,
        make,
    )

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Event",
    "ForbiddenAction",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidDeal",
    "InvalidOption",
    "InvalidSave",
    "InvalidState",
    "MalformedAction",
    "Option",
    "Outcome",
    "ParlourError",
    "State",
    "UnknownGame",
    "View",
    "game_class",
    "list_games",
    "make",
]


_SUBMODULES = ("engine", "cards")
"""The subpackages ``import parlour`` loaded with the engine, as ``parlour.cards.get_pack(name)``
(docs/cards.md) uses them: still there on first use, without an import of their own."""


def __getattr__(name: str) -> Any:
    """An engine name (``parlour.make``), or the engine or the cards, loaded when first asked for and kept."""
    if name not in __all__ and name not in _SUBMODULES:
        raise AttributeError(f"module 'parlour' has no attribute {name!r}")
    engine = importlib.import_module("parlour.engine")
    value = importlib.import_module(f"parlour.{name}") if name in _SUBMODULES else getattr(engine, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
