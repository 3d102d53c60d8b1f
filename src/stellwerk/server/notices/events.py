"""Which notices an action causes: a pure function of the decision it answered and the
one that follows, so the table service can write them in the action's transaction."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stellwerk.core.contract import Decision

TURN, REMINDER, MISSED, END, CONFIRM = "turn", "reminder", "missed", "end", "confirm"


@dataclass(frozen=True)
class Event:
    """One notice for the targets of `seats` (and the table's shared ones): `detail` is
    what its words need (never a secret: `compose.py` leaves a seat's own action out of
    what a shared channel hears)."""

    kind: str
    seats: tuple[int, ...]
    detail: dict[str, Any] = field(default_factory=dict)


def after_action(after: Decision | None, seat: int, notation: str,
                 missed: bool, humans: tuple[int, ...], new_round: bool) -> list[Event]:
    """The notices of one action of `seat` (`missed`: applied for a missed deadline):
    when a new decision begins (`new_round`), a turn notice for every person's seat
    that owes it, except the seat that just acted by hand (it is at the table); the
    missed deadline to its seat; the game's end to every seat. A simultaneous round
    still being collected tells nobody again."""
    events: list[Event] = []
    if missed:
        events.append(Event(MISSED, (seat,), {"seat": seat, "action": notation}))
    if after is None:
        events.append(Event(END, humans, {}))
        return events
    if not new_round:
        return events
    present = () if missed else (seat,)
    owing = tuple(s for s in after.seats if s in humans and s not in present)
    if owing:
        events.append(Event(TURN, owing, {"seats": list(owing)}))
    return events


def after_undo(before: Decision, after: Decision | None, seat: int,
               humans: tuple[int, ...]) -> list[Event]:
    """The notices of `seat` taking back its action: a turn notice for every person's
    seat that owes the decision the undo brings back and did not owe the one it
    leaves (the undoer is at the table). The notices the taken-back action caused and
    that are still unsent are cancelled beside it (outbox.cancel_taken_back)."""
    if after is None:
        return []
    owing = tuple(s for s in after.seats
                  if s in humans and s != seat and s not in before.seats)
    return [Event(TURN, owing, {"seats": list(owing)})] if owing else []
