"""Observation tensors: what one seat may know, as a fixed-size vector of ``float32`` for learning agents.

The encoder is a function of a ``View`` and its ``Game`` alone (``Encoder.encode(view)``): a tensor
holds nothing the view does not, so it inherits the view's promise (tested by the conformance suite)
that it depends only on what its seat may know. The legal-action mask is not in it: adapters pass
``State.action_mask()`` beside it.

Seats are relative to the observer: the observing seat is 0, the next seat in the order of play 1,
and so on round the table (``Game.seating``; a spectator observes from seat 0). The vector is the
concatenation of these segments, in this order (``Encoder.layout`` gives each one's offset and shape;
``n`` players, ``C`` card codes of the pack, ``K`` zone kinds, ``D`` decision kinds and ``R`` roles
the game declares):

- ``zones`` (K, n + 1, C + 1): for each zone kind and owner (a relative seat, then the table's own
  zones, owned by nobody), how many of each card code lie there face up, then how many cards lie there
  face down. Zones of one kind and owner add up (Bezique's two packs give counts of 2).
- ``trick`` (n, C) and ``trick_leader`` (n): the current trick's cards by relative seat, and who led.
- ``last_trick`` (n, C), ``last_trick_leader`` (n), ``last_trick_winner`` (n): the same for the last.
- ``to_move`` (n): one-hot, the seat to act (all zero once the match is over).
- ``decision`` (D + 1): one-hot over the game's ``decision_kinds``, the last slot for any other kind.
- ``trump`` (4): one-hot over ``S H D C`` (all zero without a trump suit).
- ``scores`` (n) and ``chips`` (n): each seat's, divided by the game's ``value_scale``.
- ``hand_number`` (1): the view's hand number divided by ``HAND_SCALE``.
- ``team`` (n): 1 for the seats on the observer's side (the observer included).
- ``roles`` (n, R + 1): each seat's roles among the game's ``seat_roles``, the last slot for any other.
- ``flags`` (2): a spectator's view; the match is over.
- then the game's own segments (``Game.extra_layout``), filled by ``Game.encode_extra`` from the view.

Every count of cards is a plain count; the other values are 0 or 1 or scaled as said.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from parlour.engine.action_space import AmountBlock
from parlour.engine.actions import SUIT_LETTERS
from parlour.engine.views import TrickView, View, ZoneKind

if TYPE_CHECKING:
    from parlour.engine.game import Game

HAND_SCALE = 100.0
"""The hand number is divided by this (a match of a hundred hands reaches 1)."""

ZONE_KINDS: tuple[ZoneKind, ...] = ZoneKind.__args__  # type: ignore[attr-defined]
"""Every zone kind, in the order ``ZoneKind`` declares them: the planes of a game that declares none."""

Floats = npt.NDArray[np.float32]


def observer(view: View[Any]) -> int:
    """The seat a view is observed from: its own, or seat 0 for a spectator."""
    return 0 if view.seat is None else view.seat


def relative_seats(seating: Sequence[int], me: int) -> list[int]:
    """Each seat's number as ``me`` sees it, given the seats in the order play goes round the table:
    ``me`` is 0, the next seat in that order 1, and so on."""
    n = len(seating)
    start = seating.index(me)
    rel = [0] * n
    for i, seat in enumerate(seating):
        rel[seat] = (i - start) % n
    return rel


@dataclass(frozen=True, slots=True)
class Segment:
    """One named part of the vector: where it starts and its shape (the vector is flat)."""

    name: str
    offset: int
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Encoder:
    """A game's observation layout and the function from its views to vectors (one per ``Game``)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        n = self.players = game.num_players
        self.codes = game.card_codes
        self.index: Mapping[str, int] = {c: i for i, c in enumerate(self.codes)}
        cards = len(self.codes)
        self.zone_kinds = game.zone_kinds or ZONE_KINDS
        self.zone_index = {k: i for i, k in enumerate(self.zone_kinds)}
        self.decision_index = {k: i for i, k in enumerate(game.decision_kinds)}
        self.role_index = {r: i for i, r in enumerate(game.seat_roles)}
        self.scale = float(game.value_scale)
        shapes: list[tuple[str, tuple[int, ...]]] = [
            ("zones", (len(self.zone_kinds), n + 1, cards + 1)),
            ("trick", (n, cards)),
            ("trick_leader", (n,)),
            ("last_trick", (n, cards)),
            ("last_trick_leader", (n,)),
            ("last_trick_winner", (n,)),
            ("to_move", (n,)),
            ("decision", (len(game.decision_kinds) + 1,)),
            ("trump", (len(SUIT_LETTERS),)),
            ("scores", (n,)),
            ("chips", (n,)),
            ("hand_number", (1,)),
            ("team", (n,)),
            ("roles", (n, len(game.seat_roles) + 1)),
            ("flags", (2,)),
        ]
        self.extra_names = [name for name, _ in game.extra_layout()]
        for name, shape in game.extra_layout():
            if any(name == known for known, _ in shapes):
                raise ValueError(f"{game.name}: the extra segment {name!r} repeats a name of the layout")
            shapes.append((name, tuple(shape)))
        segments: list[Segment] = []
        offset = 0
        for name, shape in shapes:
            segments.append(Segment(name, offset, shape))
            offset += segments[-1].size
        self.layout: tuple[Segment, ...] = tuple(segments)
        self.size = offset
        self.segment = {s.name: s for s in segments}
        self._slices = [(s.name, s.offset, s.offset + s.size, s.shape) for s in segments]

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.size,)

    def parts(self, vector: Floats) -> dict[str, Floats]:
        """Each segment of ``vector`` as an array of its own shape (views into it, not copies)."""
        return {name: vector[start:stop].reshape(shape) for name, start, stop, shape in self._slices}

    def encode(self, view: View[Any]) -> Floats:
        """The vector of ``view``: read from the view alone (see the module's docstring for the layout)."""
        if view.players != self.players:
            raise ValueError(f"a view of {view.players} players, but the game seats {self.players}")
        vector = np.zeros(self.size, dtype=np.float32)
        part = self.parts(vector)
        n, index = self.players, self.index
        rel = relative_seats(self.game.seating(view), observer(view))

        zones = part["zones"]
        for zone in view.zones:
            kind = self.zone_index.get(zone.kind)
            if kind is None:
                raise ValueError(
                    f"{self.game.name}: a zone of kind {zone.kind!r}, which the game does not declare"
                )
            plane = zones[kind, n if zone.owner is None else rel[zone.owner]]
            up = 0
            for card in zone.cards:
                if card is not None:
                    plane[index[card]] += 1
                    up += 1
            plane[-1] += zone.size - up

        self._trick(view.trick, part["trick"], part["trick_leader"], None, rel)
        self._trick(
            view.last_trick, part["last_trick"], part["last_trick_leader"], part["last_trick_winner"], rel
        )
        if view.to_move is not None:
            part["to_move"][rel[view.to_move]] = 1
        if view.decision is not None:
            part["decision"][self.decision_index.get(view.decision.kind, len(self.decision_index))] = 1
        if view.trump in SUIT_LETTERS:
            part["trump"][SUIT_LETTERS.index(view.trump)] = 1
        for s in range(n):
            part["scores"][rel[s]] = view.scores[s] / self.scale
        if view.chips is not None:
            for s, chips in enumerate(view.chips):
                part["chips"][rel[s]] = chips / self.scale
        part["hand_number"][0] = (view.hand_number or 0) / HAND_SCALE
        mine = view.seats[observer(view)].team
        roles, other = part["roles"], len(self.role_index)
        for seat in view.seats:
            part["team"][rel[seat.seat]] = seat.team == mine
            for role in seat.roles:
                roles[rel[seat.seat], self.role_index.get(role, other)] = 1
        part["flags"][0] = view.seat is None
        part["flags"][1] = view.outcome is not None
        if self.extra_names:
            self.game.encode_extra(view, {name: part[name] for name in self.extra_names}, rel)
        return vector

    def _trick(
        self, trick: TrickView | None, cards: Floats, leader: Floats, winner: Floats | None, rel: list[int]
    ) -> None:
        if trick is None:
            return
        for p in trick.plays:
            cards[rel[p.seat], self.index[p.card]] += 1
        if trick.leader is not None:
            leader[rel[trick.leader]] = 1
        if winner is not None and trick.winner is not None:
            winner[rel[trick.winner]] = 1

    def table(self) -> list[tuple[str, int, tuple[int, ...], int]]:
        """The layout as rows (segment, offset, shape, size), for documentation."""
        return [(s.name, s.offset, s.shape, s.size) for s in self.layout]


def layout_markdown(game: Game[Any]) -> str:
    """``game``'s action space in a line and its observation layout as a Markdown table, one row a
    segment (``docs/observations.md`` is made of these, so the documentation cannot drift from the
    code)."""
    encoder = game.observation_encoder
    options = ", ".join(f"{k}={v}" for k, v in game.options.items())
    lines = [
        f"### {game.title} (`{game.name}`)",
        "",
        f"{encoder.size} floats at the default options ({options}): {game.num_players} players, "
        f"{len(encoder.codes)} card codes, {len(encoder.zone_kinds)} zone kinds "
        f"({', '.join(encoder.zone_kinds)}).",
        "",
        "| segment | shape | offset | size |",
        "|---|---|---:|---:|",
    ]
    space = game.id_space
    kinds = ", ".join(
        f"{b.verb} {b.low}–{b.high}" if isinstance(b, AmountBlock) else f"{b[0].split()[0]} ×{len(b)}"
        for b in space.blocks
        if isinstance(b, AmountBlock) or b
    )
    lines[2:2] = [f"Action space: {space.size} ids ({kinds}).", ""]
    extra = set(encoder.extra_names)
    for s in encoder.layout:
        name = f"{s.name} (game's own)" if s.name in extra else s.name
        lines.append(f"| {name} | {' × '.join(map(str, s.shape))} | {s.offset} | {s.size} |")
    return "\n".join(lines) + "\n"


def layout_tables(names: Sequence[str] | None = None) -> str:
    """The layout tables of the registered games (or of ``names``), each at its default options."""
    from parlour.engine.registry import list_games, make

    chosen = [info.name for info in list_games()] if names is None else list(names)
    return "\n".join(layout_markdown(make(name)) for name in chosen)
