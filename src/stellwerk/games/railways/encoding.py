"""Railways for the research adapters: every word its notation writes (verbs, cells,
region types, card symbols `3.2a`, numbers), each with a fixed number
(`stellwerk.core.encoding`)."""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.encoding import Encoding
from stellwerk.games.railways.board import CELLS, REGION_TYPES, cell_name
from stellwerk.games.railways.uses import LETTERS

VERBS = ("dice", "open", "build", "transport", "hire", "capital", "clean", "add",
         "upgrade", "pass")
LINKS = ("with", "to", "via", "convert", "die", "=", "+")
NUMBERS = 100
FIELDS = 4          # a card's action fields, 1-4


class RailwaysEncoding(Encoding):
    def words(self) -> Sequence[str]:
        tables = self.game.tables(self.pack)     # type: ignore[attr-defined]
        uses = [f"{card}.{field}{letter}" for card in sorted(tables.cards)
                for field in range(1, FIELDS + 1) for letter in LETTERS]
        return (*VERBS, *LINKS, *(str(n) for n in range(NUMBERS)), *REGION_TYPES,
                *(cell_name(cell) for cell in range(CELLS)), *uses)
