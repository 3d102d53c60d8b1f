"""Taking back a seat's own actions at a server table, as Board Game Arena has it.

The log stays append-only: an undo is one more row (`by` "undo", the taken-back
action's notation and decision kind), appended under the same unique (table, seq)
key as any action, so it is atomic, races end with one winner, and a killed process
leaves either the row or nothing. The game a log means is its effective actions:
each undo row removes the newest action still standing (`effective`). Every process
reads the log this way; one that meets an undo row rebuilds the state from the seed
(`replay`).

A seat may take back the newest action still standing when

- it is the seat's own, made by the seat itself (not a bot's, nor the deadline's
  default), so no other seat has acted since;
- the game's `State.reveals()` did not move during it (nothing was drawn or shown to
  anyone) and the game says at all (None: no undo); the game is not over;
- it lies after the newest snapshot point (every `snapshot_every` log rows): the
  steps known to every process, whether it rebuilt the table from the seed or from
  that snapshot, so all processes offer and allow exactly the same undos.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from stellwerk.core.contract import State
from stellwerk.server.table_info import BY_SEAT

BY_UNDO = "undo"


@dataclass(frozen=True)
class Step:
    """One standing action as the kept state applied it: its log row, who made it, and
    the game's reveal count just before and after it."""

    seq: int
    seat: int
    by: str
    notation: str
    decision_kind: str
    reveals_before: int | None
    reveals_after: int | None


def effective(rows: Iterable[Any]) -> list[Any]:
    """The actions that stand in a log: each undo row removes the newest still standing."""
    standing: list[Any] = []
    for row in rows:
        if row["by"] == BY_UNDO:
            if standing:
                standing.pop()
        else:
            standing.append(row)
    return standing


def applied(state: State, seat: int, action: Any, row: Any, before: int | None) -> Step:
    """Apply `action` (the log's `row`) to `state`; the step it makes."""
    state.apply(seat, action)
    return Step(int(row["seq"]), seat, str(row["by"]), str(row["notation"]),
                str(row["decision_kind"]), before, state.reveals())


def barrier(seq: int, every: int) -> int:
    """The newest snapshot point at or before log row `seq`: no undo reaches past it."""
    return (seq // every) * every if every > 0 else 0


def undoable(steps: list[Step], state: State, log_seq: int, seat: int,
             every: int) -> Step | None:
    """The step `seat` may take back now, or None."""
    if not steps or state.decision() is None:
        return None
    last = steps[-1]
    if last.seat != seat or last.by != BY_SEAT or last.seq <= barrier(log_seq, every):
        return None
    if last.reveals_before is None or last.reveals_before != last.reveals_after:
        return None
    return last
