"""Path finding, the heart of Benelux Rails: cheapest build paths and shortest moves.

Both searches are exact Dijkstra over the compiled milepost arrays (building: scipy's
compiled `csgraph.dijkstra` on a sparse matrix of the map's edges; moving: in Python, as
its state carries which networks were paid):

- `cheapest_build`: from every milepost of a player's network (or its start city) to a
  target, each new edge costing its terrain and water (tables.py); own track and the
  inside of a major city cost 0; another player's edge, a sea edge, a full city or
  ferry port the player has not joined, a milepost where an event forbids building, and
  leaving a major city that already had 2 builds out of it this turn are impassable; a
  ferry line costs its printed price. `limit` cuts the search at a budget.
- `shortest_moves`: over built track of every player, 1 movement point per step (2 into
  a milepost slowed by an event), the state carrying which foreign networks were already
  paid this turn, so the fee (4 M per foreign network, docs/games/benelux-rails.md#br-turn) is
  counted exactly. The chosen path has the fewest fees, then the fewest points.

Ties are broken by milepost index (heap order), so a path is a pure function of the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np
from scipy.sparse import csgraph, csr_matrix  # type: ignore[import-untyped]

from stellwerk.core.cache import BoundedCache
from stellwerk.core.content import COMPILED_PACKS
from stellwerk.games.benelux_rails.tables import Tables

INF = 1 << 30


@dataclass
class BuildRules:
    """What a player may build through this turn (see `rules.BeneluxState.build_rules`)."""

    taken: Set[int] = frozenset()          # edges owned by other players
    own: Set[int] = frozenset()            # the player's own edges (cost 0)
    closed: Set[int] = frozenset()         # full cities and ports the player has not joined
    frozen: Set[int] = frozenset()         # mileposts where an event forbids building
    no_leave: Set[int] = frozenset()       # major-city mileposts that may not be left
    ferries: Mapping[int, list[tuple[int, int, int]]] = field(default_factory=dict)
    # port -> (other port, cost for this player, -1 - ferry number)


# Build costs are small integers; the compiled search adds 1 per step to each edge's
# weight scaled by STEP_SCALE, so it never sees a weight of 0 (which a sparse matrix would
# take for "no edge") and its distance divided by STEP_SCALE is exactly the cost (a path
# has fewer than STEP_SCALE steps: the schema allows at most 80 x 80 mileposts). Among
# equally cheap paths it finds one with the fewest steps.
STEP_SCALE = 8192
BLOCKED = 1e15


@dataclass
class _BuildGraph:
    """The map's directed build edges (and ferry lines) as a sparse matrix, built once per
    pack; each search copies its weights and overrides the few that the rules change."""

    matrix: Any
    weights: Any                       # the base weights (cost * STEP_SCALE + 1)
    costly_out: list[list[int]]        # milepost -> positions of its edges that cost money
    costly_in: list[list[int]]
    edge_positions: dict[int, list[int]]
    ferry_positions: dict[int, list[int]]   # ferry number -> positions (both directions)
    ferry_step: dict[tuple[int, int], int]  # (from port, to port) -> position
    all_ferries: Any = None                 # every ferry position (an index array)


# id(tables) -> (tables, graph), for the packs used last: bounded and thread-safe like the
# compiled packs it follows; the tables are kept to check the id's identity.
_GRAPHS = BoundedCache(COMPILED_PACKS)


def _build_graph(t: Tables) -> _BuildGraph:
    return _GRAPHS.for_object(t, lambda: _make_graph(t))


def _make_graph(t: Tables) -> _BuildGraph:
    rows: list[int] = []
    cols: list[int] = []
    costs: list[int] = []
    keys: list[int] = []
    for i in range(t.n):
        for j, cost, e in t.links[i]:
            rows.append(i)
            cols.append(j)
            costs.append(cost)
            keys.append(e)
    for f, ferry in enumerate(t.ferries):
        for a, b in ((ferry.a, ferry.b), (ferry.b, ferry.a)):
            rows.append(a)
            cols.append(b)
            costs.append(ferry.cost)
            keys.append(-1 - f)
    order = np.lexsort((np.array(cols), np.array(rows)))   # CSR order: by row, then column
    rows_a, cols_a = np.array(rows)[order], np.array(cols)[order]
    costs_a, keys_a = np.array(costs)[order], np.array(keys)[order]
    weights = costs_a.astype(np.float64) * STEP_SCALE + 1
    indptr = np.searchsorted(rows_a, np.arange(t.n + 1))
    matrix = csr_matrix((weights.copy(), cols_a, indptr), shape=(t.n, t.n))
    costly = costs_a > 0
    costly_out = [(np.flatnonzero(costly[indptr[i]:indptr[i + 1]]) + indptr[i]).tolist()
                  for i in range(t.n)]
    incoming: list[list[int]] = [[] for _ in range(t.n)]
    edge_positions: dict[int, list[int]] = {}
    ferry_positions: dict[int, list[int]] = {}
    ferry_step: dict[tuple[int, int], int] = {}
    for pos, (i, j, key) in enumerate(zip(rows_a.tolist(), cols_a.tolist(), keys_a.tolist(),
                                          strict=True)):
        if key < 0:
            ferry_positions.setdefault(-1 - key, []).append(pos)
            ferry_step[(i, j)] = pos
            continue
        edge_positions.setdefault(key, []).append(pos)
        if costly[pos]:
            incoming[j].append(pos)
    return _BuildGraph(matrix, weights, costly_out, incoming, edge_positions,
                       ferry_positions, ferry_step,
                       np.array([p for ps in ferry_positions.values() for p in ps],
                                dtype=np.int64))


def _weights(graph: _BuildGraph, rules: BuildRules) -> Any:
    """The search's edge weights under `rules`: the same array as blocking each milepost
    and edge one by one (closed, frozen, no_leave and taken all set BLOCKED, so their
    order does not matter; own track is set after them, every ferry after that), set
    with one index list per value (test_search_speed.py keeps the one-by-one form)."""
    weights = graph.weights.copy()
    blocked: list[int] = []
    costly_in, costly_out = graph.costly_in, graph.costly_out
    for j in rules.closed:
        blocked += costly_in[j]
    for j in rules.frozen:
        blocked += costly_in[j]
        blocked += costly_out[j]
    for j in rules.no_leave:
        blocked += costly_out[j]
    positions = graph.edge_positions
    for e in rules.taken:
        blocked += positions[e]
    if blocked:
        weights[blocked] = BLOCKED
    own: list[int] = []
    for e in rules.own:
        own += positions[e]
    if own:
        weights[own] = 1.0
    weights[graph.all_ferries] = BLOCKED
    for a, options in rules.ferries.items():
        for b, cost, _ in options:
            if b not in rules.closed and (a, b) in graph.ferry_step:
                weights[graph.ferry_step[(a, b)]] = cost * STEP_SCALE + 1
    return weights


def cheapest_build(t: Tables, sources: Iterable[int], rules: BuildRules,
                   targets: Set[int] | None = None, limit: int = INF
                   ) -> tuple[list[int], list[int]]:
    """Cheapest build cost from the nearest source to every milepost, and predecessors
    (INF and -1 where unreached or dearer than `limit`). `targets` is accepted for callers
    that need only some mileposts; the compiled search settles them all, which is cheap."""
    del targets
    graph = _build_graph(t)
    weights = _weights(graph, rules)
    matrix = graph.matrix        # shared; its weights are set afresh for every search
    matrix.data = weights
    starts = sorted(set(sources))
    if not starts:
        return [INF] * t.n, [-1] * t.n
    bound = np.inf if limit >= INF else (limit + 1) * STEP_SCALE - 1
    found, pred, _ = csgraph.dijkstra(matrix, directed=True, indices=starts,
                                      return_predecessors=True, min_only=True, limit=bound)
    reached = found < BLOCKED / 2
    dist = np.where(reached, found // STEP_SCALE, INF).astype(np.int64).tolist()
    prev = np.where(reached & (pred >= 0), pred, -1).tolist()
    return dist, prev


def path_to(prev: list[int], dist: list[int], target: int) -> list[int] | None:
    if dist[target] >= INF:
        return None
    path = [target]
    while prev[path[-1]] >= 0:
        path.append(prev[path[-1]])
    path.reverse()
    return path


class Track(dict[int, int]):
    """Built track, edge -> owner seat, remembering what is derived from it until the
    track changes: the moves the move search works out (`_Moves`) and the candidate
    listings of `candidates.py` (`listings`, keyed by everything else they read). Every
    way of changing a dict drops both; a copy shares them (they are only ever added to,
    never changed, and a track that changes lets go of them), so the many clones of a
    search work them out once. A plain mapping works too, only slower."""

    __slots__ = ("listings", "moves")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.moves: _Moves | None = None
        self.listings: dict[Any, Any] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return (Track, (dict(self),))      # pickled without its memos (worked out again)

    def copy(self) -> Track:
        other = Track.__new__(Track)      # without __init__'s frames (a clone's copy)
        dict.update(other, self)
        other.moves = self.moves
        other.listings = self.listings
        return other

    def _forget(self) -> None:
        self.moves = None
        self.listings = None

    def __setitem__(self, key: int, value: int) -> None:
        self._forget()
        super().__setitem__(key, value)

    def __delitem__(self, key: int) -> None:
        self._forget()
        super().__delitem__(key)

    def __ior__(self, other: Any) -> Track:  # type: ignore[override,misc]
        self._forget()
        super().update(other)
        return self

    def pop(self, *args: Any) -> Any:
        self._forget()
        return super().pop(*args)

    def popitem(self) -> tuple[int, int]:
        self._forget()
        return super().popitem()

    def clear(self) -> None:
        self._forget()
        super().clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._forget()
        super().update(*args, **kwargs)

    def setdefault(self, key: int, default: int) -> int:
        self._forget()
        return super().setdefault(key, default)


Found = tuple[Mapping[int, tuple[int, int, int]], Mapping[tuple[int, int], tuple[int, int]]]
MEMO_SIZE = 256      # move searches kept per track (a pure memo: cleared when full)


class _Moves:
    """Where a train may step from each milepost over one state of the built track: the
    neighbours `_move_search` would otherwise pick out of every milepost's six links at
    every step, worked out once per track (in the links' order, so the search pushes and
    pops in the same order), with the bit of the network each step pays (per seat), and the
    searches already made on this track."""

    __slots__ = ("by_seat", "memo", "owners", "stepping", "tables")

    def __init__(self, t: Tables, owner: Mapping[int, int]) -> None:
        self.tables = t
        cities, terrain = t.city_at, t.terrain
        posts: set[int] = set()
        for e in owner:
            posts.update(t.ends(e))
        posts.update(p for city in t.cities if city.size == "major" for p in city.mileposts)
        # milepost -> (next milepost, owner seat, or -1: a free step inside a major city)
        steps: list[tuple[tuple[int, int], ...]] = [()] * t.n
        for i in posts:
            out = []
            for j, _, e in t.links[i]:
                who = owner.get(e)
                if who is not None:
                    out.append((j, who))
                elif cities[i] >= 0 and cities[i] == cities[j] and terrain[i] == "M":
                    out.append((j, -1))
            steps[i] = tuple(out)
        self.owners = steps
        self.stepping = [i for i in posts if steps[i]]   # the mileposts with a step
        self.by_seat: dict[int, list[tuple[tuple[int, int], ...]]] = {}
        self.memo: dict[tuple[Any, ...], Found] = {}

    def for_seat(self, seat: int) -> list[tuple[tuple[int, int], ...]]:
        """milepost -> (next milepost, the bit of the network the step pays: 0 on the
        seat's own track or inside a major city)."""
        found = self.by_seat.get(seat)
        if found is None:
            # only the mileposts with a step are worked out (most of the map has no track;
            # each of the others keeps the empty tuple); a search per new track
            # and seat spent most of its time here
            found = list(self.owners)
            for i in self.stepping:
                found[i] = tuple([(j, 0 if who < 0 or who == seat else 1 << who)
                                  for j, who in found[i]])
            self.by_seat[seat] = found
        return found


def _moves_of(t: Tables, owner: Mapping[int, int]) -> _Moves:
    if isinstance(owner, Track):
        if owner.moves is None or owner.moves.tables is not t:
            owner.moves = _Moves(t, owner)
        return owner.moves
    return _Moves(t, owner)


@dataclass
class MoveGraph:
    """Built track as the mover sees it: edge -> owner seat; ferries are not moves."""

    owner: Mapping[int, int]
    slow: Set[int] = frozenset()           # mileposts entered at half speed (2 points)


def shortest_moves(t: Tables, graph: MoveGraph, seat: int, start: int, paid: int,
                   limit: int = INF) -> Mapping[int, tuple[int, int, int]]:
    """For each milepost reachable within `limit` points: (fee count, points, mask state)
    of the best way there, with `paid` the bitmask of networks already paid this turn.
    Paths come from `move_path`. The answer may be shared with other callers (a memo
    per track): read it, never change it."""
    best, _ = _move_search(t, graph, seat, start, paid, limit)
    return best


def _move_search(t: Tables, graph: MoveGraph, seat: int, start: int, paid: int, limit: int
                 ) -> Found:
    """Dijkstra over (milepost, networks paid) from `start`; remembered per track, since
    a turn asks the same search several times (listing the moves, naming the target,
    checking the move) and a search's clones ask it again."""
    moves = _moves_of(t, graph.owner)
    slow = graph.slow
    key = (seat, start, paid, limit, slow if isinstance(slow, frozenset) else frozenset(slow))
    found = moves.memo.get(key)
    if found is None:
        found = _search(moves.for_seat(seat), slow, start, paid, limit)
        if len(moves.memo) >= MEMO_SIZE:
            moves.memo.clear()
        moves.memo[key] = found
    return found


def _search(steps: list[tuple[tuple[int, int], ...]], slow: Set[int], start: int, paid: int,
            limit: int) -> Found:
    """Dijkstra over (milepost, mask) with a bucket per distance instead of a heap, the
    same search step for step: entering milepost j costs the same from every milepost
    (2 points if j is slow, else 1), so a state is first reached at its least distance
    and never improved, and the heap popped all states of one distance in (milepost,
    mask) order before any farther one; each bucket is sorted and taken in that order,
    so `dist` (its order too) and `prev` are the heap's (test_search_speed.py keeps the
    heap search, `heap_search`, to compare). Without slowed mileposts only the next
    bucket is ever filled; no bucket is taken from the points limit on (a step costs at
    least 1, so none would fit)."""
    dist: dict[tuple[int, int], int] = {(start, paid): 0}
    prev: dict[tuple[int, int], tuple[int, int]] = {}
    if not slow:      # every step costs 1: the next bucket is the only one
        layer = [(start, paid)]
        d = 0
        while layer and d < limit:   # from d >= limit no step fits the points left
            layer.sort()
            d += 1
            reached: list[tuple[int, int]] = []
            for state in layer:
                i, mask = state
                for j, bit in steps[i]:
                    key = (j, mask | bit)
                    if key not in dist:
                        dist[key] = d
                        prev[key] = state
                        reached.append(key)
            layer = reached
        return _best(dist, prev, paid)
    buckets: dict[int, list[tuple[int, int]]] = {0: [(start, paid)]}
    d = 0
    while buckets and d < limit:     # a step costs at least 1: none fits from d >= limit
        bucket = buckets.pop(d, None)
        if bucket is not None:
            bucket.sort()
            for state in bucket:
                i, mask = state
                for j, bit in steps[i]:
                    nd = d + 2 if j in slow else d + 1
                    if nd > limit:
                        continue
                    key = (j, mask | bit)
                    if key not in dist:
                        dist[key] = nd
                        prev[key] = state
                        later = buckets.get(nd)
                        if later is None:
                            buckets[nd] = [key]
                        else:
                            later.append(key)
        d += 1
    return _best(dist, prev, paid)


def _best(dist: dict[tuple[int, int], int], prev: dict[tuple[int, int], tuple[int, int]],
          paid: int) -> Found:
    """Per milepost the best (fee count, points, mask) of the states `_search` reached."""
    best: dict[int, tuple[int, int, int]] = {}
    fee_count: dict[int, int] = {}
    for (i, mask), d in dist.items():
        fees = fee_count.get(mask)
        if fees is None:
            fees = fee_count[mask] = bin(mask & ~paid).count("1")
        if i not in best or (fees, d, mask) < best[i]:
            best[i] = (fees, d, mask)
    return MappingProxyType(best), MappingProxyType(prev)


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
