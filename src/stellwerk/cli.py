"""The `stellwerk` command: play, simulate, replay, serve, and inspect content packs.

Every command refuses bad input (unknown game, bad option, malformed file) with one
clear line on standard error and a non-zero exit status; no traceback reaches a user:
an unexpected error (a bug) prints one line naming the file that holds the full report.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from stellwerk import __version__
from stellwerk.cli_help import GAME_OPTIONS, HelpParser, help_language, speak
from stellwerk.core.crash import write_crash_report
from stellwerk.core.errors import BadOption, BadRecord, StellwerkError
from stellwerk.core.i18n import LANGUAGES, environment_language
from stellwerk.core.inputs import SEED_LIMIT, int_argument, parse_options, printable
from stellwerk.core.refusals import translate, translate_lines

EXIT_BAD_INPUT = 2
EXIT_FAILED = 1
EXIT_INTERNAL = 70          # EX_SOFTWARE: a bug in Stellwerk, not the user's input
SEED = int_argument("--seed", 0, SEED_LIMIT - 1)     # seeds are 64 bits
MAX_GAMES = 10**9        # -n: a billion games is years of simulation; more is a typo


class _Parser(HelpParser):
    """argparse with help in English or German (cli_help.py, texts in cli_terms.py), but a
    usage mistake is one line, not a usage dump (main() prints it in the user's language)."""

    def error(self, message: str) -> NoReturn:
        # main() already says "stellwerk: "; name only the sub-command, if any
        command = self.prog.removeprefix("stellwerk").strip()
        raise BadOption(f"{command}: {message}" if command else message)


def _add_game_arguments(parser: argparse.ArgumentParser, humans: bool = True,
                        game_optional: bool = False, record_help: str = "opt.record") -> None:
    parser.add_argument("game", nargs="?" if game_optional else None,
                        help="opt.game")
    parser.add_argument("--seats", help="opt.seats.humans" if humans else "opt.seats.bots")
    parser.add_argument("--seed", type=SEED, default=None, help="opt.seed")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                        help="opt.option")
    parser.epilog = GAME_OPTIONS     # the games' options, from their declarations
    parser.add_argument("--pack", type=Path, help="opt.pack")
    parser.add_argument("--record", type=Path, metavar="FILE", help=record_help)


def _add_lang(parser: argparse.ArgumentParser, what: str = "opt.lang.output") -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=what)


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The whole command line; its help in `lang`. Help strings are keys of
    `cli_terms.HELP`."""
    parser = _Parser(prog="stellwerk", description="cmd.stellwerk")
    parser.add_argument("--version", action="version", version=f"stellwerk {__version__}",
                        help="ap.version")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    play = commands.add_parser("play", help="cmd.play")
    _add_game_arguments(play, game_optional=True, record_help="play.record")
    play.add_argument("--names", help="play.names")
    _add_lang(play, "opt.lang.table")
    # --resume alone ("", which play turns into a pick from the saved games)
    play.add_argument("--resume", nargs="?", const="", metavar="FILE", help="play.resume")
    play.add_argument("--svg", type=Path, metavar="FILE", help="play.svg")

    simulate = commands.add_parser("simulate", help="cmd.simulate")
    _add_game_arguments(simulate, humans=False)
    simulate.add_argument("-n", "--games", type=int_argument("-n", 1, MAX_GAMES), default=100,
                          help="simulate.games")
    simulate.add_argument("--jobs", type=int_argument("--jobs", 1), default=1,
                          help="simulate.jobs")
    simulate.add_argument("--rotate", action="store_true", help="simulate.rotate")
    simulate.add_argument("--json", action="store_true", help="simulate.json")
    simulate.add_argument("--quiet", action="store_true", help="opt.quiet")
    _add_lang(simulate)
    simulate.add_argument("--ray", metavar="ADDRESS", help="opt.ray")

    replay = commands.add_parser("replay", help="cmd.replay")
    replay.add_argument("file", type=Path, help="replay.file")
    replay.add_argument("--pack", type=Path, help="replay.pack")
    replay.add_argument("--json", action="store_true", help="opt.json.result")
    replay.add_argument("--step", action="store_true", help="replay.step")
    replay.add_argument("--seat", type=int, metavar="N", help="replay.seat")
    _add_lang(replay)

    games = commands.add_parser("games", help="cmd.games")
    _add_lang(games)

    from stellwerk.frontends.postal.commands import add_judge_parser

    add_judge_parser(commands, _Parser)

    from stellwerk.server.main import add_serve_parser

    add_serve_parser(commands, _Parser)

    from stellwerk.research.commands import add_study_parser, add_tournament_parser

    _add_lang(add_tournament_parser(commands, _Parser), "opt.lang.standings")
    _add_lang(add_study_parser(commands, _Parser), "opt.lang.report")

    pack = commands.add_parser("pack", help="cmd.pack")
    pack.add_argument("game")
    pack.add_argument("file", type=Path, nargs="?", help="pack.file")
    pack.add_argument("--generate", nargs="?", const="", metavar="OUT", help="pack.generate")
    _add_lang(pack)
    speak(parser, lang)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args: argparse.Namespace | None = None
    try:
        # --help acts while the line is parsed: its language is read from the words first
        args = build_parser(help_language(words)).parse_args(words)
        if getattr(args, "lang", "") is None:
            args.lang = environment_language()
            args.lang_typed = False   # a resumed game keeps its own language then
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
        report = write_crash_report(exc, sys.argv[1:] if argv is None else argv)
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
    return help_language(words)


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
        from stellwerk.cli_games import games_text

        print(games_text(args.lang))
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
    if run is not None:          # a sub-command that names its own runner (`judge`)
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
