"""A live game server and Debian's Chromium, for the web scripts (`web_screenshots.py`,
`bench_web.py`) and the browser tests (tests/web/conftest.py): the app as `stellwerk
serve` makes it, on a free loopback port in a thread with SQLite in a folder of its own
(`serving`), and Chromium driven by Playwright (`chromium_path`: STELLWERK_CHROMIUM or
the chromium on the PATH; Playwright never downloads a browser)."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


class Live:
    """The running server: its URL, app and an HTTP client on it."""

    def __init__(self, url: str, app: Any) -> None:
        self.url = url
        self.app = app
        self.client = httpx.Client(base_url=url, timeout=60)

    def create(self, game: str, kinds: list[str], names: list[str],
               seed: int) -> dict[str, Any]:
        """A table of `kinds` with a fixed seed (as the service makes it): its id, the
        admin's token and each seat's token and link."""
        made = self.app.state.service.create(game, {}, kinds, names, None, seed=seed)
        seats = [{"seat": s, "token": t, "link": f"{self.url}/t/{made.table_id}#{t}"}
                 for s, t in sorted(made.seat_tokens.items())]
        return {"table": made.table_id, "admin": made.admin_token, "seats": seats}

    def table(self, table: str, token: str) -> dict[str, Any]:
        answer = self.client.get(f"/api/tables/{table}",
                                 headers={"Authorization": f"Bearer {token}"})
        answer.raise_for_status()
        data: dict[str, Any] = answer.json()
        return data

    def wait_turn(self, table: str, token: str, seconds: float = 300) -> dict[str, Any]:
        """The table once it is this token's seat's turn (or the game is over)."""
        end = time.monotonic() + seconds
        while not ((now := self.table(table, token))["your_turn"] or now["finished"]):
            if time.monotonic() > end:
                raise RuntimeError(f"table {table}: no turn in {seconds:g} s")
            time.sleep(0.05)
        return now

    def wait_finished(self, table: str, token: str, seconds: float = 600) -> dict[str, Any]:
        end = time.monotonic() + seconds
        while not (now := self.table(table, token))["finished"]:
            if time.monotonic() > end:
                raise RuntimeError(f"table {table} did not finish in {seconds:g} s")
            time.sleep(0.2)
        return now


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serving(folder: Path, bot_delay: float = 0.0) -> Iterator[tuple[str, Any]]:
    """`stellwerk serve`'s app on a free loopback port in a thread, its SQLite database
    in `folder`: its URL and the app, until the block ends. Bots play in the server's
    thread (no workers), and the per-address limits are off: every table and page comes
    from loopback, so they would count the whole run, not one player."""
    import uvicorn

    from stellwerk.server.app import Settings, create_app
    from stellwerk.server.limits import Limits

    port = _free_port()
    app = create_app(Settings(database=f"sqlite:///{folder / 'web.sqlite3'}", bot_workers=0,
                              bot_delay=bot_delay, public_url=f"http://127.0.0.1:{port}/",
                              limits=Limits(create_rate=0, ws_per_address=0)))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        end = time.monotonic() + 60
        while not server.started:
            if time.monotonic() > end:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def live_server(bot_delay: float = 0.0) -> Iterator[Live]:
    with tempfile.TemporaryDirectory() as folder, \
            serving(Path(folder), bot_delay) as (url, app):
        live = Live(url, app)
        try:
            yield live
        finally:
            live.client.close()


def chromium_path(search_path: bool = True) -> str | None:
    """STELLWERK_CHROMIUM where it names a file, else (with `search_path`) the chromium
    on the PATH; None without one."""
    path = os.environ.get("STELLWERK_CHROMIUM")
    if path and os.path.exists(path):
        return path
    if not search_path:
        return None
    return shutil.which("chromium") or shutil.which("chromium-browser")


@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if not path:
        raise SystemExit("no Chromium: apt-get install chromium, or set STELLWERK_CHROMIUM")
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
    finally:
        playwright.stop()
