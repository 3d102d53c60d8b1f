"""The 10 event cards, each with the region it hits precomputed from the map.

Kinds and their regions follow docs/benelux-rails-pack-format.md: a flood lists the edges
crossing its river, a derailment the mileposts within 3 steps of its cities, a strike its
cities' mileposts, snow the upland mileposts, a gale the coast.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from stellwerk.games.benelux_rails import grid
from stellwerk.games.benelux_rails.mapgen.grid_over import Cell, Map, project
from stellwerk.games.benelux_rails.terms import CATALOG

DERAILMENT_RADIUS = 3   # "within 3 mileposts of the named cities" (pack format)


@dataclass(frozen=True)
class Event:
    id: str
    kind: str
    duration: str
    name_en: str
    name_de: str
    text_en: str
    text_de: str
    river: str | None = None
    rivers: tuple[str, ...] = ()          # every branch the flood covers
    cities: tuple[str, ...] = ()
    north_of: float | None = None         # gale: the coast north (or south) of a latitude
    south_of: float | None = None
    mileposts: list[str] = field(default_factory=list)
    edges: list[list[str]] = field(default_factory=list)


def _rule(key: str, lang: str, **fields: str) -> str:
    """The rule text an event of a kind shares (the catalogue's `br.gen.*`), in `lang`."""
    return CATALOG.text(key, lang, **fields)


EVENTS: tuple[Event, ...] = (
    Event("flood-rhine", "flood", "now", "Flood on the Rhine", "Hochwasser am Rhein",
          "The Rhine and its branches Waal, Nederrijn/Lek and IJssel burst their banks. "
          + _rule("br.gen.washed", "en"),
          "Der Rhein und seine Arme Waal, Nederrijn/Lek und IJssel treten über die Ufer. "
          + _rule("br.gen.washed", "de"), river="Rhine",
          rivers=("Rhine", "Waal", "Nederrijn/Lek", "IJssel")),
    Event("flood-meuse", "flood", "now", "Flood on the Maas/Meuse", "Hochwasser an der Maas",
          "The Maas/Meuse and the Sambre flood from the Ardennes to the Hollands Diep. "
          + _rule("br.gen.washed", "en"),
          "Maas und Sambre treten von den Ardennen bis zum Hollands Diep über die Ufer. "
          + _rule("br.gen.washed", "de"),
          river="Maas/Meuse", rivers=("Maas/Meuse", "Sambre")),
    Event("flood-schelde", "flood", "now", "Flood on the Schelde", "Hochwasser an der Schelde",
          "The Schelde and the Leie flood Flanders. " + _rule("br.gen.washed", "en"),
          "Schelde und Leie überschwemmen Flandern. " + _rule("br.gen.washed", "de"),
          river="Schelde", rivers=("Schelde", "Leie")),
    Event("strike-ports", "strike", "round", "Dock strike", "Hafenstreik",
          "The dockers of Rotterdam and Antwerp strike. " + _rule("br.gen.strike", "en"),
          "Die Hafenarbeiter von Rotterdam und Antwerpen streiken. " + _rule("br.gen.strike", "de"),
          cities=("rotterdam", "antwerp")),
    Event("strike-wallonia", "strike", "round", "General strike in Wallonia",
          "Generalstreik in der Wallonie",
          "Liège, Namur and Charleroi stop work. " + _rule("br.gen.strike", "en"),
          "Lüttich, Namur und Charleroi legen die Arbeit nieder. " + _rule("br.gen.strike", "de"),
          cities=("liege", "namur", "charleroi")),
    Event("derailment-utrecht", "derailment", "now", "Derailment near Utrecht",
          "Entgleisung bei Utrecht",
          _rule("br.gen.derail", "en", places="Utrecht or Arnhem"),
          _rule("br.gen.derail", "de", places="Utrecht oder Arnheim"),
          cities=("utrecht", "arnhem")),
    Event("derailment-liege", "derailment", "now", "Derailment near Liège",
          "Entgleisung bei Lüttich",
          _rule("br.gen.derail", "en", places="Liège, Maastricht or Aachen"),
          _rule("br.gen.derail", "de", places="Lüttich, Maastricht oder Aachen"),
          cities=("liege", "maastricht", "aachen")),
    Event("snow-uplands", "snow", "round", "Snow in the Ardennes and the Eifel",
          "Schnee in den Ardennen und der Eifel",
          "For one round no track is built in the mountains (triangles), and trains there "
          "move at half speed.",
          "Eine Runde lang wird im Gebirge (Dreiecke) nicht gebaut, und Züge dort fahren "
          "mit halber Geschwindigkeit."),
    Event("gale-north-sea", "gale", "round", "North Sea gale", "Nordseesturm",
          "A gale sweeps the coast from Flanders to North Holland. For one round ferries do "
          "not run, no track is built on the coast, and trains there move at half speed.",
          "Ein Sturm fegt über die Küste von Flandern bis Nordholland. Eine Runde lang "
          "fahren keine Fähren, an der Küste wird nicht gebaut, und Züge dort fahren mit "
          "halber Geschwindigkeit.", south_of=52.9),
    Event("gale-wadden", "gale", "round", "Storm tide on the Wadden Sea",
          "Sturmflut am Wattenmeer",
          "A storm tide hits the coast from Friesland to East Frisia. For one round ferries "
          "do not run, no track is built on the coast, and trains there move at half speed.",
          "Eine Sturmflut trifft die Küste von Friesland bis Ostfriesland. Eine Runde lang "
          "fahren keine Fähren, an der Küste wird nicht gebaut, und Züge dort fahren mit "
          "halber Geschwindigkeit.", north_of=52.9),
)


def _names(cells: Iterable[Cell]) -> list[str]:
    return [grid.milepost_name(*cell) for cell in sorted(cells)]


def _within(the_map: Map, start: Iterable[Cell], radius: int) -> set[Cell]:
    """Land mileposts at most `radius` steps from `start` (never across open water)."""
    seen = dict.fromkeys(start, 0)
    queue = deque(seen)
    while queue:
        cell = queue.popleft()
        if seen[cell] == radius:
            continue
        for other in grid.neighbours(*cell):
            pair = (cell, other) if cell < other else (other, cell)
            crossing = the_map.crossings.get(pair)
            if other in the_map.land and other not in seen and \
                    (crossing is None or crossing.kind != "sea"):
                seen[other] = seen[cell] + 1
                queue.append(other)
    return set(seen)


def _latitude_y(lat: float) -> float:
    return project(5.0, lat)[1]


def region(event: Event, the_map: Map) -> Event:
    """The event with its mileposts or edges filled in from the map."""
    cells_of = {p.city.id: p.cells for p in the_map.cities}
    mileposts: list[str] = []
    edges: list[list[str]] = []
    if event.kind == "flood":
        edges = [[grid.milepost_name(*a), grid.milepost_name(*b)]
                 for (a, b), crossing in sorted(the_map.crossings.items())
                 if crossing.kind != "sea" and set(crossing.rivers) & set(event.rivers)]
    elif event.kind == "strike":
        mileposts = _names(cell for city in event.cities for cell in cells_of[city])
    elif event.kind == "derailment":
        start = [cell for city in event.cities for cell in cells_of[city]]
        mileposts = _names(_within(the_map, start, DERAILMENT_RADIUS))
    elif event.kind == "snow":
        mileposts = _names(the_map.mountains)
    elif event.kind == "gale":
        cut = _latitude_y(event.north_of if event.north_of is not None else event.south_of or 0)
        north = event.north_of is not None
        mileposts = _names(cell for cell in the_map.coast
                           if (grid.position(*cell)[1] <= cut) == north)
    return Event(**{**event.__dict__, "mileposts": mileposts, "edges": edges})
