"""The planner bot: plans its whole route over the board and orders the next tiles.

Each round it reads only its seat's view (board, stops, its line, stops and hand) and
runs a Dijkstra search over (square, entry edge, stops visited) from its first terminal
to its second. Moving along existing track costs one tile of route length; crossing an
empty square costs the tile plus `PLACE_COST` (a placement still to make); upgrading an
exchangeable tile by a track the hand can add costs a little more. An empty square next
to one of its buildings without a stop counts as visiting that stop (laying there first
claims it). The order then lays up to five of the route's missing tiles, stop squares
first, each with the hand tile that fits with the fewest extra tracks, checked against
its own copy of the board placement by placement. It also lays tiles it cannot use far
from its route, so that its hand refills with useful ones.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.core.session import Window
from stellwerk.games.linie1.legal import distinct_turns, order_action
from stellwerk.games.linie1.placement import is_legal
from stellwerk.games.linie1.route import DEAD, GOAL, port_table
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.tables import EMPTY, PAIR_BIT, SQUARES, Tables
from stellwerk.games.linie1.tiles import opposite
from stellwerk.games.linie1.views import view_board

PLACE_COST = 2.0
UPGRADE_COST = 3.5
FACING_COST = 3.0
DUMP_PILE = 0       # lay unusable tiles only while the pile holds at least this many
MAX_ORDER = 5


def _bit(a: int, b: int) -> int:
    return PAIR_BIT[(a, b) if a < b else (b, a)]


def _empty_square_cost(tables: Tables, board: Sequence[int], square: int, entry: int,
                       exit_: int) -> float | None:
    """The cost of a one-track tile entry-exit here, or None if it cannot lie here.

    A neighbour's track end facing another edge of the square is not fatal: the route
    may pass the square twice, or a tile with more tracks may meet it; it costs extra.
    """
    near = tables.neighbour[square * 4 + exit_]
    if near >= 0 and tables.building_at[near] >= 0:
        return None
    cost = 1.0 + PLACE_COST
    for edge in range(4):
        if edge in (entry, exit_):
            continue
        near = tables.neighbour[square * 4 + edge]
        if near >= 0 and board[near] != EMPTY and tables.ends[board[near]] >> opposite(edge) & 1:
            cost += FACING_COST
    return cost


def can_upgrade(tables: Tables, old: int, need: int, hand: Sequence[int] | None) -> bool:
    if not tables.exchangeable[old // 4]:
        return False
    want = tables.pairs[old] | need
    for tile, count in enumerate(tables.counts if hand is None else hand):
        if count and any(tables.pairs[tile * 4 + q] & want == want for q in range(4)):
            return True
    return False


def plan_route(tables: Tables, board: Sequence[int], line: int, stop_buildings: Sequence[int],
               stops: Sequence[int], hand: Sequence[int] | None,
               blocked: frozenset[int] = frozenset()) -> list[tuple[int, int, int]] | None:
    """The cheapest route as (square, entry edge, exit edge) steps, or None.

    Upgrades are planned only with tiles in `hand` (any tile when None); nothing is
    planned to be laid on a `blocked` square."""
    bits = [0] * SQUARES
    for i, building in enumerate(stop_buildings):
        if stops[building] >= 0:
            bits[stops[building]] |= 1 << i
        else:
            square = tables.building_squares[building]
            for edge in range(4):
                near = tables.neighbour[square * 4 + edge]
                if near >= 0 and board[near] == EMPTY and tables.building_at[near] < 0:
                    bits[near] |= 1 << i
    full = (1 << len(stop_buildings)) - 1
    ports = port_table(tables, line)
    inf = float("inf")
    best = [inf] * (SQUARES * 4 * 8)
    parent: dict[int, tuple[int, int, int, int]] = {}
    heap: list[tuple[float, int]] = []
    start = tables.terminals[line][0]
    for square in start.squares:
        placed = board[square]
        if placed != EMPTY and not tables.ends[placed] >> start.edge & 1:
            continue
        state = (square * 4 + start.edge) * 8 + bits[square]
        best[state] = 0.0
        parent[state] = (-1, square, start.edge, -1)
        heap.append((0.0, state))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    # Where each port leads does not depend on the stops visited, so it is worked out
    # once per port and reused for every mask: (the port entered next, times 8, with
    # its square's stop bits; or GOAL), the step's cost and the exit edge.
    following: list[list[tuple[int, float, int]] | None] = [None] * (SQUARES * 4)
    while heap:
        cost, state = pop(heap)
        if cost > best[state]:
            continue
        port, mask = state >> 3, state & 7
        leads = following[port]
        if leads is None:
            leads = following[port] = [
                (target if target == GOAL else target << 3 | bits[target >> 2], step, exit_)
                for target, step, exit_ in _port_moves(tables, board, ports, hand, blocked,
                                                       port)]
        for code, step, exit_ in leads:
            if code == GOAL:
                if mask == full:
                    return _path(parent, state, exit_)
                continue
            reached = code | mask
            total = cost + step
            if total < best[reached]:
                best[reached] = total
                parent[reached] = (state, code >> 5, code >> 3 & 3, exit_)
                push(heap, (total, reached))
    return None


def _port_moves(tables: Tables, board: Sequence[int], ports: Sequence[int],
                hand: Sequence[int] | None, blocked: frozenset[int],
                port: int) -> list[tuple[int, float, int]]:
    """The moves out of `port` (a tram on `square` that came in at `entry`): for each
    exit, the port entered next (or GOAL) and the step's cost."""
    square, entry = port >> 2, port & 3
    placed = board[square]
    moves: list[tuple[int, float]] = []
    if placed != EMPTY:
        have = tables.exits[placed][entry]
        moves.extend((f, 1.0) for f in have)
        for f in range(4) if square not in blocked else ():
            if f != entry and f not in have and can_upgrade(
                    tables, placed, _bit(entry, f), hand):
                moves.append((f, 1.0 + UPGRADE_COST))
    elif square not in blocked:
        for f in range(4):
            if f != entry:
                step = _empty_square_cost(tables, board, square, entry, f)
                if step is not None:
                    moves.append((f, step))
    leads: list[tuple[int, float, int]] = []
    for exit_, step in moves:
        target = ports[square * 4 + exit_]
        if target == DEAD:
            continue
        if target == GOAL:
            leads.append((GOAL, step, exit_))
            continue
        near = target >> 2
        if tables.building_at[near] >= 0:
            continue
        there = board[near]
        if there != EMPTY and not tables.ends[there] >> (target & 3) & 1:
            continue
        leads.append((target, step, exit_))
    return leads


def _path(parent: dict[int, tuple[int, int, int, int]], state: int,
          last_exit: int) -> list[tuple[int, int, int]]:
    steps: list[tuple[int, int, int]] = []
    exit_ = last_exit
    while state != -1:
        previous, square, entry, exit_into = parent[state]
        steps.append((square, entry, exit_))
        exit_ = exit_into
        state = previous
    steps.reverse()
    return steps


def needed_tracks(tables: Tables, board: Sequence[int],
                  steps: list[tuple[int, int, int]]) -> dict[int, int]:
    """Square -> the tracks it must hold for the route, where it lacks any."""
    need: dict[int, int] = {}
    for square, entry, exit_ in steps:
        bit = _bit(entry, exit_)
        placed = board[square]
        have = tables.pairs[placed] if placed != EMPTY else 0
        if not have & bit:
            need[square] = need.get(square, have) | bit
    return need


def choose_order(tables: Tables, board: list[int], hand: list[int], need: dict[int, int],
                 first: Sequence[int]) -> tuple[list[tuple[int, int]], set[int]]:
    """Up to five placements for the needed squares, and the squares no tile could serve."""
    board, hand = board[:], hand[:]
    squares = sorted(need, key=lambda s: (s not in first, list(need).index(s)))
    chosen: list[tuple[int, int]] = []
    unmet: set[int] = set()
    for square in squares:
        if len(chosen) == MAX_ORDER:
            break
        want = need[square]
        best: tuple[int, int] | None = None
        for tile, count in enumerate(hand):
            if not count:
                continue
            for quarter in distinct_turns(tables, tile):
                placed = tile * 4 + quarter
                pairs = tables.pairs[placed]
                if pairs & want != want:
                    continue
                if not is_legal(tables, board, square, placed):
                    continue
                rank = (bin(pairs).count("1") + (0 if tables.exchangeable[tile] else 2), placed)
                if best is None or rank < best:
                    best = rank
        if best is None:
            unmet.add(square)
            continue
        placed = best[1]
        _lay(board, hand, square, placed)
        chosen.append((square, placed))
    return chosen, unmet


def _lay(board: list[int], hand: list[int], square: int, placed: int) -> None:
    if board[square] != EMPTY:
        hand[board[square] // 4] += 1
    board[square] = placed
    hand[placed // 4] -= 1


def dump_tiles(tables: Tables, board: list[int], hand: list[int], keep_clear: set[int],
               count: int) -> list[tuple[int, int]]:
    """Lay up to `count` tiles far from the planned route, to draw fresh ones: a hand
    that holds nothing useful is refilled only when tiles leave it."""
    board, hand = board[:], hand[:]
    near = set(keep_clear)
    for square in keep_clear:
        near.update(n for e in range(4) if (n := tables.neighbour[square * 4 + e]) >= 0)
    spots_to_avoid = [divmod(s, 12) for s in keep_clear] or [(6, 6)]

    def distance(square: int) -> int:
        row, col = divmod(square, 12)
        return min(abs(row - r) + abs(col - c) for r, c in spots_to_avoid)

    spots = sorted((s for s in range(SQUARES) if board[s] == EMPTY and s not in near
                    and tables.building_at[s] < 0), key=lambda s: -distance(s))
    dumped: list[tuple[int, int]] = []
    for square in spots:
        if len(dumped) == count:
            break
        for tile, have in enumerate(hand):
            placed = tile * 4
            if have and is_legal(tables, board, square, placed):
                _lay(board, hand, square, placed)
                dumped.append((square, placed))
                break
    return dumped


def plan_order(tables: Tables, view: dict[str, Any]) -> list[tuple[int, int]]:
    me = view["me"]
    row = view["seats"][view["seat"]]
    if row["finished_round"]:
        return []
    board = view_board(tables, view)
    line = tables.line_numbers.index(me["line"])
    stop_buildings = [tables.building_letters.index(x) for x in me["stops"]]
    stops = [-1] * len(tables.building_letters)
    for letter, name in view["stops"].items():
        stops[tables.building_letters.index(letter)] = _index(name)
    hand = [me["hand"].get(t, 0) for t in tables.tile_ids]
    return plan_placements(tables, board, line, stop_buildings, stops, hand, view["pile"])


def plan_placements(tables: Tables, board: list[int], line: int,
                    stop_buildings: Sequence[int], stops: Sequence[int], hand: list[int],
                    pile: int) -> list[tuple[int, int]]:
    """The planner's order for a seat that has not finished: what `plan_order` reads
    from the view, given directly (Linie 1's search asks with a sampled state's facts,
    `rollout.py`)."""
    blocked: frozenset[int] = frozenset()
    chosen: list[tuple[int, int]] = []
    need: dict[int, int] = {}
    for _ in range(3):
        steps = (plan_route(tables, board, line, stop_buildings, stops, hand, blocked)
                 or plan_route(tables, board, line, stop_buildings, stops, None, blocked))
        if steps is None:
            break
        need = needed_tracks(tables, board, steps)
        claim = sorted(s for b in stop_buildings if stops[b] < 0 for s in need
                       if b in tables.buildings_next_to[s])
        chosen, unmet = choose_order(tables, board, hand, need, claim)
        if chosen or not unmet:
            break
        blocked = blocked | unmet
    if (len(chosen) < MAX_ORDER and len(need) > len(chosen)
            and pile >= DUMP_PILE):
        after_board, after_hand = board[:], hand[:]
        for square, placed in chosen:
            _lay(after_board, after_hand, square, placed)
        useless = [0 if any(tables.pairs[t * 4 + q] & w == w for w in need.values()
                            for q in range(4)) else c for t, c in enumerate(after_hand)]
        if sum(useless):
            chosen += dump_tiles(tables, after_board, useless, set(need),
                                 MAX_ORDER - len(chosen))
    return chosen


def _index(name: str) -> int:
    from stellwerk.games.linie1.tables import square_index

    square = square_index(name)
    return -1 if square is None else square


class PlannerBot:
    """Builds towards its stops and terminals; plays any other game at random."""

    kind = "planner"

    def __init__(self, chance: Chance) -> None:
        self.chance = chance

    def choose(self, window: Window) -> Action:
        if window.game.id != "linie1":
            return window.legal[self.chance.below(len(window.legal))]
        # the tables of the game's own pack, read from a sample drawn on a chance of
        # its own (the bots' chance stays untouched)
        sample = window.sample(Chance(0))
        assert isinstance(sample, Linie1State)
        tables = sample.tables
        return order_action(tables, plan_order(tables, window.view()))
