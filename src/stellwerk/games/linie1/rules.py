"""The rules of Linie 1 (postal): a game state that only `apply` changes.

One action per seat and round: an *order* of 0 to 5 placements ranked by priority
(docs/games/linie1.md#l1-round: Postal rules). The seats order simultaneously; when the last order
is in, the round is resolved (`resolution.py`), lines are checked for completion (`route.py`), hands
are refilled and the next round begins.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from stellwerk.core.chance import Chance, chance_from
from stellwerk.core.contract import SIMULTANEOUS, Action, Decision, Result, State, rank_seats
from stellwerk.core.errors import illegal
from stellwerk.core.snapshot import (
    SNAPSHOT_FORMAT,
    exercise,
    expect,
    header,
    integer,
    ints,
    plain,
    reading,
    tupled,
)
from stellwerk.core.trust import UNKNOWN, Trusted
from stellwerk.games.linie1.board_options import (
    BoardTable,
    Near,
    board_table,
    lookups,
    near_from,
)
from stellwerk.games.linie1.legal import listed_order_at_random, representative_orders
from stellwerk.games.linie1.notation import ACTIONS, EMPTY_ORDER
from stellwerk.games.linie1.resolution import resolve_round
from stellwerk.games.linie1.route import shortest_route
from stellwerk.games.linie1.tables import EMPTY, SQUARES, Tables, square_index
from stellwerk.games.linie1.tiles import ROTATIONS
from stellwerk.games.linie1.views import seat_view

HAND_SIZE = 8               # docs/games/linie1.md#l1-goal: each player holds 8 tiles
MAX_PLACEMENTS = 5          # docs/games/linie1.md#l1-rules: lays up to 5 of them (D: 0 to 5)
# docs/games/linie1.md#l1-rules (D): a round limit ends a game that stalls
DEFAULT_ROUNDS = 40
SCORE_EXPONENT = 1.5        # docs/games/linie1.md#l1-rules: (rounds needed)^1.5 x route length

Placement = tuple[int, int]  # (square, placed-tile id)


def line_score(rounds: int, length: int) -> float:
    # docs/games/linie1.md#l1-goal: score = rounds^1.5 x tiles between the terminals; lowest wins.
    return round(rounds ** SCORE_EXPONENT * length, 6)


class Linie1State(State):
    __slots__ = ("board", "cards", "chance", "finished", "hands", "last_report",
                 "legal_board", "lengths", "limit", "lines", "n", "near", "orders", "over",
                 "pile", "reports", "round", "stops", "table", "tables", "trusted")

    def __init__(self, tables: Tables, seats: int, seed: int | Chance, limit: int = DEFAULT_ROUNDS,
                 _blank: bool = False) -> None:
        self.tables = tables
        self.n = seats
        self.limit = limit
        # the last board known to break no placement rule (the empty board, then each
        # round's end); a round that begins on it re-reads only what it lays on
        # (resolution.resolve_round). A cache: not in snapshots, None when not known.
        self.legal_board: tuple[int, ...] | None = None
        # the order the rollout policy just drew from this very state, with its
        # placements as the deed (rollout.rollout_action): `apply` takes that object
        # unchecked; forgotten by any change
        self.trusted = Trusted()
        # the near squares of a board (`near_squares`), once asked for; a round's end
        # works them out from the squares it laid on. A cache, shared by clones.
        self.near: Near | None = None
        if _blank:
            return
        self.chance = chance_from(seed)
        self.round = 1
        self.over = False
        self.board = [EMPTY] * SQUARES
        self.legal_board = tuple(self.board)     # an empty board breaks no rule
        # the board's legal single placements, advanced when asked for
        self.table = board_table(tables, self.board)
        self.stops = [-1] * len(tables.building_letters)
        # docs/games/linie1.md#l1-rules (D): lines dealt at random without repetition; each player a
        # different route card; the stops are that line's entry on the card.
        lines = list(range(len(tables.line_numbers)))
        self.chance.shuffle(lines)
        self.lines = lines[:seats]
        cards = list(range(len(tables.cards)))
        self.chance.shuffle(cards)
        self.cards = cards[:seats]
        # docs/games/linie1.md#l1-rules (D): the tiles form one shuffled pile; hands of 8.
        self.pile = [t for t, count in enumerate(tables.counts) for _ in range(count)]
        self.chance.shuffle(self.pile)
        self.hands = [[0] * len(tables.tile_ids) for _ in range(seats)]
        self.refill_hands()
        self.orders: list[tuple[Placement, ...] | None] = [None] * seats
        self.finished = [0] * seats       # the round a line was first complete, 0 = not yet
        self.lengths = [0] * seats
        self.last_report: dict[str, Any] | None = None
        # every resolved round's report (public); replaced, never appended to in place,
        # so clones share it safely
        self.reports: list[dict[str, Any]] = []

    # ---- facts about seats ---------------------------------------------------------------
    def stop_buildings(self, seat: int) -> tuple[int, ...]:
        return self.tables.cards[self.cards[seat]][self.lines[seat]]

    def stop_squares(self, seat: int) -> tuple[int, ...]:
        stops = self.stops
        return tuple([stops[b] for b in self.tables.cards[self.cards[seat]][self.lines[seat]]])

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def score(self, seat: int) -> float | None:
        if not self.finished[seat]:
            return None
        return line_score(self.finished[seat], self.lengths[seat])

    def refill_hands(self) -> None:
        # docs/games/linie1.md#l1-rules (D): hands are refilled to 8 after each round while the pile
        # lasts.
        for hand in self.hands:
            while sum(hand) < HAND_SIZE and self.pile:
                hand[self.pile.pop()] += 1

    # ---- the contract --------------------------------------------------------------------
    def decision(self) -> Decision | None:
        if self.over:
            return None
        orders = self.orders
        waiting = tuple([s for s in range(self.n) if orders[s] is None])
        return Decision(waiting, SIMULTANEOUS, "l1.ask.order", {"round": self.round})

    def board_table(self) -> BoardTable:
        """The table of the board as it stands: the one kept, advanced from it (only the
        squares that changed are read again) when a round or anything else has changed
        the board since."""
        table = self.table
        if not table.describes(self.board):
            table = self.table = lookups(self.tables).advance(table, self.board)
        return table

    def near_squares(self) -> tuple[int, ...]:
        """`board_options.near_squares` of the board, kept with the state: a rollout
        step asks for them at every order, and the boards of a search's rollouts jump
        between samples, so the one board kept per pack seldom fits."""
        key = tuple(self.board)
        near = self.near
        if near is None or near[0] != key:
            found = lookups(self.tables)
            near = self.near = near_from(found, key, near or found.last_near)
        return near[1]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or not 0 <= seat < self.n or self.orders[seat] is not None:
            return []
        return representative_orders(self, seat)

    def check_order(self, seat: Any, action: Any) -> tuple[Placement, ...]:
        """The placements of a legal order, or IllegalAction naming the first problem."""
        if self.over:
            raise illegal("l1.over", "the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise illegal("l1.no_seat", "there is no seat {seat}", seat=seat)
        if self.orders[seat] is not None:
            raise illegal("l1.already_ordered", "seat {seat} has already ordered for round "
                          "{round}", seat=seat + 1, round=self.round)
        if (not isinstance(action, tuple) or ACTIONS.typed(action) is None
                or (len(action) - 1) % 3):
            raise illegal("l1.malformed", "{action!r} is not a Linie 1 order",
                          action=tuple(action) if isinstance(action, tuple) else action)
        count = (len(action) - 1) // 3
        if count > MAX_PLACEMENTS:
            raise illegal("l1.too_many", "an order has at most {most} placements, not {count}",
                          most=MAX_PLACEMENTS, count=count)
        placements = []
        # per tile: how many the order lays; and in all, how many of those the hand lacks
        used = [0] * len(self.tables.tile_ids)
        lacking = [0]
        for k in range(count):
            square_text, tile, rotation = action[1 + 3 * k: 4 + 3 * k]
            placements.append(self._check_placement(seat, k + 1, square_text, tile, rotation,
                                                    used, lacking))
        return tuple(placements)

    def _check_placement(self, seat: int, number: int, square_text: Any, tile: Any,
                         rotation: Any, used: list[int], lacking: list[int]) -> Placement:
        tables = self.tables
        square = square_index(square_text) if isinstance(square_text, str) else None
        if square is None:
            raise illegal("l1.bad_square", "placement {placement}: {square!r} is not a square "
                          "(A1 to L12)", placement=number, square=square_text)
        if tables.building_at[square] >= 0:
            raise illegal("l1.fail.on_building", "placement {placement}: {square} holds a "
                          "building ({building})", placement=number, square=square_text,
                          building=tables.building_names[tables.building_at[square]])
        if not isinstance(tile, str) or tile not in tables.tile_index:
            raise illegal("l1.bad_tile", "placement {placement}: {tile!r} is not a tile",
                          placement=number, tile=tile)
        if not isinstance(rotation, int) or isinstance(rotation, bool) or (
                rotation not in ROTATIONS):
            raise illegal("l1.bad_rotation", "placement {placement}: rotation must be 0, 90, "
                          "180 or 270, not {rotation!r}", placement=number, rotation=rotation)
        index = tables.tile_index[tile]
        hand = self.hands[seat]
        used[index] += 1
        if used[index] > hand[index]:   # one more than the hand holds: lacking one more
            lacking[0] += 1
        if lacking[0] > number - 1:
            # Each earlier placement may be an exchange that returns one tile; beyond
            # that a tile the hand lacks can never be laid.
            raise illegal("l1.not_in_hand", "placement {placement}: you hold no {tile} to "
                          "lay (hand: {hand})", placement=number, tile=tile,
                          hand=", ".join(f"{c} {t}" for t, c in zip(tables.tile_ids, hand,
                                                                    strict=True) if c))
        return square, tables.pid(tile, rotation)

    def apply(self, seat: int, action: Action) -> None:
        # The order object the rollout policy drew for this seat from this very state is
        # legal by construction (its placements were drawn from this board and hand, and
        # nothing has changed since: any `apply` forgets it): `check_order` would only say
        # so again (a tenth of a search's rollouts). Only the same object passes
        # (`Trusted.recall`), for that seat while its order is awaited; anything else,
        # whoever calls, is checked in full.
        placements = self.trusted.recall(seat, action)
        if placements is UNKNOWN or self.over or self.orders[seat] is not None:
            placements = self.check_order(seat, action)
        self.trusted = self.trusted.forgotten()
        self.orders[seat] = placements
        if None not in self.orders:       # every order is in
            self.end_round()

    def reveals(self) -> int:
        """Sealed orders are opened and tiles drawn only when a round ends."""
        return self.round + self.over

    def end_round(self) -> None:
        # The board's table is advanced when it is next asked for (`board_table`), not
        # here: a search's rollouts resolve many rounds whose tables nobody reads.
        report = resolve_round(self)
        completed = []
        for seat in range(self.n):
            if self.finished[seat]:
                continue
            length = shortest_route(self.tables, self.board, self.lines[seat],
                                    self.stop_squares(seat))
            if length is not None:
                # docs/games/linie1.md#l1-rules (D): rounds needed = the round at whose end the line
                # was first complete; the length is the shortest route then; the score is fixed.
                self.finished[seat] = self.round
                self.lengths[seat] = length
                completed.append({"seat": seat, "length": length, "score": self.score(seat)})
        report["completed"] = completed
        report["stops"] = {self.tables.building_letters[b]: sq for b, sq in
                           enumerate(self.stops) if sq >= 0}
        self.refill_hands()
        self.orders = [None] * self.n
        self.last_report = report
        self.reports = [*self.reports, report]
        if all(self.finished) or self.round >= self.limit:
            self.over = True
        else:
            self.round += 1

    # events, snapshots and cheap checks --------------------------------------
    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """Resolved rounds placement by placement (public once resolved,
        docs/games/linie1.md#l1-rules: Postal rules), then who has ordered this round, never
        what."""
        found: list[dict[str, Any]] = []
        for report in self.reports:
            for entry in report["placements"]:
                found.append({"key": "l1.ev.placement", "round": report["round"],
                              "seat": entry["seat"], "square": entry["square"],
                              "tile": entry["tile"], "rotation": entry["rotation"],
                              "outcome": entry["outcome"]})
            found.extend({"key": "l1.ev.completed", "round": report["round"], **done}
                         for done in report.get("completed", ()))
        if not self.over:
            found.extend({"key": "l1.ev.ordered", "round": self.round, "seat": s}
                         for s in range(self.n) if self.orders[s] is not None)
        return found


    def candidate_actions(self, seat: int) -> list[Action]:
        """A representative sample of orders (see `legal.py`); `check` judges others."""
        return self.legal_actions(seat)

    def default_action(self, seat: int) -> Action | None:
        """docs/games/linie1.md#l1-rules (C: a player lays "up to 5" tiles; D: 0 to 5): a missing
        order is the empty order, no placements, and the seat's hand is kept for the next round."""
        return EMPTY_ORDER if self.is_legal(seat, EMPTY_ORDER) else None

    def check(self, seat: int, action: Action) -> None:
        self.check_order(seat, action)        # never changes the state: no clone needed

    def info_key(self, seat: int) -> Hashable:
        """What `seat` knows of the position, as a tuple: the board, stops, who has
        ordered and finished, and its own line, card, hand and order (the resolved
        rounds' reports are history and left out)."""
        return (seat, self.n, self.limit, self.round, self.over, tuple(self.board),
                tuple(self.stops), len(self.pile), tuple(map(sum, self.hands)),
                tuple(o is not None for o in self.orders), tuple(self.finished),
                tuple(self.lengths), self.lines[seat], self.cards[seat],
                tuple(self.hands[seat]), self.orders[seat],
                (tuple(self.lines), tuple(self.cards)) if self.over else None)

    def snapshot(self) -> dict[str, Any]:
        return {
            "game": "linie1", "format": SNAPSHOT_FORMAT, "seats": self.n,
            "limit": self.limit, "chance": self.chance.state, "round": self.round,
            "over": self.over, "board": list(self.board), "stops": list(self.stops),
            "lines": list(self.lines), "cards": list(self.cards), "pile": list(self.pile),
            "hands": plain(self.hands), "orders": plain(self.orders),
            "finished": list(self.finished), "lengths": list(self.lengths),
            "last_report": plain(self.last_report), "reports": plain(self.reports),
        }

    @classmethod
    def from_snapshot(cls, tables: Tables, data: Mapping[str, Any]) -> Linie1State:
        """The state `snapshot` was taken of; BadRecord if the data does not fit."""
        data = header("linie1", data)
        with reading("Linie 1"):
            seats = integer(data["seats"], "seats", 1, len(tables.line_numbers))
            state = cls(tables, seats, 0, integer(data["limit"], "limit", 1), _blank=True)
            state.chance = Chance(integer(data["chance"], "chance", 0))
            state.round = integer(data["round"], "round", 1, state.limit)
            state.over = bool(data["over"])
            pids = len(tables.tile_ids) * 4 - 1
            state.board = ints(data["board"], "board", EMPTY, pids)
            expect(len(state.board) == SQUARES, "board size")
            state.table = board_table(tables, state.board)
            state.stops = ints(data["stops"], "stops", -1, SQUARES - 1)
            expect(len(state.stops) == len(tables.building_letters), "one stop per building")
            state.lines = ints(data["lines"], "lines", 0, len(tables.line_numbers) - 1)
            state.cards = ints(data["cards"], "cards", 0, len(tables.cards) - 1)
            expect(len(state.lines) == seats == len(state.cards), "a line and card per seat")
            expect(len(set(state.lines)) == seats, "two seats share a line")
            state.pile = ints(data["pile"], "pile", 0, len(tables.tile_ids) - 1)
            state.hands = [ints(h, "hand", 0, HAND_SIZE) for h in data["hands"]]
            expect(len(state.hands) == seats and all(
                len(h) == len(tables.tile_ids) for h in state.hands), "hand counts per tile")
            state.orders = []
            for order in data["orders"]:
                if order is not None:
                    for square, pid in order:
                        integer(square, "order square", 0, SQUARES - 1)
                        integer(pid, "order tile", 0, pids)
                state.orders.append(None if order is None else tupled(order))
            state.finished = ints(data["finished"], "finished", 0, state.limit)
            state.lengths = ints(data["lengths"], "lengths", 0)
            expect(len(state.orders) == len(state.finished) == len(state.lengths) == seats,
                   "orders, finished and lengths per seat")
            report = data["last_report"]
            expect(report is None or isinstance(report, dict), "last_report")
            state.last_report = report
            state.reports = list(data["reports"])
            expect(all(isinstance(r, dict) for r in state.reports), "reports")
            exercise(state, seats)
        return state

    def view(self, seat: int) -> dict[str, Any]:
        return seat_view(self, seat)

    def public_view(self) -> dict[str, Any]:
        return seat_view(self, None)

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        # docs/games/linie1.md#l1-rules D: unfinished players rank last; they have no score, and win
        # nothing
        scores = tuple(self.score(s) for s in range(self.n))
        keys = [(0, score) if score is not None else (1, 0.0) for score in scores]
        ranks, winners = rank_seats(keys, lower_is_better=True)
        winners = tuple(w for w in winners if scores[w] is not None)
        breakdown = tuple({"rounds": float(self.finished[s]), "length": float(self.lengths[s]),
                           "finished": float(bool(self.finished[s]))} for s in range(self.n))
        return Result(scores, ranks, winners, breakdown, lower_is_better=True)

    # ---- copies --------------------------------------------------------------------------
    def clone(self) -> Linie1State:
        twin = Linie1State(self.tables, self.n, 0, self.limit, _blank=True)
        twin.chance = self.chance.clone()
        twin.round = self.round
        twin.over = self.over
        twin.board = self.board[:]
        twin.table = self.table              # immutable: shared
        twin.legal_board = self.legal_board
        twin.near = self.near                # immutable (its set is never changed): shared
        twin.stops = self.stops[:]
        twin.lines = self.lines[:]
        twin.cards = self.cards[:]
        twin.pile = self.pile[:]
        twin.hands = [h[:] for h in self.hands]
        twin.orders = self.orders[:]
        twin.finished = self.finished[:]
        twin.lengths = self.lengths[:]
        twin.last_report = self.last_report
        twin.reports = self.reports
        return twin

    def determinized(self, seat: int, chance: Chance) -> Linie1State:
        """Redraw what `seat` cannot know: other lines and cards, other hands, the pile
        order, the other seats' orders not yet resolved, and the future lots.

        The unseen tiles are sorted before they are shuffled, so the sample depends only
        on what `seat` knows and on `chance`. A seat that has ordered still
        has ordered in the sample (that much is public), with a redrawn order.
        """
        twin = self.clone()
        twin.table = self.table.without_lists()   # the kept lists name the true hands
        twin.chance = chance.fork()
        others = [s for s in range(self.n) if s != seat]
        free_lines = [x for x in range(len(self.tables.line_numbers)) if x != self.lines[seat]]
        free_cards = [x for x in range(len(self.tables.cards)) if x != self.cards[seat]]
        chance.shuffle(free_lines)
        chance.shuffle(free_cards)
        pool = twin.pile[:]
        for s in others:
            twin.lines[s] = free_lines.pop()
            twin.cards[s] = free_cards.pop()
            for tile, count in enumerate(twin.hands[s]):
                pool.extend([tile] * count)
            twin.orders[s] = None
        pool.sort()
        chance.shuffle(pool)
        for s in others:
            size = self.hand_size(s)
            twin.hands[s] = [0] * len(self.tables.tile_ids)
            for _ in range(size):
                twin.hands[s][pool.pop()] += 1
        twin.pile = pool
        for s in others:
            if self.orders[s] is not None:
                # uniform over the seat's listed orders, without making the whole list
                twin.orders[s] = twin.check_order(s, listed_order_at_random(twin, s, chance))
        return twin
