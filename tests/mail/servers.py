"""Real mail servers for the tests: an SMTP server (aiosmtpd) in the test process that
keeps every message it receives, optionally demanding a login."""

from __future__ import annotations

import asyncio
import email
import email.policy
import socket
import ssl
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Inbox:
    """What the SMTP server received: each message parsed, with its envelope."""

    messages: list[EmailMessage] = field(default_factory=list)
    envelopes: list[tuple[str, list[str]]] = field(default_factory=list)
    arrived: threading.Condition = field(default_factory=threading.Condition)
    # hands a recipient's mail on (e.g. into an IMAP mailbox, as a mail server's local
    # delivery does); True: delivered there, not kept here
    deliver: Callable[[str, bytes], bool] | None = None
    # recipients the server refuses, with its answer ("550 5.1.1 no such user")
    refuse: dict[str, str] = field(default_factory=dict)
    # while set, QUIT gets no answer (a server slow to say goodbye); `quit_asked` tells
    # that a client has sent QUIT
    stall_quit: threading.Event = field(default_factory=threading.Event)
    quit_asked: threading.Event = field(default_factory=threading.Event)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if address in self.refuse:
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.deliver is not None:
            kept = [rcpt for rcpt in envelope.rcpt_tos
                    if not self.deliver(rcpt, envelope.original_content or envelope.content)]
            if not kept:
                return "250 OK"
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.arrived:
            self.messages.append(message)
            self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
            self.arrived.notify_all()
        return "250 OK"

    async def handle_QUIT(self, server: Any, session: Any, envelope: Any) -> str:
        self.quit_asked.set()
        while self.stall_quit.is_set():
            await asyncio.sleep(0.01)
        return "221 Bye"

    def wait_for(self, count: int, timeout: float = 10.0) -> list[EmailMessage]:
        """The messages once at least `count` arrived (AssertionError after `timeout`)."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: len(self.messages) >= count, timeout):
                raise AssertionError(f"{len(self.messages)} of {count} mails arrived")
            return list(self.messages)

    def to(self, address: str) -> list[EmailMessage]:
        pairs = zip(self.messages, self.envelopes, strict=True)
        return [message for message, (_, rcpt) in pairs if address in rcpt]


@dataclass
class SmtpServer:
    host: str
    port: int
    inbox: Inbox
    login: tuple[str, str] | None

    @property
    def url(self) -> str:
        user = f"{self.login[0]}:{self.login[1]}@" if self.login else ""
        return f"smtp://{user}{self.host}:{self.port}"


def server_tls(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


@contextmanager
def smtp_server(login: tuple[str, str] | None = None,
                deliver: Callable[[str, bytes], bool] | None = None,
                tls: tuple[str, ssl.SSLContext] | None = None) -> Iterator[SmtpServer]:
    """A running SMTP server on loopback; with `login`, it accepts only that user (AUTH
    over a plain connection, which aiosmtpd allows only when told to); `deliver` hands
    a recipient's mail on instead of keeping it (`Inbox.deliver`); `tls` ("starttls" or
    "tls", and the server's context) demands STARTTLS first or speaks TLS from the first
    byte."""
    inbox = Inbox(deliver=deliver)
    port = free_port()
    options: dict[str, Any] = {}
    if tls is not None and tls[0] == "starttls":
        options = {"tls_context": tls[1], "require_starttls": True}
    elif tls is not None:
        options = {"ssl_context": tls[1]}
    if login:
        def check(server: Any, session: Any, envelope: Any, mechanism: str,
                  data: Any) -> AuthResult:
            ok = isinstance(data, LoginPassword) and (
                data.login.decode(), data.password.decode()) == login
            return AuthResult(success=ok, handled=False)
        options |= {"authenticator": check, "auth_required": True,
                    "auth_require_tls": False}
    controller = Controller(inbox, hostname="127.0.0.1", port=port, **options)
    controller.start()
    try:
        yield SmtpServer("127.0.0.1", port, inbox, login)
    finally:
        controller.stop()
