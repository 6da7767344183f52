"""When a move cannot be stored, nothing is acknowledged and nobody is left with a match the store
does not hold: the table is rebuilt from what was committed and play goes on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.web.app import create_app
from parlour.web.store import NewMove, Store


def _until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.receive_text())
        if frame["type"] == kind:
            return frame


def test_a_move_that_cannot_be_stored_is_not_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'p.db'}"
    with TestClient(create_app(url, bot_delay=0, allow_seeds=True)) as client:
        made = client.post(
            "/api/tables", json={"game": "bezique", "seats": [{"kind": "human"}] * 2, "seed": 3}
        ).json()
        tid = made["id"]
        tokens = {s["seat"]: s["link"].split("token=")[1] for s in made["seats"]}
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": tokens[0], "seen": 0}))
            state = _until(ws, "state")
            seat = state["view"]["to_move"]
        token = tokens[seat]
        real = Store.append_moves

        def failing(self: Store, moves: list[NewMove]) -> list[Exception | None]:
            raise OSError("the disk is full")

        monkeypatch.setattr(Store, "append_moves", failing)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": token, "seen": 0}))
            before = _until(ws, "state")
            action = before["actions"][0]["text"]
            ws.send_text(json.dumps({"type": "act", "action": action, "version": before["version"]}))
            error = _until(ws, "error")
            assert error["code"] == "server" and "nothing was played" in error["message"]
        monkeypatch.setattr(Store, "append_moves", real)
        assert Store(url).moves(tid)[-1].seq == 0  # nothing stored
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": token, "seen": 0}))
            again = _until(ws, "state")
            assert again["version"] == before["version"] and again["view"] == before["view"]
            ws.send_text(json.dumps({"type": "act", "action": action, "version": again["version"]}))
            assert _until(ws, "ack")["version"] == before["version"] + 1
        assert [m.action for m in Store(url).moves(tid)][1:] == [action]
