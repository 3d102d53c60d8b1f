"""ISMCTS: information-set Monte Carlo tree search over the core contract.

Every iteration draws a fresh determinization from the bot's `Window` (the hidden
information redrawn from what its seat knows, `State.determinized`), walks the tree
down it, adds one node, plays a short rollout with the game's rollout policy
(`BotKnowledge.rollout_action`, the game's bot knowledge in `stellwerk.core.companions`)
and backs the outcome up.

Nodes are keyed by `(actor, State.info_key(actor))`: the information set of whoever
decides there (multi-observer in the sense of Cowling, Powley and Whitehouse 2012).
An opponent's node is therefore indexed by what *that opponent* could know in the
sampled world, never by the true secrets, and simultaneous orders (Linie 1) are simply
decisions whose actors cannot see each other's pending order. Because the contract
promises that `candidate_actions` depends only on the information set, a node's action
list is the same in every determinization and is listed once, on the node's second
visit (most nodes deep in a fragmented tree are visited once, and listing is the
expensive step for Linie 1 and Railways).

Progressive widening: a node considers only its first `WIDEN_BASE + WIDEN_C *
visits ** WIDEN_ALPHA` actions. At the root these are ordered by the game's heuristic
one action ahead (what the greedy bot does, so a small budget degrades to greedy);
deeper down, in a seeded random order. For non-enumerable games (`Game.enumerable`
False) the list itself is the game's sample, so widening is over the game's own
candidate generator.

Rollouts follow the game's policy (`BotKnowledge.rollout_action`); where the level's rollout
width is above 1, a step draws that many proposals from it and takes the one the
game's heuristic likes best one action ahead (epsilon-greedy: with probability
`EPSILON` the first proposal unjudged, so rollouts stay varied). At width 1 the game
plays the rollout itself (`BotKnowledge.rollout`: by default the same loop of `rollout_action`
and `apply`; Rail Line fuses it). Game knowledge thus
enters through the game's own policy and heuristic; this module names no game.
Two optional hooks of the game refine that: `BotKnowledge.search_actions` gives the actions a
node weighs (default: the candidate list as it is; Linie 1 puts its planner's orders in
place of its random sample) and `BotKnowledge.search_heuristic` values the leaves cut short and
orders the root (default: the game's heuristic); with the defaults the search is
the plain ISMCTS above. A game's own bot may search with knowledge of its own
(`ISMCTSBot.search`), as Benelux Rails' plan search does.

Leaves are valued per seat: at the end of the game by rank (1 for a sole winner, 0 for
last, ties shared) or, for a solo game, by the game's heuristic (its score at the end);
when a rollout is cut short, by each seat's heuristic margin over its best rival
(`margin_values`). UCB1's
exploration term is scaled by the range of values seen, so solo games whose heuristic
is a score work as well as rank utilities.

The budget is a number of iterations, so a bot with a seed plays reproducibly; the
named levels (`ismcts-easy`, `ismcts-normal`, `ismcts-hard`) come from
`bots/levels.py`, per game.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from stellwerk.bots.levels import Budget, budget_for
from stellwerk.core.chance import Chance
from stellwerk.core.companions import BotKnowledge, knowledge
from stellwerk.core.contract import Action, State
from stellwerk.core.session import Window

WIDEN_BASE = 4          # actions a fresh node considers
WIDEN_C = 1.0
WIDEN_ALPHA = 0.5       # considered actions grow with the square root of the visits
EXPLORATION = 0.7       # UCB1 constant, times the range of values seen
EPSILON = 0.1           # share of guided rollout steps that take a proposal unjudged


class Node:
    """Statistics of one information set: per action (in consideration order) the
    visits and the summed value for the node's actor."""

    __slots__ = ("actions", "counts", "totals", "visits")

    def __init__(self) -> None:
        self.actions: list[Action] | None = None    # listed on the second visit
        self.visits = 0
        self.counts: list[int] = []
        self.totals: list[float] = []

    def set_actions(self, actions: list[Action]) -> None:
        self.actions = actions
        self.counts = [0] * len(actions)
        self.totals = [0.0] * len(actions)


def seat_count(state: State) -> int:
    """Seats at the table (the contract's `State.seat_count`)."""
    return state.seat_count()


def leaf_values(known: BotKnowledge, state: State, seats: int) -> list[float]:
    """The value of `state` for every seat (see the module docstring)."""
    if seats == 1:
        return [known.search_heuristic(state, 0)]
    if state.is_over():
        ranks = state.result().ranks
        return [(seats - rank) / (seats - 1) for rank in ranks]
    return margin_values([known.search_heuristic(state, s) for s in range(seats)])


def margin_values(h: list[float]) -> list[float]:
    """Values of a position cut short, from the seats' heuristics `h`: 1/2 for a seat
    level with its best rival, towards 1 (0) the further ahead (behind) it is,
    relative to the size of the two values, so the game's scale does not matter and
    the values stay between the end's rank utilities (0 and 1). A margin, not only who
    is ahead, because most rollouts of a long game (Benelux Rails, Linie 1) are cut
    short and "slightly ahead" must not count as much as "far ahead"."""
    out = []
    for s, mine in enumerate(h):
        best = max(v for o, v in enumerate(h) if o != s)
        out.append(0.5 + 0.5 * (mine - best) / (abs(mine) + abs(best) + 1.0))
    return out


class ISMCTSBot:
    kind = "ismcts"
    level = "normal"

    def __init__(self, chance: Chance, budget: Budget | None = None) -> None:
        self.chance = chance
        self.budget = budget

    def choose(self, window: Window) -> Action:
        return self.search(window, knowledge(window.game))

    def search(self, window: Window, known: BotKnowledge) -> Action:
        """The search of this bot's level with the bot knowledge `known` (the game's own,
        or a game's bot's own view of the game)."""
        legal = window.legal
        if len(legal) == 1:
            return legal[0]
        budget = self.budget or budget_for(window.game, self.level)
        search = _Search(window, known, self.chance.fork(), budget)
        return search.run()


class _Search:
    def __init__(self, window: Window, known: BotKnowledge, chance: Chance,
                 budget: Budget) -> None:
        self.window = window
        self.known = known
        self.seat = window.seat
        self.chance = chance
        self.budget = budget
        self.tree: dict[Hashable, Node] = {}
        self.low = math.inf         # range of values seen, scales exploration
        self.high = -math.inf

    def run(self) -> Action:
        first = self.window.sample(self.chance)
        self.seats = seat_count(first)
        legal = self.known.search_actions(first, self.seat, self.window.legal)
        if len(legal) == 1:
            return legal[0]
        root = Node()
        root.set_actions(self._ordered_root(first, legal))
        self.tree[(self.seat, first.info_key(self.seat))] = root
        for i in range(self.budget.iterations):
            world = first if i == 0 else self.window.sample(self.chance)
            self._iterate(world)
        best = max(range(len(root.actions or ())),
                   key=lambda i: (root.counts[i], root.totals[i] / max(1, root.counts[i]), -i))
        assert root.actions is not None
        return root.actions[best]

    def _ordered_root(self, sample: State, legal: list[Action]) -> list[Action]:
        """The root's candidates, best first by the search's heuristic one action ahead
        on one sample (ties keep the game's order), so widening tries the promising
        first."""
        heuristic, seat = self.known.search_heuristic, self.seat
        scored = []
        for index, action in enumerate(legal):
            trial = sample.clone()
            trial.apply(seat, action)
            scored.append((-heuristic(trial, seat), index))
        scored.sort()
        return [legal[i] for _, i in scored]

    def _iterate(self, state: State) -> None:
        path: list[tuple[Node, int, int]] = []      # node, action index, actor
        tree = self.tree
        while True:
            decision = state.decision()
            if decision is None:
                break
            actor = decision.seats[0]
            key = (actor, state.info_key(actor))
            node = tree.get(key)
            if node is None:                         # a new leaf: add it, then roll out
                tree[key] = Node()
                tree[key].visits = 1
                break
            if node.actions is None:
                actions = self.known.search_actions(state, actor, state.candidate_actions(actor))
                self.chance.shuffle(actions)
                node.set_actions(actions)
            index = self._select(node)
            node.visits += 1
            state.apply(actor, node.actions[index])  # type: ignore[index]
            path.append((node, index, actor))
        values = self._rollout(state)
        for value in values:
            self.low = min(self.low, value)
            self.high = max(self.high, value)
        for node, index, actor in path:
            node.counts[index] += 1
            node.totals[index] += values[actor]

    def _select(self, node: Node) -> int:
        counts, totals = node.counts, node.totals
        width = min(len(counts), WIDEN_BASE + int(WIDEN_C * node.visits ** WIDEN_ALPHA))
        for i in range(width):
            if counts[i] == 0:
                return i
        scale = EXPLORATION * max(self.high - self.low, 1e-9)
        log_n = math.log(node.visits)
        best, best_value = 0, -math.inf
        for i in range(width):
            value = totals[i] / counts[i] + scale * math.sqrt(log_n / counts[i])
            if value > best_value:
                best, best_value = i, value
        return best

    def _rollout(self, state: State) -> list[float]:
        policy, chance = self.known.rollout_action, self.chance
        width = self.budget.rollout_width
        if width == 1:      # the plain loop, which a game may run faster (`BotKnowledge.rollout`)
            self.known.rollout(state, policy, chance, self.budget.rollout_depth)
            return leaf_values(self.known, state, self.seats)
        for _ in range(self.budget.rollout_depth):
            decision = state.decision()
            if decision is None:
                break
            actor = decision.seats[0]
            action = policy(state, actor, chance)
            if width > 1 and chance.below(1000) >= EPSILON * 1000:
                action = self._best_of(state, actor, action, width)
            state.apply(actor, action)
        return leaf_values(self.known, state, self.seats)

    def _best_of(self, state: State, actor: int, first: Action, width: int) -> Action:
        """The best of `width` proposals of the rollout policy (`first` among them) by
        the game's heuristic one action ahead; ties keep the earlier proposal."""
        policy, heuristic = self.known.rollout_action, self.known.heuristic
        proposals = [first]
        for _ in range(width - 1):
            action = policy(state, actor, self.chance)
            if action not in proposals:
                proposals.append(action)
        if len(proposals) == 1:
            return first
        best, best_value = first, -math.inf
        for action in proposals:
            trial = state.clone()
            trial.apply(actor, action)
            value = heuristic(trial, actor)
            if value > best_value:
                best, best_value = action, value
        return best


def level_bot(level: str) -> type[ISMCTSBot]:
    """The bot class for a named level (what `stellwerk.bots` registers)."""
    attributes: dict[str, Any] = {"kind": f"ismcts-{level}", "level": level}
    return type(f"ISMCTS{level.title()}", (ISMCTSBot,), attributes)


EasyISMCTS = level_bot("easy")
NormalISMCTS = level_bot("normal")
HardISMCTS = level_bot("hard")
