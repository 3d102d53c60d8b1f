"""`stellwerk`'s refusals on standard error come in German too.

The net: every refusal raised in the code the command reaches (BadOption, BadRecord,
BadPack, StellwerkError, the `error` of core/inputs.py) is found in the source, filled
with sample values, and must be matched by an entry of `core/refusals.py`; so a new
refusal without German fails here. Then the command itself refuses in both languages,
chosen by --lang or by the locale (LC_ALL, LC_MESSAGES, LANG).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.core.i18n import environment_language, language_in
from stellwerk.core.refusals import ENTRIES, known, translate

SRC = Path(__file__).resolve().parents[2] / "src" / "stellwerk"
RAISERS = {"BadOption", "BadRecord", "BadPack", "StellwerkError", "error", "UnusableStorage"}
# Not the command's refusals, or with words of their own:
OWN_WORDS = (
    "server/app.py", "server/tables.py", "web/",    # HTTP answers: the server's catalogue
    "server/log_store.py", "server/state_cache.py", "server/middleware.py",
    "server/routes/",                               # and the server's log lines
    "research/pettingzoo_env.py", "research/pettingzoo_parallel.py",  # library APIs,
    "research/openspiel_game.py",                                     # no command
    "games/linie1/judge/",                          # the judge's catalogue (judge/texts.py)
    # one item of a content pack: named in English (see the README, Untrusted input)
    "pack_check.py", "games/benelux_rails/tables.py", "games/benelux_rails/mapgen/",
)
# what a field of a refusal holds, for a sample: another refusal, or one of KINDS
INNER = "--jobs must be at least 1"
SAMPLES = {"exc": INNER, "problem": INNER, "kind": "a folder", "_a(what)": "a record",
           "span": "from 1 to 3", "problem.replace(', line 1)', ')')": INNER}
# where a field's sample would not be a value the code can put there: the real lines
REAL = {"bots/__init__.py:67": ["unknown bot 'x'; bots: random, greedy",
                                "unknown bot 'x' for Rail Line; bots for Rail Line: random"]}
# an item of a content pack that fails its schema or the game's check: in English
# (found by what they say, not by line number, so an edit above them does not move them)
ITEM_PROBLEM_RAISES = ("{path}: item {_item_path(error.absolute_path)}: {error.message}",
                       "{path}: item {exc}")


def is_item_problem(where: str, node: ast.Call) -> bool:
    if not where.startswith("core/content.py") or not isinstance(node.args[0], ast.JoinedStr):
        return False
    return ast.unparse(node.args[0])[2:-1] in ITEM_PROBLEM_RAISES


def sample(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = ""
        for part in node.values:
            if isinstance(part, ast.Constant):
                out += str(part.value)
            else:
                assert isinstance(part, ast.FormattedValue)
                source = ast.unparse(part.value)
                out += "'x7'" if part.conversion == ord("r") else SAMPLES.get(source, "'x7'")
        return out
    return None


def raised_refusals() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        if any(part in where for part in OWN_WORDS):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            text = sample(node.args[0]) if name in RAISERS else None
            line = f"{where}:{node.lineno}"
            if text is not None and not is_item_problem(where, node):
                for real in REAL.get(line, [text]):
                    found[real] = line
    return found


def test_the_scan_sees_refusals_from_every_corner_of_the_command() -> None:
    found = "\n".join(raised_refusals().values())
    for where in ("core/inputs.py", "core/record.py", "frontends/setup.py", "cli.py",
                  "frontends/replaying.py", "research/commands.py", "server/main.py"):
        assert where in found, where


def test_every_refusal_the_command_can_raise_has_german() -> None:
    missing = {text: where for text, where in raised_refusals().items() if not known(text)}
    assert not missing, f"refusals without an entry in core/refusals.py: {missing}"


def test_each_entry_differs_in_german_and_keeps_its_fields() -> None:
    import re

    for key, (english, german) in ENTRIES.items():
        assert english != german or key in ("arg.command",), key
        assert set(re.findall(r"\{(\w+)\}", english)) >= set(re.findall(r"\{(\w+)\}", german)), key


def test_nested_refusals_translate_inside_out_and_unknown_lines_stay_english() -> None:
    line = "simulate: argument --seed: --seed must be from 0 to 9, not 'x'"
    assert translate(line, "de") == ("simulate: Argument --seed: --seed muss zwischen 0 und 9 "
                                     "liegen, nicht 'x'")
    assert translate(line, "en") == line
    odd = "something no entry knows"
    assert translate(odd, "de") == odd
    # a frame matches only when what it holds is a refusal it knows
    assert translate("a.json: line 3: something no entry knows", "de").endswith("knows")
    # the user's words are copied, never read as a template
    assert "{evil}" in translate("unknown game '{evil}'; known games: x", "de")


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
