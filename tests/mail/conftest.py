from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.mail.servers import SmtpServer, smtp_server


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    """A real SMTP server on loopback that keeps what it receives."""
    with smtp_server() as server:
        yield server


def pytest_configure(config: pytest.Config) -> None:
    # the test server takes a login over a plain loopback connection on purpose
    config.addinivalue_line("filterwarnings",
                            "ignore:Requiring AUTH while not requiring TLS:UserWarning")
