"""What the course of one game shows, for every game alike (`stellwerk study`): who
decided first, how many candidate actions each decision offered (the branching
factor, as Ludii and the TAG framework report it), and a digest of the actions, by
which a comparison of two packs finds games that went exactly alike."""

from __future__ import annotations

import hashlib
import statistics
from collections.abc import Sequence
from typing import Any

from stellwerk.core.contract import Game, State


def first_seat(start: State) -> int | None:
    """The seat of the first decision, when one seat makes it (the start player, who in
    Benelux Rails is drawn by lot); None when several seats decide at once."""
    decision = start.decision()
    if decision is None or len(decision.seats) != 1:
        return None
    return decision.seats[0]


def course(game: Game, start: State, taken: Sequence[tuple[int, Any]]) -> dict[str, Any]:
    """`first`, `branching` (mean candidate actions per decision; 0 for a game without
    decisions) and `trace` (SHA-256 of the actions in the game's notation)."""
    state = start.clone()
    counts: list[int] = []
    digest = hashlib.sha256()
    for seat, action in taken:
        counts.append(len(state.candidate_actions(seat)))
        digest.update(f"{seat}:{game.format_action(action)}\n".encode())
        state.apply(seat, action)
    return {"first": first_seat(start),
            "branching": round(statistics.fmean(counts), 3) if counts else 0.0,
            "trace": digest.hexdigest()[:16]}
