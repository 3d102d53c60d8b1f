"""What the server keeps between requests to answer faster, and that
keeping it never shows a viewer another's payload nor a stale seat after a change:
the encoded payload per version and viewer, the table's row and seats for the token
check, SQLite's write queue and background WAL checkpoints."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stellwerk.server import state_cache, store, table_service
from stellwerk.server.access import ADMIN, SEAT, SPECTATOR, Access
from stellwerk.server.payloads import table_payload

from .conftest import create, service_of


def fresh_payload(client: TestClient, table: str, who: Access) -> dict[str, Any]:
    """The payload built from scratch, as the server built it before it kept any."""
    service = service_of(client)
    info = service.info(table)
    with service.table(info) as loaded:
        return json.loads(json.dumps(table_payload(info, loaded, who, "en")))


def test_each_viewer_gets_its_own_payload_built_once_per_version(
        client: TestClient) -> None:
    made = create(client, "rail-line", ["human", "human", "human"])
    service = service_of(client)
    viewers = [(made.seats[s], Access(made.table, SEAT, s)) for s in range(3)]
    viewers += [(made.admin, Access(made.table, ADMIN)),
                (made.spectator, Access(made.table, SPECTATOR))]
    for _round in range(2):  # the second round is answered from what was kept
        for link, who in viewers:
            assert link.table_now() == fresh_payload(client, made.table, who)
    with service.table(service.info(made.table)) as loaded:
        assert len(loaded.encoded) == 5  # one per viewer, not one per request
        hands = {json.dumps(json.loads(text)["view"]) for text in loaded.encoded.values()}
    assert len(hands) >= 3  # every seat's own view (its hand) differs
    # an action makes a new version: the answer to it and every GET after are new
    owing = made.seats[0].table_now()["decision"]["seats"][0]
    legal = made.seats[owing].get("legal").json()["actions"]
    answer = made.seats[owing].act(legal[0]["notation"]).json()
    assert answer["accepted"] == 1
    assert answer["table"] == fresh_payload(client, made.table, viewers[owing][1])
    for link, who in viewers:
        assert link.table_now()["seq"] == 1
        assert link.table_now() == fresh_payload(client, made.table, who)


def test_a_seat_handed_to_a_bot_shows_at_once(client: TestClient) -> None:
    made = create(client, "rail-line", ["human", "human"])
    assert made.spectator.table_now()["seats"][1]["kind"] == "human"
    assert made.admin.post("seats/1/bot", {"kind": "random"}).status_code == 200
    assert made.spectator.table_now()["seats"][1]["kind"] == "random"
    # and the seat's link may not act any more (it watches)
    refused = made.seats[1].act("side 1")
    assert refused.status_code == 403 and refused.json()["key"] == "srv.seat_left"


def test_another_process_change_is_seen_within_info_seconds(
        sqlite_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two services on one database stand for two server processes: a seat handed to a
    bot through B reaches A's kept copy when it expires (or when NOTIFY says so)."""
    a, b = (table_service.TableService(store.open_engine(sqlite_db)) for _ in range(2))
    store.migrate(a.engine)
    table = a.create("rail-line", {}, ["human", "human"], ["P0", "P1"], None, 7).table_id
    monkeypatch.setattr(state_cache, "INFO_SECONDS", 3600.0)
    assert a.known_info(table).seats[1].kind == "human"
    b.replace_with_bot(b.info(table), 1, "random")
    assert a.known_info(table).seats[1].kind == "human"  # kept: not read again
    a.forget_info(table)  # what PgListener does when B's NOTIFY arrives
    assert a.known_info(table).seats[1].kind == "random"
    b.set_deadline(b.info(table), 60)
    monkeypatch.setattr(state_cache, "INFO_SECONDS", 0.0)  # expired: read again
    assert a.known_info(table).deadline_seconds == 60


def test_sqlite_writers_take_turns_in_the_process(sqlite_db: str) -> None:
    """A second write transaction waits on the process's lock until the first commits
    (left to SQLite, it would sleep in the busy handler), then goes through."""
    engine = store.open_engine(sqlite_db)
    store.migrate(engine)
    table = table_service.TableService(engine).create("rail-line", {}, ["human", "human"],
                                               ["A", "B"], None, 1).table_id
    first_in, second_in, release = threading.Event(), threading.Event(), threading.Event()

    def write(entered: threading.Event, hold: bool) -> None:
        with store.writing(engine) as conn:
            entered.set()
            conn.execute(store.chat.insert().values(table_id=table, seat=None, text="x",
                                                    at=0.0))
            if hold:
                release.wait(10)

    holder = threading.Thread(target=write, args=(first_in, True))
    holder.start()
    assert first_in.wait(10)
    waiter = threading.Thread(target=write, args=(second_in, False))
    waiter.start()
    assert not second_in.wait(0.3)  # queued behind the first writer
    release.set()
    assert second_in.wait(10)
    holder.join()
    waiter.join()


def test_the_wal_is_checkpointed_in_the_background(sqlite_db: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    engine = store.open_engine(sqlite_db)
    store.migrate(engine)
    with engine.connect() as conn:  # a commit checkpoints only as a last resort
        limit = conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
    assert limit == store.WAL_AUTOCHECKPOINT
    table_service.TableService(engine).create("rail-line", {}, ["human", "human"], ["A", "B"],
                                       None, 1)
    runs: list[str] = []
    real = store.Checkpointer.checkpoint

    def counted(self: store.Checkpointer) -> None:
        runs.append("run")
        if len(runs) == 1:
            raise RuntimeError("disk trouble")  # logged; the thread carries on
        real(self)
        runs.append("copied")

    monkeypatch.setattr(store.Checkpointer, "checkpoint", counted)
    checkpointer = store.Checkpointer(engine, every=0.01)
    checkpointer.start()
    deadline = time.monotonic() + 10
    while runs.count("copied") < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    checkpointer.stop()
    assert runs.count("copied") >= 2  # after a failed try, real checkpoints went on
