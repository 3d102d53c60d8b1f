"""How good a position looks for the greedy bot: money, plus part of the value of loads
that a held (or public) demand wants, plus a smaller part of the demands whose supply
and destination the player's network already reaches.

It is the yardstick of `greedy` and `search` (docs/bots.md): a faster form must give
exactly the same value (tests/benelux_rails/test_speed.py compares it with the plain
form, `evaluate_plain`, on many states)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.cache import BoundedCache
from stellwerk.core.content import COMPILED_PACKS

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState
    from stellwerk.games.benelux_rails.tables import Tables

LOAD_SHARE = 0.7
REACH_SHARE = 0.4
CITY_VALUE = 1.0

# id(tables) -> (tables, _Lookup), as pathfind's graphs
_LOOKUPS = BoundedCache(COMPILED_PACKS)
TERMS_SIZE = 4096   # entries of each memo of `_Lookup` (the least recently used go)


class _Lookup:
    """What `evaluate` looks up in the pack: the cities by centre, the major cities'
    mileposts, each card's best payout per good."""

    __slots__ = ("best_pay", "by_centre", "centres", "load_terms", "majors", "reach_terms")

    def __init__(self, t: Tables) -> None:
        self.by_centre = {c.centre: k for k, c in enumerate(t.cities) if c.size != "major"}
        self.centres = frozenset(self.by_centre)
        self.majors = [(k, frozenset(c.mileposts)) for k, c in enumerate(t.cities)
                       if c.size == "major"]
        self.best_pay: dict[int, dict[int, int]] = {}
        for card, demands in t.demands.items():
            pays: dict[int, int] = {}
            for _, g, p in demands:
                pays[g] = max(pays.get(g, p), p)
            self.best_pay[card] = pays
        # what `evaluate` adds, remembered (a pure memo, bounded and shared by threads as
        # every pack memo): the cards (hand, then public) -> good -> a load's term; the
        # cities joined -> card -> the card's term
        self.load_terms = BoundedCache(TERMS_SIZE)
        self.reach_terms = BoundedCache(TERMS_SIZE)


def _lookup(t: Tables) -> _Lookup:
    return _LOOKUPS.for_object(t, lambda: _Lookup(t))


def reaches(state: BeneluxState, seat: int, city: int) -> bool:
    t, me = state.t, state.players[seat]
    c = t.cities[city]
    if c.size == "major":
        return city == me.start or any(p in me.nodes for p in c.mileposts)
    return c.centre in me.nodes


def evaluate(state: BeneluxState, seat: int) -> float:
    """`evaluate_plain`, the same sums in the same order, with what the pack decides
    looked up once per pack: a load's best payout per card, the joined cities as a set
    (only its size and members count, not its order). Each term added is remembered
    (`_Lookup.load_terms`, `reach_terms`: it depends only on the key it is kept under)
    and added in a fixed order, so the value is the same float whether kept or not."""
    t, me = state.t, state.players[seat]
    look = _lookup(t)
    hand = me.hand
    value = float(me.money)
    trains = me.trains
    if any(loco.loads for loco in trains):
        cards = (*hand, *state.public)
        terms: dict[int, float] | None = look.load_terms.get(cards)
        if terms is None:
            terms = look.load_terms[cards] = {}
        for loco in trains:
            for good in loco.loads:
                term = terms.get(good)
                if term is None:
                    pays = [look.best_pay[card] for card in cards]
                    term = terms[good] = LOAD_SHARE * max(
                        (best for pay in pays if (best := pay.get(good)) is not None),
                        default=0)
                value += term
    nodes, start = me.nodes, me.start
    by_centre = look.by_centre
    joined = {by_centre[p] for p in look.centres & nodes}
    joined.update(k for k, posts in look.majors if k == start or not nodes.isdisjoint(posts))
    value += CITY_VALUE * len(joined)
    key = frozenset(joined)
    reach: dict[int, float] | None = look.reach_terms.get(key)
    if reach is None:
        reach = look.reach_terms[key] = {}
    for card in hand:
        term = reach.get(card)
        if term is None:
            cities, demands = t.cities, t.demands
            supplied = {g for k in joined for g in cities[k].supplies}
            term = reach[card] = REACH_SHARE * max(
                (p for c, g, p in demands[card] if c in joined and g in supplied), default=0)
        value += term
    return value


def evaluate_plain(state: BeneluxState, seat: int) -> float:
    """The heuristic as first written (the reference of `evaluate`)."""
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
