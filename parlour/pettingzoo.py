"""parlour's games as PettingZoo and Gymnasium environments (the ``pettingzoo`` extra).

``env(name, **options)`` is a PettingZoo AEC environment: every seat an agent (``player_0`` ...), each
observation a dict of the seat's ``observation`` (the engine's observation tensor) and its
``action_mask`` (the legal ids of the game's action space, all zero when the seat is not to move),
actions ``Discrete(num_distinct_actions)``. ``gym_env(name, seat=0, opponents="heuristic", **options)``
is a Gymnasium environment for one seat, parlour's computer players taking the others.

The episode's rules are ``parlour.episodes``'s: ``hands`` (0: the whole match), ``returns``
(``outcome`` or ``points``), and the length bound, which ends an episode as *truncated*. Rewards come
at the end of the episode only: each seat's return. Deals follow the seed given to ``reset``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from parlour.engine import View
from parlour.engine.rng import derive_seed, fresh_seed
from parlour.episodes import Episode, Table
from parlour.players import Player, make_player

Observation = dict[str, npt.NDArray[Any]]


def _spaces(table: Table) -> tuple[spaces.Dict, spaces.Discrete]:
    game = table.game
    n = game.num_distinct_actions
    observation = spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, shape=tuple(game.observation_shape), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(n)


def _observe(episode: Episode, seat: int) -> Observation:
    state = episode.state
    if episode.current_player == seat:
        mask = state.action_mask()
    else:
        mask = np.zeros(episode.table.game.num_distinct_actions, np.int8)
    return {"observation": np.asarray(state.observation_tensor(seat), np.float32), "action_mask": mask}


class _Seeds:
    """The seeds of an environment's episodes: from the seed ``reset`` was last given, in order."""

    def __init__(self) -> None:
        self.seed: int | None = None
        self.count = 0

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.seed, self.count = seed, 0
        if self.seed is None:
            self.seed = fresh_seed()
        self.count += 1
        return derive_seed(self.seed, "episode", self.count - 1)


class ParlourEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """A parlour game as a PettingZoo AEC environment (see the module's docstring).

    An illegal action raises ``ValueError`` and changes nothing (wrap the environment in PettingZoo's
    ``TerminateIllegalWrapper`` to penalise it instead).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        name: str,
        *,
        hands: int = 0,
        returns: str = "outcome",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.table = Table(name, hands=hands, returns=returns, **options)
        self.metadata = {**type(self).metadata, "name": f"parlour_{name.replace('-', '_')}_v0"}
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(self.table.num_players)]
        self.agents = list(self.possible_agents)
        observation, action = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._seeds = _Seeds()
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode, dealt from ``seed`` (or the next seed after the last one given)."""
        self.episode = self.table.new_episode(self._seeds.next(seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.episode is not None
        seat = self.episode.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        assert self.episode is not None, "reset the environment first"
        return _observe(self.episode, self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self.episode
        assert episode is not None, "reset the environment first"
        a = -1 if action is None else int(action)
        if not 0 <= a < self.table.game.num_distinct_actions or not episode.state.action_mask()[a]:
            raise ValueError(f"{agent}: action {action} is not legal now")
        episode.apply_id(a)
        self._clear_rewards()
        if episode.is_over:
            for name, r in zip(self.possible_agents, episode.returns(), strict=True):
                self.rewards[name] = r
            done = dict.fromkeys(self.agents, True)
            if episode.truncated:
                self.truncations = done
            else:
                self.terminations = done
        else:
            self._select()
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as a spectator sees it, in words (``render_mode="ansi"``)."""
        if self.render_mode is None or self.episode is None:
            return None
        return _render(self.table, self.episode.state.view(None))

    def close(self) -> None:
        pass


def env(name: str, **options: Any) -> ParlourEnv:
    """The parlour game ``name`` as a PettingZoo AEC environment: ``env("bishops-whist", hand_limit=1)``.
    ``options`` are the game's own and the episode's (``hands``, ``returns``), and ``render_mode``."""
    return ParlourEnv(name, **options)


class SingleSeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a parlour game as a Gymnasium environment; parlour's computer players take the others.

    ``opponents`` names the kind of computer player (``parlour.players.player_kinds``), one for all or
    one per seat (the agent's own entry is ignored). The reward is the seat's return, at the end of the
    episode. An illegal action ends the episode at once (``terminated``) with the reward
    ``illegal_reward`` (by default the worst return the episode allows), as the ``action_mask`` in
    every observation (and in ``info``) says which actions are legal. ``reset`` deals again an episode
    that ends before the seat has a decision (a Lansquenet deal it takes no part in), so that every
    episode it returns can be stepped.
    """

    # render_fps as Gymnasium's own text environments give it (FrozenLake's "ansi"): without it, each
    # render of an environment from gymnasium.make warned that none was declared
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012  (as Gymnasium declares it)

    def __init__(
        self,
        name: str,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        hands: int = 0,
        returns: str = "outcome",
        illegal_reward: float | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.table = Table(name, hands=hands, returns=returns, **options)
        players = self.table.num_players
        if not 0 <= seat < players:
            raise ValueError(f"seat: from 0 to {players - 1}, not {seat}")
        kinds = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if len(kinds) != players:
            raise ValueError(f"opponents: one kind of player, or one for each of the {players} seats")
        for s, kind in enumerate(kinds):
            if s != seat:
                make_player(kind, self.table.game, 0)  # an unknown kind fails here, not at reset
        self.seat = seat
        self.kinds = kinds
        self.illegal_reward = self.table.min_return if illegal_reward is None else float(illegal_reward)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.observation_space, self.action_space = _spaces(self.table)
        self.episode: Episode | None = None
        self._players: list[Player | None] = []
        self._ended = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        draw = int(self.np_random.integers(0, 2**62))
        for again in range(REDEALS + 1):
            # An episode the seat takes no part in (a Lansquenet deal with hands=1 that ends between
            # others) was over at reset, and the first step raised: it is dealt again, so the agent
            # always has a decision. The first deal's seed is as before, so seeded episodes are too.
            self.episode = self.table.new_episode(derive_seed(draw, "deal", *([again] if again else [])))
            self._players = [
                None if s == self.seat else make_player(k, self.table.game, derive_seed(draw, "player", s))
                for s, k in enumerate(self.kinds)
            ]
            self._ended = False
            self._play_others()
            if not self.episode.is_over:
                break
        else:
            raise ValueError(
                f"seat {self.seat} had no decision in {REDEALS + 1} episodes of {self.table.game.name}: "
                "give it a longer episode (hands) or another seat"
            )
        observation = self._observation()
        return observation, {"action_mask": observation["action_mask"]}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        episode = self.episode
        assert episode is not None, "reset the environment first"
        if self._ended or episode.is_over:
            raise ValueError("the episode is over: reset the environment")
        a = int(action)
        if not 0 <= a < self.table.game.num_distinct_actions or not episode.state.action_mask()[a]:
            self._ended = True
            observation = self._observation()
            info = {"action_mask": observation["action_mask"], "illegal": True}
            return observation, self.illegal_reward, True, False, info
        episode.apply_id(a)
        self._play_others()
        reward = episode.returns()[self.seat] if episode.is_over else 0.0
        terminated = episode.is_over and not episode.truncated
        observation = self._observation()
        return observation, reward, terminated, episode.truncated, {"action_mask": observation["action_mask"]}

    def _play_others(self) -> None:
        episode = self.episode
        assert episode is not None
        while (s := episode.current_player) is not None and s != self.seat:
            player = self._players[s]
            assert player is not None
            episode.apply(player.choose(episode.state.view(s), self.table.game))

    def _observation(self) -> Observation:
        assert self.episode is not None
        return _observe(self.episode, self.seat)

    def render(self) -> str | None:
        if self.render_mode is None or self.episode is None:
            return None
        return _render(self.table, self.episode.state.view(self.seat))


def _render(table: Table, view: View[Any]) -> str:
    """The table in words: "scores [0.0, 0.0]" was a Python list on the screen."""
    scores = ", ".join(f"seat {s} {points:g}" for s, points in enumerate(view.scores))
    return f"{table.game.title}: {view.situation} (scores: {scores})"


REDEALS = 100
"""Episodes a ``SingleSeatEnv.reset`` deals again, at most, until its seat has a decision."""


def gym_env(name: str, **options: Any) -> SingleSeatEnv:
    """One seat of the parlour game ``name`` as a Gymnasium environment (see ``SingleSeatEnv``)."""
    return SingleSeatEnv(name, **options)


class RegisteredSeatEnv(SingleSeatEnv):
    """``SingleSeatEnv`` as ``gymnasium.make`` makes it from an id: the id's game, whatever ``name`` says.

    Gymnasium lets the keyword arguments of ``make`` override those registered, so
    ``gymnasium.make("parlour/bezique-v0", name="roquet")`` made Roquet under Bezique's id (and its
    ``spec``); the registry gives the game twice, as ``name`` and ``registered``, and a ``name`` that
    differs is refused."""

    def __init__(self, name: str, *, registered: str, **options: Any) -> None:
        if name != registered:
            raise ValueError(
                f"name={name!r}: {gym_id(registered)} is {registered}; for {name}, make {gym_id(name)}"
            )
        super().__init__(name, **options)


GYM_NAMESPACE = "parlour"
"""Gymnasium's namespace of parlour's environments: ``gymnasium.make("parlour/bezique-v0")``."""


def gym_id(name: str) -> str:
    """The Gymnasium id of one seat of the parlour game ``name``: ``parlour/bishops-whist-v0``."""
    return f"{GYM_NAMESPACE}/{name}-v0"


def _register_gym_envs() -> None:
    """Register one seat of every installed game (a plug-in's too) with Gymnasium, so that
    ``gymnasium.make(gym_id(name), seat=..., opponents=..., **options)`` makes ``gym_env(name, ...)``.

    Gymnasium 1.0 dropped the plug-in entry points (``gymnasium.envs``) that loaded a package's
    environments with it: a package registers them when it is imported. ``import parlour`` imports no
    framework, so importing this module registers them, and ``gymnasium.make`` imports it itself from an
    id written ``"parlour.pettingzoo:parlour/bezique-v0"``. No step limit is added: the episode has its
    own (``max_game_length``, reported as truncated)."""
    from parlour.engine.registry import game_names

    # by the names alone: loading every game (manifests()) made this import five times as long
    for name in game_names():
        env_id = gym_id(name)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=f"{__name__}:RegisteredSeatEnv",
                kwargs={"name": name, "registered": name},
            )


_register_gym_envs()
