"""Hand-written geography of the Benelux Rails map: small, coarse, but faithful.

Every coordinate is (longitude, latitude) in degrees (WGS84), read from an atlas and
rounded to about 2 km. The outlines are deliberately coarse: the grid has a step of
13 km, so detail finer than a few kilometres could not change a single milepost.
docs/benelux-rails-reconstruction.md explains each choice; this module holds only data.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]  # (lon, lat)


@dataclass(frozen=True)
class City:
    id: str
    name: str          # the local name, as the map prints it
    name_de: str       # the German name (the seed is German)
    size: str          # small, medium, major
    lon: float
    lat: float
    country: str       # be, nl, lu, de (for the documentation and events)


@dataclass(frozen=True)
class Water:
    name: str
    kind: str          # "sea": no track across; "lake": lakes, bays, estuaries (+3 M)
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Line:
    name: str
    points: tuple[Point, ...]


# The 24 cities (seed: "24 Städte"). Four major cities (hexagons): the two great ports,
# the capital of the Netherlands and the capital of Belgium. Medium: regional capitals and
# industrial centres; small: the rest, chosen so every region of the map has a city.
CITIES: tuple[City, ...] = (
    City("amsterdam", "Amsterdam", "Amsterdam", "major", 4.90, 52.37, "nl"),
    City("rotterdam", "Rotterdam", "Rotterdam", "major", 4.48, 51.92, "nl"),
    City("brussels", "Bruxelles/Brussel", "Brüssel", "major", 4.35, 50.85, "be"),
    City("antwerp", "Antwerpen", "Antwerpen", "major", 4.40, 51.22, "be"),
    City("utrecht", "Utrecht", "Utrecht", "medium", 5.12, 52.09, "nl"),
    City("groningen", "Groningen", "Groningen", "medium", 6.57, 53.22, "nl"),
    City("eindhoven", "Eindhoven", "Eindhoven", "medium", 5.48, 51.44, "nl"),
    City("arnhem", "Arnhem", "Arnheim", "medium", 5.91, 51.98, "nl"),
    City("gent", "Gent", "Gent", "medium", 3.72, 51.05, "be"),
    City("liege", "Liège", "Lüttich", "medium", 5.57, 50.63, "be"),
    City("charleroi", "Charleroi", "Charleroi", "medium", 4.44, 50.41, "be"),
    City("luxembourg", "Luxembourg", "Luxemburg", "medium", 6.13, 49.61, "lu"),
    City("leeuwarden", "Leeuwarden", "Leeuwarden", "small", 5.80, 53.20, "nl"),
    City("zwolle", "Zwolle", "Zwolle", "small", 6.09, 52.51, "nl"),
    City("enschede", "Enschede", "Enschede", "small", 6.89, 52.22, "nl"),
    City("breda", "Breda", "Breda", "small", 4.78, 51.59, "nl"),
    City("maastricht", "Maastricht", "Maastricht", "small", 5.69, 50.85, "nl"),
    City("vlissingen", "Vlissingen", "Vlissingen", "small", 3.57, 51.45, "nl"),
    City("brugge", "Brugge", "Brügge", "small", 3.22, 51.21, "be"),
    City("oostende", "Oostende", "Ostende", "small", 2.92, 51.22, "be"),
    City("namur", "Namur", "Namur", "small", 4.87, 50.47, "be"),
    City("emden", "Emden", "Emden", "small", 7.21, 53.37, "de"),
    City("aachen", "Aachen", "Aachen", "small", 6.08, 50.78, "de"),
    City("trier", "Trier", "Trier", "small", 6.64, 49.75, "de"),
)

# Ferry lines where real ferries cross (the ports are plain mileposts unless a city
# stands there). cost: the printed cost of building the line, in M EUR.
FERRIES: tuple[tuple[str, str, Point, Point, int], ...] = (
    ("westerschelde", "Vlissingen-Breskens", (3.57, 51.45), (3.55, 51.385), 6),
    ("ijsselmeer", "Enkhuizen-Stavoren", (5.29, 52.70), (5.36, 52.88), 8),
)

# The playable area: Belgium, the Netherlands, Luxembourg and a strip of north-western
# Germany about 40-60 km deep, from East Frisia down to the Moselle. Clockwise from the
# French border at the coast; the northern edge lies out at sea (the sea cuts it).
AREA: tuple[Point, ...] = (
    (2.20, 51.10), (2.55, 51.09), (2.63, 50.95), (2.90, 50.70), (3.13, 50.78),
    (3.30, 50.65), (3.28, 50.50), (3.60, 50.48), (3.67, 50.33), (4.00, 50.35),
    (4.17, 50.25), (4.10, 50.00), (4.20, 49.95), (4.45, 49.95), (4.80, 50.15),
    (4.87, 50.14), (4.85, 49.80), (5.10, 49.77), (5.30, 49.68), (5.47, 49.50),
    (5.82, 49.54), (6.03, 49.45), (6.37, 49.46), (6.60, 49.42), (6.95, 49.45),
    (7.12, 50.00), (6.88, 50.60), (6.72, 51.10), (6.86, 51.60), (7.20, 52.00),
    (7.60, 52.30), (7.72, 53.00), (7.75, 53.90), (2.20, 53.90),
)

# The French border as drawn (the southern and western edge of the area).
FRENCH_BORDER: tuple[Point, ...] = AREA[1:23]

# The North Sea with the Wadden Sea, the Westerschelde mouth and the Dollart. Its inner
# edge is the coast from De Panne to East Frisia; the Wadden islands are drawn separately
# on top (ISLANDS) and carry no mileposts.
NORTH_SEA: tuple[Point, ...] = (
    (2.00, 51.00), (2.55, 51.09), (2.92, 51.23), (3.20, 51.33), (3.38, 51.37),
    (3.55, 51.40), (3.57, 51.45), (3.45, 51.47), (3.44, 51.53), (3.50, 51.58),
    (3.68, 51.61), (3.72, 51.66), (3.85, 51.72), (3.90, 51.81), (4.02, 51.86),
    (4.06, 51.92), (4.12, 51.98), (4.27, 52.10), (4.43, 52.24), (4.53, 52.37),
    (4.58, 52.46), (4.62, 52.62), (4.65, 52.77), (4.72, 52.93), (4.80, 52.96),
    (5.03, 52.93), (5.38, 53.08), (5.42, 53.17), (5.55, 53.33), (5.88, 53.40),
    (6.20, 53.41), (6.50, 53.45), (6.83, 53.45), (6.93, 53.33), (7.05, 53.25),
    (7.20, 53.20), (7.27, 53.26), (7.21, 53.33), (7.03, 53.40), (7.05, 53.50),
    (7.20, 53.62), (7.50, 53.68), (7.90, 53.72), (7.90, 54.10), (2.00, 54.10),
)

WATERS: tuple[Water, ...] = (
    Water("North Sea", "sea", NORTH_SEA),
    # No bridge crosses the Westerschelde: the ferry or the way round by Antwerp.
    Water("Westerschelde", "sea", (
        (3.40, 51.40), (3.57, 51.455), (3.75, 51.43), (4.00, 51.45), (4.20, 51.42),
        (4.29, 51.34), (4.22, 51.32), (4.05, 51.36), (3.83, 51.34), (3.55, 51.385),
        (3.40, 51.37))),
    # IJsselmeer and Markermeer: the closing dikes carry no railway, so too wide to bridge.
    Water("IJsselmeer", "sea", (
        (5.03, 52.93), (5.38, 53.08), (5.40, 53.03), (5.36, 52.88), (5.60, 52.85),
        (5.70, 52.84), (5.60, 52.66), (5.75, 52.60), (5.60, 52.55), (5.45, 52.52),
        (5.25, 52.42), (5.15, 52.36), (5.07, 52.33), (4.98, 52.39), (5.10, 52.46),
        (5.07, 52.50), (5.06, 52.63), (5.29, 52.69), (5.10, 52.77))),
    # The Zeeland and South Holland estuaries are bridged: lake/bay crossings (+3 M).
    Water("Oosterschelde", "lake", (
        (3.68, 51.61), (3.85, 51.66), (4.00, 51.63), (4.09, 51.55), (4.25, 51.49),
        (4.21, 51.45), (4.05, 51.53), (3.90, 51.565), (3.72, 51.58))),
    Water("Haringvliet", "lake", (
        (3.95, 51.84), (4.20, 51.81), (4.45, 51.74), (4.65, 51.72), (4.65, 51.68),
        (4.40, 51.69), (4.15, 51.74), (3.92, 51.80))),
    Water("Dollart", "sea", (
        (6.93, 53.33), (7.05, 53.25), (7.20, 53.20), (7.27, 53.26), (7.21, 53.33),
        (7.03, 53.40))),
)

# The Wadden islands and Flevoland's shape are real; the islands are drawn for
# recognition but get no mileposts (no city, nothing to deliver there).
ISLANDS: tuple[Line, ...] = (
    Line("Texel", ((4.72, 53.00), (4.90, 53.05), (4.88, 53.18), (4.78, 53.12))),
    Line("Vlieland", ((4.92, 53.25), (5.10, 53.30), (5.08, 53.32), (4.92, 53.28))),
    Line("Terschelling", ((5.15, 53.36), (5.60, 53.43), (5.58, 53.46), (5.15, 53.40))),
    Line("Ameland", ((5.62, 53.44), (5.92, 53.46), (5.90, 53.48), (5.62, 53.47))),
    Line("Schiermonnikoog", ((6.10, 53.47), (6.32, 53.50), (6.30, 53.52), (6.10, 53.50))),
    Line("Borkum", ((6.62, 53.57), (6.78, 53.57), (6.78, 53.62), (6.65, 53.61))),
    Line("Juist", ((6.85, 53.67), (7.10, 53.69), (7.10, 53.70), (6.85, 53.69))),
    Line("Norderney", ((7.13, 53.70), (7.33, 53.72), (7.33, 53.73), (7.13, 53.72))),
)

# Rivers (drawn blue lines; an edge crossing one pays +2 M). The Rhine splits at the
# Pannerdens Kanaal into the Waal (to Rotterdam as Merwede and Nieuwe Maas) and the
# Nederrijn/Lek; the IJssel leaves the Nederrijn at Arnhem for the IJsselmeer.
RIVERS: tuple[Line, ...] = (
    Line("Rhine", ((6.88, 51.30), (6.74, 51.45), (6.62, 51.65), (6.40, 51.78),
                   (6.25, 51.83), (6.05, 51.87))),
    Line("Waal", ((6.05, 51.87), (5.87, 51.85), (5.60, 51.87), (5.33, 51.81),
                  (5.00, 51.83), (4.68, 51.81), (4.50, 51.89), (4.30, 51.90),
                  (4.10, 51.98))),
    Line("Nederrijn/Lek", ((6.05, 51.87), (5.92, 51.96), (5.65, 51.96), (5.35, 51.96),
                           (5.10, 51.97), (4.85, 51.95), (4.62, 51.88))),
    Line("IJssel", ((5.95, 51.96), (6.15, 52.10), (6.16, 52.25), (6.10, 52.45),
                    (6.06, 52.52), (5.93, 52.56), (5.80, 52.60))),
    Line("Maas/Meuse", ((4.72, 49.70), (4.83, 50.10), (4.90, 50.26), (4.87, 50.46),
                        (5.22, 50.52), (5.57, 50.62), (5.69, 50.86), (5.85, 51.10),
                        (6.00, 51.20), (6.17, 51.37), (6.02, 51.60), (5.88, 51.76),
                        (5.55, 51.80), (5.30, 51.75), (5.00, 51.72), (4.65, 51.71))),
    Line("Schelde", ((3.20, 50.30), (3.39, 50.60), (3.60, 50.85), (3.72, 51.05),
                     (4.05, 51.03), (4.20, 51.10), (4.38, 51.23), (4.28, 51.35))),
    Line("Leie", ((2.80, 50.65), (3.10, 50.78), (3.26, 50.83), (3.50, 50.95),
                  (3.72, 51.05))),
    Line("Sambre", ((3.97, 50.28), (4.20, 50.38), (4.44, 50.41), (4.70, 50.45),
                    (4.87, 50.46))),
    Line("Moselle", ((6.37, 49.40), (6.37, 49.46), (6.45, 49.60), (6.52, 49.72),
                     (6.64, 49.75), (6.80, 49.87), (6.95, 49.95), (7.15, 50.05))),
    Line("Ems", ((7.44, 52.25), (7.32, 52.52), (7.29, 52.69), (7.36, 52.95),
                 (7.40, 53.08), (7.45, 53.23), (7.30, 53.29), (7.24, 53.30))),
)

# Uplands: mountain mileposts (triangles, 2 M). The Ardennes south of the Sambre-Meuse
# valley with Luxembourg's Ösling, the High Fens and the Eifel in the German strip.
UPLANDS: tuple[Line, ...] = (
    Line("Ardennes", ((4.45, 50.15), (4.80, 50.33), (5.20, 50.38), (5.60, 50.48),
                      (5.95, 50.52), (6.05, 50.30), (6.10, 50.02), (5.80, 49.88),
                      (5.50, 49.78), (5.10, 49.78), (4.85, 49.86), (4.50, 49.98))),
    Line("Eifel", ((6.05, 50.62), (6.40, 50.70), (6.80, 50.58), (7.05, 50.30),
                   (7.00, 50.05), (6.70, 49.98), (6.40, 50.05), (6.15, 50.30))),
)

# Country borders, drawn as lines (the French border and the German strip's edge are the
# area's outline).
BORDERS: tuple[Line, ...] = (
    Line("Belgium-Netherlands", (
        (3.37, 51.37), (3.50, 51.28), (3.85, 51.21), (4.05, 51.25), (4.25, 51.36),
        (4.40, 51.36), (4.55, 51.43), (4.80, 51.50), (5.05, 51.47), (5.25, 51.27),
        (5.50, 51.28), (5.85, 51.15), (5.75, 51.00), (5.65, 50.83), (5.70, 50.76),
        (6.02, 50.75))),
    Line("Netherlands-Germany", (
        (6.02, 50.75), (6.10, 50.90), (6.08, 51.05), (6.20, 51.20), (6.22, 51.36),
        (6.00, 51.60), (5.95, 51.75), (6.10, 51.85), (6.40, 51.85), (6.80, 51.97),
        (6.75, 52.10), (7.05, 52.25), (7.05, 52.45), (6.70, 52.55), (7.05, 52.65),
        (7.20, 53.00), (7.20, 53.20))),
    Line("Belgium-Germany", (
        (6.02, 50.75), (6.27, 50.62), (6.20, 50.50), (6.40, 50.32), (6.13, 50.13))),
    Line("Belgium-Luxembourg", (
        (6.13, 50.13), (5.97, 50.17), (5.75, 49.98), (5.82, 49.85), (5.75, 49.72),
        (5.82, 49.54))),
    Line("Luxembourg-Germany", (
        (6.13, 50.13), (6.30, 49.95), (6.50, 49.82), (6.52, 49.72), (6.37, 49.46))),
    Line("France", FRENCH_BORDER),
)
