"""The check that a bot reads nothing its seat may not know: it plays the same whatever
the true secrets (the hidden parts `hidden.py` names, redrawn by `determinized`), and
repeats itself for a seed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, Game
from stellwerk.core.session import Window
from stellwerk.testing.states import unfinished_states

from .hidden import HIDDEN


def richest_in_secrets(game_id: str) -> list[Any]:
    """The test states of a game still running, those with the most hidden parts for the
    deciding seat first (a pile of several cards, full hands): where a bot that peeked
    would most likely show it."""
    hidden = HIDDEN[game_id]
    ranked = sorted(unfinished_states(game_id), key=lambda item: -len(hidden(
        item[0], item[0].decision().seats[0])))
    return [state for state, _seats in ranked]


def same_play_whatever_the_secrets(game: Game, states: Iterable[Any],
                                   choose: Callable[[Window], Action], redraw: int) -> int:
    """At each of `states`, `choose` takes one legal action for the deciding seat: the
    same on the true state, on a redraw of what the seat cannot see (seed `redraw` plus
    the state's index) and on the true state again, and leaves the state as it was.
    Returns how many of the redraws differ in a hidden part."""
    hidden = HIDDEN[game.id]
    differed = 0
    for index, state in enumerate(states):
        seat = state.decision().seats[0]
        before = state.snapshot()
        other = state.determinized(seat, Chance(redraw + index))
        differed += hidden(other, seat) != hidden(state, seat)
        choices = [choose(Window(game, truth, seat, truth.candidate_actions(seat), Chance(5)))
                   for truth in (state, other, state)]
        assert choices[0] == choices[1] == choices[2]
        assert state.is_legal(seat, choices[0])
        assert state.snapshot() == before, "the choice changed the real state"
    return differed
