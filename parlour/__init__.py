"""parlour: lost and rare card games, played by the letter of their old laws.

>>> import parlour
>>> game = parlour.make("bishops-whist")
>>> state = game.new(seed=1)
>>> state.apply(state.legal_actions()[0])
"""

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
