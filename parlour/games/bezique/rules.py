"""Two-handed Bezique: a 64-card melding and trick-taking game for two, played to 1000.

The hand has two phases. While the talon lasts, play is free (no need to
follow) and the winner of each trick may declare melds and the seven of trumps
before both players draw. Once the talon is gone, the last eight tricks are
played under strict rules (follow, head the trick, else trump). Aces and tens
won ("brisques") count ten each at the end of the hand.

Cards on the table keep their history: each declared card remembers the meld
kinds it has served in (and in which declaring turn), because a card may serve
again only in a meld of another kind and not of an inferior order.

The rules a player names are named here too, for the computer players and the tests to ask rather
than copy: ``beats`` (who takes a trick), ``is_brisque``, ``last_eight_choices``, the ``Meld`` kinds
with their points and order, ``may_serve_again`` (the declared-card reuse rule), ``bezique_cards``,
``seven_of_trumps``, ``is_carte_blanche``, and the scores (``LAST_TRICK_POINTS``...).

The state holds its cards as kind ids (``KIND_ID``: the pack's 32 kinds, each in two copies that nothing
in the rules, the saves or the views tells apart): hands, talon, turn-up, trick and won piles as id
lists in their saved order; the declared cards, the melds waiting to score, the meld records and the
seen-card knowledge as records of ids (``TableCard``, ``ShownMeld``, ``MeldEntry``, id counts); melds
found on packed counts and the reuse rule checked on ids; the codes, the views' records, the saves and
the log are made from them when asked. Compiled (mypyc, ``parlour.build_compiled``) the same source plays the
same matches; its save schema and view records live apart in ``schema.py``, never compiled.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from parlour.cards import BEZIQUE_64, SUIT_NAMES, SUITS
from parlour.cards.codes import CodeList
from parlour.engine import Event, Game, InvalidDeal, InvalidSave, InvalidState, Option, Rng, State
from parlour.engine.actions import Action, ActionSpec, Notation
from parlour.engine.copying import makes_blank
from parlour.engine.deals import stock_for
from parlour.engine.errors import echo
from parlour.engine.events import _new_tuple
from parlour.engine.game import RECORD, Outcome
from parlour.engine.saves import checked
from parlour.engine.views import TrickView, View, Zone, trick_view
from parlour.games.bezique.schema import FULL_HAND as FULL_HAND
from parlour.games.bezique.schema import LEGACY_PHASES as LEGACY_PHASES
from parlour.games.bezique.schema import MELD_ORDER as MELD_ORDER
from parlour.games.bezique.schema import MELD_POINTS as MELD_POINTS
from parlour.games.bezique.schema import TABLE_LAW_KEYS as TABLE_LAW_KEYS
from parlour.games.bezique.schema import BeziqueExtra as BeziqueExtra
from parlour.games.bezique.schema import BeziqueSave as BeziqueSave
from parlour.games.bezique.schema import DeclaredCard as DeclaredCard
from parlour.games.bezique.schema import Meld as Meld
from parlour.games.bezique.schema import MeldRecord as MeldRecord
from parlour.games.bezique.schema import Phase as Phase
from parlour.games.bezique.schema import WaitingMeld as WaitingMeld
from parlour.mechanics import deal_unseen, hand_end_event, score_event

PACK = BEZIQUE_64
SEATS = (0, 1)

# --- the cards ---------------------------------------------------------------------------------

RANKS: tuple[str, ...] = ("A", "T", "K", "Q", "J", "9", "8", "7")
"""Ranks from high to low: the ten ranks above the king (rulings BZ-1, BZ-3)."""
POWER: dict[str, int] = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
BRISQUE_RANKS = frozenset({"A", "T"})
"""Aces and tens: the brisques, 10 each to whoever wins them (ruling BZ-18)."""
COURT_RANKS = frozenset({"K", "Q", "J"})
DEAL_PACKETS = (3, 2, 3)
"""The deal: three, two, three cards to each, the non-dealer first (ruling BZ-2)."""


# --- the integer core: card kinds as ids, hands as packed counts -----------------------------------

KIND_CODES: tuple[str, ...] = tuple(sorted(set(PACK.cards), key=PACK.sort_key))
"""The 32 kinds of card (the two packs' copies of a card are one kind), in pack order: a kind's id is
its index, and sorting by id is sorting by ``PACK.sort_key``."""
KIND_ID: dict[str, int] = {c: i for i, c in enumerate(KIND_CODES)}
COUNT_UNIT: dict[str, int] = {c: 1 << (3 * i) for i, c in enumerate(KIND_CODES)}
"""A copy of a card in a packed count: three bits a kind, the copies held (0 to 2) in the low two."""
COUNT_GUARD = sum(4 << (3 * i) for i in range(len(KIND_CODES)))
"""The third bit of every kind. ``((held | COUNT_GUARD) - need) & COUNT_GUARD == COUNT_GUARD`` exactly
when the packed counts ``held`` have at least the copies of every kind that ``need`` asks (no kind
borrows from the next), so one subtraction checks a whole meld against a hand."""


PLAY_TEXTS: tuple[str, ...] = tuple(f"play {c}" for c in KIND_CODES)
"""``play <card>`` by kind id: the action's id in the game's action space is the kind's id."""
PLAY_KIND: dict[str, int] = {t: i for i, t in enumerate(PLAY_TEXTS)}


KIND_SUIT: Final[tuple[str, ...]] = tuple(c[-1] for c in KIND_CODES)
"""Each kind id's suit letter."""
KIND_POWER: Final[tuple[int, ...]] = tuple(POWER[c[:-1]] for c in KIND_CODES)
"""Each kind id's rank in play (``POWER``)."""
KIND_BRISQUE: Final[tuple[int, ...]] = tuple(int(c[:-1] in BRISQUE_RANKS) for c in KIND_CODES)
"""1 for an ace or a ten (a brisque, ruling BZ-18), else 0, by kind id."""
KIND_UNIT: Final[tuple[int, ...]] = tuple(COUNT_UNIT[c] for c in KIND_CODES)
"""``COUNT_UNIT`` by kind id."""
DEAL_ORDER: Final[tuple[int, ...]] = tuple(KIND_ID[c] for c in PACK.cards)
"""The 64-card pack in its own order as kind ids, as a deal shuffles it (the same draws, the same deal
as the codes: the shuffle never looks at the values)."""
SEVEN_KIND: Final[Mapping[str, int]] = {s: KIND_ID["7" + s] for s in SUITS}
"""The seven of trumps' kind id, by trump suit."""
NO_CARD: Final = -1
"""The id of no card (the turn-up drawn)."""


def codes_of(kinds: Iterable[int]) -> list[str]:
    """Kind ids as codes."""
    codes = KIND_CODES
    return [codes[k] for k in kinds]


def kinds_of(cards: Iterable[str]) -> list[int]:
    """Codes of the pack as kind ids."""
    ids = KIND_ID
    return [ids[c] for c in cards]


def sorted_codes(kinds: Iterable[int]) -> list[str]:
    """Kind ids as codes in pack order (``sort_cards``)."""
    codes = KIND_CODES
    return [codes[k] for k in sorted(kinds)]


def card_list(cards: list[int]) -> CodeList:
    """Kind ids handed out as a live list of codes: a hand, the talon or a won pile (a player may
    shuffle a world's talon in place)."""
    return CodeList(cards, KIND_CODES, KIND_ID)


def packed_counts(cards: Iterable[str]) -> int:
    """The copies of each kind in ``cards`` as one integer (``COUNT_UNIT``)."""
    unit = COUNT_UNIT
    return sum(unit[c] for c in cards)


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


PRETTY: dict[str, str] = {c: PACK.pretty(c) for c in KIND_CODES}


def pretty(card: str) -> str:
    text = PRETTY.get(card)
    return PACK.pretty(card) if text is None else text


def pretty_list(cards: Iterable[str]) -> str:
    return " ".join(pretty(c) for c in cards)


def sort_cards(cards: Iterable[str]) -> list[str]:
    """``cards`` in pack order: by kind id (the same order as ``PACK.sort_key``, without its work)."""
    cards = list(cards)
    try:
        return sorted(cards, key=KIND_ID.__getitem__)
    except KeyError:  # a code outside the pack, in text being parsed
        return sorted(cards, key=PACK.sort_key)


def is_brisque(card: str) -> bool:
    """An ace or a ten: worth 10 at the end of the hand to the side that won it (ruling BZ-18)."""
    return card[:-1] in BRISQUE_RANKS


def brisques_in(cards: Iterable[str]) -> int:
    return sum(1 for c in cards if c[:-1] in BRISQUE_RANKS)


def beats(lead: str, follow: str, trump: str) -> bool:
    """Whether the second card of a trick takes it: a higher card of the suit led, or a trump on a
    plain lead; equal cards go to the leader (ruling BZ-3)."""
    if follow[-1] == lead[-1]:
        return POWER[follow[:-1]] > POWER[lead[:-1]]
    return follow[-1] == trump


def last_eight_choices(hand: Sequence[str], lead: str, trump: str) -> list[str]:
    """The cards of ``hand`` the last eight tricks allow in answer to ``lead``: follow suit and head the
    trick if you can, else follow; if you cannot follow, trump if you can; else anything (ruling BZ-16)."""
    same = [c for c in hand if c[-1] == lead[-1]]
    if same:
        higher = [c for c in same if POWER[c[:-1]] > POWER[lead[:-1]]]
        return higher or same
    trumps = [c for c in hand if c[-1] == trump]
    return trumps or list(hand)


def seven_of_trumps(trump: str) -> str:
    return "7" + trump


def is_carte_blanche(hand: Iterable[str]) -> bool:
    """A hand without ace, ten or court card, which may be shown for 50 (ruling BZ-20)."""
    return not any(rank(c) in BRISQUE_RANKS or rank(c) in COURT_RANKS for c in hand)


# --- scores --------------------------------------------------------------------------------------

SEVEN_OF_TRUMPS_POINTS = 10
"""The seven of trumps turned up (to the dealer), exchanged, shown or played while the talon lasts
(rulings BZ-2, BZ-5)."""
CARTE_BLANCHE_POINTS = 50
LAST_TRICK_POINTS = 10
"""The last trick of the talon (the 24th) or of the hand, as option ``last_trick`` says (ruling BZ-17)."""
BRISQUE_POINTS = 10
BRISQUES: Final = "brisques"
"""The reason of the brisques' score events, counted together at the end of the hand (ruling BZ-18)."""
OVERDRAW_PENALTY = 100
"""Table laws: to the opponent of a player who holds more than eight cards (ruling BZ-21)."""
NO_DRAW_PENALTY = 10
"""Table laws: to the opponent of a player who does not draw after a trick (ruling BZ-21)."""


def last_trick_of_the_talon_scores(option: str) -> bool:
    """Whether the 24th trick, the last of the talon, earns ``LAST_TRICK_POINTS`` (ruling BZ-17)."""
    return option in ("stock", "both")


def last_trick_of_the_hand_scores(option: str) -> bool:
    """Whether the last trick of the hand earns ``LAST_TRICK_POINTS`` (ruling BZ-17)."""
    return option in ("final", "both")


# --- melds ---------------------------------------------------------------------------------------


FOURS: dict[str, Meld] = {
    "J": Meld.FOUR_JACKS,
    "Q": Meld.FOUR_QUEENS,
    "K": Meld.FOUR_KINGS,
    "A": Meld.FOUR_ACES,
}
"""Four of a kind: the ranks that make one, and its kind."""
SEQUENCE_RANKS = ("A", "T", "K", "Q", "J")
"""The sequence: ace, ten, king, queen and jack of trumps."""


def marriage(of_suit: str, trump: str) -> Meld:
    """A king and queen of one suit: royal in trumps, common otherwise (ruling BZ-11)."""
    return Meld.ROYAL_MARRIAGE if of_suit == trump else Meld.COMMON_MARRIAGE


def bezique_cards(trump: str, alt_bezique: bool) -> tuple[str, str]:
    """The queen and jack that make bezique: Q♠ J♦, or Q♣ J♥ with spades or diamonds trumps under
    ``alt_bezique`` (ruling BZ-14)."""
    if alt_bezique and trump in ("S", "D"):
        return ("QC", "JH")
    return ("QS", "JD")


@cache
def meld_patterns(
    trump: str, alt_bezique: bool, fours_one_per_suit: bool
) -> tuple[tuple[Meld, tuple[str, ...]], ...]:
    """Every meld with the cards that make it (in pack order), for a hand's trumps and options."""
    out: list[tuple[Meld, tuple[str, ...]]] = []
    for s in SUITS:
        out.append((marriage(s, trump), ("K" + s, "Q" + s)))
    q, j = bezique_cards(trump, alt_bezique)
    out.append((Meld.BEZIQUE, (q, j)))
    out.append((Meld.DOUBLE_BEZIQUE, (q, q, j, j)))
    for r, kind in FOURS.items():
        if fours_one_per_suit:  # ruling BZ-13
            out.append((kind, tuple(r + s for s in SUITS)))
        else:
            for combo in itertools.combinations_with_replacement(SUITS, 4):
                if max(Counter(combo).values()) <= 2:
                    out.append((kind, tuple(r + s for s in combo)))
    out.append((Meld.SEQUENCE, tuple(r + trump for r in SEQUENCE_RANKS)))
    return tuple((k, tuple(sort_cards(c))) for k, c in out)


MeldNeed = tuple[Meld, tuple[str, ...], int, tuple[tuple[int, int], ...]]
"""A meld, its cards (in pack order), those cards as packed counts (``COUNT_GUARD``) and as (kind id,
copies) pairs in pack order: the meld search and the reuse checks read the ids, never the codes."""


@cache
def meld_needs(
    trump: str, alt_bezique: bool, fours_one_per_suit: bool
) -> tuple[tuple[tuple[int, ...], tuple[MeldNeed, ...]], ...]:
    """``meld_patterns`` as packed counts for the meld search, in the same order, in groups: the fours of
    each rank, with the shifts of that rank's four kinds in a packed count (a hand with fewer than four
    cards of the rank skips the group), and the others in groups of no shifts."""
    groups: list[tuple[tuple[int, ...], list[MeldNeed]]] = []
    for kind, codes in meld_patterns(trump, alt_bezique, fours_one_per_suit):
        r = codes[0][:-1]
        shifts = tuple(3 * KIND_ID[r + s] for s in SUITS) if kind in FOURS.values() else ()
        if not groups or groups[-1][0] != shifts:
            groups.append((shifts, []))
        pairs = tuple((KIND_ID[c], n) for c, n in Counter(codes).items())
        groups[-1][1].append((kind, codes, packed_counts(codes), pairs))
    return tuple((shifts, tuple(needs)) for shifts, needs in groups)


def meld_kind(cards: Iterable[str], trump: str, alt_bezique: bool, fours_one_per_suit: bool) -> Meld | None:
    """The meld ``cards`` make (in any order), or ``None``."""
    return _kinds_by_cards(trump, alt_bezique, fours_one_per_suit).get(tuple(sort_cards(cards)))


@cache
def _kinds_by_cards(trump: str, alt_bezique: bool, fours_one_per_suit: bool) -> dict[tuple[str, ...], Meld]:
    return {codes: kind for kind, codes in meld_patterns(trump, alt_bezique, fours_one_per_suit)}


def may_serve_again(uses: Iterable[tuple[str, int]], kind: str, turn: int, greater: bool = False) -> bool:
    """The declared-card reuse rule: a card on the table may serve again only in a meld of another
    kind (ruling BZ-11), whose order is not below any meld it has served in (ruling BZ-9), or with
    ``greater`` (option ``reuse=greater``) only in one worth more points than each of them; melds
    exposed at the same declaring ``turn`` are not held to either (ruling BZ-8). ``uses`` are the
    card's melds so far, each with its declaring turn; a ``turn`` no meld has (``-1``) holds the card
    to every meld it has served in, for a combination made wholly of cards exposed at this turn (option
    ``shown_together=fresh``)."""
    for used, when in uses:
        if used == kind:
            return False
        if when != turn and (
            MELD_POINTS[used] >= MELD_POINTS[kind] if greater else MELD_ORDER[used] > MELD_ORDER[kind]
        ):
            return False
    return True


def reuse_needs_greater(options: Mapping[str, object]) -> bool:
    """Option ``reuse`` (ruling BZ-9): ``greater`` holds a declared card to more points, else to order."""
    return options.get("reuse", "order") == "greater"


def shown_together_needs_fresh(options: Mapping[str, object]) -> bool:
    """Option ``shown_together`` (ruling BZ-8): ``fresh`` exempts a combination shown at the same turn
    from the order rule only when it brings in a card not just exposed; ``any`` exempts every one."""
    return options.get("shown_together", "fresh") == "fresh"


# --- the state's records -------------------------------------------------------------------------


_HAND_END: Final = re.compile(r"hand (\d+) ends: (-?\d+) to (-?\d+); totals (-?\d+) to (-?\d+)")
"""A hand end's logged text (seat 0's points first), which ``event_words`` says seat by seat."""
_LAST_EIGHT_LOGGED: Final = "the talon is exhausted: follow suit and win the trick if you can"
"""The logged text of the last eight's start (frozen: ``event_words`` says it as the prompt does)."""


class TableCard:
    """A declared card lying on the table as the rules hold it: its id, its kind id and each meld it has
    served in with its declaring turn (the reuse rule reads them). ``DeclaredCard`` is the same record
    with the card's code, for the views and the players; it is made from this one when asked for."""

    __slots__ = ("id", "kind", "uses")

    def __init__(self, id: int, kind: int, uses: list[tuple[Meld, int]]) -> None:
        self.id = id
        self.kind = kind
        self.uses = uses

    @property
    def card(self) -> str:
        """The card's code."""
        return KIND_CODES[self.kind]

    def record(self) -> DeclaredCard:
        """The card as the views' record of its code (a copy: its uses are its own)."""
        return DeclaredCard(self.id, KIND_CODES[self.kind], list(self.uses))


class ShownMeld:
    """A meld shown to score after a later trick won (ruling BZ-8) as the rules hold it: its kind, its
    cards' kind ids (in the order saved) and the ids of the declared cards it lies in. Never changed
    once made (a clone shares it); ``WaitingMeld`` is the views' record of codes, made when asked."""

    __slots__ = ("ids", "kind", "kinds")

    def __init__(self, kind: Meld, kinds: tuple[int, ...], ids: list[int]) -> None:
        self.kind = kind
        self.kinds = kinds
        self.ids = ids

    @property
    def cards(self) -> list[str]:
        return [KIND_CODES[k] for k in self.kinds]

    def record(self) -> WaitingMeld:
        return WaitingMeld(self.kind, self.cards, list(self.ids))


class MeldEntry:
    """A meld declared this hand as the rules hold it: its kind, its cards' kind ids (in the order
    saved), its points and whether they have been scored. Never changed once made (a clone shares it);
    ``MeldRecord`` is the views' record of codes, made when asked."""

    __slots__ = ("kind", "kinds", "points", "scored")

    def __init__(self, kind: Meld, kinds: tuple[int, ...], points: int, scored: bool) -> None:
        self.kind = kind
        self.kinds = kinds
        self.points = points
        self.scored = scored

    @property
    def cards(self) -> list[str]:
        return [KIND_CODES[k] for k in self.kinds]

    def record(self) -> MeldRecord:
        return MeldRecord(self.kind, self.cards, self.points, self.scored)


# ----------------------------------------------------------------------------------------


class BeziqueState(State):
    """A whole match of Two-handed Bezique.

    The cards are held as kind ids (``KIND_ID``; the two copies of a card are one kind, and nothing in
    the rules, the saves or the views tells them apart): each concealed hand, the talon, the won piles
    and the trick id lists in their saved order, the turn-up an id or ``NO_CARD``, the declared cards,
    waiting melds, meld records and seen-card counts by id. The fields of codes that the players, the
    views and the saves read (``concealed``, ``stock``, ``won``, ``trick``, ``declared``, ``waiting``,
    ``melds``, ``known``...) are made from them when asked for; the log's commonest events wait in
    ``_pending`` until it is read."""

    game: Bezique
    hand_number: int = 0
    """The hands begun, counted at each deal (it serves as ``State.hand_number``)."""
    _pending: list[Any]
    """What the log is still to hold: an action's record, a card played and cards drawn as small tuples,
    made into events when the log is read (``_flush``), and the events made at once behind them, in order."""

    def __init__(self, game: Bezique, seed: int | None = None, _copy_of: BeziqueState | None = None) -> None:
        """``_copy_of`` is ``clone``'s in the compiled build, whose classes are made only through here."""
        if _copy_of is not None:
            self._copy_fields(_copy_of)
            return
        super().__init__(game, seed)
        self.phase: Phase = Phase.OVER
        self.totals: list[int] = [0, 0]
        self.hand_number = 0
        self.dealer = 0
        self.leader = 0
        """The seat that leads the trick in play (after a trick: its winner, who declares and draws first)."""
        self.turn = 0
        """The seat to act."""
        self.trump = "S"
        self._turn_up = NO_CARD
        """The card turned up for trumps, the talon's last card (``NO_CARD`` once drawn)."""
        self._stock: list[int] = []
        """The talon without the turn-up, top card first."""
        self._hand: list[list[int]] = [[], []]
        """Each seat's cards in hand, not declared."""
        self._declared: list[list[TableCard]] = [[], []]
        """Each seat's declared cards lying on the table (still part of its hand), their kinds as ids
        (``declared`` shows them as the views' ``DeclaredCard`` records of codes)."""
        self._waiting: list[list[ShownMeld]] = [[], []]
        """Each seat's melds shown to score later, their cards as ids (``waiting`` shows them as codes)."""
        self._melds: list[list[MeldEntry]] = [[], []]
        """Each seat's melds declared this hand, their cards as ids (``melds`` shows them as codes)."""
        self._known: list[dict[int, int]] = [{}, {}]
        """Copies of each concealed card of a seat that the opponent has seen there, by kind id, in the
        order learnt (the saves keep it; ``known`` shows it by code)."""
        self._known_privately: list[dict[int, int]] = [{}, {}]
        """Of those, how many the opponent alone has seen, not the table (ruling BZ-23; table laws)."""
        self.sevens_shown: list[int] = [0, 0]
        """Sevens of trumps each seat has shown (declared) and still holds: they have scored."""
        self._trick: list[tuple[int, int]] = []
        """The trick in progress: (seat, kind id) plays."""
        self._last: list[tuple[int, int]] = []
        self._won: list[list[int]] = [[], []]
        self.brisques: list[int] = [0, 0]
        self.revoker: int | None = None
        self.hand_points: list[int] = [0, 0]
        self.reached = -1
        """The seat whose total first reached the target by a score made in this hand's play, -1 none
        (ruling BZ-19: the first to reach it wins; the brisques, counted together, are not in it)."""
        self.tricks_played = 0
        self.declaring_turns = 0
        """Declaring turns opened this hand (one per talon trick): the number of the current one."""
        self.scored_this_turn = 0
        self.seven_this_turn = False
        self.exposed_this_turn: list[list[int]] = []
        """The ids of the cards of each meld exposed at this declaring turn."""
        self.next_id = 0
        self.blanche_queue: list[int] = []
        # Table laws (ruling BZ-21): who is still to draw after the trick, whether the drawer has filled
        # his hand (one more draw would be a fault), the draws each side missed, and who has seen the
        # talon's top card (put back after a draw too many).
        self.draw_queue: list[int] = []
        self.drawn = False
        self.missed: list[int] = [0, 0]
        self.top_seen: list[int] = []

    # --- the cards as codes, made from the ids when asked for -------------------------------

    @property
    def concealed(self) -> list[CodeList]:
        """Each seat's concealed cards as codes over the ids themselves, in the order dealt and drawn."""
        return [card_list(self._hand[0]), card_list(self._hand[1])]

    @property
    def stock(self) -> CodeList:
        """The talon without the turn-up, top card first, as codes over the ids themselves: shuffling
        it shuffles the talon (a player re-draws a world's talon so)."""
        return card_list(self._stock)

    @property
    def turn_up(self) -> str | None:
        """The card turned up for trumps, the talon's last card (``None`` once drawn)."""
        return KIND_CODES[self._turn_up] if self._turn_up >= 0 else None

    @property
    def won(self) -> list[CodeList]:
        """The cards each seat has won this hand, in the order won."""
        return [card_list(self._won[0]), card_list(self._won[1])]

    @property
    def trick(self) -> list[tuple[int, str]]:
        """The trick in progress as ``(seat, card)`` plays."""
        return [(s, KIND_CODES[k]) for s, k in self._trick]

    @property
    def last_trick(self) -> list[tuple[int, str]]:
        return [(s, KIND_CODES[k]) for s, k in self._last]

    @property
    def declared(self) -> list[list[DeclaredCard]]:
        """Each seat's declared cards lying on the table, as the views' records of codes (copies)."""
        return [[e.record() for e in t] for t in self._declared]

    @declared.setter
    def declared(self, value: list[list[DeclaredCard]]) -> None:
        self._declared = [[TableCard(e.id, KIND_ID[e.card], list(e.uses)) for e in t] for t in value]

    @property
    def known(self) -> list[dict[str, int]]:
        """Copies of each concealed card of a seat that the opponent has seen there, by code (copies)."""
        return [{KIND_CODES[k]: n for k, n in d.items()} for d in self._known]

    @known.setter
    def known(self, value: list[dict[str, int]]) -> None:
        self._known = [{KIND_ID[c]: n for c, n in d.items()} for d in value]

    @property
    def known_privately(self) -> list[dict[str, int]]:
        """Of those, how many the opponent alone has seen (ruling BZ-23), by code (copies)."""
        return [{KIND_CODES[k]: n for k, n in d.items()} for d in self._known_privately]

    @known_privately.setter
    def known_privately(self, value: list[dict[str, int]]) -> None:
        self._known_privately = [{KIND_ID[c]: n for c, n in d.items()} for d in value]

    @property
    def waiting(self) -> list[list[WaitingMeld]]:
        """Each seat's melds shown to score later, as the views' records of codes (copies)."""
        return [[p.record() for p in w] for w in self._waiting]

    @waiting.setter
    def waiting(self, value: list[list[WaitingMeld]]) -> None:
        self._waiting = [[ShownMeld(p.kind, _kinds(p.cards), list(p.ids)) for p in w] for w in value]

    @property
    def melds(self) -> list[list[MeldRecord]]:
        """Each seat's melds declared this hand, as the views' records of codes (copies)."""
        return [[m.record() for m in ms] for ms in self._melds]

    @melds.setter
    def melds(self, value: list[list[MeldRecord]]) -> None:
        self._melds = [[MeldEntry(m.kind, _kinds(m.cards), m.points, m.scored) for m in ms] for ms in value]

    # --- helpers ------------------------------------------------------------------------

    @property
    def laws(self) -> bool:
        return bool(self.game.options["table_laws"])

    def full_hand(self, seat: int) -> list[str]:
        """Every card the seat holds: concealed ones and those declared on the table."""
        return codes_of([*self._hand[seat], *(e.kind for e in self._declared[seat])])

    def _held_count(self, seat: int) -> int:
        """How many cards the seat holds, concealed and declared."""
        return len(self._hand[seat]) + len(self._declared[seat])

    def _learn(self, seat: int, kind: int, public: bool = True) -> None:
        """The opponent has now seen that ``seat`` holds the card of kind id ``kind`` among its
        concealed cards.

        ``public=False``: only the opponent saw it (a talon card he drew too many and put back,
        ruling BZ-23); spectators did not, and their view must not show it.
        """
        n = self._known[seat].get(kind, 0)
        held = self._hand[seat].count(kind)
        shown = n - self._known_privately[seat].get(kind, 0)
        self._set_knowledge(seat, kind, min(n + 1, held), min(shown + 1, held) if public else shown)

    def _forget(self, seat: int, kind: int, keep: int = 0) -> None:
        """A copy of the card of kind id ``kind`` has left the concealed hand: whoever knew of copies
        knows of one fewer.

        A viewer knew the hand held at least ``n`` copies; now it holds at least ``n - 1``, except
        that ``keep`` known copies are certainly still there (a declared seven of trumps, when
        everybody has seen the one leaving score as an undeclared one).
        """
        n = self._known[seat].get(kind, 0)
        if not n and not keep:
            return
        shown = n - self._known_privately[seat].get(kind, 0)
        self._set_knowledge(seat, kind, keep + max(n - keep - 1, 0), keep + max(shown - keep - 1, 0))

    def _set_knowledge(self, seat: int, kind: int, known: int, shown: int) -> None:
        """Record that the opponent knows of ``known`` copies, the whole table of ``shown`` of them
        (without table laws nothing is ever seen by one player only: every copy known is shown)."""
        _set_count(self._known[seat], kind, known)
        _set_count(self._known_privately[seat], kind, known - shown)

    def _public_known(self, seat: int) -> Counter[str]:
        """The seat's concealed cards that everybody at the table has seen (the spectator's ``known``)."""
        private = self._known_privately[seat]
        out = Counter({KIND_CODES[k]: n - private.get(k, 0) for k, n in self._known[seat].items()})
        return +out

    def _score(self, seat: int, points: int, reason: str, text: str) -> None:
        if points == 0:
            return
        total = self.totals[seat] = self.totals[seat] + points
        self.hand_points[seat] += points
        if self.reached < 0 and total >= self.game.target and reason != BRISQUES:
            self.reached = seat  # ruling BZ-19
        self._pending.append(score_event(seat, points, reason, text))

    def _log(self, kind: str, data: dict[str, Any], to: int | None = None) -> None:
        self._pending.append(Event(kind, data, to))

    # --- the log, made when it is read ----------------------------------------------------------

    def _record_action(self, action: str) -> None:
        """The engine's ``_record_action``, its record waiting in ``_pending``: the legal lists
        forgotten, a copied live source given its new owner's record."""
        self._pending.append((0, self.turn, action))
        rng = self.rng
        if rng.sink is None and rng.live:
            rng.sink = self._record_chance
        self._legal_cache = self._range_cache = None

    def _flush(self) -> None:
        log, pending = self._events, self._pending
        self._pending = []
        codes, shown = KIND_CODES, PRETTY
        for p in pending:
            if type(p) is not tuple:
                log.append(p)
                continue
            code, seat = p[0], p[1]
            if code == 0:  # an action's record
                data: dict[str, Any] = {"seat": seat, "action": p[2]}
                log.append(_new_tuple(Event, ("action", MappingProxyType(data), RECORD)))
            elif code == 1:  # a card led
                card = codes[p[2]]
                data = {"seat": seat, "card": card, "text": f"seat {seat} leads {shown[card]}"}
                log.append(Event("play", data, None))
            elif code == 3:  # cards drawn from the talon, told to the drawer alone
                cards = [codes[k] for k in p[2]]
                data = {"seat": seat, "cards": cards, "text": f"you draw {pretty_list(cards)}"}
                log.append(Event("draw", data, seat))
            else:  # a card played to the lead, and the trick's winner
                card, winner = codes[p[2]], p[3]
                data = {
                    "seat": seat,
                    "card": card,
                    "winner": winner,
                    "text": f"seat {seat} plays {shown[card]}; seat {winner} wins the trick",
                }
                log.append(Event("play", data, None))

    # --- the contract ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        return self.turn

    @property
    def scores(self) -> list[float]:
        return [float(x) for x in self.totals]

    def _outcome(self) -> Outcome:
        # ruling BZ-19: the match is decided at the end of a hand, the first to reach the target winning
        # (winner=first) or the higher total (winner=higher)
        t = self.totals
        win = self._winner()
        target = self.game.options["target"]
        if win == self.reached and self.game.first_wins:
            said = f"seat {win} reached {target} first and wins {t[win]} to {t[1 - win]}"
        else:
            said = f"seat {win} ends a hand past {target} with the higher total, {t[win]} to {t[1 - win]}"
        return Outcome((win,), said)

    def _winner(self) -> int:
        """Ruling BZ-19: the first to reach the target in the hand, else (both reaching it only with the
        brisques, counted together, or winner=higher) the higher total."""
        if self.game.first_wins and self.reached >= 0:
            return self.reached
        t = self.totals
        return 0 if t[0] > t[1] else 1

    def _compute_legal(self) -> list[str]:
        phase = self.phase
        if phase is Phase.OVER:
            return []
        seat = self.turn
        if phase is Phase.CARTE_BLANCHE:
            return ["blanche", "pass"]
        if phase is Phase.DRAW:
            if self.drawn:
                return ["draw", "pass"]
            # ruling BZ-21: a player with no card left cannot fail to notice the draw: he must take it.
            return ["draw", "skip"] if self._hand[seat] or self._declared[seat] else ["draw"]
        if phase is Phase.DECLARE:
            acts = [f"meld {' '.join(cards)}" for cards in self._meld_options(seat)]
            acts += self._seven_actions(seat)
            return [*acts, "pass"]
        texts = PLAY_TEXTS
        return [texts[i] for i in self._playable_ids(seat)]

    def _kinds_held(self, seat: int) -> list[int]:
        """The kind ids of every card the seat holds (concealed or declared), ascending, once each."""
        declared = self._declared[seat]
        if not declared:
            return sorted(set(self._hand[seat]))
        return sorted({*self._hand[seat], *(e.kind for e in declared)})

    def _choices(self, held: list[int], lead: int) -> list[int]:
        """``last_eight_choices`` by kind ids: of ``held``, follow suit and head the trick if you can,
        else follow; if you cannot follow, trump if you can; else anything (ruling BZ-16)."""
        suits = KIND_SUIT
        led = suits[lead]
        same = [k for k in held if suits[k] == led]
        if same:
            power, beat = KIND_POWER, KIND_POWER[lead]
            higher = [k for k in same if power[k] > beat]
            return higher or same
        trump = self.trump
        trumps = [k for k in held if suits[k] == trump]
        return trumps or held

    def _playable_ids(self, seat: int) -> list[int]:
        """The kind ids of the cards the seat may play, ascending (``play <card>``'s id is its kind's)."""
        held = self._kinds_held(seat)
        if self.phase is not Phase.LAST_EIGHT or not self._trick or self.laws:
            return held  # ruling BZ-3: no duty to follow while the talon lasts
        return self._choices(held, self._trick[0][1])  # ruling BZ-16

    def _may_play(self, seat: int, kind: int) -> bool:
        """Whether ``play <card>`` of kind id ``kind`` is legal now (in the play of a trick): a card held,
        and under strict laws in the last eight one that the trick allows (rulings BZ-3, BZ-16)."""
        if self.phase is Phase.LAST_EIGHT and self._trick and not self.laws:
            return kind in self._playable_ids(seat)
        if kind in self._hand[seat]:
            return True
        return any(e.kind == kind for e in self._declared[seat])

    def _playable(self, seat: int) -> list[str]:
        codes = KIND_CODES
        return [codes[i] for i in self._playable_ids(seat)]

    # --- melds ----------------------------------------------------------------------

    def _patterns(self) -> tuple[tuple[Meld, tuple[str, ...]], ...]:
        opts = self.game.options
        return meld_patterns(self.trump, bool(opts["alt_bezique"]), bool(opts["fours_one_per_suit"]))

    def _needs(self) -> tuple[tuple[tuple[int, ...], tuple[MeldNeed, ...]], ...]:
        opts = self.game.options
        return meld_needs(self.trump, bool(opts["alt_bezique"]), bool(opts["fours_one_per_suit"]))

    def _assign(
        self,
        kind: Meld,
        pairs: tuple[tuple[int, int], ...],
        concealed: int,
        table: list[TableCard],
        exposed: set[int],
        share: bool = False,
    ) -> list[int] | None:
        """The declared cards a meld would use (their ids), the rest coming from the concealed hand
        (``concealed``: its packed counts), or ``None`` if the seat cannot make it now (ruling BZ-12:
        declared copies first, those exposed at this turn first, then the most used). Ruling BZ-10: no
        fresh card is required, so a meld may be made wholly of declared cards that each may serve
        again. ``table``: the seat's declared cards with their kind ids, all compared as ids. With
        ``share`` (a further combination after the trick's meld) it must use a card just exposed.

        Ruling BZ-8 (``shown_together=fresh``): a combination made wholly of cards exposed at this turn
        is held to the order rule against the melds they were exposed for; one bringing in another
        card is not. When the first choice fails that, the other lawful ways of making the meld are
        tried in the same order of preference (so a fresh king or queen of trumps in hand marries
        beside a sequence where the sequence's own pair may not)."""
        turn = self.declaring_turns
        greater = reuse_needs_greater(self.game.options)
        chosen: list[int] = []
        options: list[tuple[int, list[TableCard]]] = []
        from_hand = 0
        for kid, need in pairs:
            cands = [e for e in table if e.kind == kid and may_serve_again(e.uses, kind, turn, greater)]
            if len(cands) > 1:
                cands.sort(key=lambda e: (e.id not in exposed, -len(e.uses), e.id))
            picks = [e.id for e in cands[:need]]
            if need - len(picks) > (concealed >> (3 * kid)) & 3:
                return None
            from_hand += need - len(picks)
            chosen += picks
            options.append((need, cands))
        if not exposed:
            return None if share else chosen
        if not shown_together_needs_fresh(self.game.options):
            return chosen if not share or any(i in exposed for i in chosen) else None
        by_id = {e.id: e for e in table}
        if self._lawful_together(kind, [by_id[i] for i in chosen], from_hand, exposed, share, greater):
            return chosen
        return self._assign_otherwise(kind, pairs, concealed, options, exposed, share, greater)

    def _lawful_together(
        self,
        kind: Meld,
        picks: list[TableCard],
        from_hand: int,
        exposed: set[int],
        share: bool,
        greater: bool,
    ) -> bool:
        """Ruling BZ-8 (``shown_together=fresh``): whether these declared cards (each allowed with the
        same-turn exemption) and ``from_hand`` concealed ones make the meld lawfully now: sharing a card
        just exposed if ``share``, and either bringing in a card not exposed at this turn or else each
        card held to every meld it has served in (as at a later turn)."""
        if share and not any(e.id in exposed for e in picks):
            return False
        if from_hand or any(e.id not in exposed for e in picks):
            return True
        return all(may_serve_again(e.uses, kind, -1, greater) for e in picks)

    def _assign_otherwise(
        self,
        kind: Meld,
        pairs: tuple[tuple[int, int], ...],
        concealed: int,
        options: list[tuple[int, list[TableCard]]],
        exposed: set[int],
        share: bool,
        greater: bool,
    ) -> list[int] | None:
        """``_assign`` when its first choice is not lawful under ruling BZ-8: every other choice of
        declared copies (the most declared copies first, each kind's in its order of preference) with
        the concealed hand making up the rest, the first lawful one, or ``None``."""
        ways: list[list[tuple[TableCard, ...]]] = []
        for (kid, _), (need, cands) in zip(pairs, options, strict=True):
            have = (concealed >> (3 * kid)) & 3
            kid_ways = [
                combo
                for k in range(min(need, len(cands)), -1, -1)
                if need - k <= have
                for combo in itertools.combinations(cands, k)
            ]
            ways.append(kid_ways)
        total = sum(need for _, need in pairs)
        for way in itertools.product(*ways):
            picks = [e for combo in way for e in combo]
            if self._lawful_together(kind, picks, total - len(picks), exposed, share, greater):
                return [e.id for e in picks]
        return None

    def _meld_candidates(self, seat: int) -> list[tuple[Meld, tuple[str, ...], list[int] | None]]:
        """Melds that may be declared now: (kind, codes, the declared cards used, or ``None`` for a
        waiting meld that scores now). The search runs on packed counts and kind ids; the codes are the
        patterns' own, made once per trumps and options."""
        several = self.game.options["melds_per_trick"] == "several"
        scored = self.scored_this_turn
        out: list[tuple[Meld, tuple[str, ...], list[int] | None]] = []
        seen: set[tuple[str, ...]] = set()
        declared = self._declared[seat]
        if not several and scored == 0:
            # ruling BZ-8: a meld shown with the last one scores now, as this trick's one meld (BZ-7)
            table_ids = {e.id for e in declared}
            for p in self._waiting[seat]:
                if all(i in table_ids for i in p.ids):
                    codes = tuple(codes_of(sorted(p.kinds)))
                    if codes not in seen:
                        seen.add(codes)
                        out.append((p.kind, codes, None))
        exposed = {i for m in self.exposed_this_turn for i in m}
        unit = KIND_UNIT
        concealed = sum(map(unit.__getitem__, self._hand[seat]))
        table = declared
        held = concealed
        for e in table:
            held += unit[e.kind]
        held |= COUNT_GUARD
        for shifts, needs in self._needs():
            if shifts:
                a, b, c, d = shifts
                if ((held >> a) & 3) + ((held >> b) & 3) + ((held >> c) & 3) + ((held >> d) & 3) < 4:
                    continue
            for kind, codes, need, pairs in needs:
                if (held - need) & COUNT_GUARD != COUNT_GUARD or codes in seen:
                    continue
                # with nothing on the table the hand alone holds the meld (the check above)
                # ruling BZ-8: after the trick's meld, only a further combination shown by the cards
                # just exposed (``share``), and under ``shown_together=fresh`` one that brings in a
                # card of its own unless it passes the order rule without the same-turn exemption
                share = not several and scored > 0
                if not table:
                    if share:
                        continue
                    assign: list[int] | None = []
                else:
                    assign = self._assign(kind, pairs, concealed, table, exposed, share)
                if assign is None:
                    continue
                seen.add(codes)
                out.append((kind, codes, assign))
        return out

    def _meld_options(self, seat: int) -> list[tuple[str, ...]]:
        if self.game.options["seven_counts_as_meld"] and self.seven_this_turn:
            return []  # ruling BZ-6
        return [codes for _, codes, _ in self._meld_candidates(seat)]

    def _seven_actions(self, seat: int) -> list[str]:
        """Exchanging the seven of trumps for the turn-up, or showing it (rulings BZ-4, BZ-5, BZ-6)."""
        if self.turn_up is None:
            return []
        if self.game.options["seven_counts_as_meld"] and (self.scored_this_turn or self.seven_this_turn):
            return []
        if not self._holds_unscored_seven(seat):
            return []
        seven = seven_of_trumps(self.trump)
        acts = []
        if self.turn_up != seven:
            acts.append(f"exchange {seven}")
        acts.append(f"declare {seven}")
        return acts

    def _has_declaration(self, seat: int) -> bool:
        return bool(self._seven_actions(seat) or self._meld_options(seat))

    # --- applying -------------------------------------------------------------------

    # --- the ids and the text of a card played, served from the core ---------------------------

    def legal_action_ids(self) -> list[int]:
        """In the play of a trick the legal ids are the playable kind ids themselves (``play <card>``'s
        id is its kind's): no text is made; otherwise the engine's ids of the legal texts."""
        if self.phase is Phase.TALON or self.phase is Phase.LAST_EIGHT:
            return self._playable_ids(self.turn)
        return super().legal_action_ids()

    def apply_id(self, action_id: int) -> None:
        """A card played is checked against the playable kind ids and carried out on its code, its
        text only looked up for the record; anything else goes the engine's way, with its checks."""
        if (
            type(action_id) is int
            and 0 <= action_id < len(KIND_CODES)
            and (self.phase is Phase.TALON or self.phase is Phase.LAST_EIGHT)
            and self._may_play(self.turn, action_id)
        ):
            self._record_action(PLAY_TEXTS[action_id])
            self._play_and_settle(self.turn, action_id)
            return
        super().apply_id(action_id)

    def _carry_out(self, action: str, typed: Action | None = None) -> None:
        """A legal ``play <card>`` goes straight to the rules by its kind (no parsing); the rest through
        the engine's typed action."""
        if typed is None:
            i = PLAY_KIND.get(action)
            if i is not None:
                self._record_action(action)
                self._play_and_settle(self.turn, i)
                return
        super()._carry_out(action, typed)

    def _play_and_settle(self, seat: int, card: int) -> None:
        """``_apply`` of ``play <card>``."""
        self._play(seat, card)
        if self.phase is Phase.DECLARE and not self._has_declaration(self.turn):
            self._after_declaring()

    def _apply(self, action: Action) -> None:
        seat = self.turn
        kind = action.kind
        if kind == "play":
            self._play(seat, KIND_ID[action.card])
        elif kind == "meld":
            self._meld(seat, action.cards)
        elif kind == "exchange":
            self._exchange(seat, action.card)
        elif kind == "declare":
            self._declare_seven(seat, action.card)
        elif kind == "blanche":
            self._blanche(seat)
        elif kind == "draw":
            self._table_draw(seat)
        elif kind == "skip":
            self._skip_draw(seat)
        elif kind == "pass":
            if self.phase is Phase.CARTE_BLANCHE:
                self._next_blanche()
            elif self.phase is Phase.DRAW:
                self._next_drawer()
            else:
                self._after_declaring()
        if self.phase is Phase.DECLARE and not self._has_declaration(self.turn):
            self._after_declaring()

    def _blanche(self, seat: int) -> None:
        # ruling BZ-20: the hand is shown to the whole table and scores 50
        hand = sorted_codes(self._hand[seat])
        self._known[seat] = dict(Counter(sorted(self._hand[seat])))
        self._known_privately[seat] = {}
        self._log(
            "blanche",
            {"seat": seat, "cards": hand, "text": f"seat {seat} shows a carte blanche: {pretty_list(hand)}"},
        )
        self._score(
            seat,
            CARTE_BLANCHE_POINTS,
            "carte blanche",
            f"seat {seat} scores {CARTE_BLANCHE_POINTS} for carte blanche",
        )
        self._next_blanche()

    def _next_blanche(self) -> None:
        self.blanche_queue.pop(0)
        if self.blanche_queue:
            self.turn = self.blanche_queue[0]
        else:
            self.phase = Phase.TALON
            self.turn = self.leader

    def _take_card(self, seat: int, kind: int) -> None:
        """Remove a card of kind id ``kind`` from the seat's hand, a declared copy first (one not
        awaiting a score)."""
        declared = self._declared[seat]
        if declared:
            # ruling BZ-12: a declared copy not waiting to score, the most used first
            copies = [e for e in declared if e.kind == kind]
            if copies:
                waiting_ids = {i for p in self._waiting[seat] for i in p.ids}
                free = [e for e in copies if e.id not in waiting_ids]
                if free or kind not in self._hand[seat]:
                    pool = free or copies
                    entry = min(pool, key=lambda e: (-len(e.uses), e.id))
                    self._declared[seat] = [e for e in declared if e is not entry]
                    self._waiting[seat] = [p for p in self._waiting[seat] if entry.id not in p.ids]
                    return
        seven = SEVEN_KIND[self.trump]
        if kind == seven and self._played_seven_scores() and self._holds_unscored_seven(seat):
            # ruling BZ-5: of two sevens, one declared, the player plays the one that scores.
            self._unscored_seven_leaves(seat)
            return
        self._hand[seat].remove(kind)
        self._forget(seat, kind)
        if kind == seven and self.sevens_shown[seat] > 0:
            self.sevens_shown[seat] -= 1

    def _holds_unscored_seven(self, seat: int) -> bool:
        """Whether the seat holds a seven of trumps that has not scored by being declared."""
        return self._hand[seat].count(SEVEN_KIND[self.trump]) > self.sevens_shown[seat]

    def _played_seven_scores(self) -> bool:
        """Whether a seven of trumps played now scores 10 (ruling BZ-5): while the talon lasts."""
        return bool(self.game.options["played_seven_scores"]) and self.phase is Phase.TALON

    def _unscored_seven_leaves(self, seat: int) -> None:
        """An undeclared seven of trumps leaves the hand (played or exchanged); declared ones stay known."""
        seven = SEVEN_KIND[self.trump]
        self._hand[seat].remove(seven)
        self._forget(seat, seven, keep=self.sevens_shown[seat])

    def _play(self, seat: int, card: int) -> None:
        """The seat plays a card of kind id ``card``."""
        # ruling BZ-5: a seven of trumps played while the talon lasts scores 10, unless the copy
        # played is one that has scored already by being declared.
        seven_scores = (
            card == SEVEN_KIND[self.trump]
            and self._played_seven_scores()
            and self._holds_unscored_seven(seat)
        )
        trick = self._trick
        if self.phase is Phase.LAST_EIGHT and trick and self.laws and self.revoker is None:
            # ruling BZ-21: under table laws a revoke is possible, and concedes the brisques to come
            allowed = self._choices(self._kinds_held(seat), trick[0][1])
            if card not in allowed:
                self.revoker = seat
                self._log(
                    "revoke",
                    {
                        "seat": seat,
                        "text": f"seat {seat} fails to follow or to win when able "
                        "and concedes every brisque still to come",
                    },
                )
        self._take_card(seat, card)
        trick.append((seat, card))
        if len(trick) == 1:
            self._pending.append((1, seat, card))  # the play event, made when the log is read
            if seven_scores:
                self._score_played_seven(seat)
            self.turn = 1 - seat
            return
        self._finish_trick(seven_scores)

    def _score_played_seven(self, seat: int) -> None:
        self._score(
            seat,
            SEVEN_OF_TRUMPS_POINTS,
            "seven of trumps played",
            f"seat {seat} scores {SEVEN_OF_TRUMPS_POINTS} for playing the seven of trumps",
        )

    def _finish_trick(self, seven_scores: bool = False) -> None:
        (lead_seat, lead), (follow_seat, follow) = self._trick
        # ruling BZ-3: a higher card of the suit led, or a trump on a plain lead; equal cards to the leader
        suits = KIND_SUIT
        if suits[follow] == suits[lead]:
            wins = KIND_POWER[follow] > KIND_POWER[lead]
        else:
            wins = suits[follow] == self.trump
        winner = follow_seat if wins else lead_seat
        won = self._won[winner]
        won.append(lead)
        won.append(follow)
        gets = winner if self.revoker is None else 1 - self.revoker
        self.brisques[gets] += KIND_BRISQUE[lead] + KIND_BRISQUE[follow]  # ruling BZ-18
        self._last = self._trick
        self._trick = []
        self.tricks_played += 1
        self.leader = winner
        self.turn = winner
        self._pending.append((2, follow_seat, follow, winner))  # the play event, made when the log is read
        if seven_scores:
            self._score_played_seven(follow_seat)
        if self.phase is Phase.TALON:
            if self._turn_up < 0 and not self._stock:
                raise AssertionError("phase one without a talon")
            last_of_stock = len(self._stock) == 1 and not self.laws
            if last_of_stock and last_trick_of_the_talon_scores(self.game.options["last_trick"]):
                self._score_last_trick_of_the_talon(winner)
            # ruling BZ-4: the winner's declaring turn, before the draw
            self.declaring_turns += 1
            self._close_declaring_turn()
            self.phase = Phase.DECLARE
            if not self._has_declaration(winner):
                self._after_declaring()
            return
        # the last eight: the hand ends when either hand is empty (they differ only after table-law faults)
        if not self._held_count(0) or not self._held_count(1):
            self._close_hand(winner)

    def _score_last_trick_of_the_talon(self, winner: int) -> None:
        # ruling BZ-17
        self._score(
            winner,
            LAST_TRICK_POINTS,
            "last trick of the talon",
            f"seat {winner} scores {LAST_TRICK_POINTS} for the last trick before the talon runs out",
        )

    def _close_declaring_turn(self) -> None:
        self.scored_this_turn = 0
        self.seven_this_turn = False
        self.exposed_this_turn = []

    def _close_hand(self, winner: int) -> None:
        """The last trick is played: cards a short opponent cannot answer go to their holder
        (ruling BZ-21)."""
        for seat in SEATS:
            kinds = sorted([*self._hand[seat], *(e.kind for e in self._declared[seat])])
            if not kinds:
                continue
            rest = codes_of(kinds)
            self._hand[seat] = []
            self._declared[seat] = []
            self._known[seat] = {}
            self._known_privately[seat] = {}
            self._won[seat].extend(kinds)
            gets = seat if self.revoker is None else 1 - self.revoker
            self.brisques[gets] += sum(KIND_BRISQUE[k] for k in kinds)  # ruling BZ-18
            self._log(
                "leftover",
                {
                    "seat": seat,
                    "cards": rest,
                    "text": f"seat {1 - seat} has no card left: seat {seat} keeps {pretty_list(rest)}",
                },
            )
        if last_trick_of_the_hand_scores(self.game.options["last_trick"]):  # ruling BZ-17
            self._score(
                winner,
                LAST_TRICK_POINTS,
                "last trick",
                f"seat {winner} scores {LAST_TRICK_POINTS} for the last trick",
            )
        self._end_hand()

    def _meld(self, seat: int, codes: tuple[str, ...]) -> None:
        found = [(k, a) for k, key, a in self._meld_candidates(seat) if key == codes]
        if not found:  # pragma: no cover - legal_actions guarantees a match
            raise AssertionError(codes)
        kind, assign = found[0]
        points = MELD_POINTS[kind]
        several = self.game.options["melds_per_trick"] == "several"
        if assign is None:  # ruling BZ-8: a meld shown at an earlier turn scores now
            kinds = _kinds(codes)
            pend = next(p for p in self._waiting[seat] if tuple(sorted(p.kinds)) == kinds)
            self._waiting[seat].remove(pend)
            self.scored_this_turn += 1
            self.exposed_this_turn.append(list(pend.ids))
            records = self._melds[seat]
            records.append(MeldEntry(kind, kinds, points, True))
            for i, m in enumerate(records):
                if not m.scored and m.kind == kind and m.kinds == kinds:
                    del records[i]
                    break
            self._score(
                seat, points, str(kind), f"seat {seat} scores {points} for {kind} ({pretty_list(codes)})"
            )
            return
        turn = self.declaring_turns
        ids: list[int] = []
        from_hand = Counter(map(KIND_ID.__getitem__, codes))
        by_id = {e.id: e for e in self._declared[seat]}
        for i in assign:
            entry = by_id[i]
            entry.uses.append((kind, turn))
            from_hand[entry.kind] -= 1
            ids.append(i)
        for kid, n in from_hand.items():
            for _ in range(n):
                self._hand[seat].remove(kid)
                self._forget(seat, kid)
                self._declared[seat].append(TableCard(self.next_id, kid, [(kind, turn)]))
                ids.append(self.next_id)
                self.next_id += 1
        self.exposed_this_turn.append(ids)
        if several or self.scored_this_turn == 0:  # ruling BZ-7: one meld scores per trick won
            self.scored_this_turn += 1
            self._melds[seat].append(MeldEntry(kind, _kinds(codes), points, True))
            self._log(
                "meld",
                {
                    "seat": seat,
                    "kind": str(kind),
                    "cards": list(codes),
                    "text": f"seat {seat} declares {kind}: {pretty_list(codes)}",
                },
            )
            self._score(seat, points, str(kind), f"seat {seat} scores {points} for {kind}")
        else:
            kinds = _kinds(codes)
            self._waiting[seat].append(ShownMeld(kind, kinds, ids))
            self._melds[seat].append(MeldEntry(kind, kinds, points, False))
            self._log(
                "meld",
                {
                    "seat": seat,
                    "kind": str(kind),
                    "cards": list(codes),
                    "pending": True,
                    "text": f"seat {seat} shows {kind} too: {pretty_list(codes)}, "
                    f"{points} to score after another trick won",
                },
            )

    def _meld_texts(self, seat: int) -> list[str]:
        """The hand's melds for the record. A meld shown to score later whose waiting entry is gone
        (a card of it was played: ruling BZ-8) will never score, so it reads "lost", not "to score"."""
        waiting = Counter((p.kind, p.kinds) for p in self._waiting[seat])
        texts = []
        for m in self._melds[seat]:
            key = (m.kind, m.kinds)
            lost = not m.scored and waiting[key] == 0
            if not m.scored and not lost:
                waiting[key] -= 1
            texts.append(m.record().text(lost))
        return texts

    def _exchange(self, seat: int, seven: str) -> None:
        up = self._turn_up
        assert up >= 0
        old = KIND_CODES[up]
        self._unscored_seven_leaves(seat)  # only an undeclared seven may be exchanged
        self._hand[seat].append(up)
        self._learn(seat, up)
        self._turn_up = KIND_ID[seven]
        self.seven_this_turn = True
        self._log(
            "exchange",
            {
                "seat": seat,
                "card": seven,
                "took": old,
                "text": f"seat {seat} exchanges {pretty(seven)} for the turn-up {pretty(old)}",
            },
        )
        self._score_seven(seat)

    def _declare_seven(self, seat: int, seven: str) -> None:
        self.sevens_shown[seat] += 1
        self._learn(seat, KIND_ID[seven])
        self.seven_this_turn = True
        self._log("seven", {"seat": seat, "card": seven, "text": f"seat {seat} shows {pretty(seven)}"})
        self._score_seven(seat)

    def _score_seven(self, seat: int) -> None:
        self._score(
            seat,
            SEVEN_OF_TRUMPS_POINTS,
            "seven of trumps",
            f"seat {seat} scores {SEVEN_OF_TRUMPS_POINTS} for the seven of trumps",
        )

    def _after_declaring(self) -> None:
        """The declaring turn is over: the engine draws for both, or (table laws) the players do."""
        if self.laws:
            self._begin_draws()
        else:
            self._draw()

    # --- drawing under table laws (ruling BZ-21) ---------------------------------------

    def _talon_left(self) -> bool:
        return bool(self._stock) or self._turn_up >= 0

    def _begin_draws(self) -> None:
        winner = self.leader
        self._close_declaring_turn()
        self.phase = Phase.DRAW
        self.draw_queue = [winner, 1 - winner]
        self.drawn = False
        self._settle_draws()

    def _settle_draws(self) -> None:
        """Give the turn to the next player due to draw; one with nothing left to draw is passed over."""
        if not self._talon_left():
            self.draw_queue = []
        if self.draw_queue:
            self.turn = self.draw_queue[0]
            return
        self._end_draws()

    def _next_drawer(self) -> None:
        self.draw_queue.pop(0)
        self.drawn = False
        self._settle_draws()

    def _take_top(self, seat: int) -> int | None:
        """One card from the talon into the hand: its kind id, or ``None`` for the turn-up, the talon's
        last card (which the table sees taken)."""
        if self._stock:
            card = self._stock.pop(0)
            self._hand[seat].append(card)
            if 1 - seat in self.top_seen:
                self._learn(seat, card, public=False)  # ruling BZ-23: the opponent alone saw it
            self.top_seen = []
            return card
        self._take_turn_up(seat)
        return None

    def _take_turn_up(self, seat: int) -> None:
        """The turn-up goes last, and the opponent knows who holds it (ruling BZ-15)."""
        up = self._turn_up
        assert up >= 0
        self._turn_up = NO_CARD
        self._hand[seat].append(up)
        self._learn(seat, up)
        card = KIND_CODES[up]
        self._log(
            "draw",
            {
                "seat": seat,
                "card": card,
                "text": f"seat {seat} takes the turn-up {pretty(card)}; the talon is exhausted",
            },
        )

    def _table_draw(self, seat: int) -> None:
        if self.drawn:
            self._overdraw(seat)
            return
        owed = self.missed[seat]
        self.missed[seat] = 0
        count = 0
        hidden: list[int] = []
        for _ in range(1 + owed):
            if not self._talon_left():
                break  # the missed cards are lost: the player plays on short
            card = self._take_top(seat)
            if card is not None:
                hidden.append(card)
            count += 1
        if hidden:  # told to the drawer alone; the table is told how many (below)
            self._pending.append((3, seat, tuple(hidden)))
        extra = f" ({count - 1} missed before)" if count > 1 else ""
        self._log(
            "draw",
            {
                "seat": seat,
                "count": count,
                "text": f"seat {seat} draws {count} card{'s' * (count > 1)}{extra}",
            },
        )
        if self._held_count(seat) >= FULL_HAND and self._stock:
            self.drawn = True  # the hand is full; one more draw would be a fault
        else:
            self._next_drawer()

    def _overdraw(self, seat: int) -> None:
        """A draw with a full hand: 100 to the opponent, and the ninth card goes back on the talon."""
        kind = self._stock.pop(0)
        self._hand[seat].append(kind)
        card = KIND_CODES[kind]
        # The offender's own record of the card he has seen (nobody else sees it).
        self._log(
            "seen", {"seat": seat, "card": card, "text": f"you draw {pretty(card)}, a ninth card"}, to=seat
        )
        self._log("fault", {"seat": seat, "text": f"seat {seat} draws again and holds nine cards"})
        self._score(
            1 - seat,
            OVERDRAW_PENALTY,
            "more than eight cards",
            f"seat {1 - seat} scores {OVERDRAW_PENALTY}: seat {seat} holds more than eight cards",
        )
        self._hand[seat].remove(kind)
        self._stock.insert(0, kind)
        self.top_seen = sorted({*self.top_seen, seat})
        self._log("correction", {"seat": seat, "text": f"seat {seat} puts the extra card back on the talon"})
        self._next_drawer()

    def _skip_draw(self, seat: int) -> None:
        self.missed[seat] += 1
        self._log("fault", {"seat": seat, "text": f"seat {seat} does not draw"})
        self._score(
            1 - seat,
            NO_DRAW_PENALTY,
            "no draw",
            f"seat {1 - seat} scores {NO_DRAW_PENALTY}: seat {seat} did not draw after the trick",
        )
        self._next_drawer()

    def _end_draws(self) -> None:
        winner = self.leader
        self.drawn = False
        self.turn = winner
        if self._talon_left():
            self.phase = Phase.TALON
            return
        if last_trick_of_the_talon_scores(self.game.options["last_trick"]):
            self._score_last_trick_of_the_talon(winner)
        self.missed = [0, 0]
        self.top_seen = []
        self._start_last_eight()
        if not self._held_count(0) or not self._held_count(1):
            self._close_hand(winner)

    def _draw(self) -> None:
        """Winner then loser draw; the turn-up goes last, to the loser of the last talon trick
        (ruling BZ-15)."""
        winner = self.leader
        loser = 1 - winner
        stock = self._stock
        drawn = stock.pop(0)
        self._hand[winner].append(drawn)
        # each player is told the card he draws (the person at a terminal saw it only in the hand):
        # the log's private "draw" event, as Roquet's, made when the log is read
        self._pending.append((3, winner, (drawn,)))
        if stock:
            drawn = stock.pop(0)
            self._hand[loser].append(drawn)
            self._pending.append((3, loser, (drawn,)))
        else:
            self._take_turn_up(loser)
        self._close_declaring_turn()
        self.turn = winner
        if self._turn_up < 0:
            self._start_last_eight()
        else:
            self.phase = Phase.TALON

    def _start_last_eight(self) -> None:
        # ruling BZ-16: the declared cards go back into the hand; the strict rules apply
        for seat in SEATS:
            for e in self._declared[seat]:
                kind = e.kind
                self._hand[seat].append(kind)
                self._learn(seat, kind)
            self._declared[seat] = []
            self._waiting[seat] = []
            self.sevens_shown[seat] = 0
        self._melds = [[m for m in ms if m.scored] for ms in self._melds]
        self.phase = Phase.LAST_EIGHT
        self._log("phase", {"text": _LAST_EIGHT_LOGGED})

    def _end_hand(self) -> None:
        for seat in SEATS:
            n = self.brisques[seat]
            self._score(
                seat,
                n * BRISQUE_POINTS,
                BRISQUES,
                f"seat {seat} scores {n * BRISQUE_POINTS} for {n} brisques",
            )  # ruling BZ-18: one score event per seat at the end of the hand
        pts = list(self.hand_points)
        t = self.totals
        self._pending.append(
            hand_end_event(
                pts,
                f"hand {self.hand_number} ends: {pts[0]} to {pts[1]}; totals {t[0]} to {t[1]}",
                hand=self.hand_number,
            )
        )
        if self._match_is_decided():
            self.phase = Phase.OVER
            win = self._winner()
            self._log(
                "match_end",
                {
                    "winner": win,
                    "scores": list(t),
                    "text": f"seat {win} wins the match {t[win]} to {t[1 - win]}",
                },
            )
            return
        self._deal(1 - self.dealer, None)  # ruling BZ-1: the deal alternates

    def _reached_in_log(self, totals: Sequence[int], points: Sequence[int]) -> int:
        """Who first reached the target by a score made in this hand's play (-1: nobody), read from the
        log's score events since the hand's deal, from the totals it began with (ruling BZ-19)."""
        events: list[Event] = self.log
        start = len(events)
        while start > 0 and not (events[start - 1].kind == "deal" and events[start - 1].to is None):
            start -= 1
        running = [totals[s] - points[s] for s in SEATS]
        target = self.game.target
        for e in events[start:]:
            data = e.data
            if e.kind != "score" or e.to is not None or data.get("reason") == BRISQUES:
                continue
            seat, gained = data.get("seat"), data.get("points")
            if seat in SEATS and isinstance(gained, int):
                running[seat] += gained
                if running[seat] >= target:
                    return int(seat)
        return -1

    def _match_is_decided(self, totals: Sequence[int] | None = None, reached: int | None = None) -> bool:
        """Ruling BZ-19: at the end of a hand, a total at the target and a winner: the first to reach it
        (winner=first), else the totals not level."""
        t = self.totals if totals is None else totals
        first = self.reached if reached is None else reached
        if max(t) < self.game.target:
            return False
        return t[0] != t[1] or (first >= 0 and self.game.first_wins)

    # --- dealing --------------------------------------------------------------------

    def _cut(self) -> int:
        """Cut for deal: the higher card deals; equal ranks cut again (ruling BZ-1)."""
        while True:
            cards = list(PACK.cards)
            self.rng.shuffle(cards)
            a, b = cards[0], cards[1]
            text = f"seat 0 cuts {pretty(a)}, seat 1 cuts {pretty(b)}"
            if POWER[rank(a)] != POWER[rank(b)]:
                dealer = 0 if POWER[rank(a)] > POWER[rank(b)] else 1
                self._log("cut", {"cards": [a, b], "dealer": dealer, "text": f"{text}: seat {dealer} deals"})
                return dealer
            self._log("cut", {"cards": [a, b], "dealer": None, "text": f"{text}: equal, cut again"})

    def _deal(self, dealer: int, deal: CheckedDeal | None) -> None:
        self.hand_number += 1
        elder = 1 - dealer
        won: list[list[int]] = [[], []]
        if deal is None:
            # ruling BZ-2: three, two, three to each, the non-dealer first; the next card turned up
            cards = list(DEAL_ORDER)
            self.rng.shuffle(cards)
            hands: list[list[int]] = [[], []]
            pos = 0
            for n in DEAL_PACKETS:
                for seat in (elder, dealer):
                    hands[seat] += cards[pos : pos + n]
                    pos += n
            turn_up = cards[pos]
            stock = cards[pos + 1 :]
            leader = elder
        else:
            _, dealt, up, talon, taken, leader = deal
            hands = [kinds_of(dealt[0]), kinds_of(dealt[1])]
            turn_up, stock, won = KIND_ID[up], kinds_of(talon), [kinds_of(taken[0]), kinds_of(taken[1])]
        self.phase = Phase.TALON
        self.dealer = dealer
        self.leader = self.turn = leader
        self.trump = KIND_SUIT[turn_up]
        self._turn_up = turn_up
        self._stock = stock
        self._hand = [list(hands[0]), list(hands[1])]
        self._declared = [[], []]
        self._waiting = [[], []]
        self._melds = [[], []]
        self._known = [{}, {}]
        self._known_privately = [{}, {}]
        self.sevens_shown = [0, 0]
        self._trick = []
        self._last = []
        self._won = [list(won[0]), list(won[1])]
        self.brisques = [sum(KIND_BRISQUE[k] for k in won[s]) for s in SEATS]  # ruling BZ-18
        self.revoker = None
        self.hand_points = [0, 0]
        self.reached = -1
        self.tricks_played = len(won[0]) // 2 + len(won[1]) // 2
        self.declaring_turns = 0
        self._close_declaring_turn()
        self.next_id = 0
        self.blanche_queue = []
        self.draw_queue = []
        self.drawn = False
        self.missed = [0, 0]
        self.top_seen = []
        self._log(
            "deal",
            {
                "dealer": dealer,
                "hand": self.hand_number,
                "text": f"hand {self.hand_number}: seat {dealer} deals; the turn-up is "
                f"{pretty(KIND_CODES[turn_up])}, {SUIT_NAMES[self.trump]} are trumps",
            },
        )
        for seat in SEATS:
            shown = sorted_codes(hands[seat])
            self._log(
                "hand", {"seat": seat, "cards": shown, "text": f"your hand: {pretty_list(shown)}"}, to=seat
            )
        if turn_up == SEVEN_KIND[self.trump]:  # ruling BZ-2
            self._score(
                dealer,
                SEVEN_OF_TRUMPS_POINTS,
                "seven turned up",
                f"seat {dealer} scores {SEVEN_OF_TRUMPS_POINTS} for turning up the seven",
            )
        if not stock:
            self._start_last_eight()
            return
        if self.game.options["carte_blanche"] and not self.tricks_played:  # ruling BZ-20: the eight dealt
            queue = [s for s in (elder, dealer) if is_carte_blanche(codes_of(hands[s]))]
            if queue:
                self.blanche_queue = queue
                self.phase = Phase.CARTE_BLANCHE
                self.turn = queue[0]

    # --- information ----------------------------------------------------------------

    def event_words(self, event: Event) -> str:
        """The log's lines as a person reads them (the logged texts stay as they were: replays of older
        saves compare them): a hand's end names whose points are whose ("hand 1 ends: 80 to 150; totals
        80 to 150" left the reader to guess which seat was first), and the last eight's rule is said as
        the prompt says it ("win the trick" beside the prompt's "head the trick ..., else trump")."""
        text = super().event_words(event)
        if event.kind == "hand_end" and event.to is None:
            ended = _HAND_END.fullmatch(text)
            if ended is not None:
                hand, *n = ended.groups()
                return (
                    f"hand {hand} ends — seat 0: {n[0]}, seat 1: {n[1]}; "
                    f"totals — seat 0: {n[2]}, seat 1: {n[3]}"
                )
        if event.kind == "phase" and text == _LAST_EIGHT_LOGGED:
            return "the talon is exhausted: follow suit and head the trick if you can, else trump"
        return text

    def view(self, seat: int | None) -> View[BeziqueExtra]:
        # ruling BZ-22: declared cards with their history, cards won, the turn-up, the talon's size;
        # never the opponent's concealed cards except those he has shown (ruling BZ-23)
        known = [Counter(self.known[s]) if seat is not None else self._public_known(s) for s in SEATS]
        zones: list[Zone] = []
        for s in SEATS:
            if s == seat:
                cards: list[str | None] = list(sorted_codes(self._hand[s]))
            else:
                shown = sort_cards(known[s].elements())
                cards = [*shown, *[None] * (len(self._hand[s]) - len(shown))]
            zones.append(Zone("hand", s, cards, "concealed cards"))
        for s in SEATS:
            zones.append(
                Zone("melds", s, codes_of(sorted(e.kind for e in self._declared[s])), "declared cards")
            )
        talon: list[str | None] = [None] * len(self._stock)
        if seat is not None and seat in self.top_seen and self._stock:
            # a card put back on the talon: its drawer saw it (ruling BZ-21)
            talon[0] = KIND_CODES[self._stock[0]]
        zones.append(Zone("talon", None, talon, "talon"))
        up = self.turn_up
        zones.append(Zone("turn_up", None, [up] if up is not None else [], "turn-up"))
        taken = self._tricks_taken()
        for s in SEATS:
            zones.append(Zone("tricks_won", s, codes_of(self._won[s]), "tricks won", -1, taken[s]))
        trick: TrickView | None = None
        if self.phase in (Phase.TALON, Phase.LAST_EIGHT):
            trick = trick_view(self.trick, self.leader, None, self.tricks_played + 1)
        last = None
        if self._last:
            plays = self.last_trick
            last = trick_view(plays, plays[0][0], self.leader, self.tricks_played)
        roles: dict[int, list[str]] = {s: [] for s in SEATS}
        roles[self.dealer].append("dealer")
        roles[self.leader].append("leader")
        extra = BeziqueExtra(
            phase=self.phase,
            known=[sort_cards(known[s].elements()) for s in SEATS],
            melds=[self._meld_texts(s) for s in SEATS],
            brisques=list(self.brisques),
            hand_points=list(self.hand_points),
            sevens_shown=list(self.sevens_shown),
            missed_draws=list(self.missed) if self.laws else None,
            revoker=self.revoker,
            reached=self.reached if self.reached >= 0 and self.game.first_wins else None,
            declared=[[e.record() for e in self._declared[s]] for s in SEATS],
            waiting=[[p.record() for p in self._waiting[s]] for s in SEATS],
            meld_history=[[m.record() for m in self._melds[s]] for s in SEATS],
            tricks_played=self.tricks_played,
            declaring_turns=self.declaring_turns,
            scored_this_turn=self.scored_this_turn,
            seven_this_turn=self.seven_this_turn,
            exposed_this_turn=[list(m) for m in self.exposed_this_turn],
            next_id=self.next_id,
            blanche_queue=list(self.blanche_queue),
            draw_queue=list(self.draw_queue),
            drawn=self.drawn,
            top_seen=list(self.top_seen),
        )
        decision, prompt = self._decision()
        return self.make_view(
            seat,
            extra=extra,
            zones=zones,
            situation="; ".join(filter(None, (self._message(), self._reached_note()))),
            decision=decision,
            prompt=prompt,
            trick=trick,
            last_trick=last,
            trump=self.trump,
            hand_number=self.hand_number,
            roles=roles,
            hand_sizes=[self._held_count(s) for s in SEATS],
        )

    def _tricks_taken(self) -> list[int]:
        """Each seat's tricks this hand: two cards each on its winner's pile, but for the cards a short
        opponent could not answer, which went to their holder's pile as the hand ended (ruling BZ-21;
        read back from the log's ``leftover`` events once the match is over)."""
        kept = [0, 0]
        if self.phase is Phase.OVER:
            log = self.log
            for at in range(len(log) - 1, -1, -1):  # (not reversed(): mypyc failed on it, an internal error)
                event = log[at]
                if event.kind == "deal" and event.to is None:
                    break
                if event.kind == "leftover":
                    kept[event.data["seat"]] += len(event.data["cards"])
        return [(len(self._won[s]) - kept[s]) // 2 for s in SEATS]

    def _decision(self) -> tuple[str, str]:
        """The decision's kind and prompt: a draw under table laws says what it makes up, or that the
        hand is full (ruling BZ-21: another draw is a fault), which the situation said beside "draw
        from the talon"."""
        decision, prompt = _DECISIONS[self.phase]
        if self.phase in (Phase.TALON, Phase.LAST_EIGHT) and not self._trick:
            # a lead is asked as a lead, as the log says it ("seat 0 leads"): it read "play a card", and
            # in the last eight "follow suit and head the trick if you can", with nothing to follow
            return decision, "lead a card"
        if self.phase is Phase.DRAW:
            if self.drawn:
                return decision, "pass to go on (your hand is full)"
            owed = self.missed[self.turn]
            if owed:
                return decision, f"{prompt} (and the {owed} missed before)"
        return decision, prompt

    def _reached_note(self) -> str:
        """Ruling BZ-19: once a seat has reached the target, every situation line says it has won."""
        if self.reached < 0 or not self.game.first_wins or self.phase is Phase.OVER:
            return ""
        return f"seat {self.reached} has reached {self.game.target} first and wins at the end of the hand"

    def _message(self) -> str:
        if self.phase is Phase.OVER:
            t = self.totals
            return f"match over: {t[0]} to {t[1]}"
        turn = self.turn
        # What the seat to move is asked (show a carte blanche, declare, draw, pass) is the decision's
        # prompt, which every table says beside this line, to that seat ("Your turn: declare a meld
        # ...") and to the others ("Waiting for Computer 1 to declare ..."): said here too ("seat 1
        # won the trick and may declare (or pass to draw)"), it was read twice. The news stays.
        if self.phase is Phase.DECLARE:
            return f"seat {turn} won the trick"
        if self.phase is Phase.DRAW and self.drawn:
            return f"seat {turn} has drawn a full hand"
        # In the play, the seat to lead or play and the card led are the decision and the trick, trumps
        # the view's ``trump``, the cards left the talon's zone and the last eight tricks the extra's
        # stage ("last eight"), which every table shows beside this line: said here too ("seat 0 to
        # lead; hearts are trumps; 32 cards in the talon"), they were read twice.
        return ""

    def explain_illegal(self, action: Action) -> str:
        kind = action.kind
        phase = self.phase
        seat = self.turn
        if phase is Phase.OVER:
            return "the match is over"
        if kind == "play":
            if phase is Phase.DRAW:
                return "not time to play: draw from the talon first"
            if phase in (Phase.DECLARE, Phase.CARTE_BLANCHE):
                return "not time to play: first declare or pass"
            if action.card not in self.full_hand(seat):
                return f"you do not hold {action.card}"
            return "in the last eight tricks you must follow suit and head the trick if you can, else trump"
        if kind == "meld":
            if Counter(action.cards) - Counter(self.full_hand(seat)):
                return "you do not hold all those cards"
            just_won = phase is Phase.TALON and not self._trick and self.tricks_played and self.leader == seat
            if phase is not Phase.DECLARE and not just_won:
                return "you may declare only just after winning a trick while the talon lasts"
            if self.game.options["melds_per_trick"] == "one" and self.scored_this_turn:
                if shown_together_needs_fresh(self.game.options):  # ruling BZ-8
                    return (
                        "one meld scores per trick won; a further combination may be shown now only if it "
                        "shares a card just exposed, and one made only of those cards is held to the order "
                        "rule (no marriage from a sequence, no bezique from a double bezique)"
                    )
                return (
                    "one meld scores per trick won; a further combination may be shown now "
                    "only if it shares a card just exposed"
                )
            return (
                "those cards make no meld that scores now: a declared card may serve again only in a meld of "
                "another kind, not of an inferior order"
            )
        if kind in ("exchange", "declare"):
            if phase is not Phase.DECLARE:
                return (
                    "you may exchange or declare the seven of trumps only just after winning a trick "
                    "while the talon lasts"
                )
            seven = seven_of_trumps(self.trump)
            if action.card != seven:
                return f"only the seven of trumps ({seven}) may be {kind}d"
            if kind == "exchange" and self.turn_up == seven:
                return "the turn-up is already a seven of trumps"
            return "you hold no seven of trumps that has not already scored"
        if kind == "blanche":
            return "you may show carte blanche only before the first trick, holding no ace, ten or court"
        if kind in ("draw", "skip"):
            if not self.laws:
                return "the draws after each trick are made for you (they are actions only under table laws)"
            if phase is Phase.DRAW and kind == "skip":
                if self.drawn:
                    return "you have drawn already: pass to go on"
                return "you hold no card: you must draw"
            return (
                "you draw only after a trick while the talon lasts, in turn: the winner first, then the loser"
            )
        if kind == "pass":
            if phase is Phase.DRAW:
                return "draw the top card of the talon (or skip the draw, which costs 10)"
            return "there is nothing to decline now: play a card"
        return super().explain_illegal(action)

    # --- persistence and audit --------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "phase": self.phase.value,
            "totals": list(self.totals),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "leader": self.leader,
            "turn": self.turn,
            "trump": self.trump,
            "turn_up": self.turn_up,
            "stock": codes_of(self._stock),
            "hidden": [codes_of(h) for h in self._hand],
            "table": [
                [{"id": e.id, "card": e.card, "uses": [[k.value, w] for k, w in e.uses]} for e in t]
                for t in self._declared
            ],
            "pending": [
                [{"kind": p.kind.value, "cards": list(p.cards), "ids": list(p.ids)} for p in w]
                for w in self._waiting
            ],
            "melds": [
                [
                    {"kind": m.kind.value, "cards": list(m.cards), "points": m.points, "scored": m.scored}
                    for m in ms
                ]
                for ms in self._melds
            ],
            "known": self.known,
            "declared_sevens": list(self.sevens_shown),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": c} for s, c in self.last_trick],
            "won": [codes_of(w) for w in self._won],
            "brisques": list(self.brisques),
            "revoker": self.revoker,
            "hand_points": list(self.hand_points),
            "tricks_played": self.tricks_played,
            "window": self.declaring_turns,
            "window_scored": self.scored_this_turn,
            "window_seven": self.seven_this_turn,
            "window_melds": [list(m) for m in self.exposed_this_turn],
            "next_id": self.next_id,
            "blanche_queue": list(self.blanche_queue),
        }
        if self.laws:
            out["draw_queue"] = list(self.draw_queue)
            out["drawn"] = self.drawn
            out["owed"] = list(self.missed)
            out["top_seen"] = list(self.top_seen)
            out["known_privately"] = self.known_privately
        return out

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(BeziqueSave, data, "state")
        if not self.laws:
            extra = [k for k in TABLE_LAW_KEYS if k in d]
            if extra:
                raise InvalidSave(f"state.{extra[0]}: kept only under table laws")
        _check_codes(d)  # the cards held as ids must be cards of the pack (what ``_check_cards`` says)
        self.phase = LEGACY_PHASES.get(d["phase"]) or Phase(d["phase"])
        self.totals = list(d["totals"])
        self.hand_number = d["hand_number"]
        self.dealer, self.leader, self.turn = d["dealer"], d["leader"], d["turn"]
        self.trump = d["trump"]
        self._turn_up = NO_CARD if d["turn_up"] is None else KIND_ID[d["turn_up"]]
        self._stock = kinds_of(d["stock"])
        self._hand = [kinds_of(h) for h in d["hidden"]]
        self._declared = [
            [TableCard(e["id"], KIND_ID[e["card"]], [(Meld(k), w) for k, w in e["uses"]]) for e in t]
            for t in d["table"]
        ]
        self._waiting = [
            [ShownMeld(Meld(p["kind"]), _kinds(p["cards"]), list(p["ids"])) for p in w] for w in d["pending"]
        ]
        self._melds = [
            [MeldEntry(Meld(m["kind"]), _kinds(m["cards"]), m["points"], m["scored"]) for m in ms]
            for ms in d["melds"]
        ]
        self.known = [dict(k) for k in d["known"]]
        self.sevens_shown = list(d["declared_sevens"])
        self._trick = [(t["seat"], KIND_ID[t["card"]]) for t in d["trick"]]
        self._last = [(t["seat"], KIND_ID[t["card"]]) for t in d["last_trick"]]
        self._won = [kinds_of(w) for w in d["won"]]
        self.brisques = list(d["brisques"])
        self.revoker = d["revoker"]
        self.hand_points = list(d["hand_points"])
        self.reached = self._reached_in_log(self.totals, self.hand_points)
        self.tricks_played = d["tricks_played"]
        self.declaring_turns = d["window"]
        self.scored_this_turn = d["window_scored"]
        self.seven_this_turn = d["window_seven"]
        self.exposed_this_turn = [list(m) for m in d["window_melds"]]
        self.next_id = d["next_id"]
        self.blanche_queue = list(d["blanche_queue"])
        # Saves made before the table-law draws (or the record of private knowledge) existed lack those
        # records; at any moment they were saved, the records were empty.
        self.draw_queue = list(d.get("draw_queue", []))
        self.drawn = d.get("drawn", False)
        self.missed = list(d.get("owed", (0, 0)))
        self.top_seen = list(d.get("top_seen", []))
        self.known_privately = [dict(k) for k in d.get("known_privately", ({}, {}))]

    def check_invariants(self) -> None:
        """Refuse what no legal play reaches: every field checked against the others (linear time)."""
        super().check_invariants()
        self._check_cards()
        self._check_turn()
        self._check_hands()
        self._check_knowledge()
        self._check_table()
        self._check_tricks_and_scores()
        self._check_log()
        self._check_hands_against_log()

    def _check_hands_against_log(self) -> None:
        """What the log says of each hand since its deal: every card dealt to a seat (its private
        ``hand`` event) and not played since (nor exchanged, a seven, nor left over) is still held;
        every card of a meld it declared is still on the table (from the last eight on, held) or has
        been played. (A drawn card is not followed: the log tells the drawer his cards only since
        6 December 2026, and an older save's log does not; only Game.replay checks everything.)"""
        events: list[Event] = self.log
        start = len(events)
        while start > 0 and not (events[start - 1].kind == "deal" and events[start - 1].to is None):
            start -= 1
        dealt: list[Counter[Any]] = [Counter(), Counter()]
        played: list[Counter[Any]] = [Counter(), Counter()]
        melded: list[Counter[Any]] = [Counter(), Counter()]
        for e in events[start:]:
            seat = e.data.get("seat")
            if seat not in SEATS:
                continue
            cards = e.data.get("cards")
            if e.kind == "hand" and e.to == seat and isinstance(cards, list):
                dealt[seat] = Counter(map(str, cards))
            elif e.kind in ("play", "exchange") and e.to is None:  # a seven exchanged leaves the hand too
                played[seat][str(e.data.get("card"))] += 1
            elif e.kind == "leftover" and e.to is None and isinstance(cards, list):
                played[seat].update(map(str, cards))  # unequal hands' cards left at the end, to the pile
            elif e.kind == "meld" and e.to is None and isinstance(cards, list):
                melded[seat] |= Counter(map(str, cards))  # a card may serve in several melds
        talon = self.phase in (Phase.CARTE_BLANCHE, Phase.TALON, Phase.DECLARE, Phase.DRAW)
        for s in SEATS:
            held = Counter(self.full_hand(s))
            if not dealt[s] - played[s] <= held:  # multiset inclusion
                raise InvalidState(
                    f"hidden.{s}: seat {s} no longer holds cards the log dealt it and it never played"
                )
            shown = Counter(KIND_CODES[e.kind] for e in self._declared[s]) if talon else held
            if not melded[s] - played[s] <= shown:
                raise InvalidState(
                    f"table.{s}: cards the log shows seat {s} declaring are neither shown nor played"
                )

    def _check_log(self) -> None:
        """What the log tells twice: the hands ended (each ``hand_end`` after its own deal), the match's
        end, and in the hand in progress the tricks played (each a lead and a reply naming the
        winner), the last trick, the card led now, and the won piles (ending with those tricks' cards
        and the leftover cards, after any an explicit first deal gave)."""
        ends, deal_at, deal_hand, match_ends = 0, -1, None, []
        for i, e in enumerate(self.log):
            if e.to is not None:
                continue
            if e.kind == "deal":
                deal_at, deal_hand = i, e.data.get("hand")
            elif e.kind == "hand_end":
                ends += 1
                if e.data.get("hand") != deal_hand or deal_hand != ends:
                    raise InvalidState(
                        f"log.{i}.data.hand: {echo(e.data.get('hand'))}, but hand {deal_hand} was dealt and "
                        f"{ends} hands end here"
                    )
            elif e.kind == "match_end":
                match_ends.append(e.data)
        over = self.phase is Phase.OVER
        if ends != self.hand_number - (not over):
            raise InvalidState(f"hand_number: {self.hand_number}, but the log ends {ends} hands")
        if len(match_ends) != int(over) or (match_ends and match_ends[0].get("scores") != self.totals):
            raise InvalidState(
                f"totals: {self.totals}, but the log ends the match {echo([dict(m) for m in match_ends])}"
            )
        lead: tuple[int, str] | None = None
        last: list[tuple[int, str]] = []
        done = 0
        logged: list[list[str]] = [[], []]
        for i in range(deal_at + 1, len(self.log)):
            e = self.log[i]
            if e.to is not None or e.kind not in ("play", "leftover"):
                continue
            seat, data = e.data.get("seat"), e.data
            if seat not in SEATS or isinstance(seat, bool):
                raise InvalidState(f"log.{i}.data.seat: a seat, 0 or 1")
            if e.kind == "leftover":
                cards = data.get("cards")
                logged[seat] += cards if isinstance(cards, list) else [cards]
                continue
            card, winner = data.get("card"), data.get("winner")
            if not isinstance(card, str):
                raise InvalidState(f"log.{i}.data.card: the card played")
            if winner is None:
                lead = (seat, card)
                continue
            if lead is None or winner not in SEATS or isinstance(winner, bool):
                raise InvalidState(f"log.{i}.data: a reply names the trick's winner, after a lead")
            last = [lead, (seat, card)]
            logged[winner] += [lead[1], card]
            lead, done = None, done + 1
        trick = [lead] if lead is not None else []
        if self.trick != trick:
            raise InvalidState(f"trick: {echo(self.trick)}, but the log leads {echo(trick)}")
        if self.last_trick != last:
            raise InvalidState(f"last_trick: {echo(self.last_trick)}, but the log's is {echo(last)}")
        before = [len(self.won[s]) - len(logged[s]) for s in SEATS]
        for s in SEATS:
            if before[s] < 0 or self.won[s][before[s] :] != logged[s]:
                raise InvalidState(f"won.{s}: not the cards the log shows seat {s} winning this hand")
        dealt_won = before[0] + before[1]  # only an explicit first deal gives won cards
        if 2 * (self.tricks_played - done) != dealt_won or (dealt_won > 0 and self.hand_number > 1):
            raise InvalidState(
                f"tricks_played: {self.tricks_played}, but the log plays {done} in hand {self.hand_number}"
            )

    def _check_cards(self) -> None:
        """Every code a card of the pack, and the pack whole: each card once where it lies."""
        where: list[tuple[str, Iterable[str]]] = [
            ("stock", self.stock),
            ("turn_up", [self.turn_up] if self.turn_up is not None else []),
        ]
        for s in SEATS:
            where += [
                (f"hidden.{s}", self.concealed[s]),
                (f"table.{s}", [e.card for e in self._declared[s]]),
                (f"won.{s}", self.won[s]),
                (f"known.{s}", self.known[s]),
                (f"pending.{s}", [c for p in self._waiting[s] for c in p.cards]),
                (f"melds.{s}", [c for m in self._melds[s] for c in m.cards]),
                (f"known_privately.{s}", self.known_privately[s]),
            ]
        where += [("trick", [c for _, c in self.trick]), ("last_trick", [c for _, c in self.last_trick])]
        for name, cards in where:
            for c in cards:
                if not PACK.is_card(c):
                    raise InvalidState(f"{name}: {echo(c)} is not a card of the 64-card pack")
        have = self.inventory()
        if have != PACK.counts():
            extra, missing = have - PACK.counts(), PACK.counts() - have
            raise InvalidState(
                f"cards: the pack is not whole (extra {sorted(extra.elements())[:8]}, "
                f"missing {sorted(missing.elements())[:8]})"
            )

    def _check_turn(self) -> None:
        """The phase, the talon, the trick and whose turn it is agree."""
        opts = self.game.options
        phase, turn, leader, trick = self.phase, self.turn, self.leader, self.trick
        laws = self.laws
        if not laws and (
            self.draw_queue or self.drawn or any(self.missed) or self.top_seen or any(self._known_privately)
        ):
            raise InvalidState("draw_queue: the players' own draws are kept under table laws only")
        if phase is Phase.DRAW and not laws:
            raise InvalidState("phase: draws are actions only under table laws")
        talon_phase = phase.talon_lasts
        if talon_phase != (self.turn_up is not None):
            raise InvalidState(
                f"turn_up: the turn-up lies beside the talon until it is drawn (phase {phase})"
            )
        if self.turn_up is None and self.stock:
            raise InvalidState("stock: the turn-up is the talon's last card, drawn after the rest")
        if self.turn_up is not None and suit(self.turn_up) != self.trump:
            raise InvalidState("trump: trumps are the suit of the turn-up")
        if not laws and self.turn_up is not None and len(self.stock) % 2 != 1:
            raise InvalidState("stock: the talon and the turn-up are drawn two at a time")
        if trick and phase not in (Phase.TALON, Phase.LAST_EIGHT):
            raise InvalidState(f"trick: no trick is open in phase {phase}")
        if trick and trick[0][0] != leader:
            raise InvalidState("trick: the leader plays first to a trick")
        last = self.last_trick
        if len(last) not in (0, 2) or (last and last[0][0] == last[1][0]):
            raise InvalidState("last_trick: a trick is one card from each seat")
        if phase in (Phase.TALON, Phase.LAST_EIGHT) and turn != (1 - leader if trick else leader):
            raise InvalidState("turn: the leader leads, then the other answers")
        if phase is Phase.DECLARE and turn != leader:
            raise InvalidState("turn: only the winner of the trick declares")
        queue = self.blanche_queue
        if phase is Phase.CARTE_BLANCHE:
            elder = 1 - self.dealer
            if (
                not opts["carte_blanche"]
                or not queue
                or queue != [s for s in (elder, 1 - elder) if s in queue]
            ):
                raise InvalidState(
                    "blanche_queue: carte blanche is offered non-dealer first, with the option"
                )
            if turn != queue[0] or self.tricks_played or any(self._declared[s] for s in SEATS):
                raise InvalidState("blanche_queue: carte blanche is shown before the first trick, in turn")
            for s in queue:
                if not is_carte_blanche(self.concealed[s]):
                    raise InvalidState(f"blanche_queue: seat {s} holds an ace, ten or court")
        elif queue:
            raise InvalidState("blanche_queue: carte blanche is offered only before the first trick")
        if laws:
            draws = self.draw_queue
            if phase is Phase.DRAW:
                if draws not in ([leader, 1 - leader], [1 - leader]) or turn != draws[0]:
                    raise InvalidState("draw_queue: the winner of the trick draws first, then the loser")
            elif draws or self.drawn:
                raise InvalidState("draw_queue: draws are made only after a talon trick")
            if self.drawn and (len(self.full_hand(turn)) != FULL_HAND or not self.stock):
                raise InvalidState("drawn: marks a full hand while talon cards are left")
            seen = self.top_seen
            if seen != sorted(set(seen)) or (seen and (not talon_phase or not self.stock)):
                raise InvalidState("top_seen: only the top card of a talon still there can have been seen")
            if not talon_phase and (self.missed != [0, 0] or seen):
                raise InvalidState("owed: missed cards are lost when the talon runs out")
            if self.revoker is not None and phase not in (Phase.LAST_EIGHT, Phase.OVER):
                raise InvalidState("revoker: a revoke happens in the last eight tricks")
        elif self.revoker is not None:
            raise InvalidState("revoker: only under table laws can a player revoke")

    def _check_hands(self) -> None:
        """Hand sizes by phase: eight while the talon lasts, less the cards played; equal after."""
        phase = self.phase
        sizes = [len(self.full_hand(s)) for s in SEATS]
        in_trick = [sum(1 for seat, _ in self.trick if seat == s) for s in SEATS]
        if phase is Phase.OVER:
            if any(sizes) or self.trick:
                raise InvalidState("hidden: every card has been played when the match is over")
            return
        if phase in (Phase.CARTE_BLANCHE, Phase.LAST_EIGHT) and (any(self._declared) or any(self._waiting)):
            raise InvalidState(f"table: no declared card lies on the table in phase {phase}")
        if any(n > FULL_HAND for n in sizes):
            raise InvalidState("hidden: a hand holds at most eight cards")
        if phase is Phase.LAST_EIGHT:
            follower = 1 - self.leader
            if not self.laws and sizes[0] + in_trick[0] != sizes[1] + in_trick[1]:
                raise InvalidState("hidden: in the last eight tricks both hands hold as many cards")
            if sizes[follower] == 0 or (not self.trick and sizes[self.leader] == 0):
                raise InvalidState("hidden: the hand ends as soon as a player has no card left")
            return
        for s in SEATS:
            full = FULL_HAND - in_trick[s]
            queue = self.draw_queue
            if phase is Phase.DECLARE or (
                phase is Phase.DRAW and s in queue and not (s == queue[0] and self.drawn)
            ):
                full = FULL_HAND - 1
            if sizes[s] + self.missed[s] != full:
                raise InvalidState(
                    f"hidden.{s}: holds {sizes[s]} cards (and {self.missed[s]} missed draws) "
                    f"where {full} are due"
                )

    def _check_knowledge(self) -> None:
        """What the opponent (and the table) knows of a hand is in that hand; sevens declared are held."""
        seven = seven_of_trumps(self.trump)
        talon_phase = self.turn_up is not None
        knowns, privates = self.known, self.known_privately
        for s in SEATS:
            held = Counter(self.concealed[s])
            known = knowns[s]
            for card, n in known.items():
                if n > held[card]:
                    raise InvalidState(f"known.{s}: {card} is known {n} times but held {held[card]}")
            private = privates[s]
            for card, n in private.items():
                if n > known.get(card, 0):
                    raise InvalidState(f"known_privately.{s}: more copies of {card} than are known at all")
            declared = self.sevens_shown[s]
            if declared and not talon_phase:
                raise InvalidState(f"declared_sevens.{s}: sevens are declared only while the talon lasts")
            if declared > known.get(seven, 0) - private.get(seven, 0):
                raise InvalidState(f"declared_sevens.{s}: a declared seven is held and shown to the table")
        if self.phase is not Phase.DECLARE and (
            self.exposed_this_turn or self.scored_this_turn or self.seven_this_turn
        ):
            raise InvalidState("window: a declaring turn is open only after a talon trick")

    def _check_table(self) -> None:
        """Declared cards: fresh ids, uses that obey the reuse rule, melds waiting and scored that fit."""
        several = self.game.options["melds_per_trick"] == "several"
        greater = reuse_needs_greater(self.game.options)
        fresh = shown_together_needs_fresh(self.game.options)
        shapes: dict[str, set[tuple[str, ...]]] = {}
        for kind, codes in self._patterns():
            shapes.setdefault(kind, set()).add(codes)
        cards_of: dict[str, set[str]] = {k: {c for codes in v for c in codes} for k, v in shapes.items()}
        ids: set[int] = set()
        for s in SEATS:
            kinds_melded = {m.kind for m in self._melds[s]}
            entries: dict[int, TableCard] = {}
            # ruling BZ-8 by meld (its kind and turn): whether it brought in a card not exposed before it
            # at that turn, checked only while all its cards lie on the table (a card played since may
            # have been its new one; two melds of one kind at one turn are taken together: lenient)
            brings: dict[tuple[str, int], bool] = {}
            present: Counter[tuple[str, int]] = Counter()
            for e in self._declared[s]:
                for i, (kind, when) in enumerate(e.uses):
                    new = all(w != when for _, w in e.uses[:i])
                    brings[(kind, when)] = brings.get((kind, when), False) or new
                    present[(kind, when)] += 1
            for key, n in present.items():
                if n % len(next(iter(shapes[key[0]]))):
                    brings[key] = True  # a card of it has been played: nothing to check
            for e in self._declared[s]:
                if e.id in ids or e.id >= self.next_id:
                    raise InvalidState(f"table.{s}: card id {e.id} is not a fresh one")
                ids.add(e.id)
                entries[e.id] = e
                uses = e.uses
                for i, (kind, when) in enumerate(uses):
                    if (
                        e.card not in cards_of[kind]
                        or kind not in kinds_melded
                        or when > self.declaring_turns
                    ):
                        raise InvalidState(f"table.{s}: {e.card} cannot have served in {kind}")
                    if i and (uses[i - 1][1] > when or kind in (k for k, _ in uses[:i])):
                        raise InvalidState(f"table.{s}: {e.card} served twice in {kind}")
                    if not may_serve_again([u for u in uses[:i] if u[1] < when], kind, when, greater):
                        raise InvalidState(f"table.{s}: {e.card} served in {kind}, an inferior order, later")
                    alone = fresh and not brings[(kind, when)]  # ruling BZ-8: no card of its own
                    if alone and not may_serve_again(uses[:i], kind, -1, greater):
                        raise InvalidState(
                            f"table.{s}: {e.card} served in {kind}, an inferior order, shown with no new card"
                        )
            if several and self._waiting[s]:
                raise InvalidState(f"pending.{s}: every meld scores at once with melds_per_trick=several")
            for p in self._waiting[s]:
                codes = tuple(sort_cards(p.cards))
                on_table = [entries.get(i) for i in p.ids]
                if codes not in shapes[p.kind] or len(set(p.ids)) != len(p.ids) or None in on_table:
                    raise InvalidState(f"pending.{s}: a {p.kind} waiting to score is not on the table")
                if sorted(e.card for e in on_table if e) != sorted(p.cards):
                    raise InvalidState(f"pending.{s}: a {p.kind} waiting to score is not on the table")
            for m in self._melds[s]:
                if tuple(sort_cards(m.cards)) not in shapes[m.kind] or m.points != MELD_POINTS[m.kind]:
                    raise InvalidState(f"melds.{s}: {m.kind} {echo(m.cards)} for {m.points} is no meld")
                if not m.scored and (several or self.phase is Phase.LAST_EIGHT):
                    raise InvalidState(f"melds.{s}: no meld waits to score now")
            scored = sum(m.points for m in self._melds[s] if m.scored)
            if scored > self.hand_points[s]:
                raise InvalidState(
                    f"melds.{s}: melds worth {scored} but {self.hand_points[s]} scored this hand"
                )
        leader_ids = {e.id for e in self._declared[self.leader]}
        if any(i not in leader_ids for m in self.exposed_this_turn for i in m):
            raise InvalidState("window_melds: cards exposed this turn lie on the declarer's table")
        if self.scored_this_turn > len(self.exposed_this_turn) or (not several and self.scored_this_turn > 1):
            raise InvalidState("window_scored: more melds scored than declared this turn")

    def _check_tricks_and_scores(self) -> None:
        """Tricks won, brisques and this hand's points agree with each other and with the log."""
        won = self.won
        if self.phase is not Phase.OVER and (
            len(won[0]) % 2 or len(won[1]) % 2 or len(won[0]) + len(won[1]) != 2 * self.tricks_played
        ):
            raise InvalidState("won: two cards for each trick played")
        if self.declaring_turns > self.tricks_played:
            raise InvalidState("window: one declaring turn per trick played")
        last = self.last_trick
        if last:
            (lead_seat, lead), (follow_seat, follow) = last
            winner = follow_seat if beats(lead, follow, self.trump) else lead_seat
            if winner != self.leader or (self.phase is not Phase.OVER and won[winner][-2:] != [lead, follow]):
                raise InvalidState(
                    "last_trick: its winner leads now and holds its two cards on top of his tricks"
                )
        counted = [brisques_in(won[s]) for s in SEATS]
        brisques = self.brisques
        if sum(brisques) != sum(counted) or (self.revoker is None and brisques != counted):
            raise InvalidState(f"brisques: {brisques} do not match the aces and tens won {counted}")
        if self.revoker is not None and brisques[self.revoker] > counted[self.revoker]:
            raise InvalidState("brisques: a revoker gains no brisque after his revoke")
        totals, points = self.totals, self.hand_points
        bounds = self.game.hand_points_bounds
        assert bounds is not None
        if points[0] > totals[0] or points[1] > totals[1] or max(points) > bounds[1]:
            raise InvalidState(f"hand_points: {points} do not fit the totals {totals}")
        logged = [0, 0]
        deal: Mapping[str, Any] | None = None
        events: list[Event] = self.log
        for i in range(len(events) - 1, -1, -1):  # (not ``reversed``: mypyc cannot build it here)
            e = events[i]
            if e.to is not None:
                continue
            if e.kind == "deal":
                deal = e.data
                break
            if e.kind == "score" and e.data.get("seat") in SEATS and isinstance(e.data.get("points"), int):
                logged[e.data["seat"]] += e.data["points"]
        if deal is None or deal.get("hand") != self.hand_number or deal.get("dealer") != self.dealer:
            raise InvalidState("hand_number: the log does not show this hand's deal")
        if logged != points:
            raise InvalidState(f"hand_points: {points}, but the log gives {logged} since the deal")
        if self._match_is_decided([totals[s] - points[s] for s in SEATS], reached=-1):
            raise InvalidState("totals: the match was over before this hand")
        if self.reached != self._reached_in_log(totals, points):
            raise InvalidState(f"reached: seat {self.reached}, but the log's scores say otherwise")
        if (self.phase is Phase.OVER) != (self._match_is_decided() and not any(self.concealed)):
            raise InvalidState(
                "phase: the match is over once a hand ends with a total at the target, not level"
            )

    # --- the copy for search ------------------------------------------------------------------

    _COPIED_LISTS = (
        "totals",
        "_stock",
        "sevens_shown",
        "_trick",
        "_last",
        "brisques",
        "hand_points",
        "blanche_queue",
        "draw_queue",
        "missed",
        "top_seen",
    )
    """Fields that are lists of immutable values (numbers, codes, pairs of them): copied one level."""
    _COPIED_NESTED = ("_hand", "_won", "_waiting", "_melds", "exposed_this_turn")
    """Fields that are lists of such lists; the waiting melds and the meld records in them are never
    changed once made (a change replaces them), so clones share them."""

    def clone(self) -> BeziqueState:
        """A copy for the searching players, which clone at every move: field by field, as deep as each
        field is mutable, sharing the game, the logged events and the meld records. The engine's generic
        copy deep-copies every declared card; this is several times faster."""
        if not _PLAIN_OBJECTS:
            return BeziqueState(self.game, None, self)
        other = object.__new__(BeziqueState)
        fields = vars(other)
        fields.update(vars(self))
        for name in self._COPIED_LISTS:
            fields[name] = fields[name][:]
        for name in self._COPIED_NESTED:
            fields[name] = [x[:] for x in fields[name]]
        other._declared = [[TableCard(e.id, e.kind, e.uses[:]) for e in t] for t in self._declared]
        other._known = [dict(k) for k in self._known]
        other._known_privately = [dict(k) for k in self._known_privately]
        other._events = self._events[:]
        other._pending = self._pending[:]
        other.rng = self.rng.copy()
        return other

    def _copy_fields(self, src: BeziqueState) -> None:
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
        self.phase = src.phase
        self.totals = src.totals[:]
        self.hand_number = src.hand_number
        self.dealer = src.dealer
        self.leader = src.leader
        self.turn = src.turn
        self.trump = src.trump
        self._turn_up = src._turn_up
        self._stock = src._stock[:]
        self._hand = [src._hand[0][:], src._hand[1][:]]
        self._declared = [[TableCard(e.id, e.kind, e.uses[:]) for e in t] for t in src._declared]
        self._waiting = [src._waiting[0][:], src._waiting[1][:]]
        self._melds = [src._melds[0][:], src._melds[1][:]]
        self._known = [dict(k) for k in src._known]
        self._known_privately = [dict(k) for k in src._known_privately]
        self.sevens_shown = src.sevens_shown[:]
        self._trick = src._trick[:]
        self._last = src._last[:]
        self._won = [src._won[0][:], src._won[1][:]]
        self.brisques = src.brisques[:]
        self.revoker = src.revoker
        self.hand_points = src.hand_points[:]
        self.reached = src.reached
        self.tricks_played = src.tricks_played
        self.declaring_turns = src.declaring_turns
        self.scored_this_turn = src.scored_this_turn
        self.seven_this_turn = src.seven_this_turn
        self.exposed_this_turn = [m[:] for m in src.exposed_this_turn]
        self.next_id = src.next_id
        self.blanche_queue = src.blanche_queue[:]
        self.draw_queue = src.draw_queue[:]
        self.drawn = src.drawn
        self.missed = src.missed[:]
        self.top_seen = src.top_seen[:]

    def inventory(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for s in SEATS:
            out.update(self.full_hand(s))
            out.update(self.won[s])
        out.update(self.stock)
        out.update(c for _, c in self.trick)
        if self.turn_up is not None:
            out[self.turn_up] += 1
        return out


_DECISIONS: dict[Phase, tuple[str, str]] = {
    Phase.CARTE_BLANCHE: ("carte blanche", "show your carte blanche for 50, or pass"),
    Phase.TALON: ("play", "play a card"),
    Phase.DECLARE: ("declare", "declare a meld or the seven of trumps, or pass"),
    Phase.DRAW: ("draw", "draw from the talon"),
    Phase.LAST_EIGHT: ("play", "play a card: follow suit and head the trick if you can, else trump"),
    Phase.OVER: ("", ""),
}


class BeziqueNotation(Notation):
    """The notation, a meld's cards put in pack order: they may be named in any order, and the
    canonical spelling (``meld qs ks`` → ``meld KS QS``) is the one ``legal_actions`` and the action
    space list."""

    def parse(self, text: str) -> Action:
        action = super().parse(text)
        if action.kind != "meld":
            return action
        return Action("meld", tuple(sort_cards(action.cards)))


def _kinds(cards: Iterable[str]) -> tuple[int, ...]:
    """Codes as kind ids, in their order."""
    return tuple(KIND_ID[c] for c in cards)


def _check_codes(d: BeziqueSave) -> None:
    """Every code of a save a card of the pack, in the order ``_check_cards`` looks (a save is read into
    kind ids, which hold no other code): ``InvalidState`` naming the first that is not."""
    where: list[tuple[str, Iterable[str]]] = [
        ("stock", d["stock"]),
        ("turn_up", [d["turn_up"]] if d["turn_up"] is not None else []),
    ]
    private = d.get("known_privately", ({}, {}))
    for s in SEATS:
        where += [
            (f"hidden.{s}", d["hidden"][s]),
            (f"table.{s}", [e["card"] for e in d["table"][s]]),
            (f"won.{s}", d["won"][s]),
            (f"known.{s}", d["known"][s]),
            (f"pending.{s}", [c for p in d["pending"][s] for c in p["cards"]]),
            (f"melds.{s}", [c for m in d["melds"][s] for c in m["cards"]]),
            (f"known_privately.{s}", private[s]),
        ]
    where += [
        ("trick", [t["card"] for t in d["trick"]]),
        ("last_trick", [t["card"] for t in d["last_trick"]]),
    ]
    for name, cards in where:
        for c in cards:
            if c not in KIND_ID:
                raise InvalidState(f"{name}: {echo(c)} is not a card of the 64-card pack")


def _set_count(counts: dict[int, int], kind: int, n: int) -> None:
    """``counts[kind] = n``, leaving no zero entries."""
    if n > 0:
        counts[kind] = n
    else:
        counts.pop(kind, None)


# --- explicit deals --------------------------------------------------------------------------

DEAL_KEYS = ("dealer", "hands", "turn_up", "stock", "won", "leader")
CheckedDeal = tuple[int, list[list[str]], str, list[str], list[list[str]], int]
"""An explicit deal once checked: dealer, hands, turn-up, talon (top first), tricks won, leader."""


def _deal_seat(deal: Mapping[Any, Any], key: str) -> int:
    value = deal[key]
    if isinstance(value, bool) or not isinstance(value, int) or value not in SEATS:  # not 1.0
        raise InvalidDeal(f"{key} must be seat 0 or 1, not {echo(value)}")
    return int(value)


def _deal_cards(value: Any, what: str, most: int) -> list[str]:
    """A list of card codes of the 64-card pack, or ``InvalidDeal`` saying what is wrong."""
    if not isinstance(value, list | tuple):
        raise InvalidDeal(f"{what} must be a list of card codes, not {type(value).__name__}")
    if len(value) > most:
        raise InvalidDeal(f"{what} holds at most {most} cards, not {len(value)}")
    for i, code in enumerate(value):
        if not isinstance(code, str) or not PACK.is_card(code):
            raise InvalidDeal(f"{what}[{i}]: {echo(code)} is not a card of the 64-card pack")
    return list(value)


def _deal_pair(deal: Mapping[Any, Any], key: str, default: Any) -> list[Any]:
    value = deal.get(key, default)
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise InvalidDeal(f"{key} must be two lists, one per seat, not {echo(value)}")
    return list(value)


def _check_deal(deal: Any, rng: Rng) -> CheckedDeal:
    """An explicit deal checked whole: (dealer, hands, turn-up, talon, tricks won, leader)."""
    if not isinstance(deal, Mapping):
        raise InvalidDeal(
            f"a deal is a mapping such as {{'dealer': 0, 'hands': [...], 'turn_up': '9H'}}, "
            f"not {type(deal).__name__}"
        )
    unknown = [k for k in deal if k not in DEAL_KEYS]
    if unknown:
        raise InvalidDeal(f"unknown keys {echo(unknown)}: a deal has {', '.join(DEAL_KEYS)}")
    missing = [k for k in ("dealer", "hands", "turn_up") if k not in deal]
    if missing:
        raise InvalidDeal(f"a deal needs {', '.join(missing)}")
    dealer = _deal_seat(deal, "dealer")
    leader = _deal_seat(deal, "leader") if "leader" in deal else 1 - dealer
    hands = [_deal_cards(h, f"hands[{i}]", FULL_HAND) for i, h in enumerate(_deal_pair(deal, "hands", None))]
    for i, h in enumerate(hands):
        if len(h) != FULL_HAND:
            raise InvalidDeal(f"hands[{i}] must hold eight cards (it holds {len(h)}): the talon lasts")
    turn_up = deal["turn_up"]
    if not isinstance(turn_up, str) or not PACK.is_card(turn_up):
        raise InvalidDeal(f"turn_up: {echo(turn_up)} is not a card of the 64-card pack")
    won = [_deal_cards(w, f"won[{i}]", len(PACK)) for i, w in enumerate(_deal_pair(deal, "won", [[], []]))]
    if len(won[0]) % 2 or len(won[1]) % 2:
        raise InvalidDeal("tricks already won hold two cards each")
    used = Counter(hands[0]) + Counter(hands[1]) + Counter(won[0]) + Counter(won[1]) + Counter([turn_up])
    if used - PACK.counts():
        raise InvalidDeal(f"too many of {', '.join(sorted(used - PACK.counts()))}")
    if "stock" in deal:
        _deal_cards(deal["stock"], "stock", len(PACK))
    stock = stock_for(PACK, deal, used.elements(), rng, "dealt, won or turned up")
    if len(stock) % 2 != 1:
        raise InvalidDeal("the talon and the turn-up together must be an even number of cards")
    return dealer, hands, turn_up, stock, won, leader


# ----------------------------------------------------------------------------------------


def told_a_draw(event: Event) -> bool:
    """The private event that tells a player the talon cards he draws (logged since 6 December 2026:
    older saves have none)."""
    return event.kind == "draw" and event.to is not None and event.to >= 0 and "cards" in event.data


class Bezique(Game[BeziqueState]):
    """Two-handed Bezique with the 64-card pack."""

    name = "bezique"
    title = "Two-handed Bezique"
    min_players = 2
    max_players = 2
    pack = "bezique64"
    summary = (
        "The 19th-century French melding game for two with a doubled piquet pack: win tricks to declare "
        "marriages, bezique, fours and the trump sequence, then fight for aces and tens; first to 1000."
    )
    option_specs = (
        Option(
            "target",
            1000,
            "points that win the match (checked at the end of each hand)",
            minimum=100,
            maximum=100_000,
        ),
        Option(  # ruling BZ-19; a save older than the option was decided by the higher total (legacy)
            "winner",
            "first",
            "when a hand ends with a total at the target, the first to reach it wins (first) or the higher "
            "total (higher)",
            choices=("first", "higher"),
            legacy="higher",
        ),
        Option("alt_bezique", False, "bezique is Q♣ J♥ instead of Q♠ J♦ when spades or diamonds are trumps"),
        Option("fours_one_per_suit", False, "four of a kind needs one card of each suit"),
        Option("carte_blanche", False, "a dealt hand without ace, ten or court may be shown for 50"),
        Option(
            "melds_per_trick", "one", "how many melds score for one trick won", choices=("one", "several")
        ),
        Option(
            "last_trick",
            "stock",
            "which last trick earns 10: the last of the talon (before the final eight), the last of the "
            "hand, or both",
            choices=("stock", "final", "both"),
        ),
        Option(
            "seven_counts_as_meld", False, "exchanging or declaring the seven uses up the trick's declaration"
        ),
        Option(  # ruling BZ-5; a save older than the option was played without the 10 (legacy)
            "played_seven_scores",
            True,
            "a seven of trumps played while the talon lasts scores 10 (unless it scored when declared)",
            legacy=False,
        ),
        Option(
            "table_laws",
            False,
            "do not enforce following in the last eight tricks; a revoke concedes all brisques still to come",
        ),
        Option(  # ruling BZ-9
            "reuse",
            "order",
            "a declared card may serve again in a meld of another kind: 'order', not of an inferior order "
            "(bezique and four jacks either way, a royal marriage then bezique); 'greater', only for more "
            "points",
            choices=("order", "greater"),
        ),
        Option(  # ruling BZ-8; a save older than the option exempted every such combination (legacy)
            "shown_together",
            "fresh",
            "a combination shown at the same turn as the meld just declared escapes the reuse rule only if "
            "it brings in a card not just exposed (fresh: no royal marriage from a sequence's own king and "
            "queen), or always (any)",
            choices=("fresh", "any"),
            legacy="any",
        ),
    )
    action_specs = (
        ActionSpec("play", ("card",), "play a card to the trick"),
        ActionSpec("meld", ("cards",), "declare a meld, naming its cards (any order): 'meld KS QS'", least=2),
        ActionSpec("exchange", ("card",), "exchange the seven of trumps for the turn-up: 'exchange 7H'"),
        ActionSpec("declare", ("card",), "show the seven of trumps for 10: 'declare 7H'"),
        ActionSpec("blanche", (), "show a carte blanche for 50"),
        ActionSpec("draw", (), "draw the talon's top card (table laws)"),
        ActionSpec("skip", (), "do not draw (table laws: 10 to the opponent)"),
        ActionSpec("pass", (), "decline: no declaration, no carte blanche, or end your draw"),
    )
    view_extra = BeziqueExtra
    hand_points_bounds = (0.0, 6000.0)
    decision_kinds = tuple(dict.fromkeys(kind for kind, _ in _DECISIONS.values() if kind))
    seat_roles = ("dealer", "leader")
    zone_kinds = ("hand", "melds", "talon", "turn_up", "tricks_won")

    def action_words(self, action: str, view: View[Any] | None = None) -> str:
        """The seven of trumps' two actions in words ("exchange the seven of trumps for the turn-up,
        10 points"): the web table showed them only in the menu of the ringed card in the hand, where
        nothing said to look, and gives worded actions a button of their own (rulings BZ-4, BZ-5). A
        meld is named as a player declares it, with its score: "four aces, 100 points", "bezique, 40
        points", "royal marriage, 40 points" (its buttons read "meld A♠ A♥ A♦ A♣"). Royal or common,
        and which queen and jack make bezique (``alt_bezique``), depend on trumps, which ``view`` gives;
        without it, a meld its cards make under one trump suit only (a sequence, four aces) is named, a
        marriage not."""
        verb, _, card = action.partition(" ")
        if verb == "meld":
            return self._meld_words(card.split(), view)
        if verb not in ("exchange", "declare") or not card.startswith("7"):
            return ""
        what = "show the seven of trumps"
        if verb == "exchange":
            what = "exchange the seven of trumps for the turn-up"
        return f"{what}, {SEVEN_OF_TRUMPS_POINTS} points"

    def _meld_words(self, cards: list[str], view: View[Any] | None) -> str:
        """A meld's name and score ("bezique, 40 points"), or "" where the cards make none, or make different
        ones under the trump suits the seat cannot tell apart (no view, or no trumps yet)."""
        if not cards or not all(BEZIQUE_64.is_card(c) for c in cards):
            return ""
        trump = view.trump if view is not None else None
        alt, fours = bool(self.options["alt_bezique"]), bool(self.options["fours_one_per_suit"])
        kinds = {meld_kind(cards, t, alt, fours) for t in ((trump,) if trump in SUITS else SUITS)}
        kinds.discard(None)
        if len(kinds) != 1:
            return ""
        kind = kinds.pop()
        assert kind is not None
        return f"{kind}, {MELD_POINTS[kind]} points"

    @property
    def value_scale(self) -> float:
        """The target: match totals (and this hand's points) near 1 as the match is decided."""
        return float(self.options["target"])

    def extra_layout(self) -> Sequence[tuple[str, tuple[int, ...]]]:
        """Beyond the shared segments: the stage of the hand (the talon's tricks, the last eight...),
        each seat's points this hand, brisques won, sevens of trumps shown and still held, draws missed, who
        revoked, and the tricks played. (What may be declared next is the legal actions' business.)"""
        return (
            ("phase", (len(Phase),)),
            ("hand_points", (2,)),
            ("brisques", (2,)),
            ("sevens_shown", (2,)),
            ("missed_draws", (2,)),
            ("revoker", (2,)),
            ("tricks_played", (1,)),
        )

    def encode_extra(
        self, view: View[Any], out: Mapping[str, npt.NDArray[np.float32]], rel: Sequence[int]
    ) -> None:
        x: BeziqueExtra = view.extra
        out["phase"][list(Phase).index(x.phase)] = 1
        for s in SEATS:
            out["hand_points"][rel[s]] = x.hand_points[s] / self.value_scale
            out["brisques"][rel[s]] = x.brisques[s] / (2 * len(SUITS) * len(BRISQUE_RANKS))
            out["sevens_shown"][rel[s]] = x.sevens_shown[s]
            out["missed_draws"][rel[s]] = x.missed_draws[s] if x.missed_draws is not None else 0
        if x.revoker is not None:
            out["revoker"][rel[x.revoker]] = 1
        out["tricks_played"][0] = x.tricks_played / (len(PACK) // 2)

    @property
    def notation(self) -> Notation:
        if self._notation is None:
            self._notation = BeziqueNotation(
                self.action_specs, PACK.is_card, self.action_aliases, PACK.spelling
            )
        return self._notation

    def actions_of_kind(self, spec: ActionSpec) -> Sequence[str]:
        """A meld's texts: every meld of ``meld_patterns`` under each trump suit (``S H D C``) with these
        options, once each in that order (marriages, bezique, double bezique, the fours, the sequence);
        the other kinds as the engine enumerates them."""
        if spec.kind != "meld":
            return super().actions_of_kind(spec)
        alt, fours = bool(self.options["alt_bezique"]), bool(self.options["fours_one_per_suit"])
        texts = (
            "meld " + " ".join(cards) for trump in SUITS for _, cards in meld_patterns(trump, alt, fours)
        )
        return list(dict.fromkeys(texts))

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.target: int = self.options["target"]
        self.first_wins: bool = self.options["winner"] == "first"  # ruling BZ-19
        if self.options["table_laws"]:
            # At most 32 tricks in a hand, each with one draw of the opponent's that may be a fault
            # of at most 100 (a draw too many is put right at once, so it happens once per draw).
            self.hand_points_bounds = (0.0, 6000.0 + 32 * OVERDRAW_PENALTY)

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> BeziqueState:
        state = BeziqueState(self, seed)
        if deal is not None:
            dealt = _check_deal(deal, state.rng)  # the whole deal, before anything is dealt
            state._deal(dealt[0], dealt)
        else:
            state._deal(state._cut(), None)
        return state

    def replay(self, text: str, deal: Mapping[str, Any] | None = None) -> BeziqueState:
        """``Game.replay``; a save written before a talon card drawn was told to its drawer (no private
        ``draw`` event in its log) replays through today's rules to its log once those events, which
        it never held, are left out, and is then the match as it was saved."""
        try:
            return super().replay(text, deal)
        except InvalidSave:
            saved = self.load(text)
            if any(told_a_draw(e) for e in saved.log):
                raise
        record = [e for e in saved.log if e.to == RECORD]
        draws = [dict(e.data) for e in record if e.kind == "chance"]
        actions = [(e.data.get("seat"), str(e.data.get("action"))) for e in record if e.kind == "action"]
        state = self.from_record(saved.seed, draws, actions, deal)
        mine = [e.to_dict() for e in state.log if not told_a_draw(e)]
        theirs = [e.to_dict() for e in saved.log]
        if mine != theirs:
            at = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), len(mine))
            raise InvalidSave(f"log.{at}: the record replays to another match from here")
        if state._data() != saved._data():
            raise InvalidSave("state: the record replays to another position than the one saved")
        return saved

    def _blank_state(self) -> BeziqueState:
        return BeziqueState(self, 0)

    def determinize(self, view: View[Any], rng: Rng) -> BeziqueState:
        """A state the seat's view cannot tell from the real one: the opponent's unknown concealed cards
        and the talon's order sampled uniformly (``deal_unseen``), everything public copied."""
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view has no seat to play from")
        opp = 1 - seat
        x: BeziqueExtra = view.extra
        declared = [[DeclaredCard(e.id, e.card, list(e.uses)) for e in x.declared[s]] for s in SEATS]
        won = [list((view.zone("tricks_won", s) or Zone("tricks_won", s, [])).face_up) for s in SEATS]
        talon = view.zone("talon")
        up = view.zone("turn_up")
        turn_up = up.cards[0] if up is not None and up.cards else None
        top = talon.cards[0] if talon is not None and talon.cards else None
        trick = [(p.seat, p.card) for p in view.trick.plays] if view.trick is not None else []
        known_opp = Counter(x.known[opp])
        seen = Counter(view.hand) + known_opp + Counter(e.card for s in SEATS for e in declared[s])
        seen += Counter(won[0]) + Counter(won[1]) + Counter(c for _, c in trick)
        seen.update(c for c in (turn_up, top) if c is not None)
        unseen = sort_cards((PACK.counts() - seen).elements())
        held = view.seats[opp].hand_size or 0
        room = held - len(declared[opp]) - sum(known_opp.values())
        may_hold = _any_card
        if x.phase is Phase.CARTE_BLANCHE and opp in x.blanche_queue:
            may_hold = _blanche_card  # offered a carte blanche: no ace, ten or court in that hand
        theirs, stock = deal_unseen(unseen, [room, len(unseen) - room], may_hold, rng)
        rng.shuffle(stock)
        if top is not None:
            stock.insert(0, top)
        roles = {r: s.seat for s in view.seats for r in s.roles}
        state = BeziqueState(self, rng.randrange(2**62))
        state.phase = x.phase
        state.totals = [int(v) for v in view.scores]
        state.hand_number = view.hand_number or 1
        state.dealer = roles["dealer"]
        state.leader = roles["leader"]
        state.turn = view.to_move if view.to_move is not None else state.leader
        state.trump = view.trump or "S"
        state._turn_up = NO_CARD if turn_up is None else KIND_ID[turn_up]
        state._stock = kinds_of(stock)
        state._hand[seat] = sorted(kinds_of(view.hand))
        state._hand[opp] = sorted(kinds_of([*known_opp.elements(), *theirs]))
        state.declared = declared
        state.waiting = [
            [WaitingMeld(p.kind, list(p.cards), list(p.ids)) for p in x.waiting[s]] for s in SEATS
        ]
        state.melds = [
            [MeldRecord(m.kind, list(m.cards), m.points, m.scored) for m in x.meld_history[s]] for s in SEATS
        ]
        state.known = [dict(Counter(x.known[s])) for s in SEATS]
        # (which of those copies the table saw too does not matter to a player: none private)
        state.sevens_shown = list(x.sevens_shown)
        state._trick = [(s, KIND_ID[c]) for s, c in trick]
        state._last = [(p.seat, KIND_ID[p.card]) for p in view.last_trick.plays] if view.last_trick else []
        state._won = [kinds_of(w) for w in won]
        state.brisques = list(x.brisques)
        state.revoker = x.revoker
        state.hand_points = list(x.hand_points)
        state.reached = -1 if x.reached is None else x.reached
        state.tricks_played = x.tricks_played
        state.declaring_turns = x.declaring_turns
        state.scored_this_turn = x.scored_this_turn
        state.seven_this_turn = x.seven_this_turn
        state.exposed_this_turn = [list(m) for m in x.exposed_this_turn]
        state.next_id = x.next_id
        state.blanche_queue = list(x.blanche_queue)
        state.draw_queue = list(x.draw_queue)
        state.drawn = x.drawn
        state.missed = list(x.missed_draws) if x.missed_draws is not None else [0, 0]
        state.top_seen = list(x.top_seen)
        return state


def _any_card(place: int, card: str) -> bool:
    return True


def _blanche_card(place: int, card: str) -> bool:
    """Place 0 (the opponent's hand) holds no ace, ten or court: it was offered a carte blanche."""
    return place != 0 or is_carte_blanche([card])


_PLAIN_OBJECTS: Final = makes_blank(BeziqueState)
"""Whether a state can be made blank and copied through ``vars`` (pure Python), else ``clone`` goes
through ``__init__`` (compiled)."""
