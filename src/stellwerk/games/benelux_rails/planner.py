"""The planner bot: chooses a demand by profit per turn, builds toward it, moves, loads,
delivers, and upgrades its train when there is nothing to build (in the spirit of the
crayon-rails AIs: pick the delivery with the best payout per turn after track cost).

It reads a determinized sample of the game (other hands and the deck redrawn), so it
knows only what its seat may know. For every demand in its hand or open (destination d,
good g, payout p) it takes each city s supplying g (or the train itself when it already
carries g) and estimates: build cost = cheapest cost to join s plus to join d from its
network; turns = grid distance train->s->d over the train's speed + build cost over the
build limit + 1. It follows the demand with the best (p - build cost) / turns.

With a second train each train follows its own plan (the second never the card the
first follows). It buys the second train (D: 20 M, the turn's build action) once it has
BUY_MONEY to spare and nothing to build this turn, at the major city of its network
nearest to the supply of the best demand the first train is not serving.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Set
from dataclasses import dataclass
from itertools import pairwise

from stellwerk.core.cache import BoundedCache
from stellwerk.core.chance import Chance
from stellwerk.core.content import COMPILED_PACKS
from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction
from stellwerk.core.session import Window
from stellwerk.games.benelux_rails import notation, pathfind
from stellwerk.games.benelux_rails.candidates import _affordable_prefix
from stellwerk.games.benelux_rails.memo import remembered
from stellwerk.games.benelux_rails.notation import for_train
from stellwerk.games.benelux_rails.rules import KEEP, START, BeneluxState
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.trains import TRAINS

UPGRADE_PATH = {"A": "B12", "B9": "C12", "B12": "C15"}
UPGRADE_MONEY = {"A": 60, "B9": 90, "B12": 90}   # upgrade only with money to spare
POOR_SCORE = 0.5     # below this profit per turn the hand is discarded
FERRY_STEPS = 6      # a ferry crossing costs about half a turn
JOIN_SHARE = 0.6     # from this share of the target money, join the missing major cities
BUY_MONEY = 60       # buy a second train with this much money and nothing to build


def grid_distance(t: Tables, a: int, b: int) -> int:
    (r1, c1), (r2, c2) = t.cells[a], t.cells[b]
    q1, q2 = c1 - (r1 - (r1 & 1)) // 2, c2 - (r2 - (r2 & 1)) // 2
    dq, dr = q2 - q1, r2 - r1
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass(frozen=True)
class Plan:
    score: float
    card: int
    good: int
    supply: int          # city number, or -1 when the train already carries the good
    dest: int


def _join_cost(t: Tables, dist: list[int], city: int) -> int:
    return min(dist[p] for p in t.cities[city].mileposts)


def train_sources(state: BeneluxState, seat: int, k: int = 0) -> set[int]:
    """The mileposts of the player's network that its train can reach (a flood may have
    cut the network in two); building from there keeps the train connected."""
    me = state.players[seat]
    sources = state.build_sources(seat)
    seen = reachable(state, me.trains[k].position)
    near = sources & seen
    return near or sources


def named(state: BeneluxState, seat: int, k: int, action: Action) -> Action:
    """The action for train k: with two trains the number follows the verb."""
    if len(state.players[seat].trains) == 1:
        return action
    return for_train(action, k + 1)


def reachable(state: BeneluxState, start: int) -> set[int]:
    """The mileposts a train at `start` can reach over anyone's built track and ferry
    lines. Remembered per track (`memo.remembered`; the key names the ferry lines
    built, the other thing it reads), as the search's planner asks it again and again
    of the same track: the set is shared, so callers must not change it."""
    ferries = tuple(bool(owners) for owners in state.ferry_owners)
    found: set[int] = remembered(state, ("reachable", start, ferries),
                                 lambda: _reachable(state, start))
    return found


def _reachable(state: BeneluxState, start: int) -> set[int]:
    t = state.t
    seen = {start}
    todo = [start]
    while todo:
        i = todo.pop()
        nxt = [j for j in t.adjacent[i] if t.edge(i, j) in state.owner or t.same_major(i, j)]
        for f in t.ferry_at.get(i, ()):
            if state.ferry_owners[f]:
                ferry = t.ferries[f]
                nxt.append(ferry.b if i == ferry.a else ferry.a)
        for j in nxt:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def best_plan(state: BeneluxState, seat: int, k: int = 0, taken: tuple[int, ...] = (),
              position: int | None = None) -> Plan | None:
    """The best demand for train k (never a card in `taken`), from its position or
    from `position` (where a train would stand): the first of the best score."""
    best: Plan | None = None
    for plan in all_plans(state, seat, k, taken, position):
        if best is None or plan.score > best.score:
            best = plan
    return best


def ranked_plans(state: BeneluxState, seat: int, k: int = 0, taken: tuple[int, ...] = (),
                 n: int = 3) -> list[Plan]:
    """The best `n` plans for train k with distinct goals (supply, destination), best
    first; the first is `best_plan`'s. ISMCTS's `normal` and `hard` weigh a step toward each
    (plan_search.plan_actions); the planner itself follows only the first."""
    ranked = sorted(all_plans(state, seat, k, taken), key=lambda p: -p.score)  # stable
    out: list[Plan] = []
    for plan in ranked:
        if all((plan.supply, plan.dest) != (p.supply, p.dest) for p in out):
            out.append(plan)
            if len(out) == n:
                break
    return out


def all_plans(state: BeneluxState, seat: int, k: int = 0, taken: tuple[int, ...] = (),
              position: int | None = None) -> Iterator[Plan]:
    """Every plan for train k (a demand, a way to the good), in a fixed order."""
    t, me = state.t, state.players[seat]
    loco = me.trains[k]
    here = loco.position if position is None else position
    loads = loco.loads if position is None else []
    dist, _ = pathfind.cheapest_build(t, train_sources(state, seat, k), state.build_rules(seat))
    speed = state.speed(seat, k)
    limit = state.variant.build_limit
    lookup = _lookup(t)
    # worked out once per call, as each is asked for many demands (the search's planner
    # calls this hundreds of times a decision)
    join: dict[int, int] = {}
    from_here: dict[int, int] = {}
    for card in [*me.hand, *state.public]:
        if card in taken:
            continue
        for dest, good, payout in t.demands[card]:
            dest_cost = join.get(dest)
            if dest_cost is None:
                dest_cost = join[dest] = _join_cost(t, dist, dest)
            if dest_cost >= pathfind.INF:
                continue
            options: list[tuple[int, int, int]] = []
            if good in loads:
                options.append((-1, 0, grid_distance(t, here, t.cities[dest].centre)))
            if state.chips_free(good) > 0:          # a chip left to load anywhere
                for s in lookup.suppliers.get(good, ()):
                    cost = join.get(s)
                    if cost is None:
                        cost = join[s] = _join_cost(t, dist, s)
                    if cost < pathfind.INF:
                        to_s = from_here.get(s)
                        if to_s is None:
                            to_s = from_here[s] = grid_distance(t, here, t.cities[s].centre)
                        options.append((s, cost, to_s + lookup.between[s][dest]))
            for supply, cost, steps in options:
                build = cost + dest_cost
                turns = steps / speed + build / limit + 1
                yield Plan((payout - build) / turns, card, good, supply, dest)


class _Lookup:
    """What `all_plans` looks up in the pack: the cities supplying each good (in city
    order) and the grid distance between every two cities' centres."""

    __slots__ = ("between", "suppliers")

    def __init__(self, t: Tables) -> None:
        self.suppliers: dict[int, tuple[int, ...]] = {}
        for s, city in enumerate(t.cities):
            for good in dict.fromkeys(city.supplies):     # a good named twice: once
                self.suppliers[good] = (*self.suppliers.get(good, ()), s)
        self.between = [[grid_distance(t, a.centre, b.centre) for b in t.cities]
                        for a in t.cities]


# id(tables) -> (tables, _Lookup), as pathfind's graphs
_LOOKUPS = BoundedCache(COMPILED_PACKS)


def _lookup(t: Tables) -> _Lookup:
    return _LOOKUPS.for_object(t, lambda: _Lookup(t))


def track_steps_from(state: BeneluxState, i: int) -> list[tuple[int, int]]:
    """The mileposts one step from `i` over anyone's built track (1 each; inside a major
    city too) and built ferry lines (FERRY_STEPS), with the steps each costs."""
    t = state.t
    steps = [(j, 1) for j in t.adjacent[i]
             if t.edge(i, j) in state.owner or t.same_major(i, j)]
    for f in t.ferry_at.get(i, ()):
        if state.ferry_owners[f]:
            ferry = t.ferries[f]
            steps.append((ferry.b if i == ferry.a else ferry.a, FERRY_STEPS))
    return steps


def route(state: BeneluxState, start: int, goals: set[int]) -> list[int] | None:
    """Shortest route over anyone's built track (1 per step) and built ferry lines
    (FERRY_STEPS each), as the planner's guide; the engine prices the actual moves."""
    dist = {start: 0}
    prev: dict[int, int] = {}
    heap = [(0, start)]
    while heap:
        d, i = heapq.heappop(heap)
        if d != dist[i]:
            continue
        if i in goals:
            path = [i]
            while path[-1] != start:
                path.append(prev[path[-1]])
            return path[::-1]
        for j, cost in track_steps_from(state, i):
            if d + cost < dist.get(j, pathfind.INF):
                dist[j] = d + cost
                prev[j] = i
                heapq.heappush(heap, (d + cost, j))
    return None


class PlannerBot:
    kind = "planner"

    def __init__(self, chance: Chance) -> None:
        self.chance = chance

    def choose(self, window: Window) -> Action:
        state = window.sample()
        if not isinstance(state, BeneluxState):
            return window.legal[self.chance.below(len(window.legal))]
        action = self.decide(state, window.seat)
        if action is None or not state.is_legal(window.seat, action):
            return notation.End() if notation.End() in window.legal else window.legal[0]
        return action

    buys = True   # PlannerOneTrainBot (the bench's comparison) never buys

    def plans(self, state: BeneluxState, seat: int) -> list[Plan | None]:
        """One plan per train; the second train never follows the first one's card."""
        out: list[Plan | None] = []
        for k in range(len(state.players[seat].trains)):
            taken = tuple(p.card for p in out if p is not None)
            out.append(best_plan(state, seat, k, taken))
        return out

    def decide(self, state: BeneluxState, seat: int) -> Action | None:
        me = state.players[seat]
        if state.phase == KEEP:
            return self.keep(state, seat)
        if state.phase == START:
            return self.start(state, seat)
        plans = self.plans(state, seat)
        if state.round > 1 and not me.turn_mode:
            for k, plan in enumerate(plans):
                handled = self.handle_goods(state, seat, k, plan)
                if handled is not None:
                    return named(state, seat, k, handled)
            if (not me.moved and not any(loco.loads for loco in me.trains)
                    and (plans[0] is None or plans[0].score < POOR_SCORE)):
                return notation.Discard()
            for k, plan in enumerate(plans):
                if plan is not None and me.trains[k].points > 0:
                    move = self.move_toward(state, seat, k, plan)
                    if move is not None:
                        return named(state, seat, k, move)
        if me.turn_mode != "buy" and state.budget(seat) > 0:
            if me.money >= JOIN_SHARE * state.variant.target:
                build = self.join_majors(state, seat)
                if build is not None:
                    return build
            targets = [c for plan in plans if plan is not None for c in (plan.supply, plan.dest)]
            build = self.build_toward(state, seat, [c for c in targets if c >= 0])
            if build is not None:
                return build
        if state.round > 2 and not me.turn_mode:
            buy = self.buy(state, seat, plans)
            if buy is not None:
                return buy
        if state.round > 2 and me.turn_mode != "buy":
            # an upgrade shares the turn's limit with the track built before it
            for k, loco in enumerate(me.trains):
                if loco.kind in UPGRADE_PATH and me.money >= UPGRADE_MONEY[loco.kind]:
                    upgrade = named(state, seat, k, notation.Upgrade(UPGRADE_PATH[loco.kind]))
                    if state.is_legal(seat, upgrade):
                        return upgrade
        return notation.End()

    def buy(self, state: BeneluxState, seat: int, plans: list[Plan | None]) -> Action | None:
        """A second train when there is money to spare: at the network's major city
        nearest to the supply of the best demand the first train does not serve."""
        t, me = state.t, state.players[seat]
        if not self.buys or len(me.trains) > 1 or me.money < BUY_MONEY:
            return None
        cities = state.network_majors(seat)
        taken = tuple(p.card for p in plans if p is not None)
        aim = best_plan(state, seat, 0, taken, position=t.cities[cities[0]].centre)
        if aim is None:
            return None
        goal = t.cities[aim.supply if aim.supply >= 0 else aim.dest].centre
        city = min(cities, key=lambda c: (grid_distance(t, t.cities[c].centre, goal), c))
        return notation.BuyTrain(t.cities[city].id)

    def keep(self, state: BeneluxState, seat: int) -> Action:
        t = state.t
        hand = state.players[seat].hand

        def value(card: int) -> int:
            return max(p for _, _, p in t.demands[card])
        kept = sorted(hand, key=lambda c: (-value(c), c))[:3]
        return notation.Keep.of(("keep", *kept))

    def start(self, state: BeneluxState, seat: int) -> Action:
        """The major city from which the kept demands are cheapest to reach."""
        t, me = state.t, state.players[seat]
        best: tuple[float, int] | None = None
        for k in t.majors:
            dist, _ = pathfind.cheapest_build(t, t.cities[k].mileposts, state.build_rules(seat))
            total = 0.0
            for card in me.hand:
                total += min(_join_cost(t, dist, c) for c, _, _ in t.demands[card])
            if best is None or total < best[0]:
                best = (total, k)
        assert best is not None
        return notation.Start(t.cities[best[1]].id)

    def handle_goods(self, state: BeneluxState, seat: int, k: int, plan: Plan | None
                     ) -> Action | None:
        t, me = state.t, state.players[seat]
        loco = me.trains[k]
        city = t.city_at[loco.position]
        if city < 0:
            return None
        cards = [*me.hand, *state.public]
        payouts = [(p, card, g) for card in cards for c, g, p in t.demands[card]
                   if c == city and g in loco.loads]
        if payouts:
            _, card, good = max(payouts)
            return notation.Deliver(card, t.goods[good])
        wanted = {g for card in cards for _, g, _ in t.demands[card]}
        capacity = TRAINS[loco.kind].capacity
        if plan is not None and plan.supply == city and loco.loads.count(plan.good) == 0:
            if len(loco.loads) >= capacity:   # make room: drop the load worth least
                def worth(g: int) -> int:
                    return max((p for card in cards for _, gg, p in t.demands[card]
                                if gg == g), default=0)
                return notation.Unload(t.goods[min(loco.loads, key=lambda g: (worth(g), g))])
            else:
                return notation.Load(t.goods[plan.good])
        if len(loco.loads) + 1 < capacity:
            for g in t.cities[city].supplies:
                if g in wanted and g not in loco.loads and state.is_legal(
                        seat, named(state, seat, k, notation.Load(t.goods[g]))):
                    return notation.Load(t.goods[g])
        return None

    def move_toward(self, state: BeneluxState, seat: int, k: int, plan: Plan
                    ) -> Action | None:
        """Along the shortest route over built track and ferry lines: move as far as the
        points allow, stopping at a ferry port; cross at the start of the next turn."""
        t, me = state.t, state.players[seat]
        loco = me.trains[k]
        target_city = (plan.supply if plan.supply >= 0 and plan.good not in loco.loads
                       else plan.dest)
        if t.city_at[loco.position] == target_city:
            return None
        path = route(state, loco.position, set(t.cities[target_city].mileposts))
        if path is None:   # not joined yet: go to the milepost of the track nearest to it
            centre = t.cities[target_city].centre
            best = pathfind.shortest_moves(t, state.move_graph(), seat, loco.position, me.paid)
            goal = min(best, key=lambda p: (grid_distance(t, p, centre), best[p][:2]))
            if grid_distance(t, goal, centre) >= grid_distance(t, loco.position, centre):
                return None
            path = route(state, loco.position, {goal})
            if path is None:
                return None
        if path[1] not in t.adjacent[path[0]]:           # the next step is a ferry
            ferry = named(state, seat, k, notation.Ferry())
            return notation.Ferry() if not loco.moved and state.is_legal(seat, ferry) else None
        slow = state.move_graph().slow
        points, stop = loco.points, loco.position
        for a, b in pairwise(path):
            if b not in t.adjacent[a]:
                break
            points -= 2 if b in slow else 1
            if points < 0:
                break
            stop = b
        if stop == loco.position:
            return None
        return notation.Move(t.names[stop])

    def missing_majors(self, state: BeneluxState, seat: int,
                       network: Set[int] | None = None) -> list[int]:
        """Major cities not yet joined to the start city (the end needs all four joined
        to it; a piece of track apart that touches a city does not count); `network`:
        the seat's `start_network`, if worked out already."""
        joined = state.joined_majors(seat, network)
        return [k for k in state.t.majors if k not in joined]

    def join_majors(self, state: BeneluxState, seat: int) -> Action | None:
        """Track toward a missing major city (the first in the pack's order a build
        reaches), built from the network joined to the start city: a piece apart is no
        help until the two are joined, and its own track on the way costs nothing, so
        the cheapest way may run through it."""
        network = state.start_network(seat)
        missing = self.missing_majors(state, seat, network)
        if not missing:
            return None
        sources = network & state.build_sources(seat)
        return self.build_toward(state, seat, missing, sources)

    def build_toward(self, state: BeneluxState, seat: int, targets: list[int],
                     sources: set[int] | None = None) -> Action | None:
        """Track toward the first of `targets` (city numbers) a build can reach, from
        `sources` (the part of the network the first train can reach, if not given)."""
        t = state.t
        rules = state.build_rules(seat)
        if sources is None:
            sources = train_sources(state, seat)
        dist, prev = pathfind.cheapest_build(t, sources, rules)
        for city in targets:
            goal = min(t.cities[city].mileposts, key=lambda p: dist[p])
            if dist[goal] == 0 or dist[goal] >= pathfind.INF:
                continue
            path = pathfind.path_to(prev, dist, goal)
            if path is None:
                continue
            path = _affordable_prefix(state, seat, path, state.budget(seat))
            if len(path) < 2:
                continue
            action = notation.Build.of(("build", *(t.names[p] for p in path)))
            try:
                state.check(seat, action)
            except IllegalAction:
                continue
            return action
        return None


class PlannerOneTrainBot(PlannerBot):
    """The planner that never buys a second train: the yardstick the bench measures the
    second train against (`bench_benelux_rails.py study --one-train`)."""

    kind = "planner-one-train"
    buys = False
