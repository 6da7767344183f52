"""Lansquenet's view extra and saved state: their own module, never compiled.

The rules module may be compiled by mypyc (``parlour.build_compiled``), which makes a ``TypedDict``
class of ``typing``'s kind that pydantic refuses, and a dataclass it cannot read back; pydantic checks
saves and views against these classes, so they live here, interpreted in every build. The numbers are
the rules' (``tests/test_lansquenet_core.py`` checks that they agree).
"""

# ruff: noqa: RUF009 - ``labelled``, ``per_seat`` and ``internal`` make dataclass fields, like ``field``

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from parlour.engine.saves import Code, Count, Points, SaveDict, Seat, Word
from parlour.engine.views import internal, labelled, per_seat

MAX_CHIPS = 10**9
MAX_PACKS = 8
MAX_STACKS = 1000
HAND_CARDS = 2

PhaseWord = Literal["bank", "bet", "hbet", "keep", "buy", "over"]
"""What the session waits for, as saved and shown (``View.extra.phase``)."""


# --- what a save holds (ruling LQ-30) ------------------------------------------------------------

Chips = Annotated[int, Field(ge=0, le=MAX_CHIPS)]
_SHOE = MAX_PACKS * 52
Cards = Annotated[list[Code], Field(max_length=_SHOE)]
PerSeat = Annotated[list[Chips], Field(min_length=2, max_length=10)]
Seats = Annotated[list[Seat], Field(max_length=10)]
DealPoints = Annotated[list[Points], Field(min_length=2, max_length=10)]


class SpotSave(SaveDict):
    """A card laid out in Hoyle's game, with the bets standing on it."""

    card: Code
    matched: bool
    bets: PerSeat


class ClassicDealSave(SaveDict):
    bank_card: Code
    players_card: Code
    pile: Cards
    result: Word
    same_rank: bool
    points: DealPoints


class HoyleDealSave(SaveDict):
    bank_card: Code
    hand_cards: Annotated[list[Code], Field(max_length=HAND_CARDS)]
    table: Annotated[list[Code], Field(max_length=13)]
    pile: Cards
    result: Word
    points: DealPoints


class VoidDealSave(SaveDict):
    result: Word
    points: DealPoints


class BookkeepingSave(SaveDict):
    to_act: Seat | None
    passed: Seats
    queue: Seats
    base_bank: Chips
    same_rank_win: bool
    deal_before: Annotated[list[Chips], Field(max_length=10)]


class PublicSave(SaveDict):
    phase: PhaseWord
    purses: PerSeat
    bank: Chips
    bets: PerSeat
    banker: Seat
    starter: Seat
    bank_card: Code | None
    players_card: Code | None
    pile: Cards
    hand_cards: Annotated[list[Code], Field(max_length=HAND_CARDS)]
    hand_matched: Annotated[list[bool], Field(max_length=HAND_CARDS)]
    table: Annotated[list[SpotSave], Field(max_length=13)]
    discards: Cards
    banks_started: Annotated[list[Count], Field(min_length=2, max_length=10)]
    deals_played: Count
    wins_in_row: Count
    last_deal: ClassicDealSave | HoyleDealSave | VoidDealSave | None
    bookkeeping: BookkeepingSave


class LansquenetSave(SaveDict):
    public: PublicSave
    shoe: Cards
    stacks: Annotated[list[Cards], Field(max_length=MAX_STACKS)]


# --- the view -------------------------------------------------------------------------------------


@dataclass(slots=True)
class LansquenetExtra:
    """Lansquenet's own part of a view. The purses are ``View.chips``; the cards on the table (the
    bank's card, the players' card, the cards turned, Hoyle's hand cards and laid-out cards, the
    stock and a shoe's discards) are its zones, showing the last deal's while no deal is in play."""

    bank: int = labelled("the bank")
    bets: list[int] = per_seat("bets")
    """Classic: each seat's bet against the bank; Hoyle: each seat's bets standing on laid-out cards."""
    room: int = labelled("may still be bet")
    """Classic: what the bets may still add up to; Hoyle: what the banker can still cover."""
    wins_in_row: int = labelled("the bank's wins in a row")
    banks_started: list[int] = per_seat("banks started")
    deals_played: int = labelled("deals played", quiet=True)
    last_result: str = labelled("last deal")
    last_points: list[int] = per_seat("chips won in the last deal")
    phase: str = internal()
    starter: int = internal()
    """The seat that started this bank (a bought bank passes on from it)."""
    first_banker: int = internal()
    base_bank: int = internal()
    """The bank as the deal began (what a take-out returns to), or the size of a bank for sale."""
    same_rank_win: bool = internal()
    passed: list[int] = internal()
    queue: list[int] = internal()
    deal_before: list[int] = internal()
    hand_matched: list[bool] = internal()
    laid_out_matched: list[bool] = internal()
    laid_out_bets: list[list[int]] = internal()
    """Hoyle's game: per laid-out card (in the order of the ``table`` zones after the hand cards), each
    seat's bet on it."""


@dataclass(slots=True)
class HoyleExtra(LansquenetExtra):
    """Hoyle's game's part of a view: the same facts, shown as that game has them. No bank is put up
    (ruling LQ-17: the banker covers the bets), so the bank (always 0) is not shown, and the table
    said "the bank 0" and "the bank's wins in a row" beside the banker's cover. The wins in a row
    are the banker's deals again in a row (both hand cards matched first, ruling LQ-22), the banks
    started each seat's turns as banker (the deal passes to the right)."""

    bank: int = internal()
    wins_in_row: int = labelled("deals again in a row")
    banks_started: list[int] = per_seat("turns as banker")
