"""A Railways state as JSON data (`State.snapshot`) and back, checked as it is read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stellwerk.core.chance import Chance
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
from stellwerk.games.railways.board import REGION_TYPES
from stellwerk.games.railways.constants import (
    FIRST,
    HAND_SIZE,
    MARKERS,
    OVER,
    PLAN_CARDS,
    REGION_DICE,
    ROUNDS,
    SECOND,
    SETUP_PHASE,
    START_DICE,
)
from stellwerk.games.railways.tables import Tables

if TYPE_CHECKING:
    from stellwerk.games.railways.rules import RailwaysState


def taken(state: RailwaysState) -> dict[str, Any]:
    """Everything of the state but the pack's tables, as JSON data."""
    return {
        "game": "railways", "format": SNAPSHOT_FORMAT, "chance": state.chance.state,
        "challenges": list(state.challenges), "plan_cards": list(state.plan_cards),
        "hand": list(state.hand), "pile": list(state.pile),
        "discards": list(state.discards),
        "built": [[cell, kind] for cell, kind in sorted(state.built.items())],
        "dice": [[cell, value] for cell, value in sorted(state.dice.items())],
        "region_dice": list(state.region_dice), "off_plan": state.off_plan,
        "capital": state.capital, "profit": state.profit, "pollution": state.pollution,
        "workers": state.workers, "opened": dict(state.opened),
        "delivered": sorted(state.delivered), "round": state.round, "phase": state.phase,
        "log": [[r, plain(a)] for r, a in state.log],
    }


def restored(cls: type[RailwaysState], tables: Tables,
             data: Mapping[str, Any]) -> RailwaysState:
    """The state `taken` was taken of; BadRecord if the data does not fit."""
    data = header("railways", data)
    with reading("Railways"):
        state = cls.__new__(cls)
        state.tables = tables
        state.chance = Chance(integer(data["chance"], "chance", 0))
        state.challenges = tuple(ints(data["challenges"], "challenges", 1, 4))
        state.plan_cards = tuple(ints(data["plan_cards"], "plan_cards"))
        state.hand = ints(data["hand"], "hand")
        state.pile = ints(data["pile"], "pile")
        state.discards = ints(data["discards"], "discards")
        cards = [*state.plan_cards, *state.hand, *state.pile, *state.discards]
        expect(len(state.plan_cards) == PLAN_CARDS and len(state.hand) <= HAND_SIZE
               and sorted(cards) == sorted(tables.cards),
               "the cards are not exactly the pack's cards")
        state.built = {integer(c, "built", 0): str(k) for c, k in data["built"]}
        expect(all(k in REGION_TYPES for k in state.built.values()), "built types")
        state.dice = {integer(c, "dice", 0): integer(v, "die", 1, tables.passengers_max)
                      for c, v in data["dice"]}
        state.region_dice = ints(data["region_dice"], "region_dice", 1, 3)
        state.off_plan = integer(data["off_plan"], "off_plan", 0,
                                 len(START_DICE) + len(REGION_DICE))  # every die
        state.capital = integer(data["capital"], "capital", 0, tables.capital_max)
        state.profit = integer(data["profit"], "profit", 0)
        state.pollution = integer(data["pollution"], "pollution", 1, tables.pollution_max)
        state.workers = integer(data["workers"], "workers", 0, tables.workers_max)
        opened = data["opened"]
        expect(isinstance(opened, dict) and len(opened) <= MARKERS, "opened")
        state.opened = {str(n): bool(u) for n, u in opened.items()}
        state.delivered = {str(t) for t in data["delivered"]}
        expect(state.delivered <= set(REGION_TYPES), "delivered types")
        state.round = integer(data["round"], "round", 1, ROUNDS)
        expect(data["phase"] in (SETUP_PHASE, FIRST, SECOND, OVER), "phase")
        state.phase = data["phase"]
        state.log = [(integer(r, "log round", 1, ROUNDS), tupled(a))
                     for r, a in data["log"]]
        state.plan = state._make_plan()
        expect(all(c < len(state.plan.kinds) for c in [*state.built, *state.dice]),
               "a space off the plan")
        expect(all(n in state.plan.connections for n in state.opened),
               "an opened connection the plan does not have")
        exercise(state, 1)
    return state

