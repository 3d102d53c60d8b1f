"""Orders as text: the one-line notation and order files (text and JSON), with every
mistake reported by line number and a bad file refused whole."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.core.errors import BadNotation
from stellwerk.games.linie1.judge.orders import (
    OrderFileError,
    check_order_file,
    parse_order_json,
    parse_order_text,
    read_order_file,
)
from stellwerk.games.linie1.tables import square_name
from stellwerk.games.linie1.terms import tile_name
from stellwerk.games.linie1.tiles import ROTATIONS, TILE_IDS

from .helpers import GAME, empty_hands, give, new_state

placement = st.tuples(st.integers(0, 143).map(square_name), st.sampled_from(TILE_IDS),
                      st.sampled_from(ROTATIONS))


@given(st.lists(placement, max_size=5))
@settings(max_examples=200, deadline=None)
def test_notation_round_trips(placements: list[tuple[str, str, int]]) -> None:
    action = ("order", *(x for p in placements for x in p))
    text = GAME.format_action(action)
    assert GAME.parse_action(text) == action
    assert GAME.format_action(GAME.parse_action(text)) == text


def test_german_names_and_loose_spacing_are_understood() -> None:
    assert GAME.parse_action(" h2  Gerade 90 ;g3 KURVE 270°; ") == (
        "order", "H2", "straight", 90, "G3", "curve", 270)
    assert GAME.parse_action("passe") == ("order",)
    for tile in TILE_IDS:
        german = tile_name(tile, "de")
        assert german != tile
        assert GAME.parse_action(f"A1 {german} 0") == ("order", "A1", tile, 0)


@pytest.mark.parametrize(("text", "why"), [
    ("", "empty order"), ("H2 straight", "SQUARE TILE ROTATION"),
    ("M2 straight 0", "not a square"), ("H13 straight 0", "not a square"),
    ("H2 bridge 0", "not a tile"), ("H2 straight 45", "not a rotation"),
    ("H2 straight 0; X", "placement 2"),
])
def test_bad_notation_says_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(BadNotation, match=why):
        GAME.parse_action(text)


ORDER = """# Anna, round 1
player: Anna
runde: 1
1. H2 gerade 90
2) C8 straight 0

C10 kurve 180   # the third
"""


def test_an_order_file_reads_comments_headers_and_priorities() -> None:
    order = parse_order_text(ORDER)
    assert order.action == ("order", "H2", "straight", 90, "C8", "straight", 0,
                            "C10", "curve", 180)
    assert order.lines == [4, 5, 7]
    assert order.headers == {"player": (2, "Anna"), "round": (3, "1")}


def test_json_is_the_same_order() -> None:
    text = json.dumps({"player": "Anna", "round": 1, "placements": [
        {"square": "H2", "tile": "gerade", "rotation": 90},
        {"square": "C8", "tile": "straight", "rotation": 0},
        {"square": "C10", "tile": "kurve", "rotation": 180}]}, indent=1)
    assert parse_order_json(text).action == parse_order_text(ORDER).action
    assert parse_order_json('[{"square": "H2", "tile": "curve", "rotation": 0}]').action == (
        "order", "H2", "curve", 0)


def test_every_mistake_is_reported_with_its_line() -> None:
    text = "H2 straight 90\nM2 straight 0\n5. C8 curve 0\nC9 bridge 0\nC10 curve 45\n"
    with pytest.raises(OrderFileError) as caught:
        parse_order_text(text, "anna.txt")
    lines = [m.line for m in caught.value.mistakes]
    assert lines == [2, 3, 4, 5]
    message = str(caught.value)
    assert "anna.txt:2: 'M2' is not a square" in message
    assert "anna.txt:3: priority 5 is out of place" in message
    assert "anna.txt:4: 'bridge' is not a tile" in message
    assert "anna.txt:5: '45' is not a rotation" in message


def test_too_many_placements_and_pass_with_placements_are_mistakes() -> None:
    six = "".join(f"A{r} straight 0\n" for r in range(1, 7))
    with pytest.raises(OrderFileError, match=":6: more than 5"):
        parse_order_text(six)
    with pytest.raises(OrderFileError, match=":1: 'pass' means no placements"):
        parse_order_text("pass\nA1 straight 0\n")
    assert parse_order_text("# nothing this round\npass\n").action == ("order",)
    assert parse_order_text("").action == ("order",)


def test_json_mistakes_carry_their_lines() -> None:
    text = ('{"placements": [\n {"square": "H2", "tile": "curve", "rotation": 0},\n'
            ' {"square": "H2", "tile": "curve"},\n'
            ' {"square": "Q2", "tile": "curve", "rotation": 0}\n]}')
    with pytest.raises(OrderFileError) as caught:
        parse_order_json(text)
    assert [m.line for m in caught.value.mistakes] == [3, 4]
    with pytest.raises(OrderFileError, match=":2: not valid JSON"):
        parse_order_json('{"placements":\n [,]}')
    with pytest.raises(OrderFileError, match="'placements'"):
        parse_order_json('{"orders": []}')


def test_rules_mistakes_in_a_file_name_their_lines() -> None:
    state = new_state(2)
    empty_hands(state)
    give(state, 0, "straight")
    order = parse_order_text("player: Bert\nround: 2\nH1 straight 0\nC8 curve 0\n")
    with pytest.raises(OrderFileError) as caught:
        check_order_file(order, state, 0, "anna.txt", player="Anna")
    assert [m.line for m in caught.value.mistakes] == [1, 2, 3]
    hand = parse_order_text("C8 curve 0\n")
    with pytest.raises(OrderFileError, match=r"anna.txt:1: .*you hold no curve"):
        check_order_file(hand, state, 0, "anna.txt")
    ok = parse_order_text("player: anna\nC8 straight 0\n")
    assert check_order_file(ok, state, 0, "anna.txt", player="Anna") == (
        "order", "C8", "straight", 0)


def test_unreadable_files_are_refused_clearly(tmp_path: Path) -> None:
    binary = tmp_path / "x.txt"
    binary.write_bytes(b"H2 straight 0\n\xff\xfe")
    with pytest.raises(OrderFileError, match=r"x\.txt:2: not UTF-8"):
        read_order_file(binary)
    with pytest.raises(OrderFileError, match="cannot read"):
        read_order_file(tmp_path / "missing.txt")


@given(st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_no_text_crashes_the_parsers(text: str) -> None:
    for parse in (parse_order_text, parse_order_json):
        with contextlib.suppress(OrderFileError):
            parse(text)
    with contextlib.suppress(BadNotation):
        GAME.parse_action(text)


def test_building_squares_are_reported_with_the_syntax_mistakes() -> None:
    from .helpers import TABLES

    text = "H2 straight 90\nH1 curve 0\nB9 kurve 90\nC8 bridge 0\n"
    with pytest.raises(OrderFileError) as caught:
        parse_order_text(text, "x.txt", TABLES)
    assert [m.line for m in caught.value.mistakes] == [2, 3, 4]
    assert "x.txt:2: H1 holds a building (Gericht)" in str(caught.value)
    json_text = '[{"square": "H1", "tile": "curve", "rotation": 0}]'
    with pytest.raises(OrderFileError, match="H1 holds a building"):
        parse_order_json(json_text, "x.json", TABLES)
