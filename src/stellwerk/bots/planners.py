"""`planner`: each game's own planning bot, chosen by the game being played.

Linie 1 and Benelux Rails each have a planner that reads its game's views deeply; one
name serves both (any other game falls back to Linie 1's planner, which plays it at
random). Issue 7 moves game-specific bots into per-game declarations; this dispatcher is
the stop-gap until that lands.
"""

from __future__ import annotations

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.core.session import Agent, Window


class PlannerBot:
    kind = "planner"

    def __init__(self, chance: Chance) -> None:
        self.chance = chance
        self._bots: dict[str, Agent] = {}

    def choose(self, window: Window) -> Action:
        game_id = window.game.id
        if game_id not in self._bots:
            if game_id == "benelux-rails":
                from stellwerk.games.benelux_rails.planner import PlannerBot as Benelux
                self._bots[game_id] = Benelux(self.chance)
            else:
                from stellwerk.games.linie1.planner import PlannerBot as Linie1
                self._bots[game_id] = Linie1(self.chance)
        return self._bots[game_id].choose(window)
