"""Lansquenet, the banking game: its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import GameManifest
from parlour.games.lansquenet.analysis import lansquenet_figures
from parlour.games.lansquenet.commands import add_commands
from parlour.games.lansquenet.players import PLAYERS
from parlour.games.lansquenet.rules import Lansquenet

MANIFEST = GameManifest(Lansquenet, PLAYERS, analyze=lansquenet_figures, commands=add_commands)
