"""Two real `stellwerk serve` processes on one PostgreSQL database: a table
made through one is played through both; a WebSocket on process B hears an action sent
to process A (LISTEN/NOTIFY: PostgreSQL connections do not poll); the same seat's
conflicting actions raced at both processes end with exactly one applied and a 409
saying why for the other; and either process serves the same log."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from .conftest import _skip_postgres, postgres_url
from .serve_process import free_port, start


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def two_servers(tmp_path: Path) -> Any:
    url = postgres_url()
    if url is None:
        _skip_postgres()
    assert url is not None
    ports = [free_port(), free_port()]
    servers = []
    try:
        for i, port in enumerate(ports):
            servers.append(start(port, tmp_path / f"data{i}", url))
        yield [f"127.0.0.1:{port}" for port in ports]
    finally:
        for server in servers:
            server.kill()
            server.wait(timeout=10)
            if server.stdout:
                server.stdout.close()


def owing(client: httpx.Client, table: str, tokens: dict[int, str]) -> tuple[int, list[str]]:
    """The seat whose turn it is and its legal actions' notations."""
    for seat, token in tokens.items():
        if client.get(f"/api/tables/{table}", headers=auth(token)).json()["your_turn"]:
            legal = client.get(f"/api/tables/{table}/legal", headers=auth(token)).json()
            return seat, [a["notation"] for a in legal["actions"]]
    pytest.fail("nobody's turn")


async def hear(address: str, table: str, token: str, action: Any) -> dict[str, Any]:
    """Open B's WebSocket, wait for the first payload, run `action`, and return the
    next table payload B sends."""
    async with websockets.connect(f"ws://{address}/api/tables/{table}/live") as socket:
        await socket.send(json.dumps({"token": token}))
        first = json.loads(await asyncio.wait_for(socket.recv(), 30))
        assert first["type"] == "table"
        await asyncio.to_thread(action)
        while True:
            message = json.loads(await asyncio.wait_for(socket.recv(), 30))
            if message["type"] == "table" and message["table"]["seq"] > first["table"]["seq"]:
                return dict(message["table"])


def test_two_server_processes_share_one_postgres(two_servers: list[str]) -> None:
    a, b = (httpx.Client(base_url=f"http://{s}", timeout=30) for s in two_servers)
    with a, b:
        made = a.post("/api/tables", json={"game": "rail-line", "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]}).json()
        table = made["table"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        # the table made at A is there at B
        assert b.get(f"/api/tables/{table}", headers=auth(tokens[1])).json()["seats"][0][
            "name"] == "Ann"

        # B's WebSocket (seat 2's) hears the action sent to A
        seat, actions = owing(a, table, tokens)

        def act_at_a() -> None:
            response = a.post(f"/api/tables/{table}/actions", headers=auth(tokens[seat]),
                              json={"notation": actions[0]})
            assert response.status_code == 200, response.text

        heard = asyncio.run(hear(two_servers[1], table, tokens[1], act_at_a))
        assert heard["seq"] == 1 and heard["seat"] == 1

        # acting through both, alternately; each time the two race the same seat's
        # conflicting actions, exactly one applies
        accepted: list[tuple[int, str]] = [(1, actions[0])]
        for turn in range(8):
            seat, actions = owing(b if turn % 2 else a, table, tokens)
            seq = accepted[-1][0]
            choices = [actions[0], actions[-1]]
            results: list[httpx.Response | None] = [None, None]

            def send(i: int, client: httpx.Client, notation: str, seat: int = seat,
                     seq: int = seq, results: list[httpx.Response | None] = results) -> None:
                results[i] = client.post(
                    f"/api/tables/{table}/actions", headers=auth(tokens[seat]),
                    json={"notation": notation, "expected_seq": seq})

            threads = [threading.Thread(target=send, args=(i, c, n)) for i, (c, n) in
                       enumerate(zip((a, b), choices, strict=True))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            codes = sorted(r.status_code for r in results if r is not None)
            assert codes == [200, 409], [r.text for r in results if r is not None]
            for response, notation in zip(results, choices, strict=True):
                assert response is not None
                if response.status_code == 200:
                    accepted.append((response.json()["accepted"], notation))
                else:  # a reason in words: stale, or another action was first
                    assert response.json()["key"] in ("srv.stale", "srv.conflict")
                    assert response.json()["error"]

        # the same log through either process, holding exactly the accepted actions
        logs = [c.get(f"/api/tables/{table}/log", headers=auth(made["admin"]["token"]))
                .json()["actions"] for c in (a, b)]
        assert logs[0] == logs[1]
        assert [(e["seq"], e["notation"]) for e in logs[0]] == accepted
