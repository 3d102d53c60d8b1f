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
  buttons for the turn's other actions (end, discard, ferry, upgrade, and buying a
  train while the seat has one).

Every target's words are this game's notation (notation.py); the page knows none of it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stellwerk.games.benelux_rails.svg import _sub
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.words import city_word, good_word

ROW = 30            # height of a row of targets, in viewBox units
CHIP = 26           # height of one target
BASELINE = 19       # the target's text baseline under its top
FONT = 19           # the targets' text (web.py's panel text)
CHAR = 10.6         # width of one character of that text (a generous guess)
CARD_GAP = 8
CARD_HEAD = 26      # a demand card's number line
DEMAND = CHIP + 3   # a demand card's row
KEEP = 3            # demand cards kept from the deal (rules.py)
BUTTONS = (("br.point.end", "end"), ("br.point.discard", "discard"),
           ("br.point.ferry", "ferry"), ("br.point.upgrade", "upgrade"),
           ("br.point.buy", "buy-train"))


@dataclass(frozen=True)
class Area:
    """Where the panel's targets go: the x of their left edge and the width they share."""
    left: float
    width: float

    @property
    def right(self) -> float:
        return self.left + self.width


def city_targets(labels: Sequence[tuple[str, str, float, float]]) -> ET.Element:
    """The layer of targets, one over each city's name as the map writes it: `labels`
    are svg.py's `MapLayers.labels`, (city id, name, x, y)."""
    layer = ET.Element("g", id="city-targets")
    for ident, name, x, y in labels:
        half = len(name) * 4.5 + 4
        target = _sub(layer, "rect", class_="city-pick", data_pick=f"start {ident}",
                      data_city=ident, x=round(x - half, 1), y=round(y - 15, 1),
                      width=round(2 * half, 1), height=20, rx=4, fill="#e67e22",
                      fill_opacity=0, pointer_events="none")
        _sub(target, "title", name)
    return layer


def _chip(parent: ET.Element, x: float, y: float, text: str, tokens: Sequence[str],
          widest: float | None = None, **attrs: Any) -> float:
    """A target with words on it, at most `widest` wide; its width."""
    width = round(12 + len(text) * CHAR, 1)
    if widest is not None:
        width = min(width, round(widest, 1))
    group = _sub(parent, "g", class_="pick-chip",
                 data_pick="|".join(tokens) if tokens else None, **attrs)
    if not tokens:
        group.attrib.pop("data-pick", None)
    _sub(group, "title", text)
    _sub(group, "rect", x=round(x, 1), y=round(y, 1), width=width, height=CHIP, rx=4,
         fill="white", stroke="#999999")
    _sub(group, "text", text, x=round(x + 6, 1), y=round(y + BASELINE, 1), font_size=FONT,
         fill="#222222")
    return width


def _row(parent: ET.Element, y: float, area: Area, label: str,
         chips: Sequence[tuple[str, Sequence[str]]], x: float | None = None
         ) -> tuple[float, float]:
    """A label then its targets, wrapping at the area's width; where the row ends (x)
    and the y of its last line."""
    x = area.left if x is None else x
    if label:
        if x > area.left and x + len(label) * CHAR > area.right:
            x, y = area.left, y + ROW
        _sub(parent, "text", label, x=round(x, 1), y=round(y + BASELINE, 1), font_size=FONT)
        x += len(label) * CHAR + 8
    for text, tokens in chips:
        needed = 12 + len(text) * CHAR
        if x + needed > area.right:
            x, y = area.left + 12, y + ROW
        x += _chip(parent, x, y, text, tokens, widest=area.right - x) + 8
    return x, y


def _goods_rows(parent: ET.Element, view: Mapping[str, Any], tables: Tables,
                lang: str, y: float, area: Area) -> float:
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
        x, y = _row(parent, y, area, f"{label} · {CATALOG.text('br.point.load', lang)}",
                    [(good_word(tables, g, lang), [f"load {number}{g}"]) for g in supplied])
        _, y = _row(parent, y, area, CATALOG.text("br.point.unload", lang),
                    [(good_word(tables, g, lang), [f"unload {number}{g}"])
                     for g in train["loads"]], x=x + 8)
        y += ROW
    return y


def _cards(parent: ET.Element, cards: Sequence[Mapping[str, Any]], tables: Tables | None,
           names: Mapping[str, str], lang: str, y: float, area: Area, heading: str,
           keep: bool) -> float:
    """Demand cards two by two, each demand a target; `keep`: the cards form the set
    to choose the kept ones from, and their demands are not targets."""
    _sub(parent, "text", heading + ":", x=area.left, y=round(y + BASELINE, 1), font_size=FONT,
         font_weight="bold")
    y += ROW
    group = _sub(parent, "g", class_="demand-cards")
    if keep:
        group.set("data-choose", "keep {members}")
        group.set("data-choose-size", str(KEEP))
        group.set("data-choose-label", CATALOG.text("br.point.keep", lang, n=KEEP))
    per_row = 2
    card_width = round((area.width - CARD_GAP) / per_row, 1)
    height = CARD_HEAD + 3 * DEMAND + 3
    for i, card in enumerate(cards):
        x = area.left + (i % per_row) * (card_width + CARD_GAP)
        top = y + (i // per_row) * (height + CARD_GAP)
        box = _sub(group, "g", class_="demand-card", data_card_id=card["card"],
                   data_choose_member=card["card"] if keep else None)
        if not keep:
            box.attrib.pop("data-choose-member", None)
        texts = [_demand_words(demand, tables, names, lang) for demand in card["demands"]]
        _sub(box, "title", f"#{card['card']}: " + ", ".join(texts))
        _sub(box, "rect", x=round(x, 1), y=round(top, 1), width=card_width, height=height,
             rx=6, fill="#fbf8ef", stroke="#999999")
        _sub(box, "text", f"#{card['card']}:", x=round(x + 8, 1), y=round(top + 20, 1),
             font_size=FONT, font_weight="bold")
        for j, (demand, text) in enumerate(zip(card["demands"], texts, strict=True)):
            tokens = [] if keep else [
                f"deliver {card['card']} {demand['good']}",
                *(f"deliver {k} {card['card']} {demand['good']}" for k in (1, 2))]
            _chip(box, x + 8, top + CARD_HEAD + j * DEMAND, text, tokens,
                  widest=card_width - 16)
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
          names: Mapping[str, str], lang: str, area: Area, top: float) -> float:
    """The targets under the players' lines, in `area`; the y where they end."""
    y = top
    mine = isinstance(view.get("seat"), int)
    if mine and tables is not None:
        y = _goods_rows(parent, view, tables, lang, y, area)
    if view.get("hand"):
        y = _cards(parent, view["hand"], tables, names, lang, y, area,
                   CATALOG.text("br.hand", lang), _keeping(view))
    if view.get("public"):
        y = _cards(parent, view["public"], tables, names, lang, y, area,
                   CATALOG.text("br.public", lang), False)
    if mine:
        # a player owns two trains at most: with the second, buying one never applies
        owned = len(view["players"][view["seat"]].get("trains") or [1])
        _, y = _row(parent, y, area, "",
                    [(CATALOG.text(key, lang), [token]) for key, token in BUTTONS
                     if token != "buy-train" or owned < 2])
        y += ROW
    return y
