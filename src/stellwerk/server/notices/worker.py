"""The sender: every `poll_seconds` it claims the due notices (outbox.py), drops those
gone stale, sends the rest by mail or webhook and marks each sent right after the SMTP
server accepted it (before QUIT) or the webhook answered (its status line, before its
body), so a notice goes out twice only when the process is killed in that instant.

Stale: a turn notice or deadline reminder whose seat has acted since (a live game's
players act within the batch delay, so it sends none). Held: one whose seat, not yet
acted, watches the table live in any process (live_watchers.py); it is looked at again
after `NoticeSettings.watched_recheck`, and goes out if the seat has left without
acting. A failed send (a refused connection, a host name that does not resolve, an
error status) is tried again after a growing pause (outbox.backoff), outbox.MAX_ATTEMPTS
times in all; a mail to an address that had its hour's share waits, uncounted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import smtplib
import time
from collections.abc import Callable

import sqlalchemy as sa

from stellwerk.core.errors import StellwerkError
from stellwerk.server import store
from stellwerk.server.errors import ApiError
from stellwerk.server.live_watchers import watched
from stellwerk.server.log_store import LogStore
from stellwerk.server.notices import compose, outbox, targets, webhooks
from stellwerk.server.notices.events import CONFIRM, REMINDER, TURN
from stellwerk.server.notices.outbox import Claimed
from stellwerk.server.notices.settings import NoticeSettings

log = logging.getLogger("stellwerk.notices")

BATCH = 50  # notices claimed at once
DUE, HELD, GONE = "due", "held", "gone"  # a turn notice's seats: unseen, watching, acted


class NoticeWorker:
    def __init__(self, log_store: LogStore, settings: NoticeSettings, base: str) -> None:
        self.log_store = log_store
        self.settings = settings
        self.base = base  # where players reach the server: the links start with it
        self.name = secrets.token_hex(8)  # names this worker's claims
        self.sent = 0  # notices sent so far (the benchmark and tests watch it)
        self.batch = BATCH
        self._loop: asyncio.AbstractEventLoop | None = None
        self._woken: asyncio.Event | None = None
        # the wall clock the sender reads (a test may stop it: a seat's live watch
        # and a retry's pause are then judged at one fixed moment)
        self.clock: Callable[[], float] = time.time

    async def run_forever(self) -> None:
        """Send what is due, then wait for this process's next notices (`poke`) or
        `poll_seconds` (another process's notices, a retry coming due)."""
        self._loop = asyncio.get_running_loop()
        self._woken = asyncio.Event()
        while True:
            self._woken.clear()
            try:
                busy = await asyncio.to_thread(self.run_once, self.clock())
            except Exception:  # the database away: the next round tries again
                log.exception("notice round failed")
                busy = 0
            if busy < self.batch:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._woken.wait(), self.settings.poll_seconds)

    def poke(self, _table_id: str = "", _what: str = "") -> None:
        """Thread-safe: notices were committed here; send them now."""
        loop, woken = self._loop, self._woken
        if loop is None or woken is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(woken.set)

    def run_once(self, now: float) -> int:
        """Claim and handle the due notices; how many were claimed."""
        postgres = self.log_store.postgres

        def take(conn: sa.Connection) -> list[Claimed]:
            ids = outbox.claim(conn, self.name, now, self.batch, postgres,
                               self.settings.lease_seconds)
            rows = outbox.claimed_rows(conn, ids) if ids else []
            found = {r.id for r in rows}
            for lost in set(ids) - found:  # its target was removed meanwhile
                outbox.mark(conn, lost, self.name, outbox.SKIPPED, now)
            return rows

        rows = self.log_store.write(take)
        for index, row in enumerate(rows):
            if self.clock() > now + self.settings.lease_seconds / 2:
                # the claim runs out before long: another sender may take the rest
                self._release([r.id for r in rows[index:]])
                break
            self.handle(row)
        return len(rows)

    def _release(self, ids: list[int]) -> None:
        self.log_store.write(lambda conn: outbox.release(conn, ids, self.name))

    def handle(self, row: Claimed) -> None:
        try:
            waiting = self.waiting(row)
            if waiting == GONE:
                self._finish(row, outbox.SKIPPED)
                return
            if waiting == HELD:
                at = self.clock() + self.settings.watched_recheck
                self.log_store.write(lambda conn: outbox.put_back(conn, row.id, self.name, at))
                return
            if row.channel == targets.EMAIL:
                self._mail(row)
            else:
                self._webhook(row)
        except (OSError, smtplib.SMTPException, ApiError, StellwerkError) as exc:
            log.warning("notice %s to %s %s failed (try %s): %s", row.id, row.channel,
                        row.target_id, row.attempts + 1, " ".join(str(exc).split())[:200])
            self.log_store.write(lambda conn: outbox.retry(
                conn, row.id, self.name, row.attempts, self.clock()))

    def waiting(self, row: Claimed) -> str:
        """Whether a turn notice or reminder still has a seat to tell: GONE when all
        its seats have acted since, HELD when each that has not watches the table live
        now, else DUE (every other notice is DUE)."""
        if row.kind not in (TURN, REMINDER):
            return DUE
        seats = [row.seat] if row.seat is not None else list(row.detail.get("seats") or [])
        a = store.actions.c

        def read(conn: sa.Connection) -> tuple[set[int], set[int]]:
            acted = set(conn.execute(sa.select(a.seat).distinct().where(
                a.table_id == row.table_id, a.seq > row.seq,
                a.seat.in_(seats))).scalars().all())
            return acted, watched(conn, row.table_id, seats, self.clock())

        acted, live = self.log_store.read(read)
        if all(s in acted for s in seats):
            return GONE
        return HELD if all(s in acted or s in live for s in seats) else DUE

    def _finish(self, row: Claimed, outcome: str, mailed: str | None = None) -> None:
        def write(conn: sa.Connection) -> None:
            outbox.mark(conn, row.id, self.name, outcome)
            if mailed is not None:
                conn.execute(store.mail_sent.insert().values(address=mailed.lower(),
                                                             at=self.clock()))
        self.log_store.write(write)
        if outcome == outbox.SENT:
            self.sent += 1

    def _mail(self, row: Claimed) -> None:
        settings = self.settings
        if not settings.mail_on or settings.smtp is None or settings.mail_from is None:
            self._finish(row, outbox.SKIPPED)  # e-mail was turned off since
            return
        if row.kind != CONFIRM:
            wait = self._over_rate(row.address)
            if wait is not None:
                self.log_store.write(lambda conn: outbox.put_back(
                    conn, row.id, self.name, wait))
                return
        info = self.log_store.info(row.table_id)
        stop = self._link(row, targets.STOP_PURPOSE)
        confirm = self._link(row, targets.CONFIRM_PURPOSE) if row.kind == CONFIRM else ""
        message = compose.mail(row, info, settings.mail_from, self.base, stop, confirm)
        with settings.smtp.session() as client:
            client.send_message(message)  # returns once the server has accepted it
            # marked before anything else (even QUIT): only a kill in between repeats it
            self._finish(row, outbox.SENT, row.address)

    def _link(self, row: Claimed, purpose: str) -> str:
        """A confirm or unsubscribe link with a fresh token, its page in the target's
        language."""
        token = targets.mint(self.log_store, row.target_id, purpose)
        return f"{self.base}notices/{purpose}/{token}?lang={row.lang}"

    def _over_rate(self, address: str) -> float | None:
        """When the next mail to `address` may go, if it had its hour's share."""
        now = self.clock()
        m = store.mail_sent.c
        recent = self.log_store.read(lambda conn: conn.execute(sa.select(m.at).where(
            m.address == address.lower(), m.at > now - 3600).order_by(m.at)).scalars().all())
        if len(recent) < self.settings.mails_per_hour:
            return None
        return float(recent[len(recent) - self.settings.mails_per_hour]) + 3600

    def _webhook(self, row: Claimed) -> None:
        # checked again, and the checked address is the one called: the name may lead
        # elsewhere than when it was registered, or answer otherwise a second time
        try:
            to = webhooks.resolve(row.address, self.settings.allow_private)
        except StellwerkError as exc:
            if exc.key == webhooks.UNKNOWN_HOST:
                raise  # a name that does not resolve now mostly does again soon: retried
            log.warning("notice %s: webhook refused now (%s)", row.id, exc)
            self._finish(row, outbox.FAILED)
            return
        info = self.log_store.info(row.table_id)
        _subject, text = compose.words(row, info)
        data = webhooks.body(row.style, compose.fields(row, info, text, self.base), text)
        status = webhooks.post(to, data, row.secret, row.id, self.settings.webhook_timeout)
        if 200 <= status < 300:
            self._finish(row, outbox.SENT)
        elif status in (404, 410):  # the receiver is gone for good
            self._finish(row, outbox.FAILED)
        else:
            raise OSError(f"the webhook answered {status}")
