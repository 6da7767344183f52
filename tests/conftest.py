"""What every test shares: no test writes into the user's own data folder.

``parlour play`` puts a match left unfinished aside in the saves folder (``parlour.cli.saved``); the
tests that quit a match would fill the user's ``~/.local/share/parlour/saves``, so the whole run keeps
them in a folder of its own (subprocesses inherit it)."""

from __future__ import annotations

import inspect
import os
import tempfile

import pytest


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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        group = _group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
