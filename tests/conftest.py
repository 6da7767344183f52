"""What every test shares: no test writes into the user's own data folder.

``parlour play`` puts a match left unfinished aside in the saves folder (``parlour.cli.saved``); the
tests that quit a match would fill the user's ``~/.local/share/parlour/saves``, so the whole run keeps
them in a folder of its own (subprocesses inherit it).

Under ``pytest -n`` the tests are handed out longest first (``tests/schedule.py``), and the compiled
build that ``tests/test_compiled.py`` needs is started at once in the background, at a low priority, so
that it runs while the workers wait (on a browser, a server, a subprocess) rather than holding a worker
for minutes."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests import schedule


def pytest_configure(config: pytest.Config) -> None:
    os.environ["PARLOUR_SAVES"] = tempfile.mkdtemp(prefix="parlour-saves-")


def _group(item: pytest.Item) -> str | None:
    """The tests that must share one worker of ``pytest -n`` (``--dist loadgroup``, pyproject), and why:

    - ``walks``: the browser tests that read a shared walk of a finished replay (``test_qa_web.walked``,
      ``Walk.faded_steps``). A walk is drawn once a test process; spread over both workers, each walk was
      drawn twice, and drawing it is most of those tests' time.
    - ``compiled``: the tests of the compiled build. Its first test builds it (minutes of one core) under
      a lock; a test of it on the other worker waited on that lock, its worker idle the while."""
    if not isinstance(item, pytest.Function):
        return None
    if item.path.stem == "test_compiled":
        return "compiled"
    function = item.function
    try:
        source = inspect.getsource(function)
    except (OSError, TypeError):
        return None
    return "walks" if "walked(" in source or ".faded_steps(" in source else None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The groups, marked before xdist's worker reads the marks into the node ids."""
    for item in items:
        group = _group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """An xdist worker's tests in the order to hand them out (``tests/schedule.py``), once ``-m`` and
    ``-k`` have left what runs and before the worker sends the list to xdist; the first worker starts
    the compiled build if a test needs it."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return  # one process runs the tests in their order: nothing to balance
    items = session.items
    groups: list[tuple[str | None, str]] = []
    for item in items:
        mark = item.get_closest_marker("xdist_group")
        groups.append((str(mark.args[0]) if mark is not None and mark.args else None, item.nodeid))
    # Every worker sorts alike (xdist checks that they collected the same list, in the same order).
    items[:] = [items[i] for i in schedule.order(groups, schedule.DURATIONS)]
    if worker == "gw0" and any("compiled" in getattr(item, "fixturenames", ()) for item in items):
        _start_compiled_build(session.config)


_UNTIMED = pytest.StashKey[list[str]]()


@pytest.hookimpl(optionalhook=True)  # a hook of xdist
def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    """The collected test files ``tests/durations.json`` has no time for (xdist's controller, once a
    worker has sent its collection): they are handed out last, so the run's end names them."""
    config: pytest.Config = node.config
    if _UNTIMED not in config.stash:
        config.stash[_UNTIMED] = schedule.untimed(ids, schedule.DURATIONS)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """A ``-n`` run says which of its test files have no time, and how to time them: untimed, a
    long file would go last in every run, a worker left to finish it alone."""
    untimed = config.stash.get(_UNTIMED, [])
    if untimed:
        files = "1 test file has" if len(untimed) == 1 else f"{len(untimed)} test files have"
        terminalreporter.write_sep("-", f"{files} no time in tests/durations.json")
        terminalreporter.write_line(f"Handed out last. To time: {schedule.how_to_time(untimed)}")


def _start_compiled_build(config: pytest.Config) -> None:
    """Start the compiled build ``tests/test_compiled.py`` asks for, niced, in the background: its first
    test then finds it made, or waits on the build's lock for the rest of it. Without the tools the
    test says what is missing; nothing is started."""
    from parlour import build_compiled
    from tests import test_compiled

    if build_compiled.missing_tools() is not None:
        return
    out = test_compiled.compiled_out()
    out.mkdir(parents=True, exist_ok=True)
    code = (
        "import sys; from pathlib import Path; from parlour import build_compiled as b; "
        f"b.build(Path(sys.argv[1]), opt_level={test_compiled.TEST_OPT_LEVEL})"
    )
    with open(out / "background-build.log", "w", encoding="utf-8") as log:
        process = subprocess.Popen(
            [sys.executable, "-c", code, str(out)],
            cwd=Path(__file__).resolve().parent.parent,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=(lambda: os.nice(10)) if hasattr(os, "nice") else None,
        )
    config.stash[_BUILD] = process


_BUILD = pytest.StashKey[subprocess.Popen[bytes]]()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The background build is waited for (the other worker may be waiting on its lock), or stopped
    if the run was interrupted."""
    process = session.config.stash.get(_BUILD, None)
    if process is None:
        return
    if exitstatus == pytest.ExitCode.INTERRUPTED:
        process.terminate()
    try:
        process.wait()
    except KeyboardInterrupt:
        process.terminate()
        process.wait()
