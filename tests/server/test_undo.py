"""Undo at a server table (server/undo.py), on SQLite and PostgreSQL, with two server
apps on one database standing for two processes: a seat takes back its own newest
action while nothing was revealed and no other seat has acted; the undo is a logged
row both processes read alike; everything else is refused and changes nothing; the
record holds only the actions that stand."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import httpx

from .conftest import Seat, auth, create, make_client, service_of
from .serve_process import free_port, start


def _placement(seat: Seat) -> str:
    legal = seat.get("legal").json()["actions"]
    return next(a["notation"] for a in legal if a["notation"] != "pass"
                and ";" not in a["notation"])


def _undo(seat: Seat, expected: int | None = None) -> Any:
    return seat.post("undo", {} if expected is None else {"expected_seq": expected})


def _as(seat: Seat, client: Any) -> Seat:
    """The same link, sent to the other process."""
    return Seat(client, seat.table, seat.token, seat.seat)


def test_a_seat_takes_back_its_order_until_the_round_is_revealed(database: str) -> None:
    with make_client(database) as one, make_client(database) as two:
        made = create(one, "linie1", ["human", "human"], {"rounds": "2"})
        anna, bert = made.seats[0], made.seats[1]
        anna_there = _as(anna, two)
        order = _placement(anna)
        assert anna.table_now()["can_undo"] is False     # nothing done yet
        assert anna.act(order).status_code == 200
        assert anna.table_now()["can_undo"] is True
        assert anna_there.table_now()["can_undo"] is True  # both processes agree
        assert bert.table_now()["can_undo"] is False
        refused = _undo(bert)
        assert refused.status_code == 409 and refused.json()["key"] == "srv.no_undo"
        assert _undo(anna_there, expected=0).status_code == 409   # stale: at action 1
        answer = _undo(anna_there, expected=1)              # through the other process
        assert answer.status_code == 200, answer.text
        assert answer.json()["undone"] == 2
        after = answer.json()["table"]
        assert after["seq"] == 2 and after["your_turn"] and after["can_undo"] is False
        assert after["decision"]["seats"] == [0, 1]
        here = anna.table_now()                             # the first process agrees
        assert (here["seq"], here["view"], here["decision"]) == (
            2, after["view"], after["decision"])
        assert _undo(anna).json()["key"] == "srv.no_undo"    # nothing more of hers stands
        log = bert.get("log").json()["actions"]
        assert [(e["seq"], e["by"], e.get("taken_back")) for e in log] == [
            (1, "seat", True), (2, "undo", None)]
        assert all("notation" not in e for e in log)        # her order stays hers alone
        # a new order, then the other seat's: the round is revealed, nobody takes back
        assert anna.act("pass").status_code == 200
        assert bert.act("pass").status_code == 200
        for seat in (anna, bert, anna_there):
            assert seat.table_now()["can_undo"] is False
            assert _undo(seat).json()["key"] == "srv.no_undo"
        assert anna.table_now()["seq"] == 4


def test_the_record_holds_only_the_actions_that_stand(database: str) -> None:
    with make_client(database) as one:
        made = create(one, "linie1", ["human", "human"], {"rounds": "1"})
        anna, bert = made.seats[0], made.seats[1]
        order = _placement(anna)
        assert anna.act(order).status_code == 200
        assert _undo(anna).status_code == 200
        assert anna.act("pass").status_code == 200
        assert bert.act("pass").status_code == 200
        assert anna.table_now()["finished"]
        record = one.get(f"/api/tables/{made.table}/record", headers=auth(anna.token))
        assert record.status_code == 200, record.text
        assert record.json()["actions"] == [{"seat": 0, "action": "pass"},
                                            {"seat": 1, "action": "pass"}]
    with make_client(database) as fresh:   # a process that never saw the table
        table = fresh.get(f"/api/tables/{made.table}", headers=auth(bert.token)).json()
        assert table["seq"] == 4 and table["finished"] and table["can_undo"] is False


def test_a_bot_seat_and_spectators_take_nothing_back(database: str) -> None:
    with make_client(database) as one:
        made = create(one, "linie1", ["human", "human"])
        assert _undo(made.spectator).status_code == 403
        assert _undo(made.seats[0]).json()["key"] == "srv.no_undo"
        assert made.spectator.table_now()["can_undo"] is False



def test_no_undo_reaches_past_a_snapshot_point_in_any_process(database: str) -> None:
    """Every process offers the same undos, whether it followed the table from the seed
    or restored it from the newest snapshot (here every 2 log rows)."""
    with make_client(database) as one, make_client(database) as two:
        for client in (one, two):
            service_of(client).snapshot_every = 2
        made = create(one, "linie1", ["human", "human"], {"rounds": "3"})
        anna, bert = made.seats[0], made.seats[1]
        assert bert.act("pass").status_code == 200             # row 1
        assert anna.act(_placement(anna)).status_code == 200   # row 2: a snapshot point
        assert [_as(anna, c).table_now()["can_undo"] for c in (one, two)] == [False, False]
        assert _undo(_as(anna, two)).json()["key"] == "srv.no_undo"
        assert bert.act("pass").status_code == 200             # row 3: round 2 opens
        assert bert.table_now()["can_undo"] is True             # row 3 lies past point 2
        assert _undo(_as(bert, two)).status_code == 200         # row 4, itself a point
        assert anna.act(_placement(anna)).status_code == 200   # row 5
        assert bert.act("pass").status_code == 200             # row 6: round 3 opens
        assert anna.act(_placement(anna)).status_code == 200   # row 7
        with make_client(database) as three:
            service_of(three).snapshot_every = 2
            for client in (one, two, three):
                seats = (_as(anna, client), _as(bert, client))
                assert [s.table_now()["can_undo"] for s in seats] == [True, False]
            assert _undo(_as(anna, three)).status_code == 200  # row 8: a point again
            assert anna.act("pass").status_code == 200          # row 9
            views = [_as(anna, c).table_now() for c in (one, two, three)]
            assert all(v["view"] == views[0]["view"] and v["seq"] == 9 for v in views)
            assert [v["can_undo"] for v in views] == [True] * 3


def test_an_acknowledged_undo_survives_kill_9(database: str, tmp_path: Path) -> None:
    url = None if database.startswith("sqlite") else database
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(port, tmp_path / "data", url)
    try:
        with httpx.Client(base_url=base, timeout=10) as client:
            made = client.post("/api/tables", json={
                "game": "linie1", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
            table, anna = made["table"], auth(made["seats"][0]["token"])
            legal = client.get(f"/api/tables/{table}/legal", headers=anna).json()["actions"]
            order = next(a["notation"] for a in legal if ";" not in a["notation"]
                         and a["notation"] != "pass")
            for _ in range(2):
                assert client.post(f"/api/tables/{table}/actions", headers=anna,
                                   json={"notation": order}).status_code == 200
                assert client.post(f"/api/tables/{table}/undo", headers=anna,
                                   json={}).status_code == 200
            before = client.get(f"/api/tables/{table}", headers=anna).json()
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        server = start(port, tmp_path / "data", url)
        with httpx.Client(base_url=base, timeout=10) as client:
            after = client.get(f"/api/tables/{table}", headers=anna).json()
            assert (after["seq"], after["your_turn"], after["can_undo"]) == (4, True, False)
            assert after["view"] == before["view"]
            assert client.post(f"/api/tables/{table}/actions", headers=anna,
                               json={"notation": "pass"}).json()["accepted"] == 5
    finally:
        server.kill()
        server.wait(timeout=10)
        if server.stdout:
            server.stdout.close()
