"""The engine's ``State``: one match in progress, the contract every game's state keeps.

Apart from ``parlour.engine.game`` (which re-exports everything here) so that the optional compiled
build (``parlour.build_compiled``, mypyc) can compile it: every action of every game passes through it.
A compiled ``State`` is a native class that the games' interpreted states subclass; the ``Game``, its
generics and its cached properties stay in the interpreted ``game`` module.
"""

from __future__ import annotations

import functools
import json
import operator
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from itertools import repeat
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Self, SupportsIndex

import numpy as np
import numpy.typing as npt

from parlour.engine.actions import Action, AmountRange, text_of
from parlour.engine.compiling import mypyc_attr
from parlour.engine.copying import copied
from parlour.engine.errors import (
    ForbiddenAction,
    InvalidState,
    MalformedAction,
    OutsideActionSpace,
    echo,
)
from parlour.engine.events import RECORD, Event, _new_tuple
from parlour.engine.rng import Rng, check_seed
from parlour.engine.views import (
    Decision,
    OutcomeView,
    RangeView,
    ScoreSheet,
    SeatView,
    TrickView,
    View,
    Zone,
)

if TYPE_CHECKING:
    from parlour.engine.game import Game

SAVE_FORMAT = "parlour-state"
SAVE_VERSION = 1

_SCRIPT: ContextVar[Rng | None] = ContextVar("parlour_replay_rng", default=None)
"""The recorded draws the next new state takes its chance from (set only by ``Game.replay``)."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: the seats that won (none for a draw) and why, in words."""

    winners: tuple[int, ...]
    reason: str

    @property
    def draw(self) -> bool:
        return not self.winners


_NO_ROLES: Mapping[int, Sequence[str]] = MappingProxyType({})
_TEAM_OF: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}
"""Per number of players and teams: each seat's team (its index in ``teams``), which a view gives per
seat, and the teams as immutable tuples, which every view of those teams shares."""
_SEATS: dict[tuple[Any, ...], tuple[SeatView, ...]] = {}
"""The seats of a view, per teams, hand sizes and roles (``make_view``); emptied when it grows large."""
_SEATS_KEPT = 4096


_DECISIONS: dict[tuple[int, str, str], Decision] = {}


def _decision(seat: int, kind: str, prompt: str) -> Decision:
    """The ``Decision`` of a view, made once per seat, kind and prompt and shared (it is immutable)."""
    made = _DECISIONS.get((seat, kind, prompt))
    if made is None:
        if len(_DECISIONS) >= _SEATS_KEPT:
            _DECISIONS.clear()
        made = _DECISIONS[(seat, kind, prompt)] = Decision(seat, kind, prompt)
    return made


@functools.cache
def _solo_teams(players: int) -> tuple[tuple[int, ...], ...]:
    """Every seat alone (a view asks for the teams at every move)."""
    return tuple((s,) for s in range(players))


_CLONED_APART = frozenset(
    {"game", "log", "_events", "_pending", "rng", "seed", "_legal_cache", "_range_cache"}
)
"""What ``State.clone`` does not copy field by field: the game (shared), the log (a new list of the
same events), the random source (copy on write), and the engine's own fields, set one by one."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One match in progress. Subclasses hold the rules; this base holds the contract.

    ``apply`` validates before it changes anything, so a refused action leaves the state exactly
    as it was. A game implements the hooks below; everything else is provided.
    """

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        """``seed`` makes every shuffle of the match reproducible; ``None`` is live play, where each
        shuffle is drawn from the operating system's CSPRNG when it happens."""
        self.game = game
        self.seed: int | None = None if seed is None else check_seed(seed)
        script = _SCRIPT.get()
        if script is not None and self.seed is None:
            _SCRIPT.set(None)  # the first state made takes the recorded draws
            self.rng = script
        else:
            self.rng = Rng(self.seed)
        self.log = []
        if self.rng.live:
            self.rng.sink = self._record_chance

    _events: list[Event]
    _pending: list[Any]
    """What a game has to log but has not made into events yet (its own small entries: a card played as
    an int, say), in order after ``_events``; made by ``_flush`` when the log is read, so that a playout
    that never reads the log never pays for it."""

    @property
    def log(self) -> list[Event]:
        """The match's log, every event in order (the record's among them: see ``RECORD``)."""
        if self._pending:
            self._flush()
        return self._events

    @log.setter
    def log(self, log: list[Event]) -> None:
        # A property, not a field, so that a game may make its log when it is read; compiled, Bishops
        # Whist keeps its own copy of the pair so that its reads stay native.
        self._events = log
        self._pending = []

    def _flush(self) -> None:
        """Make the waiting entries of ``_pending`` into events, appended to ``_events`` in order. A game
        that defers its events overrides this; here the entries are events already."""
        pending, self._pending = self._pending, []
        self._events.extend(pending)

    def _record_chance(self, outcome: dict[str, Any]) -> None:
        """A live draw goes into the log's record, so that the match can be replayed."""
        self.log.append(Event("chance", outcome, RECORD))

    # --- what every game provides ----------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the match is over."""

    @abstractmethod
    def _compute_legal(self) -> list[str]:
        """The legal actions of the current position as canonical text (amounts apart: see
        ``_compute_ranges``). Called once per position; the base keeps the list until the next action."""

    def _compute_ranges(self) -> list[AmountRange]:
        """The legal ranges of amounts of the current position (``bet 1`` … ``bet 500``), if any."""
        return []

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal (typed: its arguments parsed)."""

    @property
    @abstractmethod
    def scores(self) -> list[float]:
        """Match points per seat (partners show the same figure)."""

    @abstractmethod
    def view(self, seat: int | None) -> View[Any]:
        """Exactly what ``seat`` may know (``None``: a spectator); build it with ``make_view``."""

    @abstractmethod
    def _data(self) -> dict[str, Any]:
        """The game-specific part of the state, JSON-ready."""

    @abstractmethod
    def _restore(self, data: dict[str, Any]) -> None:
        """Inverse of ``_data``: check ``data`` (``parlour.engine.saves.checked``), then take it."""

    @abstractmethod
    def inventory(self) -> Counter[str]:
        """Every card the match holds wherever it lies (chips under ``"chips"``).

        An audit for tests: it must not change from one moment to the next.
        """

    def explain_illegal(self, action: Action) -> str:
        """Why the well-formed ``action`` is not allowed now; games override to name the rule broken."""
        legal = self.legal_actions() + [str(r) for r in self.legal_ranges()]
        shown = ", ".join(legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"not a legal action now; legal actions are: {shown}"

    def _outcome(self) -> Outcome:
        """How the finished match ended. The default: the best score wins, seats level at the top
        share the win, and a match where every seat is level is a draw. Games override to say why."""
        scores = self.scores
        best = max(scores)
        top = tuple(s for s, v in enumerate(scores) if v == best)
        if len(top) == self.num_players and self.num_players > 1:
            return Outcome((), "every seat ends level")
        return Outcome(top, "the best score")

    @property
    def teams(self) -> list[tuple[int, ...]]:
        """Seats that win and lose together; every seat alone unless a game says otherwise."""
        return list(_solo_teams(self.num_players))

    def event_words(self, event: Event) -> str:
        """The words a person reads for a logged ``event`` (the front ends' log lines): its ``text``.

        A logged text is frozen (``Game.replay`` compares every one with what the rules log now), so
        a game whose text reads badly ("score -12-11") overrides this for that kind and words it from
        the event's data; the log, the saves and what computer players read stay as they were."""
        return str(event.data.get("text") or "")

    # --- provided ------------------------------------------------------------------------------

    _legal_cache: list[str] | None = None
    _range_cache: list[AmountRange] | None = None

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended, or ``None`` while it goes on."""
        return self._outcome() if self.is_over else None

    @property
    def winners(self) -> list[int]:
        """The winning seats once the match is over (empty while it goes on, and for a draw: ask
        ``outcome`` to tell the two apart)."""
        outcome = self.outcome
        return list(outcome.winners) if outcome is not None else []

    def legal_actions(self) -> list[str]:
        """Every action the current player may take, as canonical text (ranges of amounts apart)."""
        if self._legal_cache is None:
            self._legal_cache = self._compute_legal()
        return list(self._legal_cache)

    def legal_ranges(self) -> list[AmountRange]:
        """Legal actions that name an amount (``bet 1`` … ``bet 500``), one entry per range; they are
        legal besides ``legal_actions()``."""
        return list(self._ranges())

    def _ranges(self) -> list[AmountRange]:
        """The legal ranges, kept until the next action (``legal_ranges()`` without the copy, for the
        engine's own reading)."""
        if self._range_cache is None:
            self._range_cache = self._compute_ranges() if not self.is_over else []
        return self._range_cache

    def is_legal(self, action: str) -> bool:
        """Whether the canonical text ``action`` may be taken now (a listed action or in a range)."""
        if self._legal_cache is None:
            self._legal_cache = self._compute_legal()
        if action in self._legal_cache:
            return True
        return any(r.amount_of(action) is not None for r in self._ranges())

    def normalize(self, text: str) -> str:
        """The canonical spelling of typed text (``'PLAY 9h'`` → ``'play 9H'``), or the text stripped
        if it is no action of the game."""
        try:
            return self.game.notation.canonical(text)
        except MalformedAction:
            return text.strip()

    # --- the fixed action space (ids, as OpenSpiel numbers actions) --------------------------------

    def legal_action_ids(self) -> list[int]:
        """The ids (``Game.action_id``) of every legal action, ascending: the listed actions and every
        amount of every legal range. ``OutsideActionSpace`` if a legal action has no id (an explicit
        deal beyond what the options allow)."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._compute_legal()
        space = self.game.id_space
        try:
            ids = sorted(map(space.ids.__getitem__, legal))
        except KeyError:
            ids = sorted(map(self._id_of_legal, legal))
        if space.amounts:  # a game without amounts in its notation offers no ranges
            ranges = self._ranges()
            if ranges:
                for r in ranges:
                    ids.extend(self._range_ids(r))
                ids.sort()
        return ids

    def action_mask(self) -> npt.NDArray[np.int8]:
        """One byte per id of the game's action space: 1 where the action is legal now, else 0."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._compute_legal()
        space = self.game.id_space
        mask = np.zeros(space.size, dtype=np.int8)
        try:
            mask[list(map(space.ids.__getitem__, legal))] = 1
        except KeyError:
            mask[list(map(self._id_of_legal, legal))] = 1
        if space.amounts:
            for r in self.legal_ranges():
                ids = self._range_ids(r)
                mask[ids.start : ids.stop] = 1
        return mask

    def apply_id(self, action_id: int) -> None:
        """Take the action numbered ``action_id`` (``Game.action_text``), exactly as ``apply`` takes its
        text: an id that is no whole number in ``0 .. num_distinct_actions - 1`` is refused with
        ``MalformedAction``, an action not legal now with ``ForbiddenAction``; the state is unchanged."""
        listed = self.game.id_space.listed
        if type(action_id) is int and listed is not None and 0 <= action_id < len(listed):
            # The common case, a legal id of a space of fixed texts: its text carried out at once.
            text = listed[action_id]
            legal = self._legal_cache
            if legal is None:
                legal = self._legal_cache = self._compute_legal()
            if text in legal:
                self._carry_out(text)
                return
        self.apply(self.game.action_text(action_id))

    def _id_of_legal(self, text: str) -> int:
        """The id of a legal action the space does not list under this spelling."""
        try:
            return self.game.action_id(text)
        except MalformedAction:
            raise OutsideActionSpace(
                f"the legal action {echo(text)} has no id in {self.game.name}'s action space"
            ) from None

    def _range_ids(self, r: AmountRange) -> range:
        ids = self.game.id_space.range_ids(r)
        if ids is None:
            raise OutsideActionSpace(
                f"the legal range {r} lies outside {self.game.name}'s action space "
                f"(amounts {self.game.amount_bounds(r.verb)}): the options put less at stake than this match"
            )
        return ids

    @property
    def hand_number(self) -> int:
        """How many hands (deals) of the match have begun: 1 during the first, and the number played
        once the match is over. Cheap: no view is built.

        The default counts the log's public ``hand_end`` events (one a hand, by convention), adding the
        hand in play; games that keep a count in their state override this with it (a determinized
        state's log is only a summary)."""
        ended = 0
        for e in self.log:
            if e.kind == "hand_end" and e.to is None:
                ended += 1
        return ended if self.is_over else ended + 1

    def observation_tensor(self, seat: int | None) -> npt.NDArray[np.float32]:
        """What ``seat`` may know (``None``: a spectator) as a vector of ``Game.observation_shape``,
        encoded from ``view(seat)`` alone (``parlour.engine.observations``); the legal actions are
        not in it (see ``action_mask``)."""
        return self.game.observation_encoder.encode(self.view(seat))

    MAX_ACTION_LENGTH: ClassVar[int] = 200
    """Longer text is never an action of any game; it is refused before it is looked at."""

    def apply(self, action: str | Action, seat: int | None = None) -> None:
        """Take ``action`` (text or an ``Action``) for the current player, or raise and change nothing:
        ``MalformedAction`` if it is no action of the game, ``ForbiddenAction`` if the rules do not
        allow it now (both are ``IllegalAction``s).

        A front end that acts for one seat passes ``seat``: an action from a seat that is not to
        move is refused with a reason that names no card, so the reason can be shown to anyone.
        The reasons for the seat to move may name that seat's own cards.
        """
        if seat is not None and (seat != self.current_player or isinstance(seat, bool | float)):
            if not _is_seat(seat, self.num_players):  # True == 1 and 1.0 == 1, but neither is said as a seat
                seats = f"whole numbers from 0 to {self.num_players - 1}"
                raise ForbiddenAction(action, f"no such seat: {echo(seat, 20)} (seats are {seats})")
            if self.is_over:
                raise ForbiddenAction(action, "the match is over")
            raise ForbiddenAction(action, f"it is not your turn: seat {self.current_player} is to move")
        text = text_of(action)
        if self._legal_cache is None:
            self._legal_cache = self._compute_legal()
        if text in self._legal_cache:  # the common case: canonical text from legal_actions()
            self._carry_out(text)
            return
        if self.is_over:
            raise ForbiddenAction(action, "the match is over")
        if len(text) > self.MAX_ACTION_LENGTH:
            raise MalformedAction(action, f"no action is longer than {self.MAX_ACTION_LENGTH} characters")
        typed = self.game.notation.parse(text)
        canonical = str(typed)
        if not self.is_legal(canonical):
            raise ForbiddenAction(action, self.explain_illegal(typed))
        self._carry_out(canonical, typed)

    def _carry_out(self, action: str, typed: Action | None = None) -> None:
        """Record a legal canonical action, then carry it out."""
        if typed is None:
            typed = self.game.notation.parse_known(action)
        self._record_action(action)
        self._apply(typed)

    def _record_action(self, action: str) -> None:
        """Log the legal canonical ``action`` in the match's record and forget the legal lists: what
        every action does before the rules carry it out (a game's own fast path calls it too)."""
        # An Event made directly (its data a dict of our own): every action logs one.
        data = MappingProxyType({"seat": self.current_player, "action": action})
        self.log.append(_new_tuple(Event, ("action", data, RECORD)))
        rng = self.rng
        if rng.sink is None and rng.live:  # a copied live source records into its new owner
            rng.sink = self._record_chance
        self._legal_cache = self._range_cache = None

    def events(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` may see it."""
        return [e for e in self.log if e.visible_to(seat)]

    def make_view(
        self,
        seat: int | None,
        *,
        extra: Any,
        zones: list[Zone],
        situation: str,
        decision: str = "",
        prompt: str = "",
        trick: TrickView | None = None,
        last_trick: TrickView | None = None,
        trump: str | None = None,
        chips: list[int] | None = None,
        score_sheet: ScoreSheet | None = None,
        hand_number: int | None = None,
        hands_in_match: int | None = None,
        roles: Mapping[int, Sequence[str]] | None = None,
        hand_sizes: list[int] | None = None,
    ) -> View[Any]:
        """A ``View`` with the fields every game shares filled in from the state (seats, teams, whose
        turn, the legal actions for the seat to move only, scores, outcome); the game gives the rest."""
        game = self.game
        players = game.num_players
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"no seat {seat}: seats are 0 to {players - 1}")
        current = self.current_player
        teams = self.teams
        known = _TEAM_OF.get((players, *teams))
        if known is None:
            seat_team = [0] * players
            for i, t in enumerate(teams):
                for s in t:
                    seat_team[s] = i
            known = _TEAM_OF[(players, *map(tuple, teams))] = (tuple(seat_team), tuple(map(tuple, teams)))
        team_of, shared_teams = known
        # The seats change only when a hand size or a role does: the same (immutable) ``SeatView``s
        # serve every view until then, as a view is asked for at every move.
        key = (team_of, *(hand_sizes or ()), *(roles.items() if roles else ()))
        try:
            made = _SEATS.get(key)
        except TypeError:  # roles given as lists: hashable as tuples
            key = (team_of, *(hand_sizes or ()), *((s, tuple(r)) for s, r in (roles or {}).items()))
            made = _SEATS.get(key)
        if made is None:
            if len(_SEATS) >= _SEATS_KEPT:
                _SEATS.clear()
            own_roles = map(tuple, map((roles or _NO_ROLES).get, range(players), repeat(())))
            made = _SEATS[key] = tuple(
                map(SeatView, range(players), team_of, own_roles, hand_sizes or repeat(None))
            )
        seats = list(made)
        outcome_view = None
        if current is None:
            outcome = self._outcome()
            outcome_view = OutcomeView(list(outcome.winners), outcome.draw, outcome.reason)
        mine = seat is not None and seat == current
        # Positional: the fields in the order ``View`` declares them (faster than keywords).
        return View(
            game.name,
            seat,
            players,
            seats,
            shared_teams,
            current,
            _decision(current, decision, prompt) if current is not None and decision else None,
            self.legal_actions() if mine else [],
            [RangeView(r.verb, r.low, r.high) for r in ranges] if mine and (ranges := self._ranges()) else [],
            zones,
            trick,
            last_trick,
            trump,
            list(self.scores),
            chips,
            score_sheet,
            hand_number,
            situation,
            outcome_view,
            extra,
            game.round_word,
            hands_in_match,
        )

    def check_invariants(self) -> None:
        """Raise ``InvalidState`` (message starting with the field) if no legal play reaches this state.

        ``Game.load`` calls it on every loaded save and the conformance suite after every action.
        Games override it to check what their saved fields must satisfy together: the pack conserved,
        hand sizes, seats in range, a phase and whose turn it is agreeing, and every fact the save
        holds twice (a field and the log's events) told the same way. The base checks the score
        events of the log against ``scores``, and each ``hand_end`` against the score events of its hand.
        """
        players = self.num_players
        logged = [0.0] * players
        hand = [0.0] * players  # the score events since the last hand_end
        bounds = self.game.hand_points_bounds
        outside = self.game.scores_outside_hands
        for i, e in enumerate(self.log):
            if e.to is not None:
                continue
            if e.kind == "score":
                seat, points = e.data.get("seat"), e.data.get("points")
                if not isinstance(seat, int) or not 0 <= seat < players:
                    raise InvalidState(f"log: a score event names no seat: {echo(dict(e.data))}")
                if isinstance(points, bool) or not isinstance(points, int | float):
                    raise InvalidState(f"log: a score event has no points: {echo(dict(e.data))}")
                logged[seat] += points
                if not outside or e.data.get("reason") not in outside:
                    hand[seat] += points
            elif e.kind == "hand_end":
                said = e.data.get("points", ())
                if bounds is not None:
                    lo, hi = bounds
                    if not all(lo <= p <= hi for p in said):
                        raise InvalidState(f"log: a hand_end event's points are not from {lo:g} to {hi:g}")
                if len(said) != players or any(abs(p - q) > 1e-6 for p, q in zip(said, hand, strict=False)):
                    raise InvalidState(
                        f"log.{i}.data.points: the hand_end gives {echo(list(said))}, but the score "
                        f"events of its hand add to {[round(p, 6) for p in hand]}"
                    )
                hand = [0.0] * players
        scores = self.scores
        for s in range(self.num_players):
            if abs(logged[s] - scores[s]) > 1e-6:
                raise InvalidState(f"scores: seat {s} has {scores[s]:g} but the log adds to {logged[s]:g}")

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": self.game.name,
                "options": dict(self.game.options),
                "seed": self.seed,
                "rng": self.rng.get_state(),
                "log": [e.to_dict() for e in self.log],
                "state": self._data(),
            },
            separators=(",", ":"),
        )

    def clone(self) -> Self:
        """An independent copy. It shares the game, the logged events and every immutable value
        (``parlour.engine.copying``): only the list of the log is new, so a clone late in a match costs
        no more than one early on, and the random source is copied on its first draw."""
        # Made blank through the class (``object.__new__`` refuses a subclass of the compiled ``State``),
        # the subclass's own fields copied from its ``__dict__``, the engine's set one by one (compiled,
        # they lie outside the ``__dict__``).
        cls = type(self)
        other = cls.__new__(cls)
        own: dict[str, Any] | None = getattr(self, "__dict__", None)
        if own is not None:
            fields: dict[str, Any] | None = getattr(other, "__dict__", None)
            if fields is None:  # compiled: a blank instance has no dict until it is given one
                fields = other.__dict__ = {}
            for name, value in own.items():
                if name not in _CLONED_APART:
                    fields[name] = copied(value)
        other.game = self.game
        other.seed = self.seed
        other.log = list(self.log)
        other.rng = self.rng.copy()
        legal, ranges = self._legal_cache, self._range_cache
        other._legal_cache = None if legal is None else list(legal)
        other._range_cache = None if ranges is None else list(ranges)
        return other

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name} current_player={self.current_player}>"


def _is_seat(seat: object, players: int) -> bool:
    """Whether ``seat`` names a seat of the table: a whole number (numpy's too) from 0, not a bool,
    a float or the number's text, which Python would let compare equal or convert."""
    if isinstance(seat, bool | float | str) or not isinstance(seat, SupportsIndex):
        return False
    try:
        number = operator.index(seat)
    except TypeError:
        return False
    return 0 <= number < players
