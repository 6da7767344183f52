"""Lansquenet, the banking game: its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from typing import Any

from parlour.engine import EpisodeBounds, Game, GameManifest
from parlour.games.lansquenet.analysis import lansquenet_figures
from parlour.games.lansquenet.commands import add_commands
from parlour.games.lansquenet.players import PLAYERS
from parlour.games.lansquenet.rules import Lansquenet


def _points(game: Game[Any], hands: int) -> tuple[float, float]:
    """Chips are conserved: a seat ends with none at worst, with every other seat's at best."""
    stake = float(game.options["stake"])
    return -stake, stake * (game.num_players - 1)


EPISODES = EpisodeBounds(
    # A deal's bets, bancos and draws: random play at ten players never took more than 92 decisions in a
    # deal; 40 a player allows 400. A session of banks has no bound in its options; one of deals has.
    hand_decisions=lambda game: 40 * game.num_players,
    match_hands=lambda game: int(game.options["deals"]) if game.options["length"] == "deals" else None,
    points=_points,
)

MANIFEST = GameManifest(
    Lansquenet,
    PLAYERS,
    analyze=lansquenet_figures,
    commands=add_commands,
    episodes=EPISODES,
    compiled=("rules",),  # the integer core: compiled, by ids 1.6-2.3x (benchmarks/README.md)
)
