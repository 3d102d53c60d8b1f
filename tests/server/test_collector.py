"""The collector's schedule (server/collector.py): survivors are frozen so automatic
collections stay short, and the full pass frees the cyclic garbage freezing kept."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stellwerk.server import collector
from stellwerk.server.app import Settings, create_app


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    """Whatever a test froze is thawed again, and the thresholds put back: the test
    process must not keep the garbage of the tests that follow."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.collect()


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Node:
    """Something the collector tracks, weakly referable."""

    other: Node | None = None


def a_cycle() -> weakref.ref[Node]:
    first, second = Node(), Node()
    first.other, second.other = second, first
    return weakref.ref(first)


def test_a_tick_freezes_the_survivors_and_starts_the_young_count_again() -> None:
    gc.unfreeze()
    kept = [Node() for _ in range(100)]
    before = gc.get_freeze_count()
    assert collector.Schedule(Clock()).tick() == "freeze"
    assert gc.get_freeze_count() >= before + len(kept)
    assert gc.get_count()[0] < 50   # the young generation was emptied into the frozen


def test_frozen_cyclic_garbage_waits_for_the_full_pass_which_frees_it() -> None:
    collector.settle()  # as `serve` does before its schedule starts
    clock = Clock()
    schedule = collector.Schedule(clock, freeze_seconds=1, full_seconds=600)
    cycle = a_cycle()
    schedule.tick()                 # frozen while still in use
    gc.collect()
    assert cycle() is not None      # an ordinary collection skips the frozen
    clock.now = 599
    assert schedule.tick() == "freeze"
    gc.collect()
    assert cycle() is not None
    clock.now = 600
    assert schedule.tick() == "full"
    assert cycle() is None          # thawed, collected
    assert gc.get_freeze_count() > 0    # and what lives is frozen again


def test_the_full_pass_comes_again_a_full_period_after_the_last() -> None:
    collector.settle()
    clock = Clock()
    schedule = collector.Schedule(clock, full_seconds=10)
    done = []
    for second in range(1, 31):
        clock.now = second
        done.append(schedule.tick())
    assert [i + 1 for i, what in enumerate(done) if what == "full"] == [10, 20, 30]


def test_frozen_garbage_beyond_the_growth_bound_is_freed_without_waiting(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A flood of states with cycles (Linie 1's) must not stay frozen for FULL_SECONDS:
    a full pass follows as soon as the frozen objects grew past the bound."""
    monkeypatch.setattr(collector, "FULL_MIN_GROWTH", 1000, raising=False)
    monkeypatch.setattr(collector, "FULL_GROWTH", 0.0, raising=False)
    clock = Clock()
    gc.collect()
    gc.freeze()
    schedule = collector.Schedule(clock, full_seconds=600, check_seconds=1)
    gc.disable()  # the garbage must reach the freeze, not a young collection
    try:
        cycles = [a_cycle() for _ in range(2000)]
        clock.now = 1
        assert schedule.tick() == "freeze"
        gc.collect()
        assert all(cycle() is not None for cycle in cycles)  # frozen, kept
        clock.now = 2
        assert schedule.tick() == "full"
        assert all(cycle() is None for cycle in cycles)
        clock.now = 3
        assert schedule.tick() == "freeze"  # nothing grew since: no pass
    finally:
        gc.enable()


def test_the_frozen_objects_are_counted_once_a_growth_check_period(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting them walks every frozen object: not at every freeze, or a server with a
    large heap spends tens of milliseconds a second on it."""
    counted: list[float] = []
    clock = Clock()
    real = collector.frozen_count

    def counting() -> int:
        counted.append(clock.now)
        return real()

    monkeypatch.setattr(collector, "frozen_count", counting)
    monkeypatch.setattr(collector, "FULL_MIN_GROWTH", 10**12)   # no pass: only the counting
    schedule = collector.Schedule(clock, full_seconds=600, check_seconds=15)
    for second in range(1, 61):
        clock.now = second
        assert schedule.tick() == "freeze"
    assert counted == [0, 15, 30, 45, 60]


def test_reference_counting_still_frees_frozen_objects() -> None:
    node = Node()
    gone = weakref.ref(node)
    collector.Schedule(Clock()).tick()
    del node
    assert gone() is None


def test_serve_settles_the_collector_and_runs_the_schedule(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ticks: list[str] = []
    tick = collector.Schedule.tick
    monkeypatch.setattr(collector, "FREEZE_SECONDS", 0.01)
    monkeypatch.setattr(collector.Schedule, "tick", lambda self: ticks.append(tick(self)))
    settings = Settings(database=f"sqlite:///{tmp_path / 'db.sqlite'}", bot_workers=0,
                        bot_delay=0.0, settle_gc=True)
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.get_threshold()[0] == collector.GC_FIRST_GENERATION
        assert gc.get_freeze_count() > 0
        deadline = time.monotonic() + 10
        while len(ticks) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert ticks[:3] == ["freeze"] * 3
