"""A. T. Dana's Bishops Whist (1899): its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import EpisodeBounds, GameManifest
from parlour.games.bishops_whist.players import PLAYERS
from parlour.games.bishops_whist.rules import BishopsWhist

EPISODES = EpisodeBounds(
    # 52 cards played, the trump, claims and (table laws) penalties around them: random and heuristic play
    # never took more than 76 decisions in a hand; 200 allows for many penalties. ``hand_limit`` ends a match.
    hand_decisions=lambda game: 200,
    match_hands=lambda game: int(game.options["hand_limit"]),
)

MANIFEST = GameManifest(
    BishopsWhist,
    PLAYERS,
    episodes=EPISODES,
    # the optional mypyc build (parlour.build_compiled): the rules, the double-dummy solver, and the rules
    # of thumb the playouts of ``normal`` and ``strong`` run at every move; ``worlds`` gains nothing there
    compiled=("rules", "solver", "players"),
)
