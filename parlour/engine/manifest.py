"""A game's one declaration: everything parlour needs to hook a game in, in one place.

Each game package exposes a ``GameManifest`` and names it in the ``parlour.games`` entry-point group
(``pyproject.toml``: ``bishops-whist = "parlour.games.bishops_whist:MANIFEST"``), so that another
installed package adds a game without touching parlour.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.engine.game import Game


PlayerFactory = Callable[["Game[Any]", int], Any]
"""``factory(game, seed) -> player``: a player has ``choose(view, game) -> action text``."""

Analyzer = Callable[["Game[Any]", Sequence[Any]], dict[str, Any]]
"""``analyze(game, match_records) -> figures``: a game's own figures for ``parlour simulate``."""

SweepPlot = Callable[["Game[Any]", str, Sequence[Any], Sequence[Any], str], None]
"""``plot(game, option, values, summaries, png_path)``: a game's own picture of a ``--sweep``."""

Commands = Callable[[Any], None]
"""``add(app)``: adds a game's own commands to the ``parlour`` command line (a typer app)."""


@dataclass(frozen=True)
class EpisodeBounds:
    """What bounds an episode of the game for research frameworks (``parlour.episodes``), which its
    rules do not declare elsewhere; each is read from the game with its options.

    ``hand_decisions``: the most decisions one hand can take. ``match_hands``: the most hands a whole
    match can last, or ``None`` where nothing in the options bounds it (a match to a target score).
    ``points``: bounds of a seat's points over ``hands`` hands, where they are tighter than
    ``hand_points_bounds`` times the hands (``None``: that product).
    """

    hand_decisions: Callable[[Game[Any]], int]
    match_hands: Callable[[Game[Any]], int | None] = lambda game: None
    points: Callable[[Game[Any], int], tuple[float, float]] | None = None


@dataclass(frozen=True)
class GameManifest:
    """A game: its rules (the ``Game`` class), its computer players by kind, and its extras.

    ``random`` is every game's without being named here. ``analyze`` adds figures to simulation
    reports, ``plot_sweep`` draws ``parlour simulate --sweep ... --plot``, ``commands`` adds
    commands such as ``parlour odds lansquenet``, ``episodes`` bounds its episodes for research.
    """

    game: type[Game[Any]]
    players: Mapping[str, PlayerFactory] = field(default_factory=dict)
    analyze: Analyzer | None = None
    plot_sweep: SweepPlot | None = None
    commands: Commands | None = None
    episodes: EpisodeBounds | None = None
    """Bounds of an episode for research frameworks (``None``: generous defaults, enforced)."""
    compiled: tuple[str, ...] = ()
    """Modules of the game's own package worth compiling in the optional mypyc build (names inside the
    package, e.g. ``("rules",)``): where a playout's per-action work lies (``parlour.build_compiled``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", MappingProxyType(dict(self.players)))

    @property
    def name(self) -> str:
        return self.game.name
