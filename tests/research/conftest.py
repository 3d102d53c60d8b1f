"""The command-line helpers of tests/cli serve the research commands too; and one local
Ray for the whole session (starting Ray takes seconds), shut down at its end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.cli.conftest import Run, stellwerk

__all__ = ["Run", "local_ray", "stellwerk"]

NO_WHEEL = "(`python3 dev.py test` installs it wherever the platform has a wheel)"


@pytest.fixture(scope="session")
def local_ray() -> Iterator[Any]:
    """Ray started here once with two CPUs; `--ray local` finds it running and uses it."""
    ray = pytest.importorskip("ray", reason=f"Ray is not installed {NO_WHEEL}")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()
