"""Every page in German, scanned in Chromium for English words of the interface: the
start page, my tables, the record viewer, the error pages, and each game's table as a
seat sees it mid-play and at the end (its text, the board drawing's text and the
labels a screen reader reads)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import LiveServer, open_page, wait_seq

# words an English interface uses that no German page should show (names of games,
# cities and people aside); matched as whole words, case-sensitively
ENGLISH = ("the", "and", "your", "you", "with", "of", "to", "is", "are", "Seat", "Seats",
           "Player", "Players", "Score", "Rank", "Winner", "Round", "Money", "Train",
           "Send", "Cancel", "Waiting", "Actions", "Log", "Result", "Total",
           "straight", "curve", "crossing", "bot", "turn", "Take", "back", "move",
           "cards", "card", "demand", "deliver", "load", "build", "open", "pass", "lay",
           "discard", "Chat", "Yes", "No", "Open", "New", "My", "tables", "Record",
           "viewer", "Back", "Next", "End", "Options", "Time",
           "minutes", "none", "Deadline", "left", "right", "Stop", "Rice",
           "Coal", "Sugar", "beet", "coins", "Station", "Stations", "region", "track")
PATTERN = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b")
GAMES = [("rail-line", 2, {}), ("linie1", 2, {}), ("railways", 1, {}),
         ("benelux-rails", 2, {"variant": "fast"})]

TEXT_OF_PAGE = """() => {
  const parts = [document.title, document.body.innerText];
  const labelled = 'svg text, title, [aria-label], [title], [placeholder], option';
  for (const el of document.querySelectorAll(labelled))
    parts.push(el.textContent || '', el.getAttribute('aria-label') || '',
               el.getAttribute('title') || '', el.getAttribute('placeholder') || '');
  return parts.join('\\n');
}"""


def english_in(page: Any) -> list[str]:
    text = " ".join(str(page.evaluate(TEXT_OF_PAGE)).split())
    return sorted({f"{m.group(0)!r} in …{text[max(0, m.start() - 40):m.end() + 40]!r}…"
                   for m in PATTERN.finditer(text)})


def _play(server: LiveServer, table: str, steps: int | None) -> None:
    """Each seat's first legal action, `steps` times or to the end."""
    service = server.app.state.service
    done = 0
    while steps is None or done < steps:
        info = service.info(table)
        with service.table(info) as loaded:
            decision = loaded.state.decision()
            if decision is None:
                return
            seat = decision.seats[0]
            action = loaded.state.candidate_actions(seat)[0]
            notation = loaded.game.format_action(action)
        service.submit(info, seat, notation, None)
        done += 1


@pytest.mark.parametrize(("game", "seats", "options"), GAMES)
def test_a_game_table_in_german_shows_no_english(live_server: LiveServer, browser: Any,
                                                 game: str, seats: int,
                                                 options: dict[str, str]) -> None:
    made = live_server.create(game, ["human"] * seats, options=options)
    table, admin = made["table"], made["admin"]["token"]
    found = {}
    for moment, steps in (("mid-play", 3), ("end", None)):
        _play(live_server, table, steps)
        seq = live_server.table(table, admin)["seq"]
        for who, link in (("seat", made["seats"][0]["link"]), ("admin", made["admin"]["link"])):
            page = open_page(browser, link, lang="de-DE").page
            wait_seq(page, seq)
            found[f"{moment} {who}"] = english_in(page)
            page.context.close()
    assert not any(found.values()), found


@pytest.mark.parametrize("path", ["/", "/mine", "/viewer", "/no-such-page",
                                  "/t/no-such-table#token"])
def test_the_other_pages_in_german_show_no_english(live_server: LiveServer, browser: Any,
                                                   path: str) -> None:
    page = open_page(browser, live_server.url + path, lang="de-DE").page
    page.wait_for_load_state("networkidle")
    assert not english_in(page)
    page.context.close()
