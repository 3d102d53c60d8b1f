"""Hostile Linie 1 order files: every mistake named with its line, never a traceback,
never a hang, never a file outside the game folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.games import get_game
from stellwerk.games.linie1.judge.orders import (
    OrderFileError,
    check_order_file,
    parse_order_json,
    parse_order_text,
    read_order_file,
)

from .conftest import Stellwerk
from .strategies import HOSTILE_WORDS, hostile_text

GAME = get_game("linie1")
STATE = GAME.new_state({"rounds": 40}, 4, GAME.load_pack(), 3)
TABLES = STATE.tables  # type: ignore[attr-defined]
REAL_LINES = ["H2 straight 90", "1. G3 kurve 270", "2) C4 curve 0", "player: Anna",
              "round: 1", "pass", "# a comment", "A1 gerade-kurve-links 180"]


def each_mistake_on_its_own_line(exc: OrderFileError, source: str) -> None:
    lines = str(exc).splitlines()
    assert len(lines) == len(exc.mistakes) >= 1
    assert all(line.startswith(f"{source}:") for line in lines)


@settings(max_examples=200)
@given(st.lists(hostile_text(REAL_LINES), min_size=0, max_size=8))
def test_a_hostile_text_order_is_read_or_each_mistake_named(lines: list[str]) -> None:
    text = "\n".join(lines)
    before = json.dumps(STATE.view(0), sort_keys=True)
    try:
        order = parse_order_text(text, "o.txt", TABLES)
        check_order_file(order, STATE, 0, "o.txt", "Anna")  # type: ignore[arg-type]
    except OrderFileError as exc:
        each_mistake_on_its_own_line(exc, "o.txt")
    assert json.dumps(STATE.view(0), sort_keys=True) == before


json_orders = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8),
              st.sampled_from([*HOSTILE_WORDS, "H2", "straight", 90, 10**40])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["square", "tile", "rotation", "placements",
                                         "player", "round", "x"]), inner, max_size=4)),
    max_leaves=12)


@settings(max_examples=200)
@given(st.one_of(json_orders.map(json.dumps), st.text(max_size=60),
                 st.sampled_from(["[" * 5000, '{"placements": ' + "[" * 5000,
                                  '[{"square": "H2", "tile": "straight", "rotation": '
                                  + "9" * 5000 + "}]"])))
def test_a_hostile_json_order_is_read_or_refused(text: str) -> None:
    try:
        order = parse_order_json(text, "o.json", TABLES)
        check_order_file(order, STATE, 0, "o.json")  # type: ignore[arg-type]
    except OrderFileError as exc:
        each_mistake_on_its_own_line(exc, "o.json")


def test_a_deeply_nested_json_order_is_one_mistake() -> None:
    with pytest.raises(OrderFileError, match="nested too deeply"):
        parse_order_json("[" * 5000, "o.json")


def test_a_priority_of_thousands_of_digits_is_a_mistake_not_a_crash() -> None:
    with pytest.raises(OrderFileError, match=r"o.txt:1: priority 999999… is out of place"):
        parse_order_text("9" * 5000 + ". H2 straight 90", "o.txt")
    with pytest.raises(OrderFileError, match="is not a rotation"):
        parse_order_text("H2 straight ²", "o.txt")


def test_every_mistake_of_a_file_is_listed(tmp_path: Path) -> None:
    path = tmp_path / "Anna.txt"
    path.write_text("H2 straight 45\nZ9 curve 0\n5. G3 kurve 270\n", encoding="utf-8")
    with pytest.raises(OrderFileError) as refused:
        read_order_file(path, TABLES)
    assert [m.line for m in refused.value.mistakes] == [1, 2, 3]


@pytest.mark.parametrize("target", ["/dev/zero", "fifo", "folder"])
def test_an_order_that_is_not_a_regular_file_is_refused_before_reading(
        tmp_path: Path, target: str) -> None:
    path = tmp_path / "Anna.txt"
    if target == "fifo":
        os.mkfifo(path)
    elif target == "folder":
        path.mkdir()
    else:
        path.symlink_to(target)
    with pytest.raises(OrderFileError, match="not an order file; refusing to read it"):
        read_order_file(path, TABLES)          # no folder given: only the file kind counts


def test_a_large_order_file_is_refused_after_reading_at_most_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "Anna.txt"
    path.write_text("# padding\n" * 10_000, encoding="utf-8")
    with pytest.raises(OrderFileError, match="too large for an order file"):
        read_order_file(path, TABLES)


def test_an_order_that_links_out_of_the_game_folder_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("H2 straight 90\n", encoding="utf-8")
    folder = tmp_path / "game"
    (folder / "orders").mkdir(parents=True)
    outside = folder / "orders" / "Anna.txt"
    outside.symlink_to(secret)
    with pytest.raises(OrderFileError, match="outside the game folder"):
        read_order_file(outside, TABLES, folder)
    inside = folder / "orders" / "Bert.txt"
    (folder / "orders" / "copy.txt").write_text("pass\n", encoding="utf-8")
    inside.symlink_to(folder / "orders" / "copy.txt")
    assert read_order_file(inside, TABLES, folder).lines == []


def test_a_player_cannot_break_the_judge_s_message_with_a_file_name(
        stellwerk: Stellwerk, tmp_path: Path) -> None:
    folder = tmp_path / "game"
    assert stellwerk("judge", "linie1", "new", folder, "--players", "Anna,Bert").code == 0
    (folder / "orders" / "round-01" / "Cora\nstellwerk: all is well.txt").write_text("pass")
    run = stellwerk("judge", "linie1", "status", folder)
    assert run.code == 2
    lines = run.err.strip().splitlines()
    assert lines == [f"stellwerk: {folder}/orders/round-01/Cora\\nstellwerk: all is well.txt: "
                     "names no player (players: Anna, Bert)"]
