"""The figures of ``parlour simulate bezique``: the same seed gives the same JSON in any process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import parlour
from parlour.games.bezique.analysis import bezique_figures
from parlour.sim import MatchRecord

ROOT = Path(__file__).resolve().parent.parent


def _figures_in_a_process(hash_seed: str, out: Path) -> str:
    """Run ``parlour simulate bezique --json`` in a fresh interpreter with the given hash seed."""
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "parlour",
            "simulate",
            "bezique",
            "-n",
            "2",
            "--seed",
            "1",
            "--players",
            "random,random",
            "--json",
            str(out),
        ],
        check=True,
        cwd=ROOT,
        env=env,
        capture_output=True,
    )
    data = json.loads(out.read_text())
    for timing in ("seconds", "matches_per_second"):
        data.pop(timing, None)
    return json.dumps(data)  # key order kept: the rows' order is what is compared


def test_simulate_json_does_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    texts = {_figures_in_a_process(h, tmp_path / f"run{h}.json") for h in ("0", "1", "2")}
    assert len(texts) == 1


def test_tied_sources_are_ordered_by_name() -> None:
    """Two sources with the same points come in the order of their names, both tables alike."""
    events = [
        {"kind": "score", "data": {"seat": 0, "points": 40, "reason": "four jacks"}},
        {"kind": "score", "data": {"seat": 1, "points": 40, "reason": "bezique"}},
        {"kind": "score", "data": {"seat": 0, "points": 80, "reason": "four kings"}},
        {"kind": "meld", "data": {"seat": 0, "kind": "four jacks"}},
        {"kind": "meld", "data": {"seat": 1, "kind": "bezique"}},
        {"kind": "hand_end", "data": {}},
    ]
    rec = MatchRecord(
        seed=0,
        scores=(0.0, 0.0),
        winners=(),
        teams=((0,), (1,)),
        hand_points=(),
        actions=0,
        events=tuple(events),
    )
    out = bezique_figures(parlour.make("bezique"), [rec])
    assert list(out["points_per_hand_by_source"]) == ["four kings", "bezique", "four jacks"]
    assert list(out["melds_shown_per_hand"]) == ["bezique", "four jacks"]
