"""Computer players for Roquet.

The heuristic banks the best set of combinations it can after every won trick,
and in play weighs winning the trick (the meld it would allow, and the meld it
denies) against the cost of giving up a card that may still build a combination.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from parlour.cards import SUITS
from parlour.engine import Game, Rng
from parlour.engine.views import View
from parlour.games.roquet.rules import (
    NUMERALS,
    PACK,
    RANK_INDEX,
    RANKS,
    RoquetExtra,
    RoquetGame,
    beats,
    classify,
    find_combinations,
    pair_value,
    rank_of,
    suit_of,
    table_cards_of,
)
from parlour.players import Player, PlayerFactory

RoquetView = View[RoquetExtra]

DENY = 8.0
"""Rough worth of a won trick beyond the meld it allows: the lead, and the opponent's meld denied."""
CAMPAIGN = 3.0
"""What a numeral triple waiting for its fourth card is judged worth, above the pair it would give now."""


def _cards(view: RoquetView, kind: Any, owner: int | None = None) -> list[str]:
    zone = view.zone(kind, owner)
    return zone.face_up if zone is not None else []


def table_of(view: RoquetView, game: RoquetGame) -> list[str]:
    """The table cards a trick winner could take (the livret, and the turn-up where it is meld material)."""
    turn_up = _cards(view, "turn_up")
    return table_cards_of(_cards(view, "livret"), turn_up[0] if turn_up else None, game.turn_up_melds)


def best_plan(
    hand: Iterable[str], table: Iterable[str], max_sequence: int, one_only: bool
) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """The most points the trick winner can bank now, and the combinations that make them."""
    return _best(frozenset(hand), frozenset(table), max_sequence, one_only)


@lru_cache(maxsize=50_000)
def _best(
    hand: frozenset[str], table: frozenset[str], max_sequence: int, one_only: bool
) -> tuple[int, tuple[tuple[str, ...], ...]]:
    best: tuple[int, tuple[tuple[str, ...], ...]] = (0, ())
    for meld in find_combinations(hand, table, max_sequence):
        found = classify(meld, max_sequence)
        assert found is not None
        points = found[1]
        if not one_only:
            used_table = any(c in table for c in meld)
            rest_points, rest = _best(
                hand - set(meld), frozenset() if used_table else table, max_sequence, False
            )
            points += rest_points
        else:
            rest = ()
        if points > best[0]:
            best = (points, (meld, *rest))
    return best


def unseen_cards(view: RoquetView) -> Counter[str]:
    """Cards this seat cannot place: in the opponent's hand or the face-down stock."""
    seen: Counter[str] = Counter(view.hand)
    for zone in view.zones:  # the livret, the turn-up, the combinations, the tricks, a known card
        seen.update(zone.face_up)
    if view.trick is not None:
        seen.update(view.trick.cards)
    return PACK.counts() - seen


def keep_value(card: str, hand: list[str], table: list[str], unseen: Mapping[str, int], trump: str) -> float:
    """How much ``card`` is worth keeping: combinations it may still make, and its power in tricks."""
    rank, suit = rank_of(card), suit_of(card)
    pair = float(pair_value(rank))
    others_hand = sum(1 for c in hand if c != card and rank_of(c) == rank)
    others_table = sum(1 for c in table if rank_of(c) == rank)
    others_live = sum(1 for s in SUITS if unseen.get(rank + s, 0))
    value = 0.0
    if others_hand:
        value += pair + (2.0 if others_hand >= 2 else 0.0)
    elif others_table:
        value += 0.6 * pair
    else:
        value += 0.1 * pair * others_live
    i = RANK_INDEX[rank]
    have = set(hand) | set(table)
    for d in (-2, -1, 1, 2):
        j = i + d
        if 0 <= j < len(RANKS):
            neighbour = RANKS[j] + suit
            weight = 1.0 if abs(d) == 1 else 0.4
            if neighbour in hand:
                value += weight
            elif neighbour in have:
                value += 0.5 * weight
            elif unseen.get(neighbour, 0):
                value += 0.1 * weight
    if suit == trump:
        value += 1.0 + 2.0 * i / 14
    else:
        value += 0.4 * i / 14
    return value


def lead_win_chance(card: str, view: RoquetView, unseen: Mapping[str, int]) -> float:
    """Rough chance that the opponent cannot take a lead of ``card``."""
    assert view.seat is not None
    opp = 1 - view.seat
    n = view.seats[opp].hand_size or 0
    void = suit_of(card) in view.extra.voids[opp]
    return chance_lead_holds(card, view.trump or "", n, view.extra.known[opp], void, unseen)


def chance_lead_holds(
    card: str, trump: str, opp_size: int, known_opp: Sequence[str], void: bool, unseen: Mapping[str, int]
) -> float:
    """``lead_win_chance`` from what it reads of the view (the opponent's hand size, its cards known,
    whether it has shown out of the card's suit): the playouts ask it on a world's own fields."""
    total = sum(unseen.values()) + len(known_opp)
    if total == 0 or opp_size == 0:
        return 1.0
    suit = suit_of(card)
    if any(beats(k, card, trump) for k in known_opp):
        return 0.1
    higher = sum(v for c, v in unseen.items() if suit_of(c) == suit and beats(c, card, trump))
    if void:
        higher = 0
    beaters: float = higher
    if suit != trump:
        trumps = sum(v for c, v in unseen.items() if suit_of(c) == trump)
        beaters += trumps * (1.0 if void else 0.25)
    p_none = (1.0 - min(1.0, beaters / total)) ** opp_size
    return p_none


def meld_to_lay(
    hand: list[str], table: list[str], unseen: Mapping[str, int], max_seq: int, one: bool, campaign: bool
) -> tuple[str, ...] | None:
    """The combination the heuristic lays down now, or None to be done: the best plan's first, but
    with ``campaign`` (Dana's great campaign) three of a numeral rank with the fourth still to come are
    worth more kept (a muster, 10) than broken for a pair (2); everything else is banked."""
    points, plan = best_plan(hand, table, max_seq, one)
    if points <= 0 or not plan:
        return None
    if campaign:
        waiting = {
            r
            for r in NUMERALS
            if sum(1 for c in hand if rank_of(c) == r) == 3 and sum(unseen[r + s] for s in SUITS) == 1
        }
        if waiting:
            kept = [c for c in hand if rank_of(c) not in waiting]
            held_points, held_plan = best_plan(kept, table, max_seq, one)
            if held_points + CAMPAIGN * len(waiting) > points:
                if not held_plan:
                    return None
                points, plan = held_points, held_plan
    return plan[0]


class RoquetHeuristic:
    """Fast rule-of-thumb player: a few milliseconds a move."""

    def __init__(self, seed: int = 0, deny: float = DENY, campaign: bool = True) -> None:
        self.rng = Rng(seed)
        self.deny = deny
        self.campaign = campaign

    def choose(self, view: RoquetView, game: Game[Any]) -> str:
        assert isinstance(game, RoquetGame)
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError("asked to choose with no legal action in the view")
        if legal[0].startswith("meld") or legal == ["done"]:
            return self._meld(view, game, legal)
        return self._play(view, game, legal)

    def _meld(self, view: RoquetView, game: RoquetGame, legal: list[str]) -> str:
        table = [] if view.extra.table_taken else table_of(view, game)
        hand, unseen, one = list(view.hand), unseen_cards(view), game.one_meld_a_trick
        meld = meld_to_lay(hand, table, unseen, game.max_sequence, one, self.campaign)
        action = "done" if meld is None else "meld " + " ".join(meld)
        return action if action in legal else "done"

    def _play(self, view: RoquetView, game: RoquetGame, legal: list[str]) -> str:
        hand = list(view.hand)
        trump = view.trump or ""
        table = table_of(view, game)
        unseen = unseen_cards(view)
        max_seq = game.max_sequence
        one = game.one_meld_a_trick
        lead = view.trick.cards[0] if view.trick is not None and view.trick.plays else None
        best_score = float("-inf")
        best_action = legal[0]
        for action in legal:
            card = game.notation.parse_known(action).card
            chance = lead_win_chance(card, view, unseen) if lead is None else float(beats(card, lead, trump))
            score = self.card_score(card, chance, hand, table, unseen, trump, max_seq, one)
            if score > best_score:
                best_score, best_action = score, action
        return best_action

    def card_score(
        self,
        card: str,
        chance: float,
        hand: list[str],
        table: list[str],
        unseen: Mapping[str, int],
        trump: str,
        max_seq: int,
        one: bool,
    ) -> float:
        """A card's worth to play: the chance it wins the trick times what winning brings (the meld it
        then allows and the one denied), less its worth kept; a tiny random draw breaks exact ties
        without favouring a suit (one draw a card, in the order the cards are asked)."""
        rest = [c for c in hand if c != card]
        cost = keep_value(card, hand, table, unseen, trump)
        gain = self.deny + best_plan(rest, table, max_seq, one)[0]
        return chance * gain - cost + self.rng.random() * 1e-6


class RoquetGreedy:
    """A plain baseline: lay down the biggest combination at once, win as cheaply as possible, lead low."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: RoquetView, game: Game[Any]) -> str:
        assert isinstance(game, RoquetGame)
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError("asked to choose with no legal action in the view")
        if legal[0].startswith("meld") or legal == ["done"]:
            melds = [a for a in legal if a != "done"]
            if not melds:
                return "done"
            max_seq = game.max_sequence
            return max(
                melds, key=lambda a: (classify(game.notation.parse_known(a).cards, max_seq) or ("", 0))[1]
            )
        trump = view.trump or ""
        cards = [game.notation.parse_known(a).card for a in legal]

        def low(c: str) -> tuple[bool, int]:
            return (suit_of(c) == trump, RANK_INDEX[rank_of(c)])

        if view.trick is not None and view.trick.plays:
            lead = view.trick.cards[0]
            winning = [c for c in cards if beats(c, lead, trump)]
            if winning:
                return "play " + min(winning, key=low)
        return "play " + min(cards, key=low)


def _heuristic(game: Game[Any], seed: int) -> Player:
    return RoquetHeuristic(seed)


def _greedy(game: Game[Any], seed: int) -> Player:
    """Lays down its biggest combination at once, wins a trick as cheaply as it can and leads low,
    looking no further: it answers at once."""
    return RoquetGreedy(seed)


def _search(game: Game[Any], seed: int) -> Player:
    """Tries each card on 12 guesses at the unseen cards, looking two tricks ahead, the guesses made to
    fit what the opponent's last cards say of its hand: up to a second a move at a table, the strongest
    Roquet player parlour has, and the one that gives hints.

    ``STRONG``: 12 deals of the unseen cards searched two tricks deep, drawn by the ``HandReader``."""
    from parlour.games.roquet.inference import HandReader  # these modules import this one
    from parlour.games.roquet.search import RoquetSearch

    return RoquetSearch(seed, **STRONG, reader=HandReader(**STRONG_READER))


def _normal(game: Game[Any], seed: int) -> Player:
    """Tries each card on 20 guesses at the unseen cards, looking one trick ahead: well under a second
    a move.

    ``NORMAL``: 20 deals of the unseen cards searched one trick deep."""
    from parlour.games.roquet.search import RoquetSearch

    return RoquetSearch(seed, **NORMAL)


NORMAL: dict[str, Any] = {"worlds": 20, "depth": 1, "potential": 0.5, "keep": 0.3, "quality": 0.5}
"""The default player at a table: 20 worlds searched one trick deep, well under a second a move."""
STRONG: dict[str, Any] = {
    "worlds": 12,
    "depth": 2,
    "potential": 0.5,
    "keep": 0.3,
    "quality": 0.5,
    "blind": True,
}
"""12 worlds two tricks deep, the second trick judged before its draws: the best of the searches
measured (strength.md, "Computer players"); with worlds dealt uniformly, level with the heuristic."""
STRONG_READER: dict[str, Any] = {"candidates": 4, "memory": 4, "temperature": 3.0, "kept_back": 3.0}
"""The ``strong`` level's worlds are drawn from four times as many by the opponent's last four
cards and its last meld moment (``inference.HandReader``): +1.44 ± 1.40 a hand over the same search
with uniform worlds (strength.md, "Computer players")."""

PLAYERS: dict[str, PlayerFactory] = {
    "heuristic": _heuristic,
    "greedy": _greedy,
    "search": _search,
    "easy": _greedy,
    "normal": _normal,
    "strong": _search,
}
"""This game's computer players by kind (``random`` is every game's)."""
