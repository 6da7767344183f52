"""Declared game options: every variant is a named, typed, validated setting."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from parlour.engine.errors import InvalidOption, echo

NUMBER_LIMIT = 10**9
"""No option of any game needs a number beyond this, even where it declares no maximum."""
TEXT_LIMIT = 200
"""Nor text longer than this."""


class _Default:
    """The type of ``AS_DEFAULT``: one value, shown by its name."""

    def __repr__(self) -> str:
        return "AS_DEFAULT"


AS_DEFAULT: Final = _Default()
"""``Option.legacy`` unset: a save from before the option existed means its declared default."""


@dataclass(frozen=True)
class Option:
    """One setting a game accepts, with its allowed values and default.

    ``choices`` restricts the value to a fixed set; ``minimum``/``maximum`` bound
    numbers. Values given as text (from the command line) are converted to the
    default's type, so ``--option target=2000`` works like ``target=2000``.

    ``legacy`` is the value that a save written before the option existed means: the play parlour
    had then. Left unset it is the default, right whenever the option was added without changing
    play; a game sets it when the new option's default changed the rules (``Game.load``).
    """

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    legacy: Any = AS_DEFAULT

    def __post_init__(self) -> None:
        """A legacy value must be one the option allows: a save that lacks the option gets it."""
        if self.legacy is not AS_DEFAULT and self.convert(self.legacy) != self.legacy:
            raise InvalidOption(f"option {self.name}: legacy={self.legacy!r} is not a value of its own type")

    @property
    def legacy_value(self) -> Any:
        """What a save without this option (written before it existed) means."""
        return self.default if self.legacy is AS_DEFAULT else self.legacy

    @property
    def type_name(self) -> str:
        return type(self.default).__name__

    def allowed(self) -> str:
        """The allowed values, in words, for error messages and help."""
        if isinstance(self.default, bool):  # with or without choices: never "one of True, False"
            return "true or false"
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if isinstance(self.default, str):  # what the text means is the option's own description
            return f"text of at most {TEXT_LIMIT} characters: {self.description}"
        low = -NUMBER_LIMIT if self.minimum is None else self.minimum
        high = NUMBER_LIMIT if self.maximum is None else self.maximum
        lo, hi = f" >= {_number(low)}", f" <= {_number(high)}"
        return f"a {'whole number' if self.type_name == 'int' else 'number'}{lo} and{hi}"

    def convert(self, value: Any) -> Any:
        """Return ``value`` checked and converted, or raise ``InvalidOption``."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            value = _from_text(value, kind, self)
        if kind is bool:
            if not isinstance(value, bool):
                raise self._bad(value)
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._bad(value)
        elif kind is float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self._bad(value)
            try:
                value = float(value)
            except OverflowError:
                raise self._bad(value) from None
            if not math.isfinite(value):  # NaN passes every comparison, so bounds alone never catch it
                raise self._bad(value)
        elif not isinstance(value, kind):
            raise self._bad(value)
        if kind is str and len(value) > TEXT_LIMIT:
            raise self._bad(value)
        if kind in (int, float) and not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
            raise self._bad(value)
        if self.choices is not None and value not in self.choices:
            raise self._bad(value)
        if self.minimum is not None and value < self.minimum:
            raise self._bad(value)
        if self.maximum is not None and value > self.maximum:
            raise self._bad(value)
        return value

    def _bad(self, value: Any) -> InvalidOption:
        choices = [c for c in self.choices or () if isinstance(c, str)]
        near = _near(value, choices) if choices else ""
        return InvalidOption(
            f"option {self.name}={echo(value)} is not allowed: it must be {self.allowed()}{near}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type_name,
            "default": self.default,
            "choices": list(self.choices) if self.choices is not None else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "description": self.description,
        }


def _near(typed: object, names: Sequence[str]) -> str:
    """The one name a near miss was likely meant for, as words to add to its refusal, as a game's name
    is told ("laws=tables" was told the values, "did you mean" nothing): "" where none is near."""
    if not isinstance(typed, str) or not typed.strip() or len(typed) > TEXT_LIMIT:
        return ""
    low = typed.strip().lower()
    by_low = {n.lower(): n for n in names}
    found = difflib.get_close_matches(low, list(by_low), n=2, cutoff=0.7)
    if low in by_low:  # "Table" for "table": the case alone
        found = [low]
    return f" (did you mean {echo(by_low[found[0]])}?)" if len(found) == 1 else ""


def _number(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


def _from_text(text: str, kind: type, option: Option) -> Any:
    if kind is bool:
        low = text.strip().lower()
        if low in {"true", "yes", "on", "1"}:
            return True
        if low in {"false", "no", "off", "0"}:
            return False
        raise option._bad(text)
    if len(text) > TEXT_LIMIT:
        raise option._bad(text)
    plain = _WHOLE if kind is int else _DECIMAL
    if plain.fullmatch(text.strip()) is None:  # Python's int() and float() read more than players write
        raise option._bad(text)
    try:
        return kind(text.strip())
    except (ValueError, OverflowError):
        raise option._bad(text) from None


_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
"""A whole number as players write it: ASCII digits with an optional sign (``target_shift=+5``), not
``1_0``, ``٣`` or ``０２``, which Python's ``int()`` would read."""
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)
"""A number as players write it: ASCII digits with an optional sign and decimal point (``62.5``), not
``1e3``, ``inf`` or ``nan``."""


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any], game: str) -> dict[str, Any]:
    """Fill defaults and validate; unknown names are refused with the valid list."""
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name), key=str)
    if unknown:
        valid = ", ".join(sorted(by_name)) or "none"
        named = ", ".join(echo(u) if not isinstance(u, str) else echo(u)[1:-1] for u in unknown[:5])
        near = _near(unknown[0], list(by_name)).replace("'", "") if len(unknown) == 1 else ""
        raise InvalidOption(f"{game} has no option {named}{near}; its options are: {valid}")
    return {o.name: o.convert(given[o.name]) if o.name in given else o.default for o in declared}


def saved_options(declared: tuple[Option, ...], saved: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The options a save means, and the names it lacks: each missing one (the save is older than
    the option) is its ``legacy_value``. Values are not converted: a save holds what ``to_json``
    wrote, and ``Game.load`` compares them with the game's own."""
    missing = [o.name for o in declared if o.name not in saved]
    return {o.name: saved.get(o.name, o.legacy_value) for o in declared}, missing
