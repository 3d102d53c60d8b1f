"""The web table's browser-test harness: a real `stellwerk serve` app on a free port (in a
thread, SQLite in a temporary folder) and Debian's Chromium driven by Playwright, both
started as the web scripts start them (scripts/live_web.py).

Chromium comes from STELLWERK_CHROMIUM (set by `dev.py test` through
scripts/browser_for_tests.py) or /usr/bin/chromium; Playwright never downloads one.
Without a browser the browser tests skip with a LOUD notice. Screenshots go to
docs/screens/web/ (named in the README).
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.script_module import script

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens" / "web"
LIVE_WEB = script("live_web")   # starts the server and the browser for the scripts too


def chromium_path() -> str | None:
    """STELLWERK_CHROMIUM, else the chromium on the PATH unless STELLWERK_NO_BROWSER."""
    path: str | None = LIVE_WEB.chromium_path(
        search_path=not os.environ.get("STELLWERK_NO_BROWSER"))
    return path


def _loud_skip(reason: str) -> None:
    bar = "!" * 78
    print(f"\n{bar}\n!!! Browser tests SKIPPED: {reason}\n{bar}\n", file=sys.stderr,
          flush=True)
    pytest.skip(f"browser tests skipped: {reason}")


@dataclass
class LiveServer:
    url: str
    app: Any

    def api(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30)

    def create(self, game: str, kinds: list[str], names: list[str] | None = None,
               options: dict[str, Any] | None = None) -> dict[str, Any]:
        seats = [{"kind": k, **({"name": names[i]} if names else {})}
                 for i, k in enumerate(kinds)]
        with self.api() as client:
            response = client.post("/api/tables", json={"game": game, "seats": seats,
                                                        "options": options or {}})
        assert response.status_code == 201, response.text
        made: dict[str, Any] = response.json()
        return made

    def table(self, table_id: str, token: str) -> dict[str, Any]:
        with self.api() as client:
            response = client.get(f"/api/tables/{table_id}",
                                  headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def state(self, table_id: str) -> Any:
        """The engine's true state (for the secrets checks only)."""
        service = self.app.state.service
        info = service.info(table_id)
        with service.table(info) as loaded:
            return loaded.state.clone()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """The server's app on a fresh SQLite database, through a test client (no browser)."""
    from fastapi.testclient import TestClient

    from stellwerk.server.app import Settings, create_app

    app = create_app(Settings(database=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=0,
                              bot_delay=0.0))
    with TestClient(app) as c:
        yield c


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    # one server for the whole session
    with LIVE_WEB.serving(tmp_path_factory.mktemp("web-server")) as (url, app):
        yield LiveServer(url, app)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if path is None:
        _loud_skip("no Chromium (apt-get install chromium, or set STELLWERK_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _loud_skip("the playwright package is not installed (python3 dev.py test installs it)")
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=path, args=LIVE_WEB.CHROMIUM_ARGS)
    except Exception as exc:  # a broken browser install: say so, do not fail the suite
        playwright.stop()
        _loud_skip(f"Chromium at {path} did not start ({str(exc).splitlines()[0]})")
    SCREENS.mkdir(parents=True, exist_ok=True)
    yield browser
    browser.close()
    playwright.stop()


@dataclass
class Watched:
    """A page plus every text it received over HTTP and WebSocket (for secret searches)."""

    page: Any
    received: list[str] = field(default_factory=list)

    def seen(self) -> str:
        return "\n".join([*self.received, self.page.content()])


def open_page(browser: Any, url: str, width: int = 1280, height: int = 900,
              lang: str = "en-GB", timezone: str | None = None) -> Watched:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang,
                                  timezone_id=timezone)
    page = context.new_page()
    watched = Watched(page)

    def on_response(response: Any) -> None:
        if "/api/" in response.url or "/web/" in response.url:
            # a body already gone (navigation) has nothing to search
            with contextlib.suppress(Exception):
                watched.received.append(response.text())

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda payload: watched.received.append(str(payload)))

    page.on("response", on_response)
    page.on("websocket", on_socket)
    page.goto(url)
    return watched


def wait_seq(page: Any, seq: int, timeout: float = 30_000) -> None:
    page.wait_for_selector(f"body[data-seq='{seq}']", state="attached", timeout=timeout)


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


def act(page: Any, rnd: Any, point_share: float) -> bool:
    """Make one move on a page whose turn it is: point at the board (a part the legal
    actions fit; if several fit, pick one of the offered) with probability `point_share`
    where the board offers something, else a button of the list. True if it pointed."""
    drawn = page.locator("#choose:not([hidden])").count() > 0
    if drawn and rnd.random() < point_share:
        point_once(page, rnd)
        return True
    pointable = page.locator("#board [data-pick].can")
    if not drawn and pointable.count() and rnd.random() < point_share:
        pointable.nth(rnd.randrange(pointable.count())).click()
        choice = page.locator("#choice:not([hidden]) button.choice")
        try:
            choice.first.wait_for(state="visible", timeout=400)
        except Exception:  # one action fitted: the board click sent it already
            return True
        choice.nth(rnd.randrange(choice.count())).click()
        return True
    buttons = page.locator("#actions button.action")
    buttons.nth(rnd.randrange(buttons.count())).click()
    return False


def point_once(page: Any, rnd: Any, max_clicks: int = 30) -> list[str]:
    """Make one move on a page whose game draws its options (choose.js) by pointing
    only: a part of the board the options allow now or a drawn option, the preselected
    one most of the time, until the page sends the move. Never the list, never the
    notation box. Returns the titles of the steps asked."""
    asked = []
    start = page.evaluate("document.body.dataset.seq")
    for _ in range(max_clicks):
        if page.locator("#choose[data-sent]").count() or \
                page.evaluate("document.body.dataset.seq") != start:
            return asked
        assert page.locator("#choose:not([hidden]) .choose-title").count(), "no drawn options"
        asked.append(page.locator("#choose .choose-title").text_content() or "")
        preselected = page.locator("#choose .preselected")
        options = page.locator("#choose:not([hidden]) button.choose-option")
        board = page.locator("#board [data-part].can")
        if preselected.count() and rnd.random() < 0.7:
            preselected.click()
        elif options.count() and (not board.count() or rnd.random() < 0.8):
            options.nth(rnd.randrange(options.count())).click()   # the question asked
        else:
            assert board.count(), f"nothing to point at: {asked[-1]}"
            board.nth(rnd.randrange(board.count())).click()
    raise AssertionError(f"no move after {max_clicks} clicks: {asked}")


def next_table(server: LiveServer, table: str, admin: str, seq: int, page: Any) -> Any:
    """Wait until the table is past action `seq`; fail at once if the page shows an error."""
    end = time.monotonic() + 30
    while (now := server.table(table, admin))["seq"] == seq:
        error = page.locator("#error:not([hidden])")
        assert not error.count(), error.first.text_content()
        assert time.monotonic() < end, "the move was not made"
        time.sleep(0.05)
    return now


def random_record(game_id: str, names: list[str], seed: int,
                  steps: int | None = None) -> Any:
    """A record of random legal play (to its end, or `steps` actions), result included
    when the game ended."""
    import random

    from stellwerk.core.record import GameRecord, Seat
    from stellwerk.games import get_game
    from stellwerk.testing.states import deciding_seats

    game = get_game(game_id)
    pack = game.load_pack()
    options = game.parse_options({}, len(names))
    state = game.new_state(options, seed, pack, len(names))
    record = GameRecord(game.id, game.engine_version, options, pack.id, pack.sha256, seed,
                        [Seat(name, "random") for name in names])
    rnd = random.Random(seed)
    for seat in deciding_seats(state, steps):
        action = rnd.choice(state.candidate_actions(seat))
        record.actions.append((seat, game.format_action(action)))
        state.apply(seat, action)
    if state.decision() is None:
        record.result = state.result().to_json()
    return record
