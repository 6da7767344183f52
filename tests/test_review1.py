"""A second look at the day's terminal changes (review-1): what a user met that the changes' own tests
did not try.

A match first put aside into a saves folder not yet made was not held (a second terminal took it up
while the first played on); ``import parlour`` no longer brought ``parlour.cards`` (docs/cards.md's
``parlour.cards.get_pack``); a time of 999.96 µs was told as "1,000 µs".
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import parlour
import parlour.sim
from parlour.cli import saved
from tests.cli_support import scripted
from tests.test_resume import saves
from tests.test_term6 import child_env

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


def test_import_parlour_still_gives_its_cards() -> None:
    """``import parlour`` loaded ``parlour.cards`` with the engine; loaded lazily, ``parlour.cards``
    was an AttributeError until something else imported it."""
    code = (
        "import sys, parlour\n"
        "assert 'parlour.engine' not in sys.modules, 'loaded'\n"
        "assert parlour.cards.get_pack('french52') is not None\n"
        "assert 'SUBMODULES' not in dir(parlour)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=child_env(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()


def test_a_figure_rounded_up_keeps_three_figures_and_its_unit() -> None:
    """Rounding that carried into the next digit gave a fourth figure ("10.00", "0.1000") or the
    smaller unit's thousand ("1,000 µs" for 999.96 µs)."""
    assert [parlour.sim.figure(x) for x in (9.9996, 0.099999, 99.96)] == ["10.0", "0.100", "100"]
    assert parlour.sim.duration(0.00099996) == "1.00 ms"
    assert parlour.sim.duration(0.99996) == "1.00 s"
    assert parlour.sim.duration(1234.4) == "1,234 s"  # (whole seconds are kept, as before)
