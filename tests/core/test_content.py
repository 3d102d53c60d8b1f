"""Content packs: loading, validation with messages naming file and item, provenance."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from stellwerk.core.content import ContentPack, iter_items, load_pack
from stellwerk.core.errors import BadPack
from stellwerk.games import get_game

# A toy game's schema: just enough to exercise the core without any real game's rules.
TOY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["pack", "cards"],
    "properties": {
        "pack": {"type": "object"},
        "cards": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "value", "provenance"],
                "properties": {
                    "id": {"type": "string"},
                    "value": {"type": "integer", "minimum": 0},
                    "provenance": {"enum": ["confirmed", "reconstructed"]},
                },
            },
        },
    },
}

TOY = """\
[pack]
id = "toy-pack"
game = "toy"
version = 2
title = "Toy cards"

[[cards]]
id = "c1"
value = 1
provenance = "confirmed"

[[cards]]
id = "c2"
value = 2
provenance = "reconstructed"

[[cards]]
id = "c3"
value = 3
provenance = "reconstructed"
"""


def write(tmp_path: Path, text: str | bytes, name: str = "pack.toml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def refusal(path: Path, game: str = "toy", check: Any = None,
            schema: Mapping[str, Any] = TOY_SCHEMA) -> str:
    with pytest.raises(BadPack) as caught:
        load_pack(path, game, schema, check)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: "), message
    return message


def test_a_good_pack_loads(tmp_path: Path) -> None:
    path = write(tmp_path, TOY)
    pack = load_pack(path, "toy", TOY_SCHEMA)
    assert isinstance(pack, ContentPack)
    assert (pack.id, pack.game, pack.version, pack.title) == ("toy-pack", "toy", "2", "Toy cards")
    assert pack.sha256 == hashlib.sha256(TOY.encode()).hexdigest()
    assert pack.path == path
    assert [card["id"] for card in pack.data["cards"]] == ["c1", "c2", "c3"]


def test_provenance_counts_and_item_paths(tmp_path: Path) -> None:
    pack = load_pack(write(tmp_path, TOY), "toy", TOY_SCHEMA)
    assert pack.provenance_counts() == {"confirmed": 1, "reconstructed": 2}
    assert list(iter_items(pack.data)) == [
        ("cards[0]", "confirmed"), ("cards[1]", "reconstructed"), ("cards[2]", "reconstructed")]


def test_iter_items_walks_nested_tables() -> None:
    data = {"provenance": "confirmed", "sheets": {"I": {"rows": {"coal": {
        "provenance": "reconstructed", "values": [1]}}}}}
    assert list(iter_items(data)) == [("pack", "confirmed"),
                                      ("sheets.I.rows.coal", "reconstructed")]


def test_the_hash_changes_with_any_byte(tmp_path: Path) -> None:
    one = load_pack(write(tmp_path, TOY, "a.toml"), "toy", TOY_SCHEMA)
    two = load_pack(write(tmp_path, TOY + "\n# a comment\n", "b.toml"), "toy", TOY_SCHEMA)
    assert one.data == two.data
    assert one.sha256 != two.sha256


def test_a_missing_file(tmp_path: Path) -> None:
    assert "cannot read the content pack" in refusal(tmp_path / "nowhere.toml")


def test_a_folder_instead_of_a_file(tmp_path: Path) -> None:
    assert "is a folder, not a content pack file; refusing to read it" in refusal(tmp_path)


def test_not_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, TOY.encode("utf-8").replace(b"Toy cards", b"Spielkarten \xe4\xf6"))
    assert refusal(path).endswith("the content pack is not UTF-8 text")


def test_not_toml(tmp_path: Path) -> None:
    message = refusal(write(tmp_path, TOY + "\n[[cards]\nid = \n"))
    assert ": not valid TOML: " in message


def test_absurdly_nested_toml(tmp_path: Path) -> None:
    path = write(tmp_path, "a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert refusal(path).endswith("not valid TOML: nested too deeply")


def test_schema_failure_names_the_item_path(tmp_path: Path) -> None:
    path = write(tmp_path, TOY.replace("value = 2", "value = -2"))
    message = refusal(path)
    assert message.startswith(f"{path}: item cards[1].value: ")
    assert "-2" in message


def test_schema_failure_for_a_missing_field(tmp_path: Path) -> None:
    path = write(tmp_path, TOY.replace('id = "c3"\n', ""))
    message = refusal(path)
    assert message.startswith(f"{path}: item cards[2]: ")
    assert "'id' is a required property" in message


def test_schema_failure_at_the_top_level(tmp_path: Path) -> None:
    path = write(tmp_path, TOY.split("[[cards]]")[0])
    message = refusal(path)
    assert message.startswith(f"{path}: item top level: ")
    assert "'cards'" in message


@pytest.mark.parametrize(("edit", "item"), [
    (lambda t: t.replace('[pack]\nid = "toy-pack"\n', "[pack]\n"), "pack"),
    (lambda t: t.replace('id = "toy-pack"', 'id = "Toy Pack!"'), "pack.id"),
    (lambda t: t.replace('title = "Toy cards"', "title = 5"), "pack.title"),
    (lambda t: t.replace('game = "toy"\n', ""), "pack"),
])
def test_the_pack_table_is_checked_by_the_core(tmp_path: Path, edit: Any, item: str) -> None:
    # The toy schema says nothing about [pack]; the core itself must check it.
    path = write(tmp_path, edit(TOY))
    assert refusal(path).startswith(f"{path}: item {item}: ")


def test_a_pack_without_a_pack_table(tmp_path: Path) -> None:
    path = write(tmp_path, TOY.split("[[cards]]", 1)[1].join(["[[cards]]", ""]))
    message = refusal(path, schema={"type": "object"})
    assert message.startswith(f"{path}: item ")
    assert "'pack'" in message


def test_an_unknown_provenance_is_refused_by_the_core(tmp_path: Path) -> None:
    loose = {"type": "object"}  # a game schema that forgets to constrain provenance
    path = write(tmp_path, TOY.replace('provenance = "reconstructed"', 'provenance = "guessed"', 1))
    message = refusal(path, schema=loose)
    assert message.startswith(f"{path}: item cards[1]: ")
    assert "guessed" in message


def test_a_pack_for_another_game(tmp_path: Path) -> None:
    path = write(tmp_path, TOY)
    assert refusal(path, game="rail-line") == (
        f"{path}: item pack.game: this pack is for 'toy', not 'rail-line'")


def test_the_game_check_gets_the_file_name_added(tmp_path: Path) -> None:
    def check(data: Mapping[str, Any]) -> None:
        values = [card["value"] for card in data["cards"]]
        if values != sorted(set(values)):
            raise BadPack("cards: values must rise")

    path = write(tmp_path, TOY)
    assert load_pack(path, "toy", TOY_SCHEMA, check).id == "toy-pack"
    bad = write(tmp_path, TOY.replace("value = 3", "value = 1"), "bad.toml")
    assert refusal(bad, check=check) == f"{bad}: item cards: values must rise"


# --- the shipped Rail Line pack through the same door ------------------------------------

RAIL_LINE = get_game("rail-line")
SHIPPED = RAIL_LINE.default_pack_path()


def test_the_shipped_rail_line_pack_loads_with_provenance() -> None:
    pack = RAIL_LINE.load_pack()
    counts = pack.provenance_counts()
    assert sum(counts.values()) == len(list(iter_items(pack.data)))
    assert counts["confirmed"] > 0 and counts["reconstructed"] > 0
    assert pack.sha256 == hashlib.sha256(SHIPPED.read_bytes()).hexdigest()


def test_a_rail_line_pack_failing_the_schema_names_file_and_item(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8").replace(
        'tracks = ["passengers", "coal", "forest"]', 'tracks = ["passengers", "coal", "lava"]')
    path = write(tmp_path, text)
    with pytest.raises(BadPack) as caught:
        RAIL_LINE.load_pack(path)
    assert str(caught.value).startswith(f"{path}: item start_sides[0].tracks[2]: ")
    assert "'lava'" in str(caught.value)


def test_a_rail_line_pack_failing_the_game_check(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8").replace("side = 2", "side = 1")
    path = write(tmp_path, text)
    with pytest.raises(BadPack) as caught:
        RAIL_LINE.load_pack(path)
    assert str(caught.value) == f"{path}: item start_sides: needs side 1 and side 2, found [1, 1]"


def test_a_rail_line_pack_for_another_game(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8").replace('game = "rail-line"', 'game = "linie-1"')
    path = write(tmp_path, text)
    with pytest.raises(BadPack, match="this pack is for 'linie-1', not 'rail-line'"):
        RAIL_LINE.load_pack(path)
