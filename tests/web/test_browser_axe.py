"""An accessibility scan of every page in Chromium with axe-core (the `axe.min.js` that
the axe-playwright-python package ships): no serious or critical violation on the
start page, my tables, the record viewer, the error pages, or any game's table as a
seat and as the host sees it, in English and German. Without the package the scan
skips with a LOUD notice."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import LiveServer, _loud_skip

GAMES = [("rail-line", 2), ("linie1", 2), ("railways", 1), ("benelux-rails", 2)]
LOCALES = ["en-GB", "de-DE"]


def _axe_script() -> Path:
    spec = importlib.util.find_spec("axe_playwright_python")
    script = Path(spec.origin).parent / "axe.min.js" if spec and spec.origin else None
    if script is None or not script.exists():
        _loud_skip("axe-core is missing (pip install axe-playwright-python, in the dev extras)")
    assert script is not None
    return script


def _serious(browser: Any, url: str, locale: str, ready: str | None = None) -> list[Any]:
    """The serious and critical violations axe finds on the page at `url`."""
    # the pages allow no inline script (their CSP); the scan's own script is let in
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale,
                                  bypass_csp=True)
    page = context.new_page()
    page.goto(url)
    if ready:
        page.wait_for_selector(ready, state="attached")
    page.wait_for_load_state("networkidle")
    page.add_script_tag(path=str(_axe_script()))
    found = page.evaluate("async () => (await axe.run(document, "
                          "{resultTypes: ['violations']})).violations")
    context.close()
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found
            if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("path", ["/", "/mine", "/viewer", "/no-such-page",
                                  "/t/no-such-table#token"])
def test_the_pages_have_no_serious_violation(live_server: LiveServer, browser: Any,
                                             path: str, locale: str) -> None:
    _axe_script()
    assert _serious(browser, live_server.url + path, locale) == []


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_each_game_table_has_no_serious_violation(live_server: LiveServer, browser: Any,
                                                  game: str, seats: int,
                                                  locale: str) -> None:
    _axe_script()
    made = live_server.create(game, ["human"] * seats)
    seq = live_server.table(made["table"], made["admin"]["token"])["seq"]
    for link in (made["seats"][0]["link"], made["admin"]["link"]):
        assert _serious(browser, link, locale, f"body[data-seq='{seq}']") == [], link
