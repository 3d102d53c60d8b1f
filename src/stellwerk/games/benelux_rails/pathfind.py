"""Path finding, the heart of Benelux Rails: cheapest build paths and shortest moves.

Both searches are Dijkstra over the compiled milepost arrays with `heapq`, and exact:

- `cheapest_build`: from every milepost of a player's network (or its start city) to a
  target, each new edge costing its terrain and water (tables.py); own track and the
  inside of a major city cost 0; another player's edge, a sea edge, a full city the
  player has not joined, a milepost where an event forbids building, and leaving a major
  city that already had 2 builds out of it this turn are impassable; a ferry line costs
  its printed price. `limit` cuts the search at a budget.
- `shortest_moves`: over built track of every player, 1 movement point per step (2 into
  a milepost slowed by an event), the state carrying which foreign networks were already
  paid this turn, so the fee (4 M per foreign network, benelux-rails.md "Movement") is
  counted exactly. The chosen path has the fewest fees, then the fewest points.

Ties are broken by milepost index (heap order), so a path is a pure function of the state.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field

from stellwerk.games.benelux_rails.tables import Tables

INF = 1 << 30


@dataclass
class BuildRules:
    """What a player may build through this turn (see `rules.BeneluxState.build_rules`)."""

    taken: Set[int] = frozenset()          # edges owned by other players
    own: Set[int] = frozenset()            # the player's own edges (cost 0)
    closed: Set[int] = frozenset()         # mileposts of full cities the player has not joined
    frozen: Set[int] = frozenset()         # mileposts where an event forbids building
    no_leave: Set[int] = frozenset()       # major-city mileposts that may not be left
    ferries: Mapping[int, list[tuple[int, int, int]]] = field(default_factory=dict)
    # port -> (other port, cost for this player, -1 - ferry number)


def cheapest_build(t: Tables, sources: Iterable[int], rules: BuildRules,
                   targets: Set[int] | None = None, limit: int = INF
                   ) -> tuple[list[int], list[int]]:
    """Distances and predecessors from the sources; stops early once every target is
    settled. Unreached mileposts have distance INF and predecessor -1."""
    n = t.n
    dist = [INF] * n
    prev = [-1] * n
    heap: list[tuple[int, int]] = []
    for s in sources:
        if dist[s]:
            dist[s] = 0
            heap.append((0, s))
    heapq.heapify(heap)
    left = set(targets) if targets is not None else None
    links, taken, own, closed = t.links, rules.taken, rules.own, rules.closed
    frozen, no_leave, ferries = rules.frozen, rules.no_leave, rules.ferries
    while heap:
        d, i = heapq.heappop(heap)
        if d > dist[i]:
            continue
        if left is not None:
            left.discard(i)
            if not left:
                break
        for j, cost, e in links[i]:
            if e in own:
                cost = 0
            elif cost and (e in taken or j in closed or i in frozen or j in frozen
                           or i in no_leave):
                continue
            nd = d + cost
            if nd < dist[j] and nd <= limit:
                dist[j] = nd
                prev[j] = i
                heapq.heappush(heap, (nd, j))
        if i in ferries:
            for j, cost, _ in ferries[i]:
                nd = d + cost
                if nd < dist[j] and nd <= limit and j not in closed:
                    dist[j] = nd
                    prev[j] = i
                    heapq.heappush(heap, (nd, j))
    return dist, prev


def path_to(prev: list[int], dist: list[int], target: int) -> list[int] | None:
    if dist[target] >= INF:
        return None
    path = [target]
    while prev[path[-1]] >= 0:
        path.append(prev[path[-1]])
    path.reverse()
    return path


@dataclass
class MoveGraph:
    """Built track as the mover sees it: edge -> owner seat; ferries are not moves."""

    owner: Mapping[int, int]
    slow: Set[int] = frozenset()           # mileposts entered at half speed (2 points)


def shortest_moves(t: Tables, graph: MoveGraph, seat: int, start: int, paid: int,
                   limit: int = INF) -> dict[int, tuple[int, int, int]]:
    """For each milepost reachable within `limit` points: (fee count, points, mask state)
    of the best way there, with `paid` the bitmask of networks already paid this turn.
    Paths come from `move_path`."""
    best, _ = _move_search(t, graph, seat, start, paid, limit)
    return best


def _move_search(t: Tables, graph: MoveGraph, seat: int, start: int, paid: int, limit: int
                 ) -> tuple[dict[int, tuple[int, int, int]],
                            dict[tuple[int, int], tuple[int, int]]]:
    owner, slow, links = graph.owner, graph.slow, t.links
    cities = t.city_at
    dist: dict[tuple[int, int], int] = {(start, paid): 0}
    prev: dict[tuple[int, int], tuple[int, int]] = {}
    heap = [(0, start, paid)]
    while heap:
        d, i, mask = heapq.heappop(heap)
        if d > dist[(i, mask)]:
            continue
        for j, _, e in links[i]:
            who = owner.get(e)
            if who is None:
                if not (cities[i] >= 0 and cities[i] == cities[j] and t.terrain[i] == "M"):
                    continue
                new_mask = mask
            elif who == seat:
                new_mask = mask
            else:
                new_mask = mask | (1 << who)
            nd = d + (2 if j in slow else 1)
            if nd > limit:
                continue
            key = (j, new_mask)
            if nd < dist.get(key, INF):
                dist[key] = nd
                prev[key] = (i, mask)
                heapq.heappush(heap, (nd, j, new_mask))
    best: dict[int, tuple[int, int, int]] = {}
    for (i, mask), d in dist.items():
        fees = bin(mask & ~paid).count("1")
        if i not in best or (fees, d, mask) < best[i]:
            best[i] = (fees, d, mask)
    return best, prev


def move_path(t: Tables, graph: MoveGraph, seat: int, start: int, paid: int, target: int,
              limit: int = INF) -> tuple[list[int], int, int] | None:
    """(path, fee count, points) of the best move to `target`, or None."""
    best, prev = _move_search(t, graph, seat, start, paid, limit)
    if target not in best:
        return None
    fees, points, mask = best[target]
    key = (target, mask)
    path = [target]
    while key in prev:
        key = prev[key]
        path.append(key[0])
    path.reverse()
    return path, fees, points
