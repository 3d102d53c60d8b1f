"""The `tournament` (and later `study`) sub-commands: argument checks, progress bar and
output. Every mistake in the arguments is one BadOption line (exit status 2)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from stellwerk.bots import bots_for
from stellwerk.core.errors import BadOption
from stellwerk.frontends.setup import open_table
from stellwerk.frontends.simulation import run_jobs
from stellwerk.games import get_game
from stellwerk.research.tournament import Plan, check_plan, run, schedule


def add_tournament_parser(commands: Any, parser_class: type) -> None:
    t = commands.add_parser("tournament", help="bots against bots, rated (OpenSkill)")
    t.add_argument("game", help="which game, e.g. rail-line")
    t.add_argument("--bots", required=True,
                   help="comma-separated bot kinds, e.g. greedy,search,ismcts-normal")
    t.add_argument("--gauntlet", action="store_true",
                   help="the first bot against every table of the others (default: round "
                   "robin)")
    t.add_argument("--players", type=int, help="seats per table (default: the game's "
                   "fewest; a solo game ranks bots by score on the same seeds)")
    t.add_argument("-n", "--games", type=int, default=12, help="games per table")
    t.add_argument("--seed", type=int, default=0, help="first seed (game i: seed + i)")
    t.add_argument("--jobs", type=int, default=1, help="worker processes")
    t.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    t.add_argument("--pack", type=Path, help="a content pack file")
    t.add_argument("--json", action="store_true", help="print the result as JSON")
    t.add_argument("--out", type=Path, metavar="FILE", help="also write the JSON to FILE")
    t.add_argument("--quiet", action="store_true", help="no progress bar")


def _progress(quiet: bool) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=Console(stderr=True),
                    disable=quiet or not sys.stderr.isatty(), transient=True)


def tournament_command(args: argparse.Namespace, options: dict[str, str]) -> int:
    if args.jobs < 1:
        raise BadOption("--jobs must be at least 1")
    if args.seed < 0:
        raise BadOption("--seed must be 0 or more")
    game = get_game(args.game)
    bots = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    known = bots_for(game)
    for bot in bots:
        if bot not in known:
            raise BadOption(f"unknown bot {bot!r} for {game.title}; bots: {', '.join(known)}")
    players = args.players if args.players is not None else game.min_seats
    if not game.min_seats <= players <= game.max_seats:
        raise BadOption(f"--players must be from {game.min_seats} to {game.max_seats}, "
                        f"not {players}")
    # options and pack are checked as for every other command
    setup = open_table(args.game, ",".join([bots[0] if bots else "random"] * players),
                       args.seed, args.pack, options, humans_allowed=False)
    plan = Plan(setup.game.id, str(setup.pack.path), setup.options, tuple(bots), players,
                args.games, args.seed, args.gauntlet)
    check_plan(plan, setup.game.min_seats, setup.game.max_seats)
    if args.out is not None and args.out.parent and not args.out.parent.is_dir():
        raise BadOption(f"{args.out}: no such folder")
    with _progress(args.quiet) as progress:
        task = progress.add_task(f"{setup.game.title} tournament", total=len(schedule(plan)))
        report = run(plan, run_jobs, args.jobs, lambda: progress.advance(task))
    text = json.dumps(report, indent=1)
    if args.out is not None:
        try:
            args.out.write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            raise BadOption(f"{args.out}: cannot write ({exc.strerror})") from None
    if args.json:
        print(text)
    else:
        print_standings(report)
    return 0


def print_standings(report: dict[str, Any]) -> None:
    console = Console()
    console.print(f"{report['game']} {report['mode']}: {len(report['tables'])} table(s) of "
                  f"{report['players']}, {report['games_per_table']} games each, seeds "
                  f"{report['seeds'][0]}..{report['seeds'][1]}")
    table = RichTable(title=f"standings ({report['rating']})")
    for column in ("bot", "ordinal", "mu", "sigma", "games", "wins", "95% CI", "score"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in report["standings"]:
        low, high = row["win_ci95"]
        table.add_row(row["bot"], f"{row['ordinal']:.2f}", f"{row['mu']:.2f}",
                      f"{row['sigma']:.2f}", str(row["games"]), f"{row['win_share']:.1%}",
                      f"{low:.1%}-{high:.1%}",
                      "—" if row["mean_score"] is None else f"{row['mean_score']:.2f}")
    console.print(table)
