#!/usr/bin/env python3
"""How long the postal judge by mail takes for a round of Linie 1 with 6 players: from
the moment the last order is in the judge's mailbox to the moment the SMTP server has
taken the last mail of the round (the answer to that order and all six players'
sheets and reports, with the picture).

The mail goes through real servers: orders are delivered into a real IMAP mailbox
(Dovecot, started from tests/mail/dovecot.py; `--maildir` reads a Maildir instead)
and the judge's mail is sent to a real SMTP server (aiosmtpd) in this process; `--tls`
reads IMAP over TLS and sends with STARTTLS, under a certificate a throwaway CA signed
(tests/mail/certificates.py), checked as the judge always checks it. One
cycle of the loop (`stellwerk judge linie1 mail ... --once`, in this process) takes
the last order, resolves the round and sends the results.

    .venv/bin/python scripts/bench_judge_mail.py [--rounds 5] [--maildir | --tls]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests.mail.certificates import Certificates, make_certificates  # noqa: E402
from tests.mail.dovecot import dovecot_server, why_not  # noqa: E402
from tests.mail.postal_table import (  # noqa: E402
    GAME,
    bot_order,
    maildir,
    new_postal_game,
    order_letter,
)
from tests.mail.servers import server_tls, smtp_server  # noqa: E402

from stellwerk.frontends.postal.mailboxes import ImapMailbox, MaildirMailbox  # noqa: E402
from stellwerk.frontends.postal.mailloop import MailLoop  # noqa: E402
from stellwerk.mail.smtp import SmtpSettings  # noqa: E402

NAMES = ["Anna", "Bert", "Cora", "Dora", "Emil", "Frida"]


def measure(rounds: int, use_maildir: bool, tls: bool) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        certificates = make_certificates(Path(tmp) / "certificates") if tls else None
        served = ("starttls", server_tls(certificates.server_cert, certificates.server_key)) \
            if certificates else None
        with smtp_server(tls=served) as smtp:
            smtp_url = f"{smtp.url}?tls=starttls&cafile={certificates.ca}" if certificates \
                else smtp.url
            return _measure(Path(tmp), rounds, use_maildir, certificates, smtp, smtp_url)


def _measure(tmp: Path, rounds: int, use_maildir: bool, certificates: Certificates | None,
             smtp: object, smtp_url: str) -> list[float]:
    folder, box = tmp / "game", tmp / "box"
    new_postal_game(folder, NAMES, rounds=rounds + 1)
    if use_maildir:
        mails = maildir(box)
        return _rounds(folder, MaildirMailbox(box), lambda raw: mails.add(raw), smtp,
                       smtp_url, rounds)
    reason = why_not()
    if reason:
        sys.exit(f"no IMAP server: {reason}; try --maildir")
    with dovecot_server({"judge": "judge-password"}, certificates) as imap:
        url = imap.tls_url("judge", query=f"cafile={certificates.ca}") if certificates \
            else imap.url("judge")
        return _rounds(folder, ImapMailbox.from_url(url),
                       lambda raw: imap.append("judge", raw), smtp, smtp_url, rounds)


def _rounds(folder: Path, box: object, deliver: object, smtp: object, smtp_url: str,
            rounds: int) -> list[float]:
    assert callable(deliver)
    loop = MailLoop(folder, GAME, box, SmtpSettings.from_url(smtp_url))  # type: ignore[arg-type]
    loop.cycle()
    inbox = smtp.inbox  # type: ignore[attr-defined]
    expected = inbox.wait_for(len(NAMES)) and len(NAMES)
    times = []
    for number in range(1, rounds + 1):
        for seat, name in enumerate(NAMES[:-1]):
            deliver(bytes(order_letter(folder, name, bot_order(folder, name, number * 10 + seat))))
        loop.cycle()
        expected += len(NAMES) - 1
        inbox.wait_for(expected)
        deliver(bytes(order_letter(folder, NAMES[-1], bot_order(folder, NAMES[-1], number))))
        started = time.perf_counter()
        loop.cycle()
        expected += 1 + len(NAMES)
        inbox.wait_for(expected, timeout=120)
        times.append(time.perf_counter() - started)
        print(f"round {number}: {times[-1] * 1000:.0f} ms", flush=True)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--maildir", action="store_true")
    parser.add_argument("--tls", action="store_true")
    args = parser.parse_args()
    times = measure(args.rounds, args.maildir, args.tls)
    source = ("Maildir" if args.maildir else "IMAP (Dovecot)") + (" over TLS" if args.tls
                                                                  else "")
    out = "SMTP (aiosmtpd) with STARTTLS" if args.tls else "SMTP (aiosmtpd)"
    print(f"6 players, {source} in, {out} out: last order in -> last report out: "
          f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
          f"over {len(times)} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
