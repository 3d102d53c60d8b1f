"""The other pages in Chromium: the start page (in the browser's language, switchable)
creating a table with bots and handing out the host's link and one invitation; a refused option
explained; the spectator page without any hand; "my tables"; the record viewer stepping
through an imported record; and every page at 390 and 1280 pixels wide."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import LiveServer, open_page, random_record, shot


def _no_page_wide_scroll(page: Any, width: int) -> None:
    # the board may scroll inside its own box; the page itself must fit the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1


def _board_widths(page: Any) -> tuple[float, float, float]:
    """The drawing's width, the board box's visible width and its scrollable width."""
    widths: list[float] = page.evaluate(
        "() => { const b = document.getElementById('board'); "
        "return [b.querySelector('svg').getBoundingClientRect().width, b.clientWidth, "
        "b.scrollWidth]; }")
    return widths[0], widths[1], widths[2]


def test_start_page_creates_a_table_and_hands_out_links(live_server: LiveServer,
                                                        browser: Any) -> None:
    start = open_page(browser, live_server.url + "/", lang="de-DE")
    page = start.page
    assert page.locator("h1").text_content() == "Einen Tisch eröffnen"
    page.locator("#lang-switch").click()
    page.wait_for_selector("html[lang='en']")
    assert page.locator("h1").text_content() == "Open a table"
    page.select_option("#game", "rail-line")
    rows = page.locator("#seats li")
    assert rows.count() == 3
    rows.nth(0).locator(".name").fill("Ann <b>")
    rows.nth(1).locator(".kind").select_option("greedy")
    rows.nth(2).locator(".kind").select_option("random")
    # the sheet is a field made from the game's declaration, in the page's language
    assert "II (advanced)" in (page.locator("[name=option-sheet]").text_content() or "")
    page.select_option("[name=option-sheet]", "II")
    page.click("#create-button")
    page.locator("#created").wait_for(state="visible")
    invitation = page.locator("#invitation").input_value()
    seat_link = page.locator("a.seat-link").first.get_attribute("href")
    invite_link = page.locator("a.invitation-link").get_attribute("href")
    assert invite_link and "/t/" in invite_link and invite_link in invitation
    assert seat_link and seat_link.split("#")[1] not in invitation  # no seat's own link
    assert page.locator("a.seat-link").first.text_content() == "Your seat (Ann <b>)"
    assert page.locator("#links b").count() == 0  # the name is text, not markup
    spectator_link = page.locator("a.spectator-link").get_attribute("href")
    shot(page, "start-1280")

    # the seat: the table page, then "my tables" in the same browser
    page.goto(seat_link)
    table_id = seat_link.split("/t/")[1].split("#")[0]
    page.wait_for_selector("body[data-seq]")
    page.locator("#board svg").wait_for()
    assert page.locator("#status").text_content()
    page.goto(live_server.url + "/mine")
    entry = page.locator("#tables li a").first
    entry.wait_for()
    assert "Rail Line" in (entry.text_content() or "")
    assert entry.get_attribute("href") == f"/t/{table_id}#{seat_link.split('#')[1]}"

    # the spectator sees the table but no hand and no actions
    spectator = open_page(browser, spectator_link)
    spectator.page.wait_for_selector("body[data-seq]")
    assert "watching" in (spectator.page.locator("#status").text_content() or "")
    assert spectator.page.locator("#actions-panel").is_hidden()
    state = live_server.state(table_id)
    hands = {card for hand in state.hands for card in hand if card.startswith("A")}
    seen = spectator.seen()
    assert not {card for card in hands if card in seen}


def _record_file(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    record = random_record("rail-line", ["Ann", "Bo"], 21)
    path = tmp_path / "game.json"
    record.save(path)
    return path, record.to_json()


def test_record_viewer_steps_through_an_imported_record(live_server: LiveServer,
                                                        browser: Any, tmp_path: Path) -> None:
    path, record = _record_file(tmp_path)
    viewer = open_page(browser, live_server.url + "/viewer")
    page = viewer.page
    page.set_input_files("#file", str(path))
    from playwright.sync_api import expect

    where = page.locator("#where")
    total = len(record["actions"])
    expect(where).to_have_text(f"Move 0 of {total}")
    page.click("#next")
    expect(where).to_have_text(f"Move 1 of {total}")
    assert page.locator("#moves .move.current").count() == 1
    page.click("#last")
    expect(where).to_have_text(f"Move {total} of {total}")
    result = page.locator("#result")
    result.wait_for(state="visible")
    assert "Winner" in (result.text_content() or "")
    page.click("#back")
    expect(where).to_have_text(f"Move {total - 1} of {total}")
    expect(result).to_be_hidden()
    shot(page, "viewer-1280")
    bad = tmp_path / "bad.json"
    record["actions"][2]["action"] = "lay Z99"
    bad.write_text(json.dumps(record))
    page.set_input_files("#file", str(bad))
    error = page.locator("#error")
    error.wait_for(state="visible")
    assert "not a record Stellwerk can replay" in (error.text_content() or "")


@pytest.mark.parametrize("width", [390, 1280])
def test_pages_fit_phone_and_desktop_widths(live_server: LiveServer, browser: Any,
                                            width: int, tmp_path: Path) -> None:
    for game, kinds in (("rail-line", ["human", "greedy", "greedy"]), ("railways", ["human"]),
                        ("linie1", ["human", "planner"]), ("benelux-rails", ["human", "human"])):
        made = live_server.create(game, kinds)
        watched = open_page(browser, made["seats"][0]["link"], width=width, height=844)
        page = watched.page
        page.wait_for_selector("body[data-seq]", state="attached")
        page.locator("#board svg").wait_for()
        _no_page_wide_scroll(page, width)
        if width < 700:   # a phone starts the board legible (test_browser_sight.py)
            page.locator("#zoom-fit").click()
        # at zoom 1 the whole drawing fits the box's width (no sideways scrolling)
        assert _board_widths(page)[0] <= _board_widths(page)[1] + 1
        shot(page, f"{game}-table-{width}")
        page.locator("#zoom-in").click()
        page.locator("#zoom-in").click()
        svg_width, box_width, scroll_width = _board_widths(page)
        assert svg_width > 1.9 * box_width and scroll_width > box_width  # pans in its box
        _no_page_wide_scroll(page, width)
        page.evaluate("() => { const b = document.getElementById('board'); "
                      "b.scrollLeft = b.scrollWidth / 3; }")
        shot(page, f"{game}-table-{width}-zoomed")
        page.locator("#zoom-fit").click()
        assert _board_widths(page)[0] <= _board_widths(page)[1] + 1
        page.context.close()
    for path in ("/", "/mine", "/viewer"):
        watched = open_page(browser, live_server.url + path, width=width, height=844)
        watched.page.wait_for_load_state("networkidle")
        _no_page_wide_scroll(watched.page, width)
        shot(watched.page, f"page{path.replace('/', '-') or '-start'}-{width}")
        watched.page.context.close()


def test_pointing_at_something_not_allowed_now_shows_the_engines_reason(
        live_server: LiveServer, browser: Any) -> None:
    made = live_server.create("rail-line", ["human", "greedy", "greedy"])
    table, admin = made["table"], made["admin"]["token"]
    watched = open_page(browser, made["seats"][0]["link"], lang="de-DE")
    page = watched.page
    before = live_server.table(table, admin)
    page.wait_for_selector(f"body[data-seq='{before['seq']}'][data-turn='mine']",
                           state="attached")
    # the first decision is the Starting Station side: no card may be laid yet
    card = page.locator("#board g.card[data-pick^='lay ']").first
    assert "can" not in (card.get_attribute("class") or "")
    card.click()
    error = page.locator("#error")
    error.wait_for(state="visible")
    reason = error.text_content() or ""
    # the engine's reason, in words, in the page's language (German here)
    assert "„lay“ ist jetzt nicht möglich" in reason, reason
    assert live_server.table(table, admin)["seq"] == before["seq"]  # nothing changed


def test_start_page_offers_each_games_own_bots(live_server: LiveServer, browser: Any) -> None:
    """In the browser: choosing a game fills every seat's list with exactly `bots_for`
    (after "a person"), named in the page's language; Linie 1 starts with planners."""
    from stellwerk.bots import bots_for
    from stellwerk.games import game_ids, get_game
    from stellwerk.web.terms import CATALOG

    page = open_page(browser, live_server.url + "/", lang="de-DE").page
    for game_id in game_ids():
        page.select_option("#game", game_id)
        kinds = page.locator("#seats li").first.locator(".kind option")
        values = [kinds.nth(i).get_attribute("value") for i in range(kinds.count())]
        assert values == ["human", *bots_for(get_game(game_id))], game_id
        names = kinds.all_text_contents()
        assert names[0] == CATALOG.text("web.start.human", "de")
        assert all(name.startswith("Bot: ") for name in names[1:]), names
    page.select_option("#game", "linie1")
    chosen = page.locator("#seats .kind").evaluate_all("els => els.map(e => e.value)")
    assert chosen == ["human", "planner", "planner"]


def test_start_page_option_fields_come_from_the_declarations(live_server: LiveServer,
                                                             browser: Any) -> None:
    """In the browser: each game's option fields are its declarations (names, choices,
    labels in the page's language); a value out of range is refused by the server in the
    page's language and opens no table; the fields' values open a table with them."""
    from stellwerk.games import game_ids, get_game

    page = open_page(browser, live_server.url + "/", lang="de-DE").page
    for game_id in game_ids():
        game = get_game(game_id)
        page.select_option("#game", game_id)
        shown = page.locator("#options .option").evaluate_all(
            "els => els.map(e => e.dataset.name)")
        assert shown == [option.name for option in game.options], game_id
        assert game.title in (page.locator("#game").text_content() or "")
    page.select_option("#game", "railways")
    assert "Der Ökonom" in (page.locator("#options").text_content() or "")
    shot(page, "start-options-de")
    page.select_option("#game", "linie1")
    assert "Runden" in (page.locator("#options").text_content() or "")
    page.fill("[name=option-rounds]", "500")
    page.click("#create-button")
    error = page.locator("#create-error")
    error.wait_for(state="visible")
    assert (error.text_content() or "") == "rounds muss zwischen 1 und 200 liegen, nicht '500'"
    assert page.locator("#created").is_hidden()
    page.fill("[name=option-rounds]", "12")
    page.click("#create-button")
    page.locator("#created").wait_for(state="visible")
    table_id = page.locator("a.seat-link").first.get_attribute("href").split("/t/")[1]
    assert live_server.state(table_id.split("#")[0]).limit == 12
