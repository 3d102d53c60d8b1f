"""A lost database connection (the pool pings no connection before use).

The table service tries a read again on a fresh connection; an append whose connection
drops is tried again when the log shows it was not committed, counted once when it was,
and answered with a clear 503 (never a 500, never half applied) when it fails twice. On
PostgreSQL the tests also kill every backend, as a restarted database would: the next
action succeeds, the LISTEN connection comes back by itself, drops every kept table and
delivers later notices, and no acknowledged action is lost."""

from __future__ import annotations

import time
from typing import Any

import psycopg
import pytest
import sqlalchemy as sa

from stellwerk.server import store
from stellwerk.server.errors import ApiError
from stellwerk.server.table_service import TableService

from .conftest import create, make_client, service_of, wait_for
from .test_storage import new_table, service, state_of


def first_move(svc: TableService, table: str) -> tuple[int, str]:
    with svc.table(svc.info(table)) as loaded:
        decision = loaded.state.decision()
        assert decision is not None
        seat = decision.seats[0]
        return seat, loaded.game.format_action(loaded.state.candidate_actions(seat)[0])


def log_of(svc: TableService, table: str) -> list[tuple[int, int, str]]:
    with svc.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(sa.select(
            store.actions.c.seq, store.actions.c.seat, store.actions.c.notation).where(
            store.actions.c.table_id == table).order_by(store.actions.c.seq))]


def is_append(statement: str) -> bool:
    """The statement that appends an action (PostgreSQL's PG_APPEND, SQLite's insert)."""
    return statement.lstrip().upper().startswith(("WITH APPENDED", "INSERT INTO ACTIONS"))


@pytest.fixture
def drops() -> dict[str, Any]:
    """How `drop_appends` fails the next appends: `count` of them, `when` "before" the
    statement ran, or "after" (it committed, and only the answer was lost)."""
    return {"count": 0, "when": "before", "raised": 0}


def drop_appends(engine: sa.Engine, plan: dict[str, Any]) -> None:
    def lose(statement: str, when: str) -> None:
        if plan["count"] and plan["when"] == when and is_append(statement):
            plan["count"] -= 1
            plan["raised"] += 1
            raise sa.exc.OperationalError(statement, None,
                                          Exception("server closed the connection"))

    @sa.event.listens_for(engine, "before_cursor_execute")
    def before(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        lose(statement, "before")

    @sa.event.listens_for(engine, "after_cursor_execute")
    def after(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        lose(statement, "after")


def test_an_append_whose_connection_drops_once_is_tried_again(
        database: str, drops: dict[str, Any]) -> None:
    svc = service(database)
    table = new_table(svc)
    drop_appends(svc.engine, drops)
    drops.update(count=1, when="before")
    seat, notation = first_move(svc, table)
    assert svc.submit(svc.info(table), seat, notation, None) == 1
    assert drops["raised"] == 1
    assert log_of(svc, table) == [(1, seat, notation)]


def test_an_append_committed_before_its_answer_was_lost_counts_once(
        database: str, drops: dict[str, Any]) -> None:
    if not database.startswith("postgresql"):
        pytest.skip("SQLite's commit is local: no answer to lose")
    svc = service(database)
    table = new_table(svc)
    drop_appends(svc.engine, drops)
    drops.update(count=1, when="after")
    seat, notation = first_move(svc, table)
    assert svc.submit(svc.info(table), seat, notation, None) == 1
    assert drops["raised"] == 1
    assert log_of(svc, table) == [(1, seat, notation)]  # once, not twice


def test_an_append_lost_twice_is_a_503_and_changes_nothing(
        database: str, drops: dict[str, Any]) -> None:
    svc = service(database)
    table = new_table(svc)
    before = state_of(svc, table).view(0)
    drop_appends(svc.engine, drops)
    drops.update(count=2, when="before")
    seat, notation = first_move(svc, table)
    with pytest.raises(ApiError) as refused:
        svc.submit(svc.info(table), seat, notation, None)
    assert refused.value.status == 503
    assert "nothing was changed" in refused.value.text("en")
    assert "nichts wurde geändert" in refused.value.text("de")
    assert log_of(svc, table) == []
    assert state_of(svc, table).view(0) == before  # the applied move was dropped
    assert svc.submit(svc.info(table), seat, notation, None) == 1  # and it works again


def test_a_read_whose_connection_drops_once_is_tried_again(database: str) -> None:
    svc = service(database)
    table = new_table(svc)
    lost = {"left": 1}

    @sa.event.listens_for(svc.engine, "before_cursor_execute")
    def before(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if lost["left"] and statement.lstrip().upper().startswith("SELECT"):
            lost["left"] -= 1
            raise sa.exc.OperationalError(statement, None, Exception("connection lost"))

    assert svc.info(table).id == table
    assert lost["left"] == 0


# --- PostgreSQL: every backend killed, as by a restart ----------------------------------------
def kill_backends(url: str) -> int:
    """Terminate every other connection to the database, and wait until they are gone."""
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1),
                         autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
            "WHERE pid <> pg_backend_pid() AND datname = current_database()").fetchall()
    return len(rows)


def notify(url: str, payload: str) -> None:
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1),
                         autocommit=True) as conn:
        conn.execute("SELECT pg_notify('stellwerk', %s)", (payload,))


def test_killing_every_backend_between_two_actions(database: str) -> None:
    if not database.startswith("postgresql"):
        pytest.skip("terminating backends is PostgreSQL's")
    with make_client(database) as client:
        svc = service_of(client)
        listener = client.app.state.listener  # type: ignore[attr-defined]
        listener.retry_seconds = 0.1
        heard: list[tuple[str, str]] = []
        client.app.state.hub.on_change.append(  # type: ignore[attr-defined]
            lambda table, what: heard.append((table, what)))
        made = create(client, "rail-line", ["human", "human", "human"])
        acknowledged = []
        for _ in range(3):  # the side choices: one per seat
            seat = next(s for s in made.seats.values() if s.table_now()["your_turn"])
            response = seat.act(seat.get("legal").json()["actions"][0]["notation"])
            assert response.status_code == 200, response.text
            acknowledged.append(response.json()["accepted"])
        wait_for(lambda: listener.connections >= 1)
        assert made.table in svc._cache

        assert kill_backends(database) > 0  # the pool's connections and the listener's
        wait_for(lambda: listener.connections >= 2)  # it came back by itself ...
        assert made.table not in svc._cache  # ... and dropped every kept table

        # the next action meets a dead pooled connection: tried again, or a clear 503
        seat = next(s for s in made.seats.values() if s.table_now()["your_turn"])
        notation = seat.get("legal").json()["actions"][0]["notation"]
        response = seat.act(notation)
        if response.status_code == 503:
            assert response.json()["key"] in ("srv.db_lost", "srv.db_unsure")
            response = seat.act(notation)
        assert response.status_code == 200, response.text
        acknowledged.append(response.json()["accepted"])

        # another process's notice after the loss reaches this one
        notify(database, f"{made.table}:seats:another-process")
        wait_for(lambda: (made.table, "seats") in heard)

        log = made.admin.get("log").json()["actions"]
        assert [entry["seq"] for entry in log] == acknowledged == [1, 2, 3, 4]


def test_a_request_on_a_dead_connection_is_never_a_500(database: str) -> None:
    """Every backend killed before each of a table's requests: reads and writes alike
    come back (tried again on a fresh connection) or say 503, never 500."""
    if not database.startswith("postgresql"):
        pytest.skip("terminating backends is PostgreSQL's")
    with make_client(database) as client:
        made = create(client, "rail-line", ["human", "human", "human"])
        seat = made.seats[0]
        for what in ("", "legal", "log", "chat"):
            kill_backends(database)
            time.sleep(0.05)
            assert seat.get(what).status_code in (200, 503)
        kill_backends(database)
        assert seat.post("chat", {"text": "still here?"}).status_code in (201, 503)
        kill_backends(database)
        assert seat.post("join", {"name": "Ada"}).status_code in (200, 503)
