"""Friends invited one seat each, in Chromium: the host opens a table and sends one
invitation; a friend opens it in another browser, sees the free seats, claims one under
their name and lands at that seat (kept under "My tables"); the host's controls show the
seat taken and hand out a fresh link for it, and the replaced link stops working."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import LiveServer, open_page


def _host_opens_a_table(browser: Any, url: str) -> tuple[str, str, str]:
    page = open_page(browser, url + "/", lang="de-DE").page
    page.select_option("#game", "rail-line")
    rows = page.locator("#seats li")
    rows.nth(0).locator(".name").fill("Ann")
    rows.nth(1).locator(".kind").select_option("human")
    rows.nth(2).locator(".kind").select_option("greedy")
    page.click("#create-button")
    page.locator("#created").wait_for(state="visible")
    links = (page.locator("a.invitation-link").get_attribute("href"),
             page.locator("a.admin-link").get_attribute("href"),
             page.locator("#seat-links a.seat-link").first.get_attribute("href"))
    assert all(links)
    return links[0] or "", links[1] or "", links[2] or ""


def test_a_friend_claims_a_free_seat_and_the_host_sees_it(live_server: LiveServer,
                                                          browser: Any) -> None:
    from playwright.sync_api import expect

    invitation, admin_link, bea_old_link = _host_opens_a_table(browser, live_server.url)
    friend = open_page(browser, invitation, lang="de-DE").page
    friend.locator("#claim-panel").wait_for(state="visible")
    assert friend.locator("#claim-panel h2").text_content() == "Platz nehmen"
    seats = friend.locator("#claim-seats input[name=claim-seat]")
    assert seats.count() == 2  # Ann's own seat is still free: she has not opened it yet
    seats.nth(1).check()
    friend.fill("#claim-name", "Bea")
    friend.click("#claim-button")
    friend.wait_for_function("() => document.body.dataset.seq !== undefined "
                             "&& document.getElementById('claim-panel').hidden")
    token = friend.evaluate("() => decodeURIComponent(location.hash.slice(1))")
    table_id = invitation.split("/t/")[1].split("#")[0]
    payload = live_server.table(table_id, token)
    assert (payload["role"], payload["seat"], payload["seats"][1]["name"]) == ("seat", 1, "Bea")
    friend.goto(live_server.url + "/mine")
    friend.locator("#tables li a").first.wait_for()
    assert token in (friend.locator("#tables li a").first.get_attribute("href") or "")

    host = open_page(browser, admin_link, lang="de-DE").page
    host.locator("#admin-panel").wait_for(state="visible")
    expect(host.locator("#admin-seats li").nth(1)).to_contain_text("vergeben")
    expect(host.locator("#admin-seats li").nth(0)).to_contain_text("frei")
    host.locator("#admin-seats li").nth(1).locator("button.new-link").click()
    host.locator("#admin-link-out").wait_for(state="visible")
    fresh = host.locator("#admin-link").input_value()
    assert fresh.startswith("http") and fresh.split("#")[1] != token
    with live_server.api() as client:
        for old in (token, bea_old_link.split("#")[1]):
            answer = client.get(f"/api/tables/{table_id}",
                                headers={"Authorization": f"Bearer {old}"})
            assert answer.status_code == 403
