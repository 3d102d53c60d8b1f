"""The command-line helpers of tests/cli serve the research commands too; and a local Ray
for the Ray tests (starting Ray takes seconds, so it starts once)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.cli.conftest import Run, stellwerk

__all__ = ["Run", "local_ray", "stellwerk"]

NO_WHEEL = "(`python3 dev.py test` installs it wherever the platform has a wheel)"


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """Ray started here with two CPUs; `--ray local` finds it running and uses it. Only
    test_ray.py asks for it, so it starts once per session; it stops at that module's
    end, so no later test forks worker processes beside Ray's threads."""
    ray = pytest.importorskip("ray", reason=f"Ray is not installed {NO_WHEEL}")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()
