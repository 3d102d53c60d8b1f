"""Checking an order against the board as the seat sees it, before it is sent (the
terminal's review, and the postal judge's `check`): which placement would fail, and why.

The order is resolved as the round will resolve it when no other player's tile gets in
the way: placement by placement in priority order, by `resolution.lay` itself, on a copy
of the public board and stops with the seat's own hand (an exchange returns its tile to
the hand), then the round's end (`resolution.undo_until_legal`) takes back what leaves
the board illegal. So a placement that passes here fails only if another player's tile
of the same round changes the squares around it first (the report says so); one that
fails here fails unless such a tile changes its squares.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.core.contract import Action
from stellwerk.games.linie1.notation import placements_of
from stellwerk.games.linie1.placement import illegal_squares
from stellwerk.games.linie1.resolution import EXCHANGED, FAILED, Laid, lay, undo_until_legal
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import Tables, square_index, square_name
from stellwerk.games.linie1.terms import CATALOG, reason_text
from stellwerk.games.linie1.tiles import ROTATIONS
from stellwerk.games.linie1.views import view_board

LONE_SEAT = 0       # the seat in the one-seat copy the order is resolved on


def seat_alone(tables: Tables, view: Mapping[str, Any]) -> Linie1State:
    """A one-seat copy of what the seat sees: the board, the stops placed, its hand."""
    alone = Linie1State(tables, 1, 0, _blank=True)
    alone.board = view_board(tables, view)
    mine = (view.get("me") or {}).get("hand") or {}
    alone.hands = [[int(mine.get(t, 0)) for t in tables.tile_ids]]
    alone.stops = [-1] * len(tables.building_letters)
    for letter, name in (view.get("stops") or {}).items():
        square = square_index(str(name))
        if letter in tables.building_letters and square is not None:
            alone.stops[tables.building_letters.index(letter)] = square
    return alone


def precheck_order(tables: Tables, view: Mapping[str, Any], action: Action) -> list[dict[str, Any]]:
    """One entry per placement: ok, or the catalogue key and params of the reason."""
    alone = seat_alone(tables, view)
    start_legal = not illegal_squares(tables, alone.board)
    results = []
    laid: list[tuple[dict[str, Any], Laid]] = []
    for number, (square_text, tile, rotation) in enumerate(placements_of(action), start=1):
        entry: dict[str, Any] = {"placement": number, "square": square_text, "tile": tile,
                                 "rotation": rotation, "ok": False, "key": None,
                                 "params": {}, "exchange": False, "faults": []}
        results.append(entry)
        square = square_index(str(square_text))
        if square is None or tile not in tables.tile_index or rotation not in ROTATIONS:
            entry.update(key="l1.pre.unreadable")
            continue
        fate: dict[str, Any] = {"outcome": FAILED, "reason": None, "reason_key": None,
                                "params": {}, "replaced": None, "stops": []}
        done = lay(alone, LONE_SEAT, square, tables.pid(tile, rotation), fate)
        if done is None:
            entry.update(key=fate["reason_key"], params=dict(fate["params"]))
            continue
        # postal exception: an exchange may leave neighbours mismatched if mended later
        entry.update(ok=True, exchange=fate["outcome"] == EXCHANGED,
                     faults=[square_name(s) for s in done.faults])
        laid.append((entry, done))
    undo_until_legal(alone, [done for _, done in laid], start_legal)
    _name_what_is_taken_back(laid)
    return results


def _name_what_is_taken_back(laid: list[tuple[dict[str, Any], Laid]]) -> None:
    """The round's end takes back, last first, until the board is legal: the placements
    that leave a mismatch no later placement of the order mends, and those after them."""
    culprit = next((entry["placement"] for entry, done in laid
                    if done.undone and done.faults), None)
    for entry, done in laid:
        if not done.undone:
            continue
        if done.faults:
            entry.update(ok=False, key="l1.pre.unmended",
                         params={"squares": ", ".join(entry["faults"])})
        elif culprit is not None:
            entry.update(ok=False, key="l1.pre.undone_with", params={"n": culprit})
        else:
            entry.update(ok=False, key="l1.fail.undone", params={})


def precheck_lines(results: list[dict[str, Any]], lang: str = "en") -> list[str]:
    """The check in words, one line per placement, then the caveat."""
    lines = []
    for entry in results:
        head = CATALOG.text("l1.pre.placement", lang, n=entry["placement"],
                            square=entry["square"], tile=entry["tile"],
                            rotation=entry["rotation"])
        if entry["ok"]:
            text = CATALOG.text("l1.pre.exchange" if entry["exchange"] else "l1.pre.ok", lang)
            if entry["faults"]:
                text += CATALOG.text("l1.pre.faults", lang, squares=", ".join(entry["faults"]))
        else:
            text = CATALOG.text("l1.pre.fails", lang,
                                reason=reason_text(entry["key"], lang, entry["params"]))
        lines.append(f"{head}: {text}")
    if results:
        lines.append(CATALOG.text("l1.pre.caveat", lang))
    return lines
