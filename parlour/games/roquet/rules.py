"""Roquet for the 60-card pack: two players, tricks that earn the right to meld.

Points come only from combinations laid down in the moment after winning a trick; the four face-up
livret cards (and the turn-up) may lend one card to that moment. Every unclear point of the seed is
settled in docs/rulings.md (RQ-1 ... RQ-22); the code that carries out a ruling names it.

The rules run on small integers: each card an id (``CARD_ID``, its bit in ``_BIT``), each hand an
id list in its dealt and drawn order (part of the save) with its bits beside it, the livret, the stock,
the turn-up, the card led and the known card as ids, a trick taken one packed int, the voids bits. The
legal plays, the trick's winner, the meld checks (table look-ups on a hand's bits: ``_combinations``,
``can_meld``), ``apply_id`` and the deal work on them; the codes the players, the views, the saves and
the log read are made from them when asked (``hands``, ``stock``, ``trick``..., the commonest events
when the log is read), and ``clone`` copies a few lists of small ints. Compiled (mypyc,
``parlour.build_compiled``) the same source plays the same matches; its save schema and view extra
live apart in ``schema.py``, never compiled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, reduce
from itertools import combinations
from operator import itemgetter, or_
from types import MappingProxyType
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from parlour.cards import ROQUET_60, SUIT_NAMES, SUITS
from parlour.cards.codes import CodeList
from parlour.engine import Event, Game, InvalidDeal, InvalidState, Option, Rng, State
from parlour.engine.actions import Action, ActionSpec, Notation
from parlour.engine.copying import makes_blank
from parlour.engine.deals import stock_for
from parlour.engine.errors import MalformedAction, echo
from parlour.engine.events import _new_tuple
from parlour.engine.game import RECORD, Outcome
from parlour.engine.saves import checked
from parlour.engine.views import (
    ScoreRow,
    ScoreSheet,
    View,
    Zone,
    trick_view,
)
from parlour.games.roquet.schema import MeldKind as MeldKind
from parlour.games.roquet.schema import Phase as Phase
from parlour.games.roquet.schema import RoquetExtra as RoquetExtra
from parlour.games.roquet.schema import RoquetSave
from parlour.mechanics import (
    GatheredTrick,
    Lead,
    NoDeal,
    deal_unseen,
    hand_end_event,
    is_lead,
    marked_leads,
    score_event,
    trick_winner,
)

PACK = ROQUET_60
PLAYERS = 2
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "L", "B", "Q", "K", "C")
"""The game's own order, lowest first: Ace low, Castle high."""
RANK_INDEX: Mapping[str, int] = {r: i for i, r in enumerate(RANKS)}
NUMERALS: frozenset[str] = frozenset(RANKS[:10])
"""Ace to ten: their pairs score ``PAIR_POINTS`` (ruling RQ-20: the ten is a numeral)."""
COURTS: frozenset[str] = frozenset(RANKS[10:])
"""Lehnritter, bishop, queen, king, castle: their pairs are royal pairs (ruling RQ-20)."""

HAND_SIZE: Final = 8
"""Cards dealt to each player, and what the hands are made up to after each trick (ruling RQ-4)."""
LIVRET_SIZE: Final = 4
"""The livret: four cards laid face up between the players with the deal."""
TRICK_SIZE: Final = PLAYERS
"""Two cards to a trick."""
TABLE_CARDS_PER_TRICK = 1
"""A trick winner may take one table card (livret or turn-up), straight into a combination (ruling RQ-6)."""

PAIR_SIZE = 2
MUSTER_SIZE = len(SUITS)
"""A muster: the four cards of one rank."""
MIN_SEQUENCE = 3
"""A sequence: at least three cards of one suit in unbroken rank order."""
DEFAULT_MAX_SEQUENCE = 5
"""The seed's tariff lists runs of three to five (ruling RQ-9)."""
PAIR_POINTS = 2
ROYAL_PAIR_POINTS = 5
MUSTER_POINTS = 10
SEQUENCE_POINTS_PER_CARD = 1
"""A sequence of 3, 4 or 5 scores 3, 4 or 5: a point a card."""


def rank_of(card: str) -> str:
    return card[:-1]


suit_of: Callable[[str], str] = itemgetter(-1)
"""A card's suit letter, its last character (the players ask it in every inner loop: a C call)."""


def rank_value(card: str) -> float:
    """How high ``card`` ranks in its suit: ace lowest, castle highest."""
    return RANK_INDEX[card[:-1]]


def card_key(card: str) -> tuple[int, int]:
    """Canonical order of cards in a meld: suits S H D C, each from the ace up."""
    return (SUITS.index(suit_of(card)), RANK_INDEX[rank_of(card)])


def hand_key(card: str) -> tuple[int, int]:
    """Display order of a hand: suits S H D C, each from the castle down."""
    return (SUITS.index(suit_of(card)), -RANK_INDEX[rank_of(card)])


_HAND_ORDER: Final[Mapping[str, int]] = {c: i for i, c in enumerate(sorted(PACK.cards, key=hand_key))}


def in_hand_order(cards: Iterable[str]) -> list[str]:
    """``cards`` in the display order of a hand (``hand_key``)."""
    return sorted(cards, key=_HAND_ORDER.__getitem__)


def canonical(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_key))


# --- the combinations (the seed's tariff) -------------------------------------------------------


def is_court(card: str) -> bool:
    """A court card (lehnritter, bishop, queen, king, castle)."""
    return rank_of(card) in COURTS


def pair_value(rank: str) -> int:
    """The pair value of a rank: a royal pair of courts 5, a pair of numerals 2 (ruling RQ-20)."""
    return ROYAL_PAIR_POINTS if rank in COURTS else PAIR_POINTS


def is_set(cards: Sequence[str]) -> bool:
    """A set: cards all of one rank. Two make a pair, all four a muster; three are no combination
    (ruling RQ-10)."""
    return len({rank_of(c) for c in cards}) == 1


def is_sequence(cards: Sequence[str], max_sequence: int = DEFAULT_MAX_SEQUENCE) -> bool:
    """A sequence: ``MIN_SEQUENCE`` to ``max_sequence`` cards of one suit in unbroken rank order, ace
    low and castle high, never wrapping round (rulings RQ-9, RQ-11)."""
    if not MIN_SEQUENCE <= len(cards) <= max_sequence or len({suit_of(c) for c in cards}) != 1:
        return False
    idx = sorted(RANK_INDEX[rank_of(c)] for c in cards)
    return idx == list(range(idx[0], idx[0] + len(idx)))


def classify(cards: Sequence[str], max_sequence: int = DEFAULT_MAX_SEQUENCE) -> tuple[MeldKind, int] | None:
    """The combination ``cards`` form and its points, or ``None`` if they form none.

    Pairs, royal pairs, musters and sequences are the only combinations; three of a kind is not one
    (lay two of them as a pair: ruling RQ-10).
    """
    known = _TARIFF_KINDS.get(max_sequence)
    if known is not None:
        found = known.get(cards if type(cards) is tuple else tuple(cards))
        if found is not None:
            return found
    if len(set(cards)) != len(cards) or not all(PACK.is_card(c) for c in cards):
        return None
    if is_set(cards):
        if len(cards) == PAIR_SIZE:
            rank = rank_of(cards[0])
            return ("royal pair" if rank in COURTS else "pair", pair_value(rank))
        if len(cards) == MUSTER_SIZE:
            return ("muster", MUSTER_POINTS)
        return None
    if is_sequence(cards, max_sequence):
        return ("sequence", SEQUENCE_POINTS_PER_CARD * len(cards))
    return None


def why_not_combination(cards: Sequence[str], max_sequence: int = DEFAULT_MAX_SEQUENCE) -> str:
    """In words, why ``cards`` are not a scoring combination."""
    if len(set(cards)) != len(cards):
        return "a card is named twice"
    if len(cards) < PAIR_SIZE:
        return "a combination needs at least two cards"
    if is_set(cards):
        return "cards of one rank score only as a pair (two cards) or a muster (all four suits)"
    if len({suit_of(c) for c in cards}) != 1:
        return "a sequence must be all of one suit, and a pair or muster all of one rank"
    if len(cards) < MIN_SEQUENCE:
        return "a sequence needs at least three cards"
    if len(cards) > max_sequence:
        return f"a sequence may have at most {max_sequence} cards; lay a longer run as two sequences"
    return "the cards are not consecutive in rank (ace low, 10, lehnritter, bishop, queen, king, castle high)"


def meld_name(cards: Sequence[str], kind: str) -> str:
    """A combination in words: 'royal pair of kings', 'sequence of four', 'muster of sevens'."""
    if kind == "sequence":
        return f"sequence of {_NUMBER_WORDS.get(len(cards), str(len(cards)))}"
    rank = PACK.rank_names[rank_of(cards[0])]
    return f"{kind} of {rank}{'es' if rank.endswith('x') else 's'}"


_NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


_SUIT_SPAN: Final = len(RANKS)
_BIT: Final[Mapping[str, int]] = {
    c: 1 << (SUITS.index(suit_of(c)) * _SUIT_SPAN + RANK_INDEX[rank_of(c)]) for c in PACK.cards
}
"""Each card's bit: suits S H D C, each from the ace up, so a mask's bits run in ``card_key`` order."""
_RANK_MASKS: Final[tuple[int, ...]] = tuple(sum(_BIT[r + s] for s in SUITS) for r in RANKS)
_SUIT_RUNS: Final = (1 << _SUIT_SPAN) - 1
Candidate = tuple[int, tuple[str, ...], int]
"""A combination the tariff knows: its mask, its cards in canonical order, its place in the sorted list."""


@cache
def _tariff(max_sequence: int) -> tuple[tuple[tuple[Candidate, ...], ...], tuple[tuple[Candidate, ...], ...]]:
    """Every combination of the whole pack, by rank (the pairs and the muster) and by suit (the
    sequences), each carrying its place in ``find_combinations``'s order (by size, then by cards)."""
    sets: list[list[tuple[int, tuple[str, ...]]]] = []
    for rank in RANKS:
        group = canonical(rank + s for s in SUITS)
        sets.append([(_BIT[a] | _BIT[b], (a, b)) for a, b in combinations(group, PAIR_SIZE)])
        sets[-1].append((_RANK_MASKS[RANK_INDEX[rank]], group))
    runs: list[list[tuple[int, tuple[str, ...]]]] = []
    for suit in SUITS:
        runs.append([])
        for first in range(len(RANKS)):
            for length in range(MIN_SEQUENCE, max_sequence + 1):
                if first + length > len(RANKS):
                    break
                run = tuple(r + suit for r in RANKS[first : first + length])
                runs[-1].append((sum(_BIT[c] for c in run), run))
    every = sorted(
        (cards for group in (*sets, *runs) for _, cards in group),
        key=lambda m: (len(m), [card_key(c) for c in m]),
    )
    place = {cards: i for i, cards in enumerate(every)}

    def placed(group: list[tuple[int, tuple[str, ...]]]) -> tuple[Candidate, ...]:
        return tuple((mask, cards, place[cards]) for mask, cards in group)

    kinds: dict[tuple[str, ...], tuple[MeldKind, int]] = {}
    for set_group in sets:
        for _, meld in set_group:
            if len(meld) == PAIR_SIZE:
                rank = rank_of(meld[0])
                kinds[meld] = ("royal pair" if rank in COURTS else "pair", pair_value(rank))
            else:
                kinds[meld] = ("muster", MUSTER_POINTS)
    for run_group in runs:
        for _, meld in run_group:
            kinds[meld] = ("sequence", SEQUENCE_POINTS_PER_CARD * len(meld))
    _TARIFF_KINDS[max_sequence] = MappingProxyType(kinds)
    return tuple(placed(g) for g in sets), tuple(placed(g) for g in runs)


_TARIFF_KINDS: Final[dict[int, Mapping[tuple[str, ...], tuple[MeldKind, int]]]] = {}
"""``classify``'s answer for each combination of the tariff in canonical order, by ``max_sequence``
(filled by ``_tariff``): a meld the rules listed is classified by one look-up."""


def _one_at_most(bits: int) -> bool:
    return bits & (bits - 1) == 0


def find_combinations(
    hand: Iterable[str], table: Iterable[str], max_sequence: int = DEFAULT_MAX_SEQUENCE
) -> list[tuple[str, ...]]:
    """Every combination made of hand cards and at most one table card (ruling RQ-6), canonical and
    sorted (by size, then by cards in ``card_key`` order)."""
    held = reduce(or_, map(_BIT.__getitem__, hand), 0)
    lent = reduce(or_, map(_BIT.__getitem__, table), 0)
    return [m[1] for m in _combinations(held, lent & ~held, max_sequence)]


_SPREAD: Final = sum(1 << (s * _SUIT_SPAN) for s in range(len(SUITS)))
"""One bit in each suit's place: a rank's four cards are ``_SPREAD << rank``."""


@cache
def _rank_tables(max_sequence: int) -> tuple[dict[int, tuple[Candidate, ...]], ...]:
    """For each rank, its pairs and muster that the cards about allow, by those cards: the rank's
    bits (``_SPREAD``'s places) held or lent, and the lent ones shifted one up."""
    by_rank, _ = _tariff(max_sequence)
    tables = []
    for r, group in enumerate(by_rank):
        table: dict[int, tuple[Candidate, ...]] = {}
        for a in range(1 << len(SUITS)):
            avail = sum(1 << (s * _SUIT_SPAN + r) for s in range(len(SUITS)) if a >> s & 1)
            for b in range(1 << len(SUITS)):
                if b & ~a:
                    continue
                lent = sum(1 << (s * _SUIT_SPAN + r) for s in range(len(SUITS)) if b >> s & 1)
                key = (avail >> r) | (lent >> r) << 1
                table[key] = tuple(m for m in group if avail & m[0] == m[0] and _one_at_most(lent & m[0]))
        tables.append(table)
    return tuple(tables)


_RUNS: Final[dict[tuple[int, int, int, int], tuple[Candidate, ...]]] = {}
"""The sequences a suit's cards about allow, by (max_sequence, suit, its cards, those lent): filled as
met (a few thousand lines at most in play)."""


def _runs(max_sequence: int, s: int, line: int, lent_line: int) -> tuple[Candidate, ...]:
    key = (max_sequence, s, line, lent_line)
    found = _RUNS.get(key)
    if found is None:
        if len(_RUNS) > 100_000:
            _RUNS.clear()
        shift = s * _SUIT_SPAN
        avail, lent = line << shift, lent_line << shift
        found = _RUNS[key] = tuple(
            m for m in _tariff(max_sequence)[1][s] if avail & m[0] == m[0] and _one_at_most(lent & m[0])
        )
    return found


def _combinations(held: int, lent: int, max_sequence: int) -> list[Candidate]:
    """``find_combinations`` on bits (``lent``: the table cards not held), in its order.

    Hot in play (it is asked after every trick): only the ranks with two cards about and the suits
    with three in a row are looked at, each by one look-up."""
    avail = held | lent
    mask = _SUIT_RUNS
    a0, a1 = avail & mask, avail >> _SUIT_SPAN & mask
    a2, a3 = avail >> 2 * _SUIT_SPAN & mask, avail >> 3 * _SUIT_SPAN
    two = (a0 | a1) & (a2 | a3) | a0 & a1 | a2 & a3  # the ranks with two cards about
    found: list[Candidate] = []
    if two:
        tables = _rank_tables(max_sequence)
        spread = _SPREAD
        while two:
            low = two & -two
            r = low.bit_length() - 1
            two ^= low
            found += tables[r][(avail >> r) & spread | ((lent >> r) & spread) << 1]
    for s, line in enumerate((a0, a1, a2, a3)):
        if line & (line >> 1) & (line >> 2):  # three in a row somewhere
            found += _runs(max_sequence, s, line, lent >> (s * _SUIT_SPAN) & mask)
    if len(found) > 1:
        found.sort(key=_place)
    return found


def can_meld(held: int, lent: int) -> bool:
    """Whether ``held`` (a hand's bits) and at most one card of ``lent`` (the table's, not held) make
    any combination (``find_combinations`` not empty), without listing them: a rank with two cards
    about, one of them held, or three in a row of a suit with at most one of them lent."""
    avail = held | lent
    mask, span = _SUIT_RUNS, _SUIT_SPAN
    a0, a1, a2, a3 = avail & mask, avail >> span & mask, avail >> 2 * span & mask, avail >> 3 * span
    h = (held | held >> span | held >> 2 * span | held >> 3 * span) & mask
    if ((a0 | a1) & (a2 | a3) | a0 & a1 | a2 & a3) & h:
        return True
    for line, lent_line in (
        (a0, lent & mask),
        (a1, lent >> span & mask),
        (a2, lent >> 2 * span & mask),
        (a3, lent >> 3 * span),
    ):
        three = line & line >> 1 & line >> 2
        if three:
            l1, l2 = lent_line >> 1, lent_line >> 2
            if three & ~(lent_line & l1 | lent_line & l2 | l1 & l2):
                return True
    return False


def _place(m: Candidate) -> int:
    return m[2]


# --- tricks ---------------------------------------------------------------------------------------


def beats(card: str, best: str, trump: str) -> bool:
    """Whether ``card`` played later takes the trick from ``best``: a higher card of its suit, or a
    trump on a card of another suit (no duty to trump or to win: ruling RQ-12)."""
    if card[-1] == best[-1]:
        return _RANK_OF[card] > _RANK_OF[best]
    return card[-1] == trump


def winner_of(plays: Sequence[tuple[int, str]], trump: str) -> int:
    """The seat that takes a trick of ``(seat, card)`` plays."""
    return trick_winner(plays, suit_of, rank_value, trump)


_RANK_OF: Final[Mapping[str, int]] = {c: RANK_INDEX[rank_of(c)] for c in PACK.cards}
"""Each card's rank, ace 0 to castle 14 (its ``rank_value``)."""
_PLAY_TEXT: Final[Mapping[str, str]] = {c: "play " + c for c in PACK.cards}
_PLAY_LINE: Final[tuple[Mapping[str, str], ...]] = tuple(
    {c: f"seat {s} plays {PACK.pretty(c)}" for c in PACK.cards} for s in range(PLAYERS)
)
"""The play event's text, by seat and card."""
_SHOWN: Final[Mapping[str, str]] = {c: PACK.pretty(c) for c in PACK.cards}
_PACK_ORDER: tuple[str, ...] = tuple(sorted(PACK.cards, key=PACK.sort_key))


def _mask(cards: Iterable[str]) -> int:
    bits: int = reduce(or_, map(_BIT.__getitem__, cards), 0)
    return bits


# --- the integer core: cards as ids -------------------------------------------------------------
# The state holds every card as its id, ``CARD_ID[code]``: the card's bit number in ``_BIT`` (suits
# S H D C, each from the ace up), so a hand's bits are ``sum(1 << id)``, a suit is ``id // 15`` and two
# cards of one suit compare by their ids. The codes are made from these tables only when asked for.

CODES: Final[tuple[str, ...]] = tuple(sorted(PACK.cards, key=card_key))
"""Each card id's code."""
CARD_ID: Final[Mapping[str, int]] = MappingProxyType({c: i for i, c in enumerate(CODES)})
"""Each code's card id (``_BIT[code] == 1 << CARD_ID[code]``)."""
_SUIT_ID: Final[tuple[int, ...]] = tuple(i // _SUIT_SPAN for i in range(len(CODES)))
"""Each card id's suit: its index in ``SUITS``."""
_SUIT_BITS: Final[tuple[int, ...]] = tuple(_SUIT_RUNS << (s * _SUIT_SPAN) for s in range(len(SUITS)))
"""The bits of each suit's cards."""
_DEAL_ORDER: Final[tuple[int, ...]] = tuple(CARD_ID[c] for c in PACK.cards)
"""The pack in its own order, as a deal shuffles it (the same draws, the same deal as by codes)."""
_UNSEEN_ORDER: Final[tuple[int, ...]] = tuple(CARD_ID[c] for c in _PACK_ORDER)
_HAND_PLACE: Final[tuple[int, ...]] = tuple(_HAND_ORDER[c] for c in CODES)
"""Each card id's place in a hand's display order (``hand_key``)."""
_PLAY_TEXT_ID: Final[tuple[str, ...]] = tuple(_PLAY_TEXT[c] for c in CODES)
_PLAY_LINE_ID: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(line[c] for c in CODES) for line in _PLAY_LINE
)
_SHOWN_ID: Final[tuple[str, ...]] = tuple(_SHOWN[c] for c in CODES)
_VOID_SUITS: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(s for i, s in enumerate(SUITS) if v >> i & 1) for v in range(1 << len(SUITS))
)
"""The suits of each 4-bit void set, in the order S H D C."""
NO_CARD: Final = -1
"""The id of no card (no turn-up on the table, no card led, nothing known)."""


def _ids_mask(ids: Iterable[int]) -> int:
    bits = 0
    for c in ids:
        bits |= 1 << c
    return bits


def _codes(ids: Iterable[int]) -> list[str]:
    codes = CODES
    return [codes[c] for c in ids]


def _ids(cards: Iterable[str]) -> list[int]:
    ids = CARD_ID
    return [ids[c] for c in cards]


def _in_hand_order(ids: Iterable[int]) -> list[str]:
    """A hand's ids as codes in its display order."""
    codes = CODES
    return [codes[c] for c in sorted(ids, key=_HAND_PLACE.__getitem__)]


# A trick taken is one int: the leader (bit 0), the first play's seat (1) and card (2-7), the second's
# seat (8) and card (9-14), the winner (15). Every field of a saved trick fits, a tampered one too.


def _pack_trick(leader: int, first: tuple[int, int], second: tuple[int, int], winner: int) -> int:
    return leader | first[0] << 1 | first[1] << 2 | second[0] << 8 | second[1] << 9 | winner << 15


_GATHERED: Final[dict[int, GatheredTrick]] = {}


def _gathered(t: int) -> GatheredTrick:
    """The ``GatheredTrick`` of a packed trick, made once (it is immutable: states share it)."""
    made = _GATHERED.get(t)
    if made is None:
        cards = ((t >> 1 & 1, CODES[t >> 2 & 63]), (t >> 8 & 1, CODES[t >> 9 & 63]))
        made = _GATHERED[t] = GatheredTrick(t & 1, cards, t >> 15 & 1)
    return made


def _trick_plays(t: int) -> list[dict[str, Any]]:
    return [
        {"seat": t >> 1 & 1, "card": CODES[t >> 2 & 63]},
        {"seat": t >> 8 & 1, "card": CODES[t >> 9 & 63]},
    ]


def _log_deal(
    log: list[Event], dealer: int, number: int, livret: tuple[int, ...], turn_up: int, *hands: tuple[int, ...]
) -> None:
    """The events of a deal (made when the log is read): the deal itself, then each seat's hand."""
    trump = SUITS[_SUIT_ID[turn_up]]
    text = (
        f"hand {number}: seat {dealer} deals; livret {' '.join([_SHOWN_ID[c] for c in livret])}; "
        f"turn-up {_SHOWN_ID[turn_up]}, {SUIT_NAMES[trump]} are trumps"
    )
    data: dict[str, Any] = {
        "hand": number,
        "dealer": dealer,
        "livret": _codes(livret),
        "turn_up": CODES[turn_up],
        "trump": trump,
        "text": text,
    }
    log.append(_new_tuple(Event, ("deal", MappingProxyType(data), None)))
    for seat in (0, 1):
        shown = _in_hand_order(hands[seat])
        data = {"seat": seat, "cards": shown, "text": f"you are dealt {_pretty(shown)}"}
        log.append(_new_tuple(Event, ("hand", MappingProxyType(data), seat)))


def stock_list(cards: list[int]) -> CodeList:
    """The stock's ids handed out as a live list of codes (a player may shuffle a world's stock in
    place)."""
    return CodeList(cards, CODES, CARD_ID)


def table_cards_of(livret: Iterable[str], turn_up: str | None, turn_up_melds: bool) -> list[str]:
    """The table cards a trick winner may take one of: the livret and, while it lies there and is
    meld material, the turn-up (ruling RQ-2)."""
    cards = list(livret)
    if turn_up is not None and turn_up_melds:
        cards.append(turn_up)
    return cards


def _pretty(cards: Iterable[str]) -> str:
    return " ".join([_SHOWN[c] for c in cards])


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


# --- the state's records ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Meld:
    """A combination laid down this hand (ruling RQ-5: it stays face up, out of play)."""

    cards: tuple[str, ...]
    kind: MeldKind
    points: int
    label: str = field(default="", compare=False)
    """In words with its points, 'royal pair of kings, 5 points' (made from the rest): it read 'royal pair
    of kings (5)', a number nothing said was points."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", f"{meld_name(self.cards, self.kind)}, {self.points} points")

    def __deepcopy__(self, memo: dict[int, Any]) -> Meld:
        return self  # immutable: clones share it

    @property
    def name(self) -> str:
        return meld_name(self.cards, self.kind)

    def to_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "kind": self.kind, "points": self.points}


_MELDS: Final[dict[tuple[tuple[str, ...], MeldKind, int], Meld]] = {}


def meld_of(cards: tuple[str, ...], kind: MeldKind, points: int) -> Meld:
    """The ``Meld`` of these fields, made once (it is immutable: states and clones share it)."""
    key = (cards, kind, points)
    meld = _MELDS.get(key)
    if meld is None:
        if len(_MELDS) > 10_000:
            _MELDS.clear()
        meld = _MELDS[key] = Meld(cards, kind, points)
    return meld


# --- the notation -----------------------------------------------------------------------------------


class RoquetNotation(Notation):
    """The actions' notation, with a meld's cards put in canonical order (any order may be typed) and
    the usual slips explained."""

    def parse(self, text: str) -> Action:
        words = text.split()
        kind = words[0].lower() if words else ""
        if kind == "take":
            raise MalformedAction(
                text, "there is no separate take: name the table card in the combination, e.g. 'meld 7S 7H'"
            )
        try:
            action = super().parse(text)
        except MalformedAction as exc:
            if exc.reason.startswith("too many words"):
                if kind == "play":
                    raise MalformedAction(text, "play exactly one card, e.g. 'play 9H'") from None
                if self.aliases.get(kind, kind) == "done":
                    raise MalformedAction(text, "'done' takes no cards: type just 'done'") from None
            raise
        if action.kind == "meld":
            return Action("meld", canonical(action.cards))
        return action


# --- the view's own part and the saved form: their own module (``schema``), never compiled -------
# A save's own part is checked against ``RoquetSave`` first (every field's type and range), then the
# state as a whole against RoquetState.check_invariants (the pack conserved, sizes, whose turn...).


class RoquetState(State):
    """A whole match of Roquet: hands dealt, played and melded until a player reaches the target.

    The cards are held as ids (``CARD_ID``): each hand an id list in its saved order with its bits
    beside it, the livret and the stock id lists, the turn-up, the card led and each seat's known card
    an id or ``NO_CARD``, the tricks taken packed ints, the voids 4-bit sets. The fields of codes that
    the players, the views and the saves read (``hands``, ``stock``, ``trick``...) are made from them."""

    game: RoquetGame
    hand_number: int = 0
    """The hands begun, counted at each deal (it serves as ``State.hand_number``)."""
    _pending: list[Any]
    """What the log is still to hold (``log``): the commonest events (an action's record, a card played,
    a trick taken, a hand's draws) as small tuples whose events are made when the log is read, and the
    events made at once behind them, in order."""

    def __init__(
        self, game: RoquetGame, seed: int | None = None, _copy_of: RoquetState | None = None
    ) -> None:
        """``_copy_of`` is ``clone``'s in the compiled build, whose classes are made only through here."""
        if _copy_of is not None:
            self._copy_fields(_copy_of)
            return
        super().__init__(game, seed)
        self.match_scores: list[int] = [0, 0]
        self.hand_number = 0
        self.dealer = 0
        self.leader = 1
        self._hand: list[list[int]] = [[], []]  # each hand's ids, in its saved order
        self._held: list[int] = [0, 0]  # each hand's bits
        self._livret: list[int] = []
        self._turn_up = NO_CARD
        self._trump = 0  # the index of trumps in SUITS
        self._stock: list[int] = []  # face down, top first; the turn-up (if still there) lies under it
        self._led = NO_CARD  # the card led to the trick in progress
        self._led_by = 0  # and its seat
        self._tricks: list[int] = []  # this hand's tricks, packed (``_pack_trick``)
        self._won: list[list[int]] = [[], []]  # the cards each seat has taken this hand
        self._played: list[int] = []  # this hand's tricks' cards in the order played
        self.phase: Phase = "play"
        self.melder: int | None = None
        self.table_taken = False
        self.melds_made = 0
        self.banked: list[int] = [0, 0]
        self.melds: list[list[Meld]] = [[], []]
        self._known: list[int] = [NO_CARD, NO_CARD]  # the card every seat knows a hand holds (the turn-up)
        self._voids: list[int] = [0, 0]  # suits (bits, SUITS order) a seat has shown it lacks since it drew
        self.sheet: list[tuple[int, int]] = []  # each finished hand's points (from the log's hand_end)
        # The options the play reads at every trick, as the state's own fields.
        self._turn_up_melds = game.turn_up_melds
        self._max_sequence = game.max_sequence
        self._one_meld = game.one_meld_a_trick

    # --- the cards as codes, made from the ids when asked for -------------------------------

    @property
    def hands(self) -> list[list[str]]:
        """Each seat's hand as codes, in the order dealt and drawn (a copy: change it through play)."""
        return [_codes(self._hand[0]), _codes(self._hand[1])]

    def _set_hands(self, hands: Sequence[Sequence[int]]) -> None:
        self._hand = [list(hands[0]), list(hands[1])]
        self._held = [_ids_mask(hands[0]), _ids_mask(hands[1])]

    @property
    def livret(self) -> list[str]:
        return _codes(self._livret)

    @property
    def turn_up(self) -> str | None:
        """The turn-up while it lies under the stock (or on the table), else ``None``."""
        return CODES[self._turn_up] if self._turn_up >= 0 else None

    @property
    def trump(self) -> str:
        return SUITS[self._trump]

    @property
    def stock(self) -> CodeList:
        """The face-down stock, top first, as codes over the ids themselves: shuffling it shuffles the
        stock (a player re-draws a world's stock so)."""
        return stock_list(self._stock)

    @property
    def trick(self) -> list[tuple[int, str]]:
        """The trick in progress as ``(seat, card)`` plays: the card led, if any."""
        return [(self._led_by, CODES[self._led])] if self._led >= 0 else []

    @property
    def tricks(self) -> list[GatheredTrick]:
        """This hand's tricks taken."""
        return [_gathered(t) for t in self._tricks]

    def _piles(self) -> tuple[list[list[str]], list[str]]:
        """The cards each seat has taken this hand, and every trick's cards in the order played."""
        return [_codes(self._won[0]), _codes(self._won[1])], _codes(self._played)

    def _piles_from_tricks(self) -> None:
        """``_won`` and ``_played`` (kept for the views) from the hand's tricks."""
        self._won, self._played = [[], []], []
        for t in self._tricks:
            cards = (t >> 2 & 63, t >> 9 & 63)
            self._won[t >> 15 & 1] += cards
            self._played += cards

    @property
    def won(self) -> list[list[str]]:
        """This hand's tricks, the cards each seat has taken."""
        return self._piles()[0]

    @property
    def played(self) -> list[str]:
        """This hand's tricks, card by card in the order played (each trick's leader first)."""
        return self._piles()[1]

    @property
    def known(self) -> list[list[str]]:
        """The cards every seat knows a hand holds: the turn-up, drawn and still held."""
        return [[CODES[k]] if k >= 0 else [] for k in self._known]

    @property
    def voids(self) -> list[list[str]]:
        """The suits each seat has shown it lacks since it last drew, in the order S H D C."""
        return [list(_VOID_SUITS[v]) for v in self._voids]

    # --- the contract ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "play":
            return self.leader if self._led < 0 else 1 - self._led_by
        if phase == "meld":
            return self.melder
        return None

    @property
    def scores(self) -> list[float]:
        return [float(s) for s in self.match_scores]

    def _outcome(self) -> Outcome:
        """Decided at a hand's end with a score at the target (RQ-15, RQ-16), or drawn (RQ-17)."""
        a, b = self.match_scores
        target = self.game.target
        if a == b:
            return Outcome((), f"both reach {a} (target {target}) at the end of a hand, and ties are drawn")
        w = 0 if a > b else 1
        return Outcome(
            (w,), f"seat {w} ends a hand with {max(a, b)} to {min(a, b)}, at or past the target of {target}"
        )

    def table_cards(self) -> list[str]:
        """Cards a trick winner may take (at most one) into a combination: the livret, and the turn-up
        where it is meld material (rulings RQ-2, RQ-6)."""
        return table_cards_of(self.livret, self.turn_up, self.game.turn_up_melds)

    def _lent(self) -> int:
        """The bits of ``table_cards()`` (rulings RQ-2, RQ-6)."""
        lent = 0
        for c in self._livret:
            lent |= 1 << c
        if self._turn_up >= 0 and self._turn_up_melds:
            lent |= 1 << self._turn_up
        return lent

    def stock_left(self) -> int:
        """Cards still to be drawn: the face-down stock and the turn-up under it (ruling RQ-1)."""
        return len(self._stock) + (1 if self._turn_up >= 0 else 0)

    def meld_options(self) -> list[tuple[str, ...]]:
        if self.phase != "meld" or self.melder is None:
            return []
        return [m[1] for m in self._meld_candidates()]

    def _may_meld(self) -> bool:
        """``meld_options()`` not empty (the meld moment's melder), asked on bits."""
        melder = self.melder
        assert melder is not None
        held = self._held[melder]
        if self.table_taken:
            return can_meld(held, 0)
        return can_meld(held, self._lent() & ~held)

    def _legal_cards(self, seat: int) -> list[int]:
        """The ids ``seat`` may play: follow suit if able, else any card (ruling RQ-12), in hand order."""
        hand = self._hand[seat]
        led = self._led
        if led >= 0:
            suit = _SUIT_ID[led]
            if self._held[seat] & _SUIT_BITS[suit]:
                suits = _SUIT_ID
                hand = [c for c in hand if suits[c] == suit]
        return sorted(hand, key=_HAND_PLACE.__getitem__)

    def legal_play(self, seat: int) -> list[str]:
        """Follow suit if able, else any card (ruling RQ-12), in the hand's display order."""
        return _codes(self._legal_cards(seat))

    def _compute_legal(self) -> list[str]:
        phase = self.phase
        if phase == "play":
            seat = self.leader if self._led < 0 else 1 - self._led_by
            texts = _PLAY_TEXT_ID
            return [texts[c] for c in self._legal_cards(seat)]
        if phase == "over":
            return []
        return ["meld " + " ".join(m) for m in self.meld_options()] + ["done"]

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is refused, in words that repeat at most a short cut of what was typed."""
        if self.phase == "over":
            return "the match is over"
        seat = self.current_player
        assert seat is not None
        hand = self.hands[seat]
        if action.kind == "play":
            if self.phase == "meld":
                return "you won the trick: meld first or say 'done'; no card is played now"
            card = action.card
            if card not in hand:
                return f"{PACK.card_name(card)} is not in your hand"
            if self._led >= 0:
                return f"you must follow suit: you hold {SUIT_NAMES[SUITS[_SUIT_ID[self._led]]]}"
            return super().explain_illegal(action)
        if action.kind == "done":
            return "'done' ends a meld; you can say it only in the moment after winning a trick"
        # meld: only the trick winner, only right after the trick (ruling RQ-13)
        if self.phase != "meld":
            return "you may meld only in the moment immediately after winning a trick"
        cards = list(action.cards)
        if self.game.one_meld_a_trick and self.melds_made >= 1:  # ruling RQ-7
            return "you may lay down only one combination after each trick"
        table = self.table_cards()
        stray = [c for c in cards if c not in hand and c not in table]
        if stray:
            return f"{_few(stray)}: neither in your hand nor on the table to be taken"
        taken = [c for c in cards if c in table]
        if len(taken) > TABLE_CARDS_PER_TRICK:  # ruling RQ-6
            return "you may take only one card from the livret (or turn-up) after a trick"
        if taken and self.table_taken:
            return "you have already taken your one card from the livret after this trick"
        max_seq = self.game.max_sequence
        if classify(cards, max_seq) is None:
            return "not a scoring combination: " + why_not_combination(cards, max_seq)
        return super().explain_illegal(action)

    # --- the hot path: text and ids straight to the rules ---------------------------------------

    def legal_action_ids(self) -> list[int]:
        """In the play of a trick the ids of the cards that may be played, no text made; otherwise
        the engine's ids of the legal texts."""
        phase = self.phase
        if phase == "play":
            ids = self.game.id_tables().play_id_of
            led = self._led
            if led < 0:
                hand = self._hand[self.leader]
            else:
                seat = 1 - self._led_by
                hand = self._hand[seat]
                suit = _SUIT_ID[led]
                if self._held[seat] & _SUIT_BITS[suit]:
                    suits = _SUIT_ID
                    out = [ids[c] for c in hand if suits[c] == suit]
                    out.sort()
                    return out
            out = [ids[c] for c in hand]
            out.sort()
            return out
        if phase == "meld":
            tables = self.game.id_tables()
            meld_ids = tables.meld_ids
            out = [meld_ids[m[1]] for m in self._meld_candidates()]
            out.append(tables.done_id)
            out.sort()
            return out
        return []

    def _meld_candidates(self) -> list[Candidate]:
        """``meld_options()`` on bits, with their masks."""
        melder = self.melder
        assert melder is not None
        held = self._held[melder]
        lent = 0 if self.table_taken else self._lent()
        return _combinations(held, lent & ~held, self._max_sequence)

    def apply_id(self, action_id: int) -> None:
        """A card that may be played is carried out on its id at once; anything else goes the
        engine's way, with its checks and reasons."""
        phase = self.phase
        if phase == "play" and type(action_id) is int:
            card = self.game.id_tables().id_card_of.get(action_id, NO_CARD)
            if card >= 0:
                led = self._led
                seat = self.leader if led < 0 else 1 - self._led_by
                held = self._held[seat]
                if held >> card & 1 and (
                    led < 0 or _SUIT_ID[card] == _SUIT_ID[led] or not held & _SUIT_BITS[_SUIT_ID[led]]
                ):
                    self._acting(seat, None)
                    self._play(card, True)
                    return
        elif phase == "meld" and type(action_id) is int:
            melder = self.melder
            assert melder is not None
            tables = self.game.id_tables()
            if action_id == tables.done_id:
                self._acting(melder, "done")
                self._end_meld()
                return
            meld = tables.id_meld_bits.get(action_id)
            if meld is not None:
                bits = meld[0]
                if any(m[0] == bits for m in self._meld_candidates()):
                    self._acting(melder, meld[2])
                    self._meld(meld[1], bits)
                    return
        super().apply_id(action_id)

    def _carry_out(self, action: str, typed: Action | None = None) -> None:
        """A legal canonical action goes to the rules without parsing, its record waiting with the log
        (``_pending``); typed text the engine's way."""
        if typed is not None:
            super()._carry_out(action, typed)
            return
        seat = self.current_player
        assert seat is not None
        kind = action[0]
        if kind == "p":
            self._acting(seat, None)
            self._play(CARD_ID[action[5:]], True)
        elif kind == "m":
            self._acting(seat, action)
            cards = self.game.notation.parse_known(action).cards
            self._meld(cards, _mask(cards))
        else:
            self._acting(seat, action)
            self._end_meld()

    def _acting(self, seat: int, action: str | None) -> None:
        """The engine's ``_record_action``, its record waiting in ``_pending`` (a card played is
        recorded with its play: ``action`` ``None``): the legal lists forgotten, a copied live source
        given its new owner's record."""
        if action is not None:
            self._pending.append((0, seat, action))
        rng = self.rng
        if rng.sink is None and rng.live:
            rng.sink = self._record_chance
        self._legal_cache = self._range_cache = None

    def _apply(self, action: Action) -> None:
        if action.kind == "play":
            self._play(CARD_ID[action.card], False)
        elif action.kind == "meld":
            self._meld(action.cards, _mask(action.cards))
        else:
            self._end_meld()

    # --- the log, made when it is read ----------------------------------------------------------

    def _flush(self) -> None:
        log, pending = self._events, self._pending
        self._pending = []
        codes = CODES
        # Events made directly (each its data a dict of our own, as ``Event`` would wrap it).
        for p in pending:
            if type(p) is not tuple:
                log.append(p)
                continue
            code, seat = p[0], p[1]
            if code == 0:  # an action's record
                data: dict[str, Any] = {"seat": seat, "action": p[2]}
                log.append(_new_tuple(Event, ("action", MappingProxyType(data), RECORD)))
            elif code == 1 or code == 5:  # a card played (5: its action's record first)
                card = p[2]
                if code == 5:
                    data = {"seat": seat, "action": _PLAY_TEXT_ID[card]}
                    log.append(_new_tuple(Event, ("action", MappingProxyType(data), RECORD)))
                data = {"seat": seat, "card": codes[card], "text": _PLAY_LINE_ID[seat][card]}
                # a card that leads is a ``Lead``: the log says it "leads"
                log.append(_new_tuple(Lead if p[3] else Event, ("play", MappingProxyType(data), None)))
            elif code == 2:  # a trick taken: seat is the winner
                data = {"winner": seat, "cards": _trick_plays(p[2]), "text": f"seat {seat} wins the trick"}
                log.append(_new_tuple(Event, ("trick", MappingProxyType(data), None)))
            elif code == 6:  # a combination laid down: the Meld, the table card taken, from the turn-up?
                meld, taken = p[2], p[3]
                source = "" if taken < 0 else "the turn-up" if p[4] else "the livret"
                src = f", taking {_SHOWN_ID[taken]} from {source}," if taken >= 0 else ""
                points = meld.points
                data = {
                    "seat": seat,
                    "cards": list(meld.cards),
                    "kind": meld.kind,
                    "points": points,
                    "taken": CODES[taken] if taken >= 0 else None,
                    "source": source or None,
                    "text": f"seat {seat} lays down a {meld.name} {_pretty(meld.cards)}{src} for {points}",
                }
                log.append(_new_tuple(Event, ("meld", MappingProxyType(data), None)))
            elif code == 7:  # the melder says done
                data = {"seat": seat, "text": f"seat {seat} stops melding"}
                log.append(_new_tuple(Event, ("done", MappingProxyType(data), None)))
            elif code == 8:  # a deal: seat is the dealer
                _log_deal(log, seat, *p[2:])
            else:  # cards drawn from the face-down stock
                hidden = _codes(p[2])
                data = {"seat": seat, "cards": hidden, "text": f"you draw {_pretty(hidden)}"}
                log.append(_new_tuple(Event, ("draw", MappingProxyType(data), seat)))
                n = len(hidden)
                text = f"seat {seat} draws {n} card{'s' if n > 1 else ''}"
                data = {"seat": seat, "count": n, "text": text}
                log.append(_new_tuple(Event, ("draws", MappingProxyType(data), None)))

    # --- play --------------------------------------------------------------------------

    def _play(self, card: int, record: bool) -> None:
        """``card`` played by the seat to move (``record``: its action's record still to be logged)."""
        led = self._led
        if led >= 0:
            seat = 1 - self._led_by
            if _SUIT_ID[card] != _SUIT_ID[led]:
                self._voids[seat] |= 1 << _SUIT_ID[led]
        else:
            seat = self.leader
        self._hand[seat].remove(card)
        self._held[seat] ^= 1 << card
        if self._known[seat] == card:
            self._known[seat] = NO_CARD
        pending = self._pending
        pending.append((5 if record else 1, seat, card, led < 0))  # (last: whether it leads the trick)
        if led < 0:
            self._led, self._led_by = card, seat
            return
        first = self._led_by
        # ruling RQ-12: a higher card of the suit led, or a trump on another suit, takes it (RQ-19)
        if _SUIT_ID[card] == _SUIT_ID[led]:
            winner = seat if card > led else first
        else:
            winner = seat if _SUIT_ID[card] == self._trump else first
        packed = first | first << 1 | led << 2 | seat << 8 | card << 9 | winner << 15
        self._tricks.append(packed)
        self._won[winner] += (led, card)
        self._played += (led, card)
        self._led = NO_CARD
        pending.append((2, winner, packed))
        # ruling RQ-13: the winner alone melds, now; with nothing to lay down the moment passes by itself
        self.melder = winner
        self.leader = winner
        self.table_taken = False
        self.melds_made = 0
        self.phase = "meld"
        if not self._may_meld():
            self._end_meld(automatic=True)

    # --- melds -------------------------------------------------------------------------

    def _meld(self, cards: Sequence[str], bits: int) -> None:
        """The melder lays down ``cards`` (their bits ``bits``), a legal combination in canonical order."""
        seat = self.melder
        assert seat is not None
        found = classify(cards, self._max_sequence)
        assert found is not None
        kind, points = found
        held = self._held[seat]
        mine = bits & held
        hand = self._hand[seat]
        at = mine
        while at:
            low = at & -at
            hand.remove(low.bit_length() - 1)
            at ^= low
        self._held[seat] = held ^ mine
        known = self._known[seat]
        if known >= 0 and mine >> known & 1:
            self._known[seat] = NO_CARD
        taken, from_turn_up = NO_CARD, False
        table = bits & ~held
        if table:  # the one table card, taken straight into the combination (ruling RQ-6)
            taken = table.bit_length() - 1
            if taken == self._turn_up:  # ruling RQ-2: the turn-up as meld material
                self._turn_up = NO_CARD
                from_turn_up = True
            else:
                self._livret.remove(taken)
            self.table_taken = True
        meld = meld_of(tuple(cards), kind, points)
        self.melds_made += 1
        self.banked[seat] += points
        self.melds[seat].append(meld)  # ruling RQ-5: laid down, out of play for the rest of the hand
        self._pending.append((6, seat, meld, taken, from_turn_up))
        if self._one_meld or not self._may_meld():  # ruling RQ-7
            self._end_meld(automatic=True)

    def _end_meld(self, automatic: bool = False) -> None:
        winner = self.melder
        assert winner is not None
        if not automatic:
            self._pending.append((7, winner))
        self.phase = "play"
        self.melder = None
        self._replenish(winner)
        if not self._hand[0] or not self._hand[1]:  # ruling RQ-14
            self._end_hand()

    def _draw(self, seat: int, count: int) -> None:
        """``seat`` draws up to ``count`` cards: face-down ones first, the turn-up last of all (RQ-1)."""
        stock, hand = self._stock, self._hand[seat]
        n = min(count, len(stock))
        hidden = stock[:n]
        if n:
            del stock[:n]
            hand += hidden
            held = self._held[seat]
            for c in hidden:
                held |= 1 << c
            self._held[seat] = held
            self._voids[seat] = 0
        if n < count and self._turn_up >= 0:
            card = self._turn_up
            self._turn_up = NO_CARD
            self._known[seat] = card
            self._pending.append(
                Event(
                    "draw_turn_up",
                    {
                        "seat": seat,
                        "card": CODES[card],
                        "text": f"seat {seat} draws the turn-up {_SHOWN_ID[card]}, the last card",
                    },
                )
            )
            hand.append(card)
            self._held[seat] |= 1 << card
            self._voids[seat] = 0
        if hidden:
            self._pending.append((3, seat, hidden))

    def _replenish(self, winner: int) -> None:
        """Winner draws first, then the loser (rulings RQ-3, RQ-4); the livret is made up only by
        option (ruling RQ-8)."""
        for seat in (winner, 1 - winner):
            if self.game.refill_to_eight:
                self._draw(seat, HAND_SIZE - len(self._hand[seat]))
            else:
                self._draw(seat, 1)
        if self.game.livret_refill:  # ruling RQ-8 (off by default)
            while len(self._livret) < LIVRET_SIZE and self._stock:
                card = self._stock.pop(0)
                self._livret.append(card)
                self._pending.append(
                    Event(
                        "livret",
                        {"card": CODES[card], "text": f"{_SHOWN_ID[card]} is turned into the livret"},
                    )
                )

    # --- hands and the match ---------------------------------------------------------

    def _end_hand(self) -> None:
        """The banked points go onto the match scores at the hand's end (ruling RQ-15)."""
        points = list(self.banked)
        for seat in (0, 1):
            self.match_scores[seat] += points[seat]
            self._pending.append(
                score_event(
                    seat,
                    points[seat],
                    "melds banked in the hand",
                    f"seat {seat} banks {points[seat]} for the hand",
                )
            )
        self.sheet.append((points[0], points[1]))
        self._pending.append(
            hand_end_event(
                points,
                f"hand {self.hand_number} ends: {points[0]} to {points[1]}; "
                f"match {self.match_scores[0]} to {self.match_scores[1]}",
                hand=self.hand_number,
                scores=list(self.match_scores),
            )
        )
        if self.match_decided():
            self.phase = "over"
            a, b = self.match_scores
            text = "the match is drawn" if a == b else f"seat {0 if a > b else 1} wins the match"
            self._pending.append(Event("match_end", {"scores": [a, b], "text": f"{text}, {a} to {b}"}))
            return
        self._deal(1 - self.dealer)  # ruling RQ-18: the deal alternates

    def match_decided(self) -> bool:
        """A score at or past the target and ahead (ruling RQ-16); level scores there play on unless
        ties draw (ruling RQ-17)."""
        a, b = self.match_scores
        return max(a, b) >= self.game.target and (a != b or self.game.ties_draw)

    def _deal(self, dealer: int, deal: Mapping[str, Any] | None = None) -> None:
        """Shuffle and deal a hand (or lay out an explicit one); the non-dealer leads (ruling RQ-18)."""
        self.hand_number += 1
        self.dealer = dealer
        self.leader = 1 - dealer
        if deal is None:
            cards = list(_DEAL_ORDER)
            self.rng.shuffle(cards)
            nd = 1 - dealer
            hands: list[list[int]] = [[], []]
            hands[nd], hands[dealer] = cards[0:HAND_SIZE], cards[HAND_SIZE : 2 * HAND_SIZE]
            at = 2 * HAND_SIZE
            livret, turn_up = cards[at : at + LIVRET_SIZE], cards[at + LIVRET_SIZE]
            stock = cards[at + LIVRET_SIZE + 1 :]  # ruling RQ-1: 39 face down, the turn-up under them
        else:
            hands = [_ids(h) for h in deal["hands"]]
            livret, turn_up, stock = _ids(deal["livret"]), CARD_ID[deal["turn_up"]], _ids(deal["stock"])
        self._set_hands(hands)
        self._livret = livret
        self._turn_up = turn_up
        self._trump = _SUIT_ID[turn_up]  # ruling RQ-19
        self._stock = stock
        self._led = NO_CARD
        self._tricks = []
        self._won, self._played = [[], []], []
        self.phase = "play"
        self.melder = None
        self.table_taken = False
        self.melds_made = 0
        self.banked = [0, 0]
        self.melds = [[], []]
        self._known = [NO_CARD, NO_CARD]
        self._voids = [0, 0]
        self._pending.append(
            (8, dealer, self.hand_number, tuple(livret), turn_up, tuple(hands[0]), tuple(hands[1]))
        )

    # --- views -------------------------------------------------------------------------

    def event_words(self, event: Event) -> str:
        """The log's lines as a person reads them: the match's end names the winner's score first
        ("seat 1 wins the match, 107 to 78"); its logged text, which stays as it was (replays of older
        saves compare it), gave seat 0's first whoever won ("seat 1 wins the match, 78 to 107"). A
        combination laid down is "… for 2 points": its logged "… for 2" said nothing of what the 2 was.
        A card that leads a trick "leads" (a ``Lead``): every card "played", and a reader could not tell
        where a trick began. A hand's end names whose points are whose ("hand 1 ends: 26 to 12")."""
        scores = event.data.get("scores")
        text = super().event_words(event)
        if is_lead(event):  # "seat 1 plays 7♠" opened a trick as any other card was played
            return text.replace(" plays ", " leads ", 1)
        if event.kind == "hand_end" and event.to is None:
            # "hand 1 ends: 26 to 12; match 26 to 12" left the reader to guess which seat was first
            points, match = event.data.get("points"), event.data.get("scores")
            if (
                isinstance(points, Sequence)
                and isinstance(match, Sequence)
                and len(points) == len(match) == 2
            ):
                return (
                    f"hand {event.data.get('hand')} ends — seat 0: {points[0]}, seat 1: {points[1]}; "
                    f"match — seat 0: {match[0]}, seat 1: {match[1]}"
                )
        if event.kind == "meld" and text.endswith(f" for {event.data.get('points')}"):
            return f"{text} points"
        if event.kind == "match_end" and isinstance(scores, Sequence) and len(scores) == 2:
            a, b = scores
            if a == b:
                return f"the match is drawn at {a} all"
            win = 0 if a > b else 1
            return f"seat {win} wins the match, {scores[win]} to {scores[1 - win]}"
        return text

    def _situation(self) -> str:
        if self.phase == "over":
            outcome = self.outcome
            assert outcome is not None
            return "the match is drawn" if outcome.draw else f"seat {outcome.winners[0]} wins the match"
        # the hand's number and trumps are the view's own fields, which every table shows beside this
        # line ("Hand 1", "Trumps: ♣ clubs"): said here too, a phone's table read them twice
        # nor the seat to lead or follow and the card led, the decision's and the trick's: the web table
        # read "You to follow C♥" under "Your turn: play to C♥, following suit if you can"
        # and what the trick's winner may do (meld, or be done) is the prompt's, to that seat and the
        # others ("Waiting for Computer 1 to lay down a combination ..."): the news is who won
        if self.phase == "meld":
            return f"seat {self.current_player} won the trick"
        return ""

    def _prompt(self) -> tuple[str, str]:
        if self.phase == "meld":
            # the choice named as its action is ("done"), unquoted, as the other games name theirs ("or
            # pass"): at the web table it is a button's word, not a word to type
            return "meld", "lay down a combination (one table card may go into it), or be done"
        if self._led >= 0:
            # one clause: after "Your turn: " the web table read "follow C♥: follow suit if you can"
            return "play", f"play to {_SHOWN_ID[self._led]}, following suit if you can"
        return "play", "lead a card"

    def view(self, seat: int | None) -> View[RoquetExtra]:
        zones: list[Zone] = []
        known = self.known
        for s in (0, 1):
            hand = self._hand[s]
            if s == seat:
                cards: list[str | None] = [*_in_hand_order(hand)]
            else:
                cards = [*known[s], *[None] * (len(hand) - len(known[s]))]
            zones.append(Zone("hand", s, cards))
        zones.append(Zone("livret", None, _codes(self._livret), "the livret"))
        label = "the turn-up (may be melded)" if self.game.turn_up_melds else "the turn-up"  # ruling RQ-2
        turn_up = self._turn_up
        zones.append(Zone("turn_up", None, [CODES[turn_up]] if turn_up >= 0 else [], label))
        # the rules' stock counts the turn-up under it (40 at the deal, "cards left to draw"): this zone
        # is its face-down part, which a table named "the stock" with 39 cards beside "cards left to draw
        # 40", and a newcomer could not tell why
        zones.append(Zone("stock", None, [None] * len(self._stock), "the stock, face down"))
        for s in (0, 1):
            for m in self.melds[s]:
                zones.append(Zone("melds", s, [*m.cards], m.label))
        won, played = self._piles()
        for s in (0, 1):
            # the count is the zone's own (``tricks``), which the tables say ("4 tricks won"), as in every
            # game with tricks won: the label said it, and the others' "tricks won: 16 cards"
            zones.append(Zone("tricks_won", s, won[s], "tricks won", -1, len(won[s]) // TRICK_SIZE))
        tricks = self._tricks
        last = _gathered(tricks[-1]) if tricks else None
        roles: dict[int, list[str]] = {self.dealer: ["dealer"]}
        roles.setdefault(self.leader, []).append("leader")
        kind, prompt = self._prompt()
        return self.make_view(
            seat,
            extra=RoquetExtra(
                banked=list(self.banked),
                stock_size=self.stock_left(),
                known=known,
                table_taken=self.table_taken,
                melds_made=self.melds_made,
                voids=self.voids,
                played=played,
            ),
            zones=zones,
            situation=self._situation(),
            decision=kind,
            prompt=prompt,
            trick=trick_view(self.trick, self.leader, number=len(tricks) + 1)
            if self.phase == "play"
            else None,
            last_trick=trick_view(last.cards, last.leader, last.winner, len(tricks)) if last else None,
            trump=SUITS[self._trump],
            score_sheet=ScoreSheet(
                ["seat 0", "seat 1"],
                [ScoreRow(f"hand {i + 1}", [a, b]) for i, (a, b) in enumerate(self.sheet)],
            ),
            hand_number=self.hand_number,
            roles=roles,
            hand_sizes=[len(h) for h in self._hand],
        )

    def clone(self) -> RoquetState:
        """A copy for the searching players: field by field, as deep as each field is mutable (the
        combinations and the logged events are immutable and shared, the cards small ints), the game
        shared, the random source copied on its first draw. The engine's generic copy is several times
        slower."""
        if not _PLAIN_OBJECTS:
            return type(self)(self.game, None, self)
        other = object.__new__(type(self))
        vars(other).update(vars(self))
        other.match_scores = self.match_scores[:]
        other._hand = [self._hand[0][:], self._hand[1][:]]
        other._held = self._held[:]
        other._livret = self._livret[:]
        other._stock = self._stock[:]
        other._tricks = self._tricks[:]
        other._won = [self._won[0][:], self._won[1][:]]
        other._played = self._played[:]
        other.banked = self.banked[:]
        other.melds = [self.melds[0][:], self.melds[1][:]]
        other._known = self._known[:]
        other._voids = self._voids[:]
        other.sheet = self.sheet[:]
        other._events = self._events[:]
        other._pending = self._pending[:]
        other.rng = self.rng.copy()
        return other

    def _copy_fields(self, src: RoquetState) -> None:
        """``clone`` in the compiled build (mypyc): the same copy, field by field, for a class whose
        instances cannot be made blank with ``object.__new__`` nor copied through ``vars``."""
        for name, value in getattr(src, "__dict__", {}).items():  # fields of no declared type, if any
            setattr(self, name, value)
        self.game = src.game
        self.seed = src.seed
        self.rng = src.rng.copy()
        self._events = src._events[:]
        self._pending = src._pending[:]
        self._legal_cache = src._legal_cache
        self._range_cache = src._range_cache
        self._turn_up_melds = src._turn_up_melds
        self._max_sequence = src._max_sequence
        self._one_meld = src._one_meld
        self.match_scores = src.match_scores[:]
        self.hand_number = src.hand_number
        self.dealer = src.dealer
        self.leader = src.leader
        self._hand = [src._hand[0][:], src._hand[1][:]]
        self._held = src._held[:]
        self._livret = src._livret[:]
        self._turn_up = src._turn_up
        self._trump = src._trump
        self._stock = src._stock[:]
        self._led = src._led
        self._led_by = src._led_by
        self._tricks = src._tricks[:]
        self._won = [src._won[0][:], src._won[1][:]]
        self._played = src._played[:]
        self.phase = src.phase
        self.melder = src.melder
        self.table_taken = src.table_taken
        self.melds_made = src.melds_made
        self.banked = src.banked[:]
        self.melds = [src.melds[0][:], src.melds[1][:]]
        self._known = src._known[:]
        self._voids = src._voids[:]
        self.sheet = src.sheet[:]

    def inventory(self) -> Counter[str]:
        inv: Counter[str] = Counter()
        for h in self._hand:
            inv.update(_codes(h))
        inv.update(_codes(self._livret))
        inv.update(_codes(self._stock))
        if self._turn_up >= 0:
            inv[CODES[self._turn_up]] += 1
        inv.update(c for _, c in self.trick)
        for t in self.tricks:
            inv.update(c for _, c in t.cards)
        for ms in self.melds:
            for m in ms:
                inv.update(m.cards)
        return inv

    # --- what every reachable state satisfies (ruling RQ-22) -----------------------------------

    def check_invariants(self) -> None:
        """Refuse a state no play of Roquet reaches (a tampered save); each message names field and law."""
        super().check_invariants()
        # The cards are ids of the pack's cards (``_restore`` refuses other codes), but one may be
        # held twice and another lost.
        inventory = self.inventory()
        if inventory != PACK.counts():
            extra = sorted((inventory - PACK.counts()).elements())
            missing = sorted((PACK.counts() - inventory).elements())
            raise InvalidState(
                f"cards: the pack is not whole (twice: {echo(extra)}; missing: {echo(missing)})"
            )
        if self._turn_up >= 0 and _SUIT_ID[self._turn_up] != self._trump:
            raise InvalidState("trump: the turn-up's suit is trumps")
        self._check_log()
        self._check_tricks()
        self._check_turn()
        self._check_sizes()
        for seat in (0, 1):
            known = self._known[seat]
            if known >= 0 and (self._turn_up >= 0 or not self._held[seat] >> known & 1):
                raise InvalidState(f"known.{seat}: only the turn-up, drawn and still held, is known")
            if known >= 0 and _SUIT_ID[known] != self._trump:
                raise InvalidState(f"known.{seat}: the turn-up drawn is a trump")
            # (each suit once, in the order S H D C: the void sets are bits, checked so at a load)
            voids = self._voids[seat]
            if any(voids >> _SUIT_ID[c] & 1 for c in self._hand[seat]):
                raise InvalidState(f"voids.{seat}: a seat shown void has not drawn since, so holds none")
            for i, meld in enumerate(self.melds[seat]):
                found = classify(meld.cards, self.game.max_sequence)
                if found != (meld.kind, meld.points) or canonical(meld.cards) != meld.cards:
                    raise InvalidState(f"melds.{seat}.{i}: not the combination it claims, in canonical order")
            if self.banked[seat] != sum(m.points for m in self.melds[seat]):
                raise InvalidState(f"banked.{seat}: the points of the seat's combinations this hand")
        if self._known[0] >= 0 and self._known[1] >= 0:
            raise InvalidState("known: only one card, the turn-up, is ever known")
        self._check_scores()
        self._check_hand_log()

    def _check_hand_log(self) -> None:
        """What the log tells twice about the match and the hand in progress: each hand_end's hand
        and running scores, the match's end, and since the last deal the cards each seat was dealt
        and drew less those it played and laid down, the livret, the tricks and the card led, the
        combinations laid down (and this trick's), the turn-up known in a hand, the voids shown."""
        log = self.log
        run, ends, start, match_ends = [0, 0], 0, -1, []
        for i, e in enumerate(log):
            if e.to is not None:
                continue
            if e.kind == "score":
                run[e.data["seat"]] += e.data["points"]
            elif e.kind == "deal":
                start = i
            elif e.kind == "hand_end":
                ends += 1
                for key, want in (("hand", ends), ("scores", run)):
                    if e.data.get(key) != want:
                        raise InvalidState(
                            f"log.{i}.data.{key}: {echo(e.data.get(key))}, but the log before it gives {want}"
                        )
            elif e.kind == "match_end":
                match_ends.append(e.data)
        over = self.phase == "over"
        if len(match_ends) != int(over) or (match_ends and match_ends[0].get("scores") != self.match_scores):
            raise InvalidState(
                f"match_scores: {self.match_scores}, but the log ends the match "
                f"{echo([dict(m) for m in match_ends])}"
            )
        deal = log[start].data
        livret = list(deal.get("livret", ()))
        held: list[list[Any]] = [[], []]
        known: list[list[Any]] = [[], []]
        voids: list[list[str]] = [[], []]
        melds: list[list[tuple[list[Any], Any, Any]]] = [[], []]
        trick: list[tuple[Any, Any]] = []
        tricks: list[tuple[Any, list[Any]]] = []
        made, taken = 0, False
        for i in range(start + 1, len(log)):
            e = log[i]
            data, kind = e.data, e.kind
            seat: Any = data.get("seat")
            if e.to == RECORD or seat not in (0, 1) or isinstance(seat, bool):
                if kind == "trick" and e.to is None:
                    if data.get("cards") != [{"seat": s, "card": c} for s, c in trick]:
                        raise InvalidState(f"log.{i}.data.cards: not the cards the log plays to that trick")
                    tricks.append((data.get("winner"), [c for _, c in trick]))
                    trick, made, taken = [], 0, False
                elif kind == "livret" and e.to is None:
                    livret.append(data.get("card"))
                continue
            cards: Any = data.get("cards")
            if kind in ("hand", "draw") and e.to == seat:
                if not isinstance(cards, list):
                    raise InvalidState(f"log.{i}.data.cards: the cards seat {seat} is dealt or draws")
                held[seat] += cards
                if kind == "draw" and cards:
                    voids[seat] = []
            elif kind == "draw_turn_up" and e.to is None:
                card = data.get("card")
                held[seat].append(card)
                known[seat].append(card)
                voids[seat] = []
            elif kind == "play" and e.to is None:
                card = data.get("card")
                if trick and isinstance(card, str) and suit_of(card) != suit_of(trick[0][1]):
                    led = suit_of(trick[0][1])
                    if led not in voids[seat]:
                        voids[seat] = sorted([*voids[seat], led], key=SUITS.index)
                if card not in held[seat]:
                    raise InvalidState(
                        f"log.{i}.data.card: seat {seat} plays {echo(card)}, which it does not hold"
                    )
                held[seat].remove(card)
                if card in known[seat]:
                    known[seat].remove(card)
                trick.append((seat, card))
            elif kind == "meld" and e.to is None:
                if not isinstance(cards, list):
                    raise InvalidState(f"log.{i}.data.cards: the combination's cards")
                from_table = [c for c in cards if c not in held[seat]]
                for c in cards:
                    if c in held[seat]:
                        held[seat].remove(c)
                        if c in known[seat]:
                            known[seat].remove(c)
                if from_table != ([data.get("taken")] if data.get("taken") is not None else []):
                    raise InvalidState(
                        f"log.{i}.data.taken: the one card taken from the table is {from_table}"
                    )
                if from_table and from_table[0] in livret:
                    livret.remove(from_table[0])
                melds[seat].append((list(cards), data.get("kind"), data.get("points")))
                made, taken = made + 1, taken or bool(from_table)
        laid = [[(list(m.cards), m.kind, m.points) for m in ms] for ms in self.melds]
        for name, value, logged in (
            ("tricks", [(t.winner, [c for _, c in t.cards]) for t in self.tricks], tricks),
            ("trick", self.trick, trick),
            ("melds", laid, melds),
            ("melds_made", self.melds_made, made),
            ("table_taken", self.table_taken, taken),
            ("livret", self.livret, livret),
            ("known", self.known, known),
            ("voids", self.voids, voids),
        ):
            if value != logged:
                raise InvalidState(
                    f"{name}: {echo(value)}, but the log of hand {self.hand_number} gives {echo(logged)}"
                )
        for s in (0, 1):
            if Counter(self.hands[s]) != Counter(held[s]):
                raise InvalidState(
                    f"hands.{s}: not the cards the log deals and draws seat {s}, less those gone"
                )

    @staticmethod
    def _card_fields(d: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
        """The cards of a save's fields (checked against the schema), each field by its name."""
        fields = [("hands.0", list(d["hands"][0])), ("hands.1", list(d["hands"][1]))]
        fields += [("livret", list(d["livret"])), ("stock", list(d["stock"]))]
        fields += [("trick", [c for _, c in d["trick"]])]
        fields += [("turn_up", [d["turn_up"]] if d["turn_up"] is not None else [])]
        fields += [(f"tricks.{i}", [x["card"] for x in t["cards"]]) for i, t in enumerate(d["tricks"])]
        fields += [(f"melds.{s}", [c for m in d["melds"][s] for c in m["cards"]]) for s in (0, 1)]
        fields += [(f"known.{s}", list(d["known"][s])) for s in (0, 1)]
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
        taken = [c for s in (0, 1) for m in self.melds[s] for c in m.cards]
        known = self.known
        if (
            self.turn_up is None
            and turn_up not in known[0] + known[1] + taken
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
        return any(c == card for t in self.tricks for _, c in t.cards) or any(
            c == card for _, c in self.trick
        )

    def _check_tricks(self) -> None:
        """Each trick of the hand: led by the last one's winner (the first by the non-dealer), won rightly."""
        leader = 1 - self.dealer
        for i, t in enumerate(self.tricks):
            seats = [s for s, _ in t.cards]
            if t.leader != leader or seats != [leader, 1 - leader]:
                raise InvalidState(f"tricks.{i}: led by seat {leader}, the other seat following")
            winner = winner_of(t.cards, self.trump)
            if t.winner != winner:
                raise InvalidState(f"tricks.{i}: won by seat {winner}, not {t.winner}")
            leader = winner
        if self.leader != leader:
            raise InvalidState(
                f"leader: seat {leader} leads (the last trick's winner, or the non-dealer first)"
            )
        if self.trick and self.trick[0][0] != self.leader:
            raise InvalidState("trick: the leader's card comes first")

    def _check_turn(self) -> None:
        """The phase, the melder and the current trick agree."""
        if self.phase == "meld":
            if self.trick or not self.tricks or self.melder != self.tricks[-1].winner:
                raise InvalidState("melder: only the winner of the last trick melds, between tricks")
            if self.game.one_meld_a_trick and self.melds_made:
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
            # A hand ends as soon as a player holds no card after a trick (ruling RQ-14); the leader
            # may have played its last card to the trick in progress.
            to_hold = [1 - self.trick[0][0]] if self.trick else [0, 1]
            if any(not self.hands[s] for s in to_hold):
                raise InvalidState("hands: the hand ends as soon as a player holds no card")

    def _check_sizes(self) -> None:
        """Hands are made up from the stock after every trick; an explicit deal may start short."""
        if not self.game.turn_up_melds and self.turn_up is None and self.stock:
            raise InvalidState("turn_up: it is drawn as the stock's last card")
        # Past the first draw of a hand (every hand but an explicit first one is dealt full).
        drawn = (
            self.hand_number > 1 or len(self.tricks) > 1 or (len(self.tricks) == 1 and self.phase == "play")
        )
        if self.phase == "over" or not drawn:
            return
        if self.game.refill_to_eight and self.stock_left() > 0:
            played = {s for s, _ in self.trick}
            for seat in (0, 1):
                if self.phase == "play" and len(self.hands[seat]) + (seat in played) != HAND_SIZE:
                    raise InvalidState(f"hands.{seat}: made up to {HAND_SIZE} while the stock lasts")
                if self.phase == "meld" and seat != self.melder and len(self.hands[seat]) != HAND_SIZE - 1:
                    raise InvalidState(f"hands.{seat}: {HAND_SIZE - 1} cards after playing to the trick")
        if self.game.livret_refill and self.stock:
            short = 1 if self.phase == "meld" and self.table_taken else 0
            if not LIVRET_SIZE - short <= len(self.livret) <= LIVRET_SIZE:
                raise InvalidState(f"livret: made up to {LIVRET_SIZE} while the stock lasts")

    def _check_scores(self) -> None:
        """The match goes on until a hand ends with someone at the target and (unless ties draw) ahead."""
        if self.match_decided() != (self.phase == "over"):
            raise InvalidState("phase: the match is over exactly when a score reaches the target and leads")

    # --- saving ------------------------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        return {
            "match_scores": list(self.match_scores),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "leader": self.leader,
            "hands": self.hands,
            "livret": self.livret,
            "turn_up": self.turn_up,
            "trump": self.trump,
            "stock": _codes(self._stock),
            "trick": [[s, c] for s, c in self.trick],
            "tricks": [t.to_dict() for t in self.tricks],
            "phase": self.phase,
            "melder": self.melder,
            "table_taken": self.table_taken,
            "melds_made": self.melds_made,
            "banked": list(self.banked),
            "melds": [[m.to_dict() for m in ms] for ms in self.melds],
            "known": self.known,
            "voids": self.voids,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(RoquetSave, data, "state")
        # What the core cannot hold is refused first: a code of no card of the pack, a void set out of
        # order (the rest, a card twice or lost, a trick's seats... ``check_invariants`` says).
        for name, cards in self._card_fields(d):
            bad = [c for c in cards if not PACK.is_card(c)]
            if bad:
                raise InvalidState(f"{name}: {echo(bad[0])} is not a card of the Roquet pack")
        for seat, voids in enumerate(d["voids"]):
            if list(voids) != sorted(set(voids), key=SUITS.index):
                raise InvalidState(f"voids.{seat}: each suit once, in the order S H D C")
        self.match_scores = list(d["match_scores"])
        self.hand_number = d["hand_number"]
        self.dealer = d["dealer"]
        self.leader = d["leader"]
        self._set_hands([_ids(h) for h in d["hands"]])
        self._livret = _ids(d["livret"])
        self._turn_up = CARD_ID[d["turn_up"]] if d["turn_up"] is not None else NO_CARD
        self._trump = SUITS.index(d["trump"])
        self._stock = _ids(d["stock"])
        trick = d["trick"]
        self._led_by, self._led = (trick[0][0], CARD_ID[trick[0][1]]) if trick else (0, NO_CARD)
        self._tricks = [
            _pack_trick(
                t["leader"],
                (t["cards"][0]["seat"], CARD_ID[t["cards"][0]["card"]]),
                (t["cards"][1]["seat"], CARD_ID[t["cards"][1]["card"]]),
                t["winner"],
            )
            for t in d["tricks"]
        ]
        self._piles_from_tricks()
        self.phase = d["phase"]
        self.melder = d["melder"]
        self.table_taken = d["table_taken"]
        self.melds_made = d["melds_made"]
        self.banked = list(d["banked"])
        self.melds = [[Meld(tuple(m["cards"]), m["kind"], m["points"]) for m in ms] for ms in d["melds"]]
        self._known = [CARD_ID[k[0]] if k else NO_CARD for k in d["known"]]
        self._voids = [_ids_mask(SUITS.index(s) for s in v) for v in d["voids"]]
        self.sheet = []
        for e in self.log:
            if e.kind == "hand_end" and e.to is None:
                points = e.data.get("points")
                if not isinstance(points, list | tuple) or len(points) != PLAYERS:
                    raise InvalidState("log: a hand_end event gives the two seats' points")
                self.sheet.append((points[0], points[1]))
        self.log = marked_leads(self.log, ("deal", "trick"))  # a loaded log's leads say so again


class IdTables:
    """A game's action ids of the cards (by code and by card id) and of the combinations, with the
    bits and the text of each combination's id: what the id path reads at every action."""

    def __init__(self, game: RoquetGame) -> None:
        ids = game.id_space.ids
        self.play_ids: Mapping[str, int] = {c: ids[_PLAY_TEXT[c]] for c in PACK.cards}
        self.id_cards: Mapping[int, str] = {i: c for c, i in self.play_ids.items()}
        self.play_id_of: tuple[int, ...] = tuple(self.play_ids[c] for c in CODES)
        """Each card id's ``play <card>`` id."""
        self.id_card_of: dict[int, int] = {i: CARD_ID[c] for c, i in self.play_ids.items()}
        """The card id of each ``play <card>`` id."""
        melds = find_combinations(PACK.cards, (), game.max_sequence)
        self.meld_ids: Mapping[tuple[str, ...], int] = {m: ids["meld " + " ".join(m)] for m in melds}
        self.id_melds: Mapping[int, tuple[str, ...]] = {i: m for m, i in self.meld_ids.items()}
        self.id_meld_bits: dict[int, tuple[int, tuple[str, ...], str]] = {
            i: (_mask(m), m, "meld " + " ".join(m)) for i, m in self.id_melds.items()
        }
        """The bits, the cards and the text of each ``meld <cards>`` id."""
        self.done_id: int = ids["done"]


class RoquetGame(Game[RoquetState]):
    """Dana's Roquet adapted to the 60-card Bishops Whist pack."""

    name = "roquet"
    title = "Roquet (60-card pack)"
    min_players = PLAYERS
    max_players = PLAYERS
    pack = "roquet60"
    summary = (
        "Dana's two-handed game of tricks and melds: win a trick to lay down pairs, royal pairs, "
        "sequences and musters, borrowing one card from the face-up livret; first to 100."
    )
    option_specs = (
        Option(  # rulings RQ-15, RQ-16
            "target", 100, "match points that end the match at the end of a hand", minimum=1, maximum=10_000
        ),
        Option(  # ruling RQ-4
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
        Option(  # ruling RQ-2
            "turn_up",
            "table",
            "'table' = the turn-up may be taken as meld material like a livret card, and is otherwise "
            "drawn as the stock's last card; 'stock' = it is only the stock's last card",
            choices=("table", "stock"),
        ),
        Option(  # ruling RQ-7
            "melds_per_trick",
            "any",
            "how many combinations the trick winner may lay down after one trick ('any' or 'one')",
            choices=("any", "one"),
        ),
        Option(  # ruling RQ-9
            "max_sequence",
            DEFAULT_MAX_SEQUENCE,
            "the longest sequence laid as one combination (it scores one point a card)",
            minimum=DEFAULT_MAX_SEQUENCE,
            maximum=len(RANKS),
        ),
        Option(  # ruling RQ-17
            "tie",
            "play-on",
            "if both reach the target with equal scores: 'play-on' (another hand) or 'draw'",
            choices=("play-on", "draw"),
        ),
    )
    action_specs = (
        ActionSpec("play", ("card",), "lead or follow with a card: play 9H"),
        ActionSpec(
            "meld",
            ("cards",),
            "after winning a trick, lay down a combination; one card may be a table card: meld 7S 7H",
        ),
        ActionSpec("done", (), "stop melding (the hands are then made up from the stock)"),
    )
    action_aliases = MappingProxyType({"pass": "done"})
    view_extra = RoquetExtra
    hand_points_bounds = (0.0, 90.0)
    decision_kinds = ("play", "meld")
    seat_roles = ("dealer", "leader")
    zone_kinds = ("hand", "livret", "turn_up", "stock", "melds", "tricks_won")

    def action_words(self, action: str, view: View[Any] | None = None) -> str:
        """A combination to lay down as the meld zone names it once laid: "pair of sevens, 2 points"
        (the cards alone say it: the view is not needed)."""
        verb, _, rest = action.partition(" ")
        if verb != "meld" or not rest or not all(PACK.is_card(c) for c in rest.split()):
            return ""
        cards = canonical(rest.split())
        found = classify(cards, self.max_sequence)
        if found is None:
            return ""
        kind, points = found
        return f"{meld_name(cards, kind)}, {points} points"

    @property
    def value_scale(self) -> float:
        """The target: match scores near 1 as the match is decided."""
        return float(self.target)

    def extra_layout(self) -> Sequence[tuple[str, tuple[int, ...]]]:
        """Beyond the shared segments: each seat's points banked this hand (scored when it ends), in a
        meld moment whether the table card is taken and how many combinations are down, and the suits
        each seat has shown it lacks since it last drew."""
        return (("banked", (PLAYERS,)), ("meld_moment", (2,)), ("voids", (PLAYERS, len(SUITS))))

    def encode_extra(
        self, view: View[Any], out: Mapping[str, npt.NDArray[np.float32]], rel: Sequence[int]
    ) -> None:
        x: RoquetExtra = view.extra
        out["meld_moment"][:] = [x.table_taken, x.melds_made]
        for s in range(PLAYERS):
            out["banked"][rel[s]] = x.banked[s] / self.target
            for suit in x.voids[s]:
                out["voids"][rel[s], SUITS.index(suit)] = 1

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.target: int = self.options["target"]
        self.refill_to_eight: bool = self.options["refill"] == "eight"
        self.livret_refill: bool = self.options["livret_refill"]
        self.turn_up_melds: bool = self.options["turn_up"] == "table"
        """The turn-up as meld material (ruling RQ-2)."""
        self.one_meld_a_trick: bool = self.options["melds_per_trick"] == "one"
        self.max_sequence: int = self.options["max_sequence"]
        self.ties_draw: bool = self.options["tie"] == "draw"

    _tables: IdTables | None = None

    def id_tables(self) -> IdTables:
        """The action ids of the cards and combinations, made once (a plain field, not a cached
        property: compiled, a cached property is made again at every read)."""
        tables = self._tables
        if tables is None:
            tables = self._tables = IdTables(self)
        return tables

    @property
    def play_ids(self) -> Mapping[str, int]:
        """Each card's ``play <card>`` id in the action space."""
        return self.id_tables().play_ids

    @property
    def id_cards(self) -> Mapping[int, str]:
        """The card of each ``play <card>`` id."""
        return self.id_tables().id_cards

    @property
    def meld_ids(self) -> Mapping[tuple[str, ...], int]:
        """Each combination's ``meld <cards>`` id (its cards in canonical order)."""
        return self.id_tables().meld_ids

    @property
    def id_melds(self) -> Mapping[int, tuple[str, ...]]:
        """The combination of each ``meld <cards>`` id."""
        return self.id_tables().id_melds

    @property
    def done_id(self) -> int:
        return self.id_tables().done_id

    @property
    def notation(self) -> Notation:
        if self._notation is None:
            self._notation = RoquetNotation(
                self.action_specs, PACK.is_card, self.action_aliases, PACK.spelling
            )
        return self._notation

    def actions_of_kind(self, spec: ActionSpec) -> Sequence[str]:
        """A meld's texts: every combination the rules know (``find_combinations`` over the whole pack,
        with the ``max_sequence`` option): the pairs, the musters, then the sequences, shortest first,
        each in canonical order; the other kinds as the engine enumerates them."""
        if spec.kind != "meld":
            return super().actions_of_kind(spec)
        return ["meld " + " ".join(cards) for cards in find_combinations(PACK.cards, (), self.max_sequence)]

    def _blank_state(self) -> RoquetState:
        return RoquetState(self, 0)

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> RoquetState:
        """A new match. ``deal`` fixes the first hand; see the rules text for its format."""
        state = RoquetState(self, seed)
        if deal is None:
            dealer = state.rng.randrange(PLAYERS)  # ruling RQ-18: a cut decides the first dealer
            state.log.append(Event("cut", {"dealer": dealer, "text": f"seat {dealer} cuts low and deals"}))
            state._deal(dealer)
        else:
            laid_out, dealer = self._check_deal(deal, state.rng)
            state._deal(dealer, laid_out)
        return state

    DEAL_KEYS = frozenset({"hands", "livret", "turn_up", "stock", "dealer"})

    def _check_deal(self, deal: object, rng: Rng) -> tuple[dict[str, Any], int]:
        """The explicit first hand (ruling RQ-21), or ``InvalidDeal`` saying what is wrong (never
        another error)."""
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
        if not isinstance(raw_hands, list | tuple) or len(raw_hands) != PLAYERS:
            raise InvalidDeal(f"'hands' is a list of two hands (seat 0's, seat 1's), not {echo(raw_hands)}")
        hands = [_deal_cards(h, f"hand {i}", 1, HAND_SIZE) for i, h in enumerate(raw_hands)]
        livret = _deal_cards(deal["livret"], "the livret", 0, LIVRET_SIZE)
        turn_up = _deal_cards([deal["turn_up"]], "the turn-up", 1, 1)[0]
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in (0, 1):  # not 1.0
            raise InvalidDeal(f"dealer must be 0 or 1, not {echo(dealer)}")
        used = [*hands[0], *hands[1], *livret, turn_up]
        twice = sorted({c for c in used if used.count(c) > 1})
        if twice:
            raise InvalidDeal(f"{', '.join(twice)} dealt twice (the pack has one of each card)")
        if "stock" in deal:
            _deal_cards(deal["stock"], "the stock", 0, len(PACK))
        stock = stock_for(PACK, deal, used, rng, "in the hands, livret or turn-up")
        return {"hands": hands, "livret": livret, "turn_up": turn_up, "stock": stock}, int(dealer)

    def determinize(self, view: View[Any], rng: Rng) -> RoquetState:
        """A full state matching ``view``: the opponent's unknown cards and the stock dealt afresh by
        the exact sampler. The opponent never receives a card of a suit it has shown void since its
        last draw; the turn-up it drew stays in its hand."""
        seat = view.seat
        if seat is None:
            raise ValueError("determinize needs a seat's view")
        extra: RoquetExtra = view.extra
        opp = 1 - seat
        state = RoquetState(self, rng.randrange(2**62))
        state.match_scores = [int(s) for s in view.scores]
        state.hand_number = view.hand_number or 1
        state.dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
        state.leader = next(s.seat for s in view.seats if "leader" in s.roles)
        livret = view.zone("livret")
        state._livret = _ids(livret.face_up) if livret is not None else []
        turn_up = view.zone("turn_up")
        state._turn_up = CARD_ID[turn_up.face_up[0]] if turn_up is not None and turn_up.face_up else NO_CARD
        trump = state._trump = SUITS.index(view.trump or "S")
        if view.trick is not None and view.trick.plays:
            first = view.trick.plays[0]
            state._led_by, state._led = first.seat, CARD_ID[first.card]
        leader = 1 - state.dealer
        played = _ids(extra.played)
        suits = _SUIT_ID
        for i in range(0, len(played), TRICK_SIZE):
            led, answer = played[i], played[i + 1]
            wins = answer > led if suits[answer] == suits[led] else suits[answer] == trump  # ruling RQ-12
            winner = 1 - leader if wins else leader
            state._tricks.append(_pack_trick(leader, (leader, led), (1 - leader, answer), winner))
            leader = winner
        state._piles_from_tricks()
        if view.outcome is not None:
            state.phase = "over"
        elif view.decision is not None and view.decision.kind == "meld":
            state.phase, state.melder = "meld", view.to_move
        state.table_taken = extra.table_taken
        state.melds_made = extra.melds_made
        state.banked = list(extra.banked)
        for zone in view.zones_of("melds"):
            assert zone.owner is not None
            cards = tuple(zone.face_up)
            found = classify(cards, self.max_sequence)
            assert found is not None, zone
            state.melds[zone.owner].append(meld_of(cards, *found))
        state._known = [CARD_ID[k[0]] if k else NO_CARD for k in extra.known]
        state._voids = [_ids_mask(SUITS.index(s) for s in v) for v in extra.voids]
        if view.score_sheet is not None:
            state.sheet = [(int(r.values[0]), int(r.values[1])) for r in view.score_sheet.rows]
        state.log = [score_event(s, p, "so far") for s, p in enumerate(state.match_scores) if p]
        own = _ids(view.hand)
        seen = _ids_mask(own) | _ids_mask(state._livret) | _ids_mask(played)
        if state._turn_up >= 0:
            seen |= 1 << state._turn_up
        if state._led >= 0:
            seen |= 1 << state._led
        for ms in state.melds:
            for m in ms:
                seen |= _mask(m.cards)
        opp_known = [state._known[opp]] if state._known[opp] >= 0 else []
        seen |= _ids_mask(opp_known)
        unseen = [CODES[c] for c in _UNSEEN_ORDER if not seen >> c & 1]
        held = view.seats[opp].hand_size or 0
        void = set(_VOID_SUITS[state._voids[opp]])
        try:
            opp_cards, stock = deal_unseen(
                unseen, [held - len(opp_known), len(unseen) - held + len(opp_known)],
                lambda place, card: place == 1 or suit_of(card) not in void, rng,
            )  # fmt: skip
        except NoDeal as exc:
            raise ValueError(f"the view contradicts itself: {exc}") from None
        stock_ids = _ids(stock)
        rng.shuffle(stock_ids)  # the sampler deals class by class: the stock's order must be drawn afresh
        hands: list[list[int]] = [[], []]
        hands[seat], hands[opp] = own, opp_known + _ids(opp_cards)
        state._set_hands(hands)
        state._stock = stock_ids
        return state


_PLAIN_OBJECTS: Final = makes_blank(RoquetState)
"""Whether ``clone`` may make a blank state with ``object.__new__`` (pure) or only by ``__init__``."""
