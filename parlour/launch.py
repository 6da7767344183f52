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
        try:
            from parlour.cli import app

            app()
        except KeyboardInterrupt:
            sys.exit(INTERRUPTED)
    finally:
        _forget_an_interrupt_caught_in_generated_code()


def _forget_an_interrupt_caught_in_generated_code() -> None:
    """Under ``python -m parlour`` a Ctrl-C caught here could still end the process by SIGINT itself
    (exit status -2, not 130), about half the times it came while the games loaded. CPython notes a
    ``KeyboardInterrupt`` that leaves code run from a string by ``exec``/``eval`` (the methods
    ``dataclasses`` and ``namedtuple`` write as they load) as unhandled, whoever catches it later, and
    after a module run by ``-m`` ends it kills itself with SIGINT when that note stands; every ``exec``
    of a string begins by clearing it, so an empty one here does. (A script, the console command, is not
    affected: its ``SystemExit`` exits at once.)"""
    exec("")  # an empty string: see the docstring
