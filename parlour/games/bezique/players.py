"""Computer players for Two-handed Bezique.

The heuristic player keeps what can still meld (marriages, bezique, fours, the
trump sequence and the seven), guards its aces and tens, wins a trick when the
trick holds a brisque or when winning it lets it declare, and plays the last
eight tricks exactly: once the talon is gone every card is known, so it solves
the ending by exhaustive search (memoised, a few thousand positions at most).

It reads the typed view and asks the rules module for every rule (who takes a trick, what the
last eight allow, the melds and their points and order, the reuse rule, the brisques).

The levels: ``easy`` (``EasyPlayer``, a beginner who does not keep cards back for melds), ``normal`` and
``strong`` (``SearchPlayer``: the heuristic's best few cards compared over many deals of the unseen
cards, played out in the compact model of ``search.py``; they differ in their budget of playouts).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from typing import Any

from parlour.cards import BEZIQUE_64, SUITS
from parlour.engine import Game, Rng
from parlour.engine.rng import derive_seed
from parlour.engine.views import View
from parlour.games.bezique.rules import (
    BRISQUE_POINTS,
    FOURS,
    LAST_TRICK_POINTS,
    MELD_ORDER,
    MELD_POINTS,
    SEQUENCE_RANKS,
    SEVEN_OF_TRUMPS_POINTS,
    BeziqueExtra,
    BeziqueState,
    Meld,
    Phase,
    beats,
    bezique_cards,
    brisques_in,
    is_brisque,
    last_eight_choices,
    last_trick_of_the_hand_scores,
    last_trick_of_the_talon_scores,
    marriage,
    may_serve_again,
    meld_kind,
    meld_patterns,
    rank,
    reuse_needs_greater,
    seven_of_trumps,
    suit,
)
from parlour.games.bezique.search import Rules, Sim, card_id
from parlour.players import Advice, Player, PlayerFactory

PACK = BEZIQUE_64
PACK_COUNTS = PACK.counts()
BASE_KEEP = {"A": 12, "T": 11, "K": 5, "Q": 5, "J": 3, "9": 0, "8": 0, "7": 0}
"""How much the player would regret parting with a card of each rank, before its melds."""

BeziqueView = View[BeziqueExtra]


def full_hand(view: BeziqueView) -> list[str]:
    """The viewing seat's whole hand: its concealed cards and its declared cards on the table."""
    assert view.seat is not None
    declared = view.zone("melds", view.seat)
    return [*view.hand, *(declared.face_up if declared is not None else [])]


def talon_size(view: BeziqueView) -> int:
    talon = view.zone("talon")
    return talon.size if talon is not None else 0


def turn_up_lies(view: BeziqueView) -> bool:
    """Whether the turn-up still lies beside the talon (the seven may be exchanged or shown)."""
    up = view.zone("turn_up")
    return up is not None and bool(up.cards)


class EndgameSolver:
    """Exact play of the last tricks: both hands are known once the talon is gone."""

    def __init__(self, trump: str, last_bonus: int) -> None:
        self.trump = trump
        self.last_bonus = last_bonus
        self.memo: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}

    def value(self, leader: tuple[str, ...], follower: tuple[str, ...]) -> int:
        """Best (leader's points - follower's points) from here, leader to lead."""
        if not leader or not follower:
            # Hands differ only after a table-law fault: cards left unanswered go to their holder.
            return BRISQUE_POINTS * (brisques_in(leader) - brisques_in(follower))
        key = (leader, follower)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        best = -(10**9)
        for a in sorted(set(leader)):
            worst = 10**9
            for b in sorted(set(last_eight_choices(follower, a, self.trump))):
                worst = min(worst, self._after(leader, follower, a, b))
                if worst <= best:
                    break
            best = max(best, worst)
        self.memo[key] = best
        return best

    def _after(self, leader: tuple[str, ...], follower: tuple[str, ...], a: str, b: str) -> int:
        """Leader's net after leader plays ``a`` and follower ``b``."""
        rest_l = _remove(leader, a)
        rest_f = _remove(follower, b)
        pts = BRISQUE_POINTS * brisques_in((a, b)) + (self.last_bonus if not rest_l or not rest_f else 0)
        if beats(a, b, self.trump):
            return -(pts + self.value(rest_f, rest_l))
        return pts + self.value(rest_l, rest_f)


def _remove(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


class HeuristicPlayer:
    """Rule-of-thumb play in the talon phase, exact play in the last eight tricks."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.solver: EndgameSolver | None = None

    def choose(self, view: BeziqueView, game: Game[Any]) -> str:
        legal = list(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if "blanche" in legal:
            return "blanche"
        if "draw" in legal:
            # Table laws leave the draw to us: always take the one card, never skip, never a second.
            return "pass" if "pass" in legal else "draw"
        if any(a.startswith(("meld", "exchange", "declare")) for a in legal):
            return self._declare(view, legal)
        if view.extra.phase is Phase.LAST_EIGHT:
            return self._endgame(view, legal)
        return self._talon_play(view, legal)

    # --- declaring ----------------------------------------------------------------------

    def _declare(self, view: BeziqueView, legal: list[str]) -> str:
        for a in legal:
            if a.startswith("exchange"):
                return a
        for a in legal:
            if a.startswith("declare"):
                return a
        melds = [a for a in legal if a.startswith("meld")]
        if not melds:
            return "pass"
        if view.extra.scored_this_turn:
            # A further combination shown with the one just scored: free points next trick.
            return melds[0]
        options = [(self._kind(view, a.split()[1:]), a) for a in melds]
        late = talon_size(view) <= 5

        def value(item: tuple[Meld, str]) -> float:
            kind, act = item
            pts = float(MELD_POINTS[kind])
            if late:
                return pts
            # With tricks still to win, declare the lower order first when a higher meld sharing
            # a card is also there: the other order would forbid the lower one for ever.
            cards = set(act.split()[1:])
            if any(MELD_ORDER[k] > MELD_ORDER[kind] and cards & set(a.split()[1:]) for k, a in options):
                return 1000 + pts
            return pts

        return max(options, key=value)[1]

    def _kind(self, view: BeziqueView, cards: list[str]) -> Meld:
        opts = self.game.options
        kind = meld_kind(cards, view.trump or "", bool(opts["alt_bezique"]), bool(opts["fours_one_per_suit"]))
        assert kind is not None, cards
        return kind

    # --- the talon phase ------------------------------------------------------------

    def _keep(self, view: BeziqueView, card: str, hand: Counter[str]) -> float:
        """How much we would regret parting with ``card`` while the talon lasts."""
        seat = view.seat
        assert seat is not None
        trump = view.trump
        r, s = rank(card), suit(card)
        v = float(BASE_KEEP[r])
        if s == trump:
            v += 6
            if r in SEQUENCE_RANKS:
                have = sum(1 for x in SEQUENCE_RANKS if hand[x + trump])
                v += 2 * have
            unscored = hand[card] > view.extra.sevens_shown[seat]
            if card == seven_of_trumps(trump) and turn_up_lies(view) and unscored:
                # Kept for a declaration: 10, and by exchange the turn-up. (Valuing it lower where a
                # seven played scores too made no measurable difference: 241 of 500, ruling BZ-5.)
                v += 14
        if r in ("K", "Q"):
            mate = ("Q" if r == "K" else "K") + s
            if hand[mate]:
                v += 8
        bez_q, bez_j = self._bezique(view)
        if card in (bez_q, bez_j):
            v += 9 + 4 * (hand[bez_q] + hand[bez_j] - 1)
        if r in FOURS:
            n = sum(hand[r + x] for x in SUITS)
            if n >= 2:
                v += 3 * n
        # Cards already declared to the hilt are cheap to play: they reveal nothing more.
        for e in view.extra.declared[seat]:
            if e.card == card and len(e.uses) >= 2:
                v -= 3
        return v

    def _bezique(self, view: BeziqueView) -> tuple[str, str]:
        return bezique_cards(view.trump or "", bool(self.game.options["alt_bezique"]))

    def _declaration_value(self, view: BeziqueView, hand: Counter[str], exact: bool = False) -> float:
        """Roughly what winning a trick now would let us score from ``hand`` (our whole hand); ``exact``
        (for the words, not the choice): a four of one card of each suit under ``fours_one_per_suit``
        (ruling BZ-13), and the seven or a meld, not both, under ``seven_counts_as_meld`` (BZ-6)."""
        seat = view.seat
        assert seat is not None
        x = view.extra
        trump = view.trump or ""
        best = 0.0
        for p in x.waiting[seat]:
            if not Counter(p.cards) - hand:
                best = max(best, float(MELD_POINTS[p.kind]))
        # A later declaring turn: the reuse rule holds each declared card to every meld it served in.
        later = x.declaring_turns + 1

        greater = reuse_needs_greater(self.game.options)

        def fresh(card: str, kind: Meld) -> int:
            blocked = sum(
                1
                for e in x.declared[seat]
                if e.card == card and not may_serve_again(e.uses, kind, later, greater)
            )
            return hand[card] - blocked

        for s in SUITS:
            kind = marriage(s, trump)
            if fresh("K" + s, kind) > 0 and fresh("Q" + s, kind) > 0:
                best = max(best, MELD_POINTS[kind])
        q, j = self._bezique(view)
        if fresh(q, Meld.BEZIQUE) > 0 and fresh(j, Meld.BEZIQUE) > 0:
            best = max(best, MELD_POINTS[Meld.BEZIQUE])
        if fresh(q, Meld.DOUBLE_BEZIQUE) >= 2 and fresh(j, Meld.DOUBLE_BEZIQUE) >= 2:
            best = max(best, MELD_POINTS[Meld.DOUBLE_BEZIQUE])
        one_per_suit = exact and bool(self.game.options["fours_one_per_suit"])
        for r, kind in FOURS.items():
            if one_per_suit:
                if all(fresh(r + s, kind) > 0 for s in SUITS):
                    best = max(best, MELD_POINTS[kind])
            elif sum(max(0, fresh(r + s, kind)) for s in SUITS) >= 4:
                best = max(best, MELD_POINTS[kind])
        if all(fresh(r + trump, Meld.SEQUENCE) > 0 for r in SEQUENCE_RANKS):
            best = max(best, MELD_POINTS[Meld.SEQUENCE])
        if turn_up_lies(view) and hand[seven_of_trumps(trump)] > x.sevens_shown[seat]:
            if exact and self.game.options["seven_counts_as_meld"]:
                best = max(best, SEVEN_OF_TRUMPS_POINTS)
            else:
                best += SEVEN_OF_TRUMPS_POINTS
        return best

    def _talon_play(self, view: BeziqueView, legal: list[str]) -> str:
        return self.talon_ranking(view, legal)[0]

    def talon_ranking(self, view: BeziqueView, legal: list[str]) -> list[str]:
        """The talon-phase plays, the rule of thumb's choice first (the search's candidates)."""
        cards = [a.split()[1] for a in legal]
        trump = view.trump or ""
        hand: Counter[str] = Counter(full_hand(view))
        plays = view.trick.plays if view.trick is not None else []
        if not plays:
            # Lead something cheap; avoid leading brisques and trumps.
            ranked = sorted(cards, key=lambda c: (self._keep(view, c, hand) + (8 if is_brisque(c) else 0), c))
            return ["play " + c for c in ranked]
        lead = plays[0].card
        late = self._last_talon_trick_value() if talon_size(view) <= 1 else 0.0

        def value(c: str) -> float:
            brisques = float(BRISQUE_POINTS * brisques_in((lead, c)))
            keep = self._keep(view, c, hand)
            if beats(lead, c, trump):
                rest = hand - Counter([c])
                return brisques + self._declaration_value(view, rest) + late - keep
            return -brisques - keep

        return ["play " + c for c in sorted(cards, key=lambda c: (value(c), c), reverse=True)]

    def _last_talon_trick_value(self) -> float:
        """Worth of winning the last trick of the talon: the lead into the last eight, and (by
        default, ruling BZ-17) 10 for the trick itself."""
        scores = last_trick_of_the_talon_scores(self.game.options["last_trick"])
        return 5.0 + (float(LAST_TRICK_POINTS) if scores else 0.0)

    # --- the last eight tricks ----------------------------------------------------------

    def _endgame(self, view: BeziqueView, legal: list[str]) -> str:
        mine = full_hand(view)
        seen = Counter(mine)
        for s in (0, 1):
            won = view.zone("tricks_won", s)
            seen.update(won.face_up if won is not None else [])
        plays = view.trick.plays if view.trick is not None else []
        seen.update(p.card for p in plays)
        theirs = sorted((PACK.counts() - seen).elements())
        trump = view.trump or ""
        bonus = LAST_TRICK_POINTS if last_trick_of_the_hand_scores(self.game.options["last_trick"]) else 0
        if self.solver is None or self.solver.trump != trump or self.solver.last_bonus != bonus:
            self.solver = EndgameSolver(trump, bonus)
        if len(self.solver.memo) > 200_000:
            self.solver.memo.clear()
        solver = self.solver
        cards = sorted({a.split()[1] for a in legal})
        me = tuple(sorted(mine))
        opp = tuple(sorted(theirs))
        if not plays:

            def lead_value(a: str) -> int:
                return min(solver._after(me, opp, a, b) for b in set(last_eight_choices(opp, a, trump)))

            return "play " + max(cards, key=lambda a: (lead_value(a), a))
        lead = plays[0].card
        leader_hand = tuple(sorted([*theirs, lead]))
        # Never revoke, even where the table laws leave it to us: it would concede every brisque.
        cards = [c for c in cards if c in last_eight_choices(mine, lead, trump)] or cards

        def follow_value(b: str) -> int:
            return -solver._after(leader_hand, me, lead, b)

        return "play " + max(cards, key=lambda b: (follow_value(b), b))


class EasyPlayer(HeuristicPlayer):
    """A beginner: it plays its low cards and keeps its aces, tens and trumps, but does not keep cards
    back for the melds they would build; it declares whatever scores most at once and plays the last
    eight tricks by the simple rule (win the trick as cheaply as it must, else throw the least card)
    instead of counting them out."""

    def _keep(self, view: BeziqueView, card: str, hand: Counter[str]) -> float:
        return float(BASE_KEEP[rank(card)] + (6 if suit(card) == view.trump else 0))

    def _declare(self, view: BeziqueView, legal: list[str]) -> str:
        for a in legal:
            if a.startswith(("exchange", "declare")):
                return a
        melds = [a for a in legal if a.startswith("meld")]
        if not melds:
            return "pass"
        return max(melds, key=lambda a: (MELD_POINTS[self._kind(view, a.split()[1:])], a))

    def _endgame(self, view: BeziqueView, legal: list[str]) -> str:
        cards = [a.split()[1] for a in legal]
        trump = view.trump or ""
        plays = view.trick.plays if view.trick is not None else []
        if not plays:
            return "play " + max(cards, key=lambda c: (is_brisque(c), c[-1] == trump, c))
        lead = plays[0].card
        wins = [c for c in cards if beats(lead, c, trump)]
        if wins:
            return "play " + min(wins, key=lambda c: (c[-1] == trump, BASE_KEEP[rank(c)], c))
        return "play " + min(cards, key=lambda c: (is_brisque(c), c[-1] == trump, BASE_KEEP[rank(c)], c))


EXACT_TALON = 5
"""From this many talon cards left (the turn-up among them) the playouts count the last eight out exactly;
before, a quick greedy play of them is close enough and ten times cheaper."""


class SearchPlayer:
    """Perfect-information Monte Carlo in the talon phase, exact play in the last eight.

    For each card it may play (and, with ``declarations``, each declaration it may make after winning a
    trick), the player deals the cards it cannot see (``game.determinize``: the opponent's hand and the
    talon's order) a number of times, plays every deal out in the compact model of ``search.py`` (both
    sides with a quick rule of thumb, the same deal for every choice compared), and keeps the choice
    with the best average margin of points to the end of the hand, but leaves the rule of thumb's choice
    only when the gain is more than ``confidence`` standard errors. The last eight are the heuristic
    player's (solved exactly). The budget is in playouts (one deal played out after one choice), so a
    seed fixes every choice; ``limit_time`` adds a clock at a table.
    """

    def __init__(
        self,
        game: Game[Any],
        seed: int,
        playouts: int,
        width: int | None = 4,
        confidence: float = 1.0,
        declarations: bool = False,
    ) -> None:
        self.game = game
        self.seed = seed
        self.budget = playouts
        self.width = width
        """How many of the rule of thumb's best cards the search compares (``None``: every card)."""
        self.confidence = confidence
        """How many standard errors a choice must gain over the rule of thumb's to be taken instead."""
        self.declarations = declarations
        """Whether the declarations after a trick won are searched too (else the rule of thumb's)."""
        self.seconds: float | None = None
        self.heuristic = HeuristicPlayer(game)
        self.playouts = 0
        """Playouts performed so far (all decisions): what the budget counts."""
        self.memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self.rules: Rules | None = None

    def limit_time(self, seconds: float | None) -> None:
        self.seconds = seconds

    def choose(self, view: BeziqueView, game: Game[Any]) -> str:
        return self.decide(view, game)[0]

    def advise(self, view: BeziqueView, game: Game[Any]) -> Advice:
        action, reason = self.decide(view, game)
        return Advice(action, reason)

    def decide(self, view: BeziqueView, game: Game[Any]) -> tuple[str, str]:
        """The action, and why in a player's words."""
        legal = list(view.legal_actions)
        fallback = self.heuristic.choose(view, game)
        if len(legal) > 1 and view.extra.phase is Phase.TALON:
            cands = self.heuristic.talon_ranking(view, legal)
            return self._search(view, game, cands[: self.width] if self.width else cands)
        if self.declarations and view.extra.phase is Phase.DECLARE and not game.options["table_laws"]:
            # Only a choice between melds is searched: the seven is always worth its 10 and the
            # turn-up, and a single meld is worth declaring (it bars nothing of a higher order).
            melds = [a for a in legal if a.startswith("meld")]
            if len(melds) > 1 and fallback.startswith("meld"):
                return self._search(view, game, [fallback, *(a for a in melds if a != fallback)])
        return fallback, explain(self.heuristic, view, fallback, None)

    def world(self, view: BeziqueView, game: Game[Any], rng: Rng) -> BeziqueState:
        """One deal of the cards the player cannot see, consistent with its view."""
        world = game.determinize(view, rng)
        assert isinstance(world, BeziqueState)
        return world

    def _search(self, view: BeziqueView, game: Game[Any], cands: list[str]) -> tuple[str, str]:
        """The best of ``cands`` (the rule of thumb's choice first) over deals of the unseen cards."""
        first = cands[0]
        k = len(cands)
        worlds = self.budget // k
        if worlds < 1:
            return first, explain(self.heuristic, view, first, None)
        seat = view.seat
        assert seat is not None
        trump = view.trump or "S"
        if self.rules is None or self.rules.trump != card_id("7" + trump) >> 3:
            self.rules = Rules(game, trump)
            self.memo = {}
        if len(self.memo) > 300_000:
            self.memo.clear()
        rules = self.rules
        exact = talon_size(view) + (1 if turn_up_lies(view) else 0) <= EXACT_TALON
        rng = Rng(derive_seed(self.seed, *decision_key(view)))
        totals = [0] * k
        margins: list[list[int]] = [[] for _ in range(k)]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        for _ in range(worlds):
            world = self.world(view, game, rng)
            start = Sim.of(world, rules) if cands[0].startswith("play") else None
            for i, a in enumerate(cands):
                if start is not None:
                    sim = start.copy()
                    sim.play(seat, card_id(a.split()[1]))
                    sim.finish()
                else:
                    sim = self._declare_then(world, a, seat, game, rules)
                sim.last_eight(exact, self.memo)
                v = sim.pts[seat] - sim.pts[1 - seat]
                totals[i] += v
                margins[i].append(v)
                self.playouts += 1
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = max(range(k), key=lambda i: (totals[i], -i))
        if best and not _clearly_better(margins[best], margins[0], self.confidence):
            best = 0  # not clearly better than the rule of thumb's choice on these deals: keep to that
        means = [t / done for t in totals]
        others = [m for i, m in enumerate(means) if i != best]
        ahead = means[best] - max(others) if others else 0.0
        return cands[best], explain(self.heuristic, view, cands[best], (means[best], ahead, done, k))

    def _declare_then(
        self, world: BeziqueState, action: str, seat: int, game: Game[Any], rules: Rules
    ) -> Sim:
        """The model after declaring ``action`` in ``world`` by the real rules (the rest of the turn by
        the rule of thumb, then the draw), with the points the declaring scored."""
        w = world.clone()
        before = list(w.hand_points)
        w.apply(action)
        while w.phase is Phase.DECLARE and w.current_player is not None:
            w.apply(self.heuristic.choose(w.view(w.current_player), game))
        sim = Sim.of(w, rules)
        sim.pts = [w.hand_points[s] - before[s] for s in (0, 1)]
        if w.phase is not Phase.LAST_EIGHT:
            sim.finish()
        return sim


def _clearly_better(a: list[int], b: list[int], z: float) -> bool:
    """Whether playouts ``a`` beat ``b`` (the same deals, paired) by more than ``z`` standard errors."""
    n = len(a)
    d = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    if n < 2:
        return mean > 0
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean > z * math.sqrt(var / n)


def decision_key(view: BeziqueView) -> tuple[int | str, ...]:
    """What fixes a decision's random deals: the seat, the stage of the hand and the cards in sight."""
    x = view.extra
    plays = view.trick.plays if view.trick is not None else []
    return (
        view.seat if view.seat is not None else -1,
        view.hand_number or 0,
        x.tricks_played,
        x.declaring_turns,
        " ".join(sorted(view.hand)),
        " ".join(p.card for p in plays),
    )


def _name(card: str) -> str:
    return PACK.card_name(card)


def explain(
    h: HeuristicPlayer, view: BeziqueView, action: str, search: tuple[float, float, int, int] | None
) -> str:
    """A short reason for ``action`` in a player's words; ``search``: the search's mean margin for it,
    its lead over the next best action, the deals it looked at and the actions it compared."""
    words = action.split()
    verb = words[0]
    trump = view.trump or ""
    if verb == "meld":
        kind = h._kind(view, words[1:])
        # "points" said (hints-12): "declares the four kings: 80" gave a bare number as the reason
        said = f"declares the {kind}: {MELD_POINTS[kind]} points"
        if _waits(h, view, kind, words[1:]):
            # Ruling BZ-8: shown after the turn's scored meld, it scores only after another trick won (a
            # hint once said "declares the bezique: 40" of a meld that scored nothing then).
            said = f"shows the {kind} too: {MELD_POINTS[kind]} to score after another trick won"
            if talon_size(view) <= 1:  # the last declaring turn: a hint once promised the 40 here
                said = f"shows the {kind} too: it cannot score, for no trick is left before the last eight"
        cards = set(words[1:])
        for other in view.legal_actions:
            more = other.split()[1:]
            if other.startswith("meld") and other != action and cards & set(more):
                later = h._kind(view, more)
                if MELD_ORDER[later] > MELD_ORDER[kind]:
                    # Only if the reuse rule lets it follow (a hint once said it of the bezique after a
                    # royal marriage under reuse=greater, where 40 is not more than 40).
                    if talon_size(view) > 1 and _may_follow(h, view, kind, words[1:], later, more):
                        return f"{said}, and keeps the {later} ({MELD_POINTS[later]}) for a later trick"
                elif MELD_POINTS[later] < MELD_POINTS[kind] and not view.extra.scored_this_turn:
                    # Not "it bars": the lower meld may still be shown at this turn (ruling BZ-8) or was
                    # shown already, waiting (a hint once said "worth more than the royal marriage it bars"
                    # of a bezique, both 40, and "bars" of a bezique shown and waiting to score).
                    return f"{said}: worth more than the {later} ({MELD_POINTS[later]})"
        return said
    if verb == "exchange":
        up = view.zone("turn_up")
        old = up.cards[0] if up is not None and up.cards else None
        took = f", the {_name(old)}" if old is not None else ""
        # "...: 10" left the 10 to be guessed (points, as the log says "scores 10 for ...")
        return f"exchanges the seven of trumps for the turn-up{took}, for 10 points"
    if verb == "declare":
        return "shows the seven of trumps, for 10 points"
    if verb == "blanche":
        return "shows the carte blanche, for 50 points"
    if verb == "draw":
        return "draws from the talon"
    if verb == "pass":
        if view.extra.phase is Phase.DECLARE:
            return "nothing more worth declaring now"
        return "declines: nothing to gain"
    if verb != "play":
        return "the only sensible move"
    card = words[1]
    plays = view.trick.plays if view.trick is not None else []
    hand: Counter[str] = Counter(full_hand(view))
    if view.extra.phase is Phase.LAST_EIGHT:
        if len(full_hand(view)) == 1:
            tail = "10 for the last" if last_trick_of_the_hand_scores(h.game.options["last_trick"]) else ""
            return "plays the last card" + (
                f"; wins the last trick: {tail}"
                if tail and plays and beats(plays[0].card, card, trump)
                else ""
            )
        if plays and beats(plays[0].card, card, trump):
            lead = plays[0].card
            what = "takes the brisque" if is_brisque(lead) or is_brisque(card) else "wins the trick"
            return f"{what} with the {_name(card)}: the last eight are counted out exactly"
        if plays:
            # "The least" only if no card it may play gives fewer points (a hint once said it of an ace
            # beside a nine): a brisque is the only card that counts in the last eight.
            others = [a.split()[1] for a in view.legal_actions if a.startswith("play ")]
            if is_brisque(card) and not all(is_brisque(c) for c in others):
                return f"plays the {_name(card)}: best by an exact count of the last tricks"
            return f"plays the {_name(card)}: the least you may give, counted out exactly"
        return f"leads the {_name(card)}: best by an exact count of the last tricks"
    figure = ""
    if search is not None:
        _mean, ahead, _deals, compared = search
        # One figure: how much better than the next best card, on average over the deals of the unseen
        # cards, whole points as rounded (term-13: "(scores 120 points more than the opponent from here to
        # the end of the hand, on average over 400 deals of the unseen cards; 50 points better than the
        # next best of the 4 cards compared)" took three lines at 80 columns, four with its move). The
        # search compares only the rule of thumb's best few cards: the words say so (a hint once said "0
        # more than the next best", and "no other card" of cards it never compared).
        every = compared >= len(view.legal_actions)
        if round(ahead) >= 1:
            than = "the next best card" if every else f"the next best of {compared} tried"
            figure = f" (on average {ahead:.0f} point{'s' if round(ahead) != 1 else ''} better than {than})"
        elif every:
            figure = " (no other card is clearly better)"
        else:
            figure = f" (none of the {compared} tried is clearly better)"
    if plays:
        lead = plays[0].card
        if beats(lead, card, trump):
            rest = hand - Counter([card])
            # Exact under the options (a hint once said "to declare: 100" of four aces with two of a
            # suit under fours_one_per_suit, and counted the seven beside a meld under
            # seven_counts_as_meld); the choice keeps its rough value.
            meld = h._declaration_value(view, rest, exact=True)
            if is_brisque(lead) or is_brisque(card):
                why = "takes the brisque"
            elif talon_size(view) <= 1:
                # 10 for it only where the option scores it (a hint once said 10 under last_trick=final)
                ten = "10, and " if last_trick_of_the_talon_scores(h.game.options["last_trick"]) else ""
                why = f"wins the last trick of the talon: {ten}the lead into the last eight"
            elif meld:
                why = f"wins the trick to declare: {meld:.0f}"
            else:
                why = "wins the trick to draw first"
            return f"{why} with the {_name(card)}{figure}"
        kept = _kept(h, view, hand, card)
        return f"lets the trick go with the {_name(card)}{kept}{figure}"
    kept = _kept(h, view, hand, card)
    return f"leads the {_name(card)}{kept}{figure}"


def _waits(h: HeuristicPlayer, view: BeziqueView, kind: Meld, cards: list[str]) -> bool:
    """Whether a meld declared now only shows and waits to score after another trick won: one meld scores
    per trick won (ruling BZ-7), a second shown at the same turn waits (BZ-8); a meld shown earlier and
    waiting scores when declared."""
    seat = view.seat
    assert seat is not None
    x = view.extra
    if h.game.options["melds_per_trick"] == "several" or not x.scored_this_turn:
        return False
    return not any(w.kind == kind and sorted(w.cards) == sorted(cards) for w in x.waiting[seat])


def _may_follow(
    h: HeuristicPlayer, view: BeziqueView, kind: Meld, cards: list[str], later: Meld, later_cards: list[str]
) -> bool:
    """Whether the meld ``later`` of ``later_cards`` may surely be declared at a later turn once ``kind``
    of ``cards`` is declared now: shown and waiting it may; otherwise every card of it needs as many
    copies in the hand that may serve again in it (rulings BZ-9, BZ-11), the copies this meld takes
    counted out if ``kind`` then bars them (whichever copies the rules take). (Whether a later turn comes
    at all is the caller's: none after the last trick of the talon.)"""
    seat = view.seat
    assert seat is not None
    x = view.extra
    if any(w.kind == later and sorted(w.cards) == sorted(later_cards) for w in x.waiting[seat]):
        return True
    greater = reuse_needs_greater(h.game.options)
    turn = x.declaring_turns
    hand = Counter(full_hand(view))
    taken = Counter(cards)
    for card, n in Counter(later_cards).items():
        declared = [e for e in x.declared[seat] if e.card == card]
        free = (
            hand[card]
            - len(declared)
            + sum(may_serve_again(e.uses, later, turn + 1, greater) for e in declared)
        )
        if taken[card] and not may_serve_again([(kind, turn)], later, turn + 1, greater):
            free -= taken[card]
        if free < n:
            return False
    return True


def _kept(h: HeuristicPlayer, view: BeziqueView, hand: Counter[str], played: str) -> str:
    """Which card the play keeps back, and what for, if one stands out: a meld named only while it may
    still be declared (a hint once said "keeps the queen of spades and the jack of diamonds for bezique"
    of the pair that had scored it, and "it builds nothing" of a queen beside its king)."""
    trump = view.trump or ""
    q, j = h._bezique(view)
    rest = hand - Counter([played])
    opts = h.game.options
    patterns = meld_patterns(trump, bool(opts["alt_bezique"]), bool(opts["fours_one_per_suit"]))
    if (
        rest[q]
        and rest[j]
        and played not in (q, j)
        and _meld_open(h, view, hand, played, Meld.BEZIQUE, [q, j])
    ):
        return f", keeps the {_name(q)} and the {_name(j)} for bezique"
    sequence = [r + trump for r in SEQUENCE_RANKS]
    if (
        all(rest[r + trump] for r in ("K", "Q"))
        and played[-1] != trump
        and _meld_open(h, view, hand, played, Meld.SEQUENCE, sequence)
    ):
        return ", keeps the trump king and queen for the sequence"
    for r in ("A", "K", "Q"):
        if (
            sum(rest[r + s] for s in SUITS) >= 3
            and rank(played) != r
            and any(k == FOURS[r] and _meld_open(h, view, hand, played, k, list(c)) for k, c in patterns)
        ):
            return f", keeps your {PACK.rank_names[r]}s for four {PACK.rank_names[r]}s"
    if is_brisque(played):
        return ""
    if any(played in c and not Counter(c) - Counter([played]) - rest for _, c in patterns):
        return ""  # it makes a meld with the hand (declared or not): no claim
    return ": it makes no meld"  # "... with the cards in hand": a hint three lines long (term-13)


def _meld_open(
    h: HeuristicPlayer, view: BeziqueView, hand: Counter[str], played: str, kind: Meld, cards: list[str]
) -> bool:
    """Whether the meld ``kind`` of ``cards`` may still be declared at a later turn once ``played`` is
    played from ``hand`` (the whole hand): each card's copies kept that may serve in it again (rulings
    BZ-9, BZ-11; the copy played counted out of them, whichever it is), with the copies not yet seen
    (not in the hand, the tricks won, the other's melds on the table or the trick)."""
    seat = view.seat
    assert seat is not None
    x = view.extra
    turn = x.declaring_turns + 1
    greater = reuse_needs_greater(h.game.options)
    gone: Counter[str] = Counter()
    for zone in (view.zone("tricks_won", 0), view.zone("tricks_won", 1), view.zone("melds", 1 - seat)):
        if zone is not None:
            gone.update(c for c in zone.face_up if c is not None)
    if view.trick is not None:
        gone.update(p.card for p in view.trick.plays)
    concealed = Counter(view.hand)
    for card, n in Counter(cards).items():
        declared = [e for e in x.declared[seat] if e.card == card]
        serving = concealed[card] + sum(may_serve_again(e.uses, kind, turn, greater) for e in declared)
        kept = hand[card] - (card == played)
        serve = min(kept, serving - (card == played))
        to_come = PACK_COUNTS[card] - hand[card] - gone[card]
        if serve + max(0, to_come) < n:
            return False
    return True


def _heuristic(game: Game[Any], seed: int) -> Player:
    """Plays by simple rules of thumb while the talon lasts and counts out the last eight tricks exactly:
    a few milliseconds a move.

    The lobby and the table explain it by this first sentence (``describe_player``)."""
    del seed  # the heuristic player makes no random choice
    return HeuristicPlayer(game)


def _easy(game: Game[Any], seed: int) -> Player:
    """A beginner that answers at once: it plays its low cards and keeps its aces, tens and trumps, but
    does not keep cards back for the melds they would build; it declares whatever scores most at once
    and plays the last eight tricks by the simple rule (win the trick as cheaply as it must, else throw
    the least card) instead of counting them out."""
    del seed  # no random choice
    return EasyPlayer(game)


NORMAL_PLAYOUTS = 200
STRONG_PLAYOUTS = 480


def _normal(game: Game[Any], seed: int) -> Player:
    """While the talon lasts, tries each card in 200 games played out to the end on guesses at the
    hidden cards, and counts out the last eight tricks exactly: a fraction of a second a move.

    Perfect-information Monte Carlo (``NORMAL_PLAYOUTS`` playouts a move), the endgame solved."""
    return SearchPlayer(game, seed, NORMAL_PLAYOUTS)


def _strong(game: Game[Any], seed: int) -> Player:
    """The normal level with 480 games played out a move instead of 200, up to a second a move at a
    table: the strongest Bezique player parlour has, and the one that gives hints.

    Perfect-information Monte Carlo (``STRONG_PLAYOUTS`` playouts a move), the endgame solved."""
    return SearchPlayer(game, seed, STRONG_PLAYOUTS)


PLAYERS: dict[str, PlayerFactory] = {
    "heuristic": _heuristic,
    "easy": _easy,
    "normal": _normal,
    "strong": _strong,
}
"""This game's computer players by kind (``random`` is every game's)."""
