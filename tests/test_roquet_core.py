"""Roquet's integer core: seeded matches play exactly as they did before it (every view, legal list and
id, save and log), whichever way the actions go in, and clones, loads and determinized worlds too."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import parlour
from parlour.cards import SUITS
from parlour.engine import ForbiddenAction, IllegalAction, MalformedAction, Rng
from parlour.games.roquet.rules import RoquetGame
from tests.conformance import (
    check_clone_goes_its_own_way,
    check_every_way_in,
    check_loaded_match_goes_on,
    check_world_plays_on,
    match_digest,
    play_random,
)

RECORDED = {
    ("{}", 0): "e9ab9d57dd66c6442541276666645907",
    ("{}", 1): "91ac7d774772a51cd759383b33d75bf0",
    ('{"target": 1}', 2): "89738ee4d1a0122b6381300414e8758b",
    ('{"target": 40, "refill": "one"}', 3): "5bff8e2c1952122c2ec2f73bf81de0dd",
    ('{"target": 40, "livret_refill": true}', 4): "a04fb0bde98a9e85425c855839a44d1e",
    ('{"target": 40, "turn_up": "stock"}', 5): "9184a1fda4f61c3159a39abe55519b19",
    ('{"target": 40, "melds_per_trick": "one"}', 6): "b7e39fe8f9ab5a101a1c4e1bba18d4dd",
    ('{"target": 40, "max_sequence": 15}', 7): "c416e2e1e00ce4da7c43ed9288cfa427",
    ('{"target": 20, "tie": "draw"}', 8): "323c37651874579168340577e0e91754",
    ('{"target": 30, "refill": "one", "livret_refill": true, "turn_up": "stock"}', 9): (
        "ee57ec36ff1fba4829a6353d11117f70"
    ),
}
"""Digests of seeded random matches (at every step both seats' views, the legal actions and their ids,
and a determinized world of the seat to move; at the end the whole save: every event and its text,
every field), recorded with the rules as they were before the core (main at 8a06bec); recorded again
when the view's situation stopped repeating the hand's number and trumps and its meld prompt stopped
quoting 'done' (web-7: with the situation and the prompt blanked, every digest is as it was); and
again when the prompt to follow became one clause ("play to C♥, following suit if you can" for "follow
C♥: follow suit if you can"; with the old words, every digest is as recorded before); and again
(situ-1) when the situation stopped naming the seat to lead or follow ("seat 1 to follow C♥", said by the
decision and the trick) and the view gained ``hands_in_match`` (null): with the old situation put back
and the field left out of every view, every digest is as recorded before (main at 17cce7a); recorded again
(situ-2) when the situation left the meld to the prompt ("seat 1 won the trick and may meld" became "seat 1
won the trick"): with the old situation put back, all ten are the digests recorded before (main at
56b2280); recorded again (situ-2) when every zone gained ``tricks`` (a tricks_won zone's count of its tricks,
null elsewhere) and its labels left it the count ("4 tricks won" became "tricks won"): with the field left out
of every view and the old labels made again from the count, all ten are the digests recorded before it
(0d14346); and again (web-9, merged with situ-2) when a meld zone's label gave its points in words ("pair of
tens, 2 points" for "pair of tens (2)") and the log's meld lines "... for 2 points": with the old label and
log words, every digest is as situ-2 recorded it; and again (term-11) when the face-down stock's zone was
labelled "the stock, face down" (was "the stock", beside "cards left to draw" counting the turn-up too):
with the old label, all ten are the digests recorded before."""


def game(**options: Any) -> RoquetGame:
    g = parlour.make("roquet", **options)
    assert isinstance(g, RoquetGame)
    return g


def digest_of(options: str, seed: int) -> str:
    return match_digest(game(**json.loads(options)), seed)


@pytest.mark.parametrize(("options", "seed"), list(RECORDED))
def test_seeded_matches_play_as_recorded_before_the_core(options: str, seed: int) -> None:
    assert digest_of(options, seed) == RECORDED[options, seed]


OPTIONS: list[dict[str, Any]] = [
    {"target": 40},
    {"target": 40, "refill": "one", "livret_refill": True},
    {"target": 40, "melds_per_trick": "one", "turn_up": "stock"},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_way_in_plays_the_same_match(options: dict[str, Any]) -> None:
    check_every_way_in(game(**options))


@pytest.mark.parametrize("options", OPTIONS)
def test_a_clone_goes_its_own_way(options: dict[str, Any]) -> None:
    check_clone_goes_its_own_way(game(**options), (0, 1, 2, 3, 17, 40, 41))


@pytest.mark.parametrize("options", OPTIONS)
def test_a_loaded_match_goes_on_as_the_original(options: dict[str, Any]) -> None:
    check_loaded_match_goes_on(game(**options), (0, 1, 2, 3, 30, 31, 60))


def test_a_determinized_world_plays_on() -> None:
    check_world_plays_on(game(target=40))


def test_refused_ids_and_texts_change_nothing() -> None:
    g = game()
    state = g.new(seed=3)
    play_random(state, random.Random(3), "text", steps=1)  # a card led: the answer must follow
    before = state.to_json()
    legal = set(state.legal_action_ids())
    illegal = [i for i in range(g.num_distinct_actions) if i not in legal]
    for bad in (-1, g.num_distinct_actions, 10**6):
        with pytest.raises(MalformedAction):
            state.apply_id(bad)
    for i in illegal[:: max(1, len(illegal) // 40)]:
        with pytest.raises(ForbiddenAction):
            state.apply_id(i)
        with pytest.raises(IllegalAction):
            state.apply(g.action_text(i))
    with pytest.raises(ForbiddenAction):
        state.apply(state.legal_actions()[0], seat=1 - (state.current_player or 0))
    assert state.to_json() == before


def test_the_over_match_offers_nothing() -> None:
    g = game(target=1)
    state = g.new(seed=1)
    play_random(state, random.Random(1), "ids")
    assert state.is_over and state.legal_action_ids() == [] and state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.apply_id(0)


def test_a_live_match_replays_with_its_draws_between_the_actions() -> None:
    """A live deal's shuffle is recorded when it is drawn, after the events still waiting to be
    logged: the record replays to the same match."""
    g = game(target=30)
    state = g.new()
    play_random(state, random.Random(1), "ids")
    kinds = [e.kind for e in state.log if e.to is not None]
    assert kinds.count("chance") == state.hand_number + 1  # the cut for the first dealer, a shuffle a hand
    assert g.replay(state.to_json()).to_json() == state.to_json()


def test_the_stock_shuffles_in_place_as_a_list_of_codes() -> None:
    """A player re-draws a world's stock by shuffling ``state.stock`` in place (the hand reader does):
    the codes over the ids shuffle as the list of codes did, the state's own stock with them."""
    state = game().new(seed=5)
    codes = list(state.stock)
    for seed in range(20):
        world = state.clone()
        expected = codes[:]
        Rng(seed).shuffle(expected)
        Rng(seed).shuffle(world.stock)
        assert world.stock == expected and list(world.stock) == expected and world.stock != codes
        assert world.to_json() != state.to_json() and list(state.stock) == codes
        assert world.legal_actions() == state.legal_actions()
    live = state.clone()
    Rng(None).shuffle(live.stock)  # a live source shuffles by slice
    assert sorted(live.stock) == sorted(codes)


def test_the_card_fields_are_copies_made_from_the_core() -> None:
    """``hands``, ``livret``, ``trick``... are made from the ids when asked: changing them changes nothing."""
    state = game().new(seed=6)
    play_random(state, random.Random(6), "ids", steps=9)
    before = state.to_json()
    state.hands[0].clear()
    state.livret.append("AS")
    state.trick.clear()
    state.known[0].append("AS")
    state.voids[1].append("S")
    state.played.clear()
    state.won[0].clear()
    assert state.to_json() == before


def test_the_schema_numbers_are_the_rules() -> None:
    """The save schema lives in its own module (never compiled), with its own copy of the numbers."""
    from parlour.games.roquet import rules, schema

    assert (schema.PLAYERS, schema.HAND_SIZE, schema.LIVRET_SIZE, schema.TRICK_SIZE, schema.PAIR_SIZE) == (
        rules.PLAYERS,
        rules.HAND_SIZE,
        rules.LIVRET_SIZE,
        rules.TRICK_SIZE,
        rules.PAIR_SIZE,
    )
    assert (
        len(rules.PACK),
        len(SUITS),
        len(rules.RANKS),
    ) == (schema.PACK_SIZE, schema.SUIT_COUNT, schema.RANK_COUNT)
