"""Railways solo to the end in Chromium: actions by pointing at the plan (a connection to
open or upgrade, a region to build or add to) or from the list, the final score."""

from __future__ import annotations

import random
from typing import Any

from tests.web.conftest import LiveServer, act, next_table, open_page, shot, wait_seq

MAX_ACTIONS = 120


def test_railways_solo_to_the_end(live_server: LiveServer, browser: Any) -> None:
    made = live_server.create("railways", ["human"], names=["Solo"])
    table, admin = made["table"], made["admin"]["token"]
    watched = open_page(browser, made["seats"][0]["link"])
    page = watched.page
    rnd = random.Random(3)
    now = live_server.table(table, admin)
    pointed = 0
    for step in range(MAX_ACTIONS):
        if now["finished"]:
            break
        wait_seq(page, now["seq"])
        assert page.title().startswith("▶")
        pointed += act(page, rnd, point_share=0.5)
        now = next_table(live_server, table, admin, now["seq"], page)
        if step == 8:
            shot(page, "railways-1280")
    assert now["finished"] and pointed > 0
    wait_seq(page, now["seq"])
    box = page.locator("#result")
    box.wait_for(state="visible")
    text = box.text_content() or ""
    assert f"Final score {format(now['result']['scores'][0], 'g')}" in text
    assert "Winner" not in text   # solo: the score against the yardstick, nobody to beat
    assert not page.title().startswith("▶")
    shot(page, "railways-finished-1280")
