"""The judge's outbox: a mail leaves `mail/outbox/` in the instant after the SMTP server
accepted it, before the next one is sent, so a loop killed (`kill -9`) while sending
sends at most the one mail the server had just accepted once more, with the same
Message-ID; every other mail goes out exactly once. A mail the server refuses for good
is set aside and holds up no other; one it refuses for now waits for the next cycle."""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from pathlib import Path

from stellwerk.frontends.postal.letters import Outgoing
from stellwerk.frontends.postal.mail_commands import mail_status
from stellwerk.frontends.postal.mailroom import (
    OUTBOX,
    UNDELIVERABLE,
    load_state,
    log_tail,
    queue,
    save_state,
)
from tests.mail.postal_table import address, loop_over_maildir, mail_loop_process
from tests.mail.servers import SmtpServer, smtp_server

MAILS = 60


def fill_outbox(folder: Path, count: int) -> None:
    state = load_state(folder)
    for k in range(count):
        queue(folder, state, Outgoing(address("Anna"), f"note {k}", f"note {k}\n"))
    save_state(folder, state)


def outbox(folder: Path) -> set[str]:
    return {p.name for p in (folder / OUTBOX).glob("*.json")}


def test_each_mail_leaves_the_outbox_before_the_next_is_sent(
        game: tuple[Path, Path]) -> None:
    folder, box = game
    fill_outbox(folder, 10)
    seen: list[set[str]] = []

    def look(recipient: str, raw: bytes) -> bool:
        seen.append(outbox(folder))      # what waits while the server takes this mail
        return False

    with smtp_server(deliver=look) as server:
        loop_over_maildir(folder, box, server.url).cycle()
        got = server.inbox.wait_for(10)
    assert [str(m["Subject"]) for m in got] == [f"note {k}" for k in range(10)]
    # while mail k is being taken, mails 0 .. k-1 are gone and k .. 9 still wait
    assert [len(waiting) for waiting in seen] == list(range(10, 0, -1))
    assert outbox(folder) == set()


def test_a_loop_killed_while_sending_sends_at_most_one_mail_twice(
        game: tuple[Path, Path]) -> None:
    folder, box = game
    fill_outbox(folder, MAILS)

    def slowly(recipient: str, raw: bytes) -> bool:
        time.sleep(0.01)          # a server that takes its time, so the kill lands mid-batch
        return False

    with smtp_server(deliver=slowly) as server:
        killed = mail_loop_process(folder, box, server.url)
        server.inbox.wait_for(MAILS // 4, timeout=60)
        os.kill(killed.pid, signal.SIGKILL)
        killed.wait()
        assert len(server.inbox.messages) < MAILS, "the loop sent everything before the kill"
        again = mail_loop_process(folder, box, server.url)
        assert again.wait(timeout=120) == 0, again.stderr.read() if again.stderr else ""
        ids = Counter(str(m["Message-ID"]) for m in server.inbox.messages)
    assert len(ids) == MAILS
    twice = [k for k, n in ids.items() if n > 1]
    assert len(twice) <= 1 and all(ids[k] == 2 for k in twice)
    assert outbox(folder) == set()


def test_a_mail_refused_for_good_is_set_aside_and_holds_up_no_other(
        game: tuple[Path, Path], smtp: SmtpServer) -> None:
    folder, box = game
    state = load_state(folder)
    queue(folder, state, Outgoing("gone@example.org", "to nobody", "lost\n"))
    queue(folder, state, Outgoing("later@example.org", "to later", "later\n"))
    queue(folder, state, Outgoing(address("Bert"), "to Bert", "hello\n"))
    save_state(folder, state)
    smtp.inbox.refuse = {"gone@example.org": "550 5.1.1 no such user",
                         "later@example.org": "451 4.3.0 try again later"}
    loop_over_maildir(folder, box, smtp.url).cycle()
    time.sleep(0.3)
    assert [str(m["Subject"]) for m in smtp.inbox.messages[2:]] == []
    assert len(list((folder / UNDELIVERABLE).glob("*.json"))) == 1
    assert len(outbox(folder)) == 2          # the passing refusal stops this cycle
    assert any("refused the mail to gone@example.org (to nobody) for good" in line
               for line in log_tail(folder, 5))
    assert "refused for good by the SMTP server: 1 (in mail/undeliverable/)" in mail_status(
        folder, "linie1", "en")
    smtp.inbox.refuse = {"gone@example.org": "550 5.1.1 no such user"}
    loop_over_maildir(folder, box, smtp.url).cycle()
    got = smtp.inbox.wait_for(4)[2:]
    assert [str(m["Subject"]) for m in got] == ["to later", "to Bert"]
    assert outbox(folder) == set()
