"""The board from the keyboard in Chromium: what one may point at now takes the focus
(Tab reaches it), carries a name for screen readers, and Enter acts like a click."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import LiveServer, open_page, wait_seq

FOCUSED = "el => el === document.activeElement"


def _first_legal(server: LiveServer, table: str, token: str, seq: int) -> None:
    head = {"Authorization": f"Bearer {token}"}
    with server.api() as client:
        legal = client.get(f"/api/tables/{table}/legal", headers=head).json()["actions"]
        answer = client.post(f"/api/tables/{table}/actions", headers=head, json={
            "notation": legal[0]["notation"], "expected_seq": seq})
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_rail_line_move_made_from_the_keyboard(live_server: LiveServer, browser: Any,
                                                 locale: str) -> None:
    made = live_server.create("rail-line", ["human", "human"], names=["Ann", "Bo"])
    table, admin = made["table"], made["admin"]["token"]
    page = open_page(browser, made["seats"][0]["link"], lang=locale).page
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    while True:  # the first decisions (a station side) are not on the board
        now = live_server.table(table, admin)
        seq = now["seq"]
        wait_seq(page, seq)
        if 0 in now["decision"]["seats"] and page.locator("#board [data-pick].can").count():
            break
        _first_legal(live_server, table, tokens[now["decision"]["seats"][0]], seq)
    target = page.locator("#board [data-pick].can").first
    target.focus()
    assert target.evaluate(FOCUSED)
    assert target.get_attribute("role") == "button" and target.get_attribute("aria-label")
    page.keyboard.press("Enter")
    # what the card or station leaves open is drawn beside the board: the first
    # option each time, by keyboard, until the move is sent
    option = page.locator("#choose:not([data-sent]) button.choose-option")
    for _ in range(5):
        if page.evaluate("document.body.dataset.seq") != str(seq) or not option.count():
            break
        option.first.focus()
        page.keyboard.press("Enter")
    wait_seq(page, seq + 1)
    assert page.locator("#error").is_hidden()
    # while another seat decides, nothing on the board takes the focus
    while 0 in live_server.table(table, admin)["decision"]["seats"]:
        now = live_server.table(table, admin)
        _first_legal(live_server, table, tokens[0], now["seq"])
    wait_seq(page, live_server.table(table, admin)["seq"])
    assert page.locator("#board [tabindex]").count() == 0
    page.context.close()


def test_a_linie1_square_chosen_from_the_keyboard(live_server: LiveServer,
                                                  browser: Any) -> None:
    made = live_server.create("linie1", ["human", "human"], names=["Ann", "Bo"])
    page = open_page(browser, made["seats"][0]["link"], lang="de-DE").page
    wait_seq(page, live_server.table(made["table"], made["admin"]["token"])["seq"])
    page.locator("#order").wait_for(state="visible")
    square = page.locator("#board [data-square]:not([data-taken])").first
    page.locator("#zoom-in").focus()
    for _ in range(400):  # Tab walks from the zoom buttons to a square
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#board [data-square]')"):
            break
    assert page.evaluate("document.activeElement.matches('#board [data-square]')")
    square.focus()
    page.keyboard.press(" ")
    page.locator("#picker").wait_for(state="visible")
    name = square.get_attribute("data-square")
    assert page.locator("#picker-square").text_content() == f"Feld {name}"
    page.context.close()
