"""Bishops Whist explicit deals: a malformed deal is refused with ``InvalidDeal`` saying what is wrong
(never TypeError, AttributeError or KeyError), and messages never repeat unbounded input."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.cards import BISHOPS_WHIST
from parlour.engine import IllegalAction, InvalidDeal
from parlour.games.bishops_whist.rules import BishopsWhist, BishopsWhistState, dealer_of
from tests.test_bishops_whist import deal_of

GAME = "bishops-whist"
GOOD = deal_of(3, "2C", {3: "2C", 0: "CS"})
LONG = "Z" * 100_000
WITH_A_NUMBER_KEY: dict[Any, Any] = {**GOOD, 7: 1}


def make(deal: Any) -> BishopsWhistState:
    return BishopsWhist().new(seed=1, deal=deal)


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    deal = copy.deepcopy(GOOD)
    target: Any = deal
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value
    return deal


@pytest.mark.parametrize(
    ("deal", "reason"),
    [
        ("abc", "a deal is a mapping"),
        (None, None),  # no deal at all: a seeded shuffle (not an error)
        ([1, 2, 3], "a deal is a mapping"),
        (42, "a deal is a mapping"),
        ({}, "missing"),
        ({**GOOD, "extra": 1}, "no key 'extra'"),
        (WITH_A_NUMBER_KEY, "no key 7"),
        (changed(("dealer",), None), "dealer must be a seat 0-3, not None"),
        (changed(("dealer",), "3"), "dealer must be a seat"),
        (changed(("dealer",), 3.0), "dealer must be a seat"),
        (changed(("dealer",), True), "dealer must be a seat"),
        (changed(("dealer",), -1), "dealer must be a seat"),
        (changed(("dealer",), 10**100), "dealer must be a seat"),
        (changed(("hands",), "abc"), "hands must be a list of four hands"),
        (changed(("hands",), None), "hands must be a list of four hands"),
        (changed(("hands",), {0: []}), "hands must be a list of four hands"),
        (changed(("hands", 0), None), r"hands\.0 must be a list of 13 cards"),
        (changed(("hands", 0), "CS 2S"), r"hands\.0 must be a list of 13 cards"),
        (changed(("hands", 1, 0), None), r"hands\.1\.0: None is not a card"),
        (changed(("hands", 1, 0), 7), r"hands\.1\.0: 7 is not a card"),
        (changed(("hands", 1, 0), ["CS"]), r"hands\.1\.0: \['CS'\] is not a card"),
        (changed(("hands", 1, 0), "TH"), "'TH' is not a card"),
        (changed(("hands", 1, 0), "cs"), "'cs' is not a card"),
        (changed(("hands", 1, 0), LONG), "is not a card"),
        (changed(("hands", 1, 0), "CS"), "too many of CS"),
        (changed(("turn_up",), None), "turn_up: None is not a card"),
        (changed(("turn_up",), "CS"), "must be in the dealer's hand"),
        (changed(("turn_up",), LONG), "turn_up"),
        (changed(("trump",), "H"), "makes C trumps, not H"),
        (changed(("trump",), []), "trump must be one of"),
        (changed(("trump",), LONG), "trump must be one of"),
        ({**GOOD, "hands": GOOD["hands"][:3]}, "four hands"),
        ({**GOOD, "hands": [*GOOD["hands"], []]}, "four hands"),
    ],
)
def test_a_malformed_deal_is_refused_saying_what_is_wrong(deal: Any, reason: str | None) -> None:
    if reason is None:
        assert (make(deal).view(None).hand_number or 0) >= 1
        return
    with pytest.raises(InvalidDeal, match=reason) as info:
        make(deal)
    assert len(str(info.value)) < 300  # nothing unbounded is echoed


def test_a_knight_turned_may_name_trumps_in_the_deal() -> None:
    deal = deal_of(2, "N", {2: "N"}, closed={0: "N", 1: "N", 3: "N"}, trump="D")
    state = make(deal)
    assert state.view(None).trump == "D" and state.view(None).extra.phase == "play"


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.floats(allow_nan=True), st.text(max_size=4)),
    lambda inner: st.lists(inner, max_size=14) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=40,
)
CARDS = st.sampled_from(list(BISHOPS_WHIST.cards))


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*path, i))
    return out


def check_outcome(deal: Any) -> None:
    """Either ``InvalidDeal`` with a short message, or a state that holds the pack and keeps the laws."""
    try:
        state = make(deal)
    except InvalidDeal as exc:
        assert len(str(exc)) < 300
        return
    state.check_invariants()
    assert state.inventory() == BISHOPS_WHIST.counts()
    legal = state.legal_actions()
    assert legal
    state.apply(legal[0])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JSON, st.dictionaries(st.sampled_from(["dealer", "turn_up", "hands", "trump", "x"]), JSON)))
def test_any_value_as_a_deal_is_refused_or_valid(deal: Any) -> None:
    check_outcome(deal)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_good_deal_changed_anywhere_is_refused_or_valid(data: st.DataObject) -> None:
    deal: Any = copy.deepcopy(GOOD)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths(deal)))
        parent: Any = deal
        for p in path[:-1]:
            parent = parent[p]
        how = data.draw(st.sampled_from(["value", "card", "delete"]))
        if how == "delete":
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JSON if how == "value" else CARDS)
        if not paths(deal):
            break
    check_outcome(deal)


@settings(max_examples=100, deadline=None)
@given(st.permutations(list(BISHOPS_WHIST.cards)), st.integers(0, 3), st.integers(0, 12))
def test_every_well_formed_deal_is_accepted(cards: list[str], dealer: int, pick: int) -> None:
    hands = [cards[13 * s : 13 * s + 13] for s in range(4)]
    turn_up = hands[dealer][pick]
    deal: dict[str, Any] = {"dealer": dealer, "turn_up": turn_up, "hands": hands}
    if turn_up == "N":
        deal["trump"] = "S"
    state = make(deal)
    state.check_invariants()
    assert dealer_of(state.view(None)) == dealer


@pytest.mark.parametrize(
    "action", ["play " + "Z" * 150, "correct " + "Q" * 150, "expose " + "9" * 150, "x" * 10**6]
)
def test_illegal_actions_never_echo_unbounded_input(action: str) -> None:
    state = make(GOOD)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert len(str(info.value)) < 300 and len(info.value.reason) < 200
