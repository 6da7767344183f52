"""The order ``pytest -n 2`` hands the tests out in: the longest first, so that no worker idles at the end
while the other finishes one long test.

``--dist loadgroup`` (pyproject) hands out work units (a test, or all the tests of an ``xdist_group``) in
the order of the collection (``--no-loadscope-reorder``: xdist would otherwise put the groups with the
most tests first, however short). ``conftest.py`` sorts the collection by ``order``: the groups by
their time, the modules by their longest test, as ``DURATIONS`` records them, longest first (the
longest-processing-time rule); what it records nothing of keeps its order after. The compiled build's
group is the exception: its first test waits for the build, which ``conftest.py`` starts at once in the
background, so the group goes half way down the queue, when the build has had time to finish.

``DURATIONS`` (``tests/durations.json``) is a test function's longest call (setup, call and teardown)
in seconds, from a full run's ``--durations``: ``python -m tests.schedule LOG`` writes it again from
such a log. Only the order depends on it: a test missing from it, or timed on another machine, still
runs, only perhaps later than would be best.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

DURATIONS_FILE = Path(__file__).with_name("durations.json")
LATE_GROUP = "compiled"
"""The group that waits for a build started in the background (``conftest.py``): it goes half way down."""


def function_key(nodeid: str) -> str:
    """A test's function (``tests/test_x.py::test_y``), its parameters and xdist group dropped: the
    weights survive a parameter's renaming."""
    return nodeid.split("[", 1)[0].split("@", 1)[0]


def load_durations(path: Path = DURATIONS_FILE) -> dict[str, float]:
    """``DURATIONS``: nothing if the file is missing (the order is then the collection's)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): float(v) for k, v in data.items()} if isinstance(data, dict) else {}


DURATIONS = load_durations()

_LINE = re.compile(r"^\s*([0-9.]+)s\s+(setup|call|teardown)\s+(\S+)")


def parse_durations(text: str) -> dict[str, float]:
    """A ``--durations`` report read into ``DURATIONS``' form: each test's setup, call and teardown
    added up, and a function's longest test kept."""
    per_test: dict[str, float] = {}
    for line in text.splitlines():
        m = _LINE.match(line)
        if m:
            per_test[m.group(3)] = per_test.get(m.group(3), 0.0) + float(m.group(1))
    out: dict[str, float] = {}
    for nodeid, seconds in per_test.items():
        key = function_key(nodeid)
        out[key] = max(out.get(key, 0.0), round(seconds, 1))
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def order(
    units: Sequence[tuple[str | None, str]], durations: dict[str, float], late_group: str | None = LATE_GROUP
) -> list[int]:
    """The indexes of ``units`` (each test's xdist group, or ``None``, and its node id), in the order to
    hand them out. A group is one unit (its tests' times added); the other tests stay with their module
    (a module's fixtures, a browser or a server, are made once a run of its tests), the modules ranked by
    their longest test: the longest units first. Ties and what ``durations`` lacks keep their first
    order; ``late_group`` goes after half the recorded time."""
    weight: dict[str, float] = {}
    first: dict[str, int] = {}
    members: dict[str, list[int]] = {}
    for i, (group, nodeid) in enumerate(units):
        unit = f"group:{group}" if group is not None else "module:" + nodeid.split("::", 1)[0]
        seconds = durations.get(function_key(nodeid), 0.0)
        if group is not None:
            weight[unit] = weight.get(unit, 0.0) + seconds
        else:
            weight[unit] = max(weight.get(unit, 0.0), seconds)
        first.setdefault(unit, i)
        members.setdefault(unit, []).append(i)
    ranked = sorted(weight, key=lambda u: (-weight[u], first[u]))
    late = f"group:{late_group}" if late_group is not None else None
    if late in members:
        ranked.remove(late)
        total = sum(durations.get(function_key(nodeid), 0.0) for _, nodeid in units)
        done, at = 0.0, len(ranked)
        for n, unit in enumerate(ranked):
            if done >= total / 2:
                at = n
                break
            done += sum(durations.get(function_key(units[i][1]), 0.0) for i in members[unit])
        ranked.insert(at, late)
    return [i for unit in ranked for i in members[unit]]


def main(argv: list[str]) -> int:
    """``python -m tests.schedule LOG``: ``tests/durations.json`` written from a ``--durations`` log."""
    if len(argv) != 1:
        print("usage: python -m tests.schedule DURATIONS_LOG", file=sys.stderr)
        return 2
    durations = parse_durations(Path(argv[0]).read_text(encoding="utf-8"))
    DURATIONS_FILE.write_text(json.dumps(durations, indent=1) + "\n", encoding="utf-8")
    print(f"{len(durations)} test functions timed into {DURATIONS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
