"""parlour's games in OpenSpiel (``parlour.openspiel``): registered on import, each passes OpenSpiel's own
``random_sim_test`` (serialisation included), and OpenSpiel's algorithms play them: MCTS and IS-MCTS
from ``open_spiel.python``. (OpenSpiel 2.0.2's C++ MCTS bot crashes on every game written in Python,
its own ``python_tic_tac_toe`` included, so it is not tried here.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.extras import ADAPTER_SHORT, GAMES, require

require("pyspiel", "open-spiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import parlour.openspiel as pos  # noqa: E402


def short(name: str, **more: Any) -> Any:
    return pos.load(name, **ADAPTER_SHORT[name], **more)


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for name in GAMES:
        assert pos.short_name(name) in names
    assert pos.short_name("bishops-whist") == "parlour_bishops_whist"


def test_load_by_string() -> None:
    game = pyspiel.load_game("parlour_bishops_whist(rng_seed=3)")
    assert game.num_players() == 4
    assert game.get_parameters()["rng_seed"] == 3 and game.get_parameters()["hand_limit"] == 200
    game_type = game.get_type()
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
    lansquenet = pyspiel.load_game("parlour_lansquenet(players=3,stake=20,returns=points)")
    assert lansquenet.num_players() == 3
    assert (lansquenet.min_utility(), lansquenet.max_utility()) == (-20.0, 40.0)
    assert lansquenet.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("name", GAMES)
def test_random_sim(name: str) -> None:
    """OpenSpiel's own test of a game: legal actions, clones, serialisation, observations, returns
    within bounds and summing as declared, the length within ``max_game_length``."""
    pyspiel.random_sim_test(short(name, rng_seed=1), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["bishops-whist", "lansquenet"])
def test_random_sim_points_of_one_hand(name: str) -> None:
    pyspiel.random_sim_test(short(name, hands=1, returns="points"), num_sims=2, serialize=True, verbose=False)


def deal(state: Any, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))


@pytest.mark.parametrize("name", GAMES)
def test_mcts_and_ismcts_play(name: str) -> None:
    """IS-MCTS (resampling through the determinizer) and MCTS (random rollouts) take turns for a few
    moves of the first hand; each picks a legal action."""
    game = short(name, hands=1, rng_seed=2)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
        if seat % 2 == 0
        else mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False)
        for seat in range(game.num_players())
    ]
    state = game.new_initial_state()
    deal(state, rng)
    for _ in range(8):
        if state.is_terminal():
            break
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_ismcts_plays_a_whole_match() -> None:
    game = short("open-tarock", rng_seed=3)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
    state = game.new_initial_state()
    deal(state, rng)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_resample_keeps_what_the_seat_knows() -> None:
    game = short("bezique", rng_seed=5)
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    deal(state, rng)
    for _ in range(20):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    world = state.resample_from_infostate(seat, sampler)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.observation_string(seat) == state.observation_string(seat)
    assert world.legal_actions() == state.legal_actions()
    assert str(world) != str(state)  # the other hand, and the stock, are drawn afresh


def test_strings_and_tensors() -> None:
    game = short("bishops-whist", rng_seed=6)
    state = game.new_initial_state()
    deal(state, np.random.RandomState(6))
    seat = state.current_player()
    view = state.episode.state.view(seat)
    assert f'"seat":{seat}' in state.observation_string(seat)
    assert all(card in state.observation_string(seat) for card in view.hand)
    assert state.information_state_string(seat).endswith(state.observation_string(seat))
    tensor = np.asarray(state.observation_tensor(seat), np.float32)
    assert tensor.shape == (int(np.prod(game.observation_tensor_shape())),)
    expected = state.episode.state.observation_tensor(seat)
    assert np.array_equal(tensor, np.asarray(expected, np.float32).ravel())
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    assert game.make_observer(public, {}) is not None  # through OpenSpiel's C++ side too
    spectator = make_observation(game, public)
    spectator.set_from(state, seat)
    assert '"seat":null' in spectator.string_from(state, seat)
    assert np.array_equal(spectator.tensor, state.episode.state.observation_tensor(None))
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None
    assert recall.string_from(state, seat) == state.information_state_string(seat)


def test_serialisation_round_trip() -> None:
    game = short("roquet", rng_seed=7)
    state = game.new_initial_state()
    rng = np.random.RandomState(7)
    deal(state, rng)
    for _ in range(5):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state) and state2.history() == state.history()
    assert state2.legal_actions() == state.legal_actions()


def test_returns_are_zero_until_the_end() -> None:
    game = short("bishops-whist", rng_seed=8)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.returns() == [0.0] * 4
    assert len(state.chance_outcomes()) == pos.SEED_OUTCOMES


def test_ismcts_plays_a_parlour_seat_as_a_yardstick() -> None:
    """OpenSpiel's IS-MCTS at a seat of a parlour match (how the players' strength is measured):
    legal moves, the same choice from the same seed at a budget of simulations, and the state it is
    handed left as it was."""
    import parlour
    from parlour.duplicate import duplicate

    game = parlour.make("open-tarock")
    state = game.new(seed=4)
    for _ in range(3):
        seat = state.current_player
        assert seat is not None
        before = state.to_json()
        first = pos.ISMCTSPlayer(game, 5, simulations=20).choose_state(state, seat)
        assert state.to_json() == before
        assert pos.ISMCTSPlayer(game, 5, simulations=20).choose_state(state, seat) == first
        state.apply(first, seat=seat)

    def yardstick(g: Any, seed: int) -> pos.ISMCTSPlayer:
        return pos.ISMCTSPlayer(g, seed, simulations=8)

    result = duplicate("open-tarock", yardstick, deals=1, seats=[1])
    assert result.deals == 1 and result.candidate_moves > 0


def test_ismcts_on_a_clock_too_short_for_a_simulation_still_chooses() -> None:
    """At equal time with a fast parlour player (Roquet's take a few milliseconds a move), IS-MCTS may
    have no time at all: it still runs the two simulations a policy needs, and plays a legal card."""
    import parlour

    game = parlour.make("roquet")
    state = game.new(seed=2)
    for _ in range(4):
        seat = state.current_player
        assert seat is not None
        action = pos.ISMCTSPlayer(game, 1, seconds=0.0).choose_state(state, seat)
        assert action in state.legal_actions()
        state.apply(action, seat=seat)
