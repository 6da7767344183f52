"""The terminal's compact table, finished (term-10): the rows that say nothing at a move are the game's
word (``quiet=True`` on its extras' fields, published to the web), not a guess from English labels; the
whole panel is drawn only where it leaves the log its rows; ten seats' "players" row fits; the first-time
line names a score sheet only where the game keeps one; a window too short for any table says so."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from rich.text import Text

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.engine import registry
from parlour.engine.views import View, is_quiet, label_of
from parlour.web import frames
from tests.test_term9 import SHORT, play

OLD_IDLE = re.compile(r"phase|stage|(?:\w+ )?\w+s played")
"""The terminal's old guess (term-9) at a game's rows that say nothing at a move, from their labels."""

GAMES = [m.game.name for m in registry.manifests()]


def shown_fields(name: str) -> list[dataclasses.Field[Any]]:
    """A game's extras fields that a front end shows (``internal()`` ones are never drawn)."""
    extra = registry.game_class(name).view_extra
    return [f for f in dataclasses.fields(extra) if f.metadata.get("show") is not False]


@pytest.mark.parametrize("name", GAMES)
def test_quiet_fields_are_those_the_old_labels_guessed(name: str) -> None:
    """Every registered game marks quiet exactly the shown fields whose labels the old regex matched:
    the same rows are left out first as before."""
    fields = shown_fields(name)
    quiet = {label_of(f) for f in fields if is_quiet(f)}
    guessed = {label_of(f) for f in fields if OLD_IDLE.fullmatch(label_of(f))}
    assert quiet == guessed, name


def test_the_games_say_which_facts_are_quiet() -> None:
    """The four facts the regex found are marked in their games' own packages; the terminal no longer
    reads labels for it (a game could rename "phase" to "what now" and keep it quiet)."""
    quiet = {(n, f.name) for n in GAMES for f in shown_fields(n) if is_quiet(f)}
    assert quiet >= {
        ("apology", "tricks_played"),
        ("bezique", "phase"),
        ("bishops-whist", "phase"),
        ("lansquenet", "deals_played"),
    }
    assert not hasattr(TerminalGame, "IDLE")


OWN_EXTRA_ROWS = TerminalGame.extra_rows


def guessed_extra_rows(self: TerminalGame, view: View[Any]) -> list[tuple[str, Text | list[Text], str]]:
    """The terminal as it was: a game's fact quiet where its label matches the old regex."""
    return [
        (label, value, "quiet" if OLD_IDLE.fullmatch(label) else "extra")
        for label, value, _ in OWN_EXTRA_ROWS(self, view)
    ]


@pytest.mark.parametrize("name", list(SHORT))
def test_compact_tables_are_unchanged(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded matches at 80x24 (test_term9, test_review8's size) print the same text, every compact
    table included, whether the game's metadata or the old regex says which rows are quiet."""
    for seed in (1, 2):
        _, now = play(name, SHORT[name], 80, 24, seed=seed)
        with monkeypatch.context() as patched:
            patched.setattr(TerminalGame, "extra_rows", guessed_extra_rows)
            _, before = play(name, SHORT[name], 80, 24, seed=seed)
        assert "compact: 'table' shows all" in now or name in ("lansquenet", "open-tarock")
        assert now == before, (name, seed)


def test_the_web_is_told_which_facts_are_quiet() -> None:
    """The welcome's ``extra_fields`` carry ``quiet`` for every field, true for the game's quiet ones."""
    for name in GAMES:
        fields = frames.welcome_frame(parlour.make(name).new(seed=1), 0, {})["extra_fields"]
        assert all(isinstance(f["quiet"], bool) for f in fields), name
        shown = {f.name: is_quiet(f) for f in shown_fields(name)}
        assert {f["name"]: f["quiet"] for f in fields if f["show"]} == shown, name
    bishops = frames.welcome_frame(parlour.make("bishops-whist").new(seed=1), 0, {})["extra_fields"]
    assert next(f for f in bishops if f["name"] == "phase")["quiet"]
    assert not next(f for f in bishops if f["name"] == "tricks_won")["quiet"]
