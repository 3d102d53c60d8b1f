"""The action log in the database: appending an action, reading the log, the table's
row and seats and the newest snapshot, with a lost connection tried again.

Appending action N is an insert of (table, N): the primary key lets exactly one of two
conflicting appends succeed (two browsers, two processes); the caller is told by the
IntegrityError and answers it. On PostgreSQL the usual append is one statement in
autocommit that also records the new turn's start and announces the change to the
other server processes (LISTEN/NOTIFY); elsewhere it is one write transaction.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError

from stellwerk.core.inputs import unfit_character
from stellwerk.server import store
from stellwerk.server.errors import ApiError
from stellwerk.server.notices import outbox
from stellwerk.server.notices.events import Event
from stellwerk.server.table_info import SeatInfo, TableInfo

log = logging.getLogger("stellwerk.server")

# The hot path's statements, built once (building a statement costs more than running
# it on SQLite): a table, its seats, the log after an action, one appended action.
_T: sa.BindParameter[str] = sa.bindparam("t")
Q_TABLE = sa.select(store.tables).where(store.tables.c.id == _T)
Q_SEATS = sa.select(store.seats).where(store.seats.c.table_id == _T).order_by(
    store.seats.c.seat)
Q_LOG_AFTER = sa.select(store.actions.c.seq, store.actions.c.seat, store.actions.c.notation,
                        store.actions.c.by, store.actions.c.decision_kind).where(
    store.actions.c.table_id == _T, store.actions.c.seq > sa.bindparam("after")).order_by(
    store.actions.c.seq)
INSERT_ACTION = store.actions.insert()
Q_ACTION = sa.select(store.actions.c.seat, store.actions.c.notation, store.actions.c.at).where(
    store.actions.c.table_id == _T, store.actions.c.seq == sa.bindparam("seq"))
# PostgreSQL: an action, the new turn's start, its turn notices in the outbox
# (notices/outbox.py `pg_clauses`) and the notice to the other processes in one
# statement, run in autocommit: one round trip and one transaction (all of it or
# nothing), where BEGIN, INSERT, UPDATE, SELECT pg_notify and COMMIT took five. A
# data-modifying WITH runs whether or not anything reads it (PostgreSQL's docs).
PG_APPEND = (
    "WITH appended AS (INSERT INTO actions (table_id, seq, seat, notation, decision_kind, "
    "\"by\", \"at\") VALUES (:table_id, :seq, :seat, :notation, :decision_kind, :by, :at) "
    "RETURNING seq), "
    "moved AS (UPDATE tables SET turn_started_at = :at WHERE id = :table_id AND :moved) "
    "{notices} SELECT pg_notify('stellwerk', :notice){counted} FROM appended")
T = TypeVar("T")


@lru_cache(maxsize=8)
def _pg_append(notices: int) -> sa.TextClause:
    """PG_APPEND with `notices` outbox inserts (built once per count)."""
    return sa.text(PG_APPEND.format(notices=outbox.pg_clauses(notices),
                                    counted=outbox.pg_counted(notices)))


class LogStore:
    """The log and the table rows of one database, for one server process."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.reader = store.reader(engine)  # PostgreSQL: reads in autocommit (one round trip)
        self.postgres = store.is_postgres(engine)
        self.origin = secrets.token_hex(6)  # names this process in its NOTIFY messages

    # --- a lost connection tried again ------------------------------------------------------
    def read(self, work: Callable[[Connection], T]) -> T:
        """`work` on a connection, once more on a fresh one if the first had died (the
        pool pings no connection before use, store.open_engine). A read changes
        nothing, so trying it again is always safe."""
        for attempt in (1, 2):
            try:
                with self.reader.connect() as conn:
                    return work(conn)
            except DBAPIError as exc:
                self._lost(exc, attempt, "srv.db_lost")
        raise AssertionError("unreachable")

    def write(self, work: Callable[[Connection], T]) -> T:
        """`work` in one write transaction, tried once more if the connection was lost
        before the commit (then nothing was written). Lost during the commit itself,
        nobody can say whether it counted: a 503 (`srv.db_unsure`) says so."""
        for attempt in (1, 2):
            committing = False
            try:
                with store.writing(self.engine) as conn:
                    result = work(conn)
                    committing = True  # what fails from here on is the commit
                return result
            except DBAPIError as exc:
                self._lost(exc, 2 if committing else attempt,
                           "srv.db_unsure" if committing else "srv.db_lost")
        raise AssertionError("unreachable")

    def _lost(self, exc: DBAPIError, attempt: int, key: str) -> None:
        """Re-raise `exc` unless it is a lost connection on the first try (the caller then
        tries again); on the second, a 503 with `key`'s clear reason, never a 500. A
        storage that is full is said so: the write certainly did not count."""
        if store.is_full(exc):
            log.error("the database is full (%s): nothing saved", " ".join(
                str(exc.orig).split())[:200])
            raise ApiError(503, "srv.db_full") from None
        if not store.is_disconnect(exc):
            raise exc
        reason = " ".join(str(exc.orig).split())[:200]
        if attempt == 1:
            log.warning("database connection lost (%s); trying once more", reason)
            return
        log.error("database connection lost again (%s): 503", reason)
        raise ApiError(503, key) from None

    def announce(self, conn: Connection, table_id: str, what: str) -> None:
        """On PostgreSQL, tell the other server processes at commit (LISTEN/NOTIFY): the
        table, what changed and which process changed it (each ignores its own news,
        which this process's listeners have already been told)."""
        if self.postgres:
            conn.execute(sa.text("SELECT pg_notify('stellwerk', :n)"),
                         {"n": f"{table_id}:{what}:{self.origin}"})

    # --- reading ------------------------------------------------------------------------------
    def info(self, table_id: str) -> TableInfo:
        """The table's row and seats as stored now, or a 404."""
        if unfit_character(table_id) is not None:
            # no table id holds one, and PostgreSQL would refuse a NUL as an error
            raise ApiError(404, "srv.no_table", table=table_id)
        asked_at = time.monotonic()  # a notice heard after this may not be in the answer

        def read(c: Connection) -> tuple[Any, list[SeatInfo]]:
            row = c.execute(Q_TABLE, {"t": table_id}).mappings().first()
            if row is None:
                raise ApiError(404, "srv.no_table", table=table_id)
            seat_rows = c.execute(Q_SEATS, {"t": table_id}).mappings()
            return row, [SeatInfo(r["seat"], r["name"], r["kind"], bool(r["joined"]),
                                  r["token_hash"]) for r in seat_rows]

        row, seats = self.read(read)
        return TableInfo(
            id=row["id"], game=row["game"], engine_version=row["engine_version"],
            options=dict(row["options"]), pack_id=row["pack_id"],
            pack_sha256=row["pack_sha256"], seed=int(row["seed"]),
            deadline_seconds=row["deadline_seconds"], created_at=row["created_at"],
            turn_started_at=row["turn_started_at"], finished=bool(row["finished"]),
            result=row["result"], seats=seats, admin_hash=row["admin_hash"],
            spectator_hash=row["spectator_hash"], invite_hash=row["invite_hash"],
            next_table=row["next_table"],
            read_at=asked_at)

    def actions_after(self, table_id: str, after: int) -> list[Any]:
        """seq, seat, notation, by and decision kind of every row after number `after`,
        in order."""
        return self.read(lambda conn: list(conn.execute(
            Q_LOG_AFTER, {"t": table_id, "after": after}).mappings()))

    def action_rows(self, table_id: str) -> list[Any]:
        return self.read(lambda conn: list(conn.execute(sa.select(store.actions).where(
            store.actions.c.table_id == table_id).order_by(store.actions.c.seq)).mappings()))

    def current_seq(self, table_id: str) -> tuple[int, int]:
        """(last action, last chat message) of a table, for change polling."""
        def read(conn: Connection) -> tuple[int, int]:
            seq = conn.execute(sa.select(sa.func.max(store.actions.c.seq)).where(
                store.actions.c.table_id == table_id)).scalar()
            chat = conn.execute(sa.select(sa.func.max(store.chat.c.id)).where(
                store.chat.c.table_id == table_id)).scalar()
            return int(seq or 0), int(chat or 0)

        return self.read(read)

    def newest_snapshot(self, table_id: str) -> Any:
        """(seq, data) of the table's newest snapshot, if it has one."""
        return self.read(lambda conn: conn.execute(sa.select(
            store.snapshots.c.seq, store.snapshots.c.data).where(
            store.snapshots.c.table_id == table_id).order_by(
            store.snapshots.c.seq.desc()).limit(1)).first())

    # --- writing ------------------------------------------------------------------------------
    def append(self, row: dict[str, Any], changes: dict[str, Any], what: str,
               notices: list[Event] | None = None, batch: float = 0.0,
               taken_back: int | None = None) -> int:
        """Append `row` to the log with the table's `changes` and the outbox rows of
        `notices` (one transaction), announcing `what`; how many outbox rows were
        written. `taken_back`: the row is an undo of action `taken_back`, whose unsent
        turn notices are cancelled in the same transaction. Another action at its
        number raises IntegrityError."""
        events = notices or []
        if self.postgres and set(changes) <= {"turn_started_at"} and taken_back is None:
            return self._append_at_once(row, bool(changes), what, events, batch)

        def write(conn: Connection) -> int:
            conn.execute(INSERT_ACTION, row)
            if taken_back is not None:
                outbox.cancel_taken_back(conn, row["table_id"], taken_back, row["at"])
            if changes:
                conn.execute(store.tables.update().where(
                    store.tables.c.id == row["table_id"]).values(**changes))
            written = outbox.enqueue(conn, row["table_id"], row["seq"], events, row["at"],
                                     batch)
            self.announce(conn, row["table_id"], what)
            return written

        try:
            return self.write(write)
        except ApiError as exc:
            if exc.key == "srv.db_unsure" and self._stored(row):
                return len(events)  # committed before the connection dropped: wake the sender
            raise
        except IntegrityError:
            raise  # the conflict: the caller answers it
        except DBAPIError as exc:  # SQLite: busy beyond its timeout, disk trouble
            log.error("table %s: storing action %s failed (%s)", row["table_id"], row["seq"],
                      exc.orig)
            raise ApiError(503, "srv.busy") from None

    def _append_at_once(self, row: dict[str, Any], moved: bool, what: str,
                        events: list[Event], batch: float) -> int:
        """PostgreSQL's usual append: one statement in autocommit (PG_APPEND). When the
        connection drops around it, the log says whether it was committed: if so it
        counts, if not it is sent once more, and a second loss is a 503."""
        params = {**row, "moved": moved,
                  "notice": f"{row['table_id']}:{what}:{self.origin}",
                  **outbox.pg_params(events, row["table_id"], row["seq"], row["at"], batch)}
        statement = _pg_append(len(events))
        for attempt in (1, 2):
            try:
                with self.reader.connect() as conn:  # autocommit: the statement commits
                    found = conn.execute(statement, params).first()
                return int(found[1]) if found is not None else 0
            except IntegrityError:
                if attempt == 2 and self._stored(row):
                    return len(events)  # the first try committed after all (a late commit)
                raise
            except DBAPIError as exc:
                if not store.is_disconnect(exc):
                    raise
                if self._stored(row):
                    return len(events)
                self._lost(exc, attempt, "srv.db_lost")
        raise AssertionError("unreachable")

    def _stored(self, row: dict[str, Any]) -> bool:
        """Whether the log holds exactly `row` (after a lost connection, whether its
        append was committed); another action at its number raises the conflict."""
        found = self.read(lambda conn: conn.execute(
            Q_ACTION, {"t": row["table_id"], "seq": row["seq"]}).first())
        if found is None:
            return False
        if (found.seat, found.notation, found.at) != (row["seat"], row["notation"], row["at"]):
            raise IntegrityError("another action at this number", None, Exception())
        return True

    def store_snapshot(self, table_id: str, seq: int, data: Any) -> None:
        """Keep a snapshot of the state after action `seq` (IntegrityError: another
        process took the same one)."""
        self.write(lambda conn: conn.execute(store.snapshots.insert().values(
            table_id=table_id, seq=seq, data=data)))
