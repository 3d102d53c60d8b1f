"""The rules of Railways (solo): a state that only `apply` changes.

Each rule of docs/games/railways.md#rw-rules is one method named after it. Every method checks
everything first and changes the state only when the action is legal, so a refused action
(IllegalAction) leaves the state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from stellwerk.core.chance import Chance, chance_from
from stellwerk.core.contract import SETUP, TURN, Action, Decision, Result, State
from stellwerk.core.errors import illegal as illegal  # the one helper, re-exported
from stellwerk.games.railways import actions, snapshots
from stellwerk.games.railways.board import (
    REGION_TYPES,
    Connection,
    Plan,
    card_of,
    cell_index,
    cell_name,
    lay_cards,
    make_plan,
    neighbours,
)
from stellwerk.games.railways.constants import (
    CAPITAL_BONUS,
    FIRST,
    HAND_SIZE,
    MARKERS,
    MAX_TIER,
    OVER,
    PLAN_CARDS,
    PROMPTS,
    REGION_DICE,
    ROUNDS,
    SECOND,
    SETUP_PHASE,
    START_DICE,
    START_POLLUTION,
    START_WORKERS,
    conversion_cost,
)
from stellwerk.games.railways.moves import PASS, event_of
from stellwerk.games.railways.needs import (
    Need,
    capital_need,
    open_need,
    single_need,
    transport_need,
    upgrade_need,
)
from stellwerk.games.railways.tables import Tables
from stellwerk.games.railways.uses import (
    Use,
    check_uses,
    fitting_in_hand,
    pollution_of,
    split_uses,
    summarise,
)
from stellwerk.games.railways.views import seat_view


class RailwaysState(State):
    __slots__ = ("built", "capital", "challenges", "chance", "delivered", "dice", "discards",
                 "hand", "log", "off_plan", "opened", "phase", "pile", "plan", "plan_cards",
                 "pollution", "profit", "region_dice", "round", "tables", "workers")

    def __init__(self, tables: Tables, seed: int | Chance,
                 challenges: tuple[int, ...] = ()) -> None:
        self.tables = tables
        self.chance = chance_from(seed)
        self.challenges = challenges
        # docs/games/railways.md#rw-setup: Components and setup — shuffle; 4 form the plan, 3 the
        # hand, 1 the pile
        deck = sorted(tables.cards)
        self.chance.shuffle(deck)
        self.plan_cards = tuple(deck[:PLAN_CARDS])
        self.hand = deck[PLAN_CARDS:PLAN_CARDS + HAND_SIZE]
        self.pile = deck[PLAN_CARDS + HAND_SIZE:]
        self.discards: list[int] = []
        self.built: dict[int, str] = {}
        self.plan = self._make_plan()
        self.dice: dict[int, int] = {}
        self.region_dice = list(REGION_DICE)
        self.off_plan = 0
        self.capital = 0
        self.profit = 0
        self.pollution = START_POLLUTION
        self.workers = START_WORKERS
        self.opened: dict[str, bool] = {}         # connection name -> upgraded
        self.delivered: set[str] = set()          # region types a passenger reached
        self.round = 1
        self.phase = SETUP_PHASE
        # (round, action) taken so far; replaced, never appended to in place, so clones
        # share it safely
        self.log: list[tuple[int, Action]] = []

    def plan_key(self) -> tuple[Any, ...]:
        """What the plan is made of: the four cards and the regions built on them (a
        cache key that, unlike id(plan), can never name another plan)."""
        return (self.plan_cards, tuple(sorted(self.built.items())))

    def _make_plan(self) -> Plan:
        key = self.plan_key()
        plan = self.tables.plans.get(key)
        if plan is None:
            printed = lay_cards([self.tables.cards[c].network for c in self.plan_cards])
            plan = make_plan(printed, self.built)
            self.tables.plans[key] = plan
        return plan

    # helpers -------------------------------------------------------------------------------
    @property
    def markers_left(self) -> int:
        return MARKERS - len(self.opened)

    def region_passengers(self, region: int) -> int:
        return sum(self.dice.get(c, 0) for c in self.plan.regions[region])

    def cell(self, name: str) -> int:
        index = cell_index(name) if isinstance(name, str) else None
        if index is None:
            raise illegal("rw.no_cell", f"{name!r} is not a space of the plan (A1 to F8)",
                          cell=str(name))
        return index

    def connection(self, name: str) -> Connection:
        connection = self.plan.connections.get(name) if isinstance(name, str) else None
        if connection is None:
            raise illegal("rw.no_connection", f"{name} names no complete connection (a "
                          "connection is named by its first rail space, e.g. "
                          f"{next(iter(self.plan.connections), 'B1')})", cell=str(name))
        return connection

    def end_types(self, connection: Connection) -> str:
        return "".join(sorted({self.plan.kinds[e] for e in connection.ends}))

    def _pay(self, kind: str, text: Any, need: Need) -> tuple[tuple[Use, ...], int]:
        """Check the uses of an action; return them and the pollution they cost.

        A successful check is cached by hand, kind, uses and need: bots repeat them often.
        """
        key = ("paid", tuple(self.hand), kind, text, need)
        cached = self.tables.cache.get(key)
        if cached is not None:
            return cached
        uses = split_uses(text) if isinstance(text, str) else None
        if uses is None:
            raise illegal("rw.bad_uses", f"{text!r} does not name symbols like 3.2a",
                          uses=str(text))
        check_uses(self.tables, self.hand, kind, uses)
        if not need.fits(summarise(self.tables, uses)):
            raise illegal("rw.symbols_do_not_fit", f"the symbols {text} do not fit this "
                          f"{kind} action{need.hint()}", uses=text, kind=kind)
        self.tables.cache[key] = (uses, pollution_of(uses))
        return uses, pollution_of(uses)

    def substitute(self, types: str) -> bool:
        """docs/games/railways.md#rw-rules D: two other targets replace a target only when no card
        in hand carries a fitting one."""
        return not fitting_in_hand(self.tables, self.hand, types)

    def _play(self, uses: tuple[Use, ...], pollution: int) -> None:
        """docs/games/railways.md#rw-rules: played cards are discarded; extra fields of one card
        pollute."""
        for card in sorted({u[0] for u in uses}):
            self.hand.remove(card)
            self.discards.append(card)
        self.add_pollution(pollution)

    def add_pollution(self, amount: int) -> None:
        self.pollution = max(1, min(self.tables.pollution_max, self.pollution + amount))

    def add_capital(self, amount: int) -> None:
        self.capital = max(0, min(self.tables.capital_max, self.capital + amount))

    # docs/games/railways.md#rw-setup: Components and setup — passenger dice placed by the player
    # ---
    def place_dice(self, text: Any) -> None:
        placing = self._parse_dice(text)
        for cell, value in placing.items():
            self.dice[cell] = value
        self.phase = FIRST

    def _parse_dice(self, text: Any) -> dict[int, int]:
        if self.phase != SETUP_PHASE:
            raise illegal("rw.not_setup", "the passenger dice are placed only at setup")
        placing: dict[int, int] = {}
        for word in str(text).split():
            name, eq, value = word.partition("=")
            cell = self.cell(name)
            if not eq or value not in ("1", "2"):
                raise illegal("rw.bad_dice", f"{word!r}: write each die as CELL=VALUE, "
                              "value 1 or 2", word=word)
            if cell in placing:
                raise illegal("rw.dice_twice", f"two dice on {name}", cell=name)
            if not self.plan.is_region(cell):
                raise illegal("rw.dice_not_region", f"{name} is not a printed region",
                              cell=name)
            placing[cell] = int(value)
        if sorted(placing.values()) != list(START_DICE):
            raise illegal("rw.dice_values", "place four dice: two showing 1 and two showing 2")
        if sorted(card_of(c) for c in placing) != [0, 1, 2, 3]:
            raise illegal("rw.dice_cards", "place exactly one die on each network card")
        return placing

    # docs/games/railways.md#rw-actions: The eight actions — Open a connection ---------------------
    def open_connection(self, name: Any, text: Any) -> None:
        uses, pollution = self.check_open(name, text)
        self._play(uses, pollution)
        self.workers -= 1
        self.opened[name] = False

    def check_open(self, name: Any, text: Any) -> tuple[tuple[Use, ...], int]:
        """Raise why `open` is illegal, or return its uses and pollution (no change)."""
        connection = self.connection(name)
        if name in self.opened:
            raise illegal("rw.already_open", f"the connection {name} is already open",
                          connection=name)
        if self.markers_left == 0:
            raise illegal("rw.no_markers", "no connection marker is left: no more openings")
        if self.workers == 0:
            raise illegal("rw.no_workers", "no rail worker is left: hire one first")
        types = self.end_types(connection)
        need = open_need(connection.length, types, self.substitute(types))
        return self._pay("open", text, need)

    # docs/games/railways.md#rw-actions: The eight actions — Build a region ------------------------
    def build_type(self, cell: int) -> str:
        """The type a region built on `cell` takes, or raise why it cannot be built there."""
        name = cell_name(cell)
        if self.plan.is_region(cell):
            raise illegal("rw.build_on_region", f"{name} is already a region", cell=name)
        on = self.plan.connection_at(cell)
        if on is not None and on.name in self.opened:
            # docs/games/railways.md#rw-rules D: not on a rail space of an opened connection
            raise illegal("rw.build_on_open", f"{name} is a rail space of the opened "
                          f"connection {on.name}", cell=name, connection=on.name)
        types = {self.plan.kinds[n] for n in neighbours(cell) if self.plan.is_region(n)}
        if len(types) > 1:
            raise illegal("rw.build_joins", f"a region on {name} would join regions of "
                          f"different types ({', '.join(sorted(types))})", cell=name)
        return types.pop() if types else "L"

    def build_region(self, name: Any, die: Any, text: Any) -> None:
        cell, region_type, cost, uses, pollution = self.check_build(name, die, text)
        self._play(uses, pollution)
        self.capital -= cost
        self.region_dice.remove(die)
        self.built[cell] = region_type
        self.dice[cell] = die
        self.plan = self._make_plan()

    def check_build(self, name: Any, die: Any,
                    text: Any) -> tuple[int, str, int, tuple[Use, ...], int]:
        """Raise why `build` is illegal, or return the cell, the region's type, the cost,
        the uses and their pollution (no change)."""
        cell = self.cell(name)
        if die not in self.region_dice:
            left = ", ".join(map(str, self.region_dice)) or "none"
            raise illegal("rw.no_region_die", f"there is no unused region die {die} "
                          f"(left: {left})", die=str(die))
        region_type = self.build_type(cell)
        cost = 2 * die
        if self.capital < cost:
            raise illegal("rw.build_cost", f"the region die {die} costs {cost} capital, you "
                          f"have {self.capital}", cost=cost, capital=self.capital)
        uses, pollution = self._pay("build", text, single_need("build"))
        return cell, region_type, cost, uses, pollution

    # docs/games/railways.md#rw-actions: The eight actions — Transport a passenger -----------------
    def walk(self, start: int, target: str, route: list[str]) -> list[int]:
        """The regions a route enters, or raise why it is not a legal route."""
        if not route:
            raise illegal("rw.no_route", "a transport needs at least one connection")
        here = self.plan.region_of[start]
        seen = [here]
        for i, name in enumerate(route):
            connection = self.connection(name)
            if name not in self.opened:
                raise illegal("rw.route_not_open", f"the connection {name} is not open",
                              connection=name)
            a, b = (self.plan.region_of[e] for e in connection.ends)
            if here not in (a, b):
                raise illegal("rw.route_gap", f"the connection {name} does not leave "
                              f"{cell_name(here)}'s region", connection=name)
            here = b if here == a else a
            if here in seen:
                raise illegal("rw.route_twice", f"the route passes the region at "
                              f"{cell_name(here)} twice", cell=cell_name(here))
            seen.append(here)
            reached = self.plan.kinds[here]
            last = i == len(route) - 1
            if reached == target and not last:
                raise illegal("rw.route_passes_target", f"the passenger stops at the first "
                              f"{target} region ({cell_name(here)})", cell=cell_name(here))
            if last and reached != target:
                raise illegal("rw.route_wrong_end", f"the route ends in a {reached} region, "
                              f"not {target}", reached=reached, target=target)
        return seen[1:]

    def transport(self, name: Any, target: Any, route_text: Any, tier: Any, text: Any) -> None:
        start, entered, route, uses, pollution = self.check_transport(
            name, target, route_text, tier, text)
        self._play(uses, pollution)
        self.take_passenger(start)
        self.reward(target, entered, route, tier)

    def check_transport(self, name: Any, target: Any, route_text: Any, tier: Any,
                        text: Any) -> tuple[int, list[int], list[str], tuple[Use, ...], int]:
        """Raise why `transport` is illegal, or return the start, the regions entered,
        the route, the uses and their pollution (no change)."""
        start = self.cell(name)
        if self.dice.get(start, 0) <= 0:
            raise illegal("rw.no_passenger", f"there is no passenger die on {name}", cell=name)
        if target not in REGION_TYPES:
            raise illegal("rw.bad_target", f"{target!r} is not a region type (R, L, C, I)",
                          target=str(target))
        route = str(route_text).split("+")
        entered = self.walk(start, target, route)
        if not isinstance(tier, int) or not 0 <= tier <= MAX_TIER:
            raise illegal("rw.bad_tier", f"convert takes 0 to {MAX_TIER}", tier=str(tier))
        if tier and target != "L":
            raise illegal("rw.convert_not_l", "only a Leisure destination converts capital")
        if target == "L" and self.capital >= 1 and tier == 0:
            # docs/games/railways.md#rw-rules D: "genau 1-mal" — the conversion is compulsory with
            # capital
            raise illegal("rw.convert_compulsory", "at a Leisure destination the conversion "
                          "is compulsory when you hold capital: choose convert 1 or more",
                          capital=self.capital)
        if conversion_cost(tier) > self.capital:
            raise illegal("rw.convert_cost", f"converting for {tier} profit costs "
                          f"{conversion_cost(tier)} capital, you have {self.capital}",
                          tier=tier, cost=conversion_cost(tier), capital=self.capital)
        need = transport_need(target, self.substitute(target))
        uses, pollution = self._pay("transport", text, need)
        return start, entered, route, uses, pollution

    def take_passenger(self, cell: int) -> None:
        """docs/games/railways.md#rw-rules: take 1 from the die; a die reaching 0 leaves the
        plan."""
        self.dice[cell] -= 1
        if self.dice[cell] == 0:
            del self.dice[cell]
            self.off_plan += 1

    def reward(self, target: str, entered: list[int], route: list[str], tier: int) -> None:
        """docs/games/railways.md#rw-rules: the rewards of a transport, in the rule's order."""
        self.profit += len(entered)
        if target == "C":
            self.add_capital(CAPITAL_BONUS)
            self.add_pollution(1)
        elif target == "I":
            self.workers = min(self.tables.workers_max, self.workers + 1)
            self.add_pollution(1)
        elif target == "R":
            self.add_pollution(-1)
        else:
            self.capital -= conversion_cost(tier)
            self.profit += tier
        rails = sum(self.plan.connections[n].length * (2 if self.opened[n] else 1)
                    for n in route)
        self.add_capital(rails)
        self.delivered.add(target)

    # docs/games/railways.md#rw-actions: The eight actions — hire, capital, pollution, passenger,
    # upgrade ---
    def hire(self, text: Any) -> None:
        self._play(*self.check_single("hire", text))
        self.workers = min(self.tables.workers_max, self.workers + 1)

    def check_single(self, kind: str, text: Any) -> tuple[tuple[Use, ...], int]:
        """Raise why `hire` or `clean` is illegal, or return the uses and pollution."""
        return self._pay(kind, text, single_need(kind))

    def increase_capital(self, text: Any) -> None:
        uses, pollution = self.check_capital(text)
        self._play(uses, pollution)
        self.add_capital(len(uses))

    def check_capital(self, text: Any) -> tuple[tuple[Use, ...], int]:
        """Raise why `capital` is illegal, or return the uses (one capital each) and
        their pollution (no change)."""
        uses = split_uses(text) if isinstance(text, str) else None
        amount = len(uses) if uses else 1
        return self._pay("capital", text, capital_need(amount))

    def reduce_pollution(self, text: Any) -> None:
        self._play(*self.check_single("clean", text))
        self.add_pollution(-1)

    def add_passenger(self, name: Any, text: Any) -> None:
        cell, uses, pollution = self.check_add(name, text)
        self._play(uses, pollution)
        if cell in self.dice:
            self.dice[cell] += 1
        else:
            self.off_plan -= 1
            self.dice[cell] = 1

    def check_add(self, name: Any, text: Any) -> tuple[int, tuple[Use, ...], int]:
        """Raise why `add` is illegal, or return the cell, uses and pollution."""
        cell = self.cell(name)
        if cell in self.dice:
            if self.dice[cell] >= self.tables.passengers_max:
                raise illegal("rw.die_full", f"the die on {name} already shows "
                              f"{self.tables.passengers_max}", cell=name)
        elif not self.plan.is_region(cell):
            raise illegal("rw.add_not_region", f"{name} is not a region", cell=name)
        elif self.region_passengers(self.plan.region_of[cell]) > 0:
            raise illegal("rw.add_not_empty", f"{name} holds no die, and its region is not "
                          "empty: add to one of its dice", cell=name)
        elif self.off_plan == 0:
            raise illegal("rw.no_die_off_plan", "no die has left the plan to come back")
        uses, pollution = self._pay("add", text, single_need("add"))
        return cell, uses, pollution

    def upgrade(self, name: Any, text: Any) -> None:
        self._play(*self.check_upgrade(name, text))
        self.opened[name] = True

    def check_upgrade(self, name: Any, text: Any) -> tuple[tuple[Use, ...], int]:
        """Raise why `upgrade` is illegal, or return the uses and pollution."""
        connection = self.connection(name)
        if name not in self.opened:
            raise illegal("rw.upgrade_closed", f"the connection {name} is not open",
                          connection=name)
        if self.opened[name]:
            raise illegal("rw.already_upgraded", f"the connection {name} is already "
                          "upgraded", connection=name)
        types = self.end_types(connection)
        return self._pay("upgrade", text, upgrade_need(types, self.substitute(types)))

    # docs/games/railways.md#rw-round: A round — phases and progress -------------------------------
    def after_action(self) -> None:
        if self.phase == FIRST and self.hand:
            self.phase = SECOND
        else:
            self.progress()

    def progress(self) -> None:
        """docs/games/railways.md#rw-round: phase 3 — refill the hand to 3, reshuffle, advance the
        decade."""
        if self.round == ROUNDS:
            self.phase = OVER
            return
        while len(self.hand) < HAND_SIZE:
            if not self.pile:
                self.pile = self.discards
                self.discards = []
                self.chance.shuffle(self.pile)
            self.hand.append(self.pile.pop(0))
        self.round += 1
        self.phase = FIRST

    # docs/games/railways.md#rw-end: End and score -------------------------------------------------
    def score_parts(self) -> dict[str, int]:
        return {"profit": self.profit, "markers": 3 * len(self.opened),
                "pollution": -self.pollution}

    def score(self) -> int:
        return sum(self.score_parts().values())

    def challenge_results(self) -> dict[str, bool]:
        """docs/games/railways.md#rw-end: Challenges — which of 1-4 are met now."""
        complete = set(self.plan.connections)
        return {
            "economist": self.profit >= self.tables.profit_max,
            "mayor": not self.dice,
            "train_driver": set(REGION_TYPES) <= self.delivered,
            "engineer": all(self.opened.get(n, False) for n in complete),
        }

    # the contract ------------------------------------------------------------------------
    def decision(self) -> Decision | None:
        if self.phase == OVER:
            return None
        kind = SETUP if self.phase == SETUP_PHASE else TURN
        return Decision((0,), kind, PROMPTS[self.phase], {"round": self.round})

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != 0 or self.phase == OVER:
            return []
        return actions.legal_actions(self)

    def apply(self, seat: int, action: Action) -> None:
        self._check_turn(seat)
        played_in = self.round
        actions.carry_out(self, action)       # raises IllegalAction, changing nothing
        self.log = [*self.log, (played_in, tuple(action))]

    def default_action(self, seat: int) -> Action | None:
        """Railways is a solo game with no rule for a missed move (docs/games/railways.md#rw-rules
        is silent). Decided: `pass` where the rules allow it (the optional second action, or a first
        phase with nothing else to do), since it spends nothing; placing the dice and a first action
        with a choice have no default (None: the player, or a bot the admin seats, must choose)."""
        default: Action = PASS
        return default if self.is_legal(seat, default) else None

    def check(self, seat: int, action: Action) -> None:
        """The checks of `apply` without carrying out (no clone, nothing changes)."""
        self._check_turn(seat)
        actions.check(self, action)

    def _check_turn(self, seat: int) -> None:
        if self.phase == OVER:
            raise illegal("rw.over", "the game is over")
        if seat != 0:
            raise illegal("rw.solo", "Railways is a solo game: only seat 0 acts", seat=seat)

    def is_over(self) -> bool:
        return self.phase == OVER

    def reveals(self) -> int:
        """docs/games/railways.md#rw-round phase 3 refills the hand from the pile (hidden, maybe
        reshuffled) exactly when the round advances, so the round counts the moments of chance."""
        return self.round + (self.phase == OVER)

    def result(self) -> Result:
        if not self.is_over():
            raise illegal("rw.not_over", "the game is not over yet")
        parts = self.score_parts()
        return Result(scores=(float(self.score()),), ranks=(1,), winners=(0,),
                      breakdown=({k: float(v) for k, v in parts.items()},))

    def clone(self) -> RailwaysState:
        twin = RailwaysState.__new__(RailwaysState)
        twin.tables = self.tables
        twin.chance = self.chance.clone()
        twin.challenges = self.challenges
        twin.plan_cards = self.plan_cards
        twin.plan = self.plan
        twin.hand = self.hand.copy()
        twin.pile = self.pile.copy()
        twin.discards = self.discards.copy()
        twin.built = self.built.copy()
        twin.dice = self.dice.copy()
        twin.region_dice = self.region_dice.copy()
        twin.off_plan = self.off_plan
        twin.capital = self.capital
        twin.profit = self.profit
        twin.pollution = self.pollution
        twin.workers = self.workers
        twin.opened = self.opened.copy()
        twin.delivered = self.delivered.copy()
        twin.round = self.round
        twin.phase = self.phase
        twin.log = self.log
        return twin

    # events and snapshots ----------------------------------------------------
    def info_key(self, seat: int) -> Hashable:
        """Everything the player knows, as a tuple: all but the pile's order (and the
        action log, history that changes nothing of what may happen)."""
        return (self.round, self.phase, self.plan_cards, tuple(self.hand),
                tuple(sorted(self.pile)), tuple(self.discards),
                tuple(sorted(self.built.items())), tuple(sorted(self.dice.items())),
                tuple(self.region_dice), self.off_plan, self.capital, self.profit,
                self.pollution, self.workers, tuple(sorted(self.opened.items())),
                tuple(sorted(self.delivered)), self.challenges)

    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """Every action so far with its round; all of it is open (only the pile's order
        is hidden, and no action shows it)."""
        return [{**event_of(a), "round": r} for r, a in self.log]


    def snapshot(self) -> dict[str, Any]:
        return snapshots.taken(self)

    @classmethod
    def from_snapshot(cls, tables: Tables, data: Mapping[str, Any]) -> RailwaysState:
        """The state `snapshot` was taken of; BadRecord if the data does not fit."""
        return snapshots.restored(cls, tables, data)

    def view(self, seat: int) -> dict[str, Any]:
        return seat_view(self)

    def public_view(self) -> dict[str, Any]:
        return seat_view(self)

    def determinized(self, seat: int, chance: Chance) -> RailwaysState:
        """Redraw the one hidden thing: the order of the draw pile
        (docs/games/railways.md#rw-rules), from the sorted pile, so the sample never depends on the
        true order."""
        twin = self.clone()
        twin.pile.sort()
        chance.shuffle(twin.pile)
        twin.chance = chance.fork()
        return twin

