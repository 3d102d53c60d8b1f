"""Linie 1 for the research adapters: every word an order's notation writes (squares,
tiles, rotations, `;` between placements, `pass`), each with a fixed number
(`stellwerk.core.encoding`): an order is chosen placement by placement."""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.encoding import Encoding
from stellwerk.games.linie1.tables import SQUARES, square_name

ROTATIONS = ("0", "90", "180", "270")


class Linie1Encoding(Encoding):
    def words(self) -> Sequence[str]:
        tables = self.game.tables(self.pack)     # type: ignore[attr-defined]
        return ("pass", ";", *ROTATIONS, *tables.tile_ids,
                *(square_name(square) for square in range(SQUARES)))
