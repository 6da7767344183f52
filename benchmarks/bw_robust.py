"""Bishops Whist: are the searching levels still stronger when the other seats do NOT play by the rules of
thumb the playouts assume? (issue 14)

Every strength figure of Bishops Whist is measured with the other three seats played by the rules of thumb
(``heuristic``), which is also what the playout players assume of them: their worlds must explain every play
so far as the rules of thumb's, and their playouts play the other seats so. A person plays otherwise. Here
the other three seats are a *noisy* heuristic: with chance ``EPS`` it plays a lawful card at random, else the
rules of thumb's (its own seeded draws, so the same seed gives the same match). The candidate (``strong``:
chained worlds, the strong level until 5 December, later; ``floor20-pure``: the strong level since;
``sifted``: the strong level before chained worlds, sifted worlds; ``heuristic``) takes each seat in
turn on duplicate deals, and its margin per deal is written to JSON for pairing:

    PYTHONPATH=/tmp/compiled:$PWD python benchmarks/bw_robust.py CANDIDATE EPS SEED DEALS OUT.json [FIRST]
    python benchmarks/bw_robust.py --pair A.json B.json ...   # paired differences over the same deals
    PYTHONPATH=/tmp/compiled:$PWD python benchmarks/bw_robust.py --cpu CANDIDATE EPS [SEEDS]  # s a decision

Measured 4 December (compiled build, EPS 0.25, seeds 7 and 8, 24 deals each, 48 in all), points a hand over
the noisy heuristic: ``strong`` +0.34 ± 0.30, ``sifted`` +0.43 ± 0.25, ``heuristic`` +0.26 ± 0.24; paired,
strong less sifted −0.09 ± 0.25, strong less heuristic +0.08 ± 0.33, sifted less heuristic +0.17 ± 0.25.
Against such players the search's edge over the rules of thumb is not shown at all (against the rules of
thumb themselves strong gains +0.75 ± 0.17), and the chains neither help nor harm beside the sift. With
EPS 0.1 (the same deals) the edge holds: strong +0.67 ± 0.25, heuristic +0.15 ± 0.19, paired +0.52 ± 0.28.

``adaptive`` (5 December, not kept): strong reading each other seat's rate of departures from the rules of
thumb off the play (``worlds.adaptive_worlds``) and believing deals and playing its playouts at those rates.
On the same 48 deals at EPS 0.25: +0.42 ± 0.29, paired less strong +0.08 ± 0.26: not told apart. Against
the rules of thumb (EPS 0, seeds 7 and 8, 48 deals) it plays strong's cards wherever every play is
explained: +0.69 ± 0.24 against strong's +0.68 ± 0.23, paired +0.01 ± 0.02 (strength.md).

``floor10`` and ``floor10-pure`` (5 December, not kept): adaptive with each other seat's rate at least 0.1
whatever is read (``PlayoutPlayer(floor=0.1)``), so the worlds always walk under the likelihood of the play;
``-pure`` keeps the playouts the rules of thumb (``noisy_playouts=False``). Seeds 7 and 8, 16 deals each,
paired less strong on the same deals: at EPS 0.25 floor10-pure +0.24 ± 0.36 (38 deals: seed 7 +0.64 ±
0.56, seed 8 −0.05 ± 0.43 on 22), floor10 +0.21 ± 0.44 (32 deals: +0.45 ± 0.70, −0.03 ± 0.51); at EPS 0
floor10-pure +0.05 ± 0.25 (32 deals). Not worse against the rules of thumb, not told apart against the
noisy table (strength.md). ``floor20-pure`` on 8 deals only (seed 8, EPS 0.25): paired less strong
+0.09 ± 0.83, less floor10-pure +0.62 ± 0.49. ``floor15``, ``floor20``: not measured.

``floor20-pure`` measured (5 December, later; made the strong level, ``STRONG_FLOOR``): paired less
``strong`` on the same deals, at EPS 0.25 +0.34 ± 0.32 (38 deals: seed 7 +0.55 ± 0.47 on 16, seed 8
+0.18 ± 0.42 on 22; +0.40 ± 0.34 on the 30 played after the hint), at EPS 0 +0.22 ± 0.34 (32 deals).
At EPS 0 on all 112 deals of seeds 7-10 (32, 16, 32, 32; ``FIRST`` splits a seed over runs), that gain was
the 32 deals' luck: floor20-pure +0.78 ± 0.17, strong +0.75 ± 0.17, paired +0.03 ± 0.16 (strength.md).

``look1`` (5 December, stop 30, not kept): the strong level whose playouts try each of its own next cards
in the world and keep the best (``PlayoutPlayer(lookahead=1)``). At EPS 0 on the first 48 of those deals
(seeds 7-10: 16, 16, 8, 8): +0.57 ± 0.23, paired floor20-pure less look1 +0.22 ± 0.27, at 2.75 times the
CPU a decision (strength.md). ``ties`` (not kept): the strong level, its ties going to the rules of thumb's
card; all 112 deals +0.72 ± 0.16, floor20-pure less ties +0.06 ± 0.08.

``runs`` (5 December, stop 31, kept: both levels since): touching cards played out once, by the lowest
(``PlayoutPlayer(touching=True)``). All 112 deals +0.78 ± 0.17, runs less floor20-pure +0.00 ± 0.07; so
``floor20-pure`` is now the strong level before it.

``cheapest`` (5 December, stop 35, not kept): the strong level, its ties going to the card that gives up
least by the rules of thumb's count (``PlayoutPlayer(ties_to_cheapest=True)``). Seeds 7 and 8, 32 deals
each: +0.49 ± 0.19 against the level's +0.61 ± 0.20, runs less cheapest +0.12 ± 0.09 (64 deals).

``ismcts-150`` and ``ismcts-1200`` (6 December, not kept): information-set MCTS over strong's own worlds
(``tree.BishopsWhistTree``), 150 and 1 200 iterations a decision (0.62 and 1.43 CPU s against strong's
0.59). Seeds 7 and 8 at EPS 0 (28 and 25 deals, seed 8 cut short): +0.57 ± 0.26 and +0.92 ± 0.35, the
tree less ``runs`` −0.29 ± 0.27 and +0.05 ± 0.34 (strength.md).

``ismcts7-1200`` (the tree at seven or more cards in hand only), ``ismcts-leads-1200`` (at the seat's
leads only) and ``ismcts-all-1200`` (every seat choosing in the tree; 7 December, not kept): seed 7 at
EPS 0, deals 0-11 only (run two deals at a time each, ``FIRST``; the session's deadline), paired less
``runs`` on those 12 deals −0.15 ± 0.41, −0.23 ± 0.27 and −0.38 ± 0.64 (runs +0.96 ± 0.47); 1.50, 1.89 and
1.90 CPU s a decision on ``--cpu``'s 4 positions of seed 0. None ahead, none told apart; seed 8 and other
constants of UCB not run (strength.md).
"""

from __future__ import annotations

import functools
import json
import random
import sys
import time
from typing import Any

from parlour.duplicate import DealResult, PlayerSpec, duplicate, interval, paired
from parlour.engine import Game
from parlour.engine.views import View
from parlour.games.bishops_whist.players import (
    STRONG_CHAINS,
    STRONG_FLOOR,
    HeuristicPlayer,
    PlayoutPlayer,
    played_to,
)
from parlour.games.bishops_whist.rules import BishopsWhist
from parlour.games.bishops_whist.tree import BishopsWhistTree
from parlour.players import make_player


class NoisyHeuristic:
    """The rules of thumb, but with chance ``eps`` a lawful card (any legal action) at random: a stand-in
    for a person, whose play the rules of thumb explain only mostly."""

    def __init__(self, game: Game[Any], seed: int, eps: float) -> None:
        self.rules = HeuristicPlayer(game, seed)
        self.rng = random.Random(seed * 7919 + 17)
        self.eps = eps

    def choose(self, view: View[Any], game: Game[Any]) -> str:
        if self.rng.random() < self.eps:
            return self.rng.choice(list(view.legal_actions))
        return self.rules.choose(view, game)


def noisy(game: Game[Any], seed: int, eps: float) -> NoisyHeuristic:
    return NoisyHeuristic(game, seed, eps)


def strong(game: Game[Any], seed: int) -> PlayoutPlayer:
    return PlayoutPlayer(game, seed, chains=STRONG_CHAINS)


def sifted(game: Game[Any], seed: int) -> PlayoutPlayer:
    return PlayoutPlayer(game, seed, chains=0)


def adaptive(game: Game[Any], seed: int) -> PlayoutPlayer:
    """Strong, reading from the play how far each other seat departs from the rules of thumb: deals
    believed under the likelihood of the play at those rates, and playouts that play such a seat at
    random at its rate (``PlayoutPlayer(adapt=True)``, ``worlds.adaptive_worlds``)."""
    return PlayoutPlayer(game, seed, chains=STRONG_CHAINS, adapt=True)


def floored(floor: float, noisy_playouts: bool) -> PlayerSpec:
    """Adaptive, but each other seat's rate at least ``floor`` whatever is read: the worlds always walk
    under the likelihood of the play at those rates; the playouts play the other seats at random at them
    (``noisy_playouts``) or stay the rules of thumb (``PlayoutPlayer(floor=...)``)."""

    def make(game: Game[Any], seed: int) -> PlayoutPlayer:
        return PlayoutPlayer(game, seed, chains=STRONG_CHAINS, floor=floor, noisy_playouts=noisy_playouts)

    return make


def looking(lookahead: int) -> PlayerSpec:
    """The strong level, but in each playout its own next ``lookahead`` decisions are each card played
    out in the world, the best kept (``PlayoutPlayer(lookahead=...)``), not the rules of thumb's card."""

    def make(game: Game[Any], seed: int) -> PlayoutPlayer:
        return PlayoutPlayer(
            game, seed, chains=STRONG_CHAINS, floor=STRONG_FLOOR, noisy_playouts=False, lookahead=lookahead
        )

    return make


def tied(game: Game[Any], seed: int) -> PlayoutPlayer:
    """The strong level, its ties (cards whose playouts end equally well) going to the rules of thumb's
    card rather than the first in the view's order (``PlayoutPlayer(ties_to_rules=True)``)."""
    return PlayoutPlayer(
        game, seed, chains=STRONG_CHAINS, floor=STRONG_FLOOR, noisy_playouts=False, ties_to_rules=True
    )


def runs(game: Game[Any], seed: int) -> PlayoutPlayer:
    """The strong level, touching cards played out once, by the lowest of them, which stands for them all
    (``PlayoutPlayer(touching=True)``), not each card on its own with ties to the first in the view's
    order (the higher of two touching cards, at times: a player shows the lower)."""
    return PlayoutPlayer(
        game, seed, chains=STRONG_CHAINS, floor=STRONG_FLOOR, noisy_playouts=False, touching=True
    )


def cheapest(game: Game[Any], seed: int) -> PlayoutPlayer:
    """The strong level, its ties (cards whose playouts end equally well) going to the card that gives up
    least by the rules of thumb's count (``PlayoutPlayer(ties_to_cheapest=True)``: the 3 before the
    castle), not the first in the view's order (the higher)."""
    return PlayoutPlayer(
        game,
        seed,
        chains=STRONG_CHAINS,
        floor=STRONG_FLOOR,
        noisy_playouts=False,
        touching=True,
        ties_to_cheapest=True,
    )


def tree(iterations: int, min_cards: int = 0, leads_only: bool = False, others: str = "policy") -> PlayerSpec:
    """Information-set MCTS on the strong level's worlds (``tree.BishopsWhistTree``): ``iterations`` a
    decision, where the seat holds ``min_cards`` or more (or, with ``leads_only``, at its leads), the
    strong level elsewhere; the other seats play the rules of thumb in the tree (or, ``others="tree"``,
    choose by UCB for their side)."""

    def make(game: Game[Any], seed: int) -> BishopsWhistTree:
        return BishopsWhistTree(
            game, seed, iterations=iterations, min_cards=min_cards, leads_only=leads_only, others=others
        )

    return make


CANDIDATES: dict[str, PlayerSpec] = {
    "strong": strong,
    "sifted": sifted,
    "heuristic": "heuristic",
    "adaptive": adaptive,
    "floor10": floored(0.1, True),
    "floor10-pure": floored(0.1, False),
    "floor15": floored(0.15, True),
    "floor15-pure": floored(0.15, False),
    "floor20": floored(0.2, True),
    "floor20-pure": floored(0.2, False),
    "look1": looking(1),
    "ties": tied,
    "runs": runs,
    "cheapest": cheapest,
    "ismcts-150": tree(150),
    "ismcts-1200": tree(1200),
    "ismcts7-1200": tree(1200, min_cards=7),
    "ismcts-leads-1200": tree(1200, leads_only=True),
    "ismcts-all-1200": tree(1200, others="tree"),
}


def pair(paths: list[str]) -> None:
    """Each candidate over the seeds saved, and every two candidates less each other deal by deal, over
    the deals both were run on (a seed's deals may be split over runs: each file says its ``first``)."""
    runs: dict[str, dict[tuple[float, int, int], float]] = {}
    for path in paths:
        with open(path) as f:
            row = json.load(f)
        first = int(row.get("first", 0))
        for k, margin in enumerate(row["margins"]):
            runs.setdefault(row["candidate"], {})[(row["eps"], row["seed"], first + k)] = margin
    for name, by_deal in runs.items():
        m = [by_deal[key] for key in sorted(by_deal)]
        mean, h = interval(m)
        print(f"{name}: {mean:+.2f} ± {h:.2f} ({len(m)} deals, seeds {sorted({k[1] for k in by_deal})})")
    names = list(runs)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            common = sorted(set(runs[a]) & set(runs[b]))
            if common:
                mean, h = paired([runs[a][k] for k in common], [runs[b][k] for k in common])
                print(f"{a} less {b}: {mean:+.2f} ± {h:.2f} ({len(common)} deals)")


def cpu(name: str, eps: float, seeds: int) -> None:
    """CPU seconds a decision (process time) of ``name`` and of ``strong``, interleaved on the same
    positions: seeded hands with every seat the noisy heuristic at ``eps``, stopped when the seat to play
    holds 12, 9, 6, 4 cards."""
    game = BishopsWhist()
    spent = {name: 0.0, "strong": 0.0}
    same = n = 0
    for seed in range(seeds):
        for left in (12, 9, 6, 4):
            table = [NoisyHeuristic(game, seed * 4 + s, eps) for s in range(4)]
            state = played_to(game, seed, left, table)
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            cards = []
            for who in (name, "strong"):
                spec = CANDIDATES[who]
                player = make_player(spec, game, seed) if isinstance(spec, str) else spec(game, seed)
                start = time.process_time()
                cards.append(player.choose(view, game))
                spent[who] += time.process_time() - start
            same += cards[0] == cards[1]
            n += 1
    print(
        f"{n} decisions at a table at {eps}: {name} {spent[name] / n:.3f} s, "
        f"strong {spent['strong'] / n:.3f} s CPU a decision; the same card in {same} of {n}"
    )


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--pair":
        pair(argv[1:])
        return
    if argv and argv[0] == "--cpu":
        cpu(argv[1], float(argv[2]), int(argv[3]) if len(argv) > 3 else 5)
        return
    name, eps, seed, deals, out = argv[0], float(argv[1]), int(argv[2]), int(argv[3]), argv[4]
    first = int(argv[5]) if len(argv) > 5 else 0  # deals first..deals-1 only (two runs share a seed)
    start = time.perf_counter()
    baseline = functools.partial(noisy, eps=eps)
    # Deal by deal (``duplicate``'s deal k is the same whatever the number of deals), the margins so far
    # written after each, so that a run cut short still pairs on the deals it played.
    margins: list[float] = []

    def write(deal: DealResult) -> None:
        margins.append(deal.margin)
        with open(out, "w") as f:
            json.dump({"candidate": name, "eps": eps, "seed": seed, "first": first, "margins": margins}, f)

    if deals <= first:
        raise SystemExit(f"no deals to play: deals {first}..{deals - 1}")
    result = duplicate(
        "bishops-whist",
        CANDIDATES[name],
        baseline,
        deals=deals - first,
        seed=seed,
        first=first,
        on_deal=write,
    )
    seconds, moves = result.candidate_seconds, result.candidate_moves
    mean, h = interval(margins)
    print(
        f"{name} vs noisy({eps}), seed {seed}: {mean:+.2f} ± {h:.2f} a hand over {len(margins)} deals, "
        f"{seconds / max(1, moves):.3f} s a move [{time.perf_counter() - start:.0f} s]"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
