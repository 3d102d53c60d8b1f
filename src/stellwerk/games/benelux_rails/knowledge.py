"""What the bots know of Benelux Rails: the heuristic, the rollout policy, the search's
own value and choices, the search levels and the game's own bots (heuristic.py,
rollout.py, search_value.py, planner.py, plan_search.py; docs/bots.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.companions import BotKnowledge
from stellwerk.core.contract import Action, State
from stellwerk.games.benelux_rails import heuristic, rollout, search_value
from stellwerk.games.benelux_rails.rules import BeneluxState


class BeneluxRailsKnowledge(BotKnowledge):
    bots: ClassVar[Mapping[str, str]] = {
        "planner": "stellwerk.games.benelux_rails.planner:PlannerBot",
        # ISMCTS over the game's own choices, with a rival valued by public money
        # (plan_search.py); `ismcts-easy` is the generic search over the hooks below
        "plan-search-normal": "stellwerk.games.benelux_rails.plan_search:PlanSearchNormal",
        "plan-search-hard": "stellwerk.games.benelux_rails.plan_search:PlanSearchHard"}
    # The generic search at these levels plays the game worse than the plan search
    # (docs/bots.md); records and tables that name them seat the plan search.
    withdrawn_bots: ClassVar[frozenset[str]] = frozenset({"ismcts-normal", "ismcts-hard"})
    bot_aliases: ClassVar[Mapping[str, str]] = {"ismcts-normal": "plan-search-normal",
                                                "ismcts-hard": "plan-search-hard"}
    hint_bot = "planner"   # the game's strongest bot that answers in well under a second
    # ISMCTS budgets and rollout policy: rollout.py, docs/bots.md.
    search_levels: ClassVar[Mapping[str, tuple[int, ...]]] = rollout.SEARCH_LEVELS

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, BeneluxState)
        return heuristic.evaluate(state, seat)

    def search_heuristic(self, state: State, seat: int) -> float:
        """ISMCTS's leaf value: money plus the best delivery plans (search_value.py)."""
        assert isinstance(state, BeneluxState)
        return search_value.evaluate(state, seat)

    def search_actions(self, state: State, seat: int, listed: list[Action]) -> list[Action]:
        """The planner's decision first, and no build path but its (search_value.py)."""
        assert isinstance(state, BeneluxState)
        return search_value.search_actions(state, seat, listed)

    def rollout_action(self, state: State, seat: int, chance: Chance) -> Action:
        assert isinstance(state, BeneluxState)
        return rollout.rollout_action(state, seat, chance)
