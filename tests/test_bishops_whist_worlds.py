"""Bishops Whist worlds found by Markov chains (``worlds.py``): they keep what the view knows, a seed fixes
them, the surprises they report are ``players.surprises``' and the budget holds."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from parlour.cards import BISHOPS_WHIST
from parlour.engine import Rng
from parlour.games.bishops_whist.players import HeuristicPlayer, played_to, surprises
from parlour.games.bishops_whist.rules import BishopsWhist, BishopsWhistState, ShownOut, quitted_tricks
from parlour.games.bishops_whist.worlds import WorldSampler, consistent_worlds

POSITIONS = [(0, 10), (1, 7), (2, 4), (3, 2)]
"""(seed, cards left): positions of seeded play by the rules of thumb, from early in the hand to late."""


def position(seed: int, left: int, laws: str = "strict") -> tuple[BishopsWhist, BishopsWhistState, int]:
    game = BishopsWhist(laws=laws)
    state = played_to(game, seed, left)
    seat = state.current_player
    assert seat is not None
    return game, state, seat


def hands(world: BishopsWhistState) -> list[list[str]]:
    return [list(world.view(s).hand) for s in range(4)]


@pytest.mark.parametrize(("seed", "left"), POSITIONS)
def test_worlds_keep_what_the_view_knows(seed: int, left: int) -> None:
    game, state, seat = position(seed, left)
    view = state.view(seat)
    played = [(p.seat, p.card) for t in quitted_tricks(view) for p in t.plays]
    on_table = [(p.seat, p.card) for p in view.trick.plays] if view.trick is not None else []
    shown = ShownOut.of([[(p.seat, p.card) for p in t.plays] for t in quitted_tricks(view)] + [on_table])
    true = hands(state)
    worlds = consistent_worlds(view, game, Rng(seed), 6, HeuristicPlayer(game, seed), evaluations=300)
    assert len(worlds) == 6
    for world in worlds:
        held = hands(world)
        assert Counter(held[seat]) == Counter(view.hand)  # the seat's own hand as it is
        assert [len(h) for h in held] == [len(h) for h in true]  # every hand its size
        every = Counter(c for h in held for c in h) + Counter(c for _, c in [*played, *on_table])
        assert every == BISHOPS_WHIST.counts()  # every card of the pack once (the knights four times)
        for s in range(4):
            zone = view.zone("hand", s)
            if s != seat and zone is not None:
                assert not Counter(zone.face_up) - Counter(held[s])  # known cards where they are known
            if s != seat:
                assert all(shown.may_hold(s, c) for c in held[s]), (s, held[s])  # no suit shown out of
        assert [e[:2] for e in world.trick] == [list(p) for p in on_table]  # the trick on the table
        assert world.current_player == seat


def test_the_turn_up_stays_with_the_dealer() -> None:
    # Early in the hand the dealer still holds the turn-up, face up: every world leaves it there.
    game, state, seat = position(4, 12)
    view = state.view(seat)
    if not view.extra.turn_up_held or state.dealer == seat:
        pytest.skip("this position's dealer has played the turn-up or is the seat to move")
    for world in consistent_worlds(view, game, Rng(1), 4, HeuristicPlayer(game, 1), evaluations=200):
        assert view.extra.turn_up in hands(world)[state.dealer]


@pytest.mark.parametrize(("seed", "left"), POSITIONS[1:])
def test_the_same_seed_gives_the_same_worlds(seed: int, left: int) -> None:
    game, state, seat = position(seed, left)
    view = state.view(seat)

    def dealt(rng_seed: int) -> list[list[list[str]]]:
        fast = HeuristicPlayer(game, seed)
        return [hands(w) for w in consistent_worlds(view, game, Rng(rng_seed), 5, fast, evaluations=200)]

    assert dealt(11) == dealt(11)
    assert dealt(11) != dealt(12)  # the draws do come from the rng handed in


@pytest.mark.parametrize(("seed", "left"), POSITIONS)
def test_surprises_counted_seat_by_seat_are_players_surprises(seed: int, left: int) -> None:
    game, state, seat = position(seed, left)
    view = state.view(seat)
    fast = HeuristicPlayer(game, seed)
    sampler = WorldSampler(view, game, fast)
    rng = Rng(seed)
    for _ in range(4):
        world = game.determinize(view, rng)
        dealt = sampler.dealt_of(world)
        by_seat = sum(sampler.seat_surprises(s, dealt[s], cap=99) for s in sampler.others)
        assert by_seat == surprises(view, hands(world), fast, game.options)
    # The true deal explains every play: the other seats played by these very rules of thumb.
    truth = sampler.dealt_of(state)
    assert sum(sampler.seat_surprises(s, truth[s], cap=99) for s in sampler.others) == 0


@pytest.mark.parametrize(("seed", "left"), POSITIONS)
def test_a_world_reported_consistent_has_no_surprise(seed: int, left: int) -> None:
    game, state, seat = position(seed, left)
    view = state.view(seat)
    fast = HeuristicPlayer(game, seed)
    found = WorldSampler(view, game, fast).sample(Rng(seed), 6, evaluations=600)
    assert any(score == 0 for score, _ in found)
    for score, world in found:
        exact = surprises(view, hands(world), fast, game.options)
        if score == 0:
            assert exact == 0
        else:  # each seat's surprises are counted up to a cap: never more than there are
            assert 0 < score <= exact


@pytest.mark.parametrize(("seed", "left", "budget"), [(7, 9, 300), (1, 9, 600), (0, 6, 600)])
def test_chains_short_of_consistency_borrow_a_consistent_world(seed: int, left: int, budget: int) -> None:
    # Positions where many short chains stop short of a consistent world (measured): borrowing, every
    # world is walked from one that another chain found, and stays consistent; without, some are not.
    game, state, seat = position(seed, left)
    view = state.view(seat)
    fast = HeuristicPlayer(game, seed)
    alone = WorldSampler(view, game, fast).sample(Rng(1), 8, evaluations=budget, borrow=False)
    assert 0 < sum(score == 0 for score, _ in alone) < 8
    borrowed = WorldSampler(view, game, fast).sample(Rng(1), 8, evaluations=budget)
    assert [score for score, _ in borrowed] == [0] * 8
    for _, world in borrowed:
        assert surprises(view, hands(world), fast, game.options) == 0


def test_consistent_worlds_come_first() -> None:
    game, state, seat = position(2, 4)
    view = state.view(seat)
    fast = HeuristicPlayer(game, 2)
    worlds = consistent_worlds(view, game, Rng(3), 8, fast, evaluations=40)
    counts = [surprises(view, hands(w), fast, game.options) for w in worlds]
    assert counts == sorted(counts)


@pytest.mark.parametrize("budget", [10, 120, 400])
def test_the_budget_holds(budget: int) -> None:
    game, state, seat = position(1, 7)
    sampler = WorldSampler(state.view(seat), game, HeuristicPlayer(game, 1))
    found = sampler.sample(Rng(5), 8, evaluations=budget)
    assert len(found) == 8
    # A chain stops once its share is spent; it may finish the swap under way, and counts its first world
    # (a walk from a consistent world finds it counted already).
    assert sampler.evaluations <= budget + 6 * 8


def test_the_clock_stops_the_chains_after_one_world() -> None:
    game, state, seat = position(2, 4)
    sampler = WorldSampler(state.view(seat), game, HeuristicPlayer(game, 2))
    found = sampler.sample(Rng(5), 8, evaluations=400, until=time.perf_counter() - 1.0)
    assert len(found) == 1


def test_table_laws_deal_worlds_too() -> None:
    # Under table laws a revoke is possible, so play shows no void: the worlds keep the rest.
    game, state, seat = position(5, 6, laws="table")
    view = state.view(seat)
    for world in consistent_worlds(view, game, Rng(2), 3, HeuristicPlayer(game, 5), evaluations=150):
        held = hands(world)
        assert Counter(held[seat]) == Counter(view.hand)
        assert [len(h) for h in held] == [len(h) for h in hands(state)]
