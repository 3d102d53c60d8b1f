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

from stellwerk.server.errors import ApiError
from stellwerk.server.tables import TableService

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
