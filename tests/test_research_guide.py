"""docs/research.md: every Python block of the guide runs as written (a guide that does not run is worse
than none)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from tests.extras import require

GUIDE = Path(__file__).parent.parent / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.DOTALL)


def test_the_guide_has_its_examples() -> None:
    assert len(BLOCKS) == 3


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_block_runs(number: int) -> None:
    block = BLOCKS[number]
    if "pyspiel" in block:
        require("pyspiel", "open-spiel")
    else:
        require("pettingzoo", "pettingzoo")
        require("gymnasium", "pettingzoo")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, f"{GUIDE.name}, block {number + 1}", "exec"), {"__name__": "__guide__"})
    assert out.getvalue().strip(), "each example prints its result"
