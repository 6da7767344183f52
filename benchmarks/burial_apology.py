"""Apology: does the strong level's burial search bury better than the rules of thumb? (issue 14)

    PYTHONPATH=/work/compiled-main:$PWD python benchmarks/burial_apology.py --deals 400 --worlds 0 --jobs 2
    PYTHONPATH=/work/compiled-main:$PWD python benchmarks/burial_apology.py --deals 150 --worlds 8 --jobs 2

Each seat of each seeded deal whose bidding table gives the strong level a chance of one half or more
takes (the seats before it pass) and its hand is played out twice from the same deal: once burying by the
strong level's search (``StrongPlayer(bury_search=True)``, the level), once by the rules of thumb's burial
(``bury_search=False``); the card play is the same player's both times (``--worlds`` deals solved a card;
0: the rules of thumb's play), the defence the rules of thumb. Paired hand by hand: how often each burial
makes the target, and the taker's score (+3/-3) difference with its 95% interval.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from multiprocessing import Pool

from parlour.duplicate import interval, paired
from parlour.engine import make
from parlour.games.apology.players import BID_CHANCE, HeuristicPlayer, StrongPlayer, make_chance
from parlour.games.apology.rules import PLAYERS as SEATS
from parlour.games.apology.rules import ApologyState, Phase


def play(seed: int, seat: int, worlds: int, search: bool) -> tuple[bool, int]:
    """Whether ``seat``, taking the deal ``seed``, makes its target, and its score for the hand."""
    game = make("apology")
    state = game.new(seed=seed)
    assert isinstance(state, ApologyState)
    taker = StrongPlayer(seed * SEATS + seat, worlds=max(1, worlds), bury_search=search)
    rules = [HeuristicPlayer(seed * SEATS + s) for s in range(SEATS)]
    while state.current_player is not None and not any(e.kind == "hand_end" for e in state.log):
        s = state.current_player
        view = state.view(s)
        if state.phase is Phase.BID:
            state.apply("bid" if s == seat else "pass")
        elif s == seat and (state.phase is not Phase.PLAY or worlds):
            state.apply(taker.choose(view, game))
        else:
            state.apply(rules[s].choose(view, game))
    end = next(e for e in state.log if e.kind == "hand_end")
    return bool(end.data["made"]), 3 if end.data["made"] else -3


def jobs(first: int, deals: int) -> Iterator[tuple[int, int]]:
    """The hands the strong level would take at any seat: its table's chance at least ``BID_CHANCE``."""
    game = make("apology")
    for seed in range(first, first + deals):
        state = game.new(seed=seed)
        for seat in range(SEATS):
            if make_chance(state.hands[seat], game)[0] >= BID_CHANCE:
                yield seed, seat


def _both(job: tuple[int, int, int]) -> tuple[int, int, bool, bool]:
    seed, seat, worlds = job
    return seed, seat, play(seed, seat, worlds, True)[0], play(seed, seat, worlds, False)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=0, help="deals solved a card (0: rules of thumb play)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    todo = [(seed, seat, args.worlds) for seed, seat in jobs(args.first, args.deals)]
    with Pool(args.jobs) as pool:
        rows = pool.map(_both, todo, chunksize=1)
    searched = [3.0 if r[2] else -3.0 for r in rows]
    ruled = [3.0 if r[3] else -3.0 for r in rows]
    n = len(rows)
    for name, made in (("search", searched), ("rules", ruled)):
        mean, h = interval(made)
        print(f"burial by {name}: made {sum(m > 0 for m in made)} of {n}, score {mean:+.2f} ± {h:.2f} a hand")
    mean, h = paired(searched, ruled)
    print(f"search less rules: {mean:+.2f} ± {h:.2f} a hand ({n} hands; worlds {args.worlds})")
    print("differ:", [(r[0], r[1], "search" if r[2] else "rules") for r in rows if r[2] != r[3]])


if __name__ == "__main__":
    main()
