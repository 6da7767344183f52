"""The state's own random source: seeded and serialisable for simulations, the OS's CSPRNG for live play."""

from __future__ import annotations

import _random
import random
import secrets
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, TypeVar

from parlour.engine.draws import below as _below
from parlour.engine.draws import shuffle as _shuffle
from parlour.engine.errors import InvalidSave

T = TypeVar("T")

SEED_LIMIT = 2**63
"""Seeds are whole numbers from 0 to 2**63 - 1 (63 bits, like ``fresh_seed``)."""

LIVE = "system"
"""What a live state saves in place of a Mersenne Twister state: its future lies in no save."""

_MT_WORDS = 624


def _seeded(seed: int | None) -> random.Random:
    """``random.Random(seed)``: for a whole number the same generator made without the Python layers
    of ``Random.__init__`` and ``Random.seed``, which for an int only hand it to the C core (every new
    match seeds one); anything else the usual way."""
    if type(seed) is not int:
        return random.Random(seed)
    r = random.Random.__new__(random.Random)
    _random.Random.seed(r, seed)
    r.gauss_next = None  # type: ignore[attr-defined]  # (a field typeshed does not declare)
    return r


def _blank() -> random.Random:
    """A generator whose state is about to be set (``setstate``): made without ``random.Random()``'s
    seeding from the operating system, which the state set would overwrite."""
    return random.Random.__new__(random.Random)


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
    made, so every order of the pack is possible and nothing saved predicts the next shuffle. A live
    source hands each outcome to ``sink`` (the state writes it into its log as a hidden ``chance``
    record), so the match can still be replayed from its log (``Rng.scripted``).
    """

    __slots__ = ("_r", "_script", "_shared", "live", "sink")

    def __init__(self, seed: int | None) -> None:
        self._r: random.Random = secrets.SystemRandom() if seed is None else _seeded(seed)
        self.live = seed is None
        """Whether the draws come from the operating system's CSPRNG (live play), not a seed: a plain
        field, set with ``_r``, as every action asks it."""
        self._script: list[Mapping[str, Any]] | None = None
        self._shared = False
        """Whether ``_r`` may be shared with copies (``copy``): then it is copied before the first draw."""
        self.sink: Callable[[dict[str, Any]], None] | None = None

    def _own(self) -> random.Random:
        """The seeded generator, made this source's own before it draws: copies share one generator
        until one of them draws (copy on write), so a search's clone that never shuffles pays nothing
        for the 625 words of the Mersenne Twister."""
        if self._shared:
            r = _blank()
            r.setstate(self._r.getstate())
            self._r = r
            self._shared = False
        return self._r

    def seeded_bits(self) -> Callable[[int], int] | None:
        """The seeded generator's ``getrandbits``, made this source's own (``_own``), or ``None`` for a
        live source. A game's hot deal draws through ``parlour.engine.draws`` with it, exactly what
        ``shuffle`` and ``randrange`` draw, without their layers; a live source's draws must go through
        those to be recorded."""
        if self.live:
            return None
        return self._own().getrandbits

    @classmethod
    def scripted(cls, draws: Sequence[Mapping[str, Any]]) -> Rng:
        """A source that gives back recorded outcomes in order, then goes on live."""
        rng = cls(None)
        rng._script = list(reversed(draws))
        return rng

    @property
    def replaying(self) -> bool:
        return bool(self._script)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        if not self.live:
            _shuffle(self._own().getrandbits, items)
            return
        if self._script:
            order = self._recorded("shuffle", len(items))
            if sorted(order) != list(range(len(items))):
                raise ValueError("the record's shuffle is not an order of the cards shuffled")
        else:
            order = list(range(len(items)))
            self._r.shuffle(order)
        items[:] = [items[i] for i in order]
        self._record({"shuffle": order})

    def randrange(self, n: int) -> int:
        if not self.live:
            if type(n) is int and n > 0:
                return _below(self._own().getrandbits, n)
            return self._own().randrange(n)
        if self._script:
            k = self._recorded("randrange", n)
            if not (isinstance(k, int) and 0 <= k < n):
                raise ValueError(f"the record's draw {k!r} is not below {n}")
        else:
            k = self._r.randrange(n)
        self._record({"randrange": n, "drawn": k})
        return k

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def random(self) -> float:
        if not self.live:
            return self._own().random()
        if self._script:
            x = self._recorded("random", 1)
            if not (isinstance(x, float) and 0.0 <= x < 1.0):
                raise ValueError(f"the record's draw {x!r} is not a number from 0 to 1")
        else:
            x = self._r.random()
        self._record({"random": 1, "drawn": x})
        return x

    def _recorded(self, kind: str, size: int) -> Any:
        assert self._script
        draw = self._script.pop()
        if kind == "shuffle":
            if "shuffle" not in draw or len(draw["shuffle"]) != size:
                raise ValueError(f"the record has {dict(draw)} where the match shuffles {size} cards")
            return list(draw["shuffle"])
        if draw.get(kind) != size:
            raise ValueError(f"the record has {dict(draw)} where the match draws {kind} {size}")
        return draw.get("drawn")

    def _record(self, outcome: dict[str, Any]) -> None:
        if self.sink is not None:
            self.sink(outcome)

    def get_state(self) -> list[Any] | str:
        if self.live:
            return LIVE
        version, internal, gauss = self._r.getstate()
        return [version, list(internal), gauss]

    def set_state(self, data: object) -> None:
        """Restore ``get_state()``'s value; anything else is ``InvalidSave`` naming ``rng``."""
        if data == LIVE:
            self._r = secrets.SystemRandom()
            self._shared = False
            self.live = True
            return
        r = _blank()
        r.setstate(_checked_state(data))
        self._r = r
        self._shared = False
        self.live = False

    def copy(self) -> Rng:
        """An independent source: the same future if seeded, fresh draws if live (recorded nowhere
        until its new owner gives it a ``sink``)."""
        other = Rng.__new__(Rng)
        other._script = None
        other.sink = None
        other.live = self.live
        if self.live:
            other._r = secrets.SystemRandom()
            other._shared = False
        else:
            other._r = self._r  # shared until one of the two draws (``_own``)
            self._shared = other._shared = True
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
