"""The rules are the rules; how strong the computer players are is kept apart (strength.md).

A player who types ``rules`` at the table, or opens the rules at the web table, reads the rules: the
levels in a few paragraphs and one short "How strong they are". The measurements behind them (hundreds
of lines of duplicate-deal figures, benchmark commands and designs tried and not kept) are each game's
``strength.md``, printed by ``parlour players GAME --notes`` and folded away under the rulings at the
web table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner, Result

import parlour
from parlour.cli import app
from parlour.web.app import create_app

MEASURED = ["bishops-whist", "roquet", "apology", "bezique", "open-tarock"]
"""The games whose computer players search and were measured against a cheat and OpenSpiel."""

FIGURE = re.compile(r"[+−-]?\d[\d.]* ± \d[\d.]*")
"""A figure with its interval, as the notes write it (``+0.78 ± 0.17``)."""


def run_cli(*args: str) -> Result:
    """``parlour ARGS`` in 80 columns, as a common terminal runs it."""
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "80"})


def flat(text: str) -> str:
    """The text with its line breaks and runs of spaces as single spaces (figures wrap across lines)."""
    return " ".join(text.split())


def how_strong(rules: str) -> str:
    """The rules' short "How strong they are" part."""
    part = rules.split("### How strong they are", 1)[1]
    return part.split("\n## ", 1)[0]


@pytest.mark.parametrize("game", parlour.list_games(), ids=lambda info: info.name)
def test_no_rules_text_carries_benchmark_commands(game: parlour.GameInfo) -> None:
    rules = parlour.game_class(game.name).rules_text()
    for line in rules.splitlines():
        assert not re.match(r"\s*(nice -n \d+ )?(PYTHONPATH=\S+ )?python3? benchmarks/", line), line


@pytest.mark.parametrize("game", MEASURED)
def test_the_rules_say_briefly_how_strong_the_players_are_and_where_the_measurements_are(game: str) -> None:
    cls = parlour.game_class(game)
    rules, notes = cls.rules_text(), cls.strength_text()
    summary = how_strong(rules)
    assert f"parlour players {game} --notes" in flat(summary)
    assert "IS-MCTS" in summary
    # every figure the summary quotes is one the notes measured (none made up or rounded afresh)
    figures = FIGURE.findall(flat(summary))
    assert len(figures) >= 2, summary
    for figure in figures:
        assert figure in flat(notes), f"{game}: {figure} is not in strength.md"
    # the notes are the measurements: duplicate deals, intervals and the commands that gave them
    assert notes.startswith("# ")
    assert "duplicate deals" in notes and "benchmarks/" in notes
    assert len(notes.splitlines()) > len(summary.splitlines()) * 3
    # what the rules say of the computer players stays short enough to read at the table (it ran to
    # 440 lines in Bishops Whist's rules, 270 in Roquet's)
    players = rules.split("\n## Computer players", 1)[1]
    assert len(players.splitlines()) <= 50, f"{game}: {len(players.splitlines())} lines on computer players"


def test_the_notes_ship_with_the_package_beside_the_rules() -> None:
    for game in MEASURED:
        package = Path(parlour.game_class(game).__module__.replace(".", "/")).parent
        assert (Path(__file__).parent.parent / package / "strength.md").exists()
    assert parlour.game_class("lansquenet").strength_text() == ""


def test_players_notes_prints_the_measurements() -> None:
    result = run_cli("players", "roquet", "--notes")
    assert result.exit_code == 0, result.output
    assert "how strong the computer players are" in result.output
    assert "handcheat" in result.output  # a measurement only the notes hold
    listed = run_cli("players", "roquet")
    assert listed.exit_code == 0 and "handcheat" not in listed.output


def test_players_notes_of_a_game_without_measurements_says_so() -> None:
    result = run_cli("players", "lansquenet", "--notes")
    assert result.exit_code == 2
    assert "lansquenet has no measurements of its computer players" in result.output
    assert "Traceback" not in result.output


def test_the_rules_api_sends_the_notes_apart(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0)) as client:
        answer = client.get("/api/games/bishops-whist/rules").json()
        assert set(answer) == {"title", "rules", "rulings", "strength"}
        assert "bw_robust.py" in answer["strength"] and "bw_robust.py" not in answer["rules"]
        assert client.get("/api/games/lansquenet/rules").json()["strength"] == ""
