"""The network plan: a 6 x 8 grid made of four 3 x 4 network cards (docs/games/railways.md#rw-setup:
Components and setup), its regions, and the rail connections between them.

A `Plan` is immutable and derived from the four cards plus the regions built so far, so a
state shares it between clones and only makes a new one when a region is built.
Cells are numbered row by row (0 = A1, 5 = F1, 47 = F8) and named like a chess board:
column letter A-F, row number 1-8.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

COLUMNS, ROWS = 6, 8
CARD_COLUMNS, CARD_ROWS = 3, 4
CELLS = COLUMNS * ROWS
REGION_TYPES = ("R", "L", "C", "I")
LANDSCAPE = "."
NORTH, EAST, SOUTH, WEST = (0, -1), (1, 0), (0, 1), (-1, 0)
OPENINGS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "-": (WEST, EAST), "|": (NORTH, SOUTH), "┌": (EAST, SOUTH), "┐": (WEST, SOUTH),
    "└": (NORTH, EAST), "┘": (NORTH, WEST),
}
DIRECTIONS = (NORTH, EAST, SOUTH, WEST)


def cell_name(cell: int) -> str:
    return _NAMES[cell] if 0 <= cell < len(_NAMES) else _name(cell)


def _name(cell: int) -> str:
    return "ABCDEF"[cell % COLUMNS] + str(cell // COLUMNS + 1)


_NAMES = tuple(_name(c) for c in range(COLUMNS * ROWS))


def cell_index(name: str) -> int | None:
    """The cell called `name` (e.g. "C3"), or None if there is no such cell."""
    if len(name) != 2 or name[0].upper() not in "ABCDEF" or name[1] not in "12345678":
        return None
    return (int(name[1]) - 1) * COLUMNS + "ABCDEF".index(name[0].upper())


def step(cell: int, direction: tuple[int, int]) -> int | None:
    col, row = cell % COLUMNS + direction[0], cell // COLUMNS + direction[1]
    if 0 <= col < COLUMNS and 0 <= row < ROWS:
        return row * COLUMNS + col
    return None


def neighbours(cell: int) -> list[int]:
    return [n for d in DIRECTIONS if (n := step(cell, d)) is not None]


def card_of(cell: int) -> int:
    """Which of the four plan positions (0 top left, 1 top right, 2, 3) holds `cell`."""
    return (cell // COLUMNS // CARD_ROWS) * 2 + (cell % COLUMNS) // CARD_COLUMNS


def lay_cards(networks: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """The printed plan: four network sides laid 2x2 (docs/games/railways.md#rw-setup: Components
    and setup)."""
    glyphs = [LANDSCAPE] * CELLS
    for position, rows in enumerate(networks):
        left, top = (position % 2) * CARD_COLUMNS, (position // 2) * CARD_ROWS
        for y, row in enumerate(rows):
            for x, glyph in enumerate(row):
                glyphs[(top + y) * COLUMNS + left + x] = glyph
    return tuple(glyphs)


@dataclass(frozen=True)
class Connection:
    """A complete rail line: rail spaces leading from one region cell to another."""

    name: str                 # its first rail space, e.g. "B1"
    rails: tuple[int, ...]
    ends: tuple[int, int]     # the region cells at both ends

    @property
    def length(self) -> int:
        return len(self.rails)


@dataclass(frozen=True)
class Plan:
    printed: tuple[str, ...]          # what the cards show
    kinds: tuple[str, ...]            # region type, rail glyph or landscape, built regions in
    region_of: tuple[int, ...]        # the region (its lowest cell) of each region cell, or -1
    regions: Mapping[int, tuple[int, ...]]
    connections: Mapping[str, Connection]
    incomplete: tuple[int, ...]       # rail spaces on lines that do not reach two regions

    def region_type(self, region: int) -> str:
        return self.kinds[region]

    def is_region(self, cell: int) -> bool:
        return self.kinds[cell] in REGION_TYPES

    def connection_at(self, cell: int) -> Connection | None:
        for connection in self.connections.values():
            if cell in connection.rails:
                return connection
        return None


def _opens(glyph: str, direction: tuple[int, int]) -> bool:
    return direction in OPENINGS.get(glyph, ())


def _back(direction: tuple[int, int]) -> tuple[int, int]:
    return (-direction[0], -direction[1])


def _trace(kinds: Sequence[str], start: int, direction: tuple[int, int]) -> \
        tuple[list[int], int | None]:
    """Follow the rail leaving region cell `start` towards `direction`: its rail spaces and
    the region cell it reaches (None when the line breaks off)."""
    rails: list[int] = []
    came_from, cell = direction, step(start, direction)
    while cell is not None and len(rails) <= CELLS:
        glyph = kinds[cell]
        if glyph in REGION_TYPES:
            return rails, (cell if rails else None)
        if not _opens(glyph, _back(came_from)):
            return rails, None
        rails.append(cell)
        first, second = OPENINGS[glyph]
        came_from = second if first == _back(came_from) else first
        cell = step(cell, came_from)
    return rails, None


def make_plan(printed: tuple[str, ...], built: Mapping[int, str]) -> Plan:
    """The plan with `built` regions (cell -> type) placed over the printed cards."""
    kinds = tuple(built.get(c, printed[c]) for c in range(CELLS))
    region_of = [-1] * CELLS
    regions: dict[int, tuple[int, ...]] = {}
    for cell in range(CELLS):
        # docs/games/railways.md#rw-rules: touching regions of one type form one large region
        if kinds[cell] in REGION_TYPES and region_of[cell] < 0:
            members, todo = [cell], [cell]
            region_of[cell] = cell
            while todo:
                for n in neighbours(todo.pop()):
                    if kinds[n] == kinds[cell] and region_of[n] < 0:
                        region_of[n] = cell
                        members.append(n)
                        todo.append(n)
            regions[cell] = tuple(sorted(members))
    connections: dict[str, Connection] = {}
    on_lines: set[int] = set()
    for cell in range(CELLS):
        if kinds[cell] not in REGION_TYPES:
            continue
        for direction in DIRECTIONS:
            beside = step(cell, direction)
            if beside is None or not _opens(kinds[beside], _back(direction)):
                continue
            rails, end = _trace(kinds, cell, direction)
            if end is None or not rails:
                continue
            name = cell_name(min(rails))
            if name not in connections:
                ends = (cell, end) if cell < end else (end, cell)
                connections[name] = Connection(name, tuple(rails), ends)
                on_lines.update(rails)
    incomplete = tuple(c for c in range(CELLS) if kinds[c] in OPENINGS and c not in on_lines)
    return Plan(printed, kinds, tuple(region_of), regions, dict(sorted(connections.items())),
                incomplete)
