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
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
