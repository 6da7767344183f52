"""How fast the Bishops Whist double-dummy solver is: nodes a solve and nodes a CPU second.

Seeded hands are played by the rules of thumb to a fixed number of cards left; each position is then
searched to a fixed depth (in tricks) with every hand open, as the strong player searches a world. The
nodes a solve measure how well the search cuts (fewer is better: the values stay the same); the nodes a
CPU second (``time.process_time``, which another process's load hardly changes) how fast it runs. The
values' digest must stay the same from one version of the solver to the next: a change that alters it
changed what the solver finds.

    python benchmarks/bench_bw_solver.py                      # the pure package
    PYTHONPATH=/tmp/compiled-bw3 python benchmarks/bench_bw_solver.py   # a compiled build
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time

from parlour.games.bishops_whist.players import played_to
from parlour.games.bishops_whist.rules import BishopsWhist, BishopsWhistState
from parlour.games.bishops_whist.solver import Position, card_code

CASES = ((5, 5), (6, 6), (10, 3), (13, 2))
"""(cards left, depth in tricks): the end of a hand solved exactly, and the middle and the start of a hand
searched three and two tricks deep (there the search ends on its rough count)."""


def position_after(seed: int, cards_left: int) -> BishopsWhistState:
    """A seeded hand played by heuristic players until the player to move holds ``cards_left`` cards."""
    return played_to(BishopsWhist(), seed, cards_left)


def reach(budget: int, seeds: int) -> None:
    """How many positions ``solve`` finishes to the end of the hand within ``budget`` nodes, and the
    depth it reaches, by cards left."""
    for left in range(4, 10):
        exact, depths, nodes = 0, [], 0
        for seed in range(seeds):
            state = position_after(seed, left)
            seat = state.current_player
            assert seat is not None
            position = Position.of_views([state.view(s) for s in range(4)], seat, state.game.options)
            _, depth = position.solve(position.lawful(seat), budget)
            exact += depth == 13 - position.number
            depths.append(depth)
            nodes += position.nodes
        print(
            f"{budget:,} nodes, {left} cards left: {exact} of {seeds} solved to the end, depths {depths}, "
            f"{nodes / seeds:,.0f} nodes spent",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=8, help="positions per case (seeds 0..N-1)")
    parser.add_argument(
        "--case",
        type=int,
        nargs=2,
        action="append",
        metavar=("LEFT", "DEPTH"),
        help="cards left and depth in tricks (repeatable; default 5 5, 6 6, 10 3 and 13 2)",
    )
    parser.add_argument(
        "--within", type=float, default=float("inf"), help="cards this much worse than the best get a bound"
    )
    parser.add_argument(
        "--budget",
        type=int,
        help="instead: how deep ``solve`` gets on this many nodes (as a player's world), 4 to 9 cards left",
    )
    args = parser.parse_args(argv)
    if args.budget:
        reach(args.budget, args.seeds)
        return 0
    import parlour.games.bishops_whist.solver as solver

    compiled = str(solver.__file__).endswith(".so")
    print(f"solver: {'compiled' if compiled else 'pure'} ({solver.__file__})")
    for left, depth in args.case or CASES:
        nodes, seconds = 0, 0.0
        digest = hashlib.sha256()
        for seed in range(args.seeds):
            state = position_after(seed, left)
            seat = state.current_player
            assert seat is not None
            views = [state.view(s) for s in range(4)]
            position = Position.of_views(views, seat, state.game.options)
            cards = position.lawful(seat)
            position.budget = 10**12
            start = time.process_time()
            values = position.values(cards, depth, args.within)
            seconds += time.process_time() - start
            nodes += position.nodes
            digest.update(repr(sorted((card_code(c), v) for c, v in values.items())).encode())
        print(
            f"{left} cards left, {depth} tricks deep, {args.seeds} positions: "
            f"{nodes / args.seeds:,.0f} nodes a solve, {nodes / max(seconds, 1e-9):,.0f} nodes a CPU second "
            f"({seconds:.2f} CPU s), values {digest.hexdigest()[:12]}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
