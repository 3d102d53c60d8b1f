"""Undo for every game: only a seat's own last action, never past a reveal or another
seat's decision, and the state it gives back is exactly the one before the action."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stellwerk.core.contract import State
from stellwerk.core.undo import History
from stellwerk.games import get_game

TABLES = {"rail-line": ({"sheet": "II"}, 3), "linie1": ({"rounds": 4}, 2),
          "railways": ({}, 1)}


def everything_seen(state: State, seats: int) -> str:
    views: list[Any] = [state.public_view(), *(state.view(s) for s in range(seats))]
    return json.dumps([views, state.decision() and state.decision().__dict__], default=str,
                      sort_keys=True)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_undo_gives_back_the_state_before_and_stops_at_reveals(game_id: str) -> None:
    game = get_game(game_id)
    options, seats = TABLES[game_id]
    history = History(game, game.parse_options(options, seats), 11, game.load_pack(), seats)
    state = history.new_state()
    undone = refused_by_reveal = 0
    for step in range(60):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        actions = state.candidate_actions(seat)
        action = actions[step % len(actions)]
        before = everything_seen(state, seats)
        reveals = state.reveals()
        assert reveals is not None
        history.apply(state, seat, action)
        others = [s for s in range(seats) if s != seat]
        assert not any(history.can_undo(s) for s in others), "never another seat's action"
        if state.reveals() != reveals:
            assert not history.can_undo(seat)
            refused_by_reveal += 1
            continue
        assert history.can_undo(seat)
        state = history.undo(seat)
        undone += 1
        assert everything_seen(state, seats) == before
        history.apply(state, seat, action)  # and play on
    assert undone >= 3 and refused_by_reveal >= 1, (undone, refused_by_reveal)


def test_a_game_that_does_not_count_reveals_offers_no_undo(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("rail-line")
    history = History(game, {"sheet": "I"}, 1, game.load_pack(), 2)
    state = history.new_state()
    monkeypatch.setattr(type(state), "reveals", lambda self: None)
    history.apply(state, 0, ("side", 1))
    assert not history.can_undo(0)
    with pytest.raises(ValueError, match="nothing to undo"):
        history.undo(0)


def test_undo_stops_at_another_seats_decision() -> None:
    game = get_game("linie1")
    history = History(game, {"rounds": 3}, 5, game.load_pack(), 3)
    state = history.new_state()
    history.apply(state, 0, ("order",))
    assert history.can_undo(0)              # sealed: nobody has seen it
    history.apply(state, 1, ("order",))
    assert not history.can_undo(0)          # seat 2 decided after it
    history.apply(state, 2, ("order",))     # the round is resolved: orders opened
    assert not history.can_undo(2)
