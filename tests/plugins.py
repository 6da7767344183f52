"""Installing a game for a test the way a third-party package would: through an entry point.

``installed`` writes a distribution's metadata (``<name>.dist-info`` with ``entry_points.txt``) into a
folder on ``sys.path``, exactly what ``pip install`` leaves behind, so ``importlib.metadata`` finds the
game's manifest in the ``parlour.games`` group.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from parlour.engine import registry


@contextmanager
def installed(
    folder: Path, entry_points: Mapping[str, str], dist: str = "parlour_test_plugin"
) -> Iterator[None]:
    """Games ``{name: "module:MANIFEST"}`` installed for the duration of the ``with`` block."""
    info = folder / f"{dist}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    lines = ["[parlour.games]", *(f"{name} = {value}" for name, value in entry_points.items())]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    sys.path.insert(0, str(folder))
    registry.reload()
    try:
        yield
    finally:
        sys.path.remove(str(folder))
        registry.reload()
