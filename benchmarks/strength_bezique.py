"""How strong the Bezique players are: duplicate deals against the heuristic player.

    python benchmarks/strength_bezique.py --deals 50 [--jobs 2] [--only strong,cheat,normal,easy]

Measures (a) strong vs heuristic (the heuristic was the best player before the search: this is also
(b)), (c) a cheating player that sees every card (the true opponent's hand and the talon's order) and
plays the same search on the true state, vs heuristic, and (d) the seconds a move of each level. Each
line gives the candidate's margin in points a hand with its 95% interval.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from parlour.duplicate import duplicate
from parlour.engine import Game, State
from parlour.games.bezique.players import EXACT_TALON, HeuristicPlayer
from parlour.games.bezique.rules import BeziqueState, Phase
from parlour.games.bezique.search import Rules, Sim, card_id


class CheatingPlayer:
    """Benchmark only: the search player's playouts on the true state (every card seen), one per card."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.heuristic = HeuristicPlayer(game)
        self.memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}

    def choose_state(self, state: State, seat: int) -> str:
        assert isinstance(state, BeziqueState)
        legal = state.legal_actions()
        if state.phase is not Phase.TALON or len(legal) == 1:
            return self.heuristic.choose(state.view(seat), self.game)
        rules = Rules(self.game, state.trump)
        start = Sim.of(state, rules)
        exact = start.talon_left() <= EXACT_TALON
        best, best_v = legal[0], -(1 << 30)
        for a in legal:
            sim = start.copy()
            sim.play(seat, card_id(a.split()[1]))
            sim.finish()
            sim.last_eight(exact, self.memo)
            v = sim.pts[seat] - sim.pts[1 - seat]
            if v > best_v:
                best, best_v = a, v
        return best


def cheat(game: Game[Any], seed: int) -> CheatingPlayer:
    del seed
    return CheatingPlayer(game)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", default="strong,cheat,normal,easy", help="which candidates, comma-separated")
    args = ap.parse_args(argv)
    for name in args.only.split(","):
        spec: Any = cheat if name == "cheat" else name
        result = duplicate("bezique", spec, "heuristic", deals=args.deals, seed=args.seed, jobs=args.jobs)
        print(result.line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
