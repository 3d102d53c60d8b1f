"""A webhook whose host name does not resolve when its notice is about to go is tried
again after the usual growing pause, as a refused connection is: a name server that
fails for a moment loses no notice, and a name gone for good fails after the usual
number of tries."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from stellwerk.server import store
from stellwerk.server.notices import outbox
from tests.notices.conftest import notice_client, worker_of
from tests.notices.receivers import Hook
from tests.notices.test_mail_notices import play_until
from tests.server.conftest import create, service_of

NAME = "hooks.flaky-dns.test"
LATER = 4000.0  # past the longest pause between two tries (an hour)


class FlakyResolver:
    """getaddrinfo for NAME: loopback, or a name server's temporary failure while
    `failing`; every other host as the system resolves it."""

    def __init__(self, real: Callable[..., Any]) -> None:
        self.real = real
        self.failing = False
        self.asks = 0

    def __call__(self, host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != NAME:
            return self.real(host, port, *args, **kwargs)
        self.asks += 1
        if self.failing:
            raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", int(port or 80)))]


def _state(client: TestClient, table: str) -> list[tuple[int, str | None, float]]:
    o = store.outbox.c
    with service_of(client).engine.connect() as conn:
        return [(r.attempts, r.outcome, r.next_try_at) for r in conn.execute(
            sa.select(o.attempts, o.outcome, o.next_try_at).where(o.table_id == table))]


@pytest.fixture
def failing_name(tmp_path: Path, hook: Hook, monkeypatch: pytest.MonkeyPatch
                 ) -> Iterator[tuple[TestClient, str, FlakyResolver]]:
    """A server and a table whose seat 1 has a webhook on NAME and a turn notice due,
    with NAME failing to resolve from now on (no lookup counted yet)."""
    resolver = FlakyResolver(socket.getaddrinfo)
    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    with notice_client(f"sqlite:///{tmp_path / 'dns.sqlite3'}", None) as client:
        port = hook.url.rsplit(":", 1)[1].split("/")[0]
        made = create(client, "rail-line", ["human", "human"])
        answer = made.seats[1].post("notices", {"webhook": f"http://{NAME}:{port}/hook"})
        assert answer.status_code == 200, answer.text
        play_until(made, 1)
        resolver.failing = True
        resolver.asks = 0
        yield client, made.table, resolver


def test_a_name_that_fails_to_resolve_for_a_moment_is_tried_again(
        failing_name: tuple[TestClient, str, FlakyResolver], hook: Hook) -> None:
    client, table, resolver = failing_name
    worker = worker_of(client)
    before = time.time()
    assert worker.run_once(time.time()) == 1
    [(attempts, outcome, next_try)] = _state(client, table)
    assert (attempts, outcome) == (1, None)  # not failed: tried again
    assert next_try >= before + outbox.backoff(1)  # after the usual pause
    assert worker.run_once(time.time()) == 0  # not before it
    resolver.failing = False
    assert worker.run_once(time.time() + LATER) == 1
    sent = [json.loads(body) for _p, _h, body in hook.wait_for(1)]
    assert [n["kind"] for n in sent] == ["turn"]
    assert [(a, o) for a, o, _n in _state(client, table)] == [(1, "sent")]


def test_a_name_that_never_resolves_again_fails_after_the_usual_tries(
        failing_name: tuple[TestClient, str, FlakyResolver], hook: Hook) -> None:
    client, table, resolver = failing_name
    worker = worker_of(client)
    now = time.time()
    for _try in range(outbox.MAX_ATTEMPTS):
        assert [o for _a, o, _n in _state(client, table)] == [None]
        assert worker.run_once(now) == 1
        now += LATER
    assert [(a, o) for a, o, _n in _state(client, table)] == [
        (outbox.MAX_ATTEMPTS - 1, "failed")]
    assert worker.run_once(now + LATER) == 0  # given up
    assert resolver.asks == outbox.MAX_ATTEMPTS
    assert hook.received == []
