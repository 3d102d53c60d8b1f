"""The planner bot: chooses a demand by profit per turn, builds toward it, moves, loads,
delivers, and upgrades its train when there is nothing to build (in the spirit of the
crayon-rails AIs: pick the delivery with the best payout per turn after track cost).

It reads a determinized sample of the game (other hands and the deck redrawn), so it
knows only what its seat may know. For every demand in its hand or open (destination d,
good g, payout p) it takes each city s supplying g (or the train itself when it already
carries g) and estimates: build cost = cheapest cost to join s plus to join d from its
network; turns = grid distance train->s->d over the train's speed + build cost over the
build limit + 1. It follows the demand with the best (p - build cost) / turns.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import pairwise

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction
from stellwerk.core.session import Window
from stellwerk.games.benelux_rails import pathfind
from stellwerk.games.benelux_rails.candidates import _affordable_prefix
from stellwerk.games.benelux_rails.rules import KEEP, START, BeneluxState
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.trains import TRAINS

UPGRADE_PATH = {"A": "B12", "B9": "C12", "B12": "C15"}
UPGRADE_MONEY = {"A": 60, "B9": 90, "B12": 90}   # upgrade only with money to spare
POOR_SCORE = 0.5     # below this profit per turn the hand is discarded
FERRY_STEPS = 6      # a ferry crossing costs about half a turn
JOIN_SHARE = 0.6     # from this share of the target money, join the missing major cities


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


def train_sources(state: BeneluxState, seat: int) -> set[int]:
    """The mileposts of the player's network that its train can reach (a flood may have
    cut the network in two); building from there keeps the train connected."""
    me = state.players[seat]
    sources = state.build_sources(seat)
    seen = reachable(state, me.position)
    near = sources & seen
    return near or sources


def reachable(state: BeneluxState, start: int) -> set[int]:
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


def best_plan(state: BeneluxState, seat: int) -> Plan | None:
    t, me = state.t, state.players[seat]
    dist, _ = pathfind.cheapest_build(t, train_sources(state, seat), state.build_rules(seat))
    speed = state.speed(seat)
    limit = state.variant.build_limit
    best: Plan | None = None
    for card in [*me.hand, *state.public]:
        for dest, good, payout in t.demands[card]:
            dest_cost = _join_cost(t, dist, dest)
            if dest_cost >= pathfind.INF:
                continue
            options: list[tuple[int, int, int]] = []
            if good in me.loads:
                options.append((-1, 0, grid_distance(t, me.position, t.cities[dest].centre)))
            for s, city in enumerate(t.cities):
                if good in city.supplies and state.chips_free(good) > 0:
                    cost = _join_cost(t, dist, s)
                    if cost < pathfind.INF:
                        steps = (grid_distance(t, me.position, city.centre)
                                 + grid_distance(t, city.centre, t.cities[dest].centre))
                        options.append((s, cost, steps))
            for supply, cost, steps in options:
                build = cost + dest_cost
                turns = steps / speed + build / limit + 1
                score = (payout - build) / turns
                if best is None or score > best.score:
                    best = Plan(score, card, good, supply, dest)
    return best


def route(state: BeneluxState, start: int, goals: set[int]) -> list[int] | None:
    """Shortest route over anyone's built track (1 per step) and built ferry lines
    (FERRY_STEPS each), as the planner's guide; the engine prices the actual moves."""
    t = state.t
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
        steps = [(j, 1) for j in t.adjacent[i]
                 if t.edge(i, j) in state.owner or t.same_major(i, j)]
        for f in t.ferry_at.get(i, ()):
            if state.ferry_owners[f]:
                ferry = t.ferries[f]
                steps.append((ferry.b if i == ferry.a else ferry.a, FERRY_STEPS))
        for j, cost in steps:
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
            return ("end",) if ("end",) in window.legal else window.legal[0]
        return action

    def decide(self, state: BeneluxState, seat: int) -> Action | None:
        t, me = state.t, state.players[seat]
        if state.phase == KEEP:
            return self.keep(state, seat)
        if state.phase == START:
            return self.start(state, seat)
        plan = best_plan(state, seat)
        if state.round > 1 and not me.turn_mode:
            handled = self.handle_goods(state, seat, plan)
            if handled is not None:
                return handled
            if (not me.moved and not me.loads and (plan is None or plan.score < POOR_SCORE)):
                return ("discard",)
            if plan is not None and me.points > 0:
                move = self.move_toward(state, seat, plan)
                if move is not None:
                    return move
        if me.turn_mode != "upgrade" and state.budget(seat) > 0:
            targets = [plan.supply, plan.dest] if plan is not None else []
            if me.money >= JOIN_SHARE * state.variant.target:
                targets = self.missing_majors(state, seat) + targets
            build = self.build_toward(state, seat, [c for c in targets if c >= 0])
            if build is not None:
                return build
        if (state.round > 2 and not me.turn_mode and me.train in UPGRADE_PATH
                and me.money >= UPGRADE_MONEY[me.train]):
            return ("upgrade", UPGRADE_PATH[me.train])
        del t
        return ("end",)

    def keep(self, state: BeneluxState, seat: int) -> Action:
        t = state.t
        hand = state.players[seat].hand

        def value(card: int) -> int:
            return max(p for _, _, p in t.demands[card])
        kept = sorted(hand, key=lambda c: (-value(c), c))[:3]
        return ("keep", *kept)

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
        return ("start", t.cities[best[1]].id)

    def handle_goods(self, state: BeneluxState, seat: int, plan: Plan | None) -> Action | None:
        t, me = state.t, state.players[seat]
        city = t.city_at[me.position]
        if city < 0:
            return None
        cards = [*me.hand, *state.public]
        payouts = [(p, card, g) for card in cards for c, g, p in t.demands[card]
                   if c == city and g in me.loads]
        if payouts:
            _, card, good = max(payouts)
            return ("deliver", card, t.goods[good])
        wanted = {g for card in cards for _, g, _ in t.demands[card]}
        capacity = TRAINS[me.train].capacity
        if plan is not None and plan.supply == city and me.loads.count(plan.good) == 0:
            if len(me.loads) >= capacity:   # make room: drop the load worth least
                def worth(g: int) -> int:
                    return max((p for card in cards for _, gg, p in t.demands[card]
                                if gg == g), default=0)
                return ("unload", t.goods[min(me.loads, key=lambda g: (worth(g), g))])
            else:
                return ("load", t.goods[plan.good])
        if len(me.loads) + 1 < capacity:
            for g in t.cities[city].supplies:
                if g in wanted and g not in me.loads and state.is_legal(
                        seat, ("load", t.goods[g])):
                    return ("load", t.goods[g])
        return None

    def move_toward(self, state: BeneluxState, seat: int, plan: Plan) -> Action | None:
        """Along the shortest route over built track and ferry lines: move as far as the
        points allow, stopping at a ferry port; cross at the start of the next turn."""
        t, me = state.t, state.players[seat]
        target_city = plan.supply if plan.supply >= 0 and plan.good not in me.loads else plan.dest
        if t.city_at[me.position] == target_city:
            return None
        path = route(state, me.position, set(t.cities[target_city].mileposts))
        if path is None:   # not joined yet: go to the milepost of the track nearest to it
            centre = t.cities[target_city].centre
            best = pathfind.shortest_moves(t, state.move_graph(), seat, me.position, me.paid)
            goal = min(best, key=lambda p: (grid_distance(t, p, centre), best[p][:2]))
            if grid_distance(t, goal, centre) >= grid_distance(t, me.position, centre):
                return None
            path = route(state, me.position, {goal})
            if path is None:
                return None
        if path[1] not in t.adjacent[path[0]]:           # the next step is a ferry
            return ("ferry",) if not me.moved and state.is_legal(seat, ("ferry",)) else None
        slow = state.move_graph().slow
        points, stop = me.points, me.position
        for a, b in pairwise(path):
            if b not in t.adjacent[a]:
                break
            points -= 2 if b in slow else 1
            if points < 0:
                break
            stop = b
        if stop == me.position:
            return None
        return ("move", t.names[stop])

    def missing_majors(self, state: BeneluxState, seat: int) -> list[int]:
        """Major cities not yet on the network (the end needs all four joined)."""
        me = state.players[seat]
        return [k for k in state.t.majors
                if not any(p in me.nodes for p in state.t.cities[k].mileposts)
                and k != me.start]

    def build_toward(self, state: BeneluxState, seat: int, targets: list[int]
                     ) -> Action | None:
        t = state.t
        rules = state.build_rules(seat)
        dist, prev = pathfind.cheapest_build(t, train_sources(state, seat), rules)
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
            action = ("build", *(t.names[p] for p in path))
            try:
                state.check(seat, action)
            except IllegalAction:
                continue
            return action
        return None
