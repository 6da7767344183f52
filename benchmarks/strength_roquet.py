"""How strong the Roquet players are, on duplicate deals (points a hand, the first hand of a match).

    python benchmarks/strength_roquet.py --deals 40 [--jobs 2] [--only strong,cheat]

Each line is one of ``parlour.duplicate``'s: the candidate's margin in points a hand over the
baseline on the same cards, with its 95% interval, and the candidate's seconds a move.

- ``strong``, ``normal``, ``easy``: the levels against the heuristic (the previous best player);
- ``cheat``: a player that sees every card, the stock's order included, and searches the true deal
  four tricks deep (for measurement only: it is handed the true state), against the heuristic;
- ``strong-normal``: the strong level against the normal one.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from parlour.duplicate import Duplicate, StatePlayer, duplicate
from parlour.engine import Game
from parlour.engine.rng import derive_seed
from parlour.episodes import Table
from parlour.games.roquet.search import CheatingRoquet, RoquetSearch
from parlour.players import make_player


def cheat(game: Game[Any], seed: int) -> CheatingRoquet:
    return CheatingRoquet(seed, depth=4)


def cheat2(game: Game[Any], seed: int) -> CheatingRoquet:
    return CheatingRoquet(seed, depth=2)


def search(
    worlds: int, depth: int, potential: float = 0.5, keep: float = 0.3, quality: float = 0.0, blind: float = 0
) -> Any:
    def make(game: Game[Any], seed: int) -> RoquetSearch:
        return RoquetSearch(
            seed,
            worlds=worlds,
            depth=depth,
            potential=potential,
            keep=keep,
            quality=quality,
            blind=bool(blind),
        )

    settings = f"potential={potential},keep={keep},quality={quality},blind={blind}"
    make.__name__ = f"search(worlds={worlds},depth={depth},{settings})"
    return make


def lead_margin(candidate: Any, baseline: Any, deals: int, seed: int) -> Duplicate:
    """Like ``duplicate`` on the same deals and seeds, but the figure is the candidate's lead: its
    points a hand less the opponent's, against the baseline's lead in the same seat. The search
    plays for the lead (which wins matches), where ``duplicate``'s points count its own points only."""
    table = Table("roquet", hands=1, returns="points", rng_seed=seed)
    game = table.game

    def make(spec: Any, k: int, s: int) -> Any:
        player_seed = derive_seed(seed, "player", k, s)
        return make_player(spec, game, player_seed) if isinstance(spec, str) else spec(game, player_seed)

    def play(k: int, players: list[Any]) -> list[float]:
        episode = table.new_episode(derive_seed(seed, "deal", k))
        while not episode.is_over:
            seat = episode.current_player
            assert seat is not None
            p = players[seat]
            action = (
                p.choose_state(episode.state, seat)
                if isinstance(p, StatePlayer)
                else p.choose(episode.state.view(seat), game)
            )
            episode.apply(str(action))
        return episode.returns()

    margins = []
    for k in range(deals):
        ref = play(k, [make(baseline, k, s) for s in (0, 1)])
        per_seat = []
        for seat in (0, 1):
            got = play(k, [make(candidate if s == seat else baseline, k, s) for s in (0, 1)])
            per_seat.append((got[seat] - got[1 - seat]) - (ref[seat] - ref[1 - seat]))
        margins.append(sum(per_seat) / 2)
    name = candidate if isinstance(candidate, str) else candidate.__name__
    base = baseline if isinstance(baseline, str) else baseline.__name__
    return Duplicate("roquet", name, base, 1, "lead", (0, 1), tuple(margins))


RUNS: dict[str, tuple[Any, Any]] = {
    "strong": ("strong", "heuristic"),
    "normal": ("normal", "heuristic"),
    "easy": ("easy", "heuristic"),
    "cheat": (cheat, "heuristic"),
    "cheat2": (cheat2, "heuristic"),
    "strong-normal": ("strong", "normal"),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default=",".join(RUNS), help="comma-separated: " + ", ".join(RUNS))
    parser.add_argument(
        "--search", default="", help="also: worlds,depth[,potential,keep,quality] of a search"
    )
    parser.add_argument(
        "--lead", action="store_true", help="measure the lead (own points less the opponent's)"
    )
    args = parser.parse_args(argv)
    runs = {k: RUNS[k] for k in args.only.split(",") if k}
    if args.search:
        parts = args.search.split(",")
        numbers = [float(x) for x in parts[2:]]
        spec = search(int(parts[0]), int(parts[1]), *numbers)
        runs[spec.__name__] = (spec, "heuristic")
    for name, (candidate, baseline) in runs.items():
        start = time.perf_counter()
        if args.lead:
            result = lead_margin(candidate, baseline, args.deals, args.seed)
        else:
            result = duplicate(
                "roquet", candidate, baseline, deals=args.deals, seed=args.seed, jobs=args.jobs
            )
        print(f"{name}: {result.line()} [{time.perf_counter() - start:.0f} s]", flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
