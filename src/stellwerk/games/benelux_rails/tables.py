"""The Benelux Rails content pack compiled into compact lookup arrays.

Mileposts are numbered 0..N-1 in reading order (rows from the north, columns from the west). Each
has a terrain code, a city (or -1) and up to six neighbours; an edge is a pair i < j encoded as one
int `i * N + j`. The build cost of an edge is the cost of the milepost it connects to plus its water
surcharge (docs/games/benelux-rails.md#br-building: "Costs per milepost connected: plain 1, mountain
2, small city 3, medium city 3, major city 5; crossing a river +2, a lake or bay +3"). Sea edges are
left out: no track crosses them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stellwerk.core.content import ContentPack
from stellwerk.core.errors import BadPack
from stellwerk.games.benelux_rails import grid

PLAIN, MOUNTAIN, SMALL, MEDIUM, MAJOR = ".", "^", "s", "m", "M"
TERRAIN_COST = {PLAIN: 1, MOUNTAIN: 2, SMALL: 3, MEDIUM: 3, MAJOR: 5}
WATER_COST = {"river": 2, "lake": 3}
# docs/games/benelux-rails.md#br-building: City access
ACCESS_LIMIT = {"small": 2, "medium": 3, "major": 99}
FERRY_PORT_LIMIT = 2


@dataclass(frozen=True)
class City:
    id: str
    name: str
    name_de: str
    size: str
    centre: int                    # milepost index (a major city's centre)
    mileposts: tuple[int, ...]     # a major city's seven, else one
    supplies: tuple[int, ...]      # good indices


@dataclass(frozen=True)
class Event:
    id: str
    kind: str
    duration: str
    names: Mapping[str, str]
    texts: Mapping[str, str]
    mileposts: frozenset[int]
    edges: frozenset[int]
    cities: tuple[str, ...]
    river: str


@dataclass(frozen=True)
class Ferry:
    id: str
    name: str
    a: int
    b: int
    cost: int


@dataclass(frozen=True)
class Tables:
    pack_id: str
    sha256: str
    rows: int
    cols: int
    n: int
    names: tuple[str, ...]
    index: Mapping[str, int]                  # milepost name -> index
    cells: tuple[tuple[int, int], ...]        # index -> (row, col)
    terrain: str                              # index -> terrain code
    city_at: tuple[int, ...]                  # index -> city number or -1
    adjacent: tuple[tuple[int, ...], ...]     # index -> neighbour indices (no sea edges)
    water: Mapping[int, tuple[str, str]]      # edge -> (kind, name) for river/lake edges
    build_cost: Mapping[int, int]             # directed (i * n + j) -> cost to build i->j
    links: tuple[tuple[tuple[int, int, int], ...], ...]  # i -> (j, build cost i->j, edge)
    cities: tuple[City, ...]
    city_index: Mapping[str, int]
    goods: tuple[str, ...]
    good_names: tuple[Mapping[str, str], ...]
    chips: tuple[int, ...]
    good_index: Mapping[str, int]
    demands: Mapping[int, tuple[tuple[int, int, int], ...]]  # card -> (city, good, payout) x3
    events: Mapping[str, Event]
    ferries: tuple[Ferry, ...]
    ferry_at: Mapping[int, tuple[int, ...]]   # port milepost -> ferry numbers
    majors: tuple[int, ...]                   # city numbers of the major cities
    # milepost -> how many players' track may reach it: the milepost of a small or
    # medium city, and a ferry port outside a major city (limited like a small city)
    access_limits: Mapping[int, int]
    city_alias: Mapping[str, int]             # id, German word, its ASCII form -> city
    good_alias: Mapping[str, int]             # id, German word, its ASCII form -> good
    city_words_de: tuple[str, ...]            # the German word shown per city (Brüssel)
    good_words_de: tuple[str, ...]            # the German word shown per good (Käse)

    def city_word(self, city: int, lang: str) -> str:
        """A city as a player reads it and may type it back: the id in English, the
        German name (one word) in German."""
        return self.city_words_de[city] if lang == "de" else self.cities[city].id

    def good_word(self, good: int, lang: str) -> str:
        return self.good_words_de[good] if lang == "de" else self.goods[good]

    def city_params(self, city: int) -> dict[str, str]:
        """A refusal's city in both languages ({city} English, {city_de} German)."""
        return {"city": self.cities[city].name, "city_de": self.city_words_de[city]}

    def good_params(self, good: int) -> dict[str, str]:
        return {"good": self.goods[good], "good_de": self.good_words_de[good]}

    def edge(self, a: int, b: int) -> int:
        return a * self.n + b if a < b else b * self.n + a

    def ends(self, edge: int) -> tuple[int, int]:
        return divmod(edge, self.n)

    def same_major(self, a: int, b: int) -> bool:
        """Both mileposts belong to one major city: joined for everyone, free."""
        city = self.city_at[a]
        return city >= 0 and city == self.city_at[b] and self.cities[city].size == "major"

    def is_major(self, i: int) -> bool:
        city = self.city_at[i]
        return city >= 0 and self.cities[city].size == "major"


def typed_word(name: str) -> str:
    """A name as one word of notation: spaces and slashes become hyphens."""
    return "-".join(name.replace("/", " ").split())


ASCII_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "è": "e", "é": "e"})


def aliases(ids: Sequence[str], words: Sequence[str]) -> dict[str, int]:
    """Every way to type an item: its id, its German word and that word in ASCII; ids
    win over another item's German word (the pack's ids are the canonical notation)."""
    out = {item: k for k, item in enumerate(ids)}
    for k, word in enumerate(words):
        for form in (word.lower(), word.lower().translate(ASCII_FOLD)):
            out.setdefault(form, k)
    return out


def shown(words: Sequence[str], alias: Mapping[str, int], ids: Sequence[str]
          ) -> tuple[str, ...]:
    """The German word shown for each item, or its id where that word would be read
    back as another item (so what is shown can always be typed)."""
    return tuple(w if alias.get(w.lower()) == k else ids[k] for k, w in enumerate(words))


def _milepost(data: Mapping[str, Any], name: str, where: str, index: Mapping[str, int]) -> int:
    if name not in index:
        raise BadPack(f"{where}: {name!r} is not a milepost on the map")
    return index[name]


def check_pack(data: Mapping[str, Any]) -> None:
    """Cross-references the schema cannot check (raises BadPack naming the item)."""
    compile_data(data, "check", "")


def compile_pack(pack: ContentPack) -> Tables:
    return compile_data(pack.data, pack.id, pack.sha256)


def compile_data(data: Mapping[str, Any], pack_id: str, sha: str) -> Tables:
    m = data["map"]
    cells, codes = _cells(m)
    n = len(cells)
    at = {cell: i for i, cell in enumerate(cells)}
    names = tuple(grid.milepost_name(r, c) for r, c in cells)
    index = {name: i for i, name in enumerate(names)}

    def edge(a: int, b: int) -> int:
        return a * n + b if a < b else b * n + a

    water, sea = _crossings(data, cells, at, index, edge)
    adjacent = []
    for i, (r, c) in enumerate(cells):
        near = [at[x] for x in grid.neighbours(r, c) if x in at]
        adjacent.append(tuple(j for j in near if edge(i, j) not in sea))

    goods = tuple(g["id"] for g in data["goods"])
    good_index = {g: k for k, g in enumerate(goods)}
    if len(good_index) != len(goods):
        raise BadPack("goods: a good id is used twice")
    cities, city_at = _cities(data, cells, codes, at, names, index, good_index)
    city_index = {c.id: k for k, c in enumerate(cities)}
    if len(city_index) != len(cities):
        raise BadPack("cities: a city id is used twice")
    for i, code in enumerate(codes):
        if code in (SMALL, MEDIUM, MAJOR) and city_at[i] < 0:
            raise BadPack(f"map.terrain: milepost {names[i]} is marked {code!r} but no city "
                          "stands there")
    majors = tuple(k for k, c in enumerate(cities) if c.size == "major")
    if len(majors) != 4:
        raise BadPack(f"cities: the game needs 4 major cities, the pack has {len(majors)}")
    demands = _demands(data, city_index, good_index)
    events = _events(data, index, city_index, edge)
    ferries, ferry_at = _ferries(data, index)

    build_cost: dict[int, int] = {}
    for i in range(n):
        for j in adjacent[i]:
            extra = WATER_COST[water[edge(i, j)][0]] if edge(i, j) in water else 0
            free = city_at[i] >= 0 and city_at[i] == city_at[j] and codes[i] == MAJOR
            build_cost[i * n + j] = 0 if free else TERRAIN_COST.get(codes[j], 1) + extra
    links = tuple(tuple((j, build_cost[i * n + j], edge(i, j)) for j in adjacent[i])
                  for i in range(n))
    access_limits = {c.centre: ACCESS_LIMIT[c.size] for c in cities if c.size != "major"}
    for port in ferry_at:
        if city_at[port] < 0 or cities[city_at[port]].size != "major":
            access_limits[port] = min(access_limits.get(port, FERRY_PORT_LIMIT),
                                      FERRY_PORT_LIMIT)
    city_de = [typed_word(c.name_de) for c in cities]
    good_de = [typed_word(g["name_de"]) for g in data["goods"]]
    city_alias = aliases([c.id for c in cities], city_de)
    good_alias = aliases(goods, good_de)
    return Tables(
        pack_id=pack_id, sha256=sha, rows=m["rows"], cols=m["cols"], n=n, names=names,
        index=index, cells=tuple(cells), terrain="".join(codes), city_at=tuple(city_at),
        adjacent=tuple(adjacent), water=water, build_cost=build_cost, links=links,
        cities=tuple(cities),
        city_index=city_index, goods=goods,
        good_names=tuple({"en": g["name_en"], "de": g["name_de"]} for g in data["goods"]),
        chips=tuple(int(g["chips"]) for g in data["goods"]), good_index=good_index,
        demands=demands, events=events, ferries=tuple(ferries),
        ferry_at={p: tuple(v) for p, v in ferry_at.items()}, majors=majors,
        access_limits=access_limits,
        city_alias=city_alias, good_alias=good_alias,
        city_words_de=shown(city_de, city_alias, [c.id for c in cities]),
        good_words_de=shown(good_de, good_alias, goods))


def _cells(m: Mapping[str, Any]) -> tuple[list[tuple[int, int]], list[str]]:
    """The map's mileposts (row, column) and their terrain codes, row by row."""
    rows, cols = m["rows"], m["cols"]
    terrain_rows = m["terrain"]
    if len(terrain_rows) != rows:
        raise BadPack(f"map.terrain: {len(terrain_rows)} rows, map.rows says {rows}")
    cells: list[tuple[int, int]] = []
    codes: list[str] = []
    for r, line in enumerate(terrain_rows):
        if len(line) != cols:
            raise BadPack(f"map.terrain[{r}]: {len(line)} columns, map.cols says {cols}")
        for c, code in enumerate(line):
            if code != "-":
                cells.append((r, c))
                codes.append(code)
    if len(cells) < 2:
        raise BadPack("map.terrain: fewer than two mileposts")
    return cells, codes


def _crossings(data: Mapping[str, Any], cells: list[tuple[int, int]],
               at: Mapping[tuple[int, int], int], index: Mapping[str, int],
               edge: Callable[[int, int], int]) -> tuple[dict[int, tuple[str, str]], set[int]]:
    """The edges that cross water (edge -> kind and name), and those over open sea."""
    water: dict[int, tuple[str, str]] = {}
    sea: set[int] = set()
    for k, item in enumerate(data["map"]["crossings"]):
        where = f"map.crossings[{k}]"
        a, b = (_milepost(data, p, where, index) for p in item["edge"])
        if b not in {at.get(x) for x in grid.neighbours(*cells[a])}:
            raise BadPack(f"{where}: {item['edge'][0]} and {item['edge'][1]} are not neighbours")
        if item["kind"] == "sea":
            sea.add(edge(a, b))
        else:
            water[edge(a, b)] = (item["kind"], str(item.get("name", "")))
    return water, sea


def _cities(data: Mapping[str, Any], cells: list[tuple[int, int]], codes: list[str],
            at: Mapping[tuple[int, int], int], names: tuple[str, ...],
            index: Mapping[str, int], good_index: Mapping[str, int]
            ) -> tuple[list[City], list[int]]:
    """The cities, and per milepost the city it belongs to (-1: none)."""
    cities: list[City] = []
    city_at = [-1] * len(cells)
    for k, item in enumerate(data["cities"]):
        where = f"cities[{k}] ({item['id']})"
        centre = _milepost(data, item["milepost"], where, index)
        want = {"small": SMALL, "medium": MEDIUM, "major": MAJOR}[item["size"]]
        if codes[centre] != want:
            raise BadPack(f"{where}: milepost {item['milepost']} is {codes[centre]!r} "
                          f"on the map, a {item['size']} city needs {want!r}")
        posts: list[int] = [centre]
        if item["size"] == "major":
            posts += [at[x] for x in grid.neighbours(*cells[centre]) if x in at]
            if len(posts) != 7 or any(codes[p] != MAJOR for p in posts):
                raise BadPack(f"{where}: a major city needs its six neighbours marked 'M'")
        for p in posts:
            if city_at[p] >= 0:
                raise BadPack(f"{where}: milepost {names[p]} already belongs to "
                              f"{cities[city_at[p]].id}")
            city_at[p] = len(cities)
        for g in item["supplies"]:
            if g not in good_index:
                raise BadPack(f"{where}: supplies unknown good {g!r}")
        cities.append(City(item["id"], item["name"], item.get("name_de", item["name"]),
                           item["size"], centre, tuple(posts),
                           tuple(good_index[g] for g in item["supplies"])))
    return cities, city_at


def _demands(data: Mapping[str, Any], city_index: Mapping[str, int],
             good_index: Mapping[str, int]) -> dict[int, tuple[tuple[int, int, int], ...]]:
    """Card id -> its (city, good, payout) demands."""
    demands: dict[int, tuple[tuple[int, int, int], ...]] = {}
    for k, card in enumerate(data["demands"]):
        where = f"demands[{k}] (card {card['id']})"
        if card["id"] in demands:
            raise BadPack(f"{where}: card id used twice")
        triple = []
        for d in card["demands"]:
            if d["city"] not in city_index:
                raise BadPack(f"{where}: unknown city {d['city']!r}")
            if d["good"] not in good_index:
                raise BadPack(f"{where}: unknown good {d['good']!r}")
            triple.append((city_index[d["city"]], good_index[d["good"]], int(d["payout"])))
        demands[card["id"]] = tuple(triple)
    return demands


def _events(data: Mapping[str, Any], index: Mapping[str, int], city_index: Mapping[str, int],
            edge: Callable[[int, int], int]) -> dict[str, Event]:
    events: dict[str, Event] = {}
    for k, item in enumerate(data["events"]):
        where = f"events[{k}] ({item['id']})"
        if item["id"] in events:
            raise BadPack(f"{where}: event id used twice")
        hit = frozenset(_milepost(data, p, where, index) for p in item.get("mileposts", []))
        edges = set()
        for a_name, b_name in item.get("edges", []):
            edges.add(edge(_milepost(data, a_name, where, index),
                           _milepost(data, b_name, where, index)))
        for c in item.get("cities", []):
            if c not in city_index:
                raise BadPack(f"{where}: unknown city {c!r}")
        if item["kind"] == "flood" and not edges:
            raise BadPack(f"{where}: a flood needs the edges it washes out")
        if item["kind"] != "flood" and not hit:
            raise BadPack(f"{where}: a {item['kind']} needs the mileposts it hits")
        events[item["id"]] = Event(
            item["id"], item["kind"], item["duration"],
            {"en": item["name_en"], "de": item["name_de"]},
            {"en": item["text_en"], "de": item["text_de"]},
            hit, frozenset(edges), tuple(item.get("cities", [])), str(item.get("river", "")))
    return events


def _ferries(data: Mapping[str, Any], index: Mapping[str, int]
             ) -> tuple[list[Ferry], dict[int, list[int]]]:
    """The ferry lines, and per port the lines that call there."""
    ferries: list[Ferry] = []
    ferry_at: dict[int, list[int]] = {}
    for k, item in enumerate(data["map"]["ferries"]):
        where = f"map.ferries[{k}] ({item['id']})"
        a = _milepost(data, item["a"], where, index)
        b = _milepost(data, item["b"], where, index)
        if a == b:
            raise BadPack(f"{where}: a ferry needs two different ports")
        ferry_at.setdefault(a, []).append(len(ferries))
        ferry_at.setdefault(b, []).append(len(ferries))
        ferries.append(Ferry(item["id"], item["name"], a, b, int(item["cost"])))
    return ferries, ferry_at
