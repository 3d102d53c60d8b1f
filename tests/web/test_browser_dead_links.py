"""Links that open nothing, and a server that does not answer, in Chromium: the table
page says what happened and what to do (in the page's language) instead of an empty
board; an unreachable server is tried again and the table comes back by itself. And the
turn cue: the tab's icon is marked while it is the seat's turn."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import LiveServer, open_page


def test_a_mistyped_table_and_a_replaced_token_each_explain_themselves(
        live_server: LiveServer, browser: Any) -> None:
    made = live_server.create("rail-line", ["human", "human"])
    table, seat = made["table"], made["seats"][0]["token"]
    cases = [(f"/t/{table}x#{seat}", "table", "Diesen Tisch gibt es nicht"),
             (f"/t/{table}#{seat}x", "token", "Dieser Link öffnet den Tisch nicht mehr"),
             (f"/t/{table}", "token", "Dieser Link öffnet den Tisch nicht mehr")]
    for path, kind, heading in cases:
        page = open_page(browser, live_server.url + path, lang="de-DE").page
        page.wait_for_selector(f"body[data-dead='{kind}']")
        assert page.locator("#dead-link-title").text_content() == heading
        assert page.locator(".layout").is_hidden()
        assert page.locator("#dead-link a[href='/mine']").count() == 1


def test_an_unreachable_server_is_said_and_tried_again(live_server: LiveServer,
                                                       browser: Any) -> None:
    made = live_server.create("rail-line", ["human", "human"])
    opened = open_page(browser, "about:blank")
    page = opened.page
    page.route("**/api/**", lambda route: route.abort())
    page.goto(f"{live_server.url}/t/{made['table']}#{made['seats'][0]['token']}")
    page.wait_for_selector("body[data-dead='server']")
    assert "server" in (page.locator("#dead-link-title").text_content() or "").lower()
    page.unroute("**/api/**")
    page.wait_for_selector("body[data-seq]", timeout=15_000)
    assert page.locator("#dead-link").is_hidden() and page.locator(".layout").is_visible()


def test_the_tab_icon_marks_the_seats_turn(live_server: LiveServer, browser: Any) -> None:
    made = live_server.create("rail-line", ["human", "human"])
    first, second = (f"{live_server.url}/t/{made['table']}#{s['token']}" for s in made["seats"])
    mine = open_page(browser, first).page
    mine.wait_for_selector("body[data-turn='mine']")
    assert "icon-turn.svg" in (mine.locator("#icon").get_attribute("href") or "")
    other = open_page(browser, second).page
    other.wait_for_selector("body[data-turn='other']")
    assert "icon-turn.svg" not in (other.locator("#icon").get_attribute("href") or "")
