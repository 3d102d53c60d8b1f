"""The `search` bot made cheaper without changing a result:
the move search's buckets give the heap search's very distances, predecessors and
order; the build search's weights set in bulk are the weights set one by one; the
heuristic's remembered terms give the plain form's values; the goods and the ferry
listed for a second train are the very objects checked (and trusted). The fingerprint
of `scripts/bench_benelux_rails.py` checks the whole engine before and after."""

from __future__ import annotations

import heapq
from collections.abc import Set
from types import MappingProxyType
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.trust import UNKNOWN, Trusted
from stellwerk.games.benelux_rails import candidates, heuristic, pathfind
from stellwerk.games.benelux_rails.rules import BeneluxState

from .helpers import GAME, random_play, set_up
from .test_benelux_pathfind import random_track


def heap_search(steps: list[tuple[tuple[int, int], ...]], slow: Set[int], start: int,
                paid: int, limit: int) -> pathfind.Found:
    """`pathfind._search` as it was written first: Dijkstra with a heap."""
    dist: dict[tuple[int, int], int] = {(start, paid): 0}
    prev: dict[tuple[int, int], tuple[int, int]] = {}
    heap = [(0, start, paid)]
    while heap:
        d, i, mask = heapq.heappop(heap)
        if d > dist[(i, mask)]:
            continue
        for j, bit in steps[i]:
            nd = d + 2 if j in slow else d + 1
            if nd > limit:
                continue
            key = (j, mask | bit)
            if nd < dist.get(key, pathfind.INF):
                dist[key] = nd
                prev[key] = (i, mask)
                heapq.heappush(heap, (nd, j, mask | bit))
    best: dict[int, tuple[int, int, int]] = {}
    for (i, mask), d in dist.items():
        fees = bin(mask & ~paid).count("1")
        if i not in best or (fees, d, mask) < best[i]:
            best[i] = (fees, d, mask)
    return MappingProxyType(best), MappingProxyType(prev)


def one_by_one_weights(graph: Any, rules: pathfind.BuildRules) -> Any:
    """`pathfind._weights` as it was written first: one milepost or edge at a time."""
    weights = graph.weights.copy()
    for j in rules.closed:
        weights[graph.costly_in[j]] = pathfind.BLOCKED
    for j in rules.frozen:
        weights[graph.costly_in[j]] = pathfind.BLOCKED
        weights[graph.costly_out[j]] = pathfind.BLOCKED
    for j in rules.no_leave:
        weights[graph.costly_out[j]] = pathfind.BLOCKED
    for e in rules.taken:
        weights[graph.edge_positions[e]] = pathfind.BLOCKED
    for e in rules.own:
        weights[graph.edge_positions[e]] = 1.0
    for positions in graph.ferry_positions.values():
        weights[positions] = pathfind.BLOCKED
    for a, options in rules.ferries.items():
        for b, cost, _ in options:
            if b not in rules.closed and (a, b) in graph.ferry_step:
                weights[graph.ferry_step[(a, b)]] = cost * pathfind.STEP_SCALE + 1
    return weights


def shipped_states(seed: int, steps: int, seats: int = 3) -> list[BeneluxState]:
    """States of a game on the shipped map, random candidates from the setup on."""
    state = GAME.new_state({}, seed, GAME.load_pack(), seats)
    assert isinstance(state, BeneluxState)
    return random_play(state, seed, steps)


def test_the_bucket_move_search_is_the_heap_search() -> None:
    chance = Chance(5)
    checked = 0
    for seed in range(4):
        state = set_up(seed)
        random_track(state, Chance(seed), walks=8)
        moves = pathfind._Moves(state.t, state.owner)
        posts = sorted({p for e in state.owner for p in state.t.ends(e)})
        for seat in range(state.n):
            steps = moves.for_seat(seat)
            for start in posts[::2]:
                slow = frozenset(chance.choice(posts) for _ in range(chance.below(4)))
                if start % 3 == 0:
                    slow = frozenset()      # the search without slowed mileposts
                for paid in (0, 1, 2, 3):
                    for limit in (0, 1, 3, 6, 12, pathfind.INF):
                        fast = pathfind._search(steps, slow, start, paid, limit)
                        plain = heap_search(steps, slow, start, paid, limit)
                        assert list(fast[0].items()) == list(plain[0].items())
                        assert list(fast[1].items()) == list(plain[1].items())
                        checked += 1
    assert checked > 1000


def test_the_bucket_move_search_is_the_heap_search_on_the_real_map() -> None:
    checked = 0
    for state in shipped_states(4, 240)[::6]:
        moves = pathfind._Moves(state.t, state.owner)
        slow = state.move_graph().slow
        for seat, p in enumerate(state.players):
            for loco in p.trains:
                for limit in (loco.points, 9, 12, pathfind.INF):
                    args = (moves.for_seat(seat), slow, loco.position, p.paid, limit)
                    fast, plain = pathfind._search(*args), heap_search(*args)
                    assert list(fast[0].items()) == list(plain[0].items())
                    assert list(fast[1].items()) == list(plain[1].items())
                    checked += 1
    assert checked > 100


def test_the_steps_per_seat_follow_the_owners_of_the_track() -> None:
    state = set_up(2)
    random_track(state, Chance(2), walks=8)
    moves = pathfind._Moves(state.t, state.owner)
    for seat in range(state.n):
        assert moves.for_seat(seat) == [
            tuple((j, 0 if who < 0 or who == seat else 1 << who) for j, who in out)
            for out in moves.owners]


def test_the_build_weights_set_in_bulk_are_the_weights_set_one_by_one() -> None:
    checked = 0
    for seed in range(2):
        for state in shipped_states(seed, 160)[::4]:
            graph = pathfind._build_graph(state.t)
            for seat in range(state.n):
                rules = state.build_rules(seat)
                bulk = pathfind._weights(graph, rules)
                assert bulk.tolist() == one_by_one_weights(graph, rules).tolist()
                checked += 1
    state = set_up(3)
    random_track(state, Chance(3), walks=8)
    graph = pathfind._build_graph(state.t)
    posts = sorted({p for e in state.owner for p in state.t.ends(e)})
    rules = state.build_rules(0)      # every kind of blocking at once, on the tiny map
    rules.closed, rules.frozen, rules.no_leave = set(posts[:3]), set(posts[3:6]), \
        set(posts[6:9])
    assert pathfind._weights(graph, rules).tolist() == \
        one_by_one_weights(graph, rules).tolist()
    assert checked > 50


def test_the_remembered_heuristic_terms_give_the_plain_value() -> None:
    states = [s for seed in range(2) for s in shipped_states(seed, 200, seats=2)]
    look = heuristic._lookup(states[0].t)
    for clear in (True, False):
        if clear:
            look.load_terms.clear()
            look.reach_terms.clear()
        for state in states:
            for seat in range(state.n):
                assert heuristic.evaluate(state, seat) == \
                    heuristic.evaluate_plain(state, seat)
    assert look.load_terms and look.reach_terms


def test_a_second_trains_goods_and_ferry_are_listed_as_the_objects_checked() -> None:
    state = set_up(1)
    seat = state.active
    me = state.players[seat]
    t = state.t
    me.money = 100
    state.apply(seat, ("buy-train", "noordstad"))
    state.apply(seat, ("end",))
    while state.active != seat:
        state.apply(state.active, ("end",))
    loco = me.trains[1]
    city = t.city_at[loco.position]
    good = sorted(t.cities[city].supplies)[0]
    loco.loads = [good]
    state.trusted = Trusted()
    goods = candidates.goods_for(state, seat, 1)
    assert goods and all(a[1] == 2 for a in goods)
    for action in goods:
        assert state.trusted.recall(seat, action) is not UNKNOWN
    ferry = candidates.train_namer(state, seat, 0)(("ferry",))
    me.trains[0].position = t.ferries[0].a
    state.ferry_owners[0] = [seat]
    listed = candidates.moves_for(state, seat, 0)
    assert listed[0] == ferry and state.trusted.recall(seat, listed[0]) is not UNKNOWN


def test_a_cards_demand_pairs_say_what_its_demands_say() -> None:
    t = GAME.tables(GAME.load_pack())
    pairs = candidates._demand_pairs(t)
    goods = range(len(t.goods))
    for card, demands in t.demands.items():
        for city in range(len(t.cities)):
            for g in goods:
                assert ((city, g) in pairs[card]) == any(
                    c == city and gg == g for c, gg, _ in demands)


def test_a_copied_track_is_equal_shares_the_memos_and_changes_alone() -> None:
    state = shipped_states(1, 60)[-1]
    state.legal_actions(state.active)          # something remembered
    track = state.owner
    assert isinstance(track, pathfind.Track) and track.listings
    copy = track.copy()
    assert type(copy) is pathfind.Track and copy == track
    assert copy.listings is track.listings and copy.moves is track.moves
    edge = next(iter(track))
    del copy[edge]
    assert edge in track and track.listings and copy.listings is None
