"""Defects a new user met at the command line (the QA pass), each pinned by a test."""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import re
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cards import SUIT_SYMBOLS
from parlour.cli import app, terminal
from parlour.cli.main import shown
from parlour.cli.terminal import TerminalGame, number
from parlour.engine import Game, State
from parlour.players import Advice, make_player
from parlour.web import frames
from tests.cli_support import scripted

runner = CliRunner()
NARROW = {"COLUMNS": "80"}
"""A common terminal's width, where the tables were cut off."""


def test_list_in_80_columns_shows_every_game_name_and_option_whole() -> None:
    """`parlour list` in 80 columns once ended options in "…" ("livret_refill=Fal…") and could cut a
    game's name: what you type must be shown whole."""
    result = runner.invoke(app, ["list"], env=NARROW)
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    words = set(re.findall(r"[\w.-]+=[\w.-]+|[\w-]+", result.output))
    for info in parlour.list_games():
        assert info.name in words, info.name
        for option in info.options:
            assert f"{option.name}={shown(option.default)}" in words, (info.name, option.name)


def test_simulate_in_80_columns_keeps_the_interval_on_one_line() -> None:
    """`parlour simulate` in 80 columns broke the 95% interval after its dash, over two lines."""
    result = runner.invoke(app, ["simulate", "roquet", "-n", "4", "--seed", "1"], env=NARROW)
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if "seat 1" in line or "seat 2" in line]
    assert len(rows) == 2, result.output
    for row in rows:
        assert re.search(r"\[\d+\.\d%, \d+\.\d%\]", row), result.output
    assert "…" not in result.output.split("Roquet hands")[0], result.output


def test_simulate_takes_matches_as_well_as_games() -> None:
    """The count is of matches (the report says "N matches"), so `--matches N` is taken as `--games N`."""
    result = runner.invoke(app, ["simulate", "roquet", "--matches", "3", "--seed", "1"], env=NARROW)
    assert result.exit_code == 0, result.output
    assert "roquet: 3 matches, seed 1" in result.output


def test_the_moves_line_keeps_each_move_whole() -> None:
    """In a window of 100 columns the moves line broke inside a move ("8) play" at the end of a line,
    "4C" on the next); each move now stays on one line, whatever the width."""
    game = parlour.make("bishops-whist")
    state = game.new(seed=3)
    while state.current_player != 0 or len(state.view(0).legal_actions) < 10:
        seat = state.current_player
        assert seat is not None
        state.apply(state.view(seat).legal_actions[0], seat=seat)
    view = state.view(0)
    for width in (40, 57, 80, 100):
        console = Console(record=True, width=width)
        TerminalGame(game, [0], {}, 3, console).show_moves(view)
        lines = console.export_text().splitlines()
        for i, action in enumerate(view.legal_actions):
            item = f"{i + 1}) {TerminalGame(game, [0], {}, 3, console).name_seats(action, view)}"
            assert any(item in line for line in lines), (width, item, lines)
        assert all(len(line) <= width for line in lines), (width, lines)


def test_the_log_lines_show_cards_as_the_table_does() -> None:
    """Bishops Whist's log lines said "seat 1 plays CD" under a panel showing "C♦"; now both show
    suit symbols (the moves to type keep their codes)."""
    game = parlour.make("bishops-whist", hand_limit=1)
    bots = {s: make_player("random", game, s) for s in range(1, 4)}
    console = Console(record=True, width=120)
    answers = iter(["1"] * 20 + ["history", "quit"])
    TerminalGame(game, [0], bots, 2, console, ask=lambda p, c: next(answers)).run()
    text = console.export_text()
    logs = [line for line in text.splitlines() if line.startswith("· ") and " plays " in line]
    assert logs, text[-2000:]
    assert not any(re.search(r" plays [0-9A-Z]{1,2}[SHDC]\b", line) for line in logs), logs[:5]
    assert any(re.search(r" plays [0-9A-Z]{1,2}[♠♥♦♣]", line) for line in logs), logs[:5]
    assert re.search(r"\d+\) play [0-9A-Z]{1,2}[SHDC]\b", text), "the moves keep their codes"


# --- the second QA pass: every game played in 80x24 and 120x40 ------------------------------------


def _advance(name: str, seed: int, steps: int, **options: Any) -> tuple[Game[Any], State]:
    """A seeded match moved on ``steps`` moves, each seat taking its first move (or least amount)."""
    game = parlour.make(name, **options)
    state = game.new(seed=seed)
    for _ in range(steps):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        first = view.legal_actions[0] if view.legal_actions else f"{view.legal_ranges[0].verb} 1"
        state.apply(first, seat=seat)
    return game, state


def _drawn(game: Game[Any], state: State, width: int = 80, seat: int | None = None) -> str:
    """The table as ``hand`` draws it for ``seat`` (the seat to move by default), ``width`` wide."""
    seat = state.current_player if seat is None else seat
    assert seat is not None
    console = Console(record=True, width=width)
    TerminalGame(game, [seat], {}, 1, console).render(state.view(seat))
    return console.export_text()


def _scripted_run(game: Game[Any], lines: list[str], width: int = 80, seed: int = 1) -> str:
    """A match for seat 0 against random players, the person typing ``lines`` (then Ctrl-D)."""
    terminal, console = scripted(game, lines, seed=seed, width=width)
    terminal.run()
    return console.export_text()


def test_the_welcome_panel_wraps_its_help_as_sentences() -> None:
    """The help had a hard line break inside a sentence: at 80 columns "its" stood alone on a line."""
    text = _scripted_run(parlour.make("roquet"), [])
    panel = text.split("╰")[0]
    lines = [line.strip("│ ") for line in panel.splitlines()[1:]]
    short = [line for line in lines if line and len(line) < 40 and not line.endswith(".")]
    assert not short, lines


def test_bishops_whist_names_the_sides_of_its_tricks_and_hides_empty_rows() -> None:
    """Bishops Whist's tricks this hand were "0, 0" (its per-side values are a tuple, and only lists
    were named), and "exposed cards: none, none, none, none" stood on every table under strict laws."""
    game, state = _advance("bishops-whist", 1, 30)
    text = _drawn(game, state, width=120)
    row = next(line for line in text.splitlines() if "tricks this hand" in line)
    # seat 1 of the engine, at a terminal that numbers the seats from 1
    assert re.search(r"seat 1 & seat 3: \d+ +you & seat 4 \(partner\): \d+", row), row
    assert "none, none" not in text, text
    assert "your revokes" not in text, text


def test_the_table_at_80_columns_breaks_rows_between_their_parts() -> None:
    """At 80 columns the longest label took half the width and values broke anywhere: "seat 1 &" /
    "seat 3: 0" in the score, "stack 2" / "7♣ ▒ ▒" beside an open tarock opponent."""
    for name, seed, steps in (("bishops-whist", 1, 30), ("open-tarock", 1, 30), ("apology", 1, 30)):
        game, state = _advance(name, seed, steps)
        text = _drawn(game, state)
        lines = text.splitlines()
        assert all(len(line) <= 80 for line in lines), text
        view = state.view(state.current_player)
        tg = TerminalGame(game, [view.seat or 0], {}, 1, Console(width=80))
        parts = [part.plain for part in tg.score_parts(view)]
        for zone in view.zones:
            if zone.owner is not None and zone.owner != view.seat and zone.kind != "hand":
                parts.append(tg.zone_part(zone, view.trump).plain)
        for part in parts:
            if len(part) < 40:
                assert any(part in line for line in lines), (name, part, text)


def test_a_label_takes_the_room_the_values_leave() -> None:
    """At 100 columns Bishops Whist's "bishop cut: a point to the dealer's side" wrapped after "dealer's"
    beside a panel that stopped 13 columns short of the window: labels wrapped at three eighths of the
    width whatever room the values left. At 80 columns, where the values need it, they still wrap."""
    game, state = _advance("bishops-whist", 1, 30)
    wide = _drawn(game, state, width=100)
    assert "bishop cut: a point to the dealer's side" in wide, wide
    assert all(len(line) <= 100 for line in wide.splitlines()), wide
    narrow = _drawn(game, state, width=80)
    assert all(len(line) <= 80 for line in narrow.splitlines()), narrow
    assert "bishop cut: a point to the dealer's side" not in narrow, narrow


def test_scores_in_thirds_are_written_as_the_log_writes_them() -> None:
    """Open tarock counts in thirds: the log said "scores 25⅓", the table "22.3333"."""
    assert number(22 + 1 / 3) == "22⅓"
    assert number(-22 - 1 / 3) == "-22⅓"
    assert number(-2 / 3) == "-⅔"
    assert number(7.0) == "7"
    assert number(0.1) == "0.1"
    assert number(1234567) == "1234567" and number(-5.0) == "-5"
    game = parlour.make("open-tarock")
    text = _scripted_run(game, ["1"] * 200 + ["hand"])
    assert not re.search(r"\d\.\d{3}", text), re.findall(r".*\d\.\d{3}.*", text)[:3]


def test_a_long_situation_is_shown_whole_above_the_table() -> None:
    """A panel's title is cut at its border: Roquet's "won the trick and may meld (or 'done')" showed
    as "may meld (or 'don─" at 80 columns. (Its situation is shorter now, web-7: a 30-column console
    keeps the case of a situation longer than the panel's border.)"""
    game, state = _advance("roquet", 2, 0)
    seat = state.current_player
    assert seat is not None
    while "done" not in state.view(seat).legal_actions:  # to a trick winner's meld
        state.apply(state.view(seat).legal_actions[0], seat=seat)
        seat = state.current_player
        assert seat is not None
    width = 30
    tg = TerminalGame(game, [seat], {}, 1, Console(width=width))
    words = tg.name_seats(state.view(seat).situation, state.view(seat)).split()
    assert len(" ".join(words)) > width - 6, words  # longer than a panel's title may be
    text = _drawn(game, state, width=width)
    joined = " ".join(line.strip("│ ╭╮─") for line in text.splitlines())
    assert " ".join(words) in " ".join(joined.split()), text


def test_a_role_held_by_several_seats_is_one_row() -> None:
    """Lansquenet listed "player seat 1", "player seat 2", "player seat 3" on three rows."""
    game, state = _advance("lansquenet", 4, 0)
    text = _drawn(game, state)
    labels = [line.strip("│ ").split("  ")[0] for line in text.splitlines()]
    assert labels.count("player") == 0 and labels.count("players") == 1, text
    assert re.search(r"players +seat 2, seat 3, seat 4", text), text  # the engine's 1 to 3, from 1


def test_a_hint_shows_its_cards_as_the_table_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint said "leads the 6H" under a hand drawn "6♥": its reason now names cards by symbol."""
    monkeypatch.setattr(terminal, "hint", lambda view, game, seed, seconds: Advice("play 6H", "leads the 6H"))
    text = _scripted_run(parlour.make("bishops-whist", hand_limit=1), ["hint"])
    assert "hint: play 6H — leads the 6♥" in text, text[-800:]


def test_a_typo_is_answered_with_the_nearest_move() -> None:
    """ "plya 9S" was answered with every action of the game, those not open now too ('trump <suit>',
    'deal', 'expose <card>'...): the nearest legal move is offered, else the way to list them."""
    game = parlour.make("bishops-whist", hand_limit=1)
    bots = {s: make_player("random", game, s) for s in (1, 2, 3)}
    console = Console(record=True, width=80)
    typed: list[str] = []

    def ask(prompt: str, completions: Sequence[str]) -> str:
        if len(typed) == 2:
            raise EOFError
        first = next(c for c in completions if c.startswith("play "))
        typed.append(first)
        return "lpay " + first.split()[1] if len(typed) == 1 else "zzz qqq"  # a typo, then nonsense

    TerminalGame(game, [0], bots, 1, console, ask=ask).run()
    text = console.export_text()
    assert f"did you mean '{typed[0]}'?" in text, text[-1500:]
    assert "type 'moves' for the moves open to you now" in text, text[-1500:]


def test_a_run_of_turned_cards_is_one_line() -> None:
    """A Lansquenet deal printed each card turned on a line of its own ("· turned: Q♥", twenty-odd
    times), scrolling the deal's start and the table off an 80x24 window; now one line."""
    game = parlour.make("lansquenet")
    text = _scripted_run(game, ["1", "1", "", "history"], seed=4)
    lines = [line for line in text.splitlines() if line.startswith("· turned:")]
    assert lines, text[-2000:]
    assert any(len(line.split()) > 4 for line in lines), lines
    events = [line for line in text.splitlines() if line.startswith("· ")]
    assert not any(
        a.startswith("· turned:") and b.startswith("· turned: ") and len(b.split()) == 3
        for a, b in itertools.pairwise(events)
    ), events


def _spawn_roquet() -> Any:
    """``parlour play roquet`` against easy players on a pseudo-terminal of 80x24, at its first prompt
    (eight cards to play: no move is the only one)."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "80", "LINES": "24", "TERM": "xterm"}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parent.parent), env.get("PYTHONPATH", "")])
    child = pexpect.spawn(
        sys.executable,
        ["-m", "parlour", "play", "roquet", "--seed", "2", "--opponents", "easy"],
        env=env,
        encoding="utf-8",
        codec_errors="replace",
        timeout=30,
        dimensions=(24, 80),
    )
    child.expect("your move>")
    return child


def _drain(child: Any, seconds: float = 0.5) -> str:
    """What the terminal drew in the next ``seconds`` (nothing is expected to end it)."""
    pexpect = pytest.importorskip("pexpect")
    with contextlib.suppress(pexpect.TIMEOUT):
        child.expect("never printed", timeout=seconds)
    return str(child.before)


ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _drawn_until(child: Any, pattern: str, settle: float = 1.0, limit: float = 30.0) -> str:
    """What the terminal drew until ``pattern`` shows in it (escapes left out), and ``settle`` seconds
    more: a loaded machine may take seconds to start Python or to answer a key, so a test waits for
    what it looks for, not for a fixed time (and gives up after ``limit``, returning what it has)."""
    drawn = ""
    deadline = time.monotonic() + limit
    while not re.search(pattern, ESCAPES.sub("", drawn)) and time.monotonic() < deadline:
        drawn += _drain(child, 0.2)
    return ESCAPES.sub("", drawn + _drain(child, settle))


def test_the_prompt_keeps_no_blank_lines_under_it() -> None:
    """prompt_toolkit kept 8 rows under the prompt for its completion menu: at every move, in a window
    of 24 rows, seven blank lines pushed the top of the table off the screen."""
    pexpect = pytest.importorskip("pexpect")
    child = _spawn_roquet()
    after = _drain(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert after.count("\n") < 2, repr(after)


def test_tab_twice_lists_the_moves_above_the_prompt() -> None:
    """With no rows kept for a pop-up menu, Tab completes as a shell does: the common part, then on a
    second Tab the moves listed above the prompt, each kept apart ("play LS   play 7S")."""
    pexpect = pytest.importorskip("pexpect")
    child = _spawn_roquet()
    child.send("pl")
    _drain(child, 0.3)
    child.send("\t")
    _drain(child, 0.3)
    child.send("\t")
    listed = _drawn_until(child, r"play \w+ {3,}play \w+", settle=0.2)
    child.send("\x15quit\r")
    child.expect(pexpect.EOF)
    assert re.search(r"play \w+ {3,}play \w+", listed), repr(listed)


def test_a_lost_match_names_its_winner() -> None:
    """Apology's end said "You lose. (the highest total after 1 deal)": who won was left to guess."""
    for seed in range(1, 30):
        game = parlour.make("apology", deals=1)
        text = _scripted_run(game, ["1"] * 100, seed=seed)
        if "You lose" in text:
            break
    else:
        raise AssertionError("no lost match in 29 seeds")
    assert re.search(r"You lose: seat [123]( & seat [123])* wins?\b", text), text[-600:]


def test_options_are_shown_as_they_are_typed() -> None:
    """`parlour list` and `parlour rules` showed Python's values ("bury_oudlers=True", "target_0=62.0",
    "one of True, False") where the README and -o take "true" and "62"."""
    listed = runner.invoke(app, ["list"], env={"COLUMNS": "120"}).output
    rules = runner.invoke(app, ["rules", "apology"], env={"COLUMNS": "120"}).output
    for text in (listed, rules):
        assert not re.search(r"\bTrue\b|\bFalse\b|\b\d+\.0\b", text.split("options (parlour play")[-1]), text
    assert "bury_oudlers=true" in listed and "target_0=62" in listed, listed
    assert re.search(r"bury_oudlers +│ true +│ true or false", rules), rules
    for value in ("true", "62"):  # and what is shown is taken back
        option = "bury_oudlers" if value == "true" else "target_0"
        assert parlour.make("apology", **{option: value}) is not None


def test_an_empty_hand_says_none() -> None:
    """After the last trick, at Bishops Whist's claims of revoke, "your hand:" was followed by nothing."""
    game, state = _advance("bishops-whist", 7, 0, laws="table", hand_limit=1)
    while "claim" not in state.view(state.current_player).legal_actions:
        seat = state.current_player
        assert seat is not None
        legal = state.view(seat).legal_actions
        state.apply(next((a for a in legal if a.startswith(("play", "stand"))), legal[0]), seat=seat)
    assert not state.view(state.current_player).hand
    lines = _drawn(game, state).splitlines()
    assert "your hand: none" in lines, lines
    # the other seats' empty hands go unsaid, as at the web table ("0 cards in hand", three times)
    assert not [line for line in lines if "0 cards in hand" in line], lines


def test_a_bet_out_of_range_is_told_the_range() -> None:
    """At a Lansquenet bet, "50" was answered "moves are 1 to 1, or 'bet N'" (which N?), and "bet 2.5"
    with its reason and then "type 'moves'", as if the kind of move were unknown."""
    game = parlour.make("lansquenet")
    bots = {s: make_player("easy", game, s) for s in (1, 2, 3)}
    console = Console(record=True, width=80)
    replies: list[str] = []

    def ask(prompt: str, completions: Sequence[str]) -> str:
        if "pass" not in completions:
            return "1" if "your move" in prompt else ""  # a bank of 1, Enter at a pause
        if len(replies) == 2:
            raise EOFError
        replies.append(["999", "bet 2.5"][len(replies)])
        return replies[-1]

    TerminalGame(game, [0], bots, 9, console, ask=ask).run()
    text = console.export_text()
    assert replies, text[-1500:]
    numbered = r"(the only move is 1|moves are 1 to \d+)"
    assert re.search(rf"There is no move 999; {numbered}, or 'bet N' \(1-\d+\)\.", text), text[-1500:]
    assert "is not an amount" in text, text[-1500:]
    assert "type 'moves'" not in text.split("There is no move 999")[-1], text[-1500:]


def test_the_end_of_a_match_for_several_people_calls_nobody_you() -> None:
    """With two people at the terminal the final score read "seat 0 (partner) & you: 2": "you" was
    whoever had moved last. The end is read by everyone: each seat is named by its number."""
    game = parlour.make("bishops-whist", hand_limit=1)
    bots = {s: make_player("random", game, s) for s in (1, 3)}
    console = Console(record=True, width=80)
    TerminalGame(game, [0, 2], bots, 3, console, ask=lambda p, c: "1" if "move" in p else "").run()
    end = console.export_text().split("final score —")[-1].splitlines()[0]
    assert re.fullmatch(r" seat 1 & seat 3: -?\d+ +seat 2 & seat 4: -?\d+ +│?", end.rstrip()), end


def test_a_trick_line_keeps_each_seat_with_its_card() -> None:
    """At 80 columns the last trick ended a line with "you" and began the next with "K♥"."""
    game, state = _advance("bishops-whist", 1, 20)
    view = state.view(state.current_player)
    assert view.last_trick is not None and view.trick is not None
    lines = _drawn(game, state).splitlines()
    tg = TerminalGame(game, [view.seat or 0], {}, 1, Console(width=80))
    for play in [*view.last_trick.plays, *view.trick.plays]:
        item = f"{tg.who(play.seat, view)} {tg.card(play.card, view.trump).plain}"
        assert any(item in line for line in lines), (item, lines)


def test_the_pause_between_hands_comes_before_the_next_deal() -> None:
    """The pause after a hand came after the next hand's first lines ("hand 2: seat 1 deals and
    turns 6♠"), so the last line read before "press Enter" was the new deal, not how the hand ended."""
    game = parlour.make("bishops-whist", hand_limit=3)
    bots = {s: make_player("random", game, s) for s in (1, 2, 3)}
    console = Console(record=True, width=120)

    def ask(prompt: str, completions: Sequence[str]) -> str:
        if "press Enter" in prompt:
            console.print("<PAUSE>")
            return ""
        return "1"

    TerminalGame(game, [0], bots, 5, console, ask=ask).run()
    lines = console.export_text().splitlines()
    pauses = [i for i, line in enumerate(lines) if line == "<PAUSE>"]
    assert pauses, lines[-20:]
    for i in pauses:
        assert lines[i - 1].startswith("score: "), lines[i - 3 : i + 1]
        assert " deals" not in lines[i - 2], lines[i - 3 : i + 1]
        # the hand's end, its sides named (words-11), may take two lines of the console
        head = next(lines[j] for j in range(i - 2, -1, -1) if lines[j].startswith("· "))
        assert re.match(r"· hand \d+: seat 1 \(you\) & seat 3 \(partner\) take", head), lines[i - 4 : i + 1]


def test_a_seat_outside_the_humans_is_refused() -> None:
    """`--humans 0,1 --seat 3` ignored --seat without a word; a seat among them is still taken."""
    result = runner.invoke(app, ["play", "bishops-whist", "--humans", "1,2", "--seat", "4"], env=NARROW)
    assert result.exit_code == 2, result.output
    assert "--seat 4 is not one of the --humans seats" in result.output, result.output
    taken = runner.invoke(
        app, ["play", "roquet", "--humans", "1,2", "--seat", "2", "--seed", "1"], input="quit\n"
    )
    assert taken.exit_code == 0 and "people at seat 1 & seat 2" in taken.output, taken.output


def test_history_says_when_it_leaves_lines_out() -> None:
    """`history` showed the last 40 lines only, and did not say that earlier ones were left out."""
    text = _scripted_run(parlour.make("bishops-whist", hand_limit=1), ["1"] * 8 + ["history"])
    m = re.search(rf"\(the last {terminal.HISTORY} of (\d+) lines\)", text)
    assert m and int(m.group(1)) > terminal.HISTORY, text[-3000:]


# --- the third pass: words that read badly (words-11) ------------------------------------------------


def _played_out(name: str, seed: int, **options: Any) -> State:
    """A seeded match played to its end by random moves (seeded too)."""
    state: State = parlour.make(name, **options).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def _history(state: State, seat: int = 0) -> list[str]:
    """The log lines ``history`` prints for ``seat`` at the end of ``state``'s match."""
    console = Console(record=True, width=200)
    TerminalGame(state.game, [seat], {}, 1, console).show_history(state, state.view(seat))
    return console.export_text().splitlines()


def test_a_match_end_gives_the_winners_score_first() -> None:
    """Roquet's end read "seat 1 wins the match, 109 to 118": seat 0's score first, whoever won. The
    logged text stays (replays of older saves compare it); the terminal and the web table word it."""
    state = next(
        s for s in map(lambda n: _played_out("roquet", n), range(1, 20)) if s.scores[1] > s.scores[0]
    )
    end = next(e for e in state.log if e.kind == "match_end")
    a, b = (int(x) for x in end.data["scores"])
    assert end.data["text"] == f"seat 1 wins the match, {a} to {b}"  # the log as it always was
    said = f"seat 1 wins the match, {b} to {a}"
    # the terminal numbers the seats from 1 (the web's front end renumbers the frame's "seat 1")
    assert f"· seat 2 wins the match, {b} to {a}" in _history(state), _history(state)[-3:]
    assert frames.log_lines(state, state.events(0))[-1]["text"] == said


def test_negative_scores_are_not_run_into_a_dash() -> None:
    """Bishops Whist's hand ended "score -30--19" and the match "seats 0 and 2 win, -57--63"; its
    claims found "4 revoke(s)". The logged texts stay; what a person reads says them in words."""
    for seed in range(1, 40):
        state = _played_out("bishops-whist", seed, laws="table", hand_limit=2)
        texts = [str(e.data.get("text", "")) for e in state.log]
        if any(re.search(r"\d--\d", t) for t in texts) and any("revoke(s)" in t for t in texts):
            break
    else:
        raise AssertionError("no match with a negative score and a claim in 39 seeds")
    lines = _history(state)
    ends = [line for line in lines if line.startswith("· hand ") and "; score — " in line]
    assert ends, lines
    us, them = r"seat 1 \(you\) & seat 3 \(partner\)", "seat 2 & seat 4"
    for line in ends:  # (each side named with its figures: words-11)
        assert re.fullmatch(
            rf"· hand \d+: {us} take \d+ tricks? and \d+ bishops?, {them} take \d+ tricks? and \d+ bishops?; "
            rf"score — {us}: -?\d+, {them}: -?\d+",
            line,
        ), line
    shown = "\n".join(lines)
    assert not re.search(r"\d-\d|--\d|\(s\)", shown), shown
    assert re.search(r"the tricks show (no revoke|1 revoke|\d+ revokes)\b", shown), shown
    web = [line["text"] for line in frames.log_lines(state, state.events(None))]
    assert not any(re.search(r"\d-\d|--\d|\(s\)", t) for t in web), web


def test_expose_moves_are_one_item_in_the_moves_line() -> None:
    """Under table laws Bishops Whist lists an "expose X" for every card held after the plays: thirteen
    more numbered moves crowded the prompt. They are one item, numbered as before."""
    game, state = _advance("bishops-whist", 1, 0, laws="table")
    while not any(a.startswith("expose") for a in state.legal_actions()) or state.current_player != 0:
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.startswith("play")), legal[0]))
    view = state.view(0)
    exposes = [i for i, a in enumerate(view.legal_actions) if a.startswith("expose ")]
    assert len(exposes) >= 6
    console = Console(record=True, width=80)
    TerminalGame(game, [0], {}, 1, console).show_moves(view)
    text = console.export_text()
    assert f"{exposes[0] + 1}-{exposes[-1] + 1}) expose <card> (any card in your hand)" in text, text
    assert "expose " + view.legal_actions[exposes[0]].split()[1] not in text, text
    assert len(text.splitlines()) <= 4, text
    assert f"{exposes[0]}) play " in text, text  # the plays, the decision's own kind, are listed each
    answers = iter([str(exposes[0] + 1)])  # a grouped move is typed by its number, as before
    tg = TerminalGame(game, [0], {}, 1, Console(width=80), ask=lambda p, c: next(answers))
    assert tg.human_turn(state, 0)
    assert state.log[-1].kind == "expose" or any(e.kind == "expose" for e in state.log[-3:]), state.log[-3:]


def test_a_seat_whose_cards_lie_in_stacks_has_no_hand() -> None:
    """Open tarock's opponent "21 cards in hand" lay beside its four stacks: it holds no hand."""
    game, state = _advance("open-tarock", 1, 6)
    text = _drawn(game, state)
    seat = 1 - (state.current_player or 0)
    stacks = [z for z in state.view(seat).zones if z.kind == "stack" and z.owner == seat and z.size]
    held = sum(z.size for z in stacks)
    assert f"{held} cards in {len(stacks)} stacks" in text, text
    assert "in hand" not in text, text


def test_suits_shown_out_of_are_written_as_the_cards_write_them() -> None:
    """Apology's "shown out of" row said "C" beside cards drawn "K♣"."""
    game = parlour.make("apology")
    for seed in range(1, 30):
        _, state = _advance("apology", seed, 0)
        rng = random.Random(seed)
        while not state.is_over and not any(state.view(0).extra.voids):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if not state.is_over:
            break
    voids = state.view(0).extra.voids
    text = _drawn(game, state, seat=0, width=120)
    row = next(line for line in text.splitlines() if "shown out of" in line)
    for suit in {s for v in voids for s in v}:
        assert SUIT_SYMBOLS[suit] in row, row
    assert not re.search(r": [SHDC]\b", row), row


@pytest.mark.parametrize("command", [["rules", "bishops-whist"], ["players", "bishops-whist", "--notes"]])
def test_the_rules_wrap_wide_tables_rather_than_cut_their_words(command: list[str]) -> None:
    """`parlour rules bishops-whist` at 80 columns cut the players its research tables compare
    ("floor10-pu…"); a cell now wraps, whole. (The research tables have since moved from the rules to
    the players' notes, printed the same way.)"""
    result = runner.invoke(app, command, env=NARROW)
    assert result.exit_code == 0, result.output
    cls = parlour.game_class("bishops-whist")
    source = cls.rules_text() if command[0] == "rules" else cls.strength_text()
    assert result.output.count("…") == source.count("…"), [x for x in result.output.splitlines() if "…" in x]
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert "floor10-pu…" not in result.output
    if command[0] == "players":
        assert "floor10-pur" in result.output


def _spawn(args: list[str]) -> Any:
    """``python -m parlour ARGS`` on a pseudo-terminal of 80x24, with no pager of the user's own."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "80", "LINES": "24", "TERM": "xterm"}
    env.pop("PAGER", None)
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parent.parent), env.get("PYTHONPATH", "")])
    return pexpect.spawn(
        sys.executable,
        ["-m", "parlour", *args],
        env=env,
        encoding="utf-8",
        codec_errors="replace",
        timeout=30,
        dimensions=(24, 80),
    )


def test_the_rules_are_paged_at_a_terminal() -> None:
    """`parlour rules` and the in-game `rules` poured hundreds of lines past an 80x24 window; at a
    terminal they open in a pager (plain printing in a pipe, as the tests above read it)."""
    pexpect = pytest.importorskip("pexpect")
    if shutil.which("less") is None:
        pytest.skip("no less to page with")
    child = _spawn(["rules", "roquet"])
    first = _drawn_until(child, "Roquet")
    assert "Roquet" in first and "options (parlour play" not in first, first[-500:]
    assert child.isalive(), "the rules were printed to their end without a pause"
    child.send("q")
    child.expect(pexpect.EOF)
    child = _spawn_roquet()
    child.sendline("rules")
    paged = _drawn_until(child, "The deal")
    assert "The deal" in paged and "your move>" not in paged.split("The deal")[-1], paged[-500:]
    assert child.isalive()
    child.send("q")
    child.expect("your move>")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_seats_owed_an_escape_are_named_as_the_seats_are() -> None:
    """Apology's "owed to" row wrote a bare "1" beside "seat 1 passes": seat numbers of an extra marked
    ``seats`` are written as the terminal names seats ("seat 1", "you")."""
    from tests.test_apology import bury_and_play, taker_spades

    state = taker_spades()
    bury_and_play(state, ["2S", "3S", "4S", "5S", "6S", "E"])
    for action in ("play N", "play 2H", "play AD", "play AC"):  # the excuse escapes before a won trick
        state.apply(action)
    assert state.view(2).extra.owed_to == [1]
    game = parlour.make("apology")
    row = next(line for line in _drawn(game, state, seat=2, width=120).splitlines() if "owed to" in line)
    assert re.search(r"owed to\s+seat 2\b", row), row  # the engine's seat 1, numbered from 1
    row = next(line for line in _drawn(game, state, seat=1, width=120).splitlines() if "owed to" in line)
    assert re.search(r"owed to\s+you\b", row), row


def test_a_seat_not_yet_asked_to_bid_goes_unsaid() -> None:
    """Apology's bids row said "you: -   seat 1: bid   seat 2: -   seat 3: -" once one seat had bid (the
    bidding ends there): a seat with no value goes unsaid."""
    game = parlour.make("apology")
    state = game.new(seed=3)
    first = state.current_player
    assert first is not None
    state.apply("pass", seat=first)
    bids = state.view(0).extra.bids
    assert bids.count(None) == 3, bids
    row = next(line for line in _drawn(game, state, seat=0, width=120).splitlines() if " bids " in line)
    named = "you" if first == 0 else f"seat {first + 1}"
    assert f"{named}: pass" in row and "-" not in row, row
    assert row.count(":") == 1, row


def test_cards_outside_the_suits_are_named_in_the_log() -> None:
    """Apology's log at the terminal said "seat 1 escapes with N" and "buried ... N N E", where the web
    table says "the Landsknecht" and "Till Eulenspiegel": the terminal's log now names them as the pack
    does, and leaves a line that names its card already ("turns up tarock XI") as it was."""
    game = parlour.make("apology")
    terminal = TerminalGame(game, [0], {}, 1, Console(record=True, width=120))
    state = game.new(seed=1)
    view = state.view(0)
    said = terminal.log_words("seat 1 escapes with N and owes seat 2 a card", view)
    # (the seats numbered from 1, as the terminal numbers them)
    assert said == "seat 2 escapes with the Landsknecht and owes seat 3 a card", said
    said = terminal.log_words("seat 1 buried CH KH N E", view)
    # (a run of cards with one outside the suits among them is parted by commas, as the web table's log
    # does: "C♥ K♥ the Landsknecht Till Eulenspiegel" ran its names together)
    assert said == "seat 2 buried C♥, K♥, the Landsknecht, Till Eulenspiegel", said
    assert terminal.log_words("seat 1 buried CH KH 9S", view) == "seat 2 buried C♥ K♥ 9♠"
    tarock = parlour.make("open-tarock")
    terminal = TerminalGame(tarock, [0], {}, 1, Console(record=True, width=120))
    view = tarock.new(seed=1).view(0)
    said = terminal.log_words("seat 1 plays 3D and turns up tarock XI", view)
    assert said == "seat 2 plays 3♦ and turns up tarock XI", said
    assert terminal.log_words("seat 1 plays XI", view) == "seat 2 plays tarock XI"
    said = terminal.log_words("seat 1 turns up IV XIII SK 7C", view)
    assert said == "seat 2 turns up tarock IV, tarock XIII, the Sküs, 7♣", said
