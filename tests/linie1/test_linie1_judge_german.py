"""The postal judge in English and German: what its commands print, its
refusals and every mistake it finds in an order file; the language is the game's
(judge.json, chosen at `new` by --lang or the locale), and --lang on a command
overrides it for what that command prints."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.core.refusals import known
from stellwerk.frontends.postal import commands as judge
from stellwerk.frontends.postal import texts as judge_texts
from stellwerk.games.linie1.judge import texts as linie1_texts
from stellwerk.games.linie1.judge.orders import (
    OrderFileError,
    check_order_file,
    parse_order_json,
    parse_order_text,
    read_order_file,
)
from stellwerk.games.linie1.judge.reports import TEXTS

from .helpers import empty_hands, give, new_state

# the judge's own code and words, and Linie 1's postal code and words
JUDGE = Path(judge.__file__).parent
LINIE1 = Path(linie1_texts.__file__).parent
CATALOGS = (judge_texts.CATALOG, linie1_texts.CATALOG)
JD_KEY = re.compile(r"""["'](jd\.[a-z0-9_.]+)["']""")
REPORT_KEY = re.compile(r"""_t\(\s*["']([a-z_]+)["']""")
RAISERS = {"JudgeError", "OrderProblems", "BadOption", "BadRecord", "StellwerkError"}


def code_of_the_judge() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8")
            for path in sorted([*JUDGE.glob("*.py"), *LINIE1.glob("*.py")])}


def known_keys() -> set[str]:
    return {key for catalog in CATALOGS for key in catalog.keys()}  # noqa: SIM118 (a Catalog is not iterable)


def test_the_scan_finds_keys_in_every_part_of_the_judge() -> None:
    found = {name: JD_KEY.findall(text) for name, text in code_of_the_judge().items()}
    assert "jd.busy" in found["folder.py"]            # a refusal
    assert "jd.status.round" in found["commands.py"]  # output
    assert "jd.m.priority" in found["orders.py"]      # an order-file mistake
    assert "report" in REPORT_KEY.findall(code_of_the_judge()["reports.py"])


def test_every_key_the_judge_uses_is_in_its_catalogue_and_every_entry_is_used() -> None:
    code = code_of_the_judge()
    used = {key for name, text in code.items() if name != "texts.py"
            for key in JD_KEY.findall(text)}
    assert used and not used - known_keys(), used - known_keys()
    assert not known_keys() - used, known_keys() - used   # no dead words
    reports = set(REPORT_KEY.findall(code["reports.py"]))
    assert reports and not reports - set(TEXTS.keys()), reports - set(TEXTS.keys())


def test_german_is_not_the_english_text() -> None:
    for catalog in (*CATALOGS, TEXTS):
        for key in catalog.keys():  # noqa: SIM118 (a Catalog is not iterable)
            en, de = catalog.text(key, "en"), catalog.text(key, "de")
            words = re.sub(r"\{[^}]*\}", "", en)
            if re.search("[a-z]{3,}", words):
                assert en != de, key


def test_no_refusal_of_the_judge_is_english_only() -> None:
    # a refusal raised with plain text must be one the core's refusals translate
    for name, text in code_of_the_judge().items():
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Call) and node.args
                    and getattr(node.func, "id", None) in RAISERS):
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    assert known(first.value), (name, node.lineno, first.value)
                assert not isinstance(first, ast.JoinedStr), (name, node.lineno)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["judge", "linie1", *args])
    out, err = capsys.readouterr()
    return code, out, err


def bad_order_files(state: object) -> list[OrderFileError]:
    """One refused file for every kind of mistake the judge names."""
    texts = [
        "H2 strait 90\nZ9 kurve 0\nH3 curve 45\nH4 curve\n",   # tile, square, rotation, form
        "1. H2 straight 0\n3. H3 curve 0\n",                    # priority out of place
        "".join(f"{c}1 straight 0\n" for c in "BCDEFG"),        # more than five
        "pass\nH2 straight 0\n",                                # pass and placements
    ]
    errors = []
    for text in texts:
        with pytest.raises(OrderFileError) as caught:
            parse_order_text(text, "anna.txt")
        errors.append(caught.value)
    for text in ('{"placements": 3}', '"x"', '{"x": 1}', '[{"square": "H2"}]', "[1"):
        with pytest.raises(OrderFileError) as caught:
            parse_order_json(text, "anna.json")
        errors.append(caught.value)
    order = parse_order_text("player: Bert\nround: 7\nC8 curve 0\n")
    with pytest.raises(OrderFileError) as caught:
        check_order_file(order, state, 0, "anna.txt", player="Anna")   # type: ignore[arg-type]
    errors.append(caught.value)
    return errors


def test_every_kind_of_order_file_mistake_reads_in_german(tmp_path: Path) -> None:
    state = new_state(2)
    empty_hands(state)
    give(state, 0, "straight")
    errors = bad_order_files(state)
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 70_000)
    link = tmp_path / "game" / "anna.txt"
    link.parent.mkdir()
    link.symlink_to(big)
    for path, folder in ((big, None), (link, link.parent), (tmp_path / "no.txt", None)):
        with pytest.raises(OrderFileError) as caught:
            read_order_file(path, None, folder)
        errors.append(caught.value)
    (tmp_path / "latin.txt").write_bytes(b"H2 gr\xfcn 0\n")
    with pytest.raises(OrderFileError) as caught:
        read_order_file(tmp_path / "latin.txt")
    errors.append(caught.value)
    assert sum(len(e.mistakes) for e in errors) == 18
    for error in errors:
        for mistake in error.mistakes:
            en, de = mistake.in_language("en"), mistake.in_language("de")
            assert de != en and "jd." not in de and "{" not in de.replace('{"', ""), de
        german = error.lines("de").splitlines()
        assert len(german) == len(error.mistakes) and str(error) == error.lines("en")


def test_the_games_language_speaks_for_every_command_and_lang_overrides_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = tmp_path / "spiel"
    code, out, _ = run(capsys, "new", str(where), "--players", "Anna,Bert", "--seed", "5",
                       "--lang", "de")
    assert code == 0 and "hat begonnen" in out
    assert json.loads((where / "judge.json").read_text(encoding="utf-8")) == {"lang": "de"}
    orders = judge.orders_folder(where, 1)
    (orders / "Anna.txt").write_text("player: Anna\nH2 strait 90\n", encoding="utf-8")
    code, out, _ = run(capsys, "status", str(where))
    assert code == 0 and "ABGELEHNT" in out and "ist kein Plättchen" in out
    assert "FEHLT" in out and "fehlt noch: Bert, Anna" in out
    code, out, _ = run(capsys, "status", str(where), "--lang", "en")
    assert "REFUSED" in out and "is not a tile" in out and "missing: Bert, Anna" in out
    code, _, err = run(capsys, "check", str(where), "anna")
    assert code == 2 and "Anna.txt:2: „strait“ ist kein Plättchen" in err
    code, _, err = run(capsys, "resolve", str(where), "--round", "1")
    assert code == 2 and "Auftragsdateien mit Fehlern (nichts wurde ausgewertet)" in err
    code, _, err = run(capsys, "resolve", str(where), "--round", "1", "--lang", "en")
    assert code == 2 and "order files with mistakes (nothing was resolved)" in err
    code, _, err = run(capsys, "check", str(where), "Zed")
    assert code == 2 and err == "stellwerk: niemand heißt 'Zed' (Mitspielende: Anna, Bert)\n"
    (orders / "Anna.txt").write_text("pass\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", str(where), "Anna")
    assert code == 0 and "in Ordnung" in out
    code, out, _ = run(capsys, "resolve", str(where), "--round", "1")
    assert code == 0 and "Runde 1 ausgewertet" in out and "kein Auftrag von Bert" in out
    code, _, err = run(capsys, "resolve", str(where), "--round", "1")
    assert code == 2 and "Runde 1 ist schon ausgewertet; jetzt ist Runde 2" in err
    # the players' papers stay in the game's language whatever a command asked for
    assert run(capsys, "status", str(where), "--lang", "en")[0] == 0
    report = (where / "public" / "round-01.txt").read_text(encoding="utf-8")
    assert "öffentlicher Bericht zu Runde 1" in report


def test_without_lang_the_locale_chooses_and_is_stored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, _, err = run(capsys, "status", str(tmp_path / "nothing"))
    assert code == 2 and "enthält keine Partie" in err
    code, _, err = run(capsys, "new", str(tmp_path / "g"), "--players", "Anna,anna")
    assert code == 2 and err == "stellwerk: zwei Mitspielende haben denselben Namen\n"
    code, out, _ = run(capsys, "new", str(tmp_path / "g"), "--players", "Anna,Bert")
    assert code == 0 and "hat begonnen" in out
    assert json.loads((tmp_path / "g" / "judge.json").read_text()) == {"lang": "de"}
    # an English game stays English for a German game master, unless asked
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run(capsys, "new", str(tmp_path / "e"), "--players", "Anna,Bert")[0] == 0
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _ = run(capsys, "status", str(tmp_path / "e"))
    assert "round 1 of at most" in out
    code, out, _ = run(capsys, "status", str(tmp_path / "e"), "--lang", "de")
    assert "Runde 1 von höchstens" in out
