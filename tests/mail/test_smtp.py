"""Sending through a real SMTP server, with and without a login."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage

import pytest

from stellwerk.core.errors import StellwerkError
from stellwerk.mail.smtp import SmtpSettings, send
from tests.mail.servers import SmtpServer, smtp_server


def letter(to: str, subject: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "judge@example.org"
    message["To"] = to
    message["Subject"] = subject
    message.set_content("Grüße aus dem Stellwerk")
    return message


def test_messages_arrive_as_sent(smtp: SmtpServer) -> None:
    send(SmtpSettings.from_url(smtp.url), [letter("ann@example.org", "one"),
                                           letter("bob@example.org", "zwei")])
    got = smtp.inbox.wait_for(2)
    assert [m["Subject"] for m in got] == ["one", "zwei"]
    assert smtp.inbox.to("bob@example.org")[0].get_content().strip() == "Grüße aus dem Stellwerk"


def test_a_login_is_given_and_a_wrong_one_refused() -> None:
    with smtp_server(login=("judge", "s3cret")) as server:
        send(SmtpSettings.from_url(server.url), [letter("ann@example.org", "in")])
        assert len(server.inbox.wait_for(1)) == 1
        wrong = SmtpSettings.from_url(f"smtp://judge:nope@{server.host}:{server.port}")
        with pytest.raises(smtplib.SMTPAuthenticationError):
            send(wrong, [letter("ann@example.org", "out")])
        assert len(server.inbox.messages) == 1


@pytest.mark.parametrize("url, security, port", [
    ("smtp://mail.example.org", "none", 25),
    ("smtp://mail.example.org?tls=starttls", "starttls", 587),
    ("smtps://a%40b.org:p%3Aw@mail.example.org", "tls", 465),
    ("smtp://mail.example.org:2525?tls=none", "none", 2525),
])
def test_the_url_names_server_security_and_login(url: str, security: str, port: int) -> None:
    settings = SmtpSettings.from_url(url)
    assert (settings.host, settings.security, settings.port) == ("mail.example.org", security, port)
    if security == "tls":
        assert (settings.username, settings.password) == ("a@b.org", "p:w")


@pytest.mark.parametrize("url", ["http://mail.example.org", "smtp://", "mail.example.org",
                                 "smtp://h?tls=maybe", "smtp://h:99999", ""])
def test_a_bad_url_is_one_clear_refusal_in_both_languages(url: str) -> None:
    with pytest.raises(StellwerkError) as caught:
        SmtpSettings.from_url(url)
    assert "smtp://HOST" in caught.value.text("en")
    assert "keine Adresse" in caught.value.text("de")
