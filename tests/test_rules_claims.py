"""The rules texts' concrete claims, checked against what the games do.

A player reads ``parlour rules <game>`` and plays by it, so each claim that a mistake would hurt
(a score, who deals or leads next, when the match ends, what a move may be) is pinned here: from an
explicit deal where one can show it, otherwise over whole matches played out at random from seeds.
Each docstring says which sentence of the rules text it checks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import parlour
from parlour.engine import State

SEEDS = range(6)


def played_out(game: str, seed: int, **options: Any) -> State:
    """A whole match from ``seed``, every move chosen at random (amounts at their least)."""
    state = parlour.make(game, **options).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        actions = state.legal_actions()
        if actions:
            state.apply(rng.choice(actions))
        else:
            r = state.legal_ranges()[0]
            state.apply(f"{r.verb} {r.low}")
    return state


def events(state: State, kind: str) -> list[Mapping[str, Any]]:
    return [e.data for e in state.log if e.kind == kind]


# --- Bishops Whist ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_bishops_whist_lowest_cut_deals_first_and_the_deal_goes_left(seed: int) -> None:
    """"The lowest cut deals first" (with fixed partners too) and "the deal passes to the left after
    each hand", the left-hand neighbour being the next seat."""
    state = played_out("bishops-whist", seed)
    cut = {int(s): c for s, c in events(state, "cut")[0]["cards"].items()}
    order = "C K Q B N 9 8 7 6 5 4 3 2".split()
    ranks = {s: order.index(c[:-1] if c != "N" else "N") for s, c in cut.items()}
    dealers = [d["dealer"] for d in events(state, "turn_up")]
    if list(ranks.values()).count(max(ranks.values())) == 1:  # no tie for lowest: no cut again
        assert dealers[0] == max(ranks, key=lambda s: ranks[s])
    assert all(b == (a + 1) % 4 for a, b in zip(dealers, dealers[1:], strict=False))


@pytest.mark.parametrize("seed", SEEDS)
def test_bishops_whist_hand_scores_and_the_end_of_the_game(seed: int) -> None:
    """"At most 16 points a hand", "every hand is played out", and "a side with 25 or more at the end
    of a hand wins; if both have passed 25 the higher wins; equal scores: another hand" (strict laws)."""
    state = played_out("bishops-whist", seed)
    ends = events(state, "hand_end")
    before = [0, 0]
    for i, end in enumerate(ends):
        match = list(end["match"])
        gained = [match[k] - before[k] for k in (0, 1)]
        assert all(0 <= g <= 16 for g in gained)
        assert end["tricks"][0] + end["tricks"][1] == 13
        over = max(match) >= 25 and match[0] != match[1]
        assert over == (i == len(ends) - 1), (i, match)
        before = match
    assert state.outcome is not None
    side = 0 if before[0] > before[1] else 1
    assert set(state.outcome.winners) == {side, side + 2}


# --- Apology ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_apology_deals_scores_and_the_match(seed: int) -> None:
    """"The deal passes to the left after every deal" (the next seat), "the match is a fixed number of
    deals (default 4, so each player deals once)", "reaching the target: the taker +3, each defender
    -1; otherwise the taker -3, each defender +1; a thrown-in deal scores nothing", and "the highest
    total wins, and equal totals share the win" (all four level is a draw, ruling AP-12)."""
    state = played_out("apology", seed)
    dealers = [d["dealer"] for d in events(state, "deal")]
    assert dealers == [(dealers[0] + k) % 4 for k in range(4)]
    totals = [0.0] * 4
    for end in events(state, "hand_end"):
        points = list(end["points"])
        if end["thrown_in"]:
            assert points == [0.0] * 4
        else:
            taker = end["taker"]
            made = end["taker_points"] >= end["target"]
            assert made == end["made"]
            assert points[taker] == (3 if made else -3)
            assert all(points[s] == (-1 if made else 1) for s in range(4) if s != taker)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
    assert list(state.scores) == totals
    assert state.outcome is not None
    top = {s for s in range(4) if totals[s] == max(totals)}
    assert set(state.outcome.winners) == (set() if len(top) == 4 else top)


@pytest.mark.parametrize("seed", SEEDS)
def test_apology_bidding_starts_left_of_the_dealer_and_the_first_bid_takes(seed: int) -> None:
    """"Starting at the dealer's left, each player in turn either bids or passes ... the first player
    to bid becomes the taker", and "the player at the dealer's left leads to the first trick, whoever
    took"."""
    state = played_out("apology", seed)
    deal_no = -1
    bids: list[Mapping[str, Any]] = []
    dealer = 0
    for e in state.log:
        if e.kind == "deal":
            dealer, bids, deal_no = e.data["dealer"], [], deal_no + 1
            first_play = True
        elif e.kind == "bid":
            bids.append(e.data)
        elif e.kind == "take":
            assert [b["seat"] for b in bids] == [(dealer + 1 + k) % 4 for k in range(len(bids))]
            assert [b["bid"] for b in bids] == [False] * (len(bids) - 1) + [True]
            assert e.data["seat"] == bids[-1]["seat"]
        elif e.kind == "play" and first_play:
            assert e.data["seat"] == (dealer + 1) % 4
            first_play = False


# --- Open tarock -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("pack", "total"), [("tarock54", 70), ("tarot78", 78)])
def test_open_tarock_counts_points_and_the_match(pack: str, total: int) -> None:
    """"The two counts always add up to the pack's total: 70 (54 cards), 78 (78 cards)", "a player's
    game points are his count less half the pack's total", "a match is `deals` hands (default 2) ...
    the deal alternates", "the dealer leads the first trick", and "the higher total wins (equal totals
    are a draw)"."""
    for seed in SEEDS:
        state = played_out("open-tarock", seed, pack=pack)
        ends = events(state, "hand_end")
        assert len(ends) == 2
        for end in ends:
            counts, points = end["counts"], end["points"]
            assert counts[0] + counts[1] == pytest.approx(total)
            assert points == [pytest.approx(c - total / 2) for c in counts]
        firsts = []
        after_deal = True
        for e in state.log:
            if e.kind == "deal":
                after_deal = True
            elif e.kind == "play" and after_deal:
                firsts.append(e.data["seat"])
                after_deal = False
        assert len(firsts) == 2 and firsts[0] != firsts[1]  # each player deals (and leads) once
        assert state.outcome is not None
        totals = list(state.scores)
        assert set(state.outcome.winners) == (set() if totals[0] == totals[1] else {totals.index(max(totals))})


# --- Roquet ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_roquet_deal_alternates_and_the_match_ends_at_100_and_ahead(seed: int) -> None:
    """"The deal then alternates. The non-dealer leads", "each player's banked points are added to
    the running score", and "when a hand ends with a player at 100 or more and ahead, that player
    wins; equal scores of 100 or more: another hand"."""
    state = played_out("roquet", seed)
    dealers = [d["dealer"] for d in events(state, "deal")]
    assert all(b == 1 - a for a, b in zip(dealers, dealers[1:], strict=False))
    ends = events(state, "hand_end")
    scores = [0, 0]
    for i, end in enumerate(ends):
        scores = [scores[k] + end["points"][k] for k in (0, 1)]
        assert list(end["scores"]) == scores
        assert (max(scores) >= 100 and scores[0] != scores[1]) == (i == len(ends) - 1)
    assert state.outcome is not None and state.outcome.winners == (scores.index(max(scores)),)
    dealer = None
    for e in state.log:
        if e.kind == "deal":
            dealer, first = e.data["dealer"], True
        elif e.kind == "play" and first:
            assert e.data["seat"] == 1 - dealer
            first = False


# --- Bezique ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_bezique_deal_alternates_and_the_match(seed: int) -> None:
    """"For the first hand both players cut; the higher card deals. After that the deal alternates",
    "the non-dealer leads to the first trick", and "the first to reach the target (1000) wins; the hand
    is played out and the match ends with it"."""
    state = played_out("bezique", seed)
    cut = events(state, "cut")[0]
    order = "A T K Q J 9 8 7".split()
    ranks = [order.index(c[0]) for c in cut["cards"]]
    dealers = [d["dealer"] for d in events(state, "deal")]
    if ranks[0] != ranks[1]:
        assert dealers[0] == ranks.index(min(ranks))
    assert all(b == 1 - a for a, b in zip(dealers, dealers[1:], strict=False))
    totals = [0, 0]
    first_to_reach = None
    ended = False
    for e in state.log:
        if e.kind == "score":
            totals[e.data["seat"]] += e.data["points"]
            if first_to_reach is None and max(totals) >= 1000:
                first_to_reach = totals.index(max(totals))
        elif e.kind == "hand_end":
            assert not ended
            ended = first_to_reach is not None
    assert ended and list(state.scores) == totals
    assert state.outcome is not None and state.outcome.winners == (first_to_reach,)
