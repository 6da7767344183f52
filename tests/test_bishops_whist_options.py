"""Bishops Whist: every value of every option leaves a match that ends (ruling BW-25)."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.engine import InvalidOption, Option, Rng
from parlour.games.bishops_whist.rules import HAND_LIMIT_MAX, BishopsWhist

GAME = "bishops-whist"


def values(option: Option) -> list[Any]:
    """Every choice, or the least, default and greatest number."""
    if option.choices is not None:
        return list(option.choices)
    assert option.minimum is not None and option.maximum is not None, f"{option.name} must be bounded"
    return list(
        dict.fromkeys(
            [type(option.default)(option.minimum), option.default, type(option.default)(option.maximum)]
        )
    )


CASES = [
    pytest.param(option.name, value, laws, id=f"{option.name}={value}-{laws}")
    for option in BishopsWhist.option_specs
    for value in values(option)
    for laws in ("strict", "table")
    if option.name != "laws"
]


def random_match(options: dict[str, Any], seed: int) -> tuple[int, int]:
    """(hands played, actions) of a match of uniformly random legal actions."""
    state = BishopsWhist(**options).new(seed=seed)
    rng = Rng(seed)
    steps = 0
    limit = options.get("hand_limit", 200)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < 400 * limit, "the match does not end"
    return state.view(None).extra.hands_played, steps


@pytest.mark.parametrize(("name", "value", "laws"), CASES)
def test_random_matches_end_for_every_option_value(name: str, value: Any, laws: str) -> None:
    options: dict[str, Any] = {"laws": laws, name: value}
    if name != "hand_limit" and laws == "table":
        options["hand_limit"] = 20  # the default 200 is run as a value of hand_limit itself
    played, _ = random_match(options, seed=3)
    assert 1 <= played <= options.get("hand_limit", 200)


def test_no_hand_limit_is_refused() -> None:
    """The issue's reproduction: hand_limit=0 ("no limit") under table laws never ended in random play."""
    with pytest.raises(InvalidOption, match="hand_limit"):
        parlour.make(GAME, laws="table", hand_limit=0)
    with pytest.raises(InvalidOption, match="hand_limit"):
        parlour.make(GAME, hand_limit=HAND_LIMIT_MAX + 1)


def test_under_table_laws_random_play_ends_at_the_limit() -> None:
    played, _ = random_match({"laws": "table", "hand_limit": 7}, seed=5)
    assert played == 7
