"""Bishops Whist, the fourth seed audit (branch audit-9): what the three earlier audits left unpinned.

The seed's Bishops Whist part (shared/seeds/bishops-whist-deck-and-games.txt: the modern summary, Dana's
summary, the abstract, the rank of the cards, the laws and the sample hand) was read sentence by
sentence before the code, then against rulings BW-1 to BW-26, the rules text,
``test_seed_audit_bishops_whist.py``, ``test_seed_audit2_bishops_whist.py``,
``test_seed_audit3_bishops_whist.py`` and ``tests/test_bishops_whist*.py``. Every sentence stating a
rule already had a scenario test (the cut and its ties, the cut for trumps and the deal card by card,
the turn-up and the bishop cut, the knight named trumps, every rank, following suit, the knight's
revoke in plain suits and trumps, the void knight, the irregular and the knight's trick, scoring and
its sixteen-point ceiling, the end of the game with Dana's example, exposed cards, revokes claimed and
corrected, misdeals, and each seat's view), and two whole hands played in the terminal (seed 7 under
the default laws, seed 5 under table laws with a revoke left to stand, three more made and one card
exposed) agreed with the seed at every prompt, log line and score.

One combination of two sentences had no scenario, pinned here: a knight led frees every player to play
any card ("the irregular trick"), a trump played to it takes it (trumps are "always the superior
cards"; ruling BW-12), and the bishops thrown into it count two each for the side whose tricks hold them
at the close of the hand, the cardinal with them (Dana: "each bishop saved or captured from opponents,
counts two points").

Seats sit 0, 1, 2, 3 clockwise; with an explicit deal seats 0 and 2 are partners against 1 and 3 and
the dealer's left leads.
"""

from __future__ import annotations

import parlour
from parlour.games.bishops_whist.rules import BishopsWhistState
from tests.test_bishops_whist import _following_play_out, deal_of, events, legal_cards, play, winners

VIEWERS: tuple[int | None, ...] = (None, 0, 1, 2, 3)


def test_bishops_thrown_into_a_knights_trick_go_with_the_trump_that_takes_it() -> None:
    """Clubs are trumps (the dealer, seat 3, turned the two). Seat 0 leads a knight; seat 1 plays the
    cardinal (its only club: no knight's revoke is in question, the knight led frees everybody), seat 2
    throws the bishop of hearts though it holds another heart, and seat 3 the bishop of diamonds. The
    cardinal takes the trick and the three bishops in it; at the close they count for seats 1 and 3."""
    deal = deal_of(3, "2C", {0: "N 9S 8S", 1: "BC", 2: "BH 7H", 3: "BD 2C"}, closed={1: "C", 2: "N"})
    state = parlour.make("bishops-whist").new(deal=deal, seed=1899)
    assert isinstance(state, BishopsWhistState)
    assert state.view(None).trump == "C" and state.current_player == 0
    play(state, "N")
    for seat, card in ((1, "BC"), (2, "BH"), (3, "BD")):
        assert state.current_player == seat
        assert legal_cards(state) == set(state.view(seat).hand)  # any card after a knight led
        play(state, card)
    assert winners(state) == [1]
    for viewer in VIEWERS:
        [trick] = [e for e in state.events(viewer) if e.kind == "trick"]  # every seat reads it
        assert state.event_words(trick) == "trick 1 to seat 1, taking the bishops BC BH BD"
        assert list(state.view(viewer).extra.tricks_won) == [0, 1]
        assert state.view(viewer).extra.hand_points == [0, 0]  # nothing counts before the close
    _following_play_out(state)
    end = events(state, "hand_end")[0]  # the play-out runs on into later hands
    # the bishop of spades falls later, to whichever side; the three of trick 1 are seats 1 and 3's
    assert end.data["bishops"][1] >= 3
    assert end.data["points"][1] == 2 * end.data["bishops"][1] + max(0, end.data["tricks"][1] - 6)
