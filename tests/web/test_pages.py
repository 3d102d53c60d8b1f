"""The web table's pages and helpers without a browser: languages, escaping, the board
drawn for the token's view only, and refusals with one clear message."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from stellwerk.web.terms import CATALOG
from tests.web.conftest import random_record


def _create(client: TestClient, game: str, kinds: list[str]) -> dict:
    response = client.post("/api/tables", json={"game": game,
                                                "seats": [{"kind": k} for k in kinds]})
    assert response.status_code == 201, response.text
    return response.json()


@pytest.mark.parametrize("path", ["/", "/t/abc", "/mine", "/viewer"])
def test_every_page_in_english_and_german(client: TestClient, path: str) -> None:
    english = client.get(path, headers={"Accept-Language": "en-GB"})
    german = client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert english.status_code == german.status_code == 200
    assert '<html lang="en">' in english.text and '<html lang="de">' in german.text
    assert "Deutsch" in english.text and "English" in german.text  # the switch
    client.cookies.set("stellwerk-lang", "de")
    switched = client.get(path, headers={"Accept-Language": "en"})
    client.cookies.clear()
    assert '<html lang="de">' in switched.text
    assert "frame-ancestors 'none'" in english.headers["content-security-policy"]
    assert "http://" not in english.text and "https://" not in english.text  # no CDN


def test_every_web_text_has_both_languages() -> None:
    keys = CATALOG.keys()
    for key in keys:
        assert CATALOG.text(key, "en") and CATALOG.text(key, "de"), key


def test_static_scripts_are_served_and_our_own(client: TestClient) -> None:
    for name in ("common.js", "table.js", "start.js", "mine.js", "viewer.js", "style.css"):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        imports = re.findall(r'from "([^"]+)"', response.text)
        assert all(i.startswith("./") for i in imports), name  # only our own modules
        assert not re.search(r"https?://", response.text), name


def test_board_is_drawn_from_the_tokens_own_view(client: TestClient) -> None:
    made = _create(client, "rail-line", ["human", "human", "human"])
    table = made["table"]
    service = client.app.state.service  # type: ignore[attr-defined]
    with service.table(service.info(table)) as loaded:
        hands = [list(h) for h in loaded.state.hands]
    for seat in made["seats"]:
        svg = client.get(f"/web/tables/{table}/board",
                         headers={"Authorization": f"Bearer {seat['token']}"}).text
        assert svg.startswith("<svg")
        for other, hand in enumerate(hands):
            shown = {card for card in hand if f'data-card="{card}"' in svg}
            assert shown == (set(hand) if other == seat["seat"] else set())
    spectator = client.get(f"/web/tables/{table}/board",
                           headers={"Authorization": f"Bearer {made['spectator']['token']}"})
    assert not any(f'data-card="{c}"' in spectator.text for hand in hands for c in hand)


def test_board_refuses_without_a_good_token(client: TestClient) -> None:
    made = _create(client, "railways", ["human"])
    table = made["table"]
    assert client.get(f"/web/tables/{table}/board").status_code == 401
    bad = client.get(f"/web/tables/{table}/board", headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 403 and bad.json()["error"]
    assert client.get("/web/tables/missing/board",
                      headers={"Authorization": "Bearer x"}).status_code == 404


def _finished_record() -> dict:
    record: dict = random_record("railways", ["<b>Solo</b>"], 5).to_json()
    return record


def test_replay_steps_through_a_record(client: TestClient) -> None:
    record = _finished_record()
    start = client.post("/web/replay", json={"record": record, "step": 0}).json()
    assert start["step"] == 0 and start["total"] == len(record["actions"])
    assert start["result"] is None and start["svg"].startswith("<svg")
    end = client.post("/web/replay", json={"record": record}).json()
    assert end["step"] == end["total"] and end["result"] == record["result"]
    assert end["names"] == ["<b>Solo</b>"]


@pytest.mark.parametrize("spoil", ["format", "action", "result", "game"])
def test_replay_refuses_a_bad_record_with_one_message(client: TestClient, spoil: str) -> None:
    record = _finished_record()
    if spoil == "format":
        record["format"] = "chess"
    elif spoil == "action":
        record["actions"][3]["action"] = "fly to the moon"
    elif spoil == "result":
        record["result"]["scores"] = [999]
    else:
        record["game"] = "nonsense"
    response = client.post("/web/replay", json={"record": record, "step": 2},
                           headers={"Accept-Language": "de"})
    assert response.status_code == 422
    assert response.json()["error"].startswith("Diese Partiedatei kann Stellwerk nicht")
    assert client.post("/web/replay", content=b"{not json",
                       headers={"Content-Type": "application/json"}).status_code == 422
    assert json.dumps(record)  # the request did not change the record


def test_the_record_viewer_lists_moves_as_an_onlooker_read_them(client: TestClient) -> None:
    record = random_record("benelux-rails", ["Ann", "Ben", "Cem"], 3, steps=6).to_json()
    keeps = [a["action"] for a in record["actions"] if a["action"].startswith("keep ")]
    assert len(keeps) == 3
    shown = client.post("/web/replay", json={"record": record, "step": 6})
    assert shown.status_code == 200
    moves = shown.json()["moves"]
    assert [m["notation"] for m in moves if m["notation"].startswith("keep")] == \
        ["keep ? ? ?"] * 3
    assert not any(keep in shown.text for keep in keeps)
    orders = random_record("linie1", ["Ann", "Ben"], 4, steps=2).to_json()
    sealed = client.post("/web/replay", json={"record": orders}, params={"lang": "de"}).json()
    assert [(m["notation"], m["hidden"]) for m in sealed["moves"]] == \
        [(CATALOG.text("web.viewer.sealed", "de"), True)] * 2


def test_an_address_that_does_not_exist_is_a_page_for_a_person(client: TestClient) -> None:
    html = {"Accept": "text/html,application/xhtml+xml"}
    english = client.get("/no/such/page", headers={**html, "Accept-Language": "en"})
    german = client.get("/no/such/page", headers={**html, "Accept-Language": "de"})
    assert english.status_code == german.status_code == 404
    assert english.headers["content-type"].startswith("text/html")
    assert "This page does not exist" in english.text and 'href="/mine"' in english.text
    assert "Diese Seite gibt es nicht" in german.text
    # a program asking (the API, or no HTML wanted) gets the JSON refusal
    for path, headers in (("/api/no-such", html), ("/no/such/page", {})):
        answer = client.get(path, headers=headers)
        assert (answer.status_code, answer.json()["key"]) == (404, "srv.no_page")


def test_every_page_has_an_icon(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml"
    page = client.get("/")
    linked = re.search(r'<link rel="icon" id="icon" href="([^"?]+)', page.text)
    assert linked is not None and client.get(linked.group(1)).status_code == 200
    assert client.get("/static/icon-turn.svg").status_code == 200
