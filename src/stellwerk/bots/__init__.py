"""Bots: they speak only the core contract, so every bot plays every game.

`make_bot(kind, chance)` builds one by name: `random` picks any legal action;
`greedy` looks one action ahead on a determinized sample and takes the action the
game's heuristic likes best; `search` plays the best few of those out to the end on
determinized samples (flat Monte Carlo) and takes the one that ends best.
"""

from __future__ import annotations

from stellwerk.bots.greedy import GreedyBot
from stellwerk.bots.montecarlo import SearchBot
from stellwerk.bots.random_bot import RandomBot
from stellwerk.core.chance import Chance
from stellwerk.core.errors import BadOption
from stellwerk.core.session import Agent

BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[SearchBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(kind: str, chance: Chance) -> Agent:
    bot_class = BOTS.get(kind)
    if bot_class is None:
        raise BadOption(f"unknown bot {kind!r}; bots: {', '.join(BOTS)}")
    return bot_class(chance)
