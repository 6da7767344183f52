"""What the adapters' tests share: the optional packages they need, and short matches of every game.

Without an extra installed the tests that need it skip, saying how to install it — except in CI
(``CI=true``), where CI installs ``.[test]`` (which holds both extras) and a missing one fails the run.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from tests.web_support import GAMES, IN_CI, SHORT

__all__ = ["ADAPTER_SHORT", "GAMES", "require"]

ADAPTER_SHORT: dict[str, dict[str, Any]] = {**SHORT, "lansquenet": {**SHORT["lansquenet"], "stake": 20}}
"""Each game's short options (``tests.web_support.SHORT``); lansquenet with a small stake, so that its
action space (one id per amount that can be bet) stays small."""


def require(module: str, extra: str) -> None:
    """Skip the calling test module (outside CI) or fail it (in CI) if ``module`` cannot be imported."""
    try:
        importlib.import_module(module)
    except ImportError as exc:
        message = f"{module} is not installed ({exc}): pip install 'parlour[{extra}]' to run these tests"
        if IN_CI:
            pytest.fail(f"CI must run every test, but {message}", pytrace=False)
        pytest.skip(message, allow_module_level=True)
