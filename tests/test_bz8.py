"""Bezique, ruling BZ-8 narrowed (option ``shown_together``): a combination shown at the same turn as the
meld just declared escapes the order rule (BZ-9) only when it brings in a card not just exposed.

The source's K♠ Q♠ J♦ example (bezique 40, then the marriage's 20 after the next trick won) brings in
the K♠; a royal marriage from a sequence's own king and queen (D1 of the fourth seed audit) or a single
bezique from two of a double bezique's four cards (D2) brings in nothing, and the source forbids both
("if a king and queen have been declared as part of a sequence, they may not be used subsequently in a
marriage"; "not again in a combination of an inferior order"). ``shown_together=any`` keeps the old
reading, and a save older than the option means it.

Seats are numbered from 0 here (seat 0 is the table's seat 1); seat 1 deals, seat 0 leads first.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import parlour
from parlour.engine import IllegalAction, InvalidSave
from parlour.games.bezique.rules import PACK, Bezique, BeziqueState
from tests.test_seed_audit_bezique import last_winner, play, scored

SPARE = ["7S", "7S", "8S", "8S", "7C", "7C", "8C", "JS"]
"""Seat 1's hand: low cards that lose every trick seat 0 leads with an ace, ten or nine (hearts trumps)."""

SEQUENCE_HAND = ["AH", "TH", "KH", "QH", "JH", "9S", "9C", "8C"]
"""Seat 0: the whole sequence of hearts (trumps) and three low cards to win tricks with."""

STOCK = ["9D", "9D", "8D", "7D", "7D", "KD", "AD"]
"""The talon's top cards: no card of any meld seat 0 could make."""


def dealt(hands: Sequence[Sequence[str]], turn_up: str, stock: Sequence[str]) -> dict[str, Any]:
    """An explicit deal: seat 1 deals, seat 1 has won every card not placed elsewhere."""
    used = Counter(hands[0]) + Counter(hands[1]) + Counter([turn_up]) + Counter(stock)
    won1 = sorted((PACK.counts() - used).elements(), key=PACK.sort_key)
    return {
        "dealer": 1,
        "hands": [list(hands[0]), list(hands[1])],
        "turn_up": turn_up,
        "stock": list(stock),
        "won": [[], won1],
    }


def game(**options: Any) -> Bezique:
    g = parlour.make("bezique", **options)
    assert isinstance(g, Bezique)
    return g


def start(deal: dict[str, Any], **options: Any) -> BeziqueState:
    return game(**options).new(seed=3, deal=deal)


def sequence_deal(hand: Sequence[str] = SEQUENCE_HAND) -> dict[str, Any]:
    return dealt([hand, SPARE], "9H", STOCK)


def melds(state: BeziqueState) -> list[str]:
    return [a for a in state.legal_actions() if a.startswith("meld")]


def table_uses(state: BeziqueState, seat: int) -> list[tuple[str, list[str]]]:
    """Each declared card of ``seat`` with the melds it has served in, as the table sees them."""
    return [(e.card, [str(k) for k, _ in e.uses]) for e in state.view(1 - seat).extra.declared[seat]]


# --- D1: the sequence, then a royal marriage of its own king and queen ------------------------------


def test_after_a_sequence_its_own_king_and_queen_are_not_shown_as_a_royal_marriage() -> None:
    s = start(sequence_deal())
    play(s, "play 9S", "play 7S", "meld AH TH KH QH JH")
    assert scored(s) == [(0, 250, "sequence")]
    assert melds(s) == []
    with pytest.raises(IllegalAction, match="not of an inferior order"):
        s.apply("meld KH QH")
    play(s, "pass?", "play 9C", "play 7C")
    assert last_winner(s) == 0 and melds(s) == []  # nor at the next turn (ruling BZ-9, as before)
    assert s.scores == [250.0, 0.0]


def test_under_shown_together_any_the_sequence_s_royal_marriage_scores_after_the_next_trick() -> None:
    s = start(sequence_deal(), shown_together="any")
    play(s, "play 9S", "play 7S", "meld AH TH KH QH JH")
    assert melds(s) == ["meld KH QH"]
    play(s, "meld KH QH", "pass?", "play 9C", "play 7C", "meld KH QH")
    assert scored(s) == [(0, 250, "sequence"), (0, 40, "royal marriage")]


@pytest.mark.parametrize(("shown_together", "points"), [("fresh", 250.0), ("any", 290.0)])
def test_with_several_melds_a_trick_the_sequence_s_own_marriage_follows_the_option(
    shown_together: str, points: float
) -> None:
    s = start(sequence_deal(), melds_per_trick="several", shown_together=shown_together)
    play(s, "play 9S", "play 7S", "meld AH TH KH QH JH")
    assert ("meld KH QH" in melds(s)) is (shown_together == "any")
    if shown_together == "any":
        play(s, "meld KH QH")
    assert s.scores == [points, 0.0]


# --- a fresh king or queen of trumps beside the sequence --------------------------------------------


def test_a_fresh_queen_of_trumps_marries_beside_the_sequence_and_the_sequence_s_queen_stays_out() -> None:
    """The second Q♥ in hand brings in a card not just exposed, so the marriage may be shown; the cards
    chosen (``_assign`` prefers exposed ones) are the sequence's K♥ and the fresh Q♥, never the pair
    of the sequence."""
    hand = ["AH", "TH", "KH", "QH", "JH", "QH", "9S", "9C"]
    s = start(dealt([hand, SPARE], "9H", STOCK))
    play(s, "play 9S", "play 7S", "meld AH TH KH QH JH")
    assert melds(s) == ["meld KH QH"]
    play(s, "meld KH QH", "pass?")
    assert sorted(table_uses(s, 0)) == [
        ("AH", ["sequence"]),
        ("JH", ["sequence"]),
        ("KH", ["sequence", "royal marriage"]),
        ("QH", ["royal marriage"]),
        ("QH", ["sequence"]),
        ("TH", ["sequence"]),
    ]
    play(s, "play 9C", "play 7C")
    assert last_winner(s) == 0
    play(s, "meld KH QH")
    assert scored(s) == [(0, 250, "sequence"), (0, 40, "royal marriage")]
    s.check_invariants()


def test_a_fresh_king_and_queen_of_trumps_make_the_marriage_beside_the_sequence() -> None:
    """With both a second K♥ and a second Q♥ in hand the marriage may be shown too, with a card of
    its own; with several melds a trick it scores at once."""
    hand = ["AH", "TH", "KH", "QH", "JH", "KH", "QH", "9S"]
    s = start(dealt([hand, SPARE], "9H", STOCK))
    play(s, "play 9S", "play 7S", "meld AH TH KH QH JH")
    assert melds(s) == ["meld KH QH"]
    s = start(dealt([hand, SPARE], "9H", STOCK), melds_per_trick="several")
    play(s, "play 9S", "play 7S", "meld AH TH KH QH JH", "meld KH QH")
    assert s.scores == [290.0, 0.0]
    s.check_invariants()


# --- D2: double bezique, then a single bezique of two of its cards ----------------------------------

DOUBLE_HAND = ["QS", "QS", "JD", "JD", "AC", "AC", "TC", "9C"]


@pytest.mark.parametrize(("shown_together", "total"), [("fresh", 500), ("any", 540)])
def test_after_a_double_bezique_no_single_bezique_of_its_cards_unless_shown_together_any(
    shown_together: str, total: int
) -> None:
    s = start(dealt([DOUBLE_HAND, SPARE], "AH", STOCK), shown_together=shown_together)
    play(s, "play AC", "play 7C", "meld QS QS JD JD")
    assert scored(s) == [(0, 500, "double bezique")]
    assert ("meld QS JD" in melds(s)) is (shown_together == "any")
    if shown_together == "any":
        play(s, "meld QS JD")
    play(s, "pass?", "play AC", "play 7C")
    assert last_winner(s) == 0
    if shown_together == "any":
        play(s, "meld QS JD")
    assert melds(s) == []
    assert s.scores == [float(total), 0.0]


# --- the source's own example still works -----------------------------------------------------------


def test_the_source_s_example_bezique_40_then_the_marriage_20_after_the_next_trick() -> None:
    """Seed: "having K♠ Q♠ J♦ scores 40 for bezique with another 20 to score after the next trick is
    won" (hearts trumps: K♠ Q♠ a common marriage). The marriage brings in the K♠."""
    hand = ["KS", "QS", "JD", "AC", "AC", "TC", "9C", "9S"]
    s = start(dealt([hand, SPARE], "AH", STOCK))
    play(s, "play AC", "play 7C", "meld QS JD")
    assert melds(s) == ["meld KS QS"]
    play(s, "meld KS QS", "pass?")
    assert scored(s) == [(0, 40, "bezique")]
    assert s.view(1).extra.melds[0][-1].endswith("(20, to score)")
    play(s, "play AC", "play 7C")
    assert last_winner(s) == 0
    play(s, "meld KS QS")
    assert scored(s) == [(0, 40, "bezique"), (0, 20, "common marriage")]


# --- saves ------------------------------------------------------------------------------------------


def _old_save_with_d1() -> tuple[str, dict[str, Any]]:
    """A match played as parlour did before the option (``any``), with the sequence's royal marriage
    shown and scored, saved as that parlour wrote it: without the option."""
    deal = sequence_deal()
    s = start(deal, shown_together="any")
    play(s, "play 9S", "play 7S", "meld AH TH KH QH JH", "meld KH QH", "pass?", "play 9C", "play 7C")
    play(s, "meld KH QH", "pass?")
    assert scored(s)[-1] == (0, 40, "royal marriage")
    data = json.loads(s.to_json())
    del data["options"]["shown_together"]
    return json.dumps(data, separators=(",", ":")), deal


def test_a_save_older_than_the_option_loads_and_replays_as_it_was_played() -> None:
    text, deal = _old_save_with_d1()
    options = Bezique.options_of_save(text)
    assert options["shown_together"] == "any"
    g = game(**options)
    loaded = g.load(text)
    loaded.check_invariants()
    assert loaded.scores == [290.0, 0.0]
    replayed = g.replay(text, deal)
    assert replayed.scores == [290.0, 0.0] and replayed._data() == loaded._data()
    with pytest.raises(InvalidSave, match="shown_together"):
        game().load(text)


def test_a_save_under_the_default_with_the_sequence_s_marriage_in_it_is_refused() -> None:
    """The save check holds the table to the narrowed rule: the same match claimed under ``fresh``."""
    text, _ = _old_save_with_d1()
    data = json.loads(text)
    data["options"]["shown_together"] = "fresh"
    with pytest.raises(InvalidSave, match="shown with no new card"):
        game().load(json.dumps(data))


def test_a_shown_marriage_whose_new_king_was_played_still_loads() -> None:
    """The save check looks for a meld's new card only while all its cards lie on the table: once the
    K♠ the marriage brought in is played, the Q♠ left there (bezique, then the lost marriage) is a
    lawful table and the save loads."""
    hand = ["KS", "QS", "JD", "AC", "AC", "TC", "9C", "9S"]
    s = start(dealt([hand, SPARE], "AH", STOCK))
    play(s, "play AC", "play 7C", "meld QS JD", "meld KS QS", "pass?", "play KS", "play 7S")
    assert s.view(1).extra.melds[0][-1].endswith("(20, lost)")
    s.check_invariants()
    assert s.game.load(s.to_json()).to_json() == s.to_json()
