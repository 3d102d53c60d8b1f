"""`--ray local` gives exactly the results of a local run with the same seeds, for
simulate, tournament and study (issue 12 §6). Ray is heavy and not in `[dev]`: skipped
with a reason when it is not installed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed: pip install ray")

if TYPE_CHECKING:
    from tests.cli.conftest import Stellwerk


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    yield
    ray.shutdown()          # the first --ray local started it in this process


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}


def test_simulate_tournament_and_study_on_ray_equal_local(stellwerk: Stellwerk,
                                                         tmp_path: Path) -> None:
    sim = ("simulate", "rail-line", "--seats", "greedy,random", "-n", "4", "--seed", "9",
           "--json", "--quiet", "--rotate")
    local, on_ray = stellwerk(*sim), stellwerk(*sim, "--ray", "local", "--jobs", "2")
    assert on_ray.code == 0, on_ray.err
    assert without_timing(json.loads(on_ray.out)) == without_timing(json.loads(local.out))
    assert ray.is_initialized()

    tour = ("tournament", "railways", "--bots", "random,greedy", "-n", "3", "--json", "--quiet")
    assert json.loads(stellwerk(*tour, "--ray", "local").out) == json.loads(stellwerk(*tour).out)

    study = ("study", "rail-line", "--seats", "random,random", "-n", "3", "--json", "--quiet")
    a = stellwerk(*study, "--out", tmp_path / "a.html", "--ray", "local")
    b = stellwerk(*study, "--out", tmp_path / "b.html")
    assert a.code == 0, a.err
    assert json.loads(a.out) == json.loads(b.out)
