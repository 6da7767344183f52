"""Episodes (``parlour.episodes``): what the OpenSpiel and PettingZoo adapters share, without them.

An episode ends when its rules say (the match, or its first hands), or at the length bound; its returns
lie within the declared bounds; what a seat knows (its record and view) survives a copy, a save and a
resampling of everything it cannot see; and importing parlour imports neither framework.
"""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from typing import Any

import pytest

from parlour.engine.rng import Rng
from parlour.episodes import HAND_CAP, Episode, Table, hand_decisions, match_hands
from parlour.players import RandomPlayer
from tests.conformance import face_up
from tests.extras import ADAPTER_SHORT, GAMES


def play_out(episode: Episode, seed: int, check_every: int = 0) -> None:
    """Random play to the episode's end; every ``check_every`` steps, the copies and the worlds of the
    seat to move must show it the very same information state."""
    player = RandomPlayer(seed)
    game = episode.table.game
    while (seat := episode.current_player) is not None:
        if check_every and episode.steps % check_every == 0:
            known = episode.information_state_string(seat)
            assert copy.deepcopy(episode).information_state_string(seat) == known
            assert pickle.loads(pickle.dumps(episode)).information_state_string(seat) == known
            world = episode.resample(seat, seed + episode.steps)
            assert world.information_state_string(seat) == known
            assert world.current_player == seat
        episode.apply(player.choose(episode.state.view(seat), game))
    assert episode.steps <= episode.table.max_length


@pytest.mark.parametrize("name", GAMES)
def test_whole_match_outcome(name: str) -> None:
    table = Table(name, rng_seed=1, **ADAPTER_SHORT[name])
    episode = table.new_episode()
    play_out(episode, 1, check_every=13)
    assert episode.state.is_over and not episode.truncated
    returns = episode.returns()
    assert set(returns) <= {-1.0, 0.0, 1.0}
    outcome = episode.state.outcome
    assert outcome is not None
    assert [s for s, r in enumerate(returns) if r == 1.0] == sorted(outcome.winners)
    if table.zero_sum:
        assert sum(returns) == 0


@pytest.mark.parametrize("name", GAMES)
def test_first_hand_points(name: str) -> None:
    """``hands=1`` ends the episode with the first hand; its points are the hand's, within bounds."""
    table = Table(name, hands=1, returns="points", rng_seed=2, **ADAPTER_SHORT[name])
    episode = table.new_episode()
    play_out(episode, 2)
    assert episode.hands_done == 1
    hand_end = next(e for e in episode.state.log if e.kind == "hand_end" and e.to is None)
    assert episode.returns() == [float(p) for p in hand_end.data["points"]]
    assert all(table.min_return <= r <= table.max_return for r in episode.returns())


def test_a_cut_episode_is_judged_by_its_points() -> None:
    """Bishops whist to 25 is not over after one hand: the side with more hand points wins the episode."""
    table = Table("bishops-whist", hands=1, rng_seed=3)
    episode = table.new_episode()
    play_out(episode, 3)
    assert not episode.state.is_over
    points = episode.points
    expected = [0.0] * 4 if points[0] == points[1] else [1.0 if p == max(points) else -1.0 for p in points]
    assert episode.returns() == expected
    assert sum(expected) == 0 and table.zero_sum


def test_the_length_bound_truncates() -> None:
    """The bound is enforced: an episode that reaches it ends there, truncated, judged on its points."""
    table = Table("bishops-whist", rng_seed=4)
    table.max_length = 30
    episode = table.new_episode()
    play_out(episode, 4)
    assert episode.steps == 30 and episode.truncated and episode.is_over
    assert episode.current_player is None and episode.legal_actions() == []
    with pytest.raises(ValueError, match="over"):
        episode.apply("play 2S")


@pytest.mark.parametrize(
    ("name", "options", "hands"),
    [
        ("apology", {"deals": 3}, 3),
        ("open-tarock", {"deals": 5}, 5),
        ("bishops-whist", {"hand_limit": 7}, 7),
        ("lansquenet", {"length": "deals", "deals": 9}, 9),
        ("lansquenet", {}, HAND_CAP),
        ("bezique", {}, HAND_CAP),
        ("roquet", {}, HAND_CAP),
    ],
)
def test_hands_bound(name: str, options: dict[str, Any], hands: int) -> None:
    table = Table(name, **options)
    assert match_hands(table.game) == hands
    assert table.max_length == hands * hand_decisions(table.game)
    assert Table(name, hands=2, **options).max_length == min(2, hands) * hand_decisions(table.game)


def test_bounds_of_points() -> None:
    roquet = Table("roquet", hands=3, returns="points")
    assert (roquet.min_return, roquet.max_return) == (0.0, 270.0)
    lansquenet = Table("lansquenet", returns="points", players=4, stake=50)
    assert (lansquenet.min_return, lansquenet.max_return) == (-50.0, 150.0)
    assert (Table("apology").min_return, Table("apology").max_return) == (-1.0, 1.0)


def test_zero_sum() -> None:
    assert Table("bishops-whist").zero_sum and Table("bezique").zero_sum
    assert not Table("apology").zero_sum and not Table("lansquenet", players=3).zero_sum
    assert not Table("bezique", returns="points").zero_sum


def test_seeds() -> None:
    """A table's episodes follow from its seed, and differ from one another."""
    a, b = Table("bezique", rng_seed=5), Table("bezique", rng_seed=5)
    first = [a.new_episode().state.to_json() for _ in range(3)]
    assert first == [b.new_episode().state.to_json() for _ in range(3)]
    assert len(set(first)) == 3


def test_bad_parameters() -> None:
    with pytest.raises(ValueError, match="hands"):
        Table("roquet", hands=-1)
    with pytest.raises(ValueError, match="returns"):
        Table("roquet", returns="glory")


def test_what_a_seat_knows_hides_the_others_cards() -> None:
    """A seat's record holds the cards dealt to it, never another's; resampling keeps only the public
    past for the other seats."""
    table = Table("bishops-whist", rng_seed=6, hand_limit=1)
    episode = table.new_episode()
    player = RandomPlayer(6)
    for _ in range(10):
        seat = episode.current_player
        assert seat is not None
        episode.apply(player.choose(episode.state.view(seat), table.game))
    shown = set(face_up(episode.state.view(0)))
    public = "\n".join(episode.public)  # the cut, the turn-up, the tricks: cards every seat has seen
    text = episode.information_state_string(0)
    for s in (1, 2, 3):
        for card in set(episode.state.view(s).hand) - shown - {"N"}:  # the knights share one code
            if f'"{card}"' not in public and f" {card}" not in public:
                assert f'"{card}"' not in text and f" {card}" not in text
    world = episode.resample(0, 9)
    assert world.seen[1] == episode.public and world.seen[0] == episode.seen[0]
    assert world.state.view(0) == episode.state.view(0)
    assert table.game.determinize(episode.state.view(0), Rng(9)).view(0) == episode.state.view(0)


def test_importing_parlour_imports_no_framework() -> None:
    code = (
        "import sys, parlour, parlour.episodes, parlour.players; "
        "print(sorted(m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
