"""Roquet's candidate for the leads while the stock lasts (``RoquetSearch``'s ``lead_worlds`` and
``lead_depth``, ``strength_roquet.py --stock-leads``): it spends its larger budget only there, is
legal, comes again with its seed and sees only its view and the determinizer; and the regret
benchmark's ``--leads`` keeps only those leads, with their positions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import parlour
from parlour.games.roquet.inference import HandReader
from parlour.games.roquet.players import STRONG, STRONG_READER, RoquetHeuristic
from parlour.games.roquet.rules import RoquetGame, RoquetState
from parlour.games.roquet.search import RoquetSearch
from parlour.players import make_player
from tests.strength_support import benchmark, unseen_swapped


def game() -> RoquetGame:
    g = parlour.make("roquet")
    assert isinstance(g, RoquetGame)
    return g


def candidate(seed: int, worlds: int = 5, depth: int = 3) -> RoquetSearch:
    """The ``strong`` level with a larger search of its leads while the stock lasts (small budgets:
    the tests are about where the budget goes, not how well it plays)."""
    return RoquetSearch(
        seed, **STRONG, reader=HandReader(**STRONG_READER), lead_worlds=worlds, lead_depth=depth
    )


def is_lead(state: RoquetState) -> bool:
    return state.phase == "play" and not state.trick


def positions(count: int, want: Callable[[RoquetState], bool], first: int = 0) -> list[RoquetState]:
    """Positions of heuristic play with two or more cards to choose from that ``want`` accepts."""
    g = game()
    out: list[RoquetState] = []
    for seed in range(first, first + 200):
        state = g.new(seed=seed)
        heuristic = RoquetHeuristic(seed)
        skip = seed % 5
        while state.current_player is not None and state.hand_number == 1:
            if state.phase == "play" and len(state.legal_actions()) > 1 and want(state):
                if not skip:
                    out.append(state)
                    break
                skip -= 1
            state.apply(heuristic.choose(state.view(state.current_player), g))
        if len(out) == count:
            break
    assert len(out) == count
    return out


def stock_leads(count: int, first: int = 0) -> list[RoquetState]:
    return positions(count, lambda s: is_lead(s) and s.stock_left() > 0, first)


def test_the_larger_budget_is_spent_only_on_leads_while_the_stock_lasts() -> None:
    g = game()
    for state in stock_leads(3):
        player = candidate(1, worlds=5)
        player.choose(state.view(state.current_player), g)
        assert player.playouts == 5
    follows = positions(2, lambda s: not is_lead(s) and s.stock_left() > 0)
    late_leads = positions(2, lambda s: is_lead(s) and s.stock_left() == 0)
    for state in follows + late_leads:
        view = state.view(state.current_player)
        player = candidate(1, worlds=5)
        assert player.choose(view, g) == make_player("strong", g, 1).choose(view, g)
        assert player.playouts == STRONG["worlds"]


def test_a_third_trick_changes_what_the_search_sees() -> None:
    """Depth 3 searches more positions than depth 2 in the same worlds (the same seed deals them)."""
    g = game()
    for state in stock_leads(3, first=10):
        view = state.view(state.current_player)
        two, three = candidate(4, worlds=4, depth=2), candidate(4, worlds=4, depth=3)
        two.choose(view, g)
        three.choose(view, g)
        assert three.nodes > two.nodes > 0


def test_the_candidate_is_legal_and_comes_again_with_its_seed() -> None:
    g = game()
    for state in stock_leads(4, first=30):
        view = state.view(state.current_player)
        first, second = candidate(7), candidate(7)
        advice = first.advise(view, g)
        assert advice.action in view.legal_actions and advice.reason
        assert second.choose(view, g) == advice.action


def test_a_whole_hand_is_legal_and_comes_again() -> None:
    g = game()

    def play(seed: int) -> list[str]:
        state = g.new(seed=seed)
        players: list[RoquetSearch | RoquetHeuristic] = [candidate(seed + 1, worlds=4), RoquetHeuristic(seed)]
        actions = []
        while state.current_player is not None and state.hand_number == 1:
            view = state.view(state.current_player)
            action = players[state.current_player].choose(view, g)
            assert action in view.legal_actions
            state.apply(action)
            actions.append(action)
        return actions

    assert play(3) == play(3)


def test_the_candidate_sees_only_its_view() -> None:
    """Two stock leads that differ only in what the leader cannot see (an unknown card of the
    opponent's swapped with one of the stock) give the same view and the same choice."""
    g = game()
    checked = 0
    for state in stock_leads(8, first=50):
        seat = state.current_player
        assert seat is not None
        opp = 1 - seat
        other = unseen_swapped(state)
        if other is None:
            continue
        assert Counter(other.hands[opp]) != Counter(state.hands[opp])
        a, b = state.view(seat), other.view(seat)
        assert a.hand == b.hand and a.legal_actions == b.legal_actions
        first, second = candidate(6), candidate(6)
        assert first.choose(a, g) == second.choose(b, g)
        assert first.nodes == second.nodes
        checked += 1
    assert checked >= 3


def test_the_regret_benchmark_keeps_only_the_stock_leads_with_their_positions() -> None:
    regret = benchmark("roquet_regret")
    rows = regret.play_deal((0, 2026, "heuristic", False, False, True))
    assert rows
    for row in rows:
        assert row["kind"] == "lead" and row["stock"]
        position = row["position"]
        assert len(position["hand"]) == row["cards"] and position["stock_left"] > 0
        assert row["chosen"].split()[1] in position["hand"]


def test_the_benchmarks_factory_is_the_candidate() -> None:
    factory = benchmark("strength_roquet").StrongLeads(24, 3)
    player = factory(game(), 5)
    assert isinstance(player, RoquetSearch)
    assert (player.lead_worlds, player.lead_depth, player.worlds, player.depth) == (24, 3, 12, 2)
    assert factory.__name__ == "strong-leads(24,3)"


def test_a_king_led_into_a_trump_is_named_so() -> None:
    """``lead_kinds`` of a plain king led where the hand cheat's best was a low club, the opponent
    holding a trump and no higher spade: higher than the best, taken only by trumping."""
    regret = benchmark("roquet_regret")
    position: dict[str, Any] = {
        "hand": ["KS", "3C", "9C"],
        "opponent": ["2H", "5D", "QS"],
        "trump": "H",
        "livret": ["9D"],
        "turn_up": None,
    }
    row: dict[str, Any] = {
        "chosen": "play KS",
        "heuristic": True,
        "hands": {"play KS": -3.0, "play 3C": 2.0},
        "position": position,
    }
    kinds = regret.lead_kinds(row)
    assert kinds["versus the best"] == "higher than the best, both trumps or both plain"
    assert kinds["the opponent could take it"] and kinds["only by trumping"]
    assert kinds["a queen, king or castle"] and not kinds["a trump"]
    assert kinds["the best card in another suit"] and kinds["the heuristic's card"]
    assert not kinds["it broke a ready combination"]
    position["opponent"] = ["2H", "CS", "5D"]  # a castle of spades takes it in suit
    assert not regret.lead_kinds(row)["only by trumping"]
    row["chosen"] = "play 3C"
    assert regret.lead_kinds(row)["versus the best"] == "the best card"
    table = regret.lead_table([row | {"hand_regret": 0.0}])
    assert table["the best card"]["choices"] == 1
