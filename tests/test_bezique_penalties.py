"""Table-law penalties of Two-handed Bezique: not drawing (10) and holding more than eight cards (100).

Each scenario starts from an explicit deal. Seat 0 leads (seat 1 deals); hearts are trumps (K♥
turned up) and neither hand can declare at the start, so a trick goes straight to the draws.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import parlour
from parlour.engine import IllegalAction
from parlour.games.bezique.rules import BeziqueState, Phase
from parlour.players import make_player
from tests.test_bezique import hand_sizes, phase, play, setup, talon_top, views_hold

HANDS = [
    ["AS", "9C", "8C", "7C", "9D", "8D", "7D", "8S"],
    ["7S", "9H", "8H", "9S", "JC", "JH", "JS", "TC"],
]
TOP = ["TD", "QD", "KC", "QC", "AD", "9D"]


def scores_by_reason(state: BeziqueState, reason: str) -> list[tuple[int, int]]:
    return [
        (e.data["seat"], e.data["points"])
        for e in state.log
        if e.kind == "score" and e.data["reason"] == reason
    ]


def test_without_table_laws_the_engine_draws() -> None:
    s = setup(HANDS, "KH", top=TOP)
    play(s, "play AS", "play 7S")
    assert s.phase is Phase.TALON and s.current_player == 0
    assert [len(s.full_hand(i)) for i in (0, 1)] == [8, 8]
    for bad in ("draw", "skip"):
        with pytest.raises(IllegalAction, match="table laws"):
            s.apply(bad)


def test_the_draws_are_the_players_actions_winner_first() -> None:
    s = setup(HANDS, "KH", top=TOP, table_laws=True)
    play(s, "play AS", "play 7S")
    assert s.current_player == 0 and s.legal_actions() == ["draw", "skip"]
    assert s.view(0).extra.phase is Phase.DRAW and Phase.DRAW.talon_lasts
    decision = s.view(0).decision
    assert decision is not None and decision.kind == "draw"
    with pytest.raises(IllegalAction, match="draw from the talon first"):
        s.apply("play 9C")
    play(s, "draw")
    assert "TD" in s.full_hand(0)
    # A full hand: one more draw is offered, but it would be a fault; pass goes on.
    assert s.current_player == 0 and s.legal_actions() == ["draw", "pass"]
    views_hold(s)
    play(s, "pass")
    assert s.current_player == 1 and s.legal_actions() == ["draw", "skip"]
    play(s, "draw", "pass")
    assert "QD" in s.full_hand(1)
    assert s.phase is Phase.TALON and s.current_player == 0
    assert s.scores == [0.0, 0.0]
    assert [len(s.full_hand(i)) for i in (0, 1)] == [8, 8]


def test_not_drawing_gives_ten_and_the_card_is_made_up_at_the_next_draw() -> None:
    s = setup(HANDS, "KH", top=TOP, table_laws=True)
    play(s, "play AS", "play 7S", "skip")
    assert s.scores == [0.0, 10.0]
    assert scores_by_reason(s, "no draw") == [(1, 10)]
    assert s.missed == [1, 0]
    assert s.view(1).extra.missed_draws == [1, 0]
    # The loser draws the top card, the one the winner left.
    play(s, "draw")
    assert "TD" in s.full_hand(1)
    play(s, "pass")
    assert hand_sizes(s.view(0)) == [7, 8]
    views_hold(s)
    # Seat 1 trumps the next lead, draws first, then seat 0 takes one card and the one missed.
    play(s, "play 9C", "play 9H")
    assert s.current_player == 1 and s.phase is Phase.DRAW
    play(s, "draw", "pass")
    assert "QD" in s.full_hand(1)
    decision = s.view(0).decision  # (situ-2: the draw says what it makes up)
    assert s.current_player == 0 and decision is not None and "missed" in decision.prompt
    play(s, "draw")
    assert {"KC", "QC"} <= set(s.full_hand(0))
    assert s.missed == [0, 0]
    assert [len(s.full_hand(i)) for i in (0, 1)] == [8, 8]
    draws = [e.data for e in s.log if e.kind == "draw"]
    assert draws[-1]["seat"] == 0 and draws[-1]["count"] == 2
    assert s.scores == [0.0, 10.0]


def test_a_draw_too_many_gives_a_hundred_and_the_card_goes_back() -> None:
    s = setup(HANDS, "KH", top=TOP, table_laws=True)
    play(s, "play AS", "play 7S", "draw")
    assert s.legal_actions() == ["draw", "pass"]
    play(s, "draw")  # a ninth card
    assert s.scores == [0.0, 100.0]
    assert scores_by_reason(s, "more than eight cards") == [(1, 100)]
    assert [e.kind for e in s.log[-3:]] == ["fault", "score", "correction"]
    # The ninth card is back on top of the talon: seat 0 has seen it, seat 1 has not.
    assert len(s.full_hand(0)) == 8 and "QD" not in s.full_hand(0)
    assert s.stock[0] == "QD"
    assert talon_top(s.view(0)) == "QD"
    assert talon_top(s.view(1)) is None and talon_top(s.view(None)) is None
    views_hold(s)
    # The fault is put right at once and seat 0's draw is over: seat 1 draws that very card.
    assert s.current_player == 1 and s.legal_actions() == ["draw", "skip"]
    play(s, "draw")
    assert "QD" in s.full_hand(1)
    assert s.view(0).extra.known[1] == ["QD"]  # seat 0 knows where the card went
    assert talon_top(s.view(0)) is None
    views_hold(s)
    play(s, "pass")
    assert [len(s.full_hand(i)) for i in (0, 1)] == [8, 8]
    assert s.phase is Phase.TALON


def test_both_seats_may_see_the_top_card() -> None:
    s = setup(HANDS, "KH", top=TOP, table_laws=True)
    play(s, "play AS", "play 7S", "draw", "draw")  # seat 0 sees QD and puts it back
    play(s, "draw", "draw")  # seat 1 takes QD, then grabs KC and puts it back
    assert s.scores == [100.0, 100.0]
    assert talon_top(s.view(1)) == "KC" and talon_top(s.view(0)) is None
    assert s.view(0).extra.known[1] == ["QD"]
    views_hold(s)
    play(s, "play 9C", "play 9H", "draw", "draw")  # seat 1 wins, takes KC, grabs QC and puts it back
    assert "KC" in s.full_hand(1) and s.view(0).extra.known[1] == ["QD"]
    assert talon_top(s.view(1)) == "QC"
    play(s, "draw", "draw")  # seat 0 draws QC (seat 1 learns it), then grabs AD and puts it back
    assert s.view(1).extra.known[0] == ["QC"]
    assert talon_top(s.view(0)) == "AD"
    assert s.scores == [200.0, 200.0]
    views_hold(s)


def _drive(s: BeziqueState, drawer: Callable[[int, list[str]], str], until: Callable[[], bool]) -> None:
    """Play the first legal card, pass every declaration; draws are chosen by ``drawer``."""
    while not until():
        legal = s.legal_actions()
        if s.phase is Phase.DRAW:
            s.apply(drawer(s.current_player or 0, legal))
        elif "pass" in legal:
            s.apply("pass")
        else:
            s.apply(legal[0])


def test_a_player_without_cards_must_draw_and_takes_every_missed_card() -> None:
    s = setup(HANDS, "KH", top=TOP, table_laws=True)

    def seat0_never_draws(seat: int, legal: list[str]) -> str:
        if seat == 0 and "skip" in legal:
            return "skip"
        return "pass" if "pass" in legal else "draw"

    _drive(
        s, seat0_never_draws, lambda: s.phase is Phase.DRAW and not s.full_hand(0) and s.current_player == 0
    )
    assert s.legal_actions() == ["draw"]
    assert s.missed[0] == 7
    assert s.scores[1] == 70.0
    views_hold(s)
    with pytest.raises(IllegalAction, match="must draw"):
        s.apply("skip")
    play(s, "draw")
    assert len(s.full_hand(0)) == 8 and s.missed == [0, 0]


def test_short_at_the_end_of_the_talon_plays_on_short() -> None:
    """A draw missed when nothing is left to make it up: the hand is played out one card short."""
    s = setup(HANDS, "KH", top=TOP, stock_size=1, table_laws=True, last_trick="both")
    play(s, "play AS", "play 7S", "skip")  # seat 0 leaves T♦, the last talon card
    play(s, "draw")  # seat 1 takes it; the turn-up is still there, so the talon phase goes on
    assert s.phase is Phase.TALON and s.turn_up == "KH"
    assert scores_by_reason(s, "last trick of the talon") == []
    play(s, "play 9C", "play 9H")  # seat 1 wins and draws first: the turn-up is the talon's last card
    play(s, "pass?")
    assert s.current_player == 1 and phase(s) is Phase.DRAW
    play(s, "draw")
    assert "KH" in s.full_hand(1) and s.turn_up is None
    # Nothing left for seat 0, whose missed card is lost: the last eight are played 6 against 8.
    assert s.phase is Phase.LAST_EIGHT and s.current_player == 1
    assert hand_sizes(s.view(0)) == [6, 8]
    assert s.missed == [0, 0]
    assert scores_by_reason(s, "last trick of the talon") == [(1, 10)]
    views_hold(s)
    leftover_cards = None
    last_winner = None
    while s.hand_number == 1:
        acts = s.legal_actions()
        s.apply(acts[0])
        last = s.log[-1]
        for e in reversed(s.log):
            if e.kind == "play" and "winner" in e.data:
                last_winner = e.data["winner"]
                break
        for e in s.log:
            if e.kind == "leftover":
                leftover_cards = e.data
        if last.kind == "hand_end":
            break
    ends = [e for e in s.log if e.kind == "hand_end"]
    assert len(ends) == 1
    # Six tricks could be played; seat 1's last two cards have no answer and go to its tricks.
    assert leftover_cards is not None and leftover_cards["seat"] == 1 and len(leftover_cards["cards"]) == 2
    finals = scores_by_reason(s, "last trick")
    assert finals == [(last_winner, 10)]
    bris = scores_by_reason(s, "brisques")
    assert sum(p for _, p in bris) == 160  # every ace and ten ends in somebody's tricks


def test_a_player_with_no_card_at_the_end_of_the_talon_ends_the_hand() -> None:
    """Seat 1 never draws; seat 0 wins every trick and takes the turn-up: seat 1 has nothing to play."""
    hands = [
        ["AH", "AH", "TH", "TH", "AS", "AS", "TS", "TS"],
        ["7C", "8C", "9C", "7D", "8D", "9D", "7S", "8S"],
    ]
    s = setup(hands, "KH", stock_size=7, table_laws=True, last_trick="both")
    leads = iter(["AH", "AH", "TH", "TH", "AS", "AS", "TS", "TS"])
    while s.hand_number == 1:
        legal = s.legal_actions()
        if s.phase is Phase.DRAW:
            if s.current_player == 1 and "skip" in legal:
                s.apply("skip")
            else:
                s.apply("pass" if "pass" in legal else "draw")
        elif s.phase is Phase.DECLARE:
            s.apply("pass")
        elif s.current_player == 0:
            s.apply(f"play {next(leads)}")
        else:
            s.apply(legal[0])
        if s.hand_number == 1 and s.phase is Phase.DRAW and s.current_player == 1:
            assert "skip" in s.legal_actions() or not s.full_hand(1)
    # Seat 1 missed seven draws (70 to seat 0); its last card went to the eighth trick, after
    # which seat 0 drew the turn-up and nothing was left for seat 1.
    assert scores_by_reason(s, "no draw") == [(0, 10)] * 7
    turn_up_draw = [e.data for e in s.log if e.kind == "draw" and "card" in e.data]
    assert turn_up_draw == [dict(turn_up_draw[0], seat=0, card="KH")]
    kept = [e.data for e in s.log if e.kind == "leftover"]
    assert len(kept) == 1 and kept[0]["seat"] == 0 and len(kept[0]["cards"]) == 8 and "KH" in kept[0]["cards"]
    assert scores_by_reason(s, "last trick") == [(0, 10)]
    assert scores_by_reason(s, "last trick of the talon") == [(0, 10)]
    end = next(e.data for e in s.log if e.kind == "hand_end")
    bris = dict(scores_by_reason(s, "brisques"))
    assert end["points"][0] == 70 + 10 + 10 + bris[0]
    assert sum(bris.values()) == 160


def test_heuristic_never_skips_nor_draws_twice() -> None:
    game = parlour.make("bezique", table_laws=True, target=300)
    for seed, kinds in ((3, ["heuristic", "heuristic"]), (4, ["heuristic", "random"])):
        s = game.new(seed=seed)
        players = [make_player(k, game, i) for i, k in enumerate(kinds)]
        while not s.is_over:
            seat = s.current_player
            assert seat is not None
            s.apply(players[seat].choose(s.view(seat), game))
        faults = [e.data["seat"] for e in s.log if e.kind == "fault"]
        heuristic_seats = {i for i, k in enumerate(kinds) if k == "heuristic"}
        assert not heuristic_seats & set(faults)
        if kinds[1] == "random":
            assert faults  # the random player does make them


@pytest.mark.parametrize(
    ("kinds", "seed"),
    [
        (["random", "random"], 11),
        (["random", "heuristic"], 12),
        (["heuristic", "random"], 13),
        (["random", "random"], 14),
    ],
)
def test_table_laws_pass_the_contract(kinds: list[str], seed: int) -> None:
    from tests.conformance import check_match

    options: dict[str, Any] = {"table_laws": True, "target": 500}
    if seed % 2:
        options["last_trick"] = "both"
    state = check_match(parlour.make("bezique", **options), kinds, seed, every=2)
    assert state.is_over


def test_a_save_from_before_the_table_law_draws_still_loads() -> None:
    import json

    s = setup(HANDS, "KH", top=TOP, table_laws=True)
    saved = json.loads(s.to_json())
    for key in ("draw_queue", "drawn", "owed", "top_seen"):
        del saved["state"][key]
    old = s.game.load(json.dumps(saved))
    assert isinstance(old, BeziqueState)
    play(old, "play AS", "play 7S", "skip")
    assert old.scores == [0.0, 10.0] and old.missed == [1, 0]
