"""Railways' ISMCTS levels: `normal` and `hard` roll every playout out to the
end of the game, so their leaves are final scores rather than the heuristic's guess
(games/railways/rollout.py, docs/bots.md)."""

from __future__ import annotations

import pytest

from stellwerk.bots.levels import budget_for
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.games.railways.constants import ROUNDS

from ..contract.conftest import game_and_pack


def _rollout_steps(seed: int) -> int:
    """Decisions of one game played by the rollout policy from the start."""
    game, pack = game_and_pack("railways")
    state = game.new_state({}, seed, pack, 1)
    chance = Chance(seed)
    steps = 0
    while (decision := state.decision()) is not None:
        state.apply(0, knowledge(game).rollout_action(state, decision.seats[0], chance))
        steps += 1
    return steps


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_rollouts_reach_the_end_of_the_game_from_its_first_decision(level: str) -> None:
    # the dice, then at most two actions in each round; a rollout from the very first
    # decision must still end the game, or early decisions fall back on the heuristic
    game, _ = game_and_pack("railways")
    depth = budget_for(game, level).rollout_depth
    assert depth >= 1 + 2 * ROUNDS
    longest = max(_rollout_steps(seed) for seed in range(6))
    assert 1 + ROUNDS <= longest <= depth


def test_the_levels_search_more_from_easy_to_hard() -> None:
    game, _ = game_and_pack("railways")
    easy, normal, hard = (budget_for(game, level) for level in ("easy", "normal", "hard"))
    assert easy.rollout_depth == 0          # easy: the heuristic values the leaf at once
    assert easy.iterations < normal.iterations < hard.iterations
    assert normal.rollout_width == hard.rollout_width == 3
