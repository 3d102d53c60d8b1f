"""The start page offers, for each game, exactly the bots that game offers
(`bots_for`: a game's own planner included, a withdrawn generic bot never), named with
their strength in English and German; the API's game list and the admin's "hand to a
bot" list say the same."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stellwerk.bots import bots_for
from stellwerk.games import game_ids, get_game
from stellwerk.server.app import Settings, create_app
from stellwerk.server.limits import Limits


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # every game with every bot: more tables than one address may create a minute
    app = create_app(Settings(database=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=0,
                              bot_delay=0.0, limits=Limits(create_rate=0)))
    with TestClient(app) as c:
        yield c


def page_games(client: TestClient, lang: str) -> dict[str, Any]:
    html = client.get("/", params={"lang": lang}).text
    found = re.search(r'<script type="application/json" id="games">(.*?)</script>', html,
                      re.S)
    assert found is not None
    return {g["id"]: g for g in json.loads(found.group(1))}


def test_the_start_page_offers_exactly_each_games_bots(client: TestClient) -> None:
    english, german = page_games(client, "en"), page_games(client, "de")
    assert set(english) == set(game_ids())
    for game_id in game_ids():
        offered = list(bots_for(get_game(game_id)))
        for games in (english, german):
            assert [b["kind"] for b in games[game_id]["bots"]] == offered, game_id
            # the table the page sets up first is one the server accepts
            assert set(games[game_id]["default_seats"]) <= {"human", *offered}
        for en, de in zip(english[game_id]["bots"], german[game_id]["bots"], strict=True):
            assert en["label"].startswith("bot: ") and de["label"].startswith("Bot: ")
    # the cases that matter: Linie 1 withdrew greedy and has its planner, Benelux its
    # planner, Rail Line none
    linie1 = [b["kind"] for b in english["linie1"]["bots"]]
    assert "planner" in linie1 and "greedy" not in linie1
    assert "planner" in [b["kind"] for b in english["benelux-rails"]["bots"]]
    assert "planner" not in [b["kind"] for b in english["rail-line"]["bots"]]
    labels = {b["kind"]: b["label"] for b in german["linie1"]["bots"]}
    assert labels["planner"] == "Bot: Planer (stark)"


def test_the_api_lists_the_same_seat_kinds(client: TestClient) -> None:
    for game in client.get("/api/games").json():
        assert game["seat_kinds"] == ["human", *bots_for(get_game(game["id"]))]


def test_every_offered_bot_is_accepted_and_a_withdrawn_one_refused(
        client: TestClient) -> None:
    for game_id, game in page_games(client, "en").items():
        seats = [{"kind": "human"}] * (game["min"] - 1)
        for bot in game["bots"]:
            response = client.post("/api/tables", json={
                "game": game_id, "seats": [*seats, {"kind": bot["kind"]}]})
            assert response.status_code == 201, (game_id, bot, response.text)
    response = client.post("/api/tables", json={
        "game": "linie1", "seats": [{"kind": "human"}, {"kind": "greedy"}]})
    assert response.status_code == 422 and "greedy" in response.json()["error"]
