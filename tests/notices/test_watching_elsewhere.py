"""Two server processes on one PostgreSQL: a seat watching the table live at one gets
no turn notice from the other's sender, and gets it once it has left without acting;
the seats a killed process kept lapse."""

from __future__ import annotations

import time
from pathlib import Path

from stellwerk.server.live_watchers import EXPIRY_SECONDS, LiveWatchers, watched
from stellwerk.server.log_store import LogStore
from stellwerk.server.open_storage import open_storage
from tests.notices.conftest import notice_client
from tests.notices.receivers import Hook
from tests.notices.test_when_notices_go import held_while_watching
from tests.server.conftest import fresh_postgres_databases


def test_a_seat_watching_at_one_process_is_not_told_by_another(hook: Hook) -> None:
    with fresh_postgres_databases(1) as (url,), notice_client(url, None) as watched_at, \
            notice_client(url, None) as acted_at:
        held_while_watching(watched_at, acted_at, hook)


def test_a_seat_watches_while_any_of_its_connections_is_open_and_lapses_with_its_process(
        tmp_path: Path) -> None:
    engine = open_storage(f"sqlite:///{tmp_path / 'live.sqlite3'}")
    watchers = LiveWatchers(LogStore(engine))

    def seen(at: float) -> set[int]:
        with engine.connect() as conn:
            return watched(conn, "t1", [0, 1], at)

    assert watchers.arrive("t1", 1) and not watchers.arrive("t1", 1)  # two tabs
    assert not watchers.arrive("t1", None)  # a spectator is no seat
    watchers.sync()
    now = time.time()
    assert seen(now) == {1}
    assert seen(now + EXPIRY_SECONDS + 1) == set()  # not refreshed: its process is gone
    assert not watchers.leave("t1", 1)
    watchers.sync()
    assert seen(time.time()) == {1}  # the other tab still watches
    assert watchers.leave("t1", 1)
    watchers.sync()
    assert seen(time.time()) == set()
    engine.dispose()
