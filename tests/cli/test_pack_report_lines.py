"""`stellwerk pack GAME` says the figures the game uses of the pack in the reader's
language and lists what in it is reconstructed one entry a line, a run of numbered
items of one list as one entry (`goods[0-21]`); every line fits 80 columns."""

from __future__ import annotations

import pytest

from stellwerk.cli import main
from stellwerk.frontends.packs import grouped
from stellwerk.games import game_ids


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_pack_report_fits_80_columns(game_id: str, lang: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pack", game_id, "--lang", lang]) == 0
    out = capsys.readouterr().out
    listed = out.split("reconstructed:" if lang == "en" else "rekonstruiert:", 1)
    assert all(len(line) <= 80 for line in out.splitlines()[1:]), out
    if len(listed) == 2:
        assert all(line.startswith("    ") for line in listed[1].strip("\n").splitlines())


def test_a_run_of_numbered_items_is_one_entry() -> None:
    assert grouped(["map", "goods[0]", "goods[1]", "goods[2]", "cities[3]", "cities[5]",
                    "x.y", "cities[6]", "a[1][2]"]) == [
        "map", "goods[0-2]", "cities[3,5,6]", "x.y", "a[1][2]"]
    assert grouped(["cards[4]"]) == ["cards[4]"]


def test_benelux_rails_lists_its_reconstructed_lists_briefly(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pack", "benelux-rails"]) == 0
    out = capsys.readouterr().out
    listed = out.split("reconstructed:\n", 1)[1].splitlines()
    assert listed == ["    map", "    goods[0-21]", "    cities[0-23]", "    demands[0-83]",
                      "    events[0-9]"]


@pytest.mark.parametrize(("game_id", "english", "german"), [
    ("rail-line", "record sheet I: 11 rows of 48 boxes", "Wertungsblatt I: 11 Zeilen mit 48 "
                                                         "Feldern"),
    ("railways", "limits: capital 20,", "Grenzen: Kapital 20,"),
    ("linie1", "buildings: 12 on the 12 x 12 board", "Gebäude: 12 auf dem Plan von 12 x 12"),
])
def test_the_pack_figures_are_said_in_the_readers_language(
        game_id: str, english: str, german: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pack", game_id, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert german in out and english not in out
    assert main(["pack", game_id, "--lang", "en"]) == 0
    assert english in capsys.readouterr().out
