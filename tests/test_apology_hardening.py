"""Apology refuses bad input: malformed deals, bad options, tampered saves, huge actions (issue 10)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import EXTENDED_65
from parlour.engine import IllegalAction, InvalidDeal, InvalidOption, InvalidSave
from parlour.games.apology.rules import Apology, ApologyState, is_oudler
from parlour.players import make_player

RANKS = ["C", "K", "Q", "B", "L", "T", "9", "8", "7", "6", "5", "4", "3", "2", "A"]


def suit_hands() -> list[list[str]]:
    return [[r + s for r in RANKS] for s in "SHDC"]


# --- explicit deals ---------------------------------------------------------------------------


def _with_hand_card(seat: int, i: int, value: Any) -> dict[str, Any]:
    hands: list[list[Any]] = suit_hands()
    hands[seat][i] = value
    return {"dealer": 0, "hands": hands}


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ("abc", "a deal is"),
        ([1], "a deal is"),
        (42, "a deal is"),
        ({"dealer": None, "hands": suit_hands()}, "dealer must be a seat 0-3, not None"),
        ({"dealer": True, "hands": suit_hands()}, "dealer must be a seat"),
        ({"dealer": 4, "hands": suit_hands()}, "dealer must be a seat"),
        ({"dealer": "x", "hands": suit_hands()}, "dealer must be a seat"),
        ({"dealer": 1.0, "hands": suit_hands()}, "dealer must be a seat"),
        ({1: 2}, "unknown deal keys"),
        ({"dealer": 0, "hands": suit_hands(), "kitty": []}, "unknown deal keys"),
        ({"dealer": 0}, "needs 'hands'"),
        ({"dealer": 0, "hands": None}, "needs 'hands'"),
        ({"dealer": 0, "hands": "abcd"}, "needs 'hands'"),
        ({"dealer": 0, "hands": [1, 2, 3, 4]}, "hand 0: each hand is a list of 15"),
        ({"dealer": 0, "hands": ["a" * 15] * 4}, "hand 0: each hand is a list of 15"),
        (_with_hand_card(1, 3, None), "hand 1: None is not a suited card"),
        (_with_hand_card(2, 0, 7), "hand 2: 7 is not a suited card"),
        (_with_hand_card(3, 0, "N"), "lie apart in the kitty"),
        (_with_hand_card(0, 0, "KH"), "twice: KH"),
        ({"dealer": 0, "hands": [h[:14] for h in suit_hands()]}, "list of 15"),
    ],
)
def test_malformed_deals_are_refused_with_the_reason(deal: Any, words: str) -> None:
    with pytest.raises(InvalidDeal, match=words):
        parlour.make("apology").new(seed=1, deal=deal)


def test_a_huge_bad_card_is_not_repeated_in_full() -> None:
    with pytest.raises(InvalidDeal) as info:
        parlour.make("apology").new(seed=1, deal=_with_hand_card(0, 0, "Z" * 100_000))
    assert len(str(info.value)) < 300


def test_a_good_deal_in_lower_case_and_tuples_is_taken() -> None:
    hands = tuple(tuple(c.lower() for c in h) for h in suit_hands())
    state = Apology().new(seed=1, deal={"dealer": 2, "hands": hands})
    assert state.dealer == 2 and sorted(state.hands[0]) == sorted(suit_hands()[0])


def _mutate(node: Any, path: list[int], value: Any) -> Any:
    """Replace the node reached by ``path`` (indices taken modulo each container's size)."""
    if not path or not isinstance(node, dict | list) or not node:
        return value
    if isinstance(node, dict):
        keys = sorted(node, key=str)
        key = keys[path[0] % len(keys)]
        out = dict(node)
        out[key] = _mutate(node[key], path[1:], value)
        return out
    out_list = list(node)
    i = path[0] % len(out_list)
    out_list[i] = _mutate(out_list[i], path[1:], value)
    return out_list


JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 70), st.floats(allow_nan=True), st.text(max_size=4),
    st.sampled_from(["KH", "ah", "N", "E", "CS", "1S"]),
    st.lists(st.sampled_from(["KH", "AS", 0]), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.lists(st.integers(0, 70), max_size=3), JUNK), max_size=4))
def test_fuzzed_deals_start_a_match_or_raise_invalid_deal(mutations: list[tuple[list[int], Any]]) -> None:
    deal: Any = {"dealer": 1, "hands": suit_hands()}
    for path, value in mutations:
        deal = _mutate(deal, path, value)
    try:
        state = parlour.make("apology").new(seed=1, deal=deal)
    except InvalidDeal as exc:
        assert len(str(exc)) < 400
        return
    state.check_invariants()
    assert state.inventory() == EXTENDED_65.counts()


# --- options ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["target_0", "target_1", "target_2", "target_3", "target_shift"])
@pytest.mark.parametrize("value", [float("nan"), "nan", "NaN"])
def test_a_nan_target_is_refused(name: str, value: Any) -> None:
    """Ruling AP-16: a target must be a number."""
    with pytest.raises(InvalidOption, match=name):
        parlour.make("apology", **{name: value})


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(
        [
            "deals",
            "target_0",
            "target_1",
            "target_2",
            "target_3",
            "target_shift",
            "oudlers",
            "bury_oudlers",
            "unpaid",
        ]
    ),
    st.one_of(st.text(max_size=12), st.integers(-300, 300), st.none(), st.floats(), st.booleans()),
)
def test_any_option_value_is_taken_or_refused_with_invalid_option(name: str, value: Any) -> None:
    try:
        game = Apology(**{name: value})
    except InvalidOption:
        return
    for n in range(4):
        target = game.target(n)
        assert target == target  # never NaN
    game.new(seed=1).check_invariants()


# --- messages ---------------------------------------------------------------------------------


def test_explain_illegal_does_not_repeat_a_long_word() -> None:
    state = parlour.make("apology").new(seed=3)
    state.apply("bid")
    with pytest.raises(IllegalAction) as info:
        state.apply("bury " + "Z" * 190)
    assert "ZZZZ" in info.value.reason and len(info.value.reason) < 120


# --- saves ------------------------------------------------------------------------------------


def reach(
    stop: Callable[[ApologyState], bool], kinds: str = "random", seeds: int = 60, **options: Any
) -> ApologyState:
    """The first state of seeded matches (players ``kinds``) where ``stop`` holds."""
    game = Apology(**options)
    for seed in range(seeds):
        state = game.new(seed=seed)
        players = [make_player(kinds, game, seed * 4 + i) for i in range(4)]
        while True:
            if stop(state):
                return state
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            state.apply(players[seat].choose(state.view(seat), game))
    raise AssertionError("no such state reached")


def refused(state: ApologyState, change: Callable[[dict[str, Any]], Any], words: str) -> str:
    data = json.loads(state.to_json())
    change(data["state"])
    with pytest.raises(InvalidSave, match=words) as info:
        state.game.load(json.dumps(data))
    return str(info.value)


def bidding(s: ApologyState) -> bool:
    return s.phase == "bid" and s.bids.count("pass") == 2


def burying(s: ApologyState) -> bool:
    return s.phase == "bury" and len(s.buried) == 3


def mid_trick_with_debt(s: ApologyState) -> bool:
    return s.phase == "play" and len(s.trick) == 2 and bool(s.debts) and len(s.tricks) >= 4


def paying(s: ApologyState) -> bool:
    return s.phase == "pay"


def settled(s: ApologyState) -> bool:
    return s.phase == "over" and s.taker is not None and bool(s.kept)


def _swap(data: dict[str, Any], a: tuple[str, int, int], b: tuple[str, int, int]) -> None:
    (ka, ia, ja), (kb, ib, jb) = a, b
    data[ka][ia][ja], data[kb][ib][jb] = data[kb][ib][jb], data[ka][ia][ja]


def test_a_card_copied_from_one_hand_into_another_is_refused() -> None:
    state = reach(bidding)
    refused(state, lambda d: d["hands"][1].append(d["hands"][0][0]), "exactly once")
    refused(state, lambda d: d["hands"][1].__setitem__(0, d["hands"][0][0]), "exactly once")
    refused(state, lambda d: d["hands"][1].append(d["hands"][0].pop()), "hands of 15")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.__setitem__("turn", (d["turn"] + 1) % 4), "turn"),
        (lambda d: d.__setitem__("turn", None), "deal_no"),
        (lambda d: d.__setitem__("bids", ["bid", "bid", None, None]), "bids|taker"),
        (lambda d: d.__setitem__("taker", 0), "taker"),
        (lambda d: d.__setitem__("phase", "play"), "phase|buried"),
        (lambda d: d.__setitem__("phase", "over"), "phase"),
        (lambda d: d.__setitem__("phase", "nap"), "state.phase"),
        (lambda d: d.__setitem__("kitty", []), "exactly once"),
        (lambda d: d.__setitem__("kitty", ["N", "N", "N", "E", "N"]), "kitty"),
        (lambda d: d.__setitem__("leader", 3 - d["leader"]), "leader"),
        (lambda d: d.__setitem__("deal_no", 4), "deal_no"),
        (lambda d: d.__setitem__("points", [3, -1, -1, -1]), "scores|points"),
        (lambda d: d.__setitem__("hands", None), "state.hands"),
        (lambda d: d["hands"][0].extend(["2S"] * 10), "state.hands.0"),
        (lambda d: d.__setitem__("tricks", [{"leader": 0, "plays": [], "winner": 0}]), "tricks"),
        (lambda d: d.__setitem__("debts", [{"card": "N", "to": 1}]), "tricks"),
        (lambda d: d.__setitem__("extra", 1), "state.extra"),
        (lambda d: d.pop("won"), "state.won"),
    ],
)
def test_tampered_saves_in_the_bidding_are_refused(change: Any, words: str) -> None:
    refused(reach(bidding), change, words)


def test_tampered_saves_in_the_burial_are_refused() -> None:
    state = reach(burying)
    taker = state.taker
    assert taker is not None
    refused(state, lambda d: d["buried"].append(d["hands"][(taker + 2) % 4].pop()), "buried")
    refused(state, lambda d: d["buried"].extend([d["hands"][taker].pop() for _ in range(3)]), "buried")
    refused(state, lambda d: d["hands"][(taker + 1) % 4].append(d["buried"].pop()), "buried|taker")
    refused(state, lambda d: d.__setitem__("turn", (taker + 1) % 4), "buried")
    excuse = next(i for i, c in enumerate(state.hands[taker]) if c in ("N", "E"))
    other = (taker + 1) % 4
    refused(state, lambda d: _swap(d, ("hands", taker, excuse), ("hands", other, 0)), "only the taker")


def test_an_oudler_buried_against_the_option_is_refused() -> None:
    state = reach(burying, bury_oudlers=False)
    taker = state.taker
    assert taker is not None
    oudler = next(i for i, c in enumerate(state.hands[taker]) if is_oudler(c))
    state.game.load(state.to_json())

    def swap(d: dict[str, Any]) -> None:
        d["buried"][0], d["hands"][taker][oudler] = d["hands"][taker][oudler], d["buried"][0]

    refused(state, swap, "bury_oudlers")


def test_tampered_saves_in_the_play_are_refused() -> None:
    state = reach(mid_trick_with_debt)
    taker = state.taker
    assert taker is not None
    defenders = [s for s in range(4) if s != taker]
    a, b = defenders[0], defenders[1]
    # cards moved between hands, won piles and the trick
    refused(state, lambda d: d["hands"][b].append(d["hands"][a].pop()), f"hands.{a}")
    refused(state, lambda d: d["won"][a].append(d["hands"][a].pop()), f"hands.{a}")
    refused(state, lambda d: d["hands"][a].append(d["buried"].pop()), "buried")
    refused(
        state,
        lambda d: d["won"][b].append(d["won"][taker].pop() if d["won"][taker] else d["kept"].pop()),
        "won|kept",
    )
    refused(state, lambda d: d["hands"][taker].append(d["kept"].pop()), "kept|hands")
    # the record of play
    refused(
        state, lambda d: d["tricks"][0].__setitem__("winner", (d["tricks"][0]["winner"] + 1) % 4), "tricks.0"
    )
    refused(state, lambda d: d["tricks"][1]["plays"].reverse(), "tricks.1")
    refused(state, lambda d: d["trick"].reverse(), "trick")
    refused(state, lambda d: d.__setitem__("turn", d["trick"][0][0]), "turn")
    refused(state, lambda d: d.__setitem__("debts", []), "debts")
    refused(state, lambda d: d.__setitem__("debts", d["debts"] + [{"card": "N", "to": a}]), "debts")
    refused(state, lambda d: d.__setitem__("phase", "pay"), "phase")
    refused(state, lambda d: d.__setitem__("leader", (d["leader"] + 1) % 4), "leader|trick")
    refused(
        state,
        lambda d: d["tricks"][0]["plays"].__setitem__(0, [d["tricks"][0]["plays"][0][0], "ZZ"]),
        "tricks.0",
    )


def test_a_revoke_written_into_the_record_is_refused() -> None:
    """A spade swapped into the hand of a seat that did not follow spades: no play reaches that."""
    state = Apology().new(seed=1, deal={"dealer": 3, "hands": suit_hands()})
    for action in ("bid", "bury E", "bury N", "bury N", "bury N", "bury N", "bury 2S"):
        state.apply(action)
    for action in ("play CS", "play 2H", "play 2D", "play 2C"):
        state.apply(action)
    state.game.load(state.to_json())
    assert "KS" in state.hands[0] and "3H" in state.hands[1]

    def swap(d: dict[str, Any]) -> None:
        d["hands"][0][d["hands"][0].index("KS")] = "3H"
        d["hands"][1][d["hands"][1].index("3H")] = "KS"

    refused(state, swap, "tricks.0: seat 1 did not follow spades")


def test_tampered_saves_while_paying_and_at_the_end_are_refused() -> None:
    state = reach(paying)
    taker = state.taker
    assert taker is not None
    refused(state, lambda d: d.__setitem__("turn", (taker + 1) % 4), "phase")
    refused(state, lambda d: d.__setitem__("debts", []), "phase")
    over = reach(settled, seeds=120)
    over.game.load(over.to_json())
    refused(over, lambda d: d.__setitem__("phase", "play"), "phase|turn|deal_no")
    refused(over, lambda d: d["won"][(d["taker"] + 1) % 4].append(d["kept"].pop()), "won|kept")
    refused(over, lambda d: d.__setitem__("tricks", d["tricks"][:14]), "phase")


def test_saves_of_every_phase_still_load() -> None:
    for stop in (bidding, burying, mid_trick_with_debt, paying, settled):
        state = reach(stop, seeds=120)
        text = state.to_json()
        assert state.game.load(text).to_json() == text
    for options in ({"unpaid": "lapse"}, {"bury_oudlers": False, "deals": 1}):
        state = reach(lambda s: s.is_over, kinds="eager", seeds=3, **options)
        assert state.game.load(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("options", [{}, {"unpaid": "lapse"}, {"bury_oudlers": False, "oudlers": "cards"}])
def test_every_state_of_played_matches_keeps_the_invariants(options: dict[str, Any]) -> None:
    game = parlour.make("apology", deals=2, **options)
    for seed in range(6):
        state = game.new(seed=seed)
        kinds = ["random", "eager", "random", "heuristic"]
        players = [make_player(kinds[(i + seed) % 4], game, seed + i) for i in range(4)]
        while not state.is_over:
            state.check_invariants()
            seat = state.current_player
            assert seat is not None
            state.apply(players[seat].choose(state.view(seat), game))
        state.check_invariants()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 140),
    st.lists(st.tuples(st.lists(st.integers(0, 70), min_size=1, max_size=4), JUNK), min_size=1, max_size=3),
)
def test_fuzzed_saves_are_refused_or_play_to_the_end(
    moves: int, mutations: list[tuple[list[int], Any]]
) -> None:
    game = parlour.make("apology", deals=1)
    state = game.new(seed=moves)
    players = [make_player("random", game, i) for i in range(4)]
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), game))
    data = json.loads(state.to_json())
    inner = copy.deepcopy(data["state"])
    for path, value in mutations:
        inner = _mutate(inner, path, value)
    data["state"] = inner
    try:
        loaded = game.load(json.dumps(data))
    except InvalidSave as exc:
        assert len(str(exc)) < 600
        return
    for _ in range(300):
        loaded.check_invariants()
        assert loaded.inventory() == EXTENDED_65.counts()
        if loaded.is_over:
            break
        for seat in (None, 0, 1, 2, 3):
            json.dumps(loaded.view(seat).to_dict())
        seat = loaded.current_player
        assert seat is not None
        loaded.apply(players[seat].choose(loaded.view(seat), game))
    assert loaded.is_over


def test_the_view_numbers_the_last_deal_once_the_match_is_over() -> None:
    """A one-deal match ends on deal 1: its view said "hand 2" at the end, one past the last (QA)."""
    game = parlour.make("apology", deals=1)
    state, rng = game.new(seed=1), random.Random(1)
    assert state.view(None).hand_number == 1
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.view(None).hand_number == state.hand_number == 1
