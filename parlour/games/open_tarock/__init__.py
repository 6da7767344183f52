"""The open tarock game for children: its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import GameManifest
from parlour.games.open_tarock.players import PLAYERS
from parlour.games.open_tarock.rules import OpenTarock

MANIFEST = GameManifest(OpenTarock, PLAYERS)
