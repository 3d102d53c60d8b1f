"""A bug in the server (an exception no handler answers) reaches nobody as a traceback:
the client gets a keyed 500 in its language (a live connection: close 1011), the log
one line naming a report file, and the file holds the traceback."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from stellwerk.server.routes import games as games_routes
from stellwerk.server.routes import live as live_routes
from stellwerk.server.terms import CATALOG

from .conftest import create


class Broken(RuntimeError):
    pass


def _break(*_: Any, **__: Any) -> Any:
    raise Broken("a bug planted by the test")


def _reports() -> list[Path]:
    folder = Path(os.environ["XDG_STATE_HOME"]) / "stellwerk"
    return sorted(folder.glob("crash-*.txt")) if folder.is_dir() else []


def test_a_bug_in_a_route_is_a_keyed_500_one_log_line_and_a_report(
        client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(games_routes, "game_ids", _break)
    with caplog.at_level(logging.INFO):
        answer = client.get("/api/games", headers={"Accept-Language": "de"})
    assert answer.status_code == 500
    assert answer.json() == {"key": "srv.internal",
                             "error": CATALOG.text("srv.internal", "de")}
    reports = _reports()
    assert len(reports) == 1
    assert "Broken: a bug planted by the test" in reports[0].read_text()
    lines = [r.getMessage() for r in caplog.records if "internal error" in r.getMessage()]
    assert lines == [f"internal error (Broken) on GET /api/games; the report is in "
                     f"{reports[0]}"]
    assert not any(r.exc_info for r in caplog.records)
    assert "Traceback" not in caplog.text


def test_a_bug_behind_a_live_connection_closes_it_with_1011(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client, "rail-line", ["human", "human"])
    monkeypatch.setattr(live_routes, "_stream", _break)
    with client.websocket_connect(f"/api/tables/{made.table}/live") as socket:
        socket.send_json({"token": made.seats[0].token})
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 1011
    assert len(_reports()) == 1
