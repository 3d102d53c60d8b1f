"""What a player needs is in sight at 1280x800 and at 390x844, per game, at a seat's
turn mid-play: Rail Line's line, hand and score sheets, Linie 1's line, stops and hand,
Benelux Rails' money, trains, loads and demand cards, Railways' hand and tracks.

On a laptop each of them is inside the window as the page opens, with the actions
beside the board and no scroll box inside the page; where a game's facts are words
(Benelux Rails' panel: each player's money, train kind with speed and capacity, loads,
and the seat's demand cards with city, good and payment), they are drawn at 11 CSS px
or more at zoom 1, also at the most crowded table the rules allow (three players with
two trains each, full hands and the public cards). On a phone the page never scrolls
sideways, the board starts legible (its smallest text drawn at 8 px or more), the whole
board with every fact is one tap away (the fit button), and so are the actions (the
status bar's jump); facts in words (Benelux Rails' panel) are one tap away and legible
(the zoom bar's facts button)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from stellwerk.games import game_ids, get_game
from tests.benelux_rails.crowded import crowded_state
from tests.web.conftest import LiveServer, open_page, wait_seq

# the board's words that head each fact (English pages), and the seats of the table
FACTS = {
    "rail-line": (["The line", "Your hand", "Anna · track", "Bert · track", "Cy · track"], 3),
    "linie1": (["Your line", "Your stops", "Your hand"], 2),
    "benelux-rails": (["Anna: ", "Bert: ", "Your demands"], 2),
    "railways": (["Your hand", "capital:", "profit:", "pollution:", "rail workers:"], 1),
}
NAMES = ["Anna", "Bert", "Cy"]
MOVES = 12
LEGIBLE_PX = 8
READ_PX = 11
# the texts of the board that carry a game's facts in words, read at READ_PX on a laptop,
# and words each of them must show at least once
READ = {
    "benelux-rails": ("#panel text", ["Anna: ", "Bert: ", "speed ", " loads)", "loads: ",
                                      "Your demands", "→"]),
}

# each fact's drawn box: the first text of the board that starts with its words
BOXES = """(facts) => facts.map((words) => {
  const text = [...document.querySelectorAll('#board svg text')]
    .find((t) => t.textContent.trim().startsWith(words));
  if (!text) return null;
  const r = text.getBoundingClientRect();
  return { words, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
})"""
SMALLEST = """() => {
  const svg = document.querySelector('#board svg');
  const box = svg.viewBox.baseVal, drawn = svg.getBoundingClientRect();
  const scale = Math.min(drawn.width / box.width, drawn.height / box.height);
  const sizes = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim())
    .map((t) => parseFloat(getComputedStyle(t).fontSize));
  return Math.min(...sizes) * scale;
}"""


# each text matching a selector: its words, its size as drawn (CSS px) and its box
DRAWN = """(selector) => [...document.querySelectorAll(`#board svg ${selector}`)]
  .filter((t) => t.textContent.trim()).map((t) => {
    const m = t.getScreenCTM(), r = t.getBoundingClientRect();
    return { words: t.textContent, px: parseFloat(getComputedStyle(t).fontSize)
               * Math.hypot(m.a, m.b),
             left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  })"""


_TABLES: dict[tuple[str, str], tuple[str, int]] = {}
CROWDED = "benelux-rails crowded"


def _table(server: LiveServer, game: str) -> tuple[str, int]:
    """A table of humans some random moves in, at seat 0's turn: (seat 0's link, seq),
    one per game and server; CROWDED: Benelux Rails' most crowded table."""
    if (server.url, game) not in _TABLES:
        _TABLES[server.url, game] = (_crowded_table(server) if game == CROWDED
                                     else _new_table(server, game))
    return _TABLES[server.url, game]


def _crowded_table(server: LiveServer) -> tuple[str, int]:
    """Three humans at the most crowded Benelux Rails table (tests/benelux_rails/
    crowded.py), laid in as the table's snapshot before its first action."""
    made = server.create("benelux-rails", ["human"] * 3, names=NAMES)
    service = server.app.state.service
    state = crowded_state(service.pack_for(get_game("benelux-rails")))
    service.log_store.store_snapshot(made["table"], 0, state.snapshot())
    service.forget(made["table"])
    return made["seats"][0]["link"], 0


def _new_table(server: LiveServer, game: str) -> tuple[str, int]:
    seats = FACTS[game][1]
    made = server.create(game, ["human"] * seats, names=NAMES[:seats])
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    rnd = random.Random(3)
    with server.api() as client:
        moves = 0
        while True:
            now = server.table(made["table"], made["admin"]["token"])
            seat = now["decision"]["seats"][0]
            if moves >= MOVES and 0 in now["decision"]["seats"]:
                return made["seats"][0]["link"], now["seq"]
            head = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(f"/api/tables/{made['table']}/legal", headers=head).json()
            notation = rnd.choice(legal["actions"])["notation"]
            answer = client.post(f"/api/tables/{made['table']}/actions", headers=head,
                                 json={"notation": notation})
            assert answer.status_code == 200, answer.text
            moves += 1


def _open(live_server: LiveServer, browser: Any, game: str, width: int, height: int) -> Any:
    link, seq = _table(live_server, game)
    page = open_page(browser, link, width=width, height=height).page
    wait_seq(page, seq)
    page.locator("#board svg").wait_for()
    return page


def _in_window(page: Any, game: str, width: int, height: int) -> None:
    for box in page.evaluate(BOXES, FACTS[game][0]):
        assert box is not None, (game, "a fact is not drawn")
        assert box["left"] >= 0 and box["right"] <= width + 1, box
        assert box["top"] >= 0 and box["bottom"] <= height + 1, box


@pytest.mark.parametrize("game", game_ids())
def test_a_laptop_shows_every_fact_and_the_actions_at_once(live_server: LiveServer,
                                                           browser: Any, game: str) -> None:
    page = _open(live_server, browser, game, 1280, 800)
    _in_window(page, game, 1280, 800)
    actions = page.locator("#actions-panel").bounding_box()
    assert actions is not None and actions["y"] < 800 and actions["x"] + actions["width"] <= 1280
    assert page.evaluate("(() => { const b = document.getElementById('board');"
                         " return b.scrollHeight - b.clientHeight; })()") <= 2
    page.context.close()


def _reads(page: Any, game: str, words: list[str], px: float, width: int,
           height: int) -> None:
    """Every text of the game's facts in words is inside the window at `px` or more,
    and `words` are among them."""
    texts = page.evaluate(DRAWN, READ[game][0])
    page.context.close()
    for text in texts:
        assert text["px"] >= px, (game, text["words"], round(text["px"], 1))
        assert text["left"] >= 0 and text["right"] <= width + 1, text
        assert text["top"] >= 0 and text["bottom"] <= height + 1, text
    for needed in words:
        assert any(needed in t["words"] for t in texts), (game, needed, "not drawn")


@pytest.mark.parametrize("game", sorted(READ))
def test_a_laptop_reads_every_fact_in_words_at_eleven_px(live_server: LiveServer,
                                                         browser: Any, game: str) -> None:
    page = _open(live_server, browser, game, 1280, 800)
    _reads(page, game, READ[game][1], READ_PX, 1280, 800)


def test_a_laptop_reads_the_most_crowded_benelux_panel_at_eleven_px(
        live_server: LiveServer, browser: Any) -> None:
    page = _open(live_server, browser, CROWDED, 1280, 800)
    _reads(page, "benelux-rails", [*READ["benelux-rails"][1], "Cy: ", "Public demands"],
           READ_PX, 1280, 800)


@pytest.mark.parametrize("game", game_ids())
def test_a_phone_reads_the_board_and_reaches_every_fact_in_one_tap(
        live_server: LiveServer, browser: Any, game: str) -> None:
    page = _open(live_server, browser, game, 390, 844)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(SMALLEST) >= LEGIBLE_PX
    # a facts button for a drawing with facts in words beside the map, none elsewhere
    assert page.locator("#zoom-facts").is_visible() == (game in READ)
    page.locator("#zoom-fit").click()       # the whole board, every fact in it
    _in_window(page, game, 390, 844)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#to-actions").click()     # and the actions
    end = time.monotonic() + 5
    while page.evaluate("document.getElementById('actions-panel')"
                        ".getBoundingClientRect().top") > 844 - 100:
        assert time.monotonic() < end, "the actions are not in sight"
        time.sleep(0.05)
    page.context.close()


@pytest.mark.parametrize("table", ["benelux-rails", CROWDED])
def test_a_phone_reaches_the_benelux_panel_in_one_tap_and_reads_it(
        live_server: LiveServer, browser: Any, table: str) -> None:
    page = _open(live_server, browser, table, 390, 844)
    page.locator("#zoom-facts").click(timeout=5000)   # the panel's facts, legible
    page.wait_for_timeout(300)                        # a smooth scroll may still move
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _reads(page, "benelux-rails", READ["benelux-rails"][1], LEGIBLE_PX, 390, 844)
