"""CPU seconds a decision and iterations a second of Bishops Whist's information-set MCTS
(``parlour.games.bishops_whist.tree.BishopsWhistTree``) beside the strong level, on the same positions.

    PYTHONPATH=/tmp/compiled:$PWD python benchmarks/bench_bw_tree.py [--seeds 5] [--iterations 200 600]

Seeded hands played by the rules of thumb, stopped when the seat to play holds 12, 9, 6 and 4 cards (a
choice of two or more cards). At each, the strong level chooses, then the tree at each budget: the CPU
seconds (process time) of the decision, of it the worlds' part (the strong level's chains, the same for
both), and the tree's iterations a CPU second after the worlds. Budgets are iterations, so the cards do
not depend on the load; the seconds do (the load is printed).
"""

from __future__ import annotations

import argparse
import os
import time

from parlour.games.bishops_whist.players import (
    STRONG_CHAINS,
    STRONG_FLOOR,
    PlayoutPlayer,
    played_to,
)
from parlour.games.bishops_whist.rules import BishopsWhist
from parlour.games.bishops_whist.tree import BishopsWhistTree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--iterations", type=int, nargs="+", default=[200, 600])
    args = parser.parse_args()
    game = BishopsWhist()
    print(f"load before: {os.getloadavg()[0]:.1f}")
    strong_s = 0.0
    tree_s = dict.fromkeys(args.iterations, 0.0)
    worlds_s = dict.fromkeys(args.iterations, 0.0)
    done = dict.fromkeys(args.iterations, 0)
    same = dict.fromkeys(args.iterations, 0)
    n = 0
    for seed in range(args.seeds):
        for left in (12, 9, 6, 4):
            state = played_to(game, seed, left)
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            strong = PlayoutPlayer(
                game, seed, chains=STRONG_CHAINS, floor=STRONG_FLOOR, noisy_playouts=False, touching=True
            )
            start = time.process_time()
            card = strong.choose(view, game)
            strong_s += time.process_time() - start
            for its in args.iterations:
                tree = BishopsWhistTree(game, seed, iterations=its)
                start = time.process_time()
                tree.worlds.prepare(view, game)
                mid = time.process_time()
                # The tree's own decision makes the worlds again (the same draws from a fresh seed).
                tree = BishopsWhistTree(game, seed, iterations=its)
                start2 = time.process_time()
                mine = tree.choose(view, game)
                tree_s[its] += time.process_time() - start2
                worlds_s[its] += mid - start
                done[its] += tree.playouts
                same[its] += mine == card
            n += 1
    print(f"{n} decisions (12, 9, 6, 4 cards in hand); load after: {os.getloadavg()[0]:.1f}")
    print(f"strong: {strong_s / n:.3f} CPU s a decision")
    for its in args.iterations:
        search = tree_s[its] - worlds_s[its]
        print(
            f"tree {its}: {tree_s[its] / n:.3f} CPU s a decision (worlds {worlds_s[its] / n:.3f}), "
            f"{done[its] / max(search, 1e-9):.0f} iterations a CPU second after the worlds; "
            f"strong's card in {same[its]} of {n}"
        )


if __name__ == "__main__":
    main()
