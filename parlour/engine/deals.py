"""Helpers for explicit deals that several games share."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from parlour.cards import Pack
from parlour.engine.errors import InvalidDeal
from parlour.engine.rng import Rng


def stock_for(pack: Pack, deal: Mapping[str, Any], used: Iterable[str], rng: Rng, placed: str) -> list[str]:
    """The stock of an explicit deal: ``deal["stock"]`` if given (top card first), else the rest shuffled.

    A given stock must hold exactly the cards not ``used`` (``placed`` names where those lie, for the
    error message).
    """
    rest = list((pack.counts() - Counter(used)).elements())
    if "stock" not in deal:
        stock = sorted(rest, key=pack.sort_key)
        rng.shuffle(stock)
        return stock
    try:
        stock = pack.check(deal["stock"], "stock")
    except ValueError as exc:
        raise InvalidDeal(str(exc)) from None
    if Counter(stock) != Counter(rest):
        raise InvalidDeal(f"the stock must hold exactly the cards not {placed}")
    return stock
