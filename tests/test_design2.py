"""A designer's and a researcher's tools, finished: records files that say what made them, the points'
interval in a sweep's plot, ``gymnasium.make("parlour/<game>-v0")``, and what a walk through the
simulation and the adapters found."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.sim import match_seed, play_match, read_records, simulate, write_records
from tests.extras import ADAPTER_SHORT, GAMES, require
from tests.web_support import SHORT

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
ROOT = Path(__file__).parent.parent


# --- 1. a --records file says what made it ----------------------------------------------------------


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_records_file_names_its_runs_and_plays_them_again(tmp_path: Path) -> None:
    """A records file did not say which game, options, players, seed or parlour version made it: a file
    found later could be neither identified nor played again. Its runs, read back, play the same
    records."""
    out = tmp_path / "sweep.jsonl"
    args = ["simulate", "roquet", "-n", "3", "--seed", "4", "--players", "heuristic,random"]
    args += ["-o", "max_sequence=6", "--sweep", "target=30,40", "--records", str(out)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    read = read_records(out)
    assert [(run.game, run.options["target"], run.options["max_sequence"]) for run in read.runs] == [
        ("roquet", 30, 6),
        ("roquet", 40, 6),
    ]
    assert all(run.players == ["heuristic", "random"] and run.seed == 4 for run in read.runs)
    assert all(run.parlour_version == parlour.__version__ and run.matches == 3 for run in read.runs)
    assert set(read.runs[0].options) == set(parlour.make("roquet").options)  # every option, as taken
    for k, run in enumerate(read.runs):
        again = run.simulate()
        lines = read.matches[3 * k : 3 * k + 3]
        assert [r.to_dict() for r in again.records] == [
            {key: line[key] for key in r.to_dict()} for r, line in zip(again.records, lines, strict=True)
        ]
        assert [line["seed"] for line in lines] == [match_seed(4, i) for i in range(3)]
    # one line copied out of the file is enough to play its match again, move for move
    line = read.matches[4]
    match = play_match(parlour.make(line["game"], **line["options"]), line["players"], line["seed"])
    assert match.to_dict() == {key: line[key] for key in match.to_dict()}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_its_records_again(game: str, tmp_path: Path) -> None:
    """The options as a line holds them (JSON: a tuple is a list) are taken back by every game, and a
    run read back plays the same matches."""
    kinds = ["random"] * parlour.make(game, **SHORT[game]).num_players
    summary = simulate(game, kinds, 2, seed=9, options=SHORT[game], keep_records=True)
    path = tmp_path / "records.jsonl"
    write_records(path, [summary])
    (run,) = read_records(path).runs
    assert run.options == json.loads(json.dumps(summary.options))
    assert [r.to_dict() for r in run.simulate().records] == [r.to_dict() for r in summary.records]


def test_an_older_records_file_still_reads_and_a_mixed_one_is_refused(tmp_path: Path) -> None:
    """A file of an older parlour (its lines without their run) reads, with no runs; lines that name
    their run in part, or a file that mixes both, are refused with the line and what it lacks."""
    summary = simulate("roquet", ["random"] * 2, 2, seed=1, options={"target": 1}, keep_records=True)
    new = tmp_path / "new.jsonl"
    write_records(new, [summary])
    lines = _lines(new)
    old_fields = ["match", "seed", "scores", "winners", "teams", "hand_points", "actions"]
    old = [{k: line[k] for k in old_fields} for line in lines]
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in old))
    read = read_records(path)
    assert read.runs == [] and read.matches == old
    path.write_text(json.dumps(lines[0]) + "\n" + json.dumps(old[1]) + "\n")
    with pytest.raises(ValueError, match="line 2: the lines of one file all name their run"):
        read_records(path)
    lacking = {k: v for k, v in lines[0].items() if k != "players"}
    path.write_text(json.dumps(lacking) + "\n")
    with pytest.raises(ValueError, match=r"line 1: .* lacks players"):
        read_records(path)


def test_the_guide_names_every_field_of_a_records_line(tmp_path: Path) -> None:
    """docs/simulation.md names each field a line holds, the run's among them, and ``read_records``'s
    ``runs``."""
    summary = simulate("roquet", ["random"] * 2, 1, seed=1, options={"target": 1}, keep_records=True)
    path = tmp_path / "r.jsonl"
    write_records(path, [summary])
    guide = (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8")
    section = guide[guide.index("`--records FILE` writes") : guide.index("**A value with commas")]
    for key in _lines(path)[0]:
        assert f"`{key}`" in section, key
    assert "`runs`" in section and "run.simulate()" in section and "match_seed" in section


# --- 2. a sweep's plot draws the points' interval of its table ----------------------------------------


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("roquet", ["-n", "3", "--sweep", "target=30,60"]),  # the default picture
        ("apology", ["-n", "3", "-o", "deals=1", "--sweep", "target_shift=-5,5"]),  # the game's own
        ("bezique", ["-n", "1", "-o", "target=100", "--sweep", "table_laws=true,false"]),  # no interval
        # two partnerships, then four seats: the second run's seats 1 and 2 were drawn on the lines
        # labelled "seats 1 & 3" and "seats 2 & 4", and its seats 3 and 4 left out
        ("bishops-whist", ["-n", "2", "-o", "hand_limit=1", "--sweep", "partners=fixed,cut"]),
    ],
)
def test_a_sweeps_plot_draws_the_points_interval_of_its_table(
    game: str, args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plot drew the win rates alone: the points a hand and their 95% interval, which the sweep's
    table and ``--json`` give, were in no picture. Read from the figure drawn, they are the figures of
    ``--json`` (``mean_hand_points``, ``hand_points_interval``), side by side and value by value."""
    require("matplotlib", "plot")
    import math

    from matplotlib.collections import LineCollection
    from matplotlib.figure import Figure

    from parlour.plots import POINTS_LABEL, side_label

    drawn: list[Figure] = []
    savefig = Figure.savefig

    def keep(self: Figure, *a: Any, **k: Any) -> None:
        drawn.append(self)
        savefig(self, *a, **k)

    monkeypatch.setattr(Figure, "savefig", keep)
    plot, figures = tmp_path / "sweep.png", tmp_path / "sweep.json"
    command = ["simulate", game, *args, "--plot", str(plot), "--json", str(figures)]
    result = runner.invoke(app, command, env=WIDE)
    assert result.exit_code == 0, result.output
    assert plot.stat().st_size > 0
    runs = json.loads(figures.read_text())
    (fig,) = drawn
    (axes,) = [ax for ax in fig.axes if ax.get_ylabel() == POINTS_LABEL]
    # each side (its seats) is a line, with a point at each value whose run has that side
    sides: dict[str, list[dict[str, Any] | None]] = {}
    for k, run in enumerate(runs):
        for side in run["sides"]:
            label = side_label(side["seats"], side["players"])
            sides.setdefault(label, [None] * len(runs))[k] = side
    lines = {str(line.get_label()): line for line in axes.lines}
    assert list(lines) == list(sides)
    bars = [c for c in axes.collections if isinstance(c, LineCollection)]
    assert len(bars) == len(sides)
    for (label, line), bar in zip(lines.items(), bars, strict=True):
        means = np.asarray(line.get_ydata(), float).tolist()
        expected = [math.nan if side is None else side["mean_hand_points"] for side in sides[label]]
        assert np.array_equal(means, expected, equal_nan=True), label
        at = np.asarray(line.get_xydata(), float)[:, 0].tolist()  # each value's place on the axis
        plotted = {
            at.index(float(seg[0][0])): [float(seg[0][1]), float(seg[1][1])] for seg in bar.get_segments()
        }
        # one match gives no interval: "-" in the table, null in --json, no bar in the picture
        assert plotted == {
            v: side["hand_points_interval"]
            for v, side in enumerate(sides[label])
            if side is not None and side["hand_points_interval"] is not None
        }, label


# --- 3. gymnasium.make("parlour/<game>-v0") ----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_makes_every_game_with_its_options(game: str) -> None:
    """``gymnasium.make("parlour/<game>-v0")`` failed: no parlour environment was registered. Once
    ``parlour.pettingzoo`` is imported every game is, its options (the game's, the episode's, the seat
    and its opponents) passed as keyword arguments, and what ``make`` gives passes ``check_env``."""
    require("gymnasium", "pettingzoo")
    require("pettingzoo", "pettingzoo")
    import warnings

    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import parlour.pettingzoo as ppz

    options = ADAPTER_SHORT[game]
    env = gymnasium.make(f"parlour/{game}-v0", seat=1, opponents="random", hands=1, **options)
    assert ppz.gym_id(game) == f"parlour/{game}-v0" and env.spec is not None
    single = env.unwrapped
    assert isinstance(single, ppz.SingleSeatEnv) and single.seat == 1 and single.kinds[0] == "random"
    assert single.table.game.name == game
    assert {k: single.table.game.options[k] for k in options} == options
    with warnings.catch_warnings():
        # Gymnasium's advice only: the observation's infinite bounds, a wrapped environment, no render fps
        warnings.simplefilter("ignore", UserWarning)
        check_env(env)
    observation, _ = env.reset(seed=3)
    assert observation["action_mask"].any() and env.action_space.contains(
        int(np.flatnonzero(observation["action_mask"])[0])
    )


def test_gymnasium_refuses_a_bad_option_in_parlours_words() -> None:
    require("gymnasium", "pettingzoo")
    import gymnasium

    import parlour.pettingzoo  # noqa: F401  (registers parlour/...)

    with pytest.raises(ValueError, match="target"):
        gymnasium.make("parlour/bezique-v0", target=-5)


def test_gymnasium_imports_parlour_from_a_module_qualified_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without parlour's adapter imported, the id written ``module:id`` has Gymnasium import it (which
    registers every game); a vector environment's copies are made from the registered id."""
    require("gymnasium", "pettingzoo")
    import sys

    import gymnasium

    import parlour.pettingzoo as ppz

    # as in a fresh process: the adapter not imported, nothing of parlour's registered (all put back after)
    monkeypatch.delitem(sys.modules, "parlour.pettingzoo")
    monkeypatch.delattr(parlour, "pettingzoo")
    for env_id in [k for k in gymnasium.registry if k.startswith("parlour/")]:
        monkeypatch.delitem(gymnasium.registry, env_id)
    with pytest.raises(gymnasium.error.Error):
        gymnasium.make("parlour/roquet-v0")
    env = gymnasium.make("parlour.pettingzoo:parlour/roquet-v0", target=1, opponents="random")
    assert sys.modules["parlour.pettingzoo"] is not ppz  # imported by Gymnasium
    assert env.unwrapped.table.game.options["target"] == 1  # type: ignore[attr-defined]
    envs = gymnasium.make_vec("parlour/roquet-v0", num_envs=2, vectorization_mode="sync", target=1)
    observations, _ = envs.reset(seed=0)
    assert observations["action_mask"].shape[0] == 2


def test_rendering_an_environment_from_gymnasium_make_gives_no_warning() -> None:
    """Each ``render()`` of ``gymnasium.make(..., render_mode="ansi")`` warned "No render fps was
    declared in the environment": the metadata had no ``render_fps``."""
    require("gymnasium", "pettingzoo")
    import warnings

    import gymnasium

    import parlour.pettingzoo  # noqa: F401  (registers parlour/...)

    env = gymnasium.make("parlour/roquet-v0", render_mode="ansi", target=1)
    env.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = env.render()
    assert isinstance(text, str) and text.startswith("Roquet")


def test_the_readme_shows_gymnasium_make_as_it_works() -> None:
    """README's research section names the way in of each framework; its ``gymnasium.make`` runs."""
    require("gymnasium", "pettingzoo")
    import re

    import gymnasium

    import parlour.pettingzoo  # noqa: F401  (registers parlour/...)

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (call,) = re.findall(r"`(gymnasium\.make\(.*?\))`", readme)
    env = eval(call, {"gymnasium": gymnasium})
    observation, _ = env.reset(seed=0)
    assert observation["action_mask"].any()
    assert "after `import parlour.pettingzoo`" in readme


# --- 4. a designer's and a researcher's walk ---------------------------------------------------------


def test_a_sweeps_json_says_which_option_it_swept(tmp_path: Path) -> None:
    """A script drawing a sweep's ``--json`` had to be told which option was swept (each object holds
    every option): each object now names it with its value, as each ``--records`` line does."""
    out = tmp_path / "sweep.json"
    args = ["simulate", "roquet", "-n", "2", "--sweep", "target=20,40", "--json", str(out)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    runs = json.loads(out.read_text())
    assert [run["sweep"] for run in runs] == [{"target": 20}, {"target": 40}]
    assert all(run["options"]["target"] == value for run in runs for value in run["sweep"].values())
    guide = " ".join((ROOT / "docs" / "simulation.md").read_text(encoding="utf-8").split())
    assert "each object has `sweep` too" in guide
    one = tmp_path / "one.json"
    result = runner.invoke(app, ["simulate", "roquet", "-n", "2", "--json", str(one)], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "sweep" not in json.loads(one.read_text())
