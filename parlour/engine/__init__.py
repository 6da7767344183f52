"""The game-independent core: the Game/State contract, options, RNG and registry."""

from parlour.engine.actions import AmountRange, parse_amount
from parlour.engine.errors import (
    IllegalAction,
    InvalidDeal,
    InvalidOption,
    InvalidSave,
    InvalidState,
    ParlourError,
    UnknownGame,
)
from parlour.engine.game import Event, Game, GameInfo, State
from parlour.engine.manifest import GameManifest
from parlour.engine.options import Option
from parlour.engine.registry import game_class, list_games, make, manifest, manifests
from parlour.engine.rng import Rng, check_seed, derive_seed, fresh_seed

__all__ = [
    "AmountRange",
    "Event",
    "Game",
    "GameInfo",
    "GameManifest",
    "IllegalAction",
    "InvalidDeal",
    "InvalidOption",
    "InvalidSave",
    "InvalidState",
    "Option",
    "ParlourError",
    "Rng",
    "State",
    "UnknownGame",
    "check_seed",
    "derive_seed",
    "fresh_seed",
    "game_class",
    "list_games",
    "make",
    "manifest",
    "manifests",
    "parse_amount",
]
