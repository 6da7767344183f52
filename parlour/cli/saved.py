"""A terminal match put aside and taken up again: ``save`` at the table, ``parlour resume``.

A Bezique match to 1,000 or a long Bishops Whist rubber outlasts a sitting, and ``quit`` threw the
match away. A match left unfinished is now written to a file: the game's own save (``State.to_json``,
which ``Game.load`` checks field by field) with what the terminal needs to seat everyone again, the
people's seats and the kind of computer player at each other seat. The file is the owner's: it holds
every hand, as the game's save does.
"""

from __future__ import annotations

import glob
import json
import os
import stat
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from parlour.engine import Game, InvalidSave, State, game_class, make
from parlour.engine.errors import echo

try:
    import fcntl
except ImportError:  # (not on Windows: a match there is not guarded against a second terminal)
    fcntl = None  # type: ignore[assignment]

FORMAT = "parlour-terminal-match"
VERSION = 1
MAX_LENGTH = 20_000_000
"""The longest file read as a put-aside match (a game's save is bounded well within it)."""


class BadSave(ValueError):
    """A file that is not a match parlour put aside, or one that cannot be taken up: the words say why."""


class InUse(BadSave):
    """The match is open in another terminal: two terminals playing one file overwrote each other's
    save, each playing on from its own position."""


STALE_PARTIAL = 3600.0
"""Seconds after which a half-written save of a match is a crash's leftover, not another writer's."""


def _sweep_partials(path: Path) -> None:
    """Remove what writers of ``path`` that crashed mid-write left (each writes under a name of its own,
    so nothing else would): those older than ``STALE_PARTIAL``, never a write in progress."""
    now = time.time()
    for left in path.parent.glob(f".{glob.escape(path.name)}.*.partial"):
        try:
            if now - left.stat().st_mtime > STALE_PARTIAL:
                left.unlink()
        except OSError:  # gone meanwhile, or not ours to remove
            pass


@dataclass(frozen=True)
class PutAside:
    """A match left unfinished at the terminal, and who sat where."""

    humans: tuple[int, ...]
    """The seats of the people at the terminal."""
    opponents: Mapping[int, str]
    """The kind of computer player at every other seat."""
    seed: int | None
    """The match's seed (``None``: dealt live, and it goes on live)."""
    state: State

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "humans": list(self.humans),
                "opponents": {str(s): k for s, k in sorted(self.opponents.items())},
                "seed": self.seed,
                "match": json.loads(self.state.to_json()),
            }
        )

    def write(self, path: Path) -> None:
        """Write the file whole or not at all: a crash mid-write leaves the earlier one standing."""
        path.parent.mkdir(parents=True, exist_ok=True)
        # A name of its own (mkstemp: created new, the owner's alone, for it holds every hand and the
        # folder may be shared): one ".partial" name a writer removed and made again could, on a file
        # system without locks, be another writer's half-written file moved into place.
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
        try:
            with open(fd, "w", encoding="utf-8") as f:
                f.write(self.to_json())
            os.replace(name, path)
        except BaseException:
            Path(name).unlink(missing_ok=True)
            raise
        _sweep_partials(path)

    @classmethod
    def from_json(cls, text: str) -> PutAside:
        """The match a file holds, checked: anything else is ``BadSave`` saying what is wrong."""
        if len(text) > MAX_LENGTH:
            raise BadSave(f"too long to be a match parlour put aside ({len(text):,} characters)")
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise BadSave(f"not a match parlour put aside (not JSON: {exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadSave("not a match parlour put aside (parlour play writes them when you save or quit)")
        if data.get("version") != VERSION:
            raise BadSave(f"version: {echo(data.get('version'))} is not one this parlour reads ({VERSION})")
        match = data.get("match")
        if not isinstance(match, dict):
            raise BadSave("match: the game's save is missing")
        name = match.get("game")
        try:
            kind: type[Game[Any]] = game_class(str(name))
            saved = json.dumps(match)
            game = make(kind.name, **kind.options_of_save(saved))
            state = game.load(saved)
        except (InvalidSave, ValueError, KeyError) as exc:
            raise BadSave(f"match: {exc}") from None
        players = game.num_players
        humans = data.get("humans")
        if (
            not isinstance(humans, list)
            or not humans
            or not all(type(s) is int and 0 <= s < players for s in humans)
            or len(set(humans)) != len(humans)
        ):
            raise BadSave(
                f"humans: a list of the people's seats, each 0 to {players - 1} (a saved file numbers the "
                f"seats from 0, as the engine does; the table and the options, from 1), not {echo(humans)}"
            )
        opponents = data.get("opponents")
        others = [s for s in range(players) if s not in humans]
        if not isinstance(opponents, dict) or sorted(opponents) != sorted(str(s) for s in others):
            raise BadSave(
                f"opponents: a kind of computer player for each of seats {others} (numbered from 0, as "
                f"a saved file numbers them), not {echo(opponents)}"
            )
        if not all(isinstance(k, str) for k in opponents.values()):
            raise BadSave(f"opponents: kinds of computer player are names, not {echo(opponents)}")
        seed = data.get("seed")
        if seed is not None and type(seed) is not int:
            raise BadSave(f"seed: a whole number or null, not {echo(seed)}")
        if (seed is None) != state.rng.live:
            raise BadSave("seed: a seeded match is saved with its seed, a live one with none")
        return cls(tuple(humans), {int(s): k for s, k in opponents.items()}, seed, state)

    @classmethod
    def read(cls, path: Path) -> PutAside:
        try:
            with path.open(encoding="utf-8") as f:
                text = f.read(MAX_LENGTH + 1)
        except OSError as exc:
            raise BadSave(f"cannot read it: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise BadSave("not a match parlour put aside (not text)") from None
        return cls.from_json(text)


def saves_folder() -> Path:
    """Where matches left unfinished go: ``$XDG_DATA_HOME/parlour/saves`` (beside the web table's
    database), unless ``PARLOUR_SAVES`` names another folder."""
    named = os.environ.get("PARLOUR_SAVES")
    if named:
        return Path(named)
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "parlour" / "saves"


def new_path(game: str, now: datetime | None = None) -> Path:
    """A fresh file in the saves folder named by the game and the time ("bezique-2026-12-06-0815.json")."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M")
    folder = saves_folder()
    path = folder / f"{game}-{stamp}.json"
    n = 2
    # a name another terminal holds but has not written yet (its lock file made first) is taken too
    while path.exists() or lock_path(path).exists():
        path = folder / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


def put_aside(folder: Path | None = None) -> Sequence[Path]:
    """The matches in the saves folder, the one left last first.

    A file may vanish while the folder is read (a match played out or forgotten in another terminal):
    it is passed over, as if it had gone a moment sooner."""
    return [path for path, _ in put_aside_with_times(folder)]


def put_aside_with_times(folder: Path | None = None) -> Sequence[tuple[Path, float]]:
    """``put_aside``'s files with the time each was left (its modification time), read once each."""
    where = folder or saves_folder()
    found: list[tuple[Path, float]] = []
    try:
        entries = list(where.glob("*.json"))
    except OSError:
        return []
    for path in entries:
        try:
            status = path.stat()
        except OSError:  # gone since the folder was read
            continue
        if stat.S_ISREG(status.st_mode):
            found.append((path, status.st_mtime))
    return sorted(found, key=lambda entry: entry[1], reverse=True)


def in_folder(path: Path) -> bool:
    """Whether ``path`` is one of the saves folder's own files (removed once its match is over)."""
    try:
        return path.resolve().parent == saves_folder().resolve()
    except OSError:
        return False


def is_put_aside(path: Path) -> bool:
    """Whether the file says it is a match parlour put aside (its ``format``), readable now or not: a
    save this parlour cannot take up any more may still be forgotten, any other file never."""
    try:
        with path.open("rb") as f:
            head = f.read(MAX_LENGTH + 1)
        data = json.loads(head)
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def forget(path: Path, holding: Held | None = None) -> None:
    """Remove a match put aside, refusing (``BadSave``, saying why) anything else: a file outside the
    saves folder, a link, or a file that is not a parlour save. ``holding``: this process holds the
    match already (``hold``), and goes on holding it until the file is gone."""
    if not in_folder(path) or path.is_symlink():
        raise BadSave(f"not in the saves folder {saves_folder()}: parlour forgets only its own files there")
    if not path.exists():
        raise BadSave("no such file")
    if not path.is_file() or not is_put_aside(path):
        raise BadSave("not a match parlour put aside: it is left where it is")
    mine = holding is not None and holding.path == path
    held = holding if mine and holding is not None else hold(path)  # not one another terminal plays (InUse)
    try:
        path.unlink()
    except FileNotFoundError:  # forgotten or played out meanwhile in another terminal: gone either way
        pass
    except OSError as exc:
        raise BadSave(f"cannot remove it: {exc.strerror or exc}") from None
    finally:
        if not mine:
            held.release()


def lock_path(path: Path) -> Path:
    """The lock file of a match's file: beside it, hidden (``.bezique-2026-12-06-0815.json.lock``)."""
    return path.with_name(f".{path.name}.lock")


class Held:
    """A match's file held by this process (``hold``) until ``release``: no other terminal takes it up.

    The lock is the operating system's (``flock`` on the lock file), so it goes with the process that
    held it: a terminal closed, killed or crashed leaves no lock behind, whatever is left on disk."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    def release(self) -> None:
        """Let the file go, removing the lock file (while still holding it: a terminal that opened the
        old lock file meanwhile sees it is gone and opens the new one)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if _same_inode(fd, lock_path(self.path)):
                lock_path(self.path).unlink()
        except OSError:
            pass
        finally:
            os.close(fd)

    def __del__(self) -> None:
        self.release()


def _same_inode(fd: int, path: Path) -> bool:
    """Whether ``fd`` is the file at ``path`` now (not one removed and made again since it was opened)."""
    try:
        there = path.stat()
    except OSError:
        return False
    here = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def hold(path: Path) -> Held:
    """Hold a match's file for this terminal, or raise ``InUse`` if another terminal holds it.

    Where no lock file can be made (a folder not writable) the match is not guarded: it could not be
    saved there either, which the terminal says when it tries."""
    lock = lock_path(path)
    if fcntl is None:
        return Held(path, None)
    try:  # a match's first save may be the saves folder's first file: no lock file without a folder
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return Held(path, None)
    busy = 0
    for _ in range(20):  # again only if the holder removed the lock file as it was opened, or
        try:  # --list looked at it (``is_open`` holds it shared for an instant)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return Held(path, None)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip()
            os.close(fd)
            busy += 1
            if busy < 3:
                time.sleep(0.05)
                continue
            raise InUse(in_use(holder if holder.isdigit() else None)) from None
        except OSError:  # a file system without locks
            os.close(fd)
            return Held(path, None)
        if _same_inode(fd, lock):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            return Held(path, fd)
        os.close(fd)
    raise InUse(in_use(None))


def in_use(pid: str | None) -> str:
    """Why a match cannot be taken up: where it is, and what to do if that terminal is gone."""
    process = f"parlour process {pid}" if pid else "another parlour process"
    end = f"kill {pid}" if pid else "end it"
    return (
        f"this match is open in another terminal ({process}): play on there; "
        f"if that terminal is gone, {end} and try again"
    )


def is_open(path: Path) -> bool:
    """Whether another process holds the match (for ``--list``): its lock file is locked."""
    if fcntl is None:
        return False
    try:
        fd = os.open(lock_path(path), os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False
