"""The web table's storage: tables, seats and every move, in SQLite or PostgreSQL (SQLAlchemy 2).

The database is the memory that survives the process: a move is committed here before anyone hears
of it, and a table is rebuilt from its moves (``Game.from_record``) after a restart. The schema is made
and upgraded by Alembic migrations (``parlour/web/migrations``), run when the store opens.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table: a match of one game with its options."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """Only tables made for tests carry a seed; live tables deal from the OS's CSPRNG."""
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    next_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    creator: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat of the person who made the table (None: a match to watch, or made before it was kept)."""
    finished: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SeatRow(Base):
    """A seat at a table: a person (with the hash of the seat's secret) or a computer player."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    player: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    taken: Mapped[bool] = mapped_column(Boolean, default=False)
    named: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the table's creator named this person's seat (for a friend, or their own)."""
    left_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the seat's person last left the table (its last connection closed); None while they are
    there, or if they never came: a kept seat's wait counts from it, across a restart."""


class MoveRow(Base):
    """One move, numbered from 1 (0 is the deal: its chance draws and no action)."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[str | None] = mapped_column(Text, nullable=True)
    draws: Mapped[list[Any]] = mapped_column(JSON)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


TABLES = Base.metadata.tables["tables"]
MOVES = Base.metadata.tables["moves"]


def hash_token(token: str) -> str:
    """A seat's secret is kept only as its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


def aware(moment: dt.datetime) -> dt.datetime:
    """SQLite gives back times without their zone; they were stored in UTC."""
    return moment.replace(tzinfo=dt.UTC) if moment.tzinfo is None else moment


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def default_database_url() -> str:
    """SQLite in the user's data folder (``$XDG_DATA_HOME/parlour/parlour.db``)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "parlour"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'parlour.db'}"


@dataclass
class SeatRecord:
    """A seat at a table, as stored and as the server holds it (``kind``: ``human`` or ``computer``;
    a person's seat keeps only the hash of its secret)."""

    seat: int
    kind: str
    player: str | None
    name: str
    token_hash: str | None
    taken: bool
    named: bool = False
    """Whether the table's creator named this person's seat: it is kept for its person a while
    (``Table.kept_until``)."""
    left: dt.datetime | None = None
    """When its person last left the table (None: there at the last restart, or never came)."""


@dataclass(frozen=True)
class TableRecord:
    id: str
    game: str
    options: dict[str, Any]
    seed: int | None
    public: bool
    status: str
    version: int
    outcome: dict[str, Any] | None
    next_id: str | None
    created: dt.datetime
    seats: list[SeatRecord]
    moved: dt.datetime | None = None
    """When its last move was stored (None: not asked for, or no move yet): the lobby's idle tables."""
    creator: int | None = None
    """The seat of the person who made the table (None: nobody's, or not known: made before it was stored)."""


@dataclass(frozen=True)
class NewMove:
    """A move to store: the table's new version is ``seq``, and its status and outcome after it."""

    table_id: str
    seq: int
    seat: int | None
    action: str
    draws: list[dict[str, Any]]
    status: str
    outcome: dict[str, Any] | None


@dataclass(frozen=True)
class MoveRecord:
    seq: int
    seat: int | None
    action: str | None
    draws: list[dict[str, Any]]


def _table_record(row: TableRow, seats: Sequence[SeatRow]) -> TableRecord:
    return TableRecord(
        row.id,
        row.game,
        dict(row.options),
        int(row.seed) if row.seed is not None else None,
        row.public,
        row.status,
        row.version,
        row.outcome,
        row.next_id,
        row.created,
        [
            SeatRecord(
                s.seat,
                s.kind,
                s.player,
                s.name,
                s.token_hash,
                s.taken,
                s.named,
                None if s.left_at is None else aware(s.left_at),
            )
            for s in seats
        ],
        creator=row.creator,
    )


class StaleMove(Exception):
    """The move's number is taken: another process or request stored a move there first."""


class Store:
    """The tables' storage. Every method is one transaction, committed before it returns (call them
    off the event loop: they block on the database)."""

    def __init__(self, url: str) -> None:
        self.url = url
        connect_args: dict[str, Any] = {}
        if url.startswith("sqlite"):
            connect_args = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(url, connect_args=connect_args, pool_pre_ping=True)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create_table(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seed: int | None,
        public: bool,
        seats: Sequence[SeatRecord],
        deal_draws: list[dict[str, Any]],
        status: str,
        *,
        creator: int | None = None,
        created: dt.datetime | None = None,
        follows: str | None = None,
    ) -> None:
        """A new table, its seats and its deal; with ``follows``, the table it is the next match of
        (``next_id``), in the same transaction."""
        with self.sessions.begin() as session:
            session.add(
                TableRow(
                    id=table_id,
                    game=game,
                    options=options,
                    seed=str(seed) if seed is not None else None,
                    public=public,
                    status=status,
                    version=0,
                    created=created or now(),
                    creator=creator,
                )
            )
            session.flush()
            for s in seats:
                session.add(
                    SeatRow(
                        table_id=table_id,
                        seat=s.seat,
                        kind=s.kind,
                        player=s.player,
                        name=s.name,
                        token_hash=s.token_hash,
                        taken=s.taken,
                        named=s.named,
                    )
                )
            session.add(
                MoveRow(table_id=table_id, seq=0, seat=None, action=None, draws=deal_draws, created=now())
            )
            if follows is not None:
                session.flush()
                session.execute(update(TableRow).where(TableRow.id == follows).values(next_id=table_id))

    def append_moves(self, moves: Sequence[NewMove]) -> list[Exception | None]:
        """Store several tables' moves in one transaction (one commit for all: the database's cost
        is the commit, not the rows). Returns, per move, ``None`` or the error it met; if any move
        fails, nothing of the batch is kept and each is tried again alone, so one table's stale move
        never costs another table its own."""
        try:
            with self.engine.begin() as conn:
                for move in moves:
                    self._append(conn, move)
            return [None] * len(moves)
        except Exception:
            if len(moves) == 1:
                raise
        out: list[Exception | None] = []
        for move in moves:
            try:
                with self.engine.begin() as conn:
                    self._append(conn, move)
                out.append(None)
            except Exception as exc:
                out.append(exc)
        return out

    def _append(self, conn: Connection, move: NewMove) -> None:
        values: dict[str, Any] = {"version": move.seq, "status": move.status, "outcome": move.outcome}
        if move.status == "finished":
            values["finished"] = now()
        done = conn.execute(
            update(TABLES)
            .where(TABLES.c.id == move.table_id, TABLES.c.version == move.seq - 1)
            .values(**values)
        )
        if done.rowcount != 1:
            raise StaleMove(f"table {move.table_id}: move {move.seq} is already stored")
        conn.execute(
            insert(MOVES).values(
                table_id=move.table_id,
                seq=move.seq,
                seat=move.seat,
                action=move.action,
                draws=move.draws,
                created=now(),
            )
        )

    def update_seat(self, table_id: str, seat: int, *, status: str | None = None, **values: Any) -> None:
        """Change a seat, and with it (one transaction: both or neither) the table's ``status``."""
        with self.sessions.begin() as session:
            session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(**values)
            )
            if status is not None:
                session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def set_table(self, table_id: str, **values: Any) -> None:
        with self.sessions.begin() as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    def table(self, table_id: str) -> TableRecord | None:
        with self.sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            return _table_record(row, seats)

    def moved(self, table_id: str) -> dt.datetime | None:
        """When the table's last move was stored, or when the table was made if it has no move yet
        (``None``: no such table): the lobby's private tables say when a match last moved."""
        with self.sessions() as session:
            last = session.scalar(select(func.max(MoveRow.created)).where(MoveRow.table_id == table_id))
            if last is None:
                last = session.scalar(select(TableRow.created).where(TableRow.id == table_id))
            return None if last is None else aware(last)

    def moves(self, table_id: str) -> list[MoveRecord]:
        with self.sessions() as session:
            rows = session.scalars(select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.seq))
            return [MoveRecord(r.seq, r.seat, r.action, list(r.draws)) for r in rows]

    def tables(
        self, *, status: str | None = None, public: bool | None = None, limit: int = 50
    ) -> list[TableRecord]:
        with self.sessions() as session:
            query = select(TableRow).order_by(TableRow.created.desc()).limit(limit)
            if status is not None:
                query = query.where(TableRow.status == status)
            if public is not None:
                query = query.where(TableRow.public == public)
            rows = session.scalars(query).all()
            if not rows:
                return []
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id.in_([r.id for r in rows])).order_by(SeatRow.seat)
            ).all()
            by_table: dict[str, list[SeatRow]] = {}
            for s in seats:
                by_table.setdefault(s.table_id, []).append(s)
            last: dict[str, dt.datetime] = {
                table_id: moment
                for table_id, moment in session.execute(
                    select(MoveRow.table_id, func.max(MoveRow.created))
                    .where(MoveRow.table_id.in_([r.id for r in rows]))
                    .group_by(MoveRow.table_id)
                )
            }
            records = [_table_record(r, by_table.get(r.id, [])) for r in rows]
            return [dataclasses.replace(t, moved=aware(last[t.id])) if t.id in last else t for t in records]

    def unfinished(self) -> list[str]:
        with self.sessions() as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.status != "finished")))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets the lobby read while a move is written; foreign keys on, as PostgreSQL has them."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Bring the database's schema up to date with the Alembic migrations shipped in the package."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "parlour.web:migrations")
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


__all__ = [
    "MoveRecord",
    "SeatRecord",
    "StaleMove",
    "Store",
    "TableRecord",
    "default_database_url",
    "hash_token",
]
