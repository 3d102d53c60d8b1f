"""The Linie 1 board as an SVG picture: buildings, tiles with their tracks (straights
and quarter-circle curves), tree tiles shaded, stop signs and the terminal arches;
`view_svg` adds the round number, frames the tiles laid in the round just resolved and
draws a legend under the board."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping
from html import escape
from typing import Any

from stellwerk.core.drawing import SVG_NS, sub, to_text, xml_safe
from stellwerk.games.linie1.placement import is_legal
from stellwerk.games.linie1.tables import SIZE, Tables, square_index
from stellwerk.games.linie1.terms import CATALOG, tile_name
from stellwerk.games.linie1.tiles import ROTATIONS
from stellwerk.games.linie1.views import view_board

CELL = 40
MARGIN = 30
# midpoint of each edge of a cell, relative to its corner
MID = {0: (CELL / 2, 0.0), 1: (float(CELL), CELL / 2), 2: (CELL / 2, float(CELL)),
       3: (0.0, CELL / 2)}


def _track(x: float, y: float, a: int, b: int) -> str:
    (ax, ay), (bx, by) = MID[a], MID[b]
    if (a + 2) % 4 == b:
        return f'<line x1="{x + ax}" y1="{y + ay}" x2="{x + bx}" y2="{y + by}"/>'
    r = CELL / 2
    return (f'<path d="M {x + ax} {y + ay} A {r} {r} 0 0 {0 if (b - a) % 4 == 1 else 1} '
            f'{x + bx} {y + by}" fill="none"/>')


TREE_SHADE, PLAIN_SHADE, NEW_FRAME = "#e6f2e6", "#f7f4ea", "#e69500"
LEGEND_HEIGHT = 96


def board_svg(tables: Tables, board: list[int], stops: Mapping[str, str],
              title: str = "Linie 1", new: Collection[int] = (), heading: str | None = None,
              legend: list[str] | None = None) -> str:
    """`new`: squares framed as laid this round; `heading`: text above the board;
    `legend`: lines under it (the picture grows to hold them)."""
    width = SIZE * CELL + 2 * MARGIN
    height = width + (LEGEND_HEIGHT if legend else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
           f"<title>{escape(title)}</title>",
           f'<rect width="{width}" height="{height}" fill="white"/>']
    for c in range(SIZE):
        out.append(f'<text x="{MARGIN + c * CELL + CELL / 2}" y="12" font-size="10" '
                   f'text-anchor="middle">{chr(65 + c)}</text>')
    for r in range(SIZE):
        out.append(f'<text x="6" y="{MARGIN + r * CELL + CELL / 2 + 4}" font-size="10">'
                   f"{r + 1}</text>")
    for square, placed in enumerate(board):
        r, c = divmod(square, SIZE)
        x, y = MARGIN + c * CELL, MARGIN + r * CELL
        building = tables.building_at[square]
        if building >= 0:
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#bbb" '
                       f'stroke="#666"><title>{escape(tables.building_names[building])}'
                       "</title></rect>")
            out.append(f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 6}" font-size="18" '
                       f'text-anchor="middle">{tables.building_letters[building]}</text>')
            continue
        shade = (TREE_SHADE if placed >= 0 and not tables.exchangeable[placed // 4]
                 else PLAIN_SHADE)
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{shade}" '
                   'stroke="#ccc"/>')
        if square in new:
            out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                       f'fill="none" stroke="{NEW_FRAME}" stroke-width="3"/>')
        if placed < 0:
            continue
        out.append('<g stroke="#333" stroke-width="4">')
        for a in range(4):
            for b in tables.exits[placed][a]:
                if a < b:
                    out.append(_track(x, y, a, b))
        out.append("</g>")
    for letter, name in sorted(stops.items()):
        stop_square = square_index(name)
        if stop_square is None:
            continue
        r, c = divmod(stop_square, SIZE)
        x, y = MARGIN + c * CELL + 8, MARGIN + r * CELL + 8
        out.append(f'<circle cx="{x}" cy="{y}" r="7" fill="#c00"/>'
                   f'<text x="{x}" y="{y + 4}" font-size="10" fill="white" '
                   f'text-anchor="middle">{escape(letter)}</text>')
    for line, pair in enumerate(tables.terminals):
        for terminal in pair:
            xs = [MARGIN + (s % SIZE) * CELL + CELL / 2 for s in terminal.squares]
            ys = [MARGIN + (s // SIZE) * CELL + CELL / 2 for s in terminal.squares]
            dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[terminal.edge]
            px = [x + dx * (CELL / 2 + 8) for x in xs]
            py = [y + dy * (CELL / 2 + 8) for y in ys]
            out.append(f'<polyline points="{xs[0] + dx * CELL / 2},{ys[0] + dy * CELL / 2} '
                       f'{px[0]},{py[0]} {px[1]},{py[1]} {xs[1] + dx * CELL / 2},'
                       f'{ys[1] + dy * CELL / 2}" fill="none" stroke="#06c" stroke-width="3"/>')
            out.append(f'<text x="{(px[0] + px[1]) / 2 + dx * 8}" '
                       f'y="{(py[0] + py[1]) / 2 + dy * 8 + 4}" font-size="11" fill="#06c" '
                       f'text-anchor="middle">{tables.line_numbers[line]}</text>')
    if heading:
        out.append(f'<text x="{width - 4}" y="12" font-size="11" text-anchor="end" '
                   f'font-weight="bold">{escape(heading)}</text>')
    if legend:
        out += _legend(width, legend)
    out.append("</svg>")
    return xml_safe("\n".join(out)) + "\n"


def _legend(width: int, lines: list[str]) -> list[str]:
    """Swatches for building, tree tile, new tile, stop sign and terminal, then text."""
    top = width + 4
    swatches = [f'<rect x="{MARGIN}" y="{top}" width="14" height="14" fill="#bbb"/>',
                f'<rect x="{MARGIN}" y="{top + 18}" width="14" height="14" fill="{TREE_SHADE}" '
                'stroke="#ccc"/>',
                f'<rect x="{MARGIN}" y="{top + 36}" width="14" height="14" fill="none" '
                f'stroke="{NEW_FRAME}" stroke-width="3"/>',
                f'<circle cx="{MARGIN + 7}" cy="{top + 61}" r="7" fill="#c00"/>',
                f'<text x="{MARGIN + 7}" y="{top + 82}" font-size="11" fill="#06c" '
                'text-anchor="middle">1</text>']
    texts = [f'<text x="{MARGIN + 22}" y="{top + 11 + 18 * i}" font-size="11">'
             f"{escape(line)}</text>" for i, line in enumerate(lines[:5])]
    return swatches + texts


def view_svg(tables: Tables, view: Mapping[str, Any], lang: str = "en") -> str:
    """The public board after the last resolved round: its number on the picture, the
    tiles laid or exchanged in it framed, and the legend."""
    report = view.get("last_report") or {}
    done = report.get("round")
    new = {square_index(e["square"]) for e in report.get("placements", [])
           if e["outcome"] in ("placed", "exchanged")}
    heading = (CATALOG.text("l1.svg.after", lang, round=done) if done
               else CATALOG.text("l1.svg.start", lang))
    legend = [CATALOG.text(k, lang) for k in ("l1.svg.building", "l1.svg.tree", "l1.svg.new",
                                             "l1.svg.stop", "l1.svg.terminal")]
    return board_svg(tables, view_board(tables, view), view["stops"],
                     f"Linie 1 — {heading}", {s for s in new if s is not None}, heading, legend)


# The order's words as the notation writes them (notation.py), for the page's order
# builder: one placement, the join between placements, the empty order.
ORDER_TEMPLATES = {"data_order_placement": "{square} {tile} {rotation}",
                   "data_order_join": "; ", "data_order_empty": "pass"}
HAND_STEP = 70     # room for one drawn hand tile and its count, in viewBox units


def draw_view(tables: Tables, view: Mapping[str, Any], lang: str = "en") -> str:
    """The board as `view` shows it, made for pointing (the web table): a clickable
    square (`data-square`) on every free square, since placements are made by pointing,
    and under the board the seat's own line, stops and hand (from `view["me"]`, absent
    for onlookers); the size comes from the viewBox alone, so the page can scale it.

    For a seat, the picture also carries what its order builder needs: each hand tile
    drawn at every rotation in `<defs>` (`data-drawing="TILE@ROTATION"`, named in
    `lang`), the hand drawn under the board (`data-hand-tile`), on every square the
    hand's tiles and rotations that may lie there on the board as it stands
    (`data-fits="TILE@ROTATION ..."`) and the order's notation as templates
    (`ORDER_TEMPLATES`, on the squares' group)."""
    ET.register_namespace("", SVG_NS)
    board = view_board(tables, view)
    root = ET.fromstring(board_svg(tables, board, view["stops"]))
    for attribute in ("width", "height"):
        root.attrib.pop(attribute, None)
    size = SIZE * CELL + 2 * MARGIN
    me = view.get("me")
    hand = sorted((me or {}).get("hand", {}).items())
    squares = sub(root, "g", class_="squares", **(ORDER_TEMPLATES if me else {}))
    taken = {entry[0] for entry in view["board"]}
    for square in range(SIZE * SIZE):
        if tables.building_at[square] >= 0:
            continue
        row, col = divmod(square, SIZE)
        name = f"{chr(65 + col)}{row + 1}"
        fits = " ".join(f"{tile}@{turn}" for tile, _ in hand for turn in ROTATIONS
                        if is_legal(tables, board, square, tables.pid(tile, turn)))
        sub(squares, "rect", class_="square", data_square=name, x=MARGIN + col * CELL,
            y=MARGIN + row * CELL, width=CELL, height=CELL, fill="#e67e22",
            fill_opacity=0, pointer_events="all", data_taken="1" if name in taken else None,
            data_fits=fits if me else None)
    lines = _own_line(root, me, lang)
    for i, text in enumerate(lines):
        sub(root, "text", text, x=MARGIN, y=size + 6 + 18 * i, font_size=14)
    height: float = size + 18 * len(lines) + 10
    if hand:
        height = _hand(root, tables, hand, lang, height)
    root.set("viewBox", f"0 0 {size} {height}")
    return to_text(root)


def tile_drawing(tables: Tables, tile: str, rotation: int) -> ET.Element:
    """One tile at one rotation as a group the size of a square, its corner at 0,0."""
    pid = tables.pid(tile, rotation)
    tracks = "".join(_track(0, 0, a, b) for a in range(4) for b in tables.exits[pid][a]
                     if a < b)
    shade = TREE_SHADE if not tables.exchangeable[pid // 4] else PLAIN_SHADE
    return ET.fromstring(
        f'<g xmlns="{SVG_NS}"><rect width="{CELL}" height="{CELL}" fill="{shade}" '
        f'stroke="#999"/><g stroke="#333" stroke-width="4">{tracks}</g></g>')


def _hand(root: ET.Element, tables: Tables, hand: list[tuple[str, int]], lang: str,
          top: float) -> float:
    """Every hand tile drawn at each rotation in `<defs>` and once under the board with
    its count; the height the picture needs then."""
    defs = sub(root, "defs")
    row = sub(root, "g", class_="hand")
    per_row = max(1, (SIZE * CELL) // HAND_STEP)
    for i, (tile, count) in enumerate(hand):
        name = tile_name(tile, lang)
        for turn in ROTATIONS:
            drawing = tile_drawing(tables, tile, turn)
            drawing.set("data-drawing", f"{tile}@{turn}")
            drawing.set("data-name", name)
            defs.append(drawing)
        x = MARGIN + (i % per_row) * HAND_STEP
        y = top + (i // per_row) * (CELL + 10)
        tile_group = sub(row, "g", class_="hand-tile", data_hand_tile=tile, data_name=name,
                         data_count=count, transform=f"translate({x} {y})")
        sub(tile_group, "title", f"{name} ×{count}")
        tile_group.append(tile_drawing(tables, tile, 0))
        sub(tile_group, "text", f"×{count}", x=CELL + 4, y=CELL / 2 + 5, font_size=14)
    rows = (len(hand) + per_row - 1) // per_row
    return top + rows * (CELL + 10)


def _own_line(root: ET.Element, me: Mapping[str, Any] | None, lang: str) -> list[str]:
    """The seat's secret line: its terminals framed in red on the board, and the text
    lines (line, stops, the hand's heading) to write under it; the hand's tiles are
    drawn under them (`_hand`)."""
    if not me:
        return []
    ends = " → ".join("-".join(t["squares"]) for t in me["terminals"])
    lines = [f"{CATALOG.text('l1.line', lang)} {me['line']}: {ends}",
             f"{CATALOG.text('l1.stops', lang)}: {', '.join(me['stops'])}",
             f"{CATALOG.text('l1.hand', lang)}:"]
    for terminal in me["terminals"]:
        for square_name in terminal["squares"]:
            col, row = ord(square_name[0]) - 65, int(square_name[1:]) - 1
            sub(root, "rect", x=MARGIN + col * CELL + 2, y=MARGIN + row * CELL + 2,
                width=CELL - 4, height=CELL - 4, fill="none", stroke="#c0392b",
                stroke_width=3)
    return lines
