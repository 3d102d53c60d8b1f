"""The real server as a process: `stellwerk serve` on a free port, actions sent over HTTP,
the process killed with SIGKILL, started again, and every acknowledged action found."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.serve_process import free_port, start


def test_every_acknowledged_action_survives_kill_9(database: str, tmp_path: Path) -> None:
    url = None if database.startswith("sqlite") else database
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(port, tmp_path / "data", url)
    try:
        made = httpx.post(f"{base}/api/tables", json={
            "game": "rail-line", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        table = made["table"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        acknowledged: list[tuple[int, str]] = []
        with httpx.Client(base_url=base, timeout=10) as client:
            for _ in range(30):
                seat, notation = next_move(client, table, tokens)
                response = client.post(f"/api/tables/{table}/actions",
                                       headers={"Authorization": f"Bearer {tokens[seat]}"},
                                       json={"notation": notation})
                assert response.status_code == 200, response.text
                acknowledged.append((response.json()["accepted"], notation))
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        server = start(port, tmp_path / "data", url)
        with httpx.Client(base_url=base, timeout=10) as client:
            log = client.get(f"/api/tables/{table}/log",
                             headers={"Authorization": f"Bearer {made['admin']['token']}"})
            stored = [(a["seq"], a["notation"]) for a in log.json()["actions"]]
            assert stored == acknowledged
            seat, notation = next_move(client, table, tokens)  # and the game goes on
            assert client.post(f"/api/tables/{table}/actions",
                               headers={"Authorization": f"Bearer {tokens[seat]}"},
                               json={"notation": notation}).json()["accepted"] == 31
    finally:
        server.kill()
        server.wait(timeout=10)
        if server.stdout:
            server.stdout.close()


def next_move(client: httpx.Client, table: str, tokens: dict[int, str]) -> tuple[int, str]:
    for seat, token in tokens.items():
        headers = {"Authorization": f"Bearer {token}"}
        if client.get(f"/api/tables/{table}", headers=headers).json()["your_turn"]:
            legal: Any = client.get(f"/api/tables/{table}/legal", headers=headers).json()
            return seat, legal["actions"][-1]["notation"]
    pytest.fail("nobody's turn")
