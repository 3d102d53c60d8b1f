"""The Benelux Rails map as SVG: one drawing for the docs, the terminal's `--svg` and the
web table.

`draw_map(pack_data, overlay)` takes the pack as data (`ContentPack.data`, or what the
generator builds) and an optional `Overlay` of play: each seat's track, the trains, a
highlighted path (a proposed build) and goods dropped in cities. It draws, bottom to top:
neighbouring countries, land, sea and lakes, islands, uplands, borders, rivers, ferry
lines, water crossings, track, mileposts (dots; triangles for mountains), cities (circle
small, square medium, hexagon major) with their names, highlights, trains and the grid's
row letters and column numbers. The picture has a `viewBox` and no fixed size, so it
scales from a phone to a wall; every text goes through ElementTree, which escapes it
(city names come from a pack a user may replace).

What no play changes is drawn apart from the overlay (`map_layers`: three slices of SVG
text the overlay goes between), and kept per pack and language when the caller names
the pack by its SHA-256: the web table draws a board per request, and the map is most
of the drawing.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stellwerk.core.cache import BoundedCache
from stellwerk.core.drawing import xml_safe
from stellwerk.games.benelux_rails import grid
from stellwerk.games.benelux_rails.terms import CATALOG

SCALE = 24.0          # pixels per grid step in the viewBox
MARGIN = 1.2          # grid steps around the map, room for the row and column labels
# Okabe-Ito colours (safe for the common colour-vision deficiencies), seat 0 first, and
# Tol's wine for a sixth; every blue is left out (the rivers, sea and ferries are blue)
# and so is yellow (it vanishes on the land).
SEAT_COLOURS = ("#D55E00", "#000000", "#009E73", "#CC79A7", "#E69F00", "#882255")
COLOURS = {
    "outside": "#e4e1da", "land": "#f6f3e6", "sea": "#a8cde6", "lake": "#bcdcf0",
    "upland": "#d8c39a", "border": "#8c5a8c", "river": "#2f7fc1", "ferry": "#1b3a6b",
    "milepost": "#6b6b6b", "mountain": "#8a5a2b", "city": "#b22222", "text": "#222222",
    "highlight": "#ff7f00",
}


# The cost table printed on the board (docs/games/benelux-rails.md#br-rules, "Kosten"), in both
# languages.
LEGEND = {
    "en": ("Building costs (M EUR)", ("Plain", "Mountain", "Small city (2 players)",
                                      "Medium city (3 players)", "Major city (all)",
                                      "River", "Lake, bay", "Ferry (2 players)")),
    "de": ("Baukosten (Mio. €)", ("Ebene", "Berg", "Kleinstadt (2 Spieler)",
                                  "Mittelstadt (3 Spieler)", "Großstadt (alle)",
                                  "Fluss", "See, Bucht", "Fähre (2 Spieler)")),
}
LEGEND_COSTS = ("1", "2", "3", "3", "5", "+2", "+3", "")


@dataclass(frozen=True)
class Overlay:
    """What play adds to the map; milepost names as the pack writes them."""
    tracks: Sequence[tuple[int, str, str]] = ()     # (seat, milepost, milepost)
    trains: Sequence[tuple[int, str, str]] = ()     # (seat, milepost, label)
    highlight: Sequence[str] = ()                   # mileposts, e.g. a proposed path
    dropped: Sequence[tuple[str, str]] = ()         # (milepost, label of the goods)


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _xy(x: float, y: float) -> tuple[float, float]:
    return round((x + MARGIN) * SCALE, 1), round((y + MARGIN) * SCALE, 1)


def _at(name: str, rows: int, cols: int) -> tuple[float, float] | None:
    cell = grid.parse_milepost(name)
    if cell is None or not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
        return None
    return _xy(*grid.position(*cell))


def _points(points: Sequence[Sequence[float]]) -> str:
    return " ".join("{},{}".format(*_xy(x, y)) for x, y in points)


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    element = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v)
                                          for k, v in attrs.items()})
    if text is not None:
        element.text = text
    return element


def _polygon_path(size: float, corners: int, x: float, y: float, turn: float) -> str:
    return " ".join(f"{round(x + size * math.cos(turn + 2 * math.pi * i / corners), 1)},"
                    f"{round(y + size * math.sin(turn + 2 * math.pi * i / corners), 1)}"
                    for i in range(corners))


def _local(name: str, lang: str) -> str:
    """A name of the map's geography in `lang`: the catalogue's `br.geo.*` entry for a
    name of the shipped pack; any other name as the pack writes it."""
    key = geography_key(name)
    return CATALOG.text(key, lang) if key in CATALOG else name


def geography_key(name: str) -> str:
    """The catalogue key of a name of the map's geography ("North Sea": br.geo.north_sea)."""
    return "br.geo." + "_".join(re.findall(r"[a-z]+", name.lower()))


def _geography(svg: ET.Element, the_map: Mapping[str, Any], lang: str) -> None:
    outlines = list(the_map.get("outlines", []))
    lands = [o for o in outlines if o["kind"] == "land"]
    # the first land outline is the playable area; later ones (islands) lie on the sea
    layers = (lands[:1], [o for o in outlines if o["kind"] in ("sea", "lake")], lands[1:],
              [o for o in outlines if o["kind"] == "upland"],
              [o for o in outlines if o["kind"] == "border"])
    layer = _sub(svg, "g", id="geography", stroke_width=1, stroke_linejoin="round")
    for outline in (each for group in layers for each in group):
        kind, points = outline["kind"], _points(outline["points"])
        if kind == "border":
            shape = _sub(layer, "polyline", points=points, fill="none",
                         stroke=COLOURS["border"], stroke_width=2, stroke_dasharray="6 3")
        elif kind == "upland":
            shape = _sub(layer, "polygon", points=points, fill=COLOURS["upland"],
                         fill_opacity=0.55, stroke="none")
        else:
            shape = _sub(layer, "polygon", points=points, fill=COLOURS[kind],
                         stroke="none" if outline is outlines[0] else "#7a9fb8")
        _sub(shape, "title", _local(str(outline.get("name", kind)), lang))
    rivers = _sub(svg, "g", id="rivers", fill="none", stroke=COLOURS["river"],
                  stroke_width=3, stroke_linejoin="round", stroke_linecap="round")
    for river in the_map.get("rivers", []):
        line = _sub(rivers, "polyline", points=_points(river["points"]))
        _sub(line, "title", _local(str(river["name"]), lang))


def _crossings_and_ferries(svg: ET.Element, the_map: Mapping[str, Any], rows: int,
                           cols: int, lang: str) -> None:
    layer = _sub(svg, "g", id="crossings", stroke_linecap="round")
    for crossing in the_map.get("crossings", []):
        a, b = (_at(name, rows, cols) for name in crossing["edge"])
        if a is None or b is None or crossing["kind"] == "sea":
            continue
        (ax, ay), (bx, by) = a, b
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = (bx - ax) * 0.12, (by - ay) * 0.12
        bridge = _sub(layer, "line", x1=round(mx - dx, 1), y1=round(my - dy, 1),
                      x2=round(mx + dx, 1), y2=round(my + dy, 1),
                      stroke="#14507f" if crossing["kind"] == "lake" else "#5b9bd5",
                      stroke_width=5 if crossing["kind"] == "lake" else 2.5)
        surcharge = "+3" if crossing["kind"] == "lake" else "+2"
        name = _local(str(crossing.get("name", crossing["kind"])), lang)
        _sub(bridge, "title", f"{name} {surcharge}")
    ferries = _sub(svg, "g", id="ferries", stroke=COLOURS["ferry"], stroke_width=3,
                   stroke_dasharray="4 4", fill="none")
    for ferry in the_map.get("ferries", []):
        a, b = _at(ferry["a"], rows, cols), _at(ferry["b"], rows, cols)
        if a is None or b is None:
            continue
        line = _sub(ferries, "line", x1=a[0], y1=a[1], x2=b[0], y2=b[1])
        _sub(line, "title", f"{ferry['name']} ({ferry['cost']})")


def _major_areas(svg: ET.Element, cities: Sequence[Mapping[str, Any]], rows: int,
                 cols: int) -> None:
    """A major city's hexagon (its centre and six mileposts), under everyone's track."""
    layer = _sub(svg, "g", id="major-cities", fill="#f3c4c4", stroke=COLOURS["city"],
                 stroke_width=2)
    for city in cities:
        at = _at(str(city.get("milepost", "")), rows, cols)
        if at is not None and city.get("size") == "major":
            _sub(layer, "polygon", points=_polygon_path(SCALE * 1.3, 6, *at, 0.0))


def _mileposts(svg: ET.Element, terrain: Sequence[str]) -> None:
    layer = _sub(svg, "g", id="mileposts")
    for row, line in enumerate(terrain):
        for col, letter in enumerate(line):
            x, y = _xy(*grid.position(row, col))
            if letter == ".":
                _sub(layer, "circle", cx=x, cy=y, r=2.2, fill=COLOURS["milepost"])
            elif letter == "M":   # a major city's milepost: track may start here
                _sub(layer, "circle", cx=x, cy=y, r=2.6, fill=COLOURS["city"])
            elif letter == "^":
                _sub(layer, "polygon", fill=COLOURS["mountain"],
                     points=f"{x},{round(y - 4.5, 1)} {round(x - 4.5, 1)},{round(y + 3.5, 1)} "
                            f"{round(x + 4.5, 1)},{round(y + 3.5, 1)}")


def _cities(svg: ET.Element, cities: Sequence[Mapping[str, Any]], goods: Mapping[str, str],
            rows: int, cols: int, lang: str) -> list[tuple[str, str, float, float]]:
    """The cities and their names; each name drawn: (city id, name, x, y)."""
    shapes = _sub(svg, "g", id="cities", stroke=COLOURS["city"], stroke_width=2)
    labels = _sub(svg, "g", id="city-names", font_size=14, font_weight="bold",
                  fill=COLOURS["text"], stroke="white", stroke_width=3,
                  paint_order="stroke", text_anchor="middle")
    placed: list[tuple[float, float, float]] = []   # label centre x, y and half width
    drawn: list[tuple[str, str, float, float]] = []
    for city in cities:
        at = _at(str(city.get("milepost", "")), rows, cols)
        if at is None:
            continue
        x, y = at
        name = str(city.get("name_de") or city["name"]) if lang == "de" else str(city["name"])
        size = city.get("size")
        if size == "major":   # its area is drawn under the track (_major_areas)
            shape = _sub(shapes, "polygon", points=_polygon_path(6, 6, x, y, 0.0),
                         fill=COLOURS["city"])
            offset = SCALE * 1.3 + 12
        elif size == "medium":
            shape = _sub(shapes, "rect", x=x - 6, y=y - 6, width=12, height=12, fill="white")
            offset = 18
        else:
            shape = _sub(shapes, "circle", cx=x, cy=y, r=6, fill="white")
            offset = 17
        supplies = ", ".join(goods.get(str(good), str(good)) for good in city.get("supplies", []))
        _sub(shape, "title", f"{name} ({city.get('milepost')}): {supplies}")
        half = len(name) * 4.0
        label_y = y - offset + 6
        if any(abs(x - px) < half + other and abs(label_y - py) < 14
               for px, py, other in placed):
            label_y = y + offset + 4   # below the city, clear of its neighbour's name
        placed.append((x, label_y, half))
        _sub(labels, "text", name, x=x, y=round(label_y, 1))
        drawn.append((str(city["id"]), name, x, round(label_y, 1)))
    return drawn


def _overlay(svg: ET.Element, overlay: Overlay, rows: int, cols: int) -> None:
    tracks = _sub(svg, "g", id="tracks", stroke_width=5, stroke_linecap="round")
    for seat, a, b in overlay.tracks:
        pa, pb = _at(a, rows, cols), _at(b, rows, cols)
        if pa is not None and pb is not None:
            _sub(tracks, "line", x1=pa[0], y1=pa[1], x2=pb[0], y2=pb[1],
                 stroke=seat_colour(seat))


def _overlay_top(svg: ET.Element, overlay: Overlay, rows: int, cols: int) -> None:
    marks = _sub(svg, "g", id="highlight", fill="none", stroke=COLOURS["highlight"],
                 stroke_width=3)
    for name in overlay.highlight:
        at = _at(name, rows, cols)
        if at is not None:
            _sub(marks, "circle", cx=at[0], cy=at[1], r=8)
    dropped = _sub(svg, "g", id="dropped", font_size=10, fill="#5a3d00", stroke="white",
                   stroke_width=2, paint_order="stroke")
    for name, label in overlay.dropped:
        at = _at(name, rows, cols)
        if at is not None:
            _sub(dropped, "text", str(label), x=round(at[0] + 8, 1), y=round(at[1] + 14, 1))
    trains = _sub(svg, "g", id="trains", font_size=10, font_weight="bold",
                  text_anchor="middle")
    sharing = Counter(name for _, name, _ in overlay.trains)
    placed: Counter[str] = Counter()
    for seat, name, label in overlay.trains:
        at = _at(name, rows, cols)
        if at is None:
            continue
        # trains on one milepost stand side by side, centred on it: each stays visible
        x, y = round(at[0] + (placed[name] - (sharing[name] - 1) / 2) * 20, 1), at[1]
        placed[name] += 1
        _sub(trains, "rect", x=round(x - 9, 1), y=round(y - 7, 1), width=18, height=14,
             rx=3, fill=seat_colour(seat), stroke="white", stroke_width=1.5)
        _sub(trains, "text", str(label), x=x, y=round(y + 3.5, 1), fill="white")


def _grid_labels(svg: ET.Element, rows: int, cols: int) -> None:
    labels = _sub(svg, "g", id="grid-labels", font_size=9, fill="#777777",
                  text_anchor="middle")
    for col in range(cols):
        x, _ = _xy(col + 0.25, 0)
        _sub(labels, "text", str(col + 1), x=x, y=round(SCALE * 0.55, 1))
    for row in range(rows):
        _, y = _xy(0, grid.position(row, 0)[1])
        _sub(labels, "text", grid.row_label(row), x=round(SCALE * 0.45, 1), y=round(y + 3, 1))


def _legend(svg: ET.Element, height: float, lang: str) -> None:
    heading, labels = LEGEND.get(lang, LEGEND["en"])
    step = 19.0
    top = height - step * (len(labels) + 1) - 24
    box = _sub(svg, "g", id="legend", font_size=12, fill=COLOURS["text"])
    left = 26.0   # clear of the row letters
    _sub(box, "rect", x=left, y=round(top - 8, 1), width=205, height=round(step * 9 + 14, 1),
         fill="white", fill_opacity=0.85, stroke="#999999", rx=4)
    _sub(box, "text", heading, x=left + 8, y=round(top + 8, 1), font_weight="bold")
    for i, label in enumerate(labels):
        y = round(top + step * (i + 1.6), 1)
        x = left + 18
        if i == 0:
            _sub(box, "circle", cx=x, cy=y, r=2.2, fill=COLOURS["milepost"])
        elif i == 1:
            _sub(box, "polygon", fill=COLOURS["mountain"],
                 points=f"{x},{y - 4.5} {x - 4.5},{y + 3.5} {x + 4.5},{y + 3.5}")
        elif i == 2:
            _sub(box, "circle", cx=x, cy=y, r=6, fill="white", stroke=COLOURS["city"],
                 stroke_width=2)
        elif i == 3:
            _sub(box, "rect", x=x - 6, y=y - 6, width=12, height=12, fill="white",
                 stroke=COLOURS["city"], stroke_width=2)
        elif i == 4:
            _sub(box, "polygon", points=_polygon_path(7, 6, x, y, 0.0), fill="#f3c4c4",
                 stroke=COLOURS["city"], stroke_width=2)
        elif i in (5, 6):
            _sub(box, "line", x1=x - 8, y1=y, x2=x + 8, y2=y, stroke=COLOURS["river"]
                 if i == 5 else "#14507f", stroke_width=3 if i == 5 else 5)
        else:
            _sub(box, "line", x1=x - 9, y1=y, x2=x + 9, y2=y, stroke=COLOURS["ferry"],
                 stroke_width=3, stroke_dasharray="4 4")
        _sub(box, "text", label, x=left + 34, y=round(y + 4, 1))
        _sub(box, "text", LEGEND_COSTS[i], x=left + 194, y=round(y + 4, 1),
             text_anchor="end")


@dataclass(frozen=True)
class MapLayers:
    """The map as no play changes it, as SVG text in the three slices the overlay of play
    goes between: `under` the track (land, water, borders, crossings, major cities'
    areas), the `middle` (mileposts, cities and their names) under the trains, and
    `over` everything (the grid's labels, the legend). `labels` are the cities' names as
    drawn: (city id, name, x, y) in the pack's order."""
    width: float
    height: float
    title: str
    under: str
    middle: str
    over: str
    labels: tuple[tuple[str, str, float, float], ...]


def fragment(element: ET.Element) -> str:
    """`element` as SVG text, well-formed whatever its texts held."""
    return xml_safe(ET.tostring(element, encoding="unicode"))


def _slice(*draw: Any) -> str:
    holder = ET.Element("g")
    for step in draw:
        step(holder)
    return "".join(fragment(child) for child in holder)


def _build_layers(pack_data: Mapping[str, Any], lang: str) -> MapLayers:
    the_map = pack_data["map"]
    rows, cols = int(the_map["rows"]), int(the_map["cols"])
    width = round((cols + 0.5 + 2 * MARGIN) * SCALE, 1)
    height = round(((rows - 1) * grid.ROW_HEIGHT + 2 * MARGIN) * SCALE, 1)
    cities = pack_data.get("cities", [])
    goods = {str(good["id"]): str(good.get(f"name_{lang}") or good.get("name_en") or good["id"])
             for good in pack_data.get("goods", [])}
    labels: list[tuple[str, str, float, float]] = []
    under = _slice(
        lambda g: _sub(g, "rect", x=0, y=0, width=width, height=height,
                       fill=COLOURS["outside"]),
        lambda g: _geography(g, the_map, lang),
        lambda g: _crossings_and_ferries(g, the_map, rows, cols, lang),
        lambda g: _major_areas(g, cities, rows, cols))
    middle = _slice(
        lambda g: _mileposts(g, [str(line) for line in the_map["terrain"]]),
        lambda g: labels.extend(_cities(g, cities, goods, rows, cols, lang)))
    over = _slice(lambda g: _grid_labels(g, rows, cols), lambda g: _legend(g, height, lang))
    meta = pack_data.get("pack", {})
    return MapLayers(width, height, str(meta.get("title", "Benelux Rails")), under, middle,
                     over, tuple(labels))


_LAYERS = BoundedCache(16)   # (the pack's SHA-256, language) -> MapLayers


def map_layers(pack_data: Mapping[str, Any], lang: str = "en",
               key: str | None = None) -> MapLayers:
    """The map's layers that no play changes; drawn once per pack and language when the
    pack is named by `key` (its SHA-256), else drawn anew."""
    if key is None:
        return _build_layers(pack_data, lang)
    layers: MapLayers | None = _LAYERS.get((key, lang))
    if layers is None:
        layers = _LAYERS[(key, lang)] = _build_layers(pack_data, lang)
    return layers


def open_svg(width: float, height: float, title: str, frame: tuple[float, float]) -> str:
    """The start of the picture: the root with its viewBox, the title and the `frame`
    (width, height) the map is clipped to, up to and with the map's clipped group."""
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg",
                             "viewBox": f"0 0 {width} {height}",
                             "font-family": "sans-serif"})
    _sub(svg, "title", title)
    clip = _sub(_sub(svg, "defs"), "clipPath", id="frame")
    _sub(clip, "rect", x=0, y=0, width=frame[0], height=frame[1])
    head = fragment(svg)
    return head[:-len("</svg>")] + '<g clip-path="url(#frame)">'


def map_body(layers: MapLayers, overlay: Overlay, rows: int, cols: int) -> str:
    """The map's clipped group after its opening tag: the layers with the overlay of
    play between them, and the group's end."""
    tracks = ET.Element("g")
    _overlay(tracks, overlay, rows, cols)
    top = ET.Element("g")
    _overlay_top(top, overlay, rows, cols)
    return (layers.under + "".join(fragment(e) for e in tracks) + layers.middle
            + "".join(fragment(e) for e in top) + layers.over + "</g>")


def draw_map(pack_data: Mapping[str, Any], overlay: Overlay | None = None,
             lang: str = "en", title: str | None = None, key: str | None = None) -> str:
    """The map (and the overlay of play, if any) as SVG text; `key` names the pack for
    `map_layers`' cache."""
    layers = map_layers(pack_data, lang, key)
    the_map = pack_data["map"]
    rows, cols = int(the_map["rows"]), int(the_map["cols"])
    return (open_svg(layers.width, layers.height, title or layers.title,
                     (layers.width, layers.height))
            + map_body(layers, overlay or Overlay(), rows, cols) + "</svg>\n")
