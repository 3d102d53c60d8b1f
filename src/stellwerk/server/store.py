"""The server's storage: SQLAlchemy Core tables on SQLite (the embedded default) or
PostgreSQL (several server processes sharing one database).

The action log is the truth: a table row holds a game's options, pack hash,
seed and seats; each accepted action is one row keyed by (table, sequence number), so
two processes that both try to append action N for the same table cannot both succeed.
Snapshots are a cache of the log, never more: deleting them changes nothing.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

log = logging.getLogger("stellwerk.server")

# SQLite: connections kept open, about one for every thread that may hold one at once
# (the routes' 40 worker threads, the loop's 32 for live updates and bots, the
# checkpointer; each holds at most one at a time), 16 more opened if need be. With
# SQLAlchemy's default (5 kept, 10 more opened and closed again) requests queued for a
# connection and paid for opening one (the pragmas) under the benchmark's load.
SQLITE_POOL = 64
PG_POOL = 20
# Pages of WAL after which a committing connection checkpoints by itself. The server
# checkpoints in a background thread every CHECKPOINT_SECONDS (`Checkpointer`), so a
# commit normally never pays for copying the WAL into the database (and its fsync);
# this is only the safety net when nothing else checkpoints (~40 MB of WAL).
WAL_AUTOCHECKPOINT = 10_000
CHECKPOINT_SECONDS = 1.0
_WRITE_LOCKS: weakref.WeakKeyDictionary[Engine, threading.Lock] = weakref.WeakKeyDictionary()

metadata = sa.MetaData()

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("engine_version", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("pack_id", sa.String(128), nullable=False),
    sa.Column("pack_sha256", sa.String(64), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("admin_hash", sa.String(64), nullable=False),
    sa.Column("spectator_hash", sa.String(64), nullable=False),
    # the friends' link, at which a friend claims a free seat; None: the table has none
    sa.Column("invite_hash", sa.String(64), nullable=True),
    # the rematch of a finished table (same seats, a new deal), once someone asked for it
    sa.Column("next_table", sa.String(32), nullable=True),
    # seconds a seat may take over its decision; None: no deadline
    sa.Column("deadline_seconds", sa.Integer, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    # when the current decision began (the last action's time): the deadline counts from it
    sa.Column("turn_started_at", sa.Float, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False, default=False, index=True),
    sa.Column("result", sa.JSON, nullable=True),
)

seats = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("kind", sa.String(32), nullable=False),  # "human" or a bot name
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("joined", sa.Boolean, nullable=False, default=False),
)

actions = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    # the primary key (table_id, seq) is what makes two conflicting appends end with one
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.Text, nullable=False),
    # the decision's kind when it was taken: a simultaneous order stays private in logs
    sa.Column("decision_kind", sa.String(32), nullable=False),
    sa.Column("by", sa.String(32), nullable=False),  # "seat", "bot" or "deadline"
    sa.Column("at", sa.Float, nullable=False),
)

snapshots = sa.Table(
    "snapshots", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("data", sa.JSON, nullable=False),
)

chat = sa.Table(
    "chat", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False,
              index=True),
    sa.Column("seat", sa.Integer, nullable=True),  # None: the admin
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


# --- turn notices (server/notices/) -------------------------------------------------------
# where a seat's notices go (an e-mail address or a webhook); seat None: the table's
# shared channel, set by its admin
notice_targets = sa.Table(
    "notice_targets", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False,
              index=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("channel", sa.String(16), nullable=False),  # "email" or "webhook"
    sa.Column("address", sa.String(2048), nullable=False),  # the e-mail address or URL
    sa.Column("style", sa.String(16), nullable=False),  # webhook body: json, discord, slack
    sa.Column("lang", sa.String(5), nullable=False),
    # an e-mail address receives turn notices only once its owner confirmed it
    sa.Column("confirmed", sa.Boolean, nullable=False),
    sa.Column("secret", sa.String(64), nullable=True),  # the webhook's HMAC key
    sa.Column("created_at", sa.Float, nullable=False),
    # never an id again once removed: outbox rows and their keys keep naming it
    sqlite_autoincrement=True,
)

# the notices to send, each written in the transaction of what caused it; a worker claims
# a row (claimed_until), sends it and marks it sent (sent_at, outcome)
outbox = sa.Table(
    "outbox", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("target_id", sa.Integer, sa.ForeignKey("notice_targets.id"), nullable=True),
    sa.Column("table_id", sa.String(32), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),  # turn, reminder, missed, end, confirm
    sa.Column("seq", sa.Integer, nullable=False),  # the action it follows
    sa.Column("detail", sa.JSON, nullable=False),
    # one row per notice: a second sweep or process writing the same one is refused
    sa.Column("dedupe", sa.String(128), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("next_try_at", sa.Float, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("claimed_by", sa.String(32), nullable=True),
    sa.Column("claimed_until", sa.Float, nullable=True),
    sa.Column("sent_at", sa.Float, nullable=True),
    sa.Column("outcome", sa.String(16), nullable=True),  # sent, skipped, failed
    sa.Index("outbox_waiting", "sent_at", "next_try_at"),
)

# the confirm and unsubscribe links' tokens, kept as their SHA-256 as every token is
notice_tokens = sa.Table(
    "notice_tokens", metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("target_id", sa.Integer, sa.ForeignKey("notice_targets.id"), nullable=False),
    sa.Column("purpose", sa.String(16), nullable=False),  # "confirm" or "stop"
    sa.Column("created_at", sa.Float, nullable=False),
)

# the mails sent to each address, for its rate limit
mail_sent = sa.Table(
    "mail_sent", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("address", sa.String(320), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("mail_sent_address", "address", "at"),
)

# the seats watching their table live, per server process (live_watchers.py): a row
# counts while its process refreshes `seen_at`, so every process's notice sender knows
live_watchers = sa.Table(
    "live_watchers", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("process", sa.String(32), primary_key=True),
    sa.Column("seen_at", sa.Float, nullable=False),
    sa.Index("live_watchers_process", "process"),
)


def database_url(database: str | None, data_dir: Path) -> str:
    """The URL to open: the one given, or SQLite in the data folder."""
    if database:
        return database
    return f"sqlite:///{(data_dir / 'stellwerk.sqlite3').resolve()}"


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def open_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL mode (readers never wait for the writer) and a
    busy timeout, so threads and processes sharing the file queue instead of failing."""
    kwargs: dict[str, Any] = {"future": True}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        if ":memory:" not in url and url.rstrip("/") != "sqlite:":
            kwargs.update(pool_size=SQLITE_POOL, max_overflow=16)
    else:
        # 20 kept: a connection opened beyond them is closed again when it is
        # returned, and opening one to PostgreSQL (TCP, authentication) costs both sides
        # milliseconds; 40 at most per server process. No pre-ping: a
        # `SELECT 1` at every checkout would be most of an action's median on PostgreSQL
        # (docs/benchmarks.md). A connection that died meanwhile
        # shows as a disconnect error at its first use instead, which `is_disconnect`
        # recognises and the table service retries or answers with a 503.
        kwargs.update(pool_size=PG_POOL, max_overflow=PG_POOL)
    engine = sa.create_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":
        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            _into_wal(cursor)
            # NORMAL is durable against a killed process (the OS holds the WAL); only a
            # power cut may lose the last transactions
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT}")
            cursor.close()

        _WRITE_LOCKS[engine] = threading.Lock()
    return engine


def _into_wal(cursor: Any, patience: float = 30.0) -> None:
    """Switch the file to WAL mode. SQLite answers "database is locked" at once, without
    waiting out its busy timeout, while another process switches or creates the same
    file (two servers started together), so wait here as the busy timeout would."""
    end = time.monotonic() + patience
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > end:
                raise
            time.sleep(0.02)


def is_disconnect(exc: BaseException) -> bool:
    """True when `exc` says the database connection is unusable (PostgreSQL restarted,
    the backend was terminated, the network dropped): SQLAlchemy then invalidates the
    pool's connections, so the next checkout opens a fresh one. Only then may a
    transaction's fate be unknown. An error the database itself answered with (an
    integrity error: two appends of one action; a full disk; SQLite's every error, as
    it runs in this process and has no connection to lose) is a refusal: the
    transaction did not commit."""
    if not isinstance(exc, sa.exc.DBAPIError):
        return False
    if exc.connection_invalidated:
        return True
    return isinstance(exc, sa.exc.OperationalError) and not answered(exc)


def answered(exc: sa.exc.DBAPIError) -> bool:
    """True when the database answered `exc` itself (so nothing of the transaction was
    committed): any SQLite error, or a PostgreSQL error with a state of the server's
    own resources (class 53: disk full, out of memory, too many connections)."""
    if isinstance(exc.orig, sqlite3.Error):
        return True
    return str(getattr(exc.orig, "sqlstate", "") or "").startswith("53")


def is_full(exc: BaseException) -> bool:
    """True when the database refused a write for want of space (SQLITE_FULL,
    PostgreSQL's disk_full)."""
    if not isinstance(exc, sa.exc.DBAPIError):
        return False
    if str(getattr(exc.orig, "sqlite_errorname", "")).startswith("SQLITE_FULL"):
        return True
    return getattr(exc.orig, "sqlstate", None) == "53100"


def reader(engine: Engine) -> Engine:
    """The engine to read with. PostgreSQL: in autocommit, so a read is one round trip
    (psycopg otherwise sends BEGIN before it, and the pool a ROLLBACK when the
    connection is returned). Each statement sees committed data either way (READ
    COMMITTED takes a snapshot per statement). SQLite reads open no transaction."""
    if engine.dialect.name == "postgresql":
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    return engine


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A write transaction. On SQLite one writer at a time per process waits on a Python
    lock, woken the moment the writer before it commits: left to SQLite, a second
    writer's busy handler sleeps 1, 2, 5, 10, 15, 20, 25 ... ms between tries, which made
    the actions' latency tail under load. (Other processes on the same file still meet
    SQLite's busy timeout.) PostgreSQL writes concurrently, row by row."""
    lock = _WRITE_LOCKS.get(engine)
    with lock if lock is not None else nullcontext(), engine.begin() as conn:
        yield conn


class Checkpointer:
    """SQLite: copy the WAL into the database in a background thread every few seconds
    (PASSIVE: it never waits for, nor blocks, a reader or the writer), so no committing
    request pays for a checkpoint. Durability is unchanged: a committed transaction is
    in the WAL whether or not it has been copied."""

    def __init__(self, engine: Engine, every: float = CHECKPOINT_SECONDS) -> None:
        self.engine = engine
        self.every = every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start checkpointing (again: an app's lifespan may run more than once)."""
        if self.engine.dialect.name != "sqlite" or self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="wal-checkpoint", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None

    def checkpoint(self) -> None:
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.checkpoint()
            except Exception as exc:  # never fatal: the next try, or a commit, does it
                log.warning("WAL checkpoint failed (%s)", exc)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest Alembic revision, under the migration
    lock (open_storage.migrate; the server opens its storage with `open_storage`)."""
    from stellwerk.server.open_storage import migrate as migrate_locked

    migrate_locked(engine)
