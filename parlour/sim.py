"""Play many matches between computer players and summarise them.

Every match gets a seed derived from the run's seed and its index, and the records are
gathered in match order, so the figures are the same for the same seed whatever the number of
processes, here or on a cluster's workers.
"""

from __future__ import annotations

import math
import signal
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import parlour
from parlour.engine import Game, ParlourError, State, check_seed, derive_seed, make, manifest
from parlour.engine.manifest import SweepPlot
from parlour.players import make_player

MAX_ACTIONS = 1_000_000


@dataclass(frozen=True)
class MatchRecord:
    """What a simulation keeps of one match: public facts only."""

    seed: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    hand_points: tuple[tuple[float, ...], ...]
    actions: int
    events: tuple[Mapping[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The match as a line of ``simulate --records``: ``play_match`` with its seed plays it again."""
        return {
            "seed": self.seed,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "teams": [list(t) for t in self.teams],
            "hand_points": [list(h) for h in self.hand_points],
            "actions": self.actions,
        }


def play_match(game: Game[Any], kinds: Sequence[str], seed: int, keep_events: bool = False) -> MatchRecord:
    """One match; seat ``i`` is played by a computer player of kind ``kinds[i]``."""
    state = game.new(seed=seed)
    players = [make_player(k, game, derive_seed(seed, "player", i)) for i, k in enumerate(kinds)]
    actions = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), game))
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"{game.name} match with seed {seed} did not end")
    return record(state, seed, actions, keep_events)


def record(state: State, seed: int, actions: int, keep_events: bool = False) -> MatchRecord:
    public = state.events(None)
    hands = tuple(tuple(e.data["points"]) for e in public if e.kind == "hand_end")
    return MatchRecord(
        seed=seed,
        scores=tuple(state.scores),
        winners=tuple(state.winners),
        teams=tuple(tuple(t) for t in state.teams),
        hand_points=hands,
        actions=actions,
        events=tuple(e.to_dict() for e in public) if keep_events else (),
    )


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class SideSummary:
    seats: tuple[int, ...]
    players: tuple[str, ...]
    wins: int
    win_rate: float
    win_interval: tuple[float, float]
    mean_hand_points: float
    mean_final_score: float


@dataclass
class Summary:
    game: str
    options: dict[str, Any]
    players: list[str]
    matches: int
    seed: int
    seconds: float
    draws: int
    sides: list[SideSummary] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    records: list[MatchRecord] = field(default_factory=list, repr=False, compare=False)
    """Every match in order, for a researcher's own statistics (``simulate(..., keep_records=True)``,
    ``parlour simulate --records``)."""

    @property
    def matches_per_second(self) -> float:
        return self.matches / self.seconds if self.seconds > 0 else float("inf")

    def figures(self) -> dict[str, Any]:
        """The deterministic figures (no timings), for comparing runs."""
        return {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "matches": self.matches,
            "seed": self.seed,
            "draws": self.draws,
            "sides": [vars(s) | {"win_interval": list(s.win_interval)} for s in self.sides],
            "extra": self.extra,
        }

    def to_dict(self) -> dict[str, Any]:
        """The figures, the timings and the parlour version that made them (the same seed gives the
        same figures only on the same version: a ``--json`` file did not say which)."""
        return self.figures() | {
            "parlour_version": parlour.__version__,
            "seconds": self.seconds,
            "matches_per_second": self.matches_per_second,
        }


class ClusterError(ParlourError):
    """A cluster that cannot be reached, has no workers, runs another parlour, or lost the run."""


class SimulationStopped(KeyboardInterrupt):
    """Ctrl-C during ``simulate``: still a ``KeyboardInterrupt``, carrying what was played by then.

    The matches already played are worth something: ``summary`` sums them up (``None`` if none was
    back yet). They are the run's first ``summary.matches``, in order, and each match's seed comes from
    the run's seed and its number, so these are exactly the figures of a run of that many matches with
    the same seed (and its records, with ``keep_records``). ``planned`` is how many were asked for.
    """

    def __init__(self, summary: Summary | None, planned: int) -> None:
        self.summary = summary
        self.planned = planned
        super().__init__(f"stopped after {self.played} of {planned} matches")

    @property
    def played(self) -> int:
        return self.summary.matches if self.summary is not None else 0


@dataclass(frozen=True)
class Chunk:
    """Matches played in one go: enough to make sending them cheap, few enough to show progress.

    It carries the client's parlour version so that a worker running another one refuses it rather
    than playing different matches under the same seeds.
    """

    game: str
    options: dict[str, Any]
    kinds: tuple[str, ...]
    seeds: tuple[int, ...]
    keep_events: bool
    version: str


def run_chunk(chunk: Chunk) -> list[MatchRecord]:
    """Play a chunk's matches, in order (in this process, a pool's or a cluster worker's)."""
    if chunk.version != parlour.__version__:
        raise ClusterError(
            f"a worker runs parlour {parlour.__version__} but the client runs {chunk.version}: "
            "install the same parlour version everywhere"
        )
    game = make(chunk.game, **chunk.options)
    return [play_match(game, chunk.kinds, s, chunk.keep_events) for s in chunk.seeds]


class Runner(Protocol):
    """Where chunks are played: this process, a pool of processes or a cluster.

    ``simulate`` has one loop for all of them; a runner only has to give the records back in the order
    of the chunks, which is what makes the figures independent of where and how widely they were played.
    """

    @property
    def workers(self) -> int:
        """How many chunks it plays at once (to size the chunks)."""
        ...

    def map(self, chunks: Sequence[Chunk]) -> Iterator[list[MatchRecord]]:
        """The records of each chunk, in the order of ``chunks``."""
        ...

    def close(self) -> None:
        """Stop playing (pending chunks are dropped) and let go of processes or connections."""
        ...


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` processes that leave Ctrl-C to this one (``stop_pool`` ends them)."""
    return ProcessPoolExecutor(max_workers=jobs, initializer=_leave_ctrl_c)


def _leave_ctrl_c() -> None:
    """A worker ignores SIGINT: a terminal's Ctrl-C reaches every process of the group, and the
    workers' own tracebacks would bury the run's last word."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Ctrl-C: end the workers now, not once they have played the work they hold and the work queued
    for them (a chunk or a deal of a searching player takes minutes). The pool keeps its processes
    private; Python 3.14's ``terminate_workers`` does the same."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


class LocalRunner:
    """This process (``jobs=1``) or a pool of ``jobs`` processes on this machine."""

    def __init__(self, jobs: int = 1) -> None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise ValueError(f"the number of processes (jobs) must be at least 1, not {jobs!r}")
        self.jobs = jobs
        self._pool = process_pool(jobs) if jobs > 1 else None

    @property
    def workers(self) -> int:
        return self.jobs

    def map(self, chunks: Sequence[Chunk]) -> Iterator[list[MatchRecord]]:
        if self._pool is None:
            return map(run_chunk, chunks)
        return self._pool.map(run_chunk, chunks)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)

    def stop(self) -> None:
        """Ctrl-C: the workers end now (``stop_pool``)."""
        if self._pool is not None:
            stop_pool(self._pool)


CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a cluster's scheduler (and for its first worker) before giving up."""


@contextmanager
def open_runner(
    jobs: int = 1, cluster: str | None = None, timeout: float = CONNECT_TIMEOUT
) -> Iterator[Runner]:
    """A runner for ``jobs`` local processes or for the Dask scheduler at ``cluster``, closed on exit.

    Dask is imported only for a cluster, so local runs never need it (nor pay for importing it).
    """
    if cluster is not None and jobs != 1:
        raise ValueError(
            "jobs (processes on this machine) and a cluster do not go together: "
            "on a cluster, its workers play the matches"
        )
    runner: Runner
    if cluster is None:
        runner = LocalRunner(jobs)
    else:
        from parlour.cluster import connect

        runner = connect(cluster, timeout)
    try:
        yield runner
    except KeyboardInterrupt:
        if isinstance(runner, LocalRunner):
            runner.stop()
        raise
    finally:
        runner.close()


def simulate(
    name: str,
    players: Sequence[str],
    matches: int,
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    cluster: str | None = None,
    runner: Runner | None = None,
    keep_records: bool = False,
) -> Summary:
    """Play ``matches`` matches and summarise them per side (partnerships count as one side).

    With ``keep_records`` the summary keeps every match's record too (``Summary.records``), without
    its events; without, a long run holds none of them once summarised.

    They are played here (``jobs=1``), on ``jobs`` local processes, on the Dask cluster whose scheduler
    is at ``cluster`` (``tcp://host:port``), or on an open ``runner`` (to share one between runs); the
    figures are the same for the same seed in every case.
    """
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 1:
        raise ValueError(f"the number of matches must be a whole number of at least 1, not {matches!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"the number of processes (jobs) must be at least 1, not {jobs!r}")
    if runner is not None and (jobs != 1 or cluster is not None):
        raise ValueError("give a runner, or jobs or a cluster, not both")
    check_seed(seed)
    options = dict(options or {})
    game = make(name, **options)
    if len(players) != game.num_players:
        raise ValueError(f"{name} needs {game.num_players} players, got {len(players)}")
    kinds = tuple(players)
    for k in set(kinds):
        make_player(k, game, 0)  # fail early on an unknown kind
    if runner is None:
        with open_runner(jobs, cluster) as opened:
            return _play(game, kinds, matches, seed, opened, progress, keep_records)
    return _play(game, kinds, matches, seed, runner, progress, keep_records)


def _play(
    game: Game[Any],
    kinds: tuple[str, ...],
    matches: int,
    seed: int,
    runner: Runner,
    progress: Callable[[int], None] | None,
    keep_records: bool = False,
) -> Summary:
    """The one loop of every runner: chunk the seeds, gather the records in order, summarise."""
    keep = manifest(game.name).analyze is not None
    seeds = [derive_seed(seed, "match", i) for i in range(matches)]
    size = max(1, min(50, matches // (4 * max(1, runner.workers)) or 1))
    version = parlour.__version__
    chunks = [
        Chunk(game.name, dict(game.options), kinds, tuple(seeds[i : i + size]), keep, version)
        for i in range(0, len(seeds), size)
    ]
    start = time.perf_counter()
    records: list[MatchRecord] = []
    try:
        for batch in runner.map(chunks):
            records.extend(batch)
            if progress:
                progress(len(batch))
    except KeyboardInterrupt as stop:
        if isinstance(stop, SimulationStopped):
            raise
        partial = _summary(game, kinds, records, seed, start, keep_records) if records else None
        raise SimulationStopped(partial, matches) from stop
    return _summary(game, kinds, records, seed, start, keep_records)


def _summary(
    game: Game[Any],
    kinds: tuple[str, ...],
    records: list[MatchRecord],
    seed: int,
    start: float,
    keep_records: bool,
) -> Summary:
    """The summary of the records played since ``start`` (all of a run's, or those before a Ctrl-C)."""
    summary = summarise(game, kinds, records, seed, time.perf_counter() - start)
    if keep_records:
        summary.records = [replace(r, events=()) for r in records]
    return summary


def summarise(
    game: Game[Any], kinds: Sequence[str], records: Sequence[MatchRecord], seed: int, seconds: float
) -> Summary:
    n = len(records)
    teams = records[0].teams if records else tuple((s,) for s in range(game.num_players))
    if any(r.teams != teams for r in records):
        # Partnerships changed from match to match (cut for): a side is then one seat's record.
        teams = tuple((s,) for s in range(game.num_players))
    draws = sum(1 for r in records if not r.winners)
    summary = Summary(game.name, dict(game.options), list(kinds), n, seed, seconds, draws)
    for team in teams:
        wins = sum(1 for r in records if r.winners and team[0] in r.winners)
        hand_pts = [h[team[0]] for r in records for h in r.hand_points]
        summary.sides.append(
            SideSummary(
                seats=team,
                players=tuple(kinds[s] for s in team),
                wins=wins,
                win_rate=wins / n if n else 0.0,
                win_interval=wilson(wins, n),
                mean_hand_points=sum(hand_pts) / len(hand_pts) if hand_pts else 0.0,
                mean_final_score=sum(r.scores[team[0]] for r in records) / n if n else 0.0,
            )
        )
    analyze = manifest(game.name).analyze
    if analyze is not None:
        summary.extra = analyze(game, records)
    return summary


def sweep_plotter(game: str) -> SweepPlot | None:
    """The game's own picture of a ``--sweep``, if it has one."""
    return manifest(game).plot_sweep
