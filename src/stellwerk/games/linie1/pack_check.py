"""Checks of a Linie 1 pack beyond its JSON Schema: ids, squares and cross-references.

Each failure is `BadPack("<item>: <problem>")`; the core adds the file name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.core.errors import BadPack
from stellwerk.core.i18n import Phrase, Term
from stellwerk.games.linie1.tables import SIZE, square_index
from stellwerk.games.linie1.tiles import TILE_IDS

MIN_LINES = 6  # docs/games/linie1.md#l1-rules: up to 6 players, each with a different line


def check_pack(data: Mapping[str, Any]) -> None:
    buildings = _check_buildings(data["buildings"])
    _check_tiles(data["tiles"])
    _check_lines(data["lines"], buildings)
    _check_cards(data["route_cards"], len(data["lines"]), buildings)


def pack_figures(data: Mapping[str, Any]) -> list[Phrase]:
    """What a game uses of a valid pack (`stellwerk pack` shows it)."""
    tiles = data["tiles"]
    pile = sum(tile["count"] for tile in tiles)
    return [
        Term("l1.fig.tiles", pile=pile, kinds=len(tiles),
             largest=max(tile["count"] for tile in tiles)),
        Term("l1.fig.lines", n=len(data["lines"])),
        Term("l1.fig.cards", n=len(data["route_cards"])),
        Term("l1.fig.buildings", n=len(data["buildings"]), size=SIZE),
    ]


def _check_buildings(items: list[Mapping[str, Any]]) -> dict[str, str]:
    squares: dict[str, str] = {}
    letters: dict[str, str] = {}
    for i, building in enumerate(items):
        where = f"buildings[{i}] ({building['letter']})"
        if building["letter"] in letters:
            raise BadPack(f"{where}: letter {building['letter']} appears twice")
        if building["square"] in squares:
            raise BadPack(f"{where}: square {building['square']} holds two buildings")
        letters[building["letter"]] = building["square"]
        squares[building["square"]] = building["letter"]
    return squares


def _on_edge(square: int, edge: str) -> bool:
    row, col = divmod(square, SIZE)
    return {"N": row == 0, "S": row == SIZE - 1, "W": col == 0, "E": col == SIZE - 1}[edge]


def _check_lines(items: list[Mapping[str, Any]], buildings: Mapping[str, str]) -> None:
    numbers = sorted(item["line"] for item in items)
    if numbers != list(range(1, len(items) + 1)) or len(items) < MIN_LINES:
        raise BadPack(f"lines: needs lines numbered 1 to at least {MIN_LINES}, found {numbers}")
    used: set[tuple[int, str]] = set()
    for i, line in enumerate(items):
        for t, terminal in enumerate(line["terminals"]):
            where = f"lines[{i}].terminals[{t}]"
            a, b = (square_index(s) for s in terminal["squares"])
            assert a is not None and b is not None
            if not (_on_edge(a, terminal["edge"]) and _on_edge(b, terminal["edge"])):
                raise BadPack(f"{where}: {terminal['squares']} do not lie on the "
                              f"{terminal['edge']} edge of the board")
            if abs(a - b) not in (1, SIZE):
                raise BadPack(f"{where}: the arch's two squares must be adjacent")
            for square_text, square in zip(terminal["squares"], (a, b), strict=True):
                if square_text in buildings:
                    raise BadPack(f"{where}: {square_text} holds a building")
                if (square, terminal["edge"]) in used:
                    raise BadPack(f"{where}: {square_text} {terminal['edge']} is already a "
                                  "terminal")
                used.add((square, terminal["edge"]))


def _check_tiles(items: list[Mapping[str, Any]]) -> None:
    seen: set[str] = set()
    for i, tile in enumerate(items):
        where = f"tiles[{i}] ({tile['id']})"
        if tile["id"] not in TILE_IDS:
            raise BadPack(f"{where}: unknown tile id; tiles: {', '.join(TILE_IDS)}")
        if tile["id"] in seen:
            raise BadPack(f"{where}: tile id appears twice")
        seen.add(tile["id"])
        edges = [frozenset(track) for track in tile["tracks"]]
        if len(set(edges)) != len(edges) or any(len(e) != 2 for e in edges):
            raise BadPack(f"{where}: a track must join two different edges, each track once")


def _check_cards(items: list[Mapping[str, Any]], lines: int,
                 buildings: Mapping[str, str]) -> None:
    letters = set(buildings.values())
    numbers = sorted(item["card"] for item in items)
    if numbers != list(range(1, len(items) + 1)) or len(items) < MIN_LINES:
        raise BadPack(f"route_cards: needs cards numbered 1 to at least {MIN_LINES}, "
                      f"found {numbers}")
    for i, card in enumerate(items):
        where = f"route_cards[{i}] (card {card['card']})"
        if len(card["stops"]) != lines:
            raise BadPack(f"{where}: needs one entry per line ({lines}), found "
                          f"{len(card['stops'])}")
        for entry in card["stops"]:
            if len(set(entry)) != 3 or not set(entry) <= letters:
                raise BadPack(f"{where}: {entry!r} must name three different buildings")
