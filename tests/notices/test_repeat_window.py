"""A notice is marked sent the moment its receiver has it: a mail right after the SMTP
server accepted it, before QUIT; a webhook on its status line, before the answer's
body. A server slow to say goodbye or to finish its answer does not widen the moment
in which a killed process would send the notice again."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from tests.mail.servers import SmtpServer
from tests.notices.conftest import notice_client, worker_of
from tests.notices.receivers import Hook
from tests.notices.test_mail_notices import play_until
from tests.notices.test_when_notices_go import outcomes
from tests.server.conftest import create

PATIENCE = 30.0  # seconds any one step may take on a loaded machine


def eventually(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def sending(client: TestClient) -> threading.Thread:
    """The sender's round, in the background (it waits on the stalled receiver)."""
    worker = worker_of(client)
    thread = threading.Thread(target=worker.run_once, args=(time.time(),), daemon=True)
    thread.start()
    return thread


def test_a_mail_is_marked_sent_before_quit(tmp_path: Path, smtp: SmtpServer) -> None:
    with notice_client(f"sqlite:///{tmp_path / 'quit.sqlite3'}", smtp) as client:
        made = create(client, "rail-line", ["human", "human"])
        answer = made.seats[1].post("notices", {"email": "p1@example.org"})
        assert answer.status_code == 200, answer.text
        smtp.inbox.stall_quit.set()
        try:
            thread = sending(client)
            assert smtp.inbox.quit_asked.wait(PATIENCE), "QUIT never came"
            assert len(smtp.inbox.messages) == 1
            eventually(lambda: outcomes(client, made.table) == [("confirm", "sent")],
                       "the accepted mail was not marked while QUIT waited")
            assert thread.is_alive()  # still waiting for QUIT's answer
        finally:
            smtp.inbox.stall_quit.clear()
        thread.join(PATIENCE)
        assert not thread.is_alive()
        assert worker_of(client).sent == 1


def test_a_webhook_is_marked_sent_on_its_status_line(tmp_path: Path, hook: Hook) -> None:
    with notice_client(f"sqlite:///{tmp_path / 'status.sqlite3'}", None,
                       webhook_timeout=PATIENCE * 2) as client:
        made = create(client, "rail-line", ["human", "human"])
        assert made.seats[1].post("notices", {"webhook": hook.url}).status_code == 200
        play_until(made, 1)
        hook.answer = 200  # an answer with a body (a 204 has none to wait for)
        hook.stall_body.set()
        try:
            thread = sending(client)
            assert hook.answered.wait(PATIENCE), "the webhook was never called"
            eventually(lambda: outcomes(client, made.table) == [("turn", "sent")],
                       "the answered webhook was not marked while its body waited")
            assert hook.stall_body.is_set()  # the body has not gone out
        finally:
            hook.stall_body.clear()
        thread.join(PATIENCE)
        assert not thread.is_alive()
        assert worker_of(client).sent == 1
