"""Railways' rollout budgets for the ISMCTS bot (issue 12).

Railways is solo and short (about 25 decisions), but a decision may have hundreds of
candidates (where to place the dice), so a uniformly random step is nearly always a
poor one. The policy is the contract's default (`Game.rollout_action`: a random
candidate); the ISMCTS bot draws the level's rollout width of them and keeps the one
Railways' heuristic (score now plus fading credit for capital, workers, waiting
passengers and upgrades, `heuristic.py`) likes best, for a few steps, and the heuristic
values the leaf (the score at the end). These few guided steps lifted `normal` from 33
to 43 points on ten seeds, ahead of `search` there but not clearly (docs/bots.md).
"""

from __future__ import annotations

# level -> (iterations, rollout depth, rollout width). Measured in docs/bots.md: on
# seeds 1000-1009, 600 iterations of 3 guided steps scored 42.7 on average (0.37 s CPU a
# decision, 0.74 s at most) against 33.1 for 300 iterations with heuristic leaves,
# 34.6 for 2000 of them and 40.4 for `search` on the same seeds.
SEARCH_LEVELS = {
    "easy": (50, 0, 1),
    "normal": (600, 3, 3),
    "hard": (1500, 4, 3),
}
