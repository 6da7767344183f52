"""Computer players at the web table: one that fails or chooses nonsense never stalls the table."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.web import tables
from parlour.web.app import create_app


def _play_out(client: TestClient, game: str, seats: int, options: dict[str, Any]) -> dict[str, Any]:
    body = {"game": game, "options": options, "seats": [{"kind": "computer", "player": "heuristic"}] * seats}
    table = client.post("/api/tables", json=body).json()["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        info: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if info["status"] == "finished":
            return info
        time.sleep(0.05)
    raise AssertionError("the computer players did not finish the match")


@pytest.mark.parametrize("failure", ["raises", "illegal"])
def test_a_failing_computer_player_does_not_stall_the_table(
    failure: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> str:
        if failure == "raises":
            raise RuntimeError("a bug in a computer player")
        return "play nonsense"

    monkeypatch.setattr(tables, "_choose", broken)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0)) as client:
        info = _play_out(client, "bezique", 2, {"target": 100})
        assert info["version"] > 10
