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
in seconds, from a run's ``--durations=0 --durations-min=0``: ``python -m tests.schedule LOG`` writes it
again from a full run's log, ``python -m tests.schedule --merge LOG`` puts in the times of the files a
run of some files timed, keeping the others'. Only the order depends on it: a test missing from it,
or timed on another machine, still runs, only perhaps later than would be best. A test file with no
time at all goes after every timed one, so it is named: ``python -m tests.schedule --missing`` lists
them, and ``conftest.py`` says so at the end of a ``-n`` run that collected one.
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


def module_of(key: str) -> str:
    """The test file a node id or a ``DURATIONS`` key is in (``tests/test_x.py``)."""
    return key.split("::", 1)[0]


def kept(durations: dict[str, float]) -> dict[str, float]:
    """What ``tests/durations.json`` keeps of a log: every function of 0.1 s or more, and each file's
    longest even if it is quicker (a file's longest test places it; a file with no line would be
    untimed), longest first."""
    longest: dict[str, str] = {}
    for key, seconds in durations.items():
        module = module_of(key)
        if module not in longest or seconds > durations[longest[module]]:
            longest[module] = key
    chosen = {k: v for k, v in durations.items() if v >= 0.1 or longest[module_of(k)] == k}
    return dict(sorted(chosen.items(), key=lambda kv: (-kv[1], kv[0])))


def merge(old: dict[str, float], new: dict[str, float]) -> dict[str, float]:
    """``old`` with the files ``new`` timed taken from ``new``: a timed file's lines all replaced (a
    test renamed in it leaves no stale line), the other files' kept."""
    timed = {module_of(k) for k in new}
    merged = {k: v for k, v in old.items() if module_of(k) not in timed}
    merged.update(new)
    return kept(merged)


def collected_files(tests: Path = DURATIONS_FILE.parent) -> list[str]:
    """The test files a run collects (pyproject: ``testpaths = ["tests"]``, pytest's ``test_*.py``)."""
    return sorted(f"tests/{p.name}" for p in tests.glob("test_*.py"))


def untimed(nodeids: Sequence[str], durations: dict[str, float]) -> list[str]:
    """The files of ``nodeids`` (node ids or test files) with no test in ``durations``: they go
    after every timed file, whatever their length, until a run times them."""
    timed = {module_of(k) for k in durations}
    return sorted({module_of(n) for n in nodeids} - timed)


def how_to_time(files: Sequence[str]) -> str:
    """The two commands that put ``files``' times into ``tests/durations.json``."""
    return (
        f"python -m pytest -n 2 --durations=0 --durations-min=0 {' '.join(files)} > LOG; "
        "python -m tests.schedule --merge LOG"
    )


USAGE = """usage: python -m tests.schedule LOG           write tests/durations.json from a full run's log
       python -m tests.schedule --merge LOG...  put the times of the files the logs timed into it
       python -m tests.schedule --missing       list the test files it has no time for
(LOG: the output of python -m pytest -n 2 --durations=0 --durations-min=0 [FILES])"""


def main(argv: list[str], path: Path = DURATIONS_FILE) -> int:
    """``python -m tests.schedule LOG`` writes ``tests/durations.json`` (``path``) from a ``--durations`` log;
    ``--merge LOG...`` merges logs of some files into it; ``--missing`` lists the files it lacks (exit
    status 1 if any)."""
    if argv == ["--missing"]:
        missing = untimed(collected_files(path.parent), load_durations(path))
        for name in missing:
            print(name)
        if missing:
            print(f"{len(missing)} test file(s) with no time: {how_to_time(missing)}", file=sys.stderr)
        return 1 if missing else 0
    if argv[:1] == ["--merge"] and len(argv) > 1:
        new: dict[str, float] = {}
        for log in argv[1:]:
            new = merge(new, parse_durations(Path(log).read_text(encoding="utf-8")))
        durations = merge(load_durations(path), new)
        what = f"{len({module_of(k) for k in new})} files' times merged"
    elif len(argv) == 1 and not argv[0].startswith("-"):
        durations = kept(parse_durations(Path(argv[0]).read_text(encoding="utf-8")))
        what = "written"
    else:
        print(USAGE, file=sys.stderr)
        return 2
    path.write_text(json.dumps(durations, indent=1) + "\n", encoding="utf-8")
    print(f"{path}: {what}, {len(durations)} test functions timed")
    missing = untimed(collected_files(path.parent), durations)
    if missing:
        print(f"{len(missing)} test file(s) still with no time. To time: {how_to_time(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
