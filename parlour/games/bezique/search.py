"""A compact, fast model of the rest of a Bezique hand, for the search player's playouts.

The rules module is exact but builds text actions and records at every step: a playout of the talon
through it costs tens of milliseconds. The search needs hundreds of playouts a move, so it plays them
here, on small integers: a card is ``suit * 8 + power`` (power 0 for the seven up to 7 for the ace), a
card in hand carries the melds it has served in as bits above it (``kinds << 5 | card``).

What the model keeps from the rules: trick taking (``beats``), brisques, the seven of trumps (played,
exchanged or shown, once each), one meld a trick with the reuse rule (another kind, never of an
inferior order), a meld shown earlier waiting to score, the 10 for the last trick, the draw, and the
last eight with their duty to follow and to win, played exactly by ``solve`` or quickly by a greedy
rule. What it leaves out (a playout's approximation, never a rule of the real game): a further meld
shown at the same turn, the table laws' faults, ``melds_per_trick=several``, ``seven_counts_as_meld``.
The search applies its own move through this model too, but only the real rules say what is legal.
"""

from __future__ import annotations

from typing import Any

from parlour.cards import SUITS
from parlour.engine import Game
from parlour.games.bezique.rules import (
    FOURS,
    MELD_ORDER,
    MELD_POINTS,
    POWER,
    SEQUENCE_RANKS,
    BeziqueState,
    Meld,
    bezique_cards,
    last_trick_of_the_hand_scores,
    last_trick_of_the_talon_scores,
    reuse_needs_greater,
)

KINDS: tuple[Meld, ...] = tuple(Meld)
"""The kinds of meld, lowest order first: bit ``i`` of a card's record is ``KINDS[i]``."""
KIND_BIT = {k: i for i, k in enumerate(KINDS)}
BARS: tuple[int, ...] = tuple(
    sum(1 << j for j, other in enumerate(KINDS) if other == k or MELD_ORDER[other] > MELD_ORDER[k])
    for k in KINDS
)
"""For each kind, the kinds whose earlier use bars a card from it (the reuse rule, ruling BZ-9/11)."""
BARS_GREATER: tuple[int, ...] = tuple(
    sum(1 << j for j, other in enumerate(KINDS) if other == k or MELD_POINTS[other] >= MELD_POINTS[k])
    for k in KINDS
)
"""The same with option ``reuse=greater``: a card may serve again only for more points."""
CARD = 31
SEVEN, JACK, QUEEN, KING, TEN, ACE = 0, 3, 4, 5, 6, 7
KEEP = (0, 0, 0, 3, 5, 5, 11, 12)
"""How much a playout's player regrets parting with a card of each power, before its melds."""


def card_id(code: str) -> int:
    return SUITS.index(code[-1]) * 8 + POWER[code[:-1]] - 1


def card_code(c: int) -> str:
    return _RANK_OF_POWER[c & 7] + SUITS[c >> 3]


_RANK_OF_POWER = {POWER[r] - 1: r for r in POWER}


def is_brisque(c: int) -> bool:
    return (c & 7) >= TEN


def beats(lead: int, follow: int, trump: int) -> bool:
    """The second card takes the trick: higher in the suit led, or a trump on a plain lead."""
    if follow >> 3 == lead >> 3:
        return (follow & 7) > (lead & 7)
    return follow >> 3 == trump


def follow_choices(hand: list[int] | tuple[int, ...], lead: int, trump: int) -> list[int]:
    """The last eight: follow and head the trick if you can, else follow; else trump; else anything."""
    s = lead >> 3
    same = [c for c in hand if c >> 3 == s]
    if same:
        higher = [c for c in same if (c & 7) > (lead & 7)]
        return higher or same
    trumps = [c for c in hand if c >> 3 == trump]
    return trumps or list(hand)


class Rules:
    """What a playout needs of a hand's options and trumps, worked out once."""

    __slots__ = (
        "bars",
        "bez_j",
        "bez_q",
        "last_final",
        "last_stock",
        "patterns",
        "seven",
        "seven_scores",
        "trump",
    )

    def __init__(self, game: Game[Any], trump: str) -> None:
        opts = game.options
        self.trump = SUITS.index(trump)
        self.seven = self.trump * 8 + SEVEN
        q, j = bezique_cards(trump, bool(opts["alt_bezique"]))
        self.bez_q, self.bez_j = card_id(q), card_id(j)
        self.last_stock = last_trick_of_the_talon_scores(opts["last_trick"])
        self.last_final = last_trick_of_the_hand_scores(opts["last_trick"])
        self.seven_scores = bool(opts["played_seven_scores"])
        self.bars = BARS_GREATER if reuse_needs_greater(opts) else BARS
        one_per_suit = bool(opts["fours_one_per_suit"])
        pats: list[tuple[int, int, tuple[tuple[tuple[int, ...], int], ...]]] = []
        pats.append((KIND_BIT[Meld.DOUBLE_BEZIQUE], 500, (((self.bez_q,), 2), ((self.bez_j,), 2))))
        seq = tuple(((card_id(r + trump),), 1) for r in SEQUENCE_RANKS)
        pats.append((KIND_BIT[Meld.SEQUENCE], 250, seq))
        for r in ("A", "K", "Q"):
            pats.append(_four(r, FOURS[r], one_per_suit))
        pats.append(
            (KIND_BIT[Meld.ROYAL_MARRIAGE], 40, (((card_id("K" + trump),), 1), ((card_id("Q" + trump),), 1)))
        )
        pats.append((KIND_BIT[Meld.BEZIQUE], 40, (((self.bez_q,), 1), ((self.bez_j,), 1))))
        pats.append(_four("J", FOURS["J"], one_per_suit))
        for s in SUITS:
            if s != trump:
                kind = KIND_BIT[Meld.COMMON_MARRIAGE]
                pats.append((kind, 20, (((card_id("K" + s),), 1), ((card_id("Q" + s),), 1))))
        for kind_bit, pts, _ in pats:
            assert MELD_POINTS[KINDS[kind_bit]] == pts
        self.patterns = tuple(pats)
        """Every meld, highest points first: (kind bit, points, groups of (cards, copies needed))."""


def _four(r: str, kind: Meld, one_per_suit: bool) -> tuple[int, int, tuple[tuple[tuple[int, ...], int], ...]]:
    cards = tuple(card_id(r + s) for s in SUITS)
    groups = tuple(((c,), 1) for c in cards) if one_per_suit else ((cards, 4),)
    return (KIND_BIT[kind], MELD_POINTS[kind], groups)


def best_meld(hand: list[int], rules: Rules, skip: int = -1) -> tuple[int, int, list[int]]:
    """The highest-scoring meld the hand may declare now: (points, kind bit, indices of its cards in
    ``hand``), or (0, -1, []). ``skip``: an index of ``hand`` left out (a card about to be played)."""
    count = [0] * 32
    for i, it in enumerate(hand):
        if i != skip:
            count[it & CARD] += 1
    for kind, pts, groups in rules.patterns:
        for cards, need in groups:
            n = 0
            for c in cards:
                n += count[c]
            if n < need:
                break
        else:
            found = _assign(hand, skip, kind, groups, rules.bars)
            if found is not None:
                return pts, kind, found
    return 0, -1, []


def _assign(
    hand: list[int],
    skip: int,
    kind: int,
    groups: tuple[tuple[tuple[int, ...], int], ...],
    bars: tuple[int, ...],
) -> list[int] | None:
    """The indices of ``hand`` that make a meld of ``kind`` under the reuse rule (``bars``: the
    hand's options' ``Rules.bars``), or ``None``."""
    bar = bars[kind]
    chosen: list[int] = []
    for cards, need in groups:
        cands = [
            i
            for i, it in enumerate(hand)
            if i != skip and (it & CARD) in cards and not (it >> 5) & bar and i not in chosen
        ]
        if len(cands) < need:
            return None
        # declared copies first, the most used first (ruling BZ-12)
        cands.sort(key=lambda i: -(hand[i] >> 5).bit_count())
        chosen += cands[:need]
    return chosen


class Sim:
    """One world's hand from a trick onwards: both hands, the talon, the points to come."""

    __slots__ = ("hands", "lead", "leader", "pos", "pts", "rules", "shown", "stock", "turn_up", "waiting")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.hands: list[list[int]] = [[], []]
        self.stock: list[int] = []
        self.pos = 0
        self.turn_up = -1
        self.leader = 0
        self.lead = -1
        self.pts = [0, 0]
        self.shown = [0, 0]
        self.waiting = [0, 0]

    @classmethod
    def of(cls, state: BeziqueState, rules: Rules) -> Sim:
        """The model of a (determinized or true) state in the talon phase."""
        sim = cls(rules)
        for seat in (0, 1):
            h = [card_id(c) for c in state.concealed[seat]]
            for e in state.declared[seat]:
                bits = 0
                for kind, _ in e.uses:
                    bits |= 1 << KIND_BIT[Meld(kind)]
                h.append(bits << 5 | card_id(e.card))
            sim.hands[seat] = h
            sim.waiting[seat] = max((MELD_POINTS[p.kind] for p in state.waiting[seat]), default=0)
        sim.stock = [card_id(c) for c in state.stock]
        sim.turn_up = card_id(state.turn_up) if state.turn_up is not None else -1
        sim.shown = list(state.sevens_shown)
        if state.trick:
            sim.leader = state.trick[0][0]
            sim.lead = card_id(state.trick[0][1])
        else:
            sim.leader = state.leader
        return sim

    def copy(self) -> Sim:
        sim = Sim.__new__(Sim)
        sim.rules = self.rules
        sim.hands = [self.hands[0][:], self.hands[1][:]]
        sim.stock = self.stock
        sim.pos = self.pos
        sim.turn_up = self.turn_up
        sim.leader = self.leader
        sim.lead = self.lead
        sim.pts = self.pts[:]
        sim.shown = self.shown[:]
        sim.waiting = self.waiting[:]
        return sim

    def talon_left(self) -> int:
        return len(self.stock) - self.pos + (1 if self.turn_up >= 0 else 0)

    # --- the moves ------------------------------------------------------------------------------

    def _take(self, seat: int, c: int) -> None:
        """Play card ``c`` from the hand: a declared copy first, the most used (ruling BZ-12)."""
        h = self.hands[seat]
        best, bits = -1, -1
        for i, it in enumerate(h):
            if it & CARD == c and (it >> 5).bit_count() > bits:
                best, bits = i, (it >> 5).bit_count()
        it = h.pop(best)
        rules = self.rules
        if c == rules.seven:
            held = sum(1 for x in h if x & CARD == c) + 1
            if held > self.shown[seat]:
                if rules.seven_scores:
                    self.pts[seat] += 10
            else:
                self.shown[seat] -= 1
        del it

    def play(self, seat: int, c: int) -> None:
        """``seat`` plays ``c`` to the trick in play (leading if there is none)."""
        self._take(seat, c)
        if self.lead < 0:
            self.lead = c
            self.leader = seat
            return
        lead = self.lead
        leader = self.leader
        winner = seat if beats(lead, c, self.rules.trump) else leader
        self.lead = -1
        self.leader = winner
        self.pts[winner] += 10 * (is_brisque(lead) + is_brisque(c))
        last = len(self.stock) - self.pos == 1
        if last and self.rules.last_stock:
            self.pts[winner] += 10
        self._declare(winner)
        self._draw(winner)

    def _declare(self, seat: int) -> None:
        rules = self.rules
        h = self.hands[seat]
        seven = rules.seven
        if self.turn_up >= 0:
            held = sum(1 for x in h if x & CARD == seven)
            if held > self.shown[seat]:
                self.pts[seat] += 10
                if self.turn_up != seven:
                    for i, it in enumerate(h):
                        if it == seven:
                            h[i] = self.turn_up
                            self.turn_up = seven
                            break
                    else:
                        self.shown[seat] += 1
                else:
                    self.shown[seat] += 1
        pts, kind, idx = best_meld(h, rules)
        if self.waiting[seat] > pts:
            self.pts[seat] += self.waiting[seat]
            self.waiting[seat] = 0
            return
        if pts:
            self.pts[seat] += pts
            bit = 1 << kind << 5
            for i in idx:
                h[i] |= bit

    def _draw(self, winner: int) -> None:
        for seat in (winner, 1 - winner):
            if self.pos < len(self.stock):
                self.hands[seat].append(self.stock[self.pos])
                self.pos += 1
            elif self.turn_up >= 0:
                self.hands[seat].append(self.turn_up)
                self.turn_up = -1

    # --- a playout's player -----------------------------------------------------------------

    def keeps(self, seat: int, count: list[int]) -> list[tuple[int, int]]:
        """How much the player would regret parting with each card it holds while the talon lasts
        (``count``: copies of each card): its rank and trumps, the sequence, the seven, marriages,
        bezique and fours. Cards ascending."""
        rules = self.rules
        trump = rules.trump
        t = trump * 8
        seq2 = 2 * (
            (count[t + 3] > 0)
            + (count[t + 4] > 0)
            + (count[t + 5] > 0)
            + (count[t + 6] > 0)
            + (count[t + 7] > 0)
        )
        seven = rules.seven
        seven_keep = self.turn_up >= 0 and count[seven] > self.shown[seat]
        bq, bj = rules.bez_q, rules.bez_j
        bez = 9 + 4 * (count[bq] + count[bj] - 1)
        fours = [0] * 8
        for p in (JACK, QUEEN, KING, ACE):
            n = count[p] + count[8 + p] + count[16 + p] + count[24 + p]
            if n >= 2:
                fours[p] = 3 * n
        out = []
        for c in sorted(set(it & CARD for it in self.hands[seat])):
            p = c & 7
            v = KEEP[p] + fours[p]
            if c >> 3 == trump:
                v += 6
                if p >= JACK:
                    v += seq2
                if c == seven and seven_keep:
                    v += 14
            if (p == KING and count[c - 1]) or (p == QUEEN and count[c + 1]):
                v += 8
            if c in (bq, bj):
                v += bez
            out.append((c, v))
        return out

    def choose_lead(self, seat: int) -> int:
        count = [0] * 32
        for it in self.hands[seat]:
            count[it & CARD] += 1
        best, best_v = -1, 1 << 30
        for c, v in self.keeps(seat, count):
            if (c & 7) >= TEN:
                v += 8
            if v < best_v:  # ascending cards: the lower card wins a tie
                best, best_v = c, v
        return best

    def choose_follow(self, seat: int) -> int:
        rules = self.rules
        h = self.hands[seat]
        lead = self.lead
        count = [0] * 32
        for it in h:
            count[it & CARD] += 1
        trump = rules.trump
        late = (5 + (10 if rules.last_stock else 0)) if len(self.stock) - self.pos <= 1 else 0
        meld_pts, _, meld_idx = best_meld(h, rules)
        meld_cards = {h[i] & CARD for i in meld_idx}
        lead_b = 10 if (lead & 7) >= TEN else 0
        lead_s = lead >> 3
        lead_p = lead & 7
        seven_bonus = 10 if self.turn_up >= 0 and count[rules.seven] > self.shown[seat] else 0
        waiting = self.waiting[seat]
        best, best_v = -1, -(1 << 30)
        for c, keep in self.keeps(seat, count):
            b = lead_b + (10 if (c & 7) >= TEN else 0)
            if (c >> 3 == lead_s and (c & 7) > lead_p) or (c >> 3 != lead_s and c >> 3 == trump):
                if c in meld_cards:
                    i = max(range(len(h)), key=lambda i: (h[i] & CARD == c, (h[i] >> 5).bit_count()))
                    after = best_meld(h, rules, skip=i)[0]
                else:
                    after = meld_pts
                if waiting > after:
                    after = waiting
                if c != rules.seven:
                    after += seven_bonus
                v = b + after + late - keep
            else:
                v = -b - keep
            if v >= best_v:  # ascending cards: the higher card wins a tie
                best, best_v = c, v
        return best

    def finish(self) -> None:
        """Play the talon out with the playout's player, then the last eight (greedily)."""
        while self.talon_left():
            if self.lead < 0:
                w = self.leader
                self.play(w, self.choose_lead(w))
            self.play(1 - self.leader, self.choose_follow(1 - self.leader))

    def last_eight(
        self, exact: bool, memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] | None
    ) -> None:
        """Score the last eight tricks: exactly (``solve``) or by a quick greedy play."""
        leader = self.leader
        a = tuple(sorted(it & CARD for it in self.hands[leader]))
        b = tuple(sorted(it & CARD for it in self.hands[1 - leader]))
        bonus = 10 if self.rules.last_final else 0
        if exact:
            v = solve(a, b, self.rules.trump, bonus, memo if memo is not None else {})
        else:
            v = greedy(a, b, self.rules.trump, bonus)
        self.pts[leader] += v


def _without(hand: tuple[int, ...], c: int) -> tuple[int, ...]:
    i = hand.index(c)
    return hand[:i] + hand[i + 1 :]


def solve(
    leader: tuple[int, ...],
    follower: tuple[int, ...],
    trump: int,
    bonus: int,
    memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int],
) -> int:
    """Exact best (leader's points - follower's points) of the last tricks, leader to lead: brisques
    and ``bonus`` for the last trick. Hands are sorted tuples of card ints."""
    if not leader or not follower:
        return 10 * (sum(1 for c in leader if c & 7 >= TEN) - sum(1 for c in follower if c & 7 >= TEN))
    key = (leader, follower)
    hit = memo.get(key)
    if hit is not None:
        return hit
    best = -(1 << 30)
    last = len(leader) == 1 or len(follower) == 1
    for a in sorted(set(leader), reverse=True):
        rest_l = _without(leader, a)
        worst = 1 << 30
        for b in sorted(set(follow_choices(follower, a, trump))):
            rest_f = _without(follower, b)
            pts = 10 * (((a & 7) >= TEN) + ((b & 7) >= TEN)) + (bonus if last else 0)
            if beats(a, b, trump):
                v = -(pts + solve(rest_f, rest_l, trump, bonus, memo))
            else:
                v = pts + solve(rest_l, rest_f, trump, bonus, memo)
            if v < worst:
                worst = v
                if worst <= best:
                    break
        if worst > best:
            best = worst
    memo[key] = best
    return best


def greedy(leader: tuple[int, ...], follower: tuple[int, ...], trump: int, bonus: int) -> int:
    """A quick estimate of the last eight: the leader leads what gains most at once, the follower wins
    as cheaply as it must or can, else throws its least card."""
    lh, fh = list(leader), list(follower)
    total, sign = 0, 1
    while lh and fh:
        best = None
        for a in set(lh):
            b = _answer(fh, a, trump)
            won = not beats(a, b, trump)
            gain = 10 * (((a & 7) >= TEN) + ((b & 7) >= TEN))
            key = (gain if won else -gain, won, -(a & 7))
            if best is None or key > best[0]:
                best = (key, a, b, won, gain)
        assert best is not None
        _, a, b, won, gain = best
        lh.remove(a)
        fh.remove(b)
        if not lh or not fh:
            gain += bonus
        if won:
            total += sign * gain
        else:
            total -= sign * gain
            lh, fh = fh, lh
            sign = -sign
    rest = 10 * (sum(1 for c in lh if c & 7 >= TEN) - sum(1 for c in fh if c & 7 >= TEN))
    return total + sign * rest


def _answer(hand: list[int], lead: int, trump: int) -> int:
    opts = follow_choices(hand, lead, trump)
    wins = [c for c in opts if beats(lead, c, trump)]
    if wins:
        return min(wins, key=lambda c: (c & 7, c >> 3 == trump))
    return min(opts, key=lambda c: ((c & 7) >= TEN, c >> 3 == trump, c & 7))
