"""Benelux Rails games the bot tests share: the positions of a planner-led game, and the
check that a bot plays the same whatever the true secrets and repeats itself for a seed."""

from __future__ import annotations

from functools import cache

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.games.benelux_rails.phases import TURN
from stellwerk.games.benelux_rails.planner import PlannerBot
from stellwerk.games.benelux_rails.rules import BeneluxState
from stellwerk.testing.states import game_and_pack

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
    """At the turns among `decisions` of planner game 0, `bot` (its seed fixed) chooses a
    legal action, the same on the true state, on a redraw of what the seat cannot see
    (seeds `redraw`, `redraw` + 1, ...) and on the true state again, and changes nothing."""
    game, _ = game_and_pack("benelux-rails")
    positions = [item for item in planner_game(0)[decisions] if item[0].phase == TURN]
    assert positions
    for index, (state, seat, _action) in enumerate(positions):
        before = state.snapshot()
        other = state.determinized(seat, Chance(redraw + index))
        choices = []
        for truth in (state, other, state):
            window = Window(game, truth, seat, truth.candidate_actions(seat), Chance(5))
            choices.append(make_bot(bot, Chance(6), game).choose(window))
        assert choices[0] == choices[1] == choices[2]
        assert state.is_legal(seat, choices[0])
        assert state.snapshot() == before
