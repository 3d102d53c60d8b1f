"""When a notice goes and when it does not: a live game sends none (the seat acts
within the delay, or watches the table live until it acts), a missed deadline says what the rules
applied (to the seat only), reminders come once before a deadline."""

from __future__ import annotations

import json
import time
from pathlib import Path

import sqlalchemy as sa
from fastapi.testclient import TestClient

from stellwerk.core.contract import Decision
from stellwerk.server import store
from stellwerk.server.deadlines import sweep_once
from stellwerk.server.notices import reminders
from stellwerk.server.notices.events import after_action
from tests.notices.conftest import notice_client, worker_of
from tests.notices.receivers import Hook
from tests.notices.test_mail_notices import play_until
from tests.server.conftest import create, service_of

PATIENCE = 30.0  # seconds a server may take to note a live connection on a loaded machine


def outcomes(client: TestClient, table: str) -> list[tuple[str, str | None]]:
    with service_of(client).engine.connect() as conn:
        return [(r.kind, r.outcome) for r in conn.execute(sa.select(
            store.outbox.c.kind, store.outbox.c.outcome).where(
            store.outbox.c.table_id == table).order_by(store.outbox.c.id))]


def test_a_live_game_sends_no_turn_notice(tmp_path: Path, hook: Hook) -> None:
    with notice_client(f"sqlite:///{tmp_path}/live.sqlite3", None,
                       batch_seconds=60.0) as client:
        made = create(client, "rail-line", ["human", "human"])
        assert made.seats[1].post("notices", {"webhook": hook.url}).status_code == 200
        play_until(made, 1)
        play_until(made, 0)  # seat 1 acted within the delay
        worker = worker_of(client)
        assert worker.run_once(time.time()) == 0  # not yet due
        assert worker.run_once(time.time() + 61) >= 1
        assert hook.received == []
        assert ("turn", "skipped") in outcomes(client, made.table)


def test_a_seat_watching_live_gets_its_turn_notice_only_when_it_leaves_without_acting(
        client: TestClient, hook: Hook) -> None:
    held_while_watching(client, client, hook)


def held_while_watching(watched_at: TestClient, acted_at: TestClient, hook: Hook) -> None:
    """Seat 1 watches the table live at `watched_at` while seat 0 plays at `acted_at`
    up to seat 1's turn: `acted_at`'s sender holds the turn notice until seat 1 leaves
    without acting, then sends it."""
    made = create(acted_at, "rail-line", ["human", "human"])
    assert made.seats[1].post("notices", {"webhook": hook.url}).status_code == 200
    sender = worker_of(acted_at)
    with watched_at.websocket_connect(f"/api/tables/{made.table}/live") as socket:
        socket.send_json({"token": made.seats[1].token})
        socket.receive_json()
        wait_until_watching(watched_at, made.table)
        play_until(made, 1)
        # a heartbeat by hand, and the sender's clock stops right after it: the seat's
        # watch is fresh however slowly the machine runs, and the recheck's pause
        # passes when the test says
        watched_at.app.state.parts.watchers.sync()  # type: ignore[attr-defined]
        now = time.time()
        sender.clock = lambda: now
        assert sender.run_once(now) == 1
        assert sender.run_once(now + 61) == 1  # looked at again: still watching
        assert hook.received == []
        assert outcomes(acted_at, made.table) == [("turn", None)]
    wait_until_nobody_watches(watched_at, made.table)
    assert sender.run_once(now + 122) == 1
    sent = [json.loads(body) for _p, _h, body in hook.wait_for(1)]
    assert [(n["kind"], n["seats"]) for n in sent] == [("turn", [1])]
    assert outcomes(acted_at, made.table) == [("turn", "sent")]


def live_seats(client: TestClient, table: str) -> list[int]:
    w = store.live_watchers.c
    with service_of(client).engine.connect() as conn:
        return list(conn.execute(sa.select(w.seat).where(w.table_id == table)).scalars())


def wait_until_watching(client: TestClient, table: str) -> None:
    """The server writes a live seat as its connection opens."""
    deadline = time.monotonic() + PATIENCE
    while not live_seats(client, table):
        assert time.monotonic() < deadline, "the live seat was never written"
        time.sleep(0.05)


def wait_until_nobody_watches(client: TestClient, table: str) -> None:
    """The server notes a closed live connection just after the client closed it."""
    deadline = time.monotonic() + PATIENCE
    while live_seats(client, table):
        assert time.monotonic() < deadline, "the live seat was never let go"
        time.sleep(0.05)


def test_a_missed_deadline_tells_the_seat_what_was_applied(client: TestClient,
                                                          hook: Hook) -> None:
    made = create(client, "linie1", ["human", "human"], deadline_seconds=60)
    own = made.seats[0].post("notices", {"webhook": hook.url + "/own"})
    shared = made.admin.post("notices", {"webhook": hook.url + "/shared"})
    assert own.status_code == shared.status_code == 200
    service = service_of(client)
    with service.engine.begin() as conn:
        conn.execute(store.tables.update().where(store.tables.c.id == made.table).values(
            turn_started_at=time.time() - 100))
    service.forget_info(made.table)
    assert sweep_once(service, time.time()) >= 1
    worker_of(client).run_once(time.time())
    missed = {path: json.loads(body) for path, _h, body in hook.received
              if json.loads(body)["kind"] == "missed"}
    applied = service.action_rows(made.table)[0]["notation"]
    assert missed["/hook/own"]["text"].endswith(f": {applied}.")
    assert f": {applied}" not in missed["/hook/shared"]["text"]
    turns = [json.loads(body) for path, _h, body in hook.received if path == "/hook/shared"
             and json.loads(body)["kind"] == "turn"]
    assert turns and "these seats are to move: Seat 1, Seat 2" in turns[0]["text"]


def test_a_reminder_comes_once_before_the_deadline(client: TestClient, hook: Hook) -> None:
    made = create(client, "rail-line", ["human", "human"], deadline_seconds=7200)
    assert made.seats[0].post("notices", {"webhook": hook.url}).status_code == 200
    service = service_of(client)
    started = service.info(made.table).turn_started_at
    early = started + 1000
    assert reminders.sweep(service, (3600.0,), early) == 0  # not yet 1 h before
    late = started + 7200 - 1800
    assert reminders.sweep(service, (3600.0,), late) == 1
    assert reminders.sweep(service, (3600.0,), late + 5) == 0  # once
    assert worker_of(client).run_once(late + 5) == 1
    sent = [json.loads(body) for _p, _h, body in hook.wait_for(1)]
    assert [n["kind"] for n in sent] == ["reminder"]
    assert "1 h" in sent[0]["text"]


def test_a_new_round_tells_every_waiting_seat_but_the_one_at_the_table() -> None:
    after = Decision((0, 1, 2), "simultaneous", "x")
    events = after_action(after, 1, "order", False, (0, 1, 2), new_round=True)
    assert [(e.kind, e.seats) for e in events] == [("turn", (0, 2))]
    assert after_action(after, 1, "order", False, (0, 1, 2), new_round=False) == []
    missed = after_action(after, 1, "pass", True, (0, 1, 2), new_round=True)
    assert [(e.kind, e.seats) for e in missed] == [("missed", (1,)), ("turn", (0, 1, 2))]
    end = after_action(None, 1, "x", False, (0, 2), new_round=True)
    assert [(e.kind, e.seats) for e in end] == [("end", (0, 2))]
