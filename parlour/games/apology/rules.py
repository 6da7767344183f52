"""Apology: French Tarot's L'Excuse brought to the 65-card extended Bishops Whist pack.

One taker plays alone against three defenders. There is no trump suit; the
four Landsknechts and Till Eulenspiegel, which only the taker can hold, may be
played to any trick to escape it. Card points are counted in half points
internally so the 100.5-point pool adds up exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field

from parlour.cards import EXTENDED_65, SUIT_NAMES, SUITS
from parlour.engine import Event, Game, InvalidDeal, InvalidState, Option, Rng, State
from parlour.engine.errors import echo
from parlour.engine.saves import Code, SaveDict, Seat, checked

PLAYERS = 4
HAND_SIZE = 15
BURY = 6
TRICKS = 15
KITTY: tuple[str, ...] = ("N", "N", "N", "N", "E")
EXCUSES = frozenset({"N", "E"})
RANKS: tuple[str, ...] = EXTENDED_65.suit_ranks["S"]  # castle high ... ace low
STRENGTH: Mapping[str, int] = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
HALF_POINTS: Mapping[str, int] = {
    **{r: 1 for r in ("T", "9", "8", "7", "6", "5", "4", "3", "2", "A")},
    "L": 3, "B": 5, "Q": 7, "K": 9, "C": 11, "N": 3, "E": 9,
}  # fmt: skip
TOTAL_HALVES = 201  # 100.5 points
SUITED: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)


def half_points(card: str) -> int:
    """A card's value in half points (an ace is 1, a castle 11, Till 9)."""
    return HALF_POINTS[card if card in EXCUSES else card[:-1]]


def points_of(cards: Sequence[str]) -> float:
    """Card points of ``cards`` (exact: halves divided once)."""
    return sum(half_points(c) for c in cards) / 2


def suit_of(card: str) -> str | None:
    return None if card in EXCUSES else card[-1]


def is_oudler(card: str) -> bool:
    return card == "E" or (card not in EXCUSES and card[:-1] in ("A", "C"))


def oudlers_held(cards: Sequence[str], counting: str = "kinds") -> int:
    """How many oudlers the cards hold: kinds of the trio (ace, castle, Till), or oudler cards up to 3."""
    if counting == "cards":
        return min(3, sum(1 for c in cards if is_oudler(c)))
    kinds = {("E" if c == "E" else c[:-1]) for c in cards if is_oudler(c)}
    return len(kinds)


def sort_cards(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=EXTENDED_65.sort_key)


def trick_winner(plays: Sequence[tuple[int, str]]) -> int:
    """The seat of the highest card of the suit led; an excuse never wins, and does not set the suit."""
    suited = [(s, c) for s, c in plays if c not in EXCUSES]
    if not suited:
        raise ValueError("a trick needs a suited card to have a winner")
    led = suited[0][1][-1]
    return max((p for p in suited if p[1][-1] == led), key=lambda p: STRENGTH[p[1][:-1]])[0]


def led_suit(plays: Sequence[tuple[int, str]]) -> str | None:
    for _, c in plays:
        if c not in EXCUSES:
            return c[-1]
    return None


def pretty(card: str) -> str:
    return EXTENDED_65.pretty(card)


def check_deal(deal: object) -> tuple[int, list[list[str]]]:
    """An explicit deal's dealer and hands, or ``InvalidDeal`` saying what is wrong (ruling AP-15)."""
    usage = "a deal is {'dealer': seat 0-3, 'hands': four lists of 15 suited cards}"
    if not isinstance(deal, Mapping):
        raise InvalidDeal(f"{usage}, not {echo(deal)}")
    unknown = [k for k in deal if k not in ("dealer", "hands")]
    if unknown:
        raise InvalidDeal(f"unknown deal keys {echo(unknown)}; {usage}")
    dealer = deal.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < PLAYERS:
        raise InvalidDeal(f"dealer must be a seat 0-3, not {echo(dealer)}")
    hands = deal.get("hands")
    if not isinstance(hands, list | tuple) or len(hands) != PLAYERS:
        raise InvalidDeal(f"a deal needs 'hands': four lists of 15 cards, not {echo(hands)}")
    lists: list[list[str]] = []
    suited = frozenset(SUITED)
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list | tuple) or len(hand) != HAND_SIZE:
            raise InvalidDeal(f"hand {seat}: each hand is a list of 15 cards, not {echo(hand)}")
        cards: list[str] = []
        for card in hand:
            code = card.strip().upper() if isinstance(card, str) else None
            if code not in suited:
                raise InvalidDeal(
                    f"hand {seat}: {echo(card)} is not a suited card of the pack "
                    "(the Landsknechts N and Till E always lie apart in the kitty)"
                )
            cards.append(code)
        lists.append(cards)
    every = Counter(c for h in lists for c in h)
    twice = sorted(c for c, n in every.items() if n > 1)
    if twice:
        missing = sorted(Counter(SUITED) - every)
        raise InvalidDeal(
            f"the hands must hold the 60 suited cards exactly once (twice: {', '.join(twice)}; "
            f"missing: {', '.join(missing)})"
        )
    return dealer, lists


class Apology(Game):
    """The taker alone against three; the thresholds are options so simulations can tune them."""

    name = "apology"
    title = "Apology (L'Excuse for the Bishops Whist pack)"
    min_players = 4
    max_players = 4
    pack = "bishops65"
    summary = (
        "One taker takes the kitty of Landsknechts and Till, buries six and plays alone against three; "
        "no trumps, the Landsknechts and Till escape tricks, and the target falls with the oudlers held."
    )
    option_specs = (
        Option("deals", 4, "deals in a match (a thrown-in deal counts as one)", minimum=1, maximum=200),
        Option("target_0", 62.0, "card points the taker needs holding no oudler", minimum=0, maximum=100.5),
        Option("target_1", 56.0, "card points the taker needs holding one oudler", minimum=0, maximum=100.5),
        Option("target_2", 45.0, "card points the taker needs holding two oudlers", minimum=0, maximum=100.5),
        Option(
            "target_3", 40.0, "card points the taker needs holding three oudlers", minimum=0, maximum=100.5
        ),
        Option(
            "target_shift",
            0.0,
            "card points added to all four targets (lets one --sweep move every threshold together)",
            minimum=-60,
            maximum=60,
        ),
        Option(
            "oudlers",
            "kinds",
            "what counts as oudlers held: 'kinds' of the trio ace/castle/Till, or oudler 'cards' (at most 3)",
            choices=("kinds", "cards"),
        ),
        Option(
            "bury_oudlers", True, "whether the taker may bury aces, castles and Till", choices=(True, False)
        ),
        Option(
            "unpaid",
            "forfeit",
            "an escape never paid by the hand's end: 'forfeit' hands the escaped card itself to the "
            "trick's winner, 'lapse' forgets the debt",
            choices=("forfeit", "lapse"),
        ),
    )
    hand_points_bounds = (-3.0, 3.0)

    def target(self, oudlers: int) -> float:
        """The taker's target holding ``oudlers`` oudlers (0-3), shift included."""
        return float(self.options[f"target_{oudlers}"]) + float(self.options["target_shift"])

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> ApologyState:
        """A new match; ``deal`` = ``{"dealer": seat, "hands": four lists of 15 suited cards}`` sets up
        the first deal, and anything else is refused with ``InvalidDeal`` (ruling AP-15)."""
        state = ApologyState(self, seed)
        if deal is None:
            state.start_deal(0, None)
        else:
            dealer, hands = check_deal(deal)
            state.start_deal(dealer, hands)
        return state

    def _blank_state(self) -> ApologyState:
        return ApologyState(self, 0)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> ApologyState:
        """Rebuild a state from one seat's view, dealing unseen cards afresh within what play revealed."""
        seat = view["seat"]
        if seat is None:
            raise ValueError("a spectator's view cannot be determinized")
        state = ApologyState(self, rng.randrange(2**62))
        state.load_public(view)
        state.hands[seat] = list(view["hand"])
        taker = state.taker
        mine_buried = view.get("buried")
        if mine_buried is not None:
            state.buried = list(mine_buried)
        seen: Counter[str] = Counter(state.hands[seat]) + Counter(state.buried)
        for t in state.tricks:
            seen.update(c for _, c in t["plays"])
        seen.update(c for _, c in state.trick)
        unknown = list((EXTENDED_65.counts() - seen).elements())
        if state.kitty:
            # The kitty lies apart, known by rule to be the Landsknechts and Till.
            state.kitty = list(KITTY)
            unknown = list((Counter(unknown) - Counter(KITTY)).elements())
        voids = state.revealed_voids()
        containers: list[tuple[str, int, int]] = []  # (kind, seat, size)
        for s in range(PLAYERS):
            if s != seat:
                containers.append(("hand", s, int(view["hand_sizes"][s])))
        if taker is not None and taker != seat and mine_buried is None:
            containers.append(("buried", taker, int(view["buried_count"])))
        no_oudler_burial = not self.options["bury_oudlers"]

        def allowed(card: str, box: tuple[str, int, int]) -> bool:
            kind, s, _ = box
            if kind == "buried":
                return not (no_oudler_burial and is_oudler(card))
            if card in EXCUSES:
                return s == taker and state.phase != "bid"
            return card[-1] not in voids[s]

        placed = _assign(unknown, containers, allowed, rng)
        for box, cards in zip(containers, placed, strict=True):
            if box[0] == "hand":
                state.hands[box[1]] = sort_cards(cards)
            else:
                state.buried = cards
        return state


def _assign(
    cards: list[str],
    boxes: list[tuple[str, int, int]],
    allowed: Any,
    rng: Rng,
) -> list[list[str]]:
    """Deal ``cards`` into boxes of fixed sizes, each only where allowed: random greedy, then max-flow."""
    if sum(b[2] for b in boxes) != len(cards):
        raise ValueError("the unseen cards do not fit the hidden places")
    options = {c: [i for i, b in enumerate(boxes) if allowed(c, b)] for c in set(cards)}
    for _ in range(60):
        order = list(cards)
        rng.shuffle(order)
        order.sort(key=lambda c: len(options[c]))
        room = [b[2] for b in boxes]
        out: list[list[str]] = [[] for _ in boxes]
        ok = True
        for c in order:
            choices = [i for i in options[c] if room[i] > 0]
            if not choices:
                ok = False
                break
            pick = rng.randrange(sum(room[i] for i in choices))
            for i in choices:
                pick -= room[i]
                if pick < 0:
                    break
            out[i].append(c)
            room[i] -= 1
        if ok:
            return out
    return _assign_flow(cards, boxes, options, rng)


def _assign_flow(
    cards: list[str], boxes: list[tuple[str, int, int]], options: Mapping[str, list[int]], rng: Rng
) -> list[list[str]]:
    """A feasible placement by augmenting paths over card groups (for tight void constraints)."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for c in cards:
        groups.setdefault(tuple(options[c]), []).append(c)
    keys = list(groups)
    flow = [[0] * len(boxes) for _ in keys]
    room = [b[2] for b in boxes]
    for gi, key in enumerate(keys):
        for _ in range(len(groups[key])):
            # Find a path: group gi -> box (with room) possibly via moving one unit between groups.
            if not _augment(gi, keys, flow, room):
                raise ValueError("no placement of the unseen cards fits what play has revealed")
    out: list[list[str]] = [[] for _ in boxes]
    for gi, key in enumerate(keys):
        pool = list(groups[key])
        rng.shuffle(pool)
        for bi, n in enumerate(flow[gi]):
            out[bi].extend(pool[:n])
            pool = pool[n:]
    return out


def _augment(start: int, keys: list[tuple[int, ...]], flow: list[list[int]], room: list[int]) -> bool:
    """One breadth-first augmenting path from a group to a box with room."""
    prev: dict[tuple[str, int], tuple[str, int] | None] = {("g", start): None}
    queue: list[tuple[str, int]] = [("g", start)]
    while queue:
        node = queue.pop(0)
        if node[0] == "g":
            for b in keys[node[1]]:
                if ("b", b) not in prev:
                    prev[("b", b)] = node
                    if room[b] > 0:
                        end: tuple[str, int] | None = ("b", b)
                        room[b] -= 1
                        while end is not None:
                            p = prev[end]
                            if p is None:
                                break
                            if end[0] == "b":
                                flow[p[1]][end[1]] += 1
                            else:
                                flow[end[1]][p[1]] -= 1
                            end = p
                        return True
                    queue.append(("b", b))
        else:
            for g in range(len(keys)):
                if flow[g][node[1]] > 0 and ("g", g) not in prev:
                    prev[("g", g)] = node
                    queue.append(("g", g))
    return False


Hand = Annotated[list[Code], Field(max_length=HAND_SIZE + len(KITTY))]
Won = Annotated[list[Code], Field(max_length=65)]
Bid = Literal["bid", "pass"] | None
Stake = Annotated[int, Field(ge=-600, le=600)]


PHASES = ("bid", "bury", "play", "pay", "over")
Play = tuple[Seat, Code]


class TrickSave(SaveDict):
    leader: Seat
    plays: Annotated[list[Play], Field(max_length=PLAYERS)]
    winner: Seat


class DebtSave(SaveDict):
    card: Code
    to: Seat


class ApologySave(SaveDict):
    """The saved state of a match (``ApologyState._data``); ruling AP-17 says what else must hold."""

    phase: Literal["bid", "bury", "play", "pay", "over"]
    deal_no: Annotated[int, Field(ge=0, le=200)]
    dealer: Seat
    hands: tuple[Hand, Hand, Hand, Hand]
    kitty: Annotated[list[Code], Field(max_length=len(KITTY))]
    bids: tuple[Bid, Bid, Bid, Bid]
    turn: Seat | None
    taker: Seat | None
    buried: Annotated[list[Code], Field(max_length=BURY)]
    leader: Seat
    trick: Annotated[list[Play], Field(max_length=PLAYERS)]
    tricks: Annotated[list[TrickSave], Field(max_length=TRICKS)]
    won: tuple[Won, Won, Won, Won]
    kept: Annotated[list[Code], Field(max_length=len(KITTY))]
    debts: Annotated[list[DebtSave], Field(max_length=len(KITTY))]
    points: tuple[Stake, Stake, Stake, Stake]


class ApologyState(State):
    """A whole match: deals in turn, each bid, exchanged, played out in 15 tricks and settled."""

    game: Apology

    def __init__(self, game: Apology, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.phase = "bid"
        self.deal_no = 0
        self.dealer = 0
        self.hands: list[list[str]] = [[] for _ in range(PLAYERS)]
        self.kitty: list[str] = []
        self.bids: list[str | None] = [None] * PLAYERS
        self.turn: int | None = None
        self.taker: int | None = None
        self.buried: list[str] = []
        self.leader = 0
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[dict[str, Any]] = []
        self.won: list[list[str]] = [[] for _ in range(PLAYERS)]
        self.kept: list[str] = []
        self.debts: list[dict[str, Any]] = []
        self.points: list[int] = [0] * PLAYERS

    # --- flow of the match ---------------------------------------------------------

    def start_deal(self, dealer: int, hands: list[list[str]] | None) -> None:
        self.dealer = dealer
        self.phase = "bid"
        self.taker = None
        self.buried = []
        self.trick = []
        self.tricks = []
        self.won = [[] for _ in range(PLAYERS)]
        self.kept = []
        self.debts = []
        self.bids = [None] * PLAYERS
        self.kitty = list(KITTY)
        if hands is None:
            cards = list(SUITED)
            self.rng.shuffle(cards)
            hands = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(PLAYERS)]
        self.hands = [sort_cards(h) for h in hands]
        self.turn = (dealer + 1) % PLAYERS
        self.leader = self.turn
        self.log.append(
            Event(
                "deal",
                {
                    "dealer": dealer,
                    "hand_number": self.deal_no + 1,
                    "text": f"deal {self.deal_no + 1}: seat {dealer} deals; the Landsknechts and Till "
                    "lie apart",
                },
            )
        )
        for s in range(PLAYERS):
            self.log.append(Event("hand", {"cards": list(self.hands[s])}, to=s))

    def _next_deal(self) -> None:
        self.deal_no += 1
        if self.deal_no >= self.game.options["deals"]:
            self.phase = "over"
            self.turn = None
            self.log.append(Event("match_end", {"scores": list(self.scores), "text": "the match is over"}))
            return
        self._gather()
        self.start_deal((self.dealer + 1) % PLAYERS, None)

    def _gather(self) -> None:
        self.hands = [[] for _ in range(PLAYERS)]
        self.won = [[] for _ in range(PLAYERS)]
        self.kept = []
        self.buried = []
        self.kitty = []

    # --- the State contract --------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.turn

    @property
    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def legal_actions(self) -> list[str]:
        if self.phase == "over" or self.turn is None:
            return []
        if self.phase == "bid":
            return ["bid", "pass"]
        if self.phase == "bury":
            return [f"bury {c}" for c in self._buryable()]
        if self.phase == "pay":
            return [f"give {c}" for c in _distinct(self.won[self.turn])]
        return [f"play {c}" for c in self._playable(self.turn)]

    def _buryable(self) -> list[str]:
        assert self.taker is not None
        cards = _distinct(self.hands[self.taker])
        if not self.game.options["bury_oudlers"]:
            cards = [c for c in cards if not is_oudler(c)]
        return cards

    def _playable(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        suit = led_suit(self.trick)
        if suit is not None and any(suit_of(c) == suit for c in hand):
            return _distinct([c for c in hand if suit_of(c) == suit or c in EXCUSES])
        return _distinct(hand)

    def explain_illegal(self, action: str) -> str:
        words = action.split()
        if self.phase == "over":
            return "the match is over"
        keyword = words[0] if words else ""
        phase_words = {"bid": ("bid", "pass"), "bury": ("bury",), "play": ("play",), "pay": ("give",)}
        if keyword not in phase_words[self.phase]:
            wanted = {
                "bid": "each player in turn says 'bid' or 'pass'",
                "bury": "the taker buries six cards, one at a time: 'bury <card>'",
                "play": "a card is played to the trick: 'play <card>'",
                "pay": "the taker owes an escape payment: 'give <card>' from their won tricks",
            }[self.phase]
            return f"not now: {wanted}"
        if len(words) != 2:
            return f"'{keyword}' takes one card, such as '{keyword} 9H'"
        card = words[1]
        if not EXTENDED_65.is_card(card):
            return f"{echo(card)} is not a card of the extended Bishops Whist pack"
        seat = self.turn
        assert seat is not None
        if keyword == "bury":
            if card not in self.hands[seat]:
                return f"{card} is not in the taker's hand"
            return "the option bury_oudlers=false forbids burying aces, castles and Till"
        if keyword == "give":
            if card in self.kept:
                return f"{card} was escaped, not won in a trick: the payment comes from won tricks"
            return f"{card} is not among the taker's won tricks"
        if card not in self.hands[seat]:
            return f"{card} is not in seat {seat}'s hand"
        suit = led_suit(self.trick)
        assert suit is not None
        return f"must follow suit: {SUIT_NAMES[suit]} were led and the hand holds {SUIT_NAMES[suit]}"

    def _apply(self, action: str) -> None:
        words = action.split()
        seat = self.turn
        assert seat is not None
        if self.phase == "bid":
            self._bid(seat, words[0] == "bid")
        elif self.phase == "bury":
            self._bury(seat, words[1])
        elif self.phase == "pay":
            self._pay(seat, words[1])
        else:
            self._play(seat, words[1])

    # --- bidding and exchange -----------------------------------------------------

    def _bid(self, seat: int, bids: bool) -> None:
        self.bids[seat] = "bid" if bids else "pass"
        word = "bids" if bids else "passes"
        self.log.append(Event("bid", {"seat": seat, "bid": bids, "text": f"seat {seat} {word}"}))
        if bids:
            self._take(seat)
            return
        nxt = (seat + 1) % PLAYERS
        if nxt == (self.dealer + 1) % PLAYERS:
            self.log.append(
                Event("throw_in", {"dealer": self.dealer, "text": "all four pass: the deal is thrown in"})
            )
            self.log.append(
                Event(
                    "hand_end",
                    {
                        "points": [0.0] * PLAYERS,
                        "thrown_in": True,
                        "taker": None,
                        "text": "no taker, nobody scores",
                    },
                )
            )
            self._next_deal()
        else:
            self.turn = nxt

    def _take(self, seat: int) -> None:
        self.taker = seat
        self.hands[seat] = sort_cards(self.hands[seat] + self.kitty)
        self.log.append(
            Event(
                "take",
                {
                    "seat": seat,
                    "kitty": list(self.kitty),
                    "text": f"seat {seat} takes and turns up the kitty: four Landsknechts and Till",
                },
            )
        )
        self.kitty = []
        self.phase = "bury"
        self.turn = seat

    def _bury(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.buried.append(card)
        self.log.append(Event("bury", {"card": card, "text": f"you bury {pretty(card)}"}, to=seat))
        if len(self.buried) == BURY:
            self.log.append(
                Event("buried", {"seat": seat, "count": BURY, "text": f"seat {seat} has buried six cards"})
            )
            self.phase = "play"
            self.leader = (self.dealer + 1) % PLAYERS
            self.turn = self.leader

    # --- trick play ----------------------------------------------------------------

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.log.append(
            Event("play", {"seat": seat, "card": card, "text": f"seat {seat} plays {pretty(card)}"})
        )
        taker = self.taker
        assert taker is not None
        if len(self.trick) < self._trick_size():
            self.turn = self._next_in_trick(seat)
            return
        self._finish_trick()

    def _trick_size(self) -> int:
        """Four cards a trick, but three in the 15th: the taker's 14 cards are spent by then."""
        return PLAYERS - 1 if len(self.tricks) == TRICKS - 1 else PLAYERS

    def _next_in_trick(self, seat: int) -> int:
        nxt = (seat + 1) % PLAYERS
        if nxt == self.taker and self._trick_size() < PLAYERS:
            nxt = (nxt + 1) % PLAYERS
        return nxt

    def _finish_trick(self) -> None:
        taker = self.taker
        assert taker is not None
        winner = trick_winner(self.trick)
        number = len(self.tricks) + 1
        taken: list[str] = []
        escaped: list[dict[str, Any]] = []
        for s, c in self.trick:
            if c in EXCUSES and s != winner:
                if self.hands[s]:
                    escaped.append({"seat": s, "card": c})
                    continue
                self.log.append(
                    Event(
                        "capture",
                        {
                            "seat": winner,
                            "from": s,
                            "card": c,
                            "text": f"seat {winner} captures {pretty(c)}, played by seat {s} as a last card",
                        },
                    )
                )
            taken.append(c)
        self.won[winner].extend(taken)
        self.tricks.append({"leader": self.trick[0][0], "plays": list(self.trick), "winner": winner})
        self.log.append(
            Event(
                "trick",
                {
                    "number": number,
                    "winner": winner,
                    "cards": [c for _, c in self.trick],
                    "points": points_of(taken),
                    "text": f"seat {winner} wins trick {number} ({points_of(taken):g} points)",
                },
            )
        )
        self.trick = []
        for e in escaped:
            self.kept.append(e["card"])
            self.debts.append({"card": e["card"], "to": winner})
            self.log.append(
                Event(
                    "escape",
                    {
                        "seat": e["seat"],
                        "card": e["card"],
                        "to": winner,
                        "text": f"seat {e['seat']} escapes with {pretty(e['card'])} "
                        f"and owes seat {winner} a card",
                    },
                )
            )
        self.leader = winner
        self._after_trick()

    def _after_trick(self) -> None:
        """Collect a due payment, or lead on; the last trick among the defenders is played by itself."""
        taker = self.taker
        assert taker is not None
        if self.debts and self.won[taker]:
            self.phase = "pay"
            self.turn = taker
            return
        self.phase = "play"
        if len(self.tricks) == TRICKS:
            self._settle()
            return
        lead = self.leader
        if not self.hands[lead]:
            lead = (lead + 1) % PLAYERS
        self.leader = lead
        self.turn = lead
        if not self.hands[taker]:
            self._play_forced_trick()

    def _play_forced_trick(self) -> None:
        """The taker has no card left for trick 15: each defender's last card goes down without a choice."""
        seat = self.leader
        while self.phase == "play" and len(self.tricks) < TRICKS:
            assert self.hands[seat], "a defender without a card for the last trick"
            card = self.hands[seat][0]
            self._play(seat, card)
            seat = self._next_in_trick(seat)

    def _pay(self, seat: int, card: str) -> None:
        debt = self.debts.pop(0)
        self.won[seat].remove(card)
        self.won[debt["to"]].append(card)
        self.log.append(
            Event(
                "pay",
                {
                    "seat": seat,
                    "card": card,
                    "to": debt["to"],
                    "for": debt["card"],
                    "text": f"seat {seat} pays seat {debt['to']} {pretty(card)} "
                    f"for escaping with {pretty(debt['card'])}",
                },
            )
        )
        self._after_trick()

    # --- settlement -----------------------------------------------------------------

    def _settle(self) -> None:
        taker = self.taker
        assert taker is not None
        for debt in self.debts:
            if self.game.options["unpaid"] == "forfeit":
                self.kept.remove(debt["card"])
                self.won[debt["to"]].append(debt["card"])
                text = f"the escape with {pretty(debt['card'])} was never paid: seat {debt['to']} takes it"
            else:
                text = f"the escape with {pretty(debt['card'])} was never paid: the debt lapses"
            self.log.append(
                Event(
                    "forfeit",
                    {
                        "card": debt["card"],
                        "to": debt["to"],
                        "rule": self.game.options["unpaid"],
                        "text": text,
                    },
                )
            )
        self.debts = []
        taker_cards = self.won[taker] + self.kept + self.buried
        halves = sum(half_points(c) for c in taker_cards)
        defence = sum(half_points(c) for s in range(PLAYERS) if s != taker for c in self.won[s])
        assert halves + defence == TOTAL_HALVES
        oudlers = oudlers_held(taker_cards, self.game.options["oudlers"])
        target = self.game.target(oudlers)
        made = halves / 2 >= target
        self.log.append(
            Event(
                "reveal",
                {
                    "seat": taker,
                    "buried": list(self.buried),
                    "text": f"seat {taker} buried {_show(self.buried)}",
                },
            )
        )
        sign = 1 if made else -1
        pts = [(3 * sign if s == taker else -sign) for s in range(PLAYERS)]
        for s in range(PLAYERS):
            self.points[s] += pts[s]
            reason = ("taker makes the target" if made else "taker falls short") + (
                "" if s == taker else " (defender)"
            )
            self.log.append(Event("score", {"seat": s, "points": pts[s], "reason": reason}))
        word = "makes" if made else "fails"
        self.log.append(
            Event(
                "hand_end",
                {
                    "points": [float(p) for p in pts],
                    "thrown_in": False,
                    "taker": taker,
                    "dealer": self.dealer,
                    "taker_points": halves / 2,
                    "defence_points": defence / 2,
                    "oudlers": oudlers,
                    "target": target,
                    "made": made,
                    "text": (
                        f"seat {taker} {word}: {halves / 2:g} card points with {oudlers} oudler"
                        f"{'' if oudlers == 1 else 's'} against a target of {target:g}"
                    ),
                },
            )
        )
        self._next_deal()

    # --- views, saving ---------------------------------------------------------------

    def revealed_voids(self) -> list[set[str]]:
        """Suits each seat has shown it lacks by not following (an excuse shows nothing)."""
        voids: list[set[str]] = [set() for _ in range(PLAYERS)]
        for plays in [t["plays"] for t in self.tricks] + [self.trick]:
            suit = led_suit(plays)
            for s, c in plays:
                if suit is not None and c not in EXCUSES and c[-1] != suit:
                    voids[s].add(suit)
        return voids

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.base_view(seat)
        taker = self.taker
        v.update(
            {
                "phase": self.phase,
                "hand_number": self.deal_no + 1,
                "dealer": self.dealer,
                "bids": [b or "-" for b in self.bids],
                "taker": taker,
                "hand_sizes": [len(h) for h in self.hands],
                "kitty_size": len(self.kitty),
                "buried_count": len(self.buried),
                "leader": self.leader,
                "trick": [{"seat": s, "card": c} for s, c in self.trick],
                "last_trick": [{"seat": s, "card": c} for s, c in self.tricks[-1]["plays"]]
                if self.tricks
                else [],
                "tricks": [
                    {
                        "leader": t["leader"],
                        "cards": [{"seat": s, "card": c} for s, c in t["plays"]],
                        "winner": t["winner"],
                    }
                    for t in self.tricks
                ],
                "won": [list(w) for w in self.won],
                "kept": list(self.kept),
                "debts": [dict(d) for d in self.debts],
                "targets": [self.game.target(n) for n in range(4)],
            }
        )
        if taker is not None:
            shown = self.won[taker] + self.kept
            v["taker_points"] = points_of(shown)
            v["defence_points"] = points_of([c for s in range(PLAYERS) if s != taker for c in self.won[s]])
        if seat is not None:
            v["hand"] = list(self.hands[seat])
            if seat == taker or self.phase == "over":
                v["buried"] = list(self.buried)
            if seat == taker:
                v["taker_points_with_buried"] = points_of(self.won[seat] + self.kept + self.buried)
        v["message"] = self._message(seat)
        return v

    def _message(self, seat: int | None) -> str:
        if self.phase == "over":
            return "the match is over"
        who = self.turn
        if self.phase == "bid":
            return f"deal {self.deal_no + 1}, seat {self.dealer} dealt: seat {who} to bid or pass"
        if self.phase == "bury":
            return f"seat {self.taker} is the taker and buries six cards ({len(self.buried)} buried)"
        if self.phase == "pay":
            return f"seat {who} must give a card from their won tricks for an escape"
        return f"seat {self.taker} takes alone; trick {len(self.tricks) + 1}, seat {who} to play"

    def load_public(self, v: Mapping[str, Any]) -> None:
        """Fill everything public from a view (for determinize)."""
        self.phase = v["phase"]
        self.deal_no = int(v["hand_number"]) - 1
        self.dealer = int(v["dealer"])
        self.bids = [None if b == "-" else b for b in v["bids"]]
        self.taker = v["taker"]
        self.turn = v["current_player"]
        self.leader = int(v["leader"])
        self.trick = [(d["seat"], d["card"]) for d in v["trick"]]
        self.tricks = [
            {
                "leader": t["leader"],
                "plays": [(d["seat"], d["card"]) for d in t["cards"]],
                "winner": t["winner"],
            }
            for t in v["tricks"]
        ]
        self.won = [list(w) for w in v["won"]]
        self.kept = list(v["kept"])
        self.debts = [dict(d) for d in v["debts"]]
        self.points = [int(p) for p in v["scores"]]
        self.kitty = list(KITTY) if v["kitty_size"] else []
        self.hands = [[] for _ in range(PLAYERS)]
        self.buried = []

    def inventory(self) -> Counter[str]:
        inv: Counter[str] = Counter()
        for h in self.hands:
            inv.update(h)
        for w in self.won:
            inv.update(w)
        inv.update(self.kept)
        inv.update(self.buried)
        inv.update(self.kitty)
        inv.update(c for _, c in self.trick)
        return inv

    def _data(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "hands": self.hands,
            "kitty": self.kitty,
            "bids": self.bids,
            "turn": self.turn,
            "taker": self.taker,
            "buried": self.buried,
            "leader": self.leader,
            "trick": [list(p) for p in self.trick],
            "tricks": [
                {"leader": t["leader"], "plays": [list(p) for p in t["plays"]], "winner": t["winner"]}
                for t in self.tricks
            ],
            "won": self.won,
            "kept": self.kept,
            "debts": self.debts,
            "points": self.points,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(ApologySave, data, "state")
        self.phase = d["phase"]
        self.deal_no = d["deal_no"]
        self.dealer = d["dealer"]
        self.hands = [list(h) for h in d["hands"]]
        self.kitty = list(d["kitty"])
        self.bids = list(d["bids"])
        self.turn = d["turn"]
        self.taker = d["taker"]
        self.buried = list(d["buried"])
        self.leader = d["leader"]
        self.trick = [(s, c) for s, c in d["trick"]]
        self.tricks = [
            {"leader": t["leader"], "plays": [(s, c) for s, c in t["plays"]], "winner": t["winner"]}
            for t in d["tricks"]
        ]
        self.won = [list(w) for w in d["won"]]
        self.kept = list(d["kept"])
        self.debts = [{"card": x["card"], "to": x["to"]} for x in d["debts"]]
        self.points = list(d["points"])

    # --- what every reachable state satisfies (ruling AP-17) ---------------------------------

    def check_invariants(self) -> None:
        """Refuse any state no play reaches: the pack, the bidding, the sizes, the tricks, the debts."""
        super().check_invariants()
        deals = int(self.game.options["deals"])
        for name, seat in (("dealer", self.dealer), ("leader", self.leader)):
            if not 0 <= seat < PLAYERS:
                raise InvalidState(f"{name}: {seat} is not a seat")
        for name, opt in (("turn", self.turn), ("taker", self.taker)):
            if opt is not None and not 0 <= opt < PLAYERS:
                raise InvalidState(f"{name}: {opt} is not a seat")
        if self.phase not in PHASES:
            raise InvalidState(f"phase: {echo(self.phase)} is not one of {', '.join(PHASES)}")
        if self.phase == "over":
            if self.deal_no != deals or self.turn is not None:
                raise InvalidState(f"phase: the match is over after {deals} deals, not {self.deal_no}")
        elif not 0 <= self.deal_no < deals or self.turn is None:
            raise InvalidState(f"deal_no: deal {self.deal_no + 1} is being played in a {deals}-deal match")
        if sum(self.points) != 0 or any(abs(p) > 3 * self.deal_no for p in self.points):
            raise InvalidState(f"points: {self.points} is not what {self.deal_no} deals can score")
        inventory = self.inventory()
        if inventory != EXTENDED_65.counts():
            extra = sorted((inventory - EXTENDED_65.counts()).elements())
            missing = sorted((EXTENDED_65.counts() - inventory).elements())
            raise InvalidState(
                "hands: the hands, kitty, burial, tricks and won cards must hold the pack exactly once "
                f"(extra: {echo(', '.join(extra)) if extra else 'none'}; "
                f"missing: {echo(', '.join(missing)) if missing else 'none'})"
            )
        first = (self.dealer + 1) % PLAYERS
        self._check_bids(first)
        taker = self.taker
        for s in range(PLAYERS):
            if s != taker and any(c in EXCUSES for c in self.hands[s]):
                raise InvalidState(f"hands.{s}: only the taker ever holds a Landsknecht or Till")
        if (taker is None or self.phase == "bury") and (self.tricks or self.debts):
            raise InvalidState("tricks: no trick is played before the taker has buried six cards")
        if taker is None:
            # the bidding, or the end of a match whose last deal was thrown in
            if self.kitty != list(KITTY) or any(len(h) != HAND_SIZE for h in self.hands):
                raise InvalidState("kitty: before a bid the kitty and the four hands of 15 are untouched")
            if self.leader != first:
                raise InvalidState(f"leader: seat {first} leads the first trick, not {self.leader}")
            return
        if self.kitty:
            raise InvalidState("kitty: the taker has taken the kitty")
        if not self.game.options["bury_oudlers"] and any(is_oudler(c) for c in self.buried):
            raise InvalidState("buried: bury_oudlers=false forbids burying aces, castles and Till")
        if self.phase == "bury":
            others = [len(self.hands[s]) for s in range(PLAYERS) if s != taker]
            if (
                len(self.buried) >= BURY
                or len(self.hands[taker]) != HAND_SIZE + len(KITTY) - len(self.buried)
                or others != [HAND_SIZE] * 3
                or self.turn != taker
                or self.leader != first
            ):
                raise InvalidState(f"buried: seat {taker} buries six cards from twenty before anyone plays")
            return
        if len(self.buried) != BURY:
            raise InvalidState(f"buried: the taker buries exactly {BURY} cards before the play")
        self._check_play(first, taker)

    def _check_bids(self, first: int) -> None:
        """Passes from the dealer's left up to the taker's bid (or four passes), nobody asked after."""
        order = [(first + i) % PLAYERS for i in range(PLAYERS)]
        passes = 0
        while passes < PLAYERS and self.bids[order[passes]] == "pass":
            passes += 1
        if passes < PLAYERS and self.bids[order[passes]] == "bid":
            expected_taker: int | None = order[passes]
            asked = passes + 1
        else:
            expected_taker, asked = None, passes
        if any(self.bids[order[i]] is not None for i in range(asked, PLAYERS)):
            raise InvalidState(f"bids: {echo(self.bids)} is not a bidding from seat {first} on")
        if self.taker != expected_taker:
            raise InvalidState(f"taker: seat {self.taker}, but the bids make seat {expected_taker} the taker")
        if expected_taker is None:
            if self.phase == "bid" and (passes == PLAYERS or self.turn != order[passes]):
                raise InvalidState(f"turn: seat {self.turn} is to bid after {passes} passes")
            if self.phase == "over" and passes != PLAYERS:
                raise InvalidState("phase: a deal without a taker ends only when all four pass")
            if self.phase not in ("bid", "over"):
                raise InvalidState(f"phase: {self.phase} needs a taker")
        elif self.phase == "bid":
            raise InvalidState("phase: the bidding is over once a player bids")

    def _check_play(self, first: int, taker: int) -> None:
        """The tricks, in order: who led and played, who won, who escaped and who was paid."""
        phase, tricks = self.phase, self.tricks
        n = len(tricks)
        if phase == "over":
            bad = n != TRICKS or bool(self.trick) or any(self.hands) or bool(self.debts)
        elif phase == "pay":
            bad = not 1 <= n < TRICKS or bool(self.trick) or self.turn != taker
            bad = bad or not self.debts or not self.won[taker]
        else:
            bad = n >= TRICKS - 1 or (bool(self.debts) and bool(self.won[taker]))
        if bad:
            raise InvalidState(f"phase: {phase} with {n} tricks played is not a position of the play")
        leader = first
        played = [0] * PLAYERS
        escapes: list[tuple[str, int]] = []
        base: list[Counter[str]] = [Counter() for _ in range(PLAYERS)]
        for i, t in enumerate(tricks):
            plays = t["plays"]
            if not all(EXTENDED_65.is_card(c) for _, c in plays):
                raise InvalidState(f"tricks.{i}: {echo(plays)} names a card not in the pack")
            seats = [(leader + j) % PLAYERS for j in range(PLAYERS)]
            if i == TRICKS - 1:
                seats = [s for s in seats if s != taker]
            if t["leader"] != leader or [s for s, _ in plays] != seats:
                raise InvalidState(f"tricks.{i}: seat {leader} leads it and the others follow in turn")
            if any(c in EXCUSES and s != taker for s, c in plays) or all(c in EXCUSES for _, c in plays):
                raise InvalidState(f"tricks.{i}: only the taker plays a Landsknecht or Till")
            winner = trick_winner(plays)
            if t["winner"] != winner:
                raise InvalidState(f"tricks.{i}.winner: seat {winner} won that trick, not {t['winner']}")
            for s, c in plays:
                played[s] += 1
                if c in EXCUSES and i < TRICKS - 2:  # escaped: not its player's last card
                    escapes.append((c, winner))
                else:
                    base[winner][c] += 1
            leader = winner
            if i == TRICKS - 2 and winner == taker:
                leader = (taker + 1) % PLAYERS  # the taker has no card for the 15th trick
        if self.leader != (tricks[-1]["winner"] if phase != "play" else leader):
            raise InvalidState(f"leader: seat {self.leader} does not lead after these tricks")
        if phase == "play":
            seats = [(leader + j) % PLAYERS for j in range(len(self.trick))]
            if [s for s, _ in self.trick] != seats or len(self.trick) >= PLAYERS:
                raise InvalidState(f"trick: seat {leader} leads it and the others follow in turn")
            if any(c in EXCUSES and s != taker for s, c in self.trick):
                raise InvalidState("trick: only the taker plays a Landsknecht or Till")
            if self.turn != (leader + len(self.trick)) % PLAYERS:
                raise InvalidState(f"turn: seat {self.turn} is not next to play to the trick")
            for s, _ in self.trick:
                played[s] += 1
        for s in range(PLAYERS):
            start = HAND_SIZE + len(KITTY) - BURY if s == taker else HAND_SIZE
            if len(self.hands[s]) != start - played[s]:
                raise InvalidState(f"hands.{s}: {len(self.hands[s])} cards after playing {played[s]}")
        self._check_follow_suit()
        self._check_won(taker, base, escapes)

    def _check_follow_suit(self) -> None:
        """Nobody failed to follow suit while holding the suit (read backwards from the hands)."""
        held = [{c[-1] for c in h if c not in EXCUSES} for h in self.hands]
        for i, plays in [
            (len(self.tricks), self.trick),
            *reversed(list(enumerate(t["plays"] for t in self.tricks))),
        ]:
            suit = led_suit(plays)
            for s, c in plays:
                if suit is not None and c not in EXCUSES and c[-1] != suit and suit in held[s]:
                    raise InvalidState(f"tricks.{i}: seat {s} did not follow {SUIT_NAMES[suit]} holding one")
            for s, c in plays:
                if c not in EXCUSES:
                    held[s].add(c[-1])

    def _check_won(self, taker: int, base: list[Counter[str]], escapes: list[tuple[str, int]]) -> None:
        """Won cards are the tricks' cards, less the escapes, with payments (and forfeits) moved on."""
        if Counter(self.won[taker]) - base[taker]:
            raise InvalidState(f"won.{taker}: the taker holds a card it did not win")
        paid = base[taker] - Counter(self.won[taker])
        paid_to = [0] * PLAYERS
        forfeited: list[Counter[str]] = [Counter() for _ in range(PLAYERS)]
        suited_extra: Counter[str] = Counter()
        for s in range(PLAYERS):
            if s == taker:
                continue
            mine = Counter(self.won[s])
            if base[s] - mine:
                raise InvalidState(f"won.{s}: a card of a trick seat {s} won is missing")
            for c, k in (mine - base[s]).items():
                if c in EXCUSES:
                    forfeited[s][c] += k
                else:
                    paid_to[s] += k
                    suited_extra[c] += k
        if suited_extra != paid or sum(paid_to) > len(escapes):
            raise InvalidState("won: the payments for escapes do not add up")
        done = sum(paid_to)
        for s in range(PLAYERS):
            if paid_to[s] != sum(1 for _, w in escapes[:done] if w == s):
                raise InvalidState(f"won.{s}: seat {s} was paid for escapes it did not win")
        unpaid = escapes[done:]
        if self.phase != "over":
            if self.debts != [{"card": c, "to": w} for c, w in unpaid]:
                raise InvalidState("debts: the unpaid escapes, oldest first, are the debts")
            settled: list[Counter[str]] = [Counter() for _ in range(PLAYERS)]
            kept = Counter(c for c, _ in escapes)
        elif self.game.options["unpaid"] == "forfeit":
            settled = [Counter(c for c, w in unpaid if w == s) for s in range(PLAYERS)]
            kept = Counter(c for c, _ in escapes[:done])
        else:
            settled = [Counter() for _ in range(PLAYERS)]
            kept = Counter(c for c, _ in escapes)
        if forfeited != settled:
            raise InvalidState("won: a Landsknecht or Till went to a defender without a forfeit")
        if Counter(self.kept) != kept:
            raise InvalidState("kept: the escaped cards stay with the taker")


def _distinct(cards: Sequence[str]) -> list[str]:
    return sort_cards(list(dict.fromkeys(cards)))


def _show(cards: Sequence[str]) -> str:
    return " ".join(pretty(c) for c in sort_cards(cards)) or "nothing"
