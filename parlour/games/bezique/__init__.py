"""Two-handed Bezique: its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import GameManifest
from parlour.games.bezique.analysis import bezique_figures
from parlour.games.bezique.players import PLAYERS
from parlour.games.bezique.rules import Bezique

MANIFEST = GameManifest(Bezique, PLAYERS, analyze=bezique_figures)
