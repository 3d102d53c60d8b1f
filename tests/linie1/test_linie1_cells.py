"""The Linie 1 board in text draws every tile and turn as its own picture: on the page
three characters a square, in `show board` three rows of three with each track drawn
from edge to edge, so that the tracks of neighbouring squares join at their border."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.games.linie1.cells import cell_block, cell_line, tracks_of
from stellwerk.games.linie1.render import board_block_lines, board_lines, render_details
from stellwerk.games.linie1.tables import EMPTY, SIZE, SQUARES
from tests.typed_play import play_typed

from .helpers import TABLES, new_state

PIDS = range(len(TABLES.ends))


def test_every_tile_and_turn_has_its_own_line_and_block() -> None:
    by_tracks = {tracks_of(TABLES.exits[pid]): pid for pid in PIDS}
    lines = {cell_line(tracks) for tracks in by_tracks}
    blocks = {tuple(cell_block(tracks)) for tracks in by_tracks}
    assert len(by_tracks) == 34          # the kinds' turns that differ on the board
    assert len(lines) == len(blocks) == len(by_tracks)
    for p in PIDS:                       # one picture: the very same tracks
        for q in PIDS:
            same = tracks_of(TABLES.exits[p]) == tracks_of(TABLES.exits[q])
            assert (cell_line(tracks_of(TABLES.exits[p]))
                    == cell_line(tracks_of(TABLES.exits[q]))) == same
    assert all(len(line) == 3 for line in lines)
    assert all(len(row) == 3 for block in blocks for row in block)


def test_the_crossing_and_the_straights_with_curves_read_differently() -> None:
    def line(tile: str, rotation: int) -> str:
        return cell_line(tracks_of(TABLES.exits[TABLES.pid(tile, rotation)]))
    assert line("crossing", 0) == "─┼─"
    assert line("straight-two-curves", 0) == "┴─┴"
    assert line("straight-opposite-curves", 90) == "┴─┬"
    assert line("straight-curve-left", 0) != line("straight-curve-right", 180)
    assert len({line("straight-end-curves", r) for r in (0, 90, 180, 270)}) == 4


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(list(PIDS)), min_size=SQUARES, max_size=SQUARES))
def test_block_board_has_an_arm_at_each_edge_a_track_ends(board: list[int]) -> None:
    board = [EMPTY if TABLES.building_at[s] >= 0 else pid for s, pid in enumerate(board)]
    rows = board_block_lines(TABLES, board, {})[2:-1]
    up, down = "│┤├┼┴╯╰╵", "│┤├┼┬╮╭╷"
    left, right = "─┬┴┼┤╯╮╴", "─┬┴┼├╰╭╶"
    for square in range(SQUARES):
        r, c = divmod(square, SIZE)
        x = 4 + 3 * c
        block = [rows[3 * r + i][x:x + 3] for i in range(3)]
        ends = TABLES.ends[board[square]] if board[square] != EMPTY else 0
        assert (block[0][1] in up) == bool(ends & 1)
        assert (block[1][2] in right) == bool(ends & 2)
        assert (block[2][1] in down) == bool(ends & 4)
        assert (block[1][0] in left) == bool(ends & 8)


def test_page_board_keeps_its_width() -> None:
    board = [EMPTY] * SQUARES
    board[0] = TABLES.pid("four-curves", 0)
    rows = board_lines(TABLES, board, {})
    assert max(len(row) for row in rows) <= 41
    assert rows[2][4:7] == "┤ ├"


ROUND_1 = ("C7 curve 180; D8 straight 90; E11 curve 0; K8 straight-curve-right 180; "
           "L7 straight-curve-right 270")
ROUND_2 = ("A7 straight 90; B7 straight-curve-right 90; C8 curve 0; "
           "E8 straight-curve-right 90; E9 crossing 0")


@pytest.mark.parametrize(("lang", "word"), [("en", "show board"), ("de", "zeige brett")])
def test_hint_orders_at_seed_5_show_e8_and_e9_apart(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: object, lang: str, word: str) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    out = play_typed(monkeypatch, capsys, ["play", "linie1", "--seed", "5", "--lang", lang],
                     [ROUND_1, "", ROUND_2, "", word, "quit", "n"]).out
    shown = out.rindex("A  B  C")                  # `show board`, after the last page
    page = out[:shown].splitlines()
    row8 = next(line for line in reversed(page) if line.startswith(" 8 "))
    row9 = next(line for line in reversed(page) if line.startswith(" 9 "))
    assert row8[4 + 3 * 4:4 + 3 * 5] == "┬──"       # E8: a straight with a curve south
    assert row9[4 + 3 * 4:4 + 3 * 5] == "─┼─"       # E9: the crossing
    board = out[shown:].splitlines()
    e8 = [line[4 + 3 * 4:4 + 3 * 5] for line in board[2 + 3 * 7:2 + 3 * 8]]
    e9 = [line[4 + 3 * 4:4 + 3 * 5] for line in board[2 + 3 * 8:2 + 3 * 9]]
    assert e8 == ["   ", "┬──", "╰╮ "] and e9 == [" │ ", "─┼─", " │ "]


@pytest.mark.parametrize(("lang", "crossing"), [("en", "crossing"), ("de", "kreuzung")])
def test_the_legend_draws_each_tile_unturned(lang: str, crossing: str) -> None:
    view = new_state().view(0)
    legend = str(render_details(view, lang, "legend", TABLES)).splitlines()
    pictures = {line[2:5]: line[7:] for line in legend if line.startswith("  ")
                and not line.startswith("  [") and len(line) > 7}
    assert len(pictures) == len(TABLES.tile_ids)
    assert pictures["─┼─"] == crossing
