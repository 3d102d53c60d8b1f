"""A table that waits for a late seat whose game names no stand-in move (payload
`late_without_default`) says so on its page, live, in the page's language: the late
seat is asked to move, the host is told what to do, everyone else sees who is late."""

from __future__ import annotations

import time
from typing import Any

from stellwerk.server import store
from stellwerk.server.deadlines import sweep_once
from tests.web.conftest import LiveServer, open_page, shot, wait_seq


def test_the_page_says_the_table_waits_for_a_late_seat(live_server: LiveServer,
                                                       browser: Any) -> None:
    made = live_server.create("rail-line", ["human", "human"], names=["<b>Anna</b>", "Bert"])
    table = made["table"]
    seats = {s["seat"]: s for s in made["seats"]}
    with live_server.api() as client:  # five minutes for each decision
        assert client.post(f"/api/tables/{table}/deadline", json={"seconds": 300},
                           headers={"Authorization": f"Bearer {made['admin']['token']}"}
                           ).status_code == 200
    pages = {"late": open_page(browser, seats[0]["link"], lang="de-DE"),
             "other": open_page(browser, seats[1]["link"]),
             "admin": open_page(browser, made["admin"]["link"])}
    for watched in pages.values():
        wait_seq(watched.page, 0)
        assert watched.page.locator("#late").is_hidden()  # not late yet
    # Anna's choice of the Starting Station side (no stand-in move) was due 10 min ago
    service = live_server.app.state.service
    with service.engine.begin() as conn:
        conn.execute(store.tables.update().where(store.tables.c.id == table).values(
            turn_started_at=time.time() - 600))
    service.forget_info(table)
    sweep_once(service, time.time())  # the server's own sweep may have come first
    late, other, admin = (pages[k].page for k in ("late", "other", "admin"))
    for page in (late, other, admin):
        page.locator("#late").wait_for(state="visible")
    assert late.locator("#late-text").text_content() == (
        "Verspätet: <b>Anna</b>. Die Zeit für diese Entscheidung ist abgelaufen, und die "
        "Regeln nennen keinen Zug an ihrer Stelle; der Tisch wartet.")
    assert late.locator("#late-action").text_content() == (
        "Du bist spät dran: mach deinen Zug, alle warten auf dich.")
    assert late.locator("#late b").count() == 0  # a typed name stays text
    assert other.locator("#late-text").text_content().startswith("Late: <b>Anna</b>.")
    assert other.locator("#late-action").is_hidden()
    assert "hand a late seat to a bot" in admin.locator("#late-action").text_content()
    shot(admin, "late-admin-1280")
    # the host hands the seat to a bot: it moves, and the notice goes
    admin.locator("#bot-kind-0").select_option("random")
    admin.locator("#admin-seats button.to-bot[data-seat='0']").click()
    for page in (late, other, admin):
        page.locator("#late").wait_for(state="hidden")
    for watched in pages.values():
        watched.page.context.close()
