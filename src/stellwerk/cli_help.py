"""argparse that shows its help in English or German.

The parsers are built with catalogue keys as their help strings and descriptions
(`cli_terms.HELP`); `HelpFormatter` puts keys, argparse's own words ("usage:",
"options", ...) and the placeholders of option values (FILE, KEY=VALUE) in the words of
the parser's language when a help or usage is printed. `speak` sets that language on a
parser and every sub-command's. Error messages stay as argparse words them (English):
`stellwerk` translates a refusal where it prints it (`core/refusals.py`), and
`HelpParser.error` does the same.

Which language: `help_language`, i.e. `--lang X` / `--lang=X` on the command line
(scanned before parsing, as `--help` acts during it), else the locale's.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from stellwerk.cli_terms import HELP, help_text, metavar
from stellwerk.core.i18n import environment_language, language_in

GAME_OPTIONS = "<game options>"   # an epilog that lists every game's options (cli_games.py)


def help_language(argv: Sequence[str]) -> str:
    """The language of `--help`: a known `--lang` in argv, else the locale's (an unknown
    `--lang` is refused by the parser)."""
    return language_in(argv) or environment_language()


class HelpFormatter(argparse.HelpFormatter):
    """Help in `lang`, wrapped at spaces only, so a bot name such as `ismcts-hard` stays
    whole."""

    def __init__(self, prog: str, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(prog, **kwargs)
        self.lang = lang

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup],
                  prefix: str | None = None) -> None:
        if prefix is None:
            prefix = help_text("ap.usage", self.lang)
        super().add_usage(usage, actions, groups, prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(help_text(heading, self.lang) if heading else heading)

    def add_text(self, text: str | None) -> None:
        if text == GAME_OPTIONS:      # made from the games' declarations, lines kept
            from stellwerk.cli_games import game_options_help

            self._add_item(lambda: game_options_help(self.lang) + "\n", [])
            return
        super().add_text(help_text(text, self.lang) if text else text)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return help_text(action.help, self.lang) if action.help else action.help

    def _get_default_metavar_for_optional(self, action: argparse.Action) -> str:
        return metavar(action.dest.upper(), self.lang)

    def _metavar_formatter(self, action: argparse.Action,
                           default_metavar: str) -> Callable[[int], tuple[str, ...]]:
        if action.option_strings and isinstance(action.metavar, str):
            word = metavar(action.metavar, self.lang)
            return lambda size: (word,) * size
        return super()._metavar_formatter(action, default_metavar)


class HelpParser(argparse.ArgumentParser):
    """A parser whose help speaks `lang` (see `speak`); on a mistake it prints its usage
    and one error line in that language, exit status 2, as argparse does."""

    lang = "en"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._positionals.title = "ap.positionals"
        self._optionals.title = "ap.options"
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = "ap.help"

    def _get_formatter(self) -> argparse.HelpFormatter:
        return HelpFormatter(self.prog, self.lang)

    def error(self, message: str) -> NoReturn:
        from stellwerk.core.refusals import translate

        self.print_usage(sys.stderr)
        self.exit(2, HELP.text("ap.error", self.lang, prog=self.prog,
                               message=translate(message, self.lang)) + "\n")


def speak(parser: argparse.ArgumentParser, lang: str) -> None:
    """Set the language of a parser's help and of its sub-commands', all the way down (a
    plain argparse parser among them keeps its English)."""
    if isinstance(parser, HelpParser):
        parser.lang = lang
    for parsers in sub_commands(parser):
        for sub in parsers.values():
            speak(sub, lang)


def sub_commands(parser: argparse.ArgumentParser) -> list[dict[str, argparse.ArgumentParser]]:
    """The parsers of a parser's sub-commands, by name (one dict per add_subparsers)."""
    return [action.choices for action in parser._actions
            if isinstance(action, argparse._SubParsersAction)]
