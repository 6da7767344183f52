"""A second look at the day's terminal changes (review-1): what a user met that the changes' own tests
did not try.

A match first put aside into a saves folder not yet made was not held (a second terminal took it up
while the first played on); ``import parlour`` no longer brought ``parlour.cards`` (docs/cards.md's
``parlour.cards.get_pack``); a time of 999.96 µs was told as "1,000 µs". And two races the review
named: two terminals leaving new matches in one minute chose one name (the second match lost at quit),
and ``save FILE`` after ``resume`` let the earlier copy go a moment before removing it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlour
import parlour.sim
from parlour.cli import saved
from parlour.cli.app import app
from tests.cli_support import scripted
from tests.test_resume import saves

__all__ = ["saves"]  # test_resume's saves folder (not made yet) for every test


def test_a_match_first_saved_in_a_folder_not_yet_made_is_held(saves: Path) -> None:
    """The first ``save`` of a new match made the saves folder after asking for the lock, so no lock
    file could be made and the match went unguarded: another terminal could take it up meanwhile."""
    assert not saves.exists()
    found: dict[str, object] = {}

    def lines() -> Iterator[str]:
        yield "save"
        (path,) = saves.glob("*.json")
        try:
            saved.hold(path).release()
            found["other terminal"] = "took it up"
        except saved.InUse:
            found["other terminal"] = "refused"
        found["listed open"] = saved.is_open(path)
        yield "quit"

    # (typed lazily, so that the other terminal looks between the save and the quit)
    terminal, _ = scripted(parlour.make("roquet"), lines(), 3, 200, True)  # type: ignore[arg-type]
    terminal.run()
    assert found == {"other terminal": "refused", "listed open": True}


def test_a_figure_rounded_up_keeps_three_figures_and_its_unit() -> None:
    """Rounding that carried into the next digit gave a fourth figure ("10.00", "0.1000") or the
    smaller unit's thousand ("1,000 µs" for 999.96 µs)."""
    assert [parlour.sim.figure(x) for x in (9.9996, 0.099999, 99.96)] == ["10.0", "0.100", "100"]
    assert parlour.sim.duration(0.00099996) == "1.00 ms"
    assert parlour.sim.duration(0.99996) == "1.00 s"
    assert parlour.sim.duration(1234.4) == "1,234 s"  # (whole seconds are kept, as before)


def test_two_terminals_choosing_one_new_name_in_one_minute_both_keep_their_match(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two terminals leaving new matches in the same minute chose the same name; the second was
    refused ("open in another terminal") and its match lost at quit. A name another terminal holds is
    passed over, and a fresh name refused at the last moment gives way to the next."""
    saves.mkdir(parents=True)
    game = parlour.make("roquet")
    taken = saved.new_path(game.name)
    other = saved.hold(taken)  # the other terminal: its lock file made, its match not written yet
    try:
        assert saved.new_path(game.name) != taken  # the name is passed over
        real = saved.new_path
        given: list[Path] = []

        def racing(name: str, now: datetime | None = None) -> Path:
            """The race: the first new name is chosen before the other terminal's lock file is made."""
            path = taken if not given else real(name, now)
            given.append(path)
            return path

        monkeypatch.setattr(saved, "new_path", racing)
        terminal, console = scripted(game, ["quit"], 3, 200, True)
        terminal.run()
    finally:
        other.release()
    said = console.export_text()
    kept = [p for p in saves.glob("*.json") if p != taken]
    assert given[0] == taken and len(given) == 2, given
    assert len(kept) == 1 and saved.is_put_aside(kept[0]), said
    assert not taken.exists() and "not saved" not in said and str(kept[0]) in said.replace("\n", ""), said


def test_the_earlier_copy_stays_held_until_it_is_removed(
    saves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``save FILE`` after ``resume`` let the earlier copy's lock go, then removed the copy: in the moment
    between, another terminal could take that copy up (its removal then refused, the match played on
    twice). The copy is held until it is gone."""
    runner = CliRunner()
    first = runner.invoke(app, ["play", "roquet", "--seed", "3"], input="1\nquit\n", env={"COLUMNS": "200"})
    assert first.exit_code == 0, first.output
    (aside,) = saves.glob("*.json")
    real = saved.forget
    seen: dict[str, bool] = {}

    def forgetting(path: Path, holding: saved.Held | None = None) -> None:
        seen["held by this terminal"] = saved.is_open(path)  # another terminal's look at it
        real(path) if holding is None else real(path, holding)

    monkeypatch.setattr(saved, "forget", forgetting)
    mine = tmp_path / "mine.json"
    again = runner.invoke(app, ["resume"], input=f"1\nsave {mine}\nquit\n", env={"COLUMNS": "200"})
    assert again.exit_code == 0, again.output
    assert seen == {"held by this terminal": True}
    assert not aside.exists() and mine.is_file() and not saved.lock_path(aside).exists()


def test_two_writers_of_one_save_each_write_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both writers used one ``.partial`` name: the second removed the first's half-written file and made
    its own, and the first then moved nothing (FileNotFoundError, its save lost) or, on a file system
    without locks, the second's half into place. Each now writes under a name of its own."""
    path = tmp_path / "roquet.json"
    game = parlour.make("roquet")
    first = saved.PutAside((0,), {1: "heuristic"}, 1, game.new(seed=1))
    second = saved.PutAside((0,), {1: "heuristic"}, 2, game.new(seed=2))
    real = saved.PutAside.to_json

    def meanwhile(aside: saved.PutAside) -> str:
        if aside is first:  # the first writer's file is made, not yet written: the second writes whole
            second.write(path)
            assert saved.PutAside.read(path).seed == 2
        return real(aside)

    monkeypatch.setattr(saved.PutAside, "to_json", meanwhile)
    first.write(path)
    assert saved.PutAside.read(path).seed == 1
    assert [p.name for p in tmp_path.iterdir()] == ["roquet.json"]  # no half-written file left
    assert path.stat().st_mode & 0o777 == 0o600


def test_a_save_failing_mid_write_leaves_the_earlier_one_and_no_litter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "roquet.json"
    game = parlour.make("roquet")
    saved.PutAside((0,), {1: "heuristic"}, 1, game.new(seed=1)).write(path)

    def full_disk(aside: saved.PutAside) -> str:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saved.PutAside, "to_json", full_disk)
    with pytest.raises(OSError, match="No space"):
        saved.PutAside((0,), {1: "heuristic"}, 2, game.new(seed=2)).write(path)
    monkeypatch.undo()
    assert saved.PutAside.read(path).seed == 1
    assert [p.name for p in tmp_path.iterdir()] == ["roquet.json"]


def test_a_crashed_writers_leftover_is_swept_but_not_a_write_in_progress(tmp_path: Path) -> None:
    """Each writer's half-written file has a name of its own: one left by a crash was never removed
    (review-2). A save removes those of its match over an hour old, and leaves a fresh one (another
    writer's, in progress) and other matches' alone."""
    path = tmp_path / "roquet[1].json"  # (a name that is a glob pattern)
    stale = tmp_path / ".roquet[1].json.k2j4x.partial"
    fresh = tmp_path / ".roquet[1].json.a8c0q.partial"
    other = tmp_path / ".bezique.json.z9y8x.partial"
    for left in (stale, fresh, other):
        left.write_text("{")
    old = time.time() - 2 * saved.STALE_PARTIAL
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    saved.PutAside((0,), {1: "heuristic"}, 1, parlour.make("roquet").new(seed=1)).write(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([path.name, fresh.name, other.name])
