"""A new game needs only its own package (issue 11): ``tests/toy_game.py``, installed the way a third-party
package would be (an entry point in the ``parlour.games`` group), passes the whole conformance suite."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import parlour
from parlour.players import player_kinds
from tests.conformance import check_match, play_to_end, same_seed_same_match
from tests.plugins import installed
from tests.test_saves import tamper_saves

TOY = "toy-tricks"


@pytest.fixture
def toy(tmp_path: Path) -> Iterator[None]:
    with installed(tmp_path, {TOY: "tests.toy_game:MANIFEST"}):
        yield


@pytest.mark.usefixtures("toy")
def test_the_toy_game_is_found_through_its_entry_point() -> None:
    assert TOY in [i.name for i in parlour.list_games()]
    assert player_kinds(TOY) == ["random"]
    assert parlour.make(TOY).title == "Toy Tricks"


@pytest.mark.usefixtures("toy")
@pytest.mark.parametrize("seed", range(6))
def test_the_toy_game_passes_the_conformance_suite(seed: int) -> None:
    game = parlour.make(TOY)
    check_match(game, ["random", "random"], seed, every=1)
    play_to_end(game, ["random", "random"], seed + 100)


@pytest.mark.usefixtures("toy")
def test_the_toy_game_replays_and_refuses_tampered_saves() -> None:
    same_seed_same_match(TOY, ["random", "random"], 3)
    tamper_saves(TOY, examples=60)
    game = parlour.make(TOY)
    state = game.new()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert game.replay(state.to_json()).to_json() == state.to_json()


def test_the_toy_game_is_gone_once_uninstalled(tmp_path: Path) -> None:
    with installed(tmp_path, {TOY: "tests.toy_game:MANIFEST"}):
        assert TOY in [i.name for i in parlour.list_games()]
    assert TOY not in [i.name for i in parlour.list_games()]
