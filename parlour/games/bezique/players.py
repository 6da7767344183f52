"""Computer players for Two-handed Bezique.

The heuristic player keeps what can still meld (marriages, bezique, fours, the
trump sequence and the seven), guards its aces and tens, wins a trick when the
trick holds a brisque or when winning it lets it declare, and plays the last
eight tricks exactly: once the talon is gone every card is known, so it solves
the ending by exhaustive search (memoised, a few thousand positions at most).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from parlour.cards import BEZIQUE_64
from parlour.engine import Game, Rng
from parlour.games.bezique.rules import MELD_ORDER, MELD_POINTS
from parlour.players import Player, PlayerFactory

View = Mapping[str, Any]

PACK = BEZIQUE_64
RANKS = ("A", "T", "K", "Q", "J", "9", "8", "7")
POWER = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
BASE_KEEP = {"A": 12, "T": 11, "K": 5, "Q": 5, "J": 3, "9": 0, "8": 0, "7": 0}


def _suit(c: str) -> str:
    return c[-1]


def _rank(c: str) -> str:
    return c[:-1]


def _beats(lead: str, follow: str, trump: str) -> bool:
    if _suit(follow) == _suit(lead):
        return POWER[_rank(follow)] > POWER[_rank(lead)]
    return _suit(follow) == trump


def _brisques(cards: list[str]) -> int:
    return sum(1 for c in cards if _rank(c) in ("A", "T"))


def strict_choices(hand: list[str], lead: str, trump: str) -> list[str]:
    """The cards the last-eight rules allow in answer to ``lead``."""
    same = [c for c in hand if _suit(c) == _suit(lead)]
    if same:
        higher = [c for c in same if POWER[_rank(c)] > POWER[_rank(lead)]]
        return higher or same
    trumps = [c for c in hand if _suit(c) == trump]
    return trumps or hand


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
            return 10 * (_brisques(list(leader)) - _brisques(list(follower)))
        key = (leader, follower)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        best = -(10**9)
        for a in sorted(set(leader)):
            worst = 10**9
            for b in sorted(set(strict_choices(list(follower), a, self.trump))):
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
        pts = 10 * _brisques([a, b]) + (self.last_bonus if not rest_l or not rest_f else 0)
        if _beats(a, b, self.trump):
            return -(pts + self.value(rest_f, rest_l))
        return pts + self.value(rest_l, rest_f)


def _remove(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


class HeuristicPlayer:
    """Rule-of-thumb play in the talon phase, exact play in the last eight tricks."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.solver: EndgameSolver | None = None

    def choose(self, view: View, game: Game) -> str:
        legal: list[str] = list(view["legal_actions"])
        if len(legal) == 1:
            return legal[0]
        if "blanche" in legal:
            return "blanche"
        if "draw" in legal:
            # Table laws leave the draw to us: always take the one card, never skip, never a second.
            return "pass" if "pass" in legal else "draw"
        if any(a.startswith(("meld", "exchange", "declare")) for a in legal):
            return self._declare(view, legal)
        if view["phase"] == "last eight":
            return self._endgame(view, legal)
        return self._talon_play(view, legal)

    # --- declaring ----------------------------------------------------------------------

    def _declare(self, view: View, legal: list[str]) -> str:
        for a in legal:
            if a.startswith("exchange"):
                return a
        for a in legal:
            if a.startswith("declare"):
                return a
        melds = [a for a in legal if a.startswith("meld")]
        if not melds:
            return "pass"
        if view["bookkeeping"]["window"]["scored"]:
            # A further combination shown with the one just scored: free points next trick.
            return melds[0]
        options = [(self._kind(view, a.split()[1:]), a) for a in melds]
        late = view["stock_size"] <= 5

        def value(item: tuple[str, str]) -> float:
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

    def _kind(self, view: View, cards: list[str]) -> str:
        trump = view["trump"]
        ranks = {_rank(c) for c in cards}
        if len(cards) == 2 and ranks == {"K", "Q"}:
            return "royal marriage" if _suit(cards[0]) == trump else "common marriage"
        if len(cards) == 2:
            return "bezique"
        if len(cards) == 5:
            return "sequence"
        if len(ranks) == 2:
            return "double bezique"
        return {"J": "four jacks", "Q": "four queens", "K": "four kings", "A": "four aces"}[cards[0][:-1]]

    # --- the talon phase ------------------------------------------------------------

    def _keep(self, view: View, card: str) -> float:
        """How much we would regret parting with ``card`` while the talon lasts."""
        seat = view["seat"]
        trump = view["trump"]
        hand: Counter[str] = Counter(view["hand"])
        r, s = _rank(card), _suit(card)
        v = float(BASE_KEEP[r])
        if s == trump:
            v += 6
            if r in ("A", "T", "K", "Q", "J"):
                have = sum(1 for x in ("A", "T", "K", "Q", "J") if hand[x + trump])
                v += 2 * have
            if r == "7" and view["turn_up"] is not None:
                declared = view["bookkeeping"]["sevens_declared"][seat]
                if hand[card] > declared:
                    # Kept for a declaration: 10, and by exchange the turn-up. (Valuing it lower where a
                    # seven played scores too made no measurable difference: 241 of 500, ruling BZ-5.)
                    v += 14
        if r in ("K", "Q"):
            mate = ("Q" if r == "K" else "K") + s
            if hand[mate]:
                v += 8
        bez_q, bez_j = ("QC", "JH") if self._alt(view) else ("QS", "JD")
        if card in (bez_q, bez_j):
            v += 9 + 4 * (hand[bez_q] + hand[bez_j] - 1)
        if r in ("A", "K", "Q", "J"):
            n = sum(hand[r + x] for x in "SHDC")
            if n >= 2:
                v += 3 * n
        # Cards already declared to the hilt are cheap to play: they reveal nothing more.
        for e in view["bookkeeping"]["declared"][seat]:
            if e["card"] == card and len(e["uses"]) >= 2:
                v -= 3
        return v

    def _alt(self, view: View) -> bool:
        return bool(self.game.options.get("alt_bezique")) and view["trump"] in ("S", "D")

    def _declaration_value(self, view: View, hand: Counter[str]) -> float:
        """Roughly what winning a trick now would let us score from ``hand`` (our whole hand)."""
        seat = view["seat"]
        book = view["bookkeeping"]
        trump = view["trump"]
        used: dict[str, list[set[str]]] = {}
        for e in book["declared"][seat]:
            used.setdefault(e["card"], []).append({u[0] for u in e["uses"]})
        best = 0.0
        for p in book["to_score"][seat]:
            if not Counter(p["cards"]) - hand:
                best = max(best, float(MELD_POINTS[p["kind"]]))

        def fresh(card: str, kind: str) -> int:
            uses = used.get(card, [])
            blocked = sum(1 for u in uses if kind in u or any(MELD_ORDER[k] > MELD_ORDER[kind] for k in u))
            return hand[card] - blocked

        for s in "SHDC":
            kind = "royal marriage" if s == trump else "common marriage"
            if fresh("K" + s, kind) > 0 and fresh("Q" + s, kind) > 0:
                best = max(best, MELD_POINTS[kind])
        q, j = ("QC", "JH") if self._alt(view) else ("QS", "JD")
        if fresh(q, "bezique") > 0 and fresh(j, "bezique") > 0:
            best = max(best, 40)
        if fresh(q, "double bezique") >= 2 and fresh(j, "double bezique") >= 2:
            best = max(best, 500)
        for r, kind in (("J", "four jacks"), ("Q", "four queens"), ("K", "four kings"), ("A", "four aces")):
            if sum(max(0, fresh(r + s, kind)) for s in "SHDC") >= 4:
                best = max(best, MELD_POINTS[kind])
        if all(fresh(r + trump, "sequence") > 0 for r in ("A", "T", "K", "Q", "J")):
            best = max(best, 250)
        if view["turn_up"] is not None and hand["7" + trump] > book["sevens_declared"][seat]:
            best += 10
        return best

    def _talon_play(self, view: View, legal: list[str]) -> str:
        cards = [a.split()[1] for a in legal]
        trump = view["trump"]
        trick = view["trick"]
        if not trick:
            # Lead something cheap; avoid leading brisques and trumps.
            return "play " + min(
                cards, key=lambda c: (self._keep(view, c) + (8 if _rank(c) in "AT" else 0), c)
            )
        lead = trick[0]["card"]
        hand: Counter[str] = Counter(view["hand"])
        late = self._last_talon_trick_value() if view["stock_size"] <= 1 else 0.0

        def value(c: str) -> float:
            brisques = 10.0 * _brisques([lead, c])
            keep = self._keep(view, c)
            if _beats(lead, c, trump):
                rest = hand - Counter([c])
                return brisques + self._declaration_value(view, rest) + late - keep
            return -brisques - keep

        return "play " + max(cards, key=lambda c: (value(c), c))

    def _last_talon_trick_value(self) -> float:
        """Worth of winning the last trick of the talon: the lead into the last eight, and (by
        default, ruling BZ-17) 10 for the trick itself."""
        return 5.0 + (10.0 if self.game.options.get("last_trick") in ("stock", "both") else 0.0)

    # --- the last eight tricks ----------------------------------------------------------

    def _endgame(self, view: View, legal: list[str]) -> str:
        mine = list(view["hand"])
        seen = Counter(mine) + Counter(view["bookkeeping"]["won"][0]) + Counter(view["bookkeeping"]["won"][1])
        seen.update(t["card"] for t in view["trick"])
        theirs = sorted((PACK.counts() - seen).elements())
        last = self.game.options.get("last_trick", "final")
        bonus = 10 if last in ("final", "both") else 0
        if self.solver is None or self.solver.trump != view["trump"] or self.solver.last_bonus != bonus:
            self.solver = EndgameSolver(view["trump"], bonus)
        if len(self.solver.memo) > 200_000:
            self.solver.memo.clear()
        solver = self.solver
        cards = sorted({a.split()[1] for a in legal})
        me = tuple(sorted(mine))
        opp = tuple(sorted(theirs))
        trick = view["trick"]
        if not trick:

            def lead_value(a: str) -> int:
                rest_f = opp
                return min(
                    solver._after(me, rest_f, a, b) for b in set(strict_choices(list(opp), a, view["trump"]))
                )

            return "play " + max(cards, key=lambda a: (lead_value(a), a))
        lead = trick[0]["card"]
        leader_hand = tuple(sorted([*theirs, lead]))
        # Never revoke, even where the table laws leave it to us: it would concede every brisque.
        cards = [c for c in cards if c in strict_choices(mine, lead, view["trump"])] or cards

        def follow_value(b: str) -> int:
            return -solver._after(leader_hand, me, lead, b)

        return "play " + max(cards, key=lambda b: (follow_value(b), b))


def _heuristic(game: Game, seed: int) -> Player:
    return HeuristicPlayer(game, seed)


PLAYERS: dict[str, PlayerFactory] = {
    "heuristic": _heuristic,
}
"""This game's computer players by kind (``random`` is every game's)."""
