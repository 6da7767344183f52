"""The Mersenne Twister's draws as ``random.Random`` makes them, written out for speed: their own small
module so that the compiled build (``parlour.build_compiled``) can compile them (a new hand shuffles
the pack, card by card)."""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from typing import Any


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """``random.Random.randrange(n)`` for a whole ``n > 0``: the same draws of the Mersenne Twister
    (``_randbelow_with_getrandbits``), so a seed deals what it always dealt, without its three calls."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(getrandbits: Callable[[int], int], x: MutableSequence[Any]) -> None:
    """``random.Random.shuffle`` written out: the same draws, the same order (a seed replays a match),
    without two calls per card (a new hand shuffles the pack)."""
    if type(x) is list:
        _shuffle_list(getrandbits, x)
        return
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _shuffle_list(getrandbits: Callable[[int], int], x: list[Any]) -> None:
    """``shuffle`` of a list (every deal's): the same draws; compiled, the list is read and written
    as a list, and the bits drawn for ``i + 1`` follow its length as ``i`` falls."""
    k = len(x).bit_length()
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        while n < 1 << (k - 1):  # ``k`` is ``n.bit_length()``
            k -= 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
