"""Lansquenet, issue 10: faithful defaults (takeout, twins with odd bets), amounts as ranges, bad
amounts refused, every outside number bounded, explicit deals and saves refused unless reachable."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.engine import AmountRange, IllegalAction, InvalidDeal, InvalidOption, InvalidSave, Rng
from parlour.engine.views import RangeView
from parlour.games.lansquenet.rules import MAX_CHIPS, MAX_STAKE, Lansquenet, LansquenetState


def new(deal: dict[str, Any] | None = None, seed: int = 1, **options: Any) -> LansquenetState:
    return Lansquenet(**options).new(seed=seed, deal=deal)


def play(state: LansquenetState, *actions: str) -> None:
    start = state.inventory()
    for a in actions:
        state.apply(a)
        state.check_invariants()
        assert state.inventory() == start, f"chips or cards not conserved after {a!r}"


def last_hand(state: LansquenetState) -> dict[str, Any]:
    return dict(next(e for e in reversed(state.log) if e.kind == "hand_end").data)


def random_action(state: LansquenetState, rng: Rng) -> str:
    """A uniformly chosen move, a range counting as one move with its amount drawn from it."""
    actions, ranges = state.legal_actions(), state.legal_ranges()
    i = rng.randrange(len(actions) + len(ranges))
    if i < len(actions):
        return actions[i]
    r = ranges[i - len(actions)]
    return r.action(r.low + rng.randrange(len(r)))


def play_out(state: LansquenetState, seed: int = 0, limit: int = 20_000) -> None:
    """Random play to the end, checking invariants, chips and cards after every action."""
    rng = Rng(seed)
    start = state.inventory()
    for step in range(limit):
        if state.is_over:
            return
        if step % 10 == 0:
            for s in [None, *range(state.num_players)]:
                json.dumps(state.view(s).to_dict(), allow_nan=False)
        state.apply(random_action(state, rng))
        state.check_invariants()
        assert state.inventory() == start
    raise AssertionError("the session does not end")


# --- 1. take-out is on by default -------------------------------------------------------------------


def test_takeout_is_a_main_rule_on_by_default() -> None:
    """Source, 'Passing the bank': after a win from a same-rank start the banker may take it out."""
    assert parlour.make("lansquenet").options["takeout"] is True
    state = new({"banker": 0, "stacks": [["JC", "JD"], ["9C", "KD", "KH"]]})
    play(state, "bank 10", "bet 6", "pass", "pass", "pass")
    assert state.bank == 16 and state.legal_actions() == ["keep", "takeout", "stop"]
    play(state, "takeout")
    assert state.bank == 10 and state.purse[0] == 96 and state.phase == "bet"
    assert state.scores == [106.0, 94.0, 100.0, 100.0]
    play(state, "bet 10")  # the players' card KD is paired first: the bank of 10 pays
    assert state.purse == [96, 104, 100, 100]


def test_takeout_false_keeps_the_winnings_in() -> None:
    state = new({"banker": 0, "stacks": [["JC", "JD"]]}, takeout=False)
    play(state, "bank 10", "bet 6", "pass", "pass", "pass")
    assert state.legal_actions() == ["keep", "stop"]
    with pytest.raises(IllegalAction, match="takeout=false"):
        state.apply("takeout")


# --- 2. twins with odd bets ---------------------------------------------------------------------------


def test_twins_the_odd_chip_of_an_odd_bet_goes_to_the_bank() -> None:
    state = new({"banker": 0, "stacks": [["JC", "JD"]]}, twins=True)
    play(state, "bank 10", "bet 1", "bet 3", "bet 2", "pass", "pass", "pass")
    # 1 loses 1, 3 loses 2, 2 loses 1 (ruling LQ-11): a single chip no longer escapes the start.
    assert last_hand(state)["points"] == [4, -1, -2, -1]
    assert state.bank == 14 and state.purse == [90, 99, 98, 99]


@pytest.mark.parametrize(
    ("packs", "twins", "bet"), [(1, True, 1), (1, True, 2), (1, True, 3), (1, False, 1), (2, True, 5)]
)
def test_exact_edge_is_the_edge_the_engine_plays(packs: int, twins: bool, bet: int) -> None:
    """Every opening of a fresh pack dealt on the engine, weighted by its chance, gives the exact edge."""
    from parlour.games.lansquenet.odds import engine_edge, lansquenet_odds

    exact = lansquenet_odds(packs, twins, bet).edge
    assert engine_edge(packs, twins, bet) == exact


def test_twins_edge_depends_on_the_bet() -> None:
    from parlour.games.lansquenet.odds import lansquenet_odds

    assert lansquenet_odds(1, True, 1).edge == Fraction(1, 17)
    assert lansquenet_odds(1, True, 2).edge == lansquenet_odds(1, True, 100).edge == Fraction(1, 34)
    assert lansquenet_odds(1, True, 3).edge == Fraction(2, 51)
    assert lansquenet_odds(6, True, 2).edge == Fraction(23, 622)
    with pytest.raises(ValueError, match="at least 1"):
        lansquenet_odds(1, True, 0)


def test_twins_monte_carlo_with_single_chip_bets_agrees() -> None:
    from parlour.games.lansquenet.odds import lansquenet_odds, monte_carlo

    mc = monte_carlo(1, True, deals=3000, seed=5, bet=1)
    lo, hi = mc.edge_interval
    assert lo <= float(lansquenet_odds(1, True, 1).edge) <= hi
    assert not lo <= 0.0 <= hi or lo > -0.01  # a bet of 1 is no longer free of the start's edge


def test_odds_command_takes_the_bet() -> None:
    from typer.testing import CliRunner

    from parlour.cli import app

    result = CliRunner().invoke(
        app, ["odds", "lansquenet", "--twins", "--bet", "3", "--deals", "200"], terminal_width=200
    )
    assert result.exit_code == 0, result.output
    assert "2/51" in result.output and "bets of 3" in result.output and "odd chip" in result.output


# --- 3. amounts as ranges -------------------------------------------------------------------------------


def test_amounts_are_ranges_never_one_string_per_chip() -> None:
    state = new({"banker": 0, "chips": [10_000, 10_000, 500, 10_000]})
    assert state.legal_actions() == []
    assert state.legal_ranges() == [AmountRange("bank", 1, 10_000)]
    assert state.view(0).legal_ranges == [RangeView("bank", 1, 10_000)]
    assert state.view(1).legal_ranges == []
    play(state, "bank 9000")
    assert state.legal_actions() == ["banco", "pass"]
    assert state.legal_ranges() == [AmountRange("bet", 1, 9000)]
    play(state, "bet 8000")
    assert state.legal_ranges() == [AmountRange("bet", 1, 500)], "the purse limits seat 2's bet"
    assert state.legal_actions() == ["pass"], "seat 2 cannot make the whole bank"
    assert state.view(2).legal_ranges == [RangeView("bet", 1, 500)]


def test_a_purse_of_a_million_lists_a_handful_of_moves() -> None:
    state = new({"banker": 0, "chips": [1_000_000, 1_000_000, 100, 100]})
    assert len(state.legal_actions()) + len(state.legal_ranges()) == 1
    play(state, "bank 1000000")
    assert len(state.legal_actions()) == 2 and state.is_legal("bet 1000000")


def test_explain_illegal_for_amounts_out_of_range() -> None:
    state = new({"banker": 0, "chips": [100, 3, 100, 100]})
    with pytest.raises(IllegalAction, match="at least 1"):
        state.apply("bank 0")
    with pytest.raises(IllegalAction, match="you hold 100"):
        state.apply("bank 101")
    play(state, "bank 50")
    with pytest.raises(IllegalAction, match="at least 1"):
        state.apply("bet 0")
    with pytest.raises(IllegalAction, match="you hold 3"):
        state.apply("bet 4")
    play(state, "bet 3")
    play(state, "bet 40")
    with pytest.raises(IllegalAction, match="only 7 more may be bet"):
        state.apply("bet 8")
    play(state, "bet 07")  # a leading zero is read plainly
    assert next(e for e in reversed(state.log) if e.kind == "bet").data["amount"] == 7
    assert any(e.kind == "covered" for e in state.log)


def test_hoyle_bets_are_a_range_within_the_bankers_cover() -> None:
    state = new(
        {"banker": 0, "chips": [10, 100, 100, 100], "stacks": [["2C", "3C", "KC", "7H"]]}, variant="hoyle"
    )
    assert state.legal_ranges() == [AmountRange("bet", 1, 10)] and state.legal_actions() == ["pass"]
    play(state, "bet 6")
    assert state.legal_ranges() == [AmountRange("bet", 1, 4)]
    with pytest.raises(IllegalAction, match="cover only 4"):
        state.apply("bet 5")


# --- 4. bad amounts are IllegalAction -------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    ["bank ²", "bank ٣", "bank -3", "bank 1.5", "bank 1e3", "bank 5 5", "bank", "bank " + "9" * 150],
)
def test_malformed_bank_amounts_are_illegal_actions(action: str) -> None:
    state = new({"banker": 0})
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert len(str(info.value)) < 250
    assert state.to_json() == before


@pytest.mark.parametrize(
    "action", ["bet ²", "banco ²", "bet ³", "banco 5", "pass 2", "bet " + "9" * 19, "bet " + "9" * 5000]
)
def test_malformed_bet_amounts_are_illegal_actions(action: str) -> None:
    state = new({"banker": 0})
    play(state, "bank 10")
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert len(str(info.value)) < 250
    assert state.to_json() == before


def test_reasons_never_repeat_long_input() -> None:
    state = new({"banker": 0})
    for text in ["bank " + "x" * 190, "x" * 190, "bet " + "²" * 190]:
        with pytest.raises(IllegalAction) as info:
            state.apply(text)
        reason = info.value.reason
        assert len(reason) < 200 and "x" * 70 not in reason and "²" * 70 not in reason


# --- 5. bounds on every number from outside ---------------------------------------------------------------


def test_chips_beyond_the_table_limit_are_refused() -> None:
    game = parlour.make("lansquenet")
    with pytest.raises(InvalidDeal, match="1,000,000,000"):
        game.new(deal={"chips": [10**12, 100, 100, 100], "banker": 0})
    with pytest.raises(InvalidDeal, match="in all"):
        game.new(deal={"chips": [MAX_CHIPS, 1, 0, 0]})
    state = game.new(seed=1, deal={"chips": [MAX_CHIPS - 1, 1, 0, 0], "banker": 1})
    play(state, "bank 1", "banco")
    assert sum(state.scores) == MAX_CHIPS


def test_stake_option_is_bounded() -> None:
    with pytest.raises(InvalidOption):
        parlour.make("lansquenet", stake=MAX_STAKE + 1)
    game = parlour.make("lansquenet", stake=MAX_STAKE, players=10, length="deals", deals=3)
    state = game.new(seed=2)
    assert sum(state.scores) == MAX_CHIPS
    play_out(state)


def test_a_save_with_a_huge_purse_is_refused() -> None:
    state = new({"banker": 0})
    data = json.loads(state.to_json())
    data["state"]["public"]["purses"][1] = 10**12
    with pytest.raises(InvalidSave, match=r"state\.public\.purses\.1"):
        parlour.make("lansquenet").load(json.dumps(data))


# --- 6. saves: anything unreachable is refused -------------------------------------------------------------


def saved(state: LansquenetState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def load(data: dict[str, Any], **options: Any) -> LansquenetState:
    return Lansquenet(**options).load(json.dumps(data))


def phases() -> dict[str, tuple[LansquenetState, dict[str, Any]]]:
    """A state in every phase of both variants, from explicit deals."""
    out: dict[str, tuple[LansquenetState, dict[str, Any]]] = {}
    out["bank"] = (new({"banker": 0}), {})
    s = new({"banker": 0, "stacks": [["9C", "KD", "9H"]]})
    play(s, "bank 10", "bet 4")
    out["bet"] = (s, {})
    s = new({"banker": 0, "stacks": [["9C", "KD", "9H"]]})
    play(s, "bank 10", "bet 4", "bet 6")
    out["keep"] = (s, {})
    s = new({"banker": 0, "stacks": [["9C", "KD", "9H"]]})
    play(s, "bank 10", "bet 4", "bet 6", "stop", "pass")
    out["buy"] = (s, {})
    s = new({"banker": 0, "chips": [10, 10], "stacks": [["9C", "KD", "9H"]]}, players=2)
    play(s, "bank 10", "banco")
    out["over"] = (s, {"players": 2})
    stack = ["2C", "3C", "KC", "7H", "8D", "7S", "2D", "KD"]
    s = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(s, "bet 5", "bet 3", "pass", "pass", "bet 4")
    out["hbet"] = (s, {"variant": "hoyle"})
    return out


@pytest.mark.parametrize("phase", ["bank", "bet", "keep", "buy", "over", "hbet"])
def test_saves_in_every_phase_load_and_play_on(phase: str) -> None:
    state, options = phases()[phase]
    assert state.phase == phase
    loaded = load(saved(state), **options)
    assert loaded.to_json() == state.to_json()
    if not loaded.is_over:
        play_out(loaded)


def tampered(phase: str, change: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    state, options = phases()[phase]
    data = saved(state)
    change(data["state"], data)
    return data, options


def refused(phase: str, change: Any, match: str) -> None:
    data, options = tampered(phase, change)
    with pytest.raises(InvalidSave, match=match):
        load(data, **options)


def _swap_card(st: dict[str, Any], _: dict[str, Any]) -> None:
    st["shoe"][0] = st["shoe"][1]


def _card_to_pile(st: dict[str, Any], _: dict[str, Any]) -> None:
    st["public"]["pile"].append(st["shoe"].pop())


def _unknown_card(st: dict[str, Any], _: dict[str, Any]) -> None:
    st["shoe"][0] = "ZZ"


def _move_chip(st: dict[str, Any], _: dict[str, Any]) -> None:
    st["public"]["purses"][1] += 1


def _move_chip_and_log(st: dict[str, Any], data: dict[str, Any]) -> None:
    st["public"]["purses"][1] += 1
    data["log"].append({"kind": "score", "data": {"seat": 1, "points": 1, "reason": "deal"}})


def _drop_stake(st: dict[str, Any], data: dict[str, Any]) -> None:
    data["log"] = [e for e in data["log"] if e["data"].get("reason") != "stake" or e["data"]["seat"] != 3]
    st["public"]["purses"][3] = 0


def _float_points(st: dict[str, Any], data: dict[str, Any]) -> None:
    data["log"].append({"kind": "score", "data": {"seat": 1, "points": 0.5, "reason": "deal"}})
    data["log"].append({"kind": "score", "data": {"seat": 1, "points": -0.5, "reason": "deal"}})


def _drop_first_banker(st: dict[str, Any], data: dict[str, Any]) -> None:
    data["log"] = [e for e in data["log"] if e["kind"] != "first_banker"]


def _set(path: str, value: Any) -> Any:
    def change(st: dict[str, Any], _: dict[str, Any]) -> None:
        *parents, leaf = path.split(".")
        node: Any = st
        for p in parents:
            node = node[int(p)] if isinstance(node, list) else node[p]
        node[int(leaf) if isinstance(node, list) else leaf] = value

    return change


@pytest.mark.parametrize(
    ("phase", "change", "match"),
    [
        ("bet", _swap_card, "cards"),
        ("bank", _card_to_pile, "cards lie on the table|pile"),
        ("bet", _unknown_card, "cards"),
        ("bet", _move_chip, "scores|chips"),
        ("bet", _move_chip_and_log, "chips at the table"),
        ("bet", _drop_stake, "stake"),
        ("bet", _float_points, "whole chips"),
        ("bet", _set("public.purses", [90, 96, 100]), "entries for 4 seats"),
        ("bet", _set("public.purses.0", -1), "state.public.purses.0"),
        ("bet", _set("public.purses.0", "90"), "state.public.purses.0"),
        ("bet", _set("public.phase", "hbet"), "Hoyle"),
        ("bet", _set("public.phase", "nap"), "state.public.phase"),
        ("bet", _set("public.bookkeeping.to_act", None), "to_act"),
        ("bet", _set("public.bookkeeping.to_act", 0), "cannot bet"),
        ("bet", _set("public.bookkeeping.to_act", 7), "not a seat"),
        ("bet", _set("public.bookkeeping.passed", [2]), "passed"),
        ("bet", _set("public.bookkeeping.passed", [1, 1]), "distinct"),
        ("bet", _set("public.bookkeeping.queue", [3]), "queue"),
        ("bet", _set("public.banker", 9), "not a seat"),
        ("bank", _set("public.bookkeeping.to_act", 2), "puts it up"),
        ("keep", _set("public.bookkeeping.to_act", 1), "winning banker"),
        ("keep", _set("public.wins_in_row", 0), "winning banker"),
        ("keep", _set("public.bookkeeping.base_bank", 50), "at least what it started"),
        ("buy", _set("public.bookkeeping.base_bank", 500), "put up the bank|scores|chips"),
        ("buy", _set("public.bookkeeping.queue", [2, 3]), "in turn"),
        ("buy", _set("public.bookkeeping.queue", [0]), "in turn"),
        ("over", _set("public.phase", "keep"), "to_act"),
        ("over", _set("public.last_deal", {"result": "x"}), "last_deal"),
        ("bet", _set("stacks", [["ZZ"]]), "stacks"),
        ("bet", _set("stacks", [["9C"]] * 1001), "state.stacks"),
        ("bet", _set("public.deals_played", 10**7), "deals_played"),
        ("hbet", _set("public.bookkeeping.deal_before", [101, 99, 100, 100]), "deal_before"),
        ("hbet", _set("public.bookkeeping.deal_before", []), "deal_before"),
        ("hbet", _set("public.table.0.matched", True), "matched"),
        ("hbet", _set("public.hand_matched", [True, True]), "hand_matched"),
        ("hbet", _set("public.bank", 5), "no bank|scores|chips"),
        ("hbet", _set("public.phase", "bet"), "cards lie on the table|no 'bet' phase"),
        ("keep", _set("public.bookkeeping.same_rank_win", True), "same_rank"),
        ("bet", _set("public.banks_started", [1, 0, 0, 2]), "goes round"),
        ("bet", _set("public.banks_started", [0, 0, 0, 0]), "has started one"),
        ("bet", _set("public.banks_started", [4, 0, 0, 0]), "more than 3 times"),
        ("bet", _set("public.starter", 1), "goes round|has started one"),
        ("bet", _drop_first_banker, "first banker"),
    ],
)
def test_tampered_saves_are_refused(phase: str, change: Any, match: str) -> None:
    refused(phase, change, match)


def test_two_cards_of_one_rank_on_hoyles_table_are_refused() -> None:
    state, _ = phases()["hbet"]
    data = saved(state)
    public = data["state"]["public"]
    # Swap the laid-out 8D for the 2D in the stock: cards conserved, but two twos face up on the table.
    shoe = data["state"]["shoe"]
    assert public["table"][-1]["card"] == "8D" and "2D" in shoe
    public["table"][-1]["card"] = "2D"
    shoe[shoe.index("2D")] = "8D"
    with pytest.raises(InvalidSave, match=r"rank of its own|only cards pairing"):
        load(data, variant="hoyle")


def test_a_save_in_another_variant_is_refused() -> None:
    state, _ = phases()["bet"]
    data = saved(state)
    data["options"]["variant"] = "hoyle"
    with pytest.raises(InvalidSave, match="Hoyle's game has no 'bet' phase"):
        load(data, variant="hoyle")


JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.sampled_from([-(10**12), 10**9, 10**12, 2**63]),
    st.sampled_from(["", "bank", "bet", "keep", "over", "9C", "KD", "ZZ", "x" * 100]),
    st.lists(st.integers(0, 5), max_size=5),
)


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _leaves(v, (*path, k))] or [path]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _leaves(v, (*path, i))] or [path]
    return [path]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phase=st.sampled_from(["bank", "bet", "keep", "buy", "over", "hbet"]), data=st.data())
def test_any_tampered_save_is_refused_or_plays_on(phase: str, data: st.DataObject) -> None:
    """Change one field anywhere in the game's part of a save: InvalidSave, or a state that plays on."""
    state, options = phases()[phase]
    save = saved(state)
    leaves = _leaves(save["state"])
    path = data.draw(st.sampled_from(leaves))
    value = data.draw(JSON_LEAF)
    node: Any = save["state"]
    for key in path[:-1]:
        node = node[key]
    if path:
        node[path[-1]] = value
    try:
        loaded = load(copy.deepcopy(save), **options)
    except InvalidSave as exc:
        assert len(str(exc)) < 400
        return
    loaded.check_invariants()
    play_out(loaded, seed=len(path))


# --- 7. explicit deals --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "match"),
    [
        ("abc", "mapping"),
        ([("banker", 0)], "mapping"),
        ({"chips": None}, "chips"),
        ({"chips": [100, 100, None, 100]}, "seat 2"),
        ({"chips": [100, 100, True, 100]}, "seat 2"),
        ({"chips": [100, 100, 1.5, 100]}, "seat 2"),
        ({"chips": [100, 100, -1, 100]}, "seat 2"),
        ({"chips": [100, 100, 100]}, "4 whole numbers"),
        ({"chips": "1234"}, "chips"),
        ({"banker": None}, "banker"),
        ({"banker": "0"}, "banker"),
        ({"banker": True}, "banker"),
        ({"banker": 4}, "banker"),
        ({"stacks": "9C"}, "stacks"),
        ({"stacks": [None]}, "stack 0"),
        ({"stacks": [[None]]}, "stack 0"),
        ({"stacks": [["9C", ["x"]]]}, "stack 0"),
        ({"stacks": [["9C", "9C"]]}, "too many"),
        ({"stacks": [["9c"]]}, "not a card"),
        ({"stacks": [[]] * 1001}, "at most 1000"),
        ({"hands": []}, "unknown deal keys"),
        ({1: 2}, "unknown deal keys"),
        ({"x" * 10_000: 1}, "unknown deal keys"),
    ],
)
def test_malformed_deals_say_what_is_wrong(deal: Any, match: str) -> None:
    with pytest.raises(InvalidDeal, match=match) as info:
        parlour.make("lansquenet").new(seed=1, deal=deal)
    assert len(str(info.value)) < 250


DEAL_VALUE = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 200),
        st.sampled_from([10**9, 10**12, -(10**12)]),
        st.floats(allow_nan=True),
        st.sampled_from(["9C", "KD", "AS", "ZZ", "", "abc"]),
    ),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(
    deal=st.one_of(
        DEAL_VALUE,
        st.fixed_dictionaries(
            {},
            optional={
                "banker": DEAL_VALUE,
                "chips": st.one_of(DEAL_VALUE, st.lists(st.integers(-2, 150), min_size=4, max_size=4)),
                "stacks": st.one_of(
                    DEAL_VALUE,
                    st.lists(st.lists(st.sampled_from(["9C", "KD", "9H", "2S", "AS", "ZZ"]), max_size=4)),
                ),
            },
        ),
    )
)
def test_any_deal_is_refused_with_invalid_deal_or_plays(deal: Any) -> None:
    game = parlour.make("lansquenet", length="deals", deals=4)
    try:
        state = game.new(seed=3, deal=deal)
    except InvalidDeal as exc:
        assert len(str(exc)) < 250
        return
    state.check_invariants()
    play_out(state)


# --- Hoyle's stock runs out ---------------------------------------------------------------------------


def test_hoyle_deal_whose_bank_card_cannot_be_matched_ends_when_the_stock_runs_out() -> None:
    """All three partners of the bank's K♣ are buried at the opening: every card is turned, then the deal
    ends and passes on (ruling LQ-29) instead of drawing from an empty stock."""
    stack = ["2C", "3C", "KC", "KH", "KS", "KD", "7H"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    assert [e.data["card"] for e in state.log if e.kind == "bury"] == ["KH", "KS", "KD"]
    play(state, "bet 5", "pass", "pass")
    while state.phase == "hbet" and state.banker == 0:
        play(state, "pass")
    assert any(e.kind == "exhausted" for e in state.log)
    end = last_hand(state)
    assert end["exhausted"] is True and end["points"] == [5, -5, 0, 0]  # 7H was matched: the bank took 5
    assert state.banker == 1 and state.deals_played == 1


def test_a_refusal_while_banking_speaks_to_the_player_refused() -> None:
    """The reason goes to the seat that acted: 'you must put up a bank', not 'seat 0 must ...' (QA)."""
    state = parlour.make("lansquenet").new(seed=1)
    while state.phase != "bank":
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction) as refused:
        state.apply("bet 5")
    assert refused.value.reason.startswith("you must put up a bank first: 'bank N', N from 1 to the ")
    with pytest.raises(IllegalAction) as too_much:
        state.apply("bank 100000")
    assert "you hold" in too_much.value.reason
