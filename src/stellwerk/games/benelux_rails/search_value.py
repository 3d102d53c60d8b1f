"""How Benelux Rails' tree search values a position it cuts short (issue 12; the game's
`search_heuristic` hook). Only ISMCTS uses it: `greedy` and `search` keep
`heuristic.evaluate`, their yardstick.

A delivery's money lies several turns beyond a rollout of a few decisions, so money
alone (or the heuristic's cities joined) teaches the search to build its money away.
Here each train adds the value of its best delivery plan, as the planner picks it
(planner.py: a demand card's payout, the track still to build to its supply and
destination, the turns it takes): the payout discounted by `DISCOUNT` a turn, less the
track still to build (spent soon, so not discounted). A step toward the delivery (track
built toward it, the train moved nearer, the good loaded) shortens the turns and so is
worth something now; money spent on track that no plan needs is simply lost. Late in
the game (money past the planner's JOIN_SHARE of the target) the track still needed to
join the major cities counts against the seat too, since the game ends only with all
four joined (rules: "the target money and a network joining all four major cities").

It reads only the state it is given (the search's determinized sample, where other
hands are redrawn) and costs one cheapest-build search per seat (~1 ms).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.benelux_rails import heuristic, pathfind
from stellwerk.games.benelux_rails.phases import TURN
from stellwerk.games.benelux_rails.planner import JOIN_SHARE, PlannerBot, grid_distance

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState

DISCOUNT = 0.9        # a payout one turn further away is worth this share
LOAD_SHARE = 0.5      # a carried load no plan follows: this share of its discounted value


def join_cost(state: BeneluxState, dist: list[int], city: int) -> int:
    return min(dist[p] for p in state.t.cities[city].mileposts)


def plan_value(state: BeneluxState, seat: int, k: int, dist: list[int],
               taken: set[int], money: int) -> tuple[float, int, int, int]:
    """(value, card, good, build cost) of train k's best delivery: max over the demands
    (cards not in `taken`) and supplies (or the load it carries) of DISCOUNT ** turns *
    payout - the track still to build, among those whose track `money` pays for (a plan
    the seat cannot pay for is worth nothing: money spent elsewhere loses it);
    (0, -1, -1, 0) when nothing is worth doing."""
    t = state.t
    me = state.players[seat]
    loco = me.trains[k]
    here = loco.position
    speed = state.speed(seat, k)
    # the points left this turn are free; once the turn ends they are lost, so ending a
    # turn with the train short of its goal costs value (moving first does not)
    free = loco.points if state.active == seat else 0
    limit = state.variant.build_limit
    best: tuple[float, int, int, int] = (0.0, -1, -1, 0)
    for card in [*me.hand, *state.public]:
        if card in taken:
            continue
        for dest, good, payout in t.demands[card]:
            dest_cost = join_cost(state, dist, dest)
            if dest_cost >= pathfind.INF:
                continue
            centre = t.cities[dest].centre
            options: list[tuple[int, int]] = []      # (build cost, steps)
            if good in loco.loads:
                options.append((0, grid_distance(t, here, centre)))
            elif state.chips_free(good) > 0:
                for s, city in enumerate(t.cities):
                    if good in city.supplies:
                        cost = join_cost(state, dist, s)
                        if cost < pathfind.INF:
                            options.append((cost, grid_distance(t, here, city.centre)
                                            + grid_distance(t, city.centre, centre)))
            for cost, steps in options:
                build = cost + dest_cost
                if build > money:
                    continue
                turns = max(0, steps - free) / speed + build / limit + 1
                value = DISCOUNT ** turns * payout - build
                if value > best[0]:
                    best = (value, card, good, build)
    return best


def evaluate(state: BeneluxState, seat: int) -> float:
    """Money, plus each train's best plan (a second train never the first's card), plus
    part of what the loads no plan follows would bring, less late the missing majors."""
    if state.phase != TURN:      # no network or train yet: the heuristic's estimate
        return heuristic.evaluate(state, seat)
    t, me = state.t, state.players[seat]
    dist, _ = pathfind.cheapest_build(t, state.build_sources(seat), state.build_rules(seat))
    value = float(me.money)
    taken: set[int] = set()
    followed: set[tuple[int, int]] = set()
    money = me.money
    for k in range(len(me.trains)):
        plan, card, good, build = plan_value(state, seat, k, dist, taken, money)
        value += plan
        money -= build
        if card >= 0:
            taken.add(card)
            followed.add((k, good))
    cards = [*me.hand, *state.public]
    for k, loco in enumerate(me.trains):
        for good in loco.loads:
            if (k, good) in followed:
                continue
            value += LOAD_SHARE * max(
                (DISCOUNT ** (grid_distance(t, loco.position, t.cities[c].centre)
                              / state.speed(seat, k) + 1) * p
                 for card in cards for c, g, p in t.demands[card] if g == good), default=0)
    if me.money >= JOIN_SHARE * state.variant.target:
        for k in t.majors:
            if k != me.start and not any(p in me.nodes for p in t.cities[k].mileposts):
                value -= min(join_cost(state, dist, k), state.variant.target)
    return value


KEPT = ("end", "deliver")    # besides the planner's own action
_PLANNER = PlannerBot(Chance(0))     # decide() draws no chance


def search_actions(state: BeneluxState, seat: int, listed: list[Action]) -> list[Action]:
    """The actions ISMCTS weighs: the planner's decision first, then only the listed
    ends, deliveries and loads. Builds (a path to every city not yet joined), moves (to
    every milepost in reach), upgrades and buying a train are too many for the budget
    and mostly spend money or points for nothing; a search node averages its children,
    so such choices below a good action made the search prefer ending the turn
    (measured: docs/bots.md). Of those only the planner's own stays."""
    if state.phase != TURN:
        return listed
    planned = _PLANNER.decide(state, seat)
    rest = [a for a in listed if a[0] in KEPT and a != planned]
    # the planner names a move by its goal alone; the list may write it another way
    if planned is None or not state.is_legal(seat, planned):
        return rest or listed
    return [planned, *rest]
