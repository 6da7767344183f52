"""What a demanding new user met at the web table on a phone and at Roquet's table, part five, pinned
where it was mended: Roquet's prompt quoting the word a terminal types, the situation line saying again
the hand's number and trumps that the badges beside it say, Roquet's faded trick giving way on a phone,
the keyboard's help offered on a touch phone, and a visual viewport smaller than the window.

The server and browser helpers are the walks' (``tests/web_walks.py``); the replays the layout tests
walk are ``tests/test_qa_web.py``'s.
"""

from __future__ import annotations

import re

import pytest

import parlour
from parlour.engine.state import State
from tests.test_qa_web import (
    replay_server,
)
from tests.web_walks import (
    PHONE,
    browser,
    shooter,
)

pytestmark = [pytest.mark.timeout(300)]

__all__ = ["browser", "replay_server"]  # the module's Chromium and replay server, shared by its tests

shoot = shooter("walk5")

DESKTOP = {"width": 1280, "height": 800}
SIZES = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])


def roquet_at_a_meld() -> State:
    """A seeded Roquet match moved on, each seat taking its first move, to a trick winner's meld."""
    state: State = parlour.make("roquet").new(seed=3)
    seat = state.current_player
    assert seat is not None
    while "done" not in state.view(seat).legal_actions:
        state.apply(state.view(seat).legal_actions[0], seat=seat)
        seat = state.current_player
        assert seat is not None
    return state


def test_roquet_names_its_done_as_the_other_games_name_their_pass() -> None:
    """Roquet's meld read "may meld (or 'done')" and "lay down a combination ..., or 'done'": the word
    quoted as a terminal types it, where the web table has a button "done". The other games name such a
    choice bare ("declare a meld ..., or pass"); Roquet's says "or be done", its button's word."""
    state = roquet_at_a_meld()
    view = state.view(state.current_player)
    assert "done" in view.legal_actions
    assert view.decision is not None
    for words in (view.situation, view.decision.prompt):
        assert "'" not in words, words
    assert view.decision.prompt.endswith("or be done"), view.decision.prompt
    assert view.situation.endswith("won the trick and may meld"), view.situation


def test_roquet_s_situation_leaves_the_hand_and_trumps_to_the_view_s_fields() -> None:
    """Roquet's situation began "hand 1, clubs are trumps: ", which every table shows beside it from
    the view's own fields (the web's "Hand 1" and "Trumps: ♣ clubs", the terminal's rows)."""
    state = roquet_at_a_meld()
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view.hand_number == 1 and view.trump
        assert not re.search(r"\bhand \d|are trumps", view.situation), view.situation
