"""The command line and the games' declarations: a bad option is one line in the user's
language that writes nothing, `--help` lists every game's declared options, `stellwerk
games` shows each game's declared facts, and a record with a bad option is refused in
the user's language too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.conftest import Stellwerk

from stellwerk.cli import main
from stellwerk.games import game_ids, get_game


@pytest.mark.parametrize(("game", "seats", "option", "english", "german"), [
    ("rail-line", "greedy,greedy", "colour=red",
     "unknown Rail Line option 'colour' (options: sheet)",
     "unbekannte Option 'colour' für Rail Line (Optionen: sheet)"),
    ("rail-line", "greedy,greedy", "sheet=III", "sheet must be I or II, not 'III'",
     "sheet muss I oder II sein, nicht 'III'"),
    ("linie1", "random,random", "rounds=0", "rounds must be from 1 to 200, not '0'",
     "rounds muss zwischen 1 und 200 liegen, nicht '0'"),
    ("railways", "greedy", "challenges=1,7",
     "challenges takes some of 1 Economist, 2 Mayor, 3 Train driver, 4 Engineer, "
     "separated by commas, not '7'",
     "challenges nimmt einige von 1 Der Ökonom, 2 Der Bürgermeister, 3 Der Zugführer, "
     "4 Der Ingenieur, durch Kommas getrennt, nicht '7'"),
    ("railways", "greedy", "challenges=5",
     "challenge 5 (Magnate) is a combination: name two or more of 1-4, e.g. challenges=1,3",
     "Herausforderung 5 (Magnat) ist eine Kombination: nenne zwei oder mehr von 1-4, "
     "z. B. challenges=1,3"),
    ("benelux-rails", "greedy,greedy", "variant=slow",
     "variant must be standard or fast, not 'slow'",
     "variant muss standard oder fast sein, nicht 'slow'"),
])
def test_a_bad_option_is_one_line_in_the_users_language_and_writes_nothing(
        stellwerk: Stellwerk, tmp_path: Path, game: str, seats: str, option: str,
        english: str, german: str) -> None:
    record = tmp_path / "out.jsonl"
    for lang, line in (("en", english), ("de", german)):
        run = stellwerk("simulate", game, "--seats", seats, "-o", option, "-n", "1",
                        "--record", record, "--lang", lang)
        assert run.code == 2
        assert run.refused() == f"stellwerk: {line}"
    assert not record.exists()


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("command", ["play", "simulate", "tournament", "study"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_lists_every_declared_option_in_its_language(
        capsys: pytest.CaptureFixture[str], command: str, lang: str) -> None:
    text = _help(capsys, command, "--lang", lang)
    heading = {"en": "game options (-o NAME=VALUE), by game:",
               "de": "Spieloptionen (-o NAME=WERT), je Spiel:"}[lang]
    assert heading in text
    for game_id in game_ids():
        game = get_game(game_id)
        assert f"{game_id} ({game.title}):" in text
        for option in game.options:
            words = " ".join(game.catalog.text(option.help, lang).split())
            assert f"{option.name}={option.allowed(game.catalog, lang)}" in text
            assert words in text, (game_id, option.name, lang)


def test_games_lists_each_games_declared_facts(stellwerk: Stellwerk) -> None:
    for lang in ("en", "de"):
        out = " ".join(stellwerk("games", "--lang", lang).out.split())
        for game_id in game_ids():
            game = get_game(game_id)
            assert game.meta is not None
            assert game.meta.credits() in out
            assert " ".join(game.catalog.text(game.meta.about, lang).split()) in out
    assert "Rail Line (2-3 players) · Martin Doležal, Albi" in stellwerk("games").out


def test_a_record_with_a_bad_option_is_refused_in_the_users_language(
        stellwerk: Stellwerk, tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    assert main(["simulate", "rail-line", "--seats", "greedy,greedy", "-n", "1", "--quiet",
                 "--record", str(path)]) == 0
    data = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    data["options"] = {"sheet": "III"}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert stellwerk("replay", path, "--lang", "de").refused() == (
        f"stellwerk: Protokoll abgelehnt: {path}: sheet muss I oder II sein, nicht 'III'")
    assert stellwerk("replay", path).refused() == (
        f"stellwerk: record refused: {path}: sheet must be I or II, not 'III'")
