"""How Benelux Rails' tree search values a position it cuts short (the game's
`search_heuristic` hook). Only ISMCTS uses it: `easy` through the game's hooks, `normal`
and `hard` at the leaves of their plan search (plan_search.py); `greedy` and `search`
keep `heuristic.evaluate`, their yardstick.

A delivery's money lies several turns beyond a rollout of a few decisions, so money
alone (or the heuristic's cities joined) teaches the search to build its money away.
Here each train adds the value of the delivery plan the planner would follow
(planner.best_plan's choice: a demand card's payout, the track still to build to its
supply and destination, the turns it takes): the payout discounted by `DISCOUNT` a
turn, less the track still to build (spent soon, so not discounted). A step toward the
delivery (track built toward it, the train moved nearer over the track, the points
left this turn used) shortens the turns and so is worth something now; money spent on
track that no plan needs is simply lost. Late in
the game (money past the planner's JOIN_SHARE of the target) the track still needed to
join the major cities counts against the seat too, since the game ends only with all
four joined to the start city (rules: "the target money and a network joining all four
major cities"; a piece of track apart that touches a city does not join it).

It reads only the state it is given (the search's determinized sample, where other
hands are redrawn) and costs a cheapest-build search and a walk over the built track
per train (~1.7 ms a seat on planner-led positions).

`search_actions` narrows what the search weighs to the planner's action, ending the
turn and the deliveries (its docstring says why).
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.benelux_rails import heuristic, pathfind
from stellwerk.games.benelux_rails.phases import TURN
from stellwerk.games.benelux_rails.planner import (
    JOIN_SHARE,
    PlannerBot,
    grid_distance,
    track_steps_from,
    train_sources,
)

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState

DISCOUNT = 0.9        # a payout one turn further away is worth this share
LOAD_SHARE = 0.3      # a carried load no plan follows: this share of its best payout
INF = float("inf")


def join_cost(state: BeneluxState, dist: list[int], city: int) -> int:
    return min(dist[p] for p in state.t.cities[city].mileposts)


def track_steps(state: BeneluxState, start: int) -> dict[int, int]:
    """Steps from `start` to every milepost reachable over built track (anyone's; a
    ferry line planner.FERRY_STEPS), as the planner routes (planner.route): a train's way to a
    joined city follows the track, which the grid distance underrates."""
    dist = {start: 0}
    heap = [(0, start)]
    while heap:
        d, i = heapq.heappop(heap)
        if d != dist[i]:
            continue
        for j, cost in track_steps_from(state, i):
            if d + cost < dist.get(j, pathfind.INF):
                dist[j] = d + cost
                heapq.heappush(heap, (d + cost, j))
    return dist


def steps_to(state: BeneluxState, track: dict[int, int], here: int, city: int) -> int:
    """Steps from `here` to `city`: over the track if it is joined, else the grid."""
    on_track = [track[p] for p in state.t.cities[city].mileposts if p in track]
    return min(on_track) if on_track else grid_distance(state.t, here, state.t.cities[city].centre)


def plan_value(state: BeneluxState, seat: int, k: int, taken: set[int]
               ) -> tuple[float, int, int]:
    """(value, card, good) of train k's delivery plan (never a card in `taken`), or
    (0, -1, -1) without one. The plan is the one the planner follows
    (`planner.best_plan`: the best (payout - build) / turns, the same sources, costs and
    options), so a step of the planner's is a step toward it; its value is
    DISCOUNT ** turns * payout - the track still to build, never below 0."""
    t = state.t
    loco = state.players[seat].trains[k]
    here = loco.position
    track = track_steps(state, here)
    dist, _ = pathfind.cheapest_build(t, train_sources(state, seat, k), state.build_rules(seat))
    speed = state.speed(seat, k)
    # the points left this turn are free; once the turn ends they are lost, so ending a
    # turn with the train short of its goal costs value (moving first does not)
    free = loco.points if state.active == seat else 0
    limit = state.variant.build_limit
    best: tuple[float, float, int, int] = (-INF, 0.0, -1, -1)   # score, value, card, good
    for card in [*state.players[seat].hand, *state.public]:
        if card in taken:
            continue
        for dest, good, payout in t.demands[card]:
            dest_cost = join_cost(state, dist, dest)
            if dest_cost >= pathfind.INF:
                continue
            centre = t.cities[dest].centre
            options: list[tuple[int, int]] = []      # (build cost, steps)
            if good in loco.loads:
                options.append((0, steps_to(state, track, here, dest)))
            if state.chips_free(good) > 0:
                for s, city in enumerate(t.cities):
                    if good in city.supplies:
                        cost = join_cost(state, dist, s)
                        if cost < pathfind.INF:
                            options.append((cost, steps_to(state, track, here, s)
                                            + grid_distance(t, city.centre, centre)))
            for cost, steps in options:
                build = cost + dest_cost
                score = (payout - build) / (steps / speed + build / limit + 1)
                if score > best[0]:
                    turns = max(0, steps - free) / speed + build / limit + 1
                    best = (score, max(0.0, DISCOUNT ** turns * payout - build), card, good)
    return best[1], best[2], best[3]


def evaluate(state: BeneluxState, seat: int) -> float:
    """Money, plus each train's plan (a second train never the first's card, as the
    planner plans), plus part of what the loads no plan follows would bring, less, late,
    the track still needed to join the major cities."""
    if state.phase != TURN:      # no network or train yet: the heuristic's estimate
        return heuristic.evaluate(state, seat)
    t, me = state.t, state.players[seat]
    value = float(me.money)
    taken: set[int] = set()
    followed: set[tuple[int, int]] = set()
    for k in range(len(me.trains)):
        plan, card, good = plan_value(state, seat, k, taken)
        value += plan
        if card >= 0:
            taken.add(card)
            followed.add((k, good))
    cards = [*me.hand, *state.public]
    for k, loco in enumerate(me.trains):
        for good in loco.loads:
            if (k, good) not in followed:     # not where it stands: no pull off the plan
                value += LOAD_SHARE * max((p for card in cards for _, g, p in t.demands[card]
                                           if g == good), default=0)
    if me.money >= JOIN_SHARE * state.variant.target:
        network = state.start_network(seat)
        joined = state.joined_majors(seat, network)
        if len(joined) < len(t.majors):
            # joined to the start city, as the end asks (a piece apart does not count);
            # own track on the way costs nothing
            sources = network & state.build_sources(seat)
            dist, _ = pathfind.cheapest_build(t, sources, state.build_rules(seat))
            for k in t.majors:
                if k not in joined:
                    value -= min(join_cost(state, dist, k), state.variant.target)
    return value


KEPT = ("end", "deliver")    # besides the planner's own action
_PLANNER = PlannerBot(Chance(0))     # decide() draws no chance


def search_actions(state: BeneluxState, seat: int, listed: list[Action]) -> list[Action]:
    """The actions the generic ISMCTS (`easy`) weighs: the planner's decision first,
    then only the listed `end` and deliveries. Builds (a path to every city not yet
    joined), moves (to every milepost in reach), loads, unloads, upgrades and buying a
    train are too many for the budget and mostly spend money, points or room for
    nothing; a search node averages its children, so such choices below a good action
    made the search prefer ending the turn, and it bought trains and upgrades until its
    money was gone (docs/bots.md). Of those only the planner's own stays. Outside the
    turns (keep, start) the list."""
    if state.phase != TURN:
        return listed
    planned = _PLANNER.decide(state, seat)
    rest = [a for a in listed if a[0] in KEPT and a != planned]
    # the planner names a move by its goal alone; the list may write it another way
    if planned is None or not state.is_legal(seat, planned):
        return rest or listed
    return [planned, *rest]
