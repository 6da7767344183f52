"""The game-independent core: the Game/State contract, options, RNG and registry."""

from parlour.engine.errors import (
    IllegalAction,
    InvalidDeal,
    InvalidOption,
    InvalidSave,
    ParlourError,
    UnknownGame,
)
from parlour.engine.game import Event, Game, GameInfo, State
from parlour.engine.options import Option
from parlour.engine.registry import game_class, list_games, make, register
from parlour.engine.rng import Rng, derive_seed, fresh_seed

__all__ = [
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidDeal",
    "InvalidOption",
    "InvalidSave",
    "Option",
    "ParlourError",
    "Rng",
    "State",
    "UnknownGame",
    "derive_seed",
    "fresh_seed",
    "game_class",
    "list_games",
    "make",
    "register",
]
