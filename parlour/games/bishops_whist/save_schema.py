"""Bishops Whist's saved state as a schema (``parlour.engine.saves``): its own module, never compiled.

The rules module may be compiled by mypyc (``parlour.build_compiled``), which makes a ``TypedDict``
class of ``typing``'s kind with its field types erased; pydantic checks saves against these classes, so
they live here, interpreted in every build. The numbers are the rules' ``SEATS``, ``TRICKS`` and
``HAND_SIZE`` (``tests/test_compiled.py`` checks that they agree).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field

from parlour.engine.saves import Code, Count, Points, SaveDict, Seat

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
