"""The terminal as a demanding new user meets it (term-4): no pause after each of Lansquenet's deals, a
line typed at a pause kept or plainly refused, hints that read well after their move, absurd counts
refused, Bezique's draws told to the drawer and its words about the sevens of trumps made true."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.cli.terminal import LeftTable, TerminalGame, hint_reason
from parlour.engine import Game, State
from parlour.engine.views import label_of
from parlour.games.apology.players import StrongPlayer
from parlour.games.bezique.rules import told_a_draw
from parlour.games.bezique.schema import BeziqueExtra
from parlour.players import hint, make_player

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def words(text: str) -> str:
    """Text with its line breaks as spaces: a console of 80 columns (an xdist worker's) wraps lines."""
    return " ".join(text.split())


class Typist:
    """Seat 0's lines, typed from a list (then Ctrl-D), each prompt it was asked at kept."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str, completions: Sequence[str]) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


class Passer(Typist):
    """A typist who says "pass" wherever it is a move, and its next line elsewhere."""

    def __call__(self, prompt: str, completions: Sequence[str]) -> str:
        line = super().__call__(prompt, completions)
        return "pass" if "pass" in completions else line


def _table(
    game: Game[Any], typist: Typist, seed: int = 1, humans: Sequence[int] = (0,)
) -> tuple[TerminalGame, Console]:
    bots = {s: make_player("random", game, s) for s in range(game.num_players) if s not in humans}
    console = Console(record=True, width=120, force_terminal=False)
    return TerminalGame(game, list(humans), bots, seed, console, ask=typist), console


# --- 1. Lansquenet's deals go on without a pause -------------------------------------------------------


def test_lansquenet_goes_on_from_deal_to_deal_without_a_pause() -> None:
    """Every few moves the terminal stopped on "the deal is over: press Enter for the next>" (the web
    table shows no banner for a game of ``brief_rounds``): the deals follow on, each one's result in the
    log and the score after it."""
    game = parlour.make("lansquenet")
    assert game.brief_rounds
    typist = Passer(["1"] * 12)  # "1" at a bet is a bet of 1 or move 1, and refused (term-7): "pass"
    terminal, console = _table(game, typist)
    terminal.run()
    text = console.export_text()
    assert not [p for p in typist.prompts if "press Enter" in p], typist.prompts
    assert all("your move" in p for p in typist.prompts), typist.prompts  # every line a move
    assert text.count("· deal over: ") >= 2, text[-3000:]
    assert text.count("chips in all: you: ") >= 2, text[-3000:]  # as the table's row says (term-8)


def test_a_game_of_long_rounds_still_pauses_at_a_rounds_end() -> None:
    """Roquet's hands are long: the pause on how a hand scored stays."""
    game = parlour.make("roquet")
    assert not game.brief_rounds
    state = game.new(seed=1)
    typist = Typist([""])
    terminal, _ = _table(game, typist)
    while not any(e.kind == "hand_end" for e in state.log):
        seat = state.current_player
        assert seat is not None
        state.apply(state.view(seat).legal_actions[0], seat=seat)
    terminal.show_events(state)
    assert any("the hand is over: press Enter" in p for p in typist.prompts), typist.prompts


# --- 2. a line typed at a pause ---------------------------------------------------------------------


def _at_seat_zeros_turn(name: str, seed: int = 1) -> tuple[Game[Any], State]:
    game = parlour.make(name)
    state = game.new(seed=seed)
    while state.current_player != 0:
        seat = state.current_player
        assert seat is not None
        state.apply(state.view(seat).legal_actions[0], seat=seat)
    return game, state


def test_a_move_typed_at_a_pause_is_taken_at_the_next_move() -> None:
    """ "play 9H" typed at "press Enter for the next>" was thrown away without a word: it is kept, said
    so, and taken as the person's line at their next move, where the table is shown first."""
    game, state = _at_seat_zeros_turn("roquet")
    move = state.view(0).legal_actions[-1]
    typist = Typist([move])
    terminal, console = _table(game, typist)
    terminal.pause("the hand is over: press Enter for the next> ", state=state)
    assert f"'{move}' is kept: it is taken at your next move" in words(console.export_text(clear=False))
    before = len(state.log)
    assert terminal.human_turn(state, 0)
    assert any(e.kind == "action" and e.data.get("action") == move for e in state.log[before:])
    text = words(console.export_text())
    assert f"your move> {move} (typed at the pause)" in text, text
    assert len(typist.prompts) == 1  # the move was not asked for again


def test_a_wrong_move_typed_at_a_pause_is_refused_at_the_move_as_any_other() -> None:
    game, state = _at_seat_zeros_turn("roquet")
    typist = Typist(["play ZZ", "1"])
    terminal, console = _table(game, typist)
    terminal.pause("press Enter> ", state=state)
    assert terminal.human_turn(state, 0)
    text = words(console.export_text())
    assert "'ZZ' is not a card" in text or "ZZ" in text.split("(typed at the pause)")[1], text
    assert len(typist.prompts) == 2  # the pause, then the move asked for again


def test_a_number_at_a_pause_ends_it_but_is_said_not_taken() -> None:
    """A move's number numbers a list not yet shown: it is not kept, and it says so; typed to go on, it
    ends the pause as Enter does (a person typing "1" at every prompt still plays on)."""
    game, state = _at_seat_zeros_turn("roquet")
    typist = Typist(["2"])
    terminal, console = _table(game, typist)
    terminal.pause("press Enter> ", state=state)
    assert terminal.typed_ahead is None
    assert "'2' was not taken: a move's number is read at your move" in words(console.export_text())
    assert len(typist.prompts) == 1


@pytest.mark.parametrize(("line", "shown"), [("help", "Type a move as shown"), ("history", "· ")])
def test_help_and_history_at_a_pause_are_answered_there(line: str, shown: str) -> None:
    game, state = _at_seat_zeros_turn("roquet")
    typist = Typist([line, ""])
    terminal, console = _table(game, typist)
    terminal.pause("press Enter> ", state=state)
    assert terminal.typed_ahead is None and len(typist.prompts) == 2
    assert shown in console.export_text()


def test_quit_at_a_pause_still_leaves() -> None:
    game, state = _at_seat_zeros_turn("roquet")
    terminal, _ = _table(game, Typist(["quit"]))
    with pytest.raises(LeftTable):
        terminal.pause("press Enter> ", state=state)


def test_a_line_kept_when_the_match_ends_first_is_said_not_taken() -> None:
    game = parlour.make("roquet")
    terminal, console = _table(game, Typist(["hint"]))
    terminal.pause("press Enter> ")
    terminal.drop_typed_ahead("the match is over")
    assert "'hint', typed at the pause, was not taken: the match is over." in words(console.export_text())
    assert terminal.typed_ahead is None


def test_a_line_kept_for_one_person_is_not_taken_for_another_nor_shown_to_them() -> None:
    """Two people at one terminal: seat 0's "play 9H" at the pause is not seat 1's move, and seat 1 is
    not shown it (it names a card of seat 0's hand)."""
    game = parlour.make("apology")
    typist = Typist(["play 9H", ""])
    terminal, console = _table(game, typist, humans=(0, 1))
    terminal.pause("press Enter> ")
    terminal.sit_down(1)
    text = words(console.export_text())
    assert "Seat 1: what you typed at the pause was not taken (not your turn)." in text, text
    assert text.count("play 9H") == 1  # only the line kept, before the screen was cleared
    assert terminal.typed_ahead is None


# --- 3. hints that read well after their move ---------------------------------------------------------


def test_a_reason_naming_its_move_again_goes_on_from_after_it() -> None:
    assert hint_reason("pass", "passes: only 12% to make it") == "only 12% to make it"
    assert hint_reason("bury E", "buries Till: it keeps its oudler") == "buries Till: it keeps its oudler"
    assert hint_reason("play 9H", "plays the 9H, the cheapest card") == "plays the 9H, the cheapest card"
    assert hint_reason("carry", "carries: a word") == "a word"


def test_apologys_bid_hints_do_not_say_their_move_twice() -> None:
    """Apology's hint read "pass — passes: only 12% ..." and "bid — takes: about 97% ...": the reason
    now goes on from the move's own name."""
    game = parlour.make("apology")
    seen: dict[str, str] = {}
    for seed in range(12):
        state = game.new(seed=seed)
        seat = state.current_player
        assert seat is not None
        advice = StrongPlayer(seed, bid_worlds=0).advise(state.view(seat), game)
        seen.setdefault(advice.action, advice.reason)
        if len(seen) == 2:
            break
    assert set(seen) == {"bid", "pass"}, seen
    for action, reason in seen.items():
        assert not reason.startswith(("takes", "passes", "bids")), (action, reason)
        assert "% to make it with" in reason or "no chance to make it" in reason, reason


def test_bishops_whists_trump_hint_names_the_suit_in_words() -> None:
    """ "trump C — names C: ..." read as a card's code: the suit is named as the table names trumps."""
    game = parlour.make("bishops-whist")
    state = game.new(seed=1)
    for _ in range(200):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if any(a.startswith("trump ") for a in view.legal_actions):
            break
        state.apply(view.legal_actions[0], seat=seat)
    else:
        pytest.skip("no trump named in this match")
    advice = hint(view, game, 1, seconds=None)
    assert advice.action.startswith("trump ")
    suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[advice.action.split()[1]]
    assert advice.reason.startswith(f"names {suit}:"), advice.reason


# --- 4. absurd counts ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["simulate", "roquet", "-n", "99999999999999999999999"], "--games must be at most 1000000, not "),
        (["simulate", "roquet", "--jobs", "99999"], "--jobs must be at most 256, not 99999"),
        (["duplicate", "roquet", "--deals", "99999999999999999999999"], "--deals must be at most 100000"),
        (["duplicate", "roquet", "--hands", "99999999"], "--hands must be at most 10000, not 99999999"),
        (["duplicate", "roquet", "--jobs", "1000"], "--jobs must be at most 256, not 1000"),
        (["odds", "lansquenet", "--deals", "99999999999"], "--deals must be at most 10000000"),
    ],
)
def test_an_absurd_count_is_one_plain_line(args: list[str], said: str) -> None:
    """``-n 99999999999999999999999`` was taken, and the run began (and ``--jobs 99999`` began starting
    99999 processes): a count past a sensible bound is refused before anything is played."""
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 2, result.output
    line = words(result.stderr)
    assert said in line, line
    assert "Traceback" not in result.output and "╭" not in result.output


@pytest.mark.parametrize(
    ("command", "option", "bound"),
    [
        ("simulate", "--games", "1000000"),
        ("simulate", "--jobs", "256"),
        ("duplicate", "--deals", "100000"),
        ("duplicate", "--hands", "10000"),
        ("odds", "--deals", "10000000"),
    ],
)
def test_the_bound_is_in_the_options_help(command: str, option: str, bound: str) -> None:
    result = runner.invoke(app, [command, "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    row = words(result.output.split(option, 1)[1])[:200]
    assert bound in row, row


# --- 6. Bezique's sevens of trumps --------------------------------------------------------------------


def test_bezique_says_its_sevens_of_trumps_count_is_of_those_still_held() -> None:
    """The table said "sevens of trumps shown": a seven shown and then played no longer counts (the
    count is of shown sevens still held, which score no more when played), so the words say so."""
    field = next(f for f in dataclasses.fields(BeziqueExtra) if f.name == "sevens_shown")
    assert label_of(field) == "shown sevens of trumps still held"


def test_the_sevens_counted_are_those_still_held() -> None:
    """What the count is: at every step it is at most the sevens of trumps in the seat's hand, and a
    seven shown and then played leaves it (so "sevens of trumps shown" was untrue of it)."""
    game = parlour.make("bezique")
    fell = 0
    for seed in range(40):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        before = [0, 0]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            shown = view.extra.sevens_shown
            seven = f"7{view.trump}"
            assert shown[seat] <= view.hand.count(seven), (seed, shown, view.hand)
            fell += sum(1 for s in (0, 1) if shown[s] < before[s] and view.extra.phase.value == "talon")
            before = list(shown)
            legal = view.legal_actions
            sevens = [a for a in legal if a.startswith("declare 7")]
            state.apply(sevens[0] if sevens else rng.choice(legal), seat=seat)
        if fell:
            break
    assert fell, "no seven shown and then played in 40 matches"


# --- 5. Bezique's draws -------------------------------------------------------------------------------


@pytest.mark.parametrize("table_laws", [False, True])
def test_bezique_tells_you_the_card_you_draw(table_laws: bool) -> None:
    """After each trick of the talon each player draws a card: the person was told nothing of theirs
    (Roquet says "you draw T♦"). Under table laws the other seat's draw is still counted."""
    game = parlour.make("bezique", table_laws=table_laws)
    typist = Typist(["1"] * 16)
    terminal, console = _table(game, typist, seed=3)
    terminal.run()
    text = console.export_text()
    assert re.search(r"· you draw \S+", text), text[-3000:]
    assert "seat 1 (you) draws 1 card" not in text
    if table_laws:
        assert "· seat 2 draws 1 card" in text


@pytest.mark.parametrize("table_laws", [False, True])
def test_a_card_drawn_is_told_to_its_drawer_alone(table_laws: bool) -> None:
    """The drawer alone is told the card; the other seat and a spectator are told at most a count."""
    game = parlour.make("bezique", table_laws=table_laws)
    for seed in range(3):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(rng.choice(state.view(seat).legal_actions), seat=seat)
        told = [e for e in state.log if told_a_draw(e)]
        assert told and {e.to for e in told} == {0, 1}
        for e in told:
            assert e.data["seat"] == e.to and e.data["text"].startswith("you draw ")
            assert e.visible_to(e.to) and not e.visible_to(1 - e.to) and not e.visible_to(None)
        for viewer in (0, 1, None):
            for e in state.events(viewer):
                if e.kind == "draw" and e.data.get("seat") != viewer:
                    assert "cards" not in e.data, e  # at most a count, or the turn-up the table sees


def test_an_older_bezique_save_without_the_draws_told_still_replays() -> None:
    """A save written before the draws were told replays to its own log (``Bezique.replay``)."""
    game = parlour.make("bezique")
    state = game.new(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        seat = state.current_player
        assert seat is not None
        state.apply(rng.choice(state.view(seat).legal_actions), seat=seat)
    saved = json.loads(state.to_json())
    saved["log"] = [e for e in saved["log"] if not (e["kind"] == "draw" and "cards" in e["data"])]
    older = json.dumps(saved)
    again = game.replay(older)
    assert [e.to_dict() for e in again.log] == saved["log"]
    assert again.to_json() == game.load(older).to_json()
    assert [e.to_dict() for e in game.replay(state.to_json()).log] == [e.to_dict() for e in state.log]


# --- 7. what else the walk found ----------------------------------------------------------------------


def test_an_absurd_bot_delay_is_refused() -> None:
    """``parlour serve --bot-delay 1e30`` was taken: the web table's computer players never moved."""
    result = runner.invoke(app, ["serve", "--bot-delay", "1e30"], env=WIDE)
    assert result.exit_code == 2, result.output
    assert "--bot-delay must be 0 to 60, not 1e30" in words(result.stderr)


def test_the_welcome_shows_a_card_played_where_the_game_plays_cards() -> None:
    """Apology's welcome said "e.g. bury 9H": burying is the taker's, once a deal; playing is everyone's."""
    terminal, console = _table(parlour.make("apology"), Typist([]))
    terminal.run()
    assert "(e.g. play 9H;" in words(console.export_text())
