"""Linie 1's rollout policy and search budgets for the ISMCTS bot (issue 12).

Listing a seat's representative orders costs about 40 ms (every legal placement of the
hand near the network), far too much for a rollout step. The rollout instead draws an
order of up to two placements by rejection sampling (`legal.random_order`): squares
near the network are listed once per order (the costly part), then random (square,
tile, turn) proposals are checked with `placement.is_legal` on the board as the order
leaves it, so the order is legal for this seat by construction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.linie1.legal import order_action, random_order

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
    chosen = random_order(state.tables, state.board, state.hands[seat], chance,
                          ROLLOUT_PLACEMENTS, TRIES, refresh_squares=False)
    return order_action(state.tables, chosen)
