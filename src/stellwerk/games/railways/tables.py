"""A content pack compiled for play: cards, limits and the cache of symbol combinations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stellwerk.core.content import ContentPack

Fields = tuple[tuple[str, ...], ...]
CACHE_LIMIT = 100_000


class BoundedCache(dict[Any, Any]):
    """A dict that empties itself when it grows past `limit` entries: the pack's caches
    (payments, routes, checked payments, dice placements) are keyed by hands, plans and
    opened connections, so a long simulation or a server would otherwise fill memory.
    A lost entry is only recomputed; every value is a pure function of its key."""

    def __init__(self, limit: int = CACHE_LIMIT) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) >= self.limit:
            self.clear()
        super().__setitem__(key, value)


@dataclass(frozen=True)
class Card:
    number: int
    network: tuple[str, ...]   # 4 rows of 3 glyphs
    fields: Fields             # 4 action fields of 1 or 2 symbols


@dataclass
class Tables:
    cards: dict[int, Card]
    capital_max: int
    pollution_max: int
    workers_max: int
    passengers_max: int
    profit_max: int
    # (hand, action kind, need) -> offers; filled lazily by uses.offers
    cache: dict[Any, Any] = field(default_factory=BoundedCache)
    plans: dict[Any, Any] = field(default_factory=BoundedCache)


def compile_tables(pack: ContentPack) -> Tables:
    data = pack.data
    cards = {
        c["number"]: Card(c["number"], tuple(c["network"]),
                          tuple(tuple(f) for f in c["actions"]))
        for c in data["cards"]
    }
    limits = data["limits"]
    return Tables(cards=cards, capital_max=limits["capital_max"],
                  pollution_max=limits["pollution_max"], workers_max=limits["workers_max"],
                  passengers_max=limits["passengers_max"],
                  profit_max=data["progress_card"]["profit_max"])
