"""Sending mail through an SMTP server named by one URL.

``smtp://host:25`` sends in the clear (a relay on the same machine), ``smtp://host:587?tls=starttls``
upgrades the connection with STARTTLS, ``smtps://host:465`` speaks TLS from the first byte; a user
and password in the URL log in (``smtps://judge%40example.org:secret@mail.example.org``). With TLS
the server's certificate and name are always checked, against the system's authorities or the
CA file that ``cafile=PATH`` names (``smtps://mail.example.org?cafile=/etc/judge/ca.pem``).
"""

from __future__ import annotations

import contextlib
import smtplib
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from stellwerk.core.errors import StellwerkError
from stellwerk.mail import terms as _terms  # noqa: F401  (registers the mail.* keys)
from stellwerk.mail.tls import checked_cafile, tls_context
from stellwerk.mail.urls import without_password

SECURITY = ("none", "starttls", "tls")
DEFAULT_PORTS = {"none": 25, "starttls": 587, "tls": 465}


@dataclass(frozen=True)
class SmtpSettings:
    """Where and how to send: the server, its security and the login (if any)."""

    host: str
    port: int
    security: str = "none"
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    timeout: float = 30.0
    cafile: str | None = None

    @classmethod
    def from_url(cls, url: str) -> SmtpSettings:
        """Read ``smtp[s]://[user[:password]@]host[:port][?tls=starttls|none][&cafile=PATH]``.

        >>> SmtpSettings.from_url("smtp://localhost:2525").security
        'none'
        >>> SmtpSettings.from_url("smtp://localhost:587?tls=starttls").port
        587
        >>> SmtpSettings.from_url("smtps://me%40example.org:pw@mail.example.org").port
        465
        """
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError:
            raise _bad(url) from None
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise _bad(url)
        query = parse_qs(parts.query)
        if set(query) - {"tls", "cafile"}:
            raise _bad(url)
        asked = query.get("tls", [""])[-1].lower()
        cafile = query.get("cafile", [None])[-1]
        if parts.scheme == "smtps":
            security = "tls"
        elif asked in ("", "none", "no"):
            security = "none"
        elif asked == "starttls":
            security = "starttls"
        else:
            raise _bad(url)
        if cafile is not None and security == "none":
            raise _bad(url)    # a CA for a clear connection
        return cls(
            host=parts.hostname, port=port or DEFAULT_PORTS[security], security=security,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            cafile=checked_cafile(cafile))

    def connect(self) -> smtplib.SMTP:
        """An open, logged-in connection (the caller quits it)."""
        context = tls_context(self.cafile)
        client: smtplib.SMTP
        if self.security == "tls":
            client = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=context)
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        try:
            if self.security == "starttls":
                client.starttls(context=context)    # never goes on in the clear
            if self.username:
                client.login(self.username, self.password or "")
        except BaseException:
            client.close()
            raise
        return client

    @contextlib.contextmanager
    def session(self) -> Iterator[smtplib.SMTP]:
        """An open, logged-in connection, quit at the end; a failing QUIT is ignored,
        since every message the server accepted is already its own."""
        client = self.connect()
        try:
            yield client
        finally:
            with contextlib.suppress(OSError, smtplib.SMTPException):
                client.quit()

    @property
    def name(self) -> str:
        """The server, for messages (never the password)."""
        return f"smtp:{self.host}:{self.port}"


def _bad(url: str) -> StellwerkError:
    return StellwerkError("mail.bad_url", url=without_password(url))


def send(settings: SmtpSettings, messages: list[EmailMessage]) -> None:
    """Send the messages over one connection; an `OSError` or `smtplib.SMTPException`
    reaches the caller, whose outbox retries later."""
    with settings.session() as client:
        for message in messages:
            client.send_message(message)
