"""Apology, the L'Excuse game for the extended 65-card pack: its rules, players, figures and rules
text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import GameManifest
from parlour.games.apology.analysis import analyse, plot_sweep
from parlour.games.apology.players import PLAYERS
from parlour.games.apology.rules import Apology

MANIFEST = GameManifest(Apology, PLAYERS, analyze=analyse, plot_sweep=plot_sweep)
