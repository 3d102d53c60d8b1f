"""Whole games of Rail Line and Railways in Chromium made by pointing only, in English
and German: every decision from the parts of the board the game allows now and the
options it draws beside it (choose.js), never the list of actions nor typed notation."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from stellwerk.games.rail_line.terms import CATALOG as RAIL_LINE
from stellwerk.games.railways.terms import CATALOG as RAILWAYS
from tests.web.conftest import LiveServer, next_table, open_page, point_once, wait_seq

# a click on the list, the notation box or the old choice list marks the page
WATCH_THE_LIST = """() => {
  window.listUsed = false;
  document.addEventListener("click", (event) => {
    if (event.target.closest("#actions, #type-form, #choice")) window.listUsed = true;
  }, true);
  document.addEventListener("submit", () => { window.listUsed = true; }, true);
}"""
LANGS = {"en-GB": "en", "de-DE": "de"}


def _my_turn_or_end(server: LiveServer, table: str, admin: str) -> dict[str, Any]:
    """The table once the bots have moved: seat 1 to decide, or the end."""
    end = time.monotonic() + 30
    while not (now := server.table(table, admin))["finished"] \
            and 0 not in now["decision"]["seats"]:
        assert time.monotonic() < end, "the bots did not move"
        time.sleep(0.05)
    return now


def _play_by_pointing(server: LiveServer, browser: Any, made: dict[str, Any], locale: str,
                      seed: int, limit: int) -> tuple[dict[str, Any], list[str]]:
    table, admin = made["table"], made["admin"]["token"]
    page = open_page(browser, made["seats"][0]["link"], lang=locale).page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.evaluate(WATCH_THE_LIST)
    rnd = random.Random(seed)
    now = server.table(table, admin)
    asked: list[str] = []
    for _ in range(limit):
        now = _my_turn_or_end(server, table, admin)
        if now["finished"]:
            break
        wait_seq(page, now["seq"])
        asked += point_once(page, rnd)
        now = next_table(server, table, admin, now["seq"], page)
    assert now["finished"], "the game did not end"
    wait_seq(page, now["seq"])
    page.locator("#result").wait_for(state="visible")
    assert page.evaluate("window.listUsed") is False
    assert not errors, errors
    page.context.close()
    return now, asked


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_whole_rail_line_game_by_pointing_only(live_server: LiveServer, browser: Any,
                                                 locale: str) -> None:
    made = live_server.create("rail-line", ["human", "random", "random"], names=["Ann", "B", "C"])
    now, asked = _play_by_pointing(live_server, browser, made, locale, 7, 400)
    lang = LANGS[locale]
    # the Starting Station's sides were drawn to choose from, in the page's language
    assert RAIL_LINE.text("rl.point.side", lang) in asked
    assert RAIL_LINE.text("rl.point.what", lang) in asked
    assert len(now["result"]["scores"]) == 3


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_whole_railways_game_by_pointing_only(live_server: LiveServer, browser: Any,
                                                locale: str) -> None:
    made = live_server.create("railways", ["human"], names=["Solo"])
    now, asked = _play_by_pointing(live_server, browser, made, locale, 5, 200)
    lang = LANGS[locale]
    assert RAILWAYS.text("rw.point.dice", lang) in asked     # the dice placed on the plan
    assert RAILWAYS.text("rw.point.pay", lang) in asked      # a payment chosen by its cards
    assert now["result"]["winners"] == [0]
