"""Linie 1's search: budgets, candidate orders, rollout policy and leaf value.

Random orders seldom join a line's stops and terminals, so a search that chooses among
them, rolls out with them and values positions by the tiles reached (the greedy
heuristic) has no signal about route-building: the planner won 12 of 12 games against
it. Here the search gets the planner's route logic (`planner.py`) three ways, each
reading only the state it is given (a determinized sample, so it never peeks):

- **candidates** (`search_actions`, the contract's hook): the planner's order first,
  then the orders that complete the line this round where the planner's does not
  (the planner's tile choice tried from each missing square in turn), instead of the
  game's random sample of orders; most decisions thus have the planner's order alone,
  which the bot plays without searching;
- **rollouts** (`rollout_action`, `hard` only): random orders of two placements, as
  before (the planner's tiles were tried; they cost the OpenSpiel ratio, see there);
- **leaves** (`search_value`, the contract's `search_heuristic`): each seat's expected
  score, `round ^ 1.5 x length` (docs/games/linie1.md#l1-round: Postal rules; lowest wins): a
  finished line's own score, a sealed order that completes the line this round's score, else the
  round in which the planner's route is expected to be complete (its missing tiles at
  `TILES_PER_ROUND`) and that route's length. The game's cheap `heuristic` stays as it was for the
  bots that call it at every step (greedy, search).

Planning a route costs a few milliseconds (a Dijkstra search over square, entry edge
and stops visited), so routes are memoized with the pack's tables by exactly what they
depend on (board, line, stops): a pure memo, so a seeded game plays the same whatever
was memoized before."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.cache import BoundedCache
from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.linie1.heuristic import board_after_order
from stellwerk.games.linie1.legal import order_action, random_order
from stellwerk.games.linie1.notation import EMPTY_ORDER
from stellwerk.games.linie1.planner import (
    choose_order,
    needed_tracks,
    plan_placements,
    plan_route,
)
from stellwerk.games.linie1.route import shortest_route
from stellwerk.games.linie1.rules import MAX_PLACEMENTS, line_score

if TYPE_CHECKING:
    from stellwerk.games.linie1.rules import Linie1State

# level -> (iterations, rollout depth in orders, rollout width); measured in docs/bots.md
SEARCH_LEVELS = {
    "easy": (12, 0, 1),
    "normal": (48, 0, 1),
    "hard": (120, 1, 1),
}
ROLLOUT_PLACEMENTS = 2  # a rollout order's placements, drawn by rejection sampling
TRIES = 24              # proposals per placement before the order stops short
TILES_PER_ROUND = 4.0   # missing route tiles a seat lays per round (planner: ~4-5 of 5)
NO_ROUTE_ROUNDS = 10.0  # rounds added when no route can be planned at all
NO_ROUTE_LENGTH = 40    # and the length assumed for it
ROUTES_KEY = ("search-routes",)
ROUTES_KEPT = 20_000    # planned routes memoized per pack (a route is ~30 steps)


def search_actions(state: Linie1State, seat: int) -> list[Action]:
    """The orders the search weighs for `seat`: the planner's first, then every order
    that completes the line this round (`_completions`) where the planner's does not.
    Only the planner's once every other seat has finished: then the game ends with
    this seat's line, and a search whose finished games count by rank would rather
    stall a line it cannot win with than finish it (seen in play).

    Tried and dropped on seeds 0-49 (100 games against the planner, docs/bots.md): the
    planner's orders around each of the first five squares of its order, where the leaf
    value rated them 2 % better, won 51 of 100 as this list does, at eight times the
    CPU and over 1 s at worst; the planner's order without the tiles it lays off its
    route left a seat whose hand held nothing useful stuck for good."""
    if state.finished[seat]:
        return [EMPTY_ORDER]
    tables = state.tables
    first = plan_placements(tables, state.board, state.lines[seat], state.stop_buildings(seat),
                            state.stops, state.hands[seat], len(state.pile))
    found = [order_action(tables, first)]
    if all(done for other, done in enumerate(state.finished) if other != seat):
        return found
    bar = _score_with(state, seat, first)
    for plan in _completions(state, seat):
        action = order_action(tables, plan)
        if action not in found and _score_with(state, seat, plan) < bar:
            found.append(action)
    return found


def _completions(state: Linie1State, seat: int) -> list[list[tuple[int, int]]]:
    """Orders that complete the line this round, when its route lacks at most an order's
    tiles: the planner's tile choice (`choose_order`, square by square, the first fit)
    tried from each square of the route in turn, since a tile the first square takes
    may be the only one that fits a later one."""
    steps = route(state, state.board, seat)
    if steps is None:
        return []
    tables = state.tables
    items = list(needed_tracks(tables, state.board, steps).items())
    if not items or len(items) > MAX_PLACEMENTS:
        return []
    found = []
    for k in range(len(items)):
        for turn in (items[k:] + items[:k], items[k::-1] + items[:k:-1]):
            plan, unmet = choose_order(tables, state.board, state.hands[seat], dict(turn), [])
            if not unmet and plan not in found:
                board = state.board[:]
                for square, pid in plan:
                    board[square] = pid
                if shortest_route(tables, board, state.lines[seat],
                                  state.stop_squares(seat)) is not None:
                    found.append(plan)
    return found


def _score_with(state: Linie1State, seat: int, plan: list[tuple[int, int]]) -> float:
    """`expected_score` with `plan` sealed as the seat's order (laid as if unopposed)."""
    trial = state.clone()
    trial.orders[seat] = tuple(plan)
    return expected_score(trial, seat)


def rollout_action(state: Linie1State, seat: int, chance: Chance) -> Action:
    """An order of up to two placements by rejection sampling (`legal.random_order`:
    squares near the network listed once, random square, tile and turn checked with
    `placement.is_legal` on the board as the order leaves it), legal by construction.

    Only `hard` rolls out (one order). The planner's tiles for its route were tried here:
    as good in play, but a rollout step then plans a route on a new board (~4 ms), and
    OpenSpiel's MCTSBot ran 2.3-3x as many iterations a second as ISMCTS with it
    (`bench_search.py openspiel linie1`: ratio 0.44, 0.33, 0.39) instead of a third as
    many (docs/bots.md)."""
    chosen = random_order(state.tables, state.board, state.hands[seat], chance,
                          ROLLOUT_PLACEMENTS, TRIES, refresh_squares=False,
                          squares=state.near_squares())
    action = order_action(state.tables, chosen)
    # legal by construction: the state's `apply` need not check this very object again
    state.trusted.vouch(seat, action, tuple(chosen))
    return action


def route(state: Linie1State, board: list[int], seat: int) -> list[tuple[int, int, int]] | None:
    """The planner's cheapest route for `seat`'s line on `board` (upgrades with any
    tile), memoized with the pack's tables by all it depends on: the board, the line
    and the squares of its stops."""
    tables = state.tables
    routes = tables.cache.get(ROUTES_KEY)
    if routes is None:
        routes = tables.cache[ROUTES_KEY] = BoundedCache(ROUTES_KEPT)
    line, buildings, stops = state.lines[seat], state.stop_buildings(seat), state.stops
    key = (tuple(board), line, buildings, tuple(stops[b] for b in buildings))
    found = routes.get(key, routes)
    if found is routes:
        found = routes[key] = plan_route(tables, board, line, buildings, stops, None)
    return found


def expected_score(state: Linie1State, seat: int) -> float:
    """`seat`'s score as the search expects it (lower is better, as in the game)."""
    if state.finished[seat]:
        return state.score(seat) or 0.0
    ordered = state.orders[seat] is not None
    board = board_after_order(state, seat) if ordered else state.board
    done = state.round if ordered else state.round - 1
    if ordered:     # complete with the order laid: finished this round
        length = shortest_route(state.tables, board, state.lines[seat],
                                state.stop_squares(seat))
        if length is not None:
            return line_score(max(done, 1), length)
    steps = route(state, board, seat)
    if steps is None:
        return (done + NO_ROUTE_ROUNDS) ** 1.5 * NO_ROUTE_LENGTH
    missing = len(needed_tracks(state.tables, board, steps))
    return (done + max(1.0, missing / TILES_PER_ROUND)) ** 1.5 * len(steps)


def search_value(state: Linie1State, seat: int) -> float:
    """Higher is better: the negated expected score."""
    return -expected_score(state, seat)
