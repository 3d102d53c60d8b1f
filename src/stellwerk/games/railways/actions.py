"""The legal actions of a Railways state, and carrying one out.

Action values (tuples of str and int; `uses` is a canonical string like "1.2a 4.1a"):

    ("dice", "B2=1 E3=1 B6=2 E7=2")        place the passenger dice (setup)
    ("open", CONNECTION, uses)             ("build", CELL, DIE, uses)
    ("transport", CELL, TYPE, ROUTE, CONVERT, uses)   ROUTE = "C3+D5" (connection names)
    ("hire", uses)  ("capital", uses)  ("clean", uses)  ("add", CELL, uses)
    ("upgrade", CONNECTION, uses)          ("pass",)

`legal_actions` lists, for each distinct outcome, the cheapest way to pay for it: one
action per set of cards played with the least pollution. `carry_out` accepts every
legal way, cheapest or not.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction, illegal
from stellwerk.games.railways.board import REGION_TYPES, card_of, cell_name
from stellwerk.games.railways.constants import (
    FIRST,
    MAX_TIER,
    SECOND,
    SETUP_PHASE,
    conversion_cost,
)
from stellwerk.games.railways.needs import (
    Need,
    capital_need,
    open_need,
    single_need,
    transport_need,
    upgrade_need,
)
from stellwerk.games.railways.uses import offers

if TYPE_CHECKING:
    from stellwerk.games.railways.rules import RailwaysState


def _paid(state: RailwaysState, kind: str, need: Need) -> list[str]:
    return [o.uses for o in offers(state.tables, state.hand, kind, need[0], need[1])]


def dice_placements(state: RailwaysState) -> list[Action]:
    """railways.md: one die per network card on a printed region; two 1s and two 2s."""
    per_card: list[list[int]] = [[], [], [], []]
    for cell, glyph in enumerate(state.plan.printed):
        if glyph in REGION_TYPES:
            per_card[card_of(cell)].append(cell)
    actions: list[Action] = []
    for ones in itertools.combinations(range(4), 2):
        for cells in itertools.product(*per_card):
            words = [f"{cell_name(c)}={1 if card in ones else 2}"
                     for card, c in enumerate(cells)]
            actions.append(("dice", " ".join(sorted(words, key=_cell_order))))
    return actions


def _cell_order(word: str) -> tuple[int, str]:
    return (int(word[1]), word[0])


def routes(state: RailwaysState, start: int, target: str) -> list[list[str]]:
    """Every legal route from the region of `start` to a first `target` region.

    Cached by plan, opened connections, region and target: search bots ask often.
    """
    plan = state.plan
    origin = plan.region_of[start]
    key = ("routes", id(plan), frozenset(state.opened), origin, target)
    cached = state.tables.cache.get(key)
    if cached is not None:
        return cached
    links: dict[int, list[tuple[str, int]]] = {}
    for name in state.opened:
        a, b = (plan.region_of[e] for e in plan.connections[name].ends)
        links.setdefault(a, []).append((name, b))
        links.setdefault(b, []).append((name, a))
    found: list[list[str]] = []

    def extend(here: int, seen: list[int], route: list[str]) -> None:
        for name, there in links.get(here, ()):
            if there in seen:
                continue
            if plan.kinds[there] == target:
                found.append([*route, name])
            else:
                extend(there, [*seen, there], [*route, name])

    extend(origin, [origin], [])
    state.tables.cache[key] = found
    return found


def build_sites(state: RailwaysState) -> list[int]:
    """Every space a region may be built on now (cached by plan and opened connections)."""
    key = ("sites", id(state.plan), frozenset(state.opened))
    cached = state.tables.cache.get(key)
    if cached is None:
        cached = [c for c in range(len(state.plan.kinds)) if _buildable(state, c)]
        state.tables.cache[key] = cached
    return cached


def legal_actions(state: RailwaysState) -> list[Action]:
    if state.phase == SETUP_PHASE:
        return dice_placements(state)
    actions: list[Action] = []
    plan = state.plan
    # Open a connection
    if state.markers_left and state.workers:
        for name, connection in plan.connections.items():
            if name not in state.opened:
                need = open_need(connection.length, state.end_types(connection))
                actions.extend(("open", name, u) for u in _paid(state, "open", need))
    # Build a region
    build_paid = _paid(state, "build", single_need("build"))
    if build_paid and state.region_dice:
        dice = [d for d in state.region_dice if 2 * d <= state.capital]
        for cell in build_sites(state) if dice else ():
            actions.extend(("build", cell_name(cell), d, u) for d in dice
                           for u in build_paid)
    # Transport a passenger
    for cell in sorted(state.dice):
        for target in REGION_TYPES:
            paid = None
            for route in routes(state, cell, target):
                if paid is None:
                    paid = _paid(state, "transport", transport_need(target))
                    if not paid:
                        break
                tiers = range(0, _max_tier(state.capital) + 1) if target == "L" else (0,)
                actions.extend(("transport", cell_name(cell), target, "+".join(route), t, u)
                               for t in tiers for u in paid)
    # Hire, capital, pollution
    actions.extend(("hire", u) for u in _paid(state, "hire", single_need("hire")))
    for amount in range(1, 4):
        actions.extend(("capital", u) for u in _paid(state, "capital", capital_need(amount)))
    actions.extend(("clean", u) for u in _paid(state, "clean", single_need("clean")))
    # Add a passenger
    add_paid = _paid(state, "add", single_need("add"))
    if add_paid:
        cells = [c for c, v in sorted(state.dice.items()) if v < state.tables.passengers_max]
        if state.off_plan:
            # a returning die may go on any space of an empty region (large regions
            # have several), exactly as add_passenger accepts
            cells += [c for r, members in plan.regions.items()
                      if state.region_passengers(r) == 0 for c in members]
        actions.extend(("add", cell_name(c), u) for c in sorted(cells) for u in add_paid)
    # Upgrade a connection
    for name, upgraded in state.opened.items():
        if not upgraded:
            need = upgrade_need(state.end_types(plan.connections[name]))
            actions.extend(("upgrade", name, u) for u in _paid(state, "upgrade", need))
    if state.phase == SECOND or not actions:
        actions.append(("pass",))
    return actions


def _max_tier(capital: int) -> int:
    return max(t for t in range(MAX_TIER + 1) if conversion_cost(t) <= capital)


def _buildable(state: RailwaysState, cell: int) -> bool:
    try:
        state.build_type(cell)
    except IllegalAction:
        return False
    return True


SHAPES: dict[str, tuple[type, ...]] = {
    "dice": (str,), "open": (str, str), "build": (str, int, str),
    "transport": (str, str, str, int, str), "hire": (str,), "capital": (str,),
    "clean": (str,), "add": (str, str), "upgrade": (str, str), "pass": (),
}


def carry_out(state: RailwaysState, action: Any) -> None:
    """Check and carry out one action; IllegalAction leaves the state unchanged."""
    if not isinstance(action, (tuple, list)) or not action or action[0] not in SHAPES:
        raise illegal("rw.unknown_action", f"{action!r} is not a Railways action")
    verb, args = action[0], tuple(action[1:])
    shape = SHAPES[verb]
    if len(args) != len(shape) or not all(
            isinstance(a, t) and not isinstance(a, bool) for a, t in zip(args, shape,
                                                                          strict=True)):
        raise illegal("rw.malformed", f"{action!r} is not a well-formed {verb} action")
    if verb == "dice":
        state.place_dice(args[0])
        return
    if state.phase == SETUP_PHASE:
        raise illegal("rw.setup_first", "first place the four passenger dice")
    if verb == "pass":
        if state.phase == FIRST and legal_actions(state) != [("pass",)]:
            raise illegal("rw.must_act", "the first action phase needs exactly one action")
        state.progress()
        return
    handlers: dict[str, Callable[..., None]] = {
        "open": state.open_connection, "build": state.build_region,
        "transport": state.transport, "hire": state.hire,
        "capital": state.increase_capital, "clean": state.reduce_pollution,
        "add": state.add_passenger, "upgrade": state.upgrade,
    }
    handlers[verb](*args)
    state.after_action()
