"""A Linie 1 round in Chromium with simultaneous orders made by pointing: a square on
the board, a tile from the hand and its rotation, placements reordered by priority and
removed, the order sent; the round resolves once both seats have sent theirs."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.web.conftest import LiveServer, Watched, open_page, shot, wait_seq


def _placements(watched: Watched) -> list[tuple[str, str, str]]:
    notations = watched.page.locator("#actions button.action").evaluate_all(
        "buttons => buttons.map(b => b.dataset.notation)")
    return [tuple(n.split()) for n in notations if n != "pass" and ";" not in n]


def _point(watched: Watched, square: str, tile: str, rotation: str) -> None:
    page = watched.page
    page.locator(f"#board [data-square='{square}']").click()
    page.locator(f"#picker-tiles [data-tile='{tile}']").click()
    page.locator(f"#picker-rotations [data-rotation='{rotation}']").click()
    page.locator("#picker-add").click()


def _order_and_line_stay_secret(server: LiveServer, table: str, pages: dict[int, Watched],
                                 start_seq: int) -> None:
    """Seat 0 has sent its order, seat 1 has not: nothing seat 1's page received shows
    seat 0's order, line or stops (DOM, HTTP responses and WebSocket frames)."""
    pages[1].page.reload()  # fetch everything again now that seat 0's order is in
    wait_seq(pages[1].page, start_seq + 1)
    secret = server.state(table).view(0)["me"]
    seen = pages[1].seen()
    for form in (json.dumps(secret["terminals"]), json.dumps(secret["terminals"],
                                                             separators=(",", ":"))):
        assert form not in seen
    hidden_rows = 0
    for text in pages[1].received:
        try:
            data = json.loads(text)
        except ValueError:
            continue
        for row in data.get("actions", []) if isinstance(data, dict) else []:
            if isinstance(row, dict) and row.get("seat") == 0 and "by" in row:
                assert "notation" not in row and row.get("hidden") is True
                hidden_rows += 1
    assert hidden_rows  # the log did list seat 0's order, as hidden


def test_linie1_round_with_orders_made_by_pointing(live_server: LiveServer,
                                                   browser: Any) -> None:
    made = live_server.create("linie1", ["human", "human"], names=["Anna", "Bert"])
    table, admin = made["table"], made["admin"]["token"]
    pages = {s["seat"]: open_page(browser, s["link"]) for s in made["seats"]}
    start = live_server.table(table, admin)
    for watched in pages.values():
        wait_seq(watched.page, start["seq"])
        watched.page.locator("#order").wait_for(state="visible")
    chosen: dict[int, tuple[str, str, str]] = {}
    for seat, watched in pages.items():
        options = _placements(watched)
        first = options[0]
        other = next(p for p in options if p[0] != first[0] and p[1] != first[1])
        _point(watched, *first)
        _point(watched, *other)
        items = watched.page.locator("#order-list li")
        assert items.count() == 2
        items.nth(1).locator("button.up").click()        # the second gets priority 1
        assert items.nth(0).get_attribute("data-placement") == " ".join(other)
        items.nth(0).locator("button.remove").click()    # and is dropped again
        assert items.count() == 1
        assert items.nth(0).get_attribute("data-placement") == " ".join(first)
        if seat == 0:
            shot(watched.page, "linie1-order-1280")
        chosen[seat] = first
        if seat == 1:
            _order_and_line_stay_secret(live_server, table, pages, start["seq"])
        watched.page.locator("#order-send").click()
        end = time.monotonic() + 30
        while live_server.table(table, admin)["seq"] == start["seq"] + seat:
            error = watched.page.locator("#error:not([hidden])")
            assert not error.count(), error.first.text_content()
            assert time.monotonic() < end
            time.sleep(0.05)
    from playwright.sync_api import expect  # installed with the dev tools

    after = live_server.table(table, admin)
    assert after["seq"] == start["seq"] + 2
    assert after["view"]["round"] == start["view"]["round"] + 1  # the round resolved
    placed = {entry[0] for entry in after["view"]["board"]}
    # each order's one placement is laid unless the other seat's took the same square
    assert placed and placed <= {chosen[0][0], chosen[1][0]}
    if chosen[0][0] != chosen[1][0]:
        assert placed == {chosen[0][0], chosen[1][0]}
    for watched in pages.values():
        wait_seq(watched.page, after["seq"])
        for square in placed:  # laid, and marked as the last move
            assert watched.page.locator(f"#board [data-square='{square}'][data-taken]").count()
            expect(watched.page.locator(f"#board [data-square='{square}']")).to_have_class(
                "square last")
    shot(pages[1].page, "linie1-1280")
