"""What the web table's tests share: databases to run against, and a browser to drive.

PostgreSQL: set ``PARLOUR_TEST_POSTGRES`` to a URL of a role that may create databases
(``postgresql+psycopg://parlour:parlour@127.0.0.1/parlour``; ``.ci/run`` starts a server and sets it).
Each test gets a database of its own, dropped afterwards. Chromium: Debian's ``/usr/bin/chromium``
(or ``PARLOUR_CHROMIUM``). Without them the tests skip, saying how to run them — except in CI
(``CI=true``), where a missing server or browser fails the run instead of hiding it.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    import datetime as dt

    import sqlalchemy as sa
    from alembic.config import Config

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
ROOT = Path(__file__).parent.parent
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"


GAMES = ["apology", "bezique", "bishops-whist", "lansquenet", "open-tarock", "roquet"]

SHORT: dict[str, dict[str, Any]] = {
    "apology": {"deals": 1},
    "bezique": {"target": 100},
    "bishops-whist": {"hand_limit": 1},
    "lansquenet": {"players": 3, "length": "deals", "deals": 2},
    "open-tarock": {"deals": 1},
    "roquet": {"target": 1},
}
"""Options that make each game's match short (one hand, a low target)."""

PATIENCE_MS = 60_000
"""How long a browser test waits for a page to show what it waits for (a drawn step, a card, the
server's answer), in milliseconds: the default of every wait in the browser tests, and the limit of
those that gave less, but for the few that give up on purpose to try again (a click a redraw may beat,
a hint asked for again at the next turn). The tests' contexts waited 15 s, and some waits 10 s: on a
two-core CI machine loaded by another test's server, computer players and Chromium, a phone's page
took longer than that to draw its cards. A page that shows nothing in a minute is at fault, not slow."""


def shoot(page: Any, walk: str, name: str) -> None:
    """A screenshot of a walk's step, kept with the suite's others (``test-artifacts/screenshots/<walk>/``)
    to be looked at: the walks wrote them to a folder of one machine's, and nowhere elsewhere."""
    folder = SCREENSHOTS / walk
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))


def need(what: str, how: str) -> None:
    """Skip (outside CI) or fail (in CI) for a missing server or browser."""
    message = f"{what} is not available: {how}"
    if IN_CI:
        pytest.fail(f"CI must run every test, but {message}")
    pytest.skip(message)


def postgres_admin_url() -> str:
    url = os.environ.get("PARLOUR_TEST_POSTGRES", "")
    if not url:
        need(
            "PostgreSQL",
            "set PARLOUR_TEST_POSTGRES=postgresql+psycopg://user:password@127.0.0.1/db "
            "(a role that may create databases) to run these tests against it",
        )
    return url


@contextmanager
def fresh_postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test; dropped afterwards."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import DBAPIError

    admin = make_url(postgres_admin_url())
    name = f"parlour_test_{secrets.token_hex(6)}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        engine.dispose()
        need("PostgreSQL", f"cannot create a database at {admin.render_as_string()}: {exc}")
    try:
        yield admin.set(database=name).render_as_string(hide_password=False)
    finally:
        # FORCE ends the test's own leftover sessions; it is refused while a session of another role is
        # on the database (an autovacuum worker just after the test, seen once in CI), so try again.
        for attempt in range(20):
            try:
                with engine.connect() as conn:
                    conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                break
            except DBAPIError:
                if attempt == 19:
                    raise
                time.sleep(0.25)
        engine.dispose()


@contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    """A database URL of ``kind`` (``sqlite`` or ``postgres``), fresh for the test."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'parlour.db'}"
    else:
        with fresh_postgres_database() as url:
            yield url


def chromium_path() -> str:
    path = os.environ.get("PARLOUR_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        need("Chromium", "install Debian's chromium (apt-get install -y chromium) or set PARLOUR_CHROMIUM")
    return path


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``parlour serve`` in a process of its own, on a free port."""

    def __init__(
        self, database_url: str, *, bot_delay: float = 0.0, seeded: bool = True, args: Sequence[str] = ()
    ) -> None:
        self.database_url = database_url
        self.args = list(args)
        """More of ``parlour serve``'s options (``--kept-wait 600``)."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.bot_delay = bot_delay
        self.seeded = seeded
        self.process: subprocess.Popen[bytes] | None = None
        self.log: Any = None
        self.said = ""
        """What the server wrote, kept once it has ended and its log file is removed."""
        self.ending = threading.Lock()
        """A test may kill the server from a timer's thread while its own thread stops it."""

    def start(self) -> Server:
        args = [
            sys.executable,
            "-m",
            "parlour",
            "serve",
            "--port",
            str(self.port),
            "--database",
            self.database_url,
            "--bot-delay",
            str(self.bot_delay),
            "--table-rate",
            "0",
        ]
        if self.seeded:
            args.append("--allow-seeded-tables")
        args += self.args
        # The server's messages go to a file, never a pipe nobody reads (a full pipe would freeze it).
        self.log = tempfile.NamedTemporaryFile(prefix="parlour-serve-", suffix=".log", delete=False)  # noqa: SIM115
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self._ended()
                raise RuntimeError(f"parlour serve exited: {self.said[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"parlour serve did not start listening within 30 s: {self.said[-2000:]}")

    def messages(self) -> str:
        """What the server wrote to its standard error so far."""
        return Path(self.log.name).read_text(errors="replace") if self.log is not None else self.said

    def _ended(self) -> None:
        """The process has ended: keep what it wrote and remove its log file (thousands of test
        servers would otherwise leave thousands of files in the temporary folder)."""
        with self.ending:
            log, self.log = self.log, None
            if log is not None:
                self.said = Path(log.name).read_text(errors="replace")
                log.close()
                Path(log.name).unlink(missing_ok=True)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush — what a crash does."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._ended()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._ended()


@contextmanager
def running_server(database_url: str, **kwargs: object) -> Iterator[Server]:
    server = Server(database_url, **kwargs).start()  # type: ignore[arg-type]
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def sqlite_server(folder: Path, *, bot_delay: float = 0.0, args: Sequence[str] = ()) -> Iterator[Server]:
    """``parlour serve`` on a fresh SQLite database in ``folder`` (a test's temporary folder), stopped
    afterwards. What the server said beyond its routine lines (a failing computer player, say) is printed
    then, and pytest shows it with a failed test. The one way the browser tests start a server on SQLite:
    each module wrote its own (``server_fixture`` makes the module-scoped one; a walk's test that needs a
    server of its own, restarted or with a bot delay, opens one with this)."""
    with running_server(f"sqlite:///{folder / 'parlour.db'}", bot_delay=bot_delay, args=args) as server:
        try:
            yield server
        finally:
            server.stop()  # (before its words are read: stopping again is nothing)
            unusual = [line for line in server.messages().splitlines() if not line.startswith("INFO:")]
            if unusual:
                print("parlour serve said:", *unusual[-200:], sep="\n")


def server_fixture(folder: str, *, bot_delay: float = 0.0, args: Sequence[str] = ()) -> Any:
    """A module's ``server`` fixture: one ``parlour serve`` on SQLite (``sqlite_server``) in a temporary
    folder named ``folder``, shared by the module's tests. ``server = server_fixture("web12")`` at a test
    module's top; its tests then take ``server: Server``."""

    @pytest.fixture(scope="module", name="server")
    def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
        with sqlite_server(tmp_path_factory.mktemp(folder), bot_delay=bot_delay, args=args) as running:
            yield running

    return server


def alembic(connection: sa.Connection) -> Config:
    """The Alembic configuration of the migrations shipped in the package, run on ``connection`` (a
    SQLAlchemy connection): a test moves a database up or down to a revision with it."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "parlour.web:migrations")
    config.attributes["connection"] = connection
    return config


def table_at_0001(url: str, made: dt.datetime, seats: Sequence[tuple[str, str, bool]]) -> None:
    """A database at migration 0001 with one public table in it, as a server of then stored it: table
    ``old``, a short Bishop's Whist match dealt with seed 7 and made at ``made``, its seats ``(name, kind,
    taken)`` (a person's secret is ``secret-<seat>``, a computer player is ``random``). test_web11 upgrades
    it to the head, test_web14 to 0002 first."""
    import sqlalchemy as sa
    from alembic import command

    import parlour
    from parlour.engine.game import RECORD
    from parlour.web.store import hash_token

    engine = sa.create_engine(url)
    with engine.begin() as connection:
        command.upgrade(alembic(connection), "0001")
    game = parlour.make("bishops-whist", **SHORT["bishops-whist"])
    draws = [dict(e.data) for e in game.new(seed=7).log if e.to == RECORD and e.kind == "chance"]
    meta = sa.MetaData()
    tables = sa.Table("tables", meta, autoload_with=engine)
    rows = sa.Table("seats", meta, autoload_with=engine)
    moves = sa.Table("moves", meta, autoload_with=engine)
    with engine.begin() as connection:
        connection.execute(
            sa.insert(tables).values(
                id="old", game=game.name, options=dict(game.options), seed="7", public=True,
                status="waiting", version=0, created=made,
            )
        )  # fmt: skip
        for i, (name, kind, taken) in enumerate(seats):
            token = hash_token(f"secret-{i}") if kind == "human" else None
            player = "random" if kind == "computer" else None
            connection.execute(
                sa.insert(rows).values(
                    table_id="old", seat=i, kind=kind, player=player, name=name, token_hash=token, taken=taken
                )
            )
        connection.execute(sa.insert(moves).values(table_id="old", seq=0, draws=draws, created=made))
    engine.dispose()
