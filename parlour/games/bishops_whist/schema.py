"""Bishops Whist's data shapes, its view's extra and its saved state: their own module, never compiled.

The rules module may be compiled by mypyc (``parlour.build_compiled``), which makes a ``TypedDict``
class of ``typing``'s kind with its field types erased and a dataclass pydantic cannot read back;
pydantic checks saves and views against these classes, so they live here, interpreted in every build.
The numbers are the rules' ``SEATS``, ``TRICKS`` and ``HAND_SIZE`` (``tests/test_compiled.py`` checks
that they agree).
"""

# ruff: noqa: RUF009 - ``labelled``, ``per_seat`` and ``internal`` make dataclass fields, like ``field``

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Literal, NotRequired

from pydantic import Field

from parlour.engine.saves import Code, Count, Points, SaveDict, Seat
from parlour.engine.views import internal, labelled, per_seat

SEATS = 4
TRICKS = 13
HAND_SIZE = 13

Side = Annotated[int, Field(ge=0, le=1)]
TrickNumber = Annotated[int, Field(ge=1, le=TRICKS)]
Hand = Annotated[list[Code], Field(max_length=HAND_SIZE)]
Shown = Annotated[list[tuple[Seat, Code]], Field(max_length=52)]
Seats = Annotated[list[Seat], Field(max_length=SEATS)]


class TrickSave(SaveDict):
    number: TrickNumber
    leader: Seat
    cards: Annotated[list[tuple[Seat, Code]], Field(min_length=SEATS, max_length=SEATS)]
    winner: Seat


class BishopsWhistSave(SaveDict):
    """What ``BishopsWhistState._data`` writes; ``check_invariants`` checks how the fields agree."""

    order: tuple[Seat, Seat, Seat, Seat]
    team_of: tuple[Side, Side, Side, Side]
    match: tuple[Points, Points]
    dealer: Seat
    hand_number: Count
    phase: Literal["trump", "play", "review", "claim", "over"]
    hands: tuple[Hand, Hand, Hand, Hand]
    trump: Literal["S", "H", "D", "C"] | None
    turn_up: Code
    turn_up_held: bool
    bishop_cut: bool
    leader: Seat
    trick: Annotated[list[tuple[Seat, Code, bool]], Field(max_length=SEATS)]
    tricks: Annotated[list[TrickSave], Field(max_length=TRICKS)]
    exposed: Shown
    exposed_now: Seats
    revokes: Annotated[list[tuple[Seat, TrickNumber]], Field(max_length=52)]
    claimants: Annotated[list[Seat], Field(max_length=2)]
    hand_points: tuple[Points, Points]
    revoked_sides: Annotated[list[Side], Field(max_length=2)]
    hands_played: Count
    winner_side: Side | None
    finished: bool
    _pending_deal: Annotated[list[Code], Field(max_length=51)]
    _preset: bool
    # Since ruling BW-24; saves written before it have none of them.
    withdrawn: NotRequired[Shown]
    review: NotRequired[Seats]
    stood: NotRequired[Seats]


@dataclass(slots=True)
class BishopsWhistExtra:
    """Bishops Whist's own facts in a view (the hands, tricks and turn-up are in the shared fields).

    The fields typed ``Sequence`` are tuples, immutable as the view's contract asks, so that the next
    views may share them (the tricks won, the quitted tricks' cards, leaders and winners)."""

    phase: str = labelled("phase", quiet=True)
    """``trump`` (a knight was turned: the dealer names trumps), ``play``, ``review`` (a trick waits for
    the players off suit to let their cards stand or correct a revoke), ``claim`` (claims of revoke at
    the end of the hand), ``over``."""
    turn_up: str = labelled("turned up", cards=True)
    turn_up_held: bool = labelled("the dealer still holds the turn-up")
    """Everybody knows the dealer holds the turn-up until he plays it (rulings BW-6, BW-22)."""
    bishop_cut: bool = labelled("bishop cut: a point to the dealer's side")
    tricks_won: Sequence[int] = per_seat("tricks this hand", per="side")
    hand_points: list[int] = per_seat("points this hand", per="side")
    hands_played: int = internal()
    """The hands played out (the determinizer's): not shown, for the table counts the hands already
    ("Hand 3"), and a match of one hand counts none ("hands played 0" beside no hand number)."""
    exposed: Sequence[Sequence[str]] = per_seat("exposed cards", cards=True)
    """Table laws: cards exposed (-2 each) and back in the hand until played (ruling BW-16)."""
    withdrawn: Sequence[Sequence[str]] = per_seat("withdrawn cards", cards=True)
    """Table laws: cards withdrawn after a corrected revoke, seen by all until played (ruling BW-24)."""
    own_revokes: Sequence[int] = labelled("your revokes this hand (tricks)")
    """The viewing seat's own revokes of the hand, by trick number (secret to the others)."""
    order: list[int] = internal()
    """The seats clockwise from seat ``order[0]``."""
    review: Sequence[int] = internal()
    """The seats still to let their card on the complete trick stand or correct it, in turn."""
    stood: Sequence[int] = internal()
    """The seats that have let their card on the trick stand."""
    exposed_this_trick: Sequence[int] = internal()
    """The seats that have exposed a card during this trick (once a trick each)."""
    trick_cards: Sequence[str] = internal()
    """The quitted tricks' cards, four a trick in play order (``quitted_tricks`` rebuilds them)."""
    trick_leaders: Sequence[int] = internal()
    trick_winners: Sequence[int] = internal()
