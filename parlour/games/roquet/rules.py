"""Roquet for the 60-card pack: two players, tricks that earn the right to meld.

Points come only from combinations laid down in the moment after winning a
trick; the four face-up livret cards (and the turn-up) may lend one card to
that moment. Every unclear point of the seed is settled in docs/rulings.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from typing import Annotated, Any, Literal

from pydantic import Field

from parlour.cards import ROQUET_60, SUIT_NAMES, SUITS
from parlour.engine import Event, Game, InvalidDeal, InvalidState, Option, Rng, State
from parlour.engine.deals import stock_for
from parlour.engine.errors import echo
from parlour.engine.saves import Code, Count, SaveDict, checked

PACK = ROQUET_60
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "L", "B", "Q", "K", "C")
"""The game's own order, lowest first: Ace low, Castle high."""
RANK_INDEX: Mapping[str, int] = {r: i for i, r in enumerate(RANKS)}
NUMERALS: frozenset[str] = frozenset(RANKS[:10])
COURTS: frozenset[str] = frozenset(RANKS[10:])
HAND_SIZE = 8
LIVRET_SIZE = 4
PAIR_POINTS = 2
ROYAL_PAIR_POINTS = 5
MUSTER_POINTS = 10


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def card_key(card: str) -> tuple[int, int]:
    """Canonical order of cards in a meld: suits S H D C, each from the ace up."""
    return (SUITS.index(suit_of(card)), RANK_INDEX[rank_of(card)])


def hand_key(card: str) -> tuple[int, int]:
    """Display order of a hand: suits S H D C, each from the castle down."""
    return (SUITS.index(suit_of(card)), -RANK_INDEX[rank_of(card)])


def canonical(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_key))


def classify(cards: Sequence[str], max_sequence: int = 5) -> tuple[str, int] | None:
    """The combination ``cards`` form and its points, or ``None`` if they form none.

    Pairs, royal pairs, musters and sequences are the only combinations; three of
    a kind is not one (lay two of them as a pair).
    """
    if len(set(cards)) != len(cards) or not all(PACK.is_card(c) for c in cards):
        return None
    ranks = {rank_of(c) for c in cards}
    suits = {suit_of(c) for c in cards}
    if len(ranks) == 1:
        rank = next(iter(ranks))
        if len(cards) == 2:
            return ("royal pair", ROYAL_PAIR_POINTS) if rank in COURTS else ("pair", PAIR_POINTS)
        if len(cards) == 4:
            return ("muster", MUSTER_POINTS)
        return None
    if len(suits) == 1 and 3 <= len(cards) <= max_sequence:
        idx = sorted(RANK_INDEX[rank_of(c)] for c in cards)
        if idx == list(range(idx[0], idx[0] + len(idx))):
            return ("sequence", len(cards))
    return None


def why_not_combination(cards: Sequence[str], max_sequence: int = 5) -> str:
    """In words, why ``cards`` are not a scoring combination."""
    ranks = {rank_of(c) for c in cards}
    suits = {suit_of(c) for c in cards}
    if len(set(cards)) != len(cards):
        return "a card is named twice"
    if len(cards) < 2:
        return "a combination needs at least two cards"
    if len(ranks) == 1:
        return "cards of one rank score only as a pair (two cards) or a muster (all four suits)"
    if len(suits) != 1:
        return "a sequence must be all of one suit, and a pair or muster all of one rank"
    if len(cards) < 3:
        return "a sequence needs at least three cards"
    if len(cards) > max_sequence:
        return f"a sequence may have at most {max_sequence} cards; lay a longer run as two sequences"
    return "the cards are not consecutive in rank (ace low, 10, lehnritter, bishop, queen, king, castle high)"


def find_combinations(
    hand: Iterable[str], table: Iterable[str], max_sequence: int = 5
) -> list[tuple[str, ...]]:
    """Every combination made of hand cards and at most one table card, canonical and sorted."""
    hand_set = set(hand)
    table_set = set(table) - hand_set
    avail = hand_set | table_set
    found: set[tuple[str, ...]] = set()
    by_rank: dict[str, list[str]] = {}
    for c in avail:
        by_rank.setdefault(rank_of(c), []).append(c)
    for group in by_rank.values():
        for pair in combinations(sorted(group, key=card_key), 2):
            if sum(c in table_set for c in pair) <= 1:
                found.add(canonical(pair))
        if len(group) == 4 and sum(c in table_set for c in group) <= 1:
            found.add(canonical(group))
    for suit in SUITS:
        present = [r + suit in avail for r in RANKS]
        for start in range(len(RANKS)):
            for length in range(3, max_sequence + 1):
                end = start + length
                if end > len(RANKS) or not all(present[start:end]):
                    break
                run = tuple(r + suit for r in RANKS[start:end])
                if sum(c in table_set for c in run) <= 1:
                    found.add(run)
    return sorted(found, key=lambda m: (len(m), [card_key(c) for c in m]))


def beats(card: str, best: str, trump: str) -> bool:
    """Whether ``card`` played later takes the trick from ``best``."""
    if suit_of(card) == suit_of(best):
        return RANK_INDEX[rank_of(card)] > RANK_INDEX[rank_of(best)]
    return suit_of(card) == trump


def trick_winner(trick: Sequence[tuple[int, str]], trump: str) -> int:
    seat, best = trick[0]
    for s, c in trick[1:]:
        if beats(c, best, trump):
            seat, best = s, c
    return seat


def _pretty(cards: Iterable[str]) -> str:
    return " ".join(PACK.pretty(c) for c in cards)


def _few(cards: Sequence[str], shown: int = 4) -> str:
    """A few of ``cards`` by code, for a message that must stay short whatever was typed."""
    more = f" and {len(cards) - shown} more" if len(cards) > shown else ""
    return ", ".join(cards[:shown]) + more


def _deal_cards(value: object, what: str, low: int, high: int) -> list[str]:
    """``value`` as a list of ``low`` to ``high`` distinct cards of the pack, or ``InvalidDeal``."""
    if not isinstance(value, list | tuple):
        raise InvalidDeal(f"{what} is a list of card codes such as '9H', not {echo(value)}")
    if not low <= len(value) <= high:
        raise InvalidDeal(f"{what} holds {low} to {high} cards, not {len(value)}")
    for card in value:
        if not isinstance(card, str) or not PACK.is_card(card):
            raise InvalidDeal(
                f"{what}: {echo(card)} is not a card of the Roquet pack (codes like 9H, TS, LD, CS)"
            )
    twice = sorted({c for c in value if value.count(c) > 1})
    if twice:
        raise InvalidDeal(f"{what}: {', '.join(twice)} named twice (the pack has one of each card)")
    return list(value)


# --- the saved form -------------------------------------------------------------------------
# A save's own part is checked against these types first (every field's type and range), then the
# state as a whole against RoquetState.check_invariants (the pack conserved, sizes, whose turn...).

Seat2 = Annotated[int, Field(ge=0, le=1)]
Suit = Literal["S", "H", "D", "C"]
MAX_TRICKS = len(PACK) // 2
"""No hand has more tricks than the pack has pairs of cards (nor more combinations)."""
Cards = Annotated[list[Code], Field(max_length=len(PACK))]
Hand = Annotated[list[Code], Field(max_length=HAND_SIZE)]
Known = Annotated[list[Code], Field(max_length=1)]
Voids = Annotated[list[Suit], Field(max_length=len(SUITS))]


class TrickCardSave(SaveDict):
    seat: Seat2
    card: Code


class TrickSave(SaveDict):
    leader: Seat2
    cards: Annotated[list[TrickCardSave], Field(min_length=2, max_length=2)]
    winner: Seat2


class MeldSave(SaveDict):
    cards: Annotated[list[Code], Field(min_length=2, max_length=len(RANKS))]
    kind: Literal["pair", "royal pair", "sequence", "muster"]
    points: Annotated[int, Field(ge=0, le=len(RANKS))]


Melds = Annotated[list[MeldSave], Field(max_length=MAX_TRICKS)]


class RoquetSave(SaveDict):
    """``RoquetState._data()``: one match, the hand in progress in full."""

    match_scores: tuple[Count, Count]
    hand_number: Annotated[int, Field(ge=1, le=1_000_000)]
    dealer: Seat2
    leader: Seat2
    hands: tuple[Hand, Hand]
    livret: Annotated[list[Code], Field(max_length=LIVRET_SIZE)]
    turn_up: Code | None
    trump: Suit
    stock: Cards
    trick: Annotated[list[tuple[Seat2, Code]], Field(max_length=1)]
    tricks: Annotated[list[TrickSave], Field(max_length=MAX_TRICKS)]
    phase: Literal["play", "meld", "over"]
    melder: Seat2 | None
    table_taken: bool
    melds_made: Annotated[int, Field(ge=0, le=MAX_TRICKS)]
    banked: tuple[Count, Count]
    melds: tuple[Melds, Melds]
    known: tuple[Known, Known]
    voids: tuple[Voids, Voids]


class RoquetState(State):
    """A whole match of Roquet: hands dealt, played and melded until a player reaches the target."""

    def __init__(self, game: RoquetGame, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.match_scores: list[int] = [0, 0]
        self.hand_number = 0
        self.dealer = 0
        self.leader = 1
        self.hands: list[list[str]] = [[], []]
        self.livret: list[str] = []
        self.turn_up: str | None = None
        self.trump = "S"
        self.stock: list[str] = []  # face down, top first; the turn-up (if still there) lies under it
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[dict[str, Any]] = []
        self.phase = "play"  # "play", "meld" or "over"
        self.melder: int | None = None
        self.table_taken = False
        self.melds_made = 0
        self.banked: list[int] = [0, 0]
        self.melds: list[list[dict[str, Any]]] = [[], []]
        self.known: list[list[str]] = [[], []]  # cards every seat knows a hand holds (the turn-up drawn)
        self.voids: list[list[str]] = [[], []]  # suits a seat has shown it lacks since it last drew

    @property
    def rgame(self) -> RoquetGame:
        assert isinstance(self.game, RoquetGame)
        return self.game

    # --- the contract ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "meld":
            return self.melder
        if not self.trick:
            return self.leader
        return 1 - self.trick[-1][0]

    @property
    def scores(self) -> list[float]:
        return [float(s) for s in self.match_scores]

    @property
    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        a, b = self.match_scores
        if a == b:
            return []
        return [0] if a > b else [1]

    def normalize(self, text: str) -> str:
        """Keyword lower, cards upper, and a meld's cards in canonical order so any order is accepted."""
        words = text.split()
        if not words:
            return ""
        key = words[0].lower()
        if key == "pass":
            key = "done"  # the usual word for declining, accepted as 'done'
        args = [w.upper() for w in words[1:]]
        if key == "meld" and all(PACK.is_card(c) for c in args):
            args = list(canonical(args))
        return " ".join([key, *args])

    def table_cards(self) -> list[str]:
        """Cards a trick winner may take (at most one) into a combination."""
        cards = list(self.livret)
        if self.turn_up is not None and self.rgame.options["turn_up"] == "table":
            cards.append(self.turn_up)
        return cards

    def meld_options(self) -> list[tuple[str, ...]]:
        if self.phase != "meld" or self.melder is None:
            return []
        table = [] if self.table_taken else self.table_cards()
        return find_combinations(self.hands[self.melder], table, self.rgame.options["max_sequence"])

    def legal_play(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.trick:
            led = suit_of(self.trick[0][1])
            follow = [c for c in hand if suit_of(c) == led]
            if follow:
                return sorted(follow, key=hand_key)
        return sorted(hand, key=hand_key)

    def legal_actions(self) -> list[str]:
        if self.phase == "over":
            return []
        if self.phase == "meld":
            return ["meld " + " ".join(m) for m in self.meld_options()] + ["done"]
        seat = self.current_player
        assert seat is not None
        return ["play " + c for c in self.legal_play(seat)]

    def explain_illegal(self, action: str) -> str:
        """Why ``action`` is refused, in words that repeat at most a short cut of what was typed."""
        words = action.split()
        if not words:
            return "empty action; type 'play <card>' (e.g. 'play 9H'), 'meld <cards>' or 'done'"
        if self.phase == "over":
            return "the match is over"
        key, args = words[0], words[1:]
        seat = self.current_player
        if key == "take":
            return "there is no separate take: name the livret card in the combination, e.g. 'meld 7S 7H'"
        if key not in {"play", "meld", "done"}:
            return f"unknown action {echo(key)}; the actions are 'play <card>', 'meld <cards>' and 'done'"
        bad = [a for a in args if not PACK.is_card(a)]
        if bad:
            more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
            return f"{echo(bad[0])}{more} is not a card of the Roquet pack (codes like 9H, TS, LD, BC, CS)"
        if key == "play":
            if self.phase == "meld":
                return "the trick winner must first meld or say 'done'; no card is played now"
            if len(args) != 1:
                return "play exactly one card, e.g. 'play 9H'"
            card = args[0]
            assert seat is not None
            if card not in self.hands[seat]:
                return f"{PACK.card_name(card)} is not in your hand"
            if self.trick:
                led = suit_of(self.trick[0][1])
                return f"you must follow suit: you hold {SUIT_NAMES[led]}"
            return super().explain_illegal(action)
        if key == "done":
            if self.phase == "meld":
                return "'done' takes no cards: type just 'done'"
            return "'done' ends a meld; you can say it only in the moment after winning a trick"
        # meld
        if self.phase != "meld":
            return "you may meld only in the moment immediately after winning a trick"
        assert seat is not None
        limit = self.rgame.options["melds_per_trick"]
        if limit == "one" and self.melds_made >= 1:
            return "only one combination may be laid down after each trick"
        table = self.table_cards()
        stray = [c for c in args if c not in self.hands[seat] and c not in table]
        if stray:
            return f"{_few(stray)}: neither in your hand nor on the table to be taken"
        taken = [c for c in args if c in table]
        if len(taken) > 1:
            return "you may take only one card from the livret (or turn-up) after a trick"
        if taken and self.table_taken:
            return "you have already taken your one card from the livret after this trick"
        max_seq = self.rgame.options["max_sequence"]
        if classify(args, max_seq) is None:
            return "not a scoring combination: " + why_not_combination(args, max_seq)
        return super().explain_illegal(action)

    def _apply(self, action: str) -> None:
        words = action.split()
        if words[0] == "play":
            self._play(words[1])
        elif words[0] == "meld":
            self._meld(words[1:])
        else:
            self._end_meld()

    # --- play --------------------------------------------------------------------------

    def _play(self, card: str) -> None:
        seat = self.current_player
        assert seat is not None
        if self.trick and suit_of(card) != suit_of(self.trick[0][1]):
            led = suit_of(self.trick[0][1])
            if led not in self.voids[seat]:
                self.voids[seat] = sorted([*self.voids[seat], led], key=SUITS.index)
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        self.trick.append((seat, card))
        self.log.append(
            Event("play", {"seat": seat, "card": card, "text": f"seat {seat} plays {PACK.pretty(card)}"})
        )
        if len(self.trick) < 2:
            return
        winner = trick_winner(self.trick, self.trump)
        cards = [{"seat": s, "card": c} for s, c in self.trick]
        self.tricks.append({"leader": self.trick[0][0], "cards": cards, "winner": winner})
        self.trick = []
        self.log.append(
            Event(
                "trick",
                {"winner": winner, "cards": cards, "text": f"seat {winner} wins the trick"},
            )
        )
        self.melder = winner
        self.leader = winner
        self.table_taken = False
        self.melds_made = 0
        self.phase = "meld"
        if not self.meld_options():
            self._end_meld(automatic=True)

    # --- melds -------------------------------------------------------------------------

    def _meld(self, cards: list[str]) -> None:
        seat = self.melder
        assert seat is not None
        kind, points = classify(cards, self.rgame.options["max_sequence"]) or ("", 0)
        taken: str | None = None
        for c in cards:
            if c in self.hands[seat]:
                self.hands[seat].remove(c)
                if c in self.known[seat]:
                    self.known[seat].remove(c)
            else:
                taken = c
                if c == self.turn_up:
                    self.turn_up = None
                else:
                    self.livret.remove(c)
                self.table_taken = True
        self.melds_made += 1
        self.banked[seat] += points
        self.melds[seat].append({"cards": list(cards), "kind": kind, "points": points})
        src = f" (taking {PACK.pretty(taken)} from the table)" if taken else ""
        self.log.append(
            Event(
                "meld",
                {
                    "seat": seat,
                    "cards": list(cards),
                    "kind": kind,
                    "points": points,
                    "taken": taken,
                    "text": f"seat {seat} lays down {kind} {_pretty(cards)}{src} for {points}",
                },
            )
        )
        limit_reached = self.rgame.options["melds_per_trick"] == "one"
        if limit_reached or not self.meld_options():
            self._end_meld(automatic=True)

    def _end_meld(self, automatic: bool = False) -> None:
        winner = self.melder
        assert winner is not None
        if not automatic:
            self.log.append(Event("done", {"seat": winner, "text": f"seat {winner} stops melding"}))
        self.phase = "play"
        self.melder = None
        self._replenish(winner)
        if not self.hands[0] or not self.hands[1]:
            self._end_hand()

    def _stock_left(self) -> int:
        return len(self.stock) + (1 if self.turn_up is not None else 0)

    def _draw(self, seat: int, count: int) -> None:
        """``seat`` draws up to ``count`` cards: face-down ones first, the turn-up last of all."""
        hidden: list[str] = []
        for _ in range(count):
            if self.stock:
                card = self.stock.pop(0)
                hidden.append(card)
            elif self.turn_up is not None:
                card = self.turn_up
                self.turn_up = None
                self.known[seat].append(card)
                self.log.append(
                    Event(
                        "draw_turn_up",
                        {
                            "seat": seat,
                            "card": card,
                            "text": f"seat {seat} draws the turn-up {PACK.pretty(card)}",
                        },
                    )
                )
            else:
                break
            self.hands[seat].append(card)
            self.voids[seat] = []
        if hidden:
            self.log.append(
                Event("draw", {"seat": seat, "cards": hidden, "text": f"you draw {_pretty(hidden)}"}, to=seat)
            )
            n = len(hidden)
            self.log.append(
                Event(
                    "draws",
                    {"seat": seat, "count": n, "text": f"seat {seat} draws {n} card{'s' if n > 1 else ''}"},
                )
            )

    def _replenish(self, winner: int) -> None:
        """Winner draws first, then the loser (RQ-3, RQ-4); the livret is made up only by option (RQ-8)."""
        for seat in (winner, 1 - winner):
            if self.rgame.options["refill"] == "eight":
                self._draw(seat, HAND_SIZE - len(self.hands[seat]))
            else:
                self._draw(seat, 1)
        if self.rgame.options["livret_refill"]:  # ruling RQ-8 (off by default)
            while len(self.livret) < LIVRET_SIZE and self.stock:
                card = self.stock.pop(0)
                self.livret.append(card)
                self.log.append(
                    Event("livret", {"card": card, "text": f"{PACK.pretty(card)} is turned into the livret"})
                )

    # --- hands and the match ---------------------------------------------------------

    def _end_hand(self) -> None:
        points = list(self.banked)
        for seat in (0, 1):
            self.match_scores[seat] += points[seat]
            self.log.append(
                Event(
                    "score",
                    {
                        "seat": seat,
                        "points": points[seat],
                        "reason": "melds banked in the hand",
                        "text": f"seat {seat} banks {points[seat]} for the hand",
                    },
                )
            )
        self.log.append(
            Event(
                "hand_end",
                {
                    "hand": self.hand_number,
                    "points": points,
                    "scores": list(self.match_scores),
                    "text": f"hand {self.hand_number} ends: {points[0]} to {points[1]}; "
                    f"match {self.match_scores[0]} to {self.match_scores[1]}",
                },
            )
        )
        target = self.rgame.options["target"]
        a, b = self.match_scores
        if max(a, b) >= target and (a != b or self.rgame.options["tie"] == "draw"):
            self.phase = "over"
            text = "the match is drawn" if a == b else f"seat {0 if a > b else 1} wins the match"
            self.log.append(Event("match_end", {"scores": [a, b], "text": f"{text}, {a} to {b}"}))
            return
        self._deal(1 - self.dealer)

    def _deal(self, dealer: int, deal: Mapping[str, Any] | None = None) -> None:
        """Shuffle and deal a hand (or lay out an explicit one); non-dealer leads."""
        self.hand_number += 1
        self.dealer = dealer
        self.leader = 1 - dealer
        if deal is None:
            cards = list(PACK.cards)
            self.rng.shuffle(cards)
            nd = 1 - dealer
            hands: list[list[str]] = [[], []]
            hands[nd], hands[dealer] = cards[0:8], cards[8:16]
            livret, turn_up, stock = cards[16:20], cards[20], cards[21:]
        else:
            hands = [list(h) for h in deal["hands"]]
            livret, turn_up, stock = list(deal["livret"]), deal["turn_up"], list(deal["stock"])
        self.hands = hands
        self.livret = livret
        self.turn_up = turn_up
        self.trump = suit_of(turn_up)
        self.stock = stock
        self.trick = []
        self.tricks = []
        self.phase = "play"
        self.melder = None
        self.table_taken = False
        self.melds_made = 0
        self.banked = [0, 0]
        self.melds = [[], []]
        self.known = [[], []]
        self.voids = [[], []]
        self.log.append(
            Event(
                "deal",
                {
                    "hand": self.hand_number,
                    "dealer": dealer,
                    "livret": list(livret),
                    "turn_up": turn_up,
                    "trump": self.trump,
                    "text": f"hand {self.hand_number}: seat {dealer} deals; livret {_pretty(livret)}; "
                    f"turn-up {PACK.pretty(turn_up)}, {SUIT_NAMES[self.trump]} are trumps",
                },
            )
        )
        for seat in (0, 1):
            self.log.append(
                Event(
                    "hand",
                    {
                        "seat": seat,
                        "cards": sorted(hands[seat], key=hand_key),
                        "text": f"you are dealt {_pretty(sorted(hands[seat], key=hand_key))}",
                    },
                    to=seat,
                )
            )

    # --- views -------------------------------------------------------------------------

    def _message(self, seat: int | None) -> str:
        if self.phase == "over":
            w = self.winners
            return "the match is drawn" if not w else f"seat {w[0]} wins the match"
        cur = self.current_player
        if self.phase == "meld":
            return f"seat {cur} won the trick and may meld (or 'done')"
        if self.trick:
            return f"seat {cur} to follow {PACK.pretty(self.trick[0][1])}"
        return f"seat {cur} to lead"

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.base_view(seat)
        if seat is not None:
            v["hand"] = sorted(self.hands[seat], key=hand_key)
        v.update(
            {
                "hand_sizes": [len(h) for h in self.hands],
                "trump": self.trump,
                "turn_up": self.turn_up,
                "livret": list(self.livret),
                "stock_size": self._stock_left(),
                "trick": [{"seat": s, "card": c} for s, c in self.trick],
                "last_trick": [dict(x) for x in self.tricks[-1]["cards"]] if self.tricks else [],
                "tricks": [dict(t) for t in self.tricks],
                "banked": list(self.banked),
                "dealer": self.dealer,
                "leader": self.leader,
                "hand_number": self.hand_number,
                "phase": self.phase,
                "laid_down": self._laid_down_text(),
                "turn_up_held": self._known_text(),
                "message": self._message(seat),
                "bookkeeping": {
                    "melds": [[dict(m) for m in ms] for ms in self.melds],
                    "table_taken": self.table_taken,
                    "melds_made": self.melds_made,
                    "known_cards": [list(k) for k in self.known],
                    "voids": [list(x) for x in self.voids],
                },
            }
        )
        return v

    def _laid_down_text(self) -> str | None:
        """This hand's combinations in one line, for the terminal."""
        parts = []
        for seat in (0, 1):
            if self.melds[seat]:
                shown = ", ".join(f"{_pretty(m['cards'])} ({m['points']})" for m in self.melds[seat])
                parts.append(f"seat {seat}: {shown}")
        return "; ".join(parts) or None

    def _known_text(self) -> str | None:
        held = [f"seat {s} holds {_pretty(self.known[s])}" for s in (0, 1) if self.known[s]]
        return "; ".join(held) or None

    def inventory(self) -> Counter[str]:
        inv: Counter[str] = Counter()
        for h in self.hands:
            inv.update(h)
        inv.update(self.livret)
        inv.update(self.stock)
        if self.turn_up is not None:
            inv[self.turn_up] += 1
        inv.update(c for _, c in self.trick)
        for t in self.tricks:
            inv.update(x["card"] for x in t["cards"])
        for ms in self.melds:
            for m in ms:
                inv.update(m["cards"])
        return inv

    # --- what every reachable state satisfies ------------------------------------------------

    def check_invariants(self) -> None:
        """Refuse a state no play of Roquet reaches (a tampered save); each message names field and law."""
        super().check_invariants()
        options = self.rgame.options
        for field, cards in self._card_fields():
            bad = [c for c in cards if not PACK.is_card(c)]
            if bad:
                raise InvalidState(f"{field}: {echo(bad[0])} is not a card of the Roquet pack")
        if self.inventory() != PACK.counts():
            extra = sorted((self.inventory() - PACK.counts()).elements())
            missing = sorted((PACK.counts() - self.inventory()).elements())
            raise InvalidState(
                f"cards: the pack is not whole (twice: {echo(extra)}; missing: {echo(missing)})"
            )
        if self.turn_up is not None and suit_of(self.turn_up) != self.trump:
            raise InvalidState("trump: the turn-up's suit is trumps")
        self._check_log()
        self._check_tricks()
        self._check_turn()
        self._check_sizes()
        for seat in (0, 1):
            known = self.known[seat]
            if known and (self.turn_up is not None or known[0] not in self.hands[seat]):
                raise InvalidState(f"known.{seat}: only the turn-up, drawn and still held, is known")
            if known and suit_of(known[0]) != self.trump:
                raise InvalidState(f"known.{seat}: the turn-up drawn is a trump")
            voids = self.voids[seat]
            if voids != sorted(set(voids), key=SUITS.index):
                raise InvalidState(f"voids.{seat}: each suit once, in the order S H D C")
            if any(suit_of(c) in voids for c in self.hands[seat]):
                raise InvalidState(f"voids.{seat}: a seat shown void has not drawn since, so holds none")
            for i, meld in enumerate(self.melds[seat]):
                found = classify(meld["cards"], options["max_sequence"])
                if found != (meld["kind"], meld["points"]) or list(canonical(meld["cards"])) != meld["cards"]:
                    raise InvalidState(f"melds.{seat}.{i}: not the combination it claims, in canonical order")
            if self.banked[seat] != sum(m["points"] for m in self.melds[seat]):
                raise InvalidState(f"banked.{seat}: the points of the seat's combinations this hand")
        if self.known[0] and self.known[1]:
            raise InvalidState("known: only one card, the turn-up, is ever known")
        self._check_scores()

    def _card_fields(self) -> list[tuple[str, list[str]]]:
        fields = [("hands.0", self.hands[0]), ("hands.1", self.hands[1]), ("livret", self.livret)]
        fields += [("stock", self.stock), ("trick", [c for _, c in self.trick])]
        fields += [("turn_up", [self.turn_up] if self.turn_up is not None else [])]
        fields += [(f"tricks.{i}", [x["card"] for x in t["cards"]]) for i, t in enumerate(self.tricks)]
        fields += [(f"melds.{s}", [c for m in self.melds[s] for c in m["cards"]]) for s in (0, 1)]
        fields += [(f"known.{s}", self.known[s]) for s in (0, 1)]
        return fields

    def _check_log(self) -> None:
        """The hand in progress is the log's last deal, and the log deals one hand for each played."""
        deals = [e.data for e in self.log if e.kind == "deal" and e.to is None]
        if len(deals) != self.hand_number:
            raise InvalidState(f"hand_number: {self.hand_number}, but the log deals {len(deals)} hands")
        last = deals[-1]
        if last.get("dealer") != self.dealer or last.get("trump") != self.trump:
            raise InvalidState("dealer: the dealer and trumps are those of the log's last deal")
        turn_up = last.get("turn_up")
        if self.turn_up is not None and self.turn_up != turn_up:
            raise InvalidState("turn_up: not the card turned up at the deal")
        taken = [c for s in (0, 1) for m in self.melds[s] for c in m["cards"]]
        if (
            self.turn_up is None
            and turn_up not in [*self.known[0], *self.known[1], *taken]
            and not self._turn_up_played(turn_up)
        ):
            raise InvalidState("turn_up: gone, but neither drawn, played nor laid down")
        dealers = [d.get("dealer") for d in deals]
        if any(dealers[i] == dealers[i - 1] for i in range(1, len(dealers))):
            raise InvalidState("dealer: the deal alternates")
        ends = sum(1 for e in self.log if e.kind == "hand_end" and e.to is None)
        if ends != self.hand_number - (self.phase != "over"):
            raise InvalidState(
                f"phase: the log ends {ends} of {self.hand_number} hands, not fitting {self.phase!r}"
            )

    def _turn_up_played(self, card: object) -> bool:
        return any(x["card"] == card for t in self.tricks for x in t["cards"]) or any(
            c == card for _, c in self.trick
        )

    def _check_tricks(self) -> None:
        """Each trick of the hand: led by the last one's winner (the first by the non-dealer), won rightly."""
        leader = 1 - self.dealer
        for i, t in enumerate(self.tricks):
            seats = [x["seat"] for x in t["cards"]]
            if t["leader"] != leader or seats != [leader, 1 - leader]:
                raise InvalidState(f"tricks.{i}: led by seat {leader}, the other seat following")
            winner = trick_winner([(x["seat"], x["card"]) for x in t["cards"]], self.trump)
            if t["winner"] != winner:
                raise InvalidState(f"tricks.{i}: won by seat {winner}, not {t['winner']}")
            leader = winner
        if self.leader != leader:
            raise InvalidState(
                f"leader: seat {leader} leads (the last trick's winner, or the non-dealer first)"
            )
        if self.trick and self.trick[0][0] != self.leader:
            raise InvalidState("trick: the leader's card comes first")

    def _check_turn(self) -> None:
        """The phase, the melder and the current trick agree."""
        options = self.rgame.options
        if self.phase == "meld":
            if self.trick or not self.tricks or self.melder != self.tricks[-1]["winner"]:
                raise InvalidState("melder: only the winner of the last trick melds, between tricks")
            if options["melds_per_trick"] == "one" and self.melds_made:
                raise InvalidState("melds_made: one combination a trick, and the moment then passes")
            if not self.meld_options():
                raise InvalidState("phase: the meld moment passes by itself when nothing can be laid down")
        elif self.melder is not None:
            raise InvalidState("melder: nobody melds outside the meld moment")
        if self.table_taken and not self.melds_made:
            raise InvalidState("table_taken: a table card is taken only into a combination laid down")
        if self.melds_made > len(self.melds[self.leader]) or (self.melds_made and not self.tricks):
            raise InvalidState("melds_made: more than the trick winner has laid down")
        if self.table_taken and not self.tricks:
            raise InvalidState("table_taken: nothing is taken before the first trick")
        played = {s for s, _ in self.trick} | ({0, 1} if self.phase == "meld" else set())
        for seat in (0, 1):
            if len(self.hands[seat]) + (seat in played) > HAND_SIZE:
                raise InvalidState(
                    f"hands.{seat}: more than {HAND_SIZE} cards, counting one played to the trick"
                )
        if self.phase == "over":
            if self.trick or (self.hands[0] and self.hands[1]):
                raise InvalidState("phase: the match ends only at the end of a hand")
        elif self.phase == "play":
            # A hand ends as soon as a player holds no card after a trick; the leader may have
            # played its last card to the trick in progress.
            to_hold = [1 - self.trick[0][0]] if self.trick else [0, 1]
            if any(not self.hands[s] for s in to_hold):
                raise InvalidState("hands: the hand ends as soon as a player holds no card")

    def _check_sizes(self) -> None:
        """Hands are made up from the stock after every trick; an explicit deal may start short."""
        options = self.rgame.options
        if options["turn_up"] == "stock" and self.turn_up is None and self.stock:
            raise InvalidState("turn_up: it is drawn as the stock's last card")
        # Past the first draw of a hand (every hand but an explicit first one is dealt full).
        drawn = (
            self.hand_number > 1 or len(self.tricks) > 1 or (len(self.tricks) == 1 and self.phase == "play")
        )
        if self.phase == "over" or not drawn:
            return
        if options["refill"] == "eight" and self._stock_left() > 0:
            played = {s for s, _ in self.trick}
            for seat in (0, 1):
                if self.phase == "play" and len(self.hands[seat]) + (seat in played) != HAND_SIZE:
                    raise InvalidState(f"hands.{seat}: made up to {HAND_SIZE} while the stock lasts")
                if self.phase == "meld" and seat != self.melder and len(self.hands[seat]) != HAND_SIZE - 1:
                    raise InvalidState(f"hands.{seat}: {HAND_SIZE - 1} cards after playing to the trick")
        if options["livret_refill"] and self.stock:
            short = 1 if self.phase == "meld" and self.table_taken else 0
            if not LIVRET_SIZE - short <= len(self.livret) <= LIVRET_SIZE:
                raise InvalidState(f"livret: made up to {LIVRET_SIZE} while the stock lasts")

    def _check_scores(self) -> None:
        """The match goes on until a hand ends with someone at the target and (unless ties draw) ahead."""
        options = self.rgame.options
        a, b = self.match_scores
        decided = max(a, b) >= options["target"] and (a != b or options["tie"] == "draw")
        if decided != (self.phase == "over"):
            raise InvalidState("phase: the match is over exactly when a score reaches the target and leads")

    # --- saving ------------------------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        return {
            "match_scores": list(self.match_scores),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "leader": self.leader,
            "hands": [list(h) for h in self.hands],
            "livret": list(self.livret),
            "turn_up": self.turn_up,
            "trump": self.trump,
            "stock": list(self.stock),
            "trick": [[s, c] for s, c in self.trick],
            "tricks": [dict(t) for t in self.tricks],
            "phase": self.phase,
            "melder": self.melder,
            "table_taken": self.table_taken,
            "melds_made": self.melds_made,
            "banked": list(self.banked),
            "melds": [[dict(m) for m in ms] for ms in self.melds],
            "known": [list(k) for k in self.known],
            "voids": [list(x) for x in self.voids],
        }

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(RoquetSave, data, "state")
        self.match_scores = list(d["match_scores"])
        self.hand_number = d["hand_number"]
        self.dealer = d["dealer"]
        self.leader = d["leader"]
        self.hands = [list(h) for h in d["hands"]]
        self.livret = list(d["livret"])
        self.turn_up = d["turn_up"]
        self.trump = d["trump"]
        self.stock = list(d["stock"])
        self.trick = [(s, c) for s, c in d["trick"]]
        self.tricks = [
            {"leader": t["leader"], "cards": [dict(x) for x in t["cards"]], "winner": t["winner"]}
            for t in d["tricks"]
        ]
        self.phase = d["phase"]
        self.melder = d["melder"]
        self.table_taken = d["table_taken"]
        self.melds_made = d["melds_made"]
        self.banked = list(d["banked"])
        self.melds = [
            [{"cards": list(m["cards"]), "kind": m["kind"], "points": m["points"]} for m in ms]
            for ms in d["melds"]
        ]
        self.known = [list(k) for k in d["known"]]
        self.voids = [list(x) for x in d["voids"]]


class RoquetGame(Game):
    """Dana's Roquet adapted to the 60-card Bishops Whist pack."""

    name = "roquet"
    title = "Roquet (60-card pack)"
    min_players = 2
    max_players = 2
    pack = "roquet60"
    summary = (
        "Dana's two-handed game of tricks and melds: win a trick to lay down pairs, royal pairs, "
        "sequences and musters, borrowing one card from the face-up livret; first to 100."
    )
    option_specs = (
        Option(
            "target", 100, "match points that end the match at the end of a hand", minimum=1, maximum=10_000
        ),
        Option(
            "refill",
            "eight",
            "after each trick: 'eight' = winner then loser draw back up to eight cards; "
            "'one' = each draws a single card (melders' hands shrink)",
            choices=("eight", "one"),
        ),
        Option(  # ruling RQ-8: the seed's stock replenishes the hands, never the livret
            "livret_refill",
            False,
            "after the hands have drawn, the livret is made up to four cards again from the stock "
            "(false: the livret is laid out with the deal and only dwindles)",
        ),
        Option(
            "turn_up",
            "table",
            "'table' = the turn-up may be taken as meld material like a livret card, and is otherwise "
            "drawn as the stock's last card; 'stock' = it is only the stock's last card",
            choices=("table", "stock"),
        ),
        Option(
            "melds_per_trick",
            "any",
            "how many combinations the trick winner may lay down after one trick ('any' or 'one')",
            choices=("any", "one"),
        ),
        Option(
            "max_sequence",
            5,
            "the longest sequence laid as one combination (it scores one point a card)",
            minimum=5,
            maximum=15,
        ),
        Option(
            "tie",
            "play-on",
            "if both reach the target with equal scores: 'play-on' (another hand) or 'draw'",
            choices=("play-on", "draw"),
        ),
    )
    hand_points_bounds = (0.0, 90.0)

    def _blank_state(self) -> RoquetState:
        return RoquetState(self, 0)

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> RoquetState:
        """A new match. ``deal`` fixes the first hand; see the rules text for its format."""
        state = RoquetState(self, seed)
        if deal is None:
            dealer = state.rng.randrange(2)
            state.log.append(Event("cut", {"dealer": dealer, "text": f"seat {dealer} cuts low and deals"}))
            state._deal(dealer)
        else:
            checked, dealer = self._check_deal(deal, state.rng)
            state._deal(dealer, checked)
        return state

    DEAL_KEYS = frozenset({"hands", "livret", "turn_up", "stock", "dealer"})

    def _check_deal(self, deal: object, rng: Rng) -> tuple[dict[str, Any], int]:
        """The explicit first hand, or ``InvalidDeal`` saying what is wrong (never another error)."""
        if not isinstance(deal, Mapping):
            raise InvalidDeal(
                f"a Roquet deal is a mapping with 'hands', 'livret' and 'turn_up', not {echo(deal)}"
            )
        keys = list(deal)
        unknown = [k for k in keys if k not in self.DEAL_KEYS]
        if unknown:
            raise InvalidDeal(
                f"unknown key {echo(unknown[0])} in a Roquet deal; the keys are {sorted(self.DEAL_KEYS)}"
            )
        missing = [k for k in ("hands", "livret", "turn_up") if k not in deal]
        if missing:
            raise InvalidDeal(
                f"a Roquet deal needs 'hands', 'livret' and 'turn_up' ({', '.join(missing)} missing)"
            )
        raw_hands = deal["hands"]
        if not isinstance(raw_hands, list | tuple) or len(raw_hands) != 2:
            raise InvalidDeal(f"'hands' is a list of two hands (seat 0's, seat 1's), not {echo(raw_hands)}")
        hands = [_deal_cards(h, f"hand {i}", 1, HAND_SIZE) for i, h in enumerate(raw_hands)]
        livret = _deal_cards(deal["livret"], "the livret", 0, LIVRET_SIZE)
        turn_up = _deal_cards([deal["turn_up"]], "the turn-up", 1, 1)[0]
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or dealer not in (0, 1):
            raise InvalidDeal(f"dealer must be 0 or 1, not {echo(dealer)}")
        used = [*hands[0], *hands[1], *livret, turn_up]
        twice = sorted({c for c in used if used.count(c) > 1})
        if twice:
            raise InvalidDeal(f"{', '.join(twice)} dealt twice (the pack has one of each card)")
        if "stock" in deal:
            _deal_cards(deal["stock"], "the stock", 0, len(PACK))
        stock = stock_for(PACK, deal, used, rng, "in the hands, livret or turn-up")
        return {"hands": hands, "livret": livret, "turn_up": turn_up, "stock": stock}, int(dealer)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> RoquetState:
        """A full state matching ``view``: the opponent's unknown cards and the stock resampled.

        The opponent never receives a card of a suit it has shown void since its last draw.
        """
        seat = view["seat"]
        if seat is None:
            raise ValueError("determinize needs a seat's view")
        opp = 1 - seat
        state = RoquetState(self, rng.randrange(2**62))
        state.match_scores = [int(s) for s in view["scores"]]
        state.hand_number = view["hand_number"]
        state.dealer = view["dealer"]
        state.leader = view["leader"]
        state.livret = list(view["livret"])
        state.turn_up = view["turn_up"]
        state.trump = view["trump"]
        state.trick = [(t["seat"], t["card"]) for t in view["trick"]]
        state.tricks = [dict(t) for t in view["tricks"]]
        state.phase = view["phase"]
        state.melder = view["current_player"] if view["phase"] == "meld" else None
        book = view["bookkeeping"]
        state.table_taken = book["table_taken"]
        state.melds_made = book["melds_made"]
        state.banked = list(view["banked"])
        state.melds = [[dict(m) for m in ms] for ms in book["melds"]]
        state.known = [list(k) for k in book["known_cards"]]
        state.voids = [list(x) for x in book["voids"]]
        own = list(view["hand"])
        seen: Counter[str] = Counter(own)
        seen.update(state.livret)
        if state.turn_up is not None:
            seen[state.turn_up] += 1
        seen.update(c for _, c in state.trick)
        for t in state.tricks:
            seen.update(x["card"] for x in t["cards"])
        for ms in state.melds:
            for m in ms:
                seen.update(m["cards"])
        opp_known = list(state.known[opp])
        seen.update(opp_known)
        pool = sorted((PACK.counts() - seen).elements(), key=PACK.sort_key)
        rng.shuffle(pool)
        need = view["hand_sizes"][opp] - len(opp_known)
        void = set(state.voids[opp])
        fits = [c for c in pool if suit_of(c) not in void]
        if len(fits) < need:  # cannot happen in a consistent view; fall back rather than fail
            fits = pool
        opp_cards = fits[:need]
        rest = list((Counter(pool) - Counter(opp_cards)).elements())
        rng.shuffle(rest)
        hands: list[list[str]] = [[], []]
        hands[seat] = own
        hands[opp] = opp_known + opp_cards
        state.hands = hands
        state.stock = rest
        return state
