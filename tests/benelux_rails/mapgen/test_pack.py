"""Every invariant of the Benelux Rails pack format, checked on the shipped pack.

The build costs here are computed from the pack's data alone (terrain letters, crossings,
ferries), independently of the generator's own Dijkstra, and the payouts are checked
against them.
"""

from __future__ import annotations

import heapq
import itertools
from collections import Counter
from collections.abc import Mapping
from typing import Any

from stellwerk.games.benelux_rails import grid

COST = {".": 1, "^": 2, "s": 3, "m": 3, "M": 5}
SURCHARGE = {"river": 2, "lake": 3}


def letter(data: Mapping[str, Any], name: str) -> str:
    cell = grid.parse_milepost(name)
    assert cell is not None, name
    row, col = cell
    terrain = data["map"]["terrain"]
    assert 0 <= row < len(terrain) and 0 <= col < len(terrain[row]), name
    return str(terrain[row][col])


def city_cells(data: Mapping[str, Any]) -> dict[str, set[tuple[int, int]]]:
    cells = {}
    for city in data["cities"]:
        centre = grid.parse_milepost(city["milepost"])
        assert centre is not None
        ring = set(grid.neighbours(*centre)) if city["size"] == "major" else set()
        cells[city["id"]] = {centre} | ring
    return cells


def cheapest(data: Mapping[str, Any], source: str, target: str) -> int:
    """Cheapest build cost from a city to a city, from the pack's data alone."""
    reached = _from_city(data, source)
    return min(reached[grid.milepost_name(*cell)] for cell in city_cells(data)[target])


_REACHED: dict[tuple[int, str], dict[str, int]] = {}


def _from_city(data: Mapping[str, Any], source: str) -> dict[str, int]:
    key = (id(data), source)
    if key not in _REACHED:
        _REACHED[key] = _dijkstra(data, source)
    return _REACHED[key]


def _dijkstra(data: Mapping[str, Any], source: str) -> dict[str, int]:
    terrain = data["map"]["terrain"]
    crossing = {frozenset(c["edge"]): c["kind"] for c in data["map"]["crossings"]}
    ferries: dict[str, list[tuple[str, int]]] = {}
    for ferry in data["map"]["ferries"]:
        ferries.setdefault(ferry["a"], []).append((ferry["b"], ferry["cost"]))
        ferries.setdefault(ferry["b"], []).append((ferry["a"], ferry["cost"]))
    cells = city_cells(data)
    names = {cell: grid.milepost_name(*cell) for city in cells.values() for cell in city}
    owner = {names[cell]: city for city, each in cells.items() for cell in each}
    best = {names[cell]: 0 for cell in cells[source]}
    queue = [(0, name) for name in sorted(best)]
    while queue:
        cost, name = heapq.heappop(queue)
        if cost > best[name]:
            continue
        row, col = grid.parse_milepost(name) or (0, 0)
        steps = []
        for r, c in grid.neighbours(row, col):
            if 0 <= r < len(terrain) and 0 <= c < len(terrain[r]) and terrain[r][c] != "-":
                other = grid.milepost_name(r, c)
                kind = crossing.get(frozenset((name, other)))
                if kind == "sea":
                    continue
                if owner.get(name) is not None and owner.get(name) == owner.get(other):
                    steps.append((other, 0))
                else:
                    steps.append((other, COST[terrain[r][c]] + SURCHARGE.get(kind or "", 0)))
        steps += [(other, fee + COST[letter(data, other)]) for other, fee in ferries.get(name, [])]
        for other, step in steps:
            if cost + step < best.get(other, 10**9):
                best[other] = cost + step
                heapq.heappush(queue, (cost + step, other))
    return best


def test_the_seed_counts(data):
    assert len(data["goods"]) == 22
    assert sum(good["chips"] for good in data["goods"]) == 56
    assert len(data["cities"]) == 24
    assert Counter(city["size"] for city in data["cities"])["major"] == 4
    assert len(data["demands"]) == 84
    assert all(len(card["demands"]) == 3 for card in data["demands"])
    assert len(data["events"]) == 10
    assert sorted(card["id"] for card in data["demands"]) == list(range(1, 85))


def test_everything_is_marked_reconstructed(pack):
    counts = pack.provenance_counts()
    assert counts["confirmed"] == 0
    assert counts["reconstructed"] == 1 + 22 + 24 + 84 + 10


def test_terrain_rows_have_the_grid_size(data):
    the_map = data["map"]
    assert len(the_map["terrain"]) == the_map["rows"]
    assert all(len(row) == the_map["cols"] for row in the_map["terrain"])
    assert 30 <= the_map["rows"] <= 45


def test_cities_stand_on_their_letter_and_major_rings_are_all_m(data):
    size_letter = {"small": "s", "medium": "m", "major": "M"}
    for city in data["cities"]:
        assert letter(data, city["milepost"]) == size_letter[city["size"]], city["id"]
    for city, cells in city_cells(data).items():
        assert all(letter(data, grid.milepost_name(*cell)) in "smM" for cell in cells), city
    terrain = "".join(data["map"]["terrain"])
    assert terrain.count("M") == 4 * 7
    assert terrain.count("s") + terrain.count("m") == 20


def test_no_two_cities_on_neighbouring_mileposts(data):
    cells = city_cells(data)
    for a, mine in cells.items():
        around = {n for cell in mine for n in grid.neighbours(*cell)} | mine
        for b, theirs in cells.items():
            assert a == b or not (around & theirs), (a, b)


def test_crossings_join_neighbouring_land_mileposts_once(data):
    seen = set()
    rivers = {river["name"] for river in data["map"]["rivers"]}
    waters = {o["name"] for o in data["map"]["outlines"] if o["kind"] in ("sea", "lake")}
    for crossing in data["map"]["crossings"]:
        a, b = crossing["edge"]
        assert letter(data, a) != "-" and letter(data, b) != "-", crossing
        cell_a, cell_b = grid.parse_milepost(a), grid.parse_milepost(b)
        assert cell_a is not None and cell_b in set(grid.neighbours(*cell_a)), crossing
        assert frozenset((a, b)) not in seen, crossing
        seen.add(frozenset((a, b)))
        assert crossing["name"] in (rivers if crossing["kind"] == "river" else waters)
    kinds = Counter(c["kind"] for c in data["map"]["crossings"])
    assert kinds["river"] > 100 and kinds["lake"] >= 1 and kinds["sea"] >= 1


def test_ferries_join_two_land_ports_that_are_not_neighbours(data):
    ferries = data["map"]["ferries"]
    assert {f["id"] for f in ferries} == {"westerschelde", "ijsselmeer"}
    for ferry in ferries:
        assert letter(data, ferry["a"]) != "-" and letter(data, ferry["b"]) != "-"
        cell_a = grid.parse_milepost(ferry["a"])
        assert cell_a is not None
        assert grid.parse_milepost(ferry["b"]) not in {cell_a, *grid.neighbours(*cell_a)}


def test_every_good_is_supplied_and_demanded_and_never_at_its_source(data):
    supplied: dict[str, set[str]] = {}
    for city in data["cities"]:
        for good in city["supplies"]:
            supplied.setdefault(good, set()).add(city["id"])
    goods = {good["id"] for good in data["goods"]}
    assert set(supplied) == goods
    assert all(1 <= len(cities) <= 3 for cities in supplied.values())
    demanded = Counter()
    for card in data["demands"]:
        assert len({d["good"] for d in card["demands"]}) == 3
        assert len({d["city"] for d in card["demands"]}) == 3
        for demand in card["demands"]:
            assert demand["city"] not in supplied[demand["good"]], (card["id"], demand)
            demanded[demand["good"]] += 1
    assert set(demanded) == goods
    assert {d["city"] for card in data["demands"] for d in card["demands"]} == \
        {city["id"] for city in data["cities"]}


def test_payouts_follow_the_cheapest_build_cost_from_the_nearest_supply(data):
    supplied: dict[str, list[str]] = {}
    for city in data["cities"]:
        for good in city["supplies"]:
            supplied.setdefault(good, []).append(city["id"])
    pairs = []
    for card in data["demands"]:
        for demand in card["demands"]:
            cost = min(cheapest(data, source, demand["city"])
                       for source in supplied[demand["good"]])
            pairs.append((cost, demand["payout"]))
    pairs.sort()
    # monotone: a dearer route never pays less, and a strictly dearer one by 3 M pays more
    for (cost_a, pay_a), (cost_b, pay_b) in itertools.pairwise(pairs):
        assert pay_a <= pay_b, ((cost_a, pay_a), (cost_b, pay_b))
    by_cost = dict(pairs)
    assert all(by_cost[c] < by_cost[d] for c in by_cost for d in by_cost if d >= c + 3)
    assert pairs[0][0] >= 4 and pairs[-1][1] >= 3 * pairs[0][1]


def test_events_name_mileposts_and_edges_on_the_map(data):
    cities = {city["id"] for city in data["cities"]}
    crossings = {frozenset(c["edge"]): c for c in data["map"]["crossings"]}
    kinds = Counter(event["kind"] for event in data["events"])
    assert kinds == {"flood": 3, "strike": 2, "derailment": 2, "snow": 1, "gale": 2}
    for event in data["events"]:
        assert all(letter(data, name) != "-" for name in event.get("mileposts", []))
        assert set(event.get("cities", [])) <= cities
        for edge in event.get("edges", []):
            assert crossings[frozenset(edge)]["kind"] in ("river", "lake")
        if event["kind"] == "flood":
            assert event["edges"], event["id"]
            named = {crossings[frozenset(edge)]["name"] for edge in event["edges"]}
            assert event["river"] in named
        else:
            assert event["mileposts"], event["id"]
        for key in ("name_en", "name_de", "text_en", "text_de"):
            assert event[key].strip()


def test_snow_falls_on_exactly_the_mountains(data):
    mountains = {grid.milepost_name(r, c) for r, row in enumerate(data["map"]["terrain"])
                 for c, char in enumerate(row) if char == "^"}
    snow = next(event for event in data["events"] if event["kind"] == "snow")
    assert set(snow["mileposts"]) == mountains and len(mountains) > 30


def test_a_derailment_covers_three_steps_around_its_cities(data):
    cells = city_cells(data)
    for event in data["events"]:
        if event["kind"] != "derailment":
            continue
        region = set(event["mileposts"])
        for city in event["cities"]:
            for cell in cells[city]:
                assert grid.milepost_name(*cell) in region
                for near in grid.neighbours(*cell):
                    name = grid.milepost_name(*near)
                    if letter(data, name) != "-":
                        assert name in region


def test_gales_hit_the_coast(data):
    for event in data["events"]:
        if event["kind"] != "gale":
            continue
        for name in event["mileposts"]:
            cell = grid.parse_milepost(name)
            assert cell is not None
            assert any(not (0 <= r < data["map"]["rows"] and 0 <= c < data["map"]["cols"])
                       or data["map"]["terrain"][r][c] == "-"
                       for r, c in grid.neighbours(*cell)), name


def test_cities_lie_near_their_real_place(data):
    """The milepost is within 1.3 steps (the generator's snapping limit) of the city's
    projected latitude and longitude."""
    from stellwerk.games.benelux_rails.mapgen.grid_over import project
    for city in data["cities"]:
        x, y = project(city["lon"], city["lat"])
        cell = grid.parse_milepost(city["milepost"])
        assert cell is not None
        px, py = grid.position(*cell)
        assert (px - x) ** 2 + (py - y) ** 2 <= 1.3 ** 2, city["id"]


def test_the_schema_refuses_a_broken_copy_of_the_pack_naming_the_item(tmp_path):
    import pytest

    from stellwerk.core.content import load_pack, load_schema
    from stellwerk.core.errors import BadPack
    from tests.benelux_rails.mapgen.conftest import PACK_DIR

    text = (PACK_DIR / "benelux-rails.toml").read_text(encoding="utf-8")
    schema = load_schema(PACK_DIR / "schema.json")
    breakages = {
        'kind = "river"': ('kind = "swamp"', "map.crossings"),
        '[map]\nprovenance = "reconstructed"': ('[map]\nprovenance = "guessed"',
                                                "map.provenance"),
        '  "------------------------------",\n]': ('  "----x-------------------------",\n]',
                                                 "map.terrain[42]"),
    }
    for old, (new, item) in breakages.items():
        assert old in text
        broken = tmp_path / "broken.toml"
        broken.write_text(text.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(BadPack) as refused:
            load_pack(broken, "benelux-rails", schema)
        assert item in str(refused.value) and "broken.toml" in str(refused.value)


def _inside(x: float, y: float, polygon: list[list[float]]) -> bool:
    crossings = 0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def _cross(p, q, r, s) -> bool:
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return side(p, q, r) * side(p, q, s) <= 0 and side(r, s, p) * side(r, s, q) <= 0


def test_mileposts_lie_on_land_inside_the_area_and_mountains_in_the_uplands(data):
    outlines = data["map"]["outlines"]
    area = outlines[0]
    assert area["kind"] == "land"
    water = [o["points"] for o in outlines if o["kind"] in ("sea", "lake")]
    uplands = [o["points"] for o in outlines if o["kind"] == "upland"]
    for r, row in enumerate(data["map"]["terrain"]):
        for c, char in enumerate(row):
            x, y = grid.position(r, c)
            on_land = _inside(x, y, area["points"]) and \
                not any(_inside(x, y, poly) for poly in water)
            if char == "-":
                continue
            assert on_land, grid.milepost_name(r, c)
            in_upland = any(_inside(x, y, poly) for poly in uplands)
            if char in ".^":
                assert (char == "^") == in_upland, grid.milepost_name(r, c)


def test_a_river_crossing_edge_crosses_that_river_and_plain_edges_cross_none(data):
    rivers = {river["name"]: river["points"] for river in data["map"]["rivers"]}
    listed = {frozenset(c["edge"]): c for c in data["map"]["crossings"]}
    terrain = data["map"]["terrain"]
    cells = city_cells(data)
    same_city = {frozenset(grid.milepost_name(*cell) for cell in pair)
                 for each in cells.values() for pair in
                 ((a, b) for a in each for b in each if a < b)}
    for r, row in enumerate(terrain):
        for c, char in enumerate(row):
            if char == "-":
                continue
            for nr, nc in grid.neighbours(r, c):
                if not (0 <= nr < len(terrain) and 0 <= nc < len(row)) or \
                        terrain[nr][nc] == "-" or (nr, nc) < (r, c):
                    continue
                edge = frozenset((grid.milepost_name(r, c), grid.milepost_name(nr, nc)))
                p, q = grid.position(r, c), grid.position(nr, nc)
                crossed = {name for name, line in rivers.items()
                           if any(_cross(p, q, a, b) for a, b in itertools.pairwise(line))}
                crossing = listed.get(edge)
                if crossing is not None and crossing["kind"] == "river":
                    assert crossing["name"] in crossed, crossing
                elif crossing is None and edge not in same_city:
                    assert not crossed, (sorted(edge), crossed)
