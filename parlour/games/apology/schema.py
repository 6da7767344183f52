"""Apology's data shapes, its view's extra and its saved state: their own module, never compiled.

The rules module may be compiled by mypyc (``parlour.build_compiled``), which makes a ``TypedDict``
class of ``typing``'s kind with its field types erased and a dataclass pydantic cannot read back;
pydantic checks saves and views against these classes, so they live here, interpreted in every build.
The numbers are the rules' (``tests/test_apology_core.py`` checks that they agree).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from parlour.cards import EXTENDED_65
from parlour.engine.saves import Code, SaveDict, Seat
from parlour.engine.views import labelled, per_seat

PLAYERS = 4
HAND_SIZE = 15
KITTY_SIZE = 5
BURIAL = 6
TRICKS = 15
STAKE = 1
DEFENDERS = PLAYERS - 1
MAX_DEALS = 200


@dataclass(slots=True)
class ApologyExtra:
    """What a seat sees of an Apology deal beyond the zones, the tricks and the score sheet."""

    bids: list[str | None] = per_seat("bids")  # noqa: RUF009
    """``bid``, ``pass``, or ``None`` for a seat not yet asked (ruling AP-1)."""
    targets: list[float] = labelled("targets by oudlers held (0 to 3)")  # noqa: RUF009
    tricks_played: int = labelled("tricks played", quiet=True)
    played: list[list[str]] = per_seat("cards played this deal", cards=True)  # noqa: RUF009
    """Each seat's cards in the order played, one a trick (the taker sits out the fifteenth)."""
    voids: list[list[str]] = per_seat("shown out of", suits=True)  # noqa: RUF009
    """The suits each seat has shown it lacks by not following (a Landsknecht or Till shows nothing)."""
    owed: list[str] = labelled("escapes not yet paid for", cards=True)  # noqa: RUF009
    owed_to: list[int] = labelled("owed to", seats=True)  # noqa: RUF009
    taker_points: float | None = labelled("taker's card points so far")
    defence_points: float | None = labelled("defence's card points so far")
    points_with_burial: float | None = labelled("your card points with your burial")


Hand = Annotated[list[Code], Field(max_length=HAND_SIZE + KITTY_SIZE)]
Won = Annotated[list[Code], Field(max_length=len(EXTENDED_65.cards))]
Bid = Literal["bid", "pass"] | None
Stake = Annotated[int, Field(ge=-STAKE * DEFENDERS * MAX_DEALS, le=STAKE * DEFENDERS * MAX_DEALS)]
Play = tuple[Seat, Code]


class TrickSave(SaveDict):
    leader: Seat
    plays: Annotated[list[Play], Field(max_length=PLAYERS)]
    winner: Seat


class DebtSave(SaveDict):
    card: Code
    to: Seat


class ApologySave(SaveDict):
    """The saved state of a match (``ApologyState._data``); ruling AP-17 says what else must hold."""

    phase: Literal["bid", "bury", "play", "pay", "over"]
    deal_no: Annotated[int, Field(ge=0, le=MAX_DEALS)]
    dealer: Seat
    hands: tuple[Hand, Hand, Hand, Hand]
    kitty: Annotated[list[Code], Field(max_length=KITTY_SIZE)]
    bids: tuple[Bid, Bid, Bid, Bid]
    turn: Seat | None
    taker: Seat | None
    buried: Annotated[list[Code], Field(max_length=BURIAL)]
    leader: Seat
    trick: Annotated[list[Play], Field(max_length=PLAYERS)]
    tricks: Annotated[list[TrickSave], Field(max_length=TRICKS)]
    won: tuple[Won, Won, Won, Won]
    kept: Annotated[list[Code], Field(max_length=KITTY_SIZE)]
    debts: Annotated[list[DebtSave], Field(max_length=KITTY_SIZE)]
    points: tuple[Stake, Stake, Stake, Stake]
