"""A webhook's host name is looked up once per notice and the POST goes to the address
that was checked: a name that answers a public address for the check and a loopback
one when asked again (DNS rebinding) never makes the server call its own loopback."""

from __future__ import annotations

import json
import shutil
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from stellwerk.server import store
from stellwerk.server.notices import webhooks
from tests.notices.conftest import notice_client, worker_of
from tests.notices.receivers import Hook
from tests.notices.test_mail_notices import play_until
from tests.server.conftest import create, service_of

NAME = "hooks.rebinding.test"
PUBLIC = "192.88.99.7"  # a global address where no receiver of these tests lives
PATIENCE = 30.0  # a loopback receiver answers well within this on a loaded machine


class Resolver:
    """getaddrinfo for NAME: `first` for the first ask since `reset`, `later` after;
    every other host as the system resolves it."""

    def __init__(self, real: Callable[..., Any], first: str, later: str) -> None:
        self.real, self.first, self.later = real, first, later
        self.asks = 0

    def reset(self) -> None:
        self.asks = 0

    def __call__(self, host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != NAME:
            return self.real(host, port, *args, **kwargs)
        self.asks += 1
        address = self.first if self.asks == 1 else self.later
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, int(port or 80)))]


def _stub(monkeypatch: pytest.MonkeyPatch, first: str, later: str) -> Resolver:
    resolver = Resolver(socket.getaddrinfo, first, later)
    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    return resolver


def _outcomes(client: Any, table: str) -> list[tuple[str, int, str | None]]:
    o = store.outbox.c
    with service_of(client).engine.connect() as conn:
        return [(r.kind, r.attempts, r.outcome) for r in conn.execute(
            sa.select(o.kind, o.attempts, o.outcome).where(o.table_id == table))]


def test_a_name_that_turns_to_loopback_after_the_check_is_not_called(
        tmp_path: Path, hook: Hook, monkeypatch: pytest.MonkeyPatch) -> None:
    resolver = _stub(monkeypatch, PUBLIC, "127.0.0.1")
    port = hook.url.rsplit(":", 1)[1].split("/")[0]
    with notice_client(f"sqlite:///{tmp_path / 'pin.sqlite3'}", None, allow_private=False,
                       webhook_timeout=1.0) as client:
        made = create(client, "rail-line", ["human", "human"])
        answer = made.seats[1].post("notices", {"webhook": f"http://{NAME}:{port}/hook"})
        assert answer.status_code == 200, answer.text  # the name was public when checked
        play_until(made, 1)
        resolver.reset()  # the sender's check is the first ask, any other the second
        assert worker_of(client).run_once(time.time()) == 1  # its one try ended in it
        assert hook.received == []  # nothing reached the loopback receiver
        assert _outcomes(client, made.table) == [("turn", 1, None)]  # tried again later
        assert resolver.asks == 1


def test_the_post_goes_to_the_checked_address_and_names_the_host(
        tmp_path: Path, hook: Hook, monkeypatch: pytest.MonkeyPatch) -> None:
    # the check's answer is the receiver; a second ask would lead nowhere
    resolver = _stub(monkeypatch, "127.0.0.1", "127.0.0.2")
    port = hook.url.rsplit(":", 1)[1].split("/")[0]
    with notice_client(f"sqlite:///{tmp_path / 'pin.sqlite3'}", None,
                       webhook_timeout=PATIENCE) as client:
        made = create(client, "rail-line", ["human", "human"])
        url = f"http://{NAME}:{port}/hook?from=stellwerk"
        assert made.seats[1].post("notices", {"webhook": url}).status_code == 200
        play_until(made, 1)
        resolver.reset()
        assert worker_of(client).run_once(time.time()) == 1
        path, headers, body = hook.wait_for(1)[0]
        assert path == "/hook?from=stellwerk"
        assert headers["Host"] == f"{NAME}:{port}"
        assert json.loads(body)["kind"] == "turn"
        assert _outcomes(client, made.table) == [("turn", 0, "sent")]
        assert resolver.asks == 1  # the check's ask only


@contextmanager
def https_receiver(tmp_path: Path, name: str) -> Iterator[tuple[int, list[dict[str, str]]]]:
    """An HTTPS server on loopback whose certificate (self-signed) names `name`; its
    port and the headers of every POST it received."""
    cert, key = tmp_path / f"{name}.pem", tmp_path / f"{name}.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}",
                    "-addext", f"subjectAltName=DNS:{name}"],
                   check=True, capture_output=True)
    received: list[dict[str, str]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            received.append(dict(self.headers.items()))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *_args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1]), received
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl to make a certificate")
def test_https_goes_to_the_checked_address_and_checks_the_certificate_for_the_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    resolver = _stub(monkeypatch, "127.0.0.1", "127.0.0.2")
    with https_receiver(tmp_path, NAME) as (port, received):
        trusted = ssl.create_default_context(cafile=str(tmp_path / f"{NAME}.pem"))
        monkeypatch.setattr(webhooks, "tls_context", lambda: trusted)
        to = webhooks.resolve(f"https://{NAME}:{port}/hook", allow_private=True)
        assert webhooks.post(to, b"{}", "secret", 7, PATIENCE) == 204
        assert received[0]["Host"] == f"{NAME}:{port}"
        assert resolver.asks == 1
    other = "elsewhere.rebinding.test"
    with https_receiver(tmp_path, other) as (port, received):
        # a certificate for another name than the URL's is refused (a failed try)
        trusted = ssl.create_default_context(cafile=str(tmp_path / f"{other}.pem"))
        monkeypatch.setattr(webhooks, "tls_context", lambda: trusted)
        resolver.reset()
        to = webhooks.resolve(f"https://{NAME}:{port}/hook", allow_private=True)
        with pytest.raises(ssl.SSLCertVerificationError):
            webhooks.post(to, b"{}", "secret", 7, PATIENCE)
        assert received == []
