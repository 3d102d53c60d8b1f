"""The `tournament` and `study` sub-commands: argument checks, progress bar and output
(English or German, `--lang`). Every mistake in the arguments is one BadOption line
(exit status 2)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from stellwerk.bots import bots_for
from stellwerk.cli_help import GAME_OPTIONS
from stellwerk.core.errors import BadOption
from stellwerk.frontends.setup import open_table
from stellwerk.games import get_game
from stellwerk.research import ray_runner
from stellwerk.research.terms import research_text
from stellwerk.research.tournament import Plan, check_plan, run, schedule


def add_tournament_parser(commands: Any, parser_class: type) -> argparse.ArgumentParser:
    # help strings: keys of cli_terms.CATALOG (English and German)
    t: argparse.ArgumentParser = commands.add_parser("tournament", help="cmd.tournament")
    t.add_argument("game", help="opt.game.short")
    t.add_argument("--bots", required=True, help="tournament.bots")
    t.add_argument("--gauntlet", action="store_true", help="tournament.gauntlet_help")
    t.add_argument("--players", type=int, help="tournament.players")
    t.add_argument("-n", "--games", type=int, default=12, help="tournament.games_help")
    t.add_argument("--seed", type=int, default=0, help="opt.first_seed")
    t.add_argument("--jobs", type=int, default=1, help="opt.jobs")
    t.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    t.epilog = GAME_OPTIONS     # the games' options, from their declarations
    t.add_argument("--pack", type=Path, help="tournament.pack")
    t.add_argument("--json", action="store_true", help="opt.json.result")
    t.add_argument("--out", type=Path, metavar="FILE", help="tournament.out")
    t.add_argument("--quiet", action="store_true", help="opt.quiet")
    t.add_argument("--ray", metavar="ADDRESS", help="opt.ray")
    t.add_argument("--checkpoint", type=Path, metavar="DIR", help="tournament.checkpoint")
    return t


def runner_for(args: argparse.Namespace) -> Any:
    """Local worker processes, or Ray with `--ray ADDRESS`."""
    return ray_runner.runner_for(getattr(args, "ray", None))


def checkpoint_folder(folder: Path | None) -> str | None:
    """`--checkpoint DIR`, made if missing, as an absolute path (worker processes and Ray
    workers may start elsewhere)."""
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadOption("set.cannot_write", path=folder, detail=exc.strerror) from None
    return str(folder.resolve())


def _progress(quiet: bool) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=Console(stderr=True),
                    disable=quiet or not sys.stderr.isatty(), transient=True)


def tournament_command(args: argparse.Namespace, options: dict[str, str]) -> int:
    if args.jobs < 1:
        raise BadOption("set.jobs")
    if args.seed < 0:
        raise BadOption("set.seed")
    game = get_game(args.game)
    bots = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    known = bots_for(game)
    for bot in bots:
        if bot not in known:
            raise BadOption("cli.unknown_bot_study", bot=repr(bot), title=game.title,
                            bots=", ".join(known))
    players = args.players if args.players is not None else game.min_seats
    if not game.min_seats <= players <= game.max_seats:
        raise BadOption("rs.players", low=game.min_seats, high=game.max_seats, n=players)
    # options and pack are checked as for every other command
    setup = open_table(args.game, ",".join([bots[0] if bots else "random"] * players),
                       args.seed, args.pack, options, humans_allowed=False)
    plan = Plan(setup.game.id, str(setup.pack.path), setup.options, tuple(bots), players,
                args.games, args.seed, args.gauntlet)
    check_plan(plan, setup.game.min_seats, setup.game.max_seats)
    if args.out is not None and args.out.parent and not args.out.parent.is_dir():
        raise BadOption("rs.no_folder", path=args.out)
    # made only once everything else is known to be right: a refusal changes nothing
    plan = dataclasses.replace(plan, checkpoint=checkpoint_folder(args.checkpoint))
    with _progress(args.quiet) as progress:
        task = progress.add_task(research_text("tournament.progress", args.lang,
                                               game=setup.game.title),
                                 total=len(schedule(plan)))
        report = run(plan, runner_for(args), args.jobs, lambda: progress.advance(task))
    text = json.dumps(report, indent=1)
    if args.out is not None:
        try:
            args.out.write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            raise BadOption("set.cannot_write", path=args.out, detail=exc.strerror) from None
    if args.json:
        print(text)
    else:
        print_standings(report, args.lang)
    return 0


def print_standings(report: dict[str, Any], lang: str = "en") -> None:
    console = Console(highlight=False)
    console.print(research_text(
        "tournament.about", lang, game=get_game(report["game"]).title,
        mode=research_text(f"tournament.{report['mode']}", lang),
        tables=len(report["tables"]), players=report["players"],
        games=report["games_per_table"], first=report["seeds"][0], last=report["seeds"][1]),
        markup=False)
    table = RichTable(title=research_text("tournament.standings", lang,
                                          rating=report["rating"]))
    columns = [research_text(f"tournament.{key}", lang) for key in ("bot", "share")]
    columns += [research_text("study.ci95", lang)]
    columns += [research_text(f"tournament.{key}", lang) for key in ("games", "score",
                                                                      "ordinal")]
    columns += ["mu", "sigma"]
    for index, column in enumerate(columns):
        table.add_column(column, justify="left" if index == 0 else "right")
    for row in report["standings"]:
        low, high = row["win_ci95"]
        table.add_row(row["bot"], f"{row['win_share']:.1%}", f"{low:.1%}-{high:.1%}",
                      str(row["games"]),
                      "—" if row["mean_score"] is None else f"{row['mean_score']:.2f}",
                      f"{row['ordinal']:.2f}", f"{row['mu']:.2f}", f"{row['sigma']:.2f}")
    console.print(table)
    console.print(research_text("tournament.sorted", lang), markup=False)


def add_study_parser(commands: Any, parser_class: type) -> argparse.ArgumentParser:
    # help strings: keys of cli_terms.CATALOG (English and German)
    s: argparse.ArgumentParser = commands.add_parser("study", help="cmd.study")
    s.add_argument("game", help="opt.game.short")
    s.add_argument("--seats", help="study.seats")
    s.add_argument("-n", "--games", type=int, default=200, help="study.games")
    s.add_argument("--seed", type=int, default=0, help="opt.first_seed")
    s.add_argument("--jobs", type=int, default=1, help="opt.jobs")
    s.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    s.epilog = GAME_OPTIONS     # the games' options, from their declarations
    s.add_argument("--pack", type=Path, help="study.pack")
    s.add_argument("--compare", type=Path, metavar="PACK", help="study.compare")
    s.add_argument("--precision", type=float, default=0.02, metavar="SHARE",
                   help="study.precision")
    s.add_argument("--out", type=Path, required=True, metavar="FILE.html", help="study.out")
    s.add_argument("--json", action="store_true", help="study.json")
    s.add_argument("--quiet", action="store_true", help="opt.quiet")
    s.add_argument("--ray", metavar="ADDRESS", help="opt.ray")
    return s


def study_command(args: argparse.Namespace, options: dict[str, str]) -> int:
    from stellwerk.research.study import StudyPlan, run_study

    if args.games < 1:
        raise BadOption("set.games")
    if args.jobs < 1:
        raise BadOption("set.jobs")
    if not 0 < args.precision < 1:
        raise BadOption("rs.precision", value=args.precision)
    if args.out.parent and not args.out.parent.is_dir():
        raise BadOption("rs.no_folder", path=args.out)
    try:
        import matplotlib  # noqa: F401  (refuse early, before hours of simulation)

        from stellwerk.research.study_report import render_html
    except ImportError:
        raise BadOption("rs.matplotlib") from None
    setup = open_table(args.game, args.seats, args.seed, args.pack, options,
                       humans_allowed=False)
    packs = [(args.pack.name if args.pack else "shipped", str(setup.pack.path))]
    if args.compare is not None:
        other = setup.game.load_pack(args.compare)    # a bad pack: one BadOption/BadPack line
        packs.append((args.compare.name, str(other.path)))
        if packs[0][0] == packs[1][0]:
            packs = [(f"A: {packs[0][0]}", packs[0][1]), (f"B: {packs[1][0]}", packs[1][1])]
    plan = StudyPlan(setup.game.id, setup.options, tuple(setup.seats), args.games, setup.seed)
    with _progress(args.quiet) as progress:
        task = progress.add_task(research_text("study.progress", args.lang,
                                               game=setup.game.title),
                                 total=args.games * len(packs))
        report = run_study(plan, packs, runner_for(args), args.jobs,
                           lambda: progress.advance(task), args.precision)
    try:
        args.out.write_text(render_html(report, args.lang), encoding="utf-8")
    except OSError as exc:
        raise BadOption("set.cannot_write", path=args.out, detail=exc.strerror) from None
    if args.json:
        print(json.dumps({**report, "packs": [
            {k: v for k, v in p.items() if not k.endswith("_values")} for p in report["packs"]]},
            indent=1))
    else:
        for pack in report["packs"]:
            scores = pack["scores"]
            print(research_text("study.summary", args.lang, label=pack["label"],
                                games=pack["games"], score=scores.get("mean", "—"),
                                length=pack["length"].get("mean", "—")))
        if "comparison" in report:
            print_comparison(report["comparison"], args.lang)
        print(research_text("study.written", args.lang, path=args.out))
    if report.get("comparison", {}).get("identical"):
        print("stellwerk: " + research_text("study.identical", args.lang,
                                            games=report["games"]), file=sys.stderr)
    return 0


def print_comparison(comparison: dict[str, Any], lang: str) -> None:
    """The paired difference of every figure, one line each (B minus A)."""
    from stellwerk.research.study_report import Words, figure_label

    w = Words(lang, "")
    for figure in comparison["figures"]:
        if not figure.get("games"):
            continue
        low, high = figure["ci95"]
        needed = figure["games_needed"]
        print(w("study.paired_line", figure=figure_label(figure, w), a=figure["a"],
                b=figure["b"], difference=f"{figure['difference']:+}", low=low, high=high,
                test=w(f"study.test.{figure['test']}"), p=figure["p"],
                needed="—" if needed is None else needed, half=figure["half_width"]))
    if comparison["identical_games"] and not comparison["identical"]:
        print(w("study.identical_some", n=comparison["identical_games"],
                games=comparison["games"]))
