"""Benelux Rails' `plan-search-normal` and `plan-search-hard`: the generic ISMCTS,
handed its own choices and its own view of the rival (`PlanTable`). The two levels
differ only in how far they look: `normal` weighs the best two plans per train and
plays one more own turn at a leaf, `hard` the best three and two more turns, with more
iterations (`LEVELS`).

Why the search needs its own choices and value (docs/bots.md): the generic search over
the game's hooks (search_value.py; `easy` still uses it) weighs only the planner's
step, `end` and the deliveries, and values a leaf by its margin over the rival, whose
plan value depends on the rival's hand, which every determinization redraws. The value
differences between the planner's step and ending the turn (a few M) drown in that
noise, so it ends turns the planner would have used. Here both change:

- **The choices** (`plan_actions`): besides the planner's action, `end` and the
  deliveries, a step toward each of the seat's best few delivery plans (the planner's
  own move and build toward that plan's supply and destination), so the search can
  choose *which* delivery to work on, not only whether to work on the planner's.
- **The value** (`PlanTable.search_heuristic`): the seat's own value is
  `search_value.evaluate` after the planner plays out the turn and a few more, which
  reads only what the seat knows (its hand, the open cards, the board), and the rival's
  is its money, which is public. A leaf's value does not depend on the redrawn hands,
  so the search compares its own lines of play without noise; the rival plays the
  planner's action in the tree.

Each bot is one of the game's own bots (`BotKnowledge.bots`), a subclass of the generic
level bot that only hands the search this table instead of the game; the iterations are
the level's (`rollout.SEARCH_LEVELS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from stellwerk.bots.ismcts import HardISMCTS, ISMCTSBot, NormalISMCTS
from stellwerk.core.chance import Chance
from stellwerk.core.companions import BotKnowledge, knowledge
from stellwerk.core.contract import Action, State
from stellwerk.core.session import Window
from stellwerk.games.benelux_rails import search_value
from stellwerk.games.benelux_rails.phases import TURN
from stellwerk.games.benelux_rails.planner import PlannerBot, named, ranked_plans

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState

PLANS = 3            # `hard`: the best plans per train the search may step toward
LOOKAHEAD = 2       # `hard`: own turns the planner plays on after the current one, at a leaf
# level -> (plans, look-ahead). `normal` is cut to answer in under a second at its worst
# (a leaf costs the planner's play of the rest of the turn and the look-ahead's turns,
# a root choice per plan and train): docs/bots.md, "`normal` becomes a plan search".
LEVELS = {"normal": (2, 1), "hard": (PLANS, LOOKAHEAD)}
TURN_STEPS = 40      # bound on the decisions of one turn the planner finishes
_PLANNER = PlannerBot(Chance(0))     # decide() and its helpers draw no chance


def plan_steps(state: BeneluxState, seat: int, plans: int = PLANS) -> list[Action]:
    """The planner's move and build toward each of the best `plans` plans of each train
    (a second train's plans never the first one's best card)."""
    me = state.players[seat]
    out: list[Action] = []
    taken: tuple[int, ...] = ()
    for k in range(len(me.trains)):
        ranked = ranked_plans(state, seat, k, taken, plans)
        if ranked:
            taken = (*taken, ranked[0].card)
        for plan in ranked:
            if state.round > 1 and not me.turn_mode and me.trains[k].points > 0:
                move = _PLANNER.move_toward(state, seat, k, plan)
                if move is not None:
                    out.append(named(state, seat, k, move))
            if me.turn_mode != "buy" and state.budget(seat) > 0:
                build = _PLANNER.build_toward(
                    state, seat, [c for c in (plan.supply, plan.dest) if c >= 0])
                if build is not None:
                    out.append(build)
    return out


def plan_actions(state: BeneluxState, seat: int, listed: list[Action],
                 plans: int = PLANS) -> list[Action]:
    """What the search weighs at its root: the planner's action first, the steps toward the
    best plans (`plan_steps`) and the listed deliveries; `end` only where the planner
    ends (a turn ended with points or build money the planner would use is lost, and
    the value cannot tell it well enough: docs/bots.md). Each once and legal. Outside
    the turns (keep, start) the planner's choice alone."""
    planned = _PLANNER.decide(state, seat)
    if state.phase != TURN:
        return [planned] if planned is not None and state.is_legal(seat, planned) else listed
    wanted = [planned] if planned is not None else []
    wanted += plan_steps(state, seat, plans)
    wanted += [a for a in listed if a[0] == "deliver"]
    out: list[Action] = []
    for action in wanted:
        if action not in out and state.is_legal(seat, action):
            out.append(action)
    return out or planner_actions(state, seat, listed)


def planner_action(state: BeneluxState, seat: int) -> Action:
    planned = _PLANNER.decide(state, seat)
    if planned is None or not state.is_legal(seat, planned):
        return ("end",)
    return planned


def planner_actions(state: BeneluxState, seat: int, listed: list[Action]) -> list[Action]:
    """Below the root, in the tree, both seats play the planner's action."""
    if state.phase != TURN:
        return listed
    action = planner_action(state, seat)
    return [action] if state.is_legal(seat, action) else listed[:1]


def finish_turn(state: BeneluxState, seat: int, turns: int = 0) -> BeneluxState:
    """The state once the planner has played the rest of `seat`'s turn and `turns`
    more of its turns (a copy; the rival ends its turns at once, as its money, not its
    play, is what the leaf counts of it). A leaf where the rival is to act is valued
    as it stands (measured better than playing on from there too: docs/bots.md)."""
    if state.phase != TURN or state.active != seat:
        return state
    after = state.clone()
    left = turns
    for _ in range(TURN_STEPS * (turns + 1)):
        decision = after.decision()
        if decision is None or after.phase != TURN:
            break
        actor = decision.seats[0]
        if actor != seat:
            if left == 0:
                break
            left -= 1
            after.apply(actor, ("end",) if after.is_legal(actor, ("end",))
                        else planner_action(after, actor))
            continue
        after.apply(seat, planner_action(after, seat))
    return after


class PlanTable:
    """The game's bot knowledge as the plan search sees it from `seat` at one decision:
    its own choices
    at the root (`plan_actions`, the best `plans` plans per train), the planner's action
    everywhere else; its own value after the planner finishes its turn and `lookahead`
    more, the rival's its money at the root (public and the same in every
    determinization, so no redrawn hand adds noise to a leaf); everything else is the
    game's knowledge."""

    def __init__(self, known: BotKnowledge, seat: int, root: BeneluxState,
                 plans: int = PLANS, lookahead: int = LOOKAHEAD) -> None:
        self._known = known
        self._seat = seat
        self._root = root.info_key(seat)
        self._money = [float(p.money) for p in root.players]
        self._plans = plans
        self._lookahead = lookahead

    def __getattr__(self, name: str) -> Any:
        return getattr(self._known, name)

    def search_actions(self, state: State, seat: int, listed: list[Action]) -> list[Action]:
        benelux = cast("BeneluxState", state)
        if seat == self._seat and state.info_key(seat) == self._root:
            return plan_actions(benelux, seat, listed, self._plans)
        return planner_actions(benelux, seat, listed)

    def search_heuristic(self, state: State, seat: int) -> float:
        if seat != self._seat:
            return self._money[seat]
        benelux = cast("BeneluxState", state)
        return search_value.evaluate(finish_turn(benelux, seat, self._lookahead), seat)


def _choose_over_plans(bot: ISMCTSBot, window: Window) -> Action:
    """`bot`'s level searched over a `PlanTable` with the level's plans and look-ahead."""
    if len(window.legal) == 1:
        return window.legal[0]
    root = cast("BeneluxState", window.sample(Chance(0)))
    own = window.with_chance(bot.chance)
    plans, lookahead = LEVELS[bot.level]
    table = PlanTable(knowledge(window.game), window.seat, root, plans, lookahead)
    return bot.search(own, cast(BotKnowledge, table))


class PlanSearchNormal(NormalISMCTS):  # type: ignore[misc,valid-type]
    """`plan-search-normal`: the generic search at level `normal` over `PlanTable`."""

    kind = "plan-search-normal"

    def choose(self, window: Window) -> Action:
        return _choose_over_plans(self, window)


class PlanSearchHard(HardISMCTS):  # type: ignore[misc,valid-type]
    """`plan-search-hard`: the generic search at level `hard` over `PlanTable`."""

    kind = "plan-search-hard"

    def choose(self, window: Window) -> Action:
        return _choose_over_plans(self, window)
