"""`stellwerk`'s refusals on standard error come in German too.

The net: every refusal raised in the code the command reaches (BadOption, BadRecord,
BadPack, StellwerkError, the `error` of core/inputs.py, ...) is raised with a literal
catalogue key, never with an English line of its own, so it has German by
construction (tests/core/test_i18n_complete.py checks that each key exists in both
languages). Then the command itself refuses in both languages, chosen by --lang or by
the locale (LC_ALL, LC_MESSAGES, LANG).
"""

from __future__ import annotations

import ast
import pickle
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.cli import main
from stellwerk.cli_help import ArgparseMessage
from stellwerk.core.errors import KEY, BadOption, BadRecord
from stellwerk.core.i18n import Term, environment_language, language_in
from stellwerk.core.terms import CATALOG as CORE

SRC = Path(__file__).resolve().parents[2] / "src" / "stellwerk"
RAISERS = {"BadOption", "BadRecord", "BadPack", "StellwerkError", "error", "UnusableStorage",
           "JudgeError", "IllegalAction", "BadNotation", "illegal"}
# Refusals that are not the command's, or that are worded elsewhere on purpose:
OWN_WORDS = (
    # one item of a content pack: named in English (docs: content packs)
    "pack_check.py", "games/benelux_rails/tables.py",
    # the games' rules and notation: keyed, with the English given alongside
    "games/rail_line/", "games/railways/", "games/benelux_rails/", "games/linie1/rules.py",
    "games/linie1/notation.py", "games/linie1/judge/orders.py",
    "server/table_service.py",
)
# an item of a content pack that fails its schema or the game's check: in English
ITEM_PROBLEM_RAISES = ("{path}: item {_item_path(error.absolute_path)}: {error.message}",
                       "{path}: item {exc}")


def is_item_problem(where: str, node: ast.Call) -> bool:
    if not where.startswith("core/content.py") or not isinstance(node.args[0], ast.JoinedStr):
        return False
    return ast.unparse(node.args[0])[2:-1] in ITEM_PROBLEM_RAISES


def raises(skip: tuple[str, ...] = OWN_WORDS) -> dict[str, ast.expr]:
    """Every call of a raiser with a first argument, by file and line."""
    found: dict[str, ast.expr] = {}
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        if any(part in where for part in skip):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name == "error" and not isinstance(node.func, ast.Name):
                continue                    # a log line (`log.error`), not a refusal
            if name in RAISERS and not is_item_problem(where, node):
                found[f"{where}:{node.lineno}"] = node.args[0]
    return found


def worded_in_place(first: ast.expr) -> bool:
    """Whether a raise's first argument is a line of words, not a key: a string that is
    no key, or an f-string (a key is never built at run time)."""
    if isinstance(first, ast.JoinedStr):
        return True
    return (isinstance(first, ast.Constant) and isinstance(first.value, str)
            and KEY.fullmatch(first.value) is None)


def test_the_scan_sees_refusals_from_every_corner_of_the_command() -> None:
    found = "\n".join(raises())
    for where in ("core/inputs.py", "core/record.py", "frontends/setup.py", "cli.py",
                  "frontends/replaying.py", "research/commands.py", "server/main.py",
                  "frontends/postal/commands.py"):
        assert where in found, where


def test_the_net_catches_a_refusal_worded_in_place() -> None:
    catch = ast.parse('raise BadOption(f"{x} is bad")').body[0]
    assert isinstance(catch, ast.Raise) and isinstance(catch.exc, ast.Call)
    assert worded_in_place(catch.exc.args[0])
    assert worded_in_place(ast.Constant("--jobs must be at least 1"))
    assert not worded_in_place(ast.Constant("set.jobs"))


def test_every_refusal_the_command_can_raise_is_raised_with_a_key() -> None:
    worded = {where: ast.unparse(first) for where, first in raises().items()
              if worded_in_place(first)}
    assert not worded, f"refusals worded in place instead of by a catalogue key: {worded}"


def test_a_refusal_is_english_as_a_string_and_german_by_its_key() -> None:
    error = BadOption("set.step_seat", n=3, where="game.json")
    assert str(error) == "--seat must be 1 to 3 for game.json"
    assert error.text("de") == "--seat muss 1 bis 3 sein für game.json"
    # a refusal inside a refusal, and a word of the catalogue, are said in the same language
    outer = BadRecord("rec.line", path="a.jsonl", line=3,
                      why=BadOption("in.not_regular", path="x", kind=Term("in.kind.fifo"),
                                    noun="record"))
    assert outer.text("de") == ("a.jsonl: Zeile 3: x: ist eine FIFO, keine Datei; sie wird "
                                "nicht gelesen")
    assert str(outer) == "a.jsonl: line 3: x: is a fifo, not a record file; refusing to read it"
    # the user's words are copied, never read as a template
    assert "{evil}" in BadOption("cli.unknown_game", game="'{evil}'", games="x").text("de")


def test_a_refusal_keeps_its_fields_across_processes() -> None:
    error = BadRecord("rec.no_seat", 4, seat=7)
    again = pickle.loads(pickle.dumps(error))
    assert (again.text("de"), again.index) == ("Zug 4: es gibt keinen Platz 7", 4)


def test_a_key_whose_catalogue_is_not_imported_yet_is_still_found() -> None:
    # a module that raises without importing its package's terms.py: the key is found
    # by loading every catalogue once, never shown raw
    import subprocess
    import sys

    line = subprocess.run(
        [sys.executable, "-c", "from stellwerk.core.errors import BadOption; "
         "e = BadOption('rs.view_bytes', n=9, size=4); print(e.text('de'))"],
        capture_output=True, text=True, check=True, timeout=120).stdout
    assert line.strip() == "eine Sicht von 9 Bytes passt nicht in view_bytes=4"


def test_argparse_messages_are_said_inside_out_and_unknown_ones_stay_english() -> None:
    line = "argument --lang: invalid choice: 'fr' (choose from en, de)"
    assert ArgparseMessage(line).text("de") == ("Argument --lang: ungültige Wahl: 'fr' "
                                                "(möglich: en, de)")
    assert ArgparseMessage(line).text("en") == line
    odd = "something no entry knows"
    assert ArgparseMessage(odd).text("de") == odd
    # a frame matches only when what it holds is a message it knows
    assert ArgparseMessage("argument -x: something no entry knows").text("de").startswith(
        "argument")
    assert "{evil}" in ArgparseMessage("unrecognized arguments: {evil}").text("de")


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"), ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "de"}, "de"),
    ({"LANG": "en_GB.UTF-8"}, "en"), ({"LC_ALL": "C", "LANG": "de_DE"}, "en"),
    ({"LC_MESSAGES": "de_AT", "LANG": "en_US"}, "de"), ({"LC_ALL": "de_CH.UTF-8"}, "de"),
    ({"LANG": "dell"}, "en"),
])
def test_the_locale_picks_the_language(environ: dict[str, str], lang: str) -> None:
    assert environment_language(environ) == lang


def test_lang_in_a_command_line() -> None:
    assert language_in(["play", "--lang", "de"]) == "de"
    assert language_in(["play", "--lang=de"]) == "de"
    assert language_in(["play", "--lang", "fr"]) is None
    assert language_in(["play", "--lang"]) is None


CASES = [
    (["play", "nonsuch"], "unknown game 'nonsuch'", "unbekanntes Spiel 'nonsuch'"),
    (["simulate", "rail-line", "-n", "0"], "-n must be from 1", "-n muss zwischen 1"),
    (["play", "rail-line", "-o", "sheet=III"], "sheet must be I or II",
     "sheet muss I oder II sein"),
    (["play", "rail-line", "--seats", "human,zz"], "unknown seat 'zz'",
     "unbekannter Platz 'zz'"),
    (["play", "rail-line", "--bogus"], "unrecognized arguments: --bogus",
     "unbekannte Angaben: --bogus"),
    (["replay", "{folder}"], "record refused: {folder}: is a folder, not a record file",
     "Protokoll abgelehnt: {folder}: ist ein Ordner, keine Datei"),
    (["replay", "{bad}"], "record refused: {bad}: not valid JSON",
     "Protokoll abgelehnt: {bad}: kein gültiges JSON"),
]


@pytest.mark.parametrize(("argv", "english", "german"), CASES)
def test_the_command_refuses_in_both_languages(
        argv: list[str], english: str, german: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("nope", encoding="utf-8")
    fill = {"folder": str(tmp_path), "bad": str(bad)}
    argv = [word.format(**fill) for word in argv]
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    runs = [(argv, {}, english), ([*argv, "--lang", "de"], {}, german),
            (argv, {"LANG": "de_DE.UTF-8"}, german),
            ([*argv, "--lang", "en"], {"LANG": "de_DE.UTF-8"}, english)]
    for words, environ, expected in runs:
        for name, value in environ.items():
            monkeypatch.setenv(name, value)
        assert main(words) != 0
        err = capsys.readouterr().err
        assert err.startswith("stellwerk: ") and err.count("\n") == 1, err
        assert expected.format(**fill) in err, (words, environ, err)
        for name in environ:
            monkeypatch.delenv(name)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


CORE_KEYS = sorted(CORE.keys())


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(CORE_KEYS), values=st.lists(st.text(max_size=12), min_size=8,
                                                       max_size=8))
def test_a_refusal_says_what_it_holds_verbatim_in_both_languages(key: str,
                                                                 values: list[str]) -> None:
    # whatever a user typed (braces, quotes, another language) is copied, never read as
    # a template, and no language loses a field its text names
    names = sorted(_fields(CORE.template(key, "en")) | _fields(CORE.template(key, "de")))
    error = BadOption(key, **dict(zip(names, values, strict=False)))
    again = pickle.loads(pickle.dumps(error))
    for lang in ("en", "de"):
        said = error.text(lang)
        assert again.text(lang) == said
        for name, value in zip(names, values, strict=False):
            if name in _fields(CORE.template(key, lang)):
                assert value in said, (key, lang, name)


def test_an_engine_refusal_is_said_by_its_key_and_keeps_its_own_english() -> None:
    from stellwerk.core.errors import IllegalAction, illegal

    error = illegal("rl.track_taken", "track 3 is taken (by seat 2)", track=3)
    assert str(error) == "track 3 is taken (by seat 2)"
    assert error.text("de") != str(error) and "3" in error.text("de")
    # a key no catalogue knows: the engine's English, never the raw key
    odd = IllegalAction("rl.no_such_refusal", "no such thing")
    assert odd.text("de") == "no such thing"
