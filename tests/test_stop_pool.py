"""A pool broken after its futures were cancelled prints no traceback of Python's own.

Python 3.11's process pool, broken while it holds a future already cancelled, raised ``InvalidStateError``
in its manager thread, whose traceback stood under the figures of a stopped ``duplicate --jobs 2``
(``tests/test_term5.py``'s real SIGINT, flaky under load: the race is the manager thread's). A stopped
run cancels the work no worker took, then ends the workers (``parlour.sim.stop_pool``).
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any

import pytest

from parlour import sim


def _broken_with_cancelled_futures(stop: bool) -> None:
    """A worker busy, work queued behind it and cancelled, then the worker ended: by ``stop_pool`` or,
    the race's losing side made certain, before the pool hears of any shutdown."""
    pool = sim.process_pool(1)
    futures = [pool.submit(time.sleep, 30) for _ in range(6)]
    deadline = time.monotonic() + 30
    while not futures[0].running() and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.5)  # the worker started and at its first sleep: taken as running is not yet begun
    for future in futures:
        future.cancel()
    manager: Any = getattr(pool, "_executor_manager_thread", None)
    if stop:
        sim.stop_pool(pool)
    else:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
    if manager is not None:
        manager.join(10)
    pool.shutdown()


@pytest.mark.parametrize("stop", [False, True])
def test_a_pool_broken_with_its_futures_cancelled_says_nothing(
    monkeypatch: pytest.MonkeyPatch, stop: bool
) -> None:
    seen: list[Any] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.exc_type))
    monkeypatch.setattr(sim, "_HUSHED", False)
    _broken_with_cancelled_futures(stop)
    assert seen == []


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="Python 3.12 ignores the error itself")
def test_the_error_let_be_is_real_without_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the hook lets be happens: without it the manager thread's error reaches the hook before."""
    seen: list[Any] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.exc_type))
    monkeypatch.setattr(sim, "_HUSHED", True)  # as if installed: it is not
    _broken_with_cancelled_futures(stop=False)
    assert seen and all(kind.__name__ == "InvalidStateError" for kind in seen), seen


def test_another_thread_error_is_still_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only that error from that method is let be: any other thread's exception reaches the hook."""
    seen: list[Any] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.exc_type))
    monkeypatch.setattr(sim, "_HUSHED", False)
    _broken_with_cancelled_futures(stop=False)

    def fail() -> None:
        raise ValueError("told")

    thread = threading.Thread(target=fail)
    thread.start()
    thread.join()
    assert seen == [ValueError]


def test_a_stopped_pool_has_closed_its_wake_up_pipe_before_stop_pool_returns() -> None:
    """``stop_pool`` returns once the pool's manager thread has ended, its wake-up pipe closed: Python
    3.11's exit hook (``concurrent.futures.process._python_exit``) wakes every pool's thread through that
    pipe, and a thread closing it at the same moment made the hook write to a closed descriptor, a
    traceback under a stopped ``duplicate --jobs 2``'s figures (CI, test_term5's real SIGINT)."""
    pool = sim.process_pool(2)
    futures = [pool.submit(time.sleep, 30) for _ in range(6)]
    deadline = time.monotonic() + 30
    while not futures[0].running() and time.monotonic() < deadline:
        time.sleep(0.01)
    manager: Any = getattr(pool, "_executor_manager_thread", None)
    wakeup: Any = getattr(pool, "_executor_manager_thread_wakeup", None)
    assert manager is not None and wakeup is not None, "the pool keeps no manager thread: test it anew"
    sim.stop_pool(pool)
    assert not manager.is_alive()
    assert wakeup._closed
