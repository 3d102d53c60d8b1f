"""What the web table needs of Benelux Rails beyond the map (svg.py): the table's
picture with a panel under the map, mileposts a player can point at, and the build-cost
preview.

- `table_svg` draws the map with each network in its player's colour and the trains
  (svg.py), then an invisible target on every milepost (`data-milepost="F12"`, so a
  build path is drawn by pointing, milepost by milepost) and under the map each
  player's money, train and loads, the seat's own demand cards and the public ones. A
  spectator's view has no hand, so none is drawn.
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

from stellwerk.core.drawing import to_text
from stellwerk.core.errors import IllegalAction
from stellwerk.games.benelux_rails import grid, pointing
from stellwerk.games.benelux_rails.actions import place
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.svg import SCALE, Overlay, _sub, _xy, draw_map, seat_colour
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.words import SECOND_TRAIN, good_word, quote

LINE = 20          # height of one text line of the panel, in viewBox units
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
                 tables: Tables | None = None,
                 cities: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """(colour, text) per line: the players (a second train in a line of its own); goods
    and cities in the reader's language. The demand cards are drawn under these lines
    (pointing.py)."""
    out: list[tuple[str, str]] = []
    for seat, player in enumerate(view["players"]):
        trains = player.get("trains") or [player]
        for k, train in enumerate(trains):
            loads = ", ".join(good_word(tables, g, lang) for g in train["loads"]) or "–"
            label = CATALOG.text("br.train", lang) + (f" {k + 1}" if len(trains) > 1 else "")
            mark = f" ({SECOND_TRAIN[seat % 3]})" if k else ""
            who = f"{names[seat]}: {player['money']} M · " if k == 0 else "    "
            out.append((seat_colour(seat),
                        f"{who}{label}{mark} {train['train']} @ {train['position'] or '–'} · "
                        f"{CATALOG.text('br.loads', lang)}: {loads}"))
    return out


def _targets(svg: ET.Element, terrain: Sequence[str], trains: int = 1, lang: str = "en"
             ) -> None:
    """An invisible circle on every milepost a path may use, for pointing."""
    # the page's path builder reads these: {path} is the mileposts pointed at so far,
    # {last} the newest; the preview endpoint prices the path before it is built. A seat
    # with two trains gets a button per train ("move 1 {last}", "move 2 {last}").
    goto: dict[str, str] = {"data_goto": "move {last}"}
    if trains > 1:
        goto = {"data_goto": "move 1 {last}", "data_goto2": "move 2 {last}",
                "data_goto_label": CATALOG.text("br.goto_train", lang, n=1),
                "data_goto2_label": CATALOG.text("br.goto_train", lang, n=2)}
    layer = _sub(svg, "g", id="milepost-targets", fill="#ff7f00", fill_opacity=0,
                 data_path="build {path}", **goto)
    for row, line in enumerate(terrain):
        for col, letter in enumerate(line):
            if letter in ".^Mms":
                x, y = _xy(*grid.position(row, col))
                _sub(layer, "circle", class_="milepost", cx=x, cy=y, r=round(SCALE * 0.45, 1),
                     data_milepost=grid.milepost_name(row, col), pointer_events="all")


def table_svg(pack_data: Mapping[str, Any], overlay: Overlay, view: Mapping[str, Any],
              names: Sequence[str] | None, lang: str, tables: Tables | None = None) -> str:
    """The map with the overlay of play, pointable mileposts and the panel under it."""
    ET.register_namespace("", "http://www.w3.org/2000/svg")
    root = ET.fromstring(draw_map(pack_data, overlay, lang))
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    seat = view.get("seat")
    trains = len(view["players"][seat].get("trains", [1])) if isinstance(seat, int) else 1
    _targets(root, [str(line) for line in pack_data["map"]["terrain"]], trains, lang)
    cities = map_names(pack_data, lang)
    pointing.city_targets(root, pack_data, cities)
    lines = _panel_lines(view, _seat_names(view, names, lang), lang, tables, cities)
    panel = _sub(root, "g", id="panel", font_size=14, font_family="sans-serif")
    background = _sub(panel, "rect", x=0, y=height, width=width, fill="white")
    for i, (colour, text) in enumerate(lines):
        _sub(panel, "text", text, x=12, y=round(height + LINE * (i + 1), 1), fill=colour)
    bottom = pointing.panel(panel, view, tables, cities, lang,
                            top=height + LINE * len(lines) + 8, width=width)
    background.set("height", str(round(bottom + 8 - height, 1)))
    root.set("viewBox", f"0 0 {width} {round(bottom + 8, 1)}")
    return to_text(root)


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
