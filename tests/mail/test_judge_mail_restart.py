"""Every mail is taken exactly once, even when the loop is killed (`kill -9`) in the
middle of a batch and started again: each is answered, none is counted twice, and
the game folder is whole."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

from stellwerk.frontends.postal import commands
from stellwerk.frontends.postal.mailroom import STATE_FILE, load_state
from tests.mail.postal_table import (
    bot_order,
    loop_over_maildir,
    mail_loop_process,
    maildir,
    new_postal_game,
    order_letter,
)
from tests.mail.servers import SmtpServer

MAILS = 80


def taken(folder: Path) -> int:
    try:
        return int(json.loads((folder / STATE_FILE).read_text())["taken"])
    except (OSError, ValueError, KeyError):
        return 0


def test_a_loop_killed_mid_batch_takes_every_mail_exactly_once_after_a_restart(
        tmp_path: Path, smtp: SmtpServer) -> None:
    folder, box = tmp_path / "game", tmp_path / "box"
    new_postal_game(folder, ["Anna", "Bert"])
    mails = maildir(box)
    loop_over_maildir(folder, box, smtp.url).cycle()
    smtp.inbox.wait_for(2)
    orders = [bot_order(folder, "Anna", k) for k in range(3)]
    for k in range(MAILS):
        mails.add(order_letter(folder, "Anna", orders[k % 3] if k % 4 else "Z0 x 0\n",
                               subject=f"order {k}"))
    killed = mail_loop_process(folder, box, smtp.url)
    deadline = time.monotonic() + 120
    while taken(folder) < 10 and killed.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert killed.poll() is None, "the loop ended before it could be killed"
    os.kill(killed.pid, signal.SIGKILL)
    killed.wait()
    assert 0 < taken(folder) < MAILS
    again = mail_loop_process(folder, box, smtp.url)
    assert again.wait(timeout=300) == 0, again.stderr.read() if again.stderr else ""
    answers = smtp.inbox.wait_for(2 + MAILS)[2:]
    time.sleep(0.3)
    answers = smtp.inbox.messages[2:]
    subjects = [str(m["Subject"]) for m in answers]
    assert sorted(set(subjects)) == sorted(f"Re: order {k}" for k in range(MAILS))
    # a mail the SMTP server took just before the kill may go out once more, never more
    assert len(answers) <= MAILS + 1
    assert load_state(folder).taken == MAILS
    last = orders[(MAILS - 1) % 3] if (MAILS - 1) % 4 else None
    assert (commands.orders_folder(folder, 1) / "Anna.txt").read_text() == last
    replaced = sum("replaces your earlier order" in str(m.get_body(("plain",)).get_content())
                   for m in answers if m.get_body(("plain",)) is not None)
    accepted = sum(1 for k in range(MAILS) if k % 4)
    assert replaced in (accepted - 1, accepted)
    assert not [p for p in folder.rglob("*.tmp")]
