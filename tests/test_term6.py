"""The terminal's rough edges a demanding user meets (term-6).

A Ctrl-C while the ``parlour`` command is still loading, a ``--records`` file of a run stopped by
Ctrl-C, one saved match taken up in two terminals at once, and "0.000 s a move"; then what a walk
through the README's commands met: amounts mistyped, an unknown player or a bad seed not named, a word
that is no move answered with every action of the game, a save readable by every user.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlour
import parlour.sim
from parlour.cli import saved
from parlour.cli.app import app
from tests.cli_support import scripted
from tests.test_resume import saves, words
from tests.test_term5 import PLAYERS, STUCK, ctrl_c_here, put_aside, read_until, stuck_at

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
ROOT = Path(__file__).parent.parent
__all__ = ["saves"]  # test_resume's saves folder for every test


def child_env(**more: str) -> dict[str, str]:
    """The environment of a ``parlour`` run in a child process: this worktree's parlour first."""
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path, "PYTHONUNBUFFERED": "1", "COLUMNS": "200", **more}


def launcher(folder: Path) -> Path:
    """The ``parlour`` script pip makes from ``[project.scripts]`` (its very words), in ``folder``."""
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["parlour"]
    module, _, function = entry.partition(":")
    script = folder / "parlour"
    script.write_text(
        "import re\nimport sys\n"
        f"from {module} import {function}\n"
        "if __name__ == '__main__':\n"
        "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
        f"    sys.exit({function}())\n"
    )
    return script


# --- 1. Ctrl-C while the command loads ------------------------------------------------------------


def imported(line: bytes) -> str:
    """The module a line of ``python -X importtime`` names ("import time: 12 | 345 |   parlour.sim")."""
    return line.decode(errors="replace").rsplit("|", 1)[-1].strip()


def stopped(pid: int, seconds: float = 10) -> None:
    """Wait (bounded) until the process is stopped by SIGSTOP."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        if fields[0] in ("T", "t"):
            return
        time.sleep(0.005)
    raise AssertionError("the child never stopped")


def interrupted_while_loading(command: list[str], marker: str, where: Path) -> tuple[int, str, str, bool]:
    """Run ``command`` under ``python -X importtime`` (each import is said on stderr as it ends); once
    ``marker`` is imported, stop the child (SIGSTOP), send it SIGINT and let it go on: the Ctrl-C lands
    where it stood, whatever the machine's load. Gives its exit code, stdout, stderr without the import
    lines, and whether it was still loading the command (``parlour.cli`` not yet imported)."""
    child = subprocess.Popen(
        [sys.executable, "-X", "importtime", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(),
        cwd=where,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert child.stderr is not None
    said = b""
    try:
        deadline = time.monotonic() + 60
        while not any(imported(line) == marker for line in said.splitlines()):
            left = deadline - time.monotonic()
            assert left > 0, f"{marker} was never imported: {said[-2000:]!r}"
            if select.select([child.stderr], [], [], left)[0]:
                chunk = os.read(child.stderr.fileno(), 65536)
                assert chunk, f"ended before importing {marker}: {said[-2000:]!r}"
                said += chunk
        child.send_signal(signal.SIGSTOP)
        stopped(child.pid)
        while select.select([child.stderr], [], [], 0.05)[0]:  # all it said before it stopped
            chunk = os.read(child.stderr.fileno(), 65536)
            if not chunk:
                break
            said += chunk
        loading = not any(imported(line) == "parlour.cli" for line in said.splitlines())
        child.send_signal(signal.SIGINT)
        child.send_signal(signal.SIGCONT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    rest = [line for line in (said + err).splitlines() if not line.startswith(b"import time:")]
    return child.returncode, out.decode(), b"\n".join(rest).decode(errors="replace"), loading


MOMENTS = ["parlour.engine", "parlour.cli.app", "parlour.players", "parlour.sim"]
"""Modules the command loads one after another: a Ctrl-C is sent just after each."""


@pytest.mark.parametrize("how", ["script", "module"])
def test_ctrl_c_while_the_command_loads_ends_quietly_with_130(tmp_path: Path, how: str) -> None:
    """A Ctrl-C in the first moments of any command (while Python loads parlour, most of a second)
    printed a traceback ending in ``KeyboardInterrupt``: it ends quietly with exit code 130, as later.
    Sent at several moments of the loading, through the console script pip makes from pyproject's
    ``[project.scripts]`` and through ``python -m parlour``."""
    command = [str(launcher(tmp_path))] if how == "script" else ["-m", "parlour"]
    loading = 0
    for marker in MOMENTS:
        code, out, err, still = interrupted_while_loading([*command, "list"], marker, tmp_path)
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, (marker, err)
        if still:
            loading += 1
            assert code == 130, (marker, code, err)  # (-2 when the Ctrl-C came in generated code: below)
            assert out == "", (marker, out)  # the command never ran
        else:  # (a loaded machine let it run on: once Python ends, SIGINT ends it, as a shell's 130)
            assert code in (130, -signal.SIGINT), (marker, code, err)
    assert loading > 0  # (the child is stopped as each marker is seen: the moments are in the loading)


def test_ctrl_c_caught_in_generated_code_still_ends_python_m_with_130(tmp_path: Path) -> None:
    """Why `python -m parlour` sometimes ended by SIGINT itself (-2) instead of 130 when a Ctrl-C came while
    the games loaded: CPython marks a KeyboardInterrupt that leaves code run by ``exec`` of a string (as
    ``dataclasses`` writes its methods) as unhandled even once caught, and ends a ``-m`` module by SIGINT
    after it. Here the command's loading is a stand-in that interrupts itself inside such code, every
    time; ``parlour.launch`` must still end with 130."""
    (tmp_path / "interrupted_in_exec.py").write_text(
        "import sys, types\n"
        "def app() -> None:\n"
        "    exec('import os, signal\\nos.kill(os.getpid(), signal.SIGINT)\\nfor _ in range(10**8): pass')\n"
        "sys.modules['parlour.cli'] = types.SimpleNamespace(app=app)\n"
        "from parlour.launch import main\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "interrupted_in_exec"],
        env=child_env(),
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert done.returncode == 130, (done.returncode, done.stderr.decode())
    assert b"Traceback" not in done.stderr


def test_import_parlour_loads_no_engine_until_asked() -> None:
    """``import parlour`` is what the command does first: it loads nothing heavy (the engine, numpy)
    until a name is used; every name of the package is there when asked for."""
    code = (
        "import sys, parlour\n"
        "assert 'parlour.engine' not in sys.modules and 'numpy' not in sys.modules, 'loaded'\n"
        "assert parlour.make('roquet').name == 'roquet'\n"
        "from parlour import State, InvalidSave\n"
        "assert parlour.engine.State is State and set(parlour.__all__) <= set(dir(parlour))\n"
        # (docs/cards.md's use: ``parlour.cards`` after a bare ``import parlour``; test_review1 found it
        # an AttributeError until something else imported it)
        "assert parlour.cards.get_pack('french52') is not None and 'SUBMODULES' not in dir(parlour)\n"
        "try:\n    parlour.nonesuch\nexcept AttributeError:\n    pass\n"
        "else:\n    raise SystemExit('no error')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=child_env(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()


# --- 2. the --records file of a run stopped by Ctrl-C says it is partial ---------------------------


def test_records_of_a_run_stopped_by_ctrl_c_end_with_a_partial_mark(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The message said the matches were partial, the ``--records`` file did not: a researcher reading
    it later took 7 matches for the 400 asked. Its last line now says so, and ``read_records`` tells
    the matches from the mark."""
    stuck_at(monkeypatch, 5, ctrl_c_here)
    out = tmp_path / "m.jsonl"
    args = ["simulate", "roquet", "-n", "400", "--seed", "5", "--players", ",".join(PLAYERS)]
    result = runner.invoke(app, [*args, "--records", str(out)], env=WIDE)
    assert result.exit_code == 130, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[-1] == {"partial": True, "stopped_by": "Ctrl-C", "matches": STUCK, "planned": 400}
    assert [line["match"] for line in lines[:-1]] == list(range(STUCK))
    back = parlour.sim.read_records(out)
    assert back.partial and back.stopped == lines[-1] and back.matches == lines[:-1]
    monkeypatch.undo()
    whole = runner.invoke(app, [*args[:3], str(STUCK), *args[4:], "--records", str(out)], env=WIDE)
    assert whole.exit_code == 0, whole.output
    again = parlour.sim.read_records(out)
    assert not again.partial and again.stopped is None and again.matches == back.matches
    assert all("partial" not in line for line in again.matches)


def test_a_stopped_sweeps_records_name_the_run_it_stopped_in(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """In a sweep the mark names the run Ctrl-C stopped (the runs after it were not played)."""
    stuck_at(monkeypatch, 5, ctrl_c_here)
    out = tmp_path / "m.jsonl"
    args = ["simulate", "roquet", "-n", "20", "--seed", "5", "--players", ",".join(PLAYERS)]
    result = runner.invoke(app, [*args, "--sweep", "target=100,150", "--records", str(out)], env=WIDE)
    assert result.exit_code == 130, result.output
    back = parlour.sim.read_records(out)
    assert back.stopped == {
        "partial": True,
        "stopped_by": "Ctrl-C",
        "matches": STUCK,
        "planned": 20,
        "sweep": {"target": 100},
    }
    assert [m["sweep"] for m in back.matches] == [{"target": 100}] * STUCK


def test_read_records_refuses_a_line_after_the_mark(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    out.write_text('{"match": 0}\n{"partial": true, "matches": 1, "planned": 2}\n{"match": 1}\n')
    with pytest.raises(ValueError, match="line 3: a line follows the mark"):
        parlour.sim.read_records(out)


# --- 3. one match, one terminal ---------------------------------------------------------------------


def at_the_table(save: Path, where: Path) -> subprocess.Popen[bytes]:
    """``parlour resume SAVE`` in a child process, its lines typed on a pipe, once it shows the table
    (it then waits for the person's move)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "parlour", "resume", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(),
        cwd=where,
    )
    assert child.stdout is not None
    try:
        read_until(child.stdout, b"(from ", 120)
    except BaseException:
        child.kill()
        child.wait()
        raise
    return child


def resumed(save: Path, where: Path, lines: str = "quit\n") -> subprocess.CompletedProcess[str]:
    """``parlour resume SAVE`` in another terminal, typing ``lines``."""
    command = [sys.executable, "-m", "parlour", "resume", str(save)]
    return subprocess.run(
        command, input=lines, capture_output=True, text=True, env=child_env(), cwd=where, timeout=120
    )


def test_a_match_open_in_one_terminal_is_refused_in_another(saves: Path, tmp_path: Path) -> None:
    """``parlour resume FILE`` in two terminals at once: each played on from its own position and
    overwrote the other's save. The second is refused in one line that says where the match is and what
    to do; once the first terminal quits (the match saved there), the second takes it up."""
    save = put_aside(saves, "roquet-open.json")
    first = at_the_table(save, tmp_path)
    try:
        before = save.read_bytes()
        second = resumed(save, tmp_path, "1\nquit\n")
        assert second.returncode == 2, second.stdout + second.stderr
        said = words(second.stderr)
        assert "open in another terminal" in said and f"parlour process {first.pid}" in said, said
        assert f"kill {first.pid}" in said and said.count("open in another terminal") == 1, said
        assert "Traceback" not in second.stderr and second.stdout == ""
        assert save.read_bytes() == before  # the second terminal wrote nothing
        _, err = first.communicate(b"1\nquit\n", timeout=120)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert first.returncode == 0, err.decode()
    assert save.read_bytes() != before  # the first terminal's move is saved
    assert not saved.lock_path(save).exists()  # no lock file is left behind
    third = resumed(save, tmp_path)
    assert third.returncode == 0 and "You left the table" in words(third.stdout), third.stderr


def test_a_terminal_killed_leaves_no_lock_behind(saves: Path, tmp_path: Path) -> None:
    """A terminal closed or killed (no chance to quit) must not lock its match for ever: the lock is
    the system's, gone with the process."""
    save = put_aside(saves, "roquet-killed.json")
    first = at_the_table(save, tmp_path)
    first.kill()
    first.wait()
    again = resumed(save, tmp_path)
    assert again.returncode == 0, again.stderr
    assert "You left the table" in words(again.stdout) and "open in another" not in words(again.stderr)


def test_a_match_open_elsewhere_is_not_forgotten_and_listed_as_open(saves: Path, tmp_path: Path) -> None:
    """``--forget`` removed a match another terminal was playing (its next save made it again);
    ``--list`` says which are open."""
    save = put_aside(saves, "roquet-forget.json")
    first = at_the_table(save, tmp_path)
    try:
        listed = runner.invoke(app, ["resume", "--list"], env=WIDE)
        assert "open in another terminal" in words(listed.output), listed.output
        forgot = runner.invoke(app, ["resume", "--forget", save.name], env=WIDE)
        assert forgot.exit_code == 2 and "open in another terminal" in words(forgot.output), forgot.output
        assert save.exists()
    finally:
        first.kill()
        first.wait()


def test_save_to_a_file_open_in_another_terminal_is_refused_and_play_goes_on(tmp_path: Path) -> None:
    """``save FILE`` naming a match another terminal plays would overwrite it: refused, said so."""
    other = put_aside(tmp_path, "other.json")
    before = other.read_bytes()
    elsewhere = saved.hold(other)  # (as another terminal holds it)
    try:
        terminal, console = scripted(parlour.make("roquet"), [f"save {other}", "1", "quit"], 3, 200, True)
        terminal.run()
    finally:
        elsewhere.release()
    said = words(console.export_text())
    assert f"The match is not saved to {other}: this match is open in another terminal" in said, said
    assert other.read_bytes() == before
    assert "You left the table. The match is saved in" in said  # quit put it aside, in the saves folder


# --- 4. seconds a move in figures that say something ---------------------------------------------


@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (0.0000514, "51.4 µs"),
        (0.00127, "1.27 ms"),
        (0.157, "157 ms"),
        (3.4, "3.40 s"),
        (1234.4, "1,234 s"),
        (0.0, "0 s"),
    ],
)
def test_a_duration_is_told_in_a_unit_that_says_something(seconds: float, said: str) -> None:
    assert parlour.sim.duration(seconds) == said


def test_figures_have_significant_digits_not_fixed_decimals() -> None:
    assert [parlour.sim.figure(x) for x in (0.00333, 0.05, 12.34, 51.04, 4520.3)] == [
        "0.00333",
        "0.0500",
        "12.3",
        "51.0",
        "4,520",
    ]


def test_duplicate_of_a_fast_player_says_how_long_a_move_takes(tmp_path: Path) -> None:
    """``parlour duplicate`` printed "0.000 s a move" for a fast player: now microseconds or
    milliseconds, while ``--json`` keeps ``seconds_per_move`` in seconds."""
    out = tmp_path / "d.json"
    args = ["duplicate", "roquet", "--candidate", "random", "--deals", "2", "--json", str(out)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    said = words(result.stdout)
    assert "0.000 s a move" not in said
    found = re.search(r"seats 1,2, ([\d.,]+) (µs|ms|s) a move\)", said)
    assert found is not None, said
    value = float(found.group(1).replace(",", "")) * {"µs": 1e-6, "ms": 1e-3, "s": 1.0}[found.group(2)]
    written = json.loads(out.read_text())["seconds_per_move"]
    assert value > 0 and written == pytest.approx(value, rel=0.01)


def test_simulate_tells_its_time_and_rate_with_significant_figures() -> None:
    """ "0.0 s" for a quick run (and "0.0 matches per second" for a slow one) said nothing."""
    args = ["simulate", "roquet", "-n", "2", "--players", "random,random"]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    found = re.search(
        r"([\d.,]+) matches per second \(([\d.,]+) (µs|ms|s)(, .* a match)?\)", words(result.stdout)
    )
    assert found is not None, result.stdout
    assert float(found.group(1).replace(",", "")) > 0 and float(found.group(2).replace(",", "")) > 0
    assert "(0.0 s)" not in result.stdout


def test_a_slow_run_says_how_long_a_match_took(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run of strong players (minutes a match) printed "0.0 matches per second"."""
    import dataclasses
    import importlib

    from rich.console import Console

    main = importlib.import_module("parlour.cli.main")  # (parlour.cli.main is also the function)
    summary = parlour.sim.simulate("roquet", ["random", "random"], 2, seed=1)
    shown = Console(record=True, width=200)
    monkeypatch.setattr(main, "console", shown)
    main._print_summary(dataclasses.replace(summary, seconds=613.0))
    assert "0.00326 matches per second (613 s, 306 s a match)" in words(shown.export_text())


# --- 5. the walk --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        # "write a whole number in plain digits": it was one, only too long
        ("bank 1000000000000000000000", "'1000000000000000000000' is too large to be an amount"),
        ("bank -3", "'-3' is not an amount: an amount is 0 or more, such as 'bank 5'"),
        ("bank x", "'x' is not an amount: write a whole number in plain digits, such as 'bank 5'"),
    ],
)
def test_an_amount_mistyped_is_told_what_is_wrong_with_it(typed: str, said: str) -> None:
    game = parlour.make("lansquenet")
    with pytest.raises(parlour.MalformedAction) as refused:
        game.notation.parse(typed)
    assert said in str(refused.value)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "roquet", "--opponents", "nope"], "--opponents: no player 'nope' for roquet"),
        (["simulate", "roquet", "--players", "random,nope"], "--players: no player 'nope' for roquet"),
        (["duplicate", "roquet", "--candidate", "nope"], "--candidate: no player 'nope' for roquet"),
        (["duplicate", "roquet", "--baseline", "nope"], "--baseline: no player 'nope' for roquet"),
    ],
)
def test_an_unknown_player_names_the_option_it_was_given_to(args: list[str], said: str) -> None:
    """``parlour duplicate roquet --baseline nope`` said "no player 'nope'" without saying which of
    two options was wrong."""
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 2 and said in words(result.output), result.output


def test_a_word_that_is_no_move_nor_command_says_so_and_how_to_go_on() -> None:
    """ "foo" was answered with every action of the game, those not open now too ("the actions are
    'play <card>', 'trump <suit>', 'deal', 'expose <card>', 'stand', ...") and not the commands."""
    terminal, console = scripted(parlour.make("bishops-whist"), ["foo bar", "quit"], 1, 200)
    terminal.run()
    said = words(console.export_text())
    assert "'foo' is neither a move nor a command here" in said, said
    assert "type 'moves' for the moves open to you now, 'help' for the commands" in said
    assert "the actions are" not in said


@pytest.mark.parametrize("command", [["play", "roquet"], ["simulate", "roquet"], ["duplicate", "roquet"]])
def test_a_seed_out_of_range_is_echoed(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--seed", "-1"], env=WIDE)
    assert result.exit_code == 2
    said = words(result.output)
    assert "--seed: a seed is a whole number from 0 to 2**63 - 1, not -1" in said, said


def test_a_match_put_aside_is_readable_by_its_owner_only(saves: Path) -> None:
    """The file holds every hand (the owner's, not a thing to show the other players), and was written
    readable by every user of the machine."""
    save = put_aside(saves, "roquet-private.json")
    assert save.stat().st_mode & 0o777 == 0o600


def test_resume_without_a_name_of_a_match_open_elsewhere_points_to_the_others(
    saves: Path, tmp_path: Path
) -> None:
    """``parlour resume`` takes up the match left last: open in another terminal, it is refused, and
    the message says where the others are listed."""
    save = put_aside(saves, "roquet-last.json")
    elsewhere = saved.hold(save)  # (as another terminal holds it)
    try:
        result = runner.invoke(app, ["resume"], input="quit\n", env=WIDE)
    finally:
        elsewhere.release()
    said = words(result.output)
    assert result.exit_code == 2 and "open in another terminal" in said, said
    assert said.endswith("(parlour resume --list shows the others)"), said


def test_forget_older_than_keeps_a_match_open_elsewhere_and_says_so(saves: Path) -> None:
    old = put_aside(saves, "roquet-old.json")
    os.utime(old, (1_000_000_000, 1_000_000_000))
    elsewhere = saved.hold(old)  # (as another terminal holds it)
    try:
        result = runner.invoke(app, ["resume", "--forget-older-than", "1"], env=WIDE)
    finally:
        elsewhere.release()
    assert result.exit_code == 0 and old.exists(), result.output
    assert "kept roquet-old.json: it is open in another terminal" in words(result.output), result.output
