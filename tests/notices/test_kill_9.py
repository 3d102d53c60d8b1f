"""The real server as a process, killed with SIGKILL again and again while its notices
go out: afterwards every notice has gone out, none was lost, and a notice is repeated
only when a kill struck between its sending and its mark (at most one per kill, with
the same id, so a receiver can tell). Every notice was written with its action."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import sqlalchemy as sa

from stellwerk.server import store
from tests.mail.servers import SmtpServer, free_port
from tests.notices.receivers import Hook
from tests.server import serve_process

ROUNDS = 3
TABLES_PER_ROUND = 3
LEASE = 4  # a killed sender's claims run out this soon (the receivers answer at once)
PATIENCE = 120.0  # seconds a step may take on a loaded machine


def start(port: int, data: Path, database: str, smtp: SmtpServer) -> subprocess.Popen[bytes]:
    return serve_process.start(port, data, database, [
        "--smtp", smtp.url, "--mail-from", "tables@stellwerk.test", "--webhooks-private",
        "--notice-delay", "0", "--notice-lease", str(LEASE)])


def table_waiting_for_seat_1(client: httpx.Client, hook: Hook, smtp: SmtpServer,
                             address: str) -> str:
    """A table whose seat 1 has a webhook and a confirmed address, its seat 0 played up
    to seat 1's first decision: a turn notice that stays due (seat 1 never acts)."""
    made = client.post("/api/tables", json={
        "game": "rail-line", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    table, tokens = made["table"], {s["seat"]: s["token"] for s in made["seats"]}
    seat1 = {"Authorization": f"Bearer {tokens[1]}"}
    assert client.post(f"/api/tables/{table}/notices", headers=seat1,
                       json={"webhook": hook.url}).status_code == 200
    answer = client.post(f"/api/tables/{table}/notices", headers=seat1,
                         json={"email": address})
    assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + PATIENCE
    while not (confirms := [m for m in smtp.inbox.to(address) if "confirm" in m["Subject"]]):
        assert time.monotonic() < deadline, "no confirm mail"
        time.sleep(0.05)
    text = str(confirms[0].get_body(("plain",)).get_content())  # type: ignore[union-attr]
    link = next(w for w in text.split() if "/notices/confirm/" in w)
    path = link[link.index("/notices/"):]
    assert client.post(path).status_code == 200
    seat0 = {"Authorization": f"Bearer {tokens[0]}"}
    while not client.get(f"/api/tables/{table}", headers=seat1).json()["your_turn"]:
        legal = client.get(f"/api/tables/{table}/legal", headers=seat0).json()["actions"]
        assert client.post(f"/api/tables/{table}/actions", headers=seat0,
                           json={"notation": legal[0]["notation"]}).status_code == 200
    return table


def served(port: int, data: Path, database: str, smtp: SmtpServer) -> Iterator[int]:
    """Start the server, yield, kill it with SIGKILL at a random moment; ROUNDS times."""
    rng = random.Random(7)
    for round_ in range(ROUNDS):
        process = start(port, data, database, smtp)
        try:
            yield round_
            time.sleep(rng.uniform(0.0, 0.4))  # the sender is at work somewhere
        finally:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
            if process.stdout:
                process.stdout.close()


def test_every_notice_goes_out_after_kill_9(database: str, tmp_path: Path,
                                           smtp: SmtpServer, hook: Hook) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    tables: list[str] = []
    for round_ in served(port, tmp_path / "data", database, smtp):
        with httpx.Client(base_url=base, timeout=PATIENCE) as client:
            for i in range(TABLES_PER_ROUND):
                tables.append(table_waiting_for_seat_1(
                    client, hook, smtp, f"p{round_}-{i}@example.org"))
    # the last start: the notices still due go out, and nothing more
    process = start(port, tmp_path / "data", database, smtp)
    engine = sa.create_engine(database)
    o = store.outbox.c
    try:
        deadline = time.monotonic() + PATIENCE + LEASE
        while True:
            with engine.connect() as conn:
                rows = conn.execute(sa.select(o.id, o.kind, o.outcome, o.table_id).where(
                    o.table_id.in_(tables))).all()
            if rows and all(r.outcome is not None for r in rows):
                break
            assert time.monotonic() < deadline, "notices still unsent"
            time.sleep(0.2)
        time.sleep(1.5)  # one more round of the sender: nothing more may go out
    finally:
        serve_process.stop(process)
        engine.dispose()
    turns = [r for r in rows if r.kind == "turn"]
    assert sorted(r.table_id for r in turns) == sorted(tables * 2)  # a webhook and a mail each
    assert {r.outcome for r in rows} == {"sent"}
    hooked = Counter(int(json.loads(body)["id"]) for _p, _h, body in hook.received)
    mailed = Counter(str(m["Message-ID"]).split(".")[0].removeprefix("<notice-")
                     for m in smtp.inbox.messages if "confirm" not in m["Subject"])
    webhook_ids = {r.id for r in turns} & set(hooked)
    mail_ids = {r.id for r in turns} - webhook_ids
    assert set(hooked) == webhook_ids  # every webhook notice arrived, no stranger
    assert {int(k) for k in mailed} == mail_ids  # every mailed notice arrived
    repeats = sum(n - 1 for n in hooked.values()) + sum(n - 1 for n in mailed.values())
    assert repeats <= ROUNDS  # only what a kill caught between sending and marking
