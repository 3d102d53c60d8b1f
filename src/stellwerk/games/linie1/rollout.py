"""Linie 1's rollout policy and search budgets for the ISMCTS bot (issue 12).

Listing a seat's representative orders costs about 40 ms (every legal placement of the
hand near the network), far too much for a rollout step. The rollout instead draws an
order of up to two placements by rejection sampling: squares near the network are
listed once per order (`legal.candidate_squares`, the costly part), then random
(square, tile, turn) proposals are checked with `placement.is_legal` on the board as
the order leaves it, so the order is legal for this seat by construction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.linie1.legal import candidate_squares, distinct_turns, order_action
from stellwerk.games.linie1.placement import is_legal
from stellwerk.games.linie1.tables import EMPTY

if TYPE_CHECKING:
    from stellwerk.games.linie1.rules import Linie1State

ROLLOUT_PLACEMENTS = 2
TRIES = 24              # proposals per placement before the order stops short

# level -> (iterations, rollout depth in orders, rollout width: proposals compared by
# the heuristic per rollout step); measured in docs/bots.md
SEARCH_LEVELS = {
    "easy": (25, 6, 1),
    "normal": (120, 6, 2),
    "hard": (240, 9, 2),
}


def rollout_action(state: Linie1State, seat: int, chance: Chance) -> Action:
    tables = state.tables
    board, hand = state.board[:], state.hands[seat][:]
    squares = candidate_squares(tables, board)
    chosen: list[tuple[int, int]] = []
    while squares and len(chosen) < ROLLOUT_PLACEMENTS:
        tiles = [t for t, count in enumerate(hand) if count > 0]
        if not tiles:
            break
        for _ in range(TRIES):
            square = squares[chance.below(len(squares))]
            tile = tiles[chance.below(len(tiles))]
            turns = distinct_turns(tables, tile)
            pid = tile * 4 + turns[chance.below(len(turns))]
            if is_legal(tables, board, square, pid):
                break
        else:
            break
        chosen.append((square, pid))
        if board[square] != EMPTY:       # an exchange returns the old tile to the hand
            hand[board[square] // 4] += 1
        board[square] = pid
        hand[tile] -= 1
    return order_action(tables, chosen)
