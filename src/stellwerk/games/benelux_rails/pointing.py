"""What a Benelux Rails seat decides by pointing at the web table's picture, besides a
build path (web.py's milepost targets):

- `city_targets`: each city's name on the map is a target for starting the network
  there (`data-pick="start ID"`); the page lights it, and lets it take the pointer, only
  while that is legal, so the mileposts under a name stay pointable for paths and moves
  (a train moves to a city by pointing at its milepost).
- `panel`: under the players' lines, per own train the goods it may load in its city and
  the goods it carries (load, unload); the demand cards, each demand a target to deliver
  it, and at the start the dealt cards as a set to choose the three to keep
  (`data-choose="keep {members}"`, `data-choose-size`, `data-choose-member`); and
  buttons for the turn's other actions (end, discard, ferry, upgrade, buy a train).

Every target's words are this game's notation (notation.py); the page knows none of it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.games.benelux_rails.svg import _at, _sub
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.words import city_word, good_word

ROW = 24            # height of a row of targets, in viewBox units
CHIP = 18           # height of one target
CHAR = 6.6          # width of one character of a target's 12-unit text (a generous guess)
CARD_WIDTH, CARD_GAP = 240, 8
KEEP = 3            # demand cards kept from the deal (rules.py)
BUTTONS = (("br.point.end", "end"), ("br.point.discard", "discard"),
           ("br.point.ferry", "ferry"), ("br.point.upgrade", "upgrade"),
           ("br.point.buy", "buy-train"))


def city_targets(root: ET.Element, pack_data: Mapping[str, Any],
                 names: Mapping[str, str]) -> None:
    """A target over each city's name as the map writes it (svg.py's `_cities` places
    one label per city it can place, in the pack's order)."""
    labels = next((e for e in root.iter() if e.get("id") == "city-names"), None)
    if labels is None:
        return
    rows, cols = int(pack_data["map"]["rows"]), int(pack_data["map"]["cols"])
    placed = [c for c in pack_data.get("cities", [])
              if _at(str(c.get("milepost", "")), rows, cols) is not None]
    layer = _sub(root, "g", id="city-targets")
    for city, label in zip(placed, list(labels), strict=False):
        ident, name = str(city["id"]), names.get(str(city["id"]), str(city["name"]))
        half = len(name) * 4.5 + 4
        x, y = float(label.get("x", 0)), float(label.get("y", 0))
        target = _sub(layer, "rect", class_="city-pick", data_pick=f"start {ident}",
                      data_city=ident, x=round(x - half, 1), y=round(y - 15, 1),
                      width=round(2 * half, 1), height=20, rx=4, fill="#e67e22",
                      fill_opacity=0, pointer_events="none")
        _sub(target, "title", name)


def _chip(parent: ET.Element, x: float, y: float, text: str, tokens: Sequence[str],
          **attrs: Any) -> float:
    """A target with words on it; its width."""
    width = round(10 + len(text) * CHAR, 1)
    group = _sub(parent, "g", class_="pick-chip",
                 data_pick="|".join(tokens) if tokens else None, **attrs)
    if not tokens:
        group.attrib.pop("data-pick", None)
    _sub(group, "title", text)
    _sub(group, "rect", x=round(x, 1), y=round(y, 1), width=width, height=CHIP, rx=4,
         fill="white", stroke="#999999")
    _sub(group, "text", text, x=round(x + 5, 1), y=round(y + 13, 1), font_size=12,
         fill="#222222")
    return width


def _row(parent: ET.Element, y: float, width: float, label: str,
         chips: Sequence[tuple[str, Sequence[str]]], x: float = 12) -> tuple[float, float]:
    """A label then its targets, wrapping at the picture's width; where the row ends (x)
    and the y of its last line."""
    if label:
        _sub(parent, "text", label, x=round(x, 1), y=round(y + 13, 1), font_size=12)
        x += len(label) * CHAR + 8
    for text, tokens in chips:
        needed = 10 + len(text) * CHAR
        if x + needed > width - 12:
            x, y = 24, y + ROW
        x += _chip(parent, x, y, text, tokens) + 6
    return x, y


def _goods_rows(parent: ET.Element, view: Mapping[str, Any], tables: Tables,
                lang: str, y: float, width: float) -> float:
    """Per own train: the goods it may load where it stands, and those it carries."""
    player = view["players"][view["seat"]]
    trains = player.get("trains") or [player]
    for k, train in enumerate(trains):
        number = f"{k + 1} " if len(trains) > 1 else ""
        supplied: list[str] = []
        index = tables.index.get(str(train.get("position")))
        city = tables.city_at[index] if index is not None else -1
        if city >= 0:
            supplied = [tables.goods[g] for g in tables.cities[city].supplies]
            supplied += [d["good"] for d in view.get("drops", [])
                         if d["city"] == tables.cities[city].id and d["good"] not in supplied]
        if not supplied and not train["loads"]:
            continue
        label = CATALOG.text("br.train", lang) + (f" {k + 1}" if len(trains) > 1 else "")
        x, y = _row(parent, y, width, f"{label} · {CATALOG.text('br.point.load', lang)}",
                    [(good_word(tables, g, lang), [f"load {number}{g}"]) for g in supplied])
        _row(parent, y, width, CATALOG.text("br.point.unload", lang),
             [(good_word(tables, g, lang), [f"unload {number}{g}"]) for g in train["loads"]],
             x=x + 8)
        y += ROW
    return y


def _cards(parent: ET.Element, cards: Sequence[Mapping[str, Any]], tables: Tables | None,
           names: Mapping[str, str], lang: str, y: float, width: float, heading: str,
           keep: bool) -> float:
    """Demand cards side by side, each demand a target; `keep`: the cards form the set
    to choose the kept ones from, and their demands are not targets."""
    _sub(parent, "text", heading + ":", x=12, y=round(y + 13, 1), font_size=14)
    y += ROW
    group = _sub(parent, "g", class_="demand-cards")
    if keep:
        group.set("data-choose", "keep {members}")
        group.set("data-choose-size", str(KEEP))
        group.set("data-choose-label", CATALOG.text("br.point.keep", lang, n=KEEP))
    per_row = max(1, int((width - 24) // (CARD_WIDTH + CARD_GAP)))
    height = 22 + 3 * (CHIP + 4) + 4
    for i, card in enumerate(cards):
        x = 12 + (i % per_row) * (CARD_WIDTH + CARD_GAP)
        top = y + (i // per_row) * (height + CARD_GAP)
        box = _sub(group, "g", class_="demand-card", data_card_id=card["card"],
                   data_choose_member=card["card"] if keep else None)
        if not keep:
            box.attrib.pop("data-choose-member", None)
        texts = [_demand_words(demand, tables, names, lang) for demand in card["demands"]]
        _sub(box, "title", f"#{card['card']}: " + ", ".join(texts))
        _sub(box, "rect", x=x, y=round(top, 1), width=CARD_WIDTH, height=height, rx=6,
             fill="#fbf8ef", stroke="#999999")
        _sub(box, "text", f"#{card['card']}:", x=x + 8, y=round(top + 16, 1), font_size=13,
             font_weight="bold")
        for j, (demand, text) in enumerate(zip(card["demands"], texts, strict=True)):
            tokens = [] if keep else [
                f"deliver {card['card']} {demand['good']}",
                *(f"deliver {k} {card['card']} {demand['good']}" for k in (1, 2))]
            _chip(box, x + 8, top + 22 + j * (CHIP + 4), text, tokens)
    rows = (len(cards) + per_row - 1) // per_row
    return y + rows * (height + CARD_GAP)


def _demand_words(demand: Mapping[str, Any], tables: Tables | None,
                  names: Mapping[str, str], lang: str) -> str:
    """A demand as the reader reads it: the good, the city as the map names it, payout."""
    city = names.get(demand["city"]) or city_word(tables, demand["city"], lang)
    return f"{good_word(tables, demand['good'], lang)} → {city} {demand['payout']}"


def _keeping(view: Mapping[str, Any]) -> bool:
    decision = view.get("decision") or {}
    return (view.get("phase") == "keep" and isinstance(view.get("seat"), int)
            and view["seat"] in decision.get("seats", ()))


def panel(parent: ET.Element, view: Mapping[str, Any], tables: Tables | None,
          names: Mapping[str, str], lang: str, top: float, width: float) -> float:
    """The targets under the players' lines; the y where they end."""
    y = top
    mine = isinstance(view.get("seat"), int)
    if mine and tables is not None:
        y = _goods_rows(parent, view, tables, lang, y, width)
    if view.get("hand"):
        y = _cards(parent, view["hand"], tables, names, lang, y, width,
                   CATALOG.text("br.hand", lang), _keeping(view))
    if view.get("public"):
        y = _cards(parent, view["public"], tables, names, lang, y, width,
                   CATALOG.text("br.public", lang), False)
    if mine:
        _, y = _row(parent, y, width, "",
                    [(CATALOG.text(key, lang), [token]) for key, token in BUTTONS])
        y += ROW
    return y
