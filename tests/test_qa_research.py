"""A researcher's and a designer's first hour with parlour: each fault they met, kept mended.

The command line's help and errors (simulate, duplicate, odds), sweeps and their plots, and the
research adapters as their own frameworks' documentation has a user drive them.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from tests.extras import require

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


@pytest.mark.parametrize("command", [[], ["simulate"], ["duplicate"], ["odds"], ["list"], ["schema"]])
def test_a_flag_shows_no_value_type(command: list[str]) -> None:
    """``parlour --help`` showed ``--version <bool>`` and ``--help <bool>``, as if they took a value."""
    result = runner.invoke(app, [*command, "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output, result.output
    assert re.search(r"--help +Show this message", result.output), result.output


def test_simulate_help_names_its_placeholders_and_extra() -> None:
    """The usage said ``{game}`` and ``-o <list[str]>``; ``needs parlour[cluster]`` lost its
    ``[cluster]`` to Rich's markup, leaving "needs parlour."."""
    result = runner.invoke(app, ["simulate", "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "parlour[cluster]" in text, text
    assert "needs parlour." not in text
    assert "NAME=VALUE" in text and "<list[str]>" not in text, text
    assert "GAME" in text and "{GAME}" not in text and "{game}" not in text, text


def test_duplicate_seats_outside_the_table_name_the_option() -> None:
    """``--seats 5`` said "seats: seats of bezique are 0..1, not [5]": a Python list, no option named."""
    result = runner.invoke(app, ["duplicate", "bezique", "--seats", "5"])
    assert result.exit_code == 2
    assert "--seats" in result.output and "[5]" not in result.output, result.output
    assert "1 to 2" in result.output, result.output


def test_duplicate_returns_typo_names_the_option() -> None:
    result = runner.invoke(app, ["duplicate", "bezique", "--returns", "point"])
    assert result.exit_code == 2
    assert "--returns" in result.output and "points" in result.output, result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--sweep", "target=300,0300"], "give each value once"),  # one value twice: the same run twice
        (["-o", "target=300", "--sweep", "target=400,500"], "both with -o and with --sweep"),
    ],
)
def test_a_sweep_that_would_repeat_or_drop_a_value_is_refused(args: list[str], said: str) -> None:
    """Both ran: the first played the same figures twice, the second silently dropped the ``-o``."""
    result = runner.invoke(app, ["simulate", "bezique", "-n", "1", *args], env=WIDE)
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split()), result.output
    assert "matches per second" not in result.output  # refused before any match


def test_a_sweep_plot_labels_sides_by_seat_and_values_as_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default plot wrote the values as Python's ``True``/``False`` and labelled two sides of
    heuristic players "heuristic" and "heuristic"."""
    require("matplotlib", "plot")
    from matplotlib.axes import Axes

    drawn: list[tuple[Axes, str]] = []
    errorbar = Axes.errorbar

    def record(self: Axes, x: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append((self, kwargs["label"]))
        return errorbar(self, x, *args, **kwargs)

    monkeypatch.setattr(Axes, "errorbar", record)
    plot = tmp_path / "sweep.png"
    result = runner.invoke(
        app,
        ["simulate", "bishops-whist", "-n", "1", "--sweep", "laws=strict,table", "--plot", str(plot)],
        env=WIDE,
    )
    assert result.exit_code == 0, result.output
    assert plot.stat().st_size > 0
    # (since design-5 the seats are numbered from 1, as the tables number them)
    assert [label for _, label in drawn] == ["seats 1 & 3: heuristic", "seats 2 & 4: heuristic"]
    drawn.clear()
    result = runner.invoke(
        app,
        ["simulate", "bezique", "-n", "1", "--sweep", "table_laws=true,false", "--plot", str(plot)],
        env=WIDE,
    )
    assert result.exit_code == 0, result.output
    # (since design-4 the sides stand a little aside of their values: the axis names the values)
    ax, label = drawn[0]
    assert label == "seat 1: heuristic", drawn
    assert [tick.get_text() for tick in ax.get_xticklabels()] == ["true", "false"]


def test_gymnasium_reset_always_leaves_a_decision() -> None:
    """A Lansquenet deal the agent's seat takes no part in (``hands=1``) was over at reset: the first
    ``step`` of the guide's loop raised "the episode is over", and ``check_env`` failed at seat 1."""
    require("gymnasium", "pettingzoo")
    import numpy as np
    from gymnasium.utils.env_checker import check_env

    import parlour.pettingzoo as ppz

    env = ppz.gym_env("lansquenet", seat=1, opponents="random", hands=1, stake=20)
    rng = np.random.default_rng(0)
    for seed in range(12):  # seed 0 was over at reset before the fix
        observation, _ = env.reset(seed=seed)
        assert env.episode is not None and not env.episode.is_over
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(observation["action_mask"]))
            observation, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(ppz.gym_env("lansquenet", seat=1, opponents="random", hands=1, stake=20))


def test_rendered_scores_are_words_not_a_python_list() -> None:
    """``render()`` ended "(scores [0.0, 0.0])"."""
    require("gymnasium", "pettingzoo")
    import parlour.pettingzoo as ppz

    aec = ppz.env("bezique", render_mode="ansi")
    aec.reset(seed=1)
    one = ppz.gym_env("bishops-whist", render_mode="ansi", hands=1)
    one.reset(seed=1)
    for text in (aec.render(), one.render()):
        assert text is not None
        assert "[" not in text and ".0" not in text, text
        assert "seat 1 0" in text, text


def test_simulate_names_every_player_whole_in_80_columns() -> None:
    """In 80 columns a side's players "heuristic,random" were cut to "heurist…"; one match was
    "1 matches"."""
    result = runner.invoke(
        app,
        ["simulate", "bishops-whist", "-n", "1", "--players", "heuristic,random,random,heuristic"],
        env={"COLUMNS": "80"},
    )
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output
    assert "bishops-whist: 1 match," in result.output, result.output
    assert all(len(line) <= 80 for line in result.output.splitlines()), result.output
    # since design-4 the players are named once under the title where their column leaves no room for
    # the final score (test_design4.py)
    said = " ".join(result.output.split())
    # (since design-5 numbered from 1, as the tables number the seats)
    assert "seat 1 heuristic, seat 2 random, seat 3 random, seat 4 heuristic" in said, result.output


def test_a_duplicate_line_says_its_interval_unit_and_count() -> None:
    """``parlour duplicate`` printed "± inf" and "1 deals" for one deal, a bare "outcome" as its unit,
    and never that its ± was a 95% interval."""
    from parlour.duplicate import Duplicate

    one = Duplicate("bezique", "heuristic", "random", 1, "points", (0, 1), (155.0,)).line()
    assert "inf" not in one and "1 deal," in one and "no interval" in one, one
    many = Duplicate("bezique", "heuristic", "random", 0, "outcome", (0, 1), (1.0, 0.0, 1.0)).line()
    assert "(95%)" in many and "outcome a match (+1 a win, -1 a loss)" in many and "3 deals" in many, many


def test_the_json_figures_say_what_the_guide_says_they_hold(tmp_path: Path) -> None:
    """docs/simulation.md lists the JSON's keys; the file did not say which parlour made it, though the
    same seed gives the same figures only on the same version."""
    import json

    import parlour

    out = tmp_path / "figures.json"
    result = runner.invoke(app, ["simulate", "roquet", "-n", "2", "--json", str(out)], env=WIDE)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["parlour_version"] == parlour.__version__
    guide = (Path(__file__).parent.parent / "docs" / "simulation.md").read_text(encoding="utf-8")
    paragraph = guide[guide.index("The JSON file holds") :].split("\n\n")[0]
    named = set(re.findall(r"`([a-z_]+)`", paragraph))
    assert set(data) <= named and set(data["sides"][0]) <= named, (set(data) | set(data["sides"][0])) - named


def test_the_published_schemas_hold_no_lint_notes() -> None:
    """``parlour schema`` gave Bezique's extra the description "... hence the ``noqa: RUF009``": a note
    for the code's linter, published to everyone who reads the schema."""
    import json

    import parlour
    from parlour.engine.schema import event_schema, view_schema

    texts = [json.dumps(view_schema(parlour.game_class(info.name))) for info in parlour.list_games()]
    for text in [*texts, json.dumps(event_schema())]:
        assert "noqa" not in text and "RUF0" not in text


def test_the_guide_names_every_option_openspiel_wants_with_a_decimal_point() -> None:
    """``parlour_apology(target_shift=-5)``, as ``parlour list`` shows the option, is refused by
    OpenSpiel ("Wrong type ... kDouble, got kInt"): the guide says which options need ``-5.0``."""
    require("pyspiel", "open-spiel")
    import pyspiel

    import parlour
    import parlour.openspiel

    guide = (Path(__file__).parent.parent / "docs" / "research.md").read_text(encoding="utf-8")
    said = " ".join(guide[guide.index("OpenSpiel types a parameter") :].split("\n\n")[0].split())
    assert "parlour_apology(target_shift=-5.0)" in said
    for info in parlour.list_games():
        for option in info.options:
            if isinstance(option.default, float):
                assert f"`{option.name}`" in said or option.name.startswith("target_"), option.name
                short = info.name.replace("-", "_")
                pyspiel.load_game(f"parlour_{short}({option.name}={option.default!r},hands=1)")
    assert "`target_0` to `target_3`" in said
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter target_shift"):
        pyspiel.load_game("parlour_apology(target_shift=-5)")


def test_simulate_records_every_match_and_each_replays(tmp_path: Path) -> None:
    """A researcher's own statistics need the matches, not only their summary: ``--records`` writes
    them, and a record's seed plays its match again, as docs/simulation.md says."""
    import json

    import parlour
    from parlour.sim import play_match

    out = tmp_path / "matches.jsonl"
    args = [
        "simulate",
        "roquet",
        "-n",
        "3",
        "--seed",
        "4",
        "--sweep",
        "target=100,150",
        "--records",
        str(out),
    ]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["sweep"]["target"], r["match"]) for r in lines] == [
        (t, i) for t in (100, 150) for i in range(3)
    ]
    guide = (Path(__file__).parent.parent / "docs" / "simulation.md").read_text(encoding="utf-8")
    paragraph = guide[guide.index("`--records FILE`") :].split("\n\n")[0]
    assert set(lines[0]) <= set(re.findall(r"`([a-z_]+)`", paragraph))
    for line in lines[3:]:
        again = play_match(parlour.make("roquet", target=150), ["heuristic", "heuristic"], line["seed"])
        assert list(again.scores) == line["scores"] and again.actions == line["actions"]


def test_odds_refuses_a_seed_the_other_commands_refuse() -> None:
    """``parlour odds lansquenet --seed -1`` ran, where simulate and duplicate refuse -1."""
    result = runner.invoke(app, ["odds", "lansquenet", "--seed", "-1", "--deals", "10"], env=WIDE)
    assert result.exit_code == 2, result.output
    assert "--seed" in result.output and "0 to 2**63 - 1" in result.output, result.output


def test_duplicate_shows_its_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    """``parlour duplicate`` said nothing until it was done: minutes for a strong candidate."""
    import parlour.duplicate

    told: list[int] = []
    real = parlour.duplicate.duplicate

    def spy(*args: Any, **kwargs: Any) -> Any:
        assert kwargs.get("progress") is not None, "no progress callback"
        told.append(kwargs["deals"])
        return real(*args, **kwargs)

    monkeypatch.setattr(parlour.duplicate, "duplicate", spy)
    args = ["duplicate", "roquet", "--candidate", "heuristic", "--baseline", "random", "--deals", "2"]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    assert told == [2] and "2 deals" in result.output, result.output


def test_a_sweep_may_change_the_number_of_seats(tmp_path: Path) -> None:
    """``--sweep players=2,3`` was refused ("lansquenet needs 2 players, got 4", though no --players
    was given), and a plot of a sweep whose first run had the most seats failed with an IndexError."""
    require("matplotlib", "plot")
    plot = tmp_path / "seats.png"
    args = [
        "simulate",
        "lansquenet",
        "-n",
        "2",
        "-o",
        "stake=20",
        "--sweep",
        "players=4,2",
        "--plot",
        str(plot),
    ]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    assert "seat 4" in result.output and plot.stat().st_size > 0  # (the fourth seat: from 1 since design-5)
    given = runner.invoke(app, [*args[:-2], "--players", "heuristic,random,random,random"], env=WIDE)
    assert given.exit_code == 2
    assert "with stake=20, players=2 needs 2 players; --players gave 4" in given.output, given.output


@pytest.mark.parametrize(
    "name", ["apology", "bezique", "bishops-whist", "lansquenet", "open-tarock", "roquet"]
)
def test_parlour_players_tells_every_kind_apart_in_a_players_words(name: str) -> None:
    """``parlour players lansquenet`` described seven kinds (bold, cautious, stop1, ...) by one sentence,
    "Plays every decision of either variant by its Style"; others spoke of "the conformance suite", a
    constant's name (``STRONG_FLOOR``) or "until 4 December"."""
    import parlour
    from parlour.engine import manifest
    from parlour.players import describe_player, player_kinds

    game = parlour.make(name)
    factories = manifest(name).players
    said: dict[str, Any] = {}
    for kind in player_kinds(name):
        text = describe_player(game, kind)
        assert not re.search(r"conformance|\b[A-Z]{2,}_[A-Z_]+\b|December|\bits Style\b", text), (kind, text)
        factory = factories.get(kind)
        if text in said:  # one sentence for two kinds: only where they are one player
            assert factory is not None and factory is said[text], (kind, text)
        said[text] = factory


def test_a_plot_file_is_checked_before_the_sweep_and_named_as_written(tmp_path: Path) -> None:
    """``--plot x.txt`` played the whole sweep, then failed with matplotlib's traceback; ``--plot sweep``
    wrote sweep.png and said "plot saved to sweep"."""
    require("matplotlib", "plot")
    args = ["simulate", "bezique", "-n", "1", "--sweep", "target=300,400", "--plot"]
    bad = runner.invoke(app, [*args, str(tmp_path / "x.txt")], env=WIDE)
    assert bad.exit_code == 2 and "'.txt'" in bad.output and "matches per second" not in bad.output
    assert "Traceback" not in bad.output, bad.output
    bare = runner.invoke(app, [*args, str(tmp_path / "sweep")], env=WIDE)
    assert bare.exit_code == 0, bare.output
    assert (tmp_path / "sweep.png").exists() and not (tmp_path / "sweep").exists()
    assert "sweep.png" in bare.output.replace("\n", ""), bare.output


def test_openspiel_rl_environment_runs_on_the_observation_tensor() -> None:
    """What docs/research.md says of the missing information-state tensor: OpenSpiel's
    ``rl_environment`` (DQN's, NFSP's) plays a parlour game on the observation tensor."""
    require("pyspiel", "open-spiel")
    import numpy as np
    import pyspiel
    from open_spiel.python import rl_environment

    import parlour.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("parlour_bezique(hands=1)")
    assert not game.get_type().provides_information_state_tensor
    env = rl_environment.Environment("parlour_bezique(hands=1)")
    assert env.observation_spec()["info_state"] == tuple(game.observation_tensor_shape())
    rng = np.random.default_rng(1)
    step = env.reset()
    while not step.last():
        seat = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][seat]))])
    assert sum(step.rewards) == 0 and set(step.rewards) <= {-1.0, 0.0, 1.0}


def test_duplicate_writes_its_margins_as_json(tmp_path: Path) -> None:
    """``simulate`` wrote JSON and ``duplicate`` only a line: a researcher had the mean, not the deals.
    The keys are the ones docs/simulation.md lists."""
    import json

    out = tmp_path / "duplicate.json"
    args = ["duplicate", "roquet", "--candidate", "heuristic", "--baseline", "random", "--deals", "3"]
    result = runner.invoke(app, [*args, "--seed", "2", "--json", str(out)], env=WIDE)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["deals"] == len(data["margins"]) == 3 and data["seed"] == 2
    assert abs(data["mean"] - sum(data["margins"]) / 3) < 1e-9
    guide = (Path(__file__).parent.parent / "docs" / "simulation.md").read_text(encoding="utf-8")
    paragraph = guide[guide.index("`--json FILE` writes the result") :].split("\n\n")[0]
    assert set(data) <= set(re.findall(r"`([a-z_]+)`", paragraph)), paragraph


@pytest.mark.parametrize(
    ("sweep", "said"), [("nosuch=1,2", "no option nosuch"), ("target=1,300", "target=1")]
)
def test_a_sweep_of_an_option_the_game_lacks_names_the_sweep(sweep: str, said: str) -> None:
    """The error said "bezique has no option nosuch" as if an ``-o`` were wrong."""
    result = runner.invoke(app, ["simulate", "bezique", "-n", "1", "--sweep", sweep], env=WIDE)
    assert result.exit_code == 2
    assert result.output.startswith("--sweep: ") and said in result.output, result.output


def test_a_sweep_named_with_dashes_plots_and_records(tmp_path: Path) -> None:
    """``--sweep target-shift=0,5`` ran (options take dashes), then ``--plot`` failed with a KeyError
    traceback after the whole sweep, and ``--records`` likewise."""
    require("matplotlib", "plot")
    plot, records = tmp_path / "shift.png", tmp_path / "shift.jsonl"
    args = ["simulate", "apology", "-n", "1", "-o", "deals=1", "--sweep", "target-shift=0,5"]
    result = runner.invoke(app, [*args, "--plot", str(plot), "--records", str(records)], env=WIDE)
    assert result.exit_code == 0, result.output
    assert plot.stat().st_size > 0 and '"sweep": {"target_shift": 5.0}' in records.read_text()


def test_partners_cut_each_match_are_explained() -> None:
    """With ``partners=cut`` each seat is a side of its own and the win rates add up to 200%: the
    table said nothing of it."""
    args = ["simulate", "bishops-whist", "-n", "3"]
    result = runner.invoke(app, [*args, "-o", "partners=cut"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "partners change from match to match" in result.output, result.output
    fixed = runner.invoke(app, args, env=WIDE)
    assert fixed.exit_code == 0 and "partners change" not in fixed.output, fixed.output


@pytest.mark.parametrize(
    ("game", "options"), [("apology", ["-o", "deals=1"]), ("lansquenet", []), ("roquet", [])]
)
def test_every_interval_is_written_one_way(game: str, options: list[str]) -> None:
    """The main table wrote "15.9%–39.6%", the games' own tables "48.2% - 74.1%"; in 80 columns an
    interval is kept whole (not "18.8%–81.…")."""
    result = runner.invoke(app, ["simulate", game, "-n", "3", *options], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert re.search(r"\[\d+\.\d%, \d", result.output) and not re.search(r"\d% ?[-–] ?\d", result.output), (
        result.output
    )
    assert "…" not in result.output, result.output
    assert "partners change" not in result.output  # no partners here: several seats may win


def test_a_reader_that_leaves_does_not_cost_the_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``parlour simulate ... --json f.json | head -2``: Rich exited 1 at the closed pipe, silently,
    before the figures were written."""
    import importlib
    import io

    main = importlib.import_module("parlour.cli.main")  # the module: parlour.cli.main is also a function

    class Gone(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    monkeypatch.setattr(main, "console", main.ReaderConsole(file=Gone()))
    figures = tmp_path / "figures.json"
    result = runner.invoke(app, ["simulate", "roquet", "-n", "2", "--json", str(figures)])
    assert result.exit_code == 0, result.output
    assert figures.exists() and main.console.quiet


def test_an_option_given_twice_is_refused() -> None:
    """``-o target=300 -o target=400`` ran at 400 without a word."""
    result = runner.invoke(app, ["simulate", "bezique", "-o", "target=300", "-o", "target=400"], env=WIDE)
    assert result.exit_code == 2 and "given twice" in result.output, result.output
