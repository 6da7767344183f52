"""Computer players for Apology: a rule-of-thumb taker and defence, and a sampling searcher.

The heuristic reads only the view. The taker banks what it would otherwise lose
(Till, an ace for the oudler, unguarded court cards) and cashes master cards;
the defence keeps the lead away from the taker, smothers its partners' tricks
with points and never feeds the taker an ace.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.cards import SUITS
from parlour.engine import Game, Rng
from parlour.games.apology.rules import (
    EXCUSES,
    KITTY,
    RANKS,
    STRENGTH,
    SUITED,
    half_points,
    is_oudler,
    led_suit,
    oudlers_held,
    trick_winner,
)
from parlour.players import Player, PlayerFactory, View

BID_MARGIN = -3.0
"""Estimated card points above the target at which the heuristic bids (tuned by simulation)."""


def _card(action: str) -> str:
    return action.split()[1]


def _value(card: str) -> int:
    return half_points(card)


def _suit(card: str) -> str | None:
    return None if card in EXCUSES else card[-1]


def _higher(card: str) -> list[str]:
    """The suited cards above ``card`` in its suit."""
    rank = card[:-1]
    return [r + card[-1] for r in RANKS[: RANKS.index(rank)]]


class Knowledge:
    """What a seat has seen: played cards, its own hand and burial, the taker's revealed voids."""

    def __init__(self, view: View) -> None:
        self.seat: int = view["seat"]
        self.taker: int | None = view["taker"]
        self.hand: list[str] = list(view["hand"])
        self.buried: list[str] = list(view.get("buried") or [])
        self.trick: list[tuple[int, str]] = [(d["seat"], d["card"]) for d in view["trick"]]
        self.played: Counter[str] = Counter()
        self.voids: list[set[str]] = [set() for _ in range(4)]
        for t in view["tricks"]:
            plays = [(d["seat"], d["card"]) for d in t["cards"]]
            self._note(plays)
        self._note(self.trick)
        gone = self.played + Counter(self.hand) + Counter(self.buried)
        self.out: set[str] = {c for c in SUITED if gone[c] == 0}
        """Suited cards still possibly in another player's hand."""

    def _note(self, plays: Sequence[tuple[int, str]]) -> None:
        suit = led_suit(plays)
        for s, c in plays:
            self.played[c] += 1
            if suit is not None and c not in EXCUSES and c[-1] != suit:
                self.voids[s].add(suit)

    def is_master(self, card: str) -> bool:
        return card not in EXCUSES and not any(h in self.out for h in _higher(card))

    def out_in_suit(self, suit: str) -> list[str]:
        return [c for c in self.out if c[-1] == suit]


# --- the taker --------------------------------------------------------------------------------


def bury_choice(hand: Sequence[str], may_bury_oudlers: bool, counting: str) -> list[str]:
    """Six cards to bury: Till and an ace for the oudlers, then what would most likely be lost."""
    remaining = list(hand)
    chosen: list[str] = []

    def take(card: str) -> None:
        remaining.remove(card)
        chosen.append(card)

    if may_bury_oudlers:
        if "E" in remaining:
            take("E")
        aces = [c for c in remaining if c[0] == "A" and c not in EXCUSES]
        wanted_aces = 1 if counting == "kinds" else 2
        for ace in sorted(aces, key=lambda c: _suit_length(remaining, c), reverse=True)[:wanted_aces]:
            take(ace)
    scored = sorted(
        (c for c in remaining if len(chosen) < 6),
        key=lambda c: (_bury_gain(remaining, c, may_bury_oudlers), c),
        reverse=True,
    )
    for c in scored:
        if len(chosen) == 6:
            break
        if not may_bury_oudlers and is_oudler(c):
            continue
        chosen.append(c)
    return chosen


def _suit_length(hand: Sequence[str], card: str) -> int:
    return sum(1 for c in hand if _suit(c) == card[-1])


def _bury_gain(hand: Sequence[str], card: str, may_bury_oudlers: bool) -> float:
    """Roughly what burying ``card`` saves, in half points, against keeping it to play."""
    if card in EXCUSES:
        return 1.0 if card == "N" else 9.0  # a kept excuse still costs a card when it escapes
    if card[0] == "C":
        return -5.0  # a castle wins its own trick anyway
    higher_out = [h for h in _higher(card) if h not in hand]
    length = _suit_length(hand, card)
    if not higher_out:
        return -3.0  # a master card: keep it to win a trick
    risk = min(1.0, 0.35 + 0.2 * len(higher_out) - 0.05 * max(0, length - 4))
    return _value(card) * risk - 1.0


def taker_play(view: View, k: Knowledge) -> str:
    legal = [_card(a) for a in view["legal_actions"]]
    hand = k.hand
    excuses = [c for c in legal if c in EXCUSES]
    suited = [c for c in legal if c not in EXCUSES]
    held_excuses = sum(1 for c in hand if c in EXCUSES)
    must_spend = held_excuses > 0 and held_excuses >= len(hand) - 1 and len(hand) > 1
    cost = escape_cost(view)
    if not k.trick:
        masters = [c for c in suited if k.is_master(c) and k.out_in_suit(c[-1])]
        if masters:
            # Cash the master of the suit with the most points still out.
            return max(masters, key=lambda c: (sum(_value(o) for o in k.out_in_suit(c[-1])), _value(c)))
        if excuses and (must_spend or not suited):
            return excuses[0]
        masters = [c for c in suited if k.is_master(c)]
        if masters:
            return max(masters, key=_value)
        # Lose the lead as cheaply as possible, from the longest suit to build winners.
        if excuses and min(_value(c) for c in suited) > cost:
            return excuses[0]
        return min(suited, key=lambda c: (_value(c), -_suit_length(hand, c), -STRENGTH[c[:-1]]))
    suit = led_suit(k.trick)
    best_seat = trick_winner(k.trick) if suit is not None else None
    best = next(c for s, c in k.trick if s == best_seat) if best_seat is not None else None
    following = [c for c in suited if c[-1] == suit] if suit is not None else []
    still_to_play = 4 - len(k.trick) - 1  # defenders still to play after the taker
    if suit is None:
        # An excuse was led? Only the taker holds them, so the taker leads every excuse: unreachable.
        return min(legal, key=_value)
    if following:
        assert best is not None
        winners = [c for c in following if STRENGTH[c[:-1]] > STRENGTH[best[:-1]]]
        if winners:
            if still_to_play == 0:
                return min(winners, key=lambda c: STRENGTH[c[:-1]])
            sure = [c for c in winners if k.is_master(c)]
            if sure:
                return min(sure, key=lambda c: STRENGTH[c[:-1]])
        cheapest = min(following, key=lambda c: (_value(c), STRENGTH[c[:-1]]))
        if excuses and (must_spend or _value(cheapest) > max(cost, 2)):
            return excuses[0]
        return cheapest
    # Void in the suit led: the trick is lost; escape or throw the least useful card.
    if excuses and (must_spend or not suited or min(_value(c) for c in suited) > cost):
        return excuses[0]
    throwable = [c for c in suited if not k.is_master(c)] or suited
    return min(throwable, key=lambda c: (_value(c), c[0] == "A", STRENGTH[c[:-1]]))


def escape_cost(view: View) -> int:
    """What an escape would cost now, in half points: the card the payment would give away."""
    won = [f"give {c}" for c in view["won"][view["seat"]]]
    if not won:
        return 1  # owed: most likely paid later with a half-point card
    return _value(payment_choice({**view, "legal_actions": won}))


def payment_choice(view: View) -> str:
    """The cheapest won card, keeping at least one of each oudler kind."""
    won: list[str] = list(view["won"][view["seat"]])
    mine = won + list(view.get("kept") or []) + list(view.get("buried") or [])
    kinds = Counter(("A" if c[0] == "A" else "C") for c in mine if c not in EXCUSES and c[0] in "AC")
    options = [_card(a) for a in view["legal_actions"]]

    def cost(card: str) -> tuple[int, int]:
        spare = not is_oudler(card) or kinds["A" if card[0] == "A" else "C"] > 1
        return (0 if spare else 1, _value(card))

    return min(options, key=cost)


def hand_estimate(
    hand: Sequence[str], counting: str = "kinds", may_bury_oudlers: bool = True
) -> tuple[float, int]:
    """The card points a taker might expect from this hand, and the oudlers it could hold."""
    full = list(hand) + list(KITTY)
    buried = bury_choice(full, may_bury_oudlers, counting)
    kept = list((Counter(full) - Counter(buried)).elements())
    halves = float(sum(_value(c) for c in buried))
    for s in SUITS:
        cards = sorted((c for c in kept if c[-1:] == s and c not in EXCUSES), key=lambda c: -STRENGTH[c[:-1]])
        n = len(cards)
        top = 0
        for r, c in zip(RANKS, cards, strict=False):
            if c[:-1] != r:
                break
            top += 1
        long_winners = max(0, n - 6)
        wins = max(top, min(n, top + long_winners))
        for c in cards[:wins]:
            halves += _value(c) + 3.0  # its own points and what the defenders must follow with
        for c in cards[wins:]:
            if _value(c) > 1 and c[:-1] in ("K", "Q") and n >= 3:
                halves += _value(c) * 0.4
    halves += 2.0 * sum(1 for c in kept if c == "N") + (8.0 if "E" in kept else 0.0)
    # Castles win their tricks and Till escapes; a kept ace is as good as lost.
    oudlers = oudlers_held(
        buried + [c for c in kept if c == "E" or (c[0] == "C" and c not in EXCUSES)], counting
    )
    return halves / 2, oudlers


class HeuristicPlayer:
    """Plays by rules of thumb from the view alone; fast enough for the conformance suite."""

    def __init__(self, seed: int = 0, margin: float = BID_MARGIN) -> None:
        self.rng = Rng(seed)
        self.margin = margin

    def choose(self, view: View, game: Game) -> str:
        phase = view["phase"]
        legal: list[str] = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        if phase == "bid":
            return "bid" if self.wants_to_bid(view, game) else "pass"
        if phase == "bury":
            # Plan over the twenty cards, so the plan holds steady while the six go down one by one.
            done = list(view["buried"])
            full = list(view["hand"]) + done
            plan = bury_choice(full, bool(game.options["bury_oudlers"]), str(game.options["oudlers"]))
            for c in (Counter(plan) - Counter(done)).elements():
                if f"bury {c}" in legal:
                    return f"bury {c}"
            return legal[0]
        if phase == "pay":
            return f"give {payment_choice(view)}"
        k = Knowledge(view)
        card = taker_play(view, k) if view["seat"] == view["taker"] else defender_play(view, k)
        return f"play {card}"

    def wants_to_bid(self, view: View, game: Game) -> bool:
        points, oudlers = hand_estimate(
            view["hand"], str(game.options["oudlers"]), bool(game.options["bury_oudlers"])
        )
        target: float = view["targets"][oudlers]
        return points - target >= self.margin


# --- the defence ------------------------------------------------------------------------------


def defender_play(view: View, k: Knowledge) -> str:
    legal = [_card(a) for a in view["legal_actions"]]
    taker = k.taker
    assert taker is not None
    taker_voids = k.voids[taker]
    taker_in = any(s == taker for s, _ in k.trick)
    taker_out = view["hand_sizes"][taker] == 0 and not taker_in  # the 15th trick
    if not k.trick:
        safe = [c for c in legal if c[-1] in taker_voids]
        if safe:
            return _dump(safe, k)  # the taker cannot win it: partners may feed it aces and points
        masters = [c for c in legal if k.is_master(c)]
        if masters:
            return max(masters, key=_value)
        return min(legal, key=lambda c: (_value(c), c[0] == "A", STRENGTH[c[:-1]]))
    suit = led_suit(k.trick)
    if suit is None:
        # The taker led an excuse: this trick is the defence's, so bank a card the taker might catch later.
        return max(legal, key=lambda c: (c[0] == "A", not k.is_master(c), _value(c)))
    best_seat = trick_winner(k.trick)
    best = next(c for s, c in k.trick if s == best_seat)
    following = [c for c in legal if c[-1] == suit]
    defence_winning = best_seat != taker
    if taker_in or taker_out:
        if defence_winning:
            # The taker cannot take it back: feed it points, aces first.
            return _dump(legal, k)
        beaters = [c for c in following if STRENGTH[c[:-1]] > STRENGTH[best[:-1]]]
        if beaters:
            return min(beaters, key=lambda c: STRENGTH[c[:-1]])
        return _cheapest(legal)
    # The taker still has to play to this trick.
    if suit in taker_voids:
        return _dump(legal, k)
    if following:
        if defence_winning and k.is_master(best):
            return _dump(legal, k)
        masters = [c for c in following if k.is_master(c)]
        if masters:
            return min(masters, key=lambda c: STRENGTH[c[:-1]])
    return _cheapest(legal)


def _dump(cards: Sequence[str], k: Knowledge) -> str:
    """The card to give a trick the defence has won: an ace, else the dearest card that is not a winner."""
    return max(cards, key=lambda c: (c[0] == "A", not k.is_master(c), _value(c)))


def _cheapest(cards: Sequence[str]) -> str:
    """The card that costs the defence least if the taker wins it (never an ace when avoidable)."""
    return min(cards, key=lambda c: (c[0] == "A", _value(c), STRENGTH[c[:-1]]))


# --- a searching player -----------------------------------------------------------------------


class SearchPlayer:
    """Tries each card against sampled deals, finishing each one with the heuristic (Monte Carlo).

    Its effort is a fixed number of sampled deals, drawn from its own seeded random source; it reads
    no clock, so the same seed gives the same choices on any machine (ruling AP-18).
    """

    def __init__(self, seed: int = 0, samples: int = 12) -> None:
        self.rng = Rng(seed)
        self.samples = samples
        self.heuristic = HeuristicPlayer(seed)

    def choose(self, view: View, game: Game) -> str:
        legal: list[str] = view["legal_actions"]
        if len(legal) == 1 or view["phase"] != "play":
            return self.heuristic.choose(view, game)
        seat: int = view["seat"]
        taker: int = view["taker"]
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.samples):
            world = game.determinize(view, self.rng)
            for action in legal:
                sim = world.clone()
                sim.apply(action)
                totals[action] += _taker_halves_after(sim, game, taker)
        sign = 1 if seat == taker else -1
        preferred = self.heuristic.choose(view, game)  # ties go to the heuristic's own choice
        return max(legal, key=lambda a: (sign * totals[a], a == preferred))


def _taker_halves_after(state: Any, game: Game, taker: int) -> float:
    """Finish the current deal with heuristic play and return the taker's card points."""
    players = [HeuristicPlayer(0) for _ in range(4)]
    seen = len(state.log)
    while not state.is_over:
        seat = state.current_player
        state.apply(players[seat].choose(state.view(seat), game))
        for e in state.log[seen:]:  # only the State API: the deal ends at its hand_end event
            if e.kind == "hand_end":
                return float(e.data["taker_points"]) if e.data.get("taker") == taker else 0.0
        seen = len(state.log)
    return 0.0


def _heuristic(game: Game, seed: int) -> Player:
    return HeuristicPlayer(seed)


def _search(game: Game, seed: int) -> Player:
    return SearchPlayer(seed)


def _eager(game: Game, seed: int) -> Player:
    """Heuristic play, but always bids: with four of them the dealer's left takes every deal.

    For the designer's report: it measures how fair the targets are for an unselected hand,
    where the heuristic's own bidding would hide the thresholds behind more throw-ins.
    """
    return HeuristicPlayer(seed, margin=-math.inf)


PLAYERS: dict[str, PlayerFactory] = {
    "heuristic": _heuristic,
    "search": _search,
    "eager": _eager,
}
"""This game's computer players by kind (``random`` is every game's)."""
