"""docs/rulings.md and the code name the same rulings, both ways (issue 11: a rule found by its name)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
ID = re.compile(r"\b(BW|BZ|LQ|OT|RQ|AP)-(\d+)\b")


def _ids(text: str) -> set[str]:
    return {f"{a}-{n}" for a, n in ID.findall(text)}


def _documented() -> set[str]:
    text = (ROOT / "docs" / "rulings.md").read_text()
    return {f"{a.upper()}-{n}" for a, n in re.findall(r'<a id="(bw|bz|lq|ot|rq|ap)-(\d+)"></a>', text)}


def _named_in(folder: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        found |= _ids(path.read_text())
    return found


def test_every_ruling_named_in_the_code_is_documented() -> None:
    stray = (_named_in("parlour") | _named_in("tests")) - _documented()
    assert not stray, f"named in the code but not in docs/rulings.md: {sorted(stray)}"


def test_every_documented_ruling_is_carried_out_or_tested_by_name() -> None:
    unnamed = _documented() - _named_in("parlour") - _named_in("tests")
    assert not unnamed, f"rulings no code or test names (tag it: '# ruling XX-n'): {sorted(unnamed)}"


def test_the_ids_run_without_gaps() -> None:
    documented = _documented()
    for prefix in ("BW", "BZ", "LQ", "OT", "RQ", "AP"):
        numbers = sorted(int(i.split("-")[1]) for i in documented if i.startswith(prefix))
        assert numbers == list(range(1, len(numbers) + 1)), f"{prefix}: {numbers}"
