"""A double-dummy search of the tricks left in a hand of Bishops Whist, for the players' own use.

The strong player deals the cards it cannot see (``game.determinize``) and asks this solver what each
of its cards is worth in each such world, every hand open: partners play together for their side's
margin of hand points (tricks over six, two a bishop), the opponents against it. That is the search of
a whist player who "plays to his partner": it will not trump a partner's sure trick, and throws its
bishop onto a trick the side is sure to take, because those plays score more for the side.

Cards are small integers (``suit * 16 + rank - 2``, the rank as in ``RANK_VALUE``) and a hand is a bit
mask of its suited cards plus a count of its knights, so a position is a handful of integers: the
alpha-beta search keeps a transposition table keyed by the hands, the leader and the tricks taken.
Cards next to each other among the cards still out (a bishop never: it is worth points) are one move.
When the end of the hand looks within its budget of nodes it searches there at once; there the value is
bounded at each trick boundary by what the hand can still bring (sure trumps, the leader's winners, the
bishops still out either way), bounds that cut most zero-window searches, and the knight's trick plays
itself. Otherwise it deepens a trick at a time until its budget is spent, and short of the end it scores
the position by a rough count of the trick-taking cards and the guarded bishops. Hands are bit masks
under 2**62 so that a compiled build (``parlour.build_compiled``) keeps them unboxed.
The laws (following suit, the knight's revoke, the knight as a ten, the irregular trick, the knight's
trick) are those of ``rules.py``, restated on integers: the rules module stays the judge of the real
game, and a test plays the solver's trick winner against it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.games.bishops_whist.rules import (
    BISHOP_POINTS,
    KNIGHT,
    RANK_VALUE,
    TRICKS,
    BishopsWhistExtra,
    quitted_tricks,
    suit_of,
)
from parlour.players import View

SUITS = "SHDC"
KN = 64
"""A knight's code in the solver (knights have no suit, and all four are alike)."""
BOOK = 6
LOW = 2
"""The lowest rank: a card's code is its rank less this, so that every bit of a hand is under 2**62 (the
integers a compiled build keeps unboxed)."""
SUIT_MASK = tuple(0x1FFF << (16 * s) for s in range(4))
BISHOP_RANK = RANK_VALUE["B"] - LOW
TEN = 10 - LOW
"""What a knight ranks as in a plain suit that leads, in the solver's ranks."""
BISHOP_BIT = tuple(1 << (16 * s + BISHOP_RANK) for s in range(4))
ALL_BISHOPS = sum(BISHOP_BIT)
INF = float("inf")
GRAIN = 4
"""The count at the horizon is rounded to a quarter point, so that the zero-window searches that find a
card's value (``value_of``) take few steps: every value is a multiple of ``STEP``."""
STEP = 1.0 / GRAIN
GROWTH = 3.0
"""The least a search one trick deeper is taken to cost, as a multiple of the last (``solve``)."""
_RANK_CODE = {v - LOW: k for k, v in RANK_VALUE.items()}


def card_id(code: str) -> int:
    """The solver's integer for a card code (``KN`` for a knight)."""
    if code == KNIGHT:
        return KN
    return SUITS.index(code[-1]) * 16 + RANK_VALUE[code[0]] - LOW


def card_code(card: int) -> str:
    return KNIGHT if card == KN else _RANK_CODE[card & 15] + SUITS[card >> 4]


def _high_mask(rank: int) -> int:
    return sum(1 << (16 * s + rank - LOW) for s in range(4))


ACES, KINGS, QUEENS = _high_mask(14), _high_mask(13), _high_mask(12)
"""Plain castle-aces, kings and queens count 1.5, 1 and 0.5 in the rough count of tricks at the horizon."""
TRUMP_WEIGHT = 1.6
KNIGHT_WEIGHT = 0.6
ACE_WEIGHT, KING_WEIGHT, QUEEN_WEIGHT = 1.5, 1.0, 0.5
BISHOP_TOP, BISHOP_GUARDED, BISHOP_BARE = 0.75, 0.6, 0.35
"""The chance, at the horizon, that a side keeps a bishop it holds: the best card left in its suit (or
a trump), guarded by three more of the suit in the side's hands or by a knight, or neither."""


def trick_margin(tricks: int) -> int:
    """Our side's margin of trick points when it takes ``tricks`` of the thirteen: one a trick over six
    for whichever side takes seven or more."""
    return tricks - BOOK if tricks > BOOK else tricks - (TRICKS - BOOK)


def _narrowed(ordered: list[int]) -> list[int]:
    """Of ``ordered`` moves (the likeliest first), the first one, then per suit the highest, lowest and
    bishop, and a knight, in the same order."""
    keep = {ordered[0]}
    low: dict[int, int] = {}
    high: dict[int, int] = {}
    for c in ordered:
        if c == KN or (c & 15) == BISHOP_RANK:
            keep.add(c)
            continue
        suit = c >> 4
        if suit not in low or c < low[suit]:
            low[suit] = c
        if suit not in high or c > high[suit]:
            high[suit] = c
    keep.update(low.values())
    keep.update(high.values())
    return [c for c in ordered if c in keep]


EXACT_SHARE = 0.6
"""The share of its budget a search may spend trying to reach the end of the hand at once."""


def exact_cost(left: int) -> float:
    """About the nodes a search of the last ``left`` tricks to the end takes (measured on seeded hands
    with ``benchmarks/bench_bw_solver.py``: some 4 000 for five tricks, six times as many a trick more)."""
    return 4000.0 * 6.0 ** (left - 5)


class OutOfBudget(Exception):
    """The search spent its nodes (or its time): the deepening stops at the last finished depth."""


class Position:
    """Every hand open, the trick on the table, and what the side of ``side`` has scored so far.

    ``side`` is the seat whose side maximises; the values are its side's margin of hand points over the
    opponents in this hand (the bishop cut, already scored, left out).
    """

    def __init__(
        self,
        hands: Sequence[int],
        knights: Sequence[int],
        order: Sequence[int],
        side: int,
        trump: str | None,
        leader: int,
        trick: Sequence[tuple[int, int, bool]],
        number: int,
        tricks_ours: int,
        bishops_margin: int,
        *,
        void_ten: bool = True,
        irregular_leader: bool = False,
    ) -> None:
        self.hands = list(hands)
        self.knights = list(knights)
        self.order = list(order)
        i = self.order.index(side)
        partner = self.order[(i + 2) % 4]
        self.ours = [1 if s in (side, partner) else 0 for s in range(4)]
        self.next = [self.order[(self.order.index(s) + 1) % 4] for s in range(4)]
        self.trump = -1 if trump is None else SUITS.index(trump)
        self.leader = leader
        self.trick: list[tuple[int, int, bool]] = list(trick)
        self.number = number
        """Tricks quitted so far."""
        self.tricks_ours = tricks_ours
        self.bishops_margin = bishops_margin
        self.void_ten = void_ten
        self.irregular_leader = irregular_leader
        self.live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        """The suited cards still out: in the hands or on the table (kept as the tricks are gathered)."""
        for _, c, _ in self.trick:
            if c != KN:
                self.live |= 1 << c
        self.nodes = 0
        self.budget = 0
        self.deadline: float | None = None
        self.narrow_above = TRICKS
        """With more tricks than this left, each player tries only the highest, the lowest and the
        bishop of each suit, a knight, and the cheapest card that wins (a forward pruning that lets the
        search see further)."""
        self.leaves: dict[tuple[int, ...], float] = {}
        self.table: dict[tuple[int, ...], tuple[float, float, int, int]] = {}
        """Per position at a trick boundary: bounds of its value (less the bishops taken so far), the
        depth searched, and the best lead found."""

    @classmethod
    def of_views(
        cls, views: Sequence[View[BishopsWhistExtra]], side: int, options: Mapping[str, Any]
    ) -> Position:
        """The position of a whole state, read from the four seats' views (its hands are all open there)."""
        view = views[side]
        extra = view.extra
        order = list(extra.order)
        i = order.index(side)
        ours = {side, order[(i + 2) % 4]}
        hands, knights = [], []
        for v in views:
            mask = 0
            for c in v.hand:
                if c != KNIGHT:
                    mask |= 1 << card_id(c)
            hands.append(mask)
            knights.append(v.hand.count(KNIGHT))
        tricks = quitted_tricks(view)
        taken = sum(1 for t in tricks if t.winner in ours)
        margin = 0
        for t in tricks:
            b = sum(1 for p in t.plays if p.card[0] == "B")
            margin += BISHOP_POINTS * b if t.winner in ours else -BISHOP_POINTS * b
        void_ten = options.get("void_knight", "ten") == "ten"
        irregular_leader = options.get("irregular_trick", "first-suit") == "leader"
        plays = [(p.seat, p.card) for p in view.trick.plays] if view.trick is not None else []
        if view.trick is not None and view.trick.leader is not None:
            leader = view.trick.leader
        elif plays:
            leader = plays[0][0]
        else:
            leader = int(view.to_move) if view.to_move is not None else side
        trick: list[tuple[int, int, bool]] = []
        trump = view.trump
        for k, (s, c) in enumerate(plays):
            ten = False
            if c == KNIGHT and k > 0:
                lead = plays[0][1]
                if lead != KNIGHT and suit_of(lead) != trump:
                    led = SUITS.index(lead[-1])
                    ten = void_ten or bool(hands[s] & SUIT_MASK[led])
            trick.append((s, card_id(c), ten))
        return cls(
            hands,
            knights,
            order,
            side,
            trump,
            leader,
            trick,
            len(tricks),
            taken,
            margin,
            void_ten=void_ten,
            irregular_leader=irregular_leader,
        )

    # --- the laws, on integers ------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        seat = self.leader
        for _ in self.trick:
            seat = self.next[seat]
        return seat

    def winner(self, trick: Sequence[tuple[int, int, bool]], last: bool) -> int:
        """The index in ``trick`` of the card that holds it (as ``rules.winning_play``)."""
        if last:
            for i in range(len(trick) - 1, -1, -1):
                if trick[i][1] == KN:
                    return i  # the last knight played wins the knight's trick
        trump = self.trump
        best, best_value = -1, -1
        if trump >= 0:
            for i, (_, c, _) in enumerate(trick):
                if c != KN and c >> 4 == trump and c > best_value:
                    best, best_value = i, c
            if best >= 0:
                return best
        lead = trick[0][1]
        if lead == KN:
            if self.irregular_leader:
                return 0
            led = -1
            for _, c, _ in trick:
                if c != KN:
                    led = c >> 4
                    break
            if led < 0:
                return 0
            for i, (_, c, _) in enumerate(trick):
                if c != KN and c >> 4 == led and c > best_value:
                    best, best_value = i, c
            return best
        led = lead >> 4
        for i, (_, c, ten) in enumerate(trick):
            if c == KN:
                if ten and best_value <= TEN:  # of two knights ranking as tens the later wins
                    best, best_value = i, TEN
            elif c >> 4 == led and (c & 15) > best_value:
                best, best_value = i, c & 15
        return best

    def lawful(self, seat: int) -> list[int]:
        """The cards ``seat`` may play (``KN`` for a knight), one of each run of touching cards."""
        hand = self.hands[seat]
        knights = self.knights[seat]
        if self.trick:
            lead = self.trick[0][1]
            if lead != KN:
                led = lead >> 4
                suited = hand & SUIT_MASK[led]
                if suited:
                    if suited == BISHOP_BIT[led] and knights:
                        return [lead & ~15 | BISHOP_RANK, KN]  # the knight's revoke
                    return self._runs(suited)
        cards = self._runs(hand) if hand else []
        if knights:
            cards.append(KN)
        return cards

    def _runs(self, mine: int) -> list[int]:
        """The highest card of each run of ``mine`` that touch among the cards still out (the cards on
        the table count as out); a bishop always stands alone."""
        live = self.live
        out: list[int] = []
        m = mine
        while m:
            b = m & -m
            m ^= b
            if b & ALL_BISHOPS:
                out.append(b.bit_length() - 1)
                continue
            above = live & ~((b << 1) - 1) & SUIT_MASK[(b.bit_length() - 1) >> 4]
            nxt = above & -above
            if nxt and nxt & mine and not nxt & ALL_BISHOPS:
                continue  # the next card up is ours too: one move with it
            out.append(b.bit_length() - 1)
        return out

    def run_of(self, seat: int, card: int) -> list[int]:
        """The cards of ``seat`` that play as ``card`` does (its run, lowest first)."""
        if card == KN or (1 << card) & ALL_BISHOPS:
            return [card]
        live = self.live
        mine = self.hands[seat]
        run = [card]
        below = card - 1
        while below >= (card & ~15) and not (live >> below) & 1:
            below -= 1
        while below >= (card & ~15) and (mine >> below) & 1 and not (1 << below) & ALL_BISHOPS:
            run.append(below)
            below -= 1
            while below >= (card & ~15) and not (live >> below) & 1:
                below -= 1
        return sorted(run)

    # --- playing and taking back ------------------------------------------------------------------------

    def play(self, seat: int, card: int) -> tuple[int, int, int, list[tuple[int, int, bool]]] | None:
        """Play ``card`` for ``seat``; when it completes the trick, gather it and return what undoes that."""
        trick = self.trick
        ten = False
        if card == KN:
            if trick:
                lead = trick[0][1]
                if lead != KN and lead >> 4 != self.trump:
                    ten = self.void_ten or bool(self.hands[seat] & SUIT_MASK[lead >> 4])
            self.knights[seat] -= 1
        else:
            self.hands[seat] ^= 1 << card
        trick.append((seat, card, ten))
        if len(trick) < 4:
            return None
        w = trick[self.winner(trick, self.number == TRICKS - 1)][0]
        undo = (self.leader, self.tricks_ours, self.bishops_margin, trick)
        gone = 0
        for _, c, _ in trick:
            if c != KN:
                gone |= 1 << c
        self.live ^= gone
        bishops = (gone & ALL_BISHOPS).bit_count()
        if self.ours[w]:
            self.tricks_ours += 1
            self.bishops_margin += BISHOP_POINTS * bishops
        else:
            self.bishops_margin -= BISHOP_POINTS * bishops
        self.leader = w
        self.number += 1
        self.trick = []
        return undo

    def unplay(self, seat: int, undo: tuple[int, int, int, list[tuple[int, int, bool]]] | None) -> None:
        if undo is not None:
            self.leader, self.tricks_ours, self.bishops_margin, self.trick = undo
            self.number -= 1
            for _, c, _ in self.trick:
                if c != KN:
                    self.live |= 1 << c
        _, card, _ = self.trick.pop()
        if card == KN:
            self.knights[seat] += 1
        else:
            self.hands[seat] ^= 1 << card

    # --- values -----------------------------------------------------------------------------------------

    def final(self) -> float:
        return float(trick_margin(self.tricks_ours) + self.bishops_margin)

    def evaluate(self) -> float:
        """A rough value at the search's horizon (a trick boundary): the tricks still to play shared out
        by the trick-taking cards each side holds, each bishop still in hand more likely kept when it
        is the best card left in its suit, or guarded. The part that depends on the cards alone is
        remembered per deal of the cards left (the same leaves come back by many orders of play)."""
        h, k = self.hands, self.knights
        key = (h[0], h[1], h[2], h[3], k[0] | k[1] << 3 | k[2] << 6 | k[3] << 9)
        part = self.leaves.get(key)
        if part is None:
            part = self.leaves[key] = self._prospects()
        return round((self.tricks_ours + self.bishops_margin + part) * GRAIN) / GRAIN

    def _prospects(self) -> float:
        """The cards' share of the tricks left, less the book, and the bishops' expected points."""
        hands, ours, knights = self.hands, self.ours, self.knights
        trump = SUIT_MASK[self.trump] if self.trump >= 0 else 0
        side = [0, 0]
        kn = [0, 0]
        for s in range(4):
            side[ours[s]] |= hands[s]
            kn[ours[s]] += knights[s]
        weight = [0.5, 0.5]
        for t in (0, 1):
            h = side[t]
            plain = h & ~trump
            weight[t] += (
                TRUMP_WEIGHT * (h & trump).bit_count()
                + KNIGHT_WEIGHT * kn[t]
                + ACE_WEIGHT * (plain & ACES).bit_count()
                + KING_WEIGHT * (plain & KINGS).bit_count()
                + QUEEN_WEIGHT * (plain & QUEENS).bit_count()
            )
        left = TRICKS - self.number
        value = left * weight[1] / (weight[0] + weight[1]) - (BOOK + 0.5)
        live = side[0] | side[1]
        bishops = live & ALL_BISHOPS
        while bishops:
            b = bishops & -bishops
            bishops ^= b
            suit = SUIT_MASK[(b.bit_length() - 1) >> 4]
            t = 1 if side[1] & b else 0
            if suit == trump or not live & suit & ~((b << 1) - 1):
                p = BISHOP_TOP
            elif (side[t] & suit).bit_count() >= 4 or kn[t]:
                p = BISHOP_GUARDED
            else:
                p = BISHOP_BARE
            gain = BISHOP_POINTS * (2 * p - 1)
            value += gain if t else -gain
        return value

    # --- the search ------------------------------------------------------------------------------------

    def _ordered(self, seat: int) -> list[int]:
        """Moves likelier to be best first (alpha-beta cuts more): winners cheaply, losers cheaply, a
        bishop onto a trick the side holds last in the trick."""
        cards = self.lawful(seat)
        if len(cards) < 2:
            return cards
        trick = self.trick
        if not trick:
            ordered = sorted(cards, key=lambda c: -(c & 15) if c != KN else -TEN)
            if TRICKS - self.number > self.narrow_above:
                return _narrowed(ordered)
            return ordered
        lead = trick[0][1]
        if lead == KN or self.number == TRICKS - 1:
            return cards  # the irregular trick and the knight's trick: as they come
        w = self.winner(trick, False)
        holder, top, _ = trick[w]
        trump = self.trump
        led = lead >> 4
        trumped = top != KN and top >> 4 == trump
        top_rank = TEN if top == KN else top & 15
        knight_ten = led != trump and self.void_ten
        partner_holds = self.ours[holder] == self.ours[seat]
        last = len(trick) == 3
        keyed: list[tuple[float, int]] = []
        for c in cards:
            if c == KN:
                rank = TEN
                wins = knight_ten and not trumped and top_rank <= TEN
                bishop = False
            else:
                rank = c & 15
                suit = c >> 4
                bishop = rank == BISHOP_RANK
                if suit == trump:
                    wins = not trumped or rank > top_rank
                else:
                    wins = not trumped and suit == led and rank > top_rank
            if partner_holds and last:
                key = -100.0 if bishop else (50.0 if wins else 0.0) + rank
            elif wins:
                key = -50.0 + rank + (20.0 if c != KN and c >> 4 == trump else 0.0)
            else:
                key = rank + (30.0 if bishop else 0.0)
            keyed.append((key, c))
        keyed.sort()
        ordered = [c for _, c in keyed]
        if TRICKS - self.number > self.narrow_above:
            return _narrowed(ordered)
        return ordered

    def search(self, alpha: float, beta: float, depth: int) -> float:
        """The side's margin with best play by both sides, looking ``depth`` trick boundaries ahead
        (fail-soft alpha-beta: a value outside the window is a bound)."""
        trick = self.trick
        key: tuple[int, ...] | None = None
        found: tuple[float, float, int, int] | None = None
        base = 0
        if not trick:
            left = TRICKS - self.number
            if left == 0:
                return self.final()
            if depth <= 0:
                return self.evaluate()
            if left == 1:
                self.nodes += 1
                return self.last_trick()
            if depth >= left:
                depth = left
                # Searched to the end: what the hand can still bring either side bounds the value.
                lo, hi = self.bounds(left)
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
            h, k = self.hands, self.knights
            knights = k[0] | k[1] << 3 | k[2] << 6 | k[3] << 9
            taken = self.tricks_ours
            # What is scored so far is left out of the entry (``base``), and so are our tricks where the
            # book no longer turns on them: a side holds seven already, or ours cannot reach seven.
            book = taken if taken < TRICKS - BOOK <= taken + left else (TRICKS if taken > BOOK else -1)
            key = (h[0], h[1], h[2], h[3], knights, self.leader, book)
            base = self.bishops_margin + taken
            found = self.table.get(key)
            if found is not None and found[2] >= depth:
                lo, hi = found[0] + base, found[1] + base
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        if self.nodes >= self.budget:
            raise OutOfBudget
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise OutOfBudget
        seat = self.leader
        for _ in trick:
            seat = self.next[seat]
        maximise = self.ours[seat]
        a, b = alpha, beta
        best = -INF if maximise else INF
        cards = self._ordered(seat)
        if key is not None and found is not None and found[3] in cards and cards[0] != found[3]:
            cards.remove(found[3])
            cards.insert(0, found[3])  # the best card of an earlier search first
        best_card = cards[0]
        for card in cards:
            undo = self.play(seat, card)
            try:
                v = self.search(a, b, depth - 1 if undo is not None else depth)
            finally:
                self.unplay(seat, undo)
            if maximise:
                if v > best:
                    best, best_card = v, card
                    if v > a:
                        a = v
            elif v < best:
                best, best_card = v, card
                if v < b:
                    b = v
            if a >= b:
                break
        if key is not None:
            rel = best - base
            lo, hi = -INF, INF
            if found is not None and found[2] == depth:  # what an earlier search at this depth found
                lo, hi = found[0], found[1]
            if best <= alpha:
                hi = min(hi, rel)
            elif best >= beta:
                lo = max(lo, rel)
            else:
                lo = hi = rel
            self.table[key] = (lo, hi, depth, best_card)
        return best

    def bounds(self, left: int) -> tuple[float, float]:
        """Bounds of the value at a trick boundary, from the end of the hand: each side takes at least the
        tricks of its sure trumps, and every bishop still out may go either way. A player holding the
        best trumps left takes a trick with each of them, each in its own trick, but for one while a
        knight is out (following suit, he may have to keep one for the knight's trick, where a knight
        wins). The leader, who keeps the lead while he cashes, stops short of the knight's trick."""
        hands, ours = self.hands, self.ours
        sure = [0, 0]
        if self.trump >= 0:
            trumps = self.live & SUIT_MASK[self.trump]
            if trumps:
                top = trumps.bit_length() - 1
                holder = 0
                for s in range(4):
                    if (hands[s] >> top) & 1:
                        holder = s
                mine = hands[holder]
                count = 0
                while trumps and (mine >> (trumps.bit_length() - 1)) & 1:
                    trumps ^= 1 << (trumps.bit_length() - 1)
                    count += 1
                if count and self.knights[0] + self.knights[1] + self.knights[2] + self.knights[3]:
                    count -= 1  # one of them may have to wait for the knight's trick, and lose it there
                sure[ours[holder]] = count
        # The leader cashes his winners while no other hand holds a trump: every trump (they are all his)
        # and, in each plain suit, the best cards left while he holds them and they outrank a knight.
        leader = self.leader
        mine = hands[leader]
        trump_mask = SUIT_MASK[self.trump] if self.trump >= 0 else 0
        if not (self.live & ~mine & trump_mask):
            count = (mine & trump_mask).bit_count()
            for suit in SUIT_MASK:
                if suit == trump_mask:
                    continue
                cards = self.live & suit
                while cards:
                    top = cards.bit_length() - 1
                    if not (mine >> top) & 1 or (top & 15) < TEN:
                        break
                    cards ^= 1 << top
                    count += 1
            if self.knights[0] + self.knights[1] + self.knights[2] + self.knights[3]:
                count = min(count, left - 1)
            if count > sure[ours[leader]]:
                sure[ours[leader]] = count
        swing = BISHOP_POINTS * (self.live & ALL_BISHOPS).bit_count()
        margin = self.bishops_margin
        taken = self.tricks_ours
        return (
            float(trick_margin(taken + sure[1]) + margin - swing),
            float(trick_margin(taken + left - sure[0]) + margin + swing),
        )

    def last_trick(self) -> float:
        """The value of the knight's trick, every hand down to one card: it plays itself."""
        hands, trick = self.hands, []
        seat = self.leader
        gone = 0
        for _ in range(4):
            card = KN if not hands[seat] else hands[seat].bit_length() - 1
            if card != KN:
                gone |= 1 << card
            trick.append((seat, card, False))  # in the last trick a knight wins by being the last
            seat = self.next[seat]
        w = trick[self.winner(trick, True)][0]
        bishops = BISHOP_POINTS * (gone & ALL_BISHOPS).bit_count()
        if self.ours[w]:
            return float(trick_margin(self.tricks_ours + 1) + self.bishops_margin + bishops)
        return float(trick_margin(self.tricks_ours) + self.bishops_margin - bishops)

    def values(
        self,
        cards: Sequence[int],
        depth: int,
        within: float = INF,
        guesses: Mapping[int, float] | None = None,
    ) -> dict[int, float]:
        """Each of ``cards`` (the player to move's, whose side maximises) valued by a search ``depth``
        trick boundaries deep. A card found more than ``within`` points worse than the best so far is
        given that bound (best less ``within``) instead of its exact value: the search of it is cut short.
        ``guesses`` (a shallower search's values) start each card's zero-window searches near the mark."""
        out: dict[int, float] = {}
        best = -INF
        for card in cards:
            floor = best - within
            guess = guesses[card] if guesses and card in guesses else (best if best > -INF else 0.0)
            v = self.value_of(card, depth, max(guess, floor), floor)
            out[card] = max(v, floor)
            best = max(best, v)
        return out

    def value_of(self, card: int, depth: int, guess: float, floor: float = -INF) -> float:
        """``card``'s value (the player to move's) by zero-window searches that close in on it from
        ``guess`` (MTD(f)): each asks only whether the value is above a mark, which cuts far more than
        one search with a wide window. Below ``floor``, an upper bound at or under ``floor`` is enough."""
        seat = self.to_move
        lo, hi = -INF, INF
        g = guess
        while lo < hi:
            beta = g + STEP if g == lo else g
            if beta <= floor:
                beta = floor + STEP
            undo = self.play(seat, card)
            try:
                v = self.search(beta - STEP, beta, depth - 1 if undo is not None else depth)
            finally:
                self.unplay(seat, undo)
            if v < beta:
                hi = v
                if hi <= floor:
                    return hi
            else:
                lo = v
            g = v
        return lo

    def solve(
        self,
        cards: Sequence[int],
        budget: int,
        deadline: float | None = None,
        *,
        thrifty: bool = False,
        within: float = INF,
    ) -> tuple[dict[int, float], int]:
        """Search to the end of the hand at once if that looks within the budget (``exact_cost``); else,
        or if it was not, deepen a trick at a time while the nodes last: the values of the deepest search
        finished, and its depth (0: not even the trick on the table was searched within the budget).

        ``thrifty``: do not start a depth that the growth of the last ones says cannot finish within the
        budget (the nodes left over go to the caller's next world instead of a search cut short)."""
        start = self.nodes
        self.deadline = deadline
        left = TRICKS - self.number
        if left > 1 and exact_cost(left) <= EXACT_SHARE * budget:
            # The end of the hand looks within reach: search to it at once (a search to the end is cut by
            # the bounds, a shallower one is not, so deepening first would cost several times as much).
            self.budget = start + int(EXACT_SHARE * budget)
            try:
                return self.values(cards, left, within), left
            except OutOfBudget:
                pass  # the rest of the nodes deepen a trick at a time, as below
        self.budget = start + budget
        best: dict[int, float] = {}
        reached = 0
        spent: list[int] = []
        for depth in range(1, left + 1):
            if thrifty and spent:
                growth = max(GROWTH, spent[-1] / max(1, spent[-2])) if len(spent) > 1 else GROWTH
                if spent[-1] * growth > self.budget - self.nodes:
                    break
            start = self.nodes
            if best:  # the best card of the last depth first: the others are cut shorter
                cards = sorted(cards, key=lambda c: -best[c])
            try:
                best = self.values(cards, depth, within, best)
            except OutOfBudget:
                break
            spent.append(self.nodes - start)
            reached = depth
        return best, reached
