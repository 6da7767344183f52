"""Review of term-7's terminal changes (review-4): a save path typed with a suit symbol, the command
printed at a match's end read back by ``-o``, and a piped script repeating a refused line."""

from __future__ import annotations

import io
import shlex
from pathlib import Path

import pytest
from rich.console import Console

import parlour
from parlour.cli.main import _options
from parlour.cli.terminal import PIPED_REPEATS, TerminalGame
from parlour.players import make_player
from tests.cli_support import scripted


def test_a_save_path_with_a_suit_symbol_is_kept_as_typed(tmp_path: Path) -> None:
    """'save deal 8♥.json' saved to 'deal 8H.json': the path was read as a card typed with a symbol."""
    game, _ = scripted(parlour.make("bezique"), [f"save {tmp_path}/deal 8♥.json"], 3, 100)
    game.run()
    assert [p.name for p in tmp_path.iterdir()] == ["deal 8♥.json"]


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("apology", {"target_0": 62.333333333, "target_shift": 0.5}),
        ("bishops-whist", {"misdeal_chance": 1e-07}),
        ("bishops-whist", {"misdeal_chance": 0.123456789}),
    ],
)
def test_another_match_reads_back_its_float_options(name: str, options: dict[str, float]) -> None:
    """'-o target_0=62⅓' and '-o misdeal_chance=1e-07' were refused by -o; '0.123457' was another
    match's option: the printed command must make the same game."""
    game = parlour.make(name, **options)
    bots = {s: make_player("random", game, s) for s in range(1, game.num_players)}
    table = TerminalGame(game, [0], bots, 1, Console(), opponents=dict.fromkeys(bots, "random"))
    words = shlex.split(table.again())
    pairs = [words[i + 1] for i, word in enumerate(words) if word == "-o"]
    assert parlour.make(name, **_options(pairs)).options == game.options


def test_a_piped_line_refused_again_and_again_ends_the_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``yes 1 | parlour play lansquenet`` spun for ever on "'1' could be move 1 (banco) or a bet of 1"."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 300))
    game = parlour.make("lansquenet")
    bots = {s: make_player("random", game, s) for s in range(1, game.num_players)}
    console = Console(record=True, width=100, force_terminal=False)
    TerminalGame(game, [0], bots, 4, console, opponents=dict.fromkeys(bots, "random")).run()
    text = console.export_text()
    assert 0 < text.count("could be move 1") <= PIPED_REPEATS
    assert "times running without a move" in text
    assert "You left the table." in text
