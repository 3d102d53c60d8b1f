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
    BoardOptions,
    candidate_squares,
    distinct_turns,
    lookups,
    order_action,
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


def sampled_orders(tables: Tables, board: list[int], hand: Sequence[int],
                   options: BoardOptions, chance: Chance,
                   count: int = RANDOM_ORDERS) -> list[Action]:
    """Up to `count` distinct multi-placement orders, each drawn independently.

    An order is up to five single placements taken from the board's table (those of
    the tiles in `hand`, each legal on `board` now), one at a time, uniformly among the
    placements not yet taken by this order whose tile is still in hand; each must still
    be legal after the ones before (this seat alone), and one that is not is dropped.

    A draw is 16 bits of a 64-bit number scaled to the number of eligible placements (a
    bias below n/65536, harmless for a sample), found by walking the per-tile lists of
    the tiles still in hand; a taken placement leaves its list by swap and pop. A
    placement is re-checked only where an earlier one of the same order touched its
    square.
    """
    draws = options.draws
    held = [t for t, n in enumerate(hand) if n > 0 and draws[t]]
    if not held:
        return []
    total = sum(len(draws[t]) for t in held)
    masks = lookups(tables).around_masks
    found: list[Action] = []
    seen: set[tuple[object, ...]] = set()
    bits = spare = 0
    next64 = chance.next64
    for _ in range(count):
        left = list(hand)
        lists = [list(draws[t]) for t in held]     # per tile: not yet taken by this order
        alive = lists[:]                          # those of tiles still in hand
        eligible = total
        chosen: list[tuple[object, ...]] = []
        placed = 0
        touched = 0                               # squares an earlier placement touched
        ahead = board
        while eligible and placed < MOST_PLACEMENTS:
            if not spare:
                bits, spare = next64(), 4
            r = (bits & 0xFFFF) * eligible >> 16
            bits >>= 16
            spare -= 1
            for placements in alive:
                if r < len(placements):
                    break
                r -= len(placements)
            last = placements.pop()
            if r < len(placements):
                square, pid, tile, body = placements[r]
                placements[r] = last
            else:
                square, pid, tile, body = last
            eligible -= 1
            if touched >> square & 1 and not is_legal(tables, ahead, square, pid):
                continue
            if not placed:
                ahead = board[:]
            chosen.append(body)
            placed += 1
            old = ahead[square]
            if old != EMPTY:          # an exchange: the old tile goes back to the hand
                old //= 4
                left[old] += 1
                if left[old] == 1 and old in held:   # its list comes back, in order
                    alive = [p for t, p in zip(held, lists, strict=True) if left[t] > 0]
                    eligible = sum(map(len, alive))
            ahead[square] = pid
            left[tile] -= 1
            if not left[tile]:
                eligible -= len(placements)
                alive = [p for p in alive if p is not placements]
            touched |= masks[square]
        if placed > 1:
            action: tuple[object, ...] = ("order",)
            for body in chosen:
                action += body
            if action not in seen:
                seen.add(action)
                found.append(action)
    return found


def representative_orders(state: Linie1State, seat: int) -> list[Action]:
    tables = state.tables
    hand = state.hands[seat]
    options = state.board_table().options
    actions: list[Action] = [EMPTY_ORDER]
    for tile, count in enumerate(hand):
        if count > 0:
            actions.extend(options.actions[tile])
    if len(actions) > 1:
        chance = Chance(state.round * 7919 + seat * 104729 + sum(state.board) * 31)
        actions.extend(sampled_orders(tables, state.board, hand, options, chance))
    return actions


def listed_order_at_random(state: Linie1State, seat: int, chance: Chance) -> Action:
    """One order uniform over `representative_orders(state, seat)`, drawn without
    making the list: an index below 1 + singles + RANDOM_ORDERS is drawn, and one past
    the orders actually sampled is drawn again (so the choice is uniform over the true
    list); the sampled orders are made only when the index falls among them."""
    options = state.board_table().options
    hand = state.hands[seat]
    singles = [a for tile, count in enumerate(hand) if count > 0 for a in options.actions[tile]]
    if not singles:
        return EMPTY_ORDER
    sampled: list[Action] | None = None
    while True:
        index = chance.below(1 + len(singles) + RANDOM_ORDERS)
        if index == 0:
            return EMPTY_ORDER
        if index <= len(singles):
            return singles[index - 1]
        if sampled is None:
            sampled = representative_orders(state, seat)[1 + len(singles):]
        if index - 1 - len(singles) < len(sampled):
            return sampled[index - 1 - len(singles)]
