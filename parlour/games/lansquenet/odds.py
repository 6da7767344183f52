"""Lansquenet's exact odds, and a Monte-Carlo check of them played on the engine itself (ruling LQ-24).

A deal from a well-shuffled stock is decided by two things: whether the first two
cards share a rank, and, when they do not, which of the two ranks turns up again
first. Cards of other ranks change nothing, so when ``a`` cards of the bank's rank
and ``b`` of the players' rank remain, the bank's card is paired first with chance
``a / (a + b)`` exactly, wherever those cards lie in the stock.

With twins the bank takes half of a bet on a same-rank start and the odd chip of an
odd bet (ruling LQ-11), so the edge per chip depends on the size of the bet: the
figures here take the bet's size and use the engine's own rounding (``twins_take``),
and ``engine_edge`` enumerates every opening on the engine itself to check them.

Everything here plays through the State API alone: explicit deals (``game.new(deal=...)``),
``apply``, the legal moves, views and the log.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from parlour.cards import FRENCH_52
from parlour.engine import derive_seed, make
from parlour.engine.errors import echo
from parlour.engine.views import View
from parlour.games.lansquenet.rules import MAX_STAKE, twins_take

RANKS: tuple[str, ...] = FRENCH_52.suit_ranks["S"]


def shoe_counts(packs: int = 1) -> dict[str, int]:
    """How many cards of each rank a stock of ``packs`` full French packs holds."""
    if packs < 1:
        raise ValueError("a stock needs at least one pack")
    return {r: 4 * packs for r in RANKS}


@dataclass(frozen=True)
class ExactOdds:
    """One deal's odds from a stock of the given composition; ``edge`` is the bank's gain per chip bet."""

    cards: int
    same_rank: Fraction
    bank_first: Fraction
    """Chance that the bank's card is paired first, given the two cards differ in rank."""
    edge: Fraction
    bet: int = 2
    """The size of the bet the edge is for (it matters only with twins, for odd bets)."""

    @property
    def deals_per_same_rank(self) -> Fraction:
        return 1 / self.same_rank


def same_rank_share(twins: bool, bet: int) -> Fraction:
    """The share of a bet of ``bet`` chips the bank takes on a same-rank start, as the engine settles it."""
    if isinstance(bet, bool) or not isinstance(bet, int) or bet < 1:
        raise ValueError(f"a bet is a whole number of chips, at least 1, not {echo(bet)}")
    return Fraction(twins_take(bet), bet) if twins else Fraction(1)


def exact_odds(counts: Mapping[str, int], twins: bool = False, bet: int = 2) -> ExactOdds:
    """The bank's edge per chip of a bet of ``bet`` chips, for a stock holding ``counts[r]`` cards
    of rank ``r`` (any composition).

    With ``twins`` a same-rank start wins only half of each bet, the odd chip of an odd bet going to
    the bank: a bet of 1 loses it whole, a bet of 3 loses 2 (ruling LQ-11).
    """
    win_same = same_rank_share(twins, bet)
    live = {r: c for r, c in counts.items() if c > 0}
    n = sum(live.values())
    if n < 2:
        raise ValueError("a deal needs at least two cards")
    pairs = n * (n - 1)
    same = Fraction(sum(c * (c - 1) for c in live.values()), pairs)
    differ = 1 - same
    bank_first = Fraction(0)
    net = Fraction(0)  # the bank's net gain per chip when the two cards differ, weighted by their chance
    for x, cx in live.items():
        for y, cy in live.items():
            if x == y:
                continue
            p = Fraction(cx * cy, pairs)
            a, b = cx - 1, cy - 1
            if a + b == 0:
                continue  # neither card can be paired: the deal is void, nobody wins or loses
            bank_first += p * Fraction(a, a + b)
            net += p * Fraction(a - b, a + b)
    return ExactOdds(
        cards=n,
        same_rank=same,
        bank_first=bank_first / differ if differ else Fraction(0),
        edge=same * win_same + net,
        bet=bet,
    )


def lansquenet_odds(packs: int = 1, twins: bool = False, bet: int = 2) -> ExactOdds:
    """The odds of a deal from a freshly shuffled pack (or shoe of ``packs`` packs)."""
    return exact_odds(shoe_counts(packs), twins, bet)


def engine_edge(packs: int = 1, twins: bool = False, bet: int = 2) -> Fraction:
    """The bank's edge per chip bet, enumerated exactly on the engine from a fresh pack or shoe.

    Every ordered pair of opening ranks is dealt as a stacked deal (the bank banks ``bet``, one
    punter bets ``bet``); when the ranks differ, each way the race can end is dealt too (the next
    card of either rank turned first). Each outcome the engine settles is weighted by its chance,
    so the result is exact, and it checks the engine's settling against ``lansquenet_odds``.
    """
    same_rank_share(twins, bet)  # refuses a bad bet before any deal
    counts = shoe_counts(packs)
    total = sum(counts.values())
    pairs = total * (total - 1)
    game = make("lansquenet", players=2, packs=packs, twins=twins, length="deals", deals=1)

    def bank_gain(stack: list[str]) -> int:
        state = game.new(seed=0, deal={"banker": 0, "chips": [bet, bet], "stacks": [stack]})
        state.apply(f"bank {bet}")
        state.apply(f"bet {bet}")
        end = next(e for e in state.log if e.kind == "hand_end")
        return int(end.data["points"][0])

    edge = Fraction(0)
    for x in RANKS:
        for y in RANKS:
            if x == y:
                edge += Fraction(counts[x] * (counts[x] - 1), pairs) * bank_gain([x + "S", x + "H"])
                continue
            a, b = counts[x] - 1, counts[y] - 1
            p = Fraction(counts[x] * counts[y], pairs)
            edge += p * Fraction(a, a + b) * bank_gain([x + "S", y + "S", x + "H"])
            edge += p * Fraction(b, a + b) * bank_gain([x + "S", y + "S", y + "H"])
    return edge / bet


@dataclass(frozen=True)
class MonteCarloOdds:
    """The same figures measured on the engine, with 95% intervals."""

    deals: int
    same_rank: float
    same_rank_interval: tuple[float, float]
    bank_first: float
    bank_first_interval: tuple[float, float]
    edge: float
    edge_interval: tuple[float, float]


def monte_carlo(
    packs: int = 1, twins: bool = False, deals: int = 20_000, seed: int = 0, bet: int = 2
) -> MonteCarloOdds:
    """Play ``deals`` single-deal sessions on the engine: the banker banks ``bet``, one punter bets it.

    Each session is a fresh match, so every deal comes from a freshly shuffled stock,
    like the exact figure for the same bet.
    """
    same_rank_share(twins, bet)
    from parlour.sim import wilson

    if deals < 2:
        raise ValueError("a Monte-Carlo estimate needs at least two deals")
    game = make("lansquenet", players=2, packs=packs, twins=twins, length="deals", deals=1)
    same = bank_first = differ = 0
    won = won_sq = 0  # the bank's chips won, whole
    for i in range(deals):
        state = game.new(seed=derive_seed(seed, "odds", i), deal={"banker": 0, "chips": [bet, bet]})
        state.apply(f"bank {bet}")
        state.apply(f"bet {bet}")
        end = next(e for e in state.log if e.kind == "hand_end")
        chips = -int(end.data["points"][1])
        won += chips
        won_sq += chips * chips
        if end.data["same_rank"]:
            same += 1
        else:
            differ += 1
            bank_first += 1 if end.data["bank_wins"] else 0
    mean, half = _edge(won, won_sq, deals, bet)
    return MonteCarloOdds(
        deals=deals,
        same_rank=same / deals,
        same_rank_interval=wilson(same, deals),
        bank_first=bank_first / differ if differ else 0.0,
        bank_first_interval=wilson(bank_first, differ),
        edge=mean,
        edge_interval=(mean - half, mean + half),
    )


def monte_carlo_through_shoe(
    packs: int, twins: bool = False, deals: int = 20_000, reserve: int = 25, seed: int = 0, bet: int = 2
) -> MonteCarloOdds:
    """Deals played one after another through a shoe reshuffled at the ``reserve`` point, as at the table.

    Deep in a shoe the chance of a same-rank start depends on the cards already gone,
    so this average is the engine's answer to what the fresh-shoe figure leaves out.
    Two players take turns banking ``bet`` chips against a bet of as many.
    """
    same_rank_share(twins, bet)
    from parlour.sim import wilson

    game = make(
        "lansquenet",
        players=2,
        packs=packs,
        twins=twins,
        reserve=reserve,
        length="deals",
        deals=deals,
        stake=min(MAX_STAKE, max(1000, 500 * bet)),
    )
    state = game.new(seed=seed, deal={"banker": 0})
    n = won = won_sq = 0  # the deals, and the bank's chips won in them, whole
    same = bank_first = differ = 0
    while not state.is_over:
        legal = state.legal_actions()
        if any(r.verb == "bank" for r in state.legal_ranges()):
            state.apply(f"bank {bet}")
        elif "keep" in legal:
            state.apply("stop")
        elif "buy" in legal:
            state.apply("pass")
        else:  # a punter bets as much as the bank: the deal is played at once
            banker = _banker(state.view(None))
            state.apply(f"bet {bet}")
            end = next(e for e in reversed(state.log) if e.kind == "hand_end")
            chips = int(end.data["points"][banker])
            n, won, won_sq = n + 1, won + chips, won_sq + chips * chips
            if end.data["same_rank"]:
                same += 1
            else:
                differ += 1
                bank_first += 1 if end.data["bank_wins"] else 0
    mean, half = _edge(won, won_sq, n, bet)
    return MonteCarloOdds(
        deals=n,
        same_rank=same / n,
        same_rank_interval=wilson(same, n),
        bank_first=bank_first / differ if differ else 0.0,
        bank_first_interval=wilson(bank_first, differ),
        edge=mean,
        edge_interval=(mean - half, mean + half),
    )


def _edge(won: int, won_sq: int, deals: int, bet: int) -> tuple[float, float]:
    """The bank's mean gain per chip bet over ``deals`` deals and its 95% interval's half-width, from
    the chips it won (``won``, and the sum of their squares): reckoned exactly, then made floats once,
    so that ``odds --json`` gives the engine's figure whole without a float sum's noise (a bet of 3
    summed 0.010666666666666672 for 16/1500)."""
    mean = Fraction(won, deals * bet)
    var = (Fraction(won_sq, bet * bet) - deals * mean * mean) / (deals - 1) if deals > 1 else Fraction(0)
    return float(mean), 1.96 * math.sqrt(var / deals)


def _banker(view: View[Any]) -> int:
    """The seat holding the bank, as the table shows it."""
    return next(s.seat for s in view.seats if "banker" in s.roles)


__all__ = [
    "ExactOdds",
    "MonteCarloOdds",
    "engine_edge",
    "exact_odds",
    "lansquenet_odds",
    "monte_carlo",
    "monte_carlo_through_shoe",
    "same_rank_share",
    "shoe_counts",
]
