"""Snapshots: snapshot -> JSON -> restore gives the same views and legal
actions, and snapshot + the remaining actions ends exactly as the full replay; a
malformed snapshot is refused with BadRecord and nothing else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.chance import Chance
from stellwerk.core.errors import BadRecord

from .conftest import GAME_IDS, game_and_pack, seat_counts, unfinished_states


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def play(state: Any, chance: Chance, steps: int) -> list[tuple[int, Any]]:
    taken = []
    for _ in range(steps):
        decision = state.decision()
        if decision is None:
            break
        seat = decision.seats[0]
        legal = state.candidate_actions(seat)
        action = legal[chance.below(len(legal))]
        state.apply(seat, action)
        taken.append((seat, action))
    return taken


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 150), data=st.data())
def test_snapshot_and_the_rest_equal_the_full_replay(game_id: str, seed: int, cut: int,
                                                     data: st.DataObject) -> None:
    game, pack = game_and_pack(game_id)
    seats = data.draw(st.sampled_from(seat_counts(game)))
    full = game.new_state({}, seed, pack, seats)
    chance = Chance(seed)
    play(full, chance, cut)
    restored = game.restore(through_json(full.snapshot()), pack)
    for seat in range(seats):
        assert restored.view(seat) == full.view(seat)
        assert restored.legal_actions(seat) == full.legal_actions(seat)
    assert restored.public_view() == full.public_view()
    rest = play(full, chance.clone(), 10_000)
    for seat, action in rest:
        restored.apply(seat, action)
    assert full.is_over() and restored.is_over()
    assert restored.result() == full.result()
    assert through_json(restored.snapshot()) == through_json(full.snapshot())


def broken(snapshot: dict[str, Any]) -> list[Any]:
    """Ways to spoil a snapshot: drop, retype or swap each field, and some wholes."""
    spoiled: list[Any] = [None, [], "snapshot", {}, dict(snapshot, game="chess"),
                          dict(snapshot, format=99)]
    for key, value in snapshot.items():
        if key in ("game", "format"):
            continue
        spoiled.append({k: v for k, v in snapshot.items() if k != key})
        for bad in (None, "x", -1, 10**30, [], {}, [[-5]], [["x", "y"]], [None]):
            if bad != value:
                spoiled.append(dict(snapshot, **{key: bad}))
    return spoiled


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_malformed_snapshot_is_refused_with_bad_record(game_id: str) -> None:
    game, pack = game_and_pack(game_id)
    snapshot = through_json(unfinished_states(game_id)[-1][0].snapshot())
    refused = 0
    for spoiled in broken(snapshot):
        try:
            state = game.restore(spoiled, pack)
        except BadRecord:
            refused += 1
            continue
        # accepted: then it must be a state that works (e.g. a flag given as a number)
        state.decision()
        state.public_view()
    assert refused > len(snapshot)
