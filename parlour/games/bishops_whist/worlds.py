"""Worlds consistent with the play: deals of the unseen cards under which the rules of thumb
(``HeuristicPlayer``) would have made every play the other seats made (issue 14).

``game.determinize`` deals the unseen cards uniformly, keeping only the known cards and, under strict
laws, the suits shown out of. Against players who play by the rules of thumb, the worlds that matter are
those with no ``surprises``; late in the hand few uniform deals are such, so sifting uniform deals rarely
finds them. Here each world is found by a Markov chain instead: start from a ``determinize`` deal and
swap unseen cards between two other seats (each swap keeping the same constraints ``determinize``
keeps), accepting by Metropolis on the count of surprises, until none is left.

The count of surprises is a sum over seats: what the rules of thumb would have played at a seat's turn
depends on its own hand and the public play alone. So a swap re-counts only the two hands it changes, and
a hand's count is kept once counted (``WorldSampler.seat_surprises``, over the per-seat counter
``players.seat_surprises`` that ``players.surprises`` sums). A pure rules-side helper: no I/O,
every draw from the ``rng`` handed in, so the same seed gives the same worlds.

``adaptive_worlds`` (an experiment, not a level: benchmarks/bw_robust.py ``adaptive``) also reads from the
chains' worlds how far each other seat departs from the rules of thumb and, if one does, walks the worlds
on under the likelihood of the play at those rates (strength.md, "Against players who are not the rules of
thumb"); with a ``floor``, each other seat's rate is at least the floor, so the worlds always walk
(``bw_robust.py floor10``).

Measured (benchmarks/bw_worlds.py ``diagnose``, 10 positions each, 16 worlds, 2000 evaluations): every
world consistent at 12, 9, 6 and 3 cards left (the sift of 48 uniform deals: 59%, 5%, 2.5%, 14%), the
unseen cards in their true hands 39%, 50%, 62%, 86% (sift: 38%, 40%, 48%, 65%).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from parlour.engine import Game, Rng
from parlour.games.bishops_whist.players import (
    BishopsWhistView,
    HeuristicPlayer,
    Moment,
    moments_of,
    seat_surprises,
)
from parlour.games.bishops_whist.rules import (
    SEATS,
    BishopsWhistState,
    ShownOut,
    bits_of,
    codes_of,
    quitted_tricks,
)

STEPS = 2000
"""The default budget: evaluations (hands whose surprises are counted afresh) over all the worlds."""
TEMPERATURE = 0.15
"""Metropolis' temperature: a swap adding one surprise is taken with chance exp(-1 / 0.15), 1 in 800, one
that adds none always (measured at 9 and 6 cards left, 2000 evaluations: 80% of worlds consistent at
0.15 or 0, 55-69% at 0.6 or 1)."""
CAP = 3
"""A hand's surprises are counted up to this many (more tell the chain nothing it needs)."""
MIX = 8
"""Swaps tried once a chain's world has no surprise left, each kept only if the world stays so: the
world moves on from the first consistent deal found, towards any other."""

DEPARTURE_CAP = 8
"""A seat's unexplained plays are counted up to this many when its rate of departures is estimated and
in the walks under the likelihood of the play."""
PRIOR_PLAYS = 2
"""Plays taken as the rules of thumb's own before any is seen: the prior of a seat's rate of departures
(one unexplained play in the first two is read as a rate of a third, not a half)."""
LAWFUL = 3
"""The lawful cards a play is taken to choose among, in the likelihood of a departure (a rough mean)."""
EPS_MAX = 0.5
"""The highest rate of departures believed."""
WALK = 1000
"""Hands counted, over all the worlds, in the walks under the likelihood of the play (only when a seat
has departed from the rules of thumb)."""

BORROW = True
BORROW_MIX = 24
"""Swaps tried on a walk from a consistent world that another chain found (``WorldSampler.sample``)."""


class WorldSampler:
    """The constraints and the surprise counts of one view, and Markov chains over its worlds."""

    def __init__(self, view: BishopsWhistView, game: Game[Any], fast: HeuristicPlayer) -> None:
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view has no hand to start from")
        self.view = view
        self.game = game
        self.fast = fast
        self.seat = seat
        self.options: Mapping[str, Any] = game.options
        extra = view.extra
        self.order = list(extra.order)
        self.trump = view.trump
        sizes_now = [s.hand_size or 0 for s in view.seats]
        # Known cards, as ``determinize`` keeps them: the face-up cards of each other hand.
        self.known: list[list[str]] = []
        for s in range(SEATS):
            zone = view.zone("hand", s)
            self.known.append(list(view.hand) if s == seat else (list(zone.face_up) if zone else []))
        self.room = [sizes_now[s] - len(self.known[s]) for s in range(SEATS)]
        table_laws = bool(getattr(game, "table_laws", False))
        if table_laws:
            self.may_hold: Callable[[int, str], bool] = lambda s, c: True
        else:
            tricks = [[(p.seat, p.card) for p in t.plays] for t in quitted_tricks(view)]
            if view.trick is not None and view.trick.plays:
                tricks.append([(p.seat, p.card) for p in view.trick.plays])
            self.may_hold = ShownOut.of(tricks).may_hold
        # Each other seat's plays, with what its surprises read at each (``players.moments_of``).
        self.moments: list[list[Moment]] = moments_of(view)
        self.others = [s for s in range(SEATS) if s != seat and self.room[s] > 0]
        self.checks: list[list[Moment]] = [m[:] for m in self.moments]
        """Each seat's plays in the order they are checked: the last found surprising first (a count up
        to a cap stops sooner so; the count below the cap is the same in any order)."""
        self._counts: dict[tuple[int, int], tuple[int, int]] = {}
        """Per (seat, hand's bits): the surprises counted and the cap they were counted up to."""
        self.evaluations = 0
        """Hands whose surprises were counted afresh (the budget's unit)."""
        fixed = sum(self.seat_surprises(s, [], 99) for s in range(SEATS) if s != seat and not self.room[s])
        self.fixed = fixed
        """The surprises of the hands no swap changes (none unseen in them): part of every world's count."""
        self.evaluations = 0

    # --- the surprises, seat by seat ----------------------------------------------------------------

    def seat_surprises(self, s: int, dealt: list[str], cap: int = CAP) -> int:
        """How many of seat ``s``'s plays the rules of thumb would not have made had it held ``known[s]``
        and ``dealt`` now, counted up to ``cap``: ``players.seat_surprises`` (whose sum over the seats is
        ``players.surprises``) on the hand in its sorted order, each hand's count kept."""
        hand = codes_of(bits_of([*self.known[s], *dealt]))
        key = (s, bits_of(hand))
        kept = self._counts.get(key)
        if kept is not None and (kept[0] < kept[1] or cap <= kept[1]):
            return min(kept[0], cap)  # counted exactly, or up to at least ``cap``
        self.evaluations += 1
        count = seat_surprises(self.checks[s], hand, self.fast, self.order, self.trump, self.options, cap)
        self._counts[key] = (count, cap)
        return count

    def total(self, dealt: list[list[str]]) -> int:
        """The world's surprises (each seat's counted up to ``CAP``)."""
        return sum(self.seat_surprises(s, dealt[s]) for s in self.others)

    # --- worlds ---------------------------------------------------------------------------------------

    def dealt_of(self, world: BishopsWhistState) -> list[list[str]]:
        """The cards ``determinize`` dealt each seat: its hand but the known cards."""
        return [list((Counter(world.view(s).hand) - Counter(self.known[s])).elements()) for s in range(SEATS)]

    def world(self, base: BishopsWhistState, dealt: list[list[str]]) -> BishopsWhistState:
        """``base`` (a ``determinize`` world of this view) with the unseen cards dealt as ``dealt``; a
        knight on the table ranks as the new hand that played it says, as ``determinize`` rates it."""
        state = base.clone()
        state.hands = [[*self.known[s], *dealt[s]] for s in range(SEATS)]
        on_table = [(int(e[0]), str(e[1])) for e in base.trick]
        state.trick = []
        for s, c in on_table:
            state.trick.append([s, c, state._counts_as_ten(s, c)])
        state._legal_cache = state._range_cache = None
        state._mask = -1
        return state

    def chain(
        self,
        rng: Rng,
        evaluations: int,
        temperature: float = TEMPERATURE,
        mix: int = MIX,
        start: list[list[str]] | None = None,
    ) -> tuple[int, list[list[str]]]:
        """One world, as the cards dealt each seat: a ``determinize`` deal (or ``start``) improved by
        swaps until no surprise is left (then ``mix`` swaps more that keep it so), or until
        ``evaluations`` hands are counted; the least surprising deal met, with its surprises (measured:
        starting again from a new deal when stuck found no more consistent worlds)."""
        dealt = self.dealt_of(self.game.determinize(self.view, rng)) if start is None else start
        slots = [(s, i) for s in self.others for i in range(len(dealt[s]))]
        energy = {s: self.seat_surprises(s, dealt[s]) for s in self.others}
        total = sum(energy.values())
        best, best_dealt = total, [h[:] for h in dealt]
        stop = self.evaluations + evaluations
        mixed = 0
        proposals = 0
        while len(slots) > 1 and self.evaluations < stop and proposals < 50 * evaluations + 100:
            if total == 0:
                if mixed >= mix:
                    break
                mixed += 1
                a, i = slots[rng.randrange(len(slots))]
            else:  # one of the cards swapped from a hand that has surprises (an asymmetric proposal)
                bad = [x for x in slots if energy[x[0]]]
                a, i = bad[rng.randrange(len(bad))]
            proposals += 1
            b, j = slots[rng.randrange(len(slots))]
            if a == b:
                continue
            x, y = dealt[a][i], dealt[b][j]
            if x == y or not self.may_hold(b, x) or not self.may_hold(a, y):
                continue
            new_a = [*dealt[a][:i], y, *dealt[a][i + 1 :]]
            new_b = [*dealt[b][:j], x, *dealt[b][j + 1 :]]
            # Metropolis: a swap adding ``delta`` surprises is taken with chance exp(-delta / temperature),
            # that is when ``delta`` is at most -temperature * ln(u): the bound is drawn first, so that
            # counting stops as soon as it is passed. Once consistent, the world stays so.
            u = rng.random() if total else 1.0
            allow = int(-temperature * math.log(u)) if u > 0 else 2 * CAP
            bound = energy[a] + energy[b] + allow
            ea = self.seat_surprises(a, new_a, min(CAP, bound + 1))
            if ea > bound:
                continue
            eb = self.seat_surprises(b, new_b, min(CAP, bound - ea + 1))
            if ea + eb > bound:
                continue
            dealt[a], dealt[b] = new_a, new_b
            total += ea + eb - energy[a] - energy[b]
            energy[a], energy[b] = ea, eb
            if total <= best:
                best, best_dealt = total, [h[:] for h in dealt]
        return best + self.fixed, best_dealt

    def sample(
        self,
        rng: Rng,
        count: int,
        evaluations: int = STEPS,
        until: float | None = None,
        temperature: float = TEMPERATURE,
        mix: int = MIX,
        borrow: bool = BORROW,
    ) -> list[tuple[int, BishopsWhistState]]:
        """``count`` worlds, each from its own chain, with their surprises; the budget of ``evaluations``
        shared out among the chains still to run (what one leaves goes to the next). At a table the
        chains also stop at the clock time ``until`` (with at least one world made). With ``borrow``,
        a chain that ends short of a consistent world is given up for a walk of ``BORROW_MIX`` swaps from
        a consistent world another chain found (on what is left of the budget), if any did."""
        base = self.game.determinize(self.view, rng)
        found = self.found(rng, count, evaluations, until, temperature, mix, borrow)
        return [(score, self.world(base, dealt)) for score, dealt in found]

    def found(
        self,
        rng: Rng,
        count: int,
        evaluations: int = STEPS,
        until: float | None = None,
        temperature: float = TEMPERATURE,
        mix: int = MIX,
        borrow: bool = BORROW,
    ) -> list[tuple[int, list[list[str]]]]:
        """The chains of ``sample``: each world as its surprises and the cards dealt each seat."""
        found: list[tuple[int, list[list[str]]]] = []
        start = self.evaluations
        for k in range(count):
            if until is not None and k and time.perf_counter() > until:
                break
            share = max(1, (evaluations - (self.evaluations - start)) // (count - k))
            found.append(self.chain(rng, share, temperature, mix))
        consistent = [dealt for score, dealt in found if score == 0]
        if borrow and consistent:
            failed = [k for k, (score, _) in enumerate(found) if score]
            for n, k in enumerate(failed):
                if until is not None and time.perf_counter() > until:
                    break
                share = max(0, (evaluations - (self.evaluations - start)) // (len(failed) - n))
                walk = [h[:] for h in consistent[rng.randrange(len(consistent))]]
                found[k] = self.chain(rng, share, temperature, BORROW_MIX, walk)
        return found

    # --- how far each seat departs from the rules of thumb ------------------------------------------

    def departures(self, found: list[tuple[int, list[list[str]]]]) -> list[float]:
        """Each seat's estimated rate ``ε_s`` of plays that are not the rules of thumb's (0 for this
        view's own seat): the fewest of its plays that any world found leaves unexplained (a lower
        bound on its departures, counted up to ``DEPARTURE_CAP``), over its plays so far and
        ``PRIOR_PLAYS`` more taken as the rules' own, scaled up by ``1 / (1 - 1/LAWFUL)`` (a lawful
        card drawn at random is the rules' own card one time in ``LAWFUL``), at most ``EPS_MAX``.
        A seat whose every play some world explains gets 0: against the rules of thumb nothing
        changes."""
        eps = [0.0] * SEATS
        for s in range(SEATS):
            if s == self.seat or not self.moments[s]:
                continue
            if self.room[s]:
                least = min(self.seat_surprises(s, dealt[s], DEPARTURE_CAP) for _, dealt in found)
            else:
                least = self.seat_surprises(s, [], DEPARTURE_CAP)
            if least:
                plays = len(self.moments[s]) + PRIOR_PLAYS
                eps[s] = min(EPS_MAX, least / (plays * (1 - 1 / LAWFUL)))
        return eps

    def walk(self, rng: Rng, dealt: list[list[str]], eps: list[float], evaluations: int) -> list[list[str]]:
        """A walk from ``dealt`` by Metropolis under the likelihood of the play: a play that is the rules
        of thumb's has chance ``1 - ε_s + ε_s/L`` at seat ``s``, one that is not ``ε_s/L`` (``L`` taken
        as ``LAWFUL``), so each unexplained play of seat ``s`` costs ``ln(1 + L(1 - ε_s)/ε_s)`` (at most
        ``1/TEMPERATURE``, the chains' own cost, which a seat of ``ε_s`` 0 keeps). Symmetric swaps
        until ``evaluations`` hands are counted; the last deal is the world (a draw, not the least
        surprising deal met)."""
        dealt = [h[:] for h in dealt]
        slots = [(s, i) for s in self.others for i in range(len(dealt[s]))]
        if len(slots) < 2:
            return dealt
        cost = [
            min(1 / TEMPERATURE, math.log(1 + LAWFUL * (1 - e) / e)) if e > 0 else 1 / TEMPERATURE
            for e in eps
        ]
        energy = {s: self.seat_surprises(s, dealt[s], DEPARTURE_CAP) for s in self.others}
        stop = self.evaluations + evaluations
        proposals = 0
        while self.evaluations < stop and proposals < 50 * evaluations + 100:
            proposals += 1
            a, i = slots[rng.randrange(len(slots))]
            b, j = slots[rng.randrange(len(slots))]
            if a == b:
                continue
            x, y = dealt[a][i], dealt[b][j]
            if x == y or not self.may_hold(b, x) or not self.may_hold(a, y):
                continue
            new_a = [*dealt[a][:i], y, *dealt[a][i + 1 :]]
            new_b = [*dealt[b][:j], x, *dealt[b][j + 1 :]]
            ea = self.seat_surprises(a, new_a, DEPARTURE_CAP)
            eb = self.seat_surprises(b, new_b, DEPARTURE_CAP)
            delta = cost[a] * (ea - energy[a]) + cost[b] * (eb - energy[b])
            if delta > 0 and rng.random() >= math.exp(-delta):
                continue
            dealt[a], dealt[b] = new_a, new_b
            energy[a], energy[b] = ea, eb
        return dealt


def adaptive_worlds(
    view: BishopsWhistView,
    game: Game[Any],
    rng: Rng,
    count: int,
    fast: HeuristicPlayer,
    evaluations: int = STEPS,
    until: float | None = None,
    walk: int = WALK,
    floor: float = 0.0,
) -> tuple[list[BishopsWhistState], list[float]]:
    """The worlds of ``consistent_worlds`` (the same draws, so the same worlds) and each seat's estimated
    rate of departures from the rules of thumb (``WorldSampler.departures``). If a seat has departed,
    each world then walks on under the likelihood of the play at those rates (``WorldSampler.walk``,
    ``walk`` hands counted over all the worlds), so that a seat that plays otherwise than the rules of
    thumb is not believed to hold the one deal that would explain its cards (issue 14).

    With a ``floor`` above 0 no other seat is believed to depart less often than that: its rate is at
    least ``floor`` whatever is read, so the worlds always walk, and a world leaving a play unexplained
    can be kept. The rate read lags the truth (most random cards are explained by some deal), so a floor
    is a prior that the table is never quite the rules of thumb."""
    if not 0.0 <= floor <= EPS_MAX:
        raise ValueError(f"the floor is a rate of departures from 0 to {EPS_MAX}, not {floor}")
    sampler = WorldSampler(view, game, fast)
    base = game.determinize(view, rng)
    found = sampler.found(rng, count, evaluations, until)
    eps = sampler.departures(found)
    if floor > 0:
        eps = [e if s == sampler.seat else max(e, floor) for s, e in enumerate(eps)]
    if any(eps):
        start = sampler.evaluations
        for k, (_, dealt) in enumerate(found):
            if until is not None and time.perf_counter() > until:
                break
            share = max(0, (walk - (sampler.evaluations - start)) // (len(found) - k))
            moved = sampler.walk(rng, dealt, eps, share)
            found[k] = (sampler.total(moved) + sampler.fixed, moved)
    order = sorted(range(len(found)), key=lambda k: (found[k][0], k))
    return [sampler.world(base, found[k][1]) for k in order], eps


def consistent_worlds(
    view: BishopsWhistView,
    game: Game[Any],
    rng: Rng,
    count: int,
    fast: HeuristicPlayer,
    evaluations: int = STEPS,
    until: float | None = None,
) -> list[BishopsWhistState]:
    """``count`` worlds of ``view`` found by Markov chains (``WorldSampler.sample``), the consistent ones
    (no surprise) first, then the least surprising; ties in the order found."""
    found = WorldSampler(view, game, fast).sample(rng, count, evaluations, until)
    order = sorted(range(len(found)), key=lambda k: (found[k][0], k))
    return [found[k][1] for k in order]
