"""Deadline reminders: a sweep finds the tables whose deadline is nearer than one of the
reminder times (24 h and 1 h by default) and writes a reminder for each seat that still
owes the decision. The outbox's unique key makes each reminder once, whichever process
or sweep writes it first."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from stellwerk.server import store
from stellwerk.server.errors import ApiError
from stellwerk.server.notices import outbox
from stellwerk.server.notices.events import REMINDER, Event

if TYPE_CHECKING:
    from stellwerk.server.table_service import TableService

log = logging.getLogger("stellwerk.notices")


async def sweep_forever(service: TableService, leads: tuple[float, ...],
                        every: float) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await asyncio.to_thread(sweep, service, leads)
        except Exception:  # the database away: the next sweep tries again
            log.exception("reminder sweep failed")


def sweep(service: TableService, leads: tuple[float, ...], now: float | None = None) -> int:
    """Write the reminders due now; how many tables got one."""
    if not leads:
        return 0
    now = time.time() if now is None else now
    t = store.tables.c
    longest = max(leads)
    rows = service.log_store.read(lambda conn: conn.execute(sa.select(t.id).where(
        t.finished.is_(False), t.deadline_seconds.is_not(None),
        t.turn_started_at + t.deadline_seconds - longest <= now,
        t.turn_started_at + t.deadline_seconds > now,
        sa.exists().where(store.notice_targets.c.table_id == t.id))).scalars().all())
    written = 0
    for table_id in rows:
        try:
            written += remind(service, table_id, leads, now)
        except ApiError as exc:
            log.info("table %s: no reminder (%s)", table_id, exc)
    return written


def remind(service: TableService, table_id: str, leads: tuple[float, ...], now: float) -> int:
    info = service.info(table_id)
    deadline = info.deadline_at()
    if deadline is None or info.deadline_seconds is None:
        return 0
    # the shortest reminder whose time has come (a 1 h reminder replaces a missed 24 h
    # one); none longer than the deadline itself, which would come at the turn's start
    due = [lead for lead in leads if deadline - lead <= now < deadline
           and lead < info.deadline_seconds]
    if not due:
        return 0
    lead = min(due)
    with service.table(info) as loaded:
        decision = loaded.state.decision()
        seq = loaded.seq
    if decision is None:
        return 0
    owing = tuple(s for s in decision.seats if not info.seats[s].is_bot)
    if not owing:
        return 0
    event = Event(REMINDER, owing, {"lead": int(lead), "seats": list(owing),
                                    "deadline": deadline})
    o = store.outbox.c
    prefix = outbox.dedupe_prefix(event, table_id, seq)

    def write(conn: sa.Connection) -> int:
        written = sa.select(o.id).where(o.dedupe.startswith(prefix, autoescape=True))
        if conn.execute(written.limit(1)).first():
            return 0
        outbox.enqueue(conn, table_id, seq, [event], now, 0.0)
        return 1

    try:
        return service.log_store.write(write)
    except IntegrityError:
        return 0  # another process wrote it first
