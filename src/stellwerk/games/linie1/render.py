"""The Linie 1 board as text: three characters a square, line numbers at the terminals.

    · empty   [G] a building   ─┼─ a tile (its track ends drawn as box lines)
A stop is shown by the building's lower-case letter beside the tile; stops are also
listed under the board, since a square can bear two.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from stellwerk.games.linie1.tables import SIZE, Tables, square_index
from stellwerk.games.linie1.terms import CATALOG

# box drawing by end mask (N=1, E=2, S=4, W=8)
BOX = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"


def board_lines(tables: Tables, board: list[int], stops: Mapping[str, str]) -> list[str]:
    stop_at: dict[int, str] = {}
    for letter, name in stops.items():
        square = square_index(name)
        if square is not None:
            stop_at[square] = stop_at.get(square, "") + letter.lower()
    edge_label: dict[tuple[int, int], str] = {}
    for line, pair in enumerate(tables.terminals):
        for terminal in pair:
            for square in terminal.squares:
                edge_label[(square, terminal.edge)] = str(tables.line_numbers[line])
    header = "    " + "".join(f" {chr(65 + c)} " for c in range(SIZE))
    top = "    " + "".join(f" {edge_label.get((c, 0), ' ')} " for c in range(SIZE))
    rows = [header, top]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            square = r * SIZE + c
            cells.append(_cell(tables, board[square], square, stop_at.get(square, "")))
        west = edge_label.get((r * SIZE, 3), " ")
        east = edge_label.get((r * SIZE + SIZE - 1, 1), " ")
        rows.append(f"{r + 1:>2} {west}{''.join(cells)}{east}")
    bottom = SIZE * (SIZE - 1)
    rows.append("    " + "".join(f" {edge_label.get((bottom + c, 2), ' ')} "
                                 for c in range(SIZE)))
    return rows


def _cell(tables: Tables, pid: int, square: int, stop: str) -> str:
    building = tables.building_at[square]
    if building >= 0:
        return f"[{tables.building_letters[building]}]"
    if pid < 0:
        return f"{stop[:1] or ' '}·{stop[1:2] or ' '}"
    ends = tables.ends[pid]
    left = "─" if ends & 8 else " "
    right = "─" if ends & 2 else " "
    if stop:
        if left == " ":
            left, stop = stop[0], stop[1:]
        if stop and right == " ":
            right = stop[0]
    return left + BOX[ends] + right


def board_text(tables: Tables, board: list[int], stops: Mapping[str, str]) -> str:
    lines = board_lines(tables, board, stops)
    if stops:
        lines.append("stops: " + ", ".join(f"{k} {v}" for k, v in sorted(stops.items())))
    return "\n".join(lines)


def view_board(tables: Tables, view: Mapping[str, Any]) -> list[int]:
    """The board list of a view (its `board` entries turned back into tile ids)."""
    board = [-1] * (SIZE * SIZE)
    for name, tile, rotation in view["board"]:
        square = square_index(name)
        if square is not None and tile in tables.tile_index:
            board[square] = tables.pid(tile, rotation)
    return board


def render_view(tables: Tables, view: Mapping[str, Any], lang: str = "en") -> Text:
    names = view.get("names") or [f"Seat {i + 1}" for i in range(view["players"])]
    out = [CATALOG.text("l1.round", lang, round=view["round"])
           + f" / {view['round_limit']}   " + CATALOG.text("l1.pile", lang, n=view["pile"])]
    report = view.get("last_report")
    if report:
        out.append(f"Round {report['round']}: " + "; ".join(
            f"{names[p['seat']]} {p['square']} {p['tile']} {p['rotation']} {p['outcome']}"
            + (f" ({CATALOG.text(p['reason_key'], lang, **p['params'])})"
               if p["reason_key"] else "")
            for p in report["placements"]) if report["placements"] else
            f"Round {report['round']}: nothing was laid")
        for done in report["completed"]:
            out.append(f"  {names[done['seat']]} completed their line (score {done['score']:g})")
    out.append(board_text(tables, view_board(tables, view), view["stops"]))
    for row in view["seats"]:
        status = (f"finished in round {row['finished_round']}, length {row['length']}, "
                  f"score {row['score']:g}" if row["finished_round"] else "")
        out.append(f"  {names[row['seat']]}: {row['hand_size']} tiles in hand  {status}")
    me = view.get("me")
    if me:
        terminals = " to ".join(f"{t['edge']} of {'/'.join(t['squares'])}"
                                for t in me["terminals"])
        out.append(f"{CATALOG.text('l1.line', lang)}: {me['line']} ({terminals}); "
                   f"{CATALOG.text('l1.stops', lang)}: {' '.join(me['stops'])}")
        out.append(f"{CATALOG.text('l1.hand', lang)}: "
                   + ", ".join(f"{c} x {t} ({tables.tracks_text(t)})"
                               for t, c in me["hand"].items() if t in tables.tile_index))
        out.append("  rotation: degrees clockwise, e.g. a curve N-E turned 90 runs E-S")
    return Text("\n".join(out))
