"""A state's copy for search: what never changes is shared, the rest copied, no ``deepcopy`` memo.

``copy.deepcopy`` keeps a memo of every object it meets and looks up a copier per object: 60-130 µs
for a state late in a match. A state holds plain data (lists, dicts and sets of card codes and
numbers, enums, immutable records), which this copies in a few microseconds. The contract a game's
state keeps: a frozen dataclass, a named tuple and a tuple of immutable values are never changed in
place, so clones share them; any other object is copied by ``copy.deepcopy``.
"""

from __future__ import annotations

import copy
import dataclasses
from enum import Enum
from typing import Any

_SHARED: dict[type, bool] = {str: True, int: True, float: True, bool: True, type(None): True, bytes: True}
"""Per type: whether its values are immutable, so that clones share them (learned on first sight)."""


def _is_shared(t: type) -> bool:
    shared = _SHARED.get(t)
    if shared is None:
        params = getattr(t, "__dataclass_params__", None)
        shared = (
            issubclass(t, Enum)
            or (dataclasses.is_dataclass(t) and params is not None and params.frozen)
            or (issubclass(t, tuple) and hasattr(t, "_fields"))  # named tuples (the log's events)
            or t is frozenset
        )
        _SHARED[t] = shared
    return shared


def copied(value: Any) -> Any:
    """``value`` with every mutable part copied and every immutable part shared."""
    t = type(value)
    if t is list:
        return [x if _is_shared(type(x)) else copied(x) for x in value]
    if t is dict:
        return {k: (x if _is_shared(type(x)) else copied(x)) for k, x in value.items()}
    if _is_shared(t):
        return value
    if t is tuple:
        items = tuple(x if _is_shared(type(x)) else copied(x) for x in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if t is set:
        return {x if _is_shared(type(x)) else copied(x) for x in value}
    return copy.deepcopy(value)


def makes_blank(cls: type) -> bool:
    """Whether ``object.__new__(cls)`` makes a blank instance: true of a pure Python class, false of one
    compiled by mypyc, whose instances come only through ``__init__``. A game's ``clone`` takes the
    faster way that works in the build it runs in."""
    try:
        object.__new__(cls)
    except TypeError:
        return False
    return True
