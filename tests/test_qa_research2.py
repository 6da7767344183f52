"""A researcher's and a designer's second hour with parlour: what they met, kept mended, and the
adapters driven over every game and its options as the frameworks' own checks drive them.

The first hour is ``tests/test_qa_research.py``; this file covers what it and the adapters' own tests
(``test_pettingzoo.py``, ``test_openspiel.py``) left out: every option of every game, both kinds of
returns, every seat, masks against the legal actions, rewards against the outcome.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import io
import json
import math
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.extras import ADAPTER_SHORT, GAMES, require


def _literal_blocks(doc: str) -> list[str]:
    """The literal blocks (``::`` then an indented paragraph) of a reStructuredText docstring."""
    blocks = re.findall(r"::\n\n((?:(?:    .*)?\n)+)", doc)
    return [textwrap.dedent(block) for block in blocks]


def test_the_openspiel_module_example_runs() -> None:
    """``help(parlour.openspiel)`` showed its example with a stray import flush left (an import sorter
    had moved it into the docstring): pasted as shown, it did not run."""
    require("pyspiel", "open-spiel")
    import parlour.openspiel

    doc = inspect.getdoc(parlour.openspiel) or ""
    (block,) = _literal_blocks(doc + "\n")
    assert "load_game" in block, f"the example stops short: {block!r}"
    namespace: dict[str, Any] = {}
    exec(compile(block, "parlour.openspiel's docstring", "exec"), namespace)
    assert namespace["game"].num_players() == 4


def _apology_hand(oudlers: int | None, made: bool = False, taker: int = 1) -> dict[str, Any]:
    """A ``hand_end`` of Apology as the report reads it (``None``: a deal all passed)."""
    if oudlers is None:
        return {"kind": "hand_end", "data": {"points": [0.0] * 4, "thrown_in": True, "taker": None}}
    target = [62.0, 56.0, 45.0, 40.0][oudlers]
    data = {"points": [0.0] * 4, "thrown_in": False, "taker": taker, "dealer": 0, "taker_points": 41.0,
            "oudlers": oudlers, "target": target, "made": made}  # fmt: skip
    return {"kind": "hand_end", "data": data}


def _apology_report(*hands: dict[str, Any]) -> dict[str, Any]:
    import parlour
    from parlour.games.apology.analysis import analyse
    from parlour.sim import MatchRecord

    record = MatchRecord(seed=0, scores=(0, 0, 0, 0), winners=(), teams=((0,), (1,), (2,), (3,)),
                         hand_points=(), actions=0, events=hands)  # fmt: skip
    return analyse(parlour.make("apology"), [record])


def test_the_apology_report_gives_no_rate_of_no_hands() -> None:
    """The balance report's row of takers with no oudler, never seen in a short run, said "0 hands,
    0.0% success, 0.0%–100.0%": a designer reads a threshold no taker ever makes. A seat that never
    took said "0 (0.0% made)". The JSON's rate was 0.0 too."""
    report = _apology_report(_apology_hand(3, made=True), _apology_hand(2))
    none = report["by_oudlers"][0]
    assert none["hands"] == 0 and none["rate"] is None
    rows = {row[0]: row for row in report["tables"][0]["rows"]}
    assert rows[0][4:7] == [0, "-", "-"], rows[0]
    assert rows[3][5] == "100.0%" and rows[2][5] == "0.0%"
    (bidding,) = next(t for t in report["tables"] if t["title"] == "apology: bidding")["rows"]
    assert "1: 2 (50.0% made)" in bidding[4] and "2: 0," in bidding[4] and "4: 0" in bidding[4]
    assert "(0.0% made)" not in bidding[4]


def test_the_apology_report_of_deals_all_passed_shows_no_taker_points() -> None:
    """With every deal thrown in, the taker's points read "mean / sd / median 0.0 / 0.0 / 0.0"."""
    report = _apology_report(_apology_hand(None), _apology_hand(None))
    assert report["taker_success"]["rate"] is None and report["taker_points"]["mean"] is None
    # (since research-3 the points' mean, spread and median are a table of their own)
    (spread,) = [t for t in report["tables"] if t["title"] == "apology: taker's card points, the spread"]
    rows = {row[0]: row for row in spread["rows"]}
    assert [rows[k][1] for k in ("mean", "spread (sd)", "median", "p10", "p90")] == ["-"] * 5
    assert report["tables"][0]["rows"][-1][5:] == ["-", "-", "-"]
    assert report["all_pass"]["rate"] == 1.0


def test_a_figure_of_no_hands_stands_with_the_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """A column of figures with a "-" (no hands behind it) was taken for a column of words and set flush
    left, the figures above and below it flush right."""
    from rich.console import Console

    from parlour.sim import simulate

    main = importlib.import_module("parlour.cli.main")  # the module: parlour.cli.main is also a function

    summary = simulate("apology", ["heuristic"] * 4, 4, seed=3, options={"target_shift": -10})
    assert summary.extra["by_oudlers"][0]["hands"] == 0  # the row this test is about
    screen = Console(width=160, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "console", screen)
    main._print_summary(summary)
    (row,) = [line for line in screen.export_text().splitlines() if line.startswith("│ 0 ")]
    assert re.search(r"│ +0 │ +- │ +- │ +- │$", row), row


def test_bezique_figures_are_written_to_one_precision() -> None:
    """Bezique's own tables read "0.48", "0.2", "0.0" and "0.333" in one column: Python's way of
    writing a rounded float, not a table's."""
    import parlour
    from parlour.games.bezique.analysis import bezique_figures
    from parlour.sim import MatchRecord

    events = [
        {"kind": "score", "data": {"seat": 0, "points": 40, "reason": "four jacks"}},
        {"kind": "score", "data": {"seat": 1, "points": 20, "reason": "royal marriage"}},
        {"kind": "meld", "data": {"seat": 0, "kind": "four jacks"}},
        {"kind": "meld", "data": {"seat": 1, "kind": "royal marriage"}},
        *[{"kind": "hand_end", "data": {}}] * 3,
    ]
    record = MatchRecord(seed=0, scores=(0.0, 0.0), winners=(), teams=((0,), (1,)), hand_points=(),
                         actions=0, events=tuple(events))  # fmt: skip
    figures = bezique_figures(parlour.make("bezique"), [record])
    points, melds = (table["rows"] for table in figures["tables"])
    assert points == [["four jacks", "13.33", "0.00"], ["royal marriage", "0.00", "6.67"]]
    assert melds == [["four jacks", "0.33", "0.00"], ["royal marriage", "0.00", "0.33"]]
    assert figures["melds_shown_per_hand"]["four jacks"] == [0.333, 0.0]  # the JSON keeps its numbers


def test_the_guide_says_which_tables_are_zero_sum() -> None:
    """docs/research.md called lansquenet's returns general-sum, but two players at its table are two
    sides of one seat each, and OpenSpiel is told ZERO_SUM (rightly: one wins what the other loses)."""
    from parlour.episodes import Table

    guide = " ".join((Path(__file__).parent.parent / "docs" / "research.md").read_text("utf-8").split())
    found = re.search(r"zero-sum where (.*?) general-sum elsewhere \((.*?)\)\.", guide)
    assert found, "the guide says which returns are zero-sum"
    zero, general = found.groups()
    for name in GAMES:  # each game at its defaults on the side it is
        assert name.replace("-", " ") in (zero if Table(name).zero_sum else general), name
    assert Table("lansquenet", players=2).zero_sum and "lansquenet with `players=2`" in zero


SIMULATION = Path(__file__).parent.parent / "docs" / "simulation.md"


def test_the_records_are_the_fields_the_guide_names(tmp_path: Path) -> None:
    """docs/simulation.md named a record's ``actions`` without saying it is a count (a reader looked for
    the moves), and said a seed is all it takes to replay a match, though a line holds neither the
    game nor the players that the replay needs."""
    from typer.testing import CliRunner

    import parlour
    from parlour.cli import app
    from parlour.sim import play_match, read_records

    guide = " ".join(SIMULATION.read_text("utf-8").split())
    part = guide[guide.index("`--records FILE` writes") : guide.index("move for move")]
    named = list(dict.fromkeys(re.findall(r"`(\w+)`", part)))
    assert "`actions` (how many the match took)" in part and "game, options and players" in part
    out = tmp_path / "m.jsonl"
    args = ["simulate", "roquet", "-n", "2", "--seed", "4", "-o", "target=30", "--records", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    (line, _) = read_records(out).matches
    assert [k for k in named if k in line] == list(line) and set(named) - set(line) == {"sweep"}
    again = play_match(parlour.make("roquet", target=30), ["heuristic"] * 2, line["seed"])
    assert line["actions"] == again.actions and again.scores == tuple(line["scores"])


# --- the adapters over every game and every option --------------------------------------------------


def _variants() -> list[tuple[str, dict[str, Any]]]:
    """Each game's short match, then the same with each other value of each option that takes a few
    (a choice of words, or yes and no), one at a time: the adapters' own tests play the defaults."""
    from parlour.engine.registry import manifest

    out: list[tuple[str, dict[str, Any]]] = []
    for name in GAMES:
        short = ADAPTER_SHORT[name]
        out.append((name, dict(short)))
        for spec in manifest(name).game.option_specs:
            values = spec.choices or ((True, False) if isinstance(spec.default, bool) else ())
            out += [(name, {**short, spec.name: v}) for v in values if v != spec.default]
    return out


VARIANTS = _variants()
VARIANT_IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in VARIANTS]


def _expected_returns(episode: Any, returns: str) -> list[float]:
    """An episode's returns worked out afresh from its state's public log and outcome, as
    docs/research.md states them (not through the adapter's own bookkeeping)."""
    state = episode.state
    players = len(state.scores)
    points = [0.0] * players
    for event in state.log:
        if event.kind == "hand_end" and event.to is None:
            for seat, p in enumerate(event.data["points"]):
                points[seat] += float(p)
    if returns == "points":
        return points
    if state.is_over:
        assert state.outcome is not None
        winners = set(state.outcome.winners)
    else:  # cut by hands or by the length bound: the best total of hand points wins
        top = {s for s in range(players) if points[s] == max(points)}
        winners = set() if len(top) == players else top
    return [0.0] * players if not winners else [1.0 if s in winners else -1.0 for s in range(players)]


@pytest.mark.parametrize("returns", ["outcome", "points"])
@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=VARIANT_IDS)
def test_pettingzoo_masks_rewards_and_api_over_every_option(
    name: str, options: dict[str, Any], returns: str
) -> None:
    """At every step the mover's mask is its legal ids and every other seat's is empty; the rewards at
    the end are the returns the guide defines (zero-sum where the game says so, within the declared
    bounds); and PettingZoo's own ``api_test`` passes, for every option's every value."""
    require("pettingzoo", "pettingzoo")
    import warnings

    import numpy as np
    from pettingzoo.test import api_test

    import parlour.pettingzoo as ppz

    for seed in (0, 1):
        env = ppz.env(name, returns=returns, **options)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            rewards[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            episode = env.episode
            assert episode is not None
            legal = episode.state.legal_action_ids()
            assert np.flatnonzero(observation["action_mask"]).tolist() == legal
            for other in env.possible_agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any(), (agent, other)
            env.step(int(rng.choice(legal)))
        assert env.episode is not None and not env.episode.truncated
        got = [rewards[a] for a in env.possible_agents]
        assert got == _expected_returns(env.episode, returns), seed
        table = env.table
        assert all(table.min_return <= r <= table.max_return for r in got), (got, seed)
        if table.zero_sum:
            assert sum(got) == 0, got
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # advice for image observations
        api_test(ppz.env(name, returns=returns, **options), num_cycles=20)


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=VARIANT_IDS)
def test_openspiel_random_sim_over_every_option(name: str, options: dict[str, Any]) -> None:
    """OpenSpiel's ``random_sim_test`` (serialisation, clones, observations, returns against the
    declared utility) for every option's every value, with points returns; and the game loads from
    its string as a user types it, each value as ``parlour list`` shows it."""
    require("pyspiel", "open-spiel")
    import pyspiel

    import parlour.openspiel as pos

    shown = importlib.import_module("parlour.cli.main").shown  # as parlour list shows a value

    game = pos.load(name, returns="points", rng_seed=4, **options)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    typed = ",".join(f"{k}={shown(v)}" for k, v in options.items())
    loaded = pyspiel.load_game(f"{pos.short_name(name)}({typed})")
    assert {k: loaded.get_parameters()[k] for k in options} == options


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_every_seat_passes_check_env_and_replays_its_seed(name: str) -> None:
    """Gymnasium's ``check_env`` at every seat (the adapters' tests tried seat 0), and each seat's
    episode played again from its seed, in a fresh environment, step for step."""
    require("gymnasium", "pettingzoo")
    import warnings

    import numpy as np
    from gymnasium.utils.env_checker import check_env

    import parlour.pettingzoo as ppz

    options = ADAPTER_SHORT[name]
    for seat in range(ppz.env(name, **options).table.num_players):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # a spec and infinite bounds, which it advises on
            check_env(ppz.gym_env(name, seat=seat, **options), skip_render_check=True)

        def play(seat: int = seat) -> list[tuple[int, float, bytes]]:
            env = ppz.gym_env(name, seat=seat, opponents="random", returns="points", **options)
            observation, _ = env.reset(seed=9)
            rng = np.random.default_rng(9)
            steps: list[tuple[int, float, bytes]] = []
            done = False
            while not done:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                observation, reward, terminated, truncated, _ = env.step(action)
                steps.append((action, reward, observation["observation"].tobytes()))
                done = terminated or truncated
            assert env.episode is not None and reward == env.episode.returns()[seat]
            return steps

        assert play() == play(), seat


def test_two_processes_give_every_game_the_figures_and_records_of_one() -> None:
    """``--jobs 2`` against ``--jobs 1`` for every game (test_sim.py tries Bishops Whist): the same
    figures, the games' own tables included, and the same matches in the same order."""
    from parlour.sim import open_runner, simulate

    with open_runner(2) as pool:
        for name in GAMES:
            options = ADAPTER_SHORT[name]
            kinds = ["heuristic"] * parlour_players(name, options)
            one = simulate(name, kinds, 5, seed=12, options=options, keep_records=True)
            two = simulate(name, kinds, 5, seed=12, options=options, keep_records=True, runner=pool)
            assert one.figures() == two.figures(), name
            assert [r.to_dict() for r in one.records] == [r.to_dict() for r in two.records], name


def parlour_players(name: str, options: dict[str, Any]) -> int:
    import parlour

    return parlour.make(name, **options).num_players


def test_a_sweep_ends_with_its_runs_side_by_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sweep printed a table a run, each followed by the game's own tables: comparing the values meant
    scrolling back screens apart. It ends with one table of every run's sides, whole in 80 columns."""
    from rich.console import Console
    from typer.testing import CliRunner

    from parlour.cli import app

    main = importlib.import_module("parlour.cli.main")
    screen = Console(width=80, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "console", screen)
    args = ["simulate", "bishops-whist", "-n", "2", "--seed", "2", "-o", "hand_limit=1"]
    args += ["--sweep", "irregular_trick=first-suit,leader", "--players", "heuristic,random,heuristic,random"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    text = screen.export_text()
    overview = text[text.index("bishops-whist: sweep of irregular_trick, 2 matches a value, seed 2") :]
    assert "…" not in overview, overview
    lines = [re.split(r" *│ *", line)[1:-1] for line in overview.splitlines() if line.startswith("│")]
    # since research-3 (the points' interval besides) a side may wrap at its words: "seats" over "1 & 3"
    cells: list[list[str]] = []
    for line in lines:
        if line[2]:
            cells.append(line)
        else:
            cells[-1] = [f"{a} {b}".strip() for a, b in zip(cells[-1], line, strict=True)]
    # (since design-4 the players are named once under the title, where their column would break the
    # intervals a figure a line in 80 columns: test_design4.py)
    # (since design-5 the seats are numbered from 1, as the tables number them: test_design5.py)
    assert "seat 1 heuristic, seat 2 random, seat 3 heuristic, seat 4 random" in " ".join(overview.split())
    assert [row[:2] for row in cells] == [
        ["first-suit", "seats 1 & 3"], ["", "seats 2 & 4"], ["leader", "seats 1 & 3"], ["", "seats 2 & 4"],
    ]  # fmt: skip
    # (then the points a hand and, since research-3, their interval; since design-3 an interval is
    # "[low, high]")
    figures = r"\d+\.\d% \[\d+\.\d%, \d+\.\d%\] -?\d+\.\d\d \[-?\d+\.\d\d, -?\d+\.\d\d\]"
    assert all(re.fullmatch(figures, " ".join(row[2:])) for row in cells), cells


def _strict_json(text: str) -> Any:
    """JSON as a strict reader (jq, a browser's ``JSON.parse``) takes it: no NaN, no Infinity."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is no JSON")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=VARIANT_IDS)
def test_the_json_figures_of_one_match_are_strict_json(
    name: str, options: dict[str, Any], tmp_path: Path
) -> None:
    """``parlour simulate roquet -n 1 --json f.json`` wrote ``-Infinity`` and ``Infinity`` (the
    interval of one match's hands) and printed "-inf–inf"; Lansquenet's Hoyle game wrote ``NaN`` (its
    deals have no same-rank start to count): jq refused the files. One match has no spread either
    (Lansquenet's said 0.0)."""
    from typer.testing import CliRunner

    from parlour.cli import app

    main = importlib.import_module("parlour.cli.main")
    out = tmp_path / "f.json"
    given = [word for k, v in options.items() for word in ("-o", f"{k}={main.shown(v)}")]
    args = ["simulate", name, "-n", "1", "--seed", "1", "--json", str(out), *given]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "inf" not in result.output and "nan" not in result.output
    figures = _strict_json(out.read_text())
    assert figures["matches"] == 1
    for seat in figures["extra"].get("seats", []):
        assert seat["sd_chips"] is None, seat


def test_roquet_intervals_of_counts_stay_at_or_above_zero() -> None:
    """A short run said "livret cards dead at the end 0.30, 95% interval -0.12–0.72"."""
    from parlour.sim import simulate

    summary = simulate("roquet", ["heuristic"] * 2, 4, seed=0, options={"target": 60})
    intervals = [f["interval"] for f in summary.extra.values() if isinstance(f, dict) and "interval" in f]
    assert intervals and all(lo >= 0 for lo, _ in intervals), intervals
    (table,) = summary.extra["tables"]
    assert not any(row[2].startswith("-0") for row in table["rows"]), table["rows"]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=VARIANT_IDS)
def test_openspiel_resampled_worlds_look_the_same_to_the_seat(name: str, options: dict[str, Any]) -> None:
    """What IS-MCTS relies on, for every game and option (test_openspiel.py tries one Bezique state): a
    world drawn by ``resample_from_infostate`` gives the seat the same information state, observation
    string and tensor, and the same legal actions, and can be played on."""
    require("pyspiel", "open-spiel")
    import numpy as np
    import pyspiel

    import parlour.openspiel as pos

    game = pos.load(name, rng_seed=5, **options)
    rng = np.random.RandomState(1)
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(pos.SEED_OUTCOMES)))
            continue
        if rng.random_sample() < 0.2:
            seat = state.current_player()
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert np.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
            assert world.legal_actions() == state.legal_actions()
            world.apply_action(int(rng.choice(world.legal_actions())))
            checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked


@pytest.mark.parametrize(("game", "sweep"), [("roquet", "target=20,40"), ("apology", "target_shift=-5,0")])
def test_a_sweep_plot_says_how_many_matches_each_point_holds(game: str, sweep: str, tmp_path: Path) -> None:
    """The plots drew each value's win (or success) rate with its interval, but not how many matches
    stood behind it: a designer could not tell a run of 10 from one of 10,000."""
    if importlib.util.find_spec("matplotlib") is None:
        pytest.skip("plots need matplotlib")
    import matplotlib
    from typer.testing import CliRunner

    from parlour.cli import app

    plot = tmp_path / "sweep.svg"
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # the words as text, not as drawn paths
        args = ["simulate", game, "-n", "3", "--seed", "1", "--sweep", sweep, "--plot", str(plot)]
        result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "3 matches a value" in plot.read_text(encoding="utf-8")


def test_the_guide_says_the_agents_partner_is_a_computer_player_too() -> None:
    """docs/research.md's Gymnasium example printed its return "against the heuristic players", at
    Bishops Whist, where one of them is the agent's partner: ``opponents`` takes every other seat."""
    require("gymnasium", "pettingzoo")
    import parlour.pettingzoo as ppz

    env = ppz.gym_env("bishops-whist", seat=0, opponents="heuristic", hands=1)
    env.reset(seed=0)
    assert env.episode is not None
    (side,) = [team for team in env.episode.state.teams if 0 in team]
    partner = next(s for s in side if s != 0)
    assert env.kinds[partner] == "heuristic"
    guide = " ".join((Path(__file__).parent.parent / "docs" / "research.md").read_text("utf-8").split())
    assert "the seat's partner among them" in guide and "return against the heuristic" not in guide


def test_figures_that_are_no_number_are_written_as_null() -> None:
    """A game's own figures may hold NaN (Lansquenet's did, and a plug-in game's may), and a run timed
    at zero seconds an infinite speed: ``--json`` wrote ``NaN`` and ``Infinity``, no JSON at all."""
    from parlour.sim import Summary

    extra = {"rate": math.nan, "tables": [{"rows": [[1.0, -math.inf]]}]}
    summary = Summary("roquet", {}, ["random"] * 2, matches=1, seed=0, seconds=0.0, draws=0, extra=extra)
    data = _strict_json(json.dumps(summary.to_dict()))
    assert data["matches_per_second"] is None and data["extra"]["rate"] is None
    assert data["extra"]["tables"] == [{"rows": [[1.0, None]]}]
