"""Turn notices by e-mail through a real SMTP server: the confirm mail first, nothing
before it is confirmed, a turn notice in the seat's language that carries no token, the
unsubscribe link that works without the seat link, the game's end, the rate limit."""

from __future__ import annotations

import re
import time
from email.message import EmailMessage

import sqlalchemy as sa
from fastapi.testclient import TestClient

from stellwerk.server import store
from tests.mail.servers import SmtpServer
from tests.notices.conftest import worker_of
from tests.server.conftest import Made, create, service_of

LINK = re.compile(r"http://games\.test/notices/(confirm|stop)/[^\s?]+\?lang=\w\w")


def body_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())  # type: ignore[attr-defined]


def link(message: EmailMessage, purpose: str) -> str:
    found = [m.group(0) for m in LINK.finditer(body_of(message)) if m.group(1) == purpose]
    assert found, body_of(message)
    return found[0].removeprefix("http://games.test")


def tokens_of(made: Made) -> list[str]:
    return [made.admin.token, made.spectator.token,
            *(s.token for s in made.seats.values())] + (
        [made.invitation.token] if made.invitation else [])


def confirmed_table(client: TestClient, smtp: SmtpServer, lang: str = "en") -> Made:
    """A two-seat table whose seat 1 confirmed the address p1@example.org."""
    made = create(client, "rail-line", ["human", "human"])
    answer = made.seats[1].post("notices", {"email": "p1@example.org", "lang": lang})
    assert answer.status_code == 200, answer.text
    assert worker_of(client).run_once(time.time()) == 1
    confirm = smtp.inbox.wait_for(1)[0]
    assert confirm["To"] == "p1@example.org"
    page = client.get(link(confirm, "confirm"))
    assert page.status_code == 200 and "<form" in page.text
    assert made.seats[1].get("notices").json()["targets"][0]["confirmed"] is False
    assert client.post(link(confirm, "confirm")).status_code == 200
    assert made.seats[1].get("notices").json()["targets"][0]["confirmed"] is True
    return made


def play_until(made: Made, seat: int) -> None:
    """The seats play their first legal action until `seat` owes one."""
    for _ in range(100):
        if made.seats[seat].table_now()["your_turn"]:
            return
        acting = next(s for s in made.seats.values() if s.table_now()["your_turn"])
        legal = acting.get("legal").json()["actions"]
        assert acting.act(legal[0]["notation"]).status_code == 200
    raise AssertionError(f"seat {seat} never owed a decision")


def first_move(made: Made) -> None:
    play_until(made, 1)


def test_a_turn_notice_reaches_a_confirmed_address_without_any_token(
        client: TestClient, smtp: SmtpServer) -> None:
    made = confirmed_table(client, smtp, lang="de")
    first_move(made)
    assert worker_of(client).run_once(time.time()) == 1
    turn = smtp.inbox.wait_for(2)[1]
    assert turn["To"] == "p1@example.org"
    assert "am Zug" in turn["Subject"]  # the language the seat chose
    assert turn["List-Unsubscribe"].strip().startswith("<http://games.test/notices/stop/")
    whole = turn.as_string()
    for token in tokens_of(made):
        assert token not in whole
    assert f"http://games.test/t/{made.table}" in body_of(turn)


def test_nothing_but_the_confirm_mail_goes_to_an_unconfirmed_address(
        client: TestClient, smtp: SmtpServer) -> None:
    made = create(client, "rail-line", ["human", "human"])
    assert made.seats[1].post("notices", {"email": "p1@example.org"}).status_code == 200
    worker_of(client).run_once(time.time())
    first_move(made)
    assert worker_of(client).run_once(time.time()) == 0
    time.sleep(0.2)
    assert len(smtp.inbox.messages) == 1
    assert "confirm" in smtp.inbox.messages[0]["Subject"]


def test_the_unsubscribe_link_works_without_the_seat_link(
        client: TestClient, smtp: SmtpServer) -> None:
    made = confirmed_table(client, smtp)
    stop = link(smtp.inbox.messages[0], "stop")
    assert "<form" in client.get(stop).text  # a mail scanner's GET changes nothing
    assert made.seats[1].get("notices").json()["targets"]
    answered = client.post(stop)  # no Authorization header
    assert answered.status_code == 200
    assert made.seats[1].get("notices").json()["targets"] == []
    first_move(made)
    assert worker_of(client).run_once(time.time()) == 0
    assert client.post(stop).status_code == 404  # used up with its address


def test_the_game_end_reaches_every_seat_and_the_pages_speak_german(
        client: TestClient, smtp: SmtpServer) -> None:
    made = confirmed_table(client, smtp)
    page = client.get(link(smtp.inbox.messages[0], "stop").replace("lang=en", "lang=de"))
    assert "Benachrichtigungen" in page.text
    service = service_of(client)
    # the game ends: an action that finishes it is the last of the log; play it through
    # by the seats' own legal actions
    for _ in range(400):
        table = made.seats[0].table_now()
        if table["finished"]:
            break
        seat = next(s for s in made.seats.values() if s.table_now()["your_turn"])
        seat.act(seat.get("legal").json()["actions"][0]["notation"])
    assert made.seats[0].table_now()["finished"]
    with service.engine.connect() as conn:
        kinds = [r[0] for r in conn.execute(sa.select(store.outbox.c.kind).where(
            store.outbox.c.table_id == made.table))]
    assert kinds.count("end") == 1


def test_mails_to_one_address_wait_beyond_its_hourly_share(
        tmp_path: object, smtp: SmtpServer) -> None:
    from tests.notices.conftest import notice_client

    with notice_client(f"sqlite:///{tmp_path}/rate.sqlite3", smtp,
                       mails_per_hour=2) as client:
        made = confirmed_table(client, smtp)  # the confirm mail counts too
        worker = worker_of(client)
        for _ in range(3):  # two turn notices for seat 1: the second waits
            play_until(made, 1)
            worker.run_once(time.time())
            play_until(made, 0)
        assert len(smtp.inbox.messages) == 2
        with service_of(client).engine.connect() as conn:
            waiting = conn.execute(sa.select(store.outbox.c.next_try_at).where(
                store.outbox.c.sent_at.is_(None))).scalars().all()
        assert waiting and min(waiting) > time.time() + 3000  # in about an hour
        assert all(r == 0 for r in _attempts(client))  # waiting is no failure


def _attempts(client: TestClient) -> list[int]:
    with service_of(client).engine.connect() as conn:
        return list(conn.execute(sa.select(store.outbox.c.attempts)).scalars())


def test_a_registration_is_refused_in_the_users_language_when_mail_is_off(
        tmp_path: object) -> None:
    from tests.notices.conftest import notice_client

    with notice_client(f"sqlite:///{tmp_path}/off.sqlite3", None) as client:
        made = create(client, "rail-line", ["human", "human"])
        assert made.seats[1].get("notices").json()["mail"] is False
        answer = client.post(f"/api/tables/{made.table}/notices",
                             headers={"Authorization": f"Bearer {made.seats[1].token}",
                                      "Accept-Language": "de"},
                             json={"email": "p1@example.org"})
        assert answer.status_code == 409
        assert "SMTP" in answer.json()["error"] and "aus" in answer.json()["error"]
        assert made.seats[1].get("notices").json()["targets"] == []


def test_an_address_is_asked_to_confirm_only_so_often_even_when_removed_between(
        client: TestClient, smtp: SmtpServer) -> None:
    made = create(client, "rail-line", ["human", "human"])
    for _ in range(3):
        answer = made.seats[1].post("notices", {"email": "Victim@example.org"})
        assert answer.status_code == 200
        assert made.seats[1].client.delete(
            f"/api/tables/{made.table}/notices/{answer.json()['id']}",
            headers={"Authorization": f"Bearer {made.seats[1].token}"}).status_code == 200
    refused = made.seats[1].post("notices", {"email": "victim@example.org"})
    assert refused.status_code == 429 and "victim@example.org" in refused.json()["error"]
    assert made.seats[1].get("notices").json()["targets"] == []
