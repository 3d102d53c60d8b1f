"""A webhook's host name is looked up once per notice and the POST goes to the address
that was checked: a name that answers a public address for the check and a loopback
one when asked again (DNS rebinding) never makes the server call its own loopback."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from stellwerk.server import store
from tests.notices.conftest import notice_client, worker_of
from tests.notices.receivers import Hook
from tests.notices.test_mail_notices import play_until
from tests.server.conftest import create, service_of

NAME = "hooks.rebinding.test"
PUBLIC = "192.88.99.7"  # a global address where no receiver of these tests lives


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
        assert worker_of(client).run_once(time.time()) == 1
        time.sleep(0.2)
        assert hook.received == []  # nothing reached the loopback receiver
        assert _outcomes(client, made.table) == [("turn", 1, None)]  # tried again later
        assert resolver.asks == 1


def test_the_post_goes_to_the_checked_address_and_names_the_host(
        tmp_path: Path, hook: Hook, monkeypatch: pytest.MonkeyPatch) -> None:
    # the check's answer is the receiver; a second ask would lead nowhere
    resolver = _stub(monkeypatch, "127.0.0.1", "127.0.0.2")
    port = hook.url.rsplit(":", 1)[1].split("/")[0]
    with notice_client(f"sqlite:///{tmp_path / 'pin.sqlite3'}", None,
                       webhook_timeout=2.0) as client:
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
