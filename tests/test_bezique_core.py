"""Bezique's integer core: seeded matches play exactly as they did before it (every view, legal list and
id, save and log), whichever way the actions go in, and clones, loads and determinized worlds too."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import parlour
from parlour.engine import Rng
from parlour.games.bezique.rules import Bezique
from tests.conformance import (
    check_clone_goes_its_own_way,
    check_every_way_in,
    check_loaded_match_goes_on,
    check_world_plays_on,
    match_digest,
    play_random,
)

RECORDED = {
    ("{}", 0): "b12ff0586e0527b2d7ed4130008376f8",
    ("{}", 1): "575e07c32f64be94ad6a1bbc4dd6a04b",
    ('{"target": 100}', 2): "a19c66356acc92317168fc14352a3832",
    ('{"melds_per_trick": "several"}', 3): "cc5c44dbe1b8454ebd98fb777bdf6e3b",
    ('{"last_trick": "final"}', 4): "07b571194159160b64d6a972fb682013",
    ('{"last_trick": "both", "reuse": "greater"}', 5): "97386ffe6ea2835e5740f600cad7be7c",
    ('{"alt_bezique": true, "fours_one_per_suit": true}', 6): "25610bdf5c706ac97dc6725430549d43",
    ('{"carte_blanche": true}', 7): "2950f5f737220a8f817d9cabc1a4cf0c",
    ('{"seven_counts_as_meld": true, "played_seven_scores": false}', 8): "4a915839108270511e7e8051bb0fe86a",
    ('{"table_laws": true}', 9): "3e20884c21ff5eed9a4b8119f0af74b9",
    ('{"table_laws": true, "melds_per_trick": "several", "last_trick": "both"}', 10): (
        "9c69f27512d5472d91cc91ed10a025e4"
    ),
    ('{"table_laws": true, "carte_blanche": true, "seven_counts_as_meld": true}', 11): (
        "0e420dfe3efedd3ace0b566084d030eb"
    ),
    ('{"target": 3000, "reuse": "greater", "melds_per_trick": "several", "carte_blanche": true}', 12): (
        "c1392d6f231115111074042f0e54e8e3"
    ),
    ('{"target": 2000, "alt_bezique": true, "last_trick": "final", "played_seven_scores": false}', 13): (
        "61743fdf4620f94eb96a31913b459d3c"
    ),
}
"""Digests of seeded random matches (at every step both seats' views, the legal actions and their ids,
and a determinized world of the seat to move; at the end the whole save: every event and its text,
every field), recorded with the rules as they were before the core (main at 54fcaae); recorded again
on 5 December with the option ``winner`` (ruling BZ-19), whose default changes who wins a match and
whose ``reached`` every view now shows: with ``winner=higher`` and the option's and the field's names
left out of every view, world and save, each of these matches is what it was before, step by step;
recorded again on 6 December (term-4) with the private ``draw`` event that tells a player the talon
cards he draws: with that event left out of the log, all 14 return exactly to the digests before it;
recorded again on 6 December (web-6) with ``missed_draws`` null in every view without table laws (it
said "0, 0" where no draw can be missed): with a null read as ``[0, 0]`` all 14 are as before, and the
three with table laws did not change; recorded again (situ-1) when the situation left the seat to lead or
play, trumps and the talon's count to the view's fields ("seat 0 to lead; hearts are trumps; 32 cards in
the talon" became "") and the view gained ``hands_in_match`` (null): with the old situation put back and
the field left out of every view, all 14 are the digests recorded before (main at 17cce7a); recorded again
(situ-2) when the situation left the declaring and drawing to the decision's prompt ("seat 1 won the trick and
may declare (or pass to draw)" became "seat 1 won the trick"; a draw's prompt says the draws missed, or "pass
to go on (your hand is full)"): with the old situation and prompts put back, all 14 are the digests recorded
before (main at 56b2280); recorded again (situ-2) when every zone gained ``tricks`` (a tricks_won zone's count
of its tricks, null elsewhere): with the field left out of every view, all 14 are the digests recorded before
it (0d14346); recorded again (web-10) when a lead's prompt became "lead a card" (it was "play a card", and in
the last eight "play a card: follow suit and head the trick if you can, else trump"): with the phase's prompt
put back at a lead, all 14 are the digests recorded before (main at 89b8da0); recorded again (bz-8) with
the option ``shown_together`` (ruling BZ-8) in every view, world and save: with its name left out of them,
all 14 are the digests recorded before (audit-9 at c19a541), under its default ``fresh`` and under ``any``
alike (no random match here shows a combination wholly inside the meld just declared)."""


def game(**options: Any) -> Bezique:
    g = parlour.make("bezique", **options)
    assert isinstance(g, Bezique)
    return g


def digest_of(options: str, seed: int) -> str:
    return match_digest(game(**json.loads(options)), seed)


@pytest.mark.parametrize(("options", "seed"), list(RECORDED))
def test_seeded_matches_play_as_recorded_before_the_core(options: str, seed: int) -> None:
    assert digest_of(options, seed) == RECORDED[options, seed]


OPTIONS: list[dict[str, Any]] = [
    {"target": 1000},
    {"target": 1000, "melds_per_trick": "several", "carte_blanche": True},
    {"target": 1000, "table_laws": True, "reuse": "greater"},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_way_in_plays_the_same_match(options: dict[str, Any]) -> None:
    check_every_way_in(game(**options))


@pytest.mark.parametrize("options", OPTIONS)
def test_a_clone_goes_its_own_way(options: dict[str, Any]) -> None:
    check_clone_goes_its_own_way(game(**options), (0, 1, 2, 3, 17, 40, 41, 90))


@pytest.mark.parametrize("options", OPTIONS)
def test_a_loaded_match_goes_on_as_the_original(options: dict[str, Any]) -> None:
    check_loaded_match_goes_on(game(**options), (0, 1, 2, 3, 30, 31, 60, 95))


def test_a_determinized_world_plays_on() -> None:
    check_world_plays_on(game(target=300))


def test_the_stock_shuffles_in_place_as_a_list_of_codes() -> None:
    """A player re-draws a world's stock by shuffling ``state.stock`` in place (the hand reader does):
    the state's own stock shuffles with it, as the list of codes did."""
    state = game().new(seed=5)
    codes = list(state.stock)
    for seed in range(10):
        world = state.clone()
        expected = codes[:]
        Rng(seed).shuffle(expected)
        Rng(seed).shuffle(world.stock)
        assert list(world.stock) == expected and list(state.stock) == codes
        assert world.to_json() != state.to_json()
        assert world.legal_actions() == state.legal_actions()


def test_the_schema_is_the_rules() -> None:
    """The saved form and the view's records live in their own module (never compiled); the rules name
    the very same classes, so that players and saves read one vocabulary."""
    from parlour.games.bezique import rules, schema

    assert rules.BeziqueSave is schema.BeziqueSave and rules.BeziqueExtra is schema.BeziqueExtra
    assert (rules.Meld, rules.Phase, rules.DeclaredCard) == (schema.Meld, schema.Phase, schema.DeclaredCard)
    assert rules.FULL_HAND == schema.FULL_HAND == sum(rules.DEAL_PACKETS)


def test_the_card_fields_are_made_from_the_core() -> None:
    """``concealed``, ``stock`` and ``won`` read and write the ids themselves; ``trick``, ``last_trick``
    and ``full_hand`` are copies: changing them changes nothing."""
    state = game().new(seed=6)
    play_random(state, random.Random(6), "ids", steps=9)
    before = state.to_json()
    state.trick.clear()
    state.last_trick.clear()
    state.full_hand(0).clear()
    assert state.to_json() == before
    hand = state.concealed[0]
    assert list(hand) == json.loads(before)["state"]["hidden"][0] and hand[0] in hand
    hand[0], hand[1] = hand[1], hand[0]
    assert json.loads(state.to_json())["state"]["hidden"][0][:2] == list(
        reversed(json.loads(before)["state"]["hidden"][0][:2])
    )


def test_the_records_of_codes_are_made_from_the_ids() -> None:
    """``declared``, ``waiting``, ``melds``, ``known`` and ``known_privately`` are made from the records of
    ids when read, as copies: changing them changes nothing, and setting them back gives the same state
    (the save, the views and the legal actions)."""
    options = {"melds_per_trick": "one", "table_laws": True}
    checked = 0
    for seed in range(40):
        state = game(**options).new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.hand_number < 2:
            ids = state.legal_action_ids()
            state.apply_id(ids[rng.randrange(len(ids))])
            if not (state.declared[0] or state.declared[1]) or not any(state.known):
                continue
            before = state.to_json()
            for e in state.declared[0] + state.declared[1]:
                e.uses.clear()
            state.waiting[0].clear()
            state.melds[0].clear()
            state.known[0].clear()
            assert state.to_json() == before
            other = state.clone()
            other.declared, other.waiting, other.melds = state.declared, state.waiting, state.melds
            other.known, other.known_privately = state.known, state.known_privately
            assert other.to_json() == before
            assert other.legal_actions() == state.legal_actions()
            assert other.view(0) == state.view(0) and other.view(None) == state.view(None)
            checked += 1
    assert checked > 100
