"""The legal actions of a Railways state, and carrying one out.

Actions are the typed values of `moves.py` (`uses` is a canonical string like "1.2a 4.1a"):

    Dice("B2=1 E3=1 B6=2 E7=2")            place the passenger dice (setup)
    Open(CONNECTION, uses)                 Build(CELL, DIE, uses)
    Transport(CELL, TYPE, ROUTE, CONVERT, uses)   ROUTE = "C3+D5" (connection names)
    Hire(uses)  Capital(uses)  Clean(uses)  Add(CELL, uses)
    Upgrade(CONNECTION, uses)              Pass()

A plain tuple `("open", CONNECTION, uses)` is the same action. `check` and `carry_out`
find a verb's handler by the action's class (a plain tuple's by its verb) in one table.

`legal_actions` is complete: every legal action with every legal way to pay for it
(uses.payments, cheapest first). The rules leave few ways: needs are exact, never a
spare symbol, and a substitute pair only without a fitting target in hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from stellwerk.core.contract import Action
from stellwerk.core.errors import illegal
from stellwerk.games.railways.board import (
    COLUMNS,
    REGION_TYPES,
    card_of,
    cell_name,
    neighbours,
)
from stellwerk.games.railways.constants import (
    FIRST,
    MAX_TIER,
    SECOND,
    SETUP_PHASE,
    conversion_cost,
)
from stellwerk.games.railways.moves import (
    KINDS,
    PASS,
    Add,
    Build,
    Capital,
    Clean,
    Dice,
    Hire,
    Open,
    Pass,
    Transport,
    Upgrade,
)
from stellwerk.games.railways.needs import (
    Need,
    capital_need,
    open_need,
    single_need,
    transport_need,
    upgrade_need,
)
from stellwerk.games.railways.uses import payments


class Purse:
    """The ways this hand pays for each need, memoised per hand on the pack tables (a
    hand is 1-3 of the 8 cards), so one legal_actions call looks each up once."""

    def __init__(self, state: RailwaysState) -> None:
        self.state = state
        key = ("purse", tuple(sorted(state.hand)))
        memo = state.tables.cache.get(key)
        if memo is None:
            memo = state.tables.cache[key] = {}
        self.memo: dict[tuple[str, Any], Any] = memo

    def substitute(self, types: str) -> bool:
        """state.substitute, memoised with the hand's payments."""
        key = ("substitute", types)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.state.substitute(types)
        return bool(found)

    def paid(self, kind: str, need: Need) -> list[str]:
        found = self.memo.get((kind, need))
        if found is None:
            found = [o.uses for o in payments(self.state.tables, self.state.hand, kind, need)]
            self.memo[(kind, need)] = found
        return found

if TYPE_CHECKING:
    from stellwerk.games.railways.rules import RailwaysState


def _paid(state: RailwaysState, kind: str, need: Need) -> list[str]:
    return Purse(state).paid(kind, need)


def dice_placements(state: RailwaysState) -> list[Action]:
    """docs/games/railways.md#rw-rules: one die per network card on a printed region; two 1s and two
    2s.

    Cached by plan: every game on the same four cards offers the same placements."""
    key = ("dice", state.plan_cards)
    cached = state.tables.cache.get(key)
    if cached is not None:
        return list(cached)
    per_card: list[list[int]] = [[], [], [], []]
    for cell, glyph in enumerate(state.plan.printed):
        if glyph in REGION_TYPES:
            per_card[card_of(cell)].append(cell)
    # each choice of regions written row by row once, as a template ("B2=%s E3=%s ...")
    # and the cards in that order; then the six ways to give two of the four cards the
    # 1s (the list order: 1s first, then the regions), each filling every template
    rows = []
    new = tuple.__new__
    for cells in itertools.product(*per_card):
        placed = sorted(zip(cells, range(4), strict=True), key=_row_first)
        rows.append((" ".join([f"{cell_name(c)}=%s" for c, _ in placed]),
                     tuple(card for _, card in placed)))
    actions: list[Action] = []
    for ones in itertools.combinations(range(4), 2):
        values: dict[tuple[int, ...], tuple[str, ...]] = {}
        for template, order in rows:
            filled = values.get(order)
            if filled is None:
                filled = values[order] = tuple("1" if c in ones else "2" for c in order)
            actions.append(new(Dice, ("dice", template % filled)))
    state.tables.cache[key] = tuple(actions)
    return actions


def _row_first(placed: tuple[int, int]) -> tuple[int, int]:
    """Dice are written row by row, then by column (e.g. "A1=1 E1=1 B6=2 F5=2")."""
    cell = placed[0]
    return (cell // COLUMNS, cell % COLUMNS)


def routes(state: RailwaysState, start: int, target: str,
           every: dict[tuple[int, str], list[list[str]]] | None = None) -> list[list[str]]:
    """Every legal route from the region of `start` to a first `target` region.

    Cached by plan, opened connections, region and target: search bots ask often.
    `every` is that cache for this state when the caller already holds it.
    """
    plan = state.plan
    origin = plan.region_of[start]
    if every is None:
        every = routes_here(state)
    cached = every.get((origin, target))
    if cached is not None:
        return cached
    links: dict[int, list[tuple[str, int]]] = {}
    for name in state.opened:
        a, b = (plan.region_of[e] for e in plan.connections[name].ends)
        links.setdefault(a, []).append((name, b))
        links.setdefault(b, []).append((name, a))
    # One walk finds the routes to every region type at once: a route to a type ends at
    # the first region of that type it enters, so it may pass regions of other types
    # (`passed`); the walk stops once every type has been passed.
    found: dict[str, list[list[str]]] = {t: [] for t in REGION_TYPES}
    kinds = plan.kinds
    every_type = frozenset(REGION_TYPES)

    def extend(here: int, seen: list[int], route: list[str], passed: frozenset[str]) -> None:
        for name, there in links.get(here, ()):
            if there in seen:
                continue
            kind = kinds[there]
            if kind not in passed:
                found[kind].append([*route, name])
            now = passed | {kind}
            if now != every_type:
                extend(there, [*seen, there], [*route, name], now)

    extend(origin, [origin], [], frozenset())
    for kind, paths in found.items():
        every[(origin, kind)] = paths
    return found[target]


def routes_here(state: RailwaysState) -> dict[tuple[int, str], list[list[str]]]:
    """The routes cache of this plan and these opened connections (one dict lookup per
    legal_actions call instead of a frozenset per route question)."""
    key = ("routes", state.plan_key(), frozenset(state.opened))
    found = state.tables.cache.get(key)
    if found is None:
        found = state.tables.cache[key] = {}
    return found


def build_sites(state: RailwaysState) -> list[int]:
    """Every space a region may be built on now (cached by plan and opened connections)."""
    key = ("sites", state.plan_key(), frozenset(state.opened))
    cached = state.tables.cache.get(key)
    if cached is None:
        # RailwaysState.build_type's rule as a yes or no, without raising its reason
        # for every space (tests/railways/test_check.py holds them equal)
        plan = state.plan
        regions = [kind in REGION_TYPES for kind in plan.kinds]
        opened_rails = {c for name in state.opened for c in plan.connections[name].rails}
        cached = [c for c in range(len(plan.kinds)) if not regions[c]
                  and c not in opened_rails
                  and len({plan.kinds[n] for n in neighbours(c) if regions[n]}) <= 1]
        state.tables.cache[key] = cached
    return cached


def legal_actions(state: RailwaysState) -> list[Action]:
    """Every legal action, typed, each way to pay for it in `uses.payments`' order."""
    if state.phase == SETUP_PHASE:
        return dice_placements(state)
    actions: list[Action] = []
    new = tuple.__new__         # a typed action from its words (TypedAction.of, no call)
    plan = state.plan
    purse = Purse(state)
    # Open a connection
    if state.markers_left and state.workers:
        for name in plan.connections:
            if name not in state.opened:
                actions.extend([new(Open, ("open", name, u))
                                for u in open_paid(state, purse, name)])
    # Build a region
    build_paid = purse.paid("build", single_need("build"))
    if build_paid and state.region_dice:
        dice = build_dice(state)
        for cell in build_sites(state) if dice else ():
            name = cell_name(cell)
            actions.extend([new(Build, ("build", name, d, u))
                            for d in dice for u in build_paid])
    # Transport a passenger
    every = routes_here(state)
    transport_paid: dict[str, list[str]] = {}
    for cell in sorted(state.dice):
        origin = plan.region_of[cell]
        name = cell_name(cell)
        for target in REGION_TYPES:
            known = every.get((origin, target))
            found = routes(state, cell, target, every) if known is None else known
            if not found:
                continue
            paid = transport_paid.get(target)
            if paid is None:
                paid = transport_paid[target] = transport_payments(purse, target)
            if not paid:
                continue
            tiers = leisure_tiers(state.capital) if target == "L" else (0,)
            for route in found:
                joined = "+".join(route)
                actions.extend([new(Transport, ("transport", name, target, joined, t, u))
                                for t in tiers for u in paid])
    # Hire, capital, pollution
    actions.extend([new(Hire, ("hire", u)) for u in purse.paid("hire", single_need("hire"))])
    for amount in range(1, 4):
        actions.extend([new(Capital, ("capital", u))
                        for u in purse.paid("capital", capital_need(amount))])
    actions.extend([new(Clean, ("clean", u))
                    for u in purse.paid("clean", single_need("clean"))])
    # Add a passenger
    add_paid = purse.paid("add", single_need("add"))
    if add_paid:
        actions.extend([new(Add, ("add", cell_name(c), u)) for c in sorted(add_cells(state))
                        for u in add_paid])
    # Upgrade a connection
    for name, upgraded in state.opened.items():
        if not upgraded:
            actions.extend([new(Upgrade, ("upgrade", name, u))
                            for u in upgrade_paid(state, purse, name)])
    if state.phase == SECOND or not actions:
        actions.append(PASS)
    return actions


# What one kind of action may target and how it may be paid: shared by the listing
# above and by the rollout sampler (rollout.py), which draws one action kind by kind.

def open_paid(state: RailwaysState, purse: Purse, name: str) -> list[str]:
    """The ways to pay for opening connection `name`, cheapest first."""
    connection = state.plan.connections[name]
    types = state.end_types(connection)
    return purse.paid("open", open_need(connection.length, types, purse.substitute(types)))


def upgrade_paid(state: RailwaysState, purse: Purse, name: str) -> list[str]:
    """The ways to pay for upgrading opened connection `name`, cheapest first."""
    types = state.end_types(state.plan.connections[name])
    return purse.paid("upgrade", upgrade_need(types, purse.substitute(types)))


def transport_payments(purse: Purse, target: str) -> list[str]:
    """The ways to pay for carrying a passenger to a region of type `target`."""
    return purse.paid("transport", transport_need(target, purse.substitute(target)))


def build_dice(state: RailwaysState) -> list[int]:
    """The region dice a build may use: those the capital can pay twice over."""
    return [d for d in state.region_dice if 2 * d <= state.capital]


def add_cells(state: RailwaysState) -> list[int]:
    """Where a passenger may be added: a die below the maximum, and off the plan any
    space of an empty region (large regions have several), exactly as add_passenger
    accepts."""
    cells = [c for c, v in sorted(state.dice.items()) if v < state.tables.passengers_max]
    if state.off_plan:
        cells += [c for r, members in state.plan.regions.items()
                  if state.region_passengers(r) == 0 for c in members]
    return cells


def leisure_tiers(capital: int) -> range:
    """docs/games/railways.md#rw-rules D: at a Leisure destination the conversion is compulsory with
    at least 1 capital (any affordable tier); with none it is skipped (tier 0)."""
    top = max(t for t in range(MAX_TIER + 1) if conversion_cost(t) <= capital)
    return range(1, top + 1) if top else range(0, 1)


SHAPES: dict[str, tuple[type, ...]] = {
    "dice": (str,), "open": (str, str), "build": (str, int, str),
    "transport": (str, str, str, int, str), "hire": (str,), "capital": (str,),
    "clean": (str,), "add": (str, str), "upgrade": (str, str), "pass": (),
}


def _parsed(state: RailwaysState, action: Any) -> tuple[Any, tuple[Any, ...]]:
    """The dispatch key (the action's class, a plain tuple's verb) and the arguments of
    a well-formed action, or raise why it is not one."""
    if not isinstance(action, (tuple, list)) or not action or action[0] not in SHAPES:
        raise illegal("rw.unknown_action", f"{_shown(action)!r} is not a Railways action")
    verb, args = action[0], tuple(action[1:])
    shape = SHAPES[verb]
    key = type(action)
    if key not in _CLASSES:
        key = verb
    elif key.verb != verb:      # a typed value whose verb is not its class's
        raise illegal("rw.malformed", f"{_shown(action)!r} is not a well-formed {verb} "
                      "action")
    if len(args) != len(shape) or not all(
            isinstance(a, t) and not isinstance(a, bool) for a, t in zip(args, shape,
                                                                          strict=True)):
        raise illegal("rw.malformed", f"{_shown(action)!r} is not a well-formed {verb} "
                      "action")
    if verb != "dice" and state.phase == SETUP_PHASE:
        raise illegal("rw.setup_first", "first place the four passenger dice")
    if verb == "pass" and state.phase == FIRST and legal_actions(state) != [PASS]:
        raise illegal("rw.must_act", "the first action phase needs exactly one action")
    return key, args


def _shown(action: Any) -> Any:
    """An action as its words, for a message (a typed one's repr names its class)."""
    return tuple(action) if isinstance(action, tuple) else action


def check(state: RailwaysState, action: Any) -> None:
    """Raise IllegalAction exactly when `carry_out` would, changing nothing: each verb's
    check half (rules.py `check_*`) without its carry-out half."""
    key, args = _parsed(state, action)
    _CHECKS[key](state, *args)


def carry_out(state: RailwaysState, action: Any) -> None:
    """Check and carry out one action; IllegalAction leaves the state unchanged."""
    key, args = _parsed(state, action)
    _DO[key](state, *args)


def _ending(do: Callable[..., None]) -> Callable[..., None]:
    """An action of a phase, then the end of that phase (`after_action`)."""
    def act(state: RailwaysState, *args: Any) -> None:
        do(state, *args)
        state.after_action()
    return act


_CLASSES = frozenset(KINDS.by_verb.values())
# Each verb's check (the check half of its rules.py method) and its carrying out (the
# whole method; every action but the dice and `pass` then ends its phase), by class and
# by verb.
_CHECKS: dict[Any, Callable[..., object]] = KINDS.table({
    Dice: lambda state, placing: state._parse_dice(placing),
    Open: lambda state, name, uses: state.check_open(name, uses),
    Build: lambda state, cell, die, uses: state.check_build(cell, die, uses),
    Transport: lambda state, *args: state.check_transport(*args),
    Hire: lambda state, uses: state.check_single("hire", uses),
    Capital: lambda state, uses: state.check_capital(uses),
    Clean: lambda state, uses: state.check_single("clean", uses),
    Add: lambda state, cell, uses: state.check_add(cell, uses),
    Upgrade: lambda state, name, uses: state.check_upgrade(name, uses),
    Pass: lambda state: None,       # `_parsed` holds the one rule of passing
})
_DO: dict[Any, Callable[..., None]] = KINDS.table({
    Dice: lambda state, placing: state.place_dice(placing),
    Pass: lambda state: state.progress(),
    Open: _ending(lambda state, name, uses: state.open_connection(name, uses)),
    Build: _ending(lambda state, cell, die, uses: state.build_region(cell, die, uses)),
    Transport: _ending(lambda state, *args: state.transport(*args)),
    Hire: _ending(lambda state, uses: state.hire(uses)),
    Capital: _ending(lambda state, uses: state.increase_capital(uses)),
    Clean: _ending(lambda state, uses: state.reduce_pollution(uses)),
    Add: _ending(lambda state, cell, uses: state.add_passenger(cell, uses)),
    Upgrade: _ending(lambda state, name, uses: state.upgrade(name, uses)),
})
