"""Lansquenet: a banker against the table, two cards turned and a race to be matched.

Two forms: the 19th-century French game (``variant="classic"``: a bank put up,
bets against it, the bank's card against the players' card) and Hoyle's older
form with the réjouissance card (``variant="hoyle"``: the banker covers bets on
every fresh card laid out). Chips are counted in whole units and never created
or destroyed: every chip is in a purse, in the bank or in a bet on the table.
Seats are numbered anticlockwise, so the player on seat ``s``'s right is
``s + 1`` and on their left ``s - 1``.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from itertools import pairwise
from typing import Annotated, Any, Literal

from pydantic import Field

from parlour.cards import FRENCH_52, Pack, french_shoe
from parlour.engine import (
    AmountRange,
    Event,
    Game,
    InvalidDeal,
    InvalidState,
    Option,
    Rng,
    State,
    parse_amount,
)
from parlour.engine.actions import MAX_AMOUNT_DIGITS
from parlour.engine.errors import echo
from parlour.engine.saves import Code, Count, Points, SaveDict, Seat, Word, checked

RANKS: tuple[str, ...] = FRENCH_52.suit_ranks["S"]
"""Ace high, two low: used only to draw for the first bank."""

MAX_CHIPS = 10**9
"""All the chips at the table together (ruling LQ-28): explicit deals, options and saves stay within it."""
MAX_STAKE = MAX_CHIPS // 10
"""The largest ``stake`` option: ten players each holding it stay within ``MAX_CHIPS``."""
MAX_PACKS = 8
MAX_STACKS = 1000
"""An explicit deal stacks at most this many deals (ruling LQ-28)."""
TOTAL_CHIPS_MAX = MAX_CHIPS
"""Kept for callers of the old name: the bound of a deal's points per seat."""

_BASE_KEYS = frozenset(
    {
        "game",
        "seat",
        "players",
        "current_player",
        "is_over",
        "scores",
        "teams",
        "winners",
        "legal_actions",
        "legal_ranges",
    }
)
_DERIVED_KEYS = frozenset({"message", "stock_size", "dealer", "on_table", "last"})

_SCORE_REASONS = frozenset({"stake", "deal", "spot"})
"""Why a seat's chips change: its starting stake, a deal settled, a Hoyle card matched."""

# --- what a save holds (ruling LQ-30) ------------------------------------------------------------

Chips = Annotated[int, Field(ge=0, le=MAX_CHIPS)]
_SHOE = MAX_PACKS * 52
Cards = Annotated[list[Code], Field(max_length=_SHOE)]
PerSeat = Annotated[list[Chips], Field(min_length=2, max_length=10)]
Seats = Annotated[list[Seat], Field(max_length=10)]
DealPoints = Annotated[list[Points], Field(min_length=2, max_length=10)]


class SpotSave(SaveDict):
    """A card laid out in Hoyle's game, with the bets standing on it."""

    card: Code
    matched: bool
    bets: PerSeat


class ClassicDealSave(SaveDict):
    bank_card: Code
    players_card: Code
    pile: Cards
    result: Word
    same_rank: bool
    points: DealPoints


class HoyleDealSave(SaveDict):
    bank_card: Code
    hand_cards: Annotated[list[Code], Field(max_length=2)]
    table: Annotated[list[Code], Field(max_length=13)]
    pile: Cards
    result: Word
    points: DealPoints


class VoidDealSave(SaveDict):
    result: Word
    points: DealPoints


class BookkeepingSave(SaveDict):
    to_act: Seat | None
    passed: Seats
    queue: Seats
    base_bank: Chips
    same_rank_win: bool
    deal_before: Annotated[list[Chips], Field(max_length=10)]


class PublicSave(SaveDict):
    phase: Literal["bank", "bet", "hbet", "keep", "buy", "over"]
    purses: PerSeat
    bank: Chips
    bets: PerSeat
    banker: Seat
    starter: Seat
    bank_card: Code | None
    players_card: Code | None
    pile: Cards
    hand_cards: Annotated[list[Code], Field(max_length=2)]
    hand_matched: Annotated[list[bool], Field(max_length=2)]
    table: Annotated[list[SpotSave], Field(max_length=13)]
    discards: Cards
    banks_started: Annotated[list[Count], Field(min_length=2, max_length=10)]
    deals_played: Count
    wins_in_row: Count
    last_deal: ClassicDealSave | HoyleDealSave | VoidDealSave | None
    bookkeeping: BookkeepingSave


class LansquenetSave(SaveDict):
    public: PublicSave
    shoe: Cards
    stacks: Annotated[list[Cards], Field(max_length=MAX_STACKS)]


def rank_of(code: str) -> str:
    return code[:-1]


def pretty(code: str) -> str:
    return FRENCH_52.pretty(code)


def twins_take(bet: int) -> int:
    """What the bank takes of a bet of ``bet`` chips on a same-rank start with twins: half, and
    the odd chip of an odd bet (ruling LQ-11). The exact odds use this very function."""
    return (bet + 1) // 2


class Lansquenet(Game):
    """The game; its options fix the variant, the pack or shoe and the session's length."""

    name = "lansquenet"
    title = "Lansquenet"
    min_players = 2
    max_players = 10
    pack = "french52"
    summary = (
        "A banker puts up a bank, the others bet against it; the bank's card and the players' card "
        "race to be matched first. Pure chance with a small edge to the bank."
    )
    option_specs = (
        Option("players", 4, "number of players, banker included", minimum=2, maximum=10),
        Option("stake", 100, "chips each player starts with", minimum=1, maximum=MAX_STAKE),
        Option(
            "length",
            "banks",
            "how the session's length is agreed: 'banks' (until every player still in has started "
            "the bank `rounds` times) or 'deals' (a fixed number of deals, `deals`)",
            choices=("banks", "deals"),
        ),
        Option(
            "rounds",
            2,
            "with length=banks: how many times each player starts the bank",
            minimum=1,
            maximum=100,
        ),
        Option(
            "deals", 30, "with length=deals: how many deals the session lasts", minimum=1, maximum=100_000
        ),
        Option(
            "packs",
            1,
            "1: one pack shuffled before every deal; N > 1: a shoe of N packs (the old game used six), "
            "reshuffled at the reserve point",
            minimum=1,
            maximum=MAX_PACKS,
        ),
        Option(
            "reserve",
            25,
            "with a shoe: reshuffle before a deal once fewer than this percentage of the shoe is left",
            minimum=0,
            maximum=90,
        ),
        Option(
            "twins",
            False,
            "jumelle: a same-rank start wins the bank only half of each bet (the odd chip of an odd bet "
            "goes to the bank)",
        ),
        Option(
            "takeout",
            True,
            "after a same-rank start the banker may take those winnings out of the bank and deal again "
            "(a main rule of the source; false turns it off)",
        ),
        Option(
            "variant",
            "classic",
            "'classic': the French bank game; 'hoyle': Hoyle's game with hand cards and the réjouissance",
            choices=("classic", "hoyle"),
        ),
    )
    hand_points_bounds = (-float(MAX_CHIPS), float(MAX_CHIPS))

    @property
    def shoe_pack(self) -> Pack:
        return french_shoe(int(self.options["packs"]))

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> LansquenetState:
        state = LansquenetState(self, seed)
        if deal is None:
            deal = {}
        if not isinstance(deal, Mapping):
            raise InvalidDeal(f"a deal is a mapping such as {{'banker': 0}}, not {type(deal).__name__}")
        state.setup(deal)
        return state

    def _blank_state(self) -> LansquenetState:
        return LansquenetState(self, 0)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> LansquenetState:
        """All is face up but the order of the stock: keep the view, reshuffle the stock."""
        state = LansquenetState(self, rng.randrange(2**63))
        public = {k: copy.deepcopy(v) for k, v in view.items() if k not in _BASE_KEYS | _DERIVED_KEYS}
        state.set_public(public)
        state.shoe = state.unseen_cards()
        state.rng.shuffle(state.shoe)
        return state


class LansquenetState(State):
    """One session: the bank goes round until the agreed length is played."""

    game: Lansquenet

    def __init__(self, game: Lansquenet, seed: int | None = None) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self.phase = "over"
        self.to_act: int | None = None
        self.purse = [0] * n
        self.bank = 0
        self.bets = [0] * n
        self.banker: int | None = None
        self.starter = 0
        self.passed: list[int] = []
        self.queue: list[int] = []
        self.bank_card: str | None = None
        self.players_card: str | None = None
        self.pile: list[str] = []
        self.hand_cards: list[str] = []
        self.hand_matched: list[bool] = []
        self.spots: list[dict[str, Any]] = []
        self.discards: list[str] = []
        self.shoe: list[str] = []
        self.stacks: list[list[str]] = []
        self.banks_started = [0] * n
        self.deals_played = 0
        self.wins = 0
        self.base_bank = 0
        self.same_rank_win = False
        self.last_deal: dict[str, Any] | None = None
        self.deal_before: list[int] = []

    # --- set-up -------------------------------------------------------------------------

    @property
    def hoyle(self) -> bool:
        return bool(self.game.options["variant"] == "hoyle")

    def setup(self, deal: Mapping[str, Any]) -> None:
        """Start the session from an explicit ``deal`` (any part of it may be left out)."""
        n = self.num_players
        chips, first, stacks = self._checked_deal(deal)
        self.stacks = stacks
        self.shoe = list(self.game.shoe_pack.cards)
        self.purse = chips
        for s in range(n):
            self.log.append(Event("score", {"seat": s, "points": self.purse[s], "reason": "stake"}))
        if first is not None:
            self.log.append(
                Event("first_banker", {"seat": first, "text": f"seat {first} takes the first bank"})
            )
        else:
            first = self._draw_for_bank()
        if int(self.game.options["packs"]) > 1:
            self._shuffle_and_cut(first)
        self._start_bank_turn(first)

    def _checked_deal(self, deal: Mapping[str, Any]) -> tuple[list[int], int | None, list[list[str]]]:
        """The deal's chips, first banker and stacks, or ``InvalidDeal`` saying what is wrong."""
        n = self.num_players
        allowed = ("banker", "chips", "stacks")
        unknown = [k for k in deal if k not in allowed]
        if unknown:
            shown = ", ".join(echo(k) for k in unknown[:5])
            raise InvalidDeal(f"unknown deal keys: {shown}; allowed: {', '.join(allowed)}")
        raw = deal.get("chips", [int(self.game.options["stake"])] * n)
        if not isinstance(raw, list | tuple) or len(raw) != n:
            raise InvalidDeal(f"chips must be a list of {n} whole numbers, one per seat, not {echo(raw)}")
        chips: list[int] = []
        for s, c in enumerate(raw):
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= MAX_CHIPS:
                raise InvalidDeal(
                    f"chips: seat {s} has {echo(c)}; chips are whole numbers from 0 to {MAX_CHIPS:,}"
                )
            chips.append(c)
        if sum(chips) > MAX_CHIPS:  # ruling LQ-28
            raise InvalidDeal(f"chips: at most {MAX_CHIPS:,} chips in all at the table, not {sum(chips):,}")
        if sum(1 for c in chips if c > 0) < 2:
            raise InvalidDeal("chips: at least two players must hold chips")
        first: int | None = None
        if "banker" in deal:
            b = deal["banker"]
            if isinstance(b, bool) or not isinstance(b, int) or not 0 <= b < n or chips[b] <= 0:
                raise InvalidDeal(
                    f"banker must be the seat (0 to {n - 1}) of a player holding chips, not {echo(b)}"
                )
            first = b
        return chips, first, self._checked_stacks(deal.get("stacks", []))

    def _checked_stacks(self, raw: object) -> list[list[str]]:
        pack = self.game.shoe_pack
        if not isinstance(raw, list | tuple):
            raise InvalidDeal(f"stacks must be a list of lists of card codes, not {echo(raw)}")
        if len(raw) > MAX_STACKS:
            raise InvalidDeal(f"stacks: at most {MAX_STACKS} stacked deals")
        stacks: list[list[str]] = []
        for i, stack in enumerate(raw):
            if not isinstance(stack, list | tuple) or len(stack) > len(pack):
                raise InvalidDeal(
                    f"stack {i} must be a list of at most {len(pack)} card codes, not {echo(stack)}"
                )
            for card in stack:
                if not isinstance(card, str) or not pack.is_card(card):
                    raise InvalidDeal(f"stack {i}: {echo(card)} is not a card of the {pack.title}")
            excess = Counter(stack) - pack.counts()
            if excess:
                raise InvalidDeal(f"stack {i}: too many of {echo(sorted(excess))} for the {pack.title}")
            stacks.append(list(stack))
        return stacks

    def _draw_for_bank(self) -> int:
        """Highest card drawn takes the first bank (ace high); those tied for highest draw again."""
        self.rng.shuffle(self.shoe)
        drawing = [s for s in range(self.num_players) if self.purse[s] > 0]
        while True:
            if len(self.shoe) < len(drawing):
                self.shoe += self.discards
                self.discards = []
                self.rng.shuffle(self.shoe)
            drawn: dict[int, str] = {}
            for s in drawing:
                drawn[s] = self.shoe.pop()
                self.discards.append(drawn[s])
                self.log.append(
                    Event("draw", {"seat": s, "card": drawn[s], "text": f"seat {s} draws {pretty(drawn[s])}"})
                )
            best = min(RANKS.index(rank_of(c)) for c in drawn.values())
            drawing = [s for s in drawing if RANKS.index(rank_of(drawn[s])) == best]
            if len(drawing) == 1:
                break
        first = drawing[0]
        self.shoe += self.discards
        self.discards = []
        self.log.append(
            Event("first_banker", {"seat": first, "text": f"seat {first} draws highest and banks"})
        )
        return first

    # --- the contract ---------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.to_act

    def wealth(self, seat: int) -> int:
        """A seat's chips wherever they lie: purse, bank and bets on the table."""
        total = self.purse[seat] + self.bets[seat]
        if seat == self.banker:
            total += self.bank
        for spot in self.spots:
            total += spot["bets"][seat]
        return total

    @property
    def scores(self) -> list[float]:
        return [float(self.wealth(s)) for s in range(self.num_players)]

    def _compute_legal(self) -> list[str]:
        """The moves that name no amount; ``bank N`` and ``bet N`` are ranges (``legal_ranges``)."""
        s = self.current_player
        if s is None:
            return []
        if self.phase == "bet":
            return ["banco", "pass"] if self.purse[s] + self.bets[s] >= self.bank else ["pass"]
        if self.phase == "hbet":
            return ["pass"]
        if self.phase == "keep":
            acts = ["keep"]
            if self.takeout_allowed():
                acts.append("takeout")
            return [*acts, "stop"]
        if self.phase == "buy":
            return ["buy", "pass"]
        return []  # the bank phase: only 'bank N'

    def legal_ranges(self) -> list[AmountRange]:
        """``bank N`` from 1 to the purse; ``bet N`` up to the room left in the bank (or the banker's
        cover in Hoyle's game) and the purse: one entry each, however many chips are in play."""
        s = self.current_player
        if s is None:
            return []
        if self.phase == "bank":
            return [AmountRange("bank", 1, self.purse[s])] if self.purse[s] > 0 else []
        if self.phase in ("bet", "hbet"):
            cap = (
                min(self.room(), self.purse[s])
                if self.phase == "bet"
                else min(self.purse[s], self.cover_left())
            )
            return [AmountRange("bet", 1, cap)] if cap > 0 else []
        return []

    def room(self) -> int:
        """What may still be bet against the bank: all bets together may not exceed it."""
        return max(0, self.bank - sum(self.bets))

    def takeout_allowed(self) -> bool:
        """After a same-rank start the banker may take those winnings out (ruling LQ-13)."""
        return bool(self.game.options["takeout"]) and self.same_rank_win and self.bank > self.base_bank

    def normalize(self, text: str) -> str:
        """Lower-case words; an amount written with leading zeros becomes plain (``bet 05`` is ``bet 5``)."""
        words = text.lower().split()
        if len(words) == 2:
            amount = parse_amount(words[1])
            if amount is not None:
                words[1] = str(amount)
        return " ".join(words)

    def explain_illegal(self, action: str) -> str:
        """Which rule refuses ``action``; never repeats more than a few characters of it."""
        s = self.current_player
        if s is None:
            return "the session is over"
        words = action.split()
        key = words[0] if words else ""
        named = key in ("bank", "bet")
        if named and len(words) != 2:
            return f"'{key} N' names one amount of chips, such as '{key} 5'"
        amount = parse_amount(words[1]) if named else None
        if named and amount is None:
            return (
                f"{echo(words[1])} is not an amount of chips: write a whole number in plain digits "
                f"(at most {MAX_AMOUNT_DIGITS} of them), such as '{key} 5'"
            )
        if key in ("banco", "pass", "keep", "takeout", "stop", "buy") and len(words) > 1:
            return f"'{key}' takes no amount"
        if self.phase == "bank":
            if key != "bank":
                return (
                    f"seat {s} must put up a bank first: 'bank N', N from 1 to the {self.purse[s]} chips held"
                )
            if amount is None or amount < 1:
                return "a bank is a whole number of chips, at least 1: 'bank 10'"
            return f"nobody may bank more than they hold: seat {s} holds {self.purse[s]}"
        if self.phase == "bet":
            if key == "banco":
                need = self.bank - self.bets[s]
                return f"banco (the whole {self.bank}) needs {need} more chips; you hold {self.purse[s]}"
            if key != "bet":
                return "while bets are placed: 'bet N', 'banco' (the whole bank) or 'pass'"
            if amount is None or amount < 1:
                return "a bet is a whole number of chips, at least 1: 'bet 5'"
            if amount > self.room():
                return f"all bets together may not exceed the bank: only {self.room()} more may be bet"
            return f"nobody may bet more than they hold: you hold {self.purse[s]}"
        if self.phase == "hbet":
            if key != "bet":
                return "bet on the card just laid out ('bet N') or 'pass'"
            if amount is None or amount < 1:
                return "a bet is a whole number of chips, at least 1: 'bet 5'"
            if amount > self.cover_left():
                return f"the banker can cover only {self.cover_left()} more chips of bets"
            return f"nobody may bet more than they hold: you hold {self.purse[s]}"
        if self.phase == "keep":
            if key == "takeout":
                if not self.game.options["takeout"]:
                    return "taking winnings out is off in this game (option takeout=false)"
                if self.hoyle:
                    return "Hoyle's game has no bank to take winnings out of"
                return "winnings may be taken out only after a win from a same-rank start"
            return "the winning banker must 'keep' the bank and deal again, or 'stop'"
        if self.phase == "buy":
            return f"the bank of {self.bank_size_for_sale()} is for sale: 'buy' it or 'pass'"
        return super().explain_illegal(action)

    def _apply(self, action: str) -> None:
        s = self.to_act
        assert s is not None
        words = action.split()
        key = words[0]
        if self.phase == "bank":
            self._put_up_bank(s, int(words[1]))
        elif self.phase == "bet":
            if key == "bet":
                self._bet(s, int(words[1]))
            elif key == "banco":
                self._banco(s)
            else:
                self._pass_bet(s)
        elif self.phase == "hbet":
            if key == "bet":
                amount = int(words[1])
                self.purse[s] -= amount
                self.spots[-1]["bets"][s] += amount
                card = self.spots[-1]["card"]
                self._say(
                    "bet", f"seat {s} bets {amount} on {pretty(card)}", seat=s, amount=amount, card=card
                )
            else:
                self._say("pass", f"seat {s} passes", seat=s)
            self._next_hoyle_bettor()
        elif self.phase == "keep":
            self._keep_or_stop(s, key)
        elif self.phase == "buy":
            self._buy_or_pass(s, key)

    # --- the bank turn --------------------------------------------------------------------

    def _say(self, kind: str, text: str, **data: Any) -> None:
        self.log.append(Event(kind, {**data, "text": text}))

    def alive(self) -> list[int]:
        return [s for s in range(self.num_players) if self.wealth(s) > 0]

    def _start_bank_turn(self, seat: int) -> None:
        self.banker = self.starter = seat
        self.banks_started[seat] += 1
        self.wins = 0
        self.same_rank_win = False
        if self.hoyle:
            self._say("banker", f"seat {seat} takes the deal", seat=seat)
            self._hoyle_deal()
        else:
            self.phase, self.to_act = "bank", seat
            self._say("banker", f"seat {seat} takes the bank", seat=seat)

    def _put_up_bank(self, seat: int, amount: int) -> None:
        self.purse[seat] -= amount
        self.bank = amount
        self._say("bank", f"seat {seat} puts up a bank of {amount}", seat=seat, amount=amount)
        self._open_betting()

    def _open_betting(self) -> None:
        self.bets = [0] * self.num_players
        self.passed = []
        self.base_bank = self.bank
        self.phase = "bet"
        nxt = self._next_bettor(self._seat_of_banker())
        if nxt is None:
            self._deal_classic()
        else:
            self.to_act = nxt

    def _seat_of_banker(self) -> int:
        assert self.banker is not None
        return self.banker

    def _next_bettor(self, after: int) -> int | None:
        """The next seat to the right that may still bet and has not passed since the last bet."""
        n = self.num_players
        for k in range(1, n + 1):
            s = (after + k) % n
            if s != self.banker and self.purse[s] > 0 and s not in self.passed:
                return s
        return None

    def _bet(self, seat: int, amount: int) -> None:
        self.purse[seat] -= amount
        self.bets[seat] += amount
        self.passed = []
        self._say("bet", f"seat {seat} bets {amount}", seat=seat, amount=amount)
        if sum(self.bets) >= self.bank:
            self._say("covered", "the bets cover the bank")
            self._deal_classic()
            return
        nxt = self._next_bettor(seat)
        if nxt is None:
            self._deal_classic()
        else:
            self.to_act = nxt

    def _banco(self, seat: int) -> None:
        for s in range(self.num_players):
            if s != seat and self.bets[s]:
                self.purse[s] += self.bets[s]
                self.bets[s] = 0
        self.purse[seat] -= self.bank - self.bets[seat]
        self.bets[seat] = self.bank
        self._say(
            "banco", f"seat {seat} bets the whole bank ({self.bank}); all other bets go back", seat=seat
        )
        self._deal_classic()

    def _pass_bet(self, seat: int) -> None:
        self.passed.append(seat)
        self._say("pass", f"seat {seat} passes", seat=seat)
        nxt = self._next_bettor(seat)
        if nxt is None:
            self._deal_classic()
        else:
            self.to_act = nxt

    # --- cards ---------------------------------------------------------------------------

    def unseen_cards(self) -> list[str]:
        """The stock as a multiset: the shoe less every card face up or in the discard."""
        out = Counter(self.game.shoe_pack.cards)
        out.subtract(self._face_up())
        return sorted(out.elements())

    def _face_up(self) -> list[str]:
        cards = [*self.discards, *self.pile, *self.hand_cards, *(sp["card"] for sp in self.spots)]
        cards += [c for c in (self.bank_card, self.players_card) if c is not None]
        return cards

    def _prepare_stock(self) -> None:
        """Shuffle and cut before a deal: always with one pack; with a shoe, at the reserve point."""
        packs = int(self.game.options["packs"])
        total = len(self.game.shoe_pack.cards)
        threshold = total * int(self.game.options["reserve"]) / 100
        if packs == 1 or len(self.shoe) < threshold or len(self.shoe) < 2 or self.stacks:
            self.shoe += self.discards
            self.discards = []
            if self.stacks:
                self.rng.shuffle(self.shoe)
                stack = self.stacks.pop(0)
                for c in stack:
                    self.shoe.remove(c)
                self.shoe += list(reversed(stack))
                self._say("stacked", "the cards are stacked as the deal says")
            else:
                self._shuffle_and_cut(self._seat_of_banker())

    def _shuffle_and_cut(self, banker: int) -> None:
        packs = int(self.game.options["packs"])
        self.rng.shuffle(self.shoe)
        self._say("shuffle", "the banker shuffles" + ("" if packs == 1 else f" the shoe of {packs} packs"))
        cutter = (banker - 1) % self.num_players
        at = 1 + self.rng.randrange(len(self.shoe) - 1)
        self.shoe = self.shoe[at:] + self.shoe[:at]
        self._say("cut", f"seat {cutter}, on the banker's left, cuts", seat=cutter)

    def _draw(self) -> str:
        if not self.shoe:
            # Only a shoe can run dry in mid-deal: the discards are shuffled into a new stock.
            self.shoe, self.discards = self.discards, []
            self.rng.shuffle(self.shoe)
            self._say("shuffle", "the stock is exhausted: the discards are shuffled to go on")
        return self.shoe.pop()

    def _clear_table(self) -> None:
        self.discards += [c for c in (self.bank_card, self.players_card) if c is not None]
        self.discards += self.hand_cards + [sp["card"] for sp in self.spots] + self.pile
        self.bank_card = self.players_card = None
        self.pile = []
        self.hand_cards = []
        self.hand_matched = []
        self.spots = []
        if int(self.game.options["packs"]) == 1:
            self.shoe += self.discards
            self.discards = []

    # --- the classic deal -----------------------------------------------------------------

    def _deal_classic(self) -> None:
        banker = self._seat_of_banker()
        before = [self.wealth(s) for s in range(self.num_players)]
        staked = sum(self.bets)
        if staked == 0:
            self.purse[banker] += self.bank
            self.bank = 0
            self._say("void", "nobody bets: the bank is taken back and passes on")
            self.deals_played += 1
            self.last_deal = {"result": "no bets"}
            self._end_deal(before, {"void": True})
            if self.phase != "over":
                self._pass_bank()
            return
        self._prepare_stock()
        self.bank_card = self._draw()
        self._say(
            "bank_card",
            f"the bank's card, to the banker's left: {pretty(self.bank_card)}",
            card=self.bank_card,
        )
        self.players_card = self._draw()
        self._say(
            "players_card",
            f"the players' card, to the banker's right: {pretty(self.players_card)}",
            card=self.players_card,
        )
        bank_rank, players_rank = rank_of(self.bank_card), rank_of(self.players_card)
        same = bank_rank == players_rank
        if same:
            bank_wins = True
            self._say("same_rank", "the two cards have the same rank: the bank wins at once")
        else:
            while True:
                card = self._draw()
                self.pile.append(card)
                self._say("turn", f"turned: {pretty(card)}", card=card)
                if rank_of(card) == bank_rank:
                    bank_wins = True
                    break
                if rank_of(card) == players_rank:
                    bank_wins = False
                    break
        self.last_deal = {
            "bank_card": self.bank_card,
            "players_card": self.players_card,
            "pile": list(self.pile),
            "result": "bank wins" if bank_wins else "bank loses",
            "same_rank": same,
        }
        half = same and bool(self.game.options["twins"])
        if bank_wins:
            for s in range(self.num_players):
                if self.bets[s]:
                    take = twins_take(self.bets[s]) if half else self.bets[s]  # ruling LQ-11
                    self.bank += take
                    self.purse[s] += self.bets[s] - take
                    self.bets[s] = 0
            self._say(
                "bank_wins", f"the bank wins{' half of each bet' if half else ''}: it now holds {self.bank}"
            )
        else:
            for s in range(self.num_players):
                if self.bets[s]:
                    self.bank -= self.bets[s]
                    self.purse[s] += 2 * self.bets[s]
                    self.bets[s] = 0
            self.purse[banker] += self.bank
            self.bank = 0
            self._say("bank_loses", "the bank loses and pays every bet")
        self._clear_table()
        self.deals_played += 1
        self._end_deal(before, {"same_rank": same, "bank_wins": bank_wins})
        if self.phase == "over":
            return
        if bank_wins:
            self.wins += 1
            self.same_rank_win = same
            if len(self.alive()) < 2:
                self._finish()
            else:
                self.phase, self.to_act = "keep", banker
        else:
            self._pass_bank()

    def _end_deal(self, before: list[int], extra: dict[str, Any]) -> None:
        """Log the deal's chips won and lost, then end the session if its agreed length is reached."""
        points = [self.wealth(s) - before[s] for s in range(self.num_players)]
        scored = self._scored_this_deal()
        for s, p in enumerate(points):
            if p - scored[s]:
                self.log.append(Event("score", {"seat": s, "points": p - scored[s], "reason": "deal"}))
        text = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(points) if p) or "no chips change hands"
        self.log.append(
            Event(
                "hand_end",
                {"points": points, "deal": self.deals_played, **extra, "text": f"deal over: {text}"},
            )
        )
        if self.last_deal is not None:
            self.last_deal["points"] = points
        if self.game.options["length"] == "deals" and self.deals_played >= int(self.game.options["deals"]):
            self._finish()

    def _scored_this_deal(self) -> list[int]:
        """Points already logged during this deal (Hoyle's spots pay the bank as they are matched)."""
        out = [0] * self.num_players
        for e in reversed(self.log):
            if e.kind == "hand_end":
                break
            if e.kind == "score" and e.to is None and e.data.get("reason") == "spot":
                out[e.data["seat"]] += e.data["points"]
        return out

    def _finish(self) -> None:
        if self.banker is not None and self.bank:
            self.purse[self.banker] += self.bank
            self.bank = 0
        self.phase, self.to_act = "over", None
        self.queue = []
        self._say(
            "session_over",
            "the session is over: " + ", ".join(f"seat {s} {self.purse[s]}" for s in range(self.num_players)),
        )

    def _pass_bank(self) -> None:
        """The bank goes to the right of the player who started it (skipping players without chips)."""
        self.bank = 0
        alive = self.alive()
        if len(alive) < 2:
            self._finish()
            return
        if self.game.options["length"] == "banks" and all(
            self.banks_started[s] >= int(self.game.options["rounds"]) for s in alive
        ):
            self._finish()
            return
        n = self.num_players
        for k in range(1, n + 1):
            s = (self.starter + k) % n
            if self.purse[s] > 0:
                self._start_bank_turn(s)
                return

    def _keep_or_stop(self, seat: int, key: str) -> None:
        if key == "keep":
            self._say("keep", f"seat {seat} keeps the bank of {self.bank} and deals again", seat=seat)
            if self.hoyle:
                self._hoyle_deal()
            else:
                self._open_betting()
        elif key == "takeout":  # ruling LQ-13
            out = self.bank - self.base_bank
            self.purse[seat] += out
            self.bank = self.base_bank
            self._say("takeout", f"seat {seat} takes out {out} and deals again with {self.bank}", seat=seat)
            self._open_betting()
        else:
            if self.hoyle:
                self._say("stop", f"seat {seat} gives up the deal", seat=seat)
                self._pass_bank()
                return
            size = self.bank
            self.purse[seat] += self.bank
            self.bank = 0
            self.base_bank = size
            self._say("stop", f"seat {seat} stops; the bank of {size} is for sale", seat=seat, amount=size)
            n = self.num_players
            self.queue = [(seat + k) % n for k in range(1, n) if self.purse[(seat + k) % n] >= size]
            self._offer_next()

    def bank_size_for_sale(self) -> int:
        return self.base_bank

    def _offer_next(self) -> None:
        if self.queue:
            self.phase, self.to_act = "buy", self.queue.pop(0)
        else:
            self._say("unsold", "nobody buys the bank")
            self._pass_bank()

    def _buy_or_pass(self, seat: int, key: str) -> None:
        if key == "buy":
            size = self.base_bank
            self.purse[seat] -= size
            self.bank = size
            self.banker = seat
            self.wins = 0
            self.same_rank_win = False
            self.queue = []
            self._say("buy", f"seat {seat} buys the bank and puts up {size}", seat=seat, amount=size)
            self._open_betting()
        else:
            self._say("pass", f"seat {seat} does not buy", seat=seat)
            self._offer_next()

    # --- Hoyle's game -----------------------------------------------------------------------

    def cover_left(self) -> int:
        """What the banker can still cover: their chips less every bet standing on the table."""
        banker = self._seat_of_banker()
        standing = sum(sum(sp["bets"]) for sp in self.spots if not sp["matched"])
        return max(0, self.purse[banker] - standing)

    def _table_ranks(self) -> set[str]:
        ranks = {rank_of(c) for c in self.hand_cards} | {rank_of(sp["card"]) for sp in self.spots}
        if self.bank_card is not None:
            ranks.add(rank_of(self.bank_card))
        return ranks

    def _opening_card(self) -> str:
        """One of the four opening cards: a rank already out is buried and another card dealt."""
        while True:
            card = self._draw()
            if rank_of(card) not in self._table_ranks():
                return card
            self.pile.append(card)
            self._say("bury", f"{pretty(card)} repeats a rank already out and is buried", card=card)

    def _hoyle_deal(self) -> None:
        self.deal_before = [self.wealth(s) for s in range(self.num_players)]
        self._prepare_stock()
        for i in range(2):
            card = self._opening_card()
            self.hand_cards.append(card)
            self.hand_matched.append(False)
            self._say("hand_card", f"hand card {i + 1}: {pretty(card)}", card=card)
        self.bank_card = self._opening_card()
        self._say("bank_card", f"the bank's card: {pretty(self.bank_card)}", card=self.bank_card)
        card = self._opening_card()
        self.spots.append({"card": card, "matched": False, "bets": [0] * self.num_players})
        self._say("rejouissance", f"the réjouissance: {pretty(card)}", card=card)
        self._open_hoyle_betting()

    def _open_hoyle_betting(self) -> None:
        n = self.num_players
        banker = self._seat_of_banker()
        self.queue = [(banker + k) % n for k in range(1, n) if self.purse[(banker + k) % n] > 0]
        self._next_hoyle_bettor()

    def _next_hoyle_bettor(self) -> None:
        if self.queue and self.cover_left() > 0:
            self.phase, self.to_act = "hbet", self.queue.pop(0)
            return
        self.queue = []
        self._hoyle_turn()

    def _hoyle_turn(self) -> None:
        """Turn cards until one is laid out fresh (betting opens on it) or the bank's card is matched."""
        assert self.bank_card is not None
        banker = self._seat_of_banker()
        while True:
            if not self.shoe and not self.discards:
                self._hoyle_exhausted()
                return
            card = self._draw()
            r = rank_of(card)
            if r == rank_of(self.bank_card):
                self.pile.append(card)
                self._say("turn", f"turned: {pretty(card)}, matching the bank's card", card=card)
                self._hoyle_settle()
                return
            hit = next((i for i, c in enumerate(self.hand_cards) if rank_of(c) == r), None)
            spot = next((sp for sp in self.spots if rank_of(sp["card"]) == r), None)
            if hit is not None:
                self.pile.append(card)
                if not self.hand_matched[hit]:
                    self.hand_matched[hit] = True
                    self._say("turn", f"turned: {pretty(card)}, matching hand card {hit + 1}", card=card)
                else:
                    self._say("turn", f"turned: {pretty(card)}", card=card)
            elif spot is not None:
                self.pile.append(card)
                if not spot["matched"]:
                    spot["matched"] = True
                    won = sum(spot["bets"])
                    self.purse[banker] += won
                    for s, bet in enumerate(spot["bets"]):
                        if bet:  # the chips change hands now, so the score moves now
                            self.log.append(Event("score", {"seat": s, "points": -bet, "reason": "spot"}))
                    if won:
                        self.log.append(Event("score", {"seat": banker, "points": won, "reason": "spot"}))
                    spot["bets"] = [0] * self.num_players
                    takes = f": the bank takes {won}" if won else ""
                    self._say(
                        "turn", f"turned: {pretty(card)}, matching {pretty(spot['card'])}{takes}", card=card
                    )
                else:
                    self._say("turn", f"turned: {pretty(card)}", card=card)
            else:
                self.spots.append({"card": card, "matched": False, "bets": [0] * self.num_players})
                self._say("lay_out", f"turned: {pretty(card)}, laid out for bets", card=card)
                self._open_hoyle_betting()
                return

    def _hoyle_exhausted(self) -> None:
        """Every card is out and the bank's card was never matched (its partners were all buried at
        the opening): the deal ends and passes on (ruling LQ-29). Every laid-out card has been matched
        by then; a bet still standing (only in a tampered position) would go back."""
        returned = 0
        for sp in self.spots:
            for s in range(self.num_players):
                self.purse[s] += sp["bets"][s]
                returned += sp["bets"][s]
            sp["bets"] = [0] * self.num_players
        back = f"; {returned} in bets go back" if returned else ""
        self._say("exhausted", f"every card is out before the bank's card is matched: the deal ends{back}")
        self.last_deal = {
            "bank_card": self.bank_card,
            "hand_cards": list(self.hand_cards),
            "table": [sp["card"] for sp in self.spots],
            "pile": list(self.pile),
            "result": "stock exhausted",
        }
        self._clear_table()
        self.deals_played += 1
        self._end_deal(self.deal_before, {"paid": 0, "deal_again": False, "exhausted": True})
        if self.phase != "over":
            self._pass_bank()

    def _hoyle_settle(self) -> None:
        banker = self._seat_of_banker()
        paid = 0
        for sp in self.spots:
            for s in range(self.num_players):
                bet = sp["bets"][s]
                if bet:
                    self.purse[banker] -= bet
                    self.purse[s] += 2 * bet
                    paid += bet
            sp["bets"] = [0] * self.num_players
        both = all(self.hand_matched)
        self._say("bank_matched", f"the bank's card is matched: the banker pays {paid} on the cards standing")
        self.last_deal = {
            "bank_card": self.bank_card,
            "hand_cards": list(self.hand_cards),
            "table": [sp["card"] for sp in self.spots],
            "pile": list(self.pile),
            "result": "hand cards matched first" if both else "bank's card matched",
        }
        self._clear_table()
        self.deals_played += 1
        self._end_deal(self.deal_before, {"paid": paid, "deal_again": both})
        if self.phase == "over":
            return
        if both and len(self.alive()) >= 2 and self.purse[banker] > 0:
            self.wins += 1
            self.phase, self.to_act = "keep", banker
        else:
            self._pass_bank()

    # --- views, saving, auditing --------------------------------------------------------------

    def public(self) -> dict[str, Any]:
        """Everything on the table, which every seat sees alike (the bookkeeping of turns included)."""
        return {
            "phase": self.phase,
            "purses": list(self.purse),
            "bank": self.bank,
            "bets": list(self.bets),
            "banker": self.banker,
            "starter": self.starter,
            "bank_card": self.bank_card,
            "players_card": self.players_card,
            "pile": list(self.pile),
            "hand_cards": list(self.hand_cards),
            "hand_matched": list(self.hand_matched),
            "table": copy.deepcopy(self.spots),
            "discards": sorted(self.discards),
            "banks_started": list(self.banks_started),
            "deals_played": self.deals_played,
            "wins_in_row": self.wins,
            "last_deal": copy.deepcopy(self.last_deal),
            "bookkeeping": {
                "to_act": self.to_act,
                "passed": list(self.passed),
                "queue": list(self.queue),
                "base_bank": self.base_bank,
                "same_rank_win": self.same_rank_win,
                "deal_before": list(self.deal_before),
            },
        }

    def set_public(self, data: Mapping[str, Any]) -> None:
        self.phase = data["phase"]
        self.purse = list(data["purses"])
        self.bank = data["bank"]
        self.bets = list(data["bets"])
        self.banker = data["banker"]
        self.starter = data["starter"]
        self.bank_card = data["bank_card"]
        self.players_card = data["players_card"]
        self.pile = list(data["pile"])
        self.hand_cards = list(data["hand_cards"])
        self.hand_matched = list(data["hand_matched"])
        self.spots = copy.deepcopy(list(data["table"]))
        self.discards = list(data["discards"])
        self.banks_started = list(data["banks_started"])
        self.deals_played = data["deals_played"]
        self.wins = data["wins_in_row"]
        self.last_deal = copy.deepcopy(data["last_deal"])
        book = data["bookkeeping"]
        self.to_act = book["to_act"]
        self.passed = list(book["passed"])
        self.queue = list(book["queue"])
        self.base_bank = book["base_bank"]
        self.same_rank_win = book["same_rank_win"]
        self.deal_before = list(book["deal_before"])

    def view(self, seat: int | None) -> dict[str, Any]:
        out = self.base_view(seat)
        out.update(self.public())
        out["dealer"] = self.banker
        out["stock_size"] = len(self.shoe)
        out["on_table"] = self._table_text() or None
        out["last"] = self._last_text() or None
        out["message"] = self._message()
        return out

    def _table_text(self) -> str:
        """The cards of the deal in progress, in one line for the terminal."""
        pairs = zip(self.hand_cards, self.hand_matched, strict=True)
        parts = [f"hand {pretty(c)}{' (matched)' if m else ''}" for c, m in pairs]
        if self.bank_card:
            parts.append(f"bank's card {pretty(self.bank_card)}")
        if self.players_card:
            parts.append(f"players' card {pretty(self.players_card)}")
        for sp in self.spots:
            staked = sum(sp["bets"])
            state = " matched" if sp["matched"] else (f" [{staked} bet]" if staked else "")
            parts.append(f"{pretty(sp['card'])}{state}")
        return " · ".join(parts)

    def _last_text(self) -> str:
        last = self.last_deal
        if not last:
            return ""
        if "players_card" in last:
            cards = f"{pretty(last['bank_card'])} v {pretty(last['players_card'])}"
            turned = " ".join(pretty(c) for c in last["pile"])
            return f"{cards}{', then ' + turned if turned else ''}: {last['result']}"
        if "bank_card" in last:
            return f"bank's card {pretty(last['bank_card'])}: {last['result']}"
        return str(last["result"])

    def _message(self) -> str:
        s = self.to_act
        if self.phase == "over":
            return "the session is over"
        if self.phase == "bank":
            return f"seat {s} takes the bank and chooses its size (1 to {self.purse[s or 0]})"
        if self.phase == "bet":
            room = self.bank - sum(self.bets)
            return f"bank {self.bank} held by seat {self.banker}; {room} may still be bet; seat {s} to bet"
        if self.phase == "hbet":
            card = self.spots[-1]["card"]
            return f"seat {s} may bet on {pretty(card)} (the banker covers {self.cover_left()} more)"
        if self.phase == "keep" and self.hoyle:
            return f"both hand cards were matched first: seat {s} may deal again (keep) or stop"
        if self.phase == "keep":
            return f"the bank won: seat {s} keeps the bank ({self.bank}) and deals again, or stops"
        if self.phase == "buy":
            return f"seat {s} may buy the bank of {self.base_bank}"
        return ""

    def _data(self) -> dict[str, Any]:
        return {"public": self.public(), "shoe": list(self.shoe), "stacks": [list(s) for s in self.stacks]}

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(LansquenetSave, data, "state")
        self.set_public(d["public"])
        self.shoe = list(d["shoe"])
        self.stacks = [list(st) for st in d["stacks"]]

    # --- invariants (ruling LQ-30) ---------------------------------------------------------------

    def check_invariants(self) -> None:
        """What every reachable state satisfies: cards and chips conserved, the phase, the seat to move
        and the table agreeing, bank and bets within bounds. Linear in the state's size."""
        self._check_sizes()  # first: the base's check of the scores indexes the purses
        super().check_invariants()
        self._check_cards()
        self._check_chips()
        self._check_turn()
        self._check_rotation()
        if self.hoyle:
            self._check_hoyle()
        else:
            self._check_classic()

    def _check_sizes(self) -> None:
        n = self.num_players
        for name, values in (
            ("public.purses", self.purse),
            ("public.bets", self.bets),
            ("public.banks_started", self.banks_started),
        ):
            if len(values) != n:
                raise InvalidState(f"{name}: {len(values)} entries for {n} seats")
        for name, seat in (("public.banker", self.banker), ("public.starter", self.starter)):
            if seat is None or not 0 <= seat < n:
                raise InvalidState(f"{name}: {echo(seat)} is not a seat")
        if self.to_act is not None and not 0 <= self.to_act < n:
            raise InvalidState(f"public.bookkeeping.to_act: {self.to_act} is not a seat")
        for name, seats in (
            ("public.bookkeeping.passed", self.passed),
            ("public.bookkeeping.queue", self.queue),
        ):
            if any(not 0 <= q < n for q in seats) or len(set(seats)) != len(seats):
                raise InvalidState(f"{name}: seats must be distinct seats from 0 to {n - 1}")
        if len(self.hand_matched) != len(self.hand_cards):
            raise InvalidState("public.hand_matched: one flag per hand card")
        for i, sp in enumerate(self.spots):
            if len(sp["bets"]) != n:
                raise InvalidState(f"public.table.{i}.bets: {len(sp['bets'])} entries for {n} seats")
        if self.deal_before and len(self.deal_before) != n:
            raise InvalidState(
                f"public.bookkeeping.deal_before: {len(self.deal_before)} entries for {n} seats"
            )
        if self.last_deal is not None and len(self.last_deal["points"]) != n:
            raise InvalidState(
                f"public.last_deal.points: {len(self.last_deal['points'])} entries for {n} seats"
            )
        if self.game.options["length"] == "banks":
            rounds = int(self.game.options["rounds"])
            if max(self.banks_started) > rounds:
                raise InvalidState(f"public.banks_started: nobody starts the bank more than {rounds} times")
        elif self.deals_played > int(self.game.options["deals"]):
            raise InvalidState(f"public.deals_played: the session lasts {self.game.options['deals']} deals")

    def _check_cards(self) -> None:
        pack = self.game.shoe_pack
        held = Counter(self.shoe)
        held.update(self._face_up())
        if held != pack.counts():
            extra = sorted((held - pack.counts()).elements())
            missing = sorted((pack.counts() - held).elements())
            raise InvalidState(
                f"public: the cards are not the {pack.title}: extra {echo(extra)}, missing {echo(missing)}"
            )
        if int(self.game.options["packs"]) == 1 and self.discards:
            raise InvalidState("public.discards: one pack is gathered after every deal, nothing is discarded")
        for i, stack in enumerate(self.stacks):
            if Counter(stack) - pack.counts():
                raise InvalidState(f"stacks.{i}: not cards of the {pack.title}")
        last = self.last_deal or {}
        for key in ("bank_card", "players_card"):
            if key in last and not pack.is_card(last[key]):
                raise InvalidState(f"public.last_deal.{key}: not a card of the {pack.title}")
        for key in ("pile", "hand_cards", "table"):
            if any(not pack.is_card(c) for c in last.get(key, [])):
                raise InvalidState(f"public.last_deal.{key}: not cards of the {pack.title}")

    def stakes(self) -> list[int]:
        """Each seat's starting chips, as the log's ``stake`` score events record them."""
        out: list[int | None] = [None] * self.num_players
        for e in self.log:
            if e.kind != "score" or e.to is not None:
                continue
            points, reason = e.data.get("points"), e.data.get("reason")
            if (
                isinstance(points, bool)
                or not isinstance(points, int)
                or not isinstance(reason, str)
                or reason not in _SCORE_REASONS
            ):
                raise InvalidState(
                    f"log: a score event of Lansquenet is whole chips for a reason: {echo(e.data)}"
                )
            if reason == "stake":
                seat = e.data["seat"]
                if out[seat] is not None or not 0 <= points <= MAX_CHIPS:
                    raise InvalidState(f"log: seat {seat} has a second or impossible stake: {echo(e.data)}")
                out[seat] = points
        if any(p is None for p in out):
            raise InvalidState("log: every seat's stake is logged when the session starts")
        stakes = [p or 0 for p in out]
        if sum(stakes) > MAX_CHIPS or sum(1 for p in stakes if p > 0) < 2:
            raise InvalidState(
                f"log: the stakes are two or more players' chips, at most {MAX_CHIPS:,} in all"
            )
        return stakes

    def _check_chips(self) -> None:
        total = sum(self.purse) + self.bank + sum(self.bets) + sum(sum(sp["bets"]) for sp in self.spots)
        start = sum(self.stakes())
        if total != start:
            raise InvalidState(f"public: {total} chips at the table, but the session started with {start}")

    def _check_turn(self) -> None:
        """The phase and the seat to move agree with the table."""
        phase, s, banker = self.phase, self.to_act, self.banker
        assert banker is not None
        if (phase == "over") != (s is None):
            raise InvalidState(
                "public.bookkeeping.to_act: a seat is to move exactly while the session goes on"
            )
        if self.queue and phase not in ("buy", "hbet"):
            raise InvalidState("public.bookkeeping.queue: only a sale or Hoyle's betting queues seats")
        on_table = self.bank_card or self.players_card or self.pile or self.hand_cards or self.spots
        if on_table and phase != "hbet":
            raise InvalidState("public: cards lie on the table only while Hoyle's bets are placed")
        if phase == "over" or s is None:
            if self.bank or any(self.bets):
                raise InvalidState("public.bank: the bank and the bets go back when the session ends")
            return
        if len(self.alive()) < 2:
            raise InvalidState("public.purses: the session goes on only while two players hold chips")
        if self.game.options["length"] == "deals" and self.deals_played >= int(self.game.options["deals"]):
            raise InvalidState("public.deals_played: the agreed deals are played, the session is over")
        if phase == "keep":
            if s != banker or self.wins < 1 or any(self.bets):
                raise InvalidState("public.phase: 'keep' is the winning banker's choice after a deal")
        elif phase in ("bet", "hbet", "buy") and (s == banker or self.purse[s] <= 0):
            raise InvalidState(f"public.bookkeeping.to_act: seat {s} cannot {phase} now")

    def _check_rotation(self) -> None:
        """The bank goes round to the right from the first banker: the seats up to the current starter
        have started it once more than the seats after (a player out of chips stops counting)."""
        n = self.num_players
        first = next(
            (e.data.get("seat") for e in self.log if e.kind == "first_banker" and e.to is None), None
        )
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise InvalidState("log: the first banker is logged when the session starts")
        top = self.banks_started[self.starter]
        if top < 1:
            raise InvalidState("public.banks_started: the player who started this bank has started one")
        at = (self.starter - first) % n
        for q in range(n):
            expected = top if (q - first) % n <= at else top - 1
            count = self.banks_started[q]
            if count > expected or (count != expected and self.wealth(q) > 0):
                raise InvalidState(
                    f"public.banks_started: the bank goes round from seat {first}, the first banker, in turn"
                )

    def _check_in_rotation(self, seats: list[int], what: str) -> None:
        """``seats`` in order round to the right from the banker, none of them the banker."""
        n, banker = self.num_players, self._seat_of_banker()
        at = [(q - banker) % n for q in seats]
        if any(a == 0 for a in at) or any(b <= a for a, b in pairwise(at)):
            raise InvalidState(f"{what}: seats are asked in turn from the banker's right")

    def _check_classic(self) -> None:
        phase, s = self.phase, self.to_act
        banker = self._seat_of_banker()
        if phase == "hbet" or self.deal_before:
            raise InvalidState("public.phase: Hoyle's bets belong to variant=hoyle")
        if phase == "bank":
            if s != banker or banker != self.starter or self.bank or any(self.bets):
                raise InvalidState("public.phase: the player starting the bank puts it up before any bet")
        elif phase == "bet":
            if (
                self.bank <= 0
                or sum(self.bets) >= self.bank
                or self.bets[banker]
                or self.base_bank != self.bank
            ):
                raise InvalidState("public.bets: bets stay below the bank while they are placed")
            if s in self.passed or banker in self.passed:
                raise InvalidState("public.bookkeeping.passed: a seat that passed is not asked again")
        elif phase == "keep":
            if self.bank <= 0 or self.base_bank > self.bank:
                raise InvalidState("public.bank: a winning bank holds at least what it started the deal with")
            last = self.last_deal or {}
            if last.get("result") != "bank wins" or last.get("same_rank") != self.same_rank_win:
                raise InvalidState(
                    "public.bookkeeping.same_rank_win: the bank won the last deal, as it was dealt"
                )
        elif phase == "buy":
            assert s is not None
            size = self.base_bank
            if self.bank or any(self.bets) or size <= 0:
                raise InvalidState("public.bookkeeping.base_bank: a bank for sale has a size and no bets")
            if any(self.purse[q] < size for q in [s, *self.queue]):
                raise InvalidState("public.bookkeeping.queue: only players who can put up the bank are asked")
            self._check_in_rotation([s, *self.queue], "public.bookkeeping.queue")
        if self.bank and phase not in ("bet", "keep"):
            raise InvalidState("public.bank: a bank stands only while bets are placed or the banker chooses")
        if any(self.bets) and phase != "bet":
            raise InvalidState("public.bets: bets stand only while they are placed")

    def _check_hoyle(self) -> None:
        phase, s, n = self.phase, self.to_act, self.num_players
        banker = self._seat_of_banker()
        if phase not in ("hbet", "keep", "over"):
            raise InvalidState(f"public.phase: Hoyle's game has no {phase!r} phase")
        if self.bank or any(self.bets) or self.base_bank or self.players_card or self.same_rank_win:
            raise InvalidState("public.bank: Hoyle's game puts up no bank and turns no players' card")
        if banker != self.starter:
            raise InvalidState("public.starter: nobody buys the deal in Hoyle's game")
        if phase == "keep" and self.purse[banker] <= 0:
            raise InvalidState("public.purses: the banker deals again only holding chips")
        if phase != "hbet":
            return
        assert s is not None and self.bank_card is not None
        if len(self.hand_cards) != 2 or not self.spots or self.spots[-1]["matched"]:
            raise InvalidState("public.table: bets are placed on the card just laid out, after the opening")
        if self.cover_left() <= 0:
            raise InvalidState("public.table: the banker cannot cover the bets standing")
        if len(self.deal_before) != n:
            raise InvalidState("public.bookkeeping.deal_before: every seat's chips before the deal")
        ranks = [rank_of(c) for c in self.hand_cards] + [rank_of(self.bank_card)]
        ranks += [rank_of(sp["card"]) for sp in self.spots]
        if len(set(ranks)) != len(ranks):
            raise InvalidState("public.table: every card on the table is of a rank of its own")
        piled = {rank_of(c) for c in self.pile}
        if not piled <= set(ranks):
            raise InvalidState("public.pile: only cards pairing one on the table are piled")
        for i, sp in enumerate(self.spots):
            if sp["matched"] != (rank_of(sp["card"]) in piled) or (sp["matched"] and any(sp["bets"])):
                raise InvalidState(
                    f"public.table.{i}: a card is matched when its rank is piled, and its bets taken"
                )
            if sp["bets"][banker]:
                raise InvalidState(f"public.table.{i}.bets: the banker does not bet against the bank")
        for i, (card, matched) in enumerate(zip(self.hand_cards, self.hand_matched, strict=True)):
            if matched and rank_of(card) not in piled:
                raise InvalidState(f"public.hand_matched.{i}: a hand card is matched by a piled card")
        scored = self._scored_this_deal()
        for q in range(n):
            if self.deal_before[q] + scored[q] != self.wealth(q):
                raise InvalidState("public.bookkeeping.deal_before: the chips before the deal do not add up")
        if any(self.purse[q] <= 0 for q in self.queue):
            raise InvalidState("public.bookkeeping.queue: only players holding chips are asked")
        self._check_in_rotation([s, *self.queue], "public.bookkeeping.queue")

    def inventory(self) -> Counter[str]:
        out = Counter(self.shoe)
        out.update(self._face_up())
        chips = sum(self.purse) + self.bank + sum(self.bets) + sum(sum(sp["bets"]) for sp in self.spots)
        out["chips"] = chips
        return out
