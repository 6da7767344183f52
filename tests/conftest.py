"""What every test shares: no test writes into the user's own data folder.

``parlour play`` puts a match left unfinished aside in the saves folder (``parlour.cli.saved``); the
tests that quit a match would fill the user's ``~/.local/share/parlour/saves``, so the whole run keeps
them in a folder of its own (subprocesses inherit it)."""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ["PARLOUR_SAVES"] = tempfile.mkdtemp(prefix="parlour-saves-")
