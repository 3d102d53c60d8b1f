"""The Benelux Rails map and card generator: hand-written geography in, content pack out.

`generate(out_path)` writes the shipped pack (`pack/benelux-rails.toml`) byte for byte;
`build()` returns the pack as data, `statistics()` the figures the documentation quotes.
Everything it makes is marked `provenance = "reconstructed"`
(docs/benelux-rails-reconstruction.md explains every choice).
"""

from __future__ import annotations

import statistics as stats
from collections import Counter
from pathlib import Path
from typing import Any

from stellwerk.games.benelux_rails import grid
from stellwerk.games.benelux_rails.mapgen import cards, events, geography, grid_over
from stellwerk.games.benelux_rails.mapgen.grid_over import Cell, Map, project_all
from stellwerk.games.benelux_rails.mapgen.writer import dumps

PACK_PATH = Path(__file__).resolve().parent.parent / "pack" / "benelux-rails.toml"
RECONSTRUCTED = "reconstructed"

HEADER = """\
Benelux Rails content pack: Stellwerk's reconstruction. GENERATED FILE - do not edit.

Made by the map and card generator (src/stellwerk/games/benelux_rails/mapgen/) from its
hand-written geography; regenerate with

    python3 scripts/generate_benelux_pack.py

The extracted rule text lost the map, the goods chart, the 84 demand cards and the 10
event cards: everything here is provenance = "reconstructed" (how and why:
docs/benelux-rails-reconstruction.md; the format: docs/benelux-rails-pack-format.md).
If you own the game, write a pack of the same format with the printed content and pass
it with --pack FILE; no code has to change."""

MAP_NOTES = (
    "Triangular milepost grid over Belgium, the Netherlands, Luxembourg and a strip of "
    "north-western Germany. Projection: equirectangular with standard parallel lat0; the "
    "grid's centre (x = (cols-1)/2, y = (rows-1)/2 * sqrt(3)/2 in grid units) lies at "
    "(lat0, lon0); one grid step is km_per_step km. A milepost exists where its point is "
    "on land inside the area; mountains are the Ardennes and Eifel; a major city's ring "
    "is land even where the shore is nearer than a step. Crossings come from segment "
    "tests of each edge against the river lines and water outlines (water wider than "
    f"{grid_over.MAX_BRIDGE_SHARE:.0%} of a step counts as open water).")


def _name(cell: Cell) -> str:
    return grid.milepost_name(*cell)


def _points(points: list[tuple[float, float]]) -> list[list[float]]:
    return [[round(x, 2), round(y, 2)] for x, y in points]


def _outlines() -> list[dict[str, Any]]:
    shapes: list[tuple[str, str, tuple[geography.Point, ...]]] = [
        ("land", "Benelux and north-western Germany", geography.AREA)]
    shapes += [(water.kind if water.kind == "lake" else "sea", water.name, water.points)
               for water in geography.WATERS]
    shapes += [("land", island.name, island.points) for island in geography.ISLANDS]
    shapes += [("upland", upland.name, upland.points) for upland in geography.UPLANDS]
    shapes += [("border", line.name, line.points) for line in geography.BORDERS]
    return [{"kind": kind, "name": name, "points": _points(project_all(points))}
            for kind, name, points in shapes]


class Generated:
    """The laid grid, the build costs over it and the dealt deck (one run)."""

    def __init__(self) -> None:
        self.map: Map = grid_over.lay_grid()
        self.terrain = self.map.terrain_rows()
        self.costs = cards.BuildCosts(self.terrain, self.map)
        city_ids = [placed.city.id for placed in self.map.cities]
        self.options = cards.demand_options(self.costs, city_ids)
        self.deck = cards.deal_cards(
            self.options, {placed.city.id: placed.city.size for placed in self.map.cities})
        self.events = [events.region(event, self.map) for event in events.EVENTS]

    def document(self) -> dict[str, Any]:
        the_map = self.map
        supplies: dict[str, list[str]] = {}
        for good in cards.GOODS:
            for city in good.supplied_by:
                supplies.setdefault(city, []).append(good.id)
        by_id = {placed.city.id: placed for placed in the_map.cities}
        return {
            "pack": {"id": "benelux-rails-stellwerk", "game": "benelux-rails", "version": "1",
                     "title": "Benelux Rails, reconstructed by Stellwerk"},
            "map": {
                "provenance": RECONSTRUCTED,
                "notes": MAP_NOTES,
                "rows": grid_over.ROWS,
                "cols": grid_over.COLS,
                "km_per_step": grid_over.KM_PER_STEP,
                "projection": {"lat0": grid_over.LAT0, "lon0": grid_over.LON0,
                               "km_per_step": grid_over.KM_PER_STEP},
                "terrain": self.terrain,
                "crossings": [{"edge": [_name(a), _name(b)], "kind": c.kind, "name": c.name}
                              for (a, b), c in sorted(the_map.crossings.items())],
                "ferries": [{"id": f.id, "name": f.name, "a": _name(f.a), "b": _name(f.b),
                             "cost": f.cost} for f in the_map.ferries],
                "outlines": _outlines(),
                "rivers": [{"name": line.name,
                            "points": _points(project_all(line.points))}
                           for line in geography.RIVERS],
            },
            "goods": [{"id": g.id, "name_en": g.name_en, "name_de": g.name_de,
                       "chips": g.chips, "provenance": RECONSTRUCTED} for g in cards.GOODS],
            "cities": [{"id": c.id, "name": c.name, "name_de": c.name_de, "size": c.size,
                        "milepost": _name(by_id[c.id].cell), "lat": c.lat, "lon": c.lon,
                        "supplies": supplies.get(c.id, []), "provenance": RECONSTRUCTED}
                       for c in geography.CITIES],
            "demands": [{"id": number, "provenance": RECONSTRUCTED,
                         "demands": [{"city": d.city, "good": d.good, "payout": d.payout}
                                     for d in card]}
                        for number, card in enumerate(self.deck, start=1)],
            "events": [self._event(event) for event in self.events],
        }

    @staticmethod
    def _event(event: events.Event) -> dict[str, Any]:
        item: dict[str, Any] = {"id": event.id, "provenance": RECONSTRUCTED,
                                "kind": event.kind, "duration": event.duration,
                                "name_en": event.name_en, "name_de": event.name_de,
                                "text_en": event.text_en, "text_de": event.text_de}
        if event.river is not None:
            item["river"] = event.river
        if event.cities:
            item["cities"] = list(event.cities)
        if event.mileposts:
            item["mileposts"] = event.mileposts
        if event.edges:
            item["edges"] = event.edges
        return item

    def text(self) -> str:
        return dumps(self.document(), HEADER)


def build() -> dict[str, Any]:
    """The pack as data (what `tomllib` reads back from the generated file)."""
    return Generated().document()


def pack_bytes() -> bytes:
    """The pack generated afresh, as the bytes of its file (equal to the shipped pack)."""
    return Generated().text().encode("utf-8")


def generate(out_path: Path | str | None = None) -> bytes:
    """Write the pack to `out_path` (default: the shipped pack) and return its bytes."""
    data = pack_bytes()
    Path(out_path or PACK_PATH).write_bytes(data)
    return data


def statistics() -> dict[str, Any]:
    """The figures docs/benelux-rails-reconstruction.md quotes."""
    run = Generated()
    the_map = run.map
    letters = Counter("".join(run.terrain))
    payouts = [d.payout for card in run.deck for d in card]
    costs = [d.cost for card in run.deck for d in card]
    return {
        "grid": f"{grid_over.ROWS} rows x {grid_over.COLS} columns",
        "mileposts": len(the_map.land),
        "terrain": {k: letters[k] for k in ".^smM"},
        "crossings": dict(sorted(Counter(c.kind for c in the_map.crossings.values()).items())),
        "river crossings": dict(sorted(Counter(
            c.name for c in the_map.crossings.values() if c.kind == "river").items())),
        "coast mileposts": len(the_map.coast),
        "city offsets km": {p.city.id: p.offset_km for p in the_map.cities},
        "forced land": {p.city.id: [_name(c) for c in p.forced_land]
                        for p in the_map.cities if p.forced_land},
        "ferries": {f.id: (_name(f.a), _name(f.b)) for f in the_map.ferries},
        "demand options": len(run.options),
        "payout": (min(payouts), round(stats.mean(payouts), 1), stats.median(payouts),
                   max(payouts)),
        "build cost": (min(costs), round(stats.mean(costs), 1), max(costs)),
        "payout deciles": [int(q) for q in stats.quantiles(payouts, n=10)],
        "destinations": dict(Counter(d.city for card in run.deck for d in card)),
        "goods demanded": dict(Counter(d.good for card in run.deck for d in card)),
        "event regions": {e.id: len(e.mileposts) or len(e.edges) for e in run.events},
    }
