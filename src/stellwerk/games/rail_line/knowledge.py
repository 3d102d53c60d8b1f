"""What the bots know of Rail Line: the heuristic, the rollout policy and the search
levels (heuristic.py, rollout.py; docs/bots.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from stellwerk.core.chance import Chance
from stellwerk.core.companions import BotKnowledge
from stellwerk.core.contract import Action, State
from stellwerk.games.rail_line import heuristic, rollout
from stellwerk.games.rail_line.rules import RailLineState


class RailLineKnowledge(BotKnowledge):
    # ISMCTS budgets and rollout policy: rollout.py, docs/bots.md.
    search_levels: ClassVar[Mapping[str, tuple[int, ...]]] = rollout.SEARCH_LEVELS

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, RailLineState)
        return heuristic.evaluate(state, seat)

    # A sensible player: the policy itself, not a method that calls it (one
    # call less on every rollout step); it is handed Rail Line states only.
    rollout_action = staticmethod(rollout.rollout_action)  # type: ignore[assignment]

    def rollout(self, state: State, policy: Callable[[State, int, Chance], Action],
                chance: Chance, depth: int) -> None:
        """ISMCTS's rollout with the policy above in one loop (`rollout.play_out`: the
        same draws and actions, less call overhead); any other policy, e.g. a bench's
        uniform one, the contract's loop."""
        if policy is rollout.rollout_action:
            assert isinstance(state, RailLineState)
            rollout.play_out(state, chance, depth)
        else:
            super().rollout(state, policy, chance, depth)
