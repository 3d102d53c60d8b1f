"""`stellwerk simulate`: many bot games, a progress bar and a summary.

Game i uses seed `seed + i`, so any single game can be played again from the summary
(`--record` keeps them all as JSON Lines that `stellwerk replay` checks). With
`--rotate` the seat list turns by one each game, so every bot sits in every chair
equally often; the summary then reports by bot kind and by chair.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game
from stellwerk.core.errors import BadOption
from stellwerk.core.record import GameRecord, Seat
from stellwerk.core.session import play_out
from stellwerk.frontends.setup import open_table
from stellwerk.games import get_game

BOT_SEED_SALT = 0x5EEDB075


@dataclass(frozen=True)
class Job:
    game_id: str
    pack_path: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    seed: int
    keep_record: bool


def play_one(job: Job, game: Game, pack: ContentPack) -> dict[str, Any]:
    state = game.new_state(job.options, job.seed, pack, len(job.seats))
    chance = Chance(job.seed ^ BOT_SEED_SALT)
    agents = [make_bot(kind, chance, game) for kind in job.seats]
    taken = play_out(game, state, agents, chance)
    result = state.result()
    outcome: dict[str, Any] = {"seed": job.seed, "seats": list(job.seats),
                               "result": result.to_json(), "steps": len(taken)}
    if job.keep_record:
        record = GameRecord(
            game=game.id, engine_version=game.engine_version, options=dict(job.options),
            pack_id=pack.id, pack_sha256=pack.sha256, seed=job.seed,
            seats=[Seat(f"{kind}-{i + 1}", kind) for i, kind in enumerate(job.seats)],
            actions=[(seat, game.format_action(a)) for seat, a in taken],
            result=result.to_json())
        outcome["record"] = record.to_json()
    return outcome


_WORKER: dict[str, Any] = {}


def _worker_play(job: Job) -> dict[str, Any]:
    key = (job.game_id, job.pack_path)
    if _WORKER.get("key") != key:
        game = get_game(job.game_id)
        _WORKER.update(key=key, game=game, pack=game.load_pack(Path(job.pack_path)))
    return play_one(job, _WORKER["game"], _WORKER["pack"])


def run_jobs(jobs: list[Job], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for job in jobs:
            yield _worker_play(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_worker_play, jobs, chunksize=max(1, len(jobs) // (workers * 8)))


@dataclass
class Tally:
    scores: list[float] = field(default_factory=list)
    games: int = 0
    wins: int = 0
    shared_win_share: float = 0.0

    def add(self, score: float | None, winners: list[int], seat: int) -> None:
        self.games += 1
        if score is not None:       # None: no score (e.g. a Linie 1 line never finished)
            self.scores.append(score)
        if seat in winners:
            self.wins += 1
            self.shared_win_share += 1 / len(winners)

    def summary(self) -> dict[str, Any]:
        n = len(self.scores)
        return {
            "games": self.games,
            "unscored": self.games - n,
            "mean": round(statistics.fmean(self.scores), 3) if n else None,
            "stdev": round(statistics.pstdev(self.scores), 3) if n else None,
            "min": min(self.scores) if n else None,
            "max": max(self.scores) if n else None,
            "wins": self.wins,
            "win_rate": round(self.shared_win_share / self.games, 4) if self.games else None,
        }


def summarise(outcomes: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    by_kind: dict[str, Tally] = {}
    by_chair: dict[int, Tally] = {}
    for outcome in outcomes:
        result = outcome["result"]
        for chair, kind in enumerate(outcome["seats"]):
            score = result["scores"][chair]
            by_kind.setdefault(kind, Tally()).add(score, result["winners"], chair)
            by_chair.setdefault(chair, Tally()).add(score, result["winners"], chair)
    return {
        "games": len(outcomes),
        "seconds": round(seconds, 3),
        "games_per_second": round(len(outcomes) / seconds, 1) if seconds > 0 else None,
        "mean_steps": round(statistics.fmean(o["steps"] for o in outcomes), 1),
        "by_bot": {kind: t.summary() for kind, t in by_kind.items()},
        "by_chair": {str(chair + 1): t.summary() for chair, t in sorted(by_chair.items())},
    }


def _runner(args: argparse.Namespace) -> Any:
    """Local worker processes, or a Ray cluster with `--ray ADDRESS` (issue 12 §6)."""
    if getattr(args, "ray", None) is None:
        return run_jobs
    from stellwerk.research.ray_runner import ray_runner

    return ray_runner(args.ray)


def simulate_command(args: argparse.Namespace, options: dict[str, str]) -> int:
    if args.games < 1:
        raise BadOption("-n must be at least 1")
    if args.jobs < 1:
        raise BadOption("--jobs must be at least 1")
    table = open_table(args.game, args.seats, args.seed if args.seed is not None else 0,
                       args.pack, options, humans_allowed=False)
    record_handle = None
    if args.record is not None:
        try:
            record_handle = args.record.open("w", encoding="utf-8")
        except OSError as exc:
            raise BadOption(f"{args.record}: cannot write ({exc.strerror})") from None
    seats = table.seats
    jobs = [Job(table.game.id, str(table.pack.path), table.options,
                tuple(seats[i % len(seats):] + seats[:i % len(seats)]) if args.rotate
                else tuple(seats), table.seed + i, record_handle is not None)
            for i in range(args.games)]
    outcomes: list[dict[str, Any]] = []
    start = time.perf_counter()
    show = not args.quiet and sys.stderr.isatty()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True), disable=not show,
                  transient=True) as progress:
        task = progress.add_task(f"{table.game.title}", total=len(jobs))
        for outcome in _runner(args)(jobs, args.jobs):
            if record_handle is not None:
                record_handle.write(json.dumps(outcome.pop("record"), ensure_ascii=False) + "\n")
            outcomes.append(outcome)
            progress.advance(task)
    if record_handle is not None:
        record_handle.close()
    summary = summarise(outcomes, time.perf_counter() - start)
    summary.update(game=table.game.id, options=table.options, seats=seats, rotate=args.rotate,
                   first_seed=table.seed)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        _print_summary(summary)
    return 0


def _number(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}".rstrip("0").rstrip(".")


def _print_summary(summary: dict[str, Any]) -> None:
    console = Console()
    console.print(f"{summary['games']} games of {summary['game']} ({summary['options']}), seats "
                  f"{','.join(summary['seats'])}{' rotated' if summary['rotate'] else ''}, "
                  f"seeds {summary['first_seed']}..{summary['first_seed'] + summary['games'] - 1}")
    for title, rows in (("by bot", summary["by_bot"]), ("by chair", summary["by_chair"])):
        table = RichTable(title=title)
        for column in ("", "games", "no score", "mean", "stdev", "min", "max", "wins",
                       "win rate"):
            table.add_column(column, justify="right")
        for name, row in rows.items():
            table.add_row(name, str(row["games"]), str(row["unscored"]),
                          *(_number(row[key]) for key in ("mean", "stdev", "min", "max")),
                          str(row["wins"]), f"{row['win_rate']:.1%}")
        console.print(table)
    console.print(f"{summary['games_per_second']} games per second "
                  f"({summary['seconds']} s, {summary['mean_steps']} actions per game)")
