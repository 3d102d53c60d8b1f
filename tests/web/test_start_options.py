"""The start page's data without a browser: each game's declared facts and one field per
declared option, in the page's language; and nothing of a game written in the page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stellwerk.games import game_ids, get_game


def games_on_the_page(client: TestClient, lang: str) -> dict[str, dict]:
    html = client.get(f"/?lang={lang}").text
    found = re.search(r'<script type="application/json" id="games">(.*?)</script>', html, re.S)
    assert found is not None
    return {game["id"]: game for game in json.loads(found.group(1))}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_start_page_offers_each_declared_option_in_its_language(client: TestClient,
                                                                    lang: str) -> None:
    shown = games_on_the_page(client, lang)
    assert list(shown) == game_ids()
    for game_id in game_ids():
        game = get_game(game_id)
        page = shown[game_id]
        assert page["options"] == [option.describe(game.catalog, lang)
                                   for option in game.options]
        assert game.meta is not None
        assert page["about"] == game.catalog.text(game.meta.about, lang)
        assert page["credits"] == game.meta.credits()
    sheet = shown["rail-line"]["options"][0]
    assert (sheet["name"], sheet["kind"], sheet["default"]) == ("sheet", "choice", "I")
    assert [choice["value"] for choice in sheet["choices"]] == ["I", "II"]
    assert sheet["label"] == {"en": "Record sheet", "de": "Wertungsblatt"}[lang]
    rounds = shown["linie1"]["options"][0]
    assert (rounds["kind"], rounds["low"], rounds["high"], rounds["default"]) == (
        "int", 1, 200, "40")


def test_the_start_page_and_its_script_carry_no_games_option_text(client: TestClient) -> None:
    static = Path(__file__).resolve().parents[2] / "src" / "stellwerk" / "web"
    script = (static / "static" / "start.js").read_text(encoding="utf-8")
    template = (static / "templates" / "start.html").read_text(encoding="utf-8")
    for game_id in game_ids():
        for option in get_game(game_id).options:
            assert option.name not in script and option.name not in template, option.name
