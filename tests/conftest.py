"""Shared test settings: hypothesis runs derandomized under CI so a red run repeats."""

from __future__ import annotations

import os
from pathlib import Path

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


# Tests measured to take seconds or more on a 2-core machine (`--durations`), one node
# id a line (a function's id without parameters marks all its cases); `-m "not slow"`
# leaves them out (`python3 dev.py test --fast`). scripts/slow_tests.py rewrites it.
SLOW_LIST = Path(__file__).with_name("slow_tests.txt")
POSTGRES_FIXTURES = {"two_servers"}   # fixtures that need PostgreSQL whatever their params


def slow_ids() -> set[str]:
    lines = SLOW_LIST.read_text(encoding="utf-8").splitlines() if SLOW_LIST.exists() else []
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def needs_postgres(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    params = callspec.params.values() if callspec is not None else ()
    return "postgresql" in params or bool(POSTGRES_FIXTURES & set(getattr(
        item, "fixturenames", ())))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The `browser` and `postgres` markers from the fixtures a test uses, `slow` from
    the measured list."""
    slow = slow_ids()
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if needs_postgres(item):
            item.add_marker(pytest.mark.postgres)
        if item.nodeid in slow or item.nodeid.partition("[")[0] in slow:
            item.add_marker(pytest.mark.slow)
