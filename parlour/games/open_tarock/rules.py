"""Open tarock for children: a two-player trick game played from face-up stacks.

Each player's cards lie in stacks whose top cards are turned up, so both players
see exactly the same cards; the only hidden information is the face-down rest of
the stacks, hidden from their owner too. Points are counted in batches of three
the tarock way, which is linear in the cards: a card counts its points less two
thirds, so a seat's count is ``(3 * sum(points) - 2 * cards) / 3`` however the
cards are grouped, and the two counts always make the pack's total.

The rules run on small integers (``Core``: a card's id is its place in the pack and the id of its
``play`` action; each seat's turned-up cards a bit set); the text API, the views, the saves, the log
and ``determinize`` are made from that one core when asked for.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, Final

import numpy as np
import numpy.typing as npt
from pydantic import Field

from parlour.cards import ROMAN, SUIT_NAMES, TAROT_78, Pack, get_pack
from parlour.engine import Event, Game, InvalidDeal, InvalidOption, InvalidState, Option, Rng, State
from parlour.engine.actions import Action, ActionSpec
from parlour.engine.errors import echo
from parlour.engine.game import RECORD, Outcome
from parlour.engine.saves import Code, SaveDict, Seat, checked
from parlour.engine.views import (
    Play,
    ScoreRow,
    ScoreSheet,
    TrickView,
    View,
    Zone,
    ZoneKind,
    internal,
    labelled,
    per_seat,
    play,
)
from parlour.mechanics import (
    GatheredTrick,
    Lead,
    deal_unseen,
    follow_suit,
    hand_end_event,
    is_lead,
    marked_leads,
    score_event,
)
from parlour.mechanics import trick_winner as highest_wins

PLAYERS = 2
TRICK_SIZE = PLAYERS
PACKS: tuple[str, ...] = ("tarock54", "tarot78")
DEFAULT_STACKS: Mapping[str, tuple[int, ...]] = {"tarock54": (7, 7, 7, 6), "tarot78": (10, 10, 10, 9)}
"""Three equal stacks and one a card shorter, half the pack a player (ruling OT-1)."""

TRUMP = "T"
"""The suit key of the tarocks (I to XXI and the Sküs), which are outside the four suits."""

SKUS = "SK"
"""The Sküs (the Fool): simply the highest tarock (ruling OT-8)."""
PAGAT = "I"
"""The tarock I: simply the lowest tarock (ruling OT-8)."""
TRUMP_STRENGTH: Mapping[str, int] = {**{r: i + 1 for i, r in enumerate(ROMAN)}, SKUS: len(ROMAN) + 1}
"""I is the lowest trump, XXI the second highest, the Sküs (Fool) the highest."""

HONOURS: Mapping[str, int] = {"K": 5, "Q": 4, "C": 3, "J": 2}
"""The face cards of the suits and their values: king, queen, cavalier, jack."""
TRULL: frozenset[str] = frozenset({SKUS, "XXI", PAGAT})
"""The Sküs, XXI and I: the tarocks that are face cards."""
TRULL_POINTS = 5
EMPTY_CARD_POINTS = 1
"""Every card that is not a face card is empty: it counts 1 in a batch."""

BATCH = 3
"""A batch of three: the cards are counted in threes."""
BATCH_DISCOUNT = 2
"""A batch counts its cards' points (an empty card 1) less 2: one face card its value, two their sum
less 1, three their sum less 2, none 1 — the seed's rule, restated (ruling OT-12)."""
THIRDS = BATCH
"""Counts are kept in thirds of a point: a batch's discount falls two thirds on each of its three cards
(ruling OT-12), so a count is a whole number of thirds ("35 and two" = 35⅔, ruling OT-15)."""


@cache
def suit_of(card: str) -> str:
    """The suit letter, or ``T`` for a tarock (trump)."""
    return TRUMP if card in TRUMP_STRENGTH else card[-1]


def is_tarock(card: str) -> bool:
    return card in TRUMP_STRENGTH


def strength(pack: Pack, card: str) -> int:
    """Rank within the card's own suit (or among the trumps): higher beats lower. Red pips run
    upwards and black pips downwards, as the pack lists them (ruling OT-9)."""
    if card in TRUMP_STRENGTH:
        return TRUMP_STRENGTH[card]
    ranks = pack.suit_ranks[card[-1]]
    return len(ranks) - ranks.index(card[:-1])


@cache
def card_points(card: str) -> int:
    """Nominal points: K and the trull 5, Q 4, C 3, J 2; an empty card counts 1 in a batch."""
    if card in TRULL:
        return TRULL_POINTS
    if card in TRUMP_STRENGTH:
        return EMPTY_CARD_POINTS
    return HONOURS.get(card[:-1], EMPTY_CARD_POINTS)


@cache
def card_thirds(card: str) -> int:
    """A card's share of the count in thirds: its points less two thirds (13 for a king, 1 for an empty
    card), since a batch of three counts its points less 2 (ruling OT-12)."""
    return THIRDS * card_points(card) - BATCH_DISCOUNT  # the batch's 2 shared by its three cards


def short_batch_thirds(cards: Sequence[str], short_batch: str = "thirds") -> int:
    """A short last batch of one or two cards, in thirds (ruling OT-13): each card its points less
    two thirds (``thirds``), or counted like a full batch (``literal``: its points less one per card
    beyond the first)."""
    if short_batch == "thirds" or not cards:
        return sum(map(card_thirds, cards))
    return THIRDS * (sum(map(card_points, cards)) - (len(cards) - 1))


def count_thirds(cards: Sequence[str], short_batch: str = "thirds") -> int:
    """A pile's count in thirds of a point: its batches of three and its short last batch.

    A full batch of three counts its points less 2 (the seed's rule, restated), so full batches are
    linear and their grouping never matters (ruling OT-12); a short last batch counts as
    ``short_batch_thirds`` says.
    """
    full = BATCH * (len(cards) // BATCH)
    return sum(map(card_thirds, cards[:full])) + short_batch_thirds(cards[full:], short_batch)


def batches(cards: Sequence[str]) -> list[list[str]]:
    """The pile in batches of three, as it was taken (for the count shown to the players)."""
    return [list(cards[i : i + BATCH]) for i in range(0, len(cards), BATCH)]


def pack_total(pack: Pack) -> int:
    """The whole pack's count in points: 70 for the 54-card pack, 78 for the 78-card pack (ruling
    OT-14)."""
    return count_thirds(pack.cards) // THIRDS


def par(pack: Pack) -> int:
    """The par: half the pack's count (35, or 39 with the 78-card pack); a hand's game points are the
    count less the par (rulings OT-14, OT-15)."""
    return pack_total(pack) // PLAYERS


def fmt_thirds(thirds: int) -> str:
    """A count in thirds, written the way players say it: ``35⅔``, ``-1⅓``."""
    sign = "-" if thirds < 0 else ""
    whole, rest = divmod(abs(thirds), THIRDS)
    frac = {0: "", 1: "⅓", 2: "⅔"}[rest]
    if whole == 0 and frac:
        return sign + frac
    return f"{sign}{whole}{frac}"


MAX_STACKS_TEXT = 200
"""No sensible ``stacks`` option is longer (39 sizes of two digits); longer text is refused unread."""


def parse_stacks(text: object, pack: str) -> tuple[int, ...]:
    """The stack sizes an option names (``auto`` = the pack's default), checked against the pack.

    Sizes are plain decimal numbers (ASCII digits only) separated by commas; anything else is
    refused with ``InvalidOption`` saying what is allowed (ruling OT-17).
    """
    usage = "give 'auto' or stack sizes separated by commas, such as '7,7,7,6'"
    if not isinstance(text, str):
        raise InvalidOption(f"option stacks={echo(text)} is not allowed: {usage}")
    if len(text) > MAX_STACKS_TEXT:
        raise InvalidOption(f"option stacks is at most {MAX_STACKS_TEXT} characters: {usage}")
    if text.strip().lower() == "auto":
        return DEFAULT_STACKS[pack]
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise InvalidOption(f"option stacks={echo(text)} is not allowed: {usage}")
    sizes = tuple(int(p) for p in parts)
    half = len(get_pack(pack)) // PLAYERS
    if min(sizes) < 1 or sum(sizes) != half:
        raise InvalidOption(
            f"option stacks={echo(text)} is not allowed: the stacks must be positive and hold "
            f"{half} cards, half the {pack} pack"
        )
    return sizes


MAX_HALF = len(TAROT_78) // PLAYERS
"""The most cards a player holds: half the 78-card pack (the bound of every saved list)."""
STACK_LABELS = tuple(f"stack {i + 1}" for i in range(MAX_HALF))
_DOWN: list[str | None] = [None]
"""The stacks' labels in a view, in stack order."""
Stack = Annotated[list[Code], Field(max_length=MAX_HALF)]
Pile = Annotated[list[Code], Field(max_length=PLAYERS * MAX_HALF)]
HandPoints = Annotated[float, Field(ge=-1000.0, le=1000.0)]


class TrickCardSave(SaveDict):
    seat: Seat
    card: Code


class TrickSave(SaveDict):
    leader: Seat
    cards: tuple[TrickCardSave, TrickCardSave]
    winner: Seat


class OpenTarockSave(SaveDict):
    """The saved state of a match (``OpenTarockState._data``); ruling OT-19 says what else must hold."""

    hand_number: Annotated[int, Field(ge=1, le=100)]
    dealer: Seat
    leader: Seat
    turn: Seat | None
    stacks: tuple[
        Annotated[list[Stack], Field(max_length=MAX_HALF)], Annotated[list[Stack], Field(max_length=MAX_HALF)]
    ]
    trick: Annotated[list[tuple[Seat, Code]], Field(max_length=1)]
    tricks: Annotated[list[TrickSave], Field(max_length=MAX_HALF)]
    piles: tuple[Pile, Pile]
    hand_points: Annotated[list[tuple[HandPoints, HandPoints]], Field(max_length=100)]
    totals: tuple[
        Annotated[float, Field(ge=-100_000.0, le=100_000.0)],
        Annotated[float, Field(ge=-100_000.0, le=100_000.0)],
    ]


# --- tricks ---------------------------------------------------------------------------------------


_STRENGTHS: dict[str, Mapping[str, int]] = {}


def strengths(pack: Pack) -> Mapping[str, int]:
    """Every card's ``strength`` in ``pack``, looked up once."""
    table = _STRENGTHS.get(pack.name)
    if table is None:
        table = _STRENGTHS[pack.name] = {c: strength(pack, c) for c in pack.cards}
    return table


def trick_winner(pack: Pack, trick: Sequence[tuple[int, str]]) -> int:
    """The led card wins unless the answer is higher in its suit, or a tarock to a led suit card: a
    discard never wins (ruling OT-7), and the Sküs is simply the highest tarock (ruling OT-8)."""
    return highest_wins(trick, suit_of, strengths(pack).__getitem__, TRUMP)


def playable(tops: Sequence[str], led: str | None) -> list[str]:
    """The turned-up cards that may answer ``led`` (``None``: leading, any of them): follow suit if a
    turned-up card can (a tarock led is followed with a tarock), else play a tarock if one is turned
    up, else any card (rulings OT-5, OT-6). Cards still face down never oblige."""
    if led is None:
        return list(tops)
    suited = follow_suit(tops, suit_of(led), suit_of)
    if suited and suit_of(suited[0]) == suit_of(led):
        return suited
    return [c for c in tops if is_tarock(c)] or list(tops)


# --- the view's own part ------------------------------------------------------------------------


@dataclass(slots=True)
class OpenTarockExtra:
    """What an Open Tarock view says beyond the shared fields (the stacks and the piles are zones)."""

    par: int = labelled("par")
    """Half the pack's count: a hand's game points are the count less the par (OT-14, OT-15)."""
    counted: list[str] = per_seat("counted so far")  # noqa: RUF009 (field metadata)
    """Each pile counted in batches of three, in points and thirds ("12⅔")."""
    deals: int = internal()
    """The hands in the match: shown from the view's ``hands_in_match`` ("Hand 1 of 2"), a row of
    its own ("hands in the match 2") would say it twice."""
    played: list[str] = internal()  # noqa: RUF009 (field metadata)
    """This hand's tricks, card by card in the order played (each trick's leader first)."""


# --- the integer core: cards as ids, the turned-up cards as bit sets -------------------------------

_new_tuple = tuple.__new__
NO_CARD = -1
"""A card id meaning "none": no card led, no card turned up."""


@dataclass(frozen=True, slots=True)
class Core:
    """A pack's cards as small integers, looked up once per pack: a card's id is its place in the pack,
    which is also the id of ``play <card>`` in the game's action space (``card_id``)."""

    codes: tuple[str, ...]
    card_id: Mapping[str, int]
    play_id: Mapping[str, int]
    """``play <card>`` (canonical text) to the card's id."""
    play_text: tuple[str, ...]
    """Each card's ``play <card>``, the canonical text of its action."""
    suit_mask: tuple[int, ...]
    """Per card: the bits of every card of its suit (the tarocks are one suit, ruling OT-6)."""
    trump_mask: int
    thirds: tuple[int, ...]
    """Each card's ``card_thirds`` (ruling OT-12)."""
    points: tuple[int, ...]
    answer_wins: bytes
    """``answer_wins[led * size + answer]``: 1 if the answer takes the trick (``trick_winner``,
    rulings OT-7, OT-8)."""
    play_line: tuple[tuple[str, ...], tuple[str, ...]]
    """``seat s plays K♥`` per seat and card: a play event's text."""
    turns_up: tuple[str, ...]
    """`` and turns up K♥`` per card: the rest of the text when a stack's next card is turned up."""
    shown: tuple[str, ...]
    """Each card as players see it written (``K♥``)."""
    named: tuple[str, ...]
    """Each card as a sentence names it, as the front ends write a log's codes: ``K♥``, ``tarock
    VIII``, ``the Sküs``."""


_CORES: dict[str, Core] = {}


def core_of(pack: Pack) -> Core:
    """The pack's ``Core``, made once."""
    core = _CORES.get(pack.name)
    if core is None:
        codes = tuple(pack.cards)
        if len(set(codes)) != len(codes):
            raise ValueError(f"the {pack.title} holds a card twice: the core numbers distinct cards")
        suits = [suit_of(c) for c in codes]
        by_suit = {s: sum(1 << i for i, t in enumerate(suits) if t == s) for s in set(suits)}
        shown = tuple(pack.pretty(c) for c in codes)
        table = strengths(pack)
        core = _CORES[pack.name] = Core(
            codes=codes,
            card_id={c: i for i, c in enumerate(codes)},
            play_id={f"play {c}": i for i, c in enumerate(codes)},
            play_text=tuple(f"play {c}" for c in codes),
            suit_mask=tuple(by_suit[s] for s in suits),
            trump_mask=by_suit.get(TRUMP, 0),
            thirds=tuple(card_thirds(c) for c in codes),
            points=tuple(card_points(c) for c in codes),
            answer_wins=bytes(
                int(highest_wins(((0, a), (1, b)), suit_of, table.__getitem__, TRUMP) == 1)
                for a in codes
                for b in codes
            ),
            play_line=(
                tuple(f"seat 0 plays {s}" for s in shown),
                tuple(f"seat 1 plays {s}" for s in shown),
            ),
            turns_up=tuple(f" and turns up {s}" for s in shown),
            shown=shown,
            named=tuple(_named(pack, c) for c in codes),
        )
    return core


_TRICK: Final = re.compile(r"\((\S+) (\S+)\)$")
"""A trick's logged cards, the led one first: "(T♣ J♥)"."""

_HAND_END: Final = re.compile(r"hand (\d+) ends: seat 0 (\S+), seat 1 (\S+)")
"""A hand end's logged text: each seat's count of its pile (``event_words`` says what they are)."""


def _named(pack: Pack, code: str) -> str:
    """``code`` as a sentence names it: a suited card by its symbol, a tarock by its name ("tarock
    VIII"), the Sküs or the Fool with "the"."""
    if pack.suit(code):
        return pack.pretty(code)
    name = pack.card_name(code)
    return name if name.startswith("tarock ") else f"the {name}"


def ids_of(mask: int) -> list[int]:
    """The ids of a bit set, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legal_mask(tops: int, led: int, core: Core) -> int:
    """``playable`` on bits: the turned-up cards (``tops``) that may answer ``led`` (``NO_CARD``: leading,
    any of them): the led suit if one is turned up, else a tarock, else any (rulings OT-5, OT-6)."""
    if led < 0:
        return tops
    return tops & core.suit_mask[led] or tops & core.trump_mask or tops


def count_ids(pile: Sequence[int], core: Core, short_batch: str) -> int:
    """``count_thirds`` of a pile of ids: its whole batches by the card's thirds, then the short last
    batch as ``short_batch`` says (rulings OT-12, OT-13)."""
    full = BATCH * (len(pile) // BATCH)
    thirds = core.thirds
    total = 0
    for c in pile[:full]:
        total += thirds[c]
    rest = pile[full:]
    if short_batch == "thirds" or not rest:
        return total + sum(thirds[c] for c in rest)
    return total + THIRDS * (sum(core.points[c] for c in rest) - (len(rest) - 1))


_Raw = tuple[list[list[list[str]]], list[tuple[int, str]], list[GatheredTrick], list[list[str]]]
"""A loaded save's stacks, trick, tricks and piles as it gave them, kept until the next card is played
so that ``check_invariants`` judges exactly what was loaded (the core is made from them)."""


class OpenTarockState(State):
    """One match: ``deals`` hands, the deal passing to the other player each hand.

    The rules run on the core: every stack of the deal a tuple of card ids (top card first) and how
    many of its cards are played, each seat's turned-up cards a bit set, the card led an id, the
    hand's tricks as the ids played and their winners. The text API, the views, the saves and the log
    are made from it when asked for."""

    game: OpenTarock
    hand_number: int = 0
    """The hands begun, counted at each deal (it serves as ``State.hand_number``)."""
    """What the log is still to hold (``log``): a card played as one int (``_play``), whose events are
    made when the log is read, and the events logged after it, in order."""

    def __init__(self, game: OpenTarock, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.hand_number = 0
        self.dealer = 0
        self.leader = 0
        self.turn: int | None = None
        self._set_stacks([[], []])
        self._led = NO_CARD
        """The card led to the trick on the table (by ``leader``), or ``NO_CARD``."""
        self._played: list[int] = []
        """This hand's tricks, card by card in the order played (each trick's leader first)."""
        self._won: list[int] = []
        """Who took each of this hand's tricks."""
        self._piles: list[list[int]] = [[], []]
        self.hand_points: list[list[float]] = []
        self.totals: list[float] = [0.0, 0.0]
        self._raw: _Raw | None = None

    def _set_stacks(self, stacks: Sequence[Sequence[Sequence[int]]]) -> None:
        """A deal's stacks (ids, top card first) as the core holds them: seat 0's then seat 1's in one
        tuple, none of their cards played yet."""
        self._stk: tuple[tuple[int, ...], ...] = tuple(tuple(s) for p in (0, 1) for s in stacks[p])
        self._n0 = len(stacks[0])
        """How many of ``_stk`` are seat 0's."""
        self._taken: list[int] = [0] * len(self._stk)
        """How many cards of each stack are played."""
        where = [0] * len(self.game.core.codes)
        tops = [0, 0]
        for i, stack in enumerate(self._stk):
            for c in stack:
                where[c] = i
            if stack:
                tops[0 if i < self._n0 else 1] |= 1 << stack[0]
        self._where: tuple[int, ...] = tuple(where)
        """Each card's stack (an index of ``_stk``)."""
        self._tops = tops
        """Each seat's turned-up cards as bits."""
        n0 = self._n0
        self._places: tuple[tuple[int, str], ...] = tuple(
            (0, STACK_LABELS[i]) if i < n0 else (1, STACK_LABELS[i - n0]) for i in range(len(self._stk))
        )
        """Each stack's owner and label in a view."""

    def _stack_range(self, seat: int) -> range:
        return range(self._n0) if seat == 0 else range(self._n0, len(self._stk))

    # --- the text API's fields, made from the core -------------------------------------------------

    @property
    def stacks(self) -> list[list[list[str]]]:
        """stacks[seat][i]: the cards of stack i, top (turned-up) card first."""
        if self._raw is not None:
            return self._raw[0]
        codes, stk, taken = self.game.core.codes, self._stk, self._taken
        return [[[codes[c] for c in stk[i][taken[i] :]] for i in self._stack_range(p)] for p in (0, 1)]

    @property
    def trick(self) -> list[tuple[int, str]]:
        """The trick on the table as ``(seat, card)``: the card led, or nothing."""
        if self._raw is not None:
            return self._raw[1]
        return [(self.leader, self.game.core.codes[self._led])] if self._led >= 0 else []

    @property
    def tricks(self) -> list[GatheredTrick]:
        """This hand's tricks taken, in order."""
        if self._raw is not None:
            return self._raw[2]
        codes, played = self.game.core.codes, self._played
        out = []
        leader = self.dealer
        for i, winner in enumerate(self._won):
            a, b = codes[played[2 * i]], codes[played[2 * i + 1]]
            out.append(GatheredTrick(leader, ((leader, a), (1 - leader, b)), winner))
            leader = winner
        return out

    @property
    def piles(self) -> list[list[str]]:
        """Each seat's pile: the cards of the tricks it took, as gathered."""
        if self._raw is not None:
            return self._raw[3]
        codes = self.game.core.codes
        return [[codes[c] for c in self._piles[0]], [codes[c] for c in self._piles[1]]]

    # --- the contract ------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.turn is None

    @property
    def scores(self) -> list[float]:
        return list(self.totals)

    def _outcome(self) -> Outcome:
        """The higher total after the match's hands wins; equal totals (to rounding) are a draw
        (ruling OT-4)."""
        a, b = self.totals
        hands = "the one hand" if self.game.deals == 1 else f"{self.game.deals} hands"  # not "1 hand"
        w = 0 if a > b else 1
        # the winner's total first, as a score is read ("-5 to 5" read as a loss to the winner)
        high, low = (a, b) if w == 0 else (b, a)
        shown = f"{fmt_thirds(round(THIRDS * high))} to {fmt_thirds(round(THIRDS * low))}"
        if abs(a - b) < 1e-9:
            return Outcome((), f"equal totals after {hands}: {shown}")
        return Outcome((w,), f"seat {w} has the higher total after {hands}: {shown}")

    def _top_ids(self, seat: int) -> list[int]:
        """The seat's turned-up cards as ids, in stack order."""
        stk, taken = self._stk, self._taken
        return [stk[i][taken[i]] for i in self._stack_range(seat) if taken[i] < len(stk[i])]

    def tops(self, seat: int) -> list[str]:
        """The seat's turned-up cards, in stack order: the only cards it may play."""
        codes = self.game.core.codes
        return [codes[c] for c in self._top_ids(seat)]

    def _compute_legal(self) -> list[str]:
        """``play <card>`` for each card that may be played, in stack order (rulings OT-5, OT-6)."""
        turn = self.turn
        if turn is None:
            return []
        core = self.game.core
        mask = legal_mask(self._tops[turn], self._led, core)
        text = core.play_text
        stk, taken = self._stk, self._taken
        out = []
        for i in self._stack_range(turn):
            stack, t = stk[i], taken[i]
            if t < len(stack) and mask >> stack[t] & 1:
                out.append(text[stack[t]])
        return out

    def _playable(self, seat: int) -> list[str]:
        return playable(self.tops(seat), self.trick[0][1] if self.trick else None)

    def explain_illegal(self, action: Action) -> str:
        if self.turn is None:
            return "the match is over"
        card = action.card
        tops = self.tops(self.turn)
        if card not in tops:
            return (
                f"{card} is not one of your turned-up cards; you may play only the top card of a stack: "
                + ", ".join(tops)
            )
        if not self.trick:
            return "not a legal action now"
        led = suit_of(self.trick[0][1])
        legal = self._playable(self.turn)
        if led == TRUMP:  # ruling OT-6
            return "you must follow a led tarock with a tarock: " + ", ".join(legal)
        if suit_of(legal[0]) == led:
            return f"you must follow suit ({SUIT_NAMES[led]}): " + ", ".join(legal)
        return f"you cannot follow suit ({SUIT_NAMES[led]}), so you must play a tarock: " + ", ".join(legal)

    # --- the hot path: text and ids straight to the core ------------------------------------------

    def legal_action_ids(self) -> list[int]:
        """The legal ids are the ids of the cards that may be played (``play <card>``'s id is the
        card's): read off the bits, no text made."""
        turn = self.turn
        if turn is None:
            return []
        return ids_of(legal_mask(self._tops[turn], self._led, self.game.core))

    def apply_id(self, action_id: int) -> None:
        """A legal card id is carried out on the core at once; anything else goes the engine's way,
        with its checks and reasons."""
        turn = self.turn
        if (
            turn is not None
            and type(action_id) is int
            and action_id >= 0
            and legal_mask(self._tops[turn], self._led, self.game.core) >> action_id & 1
        ):
            self._acting()
            self._play(turn, action_id, True)
            return
        super().apply_id(action_id)

    def apply(self, action: str | Action, seat: int | None = None) -> None:
        """Canonical ``play <card>`` text of a legal card goes to the core by its id (no parsing);
        anything else the engine's way."""
        turn = self.turn
        if seat is None and turn is not None and type(action) is str:
            core = self.game.core
            card = core.play_id.get(action)
            if card is not None and legal_mask(self._tops[turn], self._led, core) >> card & 1:
                self._acting()
                self._play(turn, card, True)
                return
        super().apply(action, seat)

    def _acting(self) -> None:
        """What the engine's ``_record_action`` does besides logging (the record waits in
        ``_pending``): the legal lists forgotten, a copied live source given its new owner's record."""
        rng = self.rng
        if rng.sink is None and rng.live:
            rng.sink = self._record_chance
        self._legal_cache = self._range_cache = None

    def _apply(self, action: Action) -> None:
        seat = self.turn
        assert seat is not None
        self._play(seat, self.game.core.card_id[action.card], False)

    # --- the log, made from the core when it is read ---------------------------------------------

    def _flush(self) -> None:
        log, pending = self._events, self._pending
        self._pending = []
        core = self.game.core
        codes, shown = core.codes, core.shown
        # Events made directly (each its data a dict of our own, as ``Event`` would wrap it).
        for p in pending:
            if not isinstance(p, int):
                log.append(p)
                continue
            card, seat, revealed = p & 127, p >> 7 & 1, (p >> 8 & 127) - 1
            if p >> 15 & 1:
                action = MappingProxyType({"seat": seat, "action": core.play_text[card]})
                log.append(_new_tuple(Event, ("action", action, RECORD)))
            text = core.play_line[seat][card]
            if revealed >= 0:
                text += core.turns_up[revealed]
            data = {"seat": seat, "card": codes[card], "revealed": codes[revealed] if revealed >= 0 else None}
            data["text"] = text
            # the first card of a trick is a ``Lead``: the log says it "leads"
            log.append(_new_tuple(Event if p >> 16 & 1 else Lead, ("play", MappingProxyType(data), None)))
            if p >> 16 & 1:
                winner, led = p >> 17 & 1, p >> 18 & 127
                both = f"{shown[led]} {shown[card]}"
                trick = {
                    "winner": winner,
                    "cards": [codes[led], codes[card]],
                    "text": f"seat {winner} takes the trick ({both})",
                }
                log.append(_new_tuple(Event, ("trick", MappingProxyType(trick), None)))

    # --- playing ------------------------------------------------------------------------------

    def _play(self, seat: int, card: int, record: bool) -> None:
        """``seat`` plays ``card`` (legal): the stack's next card turned up at once, an emptied stack
        gone (ruling OT-10); the trick taken once both have played. Its events wait in ``_pending``
        (with the record's action if ``record``: the fast paths log none)."""
        self._raw = None
        i = self._where[card]
        stack = self._stk[i]
        t = self._taken[i] = self._taken[i] + 1
        tops = self._tops
        revealed = stack[t] if t < len(stack) else NO_CARD
        if revealed >= 0:
            tops[seat] ^= 1 << card | 1 << revealed
        else:
            tops[seat] ^= 1 << card
        entry = card | seat << 7 | (revealed + 1) << 8 | record << 15
        led = self._led
        if led < 0:
            self._led = card
            self._pending.append(entry)
            self.turn = 1 - seat
            return
        # the trick is complete: the led card wins unless the answer beats it (rulings OT-7, OT-8)
        core = self.game.core
        winner = seat if core.answer_wins[led * len(core.codes) + card] else 1 - seat
        self._pending.append(entry | 1 << 16 | winner << 17 | led << 18)
        self._played += (led, card)
        self._won.append(winner)
        self._piles[winner] += (led, card)
        self._led = NO_CARD
        self.leader = winner
        if tops[winner]:
            self.turn = winner
            return
        self._end_hand()  # ruling OT-11: both run out together; no bonus for the last trick

    def _end_hand(self) -> None:
        game = self.game
        log = self._pending  # after the cards played, still to be logged
        piles = self.piles
        thirds = [count_thirds(piles[s], game.short_batch) for s in (0, 1)]
        par3 = THIRDS * game.par
        points = [(t - par3) / THIRDS for t in thirds]  # ruling OT-15: the count less the par
        for s in (0, 1):
            log.append(
                Event(
                    "count",
                    {
                        "seat": s,
                        "count": thirds[s] / THIRDS,
                        "cards": len(piles[s]),
                        "batches": batches(piles[s]),
                        "text": f"seat {s} counts {fmt_thirds(thirds[s])} with {len(piles[s])} cards",
                    },
                )
            )
        for s in (0, 1):
            self.totals[s] += points[s]
            log.append(
                score_event(
                    s,
                    points[s],
                    f"count {fmt_thirds(thirds[s])} against the par of {game.par}",
                    f"seat {s} scores {fmt_thirds(thirds[s] - par3)}",
                )
            )
        self.hand_points.append(points)
        log.append(
            hand_end_event(
                points,
                f"hand {self.hand_number} ends: "
                + ", ".join(f"seat {s} {fmt_thirds(thirds[s])}" for s in (0, 1)),
                hand=self.hand_number,
                counts=[t / THIRDS for t in thirds],
            )
        )
        if self.hand_number >= game.deals:  # ruling OT-4
            self.turn = None
            log.append(Event("match_end", {"scores": list(self.totals), "winners": self.winners}))
            return
        self._deal(1 - self.dealer)  # ruling OT-3: the deal alternates

    def _deal(self, dealer: int, stacks: list[list[list[str]]] | None = None) -> None:
        """Shuffle and deal a hand, stack by stack, the dealer's opponent first (ruling OT-2); the dealer
        leads."""
        self._raw = None
        self.hand_number += 1
        self.dealer = dealer
        self.leader = dealer
        self._piles = [[], []]
        self._played = []
        self._won = []
        self._led = NO_CARD
        core = self.game.core
        ids: list[list[list[int]]] = [[], []]
        if stacks is None:
            cards = list(range(len(core.codes)))  # the shuffle moves places, whatever they hold
            self.rng.shuffle(cards)
            pos = 0
            for size in self.game.stack_sizes:
                for seat in (1 - dealer, dealer):
                    ids[seat].append(cards[pos : pos + size])
                    pos += size
        else:
            ids = [[[core.card_id[c] for c in s] for s in stacks[p]] for p in (0, 1)]
        self._set_stacks(ids)
        log = self._pending  # after any live draw (which the log records at once, the pending first)
        shown = core.shown
        for seat in (0, 1):
            tops = self._top_ids(seat)
            log.append(
                Event(
                    "deal",
                    {
                        "seat": seat,
                        "stacks": [len(self._stk[i]) for i in self._stack_range(seat)],
                        "tops": [core.codes[c] for c in tops],
                        "text": f"seat {seat} turns up " + " ".join(shown[c] for c in tops),
                    },
                )
            )
        self.turn = dealer

    def inventory(self) -> Counter[str]:
        inv: Counter[str] = Counter()
        piles = self.piles
        for seat, stacks in enumerate(self.stacks):
            for stack in stacks:
                inv.update(stack)
            inv.update(piles[seat])
        inv.update(c for _, c in self.trick)
        return inv

    def clone(self) -> OpenTarockState:
        """A copy for the searching players: the few small lists the play changes copied, the deal's
        stacks (tuples), the logged events and the game shared."""
        other = object.__new__(OpenTarockState)
        vars(other).update(vars(self))
        other._taken = self._taken[:]
        other._tops = self._tops[:]
        other._played = self._played[:]
        other._won = self._won[:]
        other._piles = [self._piles[0][:], self._piles[1][:]]
        other.hand_points = self.hand_points[:]  # each hand's pair is never changed once appended
        other.totals = self.totals[:]
        other._events = self._events[:]
        other._pending = self._pending[:]
        other.rng = self.rng.copy()
        other._board_for = other._counts_for = None
        if self._raw is not None:
            other._raw = copy.deepcopy(self._raw)
        return other

    # --- what a seat sees: the same for both (only the face-down cards are hidden, from both) -------

    _Board = tuple[tuple[str, ...], tuple[Play, ...], tuple[int, int, int] | None]
    _board_for: tuple[int, _Board] | None = None
    _sheet_for: tuple[int, tuple[str, ...]] | None = None

    def _board(self) -> _Board:
        """The hand's tricks as the views show them: the cards in the order played, the last trick's
        plays and its leader, winner and number. Kept until the next trick is taken or a new hand
        dealt (a view is asked for at every move; a hand's tricks only grow)."""
        won = self._won
        key = self.hand_number << 8 | len(won)
        cached = self._board_for
        if cached is not None and cached[0] == key:
            return cached[1]
        codes = self.game.core.codes
        played = self._played
        if not won:
            board: OpenTarockState._Board = ((), (), None)
        else:
            before = cached[1][0] if cached is not None and cached[0] >> 8 == self.hand_number else ()
            winner = won[-1]
            leader = won[-2] if len(won) > 1 else self.dealer
            board = (
                (*before, *(codes[c] for c in played[len(before) :])),
                (play(leader, codes[played[-2]]), play(1 - leader, codes[played[-1]])),
                (leader, winner, len(won)),
            )
        self._board_for = (key, board)
        return board

    def view(self, seat: int | None) -> View[OpenTarockExtra]:
        codes = self.game.core.codes
        taken = self._taken
        held = [0, 0]
        zones = []
        for stack, t, (p, label) in zip(self._stk, taken, self._places, strict=True):
            left = len(stack) - t
            held[p] += left
            zones.append(
                Zone("stack", p, [codes[stack[t]], *_DOWN * (left - 1)] if left else [], label, left)
            )
        piles = self._piles
        taken = [len(piles[0]) // 2, len(piles[1]) // 2]  # two cards a trick, to its winner's pile
        zones.append(Zone("tricks_won", 0, [codes[c] for c in piles[0]], "pile", len(piles[0]), taken[0]))
        zones.append(Zone("tricks_won", 1, [codes[c] for c in piles[1]], "pile", len(piles[1]), taken[1]))
        game = self.game
        played, last_plays, last_of = self._board()
        roles: dict[int, list[str]] = {self.dealer: ["dealer"]}
        roles.setdefault(self.leader, []).append("leader")
        led = self._led
        if led >= 0:
            # one clause: after "Your turn: " the web table read "answer C♦: follow suit, else ...".
            # The act as the log ("plays"), the move ("play <card>") and the rules name it, and the card
            # as the log names it: it read "answer VIII" beside the log's "seat 0 plays tarock VIII".
            core = self.game.core
            if core.suit_mask[led] == core.trump_mask:
                prompt = f"play to {core.named[led]}, with a tarock if you can"
            else:
                prompt = f"play to {core.named[led]}, following suit if you can, else with a tarock"
        else:
            prompt = "lead one of your turned-up cards"
        hand_points = self.hand_points
        sheet = self._sheet_for
        if sheet is None or sheet[0] != len(hand_points):
            sheet = self._sheet_for = (
                len(hand_points),
                # a match of one hand: "the hand", not "hand 1"
                ("the hand",) if game.deals == 1 else tuple(f"hand {i + 1}" for i in range(len(hand_points))),
            )
        return self.make_view(
            seat,
            # Positional: the fields in the order ``OpenTarockExtra`` declares them.
            extra=OpenTarockExtra(game.par, self._counts(), game.deals, list(played)),
            zones=zones,
            situation=self._situation(),
            decision="play",
            prompt=prompt,
            trick=TrickView(
                [play(self.leader, codes[led])] if led >= 0 else [], self.leader, None, len(self._won) + 1
            )
            if self.turn is not None
            else None,
            last_trick=TrickView(list(last_plays), *last_of) if last_of is not None else None,
            score_sheet=ScoreSheet(
                ["seat 0", "seat 1"], list(map(ScoreRow, sheet[1], map(list, hand_points)))
            ),
            hand_number=self.hand_number,
            hands_in_match=game.deals,
            roles=roles,
            hand_sizes=held,
        )

    _counts_for: tuple[int, list[str]] | None = None

    def _counts(self) -> list[str]:
        """Each pile counted in batches of three, as shown; counted again once a trick is taken or a
        hand dealt (the piles change only then)."""
        key = self.hand_number << 8 | len(self._won)
        cached = self._counts_for
        if cached is None or cached[0] != key:
            short, core = self.game.short_batch, self.game.core
            counts = [
                fmt_thirds(count_ids(self._piles[0], core, short)),
                fmt_thirds(count_ids(self._piles[1], core, short)),
            ]
            cached = self._counts_for = (key, counts)
        return list(cached[1])

    def event_words(self, event: Event) -> str:
        """The log's lines as a person reads them (the logged texts stay as they were: replays of older
        saves compare them): a card that leads a trick "leads" (a ``Lead``; every card "played"), and a
        match of one hand does not count it ("hand 1 ends: ..."). A trick's two cards are parted by a
        comma ("seat 2 takes the trick (T♣, J♥)"): the terminal and the web part a run of cards with a
        comma only where one is outside the suits, so "(T♣ J♥)" stood beside "(K♣, tarock XVI)"."""
        text = super().event_words(event)
        if is_lead(event):
            return text.replace(" plays ", " leads ", 1)
        if event.kind == "trick":
            return _TRICK.sub(r"(\1, \2)", text)
        ended = _HAND_END.fullmatch(text) if event.kind == "hand_end" else None
        if ended is not None:
            # "hand 1 ends: seat 0 37⅓, seat 1 32⅔" did not say what the figures were: each pile's count
            # (the view's "counted"), against the par the game points are made from
            hand, a, b = ended.groups()
            head = "the hand" if self.game.deals == 1 else f"hand {hand}"
            return f"{head} ends: seat 0 counted {a}, seat 1 {b} (par {self.game.par:g})"
        return text

    def _situation(self) -> str:
        """News that no other field of the view holds: during play, none. The hand's number and the
        match's hands are ``hand_number`` and ``hands_in_match`` ("Hand 1 of 2"), the seat to lead or
        answer and the card led are the decision and the trick: said here too ("hand 1 of 2: seat 0 to
        answer C♦"), every table showed them twice ("You to answer C♦" under "Your turn: answer C♦")."""
        if self.turn is None:
            outcome = self.outcome
            assert outcome is not None
            return "the match is drawn" if outcome.draw else f"seat {outcome.winners[0]} wins the match"
        return ""

    # --- saving ------------------------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "leader": self.leader,
            "turn": self.turn,
            "stacks": self.stacks,
            "trick": [[s, c] for s, c in self.trick],
            "tricks": [t.to_dict() for t in self.tricks],
            "piles": self.piles,
            "hand_points": self.hand_points,
            "totals": self.totals,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(OpenTarockSave, data, "state")
        self._board_for = self._counts_for = None
        self.hand_number = d["hand_number"]
        self.dealer = d["dealer"]
        self.leader = d["leader"]
        self.turn = d["turn"]
        raw: _Raw = (
            [[list(s) for s in d["stacks"][p]] for p in (0, 1)],
            [(s, c) for s, c in d["trick"]],
            [GatheredTrick.from_dict(t) for t in d["tricks"]],
            [list(p) for p in d["piles"]],
        )
        self.hand_points = [list(p) for p in d["hand_points"]]
        self.totals = list(d["totals"])
        # The core, made from the fields as loaded; ``check_invariants`` then judges the fields
        # themselves, kept as given (``_raw``) until the next card is played.
        ids = self.game.core.card_id
        stacks, trick, tricks, piles = raw
        try:
            self._set_stacks([[[ids[c] for c in s] for s in stacks[p]] for p in (0, 1)])
            self._led = ids[trick[0][1]] if trick else NO_CARD
            self._played = [ids[c] for t in tricks for _, c in t.cards]
            self._won = [t.winner for t in tricks]
            self._piles = [[ids[c] for c in piles[0]], [ids[c] for c in piles[1]]]
        except (KeyError, IndexError):
            pass  # a card that is not the pack's: refused by ``check_invariants`` (the stacks, the pack)
        self._raw = raw
        self.log = marked_leads(self.log, ("deal", "trick"))  # a loaded log's leads say so again

    def check_invariants(self) -> None:
        """What every state play reaches satisfies (ruling OT-19); linear in the state's size."""
        super().check_invariants()
        game = self.game
        pack = game.card_pack
        for name, seat in (("dealer", self.dealer), ("leader", self.leader), ("turn", self.turn)):
            if seat not in (0, 1) and not (name == "turn" and seat is None):
                raise InvalidState(f"{name}: {echo(seat)} is not seat 0 or 1")
        if not 1 <= self.hand_number <= game.deals:
            raise InvalidState(f"hand_number: {self.hand_number} is not a hand of a {game.deals}-hand match")
        inventory = self.inventory()
        if inventory != pack.counts():
            extra = sorted((inventory - pack.counts()).elements())
            missing = sorted((pack.counts() - inventory).elements())
            raise InvalidState(
                f"stacks: the stacks, piles and trick must hold the {pack.title} exactly once "
                f"(extra: {echo(', '.join(extra)) if extra else 'none'}; "
                f"missing: {echo(', '.join(missing)) if missing else 'none'})"
            )
        # the tricks of this hand: each led by the last one's winner, won as the rules say,
        # and gathered in that order onto the winner's pile
        leader = self.dealer
        gathered: list[list[str]] = [[], []]
        for i, t in enumerate(self.tricks):
            seats = [s for s, _ in t.cards]
            if t.leader != leader or seats != [leader, 1 - leader]:
                raise InvalidState(f"tricks.{i}: led by seat {t.leader}, but seat {leader} was to lead")
            plays = list(t.cards)
            if not all(pack.is_card(c) for _, c in plays):
                raise InvalidState(f"tricks.{i}: {echo(plays)} names a card not in the {pack.title}")
            if t.winner != trick_winner(pack, plays):
                raise InvalidState(f"tricks.{i}.winner: seat {t.winner} did not win that trick")
            leader = t.winner
            gathered[leader].extend(c for _, c in plays)
        if self.piles != gathered:
            raise InvalidState("piles: each pile must hold exactly the cards of the tricks its player won")
        if self.leader != leader:
            raise InvalidState(f"leader: seat {self.leader}, but seat {leader} leads this trick")
        held = [sum(len(s) for s in self.stacks[p]) for p in (0, 1)]
        if self.trick:
            seat, _card = self.trick[0]
            if seat != leader:
                raise InvalidState(f"trick: played by seat {seat}, but seat {leader} led")
            held[seat] += 1
        if held[0] != held[1]:
            raise InvalidState(
                f"stacks: both players must hold as many cards (they hold {held[0]} and {held[1]})"
            )
        if self.turn is None:
            if self.hand_number != game.deals or held[0] or len(self.hand_points) != game.deals:
                raise InvalidState("turn: nobody is to play, but the match is not over")
            counts = [count_thirds(self.piles[p], game.short_batch) for p in (0, 1)]
            last = [(t - THIRDS * game.par) / THIRDS for t in counts]
            if any(abs(a - b) > 1e-9 for a, b in zip(last, self.hand_points[-1], strict=True)):
                raise InvalidState("hand_points: the last hand's points are not the piles' counts")
        else:
            if not held[0]:
                raise InvalidState("stacks: the hand is played out, but the match goes on")
            expected = 1 - leader if self.trick else leader
            if self.turn != expected:
                raise InvalidState(f"turn: seat {self.turn} is to play, but it is seat {expected}'s turn")
            if len(self.hand_points) != self.hand_number - 1:
                raise InvalidState(
                    f"hand_points: {len(self.hand_points)} hands scored before hand {self.hand_number}"
                )
        # every hand's points: in thirds, within the pack's count, summing to 0 (or 1 with the
        # literal short batch), and adding up to the totals
        sums = [0.0, 0.0]
        for i, points in enumerate(self.hand_points):
            both = sum(points)
            allowed = (0.0, 1.0) if game.short_batch == "literal" else (0.0,)
            if not all(
                -game.par <= p <= game.par + 1 and abs(THIRDS * p - round(THIRDS * p)) < 1e-6 for p in points
            ):
                raise InvalidState(f"hand_points.{i}: {echo(points)} is not a count less the par")
            if not any(abs(both - a) < 1e-6 for a in allowed):
                raise InvalidState(f"hand_points.{i}: {echo(points)} do not add up to the pack's count")
            sums = [sums[0] + points[0], sums[1] + points[1]]
        if any(abs(a - b) > 1e-6 for a, b in zip(sums, self.totals, strict=True)):
            raise InvalidState(f"totals: {echo(self.totals)} are not the sum of the hands' points")
        self._check_log()

    def _check_log(self) -> None:
        """What the log tells twice: the hands dealt (a ``deal`` event a seat) and each one's points
        (its ``hand_end``), the match's end, and in the hand in progress the cards dealt to each seat
        less those it played, the tricks taken and the card led."""
        deals, ends, dealt_at, match_ends = 0, [], -1, []
        for i, e in enumerate(self.log):
            if e.to is not None:
                continue
            if e.kind == "deal":
                deals += 1
                if e.data.get("seat") == 0:
                    dealt_at = i
            elif e.kind == "hand_end":
                ends.append(e.data.get("points"))
                if e.data.get("hand") != len(ends):
                    raise InvalidState(f"log.{i}.data.hand: the hands end in turn, this one is {len(ends)}")
            elif e.kind == "match_end":
                match_ends.append(e.data)
        if deals != 2 * self.hand_number:
            raise InvalidState(f"hand_number: {self.hand_number}, but the log deals {deals // 2} hands")
        if ends != self.hand_points:
            raise InvalidState(f"hand_points: {echo(self.hand_points)}, but the log's hands end {echo(ends)}")
        over = self.turn is None
        if len(match_ends) != int(over) or (match_ends and match_ends[0].get("scores") != self.totals):
            raise InvalidState(
                f"totals: {echo(self.totals)}, but the log ends the match "
                f"{echo([dict(m) for m in match_ends])}"
            )
        sizes = [0, 0]
        up: list[Counter[Any]] = [Counter(), Counter()]  # each seat's turned-up cards, as the log says
        trick: list[tuple[Any, Any]] = []  # as logged: compared with the fields, nothing more
        tricks: list[tuple[Any, list[Any]]] = []
        for i in range(dealt_at, len(self.log)):
            e = self.log[i]
            seat: Any = e.data.get("seat")
            if e.to is not None or (e.kind in ("deal", "play") and seat not in (0, 1)):
                continue
            if e.kind == "deal":
                stacks = e.data.get("stacks")
                sizes[seat] = (
                    sum(stacks) if isinstance(stacks, list) and all(type(n) is int for n in stacks) else -1
                )
                tops = e.data.get("tops")
                up[seat] = Counter(map(str, tops)) if isinstance(tops, list) else Counter({None: 1})
            elif e.kind == "play":
                trick.append((seat, e.data.get("card")))
                sizes[seat] -= 1
                up[seat][str(e.data.get("card"))] -= 1
                revealed = e.data.get("revealed")
                if revealed is not None:
                    up[seat][str(revealed)] += 1
            elif e.kind == "trick":
                tricks.append((e.data.get("winner"), [c for _, c in trick]))
                if e.data.get("cards") != tricks[-1][1]:
                    raise InvalidState(f"log.{i}.data.cards: not the cards the log plays to that trick")
                trick = []
        if [(t.winner, [c for _, c in t.cards]) for t in self.tricks] != tricks:
            raise InvalidState(
                f"tricks: not the {len(tricks)} tricks the log takes in hand {self.hand_number}"
            )
        if self.trick != trick:
            raise InvalidState(f"trick: {echo(self.trick)}, but the log leads {echo(trick)}")
        for seat in (0, 1):
            if sum(len(st) for st in self.stacks[seat]) != sizes[seat]:
                raise InvalidState(
                    f"stacks.{seat}: not the cards the log deals seat {seat}, less those played"
                )
            # The turned-up cards are public: those the deal turned up and each play turned up since,
            # less those played (ruling OT-19); only the order of the face-down cards is not logged.
            if (
                Counter(st[0] for st in self.stacks[seat] if st) != +up[seat]
                or min(up[seat].values(), default=0) < 0
            ):
                raise InvalidState(
                    f"stacks.{seat}: the turned-up cards are not those the log turned up, less those played"
                )


class OpenTarock(Game[OpenTarockState]):
    """The two-player open tarock game for children (a cousin of Austrian Strohmandeln)."""

    name: ClassVar[str] = "open-tarock"
    title: ClassVar[str] = "Open Tarock for Children"
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    pack = "tarock54"
    summary: ClassVar[str] = (
        "Two players, four stacks each with the top cards turned up: follow suit, else trump; "
        "count the tricks in threes against half the pack."
    )
    hand_points_bounds: tuple[float, float] | None = (-float(par(TAROT_78)), float(par(TAROT_78) + 1))
    """The widest bounds, the 78-card pack's (an instance sets its own pack's)."""
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("pack", "tarock54", "the pack: the Austrian 54-card tarock pack or the 78-card tarot", PACKS),
        Option(  # rulings OT-1, OT-17
            "stacks",
            "auto",
            "stack sizes per player, e.g. '7,7,7,6' (must hold half the pack); "
            "auto = 7,7,7,6 for tarock54, 10,10,10,9 for tarot78",
        ),
        Option(  # ruling OT-4
            "deals",
            PLAYERS,
            "hands in a match; the deal alternates, so 2 lets each player deal once",
            minimum=1,
            maximum=100,
        ),
        Option(  # ruling OT-13
            "short_batch",
            "thirds",
            "how a last batch of one or two cards counts: thirds (each card its points less 2/3, "
            "the counts always make the pack's total) or literal (like a batch of three)",
            ("thirds", "literal"),
        ),
    )
    action_specs: ClassVar[tuple[ActionSpec, ...]] = (
        ActionSpec("play", ("card",), "play one of your turned-up cards: play XXI, play KH"),
    )
    view_extra: ClassVar[type] = OpenTarockExtra
    decision_kinds: ClassVar[tuple[str, ...]] = ("play",)
    seat_roles: ClassVar[tuple[str, ...]] = ("dealer", "leader")
    zone_kinds: ClassVar[tuple[ZoneKind, ...]] = ("stack", "tricks_won")

    @property
    def value_scale(self) -> float:
        """The par: a hand scores at most about the par either way."""
        return float(self.par)

    def extra_layout(self) -> Sequence[tuple[str, tuple[int, ...]]]:
        """Beyond the shared segments, which show each seat's turned-up cards and how many lie face
        down: how many face-down cards lie under each turned-up card (what playing it uncovers)."""
        return (("under", (PLAYERS, len(self.card_codes))),)

    def encode_extra(
        self, view: View[Any], out: Mapping[str, npt.NDArray[np.float32]], rel: Sequence[int]
    ) -> None:
        index = self.observation_encoder.index
        for zone in view.zones_of("stack"):
            if zone.cards and zone.cards[0] is not None and zone.owner is not None:
                out["under"][rel[zone.owner], index[zone.cards[0]]] = zone.size - 1

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        pack_name = str(self.options["pack"])
        # The pack depends on the option: an instance attribute shadows the class default.
        self.pack = pack_name
        self.card_pack: Pack = get_pack(pack_name)
        self.core: Core = core_of(self.card_pack)
        """The pack as small integers, which the rules run on (shared by every state of the game)."""
        self.stack_sizes: tuple[int, ...] = parse_stacks(str(self.options["stacks"]), pack_name)
        self.deals: int = int(self.options["deals"])
        self.short_batch: str = str(self.options["short_batch"])
        self.total: int = pack_total(self.card_pack)
        self.par: int = par(self.card_pack)
        self.hand_points_bounds = (float(-self.par), float(self.par + 1))

    def played_options(self) -> dict[str, Any]:
        """``stacks`` as the sizes dealt: ``auto`` is 7,7,7,6 with the tarock pack (ruling OT-1), and
        "7, 7,7,6" is 7,7,7,6."""
        return {**self.options, "stacks": ",".join(str(size) for size in self.stack_sizes)}

    def _blank_state(self) -> OpenTarockState:
        return OpenTarockState(self, 0)

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> OpenTarockState:
        """A new match. ``deal``: ``{"dealer": 0|1, "stacks": [seat 0 stacks, seat 1 stacks]}``,
        each stack a list of card codes from its top (turned-up) card down; anything else is
        refused with ``InvalidDeal`` (ruling OT-18)."""
        state = OpenTarockState(self, seed)
        if deal is None:
            first = state.rng.randrange(PLAYERS)  # ruling OT-3: the first dealer by lot
            state._deal(first)
            return state
        dealer, stacks = self._check_deal(deal)
        state._deal(dealer, stacks)
        return state

    def _check_deal(self, deal: object) -> tuple[int, list[list[list[str]]]]:
        """The deal's dealer and stacks, or ``InvalidDeal`` saying what is wrong (never another error)."""
        usage = "a deal is {'dealer': 0 or 1, 'stacks': [seat 0's stacks, seat 1's stacks]}"
        if not isinstance(deal, Mapping):
            raise InvalidDeal(f"{usage}, not {echo(deal)}")
        unknown = [k for k in deal if k not in ("dealer", "stacks")]
        if unknown:
            raise InvalidDeal(f"unknown deal keys {echo(unknown)}; {usage}")
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in (0, 1):
            raise InvalidDeal(f"the dealer must be seat 0 or 1, not {echo(dealer)}")
        if "stacks" not in deal:
            raise InvalidDeal(f"the deal has no 'stacks'; {usage}")
        stacks = deal["stacks"]
        if not isinstance(stacks, list | tuple) or len(stacks) != PLAYERS:
            raise InvalidDeal(f"'stacks' must hold two lists of stacks, one per seat, not {echo(stacks)}")
        pack = self.card_pack
        size = len(pack)
        out: list[list[list[str]]] = []
        dealt = 0
        for seat, seat_stacks in enumerate(stacks):
            if not isinstance(seat_stacks, list | tuple) or not seat_stacks:
                raise InvalidDeal(f"seat {seat} needs a list of at least one stack, not {echo(seat_stacks)}")
            mine: list[list[str]] = []
            for i, stack in enumerate(seat_stacks):
                if not isinstance(stack, list | tuple) or not stack:
                    raise InvalidDeal(
                        f"seat {seat}, stack {i}: a stack is a non-empty list of cards, not {echo(stack)}"
                    )
                dealt += len(stack)
                if dealt > size:
                    raise InvalidDeal(f"the stacks hold more cards than the {pack.title}")
                cards: list[str] = []
                for card in stack:
                    if not isinstance(card, str) or not pack.is_card(card.strip().upper()):
                        raise InvalidDeal(
                            f"seat {seat}, stack {i}: {echo(card)} is not a card of the {pack.title}"
                        )
                    cards.append(card.strip().upper())
                mine.append(cards)
            out.append(mine)
        sizes = [sum(len(s) for s in out[p]) for p in (0, 1)]
        # ruling OT-16: any number and sizes of stacks, but the whole pack, and as many cards each
        if sizes[0] != sizes[1]:
            raise InvalidDeal(f"both players must hold as many cards (they hold {sizes[0]} and {sizes[1]})")
        dealt_cards = Counter(c for p in out for s in p for c in s)
        twice = dealt_cards - pack.counts()
        if twice:
            raise InvalidDeal(f"deal: too many of {echo(', '.join(sorted(twice)))} for the {pack.title}")
        missing = pack.counts() - dealt_cards
        if missing:
            raise InvalidDeal(
                f"deal: the whole pack must be dealt; missing {echo(', '.join(sorted(missing)))}"
            )
        return dealer, out

    def determinize(self, view: View[Any], rng: Rng) -> OpenTarockState:
        """Every face-down card (hidden from both players alike) dealt afresh among the unseen cards:
        nothing constrains where an unseen card lies, so the exact sampler deals them uniformly."""
        extra: OpenTarockExtra = view.extra
        state = OpenTarockState(self, rng.randrange(2**62))
        core = self.core
        ids, size = core.card_id, len(core.codes)
        state.hand_number = view.hand_number or 1
        state.dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
        state.leader = next(s.seat for s in view.seats if "leader" in s.roles)
        state.turn = view.to_move
        state.totals = [float(x) for x in view.scores]
        if view.score_sheet is not None:
            state.hand_points = [list(r.values) for r in view.score_sheet.rows]
        trick = [p.card for p in view.trick.plays] if view.trick is not None else []
        state._led = ids[trick[0]] if trick else NO_CARD
        leader = state.dealer
        for i in range(0, len(extra.played), TRICK_SIZE):
            a, b = ids[extra.played[i]], ids[extra.played[i + 1]]
            winner = 1 - leader if core.answer_wins[a * size + b] else leader
            state._played += (a, b)
            state._won.append(winner)
            state._piles[winner] += (a, b)
            leader = winner
        seen = Counter(core.codes[c] for p in state._piles for c in p) + Counter(trick)
        zones = [list(view.zones_of("stack", p)) for p in (0, 1)]
        seen.update(c for p in (0, 1) for z in zones[p] for c in z.face_up)
        unseen = sorted((self.card_pack.counts() - seen).elements(), key=self.card_pack.sort_key)
        (down,) = deal_unseen(unseen, [len(unseen)], lambda place, card: True, rng)
        stacks: list[list[list[int]]] = [[], []]
        for p in (0, 1):
            for z in zones[p]:
                stack = [ids[str(c)] for c in z.cards[:1]]
                for _ in z.cards[1:]:
                    stack.append(ids[down.pop()])
                stacks[p].append(stack)
        if down:
            raise ValueError("the view's stacks do not hold the unseen cards")
        state._set_stacks(stacks)
        return state
