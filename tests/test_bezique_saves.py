"""Saved Bezique matches: ``load`` refuses anything no legal play reaches, naming the field at fault.

Each targeted test takes a real save, changes one thing a careless or hostile editor might, and
checks the refusal; a fuzz test tampers at random and checks that whatever loads plays on soundly.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.cards import BEZIQUE_64
from parlour.engine import InvalidSave, Rng
from parlour.games.bezique.rules import TABLE_LAW_KEYS, Bezique, BeziqueState, Phase, told_a_draw
from parlour.players import make_player
from tests.test_bezique import make, play, setup
from tests.test_bezique_penalties import HANDS, TOP

PACK = BEZIQUE_64
Save = dict[str, Any]


def _played(options: dict[str, Any], seed: int, until: Callable[[BeziqueState], bool]) -> BeziqueState:
    """A match between two heuristic players, stopped as soon as ``until`` holds."""
    game = make(**options)
    s = game.new(seed=seed)
    players = [make_player("heuristic", game, i) for i in (0, 1)]
    while not until(s):
        seat = s.current_player
        assert seat is not None, "the match ended first"
        s.apply(players[seat].choose(s.view(seat), game))
    return s


def _with_melds() -> BeziqueState:
    """The talon phase, both a meld on the table and a meld waiting to score."""
    return _played({}, 7, lambda s: s.phase is Phase.TALON and bool(s.declared[0] or s.declared[1]))


def _drawing() -> BeziqueState:
    """Table laws: the winner has drawn a full hand and may still (wrongly) draw again."""
    s = setup(HANDS, "KH", top=TOP, table_laws=True)
    play(s, "play AS", "play 7S", "draw")
    return s


def _refused(state: BeziqueState, change: Callable[[Save], None], field: str) -> None:
    saved = json.loads(state.to_json())
    assert state.game.load(json.dumps(saved)).view(None) == state.view(None)  # untouched, it loads
    tampered = copy.deepcopy(saved)
    change(tampered["state"])
    with pytest.raises(InvalidSave, match=field):
        state.game.load(json.dumps(tampered))


def _table_owner(s: BeziqueState) -> int:
    return 0 if s.declared[0] else 1


# --- the cards ------------------------------------------------------------------------------------


def test_a_card_copied_from_one_hand_into_the_other() -> None:
    def copy_card(d: Save) -> None:
        d["hidden"][1][0] = d["hidden"][0][0] if d["hidden"][0][0] != d["hidden"][1][0] else d["hidden"][0][1]

    _refused(_with_melds(), copy_card, "cards: the pack is not whole")


def test_a_card_moved_from_a_hand_to_the_tricks_won() -> None:
    def move(d: Save) -> None:
        d["won"][0].append(d["hidden"][0].pop())

    _refused(setup(HANDS, "KH", top=TOP), move, "hidden.0: holds 7 cards")


def test_a_ninth_card() -> None:
    def grab(d: Save) -> None:
        d["hidden"][0].append(d["stock"].pop())

    _refused(setup(HANDS, "KH", top=TOP), grab, "state.hidden.0: List should have at most 8 items")


def test_a_card_that_is_not_in_the_pack() -> None:
    def forge(d: Save) -> None:
        d["hidden"][0][0] = "6S"

    _refused(setup(HANDS, "KH", top=TOP), forge, "hidden.0: '6S' is not a card")


# --- the talon, the turn and the phase --------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(turn_up=None), "cards: the pack is not whole"),
        (
            lambda d: d.update(turn_up=None, won=[[d["turn_up"], d["stock"].pop()], []], tricks_played=1),
            "turn_",
        ),
        (lambda d: d.update(trump="S"), "trump"),
        (lambda d: d.update(turn=1), "turn"),
        (lambda d: d.update(leader=1), "turn"),
        (lambda d: d.update(phase="play2"), "turn_up"),
        (lambda d: d.update(phase="declare"), "hidden"),
        (lambda d: d.update(phase="over"), "turn_up"),
        (lambda d: d.update(phase="blanche"), "blanche_queue"),
        (lambda d: d.update(phase="draw"), "phase: draws are actions only under table laws"),
        (
            lambda d: d.update(stock=d["stock"][1:], won=[d["won"][0] + d["stock"][:1], d["won"][1]]),
            "stock|won",
        ),
        (lambda d: d.update(trick=[{"seat": 1, "card": d["hidden"][1].pop()}]), "trick"),
        (lambda d: d.update(blanche_queue=[0]), "blanche_queue"),
        (lambda d: d.update(revoker=0), "revoker"),
        (lambda d: d.update(dealer=0), "hand_number"),
        (lambda d: d.update(hand_number=2), "hand_number"),
        (lambda d: d.update(tricks_played=3), "won"),
        (lambda d: d.update(phase="middle"), "state.phase"),
        (lambda d: d.update(totals="abc"), "state.totals"),
        (lambda d: d.update(turn=2), "state.turn"),
        (lambda d: d.update(owed=[0, 0]), "state.owed: kept only under table laws"),
        (lambda d: d.update(extra=1), "state.extra"),
        (lambda d: d.update(stock=[[[[]]]]), "state.stock.0"),
        (lambda d: d.pop("known"), "state.known"),
    ],
)
def test_the_talon_phase_and_turn_agree(change: Callable[[Save], None], field: str) -> None:
    _refused(setup(HANDS, "KH", top=TOP), change, field)


# --- declarations -------------------------------------------------------------------------------------


def test_a_table_card_used_in_an_inferior_order_later() -> None:
    s = _with_melds()
    seat = _table_owner(s)

    def abuse(d: Save) -> None:
        entry = d["table"][seat][0]
        entry["uses"] = [["sequence", 0], ["common marriage", 1]]
        d["melds"][seat] += [
            {"kind": "common marriage", "cards": ["KC", "QC"], "points": 20, "scored": True},
        ]

    _refused(s, abuse, f"table.{seat}")


def test_a_meld_for_the_wrong_points() -> None:
    s = _with_melds()
    seat = _table_owner(s)

    def inflate(d: Save) -> None:
        d["melds"][seat][0]["points"] = 500

    _refused(s, inflate, f"melds.{seat}")


def test_melds_worth_more_than_the_hand_scored() -> None:
    s = _with_melds()
    seat = _table_owner(s)

    def more(d: Save) -> None:
        d["melds"][seat] += [dict(d["melds"][seat][0])] * 40

    _refused(s, more, f"melds.{seat}")


def test_a_meld_waiting_for_cards_not_on_the_table() -> None:
    s = _with_melds()
    seat = _table_owner(s)

    def phantom(d: Save) -> None:
        d["pending"][seat].append({"kind": "bezique", "cards": ["QS", "JD"], "ids": [60, 61]})

    _refused(s, phantom, f"pending.{seat}")


def test_a_table_card_with_a_stale_id() -> None:
    s = _with_melds()
    seat = _table_owner(s)

    def stale(d: Save) -> None:
        d["table"][seat][0]["id"] = d["next_id"] + 3

    _refused(s, stale, f"table.{seat}")


def test_a_declared_seven_not_held() -> None:
    def declare(d: Save) -> None:
        d["declared_sevens"][0] = 1

    _refused(setup(HANDS, "KH", top=TOP), declare, "declared_sevens.0")


def test_knowledge_of_a_card_not_held() -> None:
    def know(d: Save) -> None:
        d["known"][1] = {"AH": 1}

    _refused(setup(HANDS, "KH", top=TOP), know, "known.1")


def test_an_open_declaring_turn_in_play() -> None:
    def window(d: Save) -> None:
        d["window_seven"] = True

    _refused(setup(HANDS, "KH", top=TOP), window, "window")


# --- tricks and scores -----------------------------------------------------------------------------


def test_brisques_that_were_not_won() -> None:
    s = setup(HANDS, "KH", top=TOP)
    play(s, "play AS", "play 7S")

    def brisque(d: Save) -> None:
        d["brisques"] = [1, 1]

    _refused(s, brisque, "brisques")


def test_a_last_trick_that_was_not_played() -> None:
    s = setup(HANDS, "KH", top=TOP)
    play(s, "play AS", "play 7S")

    def rewrite(d: Save) -> None:
        d["last_trick"][1]["card"] = "KS"

    _refused(s, rewrite, "last_trick")

    def winner(d: Save) -> None:
        d["last_trick"] = [{"seat": 1, "card": "7S"}, {"seat": 0, "card": "AS"}]

    _refused(s, winner, "last_trick")


def test_hand_points_that_the_log_does_not_show() -> None:
    s = setup(HANDS, "KH", top=TOP)
    play(s, "play AS", "play 7S")

    def points(d: Save) -> None:
        d["hand_points"] = [10, 0]
        d["totals"] = [10, 0]

    _refused(s, points, "scores|hand_points")


def test_a_finished_match_that_goes_on() -> None:
    s = _played({"target": 100}, 3, lambda s: s.is_over)

    def more(d: Save) -> None:
        d["phase"] = "play2"

    _refused(s, more, "turn_up|hidden|phase")


# --- table-law draws --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(drawn=False), "hidden.0"),
        (lambda d: d.update(draw_queue=[1, 0]), "draw_queue"),
        (lambda d: d.update(draw_queue=[]), "draw_queue"),
        (lambda d: d.update(owed=[1, 0]), "hidden.0"),
        (lambda d: d.update(top_seen=[1, 1]), "top_seen"),
        (lambda d: d.update(top_seen=[2]), "state.top_seen.0"),
        (lambda d: d.update(known_privately=[{"TD": 1}, {}]), "known_privately.0"),
        (lambda d: d.update(owed=[9, 0]), "state.owed.0"),
    ],
)
def test_table_law_draw_states(change: Callable[[Save], None], field: str) -> None:
    _refused(_drawing(), change, field)


def test_a_save_from_before_the_private_knowledge_record_still_loads() -> None:
    s = _drawing()
    play(s, "draw")  # seat 0 saw Q♦ and put it back
    saved = json.loads(s.to_json())
    del saved["state"]["known_privately"]
    old = s.game.load(json.dumps(saved))
    assert old.known_privately == [{}, {}]
    play(old, "draw")
    assert old.view(0).extra.known[1] == ["QD"]


# --- random tampering -----------------------------------------------------------------------------

_BASES: list[str] = []


def _bases() -> list[str]:
    if not _BASES:
        _BASES.extend(
            [
                _with_melds().to_json(),
                _drawing().to_json(),
                _played(
                    {"table_laws": True, "carte_blanche": True}, 4, lambda s: s.tricks_played >= 26
                ).to_json(),
            ]
        )
    return _BASES


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _leaves(v, (*path, i))
    return out


_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 70),
    st.sampled_from(sorted(set(PACK.cards))),
    st.sampled_from(["play1", "declare", "draw", "play2", "over", "blanche", "S", "bezique", "sequence"]),
    st.lists(st.sampled_from(sorted(set(PACK.cards))), max_size=9),
    st.just([]),
    st.just({}),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, 2), picks=st.lists(st.tuples(st.integers(0, 10**6), _JUNK), min_size=1, max_size=3)
)
def test_a_tampered_save_is_refused_or_plays_on_soundly(which: int, picks: list[tuple[int, Any]]) -> None:
    text = _bases()[which]
    game = make(**json.loads(text)["options"])
    saved = json.loads(text)
    for index, junk in picks:
        paths = [p for p in _leaves(saved["state"]) if p]
        *parent, last = paths[index % len(paths)]
        node = saved["state"]
        for key in parent:
            node = node[key]
        node[last] = junk
    try:
        state = game.load(json.dumps(saved))
    except InvalidSave as exc:
        assert len(str(exc)) < 400
        return
    assert isinstance(state, BeziqueState)
    rng = Rng(7)
    for _ in range(400):
        if state.is_over:
            break
        assert state.inventory() == PACK.counts()
        state.check_invariants()
        for seat in (None, 0, 1):
            json.dumps(state.view(seat).to_dict())
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"table_laws": True, "carte_blanche": True, "last_trick": "both"},
        {"melds_per_trick": "several", "played_seven_scores": False, "last_trick": "final"},
        {"alt_bezique": True, "fours_one_per_suit": True, "seven_counts_as_meld": True, "table_laws": True},
    ],
)
def test_every_reachable_state_passes_the_invariants(options: dict[str, Any]) -> None:
    """Whole matches, random against heuristic: the invariants hold after every action, and saves load."""
    game = make(target=300, **options)
    for seed, kinds in ((1, ["random", "heuristic"]), (2, ["random", "random"])):
        s = game.new(seed=seed)
        players = [make_player(k, game, i) for i, k in enumerate(kinds)]
        n = 0
        while not s.is_over:
            seat = s.current_player
            assert seat is not None
            s.apply(players[seat].choose(s.view(seat), game))
            s.check_invariants()
            n += 1
            if n % 25 == 0:
                assert game.load(s.to_json()).view(None) == s.view(None)
        game.load(s.to_json())


# --- saves written before the typed state ------------------------------------------------------------

MAIN_SAVES = Path(__file__).parent / "golden" / "bezique-main-saves.jsonl"
"""Saves written by the main branch before issue 11 (the state a dict, the phases spelled ``play1``,
``play2``, ``blanche``), each with what that code did next from it: 40 random legal actions, a hash of
every list of legal actions met on the way and of the log at the end."""


def _main_saves() -> list[dict[str, Any]]:
    return [json.loads(line) for line in MAIN_SAVES.read_text().splitlines() if line.strip()]


def _without_empty_table_law_records(text: str) -> str:
    """The save as the code before the table-law draws wrote it: no records of the draws (they were
    empty whenever such a save was made)."""
    saved = json.loads(text)
    empty: list[Any] = [[], False, [0, 0], [{}, {}]]
    for key in TABLE_LAW_KEYS:
        if key in saved["state"] and saved["state"][key] in empty:
            del saved["state"][key]
    return json.dumps(saved)


_CASES = [(e, False) for e in _main_saves()]
_CASES += [(e, True) for e, _ in _CASES if e["options"]["table_laws"]]


@pytest.mark.parametrize(
    ("entry", "older"), _CASES, ids=[f"{e['name']}{' (older)' if o else ''}" for e, o in _CASES]
)
def test_a_save_written_before_the_typed_state_loads_and_plays_on_the_same(
    entry: dict[str, Any], older: bool
) -> None:
    game = make(**Bezique.options_as_saved(entry["options"]))  # winner: its legacy value
    text = _without_empty_table_law_records(entry["save"]) if older else entry["save"]
    if older:
        assert set(json.loads(text)["state"]) < set(json.loads(entry["save"])["state"])
    state = game.load(text)
    state.check_invariants()
    assert json.loads(entry["save"])["state"]["phase"] in (
        "blanche",
        "play1",
        "declare",
        "draw",
        "play2",
        "over",
    )
    legal = hashlib.sha256()
    rng = random.Random(1)
    moves = []
    for _ in range(40):
        if state.is_over:
            break
        acts = state.legal_actions()
        legal.update(("|".join(acts) + "\n").encode())
        move = acts[rng.randrange(len(acts))]
        moves.append(move)
        state.apply(move)
    assert moves == entry["moves"]
    assert legal.hexdigest() == entry["legal_sha"]
    # the log as that code wrote it: without the private events that tell a player the talon cards he
    # draws, which the rules log since (all else is as it was)
    log = json.dumps([e.to_dict() for e in state.log if not told_a_draw(e)], sort_keys=True)
    assert hashlib.sha256(log.encode()).hexdigest() == entry["log_sha"]
    assert state.scores == entry["scores_after"]
    # Saved again, it is written in the phase names of today, and loads to the same match.
    again = game.load(state.to_json())
    assert again.to_json() == state.to_json() and again.phase in set(Phase)


def test_saves_written_before_the_typed_state_replay_from_their_record() -> None:
    """The seeded matches among them replay from the seed through today's rules to the very log saved."""
    replayed = 0
    for entry in _main_saves():
        saved = json.loads(entry["save"])
        if not any(e["kind"] == "cut" for e in saved["log"]):
            continue  # dealt explicitly: the record needs its deal
        game = make(**Bezique.options_as_saved(entry["options"]))  # winner: its legacy value
        state = game.replay(entry["save"])
        assert [e.to_dict() for e in state.log] == saved["log"]
        assert state._data() == game.load(entry["save"])._data()
        assert json.loads(state.to_json())["state"]["phase"] in {p.value for p in Phase}
        replayed += 1
    assert replayed >= 4
