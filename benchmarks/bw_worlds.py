"""Bishops Whist: the worlds a playout player judges, sifted (today's strong) against Markov chains
(``parlour.games.bishops_whist.worlds``), issue 14.

``diagnose``: positions from seeded play by the rules of thumb at 12, 9, 6 and 3 cards left; for each way
of dealing worlds, the share of unseen cards placed in their true hand, the share of worlds with no
surprise (``players.surprises``) and the CPU time a world. ``evenness``: late in the hand, where every
consistent deal can be listed, the chains' worlds against the even law on the consistent deals (do the
chains, which stop soon after the first consistent deal they reach, draw them evenly?). ``strength``:
the playout player on chained worlds (``chain_player``, 16 a decision or ``WORLDS``) over the heuristic
on duplicate deals, the margins per deal written to JSON for pairing with earlier runs on the same
deals. ``timing``: CPU seconds a decision, sifted against chained. ``noise``: how far strong's card
moves with the draw of its 16 worlds: at 12, 9 and 6 cards left, two 16-world decisions and one of 64,
each card also judged by the playout of the true deal (the playout cheat's judgement).

    PYTHONPATH=$PWD python benchmarks/bw_worlds.py diagnose [SEEDS]
    PYTHONPATH=/tmp/compiled:$PWD python benchmarks/bw_worlds.py strength DEALS SEED EVALS OUT.json [WORLDS]
    PYTHONPATH=$PWD python benchmarks/bw_worlds.py timing [SEEDS] [EVALUATIONS]
    PYTHONPATH=$PWD python benchmarks/bw_worlds.py evenness [LEFT] [SEEDS] [RUNS] [MIX]
    PYTHONPATH=/tmp/compiled:$PWD python benchmarks/bw_worlds.py noise [FIRST_SEED] [LAST_SEED]

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
from itertools import combinations
from typing import Any

from parlour.duplicate import duplicate, interval
from parlour.engine import Game, Rng
from parlour.games.bishops_whist.players import (
    BishopsWhistView,
    PlayoutPlayer,
    Table,
    played_to,
    surprises,
)
from parlour.games.bishops_whist.rules import BishopsWhist, BishopsWhistState
from parlour.games.bishops_whist.worlds import MIX, STEPS, WorldSampler

CARDS_LEFT = (12, 9, 6, 3)


def chain_player(
    game: Game[Any], seed: int = 0, worlds: int = 16, evaluations: int = STEPS, chains: bool = True
) -> PlayoutPlayer:
    """The playout player on worlds found by Markov chains (``consistent_worlds``, ``evaluations`` a
    decision: the strong level's way since the chains were measured); ``chains=False`` deals them as the
    sifted playout player does (the strong level before)."""
    return PlayoutPlayer(game, seed, worlds=worlds, chains=evaluations if chains else 0)


def _position(game: BishopsWhist, seed: int, left: int) -> tuple[BishopsWhistState, int, BishopsWhistView]:
    """A position of seeded play by the rules of thumb (``played_to``), its seat to play and its view."""
    truth = played_to(game, seed, left)
    seat = truth.current_player
    assert seat is not None
    return truth, seat, truth.view(seat)


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
                truth, seat, view = _position(game, seed, left)
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
            _, _, view = _position(game, seed, left)
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


Hands = tuple[tuple[str, ...], ...]
"""The unseen cards of one world: each other seat's, in ``WorldSampler.others``' order, sorted."""


def _consistent(sampler: WorldSampler, unseen: list[str]) -> list[Hands]:
    """Every deal of ``unseen`` to the other seats that the constraints allow and explains every play."""
    out: set[Hands] = set()
    others = sampler.others

    def deal(i: int, pool: list[str], hands: list[tuple[str, ...]]) -> None:
        if i == len(others):
            out.add(tuple(hands))
            return
        s = others[i]
        for picked in combinations(range(len(pool)), sampler.room[s]):
            hand = tuple(sorted(pool[k] for k in picked))
            if all(sampler.may_hold(s, c) for c in hand) and not sampler.seat_surprises(s, list(hand), 1):
                deal(i + 1, [c for k, c in enumerate(pool) if k not in picked], [*hands, hand])

    deal(0, unseen, [])
    return sorted(out)


def _chances(others: list[int], worlds: list[Hands]) -> Counter[tuple[int, str]]:
    """Each card's chance to lie in each other hand, over ``worlds``."""
    out: Counter[tuple[int, str]] = Counter()
    for w in worlds:
        for s, hand in zip(others, w, strict=True):
            for c in set(hand):
                out[(s, c)] += 1
    return Counter({k: v / len(worlds) for k, v in out.items()})


def _placed_right(others: list[int], worlds: list[Hands], true: list[list[str]]) -> float:
    """The share of unseen cards that ``worlds`` put in their true hand."""
    right = total = 0
    for w in worlds:
        for s, hand in zip(others, w, strict=True):
            right += sum((Counter(hand) & Counter(true[s])).values())
            total += len(hand)
    return right / total


def evenness(left: int, seeds: int, runs: int, mix: int) -> None:
    """Do the chains draw the consistent worlds evenly? At ``left`` cards in hand (3 or 4: few enough to
    list), every deal of the unseen cards the constraints allow is listed and the consistent ones (no
    surprise) kept; the chains' worlds (16 a decision, ``runs`` decisions) are compared with the even law
    on them: total variation (beside that of as many even draws), the largest gap in a card's chance
    to lie in a hand, and the share of unseen cards placed in their true hand under each."""
    game = BishopsWhist()
    sums = [0.0] * 4
    n = 0
    for seed in range(seeds):
        truth, _seat, view = _position(game, seed, left)
        fast = PlayoutPlayer(game, seed).fast
        sampler = WorldSampler(view, game, fast)
        others = sampler.others
        dealt = sampler.dealt_of(game.determinize(view, Rng(seed)))
        even = _consistent(sampler, sorted(c for s in others for c in dealt[s]))
        if sampler.fixed or len(even) < 2:
            continue  # a hand no swap changes is surprising, or only one deal explains the play
        drawn: list[Hands] = []
        for r in range(runs):
            for score, world in WorldSampler(view, game, fast).sample(Rng(1000 * seed + r), 16, mix=mix):
                if score == 0:
                    d = sampler.dealt_of(world)
                    drawn.append(tuple(tuple(sorted(d[s])) for s in others))
        if not drawn:
            continue
        counts = Counter(drawn)
        rng = Rng(seed)
        alike = Counter(even[rng.randrange(len(even))] for _ in drawn)
        tv = sum(abs(counts[w] / len(drawn) - 1 / len(even)) for w in even) / 2
        tv_even = sum(abs(alike[w] / len(drawn) - 1 / len(even)) for w in even) / 2
        a, b = _chances(others, even), _chances(others, drawn)
        gap = max(abs(a[k] - b[k]) for k in set(a) | set(b))
        true = sampler.dealt_of(truth)
        right_even, right_drawn = _placed_right(others, even, true), _placed_right(others, drawn, true)
        print(
            f"seed {seed} at {left}: {len(even)} consistent deals, {len(counts)} drawn of them; "
            f"total variation {tv:.2f} (even draws {tv_even:.2f}), largest gap {gap:.2f}; placed right "
            f"{right_even:.1%} evenly, {right_drawn:.1%} by the chains",
            flush=True,
        )
        for k, x in enumerate((tv, tv_even, right_even, right_drawn)):
            sums[k] += x
        n += 1
    if n:
        tv, tv_even, right_even, right_drawn = (x / n for x in sums)
        print(
            f"{n} positions at {left}, mix {mix}: total variation {tv:.2f} (even draws {tv_even:.2f}); "
            f"placed right {right_even:.1%} evenly, {right_drawn:.1%} by the chains"
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


def noise(first: int, last: int) -> None:
    """Two 16-world decisions of strong (other seeds) and one of 64 at each position; how often they
    agree, what the 16-world card loses by the 64 worlds' means, and what each loses by the playout of
    the true deal against the card best there. Measured 4 December (seeds 100 to 139, 120 positions,
    compiled): the two 16-world cards agree 36% of the time, 16 and 64 worlds 33%; by the 64 worlds'
    means the 16-world card loses 0.40 a decision, but by the true deal 1.90 against the 64-world card's
    1.79 (paired +0.11 ± 0.38): more worlds change the card, and gain little (as 32 worlds in play)."""
    game = BishopsWhist()
    rows: list[tuple[bool, bool, float, float, float]] = []
    for seed in range(first, last):
        for left in (12, 9, 6):
            state, seat, view = _position(game, seed, left)
            lawful = set(Table(view, game).lawful())
            cards = [a[5:] for a in view.legal_actions if a.startswith("play ") and a[5:] in lawful]
            if len(cards) < 2:
                continue
            big = chain_player(game, 1000 + seed, worlds=64, evaluations=4 * STEPS).analyse(view, game, cards)
            a = chain_player(game, 2000 + seed).analyse(view, game, cards)
            b = chain_player(game, 3000 + seed).analyse(view, game, cards)
            assert big is not None and a is not None and b is not None
            judge = PlayoutPlayer(game, 0, worlds=1)
            true: dict[str, float] = {}
            for card in cards:
                world = state.clone()
                world.apply(f"play {card}", seat=seat)
                true[card] = judge.playout(world, seat)
            best = max(true.values())
            lost = big.means[big.best] - big.means[a.best]
            row = (a.best == b.best, a.best == big.best, lost, best - true[a.best], best - true[big.best])
            rows.append(row)
    n = len(rows)
    agree_ab, agree_big = (sum(r[k] for r in rows) / n for k in (0, 1))
    lost64, true16, true64 = (sum(r[k] for r in rows) / n for k in (2, 3, 4))
    diff = [r[3] - r[4] for r in rows]
    m, h = interval(diff)
    print(
        f"{n} positions: two 16-world cards agree {agree_ab:.0%}, 16 and 64 worlds {agree_big:.0%}; "
        f"the 16-world card loses {lost64:.2f} by the 64 worlds' means; by the true deal it loses "
        f"{true16:.2f}, the 64-world card {true64:.2f} (paired {m:+.2f} ± {h:.2f})"
    )


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "diagnose"
    if mode == "diagnose":
        diagnose(int(argv[1]) if len(argv) > 1 else 8, int(argv[2]) if len(argv) > 2 else STEPS)
    elif mode == "timing":
        timing(int(argv[1]) if len(argv) > 1 else 4, int(argv[2]) if len(argv) > 2 else STEPS)
    elif mode == "evenness":
        numbers = [int(x) for x in argv[1:5]]
        left, seeds, runs, mix = numbers + [4, 8, 8, MIX][len(numbers) :]
        evenness(left, seeds, runs, mix)
    elif mode == "noise":
        noise(int(argv[1]) if len(argv) > 1 else 100, int(argv[2]) if len(argv) > 2 else 140)
    elif mode in ("strength", "plain"):
        worlds = int(argv[5]) if len(argv) > 5 else 16
        strength(int(argv[1]), int(argv[2]), int(argv[3]), argv[4], plain=mode == "plain", worlds=worlds)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
