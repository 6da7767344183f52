"""Roquet's player judged by heuristic playouts (``playout.RoquetPlayout``, issue 14): its playouts
choose as the heuristic does on views, its choices are legal, come again with the seed, are bounded in
worlds and see only the view; the benchmark's playout cheats play legally."""

from __future__ import annotations

import parlour
from parlour.engine import Rng
from parlour.games.roquet.inference import HandReader
from parlour.games.roquet.players import RoquetHeuristic, unseen_cards
from parlour.games.roquet.playout import (
    FieldHeuristic,
    HandPlayoutCheat,
    PlayoutCheat,
    RoquetPlayout,
    unseen_of,
)
from parlour.games.roquet.rules import RoquetGame, RoquetState
from tests.conformance import random_moves
from tests.strength_support import unseen_swapped


def game() -> RoquetGame:
    g = parlour.make("roquet")
    assert isinstance(g, RoquetGame)
    return g


def positions(count: int, *, play_only: bool = False) -> list[RoquetState]:
    """Seeded positions from random play, a decision with a choice at each."""
    g = game()
    out: list[RoquetState] = []
    for seed in range(200):
        state = g.new(seed=seed)
        random_moves(state, g, 5 + 7 * seed % 45, seed=seed)
        if state.current_player is None or len(state.legal_actions()) < 2:
            continue
        if play_only and state.phase != "play":
            continue
        out.append(state)
        if len(out) == count:
            break
    return out


def meld_moments(count: int) -> list[RoquetState]:
    """Positions where the trick's winner may lay something down (a choice of combinations and done)."""
    g = game()
    out: list[RoquetState] = []
    for seed in range(300):
        state = g.new(seed=seed)
        heuristic = RoquetHeuristic(seed)
        while state.current_player is not None and state.hand_number == 1:
            seat = state.current_player
            if state.phase == "meld" and len(state.legal_actions()) > 1:
                out.append(state)
                break
            state.apply(heuristic.choose(state.view(seat), g))
        if len(out) == count:
            break
    return out


def test_the_playouts_heuristic_chooses_as_the_heuristic_on_the_view() -> None:
    """``FieldHeuristic`` reads the state's fields where the heuristic reads the view: the same
    actions, random tie-breaks included, over whole hands of the heuristic against itself."""
    g = game()
    decisions = melds = 0
    for seed in range(6):
        state = g.new(seed=seed)
        players = [RoquetHeuristic(seed), RoquetHeuristic(seed + 100)]
        while state.current_player is not None and state.hand_number == 1:
            seat = state.current_player
            view = state.view(seat)
            assert unseen_of(state, seat) == unseen_cards(view)
            field = FieldHeuristic(0)
            field.rng = players[seat].rng.copy()
            action = players[seat].choose(view, g)
            assert field.choose_on(state, seat) == action
            decisions += 1
            melds += state.phase == "meld"
            state.apply(action)
    assert decisions > 100 and melds > 5


def test_a_playout_plays_the_hand_out_as_the_heuristic_would_on_views() -> None:
    """A playout's margin is the hand's: the action, then the heuristic at both seats (one source of
    tie-breaks), played on views to the hand's end, gives the same points."""
    g = game()
    for state in positions(4):
        seat = state.current_player
        assert seat is not None
        player = RoquetPlayout(1)
        action = state.legal_actions()[-1]
        player.rollout.rng = Rng(5)
        got = player.playout(state.clone(), action, seat)
        again = state.clone()
        again.apply(action)
        heuristic = RoquetHeuristic(0)
        heuristic.rng = Rng(5)
        hand = again.hand_number
        while again.hand_number == hand and again.current_player is not None:
            to_move = again.current_player
            again.apply(heuristic.choose(again.view(to_move), g))
        a, b = again.sheet[-1]
        assert got == (a - b if seat == 0 else b - a)


def test_every_choice_is_legal_cards_and_meld_moments() -> None:
    g = game()
    states = positions(4) + meld_moments(3)
    assert any(s.phase == "meld" for s in states)
    for state in states:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        for player in (
            RoquetPlayout(2, worlds=3),
            RoquetPlayout(2, worlds=3, horizon=2),
            RoquetPlayout(2, worlds=3, z=2.0),
            RoquetPlayout(2, worlds=3, reader=HandReader()),
        ):
            advice = player.advise(view, g)
            assert advice.action in view.legal_actions
            assert advice.reason


def test_the_same_seed_gives_the_same_choice() -> None:
    g = game()
    for state in positions(4):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        first = RoquetPlayout(7, worlds=4)
        second = RoquetPlayout(7, worlds=4)
        assert first.choose(view, g) == second.choose(view, g)
        assert first.means == second.means


def test_the_budget_is_worlds_and_every_action_is_played_out_in_each() -> None:
    g = game()
    state = positions(1, play_only=True)[0]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    player = RoquetPlayout(3, worlds=5)
    player.choose(view, g)
    assert player.worlds_done == 5
    assert player.playouts == 5 * len(view.legal_actions)
    assert set(player.means) == set(view.legal_actions)


def test_it_sees_only_its_view() -> None:
    """Two states that differ only in what the seat cannot see (an unknown card of the opponent's
    swapped with one of the stock) give the same view and the same choice."""
    g = game()
    checked = 0
    for state in positions(12, play_only=True):
        seat = state.current_player
        assert seat is not None
        opp = 1 - seat
        other = unseen_swapped(state)
        if other is None:
            continue
        assert other.hands[opp] != state.hands[opp]
        a, b = state.view(seat), other.view(seat)
        assert a.hand == b.hand and a.legal_actions == b.legal_actions
        assert RoquetPlayout(4, worlds=4).choose(a, g) == RoquetPlayout(4, worlds=4).choose(b, g)
        checked += 1
    assert checked >= 3


def test_a_huge_z_plays_the_heuristics_action() -> None:
    g = game()
    for state in positions(4, play_only=True):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert RoquetPlayout(5, worlds=3, z=1e9).choose(view, g) == RoquetHeuristic(5).choose(view, g)


def test_the_playout_cheats_play_legally() -> None:
    for state in positions(3) + meld_moments(2):
        seat = state.current_player
        assert seat is not None
        before = state.hands
        assert PlayoutCheat(1, worlds=1).choose_state(state, seat) in state.legal_actions()
        cheat = HandPlayoutCheat(1, worlds=3)
        assert cheat.choose_state(state, seat) in state.legal_actions()
        assert cheat.worlds_done == 3
        assert state.hands == before  # the true state is not touched


def test_pruning_plays_out_fewer_and_keeps_the_heuristics_action_in() -> None:
    g = game()
    for state in positions(3, play_only=True):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        full = RoquetPlayout(6, worlds=24, z=2.0)
        pruned = RoquetPlayout(6, worlds=24, z=2.0, prune=1.0)
        assert pruned.choose(view, g) in view.legal_actions
        full.choose(view, g)
        assert pruned.worlds_done == full.worlds_done == 24
        assert pruned.playouts <= full.playouts == 24 * len(view.legal_actions)
        assert len(pruned.means) == len(view.legal_actions)
        # the heuristic's action is never pruned: it was played out in every world
        assert RoquetHeuristic(6).choose(view, g) in pruned.means
