"""Roquet: explicit deals and typed actions that are malformed are refused with a short reason.

A bad deal raises ``InvalidDeal`` (never TypeError, AttributeError or KeyError) and no message
repeats more than a short cut of what it was given (ruling RQ-21).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import ROQUET_60
from parlour.engine import IllegalAction, InvalidDeal
from parlour.engine.actions import Action
from parlour.engine.errors import MalformedAction
from tests.test_roquet import MELD_DEAL, roquet, start

# --- explicit deals ---------------------------------------------------------------------------


def good_deal() -> dict[str, Any]:
    return copy.deepcopy(MELD_DEAL)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["hands"][0].__setitem__(0, None), "None is not a card"),
        (lambda d: d["hands"][1].__setitem__(3, ["7D"]), "is not a card"),
        (lambda d: d["hands"][0].__setitem__(0, 7), "7 is not a card"),
        (lambda d: d.__setitem__("hands", "abc"), "list of two hands"),
        (lambda d: d.__setitem__("hands", None), "list of two hands"),
        (lambda d: d.__setitem__("hands", [d["hands"][0]]), "list of two hands"),
        (lambda d: d.__setitem__("hands", [*d["hands"], []]), "list of two hands"),
        (lambda d: d["hands"].__setitem__(0, "2S3S"), "list of card codes"),
        (lambda d: d["hands"].__setitem__(0, {"2S": 1}), "list of card codes"),
        (lambda d: d["hands"].__setitem__(0, []), "1 to 8 cards"),
        (lambda d: d["hands"][0].append("AD"), "1 to 8 cards"),
        (lambda d: d["hands"][0].__setitem__(0, "3S"), "3S named twice"),
        (lambda d: d["hands"][0].__setitem__(0, "CS"), "CS dealt twice"),
        (lambda d: d.__setitem__("livret", None), "list of card codes"),
        (lambda d: d.__setitem__("livret", ["6D", "QS", "QH", "AC", "AD"]), "0 to 4 cards"),
        (lambda d: d.__setitem__("turn_up", None), "None is not a card"),
        (lambda d: d.__setitem__("turn_up", ["7C"]), "is not a card"),
        (lambda d: d.__setitem__("turn_up", "7X"), "'7X' is not a card"),
        (lambda d: d.__setitem__("turn_up", "6D"), "6D dealt twice"),
        (lambda d: d.__setitem__("dealer", None), "dealer must be 0 or 1"),
        (lambda d: d.__setitem__("dealer", True), "dealer must be 0 or 1"),
        (lambda d: d.__setitem__("dealer", "1"), "dealer must be 0 or 1"),
        (lambda d: d.__setitem__("dealer", 2), "dealer must be 0 or 1"),
        (lambda d: d.__setitem__("dealer", [0]), "dealer must be 0 or 1"),
        (lambda d: d.__setitem__("stock", None), "list of card codes"),
        (lambda d: d["stock"].__setitem__(0, None), "None is not a card"),
        (lambda d: d["stock"].pop(), "exactly the cards not"),
        (lambda d: d["stock"].append("9C"), "9C named twice"),
        (lambda d: d.__setitem__("stock", d["stock"] * 2), "0 to 60 cards"),
        (lambda d: d.__setitem__("extra", 1), "unknown key 'extra'"),
        (lambda d: d.__setitem__(None, 1), "unknown key None"),
        (lambda d: d.pop("hands"), "hands missing"),
        (lambda d: d.pop("turn_up"), "turn_up missing"),
    ],
)
def test_malformed_deals_are_refused_with_a_reason(change: Any, words: str) -> None:
    deal = good_deal()
    change(deal)
    with pytest.raises(InvalidDeal) as info:
        parlour.make("roquet").new(seed=1, deal=deal)
    assert words in str(info.value), str(info.value)


@pytest.mark.parametrize("deal", ["abc", 42, [], ["hands"], b"hands", 1.5])
def test_a_deal_that_is_not_a_mapping_is_refused(deal: Any) -> None:
    with pytest.raises(InvalidDeal, match="a Roquet deal is a mapping"):
        parlour.make("roquet").new(seed=1, deal=deal)


def test_deal_messages_do_not_repeat_huge_input() -> None:
    changes: list[Callable[[Any], object]] = [
        lambda d: d["hands"][0].__setitem__(0, "Z" * 100_000),
        lambda d: d.__setitem__("Z" * 100_000, 1),
        lambda d: d.__setitem__("dealer", "Z" * 100_000),
        lambda d: d.__setitem__("livret", "Z" * 100_000),
    ]
    for change in changes:
        deal = good_deal()
        change(deal)
        with pytest.raises(InvalidDeal) as info:
            parlour.make("roquet").new(seed=1, deal=deal)
        assert len(str(info.value)) < 200


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.floats() | st.text(max_size=4)
    | st.sampled_from(list(ROQUET_60.cards)),
    lambda inner: st.lists(inner, max_size=10) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)  # fmt: skip


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), JSONISH, st.booleans())
def test_fuzzed_deals_give_a_whole_pack_or_invalid_deal(data: st.DataObject, junk: Any, drop: bool) -> None:
    deal: Any = good_deal()
    if data.draw(st.booleans()):
        deal = {k: v for k, v in deal.items() if k != "stock"}
    path = data.draw(st.sampled_from(_paths(deal)))
    if not path:
        deal = junk
    else:
        parent = deal
        for key in path[:-1]:
            parent = parent[key]
        if drop:
            del parent[path[-1]]
        else:
            parent[path[-1]] = junk
    try:
        state = roquet().new(seed=1, deal=deal)
    except InvalidDeal as exc:
        assert len(str(exc)) < 300
        return
    assert state.inventory() == ROQUET_60.counts()
    state.check_invariants()
    state.legal_actions()
    assert parlour.make("roquet").load(state.to_json()).to_json() == state.to_json()


# --- messages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        "play " + "Z" * 190,
        "Z" * 199,
        "meld " + " ".join(["9H"] * 60),
        "meld " + " ".join(["QZ"] * 60),
    ],
)
def test_reasons_cut_what_they_repeat(action: str) -> None:
    state = start(MELD_DEAL)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld 6D 7D 8D")
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert len(info.value.reason) < 160, info.value.reason
    with pytest.raises(MalformedAction) as too_long:
        state.apply(action * 50)
    assert len(too_long.value.reason) < 160


@pytest.mark.parametrize(
    "action",
    [Action("meld", ("9H",) * 3000), Action("meld", ("KS", "KH", *("QS",) * 3000)), Action("play", ("2H",))],
)
def test_the_explanation_of_a_huge_typed_action_is_short(action: Action) -> None:
    state = start(MELD_DEAL)
    state.apply("play CS")
    state.apply("play 2S")
    assert len(state.explain_illegal(action)) < 160


def test_markup_like_words_are_cut_and_quoted() -> None:
    state = start(MELD_DEAL)
    with pytest.raises(IllegalAction) as info:
        state.apply("play [/]")
    assert info.value.reason.startswith("'[/]' is not a card")


def test_explain_illegal_after_the_match_is_over() -> None:
    state = start(MELD_DEAL, target=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.explain_illegal(Action("play", ("2S",))) == "the match is over"
