"""A fast searcher of one deal seen whole (every hand known): the card play's engine for the strong player.

The strong player deals the unseen cards many ways (``game.determinize``) and asks this solver, for each
such world, what each card it may play is worth. The solver plays the rest of the deal out by alpha-beta
with the taker maximising and the three defenders minimising together (they are partners), over a compact
position: each hand a bit mask of the suited cards, the taker's Landsknechts and Till counted apart.

Its value is the taker's margin over the target in half points: the card points still to come to the
taker less twice the target for the oudlers it will hold. The last tricks are searched to the end; earlier
on it looks ``depth`` tricks ahead and then estimates the rest (the taker's master cards win, the rest go
to the defence). The rules are the rules module's (ranks, points, the oudlers, the escape and the last
card); two things are simplified for speed: an escape is paid for at once with a half-point card, and the
fifteenth trick, the defence's whoever wins it, is not played.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards import SUITS
from parlour.games.apology.rules import (
    CARD_HALVES,
    LANDSKNECHT,
    RANKS,
    TAKER_HAND,
    TILL,
    ApologyState,
    is_ace,
    is_castle,
)

RANKS_PER_SUIT = len(RANKS)
CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in reversed(RANKS))
"""Card codes by bit: suit by suit, each from the ace (bit 0) up to the castle."""
INDEX = {c: i for i, c in enumerate(CODES)}
N_CODE, E_CODE = len(CODES), len(CODES) + 1
"""A Landsknecht and Till in a trick (they are not bits of a hand)."""
HALVES: tuple[int, ...] = (*(CARD_HALVES[c] for c in CODES), CARD_HALVES[LANDSKNECHT], CARD_HALVES[TILL])
SUIT_MASK: tuple[int, ...] = tuple(((1 << RANKS_PER_SUIT) - 1) << (RANKS_PER_SUIT * i) for i in range(4))
ACES = sum(1 << i for i, c in enumerate(CODES) if is_ace(c))
CASTLES = sum(1 << i for i, c in enumerate(CODES) if is_castle(c))
ACE_BIT, CASTLE_BIT, TILL_BIT = 1, 2, 4
"""The oudler kinds the taker holds, as bits."""
PAYMENT = 1
"""What an escape costs the taker, in half points: the spot card it gives from its won tricks."""
INF = 10**6


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Sequence[str]) -> int:
    m = 0
    for c in cards:
        i = INDEX.get(c)
        if i is not None:
            m |= 1 << i
    return m


def kinds_of(cards: Sequence[str]) -> tuple[int, int]:
    """The oudler kinds (bits) and the number of oudler cards among ``cards``."""
    kinds, count = 0, 0
    for c in cards:
        if c == TILL:
            kinds, count = kinds | TILL_BIT, count + 1
        elif is_ace(c):
            kinds, count = kinds | ACE_BIT, count + 1
        elif is_castle(c):
            kinds, count = kinds | CASTLE_BIT, count + 1
    return kinds, count


class Solver:
    """Alpha-beta over one world; ``nodes`` counts the positions searched (its budget is ``node_limit``)."""

    def __init__(
        self,
        targets: Sequence[float],
        counting: str = "kinds",
        *,
        depth: int = 1,
        exact: int = 4,
        node_limit: int = 20_000,
    ) -> None:
        self.target2 = [round(2 * t) for t in targets]
        self.by_cards = counting == "cards"
        self.depth = depth
        self.exact = exact
        self.node_limit = node_limit
        self.nodes = 0
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}

    # --- setting up from a state ----------------------------------------------------------

    def load(self, state: ApologyState) -> None:
        """Take the position of ``state`` (in the play, a taker known) as the solver's own."""
        taker = state.taker
        assert taker is not None
        self.taker = taker
        self.hands = [mask_of(h) for h in state.hands]
        hand = state.hands[taker]
        self.n_land = sum(1 for c in hand if c == LANDSKNECHT)
        self.has_till = TILL in hand
        mine = state.taker_cards()
        self.base = sum(CARD_HALVES[c] for c in mine)
        self.kinds, self.count = kinds_of(mine)
        self.won_any = bool(state.won[taker])
        self.owed: tuple[int, ...] = tuple(self.code(d.card) for d in state.debts)
        self.forfeit = state.game.options["unpaid"] == "forfeit"
        self.leader = state.leader
        self.trick = [(s, self.code(c)) for s, c in state.trick]
        self.done = len(state.tricks)
        self.tt.clear()

    @staticmethod
    def code(card: str) -> int:
        return N_CODE if card == LANDSKNECHT else E_CODE if card == TILL else INDEX[card]

    @staticmethod
    def card(code: int) -> str:
        return LANDSKNECHT if code == N_CODE else TILL if code == E_CODE else CODES[code]

    # --- the search ------------------------------------------------------------------------

    def values(self, moves: Sequence[str]) -> dict[str, int]:
        """Each card's value to the taker (its margin over the target, in half points) in this world."""
        out: dict[str, int] = {}
        seat = (self.leader + len(self.trick)) % 4
        for card in moves:
            code = self.code(card)
            out[card] = self.base + self._after(seat, code, self.trick, -INF, INF, self._horizon())
        return out

    def _horizon(self) -> int:
        left = TAKER_HAND - self.done
        return left if left <= self.exact else self.depth

    def _held(self, seat: int) -> int:
        n = bin(self.hands[seat]).count("1")
        if seat == self.taker:
            n += self.n_land + self.has_till
        return n

    def _legal(self, seat: int, trick: Sequence[tuple[int, int]]) -> list[int]:
        """The cards ``seat`` may play, one of each run of cards that are worth the same."""
        hand = self.hands[seat]
        led = next((c for _, c in trick if c < N_CODE), None)
        cards = hand
        if led is not None:
            follow = hand & SUIT_MASK[led // RANKS_PER_SUIT]
            if follow:
                cards = follow
        others = (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) & ~hand
        for _, c in trick:
            if c < N_CODE:
                others |= 1 << c
        out: list[int] = []
        prev = -10
        for i in bits(cards):
            # i and prev are the same card to play when nothing another seat holds lies between them
            if (
                prev >= 0
                and i // RANKS_PER_SUIT == prev // RANKS_PER_SUIT
                and HALVES[i] == HALVES[prev]
                and not (ACES >> prev) & 1
                and not others & (((1 << i) - 1) ^ ((1 << (prev + 1)) - 1))
            ):
                prev = i
                continue
            out.append(i)
            prev = i
        if seat == self.taker:
            if self.n_land:
                out.append(N_CODE)
            if self.has_till:
                out.append(E_CODE)
        return out

    def _order(self, seat: int, moves: list[int], trick: Sequence[tuple[int, int]]) -> list[int]:
        """Likely best first: the higher cards first for whoever wins, the cheap ones otherwise."""
        return sorted(moves, key=lambda c: -HALVES[c] if c < N_CODE else 0)

    def _after(
        self, seat: int, code: int, trick: Sequence[tuple[int, int]], alpha: int, beta: int, depth: int
    ) -> int:
        """The value after ``seat`` plays ``code`` to ``trick``."""
        taker = self.taker
        if seat == taker:
            if code == N_CODE:
                self.n_land -= 1
            elif code == E_CODE:
                self.has_till = False
            else:
                self.hands[seat] ^= 1 << code
        else:
            self.hands[seat] ^= 1 << code
        plays = [*trick, (seat, code)]
        try:
            if len(plays) < 4:
                return self._node((seat + 1) % 4, plays, alpha, beta, depth)
            return self._finish(plays, alpha, beta, depth)
        finally:
            if seat == taker and code == N_CODE:
                self.n_land += 1
            elif seat == taker and code == E_CODE:
                self.has_till = True
            else:
                self.hands[seat] ^= 1 << code

    def _finish(self, plays: list[tuple[int, int]], alpha: int, beta: int, depth: int) -> int:
        """Score a full trick for the taker, then search on from its winner. An escape is paid with a
        half-point card as soon as the taker has won a trick; until then it is owed."""
        taker = self.taker
        led = -1
        best, winner = -1, -1
        for s, c in plays:
            if c >= N_CODE:
                continue
            if led < 0:
                led = c // RANKS_PER_SUIT
            if c // RANKS_PER_SUIT == led and c > best:
                best, winner = c, s
        gain = 0
        kinds, count, owed, won_any = self.kinds, self.count, self.owed, self.won_any
        for s, c in plays:
            if c >= N_CODE:
                if s == taker and self._held(taker) > 0:
                    gain += HALVES[c]  # an escape: the card stays the taker's
                    if c == E_CODE:
                        self.kinds |= TILL_BIT
                        self.count += 1
                    if won_any:
                        gain -= PAYMENT
                    else:
                        self.owed = (*self.owed, c)
                continue
            if winner == taker:
                gain += HALVES[c]
                if (ACES >> c) & 1:
                    self.kinds |= ACE_BIT
                    self.count += 1
                elif (CASTLES >> c) & 1:
                    self.kinds |= CASTLE_BIT
                    self.count += 1
        if winner == taker:
            gain -= PAYMENT * len(self.owed)
            self.owed = ()
            self.won_any = True
        self.done += 1
        try:
            value = self._boundary(winner, alpha - gain, beta - gain, depth - 1)
        finally:
            self.done -= 1
            self.kinds, self.count, self.owed, self.won_any = kinds, count, owed, won_any
        return gain + value

    def _forfeits(self, owed: Sequence[int], kinds: int, count: int) -> tuple[int, int, int]:
        """The escapes never paid for at the end: under ``unpaid=forfeit`` each escaped card goes to the
        trick's winner (Till with its oudler). The half points lost, and the oudlers left."""
        if not self.forfeit or not owed:
            return 0, kinds, count
        lost = sum(HALVES[c] for c in owed)
        if E_CODE in owed:
            kinds, count = kinds & ~TILL_BIT, count - 1
        return lost, kinds, count

    def _oudlers(self, kinds: int, count: int) -> int:
        if self.by_cards:
            return min(3, count)
        return (kinds & 1) + ((kinds >> 1) & 1) + ((kinds >> 2) & 1)

    def _boundary(self, leader: int, alpha: int, beta: int, depth: int) -> int:
        """A trick boundary: the end, the horizon's estimate, or a search (with the table of positions)."""
        if self.done >= TAKER_HAND:
            lost, kinds, count = self._forfeits(self.owed, self.kinds, self.count)
            return -lost - self.target2[self._oudlers(kinds, count)]
        if depth <= 0 or self.nodes >= self.node_limit:
            if TAKER_HAND - self.done > self.exact or self.nodes >= self.node_limit:
                return self.estimate(leader)
            depth = TAKER_HAND - self.done
        h = self.hands
        key = (
            h[0],
            h[1],
            h[2],
            h[3],
            self.n_land,
            self.has_till,
            leader,
            self.kinds,
            self.count,
            depth,
            self.owed,
            self.won_any,
        )
        hit = self.tt.get(key)
        if hit is not None:
            lo, hi = hit
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        value = self._node(leader, [], alpha, beta, depth)
        lo0, hi0 = hit if hit is not None else (-INF, INF)
        if value <= alpha:
            self.tt[key] = (lo0, value)
        elif value >= beta:
            self.tt[key] = (value, hi0)
        else:
            self.tt[key] = (value, value)
        return value

    def _node(self, seat: int, trick: list[tuple[int, int]], alpha: int, beta: int, depth: int) -> int:
        self.nodes += 1
        moves = self._order(seat, self._legal(seat, trick), trick)
        if seat == self.taker:
            best = -INF
            for c in moves:
                v = self._after(seat, c, trick, alpha, beta, depth)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best
        best = INF
        for c in moves:
            v = self._after(seat, c, trick, alpha, beta, depth)
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def estimate(self, leader: int) -> int:
        """The rest of the deal at a glance, suit by suit in rounds: while the taker's best card is the
        master it wins, and each defender follows with its lowest (or throws a half-point card); otherwise
        the defence wins the round, the taker loses its lowest card and the defenders smother it with their
        best. An escape keeps its card less the payment (the very last card is captured)."""
        taker = self.taker
        hand = self.hands[taker]
        defence = [self.hands[s] for s in range(4) if s != taker]
        gain = 0
        kinds, count = self.kinds, self.count
        for si in range(4):
            mine = hand & SUIT_MASK[si]
            if not mine:
                continue
            theirs = [d & SUIT_MASK[si] for d in defence]
            while mine:
                top = mine.bit_length() - 1
                best = max(t.bit_length() for t in theirs) - 1
                if top > best:
                    gain += HALVES[top]
                    if (CASTLES >> top) & 1:
                        kinds |= CASTLE_BIT
                        count += 1
                    mine ^= 1 << top
                    for j, t in enumerate(theirs):
                        if t:
                            low = t & -t
                            low_i = low.bit_length() - 1
                            gain += HALVES[low_i]
                            if (ACES >> low_i) & 1:
                                kinds |= ACE_BIT
                                count += 1
                            theirs[j] = t ^ low
                        else:
                            gain += 1
                else:
                    mine &= mine - 1  # the lowest goes to the defence
                    for j, t in enumerate(theirs):
                        if t:
                            theirs[j] = t ^ (1 << (t.bit_length() - 1))
        escapes = self.n_land + self.has_till
        held = bin(hand).count("1") + escapes
        wins = self.won_any or gain > 0
        owed = self.owed
        if wins:
            gain -= PAYMENT * len(owed)
            owed = ()
        if escapes and held > 1:
            free = escapes if held > escapes else escapes - 1  # the very last card is captured
            spent_till = self.has_till and free >= 1
            if wins:
                # escapes keep their cards for a payment each
                gain += (HALVES[E_CODE] - PAYMENT) * spent_till + (HALVES[N_CODE] - PAYMENT) * (
                    free - spent_till
                )
                if spent_till:
                    kinds |= TILL_BIT
                    count += 1
            # without a trick won, each escape is owed and forfeited in the end: worth nothing
        lost, kinds, count = self._forfeits(owed, kinds, count)
        return gain - lost - self.target2[self._oudlers(kinds, count)]


def burial_value(
    solver: Solver, kept: Sequence[str], buried: Sequence[str], others: Sequence[Sequence[str]]
) -> int:
    """The taker's margin a burial promises against one dealing of the defenders' hands (``others``,
    in seat order after the taker), by the solver's estimate of the play: the buried points are the
    taker's for sure, the kept cards win what their masters win."""
    taker = 0
    solver.taker = taker
    solver.hands = [mask_of(kept), *(mask_of(h) for h in others)]
    solver.n_land = sum(1 for c in kept if c == LANDSKNECHT)
    solver.has_till = TILL in kept
    solver.kinds, solver.count = kinds_of(buried)
    solver.won_any, solver.owed, solver.forfeit = False, (), True
    return sum(CARD_HALVES[c] for c in buried) + solver.estimate(taker)
