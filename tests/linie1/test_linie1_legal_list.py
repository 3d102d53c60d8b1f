"""The list of orders a bot chooses among (legal.py, board_options.py): it names every
legal single placement of the seat's hand, every order in it is legal, and asking again
gives the same list."""

from __future__ import annotations

import pytest

from stellwerk.core.chance import Chance
from stellwerk.games.linie1.board_options import candidate_squares, every_placed_tile
from stellwerk.games.linie1.legal import order_action, random_order, representative_orders
from stellwerk.games.linie1.placement import is_legal
from tests.linie1.helpers import GAME, PACK, TABLES


def _positions(seed: int):  # type: ignore[no-untyped-def]
    state = GAME.new_state({}, seed, PACK, 3)
    chance = Chance(seed)
    for _ in range(6):
        yield state
        for seat in range(3):
            order = random_order(TABLES, state.board, state.hands[seat], chance)
            state.apply(seat, order_action(TABLES, order))
        if state.is_over():
            return


@pytest.mark.parametrize("seed", [3, 8])
def test_the_list_holds_every_single_placement_and_only_legal_orders(seed: int) -> None:
    for state in _positions(seed):
        for seat in range(3):
            listed = representative_orders(state, seat)
            assert listed == representative_orders(state.clone(), seat)   # same every time
            assert len(set(listed)) == len(listed)
            hand = state.hands[seat]
            brute = {order_action(TABLES, [(s, p)])
                     for s in candidate_squares(TABLES, state.board)
                     for p in every_placed_tile(TABLES)
                     if hand[p // 4] > 0 and is_legal(TABLES, state.board, s, p)}
            singles = {a for a in listed if len(a) == 4}
            assert singles == brute
            assert any(len(a) > 4 for a in listed) or len(brute) <= 1
            for action in listed[::7] + [a for a in listed if len(a) > 4]:
                assert state.is_legal(seat, action), action
