"""A record sheet as a seat must see it to decide: the structure of every row, what it
scores now and what its next box would add.

Everything here is read from the sheet tables and worked out on copies of the players,
so the numbers are exactly what the engine will score: "next adds" is the change of the
whole score when that row is marked next (chains, red lines, Forest x Sawmill, the
Passenger majority and the Factory exchange included), never a separate estimate.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stellwerk.games.rail_line.sheet import LOST, Player, Sheet, passenger_majority
from stellwerk.games.rail_line.symbols import BEET, FOREST, PASSENGERS, SAWMILL, SUGAR, SYMBOLS


def total(sheet: Sheet, players: Sequence[Player], seat: int) -> int:
    return sum(sheet.score(players, seat).values())


def gain_of_marks(sheet: Sheet, players: Sequence[Player], seat: int, rows: Sequence[int],
                  turn: int) -> int:
    """How the seat's score changes if `rows` are marked in this order now."""
    before = total(sheet, players, seat)
    twins = [p.clone() for p in players]
    for row in rows:
        sheet.mark(twins[seat], row, turn)
    return total(sheet, twins, seat) - before


def _below(sheet: Sheet, row: int, box: int) -> list[dict[str, Any]]:
    """The boxes standing under (row, box): marking it lets them count."""
    return [{"row": SYMBOLS[r], "box": b + 1}
            for r, column in enumerate(sheet.above) for b, up in enumerate(column)
            if up == (row, box)]


def _notes(sheet: Sheet, counts: Sequence[int], row: int) -> list[dict[str, Any]]:
    """Why marking the row next gives what it gives, as catalogue keys with params."""
    n, size = counts[row], len(sheet.values[row])
    if n >= size:
        return [{"key": "rl.note.full", "coins": sheet.overflow[row]}]
    box = n + 1
    notes: list[dict[str, Any]] = []
    up = sheet.above[row][box - 1]
    if up is not None and not sheet.box_counts(counts, up[0], up[1]):
        # docs/games/rail-line.md#rl-rules: a box counts only when the box above it is marked
        notes.append({"key": "rl.note.needs_above", "row": SYMBOLS[up[0]], "box": up[1]})
    if row == BEET and sheet.gates and not sheet.beet_gate_open(counts, box):
        # docs/games/rail-line.md#rl-scoring Sheet II: a beet box past a red line needs the Sugar
        # factory box
        notes.append({"key": "rl.note.red_line", "row": SYMBOLS[SUGAR],
                      "box": sheet.gates[box - 1]})
    notes += [{"key": "rl.note.feeds", **below} for below in _below(sheet, row, box)]
    if row == SUGAR and sheet.gates:
        opened = [b + 1 for b, need in enumerate(sheet.gates) if need == box]
        if opened:
            notes.append({"key": "rl.note.opens", "row": SYMBOLS[BEET],
                          "box": opened[0]})
    return notes


def _counting(sheet: Sheet, counts: Sequence[int], row: int) -> list[bool]:
    """Per box: marked and scoring. A box under an empty box does not count; on Sheet II
    Forest and Sawmill count only as far as the chain Forest 1, Sawmill 1, Forest 2, ...
    is unbroken (docs/games/rail-line.md#rl-scoring Sheet II)."""
    size = len(sheet.values[row])
    if sheet.name == "II" and row in (FOREST, SAWMILL):
        forest, sawmill = counts[FOREST], counts[SAWMILL]
        reach = min(forest, sawmill + 1) if row == FOREST else min(sawmill, forest)
        return [b < reach for b in range(size)]
    return [sheet.box_counts(counts, row, b) for b in range(1, size + 1)]


def sheet_rows(sheet: Sheet, players: Sequence[Player], seat: int,
               turn: int) -> list[dict[str, Any]]:
    counts = players[seat].counts
    rows = []
    # Sheet I doubles the Passengers row for strictly most Passenger boxes: the row's
    # "now" is what the score counts, as in the breakdown
    doubled = sheet.name == "I" and passenger_majority(players, seat)
    for row, values in enumerate(sheet.values):
        up = sheet.above[row]
        counting = _counting(sheet, counts, row)
        now = next((values[b] for b in range(len(values) - 1, -1, -1) if counting[b]), None)
        if now is not None and doubled and row == PASSENGERS:
            now *= 2
        rows.append({
            "symbol": SYMBOLS[row],
            "values": list(values),
            "marked": counts[row],
            # a marked box that does not count yet: the box above it is empty
            "counting": counting,
            "under": ({"row": SYMBOLS[up[0][0]], "boxes": [u[1] for u in up if u]}
                      if up and up[0] is not None else None),
            "red_lines": (list(sheet.gates) if row == BEET and sheet.gates else []),
            "full_coins": sheet.overflow[row],
            "value_now": now,
            "next_box": counts[row] + 1 if counts[row] < len(values) else None,
            "next_adds": gain_of_marks(sheet, players, seat, [row], turn),
            "notes": _notes(sheet, counts, row),
        })
    return rows


def breakdown(sheet: Sheet, players: Sequence[Player], seat: int) -> dict[str, Any]:
    """The running score by part; Sheet I's Forest x Sawmill shown with both factors."""
    parts = sheet.score(players, seat)
    counts = players[seat].counts
    result: dict[str, Any] = {"parts": parts, "total": sum(parts.values())}
    if sheet.name == "I":
        # the Passengers row counts twice for strictly most Passenger boxes; `rivals`
        # are the seats with as many or more, which keep it single
        mine = counts[PASSENGERS]
        result["majority"] = {
            "held": passenger_majority(players, seat), "boxes": mine,
            "rivals": [other for other, player in enumerate(players)
                       if other != seat and mine and player.counts[PASSENGERS] >= mine]}
        result["forest_factor"] = sheet.values[FOREST][counts[FOREST] - 1] if counts[FOREST] else 0
        result["sawmill_factor"] = (sheet.values[SAWMILL][counts[SAWMILL] - 1]
                                    if counts[SAWMILL] else 0)
    return result


def refusal_facts(sheet: Sheet, players: Sequence[Player], seat: int, row: int,
                  coming: Sequence[int], turn: int) -> dict[str, Any]:
    """What each answer to "keep or refuse" does, with the symbols of the same station still to come
    (docs/games/rail-line.md#rl-rules: the Sugar factory is asked before the beet), so refusing one
    symbol never hides what it costs on the next."""
    keep = gain_of_marks(sheet, players, seat, [row, *coming], turn)
    twins = [p.clone() for p in players]
    twins[seat].coins += 1
    refuse = (total(sheet, twins, seat) - total(sheet, players, seat)
              + gain_of_marks(sheet, twins, seat, coming, turn))
    lost = []
    probe = [p.clone() for p in players]
    for r in coming:        # which later symbol would be lost if this one were refused
        if sheet.mark(probe[seat], r, turn) == LOST:
            lost.append(SYMBOLS[r])
    return {
        "symbol": SYMBOLS[row],
        "coming": [SYMBOLS[r] for r in coming],
        "keep_adds": keep,
        "refuse_adds": refuse,
        "refuse_loses": lost,
        "notes": _notes(sheet, players[seat].counts, row),
    }
