"""The game-independent core: the Game/State contract, options, RNG and registry."""

from parlour.engine.actions import Action, ActionSpec, AmountRange, Notation, parse_amount
from parlour.engine.errors import (
    ForbiddenAction,
    IllegalAction,
    InvalidDeal,
    InvalidOption,
    InvalidSave,
    InvalidState,
    MalformedAction,
    OutsideActionSpace,
    ParlourError,
    UnknownGame,
)
from parlour.engine.game import Event, Game, GameInfo, Outcome, State
from parlour.engine.manifest import EpisodeBounds, GameManifest
from parlour.engine.options import Option
from parlour.engine.registry import game_class, list_games, make, manifest, manifests
from parlour.engine.rng import Rng, check_seed, derive_seed, fresh_seed
from parlour.engine.views import View, Zone

__all__ = [
    "Action",
    "ActionSpec",
    "AmountRange",
    "EpisodeBounds",
    "Event",
    "ForbiddenAction",
    "Game",
    "GameInfo",
    "GameManifest",
    "IllegalAction",
    "InvalidDeal",
    "InvalidOption",
    "InvalidSave",
    "InvalidState",
    "MalformedAction",
    "Notation",
    "Option",
    "Outcome",
    "OutsideActionSpace",
    "ParlourError",
    "Rng",
    "State",
    "UnknownGame",
    "View",
    "Zone",
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
