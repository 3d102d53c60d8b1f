"""`stellwerk simulate`: many bot games, a progress bar and a summary.

Game i uses seed `seed + i`, so any single game can be played again from the summary
(`--record` keeps them all as JSON Lines that `stellwerk replay` checks). With
`--rotate` the seat list turns by one each game, so every bot sits in every chair
equally often; the summary then reports by bot kind and by chair.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from stellwerk.bots import make_bot
from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game
from stellwerk.core.errors import BadOption
from stellwerk.core.record import GameRecord, Seat
from stellwerk.core.session import play_out
from stellwerk.frontends.checkpoints import Checkpoint
from stellwerk.frontends.report_words import WORDS, options_text
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
    figures: bool = False       # the game's own `study_figures` too (`stellwerk study`)
    checkpoint: str | None = None  # a folder keeping the game's position (checkpoints.py)


def play_one(job: Job, game: Game, pack: ContentPack) -> dict[str, Any]:
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
    wins: int = 0            # first places, a shared one included
    shared_wins: int = 0     # of them, shared with another seat
    win_share: float = 0.0   # a first place shared by k seats counts 1/k

    def add(self, score: float | None, winners: list[int], seat: int) -> None:
        self.games += 1
        if score is not None:       # None: no score (e.g. a Linie 1 line never finished)
            self.scores.append(score)
        if seat in winners:
            self.wins += 1
            self.shared_wins += len(winners) > 1
            self.win_share += 1 / len(winners)

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
            "shared_wins": self.shared_wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else None,
            "win_share": round(self.win_share / self.games, 4) if self.games else None,
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
        "lower_is_better": any(o["result"].get("lower_is_better") for o in outcomes),
        "by_bot": {kind: t.summary() for kind, t in by_kind.items()},
        "by_chair": {str(chair + 1): t.summary() for chair, t in sorted(by_chair.items())},
    }


def worker_count(jobs: int, games: int) -> tuple[int, str | None]:
    """The processes to start for `--jobs`: never more than the games nor the CPUs
    (more only cost memory and start-up time), and a note when capped."""
    if jobs < 1:
        raise BadOption("--jobs must be at least 1")
    cpus = os.cpu_count() or 1
    workers = min(jobs, games, cpus)
    if workers == jobs:
        return workers, None
    limit = "the number of games" if workers == games and games <= cpus else \
        f"the number of CPUs ({cpus})"
    return workers, f"--jobs {jobs} capped at {workers}: {limit}"


def _runner(args: argparse.Namespace) -> Any:
    """Local worker processes, or a Ray cluster with `--ray ADDRESS`."""
    if getattr(args, "ray", None) is None:
        return run_jobs
    from stellwerk.research.ray_runner import ray_runner

    return ray_runner(args.ray)


def simulate_command(args: argparse.Namespace, options: dict[str, str]) -> int:
    if args.games < 1:
        raise BadOption("-n must be at least 1")
    workers, note = worker_count(args.jobs, args.games)
    if note is not None:
        print(f"stellwerk: {note}", file=sys.stderr)
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
        for outcome in _runner(args)(jobs, workers):
            if record_handle is not None:
                _write_record(record_handle, args.record, outcome.pop("record"))
            outcomes.append(outcome)
            progress.advance(task)
    if record_handle is not None:
        try:
            record_handle.close()
        except OSError as exc:
            raise BadOption(f"{args.record}: cannot write ({exc.strerror or exc})") from None
    summary = summarise(outcomes, time.perf_counter() - start)
    summary.update(game=table.game.id, options=table.options, seats=seats, rotate=args.rotate,
                   first_seed=table.seed)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        _print_summary(summary, getattr(args, "lang", "en"))
    return 0


def _write_record(handle: Any, path: Path, record: dict[str, Any]) -> None:
    """One JSON Lines record; a full disk or a vanished file is one line, not a bug."""
    try:
        handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise BadOption(f"{path}: cannot write ({exc.strerror or exc}); the records "
                        "written so far are kept") from None


def _number(value: float | None) -> str:
    if value is None:
        return "—"
    digits = 2 if abs(value) < 100 else 1  # Linie 1 scores run to thousands
    return f"{value:.{digits}f}".rstrip("0").rstrip(".")


def _print_summary(summary: dict[str, Any], lang: str = "en") -> None:
    console = Console()
    last = summary["first_seed"] + summary["games"] - 1
    options = options_text(summary["options"])
    console.print(WORDS.text(
        "sim.head", lang, games=summary["games"], game=summary["game"],
        options=f" ({options})" if options else "", seats=",".join(summary["seats"]),
        rotated=WORDS.text("sim.rotated", lang) if summary["rotate"] else "",
        first=summary["first_seed"], last=last), markup=False)
    columns = ("sim.games", "sim.no_score", "sim.mean", "sim.stdev", "sim.min", "sim.max",
               "sim.wins", "sim.shared", "sim.win_rate")
    for title, rows in ((WORDS.text("sim.by_bot", lang), summary["by_bot"]),
                        (WORDS.text("sim.by_chair", lang), summary["by_chair"])):
        cells = [[name, str(row["games"]), str(row["unscored"]),
                  *(_number(row[key]) for key in ("mean", "stdev", "min", "max")),
                  str(row["wins"]), str(row["shared_wins"]), f"{row['win_rate']:.1%}"]
                 for name, row in rows.items()]
        heads = ["", *(WORDS.text(key, lang) for key in columns)]
        # numbers are never cut: each column is as wide as its widest entry (at 80
        # columns a light frame leaves room for all of them)
        table = RichTable(title=title, box=box.SIMPLE_HEAD, padding=(0, 0, 0, 1),
                          pad_edge=False, show_edge=False)
        for i, head in enumerate(heads):
            table.add_column(head, justify="left" if i == 0 else "right", no_wrap=True,
                             min_width=max(len(head), *(len(row[i]) for row in cells)))
        for row in cells:
            table.add_row(*row)
        console.print(table)
    console.print(WORDS.text("sim.ties", lang), markup=False)
    if summary.get("lower_is_better"):
        console.print(WORDS.text("sim.lower", lang), markup=False)
    console.print(WORDS.text("sim.speed", lang, rate=summary["games_per_second"],
                             seconds=summary["seconds"], steps=summary["mean_steps"]),
                  markup=False)
