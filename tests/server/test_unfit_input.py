"""Input no table survives on other servers: control characters in a name, chat line or
notation; NaN, Infinity and lone surrogates in a JSON body; a hostile first WebSocket
message. Each is a 4xx in the request's language that changes nothing, never a 500, a
503 that asks to try again, or an uncaught exception."""

from __future__ import annotations

import json
import logging
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stellwerk.server import store

from .conftest import auth, create, service_of

ESC, NUL, BEL = "\x1b", "\x00", "\x07"


def refused_for_character(response: Any, where: str, char: str, lang: str = "en") -> None:
    assert response.status_code == 422, (response.status_code, response.text)
    body = response.json()
    assert body["key"] == "srv.bad_character", body
    assert where in body["error"] and char in body["error"], body
    assert ("Zeichen" if lang == "de" else "character") in body["error"], body


def post_raw(client: TestClient, path: str, body: str, token: str | None = None) -> Any:
    headers = {"content-type": "application/json", **(auth(token) if token else {})}
    return client.post(path, content=body.encode("utf-8", "surrogatepass"), headers=headers)


def test_a_control_character_in_a_name_chat_or_notation_is_refused_and_never_stored(
        any_client: TestClient) -> None:
    # on PostgreSQL a NUL must not reach the database, whose refusal would read "try again"
    client = any_client
    body = {"game": "rail-line", "seats": [{"kind": "human", "name": f"Ann{ESC}[2J"},
                                           {"kind": "human"}]}
    refused_for_character(client.post("/api/tables", json=body), "name", "U+001B")
    refused_for_character(client.post("/api/tables?lang=de", json=body), "name", "U+001B",
                          "de")
    made = create(client, "rail-line", ["human", "human"])
    seat = made.seats[0]
    before = made.spectator.table_now()
    for name in (f"A{NUL}B", f"{BEL}", "\ufffe", "Bo\u202eb", "x\u2028y", "\x85"):
        response = seat.post("join", {"name": name})
        refused_for_character(response, "name", f"U+{ord(name.strip('ABoxyb')[0]):04X}")
    refused_for_character(seat.post("chat", {"text": f"hi{NUL}"}), "text", "U+0000")
    refused_for_character(seat.post("actions", {"notation": f"side 1{NUL}"}), "notation",
                          "U+0000")
    assert made.spectator.table_now() == before
    assert seat.get("chat").json() == []
    # a plain name with letters of any script, emoji and inner blanks is fine
    assert seat.post("join", {"name": "Zoë 🚂 Łukasz"}).status_code == 200
    assert seat.post("chat", {"text": "Grüße, ça va? 👍"}).status_code == 201


def test_a_table_id_with_a_nul_is_simply_unknown(any_client: TestClient) -> None:
    response = any_client.get("/api/tables/ab%00cd", headers=auth("x"))
    assert response.status_code == 404, response.text
    assert response.json()["key"] == "srv.no_table"


@pytest.mark.parametrize("path, body", [
    ("/api/tables", '{"game": "\\ud83d", "seats": [{"kind": "human"}]}'),
    ("/api/tables", '{"game": "rail-line", "seats": [{"kind": "human", "name": "\\udfff"}]}'),
    ("/api/tables", '{"game": "rail-line", "seats": [{"kind": "human"}, {"kind": "human"}],'
                    ' "options": {"\\ud800": 1}}'),
    ("/api/tables", '{"game": "rail-line", "seats": [{"kind": "human"}, {"kind": "human"}],'
                    ' "deadline_seconds": NaN}'),
    ("/api/tables", '{"game": "rail-line", "seats": [{"kind": "human"}, {"kind": "human"}],'
                    ' "deadline_seconds": Infinity}'),
    ("/api/tables", '{"game": "rail-line", "seats": [{"kind": "human"}], "options": '
                    '{"sheet": -Infinity}}'),
    ("/api/my-tables", '{"tokens": ["\\ud800", NaN]}'),
])
def test_nan_infinity_and_lone_surrogates_get_a_422_and_one_short_log_line(
        client: TestClient, caplog: pytest.LogCaptureFixture, path: str, body: str) -> None:
    caplog.set_level(logging.INFO)
    response = post_raw(client, path, body)
    assert response.status_code == 422, response.text
    answer = response.json()
    assert answer["key"] in ("srv.bad_request", "srv.bad_character"), answer
    assert answer["error"] and all("input" not in d for d in answer["details"])
    german = post_raw(client, path + "?lang=de", body).json()
    assert german["key"] == answer["key"] and german["error"] != answer["error"]
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("stellwerk")]
    assert lines and all("\n" not in line and len(line) < 300 for line in lines), lines
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


def test_a_lone_surrogate_in_an_action_or_chat_is_refused(client: TestClient) -> None:
    made = create(client, "rail-line", ["human", "human"])
    token = made.seats[0].token
    for path, body in ((f"/api/tables/{made.table}/actions", '{"action": ["\\ud800", 1]}'),
                       (f"/api/tables/{made.table}/actions", '{"notation": "side \\udc00"}'),
                       (f"/api/tables/{made.table}/chat", '{"text": "\\ud83d"}')):
        response = post_raw(client, path, body, token)
        assert response.status_code == 422, response.text
        assert response.json()["error"]
    assert made.seats[0].get("chat").json() == []


def test_the_board_stays_valid_whatever_name_the_database_holds(client: TestClient) -> None:
    # a name stored by another program, or before the rule: the drawing must not vanish
    for game, seats in (("rail-line", 2), ("benelux-rails", 2), ("railways", 1),
                        ("linie1", 2)):
        made = create(client, game, ["human"] * seats)
        with service_of(client).engine.begin() as conn:
            conn.execute(store.seats.update().where(store.seats.c.table_id == made.table)
                         .values(name=f"{ESC}[31mX{BEL}\ufffe\x85"))
        service_of(client).forget_info(made.table)
        response = client.get(f"/web/tables/{made.table}/board",
                              headers=auth(made.spectator.token))
        assert response.status_code == 200, (game, response.text[:200])
        ET.fromstring(response.text)  # raises on invalid XML


def _closed(socket: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    said = socket.receive_json()
    closing = socket.receive()
    assert closing["type"] == "websocket.close", closing
    return said, closing


def test_websocket_closes_on_a_deeply_nested_first_message_with_a_reason(
        client: TestClient) -> None:
    made = create(client, "rail-line", ["human", "human"])
    for hello in ("[" * 1500 + "]" * 1500, "[" * 100_000 + "]" * 100_000):
        with client.websocket_connect(f"/api/tables/{made.table}/live") as socket:
            socket.send_text(hello)
            said, closing = _closed(socket)
        assert said["key"] in ("srv.bad_hello", "srv.hello_too_big"), said
        assert closing["code"] in (4400, 1009) and closing["reason"], closing
    with client.websocket_connect(f"/api/tables/{made.table}/live",
                                  headers={"accept-language": "de"}) as socket:
        socket.send_bytes(b"\xff\xfe{")
        said, closing = _closed(socket)
    assert said["key"] == "srv.bad_hello" and "Nachricht" in said["error"]
    assert closing["code"] == 4400


def test_websocket_takes_the_token_in_a_binary_frame(client: TestClient) -> None:
    made = create(client, "rail-line", ["human", "human"])
    with client.websocket_connect(f"/api/tables/{made.table}/live") as socket:
        socket.send_bytes(f'{{"token": "{made.seats[0].token}"}}'.encode())
        frame = socket.receive_json()
    assert frame["type"] == "table" and frame["table"]["seat"] == 0, frame


def test_a_refusal_logs_one_printable_line_whatever_the_address_holds(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    response = post_raw(client, "/api/tables/%1b%5b2J%07/chat", '{"text": NaN}', "x")
    assert response.status_code == 422, response.text
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("stellwerk")]
    assert len(lines) == 1 and lines[0].isprintable(), lines
    assert "\\x1b" in lines[0]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize=True, database=None)
@given(text=st.text(st.characters(codec=None, categories=None), min_size=1, max_size=30))
def test_any_chat_text_or_name_is_kept_as_sent_or_refused_whole(client: TestClient,
                                                                text: str) -> None:
    made = create(client, "rail-line", ["human", "human"])
    seat = made.seats[0]
    said = post_raw(client, f"/api/tables/{made.table}/chat",
                    json.dumps({"text": text}), seat.token)
    named = post_raw(client, f"/api/tables/{made.table}/join",
                     json.dumps({"name": text}), seat.token)
    assert said.status_code in (201, 422) and named.status_code in (200, 422), text
    messages = seat.get("chat").json()
    if said.status_code == 201:
        assert [m["text"] for m in messages] == [text.strip()]
    else:
        assert messages == [] and said.json()["key"] in ("srv.bad_character",
                                                         "srv.empty_chat", "srv.bad_request")
    board = client.get(f"/web/tables/{made.table}/board", headers=auth(made.spectator.token))
    ET.fromstring(board.text)


@pytest.mark.parametrize("body", [b"[" * 30_000 + b"]" * 30_000, b'{"notation": "\xff"}'])
def test_a_body_nested_too_deeply_or_not_utf8_is_a_keyed_422(client: TestClient,
                                                             body: bytes) -> None:
    made = create(client, "rail-line", ["human", "human"])
    for lang, word in (("en", "JSON"), ("de", "verschachtelt")):
        response = client.post(f"/api/tables/{made.table}/actions?lang={lang}", content=body,
                               headers={**auth(made.seats[0].token),
                                        "content-type": "application/json"})
        assert response.status_code == 422, response.text
        assert response.json()["key"] == "srv.bad_body" and word in response.json()["error"]
