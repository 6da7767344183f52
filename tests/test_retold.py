"""One rule for a log line that only counts what the line before has just shown one seat.

Roquet tells the drawer "seat 0 draws T♦" and everyone "seat 0 draws 1 card": the drawer's log read the
draw twice. The terminal and the web page each hid the count their own way (a test of the events' data
in the terminal, Roquet's event kinds in the generic ``render.js``); now ``parlour.engine.events.retold``
decides, the web's log lines carry it (``retold``) and the terminal reads the same rule.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.engine import State
from parlour.engine.events import RECORD, Event, retold, retold_lines
from parlour.players import make_player
from parlour.web import frames


def _draw(seat: int, cards: Any, to: int | None) -> Event:
    return Event("draw", {"seat": seat, "cards": cards, "text": f"seat {seat} draws {cards}"}, to)


def _count(seat: int, count: int) -> Event:
    return Event("draws", {"seat": seat, "count": count, "text": f"seat {seat} draws {count} cards"})


@pytest.mark.parametrize(
    ("told", "event", "again"),
    [
        (_draw(0, ["TD"], 0), _count(0, 1), True),
        (_draw(1, ["TD", "9C"], 1), _count(1, 2), True),
        (None, _count(0, 1), False),  # nothing told before
        (_draw(0, ["TD"], 0), _count(0, 2), False),  # a count of other cards
        (_draw(0, ["TD"], 0), _count(1, 1), False),  # another seat's draw
        (_draw(0, ["TD"], 1), _count(0, 1), False),  # told to a seat not the drawer
        (_draw(0, ["TD"], None), _count(0, 1), False),  # told to all: not one seat's
        (_draw(0, ["TD"], RECORD), _count(0, 1), False),  # the record reaches no seat
        (_draw(0, "TD", 0), _count(0, 2), False),  # a text is not a list of cards
        (_draw(0, ["TD"], 0), Event("draws", {"seat": 0, "count": 1, "text": "x"}, 0), False),  # private
    ],
)
def test_retold_is_a_public_count_of_cards_one_seat_was_just_shown(
    told: Event | None, event: Event, again: bool
) -> None:
    assert retold(told, event) is again


def test_retold_lines_read_the_lines_with_a_text() -> None:
    """An event without a text is no line: it neither breaks nor makes a pair."""
    silent = Event("score", {"seat": 0, "points": 1})
    events = [_draw(0, ["TD"], 0), silent, _count(0, 1), _count(0, 1), _draw(1, ["9C"], 1), _count(0, 1)]
    assert retold_lines(events) == [False, True, False, False, False]


def _roquet_match(seed: int) -> State:
    game = parlour.make("roquet")
    state: State = game.new(seed=seed)
    players = [make_player("random", game, seed * 2 + seat) for seat in range(game.num_players)]
    while not state.is_over and len(state.log) < 400:
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), game), seat=seat)
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_both_front_ends_leave_out_the_same_lines(seed: int) -> None:
    """The web's hidden lines are exactly the ones the terminal does not print: every other line the
    terminal prints in the same order (its words may differ: "seat 0" read as "you")."""
    state = _roquet_match(seed)
    game = state.game
    for seat in range(game.num_players):
        lines = frames.log_lines(state, state.events(seat))
        hidden = [line for line in lines if line["retold"]]
        assert hidden and all(line["kind"] == "draws" for line in hidden)
        shown = [line for line in lines if not line["retold"] and line["text"]]
        terminal = TerminalGame(game, [seat], {}, 4, Console(width=200, record=True))
        printed = terminal.log_lines(state, state.events(seat), state.view(seat))

        # the terminal joins a run of lines of one kind and heading into one: compare the kinds in order,
        # a run counted once
        def runs(kinds: list[str]) -> list[str]:
            return [k for i, k in enumerate(kinds) if i == 0 or kinds[i - 1] != k]

        assert runs([kind for kind, _ in printed]) == runs([line["kind"] for line in shown])
        # the drawer's own count never reaches its eyes; the other seat's count does
        for line in hidden:
            assert line["text"].startswith(f"seat {seat} ")
        assert any(line["kind"] == "draws" and not line["retold"] for line in lines)


def test_a_spectator_and_the_open_replay_see_every_count() -> None:
    """A spectator is shown no private cards, so every count is news to it; the open replay (every
    card shown) leaves out each seat's count after its own cards, as that seat's log does."""
    state = _roquet_match(4)
    watched = frames.log_lines(state, state.events(None))
    assert watched and not any(line["retold"] for line in watched)
    opened = frames.open_log(state)
    seats = range(state.num_players)
    per_seat = sum(line["retold"] for seat in seats for line in frames.log_lines(state, state.events(seat)))
    assert sum(line["retold"] for line in opened) == per_seat > 0


@pytest.mark.parametrize("name", ["apology", "bezique", "bishops-whist", "lansquenet", "open-tarock"])
def test_other_games_lose_no_line(name: str) -> None:
    """Only a count right after the same cards is left out: with their default options no line of
    the other games is."""
    game = parlour.make(name)
    state = game.new(seed=5)
    players = [make_player("random", game, seat) for seat in range(game.num_players)]
    while not state.is_over and len(state.log) < 300:
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), game), seat=seat)
    for seat in [None, *range(game.num_players)]:
        assert not any(line["retold"] for line in frames.log_lines(state, state.events(seat)))
