"""A designer's tools, the rough edges left (design-4): the sides' table whole in 80 columns, a second
Ctrl-C as a pool's matches are salvaged, the sweep's own suggestion for values with commas, Apology's
legend, ``--records X.GZ``, ``odds`` judging the interval it prints, and what a walk through the tools
found."""

from __future__ import annotations

import gzip
import importlib
import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.cli import app
from parlour.sim import read_records

main = importlib.import_module("parlour.cli.main")
runner = CliRunner()


def _screen(monkeypatch: pytest.MonkeyPatch, width: int = 80) -> Console:
    """The command's console, of a set width whatever the terminal's, recorded."""
    screen = Console(width=width, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "console", screen)
    return screen


# --- 5. --records X.GZ ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["R.JSONL.GZ", "r.jsonl.Gz"])
def test_a_records_file_named_gz_in_capitals_is_gzip(tmp_path: Path, name: str) -> None:
    """``--records X.GZ`` was written plain (the suffix was read in lower case only), and read back as
    plain: the suffix decides in any case, for writing and for reading."""
    plain, packed = tmp_path / "r.jsonl", tmp_path / name
    args = ["simulate", "roquet", "-n", "3", "--seed", "5", "--players", "random,random"]
    for path in (plain, packed):
        result = runner.invoke(app, [*args, "--records", str(path)])
        assert result.exit_code == 0, result.output
    assert packed.read_bytes()[:2] == b"\x1f\x8b"  # gzip's magic number
    assert gzip.decompress(packed.read_bytes()).decode() == plain.read_text()
    assert read_records(packed).matches == read_records(plain).matches
