"""The ``parlour`` command: the general commands, and each installed game's own (from its manifest)."""

from __future__ import annotations

from parlour.cli import main as _general  # noqa: F401  (adds list, rules, play, simulate)
from parlour.cli.app import app
from parlour.engine import manifests

for _manifest in manifests():
    if _manifest.commands is not None:
        _manifest.commands(app)


def main() -> None:
    app()


__all__ = ["app", "main"]
