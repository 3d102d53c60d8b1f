"""argparse that shows its help in English or German.

The parsers are built with catalogue keys as their help strings and descriptions
(`cli_terms.CATALOG`); `HelpFormatter` puts keys, argparse's own words ("usage:",
"options", ...) and the placeholders of option values (FILE, KEY=VALUE) in the words of
the parser's language when a help or usage is printed. `speak` sets that language on a
parser and every sub-command's. argparse words its own messages in English only and
hands them over as a finished line: `ArgparseMessage` says such a line in the reader's
language by matching it against the English of the `arg.*` entries of
`cli_terms.CATALOG` (the only texts Stellwerk reads back; its own refusals carry keys).

Which language: `help_language`, i.e. `--lang X` / `--lang=X` on the command line
(scanned before parsing, as `--help` acts during it), else the locale's.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from stellwerk.cli_terms import CATALOG, help_text, metavar
from stellwerk.core.i18n import Phrase, environment_language, language_in

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
        self.print_usage(sys.stderr)
        self.exit(2, CATALOG.text("ap.error", self.lang, prog=self.prog,
                                  message=ArgparseMessage(message)) + "\n")


class ArgparseMessage(Phrase):
    """One of argparse's own messages (English), said in the reader's language.

    Each `arg.*` entry's English is a pattern; of all entries that match the whole
    message, the one that recognises the most fixed text wins, and its German is
    filled with what the fields held. A field named `why` holds another of argparse's
    messages and is said in turn (the entry matches only if it can be); every other
    field is copied as it is (option names, values the user typed). A message no entry
    matches stays English.
    """

    def __init__(self, message: str) -> None:
        self.message = message

    def text(self, lang: str = "en") -> str:
        if lang == "en":
            return self.message
        found = _said(self.message, lang)
        return self.message if found is None else found[1]


_FIELD = re.compile(r"\{(\w+)\}")
# the entries for argparse's messages (not the frames our parser puts around one)
_ARGPARSE_KEYS = [key for key in CATALOG.keys()  # noqa: SIM118 (a Catalog is not iterable)
                  if key.startswith("arg.") and key not in ("arg.command", "arg.alone")]
_PATTERNS: dict[str, re.Pattern[str]] = {}


def _pattern(key: str) -> re.Pattern[str]:
    if key not in _PATTERNS:
        english, pattern, at = CATALOG.template(key, "en"), "", 0
        for match in _FIELD.finditer(english):
            pattern += re.escape(english[at:match.start()]) + f"(?P<{match[1]}>.+?)"
            at = match.end()
        _PATTERNS[key] = re.compile(pattern + re.escape(english[at:]), re.DOTALL)
    return _PATTERNS[key]


def _said(message: str, lang: str, depth: int = 0) -> tuple[int, str] | None:
    """`message` in `lang` and how much fixed text the entries recognised in it."""
    if depth > 4:                      # argparse nests a message once; more is a loop
        return None
    best: tuple[int, str] | None = None
    for key in _ARGPARSE_KEYS:
        match = _pattern(key).fullmatch(message)
        if match is None:
            continue
        fields = match.groupdict()
        score = len(_FIELD.sub("", CATALOG.template(key, "en")))
        if "why" in fields:
            inner = _said(fields["why"], lang, depth + 1)
            if inner is None:
                continue
            score += inner[0]
            fields["why"] = inner[1]
        if best is None or score > best[0]:
            best = (score, _filled(CATALOG.template(key, lang), fields))
    return best


def _filled(template: str, fields: dict[str, str]) -> str:
    return _FIELD.sub(lambda m: fields.get(m[1], m[0]), template)


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
