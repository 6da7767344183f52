"""``parlour simulate --cluster``: a Dask scheduler and two workers started as a user starts them
(``dask scheduler``, ``dask worker``), and the same figures as on one machine for the same seed.

Without Dask installed these tests skip, saying how to install it; in CI (``CI=true``) they fail instead.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import parlour
from parlour.cli import app
from parlour.sim import Chunk, ClusterError, run_chunk, simulate
from tests.web_support import need

ROOT = Path(__file__).parent.parent
runner = CliRunner()

CASES: list[tuple[str, list[str]]] = [
    ("bishops-whist", ["-n", "16", "-o", "hand_limit=1", "--players", "heuristic,random,heuristic,random"]),
    # A game with figures of its own (kept events), swept: two runs over one connection.
    ("apology", ["-n", "8", "-o", "deals=1", "--sweep", "target_shift=-5,5"]),
    ("lansquenet", ["-n", "16", "-o", "players=3", "-o", "length=deals", "-o", "deals=2"]),
]
"""Short matches (one hand, two deals), several chunks each, so the order of gathering is tested."""


def _need_dask() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        need("Dask distributed", "pip install -e '.[test]' (or 'parlour[cluster]') to run the cluster tests")


def _env() -> dict[str, str]:
    """The environment of a child process that imports the parlour under test (not another installed one)."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path}


def _start(command: list[str], log: Path) -> subprocess.Popen[bytes]:
    """``python COMMAND`` in a session of its own, so that it and its children can be stopped together."""
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, *command],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=_env(),
            cwd=log.parent,
            start_new_session=True,
        )


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """Workers first, then the scheduler, each asked to close; then nothing of their sessions is left."""
    for proc in reversed(procs):
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    for proc in procs:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # a worker process its nanny left behind, if any


def _logs(folder: Path) -> str:
    return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-2000:]}" for p in folder.glob("*.log"))


def _start_scheduler(folder: Path, procs: list[subprocess.Popen[bytes]]) -> str:
    """Start ``dask scheduler`` (added to ``procs``) and return its address once it listens."""
    info = folder / "scheduler.json"
    command = ["scheduler", "--host=127.0.0.1", "--port=0", "--no-dashboard", f"--scheduler-file={info}"]
    procs.append(_start(["-m", "dask", *command], folder / "scheduler.log"))
    deadline = time.monotonic() + 60
    while not info.exists() or not info.read_text().strip():
        if procs[-1].poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"the Dask scheduler did not start:\n{_logs(folder)}")
        time.sleep(0.1)
    address: str = json.loads(info.read_text())["address"]
    return address


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a scheduler with two single-threaded workers, all three separate processes."""
    _need_dask()
    from distributed import Client

    folder = tmp_path_factory.mktemp("dask")
    procs: list[subprocess.Popen[bytes]] = []
    try:
        address = _start_scheduler(folder, procs)
        for i in range(2):
            command = ["worker", address, "--nthreads=1", "--no-dashboard", f"--name=worker-{i}"]
            procs.append(_start(["-m", "dask", *command], folder / f"worker-{i}.log"))
        with Client(address, set_as_default=False, timeout=30) as client:
            try:
                client.wait_for_workers(2, timeout=60)
            except TimeoutError:
                pytest.fail(f"the Dask workers did not join:\n{_logs(folder)}")
        yield address
    finally:
        _stop(procs)
    for proc in procs:
        assert proc.poll() is not None, f"process {proc.pid} outlived the cluster"


def _run(game: str, args: list[str], tmp: Path, name: str) -> tuple[Any, list[str]]:
    """The JSON figures (without timings) and the printed report (without its timing line) of a run."""
    out = tmp / f"{name}.json"
    result = runner.invoke(
        app, ["simulate", game, "--seed", "5", "--json", str(out), *args], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    for run in data if isinstance(data, list) else [data]:
        run.pop("seconds")
        run.pop("matches_per_second")
    lines = result.stdout.splitlines()
    timings = [i for i, line in enumerate(lines) if "matches per second" in line]
    # What follows the last timing names the JSON file, wrapped anywhere on a narrow console.
    return data, [line for i, line in enumerate(lines[: timings[-1]]) if i not in timings]


def _said(result: Result) -> str:
    """The error, whatever the console's width made of its lines."""
    return " ".join(result.stderr.split())


@pytest.mark.parametrize(("game", "args"), CASES, ids=[game for game, _ in CASES])
def test_a_cluster_gives_the_figures_of_one_machine(
    game: str, args: list[str], scheduler: str, tmp_path: Path
) -> None:
    one = _run(game, args, tmp_path, "one")
    assert _run(game, [*args, "--jobs", "2"], tmp_path, "two") == one
    assert _run(game, [*args, "--cluster", scheduler], tmp_path, "cluster") == one
    # a side of one seat, or "seats 1 & 3" (numbered from 1 since design-5, as the tables number them)
    assert re.search(r"seats? 1\b", "\n".join(one[1])) and not re.search(r"seats? 0\b", "\n".join(one[1]))


def test_simulate_takes_a_cluster_address(scheduler: str) -> None:
    here = simulate("bishops-whist", ["random"] * 4, 6, seed=2, options={"hand_limit": 1})
    there = simulate("bishops-whist", ["random"] * 4, 6, seed=2, options={"hand_limit": 1}, cluster=scheduler)
    assert there.figures() == here.figures()


def test_workers_of_another_parlour_version_are_refused(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parlour, "__version__", "0.0.0-other")
    result = runner.invoke(
        app, ["simulate", "bishops-whist", "-n", "2", "--cluster", scheduler], env={"COLUMNS": "300"}
    )
    assert result.exit_code == 2, result.output
    assert "run another version" in _said(result) and "install the same version" in _said(result)
    assert "Traceback" not in result.output


NO_PARLOUR = (
    "import sys; sys.modules['parlour'] = None; sys.argv[0] = 'dask'; from dask.__main__ import main; main()"
)
"""``dask ...`` in a process where ``import parlour`` fails, like a worker where parlour is not installed."""


def test_a_scheduler_without_workers_or_without_parlour_on_them_is_refused(tmp_path: Path) -> None:
    _need_dask()
    procs: list[subprocess.Popen[bytes]] = []
    try:
        address = _start_scheduler(tmp_path, procs)
        args = ["simulate", "bishops-whist", "-n", "2", "--cluster", address, "--cluster-timeout"]
        result = runner.invoke(app, [*args, "1"])
        assert result.exit_code == 2, result.output
        assert f"has no workers after 1 s: start some with `dask worker {address}`" in _said(result)
        worker = ["-c", NO_PARLOUR, "worker", address, "--nthreads=1", "--no-nanny", "--no-dashboard"]
        procs.append(_start(worker, tmp_path / "worker.log"))
        result = runner.invoke(app, [*args, "60"])  # long enough for the worker to join
        assert result.exit_code == 2, result.output
        assert "cannot run parlour" in _said(result), _logs(tmp_path)
        assert f"install parlour {parlour.__version__} on every worker" in _said(result)
    finally:
        _stop(procs)


def test_a_worker_refuses_a_chunk_from_another_version() -> None:
    """A worker that joins after the check still cannot play matches of another parlour."""
    chunk = Chunk("bishops-whist", {}, ("random",) * 4, (1,), False, "0.0.0-other")
    with pytest.raises(ClusterError, match="same parlour version"):
        run_chunk(chunk)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("tcp://127.0.0.1:{free}", "cannot reach a Dask scheduler"),
        ("no-port-here", "is not the address of a Dask scheduler"),
        ("http://127.0.0.1:8786", "is not the address of a Dask scheduler"),
    ],
)
def test_a_scheduler_that_cannot_be_reached_is_a_clear_error(address: str, message: str) -> None:
    _need_dask()
    address = address.format(free=_free_port())  # here, not in the test's id: xdist's workers must agree
    start = time.monotonic()
    result = runner.invoke(
        app,
        ["simulate", "bishops-whist", "-n", "2", "--cluster", address, "--cluster-timeout", "1"],
        env={"COLUMNS": "300"},
    )
    assert result.exit_code == 2, result.output
    assert message in _said(result)
    assert "Traceback" not in result.output and "matches per second" not in result.output
    assert time.monotonic() - start < 15


def test_a_server_that_does_not_answer_is_a_clear_error() -> None:
    _need_dask()
    start = time.monotonic()
    with socket.socket() as silent:  # the kernel accepts connections; nobody answers them
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        result = runner.invoke(
            app,
            ["simulate", "bishops-whist", "-n", "2", "--cluster", address, "--cluster-timeout", "1"],
            env={"COLUMNS": "300"},
        )
    assert result.exit_code == 2, result.output
    assert "accepts connections but does not answer as a Dask scheduler" in _said(result)
    assert time.monotonic() - start < 15


def test_without_dask_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # ``import distributed`` now fails
    result = runner.invoke(
        app,
        ["simulate", "bishops-whist", "-n", "2", "--cluster", "tcp://127.0.0.1:8786"],
        env={"COLUMNS": "300"},
    )
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines() == [
        "--cluster: Dask distributed is not installed: pip install 'parlour[cluster]'"
    ]


def test_jobs_and_a_cluster_are_refused_together() -> None:
    """(The command line's refusal is in test_cli, with every argument checked before the first match.)"""
    with pytest.raises(ValueError, match="do not go together"):
        simulate("bishops-whist", ["random"] * 4, 2, jobs=2, cluster="tcp://127.0.0.1:8786")


def test_a_local_run_does_not_import_dask() -> None:
    code = (
        "import sys\n"
        "from parlour.cli import app\n"
        "try:\n"
        "    app(['simulate', 'bishops-whist', '-n', '2', '-o', 'hand_limit=1', '--jobs', '2'])\n"
        "except SystemExit as exc:\n"
        "    assert exc.code == 0, exc.code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_env(), timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
