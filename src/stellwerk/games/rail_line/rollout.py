"""Rail Line's rollout budgets for the ISMCTS bot (issue 12).

Listing a Rail Line decision costs a few microseconds and has a handful of actions
(the cards in hand and offer, a few optional actions, keep or refuse), so the policy
is the contract's default (`Game.rollout_action`: a random candidate); what makes the
rollouts play Rail Line rather than chance is the level's rollout width: the ISMCTS bot
draws that many proposals and keeps the one Rail Line's heuristic (score now, credit
for rows about to score, minus half the best rival, `heuristic.py`) likes best one
action ahead. A guided step costs about 0.1 ms against 0.03 ms for a random one, so
the levels trade iterations for width.
"""

from __future__ import annotations

# level -> (iterations, rollout depth, rollout width); rollouts run to the end (a game
# has ~80 decisions), and the end's ranks value the leaf. Measured in docs/bots.md: at
# `normal`, 200 iterations of width 3 (0.52 s CPU a decision) won 2.5 of 8 games
# against `search`, 500 plain ones (0.17 s) 6 of 12, so `normal` spends its second on
# plain iterations and only `hard` guides its rollouts.
SEARCH_LEVELS = {
    "easy": (100, 500, 1),
    "normal": (1000, 500, 1),
    "hard": (1500, 500, 2),
}
