"""`show E9` describes one square of the Linie 1 board: the tile with its turn and
every track it joins (a crossing and a straight with two curves read differently on
the board and in words), a building, the stops and terminals there; in English and
German, and a word that is no square is refused with the details."""

from __future__ import annotations

import re

import pytest

from stellwerk.core.companions import terminal
from stellwerk.games.linie1.render import board_lines, view_board
from tests.typed_play import play_typed

from .helpers import GAME, new_state

TERMINAL = terminal(GAME, GAME.load_pack())  # the shipped pack's pages


def detail(view: dict, word: str, lang: str = "en") -> str:
    topic = TERMINAL.detail_for(view, word)
    assert topic is not None
    return str(TERMINAL.render_detail(view, topic, lang))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_crossing_and_a_straight_with_two_curves_are_told_apart(lang: str) -> None:
    state = new_state()
    view = state.view(0)
    tables = TERMINAL.tables
    view["board"] = [["E8", "crossing", 0], ["E9", "straight-opposite-curves", 90]]
    rows = board_lines(tables, view_board(tables, view), {})
    assert rows[2 + 7][4 + 4 * 3:4 + 5 * 3] == "─┼─"
    assert rows[2 + 8][4 + 4 * 3:4 + 5 * 3] == "┴─┬"
    e8, e9 = detail(view, "E8", lang), detail(view, "e9", lang)
    north, south = ("north", "south") if lang == "en" else ("Nord", "Süd")
    assert f"{north}–{south}" in e8
    assert e8.count("–") == 2 and e9.count("–") == 3     # two tracks; three
    assert ("crossing" if lang == "en" else "kreuzung") in e8
    assert e8 != e9


def test_empty_squares_buildings_and_terminals() -> None:
    state = new_state()
    view = state.view(0)
    tables = TERMINAL.tables
    building = next(s for s in range(144) if tables.building_at[s] >= 0)
    name = f"{chr(65 + building % 12)}{building // 12 + 1}"
    assert "building [" in detail(view, name)
    terminal = tables.terminals[0][0].squares[0]
    name = f"{chr(65 + terminal % 12)}{terminal // 12 + 1}"
    assert re.search(r"a terminal of line \d+", detail(view, name))
    assert TERMINAL.detail_for(view, "Z99") is None and TERMINAL.detail_for(view, "board") is None


def test_show_a_square_at_the_terminal(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = play_typed(monkeypatch, capsys, ["play", "linie1", "--seed", "5"],
                     ["show E9", "zeige E8", "show Z99", "quit"]).out
    assert "E9: empty" in out and "E8: empty" in out
    assert "There is no detail 'Z99'; details: report, board, seats, line, legend." in out
