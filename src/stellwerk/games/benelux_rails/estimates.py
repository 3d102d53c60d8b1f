"""What a demand would take from a seat's network, for the player to plan with: for
each demand in its hand and laid open, every city that supplies the good, the track to
build (M) to join that city and the destination to the network, and the mileposts the
first train would run (to the supply, then to the destination) with the turns that
takes at its speed. Estimates: each city is joined by its own cheapest path, and the run
is counted over the grid (water, fees and the track's bends aside).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stellwerk.core.cache import BoundedCache
from stellwerk.core.content import COMPILED_PACKS
from stellwerk.games.benelux_rails import grid, pathfind
from stellwerk.games.benelux_rails.memo import remembered
from stellwerk.games.benelux_rails.tables import Tables

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState


def demand_estimates(state: BeneluxState, seat: int) -> list[dict[str, Any]]:
    """One entry per demand of the seat's hand and the open cards, in card order; each
    supply option cheapest first (`build` None: the city cannot be joined now).
    Remembered per track (`memo.remembered`), under everything else it reads."""
    me = state.players[seat]
    loco = me.trains[0]
    key = ("estimates", seat, tuple(me.hand), tuple(state.public), loco.position,
           tuple(loco.loads), state.speed(seat, 0), state.round, state.turn, state.active,
           me.spent, me.money, tuple(state.chips_free(g) for g in loco.loads),
           tuple(tuple(owners) for owners in state.ferry_owners))
    found: list[dict[str, Any]] = remembered(state, key, lambda: _estimates(state, seat))
    # a view is the caller's to change: fresh dicts over the remembered ones
    return [{**entry, "from": [dict(option) for option in entry["from"]]} for entry in found]


def _estimates(state: BeneluxState, seat: int) -> list[dict[str, Any]]:
    t, me = state.t, state.players[seat]
    loco = me.trains[0]
    sources = state.build_sources(seat)
    if not sources or loco.position < 0:
        dist = [pathfind.INF] * t.n
    else:
        dist, _ = pathfind.cheapest_build(t, sources, state.build_rules(seat))
    joins = [min(dist[p] for p in city.mileposts) for city in t.cities]
    join = [None if cost >= pathfind.INF else cost for cost in joins]
    centres = [t.cells[city.centre] for city in t.cities]
    here = t.cells[loco.position] if loco.position >= 0 else None
    to_city = [grid.steps_between(here, c) if here is not None else 0 for c in centres]
    between = _between(t)
    speed = max(state.speed(seat, 0), 1)
    out = []
    for card in [*me.hand, *state.public]:
        for dest, good, payout in t.demands[card]:
            options: list[dict[str, Any]] = []
            if good in loco.loads:
                options.append({"city": None, "build": join[dest], "run": to_city[dest]})
            for s, city in enumerate(t.cities):
                if good in city.supplies:
                    at_supply, at_dest = join[s], join[dest]
                    build = None if at_supply is None or at_dest is None else \
                        at_supply + at_dest
                    options.append({"city": city.id, "build": build,
                                    "run": to_city[s] + between[s][dest]})
            for option in options:
                option["turns"] = -(-option["run"] // speed)
            options.sort(key=lambda o: (o["build"] is None, o["build"] or 0, o["run"]))
            out.append({"card": card, "good": t.goods[good], "city": t.cities[dest].id,
                        "payout": payout, "from": options})
    return out


_BETWEEN = BoundedCache(COMPILED_PACKS)


def _between(t: Tables) -> list[list[int]]:
    """Grid steps between every two cities' centres, once per pack."""
    return _BETWEEN.for_object(t, lambda: [
        [grid.steps_between(t.cells[a.centre], t.cells[b.centre]) for b in t.cities]
        for a in t.cities])
