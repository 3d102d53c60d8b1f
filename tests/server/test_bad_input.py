"""Bad input of any kind gets a clear 4xx with a reason and changes nothing
: malformed JSON, unknown table, missing or wrong token, out of turn, an
illegal or unreadable action, a huge body, a wrong role."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import auth, create


def unchanged(made: Any, before: dict[str, Any]) -> None:
    after = made.spectator.table_now()
    assert after["seq"] == before["seq"]
    assert after["view"] == before["view"]


def refused(response: Any, status: int, *fragments: str) -> str:
    assert response.status_code == status, (response.status_code, response.text)
    body = response.json()
    assert isinstance(body["error"], str) and body["error"], body
    for fragment in fragments:
        assert fragment in body["error"], (fragment, body["error"])
    text: str = body["error"]
    return text


@pytest.fixture
def made(client: Any) -> Any:
    return create(client, "rail-line", ["human", "human", "human"])


def test_every_refusal_leaves_the_table_unchanged(client: Any, made: Any) -> None:
    before = made.spectator.table_now()
    url = f"/api/tables/{made.table}/actions"
    me = auth(made.seats[0].token)
    refused(client.post(url, content=b"{not json", headers={**me, "content-type":
                                                           "application/json"}), 422)
    refused(client.post(url, json=["side", 1], headers=me), 422)
    refused(client.post(url, json={}, headers=me), 422, "exactly one")
    refused(client.post(url, json={"notation": "side 1", "action": ["side", 1]}, headers=me),
            422, "exactly one")
    refused(client.post(url, json={"notation": "fly to the moon"}, headers=me), 422)
    refused(client.post(url, json={"action": [{"a": 1}]}, headers=me), 422)
    refused(client.post(url, json={"action": []}, headers=me), 422)
    refused(client.post(url, json={"action": ["side", 99]}, headers=me), 422)
    refused(client.post(url, json={"notation": "side 1", "extra": 1}, headers=me), 422)
    refused(client.post(url, json={"notation": "side 1"}), 401, "token")
    refused(client.post(url, json={"notation": "side 1"}, headers=auth("wrong")), 403)
    refused(client.post(url, json={"notation": "side 1"}, headers=auth(made.seats[1].token)),
            409, "seat 1")
    refused(client.post(url, json={"notation": "side 1"}, headers=auth(made.admin.token)),
            403)
    refused(client.post(url, json={"notation": "side 1"},
                        headers=auth(made.spectator.token)), 403)
    refused(client.post(url, json={"notation": "side 1", "expected_seq": 5}, headers=me),
            409, "expected action 5")
    refused(client.post(f"/api/tables/nope/actions", json={"notation": "side 1"},  # noqa: F541
                        headers=me), 404, "nope")
    refused(client.post(url, content=b"x" * 100_000, headers={**me, "content-type":
                                                             "application/json"}), 413)
    refused(client.post(url, json={"notation": "x" * 5000}, headers=me), 422)
    unchanged(made, before)
    # and the seat can still act normally afterwards
    assert made.seats[0].act("side 1").status_code == 200


def test_a_chunked_body_over_the_limit_is_refused(client: Any, made: Any) -> None:
    def chunks() -> Any:
        for _ in range(100):
            yield b"x" * 1000

    response = client.post(f"/api/tables/{made.table}/chat", content=chunks(),
                           headers={**auth(made.seats[0].token),
                                    "content-type": "application/json"})
    refused(response, 413)
    assert made.seats[0].get("chat").json() == []


def test_bad_tables_are_refused(client: Any) -> None:
    def make(body: Any) -> Any:
        return client.post("/api/tables", json=body)

    refused(make({"game": "chess", "seats": [{"kind": "human"}]}), 422, "chess")
    refused(make({"game": "rail-line", "seats": [{"kind": "human"}]}), 422, "2 or 3")
    refused(make({"game": "rail-line", "seats": [{"kind": "wizard"}] * 2}), 422, "wizard")
    refused(make({"game": "rail-line", "seats": [{"kind": "human"}] * 2,
                  "options": {"sheet": "IX"}}), 422)
    refused(make({"game": "rail-line", "seats": [{"kind": "human"}] * 2,
                  "options": {"colour": "red"}}), 422, "colour")
    refused(make({"game": "linie1", "seats": [{"kind": "human"}] * 2,
                  "options": {"rounds": "-3"}}), 422, "rounds")
    refused(make({"game": "rail-line", "seats": [{"kind": "human"}] * 2,
                  "deadline_seconds": 1}), 422)
    refused(make({"game": "rail-line", "seats": []}), 422)
    refused(make({"game": "rail-line", "seats": [{"kind": "human", "name": "x" * 41}] * 2}),
            422)


def test_refusals_come_in_german_too(client: Any, made: Any) -> None:
    url = f"/api/tables/{made.table}/actions"
    german = {**auth(made.seats[1].token), "Accept-Language": "de-DE"}
    text = refused(client.post(url, json={"notation": "side 1"}, headers=german), 409)
    assert "nicht am Zug (es wird gewartet auf Platz 0)" in text
    text = refused(client.get(f"/api/tables/nope?lang=de"), 404)  # noqa: F541
    assert "keinen Tisch" in text


def test_an_illegal_action_is_refused_in_the_games_words(client: Any, made: Any) -> None:
    made.seats[0].act("side 1")
    made.seats[0].act("track 1")
    before = made.spectator.table_now()
    # seat 1 chooses a track too; taking seat 0's track is against the rules
    response = made.seats[1].act("track 1")
    assert response.status_code == 422, response.text
    assert response.json()["key"] != "srv.bad_request"
    unchanged(made, before)


def test_roles(client: Any, made: Any) -> None:
    refused(made.spectator.post("chat", {"text": "hi"}), 403)
    refused(made.spectator.get("legal"), 403)
    refused(made.admin.post("join", {"name": "Boss"}), 403)
    refused(made.seats[0].post("deadline", {"seconds": 60}), 403)
    refused(made.seats[0].post("chat", {"text": "   "}), 422)
    refused(made.seats[0].get("record"), 409, "not finished")
    refused(made.admin.post("seats/7/bot", {"kind": "greedy"}), 422)
    refused(client.post("/api/my-tables", json={"tokens": ["t"] * 201}), 422)
    assert client.post("/api/my-tables", json={"tokens": ["nothing"]}).json() == []


def test_websocket_refuses_a_wrong_token(client: Any, made: Any) -> None:
    with client.websocket_connect(f"/api/tables/{made.table}/live") as socket:
        socket.send_json({"token": "wrong"})
        assert "error" in socket.receive_json()
    with client.websocket_connect(f"/api/tables/{made.table}/live") as socket:
        socket.send_text("not json")
        assert "error" in socket.receive_json()
