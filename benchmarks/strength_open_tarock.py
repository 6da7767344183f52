"""How strong the open tarock players are, on duplicate deals (whole matches: +1 a win, -1 a loss).

    python benchmarks/strength_open_tarock.py --deals 30 [--jobs 2] [--only strong,cheat] [--out m.jsonl]
    python benchmarks/strength_open_tarock.py --load m.jsonl

Each line is one of ``parlour.duplicate``'s: the candidate's margin in match outcome over the
baseline on the same deals (from -2 to +2: a win where the baseline lost is +2), or with ``--points``
in game points over the match, with its 95% interval, and the candidate's seconds a move. ``--out``
appends each run's margins deal by deal (JSON lines); ``--load`` reads them back and, for runs on the
same deals and returns, prints ``strong`` less the others deal by deal and its share of the cheat's
margin.

- ``strong``, ``normal``, ``easy``: the levels against the heuristic;
- ``strong-fast``: the strong level against ``search-fast``, the best player measured before;
- ``cheat``: a searcher told the cards face down in every stack (for measurement only: it is handed
  the true state), with ``search-fast``'s budget, against the heuristic;
- ``search``, ``search-fast``: the expectimax searchers that were ``strong`` and ``normal`` before
  issue 14 (the levels are now the sampling searcher, ``PimcPlayer``), against the heuristic.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from parlour.duplicate import duplicate, interval, paired, share
from parlour.engine import Game
from parlour.games.open_tarock.players import FAST_CAP, FAST_NODES, CheatingTarock


def cheat(game: Game[Any], seed: int) -> CheatingTarock:
    return CheatingTarock(seed, nodes=FAST_NODES, cap=FAST_CAP)


RUNS: dict[str, tuple[Any, Any]] = {
    "strong": ("strong", "heuristic"),
    "strong-fast": ("strong", "search-fast"),
    "cheat": (cheat, "heuristic"),
    "normal": ("normal", "heuristic"),
    "easy": ("easy", "heuristic"),
    "search": ("search", "heuristic"),
    "search-fast": ("search-fast", "heuristic"),
}


def report(paths: list[str]) -> None:
    """Each run's line, and ``strong`` against the others on the deals they share (``--out`` files)."""
    runs: dict[tuple[str, str, int], list[float]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                row = json.loads(line)
                runs[(row["name"], row["returns"], row["seed"])] = [float(x) for x in row["margins"]]
    for (name, returns, seed), m in sorted(runs.items()):
        mean, h = interval(m)
        print(f"{name} ({returns}, seed {seed}): {mean:+.2f} ± {h:.2f} ({len(m)} deals)")
        if name == "strong":
            continue
        strong = runs.get(("strong", returns, seed))
        if strong is None:
            continue
        n = min(len(strong), len(m))
        d, hd = paired(strong[:n], m[:n])
        print(f"  strong less {name}, deal by deal: {d:+.2f} ± {hd:.2f} ({n} deals)")
        if name == "cheat":
            r, hr = share(strong[:n], m[:n])
            low, high = 100 * (r - hr), 100 * (r + hr)
            print(f"  strong's share of the cheat's margin: {100 * r:.0f}% ({low:.0f}% to {high:.0f}%)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default=",".join(RUNS), help="comma-separated: " + ", ".join(RUNS))
    parser.add_argument("--points", action="store_true", help="game points over the match, not its outcome")
    parser.add_argument("--out", help="append each run's margins deal by deal to this file (JSON lines)")
    parser.add_argument("--load", nargs="+", help="report runs saved with --out, and measure nothing")
    args = parser.parse_args(argv)
    if args.load:
        report(args.load)
        return
    returns = "points" if args.points else "outcome"
    for name in [k for k in args.only.split(",") if k]:
        candidate, baseline = RUNS[name]
        start = time.perf_counter()
        result = duplicate(
            "open-tarock", candidate, baseline, deals=args.deals, seed=args.seed, hands=0,
            returns=returns, jobs=args.jobs,
        )  # fmt: skip
        print(f"{name}: {result.line()} [{time.perf_counter() - start:.0f} s]", flush=True)
        if args.out:
            with open(args.out, "a") as f:
                row = {"name": name, "returns": returns, "seed": args.seed, "margins": list(result.margins)}
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
