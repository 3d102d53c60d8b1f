"""Record sheets I and II: marking symbols and final scoring.

The box values and which box stands under which are data from the content pack; the
rules that combine rows are here, one function per rule of `docs/games/rail-line.md#rl-rules`.
Marks on a row are always made left to right, so a row's state is just how many of
its boxes are marked; a player's sheet is a list of eleven counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from stellwerk.games.rail_line.symbols import (
    BEET,
    COAL,
    FACTORY,
    FOREST,
    GLASS,
    IRON,
    MAIL,
    PASSENGERS,
    SAWMILL,
    STEEL,
    SUGAR,
    SYMBOLS,
)

_ROW = {name: row for row, name in enumerate(SYMBOLS)}

MARKED, OVERFLOW, LOST = "marked", "overflow", "lost"


class Player:
    """One seat's pieces and sheet. Plain slots: cloned on every search step."""

    # the seat's pieces, in the order snapshots and `info_key` list them
    FIELDS = ("coins", "counts", "gained", "glass_turn", "paid_columns", "refusals",
              "slow", "track")
    # `worth`: the rollout policy's last row worth with what it was computed from
    # (`rollout.row_worth`), `marked`: a bit per row marked since (`Sheet.mark`), so the
    # policy looks up only the row groups that changed; no part of the game, so neither
    # snapshotted nor compared
    __slots__ = (*FIELDS, "marked", "worth")

    def __init__(self, rows: int) -> None:
        self.counts = [0] * rows
        self.coins = 0
        self.slow = 0            # position of the slow locomotive (the fast one is at the head)
        self.track = -1          # 0-2, chosen at setup
        self.refusals = 0        # three-player refusals used (at most 4)
        self.gained = False      # "gain any symbol" used (once per game)
        self.paid_columns = 0    # bit mask of Sheet II chain columns already paid a coin
        self.glass_turn = -1     # turn in which Glassworks was completed (Sheet II)
        self.worth: tuple[Any, ...] | None = None
        self.marked = 0

    def clone(self) -> Player:
        twin = Player.__new__(Player)
        twin.counts = self.counts.copy()
        twin.coins = self.coins
        twin.slow = self.slow
        twin.track = self.track
        twin.refusals = self.refusals
        twin.gained = self.gained
        twin.paid_columns = self.paid_columns
        twin.glass_turn = self.glass_turn
        twin.worth = self.worth      # immutable, and checked against the counts on use
        twin.marked = self.marked
        return twin


@dataclass(frozen=True)
class Sheet:
    """One side of the record sheet, compiled from the pack for fast marking."""

    name: str                                   # "I" or "II"
    values: tuple[tuple[int, ...], ...]         # per row, the box values
    overflow: tuple[int, ...]                   # coins per symbol once a row is full
    above: tuple[tuple[tuple[int, int] | None, ...], ...]  # per row and box: (row, box) above
    gates: tuple[int, ...]                      # Sheet II beet: Sugar factory box needed (0: none)
    columns: tuple[tuple[tuple[int, int], ...], ...]  # Sheet II chain columns paying a coin
    column_coin: int
    exchange: tuple[tuple[int, int], ...]       # Sheet II Factory: (coins, VP each) per box
    glass_first: int                            # Sheet II Glassworks: first to complete
    glass_cap: int                              # Sheet II Glassworks: everyone else at most

    @cached_property
    def sizes(self) -> tuple[int, ...]:
        """Boxes per row (made once: marking and listing actions ask all the time)."""
        return tuple(len(v) for v in self.values)

    # docs/games/rail-line.md#rl-marking: Marking and coins — leftmost free box; a full row pays its
    # coins.
    def mark(self, player: Player, row: int, turn: int) -> str:
        counts = player.counts
        n = counts[row]
        if n >= self.sizes[row]:
            player.coins += self.overflow[row]
            return OVERFLOW
        if row == BEET and not self.beet_gate_open(counts, n + 1):
            # docs/games/rail-line.md#rl-scoring Sheet II: a gated Sugar beet is lost, no coins
            return LOST
        counts[row] = n + 1
        player.marked |= 1 << row    # for the rollout policy's row worth (Player)
        if self.columns:
            self._pay_completed_columns(player, row)
        if row == GLASS and n + 1 == len(self.values[GLASS]) and player.glass_turn < 0:
            player.glass_turn = turn
        return MARKED

    def beet_gate_open(self, counts: Sequence[int], box: int) -> bool:
        """Sheet II: a beet box past a red line needs the Sugar factory box left of it."""
        if not self.gates:
            return True
        need = self.gates[box - 1]
        return need == 0 or counts[SUGAR] >= need

    def can_mark_box(self, counts: Sequence[int], row: int) -> bool:
        """Whether a row has a next box that may be marked now (for "gain any symbol")."""
        n = counts[row]
        if n >= self.sizes[row]:
            return False
        return row != BEET or self.beet_gate_open(counts, n + 1)

    def _pay_completed_columns(self, player: Player, row: int) -> None:
        # docs/games/rail-line.md#rl-scoring Sheet II: completing a whole chain column gives 1 coin
        # at once. Only a column through the row just marked can have been completed by it (every
        # other was paid at the mark that completed it), so only those are looked at.
        counts = player.counts
        for bit, column in self.columns_through[row]:
            if player.paid_columns & bit:
                continue
            if all(counts[r] >= b for r, b in column):
                player.paid_columns |= bit
                player.coins += self.column_coin

    @cached_property
    def columns_through(self) -> tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], ...]:
        """Per row, the chain columns with a box in it, each with its bit in
        `Player.paid_columns` (the column's index in `columns`)."""
        return tuple(tuple((1 << i, column) for i, column in enumerate(self.columns)
                           if any(r == row for r, _ in column))
                     for row in range(len(self.values)))

    def box_counts(self, counts: Sequence[int], row: int, box: int) -> bool:
        """A box counts when it is marked and every box above it in its column is too
        (the column read from `chains`)."""
        return counts[row] >= box and all(counts[up_row] >= up_box
                                          for up_row, up_box in self.chains[row][box - 1])

    @cached_property
    def chained(self) -> tuple[bool, ...]:
        """Per row: whether any of its boxes stands under another row's box."""
        return tuple(any(up is not None for up in ups) for ups in self.above)

    @cached_property
    def chains(self) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
        """Per row and box: every (row, box) above it, up the column, walked once
        (`box_counts` and `rightmost_counting` read it: every search leaf and heuristic
        scores the chained rows)."""
        found = []
        for ups in self.above:
            per_box = []
            for up in ups:
                chain = []
                while up is not None:
                    chain.append(up)
                    up = self.above[up[0]][up[1] - 1]
                per_box.append(tuple(chain))
            found.append(tuple(per_box))
        return tuple(found)

    def rightmost_counting(self, counts: Sequence[int], row: int) -> int | None:
        n = counts[row]
        if not self.chained[row]:      # every marked box counts: the rightmost one
            return self.values[row][n - 1] if n else None
        chains = self.chains[row]
        for box in range(n, 0, -1):    # `box_counts` of each marked box, right to left
            for up_row, up_box in chains[box - 1]:
                if counts[up_row] < up_box:
                    break
            else:
                return self.values[row][box - 1]
        return None

    def row_score(self, counts: Sequence[int], row: int) -> int:
        value = self.rightmost_counting(counts, row)
        return 0 if value is None else value

    # ---- scoring one part (the heuristic's fast path) --------------------------------
    @cached_property
    def touching(self) -> tuple[tuple[str, ...], ...]:
        """Per row: the parts of `score` that can change when that row's count changes
        (a part reads its own row, the rows above its boxes, and its partner rows)."""
        reads = self._rows_read()
        return tuple(tuple(part for part, rows in reads.items() if row in rows)
                     for row in range(len(SYMBOLS)))

    def _rows_above(self, row: int) -> set[int]:
        found = {row}
        for up in self.above[row]:
            while up is not None:
                found.add(up[0])
                up = self.above[up[0]][up[1] - 1]
        return found

    def _rows_read(self) -> dict[str, set[int]]:
        if self.name == "I":
            reads = {SYMBOLS[r]: self._rows_above(r) for r in range(len(SYMBOLS))
                     if r != SAWMILL}
            reads["forest"] = {FOREST, SAWMILL}
            reads["coins"] = set()
            return reads
        reads = {name: self._rows_above(_ROW[name])
                 for name in ("coal", "iron", "steel", "beet", "sugar", "glass")}
        reads["passengers"] = self._rows_above(MAIL) | {PASSENGERS}
        reads["forest"] = {FOREST, SAWMILL}
        reads["coins"] = {FACTORY}
        return reads

    def part(self, players: Sequence[Player], seat: int, name: str) -> int:
        """One entry of `score(players, seat)`, computed alone."""
        player = players[seat]
        c = player.counts
        if self.name == "I":
            if name == "passengers":
                value = self.row_score(c, PASSENGERS)
                return 2 * value if passenger_majority(players, seat) else value
            if name == "forest":
                return self.forest_times_sawmill(c)
            if name == "coins":
                return player.coins
            return self.row_score(c, _ROW[name])
        if name == "passengers":
            return self.passengers_and_mail(c)
        if name == "forest":
            return self.forest_sawmill_chain(c)
        if name == "glass":
            return self.glassworks(players, seat)
        if name == "coins":
            return self.coins_after_factory(c, player.coins)
        return self.row_score(c, _ROW[name])

    # ---- final scoring -------------------------------------------------------------
    def score(self, players: Sequence[Player], seat: int) -> dict[str, int]:
        if self.name == "I":
            return self._score_sheet_one(players, seat)
        return self._score_sheet_two(players, seat)

    def _score_sheet_one(self, players: Sequence[Player], seat: int) -> dict[str, int]:
        c = players[seat].counts
        parts = {}
        values, chained = self.values, self.chained
        for r, symbol in enumerate(SYMBOLS):
            # `row_score` inline for the rows without a box above (most of them): every
            # search leaf scores the whole sheet for every seat
            if chained[r]:
                parts[symbol] = self.row_score(c, r)
            else:
                n = c[r]
                parts[symbol] = values[r][n - 1] if n else 0
        if passenger_majority(players, seat):
            # docs/games/rail-line.md#rl-rules Sheet I: strictly most Passenger boxes
            parts["passengers"] *= 2
        parts["forest"] = self.forest_times_sawmill(c)
        del parts["sawmill"]
        parts["coins"] = players[seat].coins
        return parts

    def forest_times_sawmill(self, c: Sequence[int]) -> int:
        """Sheet I: A x B of the rightmost marked boxes; 0 if either row is empty."""
        if not c[FOREST] or not c[SAWMILL]:
            return 0
        return self.values[FOREST][c[FOREST] - 1] * self.values[SAWMILL][c[SAWMILL] - 1]

    def _score_sheet_two(self, players: Sequence[Player], seat: int) -> dict[str, int]:
        player = players[seat]
        c = player.counts
        return {
            "passengers": self.passengers_and_mail(c),
            "coal": self.row_score(c, COAL),
            "iron": self.row_score(c, IRON),
            "steel": self.row_score(c, STEEL),
            "forest": self.forest_sawmill_chain(c),
            "beet": self.row_score(c, BEET),
            "sugar": self.row_score(c, SUGAR),
            "glass": self.glassworks(players, seat),
            "coins": self.coins_after_factory(c, player.coins),
        }

    def passengers_and_mail(self, c: Sequence[int]) -> int:
        """Sheet II: the rightmost Mail box under a marked Passenger box; else the
        rightmost marked Passenger box (negative); nothing marked: 0."""
        mail = self.rightmost_counting(c, MAIL)
        if mail is not None:
            return mail
        if c[PASSENGERS]:
            return self.values[PASSENGERS][c[PASSENGERS] - 1]
        return 0

    def forest_sawmill_chain(self, c: Sequence[int]) -> int:
        """Sheet II: Forest 1 -> Sawmill 1 -> Forest 2 -> ...; the last box of the
        unbroken chain scores."""
        forest, sawmill = c[FOREST], c[SAWMILL]
        if forest == 0:
            return 0
        if forest > sawmill:
            return self.values[FOREST][sawmill]          # chain ends on Forest box s+1
        return self.values[SAWMILL][forest - 1]          # chain ends on Sawmill box f

    def coins_after_factory(self, c: Sequence[int], coins: int) -> int:
        """Sheet II: the rightmost Factory box exchanges up to N coins at V VP each;
        further coins are worth 1 VP (the seed: 3 boxes, 5 coins -> 4 x 4 + 1 = 17)."""
        if c[FACTORY] == 0:
            return coins
        limit, each = self.exchange[c[FACTORY] - 1]
        exchanged = min(coins, limit)
        return exchanged * each + (coins - exchanged)

    def glassworks(self, players: Sequence[Player], seat: int) -> int:
        """Sheet II: the first player(s) to mark every box score the full bonus;
        everyone else at most the cap."""
        player = players[seat]
        value = self.row_score(player.counts, GLASS)
        if player.glass_turn >= 0:
            first = min(p.glass_turn for p in players if p.glass_turn >= 0)
            if player.glass_turn == first:
                return self.glass_first
        return min(value, self.glass_cap)


def passenger_majority(players: Sequence[Player], seat: int) -> bool:
    """Strictly more Passenger boxes than every other seat (a loop, not `all` over a
    generator: every search leaf and heuristic asks)."""
    mine = players[seat].counts[PASSENGERS]
    for other, player in enumerate(players):
        if other != seat and player.counts[PASSENGERS] >= mine:
            return False
    return True


def compile_sheet(name: str, data: Mapping[str, Any]) -> Sheet:
    rows = data["rows"]
    values = tuple(tuple(rows[s]["values"]) for s in SYMBOLS)
    index = {s: i for i, s in enumerate(SYMBOLS)}
    above: list[tuple[tuple[int, int] | None, ...]] = []
    for s in SYMBOLS:
        under = rows[s].get("under")
        if under is None:
            above.append((None,) * len(rows[s]["values"]))
        else:
            above.append(tuple((index[under["row"]], b) for b in under["boxes"]))
    columns: list[tuple[tuple[int, int], ...]] = []
    coin_rows = data.get("column_coins", {}).get("rows", [])
    for s in coin_rows:
        r = index[s]
        for box in range(1, len(values[r]) + 1):
            column = [(r, box)]
            up = above[r][box - 1]
            while up is not None:
                column.append(up)
                up = above[up[0]][up[1] - 1]
            columns.append(tuple(column))
    factory = rows["factory"]
    glass = rows["glass"]
    return Sheet(
        name=name,
        values=values,
        overflow=tuple(data["overflow"][s] for s in SYMBOLS),
        above=tuple(above),
        gates=tuple(rows["beet"].get("gates", ())),
        columns=tuple(columns),
        column_coin=int(data.get("column_coins", {}).get("coins", 0)),
        exchange=tuple((int(n), int(v)) for n, v in zip(factory.get("exchange_coins", ()),
                                                      factory["values"], strict=False)),
        glass_first=int(glass.get("first_complete", 0)),
        glass_cap=int(glass.get("others_cap", 0)),
    )
