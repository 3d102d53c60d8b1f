"""A rematch of a finished table: the same game, options, seats and deadline, a new deal.
The first request opens it (two at once open one); each seat asking gets the same seat
there with a new link of its own; the admin's and spectators' links open it as they
are; bots keep their seats; an unfinished table or a watcher is refused."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Made, Seat, create, make_client, service_of


@pytest.fixture
def quiet(tmp_path: Path) -> Iterator[Any]:
    with make_client(f"sqlite:///{tmp_path / 'server.sqlite3'}", background=False) as c:
        yield c


def _finished(client: Any, kinds: list[str]) -> Made:
    """A Rail Line table played to its end through the API by its seats (and bots)."""
    made = create(client, "rail-line", kinds, deadline_seconds=86_400)
    for seat in made.seats.values():
        seat.post("join", {"name": f"Player {seat.seat}"})
    while True:
        table = made.admin.table_now()
        if table["finished"]:
            return made
        owing = table["decision"]["seats"][0]
        if owing not in made.seats:  # a bot's turn: it moves in the background
            time.sleep(0.01)
            continue
        seat = made.seats[owing]
        first = seat.get("legal").json()["actions"][0]["notation"]
        assert seat.act(first).status_code == 200


def test_a_rematch_gives_each_seat_the_same_seat_at_a_new_deal(client: Any) -> None:
    made = _finished(client, ["human", "human", "greedy"])
    old = made.admin.table_now()
    asked = made.seats[1].post("rematch", {})
    assert asked.status_code == 200, asked.text
    answer = asked.json()
    new_table = answer["table"]
    assert answer["seat"] == 1 and answer["link"].endswith("#" + answer["token"])
    assert made.admin.table_now()["rematch"] == new_table
    bea = Seat(client, new_table, answer["token"], 1).table_now()
    assert (bea["role"], bea["seat"], bea["finished"]) == ("seat", 1, False)
    assert [s["name"] for s in bea["seats"]] == [s["name"] for s in old["seats"]]
    assert [s["free"] for s in bea["seats"]] == [True, False, False]
    assert bea["options"] == old["options"] and bea["deadline_seconds"] == 86_400
    service = service_of(client)
    assert service.info(new_table).seed != service.info(made.table).seed
    # the other player follows: the same table, their own seat
    ann = made.seats[0].post("rematch", {}).json()
    assert (ann["table"], ann["seat"]) == (new_table, 0)
    # the admin's and spectators' links open the new table as they are
    admin = Seat(client, new_table, made.admin.token, None).table_now()
    assert admin["role"] == "admin"
    assert Seat(client, new_table, made.spectator.token, None).table_now()["role"] == "spectator"
    assert made.admin.post("rematch", {}).json()["table"] == new_table
    # a seat already taken there is not given twice
    again = made.seats[1].post("rematch", {})
    assert (again.status_code, again.json()["key"]) == (409, "srv.seat_taken")


def test_two_players_asking_at_once_open_one_table(any_client: Any) -> None:
    made = _finished(any_client, ["human", "human"])
    tables: list[str] = []

    def ask(seat: int) -> None:
        tables.append(made.seats[seat].post("rematch", {}).json()["table"])

    threads = [threading.Thread(target=ask, args=(s,)) for s in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(tables) == 2 and tables[0] == tables[1]


def test_only_a_finished_table_and_only_its_players(quiet: Any) -> None:
    running = create(quiet, "rail-line", ["human", "human"])
    refused = running.seats[0].post("rematch", {})
    assert (refused.status_code, refused.json()["key"]) == (409, "srv.not_finished_yet")
    made = _finished(quiet, ["human", "human"])
    assert made.invitation is not None
    for link in (made.spectator, made.invitation):
        answer = link.post("rematch", {})
        assert (answer.status_code, answer.json()["key"]) == (403, "srv.rematch_players")
    assert made.admin.table_now()["rematch"] is None
