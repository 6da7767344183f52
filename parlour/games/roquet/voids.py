"""What the opponent's old voids still say after it has drawn: worlds that keep it.

The rules' ``determinize`` keeps only the suits the opponent has shown it lacks since its last draw,
for a draw may bring any card. While the stock lasts it draws after every trick, so a void shown one
trick ago is forgotten by the next choice, and the worlds deal it as many cards of that suit as chance
gives. Yet more is known: a seat that could not follow hearts held no heart then, so the hearts it
holds now (and those it has played since) came in the cards it has drawn since, and it has drawn few.

Read from the views (the tricks played, the opponent's combinations and hand size): at each trick
``t`` where the opponent showed a void while the stock lasted (its hand was eight before it played,
seven after, none of them of the suit), the cards it still holds from those seven are at least seven
less its cards played since (not counting a card of a suit it had already shown void in by then:
that one was drawn) and less the cards of its hand laid down in combinations since. A view does not
say when a combination was laid down, so a player that has seen the hand's views (``Melds``: one
view a trick is enough) counts those that came after its view of trick ``t``, less a card that was
on the table then; without them, every card of them unless it has won no trick since ``t``. None of
those old cards is of a suit it showed void in at ``t`` or later, so the cards of those suits in its
hand now are at most its hand's size less that many (``limits``). Every such bound holds in the truth.

A bound alone is not the whole of it: a hand with fewer cards of the suit can be reached in more
ways (any of its cards may be the old ones), so the worlds are dealt as the cards came
(``VoidDealer``): that many old cards of none of the suits, the rest of its hand of any suit but
those it has shown void in since its last draw, the rest to the stock, uniformly among all such
deals. With one void and the old cards counted exactly, this is the chance of each hand given what
was seen (the opponent's choices apart, as ``determinize`` leaves them); where the count of old
cards is only a lower bound, the worlds lean a little towards ``determinize``'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.engine import Rng
from parlour.games.roquet.players import RoquetView
from parlour.games.roquet.rules import (
    CARD_ID,
    HAND_SIZE,
    TRICK_SIZE,
    RoquetGame,
    RoquetState,
    suit_of,
    winner_of,
)
from parlour.mechanics.sampler import NoDeal, deal_unseen


@dataclass(frozen=True)
class Limit:
    """At least ``old`` of the opponent's cards now were held at trick ``trick`` (when it showed a
    void), none of them of ``suits`` (the suits it showed void in at that trick or later); so at most
    ``most`` of its cards are of ``suits``."""

    trick: int
    suits: frozenset[str]
    old: int
    most: int


class Melds:
    """When the opponent laid down its combinations, as the seat's own views showed them: at each view,
    the cards of its combinations and the table's cards (the livret and the turn-up), by the number of
    tricks played. The views of one trick all show the same combinations (its meld moment comes
    before the next trick's first card), so one view a trick dates each combination to its trick."""

    def __init__(self) -> None:
        self._hand: tuple[object, ...] | None = None
        self._at: dict[int, tuple[frozenset[str], frozenset[str]]] = {}

    def observe(self, view: RoquetView) -> None:
        """Note what ``view`` shows (a view of another hand or match starts afresh)."""
        seat = view.seat
        if seat is None:
            return
        count = len(view.extra.played) // TRICK_SIZE
        melded = _melded(view, 1 - seat)
        if (view.hand_number, seat) != self._hand or any(
            c > count or not m <= melded for c, (m, _) in self._at.items()
        ):
            self._hand, self._at = (view.hand_number, seat), {}
        table = [
            *(z.face_up for z in view.zones_of("livret")),
            *(z.face_up for z in view.zones_of("turn_up")),
        ]
        self._at.setdefault(count, (melded, frozenset(c for cards in table for c in cards)))

    def since(self, view: RoquetView, trick: int) -> int | None:
        """Cards of the opponent's hand laid down at or after the meld moment of trick ``trick`` (``None``:
        no view of this hand from trick ``trick`` or before)."""
        seat = view.seat
        if seat is None or (view.hand_number, seat) != self._hand:
            return None
        counts = [c for c in self._at if c <= trick]
        if not counts:
            return None
        melded, table = self._at[max(counts)]
        now = _melded(view, 1 - seat)
        if not melded <= now:
            return None
        return len(now - melded - table)


def _melded(view: RoquetView, seat: int) -> frozenset[str]:
    return frozenset(c for z in view.zones_of("melds", seat) for c in z.face_up)


def limits(view: RoquetView, game: RoquetGame, dates: Melds | None = None) -> list[Limit]:
    """The bounds the opponent's past voids put on its hand now (see the module's text), oldest void
    first, ``old`` never less than an older bound's; none once the stock is gone (the unseen cards
    are then its hand) or when hands are not made up to eight."""
    seat = view.seat
    if seat is None or view.extra.stock_size <= 0 or not game.refill_to_eight:
        return []
    opp = 1 - seat
    dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
    trump = view.trump or ""
    played = view.extra.played
    leader = 1 - dealer
    opp_cards: list[str] = []  # the opponent's card in each trick, in order
    wins: list[bool] = []  # whether the opponent took each trick
    events: list[tuple[int, str]] = []  # (trick, suit) where it showed a void
    for i in range(0, len(played) - 1, TRICK_SIZE):
        lead, follow = played[i], played[i + 1]
        t = i // TRICK_SIZE
        if leader == opp:
            opp_cards.append(lead)
        else:
            opp_cards.append(follow)
            if suit_of(follow) != suit_of(lead):
                events.append((t, suit_of(lead)))
        leader = winner_of(((leader, lead), (1 - leader, follow)), trump)
        wins.append(leader == opp)
    if not events:
        return []
    current = [p.card for p in view.trick.plays if p.seat == opp] if view.trick is not None else []
    melds = [list(z.face_up) for z in view.zones_of("melds", opp)]
    held = view.seats[opp].hand_size or 0
    out: list[Limit] = []
    floor = 0
    for t in sorted({t for t, _ in events}):
        suits = frozenset(s for e, s in events if e >= t)
        left = 0  # cards that may have left the seven old ones since trick t
        for j in range(t + 1, len(opp_cards)):
            card = opp_cards[j]
            if not any(s == suit_of(card) and t <= e < j for e, s in events):
                left += 1
        for card in current:
            if not any(s == suit_of(card) and e >= t for e, s in events):
                left += 1
        won = sum(wins[t:])
        dated = dates.since(view, t) if dates is not None else None
        if dated is not None:
            left += dated
        elif won:
            recent = melds[-won:] if game.one_meld_a_trick else melds
            left += sum(len(m) for m in recent)
        floor = old = min(
            held, max(floor, HAND_SIZE - 1 - left)
        )  # the old cards of an older void are old here too
        out.append(Limit(t, suits, old, held - old))
    return out


def keeps(world: RoquetState, opp: int, bounds: list[Limit]) -> bool:
    """Whether the world's opponent hand keeps every bound."""
    hand = world.hands[opp]
    return all(sum(suit_of(c) in b.suits for c in hand) <= b.most for b in bounds)


class VoidDealer:
    """Deals worlds as the opponent's cards came (see the module's text): ``determinize``'s world,
    its opponent's unknown cards and stock dealt again in tiers, the oldest void's old cards first."""

    def __init__(self) -> None:
        self.deals = 0
        """Worlds asked for."""
        self.bounded = 0
        """Worlds dealt in tiers (the others are ``determinize``'s as they are)."""
        self._key: tuple[object, ...] | None = None
        self._bounds: list[Limit] = []
        self.melds = Melds()
        """When the opponent laid down its combinations (``observe`` every view of the seat's choices)."""

    def observe(self, view: RoquetView) -> None:
        """Note what ``view`` shows of the opponent's combinations (``Melds``)."""
        self.melds.observe(view)

    def bounds(self, view: RoquetView, game: RoquetGame) -> list[Limit]:
        """``limits`` of ``view``, computed once for the views of one moment."""
        trick = tuple(p.card for p in view.trick.plays) if view.trick is not None else ()
        key = (view.seat, view.hand_number, tuple(view.extra.played), view.extra.stock_size, view.hand, trick)
        if key != self._key:
            self._key, self._bounds = key, limits(view, game, self.melds)
        return self._bounds

    def deal(self, view: RoquetView, game: RoquetGame, rng: Rng) -> RoquetState:
        """One world consistent with ``view`` and dealt as the opponent's cards came."""
        self.deals += 1
        world = game.determinize(view, rng)
        bounds = self.bounds(view, game)
        if not bounds:
            return world
        seat = view.seat
        assert seat is not None
        opp = 1 - seat
        known = world.known[opp]
        hidden = [c for c in world.hands[opp] if c not in known]
        stock = list(world.stock)
        void = set(view.extra.voids[opp])
        tiers: list[tuple[int, frozenset[str]]] = []
        done = 0
        for b in bounds:
            size = min(b.old, len(hidden)) - done
            if size > 0:
                tiers.append((size, b.suits))
                done += size
        rooms = [size for size, _ in tiers] + [len(hidden) - done, len(stock)]

        def may_hold(place: int, card: str) -> bool:
            if place == len(tiers) + 1:
                return True
            suit = suit_of(card)
            return suit not in void and (place == len(tiers) or suit not in tiers[place][1])

        try:
            parts = deal_unseen(hidden + stock, rooms, may_hold, rng)
        except NoDeal:
            return world  # (not met in the measurements: the bounds hold in the truth)
        self.bounded += 1
        cards = [c for part in parts[:-1] for c in part]
        rng.shuffle(cards)
        new_stock = [CARD_ID[c] for c in parts[-1]]
        rng.shuffle(new_stock)
        hands = [list(world._hand[0]), list(world._hand[1])]
        hands[opp] = [CARD_ID[c] for c in known] + [CARD_ID[c] for c in cards]
        world._set_hands(hands)
        world._stock = new_stock
        world._legal_cache = None
        return world


__all__ = ["Limit", "Melds", "VoidDealer", "keeps", "limits"]
