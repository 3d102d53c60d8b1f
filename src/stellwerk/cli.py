"""The `stellwerk` command: play, simulate, replay, serve, and inspect content packs.

Every command refuses bad input (unknown game, bad option, malformed file) with one
clear line on standard error and a non-zero exit status; no traceback reaches a user:
an unexpected error (a bug) prints one line naming the file that holds the full report.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import textwrap
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from stellwerk import __version__
from stellwerk.core.errors import BadOption, BadRecord, StellwerkError
from stellwerk.core.i18n import LANGUAGES, environment_language, language_in
from stellwerk.core.inputs import SEED_LIMIT, int_argument, parse_options, printable
from stellwerk.core.refusals import translate, translate_lines

EXIT_BAD_INPUT = 2
EXIT_FAILED = 1
EXIT_INTERNAL = 70          # EX_SOFTWARE: a bug in Stellwerk, not the user's input
SEED = int_argument("--seed", 0, SEED_LIMIT - 1)     # seeds are 64 bits
MAX_GAMES = 10**9        # -n: a billion games is years of simulation; more is a typo


class _Formatter(argparse.HelpFormatter):
    """Help text wrapped at spaces only, so a bot name such as `ismcts-hard` stays whole."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line, not a usage dump."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        # main() already says "stellwerk: "; name only the sub-command, if any
        command = self.prog.removeprefix("stellwerk").strip()
        raise BadOption(f"{command}: {message}" if command else message)


def _seats_help(humans: bool) -> str:
    from stellwerk.bots import BOTS

    kinds = (["human"] if humans else []) + list(BOTS)
    return ("comma-separated seats, first player first: " + ", ".join(kinds)
            + ", or a bot of the game's own (e.g. planner for linie1)")


def _add_game_arguments(parser: argparse.ArgumentParser, humans: bool = True,
                        game_optional: bool = False) -> None:
    parser.add_argument("game", nargs="?" if game_optional else None,
                        help="which game, e.g. rail-line (see `stellwerk games`)")
    parser.add_argument("--seats", help=_seats_help(humans))
    parser.add_argument("--seed", type=SEED, default=None, help="seed for all chance")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. sheet=II (repeatable)")
    parser.add_argument("--pack", type=Path, help="a content pack file to use instead of "
                        "the shipped one")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="write the game record(s) to FILE")


def _add_lang(parser: argparse.ArgumentParser, what: str = "language of the output") -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=what + " and of refusals (default: from LC_ALL, LC_MESSAGES "
                        "or LANG: de_* is German, else English)")


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
    play.add_argument("--svg", type=Path, metavar="FILE",
                      help="write the map as SVG after each turn (games that draw SVG)")

    simulate = commands.add_parser("simulate", help="bot games with a summary")
    _add_game_arguments(simulate, humans=False)
    simulate.add_argument("-n", "--games", type=int_argument("-n", 1, MAX_GAMES), default=100,
                          help="how many games")
    simulate.add_argument("--jobs", type=int_argument("--jobs", 1), default=1,
                          help="worker processes (at most one per game and per CPU)")
    simulate.add_argument("--rotate", action="store_true",
                          help="rotate the seat list every game (fair comparison of bots)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_lang(simulate)
    simulate.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster ('local' "
                          "starts one here with --jobs CPUs); same results as a local run")

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

    from stellwerk.games import add_game_commands

    add_game_commands(commands, _Parser)   # e.g. Linie 1's `judge`

    from stellwerk.server.main import add_serve_parser

    add_serve_parser(commands, _Parser)

    from stellwerk.research.commands import add_study_parser, add_tournament_parser

    _add_lang(add_tournament_parser(commands, _Parser), "language of the standings")
    _add_lang(add_study_parser(commands, _Parser), "language of the report")

    pack = commands.add_parser("pack", help="check a content pack and show its provenance")
    pack.add_argument("game")
    pack.add_argument("file", type=Path, nargs="?", help="the pack (default: the shipped one)")
    pack.add_argument("--generate", nargs="?", const="", metavar="OUT",
                      help="write the game's generated pack afresh to OUT (default: its "
                           "file name here; games that generate their content), then check it")
    _add_lang(pack)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args: argparse.Namespace | None = None
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "lang", "") is None:
            args.lang = environment_language()
        return _dispatch(args)
    except BadRecord as exc:
        lang = _language(args, words)
        _refuse(str(exc), exc, lang, prefix=translate("record refused", lang) + ": ")
        return EXIT_FAILED
    except StellwerkError as exc:
        _refuse(str(exc), exc, _language(args, words))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        lang = _language(args, words)
        print(f"\nstellwerk: {translate('interrupted', lang)}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # whoever read our output has gone (e.g. `stellwerk ... | head`): stop quietly, and
        # point stdout at nothing so the interpreter's final flush cannot fail again
        _stdout_to_devnull()
        return EXIT_FAILED
    except Exception as exc:      # a bug: one line for the user, the details in a file
        report = write_crash_report(exc, argv)
        line = (f"internal error ({type(exc).__name__}); this is a bug in Stellwerk, not "
                f"your input; the full report is in {report}")
        print(f"stellwerk: {translate(line, _language(args, words))}", file=sys.stderr)
        return EXIT_INTERNAL


def _language(args: argparse.Namespace | None, words: list[str]) -> str:
    """The language of a refusal: the command's (its --lang, or what a command such as
    the postal judge settled on), else --lang as typed, else the locale's."""
    lang = getattr(args, "lang", None)
    if lang in LANGUAGES:
        return str(lang)
    return language_in(words) or environment_language()


def _refuse(english: str, exc: StellwerkError, lang: str, prefix: str = "") -> None:
    """One line on standard error in `lang`, or one a line for an error that lists
    several mistakes (order files); each line made printable."""
    multiline = getattr(exc, "multiline", False)
    texts = getattr(exc, "texts", None)   # an error that brings its own words (the judge)
    if isinstance(texts, dict) and isinstance(texts.get(lang), str):
        text = texts[lang]
    else:
        text = translate_lines(english, lang) if multiline else translate(english, lang)
    print(f"stellwerk: {prefix}{printable(text, keep_newlines=multiline)}", file=sys.stderr)


def write_crash_report(exc: BaseException, argv: Sequence[str] | None) -> str:
    """Write the traceback to a new file in the user's state folder (or the temp dir)
    and return its path; never raises (an error while reporting an error helps nobody)."""
    text = (f"stellwerk {__version__}, Python {sys.version.split()[0]}, {sys.platform}\n"
            f"arguments: {list(sys.argv[1:] if argv is None else argv)!r}\n\n"
            + "".join(traceback.format_exception(exc)))
    for folder in _report_folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(prefix="crash-", suffix=".txt", dir=folder)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            return name
        except OSError:
            continue
    return "(nowhere: no folder could be written)"


def _report_folders() -> list[Path]:
    """$XDG_STATE_HOME/stellwerk (default ~/.local/state/stellwerk), else the temp dir."""
    folders = [Path(tempfile.gettempdir())]
    state = os.environ.get("XDG_STATE_HOME")
    try:
        base = Path(state) if state else Path.home() / ".local" / "state"
    except RuntimeError:          # no home directory
        return folders
    return [base / "stellwerk", *folders]


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
        from stellwerk.frontends.packs import generate_pack, show_pack

        if args.generate is not None:
            if args.file is not None:
                raise BadOption("pack: --generate names its own OUT file; give no FILE")
            return generate_pack(args.game, Path(args.generate) if args.generate else None,
                                 args.lang)
        return show_pack(args.game, args.file, args.lang)
    if args.command == "replay":
        from stellwerk.frontends.replaying import replay_file

        if args.seat is not None and not args.step:
            raise BadOption("replay: --seat goes with --step")
        if args.step:
            from stellwerk.frontends.stepping import step_file

            return step_file(args.file, args.pack, args.seat, args.lang)
        return replay_file(args.file, args.pack, args.json, args.lang)
    run = getattr(args, "run", None)
    if run is not None:          # a sub-command a game brings (games.add_game_commands)
        status: int = run(args)
        return status
    if args.command == "serve":
        from stellwerk.server.main import serve_command

        return serve_command(args)
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
