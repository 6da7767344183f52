"""The open tarock game for children: its rules, players, figures and rules text, in one package.

``MANIFEST`` is what the ``parlour.games`` entry point names.
"""

from parlour.cards import get_pack
from parlour.engine import EpisodeBounds, GameManifest
from parlour.games.open_tarock.players import PLAYERS
from parlour.games.open_tarock.rules import OpenTarock

EPISODES = EpisodeBounds(
    # Exactly one card played a decision, every card of the pack played in a hand; a match is its deals.
    hand_decisions=lambda game: len(get_pack(game.pack).cards),
    match_hands=lambda game: int(game.options["deals"]),
)

MANIFEST = GameManifest(OpenTarock, PLAYERS, episodes=EPISODES)
