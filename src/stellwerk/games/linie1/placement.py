"""The placement rules: may this tile lie on this square of this board?

Every rule is one function citing docs/games/linie1.md#l1-rules. `check_placement` answers for one
placement against the board as it stands; `illegal_squares` checks a whole board at a
round's end. A board is a list of 144 placed-tile ids (`tables.py`), -1 for empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stellwerk.games.linie1.tables import EMPTY, OFF_BOARD, PAIR_BIT, Tables, square_name
from stellwerk.games.linie1.tiles import EDGES, opposite

_ALL_PAIRS = sum(PAIR_BIT.values())


@dataclass(frozen=True)
class Failure:
    """Why a placement is not allowed: a catalogue key, English text and its fields."""

    key: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def make(cls, key: str, text: str, **params: Any) -> Failure:
        return cls(key, text.format(**params), params)


@dataclass(frozen=True)
class Verdict:
    failure: Failure | None
    # Neighbour squares whose track ends do not match: allowed for an exchange under the
    # postal exception, to be mended by the same player later in the round.
    faults: tuple[int, ...] = ()

    @property
    def legal(self) -> bool:
        return self.failure is None


def check_placement(tables: Tables, board: list[int], square: int, pid: int,
                    exchange_exception: bool = True) -> Verdict:
    failure = (not_on_building(tables, square)
               or exchange_keeps_tracks(tables, board, square, pid))
    if failure is not None:
        return Verdict(failure)
    failures, faults = track_ends(tables, board, square, pid)
    if failures:
        return Verdict(failures[0])
    if faults and (board[square] == EMPTY or not exchange_exception):
        return Verdict(_mismatch(tables, square, faults[0][0], faults[0][1]))
    return Verdict(None, tuple(n for n, _ in faults))


def not_on_building(tables: Tables, square: int) -> Failure | None:
    # docs/games/linie1.md#l1-rules: Board — a tile may never lie on a building.
    building = tables.building_at[square]
    if building < 0:
        return None
    return Failure.make("l1.fail.on_building", "{square} holds a building ({building})",
                        square=square_name(square), building=tables.building_names[building])


def exchange_keeps_tracks(tables: Tables, board: list[int], square: int,
                          pid: int) -> Failure | None:
    # docs/games/linie1.md#l1-round: Postal rules — the network may only be extended; tree tiles are
    # never exchanged.
    old = board[square]
    if old == EMPTY:
        return None
    name = square_name(square)
    old_tile = tables.tile_of(old)
    if not tables.exchangeable[old // 4]:
        return Failure.make("l1.fail.tree", "the tile on {square} ({tile}) is a tree tile and "
                            "is never exchanged", square=name, tile=old_tile)
    old_pairs, new_pairs = tables.pairs[old], tables.pairs[pid]
    if old_pairs & ~new_pairs & _ALL_PAIRS:
        return Failure.make("l1.fail.keep_tracks", "an exchange must keep every track of the "
                            "{tile} on {square}", square=name, tile=old_tile)
    if old_pairs == new_pairs:
        return Failure.make("l1.fail.adds_nothing", "the exchange adds no track to the {tile} "
                            "on {square}", square=name, tile=old_tile)
    return None


def track_ends(tables: Tables, board: list[int], square: int,
               pid: int) -> tuple[list[Failure], list[tuple[int, int]]]:
    """Hard failures (off the board, into a building) and neighbour mismatches."""
    # docs/games/linie1.md#l1-round: Postal rules — every track end must be continuable: not into a
    # building, not off the board except into a terminal, not against a tile with no end there.
    failures: list[Failure] = []
    faults: list[tuple[int, int]] = []
    ends = tables.ends[pid]
    for edge in range(4):
        mine = ends >> edge & 1
        near = tables.neighbour[square * 4 + edge]
        if near == OFF_BOARD:
            if mine and square * 4 + edge not in tables.terminal_at:
                failures.append(Failure.make(
                    "l1.fail.off_board", "a track on {square} runs off the board at its {edge} "
                    "edge", square=square_name(square), edge=EDGES[edge]))
            continue
        building = tables.building_at[near]
        if building >= 0:
            if mine:
                failures.append(Failure.make(
                    "l1.fail.into_building", "a track on {square} runs into {building} at its "
                    "{edge} edge", square=square_name(square), edge=EDGES[edge],
                    building=tables.building_names[building]))
            continue
        other = board[near]
        if other != EMPTY and mine != (tables.ends[other] >> opposite(edge) & 1):
            faults.append((near, edge))
    return failures, faults


def _mismatch(tables: Tables, square: int, near: int, edge: int) -> Failure:
    return Failure.make("l1.fail.mismatch", "the {edge} edge of {square} does not match the "
                        "tile on {neighbour}", square=square_name(square), edge=EDGES[edge],
                        neighbour=square_name(near))


def square_is_legal(tables: Tables, board: list[int], square: int) -> bool:
    """Does the tile on `square` (if any) break no rule: `track_ends` finds neither a
    failure nor a fault, and the square holds no building; read without the reasons (a
    round's end asks about every square it touched)."""
    pid = board[square]
    return pid == EMPTY or (tables.building_at[square] < 0
                            and ends_fit(tables, board, square, pid))


def illegal_squares(tables: Tables, board: list[int]) -> list[int]:
    """Every square whose tile breaks a placement rule (docs/games/linie1.md#l1-rules: end of a
    round)."""
    return [s for s in range(len(board)) if not square_is_legal(tables, board, s)]


def is_legal(tables: Tables, board: list[int], square: int, pid: int) -> bool:
    """`check_placement(..., exchange_exception=False).legal`, fast and without reasons
    (for bots and the legal-order list, which try thousands of placements)."""
    if tables.building_at[square] >= 0:
        return False
    old = board[square]
    if old != EMPTY:
        if not tables.exchangeable[old // 4]:
            return False
        old_pairs, new_pairs = tables.pairs[old], tables.pairs[pid]
        if old_pairs & ~new_pairs & _ALL_PAIRS or old_pairs == new_pairs:
            return False
    return ends_fit(tables, board, square, pid)


def ends_fit(tables: Tables, board: list[int], square: int, pid: int) -> bool:
    """`track_ends` finds neither a failure nor a fault for `pid` on `square`."""
    ends = tables.ends[pid]
    base = square * 4
    for edge in range(4):
        mine = ends >> edge & 1
        near = tables.neighbour[base + edge]
        if near == OFF_BOARD:
            if mine and base + edge not in tables.terminal_at:
                return False
        elif tables.building_at[near] >= 0:
            if mine:
                return False
        else:
            other = board[near]
            if other != EMPTY and mine != (tables.ends[other] >> ((edge + 2) & 3) & 1):
                return False
    return True
