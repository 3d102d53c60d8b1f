"""A whole three-player Rail Line game in Chromium, one browser context per seat: moves
made by pointing at the board or from the list, the other pages updating live, the
turn in the title, the final score breakdown and winner; and no page ever receives
another seat's hand."""

from __future__ import annotations

import random
from typing import Any

from tests.web.conftest import (
    LiveServer,
    Watched,
    act,
    next_table,
    open_page,
    shot,
    wait_seq,
)

MAX_ACTIONS = 400


def _secret_a_cards(state: Any, seat: int) -> set[str]:
    # A cards in a hand have never been on the table, so no other seat may see their ids
    return {card for card in state.hands[seat] if card.startswith("A")}


def _check_secrets(server: LiveServer, table: str, pages: dict[int, Watched]) -> None:
    state = server.state(table)
    for seat, watched in pages.items():
        seen = watched.seen()
        for other in pages:
            if other != seat:
                leaked = {card for card in _secret_a_cards(state, other) if card in seen}
                assert not leaked, f"seat {seat}'s page shows seat {other}'s hand: {leaked}"


def test_three_player_rail_line_game_in_three_browsers(live_server: LiveServer,
                                                       browser: Any) -> None:
    made = live_server.create("rail-line", ["human"] * 3, names=["Ann", "Bo", "<i>Cy</i>"])
    table, admin = made["table"], made["admin"]["token"]
    pages = {s["seat"]: open_page(browser, s["link"]) for s in made["seats"]}
    rnd = random.Random(11)
    now = live_server.table(table, admin)
    for page in pages.values():
        wait_seq(page.page, now["seq"])
    for step in range(MAX_ACTIONS):
        if now["finished"]:
            break
        seat = now["decision"]["seats"][0]
        watched = pages[seat]
        wait_seq(watched.page, now["seq"])
        assert watched.page.title().startswith("▶")  # the title says it is your turn
        for other, page in pages.items():
            if other not in now["decision"]["seats"]:
                assert not page.page.title().startswith("▶")
        act(watched.page, rnd, point_share=0.6)
        now = next_table(live_server, table, admin, now["seq"], watched.page)
        if step % 15 == 0:
            for page in pages.values():  # live: every page follows without reloading
                wait_seq(page.page, now["seq"])
            _check_secrets(live_server, table, pages)
        if step == 30:
            shot(pages[0].page, "rail-line-1280")
    assert now["finished"], "the game did not end"
    result = now["result"]
    for watched in pages.values():
        wait_seq(watched.page, now["seq"])
        box = watched.page.locator("#result")
        box.wait_for(state="visible")
        text = box.text_content() or ""
        winners = ", ".join(["Ann", "Bo", "<i>Cy</i>"][w] for w in result["winners"])
        assert f"Winner: {winners}" in text
        for score in result["scores"]:
            assert format(score, "g") in text
        assert not watched.page.title().startswith("▶")
    # the name typed with markup is shown as text, never as markup
    assert pages[0].page.locator("#players i").count() == 0
    assert "<i>Cy</i>" in (pages[0].page.locator("#players").text_content() or "")
    _check_secrets(live_server, table, pages)
    log = pages[1].page.locator("#log").text_content() or ""
    assert "Seat 1:" not in log and "Ann:" in log  # the log names the players
    shot(pages[1].page, "rail-line-finished-1280")
