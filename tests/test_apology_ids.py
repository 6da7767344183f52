"""Apology's own id path in the play (issue 13): at every step of random seeded matches it gives the
engine's ids and leaves the state the text leaves, and it refuses what the engine refuses, unchanged."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from parlour.cards import EXTENDED_65, SUITS
from parlour.engine import IllegalAction, State
from parlour.games.apology.rules import (
    LANDSKNECHT,
    TILL,
    Apology,
    ApologyState,
    Phase,
    is_excuse,
    playable,
    sort_cards,
    suit_of,
)
from parlour.mechanics import follow_suit

OPTIONS: list[dict[str, Any]] = [
    {},
    {"deals": 2, "bury_oudlers": False, "unpaid": "lapse"},
    {"deals": 3, "oudlers": "cards", "target_shift": -20.0},
]
SEEDS = range(4)
BAD_IDS: list[Any] = [-1, 10**9, 1.5, True, False, "3", None, np.int64(3), np.float64(2.0)]


def generic_ids(state: ApologyState) -> list[int]:
    """The engine's ids: the legal texts mapped through the action space (not Apology's own way)."""
    return State.legal_action_ids(state)


@pytest.mark.parametrize("options", OPTIONS)
def test_ids_and_apply_id_agree_with_the_engine_at_every_step(options: dict[str, Any]) -> None:
    game = Apology(**options)
    for seed in SEEDS:
        rng = random.Random(seed)
        by_id = game.new(seed=seed)
        by_text = game.new(seed=seed)
        plays = 0
        step = 0
        while not by_id.is_over:
            ids = generic_ids(by_text)
            step += 1
            if step % 3:  # else ``apply_id`` on a position whose ids were never asked for
                assert by_id.legal_action_ids() == ids  # first, before the engine fills its cache
                assert generic_ids(by_id) == ids
            assert ids == sorted(set(ids))
            assert sorted(game.action_id(t) for t in by_text.legal_actions()) == ids
            action_id = rng.choice(ids)
            plays += by_id.phase is Phase.PLAY
            by_id.apply_id(action_id)
            by_text.apply(game.action_text(action_id))
            assert by_id.to_json() == by_text.to_json()
            assert by_id.log == by_text.log
        assert plays > 0
        by_id.check_invariants()


def test_a_whole_match_by_ids_is_the_match_by_text() -> None:
    """Same seed, same choices: the ids' match and the text's match end the same, log and scores."""
    game = Apology()
    by_id, by_text = game.new(seed=11), game.new(seed=11)
    rng = random.Random(3)
    while not by_id.is_over:
        action_id = rng.choice(by_id.legal_action_ids())
        by_id.apply_id(action_id)
        by_text.apply(game.action_text(action_id))
    assert by_id.scores == by_text.scores
    assert by_id.to_json() == by_text.to_json()


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_the_play_refuses_what_is_not_legal_unchanged(seed: int) -> None:
    """In the play: a card not held, a card that fails to follow suit, another phase's id and what is
    no id are refused as the engine refuses them, and the state stays as it was."""
    game = Apology()
    state = game.new(seed=seed)
    rng = random.Random(seed)
    refused = 0
    while not state.is_over and state.deal_no < 1:
        legal = set(state.legal_action_ids())
        if state.phase is Phase.PLAY:
            before = state.to_json()
            fresh = game.load(before)  # its ids never asked for
            others = [game.action_id(t) for t in ("bid", "pass", "bury CS", "give CS")]
            for action_id in sorted(set(game.play_ids.values()) - legal) + others + BAD_IDS:
                for s in (state, fresh):
                    with pytest.raises(IllegalAction):
                        s.apply_id(action_id)
                    assert s.to_json() == before
                refused += 1
            assert state.legal_action_ids() == generic_ids(state) == generic_ids(fresh)
        state.apply_id(rng.choice(sorted(legal)))
    assert refused > 0


def test_a_refused_play_gives_the_engine_s_reason() -> None:
    """A card that does not follow suit is refused with the text's reason (must follow suit)."""
    game = Apology()
    rng = random.Random(0)
    for seed in range(20):
        state = game.new(seed=seed)
        while not state.is_over:
            if state.phase is Phase.PLAY and state.trick:
                seat = state.current_player
                assert seat is not None
                legal = state.legal_action_ids()
                held = {game.play_ids[c] for c in state.hands[seat]}
                offsuit = sorted(held - set(legal))
                if offsuit:
                    with pytest.raises(IllegalAction) as by_id:
                        state.apply_id(offsuit[0])
                    with pytest.raises(IllegalAction) as by_text:
                        state.apply(game.action_text(offsuit[0]))
                    assert str(by_id.value) == str(by_text.value)
                    assert "must follow suit" in str(by_id.value)
                    return
            state.apply_id(rng.choice(state.legal_action_ids()))
    pytest.fail("no position where a held card fails to follow suit")


def test_a_clone_and_a_save_go_on_by_ids_alike() -> None:
    """A clone and a reloaded save, mid-play, take the same ids to the same state."""
    game = Apology()
    state = game.new(seed=7)
    rng = random.Random(7)
    while state.phase is not Phase.PLAY or len(state.tricks) < 3:
        state.apply_id(rng.choice(state.legal_action_ids()))
    copy, loaded = state.clone(), game.load(state.to_json())
    for _ in range(12):
        action_id = rng.choice(state.legal_action_ids())
        assert copy.legal_action_ids() == loaded.legal_action_ids() == state.legal_action_ids()
        for s in (state, copy, loaded):
            s.apply_id(action_id)
    assert copy.to_json() == loaded.to_json() == state.to_json()


def test_ids_asked_for_at_one_position_do_not_carry_to_the_next() -> None:
    """The ids one seat was given as leader (every card it held) do not let it off following suit
    later, when the actions between went by text and nobody else asked for ids."""
    game = Apology()
    refused = 0
    for seed in range(6):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            if state.phase is Phase.PLAY and not state.trick and seat == seed % 4:
                state.apply_id(rng.choice(state.legal_action_ids()))
                continue
            if state.phase is Phase.PLAY:
                held = {game.play_ids[c] for c in state.hands[seat]}
                for action_id in sorted(held - set(generic_ids(state))):
                    with pytest.raises(IllegalAction):
                        state.apply_id(action_id)
                    refused += 1
            state.apply(rng.choice(state.legal_actions()))
    assert refused > 0


def test_playable_is_follow_suit_with_the_excuses() -> None:
    """``playable`` (``follow_suit`` written out for speed) against the mechanics' ``follow_suit``: on
    random hands, every suit led, nothing led, and the excuses' own letters."""
    pack = list(EXTENDED_65.cards)
    rng = random.Random(13)
    for _ in range(3000):
        hand = sort_cards(rng.sample(pack, rng.randrange(0, 21)))
        for led in (*SUITS, None, LANDSKNECHT, TILL):
            cards = follow_suit(hand, led, suit_of)
            if len(cards) < len(hand):
                cards += [c for c in hand if is_excuse(c)]
            assert playable(hand, led) == cards
