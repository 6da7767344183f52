"""Bishops Whist's reading of how far each other seat departs from the rules of thumb (issue 14,
``worlds.adaptive_worlds``, ``PlayoutPlayer(adapt=True)``): a seat that plainly plays otherwise gets a
rate above 0, a table of the rules of thumb gets 0 and the very worlds of ``consistent_worlds``; the
player stays lawful and repeatable."""

from __future__ import annotations

from parlour.engine import Rng
from parlour.games.bishops_whist.players import (
    STRONG_CHAINS,
    HeuristicPlayer,
    PlayoutPlayer,
    played_to,
)
from parlour.games.bishops_whist.rules import PHASE_PLAY, BishopsWhist, BishopsWhistState
from parlour.games.bishops_whist.worlds import (
    EPS_MAX,
    adaptive_worlds,
    consistent_worlds,
)


def hands(world: BishopsWhistState) -> list[list[str]]:
    return [list(world.view(s).hand) for s in range(4)]


def contrary(game: BishopsWhist, seed: int, rogue: int, cards_left: int) -> BishopsWhistState:
    """A seeded hand in which seat ``rogue`` plays, whenever it has a choice, the last lawful card that is
    not the rules of thumb's (the others play by them), until a seat other than ``rogue`` is to play with
    ``cards_left`` cards or fewer."""
    state = game.new(seed)
    players = [HeuristicPlayer(game, s) for s in range(4)]
    while True:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if view.extra.phase == PHASE_PLAY and seat != rogue and len(view.hand) <= cards_left:
            return state
        action = players[seat].choose(view, game)
        if seat == rogue and view.extra.phase == PHASE_PLAY:
            others = [a for a in view.legal_actions if a.startswith("play ") and a != action]
            action = others[-1] if others else action
        state.apply(action, seat=seat)


def test_a_seat_that_plays_otherwise_is_read_as_departing() -> None:
    game = BishopsWhist()
    for seed in (1, 2, 3):
        state = contrary(game, seed, rogue=2, cards_left=6)
        seat = state.current_player
        assert seat is not None and seat != 2
        view = state.view(seat)
        worlds, eps = adaptive_worlds(view, game, Rng(seed), 8, HeuristicPlayer(game, seed), 800)
        assert len(worlds) == 8
        assert 0 < eps[2] <= EPS_MAX, (seed, eps)
        assert [e for s, e in enumerate(eps) if s != 2] == [0.0] * 3, (seed, eps)  # the others: none
        # The worlds then walk on under the likelihood of the play: not the chains' worlds.
        same = consistent_worlds(view, game, Rng(seed), 8, HeuristicPlayer(game, seed), 800)
        assert [hands(w) for w in worlds] != [hands(w) for w in same]


def test_a_table_of_the_rules_of_thumb_is_read_as_none_and_changes_nothing() -> None:
    game = BishopsWhist()
    for seed, left in ((0, 10), (1, 7), (2, 4), (3, 2)):
        state = played_to(game, seed, left)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        worlds, eps = adaptive_worlds(view, game, Rng(seed), 6, HeuristicPlayer(game, seed), 600)
        assert eps == [0.0] * 4, (seed, left)  # the prior: no departure read
        same = consistent_worlds(view, game, Rng(seed), 6, HeuristicPlayer(game, seed), 600)
        assert [hands(w) for w in worlds] == [hands(w) for w in same]


def test_the_adapting_player_is_lawful_and_repeatable() -> None:
    game = BishopsWhist()
    for seed in (4, 5):
        state = contrary(game, seed, rogue=1, cards_left=5)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        a = PlayoutPlayer(game, 9, worlds=6, chains=600, adapt=True)
        b = PlayoutPlayer(game, 9, worlds=6, chains=600, adapt=True)
        chosen = a.choose(view, game)
        assert chosen in view.legal_actions and chosen == b.choose(view, game)
        assert a.departures == b.departures and a.departures[seat] == 0.0
        assert a.last is not None and a.last.worlds == 6


def test_against_the_rules_of_thumb_it_plays_as_strong() -> None:
    game = BishopsWhist()
    for seed, left in ((6, 9), (7, 6), (8, 3)):
        state = played_to(game, seed, left)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        adapting = PlayoutPlayer(game, 3, chains=STRONG_CHAINS, adapt=True)
        plain = PlayoutPlayer(game, 3, chains=STRONG_CHAINS)
        assert adapting.choose(view, game) == plain.choose(view, game)
        assert adapting.departures == [0.0] * 4
        assert adapting.last is not None and plain.last is not None
        assert adapting.last.means == plain.last.means
