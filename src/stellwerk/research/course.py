"""What the course of one game shows, for every game alike (`stellwerk study`): who
decided first, how many candidate actions each decision offered (the branching
factor), how often the lead changed hands (decisiveness: Ludii and the TAG framework
measure games by the same figures), what each seat chose (a card, a demand, a kind
of action, a card played: the game's `Study.chosen`), and a digest of the actions, by which a
comparison of two packs finds games that went exactly alike."""

from __future__ import annotations

import hashlib
import statistics
from collections.abc import Sequence
from typing import Any

from stellwerk.core import companions
from stellwerk.core.contract import Game, State


def first_seat(start: State) -> int | None:
    """The seat of the first decision, when one seat makes it (the start player, who in
    Benelux Rails is drawn by lot); None when several seats decide at once."""
    decision = start.decision()
    if decision is None or len(decision.seats) != 1:
        return None
    return decision.seats[0]


def leader(standing: Sequence[float]) -> int | None:
    """The seat alone ahead, or None on a tie for the lead."""
    best = max(standing)
    ahead = [seat for seat, value in enumerate(standing) if value == best]
    return ahead[0] if len(ahead) == 1 else None


def lead_changes(standings: Sequence[Sequence[float]]) -> int:
    """How often a seat alone ahead gave way to another seat alone ahead (a tie for
    the lead in between changes nothing by itself)."""
    changes = 0
    held: int | None = None
    for standing in standings:
        now = leader(standing)
        if now is None:
            continue
        if held is not None and now != held:
            changes += 1
        held = now
    return changes


def course(game: Game, start: State, taken: Sequence[tuple[int, Any]]) -> dict[str, Any]:
    """`first`, `branching` (mean candidate actions per decision; 0 for a game without
    decisions), `lead_changes` (None where the game keeps no running standing or has
    one seat), `choices` (per seat, what it chose and how often) and `trace` (SHA-256
    of the actions in the game's notation)."""
    study = companions.study(game)
    state = start.clone()
    counts: list[int] = []
    digest = hashlib.sha256()
    seats = state.seat_count()
    chosen: list[dict[str, int]] = [{} for _ in range(seats)]
    first_standing = study.standing(state) if seats > 1 else None
    standings = [] if first_standing is None else [list(first_standing)]
    for seat, action in taken:
        counts.append(len(state.candidate_actions(seat)))
        text = game.format_action(action)
        digest.update(f"{seat}:{text}\n".encode())
        for name in study.chosen(text):
            chosen[seat][name] = chosen[seat].get(name, 0) + 1
        state.apply(seat, action)
        if standings:
            standings.append(list(study.standing(state) or ()))
    return {"first": first_seat(start),
            "branching": round(statistics.fmean(counts), 3) if counts else 0.0,
            "lead_changes": lead_changes(standings) if standings else None,
            "choices": chosen,
            "trace": digest.hexdigest()[:16]}
