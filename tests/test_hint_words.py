"""A hint is shown after its move ("play J♠ — the only card that may be played"): a reason that named the
card again read "play J♠ — plays J♠: the only card that may be played" (Roquet's and open tarock's strong
players where one card is lawful)."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.players import hint


@pytest.mark.parametrize("game_name", ["roquet", "open-tarock"])
def test_the_only_card_is_not_named_twice(game_name: str) -> None:
    game = parlour.make(game_name)
    met = 0
    for seed in range(6):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and met < 3:
            seat = state.current_player
            moves = state.legal_actions()
            if seat is not None and len(moves) == 1 and moves[0].startswith("play "):
                advice = hint(state.view(seat), game, seed=1, seconds=None)
                assert advice.action == moves[0]
                assert advice.reason == "the only card that may be played", advice.reason
                met += 1
            if not moves:
                break
            state.apply(rng.choice(moves))
    assert met == 3
