"""Simulation: reproducible figures, whatever the number of processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.sim import simulate, wilson


def test_jobs_do_not_change_figures() -> None:
    kinds = ["random"] * 4
    one = simulate("bishops-whist", kinds, 8, seed=9, jobs=1)
    two = simulate("bishops-whist", kinds, 8, seed=9, jobs=2)
    assert one.figures() == two.figures()
    assert one.matches == 8
    assert [s.seats for s in one.sides] == [(0, 2), (1, 3)]


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_partners_cut_anew_each_match_are_reported_per_seat() -> None:
    summary = simulate("bishops-whist", ["random"] * 4, 6, seed=3, options={"partners": "cut"})
    assert [s.seats for s in summary.sides] == [(0,), (1,), (2,), (3,)]
    assert sum(s.wins for s in summary.sides) == 2 * (summary.matches - summary.draws)


def _figures_in_a_process(game: str, hash_seed: str, tmp: Path) -> dict[str, object]:
    out = tmp / f"{game}-{hash_seed}.json"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "COLUMNS": "200"}
    cmd = [sys.executable, "-m", "parlour", "simulate", game, "-n", "3", "--seed", "4", "--json", str(out)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    data: dict[str, object] = json.loads(out.read_text())
    data.pop("seconds")
    data.pop("matches_per_second")
    return data


@pytest.mark.parametrize("game", [info.name for info in parlour.list_games()])
def test_same_seed_same_figures_whatever_the_hash_seed(game: str, tmp_path: Path) -> None:
    """Issue 10: figures once depended on PYTHONHASHSEED (a set's order leaking into a table's rows)."""
    assert _figures_in_a_process(game, "1", tmp_path) == _figures_in_a_process(game, "2", tmp_path)
