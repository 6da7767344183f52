"""Where games are found: the ``parlour.games`` entry-point group, and nowhere else.

The engine imports no game. A game is a package that exposes a ``GameManifest`` and names it in the
entry-point group; ``parlour`` itself registers its six that way (``pyproject.toml``).
"""

from __future__ import annotations

import difflib
import warnings
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from parlour.engine.errors import UnknownGame
from parlour.engine.game import Game, GameInfo
from parlour.engine.manifest import GameManifest

ENTRY_POINT_GROUP = "parlour.games"


class BrokenGame(UserWarning):
    """An installed game that could not be loaded (its entry point names a broken manifest)."""


@cache
def _entry_points() -> dict[str, EntryPoint]:
    """The installed games by name. Where two packages name the same game, parlour's own is kept (a
    plug-in cannot displace a built-in game), else the first found, with a ``BrokenGame`` warning."""
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        had = found.get(ep.name)
        if had is None:
            found[ep.name] = ep
            continue
        if had.value == ep.value:
            continue
        keep, drop = (ep, had) if _dist(ep) == "parlour" else (had, ep)
        found[ep.name] = keep
        warnings.warn(
            f"two packages provide the game {ep.name!r}: {_dist(keep)} ({keep.value}) and "
            f"{_dist(drop)} ({drop.value}); parlour uses {keep.value}",
            BrokenGame,
            stacklevel=3,
        )
    return found


def _dist(ep: EntryPoint) -> str:
    return ep.dist.name if ep.dist is not None else "?"


def _nearest(name: object, names: list[str]) -> str:
    """The game a name was likely meant for ("bishops", "tarock"), as words to add to the error."""
    if not isinstance(name, str) or not name.strip():
        return ""
    typed = name.strip().lower().replace("_", "-").replace(" ", "-")
    found = [n for n in names if typed in n] or difflib.get_close_matches(typed, names, n=1, cutoff=0.6)
    return f" (did you mean {found[0]}?)" if len(found) == 1 else ""


@cache
def _load(name: str) -> GameManifest:
    ep = _entry_points().get(name)
    if ep is None:
        names = sorted(_entry_points())
        raise UnknownGame(f"no game named {name!r}{_nearest(name, names)}; the games are: {', '.join(names)}")
    manifest = ep.load()
    if not isinstance(manifest, GameManifest):
        raise TypeError(f"the entry point {ep.value!r} is not a GameManifest")
    if manifest.name != name:
        raise TypeError(f"the entry point {name!r} loads the game {manifest.name!r}")
    return manifest


def game_names() -> list[str]:
    """The installed games' names (a plug-in's too), without loading any game: registering each with
    Gymnasium (``import parlour.pettingzoo``) needs no more, and loading them all took seconds."""
    return sorted(_entry_points())


def manifest(name: str) -> GameManifest:
    """The manifest of the game ``name`` (``UnknownGame`` if no installed package provides it)."""
    return _load(name)


def manifests() -> list[GameManifest]:
    """Every installed game's manifest, by name. A game that fails to load is left out with a
    ``BrokenGame`` warning that says why (one broken plug-in must not take the others down)."""
    out = []
    for name in sorted(_entry_points()):
        try:
            out.append(_load(name))
        except Exception as exc:  # a third-party package's import error, whatever it is
            warnings.warn(f"the game {name!r} could not be loaded: {exc!r}", BrokenGame, stacklevel=2)
    return out


def reload() -> None:
    """Forget what was loaded (after a package providing games is installed, or in tests)."""
    _load.cache_clear()
    _entry_points.cache_clear()


def game_class(name: str) -> type[Game[Any]]:
    return manifest(name).game


def list_games() -> list[GameInfo]:
    """Metadata of every installed game, by name."""
    return [m.game.info() for m in manifests()]


def make(name: str, **options: Any) -> Game[Any]:
    """The game ``name`` with ``options`` (unknown names or bad values raise ``ValueError``)."""
    return game_class(name)(**options)
