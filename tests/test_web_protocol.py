"""The web table's protocol, through the real application (FastAPI's TestClient, lifespan and all).

What issue 12 promises, each tested here against SQLite and against PostgreSQL: the lobby API; the
server as the only authority (every refused action changes nothing and is told to its sender alone);
seats protected by their secrets; no hidden card in any frame (every state frame is, byte for byte,
the one its seat's view makes); nothing acknowledged lost; reconnecting and restarting; computer
players taking over a gone player's seat; size and rate limits; "play again"; replays; and fuzzing of
messages and create bodies.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from starlette.testclient import WebSocketTestSession
from starlette.types import Message

import parlour
from parlour.cards import get_pack
from parlour.engine import Game, State
from parlour.players import player_kinds
from parlour.web import frames
from parlour.web.app import MAX_MESSAGE, create_app
from parlour.web.store import Store, TableRow
from tests.web_support import GAMES, SHORT, database

pytestmark = pytest.mark.timeout(120)


HUMAN: dict[str, Any] = {"kind": "human"}
COMPUTER: dict[str, Any] = {"kind": "computer", "player": "heuristic"}
"""A quick computer player (the default, the normal level, searches: too slow to play whole matches here)."""


# --- databases and servers --------------------------------------------------------------------------


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Every storage-touching test runs against both databases (PostgreSQL skips without a server)."""
    with database(request.param, tmp_path) as url:
        yield url


@contextlib.contextmanager
def serving(url: str, *, allow_seeds: bool = True, bot_delay: float = 0.0) -> Iterator[TestClient]:
    """A server on ``url`` with its lifespan running; server errors come back as 500s, not raised."""
    app = create_app(url, bot_delay=bot_delay, allow_seeds=allow_seeds)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    """A new table (small options, a seed unless given); its answer."""
    payload: dict[str, Any] = {"game": game, "options": SHORT[game], "seats": seats, "seed": 7}
    payload.update(body)
    response = client.post("/api/tables", json=payload)
    assert response.status_code == 200, response.text
    return dict(response.json())


def tokens(created: dict[str, Any]) -> dict[int, str]:
    """Each human seat's secret, from the links the create answer gives."""
    out: dict[int, str] = {}
    for s in created["seats"]:
        if s["link"] is not None:
            match = re.fullmatch(rf"/t/{re.escape(created['id'])}#seat=(\d+)&token=(.+)", s["link"])
            assert match is not None, s["link"]
            assert int(match.group(1)) == s["seat"]
            out[s["seat"]] = match.group(2)
    return out


def live_table(client: TestClient, table_id: str) -> Any:
    """The server's own table object."""
    return client.app.state.tables.live[table_id]  # type: ignore[attr-defined]


def store_of(client: TestClient) -> Store:
    return client.app.state.tables.store  # type: ignore[attr-defined, no-any-return]


def wait_for(check: Callable[[], bool], timeout: float = 20.0, what: str = "a condition") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


# --- one WebSocket, with every frame it got ---------------------------------------------------------


async def _receive(ws: WebSocketTestSession, timeout: float) -> Message:
    with anyio.fail_after(timeout):
        return await ws._send_rx.receive()


class Peer:
    """One browser's socket at a table: it keeps every frame received, raw and parsed, in order."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.raw: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.close_code: int | None = None

    def send(self, message: Any) -> None:
        self.ws.send_text(json.dumps(message))

    def receive(self, timeout: float = 10.0) -> dict[str, Any] | None:
        """The next frame, or ``None`` once the server has closed the socket."""
        if self.close_code is not None:
            return None
        message = self.ws.portal.call(_receive, self.ws, timeout)
        if message["type"] == "websocket.close":
            self.close_code = int(message.get("code", 1000))
            return None
        text = str(message["text"])
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        return frame

    def wait(self, pred: Callable[[dict[str, Any]], bool], since: int = 0) -> tuple[int, dict[str, Any]]:
        """The first frame from index ``since`` on that ``pred`` accepts (reading more as needed)."""
        i = since
        while True:
            while i < len(self.frames):
                if pred(self.frames[i]):
                    return i, self.frames[i]
                i += 1
            if self.receive() is None:
                raise AssertionError(f"closed ({self.close_code}) while waiting; got {self.frames[since:]}")

    def state(self, version: int | None = None) -> dict[str, Any]:
        """The state frame of ``version`` (any, if none is given) this connection got."""
        return self.wait(lambda f: f["type"] == "state" and (version is None or f["version"] == version))[1]

    def reply(self, since: int) -> dict[str, Any]:
        """The ack or error that answers a message sent when ``since`` frames had arrived."""
        return self.wait(lambda f: f["type"] in ("ack", "error"), since)[1]

    def ping(self) -> list[dict[str, Any]]:
        """Ping, and the frames that came before the pong (the connection must still work)."""
        since = len(self.frames)
        self.send({"type": "ping"})
        i, _ = self.wait(lambda f: f["type"] == "pong", since)
        return self.frames[since:i]

    def drain_until_closed(self, timeout: float = 10.0) -> int:
        while self.receive(timeout) is not None:
            pass
        assert self.close_code is not None
        return self.close_code

    def log_count(self) -> int:
        """How many log lines this connection has received."""
        count = 0
        for f in self.frames:
            if f["type"] == "state":
                count = f["log_from"] + len(f["log"])
        return count


@contextlib.contextmanager
def sit(client: TestClient, table_id: str, token: str | None, seen: int = 0) -> Iterator[Peer]:
    """A connection to the table, hello said; for a seat's secret, or watching without one."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        peer = Peer(ws)
        peer.send({"type": "hello", "token": token, "seen": seen})
        yield peer


def sit_all(
    stack: contextlib.ExitStack, client: TestClient, table_id: str, secrets: dict[int, str]
) -> dict[int, Peer]:
    peers = {seat: stack.enter_context(sit(client, table_id, token)) for seat, token in secrets.items()}
    for seat, peer in peers.items():
        welcome = peer.wait(lambda f: f["type"] == "welcome")[1]
        assert welcome["seat"] == seat
    return peers


def choose(frame: dict[str, Any], rng: random.Random) -> str:
    """A random legal action, from what the seat's own state frame offers."""
    options = [str(a["text"]) for a in frame["actions"]]
    for r in frame["view"]["legal_ranges"]:
        options.append(f"{r['verb']} {rng.randint(r['min'], r['max'])}")
    assert options, f"seat {frame['view']['seat']} is to move with nothing to do"
    return rng.choice(options)


def newer_than(version: int) -> Callable[[dict[str, Any]], bool]:
    return lambda f: f["type"] == "state" and f["version"] > version


def play_out(
    people: dict[int, Peer],
    rng: random.Random,
    *,
    stop: Callable[[dict[str, Any]], bool] | None = None,
    on_ack: Callable[[int], None] | None = None,
    on_state: Callable[[int], None] | None = None,
    after: int = -1,
) -> dict[str, Any]:
    """Play the people's seats (a random legal choice each, read from their own frames) while the
    server's computer players play theirs, until the match is over or ``stop`` accepts a state frame
    (with a person to move). Returns that last state frame as the first person saw it."""
    lead = people[min(people)]
    cursor, last = 0, after
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the match did not end in time"
        cursor, frame = lead.wait(newer_than(last), cursor)
        last = frame["version"]
        if on_state is not None:
            on_state(last)
        view = frame["view"]
        if view["outcome"] is not None:
            return frame
        who = view["to_move"]
        if who not in people:
            continue
        if stop is not None and stop(frame):
            return frame
        peer = people[who]
        mine = peer.state(last)
        since = len(peer.frames)
        peer.send({"type": "act", "action": choose(mine, rng), "version": last})
        reply = peer.reply(since)
        assert reply == {"type": "ack", "version": last + 1}, reply
        if on_ack is not None:
            on_ack(last + 1)


# --- what each seat may see ---------------------------------------------------------------------------

Seen = tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]] | None]
"""A seat's view (as a dict), its legal actions described, its log lines and how to show its extras."""


def seen_by(state: State, seat: int | None) -> Seen:
    view = state.view(seat)
    return (
        view.to_dict(),
        frames.describe_actions(state.game, view),
        frames.log_lines(state, state.events(seat)),
        frames.extra_fields(view),
    )


def reference(game: Game[Any], seed: int | None, url: str, table_id: str) -> list[dict[int | None, Seen]]:
    """What every seat (and a spectator) may see at every version of a stored match, rebuilt from its
    moves in the database (not from the server's memory)."""
    other = Store(url)
    try:
        moves = other.moves(table_id)
    finally:
        other.close()
    assert [m.seq for m in moves] == list(range(len(moves)))
    if seed is None:
        draws = [d for m in moves for d in m.draws]
        state = game.from_record(None, draws, [])
    else:
        state = game.new(seed=seed)
    seats: list[int | None] = [None, *range(game.num_players)]
    out = [{s: seen_by(state, s) for s in seats}]
    for m in moves[1:]:
        assert m.action is not None
        state.apply(m.action, seat=m.seat)
        out.append({s: seen_by(state, s) for s in seats})
    return out


IDENTIFIERS = frozenset({"id", "next_id", "token"})
"""Keys whose values are random identifiers, not words: a table's id (``token_urlsafe``) may read
"...-N-..." and name no card."""


def card_codes(data: Any, codes: frozenset[str]) -> set[str]:
    """Every card code named anywhere in ``data``: a string that is a code, or a word of a text (the
    values of ``IDENTIFIERS`` are not read)."""
    found: set[str] = set()
    if isinstance(data, str):
        found.update(w for w in re.findall(r"[A-Za-z0-9]+", data) if w in codes)
    elif isinstance(data, dict):
        for key, value in data.items():
            if key not in IDENTIFIERS:
                found |= card_codes(value, codes)
    elif isinstance(data, list):
        for value in data:
            found |= card_codes(value, codes)
    return found


def test_a_table_id_is_not_read_as_cards() -> None:
    """CI once failed on a welcome frame whose table id held "-N-" (N is a card of Apology's pack); a card
    named in the table's words still counts."""
    codes = frozenset({"N", "E", "AS"})
    welcome = {"type": "welcome", "table": {"id": "x2-N-AS_q", "next_id": "E-E", "title": "N"}}
    assert card_codes(welcome, codes) == {"N"}
    assert card_codes({"log": ["plays AS"], "seat": {"token": "N"}}, codes) == {"AS"}


def zone_key(zone: dict[str, Any]) -> tuple[str, Any, str]:
    return zone["kind"], zone["owner"], zone["label"]


def check_frames(
    peer: Peer, seat: int | None, ref: list[dict[int | None, Seen]], codes: frozenset[str]
) -> list[int]:
    """Every state frame ``peer`` got is, byte for byte, the one its seat's view and log make at that
    version; no frame names a card the seat may not see; another seat's hand shows no more than a
    spectator sees of it; a welcome says how to show the extras, as the seat's view describes them.
    Returns the versions of the state frames checked."""
    got = 0
    allowed: set[str] = set()
    checked: list[int] = []
    for text, frame in zip(peer.raw, peer.frames, strict=True):
        if frame["type"] == "welcome":
            # how to show the extras, the same in every view: said once, in the welcome
            assert frame["extra_fields"] == ref[0][seat][3], f"seat {seat}: the welcome's extra_fields"
        if frame["type"] == "state":
            version = frame["version"]
            view, actions, lines, _ = ref[version][seat]
            assert frame["log_from"] == got, "the log must go on from the line the client has"
            expected = {
                "type": "state",
                "version": version,
                "view": view,
                "actions": actions,
                "log": lines[got:],
                "log_from": got,
            }
            assert text == frames.encode(expected), f"seat {seat}: frame at version {version} differs"
            got = len(lines)
            allowed = card_codes(view, codes) | card_codes(lines, codes)
            public = {zone_key(z): z for z in ref[version][None][0]["zones"]}
            for zone in view["zones"]:
                if zone["kind"] == "hand" and zone["owner"] != seat:
                    shown = [c for c in zone["cards"] if c is not None]
                    open_to_all = [c for c in public[zone_key(zone)]["cards"] if c is not None]
                    assert shown == open_to_all, f"seat {seat} sees seat {zone['owner']}'s hand"
            checked.append(version)
        leaked = card_codes(frame, codes) - allowed
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} in a {frame['type']} frame"
    return checked


# --- the lobby ---------------------------------------------------------------------------------------------


@pytest.fixture
def sqlite_url(tmp_path: Path) -> Iterator[str]:
    """For what touches no stored table (the games, packs and rules): SQLite alone is enough."""
    with database("sqlite", tmp_path) as url:
        yield url


def test_games_list_every_game_with_options_and_computer_players(sqlite_url: str) -> None:
    """The lobby draws its forms from this list: each game's players, options and computer players."""
    with serving(sqlite_url) as client:
        games = client.get("/api/games").json()
    assert [g["name"] for g in games] == GAMES
    for g in games:
        info = parlour.game_class(g["name"]).info()
        assert g["title"] == info.title and g["summary"]
        assert g["players"] == {"min": info.min_players, "max": info.max_players}
        assert g["pack"] == info.pack
        assert [o["name"] for o in g["options"]] == [o.name for o in info.options]
        assert all({"name", "type", "default", "description"} <= set(o) for o in g["options"])
        kinds = player_kinds(g["name"])
        assert sorted(g["computer_players"]) == kinds and "random" in g["computer_players"]
        # the levels come first, easiest first; the default is the normal level
        assert g["levels"] == ["easy", "normal", "strong"] == g["computer_players"][:3]
        assert g["default_player"] == "normal"
        # each kind in a sentence, shown as the choice's tooltip
        assert sorted(g["player_notes"]) == kinds
        assert all(note.endswith((".", ")")) for note in g["player_notes"].values())


def test_packs_and_rules(sqlite_url: str) -> None:
    """Every pack a game uses is listed with a name per card; every game's rules and rulings are there."""
    with serving(sqlite_url) as client:
        for g in client.get("/api/games").json():
            pack = client.get(f"/api/packs/{g['pack']}").json()
            the_pack = get_pack(g["pack"])
            assert pack["name"] == g["pack"] and pack["title"]
            assert [c["code"] for c in pack["cards"]] == sorted(set(the_pack.cards), key=the_pack.sort_key)
            assert all(c["name"] == the_pack.card_name(c["code"]) for c in pack["cards"])
            rules = client.get(f"/api/games/{g['name']}/rules").json()
            assert rules["title"] == g["title"]
            assert len(rules["rules"]) > 500 and rules["rulings"]
        assert client.get("/api/packs/nope").status_code == 404


def test_rules_of_an_unknown_game_are_404(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        assert client.get("/api/games/nope/rules").status_code == 404


def test_tables_for_every_game_with_people_and_computer_players(db_url: str) -> None:
    """For every game: a table of people gives a link per seat and waits for them; a table of
    computer players plays itself to the end; all are stored as made."""
    with serving(db_url) as client:
        made: dict[str, tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = {}
        for game in GAMES:
            n = parlour.make(game, **SHORT[game]).num_players
            people = create(client, game, [HUMAN] * n)
            assert sorted(tokens(people)) == list(range(n))
            assert len(set(tokens(people).values())) == n
            info = client.get(f"/api/tables/{people['id']}").json()
            assert info["status"] == "waiting" and info["version"] == 0 and info["game"] == game
            assert [s["taken"] for s in info["seats"]] == [True] + [False] * (n - 1), "the creator sits first"
            mixed = create(client, game, [HUMAN] + [{"kind": "computer", "player": "random"}] * (n - 1))
            assert list(tokens(mixed)) == [0]
            players = [s["player"] for s in client.get(f"/api/tables/{mixed['id']}").json()["seats"]]
            assert players == [None] + ["random"] * (n - 1)
            bots = create(client, game, [COMPUTER] * n)
            assert tokens(bots) == {}
            made[game] = people, mixed, bots

        def finished(table_id: str) -> bool:
            return bool(client.get(f"/api/tables/{table_id}").json()["status"] == "finished")

        for game, (_, _, bots) in made.items():
            bots_id = bots["id"]
            wait_for(lambda: finished(bots_id), what=f"the computer players to finish {game}")  # noqa: B023
        records = {r.id: r for r in store_of(client).tables(limit=100)}
        assert set(records) == {t["id"] for ts in made.values() for t in ts}
        lobby = client.get("/api/tables").json()
        for game, (people, mixed, bots) in made.items():
            assert records[people["id"]].game == game and records[people["id"]].seed == 7
            assert [s.kind for s in records[mixed["id"]].seats][1:] == ["computer"] * (
                len(mixed["seats"]) - 1
            )
            assert all(s.token_hash is None for s in records[bots["id"]].seats)
            listed = [t["id"] for kind in ("open", "playing", "finished") for t in lobby[kind]]
            assert bots["id"] not in listed and people["id"] not in listed, "private tables go by link only"


BAD_BODIES: list[tuple[str, Any]] = [
    ("unknown game", {"game": "whist", "seats": [HUMAN] * 4}),
    ("bad option value", {"game": "bezique", "options": {"target": 5}, "seats": [HUMAN] * 2}),
    ("option of the wrong type", {"game": "bezique", "options": {"target": "many"}, "seats": [HUMAN] * 2}),
    ("unknown option", {"game": "bezique", "options": {"trumps": "hearts"}, "seats": [HUMAN] * 2}),
    ("too few seats", {"game": "bezique", "seats": [HUMAN]}),
    ("too many seats", {"game": "bezique", "seats": [HUMAN] * 3}),
    (
        "seats unlike the players option",
        {"game": "lansquenet", "options": {"players": 5}, "seats": [HUMAN] * 4},
    ),
    ("no seats", {"game": "bezique", "seats": []}),
    (
        "unknown computer player",
        {"game": "bezique", "seats": [HUMAN, {"kind": "computer", "player": "deep"}]},
    ),
    ("unknown seat kind", {"game": "bezique", "seats": [HUMAN, {"kind": "ghost"}]}),
    ("no game", {"seats": [HUMAN] * 2}),
    ("a game that is no name", {"game": ["bezique"], "seats": [HUMAN] * 2}),
    ("not an object", ["bezique"]),
]


def test_bad_create_bodies_are_refused_and_create_nothing(db_url: str) -> None:
    with serving(db_url) as client:
        for why, body in BAD_BODIES:
            response = client.post("/api/tables", json=body)
            assert 400 <= response.status_code < 500, (why, response.status_code)
            assert response.json()["detail"], f"{why}: an error says what is wrong"
        assert store_of(client).tables(limit=10) == []
        assert client.app.state.tables.live == {}  # type: ignore[attr-defined]


def test_seeds_refused_unless_allowed_and_bodies_limited(db_url: str) -> None:
    """A live server deals every table from the CSPRNG: it takes no seed. A body over 64 KB is 413."""
    with serving(db_url, allow_seeds=False) as client:
        response = client.post("/api/tables", json={"game": "bezique", "seats": [HUMAN] * 2, "seed": 1})
        assert response.status_code == 400 and "seed" in response.json()["detail"]
        big = {"game": "bezique", "seats": [HUMAN] * 2, "padding": "x" * 70_000}
        assert client.post("/api/tables", json=big).status_code == 413
        assert store_of(client).tables(limit=10) == []
        created = client.post("/api/tables", json={"game": "bezique", "seats": [HUMAN] * 2}).json()
        record = store_of(client).table(created["id"])
        assert record is not None and record.seed is None


def test_a_chunked_body_over_the_limit_is_413(sqlite_url: str) -> None:
    """The limit must hold for a body streamed in chunks too (no Content-Length header). (Refused
    before any storage: SQLite alone is enough.)"""
    body = json.dumps({"game": "bezique", "seats": [HUMAN] * 2, "padding": "x" * 200_000}).encode()

    def chunks() -> Iterator[bytes]:
        for i in range(0, len(body), 4096):
            yield body[i : i + 4096]

    with serving(sqlite_url) as client:
        response = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
        assert response.status_code == 413
        assert store_of(client).tables(limit=10) == []


def test_a_seed_out_of_range_is_refused(db_url: str) -> None:
    with serving(db_url) as client:
        for seed in (-1, 2**63, 2**200):
            body = {"game": "bezique", "seats": [HUMAN] * 2, "seed": seed}
            assert 400 <= client.post("/api/tables", json=body).status_code < 500, seed
        assert store_of(client).tables(limit=10) == []


def test_a_name_with_a_nul_character_is_refused_or_cleaned(db_url: str) -> None:
    """PostgreSQL's text holds no NUL character: a name with one must be a 4xx or cleaned, never a 500."""
    with serving(db_url) as client:
        seats = [{"kind": "human", "name": "Ann\x00"}, HUMAN]
        made = client.post("/api/tables", json={"game": "bezique", "seats": seats})
        public = client.post("/api/tables", json={"game": "bezique", "seats": [HUMAN] * 2, "public": True})
        joined = client.post(f"/api/tables/{public.json()['id']}/join", json={"name": "Bob\x00"})
        assert made.status_code < 500 and joined.status_code < 500


def test_non_finite_numbers_in_a_body_are_refused(sqlite_url: str) -> None:
    """Python's JSON reads NaN and Infinity; the validation error that echoes them must not fail.
    (Refused before any storage: SQLite alone is enough.)"""
    with serving(sqlite_url) as client:
        for text in ["Infinity", '{"game": "bezique", "seats": NaN}', '{"game": "bezique", "seed": 1e400}']:
            response = client.post("/api/tables", content=text, headers={"content-type": "application/json"})
            assert 400 <= response.status_code < 500, text
        assert store_of(client).tables(limit=10) == []


# --- the authority ---------------------------------------------------------------------------------------


def test_refused_actions_change_nothing_and_are_told_to_the_sender_only(db_url: str) -> None:
    """Illegal, malformed, out of turn, from a spectator, stale and duplicate actions each get an error
    with their code, on that connection alone; the version, the views and the stored moves stay."""
    with serving(db_url) as client:
        created = create(client, "bezique", [HUMAN, HUMAN], seed=3)
        tid = created["id"]
        secret = tokens(created)
        with contextlib.ExitStack() as stack:
            peers = sit_all(stack, client, tid, secret)
            watcher = stack.enter_context(sit(client, tid, None))
            state = peers[0].state(0)
            mover = state["view"]["to_move"]
            other = 1 - mover
            me = peers[mover]
            hand = next(z for z in state["view"]["zones"] if z["kind"] == "hand" and z["owner"] == mover)
            held = set(hand["cards"])
            not_held = next(c for c in sorted(get_pack("bezique64").cards) if c not in held)
            legal = choose(me.state(0), random.Random(1))
            table = live_table(client, tid)

            def snapshot() -> tuple[int, list[Any], list[Any]]:
                views = [table.state.view(s).to_dict() for s in (None, 0, 1)]
                return table.version, views, store_of(client).moves(tid)

            def refused(peer: Peer, message: dict[str, Any], code: str) -> None:
                before = snapshot()
                for p in (*peers.values(), watcher):
                    p.ping()
                since = len(peer.frames)
                peer.send(message)
                assert peer.reply(since)["code"] == code, message
                assert snapshot() == before
                for p in (*peers.values(), watcher):
                    assert p.ping() == [] or p is peer, "an error goes to its sender alone"

            refused(me, {"type": "act", "action": f"play {not_held}", "version": 0}, "illegal")
            refused(me, {"type": "act", "action": "play", "version": 0}, "malformed")
            refused(me, {"type": "act", "action": "dance a jig", "version": 0}, "malformed")
            refused(me, {"type": "act", "action": "play ZZ", "version": 0}, "malformed")
            refused(me, {"type": "act", "action": ["play", legal], "version": 0}, "malformed")
            refused(me, {"type": "act", "action": legal}, "bad_message")
            refused(me, {"type": "act", "action": legal, "version": "0"}, "bad_message")
            refused(peers[other], {"type": "act", "action": legal, "version": 0}, "not_your_turn")
            refused(watcher, {"type": "act", "action": legal, "version": 0}, "spectator")
            refused(me, {"type": "act", "action": legal, "version": 5}, "stale")
            refused(me, {"type": "act", "action": legal, "version": -1}, "stale")
            refused(me, {"type": "again"}, "illegal")
            refused(watcher, {"type": "again"}, "spectator")

            # the same act sent twice: the first is played, the second is stale and changes nothing
            act = {"type": "act", "action": legal, "version": 0}
            since = len(me.frames)
            me.send(act)
            me.send(act)
            first = me.reply(since)
            assert first == {"type": "ack", "version": 1}
            i = me.frames.index(first)
            assert me.reply(i + 1)["code"] == "stale"
            assert table.version == 1
            assert [m.seq for m in store_of(client).moves(tid)] == [0, 1]


def test_a_computer_seat_named_by_nobody_gets_the_normal_level(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        for game in GAMES:
            n = parlour.make(game, **SHORT[game]).num_players  # at the options create() uses
            created = create(client, game, [HUMAN] + [{"kind": "computer"}] * (n - 1))
            seats = client.get(f"/api/tables/{created['id']}").json()["seats"]
            assert [s["player"] for s in seats] == [None] + ["normal"] * (n - 1), game


def test_a_hint_goes_to_the_asking_seat_alone_and_changes_nothing(db_url: str) -> None:
    """A hint at the seat's turn is a legal move with its reason, for that connection only; a
    spectator and a seat out of turn get an error; the table, its views and its moves stay."""
    with serving(db_url) as client:
        created = create(client, "lansquenet", [HUMAN, HUMAN, HUMAN], seed=5)
        tid = created["id"]
        with contextlib.ExitStack() as stack:
            peers = sit_all(stack, client, tid, tokens(created))
            watcher = stack.enter_context(sit(client, tid, None))
            state = peers[0].state(0)
            mover = state["view"]["to_move"]
            other = (mover + 1) % 3
            table = live_table(client, tid)
            before = (table.version, table.state.to_json(), store_of(client).moves(tid))
            for p in (*peers.values(), watcher):
                p.ping()
            since = len(peers[mover].frames)
            peers[mover].send({"type": "hint"})
            answer = peers[mover].wait(lambda f: f["type"] in ("hint", "error"), since)[1]
            assert answer["type"] == "hint", answer
            assert answer["version"] == 0 and answer["reason"]
            offered = {a["text"] for a in state["actions"]}
            ranges = state["view"]["legal_ranges"]
            verb, _, amount = answer["action"].partition(" ")
            assert answer["action"] in offered or any(
                r["verb"] == verb and r["min"] <= int(amount) <= r["max"] for r in ranges
            ), answer
            for p in (peers[other], watcher):
                assert p.ping() == [], "a hint goes to the asking connection alone"
            since = len(peers[other].frames)
            peers[other].send({"type": "hint"})
            assert peers[other].reply(since)["code"] == "not_your_turn"
            since = len(watcher.frames)
            watcher.send({"type": "hint"})
            assert watcher.reply(since)["code"] == "spectator"
            assert (table.version, table.state.to_json(), store_of(client).moves(tid)) == before


def test_a_wrong_token_is_refused_and_no_token_watches(db_url: str) -> None:
    """A secret that is no seat's closes the socket; without one you watch and every hand is face down."""
    with serving(db_url) as client:
        created = create(client, "bezique", [HUMAN, HUMAN])
        tid = created["id"]
        with sit(client, tid, "not-a-secret") as peer:
            peer.drain_until_closed()
            assert [f["code"] for f in peer.frames] == ["unknown_token"]
            assert peer.close_code == 4403
        with sit(client, tid, tokens(created)[1][:-1]) as peer:
            assert peer.drain_until_closed() == 4403
        with sit(client, "nosuchtable", None) as peer:
            peer.drain_until_closed()
            assert peer.frames[0]["type"] == "error" and peer.close_code == 4404
        with sit(client, tid, None) as watcher:
            welcome = watcher.wait(lambda f: f["type"] == "welcome")[1]
            assert welcome["seat"] is None
            view = watcher.state()["view"]
            assert view["seat"] is None and watcher.state()["actions"] == []
            hands = [z for z in view["zones"] if z["kind"] == "hand"]
            assert len(hands) == 2 and all(z["size"] == 8 and z["cards"] == [None] * 8 for z in hands)
            codes = frozenset(get_pack("bezique64").cards)
            assert card_codes(hands, codes) == set()
            assert client.get(f"/api/tables/{tid}").json()["seats"][1]["taken"] is False, (
                "watching takes no seat"
            )


def test_join_gives_a_new_secret_and_voids_nothing_else(db_url: str) -> None:
    with serving(db_url) as client:
        public = create(client, "bishops-whist", [HUMAN, HUMAN, COMPUTER, HUMAN], public=True)
        tid = public["id"]
        assert tid in [t["id"] for t in client.get("/api/tables").json()["open"]]
        first = client.post(f"/api/tables/{tid}/join", json={"name": "Ann"})
        assert first.status_code == 200
        joined = first.json()
        assert joined["seat"] == 1 and joined["link"] == f"/t/{tid}#seat=1&token={joined['token']}"
        assert joined["token"] not in tokens(public).values()
        assert client.post(f"/api/tables/{tid}/join", json={"seat": 1}).status_code == 409
        assert client.post(f"/api/tables/{tid}/join", json={"seat": 2}).status_code == 409, (
            "a computer's seat"
        )
        third = client.post(f"/api/tables/{tid}/join", json={"seat": 3, "name": "Cy"}).json()
        assert third["seat"] == 3
        assert client.post(f"/api/tables/{tid}/join", json={}).status_code == 409, "every seat is taken"
        info = client.get(f"/api/tables/{tid}").json()
        assert info["status"] == "playing" and [s["name"] for s in info["seats"]][1::2] == ["Ann", "Cy"]
        assert tid not in [t["id"] for t in client.get("/api/tables").json()["open"]]
        # every secret works, each for its own seat: the creator's is not voided by the joins
        for seat, token in {0: tokens(public)[0], 1: joined["token"], 3: third["token"]}.items():
            with sit(client, tid, token) as peer:
                assert peer.wait(lambda f: f["type"] == "welcome")[1]["seat"] == seat
        # the link made at creation for seat 1 was never used: joining gave that seat to Ann
        with sit(client, tid, tokens(public)[1]) as peer:
            assert peer.drain_until_closed() == 4403

        private = create(client, "bezique", [HUMAN, HUMAN])
        refused = client.post(f"/api/tables/{private['id']}/join", json={"name": "Eve"})
        assert refused.status_code == 403 and refused.json()["detail"]
        assert store_of(client).table(private["id"]).seats[1].taken is False  # type: ignore[union-attr]
        assert client.post("/api/tables/nosuchtable/join", json={}).status_code == 404


# --- no hidden card leaks ------------------------------------------------------------------------------

MATCHES: list[tuple[str, list[dict[str, Any]], int]] = [
    ("bezique", [HUMAN, COMPUTER], 11),
    ("bishops-whist", [HUMAN, COMPUTER, HUMAN, COMPUTER], 12),
    ("roquet", [COMPUTER, HUMAN], 13),
    ("open-tarock", [HUMAN, COMPUTER], 14),
    ("apology", [HUMAN, {"kind": "computer", "player": "random"}, COMPUTER, HUMAN], 15),
    ("lansquenet", [HUMAN, COMPUTER, HUMAN], 16),
]


@pytest.mark.parametrize(("game", "seats", "seed"), MATCHES, ids=[m[0] for m in MATCHES])
def test_every_frame_is_what_its_seat_may_see(
    db_url: str, game: str, seats: list[dict[str, Any]], seed: int
) -> None:
    """A whole match with computer players, people and a spectator: every frame each connection got is
    checked against the view of its seat at that version, rebuilt from the stored moves; and every
    move is in the database before it is acknowledged or shown to anyone."""
    with serving(db_url) as client:
        created = create(client, game, seats, seed=seed)
        tid = created["id"]
        the_game = parlour.make(game, **SHORT[game])
        other = Store(db_url)
        try:

            def stored(version: int) -> None:
                assert other.moves(tid)[-1].seq >= version, f"version {version} shown before it was stored"

            with contextlib.ExitStack() as stack:
                watcher = stack.enter_context(sit(client, tid, None))
                people = sit_all(stack, client, tid, tokens(created))
                end = play_out(people, random.Random(seed), on_ack=stored, on_state=stored)
                watcher.state(end["version"])
                for peer in people.values():
                    peer.state(end["version"])
        finally:
            other.close()
        assert end["view"]["outcome"] is not None
        ref = reference(the_game, seed, db_url, tid)
        assert len(ref) == end["version"] + 1
        codes = frozenset(get_pack(the_game.pack).cards)
        for seat, peer in [(None, watcher), *people.items()]:
            versions = check_frames(peer, seat, ref, codes)
            # every change from the moment it sat down (computer players may have moved before)
            assert versions == list(range(versions[0], len(ref))), f"seat {seat} missed a change"
        for at in ref:
            seen = {s: {zone_key(z): z for z in at[s][0]["zones"]} for s in at}
            for key, zone in seen[None].items():
                shown = {c for c in zone["cards"] if c is not None}
                if key[0] == "hand":  # a spectator sees of a hand only what every seat sees of it
                    assert all(shown <= set(seen[s][key]["cards"]) for s in seen)
            for s in at:  # nothing about the cards still to be drawn reaches anyone
                assert all(
                    set(z["cards"]) <= {None} for z in seen[s].values() if z["kind"] in ("stock", "talon")
                )


@pytest.mark.parametrize("game", ["bezique", "bishops-whist"])
def test_deals_differing_only_in_unseen_cards_send_the_same_bytes(game: str) -> None:
    """The server takes no explicit deal (only a seed), so this builds the two matches with
    ``Game.new(deal=...)`` and compares the frames ``parlour.web.frames`` makes from them: seat 0 and a
    spectator get the same bytes, the seat whose cards differ does not."""
    the_game = parlour.make(game, **SHORT[game])
    pack = get_pack(the_game.pack)
    cards = sorted(pack.cards, key=pack.sort_key)
    random.Random(5).shuffle(cards)
    if game == "bezique":
        hands, turn_up, stock = [cards[:8], cards[8:16]], cards[16], cards[17:]
        a = the_game.new(deal={"dealer": 1, "hands": hands, "turn_up": turn_up, "stock": stock})
        swapped = [hands[0], stock[:8]]
        b = the_game.new(
            deal={"dealer": 1, "hands": swapped, "turn_up": turn_up, "stock": hands[1] + stock[8:]}
        )
        differs = 1
    else:
        hands = [cards[i * 13 : (i + 1) * 13] for i in range(4)]
        a = the_game.new(deal={"dealer": 3, "turn_up": hands[3][-1], "hands": hands})
        swapped = [hands[0], hands[2], hands[1], hands[3]]
        b = the_game.new(deal={"dealer": 3, "turn_up": hands[3][-1], "hands": swapped})
        differs = 2
    assert a.current_player == b.current_player == 0

    def same(seat: int | None, log_from: int = 0) -> bool:
        one = frames.encode(frames.state_frame(a, seat, a_version, log_from))
        two = frames.encode(frames.state_frame(b, seat, a_version, log_from))
        return one == two

    a_version = 0
    assert same(0) and same(None) and same(0, 3)
    assert not same(differs)
    lead = a.legal_actions()[0]
    a.apply(lead, seat=0)
    b.apply(lead, seat=0)
    a_version = 1
    assert same(0) and same(None)
    assert not same(differs)


# --- nothing acknowledged is lost; reconnecting; restarting ----------------------------------------------


def test_reconnecting_gives_back_the_view_and_just_the_missed_lines(db_url: str) -> None:
    """Seat 0 drops while seat 1 is to move; seat 1 moves; seat 0 comes back saying how many log lines
    it has, and gets the table as it is now and exactly the lines it missed."""
    with serving(db_url) as client:
        created = create(client, "bezique", [HUMAN, HUMAN], seed=21)
        tid = created["id"]
        secret = tokens(created)
        rng = random.Random(21)
        with sit(client, tid, secret[1]) as stays:
            with sit(client, tid, secret[0]) as drops:
                sat = {0: drops, 1: stays}
                for seat, peer in sat.items():
                    assert peer.wait(lambda f: f["type"] == "welcome")[1]["seat"] == seat
                frame = play_out(sat, rng, stop=lambda f: f["version"] >= 6 and f["view"]["to_move"] == 1)
                version = frame["version"]
                had = drops.log_count()
                old_view = drops.state(version)["view"]
            mine = stays.state(version)
            since = len(stays.frames)
            stays.send({"type": "act", "action": choose(mine, rng), "version": version})
            assert stays.reply(since) == {"type": "ack", "version": version + 1}
            table = live_table(client, tid)
            lines = frames.log_lines(table.state, table.state.events(0))
            assert len(lines) > had, "the move made log lines for seat 0"
            with sit(client, tid, secret[0], seen=had) as back:
                state = back.state()
                assert state["version"] == version + 1
                assert state["view"] == table.state.view(0).to_dict() != old_view
                assert state["actions"] == frames.describe_actions(table.game, table.state.view(0))
                assert state["log_from"] == had and state["log"] == lines[had:]
                since = len(back.frames)
                back.send({"type": "resync"})
                resync = back.wait(lambda f: f["type"] == "state", since)[1]
                assert resync["log_from"] == 0 and resync["log"] == lines and resync["view"] == state["view"]
            with sit(client, tid, secret[0], seen=0) as fresh:
                assert fresh.state()["log"] == lines
            with sit(client, tid, secret[0], seen=10**9) as ahead:
                state = ahead.state()
                assert state["log"] == [] and state["log_from"] == len(lines)


def test_a_restarted_server_rebuilds_the_table_and_the_match_goes_on(db_url: str) -> None:
    rng = random.Random(31)
    with serving(db_url) as client:
        created = create(client, "bezique", [HUMAN, COMPUTER], seed=31)
        tid, secret = created["id"], tokens(created)[0]
        with sit(client, tid, secret) as peer:
            peer.wait(lambda f: f["type"] == "welcome")
            frame = play_out({0: peer}, rng, stop=lambda f: f["version"] >= 8)
            had = peer.log_count()
            before = peer.state(frame["version"])
    with serving(db_url) as client:
        assert client.get(f"/api/tables/{tid}").json()["version"] == frame["version"]
        with sit(client, tid, secret, seen=had) as peer:
            state = peer.state()
            assert state["version"] == before["version"]
            assert state["view"] == before["view"] and state["actions"] == before["actions"]
            assert state["log"] == [] and state["log_from"] == had
            end = play_out({0: peer}, rng, after=frame["version"] - 1)
        assert end["view"]["outcome"] is not None
        record = store_of(client).table(tid)
        assert record is not None and record.status == "finished" and record.version == end["version"]
    game = parlour.make("bezique", **SHORT["bezique"])
    ref = reference(game, 31, db_url, tid)
    assert ref[-1][0][0] == end["view"]


def test_a_restarted_server_resumes_computer_players(db_url: str) -> None:
    """Tables of computer players left mid-match go on by themselves after a restart."""
    with serving(db_url, bot_delay=0.02) as client:
        created = create(client, "bezique", [COMPUTER, COMPUTER], seed=41)
        tid = created["id"]
        wait_for(lambda: client.get(f"/api/tables/{tid}").json()["version"] >= 3, what="a few moves")
    stopped = Store(db_url)
    try:
        record = stopped.table(tid)
    finally:
        stopped.close()
    assert record is not None and record.status == "playing"
    with serving(db_url) as client:
        wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished", what="the end")
        assert client.get(f"/api/tables/{tid}").json()["version"] > record.version


# --- computer players for gone people ------------------------------------------------------------------


def test_a_gone_player_is_replaced_by_a_computer_player(db_url: str) -> None:
    with serving(db_url) as client:
        created = create(client, "bishops-whist", [HUMAN, HUMAN, COMPUTER, COMPUTER], seed=51)
        tid = created["id"]
        secret = tokens(created)
        url = f"/api/tables/{tid}/seats/1/computer"

        def bearer(token: str) -> dict[str, str]:
            return {"Authorization": f"Bearer {token}"}

        with sit(client, tid, secret[0]) as me:
            me.wait(lambda f: f["type"] == "welcome")
            with sit(client, tid, secret[1]) as them:
                them.wait(lambda f: f["type"] == "welcome")
                assert client.post(url, json={}, headers=bearer(secret[0])).status_code == 409, "still here"
            wait_for(
                lambda: not client.get(f"/api/tables/{tid}").json()["seats"][1]["connected"], what="leave"
            )
            assert client.post(url, json={}).status_code == 403, "without a secret"
            assert client.post(url, json={}, headers={"Authorization": secret[0]}).status_code == 403
            assert client.post(url, json={}, headers=bearer("forged")).status_code == 403
            assert client.post(url, json={}, headers=bearer(secret[1])).status_code == 403, "not for yourself"
            own = client.post(f"/api/tables/{tid}/seats/0/computer", json={}, headers=bearer(secret[0]))
            assert own.status_code == 403
            assert client.post(url, json={"player": "deep"}, headers=bearer(secret[0])).status_code == 400
            bad_seat = f"/api/tables/{tid}/seats/7/computer"
            assert client.post(bad_seat, json={}, headers=bearer(secret[0])).status_code == 404
            computer = f"/api/tables/{tid}/seats/2/computer"
            assert client.post(computer, json={}, headers=bearer(secret[0])).status_code == 409
            assert live_table(client, tid).seats[1].kind == "human", "refusals changed nothing"

            since = len(me.frames)
            done = client.post(url, json={"player": "random"}, headers=bearer(secret[0]))
            assert done.status_code == 200
            seat = done.json()["seats"][1]
            assert seat["kind"] == "computer" and seat["player"] == "random" and seat["connected"]
            announced = me.wait(
                lambda f: f["type"] == "table" and f["table"]["seats"][1]["kind"] != "human", since
            )
            assert announced[1]["table"]["seats"][1]["kind"] == "computer"
            with sit(client, tid, secret[1]) as old:
                assert old.drain_until_closed() == 4403, "the replaced seat's old secret is void"
            end = play_out({0: me}, random.Random(51))
        assert end["view"]["outcome"] is not None
        stored = store_of(client).table(tid)
        assert stored is not None and stored.status == "finished"
        assert stored.seats[1].kind == "computer" and stored.seats[1].token_hash is None
        assert {m.seat for m in store_of(client).moves(tid)[1:]} == {0, 1, 2, 3}


# --- limits ------------------------------------------------------------------------------------------------


def test_a_message_over_4_kb_closes_the_connection(db_url: str) -> None:
    with serving(db_url) as client:
        created = create(client, "bezique", [HUMAN, HUMAN])
        with sit(client, created["id"], tokens(created)[0]) as peer:
            peer.state()
            peer.ping()
            peer.ws.send_text(json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE}))
            assert peer.drain_until_closed() == 1009
            assert peer.frames[-1]["type"] == "error" and peer.frames[-1]["code"] == "too_large"
        with sit(client, created["id"], tokens(created)[0]) as peer:
            assert peer.ping() != [], "a new connection is welcome again"
            just = json.dumps({"type": "ping", "pad": ""})
            peer.ws.send_text(json.dumps({"type": "ping", "pad": "x" * (MAX_MESSAGE - len(just))}))
            peer.wait(lambda f: f["type"] == "pong")


def test_flooding_closes_the_connection_and_other_tables_play_on(db_url: str) -> None:
    with serving(db_url) as client:
        loud = create(client, "bezique", [HUMAN, HUMAN])
        quiet = create(client, "bezique", [HUMAN, COMPUTER], seed=61)
        with (
            sit(client, loud["id"], tokens(loud)[0]) as flood,
            sit(client, quiet["id"], tokens(quiet)[0]) as calm,
        ):
            flood.state()
            calm.state()
            for _ in range(300):
                flood.ws.send_text('{"type":"ping"}')
            started = time.monotonic()
            calm.ping()
            assert flood.drain_until_closed() == 1008
            assert any(f["type"] == "error" and f["code"] == "flood" for f in flood.frames)
            assert sum(f["type"] == "pong" for f in flood.frames) < 150, "closed long before the 300th"
            end = play_out({0: calm}, random.Random(61), stop=lambda f: f["version"] >= 10)
            assert end["version"] >= 10 and time.monotonic() - started < 20
        assert live_table(client, loud["id"]).version == 0


def test_deeply_nested_json_is_a_bad_message(sqlite_url: str) -> None:
    """JSON nested a few thousand deep fits in 4 KB but overflows ``json.loads``'s recursion. (A
    message that changes nothing: SQLite alone is enough.)"""
    with serving(sqlite_url) as client:
        created = create(client, "bezique", [HUMAN, HUMAN])
        with sit(client, created["id"], tokens(created)[0]) as peer:
            peer.state()
            peer.ws.send_text("[" * 2000 + "]" * 2000)
            errors = peer.ping()
            assert [f["code"] for f in errors if f["type"] == "error"] == ["bad_message"]


# --- play again ------------------------------------------------------------------------------------------


def test_play_again_sends_each_person_a_working_link(db_url: str) -> None:
    with serving(db_url) as client:
        created = create(client, "bezique", [HUMAN, HUMAN], seed=71)
        tid = created["id"]
        with contextlib.ExitStack() as stack:
            people = sit_all(stack, client, tid, tokens(created))
            watcher = stack.enter_context(sit(client, tid, None))
            end = play_out(people, random.Random(71))
            assert end["view"]["outcome"] is not None
            since = {s: len(p.frames) for s, p in people.items()}
            people[0].send({"type": "again"})
            nexts = {s: p.wait(lambda f: f["type"] == "next", since[s])[1] for s, p in people.items()}
            new_id = nexts[0]["id"]
            assert new_id != tid and nexts[1]["id"] == new_id
            assert not any(f["type"] == "next" for f in watcher.ping()), "a spectator has no seat to take"
            links = {s: f["link"] for s, f in nexts.items()}
            assert links[0] != links[1]
            late = len(people[1].frames)
            people[1].send({"type": "again"})
            repeat = people[1].wait(lambda f: f["type"] == "next", late)[1]
            assert repeat["id"] == new_id, "one match after another, not two"
        assert client.get(f"/api/tables/{tid}").json()["next_id"] == new_id
        secrets_ = {}
        for seat, link in links.items():
            match = re.fullmatch(rf"/t/{re.escape(new_id)}#seat={seat}&token=(.+)", link)
            assert match is not None, link
            secrets_[seat] = match.group(1)
        with contextlib.ExitStack() as stack:
            again = sit_all(stack, client, new_id, secrets_)
            first = again[0].state()
            assert first["version"] == 0 and first["view"]["outcome"] is None
            assert client.get(f"/api/tables/{new_id}").json()["options"]["target"] == 100
            end = play_out(again, random.Random(72), stop=lambda f: f["version"] >= 2)
            assert end["version"] >= 2


def test_the_next_table_is_playing_once_everyone_sits(db_url: str) -> None:
    """Everyone took the "play again" link and sat down: the new table is playing, as a new table
    whose seats all fill is."""
    with serving(db_url) as client:
        created = create(client, "bezique", [HUMAN, HUMAN], seed=71)
        with contextlib.ExitStack() as stack:
            people = sit_all(stack, client, created["id"], tokens(created))
            play_out(people, random.Random(71))
            people[0].send({"type": "again"})
            links = {s: p.wait(lambda f: f["type"] == "next")[1]["link"] for s, p in people.items()}
            new_id = people[0].wait(lambda f: f["type"] == "next")[1]["id"]
            people[0].ping()  # answered once "again" is wholly done: no race with the sitting down
            secrets_ = {s: link.rsplit("token=", 1)[1] for s, link in links.items()}
            sit_all(stack, client, new_id, secrets_)
            info = client.get(f"/api/tables/{new_id}").json()
            assert all(s["taken"] and s["connected"] for s in info["seats"])
            assert info["status"] == "playing"


# --- replays ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "live-deal"])
def test_replays_of_finished_matches(db_url: str, seeded: bool) -> None:
    """Refused while the match goes on; then every step, as one seat saw it or with every card."""
    with serving(db_url) as client:
        going = create(client, "bezique", [HUMAN, HUMAN])
        assert client.get(f"/api/tables/{going['id']}/replay").status_code == 409
        body: dict[str, Any] = {"seed": 81} if seeded else {"seed": None}
        done = create(client, "bezique", [COMPUTER, COMPUTER], **body)
        tid = done["id"]
        wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished", what="the end")
        game = parlour.make("bezique", **SHORT["bezique"])
        ref = reference(game, 81 if seeded else None, db_url, tid)
        steps = len(ref) - 1
        replay = f"/api/tables/{tid}/replay"
        for step in sorted({0, 1, steps // 2, steps}):
            for seat in (0, 1):
                got = client.get(replay, params={"step": step, "seat": str(seat)}).json()
                assert got["step"] == step and got["steps"] == steps
                assert got["view"] == ref[step][seat][0]
                assert got["log"] == ref[step][seat][2]
                theirs = next(
                    z for z in got["view"]["zones"] if z["kind"] == "hand" and z["owner"] == 1 - seat
                )
                public = next(z for z in ref[step][None][0]["zones"] if zone_key(z) == zone_key(theirs))
                assert theirs == public, "a seat's replay shows of the other's hand only what all may see"
            everything = client.get(replay, params={"step": step, "seat": "all"}).json()
            for seat in (0, 1):
                hand = next(
                    z for z in everything["view"]["zones"] if z["kind"] == "hand" and z["owner"] == seat
                )
                own = next(
                    z for z in ref[step][seat][0]["zones"] if z["kind"] == "hand" and z["owner"] == seat
                )
                assert hand == own, "seat=all shows every hand face up"
            watched = client.get(replay, params={"step": step, "seat": "none"}).json()
            assert watched["view"] == ref[step][None][0]
        assert client.get(replay).json()["step"] == 0
        for params in ({"step": steps + 1}, {"seat": "2"}, {"seat": "x"}, {"seat": "-1"}):
            response = client.get(replay, params=params)
            assert response.status_code == 400, params
        for params in ({"step": -1}, {"step": "x"}):
            assert 400 <= client.get(replay, params=params).status_code < 500
        assert client.get("/api/tables/nosuchtable/replay").status_code == 404


# --- fuzzing ------------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)

FIELD_TYPES: dict[str, tuple[type, ...]] = {"type": (str,), "action": (str,), "version": (int,)}


@st.composite
def wrong_field(draw: st.DrawFn) -> str:
    """An act message with one field of the wrong type (or missing)."""
    message: dict[str, Any] = {"type": "act", "action": "play 7S", "version": 0}
    field = draw(st.sampled_from(sorted(FIELD_TYPES)))
    if draw(st.booleans()):
        del message[field]
    else:
        value = draw(
            json_values.filter(lambda v: not isinstance(v, FIELD_TYPES[field]) or isinstance(v, bool))
        )
        message[field] = value
    return json.dumps(message)


def act_messages() -> st.SearchStrategy[str]:
    return st.builds(
        lambda action, version: json.dumps({"type": "act", "action": action, "version": version}),
        st.text(max_size=30) | st.sampled_from(["play", "play 7S 7S", "meld", "pass", "draw", "play 9H"]),
        st.integers(-2, 3) | json_values,
    )


def messages() -> st.SearchStrategy[str]:
    kinds = st.sampled_from(["hello", "act", "ping", "again", "resync", "", "ACT", "state"])
    typed = st.builds(
        lambda kind, extra: json.dumps({**extra, "type": kind}, allow_nan=True),
        kinds,
        st.dictionaries(
            st.sampled_from(["action", "version", "token", "seen", "x"]), json_values, max_size=3
        ),
    )
    return (
        json_values.map(lambda v: json.dumps(v))
        | st.text(max_size=200)
        | wrong_field()
        | act_messages()
        | typed
    )


FRAME_TYPES = {"welcome", "state", "ack", "error", "table", "next", "pong"}


def test_fuzzed_messages_never_change_the_table(db_url: str) -> None:
    """Random JSON, random text and wrong types in every field: each gets an error or is ignored, the
    connection keeps working (or is closed cleanly), and the version never moves."""
    with serving(db_url) as client:
        created = create(client, "bezique", [HUMAN, HUMAN], seed=3)
        tid = created["id"]
        secret = tokens(created)[0]
        table = live_table(client, tid)
        legal = set(table.state.legal_actions())
        moves = len(store_of(client).moves(tid))

        @settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(first=st.booleans(), batch=st.lists(messages(), min_size=1, max_size=4))
        def check(first: bool, batch: list[str]) -> None:
            for text in batch:
                with contextlib.suppress(ValueError, RecursionError):
                    data = json.loads(text)
                    assume(not (isinstance(data, dict) and str(data.get("action")) in legal))
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                peer = Peer(ws)
                if first:  # fuzz the hello itself
                    ws.send_text(batch[0])
                    batch = batch[1:]
                else:
                    peer.send({"type": "hello", "token": secret, "seen": 0})
                for text in batch:
                    ws.send_text(text)
                if peer.close_code is None:
                    with contextlib.suppress(AssertionError):
                        peer.ping()
                if peer.close_code is not None:
                    assert peer.close_code in (1000, 1008, 1009, 4403)
                    assert peer.frames[-1]["type"] == "error"
                else:
                    assert peer.frames[-1]["type"] == "pong"
                assert {f["type"] for f in peer.frames} <= FRAME_TYPES
                assert all(f["code"] != "server" for f in peer.frames if f["type"] == "error")
            assert table.version == 0

        check()
        assert len(store_of(client).moves(tid)) == moves


@st.composite
def create_bodies(draw: st.DrawFn) -> Any:
    """Create bodies: random JSON, or a good body with one field made wrong or random options."""
    game = draw(st.sampled_from([*GAMES, "nope"]))
    n = parlour.make(game).num_players if game != "nope" else 2
    body: dict[str, Any] = {"game": game, "seats": [HUMAN] * n}
    how = draw(st.sampled_from(["json", "field", "options", "seats"]))
    if how == "json":
        return draw(json_values)
    if how == "field":
        body[draw(st.sampled_from(["game", "options", "seats", "public", "seed", "name"]))] = draw(
            json_values
        )
    elif how == "options":
        names = [o.name for o in parlour.game_class(game).info().options] if game != "nope" else ["x"]
        keys = st.sampled_from(names) | st.text(max_size=8)
        body["options"] = draw(st.dictionaries(keys, json_values, max_size=3))
    else:
        seat = st.fixed_dictionaries(
            {"kind": json_values | st.sampled_from(["human", "computer"])},
            optional={
                "player": json_values | st.sampled_from(["random", "heuristic", "nobody"]),
                "name": st.text(max_size=50),
            },
        )
        body["seats"] = draw(st.lists(seat, max_size=11))
    return body


def non_finite(data: Any) -> bool:
    if isinstance(data, float):
        return not math.isfinite(data)
    if isinstance(data, dict):
        return any(non_finite(v) for v in data.values())
    if isinstance(data, list):
        return any(non_finite(v) for v in data)
    return False


def test_fuzzed_create_bodies_never_fail_the_server(db_url: str) -> None:
    """Never a 5xx; a refused body creates nothing; an accepted one creates exactly one table."""
    with serving(db_url, bot_delay=10.0) as client:
        store = store_of(client)

        def count() -> int:
            with store.engine.connect() as conn:
                return int(conn.execute(select(func.count()).select_from(TableRow)).scalar_one())

        @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(body=create_bodies())
        def check(body: Any) -> None:
            before = count()
            text = json.dumps(body)  # NaN and Infinity too, which Python's JSON reads
            response = client.post("/api/tables", content=text, headers={"content-type": "application/json"})
            assert response.status_code < 500, (body, response.text)
            after = count()
            if response.status_code == 200:
                assert after == before + 1
                assert store.table(response.json()["id"]) is not None
            else:
                assert 400 <= response.status_code < 500 and after == before
                assert response.json()["detail"]

        check()


def test_a_frame_says_how_to_show_the_games_extras() -> None:
    """The client names a game's extras by the fields the server describes (``extra_fields``, in the
    welcome), but no frame described them: the table said "voids" and "C" where the terminal said "shown
    out of" and "♣", and listed the computer players' bookkeeping too."""
    for name in GAMES:
        state = parlour.make(name, **SHORT[name]).new(seed=1)
        frame = frames.welcome_frame(state, 0, {})
        fields = frame["extra_fields"]
        assert [f["name"] for f in fields] == list(state.view(0).to_dict()["extra"]), name
        assert all(isinstance(f["label"], str) and f["label"] for f in fields), fields
    apology = frames.welcome_frame(parlour.make("apology").new(seed=1), 0, {})["extra_fields"]
    voids = next(f for f in apology if f["name"] == "voids")
    assert voids == {
        "name": "voids",
        "label": "shown out of",
        "per": "seat",
        "cards": False,
        "suits": True,
        "seats": False,
        "show": True,
        "quiet": False,
    }
    owed_to = next(f for f in apology if f["name"] == "owed_to")
    assert owed_to["seats"] and not owed_to["suits"] and not owed_to["cards"], owed_to
    bishops = frames.welcome_frame(parlour.make("bishops-whist").new(seed=1), 0, {})["extra_fields"]
    assert any(not f["show"] for f in bishops), bishops  # its internal bookkeeping is not shown
