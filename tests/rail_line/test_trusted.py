"""`apply` skips the check only for the very action objects this state listed (or its
rollout policy chose) since its last change, for the seat that owes the decision
: everything else is checked in full and an illegal action changes nothing."""

from __future__ import annotations

import pytest

from stellwerk.core.chance import Chance
from stellwerk.core.errors import IllegalAction
from stellwerk.games.rail_line.constants import LAY, OPTIONAL

from .support import GAME, KNOWLEDGE, PACK, snapshot


def test_an_equal_but_malformed_action_is_still_refused() -> None:
    state = GAME.new_state({}, 1, PACK, 2)
    assert ("side", 1) in state.legal_actions(0)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(0, ("side", True))     # == ("side", 1), but a bool is no side
    assert snapshot(state) == before
    state.apply(0, ("side", 1))


def test_a_listed_action_is_refused_to_another_seat() -> None:
    state = GAME.new_state({}, 1, PACK, 2)
    state.apply(0, ("side", 1))
    listed = state.legal_actions(0)           # seat 0 chooses its track first
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="seat 1's decision"):
        state.apply(1, listed[0])
    assert snapshot(state) == before


def test_a_listed_action_is_checked_again_once_the_state_changed(new_game) -> None:
    state = new_game(players=2)
    seat = state.pending[1]
    listed = state.legal_actions(seat)
    assert state.pending[0] == LAY and len(listed) > 1
    state.apply(seat, listed[0])
    assert state.pending[:2] == (OPTIONAL, seat)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(seat, listed[1])          # a second lay needs "second" and a coin
    assert snapshot(state) == before


def test_a_clone_trusts_nothing_of_its_original(new_game) -> None:
    state = new_game(players=2)
    seat = state.pending[1]
    chosen = KNOWLEDGE.rollout_action(state, seat, Chance(3))
    twin = state.clone()
    assert state.trusted == (chosen,) and twin.trusted == ()
    twin.apply(seat, chosen)                  # legal there too: checked, then carried out
    with pytest.raises(IllegalAction):
        twin.apply(seat, chosen)              # the same object, now at the wrong time
    state.apply(seat, chosen)
    assert state.info_key(seat) == twin.info_key(seat)
