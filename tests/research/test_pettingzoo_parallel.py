"""The PettingZoo parallel environment passes PettingZoo's own parallel API test for
every game and seat count, lets every seat that owes a Linie 1 order act in the same
step, names each valid index in the game's notation, refuses an index outside the mask
without changing anything, and plays a whole game to the engine's result."""

from __future__ import annotations

import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason="the research extra is not installed: pip install 'stellwerk[research]'")

from pettingzoo.test import parallel_api_test  # noqa: E402

from stellwerk.core.chance import Chance  # noqa: E402
from stellwerk.core.errors import BadOption  # noqa: E402
from stellwerk.games import game_ids, get_game  # noqa: E402
from stellwerk.research.pettingzoo_parallel import parallel_env  # noqa: E402
from stellwerk.research.returns import final_returns  # noqa: E402


def every_seat_count() -> list[tuple[str, int]]:
    return [(game_id, seats) for game_id in game_ids()
            for seats in range(get_game(game_id).min_seats, get_game(game_id).max_seats + 1)]


@pytest.mark.parametrize(("game_id", "seats"), every_seat_count())
def test_pettingzoos_parallel_api_test_passes(game_id: str, seats: int) -> None:
    # (PettingZoo's parallel_seed_test samples actions without the action mask, so it
    # does not apply to masked actions; the AEC environment's seed_test covers seeds)
    parallel_api_test(parallel_env(game_id, seats=seats), num_cycles=120)


def _choices(observations: dict, chance: Chance) -> dict[str, int]:
    chosen = {}
    for agent, o in observations.items():
        valid = [int(i) for i in o["action_mask"].nonzero()[0]]
        if valid:
            chosen[agent] = valid[chance.below(len(valid))]
    return chosen


def test_linie1_seats_order_in_the_same_step_and_the_game_ends_as_the_engine_says() -> None:
    env = parallel_env("linie1", seats=3)
    observations, infos = env.reset(seed=8)
    acting = [a for a, o in observations.items() if o["action_mask"].sum()]
    assert acting == ["seat_0", "seat_1", "seat_2"]  # sealed orders, all at once
    state = env.aec.state_
    assert state is not None
    words = env.aec.vocabulary
    assert words is not None
    for agent in acting:
        seat = int(agent.rsplit("_", 1)[1])
        assert infos[agent]["spelling"] == [
            env.aec.game.format_action(a) for a in state.candidate_actions(seat)]
        assert infos[agent]["chosen"] == []
        assert set(infos[agent]["action_meanings"]) == \
            {int(i) for i in observations[agent]["action_mask"].nonzero()[0]}
    chance = Chance(3)
    rewards: dict[str, float] = {}
    while env.agents:
        observations, rewards, terminations, _, infos = env.step(_choices(observations, chance))
    assert all(terminations.values())
    assert list(rewards.values()) == final_returns(state.result())
    assert sum(rewards.values()) == pytest.approx(0.0)


def test_an_index_outside_the_mask_is_refused_and_changes_nothing() -> None:
    env = parallel_env("rail-line", seats=2)
    observations, _ = env.reset(seed=4)
    state = env.aec.state_
    assert state is not None
    before = state.view(0), state.view(1)
    acting = next(a for a, o in observations.items() if o["action_mask"].sum())
    with pytest.raises(BadOption, match="valid indices"):
        env.step({acting: int(observations[acting]["action_mask"].argmin())})
    with pytest.raises(BadOption, match="valid indices"):
        env.step({})
    assert (state.view(0), state.view(1)) == before
