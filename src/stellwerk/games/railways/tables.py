"""A content pack compiled for play: cards, limits and the cache of symbol combinations."""

from __future__ import annotations

from dataclasses import dataclass, field

from stellwerk.core.cache import BoundedCache
from stellwerk.core.content import ContentPack

PLAN_CACHE_SIZE = 4096   # plans by (plan cards, built regions)

Fields = tuple[tuple[str, ...], ...]


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
    # (hand, action kind, need) -> offers and other derived answers, filled lazily; the
    # tables are shared by every game on this pack, so the caches are bounded and locked
    cache: BoundedCache = field(default_factory=BoundedCache)
    plans: BoundedCache = field(default_factory=lambda: BoundedCache(PLAN_CACHE_SIZE))


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
