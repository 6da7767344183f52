"""Levels, hints and duplicate measurement: what every game's computer players offer a person.

Every game names a player for each level (easy, normal, strong); the strong one explains its choice
(a hint) from the seat's view alone; the terminal and the web table offer the hint; and
``parlour.duplicate`` measures one player against another with the same deals.
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.cli.terminal import TerminalGame
from parlour.duplicate import DealResult, duplicate, interval, paired, share
from parlour.engine import Game, State
from parlour.players import (
    LEVELS,
    Advice,
    Advisor,
    Timed,
    describe_player,
    hint,
    make_player,
    player_kinds,
)
from tests.conformance import random_moves

GAMES = [info.name for info in parlour.list_games()]
runner = CliRunner()


def position(game: Game[Any], seed: int, moves: int) -> State:
    """A seeded position some way into a match, at a seat's turn."""
    state: State = game.new(seed=seed)
    random_moves(state, game, moves, seed)
    assert not state.is_over and state.current_player is not None
    return state


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_the_three_levels_and_a_strong_player_that_explains(name: str) -> None:
    game = parlour.make(name)
    kinds = player_kinds(name)
    assert set(LEVELS) <= set(kinds), f"{name} lacks a level: {kinds}"
    strong = make_player("strong", game, 1)
    assert isinstance(strong, Advisor), f"{name}'s strong player gives no reasons"


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_is_a_legal_move_with_a_reason_and_changes_nothing(name: str) -> None:
    game = parlour.make(name)
    for seed, moves in ((3, 0), (5, 7)):
        state = position(game, seed, moves)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        before = state.to_json()
        advice = hint(view, game, seed=9, seconds=None)
        assert isinstance(advice, Advice)
        assert advice.reason.strip(), f"{name}: a hint without a reason"
        assert state.to_json() == before
        # the hint is a move the seat may make now, and the strong player's own choice from the same
        # seed (so the same seed gives the same hint)
        probe = state.clone()
        probe.apply(advice.action, seat=seat)
        assert make_player("strong", game, 9).choose(view, game) == advice.action


def test_no_hint_for_a_spectator_or_out_of_turn() -> None:
    game = parlour.make("bishops-whist")
    state = game.new(seed=2)
    seat = state.current_player
    assert seat is not None
    with pytest.raises(ValueError, match="spectator"):
        hint(state.view(None), game)
    with pytest.raises(ValueError, match="not this seat's turn"):
        hint(state.view((seat + 1) % 4), game)


class _Clocked:
    """A Timed player, to see that make_player hands it the table's time limit."""

    def __init__(self) -> None:
        self.limit: float | None = -1.0

    def limit_time(self, seconds: float | None) -> None:
        self.limit = seconds

    def choose(self, view: Any, game: Game[Any]) -> str:
        return str(view.legal_actions[0])


def test_make_player_passes_a_time_limit_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    import parlour.engine
    import parlour.players

    game = parlour.make("lansquenet")
    real = parlour.engine.manifest("lansquenet")
    fake = dataclasses.replace(real, players={**real.players, "clocked": lambda g, seed: _Clocked()})
    monkeypatch.setattr(parlour.players, "manifest", lambda name: fake)
    timed = make_player("clocked", game, 0, seconds=0.5)
    assert isinstance(timed, Timed) and isinstance(timed, _Clocked)
    assert timed.limit == 0.5
    untimed = make_player("clocked", game, 0)
    assert isinstance(untimed, _Clocked) and untimed.limit == -1.0


def test_duplicate_deals_measure_a_margin_reproducibly() -> None:
    same = duplicate("bezique", "heuristic", "heuristic", deals=2, seed=4)
    assert same.margins == (0.0, 0.0), "a player measured against itself on the same deals gains nothing"
    weak = duplicate("bezique", "random", "heuristic", deals=4, seed=4)
    assert weak.mean < 0, weak.line()
    again = duplicate("bezique", "random", "heuristic", deals=4, seed=4, jobs=2)
    assert again.margins == weak.margins, "the same seed gives the same figures with any number of jobs"
    assert "random vs heuristic" in weak.line() and "4 deals" in weak.line()
    with pytest.raises(ValueError, match="deals"):
        duplicate("bezique", "random", deals=0)
    with pytest.raises(ValueError, match="seats"):
        duplicate("bezique", "random", deals=1, seats=[2])


def test_duplicate_runs_may_split_a_seeds_deals_and_hear_of_each_deal() -> None:
    """Deal ``k`` of a seed is the same cards in any run, so two runs (``first``) pair with one; each deal's
    figures reach ``on_deal`` in order, as the long strength runs write them down."""
    whole = duplicate("bezique", "random", "heuristic", deals=3, seed=4)
    heard: list[DealResult] = []
    tail = duplicate("bezique", "random", "heuristic", deals=2, seed=4, first=1, on_deal=heard.append)
    assert tail.margins == whole.margins[1:]
    assert [d.k for d in heard] == [1, 2] and tuple(d.margin for d in heard) == tail.margins
    assert sum(d.moves for d in heard) == tail.candidate_moves > 0
    heard_jobs: list[DealResult] = []
    duplicate("bezique", "random", "heuristic", deals=2, seed=4, first=1, jobs=2, on_deal=heard_jobs.append)
    assert [(d.k, d.margin, d.moves) for d in heard_jobs] == [(d.k, d.margin, d.moves) for d in heard]
    with pytest.raises(ValueError, match="first"):
        duplicate("bezique", "random", deals=1, first=-1)


def test_paired_differences_and_shares_of_a_margin() -> None:
    """The figures the strength notes quote: a paired difference and a share of the cheat's margin."""
    assert interval([1.0, 2.0, 3.0]) == paired([1.0, 2.0, 3.0], [0.0, 0.0, 0.0])
    assert interval([]) == (0.0, math.inf) and interval([2.0]) == (2.0, math.inf)
    m, h = paired([1.0, 2.0, 3.0], [0.0, 0.0, 0.0])
    assert m == pytest.approx(2.0) and h == pytest.approx(1.96 * (1 / 3) ** 0.5)
    assert paired([1.0, 2.0], [1.0, 2.0]) == (0.0, 0.0)
    r, h = share([1.0, 2.0, 3.0], [2.0, 4.0, 6.0])
    assert r == pytest.approx(0.5) and h == pytest.approx(0.0)
    r, h = share([1.0, 0.0], [2.0, 2.0])
    assert r == pytest.approx(0.25) and h > 0
    with pytest.raises(ValueError, match="same deals"):
        paired([1.0], [1.0, 2.0])
    # a factory with arguments bound is named by its call in the result's line
    result = duplicate("bezique", "random", functools.partial(make_player, "heuristic"), deals=1, seats=[0])
    assert (
        result.baseline == "make_player('heuristic')"
        and "random vs make_player('heuristic')" in result.line()
    )
    with pytest.raises(ValueError, match="not zero"):
        share([1.0, 2.0], [1.0, -1.0])


def test_cli_players_and_duplicate() -> None:
    result = runner.invoke(app, ["players", "lansquenet"])
    assert result.exit_code == 0, result.output
    for level in LEVELS:
        assert level in result.output
    result = runner.invoke(
        app, ["duplicate", "bezique", "--candidate", "random", "--deals", "2", "--seats", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "random vs heuristic" in result.output
    result = runner.invoke(app, ["duplicate", "bezique", "--seats", "x"])
    assert result.exit_code != 0 and "--seats takes seat numbers" in result.output
    result = runner.invoke(app, ["duplicate", "bezique", "--candidate", "nobody"])
    assert result.exit_code != 0 and "no player 'nobody'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name", GAMES)
def test_every_kind_of_player_is_described_in_a_whole_sentence(name: str) -> None:
    """``parlour players`` shows each kind's sentence; a level that is a budget of another kind says
    its budget, so a person can tell normal from strong where they differ."""
    game = parlour.make(name)
    for kind in player_kinds(name):
        text = describe_player(game, kind)
        assert text and text.endswith((".", ")")) and "``" not in text and "\n" not in text, (kind, text)
    factories = parlour.engine.manifest(name).players
    if factories["normal"] is not factories["strong"]:
        assert describe_player(game, "normal") != describe_player(game, "strong")


def test_the_level_sentences_name_their_budgets() -> None:
    """The sentences written beside the budgets (worlds, playouts) follow them when they change."""
    from parlour.games.bezique import players as bezique
    from parlour.games.bishops_whist import players as bishops_whist
    from parlour.games.roquet import players as roquet

    bw, bz, rq = (parlour.make(n) for n in ("bishops-whist", "bezique", "roquet"))
    # (in a card player's words since web-13: "guesses" at the unseen cards, "games played out")
    assert f"on {bishops_whist.NORMAL_PLAYOUT_WORLDS} guesses" in describe_player(bw, "normal")
    assert f"with {bishops_whist.PLAYOUT_WORLDS} guesses" in describe_player(bw, "strong")
    assert f"in {bezique.NORMAL_PLAYOUTS} games played out" in describe_player(bz, "normal")
    assert f"with {bezique.STRONG_PLAYOUTS} games played out" in describe_player(bz, "strong")
    assert f"on {roquet.NORMAL['worlds']} guesses" in describe_player(rq, "normal")
    assert f"on {roquet.STRONG['worlds']} guesses" in describe_player(rq, "strong")
    assert roquet.STRONG["depth"] == 2 and "two tricks ahead" in describe_player(rq, "strong")


def test_the_terminal_gives_a_hint_with_its_reason() -> None:
    game = parlour.make("bezique")
    bots = {1: make_player("heuristic", game, 1)}
    console = Console(record=True, width=120, force_terminal=False)
    answers = iter(["hint", "quit"])

    def ask(prompt: str, completions: Sequence[str]) -> str:
        assert "hint" in completions
        return next(answers)

    with contextlib.suppress(StopIteration):
        TerminalGame(game, [0], bots, 6, console, ask=ask).run()
    out = console.export_text()
    assert "hint: " in out and " — " in out, out[-600:]
    assert "Traceback" not in out


def test_play_takes_a_level_as_the_opponents() -> None:
    result = runner.invoke(
        app, ["play", "bezique", "--seed", "4", "--opponents", "easy"], input="hint\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "hint: " in result.output
