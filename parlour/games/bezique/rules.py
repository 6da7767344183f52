"""Two-handed Bezique: a 64-card melding and trick-taking game for two, played to 1000.

The hand has two phases. While the talon lasts, play is free (no need to
follow) and the winner of each trick may declare melds and the seven of trumps
before both players draw. Once the talon is gone, the last eight tricks are
played under strict rules (follow, head the trick, else trump). Aces and tens
won ("brisques") count ten each at the end of the hand.

Cards on the table keep their history: each declared card remembers the meld
kinds it has served in (and in which declaring turn), because a card may serve
again only in a meld of another kind and not of an inferior order.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field

from parlour.cards import BEZIQUE_64, SUIT_NAMES, SUITS
from parlour.engine import Event, Game, InvalidDeal, InvalidSave, InvalidState, Option, Rng, State
from parlour.engine.deals import stock_for
from parlour.engine.errors import echo
from parlour.engine.saves import Code, Count, SaveDict, checked

PACK = BEZIQUE_64
RANKS: tuple[str, ...] = ("A", "T", "K", "Q", "J", "9", "8", "7")
POWER: dict[str, int] = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
BRISQUE_RANKS = frozenset({"A", "T"})

# Meld kinds: points and order. A card may serve again only in a meld of another kind
# whose order is not below that of any meld it has already served in.
MELD_POINTS: dict[str, int] = {
    "common marriage": 20,
    "royal marriage": 40,
    "bezique": 40,
    "four jacks": 40,
    "four queens": 60,
    "four kings": 80,
    "four aces": 100,
    "sequence": 250,
    "double bezique": 500,
}
MELD_ORDER: dict[str, int] = {
    "common marriage": 1,
    "royal marriage": 2,
    "bezique": 3,
    "four jacks": 3,
    "four queens": 4,
    "four kings": 5,
    "four aces": 6,
    "sequence": 7,
    "double bezique": 8,
}
FOURS: dict[str, str] = {"J": "four jacks", "Q": "four queens", "K": "four kings", "A": "four aces"}
SEVEN_POINTS = 10
BLANCHE_POINTS = 50
LAST_TRICK_POINTS = 10
BRISQUE_POINTS = 10
# Table-law penalties, paid to the opponent.
OVERDRAW_PENALTY = 100
NO_DRAW_PENALTY = 10
FULL_HAND = 8
_PATTERNS: dict[tuple[str, bool, bool], list[tuple[str, tuple[str, ...]]]] = {}


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def pretty(card: str) -> str:
    return PACK.pretty(card)


def pretty_list(cards: list[str]) -> str:
    return " ".join(pretty(c) for c in cards)


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=PACK.sort_key)


def beats(lead: str, follow: str, trump: str) -> bool:
    """Whether the second card wins the trick (equal cards go to the leader)."""
    if suit(follow) == suit(lead):
        return POWER[rank(follow)] > POWER[rank(lead)]
    return suit(follow) == trump


# --- the saved state ------------------------------------------------------------------------
# The shape of ``BeziqueState.d`` as saved; ``check_invariants`` checks how the fields agree.

Seat2 = Literal[0, 1]
MeldKind = Literal[
    "common marriage",
    "royal marriage",
    "bezique",
    "four jacks",
    "four queens",
    "four kings",
    "four aces",
    "sequence",
    "double bezique",
]
Window = Annotated[int, Field(ge=0, le=32)]  # one declaring turn per talon trick
CardId = Annotated[int, Field(ge=0, le=64)]  # a seat exposes at most the 32 cards it holds in a hand
Hand = Annotated[list[Code], Field(max_length=FULL_HAND)]
Pile = Annotated[list[Code], Field(max_length=64)]
Known = Annotated[dict[Code, Annotated[int, Field(ge=1, le=2)]], Field(max_length=FULL_HAND)]
MeldCards = Annotated[list[Code], Field(min_length=2, max_length=5)]


class TableCardSave(SaveDict):
    id: CardId
    card: Code
    uses: Annotated[list[tuple[MeldKind, Window]], Field(min_length=1, max_length=len(MELD_POINTS))]


class PendingSave(SaveDict):
    kind: MeldKind
    cards: MeldCards
    ids: Annotated[list[CardId], Field(min_length=2, max_length=5)]


class MeldSave(SaveDict):
    kind: MeldKind
    cards: MeldCards
    points: Annotated[int, Field(ge=20, le=500)]
    scored: bool


class TrickCardSave(SaveDict):
    seat: Seat2
    card: Code


TableCards = Annotated[list[TableCardSave], Field(max_length=FULL_HAND)]
Pending = Annotated[list[PendingSave], Field(max_length=200)]
Melds = Annotated[list[MeldSave], Field(max_length=500)]
Copies = Annotated[int, Field(ge=0, le=2)]
Brisques = Annotated[int, Field(ge=0, le=16)]
Owed = Annotated[int, Field(ge=0, le=FULL_HAND)]


class BeziqueSave(SaveDict):
    phase: Literal["blanche", "play1", "declare", "draw", "play2", "over"]
    totals: tuple[Count, Count]
    hand_number: Annotated[int, Field(ge=1, le=1_000_000)]
    dealer: Seat2
    leader: Seat2
    turn: Seat2
    trump: Literal["S", "H", "D", "C"]
    turn_up: Code | None
    stock: Annotated[list[Code], Field(max_length=47)]
    hidden: tuple[Hand, Hand]
    table: tuple[TableCards, TableCards]
    pending: tuple[Pending, Pending]
    melds: tuple[Melds, Melds]
    known: tuple[Known, Known]
    declared_sevens: tuple[Copies, Copies]
    trick: Annotated[list[TrickCardSave], Field(max_length=1)]
    last_trick: Annotated[list[TrickCardSave], Field(max_length=2)]
    won: tuple[Pile, Pile]
    brisques: tuple[Brisques, Brisques]
    revoker: Seat2 | None
    hand_points: tuple[Count, Count]
    tricks_played: Annotated[int, Field(ge=0, le=32)]
    window: Window
    window_scored: Annotated[int, Field(ge=0, le=200)]
    window_seven: bool
    window_melds: Annotated[list[Annotated[list[CardId], Field(max_length=5)]], Field(max_length=200)]
    next_id: CardId
    blanche_queue: Annotated[list[Seat2], Field(max_length=2)]
    # Under table laws only (saves from before the table-law draws lack them: filled in as empty).
    draw_queue: NotRequired[Annotated[list[Seat2], Field(max_length=2)]]
    drawn: NotRequired[bool]
    owed: NotRequired[tuple[Owed, Owed]]
    top_seen: NotRequired[Annotated[list[Seat2], Field(max_length=2)]]
    known_privately: NotRequired[tuple[Known, Known]]


TABLE_LAW_KEYS: dict[str, Any] = {
    "draw_queue": [],
    "drawn": False,
    "owed": [0, 0],
    "top_seen": [],
    "known_privately": [{}, {}],
}
"""The keys of the state that exist under table laws only, with their value in a fresh hand."""


# ----------------------------------------------------------------------------------------


class BeziqueState(State):
    """A whole match of Two-handed Bezique."""

    game: Bezique

    def __init__(self, game: Bezique, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.d: dict[str, Any] = {}

    # --- helpers over the data ------------------------------------------------------

    @property
    def phase(self) -> str:
        return str(self.d.get("phase", "over"))

    def full_hand(self, seat: int) -> list[str]:
        """Every card the seat holds: concealed ones and those declared on the table."""
        return list(self.d["hidden"][seat]) + [e["card"] for e in self.d["table"][seat]]

    def _bezique_cards(self) -> tuple[str, str]:
        if self.game.options["alt_bezique"] and self.d["trump"] in ("S", "D"):
            return ("QC", "JH")
        return ("QS", "JD")

    def _log(self, kind: str, data: dict[str, Any], to: int | None = None) -> None:
        self.log.append(Event(kind, data, to))

    def _learn(self, seat: int, card: str, public: bool = True) -> None:
        """The opponent has now seen that ``seat`` holds ``card`` among its concealed cards.

        ``public=False``: only the opponent saw it (a talon card he drew too many and put back,
        ruling BZ-23); spectators did not, and their view must not show it.
        """
        known = self.d["known"][seat]
        held = self.d["hidden"][seat].count(card)
        n = known.get(card, 0)
        shown = n - self._privately_known(seat, card)
        self._set_knowledge(seat, card, min(n + 1, held), min(shown + 1, held) if public else shown)

    def _forget(self, seat: int, card: str, keep: int = 0) -> None:
        """A copy of ``card`` has left the concealed hand: whoever knew of copies knows of one fewer.

        A viewer knew the hand held at least ``n`` copies; now it holds at least ``n - 1``, except
        that ``keep`` known copies are certainly still there (a declared seven of trumps, when
        everybody has seen the one leaving score as an undeclared one).
        """
        n = self.d["known"][seat].get(card, 0)
        shown = n - self._privately_known(seat, card)
        self._set_knowledge(seat, card, keep + max(n - keep - 1, 0), keep + max(shown - keep - 1, 0))

    def _privately_known(self, seat: int, card: str) -> int:
        """Copies of ``card`` the seat is known to hold by the opponent only, not by the table."""
        if "known_privately" not in self.d:
            return 0
        return int(self.d["known_privately"][seat].get(card, 0))

    def _set_knowledge(self, seat: int, card: str, known: int, shown: int) -> None:
        """Record that the opponent knows of ``known`` copies, the whole table of ``shown`` of them."""
        _set_count(self.d["known"][seat], card, known)
        if "known_privately" in self.d:
            _set_count(self.d["known_privately"][seat], card, known - shown)
        # (without table laws nothing is ever seen by one player only: every copy known is shown)

    def _public_known(self, seat: int) -> Counter[str]:
        """The seat's concealed cards that everybody at the table has seen (the spectator's ``known``)."""
        out = Counter(self.d["known"][seat])
        if "known_privately" in self.d:
            out.subtract(self.d["known_privately"][seat])
        return +out

    def _score(self, seat: int, points: int, reason: str, text: str) -> None:
        if points == 0:
            return
        self.d["totals"][seat] += points
        self.d["hand_points"][seat] += points
        self._log("score", {"seat": seat, "points": points, "reason": reason, "text": text})

    # --- the contract ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        return int(self.d["turn"])

    @property
    def scores(self) -> list[float]:
        if not self.d:
            return [0.0, 0.0]
        return [float(x) for x in self.d["totals"]]

    @property
    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        t = self.d["totals"]
        best = max(t)
        return [s for s in (0, 1) if t[s] == best]

    def normalize(self, text: str) -> str:
        words = text.split()
        if not words:
            return ""
        key = words[0].lower()
        args = [w.upper() for w in words[1:]]
        if key == "meld" and all(PACK.is_card(a) for a in args):
            args = sort_cards(args)
        return " ".join([key, *args])

    def _compute_legal(self) -> list[str]:
        phase = self.phase
        if phase == "over":
            return []
        seat = self.d["turn"]
        if phase == "blanche":
            return ["blanche", "pass"]
        if phase == "draw":
            if self.d["drawn"]:
                return ["draw", "pass"]
            # A player with no card left cannot fail to notice the draw: he must take it.
            return ["draw", "skip"] if self.full_hand(seat) else ["draw"]
        if phase == "declare":
            acts = [f"meld {' '.join(cards)}" for cards in self._meld_options(seat)]
            acts += self._seven_actions(seat)
            return [*acts, "pass"]
        return [f"play {c}" for c in self._playable(seat)]

    def _playable(self, seat: int) -> list[str]:
        hand = sorted(set(self.full_hand(seat)), key=PACK.sort_key)
        if self.phase != "play2" or not self.d["trick"] or self.game.options["table_laws"]:
            return hand
        return self._strict_choices(seat, hand)

    def _strict_choices(self, seat: int, hand: list[str]) -> list[str]:
        """Phase two: follow suit and head the trick if possible, else trump, else anything."""
        lead = self.d["trick"][0]["card"]
        trump = self.d["trump"]
        same = [c for c in hand if suit(c) == suit(lead)]
        if same:
            higher = [c for c in same if POWER[rank(c)] > POWER[rank(lead)]]
            return higher or same
        trumps = [c for c in hand if suit(c) == trump]
        return trumps or hand

    # --- melds ----------------------------------------------------------------------

    def _patterns(self) -> list[tuple[str, tuple[str, ...]]]:
        """Every meld kind with the card codes that make it (fixed for a hand, so cached)."""
        key = (self.d["trump"], self.game.options["alt_bezique"], self.game.options["fours_one_per_suit"])
        hit = _PATTERNS.get(key)
        if hit is None:
            hit = _PATTERNS[key] = [(k, tuple(sort_cards(list(c)))) for k, c in self._make_patterns()]
        return hit

    def _make_patterns(self) -> list[tuple[str, tuple[str, ...]]]:
        trump = self.d["trump"]
        out: list[tuple[str, tuple[str, ...]]] = []
        for s in SUITS:
            kind = "royal marriage" if s == trump else "common marriage"
            out.append((kind, ("K" + s, "Q" + s)))
        q, j = self._bezique_cards()
        out.append(("bezique", (q, j)))
        out.append(("double bezique", (q, q, j, j)))
        for r, kind in FOURS.items():
            if self.game.options["fours_one_per_suit"]:
                out.append((kind, tuple(r + s for s in SUITS)))
            else:
                for combo in itertools.combinations_with_replacement(SUITS, 4):
                    if max(Counter(combo).values()) <= 2:
                        out.append((kind, tuple(r + s for s in combo)))
        out.append(("sequence", tuple(r + trump for r in ("A", "T", "K", "Q", "J"))))
        return out

    def _eligible(self, entry: Mapping[str, Any], kind: str) -> bool:
        """May this declared card serve in ``kind`` now (same-turn exposures are exempt from order)?"""
        window = self.d["window"]
        for used, when in entry["uses"]:
            if used == kind:
                return False
            if when != window and MELD_ORDER[used] > MELD_ORDER[kind]:
                return False
        return True

    def _assign(self, seat: int, kind: str, codes: tuple[str, ...]) -> list[tuple[str, int]] | None:
        """Pick physical cards for a meld: ``("t", id)`` declared ones first, then ``("h", 0)`` concealed."""
        window_ids = {i for m in self.d["window_melds"] for i in m}
        hidden = Counter(self.d["hidden"][seat])
        chosen: list[tuple[str, int]] = []
        for code, need in Counter(codes).items():
            cands = [e for e in self.d["table"][seat] if e["card"] == code and self._eligible(e, kind)]
            cands.sort(key=lambda e: (e["id"] not in window_ids, -len(e["uses"]), e["id"]))
            picks: list[tuple[str, int]] = [("t", int(e["id"])) for e in cands[:need]]
            short = need - len(picks)
            if short > hidden[code]:
                return None
            picks += [("h", 0)] * short
            chosen += picks
        return chosen

    def _meld_candidates(self, seat: int) -> list[tuple[str, tuple[str, ...], list[tuple[str, int]] | None]]:
        """Melds that may be declared now: (kind, codes, assignment or None for a pending meld)."""
        d = self.d
        several = self.game.options["melds_per_trick"] == "several"
        scored = d["window_scored"]
        out: list[tuple[str, tuple[str, ...], list[tuple[str, int]] | None]] = []
        seen: set[tuple[str, ...]] = set()
        if not several and scored == 0:
            table_ids = {e["id"] for e in d["table"][seat]}
            for p in d["pending"][seat]:
                if all(i in table_ids for i in p["ids"]):
                    codes = tuple(sort_cards(list(p["cards"])))
                    if codes not in seen:
                        seen.add(codes)
                        out.append((p["kind"], codes, None))
        window_ids = {i for m in d["window_melds"] for i in m}
        for kind, codes in self._patterns():
            key = codes  # already in canonical order
            if key in seen:
                continue
            assign = self._assign(seat, kind, codes)
            if assign is None:
                continue
            # After the trick's meld, only a further combination shown by the cards just exposed.
            if not several and scored > 0 and not any(k == "t" and i in window_ids for k, i in assign):
                continue
            seen.add(key)
            out.append((kind, key, assign))
        return out

    def _meld_options(self, seat: int) -> list[tuple[str, ...]]:
        if self.game.options["seven_counts_as_meld"] and self.d["window_seven"]:
            return []
        return [codes for _, codes, _ in self._meld_candidates(seat)]

    def _seven_actions(self, seat: int) -> list[str]:
        d = self.d
        if d["turn_up"] is None:
            return []
        if self.game.options["seven_counts_as_meld"] and (d["window_scored"] or d["window_seven"]):
            return []
        seven = "7" + d["trump"]
        free = d["hidden"][seat].count(seven) - d["declared_sevens"][seat]
        if free <= 0:
            return []
        acts = []
        if d["turn_up"] != seven:
            acts.append(f"exchange {seven}")
        acts.append(f"declare {seven}")
        return acts

    def _has_declaration(self, seat: int) -> bool:
        return bool(self._seven_actions(seat) or self._meld_options(seat))

    # --- applying -------------------------------------------------------------------

    def _apply(self, action: str) -> None:
        self._legal_cache = None
        words = action.split()
        key, args = words[0], words[1:]
        seat = self.d["turn"]
        if key == "play":
            self._play(seat, args[0])
        elif key == "meld":
            self._meld(seat, tuple(args))
        elif key == "exchange":
            self._exchange(seat, args[0])
        elif key == "declare":
            self._declare_seven(seat, args[0])
        elif key == "blanche":
            self._blanche(seat)
        elif key == "draw":
            self._table_draw(seat)
        elif key == "skip":
            self._skip_draw(seat)
        elif key == "pass":
            if self.phase == "blanche":
                self._next_blanche()
            elif self.phase == "draw":
                self._next_drawer()
            else:
                self._after_declaring()
        if self.phase == "declare" and not self._has_declaration(self.d["turn"]):
            self._after_declaring()

    def _blanche(self, seat: int) -> None:
        hand = sort_cards(self.d["hidden"][seat])
        self.d["known"][seat] = dict(Counter(hand))
        if "known_privately" in self.d:
            self.d["known_privately"][seat] = {}  # shown to the whole table
        self._log(
            "blanche",
            {"seat": seat, "cards": hand, "text": f"seat {seat} shows a carte blanche: {pretty_list(hand)}"},
        )
        self._score(
            seat, BLANCHE_POINTS, "carte blanche", f"seat {seat} scores {BLANCHE_POINTS} for carte blanche"
        )
        self._next_blanche()

    def _next_blanche(self) -> None:
        queue = self.d["blanche_queue"]
        queue.pop(0)
        if queue:
            self.d["turn"] = queue[0]
        else:
            self.d["phase"] = "play1"
            self.d["turn"] = self.d["leader"]

    def _take_card(self, seat: int, card: str) -> None:
        """Remove ``card`` from the seat's hand, a declared copy first (one not awaiting a score)."""
        d = self.d
        pending_ids = {i for p in d["pending"][seat] for i in p["ids"]}
        copies = [e for e in d["table"][seat] if e["card"] == card]
        free = [e for e in copies if e["id"] not in pending_ids]
        if free or (copies and card not in d["hidden"][seat]):
            pool = free or copies
            pool.sort(key=lambda e: (-len(e["uses"]), e["id"]))
            entry = pool[0]
            d["table"][seat].remove(entry)
            d["pending"][seat] = [p for p in d["pending"][seat] if entry["id"] not in p["ids"]]
            return
        seven = "7" + d["trump"]
        if card == seven and self._played_seven_scores() and self._holds_unscored_seven(seat):
            # ruling BZ-5: of two sevens, one declared, the player plays the one that scores.
            self._unscored_seven_leaves(seat)
            return
        d["hidden"][seat].remove(card)
        self._forget(seat, card)
        if card == seven and d["declared_sevens"][seat] > 0:
            d["declared_sevens"][seat] -= 1

    def _holds_unscored_seven(self, seat: int) -> bool:
        """Whether the seat holds a seven of trumps that has not scored by being declared."""
        d = self.d
        return bool(d["hidden"][seat].count("7" + d["trump"]) > d["declared_sevens"][seat])

    def _played_seven_scores(self) -> bool:
        """Whether a seven of trumps played now scores 10 (ruling BZ-5): while the talon lasts."""
        return bool(self.game.options["played_seven_scores"]) and self.phase == "play1"

    def _unscored_seven_leaves(self, seat: int) -> None:
        """An undeclared seven of trumps leaves the hand (played or exchanged); declared ones stay known."""
        d = self.d
        seven = "7" + d["trump"]
        d["hidden"][seat].remove(seven)
        self._forget(seat, seven, keep=d["declared_sevens"][seat])

    def _play(self, seat: int, card: str) -> None:
        d = self.d
        # ruling BZ-5: a seven of trumps played while the talon lasts scores 10, unless the copy
        # played is one that has scored already by being declared.
        seven_scores = (
            card == "7" + d["trump"] and self._played_seven_scores() and self._holds_unscored_seven(seat)
        )
        strict = self.phase == "play2"
        if strict and d["trick"] and self.game.options["table_laws"] and d["revoker"] is None:
            allowed = self._strict_choices(seat, sorted(set(self.full_hand(seat)), key=PACK.sort_key))
            if card not in allowed:
                d["revoker"] = seat
                self._log(
                    "revoke",
                    {
                        "seat": seat,
                        "text": f"seat {seat} fails to follow or to win when able "
                        "and concedes every brisque still to come",
                    },
                )
        self._take_card(seat, card)
        d["trick"].append({"seat": seat, "card": card})
        if len(d["trick"]) == 1:
            self._log("play", {"seat": seat, "card": card, "text": f"seat {seat} leads {pretty(card)}"})
            if seven_scores:
                self._score_played_seven(seat)
            d["turn"] = 1 - seat
            return
        self._finish_trick(seven_scores)

    def _score_played_seven(self, seat: int) -> None:
        self._score(
            seat,
            SEVEN_POINTS,
            "seven of trumps played",
            f"seat {seat} scores {SEVEN_POINTS} for playing the seven of trumps",
        )

    def _finish_trick(self, seven_scores: bool = False) -> None:
        d = self.d
        lead, follow = d["trick"]
        winner = follow["seat"] if beats(lead["card"], follow["card"], d["trump"]) else lead["seat"]
        cards = [lead["card"], follow["card"]]
        d["won"][winner].extend(cards)
        brisques = sum(1 for c in cards if rank(c) in BRISQUE_RANKS)
        gets = winner if d["revoker"] is None else 1 - d["revoker"]
        d["brisques"][gets] += brisques
        d["last_trick"] = d["trick"]
        d["trick"] = []
        d["tricks_played"] += 1
        d["leader"] = winner
        d["turn"] = winner
        self._log(
            "play",
            {
                "seat": follow["seat"],
                "card": follow["card"],
                "winner": winner,
                "text": f"seat {follow['seat']} plays {pretty(follow['card'])}; seat {winner} wins the trick",
            },
        )
        if seven_scores:
            self._score_played_seven(follow["seat"])
        opts = self.game.options
        if self.phase == "play1":
            if d["turn_up"] is None and not d["stock"]:
                raise AssertionError("phase one without a talon")
            last_of_stock = len(d["stock"]) == 1 and not opts["table_laws"]
            if last_of_stock and opts["last_trick"] in ("stock", "both"):  # ruling BZ-17
                self._score(
                    winner,
                    LAST_TRICK_POINTS,
                    "last trick of the talon",
                    f"seat {winner} scores {LAST_TRICK_POINTS} for the last trick before the talon runs out",
                )
            d["window"] += 1
            d["window_scored"] = 0
            d["window_seven"] = False
            d["window_melds"] = []
            d["phase"] = "declare"
            if not self._has_declaration(winner):
                self._after_declaring()
            return
        # phase two: it ends when either hand is empty (hands differ only after table-law faults)
        if not self.full_hand(0) or not self.full_hand(1):
            self._close_hand(winner)

    def _close_hand(self, winner: int) -> None:
        """The last trick is played: cards a short opponent cannot answer go to their holder."""
        d = self.d
        for seat in (0, 1):
            rest = sort_cards(self.full_hand(seat))
            if not rest:
                continue
            d["hidden"][seat] = []
            d["table"][seat] = []
            d["known"][seat] = {}
            if "known_privately" in d:
                d["known_privately"][seat] = {}
            d["won"][seat].extend(rest)
            gets = seat if d["revoker"] is None else 1 - d["revoker"]
            d["brisques"][gets] += sum(1 for c in rest if rank(c) in BRISQUE_RANKS)
            self._log(
                "leftover",
                {
                    "seat": seat,
                    "cards": rest,
                    "text": f"seat {1 - seat} has no card left: seat {seat} keeps {pretty_list(rest)}",
                },
            )
        if self.game.options["last_trick"] in ("final", "both"):  # ruling BZ-17
            self._score(
                winner,
                LAST_TRICK_POINTS,
                "last trick",
                f"seat {winner} scores {LAST_TRICK_POINTS} for the last trick",
            )
        self._end_hand()

    def _meld(self, seat: int, codes: tuple[str, ...]) -> None:
        d = self.d
        found = [(k, a) for k, key, a in self._meld_candidates(seat) if key == codes]
        if not found:  # pragma: no cover - legal_actions guarantees a match
            raise AssertionError(codes)
        kind, assign = found[0]
        several = self.game.options["melds_per_trick"] == "several"
        if assign is None:
            pend = next(p for p in d["pending"][seat] if tuple(sort_cards(list(p["cards"]))) == codes)
            d["pending"][seat].remove(pend)
            d["window_scored"] += 1
            d["window_melds"].append(list(pend["ids"]))
            d["melds"][seat].append(
                {"kind": kind, "cards": list(codes), "points": MELD_POINTS[kind], "scored": True}
            )
            for m in d["melds"][seat]:
                if not m["scored"] and m["kind"] == kind and m["cards"] == list(codes):
                    d["melds"][seat].remove(m)
                    break
            self._score(
                seat,
                MELD_POINTS[kind],
                kind,
                f"seat {seat} scores {MELD_POINTS[kind]} for {kind} ({pretty_list(list(codes))})",
            )
            return
        ids: list[int] = []
        hidden_needed = Counter(codes)
        for k, i in assign:
            if k == "t":
                entry = next(e for e in d["table"][seat] if e["id"] == i)
                entry["uses"].append([kind, d["window"]])
                hidden_needed[entry["card"]] -= 1
                ids.append(i)
        for code, n in hidden_needed.items():
            for _ in range(n):
                d["hidden"][seat].remove(code)
                self._forget(seat, code)
                new_id = d["next_id"]
                d["next_id"] += 1
                d["table"][seat].append({"id": new_id, "card": code, "uses": [[kind, d["window"]]]})
                ids.append(new_id)
        d["window_melds"].append(ids)
        points = MELD_POINTS[kind]
        if several or d["window_scored"] == 0:
            d["window_scored"] += 1
            d["melds"][seat].append({"kind": kind, "cards": list(codes), "points": points, "scored": True})
            self._log(
                "meld",
                {
                    "seat": seat,
                    "kind": kind,
                    "cards": list(codes),
                    "text": f"seat {seat} declares {kind}: {pretty_list(list(codes))}",
                },
            )
            self._score(seat, points, kind, f"seat {seat} scores {points} for {kind}")
        else:
            d["pending"][seat].append({"kind": kind, "cards": list(codes), "ids": ids})
            d["melds"][seat].append({"kind": kind, "cards": list(codes), "points": points, "scored": False})
            self._log(
                "meld",
                {
                    "seat": seat,
                    "kind": kind,
                    "cards": list(codes),
                    "pending": True,
                    "text": f"seat {seat} shows {kind} too: {pretty_list(list(codes))}, "
                    f"{points} to score after another trick won",
                },
            )

    def _exchange(self, seat: int, seven: str) -> None:
        d = self.d
        old = d["turn_up"]
        self._unscored_seven_leaves(seat)  # only an undeclared seven may be exchanged
        d["hidden"][seat].append(old)
        self._learn(seat, old)
        d["turn_up"] = seven
        d["window_seven"] = True
        self._log(
            "exchange",
            {
                "seat": seat,
                "card": seven,
                "took": old,
                "text": f"seat {seat} exchanges {pretty(seven)} for the turn-up {pretty(old)}",
            },
        )
        self._score(
            seat,
            SEVEN_POINTS,
            "seven of trumps",
            f"seat {seat} scores {SEVEN_POINTS} for the seven of trumps",
        )

    def _declare_seven(self, seat: int, seven: str) -> None:
        d = self.d
        d["declared_sevens"][seat] += 1
        self._learn(seat, seven)
        d["window_seven"] = True
        self._log("seven", {"seat": seat, "card": seven, "text": f"seat {seat} shows {pretty(seven)}"})
        self._score(
            seat,
            SEVEN_POINTS,
            "seven of trumps",
            f"seat {seat} scores {SEVEN_POINTS} for the seven of trumps",
        )

    def _after_declaring(self) -> None:
        """The declaring turn is over: the engine draws for both, or (table laws) the players do."""
        if self.game.options["table_laws"]:
            self._begin_draws()
        else:
            self._draw()

    # --- drawing under table laws ----------------------------------------------------

    def _talon_left(self) -> bool:
        return bool(self.d["stock"]) or self.d["turn_up"] is not None

    def _begin_draws(self) -> None:
        d = self.d
        winner = d["leader"]
        d["window_melds"] = []
        d["window_scored"] = 0
        d["window_seven"] = False
        d["phase"] = "draw"
        d["draw_queue"] = [winner, 1 - winner]
        d["drawn"] = False
        self._settle_draws()

    def _settle_draws(self) -> None:
        """Give the turn to the next player due to draw; one with nothing left to draw is passed over."""
        d = self.d
        if not self._talon_left():
            d["draw_queue"] = []
        if d["draw_queue"]:
            d["turn"] = d["draw_queue"][0]
            return
        self._end_draws()

    def _next_drawer(self) -> None:
        d = self.d
        d["draw_queue"].pop(0)
        d["drawn"] = False
        self._settle_draws()

    def _take_top(self, seat: int) -> None:
        """One card from the talon into the hand; the turn-up is its last card."""
        d = self.d
        if d["stock"]:
            card = d["stock"].pop(0)
            d["hidden"][seat].append(card)
            if 1 - seat in d["top_seen"]:
                self._learn(seat, card, public=False)  # ruling BZ-23: the opponent alone saw it
            d["top_seen"] = []
            return
        up = d["turn_up"]
        d["turn_up"] = None
        d["hidden"][seat].append(up)
        self._learn(seat, up)
        self._log(
            "draw",
            {
                "seat": seat,
                "card": up,
                "text": f"seat {seat} takes the turn-up {pretty(up)}; the talon is exhausted",
            },
        )

    def _table_draw(self, seat: int) -> None:
        d = self.d
        if d["drawn"]:
            self._overdraw(seat)
            return
        owed = d["owed"][seat]
        d["owed"][seat] = 0
        count = 0
        for _ in range(1 + owed):
            if not self._talon_left():
                break  # the missed cards are lost: the player plays on short
            self._take_top(seat)
            count += 1
        extra = f" ({count - 1} missed before)" if count > 1 else ""
        self._log(
            "draw",
            {
                "seat": seat,
                "count": count,
                "text": f"seat {seat} draws {count} card{'s' * (count > 1)}{extra}",
            },
        )
        if len(self.full_hand(seat)) >= FULL_HAND and d["stock"]:
            d["drawn"] = True  # the hand is full; one more draw would be a fault
        else:
            self._next_drawer()

    def _overdraw(self, seat: int) -> None:
        """A draw with a full hand: 100 to the opponent, and the ninth card goes back on the talon."""
        d = self.d
        card = d["stock"].pop(0)
        d["hidden"][seat].append(card)
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
        d["hidden"][seat].remove(card)
        d["stock"].insert(0, card)
        d["top_seen"] = sorted({*d["top_seen"], seat})
        self._log("correction", {"seat": seat, "text": f"seat {seat} puts the extra card back on the talon"})
        self._next_drawer()

    def _skip_draw(self, seat: int) -> None:
        d = self.d
        d["owed"][seat] += 1
        self._log("fault", {"seat": seat, "text": f"seat {seat} does not draw"})
        self._score(
            1 - seat,
            NO_DRAW_PENALTY,
            "no draw",
            f"seat {1 - seat} scores {NO_DRAW_PENALTY}: seat {seat} did not draw after the trick",
        )
        self._next_drawer()

    def _end_draws(self) -> None:
        d = self.d
        winner = d["leader"]
        d["drawn"] = False
        d["turn"] = winner
        if self._talon_left():
            d["phase"] = "play1"
            return
        if self.game.options["last_trick"] in ("stock", "both"):  # ruling BZ-17
            self._score(
                winner,
                LAST_TRICK_POINTS,
                "last trick of the talon",
                f"seat {winner} scores {LAST_TRICK_POINTS} for the last trick before the talon runs out",
            )
        d["owed"] = [0, 0]
        d["top_seen"] = []
        self._start_phase_two()
        if not self.full_hand(0) or not self.full_hand(1):
            self._close_hand(winner)

    def _draw(self) -> None:
        """Winner then loser draw; the turn-up goes last, to the loser of the last talon trick."""
        d = self.d
        winner = d["leader"]
        loser = 1 - winner
        first = d["stock"].pop(0)
        d["hidden"][winner].append(first)
        if d["stock"]:
            second = d["stock"].pop(0)
            d["hidden"][loser].append(second)
        else:
            up = d["turn_up"]
            d["turn_up"] = None
            d["hidden"][loser].append(up)
            self._learn(loser, up)
            self._log(
                "draw",
                {
                    "seat": loser,
                    "card": up,
                    "text": f"seat {loser} takes the turn-up {pretty(up)}; the talon is exhausted",
                },
            )
        d["window_melds"] = []
        d["window_scored"] = 0
        d["window_seven"] = False
        d["turn"] = winner
        if d["turn_up"] is None:
            self._start_phase_two()
        else:
            d["phase"] = "play1"

    def _start_phase_two(self) -> None:
        d = self.d
        for seat in (0, 1):
            for e in d["table"][seat]:
                d["hidden"][seat].append(e["card"])
                self._learn(seat, e["card"])
            d["table"][seat] = []
            d["pending"][seat] = []
            d["declared_sevens"][seat] = 0
        d["melds"] = [[m for m in ms if m["scored"]] for ms in d["melds"]]
        d["phase"] = "play2"
        self._log("phase", {"text": "the talon is exhausted: follow suit and win the trick if you can"})

    def _end_hand(self) -> None:
        d = self.d
        for seat in (0, 1):
            n = d["brisques"][seat]
            self._score(
                seat,
                n * BRISQUE_POINTS,
                "brisques",
                f"seat {seat} scores {n * BRISQUE_POINTS} for {n} brisques",
            )
        pts = list(d["hand_points"])
        self._log(
            "hand_end",
            {
                "points": pts,
                "hand": d["hand_number"],
                "text": f"hand {d['hand_number']} ends: {pts[0]} to {pts[1]}; "
                f"totals {d['totals'][0]} to {d['totals'][1]}",
            },
        )
        t = d["totals"]
        target = self.game.options["target"]
        if max(t) >= target and t[0] != t[1]:
            d["phase"] = "over"
            win = 0 if t[0] > t[1] else 1
            self._log(
                "match_end",
                {
                    "winner": win,
                    "scores": list(t),
                    "text": f"seat {win} wins the match {t[win]} to {t[1 - win]}",
                },
            )
            return
        self._deal(1 - d["dealer"], None)

    # --- dealing --------------------------------------------------------------------

    def _cut(self) -> int:
        """Cut for deal: the higher card deals; equal ranks cut again."""
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
        d = self.d
        d["hand_number"] = d.get("hand_number", 0) + 1
        elder = 1 - dealer
        won: list[list[str]] = [[], []]
        if deal is None:
            cards = list(PACK.cards)
            self.rng.shuffle(cards)
            hands: list[list[str]] = [[], []]
            pos = 0
            for n in (3, 2, 3):
                for seat in (elder, dealer):
                    hands[seat] += cards[pos : pos + n]
                    pos += n
            turn_up = cards[pos]
            stock = cards[pos + 1 :]
            leader = elder
        else:
            _, hands, turn_up, stock, won, leader = deal
        trump = suit(turn_up)
        d.update(
            phase="play1",
            dealer=dealer,
            leader=leader,
            turn=leader,
            trump=trump,
            turn_up=turn_up,
            stock=stock,
            hidden=[list(hands[0]), list(hands[1])],
            table=[[], []],
            pending=[[], []],
            melds=[[], []],
            known=[{}, {}],
            declared_sevens=[0, 0],
            trick=[],
            last_trick=[],
            won=[list(won[0]), list(won[1])],
            brisques=[sum(1 for c in won[s] if rank(c) in BRISQUE_RANKS) for s in (0, 1)],
            revoker=None,
            hand_points=[0, 0],
            tricks_played=len(won[0]) // 2 + len(won[1]) // 2,
            window=0,
            window_scored=0,
            window_seven=False,
            window_melds=[],
            next_id=0,
            blanche_queue=[],
        )
        if self.game.options["table_laws"]:
            d.update(_jsonify(TABLE_LAW_KEYS))
        self._log(
            "deal",
            {
                "dealer": dealer,
                "hand": d["hand_number"],
                "text": f"hand {d['hand_number']}: seat {dealer} deals; the turn-up is {pretty(turn_up)}, "
                f"{SUIT_NAMES[trump]} are trumps",
            },
        )
        for seat in (0, 1):
            self._log(
                "hand",
                {
                    "seat": seat,
                    "cards": sort_cards(hands[seat]),
                    "text": f"your hand: {pretty_list(sort_cards(hands[seat]))}",
                },
                to=seat,
            )
        if rank(turn_up) == "7":
            self._score(
                dealer,
                SEVEN_POINTS,
                "seven turned up",
                f"seat {dealer} scores {SEVEN_POINTS} for turning up the seven",
            )
        if not stock:
            self._start_phase_two()
            return
        if self.game.options["carte_blanche"]:
            queue = [s for s in (elder, dealer) if not any(rank(c) in "ATKQJ" for c in hands[s])]
            if queue:
                d["blanche_queue"] = queue
                d["phase"] = "blanche"
                d["turn"] = queue[0]

    # --- information ----------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.base_view(seat)
        d = self.d
        v["phase"] = {
            "blanche": "deal",
            "play1": "talon",
            "declare": "talon",
            "draw": "talon",
            "play2": "last eight",
            "over": "over",
        }[self.phase]
        if seat is not None:
            v["hand"] = sort_cards(self.full_hand(seat))
        v["hand_sizes"] = [len(self.full_hand(s)) for s in (0, 1)]
        v["trump"] = d["trump"]
        v["turn_up"] = d["turn_up"]
        v["stock_size"] = len(d["stock"])
        v["dealer"] = d["dealer"]
        v["leader"] = d["leader"]
        v["hand_number"] = d["hand_number"]
        v["trick"] = [dict(t) for t in d["trick"]]
        v["last_trick"] = [dict(t) for t in d["last_trick"]]
        v["table"] = [sort_cards([e["card"] for e in d["table"][s]]) for s in (0, 1)]
        v["melds"] = [[_meld_text(m) for m in d["melds"][s]] for s in (0, 1)]
        # What a seat's concealed hand is known to hold: for a player, all his opponent has seen
        # (his own hand too, so he knows what the other knows); for a spectator, only what was
        # shown to the whole table (ruling BZ-23).
        v["known"] = [
            sort_cards(list((self._public_known(s) if seat is None else Counter(d["known"][s])).elements()))
            for s in (0, 1)
        ]
        v["brisques"] = list(d["brisques"])
        v["hand_points"] = list(d["hand_points"])
        # The public record the rules need (meld history of each table card, cards won, turns):
        # bots and determinize read it; the terminal front end leaves long values out.
        v["bookkeeping"] = {
            "declared": [
                [
                    {"id": e["id"], "card": e["card"], "uses": [list(u) for u in e["uses"]]}
                    for e in d["table"][s]
                ]
                for s in (0, 1)
            ],
            "to_score": [
                [
                    {"kind": p["kind"], "cards": list(p["cards"]), "ids": list(p["ids"])}
                    for p in d["pending"][s]
                ]
                for s in (0, 1)
            ],
            "meld_history": [[dict(m, cards=list(m["cards"])) for m in d["melds"][s]] for s in (0, 1)],
            "sevens_declared": list(d["declared_sevens"]),
            "won": [sort_cards(d["won"][s]) for s in (0, 1)],
            "tricks_played": d["tricks_played"],
            "revoker": d["revoker"],
            "window": {
                "n": d["window"],
                "scored": d["window_scored"],
                "seven": d["window_seven"],
                "melds": [list(m) for m in d["window_melds"]],
                "next_id": d["next_id"],
            },
            "blanche_queue": list(d["blanche_queue"]),
            "declaring": self.phase == "declare",
        }
        if self.game.options["table_laws"]:
            # Who is still to draw, the cards each side missed (to be made up at its next draw) and
            # who has seen the talon's top card (put back after a draw too many).
            v["bookkeeping"]["drawing"] = {
                "queue": list(d["draw_queue"]),
                "drawn": d["drawn"],
                "owed": list(d["owed"]),
                "top_seen": list(d["top_seen"]),
            }
            if seat is not None and seat in d["top_seen"]:
                v["talon_top"] = d["stock"][0]
        v["message"] = self._message()
        return v

    def _message(self) -> str:
        d = self.d
        if self.phase == "over":
            t = d["totals"]
            return f"match over: {t[0]} to {t[1]}"
        turn = d["turn"]
        if self.phase == "blanche":
            return f"seat {turn} may show a carte blanche"
        if self.phase == "declare":
            return f"seat {turn} won the trick and may declare (or pass to draw)"
        if self.phase == "draw":
            if d["drawn"]:
                return f"seat {turn} has drawn a full hand: pass to go on"
            owed = d["owed"][turn]
            more = f" (and the {owed} missed before)" if owed else ""
            return f"seat {turn} to draw from the talon{more}"
        if d["trick"]:
            return f"seat {turn} to play to {pretty(d['trick'][0]['card'])}"
        stage = "the last eight tricks" if self.phase == "play2" else f"{len(d['stock'])} cards in the talon"
        return f"seat {turn} to lead; {SUIT_NAMES[d['trump']]} are trumps; {stage}"

    def explain_illegal(self, action: str) -> str:
        words = action.split()
        if not words:
            return "empty action; try 'play 9H', 'meld KS QS', 'exchange 7H', 'declare 7H' or 'pass'"
        key, args = words[0], words[1:]
        phase = self.phase
        seat = self.d["turn"]
        if phase == "over":
            return "the match is over"
        if key == "play":
            if phase == "draw":
                return "not time to play: draw from the talon first"
            if phase in ("declare", "blanche"):
                return "not time to play: first declare or pass"
            if len(args) != 1 or not PACK.is_card(args[0]):
                return "name one card, such as 'play 9H'"
            if args[0] not in self.full_hand(seat):
                return f"you do not hold {args[0]}"
            return "in the last eight tricks you must follow suit and head the trick if you can, else trump"
        if key == "meld":
            if not args or not all(PACK.is_card(a) for a in args):
                return "name the meld's cards, such as 'meld KS QS'"
            if Counter(args) - Counter(self.full_hand(seat)):
                return "you do not hold all those cards"
            d = self.d
            just_won = phase == "play1" and not d["trick"] and d["tricks_played"] and d["leader"] == seat
            if phase != "declare" and not just_won:
                return "you may declare only just after winning a trick while the talon lasts"
            if self.game.options["melds_per_trick"] == "one" and self.d["window_scored"]:
                return (
                    "one meld scores per trick won; a further combination may be shown now "
                    "only if it shares a card just exposed"
                )
            return (
                "those cards make no meld that scores now: a declared card may serve again only in a meld of "
                "another kind, not of an inferior order"
            )
        if key in ("exchange", "declare"):
            if phase != "declare":
                return (
                    "the seven of trumps is exchanged or declared only after winning a trick, talon not empty"
                )
            seven = "7" + self.d["trump"]
            if args != [seven]:
                return f"only the seven of trumps ({seven}) may be {key}d"
            if key == "exchange" and self.d["turn_up"] == seven:
                return "the turn-up is already a seven of trumps"
            return "you hold no seven of trumps that has not already scored"
        if key == "blanche":
            return "carte blanche is shown only before the first trick, by a hand without ace, ten or court"
        if key in ("draw", "skip"):
            if args:
                return f"'{key}' takes no card: the talon's top card is drawn"
            if not self.game.options["table_laws"]:
                return "the draws after each trick are made for you (they are actions only under table laws)"
            if phase == "draw" and key == "skip":
                if self.d["drawn"]:
                    return "you have drawn already: pass to go on"
                return "you hold no card: you must draw"
            return (
                "you draw only after a trick while the talon lasts, in turn: the winner first, then the loser"
            )
        if key == "pass":
            if phase == "draw":
                return "draw the top card of the talon (or skip the draw, which costs 10)"
            return "there is nothing to decline now: play a card"
        return super().explain_illegal(action)

    # --- persistence and audit --------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        out: dict[str, Any] = _jsonify(self.d)
        return out

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(BeziqueSave, data, "state")
        # Plain lists and dicts again (the check makes tuples), keys in the saved order.
        self.d = _jsonify({key: d[key] for key in data})  # type: ignore[literal-required]
        self._legal_cache = None
        if self.game.options["table_laws"]:
            # Saves made before the table-law draws (or the record of private knowledge) existed
            # lack those records; at any moment they were saved, the records were empty.
            for key, empty in TABLE_LAW_KEYS.items():
                self.d.setdefault(key, _jsonify(empty))
        else:
            extra = sorted(set(TABLE_LAW_KEYS) & set(self.d))
            if extra:
                raise InvalidSave(f"state.{extra[0]}: kept only under table laws")

    def check_invariants(self) -> None:
        """Refuse what no legal play reaches: every field checked against the others (linear time)."""
        super().check_invariants()
        if not self.d:
            return
        self._check_cards()
        self._check_turn()
        self._check_hands()
        self._check_knowledge()
        self._check_table()
        self._check_tricks_and_scores()

    def _check_cards(self) -> None:
        """Every code a card of the pack, and the pack whole: each card once where it lies."""
        d = self.d
        where: list[tuple[str, list[str]]] = [
            ("stock", d["stock"]),
            ("turn_up", [d["turn_up"]] * (d["turn_up"] is not None)),
        ]
        for s in (0, 1):
            where += [
                (f"hidden.{s}", d["hidden"][s]),
                (f"table.{s}", [e["card"] for e in d["table"][s]]),
                (f"won.{s}", d["won"][s]),
                (f"known.{s}", list(d["known"][s])),
                (f"pending.{s}", [c for p in d["pending"][s] for c in p["cards"]]),
                (f"melds.{s}", [c for m in d["melds"][s] for c in m["cards"]]),
            ]
            if "known_privately" in d:
                where.append((f"known_privately.{s}", list(d["known_privately"][s])))
        where += [
            ("trick", [t["card"] for t in d["trick"]]),
            ("last_trick", [t["card"] for t in d["last_trick"]]),
        ]
        for field, cards in where:
            for c in cards:
                if not PACK.is_card(c):
                    raise InvalidState(f"{field}: {echo(c)} is not a card of the 64-card pack")
        have = self.inventory()
        if have != PACK.counts():
            extra, missing = have - PACK.counts(), PACK.counts() - have
            raise InvalidState(
                f"cards: the pack is not whole (extra {sorted(extra.elements())[:8]}, "
                f"missing {sorted(missing.elements())[:8]})"
            )

    def _check_turn(self) -> None:
        """The phase, the talon, the trick and whose turn it is agree."""
        d = self.d
        opts = self.game.options
        phase, turn, leader, trick = d["phase"], d["turn"], d["leader"], d["trick"]
        laws = bool(opts["table_laws"])
        for key in TABLE_LAW_KEYS:
            if (key in d) != laws:
                raise InvalidState(f"{key}: kept under table laws only, and always under them")
        if phase == "draw" and not laws:
            raise InvalidState("phase: draws are actions only under table laws")
        talon_phase = phase in ("blanche", "play1", "declare", "draw")
        if talon_phase != (d["turn_up"] is not None):
            raise InvalidState(
                f"turn_up: the turn-up lies beside the talon until it is drawn (phase {phase})"
            )
        if d["turn_up"] is None and d["stock"]:
            raise InvalidState("stock: the turn-up is the talon's last card, drawn after the rest")
        if d["turn_up"] is not None and suit(d["turn_up"]) != d["trump"]:
            raise InvalidState("trump: trumps are the suit of the turn-up")
        if not laws and d["turn_up"] is not None and len(d["stock"]) % 2 != 1:
            raise InvalidState("stock: the talon and the turn-up are drawn two at a time")
        if trick and phase not in ("play1", "play2"):
            raise InvalidState(f"trick: no trick is open in phase {phase}")
        if trick and trick[0]["seat"] != leader:
            raise InvalidState("trick: the leader plays first to a trick")
        if len(d["last_trick"]) not in (0, 2) or (
            d["last_trick"] and d["last_trick"][0]["seat"] == d["last_trick"][1]["seat"]
        ):
            raise InvalidState("last_trick: a trick is one card from each seat")
        if phase in ("play1", "play2") and turn != (1 - leader if trick else leader):
            raise InvalidState("turn: the leader leads, then the other answers")
        if phase == "declare" and turn != leader:
            raise InvalidState("turn: only the winner of the trick declares")
        queue = d["blanche_queue"]
        if phase == "blanche":
            elder = 1 - d["dealer"]
            if (
                not opts["carte_blanche"]
                or not queue
                or queue != [s for s in (elder, 1 - elder) if s in queue]
            ):
                raise InvalidState(
                    "blanche_queue: carte blanche is offered non-dealer first, with the option"
                )
            if turn != queue[0] or d["tricks_played"] or any(d["table"][s] for s in (0, 1)):
                raise InvalidState("blanche_queue: carte blanche is shown before the first trick, in turn")
            for s in queue:
                if any(rank(c) in "ATKQJ" for c in d["hidden"][s]):
                    raise InvalidState(f"blanche_queue: seat {s} holds an ace, ten or court")
        elif queue:
            raise InvalidState("blanche_queue: carte blanche is offered only before the first trick")
        if laws:
            draws = d["draw_queue"]
            if phase == "draw":
                if draws not in ([leader, 1 - leader], [1 - leader]) or turn != draws[0]:
                    raise InvalidState("draw_queue: the winner of the trick draws first, then the loser")
            elif draws or d["drawn"]:
                raise InvalidState("draw_queue: draws are made only after a talon trick")
            if d["drawn"] and (len(self.full_hand(turn)) != FULL_HAND or not d["stock"]):
                raise InvalidState("drawn: marks a full hand while talon cards are left")
            seen = d["top_seen"]
            if seen != sorted(set(seen)) or (seen and (not talon_phase or not d["stock"])):
                raise InvalidState("top_seen: only the top card of a talon still there can have been seen")
            if not talon_phase and (d["owed"] != [0, 0] or seen):
                raise InvalidState("owed: missed cards are lost when the talon runs out")
            if d["revoker"] is not None and phase not in ("play2", "over"):
                raise InvalidState("revoker: a revoke happens in the last eight tricks")
        elif d["revoker"] is not None:
            raise InvalidState("revoker: only under table laws can a player revoke")

    def _check_hands(self) -> None:
        """Hand sizes by phase: eight while the talon lasts, less the cards played; equal after."""
        d = self.d
        phase = d["phase"]
        sizes = [len(self.full_hand(s)) for s in (0, 1)]
        in_trick = [sum(1 for t in d["trick"] if t["seat"] == s) for s in (0, 1)]
        if phase == "over":
            if any(sizes) or d["trick"]:
                raise InvalidState("hidden: every card has been played when the match is over")
            return
        if phase in ("blanche", "play2") and (
            d["table"][0] or d["table"][1] or d["pending"][0] or d["pending"][1]
        ):
            raise InvalidState(f"table: no declared card lies on the table in phase {phase}")
        if any(n > FULL_HAND for n in sizes):
            raise InvalidState("hidden: a hand holds at most eight cards")
        if phase == "play2":
            follower = 1 - d["leader"]
            if not self.game.options["table_laws"] and sizes[0] + in_trick[0] != sizes[1] + in_trick[1]:
                raise InvalidState("hidden: in the last eight tricks both hands hold as many cards")
            if sizes[follower] == 0 or (not d["trick"] and sizes[d["leader"]] == 0):
                raise InvalidState("hidden: the hand ends as soon as a player has no card left")
            return
        owed = d.get("owed", [0, 0])
        for s in (0, 1):
            full = FULL_HAND - in_trick[s]
            if phase == "declare" or (
                phase == "draw" and s in d["draw_queue"] and not (s == d["draw_queue"][0] and d["drawn"])
            ):
                full = FULL_HAND - 1
            if sizes[s] + owed[s] != full:
                raise InvalidState(
                    f"hidden.{s}: holds {sizes[s]} cards (and {owed[s]} missed draws) where {full} are due"
                )

    def _check_knowledge(self) -> None:
        """What the opponent (and the table) knows of a hand is in that hand; sevens declared are held."""
        d = self.d
        seven = "7" + d["trump"]
        talon_phase = d["turn_up"] is not None
        for s in (0, 1):
            held = Counter(d["hidden"][s])
            for card, n in d["known"][s].items():
                if n > held[card]:
                    raise InvalidState(f"known.{s}: {card} is known {n} times but held {held[card]}")
            private = d["known_privately"][s] if "known_privately" in d else {}
            for card, n in private.items():
                if n > d["known"][s].get(card, 0):
                    raise InvalidState(f"known_privately.{s}: more copies of {card} than are known at all")
            declared = d["declared_sevens"][s]
            if declared and not talon_phase:
                raise InvalidState(f"declared_sevens.{s}: sevens are declared only while the talon lasts")
            if declared > d["known"][s].get(seven, 0) - private.get(seven, 0):
                raise InvalidState(f"declared_sevens.{s}: a declared seven is held and shown to the table")
        if d["phase"] != "declare" and (d["window_melds"] or d["window_scored"] or d["window_seven"]):
            raise InvalidState("window: a declaring turn is open only after a talon trick")

    def _check_table(self) -> None:
        """Declared cards: fresh ids, uses that obey the reuse rule, melds waiting and scored that fit."""
        d = self.d
        several = self.game.options["melds_per_trick"] == "several"
        shapes: dict[str, set[tuple[str, ...]]] = {}
        for kind, codes in self._patterns():
            shapes.setdefault(kind, set()).add(codes)
        cards_of: dict[str, set[str]] = {k: {c for codes in v for c in codes} for k, v in shapes.items()}
        ids: set[int] = set()
        for s in (0, 1):
            kinds_melded = {m["kind"] for m in d["melds"][s]}
            entries: dict[int, Mapping[str, Any]] = {}
            for e in d["table"][s]:
                if e["id"] in ids or e["id"] >= d["next_id"]:
                    raise InvalidState(f"table.{s}: card id {e['id']} is not a fresh one")
                ids.add(e["id"])
                entries[e["id"]] = e
                uses = e["uses"]
                for i, (kind, when) in enumerate(uses):
                    if e["card"] not in cards_of[kind] or kind not in kinds_melded or when > d["window"]:
                        raise InvalidState(f"table.{s}: {e['card']} cannot have served in {kind}")
                    if i and (uses[i - 1][1] > when or kind in (k for k, _ in uses[:i])):
                        raise InvalidState(f"table.{s}: {e['card']} served twice in {kind}")
                    if any(w < when and MELD_ORDER[k] > MELD_ORDER[kind] for k, w in uses[:i]):
                        raise InvalidState(
                            f"table.{s}: {e['card']} served in {kind}, an inferior order, later"
                        )
            if several and d["pending"][s]:
                raise InvalidState(f"pending.{s}: every meld scores at once with melds_per_trick=several")
            for p in d["pending"][s]:
                codes = tuple(sort_cards(list(p["cards"])))
                on_table = [entries.get(i) for i in p["ids"]]
                if codes not in shapes[p["kind"]] or len(set(p["ids"])) != len(p["ids"]) or None in on_table:
                    raise InvalidState(f"pending.{s}: a {p['kind']} waiting to score is not on the table")
                if sorted(e["card"] for e in on_table if e) != sorted(p["cards"]):
                    raise InvalidState(f"pending.{s}: a {p['kind']} waiting to score is not on the table")
            for m in d["melds"][s]:
                if (
                    tuple(sort_cards(list(m["cards"]))) not in shapes[m["kind"]]
                    or m["points"] != MELD_POINTS[m["kind"]]
                ):
                    raise InvalidState(
                        f"melds.{s}: {m['kind']} {echo(m['cards'])} for {m['points']} is no meld"
                    )
                if not m["scored"] and (several or d["phase"] == "play2"):
                    raise InvalidState(f"melds.{s}: no meld waits to score now")
            scored = sum(m["points"] for m in d["melds"][s] if m["scored"])
            if scored > d["hand_points"][s]:
                raise InvalidState(
                    f"melds.{s}: melds worth {scored} but {d['hand_points'][s]} scored this hand"
                )
        leader_ids = {e["id"] for e in d["table"][d["leader"]]}
        if any(i not in leader_ids for m in d["window_melds"] for i in m):
            raise InvalidState("window_melds: cards exposed this turn lie on the declarer's table")
        if d["window_scored"] > len(d["window_melds"]) or (not several and d["window_scored"] > 1):
            raise InvalidState("window_scored: more melds scored than declared this turn")

    def _check_tricks_and_scores(self) -> None:
        """Tricks won, brisques and this hand's points agree with each other and with the log."""
        d = self.d
        won = d["won"]
        if d["phase"] != "over" and (
            len(won[0]) % 2 or len(won[1]) % 2 or len(won[0]) + len(won[1]) != 2 * d["tricks_played"]
        ):
            raise InvalidState("won: two cards for each trick played")
        if d["window"] > d["tricks_played"]:
            raise InvalidState("window: one declaring turn per trick played")
        last = d["last_trick"]
        if last:
            lead, follow = last[0]["card"], last[1]["card"]
            winner = last[1]["seat"] if beats(lead, follow, d["trump"]) else last[0]["seat"]
            if winner != d["leader"] or (d["phase"] != "over" and won[winner][-2:] != [lead, follow]):
                raise InvalidState(
                    "last_trick: its winner leads now and holds its two cards on top of his tricks"
                )
        counted = [sum(1 for c in won[s] if rank(c) in BRISQUE_RANKS) for s in (0, 1)]
        brisques = d["brisques"]
        if sum(brisques) != sum(counted) or (d["revoker"] is None and brisques != counted):
            raise InvalidState(f"brisques: {brisques} do not match the aces and tens won {counted}")
        if d["revoker"] is not None and brisques[d["revoker"]] > counted[d["revoker"]]:
            raise InvalidState("brisques: a revoker gains no brisque after his revoke")
        totals, points = d["totals"], d["hand_points"]
        if points[0] > totals[0] or points[1] > totals[1] or max(points) > self.game.hand_points_bounds[1]:
            raise InvalidState(f"hand_points: {points} do not fit the totals {totals}")
        logged = [0, 0]
        deal: Mapping[str, Any] | None = None
        for e in reversed(self.log):
            if e.to is not None:
                continue
            if e.kind == "deal":
                deal = e.data
                break
            if e.kind == "score" and e.data.get("seat") in (0, 1) and isinstance(e.data.get("points"), int):
                logged[e.data["seat"]] += e.data["points"]
        if deal is None or deal.get("hand") != d["hand_number"] or deal.get("dealer") != d["dealer"]:
            raise InvalidState("hand_number: the log does not show this hand's deal")
        if logged != points:
            raise InvalidState(f"hand_points: {points}, but the log gives {logged} since the deal")
        target = self.game.options["target"]
        before = [totals[s] - points[s] for s in (0, 1)]
        if max(before) >= target and before[0] != before[1]:
            raise InvalidState("totals: the match was over before this hand")
        if (d["phase"] == "over") != (
            max(totals) >= target and totals[0] != totals[1] and not any(d["hidden"])
        ):
            raise InvalidState(
                "phase: the match is over once a hand ends with a total at the target, not level"
            )

    def inventory(self) -> Counter[str]:
        d = self.d
        out: Counter[str] = Counter()
        for s in (0, 1):
            out.update(self.full_hand(s))
            out.update(d["won"][s])
        out.update(d["stock"])
        out.update(t["card"] for t in d["trick"])
        if d["turn_up"] is not None:
            out[d["turn_up"]] += 1
        return out


def _set_count(counts: dict[str, int], card: str, n: int) -> None:
    """``counts[card] = n``, leaving no zero entries."""
    if n > 0:
        counts[card] = n
    else:
        counts.pop(card, None)


def _meld_text(m: Mapping[str, Any]) -> str:
    """A declared meld in words for the table display."""
    tail = "" if m["scored"] else ", to score"
    return f"{m['kind']} {pretty_list(list(m['cards']))} ({m['points']}{tail})"


def _jsonify(obj: Any) -> Any:
    """A deep copy made of JSON values only (tuples become lists), at C speed."""
    return json.loads(json.dumps(obj))


DEAL_KEYS = ("dealer", "hands", "turn_up", "stock", "won", "leader")
CheckedDeal = tuple[int, list[list[str]], str, list[str], list[list[str]], int]
"""An explicit deal once checked: dealer, hands, turn-up, talon (top first), tricks won, leader."""


def _deal_seat(deal: Mapping[Any, Any], key: str) -> int:
    value = deal[key]
    if isinstance(value, bool) or value not in (0, 1):
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


class Bezique(Game):
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
        Option(
            "played_seven_scores",
            True,
            "a seven of trumps played while the talon lasts scores 10 (unless it scored when declared)",
        ),
        Option(
            "table_laws",
            False,
            "do not enforce following in the last eight tricks; a revoke concedes all brisques still to come",
        ),
    )
    hand_points_bounds = (0.0, 6000.0)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options["table_laws"]:
            # At most 32 tricks in a hand, each with one draw of the opponent's that may be a fault
            # of at most 100 (a draw too many is put right at once, so it happens once per draw).
            self.hand_points_bounds = (0.0, 6000.0 + 32 * OVERDRAW_PENALTY)

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> BeziqueState:
        state = BeziqueState(self, seed)
        state.d = {"totals": [0, 0], "hand_number": 0}
        if deal is not None:
            checked = _check_deal(deal, state.rng)  # the whole deal, before anything is dealt
            state._deal(checked[0], checked)
        else:
            state._deal(state._cut(), None)
        return state

    def _blank_state(self) -> BeziqueState:
        return BeziqueState(self, 0)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> BeziqueState:
        seat = int(view["seat"])
        opp = 1 - seat
        book = view["bookkeeping"]
        table = [[dict(e, uses=[list(u) for u in e["uses"]]) for e in book["declared"][s]] for s in (0, 1)]
        own_hidden = Counter(view["hand"]) - Counter(e["card"] for e in table[seat])
        known = [Counter(view["known"][s]) for s in (0, 1)]
        seen = Counter(view["hand"]) + Counter(e["card"] for e in table[opp]) + known[opp]
        for s in (0, 1):
            seen.update(book["won"][s])
        seen.update(t["card"] for t in view["trick"])
        if view["turn_up"] is not None:
            seen[view["turn_up"]] += 1
        top = view.get("talon_top")
        if top is not None:
            seen[top] += 1
        pool = sorted((PACK.counts() - seen).elements(), key=PACK.sort_key)
        rng.shuffle(pool)
        opp_count = view["hand_sizes"][opp] - len(table[opp]) - sum(known[opp].values())
        opp_hidden = list(known[opp].elements()) + pool[:opp_count]
        stock = pool[opp_count:]
        if top is not None:
            stock.insert(0, top)
        hidden: list[list[str]] = [[], []]
        hidden[seat] = sort_cards(list(own_hidden.elements()))
        hidden[opp] = sort_cards(opp_hidden)
        w = book["window"]
        phase = view["phase"]
        if view["is_over"]:
            internal = "over"
        elif phase == "deal":
            internal = "blanche"
        elif phase == "last eight":
            internal = "play2"
        elif "drawing" in book and book["drawing"]["queue"]:
            internal = "draw"
        elif view["current_player"] == view["leader"] and not view["trick"] and book["declaring"]:
            internal = "declare"
        else:
            internal = "play1"
        data = {
            "phase": internal,
            "totals": [int(x) for x in view["scores"]],
            "hand_number": view["hand_number"],
            "dealer": view["dealer"],
            "leader": view["leader"],
            "turn": view["current_player"] if view["current_player"] is not None else view["leader"],
            "trump": view["trump"],
            "turn_up": view["turn_up"],
            "stock": stock,
            "hidden": hidden,
            "table": table,
            "pending": [[dict(p) for p in book["to_score"][s]] for s in (0, 1)],
            "melds": [[dict(m) for m in book["meld_history"][s]] for s in (0, 1)],
            "known": [dict(known[s]) for s in (0, 1)],
            "declared_sevens": list(book["sevens_declared"]),
            "trick": [dict(t) for t in view["trick"]],
            "last_trick": [dict(t) for t in view["last_trick"]],
            "won": [list(x) for x in book["won"]],
            "brisques": list(view["brisques"]),
            "revoker": book["revoker"],
            "hand_points": list(view["hand_points"]),
            "tricks_played": book["tricks_played"],
            "window": w["n"],
            "window_scored": w["scored"],
            "window_seven": w["seven"],
            "window_melds": [list(m) for m in w["melds"]],
            "next_id": w["next_id"],
            "blanche_queue": list(book["blanche_queue"]),
        }
        if "drawing" in book:
            dr = book["drawing"]
            data.update(
                draw_queue=list(dr["queue"]),
                drawn=dr["drawn"],
                owed=list(dr["owed"]),
                top_seen=list(dr["top_seen"]),
                known_privately=[{}, {}],  # which of them the table saw too does not matter to a player
            )
        state = BeziqueState(self, rng.randrange(2**62))
        state._restore(data)
        return state
