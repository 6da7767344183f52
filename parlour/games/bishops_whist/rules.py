"""Bishops Whist (A. T. Dana, 1899): whist for four with castle-aces, bishops and suitless knights.

The rules live here and nowhere else: the computer players ask this module (``lawful_cards``,
``knights_revoke``, ``winning_play``, ``ShownOut``...) rather than copy it. Seats sit clockwise in
``order``; each seat's left-hand neighbour is the next seat in it. Partnerships are fixed (seats 0 and 2
against 1 and 3, "by mutual choice") or cut for; the first dealer is always cut for. Every ruling on a
point the source leaves open is recorded in docs/rulings.md and named here, by its id, where it is
carried out.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from types import MappingProxyType
from typing import Any, ClassVar, Final, TypeVar

import numpy as np
import numpy.typing as npt

from parlour.cards import BISHOPS_WHIST, SUIT_NAMES, SUITS
from parlour.engine import Event, Game, InvalidDeal, InvalidState, Option, Rng, State
from parlour.engine.actions import Action, ActionSpec, AmountRange
from parlour.engine.copying import makes_blank
from parlour.engine.draws import below as draw_below
from parlour.engine.draws import shuffle as draw_shuffle
from parlour.engine.errors import echo
from parlour.engine.game import RECORD, Outcome
from parlour.engine.saves import checked
from parlour.engine.views import (
    Play,
    ScoreRow,
    ScoreSheet,
    TrickView,
    View,
    Zone,
    ZoneKind,
    play,
)
from parlour.games.bishops_whist.schema import BishopsWhistExtra as BishopsWhistExtra
from parlour.games.bishops_whist.schema import BishopsWhistSave as BishopsWhistSave
from parlour.games.bishops_whist.schema import TrickSave as TrickSave
from parlour.mechanics import Lead, deal_unseen, hand_end_event, highest, is_lead, marked_leads, score_event

# --- the pack and the table -----------------------------------------------------------------------------

KNIGHT: Final = "N"
"""The suitless knight (four in the pack, all alike)."""
BISHOP: Final = "B"
"""The bishop's rank letter (``BH`` is the bishop of hearts; the bishop of trumps is the cardinal)."""
SEATS: Final = 4
HAND_SIZE: Final = 13
DEALT: Final = SEATS * HAND_SIZE - 1
"""The cards dealt one at a time, the turn-up being the dealer's thirteenth (ruling BW-6)."""
_UNDEALT: Final = [0, 0, 0, 0]
"""Four empty hands as bits: what a view shows of an explicit deal's hands before trumps are named."""
"""Cards dealt to each player: the dealer's thirteenth is the turn-up (ruling BW-6)."""
TRICKS: Final = HAND_SIZE
"""Tricks in a hand."""
KNIGHTS_TRICK: Final = TRICKS
"""The thirteenth and last trick, the knight's trick: there the last knight played wins (ruling BW-13)."""
LIFT_MORE_THAN: Final = 4
"""The cut for trumps lifts more than four cards, and leaves more than four beneath (ruling BW-5)."""
RANK_VALUE: Final[Mapping[str, int]] = {
    "C": 14, "K": 13, "Q": 12, "B": 11, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2,
}  # fmt: skip
"""The rank of a suited card within its suit (the castle-ace highest)."""
TEN: Final = 10
"""What a knight ranks as in a plain suit that leads (ruling BW-10), and in the cut for deal."""
_CUT_VALUE: Final[dict[str, int]] = {**RANK_VALUE, KNIGHT: TEN}
CUT_VALUE: Final[Mapping[str, int]] = _CUT_VALUE
ORDER: Final[Mapping[str, int]] = {c: i for i, c in enumerate(BISHOPS_WHIST.cards)}
"""Each card's place in the pack: suits S H D C, each from the highest."""

DECISION_KINDS = ("play", "trump", "review", "claim")
"""The decisions a view names (``BishopsWhistState._decision``): play a card, name trumps after a
knight is turned, let a card stand or correct a revoke, claim a revoke at the hand's end."""

# --- scoring ---------------------------------------------------------------------------------------------

TARGET: Final = 25
"""Points that win the game."""
BOOK: Final = 6
"""Each trick over six scores a point."""
BISHOP_POINTS: Final = 2
"""Each bishop in a side's tricks."""
BISHOP_CUT_POINTS: Final = 1
"""The dealer's side scores a point when a bishop is turned for trumps (ruling BW-7)."""
EXPOSED_CARD_PENALTY: Final = 2
"""Table laws: an exposed card costs its side two points (ruling BW-16)."""
REVOKE_PENALTY: Final = 4
"""Table laws: each revoke found on a claim costs the revoking side four points (ruling BW-15)."""
HAND_POINTS = (
    -2 * (TRICKS - 1) * (REVOKE_PENALTY + EXPOSED_CARD_PENALTY) - 2 * TRICKS * EXPOSED_CARD_PENALTY,
    (TRICKS - BOOK) + SEATS * BISHOP_POINTS + BISHOP_CUT_POINTS,
)
"""A side's points in one hand: 16 at most (7 tricks, 4 bishops, the bishop cut); at worst, under table
laws, a revoke and an exposed card a trick (tricks 1-12) and an exposed card in the 13th for each
partner, and a corrected revoke a trick (ruling BW-24): -196."""
HAND_LIMIT_MAX = 1000  # ruling BW-25: every match ends
MISDEALS: Mapping[str, str] = {
    "II": "the dealer dealt before naming trumps when a knight was turned",
    "III": "the dealer reunited the packets without putting the lifted packet underneath",
    "IV": "the dealer faced a card under the trump card in raising it",
    "V": "the last card of the pack did not fall to the dealer's right-hand opponent",
    "VI": "the dealer dealt a card face up",
}
PHASE_TRUMP: Final = "trump"
PHASE_PLAY: Final = "play"
PHASE_REVIEW: Final = "review"
PHASE_CLAIM: Final = "claim"
PHASE_OVER: Final = "over"
PHASE_DEAL: Final = "deal"
"""No phase of the game, and never seen outside the state: a seeded match between two hands whose next
deal is not made yet (``BishopsWhistState._deal_now``)."""
PLAY: Final[Mapping[str, str]] = {c: f"play {c}" for c in BISHOPS_WHIST.cards}
PLAY_TEXT: Final = [{c: f"seat {s} plays {c}" for c in BISHOPS_WHIST.cards} for s in range(SEATS)]
PLAY_KNIGHT: Final = PLAY[KNIGHT]
_new_tuple: Final = tuple.__new__
T = TypeVar("T")
"""Makes an ``Event`` of a fresh dict made read-only here, without ``Event.__new__``'s checks (hot paths)."""


# --- the laws, by name (the rules and the players both ask these) -------------------------------------------


def suit_of(card: str) -> str | None:
    """The suit of a card; a knight belongs to no suit."""
    return None if card == KNIGHT else card[-1]


def is_bishop(card: str) -> bool:
    return card != KNIGHT and card[0] == BISHOP


BISHOP_CARDS: Final = frozenset(c for c in BISHOPS_WHIST.cards if is_bishop(c))
TRUMP_RANK: Final[Mapping[str, int]] = {c: 100 + RANK_VALUE[c[0]] for c in BISHOPS_WHIST.cards if c != KNIGHT}
"""A suited card's rank when it is a trump: above every card of a plain suit (``_gather``)."""
_FACTS: Final = frozenset({"score", "turn_up", "trick", "hand_end", "table", "match_end"})
"""The kinds of logged event that ``BishopsWhistState._check_log`` reads over the whole match."""


# --- the integer core: cards as ids, hands as bit sets ------------------------------------------------------
# The state keeps each hand as one int; the rules below answer on those bits, and the text (``play 9H``),
# the log and the views are made from them at the edge. A card's id is its place among the pack's distinct
# codes: 0-47 the suited cards, suit by suit (S H D C), each suit from the castle-ace down (so a lower id
# of a suit is a higher card), 48 the knight. The id of ``play <card>`` in the action space is the card's
# id (the play block comes first; ``tests/test_bishops_whist_core.py`` checks it).

CARD_CODES: Final[tuple[str, ...]] = tuple(dict.fromkeys(BISHOPS_WHIST.cards))
"""Each distinct card code, at its id."""
_CARD_ID: Final[dict[str, int]] = {c: i for i, c in enumerate(CARD_CODES)}
"""``CARD_ID`` as a dict, for the hot paths (compiled, a dict's look-up is direct, a ``Mapping``'s
generic); likewise ``_SUIT_INDEX``, ``_PLAY_ID`` and ``_CUT_VALUE``."""
CARD_ID: Final[Mapping[str, int]] = _CARD_ID
KNIGHT_ID: Final = CARD_ID[KNIGHT]
SUIT_SIZE: Final = 12
KNIGHTS_SHIFT: Final = KNIGHT_ID
"""A hand's bits: bit ``id`` for each suited card held, and its number of knights (all alike) from this
bit up: ``held >> KNIGHTS_SHIFT`` knights."""
CARD_BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(KNIGHT_ID + 1))
"""What a card adds to a hand's bits (a knight: one more in the knights' count)."""
KNIGHT_BIT: Final = CARD_BIT[KNIGHT_ID]
_SUIT_INDEX: Final[dict[str, int]] = {s: i for i, s in enumerate(SUITS)}
SUIT_INDEX: Final[Mapping[str, int]] = _SUIT_INDEX
SUIT_MASK: Final[tuple[int, ...]] = tuple(
    ((1 << SUIT_SIZE) - 1) << (SUIT_SIZE * i) for i in range(len(SUITS))
)
SUITED_MASK: Final = (1 << KNIGHT_ID) - 1
BISHOP_ID: Final[tuple[int, ...]] = tuple(CARD_ID[BISHOP + s] for s in SUITS)
BISHOP_BIT: Final[tuple[int, ...]] = tuple(1 << b for b in BISHOP_ID)
SUIT_OF_ID: Final[tuple[int, ...]] = (*(i // SUIT_SIZE for i in range(KNIGHT_ID)), -1)
"""The suit index of a card id; -1 for the knight."""
PLAY_TEXTS: Final[tuple[str, ...]] = tuple(f"play {c}" for c in CARD_CODES)
"""``play <card>`` at the card's id (its action id too)."""
_PLAY_ID: Final[dict[str, int]] = {t: i for i, t in enumerate(PLAY_TEXTS)}
PLAY_ID: Final[Mapping[str, int]] = _PLAY_ID
_RUNS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(SUIT_SIZE * s + b for b in range(SUIT_SIZE) if m >> b & 1) for m in range(1 << SUIT_SIZE))
    for s in range(len(SUITS))
)
"""For each suit, the ids of the cards whose bits (shifted down to 0-11) are set: a hand's ids in four
look-ups."""
_TEXT_RUNS: Final[tuple[tuple[tuple[str, ...], ...], ...]] = tuple(
    tuple(tuple(PLAY_TEXTS[i] for i in run) for run in runs) for runs in _RUNS
)
"""The same as ``play <card>`` texts: the legal texts made without a text per card."""
_CODE_RUNS: Final[tuple[tuple[tuple[str, ...], ...], ...]] = tuple(
    tuple(tuple(CARD_CODES[i] for i in run) for run in runs) for runs in _RUNS
)
"""The same as card codes: a hand's codes (a view's own hand) in four look-ups."""
BISHOP_RANK: Final = RANK_VALUE[BISHOP]
RANK_OF_ID: Final[tuple[int, ...]] = (*(RANK_VALUE[c[0]] for c in CARD_CODES[:KNIGHT_ID]), TEN)
"""``card_value`` of a card id: a suited card's rank within its suit, the knight's as a ten."""
_PACK: Final[tuple[str, ...]] = tuple(BISHOPS_WHIST.cards)
"""The pack in its order before a shuffle (the cut for the table shuffles it)."""
_PACK_BITS: Final[tuple[int, ...]] = tuple(CARD_BIT[CARD_ID[c]] for c in _PACK)
"""The same cards as their bits in a hand (a deal shuffles these: ``_new_hand``)."""
_CODE_OF_BIT: Final[dict[int, str]] = {CARD_BIT[i]: c for i, c in enumerate(CARD_CODES)}


def _played(seat: int, card_id: int, leads: bool) -> tuple[Event, Event]:
    """The record's action and the ``play`` event of ``seat`` playing the card ``card_id`` (a ``Lead``
    if it ``leads`` the trick: the same logged event, which the log words "leads")."""
    card = CARD_CODES[card_id]
    action = Event("action", {"seat": seat, "action": PLAY_TEXTS[card_id]}, RECORD)
    return action, (Lead if leads else Event)(
        "play", {"seat": seat, "card": card, "text": PLAY_TEXT[seat][card]}
    )


LEADS: Final = SEATS << 6
"""Set on ``_pending``'s entry for a card played that leads its trick."""
_PLAYED: Final[tuple[tuple[Event, ...], ...]] = tuple(
    _played(p >> 6 & (SEATS - 1), p & 63, p >= LEADS) if p & 63 <= KNIGHT_ID else () for p in range(2 * LEADS)
)
"""The two events a card played logs, at ``seat << 6 | card id`` (``_pending``'s entry for it; ``| LEADS``
for a lead): made once, and shared by every log that holds them, as a clone's log shares its events (they
are immutable)."""


def ids_of(held: int) -> list[int]:
    """The distinct card ids of a hand's bits, ascending (pack order, the knight last)."""
    low = (1 << SUIT_SIZE) - 1
    ids = [*_RUNS[0][held & low], *_RUNS[1][held >> 12 & low], *_RUNS[2][held >> 24 & low]]
    ids += _RUNS[3][held >> 36 & low]
    if held >> KNIGHTS_SHIFT:
        ids.append(KNIGHT_ID)
    return ids


def codes_of(held: int) -> list[str]:
    """A hand's cards as codes in pack order, every knight (last) counted."""
    low = (1 << SUIT_SIZE) - 1
    runs = _CODE_RUNS
    codes = [*runs[0][held & low], *runs[1][held >> 12 & low], *runs[2][held >> 24 & low]]
    codes += runs[3][held >> 36 & low]
    if held >> KNIGHTS_SHIFT:
        codes += [KNIGHT] * (held >> KNIGHTS_SHIFT)
    return codes


def bits_of(cards: Iterable[str]) -> int:
    """A hand's bits from its codes (a suited card held twice cannot be: ``_restore`` checks first)."""
    held = 0
    for c in cards:
        held += CARD_BIT[_CARD_ID[c]]
    return held


def cards_in(held: int) -> int:
    """How many cards a hand's bits hold."""
    return (held & SUITED_MASK).bit_count() + (held >> KNIGHTS_SHIFT)


def knights_revoke_open(suited: int, held: int, suit: int) -> bool:
    """``knights_revoke`` on bits: the only card of the suit led (``suited``, the hand's bits of it) is
    its bishop, and a knight is held to play in its place (ruling BW-9)."""
    return suited == BISHOP_BIT[suit] and held >> KNIGHTS_SHIFT > 0


def lawful_ids(held: int, lead: int) -> list[int]:
    """``lawful_cards`` on bits: the ids a hand may play when ``lead`` is the id led (-1: it leads)."""
    return _lawful(held, lead, _RUNS, KNIGHT_ID)


def lawful_texts(held: int, lead: int) -> list[str]:
    """The same as ``play <card>`` texts (the legal actions in play)."""
    return _lawful(held, lead, _TEXT_RUNS, PLAY_KNIGHT)


def _lawful(held: int, lead: int, runs: tuple[tuple[tuple[T, ...], ...], ...], knight: T) -> list[T]:
    """``lawful_ids`` with each card as ``runs`` gives it (``knight``: the knight)."""
    if lead >= 0 and lead != KNIGHT_ID:  # not a lead, nor the irregular trick (ruling BW-12)
        suit = SUIT_OF_ID[lead]
        suited = held & SUIT_MASK[suit]
        if suited:  # holding the suit led, no knight (ruling BW-9), but for the knight's revoke
            out = list(runs[suit][suited >> SUIT_SIZE * suit])
            if knights_revoke_open(suited, held, suit):
                out.append(knight)
            return out
    # A lead, the irregular trick, or void in the suit led: any card (rulings BW-8, BW-12).
    low = (1 << SUIT_SIZE) - 1
    out = [*runs[0][held & low], *runs[1][held >> 12 & low], *runs[2][held >> 24 & low]]
    out += runs[3][held >> 36 & low]
    if held >> KNIGHTS_SHIFT:
        out.append(knight)
    return out


def mask_ids(mask: int) -> list[int]:
    """The ids of a mask's bits (``lawful_mask``), ascending: compiled, a loop of machine-int steps
    (faster there than ``_lawful``'s tables, whose objects lie far apart in memory)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask -= low
    return out


def lawful_mask(held: int, lead: int) -> int:
    """The lawful ids of ``lawful_ids`` as bits (the knight at bit ``KNIGHT_ID``)."""
    suited_held = held & SUITED_MASK
    knight = KNIGHT_BIT if held >> KNIGHTS_SHIFT else 0
    if lead < 0 or lead == KNIGHT_ID:
        return suited_held | knight
    suit = SUIT_OF_ID[lead]
    suited = held & SUIT_MASK[suit]
    if not suited:
        return suited_held | knight
    if knights_revoke_open(suited, held, suit):
        return suited | KNIGHT_BIT
    return suited


def knight_ranks_ten(held: int, lead: int, position: int, trump: int, void_ten: bool) -> bool:
    """Whether a knight played now from ``held`` ranks as a ten (``knight_may_rank_ten`` and ruling
    BW-10 on ids; ``trump`` a suit index or -1): under ``void_knight=revoke-only`` only in a knight's
    revoke, the hand holding no card of the suit led but its bishop (a knight played while it holds
    others is a plain revoke, table laws only, and ranks as nothing)."""
    if position == 0 or lead == KNIGHT_ID or SUIT_OF_ID[lead] == trump:
        return False
    suit = SUIT_OF_ID[lead]
    return void_ten or held & SUIT_MASK[suit] == BISHOP_BIT[suit]


def suited_winner(ids: list[int], trump: int) -> int:
    """The position of the card that takes a trick of suited cards only (``winning_play`` for most
    tricks): the highest trump, else the highest card of the suit led. Within a suit a lower id is a
    higher card, and suited cards never tie."""
    led = SUIT_OF_ID[ids[0]]
    best, best_key = 0, -1
    for i, c in enumerate(ids):
        suit = SUIT_OF_ID[c]
        key = (200 if suit == trump else 100 if suit == led else 0) - c % SUIT_SIZE
        if key > best_key:
            best, best_key = i, key
    return best


def winner_ids(ids: list[int], as_ten: list[bool], trump: int, last: bool, irregular_leader: bool) -> int:
    """``winning_play`` on ids, for any trick (knights in it too): the position of the card that holds
    it; ``trump`` a suit index or -1, ``as_ten[i]`` whether a knight at ``i`` ranks as a ten."""
    if last:  # ruling BW-13: the last knight played wins the knight's trick
        for i in range(len(ids) - 1, -1, -1):
            if ids[i] == KNIGHT_ID:
                return i
    best, best_rank = -1, -1
    if trump >= 0:  # a trump always wins, the irregular trick too (ruling BW-12); trumps never tie
        for i, c in enumerate(ids):
            if SUIT_OF_ID[c] == trump and RANK_OF_ID[c] > best_rank:
                best, best_rank = i, RANK_OF_ID[c]
        if best >= 0:
            return best
    if ids[0] == KNIGHT_ID:
        # Ruling BW-12: the first suited card sets the suit; knights have no rank there. A trick of
        # knights only, or every irregular trick under irregular_trick=leader, goes to the leader.
        led = next((SUIT_OF_ID[c] for c in ids if c != KNIGHT_ID), -1)
        if irregular_leader or led < 0:
            return 0
        for i, c in enumerate(ids):
            if SUIT_OF_ID[c] == led and RANK_OF_ID[c] > best_rank:
                best, best_rank = i, RANK_OF_ID[c]
        return best
    led = SUIT_OF_ID[ids[0]]
    for i, c in enumerate(ids):
        # Ruling BW-11: of two knights ranking as tens, the later wins (suited cards never tie).
        if (as_ten[i] or SUIT_OF_ID[c] == led) and RANK_OF_ID[c] >= best_rank:
            best, best_rank = i, RANK_OF_ID[c]
    return best


def card_value(card: str) -> int:
    """A card's rank for the trick it may take: a knight as its ten (where it ranks at all)."""
    return TEN if card == KNIGHT else RANK_VALUE[card[0]]


def is_knights_trick(number: int) -> bool:
    """The thirteenth trick, where knights outrank every card (ruling BW-13)."""
    return number == KNIGHTS_TRICK


def is_irregular(lead: str) -> bool:
    """A trick led by a knight: every player may play any card (ruling BW-12)."""
    return lead == KNIGHT


def is_bishop_cut(turn_up: str) -> bool:
    """A bishop turned for trumps scores the dealer's side a point, once the deal stands (ruling BW-7)."""
    return is_bishop(turn_up)


def knights_revoke(suited: Sequence[str], hand: Sequence[str]) -> bool:
    """Whether the knight's revoke is open: the player's only card of the suit led (``suited``) is its
    bishop, and he holds a knight to play in its place (ruling BW-9). It carries no penalty, in
    trumps too, and may be made again while knights last."""
    return len(suited) == 1 and suited[0][0] == BISHOP and KNIGHT in hand


def lawful_cards(hand: Sequence[str], lead: str | None) -> list[str]:
    """The distinct cards of ``hand`` (in its order) that keep the law of following suit, when ``lead``
    is the card led to the trick (``None``: the player leads)."""
    cards = list(dict.fromkeys(hand))
    if lead is None or is_irregular(lead):
        return cards  # a lead, or the irregular trick: any card (ruling BW-12)
    led = lead[-1]
    suited = [c for c in cards if c[-1] == led]
    if not suited:
        return cards  # void in the suit led: any card, a knight or not (ruling BW-8)
    if knights_revoke(suited, hand):
        return [suited[0], KNIGHT]
    return suited  # holding the suit led, a knight may not be played (ruling BW-9)


def knight_may_rank_ten(lead: str, position: int, trump: str | None) -> bool:
    """Whether a knight played ``position``-th (0: led) to a trick led by ``lead`` can rank as a ten: only
    in a plain suit that leads (ruling BW-10); never in trumps, never in the irregular trick."""
    return position > 0 and not is_irregular(lead) and suit_of(lead) != trump


def winning_play(
    plays: Sequence[tuple[int, str]],
    as_ten: Sequence[bool],
    trump: str | None,
    *,
    last: bool,
    irregular_leader: bool,
) -> tuple[int, str]:
    """The ``(seat, card)`` that holds a trick of ``plays`` (finished or not); ``as_ten[i]`` says whether
    a knight at ``plays[i]`` ranks as a ten, ``last`` whether it is the knight's trick."""
    if last:
        knights = [p for p in plays if p[1] == KNIGHT]
        if knights:
            return knights[-1]  # ruling BW-13: the last knight played wins the knight's trick
    trumps = [p for p in plays if p[1][-1] == trump]  # a knight's code ends in no suit letter
    if trumps:
        return highest(trumps, card_value)  # a trump always wins, the irregular trick too (ruling BW-12)
    lead = plays[0][1]
    if is_irregular(lead):
        # Ruling BW-12: the first suited card sets the suit; knights have no rank there. A trick of
        # knights only, or every irregular trick under irregular_trick=leader, goes to the leader.
        suited = [p for p in plays if p[1] != KNIGHT]
        if irregular_leader or not suited:
            return plays[0]
        led = suited[0][1][-1]
        return highest([p for p in suited if p[1][-1] == led], card_value)
    led = lead[-1]
    candidates = [p for p, ten in zip(plays, as_ten, strict=True) if ten or p[1][-1] == led]
    # Ruling BW-11: of two knights ranking as tens, the later wins (suited cards never tie).
    return highest(candidates, card_value, ties="last")


class ShownOut:
    """What the play has shown of the suits each seat may still hold, under strict laws (where nobody
    revokes): a seat that played a suited card off the suit led holds none of it; a seat that played a
    knight on it holds at most the bishop (a knight's revoke, ruling BW-9, or a discard: ruling BW-8)."""

    def __init__(self) -> None:
        self.barred: list[dict[str, bool]] = [{} for _ in range(SEATS)]
        """Per seat: suit shown out of -> whether its bishop may still be held."""

    @classmethod
    def of(cls, tricks: Iterable[Sequence[tuple[int, str]]]) -> ShownOut:
        shown = cls()
        for plays in tricks:
            shown.see(plays)
        return shown

    def see(self, plays: Sequence[tuple[int, str]]) -> None:
        """Read one trick (or the trick on the table)."""
        if not plays or is_irregular(plays[0][1]):
            return
        led = plays[0][1][-1]
        for seat, card in plays[1:]:
            if card[-1] != led:
                barred = self.barred[seat]
                barred[led] = barred.get(led, True) and card == KNIGHT

    def may_hold(self, seat: int, card: str) -> bool:
        suit = suit_of(card)
        if suit is None:
            return True
        barred = self.barred[seat]
        return suit not in barred or (barred[suit] and card[0] == BISHOP)

    def void(self, seat: int) -> set[str]:
        """The suits ``seat`` cannot hold at all."""
        return {suit for suit, bishop in self.barred[seat].items() if not bishop}

    def bishop_only(self, seat: int) -> set[str]:
        """The suits of which ``seat`` may hold only the bishop."""
        return {suit for suit, bishop in self.barred[seat].items() if bishop}


_TRICKS_WON: itertools.repeat[ZoneKind] = itertools.repeat("tricks_won")
_NO_LABELS = itertools.repeat("")
_HANDS: itertools.repeat[ZoneKind] = itertools.repeat("hand")
_HIDDEN: dict[tuple[int, int], Zone] = {}
"""A seat's hand of so many cards, all face down, as a view shows it: immutable, made once and shared."""
_NONE_SHOWN: Final[tuple[tuple[str, ...], ...]] = ((),) * SEATS
"""No card exposed or withdrawn at any seat: shared by the views (immutable)."""


def _by_seat(shown: list[list[Any]]) -> tuple[tuple[str, ...], ...]:
    """The cards of ``(seat, card)`` pairs, seat by seat (exposed or withdrawn cards, in a view)."""
    return tuple(tuple(c for s, c in shown if s == x) for x in range(SEATS))


def _hidden_hand(seat: int, size: int) -> Zone:
    zone = _HIDDEN[(seat, size)] = Zone("hand", seat, (None,) * size, "", size)
    return zone


_DEALER: Final = ("dealer",)
"""The dealer's roles in a view: a tuple, so that the engine can reuse the seats it made (``make_view``)."""


def quitted_tricks(view: View[BishopsWhistExtra]) -> list[TrickView]:
    """The hand's quitted tricks, every one of them (ruling BW-19), rebuilt from a view."""
    extra = view.extra
    order, cards = extra.order, extra.trick_cards
    out: list[TrickView] = []
    for k, (leader, winner) in enumerate(zip(extra.trick_leaders, extra.trick_winners, strict=True)):
        i = order.index(leader)
        cards_of = cards[SEATS * k : SEATS * k + SEATS]
        plays = [Play(order[(i + j) % SEATS], card) for j, card in enumerate(cards_of)]
        out.append(TrickView(plays, leader, winner, k + 1))
    return out


def dealer_of(view: View[Any]) -> int:
    """The seat that dealt the hand in play."""
    return next(s.seat for s in view.seats if "dealer" in s.roles)


# --- the view -------------------------------------------------------------------------------------------


def _internal_per_seat(cards: bool) -> Any:
    return field(metadata={"show": False, "per": "seat", "cards": cards})


def _hands(n: int) -> str:
    """``1 hand``, ``3 hands``: the hand limit in words."""
    return f"{n} hand" if n == 1 else f"{n} hands"


def _count(n: int, word: str) -> str:
    """``1 trick``, ``0 bishops``: a count and its noun."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _score_pair(scores: Sequence[int], side: int) -> str:
    """Two sides' scores, the winner's first: "11 to -12"."""
    return f"{scores[side]} to {scores[1 - side]}"


class BishopsWhistState(State):
    """A whole match: hands are dealt until one side wins the game (25 points or more)."""

    _game: BishopsWhist
    """The game as its own type (``State.game`` is any game's: a compiled build cannot narrow it)."""
    _log: list[Event]
    _pending: list[Any]
    """What the log is still to hold, in order (``log``, ``_flush``): a card played through the text or
    the ids as one int, ``seat << 6 | card id`` (the record's action and the play); a gathered trick as
    its entry in ``tricks`` (a dict: the trick event); an event already made; or ``(maker, *args)``,
    whose ``maker(log, *args)`` appends the events (a deal, a score, the hand's end) when they are read."""
    hand_number: int = 0
    """The hands begun, counted at each deal (it serves as ``State.hand_number``)."""
    # The engine's fields that every action reads or clears (``_acting``), declared again here so that
    # a compiled build keeps them in the state's own slots, not in a dict (the engine reads them alike).
    rng: Rng
    _legal_cache: list[str] | None = None
    _range_cache: list[AmountRange] | None = None

    def __init__(
        self, game: BishopsWhist, seed: int | None = None, _copy_of: BishopsWhistState | None = None
    ) -> None:
        """``_copy_of`` is ``clone``'s in the compiled build, whose classes are made only through here."""
        if _copy_of is not None:
            self._copy_fields(_copy_of)
            return
        super().__init__(game, seed)
        self._game = game
        self._flags(game)
        self.order: list[int] = [0, 1, 2, 3]
        self.team_of: list[int] = [0, 1, 0, 1]
        self.match: list[int] = [0, 0]  # points per side (index = team_of[seat])
        self.dealer = 0
        self.hand_number = 0
        self.phase = PHASE_TRUMP
        self._held: list[int] = [0, 0, 0, 0]  # each seat's hand as bits (``ids_of``, ``codes_of``)
        self.trump: str | None = None
        self.turn_up = ""
        self.turn_up_held = False  # the dealer still holds the (publicly known) turn-up
        self.bishop_cut = False
        self.leader = 0
        self.trick: list[list[Any]] = []  # [seat, card, counts_as_ten]
        self.tricks: list[dict[str, Any]] = []
        self.exposed: list[list[Any]] = []  # [seat, card] shown and taken back into the hand
        self.exposed_now: list[int] = []  # seats that exposed a card during the current trick
        self.withdrawn: list[list[Any]] = []  # [seat, card] taken back without penalty (ruling BW-24)
        self.review: list[int] = []  # seats still to let their off-suit card stand or correct it
        self.stood: list[int] = []  # seats that have let their card in the trick on the table stand
        self.revokes: list[list[int]] = []  # [seat, trick number]; secret until claimed
        self.claimants: list[int] = []
        self.hand_points: list[int] = [0, 0]
        self.revoked_sides: list[int] = []
        self.hands_played = 0
        self.winner_side: int | None = None
        self.finished = False
        self._pending_deal: list[str] = []  # the undealt pack while the dealer names trumps
        self._preset = False  # an explicit deal whose hands are already dealt
        self.sheet: list[tuple[int, int, int]] = []  # (hand, side 0, side 1) per hand scored, from the log
        self._teams: tuple[list[tuple[int, ...]], list[int]] | None = None  # cached, keyed on team_of
        self._cp = -1  # the seat to move, cached: -1 to compute, -2 nobody (``current_player``)
        self._taken, self._taken_in = [0, 0, 0, 0, 0], None

    _table_laws: bool = False
    _void_ten: bool = True
    _irregular_leader: bool = False

    def _flags(self, game: BishopsWhist) -> None:
        """The game's options that the play reads at every card, kept as the state's own fields (the
        game's attributes are a dictionary's, and compiled, reading them is a generic look-up)."""
        self._table_laws = game.table_laws
        self._void_ten = game.void_ten
        self._irregular_leader = game.irregular_leader

    @property
    def hands(self) -> list[list[str]]:
        """Each seat's hand as codes in pack order, knights last (made from the bits when asked for)."""
        if self.phase == PHASE_DEAL:
            self._deal_now()
        return [codes_of(h) for h in self._held]

    @hands.setter
    def hands(self, hands: Sequence[Sequence[str]]) -> None:
        self._held = [bits_of(h) for h in hands]

    def left_of(self, seat: int) -> int:
        return self.order[(self.order.index(seat) + 1) % SEATS]

    # --- the State contract ---------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        cp = self._cp  # an int (compiled, a machine int), never None: one comparison in the common case
        if cp >= 0:
            return cp
        if cp == -1:
            seat = self._compute_cp()
            self._cp = -2 if seat is None else seat
            return seat
        return None

    def _compute_cp(self) -> int | None:
        phase = self.phase
        if phase == PHASE_PLAY:
            order = self.order
            return order[(order.index(self.leader) + len(self.trick)) % SEATS]
        if phase == PHASE_DEAL:
            self._deal_now()
            return self._compute_cp()
        if self.finished:
            return None
        if phase == PHASE_TRUMP:
            return self.dealer
        if phase == PHASE_CLAIM:
            return self.claimants[0]
        return self.review[0]  # PHASE_REVIEW

    @property
    def scores(self) -> list[float]:
        if self.phase == PHASE_DEAL:  # the next deal may score a bishop cut
            self._deal_now()
        match, team_of = self.match, self.team_of
        return [
            float(match[team_of[0]]),
            float(match[team_of[1]]),
            float(match[team_of[2]]),
            float(match[team_of[3]]),
        ]

    @property
    def teams(self) -> list[tuple[int, ...]]:
        t = self._teams
        if t is None or t[1] != self.team_of:
            team_of = self.team_of
            teams = [tuple([s for s in range(SEATS) if team_of[s] == x]) for x in (0, 1)]
            t = self._teams = (teams, list(self.team_of))
        return list(t[0])

    def _outcome(self) -> Outcome:
        a = self.match[0]
        side = self.winner_side
        decided, _ = self._result()
        # the winner's score first, with "to": "-12-11" ran a negative score into the dash
        won = f"{a} all" if side is None else _score_pair(self.match, side)
        if not decided:
            why = (  # ruling BW-20
                "the one hand agreed is played"
                if self.hands_played == 1
                else f"the agreed limit of {_hands(self.hands_played)} is played"
            )
            if side is None:
                return Outcome((), f"{why}: drawn at {won}")
            return Outcome(self.teams[side], f"{why}: the higher side wins, {won}")
        if side is None:
            return Outcome((), f"equal scores of {TARGET} or more: drawn at {won}")  # ruling BW-14
        if 1 - side in self.revoked_sides:
            # Ruling BW-23, revoking_side=opponents-win.
            return Outcome(self.teams[side], f"{TARGET} or more, the other side found revoking: {won}")
        return Outcome(self.teams[side], f"{TARGET} or more, and more than the other side: {won}")

    def event_words(self, event: Event) -> str:
        """The log's lines as a person reads them. The logged texts stay as they were (replays of
        older saves compare them): "score -30--19" ran a negative score into its dash, "game over:
        seats 1 and 3 win, -12-11" put seat 0's side first whoever won, and "the tricks show 1
        revoke(s)" left its plural to the reader."""
        kind, data = event.kind, event.data
        one_hand = self._game.options["hand_limit"] == 1
        if kind == "hand_end" and event.to is None and "match" in data:
            # each side named by its seats ("score 0 to 11" left the reader to guess which side was
            # which; the front ends name the seats, "you & seat 2"), in the order of ``teams``
            tricks, bishops, match = data["tricks"], data["bishops"], data["match"]
            sides = [" & ".join(f"seat {s}" for s in team) for team in self.teams]
            took = ", ".join(
                f"{sides[i]} take {_count(tricks[i], 'trick')} and {_count(bishops[i], 'bishop')}"
                for i in (0, 1)
            )
            score = ", ".join(f"{sides[i]}: {match[i]}" for i in (0, 1))
            head = "" if one_hand else f"hand {data['hand']}: "
            return f"{head}{took}; score — {score}"
        if is_lead(event):  # "seat 3 plays CS" opened a trick as any other card was played
            return str(data.get("text", "")).replace(" plays ", " leads ", 1)
        if kind == "turn_up" and one_hand:  # a match of one hand does not count it ("hand 1: ...")
            return str(data.get("text", "")).removeprefix("hand 1: ")
        if kind == "match_end" and "scores" in data:
            head = str(data.get("text", "game over")).rsplit(": ", 1)[0]
            head = head.replace("(the agreed limit of 1 hand)", "(the one hand agreed)")
            side, scores = data.get("winner_side"), data["scores"]
            if side is None:
                return f"{head}: a draw at {scores[0]} all"
            team = self.teams[side]
            return f"{head}: {' & '.join(f'seat {s}' for s in team)} win, {_score_pair(scores, side)}"
        if kind == "trick" and "winner" in data and "cards" in data:
            # "trick 1 to seat 3, with B♠" read as won with the bishop, where seat 3's queen took
            # seat 1's bishop: the bishops (2 points each) are those the trick carries to its winner
            bishops = [card for _, card in data["cards"] if card in BISHOP_CARDS]
            taking = (
                f", taking the bishop{'s' if len(bishops) > 1 else ''} {' '.join(bishops)}" if bishops else ""
            )
            return f"trick {data['number']} to seat {data['winner']}{taking}"
        if kind == "revokes_found" and "revokes" in data:
            found = len(data["revokes"])
            return f"the tricks show {'no revoke' if not found else _count(found, 'revoke')}"
        return super().event_words(event)

    def _compute_legal(self) -> list[str]:
        phase = self.phase
        if phase == PHASE_PLAY:
            seat = self._cp  # (``current_player``'s fast case)
            if seat < 0:
                cp = self.current_player
                assert cp is not None
                seat = cp
            if self._table_laws:
                hand = self.hands[seat]  # kept in pack order, knights last
                cards = list(dict.fromkeys(hand))
                plays = [PLAY[c] for c in cards]
                if seat not in self.exposed_now:
                    # A card already lying exposed cannot be exposed again (knights count one by one);
                    # nor can a card everybody saw withdrawn (rulings BW-16, BW-24), nor the turn-up the
                    # dealer is known to hold, laid in plain view by the laws (rulings BW-16, BW-22).
                    shown = self._in_sight(seat)
                    plays += [f"expose {c}" for c in cards if hand.count(c) > shown[c]]
                return plays
            trick = self.trick  # ``lawful_texts``: ``lawful_cards`` on the bits
            held, lead = self._held[seat], _CARD_ID[trick[0][1]] if trick else -1
            if _PLAIN_OBJECTS:
                return _lawful(held, lead, _TEXT_RUNS, PLAY_KNIGHT)
            texts = PLAY_TEXTS  # compiled: from the bits (``mask_ids``)
            return [texts[i] for i in mask_ids(lawful_mask(held, lead))]
        if phase == PHASE_DEAL:
            self._deal_now()
            return self._compute_legal()
        if self.finished:
            return []
        if phase == PHASE_TRUMP:
            acts = [f"trump {s}" for s in SUITS]
            return [*acts, "deal"] if self._table_laws else acts  # ruling BW-17: misdeal II
        if phase == PHASE_CLAIM:
            return ["claim", "pass"]
        return ["stand", *(f"correct {c}" for c in self._corrections())]  # PHASE_REVIEW

    def _corrections(self) -> list[str]:
        """The right cards a reviewing seat may put in place of its revoke (rulings BW-18, BW-24).

        Only a real revoke can be corrected; the right card keeps the law of following suit, the
        knight's revoke included (the card taken back counts as back in the hand).
        """
        seat = self.review[0]
        number = len(self.tricks) + 1
        if [seat, number] not in self.revokes:
            return []
        wrong = next(c for s, c, _ in self.trick if s == seat)
        hand = sorted([*self.hands[seat], wrong], key=ORDER.__getitem__)
        return [c for c in lawful_cards(hand, self.trick[0][1]) if c != wrong]

    def _follows(self, seat: int, card: str) -> bool:
        """Whether playing ``card`` keeps the law of following suit (knight's revoke included)."""
        return card in lawful_cards(self.hands[seat], self.trick[0][1] if self.trick else None)

    def explain_illegal(self, action: Action) -> str:
        """Why the well-formed ``action`` is refused now (its card codes are the pack's: safe to echo)."""
        phase, kind = self.phase, action.kind
        if phase == PHASE_TRUMP:
            # said to the dealer, the one to move (the refusals speak to the seat that tried the move)
            return "a knight was turned: you must first name trumps ('trump S', 'trump H', ...)"
        if phase == PHASE_CLAIM:
            return "the hand is over: answer 'claim' (search the tricks for a revoke) or 'pass'"
        if phase == PHASE_REVIEW:
            return self._explain_review(action)
        if kind == "correct":
            return "a revoke is corrected once the trick is complete, before it is gathered"
        if kind not in ("play", "expose"):
            return "play a card with 'play <card>', e.g. 'play 9H', 'play BS' or 'play N' for a knight"
        card = action.card
        seat = self.current_player
        assert seat is not None
        if card not in self.hands[seat]:
            return f"you do not hold {card}"
        if kind == "expose":
            if not self._table_laws:
                return "exposing a card is only possible under table laws"
            if seat in self.exposed_now:
                return "you have already exposed a card to this trick"
            if card == self.turn_up and seat == self.dealer and self._turn_up_known():
                # Ruling BW-16: the turn-up lies in plain view by the laws; it is no exposed card.
                return f"{card} is the turn-up, in plain view of everybody already: it cannot be exposed"
            return f"{card} is already exposed (or was seen withdrawn)"
        led = str(suit_of(self.trick[0][1]))
        suited = [c for c in self.hands[seat] if suit_of(c) == led]
        name = SUIT_NAMES[led]
        if card == KNIGHT:
            return (
                f"you must follow suit in {name} ({', '.join(suited)}); a knight may replace only a "
                f"bishop that is your last {name[:-1]} (the knight's revoke)"
            )
        return f"you must follow suit: {name} were led and you hold {', '.join(suited)}"

    def _explain_review(self, action: Action) -> str:
        if action.kind != "correct":
            return (
                "the trick is complete: 'stand' lets your card stand, 'correct <card>' takes back a revoke "
                "and plays the right card"
            )
        right = self._corrections()
        if not right:
            return "your card on the trick is no revoke: there is nothing to correct ('stand')"
        return f"the right card follows suit: one of {', '.join(right)}"

    # --- the engine's hot path, here so that a compiled build runs it natively with the rules --------
    # Each is the engine's own fast case (``State.is_over``, ``legal_actions``, ``apply``) written for
    # this class; everything else goes to the engine. ``tests/test_bishops_whist_core.py`` checks the
    # results against goldens recorded before, ``tests/test_compiled.py`` the compiled build against this.

    @property
    def is_over(self) -> bool:
        cp = self._cp
        if cp >= 0:
            return False
        if cp == -1:
            phase = self.phase
            if phase == PHASE_PLAY:  # ``_compute_cp``'s first case, written out (asked after every action)
                order = self.order
                self._cp = order[(order.index(self.leader) + len(self.trick)) % SEATS]
                return False
            if phase == PHASE_DEAL:
                return False  # between two hands: the match goes on (asking does not deal: ``_deal_now``)
        return self.current_player is None

    def legal_actions(self) -> list[str]:
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._compute_legal()
        return list(legal)

    def apply(self, action: str | Action, seat: int | None = None) -> None:
        if seat is None and type(action) is str:
            legal = self._legal_cache
            if legal is None:
                legal = self._legal_cache = self._compute_legal()
            if action in legal:  # the common case: canonical text from legal_actions()
                card = _PLAY_ID.get(action) if self.phase == PHASE_PLAY else None
                if card is None:
                    self._carry_out(action)
                    return
                seat = self._cp  # ``_carry_out``'s play, written out (the hot path); the seat is known
                if seat < 0:  # (as the legal actions are)
                    cp = self.current_player
                    assert cp is not None
                    seat = cp
                if self.seed is None:
                    self._acting()
                else:  # ``_acting`` for a seeded state, written out
                    self._legal_cache = self._range_cache = None
                    self._mask = -1
                self._play_id(seat, card, True)
                self._cp = -1
                return
        # The engine refuses an action of a seat not to move, and a play names one card: so no card is
        # led or played out of turn, nor two to a trick (exposed cards I and II: ruling BW-16).
        super().apply(action, seat)

    def _record_action(self, action: str) -> None:
        data = MappingProxyType({"seat": self.current_player, "action": action})
        self.log.append(_new_tuple(Event, ("action", data, RECORD)))
        self._acting()

    def _acting(self) -> None:
        """What ``_record_action`` does besides logging: the legal lists forgotten, a copied live
        source given its new owner's record (a seeded state's source is never live: ``Game.load``
        checks it, and only a state without a seed is made with a live one)."""
        if self.seed is None:
            rng = self.rng
            if rng.live and rng.sink is None:
                rng.sink = self._record_chance
        self._legal_cache = self._range_cache = None
        self._mask = -1

    # --- the log, made from the core when it is read ---------------------------------------------

    @property
    def log(self) -> list[Event]:
        """The match's log. What the play logs waits in ``_pending`` (a card played as one int, a trick
        as its entry, a deal, a score or a hand's end as what makes its events) until the log is read,
        across tricks, hands and deals; the events are made then, exactly as they would have been, in
        the same order: a playout by ids, which never reads the log, makes none of them."""
        if self._pending:
            self._flush()
        return self._log

    @log.setter
    def log(self, log: list[Event]) -> None:
        self._log = log
        self._pending = []

    def _flush(self) -> None:
        if self.phase == PHASE_DEAL:  # its events follow those waiting (``_deal_now``)
            self._deal_now()
        log, pending = self._log, self._pending
        self._pending = []
        played = _PLAYED
        for p in pending:
            if type(p) is int:  # a card played (most often the only entry: the text API reads the log)
                log += played[p]
            elif type(p) is dict:
                log.append(_trick_event(p))
            elif type(p) is Event:
                log.append(p)
            else:
                p[0](log, *p[1:])

    def _later(self, event: Event) -> None:
        """Log ``event`` after what waits in ``_pending`` (behind it, if anything waits)."""
        if self._pending:
            self._pending.append(event)
        else:
            self._log.append(event)

    # --- the action ids, answered from the core ---------------------------------------------------

    def legal_action_ids(self) -> list[int]:
        """In play under strict laws the legal ids are the lawful card ids themselves (``play <card>``'s
        id is the card's): no text is made; otherwise the engine's ids of the legal texts."""
        if self.phase == PHASE_PLAY and not self._table_laws:
            seat = self._cp  # known once ``is_over`` has been asked (the property's fast case, inline)
            if seat < 0:
                cp = self.current_player
                assert cp is not None
                seat = cp
            trick = self.trick
            lead = _CARD_ID[trick[0][1]] if trick else -1
            held = self._held[seat]
            mask = self._mask = lawful_mask(held, lead)
            self._mask_lead = lead
            return _lawful(held, lead, _RUNS, KNIGHT_ID) if _PLAIN_OBJECTS else mask_ids(mask)
        return super().legal_action_ids()

    _mask: int = -1
    """The ids the seat to move may play as bits (``lawful_mask``), kept by ``legal_action_ids`` for the
    action that follows (``apply_id``), with the id led (``_mask_lead``); -1 when unknown: every action
    forgets it (``_acting``)."""
    _mask_lead: int = -1

    def apply_id(self, action_id: int) -> None:
        """A card played under strict laws is checked on the bits and carried out on its id (its text
        only looked up for the record); anything else goes the engine's way, with its checks."""
        if (
            type(action_id) is int
            and 0 <= action_id <= KNIGHT_ID
            and self.phase == PHASE_PLAY
            and not self._table_laws
        ):
            seat = self._cp
            if seat < 0:
                cp = self.current_player
                assert cp is not None
                seat = cp
            mask = self._mask
            if mask >= 0:  # (``legal_action_ids`` has just found it)
                lead = self._mask_lead
            else:
                trick = self.trick
                lead = _CARD_ID[trick[0][1]] if trick else -1
                mask = lawful_mask(self._held[seat], lead)
            if mask >> action_id & 1:
                self._acting()
                self._play_id(seat, action_id, True, lead)
                self._cp = -1
                return
        super().apply_id(action_id)

    def _carry_out(self, action: str, typed: Action | None = None) -> None:
        """A legal ``play <card>`` goes straight to the core by its id (no parsing); the rest through
        the engine's typed action."""
        if typed is None and self.phase == PHASE_PLAY:
            card = _PLAY_ID.get(action)
            if card is not None:
                seat = self.current_player
                assert seat is not None
                self._acting()
                self._play_id(seat, card, logged_later=True)
                self._cp = -1
                return
        super()._carry_out(action, typed)

    def _apply(self, action: Action) -> None:
        # The seat to move stays cached for the handlers (``_carry_out`` has just logged it); the
        # action changes it.
        kind = action.kind
        if kind == "play":
            self._play(action.card)
        elif kind == "trump":
            self._name_trump(str(action.args[0]))
        elif kind == "deal":
            self._misdeal("II", self.dealer)
        elif kind == "claim" or kind == "pass":
            self._answer_claim(kind == "claim")
        elif kind == "expose":
            self._expose(action.card)
        elif kind == "stand":
            self._stand()
        else:  # correct
            self._correct(action.card)
        self._cp = -1

    # --- dealing ----------------------------------------------------------------------

    def _start(self, deal: object) -> None:
        self._cp = -1
        if deal is None:
            self._cut_for_table()
            self._new_hand()
        else:
            self._explicit_deal(deal)

    def _cut_for_table(self) -> None:
        """Cut for partners (if so agreed, ruling BW-1) and for the first deal: the lowest cut deals
        (ruling BW-2)."""
        by_cut = self._game.options["partners"] == "cut"
        ranking = self._cut_order([0, 1, 2, 3], by_cut)
        if by_cut:
            high, low = ranking[:2], ranking[2:]
            for seat in high:
                self.team_of[seat] = 0
            for seat in low:
                self.team_of[seat] = 1
            # Ruling BW-4: the highest cutter sits at the dealer's left, partners face each other.
            self.order = [low[1], high[0], low[0], high[1]]
        self.dealer = ranking[-1]
        self._pending.append((_table_event, self.order[:], self.team_of[:], ranking, by_cut))

    def _shuffle(self, items: list[Any]) -> None:
        """``rng.shuffle(items)``; seeded, drawn through ``draws.shuffle`` without the source's layer."""
        bits = self.rng.seeded_bits()
        if bits is not None:
            draw_shuffle(bits, items)
        else:
            self.rng.shuffle(items)

    def _cut_order(self, seats: list[int], by_cut: bool, top: bool = True) -> list[int]:
        """Seats from highest cut to lowest, equal cuts cut again where the tie matters (ruling BW-3)."""
        pack = list(_PACK)
        self._shuffle(pack)
        cut = {seat: pack[i] for i, seat in enumerate(seats)}
        self._pending.append((_cut_event, cut))
        below = [0] * SEATS  # each seat's cut, negated: the highest first
        keys = []  # (the cut, highest first) * 4 + seat: sorted, the seats by cut, equal cuts in seat order
        for seat, card in cut.items():
            value = _CUT_VALUE[card[0]]
            below[seat] = -value
            keys.append((TEN + 5 - value) * SEATS + seat)
        keys.sort()
        ranked = [k % SEATS for k in keys]  # ``sorted(seats, key=below.__getitem__)``: seats rise
        if len({k // SEATS for k in keys}) == len(seats):
            return ranked  # no two cuts alike (the usual case): nothing to cut again
        out: list[int] = []
        i = 0
        while i < len(ranked):
            value = below[ranked[i]]
            group = [s for s in ranked[i:] if below[s] == value]
            start, end = len(out), len(out) + len(group)
            matters = (end == len(seats) and top) or (by_cut and top and start < 2 < end) or not top
            if len(group) > 1 and matters:
                out.extend(self._cut_order(group, by_cut, top=False))
            else:
                out.extend(group)
            i += len(group)
        return out

    def _new_hand(self, counted: bool = False) -> None:
        """Shuffle, cut (more than four cards), turn the trump card, and deal if no knight was turned
        (``counted``: the hand is already counted in ``hand_number``)."""
        if not counted:
            self.hand_number += 1
        # The pack as each card's bit in a hand (``CARD_BIT``): a shuffle moves places, whatever they
        # hold, so the same draws deal the same cards, and a hand's bits are the sum of its cards.
        pack = list(_PACK_BITS)
        bits = self.rng.seeded_bits()
        # Ruling BW-5: both packets hold more than four cards.
        lifts = len(pack) - 2 * (LIFT_MORE_THAN + 1) + 1
        if bits is not None:  # ``rng.shuffle`` and ``rng.randrange`` drawing seeded, without their layers
            draw_shuffle(bits, pack)
            lifted = LIFT_MORE_THAN + 1 + draw_below(bits, lifts)
        else:
            self.rng.shuffle(pack)
            lifted = LIFT_MORE_THAN + 1 + self.rng.randrange(lifts)
        turn_up = self.turn_up = _CODE_OF_BIT[pack[lifted]]
        rest = pack[lifted + 1 :] + pack[:lifted]  # the lifted packet goes underneath
        self._reset_hand()
        self._preset = False
        self._pending.append((_turn_up_event, self.hand_number, self.dealer, turn_up, lifted))
        if turn_up == KNIGHT:
            self._pending_deal = [_CODE_OF_BIT[b] for b in rest]
            self.trump = None
            self.phase = PHASE_TRUMP
        else:
            self.trump = turn_up[-1]  # ``suit_of``
            self._deal(rest)

    def _reset_hand(self) -> None:
        self._held = [0, 0, 0, 0]
        # New lists for the hand; those still empty (under strict laws, most) are kept as they are.
        self.trick, self.tricks = [], []
        self._taken_in, self._taken = self.tricks, [0, 0, 0, 0, 0]
        if self.exposed or self.exposed_now or self.revokes or self.withdrawn or self.review or self.stood:
            self.exposed, self.exposed_now, self.revokes = [], [], []
            self.withdrawn, self.review, self.stood = [], [], []
        if self.claimants:
            self.claimants = []
        self.hand_points = [0, 0]
        if self.revoked_sides:
            self.revoked_sides = []
        self.bishop_cut = False

    def _name_trump(self, suit: str) -> None:
        self.trump = suit
        self.log.append(
            Event(
                "trump",
                {
                    "seat": self.dealer,
                    "suit": suit,
                    "text": f"seat {self.dealer} names {SUIT_NAMES[suit]} trumps",
                },
            )
        )
        if self._preset:
            self._preset = False
            self._begin_play()
        else:
            self._deal()

    def _deal(self, pack: list[int] | None = None) -> None:
        """Deal the other 51 cards one at a time from the dealer's left; the turn-up is the dealer's 13th
        (ruling BW-6). ``pack``: those cards as their bits (``_new_hand``), else ``_pending_deal``."""
        game = self._game
        if game.table_laws:
            chance = game.options["misdeal_chance"]
            if chance > 0 and self.rng.random() < chance:
                law = ("III", "IV", "V", "VI")[self.rng.randrange(4)]  # ruling BW-17: dealing faults
                self._misdeal(law, self.dealer)
                return
        if pack is None:
            pack = [CARD_BIT[_CARD_ID[c]] for c in self._pending_deal]
        order, dealer, held = self.order, self.dealer, self._held
        first = order.index(dealer) + 1
        for k in range(SEATS):
            held[order[(first + k) % SEATS]] = sum(pack[k::SEATS])  # ``bits_of`` the seat's cards
        held[dealer] += CARD_BIT[_CARD_ID[self.turn_up]]
        self._pending_deal = []
        self._begin_play()

    def _begin_play(self) -> None:
        held = self._held
        self._pending.append((_hand_events, held[0], held[1], held[2], held[3]))
        self.turn_up_held = True
        self.leader = self.left_of(self.dealer)
        self.phase = PHASE_PLAY
        if is_bishop_cut(self.turn_up):
            # Ruling BW-7: scored once the deal is complete (a misdeal loses it).
            self.bishop_cut = True
            self._score(self.team_of[self.dealer], BISHOP_CUT_POINTS, "bishop cut for trump")

    def _misdeal(self, law: str, dealer: int) -> None:
        """A misdeal loses the deal (and any bishop-cut point): the next player deals afresh (ruling
        BW-17)."""
        self._later(
            Event(
                "misdeal",
                {
                    "law": law,
                    "dealer": dealer,
                    "text": f"misdeal ({law}): {MISDEALS[law]}; the deal passes left",
                },
            )
        )
        self.dealer = self.left_of(dealer)
        self._pending_deal = []
        self._new_hand()

    def _explicit_deal(self, deal: object) -> None:
        dealer, turn_up, hands, trump = _checked_deal(deal)
        self.dealer = dealer
        self.hand_number = 1
        self._reset_hand()
        self.turn_up = turn_up
        self.log.append(
            Event(
                "turn_up",
                {
                    "hand": 1,
                    "dealer": dealer,
                    "card": turn_up,
                    "text": f"hand 1: seat {dealer} deals and turns {turn_up}",
                },
            )
        )
        self.hands = hands  # kept as bits, so in pack order
        if turn_up == KNIGHT and trump is None:
            self.trump = None
            self.phase = PHASE_TRUMP
            self._pending_deal = []
            self._preset = True
        else:
            self.trump = suit_of(turn_up) if turn_up != KNIGHT else str(trump)
            self._begin_play()

    # --- play -------------------------------------------------------------------------

    def _expose(self, card: str) -> None:
        """Ruling BW-16: the card is shown to all, stays in the hand, and costs its side two points."""
        seat = self.current_player
        assert seat is not None
        self.exposed.append([seat, card])
        self.exposed_now.append(seat)
        self.log.append(
            Event(
                "expose",
                {"seat": seat, "card": card, "text": f"seat {seat} exposes {card} (-{EXPOSED_CARD_PENALTY})"},
            )
        )
        self._penalty(seat, EXPOSED_CARD_PENALTY, "exposed card")

    def _play(self, card: str) -> None:
        seat = self.current_player
        assert seat is not None
        self._play_id(seat, _CARD_ID[card])

    def _play_id(self, seat: int, card_id: int, logged_later: bool = False, lead: int = -2) -> None:
        """``seat`` plays the card ``card_id`` (one it holds) to the trick: the bits change, then the
        trick's entry and the log's event are made with its code (``logged_later``: the action's record
        and the play wait in ``_pending`` until the log is read; ``lead``: the id led, -1 none, if known)."""
        trick, hands = self.trick, self._held
        held = hands[seat]
        if lead == -2 and (self._table_laws or card_id == KNIGHT_ID):  # (only these need it)
            lead = _CARD_ID[trick[0][1]] if trick else -1
        if self._table_laws and not lawful_mask(held, lead) >> card_id & 1:
            self.revokes.append([seat, len(self.tricks) + 1])
        card = CARD_CODES[card_id]
        as_ten = False
        if card_id == KNIGHT_ID and trick:
            trump = self.trump
            as_ten = knight_ranks_ten(
                held, lead, len(trick), -1 if trump is None else _SUIT_INDEX[trump], self._void_ten
            )
        if seat == self.dealer and card == self.turn_up:
            self.turn_up_held = False  # ruling BW-22: known to be his until he plays it
        hands[seat] = held - CARD_BIT[card_id]
        if self.exposed or self.withdrawn:
            self._unshow(seat, card)
        trick.append([seat, card, as_ten])
        entry = seat << 6 | card_id | (LEADS if len(trick) == 1 else 0)
        if logged_later:
            self._pending.append(entry)
        else:
            self.log.append(_PLAYED[entry][1])
        if len(trick) == SEATS:
            self._trick_complete()

    def _unshow(self, seat: int, card: str) -> None:
        """A card shown to all (exposed, or withdrawn) leaves the list when it is played."""
        for shown in (self.exposed, self.withdrawn):
            for i, (s, c) in enumerate(shown):
                if s == seat and c == card:
                    del shown[i]
                    return

    def _trick_complete(self) -> None:
        """Under table laws the trick lies on the table until every player who did not follow the
        suit led has let his card stand or corrected it (ruling BW-24); then it is gathered."""
        if self._table_laws:
            self.review = self._review_queue()
            if self.review:
                self.phase = PHASE_REVIEW
                return
        self._gather()

    def _review_queue(self) -> list[int]:
        """Seats, in play order, whose card on the trick may be a revoke as far as anybody can see:
        a card off the suit led (a knight too), not yet reviewed. No revoke is possible in a trick led
        by a knight, nor in the knight's trick (a single card in hand): ruling BW-24."""
        trick = self.trick
        if is_irregular(trick[0][1]) or is_knights_trick(len(self.tricks) + 1):
            return []
        led = suit_of(trick[0][1])
        return [s for s, c, _ in trick[1:] if suit_of(c) != led and s not in self.stood]

    def _stand(self) -> None:
        self.stood.append(self.review.pop(0))
        if not self.review:
            self.phase = PHASE_PLAY
            self._gather()

    def _correct(self, right: str) -> None:
        """Rulings BW-18 and BW-24: the revoke is taken back before the trick is gathered. The wrong card
        goes back into the hand as an exposed card (-2); the players after him withdraw their cards
        without penalty (shown to all until played) and play again; then he plays the right card."""
        seat = self.review[0]
        number = len(self.tricks) + 1
        at = next(i for i, e in enumerate(self.trick) if e[0] == seat)
        later = self.trick[at + 1 :]
        wrong = self.trick[at][1]
        del self.trick[at:]
        self.revokes.remove([seat, number])
        self._take_back(seat, wrong)
        self.exposed.append([seat, wrong])
        self.log.append(
            Event(
                "correct",
                {
                    "seat": seat,
                    "card": wrong,
                    "right": right,
                    "text": f"seat {seat} takes back {wrong} (exposed, -{EXPOSED_CARD_PENALTY}) to follow "
                    f"suit with {right}",
                },
            )
        )
        self._penalty(seat, EXPOSED_CARD_PENALTY, "exposed card")
        for s, c, _ in later:
            if [s, number] in self.revokes:
                self.revokes.remove([s, number])
            self._take_back(s, c)
            self.withdrawn.append([s, c])
            self.log.append(
                Event("withdraw", {"seat": s, "card": c, "text": f"seat {s} withdraws {c} (no penalty)"})
            )
        self.stood.append(seat)
        self.review = []
        self.phase = PHASE_PLAY
        self._cp = -1
        self._play(right)

    def _take_back(self, seat: int, card: str) -> None:
        self._held[seat] += CARD_BIT[_CARD_ID[card]]

    def _counts_as_ten(self, seat: int, card: str) -> bool:
        """Whether a knight now played ranks as a ten: in a plain suit that leads (ruling BW-10), when
        discarded void too under ``void_knight=ten``; under ``revoke-only`` only in a knight's revoke (its
        player holding no card of the suit led but the bishop)."""
        if card != KNIGHT or not self.trick:
            return False
        lead = self.trick[0][1]
        if not knight_may_rank_ten(lead, len(self.trick), self.trump):
            return False
        if self._void_ten:
            return True
        suit = _SUIT_INDEX[lead[-1]]
        return self._held[seat] & SUIT_MASK[suit] == BISHOP_BIT[suit]

    def trick_winner(self, trick: Sequence[Sequence[Any]], last: bool) -> int:
        """The seat that takes a finished trick of ``[seat, card, counts_as_ten]`` entries."""
        return winning_play(
            [(e[0], e[1]) for e in trick],
            [e[2] for e in trick],
            self.trump,
            last=last,
            irregular_leader=self._irregular_leader,
        )[0]

    def _gather(self) -> None:
        tricks, trick = self.tricks, self.trick
        number = len(tricks) + 1
        card_id, trump = _CARD_ID, self.trump
        ids = [card_id[e[1]] for e in trick]
        suit = -1 if trump is None else _SUIT_INDEX[trump]
        if KNIGHT_ID not in ids and number != KNIGHTS_TRICK:  # ``winning_play`` on ids:
            best = suited_winner(ids, suit)  # a trick of suited cards only (most tricks)
        else:
            last, leader = number == KNIGHTS_TRICK, self._irregular_leader
            best = winner_ids(ids, [e[2] for e in trick], suit, last, leader)
        winner: int = trick[best][0]
        taken = self._taken
        if self._taken_in is tricks and taken[4] == number - 1:  # (``_score_hand``)
            side = self.team_of[winner]
            taken[side] += 1
            for c in ids:
                if RANK_OF_ID[c] == BISHOP_RANK and c != KNIGHT_ID:
                    taken[2 + side] += 1
            taken[4] = number
        for e in trick:  # the trick's own entries become its cards, ``[seat, card]`` (no copy made)
            del e[2]
        entry = {"number": number, "leader": self.leader, "cards": trick, "winner": winner}
        tricks.append(entry)
        self._pending.append(entry)  # its event made when the log is read (``_trick_event``)
        self.trick = []
        if self.exposed_now:  # (empty under strict laws: kept, not made again)
            self.exposed_now = []
        if self.stood:
            self.stood = []
        self.leader = winner
        if number == TRICKS:
            self._end_of_play()

    def _end_of_play(self) -> None:
        if self._table_laws:
            first = self.left_of(self.dealer)
            self.claimants = [first, self.left_of(first)]  # one voice for each side (ruling BW-15)
            self.phase = PHASE_CLAIM
        else:
            self._score_hand()

    def _answer_claim(self, claim: bool) -> None:
        """Ruling BW-15: a revoke is established only when claimed at the end of the hand; a claim that
        finds nothing costs nothing."""
        seat = self.claimants.pop(0)
        side = self.team_of[seat]
        self.log.append(
            Event(
                "claim" if claim else "no_claim",
                {"seat": seat, "text": f"seat {seat} {'claims a revoke' if claim else 'makes no claim'}"},
            )
        )
        if claim:
            found = [r for r in self.revokes if self.team_of[r[0]] != side]
            self.log.append(
                Event(
                    "revokes_found",
                    {"by": seat, "revokes": found, "text": f"the tricks show {len(found)} revoke(s)"},
                )
            )
            for revoker, _trick in found:
                self._penalty(revoker, REVOKE_PENALTY, "revoke")
            if found and 1 - side not in self.revoked_sides:
                self.revoked_sides.append(1 - side)
        if not self.claimants:
            self._score_hand()

    # --- scoring ----------------------------------------------------------------------

    def _score(self, side: int, points: int, reason: str) -> None:
        if points == 0:
            return
        self.match[side] += points
        self.hand_points[side] += points
        t = self.team_of
        seats = [s for s in (0, 1, 2, 3) if t[s] == side]
        self._pending.append((_score_events, seats, points, reason))

    def _penalty(self, seat: int, points: int, reason: str) -> None:
        self._score(self.team_of[seat], -points, reason)

    _taken: list[int]
    """Of the hand's tricks so far, as ``_gather`` counts them: tricks and bishops taken per side (side 0,
    side 1, side 0, side 1), and the number of tricks counted; for the list ``_taken_in`` only (a new
    hand's, made by ``_reset_hand``: a copy or a restored state counts its tricks again)."""
    _taken_in: list[dict[str, Any]] | None

    def _score_hand(self) -> None:
        team_of = self.team_of
        taken = self._taken
        if self._taken_in is self.tricks and taken[4] == len(self.tricks):
            tricks, bishops = taken[0:2], taken[2:4]
        else:
            tricks, bishops, bishop_cards = [0, 0], [0, 0], BISHOP_CARDS
            for t in self.tricks:
                side = team_of[t["winner"]]
                tricks[side] += 1
                for e in t["cards"]:
                    if e[1] in bishop_cards:
                        bishops[side] += 1
        for side in (0, 1):
            self._score(side, max(0, tricks[side] - BOOK), "tricks over six")
            self._score(side, BISHOP_POINTS * bishops[side], "bishops taken")
        for side in self.revoked_sides:
            # Ruling BW-15: a revoking side's score can never win the game: it may not pass 24 with this
            # hand (nor rise above what it had before the hand, if that was already 25 or more).
            ceiling = max(TARGET - 1, self.match[side] - self.hand_points[side])
            if self.match[side] > ceiling:
                self._score(side, ceiling - self.match[side], "a revoking side cannot win")
        self.hands_played += 1
        hand, points = self.hand_number, self.hand_points
        self.sheet.append((hand, points[0], points[1]))
        per_seat = [points[team_of[0]], points[team_of[1]], points[team_of[2]], points[team_of[3]]]
        self._pending.append((_hand_end_event, hand, per_seat, tricks, bishops, self.match[:]))
        self._after_hand()

    def _after_hand(self) -> None:
        """Decide the game at the end of a hand, or deal the next one."""
        over, side = self._result()
        if not over and self.hands_played >= self._game.options["hand_limit"]:
            self._finish(self._result_at_limit(), limit=True)  # ruling BW-20
        elif over:
            self._finish(side)
        else:
            self.dealer = self.left_of(self.dealer)
            if self.seed is None:
                self._new_hand()
            else:
                self.hand_number += 1  # begun: counted now, dealt when next looked at
                self.phase = PHASE_DEAL

    def _deal_now(self) -> None:
        """Deal the hand a seeded match has begun (``PHASE_DEAL``): the end of a hand leaves the next deal
        until the state is next asked for anything but ``is_over`` and ``hand_number`` (whose turn, the
        legal actions, an action, a view, the log, the scores, a save, the hands, a check). Nothing else
        draws from the state's source in between, so the deal draws what it would have drawn at once, and
        its events follow the hand's end in the log as before; a playout of one hand never makes it.
        A live match deals at once (its draws are recorded as they happen)."""
        self.phase = PHASE_TRUMP  # no longer due; the deal sets the phase it leads to
        self._cp = -1
        self._legal_cache = self._range_cache = None
        self._mask = -1
        self._new_hand(counted=True)

    def _result(self) -> tuple[bool, int | None]:
        """(whether the game is decided, the winning side or None for a draw) at the end of a hand.

        A side with 25 or more wins, the higher if both have passed 25; equal scores play on or draw
        (ruling BW-14); but a side found revoking in the hand never wins with it (ruling BW-23): under
        ``revoking_side=play-on`` another hand is played, under ``opponents-win`` the other side wins if
        it has 25 or more.
        """
        a, b = self.match
        revoked = self.revoked_sides
        if self._game.options["revoking_side"] == "opponents-win" and len(revoked) == 1:
            other = 1 - revoked[0]
            if self.match[other] >= TARGET:
                return True, other  # ruling BW-23 (option opponents-win)
        if a == b:
            return a >= TARGET and self._game.options["tie"] == "draw", None  # ruling BW-14
        higher = 0 if a > b else 1
        if self.match[higher] >= TARGET and higher not in revoked:
            return True, higher
        return False, None  # nobody has 25, or the higher side revoked: ruling BW-23

    def _result_at_limit(self) -> int | None:
        """The winner when the agreed number of hands is played (ruling BW-20): the higher side, unless it
        was found revoking in the last hand (ruling BW-23): then nobody (play-on) or the other side
        (opponents-win)."""
        a, b = self.match
        revoked = self.revoked_sides
        if a != b:
            higher = 0 if a > b else 1
            if higher not in revoked:
                return higher
            if self._game.options["revoking_side"] == "play-on" or 1 - higher in revoked:
                return None
            return 1 - higher
        if self._game.options["revoking_side"] == "opponents-win" and len(revoked) == 1:
            return 1 - revoked[0]
        return None

    def _finish(self, side: int | None, limit: bool = False) -> None:
        self.finished = True
        self.phase = PHASE_OVER
        self.winner_side = side
        who = "a draw" if side is None else "seats " + " and ".join(str(s) for s in self.teams[side]) + " win"
        reason = f" (the agreed limit of {_hands(self.hands_played)})" if limit else ""
        self._later(
            Event(
                "match_end",
                {
                    "winner_side": side,
                    "scores": list(self.match),
                    "text": f"game over{reason}: {who}, {self.match[0]}-{self.match[1]}",
                },
            )
        )

    # --- information ------------------------------------------------------------------

    def _turn_up_known(self) -> bool:
        """Whether everybody knows the dealer holds the turn-up now (rulings BW-6, BW-22)."""
        return self.turn_up_held and self.phase in (PHASE_PLAY, PHASE_REVIEW)

    def _shown(self, seat: int, turn_up_known: bool) -> list[str]:
        """The cards of ``seat``'s hand that every seat knows: exposed, withdrawn, the turn-up held."""
        if not self.exposed and not self.withdrawn:  # the usual case: at most the turn-up is known
            return [self.turn_up] if turn_up_known and seat == self.dealer else []
        known = self._in_sight(seat, turn_up_known)
        return sorted(known.elements(), key=ORDER.__getitem__)

    def _in_sight(self, seat: int, turn_up_known: bool | None = None) -> Counter[str]:
        """The cards of ``seat``'s hand everybody sees, each card once: exposed, withdrawn, and the turn-up
        while the dealer is known to hold it. These are different cards of the hand, as the turn-up in
        sight cannot be exposed (ruling BW-16): a dealer holding the turned knight who exposes a knight
        shows a second one. (A save from before may have the turn-up exposed too: it is counted once.)"""
        known = Counter(c for s, c in self.exposed if s == seat)
        known.update(c for s, c in self.withdrawn if s == seat)
        if turn_up_known is None:
            turn_up_known = self._turn_up_known()
        if turn_up_known and seat == self.dealer:
            up = self.turn_up
            known[up] = min(known[up] + 1, self.hands[seat].count(up))
        return known

    _Board = tuple[
        tuple[tuple[str | None, ...], ...],
        tuple[Play, ...],
        tuple[int, int, int] | None,
        tuple[int, int],
        tuple[str, ...],
        tuple[int, ...],
        tuple[int, ...],
    ]
    _board_for: tuple[list[dict[str, Any]], int, list[int], _Board] | None = None

    def _board(self) -> _Board:
        """The gathered tricks of the hand as the views show them: each seat's cards won, the last
        trick (its plays; leader, winner, number), tricks per side, the quitted tricks' cards, leaders
        and winners in order. A view is asked for at every move and these change once a trick, so they
        are kept (immutable) until the next trick is gathered; each view builds its own lists from them."""
        tricks, team_of = self.tricks, self.team_of
        cached = self._board_for
        done = 0
        if cached is not None and cached[0] is tricks and cached[2] == team_of:
            if cached[1] == len(tricks):
                return cached[3]
            if cached[1] < len(tricks):  # tricks gathered since: add them (a hand's tricks only grow)
                done = cached[1]
        if done:
            assert cached is not None
            old_won, _, _, old_sides, old_cards, old_leaders, old_winners = cached[3]
            won: list[list[str | None]] = [list(w) for w in old_won]
            trick_cards, tricks_won = list(old_cards), list(old_sides)
        else:
            won, trick_cards, tricks_won = [[], [], [], []], [], [0, 0]
            old_leaders = old_winners = ()
        new = tricks[done:]
        for t in new:
            cards_of = [c for _, c in t["cards"]]
            won[t["winner"]].extend(cards_of)
            trick_cards.extend(cards_of)
            tricks_won[team_of[t["winner"]]] += 1
        last = tricks[-1] if tricks else None
        board: BishopsWhistState._Board = (
            tuple(tuple(w) for w in won),
            tuple(play(s, c) for s, c in last["cards"]) if last else (),
            (last["leader"], last["winner"], last["number"]) if last else None,
            (tricks_won[0], tricks_won[1]),
            tuple(trick_cards),
            (*old_leaders, *(t["leader"] for t in new)),
            (*old_winners, *(t["winner"] for t in new)),
        )
        self._board_for = (tricks, len(tricks), list(team_of), board)
        return board

    _Shared = tuple[_Board, tuple[Zone, ...], TrickView | None]
    _shared_for: _Shared | None = None

    def _shared(self) -> _Shared:
        """The parts of a view made from the gathered tricks, the zones of tricks won and the last
        trick: immutable, so made once a trick and shared by the views until the next (``View``)."""
        board = self._board()
        shared = self._shared_for
        if shared is not None and shared[0] is board:
            return shared
        won, last_plays, last_trick, winners = board[0], board[1], board[2], board[6]
        taken = map(winners.count, range(SEATS))  # the tricks each seat won
        zones = tuple(map(Zone, _TRICKS_WON, range(SEATS), won, _NO_LABELS, map(len, won), taken))
        last = TrickView(last_plays, *last_trick) if last_trick is not None else None
        shared = self._shared_for = (board, zones, last)
        return shared

    def view(self, seat: int | None) -> View[BishopsWhistExtra]:
        if self.phase == PHASE_DEAL:
            self._deal_now()
        phase, bits, dealer = self.phase, self._held, self.dealer
        if phase == PHASE_TRUMP and self._preset:
            # An explicit deal's hands are not dealt until the dealer has named trumps, as a shuffled
            # pack's are not: he names them "before touching the cards to deal" (rulings BW-6, BW-26).
            bits = _UNDEALT
        turn_up_known = self._turn_up_known()
        exposed, withdrawn = self.exposed, self.withdrawn
        anything_shown = bool(exposed or withdrawn)
        b0, b1, b2, b3 = bits  # ``cards_in`` of each, written out (a view is asked for at every move)
        sizes = [
            (b0 & SUITED_MASK).bit_count() + (b0 >> KNIGHTS_SHIFT),
            (b1 & SUITED_MASK).bit_count() + (b1 >> KNIGHTS_SHIFT),
            (b2 & SUITED_MASK).bit_count() + (b2 >> KNIGHTS_SHIFT),
            (b3 & SUITED_MASK).bit_count() + (b3 >> KNIGHTS_SHIFT),
        ]
        zones: list[Zone] = []
        for s in range(SEATS):
            size = sizes[s]
            if s == seat:
                zones.append(Zone("hand", s, codes_of(bits[s]), "", size))
            elif anything_shown or (turn_up_known and s == dealer):
                shown = self._shown(s, turn_up_known)
                cards: list[str | None] = [None] * (size - len(shown))
                cards += shown
                zones.append(Zone("hand", s, cards, "", size))
            else:  # face down, nothing of it known: the same zone for every view
                zones.append(_HIDDEN.get((s, size)) or _hidden_hand(s, size))
        if phase == PHASE_TRUMP:
            # A knight turned: it lies face up beside the undealt pack while the dealer names trumps.
            zones.append(Zone("turn_up", dealer, [self.turn_up], "turned up", 1))
            undealt = DEALT if self._preset else len(self._pending_deal)
            zones.append(Zone("stock", None, [None] * undealt, "the pack, to be dealt"))
        board, won_zones, last = self._shared()
        zones += won_zones
        in_play = phase in (PHASE_PLAY, PHASE_REVIEW)
        trick = None
        if in_play:
            trick = TrickView([play(s, c) for s, c, _ in self.trick], self.leader, None, len(self.tricks) + 1)
        revokes = self.revokes
        # Positional: the fields in the order ``BishopsWhistExtra`` declares them (faster than keywords).
        extra = BishopsWhistExtra(
            phase,
            self.turn_up,
            self._turn_up_known(),  # the same fact the dealer's hand zone shows face up
            self.bishop_cut,
            board[3],
            self.hand_points[:],
            self.hands_played,
            _by_seat(exposed) if exposed else _NONE_SHOWN,
            _by_seat(withdrawn) if withdrawn else _NONE_SHOWN,
            tuple([n for s, n in revokes if s == seat]) if revokes else (),
            self.order[:],
            tuple(self.review),
            tuple(self.stood),
            tuple(self.exposed_now),
            board[4],
            board[5],
            board[6],
        )
        decision, prompt = self._decision()
        return self.make_view(
            seat,
            extra=extra,
            zones=zones,
            situation=self._message(),
            decision=decision,
            prompt=prompt,
            trick=trick,
            last_trick=last,
            trump=self.trump,
            score_sheet=self._score_sheet(),
            hand_number=self.hand_number,
            # ``hand_limit`` is a most (a side may reach 25 first): only a limit of one fixes the length
            hands_in_match=1 if self._game.options["hand_limit"] == 1 else None,
            roles={dealer: _DEALER},
            hand_sizes=sizes,
        )

    def _decision(self) -> tuple[str, str]:
        phase = self.phase
        play, trump, review, claim = DECISION_KINDS
        if phase == PHASE_PLAY:
            return play, "lead a card" if not self.trick else "play a card"
        if phase == PHASE_TRUMP:
            return trump, "a knight was turned: name trumps"
        if phase == PHASE_REVIEW:
            return review, "review your card: let it stand, or correct a revoke"
        if phase == PHASE_CLAIM:
            return claim, "claim a revoke, or pass"
        return "", ""

    _Sheet = tuple[list[tuple[int, int, int]], int, list[int], ScoreSheet]
    _sheet_for: _Sheet | None = None

    def _score_sheet(self) -> ScoreSheet:
        """The score sheet, made once a hand and shared by the views until the next (a view is a
        snapshot to read, and one is asked for at every move)."""
        sheet, cached, team_of = self.sheet, self._sheet_for, self.team_of
        if cached is None or cached[0] is not sheet or cached[1] != len(sheet) or cached[2] != team_of:
            columns = tuple("seats " + " and ".join(str(s) for s in team) for team in self.teams)
            one = self._game.options["hand_limit"] == 1  # a match of one hand: "the hand", not "hand 1"
            rows = tuple(
                ScoreRow("the hand" if one else f"hand {n}", (float(a), float(b))) for n, a, b in sheet
            )
            cached = self._sheet_for = (sheet, len(sheet), list(team_of), ScoreSheet(columns, rows))
        return cached[3]

    def _message(self) -> str:
        if self.finished:
            return "the match is over"
        if self.phase == PHASE_TRUMP:  # the decision's: "a knight was turned: name trumps"
            return ""
        # Who may claim a revoke, or let a card stand or correct it, and what they are asked, are the
        # decision's (its seat and prompt), which every table says beside this line to that seat and
        # to the others: the news is that the hand is played out, or who did not follow suit.
        if self.phase == PHASE_CLAIM:
            return "the hand is played out"
        if self.phase == PHASE_REVIEW:
            return f"the trick is complete: seat {self.review[0]} did not follow suit"
        # While the cards are played, trumps and the trick's number are the view's ``trump`` and its
        # trick's ``number``, which every table shows ("Trumps: ♣ clubs", "Trick 4"): said here too
        # ("clubs are trumps; trick 4"), they were read twice. That this is the knight's trick, where
        # knights rank highest (BW-13), is news of its own.
        return "the knight's trick" if is_knights_trick(len(self.tricks) + 1) else ""

    def inventory(self) -> Counter[str]:
        if self.phase == PHASE_DEAL:
            self._deal_now()
        return self._inventory(self.hands)

    def _inventory(self, hands: list[list[str]]) -> Counter[str]:
        held = Counter(c for h in hands for c in h)
        held.update(c for _, c, _ in self.trick)
        held.update(c for t in self.tricks for _, c in t["cards"])
        held.update(self._pending_deal)
        if self.phase == PHASE_TRUMP and not self._preset:
            held[self.turn_up] += 1
        return held

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "order", "team_of", "match", "dealer", "hand_number", "phase", "hands", "trump", "turn_up",
        "turn_up_held", "bishop_cut", "leader", "trick", "tricks", "exposed", "exposed_now", "revokes",
        "claimants", "hand_points", "revoked_sides", "hands_played", "winner_side", "finished",
        "_pending_deal", "_preset", "withdrawn", "review", "stood",
    )  # fmt: skip
    _CLONED: ClassVar[tuple[str, ...]] = tuple("_held" if n == "hands" else n for n in _FIELDS)
    """The fields ``clone`` copies: the saved ones, the hands as their bits."""

    def _data(self) -> dict[str, Any]:
        if self.phase == PHASE_DEAL:
            self._deal_now()
        return {name: getattr(self, name) for name in self._FIELDS}

    def to_json(self) -> str:
        if self.phase == PHASE_DEAL:  # before the random state is saved
            self._deal_now()
        return super().to_json()

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(BishopsWhistSave, data, "state")
        hands = [list(h) for h in d["hands"]]
        self._set(
            {
                **d,
                "order": list(d["order"]),
                "team_of": list(d["team_of"]),
                "match": list(d["match"]),
                "hands": [[], [], [], []],
                "trick": [list(e) for e in d["trick"]],
                "tricks": [{**t, "cards": [list(e) for e in t["cards"]]} for t in d["tricks"]],
                "exposed": [list(e) for e in d["exposed"]],
                "exposed_now": list(d["exposed_now"]),
                "revokes": [list(r) for r in d["revokes"]],
                "claimants": list(d["claimants"]),
                "hand_points": list(d["hand_points"]),
                "revoked_sides": list(d["revoked_sides"]),
                "_pending_deal": list(d["_pending_deal"]),
                "withdrawn": [list(e) for e in d.get("withdrawn", [])],
                "review": list(d.get("review", [])),
                "stood": list(d.get("stood", [])),
            }
        )
        if not all(all(c in _CARD_ID for c in h) and h == codes_of(bits_of(h)) for h in hands):
            self._check_cards(hands)  # bits cannot hold them: say what is wrong, as the checks would
        self.hands = hands
        self.sheet = _sheet_of(self.log, self.team_of)
        self.log = marked_leads(self.log, ("turn_up", "trick"))  # a loaded log's leads say so again

    def clone(self) -> BishopsWhistState:
        """A copy for the searching players, which clone at every move: field by field, two levels
        deep (hands, the trick and the lists of pairs are lists of lists), sharing what never changes
        once made — the game, the logged events and the gathered tricks. About 3x faster than the
        engine's generic deep copy."""
        if not _PLAIN_OBJECTS:
            return BishopsWhistState(self._game, None, self)
        other = object.__new__(BishopsWhistState)
        vars(other).update(vars(self))
        for name in self._CLONED:
            value = getattr(self, name)
            if type(value) is list:
                setattr(other, name, [x[:] if type(x) is list else x for x in value])
        other.sheet = list(self.sheet)
        other._log = self._log[:]
        other._pending = self._pending[:]  # what waits is never changed: each copy makes its events
        other.rng = self.rng.copy()
        other._teams = None
        return other

    def _copy_fields(self, src: BishopsWhistState) -> None:
        """``clone`` in the compiled build (mypyc): the same copy, field by field, for a class whose
        instances cannot be made blank with ``object.__new__`` nor copied through ``vars``."""
        for name, value in getattr(src, "__dict__", {}).items():  # fields of no declared type, if any
            setattr(self, name, value)
        self.game = src.game
        self._game = src._game
        self._flags(src._game)
        self.seed = src.seed
        self._log = src._log[:]
        self._pending = src._pending[:]
        self.rng = src.rng.copy()
        self._legal_cache = src._legal_cache
        self._range_cache = src._range_cache
        self._mask = -1
        self.order = src.order[:]
        self.team_of = src.team_of[:]
        self.match = src.match[:]
        self.dealer = src.dealer
        self.hand_number = src.hand_number
        self.phase = src.phase
        self._held = src._held[:]
        self.trump = src.trump
        self.turn_up = src.turn_up
        self.turn_up_held = src.turn_up_held
        self.bishop_cut = src.bishop_cut
        self.leader = src.leader
        self.trick = [e[:] for e in src.trick]
        self.tricks = src.tricks[:]  # the gathered tricks' dicts are shared: never changed once made
        self.exposed = [e[:] for e in src.exposed]
        self.exposed_now = src.exposed_now[:]
        self.withdrawn = [e[:] for e in src.withdrawn]
        self.review = src.review[:]
        self.stood = src.stood[:]
        self.revokes = [e[:] for e in src.revokes]
        self.claimants = src.claimants[:]
        self.hand_points = src.hand_points[:]
        self.revoked_sides = src.revoked_sides[:]
        self.hands_played = src.hands_played
        self.winner_side = src.winner_side
        self.finished = src.finished
        self._pending_deal = src._pending_deal[:]
        self._preset = src._preset
        self.sheet = src.sheet[:]
        self._teams = None
        self._cp = src._cp
        self.stub_log = src.stub_log
        self._board_for = src._board_for
        self._taken, self._taken_in = [0, 0, 0, 0, 0], None  # its tricks counted again at the hand's end
        self._sheet_for = src._sheet_for

    def _set(self, data: Mapping[str, Any]) -> None:
        for name in self._FIELDS:
            setattr(self, name, data[name])
        self._teams = None
        self._cp = -1

    # --- what no legal play can break ----------------------------------------------------------

    stub_log = False
    """True for a determinized world: its log holds only the score so far (all a view shows), so the
    fields are not checked against it."""

    def check_invariants(self) -> None:
        """Refuse (``InvalidState``) a state no legal play reaches; linear in the state's size."""
        if self.phase == PHASE_DEAL:
            self._deal_now()
        self._check_table()
        self._check_cards()
        self._check_phase()
        self._check_tricks()
        self._check_shown()
        self._check_history()
        self._check_scores()
        super().check_invariants()
        if not self.stub_log:
            self._check_log()

    def _check_table(self) -> None:
        if sorted(self.order) != [0, 1, 2, 3]:
            raise InvalidState(f"order: must seat 0, 1, 2 and 3 once each, not {self.order}")
        team, order = self.team_of, self.order
        if not all(team[order[i]] == team[order[i + 2]] != team[order[i + 1]] for i in range(2)):
            raise InvalidState(f"team_of: partners sit facing each other ({team} with order {order})")
        if self._game.options["partners"] == "fixed" and (order != [0, 1, 2, 3] or team != [0, 1, 0, 1]):
            raise InvalidState("order: with fixed partners seats 0 and 2 play against 1 and 3 in order 0-3")
        for name in ("dealer", "leader"):
            if not 0 <= getattr(self, name) < SEATS:
                raise InvalidState(f"{name}: must be a seat from 0 to 3")

    def _check_cards(self, hands: list[list[str]] | None = None) -> None:
        """The cards are the pack once over, each hand in pack order (``hands``: as a save gives them)."""
        if hands is None:
            hands = self.hands
        pack = BISHOPS_WHIST.counts()
        for name, cards in (
            ("hands", [c for h in hands for c in h]),
            ("trick", [c for _, c, _ in self.trick]),
            ("tricks", [c for t in self.tricks for _, c in t["cards"]]),
            ("_pending_deal", self._pending_deal),
            ("turn_up", [self.turn_up]),
        ):
            unknown = next((c for c in cards if c not in pack), None)
            if unknown is not None:
                raise InvalidState(f"{name}: {echo(unknown)} is not a card of the pack")
        held = self._inventory(hands)
        if held != pack:
            extra, missing = held - pack, pack - held
            raise InvalidState(
                f"hands: the cards must be the pack once over (extra {echo(sorted(extra.elements()), 120)}, "
                f"missing {echo(sorted(missing.elements()), 120)})"
            )
        for s, hand in enumerate(hands):
            if hand != sorted(hand, key=ORDER.__getitem__):
                raise InvalidState(f"hands.{s}: a hand is kept in pack order")

    def _check_phase(self) -> None:
        phase, table = self.phase, self._table_laws
        if self.finished != (phase == PHASE_OVER):
            raise InvalidState(f"finished: must be true exactly when the phase is over, not in {phase}")
        if self.winner_side is not None and phase != PHASE_OVER:
            raise InvalidState("winner_side: only a finished match has a winner")
        if (phase in (PHASE_REVIEW, PHASE_CLAIM) or self.exposed or self.revokes) and not table:
            raise InvalidState(f"phase: {phase}, exposed cards and revokes exist only under table laws")
        if bool(self.claimants) != (phase == PHASE_CLAIM) or bool(self.review) != (phase == PHASE_REVIEW):
            raise InvalidState("claimants: seats answer claims only in the claim phase, reviews in review")
        if ((self._preset or self._pending_deal) and phase != PHASE_TRUMP) or (
            self._preset and self._pending_deal
        ):
            raise InvalidState("_pending_deal: the pack waits undealt only while the dealer names trumps")
        sides = self.revoked_sides
        if (sides and phase not in (PHASE_CLAIM, PHASE_OVER)) or len(set(sides)) != len(sides):
            raise InvalidState("revoked_sides: sides found revoking are known only once claims are made")
        if self.hand_number < 1 or self.hands_played > self.hand_number - (phase != PHASE_OVER):
            raise InvalidState(
                f"hands_played: {self.hands_played} hands cannot be over in hand {self.hand_number}"
            )
        if self.hands_played > self._game.options["hand_limit"]:
            raise InvalidState(
                f"hands_played: more than the hand limit of {self._game.options['hand_limit']}"
            )
        if phase == PHASE_TRUMP:
            self._check_trump_phase()
            return
        if self.trump not in SUITS or (self.turn_up != KNIGHT and self.trump != suit_of(self.turn_up)):
            raise InvalidState(f"trump: {self.trump} cannot be trumps with the turn-up {self.turn_up}")
        if self.bishop_cut != is_bishop_cut(self.turn_up):
            raise InvalidState("bishop_cut: a bishop turned scores the bishop cut once the deal stands")
        done = len(self.tricks)
        if phase in (PHASE_CLAIM, PHASE_OVER):
            if done != TRICKS or self.trick or any(self.hands) or self.turn_up_held:
                raise InvalidState(f"tricks: in the {phase} phase the hand is played out (13 tricks)")
            if phase == PHASE_CLAIM:
                first = self.left_of(self.dealer)
                if self.claimants not in ([first, self.left_of(first)], [self.left_of(first)]):
                    raise InvalidState("claimants: one player of each side answers, from the dealer's left")
            else:
                self._check_result()
            return
        size = len(self.trick)
        if (phase == PHASE_REVIEW and (done >= KNIGHTS_TRICK - 1 or size != SEATS)) or (
            phase == PHASE_PLAY and (done >= TRICKS or size >= SEATS)
        ):
            raise InvalidState(
                f"trick: {len(self.trick)} cards cannot lie on trick {done + 1} in the {phase} phase"
            )
        if self.turn_up_held and self.turn_up not in self.hands[self.dealer]:
            raise InvalidState("turn_up_held: the dealer does not hold the turn-up")
        played = [s for s, _, _ in self.trick]
        for s in range(SEATS):
            if len(self.hands[s]) != HAND_SIZE - done - (s in played):
                raise InvalidState(f"hands.{s}: {len(self.hands[s])} cards, after {done} tricks")

    def _check_trump_phase(self) -> None:
        if self.turn_up != KNIGHT or self.trump is not None or self.trick or self.tricks or self.bishop_cut:
            raise InvalidState("phase: the dealer names trumps only after turning a knight, before play")
        sizes = [len(h) for h in self.hands]
        if sizes != ([HAND_SIZE] * SEATS if self._preset else [0] * SEATS):
            raise InvalidState(f"hands: {sizes} cards while the dealer names trumps")
        if self.exposed_now or self.revokes or self.stood or self.hand_points != [0, 0]:
            raise InvalidState("phase: nothing is played or scored before trumps are named")

    def _check_history(self) -> None:
        """What the tricks show: who took each, that the turn-up stayed the dealer's, and (strict laws)
        that nobody holds or later played a card of a suit he once showed out of."""
        if self.phase == PHASE_TRUMP:
            return
        played = [(t["cards"], is_knights_trick(t["number"]), t["winner"]) for t in self.tricks]
        for i, (cards, last, winner) in enumerate(played):
            if winner not in self._possible_winners(cards, last):
                raise InvalidState(f"tricks.{i}: seat {winner} cannot take this trick")
        lead = self.trick[0][1] if self.trick else ""
        for k, (_, card, as_ten) in enumerate(self.trick):
            may = knight_may_rank_ten(lead, k, self.trump)
            if as_ten and not may:
                raise InvalidState(f"trick.{k}: this knight cannot rank as a ten")
            if self._void_ten and card == KNIGHT and may != as_ten:
                raise InvalidState(f"trick.{k}: a knight on a plain suit led ranks as a ten")
        every = [(s, c, n) for n, (cards, _, _) in enumerate(played, 1) for s, c in cards]
        number = len(self.tricks) + 1
        every += [(s, c, number) for s, c, _ in self.trick]
        self._check_turn_up(every)
        if not self._table_laws:
            self._check_voids([*[cards for cards, _, _ in played], [e[:2] for e in self.trick]])

    def _possible_winners(self, cards: list[list[Any]], last: bool) -> set[int]:
        """Who takes a quitted trick: under ``void_knight=revoke-only`` a knight may or may not have
        ranked as a ten (that depended on the hand that played it), so each reading counts."""
        lead = cards[0][1]
        trump = self.trump
        tens = [k for k, (_, c) in enumerate(cards) if c == KNIGHT and knight_may_rank_ten(lead, k, trump)]
        if self._void_ten:
            readings: list[tuple[bool, ...]] = [(True,) * len(tens)]
        else:
            readings = list(itertools.product((True, False), repeat=len(tens)))
        out: set[int] = set()
        for flags in readings:
            ten = dict(zip(tens, flags, strict=True))
            out.add(self.trick_winner([[s, c, ten.get(k, False)] for k, (s, c) in enumerate(cards)], last))
        return out

    def _check_turn_up(self, every: list[tuple[int, str, int]]) -> None:
        """The turn-up is the dealer's: only he plays it, and everybody knows he holds it until he does
        (or knows it from seeing it taken back, ruling BW-24)."""
        up, dealer = self.turn_up, self.dealer
        shown = [dealer, up] in self.exposed or [dealer, up] in self.withdrawn
        if up == KNIGHT:
            if (
                not self.turn_up_held
                and not shown
                and not any(s == dealer and c == KNIGHT for s, c, _ in every)
            ):
                raise InvalidState(
                    "turn_up_held: the dealer has played no knight, so he holds the one turned"
                )
            return
        if any(c == up and s != dealer for s, c, _ in every):
            raise InvalidState(f"tricks: the turn-up {up} was played by another seat than the dealer")
        if up in self.hands[dealer] and not self.turn_up_held and not shown:
            raise InvalidState(f"turn_up_held: the dealer holds the turn-up {up}, as everybody knows")
        if not any(c == up for s, c, _ in every) and up not in self.hands[dealer]:
            raise InvalidState(f"hands.{dealer}: the dealer must hold the turn-up {up} until he plays it")

    def _check_voids(self, tricks: list[list[list[Any]]]) -> None:
        """Strict laws: a seat that played off the suit led had none of it (only the bishop, if it played a
        knight instead: the knight's revoke), so it can hold or play no such card afterwards."""
        shown = ShownOut()
        for n, cards in enumerate(tricks, 1):
            for s, c in cards:
                if not shown.may_hold(s, c):
                    raise InvalidState(
                        f"tricks: seat {s} plays {c} in trick {n}, having shown out of that suit"
                    )
            shown.see([(s, c) for s, c in cards])
        for s in range(SEATS):
            for c in self.hands[s]:
                if not shown.may_hold(s, c):
                    raise InvalidState(f"hands.{s}: seat {s} holds {c} but has shown out of that suit")

    def _check_tricks(self) -> None:
        order = self.order
        leader = self.left_of(self.dealer)
        for i, t in enumerate(self.tricks):
            seats = [s for s, _ in t["cards"]]
            if t["number"] != i + 1 or t["leader"] != leader:
                raise InvalidState(f"tricks.{i}: trick {i + 1} is led by seat {leader}")
            if (
                seats != [order[(order.index(leader) + k) % SEATS] for k in range(SEATS)]
                or t["winner"] not in seats
            ):
                raise InvalidState(f"tricks.{i}: the four seats play in turn from the leader")
            leader = t["winner"]
        if self.phase != PHASE_TRUMP and self.leader != leader:
            raise InvalidState(
                f"leader: must be seat {leader}, who took the last trick or sits at the dealer's left"
            )
        start = order.index(self.leader)
        for k, (s, c, as_ten) in enumerate(self.trick):
            if s != order[(start + k) % SEATS] or (as_ten and c != KNIGHT):
                raise InvalidState(
                    f"trick.{k}: cards fall in turn from the leader; only a knight ranks as a ten"
                )
        played = {s for s, _, _ in self.trick}
        if not set(self.stood) <= played or len(set(self.stood)) != len(self.stood):
            raise InvalidState("stood: only players in the trick on the table let their cards stand")
        if self.phase == PHASE_REVIEW and self.review != self._review_queue():
            raise InvalidState(f"review: the players off suit, in turn, are {self._review_queue()}")
        number = len(self.tricks) + 1
        seen: set[tuple[int, int]] = set()
        for s, n in self.revokes:
            if n < number:
                cards = self.tricks[n - 1]["cards"]
            else:
                cards = [e[:2] for e in self.trick] if n == number else []
            card = next((c for seat, c in cards if seat == s), None)
            if card is None or (s, n) in seen or is_knights_trick(n):
                raise InvalidState(f"revokes: seat {s} did not play to trick {n}")
            if is_irregular(cards[0][1]) or suit_of(card) == suit_of(cards[0][1]):
                raise InvalidState(f"revokes: seat {s} did not play off suit to trick {n}")
            seen.add((s, n))

    def _check_shown(self) -> None:
        now = self.exposed_now
        if len(set(now)) != len(now) or not all(0 <= s < SEATS for s in now):
            raise InvalidState("exposed_now: each seat exposes at most one card a trick")
        for name, shown in (("exposed", self.exposed), ("withdrawn", self.withdrawn)):
            if (self.phase == PHASE_TRUMP or not self._table_laws) and shown:
                raise InvalidState(f"{name}: cards are shown only in play under table laws")
            for s, _ in shown:
                if not 0 <= s < SEATS:
                    raise InvalidState(f"{name}: {s} is not a seat")
        for s in range(SEATS):
            known = Counter(c for seat, c in [*self.exposed, *self.withdrawn] if seat == s)
            if known - Counter(self.hands[s]):
                raise InvalidState(f"exposed: seat {s} does not hold every card shown as in its hand")

    def _check_scores(self) -> None:
        low, high = HAND_POINTS
        for side in (0, 1):
            if not low <= self.hand_points[side] <= high:
                raise InvalidState(f"hand_points.{side}: a hand scores from {low} to {high}")
            hands = self.hands_played + (self.phase != PHASE_OVER)
            if not low * hands <= self.match[side] <= high * hands:
                raise InvalidState(f"match.{side}: {self.match[side]} points cannot be made in {hands} hands")

    def _check_log(self) -> None:
        """Every fact held twice, in a field and in the log, told the same way: the hands dealt and
        scored (hand_end's hand, points, tricks, bishops and running match), the table cut, the match's
        end, and the hand in progress (``_check_hand_log``). Run after the base, which checks the
        score events' shape, their sum against ``match`` and each hand_end's against its hand's."""
        team_of, log = self.team_of, self.log
        run = [0, 0, 0, 0]  # each seat's points so far
        at_end = run[:]  # ... at the last hand_end
        ends, turn_ups, up_at = 0, 0, -1
        last_end: Mapping[str, Any] | None = None
        last_up: Mapping[str, Any] | None = None  # the last hand's turn_up, and the first's
        first_up: Mapping[str, Any] | None = None
        tables: list[Mapping[str, Any]] = []
        match_ends: list[Mapping[str, Any]] = []
        taken, bishops = [0, 0], [0, 0]  # tricks and bishops each side took in the hand
        for i, e in enumerate(log):
            kind = e.kind
            if kind not in _FACTS or e.to is not None:
                continue  # most of the log: the record, plays, private hands
            data = e.data
            if kind == "score":
                run[data["seat"]] += data["points"]
            elif kind == "turn_up":
                turn_ups, last_up, up_at = turn_ups + 1, data, i
                if first_up is None:
                    first_up = data
                taken, bishops = [0, 0], [0, 0]
            elif kind == "trick":
                winner, cards = _as_seat(data.get("winner")), data.get("cards")
                if winner is None or type(cards) is not list or len(cards) != SEATS:
                    raise InvalidState(f"log.{i}.data: a trick is four seats' cards and its winner")
                side = team_of[winner]
                taken[side] += 1
                for entry in cards:
                    if type(entry) is not list or len(entry) != 2:
                        raise InvalidState(f"log.{i}.data.cards: each a seat and its card")
                    if entry[1] in BISHOP_CARDS:
                        bishops[side] += 1
            elif kind == "hand_end":
                hand = last_up.get("hand") if last_up is not None else None
                match = [run[team_of.index(0)], run[team_of.index(1)]]
                for key, value in (("hand", hand), ("tricks", taken), ("bishops", bishops), ("match", match)):
                    if data.get(key) != value:
                        raise InvalidState(
                            f"log.{i}.data.{key}: {echo(data.get(key))}, but the log before it gives {value}"
                        )
                ends, last_end, at_end = ends + 1, data, run[:]
            elif kind == "table":
                tables.append(data)
            elif kind == "match_end":
                match_ends.append(data)
        if tables:
            cut = tables[-1]
            teams = [list(t) for t in self.teams]
            if len(tables) > 1 or cut.get("order") != self.order or cut.get("teams") != teams:
                raise InvalidState(
                    f"order: {self.order}, teams {self.teams}, but the log cut {echo(dict(cut))}"
                )
            if first_up is None or first_up.get("dealer") != cut.get("dealer"):
                raise InvalidState("dealer: the first hand is dealt by the lowest cut, as the log shows")
        elif self.order != [0, 1, 2, 3] or team_of != [0, 1, 0, 1]:
            raise InvalidState(
                "order: no cut for partners is logged (an explicit deal): seats 0 and 2 play 1 and 3"
            )
        if last_up is None or turn_ups != self.hand_number or last_up.get("hand") != self.hand_number:
            raise InvalidState(
                f"hand_number: {self.hand_number}, but the log turns up trumps for {turn_ups} hands"
            )
        for name, value in (("dealer", self.dealer), ("turn_up", self.turn_up)):
            logged = last_up.get("card" if name == "turn_up" else name)
            if logged != value:
                raise InvalidState(
                    f"{name}: {value}, but the log's turn-up of hand {self.hand_number} says {echo(logged)}"
                )
        if ends != self.hands_played:
            raise InvalidState(f"hands_played: {self.hands_played}, but the log ends {ends} hands")
        if self.phase == PHASE_OVER:
            points = last_end.get("points") if last_end is not None else None
            if run != at_end:
                raise InvalidState("match: nothing is scored after the last hand of a finished match")
        else:
            points = [run[s] - at_end[s] for s in range(SEATS)]
        if points != [self.hand_points[team_of[s]] for s in range(SEATS)]:
            raise InvalidState(
                f"hand_points: {self.hand_points}, but the log's score events of hand "
                f"{self.hand_number} give {echo(points)} (per seat)"
            )
        if len(match_ends) != int(self.finished) or (
            match_ends
            and (
                match_ends[0].get("winner_side") != self.winner_side
                or match_ends[0].get("scores") != self.match
            )
        ):
            raise InvalidState(
                f"winner_side: the match {'ended' if self.finished else 'goes on'} with side "
                f"{self.winner_side} at {self.match}, but the log ends it "
                f"{echo([dict(m) for m in match_ends])}"
            )
        self._check_hand_log(up_at)

    def _check_hand_log(self, start: int) -> None:
        """The hand in progress, from its turn-up in the log: its trumps named, each seat's cards dealt
        (private events) less those played, the tricks gathered, the cards on the table (corrections
        taken back), the revokes made, the cards exposed and withdrawn, the claims answered."""
        dealt: dict[int, list[str]] = {}
        trumps: list[Any] = []
        held: list[list[str]] | None = None
        trick: list[list[Any]] = []
        tricks: list[Any] = []
        revokes: list[list[int]] = []
        exposed: list[list[Any]] = []
        withdrawn: list[list[Any]] = []
        exposed_now: list[int] = []
        answers, revoked_sides = 0, list[int]()
        table_laws, team_of = self._table_laws, self.team_of
        log = self.log
        for i in range(start + 1, len(log)):
            e = log[i]
            kind, data = e.kind, e.data
            if e.to is not None:
                if kind == "hand" and e.to != RECORD:
                    cards = data.get("cards")
                    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                        raise InvalidState(f"log.{i}.data.cards: the cards dealt to seat {e.to}")
                    dealt[e.to] = cards
                    if len(dealt) == SEATS:
                        held = [list(dealt[s]) for s in range(SEATS)]
                continue
            if kind in ("play", "expose", "correct", "withdraw"):
                seat, card = _as_seat(data.get("seat")), data.get("card")
                if seat is None or not isinstance(card, str):
                    raise InvalidState(f"log.{i}.data: a {kind} names a seat and a card")
                hand = held[seat] if held is not None else None
                if hand is not None and kind in ("play", "expose") and card not in hand:
                    raise InvalidState(
                        f"log.{i}.data: seat {seat} cannot {kind} {card}, a card it does not hold"
                    )
                if kind == "play":
                    as_ten = False
                    if hand is not None:
                        lead = trick[0][1] if trick else None
                        if table_laws and card not in lawful_cards(hand, lead):
                            revokes.append([seat, len(tricks) + 1])
                        if (
                            card == KNIGHT
                            and lead is not None
                            and knight_may_rank_ten(lead, len(trick), self.trump)
                        ):
                            suited = [c for c in hand if c[-1] == lead[-1]]
                            as_ten = self._void_ten or suited == [f"{BISHOP}{lead[-1]}"]  # ruling BW-10
                        hand.remove(card)
                    for shown in (exposed, withdrawn):
                        if [seat, card] in shown:
                            shown.remove([seat, card])
                            break
                    trick.append([seat, card, as_ten])
                elif kind == "expose":
                    exposed.append([seat, card])
                    exposed_now.append(seat)
                elif kind == "correct":
                    at = next((k for k, entry in enumerate(trick) if entry[0] == seat), None)
                    if at is None or trick[at][1] != card:
                        raise InvalidState(
                            f"log.{i}.data: seat {seat} takes back {card}, which it did not play"
                        )
                    number = len(tricks) + 1
                    for s, _c, _ in trick[at:]:
                        if [s, number] in revokes:
                            revokes.remove([s, number])
                    del trick[at:]
                    exposed.append([seat, card])
                    if held is not None:
                        held[seat].append(card)
                elif kind == "withdraw":
                    withdrawn.append([seat, card])
                    if held is not None:
                        held[seat].append(card)
                continue
            if kind == "trick":
                tricks.append({k: data.get(k) for k in ("number", "leader", "cards", "winner")})
                if [[s, c] for s, c, _ in trick] != data.get("cards"):
                    raise InvalidState(
                        f"log.{i}.data.cards: not the cards the log plays to trick {len(tricks)}"
                    )
                trick, exposed_now = [], []
            elif kind == "trump":
                trumps.append(data)
            elif kind in ("claim", "no_claim"):
                answers += 1
            elif kind == "revokes_found":
                by = _as_seat(data.get("by"))
                if by is None:
                    raise InvalidState(f"log.{i}.data.by: the seat that claimed")
                side = team_of[by]
                found = [r for r in revokes if team_of[r[0]] != side]
                if data.get("revokes") != found:
                    raise InvalidState(f"log.{i}.data.revokes: the revokes made are {found}")
                if found and 1 - side not in revoked_sides:
                    revoked_sides.append(1 - side)
        if trumps and (len(trumps) > 1 or trumps[0].get("suit") != self.trump):
            raise InvalidState(
                f"trump: {self.trump}, but the log names {echo([t.get('suit') for t in trumps])}"
            )
        checks: tuple[tuple[str, object, object], ...] = (
            ("tricks", self.tricks, tricks),
            (
                "trick",
                self.trick if held is not None else [e[:2] for e in self.trick],
                trick if held is not None else [e[:2] for e in trick],
            ),
            ("revokes", self.revokes, revokes),
            ("exposed", self.exposed, exposed),
            ("withdrawn", self.withdrawn, withdrawn),
            ("exposed_now", self.exposed_now, exposed_now),
            ("revoked_sides", self.revoked_sides, revoked_sides),
        )
        for name, field_value, logged in checks:
            if field_value != logged:
                raise InvalidState(
                    f"{name}: {echo(field_value)}, but the log of hand {self.hand_number} gives "
                    f"{echo(logged)}"
                )
        if self.phase != PHASE_TRUMP and held is None:
            raise InvalidState(f"hands: the log deals no hands in hand {self.hand_number}")
        if held is not None:
            for s in range(SEATS):
                if Counter(held[s]) != Counter(self.hands[s]):
                    raise InvalidState(
                        f"hands.{s}: not the cards the log deals seat {s}, less those it played"
                    )
        elif any(self.hands) and not self._preset:
            raise InvalidState("hands: cards held while the log deals none")
        if self.phase == PHASE_CLAIM and len(self.claimants) + answers != 2:
            raise InvalidState(f"claimants: {self.claimants}, but the log has {answers} of the two answers")

    def _check_result(self) -> None:
        decided, side = self._result()
        if not decided:
            if self.hands_played < self._game.options["hand_limit"]:
                raise InvalidState("finished: the game is not decided and the hand limit is not reached")
            side = self._result_at_limit()
        if self.winner_side != side:
            raise InvalidState(f"winner_side: the scores {self.match} give {side}, not {self.winner_side}")


def _as_seat(value: object) -> int | None:
    """``value`` if it is a seat (a logged event's data may be anything in a tampered save)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEATS else None


def _sheet_of(log: Sequence[Event], team_of: Sequence[int]) -> list[tuple[int, int, int]]:
    """The score sheet as the log's ``hand_end`` events tell it: (hand, side 0's points, side 1's)."""
    rows: list[tuple[int, int, int]] = []
    first = [team_of.index(0), team_of.index(1)]
    for e in log:
        if e.kind == "hand_end" and e.to is None:
            points, hand = e.data.get("points"), e.data.get("hand")
            if (
                not isinstance(points, list)
                or len(points) != SEATS
                or not all(isinstance(p, int) and not isinstance(p, bool) for p in points)
                or not isinstance(hand, int)
            ):
                raise InvalidState(f"log: a hand_end event without the hand's points: {echo(dict(e.data))}")
            rows.append((hand, points[first[0]], points[first[1]]))
    return rows


# --- the events that wait in ``BishopsWhistState._pending``, made when the log is read -------------------
# Each makes, from what the play left (ints, and lists never changed again), the events it logged before
# the log was made lazily: the same kinds, data, texts and order.


def _trick_event(entry: dict[str, Any]) -> Event:
    """A gathered trick's event: its entry in ``tricks`` and, in words, its winner and bishops."""
    bishops = [c for _, c in entry["cards"] if c in BISHOP_CARDS]
    text = f"trick {entry['number']} to seat {entry['winner']}" + (
        f", with {' '.join(bishops)}" if bishops else ""
    )
    return _new_tuple(Event, ("trick", MappingProxyType({**entry, "text": text}), None))


def _score_events(log: list[Event], seats: list[int], points: int, reason: str) -> None:
    """A side's score: one event for each of its seats."""
    for seat in seats:
        log.append(score_event(seat, points, reason))


def _hand_end_event(
    log: list[Event], hand: int, points: list[int], tricks: list[int], bishops: list[int], match: list[int]
) -> None:
    text = (
        f"hand {hand}: tricks {tricks[0]}-{tricks[1]}, "
        f"bishops {bishops[0]}-{bishops[1]}; score {match[0]}-{match[1]}"
    )
    log.append(hand_end_event(points, text, hand=hand, tricks=tricks, bishops=bishops, match=match))


def _turn_up_event(log: list[Event], hand: int, dealer: int, card: str, lifted: int) -> None:
    text = f"hand {hand}: seat {dealer} deals and turns {card}"
    log.append(Event("turn_up", {"hand": hand, "dealer": dealer, "card": card, "cut": lifted, "text": text}))


def _hand_events(log: list[Event], *held: int) -> None:
    """The cards dealt, each seat's in pack order, seen by that seat alone."""
    for s, bits in enumerate(held):
        log.append(Event("hand", {"cards": codes_of(bits)}, to=s))


def _cut_event(log: list[Event], cut: dict[int, str]) -> None:
    cards = {str(s): c for s, c in cut.items()}
    log.append(
        Event("cut", {"cards": cards, "text": "cut: " + ", ".join(f"seat {s} {c}" for s, c in cut.items())})
    )


def _table_event(
    log: list[Event], order: list[int], team_of: list[int], ranking: list[int], by_cut: bool
) -> None:
    """The table the cuts made: the seating, the partners (``teams``), the first dealer (the lowest cut)."""
    teams = [[s for s in range(SEATS) if team_of[s] == x] for x in (0, 1)]
    dealer, high, low = ranking[-1], ranking[:2], ranking[2:]
    text = f"seat {dealer} cut lowest and deals first"
    if by_cut:
        text += f"; partners: seats {high[0]} and {high[1]} against seats {low[0]} and {low[1]}"
    log.append(Event("table", {"order": order, "teams": teams, "dealer": dealer, "text": text}))


DEAL_KEYS = ("dealer", "turn_up", "hands", "trump")


def _checked_deal(deal: object) -> tuple[int, str, list[list[str]], str | None]:
    """An explicit deal's (dealer, turn-up, hands, trump), or ``InvalidDeal`` saying what is wrong.

    Nothing the caller gave is trusted: types, sizes, seats and cards are checked, and what is echoed
    in a message is cut short.
    """
    if not isinstance(deal, Mapping):
        raise InvalidDeal(
            f"a deal is a mapping of 'dealer', 'turn_up', 'hands' (and 'trump'), not {echo(deal)}"
        )
    unknown = [k for k in deal if k not in DEAL_KEYS]
    if unknown:
        raise InvalidDeal(f"a deal has no key {echo(unknown[0])}: its keys are {', '.join(DEAL_KEYS)}")
    missing = [k for k in DEAL_KEYS[:3] if k not in deal]
    if missing:
        raise InvalidDeal(f"a deal needs 'dealer', 'turn_up' and four 'hands' ({', '.join(missing)} missing)")
    dealer, turn_up, hands, trump = deal["dealer"], deal["turn_up"], deal["hands"], deal.get("trump")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < SEATS:
        raise InvalidDeal(f"dealer must be a seat 0-3, not {echo(dealer)}")
    if not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != SEATS:
        raise InvalidDeal(f"hands must be a list of four hands of 13 cards, not {echo(hands)}")
    checked_hands: list[list[str]] = []
    for s, hand in enumerate(hands):
        if not isinstance(hand, Sequence) or isinstance(hand, str) or len(hand) != HAND_SIZE:
            raise InvalidDeal(f"hands.{s} must be a list of 13 cards, not {echo(hand)}")
        for i, card in enumerate(hand):
            if not isinstance(card, str) or not BISHOPS_WHIST.is_card(card):
                raise InvalidDeal(f"hands.{s}.{i}: {echo(card)} is not a card of the {BISHOPS_WHIST.title}")
        checked_hands.append(list(hand))
    excess = Counter(c for h in checked_hands for c in h) - BISHOPS_WHIST.counts()
    if excess:
        raise InvalidDeal(f"hands: too many of {', '.join(sorted(excess))} for the {BISHOPS_WHIST.title}")
    if not isinstance(turn_up, str) or not BISHOPS_WHIST.is_card(turn_up):
        raise InvalidDeal(f"turn_up: {echo(turn_up)} is not a card of the {BISHOPS_WHIST.title}")
    if turn_up not in checked_hands[dealer]:
        raise InvalidDeal(f"the turn-up {turn_up} must be in the dealer's hand")
    if trump is not None and (not isinstance(trump, str) or trump not in SUITS):
        raise InvalidDeal(f"trump must be one of {', '.join(SUITS)}, not {echo(trump)}")
    if turn_up != KNIGHT and trump is not None and trump != suit_of(turn_up):
        raise InvalidDeal(f"the turn-up {turn_up} makes {suit_of(turn_up)} trumps, not {trump}")
    return dealer, turn_up, checked_hands, trump


class BishopsWhist(Game[BishopsWhistState]):
    """Dana's four-handed partnership game: 25 points a game."""

    name = "bishops-whist"
    title = "Bishops Whist"
    min_players = SEATS
    max_players = SEATS  # two lines: mypyc compiles no chained assignment of class attributes
    pack = "bishops52"
    summary = (
        "Dana's 1899 whist: castle-aces, bishops worth 2 points each, four suitless knights that "
        "guard bishops and rule the thirteenth trick."
    )
    option_specs = (
        Option("laws", "strict", "strict: an illegal card is refused; table: revokes and exposed cards "
               f"are possible and punished (-{REVOKE_PENALTY} a revoke on claim, -{EXPOSED_CARD_PENALTY} "
               "an exposed card)", ("strict", "table")),
        Option("partners", "fixed", "fixed: seats 1 and 3 against 2 and 4 (by mutual choice); cut: "
               "the two highest cuts against the two lowest", ("fixed", "cut")),  # ruling BW-1
        Option("irregular_trick", "first-suit", "who takes a trick led by a knight when no trump falls: "
               "the highest card of the first suit played (first-suit) or the leader (leader)",
               ("first-suit", "leader")),  # ruling BW-12
        Option("void_knight", "ten", "a knight discarded by a player void in the plain suit led ranks as "
               "its ten (ten), or only a knight's revoke does (revoke-only)", ("ten", "revoke-only")),
        Option("tie", "play-on", "equal scores of 25 or more: play another hand (play-on) or call the "
               "game drawn (draw)", ("play-on", "draw")),  # ruling BW-14
        Option("revoking_side", "play-on", "a side found revoking in a hand cannot win the game with it; "
               "if it stands highest with 25 or more, another hand is played (play-on) or the other side "
               "wins, given 25 or more (opponents-win); at the hand limit: a draw, or the other side",
               ("play-on", "opponents-win")),  # ruling BW-23
        Option("misdeal_chance", 0.0, "table laws: the chance that a deal is spoilt by a dealer's fault "
               "(misdeals III-VI), to study their effect", minimum=0.0, maximum=0.5),  # ruling BW-17
        Option("hand_limit", 200, "end the match after this many hands, the higher side winning "
               "(a safeguard: under table laws penalties can keep both sides below 25 for ever)",
               minimum=1, maximum=HAND_LIMIT_MAX),  # rulings BW-20, BW-25
    )  # fmt: skip
    action_specs = (
        ActionSpec("play", ("card",), "play a card ('play N' for a knight)"),
        ActionSpec("trump", ("suit",), "name trumps after a knight is turned"),
        ActionSpec("deal", (), "table laws: deal before naming trumps (misdeal II)"),
        ActionSpec("expose", ("card",), f"table laws: expose a card (-{EXPOSED_CARD_PENALTY})"),
        ActionSpec("stand", (), "table laws: let your card on the complete trick stand"),
        ActionSpec("correct", ("card",), "table laws: take back a revoke and play the right card"),
        ActionSpec("claim", (), "table laws: claim a revoke at the end of the hand"),
        ActionSpec("pass", (), "table laws: make no claim"),
    )
    view_extra = BishopsWhistExtra
    hand_points_bounds: tuple[float, float] | None = (0.0, float(HAND_POINTS[1]))
    decision_kinds = DECISION_KINDS
    seat_roles = ("dealer",)
    zone_kinds = ("hand", "turn_up", "stock", "tricks_won")
    value_scale = float(TARGET)
    """The game: match points near 1 as a side wins."""

    def seating(self, view: View[Any]) -> Sequence[int]:
        """The seats clockwise (partners cut for sit across: ruling BW-4), as the view records them."""
        order: list[int] = view.extra.order
        return order

    def extra_layout(self) -> Sequence[tuple[str, tuple[int, ...]]]:
        """Beyond the shared segments: whether the dealer still holds the turn-up, the bishop cut, the
        tricks and points of each side this hand (the observer's side first), the cards each seat has
        exposed or withdrawn under table laws (known to lie in its hand), and the observer's own
        revokes this hand."""
        cards = len(self.card_codes)
        return (
            ("turn_up_held", (1,)),
            ("bishop_cut", (1,)),
            ("side_tricks", (2,)),
            ("side_points", (2,)),
            ("exposed", (SEATS, cards)),
            ("withdrawn", (SEATS, cards)),
            ("own_revokes", (1,)),
        )

    def encode_extra(
        self, view: View[Any], out: Mapping[str, npt.NDArray[np.float32]], rel: Sequence[int]
    ) -> None:
        x: BishopsWhistExtra = view.extra
        out["turn_up_held"][0] = x.turn_up_held
        out["bishop_cut"][0] = x.bishop_cut
        mine = view.seats[0 if view.seat is None else view.seat].team
        for side in (0, 1):
            out["side_tricks"][side != mine] = x.tricks_won[side] / TRICKS
            out["side_points"][side != mine] = x.hand_points[side] / TARGET
        index = self.observation_encoder.index
        for s in range(SEATS):
            for card in x.exposed[s]:
                out["exposed"][rel[s], index[card]] += 1
            for card in x.withdrawn[s]:
                out["withdrawn"][rel[s], index[card]] += 1
        out["own_revokes"][0] = len(x.own_revokes)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.table_laws = self.options["laws"] == "table"
        self.void_ten = self.options["void_knight"] == "ten"  # ruling BW-10
        self.irregular_leader = self.options["irregular_trick"] == "leader"
        if self.table_laws:
            self.hand_points_bounds = (float(HAND_POINTS[0]), float(HAND_POINTS[1]))

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> BishopsWhistState:
        """A match; ``deal`` = ``{"dealer", "turn_up", "hands", ["trump"]}`` fixes the first hand.

        With an explicit deal the partnerships are seats 0 and 2 against 1 and 3.
        """
        state = BishopsWhistState(self, seed)
        state._start(deal)
        return state

    def _blank_state(self) -> BishopsWhistState:
        return BishopsWhistState(self, 0)

    def determinize(self, view: View[Any], rng: Rng) -> BishopsWhistState:
        """A whole state that ``view`` cannot tell from the real one: the cards the seat cannot see dealt
        to the other seats by ``deal_unseen``, uniformly among the deals that keep every card known to
        lie in a hand (the turn-up held, exposed and withdrawn cards) and, under strict laws, every
        suit a seat has shown out of."""
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view has no hand to start from")
        extra: BishopsWhistExtra = view.extra
        state = BishopsWhistState(self, rng.randrange(2**62))
        state.stub_log = True
        state.order = list(extra.order)
        state.team_of = [0] * SEATS
        for side, members in enumerate(view.teams):
            for s in members:
                state.team_of[s] = side
        state.dealer = dealer_of(view)
        state.hand_number = view.hand_number or 0
        state.phase = extra.phase
        state.trump = view.trump
        state.turn_up = extra.turn_up
        state.turn_up_held = extra.turn_up_held
        state.bishop_cut = extra.bishop_cut
        tricks = quitted_tricks(view)
        state.tricks = [
            {
                "number": t.number,
                "leader": t.leader,
                "cards": [[p.seat, p.card] for p in t.plays],
                "winner": t.winner,
            }
            for t in tricks
        ]
        if view.trick is not None and view.trick.leader is not None:
            state.leader = view.trick.leader
        elif tricks:
            state.leader = int(tricks[-1].winner or 0)
        else:
            state.leader = state.left_of(state.dealer)
        state.exposed = [[s, c] for s in range(SEATS) for c in extra.exposed[s]]
        state.withdrawn = [[s, c] for s in range(SEATS) for c in extra.withdrawn[s]]
        state.hand_points = list(extra.hand_points)
        state.finished = view.is_over
        side_scores = {state.team_of[s]: int(view.scores[s]) for s in range(SEATS)}
        state.match = [side_scores.get(0, 0), side_scores.get(1, 0)]
        # The world's log carries the scores as the view shows them, so the world is a whole state.
        state.log = [
            score_event(s, state.match[state.team_of[s]], "so far")
            for s in range(SEATS)
            if state.match[state.team_of[s]]
        ]
        if view.score_sheet is not None:
            rows = view.score_sheet.rows
            state.sheet = [(int(r.label.split()[-1]), int(r.values[0]), int(r.values[1])) for r in rows]
        state.hands_played = extra.hands_played
        state.exposed_now = list(extra.exposed_this_trick)
        state.review = list(extra.review)
        state.stood = list(extra.stood)
        state.revokes = [[seat, n] for n in extra.own_revokes]  # the others' revokes are their secret
        if view.outcome is not None and view.outcome.winners:
            state.winner_side = state.team_of[view.outcome.winners[0]]
        if state.phase == PHASE_CLAIM:
            first = state.left_of(state.dealer)
            pending = [first, state.left_of(first)]
            state.claimants = pending[pending.index(int(view.to_move or 0)) :]
        sizes = [s.hand_size or 0 for s in view.seats]
        if state.phase == PHASE_TRUMP and sum(sizes) == 0:
            # Before the deal nobody holds a card: the undealt pack goes back in an unknown order.
            undealt = list((BISHOPS_WHIST.counts() - Counter([state.turn_up])).elements())
            rng.shuffle(undealt)
            state._pending_deal = undealt
            return state
        state._preset = state.phase == PHASE_TRUMP
        known: list[list[str]] = []
        for s in range(SEATS):
            zone = view.zone("hand", s)
            known.append(list(view.hand) if s == seat else (zone.face_up if zone is not None else []))
        on_table = [(p.seat, p.card) for p in view.trick.plays] if view.trick is not None else []
        seen = Counter(c for h in known for c in h)
        seen.update(p.card for t in tricks for p in t.plays)
        seen.update(c for _, c in on_table)
        unseen = list((BISHOPS_WHIST.counts() - seen).elements())
        # Under strict laws nobody revokes, so every suit shown out of is a constraint; table laws allow
        # revokes, so there play shows nothing certain.
        if self.table_laws:
            may_hold = _anything
        else:
            shown_out = ShownOut.of([*([(p.seat, p.card) for p in t.plays] for t in tricks), on_table])
            may_hold = shown_out.may_hold
        dealt = deal_unseen(unseen, [sizes[s] - len(known[s]) for s in range(SEATS)], may_hold, rng)
        state.hands = [[*known[s], *dealt[s]] for s in range(SEATS)]  # kept as bits, so in pack order
        # A knight's rank in the trick on the table follows from the (sampled) hand that played it.
        state.trick = []
        for s, c in on_table:
            state.trick.append([s, c, state._counts_as_ten(s, c) if c == KNIGHT else False])
        return state


def _anything(seat: int, card: str) -> bool:
    return True


_PLAIN_OBJECTS: Final = makes_blank(BishopsWhistState)
"""Whether ``clone`` may make a blank state with ``object.__new__`` (pure) or only by ``__init__``."""
