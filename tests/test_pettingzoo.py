"""parlour's games in PettingZoo and Gymnasium (``parlour.pettingzoo``): each game's AEC environment
passes PettingZoo's ``api_test`` and ``seed_test``, and its one-seat environment Gymnasium's
``check_env``; rewards are the episode's returns, and an illegal action is refused (AEC) or ends the
episode with the worst reward (Gymnasium)."""

from __future__ import annotations

import warnings

import pytest

from tests.extras import ADAPTER_SHORT, GAMES, require

require("pettingzoo", "pettingzoo")
require("gymnasium", "pettingzoo")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import parlour.pettingzoo as ppz  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_api(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # advice for image observations
        api_test(ppz.env(name, **ADAPTER_SHORT[name]), num_cycles=40)


@pytest.mark.parametrize("name", GAMES)
def test_seed(name: str) -> None:
    options = ADAPTER_SHORT[name]
    seed_test(lambda: ppz.env(name, **options), num_cycles=40)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # a spec and infinite bounds, which it only advises on
        check_env(ppz.gym_env(name, **ADAPTER_SHORT[name]), skip_render_check=True)


def test_a_whole_episode_by_masks() -> None:
    """Every seat picks among its mask; the rewards at the end are the episode's returns."""
    env = ppz.env("bishops-whist", hand_limit=1)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].dtype == np.float32 and mask.dtype == np.int8
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert sorted(totals.values()) == [-1.0, -1.0, 1.0, 1.0] or set(totals.values()) == {0.0}


def test_aec_refuses_an_illegal_action() -> None:
    env = ppz.env("roquet", target=1)
    env.reset(seed=2)
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    assert env.last()[0]["action_mask"].tolist() == observation["action_mask"].tolist()


def test_gymnasium_episode_against_computer_players() -> None:
    env = ppz.gym_env("bishops-whist", seat=1, opponents="heuristic", hand_limit=1)
    observation, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        done, steps = terminated or truncated, steps + 1
    assert steps == 13 and reward in (-1.0, 0.0, 1.0)
    assert env.episode is not None and env.episode.state.is_over


def test_gymnasium_illegal_action_ends_the_episode() -> None:
    env = ppz.gym_env("open-tarock", opponents="random", deals=1)
    observation, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    with pytest.raises(ValueError, match="reset"):
        env.step(illegal)


def test_gymnasium_is_reproducible() -> None:
    def run(seed: int) -> list[float]:
        env = ppz.gym_env("roquet", opponents="greedy", target=1)
        observation, _ = env.reset(seed=seed)
        out: list[float] = []
        for _ in range(10):
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, reward, terminated, truncated, _ = env.step(action)
            out.append(float(observation["observation"].sum()) + reward)
            if terminated or truncated:
                break
        return out

    assert run(5) == run(5)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="seat"):
        ppz.gym_env("roquet", seat=2)
    with pytest.raises(ValueError, match="no player"):
        ppz.gym_env("roquet", opponents="genius")
    with pytest.raises(ValueError, match="opponents"):
        ppz.gym_env("roquet", opponents=["random"] * 3)
