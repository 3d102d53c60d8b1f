"""The designer's tools in German (`--lang de`): every name a study report can show has
its German, the report and the standings speak it, and the JSON keeps the English names
(they are data a script reads)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from stellwerk.core import companions
from stellwerk.games import get_game
from tests.research.test_study_figures import FIXTURES, TESTS, TINY, played

if TYPE_CHECKING:
    from tests.cli.conftest import Stellwerk

# one recorded game a game, each showing every figure its game has (Rail Line with three
# seats has refusals; the Benelux game is won, so it has "rounds to win")
RECORDS = [
    (FIXTURES / "rail-line/rules/rail-line-3p-sheetI-greedy-greedy-greedy-seed13.json", None),
    (FIXTURES / "railways/rules/railways-greedy-seed3-challenges-1-3.json", None),
    (TESTS / "linie1/fixtures/planners-77.json", None),
    (FIXTURES / "benelux-rails/benelux-rails-tiny-planner-greedy-standard-seed11.json", TINY),
]


@pytest.mark.parametrize(("record", "pack"), RECORDS, ids=lambda p: getattr(p, "stem", ""))
def test_every_name_a_report_shows_has_its_german(record: Path, pack: Path | None) -> None:
    final, start, taken = played(record, pack)
    game = get_game(json.loads(record.read_text(encoding="utf-8"))["game"])
    study = companions.study(game)
    figures = study.figures(final, start, taken)
    assert figures is not None
    names = set(figures.series)
    for group, numbers in figures.numbers.items():
        names |= {group, *numbers}
    for seat_items in final.result().to_json()["breakdown"]:
        names |= set(seat_items)
    untranslated = sorted(n for n in names if study.figure_name(n, "de") in ("", n))
    assert untranslated == []
    # English stays English words: a catalogue key never shows as the key itself
    assert all("." not in study.figure_name(n, "en") or " " in study.figure_name(n, "en")
               for n in names)


def test_the_study_report_in_german(stellwerk: Stellwerk, tmp_path: Path) -> None:
    out = tmp_path / "studie.html"
    run = stellwerk("study", "benelux-rails", "--pack", TINY, "--seats", "planner,greedy",
                    "-n", "2", "--seed", "11", "--out", out, "--lang", "de", "--quiet")
    assert run.code == 0, run.err
    assert run.out.splitlines()[-1] == f"Bericht geschrieben nach {out}"
    assert "Partien, Punkte im Mittel" in run.out
    page = out.read_text(encoding="utf-8")
    assert '<html lang="de">' in page and "<h1>Studie zu Benelux Rails</h1>" in page
    headings = re.findall(r"<h2>([^<]+)</h2>", page)
    assert headings[:6] == ["Punkte", "Vorsprung des Siegers", "Spieldauer",
                            "Verzweigungsgrad", "Führungswechsel",
                            "Vorteil der Sitzreihenfolge"]
    assert {"Geld (Mio.) am Ende jeder Runde", "Lieferungen", "Die Partie"} <= set(headings)
    assert "<th>Platz</th><th>Siegquote</th><th>95-%-KI</th>" in page
    for english in ("Chair advantage", "Winning margin", "Deliveries", "Money (M)",
                    "per seat"):
        assert english not in page


def test_the_json_keeps_the_english_names(stellwerk: Stellwerk, tmp_path: Path) -> None:
    run = stellwerk("study", "linie1", "--seats", "planner,planner", "-n", "1", "--out",
                    tmp_path / "s.html", "--lang", "de", "--json", "--quiet")
    assert run.code == 0, run.err
    numbers = json.loads(run.out)["packs"][0]["figures"]["numbers"]
    assert set(numbers) == {"Lines (per seat)", "The game",
                            "Completed lines (only the seats that completed one)"}
    assert "Die Partie" in (tmp_path / "s.html").read_text(encoding="utf-8")


def test_the_standings_in_german(stellwerk: Stellwerk, monkeypatch: pytest.MonkeyPatch) -> None:
    run = stellwerk("tournament", "rail-line", "--bots", "random,greedy", "-n", "1",
                    "--lang", "de", "--quiet")
    assert run.code == 0, run.err
    assert run.out.startswith("Rail Line Jeder gegen jeden: 1 Tisch zu 2, je 1 Partie,")
    assert "Rangliste (openskill" in run.out
    for column in ("Bot", "Wertung", "Partien", "Siegquote", "95-%-KI", "Punkte"):
        assert column in run.out
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    by_locale = stellwerk("tournament", "rail-line", "--bots", "random,greedy", "-n", "1",
                          "--quiet")
    assert by_locale.code == 0 and "Rangliste" in by_locale.out    # the locale decides too
    english = stellwerk("tournament", "rail-line", "--bots", "random,greedy", "-n", "1",
                        "--quiet", "--lang", "en")
    assert "standings (openskill" in english.out and "Rangliste" not in english.out
