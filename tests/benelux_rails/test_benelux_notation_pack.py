"""Notation round-trips and refuses bad text; bad packs are refused with one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.core.errors import BadNotation, BadPack

from .helpers import GAME, TINY


@pytest.mark.parametrize(("text", "action"), [
    ("keep 12 40 7", ("keep", 12, 40, 7)),
    ("start noordstad", ("start", "noordstad")),
    ("build F12 F13 G13", ("build", "F12", "F13", "G13")),
    ("baue f12 f13", ("build", "F12", "F13")),
    ("move rivierdam", ("move", "rivierdam")),
    ("fahre G13 über F12 E11", ("move", "G13", "via", "F12", "E11")),
    ("move G13 via F12", ("move", "G13", "via", "F12")),
    ("ferry", ("ferry",)), ("fähre", ("ferry",)),
    ("load cheese", ("load", "cheese")), ("lade Cheese", ("load", "cheese")),
    ("unload coal", ("unload", "coal")), ("liefere 40 cheese", ("deliver", 40, "cheese")),
    ("upgrade b12", ("upgrade", "B12")), ("rüste C15", ("upgrade", "C15")),
    ("discard", ("discard",)), ("abwerfen", ("discard",)), ("end", ("end",)), ("ende", ("end",)),
])
def test_notation_parses_english_and_german_and_round_trips(text: str, action: tuple) -> None:
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(GAME.format_action(action)) == action


@pytest.mark.parametrize("text", [
    "", "   ", "fly F12", "build F12", "build", "keep 1 2", "keep a b c", "move",
    "move F12 over F13", "move F12 via", "deliver cheese", "deliver 4 [red]x",
    "upgrade Z9", "end now", "load", "build F12 [bold]", "keep ² 1 2", "start Noord Stad",
    "build " + "A1 " * 500,
])
def test_bad_notation_is_refused_with_a_clear_message(text: str) -> None:
    with pytest.raises(BadNotation) as info:
        GAME.parse_action(text)
    assert str(info.value)
    assert info.value.key == "br.bad_notation"


def _pack_with(tmp_path: Path, old: str, new: str) -> Path:
    text = TINY.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "says"), [
    ('rows = 12', 'rows = 13', "map.terrain: 12 rows"),
    ('milepost = "C4"', 'milepost = "E5"', "a major city needs"),
    ('milepost = "H8"', 'milepost = "Z99"', "not a milepost on the map"),
    ('supplies = ["coal", "steel"]', 'supplies = ["coal", "gold"]', "unknown good 'gold'"),
    ('city = "', 'city = "atlantis', "unknown city"),
    ('edge = ["A9", "A10"]', 'edge = ["A9", "A12"]', "are not neighbours"),
    ('kind = "flood"', 'kind = "meteor"', "events"),
    ('id = "benelux-rails-tiny"', 'id = "Bad Id"', "pack.id"),
    ('provenance = "reconstructed"', 'provenance = "guessed"', "provenance"),
])
def test_bad_pack_is_refused_naming_the_item(tmp_path: Path, old: str, new: str,
                                             says: str) -> None:
    with pytest.raises(BadPack) as info:
        GAME.load_pack(_pack_with(tmp_path, old, new))
    assert says in str(info.value)
    assert "bad.toml" in str(info.value)


def test_not_toml_and_missing_file_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text("[map\n", encoding="utf-8")
    with pytest.raises(BadPack, match="not valid TOML"):
        GAME.load_pack(path)
    with pytest.raises(BadPack, match="cannot read"):
        GAME.load_pack(tmp_path / "missing.toml")


def test_the_tiny_pack_is_all_reconstructed() -> None:
    pack = GAME.load_pack(TINY)
    assert pack.provenance_counts()["confirmed"] == 0
