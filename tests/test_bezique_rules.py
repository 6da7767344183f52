"""The rules of Two-handed Bezique by their names: what the players and the tests ask the rules module.

And the shape of the match around them: one vocabulary of phases (state, saves, views), the outcome
with its reason, a meld named in any order, and the heuristic player playing exactly as before the
rules had names (whole matches compared with logs written by the code before issue 11).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from parlour.engine.actions import Action
from parlour.games.bezique import players
from parlour.games.bezique.rules import (
    BRISQUE_POINTS,
    LAST_TRICK_POINTS,
    LEGACY_PHASES,
    MELD_ORDER,
    MELD_POINTS,
    SEVEN_OF_TRUMPS_POINTS,
    Meld,
    Phase,
    beats,
    bezique_cards,
    brisques_in,
    is_brisque,
    is_carte_blanche,
    last_eight_choices,
    last_trick_of_the_hand_scores,
    last_trick_of_the_talon_scores,
    marriage,
    may_serve_again,
    meld_kind,
    meld_patterns,
    seven_of_trumps,
    told_a_draw,
)
from parlour.players import make_player
from tests.test_bezique import make, phase, play, setup


def test_who_takes_a_trick_in_the_talon_phase() -> None:
    """Ruling BZ-3: a higher card of the suit led or a trump on a plain lead; equal cards to the leader."""
    assert beats("KS", "TS", "H")  # the ten ranks above the king
    assert not beats("TS", "KS", "H")
    assert not beats("AS", "AS", "H")  # equal cards: the leader's
    assert beats("AS", "7H", "H")  # any trump on a plain lead
    assert not beats("7H", "AS", "H")
    assert not beats("KS", "AD", "H")  # another plain suit never wins


def test_the_last_eight_follow_head_trump() -> None:
    """Ruling BZ-16: follow and head if you can; else follow; else trump; else anything."""
    hand = ["TS", "8S", "KH", "9H", "JC"]
    assert last_eight_choices(hand, "9S", "H") == ["TS"]  # head the nine
    assert last_eight_choices(hand, "AS", "H") == ["TS", "8S"]  # cannot head: follow
    assert last_eight_choices(hand, "AD", "H") == ["KH", "9H"]  # void: trump
    assert last_eight_choices(["TS", "JC"], "AD", "H") == ["TS", "JC"]  # neither: anything
    assert last_eight_choices(hand, "QH", "H") == ["KH"]  # a trump lead is headed by a higher trump


def test_brisques() -> None:
    """Ruling BZ-18: aces and tens won count 10 each."""
    assert is_brisque("AS") and is_brisque("TD") and not is_brisque("KH")
    assert brisques_in(["AS", "TD", "KH", "TD"]) == 3 and BRISQUE_POINTS == 10


def test_the_meld_table() -> None:
    assert {k: MELD_POINTS[k] for k in Meld} == {
        Meld.COMMON_MARRIAGE: 20,
        Meld.ROYAL_MARRIAGE: 40,
        Meld.BEZIQUE: 40,
        Meld.FOUR_JACKS: 40,
        Meld.FOUR_QUEENS: 60,
        Meld.FOUR_KINGS: 80,
        Meld.FOUR_ACES: 100,
        Meld.SEQUENCE: 250,
        Meld.DOUBLE_BEZIQUE: 500,
    }
    assert Meld.SEQUENCE.points == 250 and Meld.BEZIQUE.order == MELD_ORDER["bezique"]
    # ruling BZ-9: the order for reuse; royal marriage below bezique, bezique level with four jacks
    assert [k.order for k in Meld] == [1, 2, 3, 3, 4, 5, 6, 7, 8]
    assert marriage("H", "H") is Meld.ROYAL_MARRIAGE and marriage("S", "H") is Meld.COMMON_MARRIAGE


def test_which_cards_make_which_meld() -> None:
    assert meld_kind(["QS", "KS"], "H", False, False) is Meld.COMMON_MARRIAGE
    assert meld_kind(["JH", "QH", "KH", "TH", "AH"], "H", False, False) is Meld.SEQUENCE
    assert meld_kind(["QS", "JD", "QS", "JD"], "H", False, False) is Meld.DOUBLE_BEZIQUE
    assert meld_kind(["QS", "JD", "QS"], "H", False, False) is None
    # ruling BZ-13: four of a kind with duplicates, unless one per suit is required
    assert meld_kind(["KS", "KS", "KH", "KD"], "H", False, False) is Meld.FOUR_KINGS
    assert meld_kind(["KS", "KS", "KH", "KD"], "H", False, True) is None
    assert meld_kind(["KS", "KS", "KS", "KD"], "H", False, False) is None  # a pack holds two of each
    # ruling BZ-14: the alternative bezique with spades or diamonds trumps
    assert bezique_cards("S", True) == ("QC", "JH") == bezique_cards("D", True)
    assert bezique_cards("H", True) == ("QS", "JD") == bezique_cards("S", False)
    assert meld_kind(["QC", "JH"], "D", True, False) is Meld.BEZIQUE
    assert meld_kind(["QS", "JD"], "D", True, False) is None
    kinds = [k for k, _ in meld_patterns("C", False, True)]
    assert kinds.count(Meld.FOUR_ACES) == 1 and kinds.count(Meld.COMMON_MARRIAGE) == 3


def test_the_declared_card_reuse_rule() -> None:
    """Rulings BZ-9, BZ-11 and BZ-8, asked of ``may_serve_again`` directly."""
    married = [(Meld.COMMON_MARRIAGE, 1)]
    assert not may_serve_again(married, Meld.COMMON_MARRIAGE, 2)  # BZ-11: never marries again
    assert may_serve_again(married, Meld.BEZIQUE, 2)  # a higher order later
    assert may_serve_again(married, Meld.FOUR_QUEENS, 2)
    in_bezique = [(Meld.BEZIQUE, 1)]
    assert not may_serve_again(in_bezique, Meld.COMMON_MARRIAGE, 2)  # BZ-9: not a lower order later
    assert may_serve_again(in_bezique, Meld.FOUR_JACKS, 2)  # bezique and four jacks are level
    assert may_serve_again(in_bezique, Meld.COMMON_MARRIAGE, 1)  # BZ-8: shown at the same turn
    assert may_serve_again(in_bezique, Meld.DOUBLE_BEZIQUE, 2)  # BZ-10: no fresh card required


def test_the_seven_carte_blanche_and_the_last_tricks() -> None:
    assert seven_of_trumps("D") == "7D" and SEVEN_OF_TRUMPS_POINTS == 10
    assert is_carte_blanche(["9S", "8S", "7C", "9D", "9D", "8H", "7H", "8C"])  # ruling BZ-20
    assert not is_carte_blanche(["9S", "8S", "7C", "9D", "9D", "8H", "7H", "JC"])
    # ruling BZ-17: which last trick earns LAST_TRICK_POINTS, by the option's value
    assert [last_trick_of_the_talon_scores(o) for o in ("stock", "final", "both")] == [True, False, True]
    assert [last_trick_of_the_hand_scores(o) for o in ("stock", "final", "both")] == [False, True, True]
    assert LAST_TRICK_POINTS == 10


def test_one_vocabulary_of_phases() -> None:
    """The state, its saves and its views say the phase the same way (older saves' words still load)."""
    hands = [
        ["KS", "QS", "9C", "8C", "7C", "9D", "8D", "JC"],
        ["TS", "QH", "7D", "8H", "9H", "7S", "8S", "JH"],
    ]
    s = setup(hands, "9H", top=["AC", "TC"])
    assert s.phase is Phase.TALON and s.view(0).extra.phase is Phase.TALON
    assert json.loads(s.to_json())["state"]["phase"] == "talon"
    play(s, "play 9C", "play 7D")
    assert phase(s) is Phase.DECLARE and s.view(None).extra.phase is Phase.DECLARE
    decision = s.view(0).decision
    assert decision is not None and decision.kind == "declare"
    assert set(LEGACY_PHASES) == {"blanche", "play1", "play2"}
    assert {p.value for p in Phase} == {"carte blanche", "talon", "declare", "draw", "last eight", "over"}
    assert [p for p in Phase if p.talon_lasts] == [
        Phase.CARTE_BLANCHE,
        Phase.TALON,
        Phase.DECLARE,
        Phase.DRAW,
    ]


def test_a_meld_named_in_any_order() -> None:
    hands = [
        ["KS", "QS", "9C", "8C", "7C", "9D", "8D", "JC"],
        ["TS", "QH", "7D", "8H", "9H", "7S", "8S", "JH"],
    ]
    s = setup(hands, "9H")
    play(s, "play 9C", "play 7D")
    assert s.normalize("MELD qs ks") == "meld KS QS"
    assert s.is_legal(s.normalize("meld QS KS"))
    s.apply(Action("meld", ("QS", "KS")))
    assert s.scores == [20.0, 0.0]
    assert [e.data["action"] for e in s.log if e.kind == "action"][-1] == "meld KS QS"


@pytest.mark.parametrize("winner", ["first", "higher"])
def test_the_outcome_names_the_winner_and_the_target(winner: str) -> None:
    """Ruling BZ-19: once a hand ends with a total at the target, the first to have reached it wins
    (here seat 0, though seat 1 ends higher), or under ``winner=higher`` the higher total."""
    game = make(target=300, winner=winner)
    s = game.new(seed=2)
    seats = [make_player("heuristic", game, i) for i in (0, 1)]
    assert s.outcome is None
    while not s.is_over:
        seat = s.current_player
        assert seat is not None
        s.apply(seats[seat].choose(s.view(seat), game))
    outcome = s.outcome
    assert outcome is not None and not outcome.draw
    (win,) = outcome.winners
    if winner == "higher":
        assert s.totals[win] > s.totals[1 - win] and s.totals[win] >= 300
    else:
        assert win == 0 and s.totals[0] >= 300 and s.totals[1] > s.totals[0]
        assert "reached 300 first" in outcome.reason
    assert f"seat {win}" in outcome.reason and "300" in outcome.reason
    shown = s.view(None).outcome
    assert shown is not None and shown.winners == [win] and shown.reason == outcome.reason


MATCHES: list[tuple[dict[str, Any], list[str], int, int, str]] = [
    (
        {},
        ["heuristic", "heuristic"],
        5,
        349,
        "3e1b84f960cbcb77b84fe1da7603375bccfb4e34e07914c31ad92ff4e0e4ac58",
    ),
    (
        {"table_laws": True, "carte_blanche": True, "shown_together": "any"},
        ["heuristic", "random"],
        6,
        302,
        "af88db5ea74e581317f757a4539af0d03682cdf7246108cdc5ec8bd58995da3b",
    ),
    (
        {"table_laws": True, "carte_blanche": True},
        ["heuristic", "random"],
        6,
        300,
        "b587fa2789f3e3ee10177fe903d4515b1a58492fbdfbf4d1f708e523dde627cb",
    ),
    (
        {"melds_per_trick": "several", "alt_bezique": True, "last_trick": "both"},
        ["random", "heuristic"],
        7,
        346,
        "36b0a06e303c3bbe6cd1dddcba1c1c5eb129e479b51bea9fa104e38dfaa5a367",
    ),
]
"""Whole matches as the code before issue 11 played them: the number of actions and a hash of the log.
The second is played under ``shown_together=any`` (ruling BZ-8 as it was): under the default ``fresh``
(the third) the heuristic player's single bezique shown beside its double bezique, two of the same four
cards (40 after the next trick), is refused, so it passes to draw: two actions and 40 points fewer."""


@pytest.mark.parametrize(("options", "kinds", "seed", "actions", "log_hash"), MATCHES)
def test_the_players_play_as_before_the_rules_had_names(
    options: dict[str, Any], kinds: list[str], seed: int, actions: int, log_hash: str
) -> None:
    game = make(**options)
    s = game.new(seed=seed)
    seats = [make_player(k, game, i) for i, k in enumerate(kinds)]
    n = 0
    while not s.is_over:
        seat = s.current_player
        assert seat is not None
        s.apply(seats[seat].choose(s.view(seat), game))
        n += 1
    assert n == actions
    # as that code logged it: without the private events that tell a player the talon cards he draws,
    # which the rules log since (all else is as it was)
    log = json.dumps([e.to_dict() for e in s.log if not told_a_draw(e)], sort_keys=True)
    assert hashlib.sha256(log.encode()).hexdigest() == log_hash


def test_the_players_copy_no_rule() -> None:
    """The heuristic player asks the rules module: it keeps no rank order, trick rule or meld table."""
    for name in ("RANKS", "POWER", "_beats", "strict_choices", "_brisques", "_suit", "_rank"):
        assert not hasattr(players, name), name
