"""Card-game mechanics several games share, written once: following suit, the winner of a trick,
score events, and the exact sampler of unseen cards that computer players search with.

Like the engine, this package knows no game: each game passes in what makes it itself (its suits,
its rank order, its trumps, the constraints its play has revealed).
"""

from parlour.mechanics.sampler import NoDeal, deal_unseen
from parlour.mechanics.scoring import hand_end_event, score_event
from parlour.mechanics.tricks import (
    GatheredTrick,
    Lead,
    follow_suit,
    highest,
    is_lead,
    marked_leads,
    trick_winner,
)

__all__ = [
    "GatheredTrick",
    "Lead",
    "NoDeal",
    "deal_unseen",
    "follow_suit",
    "hand_end_event",
    "highest",
    "is_lead",
    "marked_leads",
    "score_event",
    "trick_winner",
]
