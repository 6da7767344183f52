"""The one conformance suite every registered game passes (OpenSpiel's RandomSimulation, made stricter).

``check_match`` plays a whole match with the given computer players and, at
every step, checks the contract of ``parlour.engine.State``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import TypeAdapter

import parlour
from parlour.cards import get_pack
from parlour.engine import Game, IllegalAction, Rng, State, derive_seed
from parlour.engine.errors import ForbiddenAction, MalformedAction
from parlour.engine.views import View
from parlour.players import Player, make_player

MALFORMED: list[Any] = ["", "   ", "xyzzy", "play", "play ZZ", "play 9X 9X", 42, None, b"play"]


def refuses(
    state: State, action: Any, seat: int | None = None, kind: type[IllegalAction] = IllegalAction
) -> None:
    """``action`` must raise ``kind`` and leave the state unchanged (its data, log and RNG)."""
    before = fingerprint(state)
    try:
        state.apply(action, seat=seat)
    except IllegalAction as exc:
        assert exc.reason, "an IllegalAction must say why"
        assert len(str(exc)) < 2000, "an error must not repeat a long input whole"
        assert isinstance(exc, kind), f"{action!r}: {type(exc).__name__}, not {kind.__name__}: {exc}"
    else:
        raise AssertionError(f"{action!r} was accepted but is not legal")
    assert fingerprint(state) == before, f"refusing {action!r} changed the state"


def fingerprint(state: State) -> tuple[Any, ...]:
    """All of a state a refused action could change: its data, its RNG, and its log (which only grows)."""
    last = state.log[-1].to_dict() if state.log else None
    return (copy.deepcopy(state._data()), state.rng.get_state(), len(state.log), last, state.current_player)


def refuses_others(state: State, legal: list[str], seen: set[str]) -> None:
    """Malformed text, actions legal elsewhere but not now, amounts out of range, and any action from
    a seat not to move (with a reason that names no card) are refused, the state unchanged."""
    for bad in MALFORMED:
        refuses(state, bad, kind=MalformedAction)
    for other in sorted(seen - set(legal))[:5]:
        if not state.is_legal(other):
            refuses(state, other, kind=ForbiddenAction)
    for r in state.legal_ranges():
        for amount in (r.low - 1, r.high + 1, 10**40):
            text = f"{r.verb} {amount}"
            if amount >= 0 and text not in legal:
                refuses(state, text)
    seat = state.current_player
    assert seat is not None
    other_seat = (seat + 1) % state.num_players
    if other_seat != seat and legal:
        try:
            state.apply(legal[0], seat=other_seat)
        except ForbiddenAction as exc:
            assert "turn" in exc.reason, exc.reason
            hidden = set(state.inventory()) - {"chips"}
            named = [c for c in hidden if len(c) > 1 and f" {c}" in f" {exc.reason} "]
            assert not named, f"refusing another seat's action named cards: {exc.reason}"
        else:
            raise AssertionError("an action from a seat not to move was accepted")


def check_view(game: Game[Any], state: State, seat: int | None, rng: Rng) -> None:
    """A view is typed, JSON-ready, fits the published schema, agrees with the state, and depends on
    nothing its seat may not know."""
    view = state.view(seat)
    assert isinstance(view, View), "view() returns a parlour.engine.views.View"
    assert isinstance(view.extra, game.view_extra), f"the view's extra is a {game.view_extra.__name__}"
    data = view.to_dict()
    json.dumps(data, allow_nan=False)  # JSON-ready
    schema_adapter(game).validate_python(data, strict=False)  # fits the game's published schema
    assert view.game == game.name and view.seat == seat and view.players == state.num_players
    assert view.to_move == state.current_player
    assert list(view.scores) == list(state.scores)
    assert [s.seat for s in view.seats] == list(range(state.num_players))
    assert (view.outcome is None) == (not state.is_over)
    if view.outcome is not None:
        outcome = state.outcome
        assert outcome is not None and view.outcome.winners == list(outcome.winners)
    if seat is not None and seat == state.current_player:
        assert view.legal_actions == state.legal_actions()
        assert [(r.verb, r.min, r.max) for r in view.legal_ranges] == [
            (r.verb, r.low, r.high) for r in state.legal_ranges()
        ]
    else:
        assert view.legal_actions == [] and view.legal_ranges == []
    if seat is None:
        # A spectator sees no more than any player: every card face up to the spectator is face
        # up to every seat as well.
        shown = face_up(view)
        for s in range(state.num_players):
            assert not shown - face_up(state.view(s)), f"a spectator sees {shown - face_up(state.view(s))}"
        return
    # The view may depend only on what the seat knows: rebuild a state from the view
    # alone, with every hidden card sampled afresh, and it must look the same.
    try:
        sampled = game.determinize(view, rng)
    except NotImplementedError:
        return
    assert sampled.view(seat) == view, "the view depends on something its seat may not know"
    assert sampled.inventory() == state.inventory(), "a determinized state must hold the same cards"


def face_up(view: View[Any]) -> Counter[str]:
    """The cards a view shows face up on the table (its zones and tricks)."""
    out: Counter[str] = Counter()
    for zone in view.zones:
        out.update(zone.face_up)
    for trick in (view.trick, view.last_trick):
        if trick is not None:
            out.update(trick.cards)
    return out


_ADAPTERS: dict[str, TypeAdapter[Any]] = {}


def schema_adapter(game: Game[Any]) -> TypeAdapter[Any]:
    """The game's view type, for checking views against the schema generated from it."""
    if game.name not in _ADAPTERS:
        _ADAPTERS[game.name] = TypeAdapter(View[game.view_extra])  # type: ignore[name-defined]
    return _ADAPTERS[game.name]


def check_match(game: Game[Any], kinds: list[str], seed: int, every: int = 1) -> State:
    """Play one match, checking the State contract after every action (views every ``every`` steps)."""
    state: State = game.new(seed=seed)
    pack = get_pack(game.pack) if game.pack else None
    if pack is not None and "chips" not in state.inventory():
        assert state.inventory() == pack.counts(), "the match must hold exactly the pack"
    players = [make_player(k, game, derive_seed(seed, "p", i)) for i, k in enumerate(kinds)]
    check_play(game, state, players, Rng(seed), every)
    return state


def check_play(
    game: Game[Any],
    state: State,
    players: list[Player],
    rng: Rng,
    every: int = 1,
    max_steps: int | None = None,
) -> None:
    """Play ``state`` on (to its end, or for ``max_steps`` actions), checking the contract at each step."""
    start_inventory = state.inventory()
    seen: set[str] = set()
    bounds = game.hand_points_bounds
    steps = 0
    legal: list[str] = []
    while not state.is_over:
        if max_steps is not None and steps >= max_steps:
            return
        seat = state.current_player
        assert seat is not None and 0 <= seat < game.num_players
        legal = state.legal_actions()
        ranges = state.legal_ranges()
        assert legal or ranges, "a state before the end must have a legal action"
        assert len(set(legal)) == len(legal), "legal actions must not repeat"
        assert all(r.amount_of(a) is None for r in ranges for a in legal), "a listed action lies in a range"
        seen.update(legal)
        if steps % every == 0:
            state.check_invariants()
        # Malformed actions and actions legal elsewhere but not now are refused, state unchanged.
        if steps % 7 == 0:
            refuses_others(state, legal, seen)
        checked = steps % every == 0
        if checked:
            # Saving and loading round-trips exactly.
            saved = state.to_json()
            assert game.load(saved).to_json() == saved
            for s in [None, *range(game.num_players)]:
                check_view(game, state, s, rng)
        action = players[seat].choose(state.view(seat), game)
        assert state.is_legal(action), f"player chose {action!r}, not a legal action"
        if checked:
            # A loaded copy and a clone, given the same action, go on identically (RNG included).
            twin, clone = game.load(saved), state.clone()
            twin.apply(action)
            clone.apply(action)
            assert state.to_json() == saved, "a clone's move must not change the original"
        state.apply(action, seat=seat)
        if checked:
            now = state.to_json()
            assert twin.to_json() == now, "a loaded state must go on exactly as the original"
            assert clone.to_json() == now, "a clone must go on exactly as the original"
        assert state.inventory() == start_inventory, "cards (and chips) must be conserved"
        steps += 1
        assert steps < 200_000, "the match does not end"
    state.check_invariants()
    assert state.current_player is None and state.legal_actions() == [] and state.legal_ranges() == []
    if legal:
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


TEXT_EXAMPLES: dict[tuple[str, str], list[str]] = {
    ("open-tarock", "stacks"): ["1,1,1,24", "9,9,9", "27"],
}
"""Values to try for options given as free text (they have no choices to enumerate)."""


def option_matrix(game_name: str) -> list[tuple[dict[str, Any], bool]]:
    """One set of options per value of every option (the others at their defaults), from ``option_specs``,
    each with whether a whole match of it is short enough to play in a test.

    Choices and booleans give every value; numbers their minimum, default and maximum (a maximum such
    as a target of 100,000 points makes a match too long to play whole in the default run).
    """
    cls = parlour.game_class(game_name)
    out: list[tuple[dict[str, Any], bool]] = []
    for opt in cls.option_specs:
        long_values: set[Any] = set()
        if opt.choices is not None:
            values: list[Any] = list(opt.choices)
        elif isinstance(opt.default, bool):
            values = [False, True]
        elif isinstance(opt.default, int | float):
            values = [type(opt.default)(v) for v in (opt.minimum, opt.default, opt.maximum) if v is not None]
            if opt.maximum is not None and opt.maximum > 2 * opt.default:
                long_values.add(type(opt.default)(opt.maximum))
        else:
            values = TEXT_EXAMPLES.get((game_name, opt.name), [])
        for v in dict.fromkeys(values):
            if v != opt.default:
                out.append(({opt.name: v}, v not in long_values))
    return out


def random_moves(state: State, game: Game[Any], steps: int, seed: int = 5) -> None:
    """Up to ``steps`` moves of seeded random players (fewer if the match ends), each for its seat."""
    players = [make_player("random", game, derive_seed(seed, "p", i)) for i in range(game.num_players)]
    for _ in range(steps):
        seat = state.current_player
        if seat is None:
            return
        state.apply(players[seat].choose(state.view(seat), game), seat=seat)


def play_to_end(game: Game[Any], kinds: list[str], seed: int, max_actions: int = 200_000) -> State:
    """A whole match without checks (fast), which must end within ``max_actions``."""
    state: State = game.new(seed=seed)
    players = [make_player(k, game, derive_seed(seed, "p", i)) for i, k in enumerate(kinds)]
    for _ in range(max_actions):
        seat = state.current_player
        if seat is None:
            return state
        state.apply(players[seat].choose(state.view(seat), game))
    raise AssertionError(f"{game!r} with seed {seed}: the match did not end in {max_actions} actions")


def same_seed_same_match(name: str, kinds: list[str], seed: int) -> None:
    a = check_match_plain(parlour.make(name), kinds, seed)
    b = check_match_plain(parlour.make(name), kinds, seed)
    assert a == b, "the same seed must give the same match"


def check_match_plain(game: Game[Any], kinds: list[str], seed: int) -> str:
    state: State = game.new(seed=seed)
    players = [make_player(k, game, derive_seed(seed, "p", i)) for i, k in enumerate(kinds)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), game))
    return state.to_json()


def play_random(state: State, rng: random.Random, how: str, steps: int = 100_000) -> None:
    """Random legal moves: by text (``text``), by id (``ids``), by text with the seat named (the
    engine's own path), or a mixture (``mixed``); the choices are the same whichever way they go in,
    so every way must play the same match (the games' core tests check that it does)."""
    game = state.game
    for n in range(steps):
        if state.is_over:
            return
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        way = how if how != "mixed" else ("text", "ids", "seat")[n % 3]
        if way == "text":
            state.apply(action)
        elif way == "ids":
            assert state.legal_action_ids() == sorted(game.action_id(a) for a in legal)
            state.apply_id(game.action_id(action))
        else:
            state.apply(action, seat=state.current_player)


def match_digest(game: Game[Any], seed: int) -> str:
    """A digest of a seeded random match: at every step every seat's view, the legal actions and their
    ids and a determinized world of the seat to move; at the end the whole save. A game's fast paths
    must leave it as it was recorded before them."""
    state, rng, digest = game.new(seed=seed), random.Random(seed), hashlib.sha256()
    world_rng = Rng(seed)
    while not state.is_over:
        for seat in range(game.num_players):
            digest.update(json.dumps(state.view(seat).to_dict(), sort_keys=True).encode())
        legal = state.legal_actions()
        digest.update(json.dumps([legal, state.legal_action_ids()]).encode())
        mover = state.current_player
        assert mover is not None
        world = game.determinize(state.view(mover), world_rng)
        digest.update(json.dumps(world._data(), sort_keys=True).encode())
        state.apply(legal[rng.randrange(len(legal))])
    digest.update(state.to_json().encode())
    return digest.hexdigest()[:32]


def check_every_way_in(game: Game[Any], seeds: Sequence[int] = (0, 1)) -> None:
    """Text, ids, the engine's path with the seat named, or a mixture, the log read at every step or
    only at the end: the same random choices make the same save."""
    for seed in seeds:
        saves = []
        for how in ("seat", "text", "ids", "mixed"):
            state, rng = game.new(seed=seed), random.Random(seed)
            if how == "seat":
                while not state.is_over:
                    play_random(state, rng, how, steps=1)
                    assert state.log
            else:
                play_random(state, rng, how)
            saves.append(state.to_json())
        assert len(set(saves)) == 1


def check_clone_goes_its_own_way(
    game: Game[Any], steps: Sequence[int], play: Callable[..., None] = play_random
) -> None:
    """A clone taken after ``steps`` random actions plays on without touching its original, and the
    original and a second clone then play the clone's match, by ids and by text alike (``play``: a
    game's own random player, called as ``play_random`` is, where that one cannot choose the moves)."""
    for n in steps:
        state = game.new(seed=n)
        play(state, random.Random(n), "text", steps=n)
        before = state.to_json()
        other = state.clone()
        assert other.to_json() == before and other.view(0) == state.view(0)
        play(other, random.Random(6), "mixed")
        assert other.is_over and state.to_json() == before
        again = state.clone()
        play(state, random.Random(6), "ids")
        play(again, random.Random(6), "text")
        assert state.to_json() == again.to_json() == other.to_json()


def check_world_plays_on(game: Game[Any], play: Callable[..., None] = play_random) -> None:
    """A world dealt from a view 25 random actions in plays to its end by ids and by text alike, and
    keeps the view's legal actions and ranges (``play``: as in ``check_clone_goes_its_own_way``)."""
    state = game.new(seed=11)
    play(state, random.Random(11), "text", steps=25)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    for k in range(3):
        world = game.determinize(view, Rng(k))
        assert world.legal_actions() == state.legal_actions() == list(view.legal_actions)
        assert world.legal_ranges() == state.legal_ranges()
        other = world.clone()
        play(world, random.Random(k), "ids")
        play(other, random.Random(k), "text")
        assert world.is_over and world.scores == other.scores


def check_loaded_match_goes_on(
    game: Game[Any], steps: Sequence[int], play: Callable[..., None] = play_random
) -> None:
    """A match saved after ``steps`` random actions loads with every seat's view and the legal ids as
    they were, and it, a clone of it and the original play on to the same end (``play``: a game's own
    random player, as for ``check_clone_goes_its_own_way``)."""
    for n in steps:
        state = game.new(seed=n)
        play(state, random.Random(n), "text", steps=n)
        loaded = game.load(state.to_json())
        assert all(loaded.view(s) == state.view(s) for s in range(game.num_players))
        assert loaded.legal_action_ids() == state.legal_action_ids()
        copy = loaded.clone()
        for s in (state, loaded, copy):
            play(s, random.Random(99), "mixed")
        assert state.to_json() == loaded.to_json() == copy.to_json()
