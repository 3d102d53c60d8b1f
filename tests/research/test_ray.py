"""`--ray local` gives exactly the results of a local run with the same seeds, for
simulate, tournament and study, on one local Ray started once per test
session (`conftest.local_ray`). `python3 dev.py test` installs Ray (the `cluster` extra)
wherever a wheel exists; elsewhere this skips with a reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stellwerk.games.benelux_rails.game import PACK_DIR as BENELUX_PACKS

if TYPE_CHECKING:
    from tests.cli.conftest import Stellwerk


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}


def test_simulate_on_ray_equals_local(stellwerk: Stellwerk, local_ray: Any) -> None:
    sim = ("simulate", "rail-line", "--seats", "greedy,random", "-n", "4", "--seed", "9",
           "--json", "--quiet", "--rotate")
    local, on_ray = stellwerk(*sim), stellwerk(*sim, "--ray", "local", "--jobs", "2")
    assert on_ray.code == 0, on_ray.err
    summary = without_timing(json.loads(on_ray.out))
    assert summary == without_timing(json.loads(local.out))
    assert summary["games"] == 4 and local_ray.is_initialized()


def test_tournament_on_ray_equals_local(stellwerk: Stellwerk, local_ray: Any) -> None:
    tour = ("tournament", "railways", "--bots", "random,greedy", "-n", "3", "--json", "--quiet")
    on_ray = json.loads(stellwerk(*tour, "--ray", "local").out)
    assert on_ray == json.loads(stellwerk(*tour).out)
    assert len(on_ray["games"]) == 3


@pytest.mark.parametrize(("game", "seats", "extra"), [
    ("rail-line", "random,random", ()),
    # the money curves of Benelux Rails: a series per chair, computed in the Ray workers
    ("benelux-rails", "planner,greedy", ("--pack", str(BENELUX_PACKS / "tiny.toml"))),
])
def test_study_on_ray_equals_local(stellwerk: Stellwerk, tmp_path: Path, local_ray: Any,
                                   game: str, seats: str, extra: tuple[str, ...]) -> None:
    study = ("study", game, "--seats", seats, "-n", "3", "--json", "--quiet", *extra)
    a = stellwerk(*study, "--out", tmp_path / "a.html", "--ray", "local")
    b = stellwerk(*study, "--out", tmp_path / "b.html")
    assert a.code == 0, a.err
    on_ray, local = json.loads(a.out), json.loads(b.out)
    assert on_ray == local
    assert on_ray["packs"][0]["figures"]["numbers"]          # the game's own figures came back
