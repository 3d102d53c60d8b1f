"""The actions a bot or a numbered list chooses among (benelux-rails is not enumerable:
build paths cannot all be listed). Small on purpose: one build per city not yet joined
(the cheapest path, or its longest prefix within this turn's budget), one move per city
reachable this turn, and every load, unload, delivery, upgrade (before or after
building) and turn action, for each train (named by its number when the player has
two), and buying a second train at each major city of the network. `check` judges
anything else a person types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any

from stellwerk.core.cache import BoundedCache
from stellwerk.core.content import COMPILED_PACKS
from stellwerk.core.contract import Action
from stellwerk.core.errors import IllegalAction
from stellwerk.games.benelux_rails import notation, pathfind
from stellwerk.games.benelux_rails.actions import Deed, check_action
from stellwerk.games.benelux_rails.memo import remembered
from stellwerk.games.benelux_rails.notation import for_train
from stellwerk.games.benelux_rails.phases import KEEP, START, TURN
from stellwerk.games.benelux_rails.trains import SECOND_TRAIN_COST, TRAINS, upgrade_cost

# the cheap constructor of a typed action, words as they stand (`TypedAction.of`)
new = tuple.__new__

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState
    from stellwerk.games.benelux_rails.tables import Tables


def candidate_actions(state: BeneluxState, seat: int) -> list[Action]:
    if state.over or seat != state.active:   # state.decision(): only the active seat acts
        return []
    t = state.t
    me = state.players[seat]
    if state.phase == KEEP:
        return [notation.Keep.of(("keep", *combo)) for combo in combinations(me.hand, 3)]
    if state.phase == START:
        return [notation.Start(t.cities[k].id) for k in t.majors]
    out: list[Action] = [new(notation.End, ("end",))]
    if state.round > 1 and not me.turn_mode:
        if not me.moved:
            out.append(new(notation.Discard, ("discard",)))
        for k in range(len(me.trains)):
            out.extend(goods_for(state, seat, k))
            out.extend(moves_for(state, seat, k))
            out.extend(upgrades_for(state, seat, k))
        out.extend(buy_actions(state, seat))
    elif state.round > 1 and me.turn_mode != "buy":
        # building and upgrading share the turn's limit, in either order
        for k in range(len(me.trains)):
            out.extend(upgrades_for(state, seat, k))
    if me.turn_mode != "buy":
        out.extend(build_candidates(state, seat))
    return out


def goods_for(state: BeneluxState, seat: int, k: int) -> list[Action]:
    """Train k's loads, unloads and deliveries, named as the player must write them (the
    very objects checked, so that applying one need not check it again)."""
    return goods_actions(state, seat, k)


def moves_for(state: BeneluxState, seat: int, k: int) -> list[Action]:
    """Train k's moves (and ferry crossing), named (the ferry: the very object checked)."""
    named = train_namer(state, seat, k)
    return [a if a[0] == notation.Ferry.verb else named(a) for a in move_actions(state, seat, k)]


def upgrades_for(state: BeneluxState, seat: int, k: int) -> list[Action]:
    """Train k's upgrades, named (checked only for the one or two types allowed)."""
    named = train_namer(state, seat, k)
    me = state.players[seat]
    kind = me.trains[k].kind
    # one dearer than the money left is refused by `check_upgrade` (or a check before
    # it), so it is not checked
    upgrades = [named(new(notation.Upgrade, ("upgrade", name))) for name in TRAINS
                if (cost := upgrade_cost(kind, name)) is not None and cost <= me.money]
    return [a for a in upgrades if state.is_legal(seat, a)]   # the very objects checked


def buy_actions(state: BeneluxState, seat: int) -> list[Action]:
    """Buying the second train at each major city of the network (D)."""
    me = state.players[seat]
    if len(me.trains) > 1 or me.money < SECOND_TRAIN_COST:
        return []
    return [notation.BuyTrain(state.t.cities[k].id) for k in state.network_majors(seat)]


def train_namer(state: BeneluxState, seat: int, k: int) -> Callable[[Action], Action]:
    """An action for train k: with two trains the number follows the verb."""
    if len(state.players[seat].trains) == 1:
        return lambda action: action
    return lambda action: for_train(action, k + 1)


def goods_actions(state: BeneluxState, seat: int, k: int) -> list[Action]:
    """The legal ones, named for train k: the objects `is_legal` checked (and trusted)."""
    t = state.t
    me = state.players[seat]
    loco = me.trains[k]
    city = t.city_at[loco.position]
    if city < 0:
        return []
    named = train_namer(state, seat, k)
    # Every load, unload and delivery is checked by `check_handling` (the train's moving
    # phase, a city, no strike, points to handle) and a load also by the train's room:
    # when those fail, every such action is illegal, so none is checked one by one.
    # The list is the same; most rollout steps list goods where none can be handled.
    try:
        state.check_handling(seat, k)
    except IllegalAction:
        return []
    room = len(loco.loads) < TRAINS[loco.kind].capacity
    out: list[Action] = []
    wants = _demand_pairs(t)
    for g in sorted(set(loco.loads)):
        for card in [*me.hand, *state.public]:
            if (city, g) in wants[card]:      # the card asks for g in this city
                out.append(new(notation.Deliver, ("deliver", card, t.goods[g])))
        out.append(new(notation.Unload, ("unload", t.goods[g])))
    if room:
        here = set(t.cities[city].supplies) | {d[1] for d in state.drops if d[0] == city}
        out.extend(new(notation.Load, ("load", t.goods[g])) for g in sorted(here))
    return [a for a in map(named, out) if state.is_legal(seat, a)]


# id(tables) -> (tables, card -> the (city, good) pairs it asks for), as _READ_BACK
_DEMAND_PAIRS = BoundedCache(COMPILED_PACKS)


def _demand_pairs(t: Tables) -> dict[int, frozenset[tuple[int, int]]]:
    return _DEMAND_PAIRS.for_object(t, lambda: {
        card: frozenset((c, g) for c, g, _ in demands) for card, demands in t.demands.items()})


def move_actions(state: BeneluxState, seat: int, k: int) -> list[Action]:
    """The ferry crossing, named (the object checked), then the moves, not yet named."""
    me = state.players[seat]
    loco = me.trains[k]
    out: list[Action] = []
    ferry = train_namer(state, seat, k)(new(notation.Ferry, ("ferry",)))   # named, the one checked
    # no ferry port here: `check_ferry` (or a check before it) refuses, so not checked
    if state.t.ferry_at.get(loco.position) and state.is_legal(seat, ferry):
        out.append(ferry)
    if loco.points <= 0:
        return out
    graph = state.move_graph()
    key = ("moves", seat, loco.position, me.paid, loco.points, me.money, graph.slow)
    out.extend(remembered(state, key, lambda: _city_moves(state, seat, k, graph)))
    return out


def _city_moves(state: BeneluxState, seat: int, k: int, graph: pathfind.MoveGraph
                ) -> list[Action]:
    """A move to each city train k reaches this turn with the fees paid (its key in
    `move_actions` names what this reads besides the track)."""
    t = state.t
    me = state.players[seat]
    loco = me.trains[k]
    out: list[Action] = []
    best = pathfind.shortest_moves(t, graph, seat, loco.position, me.paid, loco.points)
    here = t.city_at[loco.position]
    reached = {t.city_at[p] for p in best}
    for c, city in enumerate(t.cities):
        if c == here or c not in reached:
            continue
        fees = min(best[p][0] for p in city.mileposts if p in best)
        if fees * 4 <= me.money:
            out.append(new(notation.Move, ("move", city.id)))
    return out


def build_candidates(state: BeneluxState, seat: int) -> list[Action]:
    """The cheapest path to each city not yet joined, cut to what this turn allows."""
    return _checked(state, seat, ("builds", *_build_key(state, seat)),
                    lambda: build_paths(state, seat), _check_build)


def _check_build(state: BeneluxState, seat: int, action: Action) -> Deed:
    """`check_action` of a listed build, without reading its milepost names back: the
    deed `actions._plan` returns, when the pack's every milepost name reads back as
    that milepost (`_names_read_back`) and it is this seat's turn (what `_plan` asks
    first); else the full check."""
    t = state.t
    if state.phase != TURN or state.over or seat != state.active or \
            not _names_read_back(t):
        return check_action(state, seat, action)
    path = [t.index[name] for name in action[1:]]
    return "build", (seat, path, state.check_build(seat, path))


# id(tables) -> (tables, whether `actions.place` reads every milepost's name back as
# that milepost and `_plan` lets it stand in a build path), as pathfind's graphs
_READ_BACK = BoundedCache(COMPILED_PACKS)


def _names_read_back(t: Tables) -> bool:
    return _READ_BACK.for_object(t, lambda: all(
        name.lower() not in t.city_alias and t.index.get(name.upper()) == p
        for p, name in enumerate(t.names)))


def _checked(state: BeneluxState, seat: int, key: tuple[Any, ...],
             listed: Callable[[], list[Action]],
             check: Callable[[BeneluxState, int, Action], Deed] = check_action
             ) -> list[Action]:
    """The legal ones of `listed()`, each checked as it is listed so that `apply` of a
    listed one need not check it again (`BeneluxState.trust`). Remembered per track
    with the deeds the checks returned (`memo.remembered`: `key` names everything but the
    track that the listing and the checks read); each call trusts them anew on this
    state, as `state.check` would."""
    def check_all() -> list[tuple[Action, Deed]]:
        out: list[tuple[Action, Deed]] = []
        for action in listed():
            try:
                deed = check(state, seat, action)
            except IllegalAction:
                continue
            out.append((action, deed))
        return out

    found = remembered(state, key, check_all)
    vouch = state.trusted.vouch
    for action, deed in found:
        vouch(seat, action, deed)
    return [action for action, _ in found]


def build_paths(state: BeneluxState, seat: int) -> list[Action]:
    """The build actions `build_candidates` checks, in its order and without repeats:
    the cheapest path to each city not yet joined, cut to this turn's budget. Not yet
    checked (the check is the dear part: the rollout sampler checks only the one it
    draws). Remembered per track (`memo.remembered`); a new list each time."""
    return list(remembered(state, ("paths", *_build_key(state, seat)),
                            lambda: _fresh_build_paths(state, seat)))


def _build_key(state: BeneluxState, seat: int) -> tuple[Any, ...]:
    """Everything but the track that `build_paths` and the check of a build read: the
    seat, its start, this turn's budget (a path is cut to it, and a check refuses
    exactly the paths that cost more), the builds out of major cities so far, the
    mileposts snow and gales close, the ferry lines' owners, every player's mileposts
    (whose cities are full) and the seat's own track and ferries, and for the check the
    moment (phase, whose turn, the seat's build action so far)."""
    me = state.players[seat]
    return (seat, me.start, state.budget(seat), tuple(sorted(me.major_leaves.items())),
            state.effect_posts("snow"), state.effect_posts("gale"),
            tuple(tuple(owners) for owners in state.ferry_owners),
            tuple(frozenset(p.nodes) for p in state.players), frozenset(me.edges),
            frozenset(me.ferries), state.phase, state.over, state.active, me.turn_mode)


def _fresh_build_paths(state: BeneluxState, seat: int) -> list[Action]:
    t = state.t
    me = state.players[seat]
    budget = state.budget(seat)
    if budget <= 0:
        return []
    rules = state.build_rules(seat)
    sources = state.build_sources(seat)
    dist, prev = pathfind.cheapest_build(t, sources, rules)
    out: list[Action] = []
    seen: set[tuple[str, ...]] = set()
    for city in t.cities:
        if city.centre in me.nodes or (city.size == "major" and city.centre in
                                       t.cities[me.start].mileposts):
            continue
        path = pathfind.path_to(prev, dist, city.centre)
        if path is None:
            continue
        path = _affordable_prefix(state, seat, path, budget, sources, rules.ferries)
        if len(path) < 2:
            continue
        names = tuple(t.names[p] for p in path)
        if names in seen:
            continue
        seen.add(names)
        out.append(new(notation.Build, ("build", *names)))
    return out


def _affordable_prefix(state: BeneluxState, seat: int, path: list[int], budget: int,
                       sources: set[int] | None = None,
                       ferries: Mapping[int, list[tuple[int, int, int]]] | None = None
                       ) -> list[int]:
    """The longest start of `path` whose new track fits the budget, beginning at the last
    milepost of the network before the first step that costs money (so the build names
    no more than it needs, and still starts on the network). `sources` and `ferries`
    (the seat's `build_sources` and `build_rules(seat).ferries`) may be passed in by a
    caller that cuts many paths, so they are worked out once."""
    t = state.t
    me = state.players[seat]
    if sources is None:
        sources = state.build_sources(seat)
    if ferries is None:
        ferries = state.build_rules(seat).ferries

    def cost(a: int, b: int) -> int:
        if b in t.adjacent[a]:
            return 0 if t.edge(a, b) in me.edges else t.build_cost[a * t.n + b]
        return next((fc for j, fc, _ in ferries.get(a, []) if j == b), 0)

    first_costly = next((k for k in range(1, len(path)) if cost(path[k - 1], path[k])),
                        len(path))
    if first_costly == len(path):   # own track and major-city insides only: nothing to
        return path[:1]             # build (building.check_build refuses such a path)
    begin = max(k for k in range(first_costly) if path[k] in sources)
    path = path[begin:]
    spent = 0
    for k in range(1, len(path)):
        step = cost(path[k - 1], path[k])
        if spent + step > budget:
            return path[:k]
        spent += step
    return path
