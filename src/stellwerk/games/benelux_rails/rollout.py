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
    legal = state.candidate_actions(seat)
    delivers = [a for a in legal if a[0] == "deliver"]
    if delivers:
        return max(delivers, key=lambda a: payout(state, a))
    wanted = wanted_goods(state, seat)
    sensible = [a for a in legal if a[0] not in WASTEFUL
                and (a[0] != "load" or without_train(a)[1] in wanted)]
    pool = sensible or legal
    return pool[chance.below(len(pool))]
