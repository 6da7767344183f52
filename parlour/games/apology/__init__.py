"""Apology, the L'Excuse game for the extended 65-card pack: its rules, players, figures and rules
text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.engine import EpisodeBounds, GameManifest
from parlour.games.apology.analysis import analyse, plot_sweep
from parlour.games.apology.players import PLAYERS
from parlour.games.apology.rules import DEALT_PER_DEAL, Apology

EPISODES = EpisodeBounds(
    # 65 cards played, the bids and the kitty around them: several thousand hands of random and heuristic
    # play never took more than 71 decisions; 200 allows for any auction. A match is its deals, or under
    # thrown_in=redealt at most ten times as many dealt (ruling AP-2).
    hand_decisions=lambda game: 200,
    match_hands=lambda game: (
        int(game.options["deals"]) * (DEALT_PER_DEAL if game.options["thrown_in"] == "redealt" else 1)
    ),
)

MANIFEST = GameManifest(
    Apology,
    PLAYERS,
    analyze=analyse,
    plot_sweep=plot_sweep,
    episodes=EPISODES,
    compiled=("rules",),  # the integer core: compiled, 2.3x by ids and 1.9x by text (benchmarks/README.md)
)
