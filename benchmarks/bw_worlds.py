"""Bishops Whist: the worlds a playout player judges, sifted (today's strong) against Markov chains
(``parlour.games.bishops_whist.worlds``), issue 14.

``diagnose``: positions from seeded play by the rules of thumb at 12, 9, 6 and 3 cards left; for each way
of dealing worlds, the share of unseen cards placed in their true hand, the share of worlds with no
surprise (``players.surprises``) and the CPU time a world. ``strength``: the playout player on chained
worlds (``chain_player``) over the heuristic on duplicate deals, the margins per deal written to JSON for
pairing with earlier runs on the same deals. ``timing``: CPU seconds a decision, sifted against chained.

    PYTHONPATH=$PWD python benchmarks/bw_worlds.py diagnose [SEEDS]
    PYTHONPATH=/tmp/compiled:$PWD python benchmarks/bw_worlds.py strength DEALS SEED EVALS OUT.json [WORLDS]
    PYTHONPATH=$PWD python benchmarks/bw_worlds.py timing [SEEDS] [EVALUATIONS]

Measured 4 December (compiled build, 2000 evaluations, 16 worlds): +0.87 ± 0.33 points a hand over the
heuristic on 32 deals of seed 9 (today's strong on the same deals: +0.65 ± 0.25; paired +0.22 ± 0.36;
the playout cheat +1.79 ± 0.21) and +0.69 ± 0.34 on seed 10 (strong +0.48 ± 0.30; paired +0.20 ± 0.37;
the cheat +1.91 ± 0.35); over the 64 deals +0.78 ± 0.24 against +0.57 ± 0.19, paired +0.21 ± 0.26: 42%
of the cheat's +1.85 ± 0.20 (strong: 31%), short of issue 14's half. CPU a decision, 16 positions:
0.82 s pure (the longest 1.38 s) against the sift's 0.47 s; 0.41 s compiled against 0.24 s.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from parlour.duplicate import duplicate
from parlour.engine import Game, Rng
from parlour.games.bishops_whist.players import (
    BishopsWhistView,
    PlayoutPlayer,
    played_to,
    surprises,
)
from parlour.games.bishops_whist.rules import BishopsWhist, BishopsWhistState
from parlour.games.bishops_whist.worlds import STEPS

CARDS_LEFT = (12, 9, 6, 3)


def chain_player(
    game: Game[Any], seed: int = 0, worlds: int = 16, evaluations: int = STEPS, chains: bool = True
) -> PlayoutPlayer:
    """The playout player on worlds found by Markov chains (``consistent_worlds``, ``evaluations`` a
    decision: the strong level's way since the chains were measured); ``chains=False`` deals them as the
    sifted playout player does (the strong level before)."""
    return PlayoutPlayer(game, seed, worlds=worlds, chains=evaluations if chains else 0)


def _placed(world: BishopsWhistState, truth: BishopsWhistState, seat: int) -> tuple[int, int]:
    """Unseen cards (of the other hands) that ``world`` puts in their true hand, and how many there are."""
    right = total = 0
    for s in range(4):
        if s == seat:
            continue
        mine, true = Counter(world.view(s).hand), Counter(truth.view(s).hand)
        right += sum((mine & true).values())
        total += sum(true.values())
    return right, total


def diagnose(seeds: int, evaluations: int) -> None:
    game = BishopsWhist()
    ways: dict[str, Callable[[BishopsWhistView, int], list[BishopsWhistState]]] = {
        "uniform": lambda v, s: [game.determinize(v, Rng(s)) for _ in range(16)],
        "sift 16x3": lambda v, s: PlayoutPlayer(game, s).worlds_dealt(v, game),
        f"chains {evaluations}": lambda v, s: chain_player(game, s, evaluations=evaluations).worlds_dealt(
            v, game
        ),
    }
    print(f"{'left':>4} {'worlds':<14} {'placed':>7} {'0-surprise':>10} {'ms/world':>9}")
    for left in CARDS_LEFT:
        for name, deal in ways.items():
            right = total = zero = count = 0
            spent = 0.0
            for seed in range(seeds):
                truth = played_to(game, seed, left)
                seat = truth.current_player
                assert seat is not None
                view = truth.view(seat)
                start = time.process_time()
                worlds = deal(view, seed)
                spent += time.process_time() - start
                fast = PlayoutPlayer(game, seed).fast
                for w in worlds:
                    r, t = _placed(w, truth, seat)
                    right, total = right + r, total + t
                    zero += surprises(view, [w.view(s).hand for s in range(4)], fast, game.options) == 0
                    count += 1
            print(
                f"{left:>4} {name:<14} {right / total:>7.1%} {zero / count:>10.1%} "
                f"{1000 * spent / count:>9.1f}",
                flush=True,
            )


def timing(seeds: int, evaluations: int) -> None:
    """CPU seconds a decision (process time), sifted and chained interleaved on the same positions."""
    game = BishopsWhist()
    spent = {"sift": 0.0, "chains": 0.0}
    most = {"sift": 0.0, "chains": 0.0}
    n = 0
    for seed in range(seeds):
        for left in CARDS_LEFT:
            truth = played_to(game, seed, left)
            seat = truth.current_player
            assert seat is not None
            view = truth.view(seat)
            for name, player in (
                ("sift", PlayoutPlayer(game, seed)),
                ("chains", chain_player(game, seed, evaluations=evaluations)),
            ):
                start = time.process_time()
                player.choose(view, game)
                took = time.process_time() - start
                spent[name] += took
                most[name] = max(most[name], took)
            n += 1
    print(
        f"{n} decisions: sift {spent['sift'] / n:.3f} s, chains({evaluations}) {spent['chains'] / n:.3f} s "
        f"CPU a decision (ratio {spent['chains'] / spent['sift']:.2f}; the longest {most['sift']:.3f} s and "
        f"{most['chains']:.3f} s)"
    )


def strength(
    deals: int, seed: int, evaluations: int, out: str, plain: bool = False, worlds: int = 16
) -> None:
    def make(game: Game[Any], s: int) -> PlayoutPlayer:
        return chain_player(game, s, worlds=worlds, evaluations=evaluations, chains=not plain)

    start = time.perf_counter()
    done = [0]

    def progress(n: int) -> None:
        done[0] += n
        print(f"{done[0]}/{deals} deals [{time.perf_counter() - start:.0f} s]", file=sys.stderr, flush=True)

    r = duplicate("bishops-whist", make, "heuristic", deals=deals, seed=seed, progress=progress)
    name = "playout-strong-heuristic" if plain else f"chains-{evaluations}-heuristic"
    if worlds != 16:
        name = f"{name}-{worlds}-worlds"
    print(f"{name} seed={seed}: {r.line()} [{time.perf_counter() - start:.0f} s]", flush=True)
    with open(out, "w") as f:
        json.dump({name: list(r.margins)}, f)


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "diagnose"
    if mode == "diagnose":
        diagnose(int(argv[1]) if len(argv) > 1 else 8, int(argv[2]) if len(argv) > 2 else STEPS)
    elif mode == "timing":
        timing(int(argv[1]) if len(argv) > 1 else 4, int(argv[2]) if len(argv) > 2 else STEPS)
    elif mode in ("strength", "plain"):
        worlds = int(argv[5]) if len(argv) > 5 else 16
        strength(int(argv[1]), int(argv[2]), int(argv[3]), argv[4], plain=mode == "plain", worlds=worlds)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
