"""How good a Railways position looks: the greedy bot's yardstick.

The score if the game ended now, plus small credits for what will score later:
capital (it converts to profit at a Leisure region and pays for regions), a rail worker
in hand (needed to open), passengers still on the plan that an open connection can
carry, and upgraded connections. Credits fade as the last round nears, because unused
resources score nothing at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.games.railways.rules import ROUNDS

if TYPE_CHECKING:
    from stellwerk.games.railways.rules import RailwaysState

CAPITAL = 0.3
WORKER = 1.0
PASSENGER = 0.8
UPGRADE = 1.0


def evaluate(state: RailwaysState) -> float:
    score = float(state.score())
    if state.is_over():
        return score
    future = (ROUNDS - state.round + 1) / ROUNDS
    served = {state.plan.region_of[e] for n in state.opened
              for e in state.plan.connections[n].ends}
    waiting = sum(v for c, v in state.dice.items() if state.plan.region_of[c] in served)
    upgraded = sum(state.opened.values())
    credit = (CAPITAL * state.capital + WORKER * min(state.workers, 2)
              + PASSENGER * min(waiting, 6) + UPGRADE * upgraded)
    return score + future * credit + 0.2 * len(state.hand)
