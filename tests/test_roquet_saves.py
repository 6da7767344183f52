"""Roquet: ``load`` takes back only a state that play could reach (ruling RQ-22).

Every field is checked for its type and range, then the state as a whole by
``RoquetState.check_invariants``; each test tampers with a real save in one way.
"""

from __future__ import annotations

import json
from itertools import product
from typing import Any

import pytest

from parlour.engine import InvalidSave, Rng
from parlour.games.roquet.rules import RoquetState
from tests.test_roquet import MELD_DEAL, make_deal, roquet, start

# --- saves ------------------------------------------------------------------------------------


OPTION_VALUES: dict[str, list[Any]] = {
    "refill": ["eight", "one"],
    "livret_refill": [False, True],
    "turn_up": ["table", "stock"],
    "melds_per_trick": ["any", "one"],
}


@pytest.mark.parametrize(
    "values", list(product(*OPTION_VALUES.values())), ids=lambda v: "-".join(str(x) for x in v)
)
def test_every_state_of_random_matches_keeps_the_invariants(values: tuple[Any, ...]) -> None:
    options = dict(zip(OPTION_VALUES, values, strict=True))
    game = roquet(target=40, **options)
    for seed in range(2):
        state = game.new(seed=seed)
        rng = Rng(seed)
        steps = 0
        while not state.is_over:
            state.check_invariants()
            if steps % 25 == 0:
                assert game.load(state.to_json()).to_json() == state.to_json()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
        state.check_invariants()
        assert game.load(state.to_json()).to_json() == state.to_json()


def test_an_explicit_short_deal_keeps_the_invariants() -> None:
    """Hands of one card and an empty livret are a legal first hand, and so every state after it."""
    deal = make_deal([["2S"], ["CS"]], [], "7C")
    for refill in ("eight", "one"):
        game = roquet(refill=refill, livret_refill=True, target=10)
        state = game.new(seed=4, deal=deal)
        rng = Rng(4)
        while not state.is_over:
            assert game.load(state.to_json()).to_json() == state.to_json()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def saved(state: RoquetState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def mid_hand(livret_refill: bool = False, **options: Any) -> RoquetState:
    """Seat 1 has won a trick, melded 6D 7D 8D (taking 6D from the livret) and may meld again."""
    state = start(MELD_DEAL, livret_refill=livret_refill, **options)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld 6D 7D 8D")
    return state


def played_on(**options: Any) -> RoquetState:
    """The same hand a few tricks on, in the play phase with a card led."""
    state = mid_hand(**options)
    state.apply("done")
    state.apply("play 7S" if "7S" in state.hands[1] else state.legal_actions()[0])
    return state


def refuse(state: RoquetState, tamper: Any, field: str) -> None:
    data = saved(state)
    tamper(data["state"])
    with pytest.raises(InvalidSave) as info:
        state.game.load(json.dumps(data))
    assert field in str(info.value), str(info.value)
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("deals_too", [True, False])
def test_a_save_whose_log_lost_its_deal_is_refused(deals_too: bool) -> None:
    """The log deals the hand in progress: without it the state would break at its next event."""
    state = played_on()
    data = saved(state)
    if deals_too:
        data["log"] = []
    else:
        data["log"] = [e for e in data["log"] if e["kind"] != "deal"]
    with pytest.raises(InvalidSave, match="hand_number: 1, but the log deals 0 hands"):
        state.game.load(json.dumps(data))


def test_untampered_saves_load() -> None:
    for state in (mid_hand(), played_on(), mid_hand(True), played_on(livret_refill=True)):
        assert state.game.load(state.to_json()).to_json() == state.to_json()


def _move(data: dict[str, Any], src: str, dst: str, seat: int | None = None) -> None:
    def where(name: str) -> list[str]:
        if name.startswith("hands."):
            hands: list[list[str]] = data["hands"]
            return hands[int(name[-1])]
        cards: list[str] = data[name]
        return cards

    where(dst).append(where(src).pop())


@pytest.mark.parametrize(
    ("tamper", "field"),
    [
        (lambda d: d["hands"][0].__setitem__(0, None), "state.hands.0.0"),
        (lambda d: d["hands"][0].__setitem__(0, "ZZ"), "hands.0: 'ZZ' is not a card"),
        (lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]), "cards: the pack is not whole"),
        (lambda d: d["stock"].append(d["stock"][0]), "cards: the pack is not whole"),
        (lambda d: d["livret"].pop(), "cards: the pack is not whole"),
        (lambda d: _move(d, "stock", "hands.0"), "hands.0: more than 8 cards"),
        (lambda d: d["hands"].append([]), "state.hands"),
        (lambda d: d.__setitem__("extra", 0), "state.extra"),
        (lambda d: d.__setitem__("trump", "X"), "state.trump"),
        (lambda d: d.__setitem__("trump", "H"), "trump"),
        (lambda d: d.__setitem__("turn_up", None) or d["stock"].append("7C"), "turn_up: gone"),
        (lambda d: d.__setitem__("turn_up", None), "cards: the pack is not whole"),
        (lambda d: d.__setitem__("phase", "dance"), "state.phase"),
        (lambda d: d.__setitem__("phase", "play"), "melder"),
        (lambda d: d.__setitem__("phase", "over"), "phase: the log ends 0 of 1 hands"),
        (lambda d: d.__setitem__("melder", 0), "melder"),
        (lambda d: d.__setitem__("melder", 2), "state.melder"),
        (lambda d: d.__setitem__("leader", 0), "leader"),
        (lambda d: d.__setitem__("dealer", 1), "dealer: the dealer and trumps are those of the log"),
        (lambda d: d.__setitem__("melds_made", 5), "melds_made"),
        (lambda d: d.__setitem__("banked", [0, 7]), "banked.1"),
        (lambda d: d.__setitem__("banked", [0, -3]), "state.banked.1"),
        (lambda d: d["melds"][1][0].__setitem__("points", 5), "melds.1.0"),
        (lambda d: d["melds"][1][0].__setitem__("kind", "pair"), "melds.1.0"),
        (lambda d: d["melds"][1][0].__setitem__("cards", ["8D", "7D", "6D"]), "melds.1.0"),
        (lambda d: d["tricks"][0].__setitem__("winner", 0), "tricks.0: won by seat 1"),
        (lambda d: d["tricks"][0]["cards"].reverse(), "tricks.0: led by seat 1"),
        (lambda d: d["tricks"][0]["cards"].pop(), "state.tricks.0.cards"),
        (lambda d: d.__setitem__("tricks", []), "cards: the pack is not whole"),
        (lambda d: d.__setitem__("voids", [["S"], []]), "voids.0"),
        (lambda d: d.__setitem__("voids", [["X"], []]), "state.voids.0.0"),
        (lambda d: d.__setitem__("known", [["3S"], []]), "known.0"),
        (lambda d: d.__setitem__("hand_number", 2), "hand_number"),
        (lambda d: d.__setitem__("hand_number", 0), "state.hand_number"),
        (lambda d: d.__setitem__("hand_number", 10**30), "state.hand_number"),
        (lambda d: d.__setitem__("match_scores", [0, 10**30]), "state.match_scores.1"),
        (lambda d: d.__setitem__("match_scores", [0, 5]), "scores: seat 1"),
        (lambda d: d.__setitem__("trick", [[0, "2S"], [1, "CS"]]), "state.trick"),
        (lambda d: d.__setitem__("stock", [[[[[]]]]]), "state.stock.0"),
    ],
)
def test_a_tampered_save_in_the_meld_moment_is_refused(tamper: Any, field: str) -> None:
    refuse(mid_hand(), tamper, field)


@pytest.mark.parametrize(
    ("tamper", "field"),
    [
        (lambda d: d.__setitem__("trick", []), "cards: the pack is not whole"),
        (lambda d: d["trick"][0].__setitem__(0, 0), "trick: the leader's card comes first"),
        (lambda d: d.__setitem__("phase", "meld"), "melder"),
        (lambda d: _move(d, "hands.0", "stock"), "hands.0: made up to 8"),
        (lambda d: d.__setitem__("melds_made", 0), "table_taken"),
        (lambda d: d.__setitem__("table_taken", True) or d.__setitem__("melds_made", 3), "melds_made"),
    ],
)
def test_a_tampered_save_in_play_is_refused(tamper: Any, field: str) -> None:
    refuse(played_on(), tamper, field)


def test_the_livret_is_whole_while_the_stock_lasts_with_refill() -> None:
    state = played_on(livret_refill=True)
    refuse(state, lambda d: _move(d, "livret", "stock"), "livret: made up to 4")


def test_a_match_over_or_not_agrees_with_the_scores() -> None:
    state = played_on()
    data = saved(state)
    data["state"]["match_scores"] = [0, 120]
    data["log"].append({"kind": "score", "data": {"seat": 1, "points": 120}})
    with pytest.raises(InvalidSave, match="phase: the match is over exactly when"):
        state.game.load(json.dumps(data))


def test_meld_phase_with_nothing_to_lay_down_is_refused() -> None:
    state = mid_hand()
    data = saved(state)
    # Seat 1 could still lay down KS KH; give it two cards that make nothing with the table instead.
    hands = data["state"]["hands"][1]
    stock = data["state"]["stock"]
    for card, other in (("KS", "4S"), ("KH", "5H")):
        hands[hands.index(card)] = other
        stock[stock.index(other)] = card
    with pytest.raises(InvalidSave, match="the meld moment passes by itself"):
        state.game.load(json.dumps(data))


def test_turn_up_drawn_only_last_when_it_is_not_meld_material() -> None:
    state = played_on(turn_up="stock")
    data = saved(state)
    data["state"]["turn_up"] = None
    data["state"]["stock"].append("7C")
    with pytest.raises(InvalidSave, match="turn_up"):
        state.game.load(json.dumps(data))
