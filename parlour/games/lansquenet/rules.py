"""Lansquenet: a banker against the table, two cards turned and a race to be matched.

Two forms: the 19th-century French game (``variant="classic"``: a bank put up,
bets against it, the bank's card against the players' card) and Hoyle's older
form with the réjouissance card (``variant="hoyle"``: the banker covers bets on
every fresh card laid out). Chips are counted in whole units and never created
or destroyed: every chip is in a purse, in the bank or in a bet on the table.
Seats are numbered anticlockwise, so the player on seat ``s``'s right is
``s + 1`` and on their left ``s - 1`` (ruling LQ-1).

The rules players name are named here: the bank's card and the players' card (``pairs``,
``is_same_rank_start``), twins (``twins_take``), the even-money payout (``paid_even``), banco
(``LansquenetState.banco_allowed``), take-out (``LansquenetState.takeout_allowed``), the room left
in the bank (``LansquenetState.room``), selling the bank (``Phase.BUY``), Hoyle's hand cards, the
réjouissance and the banker's cover (``HAND_CARDS``, ``REJOUISSANCE``, ``LansquenetState.cover_left``).

The rules run on small integers: a card is the id of its kind (``CARD_ID``; a shoe's copies of a card
are alike in every rule and every save, so the shoe is a list of kind ids, shuffled exactly as the list
of codes was), and two cards pair when their ranks (``_RANK``) are equal. The shoe, the stacks, the
pile, the bank's and the players' card, Hoyle's hand cards and laid-out cards and the discards are ids;
the turning of cards, the deal, ``apply_id`` and the commonest events (kept in ``_pending`` as small
tuples until the log is read) work on them, and the codes that the views, the saves, ``determinize``
and the checks read are made from them when asked (``shoe``, ``pile``, ``discards``...). ``clone``
copies a few lists of small ints. Compiled (mypyc, ``parlour.build_compiled``) the same source plays
the same sessions; its save schema and view extra live apart in ``schema.py``, never compiled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from types import MappingProxyType
from typing import Any, ClassVar, Final, cast

import numpy as np
import numpy.typing as npt

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
)
from parlour.engine.actions import Action, ActionSpec
from parlour.engine.copying import makes_blank
from parlour.engine.errors import echo
from parlour.engine.events import _new_tuple
from parlour.engine.game import RECORD, Outcome
from parlour.engine.saves import checked
from parlour.engine.views import View, Zone
from parlour.games.lansquenet.schema import HoyleExtra as HoyleExtra
from parlour.games.lansquenet.schema import LansquenetExtra as LansquenetExtra
from parlour.games.lansquenet.schema import LansquenetSave as LansquenetSave
from parlour.games.lansquenet.schema import PhaseWord as PhaseWord
from parlour.mechanics import deal_unseen, hand_end_event, score_event

RANKS: tuple[str, ...] = FRENCH_52.suit_ranks["S"]
"""Ace high, two low: used only to draw for the first bank (ruling LQ-5)."""

MAX_CHIPS = 10**9
"""All the chips at the table together (ruling LQ-28): explicit deals, options and saves stay within it."""
MAX_STAKE = MAX_CHIPS // 10
"""The largest ``stake`` option: ten players each holding it stay within ``MAX_CHIPS``."""
MAX_PACKS = 8
MAX_STACKS = 1000
"""An explicit deal stacks at most this many deals (ruling LQ-28)."""

MIN_BANK = 1
"""The smallest bank: a player whose turn it is to bank decides how big, not whether (ruling LQ-3)."""
MIN_BET = 1
"""The smallest bet."""
PLAYERS_TO_GO_ON = 2
"""The session goes on only while at least this many players hold chips (ruling LQ-4)."""
HAND_CARDS = 2
"""Hoyle's game: the banker deals two hand cards, for the players (ruling LQ-19: they carry no bets)."""
REJOUISSANCE = 0
"""Hoyle's game: the réjouissance is the first card laid out, the fourth card of the opening."""


class Phase:
    """The phases by name (plain words, read at every turn: cheaper than an ``Enum``)."""

    BANK: Final = "bank"
    """The player starting the bank puts it up (``bank N``)."""
    BET: Final = "bet"
    """The players bet against the bank (``bet N``, ``banco``, ``pass``)."""
    HOYLE_BET: Final = "hbet"
    """Hoyle's game: the players bet on the card just laid out (``bet N``, ``pass``)."""
    KEEP: Final = "keep"
    """The winning banker keeps the bank (``keep``), takes the winnings out (``takeout``) or stops."""
    BUY: Final = "buy"
    """A bank that was stopped is for sale (``buy``, ``pass``)."""
    OVER: Final = "over"
    """The session is over."""


BANK_WINS = "bank wins"
BANK_LOSES = "bank loses"
NO_BETS = "no bets"
HAND_CARDS_FIRST = "hand cards matched first"
BANKS_CARD_MATCHED = "bank's card matched"
STOCK_EXHAUSTED = "stock exhausted"
RESULTS = (BANK_WINS, BANK_LOSES, NO_BETS, HAND_CARDS_FIRST, BANKS_CARD_MATCHED, STOCK_EXHAUSTED)
"""How a deal can end (``DealRecord.result``)."""
LAID_OUT_MOST = len(RANKS) - 1 - HAND_CARDS
"""Hoyle's game: the most cards laid out in a deal, each of a rank not yet out (not the bank's card's,
nor a hand card's, nor one laid out before): ten."""

_SCORE_REASONS = frozenset({"stake", "deal", "spot"})
"""Why a seat's chips change: its starting stake, a deal settled, a Hoyle card matched."""


def rank_of(code: str) -> str:
    return code[:-1]


_PRETTY = {code: FRENCH_52.pretty(code) for code in FRENCH_52.cards}


_DRAW_ORDER = {code: RANKS.index(rank_of(code)) for code in FRENCH_52.cards}
"""Each card's place in the draw for the first bank, ace first (ruling LQ-5)."""


def pretty(code: str) -> str:
    """A card as players write it (``9♣``); a shoe's copies share the codes of one pack."""
    return _PRETTY[code]


# --- the cards as small integers (the rules' own) ----------------------------------------------------

CODES: Final[tuple[str, ...]] = FRENCH_52.cards
"""Each card id's code: a card id names a kind of card (``AS`` … ``2C``), not a copy. The copies of a
shoe are alike in every rule (ranks pair, suits never matter) and in every save (codes), so the shoe is
a list of kind ids, shuffled exactly as the list of codes was."""
CARD_ID: Final[Mapping[str, int]] = MappingProxyType({c: i for i, c in enumerate(CODES)})
NO_CARD: Final = -1
"""No card (no bank's card or players' card on the table)."""
_RANK: Final[tuple[int, ...]] = tuple(_DRAW_ORDER[c] for c in CODES)
"""Each card id's rank, as its place in the draw for the first bank (0 the ace, ruling LQ-5): two cards
pair when their ranks are equal."""
_SHOWN: Final[tuple[str, ...]] = tuple(_PRETTY[c] for c in CODES)
"""Each card id as players write it."""
_TURNED: Final[tuple[str, ...]] = tuple(f"turned: {p}" for p in _SHOWN)


def pairs(card: str, other: str) -> bool:
    """A card pairs (matches) another of the same rank; suits never matter."""
    return rank_of(card) == rank_of(other)


def is_same_rank_start(bank_card: str, players_card: str) -> bool:
    """The bank's card and the players' card of one rank: the bank wins at once (all of each bet, or
    with twins half of it)."""
    return pairs(bank_card, players_card)


def twins_take(bet: int) -> int:
    """What the bank takes of a bet of ``bet`` chips on a same-rank start with twins: half, and
    the odd chip of an odd bet (ruling LQ-11). The exact odds use this very function."""
    return (bet + 1) // 2


def paid_even(bet: int) -> int:
    """What a winning bet brings back: the stake and as much again (the bank pays 1 to 1)."""
    return 2 * bet


# --- the table's own records --------------------------------------------------------------------


@dataclass(slots=True)
class LaidOut:
    """A card laid out in Hoyle's game (the réjouissance first), with the bets standing on it: its code
    (as shown and saved) and its card id (what the rules read)."""

    card: str
    matched: bool
    bets: list[int]
    cid: int

    def to_save(self) -> dict[str, Any]:
        return {"card": self.card, "matched": self.matched, "bets": list(self.bets)}


@dataclass(slots=True)
class DealRecord:
    """How the last deal went, as the table saw it: its cards, its result and each seat's chips won.

    A classic deal has the bank's card and the players' card; Hoyle's has the bank's card, the hand
    cards and the cards laid out; a deal nobody bet on (or, in a determinized state, one whose cards
    are no longer shown) has neither.
    """

    result: str
    points: list[int]
    bank_card: str | None = None
    players_card: str | None = None
    same_rank: bool = False
    hand_cards: list[str] | None = None
    table: list[str] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)

    @property
    def classic(self) -> bool:
        return self.players_card is not None

    @property
    def hoyle(self) -> bool:
        return self.hand_cards is not None

    def cards(self) -> list[str]:
        out = [c for c in (self.bank_card, self.players_card) if c is not None]
        return out + list(self.hand_cards or []) + self.table + self.pile

    def to_save(self) -> dict[str, Any]:
        if self.players_card is not None:
            return {
                "bank_card": self.bank_card,
                "players_card": self.players_card,
                "pile": list(self.pile),
                "result": self.result,
                "same_rank": self.same_rank,
                "points": list(self.points),
            }
        if self.hand_cards is not None:
            return {
                "bank_card": self.bank_card,
                "hand_cards": list(self.hand_cards),
                "table": list(self.table),
                "pile": list(self.pile),
                "result": self.result,
                "points": list(self.points),
            }
        return {"result": self.result, "points": list(self.points)}

    @classmethod
    def from_save(cls, d: Mapping[str, Any]) -> DealRecord:
        return cls(
            result=d["result"],
            points=list(d["points"]),
            bank_card=d.get("bank_card"),
            players_card=d.get("players_card"),
            same_rank=bool(d.get("same_rank", False)),
            hand_cards=list(d["hand_cards"]) if "hand_cards" in d else None,
            table=list(d.get("table", [])),
            pile=list(d.get("pile", [])),
        )


_IN_A_DEAL = frozenset({Phase.BET, Phase.HOYLE_BET})
"""The phases inside a deal; the others (bank, keep, buy, over) lie between deals."""

DECISIONS: dict[str, str] = {
    Phase.BANK: "bank",
    Phase.BET: "bet",
    Phase.HOYLE_BET: "bet",
    Phase.KEEP: "keep",
    Phase.BUY: "buy",
}


class Lansquenet(Game["LansquenetState"]):
    """The game; its options fix the variant, the pack or shoe and the session's length."""

    name = "lansquenet"
    title = "Lansquenet"
    round_word = "deal"
    brief_rounds = True
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
        Option(  # ruling LQ-16: the seed's own example, three banks each
            "rounds",
            3,
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
    hand_points_bounds = (-1e9, 1e9)
    """A deal moves at most all the chips at the table (``MAX_CHIPS``; a literal, which mypyc takes as a
    class attribute's default)."""
    scores_outside_hands: ClassVar[frozenset[str]] = frozenset({"stake"})
    """The chips each player sits down with are scored before the first deal, in no deal's points."""
    action_specs = (
        ActionSpec("bank", ("amount",), "put up a bank of N chips"),
        ActionSpec("bet", ("amount",), "bet N chips (against the bank, or on Hoyle's card just laid out)"),
        ActionSpec("banco", (), "bet the whole bank: every other bet goes back"),
        ActionSpec("pass", (), "bet nothing more, or do not buy the bank"),
        ActionSpec("keep", (), "keep the winning bank and deal again"),
        ActionSpec("takeout", (), "take a same-rank start's winnings out of the bank and deal again"),
        ActionSpec("stop", (), "stop: take the bank back (it is offered for sale)"),
        ActionSpec("buy", (), "buy the bank for sale, putting up as many chips"),
    )
    view_extra = LansquenetExtra
    decision_kinds = tuple(dict.fromkeys(DECISIONS.values()))
    seat_roles = ("banker", "player", "starter", "seller")
    """The banker holds the bank and the players bet against it; the starter began a bank that another
    now holds (a bought bank passes on from them); while a bank is for sale nobody banks, and the seat
    that stopped is its seller (ruling LQ-14)."""
    zone_kinds = ("bank", "table", "pile", "stock", "discards")

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        # What the rules read at every deal, as plain fields (compiled, a cached property is made
        # again at every read).
        self.hoyle: bool = self.options["variant"] == "hoyle"
        self.packs: int = int(self.options["packs"])
        self.shoe_pack: Pack = french_shoe(self.packs)
        """One pack, or a shoe of ``packs`` packs."""
        self.shoe_ids: tuple[int, ...] = tuple(CARD_ID[c] for c in self.shoe_pack.cards)
        """The shoe's cards as card ids, in the pack's order (what the first shuffle shuffles)."""
        self.reserve_left: float = len(self.shoe_pack.cards) * int(self.options["reserve"]) / 100
        """With a shoe: fewer cards than this left in the stock and it is reshuffled (ruling LQ-10)."""

    _id_blocks: tuple[int, int, tuple[str, ...]] | None = None

    def id_blocks(self) -> tuple[int, int, tuple[str, ...]]:
        """The action ids as ``apply_id`` reads them: where the ``bet N`` block starts (``bank N`` from
        0), where the words start, and the words in order (made once)."""
        blocks = self._id_blocks
        if blocks is None:
            space = self.id_space
            bet_start, low, _ = space.amounts["bet"]
            assert space.amounts["bank"][:2] == (0, MIN_BANK) and low == MIN_BET
            words = tuple(spec.kind for spec in self.action_specs if not spec.args)
            words_start = min(space.ids[w] for w in words)
            assert [space.ids[w] for w in words] == list(range(words_start, words_start + len(words)))
            blocks = self._id_blocks = (bet_start, words_start, words)
        return blocks

    def action_words(self, action: str, view: View[Any] | None = None) -> str:
        """What a choice does with the chips, where its one word cannot say it: the buttons read "keep",
        "takeout", "stop", "banco" and "buy", and a player new to the game could not tell what taking out
        takes, what is dealt for next, that stopping offers the bank for sale (review-11), what going
        banco costs and sends back, what buying the bank puts up; nor, in Hoyle's game, whose chips the
        kept deal risks (the banker's own: there is no bank) and what stopping does (web-14). The chips
        are the view's (the bank, the seat's purse), so without one the text says it all. "pass", "bet
        N" and "bank N" say what they do."""
        if view is None or view.decision is None:
            return ""
        extra = view.extra
        if not isinstance(extra, LansquenetExtra):
            return ""
        kind = view.decision.kind
        purse = view.chips[view.seat] if view.chips is not None and view.seat is not None else None
        if kind == "keep" and self.hoyle and purse is not None:
            # no bank: the banker covers the next deal's bets from their own chips (ruling LQ-17)
            if action == "keep":
                return f"keep the deal: deal again, covering the bets from your {purse} chips"
            if action == "stop":
                return f"stop: pass the deal on; your {purse} chips cover no more bets"
            return ""
        bank, base = extra.bank, extra.base_bank
        if kind == "keep":
            if action == "keep":
                return f"keep: deal again with all {bank} at stake"
            if action == "takeout":
                return f"take out the {bank - base} won: deal again with {base}"
            if action == "stop":
                return f"stop: take the {bank} back; the bank goes up for sale"
        if action == "banco" and view.seat is not None:  # ruling LQ-7
            standing = extra.bets[view.seat]
            more = f", {bank - standing} more than your bet" if standing else ""
            return f"banco: bet the whole bank of {bank}{more}; every other bet goes back"
        if action == "buy":  # ruling LQ-14: the bank for sale is the size it was stopped at
            return f"buy: put up a bank of {base} of your chips and deal as banker"
        return ""

    @property
    def value_scale(self) -> float:
        """All the chips at the table: purses, banks and bets in an observation lie from 0 to 1."""
        return float(self.num_players * int(self.options["stake"]))

    def extra_layout(self) -> Sequence[tuple[str, tuple[int, ...]]]:
        """Beyond the shared segments (everything is face up but the stock's order): the bank, the room
        left for bets and the bank as the deal began; each seat's bets, last deal's chips and banks
        started; the last deal's result; the bank's wins in a row and a same-rank win; who has passed;
        who started the bank; and each table card in its place (the players' card, or Hoyle's hand cards
        then each laid-out card with whether it is matched and the bets on it)."""
        n, cards = self.num_players, len(self.card_codes)
        return (
            ("bank", (3,)),
            ("bets", (n,)),
            ("last_points", (n,)),
            ("last_result", (len(RESULTS),)),
            ("banks_started", (n,)),
            ("bank_wins", (2,)),
            ("passed", (n,)),
            ("starter", (n,)),
            ("table", (1 + LAID_OUT_MOST, cards)),
            ("laid_out", (LAID_OUT_MOST, 1 + n)),
            ("hand_matched", (HAND_CARDS,)),
        )

    def encode_extra(
        self, view: View[Any], out: Mapping[str, npt.NDArray[np.float32]], rel: Sequence[int]
    ) -> None:
        x: LansquenetExtra = view.extra
        scale, rounds = self.value_scale, int(self.options["rounds"])
        out["bank"][:] = [x.bank / scale, x.room / scale, x.base_bank / scale]
        for s in range(self.num_players):
            out["bets"][rel[s]] = x.bets[s] / scale
            out["last_points"][rel[s]] = x.last_points[s] / scale
            out["banks_started"][rel[s]] = x.banks_started[s] / rounds
        if x.last_result:
            out["last_result"][RESULTS.index(x.last_result)] = 1
        out["bank_wins"][:] = [x.wins_in_row, x.same_rank_win]
        for s in x.passed:
            out["passed"][rel[s]] = 1
        out["starter"][rel[x.starter]] = 1
        index = self.observation_encoder.index
        for i, zone in enumerate(view.zones_of("table")):
            for card in zone.face_up:
                out["table"][i, index[card]] += 1
        for i, (matched, bets) in enumerate(zip(x.laid_out_matched, x.laid_out_bets, strict=True)):
            out["laid_out"][i, 0] = matched
            for s, bet in enumerate(bets):
                out["laid_out"][i, 1 + rel[s]] = bet / scale
        out["hand_matched"][: len(x.hand_matched)] = x.hand_matched

    def amount_bounds(self, verb: str) -> tuple[int, int]:
        """``bank N`` and ``bet N`` run from 1 to all the chips at the table, ``players * stake``: a bank
        is put up from a purse and a bet is at most a purse, and chips are only ever moved. The action
        space is then ``2 * players * stake + 6`` ids: 806 at the defaults (4 players, 100 chips), 2,006
        with ten players, and two thousand million at the largest stake (10**8), which no id-based agent
        can use (its ids still work; only ``action_space`` refuses to list it)."""
        low = {"bank": MIN_BANK, "bet": MIN_BET}[verb]
        return low, self.num_players * int(self.options["stake"])

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> LansquenetState:
        """A session; ``deal`` may give ``banker`` (the first banker, instead of the draw), ``chips``
        (each seat's purse) and ``stacks`` (the top cards of each coming deal, in the order turned)."""
        state = LansquenetState(self, seed)
        if deal is None:
            deal = {}
        if not isinstance(deal, Mapping):
            raise InvalidDeal(f"a deal is a mapping such as {{'banker': 0}}, not {type(deal).__name__}")
        state.setup(deal)
        return state

    def _blank_state(self) -> LansquenetState:
        return LansquenetState(self, 0)

    def determinize(self, view: View[Any], rng: Rng) -> LansquenetState:
        """Everything is face up but the order of the stock: the table from the view, the unseen
        cards shuffled into the stock (an explicit deal's stacks are not known to anyone)."""
        extra: LansquenetExtra = view.extra
        n = self.num_players
        state = LansquenetState(self, rng.randrange(2**62))
        state.phase = _phase_word(extra.phase)
        state.to_act = view.to_move
        assert view.chips is not None
        state.purse = list(view.chips)
        state.bank = extra.bank
        state.bets = [0] * n if self.hoyle else list(extra.bets)
        # the bank's holder, or the seat selling it (ruling LQ-14)
        state.banker = next(s.seat for s in view.seats if {"banker", "seller"} & set(s.roles))
        state.starter = extra.starter
        state.banks_started = list(extra.banks_started)
        state.deals_played = extra.deals_played
        state.wins = extra.wins_in_row
        state.base_bank = extra.base_bank
        state.same_rank_win = extra.same_rank_win
        state.passed = list(extra.passed)
        state.queue = list(extra.queue)
        state.deal_before = list(extra.deal_before)
        discards = view.zone("discards")
        state._discards = state._ids(discards.face_up) if discards is not None else []
        bank_zone = view.zone("bank")
        bank_card = bank_zone.face_up[0] if bank_zone is not None and bank_zone.face_up else None
        tables = list(view.zones_of("table"))
        pile_zone = view.zone("pile")
        pile = list(pile_zone.face_up) if pile_zone is not None else []
        first = tables[0].face_up if tables else []
        laid_out = [z.face_up[0] for z in tables[1:] if z.face_up]
        if state.phase == Phase.HOYLE_BET:  # a deal in play: its cards are on the table
            state._bank_card = state._id(bank_card)
            state._hand = state._ids(first)
            state.hand_matched = list(extra.hand_matched)
            state._pile = state._ids(pile)
            state.laid_out = [
                LaidOut(card, matched, list(bets), state._id(card))
                for card, matched, bets in zip(
                    laid_out, extra.laid_out_matched, extra.laid_out_bets, strict=True
                )
            ]
            state.last_deal = (
                DealRecord(extra.last_result, list(extra.last_points)) if extra.last_result else None
            )
        elif extra.last_result:  # the table shows the last deal
            last = DealRecord(extra.last_result, list(extra.last_points))
            if bank_card is not None and self.hoyle:
                last.bank_card, last.hand_cards = bank_card, list(first)
                last.table, last.pile = laid_out, pile
            elif bank_card is not None:
                last.bank_card, last.players_card, last.pile = bank_card, first[0], pile
                last.same_rank = is_same_rank_start(bank_card, first[0])
            state.last_deal = last
        # The log as far as the checks need it: each seat's chips before this deal as its stake,
        # the first banker, and what Hoyle's matched cards have moved since.
        stakes = state.deal_before if state.phase == Phase.HOYLE_BET else state.wealths()
        state.log = [score_event(s, stakes[s], "stake") for s in range(n)]
        state.log.append(Event("first_banker", {"seat": extra.first_banker, "text": ""}))
        for s in range(n):
            moved = state.wealth(s) - stakes[s]
            if moved:
                state.log.append(score_event(s, moved, "spot"))
        unseen = state.unseen_cards()  # the stock: any order of them is as likely as any other
        state._shoe = state._ids(deal_unseen(unseen, [len(unseen)], _anywhere, rng)[0])
        state._spot = None  # the log's, when the rules need it
        return state


def _chips_from_one(most: int) -> str:
    """An amount from 1 chip up to ``most``, in words: "1 chip", "1 to 24 chips"."""
    return "1 chip" if most == 1 else f"1 to {most} chips"


class LansquenetState(State):
    """One session: the bank goes round until the agreed length is played."""

    game: Lansquenet
    _names: tuple[str, ...] = CODES
    """Each card id's code: ``CODES``, and past it (the state's own, then) any code of no card a tampered
    save names, so that the checks name it as it was written."""

    def __init__(
        self, game: Lansquenet, seed: int | None = None, _copy_of: LansquenetState | None = None
    ) -> None:
        """``_copy_of`` is ``clone``'s in the compiled build, whose instances are made only through here."""
        if _copy_of is not None:
            self._copy_fields(_copy_of)
            return
        super().__init__(game, seed)
        n = game.num_players
        self.phase: PhaseWord = Phase.OVER
        self.to_act: int | None = None
        self.purse = [0] * n
        self.bank = 0
        self.bets = [0] * n
        self.banker: int | None = None
        self.starter = 0
        self.passed: list[int] = []
        self.queue: list[int] = []
        self._bank_card = NO_CARD
        self._players_card = NO_CARD
        self._pile: list[int] = []  # the cards turned this deal, in order
        self._hand: list[int] = []  # Hoyle's hand cards
        self.hand_matched: list[bool] = []
        self.laid_out: list[LaidOut] = []
        self._discards: list[int] = []  # a shoe's cards played since its shuffle, in the order they fell
        self._shoe: list[int] = []  # the stock, its top card last
        self._stacks: list[list[int]] = []
        self._spot: list[int] | None = [0] * n
        """Hoyle's game: each seat's chips moved by laid-out cards matched this deal (the ``spot``
        score events since the last ``hand_end``; ``None``: read them from the log when needed)."""
        self.banks_started = [0] * n
        self.deals_played = 0
        self.wins = 0
        self.base_bank = 0
        self.same_rank_win = False
        self.last_deal: DealRecord | None = None
        self.deal_before: list[int] = []
        self._first: int | None = None

    # --- the cards as codes, made from the ids when asked for ---------------------------------

    @property
    def shoe(self) -> list[str]:
        """The stock as codes, its top card last (a copy: the rules hold ids)."""
        names = self._names
        return [names[c] for c in self._shoe]

    @property
    def stacks(self) -> list[list[str]]:
        """An explicit deal's stacks still to come, as codes."""
        names = self._names
        return [[names[c] for c in stack] for stack in self._stacks]

    @property
    def bank_card(self) -> str | None:
        return self._names[self._bank_card] if self._bank_card >= 0 else None

    @property
    def players_card(self) -> str | None:
        return self._names[self._players_card] if self._players_card >= 0 else None

    @property
    def pile(self) -> list[str]:
        """The cards turned this deal, in order."""
        names = self._names
        return [names[c] for c in self._pile]

    @property
    def hand_cards(self) -> list[str]:
        """Hoyle's hand cards this deal."""
        names = self._names
        return [names[c] for c in self._hand]

    @property
    def discards(self) -> list[str]:
        """A shoe's cards played since its last shuffle, in the order they fell."""
        names = self._names
        return [names[c] for c in self._discards]

    def _ids(self, codes: Sequence[str]) -> list[int]:
        """The card ids of ``codes`` (known to be strings). A code of no card (only a tampered save
        names one) gets an id past the pack's, in ``_names``, so that the checks refuse it by name."""
        get = CARD_ID.get
        out = [get(c, NO_CARD) for c in codes]
        if NO_CARD in out:
            for k, c in enumerate(codes):
                if out[k] == NO_CARD:
                    if c not in self._names:
                        self._names += (c,)
                    out[k] = self._names.index(c)
        return out

    def _id(self, code: str | None) -> int:
        return NO_CARD if code is None else self._ids([code])[0]

    # --- set-up -------------------------------------------------------------------------

    @property
    def hoyle(self) -> bool:
        return self.game.hoyle

    def setup(self, deal: Mapping[str, Any]) -> None:
        """Start the session from an explicit ``deal`` (any part of it may be left out)."""
        n = self.num_players
        chips, first, stacks = self._checked_deal(deal)
        self._stacks = [self._ids(stack) for stack in stacks]
        self._shoe = list(self.game.shoe_ids)
        self.purse = chips
        for s in range(n):
            self._pending.append((4, s, self.purse[s], "stake"))
        if first is not None:
            text = f"seat {first} {self._first_words()}"
            self._pending.append(Event("first_banker", {"seat": first, "text": text}))
        else:
            first = self._draw_for_bank()
        if int(self.game.options["packs"]) > 1:
            self._shuffle_and_cut(first)
        self._start_bank_turn(first)

    def _checked_deal(self, deal: Mapping[str, Any]) -> tuple[list[int], int | None, list[list[str]]]:
        """The deal's chips, first banker and stacks, or ``InvalidDeal`` saying what is wrong."""
        n = self.num_players
        if not deal:  # every seat with the ``stake`` option, whose bounds keep the table within the limits
            return [int(self.game.options["stake"])] * n, None, []
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
        if sum(1 for c in chips if c > 0) < PLAYERS_TO_GO_ON:
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
        """Highest card drawn takes the first bank, ace high; those tied for highest draw again
        (ruling LQ-5)."""
        shoe, shuffle, pending = self._shoe, self.rng.shuffle, self._pending
        shuffle(shoe)
        drawing = [s for s in range(self.num_players) if self.purse[s] > 0]
        discards = self._discards
        while True:
            if len(shoe) < len(drawing):
                shoe += discards
                discards.clear()
                shuffle(shoe)
            best, top = len(RANKS), []
            for s in drawing:
                card = shoe.pop()
                discards.append(card)
                pending.append((7, s, card))
                rank = _RANK[card]
                if rank < best:
                    best, top = rank, [s]
                elif rank == best:
                    top.append(s)
            drawing = top
            if len(drawing) == 1:
                break
        first = drawing[0]
        shoe += discards
        discards.clear()
        text = f"seat {first} draws the highest card and {self._first_words()}"
        pending.append(Event("first_banker", {"seat": first, "text": text}))
        return first

    # --- the contract ---------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == Phase.OVER else self.to_act

    @property
    def hand_number(self) -> int:
        """The deals begun: one begins when the betting on it opens (classic) or its cards are laid out
        (Hoyle), so while a bank is put up, kept or sold none is in play and this is ``deals_played``
        (0 as the first banker names the bank). The view's ``hand_number`` names the coming deal."""
        return self.deals_played + (1 if self.phase in _IN_A_DEAL else 0)

    def wealth(self, seat: int) -> int:
        """A seat's chips wherever they lie: purse, bank and bets on the table (ruling LQ-2)."""
        total = self.purse[seat] + self.bets[seat]
        if seat == self.banker:
            total += self.bank
        for spot in self.laid_out:
            total += spot.bets[seat]
        return total

    def wealths(self) -> list[int]:
        """Every seat's ``wealth`` at once (read at every view: one pass over the table)."""
        out = [p + b for p, b in zip(self.purse, self.bets, strict=True)]
        if self.banker is not None:
            out[self.banker] += self.bank
        for spot in self.laid_out:
            for s, b in enumerate(spot.bets):
                out[s] += b
        return out

    @property
    def scores(self) -> list[float]:
        return [float(w) for w in self.wealths()]

    def _outcome(self) -> Outcome:
        """Most chips wins; equal chips share the win, and a table all level is a draw (ruling LQ-16)."""
        scores = self.scores
        best = max(scores)
        top = tuple(s for s, v in enumerate(scores) if v == best)
        alive = self.alive()
        if len(alive) < PLAYERS_TO_GO_ON:
            reason = f"seat {alive[0]} holds every chip" if alive else "nobody holds chips"
        elif self.game.options["length"] == "deals":
            deals = int(self.game.options["deals"])  # "the agreed 1 deals are played" counted the one
            reason = "the one deal agreed is played" if deals == 1 else f"the agreed {deals} deals are played"
        else:
            rounds = int(self.game.options["rounds"])
            reason = f"every player still holding chips has started the bank {_times(rounds)}"
        if len(top) == self.num_players and self.num_players > 1:
            return Outcome((), f"{reason}, and every seat ends with {best:g} chips")
        return Outcome(top, f"{reason}; the most chips win")

    def _compute_legal(self) -> list[str]:
        """The moves that name no amount; ``bank N`` and ``bet N`` are ranges (``_compute_ranges``,
        ruling LQ-27)."""
        s = self.current_player
        if s is None:
            return []
        if self.phase == Phase.BET:
            return ["banco", "pass"] if self.banco_allowed(s) else ["pass"]
        if self.phase == Phase.HOYLE_BET:
            return ["pass"]
        if self.phase == Phase.KEEP:
            acts = ["keep"]
            if self.takeout_allowed():
                acts.append("takeout")
            return [*acts, "stop"]
        if self.phase == Phase.BUY:
            return ["buy", "pass"]
        return []  # the bank phase: only 'bank N'

    def _compute_ranges(self) -> list[AmountRange]:
        """``bank N`` from 1 to the purse; ``bet N`` up to the room left in the bank (or the banker's
        cover in Hoyle's game) and the purse: one entry each, however many chips are in play
        (ruling LQ-27)."""
        s, phase = self.to_act, self.phase
        if s is None:
            return []
        if phase == Phase.BET:
            cap = min(self.bank - sum(self.bets), self.purse[s])  # the room left, and the purse
        elif phase == Phase.BANK:
            cap = self.purse[s]
            return [AmountRange("bank", MIN_BANK, cap)] if cap >= MIN_BANK else []
        elif phase == Phase.HOYLE_BET:
            cap = min(self.cover_left(), self.purse[s])
        else:
            return []
        return [AmountRange("bet", MIN_BET, cap)] if cap >= MIN_BET else []

    def room(self) -> int:
        """What may still be bet against the bank: all bets together may not exceed it."""
        return max(0, self.bank - sum(self.bets))

    def banco_allowed(self, seat: int) -> bool:
        """Banco: a player who can make their bet as large as the whole bank (their standing bet
        counts) may bet it all (ruling LQ-7)."""
        return self.purse[seat] + self.bets[seat] >= self.bank

    def takeout_allowed(self) -> bool:
        """After a same-rank start the banker may take those winnings out (ruling LQ-13); never in
        Hoyle's game, which has no bank (ruling LQ-23)."""
        return bool(self.game.options["takeout"]) and self.same_rank_win and self.bank > self.base_bank

    def explain_illegal(self, action: Action) -> str:
        """Which rule refuses the well-formed ``action``."""
        s = self.current_player
        if s is None:
            return "the session is over"
        kind = action.kind
        amount = action.amount if kind in ("bank", "bet") else None
        if self.phase == Phase.BANK:
            if kind != "bank":
                return (
                    f"you must put up a bank first: 'bank N', N from 1 to the {self.purse[s]} chips you hold"
                )
            if amount is None or amount < MIN_BANK:
                return "a bank is a whole number of chips, at least 1: 'bank 10'"
            return f"nobody may bank more than they hold: you hold {self.purse[s]}"
        if self.phase == Phase.BET:
            if kind == "banco":
                need = self.bank - self.bets[s]
                return f"banco (the whole {self.bank}) needs {need} more chips; you hold {self.purse[s]}"
            if kind != "bet":
                return "while bets are placed: 'bet N', 'banco' (the whole bank) or 'pass'"
            if amount is None or amount < MIN_BET:
                return "a bet is a whole number of chips, at least 1: 'bet 5'"
            if amount > self.room():
                return f"all bets together may not exceed the bank: only {self.room()} more may be bet"
            return f"nobody may bet more than they hold: you hold {self.purse[s]}"
        if self.phase == Phase.HOYLE_BET:
            if kind != "bet":
                return "bet on the card just laid out ('bet N') or 'pass'"
            if amount is None or amount < MIN_BET:
                return "a bet is a whole number of chips, at least 1: 'bet 5'"
            if amount > self.cover_left():
                return f"the banker can cover only {self.cover_left()} more chips of bets"
            return f"nobody may bet more than they hold: you hold {self.purse[s]}"
        if self.phase == Phase.KEEP:
            if kind == "takeout":
                if not self.game.options["takeout"]:
                    return "taking winnings out is off in this game (option takeout=false)"
                if self.hoyle:
                    return "Hoyle's game has no bank to take winnings out of"
                return "winnings may be taken out only after a win from a same-rank start"
            return "you won as banker: 'keep' the bank and deal again, or 'stop'"
        if self.phase == Phase.BUY:
            return f"the bank of {self.base_bank} is for sale: 'buy' it or 'pass'"
        return super().explain_illegal(action)

    def _apply(self, action: Action) -> None:
        kind = action.kind
        self._act(kind, action.amount if kind == "bank" or kind == "bet" else 0)

    def _carry_out(self, action: str, typed: Action | None = None) -> None:
        """A legal canonical action goes to the rules without parsing (``bet 5``: its amount read off
        the text); typed text the engine's way."""
        if typed is not None:
            super()._carry_out(action, typed)
            return
        self._record_action(action)
        verb, _, amount = action.partition(" ")
        self._act(verb, int(amount) if amount else 0)

    def apply(self, action: str | Action, seat: int | None = None) -> None:
        """``State.apply``, a legal amount in canonical text (``bet 5``) read off the text without the
        notation's parse; anything else the engine's way."""
        if seat is None and type(action) is str:
            verb, _, word = action.partition(" ")
            canonical = word.isascii() and word.isdigit() and word[0] != "0" and len(word) <= 12
            if (verb == "bet" or verb == "bank") and canonical:
                amount = int(word)  # ``str(amount) == word``
                for r in self._ranges():
                    if r.verb == verb and r.low <= amount <= r.high:
                        self._record_action(action)
                        self._act(verb, amount)
                        return
        super().apply(action, seat)

    def _record_action(self, action: str) -> None:
        """The engine's ``_record_action``, the record waiting in ``_pending`` until the log is read: the
        legal lists forgotten, a copied live source given its new owner's record."""
        self._pending.append((0, self.current_player, action))
        rng = self.rng
        if rng.sink is None and rng.live:
            rng.sink = self._record_chance
        self._legal_cache = self._range_cache = None

    def apply_id(self, action_id: int) -> None:
        """``State.apply_id``, an id read without its text: a legal amount (``bank N``, ``bet N``) by the
        id's place in its block, a legal word by the block of words; anything else the engine's way
        (which refuses it, the state unchanged)."""
        bet_start, words_start, words = self.game.id_blocks()
        if type(action_id) is int and 0 <= action_id < words_start + len(words) and self.to_act is not None:
            if action_id >= words_start:
                text = words[action_id - words_start]
                legal = self._legal_cache
                if legal is None:
                    legal = self._legal_cache = self._compute_legal()
                if text in legal:
                    self._record_action(text)
                    self._act(text, 0)
                    return
            else:
                verb = "bet" if action_id >= bet_start else "bank"
                amount = action_id - (bet_start if action_id >= bet_start else 0) + 1
                for r in self._ranges():
                    if r.verb == verb and r.low <= amount <= r.high:
                        self._record_action(f"{verb} {amount}")
                        self._act(verb, amount)
                        return
        super().apply_id(action_id)

    def _act(self, kind: str, amount: int) -> None:
        """Carry out the legal action ``kind`` (``amount`` for ``bank N`` and ``bet N``)."""
        s = self.to_act
        assert s is not None
        if self.phase == Phase.BANK:
            self._put_up_bank(s, amount)
        elif self.phase == Phase.BET:
            if kind == "bet":
                self._bet(s, amount)
            elif kind == "banco":
                self._banco(s)
            else:
                self._pass_bet(s)
        elif self.phase == Phase.HOYLE_BET:
            if kind == "bet":
                self._bet_on_laid_out(s, amount)
            else:
                self._pending.append((3, s))
            self._next_hoyle_bettor()
        elif self.phase == Phase.KEEP:
            self._keep_or_stop(s, kind)
        elif self.phase == Phase.BUY:
            self._buy_or_pass(s, kind)

    # --- the bank turn --------------------------------------------------------------------

    def _say(self, kind: str, text: str, **data: Any) -> None:
        data["text"] = text
        self._pending.append(_new_tuple(Event, (kind, MappingProxyType(data), None)))

    # --- the log, made when it is read ----------------------------------------------------------

    def _flush(self) -> None:
        """The waiting entries made into events: an event made already, or a small tuple (its kind a
        number) for the commonest: an action's record (0), a card turned (1), a bet (2), a pass (3), a
        score (4), the bank's card (5) and the players' card (6) of a classic deal, a card drawn for
        the first bank (7)."""
        log, pending = self._events, self._pending[:]
        self._pending.clear()  # in place: the rules hold it while they draw, and a live draw reads the log
        proxy = MappingProxyType
        for p in pending:
            if type(p) is not tuple:
                log.append(p)
                continue
            code = p[0]
            data: dict[str, Any]
            if code == 0:
                data = {"seat": p[1], "action": p[2]}
                log.append(_new_tuple(Event, ("action", proxy(data), RECORD)))
                continue
            if code == 1:
                kind, data = "turn", {"card": CODES[p[1]], "text": _TURNED[p[1]]}
            elif code == 2:
                seat, amount = p[1], p[2]
                kind, data = "bet", {"seat": seat, "amount": amount, "text": f"seat {seat} bets {amount}"}
            elif code == 3:
                kind, data = "pass", {"seat": p[1], "text": f"seat {p[1]} passes"}
            elif code == 4:
                kind, data = "score", {"seat": p[1], "points": p[2], "reason": p[3]}
            elif code == 5:
                text = f"the bank's card, to the banker's left: {_SHOWN[p[1]]}"
                kind, data = "bank_card", {"card": CODES[p[1]], "text": text}
            elif code == 6:
                text = f"the players' card, to the banker's right: {_SHOWN[p[1]]}"
                kind, data = "players_card", {"card": CODES[p[1]], "text": text}
            else:
                seat, card = p[1], p[2]
                text = f"seat {seat} draws {_SHOWN[card]}"
                kind, data = "draw", {"seat": seat, "card": CODES[card], "text": text}
            log.append(_new_tuple(Event, (kind, proxy(data), None)))

    def alive(self) -> list[int]:
        """The players still holding chips; the others sit out for good (ruling LQ-4)."""
        return [s for s, w in enumerate(self.wealths()) if w > 0]

    def left_of(self, seat: int) -> int:
        """The player on ``seat``'s left: play goes anticlockwise, to the right, which is the next
        higher seat, so the left is the next lower one (ruling LQ-1)."""
        return (seat - 1) % self.num_players

    def _in_turn_after(self, seat: int) -> list[int]:
        """Every other seat, in turn round to the right (to higher seats) from ``seat`` (ruling LQ-1)."""
        n = len(self.purse)  # a purse a seat (cheaper than asking the options)
        return [(seat + k) % n for k in range(1, n)]

    def _first_words(self) -> str:
        """What the first banker does, as the log says it once ("seat 3 draws the highest card and
        takes the first bank"; in Hoyle's game, which puts up no bank, "... and deals first")."""
        return "deals first" if self.hoyle else "takes the first bank"

    def _start_bank_turn(self, seat: int) -> None:
        """``seat`` starts the bank: only this counts for the session's length, not buying it
        (ruling LQ-15). The first bank's ``banker`` event has no text: the first banker's line has
        said it ("seat 3 draws highest and banks" stood above "seat 3 takes the bank")."""
        first = not any(self.banks_started)
        self.banker = self.starter = seat
        self.banks_started[seat] += 1
        self.wins = 0
        self.same_rank_win = False
        if self.hoyle:
            self._say("banker", "" if first else f"seat {seat} takes the deal", seat=seat)
            self._hoyle_deal()
        else:
            self.phase, self.to_act = Phase.BANK, seat
            self._say("banker", "" if first else f"seat {seat} takes the bank", seat=seat)

    def _put_up_bank(self, seat: int, amount: int) -> None:
        self.purse[seat] -= amount
        self.bank = amount
        self._say("bank", f"seat {seat} puts up a bank of {amount}", seat=seat, amount=amount)
        self._open_betting()

    def _open_betting(self) -> None:
        self.bets = [0] * self.num_players
        self.passed = []
        self.base_bank = self.bank
        self.phase = Phase.BET
        nxt = self._next_bettor(self._seat_of_banker())
        if nxt is None:
            self._deal_classic()
        else:
            self.to_act = nxt

    def _seat_of_banker(self) -> int:
        assert self.banker is not None
        return self.banker

    def _next_bettor(self, after: int) -> int | None:
        """The next seat to the right that may still bet and has not passed since the last bet:
        betting goes round until a full round passes (ruling LQ-6)."""
        n, banker, purse, passed = len(self.purse), self.banker, self.purse, self.passed
        for k in range(1, n + 1):  # round to the right, ending with ``after`` itself
            s = (after + k) % n
            if s != banker and purse[s] > 0 and s not in passed:
                return s
        return None

    def _bet(self, seat: int, amount: int) -> None:
        self.purse[seat] -= amount
        self.bets[seat] += amount
        self.passed = []
        self._pending.append((2, seat, amount))
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
        """Banco: ``seat`` bets the whole bank and every other bet goes back (ruling LQ-7)."""
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
        self._pending.append((3, seat))
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
        cards = [*self.discards, *self.pile, *self.hand_cards, *[sp.card for sp in self.laid_out]]
        cards += [c for c in (self.bank_card, self.players_card) if c is not None]
        return cards

    def _prepare_stock(self) -> None:
        """Shuffle and cut before a deal: always with one pack; with a shoe, at the reserve point
        (ruling LQ-10)."""
        game = self.game
        packs = game.packs
        threshold = game.reserve_left
        shoe = self._shoe
        if packs == 1 or len(shoe) < threshold or len(shoe) < 2 or self._stacks:
            shoe += self._discards
            self._discards = []
            if self._stacks:
                self.rng.shuffle(shoe)
                stack = self._stacks.pop(0)
                for c in stack:
                    shoe.remove(c)
                shoe += stack[::-1]
                self._say("stacked", "the cards are stacked as the deal says")
            else:
                self._shuffle_and_cut(self._seat_of_banker())

    def _shuffle_and_cut(self, banker: int) -> None:
        """The banker shuffles and the player on the banker's left cuts, at a place drawn by chance:
        after a fair shuffle no choice of cut changes any chance (ruling LQ-9)."""
        packs = self.game.packs
        shoe = self._shoe
        self.rng.shuffle(shoe)
        self._say("shuffle", "the banker shuffles" + ("" if packs == 1 else f" the shoe of {packs} packs"))
        cutter = self.left_of(banker)
        at = 1 + self.rng.randrange(len(shoe) - 1)
        self._shoe = shoe[at:] + shoe[:at]
        self._say("cut", f"seat {cutter}, on the banker's left, cuts", seat=cutter)

    def _draw(self) -> int:
        if not self._shoe:
            # Only a shoe can run dry in mid-deal: the discards are shuffled into a new stock (ruling LQ-10).
            self._shoe, self._discards = self._discards, []
            self.rng.shuffle(self._shoe)
            self._say("shuffle", "the stock is exhausted: the discards are shuffled to go on")
        return self._shoe.pop()

    def _clear_table(self) -> None:
        discards = self._discards
        if self._bank_card >= 0:
            discards.append(self._bank_card)
        if self._players_card >= 0:
            discards.append(self._players_card)
        discards += self._hand
        discards += [sp.cid for sp in self.laid_out]
        discards += self._pile
        self._bank_card = self._players_card = NO_CARD
        self._pile = []
        self._hand = []
        self.hand_matched = []
        self.laid_out = []
        if self.game.packs == 1:  # one pack is gathered after every deal (ruling LQ-10)
            self._shoe += discards
            self._discards = []

    # --- the classic deal -----------------------------------------------------------------

    def _deal_classic(self) -> None:
        banker = self._seat_of_banker()
        before = self.wealths()
        if sum(self.bets) == 0:
            self._void_deal(banker, before)
            return
        self._prepare_stock()
        bank_card = self._bank_card = self._draw()
        self._pending.append((5, bank_card))
        players_card = self._players_card = self._draw()
        self._pending.append((6, players_card))
        same = _RANK[bank_card] == _RANK[players_card]  # is_same_rank_start, on ids
        if same:
            bank_wins = True
            self._say("same_rank", "the two cards have the same rank: the bank wins at once")
        else:
            bank_wins = self._race(bank_card, players_card)
        record = DealRecord(
            BANK_WINS if bank_wins else BANK_LOSES,
            [],
            bank_card=CODES[bank_card],
            players_card=CODES[players_card],
            same_rank=same,
            pile=[CODES[c] for c in self._pile],
        )
        if bank_wins:
            self._bank_takes_the_bets(twins=same and bool(self.game.options["twins"]))
        else:
            self._bank_pays_the_bets(banker)
        self._clear_table()
        self.deals_played += 1
        self._end_deal(before, record, {"same_rank": same, "bank_wins": bank_wins})
        if self.phase == Phase.OVER:
            return
        if bank_wins:
            self.wins += 1
            self.same_rank_win = same
            if len(self.alive()) < PLAYERS_TO_GO_ON:
                self._finish()
            else:
                self.phase, self.to_act = Phase.KEEP, banker
        else:
            self._pass_bank()

    def _void_deal(self, banker: int, before: list[int]) -> None:
        """Nobody bets: no cards are turned, the banker takes the bank back and it passes on; it
        counts as a deal (ruling LQ-8)."""
        self.purse[banker] += self.bank
        self.bank = 0
        self._say("void", "nobody bets: the bank is taken back and passes on")
        self.deals_played += 1
        self._end_deal(before, DealRecord(NO_BETS, []), {"void": True})
        if self.phase != Phase.OVER:
            self._pass_bank()

    def _race(self, bank_card: int, players_card: int) -> bool:
        """Turn cards onto the pile until one pairs the bank's card (the bank wins: ``True``) or the
        players' card (the bank loses: ``False``); cards pairing neither do not matter."""
        bank_rank, players_rank = _RANK[bank_card], _RANK[players_card]
        pile, pending, shoe = self._pile, self._pending, self._shoe
        while True:
            if shoe:
                card = shoe.pop()
            else:
                card = self._draw()
                shoe = self._shoe
            pile.append(card)
            pending.append((1, card))
            rank = _RANK[card]
            if rank == bank_rank:  # it pairs the bank's card
                return True
            if rank == players_rank:  # it pairs the players' card
                return False

    def _bank_takes_the_bets(self, twins: bool) -> None:
        """The bank wins every bet into the bank; with twins on a same-rank start, only half of each
        bet and the odd chip, the rest going back (ruling LQ-11)."""
        for s in range(self.num_players):
            if self.bets[s]:
                take = twins_take(self.bets[s]) if twins else self.bets[s]
                self.bank += take
                self.purse[s] += self.bets[s] - take
                self.bets[s] = 0
        half = " half of each bet" if twins else ""
        self._say("bank_wins", f"the bank wins{half}: it now holds {self.bank}")

    def _bank_pays_the_bets(self, banker: int) -> None:
        """A losing bank pays every bet 1 to 1 out of the bank and what is left goes back to the
        banker (ruling LQ-12)."""
        for s in range(self.num_players):
            if self.bets[s]:
                self.bank -= self.bets[s]
                self.purse[s] += paid_even(self.bets[s])
                self.bets[s] = 0
        self.purse[banker] += self.bank
        self.bank = 0
        self._say("bank_loses", "the bank loses and pays every bet")

    def _end_deal(self, before: list[int], record: DealRecord, extra: dict[str, Any]) -> None:
        """Log the deal's chips won and lost, then end the session if its agreed length is reached."""
        points = [self.wealth(s) - before[s] for s in range(self.num_players)]
        scored = self._spotted() if self.hoyle else [0] * len(points)
        pending = self._pending
        for s, p in enumerate(points):
            if p - scored[s]:
                pending.append((4, s, p - scored[s], "deal"))
        self._spot = [0] * len(points)
        text = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(points) if p) or "no chips change hands"
        pending.append(hand_end_event(points, f"deal over: {text}", deal=self.deals_played, **extra))
        record.points = points
        self.last_deal = record
        if self.game.options["length"] == "deals" and self.deals_played >= int(self.game.options["deals"]):
            self._finish()  # ruling LQ-16

    def _spotted(self) -> list[int]:
        """``_spot``, read from the log for a loaded or determinized state."""
        if self._spot is None:
            self._spot = self._scored_this_deal()
        return self._spot

    def _scored_this_deal(self) -> list[int]:
        """Points already logged during this deal (Hoyle's laid-out cards pay as they are matched), as
        the log tells them (the rules keep them in ``_spot``; a loaded save's are read from here)."""
        out = [0] * self.num_players
        log: list[Event] = self.log
        for e in log[::-1]:
            if e.kind == "hand_end":
                break
            if e.kind == "score" and e.to is None and e.data.get("reason") == "spot":
                out[e.data["seat"]] += e.data["points"]
        return out

    def _finish(self) -> None:
        if self.banker is not None and self.bank:
            self.purse[self.banker] += self.bank
            self.bank = 0
        self.phase, self.to_act = Phase.OVER, None
        self.queue = []
        self._say(
            "session_over",
            "the session is over: " + ", ".join(f"seat {s} {self.purse[s]}" for s in range(self.num_players)),
        )

    def _length_reached(self, alive: list[int]) -> bool:
        """``length=banks``: every player still holding chips has started the bank ``rounds`` times
        (ruling LQ-16)."""
        rounds = int(self.game.options["rounds"])
        return self.game.options["length"] == "banks" and all(self.banks_started[s] >= rounds for s in alive)

    def _pass_bank(self) -> None:
        """The bank goes to the right of the player who started it, skipping players without chips
        (rulings LQ-4, LQ-12, LQ-14)."""
        self.bank = 0
        alive = self.alive()
        if len(alive) < PLAYERS_TO_GO_ON or self._length_reached(alive):
            self._finish()
            return
        for s in [*self._in_turn_after(self.starter), self.starter]:
            if self.purse[s] > 0:
                self._start_bank_turn(s)
                return

    def _keep_or_stop(self, seat: int, kind: str) -> None:
        if kind == "keep":
            self._say("keep", f"seat {seat} keeps the bank of {self.bank} and deals again", seat=seat)
            if self.hoyle:
                self._hoyle_deal()
            else:
                self._open_betting()
        elif kind == "takeout":  # ruling LQ-13
            out = self.bank - self.base_bank
            self.purse[seat] += out
            self.bank = self.base_bank
            self._say("takeout", f"seat {seat} takes out {out} and deals again with {self.bank}", seat=seat)
            self._open_betting()
        elif self.hoyle:
            self._say("stop", f"seat {seat} gives up the deal", seat=seat)
            self._pass_bank()
        else:
            self._offer_for_sale(seat)

    def _offer_for_sale(self, seat: int) -> None:
        """The banker stops and takes the whole bank back; it is offered at that size to each other
        player who can put it up, nearest on the banker's right first (ruling LQ-14)."""
        size = self.bank
        self.purse[seat] += self.bank
        self.bank = 0
        self.base_bank = size
        self._say("stop", f"seat {seat} stops; the bank of {size} is for sale", seat=seat, amount=size)
        self.queue = [q for q in self._in_turn_after(seat) if self.purse[q] >= size]
        self._offer_next()

    def _offer_next(self) -> None:
        if self.queue:
            self.phase, self.to_act = Phase.BUY, self.queue.pop(0)
        else:
            self._say("unsold", "nobody buys the bank")
            self._pass_bank()

    def _buy_or_pass(self, seat: int, kind: str) -> None:
        if kind == "buy":
            # The buyer deals, but the bank's starter stays: a bought bank passes on from the player
            # who started it (ruling LQ-14), and buying it does not count as starting it (ruling LQ-15).
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
        """What the banker can still cover: their chips less every bet standing on the table; no bank
        is put up in Hoyle's game (ruling LQ-17)."""
        banker = self._seat_of_banker()
        standing = sum(sum(sp.bets) for sp in self.laid_out if not sp.matched)
        return max(0, self.purse[banker] - standing)

    def _table_ranks(self) -> list[int]:
        """The ranks out on the table: the hand cards', the bank's card's and the laid-out cards'."""
        ranks = [_RANK[c] for c in self._hand]
        ranks += [_RANK[sp.cid] for sp in self.laid_out]
        if self._bank_card >= 0:
            ranks.append(_RANK[self._bank_card])
        return ranks

    def _opening_card(self) -> int:
        """One of the four opening cards: a rank already out is buried and another card dealt, so the
        four are of four ranks (ruling LQ-18)."""
        while True:
            card = self._draw()
            if _RANK[card] not in self._table_ranks():
                return card
            self._pile.append(card)
            self._say("bury", f"{_SHOWN[card]} repeats a rank already out and is buried", card=CODES[card])

    def _lay_out(self, card: int) -> None:
        self.laid_out.append(LaidOut(CODES[card], False, [0] * self.num_players, card))

    def _hoyle_deal(self) -> None:
        """Two hand cards (they carry no bets, ruling LQ-19), the bank's card, then the réjouissance,
        the first card the players may bet on."""
        self.deal_before = self.wealths()
        self._prepare_stock()
        for i in range(HAND_CARDS):
            card = self._opening_card()
            self._hand.append(card)
            self.hand_matched.append(False)
            self._say("hand_card", f"hand card {i + 1}: {_SHOWN[card]}", card=CODES[card])
        bank_card = self._bank_card = self._opening_card()
        self._say("bank_card", f"the bank's card: {_SHOWN[bank_card]}", card=CODES[bank_card])
        card = self._opening_card()
        self._lay_out(card)
        self._say("rejouissance", f"the réjouissance: {_SHOWN[card]}", card=CODES[card])
        self._open_hoyle_betting()

    def _open_hoyle_betting(self) -> None:
        """One round of bets on the card just laid out, from the banker's right (ruling LQ-20)."""
        banker = self._seat_of_banker()
        self.queue = [q for q in self._in_turn_after(banker) if self.purse[q] > 0]
        self._next_hoyle_bettor()

    def _bet_on_laid_out(self, seat: int, amount: int) -> None:
        spot = self.laid_out[-1]
        self.purse[seat] -= amount
        spot.bets[seat] += amount
        text = f"seat {seat} bets {amount} on {_SHOWN[spot.cid]}"
        self._say("bet", text, seat=seat, amount=amount, card=spot.card)

    def _next_hoyle_bettor(self) -> None:
        if self.queue and self.cover_left() > 0:
            self.phase, self.to_act = Phase.HOYLE_BET, self.queue.pop(0)
            return
        self.queue = []
        self._hoyle_turn()

    def _hoyle_turn(self) -> None:
        """Turn cards until one is laid out fresh (betting opens on it) or the bank's card is matched."""
        assert self._bank_card >= 0
        bank_rank = _RANK[self._bank_card]
        hand_ranks = [_RANK[c] for c in self._hand]
        while True:
            if not self._shoe and not self._discards:
                self._hoyle_exhausted()
                return
            card = self._draw()
            rank = _RANK[card]
            code = CODES[card]
            if rank == bank_rank:  # it pairs the bank's card
                self._pile.append(card)
                self._say("turn", f"turned: {_SHOWN[card]}, matching the bank's card", card=code)
                self._hoyle_settle()
                return
            hit = hand_ranks.index(rank) if rank in hand_ranks else None
            spot = next((sp for sp in self.laid_out if _RANK[sp.cid] == rank), None)
            if hit is not None:
                self._pile.append(card)
                if not self.hand_matched[hit]:
                    self.hand_matched[hit] = True
                    self._say("turn", f"turned: {_SHOWN[card]}, matching hand card {hit + 1}", card=code)
                else:
                    self._say("turn", _TURNED[card], card=code)
            elif spot is not None:
                self._pile.append(card)
                if not spot.matched:
                    self._bank_takes_the_card(spot, card)
                else:  # a card once matched is dead (ruling LQ-20)
                    self._say("turn", _TURNED[card], card=code)
            else:
                self._lay_out(card)
                self._say("lay_out", f"turned: {_SHOWN[card]}, laid out for bets", card=code)
                self._open_hoyle_betting()
                return

    def _bank_takes_the_card(self, spot: LaidOut, card: int) -> None:
        """A laid-out card is matched: the bank takes every bet on it, and a card without bets is
        matched all the same (ruling LQ-21)."""
        banker = self._seat_of_banker()
        spot.matched = True
        won = sum(spot.bets)
        self.purse[banker] += won
        scored = self._spotted()
        pending = self._pending
        for s, bet in enumerate(spot.bets):
            if bet:  # the chips change hands now, so the score moves now
                pending.append((4, s, -bet, "spot"))
                scored[s] -= bet
        if won:
            pending.append((4, banker, won, "spot"))
            scored[banker] += won
        spot.bets = [0] * self.num_players
        takes = f": the bank takes {won}" if won else ""
        text = f"turned: {_SHOWN[card]}, matching {_SHOWN[spot.cid]}{takes}"
        self._say("turn", text, card=CODES[card])

    def _hoyle_record(self, result: str) -> DealRecord:
        assert self._bank_card >= 0
        return DealRecord(
            result,
            [],
            bank_card=CODES[self._bank_card],
            hand_cards=[CODES[c] for c in self._hand],
            table=[sp.card for sp in self.laid_out],
            pile=[CODES[c] for c in self._pile],
        )

    def _hoyle_exhausted(self) -> None:
        """Every card is out and the bank's card was never matched (its partners were all buried at
        the opening): the deal ends and passes on (ruling LQ-29). Every laid-out card has been matched
        by then; a bet still standing (only in a tampered position) would go back."""
        returned = 0
        for sp in self.laid_out:
            for s in range(self.num_players):
                self.purse[s] += sp.bets[s]
                returned += sp.bets[s]
            sp.bets = [0] * self.num_players
        back = f"; {returned} in bets go back" if returned else ""
        self._say("exhausted", f"every card is out before the bank's card is matched: the deal ends{back}")
        record = self._hoyle_record(STOCK_EXHAUSTED)
        self._clear_table()
        self.deals_played += 1
        self._end_deal(self.deal_before, record, {"paid": 0, "deal_again": False, "exhausted": True})
        if self.phase != Phase.OVER:
            self._pass_bank()

    def _hoyle_settle(self) -> None:
        """The bank's card is matched: the banker pays 1 to 1 every bet on cards not yet matched and
        the deal ends (ruling LQ-21). Both hand cards matched first: the banker may deal again
        (ruling LQ-22). Even money on a card that had as many partners left as the bank's card when
        the bet was made is a fair bet (ruling LQ-25)."""
        banker = self._seat_of_banker()
        paid = 0
        for sp in self.laid_out:
            for s in range(self.num_players):
                bet = sp.bets[s]
                if bet:
                    self.purse[banker] -= bet
                    self.purse[s] += paid_even(bet)
                    paid += bet
            sp.bets = [0] * self.num_players
        both = all(self.hand_matched)
        self._say("bank_matched", f"the bank's card is matched: the banker pays {paid} on the cards standing")
        record = self._hoyle_record(HAND_CARDS_FIRST if both else BANKS_CARD_MATCHED)
        self._clear_table()
        self.deals_played += 1
        self._end_deal(self.deal_before, record, {"paid": paid, "deal_again": both})
        if self.phase == Phase.OVER:
            return
        if both and len(self.alive()) >= PLAYERS_TO_GO_ON and self.purse[banker] > 0:
            self.wins += 1
            self.phase, self.to_act = Phase.KEEP, banker
        else:
            self._pass_bank()

    # --- views --------------------------------------------------------------------------------

    def view(self, seat: int | None) -> View[LansquenetExtra]:
        """Everything in Lansquenet is face up except the order of the stock: every seat sees alike."""
        n = self.num_players
        banker = self._seat_of_banker()
        hoyle = self.hoyle
        in_play = self.phase == Phase.HOYLE_BET
        last = self.last_deal
        if hoyle:
            bets = [sum(sp.bets[s] for sp in self.laid_out) for s in range(n)]
            room = self.cover_left() if in_play else 0
        else:
            bets = list(self.bets)
            room = self.room() if self.phase == Phase.BET else 0
        extra = (HoyleExtra if hoyle else LansquenetExtra)(
            bank=self.bank,
            bets=bets,
            room=room,
            wins_in_row=self.wins,
            banks_started=list(self.banks_started),
            deals_played=self.deals_played,
            last_result=last.result if last is not None else "",
            last_points=list(last.points) if last is not None else [0] * n,
            phase=self.phase,
            starter=self.starter,
            first_banker=self._first_banker(),
            base_bank=self.base_bank,
            same_rank_win=self.same_rank_win,
            passed=list(self.passed),
            queue=list(self.queue),
            deal_before=list(self.deal_before),
            hand_matched=list(self.hand_matched),
            laid_out_matched=[sp.matched for sp in self.laid_out],
            laid_out_bets=[list(sp.bets) for sp in self.laid_out],
        )
        wealths = self.wealths()
        # ruling LQ-14: a banker who stops takes the bank back, so while it is for sale nobody banks;
        # that seat sells it until a buyer puts it up
        holder = "seller" if self.phase == Phase.BUY else "banker"
        roles: dict[int, list[str]] = {
            s: [holder] if s == banker else ["player"] if wealths[s] > 0 else [] for s in range(n)
        }
        if self.starter != banker:
            roles[self.starter].append("starter")
        phase = self.phase
        return self.make_view(
            seat,
            extra=extra,
            zones=self._zones(in_play),
            situation=self._situation(),
            decision=DECISIONS.get(phase, ""),
            prompt=self._prompt(),
            chips=list(self.purse),
            hand_number=self.deals_played + (0 if phase == Phase.OVER else 1),
            # the agreed deals of a session of length=deals ("Deal 3 of 30"; it ends sooner if one seat
            # takes every chip); a session of banks has no fixed number of deals
            hands_in_match=int(self.game.options["deals"])
            if self.game.options["length"] == "deals"
            else None,
            roles=roles,
        )

    def _first_banker(self) -> int:
        """The seat that took the first bank, as the log tells it (looked up once)."""
        if self._first is None:
            for e in self.log:
                if e.kind == "first_banker" and e.to is None:
                    seat = e.data.get("seat")
                    self._first = seat if isinstance(seat, int) else 0
                    break
        return self._first or 0

    def _zones(self, in_play: bool) -> list[Zone]:
        """The table: the deal in play (Hoyle's bets), or else the last deal's cards as they fell."""
        last = self.last_deal
        when = ", last deal" if not in_play and last is not None else ""
        if in_play:
            bank_card, pile = self.bank_card, self.pile
        else:
            bank_card = last.bank_card if last is not None else None
            pile = last.pile if last is not None else []
        zones = [Zone("bank", None, [bank_card] if bank_card else [], f"the bank's card{when}")]
        if self.hoyle:
            laid: list[tuple[str, bool, list[int] | None]]
            if in_play:
                hand, marks = self.hand_cards, self.hand_matched
                laid = [(sp.card, sp.matched, sp.bets) for sp in self.laid_out]
            else:  # the last deal's cards, marked as they were when it ended (ruling LQ-22)
                hand = list(last.hand_cards or []) if last is not None else []
                marks, table_marks = self._last_deal_marks()
                table = last.table if last is not None else []
                laid = [(c, m, None) for c, m in zip(table, table_marks, strict=True)]
            matched = [c for c, m in zip(hand, marks, strict=False) if m]
            note = f" ({', '.join(pretty(c) for c in matched)} matched)" if matched else ""
            zones.append(Zone("table", None, list(hand), f"the hand cards{when}{note}"))
            for i, (card, done, bets) in enumerate(laid):
                name = "the réjouissance" if i == REJOUISSANCE else "laid out"
                zones.append(Zone("table", None, [card], name + when + _spot_note(done, bets)))
        else:
            players_card = last.players_card if last is not None and not in_play else self.players_card
            zones.append(
                Zone("table", None, [players_card] if players_card else [], f"the players' card{when}")
            )
        zones.append(Zone("pile", None, list(pile), f"cards turned{when}"))
        zones.append(Zone("stock", None, [], "the stock", size=len(self._shoe)))
        if self.game.packs > 1:
            zones.append(Zone("discards", None, [*sorted(self.discards)], "discards"))
        return zones

    def _last_deal_marks(self) -> tuple[list[bool], list[bool]]:
        """Which of the last Hoyle deal's hand cards and laid-out cards were matched. Its cards lie on
        the table while the banker chooses to deal again (ruling LQ-22) and at the session's end, as
        they were shown matched a moment before: the marks stay. A laid-out card is matched when a
        card of its rank was piled (the opening buries only repeats of the hand cards and the bank's
        card, ruling LQ-18, and a fresh rank is laid out, not piled); both hand cards are when they
        were matched first, and otherwise each is when the log turned a card of its rank after the
        réjouissance (a computer player's world, which has no log, is only ever shown the first)."""
        last = self.last_deal
        if last is None or last.hand_cards is None:
            return [], []
        piled = {rank_of(c) for c in last.pile}
        table = [rank_of(c) in piled for c in last.table]
        if last.result == HAND_CARDS_FIRST:
            return [True] * len(last.hand_cards), table
        turned = self._turned_this_deal()
        return [rank_of(c) in turned for c in last.hand_cards], table

    def event_words(self, event: Event) -> str:
        """The log's lines as a person reads them (the logged texts stay as they were: replays of older
        saves compare them). In Hoyle's game there is no bank (ruling LQ-17), yet the banker's "keep"
        was logged "seat 0 keeps the bank of 0 and deals again": it reads "seat 0 deals again", and the
        bets on a matched card go to "the banker", not "the bank". And
        where the chips go is said: a banker who stops takes the bank back, twins take the odd chip of
        an odd bet with the half, a losing bank's remainder goes back to its banker."""
        data = event.data
        if event.kind == "keep" and self.game.hoyle:
            return f"seat {data.get('seat')} deals again"
        if event.kind == "turn" and self.game.hoyle and ": the bank takes " in str(data.get("text") or ""):
            # (ruling LQ-17: no bank is put up, so the chips on a matched card go to the banker)
            return str(data["text"]).replace(": the bank takes ", ": the banker takes ")
        if event.kind == "stop" and "amount" in data:  # ruling LQ-14: the banker takes the bank back
            return (
                f"seat {data.get('seat')} stops and takes back the bank of {data['amount']}; it is for sale"
            )
        text = str(data.get("text") or "")
        if event.kind == "bank_wins" and "half of each bet" in text:  # ruling LQ-11: the odd chip too
            return text.replace("half of each bet", "half of each bet and the odd chip of an odd bet")
        if event.kind == "bank_loses":  # ruling LQ-12
            return f"{text}; what is left of it goes back to the banker"
        return super().event_words(event)

    def _situation(self) -> str:
        phase = self.phase
        if phase == Phase.OVER:
            return "the session is over"
        # The seat to move and what it is asked (the bank's size, a bet, keeping or buying the bank)
        # are the decision's, its seat and prompt, which every table says beside this line to that seat
        # and to the others ("Waiting for Computer 2 to put up a bank of 1 to 100 chips"): said here
        # too ("seat 2 takes the bank and chooses its size (1 to 100)"), they were read twice. What no
        # field or prompt says stays: who holds the bank and what it still covers, why the bank may
        # be kept.
        if phase == Phase.BET:
            return f"bank {self.bank} held by seat {self.banker}; {self.room()} may still be bet"
        if phase == Phase.HOYLE_BET:
            return f"the banker covers {self.cover_left()} more"
        if phase == Phase.KEEP and self.hoyle:
            return "both hand cards were matched first"
        if phase == Phase.KEEP:
            return "the bank won"
        return ""

    def _prompt(self) -> str:
        s = self.to_act
        if s is None:
            return ""
        phase = self.phase
        # A person's words, not the terminal's syntax ("bet N (1 to 24)"): the web table said "Waiting
        # for Computer 3 to bet N (1 to 1)"; the moves themselves ("bet 1-24") are listed beside.
        if phase == Phase.BANK:
            return f"put up a bank of {_chips_from_one(self.purse[s])}"
        if phase == Phase.BET:
            cap = min(self.room(), self.purse[s])
            banco = self.banco_allowed(s)
            if cap < MIN_BET:
                # no room for a bet but the whole bank: it read "pass, go banco (the whole bank)", the
                # refusal first and the bet an afterthought
                return f"go banco (bet the whole bank of {self.bank}), or pass" if banco else "pass"
            return f"bet {_chips_from_one(cap)}{', go banco (the whole bank)' if banco else ''}, or pass"
        if phase == Phase.HOYLE_BET:
            cap = min(self.cover_left(), self.purse[s])
            return f"bet {_chips_from_one(cap)} on {pretty(self.laid_out[-1].card)}, or pass"
        if phase == Phase.KEEP:
            if self.hoyle:
                return "keep the deal, or stop"
            # "take out", two words as the rules say it: the prompt read "takeout (back to 100)"
            takeout = f", take out the {self.bank - self.base_bank} it won" if self.takeout_allowed() else ""
            return f"keep the bank of {self.bank}{takeout}, or stop"
        if phase == Phase.BUY:
            return f"buy the bank of {self.base_bank}, or pass"
        return ""

    # --- saving ---------------------------------------------------------------------------------

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
            "table": [sp.to_save() for sp in self.laid_out],
            # In the order they fell: a dry shoe shuffles them into a new stock in that order (LQ-10),
            # so a loaded session must hold them so to go on as the original would.
            "discards": self.discards,
            "banks_started": list(self.banks_started),
            "deals_played": self.deals_played,
            "wins_in_row": self.wins,
            "last_deal": self.last_deal.to_save() if self.last_deal is not None else None,
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
        self._bank_card = self._id(data["bank_card"])
        self._players_card = self._id(data["players_card"])
        self._pile = self._ids(data["pile"])
        self._hand = self._ids(data["hand_cards"])
        self.hand_matched = list(data["hand_matched"])
        self.laid_out = [
            LaidOut(sp["card"], sp["matched"], list(sp["bets"]), self._id(sp["card"])) for sp in data["table"]
        ]
        self._discards = self._ids(data["discards"])
        self.banks_started = list(data["banks_started"])
        self.deals_played = data["deals_played"]
        self.wins = data["wins_in_row"]
        last = data["last_deal"]
        self.last_deal = DealRecord.from_save(last) if last is not None else None
        book = data["bookkeeping"]
        self.to_act = book["to_act"]
        self.passed = list(book["passed"])
        self.queue = list(book["queue"])
        self.base_bank = book["base_bank"]
        self.same_rank_win = book["same_rank_win"]
        self.deal_before = list(book["deal_before"])

    def _data(self) -> dict[str, Any]:
        return {"public": self.public(), "shoe": self.shoe, "stacks": self.stacks}

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(LansquenetSave, data, "state")
        self.set_public(d["public"])
        self._shoe = self._ids(d["shoe"])
        self._stacks = [self._ids(st) for st in d["stacks"]]
        self._spot = None  # read from the log when the rules first need it: checked by then

    def clone(self) -> LansquenetState:
        """A copy for search: field by field, as deep as each field is mutable (the cards small ints, the
        logged events and the last deal's record immutable and shared), the game shared, the random
        source copied on its first draw. The engine's generic copy is several times slower."""
        if not _PLAIN_OBJECTS:
            return LansquenetState(self.game, None, self)
        other = object.__new__(type(self))
        fields = vars(other)
        fields.update(vars(self))
        fields["purse"] = self.purse[:]
        fields["bets"] = self.bets[:]
        fields["passed"] = self.passed[:]
        fields["queue"] = self.queue[:]
        fields["_pile"] = self._pile[:]
        fields["_hand"] = self._hand[:]
        fields["hand_matched"] = self.hand_matched[:]
        fields["laid_out"] = [LaidOut(sp.card, sp.matched, sp.bets[:], sp.cid) for sp in self.laid_out]
        fields["_discards"] = self._discards[:]
        fields["_shoe"] = self._shoe[:]
        fields["_stacks"] = [stack[:] for stack in self._stacks]
        fields["banks_started"] = self.banks_started[:]
        fields["deal_before"] = self.deal_before[:]
        fields["_spot"] = None if self._spot is None else self._spot[:]
        fields["_events"] = self._events[:]
        fields["_pending"] = self._pending[:]
        fields["rng"] = self.rng.copy()
        return other

    def _copy_fields(self, src: LansquenetState) -> None:
        """``clone`` in the compiled build (mypyc), whose instances cannot be made blank with
        ``object.__new__`` nor copied through ``vars``: the same copy, field by field."""
        for name, value in getattr(src, "__dict__", {}).items():  # fields of no declared type, if any
            setattr(self, name, value)
        self.game = src.game
        self.seed = src.seed
        self._events = src._events[:]
        self._pending = src._pending[:]
        self.rng = src.rng.copy()
        self._legal_cache = src._legal_cache
        self._range_cache = src._range_cache
        self.phase = src.phase
        self.to_act = src.to_act
        self.purse = src.purse[:]
        self.bank = src.bank
        self.bets = src.bets[:]
        self.banker = src.banker
        self.starter = src.starter
        self.passed = src.passed[:]
        self.queue = src.queue[:]
        self._bank_card = src._bank_card
        self._players_card = src._players_card
        self._pile = src._pile[:]
        self._hand = src._hand[:]
        self.hand_matched = src.hand_matched[:]
        self.laid_out = [LaidOut(sp.card, sp.matched, sp.bets[:], sp.cid) for sp in src.laid_out]
        self._discards = src._discards[:]
        self._shoe = src._shoe[:]
        self._stacks = [stack[:] for stack in src._stacks]
        if src._names is not CODES:
            self._names = src._names
        self._spot = None if src._spot is None else src._spot[:]
        self.banks_started = src.banks_started[:]
        self.deals_played = src.deals_played
        self.wins = src.wins
        self.base_bank = src.base_bank
        self.same_rank_win = src.same_rank_win
        self.last_deal = src.last_deal
        self.deal_before = src.deal_before[:]
        self._first = src._first

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
        self._check_wins()
        self._check_log()

    def _check_wins(self) -> None:
        """The bank's wins in a row (shown to every seat) are wins of deals played: none when a bank
        is started, at least the one just won while its banker chooses (ruling LQ-30)."""
        wins, phase = self.wins, self.phase
        if not 0 <= wins <= self.deals_played:
            raise InvalidState(
                f"public.wins_in_row: {wins} wins in a row in {self.deals_played} deals played"
            )
        if (phase == Phase.KEEP and wins < 1) or (phase == Phase.BANK and wins):
            raise InvalidState(f"public.wins_in_row: {wins} wins in a row in phase {phase}")

    def _check_log(self) -> None:
        """What the log tells twice: the deals played (a ``hand_end`` each, numbered), the last deal's
        record (its chips won and lost, its result, and in the classic game its cards), the banks each
        seat started, and the session's end."""
        n = self.num_players
        ends: list[Mapping[str, Any]] = []
        started = [0] * n
        cards: dict[str, Any] = {}  # the classic deal's cards, since the last deal ended
        last_cards: dict[str, Any] = {}
        over = 0
        for i, e in enumerate(self.log):
            if e.to is not None:
                continue
            kind, data = e.kind, e.data
            if kind == "hand_end":
                ends.append(data)
                if data.get("deal") != len(ends):
                    raise InvalidState(f"log.{i}.data.deal: the deals end in turn, this one is {len(ends)}")
                last_cards, cards = cards, {}
            elif kind == "banker":
                seat = data.get("seat")
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                    raise InvalidState(f"log.{i}.data.seat: the seat that takes the bank")
                started[seat] += 1
            elif kind in ("bank_card", "players_card"):
                cards[kind] = data.get("card")
            elif kind == "turn":
                cards.setdefault("pile", []).append(data.get("card"))
            elif kind == "session_over":
                over += 1
        if len(ends) != self.deals_played:
            raise InvalidState(
                f"public.deals_played: {self.deals_played}, but the log ends {len(ends)} deals"
            )
        if self.banks_started != started:
            raise InvalidState(
                f"public.banks_started: {self.banks_started}, but the log's bankers start {started}"
            )
        if over != int(self.phase == Phase.OVER):
            raise InvalidState(f"public.phase: {self.phase}, but the log ends the session {over} times")
        last = self.last_deal
        if (last is None) != (not ends):
            raise InvalidState(f"public.last_deal: the log ends {len(ends)} deals")
        if last is None:
            return
        end = ends[-1]
        said = {
            "points": end.get("points"),
            "result": NO_BETS if end.get("void") else last.result,
            "same_rank": end.get("same_rank", last.same_rank),
        }
        if "bank_wins" in end:
            said["result"] = BANK_WINS if end.get("bank_wins") else BANK_LOSES
        if last.classic:
            said |= {k: last_cards.get(k) for k in ("bank_card", "players_card")}
            said["pile"] = last_cards.get("pile", [])
        for key, value in said.items():
            if getattr(last, key) != value:
                raise InvalidState(
                    f"public.last_deal.{key}: {echo(getattr(last, key))}, but the log says {echo(value)}"
                )

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
        for i, sp in enumerate(self.laid_out):
            if len(sp.bets) != n:
                raise InvalidState(f"public.table.{i}.bets: {len(sp.bets)} entries for {n} seats")
        if self.deal_before and len(self.deal_before) != n:
            raise InvalidState(
                f"public.bookkeeping.deal_before: {len(self.deal_before)} entries for {n} seats"
            )
        if self.last_deal is not None and len(self.last_deal.points) != n:
            raise InvalidState(f"public.last_deal.points: {len(self.last_deal.points)} entries for {n} seats")
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
        last = self.last_deal
        if last is not None:
            for key, card in (("bank_card", last.bank_card), ("players_card", last.players_card)):
                if card is not None and not pack.is_card(card):
                    raise InvalidState(f"public.last_deal.{key}: not a card of the {pack.title}")
            laid = (("pile", last.pile), ("hand_cards", last.hand_cards or []), ("table", last.table))
            for key, cards in laid:
                if any(not pack.is_card(c) for c in cards):
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
                    f"log: a score event of Lansquenet is whole chips for a reason: {echo(dict(e.data))}"
                )
            if reason == "stake":
                seat = e.data["seat"]
                if out[seat] is not None or not 0 <= points <= MAX_CHIPS:
                    raise InvalidState(
                        f"log: seat {seat} has a second or impossible stake: {echo(dict(e.data))}"
                    )
                out[seat] = points
        if any(p is None for p in out):
            raise InvalidState("log: every seat's stake is logged when the session starts")
        stakes = [p or 0 for p in out]
        if sum(stakes) > MAX_CHIPS or sum(1 for p in stakes if p > 0) < PLAYERS_TO_GO_ON:
            raise InvalidState(
                f"log: the stakes are two or more players' chips, at most {MAX_CHIPS:,} in all"
            )
        return stakes

    def _check_chips(self) -> None:
        total = sum(self.purse) + self.bank + sum(self.bets) + sum(sum(sp.bets) for sp in self.laid_out)
        start = sum(self.stakes())
        if total != start:
            raise InvalidState(f"public: {total} chips at the table, but the session started with {start}")

    def _check_turn(self) -> None:
        """The phase and the seat to move agree with the table."""
        phase, s, banker = self.phase, self.to_act, self.banker
        assert banker is not None
        if (phase == Phase.OVER) != (s is None):
            raise InvalidState(
                "public.bookkeeping.to_act: a seat is to move exactly while the session goes on"
            )
        if self.queue and phase not in (Phase.BUY, Phase.HOYLE_BET):
            raise InvalidState("public.bookkeeping.queue: only a sale or Hoyle's betting queues seats")
        on_table = self.bank_card or self.players_card or self.pile or self.hand_cards or self.laid_out
        if on_table and phase != Phase.HOYLE_BET:
            raise InvalidState("public: cards lie on the table only while Hoyle's bets are placed")
        if phase == Phase.OVER or s is None:
            if self.bank or any(self.bets):
                raise InvalidState("public.bank: the bank and the bets go back when the session ends")
            return
        if len(self.alive()) < PLAYERS_TO_GO_ON:
            raise InvalidState("public.purses: the session goes on only while two players hold chips")
        if self.game.options["length"] == "deals" and self.deals_played >= int(self.game.options["deals"]):
            raise InvalidState("public.deals_played: the agreed deals are played, the session is over")
        if phase == Phase.KEEP:
            if s != banker or self.wins < 1 or any(self.bets):
                raise InvalidState("public.phase: 'keep' is the winning banker's choice after a deal")
        elif phase in (Phase.BET, Phase.HOYLE_BET, Phase.BUY) and (s == banker or self.purse[s] <= 0):
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
        if phase == Phase.HOYLE_BET or self.deal_before:
            raise InvalidState("public.phase: Hoyle's bets belong to variant=hoyle")
        if phase == Phase.BANK:
            if s != banker or banker != self.starter or self.bank or any(self.bets):
                raise InvalidState("public.phase: the player starting the bank puts it up before any bet")
        elif phase == Phase.BET:
            if (
                self.bank <= 0
                or sum(self.bets) >= self.bank
                or self.bets[banker]
                or self.base_bank != self.bank
            ):
                raise InvalidState("public.bets: bets stay below the bank while they are placed")
            if s in self.passed or banker in self.passed:
                raise InvalidState("public.bookkeeping.passed: a seat that passed is not asked again")
        elif phase == Phase.KEEP:
            if self.bank <= 0 or self.base_bank > self.bank:
                raise InvalidState("public.bank: a winning bank holds at least what it started the deal with")
            last = self.last_deal
            if last is None or last.result != BANK_WINS or last.same_rank != self.same_rank_win:
                raise InvalidState(
                    "public.bookkeeping.same_rank_win: the bank won the last deal, as it was dealt"
                )
            if self.bank != self.base_bank + last.points[banker]:  # what a takeout takes out (LQ-13)
                raise InvalidState(
                    "public.bookkeeping.base_bank: the bank less what it won in the last deal, as logged"
                )
        elif phase == Phase.BUY:
            assert s is not None
            size = self.base_bank
            if self.bank or any(self.bets) or size <= 0:
                raise InvalidState("public.bookkeeping.base_bank: a bank for sale has a size and no bets")
            if any(self.purse[q] < size for q in [s, *self.queue]):
                raise InvalidState("public.bookkeeping.queue: only players who can put up the bank are asked")
            self._check_in_rotation([s, *self.queue], "public.bookkeeping.queue")
        if self.bank and phase not in (Phase.BET, Phase.KEEP):
            raise InvalidState("public.bank: a bank stands only while bets are placed or the banker chooses")
        if any(self.bets) and phase != Phase.BET:
            raise InvalidState("public.bets: bets stand only while they are placed")

    def _check_hoyle(self) -> None:
        phase, s, n = self.phase, self.to_act, self.num_players
        banker = self._seat_of_banker()
        if phase not in (Phase.HOYLE_BET, Phase.KEEP, Phase.OVER):
            raise InvalidState(f"public.phase: Hoyle's game has no {phase!r} phase")
        if self.bank or any(self.bets) or self.base_bank or self.players_card or self.same_rank_win:
            raise InvalidState("public.bank: Hoyle's game puts up no bank and turns no players' card")
        if banker != self.starter:
            raise InvalidState("public.starter: nobody buys the deal in Hoyle's game")
        if phase == Phase.KEEP and self.purse[banker] <= 0:
            raise InvalidState("public.purses: the banker deals again only holding chips")
        if phase != Phase.HOYLE_BET:
            return
        assert s is not None and self.bank_card is not None
        if len(self.hand_cards) != HAND_CARDS or not self.laid_out or self.laid_out[-1].matched:
            raise InvalidState("public.table: bets are placed on the card just laid out, after the opening")
        if self.cover_left() <= 0:
            raise InvalidState("public.table: the banker cannot cover the bets standing")
        if len(self.deal_before) != n:
            raise InvalidState("public.bookkeeping.deal_before: every seat's chips before the deal")
        ranks = [rank_of(c) for c in self.hand_cards] + [rank_of(self.bank_card)]
        ranks += [rank_of(sp.card) for sp in self.laid_out]
        if len(set(ranks)) != len(ranks):
            raise InvalidState("public.table: every card on the table is of a rank of its own")
        piled = {rank_of(c) for c in self.pile}
        if not piled <= set(ranks):
            raise InvalidState("public.pile: only cards pairing one on the table are piled")
        for i, sp in enumerate(self.laid_out):
            if sp.matched != (rank_of(sp.card) in piled) or (sp.matched and any(sp.bets)):
                raise InvalidState(
                    f"public.table.{i}: a card is matched when its rank is piled, and its bets taken"
                )
            if sp.bets[banker]:
                raise InvalidState(f"public.table.{i}.bets: the banker does not bet against the bank")
        turned = self._turned_this_deal()
        for i, (card, matched) in enumerate(zip(self.hand_cards, self.hand_matched, strict=True)):
            if matched and rank_of(card) not in piled:
                raise InvalidState(f"public.hand_matched.{i}: a hand card is matched by a piled card")
            if matched != (rank_of(card) in turned):  # the first card of its rank turned matched it
                raise InvalidState(f"public.hand_matched.{i}: not as the cards the log turned say")
        scored = self._scored_this_deal()
        for q in range(n):
            if self.deal_before[q] + scored[q] != self.wealth(q):
                raise InvalidState("public.bookkeeping.deal_before: the chips before the deal do not add up")
        if any(self.purse[q] <= 0 for q in self.queue):
            raise InvalidState("public.bookkeeping.queue: only players holding chips are asked")
        self._check_in_rotation([s, *self.queue], "public.bookkeeping.queue")

    def _turned_this_deal(self) -> set[str]:
        """The ranks of the cards turned since this Hoyle deal's réjouissance, as the log says (those
        buried in the opening pair no hand card: ruling LQ-18)."""
        ranks: set[str] = set()
        events = self.log
        for i in range(len(events) - 1, -1, -1):  # (not ``reversed``: as elsewhere, for mypyc)
            e = events[i]
            if e.to is not None:
                continue
            if e.kind == "rejouissance":
                break
            card = e.data.get("card")
            if e.kind == "turn" and isinstance(card, str) and card in CODES:
                ranks.add(rank_of(card))
        return ranks

    def inventory(self) -> Counter[str]:
        out = Counter(self.shoe)
        out.update(self._face_up())
        chips = sum(self.purse) + self.bank + sum(self.bets) + sum(sum(sp.bets) for sp in self.laid_out)
        out["chips"] = chips
        return out


def _anywhere(place: int, card: str) -> bool:
    """Any unseen card may lie anywhere in the stock: nothing a seat saw says where."""
    return True


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _spot_note(matched: bool, bets: list[int] | None) -> str:
    """A laid-out card's state in words: matched, or the bets standing on it."""
    if matched:
        return " (matched)"
    if not bets or not any(bets):
        return ""
    return ": " + ", ".join(f"seat {s} bets {b}" for s, b in enumerate(bets) if b)


def _phase_word(word: str) -> PhaseWord:
    if word not in ("bank", "bet", "hbet", "keep", "buy", "over"):
        raise ValueError(f"no phase {word!r}")
    return cast(PhaseWord, word)


_PLAIN_OBJECTS: Final = makes_blank(LansquenetState)
"""Whether ``clone`` may make a blank state with ``object.__new__`` (pure) or only by ``__init__``."""
