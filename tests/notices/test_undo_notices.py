"""Undo and the turn notices: taking back the action that made it another seat's turn
cancels that seat's unsent turn notice in the undo's own transaction; an undo that
makes a seat owe a decision anew tells it, as an action would."""

from __future__ import annotations

import json
import time

from stellwerk.core.contract import Decision
from stellwerk.server.notices.events import after_undo
from tests.notices.conftest import notice_client, worker_of
from tests.notices.receivers import Hook
from tests.notices.test_mail_notices import play_until
from tests.notices.test_when_notices_go import outcomes
from tests.server.conftest import create


def test_an_undo_cancels_the_turn_notice_its_action_caused(database: str,
                                                           hook: Hook) -> None:
    with notice_client(database, None, batch_seconds=60.0) as client:
        made = create(client, "rail-line", ["human", "human"])
        assert made.seats[1].post("notices", {"webhook": hook.url}).status_code == 200
        play_until(made, 1)
        assert made.seats[0].table_now()["can_undo"] is True, "no undoable turn's end"
        assert outcomes(client, made.table) == [("turn", None)]  # waiting its delay
        answer = made.seats[0].post("undo", {})
        assert answer.status_code == 200, answer.text
        assert outcomes(client, made.table) == [("turn", "skipped")]
        assert worker_of(client).run_once(time.time() + 61) == 0
        assert hook.received == []
        # seat 0 ends its turn again: seat 1 is told of this one
        play_until(made, 1)
        assert worker_of(client).run_once(time.time() + 61) == 1
        sent = [json.loads(body) for _p, _h, body in hook.wait_for(1)]
        assert [(n["kind"], n["seats"]) for n in sent] == [("turn", [1])]



def test_an_undo_tells_the_seats_that_owe_anew_but_not_the_undoer() -> None:
    taken_back = Decision((2,), "simultaneous", "x")
    restored = Decision((0, 1, 2), "simultaneous", "x")
    events = after_undo(taken_back, restored, 0, (0, 1, 2))
    assert [(e.kind, e.seats, e.detail) for e in events] == [("turn", (1,), {"seats": [1]})]
    assert after_undo(restored, restored, 0, (0, 1, 2)) == []  # nobody owes anew
    assert after_undo(taken_back, restored, 0, (0, 2)) == []   # seat 1 is a bot's
    assert after_undo(taken_back, None, 0, (0, 1, 2)) == []
