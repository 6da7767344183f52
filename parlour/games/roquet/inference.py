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

from parlour.engine import Rng
from parlour.games.roquet.players import DENY, RoquetView, best_plan, keep_value, table_of
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
from parlour.games.roquet.voids import VoidDealer
from parlour.mechanics import follow_suit

Play = tuple[str, str | None]
"""One of the opponent's past cards: the card, and the card it followed (``None``: it led)."""


def opponent_plays(view: RoquetView) -> list[Play]:
    """The opponent's cards this hand, oldest first, each with the card it followed (if any)."""
    seat = view.seat
    assert seat is not None
    opp = 1 - seat
    dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
    trump = view.trump or ""
    played = view.extra.played
    leader = 1 - dealer
    plays: list[Play] = []
    for i in range(0, len(played) - 1, TRICK_SIZE):
        lead, follow = played[i], played[i + 1]
        if leader == opp:
            plays.append((lead, None))
        else:
            plays.append((follow, lead))
        leader = winner_of(((leader, lead), (1 - leader, follow)), trump)
    if view.trick is not None and view.trick.plays and view.trick.plays[0].seat == opp:
        plays.append((view.trick.plays[0].card, None))
    return plays


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


class HandReader:
    """Weighs and draws worlds by the opponent's past play (see the module's text)."""

    def __init__(
        self,
        candidates: int = 4,
        memory: int = 4,
        temperature: float = 3.0,
        kept_back: float = 3.0,
        *,
        drawn_voids: bool = False,
    ) -> None:
        self.dealer = VoidDealer() if drawn_voids else None
        """If set, the worlds also keep what the opponent's voids shown before its last draws still say
        (``voids``: not so many cards of those suits as it has drawn since); ``None``: ``determinize``'s."""
        self.kept_back = kept_back
        """Log-weight lost by a world in which the opponent, after the last trick it won, would have
        kept back a combination it could lay down (the heuristic banks what it can; ruling RQ-13)."""
        self.candidates = candidates
        """Worlds dealt for each world searched."""
        self.memory = memory
        """How many of the opponent's latest cards are read (older holdings are guessed worse)."""
        self.temperature = temperature
        """Points of the heuristic's score that make a card e (2.7) times likelier: the softening."""

    def worlds(self, view: RoquetView, game: RoquetGame, rng: Rng, n: int) -> list[RoquetState]:
        """``n`` worlds consistent with ``view``, drawn by weight from ``candidates * n`` dealt ones."""
        plays = opponent_plays(view)[-self.memory :] if self.memory else []
        since = plays_since_won(view) if self.kept_back and not game.one_meld_a_trick else None
        dealt = [self.deal(view, game, rng) for _ in range(max(n, self.candidates * n))]
        if (not plays and since is None) or len(dealt) == n:
            return dealt[:n]
        logs = [
            self.log_likelihood(view, game, w, plays, rng) - self.kept(view, game, w, since, rng)
            for w in dealt
        ]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        total = sum(weights)
        chosen: list[RoquetState] = []
        used: set[int] = set()
        step = total / n
        at = rng.random() * step  # systematic resampling: low variance, reproducible from the rng
        i, acc = 0, weights[0]
        for _ in range(n):
            while acc < at and i + 1 < len(weights):
                i += 1
                acc += weights[i]
            world = dealt[i]
            if i in used:  # a world drawn again: the same hands, the stock in a fresh order
                world = world.clone()
                rng.shuffle(world.stock)
            used.add(i)
            chosen.append(world)
            at += step
        return chosen

    def deal(self, view: RoquetView, game: RoquetGame, rng: Rng) -> RoquetState:
        """One world consistent with ``view``, unweighed (``determinize``'s, or the void dealer's)."""
        return game.determinize(view, rng) if self.dealer is None else self.dealer.deal(view, game, rng)

    def log_likelihood(
        self, view: RoquetView, game: RoquetGame, world: RoquetState, plays: Sequence[Play], rng: Rng
    ) -> float:
        """Log of the chance that the model plays ``plays`` from the world's opponent hand."""
        seat = view.seat
        assert seat is not None
        opp = 1 - seat
        trump = view.trump or ""
        table = table_of(view, game)
        public: Counter[str] = Counter(view.extra.played)
        public.update(table)
        for zone in view.zones_of("melds"):
            public.update(zone.face_up)
        if view.trick is not None:
            public.update(view.trick.cards)
        turn_up = view.zone("turn_up")
        if turn_up is not None:
            public.update(turn_up.face_up)
        current = list(world.hands[opp])
        mine = len(view.hand)
        total = 0.0
        for k, (card, led) in enumerate(plays):
            later = [c for c, _ in plays[k + 1 :]]
            size = min(HAND_SIZE, len(current) + len(later) + 1)
            pool = later + current
            if len(pool) > size - 1:
                pool = list(pool)
                rng.shuffle(pool)
                pool = pool[: size - 1]
            holding = [card, *pool]
            unseen = PACK.counts() - public - Counter(holding)  # Counter's minus keeps counts > 0
            total += self._log_choice(card, led, holding, table, unseen, trump, mine, game)
        return total

    def kept(
        self, view: RoquetView, game: RoquetGame, world: RoquetState, since: list[str] | None, rng: Rng
    ) -> float:
        """``kept_back`` if the world's opponent held a combination when its last meld moment ended:
        its hand then is guessed as its cards played since and its present cards less as many as it
        has drawn since (one a card played while the stock lasts; which ones, at random). Three of a
        numeral are let be: the heuristic may wait for the fourth (Dana's great campaign)."""
        if since is None:
            return 0.0
        seat = view.seat
        assert seat is not None
        current = list(world.hands[1 - seat])
        drawn = len(since)
        rng.shuffle(current)
        then = since + current[drawn:]
        ranks = Counter(c[:-1] for c in then)
        if any(v >= 3 for v in ranks.values()):
            return 0.0
        if best_plan(then, table_of(view, game), game.max_sequence, False)[0] > 0:
            return self.kept_back
        return 0.0

    def _log_choice(
        self,
        card: str,
        led: str | None,
        holding: list[str],
        table: list[str],
        unseen: Counter[str],
        trump: str,
        mine: int,
        game: RoquetGame,
    ) -> float:
        """Log-softmax of the heuristic's score of ``card`` among the cards ``holding`` may play."""
        options = follow_suit(holding, suit_of(led) if led else None, suit_of)
        if card not in options:  # it showed a void: the guessed holding's cards of that suit came later
            options = [c for c in holding if suit_of(c) != suit_of(card if led is None else led)]
        if len(options) < 2:
            return 0.0
        scores = []
        for c in options:
            rest = [x for x in holding if x != c]
            cost = keep_value(c, holding, table, unseen, trump)
            gain = DENY + best_plan(rest, table, game.max_sequence, game.one_meld_a_trick)[0]
            chance = lead_chance(c, unseen, trump, mine) if led is None else float(beats(c, led, trump))
            scores.append((chance * gain - cost) / self.temperature)
        top = max(scores)
        norm = top + math.log(sum(math.exp(s - top) for s in scores))
        return scores[options.index(card)] - norm


__all__ = ["HandReader", "lead_chance", "opponent_plays"]
