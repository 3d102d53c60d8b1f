"""Legal placements and a representative list of legal orders.

A whole order (up to five placements in priority order) has far too many legal forms
to list, so `representative_orders` lists: the empty order, every single placement that
is legal now (grouped by tile), and up to twelve multi-placement orders drawn at random
(from a generator seeded by the round, seat and board, so the list is the same every
time it is asked for). `apply` accepts every well-formed order, listed or not.

Speed: the singles come ready-made from the state's board table
(`board_options.BoardTable`, kept up to date by the round's end and shared by every
seat and every clone); a drawn order picks one placement at a time among those whose
tile is still in hand, instead of shuffling the whole list, and re-checks a placement
only where an earlier placement of the same order touched its square. A list once made
is kept with the board's table (the same board, round, seat and hand give the same
list), so asking again, as a server or a search bot's clones do, copies it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, compress, repeat
from struct import Struct
from typing import TYPE_CHECKING, Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.linie1.board_options import (
    BoardOptions,
    Draw,
    candidate_squares,
    distinct_turns,
    lookups,
    near_squares,
    order_action,
)
from stellwerk.games.linie1.notation import EMPTY_ORDER, Order
from stellwerk.games.linie1.placement import is_legal
from stellwerk.games.linie1.tables import EMPTY, Tables

if TYPE_CHECKING:
    from stellwerk.games.linie1.rules import Linie1State

__all__ = ["candidate_squares", "distinct_turns", "order_action", "random_order",
           "representative_orders", "sampled_orders"]

RANDOM_ORDERS = 12
# lists kept per board table (seats x hands a search bot's samples give it); then emptied
LISTS_KEPT = 64
MOST_PLACEMENTS = 5
ORDER: tuple[object, ...] = ("order",)
# SplitMix64's constants (core/chance.py): _sixteen_bits draws exactly what next64 would
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_MASK = (1 << 64) - 1
_BATCH = 8                                   # 64-bit numbers made at once, in lanes
_QUARTERS = Struct("<" + "4H8x" * _BATCH).unpack
# random_order's batch: it takes ~54 numbers a call (median 51), and sixteen
# lanes make one number ~25 % cheaper than eight (a fixed cost per batch)
_WHOLE_BATCH = 16
_WHOLES = Struct("<" + "Q8x" * _WHOLE_BATCH).unpack


def random_order(tables: Tables, board: list[int], hand: list[int], chance: Chance,
                 size: int = MOST_PLACEMENTS, tries: int = 80,
                 refresh_squares: bool = True,
                 squares: tuple[int, ...] | None = None) -> list[tuple[int, int]]:
    """Up to `size` placements, each legal after the ones before (this seat alone),
    drawn by rejection: a random square near the network, tile in hand and rotation.
    Without `refresh_squares` the squares near the network are listed once, for the
    board as it was (the costly part; a rollout step skips the re-listing). `squares`:
    the board's near squares when the caller keeps them (`Linie1State.near_squares`)."""
    board, hand = board[:], hand[:]
    chosen: list[tuple[int, int]] = []
    if squares is None:
        squares = near_squares(tables, board)
    found = lookups(tables)
    turns_of = found.turns
    # placement.is_legal, inline (a try is mostly refused, and the loop is the cost):
    # a near square holds no building, so what is left is the edges that take no end,
    # the exchange rule and the neighbours' facing ends
    forbidden, fit_reads, exchanges = found.forbidden_ends, found.fit_reads, found.exchanges
    ends = tables.ends
    # `chance.below(n)` three times a try, made fast (`_sixty_four_bits` says how)
    start = chance.state
    following = chain.from_iterable(map(_sixty_four_bits, repeat(chance))).__next__
    used = 0
    limits = _LIMITS
    try:
        for _ in range(size):
            # the same draws, in the same order, as listing the tiles in hand at every try
            # (the tiles whose count is not 0, picked out in C)
            tiles = list(compress(range(len(hand)), hand))
            if not tiles or not squares:
                return chosen
            n_squares, n_tiles = len(squares), len(tiles)
            square_limit, tile_limit = _limit(n_squares), _limit(n_tiles)
            for _ in range(tries):
                z = following()
                used += 1
                while z >= square_limit:
                    z = following()
                    used += 1
                square = squares[z % n_squares]
                z = following()
                used += 1
                while z >= tile_limit:
                    z = following()
                    used += 1
                tile = tiles[z % n_tiles]
                turns = turns_of[tile]
                z = following()
                used += 1
                while z >= limits[len(turns)]:
                    z = following()
                    used += 1
                pid = tile * 4 + turns[z % len(turns)]
                mine = ends[pid]
                if mine & forbidden[square]:
                    continue
                old = board[square]
                if old != EMPTY and old << 8 | pid not in exchanges:
                    continue
                for near, edge, back in fit_reads[square]:
                    other = board[near]
                    if other != EMPTY and mine >> edge & 1 != ends[other] >> back & 1:
                        break
                else:
                    break                       # legal: this try is the placement
            else:
                return chosen
            chosen.append((square, pid))
            if board[square] != EMPTY:
                hand[board[square] // 4] += 1
            board[square] = pid
            hand[pid // 4] -= 1
            if refresh_squares:
                squares = near_squares(tables, board)
        return chosen
    finally:
        chance.state = (start + used * _GOLDEN) & _MASK


def _limit(n: int) -> int:
    """`Chance.below(n)` takes a 64-bit number below this, and refuses the others."""
    return 0x10000000000000000 - (0x10000000000000000 % n)


_LIMITS = (0, *(_limit(n) for n in range(1, 5)))   # for the 1, 2 or 4 turns of a tile


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

    How it is made fast (the result is the one the description above gives, which
    tests/linie1/test_linie1_fast_orders.py writes out plainly): a list is copied only
    when a placement is swapped within it; a placement whose tile leaves the hand leaves
    its list with it, so its swap waits in `pending` until an exchange brings the tile
    back (rare); the board as the order leaves it is made only for a re-check.
    """
    draws = options.draws
    held = [t for t, n in enumerate(hand) if n > 0 and draws[t]]
    if not held:
        return []
    found: list[Action] = []
    seen: set[Action] = set()
    segments = [draws[t] for t in held]        # per held tile: its placements (tuples)
    for chosen in _drawn_orders(tables, board, hand, held, segments, chance, count):
        if len(chosen) > 1:
            action = ORDER
            for placement in chosen:
                action += placement[3]
            if action not in seen:
                seen.add(action)
                found.append(tuple.__new__(Order, action))
    return found


def _drawn_orders(tables: Tables, board: list[int], hand: Sequence[int], held: list[int],
                  segments: list[tuple[Draw, ...]], chance: Chance, count: int
                  ) -> list[list[Draw]]:
    """The placements of each of `count` orders `sampled_orders` draws (it says how)."""
    found_lookups = lookups(tables)
    masks, bit = found_lookups.around_masks, found_lookups.square_bits
    sizes = [len(s) for s in segments]
    total, everyone, orders = sum(sizes), range(len(held)), []
    next_bits = chain.from_iterable(map(_sixteen_bits, repeat(chance))).__next__
    for _ in range(count):
        left = list(hand)
        lists: list[Any] = segments[:]        # each a tuple until a swap in it
        lengths = sizes[:]                    # placements not yet taken, per list
        alive = list(everyone)                # the lists whose tile is still in hand
        eligible = total                      # placements that may be drawn
        chosen: list[Draw] = []
        pending: list[tuple[int, int]] = []   # (list, index) swaps put off
        ahead: list[int] | None = None        # the board with this order laid, once needed
        touched = 0                           # squares an earlier placement touched
        while eligible:
            r = next_bits() * eligible >> 16
            for i in alive:
                n = lengths[i]
                if r < n:
                    break
                r -= n
            square, pid, tile, _, _ = placement = lists[i][r]
            n -= 1                                # the list without it: swap the last in
            if touched & bit[square]:
                if ahead is None:
                    ahead = board[:]
                    for earlier in chosen:
                        ahead[earlier[0]] = earlier[1]
                if not is_legal(tables, ahead, square, pid):
                    eligible -= 1
                    lengths[i] = n
                    if r < n:
                        taken = lists[i]
                        if taken.__class__ is tuple:
                            taken = lists[i] = list(taken)
                        taken[r] = taken[n]
                    continue
                old = ahead[square]
            else:
                old = board[square]
            if ahead is not None:
                ahead[square] = pid
            chosen.append(placement)
            if old != EMPTY:              # an exchange: the old tile goes back to the hand
                old //= 4
                left[old] += 1
                if left[old] == 1 and old in held:   # its list comes back, in order
                    lengths[i] = n
                    _take_back(lists, lengths, pending, held.index(old))
                    alive = [j for j in everyone if left[held[j]] > 0]
                    # + 1: the placement just taken is subtracted below
                    eligible = sum([lengths[j] for j in alive]) + 1
            if left[tile] == 1:           # the tile leaves the hand, and its list with it
                left[tile] = 0
                eligible -= n + 1
                alive.remove(i)
                lengths[i] = n
                pending.append((i, r))
            else:
                left[tile] -= 1
                eligible -= 1
                lengths[i] = n
                if r < n:
                    taken = lists[i]
                    if taken.__class__ is tuple:
                        taken = lists[i] = list(taken)
                    taken[r] = taken[n]
            if len(chosen) == MOST_PLACEMENTS:
                break
            touched |= masks[square]
        orders.append(chosen)
    return orders


def _swap(lists: list[Any], i: int, r: int, last: int) -> None:
    """Swap and pop: the list's last placement takes the place of the one taken."""
    taken = lists[i]
    if not isinstance(taken, list):
        taken = lists[i] = list(taken)
    taken[r] = taken[last]


def _take_back(lists: list[Any], lengths: list[int],
               pending: list[tuple[int, int]], back: int) -> None:
    """A list comes back with its tile: make the swap put off when it left."""
    for entry in pending:
        if entry[0] == back:
            if entry[1] < lengths[back]:
                _swap(lists, back, entry[1], lengths[back])
            pending.remove(entry)
            return


def _sixty_four_bits(chance: Chance) -> tuple[int, ...]:
    """The next sixteen `next64` numbers of `chance`, made at once (`_next_numbers`).

    `random_order` takes them in turn, refusing (and taking the next) one at or above
    `Chance.below`'s limit for n, exactly as `below` does, and leaves `chance` where as
    many `below` calls would leave it."""
    return _WHOLES(_next_numbers(chance, _WHOLE_BATCH))


def _sixteen_bits(chance: Chance) -> tuple[int, ...]:
    """The next eight 64-bit numbers of `chance`, each cut into four 16-bit draws, low
    bits first: exactly what eight `next64` calls give (the tests compare them)."""
    return _QUARTERS(_next_numbers(chance, _BATCH))


def _lanes(count: int) -> tuple[int, int, int]:
    """`count` lanes 128 bits apart: the ones to spread a state over them, the 64-bit
    masks, and each lane's SplitMix64 step (lane k steps k + 1 times)."""
    ones = sum(1 << (128 * k) for k in range(count))
    return ones, _MASK * ones, sum((((k + 1) * _GOLDEN) & _MASK) << (128 * k)
                                   for k in range(count))


_LANES = {count: _lanes(count) for count in (_BATCH, _WHOLE_BATCH)}


def _next_numbers(chance: Chance, count: int) -> bytes:
    """The next `count` `next64` numbers of `chance`, 16 bytes apart, little-endian.

    Made at once for speed: the SplitMix64 states lie in one Python int, 128 bits
    apart, so each step of the mix is one operation on all of them; a lane's product
    (< 2^128) cannot carry into the next one, and the mask after each shift clears the
    bits a shift brings down from the lane above.
    """
    ones, masks, steps = _LANES[count]
    state = chance.state
    chance.state = (state + count * _GOLDEN) & _MASK
    z = (state * ones + steps) & masks
    z = ((z ^ (z >> 30)) & masks) * _MIX1 & masks
    z = ((z ^ (z >> 27)) & masks) * _MIX2 & masks
    z = (z ^ (z >> 31)) & masks
    return z.to_bytes(16 * count, "little")


def representative_orders(state: Linie1State, seat: int) -> list[Action]:
    """The empty order, the seat's single placements (by tile, squares in order), then
    up to RANDOM_ORDERS drawn orders; made once per board, round, seat and hand (kept
    with the board's table, which the state's clones share) and copied out."""
    table = state.board_table()
    hand = state.hands[seat]
    key = (state.round, seat, *hand)
    listed = table.lists.get(key)
    if listed is None:
        options = table.options
        actions: list[Action] = [EMPTY_ORDER]
        for tile, count in enumerate(hand):
            if count > 0:
                actions.extend(options.actions(tile))
        if len(actions) > 1:
            chance = Chance(state.round * 7919 + seat * 104729 + sum(table.board) * 31)
            actions.extend(sampled_orders(state.tables, state.board, hand, options, chance))
        listed = tuple(actions)
        if len(table.lists) >= LISTS_KEPT:
            table.lists.clear()
        table.lists[key] = listed
    return list(listed)


def listed_order_at_random(state: Linie1State, seat: int, chance: Chance) -> Action:
    """One order uniform over `representative_orders(state, seat)`, drawn without
    making the list: an index below 1 + singles + RANDOM_ORDERS is drawn, and one past
    the orders actually sampled is drawn again (so the choice is uniform over the true
    list); the sampled orders are made only when the index falls among them."""
    options = state.board_table().options
    hand = state.hands[seat]
    singles = [a for tile, count in enumerate(hand) if count > 0 for a in options.actions(tile)]
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
