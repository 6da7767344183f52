"""The words of a hint are true, continued (see tests/test_hint_truth.py): the judgement words whose truth
can still be decided from the seat's view ("keeps the queen and jack for bezique", "leads trumps to draw
the opponents' trumps", "it cannot be kept"), the figures of the search in the words, Bishops Whist
under its other options, and Bezique's meld words checked against what the rules then do.

Each check says, from the view alone (or, for a meld, from the rules' answer on a copy of the state),
when a careful player would call the words true; the helpers rebuild what they need from the view and
the rules, not from the players' code they check.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest

from parlour.cards import BEZIQUE_64
from parlour.games.bezique.players import BeziqueView, explain, full_hand
from parlour.games.bezique.players import HeuristicPlayer as BeziqueHeuristic
from parlour.games.bezique.rules import (
    MELD_POINTS,
    Bezique,
    BeziqueState,
    Phase,
    bezique_cards,
    may_serve_again,
    meld_kind,
    meld_patterns,
    reuse_needs_greater,
)
from parlour.games.bezique.schema import Meld

# --- Bezique: the meld words against the rules ---------------------------------------------------

MELD_NAMES = {m.value: m for m in Meld}


def _bz_decisions(game: Bezique, seeds: range) -> Iterator[tuple[str, BeziqueState, BeziqueView]]:
    """Every decision of seeded hands played by the rules of thumb on both sides, with where it is
    ("seed 3, decision 41")."""
    heuristic = BeziqueHeuristic(game)
    for seed in seeds:
        state = game.new(seed)
        k = 0
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            yield f"seed {seed}, decision {k}", state, view
            state.apply(heuristic.choose(view, game))
            k += 1


def _bz_declarable_later(view: BeziqueView, kind: Meld, cards: list[str], greater: bool) -> bool:
    """Whether ``view``'s seat may declare ``kind`` with ``cards`` at its next declaring turn: shown and
    waiting to score, or enough copies of each card in its hand that the reuse rule lets serve again."""
    extra = view.extra
    seat = view.seat
    assert seat is not None
    if any(w.kind == kind and sorted(w.cards) == sorted(cards) for w in extra.waiting[seat]):
        return True
    hand = Counter(full_hand(view))
    turn = extra.declaring_turns + 1
    for card, n in Counter(cards).items():
        barred = sum(
            1
            for e in extra.declared[seat]
            if e.card == card and not may_serve_again(e.uses, kind, turn, greater)
        )
        if hand[card] - barred < n:
            return False
    return True


@pytest.mark.parametrize(
    ("options", "seeds"),
    [
        ({}, range(12)),
        ({"reuse": "greater"}, range(3)),
        ({"alt_bezique": True, "fours_one_per_suit": True}, range(3)),
    ],
)
def test_bezique_meld_words_are_true(options: dict[str, object], seeds: range) -> None:
    """For every meld it may declare: the points said are the points the rules then score (or, shown
    after the turn's scored meld, wait to score; at the last turn of the talon, never score); a meld
    "kept for a later trick" may still be declared at the next declaring turn; a meld "worth more" than
    another is."""
    game = Bezique(**options)
    heuristic = BeziqueHeuristic(game)
    greater = reuse_needs_greater(game.options)
    alt, fours = bool(game.options["alt_bezique"]), bool(game.options["fours_one_per_suit"])
    false: list[str] = []
    checked = 0
    for where, state, view in _bz_decisions(game, seeds):
        seat = view.seat
        assert seat is not None
        melds = [a for a in view.legal_actions if a.startswith("meld ")]
        for action in melds:
            words = explain(heuristic, view, action, None)
            checked += 1
            cards = action.split()[1:]
            kind = meld_kind(cards, view.trump or "", alt, fours)
            assert kind is not None
            after = state.clone()
            points = view.extra.hand_points[seat]
            after.apply(action)
            seen = after.view(seat)
            scored = seen.extra.hand_points[seat] - points
            waiting = any(
                w.kind == kind and sorted(w.cards) == sorted(cards) for w in seen.extra.waiting[seat]
            )
            bad = []
            if m := re.match(r"declares the (.+?): (\d+)", words):
                if int(m[2]) != scored:
                    bad.append(f"scores {m[2]} (the rules score {scored})")
            elif m := re.match(r"shows the (.+?) too: (\d+) to score after another trick won", words):
                if scored or not waiting or int(m[2]) != MELD_POINTS[kind]:
                    bad.append("to score after another trick won")
            elif words.startswith(f"shows the {kind} too: it cannot score"):
                if scored or waiting:
                    bad.append("it cannot score")
            else:
                bad.append("no points named")
            if m := re.search(r"keeps the (.+?) \((\d+)\) for a later trick", words):
                later = MELD_NAMES[m[1]]
                kept = [
                    a.split()[1:]
                    for a in melds
                    if a != action
                    and set(a.split()[1:]) & set(cards)
                    and meld_kind(a.split()[1:], view.trump or "", alt, fours) == later
                ]
                if (
                    not any(_bz_declarable_later(seen, later, c, greater) for c in kept)
                    or seen.extra.phase is Phase.LAST_EIGHT
                    or int(m[2]) != MELD_POINTS[later]
                ):
                    bad.append(f"keeps the {later} for a later trick")
            if m := re.search(r"worth more than the (.+?) \((\d+)\)", words):
                later = MELD_NAMES[m[1]]
                if not MELD_POINTS[kind] > MELD_POINTS[later] == int(m[2]):
                    bad.append(f"worth more than the {later}")
            if "worth more than" in words and not re.search(r"worth more than the (.+?) \((\d+)\)", words):
                bad.append("worth more than")  # (the old words: "worth more than the royal marriage it bars")
            if bad:
                false.append(f"{where}: {bad} in {words!r}: {action} from {full_hand(view)}")
    assert checked > 50
    assert not false, "\n".join(false[:5])


def _bz_may_come(
    view: BeziqueView, hand: Counter[str], played: str, kind: Meld, cards: tuple[str, ...]
) -> bool:
    """Whether ``kind`` of ``cards`` may yet be declared by ``view``'s seat once it plays ``played``: each
    card needed is a copy kept that the reuse rule lets serve again, or a copy not seen anywhere yet."""
    extra = view.extra
    seat = view.seat
    assert seat is not None
    greater = reuse_needs_greater({"reuse": "order"})
    seen: Counter[str] = Counter()
    for zone in view.zones:
        if zone.kind == "tricks_won" or (zone.kind == "melds" and zone.owner != seat):
            seen.update(c for c in zone.face_up or [] if c is not None)
    if view.trick is not None:
        seen.update(p.card for p in view.trick.plays)
    turn = extra.declaring_turns + 1
    copies = BEZIQUE_64.counts()
    for card, n in Counter(cards).items():
        declared = [e for e in extra.declared[seat] if e.card == card]
        concealed = view.hand.count(card)
        may = concealed + sum(may_serve_again(e.uses, kind, turn, greater) for e in declared)
        kept = hand[card] - (card == played)
        serving = min(kept, may - (card == played))
        unseen = copies[card] - hand[card] - seen[card]
        if serving + max(0, unseen) < n:
            return False
    return True


def test_bezique_kept_words_are_true() -> None:
    """While the talon lasts, the words for every card it may play: a meld the play "keeps" cards for may
    still be made (bezique with the cards named), and "makes no meld" only of a card that completes no meld
    with the cards in hand."""
    game = Bezique()
    heuristic = BeziqueHeuristic(game)
    ranks = {"ace": "A", "king": "K", "queen": "Q", "jack": "J"}
    fours = {"A": Meld.FOUR_ACES, "K": Meld.FOUR_KINGS, "Q": Meld.FOUR_QUEENS, "J": Meld.FOUR_JACKS}
    false: list[str] = []
    checked = 0
    for where, _, view in _bz_decisions(game, range(4)):
        if view.extra.phase is not Phase.TALON:
            continue
        trump = view.trump or ""
        patterns = meld_patterns(trump, False, False)
        hand = Counter(full_hand(view))
        for action in view.legal_actions:
            card = action.split()[1]
            words = explain(heuristic, view, action, None)
            checked += 1
            rest = hand - Counter([card])
            bad = []
            if "for bezique" in words:
                q, j = bezique_cards(trump, False)
                if not _bz_may_come(view, hand, card, Meld.BEZIQUE, (q, j)):
                    bad.append("for bezique")
            sequence = tuple(r + trump for r in "ATKQJ")
            if "for the sequence" in words and not _bz_may_come(view, hand, card, Meld.SEQUENCE, sequence):
                bad.append("for the sequence")
            if m := re.search(r"keeps its (\w+)s for four", words):
                kind = fours[ranks[m[1]]]
                if not any(k == kind and _bz_may_come(view, hand, card, k, c) for k, c in patterns):
                    bad.append(f"for {kind}")
            makes = any(card in c and not Counter(c) - Counter([card]) - rest for _, c in patterns)
            if ("builds nothing" in words or "makes no meld" in words) and makes:
                bad.append("makes no meld")
            if bad:
                false.append(f"{where}: {bad} in {words!r}: {card} from {sorted(hand.elements())}")
    assert checked > 3000
    assert not false, "\n".join(false[:5])


def test_bezique_search_figures_say_what_was_compared() -> None:
    """The search's figures in the words: whole points as rounded, "the next best" only of the cards it
    compared, and no "0 more than the next best"."""
    game = Bezique()
    heuristic = BeziqueHeuristic(game)
    for _, _, view in _bz_decisions(game, range(1)):
        plays = [a for a in view.legal_actions if a.startswith("play ")]
        if view.extra.phase is Phase.TALON and len(plays) == 8:
            break
    action = plays[0]
    every = explain(heuristic, view, action, (12.4, 2.6, 30, 8))
    assert "+12 points" in every and "30 deals" in every and every.endswith("3 more than the next best)")
    some = explain(heuristic, view, action, (12.4, 2.6, 30, 4))
    assert some.endswith("3 more than the next best of the 4 compared)"), some
    close = explain(heuristic, view, action, (-3.0, 0.3, 30, 4))
    assert "0 more" not in close and close.endswith(": no other of the 4 cards compared is clearly better)")
