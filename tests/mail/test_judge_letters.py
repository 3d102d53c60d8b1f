"""Reading mail never fails on what arrives: any bytes become a letter with a text, a
refusal, or the mark of a machine. A mail that could not go out waits and goes out on
a later cycle; a German game's mail is German."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.frontends.postal.letters import read_letter
from stellwerk.frontends.postal.mailroom import load_state, waiting
from tests.mail.postal_table import (
    address,
    bot_order,
    loop_over_maildir,
    maildir,
    new_postal_game,
    order_letter,
)
from tests.mail.servers import SmtpServer, free_port

HEADERS = st.sampled_from([
    b"From: anna@example.org", b"From: =?x-unknown?q?=ff?= <a@b.c>", b"To: judge+x@e.org",
    b"Subject: =?utf-8?b?////?=", b"Content-Type: multipart/mixed; boundary=",
    b"Content-Type: text/plain; charset=x-klingon", b"Content-Transfer-Encoding: base64",
    b"Content-Type: message/rfc822", b"Auto-Submitted: no", b"MIME-Version: 1.0",
    b"Content-Type: text/html", b"Content-Transfer-Encoding: quoted-printable",
    b"Content-Type: multipart/alternative; boundary=\"b\""])


@settings(max_examples=300, deadline=None)
@given(headers=st.lists(HEADERS, max_size=8), body=st.binary(max_size=300),
       whole=st.booleans())
def test_any_mail_is_read_into_a_text_a_refusal_or_a_machine(
        headers: list[bytes], body: bytes, whole: bool) -> None:
    letter = read_letter(b"\r\n".join(headers) + b"\r\n\r\n" + body, whole, len(body))
    assert letter.machine or (letter.text is None) != (letter.refusal is None)
    if letter.text is not None:
        assert "\ufffd" not in letter.text


def test_mail_the_smtp_server_did_not_take_waits_for_the_next_cycle(
        tmp_path: Path, smtp: SmtpServer) -> None:
    folder, box = tmp_path / "game", tmp_path / "box"
    new_postal_game(folder, ["Anna", "Bert"])
    maildir(box)
    down = loop_over_maildir(folder, box, f"smtp://127.0.0.1:{free_port()}")
    down.cycle()
    assert any("SMTP server refused" in line for line in down.said)
    assert len(waiting(folder, load_state(folder))) == 2
    loop_over_maildir(folder, box, smtp.url).cycle()
    assert sorted(str(m["To"]) for m in smtp.inbox.wait_for(2)) == [address("Anna"),
                                                                   address("Bert")]
    assert waiting(folder, load_state(folder)) == []


def test_a_german_game_writes_its_mail_in_german(tmp_path: Path, smtp: SmtpServer) -> None:
    folder, box = tmp_path / "game", tmp_path / "box"
    new_postal_game(folder, ["Anna", "Bert"], lang="de")
    mails = maildir(box)
    loop_over_maildir(folder, box, smtp.url).cycle()
    sheet = smtp.inbox.wait_for(2)[0]
    assert "die Partie beginnt" in str(sheet["Subject"])
    assert "Schicke deinen Auftrag für Runde 1" in str(
        sheet.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    mails.add(order_letter(folder, "Anna", bot_order(folder, "Anna", 1)))
    mails.add(order_letter(folder, "Bert", "H2 gerade 45\n"))
    loop_over_maildir(folder, box, smtp.url).cycle()
    answers = {str(m["To"]): str(m.get_body(("plain",)).get_content())  # type: ignore[union-attr]
               for m in smtp.inbox.wait_for(4)[2:]}
    assert "ist angenommen" in answers[address("Anna")]
    assert "zählt NICHT" in answers[address("Bert")] and "Zeile 1:" in answers[address("Bert")]
