"""What the operator turns on for turn notices (`stellwerk serve --smtp URL --mail-from
ADDRESS --webhooks-private ...`), with the limits' defaults."""

from __future__ import annotations

from dataclasses import dataclass

from stellwerk.mail.smtp import SmtpSettings

BATCH_SECONDS = 60.0       # a turn notice waits this long for the seat to act by itself
REMINDERS = (24 * 3600.0, 3600.0)  # deadline reminders, seconds before the deadline
MAILS_PER_HOUR = 20        # mails to one address in any hour (more wait)
CONFIRMS_PER_DAY = 3       # confirmation mails to one address a day (more are refused)
TARGETS_PER_SEAT = 4       # addresses and webhooks per seat (and per table's channel)
WEBHOOK_TIMEOUT = 10.0
# a turn notice held while its seat watches the table live is looked at again this late
WATCHED_RECHECK = 60.0
POLL_SECONDS = 1.0         # how often the worker looks for due notices
# how long a sender's claim on a notice holds: after a crash, another process (or the
# restarted one) sends it once this has passed; longer than the slowest send (SMTP's
# timeout is 30 s, a webhook's 10 s)
LEASE_SECONDS = 120.0


@dataclass(frozen=True)
class NoticeSettings:
    """Without `smtp` and `mail_from` e-mail is off (the table page says so); webhooks
    need no setting. `allow_private`: webhooks may call private, loopback and
    link-local addresses (a server on a closed network; the tests)."""

    enabled: bool = True
    smtp: SmtpSettings | None = None
    mail_from: str | None = None
    allow_private: bool = False
    batch_seconds: float = BATCH_SECONDS
    reminders: tuple[float, ...] = REMINDERS
    mails_per_hour: int = MAILS_PER_HOUR
    confirms_per_day: int = CONFIRMS_PER_DAY
    targets_per_seat: int = TARGETS_PER_SEAT
    webhook_timeout: float = WEBHOOK_TIMEOUT
    poll_seconds: float = POLL_SECONDS
    watched_recheck: float = WATCHED_RECHECK
    lease_seconds: float = LEASE_SECONDS

    @property
    def mail_on(self) -> bool:
        return self.enabled and self.smtp is not None and bool(self.mail_from)
