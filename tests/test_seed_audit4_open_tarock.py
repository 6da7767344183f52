"""A fourth audit of the open tarock game for children against the seed
(shared/seeds/open-tarock-for-children.txt), for what the first three audits leave without a scenario:

* "it is played between two players": the game seats two, and offers no option for more;
* "all the information is available to both of them" - and no more: the cards still upside down in the
  stacks are hidden from both players alike, so two deals that differ only there give every seat, a
  spectator, the hint and every computer player one and the same table and the same choice.

Everything goes through the public API from explicit deals (``parlour.make``, ``new(deal=...)``,
``view(seat)``, ``parlour.players``). Rulings are cited by id (docs/rulings.md).
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.cards import TAROCK_54
from parlour.engine import InvalidOption, State
from parlour.players import hint, make_player

TOPS = ([["KH"], ["7S"], ["XX"], ["QC"]], [["1H"], ["8S"], ["III"], ["JD"]])
"""The turned-up cards of each seat's four stacks (seat 0 deals and leads)."""


def dealt(below: list[str]) -> State:
    """A first hand with the turned-up cards ``TOPS`` and ``below`` laid face down under them, stack by
    stack (seat 0's four stacks, then seat 1's), filling the usual 7, 7, 7, 6 (ruling OT-1)."""
    rest = iter(below)
    stacks = [
        [[*top, *(next(rest) for _ in range(size - 1))] for top, size in zip(tops, (7, 7, 7, 6), strict=True)]
        for tops in TOPS
    ]
    state: State = parlour.make("open-tarock", deals=1).new(seed=3, deal={"dealer": 0, "stacks": stacks})
    return state


def test_the_game_is_for_two_players() -> None:
    """ "It is played between two players": two seats, the dealer and his opponent, and no option to seat
    more."""
    game = parlour.make("open-tarock")
    state = game.new(seed=5)
    assert [s.seat for s in state.view(None).seats] == [0, 1]
    assert "players" not in game.options
    with pytest.raises(InvalidOption):
        parlour.make("open-tarock", players=3)


@pytest.mark.parametrize("kind", ["easy", "heuristic", "normal"])
def test_what_lies_face_down_changes_nothing_anyone_sees_or_chooses(kind: str) -> None:
    """The seed's stacks are dealt "upside down" and only their top cards are turned; "all the information
    is available to both of them" - the turned-up cards - and a card still face down is unknown to its
    owner too (ruling OT-5). Two deals with the same turned-up cards, the other 46 in the opposite order
    underneath, give each seat and a spectator the same table, and the dealer the same hint and the same
    move from a computer player."""
    hidden = [c for c in TAROCK_54.cards if c not in {t for tops in TOPS for st in tops for t in st}]
    one, other = dealt(hidden), dealt(list(reversed(hidden)))
    assert one.to_json() != other.to_json()
    for viewer in (0, 1, None):
        assert one.view(viewer) == other.view(viewer)
    game = parlour.make("open-tarock", deals=1)
    views: list[Any] = [one.view(0), other.view(0)]
    moves = [make_player(kind, game, 7).choose(view, game) for view in views]
    assert moves[0] == moves[1] and moves[0] in one.legal_actions()
    if kind == "normal":
        hints = [hint(view, game, 7, seconds=None) for view in views]
        assert hints[0] == hints[1]
