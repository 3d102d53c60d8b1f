"""Checks of a Rail Line pack beyond its JSON Schema: counts, ids and cross-references.

Each failure is `BadPack("<item>: <problem>")`; the core adds the file name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.core.errors import BadPack
from stellwerk.core.i18n import Phrase, Term

A_CARDS, B_CARDS = 12, 25


def check_pack(data: Mapping[str, Any]) -> None:
    _check_cards(data["cards"])
    for key, name in (("start_sides", "side"), ("curves", "curve")):
        numbers = sorted(item[name] for item in data[key])
        if numbers != [1, 2]:
            raise BadPack(f"{key}: needs {name} 1 and {name} 2, found {numbers}")
    for sheet_name, sheet in data["sheets"].items():
        _check_sheet(f"sheets.{sheet_name}", sheet)


def pack_figures(data: Mapping[str, Any]) -> list[Phrase]:
    """What a game uses of a valid pack (`stellwerk pack` shows it)."""
    decks = {deck: sum(card["deck"] == deck for card in data["cards"]) for deck in "AB"}
    rows = {name: len(sheet["rows"]) for name, sheet in data["sheets"].items()}
    boxes = {name: sum(len(row["values"]) for row in sheet["rows"].values())
             for name, sheet in data["sheets"].items()}
    figures: list[Phrase] = [Term("rl.fig.cards", a=decks["A"], b=decks["B"])]
    return figures + [Term("rl.fig.sheet", name=name, rows=rows[name], boxes=boxes[name])
                      for name in rows]


def _check_cards(cards: list[Mapping[str, Any]]) -> None:
    seen: set[str] = set()
    for i, card in enumerate(cards):
        where = f"cards[{i}] ({card['id']})"
        if card["id"] in seen:
            raise BadPack(f"{where}: card id {card['id']} appears twice")
        seen.add(card["id"])
        if card["id"][0] != card["deck"]:
            raise BadPack(f"{where}: the id of a deck {card['deck']} card must start with "
                          f"{card['deck']}")
        for t, station in enumerate(card["tracks"]):
            if len(station) == 2 and station[0] == station[1]:
                raise BadPack(f"{where}.tracks[{t}]: a station shows two different symbols")
    a = sum(1 for c in cards if c["deck"] == "A")
    if a != A_CARDS:
        raise BadPack(f"cards: Rail Line has {A_CARDS} A and {B_CARDS} B cards, found {a} A "
                      f"and {len(cards) - a} B")


def _check_sheet(where: str, sheet: Mapping[str, Any]) -> None:
    rows = sheet["rows"]
    for name, row in rows.items():
        size = len(row["values"])
        under = row.get("under")
        if under is not None:
            if len(under["boxes"]) != size:
                raise BadPack(f"{where}.rows.{name}.under: names {len(under['boxes'])} boxes "
                              f"for {size} values")
            parent_size = len(rows[under["row"]]["values"])
            if under["row"] == name or max(under["boxes"]) > parent_size:
                raise BadPack(f"{where}.rows.{name}.under: row {under['row']} has only "
                              f"{parent_size} boxes")
        gates = row.get("gates")
        if gates is not None and (len(gates) != size
                                  or max(gates) > len(rows["sugar"]["values"])):
            raise BadPack(f"{where}.rows.{name}.gates: needs one entry per box, each at most the "
                          "number of Sugar factory boxes")
        exchange = row.get("exchange_coins")
        if exchange is not None and len(exchange) != size:
            raise BadPack(f"{where}.rows.{name}.exchange_coins: needs one entry per box")
    _check_chain_is_acyclic(where, rows)


def _check_chain_is_acyclic(where: str, rows: Mapping[str, Any]) -> None:
    for start in rows:
        seen = {start}
        row = rows[start].get("under")
        while row is not None:
            if row["row"] in seen:
                raise BadPack(f"{where}.rows.{start}.under: the chain loops back to itself")
            seen.add(row["row"])
            row = rows[row["row"]].get("under")
