"""Path finding checked against networkx (an independent implementation) on random
queries over random track on the tiny map."""

from __future__ import annotations

from itertools import pairwise

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.games.benelux_rails import pathfind
from stellwerk.games.benelux_rails.rules import BeneluxState

from .helpers import set_up


def random_track(state: BeneluxState, chance: Chance, walks: int = 6) -> None:
    """Random walks of track for both players, each from its own network."""
    t = state.t
    for _ in range(walks):
        for seat in range(state.n):
            me = state.players[seat]
            here = chance.choice(sorted(state.build_sources(seat)))
            for _ in range(6):
                near = [j for j in t.adjacent[here] if t.edge(here, j) not in state.owner
                        and not t.same_major(here, j)]
                if not near:
                    break
                there = chance.choice(near)
                e = t.edge(here, there)
                state.owner[e] = seat
                me.edges.add(e)
                me.nodes.update((here, there))
                here = there


def build_graph(state: BeneluxState, seat: int) -> nx.DiGraph:
    """The build rules written out plainly as a directed weighted graph."""
    t = state.t
    rules = state.build_rules(seat)
    g = nx.DiGraph()
    for i in range(t.n):
        for j in t.adjacent[i]:
            e = t.edge(i, j)
            if e in state.players[seat].edges or t.same_major(i, j):
                g.add_edge(i, j, weight=0)
            elif e in state.owner or j in rules.closed or i in rules.frozen or j in rules.frozen:
                continue
            else:
                g.add_edge(i, j, weight=t.build_cost[i * t.n + j])
    for f in t.ferries:
        g.add_edge(f.a, f.b, weight=f.cost)
        g.add_edge(f.b, f.a, weight=f.cost)
    return g


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), target=st.integers(0, 10_000))
def test_cheapest_build_equals_networkx_dijkstra(seed: int, target: int) -> None:
    state = set_up(seed=seed)
    random_track(state, Chance(seed))
    seat = state.active
    t = state.t
    dist, prev = pathfind.cheapest_build(t, state.build_sources(seat), state.build_rules(seat))
    g = build_graph(state, seat)
    g.add_node("src")
    for s in state.build_sources(seat):
        g.add_edge("src", s, weight=0)
    oracle = nx.single_source_dijkstra_path_length(g, "src")
    goal = target % t.n
    assert dist[goal] == oracle.get(goal, pathfind.INF)
    path = pathfind.path_to(prev, dist, goal)
    if path is not None:   # the path is real and costs what was said
        assert path[0] in state.build_sources(seat)
        assert sum(g[a][b]["weight"] for a, b in pairwise(path)) == dist[goal]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), target=st.integers(0, 10_000))
def test_shortest_move_equals_networkx_on_fewest_fees_then_steps(seed: int, target: int) -> None:
    state = set_up(seed=seed)
    random_track(state, Chance(seed))
    seat = state.active
    t = state.t
    me = state.players[seat]
    me.position = next(iter(sorted(me.nodes))) if me.nodes else me.position
    best = pathfind.shortest_moves(t, state.move_graph(), seat, me.position, me.paid)
    goal = target % t.n
    # oracle: for each set of foreign networks allowed, plain BFS lengths with networkx
    lengths = []
    for allow_other in (False, True):
        g = nx.Graph()
        g.add_node(me.position)
        for e, owner in state.owner.items():
            if owner == seat or allow_other:
                g.add_edge(*t.ends(e))
        for i in range(t.n):
            for j in t.adjacent[i]:
                if t.same_major(i, j):
                    g.add_edge(i, j)
        found = nx.single_source_shortest_path_length(g, me.position)
        if goal in found:
            # a path using only own track is found with allow_other False first, so a
            # fee is counted exactly when the other network is needed
            lengths.append((int(allow_other), found[goal]))
    if not lengths:
        assert goal not in best
        return
    assert goal in best
    assert best[goal][:2] == min(lengths)
