"""The table page's notices panel in Chromium: a seat's page says (in German) that
e-mail is off on a server without SMTP, a refused webhook is told in the page's
language and leaves nothing registered, the admin's page offers the shared channel."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import LiveServer, open_page, wait_seq


def test_the_notices_panel_speaks_the_pages_language(live_server: LiveServer,
                                                    browser: Any) -> None:
    made = live_server.create("rail-line", ["human", "human"])
    table, admin = made["table"], made["admin"]["token"]
    seq = live_server.table(table, admin)["seq"]
    watched = open_page(browser, made["seats"][1]["link"], lang="de-DE")
    page = watched.page
    wait_seq(page, seq)
    page.locator("#notices-panel").wait_for(state="visible")
    page.locator("#notices-mail-off").wait_for(state="visible")
    assert "E-Mail-Benachrichtigungen sind auf diesem Server aus" in (
        page.locator("#notices-mail-off").text_content() or "")
    assert page.locator("#notices-email-form").is_hidden()
    page.locator("#notices-webhook").fill("http://127.0.0.1:9/hook")
    page.locator("#notices-webhook-form button[type=submit]").click()
    page.wait_for_selector("#error:has-text('privaten')")
    with live_server.api() as api:
        listed = api.get(f"/api/tables/{table}/notices",
                         headers={"Authorization": f"Bearer {made['seats'][1]['token']}"})
    assert listed.json()["targets"] == []
    page.context.close()
    host = open_page(browser, made["admin"]["link"])
    host.page.locator("#notices-panel").wait_for(state="visible")
    assert "shared channel" in (host.page.locator("#notices-hint").text_content() or "")
    assert host.page.locator("#notices-mail-off").is_hidden()
    host.page.context.close()
