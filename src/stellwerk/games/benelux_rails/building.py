"""Building track: the check of a typed build path and its cost with reasons.

docs/games/benelux-rails.md#br-building: up to 20 M (Variant I: 30 M) per turn; track from milepost
to neighbouring milepost; at most one track between two mileposts (another player's edge
cannot be built on); a network starts at the player's major city and branches from any
milepost of it, every milepost of a major city it reaches included; at most 2 builds out
of a major city per turn; no track inside a major city; no credit. "City access": a small
city (and a ferry port) takes 2 players, a medium city 3; while a city or port is not full
no one may block another player's way into it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

from stellwerk.games.benelux_rails.tables import (
    FERRY_PORT_LIMIT,
    TERRAIN_COST,
    WATER_COST,
    Tables,
)
from stellwerk.games.benelux_rails.trains import MAJOR_LEAVES

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState


class BuildRefused(Exception):
    def __init__(self, key: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass
class BuildPlan:
    """A checked build path: its cost, the new edges and ferries, and why it costs that."""

    cost: int = 0
    edges: list[int] = field(default_factory=list)
    ferries: list[int] = field(default_factory=list)
    reasons: list[tuple[str, str, int]] = field(default_factory=list)  # (kind, where, M)
    leaves: dict[int, int] = field(default_factory=dict)


def ferry_between(t: Tables, a: int, b: int) -> int | None:
    for f in t.ferry_at.get(a, ()):
        ferry = t.ferries[f]
        if {ferry.a, ferry.b} == {a, b}:
            return f
    return None


TERRAIN_KIND = {".": "plain", "^": "mountain", "s": "small", "m": "medium", "M": "major"}


def step_reasons(t: Tables, a: int, b: int) -> list[tuple[str, str, int]]:
    """Why building a->b costs what it does: terrain of b, then water on the edge."""
    code = t.terrain[b]
    out = [(TERRAIN_KIND[code], t.names[b], TERRAIN_COST[code])]
    water = t.water.get(t.edge(a, b))
    if water is not None:
        out.append((water[0], water[1], WATER_COST[water[0]]))
    return out


def check_build(state: BeneluxState, seat: int, path: Sequence[int]) -> BuildPlan:
    t = state.t
    me = state.players[seat]
    if len(path) < 2:
        raise BuildRefused("br.bad.path_short", "a build path names at least two mileposts")
    if path[0] not in state.build_sources(seat):
        raise BuildRefused("br.bad.not_network",
                           f"{t.names[path[0]]} is not on your network (your track, "
                           f"{t.cities[me.start].name} and every major city it reaches)",
                           where=t.names[path[0]])
    gale = state.effect_posts("gale")
    frozen = state.effect_posts("snow") | gale
    plan = BuildPlan()
    leaves = dict(me.major_leaves)
    seen: set[int] = set()
    for a, b in pairwise(path):
        ferry = ferry_between(t, a, b)
        if ferry is not None:
            if ferry in me.ferries:
                continue
            owners = state.ferry_owners[ferry]
            if len(owners) >= FERRY_PORT_LIMIT:
                raise BuildRefused("br.bad.ferry_full", f"the {t.ferries[ferry].name} ferry "
                                   "already has two lines", where=t.ferries[ferry].name)
            if a in gale or b in gale:
                raise BuildRefused("br.bad.event_build", "a gale stops building there",
                                   where=t.names[a])
            if ferry in plan.ferries:
                raise BuildRefused("br.bad.twice", "the path builds a ferry line twice",
                                   where=t.ferries[ferry].name)
            plan.ferries.append(ferry)
            plan.cost += t.ferries[ferry].cost
            plan.reasons.append(("ferry", t.ferries[ferry].name, t.ferries[ferry].cost))
            continue
        if b not in t.adjacent[a]:
            raise BuildRefused("br.bad.not_neighbours",
                               f"{t.names[a]} and {t.names[b]} are not neighbouring mileposts "
                               "joined by land (track runs from milepost to nearest milepost)",
                               where=f"{t.names[a]}-{t.names[b]}")
        edge = t.edge(a, b)
        if edge in me.edges or t.same_major(a, b):
            continue  # own track or inside a major city: nothing to build
        owner = state.owner.get(edge)
        if owner is not None:
            raise BuildRefused("br.bad.taken", f"{t.names[a]}-{t.names[b]} already carries "
                               "another player's track (one track per milepost pair)",
                               where=f"{t.names[a]}-{t.names[b]}")
        if edge in seen:
            raise BuildRefused("br.bad.twice", "the path builds one edge twice",
                               where=f"{t.names[a]}-{t.names[b]}")
        if a in frozen or b in frozen:
            raise BuildRefused("br.bad.event_build", f"an event stops building at "
                               f"{t.names[a if a in frozen else b]} this round",
                               where=t.names[a if a in frozen else b])
        if t.is_major(a):  # leaving a major city (same-city steps were skipped above)
            city = t.city_at[a]
            leaves[city] = leaves.get(city, 0) + 1
            if leaves[city] > MAJOR_LEAVES:
                raise BuildRefused("br.bad.major_leaves", f"at most {MAJOR_LEAVES} builds out of "
                                   f"{t.cities[city].name} per turn", **t.city_params(city))
        seen.add(edge)
        plan.edges.append(edge)
        plan.cost += t.build_cost[a * t.n + b]
        plan.reasons.extend(step_reasons(t, a, b))
    if not plan.edges and not plan.ferries:
        raise BuildRefused("br.bad.nothing", "the path builds nothing new (own track or the "
                           "inside of a major city)")
    _check_access(state, seat, plan)
    plan.leaves = leaves
    return plan


def joined_at(state: BeneluxState, post: int) -> set[int]:
    """Seats whose track (or ferry line) reaches a milepost."""
    return {s for s, p in enumerate(state.players) if post in p.nodes}


def _full(t: Tables, post: int, limit: int) -> BuildRefused:
    city = t.city_at[post]
    if city >= 0:
        return BuildRefused("br.bad.city_full", f"{t.cities[city].name} is full "
                            f"({limit} players joined)", **t.city_params(city))
    return BuildRefused("br.bad.port_full", f"the ferry port {t.names[post]} is full "
                        f"({limit} players joined)", where=t.names[post])


def _block(t: Tables, post: int) -> BuildRefused:
    city = t.city_at[post]
    if city >= 0:
        return BuildRefused("br.bad.block", f"this would block the way into "
                            f"{t.cities[city].name}, which is not full", **t.city_params(city))
    return BuildRefused("br.bad.port_block", f"this would block the way into the ferry "
                        f"port {t.names[post]}, which is not full", where=t.names[post])


def _check_access(state: BeneluxState, seat: int, plan: BuildPlan) -> None:
    """The limit of a small or medium city, and of a ferry port (like a small city:
    "jeder Fährhafen kann nur von zwei Spielern angebunden werden"), is on its milepost."""
    t = state.t
    new_nodes = {p for e in plan.edges for p in t.ends(e)}
    for f in plan.ferries:   # a ferry line joins the cities at its ports too
        new_nodes.update((t.ferries[f].a, t.ferries[f].b))
    for post in new_nodes:
        limit = t.access_limits.get(post)
        if limit is None:
            continue
        members = joined_at(state, post)
        was_member = seat in members
        if not was_member:
            if len(members) >= limit:
                raise _full(t, post, limit)
            members = members | {seat}
        # D: "no one may block a city that is not yet full". Joining a city is always
        # allowed (through one edge); any further edge into it is refused when afterwards
        # fewer edges into the city stay free than players who could still join.
        into = [e for e in plan.edges if post in t.ends(e)]
        extra = len(into) - (0 if was_member else 1)
        if extra <= 0:
            continue
        could_join = min(limit, state.n) - len(members)
        free = sum(1 for j in t.adjacent[post]
                   if t.edge(post, j) not in state.owner and t.edge(post, j) not in into)
        if could_join > free:
            raise _block(t, post)
