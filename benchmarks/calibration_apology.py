"""Are the figures Apology's hints state calibrated? The bid hint's chance, the card hint's share of deals.

    PYTHONPATH=/work/compiled-main:$PWD python benchmarks/calibration_apology.py --deals 300

The bid hint says "bid — about 70% to make it with three oudlers" (or "pass — only 12% ..."): the chance
the fitted table gives that the hand, taking, makes its target. The card hint says "the taker's chance:
about 62%" (or "the taker's chance: 62%" when every deal tried was solved to the end; until stop 51 "the
taker looks set to make it in 62%" and "the taker makes it in ...", until term-13 "... in 62% of 24
guesses at the unseen cards", until hints-12 "the search expects the taker to make it in 62% of the deals
tried", the same figure). Here each seat's hand of each seeded deal is played as the
taker's, at the seat it was dealt (the seats before it pass, it bids), by the ``strong`` level (its burial
search and its card play, 24 deals solved a card), against the rules of thumb (``heuristic``, the ``easy``
level) in the three other seats; and each figure the words state is put in a bin of 10 points with whether
the taker made it. A bin is calibrated when the share made lies near the figures stated in it: each row
gives the share made with its 95% Wilson interval beside the mean figure stated.

A hand the table gives under 10% is played out only one time in ``--thin`` (they are most hands and
their bin fills first); the share made in a bin does not depend on how many of its hands are played.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing import Pool

from parlour.engine import make
from parlour.games.apology.players import HeuristicPlayer, StrongPlayer, bid_margin, make_chance
from parlour.games.apology.rules import PLAYERS as SEATS
from parlour.games.apology.rules import TAKER_HAND, ApologyState, Phase

BID_WORDS = re.compile(r"(?:about|only) (\d+)% to make it|(almost no chance) to make it")
CARD_WORDS = re.compile(r"the taker's chance: (about )?(\d+)%")
"""The card hint's share: "about" where its deals ended on the estimate (since stop 51; "the taker looks set
to make it in 62%" and "the taker makes it in 62%" before, with "of 24 guesses at the unseen cards" before
term-13)."""


def stated_bid(words: str) -> float:
    """The chance the bid hint's words state, as a fraction ("almost no chance": under half a percent)."""
    m = BID_WORDS.search(words)
    if m is None:
        raise ValueError(f"no chance in the bid hint {words!r}")
    return 0.0 if m.group(2) else int(m.group(1)) / 100


def stated_card(words: str) -> tuple[float, bool] | None:
    """The share of deals the card hint's words state, and whether it is without "about" (solved)."""
    m = CARD_WORDS.search(words)
    if m is None:
        return None
    return int(m.group(2)) / 100, m.group(1) is None


@dataclass
class Hand:
    """One hand played out as the taker's: the figures its hints stated and whether it made the target."""

    seed: int
    seat: int
    bid: float
    chance: float
    made: bool
    cards: list[tuple[int, float, bool]] = field(default_factory=list)
    """For each card the taker chose with a choice: the trick number, the share stated, "makes it"."""


def play_hand(seed: int, seat: int, worlds: int) -> Hand:
    """Deal ``seed``, let ``seat`` take (the seats before it pass), play it out: strong taker, heuristic
    defence; record the hints' figures on the way. With ``worlds`` 0 the taker plays by the rules of
    thumb (its burial and cards; the bid hint is still the strong level's)."""
    game = make("apology")
    state = game.new(seed=seed)
    assert isinstance(state, ApologyState)
    strong = StrongPlayer(seed * SEATS + seat, worlds=worlds)
    defence = [HeuristicPlayer(seed * SEATS + s) for s in range(SEATS)]
    bid = chance = -1.0
    cards: list[tuple[int, float, bool]] = []
    while state.current_player is not None and not any(e.kind == "hand_end" for e in state.log):
        s = state.current_player
        view = state.view(s)
        if state.phase is Phase.BID:
            if s != seat:
                state.apply("pass")
                continue
            advice = strong.advise(view, game)
            bid = stated_bid(advice.reason)
            chance = make_chance(view.hand, game)[0]
            state.apply("bid")
            continue
        if s == seat and not worlds:
            state.apply(defence[s].choose(view, game))
        elif s == seat:
            advice = strong.advise(view, game)
            if state.phase is Phase.PLAY and len(view.legal_actions) > 1:
                figure = stated_card(advice.reason)
                if figure is not None:
                    cards.append((view.extra.tricks_played, *figure))
            state.apply(advice.action)
        else:
            state.apply(defence[s].choose(view, game))
    end = next(e for e in state.log if e.kind == "hand_end")
    assert not end.data.get("thrown_in"), "the seat bids, so the deal is played"
    return Hand(seed, seat, bid, chance, bool(end.data["made"]), cards)


def read_hand(line: str) -> Hand:
    """A hand from its line in the log (its ``repr``)."""
    hand = eval(line, {"Hand": Hand})  # our own log, written by ``main``
    assert isinstance(hand, Hand)
    return hand


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``k`` of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def table(title: str, rows: list[tuple[float, bool]]) -> str:
    """Calibration rows: figures stated in bins of 10 points, the mean stated, the share made (95%)."""
    lines = [
        title,
        "| figure stated | hands | mean stated | made | share made (95%) |",
        "|---|---|---|---|---|",
    ]
    for b in range(10):
        inside = [(f, m) for f, m in rows if min(int(f * 10 + 1e-9), 9) == b]
        if not inside:
            continue
        n = len(inside)
        k = sum(m for _, m in inside)
        low, high = wilson(k, n)
        mean = sum(f for f, _ in inside) / n
        lines.append(
            f"| {b * 10}-{b * 10 + 10}% | {n} | {mean:.0%} | {k} | {k / n:.0%} ({low:.0%}-{high:.0%}) |"
        )
    return "\n".join(lines)


def jobs_of(first: int, deals: int, thin: int) -> Iterator[tuple[int, int]]:
    """The hands to play: every seat of every deal whose table chance is 10% or more, one in ``thin`` of
    the rest (the same ones for the same seeds)."""
    game = make("apology")
    for seed in range(first, first + deals):
        state = game.new(seed=seed)
        for seat in range(SEATS):
            chance = make_chance(state.hands[seat], game)[0]
            # (drawn, not ``(seed * 4 + seat) % thin``: that picked seat 0 of even seeds alone)
            if chance >= 0.1 or random.Random(seed * SEATS + seat).random() * thin < 1:
                yield seed, seat


def _run(job: tuple[int, int, int]) -> Hand:
    return play_hand(*job)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--thin", type=int, default=6, help="play one in this many hands under 10%%")
    parser.add_argument(
        "--worlds",
        type=int,
        default=24,
        help="deals solved a card (the strong level: 24; 0: the rules of thumb)",
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", default="", help="append each hand played to this file as it ends")
    parser.add_argument("--report", default="", help="print the tables from such a log, playing nothing")
    args = parser.parse_args(argv)
    if args.report:
        with open(args.report) as f:
            report([read_hand(line) for line in f if line.strip()], args.thin)
        return
    jobs = [(seed, seat, args.worlds) for seed, seat in jobs_of(args.first, args.deals, args.thin)]
    last = args.first + args.deals - 1
    print(f"{len(jobs)} hands to play from {args.deals} deals (seeds {args.first}-{last})")
    hands: list[Hand] = []
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        for hand in pool.imap_unordered(_run, jobs):
            hands.append(hand)
            if args.log:
                with open(args.log, "a") as f:
                    print(repr(hand), file=f)
            if len(hands) % 20 == 0:
                print(f"{len(hands)} hands, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    report(hands, args.thin)


def report(hands: list[Hand], thin: int = 8) -> None:
    deals = len({h.seed for h in hands})
    print(f"{len(hands)} hands played as the taker's from {deals} deals")
    print(table("\nThe bid hint's chance ('about N% to make it'):", [(h.bid, h.made) for h in hands]))
    rows = [(h.chance, h.made) for h in hands]
    print(table("\nThe bidding table's chance (what the strong level bids by):", rows))
    for trick, label in ((0, "the first card"), (-1, "every card (decisions, not independent)")):
        for solved in (False, True):
            rows = [
                (f, h.made)
                for h in hands
                for t, f, sv in h.cards
                if sv == solved and (trick < 0 or t == trick)
            ]
            if rows:
                words = "'the taker's chance: N%'" if solved else "'the taker's chance: about N%'"
                print(table(f"\nThe card hint's share, {label} the taker chose, {words}:", rows))
    print("\nThe search's expectations kept (a hand counts once in a cell):")
    for low, high in ((0, 8), (8, TAKER_HAND)):
        cells = []
        for lo, hi in ((0, 10), (10, 90), (90, 101)):
            inside = [h for h in hands if any(_expects(c, low, high, lo, hi) for c in h.cards)]
            k = sum(h.made for h in inside)
            w = wilson(k, len(inside))
            share = k / max(1, len(inside))
            cells.append(f"{lo}-{min(hi, 100)}%: {k}/{len(inside)} = {share:.2f} ({w[0]:.2f}-{w[1]:.2f})")
        print(f"  {low}-{high - 1} tricks played: " + "; ".join(cells))
    a, b = fit_said(hands, thin)
    print(f"\nthe bid words' curve fitted to these hands: intercept {a:.3f}, slope {b:.4f} a card point")
    rows = [(_logistic(a, b, _margin(h)), h.made) for h in hands]
    print(table("\nThat curve's chance on the same hands:", rows))
    train = [h for h in hands if h.seed // 2 % 2 == 0]
    test = [h for h in hands if h.seed // 2 % 2 == 1]
    if train and test:
        a2, b2 = fit_said(train, thin)
        rows = [(_logistic(a2, b2, _margin(h)), h.made) for h in test]
        print(table(f"\nHeld out: fitted to the {len(train)} hands of seeds 4k and 4k+1, on the rest:", rows))


def _expects(card: tuple[int, float, bool], low: int, high: int, lo: int, hi: int) -> bool:
    """A card hint "the taker's chance: about N%" with ``low`` to ``high - 1`` tricks played, N
    in ``lo`` to ``hi - 1``."""
    t, f, solved = card
    return not solved and low <= t < high and lo <= round(f * 100) < hi


def _margin(hand: Hand) -> float:
    game = make("apology")
    return bid_margin(game.new(seed=hand.seed).hands[hand.seat], game)[0]


def _logistic(a: float, b: float, x: float) -> float:
    return 1.0 / (1.0 + math.exp(-(a + b * x)))


def fit_said(hands: list[Hand], thin: int) -> tuple[float, float]:
    """The bid words' curve: logistic regression of the taker's success on the table's margin, each hand
    under 10% weighed ``thin`` times (one in ``thin`` of them was played)."""
    import numpy as np

    x = np.array([_margin(h) for h in hands])
    y = np.array([float(h.made) for h in hands])
    weight = np.array([thin if h.chance < 0.1 else 1.0 for h in hands])
    design = np.stack([np.ones_like(x), x], axis=1)
    w = np.zeros(2)
    for _ in range(50):  # Newton's method
        p = 1 / (1 + np.exp(-design @ w))
        grad = design.T @ (weight * (y - p))
        hess = design.T @ (design * (weight * p * (1 - p))[:, None])
        w = w + np.linalg.solve(hess, grad)
    return float(w[0]), float(w[1])


if __name__ == "__main__":
    main()
