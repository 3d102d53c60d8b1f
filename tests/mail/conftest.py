from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.mail.certificates import Certificates, make_certificates, openssl_missing
from tests.mail.dovecot import ImapServer, dovecot_server, loud_skip_message, why_not
from tests.mail.postal_table import loop_over_maildir, maildir, new_postal_game
from tests.mail.servers import SmtpServer, smtp_server

IMAP_USERS = {"judge": "judge-password", "other": "other-password"}
NAMES = ["Anna", "Bert"]


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    """A real SMTP server on loopback that keeps what it receives."""
    with smtp_server() as server:
        yield server


@pytest.fixture
def game(tmp_path: Path, smtp: SmtpServer) -> tuple[Path, Path]:
    """A postal game of Anna and Bert by mail, its first papers sent: the game folder and
    the judge's Maildir."""
    folder, box = tmp_path / "game", tmp_path / "box"
    new_postal_game(folder, NAMES)
    maildir(box)
    loop_over_maildir(folder, box, smtp.url).cycle()
    smtp.inbox.wait_for(2)
    return folder, box


@pytest.fixture(scope="session")
def made_certificates() -> Iterator[Certificates | None]:
    """The session's test CA and server certificate (None without `openssl`)."""
    if openssl_missing():
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="stellwerk-certificates-") as made:
        yield make_certificates(Path(made))


@pytest.fixture
def certificates(made_certificates: Certificates | None) -> Certificates:
    if made_certificates is None:
        pytest.skip(str(openssl_missing()))
    return made_certificates


@pytest.fixture(scope="session")
def imap_server(made_certificates: Certificates | None) -> Iterator[ImapServer]:
    """A real IMAP server (Dovecot) for the session, users `IMAP_USERS`, with STARTTLS
    and IMAP over TLS under the test CA's certificate; skipped loudly where Dovecot
    cannot run."""
    reason = why_not()
    if reason:
        pytest.skip(loud_skip_message(reason))
    with dovecot_server(IMAP_USERS, made_certificates) as server:
        yield server


@pytest.fixture
def imap(imap_server: ImapServer) -> ImapServer:
    """The session's IMAP server with every user's INBOX emptied."""
    for user in imap_server.users:
        client = imap_server.client(user)
        try:
            _, count = client.select("INBOX")
            if int(count[0] or 0):
                client.store("1:*", "+FLAGS", "\\Deleted")
                client.expunge()
        finally:
            client.logout()
    return imap_server


def pytest_configure(config: pytest.Config) -> None:
    # the test server takes a login over a plain loopback connection on purpose
    config.addinivalue_line("filterwarnings",
                            "ignore:Requiring AUTH while not requiring TLS:UserWarning")
