"""What the player sees of a Railways game: everything but the order of the draw pile."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stellwerk.games.railways.board import cell_name
from stellwerk.games.railways.constants import CHALLENGES, OVER, ROUNDS
from stellwerk.games.railways.yardstick import compare

if TYPE_CHECKING:
    from stellwerk.games.railways.rules import RailwaysState


def seat_view(state: RailwaysState) -> dict[str, Any]:
    plan = state.plan
    decision = state.decision()
    return {
        "game": "railways",
        "seat": 0,
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "plan_cards": list(state.plan_cards),
        "kinds": list(plan.kinds),
        "built": {cell_name(c): t for c, t in sorted(state.built.items())},
        "dice": {cell_name(c): v for c, v in sorted(state.dice.items())},
        "regions": {cell_name(r): {"type": plan.kinds[r],
                                   "cells": [cell_name(c) for c in cells],
                                   "passengers": state.region_passengers(r)}
                    for r, cells in plan.regions.items()},
        "connections": {name: {"rails": [cell_name(c) for c in conn.rails],
                               "ends": [cell_name(c) for c in conn.ends],
                               "length": conn.length,
                               "types": state.end_types(conn),
                               "opened": name in state.opened,
                               "upgraded": state.opened.get(name, False)}
                        for name, conn in plan.connections.items()},
        "incomplete": [cell_name(c) for c in plan.incomplete],
        "hand": [{"card": c, "fields": [list(f) for f in state.tables.cards[c].fields]}
                 for c in state.hand],
        "pile": len(state.pile),             # its order is hidden
        "pile_cards": sorted(state.pile),    # which cards it holds is known
        "discards": list(state.discards),
        "capital": state.capital,
        "profit": state.profit,
        "pollution": state.pollution,
        "workers": state.workers,
        "markers_left": state.markers_left,
        "region_dice": list(state.region_dice),
        "off_plan": state.off_plan,
        "delivered": sorted(state.delivered),
        "score": state.score(),
        "score_parts": state.score_parts(),
        "challenges": [CHALLENGES[c] for c in state.challenges],
        "challenge_results": state.challenge_results(),
        "over": state.phase == OVER,
        "limits": {"capital": state.tables.capital_max, "pollution": state.tables.pollution_max,
                   "workers": state.tables.workers_max, "profit": state.tables.profit_max},
        # at the end: the score against the bots' measured means
        "yardstick": compare(state.score()) if state.phase == OVER else None,
        "decision": None if decision is None else {
            "seats": list(decision.seats), "kind": decision.kind, "prompt": decision.prompt,
            "params": dict(decision.params)},
    }
