"""Lansquenet's integer core: seeded matches play exactly as they did before it (every view, legal list and
id, determinized world, save and log), whichever way the actions go in, and clones and loads too.

Lansquenet's moves name amounts (``bank N``, ``bet N``: ranges, not listed actions), so the random
player here chooses among the listed actions and one amount of each legal range."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import parlour
from parlour.engine import Rng
from parlour.games.lansquenet.rules import MAX_CHIPS, Lansquenet, LansquenetState
from tests.conformance import check_clone_goes_its_own_way, check_loaded_match_goes_on, check_world_plays_on

RECORDED: dict[tuple[str, str, int], str] = {
    ("{}", "{}", 0): "21b2f0cec3ffb01a639b57749d0a0279",
    ("{}", "{}", 1): "bcb29c97fc0d417704439307d9937208",
    ('{"stake": 30}', "{}", 2): "13e125086d3a267f9020d0facb4cc1ae",
    ('{"stake": 40, "packs": 6}', "{}", 3): "95afe8a19d3f2271352a2f720cdef2e6",
    ('{"stake": 40, "packs": 2, "reserve": 0}', "{}", 4): "22efbeff55461f9a3e41cf47fab2bd55",
    ('{"stake": 40, "packs": 8, "reserve": 90}', "{}", 5): "18e0bdfff23c100550bf0b96cd5baab5",
    ('{"stake": 40, "twins": true}', "{}", 6): "2aaf6c6c09765bb2c10812713010a437",
    ('{"stake": 40, "takeout": false, "packs": 3}', "{}", 7): "bc760b8f0520571a23947a0b8abcebc2",
    ('{"stake": 40, "length": "deals", "deals": 25}', "{}", 8): "7c95685bfebdd4018cfa98d0ea9e1f9c",
    ('{"players": 2, "stake": 50, "rounds": 3}', "{}", 9): "e69767430d207b4037cc9a168e3ea9db",
    ('{"players": 10, "stake": 15, "rounds": 1, "packs": 4}', "{}", 10): "a57501897032b4529b97e9d0790bc2f8",
    ('{"variant": "hoyle", "stake": 40}', "{}", 11): "c832442b0f0f6fda677d7d61a35b21ea",
    ('{"variant": "hoyle", "stake": 40}', "{}", 12): "e3aa9fd6be6a05b8c32f6c08d948eb69",
    (
        '{"variant": "hoyle", "stake": 40, "packs": 6, "reserve": 10}',
        "{}",
        13,
    ): "82add8eec042f7a99769fe7b9330f719",
    (
        '{"variant": "hoyle", "stake": 30, "packs": 2, "reserve": 0}',
        "{}",
        14,
    ): "27751b5f0fba28a9da26b4772e5557f4",
    (
        '{"variant": "hoyle", "players": 6, "stake": 30, "length": "deals", "deals": 20}',
        "{}",
        15,
    ): "3bf96648e9f882ec4e21c9020e6c3c94",
    (
        '{"stake": 40}',
        '{"banker": 2, "chips": [10, 0, 60, 30], '
        '"stacks": [["9C", "KD", "3H", "7S", "9H"], ["5S", "5H"], []]}',
        16,
    ): "6696ca005feb114ce822defbb40a5220",
    (
        '{"stake": 40, "packs": 2}',
        '{"stacks": [["AS", "AS", "AH"], ["2C", "3C", "2C"]]}',
        17,
    ): "01a899305a21d07337417d6170be8252",
    (
        '{"variant": "hoyle", "stake": 40}',
        '{"banker": 1, "stacks": [["4C", "5C", "KC", "7H", "4D", "KS"]]}',
        18,
    ): "600ce9da3222744e8082357ed271bb1b",
}
"""Digests of seeded random sessions (options, explicit deal, seed), one a line: at every step every
seat's view, the legal actions and their ids and a determinized world of the seat to move; at the end
the whole save (every event and its text, every field). Recorded with the rules as they were before the
core (main at 54fcaae); the eight sessions of a shoe recorded again on 5 December, when the save began
to hold the discards in the order they fell (the same play: with the save's discards sorted again, all
nineteen digests are the ones recorded before the core); those with the default ``rounds`` recorded
again on 5 December, when it became 3 (ruling LQ-16): with ``rounds=2`` given, all nineteen are the
digests recorded before. Recorded again on 6 December, when a bank for sale got a seller and no banker
(ruling LQ-14: the twelve classic sessions that sell a bank) and the last Hoyle deal's cards kept their
matched marks while the banker chooses and at the end (ruling LQ-22: the six Hoyle sessions); with the
view's old words for those two, all nineteen are the digests recorded before. Recorded again on 6
December (stop 41), when the prompts stopped teaching the terminal's syntax ("bet N (1 to 24)" became
"bet 1 to 24 chips"): with the old prompts, all nineteen are the digests recorded before. Recorded
again (situ-1) when the view gained ``hands_in_match`` (the agreed deals of a session of length=deals,
else null; Lansquenet's words did not change): with that field left out of every view, all nineteen are
the digests recorded before (main at 17cce7a); recorded again (situ-2) when the situation left the seat to
move and what it is asked to the decision ("seat 2 takes the bank and chooses its size (1 to 100)" became "",
"...; seat 3 to bet" lost its last clause): with the old situation put back, all 19 are the digests recorded
before (main at 56b2280); recorded again (situ-2) when every zone gained ``tricks`` (a tricks_won zone's count
of its tricks, null elsewhere): with the field left out of every view, all 19 are the digests recorded before
it (0d14346); the eight that reach a take-out recorded again (review-11) when its prompt said "take out the
100 it won" (it was "takeout (back to 100)"): with the old prompt, all 19 are the digests recorded before
(lead at 159588c); all 19 recorded again (term-15) when the first banker was logged once ("seat 3 draws
the highest card and takes the first bank", the first bank's own "banker" line without text; it was
"seat 3 draws highest and banks", then "seat 3 takes the bank"): with the old words put back, all 19 are
the digests recorded before (main at 6fc450c)."""


def game(**options: Any) -> Lansquenet:
    g = parlour.make("lansquenet", **options)
    assert isinstance(g, Lansquenet)
    return g


def choose(state: LansquenetState, rng: random.Random) -> str:
    """A random legal move: a listed action or one amount of a legal range, each choice alike; amounts
    lean small so that sessions last (a quarter of the time anything in the range)."""
    legal: list[str] = list(state.legal_actions())
    ranges = state.legal_ranges()
    k = rng.randrange(len(legal) + len(ranges))
    if k < len(legal):
        return legal[k]
    r = ranges[k - len(legal)]
    high = r.high if rng.random() < 0.25 else min(r.high, r.low + 9)
    return f"{r.verb} {rng.randint(r.low, high)}"


def play_random(state: LansquenetState, rng: random.Random, how: str, steps: int = 100_000) -> None:
    """Random legal moves by text, by id, by text with the seat named, or a mixture of the three."""
    g = state.game
    for n in range(steps):
        if state.is_over:
            return
        action = choose(state, rng)
        way = how if how != "mixed" else ("text", "ids", "seat")[n % 3]
        if way == "text":
            state.apply(action)
        elif way == "ids":
            assert g.action_id(action) in state.legal_action_ids()
            state.apply_id(g.action_id(action))
        else:
            state.apply(action, seat=state.current_player)


def match_digest(g: Lansquenet, seed: int, deal: dict[str, Any] | None = None) -> str:
    """``tests.conformance.match_digest`` for a game of amounts (the ranges' ids hashed as a count and
    bounds, a thousand ids a range being no more telling)."""
    state, rng, digest = g.new(seed=seed, deal=deal), random.Random(seed), hashlib.sha256()
    world_rng = Rng(seed)
    while not state.is_over:
        for seat in range(g.num_players):
            digest.update(json.dumps(state.view(seat).to_dict(), sort_keys=True).encode())
        ids = state.legal_action_ids()
        ranges = [(r.verb, r.low, r.high) for r in state.legal_ranges()]
        digest.update(json.dumps([state.legal_actions(), ranges, len(ids), ids[:3], ids[-3:]]).encode())
        mover = state.current_player
        assert mover is not None
        world = g.determinize(state.view(mover), world_rng)
        digest.update(json.dumps(world._data(), sort_keys=True).encode())
        state.apply(choose(state, rng))
    digest.update(state.to_json().encode())
    return digest.hexdigest()[:32]


def digest_of(options: str, deal: str, seed: int) -> str:
    return match_digest(game(**json.loads(options)), seed, json.loads(deal) or None)


@pytest.mark.parametrize(("options", "deal", "seed"), list(RECORDED))
def test_seeded_sessions_play_as_recorded_before_the_core(options: str, deal: str, seed: int) -> None:
    assert digest_of(options, deal, seed) == RECORDED[options, deal, seed]


OPTIONS: list[dict[str, Any]] = [
    {"stake": 30},
    {"stake": 30, "packs": 2, "reserve": 0},
    {"stake": 30, "variant": "hoyle", "packs": 3},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_way_in_plays_the_same_session(options: dict[str, Any]) -> None:
    g = game(**options)
    for seed in (0, 1):
        saves = set()
        for how in ("seat", "text", "ids", "mixed"):
            state, rng = g.new(seed=seed), random.Random(seed)
            if how == "seat":
                while not state.is_over:  # the log read at every step
                    play_random(state, rng, how, steps=1)
                    assert state.log
            else:
                play_random(state, rng, how)
            saves.add(state.to_json())
        assert len(saves) == 1


@pytest.mark.parametrize("options", OPTIONS)
def test_a_clone_goes_its_own_way(options: dict[str, Any]) -> None:
    check_clone_goes_its_own_way(game(**options), (0, 1, 2, 3, 17, 40), play=play_random)


def check_loaded_session_goes_on(options: dict[str, Any], steps: tuple[int, ...]) -> None:
    """A session saved after ``steps`` random actions loads and plays on as it would have."""
    check_loaded_match_goes_on(game(**options), steps, play=play_random)


def test_a_determinized_world_plays_on() -> None:
    for options in OPTIONS:
        check_world_plays_on(game(**options), play=play_random)


@pytest.mark.parametrize("options", [{"stake": 30}, {"stake": 30, "variant": "hoyle"}])
def test_a_loaded_session_goes_on_as_the_original(options: dict[str, Any]) -> None:
    check_loaded_session_goes_on(options, (0, 1, 2, 3, 30, 31))


def test_a_loaded_shoe_session_with_discards_goes_on_as_the_original() -> None:
    """The save holds a shoe's discards in the order they fell, as the rules keep them and shuffle them
    back into the stock (ruling LQ-10): a session loaded with discards lying reshuffles as the original.
    (Until 5 December the save sorted them, and such a session went on differently.)"""
    check_loaded_session_goes_on({"stake": 30, "packs": 2, "reserve": 0}, (3,))


def test_a_live_session_replays_with_its_draws_between_the_actions() -> None:
    """A live session's shuffles and cuts are recorded when they are drawn, after the events still
    waiting to be logged: the record replays to the same session, in a shoe and in Hoyle's game."""
    for options in OPTIONS:
        g = game(**options)
        state = g.new()
        play_random(state, random.Random(1), "ids")
        kinds = [e.kind for e in state.log if e.to is not None]
        assert kinds.count("chance") >= 2
        assert g.replay(state.to_json()).to_json() == state.to_json()


def test_the_card_fields_are_copies_made_from_the_core() -> None:
    """``shoe``, ``pile``, ``hand_cards``, ``discards``, ``stacks`` are made from the ids when asked:
    changing them changes nothing."""
    state = game(stake=30, variant="hoyle", packs=2).new(seed=5, deal={"stacks": [["4C"]]})
    play_random(state, random.Random(5), "ids", steps=6)
    assert state.phase == "hbet" and state.pile is not None and state.discards is not None
    before = state.to_json()
    state.shoe.clear()
    state.pile.append("AS")
    state.hand_cards.clear()
    state.discards.append("AS")
    state.stacks.append(["AS"])
    assert state.to_json() == before
    assert len(state.shoe) == 104 - len(state.pile) - len(state.hand_cards) - len(state.laid_out) - 1 - len(
        state.discards
    )


def test_the_compiled_builds_clone_copies_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled build's ``clone`` (through ``__init__``, field by field) makes the same copy."""
    from parlour.games.lansquenet import rules

    monkeypatch.setattr(rules, "_PLAIN_OBJECTS", False)
    test_a_clone_goes_its_own_way(OPTIONS[2])
    state = game(stake=30, variant="hoyle").new(seed=3)
    play_random(state, random.Random(3), "ids", steps=7)
    copy = state.clone()
    assert type(copy) is LansquenetState and not vars(copy).keys() - vars(state).keys()
    assert copy.to_json() == state.to_json() and copy.view(1) == state.view(1)


def test_the_schema_numbers_are_the_rules() -> None:
    """The save schema lives in its own module (never compiled), with its own copy of the numbers."""
    from parlour.games.lansquenet import rules, schema

    assert (schema.MAX_CHIPS, schema.MAX_PACKS, schema.MAX_STACKS, schema.HAND_CARDS) == (
        rules.MAX_CHIPS,
        rules.MAX_PACKS,
        rules.MAX_STACKS,
        rules.HAND_CARDS,
    )
    assert rules.LansquenetSave is schema.LansquenetSave and rules.LansquenetExtra is schema.LansquenetExtra


def test_the_deal_bounds_are_the_chips_at_the_table() -> None:
    assert Lansquenet.hand_points_bounds == (-float(MAX_CHIPS), float(MAX_CHIPS))
