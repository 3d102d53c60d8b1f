"""The shipped pack holds the published game's facts; broken packs are refused clearly."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.core.errors import BadPack

from .helpers import GAME, PACK, TABLES, sq


def test_pack_holds_the_published_material() -> None:
    assert sum(TABLES.counts) == 126
    assert len(TABLES.building_letters) == 12
    assert TABLES.building_squares[TABLES.building_letters.index("G")] == sq("H1")
    assert TABLES.tile_ids[TABLES.exchangeable.index(False)] == "straight-two-curves"
    assert sum(c for c, x in zip(TABLES.counts, TABLES.exchangeable, strict=True) if not x) == 24
    # card 1, line 1 is A-C-L (docs/games/linie1.md#l1-rules: Route cards)
    assert [TABLES.building_letters[b] for b in TABLES.cards[0][0]] == ["A", "C", "L"]
    line4 = TABLES.terminals[3]
    assert line4[0].squares == (sq("F1"), sq("G1")) and line4[1].squares == (sq("J12"), sq("K12"))


def test_every_item_is_confirmed() -> None:
    counts = PACK.provenance_counts()
    assert counts["reconstructed"] == 0
    assert counts["confirmed"] == 1 + 12 + 6 + 12 + 6


@pytest.mark.parametrize(("old", "new", "message"), [
    ('id = "crossing"', 'id = "bridge"', "unknown tile id"),
    ('square = "L8"', 'square = "I11"', "holds two buildings"),
    ('stops = ["ACL"', 'stops = ["ACZ"', "three different buildings"),
    ('squares = ["A6", "A7"]', 'squares = ["A6", "A8"]', "must be adjacent"),
    ("count = 36", "count = 0", "minimum"),
])
def test_broken_pack_is_refused_naming_the_item(tmp_path: Path, old: str, new: str,
                                                message: str) -> None:
    text = GAME.default_pack_path().read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(BadPack, match=message) as caught:
        GAME.load_pack(broken)
    assert str(broken) in str(caught.value)
