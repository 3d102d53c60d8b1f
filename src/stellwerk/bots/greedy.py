"""The greedy bot: one action of lookahead with the game's own heuristic.

For every legal action it applies the action to a determinized sample of the game
(its hidden information redrawn, so the bot never peeks) and keeps the action whose
result the game's heuristic (`BotKnowledge.heuristic`) values most for its seat. Ties
go to the earliest action in the legal list, which keeps the bot deterministic for a
given seed.
"""

from __future__ import annotations

from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.contract import Action
from stellwerk.core.session import Window


class GreedyBot:
    kind = "greedy"

    def __init__(self, chance: Chance) -> None:
        self.chance = chance

    def choose(self, window: Window) -> Action:
        legal = window.legal
        if len(legal) == 1:
            return legal[0]
        base = window.sample()
        heuristic = knowledge(window.game).heuristic
        best, best_value = legal[0], float("-inf")
        for action in legal:
            trial = base.clone()
            trial.apply(window.seat, action)
            value = heuristic(trial, window.seat)
            if value > best_value:
                best, best_value = action, value
        return best
