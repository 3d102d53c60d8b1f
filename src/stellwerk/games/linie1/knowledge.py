"""What the bots know of Linie 1: the heuristic, the rollout policy, the planner's
orders and expected score for the tree search, the search levels and the game's own
planner bot (heuristic.py, rollout.py, planner.py; docs/bots.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.companions import BotKnowledge
from stellwerk.core.contract import HUMAN, Action, State
from stellwerk.games.linie1 import heuristic, rollout
from stellwerk.games.linie1.rules import Linie1State


class Linie1Knowledge(BotKnowledge):
    bots: ClassVar[Mapping[str, str]] = {"planner": "stellwerk.games.linie1.planner:PlannerBot"}
    # Greedy is not offered: over 200 games of three greedy bots (seeds 0-199), 473 of
    # 600 lines stayed unfinished.
    withdrawn_bots: ClassVar[frozenset[str]] = frozenset({"greedy"})
    hint_bot = "planner"   # search needs ~5 s of CPU per hint here (docs/bots.md)
    search_levels: ClassVar[Mapping[str, tuple[int, ...]]] = rollout.SEARCH_LEVELS

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, Linie1State)
        return heuristic.evaluate(state, seat)

    def rollout_action(self, state: State, seat: int, chance: Chance) -> Action:
        assert isinstance(state, Linie1State)
        return rollout.rollout_action(state, seat, chance)

    # the tree search weighs the planner's orders and values leaves by expected score
    # (rollout.py), not the random sample and the greedy heuristic
    def search_actions(self, state: State, seat: int, listed: list[Action]) -> list[Action]:
        assert isinstance(state, Linie1State)
        return rollout.search_actions(state, seat)

    def search_heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, Linie1State)
        return rollout.search_value(state, seat)

    def default_seats(self, humans: bool) -> list[str]:
        # `play linie1` without --seats: you and three planners; `simulate`: two planners
        # (greedy bots leave most lines unfinished)
        return [HUMAN, "planner", "planner", "planner"] if humans else ["planner"] * 2
