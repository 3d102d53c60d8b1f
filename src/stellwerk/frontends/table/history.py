"""Undo at the terminal table: the core's `History`, with a game's hotseat barrier.

`State.reveals()` counts everything shown to anyone, which is the barrier for a table
where every seat watches each move as it happens. At a terminal nobody watches live:
a bot looks only when it decides (and another seat's decision already bars undo), and
in hotseat the next player gets the screen only at the hand-over, after the turn. So
the contract's `State.hotseat_reveals()` counts only what even the acting player did not
know before (a card drawn from a hidden deck); Rail Line says so, so a card laid from
one's own hand can be taken back. Its default is `reveals()`.
"""

from __future__ import annotations

from stellwerk.core.contract import Action, State
from stellwerk.core.undo import History, Step

# why a seat may not take back its last action (`TableHistory.undo_bar`)
NOTHING, OTHER_SEAT, REVEALED, NO_UNDO = "undo_nothing", "undo_other", "undo_revealed", \
    "undo_never"


def barrier_count(state: State) -> int | None:
    return state.hotseat_reveals()


class TableHistory(History):
    """The history of a game at the terminal: undo stops at the game's hotseat barrier."""

    def apply(self, state: State, seat: int, action: Action) -> None:
        before = barrier_count(state)
        state.apply(seat, action)
        self.steps.append(Step(seat, action, before, barrier_count(state)))

    def undo_bar(self, seat: int) -> tuple[str, Step | None] | None:
        """Why `seat` may not take back its last action, None when it may: the words'
        key in the table's catalogue and the step that bars it (the later decision of
        another seat, or the seat's own action that drew or revealed something)."""
        if self.can_undo(seat):
            return None
        own = next((step for step in reversed(self.steps) if step.seat == seat), None)
        if own is None:
            return NOTHING, None
        last = self.steps[-1]
        if last.seat != seat:
            return OTHER_SEAT, last
        if last.reveals_before is None:
            return NO_UNDO, None
        return REVEALED, last
