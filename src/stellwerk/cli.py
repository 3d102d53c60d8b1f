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


def _seats_help(humans: bool) -> str:
    from stellwerk.bots import BOTS

    kinds = (["human"] if humans else []) + list(BOTS)
    return "comma-separated seats, first player first: " + ", ".join(kinds)


def _add_game_arguments(parser: argparse.ArgumentParser, humans: bool = True,
                        game_optional: bool = False) -> None:
    parser.add_argument("game", nargs="?" if game_optional else None,
                        help="which game, e.g. rail-line (see `stellwerk games`)")
    parser.add_argument("--seats", help=_seats_help(humans))
    parser.add_argument("--seed", type=int, default=None, help="seed for all chance")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. sheet=II (repeatable)")
    parser.add_argument("--pack", type=Path, help="a content pack file to use instead of "
                        "the shipped one")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="write the game record(s) to FILE")


def _add_lang(parser: argparse.ArgumentParser, what: str = "language of the output") -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=what)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stellwerk", description="Railway board games: play, simulate, "
                     "replay.")
    parser.add_argument("--version", action="version", version=f"stellwerk {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    play = commands.add_parser("play", help="play in the terminal (humans and bots)")
    _add_game_arguments(play, game_optional=True)
    play.add_argument("--names", help="comma-separated seat names")
    _add_lang(play, "language of the table")
    play.add_argument("--resume", type=Path, metavar="FILE",
                      help="continue a saved game (seats, names, options from the file)")

    simulate = commands.add_parser("simulate", help="bot games with a summary")
    _add_game_arguments(simulate, humans=False)
    simulate.add_argument("-n", "--games", type=int, default=100, help="how many games")
    simulate.add_argument("--jobs", type=int, default=1, help="worker processes")
    simulate.add_argument("--rotate", action="store_true",
                          help="rotate the seat list every game (fair comparison of bots)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_lang(simulate)

    replay = commands.add_parser("replay", help="check a game record and print its result")
    replay.add_argument("file", type=Path, help="a record (.json) or records, one per line")
    replay.add_argument("--pack", type=Path, help="the content pack the record was played with")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    replay.add_argument("--step", action="store_true",
                        help="step through the game move by move, each view drawn")
    replay.add_argument("--seat", type=int, metavar="N",
                        help="with --step: show seat N's view (1 = first seat), not the "
                        "public one")
    _add_lang(replay)

    games = commands.add_parser("games", help="list the games")
    _add_lang(games)

    from stellwerk.frontends.judge import add_judge_parser

    add_judge_parser(commands, _Parser)

    pack = commands.add_parser("pack", help="check a content pack and show its provenance")
    pack.add_argument("game")
    pack.add_argument("file", type=Path, nargs="?", help="the pack (default: the shipped one)")
    _add_lang(pack)
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
        from stellwerk.frontends.report_words import players_text
        from stellwerk.games import game_ids, get_game

        for game_id in game_ids():
            game = get_game(game_id)
            span = players_text(game.min_seats, game.max_seats, args.lang)
            print(f"{game_id:12} {game.title} ({span})")
        return 0
    if args.command == "pack":
        from stellwerk.frontends.packs import show_pack

        return show_pack(args.game, args.file, args.lang)
    if args.command == "replay":
        from stellwerk.frontends.replaying import replay_file

        if args.seat is not None and not args.step:
            raise BadOption("replay: --seat goes with --step")
        if args.step:
            from stellwerk.frontends.stepping import step_file

            return step_file(args.file, args.pack, args.seat, args.lang)
        return replay_file(args.file, args.pack, args.json, args.lang)
    if args.command == "judge":
        from stellwerk.frontends.judge import judge_command

        return judge_command(args, parse_options(getattr(args, "option", [])))
    if args.command == "simulate":
        from stellwerk.frontends.simulation import simulate_command

        return simulate_command(args, parse_options(args.option))
    from stellwerk.frontends.terminal import play_command

    return play_command(args, parse_options(args.option))
