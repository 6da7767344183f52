"""The open tarock sampling searcher (``PimcPlayer``): legal, reproducible, bounded in positions, and
exact where nothing is face down (then it must agree with the expectimax search's exact values)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from parlour.cards import TAROCK_54
from parlour.engine import Rng
from parlour.games.open_tarock.players import PimcPlayer, SearchPlayer, reason_for
from parlour.games.open_tarock.rules import OpenTarockState
from parlour.players import describe_player, make_player
from tests.test_open_tarock_strength import game, positions


def small(seed: int = 0, **kw: Any) -> PimcPlayer:
    return PimcPlayer(seed, worlds=4, nodes=800, cap=1_600, **kw)


def test_it_chooses_legally_the_same_move_for_the_same_seed_within_its_budget() -> None:
    g = game()
    for state in positions(4):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        a, b = small(3), small(3)
        move = a.choose(view, g)
        assert move in view.legal_actions
        assert b.choose(view, g) == move and a.last_values == b.last_values
        assert 0 < a.nodes <= a.node_cap
        assert a.last_worlds == 4 and a.last_depth >= 1 and not a.exact


def test_the_budget_is_shared_among_the_deals() -> None:
    """More deals in the same budget search each one less deep, never past the cap."""
    g = game()
    state = positions(1)[0]
    seat = state.current_player
    assert seat is not None
    few = PimcPlayer(0, worlds=2, nodes=4_000, cap=8_000)
    many = PimcPlayer(0, worlds=16, nodes=4_000, cap=8_000)
    few.choose(state.view(seat), g)
    many.choose(state.view(seat), g)
    assert few.nodes <= 8_000 and many.nodes <= 8_000
    assert few.last_depth >= many.last_depth and few.last_worlds == 2 and many.last_worlds == 16


def open_ending(seed: int) -> tuple[OpenTarockState, int]:
    """A position late in an all-face-up deal (every card its own stack), with a choice to make."""
    cards = list(TAROCK_54.cards)
    Rng(seed).shuffle(cards)
    deal = {"dealer": 0, "stacks": [[[c] for c in cards[:27]], [[c] for c in cards[27:]]]}
    g = game(deals=1)
    state = g.new(seed=seed, deal=deal)
    rng = Rng(seed)
    while sum(len(s) for s in state.stacks[0]) > 6 or len(state.legal_actions()) < 2:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    me = state.current_player
    assert me is not None
    return state, me


@pytest.mark.parametrize("seed", range(4))
def test_with_nothing_face_down_it_solves_the_one_true_deal(seed: int) -> None:
    """No card is face down: one deal, solved to the end, to the expectimax search's exact value, and
    every card's value the same with or without the transposition table, and valuing the first trick's
    answers over the deals changes nothing in the one deal there is (the expectimax search
    bounds the cards it shows worse, so only its best value is compared)."""
    state, me = open_ending(seed)
    g = state.game
    view = state.view(me)
    exact = SearchPlayer(0, nodes=10**6, cap=10**7)
    exact.choose(view, g)
    assert exact.exact
    tops = [str(z.cards[0]) if z.cards else "" for z in view.zones_of("stack", me)]
    found = []
    for table, root_trick in ((True, False), (False, False), (True, True)):
        pimc = PimcPlayer(seed, worlds=8, nodes=10**6, cap=10**7, table=table, root_trick=root_trick)
        move = pimc.choose(view, g)
        assert pimc.exact and pimc.last_worlds == 1
        chosen = pimc.last_values[tops.index(move.split()[1])]
        assert chosen == max(pimc.last_values.values()) == max(exact.last_values.values())
        found.append(pimc.last_values)
    assert found[0] == found[1] == found[2]


def test_its_reason_names_the_deals_it_averaged() -> None:
    g = game()
    state = positions(1)[0]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    player = small(2)
    advice = player.advise(view, g)
    assert advice.action == small(2).choose(view, g)
    # since term-13 the figure alone, an average as the levels' notes say: "averaged over 4 deals of the
    # cards still face down" made a hint three lines long at 80 columns
    horizon = r"points? for you against the other player over the next \d+ tricks? or more$"
    assert re.search(horizon, advice.reason), advice.reason
    assert g.card_pack.pretty(advice.action.split()[1]) in advice.reason
    assert reason_for(advice.action, view, g, player) == advice.reason


def test_a_wall_clock_limit_is_an_explicit_opt_in() -> None:
    g = game()
    state = positions(1)[0]
    seat = state.current_player
    assert seat is not None
    player = PimcPlayer(0, worlds=4, nodes=10**9, cap=10**9)
    player.limit_time(0.05)
    assert player.choose(state.view(seat), g) in state.legal_actions()
    assert player.nodes < 10**9
    player.limit_time(None)
    assert player.seconds is None
    with pytest.raises(ValueError):
        PimcPlayer(0, worlds=0)
    with pytest.raises(ValueError):
        PimcPlayer(0, nodes=100, cap=50)


def test_the_levels_are_the_sampling_searcher_and_say_their_budgets() -> None:
    """``normal`` and ``strong`` sample the face-down cards; their sentences follow the budgets; the
    expectimax searchers they replaced stay available by kind."""
    from parlour.games.open_tarock import players

    g = game()
    strong, normal = make_player("strong", g, 0), make_player("normal", g, 0)
    assert isinstance(strong, PimcPlayer) and isinstance(normal, PimcPlayer)
    assert (strong.worlds, strong.node_budget) == (players.STRONG_WORLDS, players.STRONG_NODES)
    assert (normal.worlds, normal.node_budget) == (players.NORMAL_WORLDS, players.NORMAL_NODES)
    assert normal.node_budget < strong.node_budget
    for level, worlds in (("strong", strong.worlds), ("normal", normal.worlds)):
        text = describe_player(g, level)  # in a card player's words since web-13: "8 ways", "16 guesses"
        assert re.search(rf"\b{worlds} (ways|guesses)\b", text), (level, text)
    assert isinstance(make_player("search", g, 0), SearchPlayer)
    assert isinstance(make_player("search-fast", g, 0), SearchPlayer)


def test_the_strong_level_stays_within_its_budget_and_gives_hints() -> None:
    """Bounded in positions (twice 64 000 at most), legal, and the hint's reason is the search's."""
    g = game()
    state = g.new(seed=12)
    player = make_player("strong", g, 1)
    assert isinstance(player, PimcPlayer)
    for _ in range(6):
        seat = state.current_player
        assert seat is not None
        advice = player.advise(state.view(seat), g)
        assert advice.action in state.legal_actions()
        assert player.nodes <= player.node_cap == 2 * player.node_budget
        assert advice.reason.strip()
        state.apply(advice.action)
