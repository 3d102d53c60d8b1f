"""The end of a game in Chromium: why it ended in the game's words, the score's parts in
players' words in the page's language (not the engine's names), the winner by name (solo:
the score against the game's yardstick), every total in sight on a phone, the replay,
and the rematch: the first player opens it and lands at their seat of the new deal; the
other player's page offers to take their seat there."""

from __future__ import annotations

from typing import Any

import pytest

from stellwerk.core.companions import study
from stellwerk.games import get_game
from tests.web.conftest import LiveServer, open_page

PHONE = {"width": 390, "height": 844}


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
    header = " ".join(ann.locator("#result table.score tr.part th").all_text_contents())
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


def _inside_width(page: Any, selector: str, width: int) -> None:
    """Every element `selector` finds is drawn within the page's width (not cut off, not
    behind a scroll), and the page itself does not scroll sideways."""
    found = page.locator(selector)
    assert found.count() > 0, selector
    for i in range(found.count()):
        box = found.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, \
            (selector, i, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_end_says_why_and_every_total_fits_a_phone(live_server: LiveServer, browser: Any,
                                                       lang: str) -> None:
    names = ["Annegret", "Bartholomäus", "Cy"]
    made = live_server.create("rail-line", ["human"] * 3, names=names)
    _play_to_the_end(live_server, made)
    game = get_game("rail-line")
    expected = study(game).ending(live_server.state(made["table"]), names, lang).reason
    assert expected not in ("The game is over.", "Die Partie ist zu Ende.")
    page = open_page(browser, made["seats"][0]["link"], lang=f"{lang}-DE", **PHONE).page
    page.locator("#result table.score").wait_for()
    assert page.locator("#result .reason").text_content() == expected
    final = live_server.table(made["table"], made["seats"][0]["token"])["result"]
    winners = ", ".join(names[w] for w in final["winners"])
    assert (page.locator("#result .winner").text_content() or "").endswith(winners)
    totals = page.locator("#result tr.total td").all_text_contents()
    assert sorted(totals) == sorted(format(s, "g") for s in final["scores"])
    _inside_width(page, "#result tr.total td", PHONE["width"])
    _inside_width(page, "#rematch, #replay", PHONE["width"])
    replay = page.locator("#replay")
    assert replay.text_content() == {"en": "Replay the game", "de": "Partie nachspielen"}[lang]
    # the result is the first thing below the status: in sight without scrolling
    assert (page.locator("#result .reason").bounding_box() or {"y": 10_000})["y"] < PHONE["height"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_solo_end_places_the_score_on_the_yardstick(live_server: LiveServer, browser: Any,
                                                      lang: str) -> None:
    made = live_server.create("railways", ["human"], names=["Solo"],
                              options={"challenges": "1,2"})
    _play_to_the_end(live_server, made)
    final = live_server.table(made["table"], made["seats"][0]["token"])["result"]
    page = open_page(browser, made["seats"][0]["link"], lang=f"{lang}-DE", **PHONE).page
    page.locator("#result .yardstick").wait_for()
    reason = page.locator("#result .reason").text_content() or ""
    lines = page.locator("#result .yardstick li").all_text_contents()
    score = format(final["scores"][0], "g")
    if lang == "en":
        assert reason == "120 years have passed: all 12 rounds are played."
        assert lines[0].startswith(f"Final score {score}: ")
        assert "random 12.26" in lines[1] and any("Economist" in line for line in lines[2:])
    else:
        assert reason == "120 Jahre sind vergangen: alle 12 Runden sind gespielt."
        assert lines[0].startswith(f"Endwertung {score}: ")
        assert "random 12.26" in lines[1] and any("Ökonom" in line for line in lines[2:])
    assert page.locator("#result .winner").count() == 0   # nobody to beat but the measure
    _inside_width(page, "#result .yardstick li, #result tr.total td", PHONE["width"])
