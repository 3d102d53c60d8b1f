"""The cities and the water on the terminal map: a short code per city and the legend
that names each code, and where a river or a lake lies between two mileposts.

A small or medium city is two letters (`Ut`, `Oo`) on its milepost and the gap beside
it; a major city is three capitals in brackets over the middle row of its seven
mileposts (`[AMS]`). The codes come from the pack's city ids, the same in every
language; the legend names the city in the reader's language, where it stands and
what it supplies.
"""

from __future__ import annotations

from collections.abc import Iterable, Set

from rich.cells import cell_len
from rich.text import Text

from stellwerk.core.cache import BoundedCache
from stellwerk.core.content import COMPILED_PACKS
from stellwerk.games.benelux_rails.tables import Tables

RIVER, LAKE = "~", "≈"          # water between two mileposts of the text map
OPEN, CLOSE = "[", "]"          # a major city's code stands between these

_CODES = BoundedCache(COMPILED_PACKS)


def city_codes(t: Tables) -> tuple[str, ...]:
    """One code per city, unique on the map: three capitals for a major city, a capital
    and a small letter for every other (the first letters of its id that are free)."""
    return _CODES.for_object(t, lambda: _make_codes(t))


def _make_codes(t: Tables) -> tuple[str, ...]:
    taken: set[str] = set()
    codes = []
    for k, city in enumerate(t.cities):
        letters = [ch for ch in city.id if ch.isalpha()] or list("x")
        size = 3 if city.size == "major" else 2
        found = next((code for code in _candidates(letters, size) if code.lower() not in taken),
                     f"{letters[0].upper()}{k}"[:size].ljust(size, "0"))
        taken.add(found.lower())
        codes.append(found)
    return tuple(codes)


def _candidates(letters: list[str], size: int) -> Iterable[str]:
    """The first letter with each later choice of letters, in the order of the id."""
    first = letters[0].upper()
    rest = letters[1:] or [letters[0]]
    if size == 2:
        for ch in rest:
            yield first + ch.lower()
        return
    for i, a in enumerate(rest):
        for b in rest[i + 1:] or rest:
            yield (first + a + b).upper()


def water_gaps(t: Tables) -> dict[tuple[int, int], str]:
    """(row, gap) -> the water sign drawn there, where gap 2c+1 is the gap east of
    column c and 2c-1 the gap west of it. A river between two mileposts of a row lies in
    the gap between them; one between two rows is drawn in the upper row's gap above
    the lower milepost (the text map has no line between rows). A lake wins over a
    river in the same gap."""
    return _WATER.for_object(t, lambda: _make_water(t))


_WATER = BoundedCache(COMPILED_PACKS)


def _make_water(t: Tables) -> dict[tuple[int, int], str]:
    gaps: dict[tuple[int, int], str] = {}
    for edge, (kind, _name) in t.water.items():
        a, b = t.ends(edge)
        (ra, ca), (rb, cb) = sorted((t.cells[a], t.cells[b]))
        sign = LAKE if kind == "lake" else RIVER
        if ra == rb:
            gap = (ra, 2 * min(ca, cb) + 1)
        else:   # the lower milepost's place in the upper row (odd rows sit one to the right)
            lower_x = 2 * cb + rb % 2
            gap = (ra, lower_x - ra % 2)
        if gaps.get(gap) != LAKE:
            gaps[gap] = sign
    return gaps


def city_places(t: Tables, tracked: Set[tuple[int, int]] = frozenset(),
                trains: Set[int] = frozenset()) -> dict[tuple[int, int], tuple[int, str]]:
    """(row, place) -> (city, character) of each city's code on the text map, where the
    milepost of column c is place 2c and its gaps 2c-1 and 2c+1: a major city's `[AMS]`
    from its west milepost to its east one, any other city's code on its milepost and
    the gap east of it, or the gap west of it where track runs east (`tracked`: the
    gaps that show track, which a code never covers); none where a train stands on
    the city's one milepost (`trains`), whose label covers it."""
    places: dict[tuple[int, int], tuple[int, str]] = {}
    for k, (city, code) in enumerate(zip(t.cities, city_codes(t), strict=True)):
        r, c = t.cells[city.centre]
        if city.size == "major":
            for offset, ch in zip(range(-2, 3), OPEN + code + CLOSE, strict=True):
                places[(r, 2 * c + offset)] = (k, ch)
            continue
        if city.centre in trains:
            continue
        if (r, 2 * c + 1) not in tracked:
            pairs = [(2 * c, code[0]), (2 * c + 1, code[1])]
        elif (r, 2 * c - 1) not in tracked:
            pairs = [(2 * c - 1, code[0]), (2 * c, code[1])]
        else:
            pairs = [(2 * c, code[0])]
        for place, ch in pairs:
            places[(r, place)] = (k, ch)
    return places


def legend(t: Tables, lang: str, rows: range | None = None, wide: bool = False
           ) -> list[str]:
    """One line per city (those whose centre lies in `rows`, else all), north to south:
    its code and the word a player types for it; `wide` adds its milepost and goods."""
    codes = city_codes(t)
    chosen = sorted((k for k, city in enumerate(t.cities)
                     if rows is None or t.cells[city.centre][0] in rows),
                    key=lambda k: t.cells[t.cities[k].centre])
    lines = []
    for k in chosen:
        line = f"{codes[k]:<3} {t.city_word(k, lang)}"
        if wide:
            goods = ", ".join(t.good_word(g, lang) for g in t.cities[k].supplies)
            line += f" {t.names[t.cities[k].centre]}: {goods}"
        lines.append(line)
    return lines


def beside(picture: Text, lines: list[str], width: int, skip: int = 1) -> Text:
    """`lines` to the right of `picture` (from its row `skip`), each cut to the columns
    left of `width`; lines beyond the picture's rows are left out."""
    rows = picture.split("\n", allow_blank=True)
    for row in rows:
        row.rstrip()
    left = max((row.cell_len for row in rows), default=0) + 2
    room = width - left
    out = Text()
    for n, row in enumerate(rows):
        out.append_text(row)
        k = n - skip
        if room >= MIN_ROOM and 0 <= k < len(lines):
            out.append(" " * (left - row.cell_len))
            out.append(lines[k] if cell_len(lines[k]) <= room else
                       lines[k][:room - 1] + "…", style="cyan")
        if n + 1 < len(rows):
            out.append("\n")
    return out


MIN_ROOM = 8   # columns a legend beside the map needs to be worth drawing
