"""The terminal played through as a new user, every game (term-7): a refused card named as the hand
shows it and said to "you", a run of cards mixing tarocks and suits parted by commas, the trump's star
explained, the pause naming what comes next, the question shown again after "history" and "rules",
normal named a level at ``parlour players``, and several winners listed as a sentence lists them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.cli.terminal import TerminalGame, number
from parlour.engine import State
from parlour.engine.views import View
from parlour.players import make_player
from tests.cli_support import scripted
from tests.test_resume import saves, words

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
__all__ = ["saves"]  # test_resume's saves folder, for a match put aside


class Typist:
    """Seat 0's lines, from a list or from ``then`` once it is empty (Ctrl-D if ``None``), each prompt
    it was asked at kept."""

    def __init__(self, lines: Sequence[str], then: str | None = None) -> None:
        self.lines = list(lines)
        self.then = then
        self.prompts: list[str] = []

    def __call__(self, prompt: str, completions: Sequence[str]) -> str:
        self.prompts.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        if self.then is None or len(self.prompts) > 2000:
            raise EOFError
        return self.then


def at_table(game: parlour.Game[Any], typist: Typist, seed: int) -> tuple[TerminalGame, Console]:
    """Seat 0 at the terminal against random players, on a recording console of 80 columns."""
    bots = {s: make_player("random", game, s) for s in range(1, game.num_players)}
    console = Console(record=True, width=80, force_terminal=False)
    return TerminalGame(game, [0], bots, seed, console, ask=typist), console


def seat_0_to_play(game: parlour.Game[Any], seed: int, wanted: Callable[[View[Any]], bool]) -> State:
    """A position of a seeded match, random players at every seat, where seat 0 is to play and
    ``wanted(view)`` holds."""
    state: State = game.new(seed=seed)
    bots = {s: make_player("random", game, s) for s in range(game.num_players)}
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if seat == 0 and wanted(view):
            return state
        state.apply(bots[seat].choose(view, game), seat=seat)
    raise AssertionError("no such position in the match")


# --- 1. a refused card is named as the hand shows it, and said to you ------------------------------


def test_a_card_not_held_is_named_as_the_hand_shows_it() -> None:
    """ "play 9D" of a card not held was answered "you do not hold 9D" under "your hand: 3♠ B♥ ...":
    one card named two ways on one screen. The move as typed, quoted, keeps its code."""
    game = parlour.make("bishops-whist")
    state = game.new(seed=7)
    hand = state.view(0).hand
    pack = parlour.cards.get_pack(game.pack)
    code = next(c for c in pack.cards if pack.suit(c) and c not in hand)
    table, console = scripted(game, [f"play {code}"], seed=7, width=80)
    table.run()
    out = words(console.export_text())
    assert f"you do not hold {pack.pretty(code)}" in out, out[-1500:]
    assert f"hold {code}" not in out


def test_a_refusal_said_to_the_seat_at_the_screen_says_your() -> None:
    """Apology's "play E" without the Excuse was refused "E is not in seat 0's hand", said to seat 0."""
    game = parlour.make("apology")
    state = seat_0_to_play(
        game, 3, lambda v: v.decision is not None and v.decision.kind == "play" and "E" not in v.hand
    )
    typist = Typist(["play E"])
    table, console = at_table(game, typist, seed=3)
    table.play(state)
    out = words(console.export_text())
    assert "E is not in your hand" in out, out[-1500:]
    assert "seat 1's" not in out and "seat 0's" not in out  # (the terminal's seat 1 is the engine's 0)


def test_a_refused_tarock_names_the_turned_up_cards_as_the_stacks_show_them() -> None:
    """Open tarock's refusal listed the cards that may be led by code ("3D, 9S, VII, 8C") beside
    stacks showing 3♦ and 9♠."""
    game = parlour.make("open-tarock")
    state = seat_0_to_play(game, 3, lambda v: v.trick is not None and not v.trick.plays)
    pack = parlour.cards.get_pack(game.pack)
    tops = [a.split()[1] for a in state.view(0).legal_actions]
    hidden = next(c for c in pack.cards if c not in tops)
    table, console = at_table(game, Typist([f"play {hidden}"]), 3)
    table.play(state)
    out = words(console.export_text())
    assert "you may play only the top card of a stack: " + ", ".join(map(pack.pretty, tops)) in out, out
    assert any(pack.suit(c) for c in tops), tops  # a suited card among them, whose code would show


# --- 2. a run of cards with tarocks among suited cards is parted ----------------------------------


def test_a_run_of_tarocks_and_suited_cards_is_parted_by_commas() -> None:
    """ "seat 0 turns up 7♣ II C♦ 2♥" read "7♣ tarock II C♦ 2♥", where a run of tarocks alone read
    "tarock XIX, tarock VIII, ...": the game wrote the suited cards with their symbols already."""
    game = parlour.make("open-tarock")
    table, console = scripted(game, [], seed=7, width=200)
    table.run()
    out = console.export_text()
    assert "turns up 7♣, tarock II, C♦, 2♥" in out, out[:1500]
    assert not re.search(r"tarock [IVX]+ [0-9A-Z]{1,2}[♠♥♦♣]|[♠♥♦♣] tarock", out), out[:1500]


# --- 3. the trumps' star ------------------------------------------------------------------------


def test_the_star_on_a_trump_is_explained() -> None:
    """ "your hand: 3♠* B♥ ..." and "turned up K♠*": nothing said what the star meant."""
    game = parlour.make("bishops-whist")
    table, console = scripted(game, [], seed=7, width=80)
    table.run()
    out = words(console.export_text())
    assert "3♠*" in out
    assert "spades (S); a trump is marked *" in out


# --- 4. the pause says what Enter leads to -------------------------------------------------------


def test_the_pause_at_the_end_of_a_hand_names_the_next_hand() -> None:
    """ "the hand is over: press Enter for the next>": the next what?"""
    game = parlour.make("roquet")
    typist = Typist([], then="1")
    table, _ = at_table(game, typist, seed=5)
    pauses: list[str] = []

    def ask(prompt: str, completions: Sequence[str]) -> str:
        if "press Enter" in prompt:
            pauses.append(prompt)
            raise EOFError  # the person leaves at the first pause
        return typist(prompt, completions)

    table._ask = ask
    table.run()
    assert pauses == ["the hand is over: press Enter for the next hand> "], typist.prompts[-3:]


# --- 5. the question is shown again after a long answer --------------------------------------------


def test_history_and_rules_are_followed_by_the_question_and_the_moves() -> None:
    """Forty lines of history (or a rules text printed without a pager) scrolled "your turn: lead a
    card" and the moves off an 80x24 window, and left a bare "your move>"."""
    game = parlour.make("bishops-whist")
    for command in ("history", "rules"):
        table, console = scripted(game, [command], seed=7, width=80)
        table.run()
        out = console.export_text()
        assert out.count("your turn: lead a card") == 2, command
        assert "moves: 1) play" in out.split("your turn: lead a card")[-1], command


# --- 6. parlour players ---------------------------------------------------------------------------


def test_players_names_normal_a_level() -> None:
    """The level column said "yes" beside easy and strong and "default" beside normal: is normal a
    level? It is, and the default."""
    result = runner.invoke(app, ["players", "roquet"], env=WIDE)
    assert result.exit_code == 0, result.output
    rows = {
        line.split("│")[1].strip(): line.split("│")[2].strip()
        for line in result.output.splitlines()
        if "│" in line
    }
    assert rows["easy"] == "yes" and rows["strong"] == "yes"
    assert rows["normal"] == "yes (the default)"


# --- 7. several winners -----------------------------------------------------------------------------


def test_three_winners_are_listed_as_a_sentence_lists_them() -> None:
    """Apology's three seats sharing the win were "seat 1 & seat 2 & seat 3" to the fourth; to one of
    the three, "You win!" alone, as if the win were theirs only."""
    game = parlour.make("apology")
    for seed in range(40):
        state = game.new(seed=seed)
        bots = {s: make_player("random", game, s) for s in range(game.num_players)}
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat), game), seat=seat)
        outcome = state.view(0).outcome
        assert outcome is not None
        if len(outcome.winners) == 3:
            break
    else:
        raise AssertionError("no match of the forty ends with three seats sharing the win")
    loser = next(s for s in range(game.num_players) if s not in outcome.winners)
    winner = outcome.winners[0]
    said = {}
    for seat in (loser, winner):
        console = Console(record=True, width=80, force_terminal=False)
        table = TerminalGame(game, [seat], {}, seed, console, ask=Typist([]))
        table.show_end(state)
        said[seat] = (words(console.export_text()), [table.who(s, state.view(seat)) for s in outcome.winners])
    out, names = said[loser]
    assert f"You lose: {names[0]}, {names[1]} & {names[2]} win" in out, out
    out, names = said[winner]
    assert f"You share the win with {names[1]} & {names[2]} (" in out, out  # term-11's words


# --- 8. a number that is both a move's and an amount ----------------------------------------------


def test_a_number_that_may_be_a_move_or_an_amount_is_taken_as_neither() -> None:
    """Lansquenet lists "moves: bet N (1-50)  1) banco  2) pass": "1", a bet of 1 to a newcomer, was
    move 1 and bet the whole bank."""
    game = parlour.make("lansquenet")
    state = seat_0_to_play(game, 7, lambda v: bool(v.legal_ranges and v.legal_actions))
    view = state.view(0)
    first, verb = view.legal_actions[0], view.legal_ranges[0].verb
    table, console = at_table(game, Typist(["1"]), seed=7)
    table.play(state)
    out = words(console.export_text())
    assert f"'1' could be move 1 ({first}) or a {verb} of 1: type '{first}' or '{verb} 1'." in out, out
    assert len(state.log) == len(
        seat_0_to_play(game, 7, lambda v: bool(v.legal_ranges and v.legal_actions)).log
    )


# --- 9. a pile named by what befell its cards ------------------------------------------------------


def test_the_takers_own_piles_read_as_english() -> None:
    """Apology's taker read "your buried: C♠" and "your escaped: none" under the table."""
    game = parlour.make("apology")
    state = seat_0_to_play(game, 3, lambda v: any(z.label == "buried" and z.owner == 0 for z in v.zones))
    table, console = at_table(game, Typist([]), seed=3)
    table.render(state.view(0))
    out = console.export_text()
    assert "your cards buried: " in out and "your cards escaped: " in out, out
    assert "your buried" not in out and "your escaped" not in out
    assert "your tricks won: none" in out  # a pile named otherwise is said as before


# --- 10. the score sheet of sides -----------------------------------------------------------------


def test_the_score_sheet_marks_the_readers_side() -> None:
    """Bishops Whist's sheet headed its columns "seats 0 and 2" and "seats 1 and 3", where every other
    game's says "seat 0 (you)": which column was the reader's?"""
    game = parlour.make("bishops-whist", hand_limit=3)
    state = seat_0_to_play(game, 3, lambda v: v.score_sheet is not None and bool(v.score_sheet.rows))
    for seat in (0, 1):
        console = Console(record=True, width=80, force_terminal=False)
        TerminalGame(game, [seat], {}, 3, console, ask=Typist([])).render(state.view(seat))
        out = console.export_text()
        # the engine's seats 0 and 2, numbered from 1 as the terminal numbers them
        mine, theirs = ("seats 1 and 3", "seats 2 and 4") if seat == 0 else ("seats 2 and 4", "seats 1 and 3")
        assert f"{mine} (you)" in out, out
        assert f"{theirs} (you)" not in out and theirs in out


# --- 11. a trick carried onto a second line -------------------------------------------------------


def test_a_trick_carried_onto_a_second_line_is_indented_under_its_first_play() -> None:
    """In 60 columns "last trick (won by seat 3): you Q♠,  seat 1 N" went on at the margin with
    "seat 2 (partner) 4♠,  seat 3 C♠", as if that were a line of its own."""
    game = parlour.make("bishops-whist")
    state = seat_0_to_play(game, 3, lambda v: v.last_trick is not None and len(v.last_trick.plays) == 4)
    console = Console(record=True, width=60, force_terminal=False)
    TerminalGame(game, [0], {}, 3, console, ask=Typist([])).render(state.view(0))
    lines = console.export_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("last trick"))
    head = lines[at].index(": ") + 2
    assert lines[at + 1].startswith(" " * head) and lines[at + 1][head] != " ", lines[at : at + 2]


# --- 12. a card typed as the table draws it ---------------------------------------------------------


def test_a_card_typed_as_the_table_draws_it_is_taken() -> None:
    """ "play 8♣", or "8♣", typed as the hand above shows it, was refused: "'8♣' is not a card of this
    game's pack"."""
    game = parlour.make("bishops-whist")
    pack = parlour.cards.get_pack(game.pack)
    for line in ("play {}", "{}", "PLAY {}\ufe0f"):
        state = game.new(seed=7)
        code = next(a.split()[1] for a in state.view(0).legal_actions if pack.suit(a.split()[1]))
        hollow = pack.pretty(code).translate(str.maketrans("♠♥♦♣", "♤♡♢♧"))
        for shown in (pack.pretty(code), hollow):
            table, console = at_table(game, Typist([line.format(shown)]), seed=7)
            table.play(state.clone())
            out = console.export_text()
            # (the card opens the hand's first trick: the log says it "leads")
            assert f"seat 1 (you) leads {pack.pretty(code)}" in out, (line, shown, out[-800:])
            assert "not a card" not in out


# --- 13. what next, at the end of a match -----------------------------------------------------------


def test_the_end_of_a_match_says_how_to_play_another_like_it(saves: Path) -> None:
    """The final score was the last word: nothing said how to play again, with the options, seat and
    players of the match just played."""
    result = runner.invoke(
        app,
        ["play", "roquet", "--seat", "2", "--seed", "4", "--opponents", "random", "-o", "target=20"],
        input="1\n" * 400,
        env=WIDE,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "final score" in result.output, result.output[-2000:]
    last = result.output.strip().splitlines()[-1]
    assert last == "Another match: parlour play roquet --seat 2 --opponents random -o target=20", last


# --- 14. a seat beyond the table -------------------------------------------------------------------


@pytest.mark.parametrize("args", [["--seat", "5"], ["--humans", "1,5"]])
def test_a_seat_beyond_a_table_that_may_grow_says_how(args: list[str]) -> None:
    """Lansquenet's "--seat 5" was told "the seats are 0 to 3": its table seats up to ten."""
    result = runner.invoke(app, ["play", "lansquenet", *args], env=WIDE)
    assert result.exit_code != 0
    said = words(result.output)
    assert "the seats are 1 to 4, and 5 is none of them (for more seats: -o players=N, 2 to 10)" in said, said
    fixed = runner.invoke(app, ["play", "bezique", "--seat", "5"], env=WIDE)
    assert "for more seats" not in fixed.output  # Bezique is for two


# --- 15. a half written one way --------------------------------------------------------------------


def test_a_half_point_is_written_as_the_log_writes_it() -> None:
    """Apology's rows said "taker's card points so far 5½" under the log's "seat 2 wins trick 10 (5.5
    points)" (the web table writes 5.5 too); thirds stay glyphs, as open tarock's lines write them."""
    game = parlour.make("apology")
    table, console = at_table(game, Typist([], then="1"), seed=7)
    table.run()
    out = console.export_text()
    assert "final score" in out
    assert re.search(r"card points so far +\d+\.5\b", out), out[-2000:]
    assert "½" not in out
    assert number(-22 - 1 / 3) == "-22⅓" and number(2 / 3) == "⅔" and number(5.5) == "5.5"


# --- 16. a log line carried onto a second line ------------------------------------------------------


def test_a_log_line_carried_onto_a_second_line_goes_on_under_its_words() -> None:
    """In 60 columns "· seat 1 turns up tarock XIX, tarock VIII, tarock XIV," went on at the margin
    with "tarock XX", as if it were a line of its own without its bullet."""
    game = parlour.make("open-tarock")
    for command in ([], ["history"]):
        table, console = scripted(game, command, seed=7, width=60)
        table.run()
        lines = console.export_text().splitlines()
        at = max(i for i, line in enumerate(lines) if line.startswith("· seat 2 turns up tarock XIX,"))
        assert lines[at + 1] == "  tarock XX", lines[at : at + 2]
        assert not lines[at].endswith(" ")


# --- 17. the score sheet's rows ---------------------------------------------------------------------


def test_a_score_sheet_row_names_the_reader_as_its_column_does() -> None:
    """Apology's sheet read "deal 1: seat 0 fails (25 of 56)" beside its column "seat 0 (you)"."""
    game = parlour.make("apology")
    for seed in range(20):
        try:
            state = seat_0_to_play(
                game,
                seed,
                lambda v: v.score_sheet is not None and any("seat 0 " in r.label for r in v.score_sheet.rows),
            )
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("seat 0 takes in no deal of twenty matches")
    view = state.view(0)
    assert view.score_sheet is not None
    label = next(r.label for r in view.score_sheet.rows if "seat 0 " in r.label)
    console = Console(record=True, width=200, force_terminal=False)
    TerminalGame(game, [0], {}, 7, console, ask=Typist([])).render(view)
    out = console.export_text()
    assert label.replace("seat 0 ", "seat 1 (you) ") in out, out  # numbered from 1, as the terminal numbers
