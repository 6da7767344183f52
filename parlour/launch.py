"""The ``parlour`` command's entry point (``[project.scripts]``), kept apart from ``parlour.cli``.

Loading the command (typer, rich, the engine, every game) takes most of a second, and a Ctrl-C in that
time printed a Python traceback (``KeyboardInterrupt``) from the import itself, which no code of the
command could catch: the import is done here, inside the handler, so that a Ctrl-C at any moment ends
quietly with exit code 130, as it does once the command runs (typer turns it into ``Exit(130)``). This
module and ``parlour/__init__.py`` import nothing heavy, so the start is not slowed.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells report it."""


def main() -> None:
    try:
        from parlour.cli import app

        app()
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)
