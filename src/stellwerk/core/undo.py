"""Taking back one's own actions, for any game: the game is rebuilt from its seed and
the actions minus the undone ones, so undo can never leave a state the rules could
not reach.

A seat may take back its last action only when

- that action is the last one taken at the table (undo never passes another seat's
  decision: a bot or another human has seen what came before it), and
- the game's `State.reveals()` did not move during it (no chance was drawn and nothing
  hidden was shown to anyone by it), and is known at all (None means: no undo).

Repeated, this goes back through the seat's own actions to the last moment something
was revealed, and no further.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Action, Game, State


@dataclass(frozen=True)
class Step:
    seat: int
    action: Action
    reveals_before: int | None
    reveals_after: int | None


@dataclass
class History:
    """The actions of one game with the reveal count around each, and how to rebuild it."""

    game: Game
    options: Mapping[str, Any]
    seed: int
    pack: ContentPack
    seats: int
    steps: list[Step] = field(default_factory=list)

    def new_state(self) -> State:
        return self.game.new_state(self.options, self.seed, self.pack, self.seats)

    def apply(self, state: State, seat: int, action: Action) -> None:
        """Apply `action` to `state` and remember it (IllegalAction changes nothing)."""
        before = state.reveals()
        state.apply(seat, action)
        self.steps.append(Step(seat, action, before, state.reveals()))

    def can_undo(self, seat: int) -> bool:
        if not self.steps:
            return False
        last = self.steps[-1]
        return (last.seat == seat and last.reveals_before is not None
                and last.reveals_before == last.reveals_after)

    def undo(self, seat: int) -> State:
        """The state before `seat`'s last action; call only when `can_undo(seat)`."""
        if not self.can_undo(seat):
            raise ValueError("nothing to undo for this seat")
        kept = self.steps[:-1]
        self.steps = []
        state = self.new_state()
        for step in kept:
            self.apply(state, step.seat, step.action)
        return state
