"""The search bot: flat Monte Carlo with heuristic rollouts on determinized samples.

It speaks only the contract, so it plays any game. At a decision it

1. ranks every legal action by the game's heuristic one action ahead (as the greedy bot
   does) and keeps the best `candidates` of them;
2. plays each kept action `rollouts` times on fresh determinized samples (hidden
   information redrawn, so it never peeks) and finishes each game with a fast rollout
   policy: at every step it looks one action ahead on a few random legal actions and
   takes the one the heuristic likes best;
3. takes the action whose rollouts end best on average, judged by the game's heuristic
   for its seat (the final score once the game is over).

The same samples and rollout seeds serve every candidate (common random numbers), so
candidates are compared on equal luck. The work is a fixed number of steps, not a time
budget, so a game with a bot is reproducible from its seed.
"""

from __future__ import annotations

from stellwerk.core.chance import Chance
from stellwerk.core.companions import BotKnowledge, knowledge
from stellwerk.core.contract import Action, State
from stellwerk.core.session import Window

CANDIDATES = 6          # actions kept after the one-ply ranking
ROLLOUTS = 8            # playouts per kept action
ROLLOUT_WIDTH = 6       # legal actions the rollout policy looks at per step
MAX_ROLLOUT_STEPS = 400


class SearchBot:
    kind = "search"

    def __init__(self, chance: Chance, candidates: int = CANDIDATES, rollouts: int = ROLLOUTS,
                 width: int = ROLLOUT_WIDTH) -> None:
        self.chance = chance
        self.candidates = candidates
        self.rollouts = rollouts
        self.width = width

    def choose(self, window: Window) -> Action:
        legal = window.legal
        if len(legal) == 1:
            return legal[0]
        known, seat = knowledge(window.game), window.seat
        shortlist = self._shortlist(known, window.sample(), seat, legal)
        if len(shortlist) == 1:
            return shortlist[0]
        totals = [0.0] * len(shortlist)
        for _ in range(self.rollouts):
            sample = window.sample()
            seed = self.chance.next64()
            for i, action in enumerate(shortlist):
                trial = sample.clone()
                trial.apply(seat, action)
                totals[i] += self._rollout(known, trial, seat, Chance(seed))
        best = max(range(len(shortlist)), key=lambda i: (totals[i], -i))
        return shortlist[best]

    def _shortlist(self, known: BotKnowledge, base: State, seat: int, legal: list[Action]) -> \
            list[Action]:
        scored = []
        for index, action in enumerate(legal):
            trial = base.clone()
            trial.apply(seat, action)
            scored.append((-known.heuristic(trial, seat), index, action))
        scored.sort(key=lambda item: (item[0], item[1]))
        return [action for _, _, action in scored[:self.candidates]]

    def _rollout(self, known: BotKnowledge, state: State, seat: int, chance: Chance) -> float:
        for _ in range(MAX_ROLLOUT_STEPS):
            decision = state.decision()
            if decision is None:
                break
            actor = decision.seats[0]
            legal = state.candidate_actions(actor)
            if len(legal) > self.width:
                picks = [legal[chance.below(len(legal))] for _ in range(self.width)]
            else:
                picks = legal
            best, best_value = picks[0], float("-inf")
            for action in picks:
                trial = state.clone()
                trial.apply(actor, action)
                value = known.heuristic(trial, actor)
                if value > best_value:
                    best, best_value = action, value
            state.apply(actor, best)
        return known.heuristic(state, seat)
