"""Bots: they speak only the core contract, so every bot plays every game.

`make_bot(kind, chance)` builds one by name: `random` picks any legal action;
`greedy` looks one action ahead on a determinized sample and takes the action the
game's heuristic likes best.
"""

from __future__ import annotations

from stellwerk.bots.greedy import GreedyBot
from stellwerk.bots.random_bot import RandomBot
from stellwerk.core.chance import Chance
from stellwerk.core.errors import BadOption
from stellwerk.core.session import Agent
from stellwerk.games.linie1.planner import PlannerBot

BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[PlannerBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}


def make_bot(kind: str, chance: Chance) -> Agent:
    bot_class = BOTS.get(kind)
    if bot_class is None:
        raise BadOption(f"unknown bot {kind!r}; bots: {', '.join(BOTS)}")
    return bot_class(chance)
