"""Apology: French Tarot's L'Excuse brought to the 65-card extended Bishops Whist pack.

One taker plays alone against three defenders. There is no trump suit; the
four Landsknechts and Till Eulenspiegel, which only the taker can hold, may be
played to any trick to escape it. Card points are counted in half points
internally so the 100.5-point pool adds up exactly (ruling AP-14).

The rules a player names are named here: the kitty and the burial, the oudlers,
the L'Excuse rule (an escape, its payment, a capture on the last card), the
taker's one-card toll and the fifteenth trick, the targets and the flat stake.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from parlour.cards import EXTENDED_65, SUIT_NAMES, SUITS
from parlour.engine import Event, Game, InvalidDeal, InvalidSave, InvalidState, Option, Rng, State
from parlour.engine.actions import Action, ActionSpec, AmountRange
from parlour.engine.copying import makes_blank
from parlour.engine.errors import echo
from parlour.engine.events import RECORD
from parlour.engine.game import Outcome
from parlour.engine.saves import checked
from parlour.engine.views import (
    Play as PlayView,
)
from parlour.engine.views import (
    ScoreRow,
    ScoreSheet,
    TrickView,
    View,
    Zone,
    ZoneKind,
    play,
)
from parlour.games.apology.schema import ApologyExtra as ApologyExtra
from parlour.games.apology.schema import ApologySave as ApologySave
from parlour.mechanics import Lead, deal_unseen, hand_end_event, is_lead, marked_leads, score_event
from parlour.mechanics import trick_winner as suit_trick_winner

# --- the pack --------------------------------------------------------------------------------

PLAYERS: Final = 4
HAND_SIZE: Final = 15
"""Each player is dealt fifteen suited cards."""
LANDSKNECHT = "N"
TILL = "E"
LANDSKNECHTS = 4
KITTY: tuple[str, ...] = (LANDSKNECHT,) * LANDSKNECHTS + (TILL,)
"""The kitty: the four Landsknechts and Till, set aside unseen before the deal."""
EXCUSES = frozenset(KITTY)
"""The L'Excuse cards: a Landsknecht or Till may be played to any trick, and never wins one."""
ACE, CASTLE = "A", "C"
RANKS: tuple[str, ...] = EXTENDED_65.suit_ranks["S"]  # castle high ... ace low
STRENGTH: Mapping[str, int] = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
HALF_POINTS: Mapping[str, int] = {
    **{r: 1 for r in ("T", "9", "8", "7", "6", "5", "4", "3", "2", ACE)},
    "L": 3, "B": 5, "Q": 7, "K": 9, CASTLE: 11, LANDSKNECHT: 3, TILL: 9,
}  # fmt: skip
"""Card points in halves (ruling AP-14): an ace is half a point, a castle 5.5, Till 4.5."""
TOTAL_HALVES = 201
"""The whole pack holds 100.5 card points."""
TOTAL_POINTS = TOTAL_HALVES / 2
SUITED: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
CARD_HALVES: Mapping[str, int] = {c: HALF_POINTS[c if c in EXCUSES else c[:-1]] for c in (*SUITED, *KITTY)}
"""Each card's value in half points."""
SORT_ORDER: Mapping[str, int] = {
    c: i for i, c in enumerate(sorted(set(EXTENDED_65.cards), key=EXTENDED_65.sort_key))
}

# --- the core: cards as small integers ---------------------------------------------------------
# The rules run on card ids; the text (codes, actions, the log, the views, the saves) is made from
# them when asked, from the tables below.

CARD_CODES: Final[tuple[str, ...]] = tuple(sorted(SORT_ORDER, key=SORT_ORDER.__getitem__))
"""The 62 distinct cards by id, in the pack's order (``SORT_ORDER``): the sixty suited cards, then the
Landsknecht (the four share its id: a hand holds it up to four times), then Till. A hand's ids in
ascending order are its cards in the pack's order."""
CARD_ID: Final[Mapping[str, int]] = {c: i for i, c in enumerate(CARD_CODES)}
N_ID: Final = CARD_ID[LANDSKNECHT]
E_ID: Final = CARD_ID[TILL]
assert len(SUITED) == N_ID and E_ID == N_ID + 1, "the suited cards' ids lie below the excuses'"
SEAT_SHIFT: Final = 6
"""A card played is ``seat << SEAT_SHIFT | card id`` (a play); an escape owed, ``to << SEAT_SHIFT | id``."""
CARD_BITS: Final = (1 << SEAT_SHIFT) - 1
SUIT_ID: Final[tuple[int, ...]] = tuple(-1 if c in EXCUSES else SUITS.index(c[-1]) for c in CARD_CODES)
"""Each id's suit (an index of ``SUITS``), -1 for a Landsknecht or Till."""
SUIT_LETTER_ID: Final[tuple[str, ...]] = tuple("" if c in EXCUSES else c[-1] for c in CARD_CODES)
HALVES_ID: Final[tuple[int, ...]] = tuple(CARD_HALVES[c] for c in CARD_CODES)
"""Each id's value in half points (ruling AP-14)."""
SUITED_IDS: Final[tuple[int, ...]] = tuple(CARD_ID[c] for c in SUITED)
"""The suited cards' ids in the order the deal shuffles them."""
KITTY_IDS: Final[tuple[int, ...]] = tuple(CARD_ID[c] for c in KITTY)

# --- the exchange and the play ---------------------------------------------------------------

BURIAL: Final = 6
"""The taker buries six cards after taking up the kitty (ruling AP-10)."""
TAKER_HAND: Final = HAND_SIZE + len(KITTY) - BURIAL
"""The taker's fourteen cards against fifteen: the one-card toll for the kitty (ruling AP-3)."""
TRICKS: Final = HAND_SIZE
"""Fifteen tricks a deal; the taker plays to the first fourteen only (ruling AP-3)."""
DEFENDERS: Final = PLAYERS - 1
MAX_DEALS = 200
"""The longest match the option ``deals`` allows."""
DEALT_PER_DEAL = 10
"""Under ``thrown_in=redealt`` a match also ends once ten times its deals have been dealt (ruling AP-2):
a table where nobody ever takes must still end."""


def left_of(seat: int) -> int:
    """The next seat to the left: the turn to bid, to play and to deal passes that way. The dealer's
    left bids first and leads the first trick."""
    return (seat + 1) % PLAYERS


# --- the settlement --------------------------------------------------------------------------

OUDLER_RANKS = (ACE, CASTLE)
"""The oudlers: the ace and the castle of any suit (the bottom and top of the suits), and Till."""
OUDLER_TRIO = 3
"""The oudler trio (ace, castle, Till): a taker holds 0 to 3 of them (ruling AP-9)."""
STAKE = 1
"""The flat stake each defender pays the taker, or is paid by the taker (ruling AP-11)."""

TAKER, DEALER, DEFENDER = "taker", "dealer", "defender"
"""The roles a view gives its seats."""


class Phase(StrEnum):
    """Where a deal stands: the bidding, the burial, the play, an escape payment due, or the match over."""

    BID = "bid"
    BURY = "bury"
    PLAY = "play"
    PAY = "pay"
    OVER = "over"


def is_excuse(card: str) -> bool:
    """A Landsknecht or Till: it may be played to any trick, escapes it, and never wins it."""
    return card in EXCUSES


def suit_of(card: str) -> str | None:
    """A suited card's suit; ``None`` for a Landsknecht or Till (it never sets the suit: ruling AP-5)."""
    return None if card in EXCUSES else card[-1]


def rank_of(card: str) -> str | None:
    """A suited card's rank; ``None`` for a Landsknecht or Till."""
    return None if card in EXCUSES else card[:-1]


def strength(card: str) -> int:
    """How high a suited card ranks in its suit (the castle 15 down to the ace 1)."""
    return STRENGTH[card[:-1]]


def higher_in_suit(card: str) -> list[str]:
    """The suited cards that beat ``card`` in its suit."""
    return [r + card[-1] for r in RANKS[: RANKS.index(card[:-1])]]


def is_ace(card: str) -> bool:
    return card not in EXCUSES and card[:-1] == ACE


def is_castle(card: str) -> bool:
    return card not in EXCUSES and card[:-1] == CASTLE


def is_oudler(card: str) -> bool:
    """One of the oudler trio: any ace, any castle, or Till."""
    return card == TILL or (card not in EXCUSES and card[:-1] in OUDLER_RANKS)


def oudler_kind(card: str) -> str:
    """Which of the trio an oudler is: ``ACE``, ``CASTLE`` or ``TILL``."""
    return card if card == TILL else card[:-1]


def oudlers_held(cards: Sequence[str], counting: str = "kinds") -> int:
    """How many oudlers the cards hold (ruling AP-9): by default the kinds of the trio (ace,
    castle, Till) present; with ``counting="cards"`` each oudler card, capped at three."""
    if counting == "cards":
        return min(OUDLER_TRIO, sum(1 for c in cards if is_oudler(c)))
    return len({oudler_kind(c) for c in cards if is_oudler(c)})


def half_points(card: str) -> int:
    """A card's value in half points (an ace is 1, a castle 11, Till 9)."""
    return CARD_HALVES[card]


def points_of(cards: Sequence[str]) -> float:
    """Card points of ``cards`` (exact: halves divided once)."""
    return sum(map(CARD_HALVES.__getitem__, cards)) / 2


def sort_cards(cards: Sequence[str]) -> list[str]:
    """Cards in the pack's order: suits ``S H D C``, each highest first; Landsknechts, then Till."""
    return sorted(cards, key=SORT_ORDER.__getitem__)


def led_suit(plays: Sequence[tuple[int, str]]) -> str | None:
    """The suit to follow: the first suited card's, whatever was led before it (ruling AP-5)."""
    for _, c in plays:
        if c not in EXCUSES:
            return c[-1]
    return None


def trick_winner(plays: Sequence[tuple[int, str]]) -> int:
    """The seat of the highest card of the suit led; there are no trumps, and a Landsknecht or Till
    never wins and does not set the suit (ruling AP-5)."""
    return suit_trick_winner(plays, suit_of, strength)


def playable(hand: Sequence[str], led: str | None) -> list[str]:
    """The cards of ``hand`` that may go to a trick whose suit is ``led``: follow suit if able, and a
    Landsknecht or Till at any time, even when able to follow (the L'Excuse rule)."""
    # ``follow_suit(hand, led, suit_of)`` written out, ``suit_of`` inlined: the hot path of the play.
    if led is None:
        return list(hand)
    cards = [c for c in hand if c[-1] == led and c not in EXCUSES]
    if not cards:
        return list(hand)
    if len(cards) < len(hand):
        cards += [c for c in hand if c in EXCUSES]
    return cards


def escapes(card: str, cards_left: int) -> bool:
    """Whether ``card``, just played by a player who still holds ``cards_left`` cards, escapes the
    trick: a Landsknecht or Till does, unless it was its player's last card, when the trick's
    winner captures it (the last trick: ruling AP-4)."""
    return card in EXCUSES and cards_left > 0


def trick_size(tricks_done: int) -> int:
    """Four cards a trick, but three in the fifteenth: the taker has no card for it (ruling AP-3)."""
    return DEFENDERS if tricks_done == TAKER_HAND else PLAYERS


def next_leader(winner: int, taker: int, tricks_done: int) -> int:
    """Who leads after ``tricks_done`` tricks, the last won by ``winner``: the winner, unless it is
    the taker after the fourteenth trick, when the taker's left leads the fifteenth (ruling AP-3)."""
    if winner == taker and tricks_done == TAKER_HAND:
        return left_of(taker)
    return winner


def makes_target(points: float, target: float) -> bool:
    """Reaching the target exactly is enough (ruling AP-11)."""
    return points >= target


def stakes(taker: int, made: bool) -> list[int]:
    """The flat settlement (ruling AP-11): each defender pays the taker one stake when the target
    is made, and is paid one stake otherwise."""
    sign = 1 if made else -1
    return [sign * STAKE * DEFENDERS if s == taker else -sign * STAKE for s in range(PLAYERS)]


def seat_with_role(view: View[Any], role: str) -> int | None:
    """The seat that has ``role`` in ``view`` (``TAKER``, ``DEALER``), if any."""
    return next((s.seat for s in view.seats if role in s.roles), None)


def check_deal(deal: object) -> tuple[int, list[list[str]]]:
    """An explicit deal's dealer and hands, or ``InvalidDeal`` saying what is wrong (ruling AP-15)."""
    seats = f"0-{PLAYERS - 1}"
    usage = f"a deal is {{'dealer': seat {seats}, 'hands': {PLAYERS} lists of {HAND_SIZE} suited cards}}"
    if not isinstance(deal, Mapping):
        raise InvalidDeal(f"{usage}, not {echo(deal)}")
    unknown = [k for k in deal if k not in ("dealer", "hands")]
    if unknown:
        raise InvalidDeal(f"unknown deal keys {echo(unknown)}; {usage}")
    dealer = deal.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < PLAYERS:
        raise InvalidDeal(f"dealer must be a seat {seats}, not {echo(dealer)}")
    hands = deal.get("hands")
    if not isinstance(hands, list | tuple) or len(hands) != PLAYERS:
        raise InvalidDeal(f"a deal needs 'hands': {PLAYERS} lists of {HAND_SIZE} cards, not {echo(hands)}")
    lists: list[list[str]] = []
    suited = frozenset(SUITED)
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list | tuple) or len(hand) != HAND_SIZE:
            raise InvalidDeal(f"hand {seat}: each hand is a list of {HAND_SIZE} cards, not {echo(hand)}")
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
            f"the hands must hold the {len(SUITED)} suited cards exactly once (twice: {', '.join(twice)}; "
            f"missing: {', '.join(missing)})"
        )
    return dealer, lists


# --- the rules on card ids (the core) ---------------------------------------------------------------

OUDLER_ID: Final[tuple[int, ...]] = tuple(
    0 if not is_oudler(c) else 3 if c == TILL else 1 if c[:-1] == ACE else 2 for c in CARD_CODES
)
"""Which of the oudler trio each id is (ruling AP-9): 1 an ace, 2 a castle, 3 Till; 0 none."""


def led_suit_id(trick: Sequence[int]) -> int:
    """``led_suit`` on plays: the first suited card's suit, -1 while none (ruling AP-5)."""
    for p in trick:
        c = p & CARD_BITS
        if c < N_ID:
            return SUIT_ID[c]
    return -1


def distinct_ids(cards: list[int]) -> list[int]:
    """Ascending ids each once (``cards`` ascend; only a Landsknecht repeats)."""
    if cards and cards[-1] >= N_ID and cards.count(N_ID) > 1:
        return list(dict.fromkeys(cards))
    return cards


E_BIT: Final = 1 << E_ID
"""Till in a hand's bits (``_held``); the Landsknechts (the taker may hold four) are counted apart."""
SUITED_BITS: Final = (1 << N_ID) - 1
SUIT_BITS: Final[tuple[int, ...]] = tuple(
    sum(1 << c for c in range(N_ID) if SUIT_ID[c] == s) for s in range(len(SUITS))
)
"""Each suit's cards as bits."""


_BYTE_IDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(8)
)
"""The ids of each byte of a hand's bits (``ids_of_bits`` in the pure module)."""


def ids_of_bits(bits: int) -> list[int]:
    """The ids of a hand's bits, ascending: in the pure module eight look-ups of its bytes; compiled, a
    loop of machine-int steps (faster there than tables, whose objects lie apart in memory)."""
    if _PLAIN_OBJECTS:
        t = _BYTE_IDS
        return [
            *t[0][bits & 255],
            *t[1][bits >> 8 & 255],
            *t[2][bits >> 16 & 255],
            *t[3][bits >> 24 & 255],
            *t[4][bits >> 32 & 255],
            *t[5][bits >> 40 & 255],
            *t[6][bits >> 48 & 255],
            *t[7][bits >> 56],
        ]
    out: list[int] = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


_BYTE_CODES: Final[tuple[tuple[tuple[str, ...], ...], ...]] = tuple(
    tuple(tuple(CARD_CODES[i] for i in ids if i < N_ID) for ids in row) for row in _BYTE_IDS
)
"""The same as card codes, the suited cards' only (a view's own hand in eight look-ups)."""


def hand_codes(held: int, landsknechts: int) -> list[str | None]:
    """``hand_ids`` as card codes (a view's own hand)."""
    suited = held & SUITED_BITS
    if _PLAIN_OBJECTS:
        t = _BYTE_CODES
        codes: list[str | None] = [
            *t[0][suited & 255],
            *t[1][suited >> 8 & 255],
            *t[2][suited >> 16 & 255],
            *t[3][suited >> 24 & 255],
            *t[4][suited >> 32 & 255],
            *t[5][suited >> 40 & 255],
            *t[6][suited >> 48 & 255],
            *t[7][suited >> 56],
        ]
    else:
        codes = [CARD_CODES[c] for c in ids_of_bits(suited)]
    if landsknechts:
        codes += [LANDSKNECHT] * landsknechts
    if held & E_BIT:
        codes.append(TILL)
    return codes


def hand_ids(held: int, landsknechts: int) -> list[int]:
    """A hand's ids in the pack's order (ascending) from its bits and its Landsknechts, each counted."""
    ids = ids_of_bits(held & SUITED_BITS)
    if landsknechts:
        ids += [N_ID] * landsknechts
    if held & E_BIT:
        ids.append(E_ID)
    return ids


def playable_bits(held: int, led: int) -> int:
    """``playable`` on a hand's bits (a Landsknecht held is always playable besides): follow suit if
    able (the suit ``led``, -1 none); Till at any time (the L'Excuse rule)."""
    if led >= 0:
        follow = held & SUIT_BITS[led]
        if follow:
            return follow | (held & E_BIT)
    return held


def legal_ids(playable: int, landsknechts: int) -> list[int]:
    """The distinct ids of ``playable_bits``' answer and a Landsknecht if held, ascending."""
    ids = ids_of_bits(playable & SUITED_BITS)
    if landsknechts:
        ids.append(N_ID)
    if playable & E_BIT:
        ids.append(E_ID)
    return ids


def winner_of(plays: Sequence[int]) -> int:
    """``trick_winner`` on plays: the highest card of the suit led, the first suited card's (a suit's
    ids run from its castle down to its ace); a Landsknecht or Till never wins (ruling AP-5)."""
    led, best, seat = -1, N_ID, -1
    for p in plays:
        c = p & CARD_BITS
        if c >= N_ID:
            continue
        if led < 0:
            led = SUIT_ID[c]
        if SUIT_ID[c] == led and c < best:
            best, seat = c, p >> SEAT_SHIFT
    if seat < 0:
        raise ValueError("a trick of cards outside the suits has no winner by suit")
    return seat


def oudlers_in(cards: Iterable[int], counting: str = "kinds") -> int:
    """``oudlers_held`` on ids (ruling AP-9)."""
    kinds = [OUDLER_ID[c] for c in cards if OUDLER_ID[c]]
    if counting == "cards":
        return min(OUDLER_TRIO, len(kinds))
    return len(set(kinds))


def halves_of(cards: Iterable[int]) -> int:
    """The card points of ids, in halves (ruling AP-14)."""
    return sum(map(HALVES_ID.__getitem__, cards))


def codes_of(cards: Iterable[int]) -> list[str]:
    """Ids as card codes (a new list)."""
    return list(map(CARD_CODES.__getitem__, cards))


def _play_tuple(p: int) -> tuple[int, str]:
    return p >> SEAT_SHIFT, CARD_CODES[p & CARD_BITS]


CoreTrick = tuple[int, tuple[int, ...], int]
"""A trick played out, in the core: its leader, its plays in order, its winner (shared by clones)."""


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A trick played out: who led it, its cards in the order played, and who won it. Never changed
    once made, so clones share it."""

    leader: int
    plays: tuple[tuple[int, str], ...]
    winner: int

    def __deepcopy__(self, memo: dict[int, Any]) -> PlayedTrick:
        return self


@dataclass(frozen=True, slots=True)
class Debt:
    """An escape not yet paid for: the Landsknecht or Till that escaped, and the trick's winner, who
    is owed a card from the taker's won tricks (ruling AP-8)."""

    card: str
    to: int

    def __deepcopy__(self, memo: dict[int, Any]) -> Debt:
        return self


class Apology(Game["ApologyState"]):
    """The taker alone against three; the thresholds are options so simulations can tune them."""

    name = "apology"
    title = "Apology (L'Excuse for the Bishops Whist pack)"
    round_word = "deal"
    min_players = PLAYERS
    max_players = PLAYERS  # two lines: mypyc compiles no chained assignment of class attributes
    pack = "bishops65"
    summary = (
        "One taker takes the kitty of Landsknechts and Till, buries six and plays alone against three; "
        "no trumps, the Landsknechts and Till escape tricks, and the target falls with the oudlers held."
    )
    # The targets are options (ruling AP-13), numbers the option check bounds and refuses as NaN
    # (ruling AP-16).
    option_specs = (
        Option(
            "deals",
            4,
            "deals in a match (a thrown-in deal among them: see thrown_in)",
            minimum=1,
            maximum=MAX_DEALS,
        ),
        Option(
            "target_0", 62.0, "card points the taker needs holding no oudler", minimum=0, maximum=TOTAL_POINTS
        ),
        Option(
            "target_1",
            56.0,
            "card points the taker needs holding one oudler",
            minimum=0,
            maximum=TOTAL_POINTS,
        ),
        Option(
            "target_2",
            45.0,
            "card points the taker needs holding two oudlers",
            minimum=0,
            maximum=TOTAL_POINTS,
        ),
        Option(
            "target_3",
            40.0,
            "card points the taker needs holding three oudlers",
            minimum=0,
            maximum=TOTAL_POINTS,
        ),
        Option(
            "target_shift",
            0.0,
            "card points added to all four targets, to move every threshold together (a designer's sweep)",
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
            "thrown_in",
            "counts",
            "a deal all four pass: 'counts' towards the match's deals, or is 'redealt' and counts for "
            f"nothing (the match then also ends after {DEALT_PER_DEAL} times its deals dealt)",
            choices=("counts", "redealt"),
        ),
        Option(
            "unpaid",
            "forfeit",
            "an escape never paid by the hand's end: 'forfeit' hands the escaped card itself to the "
            "trick's winner, 'lapse' forgets the debt",
            choices=("forfeit", "lapse"),
        ),
        Option(  # ruling AP-10; a save older than the option showed the whole burial (legacy)
            "burial_shown",
            "suited",
            "what the count shows the others of the taker's burial: its 'suited' cards (the seed: no one "
            "else ever sees the Landsknechts or Till), or 'all' six",
            choices=("suited", "all"),
            legacy="all",
        ),
    )
    hand_points_bounds = (-float(STAKE * DEFENDERS), float(STAKE * DEFENDERS))
    action_specs = (
        ActionSpec("bid", (), "take: play alone against the other three with the kitty"),
        ActionSpec("pass", (), "let the next player bid"),
        ActionSpec("bury", ("card",), "the taker buries a card (six in all)"),
        ActionSpec("play", ("card",), "play a card to the trick"),
        ActionSpec("give", ("card",), "the taker pays for an escape with a card from their won tricks"),
    )
    action_aliases = MappingProxyType({"pay": "give"})
    view_extra = ApologyExtra
    decision_kinds = tuple(p.value for p in Phase if p is not Phase.OVER)
    seat_roles = (TAKER, DEALER, DEFENDER)
    zone_kinds = ("hand", "kitty", "discards", "pile", "tricks_won")
    value_scale = float(STAKE * DEFENDERS)
    """A deal's largest swing: scores in an observation run from minus to plus the deals played."""

    def extra_layout(self) -> Sequence[tuple[str, tuple[int, ...]]]:
        """Beyond the shared segments a player needs: who bid or passed, the suits each seat has shown
        it lacks, the escapes still to be paid for and to whom, the card points so far (the taker's,
        the defence's, and the taker's own with the burial) and the tricks played."""
        cards = len(self.card_codes)
        return (
            ("bids", (PLAYERS, 2)),
            ("voids", (PLAYERS, len(SUITS))),
            ("owed", (cards,)),
            ("owed_to", (PLAYERS,)),
            ("card_points", (3,)),
            ("tricks_played", (1,)),
        )

    def encode_extra(
        self, view: View[Any], out: Mapping[str, npt.NDArray[np.float32]], rel: Sequence[int]
    ) -> None:
        x: ApologyExtra = view.extra
        for s in range(PLAYERS):
            if x.bids[s] is not None:
                out["bids"][rel[s], 0 if x.bids[s] == "bid" else 1] = 1
            for suit in x.voids[s]:
                out["voids"][rel[s], SUITS.index(suit)] = 1
        index = self.observation_encoder.index
        for card, to in zip(x.owed, x.owed_to, strict=True):
            out["owed"][index[card]] += 1
            out["owed_to"][rel[to]] += 1
        points = (x.taker_points, x.defence_points, x.points_with_burial)
        out["card_points"][:] = [(p or 0.0) / TOTAL_POINTS for p in points]
        out["tricks_played"][0] = x.tricks_played / TRICKS

    def target(self, oudlers: int) -> float:
        """The taker's target holding ``oudlers`` oudlers (0-3), shift included (ruling AP-13)."""
        return float(self.options[f"target_{oudlers}"]) + float(self.options["target_shift"])

    @cached_property
    def targets(self) -> tuple[float, ...]:
        """The four targets, for 0 to 3 oudlers held."""
        return tuple(self.target(n) for n in range(OUDLER_TRIO + 1))

    @cached_property
    def play_ids(self) -> Mapping[str, int]:
        """Each card's ``play <card>`` id in the action space, so the play's ids need no text."""
        ids = self.id_space.ids
        return {c: ids[_PLAY_TEXT[c]] for c in EXTENDED_65.cards}

    @cached_property
    def id_cards(self) -> Mapping[int, str]:
        """The card of each ``play <card>`` id."""
        return {i: c for c, i in self.play_ids.items()}

    def may_bury_id(self, card: int) -> bool:
        """``may_bury`` on a card id (ruling AP-10)."""
        return bool(self.options["bury_oudlers"]) or not OUDLER_ID[card]

    @property
    def may_bury_oudlers(self) -> bool:
        """Whether aces, castles and Till may be buried (option ``bury_oudlers``, ruling AP-10)."""
        return bool(self.options["bury_oudlers"])

    def may_bury(self, card: str) -> bool:
        """Any card may be buried, unless ``bury_oudlers=false`` keeps the oudlers in play (ruling AP-10)."""
        return self.may_bury_oudlers or not is_oudler(card)

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

    def determinize(self, view: View[Any], rng: Rng) -> ApologyState:
        """A state consistent with one seat's view, its hidden cards dealt afresh by ``deal_unseen``:
        uniformly among the deals that keep every rule the play has shown. The places are the other
        hands, the kitty and the burial; the constraints: the kitty is the Landsknechts and Till, only
        the taker ever holds them, a seat that showed out of a suit holds none of it, and under
        ``bury_oudlers=false`` no oudler lies buried. ``NoDeal`` if the view admits no deal."""
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view cannot be determinized")
        x: ApologyExtra = view.extra
        state = ApologyState(self, rng.randrange(2**62))
        state.phase = Phase(view.decision.kind) if view.decision is not None else Phase.OVER
        state.deal_no = (view.hand_number or 1) - (state.phase is not Phase.OVER)
        dealer = seat_with_role(view, DEALER)
        assert dealer is not None, "every deal has a dealer"
        state.dealer = dealer
        state.taker = seat_with_role(view, TAKER)
        state.bids = list(x.bids)
        state.turn = view.to_move
        state.points = [int(p) for p in view.scores]
        state.rows = [(r.label, list(r.values)) for r in view.score_sheet.rows] if view.score_sheet else []
        state.log = [e for label, values in state.rows for e in _result_events(label, values)]
        current = view.trick or TrickView([])
        state.leader = current.leader if current.leader is not None else left_of(state.dealer)
        state._trick = [p.seat << SEAT_SHIFT | CARD_ID[p.card] for p in current.plays]
        state._tricks = _tricks_from(x.played, x.tricks_played, state.dealer, state.taker)
        zones = {(z.kind, z.owner): z for z in view.zones}
        state._won = [_known(zones[("tricks_won", s)].face_up) for s in range(PLAYERS)]
        state._kept = _known(zones[("pile", state.taker)].face_up) if state.taker is not None else []
        state._debts = [to << SEAT_SHIFT | CARD_ID[c] for c, to in zip(x.owed, x.owed_to, strict=True)]
        seen: Counter[str] = Counter(view.hand)
        for z in view.zones:
            if z.kind != "hand":
                seen.update(z.face_up)
        seen.update(p.card for p in current.plays)
        unseen = list((EXTENDED_65.counts() - seen).elements())
        # The places of the unseen cards, and how many each holds.
        places: list[tuple[str, int]] = [("hand", s) for s in range(PLAYERS) if s != seat]
        room = [view.seats[s].hand_size or 0 for s in range(PLAYERS) if s != seat]
        burial = zones.get(("discards", state.taker))
        if burial is not None and burial.size and not burial.face_up:
            places.append(("burial", -1))
            room.append(burial.size)
        elif burial is not None:
            state._buried = _known(burial.face_up)
        kitty = zones.get(("kitty", None))
        if kitty is not None and kitty.size:
            places.append(("kitty", -1))
            room.append(kitty.size)
        voids = [set(v) for v in x.voids]
        taker = state.taker

        def may_hold(place: int, card: str) -> bool:
            kind, s = places[place]
            if kind == "kitty":
                return card in EXCUSES  # the Landsknechts and Till lie apart as the kitty
            if kind == "burial":
                return self.may_bury(card)  # ruling AP-10
            if card in EXCUSES:
                return s == taker  # only the taker ever holds a Landsknecht or Till
            return card[-1] not in voids[s]  # a seat that showed out of a suit holds none of it

        dealt = deal_unseen(unseen, room, may_hold, rng)
        hands: list[Sequence[str]] = [[] for _ in range(PLAYERS)]
        hands[seat] = view.hand
        for (kind, s), cards in zip(places, dealt, strict=True):
            if kind == "hand":
                hands[s] = cards
            elif kind == "burial":
                state._buried = list(map(CARD_ID.__getitem__, cards))
            else:
                state._kitty = list(map(CARD_ID.__getitem__, cards))
        for s, hand in enumerate(hands):
            ids = [CARD_ID[c] for c in hand]
            state._ns[s] = ids.count(N_ID)
            state._held[s] = _bits(c for c in ids if c != N_ID)
        return state


_PLAYS_IN: dict[int, tuple[object, tuple[int, ...], dict[int, int]]] = {}
"""Per action space (by its ``id``, the space kept so that the ``id`` stays its): ``_plays_in``'s answer."""


def _plays_in(game: Apology) -> tuple[tuple[int, ...], dict[int, int]]:
    """The ``play <card>`` id of each card id, ascending as the card ids do (the space lists the plays
    in the pack's order, so a hand's legal ids need no sorting), and the card id of each such id. Kept
    per action space, not in a cached property of the game: compiled, those are not kept."""
    space = game.id_space
    known = _PLAYS_IN.get(id(space))
    if known is None or known[0] is not space:
        ids = tuple(space.ids[_PLAY_TEXT[c]] for c in CARD_CODES)
        assert list(ids) == sorted(ids), "the plays' ids follow the pack's order"
        known = _PLAYS_IN[id(space)] = (space, ids, {i: c for c, i in enumerate(ids)})
    return known[1], known[2]


def _bits(cards: Iterable[int]) -> int:
    """Card ids (no Landsknecht) as a hand's bits."""
    held = 0
    for c in cards:
        held |= 1 << c
    return held


def _pack_message(inventory: Counter[str]) -> str:
    """Why cards that are not the pack exactly once are refused (ruling AP-17)."""
    extra = sorted((inventory - EXTENDED_65.counts()).elements())
    missing = sorted((EXTENDED_65.counts() - inventory).elements())
    return (
        "hands: the hands, kitty, burial, tricks and won cards must hold the pack exactly once "
        f"(extra: {echo(', '.join(extra)) if extra else 'none'}; "
        f"missing: {echo(', '.join(missing)) if missing else 'none'})"
    )


def _pack_refused(hands: Counter[str], d: Mapping[str, Any]) -> str:
    """``_pack_message`` for a save whose hand holds a suited card twice (which bits cannot hold)."""
    inventory = hands.copy()
    for name in ("kitty", "buried", "kept"):
        inventory.update(d[name])
    for pile in d["won"]:
        inventory.update(pile)
    inventory.update(c for _, c in d["trick"])
    return _pack_message(inventory)


def _known(cards: Iterable[str | None]) -> list[int]:
    """A zone's cards shown face up, as ids."""
    return [CARD_ID[c] for c in cards if c is not None]


def _tricks_from(
    played: Sequence[Sequence[str]], done: int, dealer: int, taker: int | None
) -> list[CoreTrick]:
    """The tricks played out, rebuilt from each seat's cards in the order played: each seat plays
    one card a trick, the first trick led from the dealer's left, each next by the last winner."""
    tricks: list[CoreTrick] = []
    leader = left_of(dealer)
    for i in range(done):
        seats = [(leader + j) % PLAYERS for j in range(PLAYERS)]
        if trick_size(i) < PLAYERS:
            seats = [s for s in seats if s != taker]
        plays = tuple(s << SEAT_SHIFT | CARD_ID[played[s][i]] for s in seats)
        winner = winner_of(plays)
        tricks.append((leader, plays, winner))
        leader = next_leader(winner, taker if taker is not None else -1, i + 1)
    return tricks


def _result_events(label: str, values: Sequence[float]) -> list[Event]:
    """A deal's result as the log holds it, for a determinized state (its score sheet and scores)."""
    events = [score_event(s, int(p), "so far") for s, p in enumerate(values) if p]
    return [*events, hand_end_event(list(values), sheet=label)]


class ApologyState(State):
    """A whole match: deals in turn, each bid, exchanged, played out in 15 tricks and settled."""

    game: Apology
    # The engine's fields that every action reads or clears, declared again here so that a compiled
    # build keeps them in the state's own slots, not in a dict (the engine reads them alike).
    rng: Rng
    _events: list[Event]
    _pending: list[Any]
    """What the play still has to log, in order (``_flush``): a card played as one int, a trick played
    out as a tuple (``_trick_events``)."""
    _legal_cache: list[str] | None = None
    _range_cache: list[AmountRange] | None = None

    def __init__(self, game: Apology, seed: int | None = None, _copy_of: ApologyState | None = None) -> None:
        """``_copy_of`` is ``clone``'s in the compiled build, whose instances are made only through here."""
        if _copy_of is not None:
            self._copy_fields(_copy_of)
            return
        super().__init__(game, seed)
        self._play_id_of, self._card_of_play = _plays_in(game)
        self.phase = Phase.BID
        self.deal_no = 0
        self.dealer = 0
        # The core: every card an id (``CARD_CODES``); the text is made from it when asked (``hands``,
        # ``kitty``, ... below, the views, the save, the log).
        self._held: list[int] = [0] * PLAYERS
        """Each seat's cards as bits (``1 << card id``): the suited cards and Till."""
        self._ns: list[int] = [0] * PLAYERS
        """The Landsknechts each seat holds (only the taker, from the kitty: ruling AP-6's cards)."""
        self._kitty: list[int] = []
        self.bids: list[str | None] = [None] * PLAYERS
        self.turn: int | None = None
        self.taker: int | None = None
        self._buried: list[int] = []
        self.leader = 0
        self._trick: list[int] = []
        """The trick on the table: its plays (``seat << SEAT_SHIFT | card id``) in order."""
        self._tricks: list[CoreTrick] = []
        self._won: list[list[int]] = [[] for _ in range(PLAYERS)]
        self._kept: list[int] = []
        """The taker's escaped Landsknechts and Till: they stay the taker's (ruling AP-6)."""
        self._debts: list[int] = []
        """The escapes not yet paid for, oldest first: ``to << SEAT_SHIFT | card id`` (ruling AP-8)."""
        self.points: list[int] = [0] * PLAYERS
        self.rows: list[tuple[str, list[float]]] = []
        """The score sheet, a row a deal (read from the log's ``hand_end`` events; not saved apart)."""
        self._saved_hands: list[list[str]] | None = None
        """A loaded save's hands when not in the pack's order (no play makes them): ``_check_log``
        refuses them as the log tells them otherwise."""

    # --- the core's cards as text, made when asked (read-only: a new list each time) ---------

    @property
    def hands(self) -> list[list[str]]:
        """Each seat's hand as card codes, in the pack's order."""
        return [codes_of(self._hand(s)) for s in range(PLAYERS)]

    def _hand(self, seat: int) -> list[int]:
        """``seat``'s card ids in the pack's order, a Landsknecht once for each held."""
        return hand_ids(self._held[seat], self._ns[seat])

    def _size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return self._held[seat].bit_count() + self._ns[seat]

    @property
    def kitty(self) -> list[str]:
        return codes_of(self._kitty)

    @property
    def buried(self) -> list[str]:
        """The taker's burial, in the order buried."""
        return codes_of(self._buried)

    @property
    def trick(self) -> list[tuple[int, str]]:
        """The trick on the table as ``(seat, card)`` in the order played."""
        return list(map(_play_tuple, self._trick))

    @property
    def tricks(self) -> list[PlayedTrick]:
        """The tricks played out this deal, in order."""
        return [PlayedTrick(t[0], tuple(map(_play_tuple, t[1])), t[2]) for t in self._tricks]

    @property
    def won(self) -> list[list[str]]:
        """Each seat's won cards, in the order won (payments and forfeits added at the end)."""
        return [codes_of(w) for w in self._won]

    @property
    def kept(self) -> list[str]:
        return codes_of(self._kept)

    @property
    def debts(self) -> list[Debt]:
        return [Debt(CARD_CODES[d & CARD_BITS], d >> SEAT_SHIFT) for d in self._debts]

    # --- flow of the match ---------------------------------------------------------

    def start_deal(self, dealer: int, hands: list[list[str]] | None) -> None:
        """Set the kitty aside and deal fifteen suited cards each; the dealer's left speaks first."""
        self.dealer = dealer
        self.phase = Phase.BID
        self.taker = None
        self._buried = []
        self._trick = []
        self._tricks = []
        self._won = [[] for _ in range(PLAYERS)]
        self._kept = []
        self._debts = []
        self.bids = [None] * PLAYERS
        self._kitty = list(KITTY_IDS)
        if hands is None:
            cards = list(SUITED_IDS)
            self.rng.shuffle(cards)
            self._held = [_bits(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(PLAYERS)]
        else:
            self._held = [_bits(map(CARD_ID.__getitem__, h)) for h in hands]
        self._ns = [0] * PLAYERS
        self.turn = left_of(dealer)
        self.leader = self.turn
        self._later(
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
            self._later(Event("hand", {"cards": codes_of(self._hand(s))}, to=s))

    def _next_deal(self) -> None:
        """The deal passes to the left; the match is a fixed number of deals (ruling AP-12), a deal thrown
        in among them unless ``thrown_in=redealt`` (ruling AP-2)."""
        self.deal_no += 1
        if self._match_done():
            self.phase = Phase.OVER
            self.turn = None
            self._later(Event("match_end", {"scores": list(self.scores), "text": "the match is over"}))
            return
        self.start_deal(left_of(self.dealer), None)

    def deals_counted(self) -> int:
        """The deals finished that count towards the match: every one, or under ``thrown_in=redealt``
        those with a taker (a taker's deal always moves the points, a thrown-in one never: AP-2, AP-11)."""
        if self.game.options["thrown_in"] == "counts":
            return self.deal_no
        return sum(1 for _, values in self.rows if any(values))

    def _match_done(self) -> bool:
        """Whether the deals finished end the match (rulings AP-2, AP-12)."""
        deals = int(self.game.options["deals"])
        return self.deals_counted() >= deals or self.deal_no >= deals * DEALT_PER_DEAL

    # --- the State contract --------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.turn

    @property
    def hand_number(self) -> int:
        """The deals begun: ``deal_no`` counts those finished (a thrown-in deal among them)."""
        return self.deal_no if self.phase is Phase.OVER else self.deal_no + 1

    @property
    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def _compute_legal(self) -> list[str]:
        seat = self.turn
        if self.phase is Phase.OVER or seat is None:
            return []
        if self.phase is Phase.BID:
            return ["bid", "pass"]
        if self.phase is Phase.BURY:
            return [_BURY_TEXT[c] for c in self._buryable()]
        if self.phase is Phase.PAY:
            return [_GIVE_TEXT[c] for c in sorted(set(self._won[seat]))]
        return [
            _PLAY_TEXT_ID[c]
            for c in legal_ids(playable_bits(self._held[seat], led_suit_id(self._trick)), self._ns[seat])
        ]

    def _buryable(self) -> list[int]:
        assert self.taker is not None
        may_bury = self.game.may_bury_id
        return [c for c in distinct_ids(self._hand(self.taker)) if may_bury(c)]

    def payment_due(self) -> bool:
        """An escape payment is due: an escape is owed and the taker has won a trick to pay from
        (ruling AP-8: at once, or as soon as the taker wins a trick; oldest debt first)."""
        return bool(self._debts) and self.taker is not None and bool(self._won[self.taker])

    _WANTED: Mapping[Phase, tuple[tuple[str, ...], str]] = {
        Phase.BID: (("bid", "pass"), "you bid or pass: 'bid' or 'pass'"),
        Phase.BURY: (("bury",), "you bury six cards, one at a time: 'bury <card>'"),
        Phase.PLAY: (("play",), "you play a card to the trick: 'play <card>'"),
        Phase.PAY: (("give",), "you owe an escape payment: 'give <card>' from your won tricks"),
    }

    def explain_illegal(self, action: Action) -> str:
        """Why the well-formed ``action`` is refused, said to the seat that tried it (the one to move),
        as the other games say it: "you must follow suit ... you hold", not "the hand holds"."""
        if self.phase is Phase.OVER:
            return "the match is over"
        kinds, wanted = self._WANTED[self.phase]
        if action.kind not in kinds:
            return f"not now: {wanted}"
        seat = self.turn
        assert seat is not None
        card = action.card
        held = CARD_ID.get(card, -1) in self._hand(seat)
        if action.kind == "bury":
            if not held:
                return f"{card} is not in your hand"
            return "you may not bury aces, castles or Till (the option bury_oudlers=false)"
        if action.kind == "give":
            if CARD_ID.get(card, -1) in self._kept:
                return f"{card} was escaped, not won in a trick: you pay from your won tricks"
            return f"{card} is not among your won tricks"
        if not held:
            return f"{card} is not in your hand"
        suit = SUITS[led_suit_id(self._trick)]
        suited = [a[5:] for a in self.legal_actions() if suit_of(a[5:]) == suit]
        return f"you must follow suit: {SUIT_NAMES[suit]} were led and you hold {', '.join(suited)}"

    def _carry_out(self, action: str, typed: Action | None = None) -> None:
        """A legal canonical ``play <card>`` goes to the core on its id without parsing (its record and
        play logged when the log is read); the rest the engine's way."""
        if typed is None and action[0] == "p" and action[1] == "l":
            seat = self.turn
            assert seat is not None
            self._acting()
            self._play(seat, CARD_ID[action[5:]], True)
            return
        super()._carry_out(action, typed)

    # --- the log, made from the core when it is read ----------------------------------------

    def _flush(self) -> None:
        """Make the waiting entries into events, in order: a card played is one int (``_PLAYED``: with its
        record's action when ``RECORDED`` is set), a trick played out a tuple (``_trick_events``), any
        other event itself. A playout by ids, which never reads the log, makes none of the play's."""
        pending, self._pending = self._pending, []
        log, played = self._events, _PLAYED
        for p in pending:
            if type(p) is int:
                log += played[p]
            elif type(p) is tuple:
                _trick_events(log, *p)
            else:
                log.append(p)

    def _later(self, event: Event) -> None:
        """Log ``event`` behind what waits in ``_pending``: every event of the rules goes this way, so
        that nothing is made until the log is read."""
        if self._pending:
            self._pending.append(event)
        else:
            self._events.append(event)

    def _acting(self) -> None:
        """What ``_record_action`` does but the logging, for an action whose record waits in
        ``_pending``: the legal lists forgotten, a copied live random source recording into this state."""
        self._legal_cache = self._range_cache = None
        self._play_mask = -1
        rng = self.rng
        if rng.sink is None and rng.live:
            rng.sink = self._record_chance

    # --- the hot path: ids straight to the rules ------------------------------------

    def legal_action_ids(self) -> list[int]:
        """In the play the ids of the cards ``playable_bits`` allows, no text made (the same rule as
        ``_compute_legal``: a Landsknecht's duplicates are one id); otherwise the engine's way."""
        seat = self.turn
        if self.phase is Phase.PLAY and seat is not None:
            cards = self._play_mask = playable_bits(self._held[seat], led_suit_id(self._trick))
            ids = self._play_id_of
            return [ids[c] for c in legal_ids(cards, self._ns[seat])]
        return super().legal_action_ids()

    _play_mask: int = -1
    """The play's legal cards as bits (``playable_bits``) as ``legal_action_ids`` found them, so that
    ``apply_id`` need not ask again; -1, forgotten, with the engine's legal lists on every action."""

    def _record_action(self, action: str) -> None:
        """The engine's record of an action (``State._record_action``), logged behind what waits."""
        self._acting()
        self._later(Event("action", {"seat": self.current_player, "action": action}, RECORD))

    def apply_id(self, action_id: int) -> None:
        """A card ``playable_bits`` allows is played on its id at once; anything else goes the engine's
        way, with its checks and reasons (the state unchanged on a refusal)."""
        seat = self.turn
        if self.phase is Phase.PLAY and seat is not None and type(action_id) is int:
            card = self._card_of_play.get(action_id, -1)
            if card >= 0:
                known = self._play_mask
                if known < 0:
                    known = playable_bits(self._held[seat], led_suit_id(self._trick))
                if known >> card & 1 if card != N_ID else self._ns[seat] > 0:
                    self._acting()
                    self._play(seat, card, True)
                    return
        super().apply_id(action_id)

    def _apply(self, action: Action) -> None:
        seat = self.turn
        assert seat is not None
        if action.kind == "bid" or action.kind == "pass":
            self._bid(seat, action.kind == "bid")
        elif action.kind == "bury":
            self._bury(seat, CARD_ID[action.card])
        elif action.kind == "give":
            self._pay(seat, CARD_ID[action.card])
        else:
            self._play(seat, CARD_ID[action.card], False)

    # --- bidding and exchange -----------------------------------------------------

    def _bid(self, seat: int, bids: bool) -> None:
        """The first bid takes, and nobody after is asked (ruling AP-1); four passes throw the deal
        in (ruling AP-2)."""
        self.bids[seat] = "bid" if bids else "pass"
        word = "bids" if bids else "passes"
        self._later(Event("bid", {"seat": seat, "bid": bids, "text": f"seat {seat} {word}"}))
        if bids:
            self._take(seat)
            return
        nxt = left_of(seat)
        if nxt == left_of(self.dealer):
            self._later(
                Event("throw_in", {"dealer": self.dealer, "text": "all four pass: the deal is thrown in"})
            )
            points = [0.0] * PLAYERS
            self._end_deal(hand_end_event(points, "no taker, nobody scores", thrown_in=True, taker=None))
            self._next_deal()
        else:
            self.turn = nxt

    def _take(self, seat: int) -> None:
        """The taker turns up the kitty and takes it into hand: twenty cards."""
        self.taker = seat
        for c in self._kitty:
            if c == N_ID:
                self._ns[seat] += 1
            else:
                self._held[seat] |= 1 << c
        self._later(
            Event(
                "take",
                {
                    "seat": seat,
                    "kitty": codes_of(self._kitty),
                    "text": f"seat {seat} takes and turns up the kitty: four Landsknechts and Till",
                },
            )
        )
        self._kitty = []
        self.phase = Phase.BURY
        self.turn = seat

    def _bury(self, seat: int, card_id: int) -> None:
        """Six cards buried face down, one at a time (ruling AP-10); then the dealer's left leads (AP-19)."""
        self._remove(seat, card_id)
        self._buried.append(card_id)
        card = CARD_CODES[card_id]
        self._later(Event("bury", {"card": card, "text": f"you bury {pretty(card)}"}, to=seat))
        if len(self._buried) == BURIAL:
            self._later(
                Event("buried", {"seat": seat, "count": BURIAL, "text": f"seat {seat} has buried six cards"})
            )
            self.phase = Phase.PLAY
            self.leader = left_of(self.dealer)
            self.turn = self.leader

    # --- trick play ----------------------------------------------------------------

    def _play(self, seat: int, card: int, recorded: bool) -> None:
        """``seat`` plays the card ``card`` (an id it holds); its play event (and, ``recorded``, its
        record's action) waits in ``_pending`` as one int until the log is read."""
        if card == N_ID:
            self._ns[seat] -= 1
        else:
            self._held[seat] ^= 1 << card
        play = seat << SEAT_SHIFT | card
        trick = self._trick
        trick.append(play)
        entry = play | LED if len(trick) == 1 else play  # its log line says it leads the trick
        self._pending.append(entry | RECORDED if recorded else entry)
        if len(trick) < trick_size(len(self._tricks)):
            self.turn = self._next_in_trick(seat)
            return
        self._finish_trick()

    def _remove(self, seat: int, card: int) -> None:
        if card == N_ID:
            self._ns[seat] -= 1
        else:
            self._held[seat] ^= 1 << card

    def _next_in_trick(self, seat: int) -> int:
        nxt = left_of(seat)
        if nxt == self.taker and trick_size(len(self._tricks)) < PLAYERS:
            nxt = left_of(nxt)  # the taker sits out the fifteenth trick (ruling AP-3)
        return nxt

    def _finish_trick(self) -> None:
        """The trick to the highest card of the suit led; a Landsknecht or Till escapes, and its player
        owes the winner a card (ruling AP-6), unless it was its player's last card (ruling AP-4)."""
        taker = self.taker
        assert taker is not None
        plays = tuple(self._trick)
        winner = winner_of(plays)
        held, ns, won = self._held, self._ns, self._won[winner]
        escaped = halves = 0
        for i, p in enumerate(plays):
            c = p & CARD_BITS
            s = p >> SEAT_SHIFT
            if c >= N_ID and (held[s] or ns[s]):  # ``escapes``: not its player's last card (AP-4)
                escaped |= 1 << i
                continue
            won.append(c)  # a last card captured outright (ruling AP-4), or any other card
            halves += HALVES_ID[c]
        self._won_moves += 1
        self._tricks.append((plays[0] >> SEAT_SHIFT, plays, winner))
        self._pending.append((len(self._tricks), winner, plays, escaped, halves))
        self._trick = []
        if escaped:
            for i, p in enumerate(plays):
                if escaped >> i & 1:
                    c = p & CARD_BITS
                    self._kept.append(c)  # ruling AP-6: the escaped card stays with its player
                    self._debts.append(winner << SEAT_SHIFT | c)
        self.leader = winner
        self._after_trick()

    def _after_trick(self) -> None:
        """Collect a due payment, or lead on; the last trick among the defenders is played by itself."""
        taker = self.taker
        assert taker is not None
        if self.payment_due():
            self.phase = Phase.PAY
            self.turn = taker
            return
        self.phase = Phase.PLAY
        done = len(self._tricks)
        if done == TRICKS:
            self._settle()
            return
        self.leader = self.turn = next_leader(self.leader, taker, done)
        if not (self._held[taker] or self._ns[taker]):
            self._play_forced_trick()

    def _play_forced_trick(self) -> None:
        """The taker has no card left for trick 15: each defender's last card goes down without a
        choice (ruling AP-3)."""
        seat = self.leader
        while self.phase is Phase.PLAY and len(self._tricks) < TRICKS:
            hand = self._hand(seat)
            assert hand, "a defender without a card for the last trick"
            self._play(seat, hand[0], False)
            seat = self._next_in_trick(seat)

    def _pay(self, seat: int, card_id: int) -> None:
        """The escape payment: any card of the taker's won tricks, to the winner of the oldest unpaid
        escape's trick (rulings AP-7, AP-8)."""
        debt = self._debts.pop(0)
        to, owed = debt >> SEAT_SHIFT, CARD_CODES[debt & CARD_BITS]
        self._won[seat].remove(card_id)
        self._won[to].append(card_id)
        self._won_moves += 1
        card = CARD_CODES[card_id]
        self._later(
            Event(
                "pay",
                {
                    "seat": seat,
                    "card": card,
                    "to": to,
                    "for": owed,
                    "text": f"seat {seat} pays seat {to} {pretty(card)} for escaping with {pretty(owed)}",
                },
            )
        )
        self._after_trick()

    # --- settlement -----------------------------------------------------------------

    def _settle_unpaid(self) -> None:
        """An escape never paid by the end of the deal (ruling AP-8): under ``unpaid=forfeit`` the escaped
        card itself goes to the creditor; under ``lapse`` the debt is forgotten."""
        forfeit = self.game.options["unpaid"] == "forfeit"
        for debt in self._debts:
            to, c = debt >> SEAT_SHIFT, debt & CARD_BITS
            card = CARD_CODES[c]
            if forfeit:
                self._kept.remove(c)
                self._won[to].append(c)
                self._won_moves += 1
                text = f"the escape with {pretty(card)} was never paid: seat {to} takes it"
            else:
                text = f"the escape with {pretty(card)} was never paid: the debt lapses"
            self._later(
                Event(
                    "forfeit",
                    {"card": card, "to": to, "rule": self.game.options["unpaid"], "text": text},
                )
            )
        self._debts = []

    def _taker_ids(self) -> list[int]:
        assert self.taker is not None
        return self._won[self.taker] + self._kept + self._buried

    def taker_cards(self) -> list[str]:
        """What counts for the taker: the won tricks, the escaped cards and the burial (ruling AP-9)."""
        return codes_of(self._taker_ids())

    def _reveal(self, taker: int) -> Event:
        """The burial shown at the count, to check the taker's points (ruling AP-10): by default its
        suited cards only, the Landsknechts and Till buried staying face down, since the seed says no
        one but the taker ever sees them unless he keeps them (option ``burial_shown``)."""
        buried = codes_of(self._buried)
        if self.game.options["burial_shown"] == "all":
            return Event(
                "reveal", {"seat": taker, "buried": buried, "text": f"seat {taker} buried {_show(buried)}"}
            )
        suited = [c for c in buried if not is_excuse(c)]
        unseen = len(buried) - len(suited)
        text = f"seat {taker} buried {_show(suited)}"
        if unseen:
            text += f" and {_count_words(unseen)} of the Landsknechts and Till, face down"
        return Event("reveal", {"seat": taker, "buried": suited, "face_down": unseen, "text": text})

    def _settle(self) -> None:
        """The taker's card points against the target for the oudlers held; one flat stake a defender."""
        taker = self.taker
        assert taker is not None
        self._settle_unpaid()
        taker_cards = self._taker_ids()
        halves = halves_of(taker_cards)
        defence = sum(halves_of(self._won[s]) for s in range(PLAYERS) if s != taker)
        assert halves + defence == TOTAL_HALVES
        oudlers = oudlers_in(taker_cards, self.game.options["oudlers"])
        target = self.game.target(oudlers)
        made = makes_target(halves / 2, target)
        self._later(self._reveal(taker))
        pts = stakes(taker, made)
        for s in range(PLAYERS):
            self.points[s] += pts[s]
            reason = ("taker makes the target" if made else "taker falls short") + (
                "" if s == taker else " (defender)"
            )
            self._later(score_event(s, pts[s], reason))
        word = "makes" if made else "fails"
        text = (
            f"seat {taker} {word}: {halves / 2:g} card points with {oudlers} oudler"
            f"{'' if oudlers == 1 else 's'} against a target of {target:g}"
        )
        self._end_deal(
            hand_end_event(
                [float(p) for p in pts],
                text,
                thrown_in=False,
                taker=taker,
                dealer=self.dealer,
                taker_points=halves / 2,
                defence_points=defence / 2,
                oudlers=oudlers,
                target=target,
                made=made,
            )
        )
        self._next_deal()

    def _end_deal(self, end: Event) -> None:
        """Log the deal's ``hand_end`` with its line of the score sheet."""
        data = dict(end.data)
        data["sheet"] = _sheet_label(self.deal_no + 1, data)
        end = Event(end.kind, data)
        self._later(end)
        self.rows.append((data["sheet"], list(data["points"])))

    # --- views ---------------------------------------------------------------------

    _history: tuple[list[CoreTrick], int, list[list[str]], list[set[str]]] | None = None
    """A cache of ``_played_out``: the tricks list it was read from, how many, and what they showed."""

    def _played_out(self) -> tuple[list[list[str]], list[set[str]]]:
        """Each seat's cards in the tricks played out, in order, and the suits each has shown out of.

        Kept up to date as tricks are added (the list of tricks only grows until the next deal)."""
        tricks = self._tricks
        cache, n = self._history, len(tricks)
        if cache is not None and cache[0] is tricks and cache[1] <= n:
            _, start, played, voids = cache
        else:
            start, played, voids = 0, [[] for _ in range(PLAYERS)], [set() for _ in range(PLAYERS)]
        for t in tricks[start:]:
            _note(t[1], played, voids)
        self._history = (tricks, n, played, voids)
        return played, voids

    _last_for: tuple[CoreTrick, tuple[PlayView, ...]] | None = None
    _won_moves: int = 0
    """How often a won pile has changed (a trick, a payment, a forfeit): ``_won_text`` is kept until then."""
    _won_text: tuple[list[list[int]], int, tuple[list[str | None], ...], tuple[int, ...]] | None = None
    """The won piles' codes and each seat's tricks for the views, with the piles and ``_won_moves``
    they were made at."""
    _sheet_for: (
        tuple[list[tuple[str, list[float]]], int, tuple[str, ...], tuple[tuple[float, ...], ...]] | None
    ) = None

    def view(self, seat: int | None) -> View[ApologyExtra]:
        taker = self.taker
        over = self.phase is Phase.OVER
        done, shown_out = self._played_out()
        played = list(map(list, done))
        voids = list(map(set, shown_out))
        _note(self._trick, played, voids)
        sizes = [h.bit_count() + n for h, n in zip(self._held, self._ns, strict=True)]
        zones = [
            Zone("hand", s, hand_codes(self._held[s], self._ns[s]) if s == seat else [None] * n, "", n)
            for s, n in enumerate(sizes)
        ]
        if self._kitty:
            zones.append(Zone("kitty", None, [None] * len(self._kitty), "the kitty"))
        buried = self._buried
        if taker is not None:
            if seat == taker or (over and self.game.options["burial_shown"] == "all"):
                cards = _cards(buried)
            elif over:  # ruling AP-10: the Landsknechts and Till buried stay face down
                cards = [None if c in EXCUSES else c for c in _cards(buried)]
            else:
                cards = [None] * len(buried)
            zones.append(Zone("discards", taker, cards, "buried"))
        won, text = self._won, self._won_text
        if text is None or text[0] is not won or text[1] != self._won_moves:
            taken = [0] * PLAYERS  # the tricks each seat won (its cards say less: escapes, payments)
            for _, _, winner in self._tricks:
                taken[winner] += 1
            text = self._won_text = (won, self._won_moves, tuple(map(_cards, won)), tuple(taken))
        zones += map(Zone, _TRICKS_WON, range(PLAYERS), map(list, text[2]), _WON, map(len, won), text[3])
        taker_points = defence_points = mine = None
        roles: list[list[str]] = [[DEALER] if s == self.dealer else [] for s in range(PLAYERS)]
        if taker is not None:
            zones.append(Zone("pile", taker, _cards(self._kept), "escaped"))
            halves = list(map(halves_of, won))
            taker_halves = halves[taker] + halves_of(self._kept)
            # the match over, the last deal counted: the taker's points are the count's, the burial in
            # (the view said 12 beside the log's "seat 1 fails: 24 card points")
            taker_points = (taker_halves + halves_of(buried)) / 2 if over else taker_halves / 2
            defence_points = (sum(halves) - halves[taker]) / 2
            if seat == taker:
                mine = (taker_halves + halves_of(buried)) / 2
            for s in range(PLAYERS):
                roles[s].append(TAKER if s == taker else DEFENDER)
        debts = self._debts
        # Positional: the fields in the order ``ApologyExtra`` declares them (faster than keywords).
        extra = ApologyExtra(
            list(self.bids),
            list(self.game.targets),
            len(self._tricks),
            played,
            [list(filter(v.__contains__, SUITS)) for v in voids],
            [CARD_CODES[d & CARD_BITS] for d in debts],
            [d >> SEAT_SHIFT for d in debts],
            taker_points,
            defence_points,
            mine,
        )
        return self.make_view(
            seat,
            extra=extra,
            zones=zones,
            situation=self._situation(),
            decision="" if over else self.phase.value,
            prompt=self._prompt(),
            trick=None if over else TrickView(_plays(self._trick), self.leader, None, len(self._tricks) + 1),
            last_trick=self._last_trick(),
            score_sheet=self._score_sheet(),
            hand_number=self.hand_number,  # the last deal's number once the match is over
            hands_in_match=self._hands_in_match(),
            roles=dict(enumerate(roles)),
            hand_sizes=sizes,
        )

    def _hands_in_match(self) -> int | None:
        """The deals the match has: its option ``deals``, or none under ``thrown_in=redealt``, where
        a deal all four pass is dealt again and the deals dealt are not the match's length (AP-2). A
        match of one deal has one either way: under ``redealt`` its cards are dealt again until someone
        takes, and a front end says nothing of deals ("Deal 2" numbered a redeal of the one deal;
        ``hand_number`` still counts the times the cards were dealt)."""
        options = self.game.options
        if options["thrown_in"] == "counts" or int(options["deals"]) == 1:
            return int(options["deals"])
        return None

    def _last_trick(self) -> TrickView | None:
        """The last trick played out, its plays made once (a view is asked for at every move)."""
        tricks = self._tricks
        if not tricks:
            return None
        last, cached = tricks[-1], self._last_for
        if cached is None or cached[0] is not last:
            cached = self._last_for = (last, tuple(_plays(last[1])))
        return TrickView(list(cached[1]), last[0], last[2], len(tricks))

    def _score_sheet(self) -> ScoreSheet:
        """The score sheet, its rows' words and values kept until the next deal is scored."""
        rows, cached = self.rows, self._sheet_for
        if cached is None or cached[0] is not rows or cached[1] != len(rows):
            labels = tuple(label for label, _ in rows)
            if self._hands_in_match() == 1:  # "deal 1: seat 1 fails (27 of 45)" counted the one deal
                labels = tuple(_one_deal_words(label, "redeal: ") for label in labels)
            values = tuple(tuple(v) for _, v in rows)
            cached = self._sheet_for = (rows, len(rows), labels, values)
        return ScoreSheet(list(_COLUMNS), list(map(ScoreRow, cached[2], map(list, cached[3]))))

    def event_words(self, event: Event) -> str:
        """The log's lines as a person reads them (the logged texts stay as they were: replays of older
        saves compare them). A deal's end gives its stakes: the log said "seat 1 fails: 24 card points
        ... against a target of 45" and nobody read that the taker paid each defender one (ruling AP-11);
        the match's end, logged "the match is over", names who won and every total. A card that leads
        a trick "leads" (a ``Lead``), and a match of one deal does not count it ("deal 1: ...")."""
        data = event.data
        points = data.get("points")
        taker = data.get("taker")
        if event.kind == "hand_end" and isinstance(taker, int) and isinstance(points, Sequence):
            stake = abs(points[taker]) / DEFENDERS
            if points[taker] > 0:
                return f"{data.get('text', '')}: each defender pays seat {taker} {stake:g}"
            return f"{data.get('text', '')}: seat {taker} pays each defender {stake:g}"
        if is_lead(event):  # "seat 1 plays L♥" opened a trick as any other card was played
            return str(data.get("text", "")).replace(" plays ", " leads ", 1)
        if event.kind == "forfeit":
            words = self._unpaid_words(event)
            if words:
                return words
        if event.kind == "reveal" and isinstance(data.get("face_down"), int) and data["face_down"]:
            return _reveal_words(str(data.get("text", "")), data["face_down"])
        if event.kind == "deal" and self._hands_in_match() == 1:  # "deal 1: ..." of a one-deal match
            return _one_deal_words(str(data.get("text", "")), "the cards are dealt again: ")
        scores = data.get("scores")
        if event.kind == "match_end" and isinstance(scores, Sequence) and len(scores) == PLAYERS:
            best = max(scores)
            top = [s for s in range(PLAYERS) if scores[s] == best]
            if len(top) == PLAYERS:
                return f"the match is drawn, all four level at {best:g}"
            rest = sorted((s for s in range(PLAYERS) if s not in top), key=lambda s: -scores[s])
            others = ", ".join(f"seat {s}: {scores[s]:g}" for s in rest)
            won = f"seat {top[0]} wins" if len(top) == 1 else _seats_said(top) + " share the win"
            return f"the match is over: {won} with {best:g} point{'' if best == 1 else 's'} ({others})"
        return super().event_words(event)

    def _unpaid_words(self, event: Event) -> str:
        """An escape never paid at the deal's end (ruling AP-8), saying whose escape it was and in which
        trick: the log read "the escape with N was never paid: seat 1 takes it" once per debt, so a
        taker who escaped four times and never won a trick read three lines alike, none saying it was
        their escape, nor what "it" was (web-14). The debt is found in the deal's log: its escapes in
        order, less those paid (the oldest first), are the forfeits' in order. "" if it cannot be."""
        log = self.log
        at = next((i for i, e in enumerate(log) if e is event), -1)
        if at < 0:
            return ""
        start = next((i for i in range(at, -1, -1) if log[i].kind == "deal"), 0)
        escapes: list[tuple[int, str, int, int]] = []  # debtor, card, creditor, trick
        trick, paid, forfeits = 0, 0, 0
        for e in log[start:at]:
            data = e.data
            if e.kind == "trick" and isinstance(data.get("number"), int):
                trick = int(data["number"])
            elif e.kind == "escape":
                debtor, card, to = _seat(data.get("seat")), data.get("card"), _seat(data.get("to"))
                if debtor is None or to is None or not isinstance(card, str):
                    return ""
                escapes.append((debtor, card, to, trick))
            elif e.kind == "pay":
                paid += 1
            elif e.kind == "forfeit":
                forfeits += 1
        if paid + forfeits >= len(escapes):
            return ""
        debtor, card, to, trick = escapes[paid + forfeits]
        if (card, to) != (event.data.get("card"), event.data.get("to")):
            return ""
        said = f"seat {debtor}'s escape with {pretty(card)} in trick {trick} was never paid"
        if event.data.get("rule") == "lapse":
            return f"{said}: the debt lapses"
        return f"{said}: seat {to} takes {pretty(card)} for the defence"

    def _situation(self) -> str:
        if self.phase is Phase.OVER:
            return "the match is over"
        # The deal's number (and how many the match has) are the view's ``hand_number`` and
        # ``hands_in_match``, the trick's its number, the dealer and the taker the seats' roles, the
        # seat to bid or play the decision's: said here too, every table showed them twice ("Deal 1 ·
        # deal 1, seat 0 dealt: You to bid or pass" beside "Dealer: You" and "Your turn: bid ...").
        # The burial ("seat 1 is the taker and buries six cards (2 buried)") and an escape's payment are
        # the decision's too ("bury a card (4 to go)", "pay for the escape with a card from ...").
        if self.phase is Phase.BID and self.game.options["thrown_in"] == "redealt":
            # ruling AP-2: which deals count is news no field holds
            deals = int(self.game.options["deals"])
            if deals == 1:  # "0 of 1 deals played so far" counted the one deal
                return "the match is one deal with a taker"
            return f"{self.deals_counted()} of {deals} deals played so far"
        return ""

    def _prompt(self) -> str:
        phase = self.phase
        if phase is Phase.BURY:
            return f"bury a card ({BURIAL - len(self._buried)} to go)"
        if phase is Phase.PLAY and not self._trick:
            return "lead a card"  # as the log says it ("seat 1 leads"): it read "play a card"
        if phase is Phase.PAY:
            # Whom and for which escape: it read "pay for the escape with a card from the tricks you won"
            # at each of five debts alike, and a new player could not tell who got the card or how many
            # were still to give (the log said it only for the escape, tricks earlier).
            to, owed = self._debts[0] >> SEAT_SHIFT, CARD_CODES[self._debts[0] & CARD_BITS]
            left = len(self._debts)
            more = f" ({left} escapes still to pay)" if left > 1 else ""
            give = "give a card from the tricks you won"
            return f"pay seat {to} for your escape with {pretty(owed)}: {give}{more}"
        return _PROMPTS[phase]

    def _outcome(self) -> Outcome:
        """The highest total after the fixed number of deals wins; equal totals share (ruling AP-12)."""
        counted = self.deals_counted()
        said = f"{counted} deal{'s' if counted != 1 else ''}"
        if counted == int(self.game.options["deals"]) == 1:
            said = "the one deal"  # "after 1 deal" counted a match's only deal
        if self.game.options["thrown_in"] == "redealt":  # ruling AP-2
            said += " with a taker"
            if counted < int(self.game.options["deals"]):
                said += f" ({self.deal_no} dealt, the most a match deals)"
        best = max(self.points)
        top = tuple(s for s in range(PLAYERS) if self.points[s] == best)
        if len(top) == PLAYERS:
            return Outcome((), f"all four level after {said}: a draw")
        return Outcome(top, f"the highest total after {said}")

    # --- saving ----------------------------------------------------------------------

    def clone(self) -> ApologyState:
        """A copy for the searching players: field by field, as deep as each field is mutable (the
        tricks, the logged events and what waits to be logged are immutable and shared), the game
        shared, the random source copied on its first draw; the view's caches of the tricks made
        afresh. The engine's generic copy is several times slower."""
        if not _PLAIN_OBJECTS:
            return ApologyState(self.game, None, self)
        other = object.__new__(ApologyState)
        vars(other).update(vars(self))
        other._held = self._held[:]
        other._ns = self._ns[:]
        other._kitty = self._kitty[:]
        other.bids = self.bids[:]
        other._buried = self._buried[:]
        other._trick = self._trick[:]
        other._tricks = self._tricks[:]
        other._won = [w[:] for w in self._won]
        other._kept = self._kept[:]
        other._debts = self._debts[:]
        other.points = self.points[:]
        other.rows = [(label, values[:]) for label, values in self.rows]
        other._history = other._sheet_for = None
        other._events = self._events[:]
        other._pending = self._pending[:]
        other.rng = self.rng.copy()
        return other

    def _copy_fields(self, src: ApologyState) -> None:
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
        self._play_mask = src._play_mask
        self._play_id_of, self._card_of_play = src._play_id_of, src._card_of_play
        self.phase = src.phase
        self.deal_no = src.deal_no
        self.dealer = src.dealer
        self._held = src._held[:]
        self._ns = src._ns[:]
        self._kitty = src._kitty[:]
        self.bids = src.bids[:]
        self.turn = src.turn
        self.taker = src.taker
        self._buried = src._buried[:]
        self.leader = src.leader
        self._trick = src._trick[:]
        self._tricks = src._tricks[:]
        self._won = [w[:] for w in src._won]
        self._kept = src._kept[:]
        self._debts = src._debts[:]
        self.points = src.points[:]
        self.rows = [(label, values[:]) for label, values in src.rows]
        self._saved_hands = src._saved_hands
        self._history = self._sheet_for = None
        self._last_for = src._last_for

    def inventory(self) -> Counter[str]:
        inv: Counter[str] = Counter()
        for s in range(PLAYERS):
            inv.update(codes_of(self._hand(s)))
        for w in self._won:
            inv.update(codes_of(w))
        inv.update(codes_of(self._kept))
        inv.update(codes_of(self._buried))
        inv.update(codes_of(self._kitty))
        inv.update(CARD_CODES[p & CARD_BITS] for p in self._trick)
        return inv

    def _data(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "hands": self.hands,
            "kitty": self.kitty,
            "bids": self.bids,
            "turn": self.turn,
            "taker": self.taker,
            "buried": self.buried,
            "leader": self.leader,
            "trick": [[p >> SEAT_SHIFT, CARD_CODES[p & CARD_BITS]] for p in self._trick],
            "tricks": [
                {
                    "leader": leader,
                    "plays": [[p >> SEAT_SHIFT, CARD_CODES[p & CARD_BITS]] for p in plays],
                    "winner": winner,
                }
                for leader, plays, winner in self._tricks
            ],
            "won": self.won,
            "kept": self.kept,
            "debts": [{"card": CARD_CODES[d & CARD_BITS], "to": d >> SEAT_SHIFT} for d in self._debts],
            "points": self.points,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(ApologySave, data, "state")
        self.phase = Phase(d["phase"])
        self.deal_no = d["deal_no"]
        self.dealer = d["dealer"]
        hands = [list(h) for h in d["hands"]]
        ids = [sorted(_ids(h, f"hands.{s}")) for s, h in enumerate(hands)]
        for h in ids:
            if len(set(h) - {N_ID}) < len(h) - h.count(N_ID):
                raise InvalidState(_pack_refused(Counter(c for h in hands for c in h), d))
        self._held = [_bits(c for c in h if c != N_ID) for h in ids]
        self._ns = [h.count(N_ID) for h in ids]
        self._saved_hands = None if self.hands == hands else hands
        self._kitty = _ids(d["kitty"], "kitty")
        self.bids = list(d["bids"])
        self.turn = d["turn"]
        self.taker = d["taker"]
        self._buried = _ids(d["buried"], "buried")
        self.leader = d["leader"]
        self._trick = [s << SEAT_SHIFT | c for s, c in zip(*_plays_of(d["trick"], "trick"), strict=True)]
        self._tricks = []
        for i, t in enumerate(d["tricks"]):
            seats, cards = _plays_of(t["plays"], f"tricks.{i}")
            plays = tuple(s << SEAT_SHIFT | c for s, c in zip(seats, cards, strict=True))
            self._tricks.append((t["leader"], plays, t["winner"]))
        self._won = [_ids(w, f"won.{s}") for s, w in enumerate(d["won"])]
        self._kept = _ids(d["kept"], "kept")
        self._debts = [
            x["to"] << SEAT_SHIFT | c
            for x, c in zip(d["debts"], _ids([x["card"] for x in d["debts"]], "debts"), strict=True)
        ]
        self.points = list(d["points"])
        self.rows = _rows_from(self.log)
        self.log = marked_leads(self.log, _TRICK_BEGINS)  # a loaded log's leads say so as the played did

    # --- what every reachable state satisfies (ruling AP-17) ---------------------------------

    def check_invariants(self) -> None:
        """Refuse any state no play reaches: the pack, the bidding, the sizes, the tricks, the debts,
        and every fact the save holds twice (a field and the log) told two ways."""
        self._check_position()
        self._check_log()

    def _check_position(self) -> None:
        """The fields among themselves (ruling AP-17)."""
        super().check_invariants()
        deals = int(self.game.options["deals"])
        for name, seat in (("dealer", self.dealer), ("leader", self.leader)):
            if not 0 <= seat < PLAYERS:
                raise InvalidState(f"{name}: {seat} is not a seat")
        for name, opt in (("turn", self.turn), ("taker", self.taker)):
            if opt is not None and not 0 <= opt < PLAYERS:
                raise InvalidState(f"{name}: {opt} is not a seat")
        counted = self.deals_counted()
        if self.phase is Phase.OVER:
            ended = counted == deals or self.deal_no == deals * DEALT_PER_DEAL
            if not ended or counted > deals or self.turn is not None:
                raise InvalidState(f"phase: the match is over after {deals} deals, not {counted}")
        elif self.deal_no < 0 or self._match_done() or self.turn is None:
            raise InvalidState(f"deal_no: deal {self.deal_no + 1} is being played in a {deals}-deal match")
        most = STAKE * DEFENDERS * self.deal_no
        if sum(self.points) != 0 or any(abs(p) > most for p in self.points):
            raise InvalidState(f"points: {self.points} is not what {self.deal_no} deals can score")
        if len(self.rows) != self.deal_no or any(
            abs(sum(v[s] for _, v in self.rows) - self.points[s]) > 1e-9 for s in range(PLAYERS)
        ):
            raise InvalidState(f"log: {len(self.rows)} deals scored in the log, but {self.deal_no} played")
        inventory = self.inventory()
        if inventory != EXTENDED_65.counts():
            raise InvalidState(_pack_message(inventory))
        first = left_of(self.dealer)
        self._check_bids(first)
        taker = self.taker
        for s in range(PLAYERS):
            if s != taker and (self._ns[s] or self._held[s] & E_BIT):
                raise InvalidState(f"hands.{s}: only the taker ever holds a Landsknecht or Till")
        if (taker is None or self.phase is Phase.BURY) and (self._tricks or self._debts):
            raise InvalidState("tricks: no trick is played before the taker has buried six cards")
        if taker is None:
            # the bidding, or the end of a match whose last deal was thrown in
            if self._kitty != list(KITTY_IDS) or any(self._size(s) != HAND_SIZE for s in range(PLAYERS)):
                raise InvalidState("kitty: before a bid the kitty and the four hands of 15 are untouched")
            if self.leader != first:
                raise InvalidState(f"leader: seat {first} leads the first trick, not {self.leader}")
            return
        if self._kitty:
            raise InvalidState("kitty: the taker has taken the kitty")
        if not all(map(self.game.may_bury_id, self._buried)):
            raise InvalidState("buried: bury_oudlers=false forbids burying aces, castles and Till")
        if self.phase is Phase.BURY:
            others = [self._size(s) for s in range(PLAYERS) if s != taker]
            if (
                len(self._buried) >= BURIAL
                or self._size(taker) != HAND_SIZE + len(KITTY) - len(self._buried)
                or others != [HAND_SIZE] * DEFENDERS
                or self.turn != taker
                or self.leader != first
            ):
                raise InvalidState(f"buried: seat {taker} buries six cards from twenty before anyone plays")
            return
        if len(self._buried) != BURIAL:
            raise InvalidState(f"buried: the taker buries exactly {BURIAL} cards before the play")
        self._check_play(first, taker)

    def _check_log(self) -> None:
        """The log tells what the fields hold: the deals dealt and by whom, the match's end, and in
        the deal in progress (from its ``deal`` event) the bids, the kitty taken, each seat's cards
        dealt (its private ``hand``) less those buried and played, the burial, the tricks and the trick
        on the table, and the escapes, payments and forfeits that make the won piles, kept cards and
        debts."""
        log = self.log
        start, deals, ends = -1, 0, []
        for i, e in enumerate(log):
            if e.to is None and e.kind == "deal":
                start, deals = i, deals + 1
            elif e.to is None and e.kind == "match_end":
                ends.append(e.data)
        over = self.phase is Phase.OVER
        if deals != self.deal_no + (not over) or start < 0:
            raise InvalidState(f"deal_no: {self.deal_no}, but the log deals {deals} deals")
        deal = log[start].data
        if deal.get("hand_number") != deals or deal.get("dealer") != self.dealer:
            raise InvalidState(
                f"dealer: seat {self.dealer} deals deal {deals}, but the log says {echo(dict(deal))}"
            )
        if len(ends) != int(over) or (ends and ends[0].get("scores") != self.scores):
            raise InvalidState(
                f"points: {self.points}, but the log ends the match {echo([dict(e) for e in ends])}"
            )
        hands: list[list[str]] = [[] for _ in range(PLAYERS)]
        bids: list[str | None] = [None] * PLAYERS
        taker: int | None = None
        buried: list[str] = []
        trick: list[tuple[int, str]] = []
        tricks: list[tuple[int, list[str]]] = []
        won: list[list[str]] = [[] for _ in range(PLAYERS)]
        kept: list[str] = []
        debts: list[Debt] = []
        for i in range(start + 1, len(log)):
            e = log[i]
            kind, data, to = e.kind, e.data, e.to
            if kind == "hand" and to is not None and to >= 0:
                cards = data.get("cards")
                if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                    raise InvalidState(f"log.{i}.data.cards: the cards dealt to seat {to}")
                hands[to] = list(cards)
                continue
            if to is not None and kind != "bury":
                continue
            seat, card = _seat(data.get("seat")), data.get("card")
            if kind == "bid" and seat is not None:
                bids[seat] = "bid" if data.get("bid") is True else "pass"
            elif kind == "take" and seat is not None:
                taker = seat
                hands[seat] = sort_cards(hands[seat] + list(KITTY))
            elif kind in ("bury", "play", "pay", "escape", "forfeit"):
                who = taker if kind == "bury" else seat
                to_seat = _seat(data.get("to"))
                if not isinstance(card, str) or (who is None and kind != "forfeit"):
                    raise InvalidState(f"log.{i}.data: a {kind} names its seat and card")
                if kind in ("bury", "play"):
                    assert who is not None
                    if card not in hands[who]:
                        raise InvalidState(f"log.{i}.data: seat {who} does not hold {card} to {kind}")
                    hands[who].remove(card)
                    if kind == "bury":
                        buried.append(card)
                    else:
                        trick.append((who, card))
                elif to_seat is None:
                    raise InvalidState(f"log.{i}.data.to: the seat that wins the card")
                elif kind == "escape" and card in won[to_seat]:
                    pile = won[to_seat]
                    del pile[len(pile) - 1 - pile[::-1].index(card)]  # it was in the trick just won
                    kept.append(card)
                    debts.append(Debt(card, to_seat))
                elif kind == "pay" and debts and who is not None and card in won[who]:
                    debts.pop(0)
                    won[who].remove(card)
                    won[to_seat].append(card)
                elif kind == "forfeit" and Debt(card, to_seat) in debts:
                    debts.remove(Debt(card, to_seat))
                    if data.get("rule") == "forfeit" and card in kept:
                        kept.remove(card)
                        won[to_seat].append(card)
                else:
                    raise InvalidState(f"log.{i}.data: {kind} {card} is not what the deal allows")
            elif kind == "trick":
                winner, cards = _seat(data.get("winner")), [c for _, c in trick]
                if winner is None or data.get("cards") != cards:
                    raise InvalidState(
                        f"log.{i}.data.cards: {echo(data.get('cards'))}, but the log plays {echo(cards)} to "
                        f"trick {len(tricks) + 1}"
                    )
                tricks.append((winner, cards))
                won[winner].extend(cards)
                trick = []
        played = [(t.winner, [c for _, c in t.plays]) for t in self.tricks]
        for name, value, logged in (
            ("bids", self.bids, bids),
            ("buried", self.buried, buried),
            ("tricks", played, tricks),
            ("trick", self.trick, trick),
            ("won", self.won, won),
            ("kept", self.kept, kept),
            ("debts", self.debts, debts),
            ("hands", self._saved_hands if self._saved_hands is not None else self.hands, hands),
        ):
            if value != logged:
                raise InvalidState(f"{name}: {echo(value)}, but the log of deal {deals} gives {echo(logged)}")

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
            if self.phase is Phase.BID and (passes == PLAYERS or self.turn != order[passes]):
                raise InvalidState(f"turn: seat {self.turn} is to bid after {passes} passes")
            if self.phase is Phase.OVER and passes != PLAYERS:
                raise InvalidState("phase: a deal without a taker ends only when all four pass")
            if self.phase not in (Phase.BID, Phase.OVER):
                raise InvalidState(f"phase: {self.phase.value} needs a taker")
        elif self.phase is Phase.BID:
            raise InvalidState("phase: the bidding is over once a player bids")

    def _check_play(self, first: int, taker: int) -> None:
        """The tricks, in order: who led and played, who won, who escaped and who was paid."""
        phase, tricks = self.phase, self.tricks
        n = len(tricks)
        if phase is Phase.OVER:
            bad = n != TRICKS or bool(self._trick) or any(self._held) or any(self._ns) or bool(self._debts)
        elif phase is Phase.PAY:
            bad = not 1 <= n < TRICKS or bool(self._trick) or self.turn != taker or not self.payment_due()
        else:
            bad = n >= TAKER_HAND or self.payment_due()
        if bad:
            raise InvalidState(f"phase: {phase.value} with {n} tricks played is not a position of the play")
        leader = first
        played = [0] * PLAYERS
        escaped: list[tuple[str, int]] = []
        base: list[Counter[str]] = [Counter() for _ in range(PLAYERS)]
        for i, t in enumerate(tricks):
            plays = t.plays
            if not all(EXTENDED_65.is_card(c) for _, c in plays):
                raise InvalidState(f"tricks.{i}: {echo(plays)} names a card not in the pack")
            seats = [(leader + j) % PLAYERS for j in range(PLAYERS)]
            if trick_size(i) < PLAYERS:
                seats = [s for s in seats if s != taker]
            if t.leader != leader or [s for s, _ in plays] != seats:
                raise InvalidState(f"tricks.{i}: seat {leader} leads it and the others follow in turn")
            if any(c in EXCUSES and s != taker for s, c in plays) or all(c in EXCUSES for _, c in plays):
                raise InvalidState(f"tricks.{i}: only the taker plays a Landsknecht or Till")
            winner = trick_winner(plays)
            if t.winner != winner:
                raise InvalidState(f"tricks.{i}.winner: seat {winner} won that trick, not {t.winner}")
            for s, c in plays:
                played[s] += 1
                left = TAKER_HAND - (i + 1) if s == taker else HAND_SIZE - (i + 1)
                if escapes(c, left):
                    escaped.append((c, winner))
                else:
                    base[winner][c] += 1
            leader = next_leader(winner, taker, i + 1)
        if self.leader != (tricks[-1].winner if phase is not Phase.PLAY else leader):
            raise InvalidState(f"leader: seat {self.leader} does not lead after these tricks")
        if phase is Phase.PLAY:
            trick = self.trick
            seats = [(leader + j) % PLAYERS for j in range(len(trick))]
            if [s for s, _ in trick] != seats or len(trick) >= PLAYERS:
                raise InvalidState(f"trick: seat {leader} leads it and the others follow in turn")
            if any(c in EXCUSES and s != taker for s, c in trick):
                raise InvalidState("trick: only the taker plays a Landsknecht or Till")
            if self.turn != (leader + len(trick)) % PLAYERS:
                raise InvalidState(f"turn: seat {self.turn} is not next to play to the trick")
            for s, _ in trick:
                played[s] += 1
        for s in range(PLAYERS):
            start = TAKER_HAND if s == taker else HAND_SIZE
            if self._size(s) != start - played[s]:
                raise InvalidState(f"hands.{s}: {self._size(s)} cards after playing {played[s]}")
        self._check_follow_suit()
        self._check_won(taker, base, escaped)

    def _check_follow_suit(self) -> None:
        """Nobody failed to follow suit while holding the suit (read backwards from the hands)."""
        held = [{SUIT_LETTER_ID[c] for c in self._hand(s) if c < N_ID} for s in range(PLAYERS)]
        tricks = self.tricks
        for i, plays in [(len(tricks), self.trick), *reversed(list(enumerate(t.plays for t in tricks)))]:
            suit = led_suit(plays)
            for s, c in plays:
                if suit is not None and c not in EXCUSES and c[-1] != suit and suit in held[s]:
                    raise InvalidState(f"tricks.{i}: seat {s} did not follow {SUIT_NAMES[suit]} holding one")
            for s, c in plays:
                if c not in EXCUSES:
                    held[s].add(c[-1])

    def _check_won(self, taker: int, base: list[Counter[str]], escaped: list[tuple[str, int]]) -> None:
        """Won cards are the tricks' cards, less the escapes, with payments (and forfeits) moved on."""
        won = self.won
        if Counter(won[taker]) - base[taker]:
            raise InvalidState(f"won.{taker}: the taker holds a card it did not win")
        paid = base[taker] - Counter(won[taker])
        paid_to = [0] * PLAYERS
        forfeited: list[Counter[str]] = [Counter() for _ in range(PLAYERS)]
        suited_extra: Counter[str] = Counter()
        for s in range(PLAYERS):
            if s == taker:
                continue
            mine = Counter(won[s])
            if base[s] - mine:
                raise InvalidState(f"won.{s}: a card of a trick seat {s} won is missing")
            for c, k in (mine - base[s]).items():
                if c in EXCUSES:
                    forfeited[s][c] += k
                else:
                    paid_to[s] += k
                    suited_extra[c] += k
        if suited_extra != paid or sum(paid_to) > len(escaped):
            raise InvalidState("won: the payments for escapes do not add up")
        done = sum(paid_to)
        for s in range(PLAYERS):
            if paid_to[s] != sum(1 for _, w in escaped[:done] if w == s):
                raise InvalidState(f"won.{s}: seat {s} was paid for escapes it did not win")
        unpaid = escaped[done:]
        if self.phase is not Phase.OVER:
            if self.debts != [Debt(c, w) for c, w in unpaid]:
                raise InvalidState("debts: the unpaid escapes, oldest first, are the debts")
            settled: list[Counter[str]] = [Counter() for _ in range(PLAYERS)]
            kept = Counter(c for c, _ in escaped)
        elif self.game.options["unpaid"] == "forfeit":
            settled = [Counter(c for c, w in unpaid if w == s) for s in range(PLAYERS)]
            kept = Counter(c for c, _ in escaped[:done])
        else:
            settled = [Counter() for _ in range(PLAYERS)]
            kept = Counter(c for c, _ in escaped)
        if forfeited != settled:
            raise InvalidState("won: a Landsknecht or Till went to a defender without a forfeit")
        if Counter(self.kept) != kept:
            raise InvalidState("kept: the escaped cards stay with the taker")


# "the tricks you won", not "your won tricks"; the tricks-won zones' label "tricks won", not "won" (the
# terminal wrote "your won: ..."): view words, which no log or save holds
_PROMPTS: Final[Mapping[Phase, str]] = {
    Phase.BID: "bid to take alone with the kitty, or pass",
    Phase.PLAY: "play a card",
    Phase.PAY: "",  # whom and for which escape: ``_prompt``
    Phase.OVER: "",
}
"""A view's prompt in each phase but the burial's (which counts the cards to go)."""
_TRICKS_WON: itertools.repeat[ZoneKind] = itertools.repeat("tricks_won")
_WON = itertools.repeat("tricks won")
_COLUMNS = tuple(f"seat {s}" for s in range(PLAYERS))


def _cards(cards: Iterable[int]) -> list[str | None]:
    """A zone's cards: ids as codes."""
    return list(map(CARD_CODES.__getitem__, cards))


def _plays(plays: Iterable[int]) -> list[PlayView]:
    """A trick's plays as a view shows them."""
    return [play(p >> SEAT_SHIFT, CARD_CODES[p & CARD_BITS]) for p in plays]


def _note(plays: Sequence[int], played: list[list[str]], voids: list[set[str]]) -> None:
    """Add a trick's cards to what each seat has played, and the suits it showed out of (a seat that
    does not follow the suit led, the first suited card's, is out of it)."""
    led = ""
    for p in plays:
        s, c = p >> SEAT_SHIFT, p & CARD_BITS
        played[s].append(CARD_CODES[c])
        if c >= N_ID:
            continue
        suit = SUIT_LETTER_ID[c]
        if not led:
            led = suit
        elif suit != led:
            voids[s].add(led)


def _ids(cards: Iterable[str], field: str) -> list[int]:
    """A saved list of card codes as ids; ``InvalidState`` naming ``field`` for a code not in the pack."""
    try:
        return list(map(CARD_ID.__getitem__, cards))
    except KeyError as exc:
        raise InvalidState(f"{field}: {echo(exc.args[0])} is not a card of the pack") from None


def _plays_of(plays: Sequence[Sequence[Any]], field: str) -> tuple[list[int], list[int]]:
    """A saved trick's ``[seat, card]`` plays as seats and card ids (``InvalidState`` for a card not in
    the pack)."""
    seats = [int(s) for s, _ in plays]
    try:
        return seats, [CARD_ID[c] for _, c in plays]
    except KeyError:
        raise InvalidState(
            f"{field}: {echo([list(p) for p in plays])} names a card not in the pack"
        ) from None


def pretty(card: str) -> str:
    return EXTENDED_65.pretty(card)


_PLAY_TEXT: Mapping[str, str] = {c: "play " + c for c in EXTENDED_65.cards}
_PLAY_LINE: tuple[Mapping[str, str], ...] = tuple(
    {c: f"seat {s} plays {pretty(c)}" for c in EXTENDED_65.cards} for s in range(PLAYERS)
)
"""The play event's text, by seat and card."""
_PLAY_TEXT_ID: Final[tuple[str, ...]] = tuple(_PLAY_TEXT[c] for c in CARD_CODES)
_BURY_TEXT: Final[tuple[str, ...]] = tuple(f"bury {c}" for c in CARD_CODES)
_GIVE_TEXT: Final[tuple[str, ...]] = tuple(f"give {c}" for c in CARD_CODES)
"""The actions' texts by card id."""
RECORDED: Final = 1 << (SEAT_SHIFT + 2)
"""Set on a play waiting in ``_pending`` whose record's action waits with it (above every play)."""
_TRICK_BEGINS: Final = frozenset({"deal", "trick"})
"""The events after which the next card played leads (``marked_leads``)."""
LED: Final = RECORDED << 1
"""Set on a play waiting in ``_pending`` that leads its trick: its event is a ``Lead``."""


def _played(entry: int) -> tuple[Event, ...]:
    """The events a play waiting in ``_pending`` makes: its record's action (if ``RECORDED``), its play
    (a ``Lead`` if ``LED``: the same logged event, worded "leads" in the log)."""
    seat, card = entry >> SEAT_SHIFT & (PLAYERS - 1), CARD_CODES[entry & CARD_BITS]
    shown = (Lead if entry & LED else Event)(
        "play", {"seat": seat, "card": card, "text": _PLAY_LINE[seat][card]}
    )
    if not entry & RECORDED:
        return (shown,)
    return Event("action", {"seat": seat, "action": _PLAY_TEXT[card]}, RECORD), shown


_PLAYED: Final[tuple[tuple[Event, ...], ...]] = tuple(
    _played(p) if p & CARD_BITS < len(CARD_CODES) else () for p in range(2 * LED)
)
"""The events of each play as it waits in ``_pending``: made once, and shared by every log that holds
them (they are immutable, as a clone's log shares its events)."""


def _trick_events(
    log: list[Event], number: int, winner: int, plays: tuple[int, ...], escaped: int, halves: int
) -> None:
    """A trick played out, as the log tells it: a last Landsknecht or Till captured (ruling AP-4), the
    trick, then each escape (``escaped``: the plays' positions as bits) owing the winner a card
    (ruling AP-6)."""
    for i, p in enumerate(plays):
        c = p & CARD_BITS
        if c >= N_ID and not escaped >> i & 1:
            s, card = p >> SEAT_SHIFT, CARD_CODES[c]
            text = f"seat {winner} captures {pretty(card)}, played by seat {s} as a last card"
            log.append(Event("capture", {"seat": winner, "from": s, "card": card, "text": text}))
    points = halves / 2
    cards = [CARD_CODES[p & CARD_BITS] for p in plays]
    text = f"seat {winner} wins trick {number} ({points:g} points)"
    log.append(
        Event("trick", {"number": number, "winner": winner, "cards": cards, "points": points, "text": text})
    )
    for i, p in enumerate(plays):
        if escaped >> i & 1:
            s, card = p >> SEAT_SHIFT, CARD_CODES[p & CARD_BITS]
            text = f"seat {s} escapes with {pretty(card)} and owes seat {winner} a card"
            log.append(Event("escape", {"seat": s, "card": card, "to": winner, "text": text}))


def _seat(value: object) -> int | None:
    """``value`` if it is a seat (a logged event's data may be anything in a tampered save)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < PLAYERS else None


def _seats_said(seats: Sequence[int]) -> str:
    """Seats in words: "seat 1 and seat 2", "seat 1, seat 2 and seat 3" (it said "seat 1 and seat 2 and
    seat 3")."""
    named = [f"seat {s}" for s in seats]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def _reveal_words(text: str, unseen: int) -> str:
    """The count's burial with its excuses face down (ruling AP-10), said so that it cannot be read
    as more cards than six: the log's "and one of the Landsknechts and Till, face down" was read as
    "one Landsknecht, and Till" by a seed audit."""
    shown, _, _ = text.partition(f" and {_count_words(unseen)} of the Landsknechts and Till")
    kind = "a Landsknecht or Till" if unseen == 1 else "Landsknechts or Till"
    more = "card" if unseen == 1 else "cards"
    return f"{shown} and {_count_words(unseen)} more {more} face down ({kind})"


def _count_words(n: int) -> str:
    """A few cards counted in words: "one", "two" (at most the kitty's five)."""
    return ("no", "one", "two", "three", "four", "five")[n] if n <= len(KITTY) else str(n)


def _show(cards: Sequence[str]) -> str:
    return " ".join(pretty(c) for c in sort_cards(cards)) or "nothing"


_DEAL_COUNTED: Final = re.compile(r"deal (\d+): ")
"""The count a deal's logged words open with ("deal 2: seat 1 deals; ...")."""


def _one_deal_words(text: str, again: str) -> str:
    """A deal's words in a match of one deal: the one deal uncounted ("deal 1: " left out) and, under
    ``thrown_in=redealt``, a deal after a throw-in said as a redeal (``again``) where the log and the
    sheet said "deal 2: ", as if the match had more deals than one (ruling AP-2)."""
    counted = _DEAL_COUNTED.match(text)
    if counted is None:
        return text
    rest = text[counted.end() :]
    return rest if counted.group(1) == "1" else again + rest


def _sheet_label(number: int, data: Mapping[str, Any]) -> str:
    """A deal's line on the score sheet, in words."""
    if data.get("thrown_in"):
        return f"deal {number}: all four pass"
    word = "makes" if data["made"] else "fails"
    return f"deal {number}: seat {data['taker']} {word} ({data['taker_points']:g} of {data['target']:g})"


def _rows_from(log: Sequence[Event]) -> list[tuple[str, list[float]]]:
    """The score sheet from the log's public ``hand_end`` events (a deal each)."""
    rows: list[tuple[str, list[float]]] = []
    for i, e in enumerate(log):
        if e.kind != "hand_end" or e.to is not None:
            continue
        points = e.data.get("points")
        if (
            not isinstance(points, list)
            or len(points) != PLAYERS
            or not all(isinstance(p, int | float) and not isinstance(p, bool) for p in points)
        ):
            raise InvalidSave(f"log.{i}.data.points: a deal's points are four numbers")
        label = e.data.get("sheet", f"deal {len(rows) + 1}")
        if not isinstance(label, str):
            raise InvalidSave(f"log.{i}.data.sheet: a deal's line on the score sheet is text")
        rows.append((label, [float(p) for p in points]))
    return rows


_PLAIN_OBJECTS: Final = makes_blank(ApologyState)
"""Whether ``clone`` may make a blank state with ``object.__new__`` (pure) or only by ``__init__``."""
