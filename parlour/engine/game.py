"""The Game/State contract that every game, computer player and front end shares.

A ``Game`` is a rule set with its options fixed; a ``State`` is one whole match
of it (every hand until the match is decided). States are driven only through
actions (typed ``Action`` values, or their text); all chance happens inside the
state, from its own RNG. What a seat may know comes through one door, ``view``.

``State`` lives in ``parlour.engine.state`` (which the optional compiled build compiles) and is
re-exported here with the rest of the contract.
"""

from __future__ import annotations

import functools
import json
import math
import operator
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from parlour.cards import get_pack
from parlour.engine.action_space import ActionSpace, AmountBlock, Block, product_texts
from parlour.engine.actions import SUIT_LETTERS, Action, ActionSpec, Notation, text_of
from parlour.engine.errors import (
    InvalidSave,
    InvalidState,
    MalformedAction,
    echo,
)
from parlour.engine.events import RECORD as RECORD  # re-exported: the log's names, from where they were
from parlour.engine.events import Event as Event
from parlour.engine.observations import Encoder
from parlour.engine.options import Option, resolve_options, saved_options
from parlour.engine.rng import Rng, check_seed
from parlour.engine.state import _SCRIPT
from parlour.engine.state import SAVE_FORMAT as SAVE_FORMAT  # re-exported: importers name these from here
from parlour.engine.state import SAVE_VERSION as SAVE_VERSION
from parlour.engine.state import Outcome as Outcome
from parlour.engine.state import State as State
from parlour.engine.views import (
    NoExtra,
    View,
    ZoneKind,
)


@dataclass(frozen=True)
class GameInfo:
    """What a front end or a user needs to know about a game before making one."""

    name: str
    title: str
    min_players: int
    max_players: int
    pack: str
    summary: str
    options: tuple[Option, ...]

    @property
    def players(self) -> int | tuple[int, int]:
        if self.min_players == self.max_players:
            return self.min_players
        return (self.min_players, self.max_players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "players": self.players,
            "pack": self.pack,
            "summary": self.summary,
            "options": [o.to_dict() for o in self.options],
        }


_LOAD_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError)
"""What a game's code raises on data it did not expect; ``load`` turns any of them into ``InvalidSave``."""

_SAVE_KEYS = frozenset({"format", "version", "game", "options", "seed", "rng", "log", "state"})
MAX_LOG_EVENTS = 1_000_000


def _parse_json(text: str) -> Any:
    def refuse_constant(name: str) -> Any:
        raise InvalidSave(f"not JSON: {name} is not a number JSON knows")

    try:
        return json.loads(text, parse_constant=refuse_constant)
    except json.JSONDecodeError as exc:
        raise InvalidSave(f"not JSON: {exc}") from None
    except RecursionError:
        raise InvalidSave("not a saved state: nested too deeply") from None
    except ValueError as exc:  # e.g. a number of more than 4,300 digits
        raise InvalidSave(f"not JSON parlour can read: {echo(exc, 200)}") from None


def _checked_log(raw: object, players: int) -> list[Event]:
    """The saved log as events: each ``{"kind": word, "data": object, "to": seat?}``."""
    if not isinstance(raw, list):
        raise InvalidSave("log: must be a list of events")
    if len(raw) > MAX_LOG_EVENTS:
        raise InvalidSave(f"log: at most {MAX_LOG_EVENTS:,} events")
    out: list[Event] = []
    for i, e in enumerate(raw):
        if not isinstance(e, dict) or not {"kind", "data"} <= set(e) or not set(e) <= {"kind", "data", "to"}:
            raise InvalidSave(f"log.{i}: an event is {{'kind', 'data'}} with an optional 'to'")
        kind, data, to = e["kind"], e["data"], e.get("to")
        if not isinstance(kind, str) or not 0 < len(kind) <= 64:
            raise InvalidSave(f"log.{i}.kind: must be a short word")
        if not isinstance(data, dict):
            raise InvalidSave(f"log.{i}.data: must be an object")
        if to is not None and (isinstance(to, bool) or not isinstance(to, int) or not RECORD <= to < players):
            raise InvalidSave(f"log.{i}.to: must be a seat from 0 to {players - 1} (or {RECORD}, the record)")
        _check_shared_event(f"log.{i}.data", kind, data, players)
        out.append(Event(kind, data, to))
    return out


def _is_number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


def _check_shared_event(where: str, kind: str, data: dict[str, Any], players: int) -> None:
    """The events every game writes and every reader (simulations, front ends) relies on:
    a ``text`` is words, a ``score`` gives a seat its points, a ``hand_end`` every seat's points."""
    if "text" in data and not isinstance(data["text"], str):
        raise InvalidSave(f"{where}.text: must be a string")
    if kind == "score":
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidSave(f"{where}.seat: must be a seat from 0 to {players - 1}")
        if not _is_number(data.get("points")):
            raise InvalidSave(f"{where}.points: must be a finite number")
    elif kind == "hand_end":
        points = data.get("points")
        if not isinstance(points, list) or len(points) != players or not all(map(_is_number, points)):
            raise InvalidSave(f"{where}.points: must be {players} finite numbers, one a seat")


def _check_loaded(state: State) -> None:
    """The loaded state as a whole: its invariants, then every door a caller will open next."""
    try:
        state.check_invariants()
    except InvalidState as exc:
        raise InvalidSave(str(exc)) from None
    except _LOAD_ERRORS as exc:  # a game's check met data it did not expect: still one error class
        raise InvalidSave(f"state: inconsistent ({type(exc).__name__}: {echo(exc, 200)})") from None
    try:
        current = state.current_player
        if current is not None and not 0 <= current < state.num_players:
            raise InvalidSave(f"state: the seat to move, {current}, is not a seat")
        legal = state.legal_actions()
        if current is not None and not legal and not state.legal_ranges():
            raise InvalidSave("state: the match is not over but nobody can move")
        for seat in [None, *range(state.num_players)]:
            json.dumps(state.view(seat).to_dict(), allow_nan=False)
    except InvalidSave:
        raise
    except _LOAD_ERRORS as exc:
        raise InvalidSave(f"state: inconsistent ({type(exc).__name__}: {echo(exc, 200)})") from None


S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """A rule set with its options fixed, making states of type ``S``.

    Subclasses declare their metadata as class attributes: ``name``, ``title``, the number of
    players, the ``pack``, a ``summary``, their ``option_specs``, their notation (``action_specs``,
    ``action_aliases``) and the type of their views' extras (``view_extra``).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    pack: str
    """The pack's name (``parlour.cards.get_pack``); a game whose pack is an option sets it per instance."""
    summary: ClassVar[str] = ""
    round_word: ClassVar[str] = "hand"
    """What the game calls one of its rounds ("hand", or "deal" where its rules say so): a front end
    says "Deal 2" and "the deal is over" with it rather than a word the game does not use."""
    brief_rounds: ClassVar[bool] = False
    """Whether a round is over in a few moves (Lansquenet's deal: a bank, bets, a few cards turned),
    its result left on the table and in the log: a front end then shows no banner at each one's end."""
    option_specs: ClassVar[tuple[Option, ...]] = ()
    hand_points_bounds: tuple[float, float] | None = None
    """Bounds of each seat's points in a ``hand_end`` event (a save whose log breaks them is refused)."""
    scores_outside_hands: ClassVar[frozenset[str]] = frozenset()
    """Reasons of ``score`` events that belong to no hand (Lansquenet's starting stakes): every other
    score event counts in the next ``hand_end``, whose points must be their sum."""
    action_specs: ClassVar[tuple[ActionSpec, ...]]
    """The game's actions: each kind and its arguments (its notation)."""
    action_aliases: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Other words players use for an action (``{"done": "pass"}``)."""
    view_extra: ClassVar[type] = NoExtra
    """The type of ``View.extra`` in this game's views (published in its view schema)."""

    def __init__(self, **options: Any) -> None:
        self.options: Mapping[str, Any] = MappingProxyType(
            resolve_options(self.option_specs, options, self.name)
        )
        self._notation: Notation | None = None

    @property
    def notation(self) -> Notation:
        """How this game's actions are written and parsed (cards checked against its pack)."""
        if self._notation is None:
            pack = get_pack(self.pack)
            self._notation = Notation(self.action_specs, pack.is_card, self.action_aliases, pack.spelling)
        return self._notation

    # --- the fixed action space -------------------------------------------------------------------

    @functools.cached_property
    def card_codes(self) -> tuple[str, ...]:
        """Every distinct card code of the game's pack, in the pack's order (suits ``S H D C``, each
        highest first, then the cards outside the suits); the copies of a doubled pack or a shoe once.
        None for a game without a pack."""
        return tuple(dict.fromkeys(get_pack(self.pack).cards)) if self.pack else ()

    def amount_bounds(self, verb: str) -> tuple[int, int]:
        """The lowest and highest amount any state of this game (under its options) may offer for
        ``verb`` (``bet``): the action space holds one id per whole amount between them. A game with
        amounts overrides this; it is derived from the options, never from a state."""
        raise NotImplementedError(f"{self.name} names amounts with {verb!r} but declares no amount_bounds")

    def actions_of_kind(self, spec: ActionSpec) -> Sequence[str]:
        """The canonical texts of one kind of action, in order: every combination of its arguments'
        values (a card: each of ``card_codes``; a suit: ``S H D C``; a word: its words; an amount:
        ``amount_bounds``). Arguments of several cards (``meld KS QS``) cannot be enumerated
        generically: a game with them overrides this for that kind, deriving the melds from its rules."""
        values: list[Sequence[str]] = []
        for arg in spec.args:
            if arg == "card":
                values.append(self.card_codes)
            elif arg == "suit":
                values.append(SUIT_LETTERS)
            elif arg == "word" and spec.words:
                values.append(spec.words)
            elif arg == "amount":
                low, high = self.amount_bounds(spec.kind)
                values.append([str(n) for n in range(low, high + 1)])
            else:
                raise NotImplementedError(
                    f"{self.name}: the {arg!r} argument of {spec.kind!r} has no generic enumeration; "
                    "override Game.actions_of_kind for it"
                )
        return product_texts(spec.kind, values)

    @functools.cached_property
    def id_space(self) -> ActionSpace:
        """The numbering behind the action ids: one block per ``ActionSpec`` in the notation's order (a
        kind that names only an amount is a block numbered arithmetically, however large)."""
        blocks: list[Block] = []
        for spec in self.action_specs:
            if spec.args == ("amount",):
                blocks.append(AmountBlock(spec.kind, *self.amount_bounds(spec.kind)))
            else:
                blocks.append(tuple(self.actions_of_kind(spec)))
        return ActionSpace(blocks)

    @functools.cached_property
    def action_space(self) -> tuple[str, ...]:
        """Every canonical action text this game (with its options) can ever have, numbered by position:
        for each ``ActionSpec`` in order, its kind alone if it takes no argument, else ``actions_of_kind``
        (one text per card code of the pack, per suit, per word, per declarable meld, and per whole
        amount from ``amount_bounds`` low to high). A text is legal in some position or never; what the
        text API accepts for a legal action is always here. ``ValueError`` for a space too large to
        list (``MAX_LISTED_ACTIONS``), whose ids work all the same."""
        return self.id_space.texts()

    @property
    def num_distinct_actions(self) -> int:
        """How many ids the action space holds (``len(action_space)``, without listing it)."""
        return self.id_space.size

    def action_id(self, action: str | Action) -> int:
        """The id of ``action`` (text in any spelling the notation reads, or an ``Action``), or
        ``MalformedAction`` if it is no action of the game or has no id (an amount beyond the bounds)."""
        space = self.id_space
        text = text_of(action)
        found = space.id_of(text)
        if found is not None:
            return found
        if len(text) > State.MAX_ACTION_LENGTH:
            raise MalformedAction(action, f"no action is longer than {State.MAX_ACTION_LENGTH} characters")
        canonical = str(self.notation.parse(text))
        found = space.id_of(canonical)
        if found is None:
            raise MalformedAction(action, f"{echo(canonical)} is not in this game's action space")
        return found

    def action_text(self, action_id: int) -> str:
        """The canonical text of the action numbered ``action_id``. ``MalformedAction`` for anything but a
        whole number (an ``int`` or a NumPy integer, never a ``bool``) from 0 to
        ``num_distinct_actions - 1``."""
        space = self.id_space
        if type(action_id) is not int:
            if isinstance(action_id, bool | np.bool_):
                raise MalformedAction(action_id, "an action id is a whole number, not a truth value")
            try:
                action_id = operator.index(action_id)
            except TypeError:
                raise MalformedAction(
                    action_id, f"an action id is a whole number, not {type(action_id).__name__}"
                ) from None
        if not 0 <= action_id < space.size:
            raise MalformedAction(action_id, f"no action has this id: ids run from 0 to {space.size - 1}")
        return space.text_of(action_id)

    # --- observation tensors ----------------------------------------------------------------------

    decision_kinds: ClassVar[tuple[str, ...]] = ()
    """Every kind of decision this game's views name (``View.decision.kind``), in a fixed order: an
    observation one-hot encodes them, any kind not declared in one last slot shared by all such."""
    seat_roles: ClassVar[tuple[str, ...]] = ()
    """Every role this game's views give a seat (``SeatView.roles``), in a fixed order, likewise."""
    zone_kinds: ClassVar[tuple[ZoneKind, ...]] = ()
    """The kinds of zone this game's views hold, each a block of the observation; none declared is
    every kind (a view with a zone of a kind not declared cannot be encoded)."""

    @property
    def value_scale(self) -> float:
        """What an observation divides scores and chips by, so that they lie near -1 to 1: a game's
        target, or all the chips at the table; the default is 100."""
        return 100.0

    def action_words(self, action: str, view: View[Any] | None = None) -> str:
        """What a legal action is, in words, where its text names only cards: Roquet's "meld 7H 7S" is
        "pair of sevens, 2 points" (its buttons showed "7♥ 7♠" alone); "" where the text says it all,
        as in most games. From the action's text and, where given, ``view``, the view of the seat the
        action is legal for (Bezique's marriage of K♠ Q♠ is royal only with spades trumps, which the
        text cannot say): nothing the seat may not know. Without a view, what the text alone says."""
        return ""

    def extra_layout(self) -> Sequence[tuple[str, tuple[int, ...]]]:
        """The game's own segments of the observation, each a name and a shape fixed by the options,
        for what a player needs that the shared segments do not hold (filled by ``encode_extra``)."""
        return ()

    def encode_extra(
        self, view: View[Any], out: Mapping[str, npt.NDArray[np.float32]], rel: Sequence[int]
    ) -> None:
        """Fill ``out`` (each segment of ``extra_layout`` as a zeroed array of its shape) from ``view``
        alone; ``rel[seat]`` is each seat as the observer sees it (0 the observer, then round the table)."""

    def seating(self, view: View[Any]) -> Sequence[int]:
        """The seats in the order play goes round the table, read from ``view``: an observation numbers
        the seats from the observer along it. Seat order unless the game seats players otherwise."""
        return range(view.players)

    @functools.cached_property
    def observation_encoder(self) -> Encoder:
        """The observation layout and the encoder of this game's views (made once per game)."""
        return Encoder(self)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of every observation tensor of this game (with its options): one flat vector."""
        return self.observation_encoder.shape

    @classmethod
    def info(cls) -> GameInfo:
        pack: object = getattr(cls, "pack", "")
        if not isinstance(pack, str):
            # The compiled build (mypyc) keeps an instance attribute's class default on its instances,
            # the class holding a descriptor: `parlour list` failed there (NotRenderableError).
            pack = cls().pack
        return GameInfo(
            cls.name, cls.title, cls.min_players, cls.max_players, str(pack), cls.summary, cls.option_specs
        )

    @functools.cached_property
    def num_players(self) -> int:
        """Read from the (fixed) options once: a view and every turn ask for it."""
        return int(self.options.get("players", self.min_players))

    @abstractmethod
    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> S:
        """A new match; ``deal`` (documented per game) sets up its first hand explicitly."""

    @abstractmethod
    def _blank_state(self) -> S:
        """An uninitialised state for ``load`` to fill."""

    MAX_SAVE_LENGTH: ClassVar[int] = 50_000_000
    """No saved match comes near 50 MB of text; longer text is refused unread."""

    def load(self, text: str) -> S:
        """Rebuild a state saved by ``State.to_json``; it goes on exactly as the original would.

        Anything that is not a state of this game that play could reach is refused with
        ``InvalidSave`` naming the field at fault: the header, the options, the seed, the random
        state, the log, every field of the game's own part (``_restore``), and then the whole
        (``check_invariants``, the log's scores, a view for every seat).
        """
        if not isinstance(text, str):
            raise InvalidSave(f"a save is JSON text, not {type(text).__name__}")
        if len(text) > self.MAX_SAVE_LENGTH:
            raise InvalidSave(f"a save is at most {self.MAX_SAVE_LENGTH:,} characters")
        data = _parse_json(text)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidSave("not a saved parlour state")
        if set(data) != _SAVE_KEYS:
            missing, extra = sorted(_SAVE_KEYS - set(data)), sorted(set(data) - _SAVE_KEYS)
            raise InvalidSave(f"a save has the keys {sorted(_SAVE_KEYS)} (missing {missing}, extra {extra})")
        if data["version"] != SAVE_VERSION or isinstance(data["version"], bool):
            raise InvalidSave(f"version: this parlour reads saves of version {SAVE_VERSION}")
        if data["game"] != self.name:
            raise InvalidSave(f"game: a saved {echo(data['game'])} state cannot be loaded into {self.name!r}")
        self._check_saved_options(data["options"])
        state = self._blank_state()
        seed = data["seed"]
        if seed is not None:
            try:
                state.seed = check_seed(seed)
            except ValueError as exc:
                raise InvalidSave(f"seed: {exc}") from None
        else:
            state.seed = None
        state.rng.set_state(data["rng"])
        if (seed is None) != state.rng.live:
            raise InvalidSave("rng: a seeded match saves its random state, a live one saves 'system'")
        state.log = _checked_log(data["log"], self.num_players)
        if state.rng.live:
            state.rng.sink = state._record_chance
        try:
            state._restore(data["state"])
        except (InvalidSave, InvalidState) as exc:
            raise InvalidSave(str(exc)) from None
        except _LOAD_ERRORS as exc:
            # A game's schema should have caught it; this net keeps the promise of one error class.
            raise InvalidSave(f"state: {type(exc).__name__}: {echo(exc, 200)}") from None
        state._legal_cache = None
        _check_loaded(state)
        return state

    @classmethod
    def _saved_options(cls, saved: object) -> tuple[dict[str, Any], list[str]]:
        """What a save's options mean (one it lacks, the save being older than the option: its
        legacy value) and the names it lacked; ``InvalidSave`` for options this game does not have."""
        if not isinstance(saved, dict):
            raise InvalidSave("options: must be an object of option names and values")
        known = {o.name for o in cls.option_specs}
        unknown = sorted((k for k in saved if k not in known), key=str)
        if unknown:
            names = ", ".join(echo(k) for k in unknown[:5]) + (" ..." if len(unknown) > 5 else "")
            raise InvalidSave(
                f"options: {cls.name} has no option {names} (a save of a newer parlour, or of another "
                f"game); its options are: {', '.join(sorted(known)) or 'none'}"
            )
        return saved_options(cls.option_specs, saved)

    def _check_saved_options(self, saved: object) -> None:
        """The save's options, older ones filled in, must be this game's own: a state plays by them."""
        meant, missing = self._saved_options(saved)
        if meant == dict(self.options):
            return
        differ = [k for k in meant if meant[k] != self.options[k]]
        older = [k for k in differ if k in missing]
        if older:
            said = ", ".join(f"{k}={meant[k]!r}" for k in older)
            raise InvalidSave(
                f"options: the save is older than the option {', '.join(older)}, so it means {said} "
                f"(the rules it was played by), but this game has "
                + ", ".join(f"{k}={self.options[k]!r}" for k in older)
                + f"; make the game with {type(self).__name__}.options_of_save(text)"
            )
        raise InvalidSave(f"options: saved with {echo(saved, 200)}, but this game has {dict(self.options)}")

    @classmethod
    def options_as_saved(cls, saved: Mapping[str, Any]) -> dict[str, Any]:
        """The options a match stored with the options ``saved`` was played by, each one it lacks (an
        older parlour stored it) as its ``legacy_value``: for a store of matches other than a save,
        such as the web server's tables. ``InvalidSave`` names options the game does not have."""
        return cls._saved_options(dict(saved))[0]

    @classmethod
    def options_of_save(cls, text: str) -> dict[str, Any]:
        """The options a save of this game was played by, to make the game that loads it: each one the
        save lacks (it is older than the option) as the option's ``legacy_value``:
        ``make(name, **cls.options_of_save(text)).load(text)`` loads any save of the game.
        """
        if not isinstance(text, str) or len(text) > cls.MAX_SAVE_LENGTH:
            raise InvalidSave(f"a save is JSON text of at most {cls.MAX_SAVE_LENGTH:,} characters")
        data = _parse_json(text)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or "options" not in data:
            raise InvalidSave("not a saved parlour state")
        if data.get("game") != cls.name:
            raise InvalidSave(f"game: a saved {echo(data.get('game'))} state is not one of {cls.name!r}")
        return cls._saved_options(data["options"])[0]

    def replay(self, text: str, deal: Mapping[str, Any] | None = None) -> S:
        """Rebuild a saved match from its record: the seed (or, for a live match, the draws recorded
        in its log) and every action in the log, played again through ``apply``.

        The rebuilt match must write exactly the saved log, or ``InvalidSave`` says where it parts
        from it. A match begun from an explicit deal needs that ``deal`` again. A live match, once
        replayed, goes on with fresh draws.
        """
        saved = self.load(text)
        record = [e for e in saved.log if e.to == RECORD]
        draws = [dict(e.data) for e in record if e.kind == "chance"]
        actions = [(e.data.get("seat"), str(e.data.get("action"))) for e in record if e.kind == "action"]
        state = self.from_record(saved.seed, draws, actions, deal)
        mine, theirs = [e.to_dict() for e in state.log], [e.to_dict() for e in saved.log]
        if mine != theirs:
            at = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), len(mine))
            raise InvalidSave(f"log.{at}: the record replays to another match from here")
        if state._data() != saved._data():
            raise InvalidSave("state: the record replays to another position than the one saved")
        return state

    def from_record(
        self,
        seed: int | None,
        draws: Sequence[Mapping[str, Any]],
        actions: Sequence[tuple[int | None, str]],
        deal: Mapping[str, Any] | None = None,
    ) -> S:
        """The match a record describes: its seed (or, for a live match, the draws recorded as it was
        played, in order) and its actions (seat, canonical text), each played again through ``apply``.

        This is how a server rebuilds a table from its stored moves. A live match goes on with fresh
        draws once the recorded ones are used. ``InvalidSave`` says where the record does not replay.
        """
        token = _SCRIPT.set(Rng.scripted(draws) if seed is None else None)
        try:
            state = self.new(seed=seed, deal=deal)
        except ValueError as exc:
            raise InvalidSave(f"log: the record does not replay: {exc}") from None
        finally:
            _SCRIPT.reset(token)
        for i, (seat, action) in enumerate(actions):
            try:
                state.apply(action, seat=seat)
            except ValueError as exc:
                raise InvalidSave(f"log: action {i + 1} of the record does not replay: {exc}") from None
        return state

    def determinize(self, view: View[Any], rng: Rng) -> S:
        """A full state consistent with ``view``, hidden cards sampled by ``rng``.

        This is how computer players search without seeing what they may not know.
        """
        raise NotImplementedError(f"{self.name} has no determinizer")

    rules_file: ClassVar[str] = "rules.md"
    """The rules text, a file in the game's own package."""

    @classmethod
    def rules_text(cls) -> str:
        """The rules in the project's own words, with the card and action notation."""
        package = cls.__module__.rpartition(".")[0] or cls.__module__
        return resources.files(package).joinpath(cls.rules_file).read_text(encoding="utf-8")

    strength_file: ClassVar[str] = "strength.md"
    """The computer players' measurements, a file in the game's own package (a game may have none)."""

    @classmethod
    def strength_text(cls) -> str:
        """How strong the computer players are, how it was measured and what was tried: kept apart from
        the rules, which a player reads at the table, so that the rules stay the rules. Empty if the game
        has no such notes."""
        package = cls.__module__.rpartition(".")[0] or cls.__module__
        try:
            return resources.files(package).joinpath(cls.strength_file).read_text(encoding="utf-8")
        except OSError:
            return ""

    @classmethod
    def rulings_text(cls) -> str:
        """This game's part of the rulings (docs/rulings.md, shipped in the package): the section
        headed by the game's title (or its first words, before a parenthesis)."""
        try:
            text = resources.files("parlour").joinpath("rulings.md").read_text(encoding="utf-8")
        except OSError:
            return ""
        wanted = {cls.title, cls.title.split(" (")[0]}
        out: list[str] = []
        inside = False
        for line in text.splitlines():
            if line.startswith("## "):
                inside = line[3:].strip() in wanted
            if inside:
                out.append(line)
        return "\n".join(out).strip() + "\n" if out else ""

    def played_options(self) -> dict[str, Any]:
        """The options as the rules play them: two games of one kind whose played options are equal
        play the same matches from the same seed, though their options be written apart (Open
        Tarock's ``stacks=auto`` is its pack's sizes). A sweep refuses to play one game twice by them."""
        return dict(self.options)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"parlour.make({self.name!r}{', ' if opts else ''}{opts})"
