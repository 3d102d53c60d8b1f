"""Notation round-trips and refuses bad text; the pack loads, is marked, and a broken or
foreign pack is refused naming the item."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.core.errors import BadNotation, BadPack, IllegalAction
from stellwerk.games.railways.uses import pollution_of
from tests.railways.helpers import GAME, PACK, snapshot, table

EXAMPLES = [
    ("open c3 with 4.1a 1.2", "open C3 with 1.2a 4.1a"),
    ("build D4 die 2 with 3.1a", "build D4 die 2 with 3.1a"),
    ("transport B2 to R via C3+D5 with 1.3a 4.2b", "transport B2 to R via C3+D5 with 1.3a 4.2b"),
    ("transport B2 to l via C3 convert 2 with 5.3a 5.3b",
     "transport B2 to L via C3 convert 2 with 5.3a 5.3b"),
    ("transport B2 to L via C3 with 5.3a 5.3b",
     "transport B2 to L via C3 convert 0 with 5.3a 5.3b"),
    ("hire with 2.1a", "hire with 2.1a"), ("capital with 4.1a 1.1a", "capital with 1.1a 4.1a"),
    ("clean with 6.1a", "clean with 6.1a"), ("add B2 with 5.1a", "add B2 with 5.1a"),
    ("upgrade C3 with 4.4a 4.2b", "upgrade C3 with 4.2b 4.4a"), ("pass", "pass"),
    ("dice E7=2 B2=1 E3=1 B6=2", "dice B2=1 E3=1 B6=2 E7=2"),
    ("erschliesse C3 mit 1.2a 4.1a", "open C3 with 1.2a 4.1a"),
    ("befördere B2 nach R über C3 mit 1.3a", "transport B2 to R via C3 with 1.3a"),
]


@pytest.mark.parametrize(("text", "canonical"), EXAMPLES)
def test_notation_round_trips(text: str, canonical: str) -> None:
    action = GAME.parse_action(text)
    assert GAME.format_action(action) == canonical
    assert GAME.parse_action(canonical) == action


@pytest.mark.parametrize("text", [
    "", "fly B2", "open with 1.1a", "open C3", "open C3 with", "open C3 with 1.9a",
    "open C3 with 1.1c", "open Z9 with 1.1a", "build D4 with 3.1a", "build D4 die x with 3.1a",
    "transport B2 to X via C3 with 1.1a", "transport B2 R C3 with 1.1a", "pass now",
    "hire B2 with 2.1a", "dice", "dice B2", "dice B2=x", "capital with 1.a",
])
def test_malformed_notation_is_one_clear_error(text: str) -> None:
    with pytest.raises(BadNotation) as caught:
        GAME.parse_action(text)
    assert str(caught.value)


@pytest.mark.parametrize("action", [
    (), ("fly",), ("open",), ("open", 3, "1.1a"), ("build", "D4", "2", "3.1a"),
    ("transport", "A1", "C", "B1", True, "6.3a 6.2b"), ("pass", 1), "open", None,
    ("hire", "banana"), ("capital", "1.1a 1.1a"),
])
def test_malformed_action_values_are_refused_and_change_nothing(action: object) -> None:
    state = table()
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(0, action)  # type: ignore[arg-type]
    assert snapshot(state) == before


def test_only_seat_zero_plays() -> None:
    state = table()
    with pytest.raises(IllegalAction):
        state.apply(1, ("pass",))
    assert state.legal_actions(1) == []


def test_pollution_counts_extra_fields_per_card() -> None:
    assert pollution_of([(1, 0, 0), (1, 0, 1)]) == 0          # two symbols, one field
    assert pollution_of([(1, 0, 0), (1, 1, 0)]) == 1
    assert pollution_of([(1, 0, 0), (1, 1, 0), (1, 3, 0), (2, 0, 0)]) == 2
    assert pollution_of([(1, 0, 0), (2, 0, 0), (3, 0, 0)]) == 0


def test_the_shipped_pack_is_marked_item_by_item() -> None:
    counts = PACK.provenance_counts()
    assert counts["reconstructed"] == 9                      # 8 cards + the profit track
    assert counts["confirmed"] == 1                          # the limits of the seed


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pack.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_pack_with_a_rail_into_nowhere_is_refused(tmp_path: Path) -> None:
    text = PACK.path.read_text(encoding="utf-8").replace('"R-C", "|.|"', '"R-C", "|-|"', 1)
    with pytest.raises(BadPack, match=r"cards\[0\].*rail space"):
        GAME.load_pack(_write(tmp_path, text))


def test_a_pack_with_two_capital_symbols_on_a_card_is_refused(tmp_path: Path) -> None:
    text = PACK.path.read_text(encoding="utf-8").replace('[["capital"], ["track", "target-R"]',
                                                         '[["capital"], ["capital", "target-R"]', 1)
    with pytest.raises(BadPack, match="at most one capital"):
        GAME.load_pack(_write(tmp_path, text))


def test_a_pack_with_an_unknown_symbol_is_refused(tmp_path: Path) -> None:
    text = PACK.path.read_text(encoding="utf-8").replace('"ticket"]', '"tikket"]', 1)
    with pytest.raises(BadPack, match="cards"):
        GAME.load_pack(_write(tmp_path, text))


def test_a_replacement_pack_changes_the_game_without_code(tmp_path: Path) -> None:
    text = PACK.path.read_text(encoding="utf-8").replace("profit_max = 30", "profit_max = 25")
    pack = GAME.load_pack(_write(tmp_path, text))
    state = GAME.new_state({}, 1, pack, 1)
    state.profit = 25
    assert state.challenge_results()["economist"]
    assert pack.sha256 != PACK.sha256
