"""Every `--help` of `stellwerk` (and of `python -m stellwerk.web.draw`) in English and
German: the help strings are keys of `cli_terms.HELP`, put in words in the language
`--lang` names on the command line (read before parsing) or the locale asks for."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from stellwerk.cli import build_parser, main
from stellwerk.cli_help import sub_commands
from stellwerk.cli_terms import HELP, help_text, metavar
from stellwerk.core.i18n import LANGUAGES
from stellwerk.web import draw

ARGPARSE_WORDS = [("usage:", "Aufruf:"), ("options:", "Optionen:"),
                  ("show this help message and exit", "diese Hilfe zeigen und beenden")]
SAME_IN_BOTH = {"N", "URL", "HOST", "PORT", "BOTS"}   # placeholders with no German of their own
KEYS = HELP.keys()     # (a Catalog is not iterable itself)


CommandPath = tuple[str, ...]


def parsers(parser: argparse.ArgumentParser,
            path: CommandPath = ()) -> Iterator[tuple[CommandPath, argparse.ArgumentParser]]:
    """Every parser of the command line, by its sub-command names."""
    yield path, parser
    for choices in sub_commands(parser):
        for name, sub in choices.items():
            yield from parsers(sub, (*path, name))


def argv_of(path: tuple[str, ...]) -> list[str]:
    """The command line that reaches a parser (the judge's steps follow its game)."""
    return ["judge", "linie1", *path[1:]] if path[:1] == ("judge",) and path[1:] else list(path)


PATHS = [path for path, _ in parsers(build_parser())]


def keys_of(parser: argparse.ArgumentParser) -> list[str]:
    """The help keys a parser's own help shows: description, arguments, sub-commands."""
    keys = [parser.description] if parser.description else []
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            keys.append(action.help)
        keys += [sub.help for sub in getattr(action, "_choices_actions", []) if sub.help]
    return keys


def placeholders(parser: argparse.ArgumentParser) -> list[str]:
    """The placeholders of the parser's options' values (FILE, KEY=VALUE, SEATS, ...)."""
    return [action.metavar if isinstance(action.metavar, str) else action.dest.upper()
            for action in parser._actions
            if action.option_strings and action.nargs != 0 and action.choices is None]


def argparse_words(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    """argparse's own words a parser's help shows, in English and German."""
    words = list(ARGPARSE_WORDS)
    if any(not action.option_strings for action in parser._actions):
        words.append(("positional arguments:", "Argumente:"))
    return words


def parser_at(path: tuple[str, ...]) -> argparse.ArgumentParser:
    return dict(parsers(build_parser()))[path]


def help_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What `stellwerk ARGV` prints (it must exit 0), with its lines joined by spaces."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    out, err = capsys.readouterr()
    assert stop.value.code == 0 and err == "", err
    return " ".join(out.split())


def word(text: str, in_text: str) -> bool:
    return re.search(rf"(?<![\w=]){re.escape(text)}(?![\w=])", in_text) is not None


# ---- the catalogue --------------------------------------------------------------------------

def test_every_help_entry_has_both_languages_with_the_same_fields() -> None:
    fields = re.compile(r"{(\w*)")
    for key in KEYS:
        texts = {lang: HELP.text(key, lang) for lang in LANGUAGES}
        assert all(t.strip() for t in texts.values()), key
        assert texts["en"] != texts["de"], key    # a text the same in both needs no entry
        raw = {lang: HELP._entries[key][lang] for lang in LANGUAGES}
        assert set(fields.findall(raw["en"])) == set(fields.findall(raw["de"])), key
        assert "%" not in raw["de"] + raw["en"], key   # argparse fills %(...)s in helps


def test_every_help_shown_is_a_catalogue_key_and_every_key_is_shown() -> None:
    tree = [parser for _, parser in parsers(build_parser())] + [draw.build_parser()]
    shown = {key for parser in tree for key in keys_of(parser)}
    assert not shown - set(KEYS), "help strings that are no key of cli_terms.HELP"
    unused = {k for k in KEYS if not k.startswith(("ap.", "mv."))} - shown
    assert not unused, f"entries no command shows: {unused}"
    words = {w for parser in tree for w in placeholders(parser)}
    assert not {w for w in words if f"mv.{w}" not in HELP} - SAME_IN_BOTH
    assert not {k.removeprefix("mv.") for k in KEYS if k.startswith("mv.")} - words


def test_the_walk_reaches_every_command() -> None:
    # the net itself: the parametrized tests below cover each of these
    assert {"play", "simulate", "replay", "games", "pack", "serve", "tournament",
            "study", "judge"} <= {path[0] for path in PATHS if path}
    assert ("judge", "resolve") in PATHS and () in PATHS


# ---- each command's --help --------------------------------------------------------------------

@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "stellwerk")
def test_german_help_has_german_words_only(capsys: pytest.CaptureFixture[str],
                                           path: tuple[str, ...]) -> None:
    out = help_of(capsys, *argv_of(path), "--help", "--lang", "de")
    parser = parser_at(path)
    for key in keys_of(parser):
        german, english = help_text(key, "de"), help_text(key, "en")
        assert " ".join(german.split()) in out, (key, out)
        assert " ".join(english.split()) not in out, key
    for placeholder in placeholders(parser):
        assert word(metavar(placeholder, "de"), out), placeholder
        if placeholder not in SAME_IN_BOTH:
            assert not word(placeholder, out), (placeholder, out)
    for english, german in argparse_words(parser):
        assert german in out and english not in out


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "stellwerk")
def test_english_help_is_english(capsys: pytest.CaptureFixture[str],
                                 path: tuple[str, ...]) -> None:
    out = help_of(capsys, *argv_of(path), "--help")
    assert help_of(capsys, *argv_of(path), "--help", "--lang", "en") == out
    parser = parser_at(path)
    for key in keys_of(parser):
        assert " ".join(help_text(key, "en").split()) in out, key
        assert " ".join(help_text(key, "de").split()) not in out, key
    for placeholder in placeholders(parser):
        assert word(placeholder, out), placeholder
    for english, german in argparse_words(parser):
        assert english in out and german not in out


def test_english_help_reads_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    out = help_of(capsys, "replay", "--help")
    assert "--seat N with --step: show seat N's view (1 = first seat), not the public " \
           "one" in out
    assert "--pack PACK the content pack the record was played with" in out
    out = help_of(capsys, "play", "--help")
    assert ("-o KEY=VALUE, --option KEY=VALUE a game option (repeatable; each game's "
            "options are listed below)") in out
    assert "game options (-o NAME=VALUE), by game: benelux-rails (Benelux Rails):" in out
    assert "human, random, greedy" in out


# ---- choosing the language ----------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["play", "--lang", "de", "--help"],
    ["play", "--help", "--lang", "de"],     # --help acts first: the language is read before
    ["play", "--lang=de", "--help"],
    ["play", "--help", "--lang=de"],
])
def test_lang_on_the_command_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    out = help_of(capsys, *argv)
    assert out.startswith("Aufruf: stellwerk play") and "im Terminal" not in out
    assert "Sprache des Tisches" in out


@pytest.mark.parametrize(("environ", "argv", "lang"), [
    ({"LANG": "de_DE.UTF-8"}, ["play", "--help"], "de"),
    ({"LC_ALL": "de_AT", "LANG": "en_GB.UTF-8"}, ["--help"], "de"),
    ({"LC_MESSAGES": "de"}, ["judge", "linie1", "new", "--help"], "de"),
    ({"LANG": "de_DE.UTF-8"}, ["play", "--help", "--lang", "en"], "en"),
    ({"LANG": "fr_FR.UTF-8"}, ["play", "--help"], "en"),
])
def test_the_locale_decides_unless_lang_is_given(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        environ: dict[str, str], argv: list[str], lang: str) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    out = help_of(capsys, *argv)
    assert out.startswith("Aufruf: " if lang == "de" else "usage: "), out
    assert ("diese Hilfe zeigen und beenden" in out) == (lang == "de")


@pytest.mark.parametrize("argv", [
    ["play", "--lang", "xx"], ["play", "--lang", "xx", "--help"],
    ["play", "--lang=xx", "--help"], ["play", "--lang=xx", "rail-line"],
])   # (after --help an unknown --lang is never read: the help is shown, in the locale's)
@pytest.mark.parametrize(("locale", "line"), [
    ("C.UTF-8", "stellwerk: play: argument --lang: invalid choice: 'xx' (choose from 'en', "
                "'de')"),
    ("de_DE.UTF-8", "stellwerk: play: Argument --lang: ungültige Wahl: 'xx' (möglich: 'en', "
                    "'de')"),
])
def test_an_unknown_lang_is_still_refused(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        argv: list[str], locale: str, line: str) -> None:
    monkeypatch.setenv("LANG", locale)
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    assert (code, out, err) == (2, "", line + "\n")


# ---- python -m stellwerk.web.draw --------------------------------------------------------------

def test_draw_help_and_mistakes_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        draw.main(["--help", "--lang=de"])
    out = " ".join(capsys.readouterr().out.split())
    assert stop.value.code == 0
    assert out.startswith("Aufruf: python -m stellwerk.web.draw [-h] --out ZIEL")
    assert "Eine aufgezeichnete Partie als SVG zeichnen." in out
    assert "--seat PLATZ was dieser Platz (ab 0 gezählt) sah" in out
    with pytest.raises(SystemExit) as stop:
        draw.main(["--lang", "de"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith("Aufruf: ")
    assert err.endswith("python -m stellwerk.web.draw: Fehler: diese Angaben fehlen: record, "
                        "--out\n")


def test_draw_mistakes_in_english_as_argparse_words_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        draw.main(["game.json", "--out", "x.svg", "--lang", "xx"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith("usage: python -m stellwerk.web.draw [-h] --out OUT")
    assert err.endswith("python -m stellwerk.web.draw: error: argument --lang: invalid "
                        "choice: 'xx' (choose from 'en', 'de')\n")
