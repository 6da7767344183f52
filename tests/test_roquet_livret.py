"""Roquet: the livret as the seed lays it out (ruling RQ-8), and the figures that settled it."""

from __future__ import annotations

import pytest

import parlour
from parlour.engine import Rng
from parlour.games.roquet.analysis import hand_figures
from parlour.sim import simulate
from tests.test_roquet import MELD_DEAL, roquet, start


def test_livret_is_not_made_up_again_by_default() -> None:
    """The seed's stock replenishes the hands only: a livret card melded leaves a gap."""
    assert parlour.make("roquet").options["livret_refill"] is False
    state = start(MELD_DEAL)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld 6D 7D 8D")  # takes 6D from the livret
    state.apply("done")
    assert state.livret == ["QS", "QH", "AC"]
    assert not any(e.kind == "livret" for e in state.log)
    assert state.view(0).extra.stock_size == 40 - 3 - 1  # the hands' draws alone


def test_livret_refill_option_makes_it_up_from_the_stock() -> None:
    state = start(MELD_DEAL, livret_refill=True)
    state.apply("play CS")
    state.apply("play 2S")
    state.apply("meld 6D 7D 8D")
    state.apply("done")
    # The winner draws 9C TC LC, the loser BC; then QC goes to the livret.
    assert state.livret == ["QS", "QH", "AC", "QC"]
    assert state.view(0).extra.stock_size == 40 - 3 - 1 - 1


def test_without_refill_the_livret_only_dwindles_over_a_whole_hand() -> None:
    state = roquet().new(seed=5)
    rng = Rng(5)
    start_livret = list(state.livret)
    taken = 0
    while state.hand_number == 1:
        before = list(state.livret)
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        if state.hand_number == 1:
            assert set(state.livret) <= set(before) and len(state.livret) >= len(before) - 1
            taken += len(before) - len(state.livret)
    figures = hand_figures(e.to_dict() for e in state.events(None))
    assert figures[0].taken_from_livret == taken
    assert figures[0].taken_from_livret + figures[0].livret_dead == len(start_livret)


def test_the_livret_figures_agree_with_the_rule() -> None:
    """The simulation figures that settled RQ-8, on a few matches: without refill every livret card
    is either melded or dead; with it the livret empties far less often."""
    plain = simulate("roquet", ["heuristic", "heuristic"], 6, seed=3)
    refill = simulate("roquet", ["heuristic", "heuristic"], 6, seed=3, options={"livret_refill": True})
    p, r = plain.extra, refill.extra
    total = p["livret_takes_per_hand"]["mean"] + p["livret_dead_per_hand"]["mean"]
    assert total == pytest.approx(4.0)
    assert p["livret_emptied"]["rate"] > r["livret_emptied"]["rate"]
    assert p["hands"] >= 6 and p["tricks_per_hand"]["interval"][0] <= p["tricks_per_hand"]["mean"]
