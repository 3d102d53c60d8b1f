"""Railways numbers, phases and challenges, shared by the rules, the action lists and the
views (kept apart from rules.py so none of them imports another in a cycle)."""

from __future__ import annotations

ROUNDS = 12
HAND_SIZE = 3
PLAN_CARDS = 4
MARKERS = 6
# docs/games/railways.md#rw-rules: two passenger dice show 1, two show 2
START_DICE = (1, 1, 2, 2)
# docs/games/railways.md#rw-rules D: the three region dice start at 1, 2, 3
REGION_DICE = (1, 2, 3)
START_WORKERS = 2
START_POLLUTION = 1
CAPITAL_BONUS = 5                   # docs/games/railways.md#rw-rules: C destination +5 capital
CHALLENGES = {1: "economist", 2: "mayor", 3: "train_driver", 4: "engineer"}

SETUP_PHASE, FIRST, SECOND, OVER = "setup", "first", "second", "over"
PROMPTS = {SETUP_PHASE: "rw.ask.dice", FIRST: "rw.ask.first", SECOND: "rw.ask.second"}


def conversion_cost(tier: int) -> int:
    """docs/games/railways.md#rw-rules: L converts 1->1, 3->2, 6->3, 10->4, 15->5 (capital ->
    profit)."""
    return tier * (tier + 1) // 2


MAX_TIER = 5
