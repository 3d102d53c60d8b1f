"""Which placed tiles may lie where on a board: the tables behind the legal-order list.

Whether a placed tile is legal on a square (placement.is_legal) depends only on the
square, the tile already on it, and for each of its four neighbours whether that
neighbour is empty or has a track end facing it. A square's options are therefore
cached by exactly that context (one int), so a board is read, not re-checked.
`BoardOptions` gathers, for one whole board, every legal single placement per tile with
its action ready-made; a `BoardTable` holds it with the board and the square entries it
was made from. Each game state keeps the table of its board (`Linie1State.table`), all
seats of a round and every clone a search bot makes share it, and `end_round` advances
it: only the squares that changed, and their neighbours, are read again.

Speed: everything lives in one `Lookups` object per pack, fetched from the
pack's locked cache once per call and read with plain dict and tuple lookups after that
(a dict read or write is atomic in CPython, so threads may share it; a lost entry is only
recomputed). `board_options(tables, board)` serves callers without a state: the last
256 boards are kept, and a new one is made from the last one asked for.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass, field

from stellwerk.core.cache import BoundedCache
from stellwerk.core.contract import Action
from stellwerk.games.linie1.notation import Order
from stellwerk.games.linie1.tables import EMPTY, PAIR_BIT, SQUARES, Tables, square_name

# The context cache is emptied when it grows past this size, so a long simulation
# cannot fill memory (a lost entry is recomputed); whole boards are kept LRU.
CACHE_LIMIT = 100_000
BOARD_CACHE_LIMIT = 256
# Past this many changed squares a board is read whole rather than from the last one.
MOST_CHANGES = 24

ANY, NO_END, NEIGHBOUR = 3, 2, -2
# One placement of the table: (square, pid, tile, its single order without "order", its
# single order); legal.sampled_orders draws these.
Draw = tuple[int, int, int, tuple[object, ...], Action]
# One square's options: per tile with options there, (tile, its draws); empty when the
# square is no candidate.
SquareEntry = tuple[tuple[int, tuple[Draw, ...]], ...]
# A board, its near squares (candidate_squares) in order and as bits (1 << square)
Near = tuple[tuple[int, ...], tuple[int, ...], int]


class BoardOptions:
    """Every legal single placement on one board, grouped by tile (square order within):
    `draws[tile]`; the single orders of a tile are made from them once, when first
    asked for (`actions`)."""

    __slots__ = ("_actions", "draws")

    def __init__(self, draws: tuple[tuple[Draw, ...], ...]) -> None:
        self.draws = draws
        self._actions: list[tuple[Action, ...] | None] = [None] * len(draws)

    def actions(self, tile: int) -> tuple[Action, ...]:
        """The single orders of `tile`, square by square."""
        found = self._actions[tile]
        if found is None:
            found = self._actions[tile] = tuple([d[4] for d in self.draws[tile]])
        return found

    @property
    def by_tile(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """tile -> its (square, pid) placements."""
        return tuple(tuple((d[0], d[1]) for d in draws) for draws in self.draws)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BoardOptions) and self.draws == other.draws

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True, eq=False)
class BoardTable:
    """One board's legal single placements, square by square and gathered by tile.

    A game state keeps the table of its board and replaces it when a round changes the
    board (`Lookups.advance`, called by `Linie1State.end_round`), so the legal-order list
    reads it instead of scanning the board. Immutable: clones of a state share it.
    """

    board: tuple[int, ...]               # the board it describes
    entries: tuple[SquareEntry, ...]     # square -> what it adds (Lookups.entry)
    options: BoardOptions
    # legal.representative_orders' lists on this board, by (round, seat, *hand): a
    # cache of values fixed by the key, so sharing it between clones is safe
    lists: dict[tuple[int, ...], tuple[Action, ...]] = field(default_factory=dict,
                                                           compare=False, repr=False)

    def describes(self, board: Sequence[int]) -> bool:
        return self.board == tuple(board)

    def without_lists(self) -> BoardTable:
        """The same table with no kept lists (their keys hold the hands they were made
        for: a determinized sample must not carry the true ones)."""
        return BoardTable(self.board, self.entries, self.options)


class Lookups:
    """Per-pack tables of the legal-order list, built once (see the module note)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        tiles = len(tables.tile_ids)
        turns = []
        for tile in range(tiles):
            seen: dict[int, int] = {}
            for quarter in range(4):
                seen.setdefault(tables.pairs[tile * 4 + quarter], quarter)
            turns.append(tuple(seen.values()))
        self.turns: tuple[tuple[int, ...], ...] = tuple(turns)
        self.pids = tuple(tile * 4 + q for tile in range(tiles) for q in self.turns[tile])
        self.edge_rules = _edge_rules(tables)
        # entry's context key, per square: the part fixed by the board's edge, buildings
        # and terminals, and per neighbour square what it adds, by the pid there + 1
        facing = [tuple(4 * 8 ** (3 - edge) if p < 0 else
                        (tables.ends[p] >> ((edge + 2) & 3) & 1) * 8 ** (3 - edge)
                        for p in range(-1, len(tables.ends))) for edge in range(4)]
        self.fixed_key = tuple(sum(rule * 8 ** (3 - edge) for edge, rule in enumerate(rules)
                                   if rule != NEIGHBOUR) for rules in self.edge_rules)
        self.reads = tuple(tuple((tables.neighbour[s * 4 + edge], facing[edge])
                                 for edge, rule in enumerate(rules) if rule == NEIGHBOUR)
                           for s, rules in enumerate(self.edge_rules))
        self.terminal_squares = frozenset(
            s for pair in tables.terminals for t in pair for s in t.squares)
        # per square: itself and its neighbours (the squares its placement can affect)
        self.around: tuple[tuple[int, ...], ...] = tuple(
            (s, *(n for e in range(4) if (n := tables.neighbour[s * 4 + e]) >= 0))
            for s in range(SQUARES))
        self.around_masks = tuple(sum(1 << n for n in squares) for squares in self.around)
        self.square_bits = tuple(1 << s for s in range(SQUARES))
        self.neighbours = tuple(tuple(n for e in range(4) if (n := tables.neighbour[s * 4 + e])
                                      >= 0) for s in range(SQUARES))
        self.open_square = tuple(tables.building_at[s] < 0 for s in range(SQUARES))
        self.singles: dict[int, Draw] = {}
        self.all_pids = (1 << len(self.pids)) - 1
        self.edge_masks, self.old_masks = _masks(tables, self.pids)
        self.legal: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}
        self.contexts: dict[int, SquareEntry] = {}
        self.boards = BoundedCache(BOARD_CACHE_LIMIT)   # board -> BoardOptions
        self.last: BoardTable | None = None
        self.empty_board = (EMPTY,) * SQUARES
        self.empty: BoardTable | None = None    # every new game's first table
        # near_squares' last board, its squares and their set
        self.last_near: Near | None = None
        # placement.is_legal for a near square (never a building), taken apart for
        # legal.random_order's loop: per square the edges whose end is refused whatever
        # the board (off it without a terminal, into a building) and per neighbour square
        # (square, edge, its facing edge); and every allowed exchange, old << 8 | new
        self.forbidden_ends = tuple(
            sum(1 << edge for edge in range(4) if rules[edge] == NO_END)
            for rules in self.edge_rules)
        self.fit_reads = tuple(
            tuple((tables.neighbour[s * 4 + edge], edge, (edge + 2) & 3)
                  for edge in range(4) if rules[edge] == NEIGHBOUR)
            for s, rules in enumerate(self.edge_rules))
        every_pair = sum(PAIR_BIT.values())
        self.exchanges = frozenset(
            old << 8 | new for old in range(len(tables.ends)) if tables.exchangeable[old // 4]
            for new in range(len(tables.ends))
            if not tables.pairs[old] & ~tables.pairs[new] & every_pair
            and tables.pairs[old] != tables.pairs[new])

    def allows(self, board: Sequence[int], square: int, pid: int) -> bool:
        """`placement.is_legal`, read from the per-square tables above (a round's end
        asks it of every placement; `fits` of every square it touched)."""
        if not self.open_square[square]:
            return False
        old = board[square]
        if old != EMPTY and old << 8 | pid not in self.exchanges:
            return False
        return self.fits(board, square, pid)

    def fits(self, board: Sequence[int], square: int, pid: int) -> bool:
        """`placement.ends_fit` for `pid` on an open square (one holding no building):
        no end towards an edge that takes none, and every neighbour's facing end
        matched. (legal.random_order has this loop inline.)"""
        ends = self.tables.ends
        mine = ends[pid]
        if mine & self.forbidden_ends[square]:
            return False
        for near, edge, back in self.fit_reads[square]:
            other = board[near]
            if other != EMPTY and mine >> edge & 1 != ends[other] >> back & 1:
                return False
        return True

    def single(self, square: int, pid: int) -> Action:
        """The order of one placement, made once per pack."""
        return self.draw(square, pid)[4]

    def draw(self, square: int, pid: int) -> Draw:
        """One placement as the table holds it, made once per pack."""
        key = square * 64 + pid
        found = self.singles.get(key)
        if found is None:
            action = order_action(self.tables, [(square, pid)])
            found = self.singles[key] = (square, pid, pid // 4, action[1:], action)
        return found

    def entry(self, board: Sequence[int], square: int) -> SquareEntry:
        """What `square` adds to the board's table (empty when it is no candidate:
        candidate_squares' rule, read from the square and its neighbours alone)."""
        if not self.open_square[square]:
            return ()
        tables = self.tables
        pid = board[square]
        if pid == EMPTY:
            if square not in self.terminal_squares:
                for n in self.neighbours[square]:
                    if board[n] != EMPTY:
                        break
                else:
                    return ()
        elif not tables.exchangeable[pid // 4] and square not in self.terminal_squares:
            return ()
        # the context: (pid + 1) * 8^4 + what each edge meets * 8^(3 - edge)
        key = (pid + 1) * 4096 + self.fixed_key[square]
        for near, weights in self.reads[square]:
            key += weights[board[near] + 1]
        found = self.contexts.get(key * SQUARES + square)
        if found is None:
            if len(self.contexts) > CACHE_LIMIT:
                self.contexts = {}
            draw = self.draw
            found = tuple([(tile, tuple([draw(square, p) for p in pids]))
                           for tile, pids in self.legal_here(key)])
            self.contexts[key * SQUARES + square] = found
        return found

    def legal_here(self, context: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The pids legal on a square of this `context`, per tile: placement.is_legal
        taken apart into one mask per edge and one for the tile already there, and
        the masks joined (tests/linie1 checks it against is_legal)."""
        found = self.legal.get(context)
        if found is None:
            if len(self.legal) > CACHE_LIMIT:
                self.legal = {}
            allowed, rest = self.all_pids, context
            for edge in (3, 2, 1, 0):
                allowed &= self.edge_masks[edge][rest & 7]
                rest >>= 3
            allowed &= self.old_masks[rest - 1]
            grouped: dict[int, list[int]] = {}
            for i, p in enumerate(self.pids):
                if allowed >> i & 1:
                    grouped.setdefault(p // 4, []).append(p)
            found = self.legal[context] = tuple((t, tuple(ps)) for t, ps in grouped.items())
        return found

    def read_whole(self, board: tuple[int, ...]) -> list[SquareEntry]:
        """Every square's entry, asking `entry` only about the squares beside a tile,
        holding one, or at a terminal (the others have none)."""
        entries: list[SquareEntry] = [()] * SQUARES
        near = set(self.terminal_squares)
        around = self.around
        for square, pid in enumerate(board):
            if pid != EMPTY:
                near.update(around[square])
        for square in near:
            entries[square] = self.entry(board, square)
        return entries

    def table_for(self, board: Sequence[int]) -> BoardTable:
        """The table of `board`, read whole (a new game's board is read once per pack)."""
        key = tuple(board)
        empty = self.empty
        if empty is not None and key == empty.board:   # its own lists: one game's
            return BoardTable(empty.board, empty.entries, empty.options)
        table = self._table(key, self.read_whole(key))
        if self.empty is None and key == self.empty_board:
            self.empty = table
        return table

    def advance(self, table: BoardTable, board: Sequence[int]) -> BoardTable:
        """The table of `board` made from `table` (of an earlier board): only the
        squares that changed, and their neighbours, are read again."""
        key = tuple(board)
        old = table.board
        if old == key:
            return table
        changed = [s for s in range(SQUARES) if old[s] != key[s]]
        if len(changed) > MOST_CHANGES:
            return self.table_for(key)
        entries = list(table.entries)
        entry, around = self.entry, self.around
        for square in {n for s in changed for n in around[s]}:
            entries[square] = entry(key, square)
        return self._table(key, entries)

    def _table(self, key: tuple[int, ...], entries: Sequence[SquareEntry]) -> BoardTable:
        draws: list[list[Draw]] = [[] for _ in self.tables.tile_ids]
        for square_entry in entries:
            for tile, drawn in square_entry:
                draws[tile] += drawn
        return BoardTable(key, tuple(entries), BoardOptions(tuple(map(tuple, draws))))

    def board_options(self, board: Sequence[int]) -> BoardOptions:
        """The options of any board (for callers without a state): the last 256 boards
        asked for are kept, and a new one is made from the last one asked for."""
        key = tuple(board)
        found: BoardOptions | None = self.boards.get(key)
        if found is not None:
            return found
        last = self.last
        table = self.table_for(key) if last is None else self.advance(last, key)
        self.last = table
        self.boards[key] = table.options
        return table.options


def _masks(tables: Tables, pids: tuple[int, ...]) -> tuple[
        tuple[tuple[int, ...], ...], dict[int, int]]:
    """Which pids (bit i = pids[i]) each edge allows, by what the edge meets (0: a tile without an
    end facing it, 1: a tile with one, NO_END, ANY, 4: an empty square), and which the tile already
    on the square allows (-1: none; docs/games/linie1.md#l1-rules's exchange rule)."""
    edge_masks = []
    for edge in range(4):
        with_end = sum(1 << i for i, p in enumerate(pids) if tables.ends[p] >> edge & 1)
        without = (1 << len(pids)) - 1 - with_end
        every = with_end | without
        meets = {0: without, 1: with_end, NO_END: without, ANY: every, 4: every}
        edge_masks.append(tuple(meets.get(v, 0) for v in range(8)))
    every_pair = sum(PAIR_BIT.values())
    old_masks = {-1: (1 << len(pids)) - 1}
    for old in range(len(tables.ends)):
        old_masks[old] = 0
        if tables.exchangeable[old // 4]:
            old_masks[old] = sum(1 << i for i, p in enumerate(pids)
                                 if not tables.pairs[old] & ~tables.pairs[p] & every_pair
                                 and tables.pairs[old] != tables.pairs[p])
    return tuple(edge_masks), old_masks


def lookups(tables: Tables) -> Lookups:
    found = tables.cache.get("linie1 lookups")
    if found is None:
        found = tables.cache["linie1 lookups"] = Lookups(tables)
    return found


def distinct_turns(tables: Tables, tile: int) -> tuple[int, ...]:
    """Quarter turns of `tile` giving different tracks (a straight has two)."""
    return lookups(tables).turns[tile]


def every_placed_tile(tables: Tables) -> tuple[int, ...]:
    """Every pid in tile order, one per distinct turn."""
    return lookups(tables).pids


def _edge_rules(tables: Tables) -> tuple[tuple[int, int, int, int], ...]:
    """Per square, what each edge allows whatever the board: ANY (a neighbour square or a
    terminal), NO_END (off the board without a terminal, or a building), NEIGHBOUR (ask
    the board)."""
    rules = []
    for square in range(SQUARES):
        row = []
        for edge in range(4):
            near = tables.neighbour[square * 4 + edge]
            if near < 0:
                row.append(ANY if square * 4 + edge in tables.terminal_at else NO_END)
            elif tables.building_at[near] >= 0:
                row.append(NO_END)
            else:
                row.append(NEIGHBOUR)
        rules.append((row[0], row[1], row[2], row[3]))
    return tuple(rules)


def candidate_squares(tables: Tables, board: list[int]) -> list[int]:
    """Squares where a placement may matter: next to the network or a terminal, or an
    exchangeable tile."""
    return list(near_squares(tables, board))


def near_squares(tables: Tables, board: Sequence[int]) -> tuple[int, ...]:
    """`candidate_squares` as a tuple. The last board's squares are kept, and a board a
    few squares away from it is worked out from it (every seat of a round asks about
    the same board, and a search's rollout steps about boards one round apart)."""
    found = lookups(tables)
    near = near_from(found, tuple(board), found.last_near)
    found.last_near = near  # one assignment: threads see old or new, whole
    return near[1]


def near_from(found: Lookups, key: tuple[int, ...], last: Near | None,
              changed: Sequence[int] | None = None) -> Near:
    """The near squares of board `key`, worked out from `last` (another board's) when
    the two differ in a few squares: only those and their neighbours are asked again
    (whether a square is near depends on them alone), and the few that come or go are
    put in or taken out of the ordered list. `changed`: every square where the boards
    may differ, when the caller knows them (a round knows what it laid on); else the
    boards are compared whole."""
    if last is not None:
        old, squares, bits = last
        if old == key:
            return last
        if changed is None:
            changed = [s for s in range(SQUARES) if old[s] != key[s]]
        if len(changed) <= MOST_CHANGES:
            listed: list[int] | None = None
            around, neighbours = found.around, found.neighbours
            open_square, terminal_squares = found.open_square, found.terminal_squares
            exchangeable = found.tables.exchangeable
            for square in {n for s in changed for n in around[s]}:
                # `_near_set`'s rule for one square, which depends on it and its
                # neighbours alone; an empty square is near when a neighbour holds a
                # tile, i.e. a pid >= 0 > EMPTY
                pid = key[square]
                now = open_square[square] and (square in terminal_squares or (
                    exchangeable[pid // 4] if pid != EMPTY else
                    max([key[n] for n in neighbours[square]]) > EMPTY))
                if now != bits >> square & 1:
                    if listed is None:
                        listed = list(squares)
                    if now:
                        insort(listed, square)
                    else:
                        listed.remove(square)
                    bits ^= 1 << square
            return key, squares if listed is None else tuple(listed), bits
    near = _near_set(found, key)
    return key, tuple(sorted(near)), sum(1 << s for s in near)


def _near_set(found: Lookups, board: tuple[int, ...]) -> set[int]:
    """The candidate squares of `board`: the terminals' squares, every exchangeable
    tile's and the empty squares beside a tile, without the buildings'."""
    near = set(found.terminal_squares)
    exchangeable, neighbours = found.tables.exchangeable, found.neighbours
    for square, pid in enumerate(board):
        if pid != EMPTY:
            if exchangeable[pid // 4]:
                near.add(square)
            for n in neighbours[square]:
                if board[n] == EMPTY:
                    near.add(n)
    open_square = found.open_square
    return {s for s in near if open_square[s]}


def order_action(tables: Tables, placements: Sequence[tuple[int, int]]) -> Action:
    """The `Order` of (square, placed-tile id) placements."""
    action: list[object] = ["order"]
    for square, pid in placements:
        action.extend((square_name(square), tables.tile_of(pid), tables.rotation_of(pid)))
    return tuple.__new__(Order, action)


def single_action(tables: Tables, square: int, pid: int) -> Action:
    """The order of one placement, made once per pack."""
    return lookups(tables).single(square, pid)


def board_options(tables: Tables, board: list[int]) -> BoardOptions:
    return lookups(tables).board_options(board)


def board_table(tables: Tables, board: Sequence[int]) -> BoardTable:
    """A table of `board` made from scratch (a new or restored state's first)."""
    return lookups(tables).table_for(board)
