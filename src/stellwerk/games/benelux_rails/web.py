"""What the web table needs of Benelux Rails beyond the map (svg.py): the table's
picture with a panel beside the map, mileposts a player can point at, and the build-cost
preview.

- `table_svg` draws the map with each network in its player's colour and the trains
  (svg.py), then an invisible target on every milepost (`data-milepost="F12"`, so a
  build path is drawn by pointing, milepost by milepost) and beside the map each
  player's money, trains (kind, speed, capacity) and loads, the seat's own demand cards
  and the public ones. A spectator's view has no hand, so none is drawn. The panel's
  text is 19 units high against the map's 14: with the map as tall as a laptop's window
  leaves it, that is about 12 CSS px. Its rows are tight enough that the most crowded
  table the rules allow (three players with two trains each, four demand cards in hand
  and three public ones) is hardly taller than the map, so its text keeps that size: the
  seat's own loads are the goods to unload (pointing.py), not a line of their own. What
  no play changes (the map's layers, the milepost and city targets) is drawn once per
  pack and language and kept.
- The panel group carries `data-facts`: the page's zoom bar then offers one tap that
  zooms and scrolls the picture to it (a phone shows the map's left edge first).
- `pointing.py` draws what a seat decides by pointing besides paths: the cities (start,
  move, buy a train), the goods to load and unload, the demand cards (deliver; the three
  to keep at the start) and buttons for the turn's other actions.
- `preview` prices `build M1 M2 ...` with the terminal's cost query (words.quote); the
  server runs it on a determinized copy, so it can only know what the seat knows.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.cache import BoundedCache
from stellwerk.core.errors import IllegalAction
from stellwerk.games.benelux_rails import grid, pointing
from stellwerk.games.benelux_rails.actions import place
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.svg import (
    SCALE,
    MapLayers,
    Overlay,
    _sub,
    _xy,
    fragment,
    map_body,
    map_layers,
    open_svg,
    seat_colour,
)
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.words import SECOND_TRAIN, good_word, quote

PANEL_WIDTH = 700  # the panel beside the map, in viewBox units (see `table_svg`)
FONT = 19          # the panel's text, in viewBox units
LINE = 24          # height of one text line of the panel
BOLD_CHAR = 11.5   # width of one bold character of that text (a generous guess)
BUILD_WORDS = ("build", "baue", "cost", "kosten")


def _seat_names(view: Mapping[str, Any], names: Sequence[str] | None,
                lang: str) -> list[str]:
    count = int(view["seats"])
    if names and len(names) == count:
        return [str(n) for n in names]
    return [CATALOG.text("br.seat", lang, n=i + 1) for i in range(count)]


def map_names(pack_data: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Each city's name as the map writes it ("Liège", "Brüssel"), by its id."""
    return {str(c["id"]): str(c.get("name_de") or c["name"]) if lang == "de"
            else str(c["name"]) for c in pack_data.get("cities", [])}


def _panel_lines(view: Mapping[str, Any], names: list[str], lang: str,
                 tables: Tables | None = None) -> list[tuple[str, str, str]]:
    """(colour, heading, loads) per train: its player's name and money with the first
    train, the train's kind, speed and capacity and where it stands; and its loads, none
    for the seat's own laden trains when `tables` are known (pointing.py draws those
    loads as the goods to unload). Goods in the reader's language. The demand cards are
    drawn under these lines (pointing.py)."""
    out: list[tuple[str, str, str]] = []
    own = view.get("seat") if tables is not None else None
    for seat, player in enumerate(view["players"]):
        trains = player.get("trains") or [player]
        for k, train in enumerate(trains):
            loads = ", ".join(good_word(tables, g, lang) for g in train["loads"]) or "–"
            label = CATALOG.text("br.train", lang) + (f" {k + 1}" if len(trains) > 1 else "")
            mark = f" ({SECOND_TRAIN[seat % 3]})" if k else ""
            who = f"{names[seat]}: {player['money']} M · " if k == 0 else ""
            kind = CATALOG.text("br.panel.kind", lang, kind=train["train"],
                                speed=train.get("speed", "?"),
                                capacity=train.get("capacity", "?"))
            carried = "" if seat == own and train["loads"] else \
                f"{CATALOG.text('br.loads', lang)}: {loads}"
            out.append((seat_colour(seat),
                        f"{who}{label}{mark} {kind} @ {train['position'] or '–'}", carried))
    return out


def _players(panel: ET.Element, lines: Sequence[tuple[str, str, str]], left: float) -> float:
    """Each train's heading in bold and its loads (if any are given), on one line where
    both fit (a short panel keeps the picture as tall as the map, so its text as large),
    else the loads indented on the next; the y under the last line."""
    y = 0.0
    for colour, heading, loads in lines:
        y += LINE
        text = _sub(panel, "text", heading, x=left + 12, y=round(y, 1), fill=colour,
                    font_weight="bold")
        if not loads:
            continue
        if (len(heading) + 3) * BOLD_CHAR + len(loads) * pointing.CHAR > PANEL_WIDTH - 24:
            y += LINE
            _sub(panel, "text", loads, x=left + 32, y=round(y, 1), fill=colour)
        else:
            _sub(text, "tspan", f" · {loads}", font_weight="normal")
    return y


def _milepost_circles(terrain: Sequence[str]) -> str:
    """An invisible circle on every milepost a path may use, for pointing."""
    holder = ET.Element("g")
    for row, line in enumerate(terrain):
        for col, letter in enumerate(line):
            if letter in ".^Mms":
                x, y = _xy(*grid.position(row, col))
                _sub(holder, "circle", class_="milepost", cx=x, cy=y, r=round(SCALE * 0.45, 1),
                     data_milepost=grid.milepost_name(row, col), pointer_events="all")
    return "".join(fragment(circle) for circle in holder)


def _targets(trains: int, lang: str, circles: str) -> str:
    """The milepost targets' layer: what pointing at mileposts builds or moves to."""
    # the page's path builder reads these: {path} is the mileposts pointed at so far,
    # {last} the newest; the preview endpoint prices the path before it is built. A seat
    # with two trains gets a button per train ("move 1 {last}", "move 2 {last}").
    goto: dict[str, str] = {"data_goto": "move {last}"}
    if trains > 1:
        goto = {"data_goto": "move 1 {last}", "data_goto2": "move 2 {last}",
                "data_goto_label": CATALOG.text("br.goto_train", lang, n=1),
                "data_goto2_label": CATALOG.text("br.goto_train", lang, n=2)}
    layer = _sub(ET.Element("g"), "g", id="milepost-targets", fill="#ff7f00", fill_opacity=0,
                 data_path="build {path}", **goto)
    return fragment(layer)[:-len(" />")] + ">" + circles + "</g>"


_POINTABLES = BoundedCache(16)   # (the pack's SHA-256, language) -> circles, cities


def _draw_pointables(pack_data: Mapping[str, Any], lang: str,
                     layers: MapLayers) -> tuple[str, str]:
    """The milepost circles and the city targets' layer, which no play changes."""
    circles = _milepost_circles([str(line) for line in pack_data["map"]["terrain"]])
    return circles, fragment(pointing.city_targets(layers.labels))


def table_svg(pack_data: Mapping[str, Any], overlay: Overlay, view: Mapping[str, Any],
              names: Sequence[str] | None, lang: str, tables: Tables | None = None,
              key: str | None = None) -> str:
    """The map with the overlay of play and pointable mileposts, and the panel beside it:
    the map as tall as the window leaves the page about as wide as a laptop's board box,
    so the panel's text is read at the size of the page's own. `key` names the pack (its
    SHA-256): the map's unchanging layers and targets are then drawn once per pack and
    language (`svg.map_layers`)."""
    layers = map_layers(pack_data, lang, key)
    drawn: tuple[str, str] | None = _POINTABLES.get((key, lang)) if key is not None else None
    if drawn is None:
        drawn = _draw_pointables(pack_data, lang, layers)
        if key is not None:
            _POINTABLES[(key, lang)] = drawn
    circles, cities = drawn
    seat = view.get("seat")
    trains = len(view["players"][seat].get("trains", [1])) if isinstance(seat, int) else 1
    left = layers.width
    panel = ET.Element("g", {"id": "panel", "data-facts": "", "font-size": str(FONT),
                             "font-family": "sans-serif"})
    background = _sub(panel, "rect", x=left, y=0, width=PANEL_WIDTH, fill="white")
    lines = _panel_lines(view, _seat_names(view, names, lang), lang, tables)
    under = _players(panel, lines, left)
    bottom = pointing.panel(panel, view, tables, map_names(pack_data, lang), lang,
                            pointing.Area(left + 12, PANEL_WIDTH - 24), top=under + 8)
    height = max(layers.height, round(bottom + 8, 1))
    background.set("height", str(height))
    the_map = pack_data["map"]
    return (open_svg(round(left + PANEL_WIDTH, 1), height, layers.title,
                     (layers.width, layers.height))
            + map_body(layers, overlay, int(the_map["rows"]), int(the_map["cols"]))
            + _targets(trains, lang, circles) + cities + fragment(panel) + "</svg>\n")


def preview(state: BeneluxState, seat: int, text: str, lang: str) -> dict[str, Any]:
    """`build M1 M2 ...` (or `cost ...`) priced for `seat` now, with its reasons; any
    other text is judged by the engine's check (ok or the reason), nothing changes."""
    words = text.split()
    if words and words[0].lower() in BUILD_WORDS:
        names = [w.upper() for w in words[1:]]
        try:
            state.check_build(seat, [place(state, n) for n in names])
            ok = True
        except IllegalAction:
            ok = False
        return {"ok": ok, "text": quote(state, seat, names, lang)}
    return {"ok": False, "text": CATALOG.text("br.cost_hint", lang)}
