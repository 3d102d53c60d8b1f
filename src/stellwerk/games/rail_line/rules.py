"""The rules of Rail Line: a game state that only `apply` changes.

Each rule of `docs/games/rail-line.md#rl-rules` is one method named after it. The flow of a turn
(lay a card, every fast locomotive moves and marks, row completion and curve moves, the optional
action, refusals and free moves in other players' turns) runs on a small stack of pending steps:
`_run` works through it until a seat owes a decision.

Seats are in clockwise order and seat 0 is the starting player (the seed leaves the
choice of starting player to the table; reorder the seats to change it).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from stellwerk.core.chance import Chance, chance_from
from stellwerk.core.contract import Action, Decision, Result, State, rank_seats
from stellwerk.core.snapshot import (
    SNAPSHOT_FORMAT,
    exercise,
    expect,
    header,
    integer,
    plain,
    reading,
    tupled,
)
from stellwerk.core.trust import UNKNOWN, Trusted
from stellwerk.games.rail_line import actions
from stellwerk.games.rail_line.constants import (
    FINAL,
    FREE,
    HAND_SIZE,
    KINDS,
    LAY,
    MAX_SLOW_STATIONS,
    OFFER_SIZE,
    OPTIONAL,
    PROMPTS,
    REFUSALS,
    REFUSE,
    SIDE,
    TRACK,
    illegal,
)
from stellwerk.games.rail_line.draws import shuffle
from stellwerk.games.rail_line.moves import DECLINE, KEEP, PASS
from stellwerk.games.rail_line.sheet import Player, Sheet
from stellwerk.games.rail_line.symbols import SYMBOLS, marking_order
from stellwerk.games.rail_line.tables import (
    CARDS_PER_ROW,
    LINE_LENGTH,
    TRACKS,
    Station,
    Tables,
    card_position,
)
from stellwerk.games.rail_line.views import seat_view


class RailLineState(State):
    __slots__ = ("active", "chance", "deck", "discards", "end_triggered", "hands", "head",
                 "line", "log", "n", "offer", "pending", "players", "removed", "sheet",
                 "side", "stack", "stations", "tables", "trusted", "turn")

    def __init__(self, tables: Tables, sheet: str, seats: int, seed: int | Chance,
                 log: bool = True) -> None:
        self.tables = tables
        self.sheet: Sheet = tables.sheets[sheet]
        self.n = seats
        self.chance = chance_from(seed)
        self.players = [Player(len(SYMBOLS)) for _ in range(seats)]
        self.line: list[str] = []
        self.stations: list[tuple[Station, ...]] = []   # by position; filled as the line grows
        self.head = 0                                    # position of every fast locomotive
        self.side = 0
        self.active = 0
        self.turn = 0
        self.end_triggered = False
        self.stack: list[tuple[Any, ...]] = []
        self.pending: tuple[str, int, Any] | None = (SIDE, 0, None)
        self.log: list[tuple[Any, ...]] | None = [] if log else None
        # the very action objects this state listed since its last change (`apply`
        # skips their check; see there); None: none yet
        self.trusted: Trusted | None = None
        self.deal()

    # docs/games/rail-line.md#rl-setup: Table and setup --------------------------------------------
    def deal(self) -> None:
        a_cards = list(self.tables.a_cards)
        b_cards = list(self.tables.b_cards)
        self.chance.shuffle(a_cards)
        self.chance.shuffle(b_cards)
        self.hands = [a_cards[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(self.n)]
        self.removed = a_cards[self.n * HAND_SIZE:]      # two players: 4 A cards leave the game
        self.offer = b_cards[:OFFER_SIZE]
        self.deck = b_cards[OFFER_SIZE:]
        self.discards: list[str] = []

    def choose_side(self, side: int) -> None:
        self.side = side
        self.stations.append(self.tables.start_sides[side - 1])
        self.pending = (TRACK, 0, None)

    def choose_track(self, seat: int, track: int) -> None:
        player = self.players[seat]
        player.track = track
        start = self.stations[0][track]
        for row in start or ():
            self.sheet.mark(player, row, self.turn)
        self.note("start", seat, track)
        if seat + 1 < self.n:
            self.pending = (TRACK, seat + 1, None)
        else:
            self.pending = (LAY, 0, None)

    def free_tracks(self) -> list[int]:
        taken = {p.track for p in self.players}
        return [t for t in range(TRACKS) if t not in taken]

    # docs/games/rail-line.md#rl-rules: A turn -----------------------------------------------------
    def can_lay(self, seat: int) -> bool:
        return len(self.line) < LINE_LENGTH and bool(self.hands[seat] or self.offer)

    def lay_card(self, seat: int, card: str, second: bool) -> None:
        """Lay a card from hand or offer; every fast locomotive follows onto it."""
        hand = self.hands[seat]
        if card in hand:
            hand.remove(card)
        else:
            self.offer.remove(card)
            if self.deck:
                self.offer.append(self.deck.pop())
                if not self.deck:
                    self.end_triggered = True   # D: the B deck ran out into the offer
        self.line.append(card)
        number = len(self.line)
        self.head = card_position(number)
        face = self.tables.faces[card]          # the stations at the head
        self.stations.append(face)
        if self.log is not None:
            self.log.append(("lay", seat, card))
        if number == LINE_LENGTH:
            self.end_triggered = True
        # the steps in the order `push` would queue them (last run first): the arrivals
        # of seats 0, 1, ..., a completed row's curve, then the optional action
        stack = self.stack
        stack.append(("end_turn",) if second else ("optional", seat))
        if number % CARDS_PER_ROW == 0 and number < LINE_LENGTH:
            stack.append(("curve",))
        # The arrivals run here, in seat order, as `_run` would run them next: a seat
        # that cannot refuse marks its station at once (as `arrive` does; two players
        # never refuse); from the first seat that may refuse on, the arrivals are
        # queued, since its question stops the flow.
        n, players = self.n, self.players
        mark = self.sheet.mark if self.log is None else None    # no event to log
        for seat_arriving in range(n):
            if n == 3 and self.may_refuse(seat_arriving):
                stack.extend(_ARRIVALS[n][:n - seat_arriving])
                break
            player = players[seat_arriving]
            station = face[player.track]
            if station:
                if mark is not None:    # `self.mark` without its event: the sheet's alone
                    for row in marking_order(station):
                        mark(player, row, self.turn)
                else:
                    for row in marking_order(station):
                        self.mark(seat_arriving, row)

    def arrive(self, seat: int) -> None:
        """A fast locomotive reaches the head: mark every symbol of its station there.

        A seat that cannot refuse (`may_refuse`) marks them at once: queueing the marks
        and running them one by one would do the same, since nothing in between could
        ask a question or change whether the seat may refuse."""
        station = self.stations[self.head][self.players[seat].track]
        if not station:
            return
        if self.may_refuse(seat):
            self.push([("mark", seat, row) for row in marking_order(station)])
            return
        for row in marking_order(station):
            self.mark(seat, row)

    def complete_row(self) -> None:
        """docs/games/rail-line.md#rl-rules: the 8th card of a row — fast locomotives move on to the
        curve, then each player, clockwise, may make a free slow move (the curve's free-move
        symbol)."""
        curve = self.tables.curves[len(self.line) // CARDS_PER_ROW - 1]
        self.head += 1
        self.stations.append(curve)
        steps: list[tuple[Any, ...]] = []
        for seat in range(self.n):
            station = curve[self.players[seat].track]
            steps.extend(("mark", seat, row) for row in marking_order(station or ()))
        steps.extend(("free", seat) for seat in range(self.n))
        self.push(steps)

    def is_free_move_station(self, position: int) -> bool:
        return position % (CARDS_PER_ROW + 1) == 0 and position > 0

    def stations_ahead(self, seat: int) -> list[int]:
        """Positions of the next (up to five) stations on the seat's track ahead of its slow
        locomotive, never past the head of the line."""
        player = self.players[seat]
        track = player.track
        stations = self.stations
        found = []
        for position in range(player.slow + 1, self.head + 1):
            if stations[position][track] is not None:
                found.append(position)
                if len(found) == MAX_SLOW_STATIONS:
                    break
        return found

    def station_ahead(self, seat: int) -> bool:
        """Whether `stations_ahead` names any (the free move's question, without the
        list: every completed row asks it of every seat)."""
        track = self.players[seat].track
        stations = self.stations
        for position in range(self.players[seat].slow + 1, self.head + 1):
            if stations[position][track] is not None:
                return True
        return False

    def move_slow(self, seat: int, steps: int, row: int | None,
                  then: tuple[Any, ...] | None) -> None:
        """Move the slow locomotive `steps` stations on; mark one symbol of the station
        where it stops; a free-move station there gives another free move."""
        position = self.stations_ahead(seat)[steps - 1]
        self.players[seat].slow = position
        self.note("slow", seat, steps)
        follow: list[tuple[Any, ...]] = []
        if row is not None:
            follow.append(("mark", seat, row))
        if self.is_free_move_station(position):
            follow.append(("free", seat))
        if then is not None:
            follow.append(then)
        self.push(follow)

    # docs/games/rail-line.md#rl-marking: Marking and coins ----------------------------------------
    def may_refuse(self, seat: int) -> bool:
        """Three players only: up to 4 times a symbol gained in another player's turn."""
        return self.n == 3 and seat != self.active and self.players[seat].refusals < REFUSALS

    def mark(self, seat: int, row: int) -> None:
        outcome = self.sheet.mark(self.players[seat], row, self.turn)
        if self.log is not None:      # a state made without a log builds no event
            self.log.append(("mark", seat, SYMBOLS[row], outcome))

    def refuse(self, seat: int) -> None:
        player = self.players[seat]
        player.refusals += 1
        player.coins += 1
        self.note("refuse", seat)

    # the flow ----------------------------------------------------------------------------
    def push(self, steps: list[tuple[Any, ...]]) -> None:
        """Queue steps to run next, in the order given."""
        self.stack.extend(reversed(steps))

    def _run(self) -> None:
        """Work through pending steps until a seat owes a decision."""
        stack = self.stack
        while stack and self.pending is None:
            step = stack.pop()
            kind = step[0]
            # the common steps first: the optional action and the end of every turn
            # (`lay_card` runs the arrivals itself unless a seat may refuse), a queued
            # mark only where a seat may refuse it
            if kind == "optional":
                self.pending = (OPTIONAL, step[1], None)
            elif kind == "end_turn":
                self.end_turn()
            elif kind == "arrive":
                self.arrive(step[1])
            elif kind == "mark":
                seat = step[1]
                if self.may_refuse(seat):
                    self.pending = (REFUSE, seat, step[2])
                else:
                    self.mark(seat, step[2])
            elif kind == "free":
                if self.station_ahead(step[1]):
                    self.pending = (FREE, step[1], None)
            elif kind == "curve":
                self.complete_row()
            elif kind == "final_done":
                self.next_final(step[1] + 1)

    def end_turn(self) -> None:
        """docs/games/rail-line.md#rl-rules: End of game — once triggered, the round is finished so
        that every player has had as many turns; then the final optional actions."""
        if self.end_triggered and self.active == self.n - 1:
            self.next_final(0)
            return
        self.active = (self.active + 1) % self.n
        self.turn += 1
        self.pending = (LAY if self.can_lay(self.active) else OPTIONAL, self.active, None)

    def next_final(self, seat: int) -> None:
        if seat >= self.n:
            self.pending = None   # game over
            return
        self.active = seat
        self.turn += 1
        self.pending = (FINAL, seat, None)

    def note(self, *event: Any) -> None:
        if self.log is not None:
            self.log.append(event)

    # the contract ----------------------------------------------------------------------
    def decision(self) -> Decision | None:
        if self.pending is None:
            return None
        kind, seat, info = self.pending
        if kind == REFUSE:
            return Decision((seat,), KINDS[kind], PROMPTS[kind], {"symbol": SYMBOLS[info]})
        return _DECISIONS[kind][seat]

    def legal_actions(self, seat: int) -> list[Action]:
        found = actions.legal_actions(self, seat)
        if found:
            self.trust().vouch_all(seat, found)
        return found

    def trust(self) -> Trusted:
        """What this state vouches for until its next change (made on first use: most
        changes follow no listing)."""
        trusted = self.trusted
        if trusted is None:
            trusted = self.trusted = Trusted()
        return trusted

    def apply(self, seat: int, action: Action) -> None:
        # An action object this very state listed since its last change is legal: `check`
        # would only say so again. Only the same objects pass (`core.trust`: ("slow",
        # True, x) equals ("slow", 1, x) but is malformed), for the seat that owes the
        # decision; anything else, whoever calls, is checked in full.
        trusted, pending = self.trusted, self.pending
        if trusted is None or pending is None or pending[1] != seat \
                or trusted.recall(seat, action) is UNKNOWN:
            actions.check(self, seat, action)    # raises IllegalAction; nothing changed yet
        self.trusted = None
        actions.carry_out(self, seat, action)
        self._run()

    def is_over(self) -> bool:
        return self.pending is None

    def reveals(self) -> int:
        """B cards turned up from the deck plus hand cards shown (laid or discarded):
        the only moments anything hidden becomes known (the deck is shuffled at setup)."""
        drawn = len(self.tables.b_cards) - OFFER_SIZE - len(self.deck)
        shown = HAND_SIZE * self.n - sum(len(hand) for hand in self.hands)
        return drawn + shown

    def hotseat_reveals(self) -> int:
        """The reveals that bar undo at a terminal table (`frontends.table.history`): B
        cards turned up from the hidden deck, and nothing else. A hand card laid or
        discarded shows nothing to the player who takes it back (it was their card), and
        at a terminal the other seats have not seen it: a bot only looks when it decides,
        which already bars undo, and the next human gets the screen only at the hand-over.
        The network table, where every seat sees each move at once, keeps `reveals()`."""
        return len(self.tables.b_cards) - OFFER_SIZE - len(self.deck)

    def scores(self) -> list[dict[str, int]]:
        return [self.sheet.score(self.players, seat) for seat in range(self.n)]

    def result(self) -> Result:
        """docs/games/rail-line.md#rl-end: most VP wins; tie: most remaining coins; still tied:
        shared."""
        if not self.is_over():
            raise illegal("rl.not_over", "the game is not over yet")
        breakdown = self.scores()
        totals = tuple(sum(parts.values()) for parts in breakdown)
        coins = tuple(p.coins for p in self.players)
        ranks, winners = rank_seats([(totals[s], coins[s]) for s in range(self.n)])
        return Result(scores=totals, ranks=ranks, winners=winners,
                      breakdown=tuple(breakdown), tiebreak=tuple((c,) for c in coins))

    def clone(self) -> RailLineState:
        twin = RailLineState.__new__(RailLineState)
        twin.tables = self.tables
        twin.sheet = self.sheet
        twin.n = self.n
        twin.chance = self.chance.clone()
        twin.players = [p.clone() for p in self.players]
        twin.line = self.line.copy()
        twin.stations = self.stations.copy()
        twin.head = self.head
        twin.side = self.side
        twin.active = self.active
        twin.turn = self.turn
        twin.end_triggered = self.end_triggered
        twin.stack = self.stack.copy()
        twin.pending = self.pending
        # the seat views show the latest events and read the last one (a refusal after
        # the seat's own free move says so), so a faithful copy keeps the whole log
        twin.log = None if self.log is None else self.log.copy()
        twin.trusted = None
        twin.hands = [h.copy() for h in self.hands]
        twin.removed = self.removed.copy()
        twin.offer = self.offer.copy()
        twin.deck = self.deck.copy()
        twin.discards = self.discards.copy()
        return twin

    # events and snapshots ----------------------------------------------------
    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """The game so far from the log. Everything logged is done in the open (a laid or
        discarded card lies face up), so every seat sees the same events; a state made
        without a log (`new_state(..., log=False)`) has none."""
        return [event_json(e) for e in self.log or ()]


    def snapshot(self) -> dict[str, Any]:
        return {
            "game": "rail-line", "format": SNAPSHOT_FORMAT, "sheet": self.sheet.name,
            "seats": self.n, "chance": self.chance.state, "line": list(self.line),
            "stations": len(self.stations), "head": self.head, "side": self.side,
            "active": self.active, "turn": self.turn, "end_triggered": self.end_triggered,
            "stack": plain(self.stack), "pending": plain(self.pending),
            "log": None if self.log is None else plain(self.log),
            "hands": plain(self.hands), "removed": list(self.removed),
            "offer": list(self.offer), "deck": list(self.deck),
            "discards": list(self.discards),
            "players": [{name: plain(getattr(p, name)) for name in Player.FIELDS}
                        for p in self.players],
        }

    @classmethod
    def from_snapshot(cls, tables: Tables, data: Mapping[str, Any]) -> RailLineState:
        """The state `snapshot` was taken of; BadRecord if the data does not fit."""
        data = header("rail-line", data)
        with reading("Rail Line"):
            state = cls.__new__(cls)
            state.tables = tables
            state.trusted = None
            expect(data["sheet"] in tables.sheets, f"no sheet {data['sheet']!r}")
            state.sheet = tables.sheets[data["sheet"]]
            state.n = integer(data["seats"], "seats", 2, 3)
            state.chance = Chance(integer(data["chance"], "chance", 0))
            state.line = [str(c) for c in data["line"]]
            state.side = integer(data["side"], "side", 0, 2)
            state.head = integer(data["head"], "head", 0)
            state.active = integer(data["active"], "active", 0, state.n - 1)
            state.turn = integer(data["turn"], "turn", 0)
            state.end_triggered = bool(data["end_triggered"])
            state.stack = [tupled(step) for step in data["stack"]]
            pending = data["pending"]
            state.pending = None if pending is None else tupled(pending)
            state.log = None if data["log"] is None else [tupled(e) for e in data["log"]]
            state.hands = [[str(c) for c in hand] for hand in data["hands"]]
            expect(len(state.hands) == state.n, "one hand per seat")
            for name in ("removed", "offer", "deck", "discards"):
                setattr(state, name, [str(c) for c in data[name]])
            cards = [*state.line, *state.removed, *state.offer, *state.deck,
                     *state.discards, *(c for hand in state.hands for c in hand)]
            expect(sorted(cards) == sorted([*tables.a_cards, *tables.b_cards]),
                   "the cards are not exactly the pack's A and B cards")
            state.stations = [state.station_at(p) for p in
                              range(integer(data["stations"], "stations", 0))]
            expect(len(data["players"]) == state.n, "one player per seat")
            state.players = []
            for fields in data["players"]:
                player = Player(len(SYMBOLS))
                expect(set(fields) == set(Player.FIELDS), "player fields")
                for name in Player.FIELDS:
                    setattr(player, name, fields[name])
                expect(len(player.counts) == len(SYMBOLS), "marks per symbol")
                state.players.append(player)
            exercise(state, state.n)
        return state

    def station_at(self, position: int) -> tuple[Station, ...]:
        """The stations at a line position: start side, a curve (every 9th), or a card."""
        if position == 0:
            return self.tables.start_sides[self.side - 1]
        if position % (CARDS_PER_ROW + 1) == 0:
            return self.tables.curves[position // (CARDS_PER_ROW + 1) - 1]
        return self.tables.faces[self.line[position - 1 - position // (CARDS_PER_ROW + 1)]]

    def default_action(self, seat: int) -> Action | None:
        """Rail Line is a table game with no rule for a missing move, so only the steps where doing
        nothing is itself a choice get one (decided here; docs/games/rail-line.md#rl-rules is
        silent): the optional action `pass`, a free slow move `decline`, a symbol gained in
        another's turn `keep` (refusing spends one of the four refusals and pays a coin: an act, not
        an omission). Laying a card (compulsory, docs/games/rail-line.md#rl-rules), choosing the
        Starting Station side or a track have no default: None."""
        pending = self.pending
        if pending is None or pending[1] != seat:
            return None
        kind = pending[0]
        default: Action | None = (
            PASS if kind in (OPTIONAL, FINAL) else DECLINE if kind == FREE
            else KEEP if kind == REFUSE else None)
        return default if default is not None and self.is_legal(seat, default) else None

    def check(self, seat: int, action: Action) -> None:
        actions.check(self, seat, action)     # the rules' own check: no clone needed

    def info_key(self, seat: int) -> Hashable:
        """What `seat` knows of the position, as a tuple (no view is built): everything
        but the other hands, the removed A cards and the deck's order. The event log is
        left out: it is history that changes nothing of what may happen."""
        return (seat, self.sheet.name, self.n, self.side, self.turn, self.active,
                self.end_triggered, self.head, self.pending, tuple(self.line),
                tuple(self.offer), len(self.deck), tuple(self.discards),
                tuple(self.hands[seat]), tuple(len(h) for h in self.hands),
                tuple(self.stack), tuple(_player_key(p) for p in self.players))

    def view(self, seat: int) -> dict[str, Any]:
        return seat_view(self, seat)

    def public_view(self) -> dict[str, Any]:
        return seat_view(self, None)

    def determinized(self, seat: int, chance: Chance) -> RailLineState:
        """Redraw what `seat` cannot see: the other hands, the A cards out of the game
        (two players) and the order of the B deck.

        The unseen cards are sorted before they are shuffled, so the sample depends only
        on what `seat` knows and on `chance`, never on the true secrets.
        """
        twin = self.clone()   # the log stays: it is public, every event happened in the open
        others = [s for s in range(self.n) if s != seat]
        pool = sorted([c for s in others for c in twin.hands[s]] + twin.removed)
        shuffle(chance, pool)       # chance.shuffle, its draws written out (draws.py)
        for s in others:
            size = len(twin.hands[s])
            twin.hands[s], pool = pool[:size], pool[size:]
        twin.removed = pool
        twin.deck.sort()
        shuffle(chance, twin.deck)
        twin.chance = chance.fork()
        return twin


def _player_key(p: Player) -> tuple[Any, ...]:
    # Player.FIELDS in order, the counts as a tuple
    return (p.coins, tuple(p.counts), p.gained, p.glass_turn, p.paid_columns, p.refusals,
            p.slow, p.track)


def event_json(event: tuple[Any, ...]) -> dict[str, Any]:
    kind, seat = event[0], event[1]
    found: dict[str, Any] = {"key": f"rl.ev.{kind}", "seat": seat}
    if kind == "mark":
        found.update(symbol=event[2], outcome=event[3])
    elif kind == "start":
        found["arg"] = event[2] + 1
    elif len(event) > 2:
        found["arg"] = event[2]
    return found


# The arrival steps of every seat as `push` queues them (seat 0 runs first).
_ARRIVALS = {n: [("arrive", s) for s in reversed(range(n))] for n in (1, 2, 3)}
# Decisions are immutable, so the common ones are made once (the play-out loop asks often).
_DECISIONS = {kind: [Decision((seat,), KINDS[kind], PROMPTS[kind]) for seat in range(3)]
              for kind in KINDS}
