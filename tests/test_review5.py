"""Review 5 of design-4 (Ctrl-C during a stopped ``parlour simulate`` run, the files it writes)."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import suppress
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


def _busy(mark: str) -> None:
    """A worker's long chunk: the mark written once it runs."""
    Path(mark).touch()
    time.sleep(600)


def test_stop_pool_ends_a_worker_that_cannot_run(tmp_path: Path) -> None:
    """Ctrl-C, then again and again, with a worker that cannot run (stopped, or held in the kernel):
    ``stop_pool`` waited for it for ever after SIGTERM, which it hears only once it runs again, and
    every later Ctrl-C was let be (``ctrl_c_let_be``): the run could not be stopped."""
    pool = parlour.sim.process_pool(2)
    started = [pool.submit(os.getpid) for _ in range(4)]
    for future in started:
        future.result(timeout=120)
    marks = [tmp_path / f"busy{k}" for k in range(2)]
    for mark in marks:
        pool.submit(_busy, str(mark))
    deadline = time.monotonic() + 120
    while not all(mark.exists() for mark in marks) and time.monotonic() < deadline:
        time.sleep(0.05)
    processes = list(pool._processes.values())
    stuck = processes[0]
    assert stuck.pid is not None
    os.kill(stuck.pid, signal.SIGSTOP)
    stopper = threading.Thread(target=parlour.sim.stop_pool, args=(pool,), daemon=True)
    try:
        stopper.start()
        stopper.join(timeout=60)  # (some seconds are enough: 60 for a busy machine)
        assert not stopper.is_alive()
        assert not any(process.is_alive() for process in processes)
    finally:
        with suppress(OSError):
            os.kill(stuck.pid, signal.SIGCONT)
        stopper.join(timeout=60)
