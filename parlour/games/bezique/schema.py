"""Two-handed Bezique's meld kinds, phases, table records, view extra and saved state: their own module,
never compiled.

The rules module may be compiled by mypyc (``parlour.build_compiled``), which makes a ``TypedDict``
class of ``typing``'s kind that pydantic refuses, and a dataclass it cannot read back; pydantic checks
saves and views against these classes, so they live here, interpreted in every build, and the rules
import them (``parlour.games.bezique.rules`` names them all as before). The numbers are the rules'
(``tests/test_bezique_core.py`` checks that they agree).
"""

# ruff: noqa: RUF009 - ``labelled``, ``per_seat`` and ``internal`` make dataclass fields, like ``field``

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Literal, NotRequired

from pydantic import Field

from parlour.cards import BEZIQUE_64
from parlour.engine.saves import Code, Count, SaveDict
from parlour.engine.views import internal, labelled, per_seat

FULL_HAND = 8
"""The cards a hand holds while the talon lasts (ruling BZ-2), and the tricks of the last eight."""


class Meld(StrEnum):
    """The kinds of meld, lowest order first."""

    COMMON_MARRIAGE = "common marriage"
    ROYAL_MARRIAGE = "royal marriage"
    BEZIQUE = "bezique"
    FOUR_JACKS = "four jacks"
    FOUR_QUEENS = "four queens"
    FOUR_KINGS = "four kings"
    FOUR_ACES = "four aces"
    SEQUENCE = "sequence"
    DOUBLE_BEZIQUE = "double bezique"

    @property
    def points(self) -> int:
        return MELD_POINTS[self]

    @property
    def order(self) -> int:
        return MELD_ORDER[self]


MELD_POINTS: dict[str, int] = {
    Meld.COMMON_MARRIAGE: 20,
    Meld.ROYAL_MARRIAGE: 40,
    Meld.BEZIQUE: 40,
    Meld.FOUR_JACKS: 40,
    Meld.FOUR_QUEENS: 60,
    Meld.FOUR_KINGS: 80,
    Meld.FOUR_ACES: 100,
    Meld.SEQUENCE: 250,
    Meld.DOUBLE_BEZIQUE: 500,
}
MELD_ORDER: dict[str, int] = {
    # ruling BZ-9: royal marriage below bezique although both score 40; bezique = four jacks
    Meld.COMMON_MARRIAGE: 1,
    Meld.ROYAL_MARRIAGE: 2,
    Meld.BEZIQUE: 3,
    Meld.FOUR_JACKS: 3,
    Meld.FOUR_QUEENS: 4,
    Meld.FOUR_KINGS: 5,
    Meld.FOUR_ACES: 6,
    Meld.SEQUENCE: 7,
    Meld.DOUBLE_BEZIQUE: 8,
}


class Phase(StrEnum):
    """Where a hand stands: the one vocabulary of the rules, the saves and the views."""

    CARTE_BLANCHE = "carte blanche"
    """Before the first trick, a hand without ace, ten or court may be shown (option, ruling BZ-20)."""
    TALON = "talon"
    """A trick while the talon lasts: free play (ruling BZ-3)."""
    DECLARE = "declare"
    """The winner of a talon trick may declare melds and the seven of trumps (ruling BZ-4)."""
    DRAW = "draw"
    """Table laws only: the players draw, winner first (ruling BZ-21)."""
    LAST_EIGHT = "last eight"
    """The talon is gone: the last tricks under the strict rules (ruling BZ-16)."""
    OVER = "over"

    @property
    def talon_lasts(self) -> bool:
        return self in _TALON_PHASES


_TALON_PHASES = frozenset({Phase.CARTE_BLANCHE, Phase.TALON, Phase.DECLARE, Phase.DRAW})
LEGACY_PHASES: dict[str, Phase] = {
    "blanche": Phase.CARTE_BLANCHE,
    "play1": Phase.TALON,
    "play2": Phase.LAST_EIGHT,
}
"""How saves written before issue 11 spelled the phases."""


@dataclass(slots=True)
class DeclaredCard:
    """A declared card lying on the table: its id, its code, and each meld it has served in with the
    declaring turn it served (the reuse rule reads them)."""

    id: int
    card: str
    uses: list[tuple[Meld, int]]


@dataclass(slots=True)
class WaitingMeld:
    """A meld shown at the same turn as the meld that scored, to score after a later trick won (ruling
    BZ-8): its kind, its cards and the ids of the declared cards it lies in."""

    kind: Meld
    cards: list[str]
    ids: list[int]


@dataclass(slots=True)
class MeldRecord:
    """A meld declared this hand, for the record: its points and whether they have been scored yet."""

    kind: Meld
    cards: list[str]
    points: int
    scored: bool

    def text(self, lost: bool = False) -> str:
        """``lost``: shown to score later, but a card of it has since been played (ruling BZ-8)."""
        tail = "" if self.scored else ", lost" if lost else ", to score"
        return f"{self.kind} {' '.join(BEZIQUE_64.pretty(c) for c in self.cards)} ({self.points}{tail})"


# The field helpers ``labelled``, ``per_seat`` and ``internal`` give metadata only, no shared default,
# hence the ``noqa: RUF009``. (Said here, not in the docstring: that is the published JSON Schema's
# description, where a lint note meant nothing to its readers.)
@dataclass(slots=True)
class BeziqueExtra:
    """What a Bezique view says beside the table's zones."""

    phase: Phase = labelled("stage", quiet=True)
    known: list[list[str]] = per_seat("known to be held", cards=True)
    """Each seat's concealed cards that the viewer knows of: for a player, all the opponent of that seat
    has seen (his own hand too, so he knows what the other knows); for a spectator, only what was shown
    to the whole table (ruling BZ-23)."""
    melds: list[list[str]] = per_seat("melds declared this hand")
    brisques: list[int] = per_seat("brisques won")
    hand_points: list[int] = per_seat("points this hand")
    sevens_shown: list[int] = per_seat("shown sevens of trumps still held")
    """Each seat's sevens of trumps shown (declared for 10) and still in its hand, which score no more
    when played (ruling BZ-5): one shown and then played no longer counts, and none count from the last
    eight on. It was labelled "sevens of trumps shown", which a seven shown and played made untrue."""
    missed_draws: list[int] | None = per_seat("draws missed, to make up")
    """Each seat's draws missed and still owed (ruling BZ-21); ``None`` where the players do not draw
    for themselves (strict laws), where no draw can be missed: it said "0, 0" at every such table."""
    revoker: int | None = labelled("revoked, conceding the brisques still to come")
    reached: int | None = internal()
    """Ruling BZ-19 (``winner=first``): the seat whose total reached the target first in this hand's
    play; the hand is played out, and that seat wins the match at its end (the situation line says
    so in words)."""
    # The public record the rules need (meld history of each declared card, the declaring turn, the
    # draws): computer players and the determinizer read it.
    declared: list[list[DeclaredCard]] = internal()
    waiting: list[list[WaitingMeld]] = internal()
    meld_history: list[list[MeldRecord]] = internal()
    tricks_played: int = internal()
    declaring_turns: int = internal()
    scored_this_turn: int = internal()
    seven_this_turn: bool = internal()
    exposed_this_turn: list[list[int]] = internal()
    next_id: int = internal()
    blanche_queue: list[int] = internal()
    draw_queue: list[int] = internal()
    drawn: bool = internal()
    top_seen: list[int] = internal()


# --- the saved state -----------------------------------------------------------------------------
# The shape of ``BeziqueState._data()``; ``check_invariants`` checks how the fields agree. The keys are
# those of the saves written before the state had typed fields, so those saves load unchanged.

Seat2 = Literal[0, 1]
MeldKind = Literal[
    "common marriage",
    "royal marriage",
    "bezique",
    "four jacks",
    "four queens",
    "four kings",
    "four aces",
    "sequence",
    "double bezique",
]
SavedPhase = Literal[
    "carte blanche", "talon", "declare", "draw", "last eight", "over", "blanche", "play1", "play2"
]
Window = Annotated[int, Field(ge=0, le=32)]  # one declaring turn per talon trick
CardId = Annotated[int, Field(ge=0, le=64)]  # a seat exposes at most the 32 cards it holds in a hand
Hand = Annotated[list[Code], Field(max_length=FULL_HAND)]
Pile = Annotated[list[Code], Field(max_length=64)]
Known = Annotated[dict[Code, Annotated[int, Field(ge=1, le=2)]], Field(max_length=FULL_HAND)]
MeldCards = Annotated[list[Code], Field(min_length=2, max_length=5)]


class TableCardSave(SaveDict):
    id: CardId
    card: Code
    uses: Annotated[list[tuple[MeldKind, Window]], Field(min_length=1, max_length=len(MELD_POINTS))]


class PendingSave(SaveDict):
    kind: MeldKind
    cards: MeldCards
    ids: Annotated[list[CardId], Field(min_length=2, max_length=5)]


class MeldSave(SaveDict):
    kind: MeldKind
    cards: MeldCards
    points: Annotated[int, Field(ge=20, le=500)]
    scored: bool


class TrickCardSave(SaveDict):
    seat: Seat2
    card: Code


TableCards = Annotated[list[TableCardSave], Field(max_length=FULL_HAND)]
Pending = Annotated[list[PendingSave], Field(max_length=200)]
Melds = Annotated[list[MeldSave], Field(max_length=500)]
Copies = Annotated[int, Field(ge=0, le=2)]
Brisques = Annotated[int, Field(ge=0, le=16)]
Owed = Annotated[int, Field(ge=0, le=FULL_HAND)]


class BeziqueSave(SaveDict):
    phase: SavedPhase
    totals: tuple[Count, Count]
    hand_number: Annotated[int, Field(ge=1, le=1_000_000)]
    dealer: Seat2
    leader: Seat2
    turn: Seat2
    trump: Literal["S", "H", "D", "C"]
    turn_up: Code | None
    stock: Annotated[list[Code], Field(max_length=47)]
    hidden: tuple[Hand, Hand]
    table: tuple[TableCards, TableCards]
    pending: tuple[Pending, Pending]
    melds: tuple[Melds, Melds]
    known: tuple[Known, Known]
    declared_sevens: tuple[Copies, Copies]
    trick: Annotated[list[TrickCardSave], Field(max_length=1)]
    last_trick: Annotated[list[TrickCardSave], Field(max_length=2)]
    won: tuple[Pile, Pile]
    brisques: tuple[Brisques, Brisques]
    revoker: Seat2 | None
    hand_points: tuple[Count, Count]
    tricks_played: Annotated[int, Field(ge=0, le=32)]
    window: Window
    window_scored: Annotated[int, Field(ge=0, le=200)]
    window_seven: bool
    window_melds: Annotated[list[Annotated[list[CardId], Field(max_length=5)]], Field(max_length=200)]
    next_id: CardId
    blanche_queue: Annotated[list[Seat2], Field(max_length=2)]
    # Under table laws only (saves from before the table-law draws lack them: filled in as empty).
    draw_queue: NotRequired[Annotated[list[Seat2], Field(max_length=2)]]
    drawn: NotRequired[bool]
    owed: NotRequired[tuple[Owed, Owed]]
    top_seen: NotRequired[Annotated[list[Seat2], Field(max_length=2)]]
    known_privately: NotRequired[tuple[Known, Known]]


TABLE_LAW_KEYS = ("draw_queue", "drawn", "owed", "top_seen", "known_privately")
"""The saved keys that exist under table laws only (ruling BZ-21); a save from before the table-law
draws lacks them, and they were empty at any moment it could have been made."""
