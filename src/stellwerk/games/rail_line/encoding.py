"""Rail Line for the research adapters: every word its notation writes (verbs, card
ids, goods, numbers), each with a fixed number (`stellwerk.core.encoding`)."""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.encoding import Encoding
from stellwerk.games.rail_line.symbols import SYMBOLS

VERBS = ("side", "track", "lay", "pass", "slow", "second", "discard", "gain", "free",
         "decline", "keep", "refuse")
NUMBERS = 100       # the notation's numbers: a side, a track, a station (below 100)


class RailLineEncoding(Encoding):
    def words(self) -> Sequence[str]:
        tables = self.game.tables(self.pack)     # type: ignore[attr-defined]
        return (*VERBS, *(str(n) for n in range(NUMBERS)), *SYMBOLS,
                *sorted({*tables.a_cards, *tables.b_cards}))
