"""Benelux Rails' rollout policy and ISMCTS budgets.

A game lasts a few hundred decisions (up to 150 rounds), so a rollout never reaches
the end: it plays a few decisions and the heuristic (money, loads a demand wants,
cities joined, `heuristic.py`) values where it stops. A uniformly random step wastes
most of those few decisions (half the candidates unload or load goods nobody asks
for), so the policy knows three things a player does: deliver when a demand can be met
here (the best payout first), never unload or throw the hand away, and load only goods
that a held or open demand wants. Among what is left it proposes at random, and the
ISMCTS bot keeps the proposal the heuristic likes best (the level's rollout width).

Listing every candidate to draw one cost most of the bot's time (a build path to every
city, each checked). `rollout_action` draws a kind of action first and works out only
that kind (docs/bots.md, "Benelux Rails: the rollout sampler"); `listed_rollout_action`
is the same policy drawn from the full list (the yardstick of tests and benchmarks),
`uniform_rollout_action` the listed policy's very draw without the list (measured, not
used: it still runs both searches at every step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.benelux_rails.candidates import (
    build_paths,
    buy_actions,
    goods_for,
    moves_for,
    upgrades_for,
)
from stellwerk.games.benelux_rails.notation import PLAIN_ARGS, End
from stellwerk.games.benelux_rails.phases import TURN

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState

# level -> (iterations, rollout depth in decisions, rollout width). `easy` is the generic
# search over the game's hooks (search_value.py) with a short rollout; `normal` and
# `hard` search over their own choices and roll out nothing: the planner plays on to a
# leaf (plan_search.py). Measured in docs/bots.md: 16 iterations keep `normal` under a
# second a decision at its worst.
SEARCH_LEVELS = {
    "easy": (16, 4, 2),
    "normal": (16, 0, 1),
    "hard": (40, 0, 1),
}
WASTEFUL = ("unload", "discard")


def without_train(action: Action) -> Action:
    """The action as a one-train player writes it: a player with two trains names the
    train after the verb (("deliver", 2, CARD, GOOD); actions.py), which the policy
    does not need to know."""
    extra = len(action) - 1 - PLAIN_ARGS.get(action[0], len(action))
    return (action[0], *action[2:]) if extra == 1 else action


def payout(state: BeneluxState, action: Action) -> int:
    """What a ("deliver", [TRAIN,] CARD, GOOD) action pays."""
    t = state.t
    _, card, good = without_train(action)
    return max((p for _, g, p in t.demands[card] if t.goods[g] == good), default=0)


def wanted_goods(state: BeneluxState, seat: int) -> set[str]:
    t = state.t
    cards = [*state.players[seat].hand, *state.public]
    return {t.goods[g] for card in cards for _, g, _ in t.demands[card]}


def rollout_action(state: BeneluxState, seat: int, chance: Chance) -> Action:
    """One action of the policy above, a kind at a time (Railways' way): deliver if
    possible; else the kinds (end, load, move, upgrade, buy a train, build) are tried
    in a random order and the first with a candidate draws one of its own at random.
    Only the kind drawn is worked out, so the two searches (moves over built track,
    the cheapest build paths) run only when their kind comes up. Uniform over the
    kinds, not over the candidates as `uniform_rollout_action` draws."""
    if state.phase != TURN:     # keep 3 of 5 (10 ways) or a start city (4): short lists
        return listed_rollout_action(state, seat, chance)
    me = state.players[seat]
    trains = list(range(len(me.trains)))
    kinds: list[Callable[[], Action | None]] = [_end]
    if state.round > 1 and not me.turn_mode:
        goods = [goods_for(state, seat, k) for k in trains]
        delivers = [a for actions in goods for a in actions if a[0] == "deliver"]
        if delivers:
            return max(delivers, key=lambda a: payout(state, a))
        wanted = wanted_goods(state, seat)
        loads = [a for actions in goods for a in actions if sensible(a, wanted)]
        kinds.extend((lambda: _one_of(loads, chance),
                      lambda: _per_train(moves_for, state, seat, trains, chance),
                      lambda: _per_train(upgrades_for, state, seat, trains, chance),
                      lambda: _one_of(buy_actions(state, seat), chance)))
    if me.turn_mode != "buy":
        kinds.append(lambda: _build(state, seat, chance))
    while True:     # ends: _end always has its one candidate
        action = kinds.pop(chance.below(len(kinds)))()
        if action is not None:
            return action


def _end() -> Action | None:
    return End()


def _one_of(actions: list[Action], chance: Chance) -> Action | None:
    return actions[chance.below(len(actions))] if actions else None


def _per_train(listing: Callable[[BeneluxState, int, int], list[Action]], state: BeneluxState,
               seat: int, trains: list[int], chance: Chance) -> Action | None:
    """One of `listing`'s actions for a train taken at random (the other if it has none)."""
    order = list(trains)
    while order:
        found = listing(state, seat, order.pop(chance.below(len(order))))
        if found:
            return found[chance.below(len(found))]
    return None


def _build(state: BeneluxState, seat: int, chance: Chance) -> Action | None:
    """A cut path to a random city not yet joined; only the drawn path is checked."""
    paths = build_paths(state, seat)
    while paths:
        action = paths.pop(chance.below(len(paths)))
        if state.is_legal(seat, action):
            return action
    return None


def uniform_rollout_action(state: BeneluxState, seat: int, chance: Chance) -> Action:
    """One action of the policy above, drawn without listing every candidate.

    `candidate_actions` checks a build path to every city not yet joined, and those
    checks were most of the bot's time (docs/bots.md). Here the cheap kinds (end,
    loads, moves, upgrades, buying a train) are listed as `candidate_actions` lists
    them, the build paths are cut but not checked, and one is drawn from the whole
    pool in the listing's order; only a drawn build is checked, and one that fails
    is dropped and the draw repeated (rejection), so the draw is uniform over the same
    sensible candidates as `listed_rollout_action`, and is the very same action for
    the same `chance` whenever every cut path passes its check (the usual case)."""
    if state.phase != TURN:     # keep 3 of 5 (10 ways) or a start city (4): short lists
        return listed_rollout_action(state, seat, chance)
    me = state.players[seat]
    pool: list[Action] = [End()]
    if state.round > 1 and not me.turn_mode:
        trains = range(len(me.trains))
        goods = [goods_for(state, seat, k) for k in trains]
        delivers = [a for actions in goods for a in actions if a[0] == "deliver"]
        if delivers:
            return max(delivers, key=lambda a: payout(state, a))
        wanted = wanted_goods(state, seat)
        for k in trains:
            pool.extend(a for a in goods[k] if sensible(a, wanted))
            pool.extend(moves_for(state, seat, k))
            pool.extend(upgrades_for(state, seat, k))
        pool.extend(buy_actions(state, seat))
    elif state.round > 1 and me.turn_mode != "buy":
        # building and upgrading share the turn's limit, in either order (candidates.py)
        for k in range(len(me.trains)):
            pool.extend(upgrades_for(state, seat, k))
    cheap = len(pool)
    if me.turn_mode != "buy":
        pool.extend(build_paths(state, seat))
    while True:     # ends: pool[0] is ("end",), always legal in a turn
        index = chance.below(len(pool))
        if index < cheap or state.is_legal(seat, pool[index]):
            return pool[index]
        del pool[index]


def sensible(action: Action, wanted: set[str]) -> bool:
    """Not wasteful, and a load only of a good some held or open demand wants."""
    return action[0] not in WASTEFUL and (action[0] != "load"
                                          or without_train(action)[1] in wanted)


def listed_rollout_action(state: BeneluxState, seat: int, chance: Chance) -> Action:
    """The same policy drawn from the full list of candidates (the sampler's yardstick
    in tests and benchmarks, and its draw in the setup)."""
    legal = state.candidate_actions(seat)
    delivers = [a for a in legal if a[0] == "deliver"]
    if delivers:
        return max(delivers, key=lambda a: payout(state, a))
    wanted = wanted_goods(state, seat)
    pool = [a for a in legal if sensible(a, wanted)] or legal
    return pool[chance.below(len(pool))]
