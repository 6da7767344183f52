"""parlour's games as OpenSpiel games (the ``open-spiel`` extra).

Importing this module registers every installed parlour game with OpenSpiel under the short name
``parlour_<name with underscores>``::

    import pyspiel
    import parlour.openspiel

    game = pyspiel.load_game("parlour_bishops_whist(hand_limit=1,rng_seed=3)")

Parameters: the game's own options (typed as parlour declares them), and the episode's
(``parlour.episodes``): ``hands`` (0: the whole match, the default; N: end after N hands),
``returns`` (``outcome``: +1/-1/0 for win/loss/draw, the default; ``points``: the hand points) and
``rng_seed`` (the family of seeds the chance nodes choose from; 0 by default).

What OpenSpiel sees:

* **Chance is explicit, and comes first** (``EXPLICIT_STOCHASTIC``): a parlour state shuffles and deals
  from its own seeded random source, and draws again in the middle of a match (each new hand, a stock),
  so the chance OpenSpiel sees is the match's seed, drawn by ``SEED_NODES`` chance nodes at the start of
  an episode, a byte each (256 equally likely outcomes): one of 2**32 matches, from a family of seeds
  that ``rng_seed`` names. Everything random afterwards follows from that seed. (Sampled chance, with
  the seed drawn inside the game, cannot be serialised: OpenSpiel serialises a sampled game's random
  state, which a game written in Python cannot give it.) Search that must not see the future goes
  through ``resample_from_infostate`` (IS-MCTS does): it draws the hidden cards *and* a fresh random
  source with the game's determinizer.
* **Imperfect information** for every game (open tarock's stacks hide the cards under their tops).
* **Returns** are terminal and lie within ``min_utility`` and ``max_utility`` (see
  ``parlour.episodes``); outcome returns are zero-sum where two equal sides meet (the two-handed games,
  bishops whist's partnerships), else general-sum, as are points.
* **Strings**: the observation string is the seat's ``View`` as JSON; the information-state string adds
  every event the seat has seen and every action it took. A public observer (no private information)
  gives the spectator's view. The observation tensor is the engine's ``observation_tensor(seat)``.
* **Serialisation** goes through parlour's own save (``State.to_json``), so
  ``pyspiel.serialize_game_and_state`` round-trips any state.
"""

from __future__ import annotations

import functools
import json
import time
from typing import Any, ClassVar, cast

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from parlour.engine import Game
from parlour.engine.registry import manifest, manifests
from parlour.engine.rng import derive_seed
from parlour.episodes import RETURNS, Episode, Table

PREFIX = "parlour_"
SEED_NODES = 4
"""Chance nodes at the start of an episode, each drawing a byte of the match's seed."""
SEED_OUTCOMES = 256
EPISODE_PARAMETERS: dict[str, Any] = {"hands": 0, "returns": "outcome", "rng_seed": 0}
"""The episode's parameters and their defaults, besides the game's own options."""


def short_name(name: str) -> str:
    """OpenSpiel's short name of the parlour game ``name``: ``bishops-whist`` → ``parlour_bishops_whist``."""
    return PREFIX + name.replace("-", "_")


def _game_type(name: str, *, zero_sum: bool) -> Any:
    cls = manifest(name).game
    parameters: dict[str, Any] = {o.name: o.default for o in cls.option_specs}
    clash = set(parameters) & set(EPISODE_PARAMETERS)
    if clash:
        raise ValueError(f"{name}: the options {sorted(clash)} clash with the episode's parameters")
    parameters.update(EPISODE_PARAMETERS)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"parlour {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class ParlourGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One parlour game, with its options and the episode's parameters fixed.

    Each parlour game registers a subclass of its own (``game_class``) that names it.
    """

    parlour_name: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.parlour_name
        params = dict(params or {})
        episode = {k: params.pop(k, v) for k, v in EPISODE_PARAMETERS.items()}
        if episode["returns"] not in RETURNS:
            raise ValueError(f"returns: one of {', '.join(RETURNS)}, not {episode['returns']!r}")
        self.table = Table(
            name,
            hands=int(episode["hands"]),
            returns=str(episode["returns"]),
            rng_seed=int(episode["rng_seed"]),
            **params,
        )
        game: Game[Any] = self.table.game
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=SEED_OUTCOMES,
            num_players=game.num_players,
            min_utility=self.table.min_return,
            max_utility=self.table.max_return,
            utility_sum=0.0 if self.table.zero_sum else None,
            max_game_length=self.table.max_length,
        )
        full = {**dict(game.options), **episode}
        super().__init__(_game_type(name, zero_sum=self.table.zero_sum), info, full)

    def new_initial_state(self, *args: Any) -> ParlourState:
        """A new episode, at its first chance node (the match is dealt once its seed is drawn)."""
        if args:
            raise ValueError("a parlour game starts only from a fresh deal")
        return ParlourState(self)

    def max_chance_nodes_in_history(self) -> int:
        return SEED_NODES

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if isinstance(iig_obs_type, dict):  # OpenSpiel calls make_py_observer(params) alone too
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"parlour's observers take no parameters; given {params}")
        return Observer(self, iig_obs_type)


class ParlourState(pyspiel.State):  # type: ignore[misc]
    """An episode of a parlour game in OpenSpiel's terms: ``SEED_NODES`` chance nodes draw the match's
    seed, then the players' actions are ids of the game's action space.

    Its attributes are all OpenSpiel copies (to clone) and pickles (to serialise): the table (shared),
    the seed's bytes so far and the episode, which copies and pickles itself through parlour's save.
    """

    def __init__(self, game: ParlourGame, episode: Episode | None = None) -> None:
        super().__init__(game)
        self._table = game.table
        self._seed_bytes: list[int] = []
        self._episode = episode

    @property
    def episode(self) -> Episode:
        """The parlour episode (its ``state`` is the parlour ``State``); none while its seed is drawn."""
        if self._episode is None:
            raise ValueError("the match is not dealt yet: its seed is still being drawn")
        return self._episode

    def current_player(self) -> int:
        if self._episode is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._episode.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / SEED_OUTCOMES
        return [(b, p) for b in range(SEED_OUTCOMES)]

    def _legal_actions(self, player: int) -> list[int]:
        episode = self.episode
        if episode.is_over or player != episode.current_player:
            return []
        return episode.state.legal_action_ids()

    def _apply_action(self, action: int) -> None:
        if self._episode is not None:
            self._episode.apply_id(int(action))
            return
        self._seed_bytes.append(int(action))
        if len(self._seed_bytes) == SEED_NODES:
            drawn = int.from_bytes(bytes(self._seed_bytes), "big")
            self._episode = self._table.new_episode(derive_seed(self._table.rng_seed or 0, "deal", drawn))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {len(self._seed_bytes) + 1} of {SEED_NODES}: {action}"
        return self._table.game.action_text(int(action))

    def is_terminal(self) -> bool:
        return self._episode is not None and self._episode.is_over

    def returns(self) -> list[float]:
        if self._episode is None:
            return [0.0] * self._table.num_players
        return self._episode.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParlourState:
        """A state ``player_id`` cannot tell from this one, its hidden cards and random source drawn
        afresh (the game's determinizer); ``probability_sampler()`` gives the randomness."""
        seed = int(float(probability_sampler()) * 2**53)
        world = self.episode.resample(int(player_id), seed)
        state = self.get_game().new_initial_state()
        state._seed_bytes = list(self._seed_bytes)
        state._episode = world
        return state  # type: ignore[no-any-return]

    def __str__(self) -> str:
        """The whole state (parlour's save) and the episode's counters: equal for a clone, a copy
        restored from a serialisation, and the original."""
        if self._episode is None:
            return f"drawing the seed: {self._seed_bytes}"
        episode = self._episode
        return f"steps={episode.steps} hands={episode.hands_done}\n{episode.state.to_json()}"


class Observer:
    """OpenSpiel's Python observer: strings from the seat's view (and record), tensors from the engine.

    ``private_info`` of a single player gives that seat's view (its record too with perfect recall);
    no private information gives the spectator's view (and the public record). The tensor is the
    engine's observation tensor of the seat (or of the spectator); there is none with perfect recall.
    """

    def __init__(self, game: ParlourGame, iig_obs_type: Any) -> None:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("parlour's observers show one seat's private information, or none")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(game.table.game.observation_shape, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: ParlourState, player: int) -> None:
        if self.tensor is not None:
            if state._episode is None:  # nothing dealt yet, nothing seen
                self.tensor.fill(0.0)
            else:
                seat = None if self.public else player
                self.tensor[...] = state._episode.state.observation_tensor(seat)

    def string_from(self, state: ParlourState, player: int) -> str:
        episode = state._episode
        if episode is None:
            return ""
        if self.public:
            view = json.dumps(episode.state.view(None).to_dict(), sort_keys=True, separators=(",", ":"))
            return "\n".join([*episode.public, view]) if self.perfect_recall else view
        if self.perfect_recall:
            return episode.information_state_string(player)
        return episode.observation_string(player)


@functools.cache
def game_class(name: str) -> type[ParlourGame]:
    """The ``ParlourGame`` subclass of the parlour game ``name``.

    OpenSpiel keeps the registered class until the process ends, and releases it after Python has
    shut down: a class lives on through its own reference cycles, where a closure or a ``partial``
    would be freed then, and abort the interpreter on its way out.
    """
    title = "".join(part.capitalize() for part in name.replace("_", "-").split("-"))
    return cast(type[ParlourGame], type(f"Parlour{title}Game", (ParlourGame,), {"parlour_name": name}))


def register(name: str) -> None:
    """Register the parlour game ``name`` with OpenSpiel (done for every installed game on import)."""
    table = Table(name)
    pyspiel.register_game(_game_type(name, zero_sum=table.zero_sum), game_class(name))


def load(name: str, **params: Any) -> ParlourGame:
    """``pyspiel.load_game`` by parlour's name: ``load("bishops-whist", hand_limit=1, rng_seed=3)``."""
    game: ParlourGame = pyspiel.load_game(short_name(name), params)
    return game


class ISMCTSPlayer:
    """OpenSpiel's information-set MCTS (``open_spiel.python``) at a parlour seat: a yardstick for
    parlour's own players (``parlour.duplicate``), at a budget of simulations or of seconds a move.

    It searches the hand in play as an episode of one hand with outcome returns (the side with the
    most hand points wins), its worlds drawn by the game's determinizer through
    ``resample_from_infostate`` from this seed: it learns nothing the seat's view does not say,
    though ``parlour.duplicate`` hands it the state to wrap (``choose_state``).
    """

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        *,
        simulations: int = 1000,
        seconds: float | None = None,
        uct_c: float = 2.0,
    ) -> None:
        self.game = game
        self.spiel_game = load(game.name, hands=1, returns="outcome", **dict(game.options))
        self.rng = np.random.RandomState(seed % 2**32)
        self.seconds = seconds
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.rng)
        self.bot = _ClockedISMCTS(
            self.spiel_game, evaluator, uct_c=uct_c, max_simulations=simulations, random_state=self.rng
        )
        self.bot.seconds = seconds
        rng = self.rng
        self.bot.set_resampler(
            lambda state, player: state.resample_from_infostate(player, lambda: rng.uniform())
        )

    def limit_time(self, seconds: float | None) -> None:
        self.seconds = self.bot.seconds = seconds

    def choose_state(self, state: Any, seat: int) -> str:
        table = self.spiel_game.table
        episode = Episode(table, state.clone())
        # the episode is this hand from here on: the hands and points before it are not its own
        episode.hands_done = 0
        episode.points = [0.0] * table.num_players
        wrapped = ParlourState(self.spiel_game, episode)
        wrapped._seed_bytes = [0] * SEED_NODES
        legal = episode.state.legal_action_ids()
        if len(legal) == 1:
            return self.game.action_text(legal[0])
        policy = self.bot.run_search(wrapped)
        best = max(policy, key=lambda ap: ap[1])[0]
        return self.game.action_text(int(best))


MIN_CLOCKED_SIMULATIONS = 2
"""Simulations an IS-MCTS search on the clock runs however short its time: one to expand the root, one
to visit it."""


class _ClockedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]  # open_spiel has no type information
    """``ISMCTSBot`` whose search also stops at ``seconds``, after two simulations at least: the first
    only expands the root, and a root never visited has no policy (OpenSpiel asserts on it)."""

    seconds: float | None = None

    def run_search(self, state: Any) -> Any:
        if self.seconds is None:
            return super().run_search(state)
        deadline = time.perf_counter() + self.seconds
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        for n in range(self._max_simulations):
            if n >= MIN_CLOCKED_SIMULATIONS and time.perf_counter() > deadline:
                break
            self.run_simulation(self.sample_root_state(state))
        return self.get_final_policy(state, self._root_node)


def _register_all() -> None:
    known = set(pyspiel.registered_names())
    for m in manifests():
        if short_name(m.name) not in known:
            register(m.name)


_register_all()
