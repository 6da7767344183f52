"""Toy Tricks: the smallest whole game, to show that a new game needs only its own package.

Two players, three cards each from the French pack, three tricks (follow suit, the highest card of
the suit led wins), two hands with the deal alternating; a trick is a point. It is installed by the
tests through an entry point (``tests/plugins.py``) and must pass the whole conformance suite.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from parlour.cards import FRENCH_52 as FRENCH
from parlour.engine import Game, GameManifest, InvalidDeal, InvalidState, Rng, State
from parlour.engine.actions import Action, ActionSpec
from parlour.engine.saves import Code, SaveDict, Seat, checked
from parlour.engine.views import View, Zone, labelled, trick_view
from parlour.mechanics import deal_unseen, follow_suit, hand_end_event, score_event, trick_winner

HAND, HANDS = 3, 2
RANK = {r: i for i, r in enumerate("23456789TJQKA")}


def rank(card: str) -> float:
    return RANK[card[:-1]]


def suit(card: str) -> str:
    return card[-1]


@dataclass(slots=True)
class ToyExtra:
    hands_played: int = labelled("hands played")


Hand = Annotated[list[Code], Field(max_length=HAND)]
Won = Annotated[list[Code], Field(max_length=2 * HAND)]
Point = Annotated[int, Field(ge=0, le=HAND * HANDS)]


class ToySave(SaveDict):
    dealer: Seat
    leader: Seat
    hands: tuple[Hand, Hand]
    stock: list[Code]
    trick: list[tuple[Seat, Code]]
    won: tuple[Won, Won]
    points: tuple[Point, Point]
    hands_played: Annotated[int, Field(ge=0, le=HANDS)]


class ToyState(State):
    game: ToyTricks

    def __init__(self, game: ToyTricks, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.points, self.hands_played, self.dealer, self.leader = [0, 0], 0, 0, 1
        self.hands: list[list[str]] = [[], []]
        self.stock: list[str] = []
        self.trick: list[tuple[int, str]] = []
        self.won: list[list[str]] = [[], []]

    def deal(self, dealer: int, hands: list[list[str]] | None = None) -> None:
        pack = list(FRENCH.cards)
        self.rng.shuffle(pack)
        self.hands = hands or [pack[:HAND], pack[HAND : 2 * HAND]]
        self.stock = [c for c in pack if c not in {*self.hands[0], *self.hands[1]}]
        self.dealer, self.leader = dealer, 1 - dealer
        self.trick, self.won = [], [[], []]

    @property
    def current_player(self) -> int | None:
        if self.hands_played == HANDS:
            return None
        return (self.leader + len(self.trick)) % 2

    def _compute_legal(self) -> list[str]:
        seat = self.current_player
        if seat is None:
            return []
        led = suit(self.trick[0][1]) if self.trick else None
        return [f"play {c}" for c in follow_suit(self.hands[seat], led, suit)]

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        assert seat is not None
        self.hands[seat].remove(action.card)
        self.trick.append((seat, action.card))
        if len(self.trick) < 2:
            return
        winner = trick_winner(self.trick, suit, rank)
        self.won[winner] += [c for _, c in self.trick]
        self.points[winner] += 1
        self.log.append(score_event(winner, 1, "trick", f"seat {winner} takes the trick"))
        self.trick, self.leader = [], winner
        if not self.hands[0]:
            self.log.append(hand_end_event([len(w) // 2 for w in self.won], "the hand is over"))
            self.hands_played += 1
            if self.hands_played < HANDS:
                self.deal(1 - self.dealer)

    @property
    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def inventory(self) -> Counter[str]:
        return Counter([*self.hands[0], *self.hands[1], *self.stock, *self.won[0], *self.won[1]]) + Counter(
            c for _, c in self.trick
        )

    def view(self, seat: int | None) -> View[ToyExtra]:
        zones = [
            Zone("hand", s, list(self.hands[s]) if s == seat else [None] * len(self.hands[s])) for s in (0, 1)
        ]
        zones += [Zone("stock", None, [None] * len(self.stock))]
        zones += [Zone("tricks_won", s, list(self.won[s])) for s in (0, 1)]
        return self.make_view(
            seat,
            extra=ToyExtra(self.hands_played),
            zones=zones,
            situation=f"hand {self.hands_played + 1}; seat {self.current_player} to play",
            decision="play",
            trick=trick_view(self.trick, self.leader),
            hand_number=self.hands_played + 1,
            roles={self.dealer: ["dealer"]},
            hand_sizes=[len(h) for h in self.hands],
        )

    def _data(self) -> dict[str, Any]:
        keys = ("dealer", "leader", "hands", "stock", "trick", "won", "points", "hands_played")
        return {k: getattr(self, k) for k in keys}

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(ToySave, data, "state")
        self.dealer, self.leader, self.hands_played = d["dealer"], d["leader"], d["hands_played"]
        self.hands, self.won, self.points = list(d["hands"]), list(d["won"]), list(d["points"])
        self.stock = d["stock"]
        self.trick = [(s, c) for s, c in d["trick"]]

    def check_invariants(self) -> None:
        super().check_invariants()
        if self.dealer not in (0, 1) or self.leader not in (0, 1):
            raise InvalidState("dealer, leader: seats are 0 and 1")
        if any(s != self.leader for s, _ in self.trick):
            raise InvalidState("trick: the card on the table is the leader's")
        if self.inventory() != FRENCH.counts():
            raise InvalidState("hands: the match must hold the pack exactly once")
        tricks = (len(self.won[0]) + len(self.won[1])) // 2  # played this hand
        if any(len(w) % 2 for w in self.won) or len(self.trick) > 1 or tricks > HAND:
            raise InvalidState("won: two cards a trick won")
        over = self.hands_played == HANDS  # the last hand's cards stay where they fell
        if sum(self.points) != HAND * (self.hands_played - over) + tricks or (over and tricks != HAND):
            raise InvalidState("points: a point a trick")
        held = [HAND - tricks - (1 if s == self.leader and self.trick else 0) for s in (0, 1)]
        if [len(h) for h in self.hands] != held:
            raise InvalidState("hands: each player holds a card for each trick still to play")


class ToyTricks(Game[ToyState]):
    name = "toy-tricks"
    title = "Toy Tricks"
    min_players = max_players = 2
    pack = "french52"
    summary = "Three cards each, three tricks, two hands: the smallest whole game."
    action_specs = (ActionSpec("play", ("card",), "play a card"),)
    view_extra = ToyExtra
    hand_points_bounds = (0.0, 3.0)

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> ToyState:
        state = self._blank_state(seed)
        if deal is not None:
            hands = deal.get("hands") if isinstance(deal, Mapping) else None
            if not isinstance(hands, list) or len(hands) != 2:
                raise InvalidDeal("a deal is {'hands': [three cards, three cards]}")
            checked_hands = []
            for hand in hands:
                if not isinstance(hand, list) or len(hand) != HAND:
                    raise InvalidDeal("each hand holds three cards")
                checked_hands.append(FRENCH.check(hand, "hand"))
            if len({*checked_hands[0], *checked_hands[1]}) != 2 * HAND:
                raise InvalidDeal("each hand holds three different cards")
            state.deal(0, checked_hands)
            return state
        state.deal(0)
        return state

    def _blank_state(self, seed: int | None = None) -> ToyState:
        return ToyState(self, seed)

    def determinize(self, view: View[Any], rng: Rng) -> ToyState:
        seat = view.seat
        assert seat is not None
        state = self._blank_state(rng.randrange(2**62))
        state.points = [int(p) for p in view.scores]
        state.hands_played = view.extra.hands_played
        state.leader = view.trick.leader if view.trick and view.trick.leader is not None else 0
        state.dealer = next(s.seat for s in view.seats if "dealer" in s.roles)
        state.trick = [(p.seat, p.card) for p in view.trick.plays] if view.trick else []
        state.won = [(view.zone("tricks_won", s) or Zone("tricks_won", s, [])).face_up for s in (0, 1)]
        state.log = [score_event(s, p, "so far") for s, p in enumerate(state.points) if p]
        seen = Counter([*view.hand, *state.won[0], *state.won[1], *(c for _, c in state.trick)])
        unseen = list((FRENCH.counts() - seen).elements())
        other = view.seats[1 - seat].hand_size or 0
        theirs, stock = deal_unseen(unseen, [other, len(unseen) - other], lambda p, c: True, rng)
        state.hands = [list(view.hand), theirs] if seat == 0 else [theirs, list(view.hand)]
        state.stock = stock
        return state


MANIFEST = GameManifest(ToyTricks)
