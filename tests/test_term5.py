"""The terminal's saved matches and long simulations, as a demanding user meets them.

``parlour resume --list`` with a file that vanishes while it lists (a match played out in another
terminal), forgetting a match put aside (``parlour resume --forget``, ``--forget-older-than``), and
Ctrl-C during ``parlour simulate`` / ``parlour duplicate``: the matches finished in a chunk under way
are kept, and the figures are marked as partial.
"""

from __future__ import annotations

import os
import pathlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import saved
from parlour.cli.app import app
from tests.cli_support import scripted

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
ROOT = Path(__file__).parent.parent


@pytest.fixture(autouse=True)
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "saves"
    monkeypatch.setenv("PARLOUR_SAVES", str(folder))
    yield folder


def words(text: str) -> str:
    """The output with its line breaks as spaces (a console may wrap at 80 columns)."""
    return " ".join(text.split())


def squeezed(text: str) -> str:
    """The output without any space: an 80-column console folds a long path mid-name."""
    return "".join(text.split())


def put_aside(saves: Path, name: str, seed: int = 3) -> Path:
    """A Roquet match quit after one move, put aside as ``name`` in the saves folder."""
    path = saves / name
    terminal, _ = scripted(parlour.make("roquet"), ["1", "quit"], seed, 200, keep=path)
    terminal.run()
    assert path.is_file()
    return path


# --- 1. a file that vanishes while the saves folder is read ----------------------------------------


def vanish_on_first_read(monkeypatch: pytest.MonkeyPatch, gone: Path) -> None:
    """The first match read removes ``gone``, as another terminal playing it out would."""
    real = saved.PutAside.read.__func__  # type: ignore[attr-defined]

    def read(cls: type[saved.PutAside], path: Path) -> saved.PutAside:
        gone.unlink(missing_ok=True)
        result: saved.PutAside = real(cls, path)
        return result

    monkeypatch.setattr(saved.PutAside, "read", classmethod(read))


def test_list_passes_over_a_file_removed_while_it_lists(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``parlour resume --list`` read each file's time after reading the newest: a file played out in
    another terminal meanwhile raised FileNotFoundError with a traceback."""
    newest = put_aside(saves, "roquet-b.json")
    older = put_aside(saves, "roquet-a.json", seed=4)
    os.utime(older, (1_000_000_000, 1_000_000_000))
    vanish_on_first_read(monkeypatch, older)
    listed = runner.invoke(app, ["resume", "--list"], env=WIDE)
    assert listed.exit_code == 0, listed.output
    assert listed.exception is None
    assert newest.name in squeezed(listed.output) and older.name not in squeezed(listed.output)
    assert "not readable" not in words(listed.output), listed.output


def test_list_passes_over_a_file_gone_between_reading_the_folder_and_its_time(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder's files were sorted by a second ``stat`` each: one gone in between raised."""
    kept = put_aside(saves, "roquet-kept.json")
    gone = put_aside(saves, "roquet-gone.json", seed=4)
    real_stat = pathlib.Path.stat

    def stat(self: Path, **kwargs: Any) -> os.stat_result:
        status = real_stat(self, **kwargs)
        if self == gone:
            gone.unlink()  # seen once, then played out in another terminal
        return status

    monkeypatch.setattr(pathlib.Path, "stat", stat)
    assert kept in saved.put_aside()
    listed = runner.invoke(app, ["resume", "--list"], env=WIDE)
    assert listed.exit_code == 0 and listed.exception is None, listed.output
    assert kept.name in squeezed(listed.output) and gone.name not in squeezed(listed.output)


def test_resume_passes_over_a_file_removed_meanwhile(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``parlour resume`` takes up the newest match that is still there, and says nothing of one gone."""
    newest = put_aside(saves, "roquet-b.json")
    older = put_aside(saves, "roquet-a.json", seed=4)
    os.utime(older, (1_000_000_000, 1_000_000_000))
    real = saved.PutAside.read.__func__  # type: ignore[attr-defined]

    def read(cls: type[saved.PutAside], path: Path) -> saved.PutAside:
        newest.unlink(missing_ok=True)  # the newest is played out in another terminal as we look
        result: saved.PutAside = real(cls, path)
        return result

    monkeypatch.setattr(saved.PutAside, "read", classmethod(read))
    again = runner.invoke(app, ["resume"], input="quit\n", env=WIDE)
    assert again.exit_code == 0, again.output
    assert squeezed(f"(from {older})") in squeezed(again.output), again.output
    assert "cannot read" not in words(again.output) and "No such file" not in again.output


def test_resume_when_the_only_match_vanished_says_none_is_put_aside(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    only = put_aside(saves, "roquet-only.json")
    vanish_on_first_read(monkeypatch, only)
    result = runner.invoke(app, ["resume"], env=WIDE)
    assert result.exit_code == 2, result.output
    assert "no match put aside in" in words(result.output), result.output
    assert "No such file" not in result.output


def test_resume_of_a_missing_file_keeps_its_one_line_error(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    result = runner.invoke(app, ["resume", str(missing)], env=WIDE)
    assert result.exit_code == 2 and result.exception is not None
    assert words(result.output).startswith(f"{missing}: cannot read it"), result.output
    assert "Traceback" not in result.output


# --- 2. forgetting a match put aside -----------------------------------------------------------------


def test_forget_removes_a_match_put_aside_by_the_name_list_shows(saves: Path) -> None:
    path = put_aside(saves, "roquet-x.json")
    other = put_aside(saves, "roquet-y.json", seed=4)
    listed = runner.invoke(app, ["resume", "--list"], env=WIDE)
    assert "parlour resume --forget FILE" in words(listed.output), listed.output
    assert "--forget-older-than DAYS" in words(listed.output), listed.output
    result = runner.invoke(app, ["resume", "--forget", path.name], input="", env=WIDE)
    assert result.exit_code == 0, result.output
    assert f"forgot {path.name}" in words(result.output), result.output
    assert not path.exists() and other.exists()
    again = runner.invoke(app, ["resume", "--forget", str(other)], env=WIDE)  # a path does as well
    assert again.exit_code == 0 and not other.exists(), again.output


def test_forget_never_removes_a_file_outside_the_saves_folder_or_not_a_save(
    saves: Path, tmp_path: Path
) -> None:
    outside = put_aside(tmp_path, "mine.json")  # a match saved with "save FILE", elsewhere
    result = runner.invoke(app, ["resume", "--forget", str(outside)], env=WIDE)
    assert result.exit_code == 2 and outside.exists(), result.output
    assert "not in the saves folder" in words(result.output)
    saves.mkdir(exist_ok=True)
    notes = saves / "notes.json"
    notes.write_text('{"format": "something else"}')
    refused = runner.invoke(app, ["resume", "--forget", "notes.json"], env=WIDE)
    assert refused.exit_code == 2 and notes.exists(), refused.output
    assert "not a match parlour put aside" in words(refused.output)
    link = saves / "link.json"
    link.symlink_to(outside)
    linked = runner.invoke(app, ["resume", "--forget", "link.json"], env=WIDE)
    assert linked.exit_code == 2 and link.is_symlink() and outside.exists(), linked.output
    missing = runner.invoke(app, ["resume", "--forget", "nothing.json"], env=WIDE)
    assert missing.exit_code == 2 and "no such file" in words(missing.output), missing.output


def test_forget_older_than_removes_only_old_parlour_saves_and_names_them(saves: Path) -> None:
    old = put_aside(saves, "roquet-old.json")
    recent = put_aside(saves, "roquet-new.json", seed=4)
    stray = saves / "old-notes.json"
    stray.write_text("not a save")
    month_ago = time.time() - 30 * 86_400
    for path in (old, stray):
        os.utime(path, (month_ago, month_ago))
    result = runner.invoke(app, ["resume", "--forget-older-than", "7"], input="", env=WIDE)
    assert result.exit_code == 0, result.output
    said = words(result.output)
    assert said.startswith("forgot 1 match put aside more than 7 days ago"), said
    assert old.name in squeezed(result.output) and stray.name not in squeezed(result.output)
    assert not old.exists() and recent.exists() and stray.exists()
    nothing = runner.invoke(app, ["resume", "--forget-older-than", "7"], env=WIDE)
    assert nothing.exit_code == 0 and "nothing forgotten" in words(nothing.output), nothing.output


def test_forget_and_other_actions_do_not_go_together(saves: Path) -> None:
    path = put_aside(saves, "roquet-x.json")
    result = runner.invoke(app, ["resume", "--list", "--forget", path.name], env=WIDE)
    assert result.exit_code == 2 and path.exists(), result.output
    both = runner.invoke(app, ["resume", str(path), "--forget-older-than", "0"], env=WIDE)
    assert both.exit_code == 2 and path.exists(), both.output
