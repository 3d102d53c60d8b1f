"""Which seats watch their table live, known to every server process through the
database, so that no process sends a turn notice to a seat watching at another.

Each process counts its own live connections per (table, seat) and writes the seats it
has into `live_watchers` (one row per table, seat and process) whenever a seat starts
or stops watching there, and again every HEARTBEAT_SECONDS. A row counts while it is
younger than EXPIRY_SECONDS, so the seats of a process killed without saying goodbye
stop counting soon after. The notice sender asks `watched` before a turn notice or a
reminder goes out. SQLite (one process) keeps the same table.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import Counter

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from stellwerk.server import store
from stellwerk.server.log_store import LogStore

log = logging.getLogger("stellwerk.server")

HEARTBEAT_SECONDS = 5.0
EXPIRY_SECONDS = 3 * HEARTBEAT_SECONDS  # two refreshes may be late before a row lapses

_W = store.live_watchers


class LiveWatchers:
    """This process's live seats, counted, and their rows in the database."""

    def __init__(self, log_store: LogStore) -> None:
        self.log_store = log_store
        self.process = log_store.origin
        self._seats: Counter[tuple[str, int]] = Counter()
        self._lock = threading.Lock()      # the counter
        self._writing = threading.Lock()   # one write at a time, each of the newest set
        self._written: frozenset[tuple[str, int]] = frozenset()

    def arrive(self, table_id: str, seat: int | None) -> bool:
        """A live connection of `seat` opened here; True when the seat is new here (its
        row is then written by `sync`)."""
        if seat is None:
            return False
        with self._lock:
            self._seats[(table_id, seat)] += 1
            return self._seats[(table_id, seat)] == 1

    def leave(self, table_id: str, seat: int | None) -> bool:
        """A live connection of `seat` closed; True when it was the seat's last here."""
        if seat is None:
            return False
        with self._lock:
            self._seats[(table_id, seat)] -= 1
            if self._seats[(table_id, seat)] > 0:
                return False
            del self._seats[(table_id, seat)]
            return True

    def here(self) -> frozenset[tuple[str, int]]:
        with self._lock:
            return frozenset(self._seats)

    def sync(self) -> None:
        """Write this process's live seats, all stamped now (and only those).
        Whoever writes reads the set when it writes, so the last write holds the newest."""
        with self._writing:
            seats = self.here()
            if not seats and not self._written:
                return
            now = time.time()

            def write(conn: Connection) -> None:
                conn.execute(_W.delete().where(_W.c.process == self.process))
                if seats:
                    conn.execute(_W.insert(), [
                        {"table_id": t, "seat": s, "process": self.process, "seen_at": now}
                        for t, s in sorted(seats)])

            self.log_store.write(write)
            self._written = seats

    def try_sync(self) -> None:
        """`sync`, logged instead of raised: a database away never ends a live connection
        (the heartbeat writes the seats again once it is back)."""
        try:
            self.sync()
        except Exception as exc:
            log.warning("live seats not written (%s)", " ".join(str(exc).split())[:200])

    async def heartbeat_forever(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            await asyncio.to_thread(self.try_sync)

    def close(self) -> None:
        """This process stops: its rows go at once (a killed one's lapse)."""
        with self._lock:
            self._seats.clear()
        self.try_sync()


def watched(conn: Connection, table_id: str, seats: list[int], now: float) -> set[int]:
    """Which of `seats` watch `table_id` live in any process now."""
    return set(conn.execute(sa.select(_W.c.seat).distinct().where(
        _W.c.table_id == table_id, _W.c.seat.in_(seats),
        _W.c.seen_at > now - EXPIRY_SECONDS)).scalars().all())
