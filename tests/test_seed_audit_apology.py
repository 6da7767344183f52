"""A second reading of Apology from the seed alone: scenario tests, each from an explicit deal, for
what the seed states and the other tests leave open (the whole rank order, the dealer taking after
three passes, Till played while able to follow, a Landsknecht led and the suit set after it, two
escapes owed to two winners and paid oldest first, a last-card Landsknecht captured without a
payment, an escaped Till counted as an oudler, the fifteenth trick's lead, a shared win), and the
seed's rules written out afresh as a referee of whole random matches.

Everything goes through the public API: ``parlour.make``, ``new(deal=...)``, ``legal_actions``,
``apply``, ``view`` and the log."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

import parlour
from parlour.games.apology.rules import ApologyState, Debt

RANKS = ("C", "K", "Q", "B", "L", "T", "9", "8", "7", "6", "5", "4", "3", "2", "A")
"""High to low; the seed's "Ace, 2, 3, ..., 10, Lehnritter, Bishop, Queen, King, Castle" read backwards."""


POINTS = {
    **dict.fromkeys("A23456789T", 0.5),
    "L": 1.5,
    "B": 2.5,
    "Q": 3.5,
    "K": 4.5,
    "C": 5.5,
    "N": 1.5,
    "E": 4.5,
}
"""The seed's card points, by rank letter (a Landsknecht is ``N``, Till ``E``)."""


def suit(s: str, ranks: tuple[str, ...] = RANKS) -> list[str]:
    return [r + s for r in ranks]


def new(hands: list[list[str]], dealer: int, **options: Any) -> ApologyState:
    state = parlour.make("apology", **options).new(seed=1, deal={"dealer": dealer, "hands": hands})
    assert isinstance(state, ApologyState)
    return state


def public(state: ApologyState, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in state.events(None) if e.kind == kind]


def plays(state: ApologyState) -> list[tuple[int, str]]:
    return [(e.data["seat"], e.data["card"]) for e in state.events(None) if e.kind == "play"]


def first_legal_to_the_end(state: ApologyState) -> None:
    while not state.is_over:
        state.apply(state.legal_actions()[0])


# --- the order of the cards ----------------------------------------------------------------------


@pytest.mark.parametrize(("high", "low"), list(pairwise(RANKS)))
def test_each_rank_beats_the_one_below_it_in_the_suit_led(high: str, low: str) -> None:
    """The seed's rank order, one step at a time, without trumps: the taker (seat 0) leads a spade and
    seat 1, holding one spade, must follow; the higher of the two takes the trick whichever was led."""
    for led, answer, winner in ((low, high, 1), (high, low, 0)):
        hands = [
            [c for c in suit("S") if c != answer + "S"] + ["AH"],
            [answer + "S", *suit("H")[:14]],
            suit("D"),
            suit("C"),
        ]
        state = new(hands, dealer=3)
        state.apply("bid")
        for card in ("E", "N", "N", "N", "N", next(c for c in hands[0] if c not in (led + "S", "AH"))):
            state.apply(f"bury {card}")
        state.apply(f"play {led}S")
        assert state.legal_actions() == [f"play {answer}S"]
        state.apply(f"play {answer}S")
        state.apply("play AD")
        state.apply("play AC")
        assert public(state, "trick")[-1]["winner"] == winner, (led, answer)


# --- one deal, played by hand through the escapes -------------------------------------------------

# Seat 0 (the dealer) holds the five courts of spades, hearts and diamonds; seat 1 the low spades and
# the even hearts; seat 2 the odd hearts and the low diamonds; seat 3 the clubs.
COURTS_DEAL = [
    [*suit("S", RANKS[:5]), *suit("H", RANKS[:5]), *suit("D", RANKS[:5])],
    [*suit("S", RANKS[5:]), "TH", "8H", "6H", "4H", "2H"],
    ["9H", "7H", "5H", "3H", "AH", *suit("D", RANKS[5:])],
    suit("C"),
]


def courts_taken(**options: Any) -> ApologyState:
    """Three passes, then the dealer (seat 0) bids and takes; it keeps two Landsknechts and Till."""
    state = new(COURTS_DEAL, dealer=0, deals=1, **options)
    for _ in range(3):
        state.apply("pass")
    state.apply("bid")
    for card in ("N", "N", "LS", "LH", "LD", "BD"):
        state.apply(f"bury {card}")
    return state


def test_the_dealer_may_take_after_three_passes_and_the_dealers_left_still_leads() -> None:
    """Ruling AP-1: each player in turn bids or passes, the dealer last; the dealer's bid makes it the
    taker (twenty cards, then fourteen), and the first trick is led by the dealer's left."""
    state = new(COURTS_DEAL, dealer=0)
    assert state.current_player == 1
    for seat in (1, 2, 3):
        assert state.current_player == seat
        state.apply("pass")
    assert state.current_player == 0 and state.legal_actions() == ["bid", "pass"]
    state.apply("bid")
    assert state.taker == 0 and len(state.hands[0]) == 20
    for card in ("N", "N", "LS", "LH", "LD", "BD"):
        state.apply(f"bury {card}")
    assert [len(h) for h in state.hands] == [14, 15, 15, 15]
    assert state.phase == "play" and state.current_player == 1


def test_till_may_be_played_while_able_to_follow_and_is_no_show_out() -> None:
    """The L'Excuse rule: "a Landsknecht or Till may be played to any trick at any time, whether or
    not the player could otherwise follow suit". Holding four hearts, the taker may play Till to a
    heart lead (but no card of another suit); it does not win, it is owed for (ruling AP-8: no trick
    won yet), and it tells nobody the taker is out of hearts."""
    state = courts_taken()
    state.apply("play 2H")
    assert state.legal_actions() == [f"play {c}" for c in ("9H", "7H", "5H", "3H", "AH")]
    state.apply("play 3H")
    state.apply("play 2C")  # seat 3 is void: any card
    assert state.legal_actions() == ["play CH", "play KH", "play QH", "play BH", "play N", "play E"]
    state.apply("play E")
    assert public(state, "trick")[-1]["winner"] == 2  # the three of hearts, not Till
    escape = public(state, "escape")[-1]
    assert (escape["seat"], escape["card"], escape["to"]) == (0, "E", 2)
    assert state.debts == [Debt("E", 2)] and state.phase == "play" and state.current_player == 2
    assert state.view(1).extra.voids == [[], [], [], ["H"]]  # seat 3 showed out; the taker did not


def test_two_escapes_owed_to_two_winners_are_paid_oldest_first() -> None:
    """Rulings AP-7 and AP-8: Till escapes a trick seat 2 wins, a Landsknecht one seat 1 wins, before
    the taker has won anything; when it wins its first trick it pays both, seat 2 first, with cards of
    its choice from that trick, and then leads."""
    state = courts_taken()
    for action in ("play 2H", "play 3H", "play 2C", "play E"):  # seat 2 wins
        state.apply(action)
    for action in ("play 5H", "play 3C", "play N", "play 6H"):  # seat 1 wins; the taker escapes again
        state.apply(action)
    assert state.debts == [Debt("E", 2), Debt("N", 1)]
    assert sorted(state.kept) == ["E", "N"] and state.won[0] == []
    for action in ("play TS", "play AD", "play AC", "play CS"):  # the taker's castle takes it
        state.apply(action)
    assert state.phase == "pay" and state.current_player == 0
    assert sorted(state.legal_actions()) == ["give AC", "give AD", "give CS", "give TS"]
    state.apply("give TS")
    assert state.phase == "pay" and state.debts == [Debt("N", 1)]
    state.apply("give AD")
    assert [(p["card"], p["to"], p["for"]) for p in public(state, "pay")] == [("TS", 2, "E"), ("AD", 1, "N")]
    assert "TS" in state.won[2] and "AD" in state.won[1] and sorted(state.won[0]) == ["AC", "CS"]
    assert state.phase == "play" and state.current_player == 0 and not state.debts


def test_a_landsknecht_led_leaves_the_suit_to_the_first_suited_card() -> None:
    """Ruling AP-5: a Landsknecht led sets no suit; the next player may play anything, and the suit it
    plays binds the players after it. The taker, holding won cards now, pays at once (ruling AP-7)."""
    state = courts_taken()
    for action in ("play 2H", "play 3H", "play 2C", "play E", "play 5H", "play 3C", "play N", "play 6H"):
        state.apply(action)
    for action in ("play TS", "play AD", "play AC", "play CS", "give TS", "give AD"):
        state.apply(action)
    state.apply("play N")  # the taker leads its last Landsknecht but one
    assert len(state.legal_actions()) == len(state.hands[1])  # seat 1: anything
    state.apply("play 4H")
    assert state.legal_actions() == ["play 9H", "play 7H", "play AH"]  # seat 2 must follow hearts
    state.apply("play AH")
    assert len(state.legal_actions()) == len(state.hands[3]) == 12  # seat 3, void in hearts: any card
    state.apply("play 4C")
    assert public(state, "trick")[-1]["winner"] == 1  # the four of hearts, over the ace
    assert state.phase == "pay" and sorted(state.legal_actions()) == ["give AC", "give CS"]
    state.apply("give AC")
    assert state.won[0] == ["CS"] and "AC" in state.won[1] and state.current_player == 1


def test_a_last_card_landsknecht_is_captured_without_payment_and_an_escaped_till_counts() -> None:
    """The seed: a Landsknecht on the final trick "is captured outright by the trick's winner" and
    "transfers only its own point value to the capturer — no further penalty" (ruling AP-4: the
    taker's last card, trick 14). The escaped Till stays the taker's (ruling AP-6), so with the
    castle and ace it won the taker holds all three oudlers (ruling AP-9): target 40."""
    state = courts_taken()
    for action in ("play 2H", "play 3H", "play 2C", "play E", "play 5H", "play 3C", "play N", "play 6H"):
        state.apply(action)
    for action in ("play TS", "play AD", "play AC", "play CS", "give TS", "give AD"):
        state.apply(action)
    first_legal_to_the_end(state)  # the taker's last Landsknecht is its last card (suited cards go first)
    tricks = public(state, "trick")
    assert len(tricks) == 15 and "N" in tricks[13]["cards"]
    captures = public(state, "capture")
    assert [(c["card"], c["from"], c["seat"]) for c in captures] == [("N", 0, tricks[13]["winner"])]
    assert tricks[13]["winner"] != 0
    assert "N" in state.won[tricks[13]["winner"]]
    assert len(public(state, "escape")) == 2 and len(public(state, "pay")) == 2  # nothing owed for it
    assert tricks[13]["points"] == sum(POINTS[c[0]] for c in tricks[13]["cards"])  # the N's 1.5 included
    end = public(state, "hand_end")[0]
    assert "E" in state.kept and "E" in state.taker_cards()
    assert end["oudlers"] == 3 and end["target"] == 40.0
    assert end["taker_points"] + end["defence_points"] == 100.5


def test_the_takers_left_leads_the_fifteenth_trick_after_the_taker_wins_the_fourteenth() -> None:
    """Ruling AP-3: the taker, with fourteen cards, sits out the fifteenth trick; having won the
    fourteenth it cannot lead, so the player at its left does, and the defence takes that trick."""
    hands = [suit("S"), suit("H"), suit("D"), suit("C")]
    state = new(hands, dealer=3, deals=1)
    state.apply("bid")
    for card in ("E", "N", "N", "N", "N", "2S"):
        state.apply(f"bury {card}")
    first_legal_to_the_end(state)
    tricks = public(state, "trick")
    assert [t["winner"] for t in tricks[:14]] == [0] * 14
    last = plays(state)[-3:]
    assert [seat for seat, _ in last] == [1, 2, 3]
    assert tricks[14]["winner"] == 1  # its own lead: the other two are void in hearts


def test_equal_totals_share_the_win() -> None:
    """Ruling AP-12: the highest total wins and equal totals share it. In a one-deal match where the
    taker falls short, the three defenders end level at +1 and all three win."""
    hands = [[*suit("S")[:14], "CH"], [*suit("H")[1:], "AS"], suit("D"), suit("C")]
    state = new(hands, dealer=3, deals=1)
    state.apply("pass")
    state.apply("bid")  # seat 1 takes
    for card in ("E", "N", "N", "N", "N", "KH"):
        state.apply(f"bury {card}")
    first_legal_to_the_end(state)
    end = public(state, "hand_end")[0]
    assert not end["made"] and end["points"] == [1.0, -3.0, 1.0, 1.0]
    assert state.winners == [0, 2, 3]
    outcome = state.outcome
    assert outcome is not None and not outcome.draw


# --- the seed's rules as an independent referee over whole random matches --------------------------

STRENGTH = {r: 15 - i for i, r in enumerate(RANKS)}
TARGETS = (62.0, 56.0, 45.0, 40.0)
"""The seed's table: the target for 0, 1, 2 or 3 oudlers held."""


def seed_legal(hand: list[str], trick: list[str]) -> set[str]:
    """Follow the suit of the first suited card played if able; a Landsknecht (``N``) or Till (``E``)
    at any time (the L'Excuse rule; ruling AP-5 for an excuse led)."""
    led = next((c[-1] for c in trick if c not in ("N", "E")), None)
    follow = [c for c in hand if c not in ("N", "E") and c[-1] == led]
    return set(hand) if not follow else {*follow, *(c for c in hand if c in ("N", "E"))}


def seed_winner(plays: list[tuple[int, str]]) -> int:
    """The highest card of the suit led (the first suited card's); no trumps; an excuse never wins."""
    suited = [(s, c) for s, c in plays if c not in ("N", "E")]
    led = suited[0][1][-1]
    return max((p for p in suited if p[1][-1] == led), key=lambda p: STRENGTH[p[1][:-1]])[0]


def card_points(cards: list[str]) -> float:
    return sum(POINTS[c[0]] if c != "E" else 4.5 for c in cards)


def oudler_kinds(cards: list[str]) -> int:
    """Ruling AP-9's default count: the kinds of the trio (any ace, any castle, Till) held."""
    return len({"E" if c == "E" else c[0] for c in cards if c == "E" or (c != "N" and c[0] in "AC")})


class Referee:
    """A deal's piles as the seed moves them, followed from the public log alone."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        self.won: list[list[str]] = [[], [], [], []]
        self.kept: list[str] = []
        self.debts: list[tuple[str, int]] = []
        self.played = [0, 0, 0, 0]
        self.plays: list[tuple[int, str]] = []
        self.mine: list[str] = []
        self.buried: list[str] = []
        self.dealer = -1
        self.bids = 0
        self.leader = -1
        self.tricks = 0

    def follow(self, e: dict[str, Any], taker: int | None) -> None:
        """Check one public event against the seed, and move the cards as it says."""
        kind = e["kind"]
        if kind == "deal":
            self.dealer = e["dealer"]
            self.leader = (self.dealer + 1) % 4  # the dealer's left bids first and leads first
        elif kind == "bid":
            assert e["seat"] == (self.dealer + 1 + self.bids) % 4  # each in turn, from the dealer's left
            self.bids += 1
        elif kind == "play":
            if not self.plays:
                assert e["seat"] == self.leader  # the dealer's left, then each trick's winner
            self.plays.append((e["seat"], e["card"]))
            self.played[e["seat"]] += 1
        elif kind == "trick":
            plays, self.plays = self.plays, []
            assert [c for _, c in plays] == e["cards"]
            winner = seed_winner(plays)
            assert e["winner"] == winner
            self.tricks += 1
            assert len(plays) == (3 if self.tricks == 15 else 4)
            assert self.tricks < 15 or taker not in [seat for seat, _ in plays]
            # the taker, out of cards after fourteen tricks, leaves the fifteenth to its left (ruling AP-3)
            self.leader = (winner + 1) % 4 if self.tricks == 14 and winner == taker else winner
            for seat, card in plays:
                if card in ("N", "E") and self.played[seat] < 14:  # escapes: stays with its player, owed for
                    self.kept.append(card)
                    self.debts.append((card, winner))
                else:  # an excuse as its player's last (14th) card is captured outright (ruling AP-4)
                    self.won[winner].append(card)
        elif kind == "escape":
            assert (e["card"], e["to"]) in self.debts and e["seat"] == taker
        elif kind == "pay":
            assert taker is not None
            assert (e["for"], e["to"]) == self.debts.pop(0)  # the oldest debt first (ruling AP-8)
            self.won[taker].remove(e["card"])
            self.won[e["to"]].append(e["card"])
        elif kind == "forfeit":  # ruling AP-8: the escaped card goes to the creditor, or the debt lapses
            card, to = self.debts.pop(0)
            assert (card, to, e["rule"]) == (e["card"], e["to"], self.options.get("unpaid", "forfeit"))
            if e["rule"] == "forfeit":
                self.kept.remove(card)
                self.won[to].append(card)
        elif kind == "reveal":
            # By default the Landsknechts and Till buried stay face down (ruling AP-10): they are the
            # kitty's excuses that no trick has shown.
            assert taker is not None and len(e["buried"]) + e.get("face_down", 0) == 6
            shown = Counter(c for pile in [self.kept, *self.won] for c in pile if c in ("N", "E"))
            unseen = list((Counter({"N": 4, "E": 1}) - shown).elements()) if "face_down" in e else []
            assert len(unseen) == e.get("face_down", 0)
            self.buried = [*e["buried"], *unseen]
            self.mine = [*self.won[taker], *self.kept, *self.buried]
        elif kind == "hand_end" and not e["thrown_in"]:
            assert taker is not None and not self.debts
            points = card_points(self.mine)
            if self.options.get("oudlers", "kinds") == "kinds":
                oudlers = oudler_kinds(self.mine)
            else:  # each ace, castle and Till, at most three (ruling AP-9's option)
                oudlers = min(3, sum(c == "E" or (c != "N" and c[0] in "AC") for c in self.mine))
            made = points >= TARGETS[oudlers]
            assert (e["taker_points"], e["oudlers"], e["target"], e["made"]) == (
                points,
                oudlers,
                TARGETS[oudlers],
                made,
            )
            stake = 1.0 if made else -1.0
            assert e["points"] == [3 * stake if s == taker else -stake for s in range(4)]
            every = [*(c for w in self.won for c in w), *self.kept, *self.buried]
            assert len(every) == 65 and card_points(every) == 100.5


@pytest.mark.parametrize(
    ("seed", "options"), [(2, {}), (9, {}), (4, {"oudlers": "cards", "unpaid": "lapse"})]
)
def test_random_matches_agree_with_the_seed_read_afresh(seed: int, options: dict[str, Any]) -> None:
    """Random matches in which most players bid (so that most deals are played), refereed step by step
    by the seed's rules written out here: the cards that may be played, each trick's winner, escapes
    and captures, the payments (from the taker's won cards, oldest debt first), and at the end the
    taker's points (won cards, escaped cards, buried cards), the oudlers, the target and the stakes;
    also with the options counting oudler cards and letting an unpaid escape lapse (AP-8, AP-9)."""
    rng = random.Random(seed)
    state = parlour.make("apology", deals=6, **options).new(seed=seed)
    referee = Referee(options)
    seen = 0
    played = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if state.phase == "bid":
            assert legal == ["bid", "pass"]
            action = "bid" if rng.random() < 0.6 else "pass"
        elif state.phase == "play":
            trick = [c for _, c in state.trick]
            assert {a.split()[1] for a in legal} == seed_legal(list(state.hands[seat]), trick)
            action = rng.choice(legal)
        elif state.phase == "pay":
            assert {a.split()[1] for a in legal} == set(referee.won[seat])
            action = rng.choice(legal)
        else:
            action = rng.choice(legal)
        taker = state.taker
        state.apply(action)
        events = state.events(None)
        for event in events[seen:]:
            referee.follow(dict(event.data) | {"kind": event.kind}, taker)
            if event.kind == "hand_end":
                played += not event.data["thrown_in"]
                referee = Referee(options)
        seen = len(events)
    assert played >= 3
