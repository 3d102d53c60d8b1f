"""A whole postal game of Linie 1 with four players through a real mail server: the
players send their orders by SMTP, the mail server delivers the judge's mail into a
real IMAP mailbox (Dovecot), and `stellwerk judge linie1 mail` reads it, answers each
order, resolves the rounds and mails the results. Orders with mistakes included."""

from __future__ import annotations

import re
import smtplib
from email.message import EmailMessage
from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.core.record import GameRecord, replay
from stellwerk.games import get_game
from tests.mail.dovecot import ImapServer
from tests.mail.postal_table import address, bot_order, letter, new_postal_game
from tests.mail.servers import SmtpServer, smtp_server

NAMES = ["Anna", "Bert", "Cora", "Dora"]
ROUNDS = 3


def text_of(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content())


def post(server: SmtpServer, message: EmailMessage) -> None:
    with smtplib.SMTP(server.host, server.port, timeout=10) as client:
        client.send_message(message)


def reply(server: SmtpServer, sheet: EmailMessage, name: str, text: str) -> None:
    """`name` answers the judge's mail, as a mail program does (to its Reply-To)."""
    answer = letter(str(sheet["Reply-To"]), text, address(name), f"Re: {sheet['Subject']}")
    post(server, answer)


def cycle(folder: Path, imap: ImapServer, server: SmtpServer) -> None:
    assert main(["judge", "linie1", "mail", str(folder), "--imap", imap.url("judge"),
                 "--smtp", server.url, "--once"]) == 0


@pytest.fixture
def mail_server(imap: ImapServer) -> SmtpServer:
    """The SMTP server of example.org: mail to the judge goes into its IMAP mailbox,
    mail to anyone else is kept for the test to read."""
    def deliver(recipient: str, raw: bytes) -> bool:
        if recipient.startswith("judge"):
            imap.append("judge", raw)
            return True
        return False

    with smtp_server(deliver=deliver) as server:
        yield server  # type: ignore[misc]


def test_a_whole_game_of_four_is_played_through_a_real_mail_server(
        tmp_path: Path, imap: ImapServer, mail_server: SmtpServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "game"
    new_postal_game(folder, NAMES, rounds=ROUNDS)
    cycle(folder, imap, mail_server)
    inbox = mail_server.inbox
    sent = len(inbox.wait_for(4))
    for number in range(1, ROUNDS + 1):
        sheets = {name: inbox.to(address(name))[-1] for name in NAMES}
        for name in NAMES:
            assert sheets[name]["Reply-To"] in text_of(sheets[name])
        # a mistake first (Bert in round 1, Cora in 2, Dora in 3), answered with its line
        mistaken = NAMES[number]
        reply(mail_server, sheets[mistaken], mistaken, f"round: {number}\nH2 strait 90\n")
        cycle(folder, imap, mail_server)
        sent += 1
        answer = text_of(inbox.wait_for(sent)[-1])
        assert "NOT counted" in answer and "line 2:" in answer and "strait" in answer
        for seat, name in enumerate(NAMES):
            reply(mail_server, sheets[name], name, bot_order(folder, name, 10 * number + seat))
        cycle(folder, imap, mail_server)
        sent += 4 + 4           # the four answers, then everyone's papers of the round
        got = inbox.wait_for(sent)
        answers = [m for m in got[-8:] if m["In-Reply-To"]]
        assert len(answers) == 4 and all("is accepted" in text_of(m) for m in answers)
        results = [m for m in got[-8:] if f"round {number} resolved" in str(m["Subject"])]
        assert sorted(str(m["To"]) for m in results) == sorted(address(n) for n in NAMES)
    record = GameRecord.load(folder / "game.json")
    state = replay(record, get_game("linie1"))
    assert state.is_over() and record.result is not None
    finals = {name: text_of(inbox.to(address(name))[-1]) for name in NAMES}
    for name, text in finals.items():
        assert "The game is over." in text and f"sheet of {name} — after round" in text
        assert "Send your order" not in text
    # after the end an order is answered, not counted
    reply(mail_server, inbox.to(address("Anna"))[-1], "Anna", "pass\n")
    cycle(folder, imap, mail_server)
    assert "game is over" in text_of(inbox.wait_for(sent + 1)[-1])
    assert imap.count("judge") == ROUNDS * 5 + 1
    out = capsys.readouterr().out
    assert re.search(r"round 3 resolved", out)
