"""A postal game of Linie 1 run by mail, for the tests: the game folder set up for mail,
the players' mail written as a mail program writes it, and their orders taken from the
bots' choices."""

from __future__ import annotations

import mailbox
import os
import subprocess
import sys
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from stellwerk.core.chance import Chance
from stellwerk.frontends.postal import commands
from stellwerk.frontends.postal.mail_commands import setup
from stellwerk.frontends.postal.mailboxes import MaildirMailbox
from stellwerk.frontends.postal.mailloop import MailLoop
from stellwerk.frontends.postal.mailroom import MailState, load_state
from stellwerk.games.linie1.legal import listed_order_at_random
from stellwerk.mail.smtp import SmtpSettings

GAME = "linie1"
JUDGE = "judge@example.org"
ROOT = Path(__file__).resolve().parents[2]


def address(name: str) -> str:
    return f"{name.lower()}@example.org"


def new_postal_game(folder: Path, names: list[str], rounds: int = 3, seed: int = 7,
                    lang: str = "en", deadline: float | None = None) -> MailState:
    commands.new_game(GAME, folder, names, seed, {"rounds": str(rounds)}, lang)
    return setup(folder, GAME, JUDGE, {n: address(n) for n in names}, deadline)


def letter(to: str, text: str, sender: str, subject: str = "my order") -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="players.example.org")
    message.set_content(text)
    return message


def order_letter(folder: Path, name: str, text: str, subject: str = "my order") -> EmailMessage:
    """`name`'s order, to their own order address, from their own address."""
    return letter(load_state(folder).order_address(name), text, address(name), subject)


def bot_order(folder: Path, name: str, seed: int) -> str:
    """An order `name` may give now, as the bots choose one, written as an order file."""
    _, record, state = commands.load(folder, GAME)
    seat = [s.name for s in record.seats].index(name)
    action = listed_order_at_random(state, seat, Chance(seed))
    parts = [str(action[k]) for k in range(1, len(action))]
    lines = [" ".join(parts[k:k + 3]) for k in range(0, len(parts), 3)]
    return "\n".join(lines) + "\n" if lines else "pass\n"


def maildir(path: Path) -> mailbox.Maildir:
    return mailbox.Maildir(path, create=True)


def loop_over_maildir(folder: Path, box: Path, smtp_url: str | None,
                      clock: float | None = None) -> MailLoop:
    loop = MailLoop(folder, GAME, MaildirMailbox(box),
                    SmtpSettings.from_url(smtp_url) if smtp_url else None)
    if clock is not None:
        loop.clock = lambda: clock
    return loop


def mail_loop_process(folder: Path, box: Path, smtp_url: str) -> subprocess.Popen[bytes]:
    """One cycle of `judge linie1 mail` over a Maildir in a process of its own (the
    tests kill it with SIGKILL)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.Popen(
        [sys.executable, "-m", "stellwerk", "judge", GAME, "mail", str(folder),
         "--maildir", str(box), "--smtp", smtp_url, "--once"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
