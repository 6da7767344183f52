"""The state's own random source: seeded, serialisable, identical on every machine."""

from __future__ import annotations

import random
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def fresh_seed() -> int:
    """A seed for callers who did not give one (still recorded, so the match can be replayed)."""
    return secrets.randbits(63)


def derive_seed(seed: int, *path: int | str) -> int:
    """A child seed that depends only on ``seed`` and ``path`` (stable across runs and machines)."""
    r = random.Random(f"{seed}/" + "/".join(str(p) for p in path))
    return r.getrandbits(63)


class Rng:
    """A thin wrapper over ``random.Random`` whose whole state fits in JSON.

    Only the Mersenne Twister core is used (``shuffle``/``randrange``), whose
    output for a given seed is fixed across Python versions and platforms.
    """

    __slots__ = ("_r",)

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._r.shuffle(items)

    def randrange(self, n: int) -> int:
        return self._r.randrange(n)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._r.randrange(len(items))]

    def random(self) -> float:
        return self._r.random()

    def get_state(self) -> list[Any]:
        version, internal, gauss = self._r.getstate()
        return [version, list(internal), gauss]

    def set_state(self, data: list[Any]) -> None:
        version, internal, gauss = data
        self._r.setstate((version, tuple(internal), gauss))

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other._r = random.Random()
        other._r.setstate(self._r.getstate())
        return other
