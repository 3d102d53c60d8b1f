"""Live updates: "something changed at table T" reaches every open connection.

Within one process the table service calls `Hub.publish` after each commit (from
whichever thread did the work); each WebSocket waits on its own queue and then sends its
seat's new payload, built from that seat's view. Between processes PostgreSQL carries the
news: every commit also runs `pg_notify('stellwerk', 'TABLE:WHAT:PROCESS')`, and
`PgListener` turns the other processes' notifications into `publish` calls here;
whenever its LISTEN connection is (re)made it wakes every watched table once, so
nothing committed while it was away is missed, and no connection needs to poll; when it
is remade after a loss it also drops every table this process keeps (`forget_all`), whose
seats or row may have changed unannounced. On
SQLite (one machine) each connection polls the table's last action every
`POLL_SECONDS` instead, the fallback when another process wrote.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import defaultdict
from collections.abc import Callable

log = logging.getLogger("stellwerk.server")

POLL_SECONDS = 2.0


class Hub:
    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queues: dict[str, set[asyncio.Queue[str]]] = defaultdict(set)
        self._lock = threading.Lock()
        # called in the event loop for every change (the bot runner)
        self.on_change: list[Callable[[str, str], None]] = []

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def publish(self, table_id: str, what: str) -> None:
        """Thread-safe: wake everything that watches `table_id`."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        # RuntimeError: the loop closed between the check and the call
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._deliver, table_id, what)

    def _deliver(self, table_id: str, what: str) -> None:
        with self._lock:
            queues = list(self._queues.get(table_id, ()))
        for queue in queues:
            if queue.qsize() < 100:  # a slow reader needs only the latest news
                queue.put_nowait(what)
        for callback in self.on_change:
            try:
                callback(table_id, what)
            except Exception:
                log.exception("change callback failed for table %s", table_id)

    def publish_all(self, what: str) -> None:
        """Wake every watched table (after news may have been missed)."""
        with self._lock:
            watched = list(self._queues)
        for table_id in watched:
            self.publish(table_id, what)

    def subscribe(self, table_id: str) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue()
        with self._lock:
            self._queues[table_id].add(queue)
        return queue

    def unsubscribe(self, table_id: str, queue: asyncio.Queue[str]) -> None:
        with self._lock:
            queues = self._queues.get(table_id)
            if queues is not None:
                queues.discard(queue)
                if not queues:
                    del self._queues[table_id]


class PgListener:
    """A thread that LISTENs on PostgreSQL and publishes every notification to the hub."""

    def __init__(self, url: str, hub: Hub, origin: str = "",
                 forget: Callable[[str], None] | None = None,
                 forget_all: Callable[[], None] | None = None,
                 listening: Callable[[bool], None] | None = None,
                 retry_seconds: float = 1.0) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.hub = hub
        self.origin = origin  # this process's own news is delivered without the database
        # told of every table another process changed: its kept row and seats are stale
        self.forget = forget
        self.forget_all = forget_all  # after a lost connection: notices may have been missed
        # told whether notices are heard now (the service trusts them only then)
        self.listening = listening or (lambda _on: None)
        self.retry_seconds = retry_seconds
        self.connections = 0  # LISTEN connections made so far (the tests watch it)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pg-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def heard(self, payload: str) -> None:
        """'TABLE:WHAT:ORIGIN' (log_store.py `announce`); anything else wakes the table."""
        table_id, _, rest = payload.partition(":")
        what, _, origin = rest.partition(":")
        if origin and origin == self.origin:
            return
        if self.forget is not None:
            self.forget(table_id)
        self.hub.publish(table_id, what or "notify")

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute("LISTEN stellwerk")
                    if self.connections and self.forget_all is not None:
                        self.forget_all()  # whatever was announced meanwhile is lost
                    self.connections += 1
                    self.listening(True)
                    # what was committed before LISTEN took hold was never announced
                    self.hub.publish_all("notify")
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self.heard(note.payload)
            except Exception as exc:  # the database went away: retry, never crash
                self.listening(False)
                log.warning("LISTEN connection lost (%s); retrying", exc)
                self._stop.wait(self.retry_seconds)
        self.listening(False)
