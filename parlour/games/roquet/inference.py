"""Reading the opponent's hand from its play: worlds weighed by how likely its past cards were.

``determinize`` deals the opponent's unseen cards uniformly (only its voids respected), so the search
never learns from what the opponent chose to play. Here many cheap worlds are dealt, and each is
weighed by the chance that a model of the opponent (the heuristic's own scoring of a card, softened
into a choice among its playable cards) would have played its last few cards holding that world's
hand; the searched worlds are drawn from these by their weights (sampling-importance-resampling).

Only the view is read. The opponent's holding at a past play is rebuilt from the world's current
hand: the card it played, the cards it played since, and enough of its present cards to fill a hand
(which of them it drew since is not known: they are picked at random, one guess a world). The
livret and what was unseen are taken as they are now. Its recent plays are the exact ones: at its
lead of the trick in progress it held its present hand and the card led.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from parlour.engine import Rng
from parlour.games.roquet.players import DENY, RoquetView, keep_value, table_of
from parlour.games.roquet.rules import (
    HAND_SIZE,
    PACK,
    TRICK_SIZE,
    RoquetGame,
    RoquetState,
    beats,
    suit_of,
    winner_of,
)
from parlour.games.roquet.solver import best_melds, mask_of
from parlour.mechanics import follow_suit

Play = tuple[str, str | None]
"""One of the opponent's past cards: the card, and the card it followed (``None``: it led)."""


def opponent_plays(view: RoquetView) -> list[Play]:
    """The opponent's cards this hand, oldest first, each with the card it followed (if any)."""
    return [(card, led) for card, led, _ in opponent_plays_at(view)]


def opponent_plays_at(view: RoquetView) -> list[tuple[str, str | None, int]]:
    """``opponent_plays`` with, for each card, how many cards of the hand had been played before it."""
    seat = view.seat
    assert seat is not None
    opp = 1 - seat
    dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
    trump = view.trump or ""
    played = view.extra.played
    leader = 1 - dealer
    plays: list[tuple[str, str | None, int]] = []
    for i in range(0, len(played) - 1, TRICK_SIZE):
        lead, follow = played[i], played[i + 1]
        if leader == opp:
            plays.append((lead, None, i))
        else:
            plays.append((follow, lead, i + 1))
        leader = winner_of(((leader, lead), (1 - leader, follow)), trump)
    if view.trick is not None and view.trick.plays and view.trick.plays[0].seat == opp:
        plays.append((view.trick.plays[0].card, None, len(played)))
    return plays


def opponent_won(view: RoquetView) -> list[bool]:
    """For each completed trick of the hand, whether the opponent won it."""
    seat = view.seat
    assert seat is not None
    dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
    trump = view.trump or ""
    played = view.extra.played
    leader = 1 - dealer
    won = []
    for i in range(0, len(played) - 1, TRICK_SIZE):
        leader = winner_of(((leader, played[i]), (1 - leader, played[i + 1])), trump)
        won.append(leader != seat)
    return won


def plays_since_won(view: RoquetView) -> list[str] | None:
    """The opponent's cards played since the last trick it won (``None``: it has won none)."""
    seat = view.seat
    assert seat is not None
    opp = 1 - seat
    dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
    trump = view.trump or ""
    played = view.extra.played
    leader = 1 - dealer
    since: list[str] | None = None
    for i in range(0, len(played) - 1, TRICK_SIZE):
        plays = ((leader, played[i]), (1 - leader, played[i + 1]))
        leader = winner_of(plays, trump)
        if since is not None:
            since.append(played[i] if plays[0][0] == opp else played[i + 1])
        if leader == opp:
            since = []
    if since is not None and view.trick is not None:
        since += [p.card for p in view.trick.plays if p.seat == opp]
    return since


def lead_chance(card: str, unseen: Counter[str], trump: str, held: int) -> float:
    """Rough chance that a lead of ``card`` is not beaten by ``held`` cards drawn from ``unseen``
    (``players.lead_win_chance``'s formula, without the voids and known cards of a moment past)."""
    total = sum(unseen.values())
    if total == 0 or held == 0:
        return 1.0
    suit = suit_of(card)
    beaters: float = sum(v for c, v in unseen.items() if suit_of(c) == suit and beats(c, card, trump))
    if suit != trump:
        beaters += 0.25 * sum(v for c, v in unseen.items() if suit_of(c) == trump)
    return (1.0 - min(1.0, beaters / total)) ** held


@dataclass
class _Play:
    """One of the opponent's past cards as the reader weighs it (see ``Reading``)."""

    card: str
    led: str | None
    unseen: Counter[str]
    """What the opponent could not see when it played (its own hand not yet taken out)."""
    weight: float
    """Its log-chance's weight: 1 for the latest cards, less for older ones (guessed holdings)."""


class Reading:
    """What the view says about the opponent's play, worked out once for all of a choice's worlds."""

    def __init__(self, reader: HandReader, view: RoquetView, game: RoquetGame) -> None:
        seat = view.seat
        assert seat is not None
        self.reader = reader
        self.game = game
        self.trump = view.trump or ""
        self.table = table_of(view, game)
        self.table_mask = mask_of(self.table)
        self.mine = len(view.hand)
        board: Counter[str] = Counter(self.table)
        for zone in view.zones_of("melds"):
            board.update(zone.face_up)
        turn_up = view.zone("turn_up")
        if turn_up is not None:
            board.update(turn_up.face_up)
        played = list(view.extra.played)
        if view.trick is not None:
            played += view.trick.cards
        timed = opponent_plays_at(view)
        n = len(timed)
        self.plays: list[_Play] = []
        for k, (card, led, at) in enumerate(timed):
            age = n - 1 - k
            if age < reader.memory:
                weight = 1.0
            elif reader.decay > 0:
                weight = reader.decay ** (age - reader.memory + 1)
            else:
                continue
            # ruling RQ-13's meld moments aside, what was public then: the cards played before it
            # (the card led, if it followed), the table and the combinations as they are now
            public = board + Counter(played[:at])
            self.plays.append(_Play(card, led, PACK.counts() - public, weight))
        self.later = [c for c, _, _ in timed]
        """Every card the opponent has played this hand, oldest first."""
        self.first = n - len(self.plays)
        self.since = plays_since_won(view) if reader.kept_back and not game.one_meld_a_trick else None
        # the chain's view of the hand: each completed trick's opponent card (read or not) and
        # whether it won the trick (a meld moment, ruling RQ-13), newest first; the trick in
        # progress's lead apart (its holding is exact)
        by_index: list[_Play | None] = [None] * self.first + list(self.plays)
        won = opponent_won(view)
        self.lead: _Play | None = None
        if timed and timed[-1][2] == len(view.extra.played):
            self.lead = by_index[n - 1]
            n -= 1
        moments = not game.one_meld_a_trick and reader.kept_back > 0
        self.tricks: list[tuple[str, _Play | None, float]] = []
        for k in range(n - 1, -1, -1):
            age = n - 1 - k + (self.lead is not None)
            if age < reader.memory:
                weight = 1.0
            elif reader.decay > 0:
                weight = reader.decay ** (age - reader.memory + 1)
            else:
                weight = 0.0
            penalty = weight * reader.kept_back if moments and won[k] else 0.0
            if by_index[k] is None and not penalty:
                break
            self.tricks.append((timed[k][0], by_index[k], penalty))

    def log_weight(self, hand: Sequence[str], rng: Rng) -> float:
        """Log-weight of a world in which the opponent holds ``hand`` (see ``chained`` and ``pooled``)."""
        return self.chained(hand, rng) if self.reader.chain else self.pooled(hand, rng)

    def chained(self, hand: Sequence[str], rng: Rng) -> float:
        """Log-weight by ``guesses`` histories of the opponent's hand, each walked back from ``hand``
        trick by trick: the cards drawn after a trick (one while the stock lasted: a hand of eight)
        are picked at random among those it holds after it, what is left is its hand when its meld
        moment ended (if it won the trick: then it held no combination of its own cards, ruling
        RQ-13, or loses ``kept_back``), and with the card it played, its holding for that card. The
        weight is the mean over the histories of their chances."""
        start = 0.0
        if self.lead is not None:
            holding = [self.lead.card, *hand]
            unseen = self.lead.unseen - Counter(holding)
            start = self.lead.weight * self.log_choice(self.lead.card, None, holding, unseen)
        if not self.tricks:
            return start
        sums = []
        table = 0
        max_seq = self.game.max_sequence
        for _ in range(self.reader.guesses):
            held = list(hand)
            total = start
            for card, play, penalty in self.tricks:
                if len(held) >= HAND_SIZE:
                    held.pop(rng.randrange(len(held)))  # a card drawn after this trick
                triple = max(Counter(c[:-1] for c in held).values(), default=0) >= 3
                if penalty and not triple and best_melds(mask_of(held), table, max_seq, False)[0]:
                    total -= penalty
                held.append(card)
                if play is not None:
                    unseen = play.unseen - Counter(held)
                    total += play.weight * self.log_choice(card, play.led, held, unseen)
            sums.append(total)
        top = max(sums)
        return top + math.log(sum(math.exp(x - top) for x in sums) / len(sums))

    def pooled(self, hand: Sequence[str], rng: Rng) -> float:
        """Log-weight of a world in which the opponent holds ``hand``: its plays' log-chances (each
        holding rebuilt from ``hand``, see the module's text), less ``kept_back`` if it kept a
        combination back at its last meld moment."""
        current = list(hand)
        total = 0.0
        guesses = self.reader.guesses
        for k, play in enumerate(self.plays, self.first):
            later = self.later[k + 1 :]
            size = min(HAND_SIZE, len(current) + len(later) + 1)
            pool = later + current
            if len(pool) <= size - 1:
                holdings = [pool]
            elif math.comb(len(pool), size - 1) <= guesses:
                holdings = [list(h) for h in combinations(pool, size - 1)]
            else:
                holdings = []
                for _ in range(guesses):
                    rng.shuffle(pool)
                    holdings.append(pool[: size - 1])
            logs = []
            for rest in holdings:
                holding = [play.card, *rest]
                unseen = play.unseen - Counter(holding)  # Counter's minus keeps counts > 0
                logs.append(self.log_choice(play.card, play.led, holding, unseen))
            top = max(logs)
            mean = top + math.log(sum(math.exp(x - top) for x in logs) / len(logs))
            total += play.weight * mean
        return total - self.kept(current, rng)

    def kept(self, current: list[str], rng: Rng) -> float:
        """``kept_back`` if the world's opponent held a combination when its last meld moment ended:
        its hand then is guessed as its cards played since and its present cards less as many as it
        has drawn since (one a card played while the stock lasts; which ones, at random). Three of a
        numeral are let be: the heuristic may wait for the fourth (Dana's great campaign)."""
        since = self.since
        if since is None:
            return 0.0
        current = list(current)
        drawn = len(since)
        rng.shuffle(current)
        then = since + current[drawn:]
        ranks = Counter(c[:-1] for c in then)
        if any(v >= 3 for v in ranks.values()):
            return 0.0
        if best_melds(mask_of(then), self.table_mask, self.game.max_sequence, False)[0] > 0:
            return self.reader.kept_back
        return 0.0

    def log_choice(self, card: str, led: str | None, holding: list[str], unseen: Counter[str]) -> float:
        """Log-chance of ``card`` among the cards ``holding`` may play: the heuristic's score softened
        (``temperature``), mixed with a ``floor`` share of a blind choice (no world is ruled out)."""
        options = follow_suit(holding, suit_of(led) if led else None, suit_of)
        if card not in options:  # it showed a void: the guessed holding's cards of that suit came later
            options = [c for c in holding if suit_of(c) != suit_of(card if led is None else led)]
        if len(options) < 2:
            return 0.0
        game, trump, table = self.game, self.trump, self.table
        temperature = self.reader.temperature
        scores = []
        for c in options:
            rest = mask_of(x for x in holding if x != c)
            cost = keep_value(c, holding, table, unseen, trump)
            melds = best_melds(rest, self.table_mask, game.max_sequence, game.one_meld_a_trick)[0]
            chance = lead_chance(c, unseen, trump, self.mine) if led is None else float(beats(c, led, trump))
            scores.append((chance * (DENY + melds) - cost) / temperature)
        top = max(scores)
        norm = top + math.log(sum(math.exp(s - top) for s in scores))
        chosen = scores[options.index(card)] - norm
        floor = self.reader.floor
        if floor <= 0:
            return chosen
        return math.log((1 - floor) * math.exp(chosen) + floor / len(options))


class HandReader:
    """Weighs and draws worlds by the opponent's past play (see the module's text)."""

    def __init__(
        self,
        candidates: int = 4,
        memory: int = 4,
        temperature: float = 3.0,
        kept_back: float = 3.0,
        decay: float = 0.0,
        floor: float = 0.0,
        moves: int = 0,
        guesses: int = 1,
        chain: int = 0,
    ) -> None:
        self.chain = chain
        """1: the holdings are rebuilt by walking the hand back trick by trick (``Reading.chained``)."""
        self.guesses = guesses
        """Holdings guessed for each past card (which present cards it held then): its chance is
        their mean; all of them when there are no more (the card before last, one drawn since)."""
        self.kept_back = kept_back
        """Log-weight lost by a world in which the opponent, after the last trick it won, would have
        kept back a combination it could lay down (the heuristic banks what it can; ruling RQ-13)."""
        self.candidates = candidates
        """Opponent's hands dealt for each world searched."""
        self.memory = memory
        """How many of the opponent's latest cards are read at full weight."""
        self.decay = decay
        """Each older card's log-chance counts this times the one after it (0: older cards unread)."""
        self.temperature = temperature
        """Points of the heuristic's score that make a card e (2.7) times likelier: the softening."""
        self.floor = floor
        """Share of each card's chance that is a blind choice among the cards it could play: a card the
        model would never play costs a world at most log(floor / options), not everything."""
        self.moves = moves
        """Metropolis steps for each drawn world (one hidden card swapped for a stock card, kept by
        the ratio of the weights): they move worlds drawn twice apart and nearer the likely hands."""

    def read(self, view: RoquetView, game: RoquetGame) -> Reading:
        return Reading(self, view, game)

    def worlds(self, view: RoquetView, game: RoquetGame, rng: Rng, n: int) -> list[RoquetState]:
        """``n`` worlds consistent with ``view``, drawn by weight from ``candidates * n`` dealt ones.

        One world is dealt by ``determinize``; the others deal its opponent's unknown cards afresh
        from the same cards (its unknown cards and the stock's) under the same rule (none of a suit
        it has shown void), which is what ``determinize`` does, so every world is one it could deal."""
        seat = view.seat
        assert seat is not None
        opp = 1 - seat
        template = game.determinize(view, rng)
        reading = self.read(view, game)
        known = list(view.extra.known[opp])
        hidden = list((Counter(template.hands[opp]) - Counter(known)).elements())
        pool = hidden + list(template.stock)
        void = set(view.extra.voids[opp])
        allowed = [c for c in pool if suit_of(c) not in void]
        held = len(hidden)

        def deal() -> list[str]:
            cards = list(allowed)
            rng.shuffle(cards)
            return known + cards[:held]

        if (not reading.plays and reading.since is None) or self.candidates <= 1:
            hands = [deal() for _ in range(n)]
            return [self._world(template, opp, h, pool, rng) for h in hands]
        hands = [deal() for _ in range(max(n, self.candidates * n))]
        logs = [reading.log_weight(h, rng) for h in hands]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        step = sum(weights) / n
        at = rng.random() * step  # systematic resampling: low variance, reproducible from the rng
        picked: list[int] = []
        i, acc = 0, weights[0]
        for _ in range(n):
            while acc < at and i + 1 < len(weights):
                i += 1
                acc += weights[i]
            picked.append(i)
            at += step
        chosen = []
        for i in picked:
            hand, log = list(hands[i]), logs[i]
            for _ in range(self.moves if held and len(allowed) > held else 0):
                a = len(known) + rng.randrange(held)
                outside = [c for c in allowed if c not in hand]
                b = outside[rng.randrange(len(outside))]
                trial = [*hand[:a], b, *hand[a + 1 :]]
                trial_log = reading.log_weight(trial, rng)
                if trial_log >= log or rng.random() < math.exp(trial_log - log):
                    hand, log = trial, trial_log
            chosen.append(self._world(template, opp, hand, pool, rng))
        return chosen

    @staticmethod
    def _world(template: RoquetState, opp: int, hand: list[str], pool: list[str], rng: Rng) -> RoquetState:
        """``template`` with the opponent holding ``hand`` and the rest of ``pool`` as the stock, in a
        fresh order."""
        world = template.clone()
        world.hands[opp] = list(hand)
        stock = list((Counter(pool) - Counter(hand)).elements())
        stock.sort(key=PACK.sort_key)
        rng.shuffle(stock)
        world.stock = stock
        return world


__all__ = ["HandReader", "Reading", "lead_chance", "opponent_plays", "opponent_plays_at"]
