"""Explicit deals and messages of Two-handed Bezique: anything malformed is refused with InvalidDeal, and
no message repeats unbounded input."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import BEZIQUE_64
from parlour.engine import IllegalAction, InvalidDeal
from parlour.engine.actions import Action
from parlour.engine.errors import MalformedAction
from parlour.games.bezique.rules import BeziqueState
from tests.test_bezique import make

PACK = BEZIQUE_64
HANDS = [
    ["AS", "KS", "9C", "8C", "7C", "9D", "8D", "JC"],
    ["TS", "QH", "7D", "8H", "9H", "7S", "8S", "JH"],
]
MESSAGE_LIMIT = 300


def good_deal() -> dict[str, Any]:
    used = Counter(HANDS[0]) + Counter(HANDS[1]) + Counter(["9H"])
    stock = sorted((PACK.counts() - used).elements(), key=PACK.sort_key)
    return {"dealer": 1, "hands": copy.deepcopy(HANDS), "turn_up": "9H", "stock": stock}


def test_a_good_deal_is_dealt() -> None:
    s = make().new(seed=1, deal=good_deal())
    assert isinstance(s, BeziqueState)
    assert s.inventory() == PACK.counts() and s.current_player == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: "abc", "a deal is a mapping"),
        (lambda d: [1, 2], "a deal is a mapping"),
        (lambda d: {**d, "dealer": None}, "dealer must be seat 0 or 1"),
        (lambda d: {**d, "dealer": True}, "dealer must be seat 0 or 1"),
        (lambda d: {**d, "dealer": 2}, "dealer must be seat 0 or 1"),
        (lambda d: {**d, "leader": "1"}, "leader must be seat 0 or 1"),
        (lambda d: {**d, "leader": 1.5}, "leader must be seat 0 or 1"),
        (lambda d: {k: v for k, v in d.items() if k != "hands"}, "needs hands"),
        (lambda d: {**d, "hands": None}, "hands must be two lists"),
        (lambda d: {**d, "hands": "AS KS"}, "hands must be two lists"),
        (lambda d: {**d, "hands": [d["hands"][0]]}, "hands must be two lists"),
        (lambda d: {**d, "hands": [d["hands"][0], None]}, r"hands\[1\] must be a list"),
        (lambda d: {**d, "hands": [[None, *d["hands"][0][1:]], d["hands"][1]]}, r"hands\[0\]\[0\]: None"),
        (lambda d: {**d, "hands": [[["AS"], *d["hands"][0][1:]], d["hands"][1]]}, r"hands\[0\]\[0\]"),
        (lambda d: {**d, "hands": [["ZZ", *d["hands"][0][1:]], d["hands"][1]]}, "'ZZ' is not a card"),
        (lambda d: {**d, "hands": [d["hands"][0][:7], d["hands"][1]]}, "must hold eight cards"),
        (lambda d: {**d, "hands": [d["hands"][0] + ["7H"], d["hands"][1]]}, "at most 8 cards"),
        (lambda d: {**d, "hands": [["AS"] * 8, d["hands"][1]]}, "too many of AS"),
        (lambda d: {**d, "turn_up": None}, "turn_up: None is not a card"),
        (lambda d: {**d, "turn_up": 7}, "turn_up: 7 is not a card"),
        (lambda d: {**d, "stock": None}, "stock must be a list"),
        (lambda d: {**d, "stock": [*d["stock"][:-1], None]}, r"stock\[46\]: None"),
        (lambda d: {**d, "stock": d["stock"][:-1]}, "the stock must hold exactly"),
        (lambda d: {**d, "won": [["AH"], []]}, "two cards each"),
        (lambda d: {**d, "won": [[], None]}, r"won\[1\] must be a list"),
        (lambda d: {**d, "won": "x"}, "won must be two lists"),
        (lambda d: {**d, "extra": 1}, "unknown keys"),
        (lambda d: {**d, 3: 1}, "unknown keys"),
    ],
)
def test_malformed_deals_are_refused_with_a_reason(change: Any, message: str) -> None:
    game = parlour.make("bezique")
    with pytest.raises(InvalidDeal, match=message):
        game.new(seed=1, deal=change(good_deal()))


def test_messages_do_not_repeat_huge_input() -> None:
    game = parlour.make("bezique")
    huge = "Q" * 1_000_000
    for deal in (
        {**good_deal(), "turn_up": huge},
        {**good_deal(), huge: 1},
        {**good_deal(), "dealer": huge},
        {**good_deal(), "hands": [[huge] * 8, HANDS[1]]},
        {**good_deal(), "stock": [huge] * 10**5},
    ):
        with pytest.raises(InvalidDeal) as info:
            game.new(seed=1, deal=deal)
        assert len(str(info.value)) < MESSAGE_LIMIT
    s = game.new(seed=1, deal=good_deal())
    for text in (huge, "play " + huge, "meld " + huge, "draw " + huge, "exchange " + huge, huge + " 7H"):
        with pytest.raises(IllegalAction) as err:
            s.apply(text)
        assert len(str(err.value)) < MESSAGE_LIMIT
        assert isinstance(err.value, MalformedAction)  # no card is named Q...Q: never an action
    # The reasons for well-formed actions, whatever is named, are short too.
    for action in (Action("meld", ("QS",) * 64), Action("play", ("QS",)), Action("exchange", ("7S",))):
        assert len(s.explain_illegal(action)) < MESSAGE_LIMIT
        with pytest.raises(IllegalAction) as err:
            s.apply(action)
        assert len(str(err.value)) < MESSAGE_LIMIT


# --- fuzzing --------------------------------------------------------------------------------------

_CARD = st.sampled_from(sorted(set(PACK.cards)))
_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.floats(allow_nan=True) | st.text(max_size=6) | _CARD,
    lambda inner: st.lists(inner, max_size=10) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@st.composite
def _tampered_deals(draw: st.DrawFn) -> Any:
    """A good deal with a few parts replaced, removed, shortened or given foreign values."""
    deal: Any = good_deal()
    if draw(st.booleans()):
        deal["won"] = [[], []]
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["key", "drop", "card", "hand", "list", "whole"]))
        if not isinstance(deal, dict):
            break
        if how == "key":
            deal[draw(st.sampled_from(["dealer", "hands", "turn_up", "stock", "won", "leader", "x"]))] = draw(
                _JUNK
            )
        elif how == "drop" and deal:
            deal.pop(draw(st.sampled_from(sorted(deal))), None)
        elif how == "card" and isinstance(deal.get("hands"), list) and len(deal["hands"]) == 2:
            hand = deal["hands"][draw(st.integers(0, 1))]
            if isinstance(hand, list) and hand:
                hand[draw(st.integers(0, len(hand) - 1))] = draw(_JUNK | _CARD)
        elif how == "hand" and isinstance(deal.get("hands"), list) and deal["hands"]:
            deal["hands"][draw(st.integers(0, len(deal["hands"]) - 1))] = draw(_JUNK)
        elif how == "list" and isinstance(deal.get("stock"), list):
            deal["stock"] = draw(st.lists(_CARD, max_size=50))
        elif how == "whole":
            deal = draw(_JUNK)
    return deal


@settings(max_examples=300, deadline=None)
@given(deal=_tampered_deals())
def test_any_deal_is_dealt_or_refused_with_invalid_deal(deal: Any) -> None:
    game = make()
    try:
        s = game.new(seed=3, deal=deal)
    except InvalidDeal as exc:
        assert 0 < len(str(exc)) < MESSAGE_LIMIT
        return
    assert isinstance(s, BeziqueState)
    assert s.inventory() == PACK.counts()
    s.check_invariants()
    s.apply(s.legal_actions()[0])
