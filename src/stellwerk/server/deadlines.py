"""Move deadlines: a table may give each decision N seconds.

A sweep every few seconds finds unfinished tables whose current decision began more
than N seconds ago, and gives every human seat that still owes it the action its game's
rules prescribe for a missed deadline (`State.default_action`; e.g. Linie 1's postal
rule: a missing order means no placements). Where the game prescribes none (Rail Line's
compulsory card, a setup choice) nothing is applied: the table waits, every payload
says so, and the admin may seat a bot. The deadline counts from the start of the
decision; a simultaneous round keeps one clock for all.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

import sqlalchemy as sa

from stellwerk.core.contract import State
from stellwerk.server import store
from stellwerk.server.errors import ApiError
from stellwerk.server.log_store import LogStore
from stellwerk.server.table_info import BY_DEADLINE, TableInfo

if TYPE_CHECKING:  # the service calls this module: no import of it at run time
    from stellwerk.server.table_service import TableService

log = logging.getLogger("stellwerk.server")

SWEEP_SECONDS = 2.0


async def sweep_forever(service: TableService, every: float = SWEEP_SECONDS) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await asyncio.to_thread(sweep_once, service, time.time())
        except Exception:  # one bad table must not end the sweep for every other
            log.exception("deadline sweep failed")


def sweep_once(service: TableService, now: float) -> int:
    applied = 0
    for table_id in service.overdue(now):
        try:
            applied += service.apply_deadline(table_id, now)
        except ApiError as exc:  # e.g. another process applied it first
            log.info("table %s: deadline not applied (%s)", table_id, exc)
    return applied


def overdue(log_store: LogStore, now: float) -> list[str]:
    rows = log_store.read(lambda conn: conn.execute(sa.select(store.tables.c.id).where(
        store.tables.c.finished.is_(False),
        store.tables.c.deadline_seconds.is_not(None),
        store.tables.c.turn_started_at + store.tables.c.deadline_seconds < now)).all())
    return [r[0] for r in rows]


def apply_deadline(service: TableService, table_id: str, now: float) -> int:
    """Every human seat that owes the overdue decision gets the action its game's
    rules prescribe for a missed deadline (`State.default_action`: Linie 1's empty
    order, Benelux Rails' end of turn, ...). A seat whose game gives none is left
    owing: the table waits for its admin, who may seat a bot, and every payload says
    so (`late_without_default`); the table's watchers are told once, when it
    becomes late (nothing else changed, so nothing else would wake them). Returns
    how many actions were applied."""
    info = service.info(table_id)
    deadline = info.deadline_at()
    if deadline is None or deadline > now:
        return 0
    applied = 0
    with service.table(info) as loaded:
        decision = loaded.state.decision()
        owing = [] if decision is None else [
            s for s in decision.seats if not info.seats[s].is_bot]
        for seat in owing:
            decision = loaded.state.decision()
            if decision is None or seat not in decision.seats:
                continue
            action = loaded.state.default_action(seat)
            if action is None:
                continue
            service._append(info, loaded, seat, action, decision, BY_DEADLINE)
            applied += 1
        late = bool(late_without_default(info, loaded.state, now))
        newly_late = late and service.late_told.get(table_id) != loaded.seq
        if newly_late:
            service.late_told[table_id] = loaded.seq
        elif not late:
            service.late_told.pop(table_id, None)
    if newly_late:
        service.notify(table_id, "late")
    return applied


def late_without_default(info: TableInfo, state: State, now: float) -> list[int]:
    """The human seats past the deadline whose game prescribes no default action: the
    table waits for them or for the admin (who may hand the seat to a bot)."""
    deadline = info.deadline_at()
    if deadline is None or deadline > now:
        return []
    decision = state.decision()
    if decision is None:
        return []
    return [s for s in decision.seats
            if not info.seats[s].is_bot and state.default_action(s) is None]
