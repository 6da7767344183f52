"""A. T. Dana's Bishops Whist (1899): its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import GameManifest
from parlour.games.bishops_whist.players import PLAYERS
from parlour.games.bishops_whist.rules import BishopsWhist

MANIFEST = GameManifest(BishopsWhist, PLAYERS)
