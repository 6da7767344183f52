"""A fast model of one Roquet hand for the search player: cards as integers, hands as bit sets.

The search plays the rest of a hand many times over in determinized worlds (the opponent's cards and
the stock's order fixed), which the rules module, built for text, logs and views, is far too slow for.
This model copies only what trick play needs: following suit, the trick's winner, the winner's
combinations (one table card a trick) and the draws from the stock. In it the winner always lays down
the most points it can at once (``best_melds``); the meld moment of the real game is decided by the
player itself. A test plays the model against the rules to check they agree.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from parlour.cards import SUITS
from parlour.games.roquet.rules import (
    HAND_SIZE,
    LIVRET_SIZE,
    MIN_SEQUENCE,
    MUSTER_POINTS,
    RANK_INDEX,
    RANKS,
    RoquetGame,
    RoquetState,
    pair_value,
    rank_of,
    suit_of,
)

RANK_COUNT = len(RANKS)
CARD_NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""Card number ``suit * 15 + rank`` (ace 0, castle 14) to its code."""
SUIT_MASKS: tuple[int, ...] = tuple(((1 << RANK_COUNT) - 1) << (RANK_COUNT * s) for s in range(len(SUITS)))
INF = float("inf")


def card_id(card: str) -> int:
    return SUITS.index(suit_of(card)) * RANK_COUNT + RANK_INDEX[rank_of(card)]


def mask_of(cards: object) -> int:
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << card_id(c)
    return m


def cards_of(mask: int) -> list[str]:
    return [CARD_NAMES[i] for i in bits(mask)]


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@lru_cache(maxsize=16)
def combos(max_sequence: int) -> tuple[tuple[int, int], ...]:
    """Every combination of the pack as (card mask, points): pairs, musters and sequences."""
    out: list[tuple[int, int]] = []
    for r in range(RANK_COUNT):
        points = pair_value(RANKS[r])
        ids = [s * RANK_COUNT + r for s in range(len(SUITS))]
        for i in range(len(ids)):
            for j in range(i + 1, len(ids)):
                out.append(((1 << ids[i]) | (1 << ids[j]), points))
        out.append((sum(1 << c for c in ids), MUSTER_POINTS))
    for s in range(len(SUITS)):
        for length in range(MIN_SEQUENCE, max_sequence + 1):
            for start in range(RANK_COUNT - length + 1):
                m = sum(1 << (s * RANK_COUNT + start + k) for k in range(length))
                out.append((m, length))
    return tuple(out)


@lru_cache(maxsize=200_000)
def best_melds(hand: int, table: int, max_sequence: int, one: bool) -> tuple[int, int]:
    """The most points ``hand`` can lay down now with at most one card of ``table``, and the cards
    (hand and table) those combinations use: what the trick winner banks in the model."""
    avail = hand | table
    best = (0, 0)
    for m, points in combos(max_sequence):
        if m & avail != m:
            continue
        t = m & table
        if t & (t - 1):
            continue  # two table cards: one a trick (ruling RQ-6)
        if one:
            total, used = points, m
        else:
            rest, rest_used = best_melds(hand & ~m, 0 if t else table, max_sequence, False)
            total, used = points + rest, m | rest_used
        if total > best[0]:
            best = (total, used)
    return best


_NEXT_IN_SUIT = sum(1 << (s * RANK_COUNT + r) for s in range(len(SUITS)) for r in range(RANK_COUNT - 1))
"""Cards with a higher neighbour in their suit (not the castles)."""
_SECOND_IN_SUIT = sum(1 << (s * RANK_COUNT + r) for s in range(len(SUITS)) for r in range(RANK_COUNT - 2))


@lru_cache(maxsize=200_000)
def promise(hand: int, trump: int) -> float:
    """What a hand's cards promise beyond the combinations ready now, as the heuristic judges a card's
    keep (``players.keep_value``): three of a rank towards a muster, neighbours and near neighbours in
    a suit towards a sequence, and trumps and high cards to win the tricks that allow melding."""
    value = 0.0
    counts = [0] * RANK_COUNT
    for c in bits(hand):
        r = c % RANK_COUNT
        counts[r] += 1
        value += (1.0 + 2.0 * r / 14) if c // RANK_COUNT == trump else 0.4 * r / 14
    value += 3.0 * sum(1 for n in counts if n == 3)
    value += (hand & (hand >> 1) & _NEXT_IN_SUIT).bit_count()
    value += 0.4 * (hand & (hand >> 2) & _SECOND_IN_SUIT).bit_count()
    return value


@dataclass
class World:
    """One hand in the model, as a determinized (or the true) state gives it."""

    hands: list[int]
    livret: int
    turn_up: int
    """Card number of the turn-up while it lies on the table, else -1."""
    stock: tuple[int, ...]
    """The face-down stock, top first (the turn-up is drawn after it)."""
    leader: int
    led: int
    """The card led to the trick in progress, or -1."""
    trump: int


def world_of(state: RoquetState) -> World:
    if state.phase != "play":
        raise ValueError("the model starts at a card to play")
    led = card_id(state.trick[0][1]) if state.trick else -1
    return World(
        hands=[mask_of(h) for h in state.hands],
        livret=mask_of(state.livret),
        turn_up=card_id(state.turn_up) if state.turn_up is not None else -1,
        stock=tuple(card_id(c) for c in state.stock),
        leader=state.trick[0][0] if state.trick else state.leader,
        led=led,
        trump=SUITS.index(state.trump),
    )


class Solver:
    """Alpha-beta over the tricks of one world, ``depth`` tricks deep, for the points ``me`` banks
    less the opponent's; at the horizon each side's combinations in hand count ``potential`` a point,
    and what its cards promise (``promise``) ``quality`` a point."""

    def __init__(
        self,
        game: RoquetGame,
        world: World,
        me: int,
        potential: float = 0.5,
        quality: float = 0.0,
        blind: bool = False,
    ) -> None:
        self.world = world
        self.me = me
        self.trump = world.trump
        self.stock = world.stock
        self.refill_to_eight = game.refill_to_eight
        self.livret_refill = game.livret_refill
        self.turn_up_melds = game.turn_up_melds
        self.one = game.one_meld_a_trick
        self.max_sequence = game.max_sequence
        self.potential = potential
        self.quality = quality
        self.blind = blind
        """Judge the last trick's hands before its draws: a sampled world's stock order says nothing
        true about what will be drawn, and only adds noise to the comparison of the cards."""
        self.nodes = 0
        self.tt: dict[tuple[int, ...], tuple[float, int]] = {}
        trump_base = RANK_COUNT * self.trump
        self.order_key = [
            (c % RANK_COUNT) + (100 if trump_base <= c < trump_base + RANK_COUNT else 0) for c in range(60)
        ]

    # --- the rules of the model ------------------------------------------------------------

    def follow_options(self, hand: int, led: int) -> int:
        suited = hand & SUIT_MASKS[led // RANK_COUNT]
        return suited if suited else hand

    def beats(self, card: int, best: int) -> bool:
        if card // RANK_COUNT == best // RANK_COUNT:
            return card > best
        return card // RANK_COUNT == self.trump

    def ordered(self, mask: int) -> list[int]:
        key = self.order_key
        return sorted(bits(mask), key=lambda c: -key[c])

    def table(self, livret: int, turn_up: int) -> int:
        return livret | (1 << turn_up if turn_up >= 0 and self.turn_up_melds else 0)

    # --- the search ------------------------------------------------------------------------

    def root_values(self, depth: int) -> dict[int, float]:
        """The value of each card the seat to move may play, searched ``depth`` tricks deep."""
        w = self.world
        h0, h1 = w.hands
        values: dict[int, float] = {}
        if w.led < 0:
            for c in self.ordered(w.hands[w.leader]):
                values[c] = self._follow(h0, h1, w.livret, w.turn_up, 0, w.leader, c, depth, -INF, INF)
        else:
            f = 1 - w.leader
            for c in self.ordered(self.follow_options(w.hands[f], w.led)):
                values[c] = self._resolve(
                    h0, h1, w.livret, w.turn_up, 0, w.leader, w.led, c, depth, -INF, INF
                )
        return values

    def _lead(
        self,
        h0: int,
        h1: int,
        liv: int,
        tu: int,
        pos: int,
        leader: int,
        depth: int,
        alpha: float,
        beta: float,
    ) -> float:
        self.nodes += 1
        if depth == 0:
            return self.evaluate(h0, h1, liv, tu)
        key = (h0, h1, liv, tu, pos, leader, depth)
        hit = self.tt.get(key)
        if hit is not None:
            v, flag = hit
            if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                return v
        a0, b0 = alpha, beta
        maxing = leader == self.me
        best = -INF if maxing else INF
        for c in self.ordered(h0 if leader == 0 else h1):
            v = self._follow(h0, h1, liv, tu, pos, leader, c, depth, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        flag = 1 if best >= b0 else (-1 if best <= a0 else 0)
        self.tt[key] = (best, flag)
        return best

    def _follow(
        self, h0: int, h1: int, liv: int, tu: int, pos: int, leader: int, led: int, depth: int,
        alpha: float, beta: float,
    ) -> float:  # fmt: skip
        self.nodes += 1
        f = 1 - leader
        maxing = f == self.me
        best = -INF if maxing else INF
        for c in self.ordered(self.follow_options(h1 if f else h0, led)):
            v = self._resolve(h0, h1, liv, tu, pos, leader, led, c, depth, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def _resolve(
        self, h0: int, h1: int, liv: int, tu: int, pos: int, leader: int, led: int, answer: int,
        depth: int, alpha: float, beta: float,
    ) -> float:  # fmt: skip
        """The trick ``led``, ``answer`` taken, the winner's combinations, the draws, then the rest."""
        blind = self.blind and depth <= 1
        h0, h1, liv, tu, pos, winner, points = self.trick(
            h0, h1, liv, tu, pos, leader, led, answer, not blind
        )
        gain = float(points if winner == self.me else -points)
        if blind:
            self.nodes += 1
            return gain + self.evaluate(h0, h1, liv, tu)
        if not h0 or not h1:
            return gain  # the hand is over: unmelded cards are dead
        return gain + self._lead(h0, h1, liv, tu, pos, winner, depth - 1, alpha - gain, beta - gain)

    def trick(
        self,
        h0: int,
        h1: int,
        liv: int,
        tu: int,
        pos: int,
        leader: int,
        led: int,
        answer: int,
        draw: bool = True,
    ) -> tuple[int, int, int, int, int, int, int]:
        """One trick in the model: the hands, livret, turn-up and stock position after it (after the
        draws unless ``draw`` is false), its winner and the points the winner lays down."""
        hands = [h0, h1]
        hands[leader] &= ~(1 << led)
        hands[1 - leader] &= ~(1 << answer)
        winner = 1 - leader if self.beats(answer, led) else leader
        table = self.table(liv, tu)
        points, used = best_melds(hands[winner], table, self.max_sequence, self.one)
        if points:
            hands[winner] &= ~used
            taken = used & table
            if taken:
                if tu >= 0 and taken == 1 << tu:
                    tu = -1
                else:
                    liv &= ~taken
        if not draw:
            return hands[0], hands[1], liv, tu, pos, winner, points
        stock = self.stock
        for seat in (winner, 1 - winner):
            need = HAND_SIZE - hands[seat].bit_count() if self.refill_to_eight else 1
            while need > 0:
                if pos < len(stock):
                    hands[seat] |= 1 << stock[pos]
                    pos += 1
                elif tu >= 0:
                    hands[seat] |= 1 << tu
                    tu = -1
                else:
                    break
                need -= 1
        if self.livret_refill:
            while liv.bit_count() < LIVRET_SIZE and pos < len(stock):
                liv |= 1 << stock[pos]
                pos += 1
        return hands[0], hands[1], liv, tu, pos, winner, points

    def evaluate(self, h0: int, h1: int, liv: int, tu: int) -> float:
        """At the horizon: the combinations each side holds ready, at ``potential`` a point."""
        table = self.table(liv, tu)
        mine = best_melds(h0 if self.me == 0 else h1, table, self.max_sequence, self.one)[0]
        theirs = best_melds(h1 if self.me == 0 else h0, table, self.max_sequence, self.one)[0]
        value = self.potential * (mine - theirs)
        if self.quality:
            mine_h, theirs_h = (h0, h1) if self.me == 0 else (h1, h0)
            value += self.quality * (promise(mine_h, self.trump) - promise(theirs_h, self.trump))
        return value
