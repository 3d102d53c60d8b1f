"""Friends invited one seat each: the table's invitation link only watches until its
holder claims a free seat, which gives them that seat's own link; a seat is claimed
once however many ask at the same moment; the admin can replace a seat's link or the
invitation, and the replaced link stops at once."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Made, Seat, create, make_client


@pytest.fixture
def quiet(tmp_path: Path) -> Iterator[Any]:
    with make_client(f"sqlite:///{tmp_path / 'server.sqlite3'}", background=False) as c:
        yield c


def _table(client: Any) -> Made:
    return create(client, "rail-line", ["human", "human", "greedy"])


def _invitation(made: Made) -> Seat:
    assert made.invitation is not None
    return made.invitation


def test_the_invitation_watches_and_lists_the_free_seats(quiet: Any) -> None:
    made = _table(quiet)
    guest = _invitation(made).table_now()
    assert guest["role"] == "guest"
    assert guest["view"] == made.spectator.table_now()["view"]
    assert [s["free"] for s in guest["seats"]] == [True, True, False]
    for what, body in (("actions", {"notation": "side 1"}), ("chat", {"text": "hi"}),
                       ("join", {"name": "Eve"})):
        assert _invitation(made).post(what, body).status_code == 403
    assert _invitation(made).get("legal").status_code == 403


def test_a_claimed_seat_is_the_claimers_and_the_old_seat_link_stops(quiet: Any) -> None:
    made = _table(quiet)
    answer = _invitation(made).post("claim", {"seat": 1, "name": "Bea"})
    assert answer.status_code == 200, answer.text
    claimed = answer.json()
    assert claimed["seat"] == 1 and claimed["link"].endswith("#" + claimed["token"])
    bea = Seat(quiet, made.table, claimed["token"], 1).table_now()
    assert (bea["role"], bea["seat"], bea["seats"][1]["name"]) == ("seat", 1, "Bea")
    assert [s["free"] for s in bea["seats"]] == [True, False, False]
    old = made.seats[1].get()
    assert (old.status_code, old.json()["key"]) == (403, "srv.bad_token")
    assert made.seats[0].table_now()["role"] == "seat"  # the host's own seat is untouched


def test_a_taken_seat_is_refused_in_the_readers_language_and_nothing_changes(
        quiet: Any) -> None:
    made = _table(quiet)
    made.seats[1].post("join", {"name": "Bea"})
    before = made.admin.table_now()
    for seat, status in ((1, 409), (2, 409), (7, 422)):
        response = quiet.post(f"/api/tables/{made.table}/claim?lang=de",
                              headers={"Authorization": f"Bearer {_invitation(made).token}"},
                              json={"seat": seat, "name": "Mallory"})
        assert response.status_code == status, response.text
    german = quiet.post(f"/api/tables/{made.table}/claim?lang=de",
                        headers={"Authorization": f"Bearer {_invitation(made).token}"},
                        json={"seat": 1, "name": "Mallory"}).json()
    assert german["key"] == "srv.seat_taken" and "Bea ist schon vergeben" in german["error"]
    bad_name = _invitation(made).post("claim", {"seat": 0, "name": "Mal\u202eory"})
    assert bad_name.status_code == 422
    assert made.admin.table_now() == before


def test_only_the_invitation_claims(quiet: Any) -> None:
    made = _table(quiet)
    for link in (made.seats[0], made.spectator, made.admin):
        response = link.post("claim", {"seat": 1, "name": "Mallory"})
        assert (response.status_code, response.json()["key"]) == (403, "srv.invite_only")
    assert made.admin.table_now()["seats"][1]["free"] is True


def test_one_seat_claimed_by_many_at_once_goes_to_one(any_client: Any) -> None:
    made = _table(any_client)
    token = _invitation(made).token
    answers: list[int] = []

    def claim(name: str) -> None:
        answers.append(any_client.post(
            f"/api/tables/{made.table}/claim", headers={"Authorization": f"Bearer {token}"},
            json={"seat": 1, "name": name}).status_code)

    threads = [threading.Thread(target=claim, args=(f"Friend {i}",)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200] + [409] * 5
    assert made.admin.table_now()["seats"][1]["free"] is False


def test_the_admin_replaces_a_seat_link_and_the_invitation(quiet: Any) -> None:
    made = _table(quiet)
    assert made.seats[0].post("seats/0/link", {}).status_code == 403
    fresh = made.admin.post("seats/0/link", {})
    assert fresh.status_code == 200, fresh.text
    assert made.seats[0].get().status_code == 403
    again = Seat(quiet, made.table, fresh.json()["token"], 0).table_now()
    assert (again["role"], again["seat"]) == ("seat", 0)
    assert made.admin.post("seats/2/link", {}).status_code == 409  # a bot's seat
    invitation = made.admin.post("invitation", {})
    assert invitation.status_code == 200
    assert _invitation(made).get().status_code == 403
    newer = Seat(quiet, made.table, invitation.json()["token"], None).table_now()
    assert newer["role"] == "guest"
