"""Views: what one seat (or a spectator) may know, in one typed schema every game shares.

A generic front end — the terminal today, the web table next — draws any game from a ``View`` alone:
the seats and teams, whose turn it is and what kind of decision, the legal actions (with ranges of
amounts), the table as named zones of cards (each card a face-up code or ``None`` for a face-down
card), the trick in play and the last one with its winner, scores, chips and the score sheet, a one-line
situation, the outcome once the match is over, and the game's own typed extras.

The JSON Schema of every game's views is generated from these types (``view_schema``) and published in
``docs/schema/``; the conformance suite checks every view against it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

ZoneKind = Literal[
    "hand",
    "trick",
    "tricks_won",
    "stock",
    "talon",
    "turn_up",
    "livret",
    "stack",
    "melds",
    "kitty",
    "pile",
    "bank",
    "table",
    "discards",
    "exposed",
]
"""Where cards lie. ``hand``: a seat's cards; ``tricks_won``: the cards a seat or side has taken;
``stock``/``talon``: cards still to be drawn; ``turn_up``: a card turned face up for trumps;
``livret``: Roquet's table cards; ``stack``: a pile dealt to a seat with the top face up (open tarock);
``melds``: declared combinations; ``kitty``/``pile``/``discards``: cards set aside; ``bank``: the
banker's cards (Lansquenet's bank card, laid-out cards); ``table``: cards laid out on the table;
``exposed``: cards a player must leave face up as a penalty."""

E = TypeVar("E")


def _slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of a slot of a frozen class, for its own ``__init__`` (``object.__setattr__`` is slower)."""
    setter: Callable[[Any, Any], None] = vars(cls)[name].__set__
    return setter


@dataclass(slots=True, frozen=True, init=False)
class Zone:
    """A named place on the table and its cards, in order (a card ``None`` lies face down).

    ``owner`` is the seat it belongs to, or ``None`` for the table's own (the stock, the trick).
    ``label`` names it in words where the kind alone does not ("four queens (60)", "stack 2").
    ``size`` is how many cards lie there, even where they are not listed one by one.
    ``tricks`` is how many tricks a ``tricks_won`` zone holds (``None`` for every other kind): a player
    counts tricks, not cards ("4 tricks won", where "16 cards" made them count), and the cards are no
    sure measure of them (Apology's escaped and paid cards move between piles; a short hand's cards
    go to its holder's tricks at the end of a Bezique hand).
    """

    kind: ZoneKind
    owner: int | None
    cards: Sequence[str | None]
    label: str = ""
    size: int = -1
    tricks: int | None = None

    def __init__(
        self,
        kind: ZoneKind,
        owner: int | None,
        cards: Sequence[str | None],
        label: str = "",
        size: int = -1,
        tricks: int | None = None,
    ) -> None:
        # Written out, setting the slots directly (a frozen class refuses ``self.x = ...``, and
        # ``object.__setattr__`` is slower): a view builds a dozen zones.
        _ZONE_KIND(self, kind)
        _ZONE_OWNER(self, owner)
        _ZONE_CARDS(self, cards)
        _ZONE_LABEL(self, label)
        _ZONE_SIZE(self, len(cards) if size < 0 else size)
        _ZONE_TRICKS(self, tricks)

    @property
    def face_up(self) -> list[str]:
        return [c for c in self.cards if c is not None]


_ZONE_KIND = _slot_setter(Zone, "kind")
_ZONE_OWNER = _slot_setter(Zone, "owner")
_ZONE_CARDS = _slot_setter(Zone, "cards")
_ZONE_LABEL = _slot_setter(Zone, "label")
_ZONE_SIZE = _slot_setter(Zone, "size")
_ZONE_TRICKS = _slot_setter(Zone, "tricks")


@dataclass(slots=True, frozen=True)  # immutable, so views share a trick's plays once made
class Play:
    """One card of a trick and who played it."""

    seat: int
    card: str


@dataclass(slots=True, frozen=True, init=False)
class TrickView:
    """A trick: its cards in the order played, who led, and (once decided) who won it."""

    plays: Sequence[Play]
    leader: int | None = None
    winner: int | None = None
    number: int | None = None

    def __init__(
        self,
        plays: Sequence[Play],
        leader: int | None = None,
        winner: int | None = None,
        number: int | None = None,
    ) -> None:
        # Written out, setting the slots directly, as ``Zone``'s: a view makes one or two.
        _TRICK_PLAYS(self, plays)
        _TRICK_LEADER(self, leader)
        _TRICK_WINNER(self, winner)
        _TRICK_NUMBER(self, number)

    @property
    def cards(self) -> list[str]:
        return [p.card for p in self.plays]


_TRICK_PLAYS = _slot_setter(TrickView, "plays")
_TRICK_LEADER = _slot_setter(TrickView, "leader")
_TRICK_WINNER = _slot_setter(TrickView, "winner")
_TRICK_NUMBER = _slot_setter(TrickView, "number")


@dataclass(slots=True, frozen=True)  # immutable, so views share it while the table does not change
class SeatView:
    """One seat at the table: its team (index into ``View.teams``), its roles this hand (``dealer``,
    ``leader``, ``banker``, ``taker``, ...) and how many cards it holds (``None`` where it holds none)."""

    seat: int
    team: int
    roles: tuple[str, ...] = ()
    hand_size: int | None = None


@dataclass(slots=True, frozen=True)
class Decision:
    """Whose decision it is and of what kind (``play``, ``bid``, ``bank``, ``bet``, ``meld``, ``trump``,
    ``review``, ...), with a short prompt in words."""

    seat: int
    kind: str
    prompt: str = ""


@dataclass(slots=True)
class RangeView:
    """A range of amounts: the actions ``verb N`` for ``min <= N <= max``."""

    verb: str
    min: int
    max: int


@dataclass(slots=True, frozen=True)
class ScoreRow:
    """One line of the score sheet: a label (``hand 3``, ``bishops``) and a value per column."""

    label: str
    values: Sequence[float]


@dataclass(slots=True, frozen=True)
class ScoreSheet:
    """The score sheet: its columns (a side or a seat each) and its rows, oldest first."""

    columns: Sequence[str]
    rows: Sequence[ScoreRow] = ()


@dataclass(slots=True)
class OutcomeView:
    """How the match ended: the winning seats (none for a draw) and why."""

    winners: list[int]
    draw: bool
    reason: str


@dataclass(slots=True)
class View(Generic[E]):
    """Exactly what ``seat`` may know (``None``: a spectator), for any game.

    ``extra`` is the game's own typed record (a dataclass of its own, published in the game's schema)
    for what the shared fields cannot say.

    A view is asked for at every move, so the parts of it that change seldom are immutable (frozen
    records, tuples of cards) and shared by the views that follow until they change: the seats, the
    decision, the zones of tricks won and face-down hands, the last trick, the score sheet. The lists
    in a view (its zones, the legal actions, a game's extras...) are its own: changing them changes
    neither the state nor any other view.
    """

    game: str
    seat: int | None
    players: int
    seats: list[SeatView]
    teams: Sequence[Sequence[int]]
    to_move: int | None
    decision: Decision | None
    legal_actions: list[str]
    legal_ranges: list[RangeView]
    zones: list[Zone]
    trick: TrickView | None
    last_trick: TrickView | None
    trump: str | None
    scores: list[float]
    chips: list[int] | None
    score_sheet: ScoreSheet | None
    hand_number: int | None
    situation: str
    outcome: OutcomeView | None
    extra: E
    round_word: str = "hand"
    """The game's word for one of its rounds (``Game.round_word``): "Deal 2", not "Hand 2"."""
    hands_in_match: int | None = None
    """How many hands (deals) the match has where that number is fixed (open tarock's two hands,
    Apology's agreed deals): a front end says "Hand 1 of 2" from it, as the situation no longer does;
    ``None`` where the match has no fixed length (played to a target). A match of 1 counts no hand
    ("Hand 1 of 1" says nothing): a front end then shows no hand number at all, for ``hand_number``
    counts the times the cards were dealt and may pass 1 (Apology's one deal dealt again after all
    four passed, AP-2)."""

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def zones_of(self, kind: ZoneKind, owner: int | None = None) -> Iterator[Zone]:
        """The zones of ``kind`` (belonging to ``owner`` if given)."""
        return (z for z in self.zones if z.kind == kind and (owner is None or z.owner == owner))

    def zone(self, kind: ZoneKind, owner: int | None = None) -> Zone | None:
        """The first zone of ``kind`` (belonging to ``owner`` if given), if there is one."""
        return next(self.zones_of(kind, owner), None)

    @property
    def hand(self) -> list[str]:
        """The viewing seat's own cards (empty for a spectator)."""
        if self.seat is None:
            return []
        zone = self.zone("hand", self.seat)
        return zone.face_up if zone is not None else []

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (what a web client receives)."""
        return _plain(self)  # type: ignore[no-any-return]


def _plain(value: Any) -> Any:
    """Dataclasses, lists and tuples as plain JSON data (faster than ``dataclasses.asdict``)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def label_of(f: dataclasses.Field[Any]) -> str:
    """How a front end names an extra's field: its ``label`` metadata, else the name in words."""
    return str(f.metadata.get("label", f.name.replace("_", " ")))


def per_seat(
    label: str | None = None,
    *,
    per: Literal["seat", "side"] = "seat",
    cards: bool = False,
    suits: bool = False,
    quiet: bool = False,
) -> Any:
    """Field metadata for a game's extras: a list with one value per seat (or side), and whether its
    values are card codes, so a generic front end writes "you: 3, seat 1: 2" rather than "[3, 2]",
    or suit letters, which it writes as the cards' rows write suits ("♣", not "C"); ``quiet``: see
    ``is_quiet``."""
    meta: dict[str, Any] = {"per": per, "cards": cards}
    if suits:
        meta["suits"] = True
    if quiet:
        meta["quiet"] = True
    if label is not None:
        meta["label"] = label
    return field(metadata=meta)


def labelled(
    label: str,
    *,
    cards: bool = False,
    seats: bool = False,
    quiet: bool = False,
    default: Any = dataclasses.MISSING,
) -> Any:
    """Field metadata for a game's extras: how to name the field, and whether it holds card codes or
    seat numbers (which a front end names as it names the seats: "you", "Ann", "seat 3"); ``quiet``:
    see ``is_quiet``."""
    meta: dict[str, Any] = {"label": label, "cards": cards}
    if seats:
        meta["seats"] = True
    if quiet:
        meta["quiet"] = True
    if default is dataclasses.MISSING:
        return field(metadata=meta)
    return field(default=default, metadata=meta)


def holds_of(f: dataclasses.Field[Any]) -> str:
    """What an extras field's values are, for a front end to write them: "cards" (card codes), "suits"
    (suit letters), "seats" (seat numbers), or "" (numbers and words as they are)."""
    return next((kind for kind in ("cards", "suits", "seats") if f.metadata.get(kind)), "")


def is_quiet(f: dataclasses.Field[Any]) -> bool:
    """Whether an extras field says nothing at a move, so that a front end short of room leaves it out
    before the others: a game's phase or stage (the question asked says it) or a count of the rounds
    played (the round's own number counts them). The game says so (``quiet=True``), not its label's
    words: the terminal's compact table once guessed it from English labels ("phase", "... played")."""
    return bool(f.metadata.get("quiet"))


def internal(default: Any = dataclasses.MISSING) -> Any:
    """Field metadata for a game's extras that a front end does not show: public bookkeeping that
    computer players and the determinizer read (whose turn it was to claim, the order of tricks...)."""
    if default is dataclasses.MISSING:
        return field(metadata={"show": False})
    return field(default=default, metadata={"show": False})


def trick_view(
    plays: Sequence[tuple[int, str]],
    leader: int | None = None,
    winner: int | None = None,
    number: int | None = None,
) -> TrickView:
    """A ``TrickView`` from ``(seat, card)`` pairs."""
    return TrickView([play(s, c) for s, c in plays], leader, winner, number)


_PLAYS: dict[tuple[int, str], Play] = {}


def play(seat: int, card: str) -> Play:
    """The ``Play`` of ``card`` by ``seat``: made once and shared (it is immutable), as a view is asked
    for at every move and shows the same plays again and again."""
    made = _PLAYS.get((seat, card))
    if made is None:
        made = _PLAYS[(seat, card)] = Play(seat, card)
    return made


@dataclass(slots=True)
class NoExtra:
    """The extras of a game that needs none."""
