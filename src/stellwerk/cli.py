"""The `stellwerk` command: play, simulate, replay, and inspect content packs.

Every command refuses bad input (unknown game, bad option, malformed file) with one
clear line on standard error and a non-zero exit status; no traceback reaches a user.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from stellwerk import __version__
from stellwerk.core.errors import BadOption, BadRecord, StellwerkError
from stellwerk.core.i18n import LANGUAGES

EXIT_BAD_INPUT = 2
EXIT_FAILED = 1


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        # main() already says "stellwerk: "; name only the sub-command, if any
        command = self.prog.removeprefix("stellwerk").strip()
        raise BadOption(f"{command}: {message}" if command else message)


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="which game, e.g. rail-line (see `stellwerk games`)")
    parser.add_argument("--seats", help="comma-separated: human or a bot (random, greedy, "
                        "search, ismcts-easy, ismcts-normal, ismcts-hard: every game; "
                        "planner: Linie 1 only)")
    parser.add_argument("--seed", type=int, default=None, help="seed for all chance")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. sheet=II (repeatable)")
    parser.add_argument("--pack", type=Path, help="a content pack file to use instead of "
                        "the shipped one")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="write the game record(s) to FILE")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stellwerk", description="Railway board games: play, simulate, "
                     "replay.")
    parser.add_argument("--version", action="version", version=f"stellwerk {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    play = commands.add_parser("play", help="play in the terminal (humans and bots)")
    _add_game_arguments(play)
    play.add_argument("--names", help="comma-separated seat names")
    play.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the table")

    simulate = commands.add_parser("simulate", help="bot games with a summary")
    _add_game_arguments(simulate)
    simulate.add_argument("-n", "--games", type=int, default=100, help="how many games")
    simulate.add_argument("--jobs", type=int, default=1, help="worker processes")
    simulate.add_argument("--rotate", action="store_true",
                          help="rotate the seat list every game (fair comparison of bots)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster ('local' "
                          "starts one here with --jobs CPUs); same results as a local run")

    replay = commands.add_parser("replay", help="check a game record and print its result")
    replay.add_argument("file", type=Path, help="a record (.json) or records, one per line")
    replay.add_argument("--pack", type=Path, help="the content pack the record was played with")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")

    commands.add_parser("games", help="list the games")

    from stellwerk.frontends.judge import add_judge_parser

    add_judge_parser(commands, _Parser)

    from stellwerk.research.commands import add_study_parser, add_tournament_parser

    add_tournament_parser(commands, _Parser)
    add_study_parser(commands, _Parser)

    pack = commands.add_parser("pack", help="check a content pack and show its provenance")
    pack.add_argument("game")
    pack.add_argument("file", type=Path, nargs="?", help="the pack (default: the shipped one)")
    return parser


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise BadOption(f"option {pair!r} must look like KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return _dispatch(args)
    except BadRecord as exc:
        print(f"stellwerk: record refused: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except StellwerkError as exc:
        print(f"stellwerk: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("\nstellwerk: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # whoever read our output has gone (e.g. `stellwerk ... | head`): stop quietly, and
        # point stdout at nothing so the interpreter's final flush cannot fail again
        _stdout_to_devnull()
        return EXIT_FAILED


def _stdout_to_devnull() -> None:
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "games":
        from stellwerk.games import game_ids, get_game

        for game_id in game_ids():
            game = get_game(game_id)
            print(f"{game_id:12} {game.title} ({game.min_seats}-{game.max_seats} players)")
        return 0
    if args.command == "pack":
        from stellwerk.frontends.packs import show_pack

        return show_pack(args.game, args.file)
    if args.command == "replay":
        from stellwerk.frontends.replaying import replay_file

        return replay_file(args.file, args.pack, args.json)
    if args.command == "judge":
        from stellwerk.frontends.judge import judge_command

        return judge_command(args, parse_options(getattr(args, "option", [])))
    if args.command == "study":
        from stellwerk.research.commands import study_command

        return study_command(args, parse_options(args.option))
    if args.command == "tournament":
        from stellwerk.research.commands import tournament_command

        return tournament_command(args, parse_options(args.option))
    if args.command == "simulate":
        from stellwerk.frontends.simulation import simulate_command

        return simulate_command(args, parse_options(args.option))
    from stellwerk.frontends.terminal import play_command

    return play_command(args, parse_options(args.option))
