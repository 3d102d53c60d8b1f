"""How good a position looks for the greedy bot: money, plus part of the value of loads
that a held (or public) demand wants, plus a smaller part of the demands whose supply
and destination the player's network already reaches."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState

LOAD_SHARE = 0.7
REACH_SHARE = 0.4
CITY_VALUE = 1.0


def reaches(state: BeneluxState, seat: int, city: int) -> bool:
    t, me = state.t, state.players[seat]
    c = t.cities[city]
    if c.size == "major":
        return city == me.start or any(p in me.nodes for p in c.mileposts)
    return c.centre in me.nodes


def evaluate(state: BeneluxState, seat: int) -> float:
    t, me = state.t, state.players[seat]
    cards = [*me.hand, *state.public]
    value = float(me.money)
    for good in (g for loco in me.trains for g in loco.loads):
        value += LOAD_SHARE * max((p for card in cards for _, g, p in t.demands[card]
                                   if g == good), default=0)
    joined = [k for k in range(len(t.cities)) if reaches(state, seat, k)]
    value += CITY_VALUE * len(joined)
    supplied = {g for k in joined for g in t.cities[k].supplies}
    for card in me.hand:
        value += REACH_SHARE * max((p for c, g, p in t.demands[card]
                                    if c in joined and g in supplied), default=0)
    return value
