"""A Linie 1 content pack compiled into flat lookup tables for the hot paths.

Squares are numbered `row * 12 + column` (A1 = 0, L12 = 143). A *placed tile* is one
int, `pid = tile * 4 + quarter_turns`, so the board is a list of 144 ints (-1 = empty)
and every question about a tile on a square is a tuple lookup.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from stellwerk.core.cache import BoundedCache
from stellwerk.core.content import ContentPack
from stellwerk.games.linie1.tiles import EDGES

SIZE = 12
SQUARES = SIZE * SIZE
EMPTY = -1
OFF_BOARD = -1
_PAIRS = [(a, b) for a in range(4) for b in range(a + 1, 4)]
PAIR_BIT = {pair: 1 << i for i, pair in enumerate(_PAIRS)}


def square_index(name: str) -> int | None:
    """`"H1"` -> its index, or None when the text names no square of the board."""
    found = _SQUARE_NAMED.get(name)      # a name as the engine writes it: no parsing
    if found is not None:
        return found
    text = name.strip().upper()
    # ASCII digits only: isdigit() alone passes '²', which int() refuses
    if not 2 <= len(text) <= 3 or not "A" <= text[0] <= "L" or not (
            text[1:].isascii() and text[1:].isdigit()):
        return None
    if text[1] == "0":
        return None
    row = int(text[1:])
    if not 1 <= row <= SIZE:
        return None
    return (row - 1) * SIZE + ord(text[0]) - ord("A")


def _name(square: int) -> str:
    return f"{chr(ord('A') + square % SIZE)}{square // SIZE + 1}"


_SQUARE_NAMES = tuple(_name(s) for s in range(SQUARES))
_SQUARE_NAMED = {name: s for s, name in enumerate(_SQUARE_NAMES)}


def square_name(square: int) -> str:
    if 0 <= square < SQUARES:
        return _SQUARE_NAMES[square]
    return _name(square)


def _neighbour(square: int, edge: int) -> int:
    row, col = divmod(square, SIZE)
    row += (-1, 0, 1, 0)[edge]
    col += (0, 1, 0, -1)[edge]
    return row * SIZE + col if 0 <= row < SIZE and 0 <= col < SIZE else OFF_BOARD


@dataclass(frozen=True)
class Terminal:
    line: int                 # index into Tables.line_numbers
    edge: int                 # the board edge the arch stands on
    squares: tuple[int, int]


@dataclass(frozen=True)
class Tables:
    tile_ids: tuple[str, ...]
    tile_index: dict[str, int]
    counts: tuple[int, ...]
    exchangeable: tuple[bool, ...]
    ends: tuple[int, ...]                          # pid -> bitmask of edges with a track end
    pairs: tuple[int, ...]                         # pid -> bitmask of tracks (PAIR_BIT)
    exits: tuple[tuple[tuple[int, ...], ...], ...]  # pid -> entry edge -> exit edges
    neighbour: tuple[int, ...]                     # square * 4 + edge -> square or OFF_BOARD
    building_at: tuple[int, ...]                   # square -> building or -1
    building_letters: tuple[str, ...]
    building_names: tuple[str, ...]
    building_squares: tuple[int, ...]
    buildings_next_to: tuple[tuple[int, ...], ...]  # square -> orthogonally adjacent buildings
    line_numbers: tuple[int, ...]
    terminals: tuple[tuple[Terminal, Terminal], ...]  # by line
    terminal_at: dict[int, Terminal]               # square * 4 + edge -> its terminal
    cards: tuple[tuple[tuple[int, ...], ...], ...]  # card -> line -> three buildings
    card_numbers: tuple[int, ...]
    # Derived tables built on first use (route.py's port tables), not part of equality;
    # shared by every game on this pack, so bounded and locked (core/cache.py).
    cache: BoundedCache = field(default_factory=BoundedCache, compare=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled without its cache (a state sent to the server's bot worker process
        # carries its tables): the cache holds a lock, and the receiving process builds
        # its own derived tables.
        return (Tables, tuple(getattr(self, f.name) for f in fields(self) if f.compare))

    def pid(self, tile: str, rotation: int) -> int:
        return self.tile_index[tile] * 4 + rotation // 90

    def tile_of(self, pid: int) -> str:
        return self.tile_ids[pid // 4]

    def rotation_of(self, pid: int) -> int:
        return (pid % 4) * 90

    def tracks_text(self, tile: str) -> str:
        """The tile's tracks before rotation, e.g. "N-S S-W" (for legends)."""
        pid = self.tile_index[tile] * 4
        pairs = sorted((a, b) for a in range(4) for b in self.exits[pid][a] if a < b)
        return " ".join(f"{EDGES[a]}-{EDGES[b]}" for a, b in pairs)

    def building_letter_index(self, letter: str) -> int | None:
        letter = letter.strip().upper()
        return self.building_letters.index(letter) if letter in self.building_letters else None


def _edge(letter: str) -> int:
    return EDGES.index(letter)


def compile_tables(pack: ContentPack) -> Tables:
    data = pack.data
    tile_ids, counts, exchangeable = [], [], []
    ends, pairs, exits = [], [], []
    for tile in data["tiles"]:
        tile_ids.append(tile["id"])
        counts.append(tile["count"])
        exchangeable.append(tile["exchangeable"])
        tracks = [(_edge(t[0]), _edge(t[1])) for t in tile["tracks"]]
        for quarter in range(4):
            turned = [((a + quarter) % 4, (b + quarter) % 4) for a, b in tracks]
            mask = 0
            pair_mask = 0
            reach: list[list[int]] = [[], [], [], []]
            for a, b in turned:
                mask |= (1 << a) | (1 << b)
                pair_mask |= PAIR_BIT[(min(a, b), max(a, b))]
                reach[a].append(b)
                reach[b].append(a)
            ends.append(mask)
            pairs.append(pair_mask)
            exits.append(tuple(tuple(sorted(r)) for r in reach))
    building_at = [-1] * SQUARES
    letters, names, squares = [], [], []
    for i, building in enumerate(data["buildings"]):
        square = square_index(building["square"])
        assert square is not None  # the schema's pattern guarantees a square
        building_at[square] = i
        letters.append(building["letter"])
        names.append(building["name"])
        squares.append(square)
    neighbour = tuple(_neighbour(s, e) for s in range(SQUARES) for e in range(4))
    next_to = tuple(
        tuple(building_at[n] for e in range(4)
              if (n := neighbour[s * 4 + e]) != OFF_BOARD and building_at[n] >= 0)
        for s in range(SQUARES))
    lines = sorted(data["lines"], key=lambda item: item["line"])
    terminals = []
    terminal_at: dict[int, Terminal] = {}
    for index, line in enumerate(lines):
        pair = []
        for terminal in line["terminals"]:
            found = [square_index(s) for s in terminal["squares"]]
            a, b = (s if s is not None else 0 for s in found)  # the schema ensures squares
            made = Terminal(index, _edge(terminal["edge"]), (a, b))
            pair.append(made)
            for square in made.squares:
                terminal_at[square * 4 + made.edge] = made
        terminals.append((pair[0], pair[1]))
    tile_index = {t: i for i, t in enumerate(tile_ids)}
    cards = sorted(data["route_cards"], key=lambda item: item["card"])
    return Tables(
        tile_ids=tuple(tile_ids), tile_index=tile_index, counts=tuple(counts),
        exchangeable=tuple(exchangeable), ends=tuple(ends), pairs=tuple(pairs),
        exits=tuple(exits), neighbour=neighbour, building_at=tuple(building_at),
        building_letters=tuple(letters), building_names=tuple(names),
        building_squares=tuple(squares), buildings_next_to=next_to,
        line_numbers=tuple(line["line"] for line in lines), terminals=tuple(terminals),
        terminal_at=terminal_at,
        cards=tuple(tuple(tuple(letters.index(c) for c in entry) for entry in card["stops"])
                    for card in cards),
        card_numbers=tuple(card["card"] for card in cards),
    )
