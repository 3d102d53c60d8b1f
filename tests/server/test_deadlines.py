"""A missed deadline through the API: where the rules name no stand-in move the table
waits, every payload says so (English and German), and the admin may seat a bot."""

from __future__ import annotations

import time

import sqlalchemy as sa
from fastapi.testclient import TestClient

from stellwerk.server import store
from stellwerk.server.deadlines import sweep_once

from .conftest import create, service_of, wait_for


def test_a_late_seat_without_a_default_waits_for_the_admin(client: TestClient) -> None:
    made = create(client, "rail-line", ["human", "human"], deadline_seconds=60)
    service = service_of(client)
    assert made.seats[0].table_now()["late_without_default"] is None  # not late yet
    with service.engine.begin() as conn:  # the side was due 100 s ago
        conn.execute(store.tables.update().where(store.tables.c.id == made.table).values(
            turn_started_at=time.time() - 100))
    # written behind the server's back: it keeps a table's row up to INFO_SECONDS, so
    # tell it, as a change through the API or another process's NOTIFY would
    service.forget_info(made.table)
    assert sweep_once(service, time.time()) == 0  # choosing a side has no default
    english = made.spectator.table_now()
    german = made.seats[1].get(lang="de").json()
    assert english["seq"] == 0
    assert english["late_without_default"]["seats"] == [0]
    assert "admin" in english["late_without_default"]["text"]
    assert "Frist" in german["late_without_default"]["text"]
    assert "has passed for seat 1," in english["late_without_default"]["text"]
    assert "die Frist für Platz 1 ist" in german["late_without_default"]["text"]
    # the admin hands the seat to a bot, which moves at once
    assert made.admin.post("seats/0/bot", {"kind": "random"}).status_code == 200
    wait_for(lambda: made.spectator.table_now()["seq"] >= 1)
    log = made.spectator.get("log").json()["actions"]
    assert log[0]["by"] == "bot"
    with service.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).where(
            store.actions.c.by == "deadline")).scalar() == 0


def test_watchers_are_told_once_when_a_table_becomes_late(client: TestClient) -> None:
    """Nothing in the log changes when a deadline passes without a stand-in move, so the
    sweep itself wakes the table's live connections, once (not at every sweep)."""
    made = create(client, "rail-line", ["human", "human"], deadline_seconds=60)
    service = service_of(client)
    told: list[tuple[str, str]] = []
    service.listeners.append(lambda table, what: told.append((table, what)))
    with client.websocket_connect(f"/api/tables/{made.table}/live",
                                  headers={"Accept-Language": "de"}) as socket:
        socket.send_json({"token": made.seats[1].token})
        first = socket.receive_json()
        assert first["type"] == "table" and first["table"]["late_without_default"] is None
        with service.engine.begin() as conn:  # the side was due 100 s ago
            conn.execute(store.tables.update().where(store.tables.c.id == made.table)
                         .values(turn_started_at=time.time() - 100))
        service.forget_info(made.table)
        assert sweep_once(service, time.time()) == 0
        frame = socket.receive_json()
        assert frame["type"] == "table"
        assert frame["table"]["late_without_default"]["seats"] == [0]
        assert "Frist" in frame["table"]["late_without_default"]["text"]
        assert sweep_once(service, time.time()) == 0
    assert [what for table, what in told if table == made.table] == ["late"]
