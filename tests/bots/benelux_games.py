"""Benelux Rails games the bot tests share: the positions of a planner-led game, and the
check that a bot plays the same whatever the true secrets and repeats itself for a seed."""

from __future__ import annotations

from functools import cache

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.games.benelux_rails.phases import TURN
from stellwerk.games.benelux_rails.planner import PlannerBot
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.testing.states import game_and_pack

from ..contract.same_play import same_play_whatever_the_secrets

PLANNER = PlannerBot(Chance(0))


@cache
def planner_game(seed: int) -> tuple[tuple[BeneluxState, int, object], ...]:
    """(state, seat, the planner's action) at every decision of a planner-led game of
    two seats, up to 120 decisions."""
    game, pack = game_and_pack("benelux-rails")
    state = game.new_state({}, seed, pack, 2)
    assert isinstance(state, BeneluxState)
    out = []
    while len(out) < 120 and (decision := state.decision()) is not None:
        seat = decision.seats[0]
        action = PLANNER.decide(state, seat)
        if action is None or not state.is_legal(seat, action):
            action = ("end",)
        out.append((state.clone(), seat, action))
        state.apply(seat, action)
    return tuple(out)


def assert_same_play_whatever_the_secrets(bot: str, decisions: slice, redraw: int) -> None:
    """At the turns among `decisions` of planner game 0, `bot` (its seed fixed) plays
    the same whatever the true secrets (`same_play_whatever_the_secrets`)."""
    game, _ = game_and_pack("benelux-rails")
    turns = [state for state, _seat, _action in planner_game(0)[decisions]
             if state.phase == TURN]
    assert turns
    same_play_whatever_the_secrets(
        game, turns, lambda window: make_bot(bot, Chance(6), game).choose(window), redraw)
