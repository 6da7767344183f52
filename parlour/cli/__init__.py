"""The ``parlour`` command. Every module in this package adds its commands to ``app``."""

from __future__ import annotations

import importlib
import pkgutil

from parlour.cli.app import app

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "app":
        importlib.import_module(f"{__name__}.{_module.name}")


def main() -> None:
    app()


__all__ = ["app", "main"]
