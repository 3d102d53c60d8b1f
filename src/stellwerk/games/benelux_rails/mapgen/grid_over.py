"""Lay the triangular milepost grid over the hand-written geography.

Projection: equirectangular with standard parallel `LAT0`; the grid's centre sits at (LAT0, LON0)
and one grid step is `KM_PER_STEP` km. A milepost exists where its point is inside the playable area
and not on water (docs/games/benelux-rails.md#br-rules: "Gibt es aufgrund von Gewässern oder Grenzen
keine Marken, so kann dort auch nicht gebaut werden"); it is a mountain inside an upland. Cities
snap to the nearest free milepost; an edge crossing water or a river gets its crossing by segment
tests against the outlines.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from stellwerk.games.benelux_rails import grid
from stellwerk.games.benelux_rails.mapgen import geography as geo

LAT0 = 51.535
LON0 = 5.10
KM_PER_STEP = 13.0
ROWS = 43
COLS = 30
KM_PER_DEG_LAT = 110.57
KM_PER_DEG_LON_EQUATOR = 111.32
# An edge whose water part is longer than this share of a step (13 km) is too wide to
# bridge even where the water is a lake or bay: it counts as open water (no track).
MAX_BRIDGE_SHARE = 0.6
SAMPLES = 24  # points tested along an edge for water

Cell = tuple[int, int]
XY = tuple[float, float]


def project(lon: float, lat: float) -> XY:
    """(lon, lat) in degrees -> (x, y) in grid units (y grows southwards)."""
    km_x = (lon - LON0) * KM_PER_DEG_LON_EQUATOR * math.cos(math.radians(LAT0))
    km_y = (LAT0 - lat) * KM_PER_DEG_LAT
    centre_x = (COLS - 1) / 2
    centre_y = (ROWS - 1) / 2 * grid.ROW_HEIGHT
    return centre_x + km_x / KM_PER_STEP, centre_y + km_y / KM_PER_STEP


def project_all(points: Iterable[geo.Point]) -> list[XY]:
    """Projected and rounded to 0.01 step (130 m) as the pack writes them, so the land,
    water and crossing tests use exactly the outlines the pack and the picture carry."""
    return [(round(x, 2), round(y, 2)) for x, y in (project(lon, lat) for lon, lat in points)]


def inside(point: XY, polygon: Sequence[XY]) -> bool:
    """Even-odd ray casting."""
    x, y = point
    result = False
    j = len(polygon) - 1
    for i in range(len(polygon)):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            result = not result
        j = i
    return result


def _orient(a: XY, b: XY, c: XY) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(p: XY, q: XY, r: XY, s: XY) -> bool:
    """Do the segments p-q and r-s intersect (touching counts)?"""
    d1, d2 = _orient(r, s, p), _orient(r, s, q)
    d3, d4 = _orient(p, q, r), _orient(p, q, s)
    return ((d1 > 0) != (d2 > 0) or d1 == 0 or d2 == 0) and \
        ((d3 > 0) != (d4 > 0) or d3 == 0 or d4 == 0) and \
        not (d1 == d2 == 0 and not _overlap(p, q, r, s))


def _overlap(p: XY, q: XY, r: XY, s: XY) -> bool:
    return (min(p[0], q[0]) <= max(r[0], s[0]) and min(r[0], s[0]) <= max(p[0], q[0])
            and min(p[1], q[1]) <= max(r[1], s[1]) and min(r[1], s[1]) <= max(p[1], q[1]))


def crosses_line(p: XY, q: XY, line: Sequence[XY]) -> bool:
    return any(segments_cross(p, q, line[i], line[i + 1]) for i in range(len(line) - 1))


def hex_distance(a: Cell, b: Cell) -> int:
    """Steps between two mileposts on the triangular grid (odd rows shifted right)."""
    def cube(cell: Cell) -> tuple[int, int]:
        row, col = cell
        return col - (row - (row & 1)) // 2, row
    (ax, az), (bx, bz) = cube(a), cube(b)
    dx, dz = ax - bx, az - bz
    return max(abs(dx), abs(dz), abs(dx + dz))


def on_grid(cell: Cell) -> bool:
    return 0 <= cell[0] < ROWS and 0 <= cell[1] < COLS


@dataclass
class PlacedCity:
    city: geo.City
    cell: Cell
    cells: list[Cell]           # the centre, and a major city's six neighbours
    forced_land: list[Cell]     # ring mileposts the water test had put on water
    offset_km: float            # how far the milepost is from the real place


@dataclass
class Crossing:
    kind: str                   # river, lake, sea
    name: str                   # the water's or first river's name
    rivers: list[str]           # every river the edge crosses (floods use them all)


@dataclass
class Ferry:
    id: str
    name: str
    a: Cell
    b: Cell
    cost: int


@dataclass
class Map:
    land: set[Cell]
    mountains: set[Cell]
    cities: list[PlacedCity]
    crossings: dict[tuple[Cell, Cell], Crossing]
    ferries: list[Ferry]
    coast: set[Cell]            # land mileposts next to open sea
    city_of: dict[Cell, str] = field(default_factory=dict)

    def terrain_rows(self) -> list[str]:
        letter = {"small": "s", "medium": "m", "major": "M"}
        rows = []
        for r in range(ROWS):
            chars = []
            for c in range(COLS):
                cell = (r, c)
                if cell not in self.land:
                    chars.append("-")
                elif cell in self.city_of:
                    chars.append(letter[self._size(cell)])
                else:
                    chars.append("^" if cell in self.mountains else ".")
            rows.append("".join(chars))
        return rows

    def _size(self, cell: Cell) -> str:
        return next(p.city.size for p in self.cities if p.city.id == self.city_of[cell])

    def edges(self) -> Iterable[tuple[Cell, Cell]]:
        """Every pair of neighbouring land mileposts, each once (a < b)."""
        for a in sorted(self.land):
            for b in grid.neighbours(*a):
                if b in self.land and a < b:
                    yield a, b


def _water_at(point: XY, waters: list[tuple[geo.Water, list[XY]]]) -> geo.Water | None:
    for water, polygon in waters:
        if inside(point, polygon):
            return water
    return None


def _classify(a: Cell, b: Cell, waters: list[tuple[geo.Water, list[XY]]],
              rivers: list[tuple[str, list[XY]]]) -> Crossing | None:
    p, q = grid.position(*a), grid.position(*b)
    wet: list[geo.Water] = []
    for i in range(1, SAMPLES):
        t = i / SAMPLES
        water = _water_at((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t), waters)
        if water is not None:
            wet.append(water)
    crossed = [name for name, line in rivers if crosses_line(p, q, line)]
    if wet:
        sea = next((w for w in wet if w.kind == "sea"), None)
        if sea is not None:
            return Crossing("sea", sea.name, crossed)
        if len(wet) / SAMPLES > MAX_BRIDGE_SHARE:
            return Crossing("sea", wet[0].name, crossed)
        return Crossing("lake", wet[0].name, crossed)
    if crossed:
        return Crossing("river", crossed[0], crossed)
    return None


def _is_land(cell: Cell, area: list[XY], waters: list[tuple[geo.Water, list[XY]]]) -> bool:
    point = grid.position(*cell)
    return inside(point, area) and _water_at(point, waters) is None


def _ring(cell: Cell) -> list[Cell]:
    return [cell, *grid.neighbours(*cell)]


def _place_cities(land: set[Cell]) -> list[PlacedCity]:
    """Majors first: each city takes the nearest milepost (within 1.3 steps) that keeps
    cities apart: no two city mileposts neighbours, a major ring wholly on the grid and
    preferably on land."""
    order = sorted(geo.CITIES, key=lambda c: ("major", "medium", "small").index(c.size))
    placed: list[PlacedCity] = []
    taken: list[Cell] = []
    for city in order:
        x, y = project(city.lon, city.lat)
        row0, col0 = grid.nearest(x, y)
        candidates = []
        for r in range(row0 - 2, row0 + 3):
            for c in range(col0 - 2, col0 + 3):
                px, py = grid.position(r, c)
                distance = math.hypot(px - x, py - y)
                if distance <= 1.3 and on_grid((r, c)):
                    candidates.append((distance, (r, c)))
        chosen: PlacedCity | None = None
        for needs_land_ring in (True, False):
            for distance, cell in sorted(candidates):
                cells = _ring(cell) if city.size == "major" else [cell]
                if not all(on_grid(each) for each in cells) or cell not in land:
                    continue
                if needs_land_ring and not all(each in land for each in cells):
                    continue
                if any(hex_distance(each, other) < 2 for each in cells for other in taken):
                    continue
                chosen = PlacedCity(city, cell, cells,
                                    [each for each in cells if each not in land],
                                    round(distance * KM_PER_STEP, 1))
                break
            if chosen is not None:
                break
        if chosen is None:
            raise ValueError(f"no milepost for {city.name}")
        placed.append(chosen)
        taken.extend(chosen.cells)
    return placed


def _port(point: geo.Point, land: set[Cell], avoid: Cell | None) -> Cell:
    """The land milepost nearest to a ferry port, not next to the other port."""
    x, y = project(*point)
    options = sorted((math.hypot(grid.position(*cell)[0] - x, grid.position(*cell)[1] - y),
                      cell) for cell in land)
    for _, cell in options:
        if avoid is None or (cell != avoid and hex_distance(cell, avoid) > 1):
            return cell
    raise ValueError("no milepost for a ferry port")


def lay_grid() -> Map:
    area = project_all(geo.AREA)
    waters = [(water, project_all(water.points)) for water in geo.WATERS]
    rivers = [(line.name, project_all(line.points)) for line in geo.RIVERS]
    uplands = [project_all(line.points) for line in geo.UPLANDS]
    land = {(r, c) for r in range(ROWS) for c in range(COLS)
            if _is_land((r, c), area, waters)}
    cities = _place_cities(land)
    city_of: dict[Cell, str] = {}
    for placed in cities:
        land.update(placed.cells)   # a major city's ring is land even at the shore
        for cell in placed.cells:
            city_of[cell] = placed.city.id
    mountains = {cell for cell in land
                 if any(inside(grid.position(*cell), poly) for poly in uplands)}
    result = Map(land, mountains, cities, {}, [], set(), city_of)
    for a, b in result.edges():
        if a in city_of and city_of.get(b) == city_of[a]:
            continue  # inside one major city: never built (docs/games/benelux-rails.md#br-rules)
        crossing = _classify(a, b, waters, rivers)
        if crossing is not None:
            result.crossings[(a, b)] = crossing
    sea = [poly for water, poly in waters if water.kind == "sea" and water.name != "IJsselmeer"]
    for cell in land:
        if any(any(inside(grid.position(*other), p) for p in sea)
               for other in grid.neighbours(*cell)):
            result.coast.add(cell)
    for ferry_id, name, where_a, where_b, cost in geo.FERRIES:
        port_a = _port(where_a, land, None)
        result.ferries.append(Ferry(ferry_id, name, port_a, _port(where_b, land, port_a), cost))
    return result
