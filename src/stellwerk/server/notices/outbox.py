"""The outbox: one row per notice and target, written in the same transaction as the
action (or sweep, or registration) that causes it, so a notice exists exactly when its
cause was committed. A worker claims due rows (a conditional UPDATE, on PostgreSQL over
`FOR UPDATE SKIP LOCKED`, so several processes never claim one row together), sends
each and marks it sent at once; a claim whose worker died runs out and
the row is claimed again (NoticeSettings.lease_seconds).

A notice sent but not yet marked when its process is killed goes out a second time:
no mail or HTTP server can be asked whether it got something. Each notice carries its
outbox id (Message-ID, the webhook's `X-Stellwerk-Notice`) so a receiver can tell.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from stellwerk.server import store
from stellwerk.server.notices.events import REMINDER, TURN, Event

MAX_ATTEMPTS = 10
SENT, SKIPPED, FAILED = "sent", "skipped", "failed"

_T = store.notice_targets
_O = store.outbox
_OUT_COLUMNS = ["target_id", "table_id", "kind", "seq", "detail", "dedupe", "created_at",
                "next_try_at", "attempts"]


def backoff(attempts: int) -> float:
    """Seconds before try `attempts + 1`: 10 s doubling up to an hour."""
    return float(min(10 * 2 ** max(attempts - 1, 0), 3600))


def due_at(event: Event, now: float, batch: float) -> float:
    """A turn notice waits `batch` seconds: a seat that acts within them (a live game)
    is not told (the worker drops it as stale); every other notice is due at once."""
    return now + batch if event.kind == TURN else now


def dedupe_prefix(event: Event, table_id: str, seq: int) -> str:
    lead = event.detail.get("lead", "")
    return f"{event.kind}{lead}:{table_id}:{seq}:"


def enqueue(conn: Connection, table_id: str, seq: int, events: list[Event], now: float,
            batch: float) -> int:
    """Write `events` for every confirmed target of their seats (and the table's
    shared ones) on `conn`, inside the caller's transaction; how many rows."""
    return sum(conn.execute(insert_for(event, table_id, seq, now, batch)).rowcount or 0
               for event in events)


def insert_for(event: Event, table_id: str, seq: int, now: float,
               batch: float) -> sa.Insert:
    """INSERT ... SELECT: one row per matching target; none when nobody listens."""
    chosen = sa.select(
        _T.c.id, sa.literal(table_id), sa.literal(event.kind), sa.literal(seq),
        sa.literal(event.detail, sa.JSON),
        sa.literal(dedupe_prefix(event, table_id, seq)) + sa.cast(_T.c.id, sa.String),
        sa.literal(now), sa.literal(due_at(event, now, batch)), sa.literal(0),
    ).where(_T.c.table_id == table_id, _T.c.confirmed.is_(True),
            sa.or_(_T.c.seat.is_(None), _T.c.seat.in_(list(event.seats))))
    return _O.insert().from_select(_OUT_COLUMNS, chosen)


def cancel_taken_back(conn: Connection, table_id: str, seq: int, now: float) -> int:
    """In an undo's transaction: the unsent turn notices and reminders written at or
    after action `seq`, which the undo takes back, are dropped (they name a turn that
    is not the one to play; the reminder sweep writes one for the turn that is). How
    many."""
    return conn.execute(_O.update().where(
        _O.c.table_id == table_id, _O.c.seq >= seq, _O.c.sent_at.is_(None),
        _O.c.kind.in_([TURN, REMINDER])).values(
        sent_at=now, outcome=SKIPPED, claimed_until=None)).rowcount or 0


@lru_cache(maxsize=8)
def pg_clauses(count: int) -> str:
    """PostgreSQL: `count` outbox inserts as data-modifying WITH clauses, to run in the
    action's own statement (log_store.PG_APPEND)."""
    return "".join(
        f", notice{i} AS (INSERT INTO outbox (target_id, table_id, kind, seq, detail, "
        f"dedupe, created_at, next_try_at, attempts) SELECT id, :table_id, :n{i}_kind, :seq, "
        f"CAST(:n{i}_detail AS json), CAST(:n{i}_prefix AS text) || id, :at, :n{i}_due, 0 "
        f"FROM notice_targets WHERE table_id = :table_id AND confirmed "
        f"AND (seat IS NULL OR seat = ANY(CAST(:n{i}_seats AS integer[]))) RETURNING 1)"
        for i in range(count))


def pg_counted(count: int) -> str:
    """The final SELECT's column that counts the rows the clauses wrote."""
    if not count:
        return ", 0"
    return ", " + " + ".join(f"(SELECT count(*) FROM notice{i})" for i in range(count))


def pg_params(events: list[Event], table_id: str, seq: int, now: float,
              batch: float) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for i, event in enumerate(events):
        params.update({f"n{i}_kind": event.kind, f"n{i}_detail": json.dumps(event.detail),
                       f"n{i}_prefix": dedupe_prefix(event, table_id, seq),
                       f"n{i}_due": due_at(event, now, batch),
                       f"n{i}_seats": list(event.seats)})
    return params


# --- the worker's side ----------------------------------------------------------------------
@dataclass(frozen=True)
class Claimed:
    """A claimed notice with its target."""

    id: int
    table_id: str
    kind: str
    seq: int
    detail: dict[str, Any]
    attempts: int
    target_id: int
    seat: int | None
    channel: str
    address: str
    style: str
    lang: str
    secret: str | None


def claim(conn: Connection, worker: str, now: float, limit: int, postgres: bool,
          lease: float) -> list[int]:
    """Claim up to `limit` due rows for `worker`: one UPDATE over the due rows it
    selects, so no row is claimed twice (PostgreSQL skips the rows another process is
    claiming; SQLite runs one writer at a time)."""
    waiting = sa.select(_O.c.id).where(
        _O.c.sent_at.is_(None), _O.c.next_try_at <= now,
        sa.or_(_O.c.claimed_until.is_(None), _O.c.claimed_until < now)).order_by(
        _O.c.next_try_at).limit(limit)
    if postgres:
        waiting = waiting.with_for_update(skip_locked=True)
    claimed = conn.execute(_O.update().where(_O.c.id.in_(waiting.scalar_subquery())).values(
        claimed_by=worker, claimed_until=now + lease).returning(_O.c.id))
    return sorted(r[0] for r in claimed)


def claimed_rows(conn: Connection, ids: list[int]) -> list[Claimed]:
    rows = conn.execute(sa.select(
        _O.c.id, _O.c.table_id, _O.c.kind, _O.c.seq, _O.c.detail, _O.c.attempts,
        _T.c.id.label("target_id"), _T.c.seat, _T.c.channel, _T.c.address, _T.c.style,
        _T.c.lang, _T.c.secret).join(_T, _T.c.id == _O.c.target_id).where(
        _O.c.id.in_(ids)).order_by(_O.c.id)).mappings()
    return [Claimed(**dict(r)) for r in rows]


def mark(conn: Connection, notice_id: int, worker: str, outcome: str,
         now: float | None = None) -> None:
    """The notice is done (`sent`, `skipped` as stale, `failed` for good)."""
    conn.execute(_O.update().where(_O.c.id == notice_id, _O.c.claimed_by == worker).values(
        sent_at=now if now is not None else time.time(), outcome=outcome,
        claimed_until=None))


def retry(conn: Connection, notice_id: int, worker: str, attempts: int, now: float) -> None:
    """A failed try: again after `backoff`, or given up after MAX_ATTEMPTS."""
    if attempts + 1 >= MAX_ATTEMPTS:
        mark(conn, notice_id, worker, FAILED, now)
        return
    conn.execute(_O.update().where(_O.c.id == notice_id, _O.c.claimed_by == worker).values(
        attempts=attempts + 1, next_try_at=now + backoff(attempts + 1), claimed_until=None))


def put_back(conn: Connection, notice_id: int, worker: str, at: float) -> None:
    """Not now, without counting a failure (an address over its rate limit)."""
    conn.execute(_O.update().where(_O.c.id == notice_id, _O.c.claimed_by == worker).values(
        next_try_at=at, claimed_until=None))


def release(conn: Connection, ids: list[int], worker: str) -> None:
    """Give claimed rows back unsent (for another sender to claim at once)."""
    conn.execute(_O.update().where(_O.c.id.in_(ids), _O.c.claimed_by == worker,
                                   _O.c.sent_at.is_(None)).values(claimed_until=None))
