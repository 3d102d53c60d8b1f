"""What the bots know of Track Layers: how good a position looks to a seat.

The generic bots (random, greedy, search, ismcts) play any game through the contract;
greedy and the searches ask `heuristic`. It reads only what the seat knows (the
scores, its own hand, the track's end), so a bot never plays on a secret.
"""

from __future__ import annotations

from stellwerk.core.companions import BotKnowledge
from stellwerk.core.contract import State
from tests.toy_game.rules import ToyState


def heuristic(state: ToyState, seat: int) -> float:
    """The lead in points, plus a little for each own piece that fits the track now
    (a piece that fits is points to come)."""
    lead = state.scores[seat] - state.scores[1 - seat]
    fitting = sum(1 for length in state.hands[seat] if state.fits(length))
    return lead + 0.5 * fitting


class ToyKnowledge(BotKnowledge):
    hint_bot = "greedy"  # the terminal's `hint`: greedy sees far enough in so small a game

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, ToyState)
        return heuristic(state, seat)
