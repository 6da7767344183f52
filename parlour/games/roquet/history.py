"""Reading the opponent's hand from its whole history: worlds weighed by the real heuristic's choices.

``inference.HandReader`` guesses the opponent's holding at a past play from its present hand (the
cards drawn since picked at random) and scores its cards with an imitation of the heuristic's scoring.
Here a world is a whole history of the hand: for every card the opponent may have held, when it came
(dealt, or drawn after which trick) or that it is still in the stock. Such a history fixes the
opponent's holding at each of its past decisions exactly; the moment is rebuilt from the reader's own
view of it (``game.determinize`` of that view, the opponent's hand set to the history's holding) and
the public actions are replayed, the real heuristic (``players.RoquetHeuristic``) asked at each of
the opponent's choices: a history is weighed ``1 - epsilon`` for a choice it agrees with and
``epsilon / (k - 1)`` for one of the ``k - 1`` others. Histories are drawn by a Markov chain that
swaps the arrivals of two cards (Metropolis on the log-weight; the capacities of the deal and of each
draw stay as the view says, a history that contradicts a play or a shown void is never visited).

Only views are read: the reader remembers the views it is shown at its own cards to play this hand
(``observe``; the searching player shows it every one), which tell its own draws, the melds laid
down after each trick and the opponent's hand sizes. Without a view of every trick of the hand (a
game taken up mid-hand) it falls back to ``HandReader``.

A benchmark candidate (``strength_roquet.py --history``), not a level: its model of the heuristic is
exact (the true history far likelier than blind ones), yet its worlds hold the opponent's present
hand little better than ``HandReader``'s and the search did no better with them (strength.md, "Reading
the opponent's whole history").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from parlour.engine import Rng
from parlour.engine.errors import ParlourError
from parlour.games.roquet.inference import HandReader
from parlour.games.roquet.players import RoquetHeuristic, RoquetView
from parlour.games.roquet.rules import (
    CARD_ID,
    HAND_SIZE,
    NO_CARD,
    PACK,
    TRICK_SIZE,
    RoquetGame,
    RoquetState,
    suit_of,
    winner_of,
)

NEVER = 1 << 20
"""The arrival of a card still in the stock."""


@dataclass
class Skeleton:
    """What the views of this hand say of its history, from the reader's seat."""

    trick: int
    """Tricks completed: the opponent's cards arrived dealt (0) or drawn after trick ``t`` (``t + 1``)."""
    capacity: list[int]
    """Cards the opponent received at each arrival (``capacity[0]``: dealt)."""
    cards: list[str]
    """Every card the opponent may have held (all but the reader's, the livret's and a turn-up never
    drawn by it): the opponent's cards then, now, and the stock's."""
    leaves: dict[str, int]
    """The opponent's cards played or melded from its hand: the trick in which each left it."""
    voids: list[tuple[str, int]]
    """Suits the opponent showed it lacked, and in which trick."""
    pinned: dict[str, int]
    """Cards whose arrival is known (the turn-up, drawn as the stock's last card)."""
    segments: dict[int, list[str]]
    """For each trick read: the public actions from the reader's view of it to the end of its melds."""
    leads: dict[int, bool]
    """Whether the opponent had already led in the reader's view of the trick."""


@dataclass
class Memory:
    """The views of one hand, kept by trick."""

    key: tuple[int, int, int]
    views: dict[int, RoquetView] = field(default_factory=dict)
    templates: dict[int, RoquetState] = field(default_factory=dict)
    scores: dict[tuple[int, int, frozenset[str]], float] = field(default_factory=dict)


def _face_up(view: RoquetView, kind: Literal["livret", "turn_up"]) -> list[str]:
    zone = view.zone(kind)
    return list(zone.face_up) if zone is not None else []


def _same(a: str, b: str) -> bool:
    """Two actions alike (a meld's cards in any order)."""
    return a == b or sorted(a.split()) == sorted(b.split())


class HistoryReader:
    """Weighs and draws worlds by the opponent's whole history (see the module's text)."""

    def __init__(self, steps: int = 200, memory: int = 6, epsilon: float = 0.1, chains: int = 1) -> None:
        self.steps = steps
        """Swaps tried by the chains together for one choice."""
        self.chains = chains
        """Independent chains (each from a fresh start) sharing the swaps and the draws."""
        self.memory = memory
        """How many of the latest tricks' choices are weighed (the older ones still bound the history)."""
        self.epsilon = epsilon
        """The chance that the opponent departs from the heuristic at a choice."""
        self.heuristic = RoquetHeuristic(0)
        self.fallback = HandReader()
        self._memory: dict[int, Memory] = {}

    # --- what the views tell --------------------------------------------------------

    def observe(self, view: RoquetView) -> None:
        """Remember ``view`` if it is a card to play (the searching player shows every view)."""
        seat = view.seat
        if seat is None or view.decision is None or view.decision.kind != "play":
            return
        key = (view.hand_number or 0, int(view.scores[0]), int(view.scores[1]))
        mem = self._memory.get(seat)
        trick = len(view.extra.played) // TRICK_SIZE
        if mem is None or mem.key != key or any(t > trick for t in mem.views):
            mem = self._memory[seat] = Memory(key)
        if trick not in mem.views:
            mem.views[trick] = view

    def skeleton(self, view: RoquetView, game: RoquetGame) -> Skeleton | None:
        """The history's frame at ``view`` (``None``: a trick of this hand was not seen)."""
        seat = view.seat
        assert seat is not None
        opp = 1 - seat
        self.observe(view)
        mem = self._memory.get(seat)
        T = len(view.extra.played) // TRICK_SIZE
        if mem is None or any(t not in mem.views for t in range(T + 1)) or not game.refill_to_eight:
            return None
        if game.livret_refill:
            return None
        views = [mem.views[t] for t in range(T + 1)]
        trump = view.trump or ""
        dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
        played = view.extra.played
        first = views[0]
        livret0 = _face_up(first, "livret")
        up = _face_up(first, "turn_up")
        turn_up0 = up[0] if up else None
        mine: set[str] = set()
        for v in views:
            mine.update(v.hand)

        def opp_led(v: RoquetView) -> bool:
            return v.trick is not None and bool(v.trick.plays) and v.trick.plays[0].seat == opp

        def size(v: RoquetView) -> int:
            return (v.seats[opp].hand_size or 0) + (1 if opp_led(v) else 0)

        def melds(v: RoquetView, owner: int) -> list[list[str]]:
            return [list(z.face_up) for z in v.zones_of("melds", owner)]

        def table(v: RoquetView) -> set[str]:
            cards = set(_face_up(v, "livret"))
            if game.turn_up_melds:
                cards.update(_face_up(v, "turn_up"))
            return cards

        leaves: dict[str, int] = {}
        voids: list[tuple[str, int]] = []
        capacity = [HAND_SIZE]
        segments: dict[int, list[str]] = {}
        leads: dict[int, bool] = {}
        leader = 1 - dealer
        for t in range(T):
            lead, follow = played[TRICK_SIZE * t], played[TRICK_SIZE * t + 1]
            plays = ((leader, lead), (1 - leader, follow))
            winner = winner_of(plays, trump)
            leaves[lead if leader == opp else follow] = t
            if leader != opp and suit_of(follow) != suit_of(lead):
                voids.append((suit_of(lead), t))
            before, after = views[t], views[t + 1]
            new = melds(after, winner)[len(melds(before, winner)) :]
            on_table = table(before)
            from_hand = 0
            for m in new:
                for c in m:
                    if c not in on_table:
                        from_hand += 1
                        if winner == opp:
                            leaves[c] = t
            opp_melded = from_hand if winner == opp else 0
            capacity.append(size(after) - (size(before) - 1 - opp_melded))
            segments[t] = [f"play {lead}", f"play {follow}"] + ["meld " + " ".join(m) for m in new]
            leads[t] = opp_led(before)
            leader = winner
        if opp_led(view):
            assert view.trick is not None
            leaves[view.trick.plays[0].card] = T
            segments[T] = [f"play {view.trick.plays[0].card}"]
            leads[T] = True
        cards = [c for c in PACK.cards if c not in mine and c not in livret0 and c != turn_up0]
        pinned: dict[str, int] = {}
        if turn_up0 is not None and turn_up0 not in mine:
            known = view.extra.known[opp]
            if turn_up0 in leaves or turn_up0 in known:
                last = max(i for i, n in enumerate(capacity) if n > 0)
                pinned[turn_up0] = last
                cards.append(turn_up0)
        # every card not the reader's nor the livret's: the opponent's then or now, or the stock's
        stock = view.extra.stock_size - len(_face_up(view, "turn_up"))
        if min(capacity) < 0 or sum(capacity) + stock != len(cards):
            return None
        return Skeleton(T, capacity, cards, leaves, voids, pinned, segments, leads)

    # --- a history's weight ----------------------------------------------------------

    def allowed(self, sk: Skeleton, card: str, arrival: int) -> bool:
        """Whether ``card`` may arrive at ``arrival``: before it was played, never in a shown void."""
        gone = sk.leaves.get(card)
        if gone is not None and arrival > gone:
            return False
        if card in sk.pinned and arrival != sk.pinned[card]:
            return False
        until = NEVER if gone is None else gone
        suit = suit_of(card)
        return not any(s == suit and arrival <= t <= until for s, t in sk.voids)

    def holding(self, sk: Skeleton, arrivals: dict[str, int], t: int) -> frozenset[str]:
        """The opponent's cards at the start of trick ``t`` (before its lead) in a history."""
        return frozenset(c for c, a in arrivals.items() if a <= t and sk.leaves.get(c, NEVER) >= t)

    def log_weight(self, view: RoquetView, game: RoquetGame, sk: Skeleton, arrivals: dict[str, int]) -> float:
        """Log of the chance the heuristic makes the opponent's choices of the last ``memory`` tricks
        in this history (``-inf``: it contradicts a play)."""
        seat = view.seat
        assert seat is not None
        total = 0.0
        for t in sorted(sk.segments):
            if t < sk.trick - self.memory + 1:
                continue
            total += self.segment(view, game, sk, t, self.holding(sk, arrivals, t))
            if total == -math.inf:
                break
        return total

    def segment(
        self, view: RoquetView, game: RoquetGame, sk: Skeleton, t: int, held: frozenset[str]
    ) -> float:
        """Log-chance of the opponent's choices in trick ``t`` and the melds after it, holding ``held``."""
        seat = view.seat
        assert seat is not None
        mem = self._memory[seat]
        actions = sk.segments[t]
        key = (t, len(actions), held)
        got = mem.scores.get(key)
        if got is not None:
            return got
        template = mem.templates.get(t)
        if template is None:
            template = mem.templates[t] = game.determinize(mem.views[t], Rng(t))
        state = template.clone()
        opp = 1 - seat
        if sk.leads[t]:
            state._led = NO_CARD
        hands = [list(state._hand[0]), list(state._hand[1])]
        hands[opp] = [CARD_ID[c] for c in held]
        state._set_hands(hands)
        state._legal_cache = None
        total = 0.0
        eps = self.epsilon
        queue = list(actions)
        try:
            while state.current_player is not None:
                if state.phase == "meld":
                    action = queue.pop(0) if queue and queue[0].startswith("meld") else "done"
                elif len(state._tricks) > t or not queue:
                    break
                else:
                    action = queue.pop(0)
                if state.current_player == opp:
                    legal = state.legal_actions()
                    if not any(_same(action, a) for a in legal):
                        total = -math.inf
                        break
                    if len(legal) > 1:
                        choice = self.heuristic.choose(state.view(opp), game)
                        agree = _same(choice, action)
                        total += math.log(1 - eps) if agree else math.log(eps / (len(legal) - 1))
                state.apply(action)
        except ParlourError:
            total = -math.inf
        mem.scores[key] = total
        return total

    # --- drawing histories -----------------------------------------------------------

    def start(self, sk: Skeleton, rng: Rng) -> dict[str, int] | None:
        """A history consistent with the skeleton: each arrival filled, earliest deadline first."""
        left = list(sk.cards)
        rng.shuffle(left)
        arrivals: dict[str, int] = {}
        for slot, n in enumerate(sk.capacity):
            fits = [c for c in left if self.allowed(sk, c, slot)]
            fits.sort(key=lambda c: (sk.pinned.get(c, NEVER) != slot, sk.leaves.get(c, NEVER)))
            if len(fits) < n:
                return None
            for c in fits[:n]:
                arrivals[c] = slot
            chosen = set(fits[:n])
            left = [c for c in left if c not in chosen]
        for c in left:
            if c in sk.leaves or c in sk.pinned:
                return None
            arrivals[c] = NEVER
        return arrivals

    def chain(
        self, view: RoquetView, game: RoquetGame, sk: Skeleton, rng: Rng, n: int, weigh: bool = True
    ) -> list[dict[str, int]]:
        """``n`` histories from ``chains`` Metropolis chains (fresh starts: one long chain drifts
        too slowly for its draws to differ) over swaps of two cards' arrivals."""
        chains = max(1, min(n, self.chains))
        out: list[dict[str, int]] = []
        for k in range(chains):
            take = (n - len(out)) // (chains - k)
            out += self._run(view, game, sk, rng, self.steps // chains, take, weigh)
        return out

    def _run(
        self,
        view: RoquetView,
        game: RoquetGame,
        sk: Skeleton,
        rng: Rng,
        steps: int,
        n: int,
        weigh: bool,
    ) -> list[dict[str, int]]:
        """``n`` histories from one chain of ``steps`` swaps, spread over its second half."""
        now = self.start(sk, rng)
        if now is None:
            return []
        logw = self.log_weight(view, game, sk, now) if weigh else 0.0
        if logw == -math.inf:  # the start contradicts a play the heuristic never saw: weigh on anyway
            logw = -1e9
        cards = [c for c in sk.cards if c not in sk.pinned]
        held = [c for c in cards if now[c] != NEVER]
        out: list[dict[str, int]] = []
        burn = steps // 2
        every = max(1, (steps - burn) // max(n, 1))
        for step in range(steps):
            x = held[rng.randrange(len(held))]
            y = cards[rng.randrange(len(cards))]
            ax, ay = now[x], now[y]
            if ax != ay and self.allowed(sk, x, ay) and self.allowed(sk, y, ax):
                now[x], now[y] = ay, ax
                new = self.log_weight(view, game, sk, now) if weigh else 0.0
                if new >= logw or rng.random() < math.exp(new - logw):
                    logw = new
                    if ay == NEVER:
                        held[held.index(x)] = y
                else:
                    now[x], now[y] = ax, ay
            if step >= burn and (step - burn) % every == every - 1 and len(out) < n:
                out.append(dict(now))
        while len(out) < n:
            out.append(dict(now))
        return out

    def worlds(self, view: RoquetView, game: RoquetGame, rng: Rng, n: int) -> list[RoquetState]:
        """``n`` worlds consistent with ``view``: the opponent's hand and the stock of drawn histories."""
        sk = self.skeleton(view, game)
        histories = self.chain(view, game, sk, rng, n) if sk is not None else []
        if sk is None or not histories:
            return self.fallback.worlds(view, game, rng, n)
        seat = view.seat
        assert seat is not None
        opp = 1 - seat
        out = []
        for arrivals in histories:
            world = game.determinize(view, rng)
            hand = self.holding(sk, arrivals, sk.trick)
            if view.trick is not None and view.trick.plays and view.trick.plays[0].seat == opp:
                hand = hand - {view.trick.plays[0].card}
            stock = [CARD_ID[c] for c, a in arrivals.items() if a == NEVER]
            rng.shuffle(stock)
            hands = [list(world._hand[0]), list(world._hand[1])]
            hands[opp] = [CARD_ID[c] for c in sorted(hand)]
            world._set_hands(hands)
            world._stock = stock
            world._legal_cache = None
            out.append(world)
        return out


__all__ = ["HistoryReader", "Skeleton"]
