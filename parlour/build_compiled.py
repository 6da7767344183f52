"""An optional compiled build of parlour's hot modules (mypyc), made beside the pure package, never in it.

    python -m parlour.build_compiled [--out build/compiled] [--force] [--opt-level 0-3]

copies the ``parlour`` package it runs from into ``OUT/parlour`` and compiles ``COMPILED_MODULES`` there
with mypyc (``pip install mypy`` provides it; it needs a C compiler and the Python headers). Put ``OUT``
first on ``PYTHONPATH`` to play with the compiled modules; the package itself is untouched and stays
fully working without a compiler. The copy is of the same source, so the compiled and the pure modules
must play identical matches: ``tests/test_compiled.py`` checks it. A build whose source is unchanged is
kept (a stamp records a digest of the source and the C optimisation level); ``--force`` builds again.
``--opt-level`` is mypyc's (``MYPYC_OPT_LEVEL``): 3, the default, for play and simulation; the tests build
at 0, which plays the same matches (the test's whole point) for some 40% less compiling (measured 7
December, on a loaded 2-core machine: 158 CPU s at 0, 217 at 1, 262 at 3; the compiled tests' matches
then take 37 CPU s instead of 33).

Each game names its own modules to compile in its manifest (``GameManifest.compiled``); the engine names
no game. Only what pays is compiled (a build takes about a minute a module on a small machine): the Bishops
Whist rules, where the per-action work of a playout lies (their state also carries the engine's fast
cases of ``apply``, ``legal_actions`` and the action record, so that those run compiled), the seeded
shuffle of ``parlour/engine/draws.py`` (every game's deals), the Bishops Whist double-dummy solver
(``solver.py``: two to three times the nodes a second; its budgets are in nodes, so it plays the same
cards, sooner) and its computer players (``players.py``: the rules of thumb, which the playouts of
``normal`` and ``strong`` (``PlayoutPlayer``) run at every move; measured, compiling them takes a
playout decision from 0.45 to 0.26 CPU s on average, 20 decisions; budgets in worlds, so the same cards),
Roquet's and Apology's rules (their integer cores: by ids 3.9x and 3.2x faster, by text 1.75x and
2.2x, with a view 1.3x, measured against the same rules interpreted), Bezique's (its integer core:
by ids 1.5x, by text 1.4x, with a view 1.3x, a clone 1.65x, against the same rules interpreted) and
Lansquenet's (its integer core: whole sessions by ids 1.6-2.3x, by text 1.8x faster than the same rules
interpreted).

The engine's ``State`` (``parlour/engine/state.py``) compiles too (it is a native class that allows
interpreted subclasses; its events live apart in ``events.py``, its log is a property and its
``clone`` makes the copy through the class), but it is left out: measured, Bishops Whist by ids ran
about 6% faster with it and the five interpreted games 5-12% slower (an interpreted subclass of a
native class reads its own fields the slow way), and a game's own ``clone`` could no longer make a
blank state with ``object.__new__``. Add it to ``COMPILED_MODULES`` to try again.

Bishops Whist's ``worlds.py`` (the Markov chains of ``strong`` and ``normal``) compiles as well, and is
left out too: measured (4 December, 16 positions, two interleaved rounds, the same cards chosen), the
strong level's decision took 0.32 and 0.33 CPU s with it compiled against 0.33 and 0.31 without, the
chains' part 0.21 s either way: their time is in the rules of thumb they ask, compiled with ``players.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path

ENGINE_MODULES = ("parlour/engine/draws.py",)
"""The engine's modules compiled (the seeded shuffle every game deals with)."""


def _games_modules() -> tuple[str, ...]:
    """Each installed game's ``GameManifest.compiled`` modules, as paths inside the copy: only games whose
    package is inside ``parlour`` (the copy is of this package alone), in the order of the games' names."""
    from parlour.engine.registry import manifests

    paths = []
    for m in manifests():
        package = m.game.__module__.rpartition(".")[0]
        if package.startswith("parlour."):
            paths += [f"{package.replace('.', '/')}/{name}.py" for name in m.compiled]
    return tuple(paths)


COMPILED_MODULES: tuple[str, ...] = ENGINE_MODULES + _games_modules()
"""The modules compiled, as paths inside the copy (each passes ``mypy --strict``, as all of parlour does):
the engine's and those each game's manifest names (``compiled``); the engine names no game."""
DEFAULT_OUT = Path("build") / "compiled"
STAMP = "COMPILED.json"
"""Written into ``OUT/parlour`` once a build succeeds: the modules compiled and the source's digest."""
PACKAGE = Path(__file__).resolve().parent


class CannotCompile(RuntimeError):
    """No compiled build can be made here: no C compiler, or no mypyc (``pip install mypy``)."""


def missing_tools() -> str | None:
    """What a build lacks on this machine (words for a skip message), or ``None`` if it can be made."""
    if find_spec("mypyc") is None:
        return "mypyc is not installed (pip install mypy)"
    compiler = os.environ.get("CC", "cc")
    if shutil.which(compiler) is None and shutil.which("gcc") is None:
        return f"no C compiler ({compiler} or gcc) on PATH"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"no Python headers (Python.h) in {include} (on Debian: apt-get install python3-dev)"
    return None


@contextlib.contextmanager
def _locked(out: Path) -> Iterator[None]:
    """One build at a time in ``out`` (test workers may ask for it together)."""
    out.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        yield
        return
    with open(out / ".lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def source_digest(package: Path = PACKAGE) -> str:
    """A digest of every Python file of the package: a build of other source is stale."""
    h = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        h.update(str(path.relative_to(package)).encode())
        h.update(path.read_bytes())
    h.update(json.dumps(COMPILED_MODULES).encode())
    return h.hexdigest()


OPT_LEVEL = 3
"""mypyc's C optimisation level for a build nobody asked otherwise of (its own default)."""


def is_current(out: Path, opt_level: int = OPT_LEVEL) -> bool:
    """Whether ``out`` holds a finished build of this very source at this optimisation level (a stamp
    from before levels were recorded was built at mypyc's default, 3)."""
    try:
        stamp = json.loads((out / "parlour" / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (
        isinstance(stamp, dict)
        and stamp.get("source") == source_digest()
        and stamp.get("opt_level", OPT_LEVEL) == opt_level
    )


def build(
    out: Path = DEFAULT_OUT, force: bool = False, quiet: bool = True, opt_level: int = OPT_LEVEL
) -> Path:
    """Build the compiled copy in ``out`` (unless a current one is there) and return ``out``.
    ``CannotCompile`` says what is missing; a failed compilation raises ``CalledProcessError``."""
    if opt_level not in range(4):
        raise ValueError(f"mypyc's optimisation levels are 0 to 3, not {opt_level}")
    out = out.resolve()
    with _locked(out):
        if force or not is_current(out, opt_level):
            _build(out, quiet, opt_level)
    return out


def _build(out: Path, quiet: bool, opt_level: int) -> None:
    lacking = missing_tools()
    if lacking is not None:
        raise CannotCompile(lacking)
    target = out / "parlour"
    if target.exists():
        shutil.rmtree(target)
    shutil.rmtree(out / "build", ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", STAMP)
    shutil.copytree(PACKAGE, target, ignore=ignore)
    # mypyc type-checks the modules and writes build/setup.py in ``out``, then compiles in place.
    env = {**os.environ, "MYPY_FORCE_COLOR": "0", "MYPYC_OPT_LEVEL": str(opt_level)}
    env.pop("PYTHONPATH", None)  # the copy, not another parlour, is what it reads (cwd is ``out``)
    result = subprocess.run(
        [sys.executable, "-m", "mypyc", *COMPILED_MODULES],
        cwd=out,
        env=env,
        capture_output=quiet,
        text=True,
    )
    if result.returncode != 0:
        raise subprocess.CalledProcessError(result.returncode, result.args, result.stdout, result.stderr)
    stamp = {"modules": list(COMPILED_MODULES), "source": source_digest(), "opt_level": opt_level}
    (target / STAMP).write_text(json.dumps(stamp, indent=2), encoding="utf-8")


def compiled_modules() -> list[str]:
    """The names of the modules of the running ``parlour`` that are compiled (empty for the pure package)."""
    names = [p.removesuffix(".py").replace("/", ".") for p in COMPILED_MODULES]
    return [n for n in names if (spec := find_spec(n)) is not None and str(spec.origin).endswith(".so")]


def main(argv: list[str] | None = None) -> int:
    # the command as typed: argparse named it "build_compiled.py" from the module's path
    parser = argparse.ArgumentParser(
        prog="python -m parlour.build_compiled", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"build here (default {DEFAULT_OUT})")
    parser.add_argument("--force", action="store_true", help="build again even if the build is current")
    parser.add_argument(
        "--opt-level",
        type=int,
        choices=range(4),
        default=OPT_LEVEL,
        help=f"mypyc's C optimisation level (default {OPT_LEVEL}; 0 compiles faster and runs slower)",
    )
    args = parser.parse_args(argv)
    try:
        out = build(args.out, force=args.force, quiet=False, opt_level=args.opt_level)
    except CannotCompile as exc:
        print(f"cannot build the compiled modules: {exc}", file=sys.stderr)
        return 2
    except subprocess.CalledProcessError as exc:
        print(f"mypyc failed (exit {exc.returncode})", file=sys.stderr)
        return 1
    print(f"compiled {', '.join(COMPILED_MODULES)} into {out}")
    print(f"use it with: PYTHONPATH={out} python ...")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
