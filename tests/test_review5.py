"""Review 5 of design-4 (Ctrl-C during a stopped ``parlour simulate`` run, the files it writes)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import parlour.sim
from parlour.sim import Summary, read_records, simulate, write_records


@pytest.fixture(scope="module")
def summary() -> Summary:
    return simulate("lansquenet", ["random"] * 4, 6, seed=1, keep_records=True)


def _cut_after(lines: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (a first one, which ``ctrl_c_once`` lets raise) after ``lines`` lines are written."""
    real = parlour.sim.records_lines

    def cut(*args: Any, **kwargs: Any) -> Iterator[dict[str, Any]]:
        for k, line in enumerate(real(*args, **kwargs)):
            if k == lines:
                raise KeyboardInterrupt
            yield line

    monkeypatch.setattr(parlour.sim, "records_lines", cut)


@pytest.mark.parametrize("name", ["r.jsonl", "r.jsonl.gz"])
def test_records_cut_by_ctrl_c_leave_no_shorter_whole_looking_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, summary: Summary, name: str
) -> None:
    """Ctrl-C as a whole run's --records were written left a file of its first matches with no
    ``stopped`` line, which ``read_records`` read back as a whole run of fewer matches."""
    path = tmp_path / name
    _cut_after(3, monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        write_records(path, [summary])
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []  # nothing half-written left beside it


def test_records_cut_by_ctrl_c_keep_the_file_there_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, summary: Summary
) -> None:
    path = tmp_path / "r.jsonl"
    write_records(path, [summary])
    before = path.read_bytes()
    _cut_after(2, monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        write_records(path, [summary])
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", ["r.jsonl", "r.JSONL.GZ"])
def test_records_written_whole_read_back(tmp_path: Path, summary: Summary, name: str) -> None:
    path = tmp_path / name
    write_records(path, [summary])
    assert len(read_records(path).matches) == summary.matches
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_records_to_a_link_write_through_it(tmp_path: Path, summary: Summary) -> None:
    """A link (or a pipe, /dev/stdout) is written through, not replaced by a file of its name."""
    real = tmp_path / "real.jsonl"
    real.write_text("")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    write_records(link, [summary])
    assert link.is_symlink()
    assert len(read_records(real).matches) == summary.matches
