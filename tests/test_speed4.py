"""The order ``pytest -n 2`` hands the tests out in (``tests/schedule.py``): the longest first, a group and a
module kept together, the compiled build's group half way down; and xdist keeping that order."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadGroupScheduling

from tests import conftest, schedule

ROOT = Path(__file__).resolve().parent.parent

UNITS: list[tuple[str | None, str]] = [
    (None, "tests/test_a.py::test_quick"),
    (None, "tests/test_a.py::test_slow[1]"),
    ("walks", "tests/test_b.py::test_walk"),
    (None, "tests/test_c.py::test_quick"),
    ("compiled", "tests/test_compiled.py::test_one"),
    (None, "tests/test_d.py::test_longest"),
    ("walks", "tests/test_e.py::test_walk"),
    ("compiled", "tests/test_compiled.py::test_two"),
    (None, "tests/test_f.py::test_unrecorded"),
]
TIMES = {
    "tests/test_a.py::test_slow": 30.0,
    "tests/test_b.py::test_walk": 20.0,
    "tests/test_e.py::test_walk": 20.0,
    "tests/test_c.py::test_quick": 1.0,
    "tests/test_d.py::test_longest": 60.0,
    "tests/test_compiled.py::test_one": 50.0,
    "tests/test_compiled.py::test_two": 5.0,
}


def ordered(late: str | None = schedule.LATE_GROUP) -> list[str]:
    return [UNITS[i][1] for i in schedule.order(UNITS, TIMES, late)]


def test_the_longest_units_go_first_and_modules_and_groups_stay_together() -> None:
    """Without a late group: the 60 s test's module, the compiled group (55 s in all), the walks group
    (40 s, its two modules' tests together), the module of a 30 s test with its quick test in its
    place, then the 1 s module, then the unrecorded."""
    assert ordered(late=None) == [
        "tests/test_d.py::test_longest",
        "tests/test_compiled.py::test_one",
        "tests/test_compiled.py::test_two",
        "tests/test_b.py::test_walk",
        "tests/test_e.py::test_walk",
        "tests/test_a.py::test_quick",
        "tests/test_a.py::test_slow[1]",
        "tests/test_c.py::test_quick",
        "tests/test_f.py::test_unrecorded",
    ]


def test_the_compiled_group_goes_after_half_the_recorded_time() -> None:
    """186 s recorded: the compiled group waits until 60 + 40 = 100 s of the others are handed out."""
    assert ordered() == [
        "tests/test_d.py::test_longest",
        "tests/test_b.py::test_walk",
        "tests/test_e.py::test_walk",
        "tests/test_compiled.py::test_one",
        "tests/test_compiled.py::test_two",
        "tests/test_a.py::test_quick",
        "tests/test_a.py::test_slow[1]",
        "tests/test_c.py::test_quick",
        "tests/test_f.py::test_unrecorded",
    ]


def test_nothing_recorded_keeps_the_collections_order() -> None:
    assert schedule.order(UNITS, {}, None) == [0, 1, 2, 6, 3, 4, 7, 5, 8]  # a group's tests together


def test_a_durations_report_is_read_per_function() -> None:
    report = """
============================= slowest 200 durations =============================
31.60s call     tests/test_saves.py::test_tampered_saves_are_refused_or_sound[bezique]
20.08s call     tests/test_saves.py::test_tampered_saves_are_refused_or_sound[lansquenet]
3.00s setup    tests/test_web_walk.py::test_a_walk
2.50s call     tests/test_web_walk.py::test_a_walk
0.40s teardown tests/test_web_walk.py::test_a_walk
1.00s call     tests/test_qa_web.py::test_x@walks
(4 durations < 0.005s hidden.  Use -vv to show these durations.)
"""
    assert schedule.parse_durations(report) == {
        "tests/test_saves.py::test_tampered_saves_are_refused_or_sound": 31.6,
        "tests/test_web_walk.py::test_a_walk": 5.9,
        "tests/test_qa_web.py::test_x": 1.0,
    }


def defined_names(path: Path) -> set[str]:
    """The functions a test file defines (at any depth) and the names it binds at its top: what a
    ``DURATIONS`` key's function may be, read without importing the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def test_every_timed_test_is_still_there() -> None:
    """A test renamed or removed leaves ``tests/durations.json`` a stale line: time its file again
    (``python -m tests.schedule --merge LOG``). The files are read, not imported: importing every test
    file cost this test most of its time."""
    assert len(schedule.DURATIONS) >= 20, "tests/durations.json is missing or nearly empty"
    names: dict[str, set[str]] = {}
    for key in schedule.DURATIONS:
        path, _, name = key.partition("::")
        if path not in names:
            assert (ROOT / path).is_file(), f"{key} is timed but its file is gone"
            names[path] = defined_names(ROOT / path)
        assert name.split("::")[-1] in names[path], f"{key} is timed but gone"


class FakeItem:
    """What ``conftest.pytest_collection_finish`` reads of a collected test."""

    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid
        self.fixturenames: tuple[str, ...] = ()

    def get_closest_marker(self, name: str) -> None:
        return None


def test_a_worker_collects_the_longest_modules_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker's collection (not the first worker's, which would start the compiled build), sorted by
    ``conftest.py`` with the recorded times: the longest timed file comes before a quicker file named
    before it. In this process (no pytest run of its own: this file ran two); the real run through
    xdist is ``test_a_group_runs_on_one_worker``'s."""
    weight: dict[str, float] = {}
    for key, seconds in schedule.DURATIONS.items():
        weight[schedule.module_of(key)] = max(weight.get(schedule.module_of(key), 0.0), seconds)
    weight.pop("tests/test_compiled.py", None)
    slow = max(weight, key=lambda m: (weight[m], m))
    quick = min(m for m in weight if weight[m] < weight[slow])
    assert quick < slow, (quick, slow)
    items = [FakeItem(k) for k in sorted(schedule.DURATIONS) if schedule.module_of(k) in (quick, slow)]
    session: Any = types.SimpleNamespace(items=items)
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    conftest.pytest_collection_finish(session)
    files = [schedule.module_of(item.nodeid) for item in session.items]
    assert sorted(session.items, key=lambda i: i.nodeid) == sorted(items, key=lambda i: i.nodeid)
    assert files[0] == slow and files[-1] == quick, files


class FakeNode:
    """What xdist's scheduler asks of a worker: it records the tests it is sent."""

    def __init__(self, name: str, sent: list[str], collection: list[str]) -> None:
        self.gateway = types.SimpleNamespace(id=name)
        self.shutting_down = False
        self.sent = sent
        self.collection = collection

    def send_runtest_some(self, indexes: list[int]) -> None:
        self.sent += [self.collection[i] for i in indexes]

    def shutdown(self) -> None:
        self.shutting_down = True


def test_xdist_hands_the_units_out_in_the_collections_order(pytestconfig: pytest.Config) -> None:
    """With the run's own options (pyproject's ``--no-loadscope-reorder``), xdist's ``loadgroup``
    scheduler sends the units in the order collected; by default it would send the groups with most
    tests first, whatever their time."""
    collection = [nodeid if group is None else f"{nodeid}@{group}" for group, nodeid in UNITS]
    collection = [collection[i] for i in schedule.order(UNITS, TIMES)]
    config: Any = types.SimpleNamespace(
        option=types.SimpleNamespace(loadscopereorder=pytestconfig.option.loadscopereorder),
        getvalue=lambda name: ["popen", "popen"] if name == "tx" else None,
    )
    scheduler = LoadGroupScheduling(config)
    sent: list[str] = []
    nodes = [FakeNode(f"gw{n}", sent, collection) for n in range(2)]
    for node in nodes:
        scheduler.add_node(node)
        scheduler.add_node_collection(node, collection)
    scheduler.schedule()
    while not scheduler.tests_finished:
        for node in nodes:
            work = scheduler.assigned_work[node]
            pending = [(scope, t) for scope, tests in work.items() for t, done in tests.items() if not done]
            if pending:
                scheduler.mark_test_complete(node, collection.index(pending[0][1]))
    first_seen = list(dict.fromkeys(t.split("@")[0].split("::")[0] for t in sent))
    assert first_seen == list(dict.fromkeys(t.split("@")[0].split("::")[0] for t in collection))
    assert sent[0] == "tests/test_d.py::test_longest"


def test_a_group_runs_on_one_worker() -> None:
    """``--dist loadgroup`` keeps a group on one worker: xdist marks a grouped test's node id
    (``...@compiled``). Under pytest 9.2 and xdist 3.8 it silently did not (pytest-xdist#1386: the
    compiled build then held both workers, one building and one waiting on its lock, and the walks
    were drawn twice); pyproject keeps pytest below 9.2 until xdist mends it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    chosen = "save_schema or mypy_extensions or optimisation"  # three that need no build
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-n",
            "2",
            "-v",
            "-k",
            chosen,
            "tests/test_compiled.py",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    ran = [line for line in done.stdout.splitlines() if "PASSED" in line]
    assert len(ran) == 3, done.stdout[-2000:]
    assert all(line.rstrip().endswith("@compiled") for line in ran), ran
    assert len({line.split()[0] for line in ran}) == 1, f"the group ran on two workers: {ran}"
