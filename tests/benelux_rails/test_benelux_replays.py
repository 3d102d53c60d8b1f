"""Recorded games (tests/fixtures/benelux-rails) replay to exactly their stored results."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.core.errors import BadRecord
from stellwerk.core.record import GameRecord, replay

from .helpers import GAME, TINY

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "benelux-rails"
EXPECTED: dict[str, tuple[list[int], list[int]]] = {   # file -> (money per seat, winners)
    "benelux-rails-tiny-planner-greedy-standard-seed11.json": ([250, 31], [0]),
    "benelux-rails-tiny-greedy-random-planner-standard-seed12.json": ([40, 51, 279], [2]),
    "benelux-rails-tiny-planner-planner-fast-seed13.json": ([373, 345], [0]),
}


def test_every_fixture_is_listed() -> None:
    assert sorted(p.name for p in FIXTURES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays_to_its_stored_result(name: str) -> None:
    record = GameRecord.load(FIXTURES / name)
    state = replay(record, GAME, TINY)
    assert state.is_over()
    assert state.result().to_json() == record.result
    money, winners = EXPECTED[name]
    assert record.result is not None
    assert record.result["scores"] == money and record.result["winners"] == winners


def test_a_changed_action_is_refused_naming_it() -> None:
    record = GameRecord.load(FIXTURES / sorted(EXPECTED)[0])
    seat, _ = record.actions[10]
    record.actions[10] = (seat, "build A1 A2 A3")
    with pytest.raises(BadRecord, match="action 10"):
        replay(record, GAME, TINY)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_snapshot_plus_remaining_actions_equals_the_full_replay(name: str) -> None:
    record = GameRecord.load(FIXTURES / name)
    full = replay(record, GAME, TINY)
    half = len(record.actions) // 2
    partial = GameRecord(**{**record.__dict__, "actions": record.actions[:half],
                            "result": None})
    state = replay(partial, GAME, TINY)
    restored = GAME.restore(state.snapshot(), GAME.load_pack(TINY))
    for seat, text in record.actions[half:]:
        restored.apply(seat, GAME.parse_action(text))
    assert restored.snapshot() == full.snapshot()
    assert restored.result() == full.result()


def test_a_bad_snapshot_is_refused() -> None:
    pack = GAME.load_pack(TINY)
    with pytest.raises(BadRecord):
        GAME.restore({}, pack)
    snap = GAME.new_state({}, 1, pack, 2).snapshot()
    with pytest.raises(BadRecord, match="another content pack"):
        GAME.restore({**snap, "pack": "0" * 64}, pack)
