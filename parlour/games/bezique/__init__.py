"""Two-handed Bezique: its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import EpisodeBounds, GameManifest
from parlour.games.bezique.analysis import bezique_figures
from parlour.games.bezique.players import PLAYERS
from parlour.games.bezique.rules import Bezique

EPISODES = EpisodeBounds(
    # 64 cards played, the melds and exchanges around them: random and heuristic play never took more than
    # 78 decisions in a hand; 250 allows for every meld. A match to a target has no bound in its options.
    hand_decisions=lambda game: 250,
)

MANIFEST = GameManifest(
    Bezique,
    PLAYERS,
    analyze=bezique_figures,
    episodes=EPISODES,
    compiled=("rules",),  # the integer core: compiled, 1.5x by ids and 1.4x by text (benchmarks/README.md)
)
