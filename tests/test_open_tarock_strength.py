"""The open tarock levels: legal, reproducible, bounded in positions, with reasons and a clock at a
table; the cheat used for measurement searches the true cards and plays legally."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.open_tarock.players import PLAYERS, CheatingTarock, SearchPlayer
from parlour.games.open_tarock.rules import OpenTarock, OpenTarockState
from parlour.players import LEVELS, Advisor, Timed, make_player
from tests.conformance import random_moves


def game(**options: Any) -> OpenTarock:
    g = parlour.make("open-tarock", **options)
    assert isinstance(g, OpenTarock)
    return g


def positions(count: int) -> list[OpenTarockState]:
    """Seeded positions from random play with more than one legal move."""
    g = game()
    out: list[OpenTarockState] = []
    for seed in range(40):
        state = g.new(seed=seed)
        assert isinstance(state, OpenTarockState)
        random_moves(state, g, 3 + 7 * seed % 40, seed=seed)
        if state.current_player is None or len(state.legal_actions()) < 2:
            continue
        out.append(state)
        if len(out) == count:
            break
    return out


def small(seed: int = 0) -> SearchPlayer:
    return SearchPlayer(seed, nodes=300, cap=900, samples=(3, 2, 1))


def test_every_level_is_a_kind() -> None:
    for level in LEVELS:
        assert level in PLAYERS
    assert {"greedy", "heuristic", "search", "search-fast"} <= set(PLAYERS)


def test_every_level_chooses_a_legal_action() -> None:
    g = game()
    for state in positions(2):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        for level in LEVELS:
            player = make_player(level, g, seed=1)
            if isinstance(player, SearchPlayer):
                player.node_budget, player.node_cap = 2_000, 6_000  # the levels' search, kept quick
            assert player.choose(view, g) in view.legal_actions


def test_same_seed_same_choice() -> None:
    g = game()
    for state in positions(3):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert small(5).choose(view, g) == small(5).choose(view, g)


def test_the_budget_is_positions() -> None:
    g = game()
    for state in positions(3):
        seat = state.current_player
        assert seat is not None
        player = small()
        player.choose(state.view(seat), g)
        assert 0 < player.nodes <= player.node_cap


def test_advise_chooses_as_choose_does_and_says_why() -> None:
    g = game()
    for state in positions(3):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        advice = small(2).advise(view, g)
        assert advice.action == small(2).choose(view, g)
        assert advice.reason.strip()
        card = advice.action.split()[1]
        assert g.card_pack.pretty(card) in advice.reason
    strong = make_player("strong", g, 0)
    assert isinstance(strong, Advisor) and isinstance(strong, Timed)


def test_limit_time_adds_a_clock() -> None:
    g = game()
    state = positions(1)[0]
    seat = state.current_player
    assert seat is not None
    player = SearchPlayer(0, nodes=10**9, cap=10**9)
    player.limit_time(0.05)
    assert player.choose(state.view(seat), g) in state.legal_actions()
    assert player.nodes < 10**9
    player.limit_time(None)
    assert player.seconds is None


def test_the_cheat_plays_legally_and_sees_the_true_cards() -> None:
    for state in positions(2):
        seat = state.current_player
        assert seat is not None
        cheat = CheatingTarock(0, nodes=500, cap=1_500)
        assert cheat.choose_state(state, seat) in state.legal_actions()
        stacks: Any = state.stacks
        assert [len(s) for s in cheat.true_stacks[0]] == [len(s) for s in stacks[0]]
