"""The random bot: any legal action, uniformly, from its own seeded chance."""

from __future__ import annotations

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action
from stellwerk.core.session import Window


class RandomBot:
    kind = "random"

    def __init__(self, chance: Chance) -> None:
        self.chance = chance

    def choose(self, window: Window) -> Action:
        legal = window.legal
        return legal[self.chance.below(len(legal))]
