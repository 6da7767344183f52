"""The game-independent engine: registry, options, RNG, saves, clones, seeds and the Wilson interval."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import (
    Event,
    GameInfo,
    IllegalAction,
    InvalidOption,
    InvalidSave,
    Option,
    ParlourError,
    UnknownGame,
)
from parlour.cards import get_pack
from parlour.engine import Rng, State, derive_seed, fresh_seed
from parlour.engine.errors import MalformedAction
from parlour.engine.game import RECORD
from parlour.engine.options import resolve_options
from parlour.engine.registry import BrokenGame
from parlour.games.bishops_whist.rules import BishopsWhist
from parlour.players import make_player
from parlour.sim import wilson
from tests.plugins import installed

GAME = "bishops-whist"


def advance(state: State, steps: int, seed: int = 0) -> State:
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


# --- the registry ----------------------------------------------------------------------------------


def test_list_games_gives_metadata_for_every_game() -> None:
    infos = parlour.list_games()
    names = [i.name for i in infos]
    assert GAME in names and names == sorted(names) and len(set(names)) == len(names)
    for info in infos:
        assert isinstance(info, GameInfo)
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", info.name), info.name
        assert info.title and info.summary
        assert 2 <= info.min_players <= info.max_players <= 10
        get_pack(info.pack)  # every game names a real pack
        d = info.to_dict()
        json.dumps(d)
        assert d["name"] == info.name and d["players"] == info.players
        for opt in d["options"]:
            assert {"name", "type", "default", "choices", "minimum", "maximum", "description"} <= set(opt)
    bw = next(i for i in infos if i.name == GAME)
    assert bw.players == 4 and bw.pack == "bishops52" and bw.title == "Bishops Whist"
    assert {o.name for o in bw.options} >= {"laws", "partners", "irregular_trick", "void_knight", "tie"}


def test_game_info_players_is_a_number_or_a_range() -> None:
    assert GameInfo("x", "X", 4, 4, "french52", "s", ()).players == 4
    ranged = GameInfo("x", "X", 2, 10, "french52", "s", ())
    assert ranged.players == (2, 10) and ranged.to_dict()["players"] == (2, 10)


def test_make_with_options() -> None:
    game = parlour.make(GAME, laws="table", tie="draw")
    assert game.options["laws"] == "table" and game.options["tie"] == "draw"
    assert game.options["partners"] == "fixed"  # defaults filled in
    assert parlour.make(GAME).options["laws"] == "strict"
    assert game.num_players == 4
    assert "laws='table'" in repr(game)
    with pytest.raises(TypeError):
        game.options["laws"] = "strict"  # type: ignore[index]


def test_make_unknown_game_names_the_games() -> None:
    with pytest.raises(ValueError, match="bishops-whist") as info:
        parlour.make("bishop-whist")
    assert isinstance(info.value, UnknownGame) and isinstance(info.value, ParlourError)
    assert "bishop-whist" in str(info.value)


def test_make_unknown_option_names_the_options() -> None:
    with pytest.raises(ValueError, match="colour") as info:
        parlour.make(GAME, colour="red")
    assert isinstance(info.value, InvalidOption)
    for name in ("laws", "partners", "tie", "void_knight"):
        assert name in str(info.value)


@pytest.mark.parametrize(
    ("options", "valid"),
    [
        ({"laws": "lax"}, "'strict', 'table'"),
        ({"irregular_trick": "winner"}, "'first-suit', 'leader'"),
        ({"misdeal_chance": 0.9}, "<= 0.5"),
        ({"misdeal_chance": -0.1}, ">= 0"),
        ({"misdeal_chance": "often"}, "a number"),
        ({"misdeal_chance": float("nan")}, "a number >= 0 and <= 0.5"),
        ({"misdeal_chance": "nan"}, "a number >= 0 and <= 0.5"),
        ({"misdeal_chance": float("inf")}, "a number >= 0 and <= 0.5"),
        ({"hand_limit": -1}, ">= 1"),
        ({"hand_limit": 2.5}, "a whole number"),
        ({"hand_limit": True}, "a whole number"),
        ({"hand_limit": "²"}, "a whole number"),
        ({"hand_limit": "9" * 5000}, "a whole number"),
        ({"hand_limit": 10**20}, "<= 1,000"),
        ({"hand_limit": "9" * 30}, "<= 1,000"),
        ({"laws": 3}, "'strict', 'table'"),
    ],
)
def test_make_bad_value_names_what_is_valid(options: dict[str, Any], valid: str) -> None:
    with pytest.raises(ValueError, match=re.escape(valid)) as info:
        parlour.make(GAME, **options)
    assert isinstance(info.value, InvalidOption)
    assert next(iter(options)) in str(info.value)
    assert len(str(info.value)) < 200  # a huge value is not repeated whole


def test_option_values_given_as_text_are_converted() -> None:
    game = parlour.make(GAME, misdeal_chance="0.25", hand_limit="12")
    assert game.options["misdeal_chance"] == 0.25 and isinstance(game.options["misdeal_chance"], float)
    assert game.options["hand_limit"] == 12 and isinstance(game.options["hand_limit"], int)
    assert parlour.make(GAME, misdeal_chance=0).options["misdeal_chance"] == 0.0


def test_games_are_found_through_entry_points_only() -> None:
    """The engine imports no game: all six come from the ``parlour.games`` entry-point group."""
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group="parlour.games")}
    assert {i.name for i in parlour.list_games()} == names >= {GAME, "bezique", "roquet"}
    engine = Path(parlour.engine.__file__).parent
    for module in engine.glob("*.py"):
        assert not re.search(r"(from|import) parlour\.games", module.read_text()), (
            f"{module.name} imports a game"
        )


def test_a_broken_or_clashing_plug_in_is_reported_not_silently_dropped(tmp_path: Path) -> None:
    with installed(tmp_path, {"no-such-game": "no_such_module:MANIFEST", GAME: "no_such_module:OTHER"}):
        with pytest.warns(BrokenGame) as caught:
            names = [i.name for i in parlour.list_games()]
        said = " ".join(str(w.message) for w in caught)
        assert "no-such-game" in said and f"two packages provide the game {GAME!r}" in said
        assert "no-such-game" not in names and GAME in names
        assert parlour.game_class(GAME) is BishopsWhist  # the installed game is not displaced
        with pytest.raises(ModuleNotFoundError):
            parlour.game_class("no-such-game")


# --- options -----------------------------------------------------------------------------------------


def test_int_option() -> None:
    opt = Option("target", 25, "points to win", minimum=1, maximum=100)
    assert opt.convert("40") == 40 and opt.convert(7) == 7
    assert opt.type_name == "int" and opt.allowed() == "a whole number >= 1 and <= 100"
    for bad in ("forty", "4.5", 0, 101, True, 4.0, None):
        with pytest.raises(InvalidOption, match="target"):
            opt.convert(bad)


def test_float_option() -> None:
    opt = Option("p", 0.5, "a chance", minimum=0.0, maximum=1.0)
    assert opt.convert("0.125") == 0.125
    assert opt.convert(1) == 1.0 and isinstance(opt.convert(1), float)
    for bad in ("half", 1.5, -0.01, False):
        with pytest.raises(InvalidOption):
            opt.convert(bad)


BOOL_TEXTS = [(t, True) for t in ("true", "Yes", "on", "1")] + [
    (t, False) for t in ("false", "NO", "off", "0")
]


@pytest.mark.parametrize(("text", "value"), BOOL_TEXTS)
def test_bool_option_from_text(text: str, value: bool) -> None:
    opt = Option("flag", False, "a switch")
    assert opt.convert(text) is value
    assert opt.allowed() == "true or false"
    # declared with its two choices (Apology's bury_oudlers), it is still said the same way
    assert Option("flag", True, "a switch", choices=(True, False)).allowed() == "true or false"


def test_bool_option_refuses_other_values() -> None:
    opt = Option("flag", False, "a switch")
    for bad in ("maybe", 1, 0, None):
        with pytest.raises(InvalidOption, match="true or false"):
            opt.convert(bad)


def test_choice_option() -> None:
    opt = Option("laws", "strict", "which laws", ("strict", "table"))
    assert opt.convert("table") == "table"
    assert opt.allowed() == "one of 'strict', 'table'"
    with pytest.raises(InvalidOption, match="one of 'strict', 'table'"):
        opt.convert("Table")
    d = opt.to_dict()
    assert d == {
        "name": "laws",
        "type": "str",
        "default": "strict",
        "choices": ["strict", "table"],
        "minimum": None,
        "maximum": None,
        "description": "which laws",
    }


def test_resolve_options() -> None:
    declared = (Option("a", 1, "x"), Option("b", "u", "y", ("u", "v")))
    assert resolve_options(declared, {}, "g") == {"a": 1, "b": "u"}
    assert resolve_options(declared, {"a": "3", "b": "v"}, "g") == {"a": 3, "b": "v"}
    with pytest.raises(InvalidOption, match="g has no option c, d; its options are: a, b"):
        resolve_options(declared, {"c": 1, "d": 2}, "g")
    with pytest.raises(InvalidOption, match="options are: none"):
        resolve_options((), {"c": 1}, "g")


@settings(max_examples=50, deadline=None)
@given(st.integers(-(10**12), 10**12))
def test_int_option_text_round_trip(n: int) -> None:
    if abs(n) > 10**9:
        with pytest.raises(InvalidOption, match="1,000,000,000"):
            Option("n", 0, "any int").convert(n)
        return
    opt = Option("n", 0, "any int")
    assert opt.convert(str(n)) == n == opt.convert(n)


# --- the RNG and seeds -----------------------------------------------------------------------------


def test_rng_is_determined_by_its_seed() -> None:
    a, b = Rng(2026), Rng(2026)
    assert [a.randrange(1000) for _ in range(20)] == [b.randrange(1000) for _ in range(20)]
    xs, ys = list(range(52)), list(range(52))
    a.shuffle(xs)
    b.shuffle(ys)
    assert xs == ys and sorted(xs) == list(range(52))
    assert a.choice("abcdef") == b.choice("abcdef") and a.random() == b.random()
    assert [Rng(1).randrange(10**9) for _ in range(3)] != [Rng(2).randrange(10**9) for _ in range(3)]
    r = Rng(3)
    assert all(0 <= r.random() < 1 for _ in range(100))


def test_rng_known_values_are_stable_across_runs() -> None:
    """The Mersenne Twister core gives the same numbers on every machine and Python version."""
    r = Rng(12345)
    assert [r.randrange(100) for _ in range(8)] == [53, 93, 1, 38, 47, 24, 34, 72]
    r = Rng(12345)
    items = list(range(10))
    r.shuffle(items)
    assert items == [8, 7, 3, 5, 1, 2, 9, 4, 0, 6]


def test_rng_state_round_trips_through_json() -> None:
    r = Rng(77)
    for _ in range(10):
        r.randrange(5)
    saved = json.loads(json.dumps(r.get_state()))
    ahead = [r.randrange(10**6) for _ in range(10)]
    other = Rng(0)
    other.set_state(saved)
    assert [other.randrange(10**6) for _ in range(10)] == ahead


def test_rng_copy_is_independent() -> None:
    r = Rng(5)
    c = r.copy()
    first = [c.randrange(10**6) for _ in range(5)]
    assert [r.randrange(10**6) for _ in range(5)] == first  # the copy did not move the original


def test_rng_copies_share_nothing_they_draw_from() -> None:
    """Copies share one generator until they draw (copy on write): every order of drawing from the
    original, its copies and their copies gives each source the sequence it had when copied."""
    reference = Rng(9)
    sequence = [reference.randrange(10**6) for _ in range(12)]
    r = Rng(9)
    a = r.copy()
    b = a.copy()
    assert [r.randrange(10**6) for _ in range(3)] == sequence[:3]
    c = r.copy()  # copied after three draws
    assert [b.randrange(10**6) for _ in range(6)] == sequence[:6]
    assert [a.randrange(10**6) for _ in range(2)] == sequence[:2]
    assert [c.randrange(10**6) for _ in range(4)] == sequence[3:7]
    assert [r.randrange(10**6) for _ in range(4)] == sequence[3:7]
    deck = list(range(20))
    d, e = Rng(9).copy(), Rng(9)
    d.shuffle(deck)
    other = list(range(20))
    e.shuffle(other)
    assert deck == other
    assert b.copy().get_state() == b.get_state()  # reading the state draws nothing
    restored = Rng(1)
    shared = restored.copy()
    restored.set_state(Rng(9).get_state())
    assert [restored.randrange(10**6) for _ in range(2)] == sequence[:2]
    assert [shared.randrange(10**6) for _ in range(1)] == [Rng(1).randrange(10**6)]


def test_derive_seed_is_stable_and_depends_on_the_path() -> None:
    assert derive_seed(1, "a", 2) == 8083581452765395561  # fixed forever: simulations rely on it
    assert derive_seed(42) == 1627273264451228945
    assert derive_seed(42, 0) == 3714959984187524227
    seeds = {derive_seed(7, "player", i) for i in range(100)}
    assert len(seeds) == 100 and all(0 <= s < 2**63 for s in seeds)
    assert derive_seed(7, "player", 1) != derive_seed(8, "player", 1)


def test_fresh_seed() -> None:
    seeds = {fresh_seed() for _ in range(20)}
    assert len(seeds) > 1 and all(0 <= s < 2**63 for s in seeds)
    state = parlour.make(GAME).new(seed=fresh_seed())  # a drawn seed replays the match
    assert isinstance(state.seed, int)
    assert parlour.make(GAME).new(seed=state.seed).to_json() == state.to_json()


def test_live_play_has_no_seed_and_saves_no_future() -> None:
    """Without a seed every shuffle comes from the OS's CSPRNG: the save holds no seed and no RNG state."""
    game = parlour.make(GAME)
    state = game.new()
    assert state.seed is None and state.rng.live
    saved = json.loads(state.to_json())
    assert saved["seed"] is None and saved["rng"] == "system"
    deals = {json.dumps(json.loads(game.new().to_json())["state"]) for _ in range(10)}
    assert len(deals) == 10  # ten live deals, all different
    loaded = game.load(state.to_json())
    assert loaded.rng.live and loaded.view(0) == state.view(0)
    twin = loaded.clone()
    assert twin.rng.live and twin.view(0) == state.view(0)


# --- states: apply, saves, clones ------------------------------------------------------------------


def test_same_seed_same_match() -> None:
    game = parlour.make(GAME)
    a, b = advance(game.new(seed=9), 200, 1), advance(game.new(seed=9), 200, 1)
    assert a.to_json() == b.to_json()
    assert game.new(seed=9).to_json() != game.new(seed=10).to_json()


def test_normalize_and_refusal() -> None:
    state = parlour.make(GAME).new(seed=4)
    assert state.normalize("  PLAY   9h ") == "play 9H"
    assert state.normalize("") == ""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply("dance")
    assert info.value.action == "dance" and info.value.reason and "dance" in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(MalformedAction, match="text"):
        state.apply(None)
    with pytest.raises(MalformedAction, match="not a card"):
        state.apply("play 9X")
    assert state.to_json() == before


def test_typed_actions_are_normalized() -> None:
    state = parlour.make(GAME).new(seed=4)
    action = state.legal_actions()[0]
    keyword, _, arg = action.partition(" ")
    state.apply(f"  {keyword.upper()}   {arg.lower()}  ")
    other = parlour.make(GAME).new(seed=4)
    other.apply(action)
    assert state.to_json() == other.to_json()


@pytest.mark.parametrize("options", [{}, {"laws": "table", "misdeal_chance": 0.3}, {"partners": "cut"}])
def test_to_json_and_load_round_trip_at_every_step(options: dict[str, Any]) -> None:
    game = parlour.make(GAME, **options)
    state = game.new(seed=21)
    rng = Rng(21)
    for _ in range(120):
        text = state.to_json()
        loaded = game.load(text)
        assert loaded.to_json() == text
        assert loaded.view(None) == state.view(None) and loaded.legal_actions() == state.legal_actions()
        assert json.dumps([e.to_dict() for e in loaded.log]) == json.dumps([e.to_dict() for e in state.log])
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        loaded.apply(action)
        assert loaded.to_json() == state.to_json()  # a loaded state goes on identically, RNG included


@pytest.mark.parametrize("name", [info.name for info in parlour.list_games()])
@pytest.mark.parametrize("text", ["", "not json", "[]", "{}", '{"format": "parlour-state"}'])
def test_every_game_refuses_what_is_no_save(name: str, text: str) -> None:
    """Text that is no save at all is refused before any game reads it (the seed audits tried these
    on each game)."""
    with pytest.raises(InvalidSave):
        parlour.make(name).load(text)


def test_load_refuses_what_is_not_a_save() -> None:
    game = parlour.make(GAME)
    good = json.loads(game.new(seed=1).to_json())
    bad_texts = [
        ("{not json", "not JSON"),
        ("[1, 2]", "not a saved parlour state"),
        (json.dumps({**good, "format": "other"}), "not a saved parlour state"),
        (json.dumps({**good, "game": "roquet"}), "roquet"),
        (json.dumps({**good, "options": {**good["options"], "laws": "table"}}), "options"),
    ]
    for text, reason in bad_texts:
        with pytest.raises(InvalidSave, match=reason):
            game.load(text)
    with pytest.raises(InvalidSave):
        game.load(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidSave, match="options"):
        parlour.make(GAME, laws="table").load(json.dumps(good))
    assert issubclass(InvalidSave, ValueError)


def test_clone_is_independent() -> None:
    state = advance(parlour.make(GAME).new(seed=13), 30)
    before = state.to_json()
    clone = state.clone()
    assert clone.to_json() == before and clone is not state and clone.game is state.game
    advance(clone, 40, 2)
    assert state.to_json() == before  # the original did not move
    assert state.log is not clone.log and len(clone.log) > len(state.log)
    again = state.clone()
    advance(again, 40, 2)
    assert again.to_json() == clone.to_json()  # same RNG state: the clone goes on as the original would


def test_views_and_events() -> None:
    state = advance(parlour.make(GAME).new(seed=3), 2)
    with pytest.raises(ValueError, match="seat"):
        state.view(4)
    for seat in (None, 0, 1, 2, 3):
        v = state.view(seat)
        json.dumps(v.to_dict())
        assert v.game == GAME and v.seat == seat and v.players == 4 and v.to_move == state.current_player
        assert v.outcome is None and v.scores == state.scores and v.teams == tuple(map(tuple, state.teams))
        if seat != state.current_player:
            assert v.legal_actions == []
        assert all(e.visible_to(seat) for e in state.events(seat))
    assert state.view(state.current_player).legal_actions == state.legal_actions()
    private = [e for e in state.log if e.to is not None and e.to != RECORD]
    assert private and all(e not in state.events(None) for e in private)
    assert all((e in state.events(e.to)) for e in private)
    record = [e for e in state.log if e.to == RECORD]
    assert record and all(e.kind in ("action", "chance") for e in record)
    for seat in (None, 0, 1, 2, 3):
        assert not any(e in state.events(seat) for e in record)  # the record is nobody's to see


def test_event_round_trip() -> None:
    e = Event("play", {"seat": 1, "card": "9H"})
    assert e.to_dict() == {"kind": "play", "data": {"seat": 1, "card": "9H"}}
    assert Event.from_dict(e.to_dict()) == e
    p = Event("hand", {"cards": ["N"]}, to=2)
    assert p.to_dict()["to"] == 2 and Event.from_dict(p.to_dict()) == p
    assert p.visible_to(2) and not p.visible_to(1) and not p.visible_to(None)
    assert e.visible_to(None) and e.visible_to(3)


def test_rules_text_exists() -> None:
    text = parlour.game_class(GAME).rules_text()
    assert "Bishops Whist" in text and "knight" in text.lower()


# --- the Wilson interval ------------------------------------------------------------------------------


def test_wilson_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.403830, abs=1e-6) and hi == pytest.approx(0.596170, abs=1e-6)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.277540, abs=1e-6)
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.722460, abs=1e-6) and hi == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(7, 20)
    assert lo == pytest.approx(0.181190, abs=1e-6) and hi == pytest.approx(0.567149, abs=1e-6)
    assert wilson(0.5 * 40, 40)[0] < 0.5 < wilson(20, 40)[1]  # half wins may be counted for draws


@pytest.mark.parametrize("n", [6, 11, 21, 22])
def test_wilson_reaches_0_and_1_exactly_at_the_ends(n: int) -> None:
    assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 10_000), data=st.data())
def test_wilson_contains_the_proportion_and_narrows(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n + 1e-12 and k / n - 1e-12 <= hi <= 1.0
    lo4, hi4 = wilson(4 * k, 4 * n)
    assert hi4 - lo4 <= hi - lo + 1e-12
    mirror = wilson(n - k, n)
    assert mirror[0] == pytest.approx(1 - hi, abs=1e-9) and mirror[1] == pytest.approx(1 - lo, abs=1e-9)


@pytest.mark.parametrize("name", [info.name for info in parlour.list_games()])
def test_legal_actions_is_a_fresh_list_each_time(name: str) -> None:
    """The base State keeps one legal list per position; callers get copies they may change."""
    game = parlour.make(name)
    state = game.new(seed=3)
    player = make_player("random", game, 3)
    while not state.legal_actions():  # a position where a range of amounts is all there is
        seat = state.current_player
        assert seat is not None
        state.apply(player.choose(state.view(seat), game))
    first = state.legal_actions()
    first.clear()
    assert state.legal_actions() and state.legal_actions() is not state.legal_actions()
    action = state.legal_actions()[0]
    state.apply(action)
    twin = parlour.make(name).load(state.to_json())
    assert state.legal_actions() == twin.legal_actions()


@pytest.mark.parametrize("name", [info.name for info in parlour.list_games()])
def test_bad_seeds_and_deals_are_clear_value_errors(name: str) -> None:
    """Issue 10: new(seed=1.5) played seed 1; 'abc', [] and malformed deals raised TypeError and the like."""
    game = parlour.make(name)
    seeds: list[object] = [1.5, "abc", [], -1, 2**63, True, float("nan")]
    for seed in seeds:
        with pytest.raises(ValueError, match="seed"):
            game.new(seed=seed)  # type: ignore[arg-type]
    for deal in ("abc", 7, [], [1, 2], {"no such key": 1}, {"hands": None}, {"dealer": None}):
        with pytest.raises(ValueError) as info:
            game.new(seed=1, deal=deal)  # type: ignore[arg-type]
        assert str(info.value) and len(str(info.value)) < 500


@pytest.mark.parametrize("name", [info.name for info in parlour.list_games()])
def test_a_huge_action_is_refused_with_a_short_message(name: str) -> None:
    state = parlour.make(name).new(seed=2)
    for text in ("play " + "Q" * 1_000_000, "x" * 150, "bet " + "9" * 5000):
        with pytest.raises(IllegalAction) as info:
            state.apply(text)
        assert len(str(info.value)) < 400


@pytest.mark.parametrize("name", [info.name for info in parlour.list_games()])
def test_a_seat_that_is_no_whole_number_is_refused(name: str) -> None:
    """``apply(seat=True)`` and ``seat=1.0`` were taken as seat 1, since Python counts them equal to it:
    a front end that sends either has a fault, so they are refused with their reason, nothing changed."""
    state = parlour.make(name).new(seed=4)
    seat = state.current_player
    assert seat is not None
    legal = state.legal_actions()
    if legal:
        action = legal[0]
    else:  # a range of amounts is all there is
        amounts = state.legal_ranges()[0]
        action = f"{amounts.verb} {amounts.low}"
    before = state.to_json()
    for bad in (bool(seat), float(seat), float("nan")):
        with pytest.raises(IllegalAction, match="seats are whole numbers"):
            state.apply(action, seat=bad)
        assert state.to_json() == before
    state.apply(action, seat=seat)
    assert state.to_json() != before
