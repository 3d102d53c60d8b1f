"""`stellwerk pack GAME` lists what in the pack is reconstructed in lines that fit 80
columns, a run of numbered items of one list as one entry (`goods[0-21]`)."""

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
    if len(listed) == 2:
        assert all(len(line) <= 80 for line in listed[1].splitlines()), listed[1]


def test_a_run_of_numbered_items_is_one_entry() -> None:
    assert grouped(["map", "goods[0]", "goods[1]", "goods[2]", "cities[3]", "cities[5]",
                    "x.y", "cities[6]", "a[1][2]"]) == [
        "map", "goods[0-2]", "cities[3,5,6]", "x.y", "a[1][2]"]
    assert grouped(["cards[4]"]) == ["cards[4]"]


def test_benelux_rails_lists_its_reconstructed_lists_briefly(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pack", "benelux-rails"]) == 0
    out = capsys.readouterr().out
    assert "reconstructed: map, goods[0-21], cities[0-23], demands[0-83], events[0-9]" in out
