"""How much longer a short terminal window takes to draw the table than a tall one: each game's
seeded position (the person's first move after ``--moves`` random ones) drawn at 80 columns and
``--short`` rows (the compact table) against 80x40 (the whole table), interleaved in rounds so that
the other processes' load falls on both alike; the ratio is the figure, not the times.

    .venv/bin/python benchmarks/bench_term.py --rounds 5 --short 14
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console

sys.path.insert(0, str(Path(__file__).parent.parent))
import parlour
from parlour.cli.terminal import TerminalGame
from parlour.engine import Game, State
from parlour.players import make_player

GAMES: dict[str, dict[str, Any]] = {
    "apology": {},
    "bezique": {},
    "bishops-whist": {},
    "lansquenet": {"players": 10},
    "open-tarock": {},
    "roquet": {},
}


def position(name: str, options: dict[str, Any], moves: int, seed: int = 1) -> tuple[Game[Any], State]:
    """A seeded match after ``moves`` random moves, on to the person's (seat 1's) next move."""
    game = parlour.make(name, **options)
    players = [make_player("random", game, seed * 10 + s) for s in range(game.num_players)]
    state = game.new(seed=seed)
    done = 0
    while done < moves or state.current_player != 0:
        seat = state.current_player
        assert seat is not None, "the match ended before the person's move"
        state.apply(players[seat].choose(state.view(seat), game))
        done += 1
    return game, state


def draw(game: Game[Any], state: State, height: int, times: int) -> float:
    """Seconds to draw the person's table ``times`` times at 80 x ``height``."""
    console = Console(width=80, height=height, force_terminal=True, color_system=None, file=io.StringIO())
    table = TerminalGame(game, [0], {}, 1, console)
    view = state.view(0)
    start = time.perf_counter()
    for _ in range(times):
        table.render(view)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--times", type=int, default=4, help="draws of each position a round")
    parser.add_argument("--short", type=int, default=14, help="the short window's rows")
    parser.add_argument("--moves", type=int, default=6)
    args = parser.parse_args()
    positions = {name: position(name, options, args.moves) for name, options in GAMES.items()}
    short = dict.fromkeys(GAMES, 0.0)
    tall = dict.fromkeys(GAMES, 0.0)
    for _ in range(args.rounds):
        for name, (game, state) in positions.items():
            short[name] += draw(game, state, args.short, args.times)
            tall[name] += draw(game, state, 40, args.times)
    draws = args.rounds * args.times
    print(f"| game | 80x{args.short} ms | 80x40 ms | ratio |")
    print("|---|---:|---:|---:|")
    for name in GAMES:
        ms_short, ms_tall = short[name] * 1000 / draws, tall[name] * 1000 / draws
        print(f"| {name} | {ms_short:.1f} | {ms_tall:.1f} | {short[name] / tall[name]:.1f} |")


if __name__ == "__main__":
    main()
