"""Dana's Roquet (1893): its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import EpisodeBounds, GameManifest
from parlour.games.roquet.analysis import roquet_figures
from parlour.games.roquet.players import PLAYERS
from parlour.games.roquet.rules import RoquetGame

EPISODES = EpisodeBounds(
    # 60 cards, the draws and the combinations laid: random and heuristic play never took more than 67
    # decisions in a hand; 250 allows for every combination. A match to a target has no bound in its options.
    hand_decisions=lambda game: 250,
)

MANIFEST = GameManifest(
    RoquetGame,
    PLAYERS,
    analyze=roquet_figures,
    episodes=EPISODES,
    compiled=("rules",),  # the integer core: compiled, 3.9x by ids and 1.75x by text (benchmarks/README.md)
)
