"""Computer players. They see only ``state.view(seat)``; search goes through ``game.determinize``.

A player is any object with ``choose(view, game) -> action``. A game's players live in its own
package and are named by kind in its manifest (``GameManifest.players``); ``random`` is every game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from parlour.engine import Game, Rng, manifest
from parlour.engine.manifest import PlayerFactory
from parlour.engine.views import View


class Player(Protocol):
    """Chooses one of ``view.legal_actions`` (or an amount in one of ``view.legal_ranges``)."""

    def choose(self, view: View[Any], game: Game[Any]) -> str: ...


LEVELS: tuple[str, ...] = ("easy", "normal", "strong")
"""The levels a person chooses at the table and in the terminal. Every game names a player kind for
each in its manifest's ``players`` (``easy``, ``normal``, ``strong``); ``strong`` also gives hints."""

DEFAULT_LEVEL = "normal"

MOVE_SECONDS = 1.0
"""The most a computer player may think about one move at a table (a person is waiting). Simulations
never pass a time limit: their players stop on a budget of playouts, so a seed fixes every figure."""


@dataclass(frozen=True)
class Advice:
    """A hint: the action the strong player would take for a seat, and why, in a player's words."""

    action: str
    reason: str


@runtime_checkable
class Advisor(Protocol):
    """A player that can say why: ``advise`` chooses like ``choose`` and gives the reason in words
    ("keeps the knight for the 13th trick"). Every game's ``strong`` player is one."""

    def advise(self, view: View[Any], game: Game[Any]) -> Advice: ...


@runtime_checkable
class Timed(Protocol):
    """A searching player that can also stop on the clock: at a table it searches until its playout
    budget is spent or ``seconds`` have passed, whichever comes first (``None``: playouts only)."""

    def limit_time(self, seconds: float | None) -> None: ...


def default_player(kinds: Sequence[str]) -> str:
    """The computer player a seat gets when none is named: the normal level where the game has one
    (a game from another package may declare no levels), else its heuristic, else the first."""
    for kind in (DEFAULT_LEVEL, "heuristic", "random"):
        if kind in kinds:
            return kind
    return kinds[0]


def player_kinds(game: str) -> list[str]:
    """The kinds of computer player available for ``game`` (its levels among them)."""
    return sorted({"random", *manifest(game).players})


def same_player(game: str, kind: str) -> list[str]:
    """The other kinds of ``game`` that are the very same player as ``kind`` (one factory under two
    names: Lansquenet's ``strong`` is its ``heuristic``), so that a listing says so and a measurement of
    one against the other is refused rather than reported as a finding."""
    factories = manifest(game).players
    mine = factories.get(kind)
    return [k for k in player_kinds(game) if k != kind and mine is not None and factories.get(k) is mine]


def describe_player(game: Game[Any], kind: str) -> str:
    """What a kind of computer player is, in one sentence: its factory's docstring where the game gives
    one (a level that sets a budget says so there), else its class's. The first sentence is taken whole
    (a docstring's first line often stops mid-sentence), without reStructuredText's double backquotes."""
    factory = manifest(game.name).players.get(kind)
    doc = getattr(factory, "__doc__", None) if factory is not None else None
    if not doc:
        doc = type(make_player(kind, game, 0)).__doc__ or ""
    paragraph = " ".join(doc.strip().split("\n\n")[0].split())
    end = paragraph.find(". ")
    return (paragraph if end < 0 else paragraph[: end + 1]).replace("``", "")


def make_player(kind: str, game: Game[Any], seed: int = 0, *, seconds: float | None = None) -> Player:
    """A computer player of ``kind`` for ``game``; its own choices are seeded by ``seed``.

    ``seconds`` limits the time a searching player takes a move (``Timed``), for play at a table;
    leave it ``None`` wherever the result must follow from the seed alone.
    """
    factory = manifest(game.name).players.get(kind)
    if factory is None and kind == "random":
        return RandomPlayer(seed)
    if factory is None:
        raise ValueError(
            f"no player {kind!r} for {game.name}; available: {', '.join(player_kinds(game.name))}"
        )
    player: Player = factory(game, seed)
    if seconds is not None and isinstance(player, Timed):
        player.limit_time(seconds)
    return player


def hint(view: View[Any], game: Game[Any], seed: int = 0, *, seconds: float | None = MOVE_SECONDS) -> Advice:
    """The ``strong`` player's choice for the seat of ``view``, with its reason: made from that
    seat's view alone, like every computer player's choice."""
    if view.seat is None:
        raise ValueError("a spectator has no move to hint at")
    if not view.legal_actions and not view.legal_ranges:
        raise ValueError("it is not this seat's turn: nothing to hint at")
    player = make_player("strong", game, seed, seconds=seconds)
    if not isinstance(player, Advisor):
        raise TypeError(f"{game.name}'s strong player gives no reasons (it must be an Advisor)")
    return player.advise(view, game)


class RandomPlayer:
    """Plays any move the rules allow, chosen at random: it answers at once. The baseline every
    strategy must beat (the lobby and the table explain it by its first sentence, ``describe_player``).

    A range of amounts (``view.legal_ranges``) counts as one choice, its amount then drawn
    uniformly from the range.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View[Any], game: Game[Any]) -> str:
        actions = view.legal_actions
        ranges = view.legal_ranges
        if not actions and not ranges:
            raise ValueError("asked to choose with no legal action in the view")
        if not ranges:
            return str(self.rng.choice(actions))
        i = self.rng.randrange(len(actions) + len(ranges))
        if i < len(actions):
            return str(actions[i])
        r = ranges[i - len(actions)]
        return f"{r.verb} {r.min + self.rng.randrange(r.max - r.min + 1)}"


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "MOVE_SECONDS",
    "Advice",
    "Advisor",
    "Player",
    "PlayerFactory",
    "RandomPlayer",
    "Timed",
    "View",
    "default_player",
    "hint",
    "make_player",
    "player_kinds",
    "same_player",
]
