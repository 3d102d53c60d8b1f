"""Railways' rollout policy and ISMCTS budgets (issue 12).

Railways is solo and short (about 25 decisions), but a decision may have hundreds of
candidates (where to place the dice), so a uniformly random step is nearly always a
poor one. The policy proposes a random candidate; the ISMCTS bot draws the level's
rollout width of them and keeps the one Railways' heuristic (score now plus fading
credit for capital, workers, waiting passengers and upgrades, `heuristic.py`) likes
best, for a few steps, and the heuristic values the leaf (the score at the end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action

if TYPE_CHECKING:
    from stellwerk.games.railways.rules import RailwaysState

# level -> (iterations, rollout depth, rollout width). Measured in docs/bots.md.
SEARCH_LEVELS = {
    "easy": (50, 0, 1),
    "normal": (300, 0, 1),
    "hard": (800, 2, 4),
}


def rollout_action(state: RailwaysState, seat: int, chance: Chance) -> Action:
    legal = state.candidate_actions(seat)
    return legal[chance.below(len(legal))]
