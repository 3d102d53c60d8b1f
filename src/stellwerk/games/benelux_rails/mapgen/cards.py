"""Goods, their supply cities, and the 84 demand cards with payouts from build cost.

The payout of a demand is a function of one number only: the cheapest cost of building track from
the nearest city supplying the good to the destination (the costs of
docs/games/benelux-rails.md#br-rules: plain 1, mountain 2, small/medium city 3, major city 5, river
+2, lake/bay +3, a ferry line its printed cost). So a long or awkward delivery (mountains, rivers, a
ferry) always pays more, and never less, than an easier one.
"""

from __future__ import annotations

import heapq
import random
import tomllib
from dataclasses import dataclass
from pathlib import Path

from stellwerk.games.benelux_rails import grid
from stellwerk.games.benelux_rails.mapgen.grid_over import Cell, Map


@dataclass(frozen=True)
class Good:
    id: str
    name_en: str
    name_de: str
    chips: int
    supplied_by: tuple[str, ...]   # city ids
    why: str                       # the real economy behind it (for the documentation)


GOODS_FILE = Path(__file__).with_name("goods.toml")   # 22 goods, 56 chips, a good a line


def _read_goods() -> tuple[Good, ...]:
    data = tomllib.loads(GOODS_FILE.read_text(encoding="utf-8"))
    return tuple(Good(**{**good, "supplied_by": tuple(good["supplied_by"])})
                 for good in data["good"])


GOODS: tuple[Good, ...] = _read_goods()

TERRAIN_COST = {".": 1, "^": 2, "s": 3, "m": 3, "M": 5}
SURCHARGE = {"river": 2, "lake": 3}
DEMAND_CARDS = 84
DEMANDS_PER_CARD = 3
SEED = 20071995  # the game's years; any fixed number makes the deck reproducible
# payout = BASE + RATE * cost, rounded: Empire Builder family payouts run at roughly
# 1.2-1.5 times the cost of the track they need, plus a little for the first loads.
BASE = 4
RATE = 1.4
MIN_COST = 4   # a demand next door to its supply (cost < 4) is not worth a card
DESTINATION_WEIGHT = {"major": 3, "medium": 2, "small": 1}


def payout(cost: int) -> int:
    return int(BASE + RATE * cost + 0.5)


class BuildCosts:
    """Cheapest build cost between cities over the map (plain Dijkstra with heapq)."""

    def __init__(self, terrain: list[str], the_map: Map) -> None:
        self.terrain = terrain
        self.adjacent: dict[Cell, list[tuple[Cell, int]]] = {cell: [] for cell in the_map.land}
        for a, b in the_map.edges():
            same_city = a in the_map.city_of and the_map.city_of.get(b) == the_map.city_of[a]
            crossing = the_map.crossings.get((a, b))
            if crossing is not None and crossing.kind == "sea":
                continue
            extra = SURCHARGE[crossing.kind] if crossing is not None else 0
            self.adjacent[a].append((b, 0 if same_city else self._cost(b) + extra))
            self.adjacent[b].append((a, 0 if same_city else self._cost(a) + extra))
        for ferry in the_map.ferries:
            self.adjacent[ferry.a].append((ferry.b, ferry.cost + self._cost(ferry.b)))
            self.adjacent[ferry.b].append((ferry.a, ferry.cost + self._cost(ferry.a)))
        self.cells = {p.city.id: p.cells for p in the_map.cities}
        self._from: dict[str, dict[Cell, int]] = {}

    def _cost(self, cell: Cell) -> int:
        return TERRAIN_COST[self.terrain[cell[0]][cell[1]]]

    def from_city(self, city: str) -> dict[Cell, int]:
        if city not in self._from:
            best = dict.fromkeys(self.cells[city], 0)
            queue = [(0, cell) for cell in sorted(self.cells[city])]
            while queue:
                cost, cell = heapq.heappop(queue)
                if cost > best[cell]:
                    continue
                for other, step in self.adjacent[cell]:
                    if cost + step < best.get(other, 1 << 30):
                        best[other] = cost + step
                        heapq.heappush(queue, (cost + step, other))
            self._from[city] = best
        return self._from[city]

    def between(self, source: str, target: str) -> int:
        reached = self.from_city(source)
        return min(reached[cell] for cell in self.cells[target])


@dataclass(frozen=True)
class Demand:
    city: str
    good: str
    payout: int
    cost: int
    source: str    # the nearest supply city (by build cost)


def demand_options(costs: BuildCosts, cities: list[str]) -> list[Demand]:
    """Every (destination, good) pair a card may ask for, with its payout."""
    options = []
    for good in GOODS:
        for city in cities:
            if city in good.supplied_by:
                continue
            cost, source = min((costs.between(s, city), s) for s in good.supplied_by)
            if cost >= MIN_COST:
                options.append(Demand(city, good.id, payout(cost), cost, source))
    return options


def destination_quota(cities: list[str], sizes: dict[str, str]) -> dict[str, int]:
    """How many of the 252 demands go to each city: in proportion to its size (a major
    city consumes three times what a small one does, a medium city twice), rounded by
    largest remainder so the quotas add up exactly."""
    total = DEMAND_CARDS * DEMANDS_PER_CARD
    weights = {city: DESTINATION_WEIGHT[sizes[city]] for city in cities}
    exact = {city: total * w / sum(weights.values()) for city, w in weights.items()}
    quota = {city: int(share) for city, share in exact.items()}
    by_remainder = sorted(cities, key=lambda c: (quota[c] - exact[c], c))
    for city in by_remainder[:total - sum(quota.values())]:
        quota[city] += 1
    return quota


def deal_cards(options: list[Demand], sizes: dict[str, str]) -> list[list[Demand]]:
    """84 cards of 3 demands: on one card three goods and three cities, all different.

    Each city is a destination as often as its quota says; the good a demand asks for is
    drawn in proportion to its chips among those the city can ask for. The seeded
    generator makes the deck reproducible."""
    rng = random.Random(SEED)
    by_city: dict[str, list[Demand]] = {}
    for option in options:
        by_city.setdefault(option.city, []).append(option)
    chips = {good.id: good.chips for good in GOODS}
    quota = destination_quota(sorted(by_city), sizes)
    slots = [city for city in sorted(quota) for _ in range(quota[city])]
    rng.shuffle(slots)
    cards: list[list[Demand]] = []
    while slots:
        card: list[Demand] = []
        for _ in range(DEMANDS_PER_CARD):
            # the first slot whose city is not yet on this card (slots are shuffled)
            index = next((i for i, city in enumerate(slots)
                          if all(city != d.city for d in card)), None)
            if index is None:
                raise ValueError("the destination quotas cannot fill a card")
            city = slots.pop(index)
            choices = [o for o in by_city[city] if all(o.good != d.good for d in card)]
            if not choices:
                raise ValueError(f"no good left for a demand at {city}")
            card.append(rng.choices(choices, [chips[o.good] for o in choices])[0])
        cards.append(card)
    return cards


def milepost(cell: Cell) -> str:
    return grid.milepost_name(*cell)
