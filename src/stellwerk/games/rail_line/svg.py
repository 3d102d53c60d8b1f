"""Rail Line as an SVG picture, drawn from a seat's view (`views.seat_view`).

The line of railway cards in its three rows (docs/games/rail-line.md#rl-rules: 24 cards in three
rows of eight, the Starting Station and two curves), each card with one station per track, the fast
locomotives at the head and each player's slow locomotive on its track; then the offer and (for a
seat) the hand; then each player's record sheet with its marked boxes and coins. Clickable parts
carry `data-pick`: the action notations they stand for (a web table matches them against the legal
actions; the picture itself decides nothing), and `data-part`: the parts of `pointing.py` they stand
for (a card, a station ahead).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.drawing import Drawing, seat_colour, sub, svg_root, to_text
from stellwerk.games.rail_line.constants import MAX_SLOW_STATIONS
from stellwerk.games.rail_line.terms import CATALOG

CARD_W, CARD_H = 92, 84
ROW_H = 22
GAP = 8
COLUMNS = 10            # the Starting Station or a curve + 8 cards (+ the row's curve)
POSITIONS = 27          # 24 cards, the Starting Station, two curves
MARGIN = 12
SYMBOL_COLOURS = {
    "passengers": "#f4d03f", "mail": "#f5b7b1", "coal": "#7f8c8d", "iron": "#a04000",
    "steel": "#5d6d7e", "factory": "#af7ac5", "forest": "#27ae60", "sawmill": "#a9dfbf",
    "beet": "#f0b27a", "sugar": "#fdebd0", "glass": "#85c1e9", "free": "#ffffff",
}
SHORT = {"en": {"passengers": "Pas", "mail": "Mail", "coal": "Coal", "iron": "Ore",
                "steel": "Steel", "factory": "Fac", "forest": "For", "sawmill": "Saw",
                "beet": "Beet", "sugar": "Sug", "glass": "Gls", "free": "free"},
         "de": {"passengers": "Reis", "mail": "Post", "coal": "Kohle", "iron": "Erz",
                "steel": "Stahl", "factory": "Fabr", "forest": "Holz", "sawmill": "Säge",
                "beet": "Rübe", "sugar": "Zuck", "glass": "Glas", "free": "frei"}}


def grid_place(position: int) -> tuple[int, int]:
    """Row and column of a line position: row 0 holds 0-9 (start, cards, first curve),
    row 1 holds 10-18, row 2 holds 19-26 (columns 1-9 / 1-8)."""
    row = max(0, (position - 1) // 9)
    return row, position - 9 * row


def slow_targets(view: Mapping[str, Any], seat: int) -> dict[int, int]:
    """Line position -> steps, for the stations a seat's slow locomotive may go to
    (docs/games/rail-line.md#rl-turn: up to five stations on, never past the head of the line)."""
    me = view["seats"][seat]
    if me["track"] is None:
        return {}
    track = me["track"] - 1
    out: dict[int, int] = {}
    for position in range(me["slow"] + 1, view["head"] + 1):
        if len(out) == MAX_SLOW_STATIONS:
            break
        if view["line"][position]["stations"][track] is not None:
            out[position] = len(out) + 1
    return out


def _station(parent: ET.Element, x: float, y: float, w: float, names: Sequence[str] | None,
             lang: str) -> None:
    if names is None:
        sub(parent, "rect", x=x, y=y, width=w, height=ROW_H - 4, fill="#eee", rx=3)
        return
    part = w / max(1, len(names))
    for i, name in enumerate(names):
        box = sub(parent, "g")
        sub(box, "title", CATALOG.text(name, lang))
        sub(box, "rect", x=round(x + i * part, 1), y=y, width=round(part - 1, 1),
            height=ROW_H - 4, fill=SYMBOL_COLOURS.get(name, "#ddd"), stroke="#555",
            stroke_width=0.5, rx=3)
        sub(box, "text", SHORT[lang].get(name, name), x=round(x + i * part + part / 2, 1),
            y=y + 13, font_size=10, text_anchor="middle")


def _card(parent: ET.Element, x: float, y: float, label: str,
          stations: Sequence[Sequence[str] | None], lang: str,
          pick: str | None = None, highlight: bool = False) -> ET.Element:
    group = sub(parent, "g", class_="card" + (" pick" if pick else ""), data_pick=pick,
                data_card=label, data_part=f"card:{label}" if pick else None)
    sub(group, "rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill="#fbf8ef",
        stroke="#e67e22" if highlight else "#888", stroke_width=3 if highlight else 1)
    sub(group, "text", _shown_label(label, lang), x=x + 4, y=y + 12, font_size=10,
        fill="#444")
    for track, names in enumerate(stations):
        _station(group, x + 4, y + 16 + track * ROW_H, CARD_W - 8, names, lang)
    return group


def _shown_label(label: str, lang: str) -> str:
    """A card's label as drawn: the line's curves ("curve-1", the view's id for them) in
    the page's words; a card's own number as it is."""
    kind, _, number = label.partition("-")
    if kind == "curve" and number.isdigit():
        return CATALOG.text("rl.curve_card", lang, n=number)
    return label


def _loco(parent: ET.Element, x: float, y: float, seat: int, fast: bool, title: str) -> None:
    g = sub(parent, "g")
    sub(g, "title", title)
    sub(g, "circle", cx=x, cy=y, r=6, fill=seat_colour(seat) if fast else "white",
        stroke=seat_colour(seat), stroke_width=3)


def _line(svg: ET.Element, view: Mapping[str, Any], names: Sequence[str], lang: str,
          targets: Mapping[int, int], top: float) -> float:
    sub(svg, "text", CATALOG.text("rl.line", lang), x=MARGIN, y=top + 14, font_size=14,
        font_weight="bold")
    top += 22
    line = view["line"]
    for position in range(POSITIONS):
        row, col = grid_place(position)
        x = MARGIN + col * (CARD_W + GAP)
        y = top + row * (CARD_H + GAP)
        if position >= len(line):
            sub(svg, "rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill="none",
                stroke="#ccc", stroke_dasharray="4 3")
            continue
        cell = line[position]
        steps = targets.get(position)
        pick = None if steps is None else f"slow {steps}|free {steps}"
        group = _card(svg, x, y, str(cell["card"]), cell["stations"], lang,
                      highlight=position == view["head"] and position > 0)
        if pick is not None:
            track = view["seats"][view["seat"]]["track"] - 1
            sub(group, "rect", class_="pick", data_pick=pick, data_part=f"station:{steps}",
                pointer_events="all", x=x + 2,
                y=y + 14 + track * ROW_H, width=CARD_W - 4, height=ROW_H, fill="none",
                stroke="#e67e22", stroke_width=2, stroke_dasharray="3 2", rx=3)
        for seat in view["seats"]:
            if seat["track"] is None:
                continue
            ly = y + 16 + (seat["track"] - 1) * ROW_H + (ROW_H - 4) / 2
            if position == view["head"]:
                _loco(svg, x + CARD_W - 8, ly, seat["seat"], True,
                      f"{names[seat['seat']]}: fast")
            if position == seat["slow"]:
                _loco(svg, x + 8, ly, seat["seat"], False, f"{names[seat['seat']]}: slow")
    return top + 3 * (CARD_H + GAP)


def _cards_row(svg: ET.Element, heading: str, cards: Sequence[Mapping[str, Any]],
               lang: str, top: float, pickable: bool) -> float:
    sub(svg, "text", heading, x=MARGIN, y=top + 14, font_size=14, font_weight="bold")
    for i, card in enumerate(cards):
        label = str(card["card"])
        pick = f"lay {label}|second {label}|discard {label}" if pickable else None
        _card(svg, MARGIN + i * (CARD_W + GAP), top + 22, label, card["stations"], lang,
              pick=pick)
    return top + 22 + CARD_H + GAP


def _sheets(svg: ET.Element, view: Mapping[str, Any], names: Sequence[str], lang: str,
            top: float) -> float:
    rows = view["sheet_rows"]
    box = 22
    width = 110 + box * max(len(v) for v in rows.values())
    for seat in view["seats"]:
        i = seat["seat"]
        x = MARGIN + i * (width + 2 * GAP)
        colour = seat_colour(i)
        track = "" if seat["track"] is None else f" · {CATALOG.text('rl.track', lang)} " \
            f"{seat['track']}"
        sub(svg, "rect", x=x - 4, y=top, width=width, height=30 + box * len(rows) + 24,
            fill="none", stroke=colour, stroke_width=2 if i == view["active"] else 1, rx=6)
        sub(svg, "text", f"{names[i]}{track}", x=x, y=top + 16, font_size=13,
            font_weight="bold", fill=colour)
        for r, (symbol, values) in enumerate(rows.items()):
            y = top + 24 + r * box
            marked = seat["marks"].get(symbol, 0)
            sub(svg, "text", CATALOG.text(symbol, lang), x=x, y=y + 15, font_size=11)
            for b, value in enumerate(values):
                bx = x + 104 + b * box
                sub(svg, "rect", x=bx, y=y + 2, width=box - 3, height=box - 3,
                    fill=colour if b < marked else "white", fill_opacity=0.35 if b < marked
                    else 1, stroke="#666", stroke_width=0.6)
                sub(svg, "text", str(value), x=bx + (box - 3) / 2, y=y + 16, font_size=10,
                    text_anchor="middle", font_weight="bold" if b < marked else None)
        y = top + 24 + len(rows) * box + 16
        sub(svg, "text", f"{CATALOG.text('coins', lang)} {seat['coins']} · "
            f"{CATALOG.text('rl.score_now', lang, n=seat['score_now'])}",
            x=x, y=y, font_size=12)
    return top + 30 + box * len(rows) + 24 + GAP


def draw_view(view: Mapping[str, Any], names: Sequence[str] | None = None,
              lang: str = "en") -> str:
    """The table as `view` shows it (a seat's view or the public view) as SVG text."""
    n = len(view["seats"])
    names = list(names) if names else [CATALOG.text("rl.seat", lang, n=i + 1) for i in range(n)]
    seat = view.get("seat")
    targets = slow_targets(view, seat) if seat is not None else {}
    sheet_w = 110 + 22 * max(len(v) for v in view["sheet_rows"].values()) + 2 * GAP
    width = MARGIN * 2 + max(COLUMNS * (CARD_W + GAP), n * sheet_w)
    svg = svg_root(width, 0, CATALOG.text("rl.title", lang))
    y = _line(svg, view, names, lang, targets, MARGIN)
    deck = CATALOG.text("rl.deck", lang, n=view["deck"])
    y = _cards_row(svg, f"{CATALOG.text('rl.offer', lang)} · {deck}", view["offer"], lang,
                   y, pickable=seat is not None)
    if view.get("hand") is not None:
        y = _cards_row(svg, CATALOG.text("rl.hand", lang), view["hand"], lang, y,
                       pickable=True)
    y = _sheets(svg, view, names, lang, y + GAP)
    svg.set("viewBox", f"0 0 {width} {round(y + MARGIN)}")
    return to_text(svg)


def drawing(view: Mapping[str, Any], names: Sequence[str] | None = None,
            lang: str = "en") -> Drawing:
    """For a notebook (`_repr_svg_`) or a file (`.save(path)`)."""
    return Drawing(draw_view(view, names, lang))


def card_picture(label: str, stations: Sequence[Sequence[str] | None], lang: str,
                 track: int | None = None) -> str:
    """One card alone, as a drawn option (a Starting Station side, a track on it):
    `track` (1-3) is outlined."""
    svg = svg_root(CARD_W + 8, CARD_H + 8, _shown_label(label, lang))
    _card(svg, 4, 4, label, stations, lang)
    if track is not None:
        sub(svg, "rect", x=5, y=4 + 14 + (track - 1) * ROW_H, width=CARD_W - 2, height=ROW_H,
            fill="none", stroke="#e67e22", stroke_width=3, rx=3)
    return to_text(svg)


def symbol_picture(symbol: str, lang: str) -> str:
    """One symbol's box, as on the cards, as a drawn option."""
    svg = svg_root(64, ROW_H, CATALOG.text(symbol, lang))
    _station(svg, 0, 2, 64, [symbol], lang)
    return to_text(svg)
