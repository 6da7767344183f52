"""Bishops Whist's reading of how far each other seat departs from the rules of thumb (issue 14,
``worlds.adaptive_worlds``, ``PlayoutPlayer(adapt=True)``): a seat that plainly plays otherwise gets a
rate above 0, a table of the rules of thumb gets 0 and the very worlds of ``consistent_worlds``; the
player stays lawful and repeatable."""

from __future__ import annotations

import pytest

from parlour.engine import Rng
from parlour.games.bishops_whist.players import (
    STRONG_CHAINS,
    HeuristicPlayer,
    PlayoutPlayer,
    played_to,
    surprises,
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


def test_a_floor_of_0_changes_nothing() -> None:
    game = BishopsWhist()
    for seed, left in ((6, 9), (8, 3)):
        state = played_to(game, seed, left)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        floored, eps = adaptive_worlds(view, game, Rng(seed), 6, HeuristicPlayer(game, seed), 600, floor=0.0)
        same = consistent_worlds(view, game, Rng(seed), 6, HeuristicPlayer(game, seed), 600)
        assert eps == [0.0] * 4 and [hands(w) for w in floored] == [hands(w) for w in same]
        zero = PlayoutPlayer(game, 3, chains=STRONG_CHAINS, adapt=True, floor=0.0)
        plain = PlayoutPlayer(game, 3, chains=STRONG_CHAINS)
        assert zero.choose(view, game) == plain.choose(view, game)
        assert zero.last is not None and plain.last is not None and zero.last.means == plain.last.means


def test_with_a_floor_every_other_seat_may_depart_and_a_world_may_leave_a_play_unexplained() -> None:
    """At a table of the rules of thumb (every play explained by the true deal), a floor still gives each
    other seat that rate, and the walk under it keeps worlds the chains alone would not: some leave a play
    unexplained (a floor of 0.5: an unexplained play costs ln 4, a swap adding one is taken one time in
    four)."""
    game = BishopsWhist()
    fast = HeuristicPlayer(game, 0)
    unexplained = 0
    for seed, left in ((0, 8), (1, 6), (2, 5), (3, 4)):
        state = played_to(game, seed, left)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        worlds, eps = adaptive_worlds(view, game, Rng(seed), 6, HeuristicPlayer(game, seed), 600, floor=0.5)
        assert eps[seat] == 0.0 and all(e == 0.5 for s, e in enumerate(eps) if s != seat), eps
        assert len(worlds) == 6
        for w in worlds:
            assert w.view(seat).hand == view.hand  # the view's own hand is never dealt anew
        unexplained += sum(1 for w in worlds if surprises(view, hands(w), fast, game.options))
    assert unexplained > 0
    with pytest.raises(ValueError):
        adaptive_worlds(view, game, Rng(0), 2, fast, 100, floor=0.9)
    with pytest.raises(ValueError):
        PlayoutPlayer(game, 0, floor=0.1)  # a floor needs chained worlds


def test_pure_playouts_play_the_rules_of_thumb_on_the_floored_worlds() -> None:
    """``noisy_playouts=False``: the rates soften the worlds believed only; each card's mean is its
    playouts by the rules of thumb at every seat over those worlds. With noisy playouts the other seats
    play at their rates, at least the floor."""
    game = BishopsWhist()
    state = played_to(game, 5, 6)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    pure = PlayoutPlayer(game, 4, worlds=5, chains=500, floor=0.2, noisy_playouts=False)
    chosen = pure.choose(view, game)
    assert chosen in view.legal_actions and pure.last is not None
    again = PlayoutPlayer(game, 4, worlds=5, chains=500, floor=0.2, noisy_playouts=False)
    worlds = again.worlds_dealt(view, game)
    cards = list(pure.last.means)
    for card in cards:
        total = 0.0
        for world in worlds:
            played = world.clone()
            played.apply(f"play {card}", seat=seat)
            total += again.playout(played, seat)
        assert total / len(worlds) == pure.last.means[card], card
    noisy = PlayoutPlayer(game, 4, worlds=5, chains=500, floor=0.2)
    assert noisy.choose(view, game) in view.legal_actions
    assert noisy.departures[seat] == 0.0 and all(
        e >= 0.2 for s, e in enumerate(noisy.departures) if s != seat
    )
