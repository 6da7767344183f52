"""``parlour serve`` from the command line: a bad database is a clear error and an exit code, and the
server answers on the port it printed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx

from tests.web_support import Server


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", "serve", *args], capture_output=True, text=True, timeout=60
    )


def test_a_database_that_cannot_be_opened_is_a_clear_error() -> None:
    for url, said in [("nope://x", "nope"), ("sqlite:////nonexistent/folder/x.db", "unable to open")]:
        done = _serve("--database", url, "--port", "1")
        assert done.returncode == 2
        assert "--database" in done.stderr and said in done.stderr


def test_a_bad_port_is_refused() -> None:
    done = _serve("--port", "70000")
    assert done.returncode == 2 and "--port" in done.stderr


def test_serve_answers_with_the_lobby_and_every_game(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'parlour.db'}", seeded=False).start()
    try:
        page = httpx.get(server.url + "/", timeout=10)
        assert page.status_code == 200 and "<html" in page.text
        games = httpx.get(server.url + "/api/games", timeout=10).json()
        assert len(games) >= 6
        seeded = httpx.post(
            server.url + "/api/tables",
            json={
                "game": games[0]["name"],
                "seats": [{"kind": "computer"}] * games[0]["players"]["min"],
                "seed": 1,
            },
            timeout=10,
        )
        assert seeded.status_code == 400 and "live" in seeded.json()["detail"]
    finally:
        server.stop()


def test_one_address_cannot_make_tables_without_end(tmp_path: Path) -> None:
    """A burst of tables is allowed, then one address waits (429) while another is not held up."""
    from fastapi.testclient import TestClient

    from parlour.web.app import create_app

    body = {"game": "bezique", "seats": [{"kind": "human"}] * 2}
    with TestClient(create_app(f"sqlite:///{tmp_path / 'p.db'}", table_rate=5)) as client:
        codes = [client.post("/api/tables", json=body).status_code for _ in range(7)]
        assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
        assert len(client.get("/api/tables").json()["open"]) == 0  # private tables: none listed
