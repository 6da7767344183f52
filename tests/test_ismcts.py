"""The generic information-set MCTS (``parlour.engine.ismcts``): legal, reproducible, within its
budget, blind to the true state, and right where the answer is known.

Strength lives in the games' notes (``strength.md``); these tests only check the player's contract.
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.engine import Game, Rng, State
from parlour.engine.ismcts import ISMCTS, player_policy, points_gained
from parlour.engine.views import View
from parlour.games.roquet.rules import RoquetState
from parlour.games.roquet.tree import POLICIES, HandValue, RoquetTree
from tests.conformance import random_moves
from tests.toy_game import ToyTricks, rank

GAMES = [info.name for info in parlour.list_games()]


def position(game: Game[Any], seed: int, moves: int) -> State:
    """A seeded position some way into a match, at a seat's turn with a choice to make."""
    state: State = game.new(seed=seed)
    random_moves(state, game, moves, seed)
    rng = Rng(seed)
    while not state.is_over and len(state.legal_actions()) + len(state.legal_ranges()) < 2:
        state.apply_id(rng.choice(state.legal_action_ids()))
    assert not state.is_over and state.current_player is not None
    return state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_legal_reproducible_choice_in_every_game_within_its_budget(name: str, seed: int) -> None:
    game = parlour.make(name)
    state = position(game, seed, 5 + 7 * seed)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    first = ISMCTS(seed, iterations=24, horizon=24)
    action = first.choose(view, game)
    assert state.is_legal(action), f"{name}: {action} is not legal in {view.legal_actions}"
    assert first.done == 24 and first.root is not None
    assert sum(n.visits for n in first.root.children.values()) == 24
    again = ISMCTS(seed, iterations=24, horizon=24)
    assert again.choose(view, game) == action
    assert {a: (n.visits, n.reward) for a, n in again.root.children.items()} == {  # type: ignore[union-attr]
        a: (n.visits, n.reward) for a, n in first.root.children.items()
    }


def test_a_clock_stops_it_after_one_iteration_at_least() -> None:
    game = parlour.make("roquet")
    state = position(game, 3, 10)
    view = state.view(state.current_player)
    player = ISMCTS(3, iterations=10_000)
    player.limit_time(0.0)
    assert state.is_legal(player.choose(view, game))
    assert player.done == 1


def test_it_sees_only_the_view_and_the_worlds_its_sampler_deals() -> None:
    """A sampler that always deals one world (not the truth) is all the search sees: its tree is the
    same whether the true state is the real one or that world itself, and every iteration asked it."""
    game = parlour.make("roquet")
    truth = position(game, 4, 12)
    seat = truth.current_player
    assert seat is not None
    view = truth.view(seat)
    fake = game.determinize(view, Rng(77))
    assert fake.view(seat) == view
    other = 1 - seat
    assert sorted(fake.view(other).hand) != sorted(truth.view(other).hand), "the world must differ"
    calls: list[View[Any]] = []

    def sampler(v: View[Any], g: Game[Any], rng: Rng) -> State:
        calls.append(v)
        world: State = g.determinize(v, Rng(77))
        return world

    trees = []
    for state in (truth, fake):
        player = ISMCTS(9, iterations=40, horizon=12, sampler=sampler)
        player.choose(state.view(seat), game)
        assert player.root is not None
        trees.append({a: (n.visits, n.reward) for a, n in player.root.children.items()})
    assert trees[0] == trees[1]
    assert len(calls) == 80 and all(v == view for v in calls)


class HighCard:
    """A toy heuristic that chooses from the view: its highest legal card."""

    def choose(self, view: View[Any], game: Game[Any]) -> str:
        return max(view.legal_actions, key=lambda a: rank(a.split()[1]))


def toy_position() -> tuple[ToyTricks, State]:
    """Toy Tricks, two tricks left, seat 1 to lead from A♠ and 2♣ (it won the first trick)."""
    game = ToyTricks()
    state = game.new(deal={"hands": [["3D", "5H", "7C"], ["AS", "2C", "9D"]]})
    state.apply("play 9D")
    state.apply("play 3D")
    assert state.current_player == 1
    return game, state


def test_on_a_known_position_it_cashes_the_sure_trick() -> None:
    """Leading the ace takes a trick for certain and the 2♣ still wins the last if the opponent has no
    club (about 1.5 tricks); leading the 2♣ first gives the lead away whenever the opponent has a club,
    and the ace is then stranded behind its lead (about 1.1). The search must lead the ace, with random
    playouts and with a heuristic's."""
    game, state = toy_position()
    view = state.view(1)
    assert ISMCTS(1, iterations=200, c=0.5).choose(view, game) == "play AS"
    heuristic = player_policy(HighCard())
    assert ISMCTS(2, iterations=200, c=0.5, policy=heuristic).choose(view, game) == "play AS"


def test_the_tree_branches_only_where_it_is_told() -> None:
    """With ``branch`` true only at seat 1's turns, seat 0's actions are the policy's and hold no node."""
    game, state = toy_position()
    player = ISMCTS(4, iterations=60, branch=lambda s: s.current_player == 1)
    player.choose(state.view(1), game)
    assert player.root is not None
    stack = list(player.root.children.values())
    assert stack
    while stack:
        node = stack.pop()
        assert node.seat == 1
        stack.extend(node.children.values())
    grown = ISMCTS(4, iterations=60)
    grown.choose(state.view(1), game)
    assert grown.root is not None
    assert any(n.seat == 0 for c in grown.root.children.values() for n in c.children.values())


def test_a_horizon_cuts_the_playout_and_the_evaluation_scores_it() -> None:
    """With a horizon of one action the evaluation passed in scores every iteration (here it favours
    the 2♣), so the choice follows it: the search reads its rewards from what it is given."""
    game, state = toy_position()
    view = state.view(1)
    seen: list[int] = []

    def evaluate(world: State, before: Any) -> list[float]:
        seen.append(1)
        led = world.view(0).trick
        bonus = 1.0 if led is not None and led.cards == ["2C"] else 0.0
        return [0.0, bonus]

    player = ISMCTS(1, iterations=50, horizon=1, evaluate=evaluate)
    assert player.choose(view, game) == "play 2C"
    assert len(seen) == 50
    # Without an evaluation the rewards at the horizon are the points so far.
    assert points_gained(state, [0.0, 0.0]) == [0.0, 1.0]


@pytest.mark.parametrize("policy", POLICIES)
def test_roquets_tree_plays_legally_within_its_budget_and_reproducibly(policy: str) -> None:
    game = parlour.make("roquet")
    state = position(game, 6, 9)
    while state.legal_actions()[0].startswith("meld") or state.legal_actions() == ["done"]:
        state.apply("done")
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    choices = []
    for _ in range(2):
        player = RoquetTree(11, iterations=16, policy=policy, horizon=6)
        advice = player.advise(view, game)
        assert state.is_legal(advice.action) and advice.reason
        assert player.playouts == 16
        choices.append(advice)
    assert choices[0] == choices[1]


def test_roquets_horizon_value_counts_banked_points_and_ready_combinations() -> None:
    game = parlour.make("roquet")
    state = position(game, 6, 9)
    assert isinstance(state, RoquetState)
    banked = [float(b) for b in state.banked]
    assert HandValue(potential=0.0)(state, [0.0, 0.0]) == banked
    with_melds = HandValue(potential=1.0)(state, [0.0, 0.0])
    assert all(v >= b for v, b in zip(with_melds, banked, strict=True))
