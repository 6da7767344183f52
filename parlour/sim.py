"""Play many matches between computer players and summarise them.

Every match gets a seed derived from the run's seed and its index, and the records are
gathered in match order, so the figures are the same for the same seed whatever the number of
processes, here or on a cluster's workers.
"""

from __future__ import annotations

import gzip
import json
import math
import os
import reprlib
import signal
import threading
import time
import traceback
import uuid
import warnings
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor, wait
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol, TextIO, runtime_checkable

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


def mean_interval(totals: Sequence[float], counts: Sequence[int]) -> tuple[float, float] | None:
    """The 95% interval of ``sum(totals) / sum(counts)``, a mean over hands whose units are the matches
    (match ``i`` scored ``totals[i]`` in ``counts[i]`` hands): the delta method of a ratio, as
    ``parlour.duplicate.share`` has it. ``None`` from fewer than two matches or from no hands: one
    match gives no spread, and an infinite interval is no figure."""
    n = len(totals)
    if n < 2 or sum(counts) == 0:
        return None
    from parlour.duplicate import share  # (parlour.duplicate imports this module)

    mean, half = share(totals, [float(c) for c in counts])
    return (mean - half, mean + half)


@dataclass
class SideSummary:
    seats: tuple[int, ...]
    players: tuple[str, ...]
    wins: int
    win_rate: float
    win_interval: tuple[float, float]
    mean_hand_points: float
    hand_points_interval: tuple[float, float] | None
    """The 95% interval of ``mean_hand_points``, the matches being the samples (a match's hands are
    not independent of one another); ``None`` from one match, or from no hands."""
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
    first: int = 0
    """The number in the run of the first match summed up (``simulate(..., first=)``): a ``--records``
    file of the summary numbers its matches from it, so their seeds are still ``match_seed(seed, match)``."""

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
            "sides": [
                vars(s)
                | {
                    "win_interval": list(s.win_interval),
                    "hand_points_interval": None
                    if s.hand_points_interval is None
                    else list(s.hand_points_interval),
                }
                for s in self.sides
            ],
            "extra": self.extra,
        }

    def to_dict(self) -> dict[str, Any]:
        """The figures, the timings and the parlour version that made them (the same seed gives the
        same figures only on the same version: a ``--json`` file did not say which). A figure that is
        no number (NaN, infinite) is ``None``: JSON has neither, and strict readers refuse them."""
        whole = self.figures() | {
            "parlour_version": parlour.__version__,
            "seconds": self.seconds,
            "matches_per_second": self.matches_per_second,
        }
        return finite(whole)  # type: ignore[no-any-return]


def finite(value: Any) -> Any:
    """``value`` with every float that is no number (NaN, infinite), however deep, made ``None``: a
    game's figures (a plug-in's too) may hold one, and ``--json`` wrote ``NaN``, which is no JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value


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


def figure(value: float, digits: int = 3) -> str:
    """``value`` to ``digits`` significant figures, without an exponent ("0.00333", "12.3", "4,520"):
    a fixed number of decimals printed "0.000 s a move" for a fast player and "0.0 matches per second"
    for a slow one."""
    if value == 0 or not math.isfinite(value):
        return f"{value:g}"
    # the decimals of the value as rounded: 9.9996 is "10.0" (not "10.00", a fourth figure)
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(_rounded(value, digits)))))
    return f"{value:,.{decimals}f}"


def interval_text(lo: float, hi: float, spec: str = ".2f") -> str:
    """A 95% interval as every table prints it, ``[-13.16, -1.68]``: a minus sign against a dash
    (``-13.16–-1.68``) read as a range of its own, and the bracket is how a reader writes an interval."""
    return f"[{lo:{spec}}, {hi:{spec}}]"


def seat_label(seat: int) -> str:
    """A seat of the engine's (from 0) as a person reads it, numbered from 1 as every table numbers them
    ("Seat 1" on the web, ``--seat 1`` on the command line): the one place the designer's tools turn the
    one count into the other. ``--json``, ``--records`` and the Python API keep the engine's numbers, as
    programs (OpenSpiel, PettingZoo) count players from 0; what ``simulate``, ``duplicate`` and their
    tables and plots print said "seat 0" for the web's "Seat 1"."""
    return f"seat {seat + 1}"


def seat_numbers(seats: Sequence[int]) -> list[str]:
    """The engine's seats as a person numbers them: ``(0, 2)`` is "1", "3" (``seat_label``)."""
    return [seat_label(s).removeprefix("seat ") for s in seats]


def seats_label(seats: Sequence[int]) -> str:
    """A side's seats as a person reads them: "seat 2", "seats 1 & 3" (the engine's 1, and 0 and 2)."""
    if len(seats) == 1:
        return seat_label(seats[0])
    return f"seats {' & '.join(seat_numbers(seats))}"


def _rounded(value: float, digits: int = 3) -> float:
    """``value`` to ``digits`` significant figures."""
    return float(f"{value:.{digits - 1}e}")


def duration(seconds: float) -> str:
    """A time in the unit that says something: "85.2 µs", "1.27 ms", "0.157 s" is "157 ms", "3.40 s"
    (the unit of the time as rounded: 999.96 µs is "1.00 ms", not "1,000 µs")."""
    shown = _rounded(seconds)
    if 0 < shown < 1e-3:
        return f"{figure(seconds * 1e6)} µs"
    if 0 < shown < 1:
        return f"{figure(seconds * 1e3)} ms"
    return f"{figure(seconds)} s"


STOPPED_BY = "Ctrl-C"
"""The ``stopped_by`` of the last line of a ``--records`` file whose run Ctrl-C stopped."""


RECORD_RUN_FIELDS = ("game", "options", "players", "run_seed", "parlour_version")
"""What each line of a ``--records`` file says of the run that played its match: a file found later (a
line copied out of it) says which game, options, players, seed and parlour version made it, and so can
be played again (``RecordedRun.simulate``)."""


@dataclass(frozen=True)
class RecordedRun:
    """One run of a ``--records`` file (a sweep's file holds one per value), as its lines name it.

    ``matches`` is how many of its matches the file holds in a row, from match number ``first`` (0 for a
    file as written; a file filtered or reordered by a script holds other stretches, each a
    ``RecordedRun`` of its own), so that ``simulate()`` with these figures plays them again, the same on
    the same parlour version."""

    game: str
    options: dict[str, Any]
    players: list[str]
    seed: int
    parlour_version: str
    matches: int
    first: int = 0

    def simulate(self, jobs: int = 1) -> Summary:
        """Play this run's matches again, keeping their records (``Summary.records``)."""
        if self.parlour_version != parlour.__version__:
            warnings.warn(
                f"these matches were played by parlour {self.parlour_version}, this is "
                f"{parlour.__version__}: the same seed may give other matches",
                stacklevel=2,
            )
        return simulate(
            self.game, self.players, self.matches, seed=self.seed, jobs=jobs, options=self.options,
            keep_records=True, first=self.first,
        )  # fmt: skip


@dataclass(frozen=True)
class RecordsFile:
    """A ``parlour simulate --records`` file read back: its matches, the runs that played them, and
    whether the run was whole.

    A run stopped by Ctrl-C ends its file with one line that is no match, ``{"partial": true,
    "stopped_by": "Ctrl-C", "matches": M, "planned": N, ...}``: a researcher reading the file later
    (the message said so, the file did not) can tell its matches are the first ``M`` of ``N``."""

    matches: list[dict[str, Any]]
    stopped: dict[str, Any] | None = None
    """The last line of a run stopped by Ctrl-C (``None``: every match asked for is in the file)."""
    runs: list[RecordedRun] = field(default_factory=list)
    """The runs of the matches, in order (one, or one per value of a sweep); empty for a file written
    before parlour named them on each line, whose lines say only the matches' own seeds."""

    @property
    def partial(self) -> bool:
        return self.stopped is not None


def stopped_line(matches: int, planned: int, sweep: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The last line of the ``--records`` file of a run stopped by Ctrl-C after ``matches`` of
    ``planned`` (with ``--sweep``, of the run at ``sweep``, the runs after it not played)."""
    line: dict[str, Any] = {"partial": True, "stopped_by": STOPPED_BY, "matches": matches, "planned": planned}
    if sweep is not None:
        line["sweep"] = dict(sweep)
    return line


def records_lines(summaries: Sequence[Summary], swept: str | None = None) -> Iterator[dict[str, Any]]:
    """The lines of a ``--records`` file, one a match in order: the match's own facts, then the run's
    (``RECORD_RUN_FIELDS``), so that each line says what played it. ``swept``: the option a sweep
    varied, named on each line as ``sweep``."""
    for summary in summaries:
        run = {
            "game": summary.game,
            "options": summary.options,
            "players": summary.players,
            "run_seed": summary.seed,
            "parlour_version": parlour.__version__,
        }
        sweep = {"sweep": {swept: summary.options[swept]}} if swept else {}
        for i, match in enumerate(summary.records):
            yield finite({"match": summary.first + i, **sweep, **match.to_dict(), **run})


def write_records(
    path: str | os.PathLike[str],
    summaries: Sequence[Summary],
    swept: str | None = None,
    stopped: Mapping[str, Any] | None = None,
) -> None:
    """Write the ``--records`` file of ``summaries`` (run with ``keep_records``), ending with the line
    ``stopped`` (``stopped_line``) if Ctrl-C stopped the run. A summary that kept no records is refused:
    its file was written empty, or with some runs' matches missing, and read back as a whole run."""
    for summary in summaries:
        if len(summary.records) != summary.matches:
            raise ValueError(
                f"a summary of {summary.matches} matches of {summary.game} kept {len(summary.records)} of "
                "their records: play it with simulate(..., keep_records=True)"
            )
    # written beside it and put in its place once whole: Ctrl-C as the lines were written (the first,
    # which ``ctrl_c_once`` lets raise) left a file of the first matches with no ``stopped`` line, which
    # ``read_records`` read back as a whole run of fewer matches
    # (a link, a pipe or a device such as /dev/stdout is written in place: replaced, it would be lost)
    target = os.fspath(path)
    folder, name = os.path.split(target)
    in_place = os.path.islink(target) or (os.path.exists(target) and not os.path.isfile(target))
    part = target if in_place else os.path.join(folder, f".{name}.{uuid.uuid4().hex}.part")
    try:
        with _text_file(part, "w", gzipped(target)) as out:
            for line in records_lines(summaries, swept):
                out.write(json.dumps(line) + "\n")
            if stopped is not None:
                out.write(json.dumps(dict(stopped)) + "\n")
        if not in_place:
            os.replace(part, target)
    except BaseException:
        if not in_place:
            with suppress(OSError):
                os.remove(part)
        raise


def read_records(path: str | os.PathLike[str]) -> RecordsFile:
    """Read a ``--records`` file: its matches, their runs, and the mark of a run stopped by Ctrl-C if it
    has one (only as its last line: a match's line never has ``partial``). ``ValueError`` names a bad
    line."""
    matches: list[dict[str, Any]] = []
    stopped: dict[str, Any] | None = None
    runs: list[RecordedRun] = []
    with _text_file(path, "r") as lines:
        for number, text in enumerate(_lines(lines, path), 1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
            except json.JSONDecodeError as exc:
                raise ValueError(f"line {number}: not JSON ({exc})") from None
            if not isinstance(line, dict):
                raise ValueError(f"line {number}: a match is a JSON object")
            if stopped is not None:
                raise ValueError(f"line {number}: a line follows the mark of a run stopped by Ctrl-C")
            if line.get("partial") is True:
                stopped = line
                continue
            named = [k for k in RECORD_RUN_FIELDS if k in line]
            if named and (len(named) < len(RECORD_RUN_FIELDS) or not _is_count(line.get("match"))):
                lacks = (
                    ", ".join(k for k in ("match", *RECORD_RUN_FIELDS) if k not in line) or "a match number"
                )
                raise ValueError(f"line {number}: a match's line names its run, but this one lacks {lacks}")
            if matches and bool(named) != bool(runs):
                raise ValueError(
                    f"line {number}: the lines of one file all name their run "
                    f"({', '.join(RECORD_RUN_FIELDS)}) or none does (a file of an older parlour)"
                )
            matches.append(line)
            if not named:
                continue
            wrong = _run_field_wrong(line)
            if wrong:
                raise ValueError(f"line {number}: {wrong}")
            run = RecordedRun(
                line["game"], line["options"], line["players"], line["run_seed"], line["parlour_version"], 1,
                first=line["match"],
            )  # fmt: skip
            # a run goes on only with its next match: a file filtered (grep, jq select) or reordered has
            # other stretches, each a run of its own from its number (counted as the run's first, lines of
            # its matches 3 to 5 were played again as its matches 0 to 2)
            last = runs[-1] if runs else None
            if (
                last is not None
                and replace(last, matches=1, first=run.first) == run
                and run.first == last.first + last.matches
            ):
                runs[-1] = replace(last, matches=last.matches + 1)
            else:
                runs.append(run)
    return RecordsFile(matches, stopped, runs)


def _lines(lines: TextIO, path: str | os.PathLike[str]) -> Iterator[str]:
    """The file's lines, gzip's own errors as a bad file's ``ValueError`` naming the line: a ``.gz``
    file cut short (a run killed as it wrote) raised ``EOFError``, a plain file named ``.gz``
    ``BadGzipFile``, where a plain file cut mid-line says "line 7: not JSON"."""
    read = 0
    try:
        for text in lines:
            read += 1
            yield text
    except EOFError:
        raise ValueError(f"line {read + 1}: the gzip file is cut short (killed as it wrote?)") from None
    except (gzip.BadGzipFile, zlib.error) as exc:
        where = os.fspath(path)
        raise ValueError(f"line {read + 1}: not gzip, though {where!r} ends in .gz ({exc})") from None


def _text_file(path: str | os.PathLike[str], mode: Literal["r", "w"], gzip_it: bool | None = None) -> TextIO:
    """A records file opened as text, through gzip where its name ends in ``.gz``: each line names its
    run, which makes a file about twice as large, and gzip makes it some twenty times smaller. The
    suffix is read in any case (``X.GZ`` was written plain, and read back as plain). ``gzip_it`` decides
    for a file named otherwise (one written beside its place, ``write_records``)."""
    if gzipped(path) if gzip_it is None else gzip_it:
        return gzip.open(path, "rt" if mode == "r" else "wt", encoding="utf-8")
    return open(path, mode, encoding="utf-8")


def gzipped(path: str | os.PathLike[str]) -> bool:
    """Whether a records file is gzip, by its name: one ending in ``.gz``, ``.GZ`` or ``.Gz`` alike."""
    return os.fspath(path).lower().endswith(".gz")


def _run_field_wrong(line: Mapping[str, Any]) -> str:
    """What is wrong with the run a records line names (``""``: nothing): read as it stands, an
    ``options`` that is no object or ``players`` that is no list failed only when the run was played
    again, in a TypeError or a player per letter."""
    if not isinstance(line["game"], str):
        return f"game: a game's name, not {reprlib.repr(line['game'])}"
    if not isinstance(line["options"], dict):
        return f"options: an object of the run's options, not {reprlib.repr(line['options'])}"
    players = line["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return f"players: a list of the players' names, not {reprlib.repr(players)}"
    if not _is_count(line["run_seed"]):
        return f"run_seed: a whole number, not {reprlib.repr(line['run_seed'])}"
    if not isinstance(line["parlour_version"], str):
        return f"parlour_version: a version's text, not {reprlib.repr(line['parlour_version'])}"
    return ""


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


class _StopChunk(BaseException):
    """Ctrl-C in a pool's worker in the middle of a match: its chunk ends there (a ``BaseException``,
    so that no ``except Exception`` of a player swallows it)."""


_stopping = False
"""Set in a pool's worker by Ctrl-C: it plays no further match."""
_in_match = False
"""Whether this process is in the middle of a chunk's match (where Ctrl-C ends the chunk)."""


def run_chunk(chunk: Chunk, into: list[MatchRecord] | None = None) -> list[MatchRecord]:
    """Play a chunk's matches, in order (in this process, a pool's or a cluster worker's).

    Each record is added to ``into`` (a fresh list by default) as soon as its match is over, and the
    list is given back: Ctrl-C in this process leaves there the matches finished before it, and in a
    pool's worker it ends the chunk at the match under way, giving back the matches finished (fewer
    than its seeds) and playing no more.
    """
    global _in_match
    if chunk.version != parlour.__version__:
        raise ClusterError(
            f"a worker runs parlour {parlour.__version__} but the client runs {chunk.version}: "
            "install the same parlour version everywhere"
        )
    game = make(chunk.game, **chunk.options)
    played: list[MatchRecord] = [] if into is None else into
    try:
        for s in chunk.seeds:
            if _stopping:
                break
            _in_match = True
            match = play_match(game, chunk.kinds, s, chunk.keep_events)
            _in_match = False
            played.append(match)
    except _StopChunk:
        pass
    finally:
        _in_match = False
    return played


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


@runtime_checkable
class Salvaging(Protocol):
    """A runner that, after Ctrl-C, gives back the matches finished that ``map`` had not yet given,
    chunks cut short included (a local runner; on a cluster the chunks under way are lost)."""

    def salvage(self, have: int) -> list[MatchRecord]:
        """The run's matches finished in order after its first ``have``, up to the first that was not
        (the workers are stopped first)."""
        ...


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` processes that leave Ctrl-C to this one (``stop_pool`` ends them)."""
    _hush_cancelled_breakage()
    return ProcessPoolExecutor(max_workers=jobs, initializer=_leave_ctrl_c)


def _leave_ctrl_c() -> None:
    """A worker raises nothing on SIGINT, whose traceback would bury the run's last word (a terminal's
    Ctrl-C reaches every process of the group): it ends the chunk it plays at the match under way,
    giving back the matches finished, and plays no more (``run_chunk``)."""
    signal.signal(signal.SIGINT, _stop_chunks)


def _stop_chunks(signum: int, frame: object) -> None:
    global _stopping
    _stopping = True
    if _in_match:
        raise _StopChunk


def _hush_cancelled_breakage() -> None:
    """Python 3.11's process pool, broken while it still holds a future already cancelled, sets an
    exception on that future in its manager thread: ``InvalidStateError``, whose traceback the thread
    printed under the figures of a stopped ``duplicate --jobs 2`` ("Thread-2: Traceback ... CANCELLED").
    A stopped run cancels the futures no worker took and then ends the workers (``stop_pool``, or a
    worker gone at ``salvage``'s signal): Python 3.12 ignores the error there itself (``terminate_broken``),
    and so, for that error from that method alone, does this hook, installed with the first pool.
    Every other thread's exception goes to the hook that was there before."""
    global _HUSHED
    if _HUSHED:
        return
    _HUSHED = True
    before = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is InvalidStateError and any(
            frame.f_code.co_name == "terminate_broken" for frame, _ in traceback.walk_tb(args.exc_traceback)
        ):
            return
        before(args)

    threading.excepthook = hook


_HUSHED = False


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Ctrl-C: end the workers now, not once they have played the work they hold and the work queued
    for them (a chunk or a deal of a searching player takes minutes). The pool keeps its processes
    private; Python 3.14's ``terminate_workers`` does the same."""
    _hush_cancelled_breakage()
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    # a worker that cannot run (stopped, or held in the kernel) hears SIGTERM only once it runs again:
    # waited for, the run could not be stopped, every Ctrl-C after the first let be (``ctrl_c_let_be``)
    deadline = time.monotonic() + KILL_SECONDS
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.is_alive():
            process.kill()  # (SIGKILL ends a stopped process too)
    deadline = time.monotonic() + KILL_SECONDS
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    # the pool's manager thread, its workers gone, closes its wake-up pipe and ends: waited for, as
    # ``shutdown(wait=False)`` does not, else Python 3.11's exit hook wrote to that pipe while the thread
    # closed it ("OSError: [Errno 9] Bad file descriptor" under a stopped ``duplicate --jobs 2``'s figures)
    if manager is not None and manager is not threading.current_thread():
        manager.join(KILL_SECONDS)


KILL_SECONDS = 2.0
"""How long ``stop_pool`` waits for its workers to end after SIGTERM (and then after SIGKILL): a worker
ends at once, unless it cannot run."""


class LocalRunner:
    """This process (``jobs=1``) or a pool of ``jobs`` processes on this machine."""

    def __init__(self, jobs: int = 1) -> None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise ValueError(f"the number of processes (jobs) must be at least 1, not {jobs!r}")
        self.jobs = jobs
        self._pool = process_pool(jobs) if jobs > 1 else None
        self._chunks: list[Chunk] = []
        self._played: list[MatchRecord] = []
        """The run's records played in this process (``jobs=1``), each as soon as its match is over."""
        self._futures: list[Future[list[MatchRecord]]] = []

    @property
    def workers(self) -> int:
        return self.jobs

    def map(self, chunks: Sequence[Chunk]) -> Iterator[list[MatchRecord]]:
        self._chunks = list(chunks)
        self._played = []
        self._futures = []
        if self._pool is None:
            return self._here(self._chunks)
        pool = self._pool
        self._futures = [pool.submit(run_chunk, chunk) for chunk in self._chunks]
        return self._gathered(self._futures)

    def _here(self, chunks: Sequence[Chunk]) -> Iterator[list[MatchRecord]]:
        """In this process: every record kept in ``_played`` as soon as its match is over."""
        for chunk in chunks:
            start = len(self._played)
            run_chunk(chunk, self._played)
            yield self._played[start:]
        self._played = []  # all given back: nothing to salvage, nothing to hold on to

    def _gathered(self, futures: Sequence[Future[list[MatchRecord]]]) -> Iterator[list[MatchRecord]]:
        try:
            for chunk, future in zip(self._chunks, futures, strict=True):
                records = future.result()
                yield records
                if len(records) < len(chunk.seeds):
                    # a worker stopped by Ctrl-C before this process heard of it (or without it):
                    # the chunks after this one are not the run's next matches
                    raise KeyboardInterrupt
        finally:
            for future in futures:
                future.cancel()

    def salvage(self, have: int) -> list[MatchRecord]:
        """After Ctrl-C: the matches finished in order after the run's first ``have``, those of a chunk
        cut short included. A pool's workers are told to stop (a SIGINT sent to this process alone
        reaches only it), each gives back the matches it finished, and the pool is made anew."""
        if self._pool is None:
            return self._played[have:]
        pool = self._pool
        for future in self._futures:
            future.cancel()  # those no worker has taken yet
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            if process.pid is not None:
                with suppress(OSError):
                    os.kill(process.pid, signal.SIGINT)
        under_way = [f for f in self._futures if not f.cancelled()]
        # Ctrl-C again (heard and let be, ``ctrl_c_let_be``) does not end this wait: a worker ended as
        # it wrote back its matches left the pool's pipe half written, and the process hung at exit
        with suppress(KeyboardInterrupt):
            wait(under_way, timeout=STOP_SECONDS)
        played: list[MatchRecord] = []
        for chunk, future in zip(self._chunks, self._futures, strict=True):
            if not future.done() or future.cancelled() or future.exception() is not None:
                break
            records = future.result()
            played.extend(records)
            if len(records) < len(chunk.seeds):
                break
        stop_pool(pool)  # its workers play no more: a later run gets new ones
        self._pool = process_pool(self.jobs)
        self._futures = []
        return played[have:]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)

    def stop(self) -> None:
        """Ctrl-C: the workers end now (``stop_pool``)."""
        if self._pool is not None:
            stop_pool(self._pool)


STOP_SECONDS = 10.0
"""How long a pool's workers have after Ctrl-C to give back the matches they finished (a match ends
at once in Python code; compiled rules may hold it a little longer) before they are ended."""


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
    stopped = False
    try:
        yield runner
    except KeyboardInterrupt:
        stopped = True
        raise
    finally:
        # Ctrl-C again as the workers end would put its bare KeyboardInterrupt in the place of the
        # SimulationStopped that carries the matches kept
        with ctrl_c_let_be() if stopped else nullcontext():
            if stopped and isinstance(runner, LocalRunner):
                runner.stop()
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
    first: int = 0,
) -> Summary:
    """Play ``matches`` matches and summarise them per side (partnerships count as one side).

    They are the run's matches from number ``first`` (0: its first), each with its seed from ``seed``
    and its number (``match_seed``), so that a stretch of a run's records can be played again.

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
    if not _is_count(first):
        raise ValueError(f"the number of the first match must be a whole number of at least 0, not {first!r}")
    options = dict(options or {})
    game = make(name, **options)
    if len(players) != game.num_players:
        raise ValueError(f"{name} needs {game.num_players} players, got {len(players)}")
    kinds = tuple(players)
    for k in set(kinds):
        make_player(k, game, 0)  # fail early on an unknown kind
    if runner is None:
        with open_runner(jobs, cluster) as opened:
            return _play(game, kinds, matches, seed, opened, progress, keep_records, first)
    return _play(game, kinds, matches, seed, runner, progress, keep_records, first)


def _play(
    game: Game[Any],
    kinds: tuple[str, ...],
    matches: int,
    seed: int,
    runner: Runner,
    progress: Callable[[int], None] | None,
    keep_records: bool = False,
    first: int = 0,
) -> Summary:
    """The one loop of every runner: chunk the seeds, gather the records in order, summarise."""
    keep = manifest(game.name).analyze is not None
    seeds = [match_seed(seed, i) for i in range(first, first + matches)]
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
        # Ctrl-C again as the workers were told to stop, as the pool ended or as the matches were
        # summed up lost them all, a bare KeyboardInterrupt ending the run: it is heard, not raised
        with ctrl_c_let_be():
            if isinstance(runner, Salvaging):  # the matches of the chunks under way finished by now
                salvaged = runner.salvage(len(records))
                records.extend(salvaged)
                if progress and salvaged:  # the bar shows the matches summed up
                    with suppress(KeyboardInterrupt):
                        progress(len(salvaged))
            partial = _summary(game, kinds, records, seed, start, keep_records, first) if records else None
        raise SimulationStopped(partial, matches) from stop
    try:
        return _summary(game, kinds, records, seed, start, keep_records, first)
    except KeyboardInterrupt as stop:
        # Ctrl-C as the matches, every one played, were summed up (a game's own figures of a long run
        # take a while): it ended the run with none of them kept, as if no match had been played
        with ctrl_c_let_be():
            whole = _summary(game, kinds, records, seed, start, keep_records, first)
        raise SimulationStopped(whole, matches) from stop


class _CtrlC:
    """The handler of ``ctrl_c_once``: the first Ctrl-C raises ``KeyboardInterrupt``, every one is
    counted and told to ``said`` (the command's words), those after the first and those ``ctrl_c_let_be``
    hears alike."""

    def __init__(self, said: Callable[[int], None] | None = None) -> None:
        self.times = 0
        self.said = said

    def hear(self) -> None:
        """One more Ctrl-C, said at once: after the first, those let be were silent while the finished
        matches were gathered (up to ``STOP_SECONDS`` and more), as if the run were stuck."""
        self.times += 1
        if self.said is not None:
            with suppress(Exception):  # a word that cannot be written must not take the stop's place
                self.said(self.times)

    def __call__(self, signum: int, frame: object) -> None:
        self.hear()
        if self.times == 1:
            raise KeyboardInterrupt


@contextmanager
def ctrl_c_let_be() -> Iterator[None]:
    """Ctrl-C heard and let be while a stopped run's finished matches are gathered (the pool's workers
    give theirs back at once, or within ``STOP_SECONDS``), summed up and the pool ended: raised there,
    a second one lost them all. Under ``ctrl_c_once`` it is still told to its ``said``. (Signals reach
    the main thread alone: elsewhere there is nothing to do.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    outer = signal.getsignal(signal.SIGINT)

    def let_be(signum: int, frame: object) -> None:
        """Heard: the matches are kept, and the run ends as stopped as soon as they are."""
        if isinstance(outer, _CtrlC):
            outer.hear()

    previous = signal.signal(signal.SIGINT, let_be)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)


@contextmanager
def ctrl_c_once(said: Callable[[int], None] | None = None) -> Iterator[None]:
    """The first Ctrl-C raises ``KeyboardInterrupt`` as ever; those after it are heard and let be, so
    that what the first one keeps (the matches finished, the files written with them) is not lost to a
    second one anywhere on its way out (``parlour simulate``). ``said(n)`` is called at the ``n``-th
    Ctrl-C, at once (the command says that the run is stopping and keeps its matches)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, _CtrlC(said))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)


def _is_count(value: Any) -> bool:
    """Whether ``value`` is a whole number of at least 0 (a match's number; ``True`` is none)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def match_seed(run_seed: int, match: int) -> int:
    """The seed of match number ``match`` of a run with the seed ``run_seed``: a ``--records`` line's
    ``seed`` from its ``run_seed`` and ``match``, for a reader whose numbers are doubles (jq 1.6,
    JavaScript), which change a 19-digit seed."""
    return derive_seed(run_seed, "match", match)


def _summary(
    game: Game[Any],
    kinds: tuple[str, ...],
    records: list[MatchRecord],
    seed: int,
    start: float,
    keep_records: bool,
    first: int = 0,
) -> Summary:
    """The summary of the records played since ``start`` (all of a run's, or those before a Ctrl-C)."""
    summary = summarise(game, kinds, records, seed, time.perf_counter() - start)
    summary.first = first
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
                hand_points_interval=mean_interval(
                    [sum(h[team[0]] for h in r.hand_points) for r in records],
                    [len(r.hand_points) for r in records],
                ),
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
