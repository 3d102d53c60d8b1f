"""Checking a typed order against the board as the seat sees it, before it is sent
: which placement would fail now, and why.

The order is tried placement by placement in priority order on a copy of the public
board with the seat's own hand, exactly as `resolution.lay` will judge it; an exchange
returns its tile to the hand as in the real round. Other players' placements of the
same round are unknown, so a placement that passes here may still fail (and the report
says so); one that fails here fails for certain unless another player's tile changes
the squares around it first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.core.contract import Action
from stellwerk.games.linie1.notation import placements_of
from stellwerk.games.linie1.placement import check_placement
from stellwerk.games.linie1.render import view_board
from stellwerk.games.linie1.tables import EMPTY, Tables, square_index, square_name
from stellwerk.games.linie1.terms import CATALOG
from stellwerk.games.linie1.tiles import ROTATIONS


def precheck_order(tables: Tables, view: Mapping[str, Any], action: Action) -> list[dict[str, Any]]:
    """One entry per placement: ok, or the catalogue key and params of the reason."""
    board = view_board(tables, view)
    mine = (view.get("me") or {}).get("hand") or {}
    hand = [int(mine.get(t, 0)) for t in tables.tile_ids]
    results = []
    for number, (square_text, tile, rotation) in enumerate(placements_of(action), start=1):
        entry: dict[str, Any] = {"placement": number, "square": square_text, "tile": tile,
                                 "rotation": rotation, "ok": False, "key": None,
                                 "params": {}, "exchange": False, "faults": []}
        results.append(entry)
        square = square_index(str(square_text))
        if square is None or tile not in tables.tile_index or rotation not in ROTATIONS:
            entry.update(key="l1.pre.unreadable")
            continue
        index = tables.tile_index[tile]
        if hand[index] <= 0:
            entry.update(key="l1.fail.not_in_hand", params={"tile": tile})
            continue
        pid = tables.pid(tile, rotation)
        verdict = check_placement(tables, board, square, pid)
        if verdict.failure is not None:
            entry.update(key=verdict.failure.key, params=dict(verdict.failure.params))
            continue
        before = board[square]
        board[square] = pid
        hand[index] -= 1
        if before != EMPTY:
            # docs/games/linie1.md#l1-placement: the replaced tile returns, usable this round
            hand[before // 4] += 1
            entry["exchange"] = True
        # postal exception: an exchange may leave neighbours mismatched if mended later
        entry["faults"] = [square_name(s) for s in verdict.faults]
        entry["ok"] = True
    return results


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
                                reason=CATALOG.text(entry["key"], lang, **entry["params"]))
        lines.append(f"{head}: {text}")
    if results:
        lines.append(CATALOG.text("l1.pre.caveat", lang))
    return lines
