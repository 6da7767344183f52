"""The fixed action space of every game (``Game.action_space``, ids, masks), checked at every step of
random matches under several options, the toy game included."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.engine import ForbiddenAction, Game, MalformedAction, Rng, State
from parlour.engine.action_space import MAX_LISTED_ACTIONS
from parlour.engine.errors import OutsideActionSpace
from tests.plugins import installed

TOY = "toy-tricks"
GAMES = [info.name for info in parlour.list_games()]

CASES: list[tuple[str, dict[str, Any]]] = [
    *((name, {}) for name in GAMES),
    (TOY, {}),
    ("lansquenet", {"stake": 700, "players": 3}),
    ("lansquenet", {"variant": "hoyle", "players": 5}),
    ("bezique", {"alt_bezique": True, "carte_blanche": True}),
    ("bezique", {"fours_one_per_suit": True, "table_laws": True}),
    ("bishops-whist", {"laws": "table", "misdeal_chance": 0.3}),
    ("roquet", {"max_sequence": 9, "melds_per_trick": "one"}),
    ("open-tarock", {"pack": "tarot78"}),
]
SEEDS = range(3)
MAX_STEPS = 500
BAD_IDS: list[Any] = [-1, 1.5, True, False, "3", None, np.float64(2.0), np.bool_(True)]


@pytest.fixture(scope="module", autouse=True)
def toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with installed(tmp_path_factory.mktemp("toy"), {TOY: "tests.toy_game:MANIFEST"}):
        yield


def legal_texts(state: State) -> set[str]:
    """The legal actions as text, every range of amounts written out."""
    out = set(state.legal_actions())
    for r in state.legal_ranges():
        out.update(r.action(n) for n in range(r.low, r.high + 1))
    return out


BETWEEN_HANDS = {"lansquenet": ("bank", "keep", "buy")}
"""Decisions taken between two hands (a Lansquenet deal begins when its betting opens)."""


def hands_begun(state: State) -> int:
    """Hands begun as the public log tells it: one ``hand_end`` a hand played out, one ``misdeal`` a hand
    abandoned before play (Bishops Whist's table laws), and the hand in play, if one is."""
    ended = sum(1 for e in state.log if e.to is None and e.kind in ("hand_end", "misdeal"))
    decision = state.view(None).decision
    between = decision is None or decision.kind in BETWEEN_HANDS.get(state.game.name, ())
    return ended if between else ended + 1


def fingerprint(state: State) -> tuple[Any, ...]:
    """What a refused action could change (``tests.conformance.fingerprint``, without its deep copy)."""
    return (json.dumps(state._data()), state.rng.get_state(), len(state.log), state.current_player)


def refuses_ids(state: State, bad: list[Any], kind: type[Exception]) -> None:
    """Each of ``bad`` is refused by ``apply_id`` with ``kind``, and the state is left as it was."""
    before = fingerprint(state)
    for action_id in bad:
        with pytest.raises(kind) as caught:
            state.apply_id(action_id)
        assert str(caught.value) and len(str(caught.value)) < 300
    assert fingerprint(state) == before, f"refusing ids {bad!r} changed the state"


def same(a: State, b: State, whole: bool) -> bool:
    """Equal states: the whole save if ``whole``, else (cheaper, at every step) the game's data, the
    random state and the log, whose earlier events the two share."""
    if whole:
        return a.to_json() == b.to_json()
    return a._data() == b._data() and a.rng.get_state() == b.rng.get_state() and a.log == b.log


def check_step(game: Game[Any], state: State, rng: random.Random, step: int) -> int:
    """Every promise of the ids at one position; returns the id to play."""
    n = game.num_distinct_actions
    ids = state.legal_action_ids()
    assert ids and ids == sorted(set(ids)), "ids are sorted and unique"
    assert all(type(i) is int and 0 <= i < n for i in ids)
    texts = [game.action_text(i) for i in ids]
    assert set(texts) == legal_texts(state)
    assert [game.action_id(t) for t in texts] == ids
    mask = state.action_mask()
    assert mask.dtype == np.int8 and mask.shape == (n,)
    assert np.flatnonzero(mask).tolist() == ids
    illegal = next((i for i in rng.sample(range(n), min(n, 40)) if not mask[i]), None)
    if illegal is not None and step % 10 == 5:
        refuses_ids(state, [illegal], ForbiddenAction)
    return rng.choice(ids)


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_ids_agree_with_the_text_api_at_every_step(name: str, options: dict[str, Any]) -> None:
    game = parlour.make(name, **options)
    for seed in SEEDS:
        rng = random.Random(seed)
        state, by_text = game.new(seed=seed), game.new(seed=seed)  # played by id, and by text
        number = state.hand_number
        assert number == hands_begun(state) in (0, 1)
        for step in range(MAX_STEPS):
            if state.is_over:
                break
            chosen = check_step(game, state, rng, step)
            if step % 10 == 0:
                n = game.num_distinct_actions
                refuses_ids(state, [*BAD_IDS, n, np.int64(n)], MalformedAction)
            by_text.apply(game.action_text(chosen))
            state.apply_id(np.int64(chosen) if step % 2 else chosen)
            whole = state.hand_number != number or state.is_over or step % 50 == 0
            assert same(state, by_text, whole), "an id and its text must do the same"
            assert number <= state.hand_number == hands_begun(state)
            number = state.hand_number
        if state.is_over:
            assert state.legal_action_ids() == [] and not state.action_mask().any()
            refuses_ids(state, [0], ForbiddenAction)


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_the_space_lists_canonical_texts_once_each(name: str, options: dict[str, Any]) -> None:
    game = parlour.make(name, **options)
    space = game.action_space
    assert space is game.action_space, "listed once per game"
    assert len(space) == len(set(space)) == game.num_distinct_actions
    for i, text in enumerate(space):
        assert game.notation.canonical(text) == text, f"{text!r} is not canonical"
        assert game.action_id(text) == i and game.action_text(i) == text
    assert game.action_id(game.notation.parse(space[-1])) == len(space) - 1  # an Action too


def test_ids_normalise_text_and_refuse_what_is_no_action() -> None:
    bezique = parlour.make("bezique")
    assert bezique.action_id("MELD qs ks") == bezique.action_id("meld KS QS")
    assert bezique.action_id("meld JD QS") == bezique.action_id("meld QS JD")
    roquet = parlour.make("roquet")
    assert roquet.action_id("meld 9h 7h 8h") == roquet.action_id("meld 7H 8H 9H")
    assert roquet.action_id("pass") == roquet.action_id("done")  # an alias
    whist = parlour.make("bishops-whist")
    assert whist.action_id("play 9h") == whist.action_id("  play   9H ")
    for bad in ["", "play", "play ZZ", "xyzzy", "meld KS QS", "trump X", "x" * 10_000]:
        with pytest.raises(MalformedAction):
            whist.action_id(bad)
    with pytest.raises(MalformedAction, match="action space"):
        roquet.action_id("meld 7H 9H")  # well-formed, but no combination: never legal
    lansquenet = parlour.make("lansquenet")
    assert lansquenet.action_id("bet 007") == lansquenet.action_id("bet 7")
    for bad in ["bet 0", "bet 401", "bank 10000000"]:
        with pytest.raises(MalformedAction, match="action space"):
            lansquenet.action_id(bad)
    for bad_id in BAD_IDS[1:]:
        with pytest.raises(MalformedAction, match="whole number"):
            whist.action_text(bad_id)
    for out_of_range in (-1, whist.num_distinct_actions, 10**30):
        with pytest.raises(MalformedAction, match="ids run from 0 to 154"):
            whist.action_text(out_of_range)
    numpy_id: Any = np.int32(0)  # what an agent's argmax gives
    assert whist.action_text(numpy_id) == "play CS"


def test_the_largest_space_numbers_without_listing() -> None:
    game = parlour.make("lansquenet", players=10, stake=10**8)
    n = game.num_distinct_actions
    assert n == 2 * 10 * 10**8 + 6 > MAX_LISTED_ACTIONS
    assert game.action_text(n - 1) == "buy" and game.action_text(10**9) == f"bet {1}"
    assert game.action_id(f"bet {10**9}") == 2 * 10**9 - 1
    with pytest.raises(ValueError, match="too many to list"):
        _ = game.action_space
    assert game.new(seed=1).legal_ranges()[0].high == 10**8  # a bank of up to 10**8: every one an id
    smaller = parlour.make("lansquenet", players=2, stake=50_000)
    state = smaller.new(seed=1)
    assert state.legal_action_ids() == list(range(50_000)) and state.action_mask().sum() == 50_000


def test_a_deal_beyond_the_options_has_no_ids() -> None:
    game = parlour.make("lansquenet", players=2)
    state = game.new(seed=1, deal={"banker": 0, "chips": [5000, 5000]})
    assert state.legal_ranges()[0].high == 5000
    with pytest.raises(OutsideActionSpace, match="outside"):
        state.legal_action_ids()
    with pytest.raises(OutsideActionSpace):
        state.action_mask()
    state.apply("bank 150")  # the text API is not bounded by the space
    assert state.legal_action_ids()  # a bet of at most the bank, within the space


def test_hand_number_is_cheap_and_survives_save_and_determinize() -> None:
    for name in GAMES:
        game = parlour.make(name)
        state = game.new(seed=5)
        rng = random.Random(5)
        while state.hand_number < 2 and not state.is_over:
            state.apply_id(rng.choice(state.legal_action_ids()))
        assert game.load(state.to_json()).hand_number == state.hand_number
        seat = state.current_player
        if seat is not None:
            view = state.view(seat)
            assert view.hand_number == state.hand_number
            sampled = game.determinize(view, Rng(1))
            assert sampled.hand_number == state.hand_number
