"""The terminal's saved matches and long simulations, as a demanding user meets them.

``parlour resume --list`` with a file that vanishes while it lists (a match played out in another
terminal), forgetting a match put aside (``parlour resume --forget``, ``--forget-older-than``), and
Ctrl-C during ``parlour simulate`` / ``parlour duplicate``: the matches finished in a chunk under way
are kept, and the figures are marked as partial.
"""

from __future__ import annotations

import json
import os
import pathlib
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
import parlour.sim
from parlour.cli import saved
from parlour.cli.app import app
from parlour.engine import derive_seed
from tests.cli_support import scripted
from tests.test_resume import saves, squeezed, words

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
ROOT = Path(__file__).parent.parent
__all__ = ["saves"]  # test_resume's saves folder for every test, shared with these tests


def put_aside(saves: Path, name: str, seed: int = 3) -> Path:
    """A Roquet match quit after one move, put aside as ``name`` in the saves folder."""
    path = saves / name
    terminal, _ = scripted(parlour.make("roquet"), ["1", "quit"], seed, 200, keep=path)
    terminal.run()
    assert path.is_file()
    return path


# --- 1. a file that vanishes while the saves folder is read ----------------------------------------


def vanish_on_first_read(monkeypatch: pytest.MonkeyPatch, gone: Path) -> None:
    """The first match read removes ``gone``, as another terminal playing it out would."""
    real = saved.PutAside.read.__func__  # type: ignore[attr-defined]

    def read(cls: type[saved.PutAside], path: Path) -> saved.PutAside:
        gone.unlink(missing_ok=True)
        result: saved.PutAside = real(cls, path)
        return result

    monkeypatch.setattr(saved.PutAside, "read", classmethod(read))


def test_list_passes_over_a_file_removed_while_it_lists(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``parlour resume --list`` read each file's time after reading the newest: a file played out in
    another terminal meanwhile raised FileNotFoundError with a traceback."""
    newest = put_aside(saves, "roquet-b.json")
    older = put_aside(saves, "roquet-a.json", seed=4)
    os.utime(older, (1_000_000_000, 1_000_000_000))
    vanish_on_first_read(monkeypatch, older)
    listed = runner.invoke(app, ["resume", "--list"], env=WIDE)
    assert listed.exit_code == 0, listed.output
    assert listed.exception is None
    assert newest.name in squeezed(listed.output) and older.name not in squeezed(listed.output)
    assert "not readable" not in words(listed.output), listed.output


def test_list_passes_over_a_file_gone_between_reading_the_folder_and_its_time(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder's files were sorted by a second ``stat`` each: one gone in between raised."""
    kept = put_aside(saves, "roquet-kept.json")
    gone = put_aside(saves, "roquet-gone.json", seed=4)
    real_stat = pathlib.Path.stat

    def stat(self: Path, **kwargs: Any) -> os.stat_result:
        status = real_stat(self, **kwargs)
        if self == gone:
            gone.unlink()  # seen once, then played out in another terminal
        return status

    monkeypatch.setattr(pathlib.Path, "stat", stat)
    assert kept in saved.put_aside()
    listed = runner.invoke(app, ["resume", "--list"], env=WIDE)
    assert listed.exit_code == 0 and listed.exception is None, listed.output
    assert kept.name in squeezed(listed.output) and gone.name not in squeezed(listed.output)


def test_resume_passes_over_a_file_removed_meanwhile(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``parlour resume`` takes up the newest match that is still there, and says nothing of one gone."""
    newest = put_aside(saves, "roquet-b.json")
    older = put_aside(saves, "roquet-a.json", seed=4)
    os.utime(older, (1_000_000_000, 1_000_000_000))
    real = saved.PutAside.read.__func__  # type: ignore[attr-defined]

    def read(cls: type[saved.PutAside], path: Path) -> saved.PutAside:
        newest.unlink(missing_ok=True)  # the newest is played out in another terminal as we look
        result: saved.PutAside = real(cls, path)
        return result

    monkeypatch.setattr(saved.PutAside, "read", classmethod(read))
    again = runner.invoke(app, ["resume"], input="quit\n", env=WIDE)
    assert again.exit_code == 0, again.output
    assert squeezed(f"(from {older})") in squeezed(again.output), again.output
    assert "cannot read" not in words(again.output) and "No such file" not in again.output


def test_resume_when_the_only_match_vanished_says_none_is_put_aside(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    only = put_aside(saves, "roquet-only.json")
    vanish_on_first_read(monkeypatch, only)
    result = runner.invoke(app, ["resume"], env=WIDE)
    assert result.exit_code == 2, result.output
    assert "no match put aside in" in words(result.output), result.output
    assert "No such file" not in result.output


def test_resume_of_a_missing_file_keeps_its_one_line_error(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    result = runner.invoke(app, ["resume", str(missing)], env=WIDE)
    assert result.exit_code == 2 and result.exception is not None
    assert squeezed(result.output).startswith(squeezed(f"{missing}: cannot read it")), result.output
    assert "Traceback" not in result.output


# --- 2. forgetting a match put aside -----------------------------------------------------------------


def test_forget_removes_a_match_put_aside_by_the_name_list_shows(saves: Path) -> None:
    path = put_aside(saves, "roquet-x.json")
    other = put_aside(saves, "roquet-y.json", seed=4)
    listed = runner.invoke(app, ["resume", "--list"], env=WIDE)
    assert "parlour resume --forget FILE" in words(listed.output), listed.output
    assert "--forget-older-than DAYS" in words(listed.output), listed.output
    result = runner.invoke(app, ["resume", "--forget", path.name], input="", env=WIDE)
    assert result.exit_code == 0, result.output
    assert f"forgot {path.name}" in words(result.output), result.output
    assert not path.exists() and other.exists()
    again = runner.invoke(app, ["resume", "--forget", str(other)], env=WIDE)  # a path does as well
    assert again.exit_code == 0 and not other.exists(), again.output


def test_forget_never_removes_a_file_outside_the_saves_folder_or_not_a_save(
    saves: Path, tmp_path: Path
) -> None:
    outside = put_aside(tmp_path, "mine.json")  # a match saved with "save FILE", elsewhere
    result = runner.invoke(app, ["resume", "--forget", str(outside)], env=WIDE)
    assert result.exit_code == 2 and outside.exists(), result.output
    assert "not in the saves folder" in words(result.output)
    saves.mkdir(exist_ok=True)
    notes = saves / "notes.json"
    notes.write_text('{"format": "something else"}')
    refused = runner.invoke(app, ["resume", "--forget", "notes.json"], env=WIDE)
    assert refused.exit_code == 2 and notes.exists(), refused.output
    assert "not a match parlour put aside" in words(refused.output)
    link = saves / "link.json"
    link.symlink_to(outside)
    linked = runner.invoke(app, ["resume", "--forget", "link.json"], env=WIDE)
    assert linked.exit_code == 2 and link.is_symlink() and outside.exists(), linked.output
    missing = runner.invoke(app, ["resume", "--forget", "nothing.json"], env=WIDE)
    assert missing.exit_code == 2 and "no such file" in words(missing.output), missing.output


def test_forget_older_than_removes_only_old_parlour_saves_and_names_them(saves: Path) -> None:
    old = put_aside(saves, "roquet-old.json")
    recent = put_aside(saves, "roquet-new.json", seed=4)
    stray = saves / "old-notes.json"
    stray.write_text("not a save")
    month_ago = time.time() - 30 * 86_400
    for path in (old, stray):
        os.utime(path, (month_ago, month_ago))
    result = runner.invoke(app, ["resume", "--forget-older-than", "7"], input="", env=WIDE)
    assert result.exit_code == 0, result.output
    said = words(result.output)
    assert said.startswith("forgot 1 match put aside more than 7 days ago"), said
    assert old.name in squeezed(result.output) and stray.name not in squeezed(result.output)
    assert not old.exists() and recent.exists() and stray.exists()
    nothing = runner.invoke(app, ["resume", "--forget-older-than", "7"], env=WIDE)
    assert nothing.exit_code == 0 and "nothing forgotten" in words(nothing.output), nothing.output


def test_forget_and_other_actions_do_not_go_together(saves: Path) -> None:
    path = put_aside(saves, "roquet-x.json")
    result = runner.invoke(app, ["resume", "--list", "--forget", path.name], env=WIDE)
    assert result.exit_code == 2 and path.exists(), result.output
    both = runner.invoke(app, ["resume", str(path), "--forget-older-than", "0"], env=WIDE)
    assert both.exit_code == 2 and path.exists(), both.output


# --- 3. Ctrl-C during ``parlour simulate``: the matches finished in a chunk under way are kept -------

PLAYERS = ["random", "random"]
STUCK = 7
"""The match (of the first chunk: 400 matches are chunks of 50 on one or two processes) in play at
Ctrl-C: the matches before it are the run's finished prefix."""


def stuck_at(monkeypatch: pytest.MonkeyPatch, seed: int, action: Any) -> None:
    """Match ``STUCK`` of the run with ``seed`` calls ``action`` and then never ends by itself (a pool's
    workers are forked from this process, so they play the patched matches too)."""
    target = derive_seed(seed, "match", STUCK)
    real = parlour.sim.play_match

    def play(game: Any, kinds: Any, s: int, keep: bool = False) -> Any:
        if s == target:
            action()
            time.sleep(120)
        return real(game, kinds, s, keep)

    monkeypatch.setattr(parlour.sim, "play_match", play)


def ctrl_c_here() -> None:
    raise KeyboardInterrupt


def ctrl_c_to_parent() -> None:
    os.kill(os.getppid(), signal.SIGINT)


def test_ctrl_c_in_a_chunk_keeps_the_matches_it_finished_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """On one process Ctrl-C in the first chunk of 50 gave no figures at all: 7 matches were played."""
    import parlour.sim

    stuck_at(monkeypatch, 5, ctrl_c_here)
    shown: list[int] = []
    with pytest.raises(parlour.sim.SimulationStopped) as stopped:
        parlour.sim.simulate("roquet", PLAYERS, 400, seed=5, progress=shown.append)
    assert stopped.value.played == STUCK and stopped.value.planned == 400
    assert sum(shown) == STUCK  # the bar shows the matches summed up
    monkeypatch.undo()
    again = parlour.sim.simulate("roquet", PLAYERS, STUCK, seed=5)
    assert stopped.value.summary is not None
    assert stopped.value.summary.figures() == again.figures()


def test_ctrl_c_keeps_the_matches_a_pools_worker_finished_in_its_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``--jobs`` the workers were ended and the chunks they held lost. Now each gives back the
    matches it finished: the run's first ``STUCK``, as on one process, whatever the other worker did."""
    import parlour.sim

    stuck_at(monkeypatch, 5, ctrl_c_to_parent)
    start = time.monotonic()
    with pytest.raises(parlour.sim.SimulationStopped) as stopped:
        parlour.sim.simulate("roquet", PLAYERS, 400, seed=5, jobs=2)
    assert time.monotonic() - start < 60, "the workers were waited for"
    assert stopped.value.played == STUCK and stopped.value.planned == 400
    monkeypatch.undo()
    again = parlour.sim.simulate("roquet", PLAYERS, STUCK, seed=5)
    assert stopped.value.summary is not None
    assert stopped.value.summary.figures() == again.figures()


def ctrl_c_to_this_worker() -> None:
    os.kill(os.getpid(), signal.SIGINT)


def test_a_worker_stopped_alone_stops_the_run_at_its_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that hears Ctrl-C before this process (or alone) gives back a chunk cut short: the
    chunks after it are not the run's next matches, so the run stops there rather than summing them
    up as if whole."""
    stuck_at(monkeypatch, 5, ctrl_c_to_this_worker)
    with pytest.raises(parlour.sim.SimulationStopped) as stopped:
        parlour.sim.simulate("roquet", PLAYERS, 400, seed=5, jobs=2)
    assert stopped.value.played == STUCK and stopped.value.planned == 400
    monkeypatch.undo()
    again = parlour.sim.simulate("roquet", PLAYERS, STUCK, seed=5)
    assert stopped.value.summary is not None
    assert stopped.value.summary.figures() == again.figures()


WRAPPER = """
import os, sys, time
import parlour.sim
from parlour.cli import main
from parlour.engine import derive_seed

target = derive_seed({seed}, "match", {stuck})
real = parlour.sim.play_match

def play(game, kinds, s, keep=False):
    if s == target:
        os.write(2, b"STUCK\\n")
        time.sleep(120)
    return real(game, kinds, s, keep)

parlour.sim.play_match = play
sys.argv = ["parlour", *sys.argv[1:]]
main()
"""


def interrupted(script: Path, args: list[str], where: Path) -> tuple[int, str]:
    """Run ``script ARGS`` (a wrapper of ``parlour``) in ``where``, send it SIGINT once it says "STUCK"
    on its standard error, and give back its exit code and all it printed, line breaks as spaces."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    child = subprocess.Popen(
        [sys.executable, str(script), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=where,
        # (a shell's background job ignores SIGINT, and a child would inherit that)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert child.stderr is not None
        said = read_until(child.stderr, b"STUCK\n", 120)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    return child.returncode, " ".join((out + said + err).decode().split())


def read_until(stream: Any, marker: bytes, seconds: float) -> bytes:
    """What ``stream`` says until ``marker``, waiting at most ``seconds`` (the test fails, not hangs)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"never said {marker!r}: {seen!r}"
        ready, _, _ = select.select([stream], [], [], left)
        if ready:
            chunk = os.read(stream.fileno(), 4096)
            assert chunk, f"ended without saying {marker!r}: {seen!r}"
            seen += chunk
    return seen


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_real_sigint_keeps_the_finished_matches_marked_partial(tmp_path: Path, jobs: int) -> None:
    """A SIGINT sent to ``parlour simulate`` alone (as ``kill -INT`` does; a terminal's Ctrl-C reaches
    the workers too): exit 130, the figures of the first matches finished, marked partial in the table
    and in ``--json``, the same on one process or two as those of a run of that many matches."""
    import parlour.sim

    script = tmp_path / "wrapper.py"
    script.write_text(WRAPPER.format(seed=5, stuck=STUCK))
    figures = tmp_path / "f.json"
    args = ["simulate", "roquet", "-n", "400", "--seed", "5", "--players", ",".join(PLAYERS)]
    args += ["--jobs", str(jobs), "--json", str(figures)]
    returncode, text = interrupted(script, args, tmp_path)
    assert returncode == 130, text
    assert "Traceback" not in text
    assert f"stopped by Ctrl-C after {STUCK} of 400 matches" in text, text
    assert f"roquet: {STUCK} matches, seed 5 (partial: 400 asked, stopped by Ctrl-C)" in text, text
    written = json.loads(figures.read_text())
    assert written["partial"] is True and written["planned"] == 400 and written["matches"] == STUCK
    again = parlour.sim.simulate("roquet", PLAYERS, STUCK, seed=5)
    assert {k: written[k] for k in again.figures()} == json.loads(json.dumps(again.figures()))


def test_a_whole_runs_json_says_it_is_not_partial(tmp_path: Path) -> None:
    figures = tmp_path / "f.json"
    args = ["simulate", "roquet", "-n", "3", "--players", "random,random", "--json", str(figures)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    written = json.loads(figures.read_text())
    assert written["partial"] is False and written["planned"] == 3 and written["matches"] == 3
    assert "partial" not in words(result.output)


def test_duplicate_stopped_writes_its_json_marked_partial(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import parlour.duplicate

    real = parlour.duplicate._one_deal
    count = [0]

    def deal(job: Any) -> Any:
        count[0] += 1
        if count[0] > 2:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(parlour.duplicate, "_one_deal", deal)
    out = tmp_path / "d.json"
    args = ["duplicate", "roquet", "--candidate", "random", "--deals", "5", "--json", str(out)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 130, result.output
    written = json.loads(out.read_text())
    assert written["partial"] is True and written["planned"] == 5 and written["deals"] == 2
    assert "(2 deals, seats 1,2" in words(result.stdout)
    assert "(partial: 5 asked, stopped by Ctrl-C)" in words(result.stdout), result.stdout
    monkeypatch.undo()
    whole = runner.invoke(app, [*args[:-4], "--deals", "2", "--json", str(out)], env=WIDE)
    assert whole.exit_code == 0, whole.output
    again = json.loads(out.read_text())
    assert again["partial"] is False and again["planned"] == 2 and again["margins"] == written["margins"]


# --- 4. the walk ---------------------------------------------------------------------------------------


def test_resume_takes_a_name_as_list_shows_it_from_any_folder(
    saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--list`` names its files bare and says "parlour resume FILE", but that name was looked for in
    the current folder: "cannot read it: No such file or directory"."""
    path = put_aside(saves, "roquet-x.json")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = runner.invoke(app, ["resume", path.name], input="quit\n", env=WIDE)
    assert result.exit_code == 0, result.output
    assert "No such file" not in result.output
    assert squeezed(f"saved in {path}") in squeezed(result.output), result.output
    mine = elsewhere / "roquet-x.json"  # a file of that name here is the one meant
    mine.write_text("{}")
    here = runner.invoke(app, ["resume", "roquet-x.json"], env=WIDE)
    assert here.exit_code == 2 and "roquet-x.json: not a match parlour put aside" in words(here.output)


def test_save_elsewhere_moves_the_match_out_of_the_saves_folder(saves: Path, tmp_path: Path) -> None:
    """A match taken up from the saves folder and saved under another name kept its old copy there,
    never written again: ``parlour resume`` later took up that earlier position (the match played on
    twice). The copy is removed, and the person told."""
    first = runner.invoke(app, ["play", "roquet", "--seed", "3"], input="1\nquit\n", env=WIDE)
    assert first.exit_code == 0, first.output
    (aside,) = saves.glob("*.json")
    mine = tmp_path / "mine.json"
    again = runner.invoke(app, ["resume"], input=f"1\nsave {mine}\nsave\nquit\n", env=WIDE)
    assert again.exit_code == 0, again.output
    assert not aside.exists() and mine.is_file()
    assert squeezed(f"Its earlier copy, {aside}, is removed") in squeezed(again.output), again.output
    assert len(saved.PutAside.read(mine).state.log) > 0
    none = runner.invoke(app, ["resume"], env=WIDE)
    assert none.exit_code == 2 and "no match put aside" in words(none.output), none.output
    later = runner.invoke(app, ["resume", str(mine)], input=f"save {mine}\nquit\n", env=WIDE)
    assert later.exit_code == 0 and mine.is_file(), later.output  # its own name: nothing removed
    assert "earlier copy" not in words(later.output)


def test_list_keeps_each_match_whole_in_80_columns(saves: Path) -> None:
    """In 80 columns the table of matches put aside cut its columns to "whe…" and broke a score over
    four lines; it is now two lines a match, the file's name and the match's facts each whole."""
    path = put_aside(saves, "bishops-whist-2026-12-06-1028-2.json")
    terminal, _ = scripted(parlour.make("bishops-whist"), ["quit"], 3, 80, keep=path)
    terminal.run()
    listed = runner.invoke(app, ["resume", "--list"], env={"COLUMNS": "80"})
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    assert "…" not in listed.output
    assert any(line.strip().startswith(f"{path.name}   left ") for line in lines), listed.output
    facts = [line.strip() for line in lines if line.strip().startswith("bishops-whist, hand 1: ")]
    assert facts and facts[0].endswith("you & seat 3 (partner): 0   seat 2 & seat 4: 0"), listed.output


def test_save_to_a_relative_name_says_the_whole_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``save mine.json`` said "To play on: parlour resume mine.json", which works only from the folder
    the match was played in; it now names the file whole."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "roquet", "--seed", "3"], input="save mine.json\nquit\n", env=WIDE)
    assert result.exit_code == 0, result.output
    mine = tmp_path / "mine.json"
    assert mine.is_file()
    assert squeezed(f"To play on: parlour resume {mine}") in squeezed(result.output), result.output


DUPLICATE_WRAPPER = """
import os, sys, time
import parlour.duplicate
from parlour.cli import main
from parlour.engine import derive_seed

target = derive_seed({seed}, "deal", {stuck})
real = parlour.duplicate._play

def play(table, seed, players, timed):
    if seed == target:
        os.write(2, b"STUCK\\n")
        time.sleep(120)
    return real(table, seed, players, timed)

parlour.duplicate._play = play
sys.argv = ["parlour", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_real_sigint_stops_duplicate_with_the_deals_finished_marked_partial(
    tmp_path: Path, jobs: int
) -> None:
    """The same for ``parlour duplicate``: deal 3 is in play at Ctrl-C. On one process deals 0-2 are
    done; on two, the other worker may still hold one of them (a deal is the unit: a deal cut short has
    no figure), so as many as came back in order, and the figure is that of a run of that many deals."""
    import parlour.duplicate

    script = tmp_path / "wrapper.py"
    script.write_text(DUPLICATE_WRAPPER.format(seed=5, stuck=3))
    out = tmp_path / "d.json"
    args = ["duplicate", "roquet", "--candidate", "random", "--deals", "40", "--seed", "5"]
    args += ["--jobs", str(jobs), "--json", str(out)]
    returncode, text = interrupted(script, args, tmp_path)
    assert returncode == 130, text
    assert "Traceback" not in text
    if jobs == 1:
        assert "stopped by Ctrl-C after 3 of 40 deals" in text, text
    if not out.exists():  # (two processes: no deal had come back in order)
        assert "stopped by Ctrl-C after 0 of 40 deals" in text, text
        return
    written = json.loads(out.read_text())
    played = written["deals"]
    assert 1 <= played <= 3 and written["partial"] is True and written["planned"] == 40
    assert "(partial: 40 asked, stopped by Ctrl-C)" in text, text
    again = parlour.duplicate.duplicate("roquet", "random", "heuristic", deals=played, seed=5)
    assert written["margins"] == list(again.margins)
