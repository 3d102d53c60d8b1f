"""What the bots know of Railways: the heuristic, the rollout policy and the search
levels (heuristic.py, rollout.py; docs/bots.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.companions import BotKnowledge
from stellwerk.core.contract import Action, State
from stellwerk.games.railways import heuristic, rollout
from stellwerk.games.railways.rules import RailwaysState


class RailwaysKnowledge(BotKnowledge):
    # ISMCTS budgets and rollout policy: rollout.py, docs/bots.md.
    search_levels: ClassVar[Mapping[str, tuple[int, ...]]] = rollout.SEARCH_LEVELS

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, RailwaysState)
        return heuristic.evaluate(state)

    def rollout_action(self, state: State, seat: int, chance: Chance) -> Action:
        assert isinstance(state, RailwaysState)
        return rollout.rollout_action(state, seat, chance)     # one draw, no listing
