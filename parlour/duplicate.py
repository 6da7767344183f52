"""Duplicate deals: how much better one player does than another, with the luck of the cards taken out.

Bridge clubs compare players on the same cards, and so does this. For each deal (a seed), the game is
played once with every seat taken by the *baseline* player (the reference), then once per measured seat
with that one seat taken by the *candidate* and the others still by the baseline. The candidate's
margin at a seat is its return there minus the baseline's return at the same seat on the same cards;
a deal's figure is the mean over the measured seats, and the result is the mean over deals with a 95%
interval (normal approximation; the deals are independent).

An episode is the first ``hands`` hands of a match (``parlour.episodes``: ``hands=0`` is the whole
match) and returns are ``points`` (hand points) or ``outcome`` (+1 win, -1 loss, 0 draw).

Players are kinds (``heuristic``, ``strong``) or factories ``(game, seed) -> player``. Benchmarks may
also measure players that are not allowed at a table, such as a cheating player that sees every card
or OpenSpiel's IS-MCTS driven through the adapter: such a player has ``choose_state(state, seat)`` and
is handed the true state. Parlour's own players never are.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from parlour.engine import Game, State
from parlour.engine.rng import derive_seed
from parlour.episodes import Episode, Table
from parlour.players import make_player
from parlour.sim import duration, process_pool, seat_numbers, stop_pool

PlayerSpec = str | Callable[[Game[Any], int], Any]
"""A player kind of the game, or a factory ``(game, seed) -> player``."""


@runtime_checkable
class StatePlayer(Protocol):
    """A player for measurement only, handed the true state (a cheat, or a framework's own search)."""

    def choose_state(self, state: State, seat: int) -> str: ...


@dataclass(frozen=True)
class Duplicate:
    """The candidate's margin over the baseline, per deal (see the module's docstring)."""

    game: str
    candidate: str
    baseline: str
    hands: int
    returns: str
    seats: tuple[int, ...]
    margins: tuple[float, ...]
    """One figure per deal: the candidate's mean margin over the measured seats."""
    candidate_seconds: float = 0.0
    """The candidate's thinking time over all its moves, and the number of those moves."""
    candidate_moves: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def deals(self) -> int:
        return len(self.margins)

    @property
    def mean(self) -> float:
        return interval(self.margins)[0]

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean (1.96 standard errors)."""
        return interval(self.margins)[1]

    @property
    def seconds_per_move(self) -> float:
        return self.candidate_seconds / self.candidate_moves if self.candidate_moves else 0.0

    def line(self) -> str:
        """The result in one line, as benchmarks and rules notes quote it, its seats numbered from 1 as
        the command line's ``--seats`` takes them (``seats`` and ``to_dict`` keep the engine's, from 0)."""
        # It said "± inf" for one deal, "1 deals", a bare "outcome" for its unit and nowhere that the
        # interval was a 95% one.
        span = "a hand" if self.hands == 1 else "a match" if self.hands == 0 else f"over {self.hands} hands"
        unit = f"points {span}" if self.returns == "points" else f"outcome {span} (+1 a win, -1 a loss)"
        spread = (
            f"± {self.half_width:.2f} (95%)"
            if math.isfinite(self.half_width)
            else "(one deal gives no interval)"
        )
        # the seats as --seats takes them, from 1 ("seats 1" was the seat given as --seats 2)
        seats = f"seat{'s' if len(self.seats) != 1 else ''} {','.join(seat_numbers(self.seats))}"
        return (
            f"{self.game}: {self.candidate} vs {self.baseline}: {self.mean:+.2f} {spread} {unit} "
            f"({self.deals} deal{'s' if self.deals != 1 else ''}, {seats}, "
            f"{duration(self.seconds_per_move)} a move)"
        )

    def to_dict(self) -> dict[str, Any]:
        """The measurement as ``parlour duplicate --json`` writes it: the margins deal by deal, for a
        researcher's own statistics, beside the mean and half its 95% interval (``null`` from one deal)."""
        import parlour

        return {
            "game": self.game,
            "options": self.options,
            "candidate": self.candidate,
            "baseline": self.baseline,
            "hands": self.hands,
            "returns": self.returns,
            "seats": list(self.seats),
            "deals": self.deals,
            "mean": self.mean,
            "half_width": self.half_width if math.isfinite(self.half_width) else None,
            "margins": list(self.margins),
            "seconds_per_move": self.seconds_per_move,
            "parlour_version": parlour.__version__,
        }


def interval(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of per-deal figures and half its 95% interval (1.96 standard errors; infinite below two
    deals, and the mean 0 with none)."""
    n = len(xs)
    if n < 2:
        return (xs[0] if xs else 0.0), math.inf
    m = sum(xs) / n
    return m, 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of ``a - b`` deal by deal and half its 95% interval: two candidates measured on the same
    deals (the same seed), whose luck of the cards cancels in the difference."""
    if len(a) != len(b):
        raise ValueError(f"paired margins need the same deals: {len(a)} against {len(b)}")
    return interval([x - y for x, y in zip(a, b, strict=True)])


def share(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """``a``'s mean margin as a share of ``b``'s on the same deals (a fair player's of a cheat's, say)
    and half its rough 95% interval, by the delta method on the paired deals."""
    if len(a) != len(b):
        raise ValueError(f"paired margins need the same deals: {len(a)} against {len(b)}")
    n = len(a)
    mb = sum(b) / n if n else 0.0
    if n < 2 or mb == 0:
        raise ValueError("a share needs two deals or more and a denominator whose mean is not zero")
    r = sum(a) / n / mb
    var = sum((x - r * y) ** 2 for x, y in zip(a, b, strict=True)) / (n - 1)
    return r, 1.96 * math.sqrt(var / n) / abs(mb)


def _name(spec: PlayerSpec) -> str:
    """A kind's name, a factory's, or a ``functools.partial``'s as a call (``noisy(eps=0.25)``)."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, functools.partial):
        given = [repr(a) for a in spec.args] + [f"{k}={v!r}" for k, v in spec.keywords.items()]
        return f"{_name(spec.func)}({', '.join(given)})"
    return str(getattr(spec, "__name__", type(spec).__name__))


def _make(spec: PlayerSpec, game: Game[Any], seed: int) -> Any:
    return make_player(spec, game, seed) if isinstance(spec, str) else spec(game, seed)


def _play(
    table: Table, seed: int, players: Sequence[Any], timed: int | None
) -> tuple[list[float], float, int]:
    """One episode from ``seed``; the thinking time and moves of seat ``timed``."""
    episode: Episode = table.new_episode(seed)
    game = table.game
    spent, moves = 0.0, 0
    while not episode.is_over:
        seat = episode.current_player
        assert seat is not None
        player = players[seat]
        start = time.perf_counter()
        if isinstance(player, StatePlayer):
            action = player.choose_state(episode.state, seat)
        else:
            action = player.choose(episode.state.view(seat), game)
        if seat == timed:
            spent += time.perf_counter() - start
            moves += 1
        episode.apply(str(action))
    return episode.returns(), spent, moves


@dataclass(frozen=True)
class _Deal:
    name: str
    options: tuple[tuple[str, Any], ...]
    hands: int
    returns: str
    candidate: PlayerSpec
    baseline: PlayerSpec
    seats: tuple[int, ...]
    seed: int
    k: int


@dataclass(frozen=True)
class DealResult:
    """One deal's figures, handed to ``duplicate``'s ``on_deal`` as soon as the deal is played (a long
    run can write each down, so that a run cut short still pairs on the deals it played)."""

    k: int
    """The deal's number: deal ``k`` of a seed is the same cards whatever the run."""
    margin: float
    """The candidate's mean margin over the measured seats."""
    seconds: float
    """The candidate's thinking time on this deal, and its moves."""
    moves: int


def _one_deal(job: _Deal) -> DealResult:
    """The candidate's mean margin on deal ``k``, its thinking time and its moves."""
    table = Table(job.name, hands=job.hands, returns=job.returns, rng_seed=job.seed, **dict(job.options))
    game = table.game
    deal_seed = derive_seed(job.seed, "deal", job.k)
    n = game.num_players

    def player_seed(seat: int) -> int:
        return derive_seed(job.seed, "player", job.k, seat)

    baseline = [_make(job.baseline, game, player_seed(s)) for s in range(n)]
    reference, _, _ = _play(table, deal_seed, baseline, None)
    margins: list[float] = []
    spent, moves = 0.0, 0
    for seat in job.seats:
        spec = [job.candidate if s == seat else job.baseline for s in range(n)]
        players = [_make(spec[s], game, player_seed(s)) for s in range(n)]
        returns, t, m = _play(table, deal_seed, players, seat)
        margins.append(returns[seat] - reference[seat])
        spent += t
        moves += m
    return DealResult(job.k, sum(margins) / len(margins), spent, moves)


def duplicate(
    name: str,
    candidate: PlayerSpec,
    baseline: PlayerSpec = "heuristic",
    *,
    deals: int = 50,
    seed: int = 0,
    hands: int = 1,
    returns: str = "points",
    seats: Sequence[int] | None = None,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
    on_deal: Callable[[DealResult], None] | None = None,
) -> Duplicate:
    """Measure ``candidate`` against ``baseline`` on ``deals`` duplicate deals of game ``name``.

    ``seats``: the seats the candidate takes in turn (default: every seat). The same arguments give
    the same figures, whatever ``jobs`` (the deals are spread over that many processes); factories
    must then be picklable (module-level functions). The deals are numbers ``first`` to
    ``first + deals - 1`` of the seed (two runs may split one seed's deals); ``on_deal`` is told each
    deal's figures as they come, in order.
    """
    if deals < 1:
        raise ValueError(f"deals: at least 1, not {deals}")
    if first < 0:
        raise ValueError(f"first: a deal's number, at least 0, not {first}")
    opts = dict(options or {})
    table = Table(name, hands=hands, returns=returns, **opts)
    n = table.num_players
    chosen = tuple(range(n)) if seats is None else tuple(seats)
    if not chosen or any(not 0 <= s < n for s in chosen):
        raise ValueError(f"seats: seats of {name} are 0..{n - 1}, not {list(chosen)}")
    work = [
        _Deal(name, tuple(sorted(opts.items())), hands, returns, candidate, baseline, chosen, seed, k)
        for k in range(first, first + deals)
    ]
    results: list[DealResult] = []

    def done(result: DealResult) -> None:
        results.append(result)
        if on_deal:
            on_deal(result)
        if progress:
            progress(1)

    def measured() -> Duplicate:
        return Duplicate(
            game=name,
            candidate=_name(candidate),
            baseline=_name(baseline),
            hands=hands,
            returns=returns,
            seats=chosen,
            margins=tuple(r.margin for r in results),
            candidate_seconds=sum(r.seconds for r in results),
            candidate_moves=sum(r.moves for r in results),
            options=opts,
        )

    try:
        if jobs <= 1:
            for job in work:
                done(_one_deal(job))
        else:
            pool = process_pool(jobs)
            try:
                for r in pool.map(_one_deal, work):
                    done(r)
            except KeyboardInterrupt:
                stop_pool(pool)
                raise
            finally:
                pool.shutdown()
    except KeyboardInterrupt as stop:
        if isinstance(stop, DuplicateStopped):
            raise
        raise DuplicateStopped(measured() if results else None, deals) from stop
    return measured()


class DuplicateStopped(KeyboardInterrupt):
    """Ctrl-C during ``duplicate``: still a ``KeyboardInterrupt``, carrying the deals played by then.

    ``result`` measures them (``None`` if none was done): they come back in order, so they are the
    run's first ``result.deals`` deals, the same cards and players as a run of that many deals with the
    same seed would play. ``planned`` is how many deals were asked for.
    """

    def __init__(self, result: Duplicate | None, planned: int) -> None:
        self.result = result
        self.planned = planned
        super().__init__(f"stopped after {self.played} of {planned} deals")

    @property
    def played(self) -> int:
        return self.result.deals if self.result is not None else 0


__all__ = ["DealResult", "Duplicate", "DuplicateStopped", "PlayerSpec", "StatePlayer", "duplicate"]
