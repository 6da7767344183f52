"""Computer players for Bishops Whist.

``heuristic`` plays by the key strategies of Dana's booklet: bishops are the
points (two each), so it weighs every card by what the trick is worth (the
bishops in it and the trick itself) times its chance of ending with our side,
against what the card is worth kept in hand (a knight guards a bishop and may
rule the 13th trick; a sure winner may catch a bishop later; a bare bishop is a
liability). It counts the cards played, reads voids and knight's revokes from
the tricks, swings castle-aces and kings at guarded bishops, never overtakes a
partner who holds the trick, throws its bishops into a partner's safe trick,
saves its own with the knight's revoke, and keeps a knight for the last trick.

``search`` (slower) samples the hidden cards with ``game.determinize`` (an exact
sampler: every deal of the unseen cards that keeps the voids shown, equally likely)
and plays each candidate card out to the end of the hand with ``heuristic`` players
(perfect-information Monte Carlo), choosing the card with the best mean margin. Its
budget is 40 playouts a decision (2 to 24 sampled worlds), so the same seed makes the
same choice; a wall-clock limit (``seconds``) is only for interactive play.

``strong`` and ``normal`` (the levels; ``easy`` is ``heuristic``) are ``StrongPlayer``: perfect-information
Monte Carlo in the manner of GIB. It deals worlds of the unseen cards with ``game.determinize`` and values
each lawful card in each world by a double-dummy alpha-beta search of the tricks left (``solver.py``:
partners maximise their side's margin together, so it does not trump a partner's sure trick), exact once
the end of the hand is within its budget of nodes, ending on a rough count of trick-taking cards and
guarded bishops before that. Where the search ends short of the end of the hand it keeps the rules of
thumb's card unless that card is worse by a margin (``trust``). ``strong`` also sifts its worlds: it deals
three times as many as it searches and keeps those in which the other seats' plays so far are the ones
the rules of thumb would have made (``surprises``), so the unseen cards lie where the play says they do.
Its measured strength is in strength.md.

Measured (2 December 2026, ``parlour.sim.simulate``, 300 matches a seating): heuristic
partners beat random partners in 300 of 300 matches (95% interval 98.7-100%) seated
0 and 2, and 299 of 300 (98.1-99.9%) seated 1 and 3, scoring 8.6-8.8 points a hand
against 2.1-2.2; on duplicate deals (each first hand played both ways round) the
margin is +6.6 +- 0.3 points a hand.

``search`` (3 December 2026, 30 duplicate deals, search partners against heuristic
partners, each first hand played both ways round; 95% intervals): +0.35 +- 0.78
points a hand with the 40-playout budget, +0.25 +- 1.12 with the former rule of
0.5 s a decision (at most 24 worlds, run the same day with the same sampler); paired
on the same deals the difference is +0.10 +- 1.33: no change in strength is shown,
and neither is shown stronger than ``heuristic``. A decision costs 0.23 s of CPU on
average, 0.54 s at most (118 decisions of 3 hands, the decisions with one card
excepted); wall-clock time is longer when other work shares the two cores (0.57 s on
average, 1.4 s at most, under a load of 8).
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.cards import BISHOPS_WHIST, SUIT_NAMES
from parlour.engine import Game, Rng
from parlour.engine.compiling import mypyc_attr
from parlour.games.bishops_whist.rules import (
    BISHOP,
    BISHOP_POINTS,
    CARD_ID,
    KNIGHT,
    KNIGHTS_SHIFT,
    KNIGHTS_TRICK,
    PHASE_CLAIM,
    PHASE_PLAY,
    PHASE_REVIEW,
    PHASE_TRUMP,
    RANK_VALUE,
    SUITED_MASK,
    TEN,
    TRICKS,
    BishopsWhist,
    BishopsWhistExtra,
    BishopsWhistState,
    ShownOut,
    card_value,
    cards_in,
    codes_of,
    dealer_of,
    is_bishop,
    is_irregular,
    is_knights_trick,
    knight_may_rank_ten,
    lawful_cards,
    quitted_tricks,
    suit_of,
    winning_play,
)
from parlour.games.bishops_whist.solver import Position, card_code, card_id
from parlour.players import Advice, Player, PlayerFactory, View

BishopsWhistView = View[BishopsWhistExtra]
PACK: Counter[str] = Counter(BISHOPS_WHIST.counts())
BISHOP_RISK = 1.2
"""Extra caution, in points, against staking our own bishop on a trick we may not take."""
TRICK_WORTH = 0.6
"""Rough net worth of a trick without bishops: one point a trick over six, for one side or the other."""


def _chance_any(probabilities: Sequence[float]) -> float:
    """The chance that at least one of several (treated as independent) events happens."""
    miss = 1.0
    for p in probabilities:
        miss *= 1.0 - p
    return 1.0 - miss


class Gathered:
    """A hand's gathered tricks as the tables read them, kept up to date as a playout goes (``catch_up``):
    their plays, the cards played in them and what they have shown out (``Table.in_world``)."""

    def __init__(self) -> None:
        self.count = 0
        self.tricks: list[list[tuple[int, str]]] = []
        self.played: Counter[str] = Counter()
        self.shown = ShownOut()

    def catch_up(self, tricks: list[dict[str, Any]]) -> None:
        """Read the tricks gathered since (a world's ``tricks``: a hand's tricks only grow)."""
        for t in tricks[self.count :]:
            plays = [(s, c) for s, c in t["cards"]]
            self.tricks.append(plays)
            self.played.update(c for _, c in plays)
            self.shown.see(plays)
        self.count = len(tricks)


class Table:
    """What one seat knows of the hand in play, read from its view alone."""

    def __init__(self, view: BishopsWhistView | None = None, game: Game[Any] | None = None) -> None:
        """The table of ``view``; without one, blank for ``at`` and ``in_world`` to fill in (a compiled
        build cannot make a blank instance with ``__new__``)."""
        if view is None or game is None:
            return
        seat = view.seat
        assert seat is not None, "a player sits at a seat"
        extra = view.extra
        # Cards known to lie in another seat's hand: the dealer's turn-up, exposed and withdrawn cards
        # (the face-up cards of its hand on the table).
        known: list[Counter[str]] = [Counter() for _ in range(4)]
        for s in range(4):
            zone = view.zone("hand", s)
            if s != seat and zone is not None:
                known[s].update(zone.face_up)
        leader = view.trick.leader if view.trick is not None and view.trick.leader is not None else seat
        self._setup(
            seat,
            list(extra.order),
            list(view.hand),
            view.trump,
            [[(p.seat, p.card) for p in t.plays] for t in quitted_tricks(view)],
            [(p.seat, p.card) for p in view.trick.plays] if view.trick else [],
            leader,
            [s.hand_size or 0 for s in view.seats],
            known,
            game.options,
        )

    @classmethod
    def at(
        cls,
        seat: int,
        order: list[int],
        hand: list[str],
        trump: str | None,
        tricks: list[list[tuple[int, str]]],
        trick: list[tuple[int, str]],
        leader: int,
        sizes: list[int],
        options: Mapping[str, Any],
        known: list[Counter[str]] | None = None,
    ) -> Table:
        """What ``seat`` knew at an earlier moment of the hand, from that moment's cards: used to ask what
        the rules of thumb would have played there (nothing known of the other hands but the play)."""
        table = cls()
        known = known if known is not None else [Counter() for _ in range(4)]
        table._setup(seat, order, hand, trump, tricks, trick, leader, sizes, known, options)
        return table

    @classmethod
    def in_world(
        cls, world: BishopsWhistState, seat: int, options: Mapping[str, Any], seen: Gathered | None = None
    ) -> Table:
        """What ``seat`` knows in a world a player dealt itself, read from the world's fields under strict
        laws (nothing exposed or withdrawn): the table ``Table(world.view(seat), game)`` would make, with
        no view made. Fair only for a world that is the player's own guess (``PlayoutPlayer``). ``seen``:
        the hand's gathered tricks as read so far (a playout keeps one, brought up to date here)."""
        table = cls()
        if seen is not None:
            seen.catch_up(world.tricks)
        known: list[Counter[str]] = [Counter() for _ in range(4)]
        dealer = world.dealer
        if world.turn_up_held and seat != dealer:
            known[dealer][world.turn_up] = 1  # the turn-up, face up in the dealer's hand (ruling BW-22)
        held = world._held
        # Every card of a world lies somewhere: those ``seat`` has not seen are the other hands', in the
        # pack's order (a hand's codes are in it, the knights last, as in ``PACK``).
        others, knights = 0, 0
        for s in range(4):
            if s != seat:
                others |= held[s] & SUITED_MASK
                knights += held[s] >> KNIGHTS_SHIFT
        unseen: Counter[str] = Counter(dict.fromkeys(codes_of(others), 1))
        if knights:
            unseen[KNIGHT] = knights
        table._setup(
            seat,
            world.order[:],
            codes_of(held[seat]),
            world.trump,
            [[(s, c) for s, c in t["cards"]] for t in world.tricks] if seen is None else seen.tricks[:],
            [(e[0], e[1]) for e in world.trick],
            world.leader,
            [cards_in(h) for h in held],
            known,
            options,
            seen,
            unseen,
        )
        return table

    def _setup(
        self,
        seat: int,
        order: list[int],
        hand: list[str],
        trump: str | None,
        tricks: list[list[tuple[int, str]]],
        trick: list[tuple[int, str]],
        leader: int,
        sizes: list[int],
        known: list[Counter[str]],
        options: Mapping[str, Any],
        seen: Gathered | None = None,
        unseen: Counter[str] | None = None,
    ) -> None:
        """``seen``: ``tricks`` as already read (their cards counted, their voids shown), if kept;
        ``unseen``: the cards ``seat`` has not seen, if known (``in_world``)."""
        self.seat: int = seat
        self.order: list[int] = order
        i = self.order.index(self.seat)
        self.partner = self.order[(i + 2) % 4]
        self.hand: list[str] = hand
        self.trump: str | None = trump
        self.tricks = tricks
        self.trick: list[tuple[int, str]] = trick
        self.number = len(self.tricks) + 1
        self.last = is_knights_trick(self.number)
        self.sizes: list[int] = sizes
        self.ten_when_void = options.get("void_knight", "ten") == "ten"
        self.irregular_leader = options.get("irregular_trick", "first-suit") == "leader"
        li = self.order.index(leader)
        self.play_order = [self.order[(li + k) % 4] for k in range(4)]
        self.later = self.play_order[len(self.trick) + 1 :]
        if seen is None:
            played: Counter[str] = Counter(c for t in self.tricks for _, c in t)
            shown = ShownOut.of([*self.tricks, self.trick])
        else:  # the same counts in the same order, the same voids: only the trick on the table is new
            played = Counter(seen.played)
            shown = ShownOut()
            shown.barred = [dict(b) for b in seen.shown.barred]
            shown.see(self.trick)
        played.update(c for _, c in self.trick)
        self.played = played
        if unseen is None:
            # ``PACK - Counter(hand) - played`` written out: the same counts in the same (the pack's) order.
            mine = Counter(self.hand)
            unseen = Counter()
            for c, n in PACK.items():
                left = n - mine[c] - played[c]
                if left > 0:
                    unseen[c] = left
        self.unseen: Counter[str] = unseen
        self.known = known
        self._known_any = any(known)
        # Voids, and suits where only the bishop may remain (a knight was played on the suit led).
        self.void: list[set[str]] = [shown.void(s) for s in range(4)]
        self.bishop_only: list[set[str]] = [shown.bishop_only(s) for s in range(4)]
        for s in range(4):
            for suit in list(self.bishop_only[s]):
                if self.played[BISHOP + suit] or BISHOP + suit in self.hand:
                    self.void[s].add(suit)
            self.bishop_only[s] -= self.void[s]
        # The table does not change once read: chances and unseen suits are worked out once each.
        self._p_holds: dict[tuple[int, str], float] = {}
        self._unseen_of: dict[str, list[str]] = {}

    # --- who may hold what -----------------------------------------------------------

    def may_hold(self, seat: int, card: str) -> bool:
        if seat == self.seat or self.sizes[seat] == 0:
            return False
        suit = suit_of(card)
        if suit is None:
            return True
        if suit in self.void[seat]:
            return False
        return not (suit in self.bishop_only[seat] and not is_bishop(card))

    def p_holds(self, seat: int, card: str) -> float:
        """The chance that ``seat`` holds (a copy of) ``card``, spreading unseen cards by hand size."""
        key = (seat, card)
        found = self._p_holds.get(key)
        if found is None:
            found = self._p_holds[key] = self._p_holds_now(seat, card)
        return found

    def _p_holds_now(self, seat: int, card: str) -> float:
        # The playouts ask this most of all: ``may_hold`` is written out, and the weights (hand sizes, of
        # the seats that may hold the card) summed as ints, so the chance is the same to the last bit.
        copies = self.unseen[card]
        if copies == 0:
            return 0.0
        held = 0
        free = copies
        if self._known_any:
            known = self.known
            held = known[seat][card]
            if held >= copies:
                return 1.0
            free = copies - (known[0][card] + known[1][card] + known[2][card] + known[3][card])
            if free <= 0:
                return 1.0 if held else 0.0
        sizes, me = self.sizes, self.seat
        suit = suit_of(card)
        total = 0
        for s in range(4):
            if s == me or sizes[s] == 0:
                if s == seat:  # ``may_hold(seat, card)`` is false
                    return 1.0 if held else 0.0
                continue
            if suit is not None and (
                suit in self.void[s] or (suit in self.bishop_only[s] and card[0] != BISHOP)
            ):
                if s == seat:
                    return 1.0 if held else 0.0
                continue
            total += sizes[s]
        if total == 0:
            return 0.0
        one = sizes[seat] / total
        return 1.0 - (1.0 - one) ** free

    def p_any(self, seat: int, cards: Sequence[str]) -> float:
        return _chance_any([self.p_holds(seat, c) for c in set(cards)])

    def unseen_of(self, suit: str) -> list[str]:
        found = self._unseen_of.get(suit)
        if found is None:
            found = self._unseen_of[suit] = [c for c in self.unseen if self.unseen[c] and suit_of(c) == suit]
        return list(found)

    def p_void(self, seat: int, suit: str) -> float:
        if suit in self.void[seat]:
            return 1.0
        return 1.0 - self.p_any(seat, self.unseen_of(suit))

    def is_top(self, card: str) -> bool:
        """No unseen card of the suit outranks ``card`` (so it wins any round of the suit it leads)."""
        suit = suit_of(card)
        return suit is not None and all(RANK_VALUE[c[0]] < RANK_VALUE[card[0]] for c in self.unseen_of(suit))

    def opponents(self) -> list[int]:
        return [s for s in range(4) if s not in (self.seat, self.partner)]

    # --- the trick ------------------------------------------------------------------------

    def lawful(self) -> list[str]:
        """The cards the law of following suit allows (the knight's revoke included)."""
        return lawful_cards(self.hand, self.trick[0][1] if self.trick else None)

    def winner(self, cards: Sequence[tuple[int, str]]) -> tuple[int, str]:
        """The ``(seat, card)`` that holds the (possibly unfinished) trick, a knight off the suit led
        ranking as a ten if it may (under ``void_knight=revoke-only`` a knight of another seat is taken
        for a discard: that seat's bishop is unseen)."""
        lead = cards[0][1]
        as_ten = [
            c == KNIGHT and self.ten_when_void and knight_may_rank_ten(lead, i, self.trump)
            for i, (_, c) in enumerate(cards)
        ]
        return winning_play(cards, as_ten, self.trump, last=self.last, irregular_leader=self.irregular_leader)

    def p_beaten(self, cards: Sequence[tuple[int, str]], seats: Sequence[int]) -> float:
        """The chance that one of ``seats`` (opponents of the holder), playing later, takes the trick."""
        if not seats:
            return 0.0
        card = self.winner(cards)[1]
        chances: list[float] = []
        led_card = cards[0][1]
        led = suit_of(led_card)
        if led is None:  # an irregular trick: the first suit played stands for the suit led (BW-12)
            led = next((suit_of(c) for _, c in cards if c != KNIGHT), None)
        for seat in seats:
            p_knight = self.p_holds(seat, KNIGHT) if self.last else 0.0
            if self.last and card == KNIGHT:
                chances.append(p_knight)
                continue
            if led is None:  # only knights so far: any suited card beats them (first-suit ruling)
                chances.append(1.0 if not self.irregular_leader else 0.0)
                continue
            if suit_of(card) == self.trump:
                trumps = self.unseen_of(str(self.trump))
                higher = [c for c in trumps if RANK_VALUE[c[0]] > RANK_VALUE[card[0]]]
                p = self.p_any(seat, higher)
                if led != self.trump:
                    p *= self.p_void(seat, led)
                chances.append(_chance_any([p, p_knight]))
                continue
            value = card_value(card)
            higher = [c for c in self.unseen_of(led) if RANK_VALUE[c[0]] > value]
            p_follow_high = self.p_any(seat, higher)
            p_ruff = 0.0
            if self.trump is not None and led != self.trump:
                p_void = self.p_void(seat, led)
                p_ruff = p_void * self.p_any(seat, self.unseen_of(self.trump))
                if value < TEN and self.ten_when_void and not is_irregular(led_card):
                    # A knight discarded on a plain suit ranks as its ten.
                    p_ruff = _chance_any([p_ruff, p_void * self.p_holds(seat, KNIGHT)])
            chances.append(_chance_any([p_follow_high, p_ruff, p_knight]))
        return _chance_any(chances)

    def p_partner_takes(self, cards: Sequence[tuple[int, str]]) -> float:
        """A rough chance that our side, playing later, takes a trick the opponents now hold.

        With an opponent still to play before the partner, holding some higher card is not enough:
        the partner must then hold the best of them (an opponent may raise the bar first).
        """
        rest = self.later
        if self.partner not in rest:
            return 0.0
        between = rest[: rest.index(self.partner)]
        after = rest[rest.index(self.partner) + 1 :]
        card = self.winner(cards)[1]
        if self.last:
            return self.p_holds(self.partner, KNIGHT) * (0.5 if after else 1.0)
        led = suit_of(cards[0][1]) or next((suit_of(c) for _, c in cards if c != KNIGHT), None)
        if led is None:
            return 0.3

        def beats(higher: list[str]) -> float:
            if not higher:
                return 0.0
            if between:
                return self.p_holds(self.partner, max(higher, key=lambda c: RANK_VALUE[c[0]]))
            return self.p_any(self.partner, higher)

        trumps = self.unseen_of(str(self.trump)) if self.trump is not None else []
        if suit_of(card) == self.trump:
            higher = [c for c in trumps if RANK_VALUE[c[0]] > RANK_VALUE[card[0]]]
            p = beats(higher) * (self.p_void(self.partner, led) if led != self.trump else 1.0)
        else:
            value = card_value(card)
            p = beats([c for c in self.unseen_of(led) if RANK_VALUE[c[0]] > value])
            if trumps and led != self.trump:
                p = _chance_any([p, self.p_void(self.partner, led) * beats(trumps)])
        return 0.85 * p * (0.6 if after else 1.0)

    # --- what a card is worth kept ------------------------------------------------------

    def guards(self, suit: str, hand: Sequence[str]) -> tuple[int, int]:
        """Cards that can go on a round of ``suit`` before our bishop must fall: (suit cards, knights)."""
        return sum(1 for c in hand if suit_of(c) == suit and not is_bishop(c)), hand.count(KNIGHT)

    def keep_value(self, card: str, hand: Sequence[str] | None = None) -> float:
        """Rough net points that keeping ``card`` (in ``hand``) is worth for the tricks to come."""
        hand = self.hand if hand is None else hand
        left = TRICKS + 1 - self.number  # tricks still to play, this one included
        if card == KNIGHT:
            value = 0.7
            if self.unseen[KNIGHT] == 0:
                value += 0.6  # the 13th trick is ours if we keep it
            elif self.number >= 10:
                value += 0.3
            if hand.count(KNIGHT) > 1:
                value -= 0.2  # a second knight is worth less than the first
            return value
        suit = str(suit_of(card))
        trump = suit == self.trump
        if is_bishop(card):
            if self.is_top(card):
                return 1.5 if (trump or left > 1) else 0.5
            cards, knights = self.guards(suit, hand)
            higher_out = sum(1 for c in self.unseen_of(suit) if RANK_VALUE[c[0]] > RANK_VALUE[BISHOP])
            return min(
                1.2,
                -0.3
                - 0.3 * higher_out
                + 0.5 * min(cards, 3)
                + 0.3 * min(knights, 2)
                + (0.4 if trump else 0.0),
            )
        value = 0.0
        if self.is_top(card):
            value += 0.7 if trump else 0.45
            # A winner that may still catch a bishop of its suit.
            if self.unseen[BISHOP + suit]:
                value += 0.3
        else:
            value += 0.025 * RANK_VALUE[card[0]] + (0.12 if RANK_VALUE[card[0]] > TEN else 0.0)
        if trump:
            value += 0.3 + 0.02 * RANK_VALUE[card[0]]
        if BISHOP + suit in hand:
            value += 0.35  # a guard of our own bishop
        return value

    def spend_cost(self, card: str) -> float:
        """What playing ``card`` now gives up: its own worth kept, and what it did for our bishops."""
        rest = list(self.hand)
        rest.remove(card)
        cost = self.keep_value(card)
        for b in set(self.hand):
            if is_bishop(b) and b != card and (card == KNIGHT or suit_of(card) == suit_of(b)):
                cost += self.keep_value(b) - self.keep_value(b, rest)
        return cost


class HeuristicPlayer:
    """Dana's key strategies as a fast one-ply evaluation (a few milliseconds a move)."""

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        self.game = game
        self.rng = Rng(seed)

    def choose(self, view: BishopsWhistView, game: Game[Any]) -> str:
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError("asked to choose with no legal action in the view")
        phase = view.extra.phase
        if phase == PHASE_CLAIM:
            return "claim" if "claim" in legal else legal[0]  # a claim costs nothing (ruling BW-15)
        if phase == PHASE_REVIEW:
            return "stand"  # it never revokes, so it has nothing to correct
        if phase == PHASE_TRUMP:
            return self.name_trump(view, legal)
        table = Table(view, game)
        offered = {a.split()[1] for a in legal if a.startswith("play ")}
        cards = [c for c in table.lawful() if c in offered] or sorted(offered, key=BISHOPS_WHIST.sort_key)
        if len(cards) == 1:
            return f"play {cards[0]}"
        return f"play {self.card(table, cards)}"

    def name_trump(self, view: BishopsWhistView, legal: list[str]) -> str:
        """Name the longest, strongest suit; before the deal the dealer knows nothing, so any suit."""
        suits = [a.split()[1] for a in legal if a.startswith("trump ")]
        hand = [c for c in view.hand if c != KNIGHT]
        if not hand:
            return f"trump {self.rng.choice(suits)}"

        def strength(suit: str) -> float:
            mine = [c for c in hand if suit_of(c) == suit]
            return len(mine) * 2.0 + sum(max(0, RANK_VALUE[c[0]] - TEN) * 0.5 for c in mine)

        return f"trump {max(suits, key=strength)}"

    # --- card play ----------------------------------------------------------------------

    def card(self, t: Table, cards: list[str]) -> str:
        if t.number == KNIGHTS_TRICK - 1 and KNIGHT in cards and len(set(t.hand)) > 1:
            # Keep a knight for the knight's trick, where it outranks everything (ruling BW-13).
            rest = [c for c in cards if c != KNIGHT]
            if rest and not (t.hand.count(KNIGHT) > 1):
                cards = rest
        if not t.trick:
            return self.lead(t, cards)
        return self.follow(t, cards)

    def trick_value(self, t: Table, cards: Sequence[tuple[int, str]]) -> float:
        """What the trick is worth to the side that takes it, bishops counted."""
        bishops = sum(1 for _, c in cards if is_bishop(c))
        return BISHOP_POINTS * bishops + TRICK_WORTH

    def p_ours(self, t: Table, cards: list[tuple[int, str]]) -> float:
        """Our side's chance to take the trick once ``cards`` lie on it."""
        w = t.winner(cards)[0]
        rest = t.later
        if w in (t.seat, t.partner):
            opponents = [s for s in rest if s not in (t.seat, t.partner)]
            return 1.0 - t.p_beaten(cards, opponents)
        return t.p_partner_takes(cards)

    def follow(self, t: Table, cards: list[str]) -> str:
        best, best_score = cards[0], float("-inf")
        for c in cards:
            after = [*t.trick, (t.seat, c)]
            p = self.p_ours(t, after)
            value = self.trick_value(t, after)
            # Bishops later players may be forced to drop on this trick are part of its value.
            value += self.forced_bishops(t, after)
            score = value * (2 * p - 1) - t.spend_cost(c) - 0.001 * card_value(c)
            if is_bishop(c):
                score -= BISHOP_RISK * (1.0 - p)  # a bishop staked on an uncertain trick
            if t.number == KNIGHTS_TRICK - 1 and KNIGHT in t.hand and c != KNIGHT and t.unseen[KNIGHT]:
                # Setting up the knight's trick: the last knight played wins it, so lead it late.
                score -= 0.4 * p
            if score > best_score + 1e-9:
                best, best_score = c, score
        return best

    def forced_bishops(self, t: Table, cards: list[tuple[int, str]]) -> float:
        """Expected bishops that later seats, down to a bare bishop in the suit led, must play."""
        led = suit_of(cards[0][1])
        if led is None or t.last:
            return 0.0
        bishop = BISHOP + led
        if not t.unseen[bishop]:
            return 0.0
        expected = 0.0
        for seat in t.later:
            if led in t.bishop_only[seat] and t.p_holds(seat, bishop) > 0:
                expected += 0.5 * (1.0 - t.p_holds(seat, KNIGHT))
        return expected

    def lead(self, t: Table, cards: list[str]) -> str:
        suited = [c for c in cards if c != KNIGHT]
        if not suited:
            return cards[0]
        opponents = t.opponents()
        # 1. Cash a bishop that can no longer be beaten (cardinal, or a plain bishop nobody can ruff).
        for c in suited:
            if is_bishop(c) and t.is_top(c) and not t.last:
                suit = str(suit_of(c))
                ruff = 0.0
                if suit != t.trump and t.trump is not None:
                    ruff = max(t.p_void(o, suit) * t.p_any(o, t.unseen_of(t.trump)) for o in opponents)
                if ruff < 0.2:
                    return c
        scores: dict[str, float] = {}
        for c in suited:
            scores[c] = self.lead_score(t, c, opponents)
        return max(suited, key=lambda c: (scores[c], -BISHOPS_WHIST.sort_key(c)[1]))

    def lead_score(self, t: Table, c: str, opponents: list[int]) -> float:
        suit = str(suit_of(c))
        trump = suit == t.trump
        bishop = BISHOP + suit
        score = 0.0
        top = t.is_top(c)
        ruff = 0.0
        if not trump and t.trump is not None:
            ruff = _chance_any([t.p_void(o, suit) * t.p_any(o, t.unseen_of(t.trump)) for o in opponents])
        if top:
            p_win = 1.0 - ruff
            if is_bishop(c):
                # Our own bishop led as the best card of its suit: saved if it holds, lost to a ruff.
                score += 2.0 * (2 * p_win - 1) - BISHOP_RISK * (1.0 - p_win) - t.keep_value(c)
            # Swing for a guarded bishop: the castle-ace or king that may catch it.
            if t.unseen[bishop] and bishop not in t.hand:
                drop = max(
                    t.p_holds(o, bishop)
                    * (
                        1.0 - t.p_any(o, [x for x in t.unseen_of(suit) if x != bishop])
                        if suit not in t.bishop_only[o]
                        else 1.0
                    )
                    for o in opponents
                )
                knights_out = t.unseen[KNIGHT]
                drop *= 0.5 if knights_out else 1.0
                score += 2.0 * drop * p_win + 0.6
            score += TRICK_WORTH * (2 * p_win - 1)
            if trump:
                score += 0.2 + (0.5 if t.unseen[bishop] and bishop not in t.hand else 0.0)
        else:
            # A losing lead: keep it cheap, and keep guards of our own bishops at home.
            score -= 0.05 * RANK_VALUE[c[0]]
            if RANK_VALUE[c[0]] > TEN:
                score -= 0.4
            if bishop in t.hand:
                score -= 0.8 if not is_bishop(c) else 1.5
            if trump:
                mine = sum(1 for x in t.hand if suit_of(x) == suit)
                outs = len(t.unseen_of(suit))
                score += 0.4 if mine >= 4 and mine * 2 > outs else -0.6
            # A suit the partner cannot follow but may ruff lets our side in.
            if (
                not trump
                and suit in t.void[t.partner]
                and t.trump is not None
                and t.trump not in t.void[t.partner]
            ):
                score += 0.6
            length = sum(1 for x in t.hand if suit_of(x) == suit)
            score += 0.05 * length
        return score


PLAYOUTS = 40
"""The search's default budget: playouts per decision (deterministic: same seed, same choice)."""
MAX_WORLDS = 24
MIN_WORLDS = 2


class SearchPlayer:
    """Perfect-information Monte Carlo over ``game.determinize``, heuristic players in the playouts.

    The budget is ``playouts`` per decision: ``playouts // candidates`` sampled worlds (at least 2, at
    most 24), every candidate card played out in each. It depends on nothing but the seed and the view,
    so simulations repeat exactly. ``seconds`` (off by default, for interactive play only) also stops
    the search at a wall-clock deadline, after at least two worlds: such a player is not reproducible.
    """

    def __init__(
        self, game: Game[Any], seed: int = 0, playouts: int = PLAYOUTS, seconds: float | None = None
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be a positive number of seconds, not {seconds}")
        self.game = game
        self.rng = Rng(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.fast = HeuristicPlayer(game, seed)
        self.last_worlds = 0

    def worlds(self, candidates: int) -> int:
        """How many worlds a decision between ``candidates`` cards samples within the budget."""
        return max(MIN_WORLDS, min(MAX_WORLDS, self.playouts // candidates))

    def choose(self, view: BishopsWhistView, game: Game[Any]) -> str:
        legal = list(view.legal_actions)
        if view.extra.phase != PHASE_PLAY:
            return self.fast.choose(view, game)
        table = Table(view, game)
        offered = {a.split()[1] for a in legal if a.startswith("play ")}
        cards = [c for c in table.lawful() if c in offered]
        if len(cards) <= 1:
            return self.fast.choose(view, game)
        side = [s for s in range(4) if s in (table.seat, table.partner)]
        totals = dict.fromkeys(cards, 0.0)
        worlds = self.worlds(len(cards))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        while n < worlds and (deadline is None or n < MIN_WORLDS or time.perf_counter() < deadline):
            world = game.determinize(view, self.rng)
            for c in cards:
                state = world.clone()
                state.apply(f"play {c}")
                totals[c] += self.playout(state, side)
            n += 1
        self.last_worlds = n
        return f"play {max(cards, key=lambda c: totals[c])}"

    def playout(self, state: BishopsWhistState, side: list[int]) -> float:
        """Our side's margin of points in this hand, heuristic players playing every seat to its end.

        Only the State API is used on the sampled world: the hand ends at its ``hand_end`` event.
        """
        ours, theirs = side[0], next(s for s in range(4) if s not in side)
        seen = len(state.log)
        while not state.is_over:
            legal = state.legal_actions()
            seat = state.current_player
            state.apply(
                "claim" if legal == ["claim", "pass"] else self.fast.choose(state.view(seat), self.game)
            )
            for event in state.log[seen:]:
                if event.kind == "hand_end":
                    points = event.data["points"]
                    return float(points[ours] - points[theirs])
            seen = len(state.log)
        return 0.0


@dataclass(slots=True)
class Moment:
    """One play of another seat with its public context: all ``Table.at`` needs but the hand."""

    seat: int
    card: str
    lead: str | None
    done: list[list[tuple[int, str]]]
    plays: list[tuple[int, str]]
    first: int
    sizes: list[int]
    known: list[Counter[str]]
    rest: list[str]
    """The cards the seat played from this play on, the last first (its hand then: its hand now and
    these)."""


def moments_of(view: BishopsWhistView) -> list[list[Moment]]:
    """Each other seat's plays this hand (``view``'s own seat's list is empty), with what the rules of thumb
    read at each: the surprises of a seat depend on its own hand and this public play alone."""
    seat = view.seat
    extra = view.extra
    history: list[tuple[int | None, list[tuple[int, str]]]] = [
        (t.leader, [(p.seat, p.card) for p in t.plays]) for t in quitted_tricks(view)
    ]
    if view.trick is not None and view.trick.plays:
        history.append((view.trick.leader, [(p.seat, p.card) for p in view.trick.plays]))
    later: list[list[str]] = [[] for _ in range(4)]
    for _, plays in history:
        for s, c in plays:
            later[s].insert(0, c)
    dealer = dealer_of(view)
    turn_up = extra.turn_up
    sizes = [(v.hand_size or 0) + len(later[x]) for x, v in enumerate(view.seats)]
    moments: list[list[Moment]] = [[] for _ in range(4)]
    played: list[list[str]] = [[] for _ in range(4)]
    done: list[list[tuple[int, str]]] = []
    for leader, plays in history:
        for j, (s, card) in enumerate(plays):
            if s != seat:
                known: list[Counter[str]] = [Counter() for _ in range(4)]
                if s != dealer and turn_up is not None and turn_up not in played[dealer]:
                    known[dealer][turn_up] = 1  # the turn-up is the dealer's until he plays it
                first = leader if leader is not None else plays[0][0]
                lead = plays[0][1] if j else None
                rest = later[s][: len(later[s]) - len(played[s])]
                moments[s].append(Moment(s, card, lead, done, plays[:j], first, sizes[:], known, rest))
            played[s].append(card)
            sizes[s] -= 1
        done = [*done, plays]
    return moments


def seat_surprises(
    checks: list[Moment],
    hand: Sequence[str],
    fast: HeuristicPlayer,
    order: list[int],
    trump: str | None,
    options: Mapping[str, Any],
    cap: int | None = None,
) -> int:
    """How many of one seat's plays (``checks``, its ``moments_of``) the rules of thumb would not have made
    had it held ``hand`` now, counted up to ``cap``. Plays with one lawful card say nothing and are passed
    over. A surprising play is moved to the front of ``checks`` (a count up to a cap stops sooner so; the
    count below the cap is the same in any order)."""
    count = 0
    for k, m in enumerate(checks):
        # The hand then in a Counter's order: the hand now, then the plays since, the last first, its
        # knights together where the first of them is.
        now = [*hand, *m.rest]
        if now.count(KNIGHT) > 1:
            at = now.index(KNIGHT)
            knights = [c for c in now if c == KNIGHT]
            now = [c for c in now if c != KNIGHT]
            now[at:at] = knights
        cards = lawful_cards(now, m.lead)
        if len(set(cards)) <= 1:
            continue
        t = Table.at(m.seat, order, now, trump, m.done, m.plays, m.first, m.sizes, options, m.known)
        # Put first, the card played wins any tie (the rules of thumb break ties by the order of the hand,
        # which a sampled deal does not know).
        if fast.card(t, [m.card, *(c for c in cards if c != m.card)]) != m.card:
            count += 1
            if k:
                checks.insert(0, checks.pop(k))
            if cap is not None and count >= cap:
                break
    return count


def surprises(
    view: BishopsWhistView,
    hands: Sequence[Sequence[str]],
    fast: HeuristicPlayer,
    options: Mapping[str, Any],
    stop: int | None = None,
) -> int:
    """How many of the other seats' plays so far the rules of thumb would not have made, had the unseen
    cards lain as in ``hands`` (one hand a seat, as a sampled world deals them): the plays a deal
    explains are evidence for it. Counting stops at ``stop`` (a deal that surprising is of no more
    interest). The sum over seats of ``seat_surprises``."""
    order = list(view.extra.order)
    count = 0
    for s, checks in enumerate(moments_of(view)):
        if checks:
            left = None if stop is None else stop - count
            count += seat_surprises(checks, hands[s], fast, order, view.trump, options, left)
            if stop is not None and count >= stop:
                break
    return count


NODES = 150_000
"""The strong player's budget: nodes of double-dummy search per decision, over all its worlds."""
WORLDS = 16
NORMAL_NODES = 48_000
NORMAL_WORLDS = 8
TRUST = 1.0
"""Short of the end of the hand, the points a card must gain over the rules of thumb's card (measured:
the search alone, ending on its rough count, was no better than the rules of thumb)."""
CHEAT_NODES = 60_000
SIFT = 3
"""The strong player deals three times as many worlds as it searches and keeps those that best explain
the play so far."""


@dataclass(frozen=True)
class Analysis:
    """What the search found for one decision: each lawful card's mean margin over the worlds solved."""

    cards: list[str]
    means: dict[str, float]
    worlds: int
    nodes: int
    depth: int
    """The shallowest depth (in tricks) that a world's search finished."""

    @property
    def best(self) -> str:
        """The card to play: the best mean (of touching cards, the lowest)."""
        return self.cards[0]


@mypyc_attr(allow_interpreted_subclasses=True)  # the benchmark's experiments and the tests subclass it
class StrongPlayer:
    """Perfect-information Monte Carlo with a double-dummy solver: GIB's design for Bishops Whist.

    Each decision deals ``worlds`` worlds of the cards it cannot see (``game.determinize``) and values
    every lawful card in each by the solver (``solver.Position``: the side's margin of points, partners
    playing together, searched as deep as its share of ``nodes`` allows, exactly once the end of the hand
    is within reach), then plays the card best on average. The budget is in nodes, so a seed fixes every
    choice; ``limit_time`` (play at a table) also stops on the clock. Naming trumps, stand and claim are
    the heuristic's (they are nearly forced, or decided before any card is seen).
    """

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        nodes: int = NODES,
        worlds: int = WORLDS,
        seconds: float | None = None,
        horizon: int = TRICKS,
        trust: float = 0.0,
        sift: int = 1,
        chains: int = 0,
    ) -> None:
        if nodes < 1 or worlds < 1:
            raise ValueError(f"nodes and worlds must be at least 1, not {nodes} and {worlds}")
        if chains < 0:
            raise ValueError(f"chains is a number of evaluations, at least 0, not {chains}")
        self.game = game
        self.rng = Rng(seed)
        self.nodes = nodes
        self.worlds = worlds
        self.horizon = horizon
        """The search plays the last ``horizon`` tricks of a hand; before them, the rules of thumb."""
        self.trust = trust
        """Points a card must gain over the rules of thumb's own card, on average, to be played instead."""
        self.sift = sift
        """Deals dealt per world searched, the likeliest kept (see ``worlds_dealt``)."""
        self.chains = chains
        """With more than 0, the worlds are found by Markov chains until they explain the play
        (``worlds.consistent_worlds``), with this many hands counted a decision, instead of sifted."""
        self.seconds: float | None = None
        self.limit_time(seconds)
        self.fast = HeuristicPlayer(game, seed)
        self.last: Analysis | None = None

    def limit_time(self, seconds: float | None) -> None:
        """At a table: also stop searching after ``seconds`` a decision (``None``: nodes only)."""
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be a positive number of seconds, not {seconds}")
        self.seconds = seconds

    def choose(self, view: BishopsWhistView, game: Game[Any]) -> str:
        return self.advise(view, game).action

    def advise(self, view: BishopsWhistView, game: Game[Any]) -> Advice:
        """The card the search finds best, and why in a player's words."""
        self.last = None
        if view.extra.phase != PHASE_PLAY:
            action = self.fast.choose(view, game)
            return Advice(action, _other_reason(view, action))
        table = Table(view, game)
        offered = {a.split()[1] for a in view.legal_actions if a.startswith("play ")}
        cards = [c for c in table.lawful() if c in offered]
        if len(cards) <= 1:
            action = self.fast.choose(view, game)
            return Advice(action, "the only card the laws allow")
        if TRICKS + 1 - table.number > self.horizon:
            action = self.fast.choose(view, game)
            return Advice(action, "by the rules of thumb")
        analysis = self.analyse(view, game, cards)
        if analysis is None:
            action = self.fast.choose(view, game)
            return Advice(action, "no time to think it through: played by the rules of thumb")
        self.last = analysis
        card = analysis.best
        if self.trust > 0 and analysis.depth < TRICKS + 1 - table.number:
            # Short of the end of the hand the search ends on a rough count: the rules of thumb's card
            # stands unless the search finds it worse by ``trust`` points. Solved to the end, it rules.
            usual = self.fast.choose(view, game).split()[1]
            if usual in analysis.means and analysis.means[card] - analysis.means[usual] < self.trust:
                card = usual
        return Advice(f"play {card}", card_reason(table, card, analysis, self.trust))

    def deals(
        self, view: BishopsWhistView, game: Game[Any], until: float | None = None
    ) -> list[list[BishopsWhistView]]:
        """The worlds to search, as the four seats' views (``worlds_dealt``)."""
        return [self._views(world) for world in self.worlds_dealt(view, game, until)]

    def worlds_dealt(
        self, view: BishopsWhistView, game: Game[Any], until: float | None = None
    ) -> list[BishopsWhistState]:
        """``worlds`` deals of the unseen cards. With ``chains``, Markov chains over the unseen cards find
        deals in which every play so far is the rules of thumb's (``worlds.consistent_worlds``). Otherwise,
        with ``sift`` above 1, that many times as many are dealt and those that best explain the play so far
        are kept: the fewest plays the rules of thumb would not have made (``surprises``; ties in the order
        dealt). At a table the search for worlds also stops at the clock time ``until``."""
        if self.chains:
            # Imported here: worlds.py builds on this module's rules of thumb.
            from parlour.games.bishops_whist.worlds import consistent_worlds

            return consistent_worlds(view, game, self.rng, self.worlds, self.fast, self.chains, until)
        if self.sift <= 1:
            return [game.determinize(view, self.rng) for _ in range(self.worlds)]
        scored: list[tuple[int, int, BishopsWhistState]] = []
        for k in range(self.worlds * self.sift):
            if until is not None and k and time.perf_counter() > until:
                break
            world = game.determinize(view, self.rng)
            # Once ``worlds`` deals are kept, a deal no less surprising than the worst kept is dropped.
            stop = scored[-1][0] if len(scored) == self.worlds else None
            if stop == 0:
                break  # every deal kept explains all the play: none can do better
            score = surprises(view, [world.view(s).hand for s in range(4)], self.fast, game.options, stop)
            if stop is None or score < stop:
                scored.append((score, k, world))
                scored.sort(key=lambda x: (x[0], x[1]))
                del scored[self.worlds :]
        return [world for _, _, world in scored]

    @staticmethod
    def _views(world: BishopsWhistState) -> list[BishopsWhistView]:
        return [world.view(s) for s in range(4)]

    def analyse(self, view: BishopsWhistView, game: Game[Any], cards: list[str]) -> Analysis | None:
        """Every card of ``cards`` valued over the worlds (``None`` if the clock left no world solved)."""
        seat = view.seat
        assert seat is not None
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        totals: dict[int, float] = {}
        runs: dict[int, list[int]] | None = None
        used, solved, depth = 0, 0, TRICKS
        # At a table, a third of the time at most goes to dealing and sifting the worlds.
        until = None if self.seconds is None else time.perf_counter() + self.seconds / 3
        for w, views in enumerate(self.deals(view, game, until)):
            if deadline is not None and w and time.perf_counter() > deadline:
                break
            position = Position.of_views(views, seat, game.options)
            if runs is None:
                # The cards still out are the same in every world, so touching cards are too.
                runs = {c: position.run_of(seat, c) for c in position.lawful(seat)}
                if sorted(card_code(x) for run in runs.values() for x in run) != sorted(cards):
                    raise AssertionError(f"the solver's lawful cards {runs} are not {cards}")
                totals = dict.fromkeys(runs, 0.0)
            share = (self.nodes - used) // (self.worlds - w)
            values, reached = position.solve(list(runs), share, deadline, thrifty=w < self.worlds - 1)
            used += position.nodes
            if not reached:
                continue
            solved += 1
            depth = min(depth, reached)
            for c, v in values.items():
                totals[c] += v
        if not solved or runs is None:
            return None
        means: dict[str, float] = {}
        for c, run in runs.items():
            for x in run:
                means[card_code(x)] = totals[c] / solved
        # Touching cards are worth the same: the lowest of them stands for the run. Of cards worth the
        # same, a plain card goes before a trump, a low one before a high one.
        lowest = [card_code(run[0]) for run in runs.values()]
        trump = view.trump
        ranked = sorted(
            lowest,
            key=lambda c: (-means[c], suit_of(c) == trump, card_value(c), BISHOPS_WHIST.sort_key(c)),
        )
        return Analysis(ranked, means, solved, used, depth)


PLAYOUT_WORLDS = 16
"""The strong level's budget: worlds a decision, every lawful card played out in each (on sifted worlds,
32 gained no more on 32 duplicate deals: +0.04 ± 0.26 a hand, at twice the time; on chained worlds, 32
with 4 000 hands counted gained no more on 112 duplicate deals, seeds 7-10: +0.04 ± 0.15 paired, at
0.60 CPU s a decision compiled against 0.31)."""
STRONG_CHAINS = 2000
"""The strong level's worlds are found by Markov chains (``worlds.consistent_worlds``) with this many hands
counted a decision (``worlds.STEPS``): on 112 duplicate deals (seeds 7 to 10) +0.75 ± 0.17 a hand over the
heuristic against +0.52 ± 0.15 for the same player on sifted worlds, paired +0.23 ± 0.17 (strength.md)."""
STRONG_FLOOR = 0.2
"""The least rate of departures from the rules of thumb the strong level believes of each other seat
(its worlds walk under the likelihood of the play at that rate; its playouts stay the rules of thumb):
measured against the level without it on the same duplicate deals (seeds 7 and 8), +0.34 ± 0.32 a hand
at a table that plays a random card one time in four (38 deals; +0.40 ± 0.34 on the 30 played after the
floor was chosen); at a table of the rules of thumb neither better nor worse, +0.03 ± 0.16 (112 deals,
seeds 7 to 10), recovering 40% (32–48%) of the playout cheat's margin there: strength.md."""
NORMAL_PLAYOUT_WORLDS = 8
"""The normal level's worlds a decision."""
NORMAL_CHAINS = 1000
"""The normal level's hands counted a decision to find its worlds: on 96 duplicate deals (seeds 7, 9, 10)
+0.43 ± 0.19 a hand over the heuristic against +0.23 ± 0.17 on 8 sifted worlds (paired +0.20 ± 0.21), at
0.37 CPU s a decision pure against 0.17."""


class PlayoutPlayer(StrongPlayer):
    """Perfect-information Monte Carlo judged by playouts: the strong level's sifted worlds
    (``worlds_dealt``), each lawful card valued in each world by playing the hand out to its end with the
    rules of thumb (``HeuristicPlayer``) at every seat, the card with the best total played (ties to the
    first in the view's order; with ``touching``, as the levels play, touching cards are played out once,
    by the lowest, which stands for them all). Measured, a playout to the end judges the first half of
    the hand better than the solver's count at its horizon (benchmarks/strength_bishops_whist.py,
    ``playout-strong-heuristic``, whose experiment chooses the same cards: its margin is the seat's less
    the next seat's, which is the other side's but under ``partners=cut``, where this player's is the
    sides'; and under table laws this player plays out only lawful cards, never a revoke).

    The budget is ``worlds`` (times ``sift`` dealt to sift them), so a seed fixes every choice;
    ``limit_time`` (play at a table) also stops between worlds on the clock. Under strict laws a playout
    runs on the world's own fields (the world is the player's guess, not the true state: reading it is
    fair) and by card ids, making no view, text or log; its choices are those of the views' way
    (``playout_by_views``, which table laws use), as tests/test_bishops_whist_playout.py checks.
    """

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        worlds: int = PLAYOUT_WORLDS,
        sift: int = SIFT,
        seconds: float | None = None,
        chains: int = 0,
        adapt: bool = False,
        floor: float = 0.0,
        noisy_playouts: bool = True,
        lookahead: int = 0,
        ties_to_rules: bool = False,
        touching: bool = False,
        ties_to_cheapest: bool = False,
    ) -> None:
        super().__init__(game, seed, worlds=worlds, sift=sift, seconds=seconds, chains=chains)
        if lookahead < 0:
            raise ValueError(f"lookahead must be 0 or more, not {lookahead}")
        if floor > 0 and not chains:
            raise ValueError("a floor on the rates of departures needs chained worlds (chains above 0)")
        self.rollout = HeuristicPlayer(game, seed)
        """The rules of thumb that play every seat in the playouts (their own, so that the sifting's
        ``fast`` and the playouts never share a random draw)."""
        self.playouts = 0
        """Playouts made for the last decision."""
        self.adapt = (adapt or floor > 0) and chains > 0
        """Whether to read from the play how far each other seat departs from the rules of thumb
        (``worlds.adaptive_worlds``), believe the deals and play the playouts accordingly (issue 14)."""
        self.floor = floor
        """The least rate of departures believed of each other seat (a floor implies ``adapt``): the
        worlds then always walk under the likelihood of the play (``worlds.adaptive_worlds``)."""
        self.noisy_playouts = noisy_playouts
        """Whether the playouts play each other seat at random at its rate (else by the rules of thumb
        alone, the rates then softening only the deals believed)."""
        self.departures = [0.0] * 4
        """Each seat's estimated rate of plays that are not the rules of thumb's, at the last decision:
        in its playouts such a seat plays a lawful card at random at that rate."""
        self.lookahead = lookahead
        """The player's own next decisions in a playout (strict laws) tried card by card in the world, the
        best kept, rather than left to the rules of thumb: 0 is the one-step playout of the levels; 1 looks
        one decision further, knowing the world there (an experiment, issue 14: benchmarks/bw_robust.py
        ``look1``; measured no better than 0 at 2.75 times the time, strength.md)."""
        self.ties_to_rules = ties_to_rules
        """Of cards whose playouts end equally well, play the rules of thumb's card if it is one of them
        (the lowest of two small cards, as a player would), not the first in the view's order (an
        experiment, issue 14: benchmarks/bw_robust.py ``ties``; measured no better, strength.md)."""
        self.touching = touching
        """Touching cards (of one suit, every card between them gone, no bishop among them) win and lose
        the same tricks, so only the lowest of each run is played out and stands for the run, as the
        solver's runs do (``solver.Position.run_of``) and as a player shows the lowest of equals; else
        every card is played out and ties go by ``ties_to_rules`` (benchmarks/bw_robust.py ``runs``)."""
        self.ties_to_cheapest = ties_to_cheapest
        """Of cards whose playouts end equally well, play the one that gives up least for the tricks to
        come by the rules of thumb's count (``Table.spend_cost``: the 3 before the castle), as a player
        keeps his high cards when a low one does as well (an experiment, issue 14: benchmarks/bw_robust.py
        ``cheapest``; measured worse than the view's order, the higher first, strength.md)."""

    def worlds_dealt(
        self, view: BishopsWhistView, game: Game[Any], until: float | None = None
    ) -> list[BishopsWhistState]:
        """The chains' worlds; when adapting, those of ``worlds.adaptive_worlds`` (the same while every
        play so far is explained), with each seat's rate of departures kept for the playouts."""
        self.departures = [0.0] * 4
        if not self.adapt:
            return super().worlds_dealt(view, game, until)
        from parlour.games.bishops_whist.worlds import adaptive_worlds

        worlds, self.departures = adaptive_worlds(
            view, game, self.rng, self.worlds, self.fast, self.chains, until, floor=self.floor
        )
        return worlds

    def advise(self, view: BishopsWhistView, game: Game[Any]) -> Advice:
        """The card whose playouts end best on average, and why in a player's words."""
        self.last = None
        self.playouts = 0
        if view.extra.phase != PHASE_PLAY:
            action = self.fast.choose(view, game)
            return Advice(action, _other_reason(view, action))
        table = Table(view, game)
        lawful = set(table.lawful())
        plays = [a for a in view.legal_actions if a.startswith("play ") and a[5:] in lawful]
        if len(plays) <= 1:
            action = self.fast.choose(view, game)
            return Advice(action, "the only card the laws allow")
        analysis = self.analyse(view, game, [a[5:] for a in plays])
        assert analysis is not None, "a playout decision plays out at least one world"
        self.last = analysis
        return Advice(f"play {analysis.best}", card_reason(table, analysis.best, analysis, played_out=True))

    def analyse(self, view: BishopsWhistView, game: Game[Any], cards: list[str]) -> Analysis | None:
        """Every card of ``cards`` (in the view's order) played out in each world: its mean margin (the
        analysis's ``nodes`` are the playouts made, its ``depth`` the tricks left: each playout ends the
        hand)."""
        seat = view.seat
        assert seat is not None
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        # At a table, a third of the time at most goes to dealing and sifting the worlds.
        until = None if self.seconds is None else start + self.seconds / 3
        totals = dict.fromkeys(cards, 0.0)
        stands_for = {c: c for c in cards}
        worlds = 0
        for w, world in enumerate(self.worlds_dealt(view, game, until)):
            if deadline is not None and w and time.perf_counter() > deadline:
                break
            if w == 0 and self.touching:
                # The cards still out are the same in every world, so the runs are too.
                stands_for = touching_runs(world, seat, cards, game.options)
                totals = {c: 0.0 for c in cards if stands_for[c] == c}
            # Seats that depart from the rules of thumb play at random at their rate in the playouts,
            # each card's playout of a world on the same draws (so the cards are compared on like play).
            noise = self.rng.randrange(1 << 30) if self.noisy_playouts and any(self.departures) else None
            for card in totals:
                state = world.clone()
                state.apply(f"play {card}", seat=seat)
                totals[card] += self.playout(state, seat, None if noise is None else Rng(noise))
                self.playouts += 1
            worlds += 1
        # The best total first; of equal totals, the rules of thumb's card (with ``ties_to_rules``), then
        # the first in the view's order (a stable sort).
        # (With ``touching``, the rules of thumb's card is its run's lowest, which stands for it.)
        usual = stands_for.get(self.fast.choose(view, game)[5:]) if self.ties_to_rules else None
        if self.ties_to_cheapest:
            table = Table(view, game)
            cost = {c: table.spend_cost(c) for c in totals}
            ranked = sorted(totals, key=lambda c: (-totals[c], cost[c]))
        else:
            ranked = sorted(totals, key=lambda c: (-totals[c], c != usual))
        means = {c: totals[stands_for[c]] / worlds for c in cards}
        return Analysis(ranked, means, worlds, self.playouts, TRICKS - len(view.extra.trick_leaders))

    def playout(self, state: BishopsWhistState, seat: int, noise: Rng | None = None) -> float:
        """``seat``'s side's points less the other side's at the end of this hand, every seat played by
        the rules of thumb (with ``noise``, each other seat a lawful card at random at its rate of
        ``departures``)."""
        if self.game.options.get("laws", "strict") != "strict" or state.phase != PHASE_PLAY:
            return self.playout_by_views(state, seat, noise)
        return self.playout_by_ids(state, seat, noise)

    def playout_by_views(self, state: BishopsWhistState, seat: int, noise: Rng | None = None) -> float:
        """The playout through the State's public ways: each mover's view, its text action, the log's
        ``hand_end`` (any laws; the benchmark experiment's own loop)."""
        side = state.team_of[seat]
        seen = len(state.log)
        while not state.is_over:
            mover = state.current_player
            assert mover is not None
            legal = state.legal_actions()
            if legal == ["claim", "pass"]:
                action = "claim"
            elif noise is not None and mover != seat and noise.random() < self.departures[mover]:
                action = noise.choice(legal)
            else:
                action = self.rollout.choose(state.view(mover), self.game)
            state.apply(action, seat=mover)
            for event in state.log[seen:]:
                if event.kind == "hand_end":
                    points = event.data["points"]
                    mine = next(s for s in range(4) if state.team_of[s] == side)
                    theirs = next(s for s in range(4) if state.team_of[s] != side)
                    return float(points[mine] - points[theirs])
            seen = len(state.log)
        return 0.0

    def playout_by_ids(
        self, state: BishopsWhistState, seat: int, noise: Rng | None = None, look: int | None = None
    ) -> float:
        """The same playout under strict laws on the world's fields: each mover's ``Table`` made from the
        world (``Table.in_world``), the card played by its id; the hand's points read from the score
        sheet once the hand is scored (``hands_played`` counts it). With ``look`` (default ``lookahead``)
        above 0, ``seat``'s next choice among two or more cards is each card played out in turn, the best
        kept."""
        if look is None:
            look = self.lookahead
        side = state.team_of[seat]
        hands_played = state.hands_played
        rollout = self.rollout
        options = self.game.options
        seen = Gathered()
        while state.hands_played == hands_played:
            mover = state.current_player
            assert mover is not None
            ids = state.legal_action_ids()
            if len(ids) == 1:
                state.apply_id(ids[0])
                continue
            table = Table.in_world(state, mover, options, seen)
            lawful = table.lawful()
            if look and mover == seat and len(lawful) > 1:
                best = -math.inf
                # Each branch plays its other seats on like draws (so the cards are compared fairly).
                draw = None if noise is None else noise.randrange(1 << 30)
                for card in lawful:
                    branch = state.clone()
                    branch.apply_id(CARD_ID[card])
                    draws = None if draw is None else Rng(draw)
                    best = max(best, self.playout_by_ids(branch, seat, draws, look - 1))
                return best
            if noise is not None and mover != seat and noise.random() < self.departures[mover]:
                state.apply_id(CARD_ID[noise.choice(lawful)])
            else:
                state.apply_id(CARD_ID[rollout.card(table, lawful)])
        _, *points = state.sheet[-1]
        return float(points[side] - points[1 - side])


def touching_runs(
    world: BishopsWhistState, seat: int, cards: Sequence[str], options: Mapping[str, Any]
) -> dict[str, str]:
    """Each of ``cards`` mapped to the lowest of ``cards`` that plays as it does (touching cards: one
    suit, every card between them gone, no bishop or knight among them; ``solver.Position.run_of``).
    Read from any world of the seat's view: which cards are gone is the same in all of them."""
    position = Position.of_views([world.view(s) for s in range(4)], seat, options)
    offered = set(cards)
    stands_for: dict[str, str] = {}
    for card in cards:
        run = [card_code(x) for x in position.run_of(seat, card_id(card))] if card != KNIGHT else [card]
        stands_for[card] = next(c for c in run if c in offered)
    return stands_for


def _other_reason(view: BishopsWhistView, action: str) -> str:
    """Why, for the decisions the search leaves to rules of thumb."""
    verb = action.split()[0]
    if verb == "trump":
        suit = action.split()[1]
        named = SUIT_NAMES.get(suit, suit)  # "names clubs": "names C" read as a card's code
        hand = [c for c in view.hand if c != KNIGHT]
        if not hand:  # the dealer names trumps before the deal (a hint once said "the longest ... in hand")
            return f"names {named}: no card is dealt yet, so any suit serves"
        length = {s: sum(1 for c in hand if suit_of(c) == s) for s in {suit, *(suit_of(c) for c in hand)}}
        if length[suit] == max(length.values()):
            return f"names {named}: the longest and strongest suit in hand"
        return f"names {named}: a shorter suit, but its high cards make it the strongest in hand"
    if verb == "claim":
        return "a claim costs nothing, and finds any revoke of the other side"
    if verb == "stand":
        if any(a.startswith("correct ") for a in view.legal_actions):
            # Only a real revoke may be corrected (ruling BW-18): a hint once said "the card was no
            # revoke" to a seat that had revoked.
            return (
                "lets the revoke stand: corrected, the card goes back exposed (2 points); "
                "found at the claim, it costs 4"
            )
        return "the card was no revoke: let it stand"
    return "the usual play here"


def card_reason(t: Table, card: str, analysis: Analysis, trust: float = 0.0, played_out: bool = False) -> str:
    """Why ``card``, in a whist player's words: what it does in the trick, and what it keeps.
    ``played_out``: the means are whole hands played out by the rules of thumb (``PlayoutPlayer``),
    not the solver's counts, and the words say so."""
    means = analysis.means
    others = [means[c] for c in analysis.cards if c != card]
    edge = means[card] - max(others) if others else 0.0
    # The figure alone, an average over the deals of the unseen cards as the levels' notes say: since
    # term-13 the words name no count ("in 400 deals of the unseen cards played out to the end of the
    # hand" made a hint three lines long at 80 columns).
    if card != analysis.best:
        tail = f" (no card was found {trust:g} point better)"  # "the search found" until hints-12
    elif edge < 0.05:
        tail = " (as good as any other card)"
    elif played_out:
        tail = f" (on average {edge:.1f} points a hand better than the next card)"
    else:
        tail = f" ({edge:.1f} points better than the next card)"
    lead = not t.trick
    after = [*t.trick, (t.seat, card)]
    holders = _holders(t, after)
    if len(holders) > 1:
        # Under void_knight=revoke-only a knight of another seat ranks as a ten only if it was a knight's
        # revoke, which the view may not tell (a hint once said "takes the lead in the trick" beside it).
        why = "who holds the trick depends on whether the knight played was a knight's revoke"
        return f"plays the {card}: {why}{tail}"
    # (Of the seat's own knight's revoke under revoke-only: it ranks as a ten, and a hint once said
    # "leaves the trick to the partner" as it took the partner's trick.)
    holder = next(iter(holders))
    keeps_knight = card != KNIGHT and KNIGHT in t.hand and t.number >= 10 and not t.last
    suit = suit_of(card)
    if t.last and card == KNIGHT:
        words = "plays the knight in the 13th trick, where the last knight wins"
    elif lead:
        if card == KNIGHT and t.irregular_leader:
            # Under irregular_trick=leader the leader's knight wins unless trumped (a hint once said
            # "only a trump or the first suit can take it" there).
            words = "leads a knight: any card may follow, and only a trump can take it"
        elif card == KNIGHT:
            words = "leads a knight: any card may follow, and only a trump or the first suit can take it"
        elif is_bishop(card) and t.is_top(card):
            words = "cashes the bishop: nothing left in its suit can beat it"
        elif is_bishop(card) and _partner_may_take(t, card):
            words = "leads the bishop while it can still be saved"
        elif is_bishop(card):  # (a hint once said "while it can still be saved" with no way to save it)
            words = "leads the bishop: the partner can neither beat nor trump it"
        elif suit == t.trump and not _opponents_may_trump(t):
            # (a hint once said "draws trumps" with no trump left to the opponents)
            words = f"leads the {card}: the opponents have no trumps left"
        elif suit == t.trump and t.is_top(card):
            words = "draws trumps with the best trump"
        elif suit == t.trump:
            words = "leads trumps to draw the opponents' trumps"
        elif t.is_top(card):
            words = f"leads the {card}: it cannot be beaten in its suit"
        elif suit in t.void[t.partner] and _partner_may_trump(t):
            # (a hint once said "the partner can trump" with no trump left unseen)
            words = "leads a suit the partner can trump"
        elif RANK_VALUE[card[0]] > TEN and _opponents_may_hold_higher(t, card):
            words = f"leads the {card} to drive out the higher cards of its suit"
        elif RANK_VALUE[card[0]] > TEN:  # (a hint once said "to drive out" what only the partner held)
            words = f"leads the {card}: no opponent can hold a higher card of its suit"
        elif any(c != KNIGHT and c != card and RANK_VALUE[c[0]] > TEN for c in t.hand):
            words = f"leads the {card}, a low card, keeping the high cards back"
        else:  # (a hint once said "keeping the high cards back" from a hand with none)
            words = f"leads the {card}, a low card"
    elif holder == t.partner and t.winner(t.trick)[0] == t.partner:
        if is_bishop(card) and not _may_be_overtaken(t, after):
            words = "throws the bishop onto the partner's trick: two points saved"
        elif is_bishop(card):  # (a hint once said "two points saved" with an opponent still to play)
            words = "throws the bishop onto the partner's trick: two points if it holds"
        elif suit == t.trump and suit_of(t.trick[0][1]) != t.trump:
            # The partner still holds the trick: this trump goes under the partner's (a hint once said
            # "trumps over the partner: the trick was not safe" here).
            words = "plays a trump under the partner's: the trick stays the partner's"
        elif _is_lowest_of_suit(t, card):
            words = "leaves the trick to the partner and plays low"
        else:
            words = "leaves the trick to the partner"
    elif holder == t.seat:
        bishops = [c for _, c in t.trick if is_bishop(c)]
        if card == KNIGHT:
            words = "the knight takes the trick as a ten"
        elif suit == t.trump and suit_of(t.trick[0][1]) != t.trump:
            words = "trumps the trick" + (f" and takes the {bishops[0]}" if bishops else "")
        elif bishops:
            words = f"takes the trick and the {bishops[0]} with it"
        else:
            if t.later:
                words = "takes the lead in the trick"
            elif _is_lowest_of_suit(t, card, takers_only=True):
                words = "wins the trick cheaply"
            else:  # a lower card would also take it (a hint once said "cheaply" of the bishop over a 9)
                words = f"wins the trick with the {card}"
    elif card == KNIGHT:
        words = (
            "keeps the bishop back with the knight's revoke"
            if any(is_bishop(c) and suit_of(c) == suit_of(t.trick[0][1]) for c in t.hand)
            else "throws a knight: it has no other use here"
        )
    elif is_bishop(card):
        # Not "it cannot be kept": another lawful card always keeps it for this trick (a hint said so
        # at every such decision). What the search found is what the words can say.
        best = all(means[card] >= v for c, v in means.items() if c != card)
        words = "gives up the bishop" + (": the search finds keeping it no better" if best else "")
    elif suit_of(t.trick[0][1]) not in (suit, None) and not any(
        suit_of(c) == suit and _takes(t, c) for c in t.lawful()
    ):
        words = "discards from a suit that cannot win"
    else:
        words = _lets_the_trick_go(t, card)
    if keeps_knight:
        words += ", and keeps the knight for the 13th trick"
    return words + tail


def _holders(t: Table, plays: Sequence[tuple[int, str]]) -> set[int]:
    """Every seat that may hold the trick of ``plays`` as the view tells it: under ``void_knight=
    revoke-only`` a knight ranks as a ten only as a knight's revoke (ruling BW-10), which is known of the
    seat's own knight and of another's only once the bishop of the suit led is seen."""
    lead = plays[0][1]
    readings: list[list[bool]] = []
    for i, (seat, c) in enumerate(plays):
        if c != KNIGHT or not knight_may_rank_ten(lead, i, t.trump):
            readings.append([False])
        elif t.ten_when_void:
            readings.append([True])
        elif seat == t.seat:
            led = suit_of(lead)
            readings.append([any(x != KNIGHT and suit_of(x) == led for x in t.hand)])
        else:
            readings.append([True, False] if t.unseen[BISHOP + str(suit_of(lead))] else [False])
    return {
        winning_play(plays, flags, t.trump, last=t.last, irregular_leader=t.irregular_leader)[0]
        for flags in itertools.product(*readings)
    }


def _partner_may_take(t: Table, bishop: str) -> bool:
    """Whether the partner may still beat or trump the bishop led: it may hold a higher unseen card of
    its suit, or (in a plain suit) an unseen trump."""
    suit = str(suit_of(bishop))
    higher = [c for c in t.unseen_of(suit) if RANK_VALUE[c[0]] > RANK_VALUE[bishop[0]]]
    trumps = t.unseen_of(t.trump) if t.trump is not None and t.trump != suit else []
    return any(t.may_hold(t.partner, c) for c in [*higher, *trumps])


def _partner_may_trump(t: Table) -> bool:
    """Whether the partner may still hold a trump."""
    trumps = t.unseen_of(t.trump) if t.trump is not None else []
    return any(t.may_hold(t.partner, c) for c in trumps)


def _opponents_may_trump(t: Table) -> bool:
    """Whether an opponent may still hold a trump."""
    trumps = t.unseen_of(t.trump) if t.trump is not None else []
    return any(t.may_hold(o, c) for o in t.opponents() for c in trumps)


def _opponents_may_hold_higher(t: Table, card: str) -> bool:
    """Whether an opponent may hold an unseen card of ``card``'s suit above it."""
    higher = [c for c in t.unseen_of(str(suit_of(card))) if RANK_VALUE[c[0]] > RANK_VALUE[card[0]]]
    return any(t.may_hold(o, c) for o in t.opponents() for c in higher)


def _may_be_overtaken(t: Table, plays: Sequence[tuple[int, str]]) -> bool:
    """Whether an opponent still to play may take the partner's trick: some unseen card it may hold (a
    knight too, while one is unseen) takes it under some reading of the knights."""
    side = {t.seat, t.partner}
    for seat in t.later:
        if seat in side:
            continue
        for c in t.unseen:
            if t.unseen[c] and t.may_hold(seat, c) and _holders(t, [*plays, (seat, c)]) - side:
                return True
    return False


def _is_lowest_of_suit(t: Table, card: str, takers_only: bool = False) -> bool:
    """No lawful card of ``card``'s suit ranks lower (``takers_only``: none lower that also takes the
    trick as it stands)."""
    for c in t.lawful():
        if c == KNIGHT or suit_of(c) != suit_of(card) or RANK_VALUE[c[0]] >= RANK_VALUE[card[0]]:
            continue
        if not takers_only or _takes(t, c):
            return False
    return True


def _takes(t: Table, card: str) -> bool:
    """Whether ``card`` would take the trick as it stands."""
    return t.winner([*t.trick, (t.seat, card)])[0] == t.seat


def _lets_the_trick_go(t: Table, card: str) -> str:
    """Why a card that follows suit (or trumps low, when a higher trump would take the trick: a hint once
    called that "discards from a suit that cannot win") and leaves the trick to an opponent: the words
    say whether another lawful card would have taken the trick (the search kept it back) and whether
    this is the lowest of the suit (a hint once said "cannot win the trick: plays its lowest" for the 8
    of spades beside the castle-ace and the 2)."""
    takers = [c for c in t.lawful() if c != KNIGHT and _takes(t, c)]
    if takers:
        cheapest = min(takers, key=lambda c: (suit_of(c) == t.trump, RANK_VALUE[c[0]]))
        return f"lets the trick go and keeps the {cheapest} back"
    if _is_lowest_of_suit(t, card):
        return "cannot win the trick: plays your lowest"
    return "cannot win the trick"


def played_to(
    game: BishopsWhist, seed: int, cards_left: int, players: Sequence[Player] | None = None
) -> BishopsWhistState:
    """A seeded match played by the rules of thumb (``HeuristicPlayer`` at every seat, unless ``players``
    are given) until the player to move holds ``cards_left`` cards or fewer: the positions the solver's
    tests and benchmarks search."""
    state = game.new(seed)
    if players is None:
        players = [HeuristicPlayer(game, s) for s in range(4)]
    while True:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if view.extra.phase == PHASE_PLAY and len(view.hand) <= cards_left:
            return state
        state.apply(players[seat].choose(view, game))


def _heuristic(game: Game[Any], seed: int) -> Player:
    """Plays by Dana's own rules of thumb, weighing only the card to play now: a few milliseconds a
    move.

    The easy level's words for the lobby (``describe_player``); the class's: a one-ply evaluation."""
    return HeuristicPlayer(game, seed)


def _search(game: Game[Any], seed: int) -> Player:
    """Plays each card it may play out to the end of the hand on guesses at the unseen cards, dealt at
    random, every seat by the rules of thumb, and plays the one that does best: well under a second a
    move (the first of parlour's thinking players; the normal level guesses better).

    The lobby and the table explain it by this first sentence (``describe_player``); the class says how
    (Perfect-information Monte Carlo over uniform worlds)."""
    return SearchPlayer(game, seed)


def _solver(game: Game[Any], seed: int) -> Player:
    """Works out each card exactly, as if the unseen cards lay as it guesses them, on the guesses that best
    explain the play so far, partners playing together: up to a second a move at a table (once the
    strong level; the strong level now plays better).

    The lobby and the table explain it by this first sentence (``describe_player``): the double-dummy
    solver judging sifted worlds, behind the playouts in the measurements (benchmarks/README.md)."""
    return StrongPlayer(game, seed, trust=TRUST, sift=SIFT)


def _normal(game: Game[Any], seed: int) -> Player:
    """Plays each card it may play out to the end of the hand on 8 guesses at the unseen cards that fit
    every card played so far, every seat by the rules of thumb, and plays the one that does best (of
    cards in sequence it tries the lowest alone, which stands for them all): up to a second a move at a
    table.

    The deals are found by Markov chains (``worlds.py``); ``touching`` is the cards in sequence."""
    return PlayoutPlayer(game, seed, worlds=NORMAL_PLAYOUT_WORLDS, chains=NORMAL_CHAINS, touching=True)


def _strong(game: Game[Any], seed: int) -> Player:
    """The normal level with 16 guesses, found with more care, and allowing that each other player strays
    from the rules of thumb at least one play in five (as people do): up to a second a move at a table,
    the strongest Bishops Whist player parlour has, and the one that gives hints.

    The deals are found by longer Markov chains; a person is not the rules of thumb, and at a table
    that departs from them this level gains where the level that believed them fully did not."""
    # the one play in five is STRONG_FLOOR
    return PlayoutPlayer(
        game, seed, chains=STRONG_CHAINS, floor=STRONG_FLOOR, noisy_playouts=False, touching=True
    )


PLAYERS: dict[str, PlayerFactory] = {
    "heuristic": _heuristic,
    "search": _search,
    "solver": _solver,
    "easy": _heuristic,
    "normal": _normal,
    "strong": _strong,
}
"""This game's computer players by kind (``random`` is every game's): ``easy`` is ``heuristic``,
``normal`` and ``strong`` judge worlds that explain the play (found by Markov chains, ``worlds.py``; strong's
allow each other seat to depart from the rules of thumb, ``STRONG_FLOOR``) by playouts to the end of the
hand (``PlayoutPlayer``, 8 and 16 worlds), ``solver`` by the double-dummy
solver (``StrongPlayer``, the strong level before them),
``search`` plays out uniform worlds (the first searching player)."""
