"""Fixtures for the turn notices: a server whose notices go through a real SMTP server
(aiosmtpd) and real HTTP receivers on loopback; the tests drive the sender by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stellwerk.mail.smtp import SmtpSettings
from stellwerk.server.app import Settings, create_app
from stellwerk.server.limits import Limits
from stellwerk.server.notices.settings import NoticeSettings
from stellwerk.server.notices.worker import NoticeWorker
from tests.mail.servers import SmtpServer, smtp_server
from tests.notices.receivers import Hook, webhook_receiver
from tests.server.conftest import fresh_postgres_databases


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    with smtp_server() as server:
        yield server


@pytest.fixture
def hook() -> Iterator[Hook]:
    with webhook_receiver() as receiver:
        yield receiver


def notice_client(url: str, smtp: SmtpServer | None, **changes: object) -> TestClient:
    """A server whose notices go out without waiting (batch 0) to the real servers;
    webhooks may call loopback (the receivers live there)."""
    chosen: dict[str, object] = {"allow_private": True, "batch_seconds": 0.0, **changes}
    settings = NoticeSettings(
        smtp=SmtpSettings.from_url(smtp.url) if smtp else None,
        mail_from="tables@stellwerk.test" if smtp else None,
        **chosen)  # type: ignore[arg-type]
    return TestClient(create_app(Settings(
        database=url, bot_workers=0, bot_delay=0.0, background=False,
        limits=Limits(create_rate=0), public_url="http://games.test/", notices=settings)))


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database: SQLite, or an empty one on the throwaway PostgreSQL server (the
    sender claims every due notice of its database, so no test may see another's)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'notices.sqlite3'}"
        return
    with fresh_postgres_databases(1) as (url,):
        yield url


@pytest.fixture
def client(database: str, smtp: SmtpServer) -> Iterator[TestClient]:
    with notice_client(database, smtp) as c:
        yield c


def worker_of(client: TestClient) -> NoticeWorker:
    worker: NoticeWorker = client.app.state.notices  # type: ignore[attr-defined]
    return worker
