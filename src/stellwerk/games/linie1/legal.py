"""Legal placements and a representative list of legal orders.

A whole order (up to five placements in priority order) has far too many legal forms
to list, so `legal_actions` lists: the empty order, every single placement that is
legal now, and a few multi-placement orders drawn at random (from a generator seeded
by the round and seat, so the list is the same every time it is asked for). `apply`
accepts every well-formed order, listed or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.linie1.notation import EMPTY_ORDER
from stellwerk.games.linie1.placement import is_legal
from stellwerk.games.linie1.tables import EMPTY, SQUARES, Tables, square_name

if TYPE_CHECKING:
    from stellwerk.games.linie1.rules import Linie1State

RANDOM_ORDERS = 12


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


def candidate_squares(tables: Tables, board: Sequence[int]) -> list[int]:
    """Squares where a placement may matter: next to the network or a terminal, or an
    exchangeable tile."""
    near: set[int] = {s for pair in tables.terminals for t in pair for s in t.squares}
    for square in range(SQUARES):
        pid = board[square]
        if pid == EMPTY:
            continue
        if tables.exchangeable[pid // 4]:
            near.add(square)
        for edge in range(4):
            n = tables.neighbour[square * 4 + edge]
            if n >= 0 and board[n] == EMPTY:
                near.add(n)
    return sorted(s for s in near if tables.building_at[s] < 0)


def legal_placements(tables: Tables, board: list[int], hand: Sequence[int],
                     squares: Sequence[int] | None = None) -> list[tuple[int, int]]:
    """Every (square, pid) from `hand` fully legal on `board` now (no postal exception)."""
    found = []
    for square in candidate_squares(tables, board) if squares is None else squares:
        for tile, count in enumerate(hand):
            if count <= 0:
                continue
            for quarter in distinct_turns(tables, tile):
                pid = tile * 4 + quarter
                if is_legal(tables, board, square, pid):
                    found.append((square, pid))
    return found


def order_action(tables: Tables, placements: Sequence[tuple[int, int]]) -> Action:
    action: list[object] = ["order"]
    for square, pid in placements:
        action.extend((square_name(square), tables.tile_of(pid), tables.rotation_of(pid)))
    return tuple(action)


def random_order(tables: Tables, board: list[int], hand: list[int], chance: Chance,
                 size: int = 5, tries: int = 80) -> list[tuple[int, int]]:
    """Up to `size` placements, each legal after the ones before (this seat alone),
    drawn by rejection: a random square near the network, tile in hand and rotation."""
    board, hand = board[:], hand[:]
    chosen: list[tuple[int, int]] = []
    squares = candidate_squares(tables, board)
    for _ in range(size):
        for _ in range(tries):
            tiles = [t for t, c in enumerate(hand) if c > 0]
            if not tiles or not squares:
                return chosen
            square = squares[chance.below(len(squares))]
            tile = tiles[chance.below(len(tiles))]
            turns = distinct_turns(tables, tile)
            pid = tile * 4 + turns[chance.below(len(turns))]
            if is_legal(tables, board, square, pid):
                break
        else:
            return chosen
        chosen.append((square, pid))
        if board[square] != EMPTY:
            hand[board[square] // 4] += 1
        board[square] = pid
        hand[pid // 4] -= 1
        squares = candidate_squares(tables, board)
    return chosen


def orders_from(tables: Tables, board: list[int], hand: list[int],
                singles: list[tuple[int, int]], chance: Chance) -> list[tuple[int, int]]:
    """Up to five of `singles` in random order, each still legal and in hand after the
    ones before (this seat alone)."""
    board, hand = board[:], hand[:]
    chosen: list[tuple[int, int]] = []
    pool = singles[:]
    chance.shuffle(pool)
    for square, pid in pool:
        if len(chosen) == 5:
            break
        if hand[pid // 4] > 0 and is_legal(tables, board, square, pid):
            chosen.append((square, pid))
            if board[square] != EMPTY:
                hand[board[square] // 4] += 1
            board[square] = pid
            hand[pid // 4] -= 1
    return chosen


def representative_orders(state: Linie1State, seat: int) -> list[Action]:
    tables = state.tables
    hand = state.hands[seat]
    singles = legal_placements(tables, state.board, hand)
    actions: list[Action] = [EMPTY_ORDER]
    actions.extend(order_action(tables, [p]) for p in singles)
    chance = Chance(state.round * 7919 + seat * 104729 + sum(state.board) * 31)
    for _ in range(RANDOM_ORDERS if singles else 0):
        order = orders_from(tables, state.board, hand, singles, chance)
        action = order_action(tables, order)
        if len(order) > 1 and action not in actions:
            actions.append(action)
    return actions
