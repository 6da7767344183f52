"""The one conformance suite every registered game passes (OpenSpiel's RandomSimulation, made stricter).

``check_match`` plays a whole match with the given computer players and, at
every step, checks the contract of ``parlour.engine.State``.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import parlour
from parlour.bots import make_player
from parlour.cards import get_pack
from parlour.engine import Game, IllegalAction, Rng, State, derive_seed

MALFORMED: list[Any] = ["", "   ", "xyzzy", "play", "play ZZ", "play 9X 9X", 42, None, b"play"]


def refuses(state: State, action: Any) -> None:
    """``action`` must raise IllegalAction and leave the state byte-for-byte unchanged."""
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalAction as exc:
        assert exc.reason, "an IllegalAction must say why"
    else:
        raise AssertionError(f"{action!r} was accepted but is not legal")
    assert state.to_json() == before, f"refusing {action!r} changed the state"


def check_view(game: Game, state: State, seat: int | None, rng: Rng) -> None:
    view = state.view(seat)
    json.dumps(view)  # JSON-ready
    assert view["current_player"] == state.current_player
    assert list(view["scores"]) == list(state.scores)
    if seat is not None and seat == state.current_player:
        assert sorted(view["legal_actions"]) == sorted(state.legal_actions())
    elif seat is not None:
        assert view["legal_actions"] == []
    if seat is None:
        return
    # The view may depend only on what the seat knows: rebuild a state from the view
    # alone, with every hidden card sampled afresh, and it must look the same.
    try:
        sampled = game.determinize(view, rng)
    except NotImplementedError:
        return
    assert sampled.view(seat) == view, "the view depends on something its seat may not know"
    assert sampled.inventory() == state.inventory(), "a determinized state must hold the same cards"


def check_match(game: Game, kinds: list[str], seed: int, every: int = 1) -> State:
    """Play one match, checking the State contract after every action (views every ``every`` steps)."""
    state = game.new(seed=seed)
    players = [make_player(k, game, derive_seed(seed, "p", i)) for i, k in enumerate(kinds)]
    rng = Rng(seed)
    start_inventory = state.inventory()
    pack = get_pack(game.pack) if game.pack else None
    if pack is not None and "chips" not in start_inventory:
        assert start_inventory == pack.counts(), "the match must hold exactly the pack"
    seen: set[str] = set()
    bounds = game.hand_points_bounds
    steps = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None and 0 <= seat < game.num_players
        legal = state.legal_actions()
        assert legal, "a state before the end must have a legal action"
        assert len(set(legal)) == len(legal), "legal actions must not repeat"
        seen.update(legal)
        # Malformed actions and actions legal elsewhere but not now are refused, state unchanged.
        if steps % 7 == 0:
            for bad in MALFORMED:
                refuses(state, bad)
            for other in sorted(seen - set(legal))[:5]:
                refuses(state, other)
        # Saving and loading round-trips exactly.
        saved = state.to_json()
        assert game.load(saved).to_json() == saved
        if steps % every == 0:
            for s in [None, *range(game.num_players)]:
                check_view(game, state, s, rng)
        action = players[seat].choose(state.view(seat), game)
        assert action in legal, f"player chose {action!r}, not a legal action"
        # A loaded copy, given the same action, goes on identically (RNG included).
        twin = game.load(saved)
        twin.apply(action)
        state.apply(action)
        assert twin.to_json() == state.to_json(), "a loaded state must go on exactly as the original"
        assert state.inventory() == start_inventory, "cards (and chips) must be conserved"
        steps += 1
        assert steps < 200_000, "the match does not end"
    assert state.current_player is None and state.legal_actions() == []
    refuses(state, legal[0])
    # Logged scores add up to the match scores; each hand's points lie within the game's bounds.
    logged: Counter[int] = Counter()
    for e in state.events(None):
        if e.kind == "score":
            logged[e.data["seat"]] += e.data["points"]
        if e.kind == "hand_end" and bounds is not None:
            lo, hi = bounds
            assert all(lo <= p <= hi for p in e.data["points"]), f"hand points out of bounds: {e.data}"
    for s in range(game.num_players):
        assert abs(logged[s] - state.scores[s]) < 1e-9, f"seat {s}: logged {logged[s]} != {state.scores[s]}"
    for seat in range(game.num_players):
        for e in state.events(seat):
            assert e.to in (None, seat)
    return state


def same_seed_same_match(name: str, kinds: list[str], seed: int) -> None:
    a = check_match_plain(parlour.make(name), kinds, seed)
    b = check_match_plain(parlour.make(name), kinds, seed)
    assert a == b, "the same seed must give the same match"


def check_match_plain(game: Game, kinds: list[str], seed: int) -> str:
    state = game.new(seed=seed)
    players = [make_player(k, game, derive_seed(seed, "p", i)) for i, k in enumerate(kinds)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), game))
    return state.to_json()
