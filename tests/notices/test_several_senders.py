"""Several server processes on one database send each notice once: their senders claim
rows (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one writer at a time) and none takes
a row another holds."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter

from fastapi.testclient import TestClient

from stellwerk.server.log_store import LogStore
from stellwerk.server.notices.settings import NoticeSettings
from stellwerk.server.notices.worker import NoticeWorker
from stellwerk.server.open_storage import open_storage
from tests.notices.receivers import Hook
from tests.notices.test_mail_notices import play_until
from tests.server.conftest import create

TABLES = 8


def test_four_senders_on_one_database_send_each_notice_once(
        database: str, client: TestClient, hook: Hook) -> None:
    for _ in range(TABLES):
        made = create(client, "rail-line", ["human", "human"])
        assert made.seats[1].post("notices", {"webhook": hook.url}).status_code == 200
        play_until(made, 1)
    hook.delay = 0.05  # each send takes a while: the others claim meanwhile
    senders = []
    for _ in range(4):  # as four processes would: each its own engine and name
        sender = NoticeWorker(LogStore(open_storage(database)),
                              NoticeSettings(allow_private=True), "http://games.test/")
        sender.batch = 1
        senders.append(sender)
    start = threading.Barrier(len(senders))

    def drain(sender: NoticeWorker) -> None:
        start.wait()
        while sender.run_once(time.time()):
            pass

    threads = [threading.Thread(target=drain, args=(s,)) for s in senders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    ids = Counter(json.loads(body)["id"] for _p, _h, body in hook.received)
    assert len(ids) == TABLES and set(ids.values()) == {1}
    assert sum(s.sent for s in senders) == TABLES
    assert sum(1 for s in senders if s.sent) >= 2  # they did share the work
    for sender in senders:
        sender.log_store.engine.dispose()
