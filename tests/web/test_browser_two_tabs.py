"""Two tabs of one seat (and the seat's own moves) at a Linie 1 table in Chromium: a
refused move keeps its reason in sight through the live updates that follow, and the
order being built by pointing starts empty once the seat has acted, whether from this
tab or another."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from stellwerk.games.linie1.terms import tile_name
from stellwerk.web.terms import CATALOG
from tests.web.conftest import LiveServer, open_page, wait_seq

LANGS = [("en", "en-GB"), ("de", "de-DE")]


def _act(server: LiveServer, table: str, token: str, notation: str, seq: int) -> None:
    """A move of the seat `token` opens, as another tab of it would send it."""
    with server.api() as client:
        answer = client.post(f"/api/tables/{table}/actions",
                             headers={"Authorization": f"Bearer {token}"},
                             json={"notation": notation, "expected_seq": seq})
    assert answer.status_code == 200, answer.text


def _anna_and_bert(server: LiveServer) -> tuple[str, dict[int, str], list[str], int]:
    """A new Linie 1 table of two human seats, Anna and Bert: its id, each seat's token,
    each seat's link, and the table's seq."""
    made = server.create("linie1", ["human", "human"], names=["Anna", "Bert"])
    table, admin = made["table"], made["admin"]["token"]
    tokens = {s["seat"]: httpx.URL(s["link"]).fragment for s in made["seats"]}
    links = [s["link"] for s in made["seats"]]
    return table, tokens, links, server.table(table, admin)["seq"]


@pytest.mark.parametrize(("lang", "locale"), LANGS)
def test_a_refused_move_keeps_its_reason_through_live_updates(
        live_server: LiveServer, browser: Any, lang: str, locale: str) -> None:
    table, tokens, links, start = _anna_and_bert(live_server)
    page = open_page(browser, links[0], lang=locale).page
    wait_seq(page, start)
    page.locator("#order").wait_for(state="visible")
    held: list[Any] = []
    page.route("**/api/tables/*/actions*", lambda route: held.append(route))
    page.locator("#order-send").click()      # this tab sends its order ...
    while not held:
        page.wait_for_timeout(20)
    _act(live_server, table, tokens[0], "pass", start)  # ... another tab's came first
    wait_seq(page, start + 1)
    held[0].continue_()
    error = page.locator("#error")
    error.wait_for(state="visible")
    reason = CATALOG.text("web.table.refused_moved_on", lang)
    assert error.text_content() == reason
    _act(live_server, table, tokens[1], "pass", start + 1)  # the other seat: a new round
    wait_seq(page, start + 2)
    assert error.is_visible()
    assert error.text_content() == reason
    page.unroute("**/api/tables/*/actions*")
    page.locator("#order-send").click()     # the next move that goes in clears it
    wait_seq(page, start + 3)
    assert not error.is_visible()
    page.context.close()


def _empty_order(page: Any, hand: dict[str, int], lang: str) -> None:
    """The order panel is open with no placement and no square chosen, and the picker
    offers the whole hand, each tile named in the page's language."""
    page.locator("#order").wait_for(state="visible")
    assert page.locator("#order-list li").count() == 0
    assert page.locator("#board [data-square].picked").count() == 0
    square = _a_placement(page)[0]
    page.locator(f"#board [data-square='{square}']").click()
    offered = page.locator("#picker-tiles .tile").evaluate_all(
        "tiles => tiles.map(t => [t.dataset.tile, t.textContent])")
    assert {tile: text for tile, text in offered} == {
        tile: f"{tile_name(tile, lang)} ×{count}" for tile, count in hand.items()}


def _a_placement(page: Any) -> list[str]:
    """A placement the list of legal actions offers: square, tile, rotation."""
    notations = page.locator("#actions button.action").evaluate_all(
        "buttons => buttons.map(b => b.dataset.notation)")
    return next(n.split() for n in notations if n != "pass" and ";" not in n)


def _point(page: Any, square: str, tile: str, rotation: str) -> None:
    page.locator(f"#board [data-square='{square}']").click()
    page.locator(f"#picker-tiles [data-tile='{tile}']").click()
    page.locator(f"#picker-rotations [data-rotation='{rotation}']").click()
    page.locator("#picker-add").click()


@pytest.mark.parametrize(("lang", "locale"), LANGS)
def test_the_order_starts_empty_once_the_seat_has_acted(
        live_server: LiveServer, browser: Any, lang: str, locale: str) -> None:
    table, tokens, links, seq = _anna_and_bert(live_server)
    page = open_page(browser, links[0], lang=locale).page
    # the other seat orders first; this tab's order, sent last, resolves the round
    _act(live_server, table, tokens[1], "pass", seq)
    wait_seq(page, seq + 1)
    page.locator("#order").wait_for(state="visible")
    _point(page, *_a_placement(page))
    assert page.locator("#order-list li").count() == 1
    page.locator("#order-send").click()
    wait_seq(page, seq + 2)
    now = live_server.table(table, tokens[0])
    assert now["view"]["round"] == 2 and now["your_turn"]
    _empty_order(page, now["view"]["me"]["hand"], lang)
    page.locator("#picker-add").click()   # nothing chosen yet: nothing is added
    # another tab of this seat sends the order of the next round while this one builds
    _act(live_server, table, tokens[1], "pass", seq + 2)
    wait_seq(page, seq + 3)
    _point(page, *_a_placement(page))
    assert page.locator("#order-list li").count() == 1
    _act(live_server, table, tokens[0], "pass", seq + 3)
    wait_seq(page, seq + 4)
    now = live_server.table(table, tokens[0])
    assert now["view"]["round"] == 3 and now["your_turn"]
    _empty_order(page, now["view"]["me"]["hand"], lang)
    assert page.locator("#error").is_hidden()
    page.context.close()


@pytest.mark.parametrize(("lang", "locale"), LANGS)
def test_a_seat_takes_back_its_order_with_the_undo_button(
        live_server: LiveServer, browser: Any, lang: str, locale: str) -> None:
    table, tokens, links, seq = _anna_and_bert(live_server)
    anna = open_page(browser, links[0], lang=locale).page
    bert = open_page(browser, links[1], lang=locale).page
    for page in (anna, bert):
        wait_seq(page, seq)
        assert page.locator("#undo").is_hidden()
    placement = _a_placement(anna)
    _point(anna, *placement)
    anna.locator("#order-send").click()
    wait_seq(anna, seq + 1)
    button = anna.locator("#undo")
    assert button.is_visible()
    assert button.text_content() == CATALOG.text("web.table.undo", lang)
    wait_seq(bert, seq + 1)
    assert bert.locator("#undo").is_hidden()      # only the seat that acted
    button.click()
    wait_seq(anna, seq + 2)
    now = live_server.table(table, tokens[0])
    assert now["your_turn"] and now["decision"]["seats"] == [0, 1]
    assert button.is_hidden()
    anna.locator("#order").wait_for(state="visible")   # the order is hers to make again
    assert anna.locator("#order-list li").count() == 0
    wait_seq(bert, seq + 2)
    # sent again, then the other seat's order opens the round: nothing to take back
    anna.locator("#order-send").click()
    wait_seq(anna, seq + 3)
    assert button.is_visible()
    _act(live_server, table, tokens[1], "pass", seq + 3)
    for page in (anna, bert):
        wait_seq(page, seq + 4)
        assert page.locator("#undo").is_hidden()
        assert page.locator("#error").is_hidden()
    for page in (anna, bert):
        page.context.close()
