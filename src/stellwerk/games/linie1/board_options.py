"""Which placed tiles may lie where on a board: the tables behind the legal-order list.

Whether a placed tile is legal on a square (placement.is_legal) depends only on the
square, the tile already on it, and for each of its four neighbours whether that
neighbour is empty or has a track end facing it. `square_options` caches the legal
placed tiles by exactly that context, so a board is read, not re-checked. `BoardOptions`
gathers, for one whole board, every legal single placement per tile with its action
ready-made; all seats of a round (and every clone a search bot makes) share it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stellwerk.core.contract import Action
from stellwerk.games.linie1.placement import is_legal
from stellwerk.games.linie1.tables import EMPTY, SQUARES, Tables, square_name

# These caches live in their own dict on the shared pack tables, cleared when it grows
# past this size, so a long simulation cannot fill memory (a lost entry is recomputed).
CACHE_LIMIT = 100_000
BOARD_CACHE_LIMIT = 256


def _store(tables: Tables) -> dict[Any, Any]:
    store = tables.cache.get("legal")
    if store is None or len(store) > CACHE_LIMIT:
        store = tables.cache["legal"] = {}
    return store


def distinct_turns(tables: Tables, tile: int) -> tuple[int, ...]:
    """Quarter turns of `tile` giving different tracks (a straight has two)."""
    key = ("turns", tile)
    if key not in tables.cache:
        seen: dict[int, int] = {}
        for quarter in range(4):
            seen.setdefault(tables.pairs[tile * 4 + quarter], quarter)
        tables.cache[key] = tuple(seen.values())
    turns: tuple[int, ...] = tables.cache[key]
    return turns


def every_placed_tile(tables: Tables) -> tuple[int, ...]:
    """Every pid in tile order, one per distinct turn."""
    found = tables.cache.get("pids")
    if found is None:
        found = tuple(tile * 4 + q for tile in range(len(tables.tile_ids))
                      for q in distinct_turns(tables, tile))
        tables.cache["pids"] = found
    return found


def _edge_rules(tables: Tables) -> tuple[tuple[int, int, int, int], ...]:
    """Per square, what each edge allows whatever the board: ANY (a neighbour square or a
    terminal), NO_END (off the board without a terminal, or a building), NEIGHBOUR (ask
    the board)."""
    found = tables.cache.get("edge rules")
    if found is None:
        rules = []
        for square in range(SQUARES):
            row = []
            for edge in range(4):
                near = tables.neighbour[square * 4 + edge]
                if near < 0:
                    row.append(ANY if square * 4 + edge in tables.terminal_at else NO_END)
                elif tables.building_at[near] >= 0:
                    row.append(NO_END)
                else:
                    row.append(NEIGHBOUR)
            rules.append((row[0], row[1], row[2], row[3]))
        found = tables.cache["edge rules"] = tuple(rules)
    return found


ANY, NO_END, NEIGHBOUR = 3, 2, -2


def square_options(tables: Tables, board: list[int], square: int) -> tuple[int, ...]:
    """Every pid (any tile, each distinct turn) legal on `square` now, hand aside.

    Cached by what legality depends on (placement.is_legal): the tile on the square and,
    per edge, "no end allowed", "anything", or the facing end of the neighbour's tile
    (-1 for an empty neighbour); the same context on any square gives the same answer.
    """
    base = square * 4
    neighbour, ends = tables.neighbour, tables.ends
    rules = _edge_rules(tables)[square]
    context: list[int] = [board[square]]
    for edge in range(4):
        rule = rules[edge]
        if rule != NEIGHBOUR:
            context.append(rule)
        else:
            other = board[neighbour[base + edge]]
            context.append(-1 if other == EMPTY else ends[other] >> ((edge + 2) & 3) & 1)
    key = tuple(context)
    cache = _store(tables)
    found = cache.get(key)
    if found is None:
        found = tuple(p for p in every_placed_tile(tables) if is_legal(tables, board, square, p))
        cache[key] = found
    return found


def candidate_squares(tables: Tables, board: list[int]) -> list[int]:
    """Squares where a placement may matter: next to the network or a terminal, or an
    exchangeable tile."""
    near: set[int] = set(_terminal_squares(tables))
    neighbour, exchangeable = tables.neighbour, tables.exchangeable
    for square in range(SQUARES):
        pid = board[square]
        if pid == EMPTY:
            continue
        if exchangeable[pid // 4]:
            near.add(square)
        base = square * 4
        for edge in range(4):
            n = neighbour[base + edge]
            if n >= 0 and board[n] == EMPTY:
                near.add(n)
    return sorted(s for s in near if tables.building_at[s] < 0)


def _terminal_squares(tables: Tables) -> frozenset[int]:
    found = tables.cache.get("terminal squares")
    if found is None:
        found = frozenset(s for pair in tables.terminals for t in pair for s in t.squares)
        tables.cache["terminal squares"] = found
    return found


def order_action(tables: Tables, placements: Sequence[tuple[int, int]]) -> Action:
    action: list[object] = ["order"]
    for square, pid in placements:
        action.extend((square_name(square), tables.tile_of(pid), tables.rotation_of(pid)))
    return tuple(action)


def single_action(tables: Tables, square: int, pid: int) -> Action:
    """The order of one placement, made once per pack."""
    key = ("single", square, pid)
    found = tables.cache.get(key)
    if found is None:
        found = order_action(tables, [(square, pid)])
        tables.cache[key] = found
    return found


@dataclass(frozen=True)
class BoardOptions:
    """Every legal single placement on one board, grouped by tile (square order within)."""

    by_tile: tuple[tuple[tuple[int, int], ...], ...]     # tile -> (square, pid) ...
    actions: tuple[tuple[Action, ...], ...]               # tile -> its single orders


def board_options(tables: Tables, board: list[int]) -> BoardOptions:
    key = ("board", tuple(board))
    cache = _store(tables)
    found = cache.get(key)
    if found is not None:
        return found
    by_tile: list[list[tuple[int, int]]] = [[] for _ in tables.tile_ids]
    for square in candidate_squares(tables, board):
        for pid in square_options(tables, board, square):
            by_tile[pid // 4].append((square, pid))
    found = BoardOptions(tuple(map(tuple, by_tile)),
                         tuple(tuple(single_action(tables, s, p) for s, p in placements)
                               for placements in by_tile))
    boards = cache.setdefault("boards", [])
    boards.append(key)
    if len(boards) > BOARD_CACHE_LIMIT:
        for old in boards[:-BOARD_CACHE_LIMIT]:
            cache.pop(old, None)
        del boards[:-BOARD_CACHE_LIMIT]
    cache[key] = found
    return found
