"""Saves written before an option existed (issue 11, part 2), and saves of this format kept for good.

A save lacks an option that a later parlour added: the option means its ``legacy`` value, the play of
the parlour that wrote the save (the declared default, unless adding the option changed the rules).
Each game's real save, played with every option at that value, loads with any one option deleted and
goes on exactly as the whole save does. A save naming an option the game lacks is refused.
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.engine import Game, InvalidOption, InvalidSave, Option, Rng, State
from parlour.engine.game import SAVE_VERSION
from tests.conformance import random_moves

GAMES = [info.name for info in parlour.list_games()]
OPTIONS = [(name, o.name) for name in GAMES for o in parlour.game_class(name).option_specs]
GOLDEN = Path(__file__).parent / "golden" / "saves-v1.jsonl"


def legacy_game(name: str) -> Game[Any]:
    """The game with every option as a save older than the option means it."""
    return parlour.make(name, **{o.name: o.legacy_value for o in parlour.game_class(name).option_specs})


@cache
def mid_match(name: str) -> str:
    """A save of a seeded match of the legacy game, 60 moves in (or halfway, if it ends sooner)."""
    game = legacy_game(name)
    state = game.new(seed=4)
    saves: list[str] = [state.to_json()]
    while not state.is_over and len(saves) <= 60:
        random_moves(state, game, 1, seed=len(saves))
        saves.append(state.to_json())
    text = saves[min(60, (len(saves) - 1) // 2)]
    assert not game.load(text).is_over
    return text


def without(text: str, *names: str) -> str:
    data = json.loads(text)
    for name in names:
        del data["options"][name]
    return json.dumps(data)


def goes_on(state: State, seed: int, steps: int = 6) -> list[str]:
    """Legal actions and saves (options left out) along a few random moves."""
    rng = Rng(seed)
    seen = []
    for _ in range(steps):
        seen.append(json.dumps([state.legal_actions(), [str(r) for r in state.legal_ranges()]]))
        data = json.loads(state.to_json())
        del data["options"]
        seen.append(json.dumps(data))
        if state.is_over:
            break
        legal = state.legal_actions()
        if legal:
            state.apply(rng.choice(legal))
        else:
            r = state.legal_ranges()[0]
            state.apply(f"{r.verb} {r.low}")
    return seen


@pytest.mark.parametrize(("name", "option"), OPTIONS, ids=[f"{g}-{o}" for g, o in OPTIONS])
def test_a_save_older_than_an_option_loads_and_goes_on_as_the_whole_save(name: str, option: str) -> None:
    game, text = legacy_game(name), mid_match(name)
    older = without(text, option)
    assert type(game).options_of_save(older) == dict(game.options)
    loaded, whole = game.load(older), game.load(text)
    assert loaded.to_json() == text, "re-saved, an older save holds every option"
    assert goes_on(loaded, seed=9) == goes_on(whole, seed=9)


@pytest.mark.parametrize("name", GAMES)
def test_a_save_older_than_every_option_loads(name: str) -> None:
    game, text = legacy_game(name), mid_match(name)
    older = without(text, *(o.name for o in game.option_specs))
    assert json.loads(older)["options"] == {}
    assert game.load(older).to_json() == text


@pytest.mark.parametrize("name", GAMES)
def test_a_save_with_an_option_the_game_lacks_is_refused_naming_it(name: str) -> None:
    game, text = legacy_game(name), mid_match(name)
    data = json.loads(text)
    data["options"]["house_rule"] = True
    newer = json.dumps(data)
    with pytest.raises(InvalidSave, match=r"options: .* has no option 'house_rule'"):
        game.load(newer)
    with pytest.raises(InvalidSave, match="house_rule"):
        type(game).options_of_save(newer)


def test_a_bezique_save_older_than_played_seven_scores_was_played_without_the_ten() -> None:
    """Ruling BZ-5 added the option with the 10 on; a save from before it was played without."""
    bezique = parlour.game_class("bezique")
    assert {o.name: o.legacy_value for o in bezique.option_specs}["played_seven_scores"] is False
    state = parlour.make("bezique").new(seed=4)
    random_moves(state, state.game, 30, seed=4)
    older = without(state.to_json(), "played_seven_scores")
    with pytest.raises(
        InvalidSave, match=r"older than the option played_seven_scores.*played_seven_scores=False"
    ):
        parlour.make("bezique").load(older)
    options = bezique.options_of_save(older)
    assert options["played_seven_scores"] is False
    legacy = mid_match("bezique")  # also older than the options winner (ruling BZ-19): 'higher',
    older_too = {"winner": "higher", "shown_together": "any"}  # and shown_together (BZ-8): 'any'
    assert bezique.options_of_save(legacy) == options | older_too
    loaded = parlour.make("bezique", **options | older_too).load(legacy)
    assert loaded.game.options["played_seven_scores"] is False


def test_the_options_a_save_was_played_by_are_read_from_it() -> None:
    game = parlour.make("bishops-whist", laws="table", hand_limit=3)
    text = game.new(seed=2).to_json()
    assert type(game).options_of_save(text) == dict(game.options)
    for bad in ("", "[]", '{"format": "parlour-state"}', text.replace('"bishops-whist"', '"roquet"', 1)):
        with pytest.raises(InvalidSave):
            type(game).options_of_save(bad)


def test_an_option_s_legacy_value_is_one_it_allows() -> None:
    assert Option("target", 25, "points to win").legacy_value == 25
    assert Option("seven", True, "a seven scores", legacy=False).legacy_value is False
    with pytest.raises(InvalidOption):
        Option("seven", True, "a seven scores", legacy="no")
    with pytest.raises(InvalidOption):
        Option("n", 2, "a count", minimum=1, legacy=0)
    with pytest.raises(InvalidOption):
        Option("laws", "strict", "which laws", ("strict", "table"), legacy="other")


# --- saves of format version 1, kept ------------------------------------------------------------------


def test_the_save_format_is_still_version_1() -> None:
    """Issue 11 changed no field of the format (an option a save lacks is read by rule, not migrated):
    a change that needs a migration raises ``SAVE_VERSION`` and migrates the saves kept below."""
    assert SAVE_VERSION == 1


KEPT = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines() if line.strip()]
"""A version-1 save of each game written at issue 11, never to be rewritten, with what it did next: 40
random legal moves (``random.Random(1)`` over the legal actions, and each range's two ends) and a hash
of every list of them met on the way. Every later parlour must load these (migrating them if the
format changes) and play on the same."""


def test_a_version_1_save_is_kept_for_every_game() -> None:
    assert sorted(e["name"] for e in KEPT) == sorted(GAMES)


@pytest.mark.parametrize("entry", KEPT, ids=[e["name"] for e in KEPT])
def test_a_kept_version_1_save_loads_and_plays_on_the_same(entry: dict[str, Any]) -> None:
    text = entry["save"]
    assert json.loads(text)["version"] == 1
    game = parlour.make(entry["name"], **parlour.game_class(entry["name"]).options_of_save(text))
    state = game.load(text)
    state.check_invariants()
    legal = hashlib.sha256()
    rng = random.Random(1)
    moves = []
    for _ in range(40):
        if state.is_over:
            break
        acts = state.legal_actions() + [
            f"{r.verb} {n}" for r in state.legal_ranges() for n in (r.low, r.high)
        ]
        legal.update(("|".join(acts) + "\n").encode())
        moves.append(acts[rng.randrange(len(acts))])
        state.apply(moves[-1])
        state.check_invariants()
    assert moves == entry["moves"]
    assert legal.hexdigest() == entry["legal_sha"]
