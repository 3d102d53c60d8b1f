"""What a seat (or an onlooker) may see of a Linie 1 game.

Hidden (linie1.md: secret lines): every player's line and stops, hands, the pile's
order and the orders not yet resolved. Public: the board, the stops placed, hand
sizes, who has ordered, the last round's report as `report_for` cuts it, who has
finished and their score. The lines are revealed once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stellwerk.games.linie1.progress import line_progress
from stellwerk.games.linie1.tables import EMPTY, SIZE, Tables, square_index, square_name
from stellwerk.games.linie1.tiles import EDGES

if TYPE_CHECKING:
    from stellwerk.games.linie1.rules import Linie1State


def board_entries(tables: Tables, board: list[int]) -> list[list[Any]]:
    return [[square_name(s), tables.tile_of(p), tables.rotation_of(p)]
            for s, p in enumerate(board) if p != EMPTY]


def view_board(tables: Tables, view: Mapping[str, Any]) -> list[int]:
    """The board list of a view (its `board` entries turned back into tile ids)."""
    board = [-1] * (SIZE * SIZE)
    for name, tile, rotation in view["board"]:
        square = square_index(name)
        if square is not None and tile in tables.tile_index:
            board[square] = tables.pid(tile, rotation)
    return board


def secret_of(state: Linie1State, seat: int) -> dict[str, Any]:
    """A seat's secret: its line with terminals, route card, stops and hand."""
    tables = state.tables
    line = state.lines[seat]
    return {
        "line": tables.line_numbers[line],
        "terminals": [{"edge": EDGES[t.edge], "squares": [square_name(s) for s in t.squares]}
                      for t in tables.terminals[line]],
        "card": tables.card_numbers[state.cards[seat]],
        "stops": [tables.building_letters[b] for b in state.stop_buildings(seat)],
        "hand": {tables.tile_ids[t]: c for t, c in enumerate(state.hands[seat]) if c},
        # how far the line is built: stops placed and reached, tiles joined
        "progress": line_progress(tables, state.board, line, [
            (tables.building_letters[b], state.stops[b]) for b in state.stop_buildings(seat)]),
    }


# What everyone learns of a resolved placement: the orders are opened (linie1.md: Postal
# rules) and the board shows what became of each. Why a placement failed is its
# player's alone: the hand is checked first, so any reason (not in the hand, or a
# board rule, which is reached only with the tile in hand) tells a fact about a hand.
PUBLIC_PLACEMENT_KEYS = ("seat", "priority", "square", "tile", "rotation", "outcome",
                         "replaced", "stops")
PRIVATE_PLACEMENT_KEYS = ("reason", "reason_key", "params")
PUBLIC_REPORT_KEYS = ("round", "lots", "completed", "stops")


def report_for(report: Mapping[str, Any] | None, seat: int | None) -> dict[str, Any] | None:
    """The part of a round's resolution `seat` may know (None: an onlooker, the public):
    every placement's fate, and the reasons of `seat`'s own placements only. The one
    place that decides it: every view, report and picture is made from its answer."""
    if report is None:
        return None
    placements = []
    for entry in report["placements"]:
        shown = {key: entry[key] for key in PUBLIC_PLACEMENT_KEYS if key in entry}
        if entry["seat"] == seat:
            shown.update({key: entry[key] for key in PRIVATE_PLACEMENT_KEYS if key in entry})
        else:
            shown.update(reason=None, reason_key=None, params={})
        placements.append(shown)
    shown_report = {key: report[key] for key in PUBLIC_REPORT_KEYS if key in report}
    return {**shown_report, "placements": placements}


def seat_view(state: Linie1State, seat: int | None) -> dict[str, Any]:
    tables = state.tables
    decision = state.decision()
    view: dict[str, Any] = {
        "game": "linie1",
        "seat": seat,
        "players": state.n,
        "round": state.round,
        "round_limit": state.limit,
        "over": state.over,
        "board": board_entries(tables, state.board),
        "stops": {tables.building_letters[b]: square_name(s)
                  for b, s in enumerate(state.stops) if s >= 0},
        "pile": len(state.pile),
        "seats": [{"seat": s, "hand_size": state.hand_size(s),
                   "ordered": state.orders[s] is not None,
                   "finished_round": state.finished[s] or None,
                   "length": state.lengths[s] or None,
                   "score": state.score(s)} for s in range(state.n)],
        "me": secret_of(state, seat) if seat is not None else None,
        "last_report": report_for(state.last_report, seat),
        "decision": None if decision is None else {
            "seats": list(decision.seats), "kind": decision.kind, "prompt": decision.prompt,
            "params": dict(decision.params)},
    }
    if state.over:
        view["revealed"] = [secret_of(state, s) | {"seat": s, "hand": None}
                            for s in range(state.n)]
    return view
