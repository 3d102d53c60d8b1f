"""Railways' rollout policy and budgets for the ISMCTS bot.

Railways is solo and short (about 25 decisions), but a decision may have hundreds of
candidates (where to place the dice), so a uniformly random step is nearly always a
poor one. The ISMCTS bot draws the level's rollout width of proposals and keeps the one
Railways' heuristic (score now plus fading credit for capital, workers, waiting
passengers and upgrades, `heuristic.py`) likes best, for the level's rollout depth;
then the heuristic values the leaf. `normal` and `hard` play every rollout to the end
this way, so their leaf is the final score (docs/bots.md).

Listing every candidate to draw one (the contract's default) cost most of the bot's
time: a listing enumerates every route, tier, site and payment. `rollout_action` instead
draws ONE action the way `actions.legal_actions` would list it, kind by kind: the kinds
are tried in a random order, each picks a random target (connection, site and die,
passenger and destination, ...) among those it can pay for and the cheapest way to pay
(`uses.payments` lists cheapest first). It reads exactly what `legal_actions` reads, so
every draw is one of the listed candidates (tests/bots/test_rollout_samplers.py). The
draw is uniform over the kinds that have a candidate, not over the candidates: a kind
with hundreds of variants (transport routes, build sites) does not crowd out hiring
or raising capital.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.games.railways.actions import (
    Purse,
    add_cells,
    build_dice,
    build_sites,
    dice_placements,
    leisure_tiers,
    open_paid,
    routes,
    routes_here,
    transport_payments,
    upgrade_paid,
)
from stellwerk.games.railways.board import REGION_TYPES, cell_name
from stellwerk.games.railways.constants import SECOND, SETUP_PHASE
from stellwerk.games.railways.moves import (
    PASS,
    Add,
    Build,
    Capital,
    Clean,
    Hire,
    Open,
    RailwaysAction,
    Transport,
    Upgrade,
)
from stellwerk.games.railways.needs import capital_need, single_need

if TYPE_CHECKING:
    from stellwerk.games.railways.rules import RailwaysState

# level -> (iterations, rollout depth, rollout width). A game is at most 25 decisions
# (the dice, then two actions in each of 12 rounds), so a depth of 30 plays every rollout
# to the end and the leaf is the final score, not the heuristic's guess: in 57 games of
# ISMCTS play the heuristic's correlation with the final score was 0.03 in rounds 1-2,
# 0.14 in 3-4, 0.49 in 5-6 and 0.62 in 7-8, no better than the score alone. On seeds
# 0-19, 300 iterations to the end scored 4.4 points more than (600, 3, 3) did, but took
# up to 1.13 s CPU a decision in the first rounds, whose rollouts are longest; hence
# 240 (docs/bots.md: +3.2 points over `search` on seeds 1000-1039).
SEARCH_LEVELS = {
    "easy": (50, 0, 1),
    "normal": (240, 30, 3),
    "hard": (800, 30, 3),
}

Drawer = Callable[["RailwaysState", Purse, Chance], "Action | None"]


def rollout_action(state: RailwaysState, seat: int, chance: Chance) -> Action:
    """One legal action of `state` for seat 0, drawn without listing them all."""
    if state.phase == SETUP_PHASE:
        placements = dice_placements(state)      # cached per plan: no listing cost
        return placements[chance.below(len(placements))]
    purse = Purse(state)
    kinds = list(DRAWERS.values())
    while kinds:        # a random kind at a time: usually the first one tried has one
        action = kinds.pop(chance.below(len(kinds)))(state, purse, chance)
        if action is not None:
            return action
    # docs/games/railways.md#rw-rules: the first action phase may pass only when nothing else is
    # possible; every drawer came back empty, so the listing is short (normally just "pass")
    legal = state.candidate_actions(seat)
    return legal[chance.below(len(legal))]


def _shuffled(items: list[str], chance: Chance) -> list[str]:
    chance.shuffle(items)
    return items


def _open(state: RailwaysState, purse: Purse, chance: Chance) -> Action | None:
    if not (state.markers_left and state.workers):
        return None
    for name in _shuffled([n for n in state.plan.connections if n not in state.opened],
                          chance):
        paid = open_paid(state, purse, name)
        if paid:
            return Open(name, paid[0])
    return None


def _build(state: RailwaysState, purse: Purse, chance: Chance) -> Action | None:
    paid = purse.paid("build", single_need("build"))
    dice = build_dice(state)
    sites = build_sites(state) if paid and dice else []
    if not sites:
        return None
    site = sites[chance.below(len(sites))]
    return Build(cell_name(site), dice[chance.below(len(dice))], paid[0])


def _transport(state: RailwaysState, purse: Purse, chance: Chance) -> Action | None:
    paying = {}         # destination type -> the ways to pay (memoised per hand)
    for target in REGION_TYPES:
        paid = transport_payments(purse, target)
        if paid:
            paying[target] = paid
    every = routes_here(state)
    pairs = [(cell, target) for cell in sorted(state.dice) for target in paying]
    while pairs:
        cell, target = pairs.pop(chance.below(len(pairs)))
        found = routes(state, cell, target, every)
        if not found:
            continue
        paid = paying[target]
        tiers = leisure_tiers(state.capital) if target == "L" else range(0, 1)
        return Transport(cell_name(cell), target, "+".join(found[chance.below(len(found))]),
                         tiers[chance.below(len(tiers))], paid[0])
    return None


def _single(kind: type[RailwaysAction]) -> Drawer:
    def draw(state: RailwaysState, purse: Purse, chance: Chance) -> Action | None:
        paid = purse.paid(kind.verb, single_need(kind.verb))
        return kind(paid[0]) if paid else None
    return draw


def _capital(state: RailwaysState, purse: Purse, chance: Chance) -> Action | None:
    amounts = [1, 2, 3]
    while amounts:
        paid = purse.paid("capital", capital_need(amounts.pop(chance.below(len(amounts)))))
        if paid:
            return Capital(paid[0])
    return None


def _add(state: RailwaysState, purse: Purse, chance: Chance) -> Action | None:
    paid = purse.paid("add", single_need("add"))
    if not paid:
        return None
    cells = add_cells(state)   # in a fixed order: equal states draw alike
    if not cells:
        return None
    return Add(cell_name(cells[chance.below(len(cells))]), paid[0])


def _upgrade(state: RailwaysState, purse: Purse, chance: Chance) -> Action | None:
    for name in _shuffled([n for n, up in sorted(state.opened.items()) if not up], chance):
        paid = upgrade_paid(state, purse, name)
        if paid:
            return Upgrade(name, paid[0])
    return None


def _pass(state: RailwaysState, purse: Purse, chance: Chance) -> Action | None:
    # docs/games/railways.md#rw-rules: the second action is optional; in the first phase pass is
    # only the fallback above
    return PASS if state.phase == SECOND else None


DRAWERS: dict[str, Drawer] = {
    "open": _open, "build": _build, "transport": _transport, "hire": _single(Hire),
    "capital": _capital, "clean": _single(Clean), "add": _add, "upgrade": _upgrade,
    "pass": _pass,
}
