"""Checks of a Railways pack beyond its JSON Schema: card numbers, the capital rule, and
that every rail space leads somewhere.

Each failure is `BadPack("<item>: <problem>")`; the core adds the file name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.core.errors import BadPack
from stellwerk.core.i18n import Phrase, Term
from stellwerk.games.railways.board import CARD_COLUMNS, CARD_ROWS, OPENINGS, REGION_TYPES


def check_pack(data: Mapping[str, Any]) -> None:
    numbers = sorted(card["number"] for card in data["cards"])
    if numbers != list(range(1, 9)):
        raise BadPack(f"cards: the cards must be numbered 1 to 8 once each, found {numbers}")
    for i, card in enumerate(data["cards"]):
        where = f"cards[{i}] (card {card['number']})"
        capital = sum(field.count("capital") for field in card["actions"])
        if capital > 1:
            # docs/games/railways.md#rw-rules: at most one capital symbol per card (C)
            raise BadPack(f"{where}.actions: a card shows at most one capital symbol, "
                          f"found {capital}")
        _check_network(where, card["network"])


def pack_figures(data: Mapping[str, Any]) -> list[Phrase]:
    """What a game uses of a valid pack (`stellwerk pack` shows it)."""
    limits = data["limits"]
    return [
        Term("rw.fig.cards", n=len(data["cards"])),
        Term("rw.fig.limits", capital=limits["capital_max"], pollution=limits["pollution_max"],
             workers=limits["workers_max"], passengers=limits["passengers_max"],
             profit=data["progress_card"]["profit_max"]),
    ]


def _check_network(where: str, rows: list[str]) -> None:
    if not any(g in REGION_TYPES for row in rows for g in row):
        raise BadPack(f"{where}.network: a network card needs a printed region for its "
                      "passenger die")
    for y, row in enumerate(rows):
        for x, glyph in enumerate(row):
            for dx, dy in OPENINGS.get(glyph, ()):
                nx, ny = x + dx, y + dy
                if not (0 <= nx < CARD_COLUMNS and 0 <= ny < CARD_ROWS):
                    continue      # runs over the card edge: may continue on the next card
                other = rows[ny][nx]
                if other in REGION_TYPES or (-dx, -dy) in OPENINGS.get(other, ()):
                    continue
                raise BadPack(f"{where}.network: the rail space at column {x + 1}, row "
                              f"{y + 1} ({glyph}) leads into {other!r}, neither a region "
                              "nor a rail space that continues it")
