"""The heuristic's fast path (only the score parts a row touches are rescored) gives
exactly the value of full rescoring, on random games and on random sheets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.games.rail_line.heuristic import seat_value, seat_value_by_full_rescoring
from stellwerk.games.rail_line.symbols import SYMBOLS
from tests.rail_line.support import GAME, PACK


@pytest.mark.parametrize(("players", "sheet"), [(2, "I"), (3, "I"), (2, "II"), (3, "II")])
def test_fast_values_equal_full_rescoring_along_random_games(players: int, sheet: str) -> None:
    for seed in range(3):
        state = GAME.new_state({"sheet": sheet}, seed, PACK, players)
        chance = Chance(seed)
        while not state.is_over():
            for seat in range(players):
                assert seat_value(state, seat) == seat_value_by_full_rescoring(state, seat)
            actor = state.decision().seats[0]
            legal = state.legal_actions(actor)
            state.apply(actor, legal[chance.below(len(legal))])


@settings(max_examples=150, deadline=None)
@given(sheet=st.sampled_from(["I", "II"]), players=st.sampled_from([2, 3]),
       data=st.data())
def test_fast_values_equal_full_rescoring_on_random_sheets(sheet: str, players: int,
                                                           data: st.DataObject) -> None:
    state = GAME.new_state({"sheet": sheet}, 1, PACK, players)
    sizes = state.sheet.sizes
    for player in state.players:
        player.counts = [data.draw(st.integers(0, sizes[r])) for r in range(len(SYMBOLS))]
        player.coins = data.draw(st.integers(0, 12))
        player.glass_turn = data.draw(st.integers(-1, 3))
    for seat in range(players):
        assert seat_value(state, seat) == seat_value_by_full_rescoring(state, seat)
