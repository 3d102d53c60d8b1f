"""Shared test settings: hypothesis runs derandomized under CI so a red run repeats."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# the contract tests' plugin: `--stellwerk-game ID` and the `stellwerk_game` marker
pytest_plugins = ("stellwerk.testing.contract",)

settings.register_profile("default", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "default")

# Stellwerk speaks German when the locale asks (LC_ALL, LC_MESSAGES, LANG = de_*): the
# tests expect English unless they choose a language, whatever the machine's locale.
for _name in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def _state_home(tmp_path_factory: pytest.TempPathFactory,
                monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own XDG_STATE_HOME: the terminal table keeps games there (and the
    command its crash reports), never in the home folder of whoever runs the tests."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
