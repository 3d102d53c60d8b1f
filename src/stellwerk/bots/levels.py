"""Named strengths of the ISMCTS bot: `easy`, `normal`, `hard`.

A level is a fixed number of search iterations, a rollout depth and a rollout width
(how many proposals of the game's rollout policy a rollout step compares by the
heuristic), never a time budget, so a seeded game with these bots is reproducible. The
defaults suit a game whose steps are cheap; each shipped game names its own in
`BotKnowledge.search_levels` (its `rollout.py`). The seconds per decision each level takes on
the project's 2-core machine are measured by `scripts/bench_search.py` and documented in
docs/bots.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from stellwerk.core import companions
from stellwerk.core.contract import Game
from stellwerk.core.errors import BadOption

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Budget:
    iterations: int         # determinizations searched per decision
    rollout_depth: int      # rollout steps before the heuristic values the leaf
    # proposals of `BotKnowledge.rollout_action` a rollout step compares by the game's heuristic
    # one action ahead (1: take the policy's action as it is, the cheapest rollout)
    rollout_width: int = 1


DEFAULT_LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=30, rollout_depth=8),
    "normal": Budget(iterations=120, rollout_depth=12),
    "hard": Budget(iterations=480, rollout_depth=24),
}


def budget_for(game: Game, level: str) -> Budget:
    if level not in LEVELS:
        raise BadOption(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    own = companions.knowledge_class(game).search_levels.get(level)
    if own is not None:
        return Budget(*own[:3])
    return DEFAULT_LEVELS[level]
