"""Deadlines a person can read, in Chromium: the date and time in the viewer's time zone
and language with a countdown ("a day away" reads as a day away, not as a clock time
that looks due now); the log says when a missed deadline's stand-in move was made and
for whom; "my tables" lists the seats to move first, the soonest deadline first."""

from __future__ import annotations

import re
import time
from typing import Any

from stellwerk.server import store
from stellwerk.server.deadlines import sweep_once
from tests.web.conftest import LiveServer, open_page, wait_seq


def _deadline(live_server: LiveServer, made: dict[str, Any], seconds: int) -> None:
    with live_server.api() as client:
        assert client.post(f"/api/tables/{made['table']}/deadline", json={"seconds": seconds},
                           headers={"Authorization": f"Bearer {made['admin']['token']}"}
                           ).status_code == 200


def test_a_deadline_a_day_away_reads_as_a_day_away(live_server: LiveServer,
                                                   browser: Any) -> None:
    made = live_server.create("rail-line", ["human", "human"])
    _deadline(live_server, made, 86_400)
    english = open_page(browser, made["seats"][0]["link"], timezone="Pacific/Auckland").page
    wait_seq(english, 0)
    text = english.locator("#deadline").text_content() or ""
    # a whole day left reads "1 d"; a moment less, "23 h 59 min"
    day_away = r"Decide by \w{3} \d{1,2} \w{3}, \d\d:\d\d · (1 d|23 h( \d+ min)?) left"
    assert re.search(day_away, text), text
    german = open_page(browser, made["seats"][1]["link"], lang="de-DE").page
    wait_seq(german, 0)
    german_text = german.locator("#deadline").text_content() or ""
    assert re.search(r"Entscheiden bis .* · noch (1 T|23 Std)", german_text), german_text


def test_the_log_tells_of_a_missed_deadline_and_my_tables_sorts_by_it(
        live_server: LiveServer, browser: Any) -> None:
    soon = live_server.create("linie1", ["human", "human"], names=["Ann", "Bo"])
    later = live_server.create("linie1", ["human", "human"], names=["Ann", "Bo"])
    _deadline(live_server, soon, 3_600)
    _deadline(live_server, later, 86_400)
    page = open_page(browser, later["seats"][0]["link"]).page
    wait_seq(page, 0)
    page.goto(soon["seats"][0]["link"])
    wait_seq(page, 0)
    page.goto(live_server.url + "/mine")
    page.locator("#tables li a").nth(1).wait_for()
    first = page.locator("#tables li").first.text_content() or ""
    assert "decide by" in first and "59 min" in first and "left" in first, first
    # Bo's order was due long ago: the server orders for him (Linie 1's stand-in order)
    service = live_server.app.state.service
    table = soon["table"]
    with service.engine.begin() as conn:
        conn.execute(store.tables.update().where(store.tables.c.id == table).values(
            turn_started_at=time.time() - 7_200))
    service.forget_info(table)
    sweep_once(service, time.time())
    page.goto(soon["seats"][0]["link"])
    page.locator("#missed li").first.wait_for()
    missed = page.locator("#missed").text_content() or ""
    assert "time ran out for" in missed and ("Ann" in missed or "Bo" in missed), missed
