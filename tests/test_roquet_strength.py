"""The Roquet levels and the searching player: legal, reproducible, bounded in worlds, with reasons;
and the search's model of a trick agrees with the rules."""

from __future__ import annotations

import pytest

import parlour
from parlour.engine import Rng
from parlour.games.roquet import players as roquet_players
from parlour.games.roquet.players import PLAYERS, best_plan
from parlour.games.roquet.rules import RoquetGame, RoquetState, canonical
from parlour.games.roquet.search import CheatingRoquet, HandCheatingRoquet, RoquetSearch
from parlour.games.roquet.solver import CARD_NAMES, Solver, best_melds, card_id, cards_of, mask_of, world_of
from parlour.players import LEVELS, Advisor, Timed, make_player
from tests.conformance import random_moves


def game() -> RoquetGame:
    g = parlour.make("roquet")
    assert isinstance(g, RoquetGame)
    return g


def positions(count: int, *, play_only: bool = True) -> list[RoquetState]:
    """Seeded positions from random play, a card to play at each (or any decision)."""
    g = game()
    out: list[RoquetState] = []
    for seed in range(40):
        state = g.new(seed=seed)
        random_moves(state, g, 7 + 9 * seed % 50, seed=seed)
        if state.current_player is None or (play_only and state.phase != "play"):
            continue
        out.append(state)
        if len(out) == count:
            break
    return out


def small(seed: int = 0, worlds: int = 3) -> RoquetSearch:
    return RoquetSearch(seed, worlds=worlds, depth=2)


def test_every_level_is_a_kind() -> None:
    for level in LEVELS:
        assert level in PLAYERS
    assert {"heuristic", "greedy"} <= set(PLAYERS)


def test_every_level_chooses_a_legal_action() -> None:
    g = game()
    for state in positions(3, play_only=False):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        for level in LEVELS:
            player = make_player(level, g, seed=1)
            assert player.choose(view, g) in view.legal_actions


def test_meld_moments_are_answered_legally() -> None:
    g = game()
    seen = 0
    for seed in range(30):
        state = g.new(seed=seed)
        random_moves(state, g, 5 + seed, seed=seed)
        if state.phase != "meld":
            continue
        seat = state.current_player
        assert seat is not None
        advice = small(seed).advise(state.view(seat), g)
        assert advice.action in state.legal_actions() and advice.reason
        seen += 1
    assert seen >= 1


def test_same_seed_same_choice() -> None:
    g = game()
    for state in positions(3):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert small(7).choose(view, g) == small(7).choose(view, g)


def test_the_budget_is_worlds() -> None:
    g = game()
    state = next(s for s in positions(6) if len(s.legal_actions()) > 1)
    seat = state.current_player
    assert seat is not None
    player = small(worlds=4)
    player.choose(state.view(seat), g)
    assert player.playouts == 4
    assert player.nodes > 0


def test_advise_chooses_as_choose_does_and_says_why() -> None:
    g = game()
    for state in positions(3):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        advice = small(3).advise(view, g)
        assert advice.action == small(3).choose(view, g)
        assert advice.reason.strip()
    strong = make_player("strong", g, 0)
    assert isinstance(strong, Advisor) and isinstance(strong, Timed)


def test_limit_time_stops_after_one_world() -> None:
    g = game()
    state = next(s for s in positions(6) if len(s.legal_actions()) > 1)
    seat = state.current_player
    assert seat is not None
    player = RoquetSearch(0, worlds=1000, depth=1)
    player.limit_time(0.0)
    assert player.choose(state.view(seat), g) in state.legal_actions()
    assert player.playouts == 1


def test_the_cheat_plays_legally() -> None:
    for state in positions(2):
        seat = state.current_player
        assert seat is not None
        assert CheatingRoquet(0, depth=1).choose_state(state, seat) in state.legal_actions()


def test_the_hand_cheat_knows_the_hands_not_the_stocks_order() -> None:
    """Its worlds hold the true hands, livret, turn-up and the stock's true cards, in an order that
    matches the true one no better than chance, the same for the same seed."""
    state = game().new(seed=3)
    assert state.phase == "play"
    truth = world_of(state)
    assert len(truth.stock) > 10
    worlds = [HandCheatingRoquet(5).sample(state) for _ in range(2)]
    assert worlds[0] == worlds[1]
    cheat = HandCheatingRoquet(7)
    same_place = 0
    for _ in range(40):
        w = cheat.sample(state)
        assert (w.hands, w.livret, w.turn_up, w.leader, w.led) == (
            truth.hands,
            truth.livret,
            truth.turn_up,
            truth.leader,
            truth.led,
        )
        assert sorted(w.stock) == sorted(truth.stock)
        same_place += sum(a == b for a, b in zip(w.stock, truth.stock, strict=True))
    assert same_place <= 40 * 4  # chance puts one card a world in its true place, on average
    assert [c for c in state.stock] == [CARD_NAMES[c] for c in truth.stock]  # the state is untouched


def test_the_hand_cheat_plays_legally_and_counts_its_worlds() -> None:
    for state in positions(2):
        seat = state.current_player
        assert seat is not None
        cheat = HandCheatingRoquet(3, worlds=3, depth=1)
        action = cheat.choose_state(state, seat)
        assert action in state.legal_actions()
        assert cheat.playouts == (3 if len(state.legal_actions()) > 1 else 0)
        assert HandCheatingRoquet(3, worlds=3, depth=1).choose_state(state, seat) == action


@pytest.mark.parametrize("options", [{}, {"refill": "one", "livret_refill": True, "melds_per_trick": "one"}])
def test_the_model_plays_a_trick_as_the_rules_do(options: dict[str, object]) -> None:
    """Whole hands: each trick played in the model and by the rules (the winner laying down what the
    model lays down) leaves the same hands, livret, turn-up, stock and points."""
    g = RoquetGame(**options)
    rng = Rng(11)
    tricks = 0
    for seed in range(3):
        state = g.new(seed=seed)
        hand = state.hand_number
        while state.hand_number == hand and not state.is_over:
            assert state.phase == "play" and not state.trick
            world = world_of(state)
            solver = Solver(g, world, 0)
            leader = state.leader
            led = rng.choice(state.legal_actions())
            state.apply(led)
            answer = rng.choice(state.legal_actions())
            state.apply(answer)
            w0, w1 = world.hands
            h0, h1, liv, tu, pos, winner, points = solver.trick(
                w0, w1, world.livret, world.turn_up, 0, leader, card_id(led[5:]), card_id(answer[5:])
            )
            banked = state.banked[winner]
            phase: str = state.phase
            if phase == "meld":
                hand_mask, table_mask = mask_of(state.hands[winner]), mask_of(state.table_cards())
                _, used = best_melds(hand_mask, table_mask, g.max_sequence, g.one_meld_a_trick)
                _, plan = best_plan(
                    cards_of(used & hand_mask),
                    cards_of(used & table_mask),
                    g.max_sequence,
                    g.one_meld_a_trick,
                )
                for meld in plan:
                    state.apply("meld " + " ".join(canonical(meld)))
                if "done" in state.legal_actions():
                    state.apply("done")
            assert state.banked[winner] - banked == points
            tricks += 1
            if state.hand_number != hand or state.is_over:
                break
            assert mask_of(state.hands[0]) == h0 and mask_of(state.hands[1]) == h1
            assert mask_of(state.livret) == liv
            assert (card_id(state.turn_up) if state.turn_up is not None else -1) == tu
            assert [card_id(c) for c in state.stock] == list(world.stock[pos:])
    assert tricks > 30
    assert CARD_NAMES[card_id("CS")] == "CS"


def test_heuristic_still_plays() -> None:
    g = game()
    state = positions(1)[0]
    seat = state.current_player
    assert seat is not None
    assert roquet_players.RoquetHeuristic(0).choose(state.view(seat), g) in state.legal_actions()
