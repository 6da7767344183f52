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
            assert error["code"] == "unstored" and "nothing was played" in error["message"]
        monkeypatch.setattr(Store, "append_moves", real)
        assert Store(url).moves(tid)[-1].seq == 0  # nothing stored
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": token, "seen": 0}))
            again = _until(ws, "state")
            assert again["version"] == before["version"] and again["view"] == before["view"]
            ws.send_text(json.dumps({"type": "act", "action": action, "version": again["version"]}))
            assert _until(ws, "ack")["version"] == before["version"] + 1
        assert [m.action for m in Store(url).moves(tid)][1:] == [action]


def test_a_table_stored_before_an_option_existed_is_rebuilt_by_the_rules_it_was_played_by(
    tmp_path: Path,
) -> None:
    """An older parlour stored no played_seven_scores (it played without that 10): after an upgrade
    the table is rebuilt with the option's legacy value, not its new default."""
    url = f"sqlite:///{tmp_path / 'p.db'}"
    body = {
        "game": "bezique",
        "options": {"played_seven_scores": False},
        "seats": [{"kind": "human"}] * 2,
        "seed": 3,
    }
    with TestClient(create_app(url, bot_delay=0, allow_seeds=True)) as client:
        made = client.post("/api/tables", json=body).json()
        tid = made["id"]
        tokens = {s["seat"]: s["link"].split("token=")[1] for s in made["seats"]}
        for _ in range(4):
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                ws.send_text(json.dumps({"type": "hello", "token": tokens[0], "seen": 0}))
                seat = _until(ws, "state")["view"]["to_move"]
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                ws.send_text(json.dumps({"type": "hello", "token": tokens[seat], "seen": 0}))
                state = _until(ws, "state")
                action = state["actions"][0]["text"]
                ws.send_text(json.dumps({"type": "act", "action": action, "version": state["version"]}))
                _until(ws, "ack")
    store = Store(url)
    record = store.table(tid)
    assert record is not None
    older = {k: v for k, v in record.options.items() if k != "played_seven_scores"}
    store.set_table(tid, options=older)
    store.close()
    with TestClient(create_app(url, bot_delay=0, allow_seeds=True)) as client:
        info = client.get(f"/api/tables/{tid}").json()
        assert info["options"]["played_seven_scores"] is False and info["version"] == 4
