"""What a demand would take from a seat's network, for the player to plan with: for
each demand in its hand and laid open, every city that supplies the good, the track to
build (M) to join that city and the destination to the network, and the mileposts the
first train would run (to the supply, then to the destination) with the turns that
takes at its speed. Estimates: each city is joined by its own cheapest path, and the run
is counted over the grid (water, fees and the track's bends aside).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stellwerk.games.benelux_rails import grid, pathfind

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState


def demand_estimates(state: BeneluxState, seat: int) -> list[dict[str, Any]]:
    """One entry per demand of the seat's hand and the open cards, in card order; each
    supply option cheapest first (`build` None: the city cannot be joined now)."""
    t, me = state.t, state.players[seat]
    loco = me.trains[0]
    sources = state.build_sources(seat)
    if not sources or loco.position < 0:
        dist = [pathfind.INF] * t.n
    else:
        dist, _ = pathfind.cheapest_build(t, sources, state.build_rules(seat))

    def join(city: int) -> int | None:
        cost = min(dist[p] for p in t.cities[city].mileposts)
        return None if cost >= pathfind.INF else cost

    def run(*cities: int) -> int:
        here, steps = loco.position, 0
        for city in cities:
            there = t.cities[city].centre
            if here >= 0:
                steps += grid.steps_between(t.cells[here], t.cells[there])
            here = there
        return steps

    speed = max(state.speed(seat, 0), 1)
    out = []
    for card in [*me.hand, *state.public]:
        for dest, good, payout in t.demands[card]:
            to_dest = join(dest)
            options: list[dict[str, Any]] = []
            if good in loco.loads:
                options.append({"city": None, "build": to_dest, "run": run(dest)})
            for s, city in enumerate(t.cities):
                if good in city.supplies:
                    to_supply = join(s)
                    build = None if to_supply is None or to_dest is None else \
                        to_supply + to_dest
                    options.append({"city": city.id, "build": build, "run": run(s, dest)})
            for option in options:
                option["turns"] = -(-option["run"] // speed)
            options.sort(key=lambda o: (o["build"] is None, o["build"] or 0, o["run"]))
            out.append({"card": card, "good": t.goods[good], "city": t.cities[dest].id,
                        "payout": payout, "from": options})
    return out
