"""A list of card ids that reads and writes as card codes.

Games whose rules hold cards as small integers still hand some of them out as lists of codes: a
player's world shuffles its stock in place, a test reads a hand. ``CodeList`` is that list, kept as
the ids it wraps (no copy), with each game's own tables for the two spellings.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, MutableSequence, Sequence
from typing import overload


class CodeList(MutableSequence[str]):
    """``cards`` (ids) read and written as codes through ``codes`` (id to code) and ``ids`` (code to
    id): a live view, so a change through it changes the ids. A copy of it is a list of codes."""

    __slots__ = ("_cards", "_codes", "_ids")

    def __init__(self, cards: list[int], codes: Sequence[str], ids: Mapping[str, int]) -> None:
        self._cards = cards
        self._codes = codes
        self._ids = ids

    def __len__(self) -> int:
        return len(self._cards)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        codes = self._codes
        if isinstance(i, slice):
            return [codes[c] for c in self._cards[i]]
        return codes[self._cards[i]]

    @overload
    def __setitem__(self, i: int, value: str) -> None: ...
    @overload
    def __setitem__(self, i: slice, value: Iterable[str]) -> None: ...
    def __setitem__(self, i: int | slice, value: str | Iterable[str]) -> None:
        if isinstance(i, slice):
            assert not isinstance(value, str)
            self._cards[i] = [self._ids[c] for c in value]
        else:
            assert isinstance(value, str)
            self._cards[i] = self._ids[value]

    def __delitem__(self, i: int | slice) -> None:
        del self._cards[i]

    def insert(self, index: int, value: str) -> None:
        self._cards.insert(index, self._ids[value])

    def __contains__(self, value: object) -> bool:
        k = self._ids.get(value) if isinstance(value, str) else None
        return k is not None and k in self._cards

    def count(self, value: object) -> int:
        k = self._ids.get(value) if isinstance(value, str) else None
        return 0 if k is None else self._cards.count(k)

    def __iter__(self) -> Iterator[str]:
        return map(self._codes.__getitem__, self._cards)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CodeList):
            return list(self) == list(other)
        if isinstance(other, list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))
