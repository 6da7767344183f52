"""The state's own random source: seeded and serialisable for simulations, the OS's CSPRNG for live play."""

from __future__ import annotations

import random
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from parlour.engine.errors import InvalidSave

T = TypeVar("T")

SEED_LIMIT = 2**63
"""Seeds are whole numbers from 0 to 2**63 - 1 (63 bits, like ``fresh_seed``)."""

LIVE = "system"
"""What a live state saves in place of a Mersenne Twister state: its future lies in no save."""

_MT_WORDS = 624


def fresh_seed() -> int:
    """A random seed, for callers who want a reproducible match but did not choose one."""
    return secrets.randbits(63)


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number 0 <= seed < 2**63, else a ``ValueError`` that says so.

    ``random.Random`` would take 1.5 as 1, -7 as 7 and any string; a seed must name one match only.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed is a whole number from 0 to 2**63 - 1, not {type(seed).__name__}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError("a seed is a whole number from 0 to 2**63 - 1")
    return seed


def derive_seed(seed: int, *path: int | str) -> int:
    """A child seed that depends only on ``seed`` and ``path`` (stable across runs and machines)."""
    r = random.Random(f"{seed}/" + "/".join(str(p) for p in path))
    return r.getrandbits(63)


class Rng:
    """A thin wrapper over ``random.Random`` whose whole state fits in JSON, or a live source.

    Seeded (``Rng(seed)``): only the Mersenne Twister core is used (``shuffle``/``randrange``), whose
    output for a given seed is fixed across Python versions and platforms, so a seed replays a match.
    Live (``Rng(None)``): every draw comes from the operating system's CSPRNG at the moment it is
    made, so every order of the pack is possible and nothing saved predicts the next shuffle.
    """

    __slots__ = ("_r",)

    def __init__(self, seed: int | None) -> None:
        self._r: random.Random = secrets.SystemRandom() if seed is None else random.Random(seed)

    @property
    def live(self) -> bool:
        return isinstance(self._r, secrets.SystemRandom)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._r.shuffle(items)

    def randrange(self, n: int) -> int:
        return self._r.randrange(n)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._r.randrange(len(items))]

    def random(self) -> float:
        return self._r.random()

    def get_state(self) -> list[Any] | str:
        if self.live:
            return LIVE
        version, internal, gauss = self._r.getstate()
        return [version, list(internal), gauss]

    def set_state(self, data: object) -> None:
        """Restore ``get_state()``'s value; anything else is ``InvalidSave`` naming ``rng``."""
        if data == LIVE:
            self._r = secrets.SystemRandom()
            return
        self._r = random.Random()
        self._r.setstate(_checked_state(data))

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        if self.live:
            other._r = secrets.SystemRandom()
        else:
            other._r = random.Random()
            other._r.setstate(self._r.getstate())
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Rng:
        return self.copy()


def _checked_state(data: object) -> tuple[int, tuple[int, ...], float | None]:
    """A Mersenne Twister state as ``random.Random.getstate`` gives it, checked word by word."""
    if not (isinstance(data, list) and len(data) == 3):
        raise InvalidSave(f"rng: a saved random state is [3, [625 numbers], null] or {LIVE!r}")
    version, internal, gauss = data
    if version != 3 or isinstance(version, bool):
        raise InvalidSave("rng.0: the random state's version must be 3")
    if not (isinstance(internal, list) and len(internal) == _MT_WORDS + 1):
        raise InvalidSave(f"rng.1: the random state holds {_MT_WORDS + 1} numbers")
    for i, word in enumerate(internal):
        if isinstance(word, bool) or not isinstance(word, int) or not 0 <= word < 2**32:
            raise InvalidSave(f"rng.1.{i}: each word of the random state is a whole number below 2**32")
    if not 0 <= internal[-1] <= _MT_WORDS:
        raise InvalidSave(f"rng.1.{_MT_WORDS}: the position in the random state runs from 0 to {_MT_WORDS}")
    if not any(internal[:_MT_WORDS]):
        raise InvalidSave("rng.1: an all-zero random state gives the same numbers for ever")
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, float)):
        raise InvalidSave("rng.2: must be null or a number")
    return (3, tuple(internal), gauss)
