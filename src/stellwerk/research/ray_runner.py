"""Playing simulation jobs on a Ray cluster: `--ray ADDRESS` or `--ray local`.

Each job is a seeded game (`frontends.jobs.Job`) played by the same function a
local worker process runs, and results come back in job order, so a Ray run gives
exactly the results of a local run with the same seeds. Ray is heavy (about 240 MB), so
it is not a dependency: `pip install ray` on every machine of the cluster.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from stellwerk.core.errors import BadOption
from stellwerk.frontends.jobs import Job, run_jobs, worker_play

BATCH = 64          # jobs in flight per worker before results are collected
Runner = Callable[[list[Job], int], Iterator[dict[str, Any]]]


def runner_for(address: str | None) -> Runner:
    """Local worker processes (`run_jobs`), or Ray with `--ray ADDRESS`."""
    return run_jobs if address is None else ray_runner(address)


def ray_runner(address: str) -> Runner:
    """A runner like `jobs.run_jobs`, on Ray; `address` is 'local' (a Ray started
    here with `workers` CPUs) or a cluster address ('auto', 'ray://host:10001', ...)."""
    try:
        import ray
    except ImportError:
        raise BadOption("rs.ray") from None

    def run(jobs: list[Job], workers: int) -> Iterator[dict[str, Any]]:
        if not ray.is_initialized():
            try:
                if address == "local":
                    ray.init(num_cpus=max(1, workers), include_dashboard=False,
                             log_to_driver=False)
                else:
                    ray.init(address=address, log_to_driver=False)
            except (ConnectionError, ValueError, RuntimeError) as exc:
                raise BadOption("rs.ray_connect", address=address, detail=exc) from None
        play = ray.remote(worker_play)
        pending = [play.remote(job) for job in jobs]
        for ref in pending:         # in job order: the same order as a local run
            yield ray.get(ref)

    return run
