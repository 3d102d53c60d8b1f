"""Benelux Rails' rollout policy and ISMCTS budgets (issue 12).

A game lasts some 1,500 decisions, so a rollout never reaches the end: it plays a few
decisions and the heuristic (money, loads a demand wants, cities joined,
`heuristic.py`) values where it stops. A uniformly random step wastes most of those
few decisions (half the candidates unload or load goods nobody asks for), so the policy
knows three things a player does: deliver when a demand can be met here (the best
payout first), never unload or throw the hand away, and load only goods that a held or
open demand wants. Among what is left it proposes at random, and the ISMCTS bot keeps
the proposal the heuristic likes best (the level's rollout width).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.benelux_rails.actions import PLAIN_ARGS
from stellwerk.games.benelux_rails.candidates import (
    build_paths,
    buy_actions,
    goods_for,
    moves_and_upgrades_for,
)
from stellwerk.games.benelux_rails.phases import TURN

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState

# level -> (iterations, rollout depth in decisions, rollout width). Measured in
# docs/bots.md.
SEARCH_LEVELS = {
    "easy": (16, 4, 2),
    "normal": (30, 6, 2),
    "hard": (160, 8, 3),
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
    pool: list[Action] = [("end",)]
    if state.round > 1 and not me.turn_mode:
        trains = range(len(me.trains))
        goods = [goods_for(state, seat, k) for k in trains]
        delivers = [a for actions in goods for a in actions if a[0] == "deliver"]
        if delivers:
            return max(delivers, key=lambda a: payout(state, a))
        wanted = wanted_goods(state, seat)
        for k in trains:
            pool.extend(a for a in goods[k] if sensible(a, wanted))
            pool.extend(moves_and_upgrades_for(state, seat, k))
        pool.extend(buy_actions(state, seat))
    cheap = len(pool)
    if me.turn_mode not in ("upgrade", "buy"):
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
