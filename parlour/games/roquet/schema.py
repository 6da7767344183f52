"""Roquet's view extra and saved state: their own module, never compiled.

The rules module may be compiled by mypyc (``parlour.build_compiled``), which makes a ``TypedDict``
class of ``typing``'s kind that pydantic refuses, and a dataclass it cannot read back; pydantic checks
saves and views against these classes, so they live here, interpreted in every build. The numbers are
the rules' (``tests/test_roquet_core.py`` checks that they agree).
"""

# ruff: noqa: RUF009 - ``labelled``, ``per_seat`` and ``internal`` make dataclass fields, like ``field``

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from parlour.engine.saves import Code, Count, SaveDict
from parlour.engine.views import internal, labelled, per_seat

PLAYERS = 2
PACK_SIZE = 60
SUIT_COUNT = 4
RANK_COUNT = 15
HAND_SIZE = 8
LIVRET_SIZE = 4
TRICK_SIZE = PLAYERS
PAIR_SIZE = 2

MeldKind = Literal["pair", "royal pair", "sequence", "muster"]
Phase = Literal["play", "meld", "over"]
"""``play``: a card is to be led or followed; ``meld``: the trick winner's moment; ``over``: the match."""


@dataclass(slots=True)
class RoquetExtra:
    """What a Roquet view says beyond the shared fields (the table itself is in the zones: the hands,
    the livret, the turn-up, the stock, each side's combinations and the tricks taken)."""

    banked: list[int] = per_seat("banked this hand")
    """Points of the combinations laid down this hand, added to the score when it ends (RQ-15)."""
    stock_size: int = labelled("cards left to draw")
    """The face-down stock and the turn-up under it, drawn last (RQ-1: 40 at the deal)."""
    known: list[list[str]] = per_seat("known to hold", cards=True)
    """Cards every seat knows a hand holds: the turn-up, drawn as the stock's last card (RQ-2)."""
    table_taken: bool = internal()
    """Whether the trick winner has taken its one table card in this meld moment (RQ-6)."""
    melds_made: int = internal()
    """Combinations laid down in this meld moment (RQ-7)."""
    voids: list[list[str]] = internal()
    """Suits a seat has shown it lacks since it last drew."""
    played: list[str] = internal()
    """This hand's tricks, card by card in the order played (each trick's leader first)."""


# --- the saved form -------------------------------------------------------------------------

Seat2 = Annotated[int, Field(ge=0, le=PLAYERS - 1)]
Suit = Literal["S", "H", "D", "C"]
MAX_TRICKS = PACK_SIZE // TRICK_SIZE
"""No hand has more tricks than the pack has pairs of cards (nor more combinations)."""
Cards = Annotated[list[Code], Field(max_length=PACK_SIZE)]
HandSave = Annotated[list[Code], Field(max_length=HAND_SIZE)]
Known = Annotated[list[Code], Field(max_length=1)]
Voids = Annotated[list[Suit], Field(max_length=SUIT_COUNT)]


class TrickCardSave(SaveDict):
    seat: Seat2
    card: Code


class TrickSave(SaveDict):
    leader: Seat2
    cards: Annotated[list[TrickCardSave], Field(min_length=TRICK_SIZE, max_length=TRICK_SIZE)]
    winner: Seat2


class MeldSave(SaveDict):
    cards: Annotated[list[Code], Field(min_length=PAIR_SIZE, max_length=RANK_COUNT)]
    kind: MeldKind
    points: Annotated[int, Field(ge=0, le=RANK_COUNT)]


Melds = Annotated[list[MeldSave], Field(max_length=MAX_TRICKS)]


class RoquetSave(SaveDict):
    """``RoquetState._data()``: one match, the hand in progress in full."""

    match_scores: tuple[Count, Count]
    hand_number: Annotated[int, Field(ge=1, le=1_000_000)]
    dealer: Seat2
    leader: Seat2
    hands: tuple[HandSave, HandSave]
    livret: Annotated[list[Code], Field(max_length=LIVRET_SIZE)]
    turn_up: Code | None
    trump: Suit
    stock: Cards
    trick: Annotated[list[tuple[Seat2, Code]], Field(max_length=TRICK_SIZE - 1)]
    tricks: Annotated[list[TrickSave], Field(max_length=MAX_TRICKS)]
    phase: Phase
    melder: Seat2 | None
    table_taken: bool
    melds_made: Annotated[int, Field(ge=0, le=MAX_TRICKS)]
    banked: tuple[Count, Count]
    melds: tuple[Melds, Melds]
    known: tuple[Known, Known]
    voids: tuple[Voids, Voids]
