"""The links in a new table's answer start with the server's configured public address
(`serve --public-url`, else the address it listens on), never with the request's Host
header, which whoever sends the request may forge."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.cli import main
from stellwerk.server.app import Settings, create_app
from stellwerk.server.limits import Limits

FORGED = {"Host": "evil.example"}
BODY = {"game": "rail-line", "seats": [{"kind": "human"}, {"kind": "human"}]}


def _links(app: Any) -> list[str]:
    with TestClient(app) as client:
        response = client.post("/api/tables", json=BODY, headers=FORGED)
    assert response.status_code == 201, response.text
    made = response.json()
    return [made["admin"]["link"], made["spectator"]["link"],
            *(s["link"] for s in made["seats"])]


def _app(tmp_path: Path, public_url: str | None) -> Any:
    return create_app(Settings(database=f"sqlite:///{tmp_path / 'server.sqlite3'}",
                               bot_workers=0, background=False, public_url=public_url,
                               # the hypothesis test creates more tables than a minute's rate
                               limits=Limits(create_rate=0)))


def test_links_follow_the_public_url_not_a_forged_host(tmp_path: Path) -> None:
    links = _links(_app(tmp_path, "https://games.example.org/stellwerk"))
    assert len(links) == 4
    for link in links:
        assert link.startswith("https://games.example.org/stellwerk/t/"), link
        assert "evil" not in link


_FORGED_HOSTS = st.from_regex(r"[a-z0-9.-]{1,40}(:[0-9]{1,5})?", fullmatch=True)


@pytest.fixture(scope="module")
def client_with_public_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = _app(tmp_path_factory.mktemp("hosts"), "https://games.example.org/")
    with TestClient(app) as client:
        yield client


@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(host=_FORGED_HOSTS, forwarded=_FORGED_HOSTS)
def test_no_host_header_reaches_a_link(client_with_public_url: TestClient, host: str,
                                       forwarded: str) -> None:
    made = client_with_public_url.post("/api/tables", json=BODY, headers={
        "Host": host, "X-Forwarded-Host": forwarded, "X-Forwarded-Proto": "gopher"}).json()
    for link in [made["admin"]["link"], made["spectator"]["link"],
                 *(s["link"] for s in made["seats"])]:
        assert link.startswith(f"https://games.example.org/t/{made['table']}#"), link


def test_without_a_public_url_links_are_paths(tmp_path: Path) -> None:
    for link in _links(_app(tmp_path, None)):
        assert link.startswith("/t/") and "evil" not in link


def _served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *args: str) -> Any:
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    assert main(["serve", "--port", "8765", "--data", str(tmp_path / "data"), *args]) == 0
    return served[0]


@pytest.mark.parametrize(("args", "start"), [
    ((), "http://127.0.0.1:8765/t/"),
    (("--host", "::1"), "http://[::1]:8765/t/"),
    (("--public-url", "https://play.example.net"), "https://play.example.net/t/"),
    (("--public-url", "http://proxy.example:8080/games/"), "http://proxy.example:8080/games/t/"),
])
def test_serve_links_start_with_the_listening_or_public_address(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: tuple[str, ...],
        start: str) -> None:
    for link in _links(_served(monkeypatch, tmp_path, *args)):
        assert link.startswith(start), link


@pytest.mark.parametrize("url", ["ftp://example.org/", "javascript:alert(1)", "http://",
                                 "https://example.org/?next=evil", "example.org",
                                 "https://example.org/#x", "http://exa mple.org/"])
def test_a_bad_public_url_is_refused_in_one_line(url: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--public-url", url, "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--public-url" in err[0] and "Traceback" not in err[0]
    assert main(["serve", "--lang", "de", "--public-url", url,
                 "--data", str(tmp_path / "data")]) == 2
    assert "muss eine http- oder https-URL sein" in capsys.readouterr().err
