"""Bishops Whist, the third seed audit (branch audit-6): the seed's sentences no test checked yet.

The seed (shared/seeds/bishops-whist-deck-and-games.txt, its Bishops Whist part) was read sentence by
sentence against the two earlier audits (``test_seed_audit_bishops_whist.py``,
``test_seed_audit2_bishops_whist.py``), ``tests/test_bishops_whist*.py``, the rules text and rulings
BW-1 to BW-26. The rank of every card, the knight's revoke, the irregular and the knight's trick, the
cut and the deal, the bishop cut, the scoring totals, revokes claimed and corrected and the end of the
game were already checked. What no test checked, and what this file checks on explicit deals through
the public API (``parlour.make``, ``new``, ``legal_actions``, ``apply``, ``view(seat)``, the log):

- a knight turned, the dealer names trumps "in a clear and distinct voice", and players may note the
  suit "as the trump is often forgotten": the named suit stays in every seat's view and log all hand,
  after the turned knight itself is gone, and it is named before any seat is dealt a card;
- exposed cards, laws I and II (a card led or played out of turn, more than one card played to a trick):
  a program asks only the seat to move, for one card, so neither can happen; refused, they cost nothing
  (ruling BW-16, which did not say so before this audit);
- exposed cards, laws IV and V: an exposed card goes back into the hand, lies face up to every other
  seat through later tricks until its owner chooses to play it, and its two points come off the
  exposer's side in the hand's score;
- the turn-up, laid face up "in plain view of all the players" by the laws themselves, is no exposed
  card: parlour let the dealer "expose" it (or, holding the turned knight and another, a knight that
  showed nothing new) for two points. Fixed (ruling BW-16);
- the revoke: "the claimants of a revoke may search all of the tricks", and a side that mixes its cards
  before the charge is verified has the revoke established: every seat's view holds all thirteen
  tricks at the claim, the revoke can be read from them, and the program never mixes them (ruling
  BW-15, which now says so);
- the deal's "new deal by the same dealer" for cards thrown face up in dealing, against misdeal VI
  (dealing a card face up is a misdeal, the deal passing left): parlour follows misdeal VI, which ruling
  BW-17 now says, and no seat is shown a card of the misdealt hand;
- a bishop counts "at the close of the play for the hand", tricks over six likewise: nothing is scored
  while the tricks are taken, and the log words each trick's bishops and the hand's sum.

Not testable, and left as the rulings have them: misdeal I (the dealer's partner touching his cards
before trumps are named: no seat holds a card then, ruling BW-26), the new deal for a card found faced
in the pack or a wrong number dealt (ruling BW-17), the cut's "thrown around the table".

Rulings read and not disputed: BW-15's ceiling of 24 for a side found revoking looks like a second
penalty beside Dana's four points, but without it a revoking side left above 25 would win the next hand
on the very points of the hand it revoked in, which "no score made by a revoking side can win the game"
forbids; BW-24 charges the corrector's wrong card as exposed, which the law's sparing only "the players
who may have played after him" implies.

Seats sit 0, 1, 2, 3 clockwise; with an explicit deal seats 0 and 2 are partners against 1 and 3 and
the dealer's left leads.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import parlour
from parlour.cards import BISHOPS_WHIST
from parlour.engine import Event, MalformedAction
from parlour.engine.views import TrickView
from parlour.games.bishops_whist.rules import BishopsWhistState, quitted_tricks
from tests.audit_support import refused
from tests.test_bishops_whist import (
    VALUE,
    _following_play_out,
    balanced,
    balanced_points,
    deal_of,
    events,
    hand,
    hand_end,
    legal_cards,
    play,
    play_script,
    winners,
)

GAME = "bishops-whist"
VIEWERS: tuple[int | None, ...] = (None, 0, 1, 2, 3)

# ``balanced`` (tests/test_bishops_whist.py): everybody follows suit, the knights fall in the 13th
# trick. Seats 0 and 2 win the first round of every suit, so all four bishops, and eight tricks: 10
# points; the dealer, seat 3, holds one knight and plays it second in the 13th trick (led by seat 2).
SUITS_ORDER = "SHDCSHDCSHDC"
CAPTURE_SEATS = [0, 2, 0, 2, 1, 3, 1, 3, 0, 2, 0, 2]


def start(deal: Mapping[str, Any], **options: Any) -> BishopsWhistState:
    """The match whose first hand is ``deal``, through the public entry point."""
    state = parlour.make(GAME, **options).new(deal=deal, seed=1899)
    assert isinstance(state, BishopsWhistState)
    return state


def face_up(state: BishopsWhistState, viewer: int | None, of: int) -> list[str]:
    """The cards of seat ``of``'s hand that ``viewer`` is shown face up."""
    zone = state.view(viewer).zone("hand", of)
    assert zone is not None
    return list(zone.face_up)


def seen_by(state: BishopsWhistState, seat: int | None, kind: str) -> list[Event]:
    """The events of ``kind`` in the log as ``seat`` may read it."""
    return [e for e in state.events(seat) if e.kind == kind]


def hand_score(state: BishopsWhistState, seat: int, hand_number: int = 1) -> int:
    """What the score events of hand ``hand_number`` give ``seat`` (between its turn-up and its end)."""
    total, current = 0, 0
    for e in state.log:
        if e.kind == "turn_up":
            current = e.data["hand"]
        elif e.kind == "score" and current == hand_number and e.data["seat"] == seat:
            total += e.data["points"]
    return total


# --- trumps named over a turned knight ----------------------------------------------------------------


def test_the_suit_named_over_a_turned_knight_stays_on_record_for_every_seat_all_hand() -> None:
    """Seed (cutting a knight for a trump card): the dealer "announces in a clear and distinct voice what
    suit shall be trumps", before he touches the cards to deal, and the players may note it, "as the
    trump is often forgotten". Every seat's log names the suit before its own cards; every view shows
    it at every card of the hand, after the turned knight itself has been played too; a knight turned
    is no bishop (no cut point)."""
    script, hands = balanced(3, SUITS_ORDER, CAPTURE_SEATS)
    assert hands[3].count("N") == 1
    state = start({"dealer": 3, "turn_up": "N", "hands": hands})
    assert state.current_player == 3 and state.view(None).trump is None
    state.apply("trump H")
    for seat in VIEWERS:
        log = state.events(seat)
        [named] = [i for i, e in enumerate(log) if e.kind == "trump"]
        assert state.event_words(log[named]) == "seat 3 names hearts trumps"
        assert all(i > named for i, e in enumerate(log) if e.kind == "hand")
        if seat is not None:
            assert any(e.kind == "hand" and e.to == seat for e in log)  # its own cards, after
    assert state.scores == [0, 0, 0, 0]
    for number, (leader, cards) in enumerate(script, 1):
        assert state.current_player == leader
        for k, card in enumerate(cards.split()):
            for seat in VIEWERS:
                view = state.view(seat)
                assert view.trump == "H"
                # (trumps and the trick's number are the view's fields, the thirteenth's news its own)
                assert view.situation == ("the knight's trick" if number == 13 else "")
                assert view.trick is not None and view.trick.number == number
                # The dealer holds the turned knight until he plays it: second in the 13th trick.
                assert view.extra.turn_up_held == (number < 13 or k < 2)
            play(state, card)
    assert (
        hand_end(state)["points"] == [10, 0, 10, 0] == [*balanced_points(3, SUITS_ORDER, CAPTURE_SEATS)] * 2
    )


# --- exposed cards ---------------------------------------------------------------------------------------


def test_a_card_led_or_played_out_of_turn_or_a_second_card_at_once_is_refused_and_costs_nothing() -> None:
    """Seed, exposed cards I and II: cards "displayed or led out of turn" and "more than one card played
    upon a trick" are exposed cards (two points). Under table laws a program asks only the seat to move,
    for one card: such a card is refused, the state unchanged and nobody charged (ruling BW-16), in
    play and while a trick waits for a revoke to stand or be corrected."""
    state = start(deal_of(3, "2C", {0: "9H 8H", 1: "2H 3S", 2: "4H", 3: "5H"}), laws="table")
    assert state.current_player == 0
    for seat in (1, 2, 3):
        card = hand(state, seat)[0]
        assert "turn" in refused(state, f"play {card}", seat=seat)  # a lead out of turn
        assert "turn" in refused(state, f"expose {card}", seat=seat)  # a card displayed out of turn
    refused(state, "play 9H 8H", MalformedAction)  # two cards at once
    state.apply("play 9H")
    assert "turn" in refused(state, "play 8H", seat=0)  # a second card upon the trick
    assert "turn" in refused(state, "play 4H", seat=2)  # before seat 1
    state.apply("play 3S")  # seat 1 revokes (it holds the two of hearts)
    state.apply("play 4H")
    state.apply("play 5H")
    assert state.view(None).extra.phase == "review" and state.current_player == 1
    for seat in (0, 2, 3):
        assert "turn" in refused(state, f"play {hand(state, seat)[0]}", seat=seat)
        assert "turn" in refused(state, "stand", seat=seat)
    assert state.scores == [0, 0, 0, 0] and not events(state, "score") and not events(state, "expose")
    for viewer in VIEWERS:
        assert state.view(viewer).extra.exposed == ((), (), (), ())


def test_an_exposed_card_goes_back_into_the_hand_and_lies_face_up_until_its_owner_plays_it() -> None:
    """Seed, exposed cards IV and V: a card laid on the table out of the order of play is exposed; it
    "must be taken into the hand again", and the penalty is two points off "the delinquent's score".
    Seat 0 exposes the seven of hearts: it stays in its hand, face up to every other seat through two
    more leads, seat 0 keeps it back while it holds another heart, and when it is played it is no longer
    shown. The two points come off seats 0 and 2 (not their opponents) and stand in the hand's score."""
    hearts = {0: "9H 8H 7H", 1: "2H 3H 4H", 2: "5H 6H KH", 3: "QH CH BH"}  # every heart
    state = start(deal_of(3, "2C", hearts), laws="table")
    state.apply("expose 7H")
    assert state.scores == [-2, 0, -2, 0]
    for seat in VIEWERS:
        [exposed] = seen_by(state, seat, "expose")
        assert state.event_words(exposed) == "seat 0 exposes 7H (-2)"
    script = [(0, "9H 2H 5H CH"), (3, "QH 8H 3H 6H"), (3, "BH 7H 4H KH")]
    for number, (leader, cards) in enumerate(script, 1):
        assert state.current_player == leader
        assert "7H" in hand(state, 0)
        for seat in (None, 1, 2, 3):
            assert face_up(state, seat, 0) == ["7H"]
            assert state.view(seat).extra.exposed == (("7H",), (), (), ())
        if number == 2:
            state.apply("play QH")
            assert legal_cards(state) >= {"8H", "7H"}  # nothing obliges it to play the exposed card
            play(state, *cards.split()[1:])
        else:
            play(state, *cards.split())
    assert winners(state) == [3, 3, 2]
    assert "7H" not in hand(state, 0)
    for seat in (None, 1, 2, 3):
        assert face_up(state, seat, 0) == [] and state.view(seat).extra.exposed == ((), (), (), ())
    _following_play_out(state)
    state.apply("pass")
    state.apply("pass")
    charged = [
        (e.data["seat"], e.data["points"])
        for e in events(state, "score")
        if e.data["reason"] == "exposed card"
    ]
    assert charged == [(0, -2), (2, -2)]
    end = hand_end(state)
    assert end["points"] == [hand_score(state, s) for s in range(4)]
    tricks = end["tricks"][0]
    bishops = end["bishops"][0]
    assert end["points"][0] == max(0, tricks - 6) + 2 * bishops - 2
    for seat in VIEWERS:
        sheet = state.view(seat).score_sheet
        assert sheet is not None and sheet.rows[0].values == (end["points"][0], end["points"][1])


def test_the_turn_up_lying_in_plain_view_is_no_card_to_expose() -> None:
    """Seed: the dealer lays the trump card face up "in plain view of all the players", and it lies "in
    open sight" until he gathers it into his hand; an exposed card is one displayed or laid on the table
    "out of the regular order of play". The turned bishop of clubs is the dealer's, every seat sees it,
    and it is no exposed card: at his turns he may expose another card, but not that one (it showed
    nothing, and cost two points, before this audit; ruling BW-16)."""
    state = start(deal_of(3, "BC", {0: "9H", 1: "2H", 2: "4H", 3: "5H 6H"}, closed={3: "H"}), laws="table")
    assert state.scores == [0, 1, 0, 1]  # the bishop cut
    play(state, "9H", "2H", "4H")
    assert state.current_player == 3
    for seat in (None, 0, 1, 2):
        assert face_up(state, seat, 3) == ["BC"] and state.view(seat).extra.turn_up_held
    assert state.view(None).extra.exposed == ((), (), (), ())
    assert "expose 6H" in state.legal_actions() and "expose BC" not in state.legal_actions()
    assert "plain view" in refused(state, "expose BC")
    play(state, "5H")
    assert winners(state) == [0]
    # Later, on his turn again, the turn-up is still in his hand and in everybody's sight.
    while state.current_player != 3:
        play(state, sorted(legal_cards(state))[0])
    assert "BC" in hand(state, 3) and "expose BC" not in state.legal_actions()
    assert state.scores == [0, 1, 0, 1]


def test_a_dealer_holding_the_turned_knight_who_exposes_a_knight_shows_his_second_one() -> None:
    """Knights are all alike (ruling BW-6). The dealer turned a knight and was dealt another: everybody
    knows of one. The one everybody sees cannot be exposed; exposing a knight shows the other, so every
    view then shows two, and no third exposure of a knight is offered."""
    deal = deal_of(3, "N", {3: "N N 2S", 0: "2H 3S", 1: "3H 4S", 2: "4H 5S"}, closed={3: "NH"}, trump="S")
    state = start(deal, laws="table")
    play(state, "2H", "3H", "4H")
    assert state.current_player == 3 and hand(state, 3).count("N") == 2
    for seat in (None, 0, 1, 2):
        assert face_up(state, seat, 3) == ["N"]
    state.apply("expose N")
    assert state.scores == [0, -2, 0, -2]
    for seat in (None, 0, 1, 2):
        assert face_up(state, seat, 3) == ["N", "N"]
    play(state, "2S")  # a trump: the dealer takes the trick and leads the next
    assert winners(state) == [3] and state.current_player == 3
    assert hand(state, 3).count("N") == 2 and "expose N" not in state.legal_actions()


# --- the revoke: the claimants search the tricks --------------------------------------------------------


def revokes_read(tricks: Sequence[TrickView]) -> list[tuple[int, int]]:
    """The revokes the quitted tricks show, as a claimant searching them finds them: a player off the
    suit led (a plain lead, not the 13th trick) who later plays that suit — after a knight, a card of
    it other than its bishop (a knight for a lone bishop is the knight's revoke)."""
    found = []
    for trick in tricks:
        led, number = trick.plays[0].card, trick.number
        assert number is not None
        if number == 13 or led == "N":
            continue
        suit = led[-1]
        for p in trick.plays[1:]:
            if p.card != "N" and p.card[-1] == suit:
                continue
            later = [
                q.card
                for t in tricks[number:]
                for q in t.plays
                if q.seat == p.seat and q.card != "N" and q.card[-1] == suit
            ]
            if p.card == "N":
                later = [c for c in later if c != "B" + suit]
            if later:
                found.append((p.seat, number))
    return found


def test_the_claimants_may_search_all_the_tricks_and_no_one_mixes_them() -> None:
    """Seed, the revoke: "At the conclusion of the hand the claimants of a revoke may search all of the
    tricks"; a side that mixes its cards before the charge is verified has the revoke established. Seat 1
    plays a spade on a heart, holding the two of hearts, and lets it stand. During the hand only seat 1
    is told; at the claim every seat's view holds all thirteen tricks, and the revoke can be read from
    them. The program keeps the tricks whole, so every claim is verified (ruling BW-15): seat 0's claim
    finds the revoke the tricks show, and they are the same after it; four points off seats 1 and 3."""
    state = start(deal_of(3, "2C", {0: "9H 8H", 1: "2H 3S KS", 2: "4H", 3: "5H"}), laws="table")
    play(state, "9H", "3S", "4H", "5H")
    for seat in VIEWERS:
        assert state.view(seat).extra.own_revokes == ((1,) if seat == 1 else ())
    _following_play_out(state)
    assert state.view(None).extra.phase == "claim" and state.current_player == 0
    searched = {}
    for seat in VIEWERS:
        view = state.view(seat)
        tricks = quitted_tricks(view)
        assert [t.number for t in tricks] == list(range(1, 14))
        assert Counter(p.card for t in tricks for p in t.plays) == BISHOPS_WHIST.counts()
        assert [t.winner for t in tricks] == winners(state)
        assert revokes_read(tricks) == [(1, 1)]
        assert not any(e.kind.startswith("revoke") for e in state.events(seat))
        searched[seat] = tricks
    state.apply("claim")
    for seat in VIEWERS:
        [found] = seen_by(state, seat, "revokes_found")
        assert found.data["revokes"] == [[1, 1]] and state.event_words(found) == "the tricks show 1 revoke"
        assert quitted_tricks(state.view(seat)) == searched[seat]  # nothing mixed
    state.apply("pass")
    charged = [
        (e.data["seat"], e.data["points"]) for e in events(state, "score") if e.data["reason"] == "revoke"
    ]
    assert charged == [(1, -4), (3, -4)]
    assert hand_end(state)["points"][1] == hand_score(state, 1)


# --- misdeal VI ------------------------------------------------------------------------------------------


def test_a_card_dealt_face_up_is_a_misdeal_and_no_seat_sees_the_misdealt_hand() -> None:
    """Seed: the deal's law asks "a new deal, by the same dealer" if cards are thrown face up while
    dealing; misdeal VI makes dealing a card face up a misdeal, which "loses the deal", passing it left.
    The two laws conflict on one fault; parlour follows misdeal VI (ruling BW-17). The misdealt hand is
    never a hand: no seat is shown a card of it, and its turn-up scores nothing."""
    game = parlour.make(GAME, laws="table", misdeal_chance=0.3)
    checked = 0
    for seed in range(300):
        state = game.new(seed=seed)
        log = state.log
        misdeals = [i for i, e in enumerate(log) if e.kind == "misdeal" and e.data["law"] == "VI"]
        if not misdeals:
            continue
        at = misdeals[0]
        turned = max(i for i in range(at) if log[i].kind == "turn_up")
        following = next((i for i in range(at, len(log)) if log[i].kind == "turn_up"), None)
        if following is None or log[turned].data["card"] == "N":
            continue
        dealer = log[at].data["dealer"]
        assert log[turned].data["dealer"] == dealer
        assert (
            state.event_words(log[at])
            == "misdeal (VI): the dealer dealt a card face up; the deal passes left"
        )
        order = state.view(None).extra.order
        assert log[following].data["dealer"] == order[(order.index(dealer) + 1) % 4]  # not the same dealer
        between = log[turned:following]
        assert [e.kind for e in between] == ["turn_up", "misdeal"]  # no cards dealt, no cut scored
        assert all(e.to is None for e in between)  # nothing in it is any one seat's to see
        checked += 1
    assert checked >= 3


# --- scoring at the close of the hand ---------------------------------------------------------------------


def test_tricks_and_bishops_count_only_at_the_close_of_the_play_for_the_hand() -> None:
    """Seed: each bishop counts two points "to those who are able to display him among their trick cards
    at the close of the play for the hand" (holding him counts nothing); all tricks above six count one
    point. Nothing is scored while tricks are taken — every seat sees the tricks and the bishops won
    grow, the scores stay at nought — and at the close the log words each part and the sum."""
    script, hands = balanced(3, SUITS_ORDER, CAPTURE_SEATS)
    turn_up = min((c for c in hands[3] if c[-1] == "C"), key=lambda c: VALUE[c[0]])  # no bishop
    assert turn_up[0] != "B" and any(c[0] == "B" for c in hands[1] + hands[3])  # held, not taken
    state = start({"dealer": 3, "turn_up": turn_up, "hands": hands})
    assert state.scores == [0, 0, 0, 0]
    taken = [0, 0]
    for number, (leader, cards) in enumerate(script[:12], 1):
        play_script(state, [(leader, cards)])
        winner = winners(state)[-1]
        taken[winner % 2] += 1
        bishops = [c for c in cards.split() if c[0] == "B"]
        words = state.event_words(events(state, "trick")[-1])
        assert words == f"trick {number} to seat {winner}" + (
            f", taking the bishop{'s' * (len(bishops) > 1)} {' '.join(bishops)}" if bishops else ""
        )
        for seat in VIEWERS:
            view = state.view(seat)
            assert list(view.extra.tricks_won) == taken
            assert view.extra.hand_points == [0, 0]
        assert state.scores == [0, 0, 0, 0]
        assert not events(state, "score")
    play_script(state, script[12:])
    reasons = [(e.data["seat"], e.data["reason"], e.data["points"]) for e in events(state, "score")]
    assert reasons == [
        (0, "tricks over six", 2),
        (2, "tricks over six", 2),
        (0, "bishops taken", 8),
        (2, "bishops taken", 8),
    ]
    [end] = events(state, "hand_end")
    assert state.event_words(end) == (
        "hand 1: seat 0 & seat 2 take 8 tricks and 4 bishops, seat 1 & seat 3 take 5 tricks and 0 bishops; "
        "score — seat 0 & seat 2: 10, seat 1 & seat 3: 0"
    )
    assert end.data["match"] == [10, 0] and end.data["points"] == [10, 0, 10, 0]
    for seat in VIEWERS:
        sheet = state.view(seat).score_sheet
        assert sheet is not None and [r.values for r in sheet.rows] == [(10.0, 0.0)]


def test_each_seat_is_shown_its_own_cards_and_of_the_others_only_the_turn_up() -> None:
    """Seed: the trump card is "shown before the deal begins", in plain view; the rest is dealt face down.
    Before the first card each seat's log holds the turn-up, then its own thirteen cards and no other
    seat's; its view shows its hand, the dealer's turn-up face up and nothing else of the others."""
    deal = deal_of(3, "7D", {})
    state = start(deal)
    for seat in range(4):
        log = state.events(seat)
        kinds = [e.kind for e in log]
        assert kinds.index("turn_up") < kinds.index("hand")
        own = [e for e in log if e.kind == "hand"]
        assert len(own) == 1 and own[0].to == seat
        assert sorted(own[0].data["cards"]) == sorted(deal["hands"][seat]) == sorted(hand(state, seat))
        for other in range(4):
            if other != seat:
                assert face_up(state, seat, other) == (["7D"] if other == 3 else [])
    assert [e.kind for e in state.events(None)].count("hand") == 0


def test_a_save_from_before_in_which_the_dealer_exposed_the_turn_up_loads_and_shows_it_once() -> None:
    """Before this audit the dealer could expose the turn-up he was known to hold. Such a save (made
    here from one where he exposed another card, the card changed in the state and the log) still
    loads and plays on; the turn-up is shown once, not twice, and cannot be exposed again."""
    state = start(deal_of(3, "BC", {0: "9H", 1: "2H", 2: "4H", 3: "5H 6H"}, closed={3: "H"}), laws="table")
    play(state, "9H", "2H", "4H")
    state.apply("expose 6H")
    data = json.loads(state.to_json())
    assert data["state"]["exposed"] == [[3, "6H"]]
    data["state"]["exposed"] = [[3, "BC"]]
    for entry in data["log"]:
        if entry["kind"] == "action" and entry["data"]["action"] == "expose 6H":
            entry["data"]["action"] = "expose BC"
        elif entry["kind"] == "expose":
            entry["data"].update(card="BC", text="seat 3 exposes BC (-2)")
    old = state.game.load(json.dumps(data))
    assert isinstance(old, BishopsWhistState)
    for seat in (None, 0, 1, 2):
        assert face_up(old, seat, 3) == ["BC"] and old.view(seat).extra.exposed == ((), (), (), ("BC",))
    assert old.scores == [0, -1, 0, -1]
    play(old, "5H")
    while old.current_player != 3:
        play(old, sorted(legal_cards(old))[0])
    assert "expose BC" not in old.legal_actions() and "expose 6H" in old.legal_actions()
