"""Bots, by name. They speak only the core contract (a `Window`: the seat's view, its
candidate actions and determinized samples) and the game's bot knowledge (its
heuristic, rollout policy and search hooks, `stellwerk.core.companions.BotKnowledge`),
so the generic ones play every game:

- `random` picks any candidate action;
- `greedy` looks one action ahead on a determinized sample and takes the action the
  game's heuristic likes best;
- `search` plays the best few of those out to the end on determinized samples (flat
  Monte Carlo) and takes the one that ends best;
- `ismcts-easy`, `ismcts-normal`, `ismcts-hard` search a tree of information sets over
  fresh determinizations (`bots/ismcts.py`), with a fixed iteration budget per level
  and game (`bots/levels.py`, measured in docs/bots.md).

A game may add bots of its own that read its views more deeply (Linie 1's `planner`,
Benelux Rails' `plan-search-normal`): its bot knowledge names them
(`BotKnowledge.bots`, kind -> "module:Class", in `stellwerk.core.companions`), so this
registry names no game, and it may withdraw a generic bot that plays it badly
(`BotKnowledge.withdrawn_bots`). A game's own bot has a name of its own, never a
generic bot's; where records or tables may name one of its bots otherwise, the game
lists that name in `BotKnowledge.bot_aliases`. A bot is imported only when asked for,
and a game's own bot is refused for any other game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.contract import Game
from stellwerk.core.errors import BadOption
from stellwerk.core.session import Agent

GENERIC_BOTS: dict[str, str] = {
    "random": "stellwerk.bots.random_bot:RandomBot",
    "greedy": "stellwerk.bots.greedy:GreedyBot",
    "search": "stellwerk.bots.montecarlo:SearchBot",
    "ismcts-easy": "stellwerk.bots.ismcts:EasyISMCTS",
    "ismcts-normal": "stellwerk.bots.ismcts:NormalISMCTS",
    "ismcts-hard": "stellwerk.bots.ismcts:HardISMCTS",
}
BOTS = GENERIC_BOTS   # the bots that play every game


def bots_for(game: Game) -> Mapping[str, str]:
    """Every bot that plays `game`: the generic ones it does not withdraw
    (`BotKnowledge.withdrawn_bots`), then the game's own."""
    knowledge = companions.knowledge_class(game)
    offered = {kind: target for kind, target in GENERIC_BOTS.items()
               if kind not in knowledge.withdrawn_bots}
    return {**offered, **knowledge.bots}


def bot_kind(kind: str, game: Game) -> str:
    """The kind a name stands for at `game`'s tables: itself, or the bot the game's
    knowledge lists it as another name of (`BotKnowledge.bot_aliases`)."""
    return companions.knowledge_class(game).bot_aliases.get(kind, kind)


def bot_class(kind: str, game: Game | None = None) -> type:
    table = GENERIC_BOTS if game is None else bots_for(game)
    target = table.get(kind if game is None else bot_kind(kind, game))
    if target is None:
        where = "" if game is None else f" for {game.title}"
        raise BadOption(f"unknown bot {kind!r}{where}; bots{where}: {', '.join(table)}")
    module_name, _, class_name = target.partition(":")
    found: type = getattr(importlib.import_module(module_name), class_name)
    return found


def make_bot(kind: str, chance: Chance, game: Game | None = None) -> Agent:
    """A bot of `kind`; with `game`, also the game's own bots, and only bots that play it."""
    agent: Agent = bot_class(kind, game)(chance)
    return agent
