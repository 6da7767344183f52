"""Bishops Whist's information-set MCTS candidate (``parlour.games.bishops_whist.tree``): legal, within its
budget, reproducible, blind to the true deal, and right where one card is clearly best.

Its strength is measured in strength.md ("Information-set MCTS"); these tests check the player's contract.
"""

from __future__ import annotations

from typing import Any

from parlour.engine import Game, Rng
from parlour.games.bishops_whist.players import (
    STRONG_FLOOR,
    HeuristicPlayer,
    PlayoutPlayer,
    Table,
    played_to,
)
from parlour.games.bishops_whist.rules import BishopsWhist, BishopsWhistState
from parlour.games.bishops_whist.tree import BishopsWhistTree, ChainWorlds, side_margins

GAME = BishopsWhist()


def stats(player: BishopsWhistTree) -> dict[int, tuple[int, float]]:
    root = player.search.root
    assert root is not None
    return {a: (n.visits, n.reward) for a, n in root.children.items()}


def test_a_legal_reproducible_card_within_its_budget() -> None:
    state = played_to(GAME, 3, 11)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    first = BishopsWhistTree(GAME, 3, iterations=30, worlds=4, chains=200)
    advice = first.advise(view, GAME)
    assert state.is_legal(advice.action), advice.action
    assert first.searched and first.playouts == 30
    assert sum(v for v, _ in stats(first).values()) == 30
    assert "tried most often" in advice.reason  # "searched most" until hints-12
    again = BishopsWhistTree(GAME, 3, iterations=30, worlds=4, chains=200)
    assert again.choose(view, GAME) == advice.action
    assert stats(again) == stats(first)


def test_the_hybrid_leaves_late_decisions_to_the_strong_level() -> None:
    state = played_to(GAME, 5, 5)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    player = BishopsWhistTree(GAME, 5, iterations=30, worlds=4, chains=200, min_cards=7)
    advice = player.advise(view, GAME)
    assert state.is_legal(advice.action)
    assert not player.searched and player.playouts == 0
    level = PlayoutPlayer(
        GAME, 5, worlds=4, chains=200, floor=STRONG_FLOOR, noisy_playouts=False, touching=True
    )
    assert advice == level.advise(view, GAME)


def test_it_sees_only_its_view_and_the_worlds_it_is_handed() -> None:
    """Handed one false world every iteration, the search grows the same tree whether the true deal is
    the real one or that world itself: nothing but the view and the worlds reaches it."""
    truth = played_to(GAME, 4, 10)
    seat = truth.current_player
    assert seat is not None
    view = truth.view(seat)
    fake = GAME.determinize(view, Rng(77))
    assert fake.view(seat) == view
    other = (seat + 1) % 4
    assert sorted(fake.view(other).hand) != sorted(truth.view(other).hand), "the world must differ"

    class OneWorld(ChainWorlds):
        def prepare(self, view: Any, game: Game[Any], until: float | None = None) -> None:
            self.pool, self.next = [fake], 0

    trees = []
    for state in (truth, fake):
        player = BishopsWhistTree(GAME, 9, iterations=40)
        player.worlds = OneWorld(player.strong)
        player.search.sampler = player.worlds
        player.choose(state.view(seat), GAME)
        assert player.worlds.next == 40
        trees.append(stats(player))
    assert trees[0] == trees[1]


def test_the_other_seats_play_the_rules_of_thumb_in_the_tree() -> None:
    """With one world, each other seat's node below a card of the root is the rules of thumb's card there."""
    truth = played_to(GAME, 6, 10)
    seat = truth.current_player
    assert seat is not None
    view = truth.view(seat)
    world = GAME.determinize(view, Rng(5))

    class OneWorld(ChainWorlds):
        def prepare(self, view: Any, game: Game[Any], until: float | None = None) -> None:
            self.pool, self.next = [world], 0

    player = BishopsWhistTree(GAME, 2, iterations=60)
    player.worlds = OneWorld(player.strong)
    player.search.sampler = player.worlds
    player.choose(view, GAME)
    root = player.search.root
    assert root is not None
    rules = HeuristicPlayer(GAME, 0)
    for action, node in root.children.items():
        after = world.clone()
        after.apply_id(action)
        mover = after.current_player
        assert mover is not None and mover != seat
        table = Table.in_world(after, mover, GAME.options)
        expected = GAME.action_id(f"play {rules.card(table, table.lawful())}")
        assert set(node.children) == {expected}
        assert node.children[expected].seat == mover


def test_partners_share_their_side_s_margin() -> None:
    state = played_to(GAME, 1, 12)
    before = list(state.scores)
    after = state.clone()
    side = state.team_of[0]
    after.match[side] += 3
    after.match[1 - side] += 1
    margins = side_margins(after, before)
    partner = next(s for s in range(1, 4) if state.team_of[s] == side)
    assert margins[0] == margins[partner] == 2.0
    assert all(margins[s] == -2.0 for s in range(4) if state.team_of[s] != side)


def clear_position() -> tuple[BishopsWhistState, str]:
    """Seeded positions at four cards in hand, the first where, played out by the rules of thumb on the
    true deal, one card ends at least three points above every other: the true deal is the only world."""
    for seed in range(40):
        state = played_to(GAME, seed, 4)
        seat = state.current_player
        assert seat is not None
        values = {}
        for action in state.legal_actions():
            world = state.clone()
            world.apply(action, seat=seat)
            before = list(state.scores)
            rules = HeuristicPlayer(GAME, 0)
            while world.hand_number == state.hand_number and not world.is_over:
                mover = world.current_player
                assert mover is not None
                world.apply(rules.choose(world.view(mover), GAME), seat=mover)
            values[action] = side_margins(world, before)[seat]
        if len(values) > 1:
            best = max(values, key=lambda a: values[a])
            if all(values[best] - v >= 3 for a, v in values.items() if a != best):
                return state, best
    raise AssertionError("no clear position among the seeds")


def test_it_finds_the_card_that_is_clearly_best() -> None:
    state, best = clear_position()
    seat = state.current_player
    assert seat is not None

    class TrueWorld(ChainWorlds):
        def prepare(self, view: Any, game: Game[Any], until: float | None = None) -> None:
            self.pool, self.next = [state], 0

    player = BishopsWhistTree(GAME, 1, iterations=60)
    player.worlds = TrueWorld(player.strong)
    player.search.sampler = player.worlds
    assert player.choose(state.view(seat), GAME) == best
