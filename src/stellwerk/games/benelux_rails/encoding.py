"""Benelux Rails for the research adapters: every word its notation writes (verbs,
mileposts, cities, goods, demand cards, train types and numbers), each with a fixed
number (`stellwerk.core.encoding`): a build path is chosen milepost by milepost."""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.core.encoding import Encoding

VERBS = ("keep", "start", "build", "move", "ferry", "load", "unload", "deliver",
         "upgrade", "buy-train", "discard", "end", "via")
TRAINS = ("A", "B9", "B12", "C12", "C15")
TRAIN_NUMBERS = ("1", "2")


class BeneluxEncoding(Encoding):
    def words(self) -> Sequence[str]:
        tables = self.game.tables(self.pack)     # type: ignore[attr-defined]
        cards = tuple(str(card) for card in sorted(tables.demands))
        numbers = tuple(n for n in TRAIN_NUMBERS if n not in cards)
        return (*VERBS, *TRAINS, *numbers, *cards, *(city.id for city in tables.cities),
                *tables.goods, *tables.names)
