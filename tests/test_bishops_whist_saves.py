"""Bishops Whist saves: ``load`` refuses anything no legal play reaches, naming the field (issue 10 §2).

Each tampering is a targeted case on a save of a real position; a hypothesis test then tampers at random
and asserts that a save either is refused with ``InvalidSave`` or plays on to the end keeping the laws.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from parlour.cards import BISHOPS_WHIST
from parlour.engine import InvalidSave, Rng
from parlour.games.bishops_whist.rules import BishopsWhist
from tests.test_bishops_whist import (
    DANA_SEATS,
    DANA_SUITS,
    State,
    balanced_state,
    deal_of,
    new,
    play_script,
)

GAME = "bishops-whist"
Data = dict[str, Any]


def mid_hand() -> State:
    """Table laws, trick 2 on the table: seat 1 revoked in trick 1 and exposed a card in trick 2."""
    state = new(
        deal_of(3, "2C", {0: "9H 8H", 1: "2H 3S KS", 2: "4H 5H", 3: "6H 7H"}, closed={1: "H"}),
        laws="table",
        hand_limit=1,
    )
    for action in ("play 9H", "play 3S", "play 4H", "play 6H", "stand"):
        state.apply(action)
    state.apply("play 8H")
    state.apply("expose " + state.view(1).hand[-1])
    return state


def strict_mid_hand() -> State:
    """Strict laws, trick 2 being played: seat 3 showed out of hearts in trick 1."""
    state = new(deal_of(3, "2C", {0: "9H 8H", 1: "2H", 2: "4H", 3: "3S"}, closed={3: "H"}), hand_limit=1)
    for card in ("9H", "2H", "4H", "3S", "8H"):
        state.apply(f"play {card}")
    return state


def review() -> State:
    state = new(
        deal_of(3, "2C", {0: "9H", 1: "2H 3S", 2: "4H 6H", 3: "5H"}, closed={1: "H", 2: "H", 3: "H"}),
        laws="table",
        hand_limit=1,
    )
    for action in ("play 9H", "play 3S", "play 6H", "play 5H"):
        state.apply(action)
    assert state.view(None).extra.phase == "review"
    return state


def claim() -> State:
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS, laws="table", hand_limit=1)
    play_script(state, script)
    assert state.view(None).extra.phase == "claim"
    return state


def over() -> State:
    state, script = balanced_state(3, DANA_SUITS, DANA_SEATS, hand_limit=1)
    play_script(state, script)
    assert state.is_over
    return state


def trump_undealt() -> State:
    game = BishopsWhist()
    for seed in range(400):
        state = game.new(seed=seed)
        if state.view(None).extra.phase == "trump":
            return state
    raise AssertionError("no knight turned in 400 deals")


def saved(state: State) -> Data:
    data: Data = json.loads(state.to_json())
    return data


def load(state: State, data: Data) -> State:
    loaded: State = state.game.load(json.dumps(data))  # ``State.game`` is any game's
    return loaded


def test_saves_of_every_phase_load_and_go_on_identically() -> None:
    for make in (mid_hand, review, claim, over, trump_undealt):
        state = make()
        twin = load(state, saved(state))
        assert twin.to_json() == state.to_json()
        if not state.is_over:
            action = state.legal_actions()[0]
            state.apply(action)
            twin.apply(action)
            assert twin.to_json() == state.to_json()


def test_a_save_written_before_ruling_bw24_still_loads() -> None:
    state = mid_hand()
    data = saved(state)
    for key in ("withdrawn", "review", "stood"):
        del data["state"][key]
    assert load(state, data).to_json() == state.to_json()


def s(data: Data) -> Data:
    state: Data = data["state"]
    return state


def copy_card(data: Data) -> None:
    """A card copied from one hand into another."""
    s(data)["hands"][2].append(s(data)["hands"][1][0])


def move_card(data: Data) -> None:
    """A card moved from one hand to another, the pack kept whole and the hand in order."""
    card = s(data)["hands"][1].pop(0)
    hand = s(data)["hands"][2]
    hand.append(card)
    hand.sort(key=BISHOPS_WHIST.sort_key)


def with_state(**fields: Any) -> Callable[[Data], None]:
    def mutate(data: Data) -> None:
        s(data).update(fields)

    return mutate


def set_at(path: str, value: Any) -> Callable[[Data], None]:
    def mutate(data: Data) -> None:
        keys = path.split(".")
        target: Any = s(data)
        for k in keys[:-1]:
            target = target[int(k) if k.isdigit() else k]
        last = keys[-1]
        target[int(last) if last.isdigit() else last] = value

    return mutate


def carried_score(points: list[int]) -> Callable[[Data], None]:
    """The match score changed and the log told the same story (so only the game's check can refuse)."""

    def mutate(data: Data) -> None:
        for seat in range(4):
            data["log"].append(
                {"kind": "score", "data": {"seat": seat, "points": points[seat % 2], "reason": "x"}}
            )
        s(data)["match"] = [s(data)["match"][i] + points[i] for i in (0, 1)]

    return mutate


MID_HAND_CASES: list[tuple[str, Callable[[Data], None], str]] = [
    ("a card copied into another hand", copy_card, "hands: the cards must be the pack"),
    ("a card moved to another hand", move_card, "hands.1: 11 cards"),
    ("a card not of the pack", set_at("hands.0.0", "TH"), "not a card of the pack"),
    ("a hand out of order", lambda d: s(d)["hands"][0].reverse(), "hands.0: a hand is kept in pack order"),
    ("a hand of 14 cards", lambda d: s(d)["hands"][0].extend(["2S"] * 3), "state.hands.0"),
    ("a card code too long", set_at("hands.0.0", "X" * 100), "state.hands.0.0"),
    ("a card that is no text", set_at("hands.0.0", 7), "state.hands.0.0"),
    ("dealer 4", with_state(dealer=4), "dealer"),
    ("dealer 11", with_state(dealer=11), "state.dealer"),
    ("dealer true", with_state(dealer=True), "state.dealer"),
    ("dealer as text", with_state(dealer="3"), "state.dealer"),
    ("leader 5", with_state(leader=5), "leader"),
    ("a seat twice in the order", with_state(order=[0, 0, 2, 3]), "order"),
    ("partners side by side", with_state(team_of=[0, 0, 1, 1]), "team_of"),
    ("fixed partners reseated", with_state(order=[1, 2, 3, 0], team_of=[1, 0, 1, 0]), "fixed partners"),
    ("an unknown phase", with_state(phase="bidding"), "state.phase"),
    ("the claim phase mid-hand", with_state(phase="claim"), "claimants"),
    ("the over phase mid-hand", with_state(phase="over"), "finished"),
    ("finished mid-hand", with_state(finished=True), "finished"),
    ("a winner mid-hand", with_state(winner_side=0), "winner_side"),
    ("a winner side 2", with_state(winner_side=2), "state.winner_side"),
    ("scores that the log does not add up to", with_state(match=[3, -2]), "scores: seat 0"),
    ("more points than the hands played allow", carried_score([17, 0]), "match.0"),
    ("a huge score", with_state(match=[10**12, 0]), "state.match.0"),
    ("hand points over 16", with_state(hand_points=[17, 0]), "hand_points.0"),
    ("hand points below the worst hand", with_state(hand_points=[-197, 0]), "hand_points.0"),
    ("an exposed card not held", set_at("exposed.0.1", "9H"), "exposed: seat 1 does not hold"),
    ("an exposed card of seat 7", set_at("exposed.0.0", 7), "exposed: 7 is not a seat"),
    ("an exposed entry of three", set_at("exposed.0", [3, "2S", 1]), "state.exposed.0"),
    ("a withdrawn card not held", with_state(withdrawn=[[0, "CS"]]), "does not hold"),
    ("a seat exposing twice", with_state(exposed_now=[3, 3]), "exposed_now"),
    ("a revoke that followed suit", with_state(revokes=[[2, 1]]), "revokes: seat 2"),
    ("a revoke in a trick not played", with_state(revokes=[[1, 5]]), "revokes: seat 1"),
    ("a revoke twice", with_state(revokes=[[1, 1], [1, 1]]), "revokes"),
    ("trumps not those turned", with_state(trump="S"), "trump"),
    ("trumps of no suit", with_state(trump="X"), "state.trump"),
    ("a bishop cut without a bishop", with_state(bishop_cut=True), "bishop_cut"),
    ("a trick led by the wrong seat", set_at("tricks.0.leader", 1), "tricks.0"),
    ("a trick numbered wrong", set_at("tricks.0.number", 2), "tricks.0"),
    ("a trick of three cards", lambda d: s(d)["tricks"][0]["cards"].pop(), "state.tricks.0.cards"),
    ("a trick won by no player in it", set_at("tricks.0.winner", 7), "tricks.0"),
    ("a card ranking as a ten that is no knight", set_at("trick.0.2", True), "trick.0"),
    ("a card on the table out of turn", set_at("trick.0.0", 2), "hands.0: 11 cards"),
    ("more hands played than the limit", with_state(hands_played=300, hand_number=301), "hands_played"),
    ("more hands played than dealt", with_state(hands_played=3), "hands_played"),
    (
        "an undealt pack in play",
        lambda d: s(d)["_pending_deal"].append(s(d)["hands"][1].pop()),
        "_pending_deal",
    ),
    ("a preset deal in play", with_state(_preset=True), "_pending_deal"),
    ("claimants in play", with_state(claimants=[0]), "claimants"),
    ("a review in play", with_state(review=[1]), "claimants"),
    ("a side found revoking in play", with_state(revoked_sides=[1]), "revoked_sides"),
    ("a player standing who has not played", with_state(stood=[2]), "stood"),
    ("an unknown key", with_state(bonus=1), "state.bonus"),
    ("a missing key", lambda d: s(d).pop("leader"), "state.leader"),
    ("the state as a list", lambda d: d.__setitem__("state", []), "state"),
    ("a deeply nested hand", set_at("hands.0", [[[[[]]]]]), "state.hands.0"),
]


@pytest.mark.parametrize(("mutate", "field"), [pytest.param(m, f, id=i) for i, m, f in MID_HAND_CASES])
def test_a_tampered_mid_hand_save_is_refused(mutate: Callable[[Data], None], field: str) -> None:
    state = mid_hand()
    data = saved(state)
    mutate(data)
    with pytest.raises(InvalidSave, match=field.replace(".", r"\.")):
        load(state, data)


def swap_with_hand(seat: int, card: str, other: int) -> Callable[[Data], None]:
    """``card`` moves into ``seat``'s hand in exchange for a card of ``other``'s (the pack stays whole)."""

    def mutate(data: Data) -> None:
        hands = s(data)["hands"]
        given = hands[seat].pop(0)
        hands[other].remove(card)
        hands[seat].append(card)
        hands[other].append(given)
        for h in (hands[seat], hands[other]):
            h.sort(key=BISHOPS_WHIST.sort_key)

    return mutate


def test_under_strict_laws_a_seat_cannot_hold_a_suit_it_showed_out_of() -> None:
    state = strict_mid_hand()
    heart = next(c for c in state.view(1).hand if c.endswith("H"))
    data = saved(state)
    swap_with_hand(3, heart, 1)(data)
    with pytest.raises(InvalidSave, match=r"hands\.3: seat 3 holds"):
        load(state, data)


def test_under_strict_laws_a_seat_cannot_later_play_a_suit_it_showed_out_of() -> None:
    state = strict_mid_hand()
    hearts = [c for c in state.view(1).hand if c.endswith("H")]
    state.apply(f"play {hearts[0]}")  # seat 1 follows to trick 2 with a heart
    data = saved(state)
    # Tampered: in trick 1 seat 1 had thrown a spade, keeping its 2H, which it holds still.
    spade = next(c for c in s(data)["hands"][1] if c.endswith("S"))
    s(data)["tricks"][0]["cards"][1] = [1, spade]
    s(data)["hands"][1].remove(spade)
    s(data)["hands"][1] = sorted([*s(data)["hands"][1], "2H"], key=BISHOPS_WHIST.sort_key)
    with pytest.raises(InvalidSave, match=f"tricks: seat 1 plays {hearts[0]} in trick 2, having shown out"):
        load(state, data)


def test_the_turn_up_is_played_by_the_dealer_alone() -> None:
    state = mid_hand()
    data = saved(state)
    assert s(data)["turn_up"] == "2C" and s(data)["turn_up_held"]
    swap_with_hand(0, "2C", 3)(data)
    with pytest.raises(InvalidSave, match="turn_up_held"):
        load(state, data)


def test_a_trick_given_to_the_wrong_seat_is_refused() -> None:
    state = new(deal_of(3, "2C", {0: "9H", 1: "2H", 2: "4H", 3: "5H"}))
    for card in ("9H", "2H", "4H", "5H"):
        state.apply(f"play {card}")
    data = saved(state)
    s(data)["tricks"][0]["winner"] = 1  # the 9H led by seat 0 won it
    s(data)["leader"] = 1
    with pytest.raises(InvalidSave, match=r"tricks\.0: seat 1 cannot take"):
        load(state, data)


def test_exposed_cards_under_strict_laws_are_refused() -> None:
    state = new(deal_of(3, "2C", {0: "9H"}))
    data = saved(state)
    s(data)["exposed"] = [[1, s(data)["hands"][1][0]]]
    with pytest.raises(InvalidSave, match="table laws"):
        load(state, data)


@pytest.mark.parametrize(
    ("make", "mutate", "field"),
    [
        (review, with_state(review=[2]), "review"),
        (review, with_state(review=[1, 1]), "review"),
        (review, with_state(phase="play", review=[]), "trick: 4 cards"),
        (claim, with_state(claimants=[2]), "claimants"),
        (claim, with_state(claimants=[0, 1, 0]), "state.claimants"),
        (claim, lambda d: s(d)["hands"][0].append(s(d)["tricks"][12]["cards"][0][1]), "hands"),
        (claim, with_state(revokes=[[1, 3]]), "revokes"),
        (over, with_state(winner_side=0), "winner_side"),
        (over, with_state(finished=False), "finished"),
        (over, with_state(hands_played=0), "finished"),
        (trump_undealt, with_state(trump="S"), "phase"),
        (trump_undealt, lambda d: s(d)["_pending_deal"].pop(), "hands"),
        (trump_undealt, with_state(hand_points=[1, 0]), "phase"),
        (trump_undealt, with_state(_preset=True), "hands: the cards must be the pack"),
    ],
)
def test_a_tampered_save_of_another_phase_is_refused(
    make: Callable[[], State], mutate: Callable[[Data], None], field: str
) -> None:
    state = make()
    data = saved(state)
    mutate(data)
    with pytest.raises(InvalidSave, match=field):
        load(state, data)


# --- tampering at random -------------------------------------------------------------------------------


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every element of the JSON value (containers too)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(leaves(v, (*path, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(leaves(v, (*path, i)))
    return out


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


REPLACEMENTS: st.SearchStrategy[Any] = st.one_of(
    st.integers(-3, 60),
    st.sampled_from(
        [None, True, False, "", "N", "BS", "2C", "claim", "review", "play", 10**9, -1, 1.5, [], {}]
    ),
    st.sampled_from(list(BISHOPS_WHIST.cards)),
)


def play_out(state: State, seed: int) -> None:
    """Random legal play to the end, the laws' invariants and the pack holding after every action."""
    rng = Rng(seed)
    pack = BISHOPS_WHIST.counts()
    for step in range(5000):
        if state.is_over:
            return
        for seat in (None, 0, 1, 2, 3):
            view = state.view(seat)
            json.dumps(view.to_dict())
            if seat is not None and step % 4 == 0:
                # What every seat may know is consistent: a world can be dealt from it.
                world = state.game.determinize(view, rng)
                assert world.view(seat) == view and world.inventory() == pack
        state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()
        assert state.inventory() == pack
    raise AssertionError("the loaded match did not end")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), which=st.sampled_from([mid_hand, review, claim, trump_undealt, strict_mid_hand]))
def test_a_save_tampered_at_random_is_refused_or_plays_on(
    data: st.DataObject, which: Callable[[], State]
) -> None:
    state = which()
    raw = saved(state)
    paths = [p for p in leaves(raw["state"]) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        parent = get(raw["state"], path[:-1])
        kind = data.draw(st.sampled_from(["replace", "delete", "swap", "swap cards"]))
        hands = raw["state"].get("hands") if isinstance(raw["state"], dict) else None
        ok = isinstance(hands, list) and all(isinstance(h, list) for h in hands)
        cards = [(s, i) for s, h in enumerate(hands or []) for i in range(len(h))] if ok else []
        if kind == "swap cards" and cards:
            # Two cards change hands: the pack stays whole, the sizes and orders may still hold.
            (a, i), (b, j) = data.draw(st.sampled_from(cards)), data.draw(st.sampled_from(cards))
            assert isinstance(hands, list)
            hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
        elif kind == "delete" and isinstance(parent, list):
            parent.pop(path[-1])
            paths = [p for p in leaves(raw["state"]) if p]
        elif kind == "swap" and isinstance(parent, list) and len(paths) > 1:
            other = data.draw(st.sampled_from(paths))
            other_parent = get(raw["state"], other[:-1])
            if other_parent is not parent or other[-1] != path[-1]:
                a, b = parent[path[-1]], other_parent[other[-1]]
                parent[path[-1]], other_parent[other[-1]] = b, a
            paths = [p for p in leaves(raw["state"]) if p]
        else:
            parent[path[-1]] = data.draw(REPLACEMENTS)
            paths = [p for p in leaves(raw["state"]) if p]
    try:
        loaded = load(state, raw)
    except InvalidSave:
        event("refused")
        return
    event("loaded")
    loaded.check_invariants()
    play_out(loaded, seed=len(paths))
