"""Bots, by name. They speak only the core contract (a `Window`: the seat's view, its
legal actions, determinized samples and the game's heuristic), so the generic ones play
every game:

- `random` picks any legal action;
- `greedy` looks one action ahead on a determinized sample and takes the action the
  game's heuristic likes best;
- `search` plays the best few of those out to the end on determinized samples (flat
  Monte Carlo) and takes the one that ends best.

A game may add a bot of its own that reads its views more deeply (Linie 1's `planner`);
it is registered here by name and imported only when asked for, like the games.
"""

from __future__ import annotations

import importlib

from stellwerk.core.chance import Chance
from stellwerk.core.errors import BadOption
from stellwerk.core.session import Agent

BOTS: dict[str, str] = {
    "random": "stellwerk.bots.random_bot:RandomBot",
    "greedy": "stellwerk.bots.greedy:GreedyBot",
    "search": "stellwerk.bots.montecarlo:SearchBot",
    "planner": "stellwerk.bots.planners:PlannerBot",
}


def bot_class(kind: str) -> type:
    target = BOTS.get(kind)
    if target is None:
        raise BadOption(f"unknown bot {kind!r}; bots: {', '.join(BOTS)}")
    module_name, _, class_name = target.partition(":")
    found: type = getattr(importlib.import_module(module_name), class_name)
    return found


def make_bot(kind: str, chance: Chance) -> Agent:
    agent: Agent = bot_class(kind)(chance)
    return agent
