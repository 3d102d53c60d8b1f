"""Railways as an SVG picture, drawn from the player's view (`views.seat_view`).

The 2 x 2 plan of network cards (docs/games/railways.md#rw-setup: Components and setup) as a 6 x 8
grid: regions coloured by type with their passenger dice and passengers, rail spaces with their
track (heavy when the connection is opened, doubled when upgraded), incomplete spaces marked; beside
it the hand of action cards and the tracks of capital, profit, pollution and rail workers. Regions
and rails carry `data-pick` with the action notations they stand for (a web table matches them
against the legal actions) and `data-part` with the parts of `pointing.py` they stand for (a space
of a region, a die placed on it, a connection). The small pictures at the end are the options
`pointing.py` draws beside the board: a die, a region type, a route, a payment.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from stellwerk.core.drawing import Drawing, sub, svg_root, to_text, xml_safe
from stellwerk.games.railways.board import COLUMNS, OPENINGS, ROWS, cell_index
from stellwerk.games.railways.terms import CATALOG

CELL = 56
MARGIN = 24
PANEL = 330
REGION_COLOURS = {"R": "#f9e79f", "L": "#abebc6", "C": "#aed6f1", "I": "#d7bde2"}
SHORT = {"track": "T", "double": "TT", "ticket": "Tk", "passenger": "P", "worker": "W",
         "upgrade": "Up", "clean": "Cl", "build": "B", "capital": "$",
         "target-R": "R", "target-L": "L", "target-C": "C", "target-I": "I"}


def _xy(name: str) -> tuple[float, float]:
    cell = cell_index(name)
    assert cell is not None
    return MARGIN + (cell % COLUMNS) * CELL, MARGIN + (cell // COLUMNS) * CELL


def _rail(parent: ET.Element, x: float, y: float, glyph: str, opened: bool,
          upgraded: bool) -> None:
    mid = CELL / 2
    ends = [(x + mid + dx * mid, y + mid + dy * mid) for dx, dy in OPENINGS[glyph]]
    (ax, ay), (bx, by) = ends
    colour = "#222" if opened else "#aaa"
    width = 7 if upgraded else (4 if opened else 2)
    sub(parent, "path", d=f"M {ax} {ay} Q {x + mid} {y + mid} {bx} {by}", fill="none",
        stroke=colour, stroke_width=width, stroke_dasharray=None if opened else "5 3")
    if upgraded:
        sub(parent, "path", d=f"M {ax} {ay} Q {x + mid} {y + mid} {bx} {by}", fill="none",
            stroke="white", stroke_width=2)


def _die(parent: ET.Element, x: float, y: float, value: int) -> None:
    sub(parent, "rect", x=x, y=y, width=18, height=18, rx=3, fill="white", stroke="#333")
    sub(parent, "text", str(value), x=x + 9, y=y + 13, font_size=12, text_anchor="middle",
        font_weight="bold")


def _plan(svg: ET.Element, view: Mapping[str, Any], lang: str) -> None:
    kinds = view["kinds"]
    rail_of = {rail: (name, conn) for name, conn in view["connections"].items()
               for rail in conn["rails"]}
    region_of = {cell: (name, region) for name, region in view["regions"].items()
                 for cell in region["cells"]}
    incomplete = set(view["incomplete"])
    for index, kind in enumerate(kinds):
        name = "ABCDEF"[index % COLUMNS] + str(index // COLUMNS + 1)
        x, y = _xy(name)
        group = sub(svg, "g", data_cell=name)
        if name in region_of:
            region_name, region = region_of[name]
            pick = f"build {name}|add {name}|transport {name}"
            group.set("class", "pick")
            group.set("data-pick", pick)
            group.set("data-part", f"at:{name}|die:{name}=1|die:{name}=2")
            sub(group, "title", f"{name}: {CATALOG.text(region['type'], lang)}")
            sub(group, "rect", x=x, y=y, width=CELL, height=CELL,
                fill=REGION_COLOURS.get(region["type"], "#eee"), stroke="#888")
            sub(group, "text", region["type"], x=x + 5, y=y + 16, font_size=14,
                font_weight="bold")
            if name in view["built"]:
                sub(group, "path", d=f"M {x + 34} {y + 20} l 8 -8 l 8 8 v 8 h -16 z",
                    fill="#922", stroke="#400")
            if name == region_name and region["passengers"]:
                sub(group, "text", "●" * region["passengers"], x=x + 4, y=y + CELL - 6,
                    font_size=11, fill="#333")
        elif name in rail_of:
            conn_name, conn = rail_of[name]
            group.set("class", "pick")
            group.set("data-pick", f"open {conn_name}|upgrade {conn_name}")
            group.set("data-part", f"conn:{conn_name}|at:{name}")
            status = "upgraded" if conn["upgraded"] else (
                "opened" if conn["opened"] else "closed")
            sub(group, "title", f"{conn_name}: {CATALOG.text('rw.status.' + status, lang)}")
            sub(group, "rect", x=x, y=y, width=CELL, height=CELL, fill="#f4f1e8",
                stroke="#ddd")
            _rail(group, x, y, kind, conn["opened"], conn["upgraded"])
        else:   # a space a region may be built on
            group.set("data-part", f"at:{name}")
            sub(group, "rect", x=x, y=y, width=CELL, height=CELL,
                fill="#fde2e2" if name in incomplete else "#eef3e6", stroke="#ddd")
            if kind in OPENINGS:
                _rail(group, x, y, kind, False, False)
        if name in view["dice"]:
            _die(group, x + CELL - 22, y + CELL - 22, view["dice"][name])
    # the four network cards
    for col in range(2):
        for row in range(2):
            sub(svg, "rect", x=MARGIN + col * 3 * CELL, y=MARGIN + row * 4 * CELL,
                width=3 * CELL, height=4 * CELL, fill="none", stroke="#555", stroke_width=2)
    for c in range(COLUMNS):
        sub(svg, "text", "ABCDEF"[c], x=MARGIN + c * CELL + CELL / 2, y=MARGIN - 6,
            font_size=11, text_anchor="middle")
    for r in range(ROWS):
        sub(svg, "text", str(r + 1), x=MARGIN - 12, y=MARGIN + r * CELL + CELL / 2 + 4,
            font_size=11)


def _bar(svg: ET.Element, x: float, y: float, label: str, value: int, limit: int,
         colour: str) -> None:
    sub(svg, "text", f"{label}: {value} / {limit}", x=x, y=y, font_size=12)
    sub(svg, "rect", x=x, y=y + 4, width=PANEL - 30, height=8, fill="#eee", rx=3)
    share = max(0.0, min(1.0, value / limit)) if limit else 0.0
    sub(svg, "rect", x=x, y=y + 4, width=round((PANEL - 30) * share, 1), height=8,
        fill=colour, rx=3)


def _panel(svg: ET.Element, view: Mapping[str, Any], lang: str, left: float) -> float:
    y = MARGIN + 4
    year = 1800 + 10 * view["round"]  # as the terminal table (render.py) counts them
    sub(svg, "text", CATALOG.text("rw.round", lang, round=view["round"],
                                  rounds=view["rounds"], year=year),
        x=left, y=y, font_size=14, font_weight="bold")
    y += 22
    limits = view["limits"]
    for key, colour in (("capital", "#2e86c1"), ("profit", "#28b463"),
                        ("pollution", "#884ea0"), ("workers", "#ca6f1e")):
        _bar(svg, left, y, CATALOG.text(f"rw.track.{key}", lang), view[key], limits[key],
             colour)
        y += 30
    sub(svg, "text", f"{CATALOG.text('rw.track.markers', lang)}: {view['markers_left']} · "
        f"{CATALOG.text('rw.track.score', lang)}: {view['score']}", x=left, y=y, font_size=12)
    y += 24
    sub(svg, "text", CATALOG.text("rw.hand", lang), x=left, y=y, font_size=13,
        font_weight="bold")
    y += 8
    for card in view["hand"]:
        sub(svg, "rect", x=left, y=y, width=PANEL - 30, height=26 * len(card["fields"]) + 18,
            rx=5, fill="#fbf8ef", stroke="#888")
        sub(svg, "text", f"{CATALOG.text('rw.card', lang)} {card['card']}", x=left + 6,
            y=y + 13, font_size=11, fill="#444")
        for f, field in enumerate(card["fields"]):
            fy = y + 18 + f * 26
            sub(svg, "text", f"{card['card']}.{f + 1}", x=left + 6, y=fy + 16, font_size=10,
                fill="#666")
            for s, symbol in enumerate(field):
                sx = left + 40 + s * 120
                box = sub(svg, "g", class_="symbol", data_symbol=f"{card['card']}.{f + 1}"
                          f"{'ab'[s] if s < 2 else s}")
                sub(box, "rect", x=sx, y=fy + 2, width=114, height=20, rx=3, fill="white",
                    stroke="#aaa")
                sub(box, "text", CATALOG.text(symbol, lang), x=sx + 5, y=fy + 16,
                    font_size=11)
        y += 26 * len(card["fields"]) + 26
    return y


def draw_view(view: Mapping[str, Any], names: Any = None, lang: str = "en") -> str:
    """The plan and the player's panel as SVG text (`names` is unused: one player)."""
    plan_w = COLUMNS * CELL + 2 * MARGIN
    width = plan_w + PANEL
    svg = svg_root(width, 0, "Railways")
    _plan(svg, view, lang)
    bottom = _panel(svg, view, lang, plan_w)
    height = max(ROWS * CELL + 2 * MARGIN, bottom + MARGIN)
    svg.set("viewBox", f"0 0 {width} {round(height)}")
    return to_text(svg)


def drawing(view: Mapping[str, Any], lang: str = "en") -> Drawing:
    """For a notebook (`_repr_svg_`) or a file (`.save(path)`)."""
    return Drawing(draw_view(view, lang=lang))


def die_picture(value: int, title: str) -> str:
    """A die showing `value`, as a drawn option."""
    svg = svg_root(22, 22, title)
    _die(svg, 2, 2, value)
    return to_text(svg)


def region_picture(kind: str, lang: str) -> str:
    """A region type's coloured space, as a drawn option."""
    svg = svg_root(30, 30, CATALOG.text(kind, lang))
    sub(svg, "rect", x=1, y=1, width=28, height=28, rx=3,
        fill=REGION_COLOURS.get(kind, "#eee"), stroke="#888")
    sub(svg, "text", kind, x=15, y=20, font_size=14, font_weight="bold", text_anchor="middle")
    return to_text(svg)


MINI = 9


def route_picture(view: Mapping[str, Any], start: str, route: str, title: str) -> str:
    """The plan in small with the route's rail spaces dark and the start space marked,
    as a drawn option."""
    svg = svg_root(COLUMNS * MINI, ROWS * MINI, title)
    rails = {cell for name in route.split("+") if name in view["connections"]
             for cell in view["connections"][name]["rails"]}
    regions = {cell: region["type"] for region in view["regions"].values()
               for cell in region["cells"]}
    for index in range(COLUMNS * ROWS):
        name = "ABCDEF"[index % COLUMNS] + str(index // COLUMNS + 1)
        fill = "#222" if name in rails else REGION_COLOURS.get(regions.get(name, ""), "#f4f1e8")
        sub(svg, "rect", x=(index % COLUMNS) * MINI, y=(index // COLUMNS) * MINI, width=MINI,
            height=MINI, fill=fill, stroke="#e67e22" if name == start else "#ddd",
            stroke_width=2 if name == start else 0.5)
    return to_text(svg)


def payment_picture(view: Mapping[str, Any], uses: set[tuple[int, int, int]],
                    lang: str, title: str) -> str:
    """The action fields a payment plays, each as on its card ("3.2") with the symbols
    used filled, as a drawn option. Written as text: a decision may offer a few hundred."""
    fields = {(card["card"], f): field for card in view["hand"]
              for f, field in enumerate(card["fields"])}
    played = sorted({(u[0], u[1]) for u in uses})
    rows = []
    for y, (card, f) in enumerate(played):
        top = y * 14
        rows.append(f'<text x="1" y="{top + 10}" fill="#444">{card}.{f + 1}</text>')
        for k, symbol in enumerate(fields.get((card, f), ())):
            fill, weight = ("#e67e22", "bold") if (card, f, k) in uses else ("white", "normal")
            rows.append(f'<rect x="{22 + k * 72}" y="{top + 1}" width="68" height="12" '
                        f'fill="{fill}" stroke="#aaa"/><text x="{25 + k * 72}" '
                        f'y="{top + 10}" font-weight="{weight}">'
                        f'{escape(CATALOG.text(symbol, lang))}</text>')
    return xml_safe(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 166 '
                    f'{14 * max(1, len(played))}" font-family="sans-serif" font-size="8">'
                    f'<title>{escape(title)}</title>' + "".join(rows) + "</svg>\n")
