"""Bishops Whist, audit 3: a third reading of the seed, from the seed alone, as tests.

Two parts. First, an independent referee written from the seed's words and the rulings
(docs/rulings.md) without the engine's code: what a player may play, who takes a trick, what a hand
scores and when the game ends. It judges whole matches of random play through the public API, under
every option, and must agree with the engine at every card. Second, scenario tests on explicit deals
for the rules the earlier files leave uncovered or cover another way, and bad input of every kind
through the public API, each refused with a reason and leaving the state as it was.

Seats sit 0, 1, 2, 3 clockwise; with an explicit deal seats 0 and 2 are partners against 1 and 3.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

import parlour
from parlour.engine import Event, IllegalAction, InvalidDeal, InvalidOption, InvalidSave
from parlour.games.bishops_whist.rules import BishopsWhistState
from tests.audit_support import refused
from tests.test_bishops_whist import deal_of, events, hand, legal_cards, play, winners

GAME = "bishops-whist"
TARGET = 25

# --- an independent referee ------------------------------------------------------------------------

ORDER = "CKQB98765432"
"""Each suit, highest first (Dana: castle-ace, king, queen, bishop, [knight as a ten], 9 ... 2)."""


def rank(card: str) -> float:
    """A card's rank within its suit; a knight, where it ranks at all, as the tenspot."""
    return 7.5 if card == "N" else 11 - ORDER.index(card[0])


def suit(card: str) -> str | None:
    """A knight "has no pip": it belongs to no suit."""
    return None if card == "N" else card[-1]


def lawful(hand: Sequence[str], lead: str | None) -> set[str]:
    """Follow suit if you can, but for the knight's revoke: a knight for a bishop that is your only card
    of the suit led (trumps too). A knight led frees everybody; a void player may play anything."""
    if lead is None or lead == "N":
        return set(hand)
    suited = [c for c in hand if suit(c) == suit(lead)]
    if not suited:
        return set(hand)
    bishop = "B" + lead[-1]
    if suited == [bishop] and "N" in hand:
        return {bishop, "N"}
    return set(suited)


def trick_winner(plays: Sequence[tuple[int, str, bool]], trump: str, last: bool, leader_option: bool) -> int:
    """The seat that takes a trick of (seat, card, knight ranks as a ten): the 13th trick to the last
    knight in it (BW-13); else the highest trump, even on a knight led (BW-12); a knight led: the highest
    card of the first suit played, or the leader (BW-12); else the highest card of the suit led, knights
    ranking as tens counting, the later of two tens winning (BW-11)."""
    if last and any(c == "N" for _, c, _ in plays):
        return [s for s, c, _ in plays if c == "N"][-1]
    trumps = [(rank(c), s) for s, c, _ in plays if suit(c) == trump]
    if trumps:
        return max(trumps)[1]
    if plays[0][1] == "N":
        suited = [(s, c) for s, c, _ in plays if c != "N"]
        if leader_option or not suited:
            return plays[0][0]
        first = suit(suited[0][1])
        return max((rank(c), s) for s, c in suited if suit(c) == first)[1]
    led = suit(plays[0][1])
    best, best_rank = plays[0][0], rank(plays[0][1])
    for s, c, ten in plays[1:]:
        if (suit(c) == led or ten) and rank(c) >= best_rank:
            best, best_rank = s, rank(c)
    return best


@dataclass
class Referee:
    """One match followed from its log and the actions taken, judged by the seed and the rulings."""

    options: Mapping[str, Any]
    order: list[int] = field(default_factory=lambda: [0, 1, 2, 3])
    team_of: list[int] = field(default_factory=lambda: [0, 1, 0, 1])
    match: list[int] = field(default_factory=lambda: [0, 0])
    dealer: int = -1
    turn_up: str = ""
    trump: str | None = None
    hands: list[list[str]] = field(default_factory=list)
    trick: list[tuple[int, str, bool]] = field(default_factory=list)
    tricks: int = 0
    leader: int = -1
    taken: list[int] = field(default_factory=lambda: [0, 0])
    bishops: list[int] = field(default_factory=lambda: [0, 0])
    penalties: list[int] = field(default_factory=lambda: [0, 0])
    revokes: list[tuple[int, int]] = field(default_factory=list)
    """(seat, trick number) of each revoke of the hand not taken back."""
    stood: set[int] = field(default_factory=set)
    """Seats that let their card on this trick stand, or corrected it: not asked again (BW-24)."""
    turn_up_held: bool = False
    shown: list[tuple[int, str]] = field(default_factory=list)
    """Cards lying in a hand that everybody has seen: exposed, or withdrawn (BW-16, BW-24)."""
    revoked: set[int] = field(default_factory=set)
    hands_played: int = 0
    decided: bool = False
    winner: int | None = None

    def left_of(self, seat: int) -> int:
        return self.order[(self.order.index(seat) + 1) % 4]

    def dealt(self, state: BishopsWhistState) -> None:
        """The deal stands: every seat holds 13 cards, the dealer the turn-up among them."""
        self.hands = [sorted(hand(state, s)) for s in range(4)]
        assert [len(h) for h in self.hands] == [13] * 4
        assert Counter(c for h in self.hands for c in h) == parlour.cards.BISHOPS_WHIST.counts()
        assert self.turn_up in self.hands[self.dealer]
        self.leader = self.left_of(self.dealer)
        self.turn_up_held = True

    def known(self, seat: int) -> Counter[str]:
        """The cards of ``seat``'s hand that everybody knows: those lying shown, and the turn-up while
        the dealer holds it (BW-6, BW-22; a turned knight only until the dealer plays a knight). The
        turn-up in sight is not exposed (BW-16, since audit 6), so a knight the dealer exposes beside
        the turned one is another."""
        known = Counter(c for s, c in self.shown if s == seat)
        if seat == self.dealer and self.turn_up_held:
            up = self.turn_up
            known[up] = min(known[up] + 1, self.hands[seat].count(up))
        return known

    def running(self) -> list[int]:
        """Each seat's score during the hand: the bishop cut once dealt (BW-7), the penalties at once."""
        cut = [0, 0]
        if self.turn_up[0] == "B":
            cut[self.team_of[self.dealer]] = 1
        return [self.match[x] + cut[x] - self.penalties[x] for x in self.team_of]

    def check_views(self, state: BishopsWhistState) -> None:
        """Each seat sees its own hand, and of the others' hands exactly what everybody knows."""
        for viewer in (None, 0, 1, 2, 3):
            view = state.view(viewer)
            for seat in range(4):
                zone = view.zone("hand", seat)
                assert zone is not None and len(zone.cards) == len(self.hands[seat])
                if seat == viewer:
                    assert sorted(view.hand) == sorted(self.hands[seat])
                else:
                    assert Counter(c for c in zone.cards if c is not None) == self.known(seat)

    def played(self, seat: int, card: str) -> bool:
        """Record a card; whether it was a revoke."""
        held = self.hands[seat]
        lead = self.trick[0][1] if self.trick else None
        revoke = card not in lawful(held, lead)
        ten = False
        if card == "N" and lead is not None and lead != "N" and suit(lead) != self.trump:
            suited = [c for c in held if suit(c) == suit(lead)]
            knights_revoke = suited == ["B" + lead[-1]]
            # BW-10. Under revoke-only a knight played as a plain revoke (table laws) ranks as nothing
            # (test_a_revoking_knight_is_no_knights_revoke_under_revoke_only).
            ten = self.options.get("void_knight", "ten") == "ten" or knights_revoke
        held.remove(card)
        if seat == self.dealer and card == self.turn_up:
            self.turn_up_held = False
        if (seat, card) in self.shown:
            self.shown.remove((seat, card))
        self.trick.append((seat, card, ten))
        if revoke:
            self.revokes.append((seat, self.tricks + 1))
        return revoke

    def review_queue(self) -> list[int]:
        """Who is asked to stand or correct once the fourth card falls (BW-24): every player off the
        suit led (a knight too) not yet asked; nobody in a trick led by a knight or in the 13th."""
        led = suit(self.trick[0][1])
        if led is None or self.tricks == 12:
            return []
        return [s for s, c, _ in self.trick[1:] if suit(c) != led and s not in self.stood]

    def corrections(self, seat: int) -> set[str]:
        """The right cards a revoke may be corrected by: any the law of following suit allows from the
        hand with the wrong card back in it; nothing if the card was no revoke."""
        if (seat, self.tricks + 1) not in self.revokes:
            return set()
        wrong = next(c for s, c, _ in self.trick if s == seat)
        return lawful([*self.hands[seat], wrong], self.trick[0][1]) - {wrong}

    def corrected(self, seat: int, right: str) -> None:
        """The wrong card back into the hand, exposed (-2); the later cards withdrawn without penalty,
        their revokes forgotten; then the right card is played."""
        at = next(i for i, (s, _, _) in enumerate(self.trick) if s == seat)
        number = self.tricks + 1
        for s, c, _ in self.trick[at:]:
            self.hands[s].append(c)
            self.shown.append((s, c))  # the wrong card exposed, the later ones withdrawn
            if (s, number) in self.revokes:
                self.revokes.remove((s, number))
        del self.trick[at:]
        self.penalties[self.team_of[seat]] += 2
        self.stood.add(seat)
        assert not self.played(seat, right)

    def event(self, e: Event, state: BishopsWhistState) -> None:
        if e.kind == "table":
            self.order = list(state.view(None).extra.order)
            for side, members in enumerate(state.view(None).teams):
                for s in members:
                    self.team_of[s] = side
        elif e.kind == "turn_up":
            if self.dealer >= 0:  # the deal goes around to the left, after a hand or a misdeal
                assert e.data["dealer"] == self.left_of(self.dealer)
            self.dealer, self.turn_up = e.data["dealer"], e.data["card"]
            self.trump = None if self.turn_up == "N" else self.turn_up[-1]
            self.tricks, self.taken, self.bishops, self.penalties = 0, [0, 0], [0, 0], [0, 0]
            self.revokes, self.revoked, self.shown = [], set(), []
            assert 4 < e.data["cut"] < 48  # more than four lifted, more than four left (BW-5)
        elif e.kind == "trump":
            assert self.turn_up == "N" and e.data["seat"] == self.dealer
            self.trump = e.data["suit"]
        elif e.kind == "trick":
            if self.options.get("laws") == "table":
                assert self.review_queue() == []  # every player asked has answered (BW-24)
            self.tricks += 1
            assert self.trump is not None
            expected = trick_winner(
                self.trick, self.trump, self.tricks == 13, self.options.get("irregular_trick") == "leader"
            )
            assert e.data["leader"] == self.leader and e.data["winner"] == expected, (self.trick, e.data)
            side = self.team_of[expected]
            self.taken[side] += 1
            self.bishops[side] += sum(1 for _, c, _ in self.trick if c != "N" and c[0] == "B")
            assert sum(self.bishops) <= 4
            self.trick, self.leader, self.stood = [], expected, set()
        elif e.kind == "hand_end":
            self.hand_ended(e)

    def hand_ended(self, e: Event) -> None:
        assert self.tricks == 13 and not any(self.hands) and sum(self.bishops) == 4
        before = self.match[:]
        points = [max(0, self.taken[x] - 6) + 2 * self.bishops[x] - self.penalties[x] for x in (0, 1)]
        if self.turn_up[0] == "B":
            points[self.team_of[self.dealer]] += 1  # the bishop cut, the deal having stood
        for x in (0, 1):
            self.match[x] += points[x]
            if x in self.revoked:  # BW-15: a revoking side cannot pass 24 with this hand
                self.match[x] = min(self.match[x], max(TARGET - 1, before[x]))
        assert e.data["match"] == self.match, (e.data, self.match)
        assert e.data["tricks"] == self.taken and e.data["bishops"] == self.bishops
        self.hands_played += 1
        a, b = self.match
        opponents_win = self.options.get("revoking_side") == "opponents-win"
        if opponents_win and len(self.revoked) == 1 and self.match[1 - min(self.revoked)] >= TARGET:
            self.decided, self.winner = True, 1 - min(self.revoked)  # BW-23
        elif a == b:
            self.decided = a >= TARGET and self.options.get("tie") == "draw"  # BW-14
        else:
            higher = 0 if a > b else 1
            self.decided, self.winner = self.match[higher] >= TARGET and higher not in self.revoked, higher
        if not self.decided and self.hands_played >= self.options.get("hand_limit", 200):  # BW-20
            self.decided = True
            if a == b:
                self.winner = 1 - min(self.revoked) if opponents_win and len(self.revoked) == 1 else None
            elif self.winner in self.revoked:
                self.winner = 1 - self.winner if opponents_win and len(self.revoked) == 1 else None
        if not self.decided:
            self.winner = None


def referee_match(
    seed: int, options: Mapping[str, Any], expose: float = 0.05, revoke: float = 0.15
) -> Referee:
    """Play a match at random through the public API, the referee judging every card, trick and hand;
    under table laws a player exposes a card with chance ``expose`` and plays any card of his hand
    (perhaps a revoke) with chance ``revoke``."""
    game = parlour.make(GAME, **options)
    state = game.new(seed=seed)
    assert isinstance(state, BishopsWhistState)
    table = options.get("laws") == "table"
    rng = random.Random(seed)
    ref = Referee(options)
    done = 0
    exposed_now: set[int] = set()
    last_phase = ""
    while True:
        log = state.log
        for e in log[done:]:
            ref.event(e, state)
            if e.kind in ("trick", "turn_up"):
                exposed_now = set()
        done = len(log)
        if state.is_over:
            break
        view = state.view(None)
        phase, seat = view.extra.phase, state.current_player
        assert seat is not None
        legal = state.legal_actions()
        fourth_fallen, last_phase = last_phase == "play" and phase == "review", phase
        if phase == "trump":
            assert seat == ref.dealer
            action = rng.choice(legal)
        elif phase == "play":
            if view.trick is not None and not view.trick.plays and ref.tricks == 0 and not ref.trick:
                ref.dealt(state)
            assert seat == (ref.leader if not ref.trick else ref.left_of(ref.trick[-1][0]))
            assert sorted(hand(state, seat)) == sorted(ref.hands[seat])
            assert state.scores == ref.running()
            if not ref.trick:
                ref.check_views(state)
            lead = ref.trick[0][1] if ref.trick else None
            plays = {a.split()[1] for a in legal if a.startswith("play ")}
            assert plays == (set(ref.hands[seat]) if table else lawful(ref.hands[seat], lead))
            exposes = [a for a in legal if a.startswith("expose ")]
            if table:  # once a trick, never a card lying shown already nor the turn-up (BW-16, BW-24)
                held = ref.hands[seat]
                shown = ref.known(seat)
                may = set() if seat in exposed_now else {c for c in held if held.count(c) > shown[c]}
                assert {a.split()[1] for a in exposes} == may
            if exposes and seat not in exposed_now and rng.random() < expose:
                action = rng.choice(exposes)
                exposed_now.add(seat)
                ref.shown.append((seat, action.split()[1]))
                ref.penalties[ref.team_of[seat]] += 2  # Dana: an exposed card, two points
            else:
                pool = sorted(plays if rng.random() < revoke else lawful(ref.hands[seat], lead))
                card = rng.choice(pool)
                action = f"play {card}"
                revoked = ref.played(seat, card)
                assert not revoked or table
        elif phase == "review":
            assert state.scores == ref.running()
            if fourth_fallen:
                assert list(view.extra.review) == ref.review_queue()
            right = ref.corrections(seat)
            assert {a.split()[1] for a in legal if a.startswith("correct ")} == right
            if right and rng.random() < 0.5:
                card = rng.choice(sorted(right))
                action = f"correct {card}"
                ref.corrected(seat, card)
            else:
                action = "stand"
                ref.stood.add(seat)
        else:  # claim: one voice for each side, starting at the dealer's left (BW-15)
            assert state.scores == ref.running()
            assert seat in (ref.left_of(ref.dealer), ref.left_of(ref.left_of(ref.dealer)))
            action = rng.choice(legal)
            if action == "claim":
                side = ref.team_of[seat]
                found = [s for s, _ in ref.revokes if ref.team_of[s] != side]
                ref.penalties[1 - side] += 4 * len(found)  # four points a revoke, as many as occur
                if found:
                    ref.revoked.add(1 - side)
        state.apply(action)
    assert ref.decided
    assert state.winners == (
        [] if ref.winner is None else [s for s in range(4) if ref.team_of[s] == ref.winner]
    )
    return ref


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"irregular_trick": "leader", "void_knight": "revoke-only"},
    {"partners": "cut", "tie": "draw"},
    {"laws": "table", "hand_limit": 3},
    {"laws": "table", "revoking_side": "opponents-win", "hand_limit": 4},
    {"laws": "table", "void_knight": "revoke-only", "irregular_trick": "leader", "hand_limit": 3},
    {"laws": "table", "partners": "cut", "misdeal_chance": 0.3, "tie": "draw", "hand_limit": 3},
]


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
@pytest.mark.parametrize("seed", range(6))
def test_an_independent_referee_agrees_with_every_card_trick_hand_and_result(
    seed: int, options: dict[str, Any]
) -> None:
    """Every lawful card, every trick's winner, every hand's points and the end of the game, as the seed
    and the rulings say, over whole matches of random play; under table laws with revokes, exposed
    cards, corrections before the trick is gathered, claims and misdeals (some 160 hands in all)."""
    ref = referee_match(seed, options)
    assert ref.hands_played >= 1


# --- scenarios on explicit deals ---------------------------------------------------------------------


def start(deal: Mapping[str, Any], **options: Any) -> BishopsWhistState:
    """The match whose first hand is ``deal``, through the public entry point."""
    state = parlour.make(GAME, **options).new(deal=deal, seed=1899)
    assert isinstance(state, BishopsWhistState)
    return state


def test_the_knights_revoke_in_trumps_repeats_and_the_cardinal_stays_the_fourth_best_trump() -> None:
    """Seed: "Should the suit come around again you may again refuse to play your bishop ... Trumps are
    not excepted"; knights have "no rank in the trump suit"; the cardinal "always ranks as the fourth
    best trump". Seat 1's only club is the cardinal (clubs trumps): twice it keeps it with a knight, the
    knights taking nothing; its knights gone, it must play the cardinal, which beats the nine and eight."""
    given = {0: "CC KC 2C", 1: "BC N N", 2: "3C 5C 9C", 3: "4C QC 8C 6C"}
    state = start(deal_of(3, "6C", given, closed={1: "CN", 2: "C", 3: "C"}))
    for lead, rest in (("CC", "3C 4C"), ("KC", "5C QC")):
        play(state, lead)
        assert legal_cards(state) == {"BC", "N"}
        play(state, "N", *rest.split())
    assert winners(state) == [0, 0] and "BC" in hand(state, 1) and "N" not in hand(state, 1)
    play(state, "2C")
    assert legal_cards(state) == {"BC"}  # no knight left to play in its place
    play(state, "BC", "9C", "8C")
    assert winners(state) == [0, 0, 1]
    assert events(state, "trick")[-1].data["text"].endswith("with BC")


def test_a_revoking_knight_is_no_knights_revoke_under_revoke_only() -> None:
    """Table laws, ``void_knight=revoke-only``: seat 1 holds the three of hearts (not the bishop) and
    plays a knight on the nine of hearts led. That is a revoke, not the knight's revoke, so by ruling
    BW-10's words the knight ranks as nothing and the nine holds the trick."""
    given = {0: "9H", 1: "3H N", 2: "4H", 3: "5H"}
    state = start(deal_of(3, "2C", given, closed={1: "H"}), laws="table", void_knight="revoke-only")
    play(state, "9H", "N", "4H", "5H")  # seat 1 lets its card stand when asked
    assert state.view(1).extra.own_revokes == (1,)
    assert winners(state) == [0]


def test_under_the_default_a_revoking_knight_ranks_as_a_ten() -> None:
    """The same trick under ``void_knight=ten``: Dana's knight "ranks as a tenspot in any suit which
    leads (except trumps)", a revoking knight too; it takes the nine of hearts (and the revoke is
    claimed at the end of the hand). The counterpart of the test above."""
    given = {0: "9H", 1: "3H N", 2: "4H", 3: "5H"}
    state = start(deal_of(3, "2C", given, closed={1: "H"}), laws="table")
    play(state, "9H", "N", "4H", "5H")
    assert winners(state) == [1] and state.view(1).extra.own_revokes == (1,)


# --- bad input ------------------------------------------------------------------------------------------


def in_phase(phase: str, **options: Any) -> BishopsWhistState:
    """A state in ``phase``: trump (a knight turned), play, review (a revoke on the table) or claim."""
    if phase == "trump":
        return start(deal_of(3, "N", {3: "N"}), **options)
    if phase == "play":
        return start(deal_of(3, "2C", {0: "9H", 1: "2H 3S"}), **options)
    state = start(deal_of(3, "2C", {0: "9H", 1: "2H 3S", 2: "4H", 3: "5H"}), laws="table", **options)
    for card in ("9H", "3S", "4H", "5H"):
        state.apply(f"play {card}")
    if phase == "review":
        assert state.view(None).extra.phase == "review"
        return state
    rng = random.Random(3)
    while state.view(None).extra.phase != "claim":
        legal = state.legal_actions()
        plays = [a for a in legal if a.startswith("play ")] or ["stand"]
        state.apply(rng.choice([a for a in plays if a in legal]))
    return state


WRONG_PHASE = {
    "trump": ["play N", "stand", "correct N", "claim", "pass", "expose N", "deal"],
    "play": ["trump S", "stand", "correct 9H", "claim", "pass", "deal", "expose 9H"],
    "review": ["play 2H", "expose 2H", "trump S", "claim", "pass", "deal", "correct 3S", "correct KS"],
    "claim": ["play 9H", "stand", "correct 9H", "trump S", "deal", "expose 9H"],
}


@pytest.mark.parametrize("phase", list(WRONG_PHASE))
def test_an_action_of_another_phase_is_refused_and_changes_nothing(phase: str) -> None:
    """Strict laws for the trump and play phases (no misdeal, no exposing), table laws for the rest."""
    state = in_phase(phase)
    assert state.view(None).extra.phase == phase
    for action in WRONG_PHASE[phase]:
        refused(state, action)


@pytest.mark.parametrize("phase", list(WRONG_PHASE))
def test_a_seat_not_to_move_is_refused_without_a_card_named(phase: str) -> None:
    """Only the dealer names trumps; only the seat to move plays, answers a review or claims. The reason
    given to another seat names none of the mover's cards."""
    state = in_phase(phase)
    mover = state.current_player
    assert mover is not None
    for seat in range(4):
        if seat == mover:
            continue
        for action in state.legal_actions():
            reason = refused(state, action, seat=seat)
            assert "turn" in reason
            assert not any(c in reason.split() for c in hand(state, mover))


@pytest.mark.parametrize(
    "action",
    [
        parlour.engine.Action("play", ("XX",)),
        parlour.engine.Action("play", ("9H", "2S")),
        parlour.engine.Action("play", ()),
        parlour.engine.Action("trump", ("X",)),
        parlour.engine.Action("revoke", ("9H",)),
        "play 10H",
        "play",
        "trump",
        "play 9H now",
        "",
        "x" * 1000,
    ],
    ids=str,
)
def test_a_malformed_action_is_refused_and_changes_nothing(action: Any) -> None:
    state = in_phase("play")
    refused(state, action, parlour.engine.MalformedAction)


@pytest.mark.parametrize("action_id", [-1, 10**6, True, 1.0, "0", None])
def test_a_bad_action_id_is_refused_and_changes_nothing(action_id: Any) -> None:
    state = in_phase("play")
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply_id(action_id)
    assert state.to_json() == before


def test_an_action_id_of_a_card_not_lawful_is_refused_and_changes_nothing() -> None:
    """Seat 0 leads; seat 1 holds a heart and a spade: the spade's id is refused (follow suit)."""
    state = in_phase("play")
    state.apply("play 9H")
    spade = state.game.action_id("play 3S")
    assert spade not in state.legal_action_ids()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply_id(spade)
    assert state.to_json() == before


def test_after_the_game_every_action_is_refused() -> None:
    """The match over, nothing more may be played, whatever the seat."""
    state = start(deal_of(3, "2C", {}), hand_limit=1)
    rng = random.Random(7)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    for action in ("play 9H", "trump S", "stand", "claim", "pass", "deal"):
        assert "over" in refused(state, action)
        assert "over" in refused(state, action, seat=0)


@pytest.mark.parametrize(
    "options",
    [
        {"laws": "house"},
        {"partners": "choice"},
        {"irregular_trick": "knight"},
        {"void_knight": "nine"},
        {"tie": "split"},
        {"revoking_side": "lose"},
        {"misdeal_chance": 0.9},
        {"misdeal_chance": -0.01},
        {"misdeal_chance": float("nan")},
        {"hand_limit": 0},
        {"hand_limit": 1001},
        {"hand_limit": 2.5},
        {"hand_limit": True},
        {"trump": "S"},
        {"target": 31},
    ],
    ids=str,
)
def test_a_wrong_option_value_is_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOption) as info:
        parlour.make(GAME, **options)
    assert next(iter(options)) in str(info.value)


@pytest.mark.parametrize(
    ("deal", "reason"),
    [
        ({"dealer": 3, "turn_up": "KS", "hands": deal_of(3, "2C", {0: "KS"})["hands"]}, "dealer's hand"),
        ({**deal_of(3, "BH", {}), "trump": "S"}, "makes H trumps"),
        ({**deal_of(3, "N", {3: "N"}), "trump": "N"}, "trump must be one of"),
        ({**deal_of(3, "N", {3: "N"}), "trump": "s"}, "trump must be one of"),
        ({**deal_of(3, "2C", {}), "dealer": 4}, "dealer must be a seat"),
        ({**deal_of(3, "2C", {}), "leader": 0}, "no key"),
    ],
    ids=["turn-up not the dealer's", "bishop of hearts turned, spades named", "knights as trumps",
         "a suit in small letters", "a fifth seat", "a leader given"],
)  # fmt: skip
def test_an_impossible_deal_is_refused(deal: dict[str, Any], reason: str) -> None:
    """Seed: the turned card "belongs to the dealer" and "determines the trump suit"; only a knight
    turned lets him name one, and a knight is no suit."""
    with pytest.raises(InvalidDeal, match=reason):
        parlour.make(GAME).new(deal=deal, seed=1)


def saved(state: BishopsWhistState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def test_a_save_that_drops_the_bishop_cut_is_refused() -> None:
    """Seed: a bishop turned scores the dealer's side a point. A save of that hand with the point taken
    out everywhere (the flag, the scores and the log) is no state play could reach."""
    state = start(deal_of(3, "BC", {0: "9H", 1: "3H"}))
    play(state, "9H", "3H")
    data = saved(state)
    data["state"].update(bishop_cut=False, match=[0, 0], hand_points=[0, 0])
    data["log"] = [e for e in data["log"] if e["kind"] != "score"]
    with pytest.raises(InvalidSave, match="bishop_cut"):
        state.game.load(json.dumps(data))


def test_a_save_in_which_a_knights_revoke_hid_another_card_of_the_suit_is_refused() -> None:
    """Seed: a knight may replace the bishop only when "you hold no card of that suit except the
    bishop". Seat 1 made the knight's revoke on hearts; a save giving it another heart as well (a
    spade given in exchange, the pack whole) is refused."""
    given = {0: "9H", 1: "BH N 2S", 2: "4H 6H", 3: "5H"}
    state = start(deal_of(3, "2C", given, closed={1: "H"}))
    play(state, "9H", "N", "4H", "5H")
    data = saved(state)
    hands = data["state"]["hands"]
    hands[1].remove("2S")
    hands[2].remove("6H")
    hands[1].append("6H")
    hands[2].append("2S")
    for h in hands:
        h.sort(key=parlour.cards.BISHOPS_WHIST.sort_key)
    with pytest.raises(InvalidSave, match="shown out"):
        state.game.load(json.dumps(data))


def test_a_save_whose_trumps_are_not_those_the_dealer_named_is_refused() -> None:
    """Seed: a knight turned, the dealer "announces ... what suit shall be trumps for that hand"."""
    game = parlour.make(GAME)
    state = next(s for s in (game.new(seed=k) for k in range(100)) if s.view(None).extra.phase == "trump")
    state.apply("trump H")
    data = saved(state)
    data["state"]["trump"] = "S"
    with pytest.raises(InvalidSave, match="trump"):
        game.load(json.dumps(data))


@pytest.mark.parametrize("options", [{"laws": "table"}, {"void_knight": "revoke-only"}, {"tie": "draw"}])
def test_a_save_loaded_into_a_game_of_other_options_is_refused(options: dict[str, Any]) -> None:
    """A match is played by the rules it began under: another reading of the laws cannot take it over."""
    state = in_phase("play")
    with pytest.raises(InvalidSave, match="options"):
        parlour.make(GAME, **options).load(state.to_json())


def test_the_dealer_names_trumps_before_anybody_sees_a_card_in_an_explicit_deal() -> None:
    """Seed: a knight turned, the dealer "before touching the cards to deal announces ... what suit shall
    be trumps", exercising his own free will; "After announcing the trump suit, and never before, the
    dealer reunites the packets ... and proceeds to deal". A seeded deal does so (nobody holds a card
    while trumps are named); an explicit deal should look the same to every seat until he has named."""
    state = start(deal_of(3, "N", {3: "N"}))
    assert state.view(None).extra.phase == "trump" and state.current_player == 3
    assert [len(hand(state, seat)) for seat in range(4)] == [0, 0, 0, 0]
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        hands = [view.zone("hand", s) for s in range(4)]
        assert all(h is not None and not h.cards for h in hands) and not view.extra.turn_up_held
        turned, stock = view.zone("turn_up"), view.zone("stock")
        assert turned is not None and list(turned.face_up) == ["N"]
        assert stock is not None and len(stock.cards) == 51 and not stock.face_up
    state.apply("trump H")
    assert [len(hand(state, seat)) for seat in range(4)] == [13, 13, 13, 13]
    assert "N" in hand(state, 3) and state.view(0).extra.turn_up_held


@pytest.mark.parametrize("seat", ["0", 4, -1])
def test_a_seat_that_is_no_seat_is_refused_as_such(seat: Any) -> None:
    state = in_phase("play")
    assert state.current_player == 0
    said: Any
    for said in (True, 0.0):  # what the engine already says of these
        assert "no such seat" in refused(state, "play 9H", seat=said)
    assert "no such seat" in refused(state, "play 9H", seat=seat)


def test_equal_highest_cuts_are_not_cut_again_and_the_lower_seat_leads() -> None:
    """Ruling BW-4 (with BW-3): two equal highest cuts for partners decide neither the partners nor the
    deal, so they are not cut again; the lower seat number of the two sits at the dealer's left and
    leads first. Dana's ranks for the cut: castle-ace, king, queen, bishop, knight, 9 down to 2."""
    rank = "CKQBN98765432"
    ties = 0
    for seed in range(40):
        state = parlour.make(GAME, partners="cut").new(seed=seed)
        cuts = [e for e in state.log if e.kind == "cut"]
        table = next(e for e in state.log if e.kind == "table")
        cards = {int(s): c for s, c in cuts[0].data["cards"].items()}
        best = min(rank.index(c[0]) for c in cards.values())
        top = sorted(s for s, c in cards.items() if rank.index(c[0]) == best)
        if len(top) != 2:
            continue
        ties += 1
        assert len(cuts) == 1  # nobody cut again
        order, dealer = table.data["order"], table.data["dealer"]
        assert order[(order.index(dealer) + 1) % 4] == top[0]
        assert any(set(top) == set(team) for team in table.data["teams"])
    assert ties >= 3
