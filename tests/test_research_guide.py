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


README = Path(__file__).parent.parent / "README.md"
SIMULATION = Path(__file__).parent.parent / "docs" / "simulation.md"


def _blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.DOTALL)


def test_the_readme_library_examples_run_in_order() -> None:
    """README's "As a library" blocks, one after the other as a reader types them: the second used the
    first's finished match, so its ``ids[0]`` raised an IndexError."""
    blocks = _blocks(README)
    assert len(blocks) == 2
    namespace: dict[str, object] = {"__name__": "__readme__"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for number, block in enumerate(blocks):
            exec(compile(block, f"README.md, block {number + 1}", "exec"), namespace)
    assert "Outcome(winners=" in out.getvalue()
    game = namespace["game"]
    assert namespace["x"].shape == game.observation_shape  # type: ignore[attr-defined]


def test_the_simulation_guide_example_runs_on_a_cluster() -> None:
    """docs/simulation.md's shared runner, on a local Dask cluster in place of the guide's address (and
    a few matches in place of ten thousand)."""
    require("distributed", "cluster")
    from distributed import LocalCluster

    (block,) = _blocks(SIMULATION)
    assert '"tcp://10.0.0.5:8786"' in block and "10_000" in block
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        runnable = block.replace('"tcp://10.0.0.5:8786"', repr(cluster.scheduler_address))
        namespace: dict[str, object] = {"__name__": "__guide__"}
        exec(compile(runnable.replace("10_000", "3"), "simulation.md", "exec"), namespace)
    summary = namespace["summary"]
    assert summary.matches == 3 and summary.options["target_shift"] == 10  # type: ignore[attr-defined]
