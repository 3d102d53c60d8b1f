"""Benelux Rails actions in words a player plans with: where a build leads and what it
costs ("toward antwerp for cheese→oostende 43: 7 M"), which demand a move, a load or
a delivery serves, what an upgrade buys. The suggestions of the terminal prompt and the
hint read them; `state` is what the seat may know (a determinized sample), and nothing
is changed.
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction
from stellwerk.games.benelux_rails import grid, pathfind
from stellwerk.games.benelux_rails.actions import place
from stellwerk.games.benelux_rails.candidates import _affordable_prefix
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.games.benelux_rails.terms import CATALOG
from stellwerk.games.benelux_rails.trains import SECOND_TRAIN_COST, TRAINS, upgrade_cost


def explain(state: BeneluxState, seat: int, action: Action, lang: str = "en",
            targets: dict[tuple[str, ...], int] | None = None) -> str | None:
    """What `action` does for `seat`, in `lang`; None when it says nothing more than its
    notation (keep, start, ferry) or the state cannot take it. `targets` (from
    `build_targets`) saves working them out again for each of many builds."""
    verb, args = action[0], list(action[1:])
    me = state.players[seat]
    k = 0
    if verb in ("move", "load", "unload", "deliver", "upgrade", "ferry") and \
            len(me.trains) > 1 and args and isinstance(args[0], int):
        k, args = args[0] - 1, args[1:]
    try:
        if verb == "build":
            return _build(state, seat, [str(a) for a in args], lang, targets)
        if verb == "move" and args:
            return _move(state, seat, k, str(args[0]), lang)
        return _goods_and_trains(state, seat, k, verb, args, lang)
    except (IllegalAction, IndexError, KeyError, ValueError):
        return None


def _tr(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text(key, lang, **params)


def _goods_and_trains(state: BeneluxState, seat: int, k: int, verb: str, args: list[Any],
                      lang: str) -> str | None:
    t, me = state.t, state.players[seat]
    if verb == "load":
        good = t.good_alias[str(args[0]).lower()]
        wanted = best_demand(state, seat, good=good)
        return (_tr("br.why.load", lang, purpose=_purpose(state, wanted, lang))
                if wanted else _tr("br.why.load_spare", lang))
    if verb == "deliver":
        card, good = int(args[0]), t.good_alias[str(args[1]).lower()]
        payout = next(p for c, g, p in t.demands[card] if g == good)
        return _tr("br.why.deliver", lang, payout=payout)
    if verb == "unload":
        return _tr("br.why.unload", lang)
    if verb == "upgrade":
        new = TRAINS[str(args[0]).upper()]
        speed = new.fast_speed if state.variant.name == "fast" else new.speed
        cost = upgrade_cost(me.trains[k].kind, new.name)
        return _tr("br.why.upgrade", lang, speed=speed, capacity=new.capacity, cost=cost)
    if verb == "buy-train":
        return _tr("br.why.buy", lang, cost=SECOND_TRAIN_COST)
    if verb == "discard":
        return _tr("br.why.discard", lang)
    if verb == "end":
        return _tr("br.why.end", lang)
    return None


def demands(state: BeneluxState, seat: int) -> list[tuple[int, int, int, int]]:
    """(card, destination city, good, payout) of the seat's hand, then the open cards."""
    return [(card, dest, good, payout) for card in [*state.players[seat].hand, *state.public]
            for dest, good, payout in state.t.demands[card]]


def best_demand(state: BeneluxState, seat: int, city: int | None = None,
                good: int | None = None) -> tuple[int, int, int, int] | None:
    """The demand `city` serves (as the destination of a good a train of the seat
    carries first, then as a supply or a destination, best-paying first) or that
    wants `good`."""
    t = state.t
    carried = {g for loco in state.players[seat].trains for g in loco.loads}
    found = [d for d in demands(state, seat)
             if (good is not None and d[2] == good) or
             (city is not None and (d[1] == city or d[2] in t.cities[city].supplies))]
    if not found:
        return None
    return max(found, key=lambda d: (d[1] == city and d[2] in carried, d[3]))


def _purpose(state: BeneluxState, demand: tuple[int, int, int, int] | None,
             lang: str) -> str:
    if demand is None:
        return ""
    t = state.t
    _card, dest, good, payout = demand
    return _tr("br.why.for", lang, good=t.good_word(good, lang),
               city=t.city_word(dest, lang), payout=payout)


def _move(state: BeneluxState, seat: int, k: int, target: str, lang: str) -> str | None:
    t = state.t
    where = place(state, target)
    city = t.city_at[where]
    if city < 0:
        return None
    return _tr("br.why.move", lang, city=t.city_word(city, lang),
               purpose=_purpose(state, best_demand(state, seat, city=city), lang))


def _build(state: BeneluxState, seat: int, names: list[str], lang: str,
           targets: dict[tuple[str, ...], int] | None) -> str:
    t = state.t
    path = [place(state, n) for n in names]
    cost = state.check_build(seat, path).cost
    end = path[-1]
    city = (build_targets(state, seat) if targets is None else targets).get(tuple(names))
    if city is None:
        city = t.city_at[end] if t.city_at[end] >= 0 else min(
            range(len(t.cities)),
            key=lambda c: grid.steps_between(t.cells[end], t.cells[t.cities[c].centre]))
    reaches = end in t.cities[city].mileposts
    purpose = _purpose(state, best_demand(state, seat, city=city), lang)
    if not purpose and t.cities[city].size == "major":
        purpose = _tr("br.why.major", lang)
    return _tr("br.why.build_to" if reaches else "br.why.build_toward", lang,
               city=t.city_word(city, lang), purpose=purpose, cost=cost)


def build_targets(state: BeneluxState, seat: int) -> dict[tuple[str, ...], int]:
    """The build suggestions (candidates.py: the cheapest path to each city not yet
    joined, cut to this turn's budget), path -> the city each leads to."""
    t = state.t
    sources = state.build_sources(seat)
    if not sources:
        return {}
    rules = state.build_rules(seat)
    dist, prev = pathfind.cheapest_build(t, sources, rules)
    out: dict[tuple[str, ...], int] = {}
    for k, city in enumerate(t.cities):
        path = pathfind.path_to(prev, dist, city.centre)
        if path is None:
            continue
        path = _affordable_prefix(state, seat, path, state.budget(seat), sources,
                                  rules.ferries)
        names = tuple(t.names[p] for p in path)
        if len(path) > 1:
            out.setdefault(names, k)
    return out
