"""Iterations a second of Roquet's information-set MCTS (``parlour.games.roquet.tree.RoquetTree``).

    python benchmarks/bench_ismcts.py [--positions 6] [--iterations 150]

For each playout design (the policy, and a horizon in actions: none plays to the hand's end) the
same seeded positions (cards to play with a choice, some way into a hand) are searched with the same
budget, and the iterations a second over all of them printed, with the load of the machine (the
figures scale with it: run it on an idle machine, or beside the load figure). Budgets are counts of
iterations, so a seed fixes the moves whatever the speed; this only says how many fit in a second.
"""

from __future__ import annotations

import argparse
import os
import time

import parlour
from parlour.engine import Rng, State
from parlour.games.roquet.tree import RoquetTree

DESIGNS: tuple[tuple[str, int | None], ...] = (
    ("random", None),
    ("greedy", None),
    ("heuristic", None),
    ("random", 8),
    ("greedy", 8),
    ("heuristic", 8),
    ("heuristic", 4),
)


def positions(count: int) -> list[State]:
    """Seeded positions of a card to play with a choice, after random play of 4 to 4 + 10k actions."""
    game = parlour.make("roquet")
    out = []
    for k in range(count):
        state: State = game.new(seed=k)
        rng = Rng(k)
        for _ in range(4 + 10 * k):
            state.apply_id(rng.choice(state.legal_action_ids()))
        while state.legal_actions()[0].startswith(("meld", "done")) or len(state.legal_actions()) < 2:
            state.apply_id(rng.choice(state.legal_action_ids()))
        out.append(state)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=150)
    args = parser.parse_args()
    game = parlour.make("roquet")
    states = positions(args.positions)
    print(f"load before: {os.getloadavg()[0]:.1f}")
    for policy, horizon in DESIGNS:
        spent, done = 0.0, 0
        for k, state in enumerate(states):
            seat = state.current_player
            assert seat is not None
            player = RoquetTree(k, args.iterations, policy=policy, horizon=horizon)
            start = time.perf_counter()
            player.choose(state.view(seat), game)
            spent += time.perf_counter() - start
            done += player.playouts
        rate = done / spent
        print(f"{policy:9} horizon {horizon or 'end':>3}: {rate:6.0f} iterations a second", flush=True)
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
