"""Episodes: a parlour match (or its first hands) as the research frameworks see a game.

OpenSpiel and PettingZoo both want what a parlour ``State`` does not say by itself: when an episode
ends, what each seat's return is and within which bounds, how long an episode can be, and what a seat
has observed so far. This module answers once for both adapters (``parlour.openspiel`` and
``parlour.pettingzoo``); it needs neither framework.

* **Length.** ``hands=0`` (the default) plays the whole match; ``hands=N`` ends the episode once
  ``N`` hands are over (counted by the public ``hand_end`` events), or earlier if the match ends.
* **Returns.** ``returns="outcome"`` (the default): +1 for every seat on the winning side, -1 for the
  others, 0 for all in a draw. An episode cut before the match ends is judged like parlour judges a
  match by default: the best total of the episode's hand points wins, seats level at the top share the
  win, all level is a draw. ``returns="points"``: each seat's hand points over the episode (the sum of
  its ``hand_end`` points), bounded by the game's declared per-hand bounds times the hands.
* **Length bound.** ``max_length`` is a bound on the decisions of an episode: decisions per hand times
  the hands an episode may hold, as each game declares them from its options (``GameManifest.episodes``;
  a match to a target score is held to ``HAND_CAP`` hands). The bound is also enforced: an episode that
  reaches it ends there, *truncated*, and is judged like a cut episode, so it is a true bound.
* **Chance.** Each episode is a match dealt from its own seed; a ``Table`` draws the seeds of its
  episodes from ``rng_seed`` (``derive_seed(rng_seed, "episode", k)``), or from the OS when it is
  ``None``.
* **What a seat knows.** Its observation is its ``View`` (JSON); its information state adds every
  event of the log it has seen and every action it took, in order. Both are built from what the seat
  may see only, so they never leak a hidden card.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from parlour.engine import EpisodeBounds, Event, Game, State, make, manifest
from parlour.engine.game import RECORD
from parlour.engine.rng import Rng, derive_seed, fresh_seed

HAND_CAP = 200
"""Hands an episode may hold where the game's options set no limit (a match to a target score)."""

RETURNS = ("outcome", "points")

TableKey = tuple[str, int, str, int | None, tuple[tuple[str, Any], ...]]
"""A table's name, hands, returns, seed and options: all it takes to make it again."""

DEFAULT_HAND_DECISIONS = 1000
"""Decisions in a hand of a game that declares no bound (``GameManifest.episodes``): generous, and
enforced like every bound."""


def _declared(game: Game[Any]) -> EpisodeBounds | None:
    return manifest(game.name).episodes


def hand_decisions(game: Game[Any]) -> int:
    """A bound on the decisions of one hand of ``game`` (with its options), as the game declares it."""
    declared = _declared(game)
    return DEFAULT_HAND_DECISIONS if declared is None else int(declared.hand_decisions(game))


def match_hands(game: Game[Any]) -> int:
    """The most hands a whole match of ``game`` may last, where its options say so; else ``HAND_CAP``."""
    declared = _declared(game)
    hands = None if declared is None else declared.match_hands(game)
    return HAND_CAP if hands is None else int(hands)


class Table:
    """A parlour game with the rules of its episodes: their length, their returns and their seeds.

    ``options`` are the game's own (``parlour.make``); ``hands``, ``returns`` and ``rng_seed`` are the
    episode's (see the module's docstring).
    """

    def __init__(
        self,
        name: str,
        *,
        hands: int = 0,
        returns: str = "outcome",
        rng_seed: int | None = None,
        **options: Any,
    ) -> None:
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
            raise ValueError(f"hands: a whole number of hands, 0 for the whole match, not {hands!r}")
        if returns not in RETURNS:
            raise ValueError(f"returns: one of {', '.join(RETURNS)}, not {returns!r}")
        self.game: Game[Any] = make(name, **options)
        self.name = name
        self.hands = hands
        self.returns = returns
        self.rng_seed = rng_seed
        self._episodes = 0
        whole = match_hands(self.game)
        self.max_hands = min(hands, whole) if hands else whole
        self.max_length = hand_decisions(self.game) * self.max_hands
        self.num_players = self.game.num_players
        self.min_return, self.max_return = self._bounds()

        self.zero_sum = self._zero_sum()

    def _zero_sum(self) -> bool:
        """Whether the returns of every episode add up to 0: outcome returns where two sides of equal
        size meet (two players, or partners two against two)."""
        if self.returns != "outcome":
            return False
        sides = self.game.new(seed=0).teams
        return len(sides) == 2 and len(sides[0]) == len(sides[1])

    def _bounds(self) -> tuple[float, float]:
        if self.returns == "outcome":
            return -1.0, 1.0
        declared = _declared(self.game)
        if declared is not None and declared.points is not None:
            return declared.points(self.game, self.max_hands)
        bounds = self.game.hand_points_bounds
        if bounds is None:
            raise ValueError(f"{self.name} declares no bounds of its hand points: use returns='outcome'")
        lo, hi = bounds
        return min(0.0, lo * self.max_hands), max(0.0, hi * self.max_hands)

    def next_seed(self) -> int:
        """The seed of the table's next episode."""
        k = self._episodes
        self._episodes += 1
        return fresh_seed() if self.rng_seed is None else derive_seed(self.rng_seed, "episode", k)

    def new_episode(self, seed: int | None = None) -> Episode:
        """A new episode, dealt from ``seed`` (the table's next seed if ``None``)."""
        return Episode(self, self.game.new(seed=self.next_seed() if seed is None else seed))

    def key(self) -> TableKey:
        """What rebuilds an equal table: for saving episodes (and the table itself)."""
        return (self.name, self.hands, self.returns, self.rng_seed, tuple(sorted(self.game.options.items())))

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """A table is fixed once made (its seed counter apart): copies of what holds one share it."""
        return self

    def __reduce__(self) -> tuple[Any, tuple[TableKey]]:
        return (table_of, (self.key(),))


@cache
def table_of(key: TableKey) -> Table:
    """The table ``Table.key`` describes, made once per process (loading an episode needs one)."""
    name, hands, returns, rng_seed, options = key
    return Table(name, hands=hands, returns=returns, rng_seed=rng_seed, **dict(options))


def event_line(event: Event) -> str:
    """One logged event as one line of text (JSON, keys sorted, so equal events read the same)."""
    return json.dumps(event.to_dict(), sort_keys=True, separators=(",", ":"), default=str)


class Episode:
    """One episode in play: the parlour state and what the table adds (each seat's record, the hands
    over, the points scored, the decisions taken)."""

    table: Table
    state: State
    seen: list[list[str]]
    """Per seat: each event it has seen and each action it took, a line each."""
    public: list[str]
    """The events every seat has seen (what a resampled world's other seats keep of the past)."""
    steps: int
    hands_done: int
    points: list[float]
    """Per seat: its hand points over the episode's hands."""
    log_read: int
    """How much of the state's log the record has read."""

    def __init__(self, table: Table, state: State) -> None:
        self.table = table
        self.state = state
        players = table.num_players
        self.seen = [[] for _ in range(players)]
        self.public = []
        self.steps = 0
        self.hands_done = 0
        self.points = [0.0] * players
        self.log_read = 0
        self._read_log()

    # --- the record ---------------------------------------------------------------------------

    def _read_log(self) -> None:
        """Hand the new events of the log to the seats that may see them; count the hands over."""
        log = self.state.log
        points = self.points
        for e in log[self.log_read :]:
            if e.to is None:
                line = event_line(e)
                self.public.append(line)
                for record in self.seen:
                    record.append(line)
                if e.kind == "hand_end":
                    self.hands_done += 1
                    for s, p in enumerate(e.data["points"]):
                        points[s] += float(p)
            elif 0 <= e.to < len(self.seen):
                self.seen[e.to].append(event_line(e))
        self.log_read = len(log)

    # --- play ---------------------------------------------------------------------------------

    @property
    def truncated(self) -> bool:
        """Whether the episode was ended by the length bound (``Table.max_length``), not by its rules."""
        return self.steps >= self.table.max_length and not self._ended_by_rules

    @property
    def _ended_by_rules(self) -> bool:
        return self.state.is_over or (self.table.hands > 0 and self.hands_done >= self.table.hands)

    @property
    def is_over(self) -> bool:
        return self._ended_by_rules or self.steps >= self.table.max_length

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the episode is over."""
        return None if self.is_over else self.state.current_player

    def legal_actions(self) -> list[str]:
        return [] if self.is_over else self.state.legal_actions()

    def apply(self, action: str) -> None:
        """Take ``action`` (text) for the seat to move; an illegal one raises and changes nothing."""
        seat = self.current_player
        if seat is None:
            raise ValueError("the episode is over")
        self.state.apply(action, seat=seat)
        taken = next(e for e in self.state.log[self.log_read :] if e.kind == "action" and e.to == RECORD)
        self._after(seat, str(taken.data["action"]))  # the canonical text, as the record has it

    def apply_id(self, action_id: int) -> None:
        """Take the action numbered ``action_id`` in the game's action space."""
        seat = self.current_player
        if seat is None:
            raise ValueError("the episode is over")
        self.state.apply_id(action_id)
        self._after(seat, self.table.game.action_text(action_id))

    def _after(self, seat: int, action: str) -> None:
        self.seen[seat].append(json.dumps({"you": action}, separators=(",", ":")))
        self.steps += 1
        self._read_log()

    # --- results ------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Each seat's return: zeros until the episode is over (see the module's docstring)."""
        players = self.table.num_players
        if not self.is_over:
            return [0.0] * players
        points = self.points
        if self.table.returns == "points":
            return list(points)
        if self.state.is_over:
            outcome = self.state.outcome
            assert outcome is not None
            winners = set(outcome.winners)
        else:
            best = max(points)
            top = {s for s in range(players) if points[s] == best}
            winners = set() if len(top) == players else top
        if not winners:
            return [0.0] * players
        return [1.0 if s in winners else -1.0 for s in range(players)]

    # --- what a seat knows --------------------------------------------------------------------

    def observation_string(self, seat: int) -> str:
        """What ``seat`` sees now: its view, as JSON."""
        return json.dumps(self.state.view(seat).to_dict(), sort_keys=True, separators=(",", ":"))

    def information_state_string(self, seat: int) -> str:
        """All ``seat`` has seen and done this episode, in order, then what it sees now."""
        return "\n".join([*self.seen[seat], self.observation_string(seat)])

    def resample(self, seat: int, seed: int) -> Episode:
        """An episode ``seat`` cannot tell from this one: hidden cards (and the future's deals) drawn
        afresh from ``seed`` by the game's determinizer. Each other seat's record keeps only what was
        public, as its private past is unknown."""
        world = self.table.game.determinize(self.state.view(seat), Rng(seed))
        out = Episode.__new__(Episode)
        out.table = self.table
        out.state = world
        out.seen = [list(self.seen[s]) if s == seat else list(self.public) for s in range(len(self.seen))]
        out.public = list(self.public)
        out.steps = self.steps
        out.hands_done = self.hands_done
        out.points = list(self.points)
        out.log_read = len(world.log)
        return out

    # --- copies and saves ---------------------------------------------------------------------

    def clone(self) -> Episode:
        out = Episode.__new__(Episode)
        out.table = self.table
        out.state = self.state.clone()
        out.seen = [list(r) for r in self.seen]
        out.public = list(self.public)
        out.steps = self.steps
        out.hands_done = self.hands_done
        out.points = list(self.points)
        out.log_read = self.log_read
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> Episode:
        return self.clone()

    def to_data(self) -> dict[str, Any]:
        """The episode as JSON-ready data (the state as parlour saves it)."""
        return {
            "table": list(self.table.key()),
            "state": self.state.to_json(),
            "seen": self.seen,
            "public": self.public,
            "steps": self.steps,
            "hands_done": self.hands_done,
            "points": self.points,
            "log_read": self.log_read,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Episode:
        name, hands, returns, rng_seed, options = data["table"]
        table = table_of((name, hands, returns, rng_seed, tuple((k, v) for k, v in options)))
        out = cls.__new__(cls)
        out.table = table
        out.state = table.game.load(data["state"])
        out.seen = [list(r) for r in data["seen"]]
        out.public = list(data["public"])
        out.steps = int(data["steps"])
        out.hands_done = int(data["hands_done"])
        out.points = [float(p) for p in data["points"]]
        out.log_read = int(data["log_read"])
        return out

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled through parlour's own save (a state holds read-only mappings pickle cannot take)."""
        return (_load_episode, (json.dumps(self.to_data()),))


def _load_episode(text: str) -> Episode:
    return Episode.from_data(json.loads(text))
