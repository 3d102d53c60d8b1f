"""The judge's mail servers over TLS: IMAP over TLS (imaps://) and STARTTLS against a
real Dovecot, SMTP over TLS (smtps://) and STARTTLS against a real aiosmtpd, each with a
certificate the tests' own CA signed. Certificates are checked by default; the CA a
URL names with cafile=PATH is trusted, any other certificate is one clear refusal in
the game master's language, and nothing is read, sent or changed."""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.core.errors import StellwerkError
from stellwerk.frontends.postal.folder import JudgeError
from stellwerk.frontends.postal.mailboxes import ImapMailbox
from stellwerk.frontends.postal.mailroom import OUTBOX, STATE_FILE, load_state
from stellwerk.mail.smtp import SmtpSettings, send
from tests.mail.certificates import Certificates
from tests.mail.dovecot import ImapServer
from tests.mail.postal_table import bot_order, maildir, order_letter
from tests.mail.servers import SmtpServer, server_tls, smtp_server


def note(subject: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "anna@example.org"
    message["To"] = "judge@example.org"
    message["Subject"] = subject
    message.set_content("H2 straight 90")
    return message


def read_all(url: str) -> list[bytes]:
    return [m.raw for m in ImapMailbox.from_url(url).new_messages({}, 1_000_000)]


# ---- IMAP ---------------------------------------------------------------------------

@pytest.fixture
def tls_imap(imap: ImapServer, certificates: Certificates) -> ImapServer:
    imap.append("judge", bytes(note("over TLS")))
    return imap


def test_imap_over_tls_reads_the_mailbox_when_the_url_names_the_ca(
        tls_imap: ImapServer, certificates: Certificates) -> None:
    url = tls_imap.tls_url("judge", query=f"cafile={certificates.ca}")
    [raw] = read_all(url)
    assert b"Subject: over TLS" in raw


def test_imap_starttls_reads_the_mailbox_when_the_url_names_the_ca(
        tls_imap: ImapServer, certificates: Certificates) -> None:
    mailbox = ImapMailbox.from_url(tls_imap.url("judge",
                                                query=f"tls=starttls&cafile={certificates.ca}"))
    assert mailbox.security == "starttls" and mailbox.port == tls_imap.port
    [message] = list(mailbox.new_messages({}, 1_000_000))
    assert b"Subject: over TLS" in message.raw


@pytest.mark.parametrize("how", ["tls", "starttls"])
@pytest.mark.parametrize("trusting", ["the system", "another CA"])
def test_imap_refuses_a_certificate_it_does_not_trust_in_both_languages(
        tls_imap: ImapServer, certificates: Certificates, how: str, trusting: str) -> None:
    cafile = f"cafile={certificates.other_ca}" if trusting == "another CA" else ""
    url = tls_imap.tls_url("judge", query=cafile) if how == "tls" else tls_imap.url(
        "judge", query="&".join(filter(None, ["tls=starttls", cafile])))
    with pytest.raises(JudgeError) as refused:
        read_all(url)
    assert "certificate is not trusted" in refused.value.text("en")
    assert "cafile=PATH" in refused.value.text("en")
    assert "Zertifikat des Servers wird nicht vertraut" in refused.value.text("de")
    assert "judge-password" not in refused.value.text("en")


def test_the_judge_refuses_an_untrusted_imap_server_in_one_line_and_takes_nothing(
        game: tuple[Path, Path], smtp: SmtpServer, tls_imap: ImapServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = game
    before = (folder / STATE_FILE).read_bytes()
    code = main(["judge", "linie1", "mail", str(folder), "--imap", tls_imap.tls_url("judge"),
                 "--smtp", smtp.url, "--once", "--lang", "de"])
    err = capsys.readouterr().err
    assert code != 0
    assert "Zertifikat des Servers wird nicht vertraut" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert (folder / STATE_FILE).read_bytes() == before
    assert tls_imap.count("judge") == 1


@pytest.mark.parametrize("url, says", [
    ("imap://judge:pw@h/INBOX?cafile=/etc/hostname", "imap://...?tls=starttls"),
    ("imap://judge:pw@h/INBOX?tls=maybe", "imap://...?tls=starttls"),
    ("imaps://judge:pw@h/INBOX?tls=starttls", "imap://...?tls=starttls"),
    ("imaps://judge:pw@h/INBOX?verify=no", "imap://...?tls=starttls"),
    ("imaps://judge:pw@h/INBOX?cafile=/no/such/ca.pem", "not a file of trusted certificates"),
    ("imaps://judge:pw@h/INBOX?cafile=/etc/hostname", "not a file of trusted certificates"),
])
def test_a_bad_imap_tls_url_is_one_clear_refusal(url: str, says: str) -> None:
    with pytest.raises(JudgeError) as refused:
        ImapMailbox.from_url(url)
    assert says in refused.value.text("en")
    assert refused.value.text("de") != refused.value.text("en")


def test_plain_imap_and_imaps_default_ports_and_security() -> None:
    assert (ImapMailbox.from_url("imaps://a:b@h").port,
            ImapMailbox.from_url("imaps://a:b@h").security) == (993, "tls")
    assert (ImapMailbox.from_url("imap://a:b@h?tls=starttls").port,
            ImapMailbox.from_url("imap://a:b@h?tls=starttls").security) == (143, "starttls")
    assert ImapMailbox.from_url("imap://a:b@h").security == "none"


# ---- SMTP ---------------------------------------------------------------------------

@pytest.fixture(params=["starttls", "tls"])
def tls_smtp(request: pytest.FixtureRequest,
             certificates: Certificates) -> Iterator[tuple[SmtpServer, str]]:
    """An SMTP server that demands STARTTLS or speaks TLS at once, and its URL without
    a CA."""
    how = request.param
    context = server_tls(certificates.server_cert, certificates.server_key)
    with smtp_server(tls=(how, context)) as server:
        url = f"smtps://{server.host}:{server.port}" if how == "tls" else \
            f"smtp://{server.host}:{server.port}?tls=starttls"
        yield server, url


def with_ca(url: str, ca: Path) -> str:
    return f"{url}{'&' if '?' in url else '?'}cafile={ca}"


def test_smtp_over_tls_delivers_when_the_url_names_the_ca(
        tls_smtp: tuple[SmtpServer, str], certificates: Certificates) -> None:
    server, url = tls_smtp
    send(SmtpSettings.from_url(with_ca(url, certificates.ca)), [note("sealed")])
    assert [m["Subject"] for m in server.inbox.wait_for(1)] == ["sealed"]


def test_smtp_refuses_a_certificate_it_does_not_trust(
        tls_smtp: tuple[SmtpServer, str], certificates: Certificates) -> None:
    server, url = tls_smtp
    for untrusting in (url, with_ca(url, certificates.other_ca)):
        with pytest.raises(ssl.SSLCertVerificationError):
            send(SmtpSettings.from_url(untrusting), [note("never")])
    assert server.inbox.messages == []


def test_smtp_starttls_never_goes_on_in_the_clear(smtp: SmtpServer,
                                                  certificates: Certificates) -> None:
    url = with_ca(f"smtp://{smtp.host}:{smtp.port}?tls=starttls", certificates.ca)
    with pytest.raises(smtplib.SMTPNotSupportedError):
        send(SmtpSettings.from_url(url), [note("in the clear")])
    assert smtp.inbox.messages == []


@pytest.mark.parametrize("url", ["smtp://h?cafile=/etc/hostname",
                                 "smtps://h?cafile=/no/such/ca.pem",
                                 "smtps://h?verify=no"])
def test_a_bad_smtp_tls_url_is_one_clear_refusal(url: str) -> None:
    with pytest.raises(StellwerkError) as refused:
        SmtpSettings.from_url(url)
    assert refused.value.text("de") != refused.value.text("en")


def test_the_judge_keeps_its_mail_when_the_smtp_certificate_is_untrusted(
        game: tuple[Path, Path], tls_smtp: tuple[SmtpServer, str],
        certificates: Certificates, capsys: pytest.CaptureFixture[str]) -> None:
    folder, box = game
    server, url = tls_smtp
    maildir(box).add(order_letter(folder, "Anna", bot_order(folder, "Anna", 1)))
    code = main(["judge", "linie1", "mail", str(folder), "--maildir", str(box),
                 "--smtp", url, "--once"])
    err = capsys.readouterr().err
    assert code != 0
    assert "certificate is not trusted" in err and "Traceback" not in err
    assert server.inbox.messages == []
    assert load_state(folder).taken == 1            # the order was taken and answered ...
    assert len(list((folder / OUTBOX).glob("*.json"))) == 1    # ... the answer waits
    capsys.readouterr()
    assert main(["judge", "linie1", "mail", str(folder), "--maildir", str(box),
                 "--smtp", with_ca(url, certificates.ca), "--once"]) == 0
    [answer] = server.inbox.wait_for(1)
    assert "accepted" in str(answer.get_body(("plain",)).get_content())  # type: ignore[union-attr]


@pytest.mark.parametrize("url", ["imap://judge:s3cret-pw@h/INBOX?tls=maybe",
                                 "imaps://judge:s3cret-pw@h/?cafile=/etc/hostname"])
def test_a_refused_imap_url_never_shows_its_password(url: str) -> None:
    with pytest.raises(JudgeError) as refused:
        ImapMailbox.from_url(url)
    for lang in ("en", "de"):
        assert "s3cret-pw" not in refused.value.text(lang)


def test_a_refused_smtp_url_never_shows_its_password() -> None:
    with pytest.raises(StellwerkError) as refused:
        SmtpSettings.from_url("smtp://judge:s3cret-pw@h?tls=maybe")
    assert "s3cret-pw" not in refused.value.text("en")
    assert "smtp://judge:***@h?tls=maybe" in refused.value.text("en")
