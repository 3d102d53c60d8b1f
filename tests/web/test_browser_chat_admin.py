"""Chat and the host's controls in Chromium: a message typed on one seat's page appears
live on the others' as text (markup in it stays text), spectators read but cannot write;
the chat frames carry nothing hidden; the admin link's page hands a seat to a bot and
sets and clears the deadline."""

from __future__ import annotations

import json
from typing import Any

from tests.web.conftest import LiveServer, open_page, shot, wait_seq

HOSTILE = '<img src=x onerror="document.body.dataset.pwned=1"> deal: coal for 2 coins'


def test_chat_live_escaped_and_secret_free(live_server: LiveServer, browser: Any) -> None:
    made = live_server.create("rail-line", ["human", "human"], names=["Anna", "Bert"])
    table, admin = made["table"], made["admin"]["token"]
    seq = live_server.table(table, admin)["seq"]
    pages = {s["seat"]: open_page(browser, s["link"], lang="de-DE") for s in made["seats"]}
    watcher = open_page(browser, made["spectator"]["link"])
    for watched in [*pages.values(), watcher]:
        wait_seq(watched.page, seq)
    assert watcher.page.locator("#chat-form").is_hidden()
    anna = pages[0].page
    anna.locator("#chat-text").fill(HOSTILE)
    anna.locator("#chat-form button[type=submit]").click()
    for watched in [pages[1], watcher, pages[0]]:
        item = watched.page.locator("#chat li").first
        item.wait_for()
        assert item.text_content() == f"Anna: {HOSTILE}"
        assert watched.page.locator("#chat img").count() == 0
        assert watched.page.evaluate("document.body.dataset.pwned") is None
    # the message reached Bert's page live, over the socket, as a chat frame with
    # nothing but the message; and nothing Bert received shows Anna's hand
    frames = [json.loads(f) for f in pages[1].received if f.startswith('{"type":"chat"')]
    assert frames and all(set(m) == {"id", "seat", "text", "at"}
                          for f in frames for m in f["messages"])
    state = live_server.state(table)
    secret = {card for card in state.hands[0] if card.startswith("A")}
    seen = pages[1].seen()
    assert secret and not {card for card in secret if card in seen}
    shot(pages[1].page, "chat-1280")
    for watched in [*pages.values(), watcher]:
        watched.page.context.close()


def test_admin_page_hands_a_seat_to_a_bot_and_sets_the_deadline(
        live_server: LiveServer, browser: Any) -> None:
    made = live_server.create("railways", ["human"], names=["Solo"])
    table, admin = made["table"], made["admin"]["token"]
    watched = open_page(browser, made["admin"]["link"])
    page = watched.page
    wait_seq(page, live_server.table(table, admin)["seq"])
    page.locator("#admin-panel").wait_for(state="visible")
    page.locator("#deadline-minutes").fill("5")
    page.locator("#deadline-form button[type=submit]").click()
    page.wait_for_selector("#deadline-now:has-text('5 minutes')")
    assert live_server.table(table, admin)["deadline_seconds"] == 300
    page.locator("#deadline-clear").click()
    page.wait_for_selector("#deadline-now:has-text('No deadline')")
    assert live_server.table(table, admin)["deadline_seconds"] is None
    page.locator("#admin-seats select").select_option("greedy")
    page.locator("#admin-seats button.to-bot").click()
    page.wait_for_selector("#admin-seats li:has-text('(greedy)')")
    assert live_server.table(table, admin)["seats"][0]["kind"] == "greedy"
    shot(page, "admin-1280")
    page.context.close()
