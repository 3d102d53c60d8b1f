"""What of a game record may be shown to a seat (or an onlooker) while the game runs.

A full `GameRecord` determines the whole game: its seed deals every hidden card, and
its action list holds every secret choice (a Linie 1 order before its round is
resolved). So until the game is over a front end or server shows a seat only this
public form: the record without the seed and the actions, with the play so far as the
seat's own `State.events`. Once the game is over nothing is secret and the
full record may be shown.
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.contract import State
from stellwerk.core.record import GameRecord

SECRET_WHILE_RUNNING = ("seed", "actions")


def record_for_seat(record: GameRecord, state: State, seat: int | None) -> dict[str, Any]:
    """The record as JSON data that `seat` (None: an onlooker) may see now; `state` is
    the game the record belongs to."""
    data = record.to_json()
    if state.is_over():
        return data
    for key in SECRET_WHILE_RUNNING:
        data.pop(key, None)
    data["result"] = None
    data["public_for"] = seat
    data["events"] = state.events(seat)
    return data
