"""Shared test settings: hypothesis runs derandomized under CI so a red run repeats."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
