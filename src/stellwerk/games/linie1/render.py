"""The Linie 1 board as text, line numbers at the terminals: on the page three
characters a square, in `show board` three rows of three (cells.py draws a tile so that
each tile and turn has its own picture).

    · empty   [G] a building   ─┼─ a crossing   ┴─┴ a straight with two curves
A stop is shown by the building's lower-case letter beside the tile; stops are also
listed under the board, since a square can bear two.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from stellwerk.games.linie1.cells import cell_block, cell_line, tracks_of
from stellwerk.games.linie1.game import Linie1
from stellwerk.games.linie1.panel import (
    default_names,
    legend_lines,
    own_lines,
    report_lines,
    seat_lines,
)
from stellwerk.games.linie1.square import square_lines
from stellwerk.games.linie1.tables import SIZE, Tables, square_index
from stellwerk.games.linie1.terms import CATALOG, tile_name
from stellwerk.games.linie1.views import view_board


def board_lines(tables: Tables, board: list[int], stops: Mapping[str, str]) -> list[str]:
    """The board a line a row, three characters a square (cells.cell_line)."""
    stop_at = _stops_by_square(stops)
    edge_label = _edge_labels(tables)
    rows = [_columns(), _labels(edge_label, 0, 0)]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            square = r * SIZE + c
            cells.append(_cell(tables, board[square], square, stop_at.get(square, "")))
        west = edge_label.get((r * SIZE, 3), " ")
        east = edge_label.get((r * SIZE + SIZE - 1, 1), " ")
        rows.append(f"{r + 1:>2} {west}{''.join(cells)}{east}")
    rows.append(_labels(edge_label, SIZE * (SIZE - 1), 2))
    return rows


def board_block_lines(tables: Tables, board: list[int], stops: Mapping[str, str]) -> list[str]:
    """The board with three rows of three characters a square (cells.cell_block): each
    track drawn from edge to edge, so the squares' tracks join across their borders."""
    stop_at = _stops_by_square(stops)
    edge_label = _edge_labels(tables)
    rows = [_columns(), _labels(edge_label, 0, 0)]
    for r in range(SIZE):
        blocks = [_block(tables, board[r * SIZE + c], r * SIZE + c,
                         stop_at.get(r * SIZE + c, "")) for c in range(SIZE)]
        west = edge_label.get((r * SIZE, 3), " ")
        east = edge_label.get((r * SIZE + SIZE - 1, 1), " ")
        for part in range(3):
            drawn = "".join(block[part] for block in blocks)
            if part == 1:
                rows.append(f"{r + 1:>2} {west}{drawn}{east}")
            else:
                rows.append(f"    {drawn}")
    rows.append(_labels(edge_label, SIZE * (SIZE - 1), 2))
    return rows


def _columns() -> str:
    return "    " + "".join(f" {chr(65 + c)} " for c in range(SIZE))


def _labels(edge_label: dict[tuple[int, int], str], first: int, edge: int) -> str:
    """The terminals' line numbers along the top (edge 0) or bottom (edge 2) row."""
    return "    " + "".join(f" {edge_label.get((first + c, edge), ' ')} " for c in range(SIZE))


def _stops_by_square(stops: Mapping[str, str]) -> dict[int, str]:
    stop_at: dict[int, str] = {}
    for letter, name in stops.items():
        square = square_index(name)
        if square is not None:
            stop_at[square] = stop_at.get(square, "") + letter.lower()
    return stop_at


def _edge_labels(tables: Tables) -> dict[tuple[int, int], str]:
    edge_label: dict[tuple[int, int], str] = {}
    for line, pair in enumerate(tables.terminals):
        for terminal in pair:
            for square in terminal.squares:
                edge_label[(square, terminal.edge)] = str(tables.line_numbers[line])
    return edge_label


def _cell(tables: Tables, pid: int, square: int, stop: str) -> str:
    building = tables.building_at[square]
    if building >= 0:
        return f"[{tables.building_letters[building]}]"
    if pid < 0:
        return f"{stop[:1] or ' '}·{stop[1:2] or ' '}"
    return cell_line(tracks_of(tables.exits[pid]), stop)


def _block(tables: Tables, pid: int, square: int, stop: str) -> list[str]:
    building = tables.building_at[square]
    if building >= 0:
        return ["   ", f"[{tables.building_letters[building]}]", "   "]
    if pid < 0:
        return ["   ", f"{stop[:1] or ' '}·{stop[1:2] or ' '}", "   "]
    return cell_block(tracks_of(tables.exits[pid]), stop)


def board_text(tables: Tables, board: list[int], stops: Mapping[str, str],
               lang: str = "en", blocks: bool = False) -> str:
    lines = (board_block_lines if blocks else board_lines)(tables, board, stops)
    if stops:
        lines.append(CATALOG.text("l1.stops_on_board", lang, stops=", ".join(
            f"{k} {v}" for k, v in sorted(stops.items()))))
    return "\n".join(lines)


def render_view(tables: Tables, view: Mapping[str, Any], lang: str = "en") -> Group:
    """Everything at once: round, last report in full, board, legend, seats, own line."""
    names = view.get("names") or default_names(view, lang)
    parts: list[Any] = [Text(_heading(view, lang), style="bold")]
    parts += [Text(line) for line in report_lines(view, names, lang)]
    parts.append(Text(board_text(tables, view_board(tables, view), view["stops"], lang)))
    parts.append(Text("  ".join(legend_lines(lang)[:3]), style="dim"))
    parts += [Text(line) for line in seat_lines(view, names, lang)]
    parts += [Text(line) for line in own_lines(tables, view, lang)]
    if view.get("me"):
        parts.append(Text(CATALOG.text("l1.legend.rotation", lang), style="dim"))
    return Group(*parts)


def _heading(view: Mapping[str, Any], lang: str) -> str:
    return (CATALOG.text("l1.round", lang, round=view["round"]) + f" / {view['round_limit']}   "
            + CATALOG.text("l1.pile", lang, n=view["pile"]))


@functools.cache
def shipped_tables() -> Tables:
    """The tables of the shipped pack, for a caller that names no pack."""
    game = Linie1()
    return game.tables(game.load_pack())


def _tables(tables: Tables | None) -> Tables:
    return tables if tables is not None else shipped_tables()


BOARD_COLUMNS = 42   # the board's 41 columns and the gap beside it


def render_compact(view: Mapping[str, Any], lang: str = "en",
                   tables: Tables | None = None, width: int = 80) -> Table:
    """Board on the left (41 columns), on the right the round, the seat's own results of
    the last round (the others counted), its line, stops, progress and hand, as wide
    as the terminal leaves (38 columns at 80): about 18 lines, so the choices below have
    room."""
    tables = _tables(tables)
    names = view.get("names") or default_names(view, lang)
    side = [_heading(view, lang), *report_lines(view, names, lang, brief=True),
            *own_lines(tables, view, lang, hand_detail=False),
            CATALOG.text("l1.legend.short", lang)]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold", max_width=max(width - BOARD_COLUMNS, 38))
    grid.add_row(Text("\n".join(board_lines(tables, view_board(tables, view), view["stops"]))),
                 Text("\n".join(side)))
    return grid


DETAIL_TOPICS = ("report", "board", "seats", "line", "legend")


def render_details(view: Mapping[str, Any], lang: str = "en", topic: str = "report",
                   tables: Tables | None = None) -> Text:
    """One topic in full: the whole last report, the board with its stops, every seat,
    the own line and hand with each tile's tracks, or the legend with the buildings."""
    tables = _tables(tables)
    names = view.get("names") or default_names(view, lang)
    if topic not in DETAIL_TOPICS and square_index(topic) is not None:   # `show E9`
        lines = square_lines(tables, view, topic, lang)
    elif topic == "board":
        lines = [board_text(tables, view_board(tables, view), view["stops"], lang, blocks=True)]
    elif topic == "seats":
        lines = seat_lines(view, names, lang)
    elif topic == "line":
        lines = own_lines(tables, view, lang)
    elif topic == "legend":
        lines = legend_lines(lang) + [CATALOG.text("l1.legend.show_board", lang),
                                      CATALOG.text("l1.legend.kinds", lang)] + [
            f"  {cell_line(tracks_of(tables.exits[tables.pid(tile, 0)]))}  "
            f"{tile_name(tile, lang)}" for tile in tables.tile_ids] + [
            CATALOG.text("l1.legend.buildings", lang)] + [
            f"  [{letter}] {name}" for letter, name in
            zip(tables.building_letters, tables.building_names, strict=True)]
    else:
        lines = report_lines(view, names, lang) or [CATALOG.text("l1.report.no_round", lang)]
    return Text("\n".join(lines))
