"""The engine's speed work changes no result: the heuristic's fast form gives
the very values of its plain form, clones copy every field, and the moves remembered per
track (pathfind.Track) are the moves a fresh search finds, dropped when the track changes.
`scripts/bench_benelux_rails.py engine` has the figures, and its `fingerprint` (a SHA-256 over
many lists, values, draws and states) must be the same before and after."""

from __future__ import annotations

from stellwerk.games.benelux_rails import heuristic, pathfind
from stellwerk.games.benelux_rails.player import Loco, Player

from .helpers import give_track, random_play, set_up


def played_states(seed: int, steps: int) -> list:
    """States of a random game on the tiny map (three seats, round 2 on)."""
    return random_play(set_up(seed, ("noordstad", "zuidhaven", "bergheim")), seed, steps)


def test_the_heuristic_gives_exactly_the_plain_forms_values() -> None:
    checked = 0
    for seed in range(3):
        for state in played_states(seed, 150):
            for seat in range(state.n):
                assert heuristic.evaluate(state, seat) == heuristic.evaluate_plain(state, seat)
                checked += 1
    assert checked > 600


def test_clones_copy_every_field_and_share_nothing_that_changes() -> None:
    loco = Loco("B9", 12)
    loco.loads, loco.pending, loco.derailed, loco.points, loco.moved = [1, 2], "C12", True, 3, True
    twin = loco.clone()
    assert twin.to_json() == loco.to_json() and twin.loads is not loco.loads
    player = Player()
    player.trains.append(loco)
    player.hand, player.edges, player.nodes, player.ferries = [4, 5], {7}, {8, 9}, {0}
    player.major_leaves, player.money, player.paid, player.spent = {2: 1}, 33, 2, 5
    player.start, player.turn_mode, player.announced = 1, "build", True
    copy = player.clone()
    assert copy.to_json() == player.to_json()
    for name in ("hand", "edges", "nodes", "ferries", "major_leaves", "trains"):
        assert getattr(copy, name) is not getattr(player, name), name
    assert all(a is not b for a, b in zip(copy.trains, player.trains, strict=True))


def test_remembered_moves_are_a_fresh_searchs_moves() -> None:
    """On a Track the search is remembered; on a plain dict (the same edges) it is done
    afresh: the two agree for every train of every seat, limited or not."""
    for seed in range(2):
        for state in played_states(seed, 120)[::3]:
            graph = state.move_graph()
            plain = pathfind.MoveGraph(dict(state.owner), graph.slow)
            assert isinstance(graph.owner, pathfind.Track)
            for seat, p in enumerate(state.players):
                for loco in p.trains:
                    for limit in (loco.points, pathfind.INF):
                        args = (seat, loco.position, p.paid, limit)
                        assert pathfind.shortest_moves(state.t, graph, *args) == \
                            pathfind.shortest_moves(state.t, plain, *args)


def test_a_changed_track_forgets_its_moves_and_a_copy_keeps_its_own() -> None:
    state = set_up(1)
    seat = state.active
    t = state.t
    start = t.index["C4"]
    give_track(state, seat, "C4", "D4")
    before = dict(pathfind.shortest_moves(t, state.move_graph(), seat, start, 0))
    copy = state.owner.copy()
    assert copy.moves is state.owner.moves is not None    # worked out once, shared
    give_track(state, seat, "D4", "E4")                   # sets owner[e] directly
    assert state.owner.moves is None and copy.moves is not None
    after = pathfind.shortest_moves(t, state.move_graph(), seat, start, 0)
    assert t.index["E4"] in after and t.index["E4"] not in before
    assert dict(pathfind.shortest_moves(t, pathfind.MoveGraph(copy), seat, start, 0)) == before
    for change in (lambda o: o.pop(next(iter(o))), lambda o: o.update({}),
                   lambda o: o.setdefault(0, seat), lambda o: o.clear()):
        pathfind.shortest_moves(t, state.move_graph(), seat, start, 0)
        assert state.owner.moves is not None
        change(state.owner)
        assert state.owner.moves is None
