"""Computer players for open tarock: greedy, heuristic, an expectimax searcher and a sampling searcher.

The levels ``normal`` and ``strong`` are the sampling searcher (``PimcPlayer``): it deals the
face-down cards several ways and searches each deal with every card known, which measured
stronger than expectimax at the same time a move (issue 14).

Everything playable is face up, so the only chance left is which card a stack
turns up next. A turned-up card cannot change the trick in which it appears
(it is not playable until the next trick), so the searcher draws the new cards
once per trick, at the trick's end: decision nodes inside a trick are pure
minimax with alpha-beta, and chance nodes sit only between tricks. Once nothing
is face down the tree has no chance nodes left and the search is exact.

Cards are small ints inside the search (suit, strength and value in thirds come
from lookup lists); the public text API is used only at the edges.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from parlour.cards import SUITS, Pack
from parlour.engine import Game, Rng
from parlour.engine.views import View
from parlour.games.open_tarock.rules import (
    THIRDS,
    TRUMP,
    OpenTarock,
    OpenTarockExtra,
    card_thirds,
    fmt_thirds,
    strength,
    suit_of,
    trick_winner,
)
from parlour.players import Advice, Player, PlayerFactory

OpenTarockView = View[OpenTarockExtra]

SUIT_INDEX: Mapping[str, int] = {**{s: i for i, s in enumerate(SUITS)}, TRUMP: len(SUITS)}
TRUMP_I = SUIT_INDEX[TRUMP]
INF = float("inf")


@dataclass(frozen=True)
class Tables:
    """Per-pack lookup lists indexed by card number."""

    codes: tuple[str, ...]
    index: Mapping[str, int]
    suit: tuple[int, ...]
    rank: tuple[int, ...]
    worth: tuple[int, ...]
    """Each card's share of the count in thirds, the rules' ``card_thirds`` (rulings OT-12, OT-13)."""
    gain: tuple[tuple[int, ...], ...]
    """``gain[lead][answer]``: the answerer's gain in thirds, + the trick's worth if it wins, - if not."""


_TABLES: dict[str, Tables] = {}


def tables(pack: Pack) -> Tables:
    if pack.name not in _TABLES:
        codes = tuple(dict.fromkeys(pack.cards))
        suit = tuple(SUIT_INDEX[suit_of(c)] for c in codes)
        rank = tuple(strength(pack, c) for c in codes)
        worth = tuple(card_thirds(c) for c in codes)

        def gain(a: int, b: int) -> int:
            won = trick_winner(pack, [(0, codes[a]), (1, codes[b])]) == 1
            return worth[a] + worth[b] if won else -(worth[a] + worth[b])

        table = tuple(tuple(gain(a, b) for b in range(len(codes))) for a in range(len(codes)))
        _TABLES[pack.name] = Tables(codes, {c: i for i, c in enumerate(codes)}, suit, rank, worth, table)
    return _TABLES[pack.name]


def legal_indices(t: Tables, tops: Sequence[int], lead: int) -> list[int]:
    """Stacks whose top card may be played (``lead`` < 0: leading, any top card): the rules'
    ``playable`` (rulings OT-5, OT-6) on card numbers, for the search's inner loops (a test checks
    that the two agree)."""
    live = [i for i, c in enumerate(tops) if c >= 0]
    if lead < 0:
        return live
    ls = t.suit[lead]
    same = [i for i in live if t.suit[tops[i]] == ls]
    if same:
        return same
    trumps = [i for i in live if t.suit[tops[i]] == TRUMP_I]
    return trumps or live


def trick_gain(t: Tables, lead: int, answer: int) -> int:
    """The answerer's gain in thirds: + the trick's worth if it takes the trick, - if not."""
    return t.gain[lead][answer]


class _ViewReader:
    """The parts of a view every player needs, as ints: each stack's turned-up card (-1 for an
    emptied stack) and how many cards lie face down beneath it, the card led, and the pool of cards
    nobody has seen."""

    def __init__(self, view: OpenTarockView, pack: Pack) -> None:
        self.t = tables(pack)
        assert view.seat is not None
        self.seat: int = view.seat
        stacks = [list(view.zones_of("stack", p)) for p in (0, 1)]
        self.tops = [[self.t.index[str(z.cards[0])] if z.cards else -1 for z in stacks[p]] for p in (0, 1)]
        self.down = [[max(0, len(z.cards) - 1) for z in stacks[p]] for p in (0, 1)]
        trick = view.trick.cards if view.trick is not None else []
        self.lead = self.t.index[trick[0]] if trick else -1
        seen = set(trick)
        for zone in view.zones:  # the turned-up cards and the piles
            seen.update(zone.face_up)
        self.pool = [i for i, c in enumerate(self.t.codes) if c not in seen]

    def action(self, stack: int) -> str:
        return f"play {self.t.codes[self.tops[self.seat][stack]]}"


class GreedyPlayer:
    """Takes the most it can from the trick in hand, looking no further.

    Answering, it plays the card with the best immediate result (win with the
    most valuable winning card, else throw the cheapest); leading, it leads what
    does best against the opponent's greedy answer.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: OpenTarockView, game: Game[Any]) -> str:
        assert isinstance(game, OpenTarock)
        legal = view.legal_actions
        if len(legal) == 1:
            return str(legal[0])
        r = _ViewReader(view, game.card_pack)
        me, t = r.seat, r.t
        mine = r.tops[me]
        if r.lead >= 0:
            idx = legal_indices(t, mine, r.lead)
            best = max(idx, key=lambda i: (trick_gain(t, r.lead, mine[i]), -t.rank[mine[i]]))
            return r.action(best)
        theirs = r.tops[1 - me]

        def lead_score(i: int) -> tuple[int, int]:
            card = mine[i]
            replies = [theirs[j] for j in legal_indices(t, theirs, card)]
            return (-max(trick_gain(t, card, a) for a in replies), -t.rank[card])

        return r.action(max(legal_indices(t, mine, -1), key=lead_score))


class HeuristicPlayer:
    """Greedy on the trick in hand, plus a look at the next trick among the cards still in view.

    The next trick is judged with the turned-up cards that stay in view (the
    cards about to be turned up are unknown and left out), discounted because
    they will change. Fast: at most 16 x 16 small evaluations a move.
    """

    def __init__(self, seed: int = 0, lookahead: float = 0.5) -> None:
        self.rng = Rng(seed)
        self.lookahead = lookahead

    def choose(self, view: OpenTarockView, game: Game[Any]) -> str:
        assert isinstance(game, OpenTarock)
        legal = view.legal_actions
        if len(legal) == 1:
            return str(legal[0])
        r = _ViewReader(view, game.card_pack)
        t, me = r.t, r.seat
        tops = [list(r.tops[0]), list(r.tops[1])]

        def next_trick(leader: int, lead_stack: int, ans_stack: int, answerer: int) -> float:
            # Value for `me` of the following trick with the remaining visible cards
            # (a stack index of -1: that card had left its stack already).
            a = list(tops[leader])
            b = list(tops[answerer])
            if lead_stack >= 0:
                a[lead_stack] = -1
            if ans_stack >= 0:
                b[ans_stack] = -1
            best = -INF
            for i in legal_indices(t, a, -1):
                worst = INF
                for j in legal_indices(t, b, a[i]):
                    worst = min(worst, -trick_gain(t, a[i], b[j]))
                if worst == INF:
                    worst = 0.0
                best = max(best, worst)
            if best == -INF:
                return 0.0
            return best if leader == me else -best

        def answer_value(leader: int, li: int, answerer: int, j: int) -> float:
            lead = tops[leader][li] if li >= 0 else r.lead
            ans = tops[answerer][j]
            gain = trick_gain(t, lead, ans)
            winner = answerer if gain > 0 else leader
            now = gain if answerer == me else -gain
            return now + self.lookahead * next_trick(
                winner, li if winner == leader else j, j if winner == leader else li, 1 - winner
            )

        if r.lead >= 0:
            leader = 1 - me
            li = -1  # the led card has left its stack (whose next card is already up)
            idx = legal_indices(t, tops[me], r.lead)
            best = max(idx, key=lambda j: (answer_value(leader, li, me, j), -t.rank[tops[me][j]]))
            return r.action(best)
        opp = 1 - me

        def lead_value(i: int) -> tuple[float, int]:
            replies = legal_indices(t, tops[opp], tops[me][i])
            return (min(answer_value(me, i, opp, j) for j in replies), -t.rank[tops[me][i]])

        return r.action(max(legal_indices(t, tops[me], -1), key=lead_value))


def next_trick_value(t: Tables, leads: Sequence[int], answers: Sequence[int]) -> int:
    """One trick, minimax, among these cards only: the leader's best sure gain in thirds."""
    if not leads or not answers:
        return 0
    suit, gain = t.suit, t.gain
    best = -(10**9)
    for c in leads:
        sc = suit[c]
        # the duty to follow, else to play a tarock (OT-5, OT-6), inline in this hot loop: it is
        # legal_indices (checked against the rules' playable) on cards rather than stacks
        replies = [a for a in answers if suit[a] == sc]
        if not replies:
            replies = [a for a in answers if suit[a] == TRUMP_I] or list(answers)
        row = gain[c]
        worst = -max(row[a] for a in replies)
        if worst > best:
            best = worst
    return best


SKIP_MARGIN = 0.5
"""A deeper iteration starts unless half its foreseen cost would already pass the cap."""


class _Budget(Exception):
    """Raised inside the search when an iteration runs out of nodes or time."""


def _check_seconds(seconds: float | None) -> None:
    if seconds is not None and not seconds > 0:
        raise ValueError(f"a wall-clock limit must be a positive number of seconds, not {seconds!r}")


class _Searcher:
    """What both searchers share: a clock only at a table, and advice from the last search's figures."""

    seconds: float | None
    last_values: dict[int, float]
    last_depth: int
    exact: bool

    def choose(self, view: OpenTarockView, game: Game[Any]) -> str:
        raise NotImplementedError

    def limit_time(self, seconds: float | None) -> None:
        """At a table: stop deepening once ``seconds`` have passed as well (``None``: positions only)."""
        _check_seconds(seconds)
        self.seconds = seconds

    def advise(self, view: OpenTarockView, game: Game[Any]) -> Advice:
        """The move ``choose`` makes, and why, from the search's own figures."""
        action = self.choose(view, game)
        return Advice(action, reason_for(action, view, game, self))


class SearchPlayer(_Searcher):
    """Expectimax over the cards still face down, alpha-beta within each trick.

    Iterative deepening by whole tricks: each iteration searches one trick
    deeper while fewer than ``nodes`` positions have been searched; an iteration
    that passes ``cap`` positions is abandoned and the last finished one decides,
    and an iteration foreseen (from the growth of the last two) to need far more
    than the cap allows is not started, as its work would be thrown away. The
    budget is counted in positions, never in seconds, so the same seed gives the
    same move on any machine (ruling OT-20). ``seconds`` adds a wall-clock limit
    for interactive play only: with it, moves depend on the machine's speed.
    Chance nodes between tricks enumerate every possible pair
    of new cards when there are few, and otherwise average over a sample whose
    size shrinks with depth.
    """

    def __init__(
        self,
        seed: int = 0,
        nodes: int = 40_000,
        cap: int | None = None,
        samples: Sequence[int] = (12, 6, 3, 2),
        leaf_weight: float = 0.5,
        seconds: float | None = None,
    ) -> None:
        if nodes < 1 or (cap is not None and cap < nodes):
            raise ValueError(f"a search needs nodes >= 1 and cap >= nodes (nodes={nodes}, cap={cap})")
        _check_seconds(seconds)
        self.rng = Rng(seed)
        self.node_budget = nodes
        self.node_cap = 3 * nodes if cap is None else cap
        self.seconds = seconds
        self.samples = tuple(samples)
        self.leaf_weight = leaf_weight
        self.nodes = 0
        self.deadline: float | None = None
        self.last_depth = 0
        self.exact = False
        self.last_values: dict[int, float] = {}
        """Each stack's value (thirds, for this seat) in the last finished iteration of the last choice."""

    # --- the entry point ---------------------------------------------------------------

    def choose(self, view: OpenTarockView, game: Game[Any]) -> str:
        assert isinstance(game, OpenTarock)
        legal = view.legal_actions
        self.last_values = {}
        self.last_depth, self.exact = 0, False
        if len(legal) == 1:
            return str(legal[0])
        r = _ViewReader(view, game.card_pack)
        self.t = r.t
        self.me = r.seat
        self.tops = r.tops
        self.down = r.down
        self.pool = r.pool
        # only an explicit wall-clock limit (interactive play) ever reads the clock
        self.deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        most = max(self.samples)
        self.uniforms = [[(self.rng.random(), self.rng.random()) for _ in range(most)] for _ in range(30)]
        self.nodes = 0
        left = max(sum(1 for c in r.tops[p] if c >= 0) + sum(r.down[p]) for p in (0, 1))
        turn = self.me
        moves = legal_indices(self.t, r.tops[turn], r.lead)
        lead_seat = -1 if r.lead < 0 else 1 - self.me
        self.root_lead = r.lead
        best_move = moves[0]
        depth = 1
        costs: list[int] = []  # positions searched by each finished iteration
        while True:
            values: list[float] = []
            before = self.nodes
            try:
                for m in moves:
                    # a move that cannot beat the best so far need only be shown to be no better
                    values.append(self._root_value(m, lead_seat, depth, max(values, default=-INF)))
            except _Budget:
                break
            top = max(values)
            best_move = moves[values.index(top)]
            self.last_values = dict(zip(moves, values, strict=True))
            self.last_depth = depth
            self.exact = not self.pool and depth >= left
            if depth >= left or self.nodes >= self.node_budget:
                break
            costs.append(self.nodes - before)
            if len(costs) >= 2 and costs[-2] > 0:
                # Do not start an iteration that cannot finish: it would be thrown away. Its cost is
                # foreseen from the growth of the last two; the margin lets a guess twice too high pass.
                foreseen = costs[-1] * costs[-1] / costs[-2]
                if self.nodes + foreseen * SKIP_MARGIN > self.node_cap:
                    break
            # best move first next time, for earlier cut-offs
            k = values.index(top)
            moves = [moves[k], *moves[:k], *moves[k + 1 :]]
            depth += 1
        return r.action(best_move)

    def _tick(self) -> None:
        if self.nodes >= self.node_cap:  # the position that would pass the cap is not searched
            raise _Budget
        self.nodes += 1
        if self.deadline is not None and self.nodes & 255 == 0 and time.perf_counter() > self.deadline:
            raise _Budget

    # --- the tree ----------------------------------------------------------------------

    def _root_value(self, move: int, lead_seat: int, depth: int, alpha: float) -> float:
        me = self.me
        if lead_seat < 0:
            return self._answer(me, move, 1 - me, depth, 0, alpha, INF)
        # answering: the led card has left its stack, whose next card is already up
        return self._resolve(lead_seat, -1, self.root_lead, me, move, depth, 0, alpha, INF)

    def _lead(self, seat: int, depth: int, level: int, alpha: float, beta: float) -> float:
        """Value (for ``me``, in thirds) of the rest of the hand with ``seat`` to lead."""
        self._tick()
        tops = self.tops[seat]
        moves = legal_indices(self.t, tops, -1)
        if not moves:
            return 0.0
        other = 1 - seat
        if seat == self.me:
            value = -INF
            for i in moves:
                value = max(value, self._answer(seat, i, other, depth, level, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = INF
        for i in moves:
            value = min(value, self._answer(seat, i, other, depth, level, alpha, beta))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def _answer(
        self, leader: int, li: int, answerer: int, depth: int, level: int, alpha: float, beta: float
    ) -> float:
        self._tick()
        t = self.t
        lead = self.tops[leader][li]
        moves = legal_indices(t, self.tops[answerer], lead)
        ans_tops = self.tops[answerer]
        # winning answers first: they are usually best for the answerer
        row = t.gain[lead]
        moves.sort(key=lambda j: -row[ans_tops[j]])
        if answerer == self.me:
            value = -INF
            for j in moves:
                value = max(value, self._resolve(leader, li, lead, answerer, j, depth, level, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = INF
        for j in moves:
            value = min(value, self._resolve(leader, li, lead, answerer, j, depth, level, alpha, beta))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def _resolve(
        self,
        leader: int,
        li: int,
        lead: int,
        answerer: int,
        aj: int,
        depth: int,
        level: int,
        alpha: float = -INF,
        beta: float = INF,
    ) -> float:
        """The trick is complete: score it, turn up the new cards (chance) and go on."""
        t = self.t
        tops, down = self.tops, self.down
        ans = tops[answerer][aj]
        gain = t.gain[lead][ans]
        winner = answerer if gain > 0 else leader
        now = float(gain if answerer == self.me else -gain)
        if depth <= 1:
            if not self.leaf_weight:
                return now
            return now + self.leaf_weight * self._leaf(winner, leader, li, answerer, aj)
        played = [(answerer, aj)] if li < 0 else [(leader, li), (answerer, aj)]
        reveals = [(p, s) for p, s in played if down[p][s] > 0]
        for p, s in played:
            tops[p][s] = -1
        try:
            if not reveals:
                return now + self._lead(winner, depth - 1, level + 1, alpha - now, beta - now)
            return now + self._chance(reveals, winner, depth - 1, level + 1)
        finally:
            tops[answerer][aj] = ans
            if li >= 0:
                tops[leader][li] = lead

    def _chance(self, reveals: list[tuple[int, int]], winner: int, depth: int, level: int) -> float:
        """Average over the cards the played stacks may turn up."""
        pool = self.pool
        k = len(reveals)
        outcomes: list[tuple[int, ...]]
        n = len(pool)
        exact = n if k == 1 else n * (n - 1)
        limit = self.samples[min(level - 1, len(self.samples) - 1)]
        if exact <= limit:
            outcomes = list(permutations(range(n), k))
        else:
            # common random numbers: every branch at this depth draws from the same uniforms,
            # so root moves are compared on alike samples and the noise largely cancels
            outcomes = []
            for u1, u2 in self.uniforms[level][:limit]:
                first = int(u1 * n)
                if k == 1:
                    outcomes.append((first,))
                else:
                    second = int(u2 * (n - 1))
                    outcomes.append((first, second + (second >= first)))
        tops, down = self.tops, self.down
        total = 0.0
        for picks in outcomes:
            cards = [pool[i] for i in picks]
            for (p, s), c in zip(reveals, cards, strict=True):
                tops[p][s] = c
                down[p][s] -= 1
            removed = sorted(picks, reverse=True)
            saved = [pool.pop(i) for i in removed]
            try:
                total += self._lead(winner, depth, level, -INF, INF)
            finally:
                for i, c in zip(reversed(removed), reversed(saved), strict=True):
                    pool.insert(i, c)
                for (p, s), _c in zip(reveals, cards, strict=True):
                    down[p][s] += 1
                    tops[p][s] = -1
        return total / len(outcomes)

    def _leaf(self, winner: int, leader: int, li: int, answerer: int, aj: int) -> float:
        """The horizon: the next trick among the cards that stay in view, minimax, for ``me``.

        The cards the last trick turns up are unknown here and left out; the caller
        discounts the figure because they will change it.
        """
        t = self.t
        tops = self.tops
        lead_tops = list(tops[winner])
        ans_tops = list(tops[1 - winner])
        for p, s in ((leader, li), (answerer, aj)):
            if s >= 0:
                (lead_tops if p == winner else ans_tops)[s] = -1
        best = next_trick_value(t, [c for c in lead_tops if c >= 0], [c for c in ans_tops if c >= 0])
        return best if winner == self.me else -best


def reason_for(action: str, view: OpenTarockView, game: Game[Any], player: _Searcher) -> str:
    """Why the searcher plays ``action``, from its last search: said to the player it advises (a hint),
    so the points are "for you", not the searcher's "for me"."""
    assert isinstance(game, OpenTarock)
    pack = game.card_pack
    card = action.split()[1]
    name = pack.pretty(card)
    if not player.last_values:
        return "the only card that may be played"  # (the hint names the card: "play J♠ — ...")
    value = max(player.last_values.values())
    thirds = round(abs(value))
    # On average over the deals of the cards face down, as the levels' notes say; since term-13 the words
    # say no more of it ("..., averaged over 400 deals of the cards still face down" made a hint three
    # lines long at 80 columns).
    if player.exact:
        horizon = "to the end of the hand, every card face up"
    else:
        tricks = player.last_depth
        plural = "s" if tricks > 1 else ""
        more = " or more" if isinstance(player, PimcPlayer) else ""
        horizon = f"over the next {tricks} trick{plural}{more}"
    points = "point" if thirds == THIRDS else "points"  # "+1 point" (it said "+1 points")
    sign = "+" if value >= 0 or thirds == 0 else "-"  # a hint said "-0 points" of a loss under a sixth
    outlook = f"{sign}{fmt_thirds(thirds)} {points} for you against the other player {horizon}"
    trick = view.trick.cards if view.trick is not None else []
    if trick:
        lead = trick[0]
        worth = fmt_thirds(card_thirds(lead) + card_thirds(card))
        if trick_winner(pack, [(0, lead), (1, card)]) == 1:
            return f"takes {pack.pretty(lead)} with {name} (a trick worth {worth}): {outlook}"
        return f"lets {pack.pretty(lead)} win and throws {name}, the card best spared: {outlook}"
    seat = view.seat
    assert seat is not None
    r = _ViewReader(view, pack)
    led = r.t.index[card]
    replies = [r.tops[1 - seat][j] for j in legal_indices(r.t, r.tops[1 - seat], led)]
    if replies and all(trick_gain(r.t, led, a) < 0 for a in replies):
        return f"leads {name}: no card in view can take it; {outlook}"
    return f"leads {name}: {outlook}"


class CheatingTarock(SearchPlayer):
    """For measurement only: told the cards face down in every stack, it searches the true deal
    (its chance nodes turn up the real next cards), so its search has no chance left."""

    def choose_state(self, state: Any, seat: int) -> str:
        game = state.game
        t = tables(game.card_pack)
        self.true_stacks = [[[t.index[c] for c in stack] for stack in state.stacks[p]] for p in (0, 1)]
        return self.choose(state.view(seat), game)

    def _chance(self, reveals: list[tuple[int, int]], winner: int, depth: int, level: int) -> float:
        tops, down, pool = self.tops, self.down, self.pool
        cards = []
        for p, s in reveals:
            stack = self.true_stacks[p][s]
            c = stack[len(stack) - down[p][s]]
            cards.append(c)
            tops[p][s] = c
            down[p][s] -= 1
            pool.remove(c)
        try:
            return self._lead(winner, depth, level, -INF, INF)
        finally:
            for (p, s), c in zip(reveals, cards, strict=True):
                down[p][s] += 1
                tops[p][s] = -1
                pool.append(c)


class PimcPlayer(_Searcher):
    """Perfect-information Monte Carlo: deals the cards still face down several ways, searches
    each deal with every card known, and plays the card with the best average.

    The face-down cards are hidden from both players alike, so every arrangement of the unseen
    cards into the face-down places is equally likely: each of ``worlds`` deals is an even shuffle
    from the player's own seeded ``rng``. Without chance nodes the search of one deal is plain
    alpha-beta by whole tricks, with a transposition table (the same stacks are reached by many
    orders of tricks) and iterative deepening, so it sees several times deeper than expectimax in
    the same positions. Every root card is valued exactly on the same deals (common worlds), and
    the card with the highest sum wins. The budget is ``nodes`` positions shared evenly among the
    deals (an iteration that passes a deal's share of ``cap`` is abandoned), never seconds, so the
    same seed gives the same move on any machine (ruling OT-20); ``seconds`` adds a wall-clock limit
    for interactive play only.
    """

    def __init__(
        self,
        seed: int = 0,
        worlds: int = 8,
        nodes: int = 64_000,
        cap: int | None = None,
        leaf_weight: float = 0.5,
        table: bool = True,
        root_trick: bool = False,
        seconds: float | None = None,
    ) -> None:
        if worlds < 1 or nodes < worlds or (cap is not None and cap < nodes):
            raise ValueError(
                f"a search needs worlds >= 1, nodes >= worlds and cap >= nodes "
                f"(worlds={worlds}, nodes={nodes}, cap={cap})"
            )
        _check_seconds(seconds)
        self.rng = Rng(seed)
        self.worlds = worlds
        self.node_budget = nodes
        self.node_cap = 2 * nodes if cap is None else cap
        self.leaf_weight = leaf_weight
        self.table = table
        self.root_trick = root_trick
        """Leading, the opponent answers the first trick without knowing the deal: each answer's
        value is averaged over the deals before the opponent takes the least."""
        self.seconds = seconds
        self.deadline: float | None = None
        self.nodes = 0
        self.last_depth = 0
        """The fewest whole tricks searched in any deal by the last choice."""
        self.last_worlds = 0
        """How many deals the last choice averaged over (one once nothing is face down)."""
        self.exact = False
        self.last_values: dict[int, float] = {}
        """Each stack's value (thirds, for this seat) averaged over the deals of the last choice."""

    # --- the entry point ---------------------------------------------------------------

    def choose(self, view: OpenTarockView, game: Game[Any]) -> str:
        assert isinstance(game, OpenTarock)
        legal = view.legal_actions
        self.last_values = {}
        self.last_depth, self.last_worlds, self.exact = 0, 0, False
        if len(legal) == 1:
            return str(legal[0])
        r = _ViewReader(view, game.card_pack)
        self.t = r.t
        self.me = r.seat
        self.deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        self.nodes = 0
        moves = legal_indices(r.t, r.tops[self.me], r.lead)
        # the root's choices valued in each deal: (my stack, the opponent's answer, -1 for any)
        if r.lead < 0 and self.root_trick:
            opp = r.tops[1 - self.me]
            pairs = [(m, j) for m in moves for j in legal_indices(r.t, opp, r.tops[self.me][m])]
        else:
            pairs = [(m, -1) for m in moves]
        slots = [(p, s) for p in (0, 1) for s in range(len(r.down[p])) for _ in range(r.down[p][s])]
        assert len(slots) == len(r.pool), "the face-down places hold exactly the unseen cards"
        # once nothing is face down every deal is the true one: search it once with the whole budget
        worlds = self.worlds if r.pool else 1
        share, share_cap = self.node_budget // worlds, self.node_cap // worlds
        totals = dict.fromkeys(pairs, 0.0)
        depths: list[int] = []
        for _ in range(worlds):
            cards = list(r.pool)
            self.rng.shuffle(cards)
            stacks = [[[c] if c >= 0 else [] for c in r.tops[p]] for p in (0, 1)]
            for (p, s), c in zip(slots, cards, strict=True):
                stacks[p][s].append(c)
            values, depth = self._search_world(stacks, r.lead, pairs, share, share_cap)
            if not values:  # not even one trick deep within its share (only under a clock)
                continue
            for pair in pairs:
                totals[pair] += values[pair]
            depths.append(depth)
        if not depths:
            return r.action(moves[0])
        n = len(depths)
        worst: dict[int, float] = {}
        for (m, _j), v in totals.items():
            worst[m] = min(worst.get(m, INF), v / n)
        self.last_values = worst
        self.last_depth, self.last_worlds = min(depths), n
        left = max(sum(1 for c in r.tops[p] if c >= 0) + sum(r.down[p]) for p in (0, 1))
        self.exact = not r.pool and self.last_depth >= left
        best = max(moves, key=lambda m: worst[m])  # the first of equals: moves are in stack order
        return r.action(best)

    # --- one deal, every card known -----------------------------------------------------

    def _search_world(
        self,
        stacks: list[list[list[int]]],
        lead: int,
        pairs: list[tuple[int, int]],
        share: int,
        share_cap: int,
    ) -> tuple[dict[tuple[int, int], float], int]:
        """Each root move's exact value (for ``me``) in this deal, from the deepest search that
        finished within the deal's share of the budget, and that depth in tricks."""
        self.stk = stacks
        self.pos = [[0] * len(stacks[p]) for p in (0, 1)]
        self.tops = [[st[0] if st else -1 for st in stacks[p]] for p in (0, 1)]
        width = max(1, max(len(st) for p in (0, 1) for st in stacks[p]).bit_length())
        self.shift = [[width * (s + p * len(stacks[0])) for s in range(len(stacks[p]))] for p in (0, 1)]
        self.key = 0
        self.tt: dict[int, tuple[int, float, int, int]] = {}
        self.world_cap = self.nodes + share_cap
        start = self.nodes
        left = max(sum(len(st) for st in stacks[p]) for p in (0, 1))
        me = self.me
        values: dict[tuple[int, int], float] = {}
        finished = 0
        depth = 1
        costs: list[int] = []
        while True:
            before = self.nodes
            try:
                found: dict[tuple[int, int], float] = {}
                for m, j in pairs:
                    if lead >= 0:  # answering: the opponent's lead has left its stack already
                        found[m, j] = -self._after(1 - me, -1, lead, m, depth, -INF, INF)
                    elif j < 0:  # leading: the least the opponent's answers leave us in this deal
                        found[m, j] = self._lead_card(me, m, depth, -INF, INF)
                    else:  # leading, one answer: the opponent chooses it over every deal
                        found[m, j] = self._after(me, m, self.tops[me][m], j, depth, -INF, INF)
            except _Budget:
                break
            values, finished = found, depth
            if depth >= left or self.nodes - start >= share:
                break
            costs.append(self.nodes - before)
            if len(costs) >= 2 and costs[-2] > 0:
                foreseen = costs[-1] * costs[-1] / costs[-2]
                if self.nodes + foreseen * SKIP_MARGIN > self.world_cap:
                    break
            depth += 1
        return values, finished

    def _tick(self) -> None:
        if self.nodes >= self.world_cap:
            raise _Budget
        self.nodes += 1
        if self.deadline is not None and self.nodes & 255 == 0 and time.perf_counter() > self.deadline:
            raise _Budget

    def _lead(self, seat: int, depth: int, alpha: float, beta: float) -> float:
        """Value for ``seat``, who leads, of the next ``depth`` tricks (negamax, in thirds)."""
        self._tick()
        tops = self.tops[seat]
        moves = [i for i, c in enumerate(tops) if c >= 0]
        if not moves:
            return 0.0
        key = (self.key << 1) | seat
        hit = self.tt.get(key) if self.table else None
        if hit is not None:
            d, v, flag, first = hit
            if d >= depth and (flag == 0 or (flag == 1 and v >= beta) or (flag == 2 and v <= alpha)):
                return v
            if first in moves:
                moves.remove(first)
                moves.insert(0, first)
        a0 = alpha
        best, best_i = -INF, moves[0]
        for i in moves:
            v = self._lead_card(seat, i, depth, alpha, beta)
            if v > best:
                best, best_i = v, i
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if self.table:
            flag = 1 if best >= beta else (2 if best <= a0 else 0)
            self.tt[key] = (depth, best, flag, best_i)
        return best

    def _lead_card(self, seat: int, i: int, depth: int, alpha: float, beta: float) -> float:
        """Value for ``seat`` of leading stack ``i``: the opponent answers to hold it lowest."""
        self._tick()
        t = self.t
        lead = self.tops[seat][i]
        other = self.tops[1 - seat]
        replies = legal_indices(t, other, lead)
        row = t.gain[lead]
        replies.sort(key=lambda j: -row[other[j]])  # winning answers first
        worst = INF
        for j in replies:
            v = self._after(seat, i, lead, j, depth, alpha, min(beta, worst))
            if v < worst:
                worst = v
                if worst <= alpha:
                    break
        return worst

    def _after(self, leader: int, li: int, lead: int, aj: int, depth: int, lo: float, hi: float) -> float:
        """The trick is complete: its worth, the next cards turned up, and the rest, for ``leader``."""
        answerer = 1 - leader
        tops, pos, stk = self.tops, self.pos, self.stk
        ans = tops[answerer][aj]
        g = self.t.gain[lead][ans]
        winner = answerer if g > 0 else leader
        if depth <= 1 and not self.leaf_weight:
            return float(-g)
        played = [(answerer, aj)] if li < 0 else [(leader, li), (answerer, aj)]
        for p, s in played:
            pos[p][s] += 1
            st = stk[p][s]
            tops[p][s] = st[pos[p][s]] if pos[p][s] < len(st) else -1
            self.key += 1 << self.shift[p][s]
        try:
            if depth <= 1:  # the horizon: the next trick among the true new tops, discounted
                w, o = tops[winner], tops[1 - winner]
                nxt = next_trick_value(self.t, [c for c in w if c >= 0], [c for c in o if c >= 0])
                rest = self.leaf_weight * (nxt if winner == leader else -nxt)
            elif winner == leader:
                rest = self._lead(leader, depth - 1, lo + g, hi + g)
            else:
                rest = -self._lead(answerer, depth - 1, -g - hi, -g - lo)
            return -g + rest
        finally:
            for p, s in played:
                self.key -= 1 << self.shift[p][s]
                pos[p][s] -= 1
                tops[p][s] = stk[p][s][pos[p][s]]


def _greedy(game: Game[Any], seed: int) -> Player:
    """Takes the most it can from the trick in hand, looking no further: it answers at once."""
    return GreedyPlayer(seed)


def _heuristic(game: Game[Any], seed: int) -> Player:
    """Takes the most it can from the trick in hand, with a glance at the next trick among the cards
    still face up: it answers at once.

    The lobby and the table explain it by this first sentence (``describe_player``)."""
    return HeuristicPlayer(seed)


SEARCH_NODES, SEARCH_CAP = 40_000, 80_000
"""``search``: deepen while under 40 000 positions, abandon an iteration past 80 000 (ruling OT-20)."""
FAST_NODES, FAST_CAP = 4_000, 12_000
"""``search-fast``: a tenth of the budget and smaller samples, for long simulations."""


def _search(game: Game[Any], seed: int) -> Player:
    """Weighs every way the face-down cards may yet turn up, and looks ahead trick by trick as far as its
    time allows: up to a second a move.

    The lobby and the table explain it by this first sentence (``describe_player``); the class says how
    (expectimax, alpha-beta within a trick, a budget of positions)."""
    return SearchPlayer(seed, nodes=SEARCH_NODES, cap=SEARCH_CAP)


def _search_fast(game: Game[Any], seed: int) -> Player:
    """The search player with a tenth of its time to look ahead, made for playing thousands of test
    matches: about a tenth of a second a move.

    A tenth of the default node budget and smaller samples, for long simulations."""
    return SearchPlayer(seed, nodes=FAST_NODES, cap=FAST_CAP, samples=(6, 3, 2, 1))


STRONG_WORLDS, STRONG_NODES = 16, 64_000
"""``strong``: 16 deals of the face-down cards, 64 000 positions a move among them (cap twice that),
about a quarter of a second a move (issue 14: +4.27 ± 2.07 game points a match over ``search``,
paired on 70 deals; 61% of the cheat's margin over the heuristic)."""
NORMAL_WORLDS, NORMAL_NODES = 8, 32_000
"""``normal``: 8 deals, 32 000 positions a move (+3.01 ± 2.55 over ``search-fast``, paired on 40 deals)."""


def _strong(game: Game[Any], seed: int) -> Player:
    """The normal level with 16 guesses at the face-down cards and twice its time to think them over:
    about a quarter of a second a move.

    ``STRONG_WORLDS`` deals of the face-down cards, each searched with every card known, in
    ``STRONG_NODES`` positions a move in all."""
    return PimcPlayer(seed, worlds=STRONG_WORLDS, nodes=STRONG_NODES)


def _normal(game: Game[Any], seed: int) -> Player:
    """Guesses 8 ways the face-down cards may lie, works out the play of each as if every card were
    face up, and plays the card that does best over them all: well under a second a move.

    ``NORMAL_WORLDS`` deals of the face-down cards, each searched with every card known, in
    ``NORMAL_NODES`` positions a move in all."""
    return PimcPlayer(seed, worlds=NORMAL_WORLDS, nodes=NORMAL_NODES)


PLAYERS: dict[str, PlayerFactory] = {
    "greedy": _greedy,
    "heuristic": _heuristic,
    "search": _search,
    "search-fast": _search_fast,
    "easy": _greedy,
    "normal": _normal,
    "strong": _strong,
}
"""This game's computer players by kind (``random`` is every game's)."""
