"""Tricks: which cards a player may play, and who takes a trick."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from parlour.engine.events import Event

SuitOf = Callable[[str], "str | None"]
"""A card's suit letter, or ``None`` for a card outside the suits (a knight, a fool, an excuse)."""

RankKey = Callable[[str], float]
"""How high a card ranks within its suit (higher wins)."""


def follow_suit(hand: Sequence[str], led: str | None, suit_of: SuitOf) -> list[str]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led``: the cards of that
    suit if the hand holds any, else every card (``led`` ``None``: nothing to follow, every card)."""
    if led is None:
        return list(hand)
    suited = [c for c in hand if suit_of(c) == led]
    return suited if suited else list(hand)


def highest(
    plays: Sequence[tuple[int, str]], rank_key: RankKey, ties: Literal["first", "last"] = "first"
) -> tuple[int, str]:
    """The highest of ``plays`` by ``rank_key``; between equal cards the first played (or the last)."""
    best = plays[0]
    for play in plays[1:]:
        a, b = rank_key(play[1]), rank_key(best[1])
        if a > b or (a == b and ties == "last"):
            best = play
    return best


def trick_winner(
    plays: Sequence[tuple[int, str]],
    suit_of: SuitOf,
    rank_key: RankKey,
    trump: str | None = None,
    ties: Literal["first", "last"] = "first",
) -> int:
    """The seat that takes a trick of ``(seat, card)`` plays: the highest trump if any was played, else
    the highest card of the suit led (the first suited card). Cards outside the suits never win here;
    a game with cards that do (a knight's trick) decides those before it asks."""
    if trump is not None:
        trumps = [p for p in plays if suit_of(p[1]) == trump]
        if trumps:
            return highest(trumps, rank_key, ties)[0]
    led = next((suit_of(c) for _, c in plays if suit_of(c) is not None), None)
    if led is None:
        raise ValueError("a trick of cards outside the suits has no winner by suit")
    return highest([p for p in plays if suit_of(p[1]) == led], rank_key, ties)[0]


@dataclass(frozen=True, slots=True)
class GatheredTrick:
    """A trick taken this hand: who led, the cards as ``(seat, card)`` in the order played, who won.

    Immutable, so clones of a state share it. Its save form is
    ``{"leader", "cards": [{"seat", "card"}, ...], "winner"}``.
    """

    leader: int
    cards: tuple[tuple[int, str], ...]
    winner: int

    def __deepcopy__(self, memo: dict[int, Any]) -> GatheredTrick:
        return self  # immutable: clones share it

    def to_dict(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [{"seat": s, "card": c} for s, c in self.cards],
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GatheredTrick:
        """From the save form (already checked against the game's save schema)."""
        return cls(data["leader"], tuple((x["seat"], x["card"]) for x in data["cards"]), data["winner"])


class Lead(Event):
    """A ``play`` event that leads its trick. Equal to the plain event it stands for (the same kind,
    data and seat: its logged text, a save and ``Game.replay`` are as they were), so only the words a
    game shows for it change: a log that said "seat 1 plays L♥" for every card could not show a reader
    where a trick begins. A game logs its leads as ``Lead`` and, after a load (whose log is made of
    plain events), marks them again with ``marked_leads``."""

    __slots__ = ()


def marked_leads(log: Sequence[Event], begins: Collection[str]) -> list[Event]:
    """``log`` with each ``play`` event that leads a trick made a ``Lead``: the first play after any
    event of a kind in ``begins`` (a trick gathered, a deal), or the first of the log."""
    out: list[Event] = []
    leading = True
    for event in log:
        kind = event.kind
        if kind == "play":
            if leading and type(event) is not Lead:
                event = Lead(kind, event.data, event.to)
            leading = False
        elif kind in begins:
            leading = True
        out.append(event)
    return out


def is_lead(event: Event) -> bool:
    """Whether ``event`` is a ``play`` event that leads its trick (see ``Lead``)."""
    return type(event) is Lead
