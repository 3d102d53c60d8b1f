"""A seat the admin hands to a bot (its player left) leaves the player's link only
watching: it reads the public view, as the spectator link does, and may not rename the
seat, chat as it, ask for its actions or act, through the API or a live connection
(one opened before the hand-over included)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Made, create, make_client


@pytest.fixture
def quiet_client(tmp_path: Path) -> Iterator[Any]:
    # no bots in the background: the table stays where the test leaves it
    with make_client(f"sqlite:///{tmp_path / 'server.sqlite3'}", background=False) as c:
        yield c


def _table_with_a_quitter(client: Any) -> Made:
    made = create(client, "linie1", ["human", "human"])
    seat_view = made.seats[1].table_now()["view"]
    assert seat_view != made.spectator.table_now()["view"]  # the seat sees its own cards
    response = made.admin.post("seats/1/bot", {"kind": "random"})
    assert response.status_code == 200, response.text
    return made


def test_the_old_link_reads_only_the_public_view(quiet_client: Any) -> None:
    made = _table_with_a_quitter(quiet_client)
    quitter = made.seats[1].table_now()
    assert (quitter["role"], quitter["seat"], quitter["your_turn"]) == (
        "spectator", None, False)
    assert quitter["view"] == made.spectator.table_now()["view"]
    mine = quiet_client.post("/api/my-tables", json={"tokens": [made.seats[1].token]})
    assert [t["seat"] for t in mine.json()] == [None]
    log = made.seats[1].get("log").json()
    assert log == made.spectator.get("log").json()


@pytest.mark.parametrize(("method", "what", "body"), [
    ("post", "join", {"name": "Mallory"}),
    ("post", "chat", {"text": "I am still seat 2"}),
    ("post", "actions", {"notation": "pass"}),
    ("get", "legal", None),
])
def test_the_old_link_may_not_speak_for_the_seat(quiet_client: Any, method: str, what: str,
                                                 body: Any) -> None:
    made = _table_with_a_quitter(quiet_client)
    before = made.admin.table_now()
    seat = made.seats[1]
    response = seat.post(what, body) if method == "post" else seat.get(what)
    assert response.status_code == 403, response.text
    assert response.json()["key"] == "srv.seat_left"
    assert "only watches" in response.json()["error"]
    german = quiet_client.post(f"/api/tables/{made.table}/chat?lang=de", json={"text": "x"},
                               headers={"Authorization": f"Bearer {seat.token}"})
    assert "schaut dem Tisch nur noch zu" in german.json()["error"]
    after = made.admin.table_now()
    assert after["seats"] == before["seats"] and after["seq"] == before["seq"]
    assert quiet_client.get(f"/api/tables/{made.table}/chat", headers={
        "Authorization": f"Bearer {made.admin.token}"}).json() == []


def _next_table(socket: Any) -> dict[str, Any]:
    while True:
        frame = socket.receive_json()
        if frame.get("type") == "table":
            table: dict[str, Any] = frame["table"]
            return table


def test_a_live_connection_of_the_seat_turns_spectator_at_the_hand_over(
        quiet_client: Any) -> None:
    made = create(quiet_client, "linie1", ["human", "human"])
    public = made.spectator.table_now()["view"]
    with quiet_client.websocket_connect(f"/api/tables/{made.table}/live") as socket:
        socket.send_json({"token": made.seats[1].token})
        first = _next_table(socket)
        assert first["seat"] == 1 and first["view"] != public
        assert made.admin.post("seats/1/bot", {"kind": "random"}).status_code == 200
        update = _next_table(socket)
        assert (update["role"], update["seat"]) == ("spectator", None)
        assert update["view"] == made.spectator.table_now()["view"]


def test_a_live_connection_opened_after_the_hand_over_watches(quiet_client: Any) -> None:
    made = _table_with_a_quitter(quiet_client)
    with quiet_client.websocket_connect(f"/api/tables/{made.table}/live") as socket:
        socket.send_json({"token": made.seats[1].token})
        first = _next_table(socket)
        assert (first["role"], first["seat"]) == ("spectator", None)
        assert first["view"] == made.spectator.table_now()["view"]
