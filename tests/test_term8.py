"""The terminal numbers the seats from 1, as the web table ("Seat 1") and the options (``--seat 1``) do
(term-8). The engine and the games' texts number them from 0: the terminal renumbered nothing, so that
``parlour play roquet --seat 2`` said "you are seat 1" and its log "seat 1 (you) plays ...". Every seat
a person reads at the terminal is now counted from 1; a saved file keeps the engine's numbers."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cards import get_pack
from parlour.cli import app
from parlour.cli.terminal import TerminalGame, seats_from_one
from parlour.engine import State
from parlour.players import make_player
from tests.test_resume import saves, words

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
__all__ = ["saves"]  # test_resume's saves folder, for a match put aside

SHORT: dict[str, dict[str, Any]] = {
    "apology": {"deals": 1},
    "bezique": {"target": 300},
    "bishops-whist": {"hand_limit": 1},
    "lansquenet": {"length": "deals", "deals": 6},
    "open-tarock": {"deals": 1},
    "roquet": {"target": 30},
}
"""Each game's options for a short match played to its end."""

SEAT_WORDS = re.compile(r"\b[Ss]eats? (\d+(?:(?:, |,? and |,? & )\d+)*)")
"""A seat or a list of seats as a person reads it ("seat 3", "Seat 1's", "seats 1 and 3")."""


def seat_numbers(text: str) -> list[int]:
    """Every seat number in ``text``, each of a list ("seats 1 and 3": 1 and 3)."""
    return [int(n) for m in SEAT_WORDS.finditer(text) for n in re.findall(r"\d+", m[1])]


class Mover:
    """A person at ``seat`` who types moves as the table lists them (the first legal move, or the least
    amount of a range: "bet 1" where Lansquenet also lists "1) banco"), and once a match "history",
    a card not held, a word that is no move, and "hint", so that every kind of line is read."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.extras = ["history", "play ZZ", "frobnicate", "hint"]
        self.prompts = 0

    def __call__(self, prompt: str, completions: Sequence[str]) -> str:
        self.prompts += 1
        if self.prompts > 3000:
            raise EOFError
        if "your move" not in prompt:
            return ""  # Enter at a pause
        if self.extras and self.prompts > 3:
            return self.extras.pop(0)
        view = self.state.view(self.seat)
        if view.legal_ranges:
            least = view.legal_ranges[0]
            return f"{least.verb} {least.min}"
        return view.legal_actions[0]


def played(name: str, seat: int, seed: int = 3) -> tuple[str, State]:
    """A short match of ``name`` played to its end at the terminal by a person at the engine's
    ``seat`` against random players, on an 80-column console: what was printed, and the match."""
    game = parlour.make(name, **SHORT[name])
    state = game.new(seed=seed)
    bots = {s: make_player("random", game, s) for s in range(game.num_players) if s != seat}
    console = Console(record=True, width=80, force_terminal=False)
    table = TerminalGame(game, [seat], bots, seed, console, ask=Mover(state, seat), hint_seconds=0.2)
    table.run(state)
    return console.export_text(), state


GAMES = [info.name for info in parlour.list_games()]


@pytest.mark.parametrize("name", GAMES)
def test_every_seat_a_person_reads_is_counted_from_1(name: str) -> None:
    """A whole match at the last seat: no "seat 0" anywhere, no seat above the table's size, the header
    says "you are seat N" of the engine's seat N-1, and the log names the reader "seat N (you)"."""
    players = parlour.make(name, **SHORT[name]).num_players
    seat = players - 1
    out, state = played(name, seat)
    assert state.is_over and "final score" in out, out[-2000:]
    assert not re.search(r"\b[Ss]eats? 0\b", out), re.findall(r".{30}\b[Ss]eats? 0\b.{30}", out)
    numbers = seat_numbers(out)
    assert numbers and all(1 <= n <= players for n in numbers), sorted(set(numbers))
    assert f"you are seat {players};" in out, out[:600]
    assert f"· seat {players} (you) " in out, out[-2000:]
    assert f"· seat {players - 1} " in out, out[-2000:]  # the engine's seat players-2, named from 1


@pytest.mark.parametrize("name", [n for n in GAMES if n != "lansquenet"])
def test_a_log_line_names_the_seat_the_table_names(name: str) -> None:
    """Each card on the table ("on the table: seat 2 7♠") was told by a log line naming the same seat
    ("· seat 2 plays 7♠"); the reader's own card by "seat N (you)", N as the header says."""
    game = parlour.make(name, **SHORT[name])
    players, pack = game.num_players, get_pack(game.pack)
    out, _ = played(name, 0)
    assert "you are seat 1;" in out
    lines = out.splitlines()
    checked = 0
    for at, line in enumerate(lines):
        if not line.startswith("on the table: ") or "none" in line:
            continue
        log = [earlier for earlier in lines[:at] if earlier.startswith("· ")]
        for play in line.removeprefix("on the table: ").split(",  "):
            who, card = play.rsplit(" ", 1)
            card = card.rstrip("*")
            # the log names a card outside the suits ("plays the knight" where the table shows N)
            names = {card, pack.card_name(card)} if pack.is_card(card) else {card}
            said = "seat 1 (you)" if who == "you" else who
            assert any(entry.startswith(f"· {said} ") and any(n in entry for n in names) for entry in log), (
                line,
                log[-8:],
            )
            assert who == "you" or 2 <= int(who.split()[1]) <= players, who
            checked += 1
    assert checked > 3, out[-2000:]


def test_the_header_says_the_seat_of_seat_option(saves: Path) -> None:
    """``parlour play roquet --seat 2`` said "you are seat 1", and its log "seat 1 (you) plays"; the file
    put aside keeps the engine's number (1), as any saved match does."""
    result = runner.invoke(
        app, ["play", "roquet", "--seat", "2", "--seed", "1"], input="1\n1\nquit\n", env=WIDE
    )
    assert result.exit_code == 0, result.output
    out = words(result.output)
    assert "you are seat 2;" in out, out[:600]
    assert "seat 2 (you) " in out and "seat 1 (you)" not in out, out
    assert "seat 1 " in out and not re.search(r"\bseat [03]\b", out), out
    (kept,) = saves.glob("roquet-*.json")
    assert json.loads(kept.read_text())["humans"] == [1]
    listed = runner.invoke(app, ["resume", "--list"], env=WIDE)
    assert re.search(r"roquet, hand 1: seat 1: \d+ +you: \d+\n", listed.output), listed.output
    again = runner.invoke(app, ["resume"], input="quit\n", env=WIDE)
    assert "you are seat 2;" in words(again.output), again.output


def test_several_people_read_the_seats_from_1(saves: Path) -> None:
    """``--humans 1,3``: "people at seat 0, seat 2", "Seat 2's turn. Pass the terminal to seat 2.", and
    the end's "Won by seat 0 & seat 2", "seat 0 & seat 2: 5", with the reason's seats from 0 beside them."""
    result = runner.invoke(
        app,
        [
            "play",
            "bishops-whist",
            "--humans",
            "1,3",
            "--seed",
            "3",
            "--opponents",
            "random",
            "-o",
            "hand_limit=1",
        ],
        input="1\n\n" * 200,
        env=WIDE,
    )
    assert result.exit_code == 0, result.output[-2000:]
    out = words(result.output)
    assert "people at seat 1 & seat 3;" in out, out[:600]
    assert "Seat 3's turn. Pass the terminal to seat 3." in out, out
    assert "seat 3, press Enter when nobody else is looking>" in out
    assert "Seat 1's turn. Pass the terminal to seat 1." in out
    assert not re.search(r"\b[Ss]eats? 0\b", out)
    assert all(1 <= n <= 4 for n in seat_numbers(out)), sorted(set(seat_numbers(out)))
    end = result.output.split("final score —")[-1].splitlines()[0]
    assert re.fullmatch(r" seat 1 & seat 3: -?\d+ +seat 2 & seat 4: -?\d+ *│?", end.rstrip()), end
    verdict = next(line for line in result.output.splitlines() if "Won by" in line or "drawn" in line)
    if "Won by" in verdict:
        assert re.search(r"Won by (seat 1 & seat 3|seat 2 & seat 4) \(", verdict), verdict


def test_a_line_kept_at_a_pause_names_its_typist_from_1() -> None:
    """ "'play 9H', typed by seat 0 at the pause, was not taken" was said to people who sit at seat 1."""
    game = parlour.make("roquet")
    console = Console(record=True, width=120, force_terminal=False)
    table = TerminalGame(game, [0, 1], {}, 3, console, ask=lambda prompt, completions: "play 9H")
    table.pause("press Enter> ")
    table.drop_typed_ahead("the match is over")
    assert (
        "'play 9H', typed by seat 1 at the pause, was not taken: the match is over." in console.export_text()
    )


@pytest.mark.parametrize(
    ("text", "to_seat_0", "to_seat_1"),
    [
        ("seat 0 plays 9H in trick 3", "seat 1 (you) plays 9H in trick 3", "seat 1 plays 9H in trick 3"),
        ("seats 0 and 2 win 7 to 3", "seats 1 and 3 win 7 to 3", "seats 1 and 3 win 7 to 3"),
        ("partners: seats 1, 3 and 0", "partners: seats 2, 4 and 1", "partners: seats 2, 4 and 1"),
        ("E is not in seat 0's hand", "E is not in your hand", "E is not in seat 1's hand"),
        ("Seat 1's turn", "Seat 2's turn", "Your turn"),
        ("Seat 2 deals", "Seat 3 (partner) deals", "Seat 3 deals"),
        ("deal 1: seat 1 fails", "deal 1: seat 2 fails", "deal 1: seat 2 (you) fails"),
        ("the table seats 4; seated 2, unseat 1", "the table seats 4; seated 2, unseat 1", None),
    ],
)
def test_a_game_s_text_is_renumbered_once_in_one_place(
    text: str, to_seat_0: str, to_seat_1: str | None
) -> None:
    """The engine's numbers in a game's text, each seat and each list of seats, said from 1, possessives
    and a capital kept; a number that is no seat's ("trick 3", "deal 1", "seats 4" counted) unchanged."""
    game = parlour.make("bishops-whist")
    state = game.new(seed=1)
    for seat, said in ((0, to_seat_0), (1, to_seat_1)):
        if said is None:
            continue
        table = TerminalGame(game, [seat], {}, 1, Console(record=True, width=120), ask=lambda p, c: "")
        assert table.name_seats(text, state.view(seat)) == said


def test_a_text_for_several_readers_is_renumbered_without_names() -> None:
    """The end of a match read by several people names nobody "you"; its reason's seats are still
    counted from 1 ("seat 0 & seat 2 win" beside "Won by seat 1 & seat 3")."""
    said = seats_from_one("game over: seat 0 & seat 2 win; seats 1 and 3 lose; Seat 3's turn; trick 3")
    assert said == "game over: seat 1 & seat 3 win; seats 2 and 4 lose; Seat 4's turn; trick 3"


def test_a_saved_file_s_seats_are_said_to_be_the_engine_s(saves: Path) -> None:
    """A hand-edited save with a seat out of range is refused in the file's own numbers, and says so (a
    person reading "each 0 to 1" beside a table of seats 1 and 2 would be misled)."""
    result = runner.invoke(app, ["play", "roquet", "--seed", "1"], input="quit\n", env=WIDE)
    assert result.exit_code == 0, result.output
    (kept,) = saves.glob("roquet-*.json")
    data = json.loads(kept.read_text())
    kept.write_text(json.dumps({**data, "humans": [2]}))
    refused = runner.invoke(app, ["resume", str(kept)], env=WIDE)
    assert refused.exit_code != 0
    said = words(refused.output)
    assert "each 0 to 1 (a saved file numbers the seats from 0, as the engine does" in said, said


# --- after a Lansquenet deal, the score is named as the table names it -----------------------------


def test_the_line_after_a_deal_names_the_score_as_the_table_does() -> None:
    """After each Lansquenet deal the terminal printed "score: you: 93   seat 2: 107" under a table
    whose row for the same numbers says "chips in all": one number, two names. A game that counts
    points still says "score"."""
    out, _ = played("lansquenet", 0)
    after = [line for line in out.splitlines() if re.match(r"(score|chips in all): ", line)]
    assert after and all(line.startswith("chips in all: you: ") for line in after), after
    rows = [line for line in out.splitlines() if re.match(r"│ (score|chips in all) ", line)]
    assert rows and all(row.startswith("│ chips in all ") for row in rows), rows
    out, _ = played("roquet", 0)
    assert re.search(r"^score: you: \d+   seat 2: \d+$", out, re.M), out[-2000:]


# --- a refusal quotes what was typed --------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("play 10♥", "'10♥' is not a card of this game's pack"),
        ("PLAY 10♡", "'10♡' is not a card of this game's pack"),
        ("10♥", "'10♥' is neither a move nor a command here"),
        ("play 1♣", "'1♣' is not a card"),
    ],
)
def test_a_refusal_quotes_a_card_as_it_was_typed(line: str, said: str) -> None:
    """ "play 10♥" (Bishops Whist has no ten) was refused "'10H' is not a card of this game's pack": a
    code the person never typed, the suit symbol read as its letter."""
    game = parlour.make("bishops-whist")
    console = Console(record=True, width=200, force_terminal=False)
    lines = iter([line])

    def ask(prompt: str, completions: Sequence[str]) -> str:
        return next(lines, "quit")

    TerminalGame(game, [0], {s: make_player("random", game, s) for s in (1, 2, 3)}, 1, console, ask=ask).run()
    out = console.export_text()
    assert said in out, out[-1500:]
    assert "'10H'" not in out and "'1C'" not in out


# --- a near miss of an option's value -------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "said"),
    [
        (
            "laws=tables",
            "option laws='tables' is not allowed: it must be one of 'strict', 'table' "
            "(did you mean 'table'?)",
        ),
        ("laws=Table", "(did you mean 'table'?)"),
        ("partners=fixd", "(did you mean 'fixed'?)"),
        ("lawz=table", "bishops-whist has no option lawz (did you mean laws?); its options are: "),
        ("laws=x", "option laws='x' is not allowed: it must be one of 'strict', 'table'"),
    ],
)
def test_a_near_miss_of_an_option_is_told_what_was_meant(option: str, said: str) -> None:
    """ "-o laws=tables" was told the values allowed and no "did you mean", where a game's name is told
    it ("no game named 'bishops' (did you mean bishops-whist?)"); a value near none is told none."""
    result = runner.invoke(app, ["play", "bishops-whist", "-o", option], env=WIDE)
    assert result.exit_code == 2, result.output
    out = words(result.output)
    assert said in out, out
    assert ("did you mean" in out) == ("did you mean" in said), out
    name, value = option.split("=")
    with pytest.raises(ValueError) as refused:  # the library's error says it too (the web's lobby shows it)
        parlour.make("bishops-whist", **{name: value})
    assert said in str(refused.value)
