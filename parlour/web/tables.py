"""The tables a server holds: the one authority over each match.

Every action, a person's or a computer player's, goes through ``Tables.act``: under the table's lock it
is checked against the version the actor saw, applied through the engine (which refuses anything
illegal and changes nothing), stored and committed, and only then acknowledged and shown to the
table — each connection getting the frame its own seat's view allows. Computer players think in a
thread pool, off the event loop, so a thinking player never stalls another table.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hashlib
import logging
import math
import secrets
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import parlour
from parlour.engine import ForbiddenAction, Game, IllegalAction, MalformedAction, State
from parlour.engine.errors import InvalidSave
from parlour.engine.game import RECORD
from parlour.engine.views import View
from parlour.players import (
    LEVELS,
    MOVE_SECONDS,
    Advice,
    default_player,
    hint,
    make_player,
    player_kinds,
)
from parlour.web import frames
from parlour.web.store import NewMove, SeatRecord, StaleMove, Store, TableRecord, aware, hash_token, now

T = TypeVar("T")
log = logging.getLogger("parlour.web")

MAX_SEND_QUEUE = 200
"""Frames waiting for a connection that does not read; past this it is closed (it resyncs later)."""

KEPT_WAIT = 300.0
"""Seconds a seat its creator named (a friend's, or the creator's own) stays its person's against the
other players: any seated player may hand an absent person's seat to a computer player, so that a friend
who never comes cannot hold the match up for ever, and a stranger who joined a public table's free seat
handed Bob's to one at once, voiding the link Bob had been sent. The creator may do it at once; anyone
else once the seat has waited this long, counted from when the table was made, or from its person's last
leaving (``parlour serve --kept-wait``)."""


@dataclass
class KeptWait:
    """How long a named seat stays its person's (``KEPT_WAIT``), and the clock it is counted by: one for a
    server's tables (a test may make it short, or fake the clock)."""

    seconds: float = KEPT_WAIT
    clock: Callable[[], dt.datetime] = now


RETRY_PAUSE = 1.0
"""Seconds a computer player waits before it tries again a move the database refused the first time;
twice as long after each refusal more (``retry_pause``) ..."""
RETRY_MOST = 30.0
"""... and at most this long: a database down for an hour is asked twice a minute, not every second."""


def retry_pause(refusals: int) -> float:
    """The pause after the ``refusals``-th refusal in a row: 1, 2, 4, 8, 16, 30, 30 ... seconds (it was 1 s
    every time, so a database that was down was asked every second by every table of computer players,
    and answered each time with a line in the log)."""
    return float(min(RETRY_MOST, RETRY_PAUSE * 2 ** min(max(refusals, 1) - 1, 16)))


def refused_read(what: str) -> TableError:
    """A read the database refused, said to the person whose request it was: nothing changed. It was a
    500 and a stack trace in the log (an HTTP request), or a socket closed with no word (a table's page)."""
    return TableError("unread", f"the server's database refused to read {what}; try again", 503)


def refused_write(what: str) -> TableError:
    """A write the database refused, said to the person whose action it was: nothing changed."""
    return TableError("unstored", f"the server's database refused {what}; try again", 503)


class TableError(Exception):
    """A request the table refuses, with a code for the client and words for the person."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...
    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


Seat = SeatRecord
"""A seat at a table: the stored record, which the server keeps up to date."""


class Connection:
    """One browser's socket at a table, for one seat (``None``: watching). Frames go out through a
    queue drained by one writer task, so a slow reader never holds up the table."""

    def __init__(self, socket: Socket, seat: int | None, log_seen: int) -> None:
        self.socket = socket
        self.seat = seat
        self.log_sent = max(0, log_seen)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.close_code: int | None = None
        self.hinting = False
        """Whether a hint for this connection is being worked out (one at a time)."""
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_SEND_QUEUE:
            self.close()
            return
        self.queue.put_nowait(text)

    def close(self, code: int | None = None) -> None:
        """Close once the frames queued are sent, with ``code`` (1013: try again later) if given."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.queue.put_nowait(None)

    async def _write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    with contextlib.suppress(Exception):
                        await self.socket.close(self.close_code or (1008 if self.queue.qsize() else 1000))
                    return
                await self.socket.send_text(text)
        except Exception:
            self.closed = True


@dataclass
class Table:
    id: str
    game: Game[Any]
    state: State
    seats: list[Seat]
    version: int
    public: bool
    seed: int | None
    status: str
    next_id: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bots: asyncio.Task[None] | None = None
    creator: int | None = None
    """The seat of the person who made the table (None: nobody's, or a table made before it was stored)."""
    kept_wait: KeptWait = field(default_factory=KeptWait)
    created: dt.datetime = field(default_factory=now)
    loaded: dt.datetime = field(default_factory=now)
    """When this process built the table: a person there at the restart before it was sent away then."""

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closed for c in self.connections)

    def host(self) -> int | None:
        """The creator's seat while a person holds it: who may hand a kept seat over at once."""
        c = self.creator
        return c if c is not None and 0 <= c < len(self.seats) and self.seats[c].kind == "human" else None

    def kept_until(self, seat: int) -> dt.datetime | None:
        """Until when a seat the creator named (``guarded``) stays its person's against the other
        players: ``KEPT_WAIT`` from the table's making if they never came, from their last leaving if
        they did (stored, so a restart keeps it), or from this process's start if they were here when
        the last one stopped (a restart sent them away). None: not kept."""
        s = self.seats[seat]
        if not guarded(s, self.creator):
            return None
        start = self.created if not s.taken else s.left or self.loaded
        return start + dt.timedelta(seconds=self.kept_wait.seconds)

    def kept_for(self, seat: int) -> int:
        """Seconds (rounded up) before anyone but the creator may hand the seat to a computer player:
        0 for a seat that is not kept, or whose person is here (it cannot be handed over then)."""
        until = self.kept_until(seat)
        if until is None or self.connected(seat):
            return 0
        return max(0, math.ceil((until - self.kept_wait.clock()).total_seconds()))

    def info(self) -> dict[str, Any]:
        """The table as the lobby and its players see it (no secrets, no cards)."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "pack": self.game.pack,
            "options": dict(self.game.options),
            "players": self.game.num_players,
            "status": self.status,
            "version": self.version,
            "public": self.public,
            "next_id": self.next_id,
            "creator": self.host(),
            "seats": [seat_info(s, self.connected(s.seat), self.kept_for(s.seat)) for s in self.seats],
        }


def record_info(record: TableRecord, title: str, pack: str, players: int) -> dict[str, Any]:
    """A stored table's lobby entry, without rebuilding its match."""
    return {
        "id": record.id,
        "game": record.game,
        "title": title,
        "pack": pack,
        "options": record.options,
        "players": players,
        "status": record.status,
        "version": record.version,
        "public": record.public,
        "next_id": record.next_id,
        "created": record.created.isoformat(),
        "creator": record.creator
        if record.creator is not None
        and any(s.seat == record.creator and s.kind == "human" for s in record.seats)
        else None,
        "seats": [seat_info(s, False) for s in record.seats],
    }


def unnamed(kind: str, seat: int) -> str:
    """The name of a seat nobody named, numbered from 1 as the lobby's form numbers the seats: a person
    without a name sat at the table as "seat 0" and a computer player of a match watched as "Computer 0"
    (the seats are numbered from 0 inside the engine and the API alone)."""
    return f"{'Computer' if kind == 'computer' else 'Seat'} {seat + 1}"


def shown_name(s: Seat) -> str:
    """The seat's name as a player reads it: a table stored before the seats were numbered from 1 keeps
    its unnamed seats' "seat 0" and "Computer 0", which read as the seats' names now do."""
    if s.name in (f"seat {s.seat}", f"Computer {s.seat}"):
        return unnamed(s.kind, s.seat)
    return s.name


def kept(s: Seat) -> bool:
    """Whether a person's seat nobody has taken yet is kept for the friend its creator named: a
    stranger pressing Join on a public table took the seat made for Bob, renamed it and voided the
    link Bob had been sent. A seat nobody named is free to anyone at a public table. The stored
    ``named`` decides, as it does for ``guarded``: the two read one fact, so a seat is never kept from
    strangers but unguarded against the players, or the other way about."""
    return s.kind == "human" and not s.taken and s.named


def guarded(s: Seat, creator: int | None) -> bool:
    """Whether a person's seat is kept for its person against the other players for a while
    (``KEPT_WAIT``): one its creator named (for a friend, or their own), or the creator's. A seat nobody
    named may be handed to a computer player by anyone at the table as soon as its person is away."""
    return s.kind == "human" and (s.named or s.seat == creator)


def in_time(seconds: int) -> str:
    """A wait as a person reads it: "4 more minutes" (rounded up), "30 more seconds"."""
    if seconds >= 60:
        minutes = math.ceil(seconds / 60)
        return f"{minutes} more minute{'s' if minutes != 1 else ''}"
    return f"{seconds} more second{'s' if seconds != 1 else ''}"


def seat_info(s: Seat, connected: bool, kept_for: int = 0) -> dict[str, Any]:
    """A seat as the lobby and the table see it: who sits there, never its secret; ``kept_for``, the
    seconds before anyone but the creator may hand it to a computer player (``Table.kept_for``)."""
    computer = s.kind == "computer"
    return {
        "seat": s.seat,
        "kind": s.kind,
        "player": s.player,
        "name": shown_name(s),
        "taken": s.taken or computer,
        "kept": kept(s),
        "connected": computer or connected,
        "kept_for": kept_for,
    }


def kept_words(table: Table, seat: int, wait: int) -> str:
    """Why a seat may not be handed over yet, and when it may: "the seat is kept for Bob for 4 more
    minutes; Ann, who made the table, may hand it over now"."""
    host = table.host()
    words = f"the seat is kept for {shown_name(table.seats[seat])} for {in_time(wait)}"
    if host is not None and host != seat:
        words += f"; {shown_name(table.seats[host])}, who made the table, may hand it over now"
    return words


def _none_free(waited: Sequence[str]) -> str:
    """Why a public table has no seat to join: every seat taken, or the free ones kept for friends."""
    if not waited:
        return "every seat at this table is taken"
    if len(waited) == 1:
        return f"no seat at this table is free: the one left is kept for {waited[0]}, who has its link"
    names = f"{', '.join(waited[:-1])} and {waited[-1]}"
    return f"no seat at this table is free: those left are kept for {names}, who have their links"


def status_of(state: State, seats: Sequence[Seat]) -> str:
    if state.is_over:
        return "finished"
    return "waiting" if any(s.kind == "human" and not s.taken for s in seats) else "playing"


def outcome_of(state: State) -> dict[str, Any] | None:
    outcome = state.outcome
    if outcome is None:
        return None
    return {"winners": list(outcome.winners), "draw": outcome.draw, "reason": outcome.reason}


_GAMES: dict[tuple[str, str], Game[Any]] = {}
"""Games a pool worker has made, by name and options (a worker process makes each once)."""


def played_options(name: str, stored: dict[str, Any]) -> dict[str, Any]:
    """The options a stored table was played by: one that an older parlour did not store means its
    legacy value, as in a save (``Game.options_as_saved``), so an upgrade never changes a table's rules."""
    try:
        return parlour.game_class(name).options_as_saved(stored)
    except ValueError:  # no such game, or an option it lacks: make_game says which
        return stored


def _game(name: str, options: dict[str, Any]) -> Game[Any]:
    key = (name, repr(sorted(options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = parlour.make(name, **options)
    return game


def _choose(
    name: str, options: dict[str, Any], kind: str, seed: int, state_view: Any, seconds: float | None = None
) -> str:
    """A computer player's choice, made in the pool (a thread off the event loop) from the seat's
    view alone. The player is made fresh from its seed, so a restarted server makes the same
    choice at the same point of a seeded match; a live table also limits its thinking to
    ``seconds`` (a seeded one does not: the clock would make its choices differ)."""
    game = _game(name, options)
    return str(make_player(kind, game, seed, seconds=seconds).choose(state_view, game))


def _hint(name: str, options: dict[str, Any], seed: int, state_view: Any, seconds: float | None) -> Advice:
    """The strong player's advice for a person's seat, from that seat's view alone (in the pool)."""
    game = _game(name, options)
    return hint(state_view, game, seed, seconds=seconds)


def ordered_kinds(kinds: Sequence[str]) -> list[str]:
    """The computer players as a person chooses them: the levels first, easiest first, then the rest."""
    return [k for k in LEVELS if k in kinds] + [k for k in kinds if k not in LEVELS]


def fallback_action(view: View[Any]) -> str:
    """The first legal action of a view (or the least amount of its first range)."""
    if view.legal_actions:
        return view.legal_actions[0]
    r = view.legal_ranges[0]
    return f"{r.verb} {r.min}"


@dataclass
class Unstored:
    """A seat's leaving the database refused to store (``Tables._write_left``): the time as this
    process holds it (None: its person came back), the writes tried, and the last refusal's words."""

    left: dt.datetime | None
    tries: int = 0
    error: str = ""


def _reason(exc: BaseException) -> str:
    """An error in one line for the log: its kind and its first line (SQLAlchemy's run to a screen)."""
    first = (str(exc).strip().splitlines() or [""])[0][:200]
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _leaving_words(s: Seat | None, left: dt.datetime | None, seat: int | None = None) -> str:
    """A seat's leaving for the operator's log: "Bob's leaving (seats.seat 1) at 19:40:03 UTC", or "Bob's
    return (seats.seat 1: no leaving)" where the write clears the leaving stored before."""
    number = s.seat if s is not None else seat
    who = f"{shown_name(s)}'s" if s is not None else "the seat's"
    if left is None:
        return f"{who} return (seats.seat {number}: no leaving)"
    return f"{who} leaving (seats.seat {number}) at {left.astimezone(dt.UTC):%H:%M:%S} UTC"


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _report_failure(task: asyncio.Task[None]) -> None:
    """A computer player's task that fails must say so: the table would wait for it forever."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a computer player failed", exc_info=task.exception())


def bot_seed(seed: int | None, version: int) -> int:
    """The seed of the computer player choosing move ``version + 1`` of a table: fresh from the OS
    for a live table; for a seeded one, fixed by the table's seed and the move, so a restarted server
    (or a test's reference) makes the same choice."""
    if seed is None:
        return secrets.randbits(63)
    digest = hashlib.sha256(f"{seed}:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class MoveWriter:
    """Commits moves in batches: while one commit is under way, the moves that arrive (from other
    tables: a table waits for its own) queue up and go together in the next one. Each mover waits for
    its own move's commit, so nothing is acknowledged before it is stored."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.pending: list[tuple[NewMove, asyncio.Future[None]]] = []
        self.draining = False

    async def append(self, move: NewMove) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((move, future))
        if not self.draining:
            self.draining = True
            asyncio.get_running_loop().create_task(self._drain())
        await future

    async def _drain(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    results = await self.tables.db(self.tables.store.append_moves, [m for m, _ in batch])
                except Exception as exc:
                    results = [exc] * len(batch)
                for (_, future), error in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)
        finally:
            self.draining = False


@dataclass
class SeatSpec:
    kind: str
    player: str | None = None
    name: str = ""


FIRST_PERSON = -1
"""``Tables.create``'s creator by default: the first person's seat, where the creator sits."""


@dataclass
class Created:
    table: Table
    tokens: dict[int, str]


class Tables:
    """Every table of one server: created, loaded from the store after a restart, played."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.6,
        allow_seeds: bool = False,
        bot_pool: Executor | None = None,
        db_pool: Executor | None = None,
        kept_wait: float = KEPT_WAIT,
    ) -> None:
        self.store = store
        self.kept_wait = KeptWait(kept_wait)
        self.bot_delay = bot_delay
        self.allow_seeds = allow_seeds
        self.bot_pool = bot_pool or ThreadPoolExecutor(max_workers=2, thread_name_prefix="parlour-bot")
        sqlite = store.url.startswith("sqlite")
        self.db_pool = db_pool or ThreadPoolExecutor(
            max_workers=1 if sqlite else 4, thread_name_prefix="parlour-db"
        )
        self.writer = MoveWriter(self)
        self.live: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._storing: set[asyncio.Task[None]] = set()
        """The seats' leavings being stored (``leave_connection``): a stopping server waits for them."""
        self.unstored: dict[tuple[str, int], Unstored] = {}
        """The seats' leavings (and returns) the database refused, by table and seat: kept here, so a
        table rebuilt from the store after an eviction still counts from them, until a write of them
        succeeds (``_write_left``)."""
        self._refused_moves: dict[str, int] = {}
        """The seat whose last move each table's database refused (logged once until one is stored)."""
        self._unread = 0
        """Reads the database has refused since it last answered one (the first is logged, not each)."""
        self.pause: Callable[[float], Awaitable[None]] = asyncio.sleep
        """How a computer player (or the start-up load) waits before it tries again what the database
        refused (``retry_pause``): a test gives its own, to count the pauses without waiting them."""
        self.closing = False

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, lambda: fn(*args, **kwargs))

    async def read(self, what: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A read of the store for a person's request (or the start-up load); one the database refuses
        is ``refused_read`` (a 503 in words, or a socket closed in words), and changes nothing. The log
        says so once for a run of refusals, and once when the database answers again."""
        try:
            found = await self.db(fn, *args, **kwargs)
        except Exception as exc:
            self._unread += 1
            if self._unread == 1:
                log.warning(
                    "the database refused to read %s (%s); every read it refuses is answered so, in words, "
                    "until it reads again",
                    what,
                    _reason(exc),
                )
            raise refused_read(what) from None
        if self._unread:
            log.info("the database reads again, after %d refused reads", self._unread)
            self._unread = 0
        return found

    async def close(self) -> None:
        self.closing = True
        for table in list(self.live.values()):
            if table.bots is not None:
                table.bots.cancel()
            for conn in list(table.connections):
                conn.close()
        if self._storing:
            await asyncio.gather(*self._storing, return_exceptions=True)
        await self._last_try()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)

    # --- making and finding tables ----------------------------------------------------------------

    def make_game(self, name: str, options: dict[str, Any]) -> Game[Any]:
        try:
            return parlour.make(name, **options)
        except KeyError:
            raise TableError("bad_request", f"no game named {name!r}", 404) from None
        except (ValueError, TypeError) as exc:
            raise TableError("bad_request", str(exc)) from None

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: Sequence[SeatSpec],
        *,
        public: bool = False,
        seed: int | None = None,
        creator: int | None = FIRST_PERSON,
        follows: str | None = None,
        present: frozenset[int] = frozenset(),
    ) -> Created:
        """A new table; its ``creator`` sits at the first person's seat unless another seat (or None:
        nobody, as when "play again" follows a creator handed to a computer player) is given. "Play
        again" makes it the next of table ``follows`` with the seats of the people ``present`` there
        taken, all in one transaction: a refusal leaves neither a next table half made nor a link to it."""
        if seed is not None and not self.allow_seeds:
            raise TableError("bad_request", "this server deals every table live; it takes no seed")
        game = self.make_game(game_name, options)
        if len(seats) != game.num_players:
            raise TableError(
                "bad_request", f"{game.title} is played by {game.num_players} here: give that many seats"
            )
        kinds = player_kinds(game.name)
        records: list[Seat] = []
        tokens: dict[int, str] = {}
        first_human = True
        for i, spec in enumerate(seats):
            if spec.kind == "human":
                token = secrets.token_urlsafe(18)
                tokens[i] = token
                name = spec.name.strip()[:40] or unnamed("human", i)
                # a name that reads as the seat's default (the older "seat 1" is shown "Seat 2") is no
                # name: the seat was kept from strangers by its shown name but guarded by ``named``
                seat = Seat(i, "human", None, name, hash_token(token), first_human)
                seat.named = shown_name(seat) != unnamed("human", i)
                if (
                    follows is not None
                ):  # (the creator's seat is taken at once, a next match's by who is there)
                    seat.taken = i in present
                records.append(seat)
                first_human = False
            elif spec.kind == "computer":
                player = spec.player or default_player(kinds)
                if player not in kinds:
                    raise TableError(
                        "bad_request", f"{game.name} has no computer player {player!r}: {', '.join(kinds)}"
                    )
                # "Computer 2", not "normal 2": the log read "normal 2 plays Q♥" and the score "you &
                # normal 2"; the seat's tag says the level ("computer (normal)")
                name = spec.name.strip()[:40] or unnamed("computer", i)
                records.append(Seat(i, "computer", player, name, None, True))
            else:
                raise TableError(
                    "bad_request", f"seat {i}: a seat is 'human' or 'computer', not {spec.kind!r}"
                )
        try:
            state = game.new(seed=seed)
        except ValueError as exc:
            raise TableError("bad_request", str(exc)) from None
        draws = [dict(e.data) for e in state.log if e.to == RECORD and e.kind == "chance"]
        table_id = secrets.token_urlsafe(9)
        table = Table(table_id, game, state, records, 0, public, seed, status_of(state, records))
        if creator == FIRST_PERSON:
            creator = next((r.seat for r in records if r.kind == "human"), None)
        made = self.kept_wait.clock()
        table.creator, table.kept_wait, table.created, table.loaded = creator, self.kept_wait, made, made
        try:
            await self.db(
                self.store.create_table,
                table_id,
                game.name,
                dict(game.options),
                seed,
                public,
                records,
                draws,
                table.status,
                creator=creator,
                created=made,
                follows=follows,
            )
        except Exception as exc:  # (nothing is held that the store has not got)
            log.warning("a new %s table was not stored (%s)", game.name, _reason(exc))
            raise refused_write("to store the new table, so none was made") from None
        self.live[table_id] = table
        self.wake_bots(table)
        return Created(table, tokens)

    async def get(self, table_id: str) -> Table:
        """The table, rebuilt from the store if this process has not held it yet."""
        table = self.live.get(table_id)
        if table is not None:
            return table
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                loaded = await self._load(table_id)
                pending.set_result(loaded)
            except asyncio.CancelledError:
                # (a server stopped while loading: cancelled, not an exception nobody retrieves)
                pending.cancel()
                raise
            except BaseException as exc:
                pending.set_exception(exc)
                pending.exception()  # (the caller has it, and so has any other waiter: retrieved)
                raise
            finally:
                del self._loading[table_id]
        found = await asyncio.shield(pending)
        if found is None:
            raise TableError("not_found", f"no table {table_id!r}", 404)
        return found

    async def _load(self, table_id: str) -> Table | None:
        if len(table_id) > 32:
            return None
        record = await self.read("this table", self.store.table, table_id)
        if record is None:
            return None
        moves = await self.read("this table", self.store.moves, table_id)
        game = self.make_game(record.game, played_options(record.game, record.options))
        draws = [d for m in moves for d in m.draws]
        actions = [(m.seat, m.action) for m in moves if m.action is not None]
        loop = asyncio.get_running_loop()
        try:
            state = await loop.run_in_executor(
                self.bot_pool,
                lambda: game.from_record(record.seed, draws, actions),
            )
        except InvalidSave as exc:
            raise TableError("server", f"table {table_id} cannot be rebuilt: {exc}", 500) from None
        seats = record.seats
        for (held, seat), unstored in self.unstored.items():
            if held == table_id and 0 <= seat < len(seats):
                seats[seat].left = unstored.left  # (the store has not got it: this process's is the truth)
        table = Table(table_id, game, state, seats, len(actions), record.public, record.seed, record.status)
        table.next_id = record.next_id
        table.creator, table.kept_wait = record.creator, self.kept_wait
        table.created, table.loaded = aware(record.created), self.kept_wait.clock()
        self.live[table_id] = table
        self.wake_bots(table)
        return table

    async def resume(self) -> None:
        """Rebuild every unfinished table whose next move is a computer player's (after a restart). What
        the database refuses to read (the list, or a table) is tried again after a pause (``retry_pause``)
        until it is read: a refusal ended the load with an exception nobody retrieved, and the computer
        players of the tables not loaded yet waited until someone opened them."""
        waiting: list[str] | None = None  # (None: the list of unfinished tables is not read yet)
        refusals = 0
        while not self.closing:
            try:
                if waiting is None:
                    waiting = await self.read("the unfinished tables", self.store.unfinished)
                left = []
                for table_id in waiting:
                    try:
                        await self.get(table_id)
                    except TableError as exc:
                        if exc.code == "unread":
                            left.append(table_id)  # (any other error is the table's own: not again)
                    except Exception:  # (one table's fault must not leave the others unloaded)
                        log.exception("table %s could not be loaded at the start", table_id)
                waiting = left
            except TableError:
                pass  # (the list refused: logged by ``read``)
            if waiting == []:
                return
            refusals += 1
            await self.pause(retry_pause(refusals))

    def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat whose secret ``token`` is, or ``TableError`` if it is no seat's."""
        if token is None:
            return None
        wanted = hash_token(token)
        for s in table.seats:
            if (
                s.kind == "human"
                and s.token_hash is not None
                and secrets.compare_digest(s.token_hash, wanted)
            ):
                return s.seat
        raise TableError(
            "unknown_token", "this link's secret is no seat's at this table (it may have been replaced)", 403
        )

    # --- playing ----------------------------------------------------------------------------------

    async def act(
        self, table: Table, seat: int | None, text: object, version: object, by: Connection | None = None
    ) -> int:
        """Apply ``text`` for ``seat`` if ``version`` is the table's; store it; acknowledge it to the
        connection it came ``by`` (before anything else it hears); tell the table.
        Returns the new version; ``TableError`` (nothing changed) otherwise."""
        if seat is None:
            raise TableError("spectator", "you are watching this table: only its players act")
        if not isinstance(text, str):
            raise TableError("malformed", "an action is text, such as 'play 9H'")
        if isinstance(version, bool) or not isinstance(version, int):
            raise TableError("bad_message", "an action carries the table version it was chosen at")
        async with table.lock:
            if self.live.get(table.id) is not table:
                raise TableError("stale", "the table is being rebuilt from what was stored: reconnect")
            if version != table.version:
                raise TableError(
                    "stale",
                    f"the table has moved on (version {table.version}, your action was for {version}); "
                    "nothing was played — look again and choose",
                )
            state = table.state
            if state.is_over:
                raise TableError("illegal", "the match is over")
            current = state.current_player
            if current != seat:
                who = shown_name(table.seats[current]) if current is not None else "nobody"
                # the client puts "It is not your turn" before the message: say only who is to move
                raise TableError("not_your_turn", f"{who} is to move")
            # (played on a copy: a move the database refuses leaves the table as it was)
            state = state.clone()
            before = len(state.log)
            try:
                state.apply(text, seat=seat)
            # the reason alone: the client says "That is not allowed" (or "not an action of this game")
            # before it, and the player knows what they typed ("illegal action 'play ZZ': ..." twice over)
            except MalformedAction as exc:
                raise TableError("malformed", exc.reason) from None
            except (ForbiddenAction, IllegalAction) as exc:
                raise TableError("illegal", exc.reason) from None
            new = state.log[before:]
            action = next(str(e.data["action"]) for e in new if e.to == RECORD and e.kind == "action")
            draws = [dict(e.data) for e in new if e.to == RECORD and e.kind == "chance"]
            status = status_of(state, table.seats)
            try:
                await self.writer.append(
                    NewMove(table.id, table.version + 1, seat, action, draws, status, outcome_of(state))
                )
            except StaleMove:
                # The store is ahead of the match in memory: forget it, and everyone at the table
                # reconnects to the match rebuilt from what was committed.
                error = TableError("stale", "another server process stored a move here first; look again")
                self.evict(table, error)
                raise error from None
            except Exception as exc:
                # Refused: nothing was played (the copy is dropped), and only the mover hears it.
                if self._refused_moves.get(table.id) != seat:
                    log.warning(
                        "table %s: %s's move %r was not stored (%s); nothing was played",
                        table.id,
                        shown_name(table.seats[seat]),
                        action,
                        _reason(exc),
                    )
                self._refused_moves[table.id] = seat
                raise refused_write("your move, so nothing was played") from None
            self._refused_moves.pop(table.id, None)
            table.state = state
            table.version += 1
            table.status = status
            if by is not None:
                by.send(frames.encode({"type": "ack", "version": table.version}))
            self.broadcast(table)
            if self._refused(table.id):  # the table's next write: what the database refused, again
                await self._write_left(table)
        self.wake_bots(table)
        return table.version

    def evict(self, table: Table, error: TableError) -> None:
        """Drop a table whose match in memory cannot be trusted: each connection hears why and is
        closed (clients reconnect), and the next visit rebuilds the table from the store."""
        if self.live.get(table.id) is table:
            del self.live[table.id]
        if table.bots is not None and table.bots is not asyncio.current_task():
            table.bots.cancel()
        text = frames.encode({"type": "error", "code": error.code, "message": error.message})
        for conn in list(table.connections):
            conn.send(text)
            conn.close()
        table.connections.clear()

    def broadcast(self, table: Table) -> None:
        """Send every connection its seat's new state (one view per seat, shared by its connections)."""
        by_seat: dict[int | None, Any] = {}
        for conn in list(table.connections):
            if conn.closed:
                table.connections.discard(conn)
                continue
            if conn.seat not in by_seat:
                by_seat[conn.seat] = (
                    table.state.view(conn.seat),
                    frames.log_lines(table.state, table.state.events(conn.seat)),
                )
            view, lines = by_seat[conn.seat]
            frame = frames.frame_of(table.game, view, lines, table.version, conn.log_sent)
            conn.log_sent = len(lines)
            conn.send(frames.encode(frame))

    def send_state(self, table: Table, conn: Connection) -> None:
        frame = frames.state_frame(table.state, conn.seat, table.version, conn.log_sent)
        conn.log_sent = frame["log_from"] + len(frame["log"])
        conn.send(frames.encode(frame))

    def announce(self, table: Table) -> None:
        """Tell everyone at the table who sits where and who is connected."""
        text = frames.encode({"type": "table", "table": table.info()})
        for conn in list(table.connections):
            conn.send(text)

    async def join_connection(self, table: Table, conn: Connection) -> bool:
        """Seat (or show the table to) a new connection; False if the database refused to store its
        seat as taken: the connection is told, not at the table, and closing (it has not left)."""
        async with table.lock:
            table.connections.add(conn)
            back = conn.seat is not None and table.seats[conn.seat].left is not None
            if back and conn.seat is not None:
                # back at the table: a restart from now on sends them away at the restart, not at the
                # leaving stored before they came back (stored under the lock, as the leaving is)
                table.seats[conn.seat].left = None
            if back or self._refused(table.id):  # (and what the database refused before, again)
                await self._write_left(table, conn.seat if back else None)
            if conn.seat is not None and not table.seats[conn.seat].taken:
                s = table.seats[conn.seat]
                s.taken = True
                status = status_of(table.state, table.seats)
                try:
                    await self.db(self.store.update_seat, table.id, conn.seat, status=status, taken=True)
                except Exception as exc:
                    # no half-taken seat: as it was, and the person hears it (their page tries again)
                    s.taken = False
                    table.connections.discard(conn)
                    log.warning(
                        "table %s: %s sitting down was not stored (%s); they were sent away to try again",
                        table.id,
                        shown_name(s),
                        _reason(exc),
                    )
                    error = {
                        "type": "error",
                        "code": "unstored",
                        "message": "the server's database refused to store your seat as taken, so you are "
                        "not seated yet; the page tries again",
                    }
                    conn.send(frames.encode(error))
                    conn.close(1013)
                    return False
                table.status = status
            conn.send(frames.encode(frames.welcome_frame(table.state, conn.seat, table.info())))
            self.send_state(table, conn)
            self.announce(table)
        return True

    async def leave_connection(self, table: Table, conn: Connection) -> None:
        conn.close()
        table.connections.discard(conn)
        seat = conn.seat
        if seat is not None and not table.connected(seat) and table.seats[seat].kind == "human":
            table.seats[seat].left = self.kept_wait.clock()  # a kept seat's wait starts again
            if not self.closing:  # (a stopping server sent them away: a restart counts from itself)
                # stored, so a restarted server counts from here; in a task of its own, as the socket's
                # handler that calls this may be cancelled once its client has gone
                task = asyncio.get_running_loop().create_task(self._store_left(table, seat))
                self._storing.add(task)
                task.add_done_callback(self._storing.discard)
        self.announce(table)

    async def _store_left(self, table: Table, seat: int) -> None:
        """Store when the seat's person last left, as this process now holds it (None: back at the
        table), under the table's lock: a quick return's clearing is never overwritten by the leaving
        before it."""
        async with table.lock:
            await self._write_left(table, seat)

    def _refused(self, table_id: str) -> list[int]:
        """The seats of a table whose leaving (or return) the database refused, not stored since."""
        return sorted(seat for held, seat in self.unstored if held == table_id)

    async def _write_left(self, table: Table, seat: int | None = None) -> None:
        """Store ``seat``'s leaving (``seats.left_at``) as this process holds it, and every other of the
        table's that the database refused before; the caller holds the table's lock. A refusal changes
        nothing at the table: the wait counts from memory (``Table.kept_until``), the log says so in
        one line, and the write is tried again at the table's next coming, leaving or move and when the
        server stops (``_last_try``); a restart before then counts the seat's wait from the restart.
        The database's refusal once sent a returning person away with an error, and a leaving it refused
        was forgotten."""
        seats = sorted({*self._refused(table.id), *([] if seat is None else [seat])})
        for s in seats:
            key = (table.id, s)
            unstored = self.unstored.get(key) or Unstored(table.seats[s].left)
            unstored.left = table.seats[s].left
            unstored.tries += 1
            try:
                await self.db(self.store.update_seat, table.id, s, left_at=unstored.left)
            except Exception as exc:
                unstored.error = _reason(exc)
                if key not in self.unstored:
                    self.unstored[key] = unstored
                    log.warning(
                        "table %s: %s was not stored (%s); %s, and tries the write again at the table's "
                        "next coming, leaving or move and when it stops",
                        table.id,
                        _leaving_words(table.seats[s], unstored.left),
                        unstored.error,
                        "this server counts the seat's wait from it"
                        if unstored.left is not None
                        else "this server holds them as back",
                    )
                continue
            if self.unstored.pop(key, None) is not None:
                log.warning(
                    "table %s: %s is stored, at the %s try",
                    table.id,
                    _leaving_words(table.seats[s], unstored.left),
                    _ordinal(unstored.tries),
                )

    async def _last_try(self) -> None:
        """As the server stops: store every leaving the database refused, once more; say which it could
        not, and what a restart makes of them."""
        for table_id, seat in sorted(self.unstored):
            table = self.live.get(table_id)
            if table is not None and 0 <= seat < len(table.seats):
                async with table.lock:
                    if (table_id, seat) in self.unstored:
                        await self._write_left(table, seat)
                continue
            unstored = self.unstored[(table_id, seat)]
            unstored.tries += 1  # (a table evicted since: its leaving as refused)
            try:
                await self.db(self.store.update_seat, table_id, seat, left_at=unstored.left)
                del self.unstored[(table_id, seat)]
            except Exception as exc:
                unstored.error = _reason(exc)
        for (table_id, seat), unstored in sorted(self.unstored.items()):
            table = self.live.get(table_id)
            whose = table.seats[seat] if table is not None and 0 <= seat < len(table.seats) else None
            log.error(
                "table %s: %s was not stored before the server stopped (%d tries; %s): a restarted server "
                "counts the seat's wait from %s",
                table_id,
                _leaving_words(whose, unstored.left, seat),
                unstored.tries,
                unstored.error,
                "its own start"
                if unstored.left is not None
                else "the leaving stored before they came back (too short a wait)",
            )

    async def claim(self, table: Table, seat: int | None, name: str) -> tuple[int, str]:
        """A free human seat of a public table for a newcomer: a new secret, the old link void."""
        async with table.lock:
            if not table.public:
                raise TableError(
                    "forbidden", "this table is private: join it by the link a player sends you", 403
                )
            free = [s.seat for s in table.seats if s.kind == "human" and not s.taken and not kept(s)]
            waited = [shown_name(s) for s in table.seats if kept(s)]
            if seat is None:
                if not free:
                    raise TableError("taken", _none_free(waited), 409)
                seat = free[0]
            if seat not in free:
                s = table.seats[seat] if 0 <= seat < len(table.seats) else None
                if s is not None and kept(s):
                    raise TableError("taken", f"that seat is kept for {shown_name(s)}, who has its link", 409)
                raise TableError("taken", "that seat is not free", 409)
            token = secrets.token_urlsafe(18)
            s = table.seats[seat]
            was = (s.token_hash, s.taken, s.name)
            s.token_hash, s.taken = hash_token(token), True
            if name.strip():
                s.name = name.strip()[:40]
            status = status_of(table.state, table.seats)
            try:
                await self.db(
                    self.store.update_seat,
                    table.id,
                    seat,
                    status=status,
                    token_hash=s.token_hash,
                    taken=True,
                    name=s.name,
                )
            except Exception as exc:
                s.token_hash, s.taken, s.name = was
                log.warning(
                    "table %s: a join of seat %d was not stored (%s)", table.id, seat + 1, _reason(exc)
                )
                raise refused_write("to store your seat, so you have not joined") from None
            table.status = status
        self.announce(table)
        return seat, token

    async def replace(self, table: Table, by_token: str, seat: int, player: str | None) -> None:
        """A person at the table hands a gone player's seat to a computer player: a seat kept for its
        person (``guarded``) only if that person is the table's creator, or once it has waited
        ``KEPT_WAIT`` (``Table.kept_until``)."""
        actor = self.seat_of(table, by_token)
        if seat < 0 or seat >= len(table.seats):
            raise TableError("bad_request", f"no seat {seat}", 404)
        if actor == seat:
            raise TableError("forbidden", "hand over another player's seat, not your own", 403)
        kinds = player_kinds(table.game.name)
        player = player or default_player(kinds)
        if player not in kinds:
            raise TableError("bad_request", f"{table.game.name} has no computer player {player!r}")
        async with table.lock:
            s = table.seats[seat]
            if s.kind != "human":
                raise TableError("taken", f"{shown_name(s)} is already a computer player", 409)
            if table.connected(seat):
                raise TableError("taken", f"{shown_name(s)} is still at the table", 409)
            wait = table.kept_for(seat)
            if wait and actor != table.host():
                raise TableError("kept", kept_words(table, seat, wait), 409)
            was = (s.kind, s.player, s.token_hash, s.taken, s.name)
            person = shown_name(s)
            s.kind, s.player, s.token_hash, s.taken = "computer", player, None, True
            s.name = f"{person} ({player})"[:60]
            status = status_of(table.state, table.seats)
            try:
                await self.db(
                    self.store.update_seat,
                    table.id,
                    seat,
                    status=status,
                    kind="computer",
                    player=player,
                    token_hash=None,
                    taken=True,
                    name=s.name,
                )
            except Exception as exc:
                s.kind, s.player, s.token_hash, s.taken, s.name = was
                log.warning(
                    "table %s: %s's seat handed over was not stored (%s)", table.id, person, _reason(exc)
                )
                raise refused_write(f"to store the hand-over, so the seat is still {person}'s") from None
            table.status = status
        self.announce(table)
        self.wake_bots(table)

    async def again(self, table: Table, conn: Connection) -> None:
        """Play again: a new table with the same game, options and seats (one per table)."""
        if conn.seat is None:
            raise TableError("spectator", "only the players can start another match")
        if not table.state.is_over:
            raise TableError("illegal", "the match is not over yet")
        async with table.lock:
            if table.next_id is None:
                specs = [SeatSpec(s.kind, s.player, s.name) for s in table.seats]
                # every person at the table keeps a seat, taken for them
                present = frozenset(
                    s.seat for s in table.seats if s.kind == "human" and table.connected(s.seat)
                )
                created = await self.create(
                    table.game.name,
                    dict(table.game.options),
                    specs,
                    public=table.public,
                    seed=None if table.seed is None else (table.seed + 1) % 2**63,
                    creator=table.host(),
                    follows=table.id,
                    present=present,
                )
                nxt = created.table
                table.next_id = nxt.id
                # the watchers hear where the players go (the banner's "Watch their next match"):
                # they learnt it only when a player's socket to this table happened to close
                self.announce(table)
                # every person keeps a seat: each connected one hears its own new secret
                for c in list(table.connections):
                    if c.seat is not None and c.seat in created.tokens:
                        c.send(
                            frames.encode(
                                {
                                    "type": "next",
                                    "id": nxt.id,
                                    "link": f"/t/{nxt.id}#seat={c.seat}&token={created.tokens[c.seat]}",
                                }
                            )
                        )
            else:
                nxt = await self.get(table.next_id)
                link = None
                async with nxt.lock:
                    s = nxt.seats[conn.seat]
                    if s.kind == "human" and not s.taken:  # this person was away when the next match began
                        token = secrets.token_urlsafe(18)
                        was = s.token_hash
                        s.token_hash, s.taken = hash_token(token), True
                        status = status_of(nxt.state, nxt.seats)
                        try:
                            await self.db(
                                self.store.update_seat,
                                nxt.id,
                                s.seat,
                                status=status,
                                token_hash=s.token_hash,
                                taken=True,
                            )
                        except Exception as exc:
                            s.token_hash, s.taken = was, False
                            log.warning(
                                "table %s: seat %d taken at the next match was not stored (%s)",
                                nxt.id,
                                s.seat + 1,
                                _reason(exc),
                            )
                            raise refused_write(
                                "to store your seat at the next match; you are not there yet"
                            ) from None
                        nxt.status = status
                        link = f"/t/{nxt.id}#seat={s.seat}&token={token}"
                conn.send(frames.encode({"type": "next", "id": nxt.id, "link": link}))

    async def hint(self, table: Table, conn: Connection) -> None:
        """A hint for a person's seat: the strong player's move and its reason, from that seat's view.

        It is computed in the players' pool, one at a time per connection, and answered to the asking
        connection only; a table that moved on meanwhile gets it with its version, so a page shows
        only a hint for the position it is looking at."""
        seat = conn.seat
        if seat is None:
            raise TableError("spectator", "only a player at the table can ask for a hint")
        if table.state.is_over:
            raise TableError("illegal", "the match is over")
        if table.state.current_player != seat:
            # the client says "It is not your turn" before the reason: "wait for your turn" said it twice
            raise TableError("not_your_turn", "a hint is for your own move")
        if conn.hinting:
            raise TableError("busy", "a hint is already being worked out")
        version = table.version
        view = table.state.view(seat)
        conn.hinting = True
        try:
            advice = await asyncio.get_running_loop().run_in_executor(
                self.bot_pool,
                _hint,
                table.game.name,
                dict(table.game.options),
                bot_seed(table.seed, version) ^ (seat + 1),
                view,
                MOVE_SECONDS if table.seed is None else None,
            )
        except Exception as exc:  # a failing hint must not close the person's connection
            log.exception("table %s: the hint for seat %s failed", table.id, seat)
            raise TableError("hint_failed", "no hint could be worked out here") from exc
        finally:
            conn.hinting = False
        answer = {"type": "hint", "version": version, "action": advice.action, "reason": advice.reason}
        conn.send(frames.encode(answer))

    # --- computer players -------------------------------------------------------------------------

    def wake_bots(self, table: Table) -> None:
        if self.closing or table.state.is_over:
            return
        if table.bots is None or table.bots.done():
            table.bots = asyncio.get_running_loop().create_task(self._bots(table))
            table.bots.add_done_callback(_report_failure)

    async def _bots(self, table: Table) -> None:
        refusals = 0  # the database's refusals of this table's computer moves in a row
        # The move (version, seat) whose computer player chose an illegal action: its first legal move is
        # played instead, and tried again as any refused move, without asking the player again (its
        # fallback refused by the database ended this task with a traceback, the table waiting for nobody).
        illegal: tuple[int, int] | None = None
        while not self.closing and self.live.get(table.id) is table:
            seat = table.state.current_player
            if seat is None or table.seats[seat].kind != "computer":
                return
            kind = table.seats[seat].player or default_player(player_kinds(table.game.name))
            version = table.version
            view = table.state.view(seat)
            if illegal == (version, seat):
                action = fallback_action(view)
            else:
                action = await self._choice(table, seat, kind, view)
            try:
                await self.act(table, seat, action, version)
            except TableError as exc:
                if exc.code in ("stale", "not_your_turn"):
                    continue
                if exc.code == "unstored":  # (logged once by act): tried again after a longer pause
                    refusals += 1
                    if refusals == 1:
                        log.info(
                            "table %s: %s tries its move again in %g s, and waits twice as long after each "
                            "refusal more, at most %g s",
                            table.id,
                            shown_name(table.seats[seat]),
                            retry_pause(1),
                            RETRY_MOST,
                        )
                    await self.pause(retry_pause(refusals))
                    continue
                if exc.code in ("illegal", "malformed") and illegal != (version, seat):
                    log.error(
                        "table %s: the %s player at seat %s chose %r: %s", table.id, kind, seat, action, exc
                    )
                    illegal = (version, seat)  # (played next, at once)
                    continue
                raise
            if refusals:  # (stored: the next refusal starts a new run, at the shortest pause)
                log.info(
                    "table %s: %s's move is stored, after %d refusals",
                    table.id,
                    shown_name(table.seats[seat]),
                    refusals,
                )
                refusals = 0

    async def _choice(self, table: Table, seat: int, kind: str, view: View[Any]) -> str:
        """The computer player's action for ``seat``, after the table's delay; a player that fails plays
        its first legal action this once."""
        loop = asyncio.get_running_loop()
        if self.bot_delay:
            await asyncio.sleep(self.bot_delay)
        try:
            action = await loop.run_in_executor(
                self.bot_pool,
                _choose,
                table.game.name,
                dict(table.game.options),
                kind,
                bot_seed(table.seed, table.version),
                view,
                MOVE_SECONDS if table.seed is None else None,
            )
        except Exception:
            # A computer player that fails must not stall the table for the people at it: it is
            # logged, and the seat plays its first legal action this once.
            log.exception(
                "table %s: the %s player at seat %s failed; it plays its first legal move",
                table.id,
                kind,
                seat,
            )
            action = fallback_action(view)
        return action


__all__ = ["Connection", "Created", "SeatSpec", "Table", "TableError", "Tables"]
