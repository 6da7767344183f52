"""Golden legal-action counts from fixed deals, for every game (see ``tests/perft.py``)."""

from __future__ import annotations

import pytest

import parlour
from tests.perft import GOLDEN, perft, read

GAMES = [info.name for info in parlour.list_games()]


@pytest.mark.parametrize("game", GAMES)
def test_golden_legal_action_counts(game: str) -> None:
    assert (GOLDEN / f"{game}.perft").exists(), f"tests/golden/{game}.perft is missing"
    lines = read(game)
    assert len(lines) >= 3, "at least three positions: the first decision, mid-hand, and a later hand"
    for golden in lines:
        assert perft(golden.position(), golden.depth) == golden.nodes, golden.line()
