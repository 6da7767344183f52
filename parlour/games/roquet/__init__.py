"""Dana's Roquet (1893): its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import GameManifest
from parlour.games.roquet.analysis import roquet_figures
from parlour.games.roquet.players import PLAYERS
from parlour.games.roquet.rules import RoquetGame

MANIFEST = GameManifest(RoquetGame, PLAYERS, analyze=roquet_figures)
