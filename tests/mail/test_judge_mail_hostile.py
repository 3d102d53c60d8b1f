"""Hostile and robotic mail to the judge: machines are never answered (no mail loops),
every unreadable mail gets one clear answer, nothing crashes and no order is counted."""

from __future__ import annotations

import time
from email.message import EmailMessage
from pathlib import Path

import pytest

from stellwerk.frontends.postal import commands
from stellwerk.frontends.postal.letters import MAX_MESSAGE_BYTES, order_text
from stellwerk.frontends.postal.mailroom import load_state, log_tail
from tests.mail.postal_table import (
    JUDGE,
    address,
    bot_order,
    letter,
    loop_over_maildir,
    maildir,
    order_letter,
)
from tests.mail.servers import SmtpServer


def machine_mails(folder: Path) -> list[EmailMessage]:
    to = load_state(folder).order_address("Anna")
    order = bot_order(folder, "Anna", 1)
    mails = []
    for header, value in [("Auto-Submitted", "auto-replied"), ("Precedence", "bulk"),
                          ("X-Autoreply", "yes"), ("List-Id", "<players.example.org>")]:
        mail = letter(to, order, address("Anna"), "Out of office")
        mail[header] = value
        mails.append(mail)
    mails.append(letter(to, order, "MAILER-DAEMON@example.org", "Undelivered Mail"))
    mails.append(letter(to, order, JUDGE, "my own answer"))
    report = EmailMessage()
    report["From"] = "postmaster@example.org"
    report["To"] = to
    report["Subject"] = "Delivery Status Notification"
    report.set_content("failed")
    report.make_mixed()
    report.replace_header("Content-Type", 'multipart/report; report-type=delivery-status')
    mails.append(report)
    return mails


def test_mail_sent_by_machines_is_logged_and_never_answered(
        game: tuple[Path, Path], smtp: SmtpServer) -> None:
    folder, box = game
    mails = maildir(box)
    robots = machine_mails(folder)
    for mail in robots:
        mails.add(mail)
    loop_over_maildir(folder, box, smtp.url).cycle()
    time.sleep(0.3)
    assert len(smtp.inbox.messages) == 2
    assert not (commands.orders_folder(folder, 1) / "Anna.txt").exists()
    assert sum("not answered" in line for line in log_tail(folder, 20)) == len(robots)
    assert load_state(folder).taken == len(robots)


def html_only(folder: Path) -> bytes:
    mail = order_letter(folder, "Anna", "x")
    mail.set_content("<p>H2 straight 0</p>", subtype="html")
    return bytes(mail)


def huge(folder: Path) -> bytes:
    mail = order_letter(folder, "Anna", bot_order(folder, "Anna", 1))
    mail.add_attachment(b"\0" * (MAX_MESSAGE_BYTES + 10), maintype="application",
                        subtype="octet-stream", filename="big.bin")
    return bytes(mail)


def address_head(folder: Path) -> bytes:
    """The head of Anna's order letter (sender, secret address, subject) without its
    MIME lines, for a body of the test's own making."""
    head = bytes(order_letter(folder, "Anna", "x")).split(b"\n\n", 1)[0]
    return b"\n".join(line for line in head.split(b"\n")
                      if not line.lower().startswith((b"content-", b"mime-")))


def nested(folder: Path) -> bytes:
    head = address_head(folder)
    body = b"".join(b'Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n' % (i, i)
                    for i in range(60))
    return head + b"\nMIME-Version: 1.0\n" + body + b"Content-Type: text/plain\n\nH2 straight 0\n"


def broken_mime(folder: Path) -> bytes:
    head = address_head(folder)
    return head + (b'\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=\n'
                   b'Content-Transfer-Encoding: base64\n\n--\n\x00\xff\xfe garbage ===\n')


def unknown_charset(folder: Path) -> bytes:
    raw = bytes(order_letter(folder, "Anna", "H2 straight 0"))
    return raw.replace(b'charset="utf-8"', b'charset="x-klingon-7"').replace(
        b"charset=utf-8", b"charset=x-klingon-7")


def bad_utf8(folder: Path) -> bytes:
    head = address_head(folder)
    return head + (b"\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
                   b"Content-Transfer-Encoding: 8bit\n\nH2 stra\xff\xfeight 0\n")


@pytest.mark.parametrize("make, says", [
    (html_only, "no plain-text part"), (huge, "too big"), (nested, "too many parts"),
    (broken_mime, "not counted"), (unknown_charset, "could not be read"),
    (bad_utf8, "could not be read")])
def test_an_unreadable_mail_gets_one_clear_answer_and_counts_for_nothing(
        game: tuple[Path, Path], smtp: SmtpServer, make: object, says: str) -> None:
    folder, box = game
    assert callable(make)
    maildir(box).add(make(folder))
    loop_over_maildir(folder, box, smtp.url).cycle()
    [answer] = smtp.inbox.wait_for(3)[2:]
    assert answer["To"] == address("Anna")
    body = answer.get_body(preferencelist=("plain",))
    assert body is not None and says in body.get_content()
    assert not (commands.orders_folder(folder, 1) / "Anna.txt").exists()
    assert load_state(folder).taken == 1


def test_a_thousand_mails_at_once_are_each_answered_once(
        game: tuple[Path, Path], smtp: SmtpServer) -> None:
    folder, box = game
    mails = maildir(box)
    good, bad = bot_order(folder, "Bert", 1), "Z99 straight 0\n"
    for k in range(1000):
        mails.add(order_letter(folder, "Bert", good if k % 2 else bad, subject=f"order {k}"))
    loop_over_maildir(folder, box, smtp.url).cycle()
    answers = smtp.inbox.wait_for(1002)[2:]
    assert sorted(str(m["Subject"]) for m in answers) == sorted(
        f"Re: order {k}" for k in range(1000))
    assert (commands.orders_folder(folder, 1) / "Bert.txt").read_text() == good
    assert load_state(folder).taken == 1000


def test_quoted_text_and_the_signature_are_not_part_of_the_order() -> None:
    mail = ("H2 straight 90\n\nOn Monday, the judge wrote:\n> Linie 1 sheet\n> H9 curve 0\n"
            "-- \nAnna\nH5 curve 0\n")
    assert order_text(mail) == "H2 straight 90\n"
