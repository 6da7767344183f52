"""The compiled build (mypyc, ``parlour.build_compiled``) plays exactly the matches the pure package plays.

The build is made (or a current one found) in ``build/compiled-test`` at the top of the checkout, or
where ``PARLOUR_COMPILED_DIR`` says, at mypyc's optimisation level 0 (``TEST_OPT_LEVEL``); seeded random
matches are then played in a Python that imports the compiled copy and in this one, and their saves (the
whole log, every field) must be equal. Without a C compiler or mypyc the test is skipped saying which is
missing, except under ``CI=true``, where it must build and run.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour import build_compiled
from parlour.games.bishops_whist import rules, schema

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.timeout(1200)
"""The first test here waits for the build (mypyc and a C compiler over every compiled module: some three
minutes of one core on the 2-core machine, six games' rules now); the suite's 600 s would leave too thin
a margin on a busy machine."""
OPTIONS: list[dict[str, Any]] = [
    {},
    {"laws": "table", "misdeal_chance": 0.1},
    {"partners": "cut", "irregular_trick": "leader", "void_knight": "revoke-only", "tie": "draw"},
    {"laws": "table", "revoking_side": "opponents-win", "hand_limit": 3},
]
SEEDS = range(3)
TEST_OPT_LEVEL = 0
"""What these tests check is that the compiled modules play what the pure ones play, which is mypyc's
translation, not the C compiler's optimisation: level 0 compiles in some 60% of level 3's CPU time (the
build is the longest part of this file, on one of CI's two workers). Its own folder, so that a build made
for play or benchmarks at level 3 (``build/compiled``) is not made again at 0, nor the other way."""


def play_matches() -> list[dict[str, Any]]:
    """Seeded random Bishops Whist matches, through the text API, the ids, ``clone`` and a save and
    load half way: what each match wrote (its save) and what it was asked on the way."""
    out: list[dict[str, Any]] = []
    for options in OPTIONS:
        game = parlour.make("bishops-whist", **options)
        for seed in SEEDS:
            rng = random.Random(seed)
            state = game.new(seed=seed)
            asked: list[Any] = []
            steps = 0
            while not state.is_over and steps < 2000:
                if steps % 3 == 0:
                    ids = state.legal_action_ids()
                    asked.append(ids)
                    state.apply_id(ids[rng.randrange(len(ids))])
                else:
                    legal = state.legal_actions()
                    asked.append(legal)
                    state.apply(legal[rng.randrange(len(legal))])
                steps += 1
                if steps % 50 == 0:  # go on with a copy: the compiled build makes it otherwise
                    state = state.clone()
                if steps % 120 == 0:
                    state = game.load(state.to_json())
                if steps % 97 == 0:
                    asked.append(state.view(state.current_player).to_dict())
            asked.append([state.scores, state.winners, state.hand_number])
            out.append({"options": options, "seed": seed, "save": state.to_json(), "asked": asked})
    return out


def compiled_dir() -> Path:
    """The compiled build, made if need be; skipped without the tools, except under ``CI=true``."""
    lacking = build_compiled.missing_tools()
    if lacking is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must test the compiled build, but {lacking}")
        pytest.skip(f"no compiled build: {lacking}")
    return build_compiled.build(compiled_out(), opt_level=TEST_OPT_LEVEL)


def compiled_out() -> Path:
    """Where the tests' build is made (``tests/conftest.py`` starts it there in the background)."""
    return Path(os.environ.get("PARLOUR_COMPILED_DIR", ROOT / "build" / "compiled-test")).resolve()


@pytest.fixture(scope="module")
def compiled() -> Path:
    return compiled_dir()


def run_compiled(out: Path, code: str) -> Any:
    env = {**os.environ, "PYTHONPATH": f"{out}{os.pathsep}{ROOT}"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=out, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_the_compiled_modules_are_the_ones_imported(compiled: Path) -> None:
    found = run_compiled(
        compiled,
        "import json, parlour, parlour.build_compiled as b; "
        "print(json.dumps([parlour.__file__, b.compiled_modules()]))",
    )
    assert found[0] == str(compiled / "parlour" / "__init__.py")
    assert found[1] == [p.removesuffix(".py").replace("/", ".") for p in build_compiled.COMPILED_MODULES]
    assert build_compiled.compiled_modules() == []  # this process runs the pure package


def test_the_games_are_listed_alike_under_the_compiled_build(compiled: Path) -> None:
    """`parlour list` failed under the compiled build (rich's NotRenderableError: a getset_descriptor):
    a compiled game class holds a descriptor where the pure one holds its pack's name."""
    theirs = run_compiled(
        compiled,
        "import json, parlour; print(json.dumps([[g.name, g.title, g.pack] for g in parlour.list_games()]))",
    )
    assert theirs == [[g.name, g.title, g.pack] for g in parlour.list_games()]
    env = {**os.environ, "PYTHONPATH": f"{compiled}{os.pathsep}{ROOT}", "COLUMNS": "200"}
    listed = subprocess.run(
        [sys.executable, "-m", "parlour", "list"],
        env=env,
        capture_output=True,
        text=True,
        cwd=compiled,
        timeout=600,
    )
    assert listed.returncode == 0, listed.stderr[-3000:]
    assert "bishops52" in listed.stdout and "roquet60" in listed.stdout, listed.stdout


def assert_same_matches(
    compiled: Path, code: str, play: Callable[[], list[dict[str, Any]]], count: int
) -> None:
    """``code`` run on the compiled build prints what ``play`` returns here: every match the same, what it
    was asked and what it saved."""
    theirs = run_compiled(compiled, code)
    mine = json.loads(json.dumps(play()))
    assert len(theirs) == len(mine) == count
    for a, b in zip(theirs, mine, strict=True):
        where = f"{a.get('game', '')} options {a.get('options')}, seed {a['seed']}"
        assert a["asked"] == b["asked"], where
        assert a["save"] == b["save"], where


def test_compiled_and_pure_play_identical_matches(compiled: Path) -> None:
    assert_same_matches(
        compiled,
        "import json; from tests.test_compiled import play_matches; print(json.dumps(play_matches()))",
        play_matches,
        len(OPTIONS) * len(SEEDS),
    )


ROQUET_OPTIONS: list[dict[str, Any]] = [
    {"target": 40},
    {"target": 30, "refill": "one", "livret_refill": True, "turn_up": "stock"},
    {"target": 30, "melds_per_trick": "one", "max_sequence": 15, "tie": "draw"},
]


def play_roquet_matches() -> list[dict[str, Any]]:
    """Seeded random Roquet matches played to their end (its rules compiled on an integer core), through
    the ids and the text, going on with a clone and a loaded save on the way, with views, worlds dealt
    from a view (``determinize``) and the heuristic's and the hand reader's choices: what each match
    wrote and what it was asked."""
    from parlour.engine import Rng
    from parlour.games.roquet.inference import HandReader
    from parlour.games.roquet.players import RoquetHeuristic
    from parlour.games.roquet.rules import RoquetGame

    out: list[dict[str, Any]] = []
    for options in ROQUET_OPTIONS:
        game = parlour.make("roquet", **options)
        assert isinstance(game, RoquetGame)
        heuristic, reader = RoquetHeuristic(1), HandReader()
        for seed in SEEDS:
            rng = random.Random(seed)
            state = game.new(seed=seed)
            asked: list[Any] = []
            steps = 0
            while not state.is_over and steps < 3000:
                seat = state.current_player
                assert seat is not None
                if steps % 3 == 0:
                    ids = state.legal_action_ids()
                    asked.append(ids)
                    state.apply_id(ids[rng.randrange(len(ids))])
                elif steps % 3 == 1:
                    legal = state.legal_actions()
                    asked.append(legal)
                    state.apply(legal[rng.randrange(len(legal))])
                else:
                    choice = heuristic.choose(state.view(seat), game)
                    asked.append(choice)
                    state.apply(choice)
                steps += 1
                if steps % 50 == 0:
                    state = state.clone()
                if steps % 120 == 0:
                    state = game.load(state.to_json())
                if steps % 37 == 0 and not state.is_over:
                    view = state.view(state.current_player)
                    asked.append(view.to_dict())
                    worlds = reader.worlds(view, game, Rng(steps), 2)
                    again = worlds[0].clone()
                    Rng(steps).shuffle(again.stock)  # as the reader re-draws a world's stock, in place
                    asked.append([w.to_json() for w in (*worlds, again)] + [list(w.stock) for w in worlds])
            asked.append([state.scores, state.winners, state.hand_number])
            out.append({"options": options, "seed": seed, "save": state.to_json(), "asked": asked})
    return out


APOLOGY_OPTIONS: list[dict[str, Any]] = [
    {"deals": 2},
    {"deals": 2, "unpaid": "lapse", "bury_oudlers": False, "oudlers": "cards"},
    {"deals": 2, "target_0": 0.0, "target_3": 0.0},
]


def play_apology_matches() -> list[dict[str, Any]]:
    """Seeded random Apology matches (its rules are compiled), through the ids and the text, going on
    with a clone and a loaded save, a determinized world of the seat to move now and then, the log read
    only at times: what each match wrote and what it was asked."""
    from parlour.engine import Rng

    out: list[dict[str, Any]] = []
    for options in APOLOGY_OPTIONS:
        game = parlour.make("apology", **options)
        for seed in range(2):
            rng, worlds = random.Random(seed), Rng(seed)
            state = game.new(seed=seed)
            asked: list[Any] = []
            steps = 0
            while not state.is_over:
                if steps % 3:
                    ids = state.legal_action_ids()
                    asked.append(ids)
                    state.apply_id(ids[rng.randrange(len(ids))])
                else:
                    legal = state.legal_actions()
                    asked.append(legal)
                    state.apply(legal[rng.randrange(len(legal))])
                steps += 1
                if steps % 23 == 0:
                    state = state.clone()
                if steps % 57 == 0:
                    state = game.load(state.to_json())
                if steps % 13 == 0 and not state.is_over:
                    seat = state.current_player
                    asked.append(state.view(seat).to_dict())
                    asked.append(game.determinize(state.view(seat), worlds).to_json())
                if steps % 31 == 0:
                    asked.append([e.to_dict() for e in state.log[-6:]])
            asked.append([state.scores, state.winners, state.hand_number])
            out.append({"options": options, "seed": seed, "save": state.to_json(), "asked": asked})
    return out


ROQUET_RULES = "parlour/games/roquet/rules.py"


def test_compiled_and_pure_play_identical_roquet_matches(compiled: Path) -> None:
    """Roquet's rules (its integer core), compiled as its manifest asks: the same matches as pure."""
    assert ROQUET_RULES in build_compiled.COMPILED_MODULES
    assert_same_matches(
        compiled,
        "import json, parlour.games.roquet.rules as r; from tests.test_compiled import play_roquet_matches; "
        "assert str(r.__file__).endswith('.so'), r.__file__; "
        "print(json.dumps(play_roquet_matches()))",
        play_roquet_matches,
        len(ROQUET_OPTIONS) * len(SEEDS),
    )


APOLOGY_RULES = "parlour/games/apology/rules.py"


def test_compiled_and_pure_apology_play_identical_matches(compiled: Path) -> None:
    """Apology's rules (its integer core), compiled as its manifest asks: the same matches as pure."""
    assert APOLOGY_RULES in build_compiled.COMPILED_MODULES
    assert_same_matches(
        compiled,
        "import json; from parlour.games.apology import rules as r; "
        "from tests.test_compiled import play_apology_matches; "
        "assert str(r.__file__).endswith('.so'), r.__file__; print(json.dumps(play_apology_matches()))",
        play_apology_matches,
        2 * len(APOLOGY_OPTIONS),
    )


BEZIQUE_OPTIONS: list[dict[str, Any]] = [
    {"target": 1000},
    {"target": 1000, "melds_per_trick": "several", "carte_blanche": True, "reuse": "greater"},
    {"target": 1000, "table_laws": True, "last_trick": "both", "alt_bezique": True},
]


def play_bezique_matches() -> list[dict[str, Any]]:
    """Seeded random Bezique matches played to their end (its rules compiled on an integer core), through
    the ids and the text, going on with a clone and a loaded save on the way, with views, worlds dealt
    from a view (``determinize``, its talon re-shuffled in place), the log read now and then, and the
    heuristic's and a small search's choices: what each match wrote and what it was asked."""
    from parlour.engine import Rng
    from parlour.games.bezique.players import HeuristicPlayer, SearchPlayer
    from parlour.games.bezique.rules import Bezique

    out: list[dict[str, Any]] = []
    for options in BEZIQUE_OPTIONS:
        game = parlour.make("bezique", **options)
        assert isinstance(game, Bezique)
        heuristic, search = HeuristicPlayer(game), SearchPlayer(game, 5, 12)
        for seed in SEEDS:
            rng, worlds = random.Random(seed), Rng(seed)
            state = game.new(seed=seed)
            asked: list[Any] = []
            steps = 0
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                if steps % 3 == 0:
                    ids = state.legal_action_ids()
                    asked.append(ids)
                    state.apply_id(ids[rng.randrange(len(ids))])
                elif steps % 3 == 1:
                    legal = state.legal_actions()
                    asked.append(legal)
                    state.apply(legal[rng.randrange(len(legal))])
                else:
                    player = search if steps % 41 == 2 else heuristic
                    choice = player.choose(state.view(seat), game)
                    asked.append(choice)
                    state.apply(choice)
                steps += 1
                if steps % 23 == 0:
                    state = state.clone()
                if steps % 57 == 0:
                    state = game.load(state.to_json())
                if steps % 13 == 0 and not state.is_over:
                    view = state.view(state.current_player)
                    asked.append(view.to_dict())
                    world = game.determinize(view, worlds)
                    again = world.clone()
                    Rng(steps).shuffle(again.stock)  # as a player re-draws a world's talon, in place
                    asked.append([world.to_json(), again.to_json(), list(again.stock)])
                if steps % 31 == 0:
                    asked.append([e.to_dict() for e in state.log[-6:]])
            asked.append([state.scores, state.winners, state.hand_number])
            out.append({"options": options, "seed": seed, "save": state.to_json(), "asked": asked})
    return out


BEZIQUE_RULES = "parlour/games/bezique/rules.py"


def test_compiled_and_pure_bezique_play_identical_matches(compiled: Path) -> None:
    """Bezique's rules (its integer core), compiled as its manifest asks: the same matches as pure."""
    assert BEZIQUE_RULES in build_compiled.COMPILED_MODULES
    assert_same_matches(
        compiled,
        "import json; from parlour.games.bezique import rules as r; "
        "from tests.test_compiled import play_bezique_matches; "
        "assert str(r.__file__).endswith('.so'), r.__file__; print(json.dumps(play_bezique_matches()))",
        play_bezique_matches,
        len(BEZIQUE_OPTIONS) * len(SEEDS),
    )


LANSQUENET_OPTIONS: list[dict[str, Any]] = [
    {"stake": 40},
    {"stake": 40, "packs": 2, "reserve": 0, "twins": True},
    {"stake": 30, "variant": "hoyle", "packs": 3},
    {"players": 6, "stake": 20, "variant": "hoyle", "length": "deals", "deals": 12},
]


def play_lansquenet_matches() -> list[dict[str, Any]]:
    """Seeded random Lansquenet sessions (its rules are compiled), through the ids and the text (amounts
    drawn from the legal ranges), going on with a clone and a loaded save, a determinized world of the
    seat to move now and then, the log read only at times: what each session wrote and what it was asked."""
    from parlour.engine import Rng

    out: list[dict[str, Any]] = []
    for options in LANSQUENET_OPTIONS:
        game = parlour.make("lansquenet", **options)
        for seed in SEEDS:
            rng, worlds = random.Random(seed), Rng(seed)
            state = game.new(seed=seed)
            asked: list[Any] = []
            steps = 0
            while not state.is_over:
                legal, ranges = state.legal_actions(), state.legal_ranges()
                k = rng.randrange(len(legal) + len(ranges))
                if k < len(legal):
                    action = legal[k]
                else:
                    r = ranges[k - len(legal)]
                    action = f"{r.verb} {rng.randint(r.low, min(r.high, r.low + 9))}"
                if steps % 3:
                    ids = state.legal_action_ids()
                    asked.append([len(ids), ids[:2], ids[-2:]])
                    state.apply_id(game.action_id(action))
                else:
                    asked.append([legal, [str(r) for r in ranges]])
                    state.apply(action)
                steps += 1
                if steps % 23 == 0:
                    state = state.clone()
                if steps % 57 == 0:
                    state = game.load(state.to_json())
                if steps % 13 == 0 and not state.is_over:
                    seat = state.current_player
                    asked.append(state.view(seat).to_dict())
                    asked.append(game.determinize(state.view(seat), worlds).to_json())
                if steps % 31 == 0:
                    asked.append([e.to_dict() for e in state.log[-6:]])
            asked.append([state.scores, state.winners, state.hand_number])
            out.append({"options": options, "seed": seed, "save": state.to_json(), "asked": asked})
    return out


LANSQUENET_RULES = "parlour/games/lansquenet/rules.py"


def test_compiled_and_pure_lansquenet_play_identical_matches(compiled: Path) -> None:
    """Lansquenet's rules (its integer core), compiled as its manifest asks: the same sessions as pure."""
    assert LANSQUENET_RULES in build_compiled.COMPILED_MODULES
    assert_same_matches(
        compiled,
        "import json; from parlour.games.lansquenet import rules as r; "
        "from tests.test_compiled import play_lansquenet_matches; "
        "assert str(r.__file__).endswith('.so'), r.__file__; print(json.dumps(play_lansquenet_matches()))",
        play_lansquenet_matches,
        len(LANSQUENET_OPTIONS) * len(SEEDS),
    )


GAMES = ["bishops-whist", "roquet", "apology", "bezique", "open-tarock", "lansquenet"]
"""Every game: the compiled build's seeded shuffle (``draws.py``) deals all of them."""
ENGINE_STEPS = 400


def play_engine_matches() -> list[dict[str, Any]]:
    """Seeded random matches of every game (up to ``ENGINE_STEPS`` actions each) through the ids and
    the text, going on with a clone, a loaded save and a replay of the record on the way: what each
    wrote and what it was asked."""
    out: list[dict[str, Any]] = []
    for name in GAMES:
        game = parlour.make(name)
        for seed in range(2):
            rng = random.Random(seed)
            state = game.new(seed=seed)
            asked: list[Any] = [state.hand_number]
            steps = 0
            while not state.is_over and steps < ENGINE_STEPS:
                if steps % 2 == 0:
                    ids = state.legal_action_ids()
                    asked.append(ids)
                    state.apply_id(ids[rng.randrange(len(ids))])
                else:
                    legal = state.legal_actions() + [f"{r.verb} {r.low}" for r in state.legal_ranges()]
                    asked.append(legal)
                    state.apply(legal[rng.randrange(len(legal))])
                steps += 1
                asked.append(state.hand_number)
                if steps % 41 == 0:
                    state = state.clone()
                if steps % 67 == 0:
                    state = game.load(state.to_json())
                if steps % 150 == 0:
                    state = game.replay(state.to_json())
                if steps % 29 == 0:
                    seat = state.current_player
                    asked.append(state.view(seat).to_dict())
                    asked.append(state.observation_tensor(seat).tolist())
                    asked.append([e.to_dict() for e in state.events(seat)][-5:])
            asked.append([state.scores, state.winners, state.is_over])
            out.append({"game": name, "seed": seed, "save": state.to_json(), "asked": asked})
    return out


def test_every_game_plays_identical_matches_on_the_compiled_build(compiled: Path) -> None:
    assert_same_matches(
        compiled,
        "import json, parlour.engine.draws as s; from tests.test_compiled import play_engine_matches; "
        "assert str(s.__file__).endswith('.so'), s.__file__; print(json.dumps(play_engine_matches()))",
        play_engine_matches,
        2 * len(GAMES),
    )


def conformance_runs() -> list[str]:
    """The conformance suite's checks (``tests.conformance.check_play``: a clone, a loaded save and the
    original go on identically; refused actions change nothing; views, invariants, the pack conserved)
    on 150 actions of random play of every game: the saves they end with."""
    from parlour.engine import Rng, derive_seed
    from parlour.players import make_player
    from tests.conformance import check_play

    out: list[str] = []
    for name in GAMES:
        game = parlour.make(name)
        state = game.new(seed=11)
        players = [make_player("random", game, derive_seed(11, "p", i)) for i in range(game.num_players)]
        check_play(game, state, players, Rng(11), every=2, max_steps=150)
        out.append(state.to_json())
    return out


def test_the_conformance_checks_pass_on_the_compiled_build(compiled: Path) -> None:
    theirs = run_compiled(
        compiled,
        "import json, parlour.engine.draws as s; from tests.test_compiled import conformance_runs; "
        "assert str(s.__file__).endswith('.so'), s.__file__; print(json.dumps(conformance_runs()))",
    )
    assert theirs == conformance_runs()


def solver_values() -> list[Any]:
    """The double-dummy solver's values of every lawful card on seeded positions (every hand open), at
    a horizon and to the end of the hand, with the nodes each search took."""
    from parlour.games.bishops_whist.players import HeuristicPlayer
    from parlour.games.bishops_whist.solver import Position, card_code

    out: list[Any] = []
    for seed, left, depth in [(1, 4, 4), (2, 5, 5), (3, 9, 2), (4, 13, 1), (5, 8, 3)]:
        game = parlour.make("bishops-whist")
        state = game.new(seed=seed)
        players = [HeuristicPlayer(game, s) for s in range(4)]
        while True:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if view.extra.phase == rules.PHASE_PLAY and len(view.hand) <= left:
                break
            state.apply(players[seat].choose(view, game))
        position = Position.of_views([state.view(s) for s in range(4)], seat, game.options)
        values, reached = position.solve(position.lawful(seat), 30_000)
        shallow = Position.of_views([state.view(s) for s in range(4)], seat, game.options)
        shallow.budget = 10**9
        fixed = shallow.values(shallow.lawful(seat), depth)
        out.append(
            [
                sorted((card_code(c), v) for c, v in values.items()),
                reached,
                position.nodes,
                sorted((card_code(c), v) for c, v in fixed.items()),
                shallow.nodes,
            ]
        )
    return out


def test_compiled_and_pure_solvers_find_the_same_values(compiled: Path) -> None:
    theirs = run_compiled(
        compiled,
        "import json, parlour.games.bishops_whist.solver as s; "
        "from tests.test_compiled import solver_values; "
        "assert str(s.__file__).endswith('.so'), s.__file__; print(json.dumps(solver_values()))",
    )
    assert theirs == json.loads(json.dumps(solver_values()))


def test_the_save_schema_agrees_with_the_rules() -> None:
    """The schema is kept apart from the rules (it must stay interpreted): the same numbers."""
    assert (schema.SEATS, schema.TRICKS, schema.HAND_SIZE) == (
        rules.SEATS,
        rules.TRICKS,
        rules.HAND_SIZE,
    )
    assert rules.BishopsWhistSave is schema.BishopsWhistSave


def test_the_pure_package_needs_no_mypy_extensions() -> None:
    """The decorators mypyc reads come from ``mypy_extensions`` only when it is installed."""
    code = (
        "import sys; sys.modules['mypy_extensions'] = None; import parlour; "
        "from parlour.engine.state import State; "
        "s = parlour.make('roquet').new(seed=1); c = s.clone(); print(c.to_json() == s.to_json())"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "True"


def player_choices() -> list[str]:
    """Bishops Whist's computer players (``players.py``, compiled too) on seeded positions: the rules of
    thumb playing whole hands, the solver level on a small budget, the playout level on two worlds, sifted
    and found by the chains."""
    from parlour.games.bishops_whist.players import PlayoutPlayer, StrongPlayer, played_to

    game = rules.BishopsWhist()
    out: list[str] = []
    for seed in range(3):
        state = played_to(game, seed, 1)  # a hand played by the rules of thumb to its last trick
        out.append(state.to_json())
    for seed, left in [(3, 12), (4, 9), (5, 6), (6, 3)]:
        state = played_to(game, seed, left)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        out.append(StrongPlayer(game, seed, nodes=3000, worlds=3, sift=3).choose(view, game))
        playout = PlayoutPlayer(game, seed, worlds=2)
        advice = playout.advise(view, game)
        out += [advice.action, advice.reason]
        # The strong level's way: worlds found by the chains (worlds.py, pure, on the compiled players).
        chained = PlayoutPlayer(game, seed, worlds=2, chains=200)
        advice = chained.advise(view, game)
        out += [advice.action, advice.reason]
    return out


def test_the_compiled_players_choose_as_the_pure_ones(compiled: Path) -> None:
    theirs = run_compiled(
        compiled,
        "import json, parlour.games.bishops_whist.players as p; from tests.test_compiled import "
        "player_choices; assert str(p.__file__).endswith('.so'), p.__file__; "
        "print(json.dumps(player_choices()))",
    )
    assert theirs == player_choices()


def test_a_build_is_current_only_at_its_own_optimisation_level(tmp_path: Path) -> None:
    """The tests build at level 0: a level-0 build must not pass for the level-3 build that play and the
    benchmarks ask for (nor the other way), and a stamp from before levels were recorded was level 3."""
    stamp = tmp_path / "parlour" / build_compiled.STAMP
    stamp.parent.mkdir()
    source = build_compiled.source_digest()
    stamp.write_text(json.dumps({"source": source, "opt_level": 0}), encoding="utf-8")
    assert build_compiled.is_current(tmp_path, 0) and not build_compiled.is_current(tmp_path)
    stamp.write_text(json.dumps({"source": source}), encoding="utf-8")
    assert build_compiled.is_current(tmp_path) and not build_compiled.is_current(tmp_path, 0)
    with pytest.raises(ValueError, match="0 to 3, not 4"):
        build_compiled.build(tmp_path, opt_level=4)
