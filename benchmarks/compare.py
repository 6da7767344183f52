"""Two checkouts of parlour side by side: ``bench_games.py`` run in each, alternately, as ratios.

The machines are shared and noisy, so absolute times mean little; two versions measured in
alternating runs of the same script give ratios that do. Each checkout needs its own environment
(its ``.venv``, with parlour installed from that checkout).

    python3 benchmarks/compare.py OLD_CHECKOUT NEW_CHECKOUT [--runs 3] [--seconds 0.4]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).with_name("bench_games.py")


def run(checkout: Path, seconds: float, games: str) -> dict[str, Any]:
    python = checkout / ".venv" / "bin" / "python"
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        cmd = [str(python), str(SCRIPT), "--rounds", "1", "--seconds", str(seconds), "--json", out.name]
        if games:
            cmd += ["--games", games]
        subprocess.run(cmd, cwd=checkout, check=True, capture_output=True)
        data: dict[str, Any] = json.loads(Path(out.name).read_text())["games"]
        return data


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.4)
    parser.add_argument("--games", default="")
    args = parser.parse_args(argv)
    old: list[dict[str, Any]] = []
    new: list[dict[str, Any]] = []
    for _ in range(args.runs):
        old.append(run(args.old, args.seconds, args.games))
        new.append(run(args.new, args.seconds, args.games))
    print(f"new / old over {args.runs} alternating runs (above 1: the new is faster or smaller)")
    print(f"{'game':14} {'hands/s':>8} {'per action':>11} {'with view':>10} {'clone (late)':>13}")
    for game in old[0]:
        if game not in new[0]:
            continue

        def mean(runs: list[dict[str, Any]], key: str, game: str = game) -> float:
            return statistics.fmean(r[game][key] for r in runs)

        def late(runs: list[dict[str, Any]], game: str = game) -> float:
            return statistics.fmean(r[game]["clone_us"]["late"] for r in runs)

        print(
            f"{game:14} {mean(new, 'hands_per_second') / mean(old, 'hands_per_second'):8.2f} "
            f"{mean(old, 'us_per_action') / mean(new, 'us_per_action'):11.2f} "
            f"{mean(old, 'us_per_action_with_view') / mean(new, 'us_per_action_with_view'):10.2f} "
            f"{late(old) / late(new):13.1f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
