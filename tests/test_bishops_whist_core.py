"""Bishops Whist's integer core (cards as ids, hands as bit sets) answers exactly as the laws on codes do,
and the whole game plays, shows and saves as it did before the core (goldens recorded then)."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import parlour
from parlour.cards import BISHOPS_WHIST
from parlour.engine import Rng, draws
from parlour.engine.state import _SCRIPT
from parlour.games.bishops_whist import rules
from parlour.games.bishops_whist.rules import (
    CARD_CODES,
    CARD_ID,
    KNIGHT,
    KNIGHT_ID,
    PLAY_TEXTS,
    bits_of,
    cards_in,
    codes_of,
    ids_of,
    knight_may_rank_ten,
    knight_ranks_ten,
    lawful_cards,
    lawful_ids,
    lawful_mask,
    mask_ids,
    suited_winner,
    winner_ids,
    winning_play,
)

GOLDEN_OPTIONS: list[dict[str, Any]] = [
    {},
    {"laws": "table", "misdeal_chance": 0.1, "void_knight": "revoke-only", "partners": "cut"},
    {"partners": "cut", "irregular_trick": "leader", "void_knight": "revoke-only"},
]
GOLDEN = [
    "d904422abf25f19863e6e98e4366e8a497800f90b36913317d339d8a427eb923",
    "204e91065fee4a77793c44b471c802cd24ed39519c0c8f33bd47188feb91d27c",
    "98b1d10a7e8b6223f12125402c12e01efbcd9c32720ec5223d3c6b96df4f36d1",
]
"""Digests of ``match_digest(options, 1)`` recorded from the rules on codes, before the integer core.
The table-laws digest was recorded again by audit 6 (ruling BW-16: the dealer may not expose the turn-up
everybody sees): the match is the same up to step 110, where "expose 2C" leaves the dealer's legal
actions, and then its random choices differ. All three recorded again (situ-1) when the situation left
trumps, the trick's number and the dealer's naming of trumps to the view's fields ("spades are trumps;
trick 4" became "", the thirteenth's "the knight's trick", "a knight was turned: seat 3 names trumps"
"") and the view gained ``hands_in_match`` (null): with the old situation
put back and the field left out of every view, all three are the digests recorded before (main at
17cce7a); recorded again (situ-2) when the situation left the revoke's claim and review to the decision's
prompt ("hand over: seat 1 may claim a revoke" became "the hand is played out"; the table laws' digest moved,
the others' did not): with the old situation put back, it is the digest recorded before (main at 56b2280);
recorded again (situ-2) when every zone gained ``tricks`` (a tricks_won zone's count of its tricks, null
elsewhere): with the field left out of every view, all three are the digests recorded before it (0d14346).
The table laws' recorded again (web-10) when the revoke review's prompt "let your card stand, or correct a
revoke" became "review your card: let it stand, or correct a revoke" (the seat's line read "— to let"): with
the old prompt put back it is the digest recorded before (main at 89b8da0); the others have no review."""


def match_digest(options: dict[str, Any], seed: int) -> str:
    """A seeded random match by text and by ids, with clones and saves loaded on the way: every step's
    seat to move, legal texts and ids, every seat's view (and a spectator's), and the saves."""
    game = parlour.make("bishops-whist", **options)
    h = hashlib.sha256()

    def put(x: Any) -> None:
        h.update(json.dumps(x, sort_keys=True, default=str).encode())

    rng = random.Random(seed)
    state = game.new(seed=seed)
    step = 0
    while not state.is_over and step < 250:
        put([state.current_player, state.legal_actions(), state.legal_action_ids()])
        for seat in (None, 0, 1, 2, 3):
            put(state.view(seat).to_dict())
        if step % 41 == 0:
            put(json.loads(state.to_json()))
            state = game.load(state.to_json()) if step % 2 else state.clone()
        if rng.random() < 0.5:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        else:
            ids = state.legal_action_ids()
            state.apply_id(ids[rng.randrange(len(ids))])
        step += 1
    put(json.loads(state.to_json()))
    return h.hexdigest()


@pytest.mark.parametrize(("options", "golden"), list(zip(GOLDEN_OPTIONS, GOLDEN, strict=True)))
def test_matches_play_show_and_save_as_before_the_core(options: dict[str, Any], golden: str) -> None:
    assert match_digest(options, 1) == golden


def test_a_play_action_id_is_the_card_id() -> None:
    for options in ({}, {"laws": "table"}):
        listed = parlour.make("bishops-whist", **options).id_space.listed
        assert listed is not None and listed[: KNIGHT_ID + 1] == PLAY_TEXTS
    assert tuple(dict.fromkeys(BISHOPS_WHIST.cards)) == CARD_CODES and CARD_CODES[KNIGHT_ID] == KNIGHT


def random_hand(rng: random.Random) -> list[str]:
    pack = list(BISHOPS_WHIST.cards)
    rng.shuffle(pack)
    return sorted(pack[: rng.randrange(1, 14)], key=rules.ORDER.__getitem__)


def test_bits_hold_a_hand_in_pack_order() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        hand = random_hand(rng)
        held = bits_of(hand)
        assert codes_of(held) == hand and cards_in(held) == len(hand)
        assert [CARD_CODES[i] for i in ids_of(held)] == list(dict.fromkeys(hand))


def test_lawful_plays_on_bits_are_the_laws_on_codes() -> None:
    """Following suit, the knight's revoke, the irregular trick, a void: the same cards, same order."""
    rng = random.Random(7)
    revokes = 0
    for k in range(4000):
        hand = random_hand(rng)
        if k % 3 == 0:  # make the knight's revoke come up: a lone bishop and a knight
            suit = rng.choice("SHDC")
            hand = sorted(
                {*[c for c in hand if c[-1] != suit], "B" + suit, KNIGHT}, key=rules.ORDER.__getitem__
            )
        lead = rng.choice([None, *CARD_CODES])
        want = lawful_cards(hand, lead)
        got = lawful_ids(bits_of(hand), -1 if lead is None else CARD_ID[lead])
        assert [CARD_CODES[i] for i in got] == want, (hand, lead)
        mask = lawful_mask(bits_of(hand), -1 if lead is None else CARD_ID[lead])
        assert [i for i in range(KNIGHT_ID + 1) if mask >> i & 1] == got == mask_ids(mask)
        revokes += (
            want[-1:] == [KNIGHT] and len(want) == 2 and want[0][0] == "B" and lead not in (None, KNIGHT)
        )
    assert revokes > 50


def test_the_trick_winner_on_ids_is_the_laws_on_codes() -> None:
    rng = random.Random(11)
    suited = [c for c in CARD_CODES if c != KNIGHT]
    for _ in range(3000):
        cards = rng.sample(suited, 4)
        trump = rng.choice(["S", "H", "D", "C", None])
        plays = list(enumerate(cards))
        want = winning_play(plays, [False] * 4, trump, last=False, irregular_leader=False)
        t = -1 if trump is None else "SHDC".index(trump)
        assert plays[suited_winner([CARD_ID[c] for c in cards], t)] == want


def test_every_trick_winner_on_ids_is_the_laws_on_codes() -> None:
    """Knights led, followed, ranking as tens or not, in the knight's trick, unfinished tricks, either
    rule for the irregular trick: ``winner_ids`` takes the trick ``winning_play`` gives."""
    rng = random.Random(12)
    suited = [c for c in CARD_CODES if c != KNIGHT]
    for _ in range(20000):
        size = rng.randrange(1, 5)
        knights = rng.randrange(size + 1)
        cards = rng.sample(suited, size - knights) + [KNIGHT] * knights
        rng.shuffle(cards)
        as_ten = [c == KNIGHT and rng.random() < 0.5 for c in cards]
        trump = rng.choice(["S", "H", "D", "C", None])
        last, leader = rng.random() < 0.3, rng.random() < 0.5
        plays = list(enumerate(cards))
        want = winning_play(plays, as_ten, trump, last=last, irregular_leader=leader)
        t = -1 if trump is None else "SHDC".index(trump)
        got = winner_ids([CARD_ID[c] for c in cards], as_ten, t, last, leader)
        assert plays[got] == want, (cards, as_ten, trump, last, leader)


def test_a_knight_ranks_as_a_ten_on_bits_as_on_codes() -> None:
    rng = random.Random(13)
    for _ in range(3000):
        hand = random_hand(rng)
        lead = rng.choice(CARD_CODES)
        position = rng.randrange(4)
        trump = rng.choice(["S", "H", "D", "C", None])
        void_ten = rng.random() < 0.5
        may = knight_may_rank_ten(lead, position, trump)
        suited = [c for c in hand if c[-1] == lead[-1] and c != KNIGHT]
        want = may and (void_ten or suited == ["B" + lead[-1]])  # BW-10: revoke-only, the knight's revoke
        t = -1 if trump is None else "SHDC".index(trump)
        assert knight_ranks_ten(bits_of(hand), CARD_ID[lead], position, t, void_ten) == want


def test_a_save_with_a_hand_bits_cannot_hold_is_refused_as_before() -> None:
    game = parlour.make("bishops-whist")
    state = game.new(seed=3)
    data = json.loads(state.to_json())
    hand = data["state"]["hands"][0]
    data["state"]["hands"][0] = [hand[0], *hand[:-1]]  # a suited card twice: bits would carry it away
    with pytest.raises(parlour.InvalidSave, match="once over"):
        game.load(json.dumps(data))


def ids_match(
    game: parlour.Game[Any], seed: int | None, chosen: list[int] | None, read_log: bool, clone_at: int = -1
) -> tuple[list[int], Any]:
    """A match by ids: ``chosen`` ids in turn (or random ones, recorded), the log read after every
    action (``read_log``: the events made at once) or never; cloned at step ``clone_at`` (the clone
    goes on)."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    played: list[int] = []
    limit = 700 if chosen is None else len(chosen)
    while not state.is_over and len(played) < limit:
        if len(played) == clone_at:
            state = state.clone()
        if chosen is None:
            ids = state.legal_action_ids()
            played.append(ids[rng.randrange(len(ids))])
        else:
            played.append(chosen[len(played)])
        state.apply_id(played[-1])
        if read_log:
            assert state.log
    return played, state


@pytest.mark.parametrize("options", [*GOLDEN_OPTIONS, {"hand_limit": 3}, {"laws": "table", "hand_limit": 2}])
def test_the_log_made_when_read_is_the_log_made_at_once(options: dict[str, Any]) -> None:
    """A match by ids whose log is never read until its end (clones on the way) logs the same events, in
    the same order, as the match whose log is read after every action."""
    game = parlour.make("bishops-whist", **options)
    for seed in (2, 9):
        chosen, lazy = ids_match(game, seed, None, read_log=False, clone_at=seed * 17)
        _, eager = ids_match(game, seed, chosen, read_log=True)
        assert [e.to_dict() for e in lazy.log] == [e.to_dict() for e in eager.log]
        assert lazy.to_json() == eager.to_json()
        kinds = {e.kind for e in eager.log}
        assert {"cut", "table", "turn_up", "hand", "trick", "score", "hand_end"} <= kinds
    if "hand_limit" in options:
        assert "match_end" in kinds and lazy.is_over


def test_a_playout_by_ids_makes_no_event_until_the_log_is_read() -> None:
    """Strict laws: the cut, the deals, the cards, tricks, scores and hands' ends wait unmade (a playout
    by ids never reads the log) until the log is read."""
    game = parlour.make("bishops-whist")
    state = game.new(seed=4)
    while state.hand_number == 1:
        state.apply_id(state.legal_action_ids()[0])
    assert state._log == [] and state._pending
    assert [e.kind for e in state.log if e.kind in ("hand_end", "turn_up")] == [
        "turn_up",
        "hand_end",
        "turn_up",
    ]
    assert not state._pending


def at_hand_end(game: Any, seed: int, hands: int = 1) -> Any:
    """A seeded match by ids, stopped as ``hand_number`` tells that ``hands`` hands have ended (the
    id playout's end: the next deal begun, not made yet)."""
    state = game.new(seed=seed)
    rng = random.Random(seed)
    while state.hand_number <= hands:
        ids = state.legal_action_ids()
        state.apply_id(ids[rng.randrange(len(ids))])
    return state


ASKED: list[tuple[str, Any]] = [
    ("current_player", lambda s: s.current_player),
    ("legal_actions", lambda s: s.legal_actions()),
    ("legal_action_ids", lambda s: s.legal_action_ids()),
    ("action_mask", lambda s: s.action_mask()),
    ("apply_id", lambda s: s.apply_id(s.legal_action_ids()[0])),
    ("apply", lambda s: s.apply(s.legal_actions()[-1])),
    ("view", lambda s: s.view(1)),
    ("observation_tensor", lambda s: s.observation_tensor(2)),
    ("log", lambda s: s.log),
    ("scores", lambda s: s.scores),
    ("to_json", lambda s: s.to_json()),
    ("inventory", lambda s: s.inventory()),
    ("hands", lambda s: s.hands),
    ("check_invariants", lambda s: s.check_invariants()),
    ("clone", lambda s: s.clone().view(0)),
    ("repr", repr),
]


@pytest.mark.parametrize("options", [{}, {"laws": "table", "misdeal_chance": 0.3}])
def test_the_next_deal_made_when_looked_at_is_the_deal_made_at_once(options: dict[str, Any]) -> None:
    """A seeded match leaves the next deal until the state is next looked at (the end of a hand by ids
    reads ``is_over`` and ``hand_number`` only, which do not deal): whatever is asked first, the match
    goes on as if the deal had been made at once (its log, its save, what follows), and asking
    ``is_over`` or ``hand_number`` leaves it unmade."""
    game = parlour.make("bishops-whist", **options)
    for seed, hands in ((3, 1), (8, 2)):
        due = at_hand_end(game, seed, hands)
        assert due.phase == rules.PHASE_DEAL and not due.is_over and due.hand_number == hands + 1
        assert due.phase == rules.PHASE_DEAL  # asking did not deal
        first, first_ids = due.legal_actions()[-1], due.legal_action_ids()[0]
        reference = at_hand_end(game, seed, hands)
        reference.view(None)  # dealt now
        assert reference.phase != rules.PHASE_DEAL
        saved, log = reference.to_json(), [e.to_dict() for e in reference.log]
        for name, ask in ASKED:
            state = at_hand_end(game, seed, hands)
            copy = state.clone()  # a copy made while the deal waits deals the same cards
            ask(state)
            assert (state.phase == rules.PHASE_DEAL) == (name == "clone"), (
                name
            )  # a copy leaves its source as it was
            if name == "apply_id":
                reference_after = game.load(saved)
                reference_after.apply_id(first_ids)
                assert state.to_json() == reference_after.to_json(), name
                continue
            if name == "apply":
                reference_after = game.load(saved)
                reference_after.apply(first)
                assert state.to_json() == reference_after.to_json(), name
                continue
            assert state.to_json() == saved, name
            assert [e.to_dict() for e in state.log] == log, name
            assert copy.to_json() == saved and [e.to_dict() for e in copy.log] == log, name


def test_a_live_match_deals_the_next_hand_at_once() -> None:
    """A live match draws from the operating system as the deal happens and records it: it never
    leaves a deal waiting."""
    game = parlour.make("bishops-whist")
    state = game.new()
    while state.hand_number == 1:
        state.apply_id(state.legal_action_ids()[0])
    assert state.phase != rules.PHASE_DEAL


def test_a_live_match_by_ids_logs_its_draws_where_they_fell() -> None:
    """A live match's draws are logged at once (the events waiting before them first): the record
    replays to the same log, and played again with its log read at every action it logs the same."""
    game = parlour.make("bishops-whist", hand_limit=2)
    rng = random.Random(6)
    state = game.new()
    chosen: list[int] = []
    while not state.is_over:
        ids = state.legal_action_ids()
        chosen.append(ids[rng.randrange(len(ids))])
        state.apply_id(chosen[-1])
    log = [e.to_dict() for e in state.log]
    draws = [dict(e.data) for e in state.log if e.kind == "chance"]
    assert len(draws) >= 4
    assert [e.to_dict() for e in game.replay(state.to_json()).log] == log
    token = _SCRIPT.set(Rng.scripted(draws))
    try:
        again = game.new()
    finally:
        _SCRIPT.reset(token)
    for i in chosen:
        again.apply_id(i)
        assert again.log
    assert [e.to_dict() for e in again.log] == log


def test_the_deals_draw_what_random_draws() -> None:
    """The pack shuffled for a deal (a list, shuffled as one) and a seeded source are ``random.Random``'s:
    the same order of the cards, the same state after, for packs of every size."""
    for n in range(70):
        for seed in range(4):
            mine, theirs = random.Random(seed), random.Random(seed)
            pack, other = list(range(n)), list(range(n))
            draws.shuffle(mine.getrandbits, pack)
            theirs.shuffle(other)
            assert pack == other and mine.getstate() == theirs.getstate()
            as_tuple = bytearray(range(n))  # another sequence: the general path
            draws.shuffle(random.Random(seed).getrandbits, as_tuple)
            assert list(as_tuple) == other
    for seed in (0, 7, 2**32 + 1, 2**63 - 1):
        ours, theirs = Rng(seed), random.Random(seed)
        assert ours.get_state() == [3, list(theirs.getstate()[1]), None]
        assert [ours.randrange(52) for _ in range(20)] == [theirs.randrange(52) for _ in range(20)]
        copy = ours.copy()
        assert [copy.random() for _ in range(3)] == [ours.random() for _ in range(3)]
