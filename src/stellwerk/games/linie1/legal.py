"""Legal placements and a representative list of legal orders.

A whole order (up to five placements in priority order) has far too many legal forms
to list, so `representative_orders` lists: the empty order, every single placement that
is legal now (grouped by tile), and up to twelve multi-placement orders drawn at random
(from a generator seeded by the round, seat and board, so the list is the same every
time it is asked for). `apply` accepts every well-formed order, listed or not.

Speed (issue 7 §6): the singles come ready-made from `board_options` (cached per board,
shared by every seat of a round); a drawn order picks one placement at a time among
those whose tile is still in hand, instead of shuffling the whole list, and re-checks
a placement only where an earlier placement of the same order touched its square.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.linie1.board_options import (
    board_options,
    candidate_squares,
    distinct_turns,
    order_action,
    single_action,
)
from stellwerk.games.linie1.notation import EMPTY_ORDER
from stellwerk.games.linie1.placement import is_legal
from stellwerk.games.linie1.tables import EMPTY, Tables

if TYPE_CHECKING:
    from stellwerk.games.linie1.rules import Linie1State

__all__ = ["candidate_squares", "distinct_turns", "order_action", "random_order",
           "representative_orders", "sampled_orders"]

RANDOM_ORDERS = 12
MOST_PLACEMENTS = 5


def random_order(tables: Tables, board: list[int], hand: list[int], chance: Chance,
                 size: int = MOST_PLACEMENTS, tries: int = 80) -> list[tuple[int, int]]:
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


def drawn_order(tables: Tables, board: list[int], hand: Sequence[int],
                groups: Sequence[Sequence[tuple[int, int]]],
                chance: Chance) -> list[tuple[int, int]]:
    """Up to five single placements (each legal on `board` now; `groups` holds them per
    tile in hand) in random order, each still legal and in hand after the ones before
    (this seat alone).

    Each step draws uniformly among the placements whose tile is still in hand (so a
    used-up tile costs no rejected draws), 16 bits of a 64-bit draw at a time (a bias
    below n/65536, harmless for a sample); a placement is re-checked only where an
    earlier one of the same order touched its square.
    """
    alive = [list(g) for g in groups]
    left = list(hand)
    chosen: list[tuple[int, int]] = []
    touched: set[int] = set()
    ahead = board
    around = _around(tables)
    bits = spare = 0
    while len(chosen) < MOST_PLACEMENTS:
        eligible = [g for g in alive if g and left[g[0][1] // 4] > 0]
        total = sum(map(len, eligible))
        if not total:
            break
        if not spare:
            bits, spare = chance.next64(), 4
        r = (bits & 0xFFFF) * total >> 16
        bits >>= 16
        spare -= 1
        for group in eligible:
            if r < len(group):
                break
            r -= len(group)
        group[r], group[-1] = group[-1], group[r]
        square, pid = group.pop()
        if square in touched and not is_legal(tables, ahead, square, pid):
            continue
        if not chosen:
            ahead = board[:]
        chosen.append((square, pid))
        if ahead[square] != EMPTY:
            left[ahead[square] // 4] += 1
        ahead[square] = pid
        left[pid // 4] -= 1
        touched.update(around[square])
    return chosen


def _around(tables: Tables) -> tuple[tuple[int, ...], ...]:
    """Per square: itself and its neighbours (the squares its placement can affect)."""
    found = tables.cache.get("around")
    if found is None:
        found = tuple((s, *(n for e in range(4) if (n := tables.neighbour[s * 4 + e]) >= 0))
                      for s in range(len(tables.building_at)))
        tables.cache["around"] = found
    return found


def sampled_orders(tables: Tables, board: list[int], hand: Sequence[int],
                   groups: Sequence[Sequence[tuple[int, int]]], chance: Chance,
                   count: int = RANDOM_ORDERS) -> list[Action]:
    """Up to `count` distinct multi-placement orders drawn from `groups`."""
    found: list[Action] = []
    seen: set[Action] = set()
    for _ in range(count):
        order = drawn_order(tables, board, hand, groups, chance)
        if len(order) > 1:
            action = _joined(tables, order)
            if action not in seen:
                seen.add(action)
                found.append(action)
    return found


def _joined(tables: Tables, order: Sequence[tuple[int, int]]) -> Action:
    """`order_action`, from the ready-made single orders (no names formatted again)."""
    action: tuple[object, ...] = ("order",)
    for square, pid in order:
        action += single_action(tables, square, pid)[1:]
    return action


def representative_orders(state: Linie1State, seat: int) -> list[Action]:
    tables = state.tables
    hand = state.hands[seat]
    options = board_options(tables, state.board)
    actions: list[Action] = [EMPTY_ORDER]
    groups = []
    for tile, count in enumerate(hand):
        if count > 0 and options.by_tile[tile]:
            actions.extend(options.actions[tile])
            groups.append(options.by_tile[tile])
    if groups:
        chance = Chance(state.round * 7919 + seat * 104729 + sum(state.board) * 31)
        actions.extend(sampled_orders(tables, state.board, hand, groups, chance))
    return actions
