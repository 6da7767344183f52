"""Open tarock refuses bad input: malformed deals, bad options, tampered saves, huge actions (issue 10)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import TAROCK_54
from parlour.engine import IllegalAction, InvalidDeal, InvalidOption, InvalidSave
from parlour.games.open_tarock.rules import OpenTarock, OpenTarockState, parse_stacks
from parlour.players import make_player


def game(**options: Any) -> OpenTarock:
    g = parlour.make("open-tarock", **options)
    assert isinstance(g, OpenTarock)
    return g


def good_deal() -> dict[str, Any]:
    cards = list(TAROCK_54.cards)
    return {
        "dealer": 1,
        "stacks": [[cards[i : i + 9] for i in (0, 9, 18)], [cards[i : i + 9] for i in (27, 36, 45)]],
    }


# --- explicit deals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ("abc", "a deal is"),
        ([1, 2], "a deal is"),
        ({"dealer": None, "stacks": good_deal()["stacks"]}, "dealer must be seat 0 or 1, not None"),
        ({"dealer": True, "stacks": good_deal()["stacks"]}, "dealer must be seat 0 or 1"),
        ({"dealer": 1.0, "stacks": good_deal()["stacks"]}, "dealer must be seat 0 or 1"),
        ({1: 2, "a": 3}, "unknown deal keys"),
        ({"dealer": 0}, "no 'stacks'"),
        ({"dealer": 0, "stacks": None}, "two lists of stacks"),
        ({"dealer": 0, "stacks": "ab"}, "two lists of stacks"),
        ({"dealer": 0, "stacks": [[[None]], [[None]]]}, "None is not a card"),
        ({"dealer": 0, "stacks": [["KH"], ["SK"]]}, "a stack is a non-empty list"),
        ({"dealer": 0, "stacks": [[[1]], [[2]]]}, "1 is not a card"),
        ({"dealer": 0, "stacks": [[["KH"] * 28], [["SK"] * 27]]}, "more cards than"),
        ({"dealer": 0, "stacks": [[["KH"] * 27], [["SK"] * 27]]}, "too many of"),
    ],
)
def test_malformed_deals_are_refused_with_the_reason(deal: Any, words: str) -> None:
    with pytest.raises(InvalidDeal, match=words):
        game().new(seed=1, deal=deal)


def test_a_huge_bad_card_is_not_repeated_in_full() -> None:
    deal = good_deal()
    deal["stacks"][0][0][0] = "X" * 100_000
    with pytest.raises(InvalidDeal) as info:
        game().new(seed=1, deal=deal)
    assert len(str(info.value)) < 300


def test_cards_may_be_given_in_any_case_and_stacks_as_tuples() -> None:
    deal = good_deal()
    deal["stacks"][0] = tuple(tuple(c.lower() for c in s) for s in deal["stacks"][0])
    state = game().new(seed=1, deal=deal)
    assert state.stacks[0][0][0] == TAROCK_54.cards[0]


def _mutations() -> st.SearchStrategy[Any]:
    junk = st.one_of(
        st.none(), st.booleans(), st.integers(-3, 80), st.floats(allow_nan=True), st.text(max_size=5),
        st.sampled_from(["KH", "SK", "XXI", "kh", "1H", "I"]), st.lists(st.integers(0, 3), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    )  # fmt: skip
    return st.lists(st.tuples(st.lists(st.integers(0, 40), min_size=0, max_size=3), junk), max_size=4)


def _mutate(deal: Any, path: list[int], value: Any) -> Any:
    """Replace the node reached by following ``path`` (indices taken modulo each container's size)."""
    if not path or not isinstance(deal, dict | list) or not deal:
        return value
    if isinstance(deal, dict):
        keys = sorted(deal, key=str)
        key = keys[path[0] % len(keys)]
        out = dict(deal)
        out[key] = _mutate(deal[key], path[1:], value)
        return out
    out_list = list(deal)
    i = path[0] % len(out_list)
    out_list[i] = _mutate(out_list[i], path[1:], value)
    return out_list


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutations())
def test_fuzzed_deals_start_a_match_or_raise_invalid_deal(mutations: list[tuple[list[int], Any]]) -> None:
    deal: Any = good_deal()
    for path, value in mutations:
        deal = _mutate(deal, path, value)
    try:
        state = game().new(seed=1, deal=deal)
    except InvalidDeal as exc:
        assert len(str(exc)) < 400
        return
    state.check_invariants()
    assert state.inventory() == TAROCK_54.counts()


# --- options ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        ",",
        "7,7,7,6,",
        "²,7,7,7",
        "٧,7,7,6",
        "1_0,10,7",
        "0x7,7,7,6",
        "7;7;7;6",
        "9" * 5000,
        "-7,34",
        "0,27",
    ],
)
def test_bad_stacks_options_are_refused_clearly(text: str) -> None:
    with pytest.raises(InvalidOption, match="stacks") as info:
        game(stacks=text)
    assert len(str(info.value)) < 400


def test_stacks_option_allows_spaces_and_any_case_of_auto() -> None:
    assert game(stacks=" 7, 7 ,7,6 ").stack_sizes == (7, 7, 7, 6)
    assert game(stacks="AUTO", pack="tarot78").stack_sizes == (10, 10, 10, 9)
    assert parse_stacks("27", "tarock54") == (27,)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_stacks_text_is_parsed_or_refused_with_invalid_option(text: str) -> None:
    try:
        g = game(stacks=text)
    except InvalidOption:
        return
    assert sum(g.stack_sizes) == 27 and min(g.stack_sizes) >= 1


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["pack", "stacks", "deals", "short_batch"]),
    st.one_of(st.text(max_size=12), st.integers(-5, 200), st.none(), st.floats(), st.booleans()),
)
def test_any_option_value_is_taken_or_refused_with_invalid_option(name: str, value: Any) -> None:
    try:
        g = game(**{name: value})
    except InvalidOption:
        return
    g.new(seed=1).check_invariants()


# --- messages ---------------------------------------------------------------------------------


def test_explain_illegal_does_not_repeat_a_long_word() -> None:
    state = game().new(seed=3)
    with pytest.raises(IllegalAction) as info:
        state.apply("play " + "Q" * 190)
    assert "QQQQ" in info.value.reason and len(info.value.reason) < 120


# --- saves ------------------------------------------------------------------------------------


def played(moves: int, seed: int = 7, **options: Any) -> OpenTarockState:
    g = game(**options)
    state = g.new(seed=seed)
    players = [make_player("heuristic", g, 1), make_player("random", g, 2)]
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), g))
    return state


def tamper(state: OpenTarockState, change: Any) -> str:
    data = json.loads(state.to_json())
    change(data["state"])
    return json.dumps(data)


def refused(state: OpenTarockState, change: Any, words: str) -> str:
    text = tamper(state, change)
    with pytest.raises(InvalidSave, match=words) as info:
        state.game.load(text)
    return str(info.value)


def _copy_card_to_other_seat(s: dict[str, Any]) -> None:
    s["stacks"][1][0].append(s["stacks"][0][0][-1])


def _move_card_to_other_seat(s: dict[str, Any]) -> None:
    s["stacks"][1][0].append(s["stacks"][0][0].pop())


def _move_down_card_to_pile(s: dict[str, Any]) -> None:
    s["piles"][0].append(s["stacks"][0][0].pop())
    s["piles"][0].append(s["stacks"][1][0].pop())


def _swap_pile_with_stack(s: dict[str, Any]) -> None:
    s["piles"][0][0], s["stacks"][0][0][-1] = s["stacks"][0][0][-1], s["piles"][0][0]


def _other_winner(s: dict[str, Any]) -> None:
    t = s["tricks"][0]
    t["winner"] = 1 - t["winner"]


def _unknown_card_in_a_trick(s: dict[str, Any]) -> None:
    """A spade that no pack has, led against a real one: its rank cannot be looked up."""
    first, second = s["tricks"][0]["cards"]
    first["card"], second["card"] = "ZS", "KS"


def _set(key: str, value: Any) -> Any:
    def change(s: dict[str, Any]) -> None:
        s[key] = value

    return change


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_copy_card_to_other_seat, "exactly once"),
        (_move_card_to_other_seat, "as many cards"),
        (_move_down_card_to_pile, "piles"),
        (_swap_pile_with_stack, "piles"),
        (_other_winner, "tricks.0"),
        (_set("turn", None), "turn"),
        (_set("hand_number", 0), "hand_number"),
        (_set("hand_number", 2), "hand_points"),
        (_set("hand_number", 3), "hand_number"),
        (_set("dealer", 2), "dealer"),
        (_set("leader", 5), "leader"),
        (_set("stacks", None), "state.stacks"),
        (_set("stacks", [[], [], []]), "state.stacks"),
        (_set("trick", [[0, "KH"], [1, "SK"]]), "state.trick"),
        (_set("piles", [["KH"] * 80, []]), "state.piles.0"),
        (_set("totals", [1e300, 0.0]), "state.totals.0"),
        (_set("extra", 1), "state.extra"),
        (lambda s: s.pop("leader"), "state.leader"),
        (lambda s: s["stacks"][0][0].__setitem__(0, "ZZ"), "exactly once"),
        (lambda s: s["stacks"][0][0].__setitem__(0, "X" * 50), "state.stacks.0.0.0"),
        (lambda s: s["tricks"][0]["cards"].reverse(), "tricks.0"),
        (_unknown_card_in_a_trick, "tricks.0: .* names a card not in"),
        (lambda s: s["hand_points"].append([1.0, -1.0]), "hand_points"),
    ],
)
def test_tampered_saves_mid_hand_are_refused(change: Any, words: str) -> None:
    state = played(9)
    assert state.tricks and state.trick and not state.is_over
    refused(state, change, words)


def test_a_flipped_turn_is_refused() -> None:
    state = played(10)
    refused(state, lambda s: s.__setitem__("turn", 1 - s["turn"]), "turn")


def test_tampered_totals_and_hand_points_are_refused() -> None:
    state = played(60)
    assert state.hand_number == 2 and state.hand_points
    # both totals and the hand's points changed alike: the log's score events disagree
    refused(state, lambda s: s.__setitem__("totals", [t + 1 for t in s["totals"]]), "scores")

    def points(s: dict[str, Any]) -> None:
        s["hand_points"][0] = [p + 1 for p in s["hand_points"][0]]

    refused(state, points, "hand_points.0")

    def third(s: dict[str, Any]) -> None:
        s["hand_points"][0] = [s["hand_points"][0][0] + 0.1, s["hand_points"][0][1] - 0.1]

    refused(state, third, "hand_points.0")


def test_a_finished_match_must_have_ended_properly() -> None:
    state = played(200)
    assert state.is_over
    state.game.load(state.to_json())
    refused(state, _set("turn", 0), "hand is played out")
    refused(state, _other_winner, "tricks.0")

    def last_points(s: dict[str, Any]) -> None:
        s["hand_points"][-1] = [s["hand_points"][-1][1], s["hand_points"][-1][0]]

    if state.hand_points[-1][0] != state.hand_points[-1][1]:
        refused(state, last_points, "the last hand's points")


def test_saves_still_load_and_play_on() -> None:
    for moves in (0, 1, 2, 27, 53, 54, 55, 60, 200):
        state = played(moves, short_batch="literal")
        text = state.to_json()
        loaded = state.game.load(text)
        assert loaded.to_json() == text


def _json_mutations() -> st.SearchStrategy[list[tuple[list[int], Any]]]:
    junk = st.one_of(
        st.none(), st.booleans(), st.integers(-2, 60), st.floats(-50, 50), st.text(max_size=4),
        st.sampled_from(["KH", "SK", "XXI", "I", "7S", "4D"]),
        st.lists(st.sampled_from(["KH", "SK", 0]), max_size=3),
    )  # fmt: skip
    return st.lists(
        st.tuples(st.lists(st.integers(0, 60), min_size=1, max_size=5), junk), min_size=1, max_size=3
    )


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 120), _json_mutations())
def test_fuzzed_saves_are_refused_or_play_to_the_end(
    moves: int, mutations: list[tuple[list[int], Any]]
) -> None:
    state = played(moves, seed=moves)
    data = json.loads(state.to_json())
    inner = copy.deepcopy(data["state"])
    for path, value in mutations:
        inner = _mutate(inner, path, value)
    data["state"] = inner
    g = state.game
    try:
        loaded = g.load(json.dumps(data))
    except InvalidSave as exc:
        assert len(str(exc)) < 600
        return
    players = [make_player("random", g, 1), make_player("random", g, 2)]
    for _ in range(200):
        loaded.check_invariants()
        assert loaded.inventory() == g.card_pack.counts()
        if loaded.is_over:
            break
        for seat in (None, 0, 1):
            json.dumps(loaded.view(seat).to_dict())
        seat = loaded.current_player
        assert seat is not None
        loaded.apply(players[seat].choose(loaded.view(seat), g))
    assert loaded.is_over
