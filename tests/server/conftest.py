"""Fixtures for the server tests: an app on SQLite (always) and on PostgreSQL (when
`dev.py test` could start a throwaway server: STELLWERK_TEST_POSTGRES_URL), and a client
that keeps every payload each token received, for the hidden-information tests."""

from __future__ import annotations

import json
import os
import secrets
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from stellwerk.server.app import Settings, create_app  # noqa: E402
from stellwerk.server.limits import Limits  # noqa: E402
from stellwerk.server.table_service import TableService  # noqa: E402

PG_ENV = "STELLWERK_TEST_POSTGRES_URL"
_warned: list[bool] = []


def postgres_url() -> str | None:
    return os.environ.get(PG_ENV) or None


def _skip_postgres() -> None:
    if not _warned:
        _warned.append(True)
        print(f"\n!!! {PG_ENV} is not set: PostgreSQL storage tests SKIPPED "
              "(run `python3 dev.py test`, which starts a throwaway server)")
    pytest.skip(f"no PostgreSQL server ({PG_ENV} unset)")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL: a fresh SQLite file, or the throwaway PostgreSQL server (tests
    there share one database; every table id is random, so they do not meet)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.sqlite3'}"
    url = postgres_url()
    if url is None:
        _skip_postgres()
    assert url is not None
    return url


@contextmanager
def fresh_postgres_databases(count: int) -> Iterator[list[str]]:
    """`count` empty databases on the throwaway PostgreSQL server (dropped afterwards),
    for tests that need a database no schema was ever made in; skips without one."""
    import sqlalchemy as sa

    admin_url = postgres_url()
    if admin_url is None:
        _skip_postgres()
    assert admin_url is not None
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    names = [f"stellwerk_fresh_{secrets.token_hex(4)}" for _ in range(count)]
    try:
        with admin.connect() as conn:
            for name in names:
                conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield [sa.engine.make_url(admin_url).set(database=name).render_as_string(
            hide_password=False) for name in names]
    finally:
        with admin.connect() as conn:
            for name in names:
                conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


def make_client(url: str, background: bool = True) -> TestClient:
    # every request of the tests comes from one address, so the per-address creation
    # rate would count the whole session (test_limits.py tests the limits themselves)
    return TestClient(create_app(Settings(database=url, bot_workers=0, bot_delay=0.0,
                                          background=background,
                                          limits=Limits(create_rate=0))))


@pytest.fixture
def client(sqlite_db: str) -> Iterator[TestClient]:
    with make_client(sqlite_db) as c:
        yield c


@pytest.fixture
def any_client(database: str) -> Iterator[TestClient]:
    with make_client(database) as c:
        yield c


def service_of(client: TestClient) -> TableService:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    return service


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Seat:
    """One seat's link, and every payload this seat has received (as JSON text)."""

    client: TestClient
    table: str
    token: str
    seat: int | None
    received: list[str] = field(default_factory=list)

    def _keep(self, response: Any) -> Any:
        self.received.append(response.text)
        return response

    def get(self, what: str = "", **params: Any) -> Any:
        path = f"/api/tables/{self.table}{'/' + what if what else ''}"
        return self._keep(self.client.get(path, headers=auth(self.token), params=params))

    def post(self, what: str, body: Any) -> Any:
        return self._keep(self.client.post(f"/api/tables/{self.table}/{what}",
                                           headers=auth(self.token), json=body))

    def table_now(self) -> dict[str, Any]:
        response = self.get()
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def act(self, notation: str | None = None, action: Any = None) -> Any:
        body: dict[str, Any] = {}
        if notation is not None:
            body["notation"] = notation
        if action is not None:
            body["action"] = action
        return self.post("actions", body)

    def everything(self, full: bool = True) -> None:
        """Ask for every payload a seat can ask for (for the secret searches); with
        `full` False only the table and legal actions, which change with every move."""
        for what in ("", "legal", "log", "chat", "record") if full else ("", "legal"):
            self.get(what)
        if full:
            self._keep(self.client.post("/api/my-tables", json={"tokens": [self.token]}))


@dataclass
class Made:
    table: str
    admin: Seat
    spectator: Seat
    seats: dict[int, Seat]
    invitation: Seat | None = None


def create(client: TestClient, game: str, kinds: list[str], options: dict[str, Any] | None
           = None, **extra: Any) -> Made:
    body = {"game": game, "seats": [{"kind": k} for k in kinds], "options": options or {},
            **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made = response.json()
    table = made["table"]
    return Made(table, Seat(client, table, made["admin"]["token"], None),
                Seat(client, table, made["spectator"]["token"], None),
                {s["seat"]: Seat(client, table, s["token"], s["seat"]) for s in made["seats"]},
                Seat(client, table, made["invitation"]["token"], None))


def wait_for(check: Any, timeout: float = 20.0) -> Any:
    """Poll `check()` until it returns something true (bots move in the background)."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(0.02)


def dumps(data: Any) -> str:
    return json.dumps(data)
