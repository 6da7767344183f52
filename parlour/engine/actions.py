"""Ranges of amounts: one legal entry for ``bet 1`` … ``bet 10000``, never ten thousand strings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_AMOUNT_DIGITS = 18
"""Amounts longer than this are refused before any arithmetic (no game deals in 10**18 chips)."""


def parse_amount(word: str) -> int | None:
    """``word`` as a plain whole number (ASCII digits only, at most 18 of them), else ``None``.

    ``str.isdigit`` accepts '²' and other digits ``int`` refuses, and ``int`` refuses numbers of more
    than 4,300 digits; this accepts exactly what a player would write as an amount.
    """
    if not word or len(word) > MAX_AMOUNT_DIGITS or not (word.isascii() and word.isdigit()):
        return None
    return int(word)


@dataclass(frozen=True, slots=True)
class AmountRange:
    """The legal actions ``f"{verb} {n}"`` for every whole ``n`` from ``low`` to ``high``.

    A game offers a range where a player names an amount (bets, banks); ``legal_actions()`` then
    lists the other moves only, and ``State.legal_ranges()`` the ranges.
    """

    verb: str
    low: int
    high: int

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high:
            raise ValueError(f"an amount range needs 0 <= low <= high, not {self.low}..{self.high}")

    def __contains__(self, amount: object) -> bool:
        return isinstance(amount, int) and not isinstance(amount, bool) and self.low <= amount <= self.high

    def __len__(self) -> int:
        return self.high - self.low + 1

    def action(self, amount: int) -> str:
        """The canonical text of this range's action for ``amount``."""
        if amount not in self:
            raise ValueError(f"{amount} is outside {self}")
        return f"{self.verb} {amount}"

    def amount_of(self, text: str) -> int | None:
        """The amount if ``text`` (canonical: ``verb N``) is one of this range's actions, else ``None``."""
        verb, sep, word = text.partition(" ")
        if not sep or verb != self.verb:
            return None
        amount = parse_amount(word)
        return amount if amount is not None and self.low <= amount <= self.high else None

    def __str__(self) -> str:
        if self.low == self.high:
            return f"{self.verb} {self.low}"
        return f"{self.verb} N ({self.low}-{self.high})"

    def to_dict(self) -> dict[str, Any]:
        return {"verb": self.verb, "min": self.low, "max": self.high}
