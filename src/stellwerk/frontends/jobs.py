"""Seeded bot games as jobs: what `simulate`, `tournament` and `study` hand to local
worker processes (`run_jobs`) or to a Ray cluster (research/ray_runner.py).

A job names its game, pack, options, seats and seed, so any worker plays it to the same
outcome; `play_one` plays it (resuming from a checkpoint when it has one) and returns
the outcome as JSON-ready data.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stellwerk.bots import make_bot
from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game
from stellwerk.core.errors import BadOption
from stellwerk.core.record import GameRecord, Seat
from stellwerk.core.session import play_out
from stellwerk.frontends.checkpoints import Checkpoint
from stellwerk.games import get_game
from stellwerk.research.course import course

BOT_SEED_SALT = 0x5EEDB075


@dataclass(frozen=True)
class Job:
    """One seeded game for a worker: everything it needs to play it the same anywhere."""

    game_id: str
    pack_path: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    seed: int
    keep_record: bool
    figures: bool = False       # the game's own `study_figures` too (`stellwerk study`)
    checkpoint: str | None = None  # a folder keeping the game's position (checkpoints.py)


def play_one(job: Job, game: Game, pack: ContentPack) -> dict[str, Any]:
    """Play the job's game to its end: seed, seats, steps, result (and its record and
    study figures when the job asks for them)."""
    kept = None if job.checkpoint is None else Checkpoint(job.checkpoint, job, game, pack)
    if kept is not None and (done := kept.outcome()) is not None:
        return done
    resumed = None if kept is None else kept.resume()
    if resumed is None:
        state = game.new_state(job.options, job.seed, pack, len(job.seats))
        chance = Chance(job.seed ^ BOT_SEED_SALT)
        agents = [make_bot(kind, chance, game) for kind in job.seats]
        taken: list[tuple[int, Any]] = []
    else:
        state, agents, chance, taken = resumed
    start = state.clone() if job.figures else None  # (a study keeps no checkpoints)
    if kept is not None:
        kept.watch(state, agents, chance)
    taken += play_out(game, state, agents, chance, on_step=None if kept is None else kept.step)
    result = state.result()
    outcome: dict[str, Any] = {"seed": job.seed, "seats": list(job.seats),
                               "result": result.to_json(), "steps": len(taken)}
    if start is not None:
        figures = companions.study(game).figures(state, start, taken)
        outcome["figures"] = None if figures is None else figures.to_json()
        outcome["course"] = course(game, start, taken)
    if job.keep_record:
        record = GameRecord(
            game=game.id, engine_version=game.engine_version, options=dict(job.options),
            pack_id=pack.id, pack_sha256=pack.sha256, seed=job.seed,
            seats=[Seat(f"{kind}-{i + 1}", kind) for i, kind in enumerate(job.seats)],
            actions=[(seat, game.format_action(a)) for seat, a in taken],
            result=result.to_json())
        outcome["record"] = record.to_json()
    if kept is not None:
        kept.finish(outcome)
    return outcome


_LOADED: dict[str, Any] = {}


def worker_play(job: Job) -> dict[str, Any]:
    """`play_one` in a worker process (or Ray worker), which loads each game and pack
    once and keeps them for the jobs that follow."""
    key = (job.game_id, job.pack_path)
    if _LOADED.get("key") != key:
        game = get_game(job.game_id)
        _LOADED.update(key=key, game=game, pack=game.load_pack(Path(job.pack_path)))
    return play_one(job, _LOADED["game"], _LOADED["pack"])


def run_jobs(jobs: list[Job], workers: int) -> Iterator[dict[str, Any]]:
    """The outcomes in job order, played here or in `workers` local processes."""
    if workers <= 1:
        for job in jobs:
            yield worker_play(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(worker_play, jobs, chunksize=max(1, len(jobs) // (workers * 8)))



def worker_count(jobs: int, games: int) -> tuple[int, str | None]:
    """The processes to start for `--jobs`: never more than the games nor the CPUs
    (more only cost memory and start-up time), and a note when capped."""
    if jobs < 1:
        raise BadOption("set.jobs")
    cpus = os.cpu_count() or 1
    workers = min(jobs, games, cpus)
    if workers == jobs:
        return workers, None
    limit = "the number of games" if workers == games and games <= cpus else \
        f"the number of CPUs ({cpus})"
    return workers, f"--jobs {jobs} capped at {workers}: {limit}"
