"""review-2: what a second review of the day's records, plots and Gymnasium registration found."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.sim import read_records, simulate, write_records
from tests.extras import require
from tests.test_term6 import child_env

MATCH_FIELDS = ("seed", "scores", "winners", "hand_points", "actions")
"""A match's own facts in a records line, which playing it again must give back."""


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]


def _played_again(path: Path) -> list[dict[str, Any]]:
    """The matches of each of the file's runs played again, as the lines hold them."""
    again = []
    for run in read_records(path).runs:
        for record in run.simulate().records:
            facts = json.loads(json.dumps(record.to_dict()))
            again.append({k: facts[k] for k in MATCH_FIELDS})
    return again


@pytest.fixture(scope="module")
def records_lines(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The lines of a records file of six matches of two-handed Lansquenet."""
    path = tmp_path_factory.mktemp("records") / "whole.jsonl"
    write_records(
        path,
        [simulate("lansquenet", ["heuristic"] * 2, 6, seed=11, options={"players": 2}, keep_records=True)],
    )
    return _lines(path)


@pytest.mark.parametrize(
    "picked",
    [[3, 4, 5], [5, 4, 3, 2, 1, 0], [0, 2, 4]],
    ids=["the-last-three", "reversed", "every-other"],
)
def test_a_filtered_or_reordered_records_file_plays_its_own_matches_again(
    records_lines: list[dict[str, Any]], picked: list[int], tmp_path: Path
) -> None:
    """A file a script filtered (``grep``, ``jq select``) or reordered still names each line's run, and
    its runs play those very matches again: grouping consecutive lines by their count, not by their
    match numbers, played match 0 of the run for a file holding its matches 3 to 5."""
    path = tmp_path / "picked.jsonl"
    path.write_text("".join(json.dumps(records_lines[i]) + "\n" for i in picked), encoding="utf-8")
    read = read_records(path)
    assert sum(run.matches for run in read.runs) == len(picked)
    assert _played_again(path) == [{k: records_lines[i][k] for k in MATCH_FIELDS} for i in picked]


def test_a_line_that_names_its_run_but_not_its_match_is_refused(
    records_lines: list[dict[str, Any]], tmp_path: Path
) -> None:
    """Without its number, a line's run cannot say which of its matches it is: it was taken for the
    run's match 0, and played again as that, silently another match."""
    path = tmp_path / "projected.jsonl"
    line = {k: v for k, v in records_lines[4].items() if k != "match"}
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"line 1: .*lacks match"):
        read_records(path)


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("options", 5, "options: an object of the run's options, not 5"),
        ("players", "ab", "players: a list of the players' names, not 'ab'"),
        ("players", ["heuristic", 2], "players: a list of the players' names"),
        ("game", 7, "game: a game's name, not 7"),
        ("run_seed", "x", "run_seed: a whole number, not 'x'"),
        ("run_seed", -1, "run_seed: a whole number, not -1"),
        ("parlour_version", None, "parlour_version: a version's text, not None"),
    ],
)
def test_a_line_whose_run_is_malformed_is_refused_as_it_is_read(
    records_lines: list[dict[str, Any]], tmp_path: Path, field: str, value: Any, said: str
) -> None:
    """Read as it stood, a run of ``options`` 5 or ``players`` "ab" failed only when played again: a
    TypeError ('int' object is not iterable), or a player for each letter ("no player 'b'")."""
    path = tmp_path / "edited.jsonl"
    path.write_text(json.dumps({**records_lines[0], field: value}) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"line 1: {said}")):
        read_records(path)


def test_write_records_refuses_a_summary_that_kept_no_records(tmp_path: Path) -> None:
    """``write_records`` of a summary played without ``keep_records`` wrote an empty file, which
    ``read_records`` read back as a whole run of no matches: nothing said they were missing."""
    summary = simulate("lansquenet", ["random"] * 2, 3, seed=1, options={"players": 2})
    path = tmp_path / "records.jsonl"
    with pytest.raises(ValueError, match="keep_records=True"):
        write_records(path, [summary])
    assert not path.exists()


def test_a_stretch_of_a_run_played_again_is_written_with_its_own_numbers(
    records_lines: list[dict[str, Any]], tmp_path: Path
) -> None:
    """The matches 3 to 5 of a run, played again and written, are numbered 3 to 5 with their seeds, so
    that the file they make is read and played again as the same stretch."""
    picked = tmp_path / "picked.jsonl"
    picked.write_text("".join(json.dumps(line) + "\n" for line in records_lines[3:]), encoding="utf-8")
    (run,) = read_records(picked).runs
    again = tmp_path / "again.jsonl"
    write_records(again, [run.simulate()])
    assert _lines(again) == records_lines[3:]
    assert read_records(again).runs == [run]


def test_importing_the_gymnasium_adapter_registers_every_game_without_loading_one() -> None:
    """Registering each game with Gymnasium loaded every game's package (32 modules: rules, players,
    solvers) to read its name, and ``import parlour.pettingzoo`` took five times as long, in each of a
    vector environment's worker processes too. The names are the entry points'; a game is loaded when
    it is made."""
    require("gymnasium", "pettingzoo")
    require("pettingzoo", "pettingzoo")
    code = (
        "import sys, gymnasium, parlour.pettingzoo\n"
        "from parlour.engine.registry import game_names\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('parlour.games.'))\n"
        "assert not loaded, loaded\n"
        "ids = sorted(k for k in gymnasium.registry if k.startswith('parlour/'))\n"
        "assert ids == sorted(f'parlour/{name}-v0' for name in game_names()) and len(ids) >= 6, ids\n"
        "env = gymnasium.make('parlour/roquet-v0', target=1, opponents='random')\n"
        "assert env.unwrapped.table.game.name == 'roquet'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=child_env(), capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode()
