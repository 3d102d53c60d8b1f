"""The end of a game in Chromium: the score's parts in players' words in the page's
language (not the engine's names), the winner by name, and the rematch: the first
player opens it and lands at their seat of the new deal; the other player's page offers
to take their seat there."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import LiveServer, open_page


def _play_to_the_end(live_server: LiveServer, made: dict[str, Any]) -> None:
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    table = made["table"]
    with live_server.api() as client:
        while True:
            now = client.get(f"/api/tables/{table}", headers={
                "Authorization": f"Bearer {made['admin']['token']}"}).json()
            if now["finished"]:
                return
            seat = now["decision"]["seats"][0]
            head = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(f"/api/tables/{table}/legal", headers=head).json()
            answer = client.post(f"/api/tables/{table}/actions", headers=head,
                                 json={"notation": legal["actions"][0]["notation"]})
            assert answer.status_code == 200, answer.text


def test_the_end_names_the_parts_and_opens_a_rematch(live_server: LiveServer,
                                                     browser: Any) -> None:
    made = live_server.create("rail-line", ["human", "human"], names=["Ann", "Bo"])
    _play_to_the_end(live_server, made)
    ann = open_page(browser, made["seats"][0]["link"], lang="de-DE").page
    ann.locator("#result table.score").wait_for()
    header = ann.locator("#result table.score tr").first.text_content() or ""
    assert "Zuckerrübe" in header and "Münzen" in header and "beet" not in header
    winner = ann.locator("#result .winner").text_content() or ""
    assert "Ann" in winner or "Bo" in winner
    bo = open_page(browser, made["seats"][1]["link"]).page
    bo.locator("#rematch").wait_for()
    assert bo.locator("#rematch").text_content() == "Rematch: same seats, a new deal"
    ann.locator("#rematch").click()
    ann.wait_for_url(lambda url: made["table"] not in url)
    ann.wait_for_selector("body[data-seq='0']")
    new_table = ann.url.split("/t/")[1].split("#")[0]
    token = ann.url.split("#")[1]
    assert live_server.table(new_table, token)["seat"] == 0
    # Bo's page hears of the rematch live and offers his seat there
    from playwright.sync_api import expect

    expect(bo.locator("#rematch")).to_have_text("The rematch is open: take your seat")
    bo.locator("#rematch").click()
    bo.wait_for_url(lambda url: new_table in url)
    bo.wait_for_selector("body[data-seq='0']")
    assert live_server.table(new_table, bo.url.split("#")[1])["seat"] == 1
