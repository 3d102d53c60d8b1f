"""States cross process boundaries (the server's bot workers, Ray): every game's state,
fresh and in play, survives pickling with its snapshot, views and legal actions
unchanged. A state's tables hold bounded caches with locks; those arrive empty
(core/cache.py `BoundedCache.__reduce__`)."""

from __future__ import annotations

import pickle

import pytest

from .conftest import GAME_IDS, unfinished_states


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_state_in_play_pickles_and_plays_on_alike(game_id: str) -> None:
    for state, seats in unfinished_states(game_id):
        copy = pickle.loads(pickle.dumps(state))
        assert copy.snapshot() == state.snapshot()
        decision = state.decision()
        assert decision is not None
        seat = decision.seats[0]
        assert copy.legal_actions(seat) == state.legal_actions(seat)
        for each in range(seats):
            assert copy.view(each) == state.view(each)
