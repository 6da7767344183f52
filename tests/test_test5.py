"""The test run's schedule kept up to date: ``python -m tests.schedule --merge LOG`` puts the times of
the files a run timed into ``tests/durations.json`` without losing the others', and the files with no
time are named (``--missing``, and at the end of a ``-n`` run) rather than silently handed out last."""

from __future__ import annotations

import json
import types
from pathlib import Path
from typing import Any

import pytest

from tests import conftest, schedule

OLD = {
    "tests/test_a.py::test_slow": 30.0,
    "tests/test_a.py::test_renamed_since": 12.0,
    "tests/test_b.py::test_walk": 20.0,
}

LOG = """
============================= slowest durations ==============================
14.20s call     tests/test_a.py::test_slow[1]
2.00s setup    tests/test_c.py::test_browser@walks
1.10s call     tests/test_c.py::test_browser@walks
0.04s call     tests/test_c.py::test_quick
0.03s call     tests/test_d.py::test_only_quick_ones
0.01s call     tests/test_d.py::test_quicker
0.00s teardown tests/test_d.py::test_quicker
===================== 5 passed in 17.00s =====================
"""


def test_a_merge_replaces_the_timed_files_and_keeps_the_others() -> None:
    """``test_a`` timed again: its new time, and its renamed test's stale line gone; ``test_b`` not
    in the log, kept; ``test_c`` and ``test_d`` new; a file's quick tests dropped but its longest
    kept, so that the file counts as timed."""
    merged = schedule.merge(OLD, schedule.parse_durations(LOG))
    assert merged == {
        "tests/test_b.py::test_walk": 20.0,
        "tests/test_a.py::test_slow": 14.2,
        "tests/test_c.py::test_browser": 3.1,
        "tests/test_d.py::test_only_quick_ones": 0.0,
    }
    assert list(merged.values()) == sorted(merged.values(), reverse=True)


def test_the_files_with_no_time_are_named() -> None:
    ids = ["tests/test_a.py::test_slow[2]", "tests/test_e.py::test_new@walks", "tests/test_f.py::T::test_x"]
    assert schedule.untimed(ids, OLD) == ["tests/test_e.py", "tests/test_f.py"]
    assert schedule.untimed([*ids, "tests/test_e.py::test_z"], {**OLD, "tests/test_e.py::test_z": 0.0}) == [
        "tests/test_f.py"
    ]


def lay_out(tmp_path: Path, names: list[str]) -> Path:
    """A tests folder with ``names`` and ``OLD`` as its ``durations.json``."""
    for name in names:
        (tmp_path / name).write_text("def test_x() -> None:\n    pass\n", encoding="utf-8")
    (tmp_path / "helpers.py").write_text("", encoding="utf-8")  # not a test file
    path = tmp_path / "durations.json"
    path.write_text(json.dumps(OLD), encoding="utf-8")
    return path


def test_the_command_merges_and_then_says_what_still_lacks_a_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = lay_out(tmp_path, ["test_a.py", "test_b.py", "test_c.py", "test_d.py", "test_e.py"])
    log = tmp_path / "durations.log"
    log.write_text(LOG, encoding="utf-8")
    assert schedule.main(["--merge", str(log)], path) == 0
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written == schedule.merge(OLD, schedule.parse_durations(LOG))
    out = capsys.readouterr().out
    assert "3 files' times merged, 4 test functions timed" in out
    assert "1 test file(s) still with no time" in out
    assert "--durations-min=0 tests/test_e.py > LOG" in out

    assert schedule.main(["--missing"], path) == 1
    missing = capsys.readouterr()
    assert missing.out.split() == ["tests/test_e.py"]
    assert "python -m tests.schedule --merge LOG" in missing.err


def test_writing_from_a_full_log_replaces_everything(tmp_path: Path) -> None:
    path = lay_out(tmp_path, ["test_a.py"])
    log = tmp_path / "durations.log"
    log.write_text(LOG, encoding="utf-8")
    assert schedule.main([str(log)], path) == 0
    assert json.loads(path.read_text(encoding="utf-8")) == schedule.kept(schedule.parse_durations(LOG))
    assert schedule.main(["--missing"], path) == 0
    assert schedule.main(["--merge"], path) == 2  # no log: the usage, nothing written
    assert schedule.main(["--bogus"], path) == 2


class Reporter:
    """What ``pytest_terminal_summary`` writes to."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def write_sep(self, sep: str, title: str) -> None:
        self.lines.append(title)

    def write_line(self, line: str) -> None:
        self.lines.append(line)


def summary(ids: list[str], durations: dict[str, float], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The end of a ``-n`` run whose workers collected ``ids``, with ``durations`` recorded."""
    monkeypatch.setattr(schedule, "DURATIONS", durations)
    config: Any = types.SimpleNamespace(stash=pytest.Stash())
    for gateway in ("gw1", "gw0"):
        node: Any = types.SimpleNamespace(config=config, gateway=types.SimpleNamespace(id=gateway))
        conftest.pytest_xdist_node_collection_finished(node, ids)
    reporter = Reporter()
    conftest.pytest_terminal_summary(reporter, 0, config)
    return reporter.lines


def test_a_distributed_run_names_its_untimed_files(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = summary(["tests/test_a.py::test_slow", "tests/test_new.py::test_x"], OLD, monkeypatch)
    assert lines[0] == "1 test file has no time in tests/durations.json"
    assert lines[1].startswith("Handed out last. To time: python -m pytest -n 2 --durations=0")
    assert "tests/test_new.py > LOG; python -m tests.schedule --merge LOG" in lines[1]
    assert summary(["tests/test_a.py::test_slow"], OLD, monkeypatch) == []
