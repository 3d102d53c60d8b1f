"""Whole games of Linie 1 and Benelux Rails in Chromium against a bot, every decision made
by pointing at the picture and at drawn buttons, never at the list of legal actions nor
the notation box, in English and in German.

Linie 1: each round a tile is chosen from the hand drawn under the board, the squares it
fits are marked, one of them is pointed at, the ghost of the tile shows on it and the
order is sent. Benelux Rails: the scripted player takes the hint bot's choice and reaches
it by pointing: the dealt cards to keep, a city, mileposts of a path or a move, a good, a
demand, a drawn button (and, where one drawn target fits several actions, the one named
among the offered)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.games import get_game
from stellwerk.games.linie1.terms import tile_name
from tests.web.conftest import LiveServer, open_page, shot, wait_seq

LANGS = [("en", "en-GB"), ("de", "de-DE")]


def _no_list_nor_notation(page: Any) -> None:
    """Every press of the list's buttons or the notation box is counted by the page."""
    page.evaluate("""() => {
      window.listOrTyped = 0;
      const count = () => window.listOrTyped++;
      document.getElementById('actions').addEventListener('click', count, true);
      document.getElementById('type-form').addEventListener('submit', count, true);
    }""")


def _point(locator: Any) -> None:
    """A click on a part of the page, scrolled to the middle of the window first (the
    status line stays at the top of the window and would cover it)."""
    locator.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    locator.click()


def _my_turn(server: LiveServer, table: str, token: str, page: Any,
             timeout: float = 60) -> dict[str, Any] | None:
    """The table once it is this seat's turn (None once the game is over); a page error
    fails the test at once."""
    end = time.monotonic() + timeout
    while True:
        now = server.table(table, token)
        if now["finished"]:
            return None
        if now["your_turn"]:
            wait_seq(page, now["seq"])
            return now
        error = page.locator("#error:not([hidden])")
        assert not error.count(), error.first.text_content()
        assert time.monotonic() < end, "the other seat did not move"
        time.sleep(0.05)


def _moved_on(server: LiveServer, table: str, token: str, seq: int, page: Any) -> None:
    end = time.monotonic() + 30
    while server.table(table, token)["seq"] == seq:
        error = page.locator("#error:not([hidden])")
        assert not error.count(), error.first.text_content()
        assert time.monotonic() < end, "the move was not made"
        time.sleep(0.05)


def _finished(page: Any, server: LiveServer, table: str, token: str) -> None:
    final = server.table(table, token)
    assert final["finished"]
    wait_seq(page, final["seq"])
    page.locator("#result").wait_for(state="visible")
    assert page.evaluate("window.listOrTyped") == 0


@pytest.mark.parametrize(("lang", "locale"), LANGS)
def test_a_whole_linie1_game_by_pointing(live_server: LiveServer, browser: Any, lang: str,
                                         locale: str) -> None:
    made = live_server.create("linie1", ["human", "planner"], names=["Anna", "Bot"],
                              options={"rounds": 3})
    table, token = made["table"], made["seats"][0]["token"]
    page = open_page(browser, made["seats"][0]["link"], lang=locale).page
    _no_list_nor_notation(page)
    laid: set[str] = set()
    rounds = 0
    while (now := _my_turn(live_server, table, token, page)) is not None:
        page.locator("#order").wait_for(state="visible")
        hand = page.locator("#board [data-hand-tile]")
        tile = hand.first.get_attribute("data-hand-tile")
        assert hand.first.get_attribute("data-name") == tile_name(tile, lang)
        hand.first.click()
        marked = page.locator("#board [data-square].fits:not([data-taken])")
        assert marked.count(), "the chosen tile fits nowhere"
        square = marked.nth(rounds * 7 % marked.count()).get_attribute("data-square")
        page.locator(f"#board [data-square='{square}']").click()
        chosen = page.locator("#picker-rotations .rotation.chosen")
        assert "fits" in (chosen.get_attribute("class") or "")   # a rotation that fits
        assert page.locator(f"#order-ghosts [data-ghost='{square}']").count() == 1
        assert page.locator(f"#picker-tiles [data-tile='{tile}']").text_content().startswith(
            tile_name(tile, lang))
        if rounds == 0:
            shot(page, f"linie1-pointing-{lang}")
        page.locator("#picker-add").click()
        assert page.locator("#order-list li").count() == 1
        page.locator("#order-send").click()
        _moved_on(live_server, table, token, now["seq"], page)
        laid.add(square)
        rounds += 1
    _finished(page, live_server, table, token)
    assert rounds == 3
    board = {entry[0] for entry in live_server.state(table).public_view()["board"]}
    assert laid & board, "none of the pointed placements was laid"
    page.context.close()


# -- Benelux Rails ---------------------------------------------------------------------

FIND_TARGET = """([notation, exact]) => {
  const fits = (t) => exact ? notation === t : notation.startsWith(`${t} `);
  const found = [...document.querySelectorAll('#board [data-pick].can')]
    .find((e) => (e.dataset.pick || '').split('|').some(fits));
  for (const e of document.querySelectorAll('[data-test-target]')) {
    e.removeAttribute('data-test-target');
  }
  if (!found) return false;
  found.setAttribute('data-test-target', '1');
  return true;
}"""


def _hint(server: LiveServer, table: str, seat: int) -> str:
    game = get_game("benelux-rails")
    state = server.state(table)
    bot = make_bot("planner", Chance(0), game)
    window = Window(game, state, seat, state.candidate_actions(seat), Chance(1))
    return game.format_action(bot.choose(window))


def _point_benelux(page: Any, notation: str, texts: dict[str, str]) -> None:
    """Reach `notation` by pointing at the picture (and at the builders' drawn buttons)."""
    words = notation.split()
    if words[0] == "keep":
        for card in words[1:]:
            _point(page.locator(f"#board [data-choose-member='{card}']"))
        page.locator("#pickset-send").click()
        return
    if words[0] == "build":
        for milepost in words[1:]:
            _point(page.locator(f"#board [data-milepost='{milepost}']"))
        page.locator("#path-build").click()
        return
    if words[0] == "move" and words[-1].isupper() and "via" not in words:
        _point(page.locator(f"#board [data-milepost='{words[-1]}']"))
        page.locator("#path-goto2" if words[1] == "2" else "#path-goto").click()
        return
    if not (page.evaluate(FIND_TARGET, [notation, True])
            or page.evaluate(FIND_TARGET, [notation, False])):
        raise AssertionError(f"nothing on the picture to point at for {notation!r}")
    _point(page.locator("[data-test-target]"))
    choice = page.locator("#choice:not([hidden]) button.choice")
    if choice.count():   # one target, several actions: the one named among the offered
        choice.filter(has_text=texts.get(notation, "")).first.click()


@pytest.mark.parametrize(("lang", "locale"), LANGS)
def test_a_whole_benelux_game_by_pointing(live_server: LiveServer, browser: Any, lang: str,
                                          locale: str) -> None:
    made = live_server.create("benelux-rails", ["human", "planner"], names=["Anna", "Bot"],
                              options={"variant": "fast"})
    table, token = made["table"], made["seats"][0]["token"]
    page = open_page(browser, made["seats"][0]["link"], lang=locale).page
    _no_list_nor_notation(page)
    verbs: set[str] = set()
    while (now := _my_turn(live_server, table, token, page, timeout=120)) is not None:
        notation = _hint(live_server, table, 0)
        with live_server.api() as client:
            legal = client.get(f"/api/tables/{table}/legal",
                               headers={"Authorization": f"Bearer {token}",
                                        "Accept-Language": lang}).json()["actions"]
        texts = {a["notation"]: a.get("text") or a["notation"] for a in legal}
        if notation.split()[0] in ("keep", "deliver") and notation.split()[0] not in verbs:
            shot(page, f"benelux-rails-pointing-{notation.split()[0]}-{lang}")
        _point_benelux(page, notation, texts)
        _moved_on(live_server, table, token, now["seq"], page)
        verbs.add(notation.split()[0])
    _finished(page, live_server, table, token)
    assert {"keep", "start", "build", "move", "load", "deliver", "end"} <= verbs
    page.context.close()
