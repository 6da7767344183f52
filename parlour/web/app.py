"""The web server: the lobby's HTTP API, each table's WebSocket, the client's files and the cards.

``create_app`` makes the ASGI application; ``parlour serve`` runs it under uvicorn. The process is the
only authority over its tables (``parlour.web.tables``); this module only translates HTTP and
WebSocket messages into calls on it and refuses malformed ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import parlour
from parlour.cards import get_pack
from parlour.engine import InvalidSave
from parlour.players import LEVELS, default_player, describe_player, player_kinds
from parlour.web import frames
from parlour.web.store import Store, aware, now
from parlour.web.tables import (
    KEPT_WAIT,
    Connection,
    SeatSpec,
    Table,
    TableError,
    Tables,
    ordered_kinds,
    played_options,
    record_info,
)

STATIC = Path(str(resources.files("parlour.web").joinpath("static")))

IDLE_AFTER = 3600
"""Seconds without a move after which a table in play is listed apart in the lobby, as left mid-match:
its players have most likely gone; it is kept (and may still be watched, or taken up by its links)."""

MAX_MESSAGE = 4096
"""Bytes in one WebSocket message from a client; a longer one closes the connection."""
RATE = 20.0
"""Messages a second a connection may send on average ..."""
BURST = 40.0
"""... and at most this many at once."""
MAX_BODY = 65536
"""Bytes in an HTTP request's body."""


class RateLimit:
    """A token bucket per client address (for the requests that make something: tables, seats)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, who: str) -> bool:
        if self.burst <= 0:
            return True
        moment = time.monotonic()
        allowance, last = self.buckets.get(who, (self.burst, moment))
        allowance = min(self.burst, allowance + (moment - last) * self.rate)
        if len(self.buckets) > 10_000:  # forget the addresses that have been quiet longest
            self.buckets.clear()
        if allowance < 1:
            self.buckets[who] = (allowance, moment)
            return False
        self.buckets[who] = (allowance - 1, moment)
        return True


Name = Annotated[str, Field(default="", max_length=40, pattern=r"^[^\x00-\x1f\x7f]*$")]
"""A person's name: at most 40 characters, none of them a control character (PostgreSQL's text
holds no NUL, and a name is shown to everyone at the table)."""


class SeatIn(BaseModel):
    kind: Literal["human", "computer"]
    player: str | None = Field(default=None, max_length=64)
    name: Name = ""


class CreateIn(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=64)
    seats: list[SeatIn] = Field(min_length=1, max_length=10)
    public: bool = False
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    name: Name = ""
    """The creator's name, for the first person's seat (unless that seat names someone)."""


class JoinIn(BaseModel):
    seat: int | None = Field(default=None, ge=0, lt=10)
    name: Name = ""


class ComputerIn(BaseModel):
    player: str | None = Field(default=None, max_length=64)


def _seat_specs(body: CreateIn) -> list[SeatSpec]:
    specs = [SeatSpec(s.kind, s.player, s.name) for s in body.seats]
    first = next((s for s in specs if s.kind == "human"), None)
    if first is not None and not first.name.strip():
        first.name = body.name
    return specs


def _error(exc: TableError) -> HTTPException:
    return HTTPException(exc.status, exc.message)


@functools.cache
def player_notes(name: str) -> dict[str, str]:
    """Each kind of computer player of game ``name`` in a sentence (``describe_player``), for the
    lobby's choices; made once per process, as the players and their words do not change."""
    game = parlour.make(name)
    return {kind: describe_player(game, kind) for kind in player_kinds(name)}


def game_entry(name: str) -> dict[str, Any]:
    cls = parlour.game_class(name)
    info = cls.info()
    return {
        "name": info.name,
        "title": info.title,
        "summary": info.summary,
        "players": {"min": info.min_players, "max": info.max_players},
        "pack": info.pack,
        "options": [o.to_dict() for o in info.options],
        "computer_players": ordered_kinds(player_kinds(name)),
        "levels": [k for k in LEVELS if k in player_kinds(name)],
        "default_player": default_player(player_kinds(name)),
        "player_notes": player_notes(name),
        "brief_rounds": cls.brief_rounds,
    }


def create_app(
    database: str | None = None,
    *,
    bot_delay: float = 0.6,
    allow_seeds: bool = False,
    store: Store | None = None,
    table_rate: float = 30.0,
    kept_wait: float = KEPT_WAIT,
) -> FastAPI:
    """The server's application. ``database`` is a SQLAlchemy URL (SQLite in the user's data folder
    if none); ``bot_delay`` is the pause before a computer player moves, so people can follow;
    ``allow_seeds`` lets tests make reproducible tables (never for live play); ``kept_wait`` is how
    many seconds a seat its creator named stays its person's against the other players (``KEPT_WAIT``)."""

    state: dict[str, Tables] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        from parlour.web.store import default_database_url

        the_store: Store = (
            store if store is not None else await asyncio.to_thread(Store, database or default_database_url())
        )
        tables = Tables(the_store, bot_delay=bot_delay, allow_seeds=allow_seeds, kept_wait=kept_wait)
        state["tables"] = tables
        app.state.tables = tables
        resume = asyncio.get_running_loop().create_task(tables.resume())
        try:
            yield
        finally:
            resume.cancel()
            await tables.close()
            if store is None:
                the_store.close()

    app = FastAPI(title="parlour", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")

    def tables() -> Tables:
        return state["tables"]

    creations = RateLimit(table_rate / 60, table_rate)

    app.add_middleware(LimitBody)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A 400 naming the field and what is wrong, without echoing the input (which may not even
        be valid JSON to send back: NaN)."""
        problems = []
        for error in exc.errors()[:5]:
            where = ".".join(str(p) for p in error.get("loc", ()) if p != "body") or "body"
            problems.append(f"{where}: {error.get('msg', 'invalid')}")
        return JSONResponse({"detail": "; ".join(problems)}, status_code=400)

    # --- pages and files ----------------------------------------------------------------------------

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return page("table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return page("replay.html")

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/cards/{pack}/{name}.svg", include_in_schema=False)
    async def card(pack: str, name: str) -> Response:
        from parlour.web import cards

        try:
            svg = cards.back_svg(pack) if name == "back" else cards.card_svg(pack, name)
        except ValueError as exc:
            raise HTTPException(404, str(exc)) from None
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})

    # --- the API --------------------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [game_entry(info.name) for info in parlour.list_games()]

    @app.get("/api/games/{name}/rules")
    async def rules(name: str) -> dict[str, str]:
        try:
            cls = parlour.game_class(name)
        except (KeyError, ValueError):
            raise HTTPException(404, f"no game named {name[:64]!r}") from None
        return {
            "title": cls.title,
            "rules": cls.rules_text(),
            "rulings": cls.rulings_text(),
            "strength": cls.strength_text(),
        }

    @app.get("/api/packs/{pack}")
    async def pack(pack: str) -> dict[str, Any]:
        try:
            p = get_pack(pack)
        except ValueError as exc:
            raise HTTPException(404, str(exc)) from None
        codes = sorted(set(p.cards), key=p.sort_key)
        return {
            "name": p.name,
            "title": p.title,
            "cards": [{"code": c, "name": p.card_name(c)} for c in codes],
        }

    @app.post("/api/tables")
    async def create(body: CreateIn, request: Request) -> dict[str, Any]:
        if not creations.allow(request.client.host if request.client else ""):
            raise HTTPException(429, "too many new tables from one address; wait a little")
        try:
            created = await tables().create(
                body.game,
                dict(body.options),
                _seat_specs(body),
                public=body.public,
                seed=body.seed,
            )
        except TableError as exc:
            raise _error(exc) from None
        table = created.table
        return {
            "id": table.id,
            "table": table.info(),
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "link": f"/t/{table.id}#seat={s.seat}&token={created.tokens[s.seat]}"
                    if s.seat in created.tokens
                    else None,
                }
                for s in table.seats
            ],
        }

    @app.get("/api/tables")
    async def list_tables() -> dict[str, list[dict[str, Any]]]:
        t = tables()
        out: dict[str, list[dict[str, Any]]] = {"open": [], "playing": [], "idle": [], "finished": []}
        moment = now()
        try:
            records = await t.read("the tables", t.store.tables, limit=200)
        except TableError as exc:
            raise _error(exc) from None
        for record in records:
            live = t.live.get(record.id)
            try:
                cls = parlour.game_class(record.game)
            except (KeyError, ValueError):
                continue  # a game no longer installed
            info = (
                live.info()
                if live is not None
                else record_info(
                    record,
                    cls.title,
                    parlour.make(record.game, **played_options(record.game, record.options)).pack,
                    len(record.seats),
                )
            )
            if not info["public"]:
                continue  # a private table is seen, watched and replayed only by its link
            moved = record.moved or aware(record.created)
            info["moved"] = moved.isoformat()
            info["idle"] = max(0, int((moment - moved).total_seconds()))
            if info["status"] == "finished":
                out["finished"].append(info)
            elif any(not s["taken"] and not s.get("kept") for s in info["seats"]):
                # a seat kept for a named friend is theirs: the table is watched until they come
                out["open"].append(info)
            elif info["idle"] >= IDLE_AFTER:
                out["idle"].append(info)  # left mid-match: kept, and still watchable, but apart
            else:
                out["playing"].append(info)
        for key in out:
            out[key] = out[key][:50]
        return out

    async def find(table_id: str) -> Table:
        try:
            return await tables().get(table_id)
        except TableError as exc:
            raise _error(exc) from None

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        """The table, with whose turn it is (``to_move``) and when its last move was (``moved``, and
        ``idle`` the seconds since): a player back in the lobby sees whether a table waits for them."""
        table = await find(table_id)
        info = table.info()
        info["to_move"] = table.state.current_player
        t = tables()
        try:
            moved = await t.read("this table", t.store.moved, table_id)
        except TableError as exc:
            raise _error(exc) from None
        if moved is not None:
            info["moved"] = moved.isoformat()
            info["idle"] = max(0, int((now() - moved).total_seconds()))
        return info

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinIn, request: Request) -> dict[str, Any]:
        if not creations.allow(request.client.host if request.client else ""):
            raise HTTPException(429, "too many requests from one address; wait a little")
        table = await find(table_id)
        try:
            seat, token = await tables().claim(table, body.seat, body.name)
        except TableError as exc:
            raise _error(exc) from None
        return {"seat": seat, "token": token, "link": f"/t/{table.id}#seat={seat}&token={token}"}

    @app.post("/api/tables/{table_id}/seats/{seat}/computer")
    async def to_computer(
        table_id: str, seat: int, body: ComputerIn, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        table = await find(table_id)
        if not authorization or not authorization.startswith("Bearer "):
            raise HTTPException(403, "only a player at the table may do that: send its seat's secret")
        try:
            await tables().replace(table, authorization.removeprefix("Bearer ").strip(), seat, body.player)
        except TableError as exc:
            raise _error(exc) from None
        return table.info()

    @app.get("/api/tables/{table_id}/replay")
    async def replay(
        table_id: str,
        step: Annotated[int, Query(ge=0)] = 0,
        seat: Annotated[str, Query(max_length=8)] = "all",
        opening: bool = False,
    ) -> dict[str, Any]:
        table = await find(table_id)
        if not table.state.is_over:
            raise HTTPException(409, "a match can be replayed once it is finished")
        record = [e for e in table.state.log if e.to == -1]
        actions = [(e.data.get("seat"), str(e.data["action"])) for e in record if e.kind == "action"]
        draws = [dict(e.data) for e in record if e.kind == "chance"]
        if step > len(actions):
            raise HTTPException(400, f"the match has {len(actions)} moves")
        who: int | None
        if seat == "all":
            who = -1
        elif seat == "none":
            who = None
        elif seat.isdigit() and int(seat) < table.game.num_players:
            who = int(seat)
        else:
            raise HTTPException(400, "seat is a seat number, 'none' or 'all'")

        def build() -> dict[str, Any]:
            if table.seed is not None:
                at = table.game.from_record(table.seed, [], actions[:step])
            else:
                at = table.game.from_record(None, draws, actions[:step])
            # (the extras' fields are the same in every view: a face-up replay describes them by the
            # spectator's, a seat's by its own, made once)
            seen = at.view(None if who == -1 else who)
            if who == -1:
                view, log = frames.open_view(at), frames.open_log(at)
            else:
                view, log = seen.to_dict(), frames.log_lines(at, at.events(who))
            answer = {
                "step": step,
                "steps": len(actions),
                "move": None if step == 0 else {"seat": actions[step - 1][0], "action": actions[step - 1][1]},
                "view": view,
                "log": log,
                "table": table.info(),
            }
            # (how to show the extras, fixed for a game: once, in the replay's opening step, which the
            # page asks for so; it keeps them)
            if opening:
                answer["extra_fields"] = frames.extra_fields(seen)
            return answer

        try:
            return await asyncio.to_thread(build)
        except InvalidSave as exc:
            raise HTTPException(500, f"the match does not replay: {exc}") from None

    # --- the table's socket ---------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        t = tables()

        async def refuse(code: str, message: str, close: int = 1008) -> None:
            with contextlib.suppress(Exception):
                await ws.send_text(frames.encode({"type": "error", "code": code, "message": message}))
                await ws.close(close)

        try:
            table = await t.get(table_id)
        except TableError as exc:
            if exc.code == "unread":  # (1013: try again later, as the page does)
                await refuse(
                    exc.code, exc.message.removesuffix("; try again") + "; the page tries again", 1013
                )
            else:
                await refuse(exc.code, exc.message, 4404)
            return
        try:
            raw = await asyncio.wait_for(ws.receive_text(), timeout=30)
        except (TimeoutError, WebSocketDisconnect, RuntimeError, KeyError):
            await refuse("bad_message", "say hello first")
            return
        hello = _message(raw)
        if hello is None or hello.get("type") != "hello":
            await refuse("bad_message", 'the first message is {"type": "hello", "token": ..., "seen": n}')
            return
        token = hello.get("token")
        seen = hello.get("seen", 0)
        if token is not None and not isinstance(token, str):
            await refuse("bad_message", "token: a seat's secret is text")
            return
        if isinstance(seen, bool) or not isinstance(seen, int):
            seen = 0
        try:
            seat = t.seat_of(table, token)
        except TableError as exc:
            await refuse(exc.code, exc.message, 4403)
            return
        conn = Connection(ws, seat, seen)
        hints: set[asyncio.Task[None]] = set()
        if not await t.join_connection(table, conn):
            await conn.writer  # (the refusal said, the socket closed: never at the table, so never left)
            return
        allowance, last = BURST, time.monotonic()
        try:
            while not conn.closed:
                try:
                    event = await ws.receive()
                except RuntimeError:  # the socket closed under us
                    break
                if event["type"] == "websocket.disconnect":
                    break
                # a binary frame is refused in words like any other malformed message: it ended the
                # connection with no word said (an abnormal close)
                data = event.get("text")
                text = data if isinstance(data, str) else None
                size = len(text) if text is not None else len(event.get("bytes") or b"")
                moment = time.monotonic()
                allowance = min(BURST, allowance + (moment - last) * RATE)
                last = moment
                if allowance < 1:
                    await refuse("flood", f"more than {RATE:g} messages a second: connection closed")
                    break
                allowance -= 1
                if size > MAX_MESSAGE:
                    await refuse(
                        "too_large", f"a message is at most {MAX_MESSAGE} bytes: connection closed", 1009
                    )
                    break
                if text is None:
                    conn.send(_err("bad_message", "a message is JSON text, not binary data"))
                    continue
                message = _message(text)
                if message is None:
                    conn.send(_err("bad_message", "a message is a JSON object with a 'type'"))
                    continue
                kind = message.get("type")
                try:
                    if kind == "act":
                        await t.act(table, seat, message.get("action"), message.get("version"), by=conn)
                    elif kind == "ping":
                        conn.send(frames.encode({"type": "pong"}))
                    elif kind == "hint":
                        # worked out off the loop, so the connection keeps reading (pings, moves)
                        task = asyncio.get_running_loop().create_task(_hint(t, table, conn))
                        hints.add(task)
                        task.add_done_callback(hints.discard)
                    elif kind == "again":
                        await t.again(table, conn)
                    elif kind == "resync":
                        conn.log_sent = 0
                        t.send_state(table, conn)
                    else:
                        conn.send(_err("bad_message", f"unknown message type {str(kind)[:20]!r}"))
                except TableError as exc:
                    conn.send(_err(exc.code, exc.message))
        except WebSocketDisconnect:
            pass
        finally:
            await t.leave_connection(table, conn)

    return app


async def _hint(t: Tables, table: Table, conn: Connection) -> None:
    """Answer a ``hint`` message: the hint, or the reason there is none, to the asking connection."""
    try:
        await t.hint(table, conn)
    except TableError as exc:
        conn.send(_err(exc.code, exc.message))


class LimitBody:
    """Refuse a request body over ``MAX_BODY`` bytes, whether or not it says its length (a chunked
    body is counted as it arrives)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _too_large(scope, receive, send)
            return
        if length is not None:
            await self.app(scope, receive, send)
            return
        # No length given (a chunked body): read it all first, up to the limit, then hand it on.
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > MAX_BODY:
                await _too_large(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    response = JSONResponse({"detail": f"a request's body is at most {MAX_BODY} bytes"}, status_code=413)
    await response(scope, receive, send)


def _message(raw: str) -> dict[str, Any] | None:
    if len(raw) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("type"), str) else None


def _err(code: str, message: str) -> str:
    return frames.encode({"type": "error", "code": code, "message": message})


__all__ = ["create_app"]
