"""Undo in Benelux Rails (core/undo.py): a seat takes back its own last action unless a
card was drawn, an event turned up or a hand card was shown by it."""

from __future__ import annotations

import json
from typing import Any

from stellwerk.core.undo import History

from .helpers import GAME, tiny_pack


def everything_seen(state: Any, seats: int) -> str:
    views = [state.public_view(), *(state.view(s) for s in range(seats))]
    return json.dumps(views, sort_keys=True)


def test_undo_gives_back_the_state_before_and_stops_at_reveals() -> None:
    history = History(GAME, GAME.parse_options({}, 2), 4, tiny_pack(), 2)
    state = history.new_state()
    undone, refused = set(), set()
    for step in range(400):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        actions = state.candidate_actions(seat)
        # prefer deliveries and loads (they draw cards), else vary the choice
        action = next((a for a in actions if a[0] == "deliver"), actions[step % len(actions)])
        before, reveals = everything_seen(state, 2), state.reveals()
        history.apply(state, seat, action)
        assert not history.can_undo(1 - seat), "never another seat's action"
        if state.reveals() != reveals:
            assert not history.can_undo(seat)
            refused.add(action[0])
            continue
        assert history.can_undo(seat)
        state = history.undo(seat)
        undone.add(action[0])
        assert everything_seen(state, 2) == before
        history.apply(state, seat, action)
    assert {"keep", "start", "build", "move", "load", "end"} <= undone, undone
    assert {"deliver", "discard", "end"} <= refused, refused   # an end that drew cards


def test_reveals_counts_draws_and_shown_cards() -> None:
    from .helpers import set_up
    state = set_up(1)
    count = state.reveals()
    me = state.active
    state.discard_hand(me)           # three cards shown, three drawn
    assert state.reveals() > count
